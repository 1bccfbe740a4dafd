"""Would a learned component lift `omp extract`? Leave-one-batch-out probes on the dev corpus.

The extraction rules are written by hand. This script measures, on the dev split only, whether
three learned add-ons trained on the dev labels would help on conversations they were not
trained on. It holds out one dev batch at a time (the batches were written by separate
sessions, so a held-out batch stands in for new conversations), trains on the others and
scores the held-out one:

1. rescore: a logistic regression re-scoring the rules' candidates (features: target, reason,
   the rule's confidence and action, the words of the entry's sentence); a candidate is stored
   when the rules stored it and the model gives it at least 0.3, or the model gives it 0.85.
2. sentences: a classifier of "this sentence holds a decision's keywords" over every sentence
   of the conversations; what it finds beyond the rules, and what it adds wrongly.
3. values: a classifier of "this URL, path, host, identifier or versioned technology is a
   project fact" over every such value; the same count.

Pure Python and deterministic (fixed seed); about three minutes (one extraction per case).

    python scripts/probe_learned.py
"""

from __future__ import annotations

import itertools
import math
import random
import re
import sys
import tempfile
from collections import Counter, defaultdict
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import eval_extract as ev  # noqa: E402

from omp import rules, sensitive, sources  # noqa: E402

DEV = ev.CORPUS / "dev"
# first case number of each dev batch (tests/extract_corpus/README.md)
BATCHES = (
    1,
    19,
    39,
    57,
    75,
    95,
    115,
    135,
    155,
    175,
    195,
    215,
    235,
    255,
    275,
    295,
    315,
    335,
    355,
    375,
    395,
    415,
    435,
    455,
    475,
    495,
    515,
    516,  # 515 alone: written with the secret-filter patterns of command-line tools
    536,
    556,
    576,
    596,
    616,
    636,
    656,
    676,
    696,
    716,
    736,
    756,
    776,
    796,
    816,
    836,
    856,
    876,
    896,
    916,
    936,
)
CONVERSATIONS = ev.SOURCE_NAMES[:7]  # all but deploy logs and commits
WORD = re.compile(r"[a-z]+|[\u4e00-\u9fff]")
VALUE = re.compile(
    r"(?P<url>\b[a-z][a-z0-9+.-]{1,10}://[^\s<>\"'`)\]，。、；（）]+)"
    r"|(?P<path>(?<![\w/.:])(?:~|\.{1,2})?/?[\w.{}@*-]+(?:/[\w.{}@*-]+)+/?)"
    r"|(?P<host>(?<![\w.@/-])[a-z0-9][\w-]*(?:\.[\w-]+)+(?::\d{2,5})?)"
    r"|(?P<ident>(?<![\w.-])[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)+(?![\w-]))",
    re.I,
)
VERSION_AFTER = re.compile(r"^\s?v?\d+(?:\.\d+){0,2}(?![\w.])")

Features = list[str]


def batch_of(case: str) -> int:
    """The dev batch (0, 1, …) a case belongs to, by its number."""
    n = int(case.split("-", 1)[0])
    return next(i for i in range(len(BATCHES) - 1) if BATCHES[i] <= n < BATCHES[i + 1])


def train(
    examples: list[tuple[Features, int]], *, epochs: int = 12, seed: int = 0
) -> dict[str, float]:
    """Logistic regression by stochastic gradient descent, L2-regularised."""
    w: dict[str, float] = defaultdict(float)
    rate, data, rng = 0.2, list(examples), random.Random(seed)
    for _ in range(epochs):
        rng.shuffle(data)
        for f, y in data:
            g = score(w, f) - y
            for k in f:
                w[k] -= rate * (g + 1e-4 * w[k])
        rate *= 0.8
    return w


def score(w: dict[str, float], f: Features) -> float:
    """The model's probability for features `f`."""
    z = sum(w.get(k, 0.0) for k in f)
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def held_out(rows: list[dict[str, Any]]) -> list[float]:
    """Each row's probability from the model trained on the other batches."""
    p = [0.0] * len(rows)
    for fold in range(len(BATCHES) - 1):
        w = train([(r["f"], r["y"]) for r in rows if batch_of(r["case"]) != fold])
        for i, r in enumerate(rows):
            if batch_of(r["case"]) == fold:
                p[i] = score(w, r["f"])
    return p


