"""Measure `omp extract` on the labelled corpus in tests/extract_corpus/.

For every case: a fresh git repository with `omp init`, a private user store, then
`omp extract --json` on the case's source (or `--git` over a history built from
`commits.yaml`). The stored items are compared with `expected.yaml` (matching rules in
tests/extract_corpus/README.md), and every byte omp printed or wrote is searched for the
planted secrets.

    python scripts/eval_extract.py                 # both splits, one line per case
    python scripts/eval_extract.py --split unseen  # the figures quoted in the README
    python scripts/eval_extract.py -v              # misses, false positives, leaks
    python scripts/eval_extract.py --split dev --dump /tmp/c.jsonl   # every candidate, judged
    python scripts/eval_extract.py --extras /tmp/x.jsonl   # unlabelled items, to adjudicate
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

CORPUS = HERE.parent / "tests" / "extract_corpus"
SOURCE_NAMES = (
    "conversation.txt",
    "conversation.md",
    "chat.json",
    "conversations.json",
    "session.jsonl",
    "rollout.jsonl",
    "aider.chat.history.md",
    "deploy.log",
    "commits.yaml",
)


@dataclass
class CaseResult:
    """The outcome of one case."""

    name: str
    split: str
    expected: int = 0
    found: int = 0
    found_with_review: int = 0
    stored: int = 0
    correct: int = 0
    acceptable: int = 0  # stored beyond the labels, but judged correct on adjudication
    rejected_stored: int = 0
    leaks: int = 0
    by_target: dict[str, list[int]] = field(
        default_factory=dict
    )  # expected, found, stored, correct, correct or acceptable
    misses: list[str] = field(default_factory=list)
    false_positives: list[str] = field(default_factory=list)
    leak_places: list[str] = field(default_factory=list)
    judged: list[dict[str, Any]] = field(default_factory=list)  # every candidate, for --dump
    extras: list[dict[str, Any]] = field(default_factory=list)  # stored, unlabelled: --extras


def _text(c: dict[str, Any]) -> str:
    entry = c["entry"]
    target = c["target"]
    if target == "decisions":
        return f"{entry.get('title', '')} {entry.get('choice', '')} {entry.get('decision', '')}"
    if target == "changelog":
        return f"{entry.get('summary', '')} {entry.get('scope', '')} {entry.get('ref', '')}"
    if target == "project":
        return "\n".join(f"{k}: {v}" for k, v in _flatten(entry))
    if target == "user":
        return str(entry.get("text", ""))
    return json.dumps(entry, ensure_ascii=False)


def _flatten(data: Any, prefix: str = "") -> list[tuple[str, Any]]:
    if isinstance(data, dict):
        return [kv for k, v in data.items() for kv in _flatten(v, f"{prefix}.{k}" if prefix else k)]
    return [(prefix, data)]


def _matches(item: dict[str, Any], c: dict[str, Any]) -> bool:
    if c["target"] != item["target"]:
        return False
    text = _text(c).casefold()
    return all(str(k).casefold() in text for k in item.get("keywords", []))


def _git(repo: Path, env: dict[str, str], *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, env=env)


def _build_history(repo: Path, env: dict[str, str], commits: list[dict[str, Any]]) -> None:
    for n, commit in enumerate(commits):
        (repo / "work.txt").write_text(f"change {n}\n", encoding="utf-8")
        _git(repo, env, "add", "work.txt")
        author = commit.get("author") or "Dev Eloper <dev@example.com>"
        message = commit["message"]
        _git(repo, env, "commit", "-q", "--allow-empty", f"--author={author}", "-m", message)


def _extract(
    case: Path, source: Path, tmp: str, llm_cmd: str | None = None
) -> tuple[dict[str, Any], dict[str, str]]:
    """Run `omp extract --json` on a case in a fresh repository under `tmp`.

    Returns the JSON report and every text omp printed or wrote, by place.
    """
    from ruamel.yaml import YAML

    repo = Path(tmp) / "repo"
    repo.mkdir()
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(Path(tmp) / "data"),
        "OMP_USER_STORE": "",
        "HOME": tmp,
        "GIT_CONFIG_GLOBAL": str(Path(tmp) / "gitconfig"),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Eval",
        "GIT_AUTHOR_EMAIL": "eval@example.com",
        "GIT_COMMITTER_NAME": "Eval",
        "GIT_COMMITTER_EMAIL": "eval@example.com",
    }
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True, env=env)
    omp = [sys.executable, "-m", "omp", "-C", str(repo)]
    subprocess.run([*omp, "init"], check=True, env=env, capture_output=True)
    if source.name == "commits.yaml":
        _build_history(repo, env, YAML(typ="safe").load(source.read_text(encoding="utf-8")))
        args = ["extract", "--git", "HEAD", "--json"]
    else:
        args = ["extract", str(source), "--json"]
        args += ["--llm-cmd", llm_cmd] if llm_cmd else []
    done = subprocess.run([*omp, *args], env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{case.name}: omp extract failed:\n{done.stderr}")
    outputs = {"stdout": done.stdout, "stderr": done.stderr}
    for path in Path(tmp).rglob("*"):
        if path.is_file() and ".git" not in path.relative_to(tmp).parts:
            outputs[str(path.relative_to(tmp))] = path.read_text("utf-8", errors="replace")
    return json.loads(done.stdout), outputs


def run_case(case: Path, split: str, llm_cmd: str | None = None) -> CaseResult:
    """Extract one case into a fresh repository and score it."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    try:
        expected = YAML(typ="safe").load((case / "expected.yaml").read_text(encoding="utf-8"))
    except (OSError, YAMLError) as e:
        raise SystemExit(f"{case}/expected.yaml: cannot be read: {e}") from None
    expected = expected or {}
    source = next((case / n for n in SOURCE_NAMES if (case / n).is_file()), None)
    if source is None:
        raise SystemExit(f"{case}: no source file (one of {', '.join(SOURCE_NAMES)})")
    with tempfile.TemporaryDirectory(prefix="omp-eval-") as tmp:
        report, outputs = _extract(case, source, tmp, llm_cmd)
    result = CaseResult(case.name, split)
    _score(result, expected, report)
    for secret in expected.get("secrets") or []:
        for where, text in outputs.items():
            if str(secret) in text:
                result.leaks += 1
                result.leak_places.append(f"{where}: {str(secret)[:6]}...")
    return result


