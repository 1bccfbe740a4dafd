"""What session 52's probes found, read by the extraction rules: terse picks and prose facts.

A port stated at the end of a sentence keeps its full stop ("the API listens on 8080."); rules
and commands a team states in passing, and names a terse reply picks, are read as such.
"""

from __future__ import annotations

import pytest

from tests.test_extract import _kept, _run

# ---- a port at the end of its sentence ------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["new service, Go. the API listens on 8080.", "The worker is bound to 9090. Config is TOML."],
)
def test_a_port_ending_its_sentence_is_the_ports_value(text):
    port = "8080" if "8080" in text else "9090"
    facts = _kept(_run(("user", text)), "project")
    assert any(f.get("config", {}).get("port") == port for f in facts)


@pytest.mark.parametrize("text", ["the proxy runs on 192.168.10.4.", "it runs on 3.12.1."])
def test_a_dotted_address_after_runs_on_is_no_port(text):
    facts = _kept(_run(("user", text)), "project")
    assert not any("port" in f.get("config", {}) for f in facts)


# ---- a team's rules, said as the list of a contributing guide --------------------------------


def _choices(*turns: tuple[str, str]) -> list[str]:
    return [str(d["choice"]) for d in _kept(_run(*turns), "decisions")]


@pytest.mark.parametrize(
    ("rule", "choice"),
    [
        ("main is protected, never push to main directly", "never push to main directly"),
        ("prod is fragile, always deploy behind a flag.", "always deploy behind a flag"),
    ],
)
def test_a_never_or_always_rule_after_its_ground_is_a_decision(rule, choice):
    assert _choices(("user", rule)) == [choice]


@pytest.mark.parametrize(
    "text",
    ["if CI is red, always rerun it", "the API is fine, always has been",
     "the docs are old, never updated them", "I am new here, never used docker"],
)  # fmt: skip
def test_never_or_always_after_a_condition_or_of_the_past_is_no_rule(text):
    assert _choices(("user", text)) == []


def test_a_convention_enforced_by_a_tool_is_a_decision():
    [choice] = _choices(
        ("user", "conventional commits, enforced by commitlint in a commit-msg hook")
    )
    assert choice == "conventional commits"
    assert _choices(("user", "is it enforced by commitlint?")) == []


def test_the_naming_set_for_branches_is_a_decision():
    [d] = _kept(_run(("user", "branch names: feat/<KEY>-short-desc, fix/<KEY>-short-desc")),
                "decisions")  # fmt: skip
    assert d["choice"] == "feat/<KEY>-short-desc" and "branch names" in d["title"]
    assert _choices(("user", "what are the branch names?")) == []


def test_a_quoted_rule_made_the_one_everywhere_is_a_decision():
    turns = [
        ("user", "at least 2 approvals for billing"),
        ("assistant", "Updated."),
        ("user", 'one change: make it "at least 1 approval" everywhere, drop that rule'),
    ]
    assert "at least 1 approval" in _choices(*turns)


# ---- commands said in prose: a script by its path, what a command starts ---------------------


def _commands(text: str) -> dict[str, str]:
    facts = _kept(_run(("user", text)), "project")
    return {k: v for f in facts for k, v in f.get("commands", {}).items()}


@pytest.mark.parametrize(
    ("text", "commands"),
    [
        ("btw I deploy with ./deploy.sh on the server, it does git pull and migrate.",
         {"deploy": "./deploy.sh"}),
        ("the build is run with scripts/build.sh.", {"build": "scripts/build.sh"}),
        ("yes. `make dev` should start postgres in docker and run the api with air",
         {"dev": "make dev"}),
        ("`docker compose up` brings up the db and redis.", {"start": "docker compose up"}),
    ],
)  # fmt: skip
def test_a_command_said_in_prose_is_the_projects(text, commands):
    assert _commands(text) == commands


@pytest.mark.parametrize(
    "text",
    ["`npm run build` starts failing after the upgrade", "should `make dev` start postgres?",
     "I ran the tests with ./test.sh"],
)  # fmt: skip
def test_a_command_that_fails_or_is_asked_about_is_none(text):
    assert _commands(text) == {}


# ---- a route named by what it checks, then "at" ----------------------------------------------


