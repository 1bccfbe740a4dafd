"""English sentences a developer types to a coding assistant, read by the extraction rules (3)."""

from __future__ import annotations

import pytest

from omp import extract as ex
from omp import rules
from tests.test_extract import _kept, _run

_OPENING = ("user", "Picking the project back up from yesterday.")
_READY = ("assistant", "Sure, where do you want to start?")


def _said(*sentences: str) -> list[tuple[str, str]]:
    """The person's sentences, after an opening exchange (the first message is read apart)."""
    return [_OPENING, _READY, *(("user", s) for s in sentences)]


def _choices(*turns: tuple[str, str], action: str = "stored") -> list[str]:
    return [str(d["choice"]) for d in _kept(_run(*turns), "decisions", action)]


def _stack(*turns: tuple[str, str]) -> dict[str, str]:
    stack: dict[str, str] = {}
    for facts in _kept(_run(*turns), "project"):
        stack |= facts.get("tech_stack", {})
    return stack


# ---- agreeing to what the assistant proposed ------------------------------------------------

_RETRY = "I'd use exponential backoff with 5 attempts, max 30s."


@pytest.mark.parametrize(
    "reply",
    [
        "that sounds right.",
        "That works.",
        "ok that works. also, what about the timeouts?",
        "Sounds right to me.",
        "that's fine.",
        "Exponential backoff sounds right.",
        "exponential backoff is fine, thanks",
    ],
)
def test_a_reply_agreeing_with_a_proposal_stores_it(reply):
    turns = [*_said("what about the retry policy?"), ("assistant", _RETRY), ("user", reply)]
    assert _choices(*turns) == ["exponential backoff with 5 attempts"]


@pytest.mark.parametrize(
    "reply",
    [
        "that works locally but fails in CI, see the log.",
        "Linear backoff sounds right.",
        "Redis sounds good.",
        "that sounds right, but let me think about it first.",
        "exponential backoff sounds right?",
        "hmm, not sure that works.",
    ],
)
def test_a_reply_that_does_not_agree_leaves_the_proposal_for_review(reply):
    turns = [*_said("what about the retry policy?"), ("assistant", _RETRY), ("user", reply)]
    assert "exponential backoff with 5 attempts" not in _choices(*turns)


def test_a_name_said_to_be_the_best_fit_is_a_proposal_a_short_agreement_accepts():
    advice = (
        "With the app router you have a few layers.\n\nFor a catalog that changes a few "
        "times a day, tag-based on-demand revalidation driven by webhooks is usually the best fit."
    )
    turns = [
        *_said("How should we cache?"),
        ("assistant", advice),
        ("user", "Tag-based sounds right."),
    ]
    assert _choices(*turns) == ["tag-based on-demand revalidation driven by webhooks"]


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
    ],
)
def test_a_question_or_a_pronoun_before_the_best_fit_proposes_nothing(sentence):
    assert rules.proposal(sentence) is None


# ---- picking one side of "either X or Y. Which do you prefer?" ---------------------------

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


# ---- a numbered pull request merged ---------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "summary"),
    [
        (
            "PR #318 is merged (bigint migration + advisory lock), and the job is deployed.",
            "PR #318 is merged (bigint migration + advisory lock), and the job is deployed",
        ),
        (
            "Merged the DuckDB job (PR #412) and turned off the old pandas cron.",
            "Merged the DuckDB job (PR #412) and turned off the old pandas cron",
        ),
        ("pull request 57 got merged this morning.", "Pull request 57 got merged this morning"),
    ],
)
def test_a_numbered_pull_request_merged_is_stored_in_the_changelog(sentence, summary):
    [entry] = _kept(_run(*_said(sentence)), "changelog")
    assert entry["summary"] == summary


@pytest.mark.parametrize(
    "sentence",
    [
        "Pushed to `feat/api-rate-limit`, PR #412 is open with the staging numbers.",
        "PR #318 is not merged yet.",
        "Is PR #318 merged?",
        "Merged the two config files.",
    ],
)
def test_an_open_unmerged_or_unnumbered_request_is_not_stored(sentence):
    assert _kept(_run(*_said(sentence)), "changelog") == []
    assert not rules.merges_request(sentence)


# ---- where something no longer runs, then where it runs --------------------------------------


