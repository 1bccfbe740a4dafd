"""The options a conversation offers and the replies that pick one by its place.

Options the assistant lists (numbered, bulleted, under "Options:", labelled "方案 A", numbered
inside a sentence), either-or questions (with a qualifier, of two bare names, the person's own),
what the assistant proposes as the best fit; replies that are only a label, a number or an
ordinal, or one side of the question. Also where a sentence ends and what the Markdown clean-up
keeps, since the options and answers are read sentence by sentence.
"""

from __future__ import annotations

import pytest

from omp import rules
from tests.extraction import _choices, _chosen, _kept, _run, _said, _said_zh

# ---- what the assistant proposes as the best fit -------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "proposed"),
    [
        ("Since Mosquitto is already there, MQTT is the better fit:", "MQTT"),
        ("For an access token, `storage.session` is the better fit in MV3.", "storage.session"),
        ("Postgres would be the best choice here.", "Postgres"),
    ],
)
def test_the_best_or_better_fit_names_what_the_assistant_proposes(sentence, proposed):
    assert rules.proposal(sentence) == proposed


@pytest.mark.parametrize(
    "sentence",
    [
        "Which one is the best fit for you?",
        "It depends on which is the better fit.",
        "This is the best option.",
        # a word that only begins like "use"
        "Users would have to log in once more after the deploy.",
        "Pickers on the floor scan each item.",
    ],
)
def test_a_question_or_a_pronoun_before_the_best_fit_proposes_nothing(sentence):
    assert rules.proposal(sentence) is None


# ---- picking one side of "either X or Y. Which do you prefer?" -----------------------------------

_EITHER = (
    "The runner can't decode defmt frames. You need either `probe-rs run` or openocd + "
    "`defmt-print` piped from the RTT TCP port. Which do you prefer?"
)


def test_naming_one_side_of_an_either_or_question_chooses_it_over_the_other():
    turns = [*_said("logs need decoding."), ("assistant", _EITHER), ("user", "probe-rs, always.")]
    batch = _run(*turns)
    [decision] = _kept(batch, "decisions")
    assert decision["choice"] == "probe-rs"
    assert decision["alternatives"] == ["openocd"]


def test_the_sides_of_either_or_are_offered_only_when_the_assistant_asks_which():
    assert rules.asked_options(_EITHER) == ["probe-rs", "openocd"]
    told = "You need either `probe-rs run` or openocd + `defmt-print` to read the frames."
    assert rules.asked_options(told) == []


# ---- names with underscores or stars survive the Markdown clean-up -------------------------------


@pytest.mark.parametrize(
    ("line", "sentence"),
    [
        (
            "I always want `from __future__ import annotations` at the top of new modules.",
            "I always want `from __future__ import annotations` at the top of new modules.",
        ),
        ("Tests live in src/__tests__/ and __init__.py stays empty.", None),
        ("Pass `**kwargs` through to the client.", None),
        ("The **new** parser is __much__ faster.", "The new parser is much faster."),
    ],
)
def test_bold_marks_go_but_names_and_code_spans_keep_their_underscores(line, sentence):
    assert rules.statements(line) == [sentence or line]


# ---- "Lua or Go?", "go ahead", and a bare either-or question -------------------------------------


@pytest.mark.parametrize(
    ("reply", "chosen"),
    [
        ("Go, since the rest of our plugins are Go.", [("Go", ["Lua"])]),
        ("Lua, since it is simpler.", [("Lua", ["Go"])]),
    ],
)
def test_go_offered_beside_another_language_can_be_picked(reply, chosen):
    turns = [
        ("user", "For the game server we use Nakama."),
        ("assistant", "OK. Want me to write the matchmaker override in Lua or Go?"),
        ("user", reply),
    ]
    assert _choices(*turns) == chosen


def test_go_ahead_picks_nothing():
    turns = [
        ("user", "For the game server we use Nakama."),
        ("assistant", "Want me to go ahead or wait?"),
        ("user", "Go ahead."),
    ]
    assert _choices(*turns) == []


def test_a_name_of_a_bare_either_or_question_picked_in_the_reply_is_chosen():
    turns = [
        ("user", "writing a cli in rust to bulk-rename photos by exif date. clap or argh?"),
        ("assistant", "clap (derive API) is the most common choice. argh is smaller."),
        ("user", "clap derive. binary name should be `snapname`"),
    ]
    assert _choices(*turns) == [("clap", ["argh"])]


# ---- where a sentence ends -----------------------------------------------------------------------