def _routes(text: str) -> dict[str, str]:
    facts = _kept(_run(("user", text)), "project")
    return {k: v for f in facts for k, v in f.get("urls", {}).items()}


@pytest.mark.parametrize(
    ("text", "routes"),
    [
        ("one more thing: health check at /healthz, readiness at /readyz.",
         {"health_check": "/healthz", "readiness": "/readyz"}),
        ("prometheus scrapes metrics on /metrics", {"metrics": "/metrics"}),
    ],
)  # fmt: skip
def test_a_route_named_by_what_it_checks_is_the_services(text, routes):
    assert _routes(text) == routes


@pytest.mark.parametrize(
    "text", ["no health check at /healthz yet", "the health check at /var/run/app.sock is odd"]
)
def test_a_missing_check_or_a_file_is_no_route(text):
    assert _routes(text) == {}


# ---- a terse pick: agreed in a word, taken with the way it is used, as a team says it --------


_OFFER = (
    "Three realistic options:\n\n- **clap** (v4) with the derive API: the standard choice.\n"
    "- **argh**: small, derive-based.\n- **lexopt**: minimal, you write the loop."
)


@pytest.mark.parametrize("reply", ["clap w/ derive", "clap with the derive API"])
def test_an_offered_name_with_the_way_it_is_used_is_picked(reply):
    turns = [("user", "rust cli. arg parsing?"), ("assistant", _OFFER), ("user", reply)]
    assert _choices(*turns) == ["clap"]


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
    [taken] = _choices(*turns)
    assert taken.startswith(choice)


@pytest.mark.parametrize(
    "reply",
    ["yes, tomorrow.", "yep, that works", "ok we take the risk", "we take a break at noon",
     "we go to the office on monday", "yep, thanks!"],
)  # fmt: skip
def test_an_agreement_or_take_without_a_known_name_is_no_choice(reply):
    turns = [("user", "what do you think?"), ("assistant", "Both would work."), ("user", reply)]
    assert _choices(*turns) == []


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


# ---- the stack said in prose -----------------------------------------------------------------


def _stack(*turns: tuple[str, str]) -> dict[str, str]:
    facts = _kept(_run(*turns), "project")
    return {k: v for f in facts for k, v in f.get("tech_stack", {}).items()}


def test_a_statement_opening_with_a_how_we_label_asks_nothing():
    text = "Thanks. How we deploy: we use Argo CD, it watches the deploy/helm folder."
    assert _stack(("user", text)).get("deploy_tooling") == "Argo CD"
    assert _stack(("user", "how do we deploy: with Argo CD?")) == {}


@pytest.mark.parametrize(
    ("text", "stack"),
    [
        ("We're leaving Heroku. Builds and tests already go through GitHub Actions.",
         {"ci": "GitHub Actions"}),
        ("The project: an admin dashboard. TypeScript + React 18 + Vite.",
         {"language": "TypeScript", "frontend": "React 18", "build": "Vite"}),
        ("It's Django with nginx in front of gunicorn.",
         {"backend": "Django", "proxy": "nginx", "app_server": "gunicorn"}),
    ],
)  # fmt: skip
def test_the_stack_said_in_prose_is_the_projects(text, stack):
    assert _stack(("user", text)) == stack


@pytest.mark.parametrize("text", ["Builds and tests are flaky.", "Redis + Celery?", "n+1 queries"])
def test_a_state_or_a_question_of_names_is_no_stack(text):
    assert _stack(("user", text)) == {}


# ---- addresses and versions said in passing ---------------------------------------------------


def test_a_base_url_given_with_no_verb_is_the_projects_address():
    text = "It talks to the Spring Boot service, base URL https://admin-api.example.net/v2."
    facts = _kept(_run(("user", text)), "project")
    assert {"urls": {"base": "https://admin-api.example.net/v2"}} in facts
    assert _routes("the URL https://x.example.com is broken") == {}


@pytest.mark.parametrize(
    ("text", "stack"),
    [
        ("rust cli, binary `lgx`. MSRV 1.74. arg parsing?", {"rust": "Rust 1.74"}),
        ("node version is pinned in .nvmrc, 20.11.1. add a line about that",
         {"node": "node 20.11.1"}),
    ],
)  # fmt: skip
def test_a_version_the_project_requires_or_pins_is_its_stack(text, stack):
    assert _stack(("user", text)) == stack


