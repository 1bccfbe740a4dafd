"""A choice stated in one English sentence, read by the decision rules.

"Let's start with X", "let's use X" with a name the lexicon may not know, a library named with
its kind, the tool a piece of work is told to be done with, a part then the name chosen for it,
the option a choice is set against ("rather … than", "drop X for Y"), votes and "let's go X",
the choice for now after a doubt about later, keeping or switching in a word, and what is no
choice: a step of work, a question, a doubt, an everyday word.
"""

from __future__ import annotations

import pytest

from omp import rot, rules
from tests.extraction import _choices, _choices_said, _chosen, _kept, _run, _said

# ---- "let's start with X" ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("Let's start with SQLite.", "SQLite"),
        ("We'll start with SQLite and move to Postgres later.", "SQLite"),
        ("Let's start with SQLite for now and maybe move to Postgres later.", "SQLite"),
        ("We'll start with Redis for the queue.", "Redis"),
        ("Let's start with Stripe Checkout, we can do custom forms later.", "Stripe Checkout"),
        ("OK, we'll start with Postgres 16 on RDS and add read replicas later.", "Postgres 16"),
    ],
)
def test_starting_with_a_technology_chooses_it_and_not_the_one_for_later(sentence, choice):
    (d,) = _kept(_run(*_said(sentence)), "decisions")
    assert d["choice"] == choice
    assert "postgres" not in " ".join(d.get("alternatives", [])).lower()


@pytest.mark.parametrize(
    "sentence",
    [
        "Let's start with the tests.",
        "Let's start with the login page.",
        "Let's start by writing the migration.",
        "Let's start with a spike on Kafka.",
        "Should we start with SQLite?",
        "Maybe we'll start with SQLite.",
    ],
)
def test_starting_with_a_step_of_work_or_a_doubt_chooses_nothing(sentence):
    assert _kept(_run(*_said(sentence)), "decisions") == []


# ---- a name the lexicon does not know: "use m7i.large instead" ----------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("use m7i.large instead, and make max 12.", "m7i.large"),
        ("ok use Dockerfile.dev instead", "Dockerfile.dev"),
        ("use gpt-4o-mini", "gpt-4o-mini"),
        ("use ubuntu-24.04 for the runners", "ubuntu-24.04"),
    ],
)
def test_an_unknown_name_used_instead_or_written_as_code_is_chosen(sentence, choice):
    d = rules.decision(sentence)
    assert d is not None
    assert d.choice == choice


@pytest.mark.parametrize("sentence", ["use whatever", "use the script", "use foo", "use v2"])
def test_an_unknown_plain_word_or_a_bare_version_is_no_choice(sentence):
    assert rules.decision(sentence) is None


# ---- a library named with its kind, a replacement named after an article -------------------------


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


# ---- an everyday word before a kind --------------------------------------------------------------


@pytest.mark.parametrize("phrase", ["the local plugin", "the core library", "the new module"])
def test_a_kind_after_an_everyday_word_keeps_the_word_with_its_kind(phrase):
    assert rules.clip(phrase) == phrase.removeprefix("the ")


# ---- the tool the person tells the work to be done with ------------------------------------------


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


# ---- names joined by a plus, and what stays ------------------------------------------------------


def test_two_known_names_joined_by_a_plus_stay_together():
    d = rules.decision("FSDP + bf16 stays.")
    assert d is not None
    assert d.choice == "FSDP + bf16"


@pytest.mark.parametrize("sentence", ["the cache stays", "does Postgres stay?"])
def test_a_part_or_a_question_stays_no_choice(sentence):
    assert rules.decision(sentence) is None


# ---- a part, then the name chosen for it ---------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("For auth, Clerk. Don't roll our own.", "Clerk", []),
        ("For the queue, SQS, not RabbitMQ.", "SQS", ["RabbitMQ"]),
        ("ok, for caching: Redis.", "Redis", []),
        ("For the backend, Go.", "Go", []),
    ],
)
def test_a_part_then_a_known_name_is_a_choice(sentence, choice, alternatives):
    assert _choices_said(sentence) == [(choice, alternatives)]


@pytest.mark.parametrize(
    "sentence",
    [
        "For example, Redis.",
        "For now, SQLite.",
        "For context, Postgres.",
        "For simplicity, SQLite.",
        "For the queue, something managed.",  # no name
        "For the queue, maybe SQS?",
    ],
)
def test_an_aside_or_no_name_after_for_is_no_choice(sentence):
    assert _choices_said(sentence) == []


