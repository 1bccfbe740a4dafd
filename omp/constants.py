"""Names, file layout and policies shared by every module."""

from __future__ import annotations

OMP_DIR = "_omp"
MEMORY_DIR = "memory"
CACHE_DIR = ".cache"
BACKUP_DIR = ".backup"
CONFIG_FILE = "config.yaml"
LOCK_FILE = "lock"
TXN_FILE = "txn.json"

# Legacy memory roots of OpenMemory Plus, relative to the project root, newest first.
LEGACY_MEMORY_ROOTS = ("_omp/.memory", ".memory")

PROJECT_FILE = "project.yaml"
DECISIONS_FILE = "decisions.yaml"
CHANGELOG_FILE = "changelog.yaml"
SESSIONS_DIR = "sessions"
THEMES_INDEX_FILE = "themes/index.yaml"
EMBEDDINGS_FILE = "themes/embeddings.json"
USER_CONTEXT_FILE = "user-context.yaml"
CANDIDATES_FILE = "candidates.yaml"
# where an extracted (or imported) item is written: a project file, or the user store
CANDIDATE_TARGETS = ("decisions", "changelog", "project", "sessions", "user")
IMPORTS_FILE = "imports.yaml"  # what `omp import` brought in: the ledger and archive index
SKILLS_DIR = "skills"  # _omp/skills/<category>/<name>/SKILL.md
ARCHIVE_DIR = "archive"  # _omp/archive/<source>/...: imported documents and transcripts
USER_MEMORIES_FILE = "memories.yaml"  # in the user store ($XDG_DATA_HOME/omp/memory/)
HANDOFFS_DIR = "handoffs"
AGENTS_STATE_FILE = "agents.json"  # _omp/agents.json: what `omp agents install` changed

# What `omp init` creates, relative to the memory dir, in order; each comes from templates/.
INIT_FILES = (
    PROJECT_FILE,
    DECISIONS_FILE,
    CHANGELOG_FILE,
    "sessions/.gitkeep",
    THEMES_INDEX_FILE,
    EMBEDDINGS_FILE,
)
# What `omp init` also creates, relative to `_omp/` and to templates/: the skill and the
# `/memory` command that tell agents to use omp.
INIT_AGENT_FILES = (f"{SKILLS_DIR}/memory-extraction/SKILL.md", "commands/memory.md")
# What `omp init` puts in the repository's `.gitignore`, under GITIGNORE_COMMENT: `**/` makes
# each line match the memory folders of every package of a monorepo, not only the top's.
GITIGNORE_COMMENT = "# omp: backups and derived cache (rebuildable)"
GITIGNORE_LINES = (f"**/{OMP_DIR}/{MEMORY_DIR}/{BACKUP_DIR}/", f"**/{OMP_DIR}/{CACHE_DIR}/")
# The lines of earlier versions (the top only), each with the line that replaces it.
OLD_GITIGNORE_LINES = {line.removeprefix("**/"): line for line in GITIGNORE_LINES}

META_KEY = "_meta"

# Backups: `<name>.<UTC stamp>.bak` under `_omp/memory/.backup/`, keeping the newest N per file.
BACKUP_SUFFIX = ".bak"
BACKUP_STAMP_FORMAT = "%Y%m%dT%H%M%S.%fZ"
DEFAULT_BACKUP_RETENTION = 20

# Seconds a writer waits for the lock before giving up with LockTimeoutError.
DEFAULT_LOCK_TIMEOUT = 10.0

# Temp files of the atomic write: `.<name>.<random>.tmp` beside the target.
TEMP_PREFIX = "."
TEMP_SUFFIX = ".tmp"

DEFAULT_AGENT = "omp"
AGENT_ENV = "OMP_AGENT"

DECISION_STATUSES = ("proposed", "active", "superseded", "disputed", "retracted")
CHANGE_TYPES = ("feat", "fix", "docs", "refactor", "perf", "deploy", "config", "chore", "other")
DEPLOYMENT_STATUSES = ("active", "pending", "failed")

# Characters a YAML round-trip does not give back (U+0085 comes back as a space) or that other
# YAML readers take for line breaks; the writer refuses them.
UNKEEPABLE_CHARS = {
    "\u0085": "NEL (U+0085)",
    "\u2028": "LINE SEPARATOR (U+2028)",
    "\u2029": "PARAGRAPH SEPARATOR (U+2029)",
}

# Extraction thresholds (OpenMemory Plus §2.1 and §2.3); every module reads them from here.
AUTO_STORE_AT = 0.7  # confidence from which an extracted item is written
REVIEW_AT = 0.4  # confidence from which it is queued for `omp review` (below: dropped)
MIN_INFO_LENGTH = 10  # ROT trivial: fewer characters of information than this
SKIP_AT = 0.95  # ROT redundant: at least this similar to something stored: skipped
MERGE_AT = 0.85  # at least this similar: merged into what is stored