def test_an_ellipsis_before_a_lower_case_word_does_not_end_the_sentence():
    text = "算了 COPY 没法做 upsert，还是改回 insert ... on conflict 吧"
    assert rules.statements(text) == [text]


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("回测框架要不要换 backtrader？还是继续用我们自己的 vnpy fork",
         ["回测框架要不要换 backtrader？还是继续用我们自己的 vnpy fork"]),
        ("好的。还是用 Kafka 吧", ["好的。", "还是用 Kafka 吧"]),
        ("lets try duckdb... hmm no polars", ["lets try duckdb...", "hmm no polars"]),
        ("Is it ok? Yes. 可以吗？可以！", ["Is it ok?", "Yes.", "可以吗？", "可以！"]),
    ],
)  # fmt: skip
def test_an_either_or_question_is_one_sentence_and_an_elision_set_apart_ends_none(text, sentences):
    assert rules.statements(text) == sentences


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("hosted on Vercel. ~1,800 MAU, maybe 140 paying.",
         ["hosted on Vercel.", "~1,800 MAU, maybe 140 paying."]),
        ("Works. 2 devs on it.", ["Works.", "2 devs on it."]),
        # a number after a version's or an abbreviation's full stop goes on
        ("pin it to v1. 2 is too old", ["pin it to v1. 2 is too old"]),
        ("run more workers, e.g. 5 of them", ["run more workers, e.g. 5 of them"]),
    ],
)  # fmt: skip
def test_a_number_after_a_words_full_stop_opens_a_sentence(text, sentences):
    # "maybe" in the sentence after makes the stack before it no tentative talk
    assert rules.statements(text) == sentences


# ---- a question of two names ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "offered"),
    [
        ("writing a cli in rust to rename photos by exif date. clap or argh?", ["clap", "argh"]),
        ("sync or async?", ["sync", "async"]),
        ("Pinia vs Vuex?", ["pinia", "vuex"]),
        ("now or later?", []),
        ("should I use it or not?", []),
    ],
)
def test_a_question_of_two_names_alone_offers_both(message, offered):
    assert rules.asked_options(message) == offered


# ---- "no" and a name -----------------------------------------------------------------------------


@pytest.mark.parametrize("sentence", ["no arduino.", "no Kafka"])
def test_no_and_a_name_is_no_short_answer_picking_it(sentence):
    assert rules.short_answer(sentence, ["arduino", "kafka"]) is None


# ---- names with underscores or stars survive the Markdown clean-up -------------------------------


def test_stars_that_mask_characters_are_no_bold_marks():
    assert rules.statements("手机 138****5678 的用户，用**Pinia**做状态管理") == [
        "手机 138****5678 的用户，用Pinia做状态管理"
    ]


# ---- a reply that is only a label ----------------------------------------------------------------

_QUEUE_OFFER = (
    "Two options:\n1. **Postgres** with SKIP LOCKED - one less service\n"
    "2. **Redis** with BullMQ - faster, but another thing to run\nWhich one?"
)


@pytest.mark.parametrize(
    ("reply", "choice", "other"),
    [
        ("1", "Postgres", "Redis"),
        ("2", "Redis", "Postgres"),
        ("2 please", "Redis", "Postgres"),
        ("#1 - one less thing to run", "Postgres", "Redis"),
        ("2吧", "Redis", "Postgres"),
    ],
)
def test_a_reply_that_is_only_a_label_picks_the_option(reply, choice, other):
    turns = [("user", "we need a database for the job queue"), ("assistant", _QUEUE_OFFER),
             ("user", reply), ("assistant", "Done, the worker is in src/worker.ts.")]  # fmt: skip
    assert _choices(*turns) == [(choice, [other])]


def test_the_reason_after_the_label_is_the_rationale_and_the_option_line_the_context():
    turns = [("user", "队列用什么？"),
             ("assistant", "两个方案：\n方案一：**RabbitMQ**，成熟\n"
                           "方案二：**Kafka**，吞吐高\n你选哪个？"),
             ("user", "二吧，以后数据量大")]  # fmt: skip
    [decision] = _kept(_run(*turns), "decisions")
    assert decision["choice"] == "Kafka"
    assert decision["rationale"] == "以后数据量大"
    assert decision["context"].startswith("方案二：**Kafka**，吞吐高")


@pytest.mark.parametrize(
    "turns",
    [
        # a plan's steps, not a question: "2" picks nothing
        [
            ("user", "the build is broken"),
            ("assistant", "Here is what I will do:\n1. **Clear the cache**\n2. **Rebuild**"),
            ("user", "2"),
        ],
        # too late: the list was offered long before
        [
            ("user", "we need a database for the job queue"),
            ("assistant", _QUEUE_OFFER),
            ("user", "let me think about it"),
            ("assistant", "Sure."),
            ("user", "anyway, the CI is red"),
            ("assistant", "Looking."),
            ("user", "2"),
        ],
        # "2. …" opens a list of the person's own
        [
            ("user", "we need a database for the job queue"),
            ("assistant", _QUEUE_OFFER),
            ("user", "1. which is cheaper?"),
        ],
    ],
)
def test_a_number_that_is_no_pick_decides_nothing(turns):
    assert _choices(*turns) == []


