"""What session 52's probes of agent sessions found: how a person answers the options offered.

A reply names a listed option by its first word and says how to set it up ("sharded, 64
shards", "insert_overwrite partitioned by order_date").
"""

from __future__ import annotations

import pytest

from tests.test_extract import _kept, _run
from tests.test_extract_en_probes2 import _choices

_SHARDS = (
    "Fix options:\n\n"
    "1. One `sync.Mutex` around the whole `Take` \u2014 correct, simplest.\n"
    "2. `sync.Map` + a per-bucket mutex \u2014 lock-free reads.\n"
    "3. **Sharded map**: N shards, each with its own `sync.Mutex`.\n\n"
    "Given this is on the hot path I'd do 3."
)
_STRATEGIES = (
    "Two reasonable incremental strategies on BigQuery:\n\n"
    "1. **merge** on `order_id` as `unique_key` \u2014 handles late updates row by row.\n"
    "2. **insert_overwrite** with `partition_by` on `order_date` \u2014 replaces partitions.\n\n"
    "How late can orders arrive?"
)
_PRECISION = (
    "Options, roughly in order of payoff:\n\n"
    "1. **bf16 autocast** \u2014 roughly halves activation memory.\n"
    "2. **Gradient accumulation** \u2014 e.g. 2 steps x 64.\n"
    "3. **Gradient checkpointing** \u2014 big memory savings but slower."
)


# ---- a listed option named by its first word, and how to set it up --------------------------


@pytest.mark.parametrize(
    ("offer", "reply", "choice"),
    [
        (_SHARDS, "sharded, 64 shards. sync.Map is slow for our writes", "Sharded map"),
        (_STRATEGIES, "insert_overwrite partitioned by order_date, reprocess 3 days",
         "insert_overwrite"),
        (_STRATEGIES, "merge on order_id", "merge"),
        (_PRECISION, "bf16 + grad accum 2x64 to be safe.", "bf16 autocast"),
    ],
)  # fmt: skip
def test_a_reply_opening_with_an_options_first_word_picks_it(offer, reply, choice):
    turns = [("user", "it keeps failing under load"), ("assistant", offer), ("user", reply)]
    assert [c.lower() for c, _ in _choices(*turns)] == [choice.lower()]


@pytest.mark.parametrize(
    ("offer", "reply"),
    [
        (_SHARDS, "sync.Map is slow for our write-heavy pattern"),  # said of it, not picked
        (_STRATEGIES, "merge sounds expensive"),
        (_STRATEGIES, "merge on order_id?"),
        (_PRECISION, "gradient with 2 steps"),  # the first word of two options
        (_STRATEGIES, "don't merge on order_id"),
    ],
)
def test_a_reply_saying_something_of_an_option_picks_none(offer, reply):
    turns = [("user", "it keeps failing under load"), ("assistant", offer), ("user", reply)]
    assert _choices(*turns) == []


def test_the_steps_of_a_plan_are_no_options_to_pick():
    plan = (
        "Plan:\n\n1. **Add** a `users` table.\n2. **Update** the login route.\n\n"
        "Want me to proceed?"
    )
    turns = [("user", "add login"), ("assistant", plan), ("user", "add with an index on email")]
    assert _choices(*turns) == []


# ---- the offered name a reason leads to ------------------------------------------------------

_STORES = (
    "Both work with CloudKit sync. Quick comparison:\n\n"
    "- **SwiftData** (iOS 17+): Swift-native `@Model` macros, far less boilerplate.\n"
    "- **Core Data**: mature, works back to old iOS versions.\n\n"
    "If your minimum target is iOS 17, SwiftData is the better developer experience."
)


def test_the_offered_name_a_reason_leads_to_is_picked():
    turns = [("user", "core data or swiftdata for persistence?"), ("assistant", _STORES),
             ("user", "we target iOS 17+ anyway so swiftdata. cloudkit sync later")]  # fmt: skip
    assert [c for c, _ in _choices(*turns)] == ["SwiftData"]  # as the offer wrote it


@pytest.mark.parametrize(
    "reply", ["we target iOS 17+ so swiftdata?", "we target iOS 16 so swiftdata is out"]
)
def test_a_reason_leading_to_a_question_or_a_verdict_picks_nothing(reply):
    turns = [("user", "core data or swiftdata for persistence?"), ("assistant", _STORES),
             ("user", reply)]  # fmt: skip
    assert _choices(*turns) == []


# ---- what is in use, kept in a clause of its own ---------------------------------------------

_COMPOSER = (
    "**For Dagster**: asset-based model maps 1:1 onto dbt models.\n\n"
    "**Against**: migration cost. And Composer 2 costs can often be cut a lot by shrinking the "
    "environment."
)


def test_a_name_the_talk_wrote_kept_after_a_reason_is_the_choice():
    turns = [
        ("user", "should we move the orchestration off airflow to dagster?"),
        ("assistant", _COMPOSER),
        ("user", "nah not worth it this quarter, stay on composer. commit the change"),
    ]
    assert [c for c, _ in _choices(*turns)] == ["Composer"]


def test_keeping_one_name_drops_the_one_forgotten():
    turns = [("user", "redux-persist with AsyncStorage is slow. switch the storage to MMKV"),
             ("assistant", "Installed `react-native-mmkv`. MMKV needs a dev client."),
             ("user", "hmm. ok forget mmkv for now, keep asyncstorage.")]  # fmt: skip
    assert [c.lower() for c, _ in _choices(*turns)] == ["asyncstorage"]


