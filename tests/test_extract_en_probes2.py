"""English sentences a developer types to a coding assistant, read by the extraction rules (2)."""

from __future__ import annotations

import pytest

from omp import rot, rules
from tests.test_extract import _kept, _run

_OPENING = ("user", "Picking the project back up from yesterday.")
_READY = ("assistant", "Sure, where do you want to start?")


def _said(*sentences: str) -> list[tuple[str, str]]:
    """The person's sentences, after an opening exchange (the first message is read apart)."""
    return [_OPENING, _READY, *(("user", s) for s in sentences)]


def _stack(*turns: tuple[str, str]) -> dict[str, str]:
    stack: dict[str, str] = {}
    for facts in _kept(_run(*turns), "project"):
        stack |= facts.get("tech_stack", {})
    return stack


def _choices(*turns: tuple[str, str]) -> list[tuple[str, list[str]]]:
    return [
        (str(d["choice"]), list(d.get("alternatives", [])))
        for d in _kept(_run(*turns), "decisions")
    ]


# ---- the board, chip or GPUs the project runs on ------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "board"),
    [
        ("Board is the STM32L476RG logger, embassy-stm32, GPS on USART2 at 115200.", "STM32L476RG"),
        ("Board is the custom one with the STM32G474RE, the driver is a DRV8323.", "STM32G474RE"),
        ("hey, I'm building a greenhouse controller on an ESP32-S3 (the DevKitC-1).", "ESP32-S3"),
        ("our run died at step 41k. 8x A100 80GB single node, plain DDP right now.", "A100 80GB"),
        ("quick recap: STM32G474 on the rev C board, talking to the BMS over CAN FD.", "STM32G474"),
        ("Hardware: 4x H100 in one box.", "H100"),
    ],
)
def test_the_board_or_gpus_the_person_runs_on_is_the_projects_hardware(sentence, board):
    assert _stack(*_said(sentence)).get("hardware") == board


@pytest.mark.parametrize(
    "sentence",
    [
        "we don't even know if the new board will be esp32-s3 or an nrf5340",
        "is MPPI actually too heavy for a raspberry pi 5 class board?",
        "maybe we could run it on an ESP32-C6.",
        "the ESP32-C3 board is cheaper than the S3 one.",
        "if we had 8x H100 it would be faster.",
        "I read that people run it on an RTX 4090 at home.",
        "should we move to an STM32H7 board next year.",
    ],
)
def test_a_board_weighed_wished_asked_about_or_heard_of_is_no_hardware(sentence):
    assert "hardware" not in _stack(*_said(sentence))


def test_the_assistant_naming_a_board_gives_no_hardware():
    turns = [_OPENING, ("assistant", "Board is the STM32L476RG, so use the embassy HAL.")]
    assert "hardware" not in _stack(*turns)


# ---- a stack part with where it runs, or with the part it is ------------------------------


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("Next.js 14.2 app router, Prisma 5.14, Postgres on Neon.",
         {"frontend": "Next.js 14.2", "orm": "Prisma 5.14", "database": "Postgres on Neon"}),
        ("next.js 14.2 app router, prisma 5.18, postgres 16.",
         {"frontend": "next.js 14.2", "orm": "prisma 5.18", "database": "postgres 16"}),
        ("SvelteKit front end, FastAPI backend, Postgres database.",
         {"frontend": "SvelteKit", "backend": "FastAPI", "database": "Postgres"}),
        # after a label, the first clause of names counts alone
        ("context: SvelteKit front end, FastAPI backend that proxies DICOMweb to Orthanc.",
         {"frontend": "SvelteKit"}),
        # a part said to be slow is no list of names
        ("Django server is slow, Postgres database is fine.", {}),
        ("SvelteKit front end is slow today.", {}),
    ],
)  # fmt: skip
def test_a_bare_list_keeps_the_host_and_reads_past_the_part_a_name_is(sentence, facts):
    assert rules.listed_stack(sentence) == facts


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("we use Postgres 16 on RDS and Redis on Upstash.",
         {"database": "Postgres 16 on RDS", "cache": "Redis on Upstash"}),
        # "on" a thing that hosts nothing is not kept
        ("we run Postgres on a single box.", {"database": "Postgres"}),
        # a host of another kind is not where the database runs
        ("we use Postgres, on Sentry for errors.", {"database": "Postgres"}),
    ],
)  # fmt: skip
def test_a_stated_part_keeps_the_host_it_runs_on(sentence, facts):
    stack = rules.tech_facts(sentence)
    assert {k: v for k, v in stack.items() if k in facts} == facts


