"""The labelled corpus: every case extracts without error, leaks nothing, stores no rejected option.

Recall and precision are measured by scripts/eval_extract.py (figures in the README), not
asserted here; secrets and rejected options are absolute rules, so they are.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from .helpers import REPO

CORPUS = REPO / "tests" / "extract_corpus"
CASES = sorted(p for split in ("dev", "unseen") for p in (CORPUS / split).iterdir() if p.is_dir())


def _script(name: str) -> Any:
    """A module of scripts/, loaded by path (registered: its dataclasses need it)."""
    spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


EVAL = _script("eval_extract")


def test_the_corpus_is_big_enough_and_covers_every_format():
    names = {f.name for case in CASES for f in case.iterdir() if f.name != "expected.yaml"}
    assert len(CASES) >= 30
    assert set(EVAL.SOURCE_NAMES) - {"conversation.md"} <= names


# Held-out cases whose failure is known and left unfixed so that the split stays unseen (the
# README reports them); strict: a fix that comes from other work shows here and ends the entry.
KNOWN_UNSEEN_FAILURES = {
    "174-zh-claude-export-springboot-order-flyway": (
        "a reversed choice is stored (batch 159-178; the rules at its writing read it as one "
        "message and stored no choice)"
    ),
    "97-mixed-md-subtitle-align-whisperx": "a reversed choice is stored (batch 79-98)",
    "102-en-md-rnaseq-nextflow": "a reversed choice is stored (batch 99-118, as written)",
    "131-mixed-session-eks-karpenter-aws-key": "a reversed choice is stored (batch 119-138)",
    "204-en-aider-go-ratelimit-redis": "a reversed choice is stored (batch 199-218)",
    "140-zh-rollout-flink-late-events": (
        "a reversed choice is stored (batch 139-158; since the rule changes of session 55)"
    ),
    "235-zh-chatjson-roo-ansible-fleet": (
        "a reversed choice is stored (since session 62's fix to bulleted options, which lets the "
        "reply pick one of them)"
    ),
    "87-en-rollout-wallet-viem-rpc-key": (
        "a reversed choice is stored (batch 79-98; since session 60's rule for the items of the "
        "assistant's closing summary)"
    ),
}


def _case(p: Path) -> Any:
    why = KNOWN_UNSEEN_FAILURES.get(p.name) if p.parent.name == "unseen" else None
    marks = [pytest.mark.xfail(reason=why, strict=True)] if why else []
    return pytest.param(p, marks=marks, id=f"{p.parent.name}/{p.name}")


@pytest.mark.parametrize("case", [_case(p) for p in CASES])
def test_a_case_extracts_without_leaking_secrets_or_storing_rejected_options(case: Path):
    result = EVAL.run_case(case, case.parent.name)

    assert result.leaks == 0, result.leak_places
    assert result.rejected_stored == 0, result.false_positives


def test_an_adjudicated_item_counts_for_precision_only():
    expected = {
        "items": [{"target": "decisions", "keywords": ["postgres"]}],
        "acceptable": [{"target": "changelog", "keywords": ["bump vite"]}],
    }

    def stored(target: str, entry: dict[str, Any]) -> dict[str, Any]:
        return {
            "target": target,
            "action": "stored",
            "confidence": 0.9,
            "reason": "",
            "entry": entry,
        }

    report = {
        "candidates": [
            stored("changelog", {"summary": "bump vite to 5.2"}),
            stored("changelog", {"summary": "wip"}),
        ]
    }
    result = EVAL.CaseResult("x", "dev")
    EVAL._score(result, expected, report)
    assert (result.expected, result.found, result.stored) == (1, 0, 2)
    assert (result.correct, result.acceptable) == (0, 1)
    assert result.false_positives == ["changelog: bump vite to 5.2  [acceptable]", "changelog: wip"]
    assert result.extras == [{"split": "dev", "case": "x", "target": "changelog", "text": "wip"}]
    totals = {"dev": {"found": 0, "found_with_review": 0, "expected": 1, "stored": 2,
                      "correct": 0, "acceptable": 1}}  # fmt: skip
    summary = EVAL._summarise(totals, {"dev": result.by_target})["dev"]
    assert (summary["precision"], summary["precision_adjudicated"]) == ("0.00", "0.50")


def test_adjudication_appends_accepted_items_and_leaves_the_labels_alone(tmp_path, capsys):
    adjudicate = _script("adjudicate")
    case = tmp_path / "dev" / "01-en-x"
    case.mkdir(parents=True)
    labels = (
        "description: x\nlanguage: en\nitems:\n  - target: decisions  # the choice\n"
        '    keywords: [postgres]\nrejected: [mysql]\nsecrets: ["sk-test"]\n'
    )
    (case / "expected.yaml").write_text(labels, encoding="utf-8")
    verdict = {"split": "dev", "case": "01-en-x", "target": "changelog", "why": ""}
    lines = [
        {**verdict, "text": "bump vite to 5.2 deps 4e91b07", "verdict": "accept",
         "keywords": ["bump vite", "4e91b07"]},
        {**verdict, "text": "wip", "verdict": "reject", "keywords": []},
        {**verdict, "text": "Fixed it", "verdict": "accept", "keywords": ["Fixed"]},
        {**verdict, "text": "fixed the retry loop", "verdict": "accept", "keywords": ["loop x"]},
    ]  # fmt: skip
    verdicts = tmp_path / "v.jsonl"
    verdicts.write_text("".join(json.dumps(v) + "\n" for v in lines), encoding="utf-8")

    assert adjudicate.main([str(verdicts)], corpus=tmp_path) == 0
    adjudicate.main([str(verdicts)], corpus=tmp_path)  # twice is once

    text = (case / "expected.yaml").read_text(encoding="utf-8")
    assert text.startswith(labels)  # every label byte, the comment too
    data = YAML(typ="safe").load(text)
    assert data["acceptable"] == [{"target": "changelog", "keywords": ["bump vite"]}]
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        "4 verdicts; added 1 acceptable items in 1 cases; 2 accepted verdicts refused "
        "(keywords not 1-3 lower-case substrings of the text)"
    )
    assert out[1].startswith("4 verdicts; added 0 acceptable items")


def test_every_acceptable_item_is_shaped_like_a_label():
    for case in CASES:
        expected = YAML(typ="safe").load((case / "expected.yaml").read_text(encoding="utf-8"))
        for item in expected.get("acceptable") or []:
            assert item["target"] in ("decisions", "changelog", "project", "user"), case
            assert 1 <= len(item["keywords"]) <= 3, case
            assert all(isinstance(k, str) and k == k.lower() for k in item["keywords"]), case


def test_the_learned_probes_hold_out_whole_batches_and_learn_a_separable_rule():
    probe = _script("probe_learned")
    dev = [p.name for p in CASES if p.parent.name == "dev"]
    batches = {probe.batch_of(name) for name in dev}
    assert batches == set(range(len(probe.BATCHES) - 1))  # every batch holds cases
    assert probe.batch_of("18-x") == 0 and probe.batch_of("19-x") == 1
    w = probe.train([(["bias", "good"], 1), (["bias", "bad"], 0)] * 20)
    assert probe.score(w, ["bias", "good"]) > 0.9 > 0.1 > probe.score(w, ["bias", "bad"])
