"""Benchmark `omp manifest build` on large ChatGPT exports: wall time and peak memory.

    python scripts/bench_manifest.py [--sizes 20,200] [--runs 3] [--workdir DIR]

Generates deterministic exports (`scripts/gen_big_export.py`, the layout of the reference's
published figures), then times, side by side in one run, whole processes of:
- the builder (`scripts/agent_migration_manifest.py`, streaming), metadata only and with
  `--include-conversation-content`, writing to a file;
- a bare `json.load` of the same export: what the reference does first, and the lower bound of
  its design (it then builds and serialises the manifest in memory).
Each row gives the median wall time, the peak RSS and the ratio to `json.load`; the
reference's own published figures (spec §16, same machine kind) are printed below. It also
checks that the streamed manifest is byte-identical to the one built from the whole document.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench import run_process  # noqa: E402

# odysseus-manifest-spec.md §16: the reference on this machine kind (wall s, peak MiB).
PUBLISHED = {
    (20, "metadata only"): ("0.79-0.83 s", "165 MiB"),
    (20, "with content"): ("1.22 s", "245 MiB"),
    (200, "metadata only"): ("6.5-8.1 s", "1,473 MiB"),
    (200, "with content"): ("10.6-10.9 s", "2,226 MiB"),
}
MODES = {"metadata only": [], "with content": ["--include-conversation-content"]}


def _median(runs: int, argv: list[str], cwd: Path) -> tuple[float, float]:
    times, peaks = [], []
    for _ in range(runs):
        ms, mb = run_process(argv, cwd)
        times.append(ms / 1000)
        peaks.append(mb)
    return statistics.median(times), max(peaks)


_WHOLE = """
import json, sys
from omp import manifest_build as m
manifest = m.build_manifest(m.parse_args(sys.argv[2:]))
text = json.dumps(manifest, ensure_ascii=False, indent=2, sort_keys=True) + "\\n"
open(sys.argv[1], "wb").write(text.encode("utf-8"))
"""


def _same_as_whole(argv: list[str], streamed: Path) -> bool:
    """The streamed output against the reference's way: the whole document, then dumps.

    Run in a child process: this one must stay small, or the peak memory of the children it
    starts later would include it.
    """
    whole = streamed.with_suffix(".whole.json")
    subprocess.run(
        [sys.executable, "-c", _WHOLE, str(whole), *argv],
        check=True,
        env={**os.environ, "PYTHONPATH": str(HERE.parent)},
    )
    same = whole.read_bytes() == streamed.read_bytes()
    whole.unlink()
    return same


def main(argv: list[str] | None = None) -> int:
    """Generate the exports, run every case, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="20,200", help="Export sizes in MB (default 20,200).")
    parser.add_argument("--runs", type=int, default=3, help="Runs per case (median).")
    parser.add_argument("--workdir", type=Path, help="Where the exports go (default: a temp dir).")
    parser.add_argument(
        "--verify-up-to", type=float, default=50, help="Check byte identity for exports up to "
        "this many MB (the whole-document path needs about 12x the export in memory).",
    )  # fmt: skip
    args = parser.parse_args(argv)
    os.environ["SOURCE_DATE_EPOCH"] = "0"
    with tempfile.TemporaryDirectory() as tmp:
        work = args.workdir or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        rows = []
        for size in [float(s) for s in args.sizes.split(",")]:
            export = work / f"export-{size:g}mb.json"
            if not export.exists():
                subprocess.run(
                    [sys.executable, str(HERE / "gen_big_export.py"), "--target-mb", str(size),
                     "--output", str(export)],
                    check=True,
                )  # fmt: skip
            base_s, base_mb = _median(
                args.runs,
                [sys.executable, "-c", f"import json; json.load(open({str(export)!r}))"],
                work,
            )
            rows.append((f"{size:g} MB", "json.load (baseline)", base_s, base_mb, 1.0, 1.0, ""))
            for mode, flags in MODES.items():
                out = work / f"manifest-{size:g}-{len(flags)}.json"
                flags = ["--conversation-json", str(export), "--source-name", "big",
                         "--source-kind", "chatgpt", *flags]  # fmt: skip
                cmd = [sys.executable, str(HERE / "agent_migration_manifest.py"), *flags,
                       "--output", str(out)]  # fmt: skip
                wall, peak = _median(args.runs, cmd, work)
                same = ""
                if size <= args.verify_up_to:
                    same = "identical" if _same_as_whole(flags, out) else "DIFFERENT"
                rows.append((f"{size:g} MB", mode, wall, peak, wall / base_s, peak / base_mb, same))
    print(f"{'export':<8} {'case':<22} {'wall s':>8} {'peak MiB':>9} {'x time':>7} "
          f"{'x mem':>6}  streamed = whole")  # fmt: skip
    for export_size, case, wall, peak, rt, rm, same in rows:
        print(
            f"{export_size:<8} {case:<22} {wall:>8.2f} {peak:>9.0f} {rt:>7.2f} {rm:>6.2f}  {same}"
        )
    print("\nreference (odysseus-manifest-spec.md §16, same machine kind, stdout to a file):")
    for (size, mode), (wall_s, peak_s) in PUBLISHED.items():
        print(f"{size:g} MB   {mode:<22} {wall_s:>12} {peak_s:>10}")
    return 1 if any(r[6] == "DIFFERENT" for r in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
