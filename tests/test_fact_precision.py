"""Project facts that are not the project's: they wait for review rather than being stored.

A sentence telling the person's own way of working names their tools ("我平时看集群都是 k9s");
names the lexicon does not know, alone, are as often the project's product or data as its tools
("我们 CRM 的订单模块要重构"); names compared or tried are options ("Vue 和 React 有什么区别",
"之前我们试了 Kafka"); a command line's flags are the arguments of one run
("torchrun --nproc_per_node=2 ..."); scores beside a metric are results ("mAP 0.71，
resnet_50 0.74"); values read off an error, a log or an example are what one run did or could
do; what an index uses ("索引用 ik_smart 分词") is no name of it; a tool the person means to
replace is no stack; another team's or project's names are theirs. The project's own stack and
settings stay stored.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.extraction import _kept, _run, _said


def _facts(sentence: str, section: str, action: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for facts in _kept(_run(*_said(sentence)), "project", action):
        found |= facts.get(section, {})
    return found


# ---- the person's own way of working -------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "section", "key"),
    [("跟你说一下我的习惯，我们组前端一律用 pnpm，别给我 npm 命令。", "tech_stack",
      "package_manager"),
     ("另外我一般都是 IntelliJ IDEA 加 Lombok 插件开发，照这个来。", "tech_stack", "editor"),
     ("我平时看集群都是 k9s，不太敲 kubectl get。", "config", "cluster")],
)  # fmt: skip
def test_a_tool_of_the_persons_own_way_waits_for_review(sentence, section, key):
    assert key not in _facts(sentence, section, "stored")
    assert key in _facts(sentence, section, "review")


@pytest.mark.parametrize(
    ("sentence", "key"),
    [("我们后端用的是 Go + Gin，部署在阿里云 ACK 上。", "backend"),
     ("The API is Django 5 with Celery workers on Redis.", "backend")],
)  # fmt: skip
def test_the_projects_stack_said_plainly_is_stored(sentence, key):
    assert key in _facts(sentence, "tech_stack", "stored")


@pytest.mark.parametrize(
    ("sentence", "key"),
    [("我们后端是 Python 3.12，依赖我习惯用 poetry 管，别给我 pip 的命令。", "language"),
     ("环境记一下：我们 JDK 是 21，构建用 Gradle 8，别再给我 Maven 的命令了。", "build_system")],
)  # fmt: skip
def test_the_projects_stack_before_the_persons_habit_is_stored(sentence, key):
    assert key in _facts(sentence, "tech_stack", "stored")


# ---- names the lexicon does not know, alone ------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "key"),
    [("我们 CRM 的订单模块要重构一下。", "crm"),
     ("我们组在做 GLDAS 的数据同化，输出是逐日的网格。", "gldas")],
)  # fmt: skip
def test_an_unknown_name_alone_is_no_stored_stack(sentence, key):
    assert key not in _facts(sentence, "tech_stack", "stored")


def test_an_unknown_name_beside_a_known_one_is_stored():
    stack = _facts("我们游戏服务端是 Skynet + Lua。", "tech_stack", "stored")
    assert stack.get("skynet") == "Skynet"


# ---- names compared, not used ---------------------------------------------------------------


def test_names_compared_are_no_stored_stack():
    assert _facts("框架这块 Vue 和 React 有什么区别，不知道用哪个", "tech_stack", "stored") == {}


# ---- what was tried ------------------------------------------------------------------------


def test_a_tool_tried_is_no_stored_stack():
    assert _facts("之前我们试了 Kafka，运维成本太高就放弃了。", "tech_stack", "stored") == {}


def test_a_tool_tested_is_the_stack():
    assert _facts("我们测试了 Kafka 集群的吞吐。", "tech_stack", "stored") == {"queue": "Kafka"}


# ---- the arguments of one run of a command -------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "keys"),
    [("开跑了：torchrun --nproc_per_node=2 train.py model.hidden_size=512", {"nproc_per_node"}),
     ("kicked off the import with python load.py --batch_size 500 --workers 4", {"batch_size"}),
     ("started the worker with celery -A app worker --concurrency=8", {"worker_--concurrency"})],
)  # fmt: skip
def test_a_setting_given_as_a_commands_flag_waits_for_review(sentence, keys):
    assert not keys & set(_facts(sentence, "config", "stored"))
    assert keys <= set(_facts(sentence, "config", "review"))


@pytest.mark.parametrize(
    ("sentence", "config"),
    [("max_connections 定成 300，statement_timeout 30s。",
      {"max_connections": "300", "statement_timeout": "30s"}),
     ("set interval_sec 2 and max_intervals 15 in the server config", {"interval_sec": "2"})],
)  # fmt: skip
def test_a_setting_said_outright_is_stored(sentence, config):
    assert config.items() <= _facts(sentence, "config", "stored").items()


# ---- results measured beside a metric ---------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    ["eval 跑完了，mAP 0.70，swin_tiny 0.74，res_net50 0.72",
     "results: effnet_b3 0.861, deit_small 0.874 top1",
     "准确率出来了 bert_wwm 0.912，macbert_base 0.905",
     "val_acc 0.93 for lora_r8, lora_r16 0.94"],
)  # fmt: skip
def test_scores_beside_a_metric_are_no_settings(sentence):
    assert _facts(sentence, "config", "stored") == {}
    assert _facts(sentence, "config", "review") == {}


@pytest.mark.parametrize(
    ("sentence", "config"),
    [("ema_decay 0.999, label_smoothing 0.1, f1 on dev is 0.88", {"ema_decay": "0.999"}),
     ("召回那步 similarity_cutoff 0.75，rerank 之后 acc 0.9", {"similarity_cutoff": "0.75"}),
     ("top_p 0.9 and temperature_decay 0.95", {"top_p": "0.9"})],
)  # fmt: skip
def test_a_tuned_value_beside_a_score_stays_a_setting(sentence, config):
    assert config.items() <= _facts(sentence, "config", "stored").items()


# ---- values read off an error, a log or an example ----------------------------------------


@pytest.mark.parametrize(
    ("sentence", "key"),
    [("报错了：ReadTimeout: retries=5 exhausted, timeout=15", "retries"),
     ("日志里一直打印 pool_size=8，然后连接就满了", "pool_size"),
     ("启动时控制台显示 max_workers=2 ，不知道哪来的", "max_workers"),
     ("es 报 max_result_window=10000 超了", "max_result_window"),
     ("got a ValueError, chunk_size=4096 is too large", "chunk_size"),
     ("stderr keeps saying queue_depth=500, weird", "queue_depth"),
     ("比如 page_size=50 这种就行，你自己定", "page_size"),
     ("e.g. `max_inflight = 32` or so", "max_inflight"),
     ("In the docs they use retries=5 as an example.", "retries"),
     ("文档里写的是 max_conn=100", "max_conn"),
     ("控制台提示了 max_conn=100", "max_conn")],
)  # fmt: skip
def test_a_value_read_off_an_error_a_log_or_an_example_waits_for_review(sentence, key):
    assert key not in _facts(sentence, "config", "stored")
    assert key in _facts(sentence, "config", "review")


@pytest.mark.parametrize(
    ("sentence", "config"),
    [("the errors stopped once I set max_retries to 6", {"max_retries": "6"}),
     ("报错之后我把 pool_size 设成 30 了", {"pool_size": "30"}),
     ("log retention 14 days", {"retention": "14 days"}),
     # what the product shows its user is no output read ("就提示失败")
     ("轮询间隔 3 秒，超过 5 分钟就提示失败", {"poll_interval": "3 秒"})],
)  # fmt: skip
def test_a_value_set_beside_an_error_is_stored(sentence, config):
    assert config.items() <= _facts(sentence, "config", "stored").items()


def test_an_error_code_is_no_stored_name():
    found = _facts("the error code we get is err-quota-exceeded", "config", "stored")
    assert "err-quota-exceeded" not in found.values()


# ---- what a resource uses, not its name ----------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    ["商品索引用 ik_smart 分词", "订单表用 utf8mb4_bin 排序", "topic 用 user-id 分区",
     "消费组用 cooperative-sticky 来分配"],
)  # fmt: skip
def test_what_a_resource_uses_to_do_something_is_no_name_of_it(sentence):
    assert _facts(sentence, "config", "stored") == {}


@pytest.mark.parametrize(
    ("sentence", "config"),
    [("队列用 mail-jobs，别再建新的", {"queue": "mail-jobs"}),
     ("表用 t_order_2025 存订单", {"table": "t_order_2025"}),
     ("索引名是 goods_v3", {"index": "goods_v3"})],
)  # fmt: skip
def test_a_resource_named_is_stored(sentence, config):
    assert config.items() <= _facts(sentence, "config", "stored").items()


# ---- a tool the person means to replace ----------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    ["用的是 RabbitMQ，运维太累，想换个方案", "项目里用的 Gulp 太老了，准备换掉",
     "目前是 Vuex，写着啰嗦，打算换成别的", "we're on CircleCI atm but want to move off it",
     "we use Heroku today and plan to replace it soon"],
)  # fmt: skip
def test_a_tool_the_person_means_to_replace_is_no_stored_stack(sentence):
    assert _facts(sentence, "tech_stack", "stored") == {}


@pytest.mark.parametrize(
    ("sentence", "key"),
    [("用的是 RabbitMQ，挺稳的", "queue"), ("我们用的是 Vue 3，想换个 UI 库", "frontend"),
     ("we're on CircleCI and it works fine", "ci")],
)  # fmt: skip
def test_a_tool_kept_is_stored(sentence, key):
    assert key in _facts(sentence, "tech_stack", "stored")


# ---- another project's or team's things ----------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "section"),
    [("上个项目的仓库叫 legacy-crm-api", "config"),
     ("another team's queue is called invoice-events", "config"),
     ("at my last job the bucket is called raw-uploads-eu", "config"),
     ("their repo lives at gitlab.com/acme/ops-tools", "paths"),
     ("上一个项目数据库用的 MongoDB", "tech_stack")],
)  # fmt: skip
def test_another_projects_things_wait_for_review(sentence, section):
    assert _facts(sentence, section, "stored") == {}
    assert _facts(sentence, section, "review") != {}


@pytest.mark.parametrize(
    ("sentence", "ours", "theirs"),
    [("隔壁组的 bucket 是 team-b-assets，我们的 bucket 是 shop-media-prod", "shop-media-prod",
      "team-b-assets"),
     ("another team's service is called billing-core, ours is called ledger-api", "ledger-api",
      "billing-core")],
)  # fmt: skip
def test_our_clause_beside_another_teams_is_stored(sentence, ours, theirs):
    assert list(_facts(sentence, "config", "stored").values()) == [ours]
    assert list(_facts(sentence, "config", "review").values()) == [theirs]


@pytest.mark.parametrize(
    ("sentence", "key"),
    [("按你给的 page_size=25 试了下，还是慢", "page_size"),
     ("tried max_inflight 64 for a run, same latency", "max_inflight"),
     ("kubectl logs 里看到 replicas=2，yaml 明明写的 4", "replicas"),
     ("上次试了 batch_size=64 显存不够", "batch_size")],
)  # fmt: skip
def test_a_value_tried_or_seen_in_the_logs_waits_for_review(sentence, key):
    assert key not in _facts(sentence, "config", "stored")


def test_the_required_version_an_error_names_waits_for_review():
    sentence = "pip 报错说 requires Python 3.11，我们机器上是 3.9"
    assert "python" not in _facts(sentence, "tech_stack", "stored")


# ---- a setting's key is no product --------------------------------------------------------


@pytest.mark.parametrize("sentence", ["我们 warmup_ratio 0.05，剩下的默认", "我们 max_conns 150"])
def test_a_settings_key_after_we_is_no_stored_stack(sentence):
    assert _facts(sentence, "tech_stack", "stored") == {}


# ---- a project seen, not the one built -----------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    ["刷到一个开源项目叫 linkding，跟我们要做的很像", "came across an app called Tandoor on reddit",
     "my friend has a bot called Nightcrawler that does this", "客户那边有个系统叫 Helios，要对接"],
)  # fmt: skip
def test_the_name_of_a_project_seen_or_anothers_is_no_project_name(sentence):
    assert _facts(sentence, "project", "stored") == {}


@pytest.mark.parametrize(
    ("sentence", "name"),
    [("我在做一个记账小程序，叫 Coinly", "Coinly"),
     ("we're building a game called Mossfall", "Mossfall")],
)  # fmt: skip
def test_the_name_of_the_project_built_is_stored(sentence, name):
    assert _facts(sentence, "project", "stored") == {"name": name}


# ---- indexing and clustering said as what is done --------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    ["好，就按这个：索引用 ik_max_word，查询用 ik_smart", "索引 ik_max_word、检索 ik_smart",
     "partition by day, cluster user_id + event_name"],
)  # fmt: skip
def test_what_indexing_or_clustering_is_done_with_is_no_name(sentence):
    assert _facts(sentence, "config", "stored") == {}


def test_the_index_named_beside_no_query_is_stored():
    assert _facts("索引用 goods_v4，别动老的", "config", "stored") == {"index": "goods_v4"}


# ---- a Chinese stack described part by part ---------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        (
            "后端 Spring Boot 3，数据库 MySQL 8，缓存 Redis",
            {"backend": "Spring Boot 3", "database": "MySQL 8", "cache": "Redis"},
        ),
        (
            "后端 Django，缓存 Redis，队列 Celery",
            {"backend": "Django", "cache": "Redis", "jobs": "Celery"},
        ),
        (
            "我们后端是 Go，数据库用 PostgreSQL，消息队列用 Kafka。",
            {"language": "Go", "database": "PostgreSQL", "queue": "Kafka"},
        ),
    ],
)
def test_a_stack_described_part_by_part_is_the_stack_not_choices(sentence, stack):
    assert _facts(sentence, "tech_stack", "stored") == stack
    assert _kept(_run(*_said(sentence)), "decisions") == []


@pytest.mark.parametrize(
    "sentence",
    [
        "隔壁组后端是 Java，数据库 Oracle，我们不一样",
        "以前后端是 PHP，数据库 MySQL 5.7，去年重写了",
    ],
)
def test_another_or_an_earlier_stack_described_is_not_the_projects(sentence):
    assert _facts(sentence, "tech_stack", "stored") == {}


def test_parts_given_their_tools_without_saying_what_is_there_still_choose():
    decided = _kept(_run(*_said("数据库用 PostgreSQL，缓存用 Redis")), "decisions")
    assert [d["choice"] for d in decided] == ["PostgreSQL"]


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("后端是 Go，数据库用 PostgreSQL，缓存换成 Redis", "Redis"),
        ("后端 Spring Boot 3，数据库 MySQL 8，就用 Redis 做缓存吧", "Redis"),
    ],
)
def test_a_clause_that_chooses_still_chooses_beside_a_stack_described(sentence, choice):
    decided = _kept(_run(*_said(sentence)), "decisions")
    assert [d["choice"] for d in decided] == [choice]


def test_a_part_named_by_what_does_its_work_is_part_of_the_stack_described():
    sentence = "后端 Spring Boot 3，数据库 MySQL 8，缓存 Redis，用 Nacos 做配置中心"
    assert _kept(_run(*_said(sentence)), "decisions") == []
    assert "Nacos" in _facts(sentence, "tech_stack", "stored").values()


# ---- a party's, an example's, a machine's or a dependency's technology ---------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "对方用的是 Oracle，我们只能走他们给的接口拿数据。",
        "合作方的系统是 PHP 写的，数据库是 MySQL 5.6。",
        "The partner's app is built with Flutter.",
        "官方示例用的是 Express，我照着改的。",
        "这个教程用的是 Vue 2，跟我们的写法不一样吧？",
        "The official quickstart is Next.js 14 with the app router.",
        "我之前做过的一个项目是 Flask + Celery + Redis。",
        "我 Mac 上的 Python 是 3.8。",
        "CI 的 runner 上是 Node 18。",
        "My machine runs Node 20.",
        "这个 SDK 内部用的是 OkHttp 3。",
        "日志里写的是 Spring Boot 2.7.3 启动失败。",
        "The stack trace shows Hibernate 5.6 and Spring 5.3.",
        "我们对接的那家物流公司用的是 .NET Framework 4.8。",
    ],
)
def test_a_technology_that_is_not_the_projects_is_no_stored_stack(sentence):
    assert _facts(sentence, "tech_stack", "stored") == {}


def test_a_stack_told_as_what_many_teams_use_is_no_stored_stack():
    turns = [*_said("好的"), ("assistant", "比如很多团队的技术栈是 Spring Boot + MySQL + Redis。")]
    assert [f for f in _kept(_run(*turns), "project") if "tech_stack" in f] == []


@pytest.mark.parametrize(
    ("sentence", "key"),
    [("我们后端参考官方示例，用的是 Express。", "backend"),
     ("Unlike the tutorial, our backend is NestJS with TypeORM.", "backend"),
     ("第三方登录用的是 Auth0，支付用的是 Stripe。", "auth"),
     ("我们的数据库是 PostgreSQL 15，客户那边是 Oracle。", "database"),
     ("我们的 demo 后端是 Flask。", "backend"),
     ("I checked it in DBeaver; the database is MySQL 8.0.", "database")],
)  # fmt: skip
def test_the_projects_stack_beside_anothers_is_stored(sentence, key):
    assert key in _facts(sentence, "tech_stack", "stored")


@pytest.mark.parametrize(
    ("sentence", "section"),
    [("对方接口的超时是 5 秒，限流是 100 QPS。", "config"),
     ("合作方的服务叫 pay-center，数据库叫 pay_db。", "config"),
     ("The tutorial sets max_connections=200 in postgresql.conf.", "config")],
)  # fmt: skip
def test_a_partys_or_an_examples_settings_wait_for_review(sentence, section):
    assert _facts(sentence, section, "stored") == {}
    assert _facts(sentence, section, "review") != {}


@pytest.mark.parametrize(
    "sentence",
    [
        "我们对接的银行系统是 Java 6 写的，接口是 SOAP。",
        "听说字节用的是 Go + Kitex + Hertz。",
        "All the tutorials I found use Express 4 and MongoDB 6.",
    ],
)
def test_hearsay_tutorials_and_systems_integrated_with_are_no_stored_stack(sentence):
    assert _facts(sentence, "tech_stack", "stored") == {}


def test_a_typical_stack_the_assistant_describes_is_no_stored_stack():
    turns = [*_said("ok"), ("assistant", "A typical Rails app runs Puma with Sidekiq and Redis.")]
    assert [f for f in _kept(_run(*turns), "project") if "tech_stack" in f] == []


def test_the_tutorials_an_opening_message_reads_wait_for_review():
    turns = [("user", "I'm reading some old Django 2 tutorials and they all use url(). Still ok?")]
    stored = [f for f in _kept(_run(*turns), "project") if "tech_stack" in f]
    assert stored == []
    assert [f for f in _kept(_run(*turns), "project", "review") if "tech_stack" in f] != []


# ---- the least version a feature needs ------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "version"),
    [("Hmm, that view is iOS 17+ only and we're on 16.", "iOS 17"),
     ("这个写法需要 Node 20 以上，我们这边是 18。", "Node 20")],
)  # fmt: skip
def test_the_least_version_a_feature_needs_is_not_the_projects(sentence, version):
    assert version not in _facts(sentence, "tech_stack", "stored").values()
