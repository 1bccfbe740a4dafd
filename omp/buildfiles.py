"""Versions and settings read from the build files a coding agent's tools printed.

An agent reads `package.json`, `go.mod` or `pyproject.toml`, runs `flutter --version` or
`uv add dlt>=1.3.0`: what it printed is the project as it is, not anyone's opinion, and often
the only place a session names the versions it works with. `facts(text)` reads such output,
whole files or the lines `grep -n` printed of them, several to one output, and gives the
project facts they state: the versions of the technologies the extraction lexicon knows
(frameworks, runtimes, databases; not linters or test tools) and a few named settings
(`minSdk`, an app's bundle identifier, a board, a Terraform state bucket).

Everything here is line patterns over text: a tool's output is often a fragment (`head`,
`grep`) or several files in a row, which no TOML or JSON parser would take.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from omp import rules
from omp.lazyre import lazy

# line prefixes tools add: Claude Code's Read ("    12→"), `cat -n` ("    12\t"),
# `grep -n` ("gradle/libs.versions.toml:9:"), Roo Code's and Cline's reads (" 3 | go 1.22.2")
_LINE_PREFIX = lazy(
    r"^(?:\s*\d+(?:→|\t|\s\|(?:\s|$))|[\w.@/-]+\.[\w]+:\d+:|\s*[\w.@/-]+\.[\w]+-\d+-)"
)
# a version, with the kind of pre-release it is ("19.0.0-rc-66855b96" → "19.0.0-rc")
_VERSION = r"v?(?P<v>\d+(?:\.\d+){0,2}(?:-(?:rc|beta|alpha|canary|next|preview)\b(?:\.\d+)?)?)"
_SPEC = r"(?:[\^~]|[<>=!~]=?|\s)*"
# roles that make up the stack; tools that only serve it (linters, test runners, date and
# HTTP helpers) are left out, and so are services: the `redis` or `stripe` package is a
# client, whose version is not the server's or the API's
_SERVING = frozenset(
    ("lint", "testing", "styling", "validation", "dates", "http_client", "i18n", "build",
     "docs_site", "editor", "package_manager", "database", "cache", "search", "payments",
     "email", "llm_api", "hosting", "storage", "analytics", "observability", "auth",
     "driver", "mobile_lib", "email_lib", "release", "toolchain", "registry", "tunnel",
     "load_balancer", "authz", "auth_protocol", "chat_sdk", "support", "messaging_channel",
     "k8s_addon", "library", "db_ops", "resilience", "data_grid")
)  # fmt: skip
# package names that are not the name the lexicon knows
_ALIASES = {
    "@sveltejs/kit": "sveltekit",
    "next": "next.js",
    "@angular/core": "angular",
    "@remix-run/react": "remix",
    "@remix-run/node": "remix",
    "drizzle-orm": "drizzle",
    "@prisma/client": "prisma",
    "vue-router": "",
    "react-dom": "",
    "react-native": "react native",
    "androidx.room": "room",
    "spring-boot-starter-parent": "spring boot",
    "spring-boot-starter-web": "spring boot",
    "mybatis-plus-boot-starter": "mybatis-plus",
    "mybatis-plus-spring-boot3-starter": "mybatis-plus",
    "apache-airflow": "airflow",
}
# databases that live in the process: the package is the database itself
_EMBEDDED = frozenset(("duckdb", "sqlite", "sqlite3", "lancedb", "chromadb", "rocksdb"))


# A build file is short; what runs longer is a lock file, a log or a listing. Only the head of
# an output is read, so a session full of long outputs costs no more than one of short ones.
MAX_LINES = 2000
MAX_CHARS = 200_000

# what every reader below needs to find something: a cheap test before any of them runs
_AT_LINE = r"^(?:\s*\d+(?:→|\t|\s\|\s)|[\w.@/-]+\.\w+:\d+:)?"  # a line's start, after a prefix
_ANCHOR = lazy(
    r"[dD]ependencies|go version go|requires-python|[mM]inSdk|targetSdk|compileSdk|"
    r"required_(?:version|providers)|backend\s+\"|Flutter \d|nginx version|psql \(|"
    r"Redis server|rustc \d|openjdk version|bundleIdentifier|applicationId|==\s*\d|"
    r"<artifactId>|image:|^Name: |^\s*specs:|^Gems included|Unchanged:|^\S+ version \d|"
    + _AT_LINE
    + r"(?:module |go |\s*\[(?:project|package|versions|env|tool\.)|Python 3\.|- Installed |"
    r"FROM |\s*\+ |\$?\s*(?:uv|pip3?|poetry|npm|pnpm|yarn|bun|cargo|go|flutter|dart)\s)",
    re.M,
)


def shows_build_file(text: str) -> bool:
    """Whether a tool's output may show a build file or a version (cheap; may say yes wrongly)."""
    return _ANCHOR.search(text, 0, MAX_CHARS) is not None