# ---- a library named with its kind, a replacement named after an article ------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("Use the humantime crate for parsing.", "humantime"),
        ("use the requests library for HTTP calls.", "requests"),
        ("switch to the trigram option after all.", "trigram option"),
    ],
)
def test_a_library_named_with_its_kind_is_chosen_by_its_name(sentence, choice):
    d = rules.decision(sentence)
    assert d is not None
    assert d.choice == choice


@pytest.mark.parametrize(
    "sentence",
    ["Use the standard library for this.", "Use the same module for this.", "Use the crate."],
)
def test_a_kind_without_a_name_chooses_nothing(sentence):
    assert rules.decision(sentence) is None


def test_a_replacement_named_after_an_article_is_the_choice_not_the_article():
    (d,) = _kept(_run(*_said("Replace hono/jwt with a Cloudflare Access check.")), "decisions")
    assert d["choice"] == "Cloudflare Access"
    assert d["alternatives"] == ["hono/jwt"]


def test_a_replacement_without_an_article_is_unchanged():
    found = rot.obsolete_signal("we replaced moment with dayjs everywhere")
    assert found == rot.Obsolete("moment", "dayjs")


# ---- short agreements: "ok using X", "X vN with Y then", "skip X, use Y" ------------------


_OFFER = ("assistant", "Select the timer with a cargo feature, e.g. `time-driver-tim2`.")


@pytest.mark.parametrize(
    ("reply", "choice", "given_up"),
    [
        ("ok using time-driver-tim2.", "time-driver-tim2", []),
        ("yep, going with Litestream", "Litestream", []),
        ("Auth.js v5 with database sessions then.", "Auth.js v5 with database sessions", []),
        ("Node 20 then.", "Node 20", []),
        ("Skip DynamoDB then, use S3 with use_lockfile.", "S3 with use_lockfile", ["DynamoDB"]),
        ("Skip Redux and use Zustand.", "Zustand", ["Redux"]),
    ],
)
def test_a_short_agreement_names_the_choice(reply, choice, given_up):
    assert _choices(_OPENING, _OFFER, ("user", reply)) == [(choice, given_up)]


@pytest.mark.parametrize(
    "reply",
    [
        "Using time-driver-tim2.",  # no word of agreement: a narration as often as a choice
        "ok using the old one.",
        "yes using it.",
        "Version 2 then.",
        "no Redux, use Zustand?",
        "skip the tests and use the staging data",
        "No thanks, use the default.",
    ],
)
def test_an_agreement_naming_no_product_or_a_step_of_work_chooses_nothing(reply):
    assert _choices(_OPENING, _OFFER, ("user", reply)) == []


# ---- where the person keeps a thing of the project ----------------------------------------


@pytest.mark.parametrize(
    ("sentence", "paths"),
    [
        ("STAR index is saved under /shared/refs/GRCh38/star_2.7.10a_gencode44 now.",
         {"star_index": "/shared/refs/GRCh38/star_2.7.10a_gencode44"}),
        ("the checkpoints are stored under /data/ckpt/vit", {"checkpoints": "/data/ckpt/vit"}),
        ("I wrote the steps down in docs/runbooks/restore.md in the repo.",
         {"steps": "docs/runbooks/restore.md"}),
    ],
)  # fmt: skip
def test_where_the_person_keeps_a_thing_is_a_project_path(sentence, paths):
    facts: dict[str, str] = {}
    for found in _kept(_run(*_said(sentence)), "project"):
        facts |= found.get("paths", {})
    assert facts == paths


@pytest.mark.parametrize(
    "sentence",
    [
        "it is saved to /data/x",  # a pronoun names nothing
        "the file is saved in /tmp/out.txt",  # a scratch file
        "I put the fix in src/app.ts",  # work done, not where a thing is kept
        "I wrote the steps down in the wiki",  # no path
        "is the index saved under /shared/refs/star?",
    ],
)
def test_a_pronoun_a_scratch_file_work_or_a_question_gives_no_path(sentence):
    assert rules.path_facts(sentence) == {}