def _score(result: CaseResult, expected: dict[str, Any], report: dict[str, Any]) -> None:
    candidates = [c for c in report["candidates"] if c["target"] != "sessions"]
    stored = [c for c in candidates if c["action"] == "stored"]
    review = [c for c in candidates if c["action"] == "review"]
    items = expected.get("items") or []
    acceptable = expected.get("acceptable") or []
    result.expected = len(items)
    for item in items:
        row = result.by_target.setdefault(item["target"], [0, 0, 0, 0, 0])
        row[0] += 1
        if any(_matches(item, c) for c in stored):
            row[1] += 1
            result.found += 1
            result.found_with_review += 1
            continue
        result.misses.append(f"{item['target']} {item.get('keywords')}")
        if any(_matches(item, c) for c in review):
            result.found_with_review += 1
    result.stored = len(stored)
    for c in candidates:
        result.judged.append(
            {
                "case": result.name,
                "target": c["target"],
                "action": c["action"],
                "confidence": c["confidence"],
                "reason": c["reason"],
                "index": (c.get("source") or {}).get("index"),
                "text": _text(c).strip(),
                "context": str(c["entry"].get("context", "")),  # a decision's sentence
                "correct": any(_matches(item, c) for item in items),
                "acceptable": any(_matches(item, c) for item in acceptable),
            }
        )
    rejected = [str(r).casefold() for r in expected.get("rejected") or []]
    for c in stored:
        row = result.by_target.setdefault(c["target"], [0, 0, 0, 0, 0])
        row[2] += 1
        if any(_matches(item, c) for item in items):
            row[3] += 1
            row[4] += 1
            result.correct += 1
        elif any(_matches(item, c) for item in acceptable):
            row[4] += 1
            result.acceptable += 1
            result.false_positives.append(f"{c['target']}: {_text(c).strip()[:100]}  [acceptable]")
        else:
            result.false_positives.append(f"{c['target']}: {_text(c).strip()[:100]}")
            extra = {"target": c["target"], "text": _text(c).strip()}
            result.extras.append({"split": result.split, "case": result.name, **extra})
        choice = str(c["entry"].get("choice", "")).casefold()
        if c["target"] == "decisions" and any(r in choice for r in rejected):
            result.rejected_stored += 1
            result.false_positives.append(f"rejected option stored: {choice}")


def _ratio(a: int, b: int) -> str:
    return f"{a / b:.2f}" if b else "n/a"


def _print_case(r: CaseResult, *, verbose: bool) -> None:
    print(
        f"{r.split:<6} {r.name:<48} found {r.found}/{r.expected}  "
        f"correct {r.correct}/{r.stored}  rejected {r.rejected_stored}  leaks {r.leaks}"
        + (f"  acceptable {r.acceptable}" if r.acceptable else "")
    )
    if verbose:
        for line in r.misses:
            print(f"         missed   {line}")
        for line in r.false_positives:
            print(f"         extra    {line}")
        for line in r.leak_places:
            print(f"         LEAK     {line}")