def facts(text: str) -> dict[str, dict[str, str]]:
    """The project facts a tool's output states, as `{"tech_stack": {…}, "config": {…}}`."""
    if not shows_build_file(text):
        return {}
    head = text[:MAX_CHARS].splitlines()[:MAX_LINES]
    lines = [_LINE_PREFIX.sub("", line).rstrip() for line in head]
    found: dict[str, dict[str, str]] = {}
    for reader in _READERS:
        for section, values in reader(lines).items():
            for key, value in values.items():
                found.setdefault(section, {}).setdefault(key, value)
    return found


def _known(package: str) -> str | None:
    """The lexicon's name of a package that is part of the stack, or None."""
    name = package.lower().split("[", 1)[0]
    name = _ALIASES.get(name, name)
    if name.startswith("@"):  # "@nestjs/core": the scope names the framework
        name = name[1:].split("/", 1)[0]
    role = rules.role_of_name(name) if name else None
    if role is None or (role in _SERVING and name not in _EMBEDDED):
        return None
    return name


def _versions(
    pairs: list[tuple[str, str]], stated: dict[str, str] | None = None
) -> dict[str, dict[str, str]]:
    """The known packages of (package, version) pairs, each under its stack key.

    `stated`: what the file says of the stack itself (`requires-python`, `rust-version`, …).
    """
    stack: dict[str, str] = {}
    for package, version in pairs:
        name = _known(package)
        if name is not None:
            stack.setdefault(rules.stack_key(name), f"{package.split('[', 1)[0]} {version}")
    stack.update(stated or {})
    return {"tech_stack": stack} if stack else {}


# ---- JavaScript: package.json, app.json, install output ---------------------------------------

_JSON_DEPS = lazy(r'"(?:dev|peer)?[dD]ependencies"\s*:\s*\{')
_JSON_PAIR = lazy(r'"(?P<name>@?[\w./-]+)"\s*:\s*"' + _SPEC + _VERSION + r'[^"]*"')
_NODE_ENGINE = lazy(r'"node"\s*:\s*"(?P<spec>' + _SPEC + r'v?\d+(?:\.\d+){0,2}[^"]*)"')
_PACKAGE_MANAGER = lazy(r'"packageManager"\s*:\s*"(?P<name>pnpm|npm|yarn|bun)@' + _VERSION)
_BUNDLE_ID = lazy(r'"(?P<k>bundleIdentifier|applicationId)"\s*:\s*"(?P<v>[\w-]+(?:\.[\w-]+)+)"')


def _package_json(lines: list[str]) -> dict[str, dict[str, str]]:
    pairs: list[tuple[str, str]] = []
    engines: dict[str, str] = {}
    block = False
    for line in lines:
        if _JSON_DEPS.search(line):
            block = True
        elif block and line.strip().startswith("}"):
            block = False
        elif block and (m := _JSON_PAIR.search(line)):
            pairs.append((m["name"], m["v"]))
        if (m := _NODE_ENGINE.search(line)) and not block:
            engines.setdefault("node_engine", f"Node {m['spec'].replace(' ', '')}")
        if (m := _PACKAGE_MANAGER.search(line)) and not block:  # "packageManager": "pnpm@9.15.0"
            engines.setdefault("package_manager", f"{m['name']} {m['v']}")
    found = _versions(pairs, engines)
    config = {m["k"]: m["v"] for line in lines for m in _BUNDLE_ID.finditer(line)}
    return found | ({"config": config} if config else {})