# ---- the option a choice is set against ----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("I'd rather use Redis than Postgres for sessions.", "Redis", ["Postgres"]),
        ("Let's not use Redux, Zustand is enough.", "Zustand", ["Redux"]),
        ("Don't use Moment; use date-fns.", "date-fns", ["Moment"]),
        # an action is not an option: nothing is turned down
        ("I'd rather use Litestream than set up replication by hand.", "Litestream", []),
    ],
)
def test_the_option_turned_down_beside_a_choice_is_its_alternative(sentence, choice, alternatives):
    assert _choices_said(sentence) == [(choice, alternatives)]


# ---- asking to pick, and starting with a named technology ----------------------------------------


@pytest.mark.parametrize(
    "sentence", ["pick a date library", "choose something lightweight", "pick any ORM you like"]
)
def test_asking_to_pick_a_kind_of_thing_chooses_nothing(sentence):
    assert _choices_said(sentence) == []


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("Start with Postgres FTS, we can add Meilisearch later if needed.", "Postgres FTS"),
        ("ok, start with SQLite.", "SQLite"),
    ],
)
def test_starting_with_a_named_technology_is_a_choice(sentence, choice):
    assert [c for c, _ in _choices_said(sentence)] == [choice]


@pytest.mark.parametrize("sentence", ["Start with the tests.", "start with the login page"])
def test_starting_with_a_piece_of_work_is_no_choice(sentence):
    assert _choices_said(sentence) == []


# ---- "go X" and making X the default -------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("MySQL is out; go Postgres.", "Postgres", ["MySQL"]),
        ("Let's make Postgres the default database.", "Postgres", []),
    ],
)
def test_go_x_and_making_x_the_default_are_choices(sentence, choice, alternatives):
    assert _choices_said(sentence) == [(choice, alternatives)]


@pytest.mark.parametrize("sentence", ["go home, it is late.", "ok go ahead.", "Go Team!"])
def test_go_without_a_known_name_chooses_nothing(sentence):
    assert _choices_said(sentence) == []


# ---- votes, "let's go X", and turning down a name ------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "title", "alternatives"),
    [
        (
            "My vote is Drizzle over Prisma, the generated client is too heavy for edge functions.",
            "Use Drizzle",
            ["Prisma"],
        ),
        ("Let's go Terraform instead of clicking around in the console.", "Use Terraform", []),
        ("Alright, Playwright for e2e it is.", "Use Playwright for e2e", []),
    ],
)
def test_a_vote_or_let_s_go_x_is_a_choice_titled_without_its_reasons(sentence, title, alternatives):
    decided = _kept(_run(*_said(sentence)), "decisions")
    assert [(d["title"], d.get("alternatives", [])) for d in decided] == [(title, alternatives)]


def test_turning_down_a_name_spares_a_choice_that_only_contains_it():
    # "npm" is inside "pnpm": turning npm down keeps pnpm
    assert _choices_said("Use pnpm. Not npm, not yarn.") == [("pnpm", [])]


# ---- "let's use X" with a name the lexicon does not know -----------------------------------------


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


# ---- the tool the work is done with --------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "title"),
    [
        ("Publish to PyPI via GitHub Actions on tag push.", "GitHub Actions",
         "Use GitHub Actions to publish to PyPI"),
        ("Deploy via GitHub Actions.", "GitHub Actions", "Use GitHub Actions to deploy"),
        ("Monitor with Grafana and Prometheus.", "Grafana", "Use Grafana to monitor"),
        ("Store sessions in Redis Cluster.", "Redis Cluster",
         "Use Redis Cluster to store sessions"),
    ],
)  # fmt: skip
def test_the_tool_a_piece_of_work_is_done_with_is_chosen_for_it(sentence, choice, title):
    (decided,) = _kept(_run(*_said(sentence)), "decisions")
    assert (decided["choice"], decided["title"]) == (choice, title)


@pytest.mark.parametrize(
    ("choice", "purpose", "title"),
    [
        ("storage.local", "queue", "Use storage.local for queue"),
        ("HNSW", "index", "Use HNSW for index"),
        ("GitHub Actions", "deploy", "Use GitHub Actions to deploy"),
        ("Redis", "cache the results", "Use Redis to cache the results"),
    ],
)
def test_a_purpose_is_a_verb_phrase_only_with_its_object_or_a_verb_that_is_no_noun(
    choice, purpose, title
):
    from omp.extract.candidates import _title

    assert _title(choice, purpose) == title


