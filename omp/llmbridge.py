"""`omp llm-bridge`: a ready `--llm-cmd` for any model command that reads a prompt on stdin.

`omp extract --llm-cmd CMD` speaks JSON both ways: CMD gets the redacted messages and must
print candidates. Model command-line tools (`claude -p`, `llm`, `ollama run MODEL`, `gemini`)
speak text: a prompt in, an answer out. The bridge sits between the two: it turns the messages
into a prompt that states the labelling rules and the entry shapes, runs the model command,
finds the JSON in its answer (bare, in a fenced block, or after some prose), and prints the
candidates in the shape `--llm-cmd` expects. What it prints is checked by `omp extract` like
any external candidates (schemas, secret filter, ROT, thresholds); the bridge only shapes.
"""

from __future__ import annotations

import json
from typing import Any

from omp import external, sensitive
from omp.constants import CHANGE_TYPES
from omp.errors import OmpError, UsageError

TIMEOUT = 540.0  # under `omp extract`'s own limit for --llm-cmd (600 s)
TARGETS = ("decisions", "changelog", "project", "user")

INSTRUCTIONS = """\
You read a conversation between a person and a coding assistant and pick out what the project
should remember for later sessions. Answer with JSON only, in this shape:

{"candidates": [{"target": "...", "entry": {...}, "confidence": 0.9, "reason": "..."}]}

Targets and their entries:
- "decisions": a choice that is final by the end of the conversation, made by the person or
  proposed by the assistant and accepted by the person.
  entry: {"title": "Use X for Y", "choice": "X", "alternatives": ["options turned down"],
  "rationale": "why, when it was said"}
  "choice" is the chosen option itself in a few words (a name, a value, a short phrase);
  the options turned down go in "alternatives" only, never in the title or the choice.
  Not a decision: options only discussed, tentative talk ("maybe we could", "let's try",
  "试试", "也许", "可能"), questions, advice the person did not take up, and a choice that was
  reversed later (keep only the final choice; put the earlier one in its alternatives).
- "changelog": work stated as done (fixed, added, released, deployed, refactored) or a commit.
  entry: {"type": "feat|fix|docs|refactor|perf|deploy|config|chore|other", "summary": "one
  line", "ref": "commit sha or tag, when there is one"}
- "project": facts about the project: the tech stack and versions in use, deployment URLs
  and their status, configuration values that are not secret, important paths.
  entry: dotted keys to values, e.g. {"tech_stack.database": "PostgreSQL 16",
  "deployment.web.url": "https://example.com", "deployment.web.status": "active",
  "config.cache_ttl": "10m", "paths.migrations": "db/migrations/"}
  A deployment holds only "url" and "status" (active, pending or failed); other facts about
  where and how it runs go under "config". Keep what a later session needs to work on the
  project (the stack and its versions, where it runs, settings that were chosen, the paths
  people refer to), not every file touched, resource name, port or identifier seen.
- "user": the person's own preferences, habits and skills, true beyond this project
  ("I prefer tabs", "我习惯用 vim"). entry: {"text": "..."}

Rules:
- Copy names, versions, URLs and paths exactly as they are written. Write an item in the
  language of the sentence it comes from.
- One candidate per fact. Leave out what is trivial, what only the assistant believes, and
  what was true only for a moment.
- Values marked [REDACTED:...] were secrets: never guess them and never include the marker.
- confidence: 0.9 when the conversation states it plainly and finally, 0.6 when it is likely
  but not certain. Leave out anything less certain.
- If nothing is worth keeping, answer {"candidates": []}.
"""


def prompt(payload: dict[str, Any], instructions: str = INSTRUCTIONS) -> str:
    """The prompt for the messages of one conversation (`--llm-cmd`'s input)."""
    messages = payload.get("messages") or []
    lines = [instructions.rstrip("\n"), ""]
    title = payload.get("title")
    lines.append(f"Conversation{f' ({title})' if title else ''}:")
    for n, m in enumerate(messages):
        if not isinstance(m, dict):
            continue
        index = m.get("index", n)
        lines.append(f"[{index}] {m.get('role', 'user')}: {str(m.get('text', '')).strip()}")
    return "\n".join(lines) + "\n"


def candidates(answer: str) -> list[dict[str, Any]]:
    """The candidates in a model's answer, shaped as `--llm-cmd` expects.

    The JSON may be the whole answer, in a fenced block, or follow some prose; the first
    object holding a `candidates` list (or a bare list) is taken.

    Raises:
        OmpError: the answer holds no such JSON.
    """
    found = _first_json(answer)
    if found is None:
        start = sensitive.redact(answer.strip()[:400])[0][:120].replace("\n", " ")
        raise OmpError(
            f"the model's answer holds no JSON candidates (it starts: {start!r})",
            hint="run the model command by hand with `omp llm-bridge --print-prompt` output "
            "on its standard input; some tools need a flag to print only the answer",
        )
    items = found.get("candidates") if isinstance(found, dict) else found
    out = []
    for item in items if isinstance(items, list) else []:
        shaped = shape(item)
        if shaped is not None:
            out.append(shaped)
    return out


def _first_json(answer: str) -> Any:
    decoder = json.JSONDecoder()
    text = answer.strip()
    for at, ch in enumerate(text):
        if ch not in "{[":
            continue
        try:
            value, _ = decoder.raw_decode(text, at)
        except ValueError:
            continue
        if isinstance(value, dict) and isinstance(value.get("candidates"), list):
            return value
        if isinstance(value, list) and all(isinstance(v, dict) for v in value):
            return value
    return None


