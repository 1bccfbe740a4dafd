"""More Chinese (and mixed) sentences a developer types to a coding assistant.

Chinese product names chosen for a part, a second change in one sentence, rules said without a
time word, and the HTTP routes of the service.
"""

from __future__ import annotations

from typing import Any

import pytest
from ruamel.yaml import YAML

from omp import rules
from omp.paths import MemoryRoot
from tests.helpers import omp_ok
from tests.test_extract import _kept, _run

_OPENING = ("user", "继续昨天的项目")
_READY = ("assistant", "好的，我们从哪里开始？")


def _said(*sentences: str) -> list[tuple[str, str]]:
    """The person's sentences, after an opening exchange (the first message is read apart)."""
    return [_OPENING, _READY, *(("user", s) for s in sentences)]


def _decisions(*sentences: str) -> list[dict[str, Any]]:
    return _kept(_run(*_said(*sentences)), "decisions")


def _facts(*sentences: str) -> dict[str, Any]:
    """The project facts stored, merged by section."""
    merged: dict[str, Any] = {}
    for entry in _kept(_run(*_said(*sentences)), "project"):
        for section, values in entry.items():
            merged.setdefault(section, {}).update(values)
    return merged


# ---- 1. Chinese product names ------------------------------------------------------------------


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
    (d,) = _decisions(sentence)
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
    (d,) = _decisions("地图就用高德 amap_flutter_map")
    assert d["choice"] == "高德 amap_flutter_map"  # the plugin is part of the name
    assert rules.scaffold_stack("对账服务骨架，拉支付宝账单") == {}  # bills fetched, no stack
    asked = ("assistant", "告警通道你想用钉钉还是飞书？")
    (d,) = _kept(_run(_OPENING, asked, ("user", "飞书，公司都在用飞书")), "decisions")
    assert (d["title"], d["alternatives"]) == ("采用 飞书", ["钉钉"])  # "都在用" is no part


def test_a_chinese_product_turned_down_in_the_same_sentence_is_the_alternative():
    (d,) = _decisions("推送就接个推吧，极光太贵了")
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
        assert _decisions(sentence) == [], sentence


def test_a_second_chinese_product_in_the_sentence_is_a_further_choice_for_review():
    batch = _run(*_said("支付用微信支付，推送用极光推送"))
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["微信支付"]
    assert [d["choice"] for d in _kept(batch, "decisions", "review")] == ["极光推送"]


# ---- 2. a second change in one sentence --------------------------------------------------------


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
    batch = _run(*_said(sentence))
    stack = {k: v for e in _kept(batch, "project") for k, v in e.get("tech_stack", {}).items()}
    assert stack == dict([version])
    (d,) = _kept(batch, "decisions")
    assert (d["choice"], d["alternatives"]) == (new, [old])
    assert len(_kept(batch, "changelog")) == 1  # the work, reported once


def test_a_tool_swapped_alone_or_in_a_chinese_part_replaces_the_old_one():
    (d,) = _decisions("我把 Jest 换成了 Vitest，测试都过了")
    assert (d["choice"], d["alternatives"]) == ("Vitest", ["Jest"])
    (d,) = _decisions("推送把极光换成了个推，厂商通道更便宜")
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
        assert _decisions(sentence) == [], sentence


# ---- 3. rules without a time word --------------------------------------------------------------


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
    (d,) = _decisions(sentence)
    assert d["title"] == d["choice"] == sentence


def test_we_before_a_rule_is_left_out_and_a_tool_for_all_keeps_its_name():
    (d,) = _decisions("我们日志统一用 JSON 格式")
    assert d["title"] == "日志统一用 JSON 格式"
    (d,) = _decisions("前端统一用 pnpm")
    assert (d["choice"], d["title"]) == ("pnpm", "Use pnpm")
    (d,) = _decisions("QoS 统一用 1，不搞 0 和 2 混用了。")  # a value keeps its setting
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
        assert _decisions(sentence) == [], sentence


# ---- 4. routes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "urls"),
    [
        ("健康检查路径是 /healthz", {"health_check": "/healthz"}),
        ("the health check endpoint is /healthz", {"health_check": "/healthz"}),
        ("回调地址是 /api/pay/notify", {"callback": "/api/pay/notify"}),
        ("the callback URL is /api/pay/notify", {"callback": "/api/pay/notify"}),
        (
            "支付回调地址是 /api/pay/notify，退款回调是 /api/pay/refund-notify",
            {"payment_callback": "/api/pay/notify", "refund_callback": "/api/pay/refund-notify"},
        ),
        (
            "The Stripe webhook endpoint is /api/webhooks/stripe.",
            {"stripe_webhook": "/api/webhooks/stripe"},
        ),
        ("我们的健康检查路径是 /healthz", {"health_check": "/healthz"}),
        ("健康检查走 /healthz 就行", {"health_check": "/healthz"}),
        ("登录接口是 /api/auth/login", {"login": "/api/auth/login"}),
        ("readiness probe path should be /readyz", {"readiness_probe": "/readyz"}),
    ],
)
def test_a_route_of_the_service_is_an_address_under_urls_not_a_path(sentence, urls):
    assert _facts(sentence) == {"urls": urls}


def test_a_path_on_disk_or_a_route_in_doubt_is_no_route():
    assert rules.route_facts("日志路径是 /var/log/app") == {}
    assert rules.route_facts("the config path is /etc/app/config.yaml") == {}
    assert rules.route_facts("模型路径是 /data/models/qwen") == {}
    assert rules.route_facts("前端路由是 /dashboard") == {}  # a page of the app
    assert _facts("健康检查路径要不要改成 /health？") == {}
    assert _facts("如果回调地址是 /api/notify 的话会冲突") == {}


def test_extract_writes_the_choices_rules_and_routes_of_a_chinese_conversation(
    memory: MemoryRoot,
):
    talk = (
        "User: 继续做订单服务\n"
        "Assistant: 好的。\n"
        "User: 支付就接微信支付吧，推送用极光推送。\n"
        "User: 把 Node 从 16 升级到 20 了，顺便把 npm 换成了 pnpm。\n"
        "User: 每个微服务都要有自己的数据库，不能共享。\n"
        "User: 健康检查路径是 /healthz，回调地址是 /api/pay/notify。\n"
        "User: 你要先读一下代码。\n"
    )
    omp_ok("extract", "--format", "text", "-", input=talk, env={"OMP_USER_STORE": "off"})

    yaml = YAML(typ="safe")
    project = yaml.load((memory.memory / "project.yaml").read_text(encoding="utf-8"))
    decisions = yaml.load((memory.memory / "decisions.yaml").read_text(encoding="utf-8"))
    assert project["urls"] == {"health_check": "/healthz", "callback": "/api/pay/notify"}
    assert "paths" not in project or not project["paths"]
    assert project["tech_stack"]["node"] == "Node 20"
    made = {d["choice"]: d.get("alternatives", []) for d in decisions["decisions"]}
    assert made == {
        "微信支付": [],
        "pnpm": ["npm"],
        "每个微服务都要有自己的数据库，不能共享": [],
    }