# ---- a schedule keeps its cron expression --------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("ok and schedule it at 0 3 * * * UTC", "schedule it at 0 3 * * * UTC"),
        ("schedule the job at `*/5 * * * *`", "schedule the job at */5 * * * *"),
        ("Schedule the rollup at 02:30 UTC so the FX refresh has slack",
         "Schedule the rollup at 02:30 UTC"),
    ],
)  # fmt: skip
def test_a_schedule_keeps_its_cron_expression_whole(sentence, choice):
    decided = rules.decision(sentence)
    assert decided is not None
    assert decided.choice == choice


# ---- one name given up for another, a part then "use" --------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("And let's drop CockroachDB for Postgres, the managed bill is silly for our size.",
         "Postgres", ["CockroachDB"]),
        ("Let's swap Redux for Zustand.", "Zustand", ["Redux"]),
        ("Replace Jest with Vitest.", "Vitest", ["Jest"]),
        ("Drop MongoDB in favour of Postgres.", "Postgres", ["MongoDB"]),
        ("For exif, use kamadak-exif.", "kamadak-exif", []),
        ("revert that, go back to thiserror", "thiserror", []),
    ],
)  # fmt: skip
def test_a_name_given_up_for_another_or_a_part_then_use_is_a_choice(sentence, choice, alternatives):
    assert _choices(*_said(sentence)) == [(choice, alternatives)]


@pytest.mark.parametrize(
    "sentence",
    ["Replace it with Vitest", "replace the handler with a new one", "swap the order for the tests",
     "drop the table for now"],
)  # fmt: skip
def test_replacing_a_thing_that_is_no_name_chooses_nothing(sentence):
    assert rules.decision(sentence) is None


# ---- a doubt about later, then the choice for now ------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("We might move to Kafka later, but for now we'll use Redis Streams.", "Redis Streams"),
        ("Maybe later. For now, let's use Redis.", "Redis"),
        ("以后可能上 Kafka，现在先用 Redis Stream。", "Redis Stream"),
        ("也许以后换 Postgres，不过先用 SQLite。", "SQLite"),
    ],
)
def test_the_choice_for_now_after_a_doubt_about_later_is_a_decision(sentence, choice):
    assert [c for c, _ in _choices(*_said(sentence))] == [choice]


@pytest.mark.parametrize(
    "sentence",
    [
        "We could try Bun, but for now maybe stay on Node?",
        "Maybe Kafka later, for now should we use Redis?",
        "Maybe we switch to Vite; for now I'm not sure.",
    ],
)
def test_a_for_now_clause_that_wavers_or_asks_decides_nothing(sentence):
    assert _choices(*_said(sentence)) == []
    assert rules.decision(sentence) is None


# ---- a later sentence about another part of the project ------------------------------------------


@pytest.mark.parametrize(
    ("message", "title"),
    [
        (
            "We'll use Postgres for the main database. The API runs on port 8080.",
            "Use Postgres for main database",
        ),
        (
            "Let's go with Fastify for the API. The API listens on port 3000.",
            "Use Fastify for API: The API listens on port 3000",
        ),
    ],
)
def test_a_later_sentence_about_another_part_does_not_join_the_decision(message, title):
    batch = _run(*_said(message))
    assert [d["title"] for d in _kept(batch, "decisions")] == [title]
    assert {"config": {"port": message[-5:-1]}} in _kept(batch, "project")


# ---- a choice said beside a refusal, or after thinking it over -----------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("forget preact, Svelte then", "Svelte"),
        ("fine — Svelte then, forget preact", "Svelte"),
        ("Perfect, Blade + Alpine from the CDN then.", "Blade + Alpine"),
        ("Use miniredis, not a real Redis, CI has no Redis.", "miniredis"),
        ("Change the retention after season end from 30 to 45 days.", "45 days"),
        ("ok after thinking about it more, let's go with Riverpod 2", "Riverpod 2"),
        ("Scrap OneSignal, we'll use FCM directly.", "FCM"),
    ],
)
def test_a_choice_said_beside_a_refusal_or_after_thinking_it_over(sentence, choice):
    assert [c for c, _ in _choices(*_said(sentence))] == [choice]


def test_thinking_about_a_name_is_still_tentative():
    assert _choices(*_said("I'm thinking about Riverpod.")) == []


