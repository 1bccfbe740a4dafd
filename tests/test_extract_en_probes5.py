"""Conversations written fresh for session 47's probe, read by the extraction rules (5).

A job runner and the broker under it are two parts, not one choice changed (Celery on
RabbitMQ); a switch made later supersedes a stored tool of its role, never a decision that
only names the role ("keep filter state in the URL"); "let's use X" with a product's name
the lexicon does not know; an address keyed by the variable or the product it belongs to.
"""

from __future__ import annotations

import pytest

from omp import rules
from tests.test_extract import _kept, _run
from tests.test_extract_en_probes2 import _said


def _choices(*turns: tuple[str, str]) -> list[tuple[str, list[str]]]:
    return [
        (str(d["choice"]), list(d.get("alternatives", [])))
        for d in _kept(_run(*turns), "decisions")
    ]


# ---- a job runner and its broker ------------------------------------------------------------


def test_a_broker_switch_keeps_the_job_runner_chosen_before():
    turns = [
        ("user", "We need a job queue for billing. Options are Sidekiq, Celery or RQ."),
        ("assistant", "Celery fits best: the service is Django 5.0. RQ lacks scheduled retries."),
        ("user", "Let's go with Celery then."),
        ("assistant", "Done. I added billing/tasks.py."),
        ("user", "Actually, scrap Redis as the broker, we'll use RabbitMQ instead."),
    ]
    assert [c for c, _ in _choices(*turns)] == ["Celery", "RabbitMQ"]


@pytest.mark.parametrize(
    ("first", "then", "kept"),
    [
        ("Let's use Sidekiq.", "Actually, let's use BullMQ instead.", "BullMQ"),
        ("Let's use Kafka.", "Let's use RabbitMQ instead.", "RabbitMQ"),
    ],
)
def test_a_switch_within_one_part_still_replaces_the_earlier_choice(first, then, kept):
    assert [c for c, _ in _choices(*_said(first, then))] == [kept]


@pytest.mark.parametrize(
    ("name", "role"),
    [("Celery", "jobs"), ("Sidekiq", "jobs"), ("BullMQ", "jobs"), ("RabbitMQ", "queue"),
     ("Kafka", "queue"), ("the task queue", "jobs"), ("the message queue", "queue")],
)  # fmt: skip
def test_job_runners_and_brokers_have_roles_of_their_own(name, role):
    assert rules.role_of(name) == role


# ---- "let's use X" with a name the lexicon does not know ------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("Let's use SecureStore instead of AsyncStorage.", "SecureStore", ["AsyncStorage"]),
        ("Let's use react-hook-form instead of Formik.", "react-hook-form", ["Formik"]),
        ("We'll use Formik.", "Formik", []),
        ("Let's use expo-secure-store.", "expo-secure-store", []),
    ],
)
def test_lets_use_a_product_name_is_a_choice(sentence, choice, alternatives):
    assert _choices(*_said(sentence)) == [(choice, alternatives)]


@pytest.mark.parametrize(
    "sentence",
    ["Let's use Friday.", "Let's use co-authors.", "I'll use ripgrep.", "Let's use This."],
)
def test_lets_use_a_day_a_compound_word_or_my_own_tool_is_no_choice(sentence):
    assert _choices(*_said(sentence)) == []


# ---- whose address it is --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "key"),
    [
        ("对了，Grafana 的地址是 https://grafana.ops.example.cn ，告警走飞书机器人。", "grafana"),
        ("Sentry 的 DSN 地址是 https://sentry.example.cn", "sentry_dsn"),
        ("MinIO 的 endpoint 是 minio.internal:9000", "minio"),
        ("I configured CELERY_BROKER_URL=redis://cache.internal:6379/2.", "celery_broker_url"),
        ("NEXT_PUBLIC_API_URL: https://api.example.com", "next_public_api_url"),
        ("the base URL is https://api.example.com", "base"),
        ("我们的地址是 https://x.example.com", "base"),
    ],
)
def test_an_address_is_keyed_by_what_it_belongs_to(sentence, key):
    found = rules.url_fact(sentence)
    assert found is not None
    assert found[0] == key


# ---- an agreement takes up the proposal, not the person's words before it -------------------


def test_an_agreement_to_a_proposal_makes_no_rule_of_the_persons_earlier_words():
    turns = [
        ("user", "日志现在太乱了，我们统一一下吧。"),
        ("assistant", "建议用 structlog 输出 JSON，字段包括 trace_id、user_id、level。"),
        ("user", "可以，就这么定。"),
    ]
    batch = _run(*turns)
    titles = [str(c.entry["title"]) for c in batch.candidates if c.target == "decisions"]
    assert titles == ["采用 structlog 输出 JSON"]


