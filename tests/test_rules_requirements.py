"""Rules and requirements a person states, each a decision titled by itself.

Requirements ("we need every endpoint to be idempotent"), a rule for every part of a kind, ways
of doing things, rules said of the repository, what a kind of thing must be, a team's rules said
as a contributing guide, meeting conclusions, in English and in Chinese; and the wishes, tasks,
complaints and questions that set no rule.
"""

from __future__ import annotations

import pytest

from omp import rules
from tests.extraction import (
    _choices,
    _choices_said,
    _chosen,
    _decisions_zh,
    _kept,
    _run,
    _said,
    _said_zh,
)

# ---- requirements the person sets ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "rule"),
    [
        (
            "I want the API to return errors as RFC 7807 problem JSON.",
            "The API should return errors as RFC 7807 problem JSON",
        ),
        ("We need every endpoint to be idempotent.", "Every endpoint must be idempotent"),
        ("I want all timestamps stored in UTC.", "All timestamps should be stored in UTC"),
        (
            "We need all endpoints to require authentication.",
            "All endpoints must require authentication",
        ),
        ("I want every commit signed.", "Every commit should be signed"),
        (
            "I'd like all API errors to include a request_id field, so we can trace them.",
            "All API errors should include a request_id field",
        ),
        (
            "I want our CLI to always exit non-zero on errors.",
            "Our CLI should always exit non-zero on errors",
        ),
        (
            "We need no service to talk to another service's database.",
            "No service should talk to another service's database",
        ),
    ],
)
def test_a_requirement_the_person_sets_is_a_decision_titled_by_itself(sentence, rule):
    (d,) = _kept(_run(*_said(sentence)), "decisions")
    assert d["title"] == rule
    assert d["choice"] == rule


@pytest.mark.parametrize(
    "sentence",
    [
        "I want you to explain how the cache works.",
        "I need a quick fix for the login bug.",
        "Do we need every endpoint to be idempotent?",
        "I want to understand why the build fails.",
        "I need all tests to pass before you commit.",
        "I want all the lint errors fixed.",
        "We need the staging DB migrated to Postgres 16.",
        "I need the PR merged by Friday.",
        "I want the page to look nicer.",
        "We need the tests to be green again.",
        "I need the script to run faster.",
        "I want the output to be JSON.",
        "I want all the buttons to be blue.",
        "I need the CSV export to include the VAT column.",
        "i need the endpoint to return 201 instead of 200",
        "Eventually I want all services to use gRPC.",
        "If we need every endpoint to be idempotent, we'd need a key table.",
    ],
)
def test_a_wish_about_the_reply_a_task_or_a_question_is_no_requirement(sentence):
    assert _kept(_run(*_said(sentence)), "decisions") == []


# ---- a rule for every part of a kind -------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "title"),
    [
        (
            "Going forward, every endpoint returns errors as RFC 7807 problem details.",
            "Every endpoint returns errors as RFC 7807 problem details",
        ),
        (
            "From now on all services emit OpenTelemetry traces.",
            "All services emit OpenTelemetry traces",
        ),
    ],
)
def test_a_rule_for_every_part_going_forward_is_a_decision(sentence, title):
    assert [d["title"] for d in _kept(_run(*_said(sentence)), "decisions")] == [title]


def test_what_every_part_does_now_is_no_rule():
    assert _choices_said("All three endpoints return 500 right now.") == []


# ---- ways of doing things, and rules said as how things are kept ---------------------------------


@pytest.mark.parametrize(
    ("sentence", "title"),
    [
        (
            "Ok so for the retry logic let's use exponential backoff with jitter, max 5 attempts.",
            "Use exponential backoff with jitter",
        ),
        (
            "let's use optimistic locking for the stock counter.",
            "Use optimistic locking for stock counter",
        ),
        (
            "I think we should keep the API stateless and put sessions in Redis.",
            "Keep the API stateless",
        ),
        (
            "Money is stored as integer cents everywhere, never floats.",
            "Money is stored as integer cents",
        ),
        ("Timestamps are always stored in UTC everywhere.", "Timestamps are always stored in UTC"),
    ],
)
def test_a_way_of_doing_things_we_agree_on_is_a_decision(sentence, title):
    assert [d["title"] for d in _kept(_run(*_said(sentence)), "decisions")] == [title]


