"""Write a large, deterministic ChatGPT-style `conversations.json` for benchmarks and tests.

The layout of a ChatGPT data export: a list of conversations, each with a `mapping` of nodes
(a root without a message, then alternating user and assistant messages whose text is in
`content.parts`). 100 messages per conversation, messages of 800 bytes on average, 2% of them
without `create_time`; the same seed gives the same bytes. Written as it is generated, so it
needs no memory however large the target.

    python scripts/gen_big_export.py --target-mb 200 --output /tmp/big.json [--seed 7]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

_VOCABULARY = (
    "the deploy config cache index writer schema branch merge commit review memory agent "
    "session decision because we chose postgres over mysql redis queue worker latency budget "
    "token context retry backoff timeout lock file yaml json parser stream chunk buffer test "
    "fixture release version migrate rollback vercel docker kubernetes python typescript "
    "数据库 部署 缓存 决定 使用 因为 性能 测试"
)
WORDS = _VOCABULARY.split()


def _text(rng: random.Random, mean: int) -> str:
    words: list[str] = []
    size, want = 0, rng.randint(mean // 4, mean * 7 // 4)
    while size < want:
        word = rng.choice(WORDS)
        words.append(word)
        size += len(word.encode()) + 1
    return " ".join(words)


def conversation(rng: random.Random, number: int, messages: int, mean: int) -> dict[str, Any]:
    """One conversation in the ChatGPT export layout."""
    start = 1_700_000_000 + number * 3600 + rng.random()
    ids = [f"{number:06d}-{rng.getrandbits(48):012x}" for _ in range(messages + 1)]
    mapping: dict[str, Any] = {
        ids[0]: {"id": ids[0], "message": None, "parent": None, "children": [ids[1]]}
    }
    for i in range(1, messages + 1):
        role = "user" if i % 2 else "assistant"
        created = None if rng.random() < 0.02 else start + i * 7.25
        mapping[ids[i]] = {
            "id": ids[i],
            "message": {
                "id": ids[i],
                "author": {"role": role, "name": None, "metadata": {}},
                "create_time": created,
                "update_time": None,
                "content": {"content_type": "text", "parts": [_text(rng, mean)]},
                "status": "finished_successfully",
                "end_turn": role == "assistant",
                "weight": 1.0,
                "metadata": {"model_slug": "gpt-4o"} if role == "assistant" else {},
                "recipient": "all",
            },
            "parent": ids[i - 1],
            "children": [ids[i + 1]] if i < messages else [],
        }
    return {
        "title": f"Conversation about {rng.choice(WORDS)} #{number}",
        "create_time": start,
        "update_time": start + messages * 7.25,
        "mapping": mapping,
        "moderation_results": [],
        "current_node": ids[-1],
        "plugin_ids": None,
        "conversation_id": f"conv-{number:06d}",
        "id": f"conv-{number:06d}",
    }


def main(argv: list[str] | None = None) -> int:
    """Write the export; print its size and conversation count to stderr."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target-mb", type=float, default=20, help="Approximate size in MB.")
    parser.add_argument("--output", type=Path, required=True, help="File to write.")
    parser.add_argument("--seed", type=int, default=7, help="Random seed (default 7).")
    parser.add_argument("--messages", type=int, default=100, help="Messages per conversation.")
    parser.add_argument("--mean-bytes", type=int, default=800, help="Mean message size.")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    target = int(args.target_mb * 1_000_000)
    size = count = 0
    with args.output.open("w", encoding="utf-8") as f:
        f.write("[")
        while size < target:
            text = json.dumps(
                conversation(rng, count, args.messages, args.mean_bytes), ensure_ascii=False
            )
            f.write((", " if count else "") + text)
            size += len(text.encode()) + 2
            count += 1
        f.write("]\n")
    sys.stderr.write(f"{args.output}: {args.output.stat().st_size} bytes, {count} conversations\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
