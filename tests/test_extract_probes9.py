"""What session 51's probes found, read by the extraction rules (9).

The person keeps what is in use ("no, keep redis") or switches in a word ("screw it,
switching to caddy"); a server's port is said with what servers do ("listens on 8081"); a
verb whose past is its present opening the person's message asks for work ("set up remote
state for this repo") rather than reporting it.
"""

from __future__ import annotations

import pytest

from tests.test_extract import _kept, _run
from tests.test_extract_en_probes2 import _choices

# ---- keeping what is in use, switching in a word ---------------------------------------------


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


# ---- a port said with what servers do --------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "port"),
    [
        ("the service listens on 8081 and metrics are on 9102", "8081"),
        ("the api runs on 8080, behind nginx", "8080"),
        ("vite is serving on localhost:5173 now", "5173"),
    ],
)
def test_a_port_said_with_what_servers_do_is_the_ports_value(sentence, port):
    facts = _kept(_run(("user", sentence)), "project")
    assert any(f.get("config", {}).get("port") == port for f in facts)  # beside other parts' ports


@pytest.mark.parametrize("sentence", ["it runs on 16 cores", "the job runs on 3 nodes"])
def test_a_count_of_machines_is_no_port(sentence):
    facts = _kept(_run(("user", sentence)), "project")
    assert not any("port" in f.get("config", {}) for f in facts)


# ---- the person's skill, said loosely --------------------------------------------------------


@pytest.mark.parametrize(
    "sentence", ["im pretty new to swift concurrency", "I'm quite familiar with k8s"]
)
def test_a_skill_with_a_degree_word_is_the_persons(sentence):
    [item] = _kept(_run(("user", sentence)), "user")
    assert item["kind"] == "skill"


# ---- asked for, or made by something else: no work done --------------------------------------


def test_set_up_opening_the_talk_asks_for_the_work():
    batch = _run(("user", "set up remote state for this repo. s3 + dynamodb locking"))
    assert _kept(batch, "changelog") == [] and _kept(batch, "changelog", "review") == []
    done = _run(("user", "set up the staging db yesterday, it works"))
    assert [e["type"] for e in _kept(done, "changelog")] == ["config"]
    # later in the talk the same words may report the work
    later = _run(("user", "the deploy keeps failing on the state lock, can you look?"),
                 ("assistant", "The lock table is missing."),
                 ("user", "Set up the lock table by hand, it works now"))  # fmt: skip
    assert [e["type"] for e in _kept(later, "changelog")] == ["config"]


def test_what_a_stack_trace_says_created_a_goroutine_is_no_work():
    trace = ("here's the race:\ngoroutine 12 [running]:\nmain.handler()\n\t/app/main.go:42 +0x1d\n"
             "created by net/http.(*Server).Serve in goroutine 1\n"
             "\t/usr/local/go/src/net/http/server.go:3285 +0x4b4")  # fmt: skip
    assert _kept(_run(("user", trace)), "changelog") == []
    fixed = _run(("user", "fixed by bumping the pool size"))
    assert [e["type"] for e in _kept(fixed, "changelog")] == ["fix"]


# ---- work asked for, with the known name it is to be done with -------------------------------


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


# ---- the stack and commands said in ordinary prose -------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        ("builds go through GitHub Actions", {"ci": "GitHub Actions"}),
        ("the warehouse is Snowflake", {"warehouse": "Snowflake"}),
        ("app is on Render in Frankfurt", {"hosting": "Render"}),
        ("we deploy with Argo CD", {"deploy_tooling": "Argo CD"}),
    ],
)
def test_the_stack_said_in_prose_is_a_fact(sentence, fact):
    stacks = [f["tech_stack"] for f in _kept(_run(("user", sentence)), "project")]
    assert any(fact.items() <= s.items() for s in stacks), stacks