# ---- a move to a plain library -------------------------------------------------------------------


def test_a_move_to_a_plain_library_chooses_the_library():
    (decided,) = _kept(
        _run(*_said("moving off Lightning to plain pytorch + accelerate")), "decisions"
    )
    assert (decided["choice"], decided["alternatives"]) == ("pytorch", ["Lightning"])


# ---- a team's chat -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("我觉得还是用回 Redis 吧", "Redis", []),
        ("不过交付压力大，还是用回 Ant Design", "Ant Design", []),
        ("同意，先不上 Kafka，用 Redis Stream 顶一下", "Redis Stream", ["Kafka"]),
        ("先不上 k8s，我们就三台机器，docker compose 够用了", "docker compose", ["k8s"]),
        ("**结论：继续使用 Nginx，APISIX 暂不引入，Q3 再评估。**", "Nginx", ["APISIX"]),
        ("就用 Redis，Kafka 先不上", "Redis", ["Kafka"]),
        ("Decision: admin console uses React 18 with TypeScript, reusing @acme/ui.",
         "React 18 with TypeScript", []),
    ],
)  # fmt: skip
def test_what_a_team_settles_is_a_decision(sentence, choice, alternatives):
    assert _choices(*_said(sentence)) == [(choice, alternatives)]


@pytest.mark.parametrize(
    "sentence",
    [
        "王强提议把 Nginx 换成 APISIX，理由是插件多、支持动态路由。",
        "不用 Kafka，用 Redis 会不会有问题",
        "先不上 k8s 吗，docker compose 够用吗？",
        "lets just do a quick vote.",
        "I'd vote Vue 3, honestly.",
    ],
)
def test_a_proposal_a_doubt_or_a_vote_decides_nothing(sentence):
    assert _choices(*_said(sentence)) == []
    assert rules.decision(sentence) is None


# ---- when something was agreed -------------------------------------------------------------------


def test_when_something_was_agreed_is_no_choice():
    assert rules.decision("oh wait, we're bumping to Node 22, the team agreed yesterday.") is None


# ---- when is not what ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("We're moving to Postgres 16 next month.", "Postgres 16"),
     ("let's switch to pnpm today", "pnpm")],
)  # fmt: skip
def test_when_a_choice_is_made_is_not_part_of_it(sentence, choice):
    decision = rules.decision(sentence)
    assert decision is not None
    assert decision.choice == choice


# ---- what is refused, or not decided yet ---------------------------------------------------------


def test_refusing_a_way_of_working_does_not_turn_down_the_tool_it_names():
    assert rules.refused("one more thing for tests: no mocking redis.") == []
    assert rules.rejected("one more thing for tests: no mocking redis.") == []
    assert rules.rejected("no string concatenation") == ["string concatenation"]
    assert rules.refused("not using redis anymore") == ["redis"]


@pytest.mark.parametrize(
    "sentence",
    ["网关 Nginx 换成 APISIX 的方案 review 了一半，还没结论", "Postgres vs Mongo: no decision yet"],
)
def test_a_choice_said_to_be_undecided_decides_nothing(sentence):
    assert rules.decision(sentence) is None


# ---- going back to an option ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("等下 小程序端也要调 tRPC不合适了 还是REST + OpenAPI", "REST + OpenAPI"),
        ("嗯 那还是 _cents，加currency列", "_cents"),
        ("ok you know what, go back to celery.", "celery"),
        ("so back to DO", "DO"),
    ],
)
def test_going_back_to_an_option(sentence, choice):
    decision = rules.decision(sentence)
    assert decision is not None
    assert decision.choice == choice


# ---- what a sentence settles before it puts a question off ---------------------------------------


def test_a_question_put_off_at_the_end_leaves_what_the_sentence_settles():
    batch = _run(
        ("user", "部署先放阿里云 OSS 静态托管 + CDN，域名 ops.acme-inc.cn，后面再说要不要上 k8s")
    )
    assert {"urls": {"domain": "ops.acme-inc.cn"}} in _kept(batch, "project")
    assert rules.before_deferral("we use Postgres 16 for now, we'll revisit sharding later") == (
        "we use Postgres 16 for now"
    )