@pytest.mark.parametrize(
    "sentence",
    [
        "Let's use grep to find the callers.",  # a tool for a step
        "Let's use the staging DB for this.",  # an instance, not a way
        "Let's use more logging here.",
        "let's use print statements to debug",
        "Let's keep it simple.",
        "It is stored as JSON everywhere.",
        "Is money stored as cents everywhere?",
    ],
)
def test_a_step_a_platitude_or_a_question_is_no_decision(sentence):
    assert _choices_said(sentence) == []


# ---- Chinese rules and requirements --------------------------------------------------------------


def test_a_prohibition_or_a_rule_for_every_part_is_a_decision_titled_by_itself():
    said = {
        "从今天开始，禁止在 controller 里直接写 SQL。": "禁止在 controller 里直接写 SQL",
        "所有提交信息必须用英文写。": "所有提交信息必须用英文写",
        "不允许在代码里硬编码配置，统一放到 .env 里。": "不允许在代码里硬编码配置",
    }
    for sentence, rule in said.items():
        (d,) = _kept(_run(*_said_zh(sentence)), "decisions")
        assert d["choice"] == rule
        assert d["title"].startswith(rule)


def test_a_chore_complained_about_or_a_question_about_a_rule_is_no_decision():
    for sentence in (
        "每次部署都要手动清缓存，挺烦的。",
        "禁止在循环里查数据库吗",
        "禁止了 root 登录之后 ssh 就连不上了，怎么办",
        "不允许跨域的话前端调不通，先帮我看看。",
    ):
        assert _kept(_run(*_said_zh(sentence)), "decisions") == [], sentence


def test_a_rule_from_now_on_for_one_kind_of_thing_is_titled_by_itself():
    (d,) = _kept(_run(*_said_zh("以后 PR 至少要一个人 review 才能合并。")), "decisions")
    assert d["title"] == "PR 至少要一个人 review 才能合并"
    for sentence in (
        "以后要是流量大了必须加缓存。",
        "以后有空再看。",
        "运营说以后每周都要更关卡，这样搞不下去。",
    ):
        assert _kept(_run(*_said_zh(sentence)), "decisions") == [], sentence


def test_a_standard_everything_follows_is_a_decision():
    (d,) = _kept(_run(*_said_zh("代码风格统一按 Google Java Style。")), "decisions")
    assert d["choice"] == "Google Java Style"


def test_what_one_thing_may_only_be_done_by_is_a_rule_titled_by_itself():
    [decision] = _kept(_run(("user", "main 只能通过 PR 合并，禁止直接 push。")), "decisions")
    assert decision["title"] == "main 只能通过 PR 合并"
    assert rules.decision("我只能周末有空") is None
    assert rules.decision("这个接口只能内网访问吗？") is None


# ---- rules without a time word -------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "每个微服务都要有自己的数据库，不能共享",
        "所有接口都必须做鉴权",
        "日志统一用 JSON 格式",
        "所有接口都要鉴权，不能匿名访问",
        "每个服务都要有健康检查接口",
        "金额统一用 BigDecimal",
    ],
)
def test_a_rule_for_every_part_of_a_kind_is_a_decision_titled_by_itself(sentence):
    (d,) = _decisions_zh(sentence)
    assert d["title"] == d["choice"] == sentence


def test_we_before_a_rule_is_left_out_and_a_tool_for_all_keeps_its_name():
    (d,) = _decisions_zh("我们日志统一用 JSON 格式")
    assert d["title"] == "日志统一用 JSON 格式"
    (d,) = _decisions_zh("前端统一用 pnpm")
    assert (d["choice"], d["title"]) == ("pnpm", "Use pnpm")
    (d,) = _decisions_zh("QoS 统一用 1，不搞 0 和 2 混用了。")  # a value keeps its setting
    assert d["choice"] == "QoS 1"


def test_a_wish_a_question_a_condition_or_talk_to_the_assistant_is_no_rule():
    for sentence in (
        "要是每个服务都有自己的库就好了",
        "是不是所有接口都要鉴权？",
        "你要先读一下代码",
        "你要先读一下代码，然后再改",
        "每个字段都要写转换代码，太烦了",
        "每个月都要导出对账单",
        "如果每个微服务都要有自己的数据库，运维成本会很高",
        "每个微服务都要有自己的数据库的话，成本太高",
        "每个微服务都要有自己的数据库吗",
        "日志统一用 JSON 格式的话，grep 起来不方便",
        "他们组日志统一用 JSON 格式",
        "你统一用中文回复我",
    ):
        assert _decisions_zh(sentence) == [], sentence


