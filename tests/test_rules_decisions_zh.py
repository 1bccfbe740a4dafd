"""A choice stated in one Chinese sentence, read by the decision rules.

Chinese product names chosen for a part, a second change in one sentence, "就定 X，…", a value
set with 定成 or changed to ("心跳间隔现在 30 秒，改成 10 秒吧"), a tool replaced in the next
clause, second thoughts ("还是 X 吧"), deploying to a known host, and what is no choice.
"""

from __future__ import annotations

import pytest

from omp import rules
from omp.rules.phrases import cut_zh
from tests.extraction import _OPENING_ZH, _decisions_zh, _kept, _run, _said, _said_zh

# ---- second thoughts -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("那还是 TDengine 吧", "TDengine"),
        ("嗯 想了一下还是 TDengine 吧，国产的，客户要求信创", "TDengine"),
        ("我看还是 Kafka 吧", "Kafka"),
        ("我不确定用 MySQL 还是 Postgres", None),
        ("他们想改成 Kafka", None),
    ],
)
def test_a_second_thought_that_comes_back_to_a_choice_decides_it(sentence, choice):
    decided = rules.decision(sentence)
    assert (decided.choice if decided else None) == choice


# ---- a choice keeps only the name, a time of day keeps its topic ---------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("那还是 Pinia 不动。", "Pinia"),
        ("Pinia 吧", "Pinia"),
        ("on conflict 吧", None),
    ],
)
def test_a_chinese_choice_keeps_only_the_name(sentence, choice):
    decided = rules.decision(sentence)
    assert (decided.choice if decided else None) == choice


def test_a_time_of_day_chosen_keeps_what_it_is_the_time_of():
    decided = rules.decision("调度时间改成凌晨 3 点，2 点 MySQL 在做备份")
    assert decided is not None
    assert decided.choice == "调度时间 凌晨 3 点"


def test_the_second_half_of_an_either_or_question_decides_nothing():
    assert rules.decision("回测框架要不要换 backtrader？还是继续用我们自己的 vnpy fork") is None


# ---- a part, a name picked for it, and a name given up -------------------------------------------


def test_a_name_picked_for_a_part_with_xuan_is_a_decision_for_that_part():
    (d,) = _kept(_run(*_said_zh("数据库选 PostgreSQL 吧，MySQL 的 JSON 支持太弱。")), "decisions")
    assert d["choice"] == "PostgreSQL"
    assert d["title"] == "Use PostgreSQL for 数据库"


def test_a_name_given_up_with_buyao_yong_is_an_alternative_not_a_detail():
    (d,) = _kept(_run(*_said_zh("不要用 moment.js 了，统一换 dayjs。")), "decisions")
    assert d["choice"] == "dayjs"
    assert d["alternatives"] == ["moment.js"]
    assert d["title"] == "Use dayjs"  # not "Use dayjs for 统一：不要用 moment.js 了"


def test_what_a_part_uses_may_be_several_words_and_say_what_it_does():
    said = {
        "定时任务用 xxl-job 来调度。": ("xxl-job", "Use xxl-job for 定时任务"),
        "接口文档用 Swagger 生成。": ("Swagger", "Use Swagger for 接口文档"),
        "监控用 Prometheus + Grafana。": (
            "Prometheus + Grafana",
            "Use Prometheus + Grafana for 监控",
        ),
        "后台管理系统用 Ant Design Pro。": (
            "Ant Design Pro",
            "Use Ant Design Pro for 后台管理系统",
        ),
    }
    for sentence, (choice, title) in said.items():
        (d,) = _kept(_run(*_said_zh(sentence)), "decisions")
        assert (d["choice"], d["title"]) == (choice, title)


def test_how_the_project_runs_now_said_with_a_purpose_is_not_chosen():
    assert _kept(_run(*_said_zh("我们现在用 Jenkins 来部署，有点慢。")), "decisions") == []


def test_a_cloud_product_named_with_its_cloud_is_a_choice():
    (d,) = _kept(_run(*_said_zh("部署就放阿里云 ECS 吧，先不上容器。")), "decisions")
    assert d["choice"] == "阿里云 ECS"
    assert d["alternatives"] == ["容器"]


