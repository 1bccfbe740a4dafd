from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from omp import llmbridge
from omp.errors import OmpError, UsageError
from omp.yamlio import load

from .helpers import memory_files, run_omp

ANSWER = {
    "candidates": [
        {
            "target": "decisions",
            "entry": {"choice": "Postgres 16", "alternatives": ["MySQL"]},
            "confidence": 0.9,
            "reason": "the person chose it",
        },
        {
            "target": "project",
            "entry": {"tech_stack.database": "PostgreSQL 16", "paths.migrations": "db/migrations/"},
            "confidence": 0.85,
        },
        {"target": "changelog", "entry": {"type": "feature", "summary": "Added OAuth login"}},
    ]
}


@pytest.mark.parametrize(
    "answer",
    [
        json.dumps(ANSWER),
        "Here is what I found:\n```json\n" + json.dumps(ANSWER, indent=2) + "\n```\nAnything else?",
        "Candidates: {not json} then " + json.dumps(ANSWER),
        json.dumps(ANSWER["candidates"]),
    ],
    ids=["bare", "fenced-after-prose", "after-a-false-start", "bare-list"],
)
def test_the_candidates_are_found_wherever_the_model_puts_its_json(answer):
    found = llmbridge.candidates(answer)

    assert [c["target"] for c in found] == ["decisions", "project", "changelog"]
    decision, project, change = found
    assert decision["entry"]["title"] == "Use Postgres 16"  # a title from the choice
    assert decision["reason"] == "model: the person chose it"
    assert project["entry"] == {
        "tech_stack": {"database": "PostgreSQL 16"},
        "paths": {"migrations": "db/migrations/"},
    }
    assert change["entry"]["type"] == "other"  # "feature" is no changelog type
    assert "confidence" not in change  # omp extract's default applies


def test_an_answer_without_candidates_is_an_error_that_quotes_its_start():
    with pytest.raises(OmpError, match=r"no JSON candidates.*I cannot help"):
        llmbridge.candidates('I cannot help with that. {"other": 1}')


def test_items_that_are_not_candidates_are_left_out_and_confidence_is_kept_in_range():
    found = llmbridge.candidates(
        json.dumps(
            {
                "candidates": [
                    "a string",
                    {"target": "user", "entry": "not a mapping"},
                    {"target": "User", "entry": {"text": "prefers tabs"}, "confidence": 7},
                ]
            }
        )
    )
    assert found == [{"target": "user", "entry": {"text": "prefers tabs"}, "confidence": 1.0}]


def test_the_prompt_holds_the_rules_and_every_message_with_its_index():
    text = llmbridge.prompt(
        {
            "title": "db choice",
            "messages": [
                {"role": "user", "text": "用 Postgres 吧", "index": 0},
                {"role": "assistant", "text": "OK, token [REDACTED:secret] noted", "index": 3},
            ],
        }
    )
    assert text.startswith(llmbridge.INSTRUCTIONS)
    assert "Conversation (db choice):\n[0] user: 用 Postgres 吧\n[3] assistant: OK, token" in text


@pytest.mark.parametrize("bad", ["not json", "[1, 2]", '{"title": "no messages"}'])
def test_input_that_is_not_what_extract_sends_is_refused(bad):
    with pytest.raises(UsageError, match=r"not JSON|no `messages` list"):
        llmbridge.payload(bad)


FAKE_MODEL = """\
import json, sys
from pathlib import Path

prompt = sys.stdin.read()
Path(sys.argv[1]).write_text(prompt, encoding="utf-8")
if "fail" in sys.argv[2:]:
    sys.exit("model overloaded")
print("Sure.\\n```json\\n" + json.dumps(json.loads(Path(sys.argv[2]).read_text())) + "\\n```")
"""


def _model(tmp_path: Path, answer: object, *flags: str) -> str:
    script = tmp_path / "model.py"
    script.write_text(FAKE_MODEL, encoding="utf-8")
    answer_file = tmp_path / "answer.json"
    answer_file.write_text(json.dumps(answer), encoding="utf-8")
    model = shlex.join(
        [sys.executable, str(script), str(tmp_path / "prompt.txt"), str(answer_file), *flags]
    )
    return shlex.join([sys.executable, "-m", "omp", "llm-bridge", model])


