"""Add adjudicated items to the corpus: verdicts in, `acceptable:` entries out.

`python scripts/eval_extract.py --extras x.jsonl` lists what the cases stored beyond their
labels; an assessor (a session that writes no rules, following "Adjudication" in
tests/extract_corpus/README.md) writes one verdict per line:

    {"split": "dev", "case": "241-…", "target": "project", "text": "config.region: eu-west-1",
     "verdict": "accept", "keywords": ["eu-west-1"], "why": "…"}

This script appends each accepted item to its case's `acceptable:` list, after checking that
its keywords are 1-3 lower-case substrings of the stored text (a commit hash is dropped: it
changes with every run). Labels (`items`, `rejected`, `secrets`) are never touched, and each
file is read back to prove it. It prints counts only, so that it can run on the unseen split.

    python scripts/adjudicate.py verdicts.jsonl [more.jsonl ...] [--dry-run]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "extract_corpus"
TARGETS = ("decisions", "changelog", "project", "user")
_HEADER = (
    "acceptable:             # judged after extraction (see the corpus README: Adjudication)\n"
)
_SHA = re.compile(r"[0-9a-f]{7,40}")

Item = tuple[str, tuple[str, ...]]


def accepted(verdicts: list[dict[str, Any]]) -> tuple[dict[tuple[str, str], list[Item]], int]:
    """The accepted items by (split, case), and how many verdicts were refused as malformed."""
    by_case: dict[tuple[str, str], list[Item]] = {}
    refused = 0
    for v in verdicts:
        if v.get("verdict") != "accept":
            continue
        keywords = tuple(k for k in v.get("keywords") or [] if not _SHA.fullmatch(str(k)))
        text = str(v.get("text", "")).lower()
        well_formed = (
            v.get("target") in TARGETS
            and 1 <= len(keywords) <= 3
            and all(isinstance(k, str) and k == k.lower() and k in text for k in keywords)
        )
        if not well_formed:
            refused += 1
            continue
        items = by_case.setdefault((str(v["split"]), str(v["case"])), [])
        if (v["target"], keywords) not in items:
            items.append((str(v["target"]), keywords))
    return by_case, refused


def add_acceptable(path: Path, items: list[Item], *, dry_run: bool = False) -> int:
    """Append `items` to the `acceptable:` list of one expected.yaml; how many were new.

    The list is the file's last key (this script is what writes it), so new entries are
    appended as text and every other byte of the file stays as it was.
    """
    text = path.read_text(encoding="utf-8")
    yaml = YAML(typ="safe")
    before = yaml.load(text) or {}
    had = before.get("acceptable") or []
    new = [(t, k) for t, k in items if {"target": t, "keywords": list(k)} not in had]
    if not new:
        return 0
    if had and list(before)[-1] != "acceptable":
        raise SystemExit(f"{path}: `acceptable:` is not the last key; add the items by hand")
    block = "" if had else "\n" + _HEADER
    for target, keywords in new:
        quoted = ", ".join(json.dumps(k, ensure_ascii=False) for k in keywords)
        block += f"  - target: {target}\n    keywords: [{quoted}]\n"
    updated = text.rstrip("\n") + "\n" + block
    after = yaml.load(updated)
    unchanged = {k: v for k, v in after.items() if k != "acceptable"} == {
        k: v for k, v in before.items() if k != "acceptable"
    }
    if not unchanged or len(after["acceptable"]) != len(had) + len(new):
        raise SystemExit(f"{path}: the labels would change; nothing written")
    if not dry_run:
        path.write_text(updated, encoding="utf-8")
    return len(new)


def main(argv: list[str] | None = None, corpus: Path = CORPUS) -> int:
    """Apply verdict files to the corpus and print counts."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("verdicts", nargs="+", type=Path, help="JSON-lines verdict files")
    parser.add_argument("--dry-run", action="store_true", help="check and count, write nothing")
    args = parser.parse_args(argv)
    verdicts = [
        json.loads(line)
        for path in args.verdicts
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    by_case, refused = accepted(verdicts)
    written = 0
    for (split, case), items in sorted(by_case.items()):
        expected = corpus / split / case / "expected.yaml"
        if not expected.is_file():
            raise SystemExit(f"{expected}: no such case")
        written += add_acceptable(expected, items, dry_run=args.dry_run)
    verb = "would add" if args.dry_run else "added"
    print(
        f"{len(verdicts)} verdicts; {verb} {written} acceptable items in {len(by_case)} cases; "
        f"{refused} accepted verdicts refused (keywords not 1-3 lower-case substrings of the text)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
