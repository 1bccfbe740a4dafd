"""What session 52's probes found of stacks and rules stated in prose.

A stack stated with the edition it is not in brackets ("dbt core 1.7 (not dbt cloud)") is the
stack still; "X/Y/Z it is" picks a layout; a rule may name the repository it holds in
("convention for this repo: …", "money is always integer cents in this codebase").
"""

from __future__ import annotations

import pytest

from omp import rules
from tests.test_extract import _kept, _run
from tests.test_extract_en_probes2 import _choices

# ---- what a stack is not, in brackets --------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "role", "name"),
    [
        ("warehouse is Snowflake, dbt core 1.7 (not dbt cloud).", "warehouse", "Snowflake"),
        ("the backend is FastAPI (not Django)", "backend", "FastAPI"),
        ("our cache is Redis (rather than memcached)", "cache", "Redis"),
    ],
)
def test_a_stack_said_with_what_it_is_not_in_brackets_is_the_stack(sentence, role, name):
    assert rules.tech_facts(sentence).get(role) == name


def test_a_stack_said_not_to_be_used_is_no_stack():
    assert rules.tech_facts("the database is not Postgres (it was MySQL)") == {}


# ---- a layout picked ------------------------------------------------------------------------


def test_the_parts_of_a_layout_picked_with_it_is_are_the_choice():
    turns = [("user", "how should I structure the dbt project?"),
             ("assistant", "The three-layer layout: staging/, intermediate/ and marts/."),
             ("user", "ok staging/intermediate/marts it is.")]  # fmt: skip
    assert [c for c, _ in _choices(*turns)] == ["staging/intermediate/marts"]


def test_a_path_that_it_is_in_is_no_choice():
    assert _choices(("user", "the config for it is in deploy/k8s/values.yaml")) == []


# ---- rules said of the repository -----------------------------------------------------------


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


# ---- where a self-hosted tool runs ----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "host"),
    [
        ("self hosting n8n on a hetzner cx22 (ubuntu 24.04, docker compose).", "hetzner"),
        ("we self-host Gitea on Hetzner", "Hetzner"),
        ("I'm self-hosting plausible on a DigitalOcean droplet", "DigitalOcean"),
    ],
)
def test_where_a_self_hosted_tool_runs_is_the_hosting(sentence, host):
    assert rules.tech_facts(sentence).get("hosting") == host


@pytest.mark.parametrize(
    "sentence", ["should we self-host n8n on hetzner?", "we could self-host it on hetzner"]
)
def test_self_hosting_asked_about_or_weighed_is_no_hosting(sentence):
    assert "hosting" not in rules.tech_facts(sentence)


# ---- a switch of a named thing, said for the future -----------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        (".aws fixed it, we'll switch DBT_SVC to key-pair auth, I'll do it this week.",
         "key-pair auth"),
        ("we will switch the service user to key-pair auth", "key-pair auth"),
        ("lets switch framework to espidf", "espidf"),
    ],
)  # fmt: skip
def test_a_switch_of_a_named_thing_said_for_the_future_is_a_decision(sentence, choice):
    assert [c for c, _ in _choices(("user", sentence))] == [choice]


@pytest.mark.parametrize(
    "sentence", ["maybe we'll switch the cache to redis later", "will we switch the db to pg16?"]
)
def test_a_switch_weighed_or_asked_about_is_no_decision(sentence):
    assert _choices(("user", sentence)) == []


# ---- AWS's managed broker --------------------------------------------------------------------


@pytest.mark.parametrize("sentence", ["our rabbit is Amazon MQ.", "the broker is Amazon MQ"])
def test_amazon_mq_is_a_queue(sentence):
    assert rules.tech_facts(sentence) == {"queue": "Amazon MQ"}


# ---- an everyday word joined by "+" to a known name ------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "role", "name"),
    [
        ("context: billing service for our SaaS, express + typescript, stripe for payments.",
         "backend", "express"),
        ("we use react + express", "backend", "express"),
    ],
)  # fmt: skip
def test_an_everyday_word_joined_by_a_plus_to_a_known_name_is_a_name(sentence, role, name):
    facts = rules.tech_facts(sentence) | rules.listed_stack(sentence)
    assert facts.get(role) == name


def test_an_everyday_word_alone_in_a_stack_is_no_name():
    facts = rules.listed_stack("context: Python 3.12, express delivery, Postgres 16")
    assert "backend" not in facts


# ---- an edition between a name and its version -----------------------------------------------


def test_the_version_after_an_edition_is_the_names():
    facts = rules.tech_facts("warehouse is Snowflake, dbt core 1.7 (not dbt cloud).")
    assert facts["pipelines"] == "dbt core 1.7"


def test_an_edition_without_a_version_is_left_out():
    assert rules.tech_facts("we use dbt core") == {"pipelines": "dbt"}


# ---- the stack a message replaces by its own choice ------------------------------------------


def test_ingress_nginx_is_a_proxy_of_its_own():
    assert rules.technologies("lets standardize on ingress-nginx everywhere") == ["ingress-nginx"]
    assert rules.role_of("ingress-nginx") == "proxy"


@pytest.mark.parametrize(
    "message",
    [
        "we're on traefik in staging, which is dumb. lets standardize on ingress-nginx everywhere",
        "the proxy is nginx. let's move to caddy.",
    ],
)
def test_the_stack_a_message_replaces_by_its_own_choice_is_not_the_stack(message):
    batch = _run(("user", message))
    assert _kept(batch, "project") == []
    assert len(_kept(batch, "decisions")) == 1


@pytest.mark.parametrize(
    ("message", "kept"),
    [
        ("our cache is redis. let's use memcached for sessions too", {"cache": "redis"}),
        ("we use Postgres 16. let's use Redis for caching.", {"database": "Postgres 16"}),
    ],
)
def test_a_choice_made_beside_the_stack_leaves_it(message, kept):
    assert _kept(_run(("user", message)), "project") == [{"tech_stack": kept}]


# ---- what a kind of thing must be --------------------------------------------------------------


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