def words(text: str) -> list[str]:
    """Lower-case English words and single CJK characters."""
    return WORD.findall(text.lower())


# ---- the data -------------------------------------------------------------------------------


def load() -> list[dict[str, Any]]:
    """Every dev case: its labels, the rules' candidates, and its messages."""
    from ruamel.yaml import YAML

    def one(case: Path) -> dict[str, Any]:
        source = next(case / n for n in ev.SOURCE_NAMES if (case / n).is_file())
        with tempfile.TemporaryDirectory(prefix="omp-probe-") as tmp:
            report, _ = ev._extract(case, source, tmp)
        expected = YAML(typ="safe").load((case / "expected.yaml").read_text("utf-8")) or {}
        messages: list[tuple[str, str]] = []
        if source.name in CONVERSATIONS:
            for conv in sources.parse(source.read_text("utf-8", errors="replace")):
                messages += [
                    (m.role, sensitive.redact(m.text)[0])
                    for m in conv.messages
                    if m.role != "system"
                ]
        return {
            "case": case.name,
            "items": expected.get("items") or [],
            "candidates": [c for c in report["candidates"] if c["target"] != "sessions"],
            "messages": messages,
        }

    with ThreadPoolExecutor(2) as pool:
        return list(pool.map(one, sorted(p for p in DEV.iterdir() if p.is_dir())))


def found_by_rules(case: dict[str, Any]) -> set[int]:
    """The expected items of a case the rules' stored candidates match."""
    stored = [c for c in case["candidates"] if c["action"] == "stored"]
    return {j for j, it in enumerate(case["items"]) if any(ev._matches(it, c) for c in stored)}


# ---- probe 1: re-scoring the rules' candidates ----------------------------------------------


def candidate_features(c: dict[str, Any]) -> Features:
    """What the re-scorer sees of a candidate."""
    head = re.sub(r"\(\d+\)", "", c["reason"].split(";")[0]).strip()
    entry = c["entry"]
    sentence = str(entry.get("context") or entry.get("summary") or entry.get("text") or "")
    f = ["bias", f"t:{c['target']}", f"r:{head}", f"a:{c['action']}"]
    f += [f"c:{int(c['confidence'] * 10)}", f"role:{rules.role_of(ev._text(c))}"]
    return f + [f"w:{w}" for w in set(words(sentence or ev._text(c)))]


def probe_rescore(cases: list[dict[str, Any]]) -> str:
    """Recall and precision of the rules' outcomes, and of the re-scored ones."""
    rows = []
    for case in cases:
        for c in case["candidates"]:
            hits = [j for j, it in enumerate(case["items"]) if ev._matches(it, c)]
            fixed = c["action"] == "dropped" and c["confidence"] == 0.0  # reversed or turned down
            rows.append({"case": case["case"], "c": c, "f": candidate_features(c),
                         "y": int(bool(hits)), "hits": hits, "fixed": fixed})  # fmt: skip
    p = held_out(rows)
    expected = sum(len(case["items"]) for case in cases)

    def figures(stored: Iterable[int]) -> tuple[float, float]:
        picked = [rows[i] for i in stored]
        found = {(r["case"], j) for r in picked for j in r["hits"]}
        return len(found) / expected, sum(r["y"] for r in picked) / max(1, len(picked))

    rules_only = figures(i for i, r in enumerate(rows) if r["c"]["action"] == "stored")
    learned = figures(
        i
        for i, r in enumerate(rows)
        if not r["fixed"] and (p[i] >= 0.85 or (r["c"]["action"] == "stored" and p[i] >= 0.3))
    )
    return (
        f"rescore    recall {rules_only[0]:.3f} -> {learned[0]:.3f}, "
        f"precision {rules_only[1]:.3f} -> {learned[1]:.3f}"
    )


# ---- probes 2 and 3: what the rules did not produce -----------------------------------------