# ---- a rule from now on --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("以后所有接口都返回统一的错误格式。", "所有接口都返回统一的错误格式"),
        ("今后所有金额都按分存。", "所有金额都按分存"),
    ],
)
def test_all_of_a_kind_from_now_on_is_a_rule_without_a_modal(sentence, choice):
    assert [d["choice"] for d in _decisions_zh(sentence)] == [choice]


@pytest.mark.parametrize(
    "sentence",
    [
        "以后所有人都知道了。",  # people, and a state reached
        "以后每个接口都加了鉴权。",  # work done
        "以后所有接口都挂了怎么办？",
        "以后所有接口都统一的话会不会太慢？",
    ],
)
def test_people_work_done_or_a_question_from_now_on_is_no_rule(sentence):
    assert rules.decision(sentence) is None


# ---- ways of doing things said in Chinese --------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("这个页面用服务端渲染吧，首屏速度更重要。", "服务端渲染", []),
        ("分页用游标分页吧。", "游标分页", []),
        ("库存扣减用乐观锁吧。", "乐观锁", []),
        ("乐观锁就行，不用分布式锁。", "乐观锁", ["分布式锁"]),
        ("单机就够了，不需要集群。", "单机", ["集群"]),
    ],
)
def test_a_way_said_in_chinese_is_a_choice(sentence, choice, alternatives):
    assert [(d["choice"], d.get("alternatives", [])) for d in _decisions_zh(sentence)] == [
        (choice, alternatives)
    ]


@pytest.mark.parametrize(
    "sentence", ["测试用手机扫码吧。", "你用中文回答吧。", "用这个吧。", "这样就行，不用改了。"]
)
def test_an_errand_a_pointer_or_a_go_ahead_is_no_way(sentence):
    assert rules.decision(sentence) is None


# ---- meeting notes -------------------------------------------------------------------------------

NOTES = """\
# 支付中台周会纪要

### 1. 网关选型
王强提议把 Nginx 换成 APISIX，理由是插件多。
**结论：继续使用 Nginx，APISIX 暂不引入，Q3 再评估。**

### 2. 幂等方案
**结论：幂等改为 Redis SETNX + 请求指纹（TTL 24 小时），数据库唯一索引作为兜底保留。**

### 3. 配置调整
- 支付回调超时设成 30 秒，重试 3 次，退避间隔 5s/30s/120s
- 对账任务每天凌晨 2 点跑，改成 3 点（避开 DBA 备份窗口）
"""


def test_the_conclusions_of_meeting_notes_are_decisions_titled_by_themselves():
    decided = {d["choice"]: d["title"] for d in _kept(_run(("user", NOTES)), "decisions")}
    assert decided == {
        "Nginx": "Use Nginx",
        "Redis SETNX + 请求指纹": "采用 Redis SETNX + 请求指纹",  # not the next section's settings
        "对账任务每天凌晨 3 点": "采用 对账任务每天凌晨 3 点",
    }


def test_the_section_a_heading_opens_takes_no_detail_of_the_decision_before():
    said = "就用 vue-i18n。默认语言 zh-CN，fallback 用 en。"
    (decision,) = _kept(_run(("user", said)), "decisions")
    assert decision["title"] == "Use vue-i18n: 默认语言 zh-CN; fallback 用 en"
    (apart,) = _kept(_run(("user", "就用 vue-i18n。\n\n## 部署\n\n默认语言 zh-CN。")), "decisions")
    assert apart["title"] == "Use vue-i18n"


# ---- rules said whole ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("金额一律 int64，单位是分，禁止用 float/double", "int64"),
     ("时间字段全部 timestamptz，存 UTC", "timestamptz"),
     ("never push to main", "never push to main"),
     ("every PR needs a test", "every PR needs a test"),
     ("all timestamps are RFC3339 in UTC", "all timestamps are RFC3339 in UTC"),
     ("no mocking the database", "no mocking the database"),
     ("squash merge only", "squash merge only"),
     ("all tests are green", None),
     ("local only", None)],
)  # fmt: skip
def test_rules_said_whole_and_what_every_one_of_a_kind_is(sentence, choice):
    decision = rules.decision(sentence)
    assert (decision.choice if decision else None) == choice