# ---- keeping what is in use, switching in a word -------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "choice"),
    [
        ("no, keep redis", "redis"),
        ("ok, stay with Postgres", "Postgres"),
        ("screw it, switching to caddy.", "caddy"),
    ],
)
def test_a_known_name_kept_or_switched_to_in_a_word_is_the_choice(reply, choice):
    turns = [("user", "the cache layer keeps timing out"),
             ("assistant", "We could move sessions to Memcached, or tune the pool."),
             ("user", reply)]  # fmt: skip
    assert [c for c, _ in _choices(*turns)] == [choice]


@pytest.mark.parametrize("reply", ["keep it simple", "keep the tests green", "stay on topic"])
def test_keeping_what_is_no_technology_is_no_choice(reply):
    assert _choices(("user", reply)) == []


# ---- work asked for, with the known name it is to be done with -----------------------------------


@pytest.mark.parametrize(
    ("request_", "choice"),
    [
        ("add a job queue for thumbnails using BullMQ, redis is already there", "BullMQ"),
        ("write the parser in Rust", "Rust"),
        ("set up CI with GitHub Actions", "GitHub Actions"),
    ],
)
def test_work_asked_for_with_a_known_name_chooses_the_name(request_, choice):
    turns = [("user", request_), ("assistant", "On it.")]
    assert [c for c, _ in _choices(*turns)] == [choice]


@pytest.mark.parametrize(
    "request_", ["add the column in postgres", "add a button in the header", "fix the bug in React"]
)
def test_where_work_is_done_is_no_choice(request_):
    assert _choices(("user", request_), ("assistant", "On it.")) == []


# ---- "gonna use", "it is", products of several words ---------------------------------------------


def test_gonna_use_is_a_choice_against_the_one_turned_down():
    turns = [("user", "auth: Clerk or Supabase Auth?"), ("assistant", "Both work."),
             ("user", "we're gonna use Supabase Auth instead, not Clerk")]  # fmt: skip
    assert _choices(*turns) == [("Supabase Auth", ["Clerk"])]


@pytest.mark.parametrize(
    ("reply", "choice"),
    [("replace it outright, ok resend it is.", "resend"), ("honestly, sqlite it is", "sqlite")],
)
def test_a_known_name_it_is_after_a_clause_is_the_choice(reply, choice):
    assert [c for c, _ in _choices(("user", reply))] == [choice]


@pytest.mark.parametrize(
    ("said", "choice"),
    [
        ("so we will use External Secrets Operator", "External Secrets Operator"),
        ("let's use TanStack Query", "TanStack Query"),
    ],
)
def test_a_product_of_several_capitalised_words_is_the_choice(said, choice):
    assert [c for c, _ in _choices(("user", said))] == [choice]


def test_a_day_is_no_product():
    assert _choices(("user", "let's use Friday")) == []


# ---- "X is the way": the way taken ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "choice"),
    [("ok FSDP is the way, we delete the deepspeed config.", "FSDP"),
     ("Terraform is the way to go.", "Terraform"),
     ("so yeah, Postgres is the way forward", "Postgres")],
)  # fmt: skip
def test_a_name_said_to_be_the_way_is_the_choice(reply, choice):
    assert [c for c, _ in _choices(("user", reply))] == [choice]


@pytest.mark.parametrize(
    "reply",
    ["this is the way it works", "the hard way is the way.", "is FSDP the way to go?",
     "maybe FSDP is the way to go", "the way home is long"],
)  # fmt: skip
def test_a_way_that_names_no_choice_is_none(reply):
    assert _choices(("user", reply)) == []


# ---- "after" a step, and choices for parts -------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "choice"),
    [("前端 `pnpm build` 之后用 coscli 同步到存储桶；", None), ("build 以后用 rsync 传上去", None),
     ("以后我们都用 pnpm。", "pnpm"), ("好，之后统一用 ruff", "ruff")],
)  # fmt: skip
def test_after_a_step_is_a_sequence_not_from_now_on(said, choice):
    from omp import rules

    found = rules.decision(said)
    assert (found.choice if found else None) == choice


@pytest.mark.parametrize(
    ("said", "what"),
    [("switch us to ruff for both lint and format.", "lint and format"),
     ("Postgres for both reads and writes, no replicas", "reads and writes"),
     ("use Kafka for the queue and Redis for cache", "queue")],
)  # fmt: skip
def test_a_choice_for_both_of_two_parts_is_for_both(said, what):
    from omp import rules

    assert rules.purpose(said) == what