def test_make_that_the_rule_still_adopts_the_persons_statement_before_it():
    turns = [
        ("user", "We're building an invoicing API."),
        ("assistant", "Got it."),
        ("user", "All timestamps are stored in UTC."),
        ("user", "Let's make that the rule."),
    ]
    queued = _kept(_run(*turns), "decisions", action="review")
    assert [d["choice"] for d in queued] == ["All timestamps are stored in UTC"]


# ---- settings named as the environment names them, thresholds, where it runs ----------------


@pytest.mark.parametrize(
    ("sentence", "config"),
    [
        ("Make the poll interval configurable via OUTBOX_POLL_MS, default 500.",
         {"outbox_poll_ms": "500"}),
        ("OUTBOX_POLL_MS defaults to 500.", {"outbox_poll_ms": "500"}),
        ("Set MAX_CONNECTIONS to 200.", {"max_connections": "200"}),
        ("HTTP_PORT is 8080", {"http_port": "8080"}),
        ("Our p99 for GET_USER is 300ms", {}),
        ("We bumped API_VERSION to 2-3", {}),
        ("另外把慢查询阈值设成 500ms。", {"slow_query_threshold": "500ms"}),
        ("CPU 告警阈值设为 80%", {"threshold": "80%"}),
    ],
)  # fmt: skip
def test_a_variable_or_a_threshold_and_its_number_is_a_setting(sentence, config):
    assert rules.settings(sentence) == config


def test_a_commit_subjects_variables_are_left_to_the_commit_rules():
    assert rules.settings("Set MAX_CONNECTIONS to 200", named_keys=False) == {}


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("我们的小程序后端是 NestJS 10，数据库 MySQL 8，部署在腾讯云 TKE 上。",
         {"backend": "NestJS 10", "database": "MySQL 8", "hosting": "TKE"}),
        ("后端是 Go 1.22，跑在阿里云 ACK 里", {"language": "Go 1.22", "hosting": "ACK"}),
        ("后端是 Go，部署在公司机房上", {"language": "Go"}),
    ],
)  # fmt: skip
def test_a_clause_saying_where_it_is_deployed_gives_the_hosting(sentence, stack):
    assert rules.tech_facts(rules.assertion(sentence)) == stack


def test_a_version_the_stack_fact_holds_is_not_stored_again_under_its_own_name():
    stored = _kept(_run(*_said("We're on Go 1.22 with chi and pgx.")), "project")
    assert stored == [{"tech_stack": {"language": "Go 1.22", "backend": "chi"}}]


# ---- a change the person asks to undo -------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "topic"),
    [
        ("Hmm, revert the WriteTimeout change, it's unrelated.", "WriteTimeout"),
        ("Can you revert the CORS change?", "CORS"),
        ("把 WriteTimeout 的改动撤回", "WriteTimeout"),
        ("MAX_CONN 改回去吧", "MAX_CONN"),
        ("revert the last change", None),
        ("We reverted the payment change last week.", None),
        ("Don't revert the CORS change.", None),
    ],
)
def test_a_request_to_undo_a_change_names_it(sentence, topic):
    assert rules.undone_topic(sentence) == topic


def test_work_and_settings_the_person_asks_to_undo_are_dropped():
    turns = [
        ("user", "Webhooks time out under load; make the outbox poller faster."),
        ("assistant", "Done. Also bumped the HTTP server's WriteTimeout to 10s."),
        ("user", "Hmm, revert the WriteTimeout change, it's unrelated."),
        ("assistant", "Reverted."),
    ]
    batch = _run(*turns)
    undone = [c for c in batch.candidates if "undone later" in (c.note or "")]
    assert {c.target for c in undone} == {"changelog", "project"}
    assert all(c.action == "dropped" for c in undone)
    kept = [c.entry for c in batch.candidates if c.action in ("stored", "review")]
    assert "10s" not in repr([e for e in kept if "summary" in e or "config" in e])


def test_a_stack_fact_replaced_whole_is_reported_with_what_it_said():
    turns = _said("We're using Redux for state.", "Let's switch to Zustand instead of Redux.")
    batch = _run(*turns)
    replaced = [c.entry for c in batch.candidates if c.note == "replaced later in the conversation"]
    assert replaced == [{"tech_stack": {"state": "Redux"}}]