def test_never_push_to_main_is_a_rule_the_person_sets():
    [decision] = _kept(_run(("user", "never push to main")), "decisions")
    assert decision["title"] == "Never push to main"


@pytest.mark.parametrize(
    ("said", "title"),
    [("no mocking the database", "No mocking the database"),
     ("squash merge only", "Squash merge only"),
     ("every PR needs a test", "Every PR needs a test")],
)  # fmt: skip
def test_a_rule_said_whole_is_its_own_title(said, title):
    [decision] = _kept(_run(("user", said)), "decisions")
    assert decision["title"] == title


# ---- rules said of the repository ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("convention for this repo: wrap every returned error with fmt.Errorf, no pkg/errors",
         "wrap every returned error with fmt.Errorf"),
        ("money is always integer cents in this codebase, never floats or Decimal in the db.",
         "money is always integer cents"),
        ("timestamps are always UTC in this repo", "timestamps are always UTC"),
    ],
)  # fmt: skip
def test_a_rule_said_of_the_repository_is_a_decision(sentence, choice):
    assert [c for c, _ in _choices(("user", sentence))] == [choice]


@pytest.mark.parametrize(
    "sentence",
    [
        "the build is always red in this repo",
        "tests are always flaky in this repo",
        "migrations are never fast in this project",
        "why are ids always strings in this codebase?",
    ],
)
def test_a_complaint_about_the_repository_is_no_rule(sentence):
    assert _kept(_run(("user", sentence)), "decisions") == []


# ---- what a kind of thing must be ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("backoff must be exponential: base 2s, doubling, capped at 10 min",
         "backoff must be exponential"),
        ("so timestamps must always be UTC.", "timestamps must always be UTC"),
    ],
)  # fmt: skip
def test_what_a_kind_of_thing_must_be_is_a_rule(sentence, choice):
    assert [c for c, _ in _choices(("user", sentence))] == [choice]


@pytest.mark.parametrize(
    "sentence",
    [
        "the cache must be stale",
        "it must be the cache",
        "something must be off with the config",
        "config must be wrong somewhere",
        "sometimes it's always slow in this repo",
    ],
)
def test_a_guess_at_what_must_be_so_is_no_rule(sentence):
    assert _kept(_run(("user", sentence)), "decisions") == []


# ---- a team's rules, said as the list of a contributing guide ------------------------------------


@pytest.mark.parametrize(
    ("rule", "choice"),
    [
        ("main is protected, never push to main directly", "never push to main directly"),
        ("prod is fragile, always deploy behind a flag.", "always deploy behind a flag"),
    ],
)
def test_a_never_or_always_rule_after_its_ground_is_a_decision(rule, choice):
    assert _chosen(("user", rule)) == [choice]


@pytest.mark.parametrize(
    "text",
    ["if CI is red, always rerun it", "the API is fine, always has been",
     "the docs are old, never updated them", "I am new here, never used docker"],
)  # fmt: skip
def test_never_or_always_after_a_condition_or_of_the_past_is_no_rule(text):
    assert _chosen(("user", text)) == []


def test_a_convention_enforced_by_a_tool_is_a_decision():
    [choice] = _chosen(
        ("user", "conventional commits, enforced by commitlint in a commit-msg hook")
    )
    assert choice == "conventional commits"
    assert _chosen(("user", "is it enforced by commitlint?")) == []


def test_the_naming_set_for_branches_is_a_decision():
    [d] = _kept(_run(("user", "branch names: feat/<KEY>-short-desc, fix/<KEY>-short-desc")),
                "decisions")  # fmt: skip
    assert d["choice"] == "feat/<KEY>-short-desc" and "branch names" in d["title"]
    assert _chosen(("user", "what are the branch names?")) == []


def test_a_quoted_rule_made_the_one_everywhere_is_a_decision():
    turns = [
        ("user", "at least 2 approvals for billing"),
        ("assistant", "Updated."),
        ("user", 'one change: make it "at least 1 approval" everywhere, drop that rule'),
    ]
    assert "at least 1 approval" in _chosen(*turns)


