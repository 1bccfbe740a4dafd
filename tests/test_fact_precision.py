"""Project facts that are not the project's: they wait for review rather than being stored.

A sentence telling the person's own way of working names their tools ("我平时看集群都是 k9s");
names the lexicon does not know, alone, are as often the project's product or data as its tools
("我们 CRM 的订单模块要重构"); names compared or tried are options ("Vue 和 React 有什么区别",
"之前我们试了 Kafka"); a command line's flags are the arguments of one run
("torchrun --nproc_per_node=2 ..."). The project's own stack and settings stay stored.
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