# ---- options called options, and a short answer --------------------------------------------------


def test_a_label_picks_from_options_offered_without_a_question_mark():
    offer = ("For a Next.js 14 App Router project there are three realistic choices:\n\n"
             "1. **NextAuth (Auth.js v5)** - free, self-hosted.\n2. **Clerk** - hosted, drop-in.\n"
             "3. **Lucia** - lightweight library.\n\nI'd lean towards Clerk.")  # fmt: skip
    [decision] = _kept(_run(("user", "I need login. what are my options"),
                            ("assistant", offer), ("user", "2")), "decisions")  # fmt: skip
    assert (decision["title"], decision["choice"]) == ("Use Clerk", "Clerk")


def test_a_one_word_answer_to_an_either_or_question_is_no_trivial_entry():
    turns = [("user", "我们加测试吧"),
             ("assistant", "好。用 uv 还是 poetry 装？我看仓库里 uv.lock 和 poetry.lock 都有"),
             ("user", "uv。poetry.lock 是之前的 忘删了 顺手删掉")]  # fmt: skip
    assert _choices(*turns) == [("uv", ["poetry"])]


# ---- a table of labelled options -----------------------------------------------------------------


def test_a_table_of_labelled_options_is_picked_by_its_label():
    offer = (
        "删除策略：\n\n| 选项 | 做法 | 优点 |\n|---|---|---|\n| A | 软删除，`deleted_at` | 简单 |\n"
        "| B | 硬删除 + 归档表 | 主表干净 |\n| C | 硬删除 | 最简单 |"
    )
    assert _choices(("user", "删除怎么做"), ("assistant", offer), ("user", "A")) == [
        ("软删除", ["硬删除 + 归档表", "硬删除"])
    ]


# ---- a chat's question without a question mark ---------------------------------------------------


def test_a_chats_question_without_a_question_mark_offers_its_two_names():
    assert rules.asked_options("日期库 moment 还是 dayjs") == ["moment", "dayjs"]
    assert rules.asked_options("moment or dayjs") == ["moment", "dayjs"]


# ---- an answer naming two names ------------------------------------------------------------------


def test_an_answer_naming_two_names_one_or_the_other_offers_them():
    turns = [("user", "which android db lib?"),
             ("assistant", "Room or SQLDelight. Room is the default; SQLDelight for KMP later."),
             ("user", "ok room then")]  # fmt: skip
    assert [c for c, _ in _choices(*turns)] == ["Room"]
    # not the names of a statement no question asked for: the short reply takes Room, and
    # turns nothing down
    said = [("user", "the db layer is slow"), ("assistant", "Room or SQLDelight, both are fine."),
            ("user", "ok room then")]  # fmt: skip
    assert _choices(*said) == [("Room", [])]


# ---- options laid out without a question mark ----------------------------------------------------

_NEON = (
    "True, free projects pause after 7 days. Options: pay for Supabase Pro ($25/mo), or use "
    "Neon, whose free tier scales to zero and doesn't pause the project."
)


def test_a_short_pick_after_options_said_without_a_question_is_the_choice():
    turns = [("user", "supabase free tier pauses the project, deal breaker"),
             ("assistant", _NEON), ("user", "neon then. drop supabase.")]  # fmt: skip
    assert _choices(*turns) == [("Neon", ["Supabase"])]


def test_options_said_in_passing_turn_nothing_down():
    turns = [
        ("user", "supabase free tier pauses the project"),
        ("assistant", "Supabase Pro or Neon would both avoid that."),
        ("user", "neon then."),
    ]
    # the short reply takes Neon; a statement turns down nothing
    assert _choices(*turns) == [("Neon", [])]


@pytest.mark.parametrize("reply", ["drop supabase.", "no supabase", "forget supabase"])
def test_a_short_reply_turning_an_option_down_picks_nothing(reply):
    turns = [("user", "which db?"), ("assistant", "Supabase or Neon?"), ("user", reply)]
    assert _choices(*turns) == []


# ---- the person's own either-or question, of names the lexicon does not know ---------------------