# `$ npm install prisma@5.20.0`, `uv add 'dlt[duckdb]>=1.3.0'`, and what installers print:
# " + dlt==1.3.0" (uv), "+ prisma@5.20.0" (npm), "+ prisma 5.20.0" (pnpm)
_INSTALL = lazy(
    r"^\$?\s*(?:uv\s+(?:add|pip\s+install)|pip3?\s+install|poetry\s+add|npm\s+(?:install|i|add)|"
    r"pnpm\s+(?:add|install|i)|yarn\s+add|bun\s+add|cargo\s+add|go\s+get|flutter\s+pub\s+add|"
    r"dart\s+pub\s+add)\s+(?P<args>.+)$"
)
_INSTALL_ARG = lazy(
    r"""['"]?(?P<name>@?[\w.-]+(?:/[\w.-]+)*(?:\[[\w,-]+\])?)"""
    r"""(?:@|==|>=|~=|:\^?|\s*=\s*)v?(?P<v>\d+(?:\.\d+){0,2})"""
)
_INSTALLED = lazy(
    r"^\s*\+\s+(?P<name>@?[\w.-]+(?:/[\w.-]+)?)(?:==|@|\s+)v?(?P<v>\d+(?:\.\d+){0,2})"
)


def _installs(lines: list[str]) -> dict[str, dict[str, str]]:
    pairs = []
    for line in lines:
        if m := _INSTALL.match(line.strip()):
            pairs += [(a["name"], a["v"]) for a in _INSTALL_ARG.finditer(m["args"])]
        elif m := _INSTALLED.match(line):
            pairs.append((m["name"], m["v"]))
    return _versions(pairs)


# ---- Java: Maven's pom.xml ------------------------------------------------------------------

_POM_ARTIFACT = lazy(r"<artifactId>\s*(?P<name>[\w.-]+)\s*</artifactId>")
_POM_VERSION = lazy(r"<version>\s*v?(?P<v>\d+(?:\.\d+){0,2})[\w.-]*\s*</version>")


def _maven(lines: list[str]) -> dict[str, dict[str, str]]:
    """`<artifactId>` and the `<version>` within the next lines of the same dependency."""
    pairs = []
    for n, line in enumerate(lines):
        if m := _POM_ARTIFACT.search(line):
            for more in lines[n : n + 3]:
                if "</dependency>" in more or "</parent>" in more or "</plugin>" in more:
                    break
                if v := _POM_VERSION.search(more):
                    pairs.append((m["name"], v["v"]))
                    break
    return _versions(pairs)


# ---- Python: pyproject.toml, requirements ---------------------------------------------------

_SECTION = lazy(r"^\s*\[{1,2}(?P<name>[^\]]+)\]{1,2}\s*$")
_REQUIREMENT = lazy(
    r"""^\s*['"]?(?P<name>[A-Za-z][\w.-]*)(?:\[[\w,\s-]*\])?\s*(?:==|>=|~=|===)\s*v?"""
    r"""(?P<v>\d+(?:\.\d+){0,2})[^'"]*['"]?,?\s*(?:#.*)?$"""
)
_INLINE_ARRAY = lazy(r"^\s*[\w-]*dependencies\s*=\s*\[(?P<items>.*)\]\s*$")
_PYTHON = lazy(r"""^\s*(?:requires-python|python)\s*=\s*['"](?P<spec>[^'"]*?(?P<v>3\.\d+)[^'"]*)""")
_TOML_PAIR = lazy(
    r"""^\s*(?P<name>[\w.-]+)\s*=\s*(?:['"]""" + _SPEC + _VERSION + r"""[^'"]*['"]|"""
    r"""\{[^}]*\bversion\s*=\s*['"]""" + _SPEC + r"""v?(?P<v2>\d+(?:\.\d+){0,2}))"""
)


def _in_sections(lines: list[str]) -> Iterator[tuple[str, str | None]]:
    """(the TOML / INI section a line is in, the line); a section's header gives (it, None)."""
    section = ""
    for line in lines:
        if m := _SECTION.match(line):
            section = m["name"].strip()
            yield section, None
        else:
            yield section, line


