"""Text: the prose sentences of a message, and the small pieces every rule reads.

Code blocks, traces and pasted output are left out; clause ends, version numbers and bullet
items are read the same way everywhere.
"""

from __future__ import annotations

import re

from omp.lazyre import lazy

FENCE = lazy(r"```.*?(?:```|\Z)|~~~.*?(?:~~~|\Z)", re.S)


_NOISE_LINE = lazy(
    r"^\s*(?:at\s+\S+\s*\(|at\s+[\w.$<>]+:\d+|File \"|Traceback|\$\s|>>>\s|>\s|\|.*\||"
    r"npm (?:ERR|WARN)|[-=+*#_]{3,}\s*$|\d+\s+(?:passed|failed)|[A-Za-z]*Error:|E\s{2,})"
)


BULLET = lazy(r"^\s*(?:[-*+•]\s+|\d+[.)]\s+|#{1,6}\s+|\[[ xX]\]\s+)+")


# the "?" of a Quartz cron expression ("0 30 9 * * ?", "0 0 12 ? * WED") asks nothing
CRON_MARK = r"(?<!\*\s\?)(?!(?<=[\d*]\s\?)\s[\d*])"


_SENTENCE_END = lazy(
    # not after an elision set apart: "insert ... on conflict" goes on ("try duckdb... hmm" ends)
    r"(?<!\b[A-Z]\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\betc\.)(?<!\bvs\.)(?<!\s\.\.\.)(?<=[.!?])"
    + CRON_MARK
    + r"\s+"
    r"(?=[A-Za-z\"'`(\[*\u4e00-\u9fff])"
    # "hosted on Vercel. ~1,800 MAU, maybe 140 paying.": a number opens the next sentence after
    # a word's full stop (not "v1. 2", "e.g. 5", "approx. 40")
    r"|(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\betc\.)(?<!\bvs\.)(?<!\bapprox\.)(?<!\bNo\.)"
    r"(?<=[A-Za-z\u4e00-\u9fff)][.!?])\s+(?=[~$≈]?\d)"
    r"|(?<=[。！；!])"
    + CRON_MARK
    # "要不要换 backtrader？还是继续用 vnpy": the question goes on, one sentence; a "?" inside a
    # word ("/orders?cursor=", "`?limit=`") ends none
    + r"|(?:(?<=？)|(?<=\?)(?=\s|$|[\u4e00-\u9fff]))(?!\s*(?:还是|或者|或是))"
    + CRON_MARK
)


_CJK = lazy(r"[\u3400-\u4dbf\u4e00-\u9fff]")


# A run of this many characters without a space is data (minified code, base64, a pasted log
# line), not words; the rules' patterns cost the square of a word's length, so such a run
# would cost minutes. It is read as one placeholder.
_BLOB = lazy(r"\S{200,}")


def code_blocks(text: str) -> list[str]:
    """The text of each fenced code block of a message."""
    return [
        re.sub(r"^(?:```|~~~)[^\n]*\n?|(?:```|~~~)$", "", m.group(0)) for m in FENCE.finditer(text)
    ]


def without_blobs(text: str) -> str:
    """`text` with every run of 200 or more non-space characters replaced by "…"."""
    return _BLOB.sub("…", text)


# "部署换 cloudflare pages 吧 域名本来就在cf上": a space between two Chinese characters is
# how a quick message parts its clauses, where writing would put a comma
_SPACED_CLAUSE = lazy(r"(?<=[\u4e00-\u9fff])[ \t\u3000]+(?=[\u4e00-\u9fff])")


def statements(text: str) -> list[str]:
    """The prose sentences of a message: code blocks, traces and pasted output left out."""
    text = FENCE.sub("\n", text)
    out: list[str] = []
    for raw in text.splitlines():
        if _NOISE_LINE.match(raw):
            continue
        line = _without_emphasis(BULLET.sub("", raw).strip())
        line = _SPACED_CLAUSE.sub("，", line)
        for part in _SENTENCE_END.split(line):
            part = part.strip()
            if part:
                out.append(part)
    return out


# "__bold__" is emphasis; "__init__.py", "src/__tests__/", `__future__` are names
_UNDERSCORE_BOLD = lazy(r"(?<![\w./])__(?=[^\s_])((?:(?!__).)+?)(?<=[^\s_])__(?![\w./])")


def _without_emphasis(line: str) -> str:
    """`line` without Markdown's bold marks, but code spans (`**kwargs`) kept as written."""
    parts = re.split(r"(`[^`\n]+`)", line)
    return "".join(
        part if part.startswith("`") else _UNDERSCORE_BOLD.sub(r"\1", _STAR_BOLD.sub("", part))
        for part in parts
    )


# "**bold**" marks, not a run of stars that masks characters ("138****5678", "sk-****")
_STAR_BOLD = lazy(r"(?<!\*)\*\*(?!\*)")


_HARD_BREAK = lazy(r"^\s*(?:[-*+•]\s|\d+[.)]\s|[\w-]+:\s|```|>)")


def unwrap(text: str) -> str:
    """`text` with lines wrapped inside a paragraph joined (commit bodies wrap at 72 columns).

    Blank lines, list items, trailers (`Key: value`) and fences keep their line breaks.
    """
    out: list[str] = []
    for line in text.splitlines():
        if out and out[-1].strip() and line.strip() and not _HARD_BREAK.match(line):
            joiner = "" if _CJK.match(line.lstrip()) and _CJK.search(out[-1][-1:]) else " "
            out[-1] = out[-1].rstrip() + joiner + line.strip()
        else:
            out.append(line)
    return "\n".join(out)


def is_chinese(text: str) -> bool:
    """True when `text` holds Chinese characters."""
    return _CJK.search(text) is not None


CLAUSE = lazy(r"[，；。！？!?：]|[,;:]\s|\.\s|\s+-\s+")


VERSION = lazy(r"(?i)\bv?\d+\.\d+(?:\.\d+)?(?:[-+][\w.]+)?\b")


def bullet_items(lines: list[str]) -> list[str]:
    """The items of the bullet list the lines open with, cleaned of bullets and markup."""
    items: list[str] = []
    for item in lines:
        if not item.strip():
            if items:
                break
            continue
        if not BULLET.match(item):
            break
        items.append(BULLET.sub("", item).strip().replace("**", "").rstrip("；;。."))
    return items
