"""Deploys read from the terminal output of deploy CLIs (pure: text in, events out).

Tools and the `service` key each gives (the key under `deployment.` in project.yaml):

- Vercel, `vercel deploy --prod` (and the older `now` CLI): "vercel".
- Netlify, `netlify deploy --prod`: "netlify".
- Cloudflare, `wrangler deploy` / `wrangler publish` (Workers) and `wrangler pages deploy`:
  "cloudflare".
- Fly.io, `fly deploy` / `flyctl deploy` (Machines, and the older Nomad platform): "fly".
- Kubernetes, `kubectl rollout status deployment/web`: the deployment's name ("web"); the same
  name in two namespaces is two deployments, and two events.
- Google Cloud Run, `gcloud run deploy report-api`: the service's name ("report-api").
- Heroku, `git push heroku main`: "heroku".

The output is read as a terminal shows it: colour and hyperlink escapes are dropped, and of a line
redrawn after a carriage return (spinners, progress bars) only the last drawing counts. One event
is made per deploy, in the order the deploys begin, so several outputs pasted one after another
give several events. Statuses:

- "active": the tool says the deploy is live (or a rollout finished).
- "failed": the tool reports an error after the deploy began, or rolled the deploy back. An
  error printed before any sign of a deploy (every command of these CLIs prints the same
  banner) is not a failed deploy; an echoed command line such as `$ fly deploy` is such a sign.
  A `kubectl rollout status` that timed out is failed unless a watch run again sees it finish.
- "pending": a deploy began and nothing final follows (output cut short, `vercel --no-wait`, a
  rollout still waiting).

`url` is set only for an active deploy, because the address of a deploy that failed or has not
finished is not live. It is the production address (of a preview, its own): Vercel's `Aliased:`
domain, else its `Production:` deployment; Netlify's site URL (not the unique deploy URL); a
Worker's custom domain, else its workers.dev address; a Pages project's `<project>.pages.dev`
(the hash prefix of the deployment's address removed); Fly's `Visit your newly deployed app at`
address. An address that is only an origin loses its trailing slash.

Preview and draft deploys (Vercel `Preview:`, Netlify draft URLs) are deploys to the environment
"preview", at their own address (or the domain `vercel alias set` points to them).
`wrangler versions upload` and `wrangler dev` are not deploys of the service and give no event.
`wrangler pages deploy` does not say whether its branch is the production branch; it is taken
to be.

The text is not filtered for secrets here (`omp.sensitive` does that), but an event holds only
the fields below, never other text of the output.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import NamedTuple

from omp.deploy_config import read_config
from omp.lazyre import lazy

SERVICES = {
    "vercel": "vercel", "netlify": "netlify", "wrangler": "cloudflare", "fly": "fly",
    "heroku": "heroku",
}  # fmt: skip
"""The `service` key of each tool but kubectl and gcloud, keyed by the deployment's name."""
_NAMED = ("kubectl", "gcloud")  # tools whose deploys their names key

_SCAN_LINES = 200  # lines looks_like_deploy reads


class DeployEvent(NamedTuple):
    """One deploy found in a tool's output.

    Attributes:
        tool: "vercel", "netlify", "wrangler", "fly", "kubectl", "gcloud" or "heroku".
        service: Key for `deployment.<service>` (see the module docstring).
        status: "active", "failed" or "pending".
        url: The live production address (active deploys only), or None.
        deploy_id: The deployment's id or version when shown: Vercel's id (from the Inspect
            URL), Netlify's deploy id, Wrangler's version id (Pages: the deployment's hash),
            Fly's release ("v12"), a kubectl revision ("3", when a `with revision #3` line
            follows the rollout).
        line: 1-based number of the line that decided the status (for "pending", the last
            line showing the deploy under way).
        app: The project, site, Worker, app or deployment name when shown.
        version: The image tag a kubectl deploy set (`kubectl set image ...:v2.14.0`), else
            the one release the output announces ("开始部署 ingest-gw v2.3.1", "Deploying
            api 2.14.0", `VERSION=1.14.0`); for the rollout of a rollback, the version it
            restored.
        namespace: The Kubernetes namespace of a kubectl deploy (`-n` / `--namespace`).
        framework: The framework and version the build detected (Vercel's
            `Detected Next.js version: 14.2.3` gives "Next.js 14.2.3").
        context: The kubectl context (`--context`): which cluster.
        image: The image a kubectl deploy set, without its tag.
        bindings: A Worker's bindings as wrangler lists them, (name, resource) pairs:
            ("DB", "shortlink-prod") for a D1 database, a KV namespace id, a var's value.
        routes: A Worker's routes ("api.example.app/*").
        restored: The version running again after the deploy was rolled back, when the output
            says it (`rollout history`, the image after `rollout undo`, "rolled back to v2.2.4",
            "已回滚到 v2.2.4").
        migrations: Database migrations the output shows applied: Cloudflare D1 (`wrangler d1
            migrations apply`, a ✅ row), Rails (`== 2024… AddX: migrated`), Flyway
            (`Migrating schema "public" to version "23 - stop mutations"`, or `Successfully
            applied 1 migration …, now at version v27`), Alembic (`Running upgrade a -> b, add
            x`), Django (`Applying payments.0014_x... OK`), Prisma (`Applying migration
            `20250611093012_add_x`) and goose (`applied 20251008_add_x.sql`). Given to the
            first deploy of the output.
        rolled_back: The tool says it rolled this deploy back (`kubectl rollout undo`:
            "deployment.apps/web rolled back"); its status is then "failed".
        environment: The environment the deploy command names (`wrangler deploy --env
            staging`, `vercel deploy --target=staging`), "preview" for a preview or draft
            deploy, else the one a Worker's name ends with (wrangler names the Worker of
            `--env staging` `<name>-staging`); None when the output names none.
        regions: The regions a Fly app's machines (or instances) run in, as the output shows
            them: its tables (`fly status`, "Failed Instances": the REGION column), the region
            of its log lines (`app[148e2d7c] fra [info]`), fly.toml's `primary_region`.
        project: The cloud project a Cloud Run service was deployed in (`in project
            [acme-prod]`); its region is in `regions`.
        env_from_name: `environment` is only what the Worker's name ends with.
        cli_version: The deploy tool's version, as its banner prints it ("wrangler 3.80.0",
            "vercel 37.4.2").
        hostname: The app's own hostname, whatever became of the deploy (Fly's
            `Checking DNS configuration for api.fly.dev`, `fly status`'s `Hostname =`).
        config: What the rest of the output shows of the app's configuration, `(key, value)`
            pairs (`omp.deploy_config`): the env vars it needs, its backing services, its
            toolchain; a custom domain of a deploy that went live; the version still live
            after a deploy that failed.
        message: What the deploy command says it ships, as written (`netlify deploy --message
            "…"`, kubectl's `kubernetes.io/change-cause` annotation).
    """

    tool: str
    service: str
    status: str
    url: str | None
    deploy_id: str | None
    line: int
    app: str | None
    version: str | None = None
    namespace: str | None = None
    framework: str | None = None
    context: str | None = None
    image: str | None = None
    bindings: tuple[tuple[str, str], ...] = ()
    routes: tuple[str, ...] = ()
    restored: str | None = None
    migrations: tuple[str, ...] = ()
    rolled_back: bool = False
    environment: str | None = None
    regions: tuple[str, ...] = ()
    project: str | None = None
    cli_version: str | None = None
    env_from_name: bool = False
    hostname: str | None = None
    config: tuple[tuple[str, str], ...] = ()
    message: str | None = None