@pytest.mark.parametrize(
    ("said", "choice", "what"),
    [("Decision for environments: staging auto-sync, prod manual sync with approval by two people.",
      "staging auto-sync", "environments"),
     ("Decision for the cache: Redis.", "Redis", "cache")],
)  # fmt: skip
def test_a_decision_said_for_a_part_is_explicit_and_for_that_part(said, choice, what):
    from omp import rules

    found = rules.decision(said)
    assert found is not None and (found.choice, found.purpose, found.explicit) == (
        choice, what, True,
    )  # fmt: skip


# ---- a reason after "so", code ported to a library, a choice cut short ---------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "details"),
    [("Isar's development has stalled (the maintainer stepped back in 2024), so for a new "
      "project I'd pick Drift (SQLite, type-safe queries, migrations).", "Drift", []),
     ("服务器内存只有 2G，所以就用 SQLite 吧，文件放 /data/app.db", "SQLite",
      ["文件放 /data/app.db"])],
)  # fmt: skip
def test_a_clause_a_so_follows_is_the_reason_not_a_detail(sentence, choice, details):
    from omp import rules

    assert rules.decided_details(sentence, choice) == details


@pytest.mark.parametrize(
    ("said", "choice"),
    [("port it to clap derive please.", "clap derive"), ("switch it to clap please", "clap")],
)
def test_code_ported_to_a_library_chooses_it_without_the_please(said, choice):
    assert [c for c, _ in _choices(("user", said))] == [choice]


@pytest.mark.parametrize("said", ["port to python 3 first?", "we could port it to Rust"])
def test_a_port_asked_about_or_mused_chooses_nothing(said):
    assert _choices(("user", said)) == []


def test_a_choice_cut_short_keeps_the_value_of_its_last_setting():
    from omp import rules

    found = rules.decision("We decided iOS 15 minimum and Android minSdk 24.")
    assert found is not None and found.choice == "iOS 15 minimum and Android minSdk 24"


# ---- a layout picked -----------------------------------------------------------------------------


def test_the_parts_of_a_layout_picked_with_it_is_are_the_choice():
    turns = [("user", "how should I structure the dbt project?"),
             ("assistant", "The three-layer layout: staging/, intermediate/ and marts/."),
             ("user", "ok staging/intermediate/marts it is.")]  # fmt: skip
    assert [c for c, _ in _choices(*turns)] == ["staging/intermediate/marts"]


def test_a_path_that_it_is_in_is_no_choice():
    assert _choices(("user", "the config for it is in deploy/k8s/values.yaml")) == []


# ---- a switch of a named thing, said for the future ----------------------------------------------


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


# ---- a terse pick: agreed in a word, taken with the way it is used, as a team says it ------------


@pytest.mark.parametrize(
    ("reply", "choice"),
    [
        ("yep, TanStack Query.", "TanStack Query"),
        ("ok, vitest + testing library + msw then.", "vitest + testing library + msw"),
        ("Ok we take Helm. Kustomize is out.", "Helm"),
        ("So not Render \u2014 we go to ECS Fargate + RDS in eu-central-1.", "ECS Fargate + RDS"),
    ],
)
def test_a_known_name_taken_tersely_is_the_choice(reply, choice):
    turns = [("user", "what do you think?"), ("assistant", "Both would work."), ("user", reply)]
    [taken] = _chosen(*turns)
    assert taken.startswith(choice)


@pytest.mark.parametrize(
    "reply",
    ["yes, tomorrow.", "yep, that works", "ok we take the risk", "we take a break at noon",
     "we go to the office on monday", "yep, thanks!"],
)  # fmt: skip
def test_an_agreement_or_take_without_a_known_name_is_no_choice(reply):
    turns = [("user", "what do you think?"), ("assistant", "Both would work."), ("user", reply)]
    assert _chosen(*turns) == []


def test_an_agreement_before_a_verb_and_a_name_takes_no_name():
    batch = _run(("user", "lua sounds fine."), ("assistant", "OK."), ("user", "ok scratch lua."))
    assert "scratch lua" not in [str(d["choice"]) for d in _kept(batch, "decisions")]


def test_an_address_after_a_pick_is_no_detail_of_the_decision():
    turns = [
        ("assistant", "Which package manager \u2014 npm, yarn or pnpm?"),
        ("user", "pnpm with workspaces, yes monorepo. staging is at https://staging.example.app"),
    ]
    [d] = _kept(_run(*turns), "decisions")
    assert d["choice"] == "pnpm" and "https://" not in d["title"]