# ---- tools that fill one role together ----------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "role", "value"),
    [
        ("we already run grafana + loki + mimir.", "observability", "grafana + loki + mimir"),
        ("we use ESLint + Prettier", "lint", "ESLint + Prettier"),
        # not joined by "+": the first one only, as before
        ("We use OpenTelemetry and Tempo for tracing.", "observability", "OpenTelemetry"),
        # a role that one tool fills is not joined
        ("we use Postgres + MySQL", "database", "Postgres"),
    ],
)
def test_tools_joined_by_a_plus_in_a_shared_role_are_kept_together(sentence, role, value):
    assert rules.tech_facts(sentence)[role] == value


def test_a_shared_role_in_another_clause_is_not_joined():
    facts = rules.tech_facts("The service is Python 3.12, the cron box still has Ruby 2.7.")
    assert facts["language"] == "Python 3.12"


# ---- an approach taken by its short name, a known name asked for --------------------------


_PLAN = (
    "assistant",
    "Two fixes: a singleton client plus the Neon pooler, or a two-tier setup with a gateway.",
)


@pytest.mark.parametrize(
    ("reply", "choice"),
    [
        ("do the singleton + pooler thing.", "singleton + pooler"),
        ("and yes do the two-tier thing", "two-tier"),
        ("htmx pls, no react for this.", "htmx"),
    ],
)
def test_an_approach_taken_by_its_short_name_or_a_name_asked_for_is_chosen(reply, choice):
    assert [c for c, _ in _choices(_OPENING, _PLAN, ("user", reply))] == [choice]


@pytest.mark.parametrize(
    "reply",
    [
        "do the same thing for the orders table",
        "let's do the whole thing again",
        "should we do the two-tier thing?",
        "do the two-tier thing?",
        "don't do the two-tier thing",
        "Do the tests pass",
        "logs please",
        "Postgres please?",
    ],
)
def test_an_everyday_thing_a_question_or_a_refusal_takes_no_approach(reply):
    assert rules.decision(reply) is None


# ---- the platforms the product ships on ---------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "platforms"),
    [
        ("Solo dev, shipping on Steam.", "Steam"),
        ("A metroidvania in Unity 2022.3 LTS, shipping on PC and Nintendo Switch.",
         "PC and Nintendo Switch"),
        ("we are launching on iOS and Android next month", "iOS and Android"),
        ("we ship on Steam", "Steam"),
    ],
)  # fmt: skip
def test_the_platforms_the_person_ships_on_are_the_projects(sentence, platforms):
    assert _stack(*_said(sentence)).get("platforms") == platforms


@pytest.mark.parametrize(
    "sentence",
    [
        "If you're shipping on Steam anyway, use the relay.",
        "maybe we could ship on Switch later",
        "are we shipping on Xbox?",
        "we were shipping on PS4 back then",
        "shipping on time is what matters",
    ],
)
def test_a_condition_a_wish_a_question_or_the_past_ships_on_no_platform(sentence):
    assert "platforms" not in _stack(*_said(sentence))


def test_the_assistant_naming_a_platform_gives_none():
    turns = [_OPENING, ("assistant", "Since you're shipping on Steam, use Steamworks.")]
    assert "platforms" not in _stack(*turns)


@pytest.mark.parametrize("phrase", ["the local plugin", "the core library", "the new module"])
def test_a_kind_after_an_everyday_word_keeps_the_word_with_its_kind(phrase):
    assert rules.clip(phrase) == phrase.removeprefix("the ")


# ---- the tool the person tells the work to be done with -----------------------------------


@pytest.mark.parametrize(
    ("reply", "choice", "title"),
    [
        ("Validate input with zod.", "zod", "Use zod to validate input"),
        ("and send the email through celery, not inline in the request.", "celery",
         "Use celery to send the email"),
        ("Cache the results in Redis.", "Redis", "Use Redis to cache the results"),
    ],
)  # fmt: skip
def test_a_known_tool_the_work_is_told_to_be_done_with_is_chosen_for_it(reply, choice, title):
    (d,) = _kept(_run(*_said(reply)), "decisions")
    assert (d["choice"], d["title"]) == (choice, title)


@pytest.mark.parametrize(
    "reply",
    [
        "Store them in the S3 bucket.",  # a pronoun: what is stored is not said
        "Run the tests with pytest.",  # a step of work
        "log in with GitHub",
        "I store sessions in Redis.",  # not told, said
        "should we cache it in Redis?",
        "Store amounts in cents.",  # no tool
        "Serialize it with MessagePack.",
    ],
)
def test_a_step_of_work_a_question_or_no_known_tool_chooses_no_tool(reply):
    assert _kept(_run(*_said(reply)), "decisions") == []