@pytest.mark.parametrize("sentence", ["it is on fire", "backend is a mess"])
def test_a_part_said_to_be_in_a_state_names_no_stack(sentence):
    assert _kept(_run(("user", sentence)), "project") == []


@pytest.mark.parametrize(
    ("sentence", "key", "command"),
    [
        ("run make dev to start", "start", "make dev"),
        ("to start it locally run `make dev`", "start", "make dev"),
        ("To run the tests, run `pnpm test`.", "test", "pnpm test"),
    ],
)
def test_a_command_said_with_what_it_is_for_is_the_projects(sentence, key, command):
    assert {"commands": {key: command}} in _kept(_run(("user", sentence)), "project")


def test_a_command_run_once_is_no_projects_command():
    assert _kept(_run(("user", "I ran make dev to test it")), "project") == []


def test_gonna_use_is_a_choice_against_the_one_turned_down():
    turns = [("user", "auth: Clerk or Supabase Auth?"), ("assistant", "Both work."),
             ("user", "we're gonna use Supabase Auth instead, not Clerk")]  # fmt: skip
    assert _choices(*turns) == [("Supabase Auth", ["Clerk"])]


def test_what_a_release_does_as_always_is_no_habit_of_the_persons():
    said = "release is 2.8.0, goes out thursday through codemagic like always"
    assert _kept(_run(("user", said)), "user") == []
    [habit] = _kept(_run(("user", "conventional commits like always")), "user")
    assert habit["text"] == "conventional commits"


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


def test_an_answer_naming_two_names_one_or_the_other_offers_them():
    turns = [("user", "which android db lib?"),
             ("assistant", "Room or SQLDelight. Room is the default; SQLDelight for KMP later."),
             ("user", "ok room then")]  # fmt: skip
    assert [c for c, _ in _choices(*turns)] == ["Room"]
    # not the names of a statement no question asked for
    said = [("user", "the db layer is slow"), ("assistant", "Room or SQLDelight, both are fine."),
            ("user", "ok room then")]  # fmt: skip
    assert _choices(*said) == []


@pytest.mark.parametrize(
    ("sentence", "port"),
    [("nginx listens on port 80", "80"), ("served on localhost:5173", "5173"),
     ("runs on 80 nodes", None), ("Container listens on 8080 instead of 8000", "8080")],
)  # fmt: skip
def test_the_port_a_server_listens_on(sentence, port):
    from omp import rules

    assert rules.listened_port(sentence) == port


@pytest.mark.parametrize(
    ("sentence", "key", "command"),
    [
        ("`npm run reindex` kicks off a full reindex.", "reindex", "npm run reindex"),
        ("`make seed` loads the fixtures", "seed", "make seed"),
        ("`pnpm dev` starts the app on port 3000", "dev", "pnpm dev"),
    ],
)
def test_a_command_said_with_what_it_does_is_named_for_its_task(sentence, key, command):
    assert {"commands": {key: command}} in _kept(_run(("user", sentence)), "project")


@pytest.mark.parametrize(
    "sentence", ["I ran `make seed` which loads the fixtures", "does `make seed` load them?"]
)
def test_a_command_run_once_or_asked_about_is_no_projects_command(sentence):
    assert _kept(_run(("user", sentence)), "project") == []


@pytest.mark.parametrize(
    "said",
    ["deployed!! https://tallyho.onrender.com is up", "https://tallyho.onrender.com is live"],
)
def test_an_address_said_to_be_up_is_where_the_project_runs(said):
    deployment = {"deployment": {"render": {"url": "https://tallyho.onrender.com",
                                            "status": "active"}}}  # fmt: skip
    assert deployment in _kept(_run(("user", said)), "project")


@pytest.mark.parametrize(
    "said", ["is https://tallyho.onrender.com up?", "https://docs.python.org is up to date"]
)
def test_an_address_asked_about_or_up_to_date_is_no_deployment(said):
    assert _kept(_run(("user", said)), "project") == []
