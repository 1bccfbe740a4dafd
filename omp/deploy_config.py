"""The app's configuration a deploy's output shows beyond the deploy (pure: text in, facts out).

`omp.deploy` reads what the deploy CLI says of the deploy (status, address, bindings); this
reads what the rest of the output (the build, the app's own log lines, the script around the
CLI) shows of the app, each as a `(key, value)` fact of `deployment.<service>`:

- "required_env": an environment variable the app needs, by name only: a crash on one missing
  ("Missing required env var LEDGER_KEY", "required env FX_PROVIDER is not set", "缺少环境变量
  FX_PROVIDER"), or a secret set for it (`fly secrets set NAME=…`, `wrangler secret put NAME`,
  `vercel env add NAME`, `heroku config:set NAME=…`). Never the value.
- "services": a backing service the app connects to, as its log shows it ("connecting to
  redis://cache.svc:6379/2", "mqtt broker = tls://mqtt.example.io:8883"): an address whose
  scheme is a database's, a broker's or TLS's, without its user, password or query, and not a
  local one.
- "toolchain": the language runtime a Docker build's base image gives (`load metadata for
  docker.io/library/node:20.17-bookworm-slim` gives "node 20.17") and the package manager the
  install names with its version ("Done in 2.9s using pnpm v9.4.0").
- "custom_domains": the custom domain a deploy script reports ("custom domain: https://…",
  "自定义域名: https://…"); only of a deploy that went live, like its address.
- "live_version": the version production still runs after a deploy that failed ("production is
  still on 1.7.3", "线上 production 仍为 1.7.3"); only of a failed deploy.

The output is not filtered for secrets here (`omp.sensitive` does that when the entry is
written), but no value of a variable is read, and a service address loses its credentials.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from omp.lazyre import lazy


def _name(group: str) -> str:
    return r"[\"'`]?(?P<" + group + r">[A-Z][A-Z0-9_]{2,})\b[\"'`]?"


# "Missing required env var X", "required env X is not set", "environment variable X is not
# set", "env var X is required", "缺少环境变量 X", "环境变量 X 未设置"
_NEEDED = lazy(
    r"(?i:\b(?:missing|required|undefined)\s+(?:required\s+)?env(?:ironment)?"
    r"(?:\s*var(?:iable)?)?s?\s*[:=]?\s*)" + _name("a")
    + r"|(?i:\benv(?:ironment)?\s+var(?:iable)?\s+)" + _name("b")
    + r"(?=\s+(?i:is\s+)?(?i:not\s+set|missing|undefined|required|unset)\b)"
    + r"|缺少环境变量\s*[:：]?\s*" + _name("c")
    + r"|环境变量\s*" + _name("d") + r"\s*(?:未设置|未配置|缺失)"
)  # fmt: skip
# the commands that set a secret or variable of the app, and the names they set
_SETS = lazy(
    r"\b(?:(?:fly|flyctl)\s+secrets\s+(?:set|import)|heroku\s+config:set)\b(?P<pairs>[^|;&\n]*)"
    r"|\bwrangler\s+(?:pages\s+)?secret\s+put\s+(?P<put>[A-Z][A-Z0-9_]{2,})\b"
    r"|\bvercel\s+env\s+add\s+(?P<add>[A-Z][A-Z0-9_]{2,})\b"
)
_PAIR = lazy(r"(?:^|\s)(?P<name>[A-Z][A-Z0-9_]{2,})=")

_SERVICE = lazy(
    r"\b(?P<scheme>rediss?|postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|amqps?|mqtts?|nats|"
    r"kafka|memcached|tls|clickhouse|cassandra)://(?:[^@\s/]*@)?"
    r"(?P<host>[a-zA-Z0-9][\w.-]*(?::\d+)?)(?P<path>/[\w.-]*)?"
)
_LOCAL = lazy(r"(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[?::1\]?)(?::\d+)?")

_RUNTIMES = (
    "node", "python", "golang", "ruby", "elixir", "erlang", "rust", "php", "openjdk",
    "eclipse-temurin", "amazoncorretto", "bun", "deno", "dart", "swift",
)  # fmt: skip
# a Docker build's base image: `FROM node:20-alpine`, BuildKit's `load metadata for
# docker.io/hexpm/elixir:1.17.2-erlang-27.0.1-…`, `Step 1/9 : FROM python:3.12-slim`
_BASE_IMAGE = lazy(
    r"(?:\bFROM|\bload metadata for)\s+(?:[\w.-]+(?::\d+)?/)*"
    r"(?P<runtime>" + "|".join(map(re.escape, _RUNTIMES)) + r"):v?(?P<version>\d+(?:\.\d+){0,2})"
)
# "Done in 2.9s using pnpm v9.4.0", "yarn install v1.22.19"
_INSTALLER = lazy(
    r"\busing (?P<tool>pnpm|npm|yarn|bun) v?(?P<version>\d+\.\d+\.\d+)\b"
    r"|^(?P<yarn>yarn) install v(?P<yarn_version>\d+\.\d+\.\d+)\b"
)

_URL = r"https?://[^\s<>\"'`\[\]│（），。]+"
_DOMAIN_SAID = lazy(r"(?i:\bcustom domains?|自定义域名|绑定域名)\s*[:：]\s*(?P<url>" + _URL + r")")
_SEMVER = r"v?\d+\.\d+\.\d+(?:-[\w.]+)?"
_STILL = lazy(
    r"(?i:\bstill\s+(?:on|at|running|serving)|\bremains?\s+(?:on|at))\s+(?P<v>" + _SEMVER + r")"
    r"(?![\w.])|(?:仍为|仍是|仍在运行|保持为?)\s*(?P<w>" + _SEMVER + r")(?![\w.])"
)


class ShownConfig(NamedTuple):
    """What an output shows of the app's configuration (see the module docstring).

    Attributes:
        facts: `(key, value)` pairs of any deploy's record, in the order shown.
        live: The `(key, value)` pairs of a deploy that went live only.
        failed: The `(key, value)` pairs of a deploy that failed only.
    """

    facts: tuple[tuple[str, str], ...] = ()
    live: tuple[tuple[str, str], ...] = ()
    failed: tuple[tuple[str, str], ...] = ()


def read_config(lines: list[str]) -> ShownConfig:
    """The configuration the visible lines of a deploy's output show."""
    facts: dict[tuple[str, str], None] = {}
    live: dict[tuple[str, str], None] = {}
    still: dict[str, None] = {}
    for line in lines:
        for name in _required(line):
            facts.setdefault(("required_env", name))
        for address in _services(line):
            facts.setdefault(("services", address))
        for tool in _toolchain(line):
            facts.setdefault(("toolchain", tool))
        if (m := _DOMAIN_SAID.search(line)) is not None:
            live.setdefault(("custom_domains", m["url"].rstrip("/.,;")))
        for m in _STILL.finditer(line):
            still.setdefault(m["v"] or m["w"])
    # one version said to still run is the one; several cannot be told apart
    failed = (("live_version", next(iter(still))),) if len(still) == 1 else ()
    return ShownConfig(tuple(facts), tuple(live), failed)


def _required(line: str) -> list[str]:
    names = [m["a"] or m["b"] or m["c"] or m["d"] for m in _NEEDED.finditer(line)]
    for m in _SETS.finditer(line):
        if m["pairs"]:
            names += [p["name"] for p in _PAIR.finditer(m["pairs"])]
        else:
            names.append(m["put"] or m["add"])
    return names


def _services(line: str) -> list[str]:
    return [
        f"{m['scheme']}://{m['host']}{m['path'] or ''}".rstrip("/")
        for m in _SERVICE.finditer(line)
        if not _LOCAL.fullmatch(m["host"])
    ]


def _toolchain(line: str) -> list[str]:
    found = [f"{m['runtime']} {m['version']}" for m in _BASE_IMAGE.finditer(line)]
    if (m := _INSTALLER.search(line)) is not None:
        found.append(f"{m['tool'] or m['yarn']} {m['version'] or m['yarn_version']}")
    return found