@pytest.mark.parametrize(
    ("asked", "reply", "choice", "others"),
    [("also secrets, we use sealed-secrets or external secrets? we have no vault",
      "sealed-secrets then, maybe later external secrets when we have vault.",
      "sealed-secrets", ["external secrets"]),
     ("for releases, cargo-dist or goreleaser-style by hand?",
      "cargo-dist. targets linux x86_64, mac arm64, windows.", "cargo-dist", ["goreleaser-style"])],
)  # fmt: skip
def test_a_pick_of_the_persons_own_either_or_question_is_the_choice(asked, reply, choice, others):
    answer = "Both work; one is simpler without a backing store."
    turns = [("user", asked), ("assistant", answer), ("user", reply)]
    assert _choices(*turns) == [(choice, others)]


# ---- an either-or question of ways or times ------------------------------------------------------


@pytest.mark.parametrize(
    "asked", ["should we rewrite or refactor?", "now or later?", "keep ds_z3.json or delete it?"]
)
def test_an_either_or_question_of_ways_or_times_offers_no_names(asked):
    from omp import rules

    assert rules.asked_options(asked) == []


# ---- options numbered inside a sentence ("方案有两个：1）…；2）…") -------------------------------

_TWO_WAYS = (
    "部署方案有两个：1）前端放 COS 静态网站托管 + CDN，后端放 CVM 上用 docker compose；"
    "2）全部放到 TKE（腾讯云 Kubernetes）。你们规模多大？"
)


def test_an_option_numbered_inside_a_sentence_is_picked_by_its_place():
    turns = [
        ("user", "帮我看看这个项目怎么部署到腾讯云"),
        ("assistant", _TWO_WAYS),
        (
            "user",
            "k8s 太重了，不要 TKE。用第一种：前端 COS + CDN，后端一台 CVM 跑 docker compose。",
        ),
    ]
    [(choice, others)] = _choices(*turns)  # fmt: skip
    assert "COS" in choice and "CVM" in choice and others == ["全部放到 TKE（腾讯云 Kubernetes）"]


def test_numbers_in_a_sentence_that_are_no_run_of_options_offer_nothing():
    from omp import rules

    assert rules.options("版本 2）已经发布；3）还在测") == {}  # not from 1 on
    assert rules.options("步骤：1）装依赖") == {}  # one alone


# ---- either-or questions with a qualifier or a purpose -------------------------------------------


@pytest.mark.parametrize(
    ("question", "options"),
    [
        ("flask-migrate or plain alembic?", ["flask-migrate", "plain alembic"]),
        ("Room or SQLDelight for the local db?", ["room", "sqldelight"]),
        ("we have no tests yet. vitest or jest for the unit tests?", ["vitest", "jest"]),
        ("vanilla js or htmx?", ["vanilla js", "htmx"]),
    ],
)
def test_an_either_or_question_with_a_qualifier_or_a_purpose_offers_both(question, options):
    assert rules.asked_options(question) == options


@pytest.mark.parametrize(
    "question", ["should we ship it now or later for the release?", "is this or that for the api?"]
)
def test_times_and_pointers_are_no_options(question):
    assert rules.asked_options(question) == []


def test_the_reply_picks_the_qualified_option_over_the_other():
    turns = [("user", "tables are created with db.create_all(). flask-migrate or plain alembic?"),
             ("assistant", "Both use Alembic underneath; plain Alembic runs without the app."),
             ("user", "plain alembic. put it under migrations/ at the repo root")]  # fmt: skip
    assert _choices(*turns) == [("plain alembic", ["flask-migrate"])]


# ---- a pick after "ok" or "and yes", with its reason after it ------------------------------------


@pytest.mark.parametrize(
    ("sentence", "picked"),
    [
        ("ok room then, most examples and im learning.", "room"),
        ("and yes django-celery-beat so support can change the schedule in admin.",
         "django-celery-beat"),
        ("yeah, sqldelight since we want KMP later", "sqldelight"),
        ("Room because the docs are better", "room"),
    ],
)  # fmt: skip
def test_a_reply_opening_with_an_offered_name_after_a_word_of_assent_picks_it(sentence, picked):
    offered = ["room", "sqldelight", "django-celery-beat"]
    assert rules.leading_name(sentence, offered) == picked


@pytest.mark.parametrize(
    "sentence",
    ["ok so what does room give us over sqlite?", "and room is slower, isn't it", "no room"],
)
def test_a_reply_talking_about_an_offered_name_picks_nothing(sentence):
    assert rules.leading_name(sentence, ["room", "sqldelight"]) is None


# ---- an offered name before a colon --------------------------------------------------------------


@pytest.mark.parametrize("sentence", ["events_raw: replica identity full", "events_raw: hmm"])
def test_an_offered_name_heading_what_follows_is_no_pick(sentence):
    assert rules.leading_name(sentence, ["events_raw", "tmp_imports"]) is None


def test_a_known_name_before_a_colon_is_picked_for_the_reason_after_it():
    assert rules.leading_name("sqlc: less magic than gorm", ["sqlc", "gorm"]) == "sqlc"