def test_a_plan_for_later_is_no_detail_of_the_choice_made_now():
    (d,) = _kept(_run(*_said_zh("那就先用 SQLite，等用户多了再换 PostgreSQL。")), "decisions")
    assert d["title"] == "Use SQLite"


def test_a_queue_technology_for_the_queue_is_a_decision_and_a_queue_name_is_not():
    for sentence, choice in (("消息队列用 Kafka。", "Kafka"), ("队列用 RabbitMQ。", "RabbitMQ")):
        (d,) = _kept(_run(*_said_zh(sentence)), "decisions")
        assert d["choice"] == choice, sentence
    for sentence in (
        "队列用 order-events。",
        "消息队列用 kafka-prod 这个集群。",
        "延迟队列用 rqueue。",
    ):
        assert _kept(_run(*_said_zh(sentence)), "decisions") == [], sentence


def test_a_topic_that_starts_with_a_word_of_agreement_keeps_its_first_character():
    for sentence, title in (
        ("对象存储用 MinIO。", "Use MinIO for 对象存储"),
        ("行情数据用 Kafka。", "Use Kafka for 行情数据"),
    ):
        (d,) = _kept(_run(*_said_zh(sentence)), "decisions")
        assert d["title"] == title, sentence
    (d,) = _kept(_run(*_said_zh("行，就用 Redis。")), "decisions")  # agreement still read as one
    assert d["title"] == "Use Redis"


# ---- Chinese product names -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "title"),
    [
        ("支付就接微信支付吧", "微信支付", "采用 微信支付"),
        ("推送用极光推送", "极光推送", "采用 极光推送"),
        ("决定用钉钉机器人发告警", "钉钉机器人", "采用 钉钉机器人（发告警）"),
        ("对象存储用阿里云 OSS", "阿里云 OSS", "采用 阿里云 OSS（对象存储）"),
        ("短信走腾讯云短信", "腾讯云短信", "采用 腾讯云短信"),
        ("告警通知走飞书机器人吧", "飞书机器人", "采用 飞书机器人（告警通知）"),
        ("短信验证码用腾讯云短信发", "腾讯云短信", "采用 腾讯云短信（短信验证码）"),
        ("图片存七牛云吧", "七牛云", "采用 七牛云（图片）"),
        ("地图用高德地图的 SDK", "高德地图", "采用 高德地图"),
    ],
)
def test_a_chinese_product_chosen_for_a_part_is_a_decision_cut_where_its_name_ends(
    sentence, choice, title
):
    (d,) = _decisions_zh(sentence)
    assert (d["choice"], d["title"]) == (choice, title)


def test_chinese_products_are_known_names_of_their_kind():
    assert rules.role_of_name("微信支付") == rules.role_of_name("stripe") == "payments"
    assert rules.role_of("推送就接个推吧") == "push"
    assert rules.role_of("决定用钉钉机器人发告警") == "im"
    assert rules.role_of("短信走腾讯云短信") == "sms"
    assert rules.technologies("小程序用微信小程序原生写") == ["微信小程序"]
    # "个推" is no name where "个" counts something: "这个推送", "一个推"
    assert rules.technologies("这个推送不太稳定，有一个推送渠道挂了") == []


def test_a_chinese_product_with_a_latin_component_or_inside_a_phrase_is_not_cut_or_a_stack():
    (d,) = _decisions_zh("地图就用高德 amap_flutter_map")
    assert d["choice"] == "高德 amap_flutter_map"  # the plugin is part of the name
    assert rules.scaffold_stack("对账服务骨架，拉支付宝账单") == {}  # bills fetched, no stack
    asked = ("assistant", "告警通道你想用钉钉还是飞书？")
    (d,) = _kept(_run(_OPENING_ZH, asked, ("user", "飞书，公司都在用飞书")), "decisions")
    assert (d["title"], d["alternatives"]) == ("采用 飞书", ["钉钉"])  # "都在用" is no part


def test_a_chinese_product_turned_down_in_the_same_sentence_is_the_alternative():
    (d,) = _decisions_zh("推送就接个推吧，极光太贵了")
    assert (d["choice"], d["alternatives"]) == ("个推", ["极光"])


