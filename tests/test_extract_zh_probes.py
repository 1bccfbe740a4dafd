"""Chinese sentences a developer types to a coding assistant, read by the extraction rules."""

from __future__ import annotations

from omp import rules
from tests.test_extract import _kept, _run

_OPENING = ("user", "继续昨天的项目")
_READY = ("assistant", "好的，我们从哪里开始？")


def _said(*sentences: str) -> list[tuple[str, str]]:
    """The person's sentences, after an opening exchange (the first message is read apart)."""
    return [_OPENING, _READY, *(("user", s) for s in sentences)]


def test_an_option_picked_by_its_place_in_the_list_is_the_option_named():
    offer = (
        "有几个方案：\n1. Elasticsearch：功能全，但运维重\n2. Meilisearch：轻量，上手快\n"
        "3. PostgreSQL 全文检索：不用加组件"
    )
    for reply in ("选第二个吧，我们数据量不大。", "就用第2种方案。"):
        batch = _run(("user", "接下来要做搜索功能"), ("assistant", offer), ("user", reply))
        assert [d["choice"] for d in _kept(batch, "decisions")] == ["Meilisearch"], reply


def test_a_name_picked_for_a_part_with_xuan_is_a_decision_for_that_part():
    (d,) = _kept(_run(*_said("数据库选 PostgreSQL 吧，MySQL 的 JSON 支持太弱。")), "decisions")
    assert d["choice"] == "PostgreSQL"
    assert d["title"] == "Use PostgreSQL for 数据库"


def test_a_name_given_up_with_buyao_yong_is_an_alternative_not_a_detail():
    (d,) = _kept(_run(*_said("不要用 moment.js 了，统一换 dayjs。")), "decisions")
    assert d["choice"] == "dayjs"
    assert d["alternatives"] == ["moment.js"]
    assert d["title"] == "Use dayjs"  # not "Use dayjs for 统一：不要用 moment.js 了"


def test_a_prohibition_or_a_rule_for_every_part_is_a_decision_titled_by_itself():
    said = {
        "从今天开始，禁止在 controller 里直接写 SQL。": "禁止在 controller 里直接写 SQL",
        "所有提交信息必须用英文写。": "所有提交信息必须用英文写",
        "不允许在代码里硬编码配置，统一放到 .env 里。": "不允许在代码里硬编码配置",
    }
    for sentence, rule in said.items():
        (d,) = _kept(_run(*_said(sentence)), "decisions")
        assert d["choice"] == rule
        assert d["title"].startswith(rule)


def test_a_chore_complained_about_or_a_question_about_a_rule_is_no_decision():
    for sentence in (
        "每次部署都要手动清缓存，挺烦的。",
        "禁止在循环里查数据库吗",
        "禁止了 root 登录之后 ssh 就连不上了，怎么办",
        "不允许跨域的话前端调不通，先帮我看看。",
    ):
        assert _kept(_run(*_said(sentence)), "decisions") == [], sentence


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
        (d,) = _kept(_run(*_said(sentence)), "decisions")
        assert (d["choice"], d["title"]) == (choice, title)


def test_how_the_project_runs_now_said_with_a_purpose_is_not_chosen():
    assert _kept(_run(*_said("我们现在用 Jenkins 来部署，有点慢。")), "decisions") == []


def test_another_teams_stack_is_not_the_projects():
    batch = _run(*_said("隔壁组用的是 Kafka，我们不一定要跟他们一样。"))
    assert _kept(batch, "project") == []
    batch = _run(*_said("隔壁组用的是 Kafka，我们的消息队列是 RabbitMQ。"))
    assert [f["tech_stack"] for f in _kept(batch, "project")] == [{"queue": "RabbitMQ"}]


def test_where_logs_are_written_is_a_path_not_a_choice_of_its_place():
    batch = _run(*_said("日志统一输出到 /var/log/orderd/ 目录下。"))
    assert _kept(batch, "decisions") == []
    assert [f["paths"] for f in _kept(batch, "project")] == [{"logs": "/var/log/orderd/"}]
    (d,) = _kept(_run(*_said("日志统一输出到 stdout。")), "decisions")
    assert d["choice"] == "stdout"


def test_a_chinese_report_of_work_keeps_the_name_it_opens_with_as_written():
    for sentence, summary in (
        ("v2.3.0 昨天上线了。", "v2.3.0 昨天上线了"),
        ("npm 换成 pnpm 了。", "npm 换成 pnpm 了"),
    ):
        (w,) = _kept(_run(*_said(sentence)), "changelog")
        assert w["summary"] == summary
    (w,) = _kept(_run(*_said("fixed the login loop")), "changelog")
    assert w["summary"] == "Fixed the login loop"


def test_advice_to_add_a_named_tool_is_a_proposal_the_person_may_accept():
    advice = ("assistant", "建议加 Redis，热点数据缓存 10 分钟。")
    asked = ("user", "要不要加个缓存层？")
    (d,) = _kept(_run(asked, advice, ("user", "可以，就这么办。")), "decisions")
    assert d["choice"] == "Redis"
    batch = _run(asked, advice, ("user", "先不加了，等压测结果出来再说。"))
    assert _kept(batch, "decisions") == []
    assert [d["choice"] for d in _kept(batch, "decisions", "review")] == ["Redis"]