def _python(lines: list[str]) -> dict[str, dict[str, str]]:
    pairs: list[tuple[str, str]] = []
    stack: dict[str, str] = {}
    for section, line in _in_sections(lines):
        if line is None:
            if section == "tool.uv":
                stack["package_manager"] = "uv"
            continue
        if section in ("project", "tool.poetry.dependencies") and (m := _PYTHON.match(line)):
            stack.setdefault("requires_python", f"Python {m['spec'].replace(' ', '')}")
        elif m := _REQUIREMENT.match(line):  # a dependency array's item, or requirements.txt
            pairs.append((m["name"], m["v"]))
        elif m := _INLINE_ARRAY.match(line):  # dependencies = ["fastapi==0.110.3", …]
            items = (_REQUIREMENT.match(i) for i in re.findall(r"['\"][^'\"]+['\"]", m["items"]))
            pairs += [(i["name"], i["v"]) for i in items if i]
        elif section == "tool.poetry.dependencies" and (m := _TOML_PAIR.match(line)):
            pairs.append((m["name"], m["v"] or m["v2"]))
    return _versions(pairs, stack)


# ---- Go, Rust, Dart/Flutter, Android, embedded, Terraform ------------------------------------

_GO_DIRECTIVE = lazy(r"^go\s+(?P<v>\d+\.\d+(?:\.\d+)?)\s*$")
_GO_REQUIRE = lazy(
    r"^\s*(?:require\s+)?(?P<path>[\w.-]+\.\w+/[\w./-]+?)(?:/v\d+)?\s+v(?P<v>\d+\.\d+(?:\.\d+)?)"
)


_GO_MODULE = lazy(r"^module\s+(?P<path>[\w.~/-]+)\s*$")  # "module github.com/a/b", "module app"


def _go(lines: list[str]) -> dict[str, dict[str, str]]:
    module = next((m["path"] for line in lines if (m := _GO_MODULE.match(line))), None)
    if module is None or not any(_GO_DIRECTIVE.match(x) or _GO_REQUIRE.match(x) for x in lines):
        return {}  # a go.mod says which Go it needs; Ruby's `module Webhooks` says nothing of it
    pairs = [  # Go writes its module versions with a "v": "cobra v1.8.1"
        (m["path"].rsplit("/", 1)[-1], f"v{m['v']}")
        for line in lines
        if (m := _GO_REQUIRE.match(line))
    ]
    found = _versions(pairs)
    found["project"] = {"module": module}
    for line in lines:
        if m := _GO_DIRECTIVE.match(line):
            found.setdefault("tech_stack", {})["go"] = f"Go {m['v']}"
            break
    return found


def _cargo(lines: list[str]) -> dict[str, dict[str, str]]:
    pairs: list[tuple[str, str]] = []
    stack: dict[str, str] = {}
    for section, line in _in_sections(lines):
        if line is None:
            continue
        if section == "package" and (m := re.match(r'\s*rust-version\s*=\s*"(\d+\.\d+)', line)):
            stack["rust_msrv"] = f"Rust {m.group(1)} (MSRV)"  # the oldest it builds with
        elif section.endswith("dependencies") and (m := _TOML_PAIR.match(line)):
            pairs.append((m["name"], m["v"] or m["v2"]))
    return _versions(pairs, stack)


_YAML_DEP = lazy(r"^  (?P<name>[a-z]\w*):\s*['\"]?\^?(?P<v>\d+\.\d+(?:\.\d+)?)['\"]?\s*$")
_FLUTTER_SDK = lazy(r"""^\s+flutter:\s*['"]""" + _SPEC + _VERSION)


def _pubspec(lines: list[str]) -> dict[str, dict[str, str]]:
    pairs: list[tuple[str, str]] = []
    stack: dict[str, str] = {}
    block = ""
    for line in lines:
        if re.match(r"^[a-z_]+:\s*$", line):
            block = line.rstrip(":").strip()
        elif block == "dependencies" and (m := _YAML_DEP.match(line)):
            pairs.append((m["name"], m["v"]))
        elif block == "environment" and (m := _FLUTTER_SDK.match(line)):
            stack.setdefault("flutter", f"Flutter {m['v']}")
    return _versions(pairs, stack)