def test_chinese_products_in_passing_talk_another_team_or_a_doubt_are_not_chosen():
    for sentence in (
        "用户用微信支付下单后回调没到，帮我查一下",
        "支付可以接微信支付或者支付宝，你觉得哪个好？",
        "我们之前用的是极光推送",
        "也许推送可以用个推",
        "要是短信走阿里云短信就好了",
        "隔壁组推送用的极光推送",
        "每个月还要导出对账单跟微信支付的账单对",
        "支付宝的回调验签失败了",
    ):
        assert _decisions_zh(sentence) == [], sentence


def test_a_second_chinese_product_in_the_sentence_is_a_further_choice_for_review():
    batch = _run(*_said_zh("支付用微信支付，推送用极光推送"))
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["微信支付"]
    assert [d["choice"] for d in _kept(batch, "decisions", "review")] == ["极光推送"]


# ---- a second change in one sentence -------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "version", "new", "old"),
    [
        ("把 Node 从 16 升级到 20 了，顺便把 npm 换成了 pnpm", ("node", "Node 20"), "pnpm", "npm"),
        ("upgraded Node to 20 and switched npm to pnpm", ("node", "Node 20"), "pnpm", "npm"),
        (
            "Bumped Python to 3.12 and swapped Poetry for uv.",
            ("python", "Python 3.12"),
            "uv",
            "Poetry",
        ),
    ],
)
def test_a_version_moved_and_a_tool_swapped_in_one_sentence_are_both_kept(
    sentence, version, new, old
):
    batch = _run(*_said_zh(sentence))
    stack = {k: v for e in _kept(batch, "project") for k, v in e.get("tech_stack", {}).items()}
    assert stack == dict([version])
    (d,) = _kept(batch, "decisions")
    assert (d["choice"], d["alternatives"]) == (new, [old])
    assert len(_kept(batch, "changelog")) == 1  # the work, reported once


def test_a_tool_swapped_alone_or_in_a_chinese_part_replaces_the_old_one():
    (d,) = _decisions_zh("我把 Jest 换成了 Vitest，测试都过了")
    assert (d["choice"], d["alternatives"]) == ("Vitest", ["Jest"])
    (d,) = _decisions_zh("推送把极光换成了个推，厂商通道更便宜")
    assert (d["choice"], d["alternatives"]) == ("个推", ["极光"])


def test_a_swap_not_made_or_of_things_of_other_kinds_is_no_swap():
    assert rules.swapped_tools("switch the cache to Redis") is None  # a part, then a tool
    assert rules.swapped_tools("把 Redis 换成了 pnpm") is None  # not of one kind
    assert rules.swapped_tools("changed the port to 8080") is None
    assert rules.swapped_tools("moved Postgres to RDS") is None  # where it runs
    for sentence in (
        "先别把 npm 换成 pnpm",
        "要不要把 npm 换成 pnpm？",
        "也许可以把 Jest 换成 Vitest",
    ):
        assert _decisions_zh(sentence) == [], sentence


# ---- "就定 X，…" ---------------------------------------------------------------------------------


def test_just_settling_on_a_name_with_more_after_it_decides_the_name():
    (d,) = _decisions_zh("backbone 就定 convnext_tiny，default.yaml 里的默认值改掉。")
    assert d["choice"] == "convnext_tiny"


@pytest.mark.parametrize(
    "sentence",
    [
        "backbone 要不要就定 convnext_tiny，你觉得呢？",
        "也许 backbone 就定 convnext_tiny，回头再看。",
        "backbone 就定下来，明天再跑。",  # no name
    ],
)
def test_settling_asked_about_tentative_or_on_no_name_decides_nothing(sentence):
    assert _decisions_zh(sentence) == []


# ---- a value set with 定成 -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "purpose"),
    [
        ("主题色定成 `#1F6FEB`，圆角 6px。", "#1F6FEB", "主题色"),
        ("日志级别就定成 INFO。", "INFO", None),
        ("分片键定为 user_id。", "user_id", None),
    ],
)
def test_a_value_set_with_ding_cheng_is_a_decision(sentence, choice, purpose):
    (d,) = _decisions_zh(sentence)
    assert d["choice"] == choice
    assert choice in d["title"]
    if purpose:
        assert purpose in d["title"]