# ---- rules and places said tersely ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "choice"),
    [
        ("no unwrap() outside tests.", "no unwrap"),
        ("no `console.log()` in prod code", "no console.log"),
    ],
)
def test_a_call_the_code_may_not_make_is_a_rule(text, choice):
    assert _chosen(("user", text)) == [choice]


def test_a_phrase_with_a_call_in_it_is_no_rule():
    assert _chosen(("user", "no idea what foo() does")) == []


@pytest.mark.parametrize(
    ("text", "choice", "topic"),
    [("uploads stay in S3, no reason to move them", "S3", "uploads"),
     ("the frontend stays on Vercel.", "Vercel", "frontend")],
)  # fmt: skip
def test_a_part_kept_where_it_is_on_a_known_name_is_a_decision(text, choice, topic):
    [d] = _kept(_run(("user", text)), "decisions")
    assert d["choice"] == choice and topic in d["title"]


@pytest.mark.parametrize(
    "text", ["it stays in memory", "users stay in the app", "we stay in touch"]
)
def test_staying_somewhere_that_is_no_technology_is_no_decision(text):
    assert _chosen(("user", text)) == []


# ---- rules listed after a lead -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "listed"),
    [
        ("再定两个规则：赠送的钱单独记在 bonus_balance，消费时先扣本金再扣赠送；退款只退本金，"
         "赠送的部分直接作废。另外帮我写个测试。",
         ["赠送的钱单独记在 bonus_balance，消费时先扣本金再扣赠送",
          "退款只退本金，赠送的部分直接作废"]),
        ("Two rules for the repo: files are snake_case; node names are PascalCase. Thanks",
         ["files are snake_case", "node names are PascalCase"]),
        ("Good. Naming rules for the repo so we stop arguing: files and folders snake_case, node "
         "names PascalCase, signals past tense.",
         ["files and folders snake_case", "node names PascalCase", "signals past tense"]),
        ("叠加不行，财务对账算不清楚。改成：同一订单只能用一张券，系统自动选最优惠的那张；运费不参与"
         "优惠这条保留。另外实付最低 0.01 元。",
         ["同一订单只能用一张券，系统自动选最优惠的那张", "运费不参与优惠这条保留"]),
        # the rules of something else, a question, a word that is no lead
        ("规则引擎用 drools 8.44", []),
        ("超时改成：30 秒？", []),
        ("what are the rules: a or b?", []),
    ],
)  # fmt: skip
def test_the_rules_a_message_lists_after_a_lead_are_each_a_rule(message, listed):
    assert rules.listed_rules(message) == listed


def test_each_listed_rule_is_a_decision_titled_by_itself():
    batch = _run(("user", "再定两个规则：赠送的钱单独记在 bonus_balance；退款只退本金。"))
    assert [d["title"] for d in _kept(batch, "decisions")] == [
        "赠送的钱单独记在 bonus_balance",
        "退款只退本金",
    ]


# ---- rules stated of a part with "should" or "must" ---------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "rule"),
    [
        ("The status endpoint should return a presigned URL valid for 15 minutes once the job "
         "is done.",
         "The status endpoint should return a presigned URL valid for 15 minutes once the job "
         "is done"),
        ("oh and ldflags should set main.version / main.commit / main.date, the version cmd "
         "reads those", "ldflags should set main.version / main.commit / main.date"),
        ("every PR should have a CHANGELOG entry", "Every PR should have a CHANGELOG entry"),
        # a person, a pronoun, a state of the work now, nothing concrete, a doubt or a question
        ("you should use Redis 7", None),
        ("it should be 30s", None),
        ("the tests should pass now", None),
        ("the button should be blue", None),
        ("maybe the cache should be 5m", None),
        ("min_size 2 should be fine", None),  # an opinion of a value, no rule
        ("binary name should be `snapname`", None),  # a value, for the settings to read
        ("should the API return 201?", None),
        ("if it fails the job should retry 3 times", None),
    ],
)  # fmt: skip
def test_a_rule_stated_of_a_part_with_should_or_must_is_read_as_written(sentence, rule):
    assert rules.modal_rule(sentence) == rule


def test_a_rule_stated_of_a_part_is_a_decision():
    batch = _run(("user", "ldflags should set main.version and main.commit, the version cmd "
                          "reads those."))  # fmt: skip
    [decision] = _kept(batch, "decisions")
    assert decision["title"] == "ldflags should set main.version and main.commit"
