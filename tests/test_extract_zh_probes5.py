"""Chinese sentences a developer types to a coding assistant, read by the extraction rules (5).

A topic said with 这块 / 这边, an option turned down as too heavy "for us", a rule from now on
without a modal, the command that starts the project locally, a port named after its number,
branches by role.
"""

from __future__ import annotations

import pytest

from omp import rules
from tests.test_extract import _kept, _run
from tests.test_extract_zh_probes2 import _OPENING, _decisions, _facts, _said

# ---- the topic and the options of a choice --------------------------------------------------


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
    assert [(d["title"], d.get("alternatives", [])) for d in _decisions(sentence)] == [
        (title, alternatives)
    ]


# ---- a rule from now on ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("以后所有接口都返回统一的错误格式。", "所有接口都返回统一的错误格式"),
        ("今后所有金额都按分存。", "所有金额都按分存"),
    ],
)
def test_all_of_a_kind_from_now_on_is_a_rule_without_a_modal(sentence, choice):
    assert [d["choice"] for d in _decisions(sentence)] == [choice]


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


# ---- commands, ports and branches -----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "command"),
    [
        ("本地跑 `make dev` 就能起来。", "make dev"),
        ("本地用 make dev 启动。", "make dev"),
        ("开发环境直接 `docker compose up` 即可启动。", "docker compose up"),
    ],
)
def test_the_command_that_starts_it_locally_is_the_dev_command(sentence, command):
    assert _facts(sentence).get("commands", {}).get("dev") == command


@pytest.mark.parametrize("sentence", ["本地用 make dev 启动不了。", "本地用 make dev 启动失败了。"])
def test_a_command_that_fails_to_start_is_a_trouble_not_a_command(sentence):
    assert "dev" not in _facts(sentence).get("commands", {})


@pytest.mark.parametrize(
    ("sentence", "port"),
    [("我们的服务跑在 8080 端口。", "8080"), ("网关监听在 9090 端口上。", "9090")],
)
def test_a_port_named_after_its_number_is_the_port(sentence, port):
    assert _facts(sentence).get("config", {}).get("port") == port


def test_a_port_asked_about_is_no_setting():
    assert rules.settings("是不是跑在 8080 端口？") == {}


def test_branches_named_by_role_in_chinese_are_settings():
    config = _facts("主分支是 main，开发在 dev 分支上。").get("config", {})
    assert config.get("main_branch") == "main"


# ---- where it runs, and a change of mind ----------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("部署到 Heroku。", "Heroku"),
        ("前端托管在 Vercel 上吧。", "Vercel"),
        ("后端就部署在 Railway 吧。", "Railway"),
    ],
)
def test_deploying_to_a_known_host_is_a_choice(sentence, choice):
    assert [d["choice"] for d in _decisions(sentence)] == [choice]


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


@pytest.mark.parametrize(
    ("first", "then", "kept", "dropped"),
    [
        ("部署到 Heroku。", "Heroku 涨价了，换成 Render 吧。", "Render", "Heroku"),
        ("图片存 S3。", "我们有 R2 的额度，图片改存 Cloudflare R2。", "Cloudflare R2", "S3"),
    ],
)
def test_a_switch_replaces_the_earlier_choice_of_its_role(first, then, kept, dropped):
    batch = _run(*_said(first), ("assistant", "好的。"), ("user", then))
    assert [(d["choice"], d.get("alternatives")) for d in _kept(batch, "decisions")] == [
        (kept, [dropped])
    ]


def test_a_clouds_product_has_the_role_of_the_product():
    assert rules.role_of("Cloudflare R2") == "storage"
    assert rules.role_of("Cloudflare") == "hosting"


def test_a_host_said_inside_a_description_of_the_project_is_a_fact_not_a_choice():
    s = "官网 wanderly-web 要做多语言，Next.js 14 App Router + TypeScript，部署在 Vercel。"
    assert rules.decision(s) is None


# ---- ways of doing things, and answers that give each option a part -------------------------


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
    assert [(d["choice"], d.get("alternatives", [])) for d in _decisions(sentence)] == [
        (choice, alternatives)
    ]


@pytest.mark.parametrize(
    "sentence", ["测试用手机扫码吧。", "你用中文回答吧。", "用这个吧。", "这样就行，不用改了。"]
)
def test_an_errand_a_pointer_or_a_go_ahead_is_no_way(sentence):
    assert rules.decision(sentence) is None


def test_each_offered_option_given_a_part_in_chinese_is_a_choice_for_it():
    batch = _run(
        _OPENING,
        ("assistant", "你倾向 REST 还是 gRPC？"),
        ("user", "服务之间用 gRPC，对外 API 用 REST。"),
    )
    assert [(d["title"], d.get("alternatives", [])) for d in _kept(batch, "decisions")] == [
        ("Use gRPC for 服务之间", []),
        ("Use REST for 对外 API", []),
    ]


# ---- addresses by environment, parts of the stack, object stores ----------------------------


def test_each_address_takes_the_environment_its_own_clause_names():
    s = "线上环境是 https://shop.example.cn，测试环境是 https://test.shop.example.cn。"
    deployment = _facts(s).get("deployment", {})
    assert deployment["production"]["url"] == "https://shop.example.cn"
    assert deployment["test"]["url"] == "https://test.shop.example.cn"
    assert "staging" not in deployment


def test_an_english_address_takes_the_environment_of_its_clause():
    found = rules.deployment("prod is https://a.com and staging is https://b.com")
    assert found is not None and (found.service, found.url) == ("production", "https://a.com")


def test_a_part_named_with_a_latin_word_in_a_stack_clause_is_read():
    stack = _facts("前端是 Vue 3 + Vite，UI 库用 Element Plus。").get("tech_stack", {})
    assert stack.get("ui_kit") == "Element Plus"


def test_a_chinese_object_store_named_alone_is_where_files_go():
    assert _facts("图片都存在七牛云。").get("tech_stack", {}).get("storage") == "七牛云"
    assert rules.stored_in("图片是怎么存到七牛云的？") is None
