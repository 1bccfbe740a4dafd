"""English conversations written fresh for session 47's probe, read by the extraction rules (5).

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