def test_extract_through_the_bridge_stores_what_the_model_found(git_repo, tmp_path):
    assert run_omp("init", cwd=git_repo).returncode == 0
    secret = "sk-proj-" + "Ab3dE6gH9jK2mN5pQ8sT1vW4yZ7" * 2
    done = run_omp(
        "extract",
        "--text",
        f"Let's go with Postgres 16, not MySQL. The key is {secret}",
        "--llm-cmd",
        _model(tmp_path, ANSWER),
        "--json",
        cwd=git_repo,
    )

    assert done.returncode == 0, done.stderr
    prompt = (tmp_path / "prompt.txt").read_text(encoding="utf-8")
    assert "[0] user: Let's go with Postgres 16, not MySQL. The key is [REDACTED:" in prompt
    assert secret not in prompt
    actions = {c["target"]: c["action"] for c in json.loads(done.stdout)["candidates"]}
    # no confidence from the model: the default (0.5) sends it to review
    assert actions == {"decisions": "stored", "project": "stored", "changelog": "review"}
    memory = git_repo / "_omp" / "memory"
    (decision,) = load((memory / "decisions.yaml").read_text(encoding="utf-8"))["decisions"]
    assert (decision["title"], decision["choice"]) == ("Use Postgres 16", "Postgres 16")
    project = load((memory / "project.yaml").read_text(encoding="utf-8"))
    assert project["tech_stack"]["database"] == "PostgreSQL 16"


def test_a_failing_model_stops_extract_and_nothing_is_written(git_repo, tmp_path):
    assert run_omp("init", cwd=git_repo).returncode == 0
    before = memory_files(git_repo)

    done = run_omp(
        "extract",
        "--text",
        "Use Postgres.",
        "--llm-cmd",
        _model(tmp_path, ANSWER, "fail"),
        cwd=git_repo,
    )

    assert done.returncode != 0
    assert "model overloaded" in done.stderr and "nothing was written" in done.stderr
    assert memory_files(git_repo) == before


def test_print_prompt_runs_no_model(git_repo):
    done = run_omp(
        "llm-bridge",
        "--print-prompt",
        input=json.dumps({"messages": [{"role": "user", "text": "hi", "index": 0}]}),
        cwd=git_repo,
    )
    assert done.returncode == 0
    assert done.stdout.endswith("Conversation:\n[0] user: hi\n")


def test_project_facts_are_put_where_the_project_schema_has_them():
    (found,) = llmbridge.candidates(
        json.dumps(
            [
                {
                    "target": "project",
                    "entry": {
                        "deployment.worker.url": "https://w.example.workers.dev",
                        "deployment.worker.status": "Deployed",
                        "deployment.staging.status": "产品在验收订单模块",
                        "deployment.region": "europe-west1",
                        "tech_stack": "Python",
                        "paths.ports": 8080,
                    },
                }
            ]
        )
    )
    assert found["entry"] == {
        "deployment": {"worker": {"url": "https://w.example.workers.dev", "status": "active"}},
        "config": {"deployment_region": "europe-west1", "tech_stack": "Python"},
        "paths": {"ports": "8080"},
    }


def test_the_replay_model_saves_unknown_prompts_and_answers_known_ones(tmp_path):
    import subprocess

    replay = [sys.executable, str(Path(__file__).parent.parent / "scripts" / "llm_replay.py")]

    def ask(*flags: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*replay, *flags, str(tmp_path)],
            input="the prompt",
            capture_output=True,
            text=True,
            check=False,
        )

    missing = ask()
    assert missing.returncode == 3 and "no answer recorded" in missing.stderr
    (saved,) = (tmp_path / "prompts").iterdir()
    assert saved.read_text(encoding="utf-8") == "the prompt"
    assert json.loads(ask("--collect").stdout) == {"candidates": []}
    (tmp_path / "answers").mkdir()
    (tmp_path / "answers" / saved.name).write_text('{"candidates": [1]}', encoding="utf-8")
    assert ask().stdout == '{"candidates": [1]}'