@pytest.mark.parametrize(
    "sentence",
    [
        "主题色定成啥好？",
        "也许主题色定成 #fff",
        "这个函数名定成 foo_bar 你看行吗",
        "主题色定成蓝色的话会不会太亮",
    ],
)
def test_a_value_in_a_question_or_in_doubt_is_no_decision(sentence):
    assert _decisions_zh(sentence) == []


# ---- a tool replaced in the next clause ----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "old"),
    [
        ("之前推送用的极光，现在改成个推了。", "个推", "极光"),
        ("推送之前用的是极光，后来换成了个推，厂商通道也接了。", "个推", "极光"),
        ("之前用的 Redis，现在改成 Memcached 了。", "Memcached", "Redis"),
    ],
)
def test_a_tool_used_before_and_replaced_in_the_next_clause_is_a_switch(sentence, choice, old):
    (d,) = _decisions_zh(sentence)
    assert (d["choice"], d["alternatives"]) == (choice, [old])
    assert rules.swapped_tools(sentence) == (old, choice)


@pytest.mark.parametrize(
    "sentence",
    [
        "之前用的 Redis，现在改成每天清一次了。",  # no tool put in its place
        "之前用的 Redis，现在改成 MySQL 了。",  # not a tool of the same kind
        "之前是 MySQL，要不要改成 PostgreSQL？",  # a question
    ],
)
def test_a_later_change_that_puts_no_tool_of_the_kind_in_place_is_no_switch(sentence):
    assert rules.swapped_tools(sentence) is None
    assert _decisions_zh(sentence) == []


# ---- a tool used as a part -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "purpose"),
    [
        ("我们决定用EMQX做MQTT broker。", "EMQX", None),
        ("我们决定用 EMQX 做 MQTT broker。", "EMQX", None),
        ("决定用Redis做缓存。", "Redis", "缓存"),
        ("推送的别名就用 rider_id 做 alias。", "rider_id 做 alias", None),  # a value used as
    ],
)
def test_a_tool_used_as_a_part_is_the_choice(sentence, choice, purpose):
    (d,) = _decisions_zh(sentence)
    assert d["choice"] == choice
    if purpose:
        assert purpose in d["title"]


# ---- what is no choice ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "我靠，之前从自己的导出里截的。已经改密码了，fixture 我换成假数据。",
        "赶紧脱敏，换成假的。身份证就用全 0 那种测试号",
        "我们这边是 USD 换成 CNY 以后四舍五入到分。",
    ],
)
def test_test_data_in_place_of_real_data_or_what_happens_after_a_change_is_no_choice(sentence):
    assert _decisions_zh(sentence) == []


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("fixture 的数据库换成 SQLite。", "SQLite"),
        ("缓存改成 Redis，以后再考虑集群。", "Redis"),
    ],
)
def test_a_change_to_a_tool_stays_a_choice(sentence, choice):
    (d,) = _decisions_zh(sentence)
    assert d["choice"] == choice


# ---- a tool swapped with no spaces ---------------------------------------------------------------


def test_a_tool_swapped_for_another_with_no_spaces_is_a_swap():
    assert rules.swapped_tools("Redis换成Memcached了。") == ("Redis", "Memcached")
    assert rules.swapped_tools("之前用的Redis，现在改成Memcached了") == ("Redis", "Memcached")


# ---- the topic and the options of a choice -------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "title", "alternatives"),
    [
        ("缓存这块用 Redis，不用 Memcached。", "Use Redis for 缓存", ["Memcached"]),
        ("队列选 RabbitMQ 吧，Kafka 对我们来说太重。", "Use RabbitMQ for 队列", ["Kafka"]),
        ("就用 SQLite，Postgres 对现在来说有点太重了。", "Use SQLite", ["Postgres"]),
        # the option turned down is no detail of the choice
        ("测试用 pytest，不要 unittest。", "Use pytest for 测试", ["unittest"]),
    ],
)
def test_a_choice_has_its_plain_topic_and_the_option_turned_down(sentence, title, alternatives):
    assert [(d["title"], d.get("alternatives", [])) for d in _decisions_zh(sentence)] == [
        (title, alternatives)
    ]


