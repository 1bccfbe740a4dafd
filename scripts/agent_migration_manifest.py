#!/usr/bin/env python3
r"""Build an Odysseus `agent-migration.v1` manifest: a drop-in for Odysseus' script of this name.

Same flags, defaults and output as the reference (`generated_at` aside; set SOURCE_DATE_EPOCH to
pin it), the same module-level functions (`collect_memory_json`, `collect_skill_dir`,
`collect_archive_paths`, `collect_conversation_json`, `stable_id`, `parse_args`,
`build_manifest`, `main`, ...), but streaming: a multi-gigabyte conversation export is read in
constant memory. The implementation is `omp.manifest_build` (standard library only); this file
finds it in the checkout it sits in, so it runs with nothing installed:

    python scripts/agent_migration_manifest.py --conversation-json conversations.json \
        --source-name chatgpt --source-kind chatgpt --output manifest.json

`omp manifest build` is the same command.
"""

from __future__ import annotations

import sys
from pathlib import Path

_CHECKOUT = str(Path(__file__).resolve().parent.parent)
if _CHECKOUT not in sys.path:
    sys.path.insert(0, _CHECKOUT)

from omp.manifest_build import *  # noqa: E402, F403  (the reference's module-level API)
from omp.manifest_build import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main())