def test_what_an_offered_topic_is_kept_as_is_no_pick_of_it():
    assert rules.leading_name("and amounts as decimal strings, no floats", ["amounts"]) is None


# ---- a list of options under "Options:" ----------------------------------------------------------

_OPTIONS = """Container filesystems on Fly are ephemeral. Options:

- **SQLite on a Fly volume**: mount it at `/data`. Simple, single machine only.
- **LiteFS** if you later need replicas.
"""


def test_a_list_under_options_offers_its_bold_heads():
    assert rules.offered_bullets(_OPTIONS) == ["SQLite on a Fly volume", "LiteFS"]


def test_a_list_of_steps_offers_nothing():
    steps = "Next steps:\n\n- **Create the volume**: run it.\n- **Deploy** again after that.\n"
    assert rules.offered_bullets(steps) == []


def test_a_reply_naming_a_listed_option_picks_it_over_the_others():
    turns = [("user", "where do I keep the data? right now it's a sqlite file in the container"),
             ("assistant", _OPTIONS),
             ("user", "sqlite on a volume, mounted at /data. maybe litefs later")]  # fmt: skip
    assert _choices(*turns)[0] == ("SQLite on a Fly volume", ["LiteFS"])


# ---- an option's number opening the reply, as a list item would ----------------------------------

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


# ---- an either-or side said in two words ---------------------------------------------------------


def test_the_side_of_an_either_or_question_said_in_two_words_is_an_option():
    turns = [
        ("user", "hm, ndjson or one array?"),
        ("assistant", "NDJSON streams and works with `jq -c`; an array has to buffer everything."),
        ("user", "ndjson."),
    ]
    [d] = _kept(_run(*turns), "decisions")
    assert d["choice"] == "ndjson" and d["alternatives"] == ["one array"]


def test_x_or_something_else_offers_no_second_option():
    turns = [("user", "so, ndjson or something else?"), ("assistant", "Depends."),
             ("user", "ndjson.")]  # fmt: skip
    assert _kept(_run(*turns), "decisions") == []


# ---- an either-or of a name and a way said in words; a pick that says how it is used -----------


@pytest.mark.parametrize(
    ("question", "options"),
    [
        ("Should we store wifi creds in a header file or NVS?", ["nvs", "a header file"]),
        ("Alembic or write raw SQL migrations?", ["alembic", "write raw sql migrations"]),
        ("Should I use Redis or a plain dict?", ["redis", "a plain dict"]),
        # a way of doing the work, or a place a name sits in, offers no named option
        ("Want me to run the tests or just push?", []),
        ("Is it a bug in our code or in FastAPI?", []),
        ("OK. Want me to write the matchmaker override in Lua or Go?", ["lua", "go"]),
    ],
)
def test_an_either_or_of_a_name_and_a_way_offers_both(question, options):
    assert rules.asked_options(question) == options


@pytest.mark.parametrize(
    ("question", "reply", "chosen"),
    [
        ("Should we store wifi creds in a header file or NVS?", "NVS with BLE provisioning.",
         [("NVS", ["a header file"])]),
        ("Which OTA approach: esp_https_ota or MCUboot?",
         "native esp_https_ota with A/B slots + rollback, no mcuboot.",
         [("esp_https_ota", ["MCUboot"])]),
        ("Which runtime for the modules, TypeScript or Go?",
         "Go runtime for all server modules, pin to nakama 3.", [("Go", ["TypeScript"])]),
    ],
)  # fmt: skip
def test_the_answer_to_a_question_may_say_how_the_option_is_used(question, reply, chosen):
    turns = [("user", "Picking the firmware back up."), ("assistant", question), ("user", reply)]
    assert _choices(*turns) == chosen


# ---- an option picked, then a condition on it ----------------------------------------------------

_REMINDERS = (
    "assistant",
    "A few ways on Vercel:\n1. **Vercel Cron** - simple, once a day on Hobby\n"
    "2. **Inngest** - retries and scheduling built in\n3. **QStash** - an HTTP queue",
)


@pytest.mark.parametrize(
    "reply",
    [
        "Inngest，但是 retries 不要超过 3 次，发两遍提醒会被客户骂。",
        "Inngest, but no more than 3 retries.",
        "Inngest，不过重试别超过 3 次",
    ],
)
def test_an_option_picked_with_a_condition_on_it_is_chosen(reply):
    chosen = [c for c, _ in _choices(*_said("how do we send the reminders?"), _REMINDERS,
                                      ("user", reply))]  # fmt: skip
    assert chosen == ["Inngest"]