# ---- deploying to a known host -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("部署到 Heroku。", "Heroku"),
        ("前端托管在 Vercel 上吧。", "Vercel"),
        ("后端就部署在 Railway 吧。", "Railway"),
    ],
)
def test_deploying_to_a_known_host_is_a_choice(sentence, choice):
    assert [d["choice"] for d in _decisions_zh(sentence)] == [choice]


@pytest.mark.parametrize(
    "sentence",
    [
        "部署到 Heroku 失败了。",
        "部署到 Heroku 了吗？",
        "我们之前部署到 Heroku，后来迁走了。",
        "后端部署在 Railway，",
    ],
)
def test_a_failed_past_asked_or_stated_deploy_is_no_choice(sentence):
    assert rules.decision(sentence) is None


# ---- a value changed to, its topic named with the old value --------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("心跳间隔现在 30 秒，改成 10 秒吧", "心跳间隔 10 秒"),
        ("tick 频率现在是 20Hz，太高了，改成 10Hz", "tick 频率 10Hz"),
        ("页面大小是 20 条，改成 50 条吧", "页面大小 50 条"),
        ("超时改成 10 秒吧", "超时 10 秒"),
    ],
)
def test_a_value_changed_to_is_of_the_topic_named_with_its_old_value(sentence, choice):
    decided = _kept(_run(*_said(sentence)), "decisions")
    assert [(d["choice"], d["title"]) for d in decided] == [(choice, f"采用 {choice}")]


@pytest.mark.parametrize(
    "sentence",
    ["现在 30 秒，改成 10 秒", "重试 3 次，改成 5 秒"],  # no topic; another unit
)
def test_a_value_alone_takes_no_topic_of_another_kind(sentence):
    decided = rules.decision(sentence)
    assert decided is not None and decided.choice in ("10 秒", "5 秒")


@pytest.mark.parametrize(
    "sentence",
    [
        "batch size 设成 8，一开 forward 就 CUDA OOM 了。",
        "一跑 migration 就 deadlock 了",
        "一旦超时就 fallback 了",
    ],
)
def test_what_happens_as_soon_as_something_is_done_is_no_choice(sentence):
    assert rules.decision(sentence) is None


@pytest.mark.parametrize(
    ("sentence", "choice"), [("统一就 Redis 了", "Redis"), ("队列就 BullMQ。", "BullMQ")]
)
def test_a_name_after_jiu_alone_is_still_chosen(sentence, choice):
    decided = rules.decision(sentence)
    assert decided is not None and decided.choice == choice


# ---- who speaks is no part of the system; a long rule is not cut inside a word -------------------


@pytest.mark.parametrize(
    ("sentence", "purpose"),
    [
        ("决定了，我们用 Kafka 做订单事件总线", "订单事件总线"),
        ("定了，咱们用 Redis 做会话存储", "会话存储"),
        ("决定了：大家统一用 pnpm", None),
        ("定了：前端用 React", "前端"),
    ],
)
def test_the_speaker_before_a_choice_is_not_what_it_is_for(sentence, purpose):
    decided = rules.decision(sentence)
    assert decided is not None
    assert decided.purpose == purpose
    assert decided.choice in ("Kafka", "Redis", "pnpm", "React")


def test_a_long_chinese_phrase_is_cut_before_its_next_step_not_inside_a_word():
    said = "所有的报表导出任务都放进后台队列里跑完然后把生成的文件上传到对象存储再发站内信通知运营"
    assert (
        cut_zh(said, 40) == "所有的报表导出任务都放进后台队列里跑完然后把生成的文件上传到对象存储"
    )
    assert cut_zh("短句不动", 40) == "短句不动"
    # no step word to cut before: a Latin name stays whole or goes whole
    named = "这个服务的全文检索以及商品搜索和订单搜索后面全部迁到 Elasticsearch"
    assert cut_zh(named, 34) == "这个服务的全文检索以及商品搜索和订单搜索后面全部迁到"