def test_a_size_limit_and_a_retry_count_are_settings():
    said = {
        "文件上传大小限制设为 10MB。": {"upload_max_size": "10MB"},
        "请求体大小限制 2M。": {"max_size": "2M"},
        "消息重试最多 3 次，间隔 5 秒。": {"retries": "3"},
    }
    for sentence, config in said.items():
        assert [f["config"] for f in _kept(_run(*_said(sentence)), "project")] == [config]


def test_the_stack_the_project_used_before_is_not_its_stack():
    batch = _run(*_said("我们之前用的是 Jenkins，现在迁到 GitHub Actions 了。"))
    assert not any("tech_stack" in f for f in _kept(batch, "project"))
    assert [w["type"] for w in _kept(batch, "changelog")] == ["refactor"]


def test_a_rule_from_now_on_for_one_kind_of_thing_is_titled_by_itself():
    (d,) = _kept(_run(*_said("以后 PR 至少要一个人 review 才能合并。")), "decisions")
    assert d["title"] == "PR 至少要一个人 review 才能合并"
    for sentence in (
        "以后要是流量大了必须加缓存。",
        "以后有空再看。",
        "运营说以后每周都要更关卡，这样搞不下去。",
    ):
        assert _kept(_run(*_said(sentence)), "decisions") == [], sentence


def test_a_standard_everything_follows_is_a_decision():
    (d,) = _kept(_run(*_said("代码风格统一按 Google Java Style。")), "decisions")
    assert d["choice"] == "Google Java Style"


def test_a_version_moved_from_one_to_another_is_the_stack_and_a_chore():
    batch = _run(*_said("上周把 Python 从 3.8 升到了 3.11。"))
    assert [f["tech_stack"] for f in _kept(batch, "project")] == [{"python": "Python 3.11"}]
    assert [w["type"] for w in _kept(batch, "changelog")] == ["chore"]


def test_a_cloud_product_named_with_its_cloud_is_a_choice():
    (d,) = _kept(_run(*_said("部署就放阿里云 ECS 吧，先不上容器。")), "decisions")
    assert d["choice"] == "阿里云 ECS"
    assert d["alternatives"] == ["容器"]


def test_each_clause_may_give_a_path_of_its_own_part():
    batch = _run(*_said("前端代码在 web/ 目录，后端在 server/ 目录。"))
    assert [f["paths"] for f in _kept(batch, "project")] == [
        {"frontend": "web/", "backend": "server/"}
    ]


def test_a_command_the_project_runs_is_a_fact_not_a_choice():
    batch = _run(*_said("跑测试用 pnpm test，构建用 pnpm build。"))
    assert _kept(batch, "decisions") == []
    assert [f["commands"] for f in _kept(batch, "project")] == [
        {"test": "pnpm test", "build": "pnpm build"}
    ]
    (d,) = _kept(_run(*_said("测试框架用 Vitest。")), "decisions")
    assert d["choice"] == "Vitest"


def test_a_plan_for_later_is_no_detail_of_the_choice_made_now():
    (d,) = _kept(_run(*_said("那就先用 SQLite，等用户多了再换 PostgreSQL。")), "decisions")
    assert d["title"] == "Use SQLite"


def test_a_part_then_what_it_uses_in_a_stated_stack_is_a_fact():
    facts = _kept(_run(("user", "前端 React 18 + Vite，后端 NestJS，缓存用 Redis。")), "project")
    stack = {k: v for f in facts for k, v in f.get("tech_stack", {}).items()}
    assert stack["cache"] == "Redis" and stack["backend"] == "NestJS"


def test_what_one_thing_may_only_be_done_by_is_a_rule_titled_by_itself():
    [decision] = _kept(_run(("user", "main 只能通过 PR 合并，禁止直接 push。")), "decisions")
    assert decision["title"] == "main 只能通过 PR 合并"
    assert rules.decision("我只能周末有空") is None
    assert rules.decision("这个接口只能内网访问吗？") is None


def test_a_queue_technology_for_the_queue_is_a_decision_and_a_queue_name_is_not():
    for sentence, choice in (("消息队列用 Kafka。", "Kafka"), ("队列用 RabbitMQ。", "RabbitMQ")):
        (d,) = _kept(_run(*_said(sentence)), "decisions")
        assert d["choice"] == choice, sentence
    for sentence in (
        "队列用 order-events。",
        "消息队列用 kafka-prod 这个集群。",
        "延迟队列用 rqueue。",
    ):
        assert _kept(_run(*_said(sentence)), "decisions") == [], sentence


def test_a_topic_that_starts_with_a_word_of_agreement_keeps_its_first_character():
    for sentence, title in (
        ("对象存储用 MinIO。", "Use MinIO for 对象存储"),
        ("行情数据用 Kafka。", "Use Kafka for 行情数据"),
    ):
        (d,) = _kept(_run(*_said(sentence)), "decisions")
        assert d["title"] == title, sentence
    (d,) = _kept(_run(*_said("行，就用 Redis。")), "decisions")  # agreement still read as one
    assert d["title"] == "Use Redis"