def test_a_required_version_asked_about_is_no_stack():
    assert _stack(("user", "MSRV 1.74 or 1.75?")) == {}


# ---- rules and places said tersely ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "choice"),
    [
        ("no unwrap() outside tests.", "no unwrap"),
        ("no `console.log()` in prod code", "no console.log"),
    ],
)
def test_a_call_the_code_may_not_make_is_a_rule(text, choice):
    assert _choices(("user", text)) == [choice]


def test_a_phrase_with_a_call_in_it_is_no_rule():
    assert _choices(("user", "no idea what foo() does")) == []


@pytest.mark.parametrize(
    ("text", "choice", "topic"),
    [("uploads stay in S3, no reason to move them", "S3", "uploads"),
     ("the frontend stays on Vercel.", "Vercel", "frontend")],
)  # fmt: skip
def test_a_part_kept_where_it_is_on_a_known_name_is_a_decision(text, choice, topic):
    [d] = _kept(_run(("user", text)), "decisions")
    assert d["choice"] == choice and topic in d["title"]


@pytest.mark.parametrize(
    "text", ["it stays in memory", "users stay in the app", "we stay in touch"]
)
def test_staying_somewhere_that_is_no_technology_is_no_decision(text):
    assert _choices(("user", text)) == []


def test_a_name_joined_by_plus_to_a_known_one_is_part_of_the_stack():
    text = "it's called tidepool, react native + expo for the mobile side."
    assert _stack(("user", text)) == {"mobile": "react native", "expo": "expo"}
    # an everyday word alone is still no name
    assert "mobile" not in _stack(("user", "we expo the app at the fair, react native rocks"))


# ---- work reported with its cause ------------------------------------------------------------


def test_a_cause_named_then_how_it_was_fixed_is_finished_work():
    text = "the slowness was an N+1 on the class schedule page, fixed it with select_related."
    [work] = _kept(_run(("user", text)), "changelog")
    assert work["type"] == "fix" and "select_related" in work["summary"]


@pytest.mark.parametrize(
    "text", ["the problem was a typo, fixed?", "it was a typo, fixed it with sed"]
)
def test_a_question_or_a_vague_cause_is_no_finished_work(text):
    assert _kept(_run(("user", text)), "changelog") == []


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
    ("text", "paths"),
    [
        ("we use Argo CD, it watches the deploy/helm folder in the repo.", {"helm": "deploy/helm"}),
        ("the infra/terraform directory of the repo has the modules",
         {"terraform": "infra/terraform"}),
    ],
)  # fmt: skip
def test_a_folder_watched_or_said_to_be_in_the_repo_is_a_project_path(text, paths):
    facts = _kept(_run(("user", text)), "project")
    assert {k: v for f in facts for k, v in f.get("paths", {}).items()} == paths


@pytest.mark.parametrize(
    "text", ["delete the tmp/cache folder", "does it watch the deploy/helm folder?"]
)
def test_a_folder_named_in_passing_or_asked_about_is_no_project_path(text):
    facts = _kept(_run(("user", text)), "project")
    assert not any("paths" in f for f in facts)


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


def test_the_one_option_the_assistant_puts_forward_is_taken_by_do_that():
    turns = [
        ("user", "parsing: regex or hand-written?"),
        ("assistant", "A hand-written parser is faster. Option: hand-written fast path for the "
                      "default formats, regex fallback for custom ones."),
        ("user", "do that"),
    ]  # fmt: skip
    [d] = _kept(_run(*turns), "decisions")
    assert d["choice"] == "hand-written fast path"


def test_a_list_of_options_is_no_single_proposal():
    turns = [("assistant", "Options: Redis, Memcached."), ("user", "do that")]
    assert _kept(_run(*turns), "decisions") == []


@pytest.mark.parametrize(
    ("text", "choice"),
    [("releases via cargo-dist.", "cargo-dist"), ("deploys through Argo CD", "Argo CD")],
)
def test_a_concern_and_the_tool_it_goes_through_is_a_decision(text, choice):
    [d] = _kept(_run(("user", text)), "decisions")
    assert d["choice"] == choice


@pytest.mark.parametrize("text", ["errors via email?", "releases via the pipeline"])
def test_a_question_or_no_name_after_via_is_no_decision(text):
    assert _choices(("user", text)) == []