def _summarise(
    totals: dict[str, dict[str, int]], targets: dict[str, dict[str, list[int]]]
) -> dict[str, Any]:
    """Totals per split, with ratios and a per-target breakdown."""
    return {
        split: {
            **t,
            "recall": _ratio(t["found"], t["expected"]),
            "recall_with_review": _ratio(t["found_with_review"], t["expected"]),
            "precision": _ratio(t["correct"], t["stored"]),
            "precision_adjudicated": _ratio(t["correct"] + t["acceptable"], t["stored"]),
            "by_target": {
                target: {
                    "expected": row[0],
                    "recall": _ratio(row[1], row[0]),
                    "stored": row[2],
                    "precision": _ratio(row[3], row[2]),
                    "precision_adjudicated": _ratio(row[4], row[2]),
                }
                for target, row in sorted(targets.get(split, {}).items())
            },
        }
        for split, t in totals.items()
    }


def _print_summary(summary: dict[str, Any]) -> None:
    print()
    print(
        f"{'split':<8}{'cases':>6}{'recall':>8}{'+review':>9}{'precision':>11}"
        f"{'adjudicated':>13}{'rejected stored':>17}{'secret leaks':>14}"
    )
    for split, s in summary.items():
        print(
            f"{split:<8}{s['cases']:>6}{s['recall']:>8}{s['recall_with_review']:>9}"
            f"{s['precision']:>11}{s['precision_adjudicated']:>13}"
            f"{s['rejected_stored']:>17}{s['leaks']:>14}"
        )
    print()
    print(
        f"{'split':<8}{'target':<12}{'expected':>9}{'recall':>8}{'stored':>8}{'precision':>11}"
        f"{'adjudicated':>13}"
    )
    for split, s in summary.items():
        for target, row in s["by_target"].items():
            print(
                f"{split:<8}{target:<12}{row['expected']:>9}{row['recall']:>8}"
                f"{row['stored']:>8}{row['precision']:>11}{row['precision_adjudicated']:>13}"
            )


def _add(r: CaseResult, totals: dict[str, int], targets: dict[str, list[int]]) -> None:
    """Add one case's counts to its split's totals."""
    for key in totals:
        totals[key] += 1 if key == "cases" else getattr(r, key)
    for target, row in r.by_target.items():
        total = targets.setdefault(target, [0, 0, 0, 0, 0])
        for n, value in enumerate(row):
            total[n] += value


def main() -> int:
    """Run the evaluation and print per-case lines and totals."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("dev", "unseen", "all"), default="all")
    parser.add_argument("-v", "--verbose", action="store_true", help="show misses and errors")
    parser.add_argument("--json", action="store_true", help="print the totals as JSON")
    parser.add_argument(
        "--only", metavar="REGEX", help="only the cases whose folder name matches REGEX"
    )
    parser.add_argument(
        "--dump",
        metavar="FILE",
        type=Path,
        help="write every candidate (stored, review, dropped) as JSON lines, each judged "
        "correct or not against the labels: for choosing thresholds on dev",
    )
    parser.add_argument(
        "--extras",
        metavar="FILE",
        type=Path,
        help="write the stored items that match neither the labels nor `acceptable:` as JSON "
        "lines, for adjudication (scripts/adjudicate.py)",
    )
    parser.add_argument("--jobs", type=int, default=2, help="cases run at once (default 2)")
    parser.add_argument(
        "--llm-cmd",
        metavar="CMD",
        help="extract conversations with this external extractor (`omp extract --llm-cmd`); "
        "commit histories and deploy logs keep their rules",
    )
    args = parser.parse_args()
    judged: list[dict[str, Any]] = []
    extras: list[dict[str, Any]] = []
    splits = ("dev", "unseen") if args.split == "all" else (args.split,)
    totals: dict[str, dict[str, int]] = {}
    targets: dict[str, dict[str, list[int]]] = {}
    failed = 0
    for split in splits:
        cases = sorted(
            p
            for p in (CORPUS / split).iterdir()
            if p.is_dir() and (args.only is None or re.search(args.only, p.name))
        )
        t = totals.setdefault(
            split,
            dict.fromkeys(
                (
                    "cases",
                    "expected",
                    "found",
                    "found_with_review",
                    "stored",
                    "correct",
                    "acceptable",
                    "rejected_stored",
                    "leaks",
                ),
                0,
            ),
        )
        with ThreadPoolExecutor(max(1, args.jobs)) as pool:
            runs = [(case, pool.submit(run_case, case, split, args.llm_cmd)) for case in cases]
        for case, run in runs:
            try:
                r = run.result()
            except SystemExit as e:
                print(f"{split:<6} {case.name:<48} ERROR {str(e).splitlines()[0]}")
                failed += 1
                continue
            judged += r.judged
            extras += r.extras
            _add(r, t, targets.setdefault(split, {}))
            if not args.json:
                _print_case(r, verbose=args.verbose)
    summary = _summarise(totals, targets)
    for path, rows in ((args.dump, judged), (args.extras, extras)):
        if path is not None:
            path.write_text(
                "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
            )
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        _print_summary(summary)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