# ---- a further choice after "and use", a concern and its tool ------------------------------------


def test_a_second_way_taken_after_and_use_is_a_further_choice():
    text = "Forget Redis, I'll stay with database-backed sessions and use the file-based cache."
    batch = _run(("user", text))
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["database-backed sessions"]
    assert [d["choice"] for d in _kept(batch, "decisions", "review")] == ["file-based cache"]


@pytest.mark.parametrize(
    "text",
    ["let's go with Postgres and use it for queues too", "we go with FastAPI and use the defaults"],
)
def test_and_use_of_a_pronoun_or_a_plain_word_is_no_further_choice(text):
    assert _kept(_run(("user", text)), "decisions", "review") == []


@pytest.mark.parametrize(
    ("text", "choice"),
    [("releases via cargo-dist.", "cargo-dist"), ("deploys through Argo CD", "Argo CD")],
)
def test_a_concern_and_the_tool_it_goes_through_is_a_decision(text, choice):
    [d] = _kept(_run(("user", text)), "decisions")
    assert d["choice"] == choice


@pytest.mark.parametrize("text", ["errors via email?", "releases via the pipeline"])
def test_a_question_or_no_name_after_via_is_no_decision(text):
    assert _chosen(("user", text)) == []


# ---- "decided: no X, Y": what is used instead of the one ruled out ------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("ok I've decided: no ORM, raw SQL with sqlx", "raw SQL with sqlx", ("ORM",)),
        ("we decided: no Redux, just Zustand", "Zustand", ("Redux",)),
        ("decision: no Jest, we use Vitest", "Vitest", ("Jest",)),
        # nothing named instead: the rule said whole stays the choice
        ("decided: no ORM, we keep it simple", "no ORM", ()),
    ],
)
def test_a_decision_ruling_one_out_chooses_the_one_named_after_it(sentence, choice, alternatives):
    decided = rules.decision(sentence)
    assert decided is not None
    assert (decided.choice, decided.alternatives) == (choice, alternatives)


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        (
            "Decision made: we self-host Plausible instead of using Google Analytics.",
            "self-host Plausible",
        ),
        ("Decision: go with Stripe Checkout", "Stripe Checkout"),
        ("decided: go with Postgres", "Postgres"),
    ],
)
def test_a_decision_said_with_its_label_keeps_only_what_was_chosen(sentence, choice):
    decided = rules.decision(sentence)
    assert decided is not None and decided.explicit
    assert decided.choice == choice


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("ledger is BIGINT minor units everywhere, keep it consistent",
         "ledger is BIGINT minor units everywhere"),
        ("timestamps are UTC everywhere", "timestamps are UTC everywhere"),
        ("ids are UUIDv7 everywhere", "ids are UUIDv7 everywhere"),
    ],
)  # fmt: skip
def test_a_convention_for_everywhere_is_a_rule_said_whole(sentence, choice):
    decided = rules.decision(sentence)
    assert decided is not None and decided.choice == choice


@pytest.mark.parametrize(
    "sentence",
    ["the page is flaky everywhere", "it is slow everywhere", "logging is broken everywhere"],
)
def test_a_fault_seen_everywhere_is_no_convention(sentence):
    assert rules.decision(sentence) is None


@pytest.mark.parametrize(
    "sentence", ["switch to agent and set it up please.", "switch to agent mode"]
)
def test_a_mode_of_the_editor_is_no_choice(sentence):
    assert rules.decision(sentence) is None


# ---- a way said whole: a pin, a part kept out, one way for everything ----------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("pin the runner to ubuntu-24.04, ubuntu-latest moved under us last time.",
         "pin the runner to ubuntu-24.04"),
        ("pin numpy below 2.0.", "pin numpy below 2.0"),
        ("and leave the /changelog pages out of the index entirely, people land on old notes",
         "leave the /changelog pages out of the index"),
        ("exclude vendor/ from coverage.", "exclude vendor/ from coverage"),
        ("no actually. last-write-wins by updated_at for everything.",
         "last-write-wins by updated_at for everything"),
        # what is left out of the talk, or a report, is no rule
        ("leave me out of this", None),
        ("keep it out of the repo", None),
        ("I left the tests out of the PR.", None),
    ],
)  # fmt: skip
def test_a_way_said_whole_is_the_choice(sentence, choice):
    decided = rules.decision(sentence)
    assert (decided.choice if decided else None) == choice