_ANDROID_SDK = lazy(r"^\s*(?P<k>minSdk|targetSdk|compileSdk)(?:Version)?\s*[=(]?\s*(?P<v>\d{2})\b")
_PIO = lazy(r"^\s*(?P<k>board|framework|platform)\s*=\s*(?P<v>[\w.@-]+)\s*$")


def _settings(lines: list[str]) -> dict[str, dict[str, str]]:
    """Android SDK levels, version catalogs, PlatformIO environments, Terraform state."""
    config: dict[str, str] = {}
    pairs: list[tuple[str, str]] = []
    section = ""
    for n, line in enumerate(lines):
        if m := _SECTION.match(line):
            section = m["name"].strip()
        elif m := _ANDROID_SDK.match(line):
            config.setdefault(m["k"], m["v"])
        elif section == "versions" and (m := _TOML_PAIR.match(line)):
            pairs.append((m["name"], m["v"] or m["v2"]))
        elif section.startswith("env") and (m := _PIO.match(line)):
            config.setdefault(m["k"], m["v"])
        elif re.match(r'\s*backend\s+"(?:gcs|s3|azurerm)"\s*\{', line):
            for more in lines[n + 1 : n + 6]:
                if m := re.match(r'\s*(?:bucket|storage_account_name)\s*=\s*"([\w.-]+)"', more):
                    config.setdefault("terraform_state_bucket", m.group(1))
                    break
    found = _versions(pairs)
    return found | ({"config": config} if config else {})


_PROVIDER = lazy(r'^\s*source\s*=\s*"(?P<source>[\w-]+/(?P<name>[\w-]+))"')
# what `terraform init` printed: "- Installed hashicorp/google v6.8.0 (signed by HashiCorp)"
_PROVIDER_INSTALLED = lazy(r"^- Installed (?P<source>[\w-]+/(?P<name>[\w-]+)) v(?P<v>\d[\d.]*)")
_PROVIDER_VERSION = lazy(r'^\s*version\s*=\s*"(?P<spec>[^"]*\d[^"]*)"')
_TERRAFORM = lazy(r'^\s*required_version\s*=\s*"(?P<spec>[^"]*\d[^"]*)"')


def _terraform(lines: list[str]) -> dict[str, dict[str, str]]:
    stack: dict[str, str] = {}
    for n, line in enumerate(lines):
        if m := _PROVIDER_INSTALLED.match(line):
            stack.setdefault(f"terraform_{m['name']}", f"{m['source']} {m['v']}")
        elif m := _TERRAFORM.match(line):
            stack.setdefault("terraform", f"Terraform {m['spec'].replace(' ', '')}")
        elif m := _PROVIDER.match(line):
            for more in lines[max(0, n - 2) : n + 3]:
                if v := _PROVIDER_VERSION.match(more):
                    spec = v["spec"].replace(" ", "")
                    stack.setdefault(f"terraform_{m['name']}", f"{m['source']} {spec}")
                    break
    return {"tech_stack": stack} if stack else {}


# ---- containers: the images a compose file, a manifest or a Dockerfile runs ---------------------

# "image: postgres:16-alpine", "image: bitnami/redis:7.2", "FROM python:3.12-slim AS build"
_IMAGE = lazy(
    r"^\s*(?:-\s+)?(?:image:\s*['\"]?|FROM\s+(?:--platform=\S+\s+)?)"
    r"(?:[\w.-]+(?::\d+)?/)*(?P<name>[a-z][\w.-]*):v?(?P<v>\d+(?:\.\d+){0,2})(?![\w.])"
)
_IMAGE_NAMES = {"golang": "go", "eclipse-temurin": "java", "openjdk": "java", "postgis": "postgis",
                "clickhouse-server": "clickhouse", "mongo": "mongodb"}  # fmt: skip


def _images(lines: list[str]) -> dict[str, dict[str, str]]:
    """The versions of the images that run the project: its services and its runtime.

    Unlike a client package, an image is the server itself (`postgres:16` is PostgreSQL 16).
    """
    stack: dict[str, str] = {}
    for line in lines:
        if m := _IMAGE.match(line):
            name = _IMAGE_NAMES.get(m["name"], m["name"])
            if name == "go" or rules.role_of_name(name) is not None:
                stack.setdefault(rules.stack_key(name), f"{m['name']} {m['v']}")
    return {"tech_stack": stack} if stack else {}