@pytest.mark.parametrize(
    "reply",
    ["ok, that works, keep going.", "fine, stay on topic please",
     "if it gets slow, stay on composer", "so we stay on composer?", "nah, don't keep composer"],
)  # fmt: skip
def test_keeping_no_name_or_on_a_condition_is_no_choice(reply):
    turns = [("user", "should we move off airflow?"), ("assistant", _COMPOSER), ("user", reply)]
    assert _choices(*turns) == []


# ---- an option's number opening the reply, as a list item would ------------------------------

_AUTH = (
    "Options for auth:\n\n"
    "1. **Server-side sessions** \u2014 opaque session id in an HttpOnly cookie.\n"
    "2. **JWT access + refresh tokens** \u2014 short-lived access token, rotated refresh.\n"
    "3. **External IdP** (Auth0 / Clerk) \u2014 least code.\n\n"
    "I'd go with **2**. Also: what lifetimes do you want?"
)


def test_a_reply_opening_with_an_options_number_picks_it():
    turns = [("user", "we need auth on the api"), ("assistant", _AUTH),
             ("user", "2. and argon2 yes. access token 15 min, refresh 14 days.")]  # fmt: skip
    [(choice, others)] = _choices(*turns)
    assert choice == "JWT access + refresh tokens"
    assert others == ["Server-side sessions", "External IdP"]


@pytest.mark.parametrize(
    "reply",
    [
        "1. add a users table\n2. then the login route",
        "2.5 seconds is too slow for the login",
        "2. is that one cheaper?",
        "1) a couple of firms asked for SFTP. 2) plain CSV is fine",
    ],
)
def test_a_list_of_the_persons_own_or_a_number_picks_no_option(reply):
    turns = [("user", "we need auth on the api"), ("assistant", _AUTH), ("user", reply)]
    assert _choices(*turns) == []


def test_a_number_opening_a_reply_to_a_plan_picks_no_step():
    plan = "Plan:\n\n1. **Add** a `users` table.\n2. **Update** the login route.\n\nGo ahead?"
    turns = [("user", "add login"), ("assistant", plan), ("user", "2. needs a rate limit too")]
    assert _choices(*turns) == []


# ---- what the advice warned of, ruled out ----------------------------------------------------

_WARNED = (
    "For CloudKit later, keep every property optional or defaulted and avoid unique "
    "constraints \u2014 CloudKit doesn't support `@Attribute(.unique)`."
)


def _rules_of(*turns: tuple[str, str]) -> list[str]:
    return [str(d["title"]) for d in _kept(_run(*turns), "decisions")]


def test_a_thing_the_assistant_warned_of_ruled_out_is_a_rule():
    turns = [
        ("user", "models for the habit tracker?"),
        ("assistant", _WARNED),
        ("user", "ok good to know, no unique constraints then. btw im new to swift"),
    ]
    assert _rules_of(*turns) == ["No unique constraints"]


@pytest.mark.parametrize(
    "reply", ["ok, no worries then", "no rush then!", "no optional properties then?",
              "no feature flags then", "Ok, no CloudKit then."],
)  # fmt: skip
def test_no_thing_the_assistant_named_or_a_question_rules_nothing_out(reply):
    turns = [("user", "models for the habit tracker?"), ("assistant", _WARNED), ("user", reply)]
    assert _rules_of(*turns) == []


# ---- one thing made the way of the whole project ---------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("actually lets go graviton everywhere while we're at it, bump the bastion too", "graviton"),
     ("let's go serverless across the board", "serverless")],
)  # fmt: skip
def test_going_one_way_everywhere_is_the_choice(sentence, choice):
    assert [c for c, _ in _choices(("user", sentence))] == [choice]


@pytest.mark.parametrize(
    "sentence",
    ["let's go look everywhere for the bug", "should we go graviton everywhere?",
     "maybe we should go arm everywhere", "let's go through everything"],
)  # fmt: skip
def test_looking_everywhere_or_asking_to_go_one_way_is_no_choice(sentence):
    assert _choices(("user", sentence)) == []


# ---- a known technology given a part of the work ---------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("secrets manager for the db password w/ rotation, datadog key goes to SSM.",
      "secrets manager"),
     ("ok. Redis for the cache, Postgres for the rest.", "Redis")],
)  # fmt: skip
def test_a_known_technology_given_a_part_of_the_work_is_the_choice(sentence, choice):
    assert [c.lower() for c, _ in _choices(("user", sentence))] == [choice.lower()]


@pytest.mark.parametrize(
    "sentence",
    ["thanks for the help", "wait for the build", "is redis for the cache?",
     "maybe redis for the cache", "no redis for the cache", "redis for the win"],
)  # fmt: skip
def test_no_technology_or_one_asked_about_for_a_part_is_no_choice(sentence):
    assert _choices(("user", sentence)) == []


def test_a_word_opening_a_sentence_is_no_name_to_keep():
    turns = [("user", "the build is slow"),
             ("assistant", "Going forward the cache helps. Testing shows 2x."),
             ("user", "nice, keep going"), ("user", "ok, keep testing.")]  # fmt: skip
    assert _choices(*turns) == []