@pytest.mark.parametrize("reply", ["Inngest, but not now.", "Inngest, but not yet"])
def test_an_option_named_and_put_off_is_not_chosen(reply):
    turns = [*_said("how do we send the reminders?"), _REMINDERS, ("user", reply)]
    assert "Inngest" not in [c for c, _ in _choices(*turns)]


# ---- an option picked by what sets it apart ------------------------------------------------------

_MAIL_OPTIONS = (
    "Two options:\n"
    "1. Amazon SES: cheapest, but you manage the domain reputation and bounce handling yourself\n"
    "2. Postmark: managed, great deliverability, $15/month for 10k emails\n"
    "Which one?"
)


@pytest.mark.parametrize(
    ("reply", "choice"),
    [
        ("the managed one is fine, go with that", "Postmark"),
        ("the cheaper option, we send few mails", "Amazon SES"),
    ],
)
def test_a_reply_names_the_one_option_its_words_describe(reply, choice):
    turns = [*_said("we need a mail provider."), ("assistant", _MAIL_OPTIONS), ("user", reply)]
    assert _chosen(*turns) == [choice]


@pytest.mark.parametrize(
    "reply",
    [
        "the first one is what we use elsewhere?",  # a question
        "the free one",  # no option says it
        "not the managed one",  # negated
    ],
)
def test_a_description_that_fits_no_option_or_asks_picks_none(reply):
    turns = [*_said("we need a mail provider."), ("assistant", _MAIL_OPTIONS), ("user", reply)]
    assert _chosen(*turns) == []


def test_a_chinese_reply_picks_the_option_its_words_describe():
    options = (
        "有几种做法：\n1. 阿里云 SLS：按量计费，查询语法强\n"
        "2. 自建 Loki + Grafana：省钱，但要维护\n你们倾向哪个？"
    )
    turns = [*_said_zh("日志要不要上云"), ("assistant", options), ("user", "省钱的那个吧")]
    assert _chosen(*turns) == ["自建 Loki + Grafana"]


# ---- a short reply that takes a name the assistant just named ------------------------------------

_ZSTD = (
    "zstd (level 3) is the usual default now: noticeably smaller than snappy on numeric data, "
    "and DuckDB and polars read it. Snappy is only worth it if something old can't read zstd."
)


@pytest.mark.parametrize(
    ("reply", "choice"),
    [("zstd then. Nothing old reads these files.", "zstd"), ("snappy please", "snappy")],
)
def test_a_reply_that_is_a_name_the_assistant_just_named_chooses_it(reply, choice):
    turns = [*_said("which compression for parquet?"), ("assistant", _ZSTD), ("user", reply)]
    assert _chosen(*turns) == [choice]


@pytest.mark.parametrize(
    "reply",
    ["both then.", "ok then", "brotli then.", "zstd?", "commit."],
)
def test_a_short_reply_of_no_name_the_assistant_named_chooses_nothing(reply):
    turns = [*_said("which compression for parquet?"), ("assistant", _ZSTD), ("user", reply)]
    assert _chosen(*turns) == []


def test_the_names_a_message_puts_forward_are_name_like_words():
    names = rules.mentioned_names(
        "Use `coscli` for LZ4 bundles; zstd beats zstd-less setups. Fine."
    )
    assert {"coscli", "lz4", "zstd-less"} <= set(names)
    assert "fine" not in names and "use" not in names


# ---- a naming pattern the person sets ------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "pattern"),
    [
        ("agreed, <source>_<entity>_<layer> for every asset.", "<source>_<entity>_<layer>"),
        ("另外 Kafka topic 命名统一成 risk.<domain>.<event>.v1，比如 risk.order.created.v1。",
         "risk.<domain>.<event>.v1"),
        ("上报间隔 60 秒可以，topic 规范定成 gh/<site>/<node_id>/telemetry，QoS 1。",
         "gh/<site>/<node_id>/telemetry"),
        ("bundle 命名统一成 level_<两位编号>_<name>，比如 level_07_boss。",
         "level_<两位编号>_<name>"),
    ],
)  # fmt: skip
def test_a_pattern_with_parts_to_fill_in_is_a_naming_rule(sentence, pattern):
    assert rules.naming_pattern(sentence) == pattern


@pytest.mark.parametrize(
    "sentence",
    [
        "Use Vec<String> here.",  # a type, not a name to fill in
        "should topics look like gh/<site>/<node_id>?",  # a question
        "maybe name them <env>-<app> later",  # tentative
        "the save goes to user://saves/slot_<n>.sav",  # one part, nothing says it names things
        # paths and addresses with parts to fill in, nothing said of naming
        "落到 /data/recon/inbound/{channel}/{yyyyMMdd}/ 下面，然后逐笔比对。",
        "主题目录 themes/<name>/templates，支持 base.html 继承。",
        "线上会是 https://tiles.cityparcels.cn/parcels/{z}/{x}/{y}，帮我加到 .env。",
    ],
)
def test_types_questions_and_one_part_paths_set_no_naming_rule(sentence):
    assert rules.naming_pattern(sentence) is None