# ---- what `--version` printed ----------------------------------------------------------------

_PRINTED = (
    (lazy(r"^go version go(?P<v>\d+\.\d+(?:\.\d+)?)\b"), "go", "Go"),
    (lazy(r"^Flutter (?P<v>\d+\.\d+\.\d+) • channel"), "flutter", "Flutter"),
    (lazy(r"^Python (?P<v>3\.\d+\.\d+)$"), "python", "Python"),
    (lazy(r"^nginx version: nginx/(?P<v>\d+\.\d+\.\d+)"), "nginx", "nginx"),
    (lazy(r"^psql \(PostgreSQL\) (?P<v>\d+(?:\.\d+)?)"), "postgres", "PostgreSQL"),
    (lazy(r"^Redis server v=(?P<v>\d+\.\d+\.\d+)"), "redis", "Redis"),
    (lazy(r"^rustc (?P<v>\d+\.\d+\.\d+) \("), "rust", "Rust"),
    (lazy(r'^openjdk version "(?P<v>\d+(?:\.\d+){0,2})'), "java", "Java"),
)


def _printed(lines: list[str]) -> dict[str, dict[str, str]]:
    stack: dict[str, str] = {}
    for line in lines:
        for pattern, key, name in _PRINTED:
            if m := pattern.match(line.strip()):
                stack.setdefault(key, f"{name} {m['v']}")
    return {"tech_stack": stack} if stack else {}


# ---- what a package manager listed: `pip show`, a Gemfile.lock, `bundle list`, `mix deps.get`

_PIP_SHOW = lazy(r"^Name: (?P<name>[\w.-]+)$")
_PIP_SHOW_VERSION = lazy(r"^Version: v?(?P<v>\d+(?:\.\d+){0,2})")
_GEM = lazy(r"^\s+(?:\*\s+)?(?P<name>[a-z][\w-]*) \((?P<v>\d+(?:\.\d+){0,3})\)$")
_GEMS = lazy(r"^\s*specs:$|^Gems included by the bundle")
_MIX = lazy(r"^(?:#\d+ [\d.]+\s+)?(?:Unchanged|New|Upgraded|Changed):$")
_MIX_DEP = lazy(r"^(?:#\d+ [\d.]+)?\s+(?P<name>[a-z][a-z0-9_]*) (?P<v>\d+\.\d+\.\d+)\b")
_TOOL_VERSION = lazy(r"^(?P<name>[a-z][\w-]*) version v?(?P<v>\d+\.\d+(?:\.\d+)?)\b")


def _listed(lines: list[str]) -> dict[str, dict[str, str]]:
    """The packages a package manager listed with their versions, and "ffmpeg version 6.1.1".

    `pip show celery` ("Name: celery" / "Version: 5.3.6"), a Gemfile.lock or `bundle list`
    ("rails (7.1.3.2)" under "specs:"), `mix deps.get` ("phoenix 1.7.14" under "Unchanged:").
    """
    pairs: list[tuple[str, str]] = []
    listing = None  # the kind of listing the lines are in
    for n, line in enumerate(lines):
        if (m := _PIP_SHOW.match(line)) and n + 1 < len(lines):
            if v := _PIP_SHOW_VERSION.match(lines[n + 1]):
                pairs.append((m["name"], v["v"]))
        elif _GEMS.match(line):
            listing = _GEM
        elif _MIX.match(line):
            listing = _MIX_DEP
        elif (listing and (m := listing.match(line))) or (m := _TOOL_VERSION.match(line)):
            pairs.append((m["name"], m["v"]))
    return _versions(pairs)


_READERS: tuple[Callable[[list[str]], dict[str, dict[str, str]]], ...] = (
    _printed,
    _listed,
    _go,
    _maven,
    _package_json,
    _python,
    _cargo,
    _pubspec,
    _settings,
    _terraform,
    _installs,
    _images,
)