def test_a_rule_for_all_of_a_kind_keeps_its_words_whole():
    said = (
        "以后所有的订单导出任务统一用异步队列处理，"
        "完成后把结果文件上传到对象存储再通过站内信通知下载链接"
    )
    titles = [d["title"] for d in _decisions_zh(said)]
    assert titles, said
    assert all(not t.endswith("下载") for t in titles), titles


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("前端状态管理定 Zustand", "Zustand"),
        ("接口文档就定 OpenAPI 3.1", "OpenAPI 3.1"),
        ("我觉得还是上 ClickHouse 比较好，分析查询太慢了", "ClickHouse"),
        # fixed, agreed, made sure: no name set for a part
        ("版本固定 v2", None),
        ("这个我们再确定 Redis 能不能用", None),
    ],
)
def test_a_name_set_for_a_part_with_ding_and_a_choice_said_to_be_better(sentence, choice):
    decided = rules.decision(sentence)
    assert (decided.choice if decided else None) == choice


def test_what_not_to_do_from_now_on_is_a_rule_said_whole():
    [d] = _decisions_zh("以后别在CI里用docker-in-docker 跑扫描，我们runner不支持")
    assert d["title"] == "别在CI里用docker-in-docker 跑扫描"


@pytest.mark.parametrize(
    "sentence",
    [
        "以后别提 notarize 的事",
        "以后不要再问我了",
        "运营说以后别发短信",
        "以后别人给的文件编码都不一定",
        "以后别 cat .env 就行",
    ],
)
def test_what_not_to_say_or_someone_elses_rule_is_no_decision(sentence):
    assert _decisions_zh(sentence) == []


# ---- a Chinese product taken up outright ---------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("用腾讯云短信", "腾讯云短信"),
        ("那就用极光推送吧", "极光推送"),
        ("腾讯云短信吧，我们服务器都在腾讯云", "腾讯云短信"),
        ("还是接微信支付", "微信支付"),
        # a report about the product, not a choice of it
        ("用极光推送发不了", None),
        ("现在用极光推送，不好用", None),
    ],
)
def test_a_chinese_product_taken_up_outright_is_chosen(sentence, choice):
    decided = rules.decision(sentence)
    assert (decided.choice if decided else None) == choice


# ---- "都用 X", "全换 X", "用 X 就行", "你说的 X", a scoped package ---------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("都用 Forbid。", "Forbid"),
        ("用 csv 就行", "csv"),
        ("就用 Redis 就好了", "Redis"),
        ("用 @nestjs/schedule。但我们线上是 3 个副本，得加个分布式锁。", "@nestjs/schedule"),
        ("还是不要 ES 了，换你说的 Meilisearch 吧", "Meilisearch"),
        ("就用你推荐的 Caddy 吧", "Caddy"),
        ("pandas 不留了，全换 DuckDB.", "DuckDB"),
        ("那就固定用 gbk 读，不折腾了。", "gbk"),
        ("所以处理时间不行了，改事件时间。", "事件时间"),
        (
            "那 Lighthouse 方案作废，改 CVM S5.MEDIUM4 + 云数据库 MySQL 8.0 双节点，还是上海。",
            "CVM S5.MEDIUM4 + 云数据库 MySQL 8.0",
        ),
        ("KeyedProcessFunction，就这么定了，滑动窗口不要了。", "KeyedProcessFunction"),
        ("这个不行了，改天再说", None),
        # what the people have in common, no choice of a way
        ("我们都用过 Forbid", None),
    ],
)
def test_one_way_for_all_a_way_said_enough_the_one_named_and_scoped_packages_are_chosen(
    sentence, choice
):
    decided = rules.decision(sentence)
    assert (decided.choice if decided else None) == choice


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("schedule 02:30 可以, 但是上游 TMS 凌晨 2 点才结账，改成 03:00 保险点。", "03:00 保险点"),
     ("Redis is fine, but switch to Valkey 8 for the cache.", "Valkey 8")],
)  # fmt: skip
def test_a_value_agreed_then_changed_in_the_same_breath_is_the_changed_one(sentence, choice):
    decided = rules.decision(sentence)
    assert decided is not None and decided.choice == choice