def test_a_naming_rule_the_person_sets_is_stored_as_a_decision():
    [decision] = _kept(
        _run(*_said("Kafka topic 命名统一成 risk.<domain>.<event>.v1。")), "decisions"
    )
    assert decision["choice"] == "risk.<domain>.<event>.v1"


def test_an_option_picked_later_drops_the_one_the_reply_gives_up():
    listed = (
        "Options:\n1. JSON via JSON.stringify / JSON.parse_string\n2. ConfigFile\n"
        "3. Binary FileAccess.store_var with a version header\nWhich one?"
    )
    turns = [
        *_said("how should saves be stored?"),
        ("assistant", listed),
        ("user", "Let's go with 1, JSON, for now."),
        ("assistant", "Done. JSON turns ints into floats though."),
        ("user", "the float issue keeps happening."),
        ("assistant", listed),
        ("user", "Scrap JSON — switch to option 3, binary store_var with a version header."),
    ]
    assert _chosen(*turns) == ["Binary FileAccess.store_var"]


def test_a_reply_that_changes_its_pick_by_label_drops_the_first_pick():
    listed = (
        "两种：\n1. 阿里云实时计算 Flink 版：全托管，按 CU 计费\n"
        "2. 自建 Flink on ACK：用 Flink Kubernetes Operator，省钱但要运维\n你们倾向哪种？"
    )
    turns = [
        *_said_zh("流计算引擎有哪些选择？"),
        ("assistant", listed),
        ("user", "用第一种，阿里云实时计算 Flink 版，我们人少，托管省心。"),
        ("assistant", "好的。"),
        (
            "user",
            "算了，托管版太贵了。改回第二种，自建 Flink on ACK，用 Flink Kubernetes Operator。",
        ),
    ]
    assert "阿里云实时计算 Flink 版" not in _chosen(*turns)


def test_a_setting_kept_as_it_was_drops_the_change_decided_for_it():
    turns = [
        *_said_zh("order-svc 下单扣库存老是死锁，一天三十多次"),
        ("assistant", "建议按 sku_id 排序。要不要改隔离级别？"),
        ("user", "那就都做吧：扣减按 sku_id 排序 + 全局隔离级别改成 READ COMMITTED。"),
        ("assistant", "好的。"),
        ("user", "DBA 不同意。那就不改了，隔离级别保持 REPEATABLE READ，只做排序。"),
    ]
    assert "READ COMMITTED" not in _chosen(*turns)


# ---- a bulleted list the assistant asks about, picked by its place ------------------------------


_BULLETED = "产物发布到哪里？\n\n- 只发 GitHub Releases\n- 加 Homebrew tap\n- 加 Scoop"


@pytest.mark.parametrize(
    ("reply", "choice"), [("第三个。", "加 Scoop"), ("第二个吧", "加 Homebrew tap")]
)
def test_a_bullet_of_a_list_the_assistant_asks_about_is_picked_by_its_place(reply, choice):
    assert rules.options(_BULLETED) == {
        "1": "只发 GitHub Releases", "2": "加 Homebrew tap", "3": "加 Scoop"
    }  # fmt: skip
    chosen = _choices(("user", "帮我把发版做了"), ("assistant", _BULLETED), ("user", reply))
    assert chosen == [(choice, [o for o in rules.options(_BULLETED).values() if o != choice])]


def test_bullets_with_the_same_head_are_told_apart_by_their_whole_line():
    listed = "发布到哪里？\n- A + B，全平台\n- A + B，但跳过 arm64"
    assert rules.options(listed) == {"1": "A + B，全平台", "2": "A + B，但跳过 arm64"}


@pytest.mark.parametrize("reply", ["no rabbitmq, nobody here runs it", "不要 RabbitMQ，没人会运维"])
def test_a_reply_naming_a_bullet_to_turn_it_down_picks_nothing(reply):
    bullets = ["Keep RQ", "Move to Celery + RabbitMQ", "Move the export queue to SQS"]
    assert rules.picked_bullet(reply, bullets) is None
    assert rules.picked_bullet("rabbitmq, we know it well", bullets) == bullets[1]


@pytest.mark.parametrize(
    ("reply", "label"),
    [("第一个不行，不排序等于没做。", None), ("第三个没人力。", None),
     ("option 2 is out, too slow", None), ("第二个吧", "2"), ("let's do option 2", "2")],
)  # fmt: skip
def test_an_option_referred_to_and_turned_down_is_not_picked(reply, label):
    assert rules.option_reference(reply) == label