# ---- a fix reported bare, then what else was done -----------------------------------------


@pytest.mark.parametrize(
    ("sentence", "summary"),
    [
        ("fixed, and added the Transaction.updates listener in TrailnoteApp.init.",
         "Added the Transaction.updates listener in TrailnoteApp.init"),
        ("Fixed it; also removed the old cron entry.", "Removed the old cron entry"),
    ],
)  # fmt: skip
def test_a_bare_fix_then_more_work_reports_the_work_it_names(sentence, summary):
    work = rules.finished_work(sentence)
    assert work is not None
    assert work.summary == summary


@pytest.mark.parametrize(
    "sentence", ["fixed, and now it works", "done, and it passes", "fixed, and added?"]
)
def test_a_bare_fix_followed_by_no_work_reports_nothing_more(sentence):
    assert rules.finished_work(sentence) is None


# ---- a reply naming what the assistant proposed -------------------------------------------


_PROPOSED = ("assistant", "For a new SDK 51 app I'd use expo-router.")


def test_a_reply_naming_the_proposed_name_then_takes_it():
    (d,) = _kept(_run(_OPENING, _PROPOSED, ("user", "expo-router then.")), "decisions")
    assert d["choice"] == "expo-router"


@pytest.mark.parametrize("reply", ["the docs then.", "expo-router then?", "no, not expo-router"])
def test_a_reply_naming_something_else_or_asking_leaves_the_proposal_for_review(reply):
    batch = _run(_OPENING, _PROPOSED, ("user", reply))
    assert _kept(batch, "decisions") == []
    assert [d["choice"] for d in _kept(batch, "decisions", "review")] == ["expo-router"]


# ---- a package's name in a stated stack ---------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "key"),
    [
        ("We're on dbt-core 1.7 with dbt-snowflake, running from Airflow.", "dbt-snowflake"),
        ("We're on Expo SDK 51 with expo-router, EAS builds.", "expo-router"),
        ("we use django-anymail with Postmark", "django-anymail"),
    ],
)
def test_a_package_name_in_a_stated_stack_is_kept(sentence, key):
    assert rules.tech_facts(sentence)[key] == key


@pytest.mark.parametrize(
    "sentence",
    ["we're on follow-up.", "we're self-hosted.", "it's a one-off.", "we use real-time sync."],
)
def test_a_hyphenated_everyday_word_is_no_package(sentence):
    assert rules.tech_facts(sentence) == {}


@pytest.mark.parametrize(
    "sentence", ["we're on invoice-worker now.", "we use inv-core and orders-api."]
)
def test_the_projects_own_service_names_are_no_packages(sentence):
    assert rules.tech_facts(sentence) == {}


# ---- a numbered pull request or issue reported done ----------------------------------------


@pytest.mark.parametrize(
    ("sentence", "summary"),
    [
        ("ok update: PR #318 is merged (bigint migration + advisory lock), and the job is "
         "deployed to staging.",
         "PR #318 is merged (bigint migration + advisory lock), and the job is deployed to "
         "staging"),
        ("issue #12 is fixed", "Issue #12 is fixed"),
    ],
)  # fmt: skip
def test_a_numbered_pull_request_or_issue_reported_done_is_work(sentence, summary):
    work = rules.finished_work(sentence)
    assert work is not None
    assert work.summary == summary


@pytest.mark.parametrize(
    "sentence", ["ok so it is fixed", "is PR #318 merged?", "PR #318 is not merged yet"]
)
def test_a_pronoun_a_question_or_a_denial_reports_no_numbered_work(sentence):
    assert rules.finished_work(sentence) is None


def test_two_known_names_joined_by_a_plus_stay_together():
    d = rules.decision("FSDP + bf16 stays.")
    assert d is not None
    assert d.choice == "FSDP + bf16"


@pytest.mark.parametrize("sentence", ["the cache stays", "does Postgres stay?"])
def test_a_part_or_a_question_stays_no_choice(sentence):
    assert rules.decision(sentence) is None


def test_a_package_name_in_a_chinese_sentence_is_left_to_the_chinese_rules():
    assert "react-leaflet" not in rules.tech_facts(
        "前端去掉了 Leaflet / react-leaflet，换成 maplibre-gl"
    )
