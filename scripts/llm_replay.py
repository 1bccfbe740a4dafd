"""A model command that answers from recorded answers: for measuring a model offline.

`omp llm-bridge` runs a model command with a prompt on standard input. This script stands in
for the model: it looks the prompt up by its SHA-256 in `DIR/answers/<hash>.txt` and prints
the answer recorded there. A prompt with no answer yet is saved as `DIR/prompts/<hash>.txt`
and the script fails; with `--collect` it answers "nothing" instead, so that one run of the
evaluation collects every prompt of every conversation:

    python scripts/eval_extract.py --split dev --llm-cmd "python -m omp llm-bridge
        'python scripts/llm_replay.py --collect /tmp/answers'"    (one line)

Answer the saved prompts by any means (a model behind a network, a person), write each answer
beside it under `answers/` with the same name, and run the evaluation again: it then measures
the answers through the whole of `omp extract` (schemas, secret filter, ROT, thresholds).
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path


def main() -> int:
    """Print the recorded answer to the prompt on standard input, or save the prompt."""
    args = sys.argv[1:]
    collect = "--collect" in args
    args = [a for a in args if a != "--collect"]
    if len(args) != 1:
        print("usage: llm_replay.py [--collect] DIR", file=sys.stderr)
        return 2
    folder = Path(args[0])
    prompt = sys.stdin.read()
    key = hashlib.sha256(prompt.encode("utf-8")).hexdigest()[:20]
    answer = folder / "answers" / f"{key}.txt"
    if answer.is_file():
        sys.stdout.write(answer.read_text(encoding="utf-8"))
        return 0
    saved = folder / "prompts" / f"{key}.txt"
    saved.parent.mkdir(parents=True, exist_ok=True)
    saved.write_text(prompt, encoding="utf-8")
    if collect:  # answer "nothing" so the run goes on to the source's next conversation
        print('{"candidates": []}')
        return 0
    print(f"no answer recorded for this prompt; saved it as {saved}", file=sys.stderr)
    return 3


if __name__ == "__main__":
    sys.exit(main())