def sentence_rows(case: dict[str, Any], known: set[int]) -> list[dict[str, Any]]:
    """One row per sentence: does it hold every keyword of an expected decision?"""
    decisions = [(j, it) for j, it in enumerate(case["items"]) if it["target"] == "decisions"]
    rows = []
    for n, (role, text) in enumerate(case["messages"]):
        for s in rules.statements(text):
            ws = words(s)
            f = ["bias", f"role:{role}", f"pos:{min(4, 5 * n // len(case['messages']))}"]
            f += [f"w:{w}" for w in set(ws)] + [f"b:{a}_{b}" for a, b in itertools.pairwise(ws)]
            f += ["q"] if rules.signals.QUESTION.search(s) else []
            f += ["tentative"] if rules.tentative(s) else []
            f += ["rule"] if rules.decision(s) else []
            hits = [
                j for j, it in decisions if all(str(k).lower() in s.lower() for k in it["keywords"])
            ]
            rows.append({"case": case["case"], "key": s, "f": f, "y": int(bool(hits)),
                         "new": [j for j in hits if j not in known]})  # fmt: skip
    return rows


def value_rows(case: dict[str, Any], known: set[int]) -> list[dict[str, Any]]:
    """One row per value in a sentence: does it hold every keyword of an expected fact?"""
    facts = [(j, it) for j, it in enumerate(case["items"]) if it["target"] == "project"]
    seen: list[tuple[str, str, str, int, int, str]] = []
    for role, text in case["messages"]:
        for s in rules.statements(text):
            seen += [
                (m.lastgroup or "", m.group().rstrip(".,;:!?"), s, m.start(), m.end(), role)
                for m in VALUE.finditer(s)
            ]
            for name in dict.fromkeys(rules.technologies(s)):
                at = s.lower().find(name)
                if at >= 0:
                    v = VERSION_AFTER.match(s[at + len(name) :])
                    end = at + len(name) + (v.end() if v else 0)
                    seen.append(("tech" if v is None else "techv", s[at:end], s, at, end, role))
    counts = Counter(v.lower() for _, v, *_ in seen)
    rows = []
    for kind, value, s, start, end, role in seen:
        left, right = words(s[:start])[-4:], words(s[end:])[:4]
        f = ["bias", f"k:{kind}", f"r:{role}", f"n:{min(3, counts[value.lower()])}"]
        f += (
            [f"l:{w}" for w in left]
            + [f"rr:{w}" for w in right]
            + [f"w:{w}" for w in set(words(s))]
        )
        f += [f"role:{rules.role_of(value)}"] if kind.startswith("tech") else []
        hits = [
            j for j, it in facts if all(str(k).lower() in value.lower() for k in it["keywords"])
        ]
        rows.append({"case": case["case"], "key": value.lower(), "f": f, "y": int(bool(hits)),
                     "new": [j for j in hits if j not in known]})  # fmt: skip
    return rows


def probe_additions(name: str, rows: list[dict[str, Any]], thresholds: tuple[float, ...]) -> str:
    """Items the rules missed that the held-out model finds, and wrong ones it adds."""
    p = held_out(rows)
    lines = []
    for t in thresholds:
        best: dict[tuple[str, str], dict[str, Any]] = {}
        for r, q in zip(rows, p, strict=True):
            if q >= t:
                best.setdefault((r["case"], r["key"]), r)
        new = {(r["case"], j) for r in best.values() for j in r["new"]}
        wrong = sum(1 for r in best.values() if not r["y"])
        lines.append(
            f"{name:<10} at {t:.1f}: {len(new)} items the rules missed, {wrong} wrong added"
        )
    return "\n".join(lines)


def main() -> int:
    """Run the three probes and print their figures."""
    cases = load()
    known = {c["case"]: found_by_rules(c) for c in cases}
    print(f"dev cases: {len(cases)}, held out one batch at a time ({len(BATCHES) - 1} batches)")
    print(probe_rescore(cases))
    sentences = [r for c in cases for r in sentence_rows(c, known[c["case"]])]
    print(probe_additions("sentences", sentences, (0.7, 0.9)))
    values = [r for c in cases for r in value_rows(c, known[c["case"]])]
    print(probe_additions("values", values, (0.7, 0.8)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