# ---- reading the terminal -------------------------------------------------------------------

_ESCAPES = lazy(
    r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC: hyperlinks, window titles
    r"|\x1b\[[0-?]*[ -/]*[@-~]"  # CSI: colours, cursor moves, erasing
    r"|\x1b[@-Z\\-_]"  # other two-byte escapes
)
_CONTROLS = lazy(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# Leading decoration: check marks, emoji, spinners, box drawing, arrows, bullets
_DECOR = frozenset({"So", "Sm", "Sk", "Cf", "Mn", "Me", "Pd", "Pi", "Pf", "Zs", "Cc"})
_DECOR_CHARS = frozenset("*•·.:!|")


# The timestamp a CI log puts before every line (GitHub Actions: 2025-04-09T18:41:02.1188735Z)
_STAMP = lazy(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z ")


def _lines(text: str) -> Iterator[tuple[int, str, bool]]:
    """(number, visible text, stamped) of each line.

    A line redrawn after CR keeps its last drawing. A log's timestamp before the line is
    dropped, and `stamped` says it was there.
    """
    for number, physical in enumerate(text.split("\n"), start=1):
        drawings = [d for d in _ESCAPES.sub("", physical).split("\r") if d.strip()]
        if drawings:
            line = _CONTROLS.sub("", drawings[-1])
            bare = _STAMP.sub("", line)
            yield number, bare, bare != line


def _bare(line: str) -> str:
    """The line without leading decoration or trailing box edges."""
    start, end = 0, len(line)
    while start < end and (
        unicodedata.category(line[start]) in _DECOR or line[start] in _DECOR_CHARS
    ):
        start += 1
    while end > start and (line[end - 1].isspace() or unicodedata.category(line[end - 1]) == "So"):
        end -= 1
    return line[start:end]


# ---- what each tool prints ------------------------------------------------------------------


class _Rule(NamedTuple):
    """A kind of line.

    `mode` says which deploy the line belongs to: "open" (a banner) begins a new deploy when the
    open one has finished (a banner inside a deploy is the tool run again by the build); "echo"
    (an echoed deploy command: errors count from here on) begins one unless the open one has
    shown nothing yet; "start" continues the open deploy unless it has finished or has another
    deploy id; "tail" continues the open deploy, finished or not; all three begin one when none
    is open.
    "attach" continues the open deploy only (for kubectl, a line naming no deployment continues
    the latest one); "error" fails the latest deploy under way of `tool`, or of any tool with
    plain `Error` lines when `tool` is empty; "note" gives data to the deploys of `tool` that
    begin after it (a script printing its kubectl context first).

    Named groups carry data: `url`, `host` (an address without scheme), `pages` (a pages.dev
    address), `id`, `app` and `name` (a kubectl deployment, which keys the deploy), `version`,
    `ns` (a namespace), `context`, `image`, `framework`, `binding` with `resource`, and `route`.
    """

    tool: str
    mode: str
    pattern: re.Pattern[str]
    status: str | None = None
    rank: int = 0  # preference of the address the line gives; the higher wins
    skip: bool = False  # not a production deploy: preview, draft, dev server, version upload
    raw: bool = False  # match the line with its decoration (it matters)
    sticky: bool = True  # a failure a later success cannot undo (False: a generic `Error`)
    undo: bool = False  # the tool rolled the deploy back
    env: str | None = None  # the environment the line shows the deploy went to ("preview")


_URL_REST = r"[^\s<>\"'`\[\]│]+"  # an address after its scheme
_URL = r"https?://" + _URL_REST
# A shell prompt ($ # % > and U+276F, a zsh/starship arrow), PowerShell, GitHub Actions, set -x
_PROMPT = r"\s*(?:[^\s$#%>\u276f]*[$#%>\u276f]|PS [^>]*>|Run|\+)\s*"
_RUNNER = r"(?:(?:npx|bunx|bun\s+x|pnpm(?:\s+(?:exec|dlx))?|yarn(?:\s+dlx)?)\s+)?"
_GENERIC = ("vercel", "netlify", "fly")  # tools whose failures are plain `Error: ...` lines
# `-n NS` / `--namespace=NS` anywhere in a kubectl command line, looked ahead for
_NAMESPACE = (
    r"(?=(?:[^|;&\n]*?\s(?:-n|--namespace)[=\s]+(?P<ns>[a-z0-9][a-z0-9.-]*))?)"
    r"(?=(?:[^|;&\n]*?\s--context[=\s]+(?P<context>[\w.:@/-]+))?)"
)


# the image `gcloud run deploy --image REPO:TAG` deploys (a `latest` tag names no version)
_RUN_IMAGE = (
    r"(?=(?:[^|;&\n]*?\s--image[=\s]+(?P<image>[\w./-]+?)"
    r"(?::(?!latest\b)(?P<version>\w[\w.-]{0,127})|:latest)?(?:@sha256:\w+)?(?=\s|$))?)"
)


def _option(names: str) -> str:
    """A lookahead for the value of an option anywhere in a command line, as group `env`."""
    return r"(?=(?:[^|;&\n]*?\s(?:" + names + r")[=\s]+(?P<env>[\w-]+)(?![\w=-]))?)"


# the environment a deploy command names: `wrangler deploy --env staging`, `vercel --target=x`
# (vercel's `-e` sets a variable)
_ENV = _option("--env|-e")
_TARGET = _option("--target")


# a kubectl command line up to its verb, with the namespace and context it names anywhere, and
# the kind of workload it acts on
_KUBECTL = r"(?:" + _PROMPT + r")?kubectl\b" + _NAMESPACE + r"[^|;&]*?\b"
_WORKLOAD = r"(?:deployments?|deploy|daemonsets?|ds)(?:\.apps)?"
# `netlify deploy`, `ntl deploy`, `npx netlify-cli@17 deploy`
_NETLIFY_DEPLOY = _PROMPT + _RUNNER + r"(?:netlify|ntl)(?:-cli(?:@[\w.-]+)?)?\s+deploy\b"


def _r(
    tool: str,
    mode: str,
    pattern: str,
    status: str | None = None,
    *,
    rank: int = 0,
    skip: bool = False,
    raw: bool = False,
    sticky: bool = True,
    undo: bool = False,
    env: str | None = None,
) -> _Rule:
    return _Rule(tool, mode, lazy(pattern), status, rank, skip, raw, sticky, undo, env)


_RULES: tuple[_Rule, ...] = (
    # echoed commands
    _r(
        "vercel",
        "echo",
        _PROMPT + _RUNNER + r"vercel(?:\s+deploy\b|\s+--prod\b|\s*$)" + _TARGET,
        raw=True,
    ),
    # `--message "…"`: what the deploy says it ships
    _r(
        "netlify",
        "echo",
        _NETLIFY_DEPLOY + r"[^\n]*?\s(?:--message|-m)[=\s]+[\"'](?P<message>[^\"'\n]{3,200})[\"']",
        raw=True,
    ),
    _r("netlify", "echo", _NETLIFY_DEPLOY, raw=True),
    _r(
        "wrangler",
        "echo",
        _PROMPT + _RUNNER + r"wrangler\s+(?:deploy|publish|pages\s+(?:deploy|publish))\b" + _ENV,
        raw=True,
    ),
    _r("fly", "echo", _PROMPT + _RUNNER + r"(?:fly|flyctl)\s+deploy\b", raw=True),
    _r(
        "kubectl",
        "start",
        _KUBECTL + r"set\s+image\s+" + _WORKLOAD + r"/(?P<name>[a-z0-9][\w.-]*)\s+"
        r"[\w.-]+=(?P<image>\S+?):(?P<version>[\w][\w.-]{0,127})(?:@sha256:\w+)?"
        r"(?:\s+--?[\w-]+(?:=\S+)?)*\s*$",
        raw=True,
    ),
    # `kubectl annotate deployment/web kubernetes.io/change-cause="v2.8.3: …"`: the release note
    # (after a deploy that finished, as after `kubectl apply -f`, it begins the next one)
    _r(
        "kubectl",
        "start",
        _KUBECTL + r"annotate\s+" + _WORKLOAD + r"/(?P<name>[a-z0-9][\w.-]*)\s+"
        r"['\"]?kubernetes\.io/change-cause=['\"]?(?P<message>[^'\"\n]{3,200}?)"
        r"(?=['\"]|\s+--?[a-z]|\s*$)",
        raw=True,
    ),
    _r(
        "kubectl",
        "echo",
        _KUBECTL + r"rollout\s+status\s+" + _WORKLOAD + r"(?:/|\s+)(?P<name>[a-z0-9][\w.-]*)",
        raw=True,
    ),
    # Vercel
    _r("vercel", "open", r"(?:Vercel|Now) CLI (?:(?P<cli>\d+\.\d+\.\d+)|\d)"),
    _r(
        "vercel",
        "start",
        r"Inspect:\s+https://vercel\.com/[^/\s]+/(?P<app>[^/\s]+)/(?P<id>[^/\s]+)",
        "pending",
    ),
    _r(
        "vercel",
        "start",
        rf"\s*⏳\s*Preview:\s+(?P<url>{_URL})\s+\[",
        "pending",
        rank=1,
        raw=True,
        env="preview",
    ),
    # with or without the check mark: printed as the deploy is created, as `Production:` is
    _r(
        "vercel",
        "start",
        rf"Preview:\s+(?P<url>{_URL})\s+\[",
        "active",
        rank=1,
        sticky=False,
        env="preview",
    ),
    _r(
        "vercel",
        "start",
        rf"\s*⏳\s*Production:\s+(?P<url>{_URL})\s+\[",
        "pending",
        rank=1,
        raw=True,
    ),
    _r(
        "vercel",
        "start",
        rf"\s*✅\s*Production:\s+(?P<url>{_URL})\s+\[",
        "active",
        rank=1,
        raw=True,
    ),
    # without the check mark (a log with no terminal), printed as the deploy is created, before
    # its build: an error after it fails the deploy
    _r("vercel", "start", rf"Production:\s+(?P<url>{_URL})\s+\[", "active", rank=1, sticky=False),
    _r("vercel", "tail", rf"Aliased:\s+(?P<url>{_URL})\s+\[", "active", rank=2),
    _r("vercel", "start", rf"Ready! Deployed to (?P<url>{_URL})", "active", rank=1),
    _r("vercel", "attach", r"Success! Deployment ready", "active"),
    # `vercel alias set <deployment> <domain>`: the deploy is served at the domain
    _r(
        "vercel",
        "tail",
        rf"Success! (?:https?://)?(?P<host>[\w-]+(?:\.[\w-]+)+) now points to {_URL}",
        "active",
        rank=2,
    ),
    _r("vercel", "attach", r"(?:Deploying|Linked to)\s+[\w.-]+/(?P<app>[\w.-]+)"),
    _r(
        "vercel",
        "attach",
        r"(?:\S+\s+)?Detected (?P<framework>Next\.js|Nuxt(?:\.js)?|SvelteKit|Astro|Remix|Gatsby)"
        r" version:\s+(?P<version>\d+(?:\.\d+){0,2})",
    ),
    # Netlify
    _r("netlify", "start", r"Deploying to (?:main|live) site URL", "pending"),
    _r("netlify", "start", r"Deploying to draft URL", "pending", env="preview"),
    _r(
        "netlify",
        "start",
        r"(?:Deploy path:\s+(?:/|~|[A-Za-z]:\\)|Deploying to Netlify$)",
        "pending",
    ),
    _r("netlify", "start", r"Deploy is live", "active"),
    _r("netlify", "start", r"Starting to deploy site from\b", "pending"),  # `deploy --build`
    _r("netlify", "attach", r"(?:🚀\s*)?Deploy complete$", "active"),
    _r("netlify", "attach", r"Production deploy is live", "active"),
    _r(
        "netlify",
        "attach",
        r"(?:Draft deploy is live|Deployed draft to\b)",
        "active",
        env="preview",
    ),
    _r(
        "netlify",
        "attach",
        r"(?:Website|Live) [Dd]raft URL:\s+"
        rf"(?P<url>https?://(?:(?P<id>[0-9a-f]{{24}})--(?P<app>[\w-]+)\.)?{_URL_REST})",
        rank=2,
        env="preview",
    ),
    _r("netlify", "attach", rf"Deployed to production URL:\s+(?P<url>{_URL})", rank=2),
    _r("netlify", "attach", rf"(?:Website|Live) URL:\s+(?P<url>{_URL})", rank=2),
    _r(
        "netlify",
        "attach",
        r"Unique [Dd]eploy URL:\s+https?://(?P<id>[0-9a-f]{24})--(?P<app>[\w-]+)\.",
    ),
    _r(
        "netlify",
        "attach",
        r"(?:Build )?[Ll]ogs:\s+https://app\.netlify\.com/(?:sites|projects)/"
        r"(?P<app>[\w-]+)/deploys/(?P<id>[0-9a-f]{24})",
    ),
    _r(
        "netlify",
        "error",
        r".*?(?:Deploy did not succeed|Deploy aborted|\"build\.command\" failed)",
    ),
    # Cloudflare
    _r("wrangler", "open", r"wrangler (?:(?P<cli>\d+\.\d+\.\d+)|\d+\.\d+)"),
    _r("wrangler", "start", r"(?:Total Upload:|Success! Uploaded \d+ files?)", "pending"),
    _r("wrangler", "start", r"Uploaded (?P<app>[\w.-]+) \(\d", "pending"),
    _r(
        "wrangler", "start", r"(?:Published|Deployed) (?P<app>[\w.-]+) (?:triggers )?\(\d", "active"
    ),
    _r("wrangler", "start", r"Successfully published your (?:script|Worker)", "active"),
    _r(
        "wrangler",
        "start",
        rf"Deployment complete! Take a peek over at(?:\s+(?P<pages>{_URL}))?",
        "active",
    ),
    # a deploy command a CI step runs (`/opt/.../npx wrangler deploy --env staging`): its
    # environment is the next deploy's, a command naming none resets it
    _r("wrangler", "note", r".*?\bwrangler\s+(?:deploy|publish)\b" + _ENV, raw=True),
    _r("wrangler", "attach", r"(?P<pages>https://[\w.-]+\.pages\.dev)/?$", rank=1),
    _r("wrangler", "attach", r"(?P<url>https://[\w.-]+\.workers\.dev)/?$", rank=1),
    _r("wrangler", "attach", r"(?P<host>[\w-]+(?:\.[\w-]+)*\.workers\.dev)$", rank=1),
    _r("wrangler", "attach", r"(?P<host>[\w-]+(?:\.[\w-]+)+) \(custom domain\)$", rank=2),
    _r("wrangler", "attach", r"Current (?:Version|Deployment) ID:\s+(?P<id>[\w-]+)"),
    _r(
        "wrangler",
        "attach",
        r"(?:Worker Version ID:|(?:\[wrangler:\w+\]\s+)?Ready on https?://|Starting local server)",
        skip=True,
    ),
    # the Worker a failed upload was for ("A request to the Cloudflare API
    # (/accounts/<id>/workers/scripts/shop-api) failed."): another Worker than the one before
    _r(
        "wrangler",
        "error",
        r"(?:X\s+)?\[ERROR\] A request to the Cloudflare API \(/accounts/\w+/workers/"
        r"(?:scripts|services)/(?P<app>[\w-]+)[/?)]",
    ),
    _r("wrangler", "error", r"(?:X\s+)?\[ERROR\]"),
    # the Worker's bindings ("  - DB: shortlink-prod (uuid)") and routes ("host/* (zone name: …)")
    _r(
        "wrangler",
        "attach",
        # a quoted var's value whole, spaces and all
        r"\s+-\s+(?P<binding>[A-Z][A-Z0-9_]{0,63}):\s+\"?(?P<resource>(?<=\")[^\"]+|[^\"\s]+)",
        raw=True,
    ),
    # wrangler 3.100+ and 4 print them as a table: "env.DB (shortlink-prod)   D1 Database",
    # "env.GREETING ("hi")   Environment Variable" (a secret's value shows as "(hidden)")
    _r(
        "wrangler",
        "attach",
        r"env\.(?P<binding>[A-Za-z_]\w{0,63})\s+\(\"?(?P<resource>(?<=\")[^\"]+|[^\s()\"]+)"
        r"\"?\)\s+[A-Z][\w ]*?(?:\s{2,}(?:local|remote)\b.*)?$",  # `wrangler dev`: a mode
    ),
    _r("wrangler", "attach", r"(?P<route>[\w-]+(?:\.[\w-]+)+/\S*) \(zone name: [\w.-]+\)$"),
    _r("wrangler", "attach", r"(?P<route>[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/\S*)$"),  # a trigger
    # Fly.io
    _r(
        "fly",
        "start",
        r"\s*==> (?:Verifying app config|Validating app configuration|Building image"
        r"|Creating release|Monitoring deployment)",
        "pending",
        raw=True,
    ),
    _r(
        "fly",
        "start",
        r"Watch your (?:app|deployment) at https://fly\.io/apps/(?P<app>[\w-]+)",
        "pending",
    ),
    _r("fly", "start", r"Updating existing machines in '(?P<app>[\w-]+)'", "pending"),
    _r("fly", "start", r"release (?P<id>v\d+) created", "pending"),
    _r("fly", "attach", r"Logs: https://fly\.io/apps/(?P<app>[\w-]+)/monitoring"),
    _r("fly", "start", r"(?P<id>v\d+) deployed successfully", "active"),
    _r(
        "fly",
        "tail",
        r"Visit your newly deployed app at "
        r"(?P<url>https?://(?:(?P<app>[\w-]+)\.fly\.dev)?[^\s<>\"'`\[\]│]*)",
        "active",
        rank=1,
    ),
    _r("fly", "start", r"(?P<id>v\d+) failed\b", "failed"),
    # the app's hostname, printed before the outcome and by `fly status`: it holds even when
    # the deploy failed
    _r(
        "fly",
        "attach",
        r"(?:Checking DNS configuration for|Hostname\s+=)\s+(?P<hostname>[\w-]+(?:\.[\w-]+)+)$",
    ),
    _r(
        "fly",
        "error",
        r".*?(?:unhealthy allocations|smoke checks for \S+ failed"
        r"|timeout reached waiting for health checks)",
    ),
    # Kubernetes
    _r(
        "kubectl",
        "start",
        r"Waiting for (?:deployment|daemon set) \"(?P<name>[^\"]+)\" rollout to finish",
        "pending",
    ),
    _r(
        "kubectl",
        "start",
        r"(?:deployment|daemon set) \"(?P<name>[^\"]+)\" successfully rolled out",
        "active",
    ),
    _r(
        "kubectl",
        "start",
        r"error: deployment \"(?P<name>[^\"]+)\" exceeded its progress deadline",
        "failed",
    ),
    # `rollout status` giving up its watch: the rollout goes on, and a watch run again may see
    # it finish
    _r(
        "kubectl",
        "error",
        r"error: (?:timed out waiting for the condition|watch closed before)",
        sticky=False,
    ),
    # `kubectl rollout undo`: production runs the previous revision again
    _r(
        "kubectl",
        "attach",
        r"(?:deployments?|daemonsets?)(?:\.apps)?/(?P<name>[\w.-]+) rolled back$",
        "failed",
        undo=True,
    ),
    _r(
        "kubectl",
        "note",
        r".*?\b(?:kubectl context:|kubectl config use-context)\s+(?P<context>[\w.:@/-]+)",
        raw=True,
    ),
    # the cluster a script fetches credentials for (EKS, GKE, AKS) is the context it deploys to
    _r(
        "kubectl",
        "note",
        r".*?\b(?:aws eks update-kubeconfig\b.*?--name[=\s]+|gcloud container clusters "
        r"get-credentials\s+|az aks get-credentials\b.*?--name[=\s]+)(?P<context>[\w.:@-]+)",
        raw=True,
    ),
    # the address a script checks after the rollout ("curl -fsS https://x/healthz", "冒烟测试 …")
    _r(
        "kubectl",
        "attach",
        r".*?(?:\bcurl\b[^\n]*?\s|冒烟测试\s*(?:GET\s+)?|\bsmoke[- ]?test\S*\s*(?:GET\s+)?)"
        r"(?P<url>https?://(?!localhost|127\.|10\.|192\.168\.)[\w.-]+\.[a-z]{2,}(?::\d+)?)(?=[/\s]|$)",
        rank=1,
        raw=True,
    ),
    _r(
        "kubectl",
        "attach",
        r"(?:deployments?|daemonsets?)(?:\.apps)?/(?P<name>[\w.-]+) with revision #(?P<id>\d+)",
    ),
    # Helm, `helm upgrade [--install] RELEASE CHART`: a Kubernetes deploy keyed by the release's
    # name, which the chart's deployment mostly shares (the `rollout status` after it continues
    # it); its summary gives the namespace, the revision and how the release went
    _r(
        "kubectl",
        "start",
        r"Release \"(?P<name>[a-z0-9][\w.-]*)\" "
        r"(?:has been upgraded\. Happy Helming!|does not exist\. Installing it now\.)",
        "pending",
    ),
    _r("kubectl", "attach", r"NAMESPACE: (?P<release_ns>[a-z0-9][a-z0-9.-]*)$", raw=True),
    _r("kubectl", "attach", r"REVISION: (?P<id>\d+)$", raw=True),
    # (a `rollout status` watching the release's pods after it goes on with the same deploy)
    _r("kubectl", "attach", r"STATUS: deployed$", "active", raw=True, sticky=False),
    _r("kubectl", "attach", r"STATUS: failed$", "failed", raw=True),
    # Google Cloud Run, `gcloud run deploy SERVICE`: keyed by the service's name
    _r(
        "gcloud",
        "echo",
        _PROMPT + r"gcloud\s+(?:beta\s+)?run\s+deploy\s+(?P<name>[a-z][\w-]*)" + _RUN_IMAGE,
        raw=True,
    ),
    # "Deploying container to Cloud Run service [api] in project [acme-prod] region
    # [europe-west1]" (`--source .`: "Building using Dockerfile and deploying container to ...")
    _r(
        "gcloud",
        "start",
        r"(?:Building using \w+ and d|D)eploying (?:container |new service )?to Cloud Run "
        r"service \[(?P<name>[\w-]+)\](?: in project \[(?P<project>[\w:.-]+)\])?"
        r"(?: region \[(?P<region>[a-z]+-[a-z]+\d+)\])?",
        "pending",
    ),
    _r(
        "gcloud",
        "attach",
        r"Service \[(?P<name>[\w-]+)\] revision \[(?P<id>[\w.-]+)\] has been deployed",
        "active",
    ),
    _r("gcloud", "attach", rf"Service URL:\s+(?P<url>{_URL})", rank=1),
    _r("gcloud", "error", r"ERROR: \(gcloud\.(?:beta\.)?run\.deploy\)"),
    # Heroku, `git push heroku main`: what its build prints after "remote:"
    _r("heroku", "echo", _PROMPT + r"git\s+push\s+heroku\b", raw=True),
    _r("heroku", "start", r"(?:remote:\s+)?-+> Building on the Heroku-\d+ stack", "pending"),
    _r("heroku", "attach", r"(?:remote:\s+)?Released (?P<id>v\d+)"),
    _r(
        "heroku",
        "attach",
        r"(?:remote:\s+)?(?P<url>https://[\w.-]+\.herokuapp\.com/?) deployed to Heroku",
        "active",
        rank=1,
    ),
    _r("heroku", "attach", r"To https://git\.heroku\.com/(?P<app>[\w-]+)\.git"),
    _r(
        "heroku",
        "error",
        r"(?:remote:\s+)?!\s+(?:Push rejected|Build failed)|! \[remote rejected\]",
    ),
    # any tool whose failures are plain errors
    _r("", "error", r"Error(?:[:!]\s*|\s+)\S", sticky=False),
)

# Lines only these tools print (decoration allowed before them); a mere address is no sign
_SIGNATURE = lazy(
    r"^(?:\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z )?[^\w\n]*(?:"
    r"(?:Vercel|Now) CLI \d+\.\d+|Inspect: https://vercel\.com/"
    r"|(?:Production|Preview|Aliased): https?://\S+ \[|Ready! Deployed to https?://"
    r"|Deploying to (?:main|live) site URL|Deploy is live!|Deploy did not succeed"
    r"|Deployed to production URL:"
    r"|wrangler \d+\.\d+\.\d+|(?:Uploaded|Published) [\w.-]+ \(\d|Deployed [\w.-]+ triggers \("
    r"|Current (?:Version|Deployment) ID: |Deployment complete! Take a peek"
    r"|==> (?:Verifying app config|Validating app configuration|Monitoring deployment"
    r"|Creating release)|Visit your newly deployed app at |v\d+ deployed successfully"
    r"|release v\d+ created|Updating existing machines in '"
    r"|Release \"[^\"\n]+\" has been upgraded\. Happy Helming!"
    r"|Waiting for (?:deployment|daemon set) \"|(?:deployment|daemon set) \"[^\"\n]+\" successfully"
    r"|error: deployment \"[^\"\n]+\" exceeded its progress deadline"
    r"|Deploying (?:container )?to Cloud Run service \[|Service \[[\w-]+\] revision \["
    r"|(?:remote:\s+)?-+> Building on the Heroku-\d+ stack|\"build\.command\" failed"
    r")",
    re.MULTILINE,
)


def looks_like_deploy(text: str) -> bool:
    """Whether the first 200 lines of `text` carry a deploy tool's signature.

    A cheap filter before `parse_deploy`: it misses output whose first sign comes later, and
    accepts text that merely mentions a deploy address (`parse_deploy` then gives []).
    """
    head = "\n".join(text.split("\n", _SCAN_LINES)[:_SCAN_LINES])
    return _SIGNATURE.search(_ESCAPES.sub("", head)) is not None


# ---- putting lines together -----------------------------------------------------------------

_FINAL = ("active", "failed")
_PAGES = lazy(r"https://(?:(?P<id>[0-9a-f]{8})\.)?(?P<app>[\w-]+)\.pages\.dev\b")
_ORIGIN = lazy(r"https?://[^/]+/$")


_NOTED_RELEASE = lazy(r"(?<![\w.-])v?\d+\.\d+\.\d+(?:-[\w.]+)?(?![\w.])")


class _Draft:
    """A deploy being read."""

    def __init__(self, tool: str, name: str | None) -> None:
        self.tool = tool
        self.name = name
        self.status: str | None = None
        self.line = 0
        self.sticky = True
        self.armed = False  # an echoed deploy command: errors count from here on
        self.skip = False
        self.url: str | None = None
        self.rank = -1
        self.deploy_id: str | None = None
        self.app: str | None = name
        self.version: str | None = None
        self.namespace: str | None = None
        self.framework: str | None = None
        self.context: str | None = None
        self.image: str | None = None
        self.bindings: dict[str, str] = {}
        self.routes: list[str] = []
        self.rolled_back = False
        self.environment: str | None = None
        self.cli_version: str | None = None
        self.hostname: str | None = None
        self.project: str | None = None
        self.regions: list[str] = []
        self.message: str | None = None
        self.touched = 0

    @property
    def final(self) -> bool:
        return self.status in _FINAL and self.sticky

    @property
    def under_way(self) -> bool:
        return not self.final and (self.status is not None or self.armed)

    def take(self, rule: _Rule, match: re.Match[str], number: int) -> None:
        self.touched = number
        self.skip = self.skip or rule.skip
        self.armed = self.armed or rule.mode == "echo"
        status = "failed" if rule.mode == "error" else rule.status
        if rule.undo:
            self._undone(number)
        elif status is not None and not self.final:
            self.status, self.line, self.sticky = status, number, rule.sticky
        found = {k: v for k, v in match.groupdict().items() if v}
        url = found.get("url") or (f"https://{found['host']}" if "host" in found else None)
        if "pages" in found:
            url = _pages(found["pages"], found)
        if url and rule.rank > self.rank:
            self.url, self.rank = _tidy(url), rule.rank
        self.deploy_id = self.deploy_id or found.get("id")
        self.app = self.app or found.get("app")
        self.namespace = self.namespace or found.get("ns") or found.get("release_ns")
        self.context = self.context or found.get("context")
        self.environment = rule.env or self.environment or found.get("env")
        self.image = self.image or found.get("image")
        self.message = self.message or found.get("message")
        if "message" in found and self.version is None:
            # "CHG-2025-0617-03 hl7-gateway 1.4.1" of a deploy no image named: its release
            self.version = next((m[0] for m in _NOTED_RELEASE.finditer(found["message"])), None)
        if "framework" in found:
            self.framework = f"{found['framework']} {found.get('version', '')}".strip()
        elif "version" in found:
            self.version = found["version"]
        self._place(found)

    def _place(self, found: dict[str, str]) -> None:
        """Where the deploy runs and with what: hostname, project, region, bindings, routes."""
        self.hostname = self.hostname or found.get("hostname")
        self.project = self.project or found.get("project")
        if "region" in found and found["region"] not in self.regions:
            self.regions.append(found["region"])
        if "cli" in found and self.cli_version is None:
            self.cli_version = f"{self.tool} {found['cli']}"
        if "binding" in found and found["resource"] != "(hidden)":
            self.bindings.setdefault(found["binding"], found["resource"])
        if "route" in found and found["route"] not in self.routes:
            self.routes.append(found["route"])

    def _undone(self, number: int) -> None:
        """Rolled back: failed, at the line of its failure if it had one, else of the undo."""
        if self.status != "failed":
            self.line = number
        self.status, self.sticky, self.rolled_back = "failed", True, True

    def event(self) -> DeployEvent | None:
        if self.status is None or self.skip:
            return None
        service = self.name if self.tool in _NAMED and self.name else SERVICES.get(self.tool)
        return DeployEvent(
            self.tool,
            service or self.tool,
            self.status,
            self.url if self.status == "active" else None,
            self.deploy_id,
            self.line,
            self.app,
            self.version,
            self.namespace,
            self.framework,
            self.context,
            self.image,
            tuple(self.bindings.items()),
            tuple(self.routes),
            rolled_back=self.rolled_back,
            environment=self.environment or _suffixed(self.tool, self.app),
            regions=tuple(self.regions),
            project=self.project,
            cli_version=self.cli_version,
            env_from_name=self.environment is None and _suffixed(self.tool, self.app) is not None,
            hostname=self.hostname,
            message=self.message,
        )


# wrangler names the Worker of `[env.staging]` `<name>-staging`: a deploy whose command is not
# shown ("Uploaded weather-alerts-staging") tells its environment by that name
_ENV_SUFFIX = lazy(r".+-(?P<env>staging|stage|dev|development|preview|qa|test|production|prod)")


def _suffixed(tool: str, app: str | None) -> str | None:
    """The environment a Worker's name ends with, or None."""
    m = _ENV_SUFFIX.fullmatch(app or "") if tool == "wrangler" else None
    return m["env"] if m else None


def _pages(url: str, found: dict[str, str]) -> str:
    """The project address of a Pages deployment's address (`https://<hash>.<project>...`)."""
    m = _PAGES.match(url)
    if m is None:
        return url
    found.setdefault("app", m["app"])
    if m["id"] is None:
        return url
    found.setdefault("id", m["id"])
    return f"https://{m['app']}.pages.dev"


def _tidy(url: str) -> str:
    url = url.rstrip(".,;:!?)'\"")
    return url[:-1] if _ORIGIN.match(url) else url


class _Reader:
    """Deploys found so far, and the open one of each tool.

    For kubectl, of each name and namespace: `web` in staging and `web` in production are two
    deployments.
    """

    def __init__(self) -> None:
        self.drafts: list[_Draft] = []
        self.open: dict[tuple[str, str | None, str | None], _Draft] = {}
        self.notes: dict[str, dict[str, str]] = {}  # data for the deploys of a tool to come

    def feed(self, rule: _Rule, match: re.Match[str], number: int) -> bool:
        """Give a matching line to its deploy; False if it belongs to none."""
        if rule.mode == "note":  # what the line does not name is reset
            self.notes.setdefault(rule.tool, {}).update(match.groupdict())
            return True
        draft = self._failing(rule.tool) if rule.mode == "error" else self._draft(rule, match)
        if draft is None:
            return False
        draft.take(rule, match, number)
        return True

    def _draft(self, rule: _Rule, match: re.Match[str]) -> _Draft | None:
        name, ns = match.groupdict().get("name"), match.groupdict().get("ns")
        key = (rule.tool, name, ns)
        current = self.open.get(key) or self._latest(rule, name, ns)
        if rule.mode == "attach" or (current is not None and rule.mode == "tail"):
            return current
        if current is not None and not _starts_new(rule, match, current):
            return current
        draft = _Draft(rule.tool, name)
        noted = self.notes.get(rule.tool, {})
        draft.context, draft.environment = noted.get("context"), noted.get("env")
        self.drafts.append(draft)
        self.open[key] = draft
        return draft

    def _latest(self, rule: _Rule, name: str | None, ns: str | None) -> _Draft | None:
        """The deploy a kubectl line naming no namespace continues.

        The latest one of the deployment the line names (naming none, an "attach" line: of any).
        """
        if rule.tool not in _NAMED or ns is not None or (name is None and rule.mode != "attach"):
            return None
        mine = [d for d in self.open.values() if d.tool == rule.tool and name in (None, d.name)]
        return max(mine, key=lambda d: d.touched, default=None)

    def _failing(self, tool: str) -> _Draft | None:
        tools = (tool,) if tool else _GENERIC
        under_way = [d for d in self.open.values() if d.tool in tools and d.under_way]
        return max(under_way, key=lambda d: d.touched, default=None)


def _starts_new(rule: _Rule, match: re.Match[str], current: _Draft) -> bool:
    if rule.mode == "open":
        # a banner inside a deploy under way is the tool run again by the build (Vercel's
        # remote `vercel build` prints "Vercel CLI 34.2.7"): the same deploy
        return current.final
    if rule.mode == "echo" and rule.tool == "kubectl":
        # `rollout status` watches a rollout: run again after its watch timed out, it watches
        # the same one
        return current.final
    if rule.mode == "echo":
        return current.status is not None
    if match.groupdict().get("image") and current.status is not None:
        return True  # `kubectl set image` after a rollout was watched: the next rollout
    new_id = match.groupdict().get("id")
    return current.final or bool(new_id and current.deploy_id and new_id != current.deploy_id)


def parse_deploy(text: str) -> list[DeployEvent]:
    """The deploys in a deploy tool's terminal output, in the order they begin ([] if none)."""
    reader = _Reader()
    for number, line, stamped in _lines(text):
        bare = _bare(line)
        for rule in _RULES:
            if stamped and rule.mode == "open":
                continue  # a banner in a timestamped build log is the build running the CLI
            match = rule.pattern.match(line if rule.raw else bare)
            if match is not None and reader.feed(rule, match, number):
                break
    events = [e for e in (draft.event() for draft in reader.drafts) if e is not None]
    return _completed(text, events)


def output_span(text: str) -> tuple[int, int] | None:
    """The first and last lines (numbered from 1) of `text` a deploy tool printed, or None.

    A person pastes a deploy's output into a message and writes around it: the lines between
    are the tool's ("Finished launching new machines"), not the person's words.
    """
    printed = [
        number
        for number, line, _ in _lines(text)
        if _SIGNATURE.search(line)
        or any(r.tool and r.pattern.match(line if r.raw else _bare(line)) for r in _RULES)
    ]
    return (printed[0], printed[-1]) if printed else None


# ---- the release a script announces, and the version a rollback went back to ----------------

_SEMVER = r"v?\d+\.\d+\.\d+(?:-[\w.]+)?"
# "开始部署 ingest-gw v2.3.1", "发布 luma-admin v1.12.0 到生产环境", "版本：v1.8.3",
# "Deploying payments-api 2.14.0", "--message "发布文档 0.9.2：…"", "VERSION=1.14.0"
_ANNOUNCED = lazy(
    r"(?i)(?:(?:开始)?(?:部署|发布|上线)(?:成功|完成)?"
    r"|\b(?:deploying|releasing|release|rolling out)\b)\s*[✅✔!！:：]*\s*"
    r"(?:[\w\u4e00-\u9fff.-]{1,40}[\s:@]\s*)?(?P<v>" + _SEMVER + r")(?![\w.])"
    r"|(?:版本|\bversion\b)\s*[:：]?\s*(?P<w>" + _SEMVER + r")(?![\w.])(?!\s*\(update)"
    r"|(?:\b|_)VERSION=(?P<x>" + _SEMVER + r")\b"
)
# a tool printing its own version is not the release ("wrangler 3.57.1", "Vercel CLI 37.4.2")
_TOOL_VERSION = lazy(
    r"(?i)\b(?:cli|wrangler|vercel|netlify|flyctl|kubectl|node(?:\.js)?|npm|pnpm|yarn|"
    r"@netlify/build|vitepress|next\.js|nuxt|astro|helm|docker)\b(?:\s+version)?[\s@:v]*\d"
    r"|^Detected\b"
    # "NODE_VERSION=20.12.2": the runtime a build environment pins
    r"|\b(?:NODE|PYTHON|RUBY|GO|JAVA|PNPM|NPM|YARN|BUN|DENO|HUGO|PHP|RUST)_VERSION="
)
# "已回滚到 v2.2.4", "rolled back to v1.8.2", "当前线上版本 v1.8.2", "prod 当前版本 v2.7.3"
_RESTORED = lazy(
    r"(?i)(?:回滚到|回退到|rolled back to|rolling back to|roll(?:ing)? back to|reverted to)"
    r"\s*(?:上一个?(?:版本|revision)\s*)?(?P<v>" + _SEMVER + r")(?![\w.])"
    r"|当前(?:线上)?版本\s*[:：]?\s*(?P<w>" + _SEMVER + r")(?![\w.])"
)
# a release rolled out after an undo: `kubectl set image`, `kubectl apply -f`
_NEXT_RELEASE = lazy(r"\bkubectl\b.*\b(?:set\s+image|apply\s+-f)\b")
_UNDONE = lazy(
    r"(?i)\brollout\s+undo\b|\b(?:rolled|rolling) back\b|(?:开始|自动|已)回滚|回滚(?:完成|成功)"
)
_HISTORY_ROW = lazy(r"^\s*\d+\s+.*?(?P<v>" + _SEMVER + r")(?![\w.])")
_IMAGE_LINE = lazy(r"^[\w.-]+(?:\.[\w.-]+)+(?::\d+)?/[\w./-]+:(?P<v>" + _SEMVER + r")$")


# ---- what the build ran ("> astro check && astro build", "vite v5.3.1 building for production")

_FRAMEWORKS = {
    "astro": "Astro", "vitepress": "VitePress", "vuepress": "VuePress", "next": "Next.js",
    "nuxt": "Nuxt", "nuxi": "Nuxt", "gatsby": "Gatsby", "docusaurus": "Docusaurus",
    "hugo": "Hugo", "eleventy": "Eleventy", "remix": "Remix", "svelte-kit": "SvelteKit",
    "vite": "Vite",
}  # fmt: skip
_BUILD_RUN = lazy(
    r"(?:^|[>&;]\s*|\s)(?P<name>" + "|".join(map(re.escape, _FRAMEWORKS)) + r")\s+build\b"
)
_BUILD_BANNER = lazy(
    r"^(?P<name>" + "|".join(map(re.escape, _FRAMEWORKS)) + r")\s+v(?P<version>\d+\.\d+\.\d+)\b"
)
# a banner with the framework's own name: "\u25b2 Next.js 14.2.3", "Nuxt 3.11.2 with Nitro 2.9.6"
_NAMED_BANNER = lazy(
    r"^(?P<shown>" + "|".join(map(re.escape, set(_FRAMEWORKS.values()))) + r")"
    r"\s+v?(?P<version>\d+\.\d+\.\d+)\b"
)
_KEYS = {shown: key for key, shown in reversed(_FRAMEWORKS.items())}  # "Nuxt": "nuxt"


# ---- database migrations the deploy applied -------------------------------------------------

_MIGRATED = lazy(
    r"│\s*(?P<d1>[\w.-]+?)(?:\.sql)?\s*│\s*(?:✅|✔)"  # wrangler d1 migrations apply
    r"|==\s*\d{14}\s+(?P<rails>\w+):\s*migrated\b"  # rails db:migrate
    r"|Successfully applied \d+ migrations? to schema \S+,? now at version (?P<flyway>v?[\w.]+)"
    r"|Running upgrade \S+ -> (?P<alembic>\w+)(?:, (?P<message>[^\n]{1,80}))?"
    r"|Migrating schema \S+ to version [\"`']?(?P<described>[\w.]+ - [^\"`'\n]{1,80})"  # Flyway
    r"|Applying (?P<django>[a-z]\w*\.\d{4}_\w+)\.\.\.\s*OK\b"  # manage.py migrate
    r"|Applying migration `(?P<prisma>\d{14}_\w+)`"  # prisma migrate deploy
    r"|\b(?:applied|OK)\s+(?P<goose>\d{1,14}_\w+)\.sql\b"  # goose up
)


_CELLS = lazy(r"\t|\s{2,}")  # a table's column separator: a tab, or spaces lining columns up
_REGION = lazy(r"[a-z]{3}")  # Fly's region codes: fra, lhr, iad
# a Fly log line's region ("2024-10-12T13:07:41Z app[148e272be7d189] nrt [info] ..."), and
# fly.toml's `primary_region = "fra"` printed by `cat fly.toml` or `fly launch`
_REGION_SAID = lazy(
    r"\b(?:app|proxy|health|runner|release_command)\[[0-9a-f]{6,}\] (?P<region>[a-z]{3}) "
    r"\[(?:info|warn|warning|error|debug)\]"
    r"|^\s*primary_region\s*=\s*[\"'](?P<primary>[a-z]{3})[\"']"
)


class _Scan:
    """One more pass over the output, for what the tools' lines do not give.

    The release a script announces, the versions a rollback restored, the framework a build
    ran, the migrations applied, the regions Fly's tables show.
    """

    def __init__(self, text: str) -> None:
        self.regions: dict[str, None] = {}
        self._region_column: int | None = None  # in the table being read
        self._split = False  # its columns are one space apart
        self.announced: set[str] = set()
        self.restored: set[str] = set()
        self.undone = 0  # the line of the first rollback
        self.frameworks: dict[str, str] = {}
        self.migrations: dict[str, None] = {}
        self._migrating: list[str] = []  # the Flyway migrations begun and not yet applied
        history = ""
        moved_on = False
        for number, line, _ in _lines(text):
            bare = _bare(line).strip()
            self._build(bare.removeprefix("Building:").strip())
            self._migrated(line)
            self._region(line)
            if not self.undone and _UNDONE.search(bare):
                self.undone = number
            elif self.undone and _NEXT_RELEASE.search(bare):
                moved_on = True  # "set image …:2.14.1" after the undo: what it shows is its own
            row = _HISTORY_ROW.match(bare) or _IMAGE_LINE.match(bare)
            if said := [m["v"] or m["w"] for m in _RESTORED.finditer(bare)]:
                self.restored.update(said)
            elif row is not None:
                if self.undone and not moved_on:
                    history = row["v"]  # the last revision listed, or the image read back
            elif not _TOOL_VERSION.search(bare):
                found = (m["v"] or m["w"] or m["x"] for m in _ANNOUNCED.finditer(bare))
                self.announced.update(found)
        if not self.restored and history:
            self.restored.add(history)

    def _region(self, line: str) -> None:
        """Read the REGION column of a table (`fly status`, a deploy's "Failed Instances").

        Also the region of a Fly log line and fly.toml's `primary_region`.
        """
        if (m := _REGION_SAID.search(line)) is not None:
            self.regions.setdefault(m["region"] or m["primary"])
        cells = [c.strip() for c in _CELLS.split(line.strip())]
        words = line.split()
        if "REGION" in cells or "REGION" in words:
            # columns one space apart where a value filled its column ("VERSION REGION"): the
            # values before REGION (process, id, version) are single words
            self._split = "REGION" not in cells
            self._region_column = (words if self._split else cells).index("REGION")
            return
        cells = words if self._split else cells
        at = self._region_column
        if at is not None and len(cells) > at and _REGION.fullmatch(cells[at]):
            self.regions.setdefault(cells[at])
        else:
            self._region_column = None  # the table ended

    def _build(self, bare: str) -> None:
        if (m := _BUILD_BANNER.match(bare)) is not None:
            self.frameworks[m["name"]] = f"{_FRAMEWORKS[m['name']]} {m['version']}"
        elif (m := _NAMED_BANNER.match(bare)) is not None:
            self.frameworks[_KEYS[m["shown"]]] = f"{m['shown']} {m['version']}"
        for m in _BUILD_RUN.finditer(bare):
            self.frameworks.setdefault(m["name"], _FRAMEWORKS[m["name"]])

    def _migrated(self, line: str) -> None:
        for m in _MIGRATED.finditer(line):
            if m["described"]:  # Flyway begins one; applied only when it says so after
                self._migrating.append(f"flyway {m['described'].strip()}")
                continue
            if m["flyway"]:
                # "Successfully applied 1 migration …, now at version v23": those begun before,
                # by their descriptions
                begun, self._migrating = self._migrating, []
                for name in begun or [f"flyway {m['flyway']}"]:
                    self.migrations.setdefault(name)
                continue
            if m["alembic"]:
                name = f"{m['alembic']} ({m['message']})" if m["message"] else m["alembic"]
            else:
                name = m["d1"] or m["rails"] or m["django"] or m["prisma"] or m["goose"]
            self.migrations.setdefault(name)

    @property
    def built_with(self) -> str | None:
        """The framework the build ran, with its version when its banner shows it.

        Vite under a framework is the framework's bundler: the framework is named. None when
        the output runs several frameworks' builds, or none.
        """
        found = dict(self.frameworks)
        if len(found) > 1:
            found.pop("vite", None)
        return next(iter(found.values())) if len(found) == 1 else None


def _completed(text: str, events: list[DeployEvent]) -> list[DeployEvent]:
    """Give the events what `_Scan` reads.

    Only when the output names one release (one restored version): with several, which deploy
    each belongs to cannot be told from the text. Migrations go to the first deploy.
    """
    if not events:
        return events
    scan = _Scan(text)
    shown = read_config([line for _, line, _ in _lines(text)])
    release = scan.announced.pop() if len(scan.announced) == 1 else None
    back = scan.restored.pop() if len(scan.restored) == 1 else None
    # the rollout that put the old version back: the first one after the undo, setting no image
    # of its own (not "set image …:2.14.1", nor a later `apply -f`, after a fix)
    undone = next((e.line for e in events if scan.undone and e.line > scan.undone), None)
    out = []
    for e in events:
        e = e if e.framework else e._replace(framework=scan.built_with)
        e = e._replace(regions=tuple(scan.regions)) if e.tool == "fly" else e
        # a custom domain is live only when the deploy is, as its address is
        own = shown.live if e.status == "active" else shown.failed if e.status == "failed" else ()
        e = e._replace(config=shown.facts + own)
        if e.line == undone and e.image is None:
            out.append(e._replace(version=back or e.version))
        else:
            restored_to = back if e.status == "failed" else None
            out.append(e._replace(version=e.version or release, restored=restored_to))
    if scan.migrations:
        out[0] = out[0]._replace(migrations=tuple(scan.migrations))
    return out