def test_a_label_picks_from_the_list_an_options_lead_opens_not_the_findings_before_it():
    assistant = (
        "查到了，两个 DeprecationWarning：\n\n"
        "1. **`datetime.utcnow()` 在 3.12 被标记为 deprecated**，14 处在用。\n"
        "2. **`pkg_resources is deprecated as an API`**：来自依赖 `fs`。\n\n"
        "针对第 1 个，有三种处理方式：\n\n"
        "1. 在 pytest 配置里忽略 `utcnow` 的 DeprecationWarning，代码不动\n"
        "2. 把 `datetime.utcnow()` 全部换成 `datetime.now(timezone.utc)`，同时修掉比较问题\n"
        "3. 暂时从矩阵里去掉 3.12\n\n我倾向 2，你定。"
    )
    [(choice, _)] = _choices(*_said_zh("3.12 上 CI 挂了"), ("assistant", assistant),
                             ("user", "用第二个"))  # fmt: skip
    assert choice == "把 datetime.utcnow() 全部换成 datetime.now(timezone.utc)"


def test_bare_labels_a_reply_may_answer_with_are_no_options_of_their_own():
    message = (
        "两个方案：\n\n1. **进程内 token bucket**：用 `golang.org/x/time/rate`。\n"
        "2. **Redis 分布式限流**：用 `go-redis/redis_rate`。\n\n选哪个方案？\n\n- 1\n- 2"
    )
    assert rules.options(message) == {"1": "进程内 token bucket", "2": "Redis 分布式限流"}


def test_a_bulleted_option_whose_name_ends_at_a_comma_is_offered():
    message = (
        "How do you want to isolate the database?\n\n"
        "- Per-worker SQLite files: use xdist's worker_id fixture. No new dependencies.\n"
        "- Testcontainers Postgres, one database per worker. Closer to production, but adds "
        "~8 s container start-up per job and needs Docker on the runners."
    )
    assert rules.offered_bullets(message) == ["Per-worker SQLite files", "Testcontainers Postgres"]


@pytest.mark.parametrize(
    ("question", "reply", "chosen"),
    [
        ("`days > 3` 时还要年级主任审批。另外“3 天”是自然日还是上课日？", "按自然日算就行，简单。",
         "自然日"),
        ("回调里是同步处理还是异步处理？", "异步处理，丢到 RabbitMQ。", "异步处理"),
    ],
)  # fmt: skip
def test_a_chinese_term_of_an_either_or_question_taken_in_the_reply_is_chosen(
    question, reply, chosen
):
    assert _chosen(*_said_zh("请假系统"), ("assistant", question), ("user", reply)) == [chosen]


@pytest.mark.parametrize(
    "reply", ["自然日还是上课日，我再问问教务处？", "不按自然日算。", "都行，你定。"]
)
def test_a_reply_naming_both_terms_asking_or_refusing_takes_neither(reply):
    question = "另外“3 天”是自然日还是上课日？"
    turns = (*_said_zh("请假系统"), ("assistant", question), ("user", reply))
    assert "自然日" not in _chosen(*turns) and "上课日" not in _chosen(*turns)


@pytest.mark.parametrize(
    ("reply", "label"),
    [("ok the chunk interval we take 1 day, clear.", None), ("那就用 2 个副本", None),
     ("pick 4 workers", None), ("take 2", "2"), ("换 2 吧", "2")],
)  # fmt: skip
def test_a_number_with_its_unit_is_a_quantity_not_an_option(reply, label):
    assert rules.option_reference(reply) == label


@pytest.mark.parametrize(
    ("reply", "label"),
    [("第二个事，前端框架。", None), ("科室 PV1-3 第一个组件是病区代码 NK3。", None),
     ("第二个吧", "2"), ("用第一个方案", "1")],
)  # fmt: skip
def test_the_place_of_a_matter_or_a_part_picks_no_option(reply, label):
    assert rules.option_reference(reply) == label


def test_a_value_given_for_a_listed_suggestion_does_not_pick_it_by_a_number():
    assistant = (
        "Suggestions, in order of impact:\n\n"
        "1. **Chunk interval** \u2013 go to 1 day.\n"
        "2. **Compression** \u2013 compress chunks older than N days.\n"
        "3. **Retention** \u2013 drop raw chunks after some period.\n\n"
        "How late can data arrive?"
    )
    turns = (*_said("The dashboards are slow."), ("assistant", assistant))
    # the value taken for the setting, not option 1 picked by the "1" of "1 day"
    assert _chosen(*turns, ("user", "ok the chunk interval we take 1 day, clear.")) == ["1 day"]