def shape(item: Any) -> dict[str, Any] | None:
    """One candidate in `--llm-cmd`'s shape, or None when it is not a candidate at all.

    Dotted project keys become nested mappings, a decision without a title gets "Use
    <choice>", an unknown changelog type becomes "other". Anything else wrong is left for
    `omp extract`'s schema checks to report.
    """
    if not isinstance(item, dict) or not isinstance(item.get("entry"), dict):
        return None
    target = str(item.get("target", "")).strip().lower()
    entry = dict(item["entry"])
    if target == "project":
        entry = _project(_nested(entry))
    elif target == "decisions":
        if not entry.get("title") and entry.get("choice"):
            entry["title"] = f"Use {entry['choice']}"
    elif target == "changelog" and entry.get("type") not in CHANGE_TYPES:
        entry["type"] = "other"
    out: dict[str, Any] = {"target": target, "entry": entry}
    confidence = item.get("confidence")
    if isinstance(confidence, int | float) and not isinstance(confidence, bool):
        out["confidence"] = min(max(float(confidence), 0.0), 1.0)
    if item.get("reason"):
        out["reason"] = f"model: {item['reason']}"
    if item.get("scope"):
        out["scope"] = item["scope"]
    return out


_SECTIONS = ("project", "memory", "classification", "agent", "tech_stack", "paths", "deployment")
_STATUS = {
    "active": ("active", "live", "deployed", "running", "up", "ok", "success", "succeeded",
               "ready", "healthy", "已部署", "上线", "运行"),
    "failed": ("failed", "failure", "error", "errored", "down", "crashed", "失败"),
    "pending": ("pending", "building", "queued", "in progress", "deploying", "waiting",
                "待", "部署中", "进行中"),
}  # fmt: skip


def _status(value: Any) -> str | None:
    said = str(value).strip().lower()
    for status, words in _STATUS.items():
        if any(said == w or (not w.isascii() and w in said) for w in words):
            return status
    return None


def _project(facts: dict[str, Any]) -> dict[str, Any]:
    """Facts in the places project.yaml's schema gives them.

    The sections that must be mappings hold no bare value (it moves to `config.<section>`),
    a deployment is a mapping (a bare value, such as a region, moves to
    `config.deployment_<name>`) and a path is a string.
    """
    out = dict(facts)
    found = out.get("config")
    config: dict[str, Any] = found if isinstance(found, dict) else {}
    for section in _SECTIONS:
        if section in out and not isinstance(out[section], dict):
            config[section] = out.pop(section)
    deployments: dict[str, Any] = {}
    for name, target in out.pop("deployment", {}).items():
        if isinstance(target, dict):
            deployments[name] = _deployment(target)
        else:
            config[f"deployment_{name}"] = target
    if deployments := {k: v for k, v in deployments.items() if v}:
        out["deployment"] = deployments
    if isinstance(out.get("paths"), dict):
        out["paths"] = {
            k: v if v is None or isinstance(v, str) else str(v) for k, v in out["paths"].items()
        }
    if config:
        out["config"] = config
    return out


def _deployment(target: dict[str, Any]) -> dict[str, Any]:
    """One deployment as the schema has it: url a string, status active, pending or failed.

    A model's "deployed" is active; a status that maps to none of the three is left out.
    """
    out = dict(target)
    if "status" in out and out["status"] not in _STATUS:
        status = _status(out.pop("status"))
        if status is not None:
            out["status"] = status
    if out.get("url") is not None and not isinstance(out["url"], str):
        out["url"] = str(out["url"])
    return out


def _nested(flat: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in flat.items():
        parts = [p for p in str(key).split(".") if p]
        if not parts:
            continue
        node = out
        for part in parts[:-1]:
            child = node.get(part)
            if not isinstance(child, dict):
                child = node[part] = {}
            node = child
        if isinstance(value, dict) and isinstance(node.get(parts[-1]), dict):
            node[parts[-1]].update(_nested(value))
        else:
            node[parts[-1]] = _nested(value) if isinstance(value, dict) else value
    return out


def ask(command: str, text: str, timeout: float = TIMEOUT) -> str:
    """Run the model command with `text` on its standard input; its standard output.

    Raises:
        OmpError: the command cannot run, fails or does not answer in time.
    """
    return external.run(
        command,
        text,
        timeout=timeout,
        label="model command",
        failed_hint="run it by hand with the output of `omp llm-bridge --print-prompt`",
        slow_hint="use a faster model, or --timeout",
    )


def payload(text: str) -> dict[str, Any]:
    """What `omp extract --llm-cmd` sent: `{"source", "title", "messages", ...}`.

    Raises:
        UsageError: the text is not such a JSON object.
    """
    try:
        value = json.loads(text)
    except ValueError as e:
        raise UsageError(
            f"the input is not JSON ({e})",
            hint="the bridge reads what `omp extract --llm-cmd` sends on standard input",
        ) from None
    if not isinstance(value, dict) or not isinstance(value.get("messages"), list):
        raise UsageError(
            "the input holds no `messages` list",
            hint="the bridge reads what `omp extract --llm-cmd` sends on standard input",
        )
    return value


def bridge(command: str, messages: dict[str, Any], *, timeout: float = TIMEOUT) -> dict[str, Any]:
    """`--llm-cmd`'s answer for one conversation: prompt the model, shape what it says."""
    return {"candidates": candidates(ask(command, prompt(messages), timeout))}