@pytest.mark.parametrize(
    ("sentence", "key", "host"),
    [
        ("The frontend is not on Vercel anymore, it's on Netlify.", "frontend_hosting", "Netlify"),
        ("The API isn't on Heroku anymore - it's on Fly.io.", "api_hosting", "Fly.io"),
    ],
)
def test_where_a_part_runs_now_is_read_past_where_it_no_longer_runs(sentence, key, host):
    assert _stack(*_said(sentence)).get(key) == host


@pytest.mark.parametrize(
    "sentence",
    [
        "The frontend is not on Vercel anymore.",
        "The frontend is not on Vercel anymore, is it on Netlify?",
    ],
)
def test_a_part_no_longer_somewhere_states_no_new_host(sentence):
    stack = _stack(*_said(sentence))
    assert "Vercel" not in stack.values()
    assert "Netlify" not in stack.values()


# ---- a reply confirming a value the assistant named ----------------------------------------


@pytest.mark.parametrize(
    ("assistant", "reply", "choice"),
    [
        (
            "An arm64 instance type: m7g.large is the closest match to m6i.large. Spot too?",
            "yes m7g.large, new nodegroup batch-arm64 alongside the old one.",
            "m7g.large",
        ),
        (
            "Better Auth defaults to 7 days; many apps use 30 days with a sliding refresh.",
            "also sessions: 30 days is fine.",
            "30 days",
        ),
        (
            "Plain CSV, one row per journal line, or an Excel workbook per firm.",
            "plain CSV is fine, one row per journal line.",
            "plain CSV",
        ),
        (
            "Celery beat `crontab(minute=30, hour=2, day_of_month=1)` → 02:30 UTC on the 1st.",
            "ok 02:30 UTC on the 1st it is, fx job finishes ~01:50 anyway.",
            "02:30 UTC on the 1st",
        ),
    ],
)
def test_a_reply_confirming_a_value_the_assistant_named_decides_it(assistant, reply, choice):
    turns = [*_said("what do you suggest?"), ("assistant", assistant), ("user", reply)]
    [decision] = _kept(_run(*turns), "decisions")
    assert decision["choice"] == choice
    assert decision["title"] == f"Use {choice}" or decision["title"].startswith(f"Use {choice} ")


@pytest.mark.parametrize(
    ("assistant", "reply"),
    [
        ("The error is in auth.py, the token check runs first.", "yes auth.py, I see it now."),
        ("The build takes 30 seconds on CI. Want me to cache it?", "yes 30 seconds is too slow."),
        ("The default is 5432. Do you want to change it?", "yes please."),
        ("The worker pulls 10 jobs from SQS. Should I raise it?", "the SQS part is fine."),
        ("I'd rather not pin numpy 2.0 yet. Pin it?", "numpy 2.0 is not fine."),
        ("Use port 8080 or 9090?", "is 8080 fine?"),
    ],
)
def test_a_reply_that_confirms_nothing_the_assistant_offered_decides_nothing(assistant, reply):
    turns = [*_said("what do you suggest?"), ("assistant", assistant), ("user", reply)]
    assert _kept(_run(*turns), "decisions") == []


# ---- what the person likes about a choice is its reason, not their own way ----------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("Let's go with PostHog, I like the session replay.", "PostHog"),
        ("ok, let's use Tailwind, I love the utility classes.", "Tailwind"),
    ],
)
def test_liking_something_after_a_choice_is_its_reason_not_a_preference(sentence, choice):
    batch = _run(*_said(sentence))
    assert [d["choice"] for d in _kept(batch, "decisions")] == [choice]
    assert _kept(batch, "user") == []


@pytest.mark.parametrize(
    "sentence",
    [
        "I like the session replay in PostHog.",
        "Let's use Tailwind. I like utility classes in general.",
        "I prefer Vitest over Jest for everything I write.",
    ],
)
def test_a_liking_said_on_its_own_is_still_the_persons_preference(sentence):
    assert rules.personal(sentence.split(". ")[-1]) is not None
    assert _kept(_run(*_said(sentence)), "user") != []


# ---- the commits a deploy output lists with `git log --oneline` ------------------------------

_DEPLOY_LOG = """\
$ git log --oneline -2
c7d19e4 perf(api): replace @aws-sdk/client-s3 with aws4fetch for R2 presign
5a0b3f2 feat(cart): expire abandoned carts after 72h

$ npx wrangler deploy --env production
Uploaded edge-shop-api (3.21 sec)
"""


def _shown(log: str) -> list[tuple[str, dict[str, object]]]:
    batch = ex.Batch()
    ex.from_shown_commits(log, batch, path="deploy.log")
    ex.settle(batch, [], today="2026-11-30")
    return [(c.action, c.entry) for c in batch.candidates if c.target == "changelog"]


def test_each_commit_a_deploy_output_lists_is_a_changelog_entry():
    assert _shown(_DEPLOY_LOG) == [
        (
            "stored",
            {
                "type": "perf",
                "summary": "replace @aws-sdk/client-s3 with aws4fetch for R2 presign",
                "ref": "c7d19e4",
                "scope": "api",
            },
        ),
        (
            "stored",
            {
                "type": "feat",
                "summary": "expire abandoned carts after 72h",
                "ref": "5a0b3f2",
                "scope": "cart",
            },
        ),
    ]


def test_a_maintenance_commit_a_deploy_output_lists_waits_for_review():
    log = "$ git log --oneline -1\nb41f09c chore: bump wrangler to 3.80\n"
    assert [action for action, _ in _shown(log)] == ["review"]


@pytest.mark.parametrize(
    "log",
    [
        "c7d19e4 perf(api): replace the S3 client\n$ fly deploy\n",  # no `git log` printed it
        "$ git log -1\ncommit c7d19e4a1b2c3d4e\nAuthor: Sam <sam@x.io>\n",  # not --oneline
        "$ git log --oneline -1\n\nc7d19e4 perf(api): replace the S3 client\n",  # after a gap
    ],
)
def test_commit_lines_not_printed_by_git_log_oneline_are_not_read(log):
    assert _shown(log) == []


# ---- whose product it is: a provider named with it ----------------------------------------


@pytest.mark.parametrize(
    ("sentence", "role", "value"),
    [
        ("next.js 14.2 app router, prisma 5.18, neon postgres.", "database", "neon postgres"),
        ("stack: fastapi, upstash redis 7, supabase postgres", "cache", "upstash redis 7"),
        ("stack: fastapi, upstash redis 7, supabase postgres", "database", "supabase postgres"),
        ("we use Upstash Redis for caching.", "cache", "Upstash Redis"),
    ],
)
def test_a_provider_named_with_its_product_stays_in_the_value(sentence, role, value):
    facts = rules.listed_stack(sentence) or rules.tech_facts(sentence)
    assert facts[role] == value


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        (
            "context: Python 3.12, FastAPI, Postgres 16",
            {"language": "Python 3.12", "backend": "FastAPI", "database": "Postgres 16"},
        ),
        (
            "we use Redis, Postgres 16 and Celery",
            {"cache": "Redis", "database": "Postgres 16", "jobs": "Celery"},
        ),
    ],
)
def test_names_of_different_roles_side_by_side_stay_apart(sentence, facts):
    assert (rules.tech_facts(sentence) or rules.listed_stack(sentence)) == facts


def test_a_value_the_assistant_named_a_few_messages_back_is_confirmed_in_any_sentence():
    turns = [
        *_said("how long should sessions last?"),
        ("assistant", "better-auth sessions: `expiresIn: 60 * 60 * 24 * 30, // 30 days`."),
        ("user", "the migration fails with a password error."),
        ("assistant", "Postgres rejected the password: check the `.env` loading."),
        ("user", "yep it was the dotenv import, works now. also sessions: 30 days is fine."),
    ]
    assert _choices(*turns) == ["30 days"]


def test_yes_in_a_later_sentence_confirms_nothing():
    turns = [
        *_said("which instance type?"),
        ("assistant", "m7g.large is the closest match. Want Spot too?"),
        ("user", "the plan looks long. yes m7g.large."),
    ]
    assert _choices(*turns) == []


# ---- names with underscores or stars survive the Markdown clean-up ---------------------------


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


def test_a_preference_naming_a_dunder_module_is_stored_as_written():
    said = "One thing for the future: I always want `from __future__ import annotations`."
    [kept] = _kept(_run(*_said(said)), "user")
    assert "from __future__ import annotations" in kept["text"]
