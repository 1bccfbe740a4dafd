"""What a sentence says, by deterministic bilingual rules (OpenMemory Plus §2.1, §2.12).

Pure functions over one statement at a time: is it a decision (and of what, against what, why),
a finished piece of work, a project fact, a personal preference or skill, a proposal, an
acceptance, tentative talk or a question. `omp.extract` strings the answers together across a
conversation (reversals, accepted proposals) and applies the filters.

Priorities follow the upstream skill: P0 deploy and service configuration, P1 decisions and
milestones, P2 paths and tools.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from omp.lazyre import lazy

# ---- statements -----------------------------------------------------------------------------

_FENCE = lazy(r"```.*?(?:```|\Z)|~~~.*?(?:~~~|\Z)", re.S)
_NOISE_LINE = lazy(
    r"^\s*(?:at\s+\S+\s*\(|at\s+[\w.$<>]+:\d+|File \"|Traceback|\$\s|>>>\s|>\s|\|.*\||"
    r"npm (?:ERR|WARN)|[-=+*#_]{3,}\s*$|\d+\s+(?:passed|failed)|[A-Za-z]*Error:|E\s{2,})"
)
_BULLET = lazy(r"^\s*(?:[-*+•]\s+|\d+[.)]\s+|#{1,6}\s+|\[[ xX]\]\s+)+")
_SENTENCE_END = lazy(
    r"(?<!\b[A-Z]\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\betc\.)(?<!\bvs\.)(?<=[.!?])\s+"
    r"(?=[A-Za-z\"'`(\[*\u4e00-\u9fff])|(?<=[。！？；!?])"
)
_CJK = lazy(r"[\u3400-\u4dbf\u4e00-\u9fff]")


# A run of this many characters without a space is data (minified code, base64, a pasted log
# line), not words; the rules' patterns cost the square of a word's length, so such a run
# would cost minutes. It is read as one placeholder.
_BLOB = lazy(r"\S{200,}")


def code_blocks(text: str) -> list[str]:
    """The text of each fenced code block of a message."""
    return [
        re.sub(r"^(?:```|~~~)[^\n]*\n?|(?:```|~~~)$", "", m.group(0)) for m in _FENCE.finditer(text)
    ]


def without_blobs(text: str) -> str:
    """`text` with every run of 200 or more non-space characters replaced by "…"."""
    return _BLOB.sub("…", text)


def statements(text: str) -> list[str]:
    """The prose sentences of a message: code blocks, traces and pasted output left out."""
    text = _FENCE.sub("\n", text)
    out: list[str] = []
    for raw in text.splitlines():
        if _NOISE_LINE.match(raw):
            continue
        line = _BULLET.sub("", raw).strip().replace("**", "").replace("__", "")
        for part in _SENTENCE_END.split(line):
            part = part.strip()
            if part:
                out.append(part)
    return out


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


# ---- technologies ---------------------------------------------------------------------------

# A small lexicon: which technologies compete for the same role. Two decisions in one
# conversation about the same role are one decision changing its mind.
# fmt: off
TECH_ROLES: dict[str, tuple[str, ...]] = {
    "database": ("postgresql", "postgres", "mysql", "mariadb", "sqlite", "mongodb", "mongo",
                 "dynamodb", "cockroachdb", "supabase", "planetscale", "neon", "sql server",
                 "cassandra", "clickhouse", "duckdb", "firestore", "tidb", "oracle", "timescaledb",
                 "couchdb", "couchbase", "neo4j", "surrealdb", "pocketbase", "yugabytedb",
                 "oceanbase", "scylladb", "hbase", "rds", "aurora", "spanner", "cosmos db"),
    "warehouse": ("bigquery", "snowflake", "redshift", "databricks", "doris", "starrocks",
                  "greenplum", "trino", "presto", "athena", "hologres", "maxcompute"),
    "timeseries": ("influxdb", "tdengine", "questdb", "victoriametrics", "iotdb"),
    "vector_db": ("pgvector", "milvus", "qdrant", "weaviate", "pinecone", "chroma", "chromadb",
                  "faiss", "lancedb"),
    "cache": ("redis", "memcached", "valkey", "keydb", "dragonfly", "caffeine", "ehcache",
              "upstash"),
    "queue": ("kafka", "rabbitmq", "sqs", "celery", "bullmq", "nats", "jetstream", "sidekiq", "rq",
              "arq", "pulsar", "redis streams", "pub/sub", "mqtt", "zeromq", "temporal",
              "dramatiq", "rocketmq", "activemq", "emqx", "mosquitto", "kinesis", "eventbridge"),
    "frontend": ("react", "vue", "svelte", "angular", "solidjs", "preact", "next.js", "nextjs",
                 "nuxt", "sveltekit", "remix", "astro", "htmx", "qwik", "gatsby", "ember",
                 "alpine.js", "lit", "umi", "streamlit", "gradio"),
    "backend": ("fastapi", "django", "flask", "express", "nestjs", "koa", "hono", "rails",
                "spring boot", "spring", "gin", "fiber", "actix", "axum", "laravel", "litestar",
                "starlette", "chi", "echo", "fastify", "phoenix", "sinatra", "go-zero", "kratos",
                "hertz", "quarkus", "micronaut", "ktor", "vapor", "asp.net core", "asp.net",
                "spring cloud", "dubbo", "tornado", "sanic", "rocket", "adonisjs"),
    "language": ("typescript", "javascript", "python", "golang", "rust", "java", "kotlin",
                 "swift", "dart", "gdscript", "c++", "c#", "ruby", "php", "scala", "elixir",
                 "erlang", "haskell", "lua", "zig", "ocaml", "clojure", "julia", "solidity",
                 "cuda", "verilog", "jdk", "openjdk", "objective-c"),
    "orm": ("prisma", "drizzle", "sqlalchemy", "typeorm", "sequelize", "gorm", "knex", "sqlx",
            "alembic", "tortoise", "peewee", "sqlc", "mybatis", "mybatis-plus", "hibernate",
            "diesel", "seaorm", "ecto", "doctrine", "eloquent", "mikro-orm", "kysely", "jooq"),
    "migrations": ("flyway", "liquibase", "goose", "golang-migrate", "atlas"),
    "hosting": ("vercel", "netlify", "cloudflare", "fly.io", "heroku", "render", "railway", "aws",
                "gcp", "azure", "kubernetes", "k8s", "ecs", "lambda", "tke", "gke", "eks",
                "aks", "ack", "openshift", "nomad", "cloud run", "app engine", "digitalocean",
                "hetzner", "linode", "vultr", "mwaa", "k3s", "cloudflare workers", "deno deploy",
                "github pages", "gitlab pages", "cloudflare pages", "firebase hosting",
                "read the docs"),
    "deploy_tooling": ("helm", "kustomize", "argo cd", "argocd", "flux", "terraform", "pulumi",
                       "ansible", "cdk", "cloudformation", "opentofu", "crossplane",
                       "serverless framework", "sst", "docker compose", "docker-compose"),
    "package_manager": ("pnpm", "npm", "yarn", "bun", "poetry", "uv", "pipenv", "pip", "cargo",
                        "conda", "mamba", "pdm", "hatch", "rye", "composer", "bundler",
                        "cocoapods"),
    "build_system": ("maven", "gradle", "bazel", "cmake", "meson", "sbt", "buck2", "xmake"),
    "testing": ("vitest", "jest", "pytest", "playwright", "cypress", "mocha", "unittest",
                "junit", "testng", "mockito", "rspec", "phpunit", "xunit", "nunit", "testify",
                "ginkgo", "selenium", "puppeteer", "detox", "appium", "testcontainers"),
    "load_testing": ("k6", "locust", "jmeter", "gatling", "vegeta", "wrk"),
    "styling": ("tailwindcss", "tailwind", "bootstrap", "styled-components", "sass",
                "css modules", "unocss", "emotion"),
    "state": ("redux", "zustand", "mobx", "recoil", "jotai", "pinia", "vuex", "react context",
              "riverpod", "bloc", "getx", "tanstack query", "react query", "swr", "flutter_bloc",
              "flutter_riverpod", "hooks_riverpod", "flutter_redux", "ngrx", "xstate"),
    "ui_kit": ("element plus", "ant design", "naive ui", "vuetify", "material ui", "mui",
               "chakra", "shadcn", "vant", "arco design", "radix", "mantine", "quasar"),
    "auth": ("auth0", "clerk", "nextauth", "keycloak", "lucia", "oauth", "cognito", "okta",
             "casdoor", "authing", "ory", "better-auth", "supertokens", "微信登录"),
    "ci": ("github actions", "gitlab ci", "circleci", "jenkins", "buildkite", "drone",
           "woodpecker", "tekton", "teamcity", "azure pipelines", "travis ci"),
    "lint": ("eslint", "prettier", "biome", "oxlint", "ruff", "black", "flake8", "pylint",
             "golangci-lint", "clippy", "rustfmt", "gofmt", "stylelint", "rubocop", "ktlint",
             "detekt", "swiftlint", "mypy", "pyright", "isort"),
    "build": ("vite", "webpack", "turbopack", "esbuild", "rollup", "parcel", "rspack", "swc",
              "babel", "tsup"),
    "monorepo": ("turborepo", "nx", "lerna"),
    "search": ("elasticsearch", "meilisearch", "algolia", "typesense", "opensearch", "solr",
               "manticore", "zincsearch", "vespa"),
    "api": ("graphql", "trpc", "grpc", "rest", "openapi", "protobuf", "connectrpc",
            "websocket", "websockets", "socket.io"),
    "observability": ("sentry", "datadog", "prometheus", "grafana", "opentelemetry", "jaeger",
                      "tempo", "honeycomb", "loki", "elk", "promtail", "fluentd", "mimir",
                      "thanos", "zabbix", "skywalking", "arms", "new relic", "signoz",
                      "alertmanager", "fluent bit", "vector", "kibana", "logstash"),
    "analytics": ("posthog", "mixpanel", "amplitude", "plausible", "umami", "google analytics"),
    "container": ("docker", "podman", "apptainer", "singularity", "containerd"),
    "hpc": ("slurm", "pbs", "lsf", "htcondor"),
    "editor": ("neovim", "vim", "vscode", "vs code", "emacs", "cursor", "jetbrains", "goland",
               "pycharm", "intellij", "rider", "webstorm", "xcode", "android studio", "zed"),
    "storage": ("s3", "r2", "oss", "minio", "gcs", "cloudinary", "cos", "ceph", "seaweedfs",
                "hdfs", "backblaze", "azure blob", "七牛云", "七牛", "又拍云"),
    "cdn": ("cloudfront", "fastly", "akamai", "bunny"),
    "proxy": ("nginx", "caddy", "traefik", "envoy", "haproxy", "kong", "apisix", "openresty"),
    "service_mesh": ("istio", "linkerd"),
    "service_discovery": ("nacos", "consul", "etcd", "zookeeper", "eureka"),
    "secrets": ("vault", "kms", "sops", "secrets manager", "doppler", "infisical"),
    "ml_serving": ("torchserve", "triton", "vllm", "bentoml", "kserve", "seldon", "sglang",
                   "lmdeploy", "text-generation-inference", "tgi", "ollama", "llama.cpp"),
    "ml_tracking": ("mlflow", "wandb", "weights & biases", "neptune", "comet"),
    "ml": ("pytorch", "tensorflow", "jax", "onnx", "tensorrt", "scikit-learn", "transformers",
           "peft", "trl", "deepspeed", "fsdp", "accelerate", "keras", "xgboost", "lightgbm",
           "catboost", "langchain", "llamaindex", "sentence-transformers", "unsloth",
           "paddleocr", "paddlepaddle", "opencv", "yolo", "whisper"),
    "mobile": ("flutter", "react native", "swiftui", "jetpack compose", "expo", "ionic",
               "capacitor", "kotlin multiplatform", "uikit"),
    "di": ("hilt", "koin", "dagger"),
    "local_db": ("isar", "drift", "hive", "realm", "sqflite", "room", "datastore", "mmkv",
                 "indexeddb"),
    "engine": ("godot", "unity", "unreal", "bevy", "pygame", "pygame-ce", "phaser", "cocos creator",
               "cocos", "monogame", "defold", "love2d", "three.js", "babylon.js", "pixi.js"),
    "desktop": ("tauri", "electron", "wails", "qt", "gtk", "wpf", "winui", "avalonia",
                "javafx"),
    "runtime": ("node.js", "nodejs", "node", "deno", "graalvm", ".net", "dotnet"),
    "miniprogram": ("taro", "uni-app", "uniapp", "cloudbase", "微信小程序", "支付宝小程序",
                    "抖音小程序", "微信云开发", "微信云托管"),
    "db_proxy": ("pgbouncer", "pgpool", "proxysql"),
    "firmware": ("esp-idf", "arduino", "platformio", "zephyr", "freertos", "embassy", "rtic",
                 "micropython", "circuitpython", "rt-thread", "lvgl", "stm32cube", "mbed",
                 "probe-rs", "defmt"),
    "robotics": ("ros", "ros 2", "ros2", "nav2", "moveit", "gazebo", "cyclonedds", "fastdds"),
    "gis": ("postgis", "maplibre", "mapbox", "leaflet", "openlayers", "cesium", "geoserver",
            "martin", "pmtiles", "tippecanoe", "gdal", "osrm", "valhalla", "graphhopper"),
    "solver": ("or-tools", "ortools", "optaplanner", "timefold", "gurobi", "cplex", "highs",
               "pulp", "pyomo"),
    "bioinformatics": ("gatk", "bwa", "bwa-mem2", "samtools", "bcftools", "deepvariant",
                       "nf-core", "sarek", "snakemake", "nextflow", "bioconductor"),
    "cms": ("sanity", "contentful", "strapi", "directus", "wordpress", "ghost", "payload cms",
            "keystatic", "storyblok"),
    "docs_site": ("vitepress", "docusaurus", "mkdocs", "sphinx", "hugo", "jekyll", "gitbook",
                  "mintlify", "starlight", "storybook"),
    "extension": ("wxt", "plasmo", "crxjs"),
    "cli_framework": ("cobra", "clap", "typer", "click", "commander", "yargs", "urfave/cli",
                      "argparse", "picocli"),
    "realtime": ("livekit", "mediasoup", "janus", "agora", "twilio", "pusher", "ably",
                 "centrifugo", "webrtc"),
    "media": ("ffmpeg", "gstreamer", "hls", "video.js", "hls.js"),
    "workflow": ("n8n", "airbyte", "debezium", "fivetran", "dlt", "kedro", "luigi"),
    "validation": ("zod", "valibot", "yup", "joi", "pydantic"),
    "dates": ("moment", "moment.js", "dayjs", "date-fns", "luxon"),
    "i18n": ("vue-i18n", "i18next", "react-i18next", "next-intl", "next-i18next", "lingui",
             "react-intl", "formatjs", "gettext"),
    "http_client": ("axios", "httpx", "requests", "aiohttp", "got", "ky", "reqwest", "okhttp",
                    "retrofit"),
    "pipelines": ("airflow", "dagster", "prefect", "dbt", "dbt-core", "spark", "polars",
                  "pandas", "flink", "beam", "dask", "ray"),
    "email": ("ses", "sendgrid", "postmark", "mailgun", "resend"),
    "payments": ("stripe", "paddle", "adyen", "braintree", "alipay", "wechat pay", "paypal",
                 "微信支付", "支付宝", "银联", "云闪付"),
    "feature_flags": ("launchdarkly", "unleash", "flipper", "growthbook", "flagsmith"),
    "charts": ("recharts", "echarts", "chart.js", "chartjs", "highcharts", "apexcharts", "nivo",
               "visx", "plotly", "vega-lite", "antv", "g2plot"),
    "llm_api": ("openai", "anthropic", "gemini", "deepseek", "azure openai", "bedrock",
                "dashscope", "openrouter"),
    # Chinese names are matched where they stand, with no word boundary (see _TECH)
    "push": ("极光推送", "极光", "jpush", "个推", "getui", "友盟推送", "华为推送", "小米推送",
             "腾讯移动推送", "onesignal"),
    "sms": ("阿里云短信", "腾讯云短信", "华为云短信", "云片", "容联云"),
    "im": ("钉钉机器人", "钉钉", "飞书机器人", "飞书", "企业微信机器人", "企业微信", "企微机器人",
           "企微"),
    "maps": ("高德地图", "高德", "百度地图", "腾讯地图"),
}
# fmt: on
_ROLE_OF = {name: role for role, names in TECH_ROLES.items() for name in names}
# Families named by pattern, not one by one: chips, boards, GPUs and models ("ESP32-S3",
# "STM32L476RG", "2 x A100", "Qwen2.5-7B-Instruct")
_FAMILIES = {
    "hardware": r"esp32(?:-[a-z0-9]+)*|esp8266|stm32[a-z]\d{1,3}[a-z0-9]*|nrf5\d{3,4}[a-z0-9]*"
    r"|rp2040|rp2350|gd32[a-z]\d+[a-z0-9]*|ch32v\d+[a-z0-9]*"
    r"|raspberry pi(?: [345]| zero(?: 2 w)?| pico)?|jetson(?: (?:agx|orin|nano|xavier|nx))+"
    r"|a100|a800|a10g|h100|h800|h200|v100|l40s?|rtx ?[2-5]0[5-9]0(?: ?ti)?",
    "model": r"qwen[\d.]*(?:-[\w.]+)+|qwen[\d.]+|llama-?[\d.]+(?:-[\w.]+)*"
    r"|(?:bge|gte|e5)-[\w.-]+|mistral-[\w.-]+|gemma-?[\d.]+(?:-[\w.]+)*"
    r"|deepseek-[\w.-]+|(?:chat)?glm-?\d[\w.-]*|gpt-(?:4o|4\.1|4|3\.5|5)(?:-[\w.]+)*"
    r"|claude-[\w.-]+|whisper-[\w.-]+|yolov?\d+[a-z]?",
}
_FAMILY = {role: lazy(rf"(?:{pattern})", re.I) for role, pattern in _FAMILIES.items()}
# Roles a project fills with several tools at once (OpenTelemetry and Tempo, ESLint and
# Prettier, Vitest and Playwright): a second choice adds to the first unless it says it replaces
SHARED_ROLES = frozenset(
    {"observability", "lint", "testing", "deploy_tooling", "container", "storage", "secrets",
     "api", "editor", "language", "pipelines", "ml", "firmware", "hosting", "robotics", "gis",
     "bioinformatics", "media", "analytics", "workflow", "llm_api", "hardware", "model"}
)  # fmt: skip


def _han(name: str) -> bool:
    return any("\u4e00" <= c <= "\u9fff" for c in name)


# Chinese names stand in Chinese text with no word boundary ("支付就接微信支付吧"), so they are
# matched where they are; not after a numeral or a demonstrative, where "个推" is "个" and "推"
# ("这个推送", "一个推")
_ZH_TECH_NAMES = "|".join(sorted((n for n in _ROLE_OF if _han(n)), key=len, reverse=True))
_TECH = lazy(
    r"((?<![\w.-])(?:"
    + "|".join(re.escape(n) for n in sorted(_ROLE_OF, key=len, reverse=True) if not _han(n))
    + "|"
    + "|".join(_FAMILIES.values())
    + r")(?![\w-])"
    + r"|(?<![这那哪每一二两三四五六七八九十几多某各整半单\d])(?:"
    + _ZH_TECH_NAMES
    + "))",
    re.I,
)
# a Chinese product: one the lexicon knows ("极光推送", "钉钉机器人"), or a cloud's product named
# with its cloud ("阿里云 OSS", "腾讯云 COS")
_ZH_PRODUCT = (
    r"(?:(?:阿里云|腾讯云|华为云|火山引擎|百度智能云|天翼云|京东云|七牛云)\s*[A-Za-z][A-Za-z0-9-]*"
    r"(?![\w.-])|(?<![这那哪每一二两三四五六七八九十几多某各整半单\d])(?:" + _ZH_TECH_NAMES + "))"
)


def _role(name: str) -> str:
    """The role of a name `_TECH` matched, lower-cased."""
    role = _ROLE_OF.get(name)
    if role is not None:
        return role
    return next(r for r, family in _FAMILY.items() if family.fullmatch(name))


# the queue technologies as one alternation, longest first ("redis streams" before "rq")
_QUEUE_NAMES = "|".join(re.escape(n) for n in sorted(TECH_ROLES["queue"], key=len, reverse=True))

_ROLE_WORDS = {
    "database": ("database", "db", "数据库", "存储"),
    "cache": ("cache", "caching", "缓存"),
    "queue": ("queue", "job", "jobs", "队列", "消息"),
    "frontend": ("frontend", "front-end", "ui framework", "前端"),
    "backend": ("backend", "back-end", "api server", "web framework", "后端"),
    "orm": ("orm",),
    "hosting": ("hosting", "host", "deploy", "部署", "托管"),
    "package_manager": ("package manager", "包管理"),
    "testing": ("test runner", "testing", "测试框架", "e2e"),
    "styling": ("styling", "css", "样式"),
    "state": ("state management", "state", "状态管理"),
    "auth": ("auth", "authentication", "login", "认证", "登录"),
    "ci": ("ci", "pipeline", "持续集成"),
    "lint": ("linter", "lint", "formatter", "格式化"),
}


# Names that are also everyday words count only when written as a name: Capitalised or `code`.
_AMBIGUOUS = frozenset(
    [
        "rest",
        "echo",
        "chi",
        "got",
        "ky",
        "requests",
        "drift",
        "hive",
        "bloc",
        "tempo",
        "render",
        "flux",
        "spring",
        "lambda",
        "oss",
        "neon",
        "oracle",
        "cursor",
        "parcel",
        "expo",
        "comet",
        "neptune",
        "realm",
        "unity",
        "temporal",
        "chakra",
        "elk",
        "mocha",
        "black",
        "express",
        "fiber",
        "gin",
        "spark",
        "polars",
        "pandas",
        "vault",
        "ray",
        "rust",
        "go",
        "swift",
        "dart",
        "ses",
        "moment",
        "node",
        "lit",
        "rocket",
        "phoenix",
        "ember",
        "tornado",
        "hertz",
        "vapor",
        "ghost",
        "sphinx",
        "starlight",
        "martin",
        "cesium",
        "leaflet",
        "pulp",
        "highs",
        "beam",
        "whisper",
        "yolo",
        "accelerate",
        "transformers",
        "vector",
        "arms",
        "consul",
        "envoy",
        "caddy",
        "eureka",
        "singularity",
        "drone",
        "woodpecker",
        "ruby",
        "julia",
        "elixir",
        "solidity",
        "emotion",
        "babel",
        "room",
        "datastore",
        "presto",
        "athena",
        "doris",
        "chroma",
        "pinecone",
        "vespa",
        "dragonfly",
        "caffeine",
        "gazebo",
        "locust",
        "selenium",
        "detox",
        "ginkgo",
        "testify",
        "radix",
        "quasar",
        "umami",
        "plausible",
        "amplitude",
        "rider",
        "bevy",
        "phaser",
        "pusher",
        "ably",
        "agora",
        "luigi",
        "click",
        "commander",
        "clap",
        "cobra",
        "bedrock",
        "gemini",
        "anthropic",
        "goose",
        "atlas",
        "hatch",
        "rye",
        "composer",
        "bundler",
        "mamba",
        "cargo",
        "maven",
        "meson",
        "diesel",
        "doctrine",
        "eloquent",
        "aurora",
        "ack",
        "nomad",
        "hugo",
        "bunny",
        "cos",
        "spanner",
        "dagger",
        "hilt",
        "zed",
        "kong",
        "lightning",
        "ros",
        "pbs",
        "hls",
        "sst",
        "dlt",
        "storybook",
        "kratos",
        "umi",
        "vant",
        "mantine",
        "media",
        "snowflake",
        "trino",
        "ray",
    ]
)


def role_of_name(name: str) -> str | None:
    """The role of a technology the lexicon knows by exactly this name ("prisma" → "orm")."""
    return _ROLE_OF.get(name.lower())


def technologies(text: str) -> list[str]:
    """Known technology names in `text`, lower-cased, in order of appearance."""
    found = []
    for m in _TECH.finditer(text):
        name = m.group(1)
        quoted = m.start() > 0 and text[m.start() - 1] == "`"
        if name.lower() in _AMBIGUOUS and name.islower() and not quoted:
            continue
        found.append(name.lower())
    return found


def role_of(text: str) -> str | None:
    """The role (database, cache, ...) of the first technology named in `text`.

    Without a known name, a role word ("for caching", "数据库") decides. A known name
    followed by a capitalised word names another product ("Hive Gateway" is no Hive database):
    no role.
    """
    for name in technologies(text):
        at = text.lower().find(name)
        if at >= 0 and re.match(r"\s+[A-Z][a-z]", text[at + len(name) :]):
            return None
        return _role(name)
    low = text.lower()
    for role, words in _ROLE_WORDS.items():
        if any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", low) for w in words):
            return role
    return None


# ---- cutting phrases ------------------------------------------------------------------------

_EN_CUT = lazy(
    r"\s+(?:because|since|as (?:it|we|they|this|that)|so (?:that|we|it)|instead of|rather than|"
    r"over|versus|vs\.?|for(?! [A-Z][a-z]+[A-Z])|to (?=[a-z]+\b)|with (?:a|an|the|our|its)|"
    r"on (?:our|the|a|an|top|its)|"
    r"which|"
    r"that(?:'s| is| will)|then|but|and (?:not|then|also|deploy|set|use|move|"
    r"keep|add|write|run|retire|drop|remove|delete|kill|stop|sunset|deprecate|replace|ditch)|"
    r"from now on|going forward|moving forward|here|there|too|as well|across|until|unless|"
    r"in (?:production|prod|the|our|this))\b"
    r"|[,;!?()\u2014]|:(?![\w/])|\.(?:\s|$)|\s-\s"
)
_ZH_CUT = lazy(
    r"因为|由于|而不是|而非|不用|替代|代替|取代|来做|来|作为|做为|做|用于|吧|了|的话|进行|，|,|。|；|;|！|!|？|\?|、|（|\(|：|"
    r":(?![\w/])"  # "EPSG:3857", "node:20-alpine" keep their colon
)
# where a rule said in Chinese ends: at its clause, or at the end of a bare modal clause that
# goes on with it ("每个微服务都要有自己的数据库，不能共享")
_RULE_END_ZH = lazy(
    r"[。；;！!？?]|[，,](?!\s*(?:也|都|而且|并且)?(?:不能|不许|不准|禁止|不允许|不得|必须)[^，,。；;]{1,20}"
    r"(?:$|[。；;！!]))"
)
# a Chinese product name that opens a phrase, where the name ends: before what is done with it
# ("钉钉机器人发告警"), not inside a longer name ("微信支付分", "高德 amap_flutter_map")
_ZH_PRODUCT_HEAD = lazy(
    rf"(?:{_ZH_PRODUCT})(?=\s*(?:$|[，,。；;！!？?、（(]|[来去发做推收接作当给吧了就也都]))"
)
_LEAD = lazy(r"^(?:the|a|an|our|using|to use|use|with|on)\s+", re.I)
_TAIL = lazy(
    r"\s+(?:then|instead|again|now|directly|for it|here|there|too|it is|it's|after all)$", re.I
)
# "the humantime crate", "the official requests library": the name, without its kind
_KIND_TAIL = lazy(
    r"(?i)^(?:official\s+)?(?!(?:local|remote|new|old|official|standard|same|other|custom|own|"
    r"internal|external|core|main|shared|common|default|native|right|whole|single|separate|"
    r"first|second|last|next|existing|current|legacy|official|system|base)\b)"
    r"(?P<name>[A-Za-z][\w.+#/-]*)\s+"
    r"(?:crate|library|lib|package|gem|module|plugin)$"
)
_MAX_WORDS = 6
# A choice that starts with one of these is an action ("store amounts as integer cents").
VERBS = frozenset(
    [
        "store",
        "keep",
        "model",
        "use",
        "run",
        "build",
        "split",
        "move",
        "put",
        "make",
        "write",
        "treat",
        "send",
        "cache",
        "log",
        "validate",
        "encrypt",
        "hash",
        "serve",
        "deploy",
        "ship",
        "host",
        "pin",
        "lock",
        "schedule",
        "enable",
    ]
)


# the words a rule said whole starts with: "store amounts as cents", "always store … in UTC"
RULE_LEADS = VERBS | {"always", "never"}


def clip(phrase: str) -> str:
    """The head of `phrase`: the thing named, without the reasons and asides that follow."""
    phrase = phrase.strip().strip("`'\"“”‘’")
    rule = _RULE_END_ZH.split(phrase, maxsplit=1)[0].strip()
    if is_chinese(rule[:6]) and is_rule_clause(rule):
        # "所有接口都必须做鉴权": a rule said whole ends with its clause
        return rule[:80].replace("`", "")
    head = _ZH_CUT.split(phrase, maxsplit=1)[0].strip()
    head = re.sub(r"(?<=[A-Za-z0-9.+#-])\s*的$", "", head)  # "用 Redis 的吧": Redis
    head = re.sub(r"^(?:走|用|使用|采用|改用)\s*(?=[A-Za-z])", "", head)  # "改成走 RocketMQ"
    # "用官方的 go-elasticsearch v8": which one, then its name
    head = re.sub(r"^(?:官方|现成|自带|原生|开源|现有)的\s*(?=[A-Za-z])", "", head)
    # "Flink SQL 写", "sqlc 写": the verb after the tool is what is done with it
    head = re.sub(r"(?:(?<=[A-Za-z0-9])\s*|\s+)[写读造跑调存传发](?:入|出)?$", "", head)
    if is_chinese(head[:4]):
        if named := _ZH_PRODUCT_HEAD.match(head):
            return named[0]  # "钉钉机器人发告警": the name, not what is done with it
        return head.strip(" `'\"“”")[:40]
    if _RULE_CLAUSE.match(head):  # a rule said whole: "Every node has to use the same RMW"
        clause = re.split(r"[,;:.]\s|\s[\u2014\u2013-]\s", head)[0]
        return " ".join(clause.split()[:16]).rstrip(".")
    head = _EN_CUT.split(" " + head, maxsplit=1)[0].strip()
    # "AWS Secrets Manager and load them at startup": the name, not what to do with it
    head = re.split(r"\s+and\s+(?=[a-z]+\s+(?:them|it|this|that|those)\b)", head)[0]
    for _ in range(3):
        head = _LEAD.sub("", head).strip()
    head = _TAIL.sub("", head)
    if (kind := _KIND_TAIL.match(head)) and kind["name"].lower() not in _NOT_NAMES:
        head = kind["name"]
    words = head.split()
    # said whole: "store amounts as cents", "always run migrations in a job of their own"
    rule = words and (words[0].lower() in RULE_LEADS or _RULE_CLAUSE.match(head))
    limit = _MAX_WORDS + 4 if rule else _MAX_WORDS
    if len(words) > limit:
        # a cut right after a preposition loses its object ("... under envs/"): keep it
        limit += int(words[limit - 1].lower() in _PREPOSITIONS)
        head = " ".join(words[:limit])
    return head.strip(" `'\"“”.,").replace("`", "")


_PREPOSITIONS = frozenset(("under", "in", "on", "at", "of", "from", "by", "into", "per", "to"))


# ---- signals --------------------------------------------------------------------------------

_TENTATIVE = lazy(
    r"(?i)\b(?:maybe|perhaps|might|could try|we could|could we|should we|shall we|what if|"
    r"how about|what about|thinking (?:about|of)|considering|consider|not sure|possibly|"
    r"let'?s try|try out|give .{1,30} a (?:try|shot)|i wonder|wondering|probably|idea:)\b"
    r"|试试|也许|可能|或许|(?<!不)考虑|要不要|是不是|不确定|尝试一下|看看能不能|能不能|行不行"
    r"|(?<![好用必])纠结|犹豫|还没定|没定"
)
_QUESTION = lazy(
    r"[?？]\s*$|^(?:should|shall|can|could|would|do|does|did|is|are|what|which|how|why|where|"
    r"when|who)\b"
    r"(?<!do(?=\s+the\s+[^?]{1,40}\sthing\s*[.!]?\s*$))"  # "do the pooler thing." asks nothing
    # Chinese asks with a final particle as often as with a question mark ("…，你觉得呢")
    r"|(?:你觉得|你看|怎么样|如何|好不好|行不行|对不对|有没有)?[吗呢嘛]\s*[。.!！~]?\s*$"
    r"|\b(?:what do you think|thoughts|wdyt)\W*$",
    re.I,
)
_NEGATED = lazy(
    r"(?i)\b(?:not|never|don'?t|doesn'?t|won'?t|no longer|didn'?t|isn'?t|aren'?t)\b"
    r"|不要|不用|别用|不会|没有|不再|没在?用|没选|不使用|未使用"
)

_REVERSAL = lazy(
    r"(?i)\b(?:actually|on second thought|scratch that|change of plan|changed my mind|"
    r"wait|instead|after all|let'?s switch|switch(?:ing)? to|hold on|never mind|final|finally|"
    r"on reflection|scrap that|no,)\b"
    r"|还是|算了|改成|改用|换成|换回|不对|等等|重新考虑|改主意|最终|最后决定"
)

# where an instruction starts: "…, and pin the provider to 5.30", "Let's schedule …"
_INSTRUCTION_LEAD = (
    r"(?i)(?:^|[.;,]\s+|\band\s+)(?:(?:please|also|and|let'?s|we(?:'ll| will| should))\s+)?"
)
# "X it is" says where something is when a place follows ("Terraform for it is in this repo")
_NOT_WHERE = r"\b(?!\s+(?:in|at|on|under|inside|within|from|located|stored|kept|defined|not)\b)"

# a rule for every part of a kind: "all API responses use snake_case", "no service talks to …"
_RULE_CLAUSE_TEXT = (
    r"(?:all|every|each|no)\s+[\w -]{1,30}?\s+"
    r"(?:use|must|should|go|are|is|gets?|talks?|calls?|needs?|requires?|has to|have to)\b"
)
# "所有接口都要写 OpenAPI 文档", "每个 PR 都必须有测试": a rule said whole, in Chinese
# "禁止在 controller 里直接写 SQL", "不允许在代码里硬编码配置": a prohibition said whole
_PROHIBITION_ZH = (
    r"(?:禁止|不允许|严禁|不准|不许|一律不(?:得|许|准)?)(?!了)"
    # not a question, nor a condition or a time ("不允许跨域的话…", "禁止 root 登录之后…")
    r"(?![^，,。；;]*(?:[?？吗]|的话|之后|以后|时候))[^，,。；;]{2,40}"
)
_RULE_CLAUSE_ZH = (
    r"(?:所有|全部|每个|每一个|每次|新的?)[^，,。；;]{1,16}?(?:都|一律|统一)?"
    r"(?:要|必须|需要|得|不能|不许|不准|禁止)[^，,。；;]{2,40}|" + _PROHIBITION_ZH
)
# what every thing of a kind must have ("每个微服务都要有自己的数据库"), or must do when a bare
# prohibition goes with it ("所有接口都要鉴权，不能匿名访问"); not a condition ("…的话") nor what
# recurs in time ("每个月都要导出对账单")
_REQUIRED_ZH = (
    r"(?:所有|全部|每个|每一个)(?!月|星期|礼拜|季度|小时|晚上|早上|周末|工作日)"
    r"(?![^，,。；;]*(?:[你他她]|我(?!们)|隔壁|别的|其他|其它|的话|之后|以后|时候|吗|[?？]))"
    r"[^，,。；;]{1,16}?"
    r"(?:都|一律)(?:要|得|需要)"
    r"(?:有|带|(?=[^，,。；;]{2,40}[，,]\s*(?:也|都|而且|并且)?(?:不能|不许|不准|禁止|不允许|不得)))"
    r"[^，,。；;]{2,40}"
    r"(?:[，,]\s*(?:也|都|而且|并且)?(?:不能|不许|不准|禁止|不允许|不得)[^，,。；;]{1,20}(?=$|[。；;！!]))?"
)
# a rule with nothing before it says so by its verb: "所有提交信息必须用英文写" (not "每次部署都要
# 手动清缓存", a chore complained about)
_OPENING_RULE_ZH = (
    r"(?:所有|全部|每个|每一个)[^，,。；;]{1,16}?(?:都|一律|统一)?"
    r"(?:必须|不能|不许|不准|禁止|一律)[^，,。；;]{2,40}|" + _PROHIBITION_ZH + "|" + _REQUIRED_ZH
)
# the way all of a kind is done: "日志统一用 JSON 格式", "金额一律按分存"
_UNIFORM_RULE_ZH = (
    r"[^，,。；;\s][^，,。；;]{0,12}?(?:都|也)?(?:统一|一律)"
    r"(?:用|使用|采用|按照?|走)[^，,。；;]{2,30}"
)
_UNIFORM_RULE = lazy(_UNIFORM_RULE_ZH)
_RULE_CLAUSE = lazy(r"(?i)" + _RULE_CLAUSE_TEXT + "|" + _RULE_CLAUSE_ZH)
# "PR 至少要一个人 review 才能合并": a thing and what it must do, a rule once "以后" leads it
_MODAL_RULE_ZH = (
    r"[^，,。；;\s][^，,。；;]{0,16}?(?:都|一律|统一)?"
    # not "都要" ("以后每周都要更关卡" tells how often, not a rule)
    r"(?:必须|至少要|至少得|一律|不能|不许|不准|禁止|不允许)[^，,。；;]{2,40}"
)
_MODAL_RULE = lazy(_MODAL_RULE_ZH)

# Decision patterns: (pattern, states the decision outright, bare "use X" needing a known name).
_DECISION_EN: tuple[tuple[re.Pattern[str], bool, bool], ...] = (
    # "Decision: X" / "Decided: X" / "Final answer: X" / "Approved: X" / "The call is X"
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright)[,.]?\s+)?(?:here'?s\s+)?(?:the\s+)?"
            r"(?:final\s+)?(?:decisions?|answer|call|verdict|choice|pick|approved|(?:new )?plan|"
            r"approval|(?:our |team |house )?(?:policy|convention|rule))\s*[:：]\s*"
            r"(?:we(?:'ll| will| are going to|'re going to)?\s+|let'?s\s+)?(?P<x>.+)"
        ),
        True,
        False,
    ),
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|right)[,.]?\s*)*decided\s*[:：,]\s*"
            r"(?:we\s+(?:use|go with)\s+)?(?P<x>.+)"
        ),
        True,
        False,
    ),
    (
        lazy(
            r"(?i)\bthe (?:final )?(?:call|decision|plan|verdict|winner) is\s+"
            r"(?:to\s+(?:use|go with|adopt)\s+)?(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "we decided to use X" / "we've decided on X" / "I chose X" / "we agreed on X"
    (
        lazy(
            r"(?i)\b(?:we|i|team|they)(?:'ve| have| had)?\s+(?:finally\s+)?(?:decided|agreed|"
            r"settled|chose|chosen|picked|opted|committed)\s+"
            r"(?:(?:to|that we(?:'ll| will)?|we(?:'ll| will)?)\s+"
            r"(?:use|go with|adopt|switch to|move to|stick with|keep|stay with|migrate to|"
            r"build on|standardi[sz]e on)\s+|on\s+|for\s+|to\s+|"
            # "we agreed that all API responses use snake_case": a rule, said whole
            r"that\s+(?=" + _RULE_CLAUSE_TEXT + r"))?(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "going forward all services use X" / "from now on we use X"
    (
        lazy(
            r"(?i)\b(?:going forward|from now on|moving forward|in future|henceforth)[,]?\s+"
            r"(?:all\s+[\w -]{1,30}?\s+|everything\s+|every\s+\w+\s+|we\s+|everyone\s+)?"
            r"(?:will\s+|should\s+|must\s+)?(?:use|uses|go through|standardi[sz]e on|"
            r"(?:are|is|get|gets|will be|must be|should be)\s+(?:written|built)\s+(?:in|with))\s+"
            r"(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "Going forward, all new endpoints need OpenAPI docs": a rule, said whole
    (
        lazy(
            r"(?i)\b(?:going forward|from now on|moving forward|henceforth)[,]?\s+"
            r"(?=" + _RULE_CLAUSE_TEXT + r")(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "we'll deploy on Fly.io rather than Heroku": where or with what, against another
    (
        lazy(
            r"(?i)\b(?:we(?:'ll| will| are going to|'re going to)?|let'?s|i(?:'ll| will))\s+"
            r"(?:deploy|host|run|build|write|ship)\s+(?:it\s+|this\s+|everything\s+|"
            r"(?:the|our)\s+[\w-]+\s+)?(?:on|to|with|in|using)\s+"
            r"(?P<x>[^,;]+?)\s+(?:rather than|instead of)\s+\S"
        ),
        True,
        False,
    ),
    # "after benchmarking, we went with ClickHouse over Druid": a choice already made
    (
        lazy(
            r"(?i)\b(?:we|i|team|they)(?:'ve| have)?\s+(?:(?:went|gone|ended up going) with|"
            r"ended up (?:with|using|choosing|picking))\s+(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "TypeScript strict mode is mandatory": a rule for the project, about a known name
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|also|and|btw)[,.]?\s*)*(?P<x>[A-Za-z][\w .+#/-]{2,40}?)\s+"
            r"(?:is|are)\s+(?:mandatory|required everywhere|non-negotiable|compulsory)\b"
        ),
        True,
        True,
    ),
    # "we'll be using pnpm from now on" (not "I'm using X right now": what is, not a choice)
    (
        lazy(r"(?i)\bwe(?:'ll| will| are going to|'re going to) be using\s+(?P<x>.+)"),
        False,
        False,
    ),
    # "REST only.", "Postgres only, no Mongo": a known name, alone
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|yeah|fine)[,.]?\s*)*(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)"
            r"\s+only\s*(?:[.!,;]|$)"
        ),
        True,
        True,
    ),
    # "we'll host docs on GitHub Pages": where a part runs, a known host
    (
        lazy(
            r"(?i)\b(?:we(?:'ll| will| are going to|'re going to)|let'?s)\s+"
            r"(?:deploy|host|run|serve)\s+(?:[\w-]+\s+){0,2}?(?:on|to)\s+(?P<x>(?:"
            + "|".join(re.escape(name) for name in TECH_ROLES["hosting"])
            + r")\b.*)"
        ),
        False,
        True,
    ),
    # "we switched to X" / "we've moved over to X" (a change already made)
    (
        lazy(
            r"(?i)\b(?:we|i|team|they)(?:'ve| have)?\s+(?:switched|moved|migrated|changed|"
            r"converted)\s+(?:(?:everything|it|over)\s+)*to\s+(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "We'll standardise on OpenTelemetry for tracing": a rule for everyone, decided
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will| are going to|'re going to))\s+"
            r"standardi[sz]e on\s+(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "let's scrap the microservices idea and keep it a modular monolith"
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will))\s+(?:scrap|drop|ditch|forget(?: about)?|kill|"
            r"abandon)\s+(?:the\s+)?(?P<gone>[^,;.]{2,50}?)(?:\s+(?:idea|plan|approach))?,?\s+"
            r"and\s+(?:just\s+)?(?:keep it(?: as)?|go with|use|stick with|make it|stay with|"
            r"keep)\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "All new code should be typed", "Every endpoint must have a test": a requirement said whole
    (
        lazy(
            r"(?i)^(?:(?:also|and|so|ok(?:ay)?)[,\s]+)?"
            r"(?P<x>(?:all|every|each|no)\s+[\w -]{1,30}?\s+"
            r"(?:must|should|need to|needs to|have to|has to|are required to|is required to)"
            r"\s+[^;.!?]{2,80})"
        ),
        False,
        False,
    ),
    # "We don't use ORMs here, raw SQL only."
    (
        lazy(
            r"(?i)\bwe (?:don'?t|do not|never) use\s+(?P<gone>[^,;.]{2,40}?)(?:\s+here)?\s*[,;]\s*"
            r"(?P<x>[^,;.]{2,40}?)\s+only\b"
        ),
        True,
        False,
    ),
    # "let's not use an ORM for this service; plain SQL with sqlc"
    (
        lazy(
            r"(?i)\b(?:let'?s not|we won'?t|we will not|don'?t)\s+(?:use|go with|add|bring in|"
            r"introduce)\s+(?:an?\s+|the\s+)?(?P<gone>(?:[^;,.]|\.(?=\w)){2,50}?)"
            r"(?:\s+for\s+[^;,.]+)?\s*(?:[;\u2014\u2013]|,\s*(?=just\b|instead\b|rather\b|use\b))"
            r"\s*(?:just\s+|instead\s+|rather\s+)?(?:use\s+|go with\s+)?"
            r"(?P<x>(?!(?:[^;,.]*\s)?(?:is|are|was|were|be|'s)\b)(?:[^;,.]|\.(?=\w)){2,60})"
        ),
        False,
        False,
    ),
    # "let's go with X" / "we'll use X" / "we're moving to X" / "I'm settling on X"
    (
        lazy(
            r"(?i)\b(?:let'?s|let us|we(?:'ll| will| are going to|'re going to| shall)|"
            r"we(?=\s+go\s+with)|we're|we are|i'?m|i am|i(?:'ll| will))\s+"
            r"(?:just\s+|simply\s+|definitely\s+|actually\s+|keep it simple and\s+)?"
            r"(?:go(?:ing)? with|use|adopt|switch to|switching to|move to|moving to|stick with|"
            r"stay with|standardi[sz]e on|"
            r"standardi[sz]ing on|settl(?:e|ing) on|migrate to|keep|going to use)\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "it has to be ROUND_HALF_UP": a constraint naming an identifier
    (
        lazy(
            r"\b(?:it|this|that|we|rounding|the \w+)\s+(?:has to|have to|must|needs to)\s+"
            r"(?:be|use)\s+`?(?P<x>[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z][a-z]+[A-Z]\w*)`?"
        ),
        False,
        False,
    ),
    # "we should use Postgres 16 for the orders service, not MySQL" (said by the person)
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|yeah|right|then|i think|honestly)[,.]?\s*)*"
            r"we\s+(?:should|must|need to|have to)\s+(?:just\s+)?"
            r"(?:use|go with|switch to|move to|adopt|stick with|stay with|keep)\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "Schedule the rollup at 02:30 UTC so the FX refresh has slack"
    (
        lazy(
            _INSTRUCTION_LEAD + r"(?P<x>schedule\s+(?:the\s+|it\s+)?(?:[\w.-]+\s+){0,4}?"
            r"(?:at|for|every day at|daily at|nightly at)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?"
            r"(?:\s*(?:utc|gmt|(?-i:[A-Z]{3,4})))?)\b"
        ),
        True,
        False,
    ),
    # "pin the google provider to ~> 5.30": a version fixed on purpose
    (
        lazy(
            _INSTRUCTION_LEAD + r"(?P<x>(?:pin|lock)\s+"
            r"(?:the\s+)?[\w.\-/@]+(?:\s+[\w.\-/@]+){0,2}?\s+(?:to|at)\s+(?:version\s+)?"
            r"[~^<>=!]*\s*v?\d[\w.\-*]*)"
        ),
        True,
        False,
    ),
    # "lets stay on postgres + pgvector", "we stay on text-embedding-3-small"
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will)?|i(?:'ll| will)?)\s+(?:stay|remain)\s+(?:on|with)\s+"
            r"(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "let's drop the sidekiq-cron idea and use Smart Retries", "Skip DynamoDB then, use S3"
    (
        lazy(
            r"(?i)(?:\blet'?s\s+|^(?:(?:ok(?:ay)?|so|yeah|fine|then)[,.!]?\s*)*)"
            r"(?:drop|ditch|scrap|remove|kill|skip(?=\s+(?-i:[A-Z])[\w.+#/-]*(?:\s+then)?"
            r"(?:\s+and|[,;])))\s+.{1,60}?(?:\s+and|[,;])\s+"
            r"(?:use|go with|switch to|move to|keep|stick with|stay with)\s+(?P<x>.+)"
        ),
        True,  # dropping one thing for another is a choice outright
        False,
    ),
    # "Let's start with SQLite", "We'll start with SQLite and move to Postgres later": the
    # first choice is made now (the later one is not); "let's start with the tests" names no
    # technology, so it is a step of work
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will| are going to|'re going to)|i(?:'ll| will))\s+"
            r"(?:just\s+)?start\s+(?:out\s+|off\s+)?with\s+(?:plain\s+|a\s+single\s+)?"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*){0,2}(?:\s+v?\d[\w.]*)?)"
            r"(?=\s*(?:[,.;!:\u2014\u2013]|$)|\s+(?:for|and|as|now|first|then|on|in|instead|"
            r"rather|over|because|since|until|while|here|locally|initially)\b)"
        ),
        False,
        True,
    ),
    # "let's do polars with the lazy API", "Let's try DuckDB"; "… for now" is provisional
    (lazy(r"(?i)\blet'?s\s+(?:just\s+)?(?:do|try)\s+(?!.*\bfor now\b)(?P<x>.+)"), False, False),
    # "lets switch framework to espidf"
    (
        lazy(r"(?i)\blet'?s\s+(?:switch|move|change|migrate)\s+(?:the\s+)?[\w-]+\s+to\s+(?P<x>.+)"),
        False,
        False,
    ),
    # "we use browser from wxt/browser everywhere"
    (lazy(r"(?i)\bwe(?:'ll| will)?\s+use\s+(?P<x>.+?)\s+everywhere\b"), True, False),
    # "let's go back to X" / "switch back to X" (after trying something else)
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will)|i(?:'ll| will)|we're|we are)\s+"
            r"(?:go(?:ing)? back to|switch(?:ing)? back to|revert(?:ing)? to|fall(?:ing)? back to)"
            r"\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|right)[,.!]?\s*)*"
            r"(?:go back to|switch back to|revert to|fall back to)\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "X gets my vote" / "ship it with X"
    (
        lazy(
            r"(?i)^(?:ok(?:ay)?[,.!]?\s*|alright[,.!]?\s*)?(?P<x>[\w.+# -]{2,30}?)\s+"
            r"(?:gets my vote|wins|is the winner)\b"
        ),
        False,
        False,
    ),
    (lazy(r"(?i)\bship it with\s+(?P<x>.+)"), False, False),
    # "Inngest fits best", "Inngest fits our use case", "Temporal is the best fit": an offered
    # or known name, judged the one for us
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|yeah|yes|yep|hmm|alright|then|i think|honestly|"
            r"after reading (?:that|this|those))[,.]?\s*)*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*){0,2}(?:\s+v?\d[\w.]*)?)\s+"
            r"(?:(?:really|clearly|definitely)\s+)?"
            r"(?:(?:fits|suits)\s+(?:best|us best|(?:us|our (?:use case|needs|case|requirements|"
            r"workload|stack|team|setup))(?:\s+(?:best|perfectly|well))?|the bill|perfectly|"
            r"what we need)"
            r"|(?:is|looks like|seems like|sounds like)\s+(?:the|a)\s+(?:best|right|perfect|"
            r"clear|obvious)\s+fit(?:\s+for\s+(?:us|our\s+[\w ]{2,30}))?)"
            r"(?:\s*(?:[,.;!:\u2014\u2013]|$)|\s+(?:since|because|as|given)\b)"
        ),
        False,
        True,
    ),
    # "X is enough" (after turning something down)
    (
        lazy(
            r"(?i)(?:^|[,;]\s*)(?P<x>[\w.+# -]{2,30}?)\s+(?:is|are)\s+(?:enough|good enough|"
            r"sufficient|all we need)\b"
        ),
        False,
        True,
    ),
    # "go with X" / "use X" at the start (an instruction from the person deciding)
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|yep|sure|then|right|actually|wait|"
            r"hmm|no|nah|on second thought|sounds good|great|perfect|cool|agreed|screw it|"
            r"fuck it|forget it|never mind|嗯|好的?|行|那)[,.!，。]?\s*)*"
            r"(?:go with|going with|(?:switch|move)(?: everything| it all| it| us)? to|pick|choose|"
            r"adopt|stick with)\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "Vonage is cheaper there, switch to Vonage.": the instruction after its reason (not after
    # a condition: "if it gets slow, switch to Redis")
    (
        lazy(
            r"(?i)^(?![^,;]*\b(?:if|when|unless|once|until|whether|in case)\b)[^,;]{3,80}[,;]\s*"
            r"(?:so\s+|then\s+|just\s+|please\s+)?"
            r"(?:go with|switch(?: everything| it| us)? to|move(?: everything| it)? to|"
            r"stick with)\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "hmm actually, switch the queue thing to SQS instead": a known name for a part
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|yep|then|right|actually|wait|hmm|no|"
            r"nah|on second thought)[,.!]?\s*)*"
            r"(?:switch|move|change) (?:the |our )?[\w-]+(?: [\w-]+){0,2}? to\s+(?P<x>.+)"
        ),
        False,
        True,
    ),
    # "letsencrypt，不要 zerossl": one name, the other turned down
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|嗯|好的?|行|那)[,.!，。]?\s*)*(?P<x>[a-z][\w.+#-]{1,30})\s*[，,]\s*"
            r"(?:不要|不用|别用|而不是)\s*[a-z][\w.+#-]{1,30}(?=\s*(?:[，,。.;；!]|$))"
        ),
        True,
        False,
    ),
    # "a SoftDeleteManager + deleted_at timestamp, not a boolean.": a sentence that is only a
    # thing named in code against another
    (
        lazy(
            r"^(?:(?:[Aa]n?|[Tt]he)\s+)?(?!(?i:i|we|you|it|this|that|they)\b)"
            r"(?=[^,;]*?(?:[a-z][A-Z]|[a-z0-9]_[a-z]))"
            r"(?P<x>[A-Za-z][^,;:!?]{2,60}?)\s*,\s*not\s+(?:an?\s+|the\s+)?"
            r"[\w.+#-]{2,30}(?:\s+[\w.+#-]{2,20})?\s*[.!]?$"
        ),
        True,
        False,  # the lookahead asks for a name in code: it need not be a known technology
    ),
    # "$app/state switch is fine, keep it.": a change kept
    (
        lazy(
            r"(?i)^(?P<x>[A-Za-z$@.][\w.$@/+-]{1,40}"
            r"(?:\s+(?!(?:switch|change|approach|version|one)\b)[\w.$@/+-]{1,30})?)\s+"
            r"(?:switch|change|approach|version|one)?\s*is fine,?\s+keep (?:it|that|this)\b"
        ),
        True,
        False,
    ),
    # "also turn on nat logging, errors only": a feature turned on
    (
        lazy(
            r"(?i)(?:^|[,;]\s*)(?:(?:also|and|then|pls|please|ok)\s+)*turn on\s+"
            r"(?P<on>(?P<x>(?:the\s+)?[a-z][\w.-]*(?:\s+[a-z][\w.-]*){0,2}))\s*(?=[,.;]|$)"
        ),
        False,
        False,
    ),
    # "redis, not memcached": a known name against another
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|yeah|yep|hmm)[,.!]?\s*)*(?P<x>[a-z][\w.+#-]{1,30})\s*,\s*"
            r"(?:not|no)\s+[a-z][\w.+#-]{1,30}(?=\s*(?:[,.;!]|$))"
        ),
        True,
        True,
    ),
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|yep|sure|then|right|actually|wait|"
            r"hmm|no|nah|on second thought)[,.!]?\s*)*"
            r"use\s+(?P<x>.+)"
        ),
        False,
        True,
    ),
    # "I'd rather use slog with the JSON handler than pull in zap"
    (
        lazy(
            r"(?i)\b(?:i'?d|we'?d|i would|we would) (?:much )?rather "
            r"(?:use|go with|stick with|keep)\s+(?P<x>.+?)(?=\s+than\b|[,;:.!?]\s|[,;:.!?]?$)"
        ),
        True,  # a choice said against another, not narration ("I'll use grep to …")
        False,
    ),
    # "great, pgvector stays, Pinecone is off the table."
    # "FSDP + bf16 stays.": two joined by "+"
    (
        lazy(r"(?i)(?:^|[,;]\s*)(?P<x>[\w.+#-]{2,30}(?:\s+\+\s+[\w.#-]{2,30})?)\s+stays\b"),
        False,
        True,
    ),
    # "Yep, team.feature in kebab-case, that's the convention."
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|yep|yeah|yes|sure|right|fine|alright)[,.!]?\s*)*"
            r"(?P<x>(?:[^.;!?]|\.(?=\S)){3,60}?)[,;]\s*"
            r"that'?s (?:the convention|settled|final|the plan|the rule|decided)\b"
        ),
        True,
        False,
    ),
    # "ok pin dbt-bigquery 1.8.3": a version pinned
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|yes|yeah|yep|fine|then)[,.!]?\s*)*(?:let'?s\s+|we\s+)?"
            r"pin\s+(?P<x>[\w.+-]+\s*(?:[@=~]=?)?\s*v?\d+(?:\.\d+)+)"
        ),
        False,
        False,
    ),
    # "coturn on hetzner, let's do it": an offered or known name, then the go-ahead
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|yep|yeah|yes|sure|alright|right)[,.!]?\s*)*"
            r"(?P<x>[A-Za-z][\w.+# -]{1,40}?)[,;]\s*let'?s do (?:it|that|this)\b"
        ),
        False,
        True,
    ),
    # "defmt + defmt-rtt, yeah.": a known name, agreed to
    (
        lazy(
            r"(?i)^(?P<x>[A-Za-z][\w.+#-]*(?:\s*\+\s*[A-Za-z][\w.+#-]*)*),?\s+"
            r"(?:yeah|yes|yep|sure|ok(?:ay)?|agreed)\s*(?:[.!,]|$)"
        ),
        False,
        True,
    ),
    # "let's do polars with the lazy API": a known name, done
    (lazy(r"(?i)\blet'?s\s+do\s+(?P<x>[A-Za-z][\w.+# -]{1,40})"), False, True),
    # "Per-record last-write-wins is enough, …": a way named, and said to suffice
    (
        lazy(
            r"^(?i:(?:ok(?:ay)?|yeah|yes|yep|sure|alright|fine|so|then)[,.!]?\s*)*"
            r"(?P<x>(?=[\w .+#-]*[A-Z0-9+#-])[A-Za-z][\w .+#-]{2,40}?)\s+(?:is|are)\s+"
            r"(?:enough|sufficient|good enough|plenty)\b"
        ),
        False,
        False,
    ),
    # "yeah slowapi sounds fine.": a known or offered name, agreed to
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|yeah|yes|yep|sure|alright)[,.!]?\s*)*(?P<x>[\w.+# -]{2,30}?)\s+"
            r"(?:sounds|looks|seems)\s+(?:fine|good|great|right|reasonable|ok(?:ay)?)\b"
        ),
        False,
        True,
    ),
    # "I'm using Facepunch.Steamworks, not Steamworks.NET"
    (
        lazy(
            r"(?i)\b(?:i'?m|we'?re|i am|we are)\s+(?:going with|using)\s+"
            r"(?P<x>[\w.+#-]+(?:\s+[\w.+#-]+)?),?\s+not\s+[\w.+#-]{2,}"
        ),
        False,
        False,
    ),
    # "agreed on the built in retry policy, no new deps."
    (
        lazy(r"(?i)^agreed on (?!(?:both|all|that|this|it)\b)(?P<x>.+)"),
        False,
        False,
    ),
    # "Yep, do that: saveVersion int …", "agreed on both: slim + a buildkit secret."
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|yep|yeah|yes|sure|right|fine|alright)[,.!]?\s*)*"
            r"(?:(?:let'?s\s+)?(?:do|go with) (?:that|this|it)(?: properly| right| this way)?"
            r"|agreed(?: on (?:both|all|that|this))?|ok(?:ay)?|fine|final|decided)"
            r"\s*[:：]\s*(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "let's do it properly with ESP-IDF"
    (
        lazy(r"(?i)\blet'?s\s+do\s+(?:it|this|that)\s+(?:\w+\s+)?(?:with|in|on)\s+(?P<x>.+)"),
        False,
        True,
    ),
    # "Deterministic IDs from file name + start time, good call, I'll do that."
    (
        lazy(
            r"(?i)^(?!(?:thanks|thank|ok|okay|yes|yeah|yep|sure|oh|ah|ha|wow|nice|great)\b)"
            r"(?P<x>[A-Za-z][^,;.!?]{5,60}?),\s*(?:good call|good idea|great idea|nice idea)\b"
        ),
        False,
        False,
    ),
    # "per-field last-write-wins with server timestamps, agreed.": a short way, agreed to
    (
        lazy(r"(?i)^(?P<x>[A-Za-z][\w.+/-]*(?:\s+[\w.+/-]+){0,5}),\s*agreed\W*$"),
        False,
        False,
    ),
    # "X it is": a name ("MPPI it is"), or a known one ("sqlite it is"), not a gift idea; not
    # where something is ("Terraform for it is in this repo")
    (
        lazy(
            r"(?:^|[,;]\s*(?i:so|then)\s+)(?i:(?:ok(?:ay)?|alright|fine|yeah|yep|yes|right|so)[,.!]?\s*)*"
            r"(?P<x>(?=[\w.+# -]*[A-Z0-9.#-])[\w.+# -]{2,30}?)\s+(?i:it is)" + _NOT_WHERE
        ),
        False,
        False,
    ),
    (
        lazy(
            r"(?i)(?:^|[,;]\s*(?:so|then)\s+)(?:(?:ok(?:ay)?|alright|fine|yeah|yep|yes|right|so)[,.!]?\s*)*"
            r"(?P<x>[\w.+# -]{2,30}?)\s+it is" + _NOT_WHERE
        ),
        False,
        True,
    ),
    # "sure, Kafka then.": an agreement naming a known choice, sealed by "then"
    (
        lazy(
            r"(?i)^(?:sure|ok(?:ay)?|fine|alright|right|yes|yeah|yep)[,.!]?\s+"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s+then\b"
        ),
        False,
        True,
    ),
    # "Using richzw/appstore then.", "going with Litestream then": a choice, sealed by "then"
    (
        lazy(
            r"^(?i:(?:ok(?:ay)?|alright|fine|yeah|yep|yes|right|so)[,.!]?\s*)*"
            r"(?i:using|going with|sticking with|we'?ll use|we'?ll go with)\s+"
            r"(?P<x>[A-Za-z@][\w.+#/@-]*(?:\s+[A-Za-z0-9][\w.+#/-]*)?)\s+(?i:then)\s*[.!]?$"
        ),
        True,
        False,
    ),
    # "do the singleton + pooler thing", "and yes do the two-tier thing": an approach the
    # assistant laid out, taken by its short name
    (
        lazy(
            r"(?i)^(?:(?:and|ok(?:ay)?|yes|yeah|yep|sure|alright|fine|so|then)[,.!]?\s+)*"
            r"(?:let'?s\s+)?(?:just\s+)?do\s+the\s+"
            r"(?P<x>(?!(?:same|other|whole|first|second|last|right|usual|easy|simple|obvious|"
            r"hard|normal|standard|whatever|old|new|next|rest|boring|quick|full|proper)\b)"
            r"[\w.#/-]+(?:\s*[+&]\s*[\w.#/-]+|\s+[\w.#/-]+)?)\s+thing\b"
        ),
        False,
        False,
    ),
    # "Validate input with zod.", "and send the email through celery": a known tool the
    # person tells the work to be done with, the work its purpose
    (
        lazy(
            r"(?i)^(?:(?:and|also|then|pls|please|ok(?:ay)?|so)[,]?\s+)*"
            r"(?P<topic>(?:validate|store|persist|seriali[sz]e|deseriali[sz]e|send|cache|queue|"
            r"parse|render|schedule|hash|encrypt|track|index|compress|generate|format|"
            r"migrate|emit|publish|enqueue)"
            r"(?:\s+(?!(?:it|them|this|that|these|those|with|using|via|through|in)\b)[\w.-]+)"
            r"{0,3}?)\s+(?:with|using|via|through|in)\s+(?:the\s+)?"
            r"(?P<x>[A-Za-z][\w.+#-]*)(?![\w.+#-])"
        ),
        False,
        True,
    ),
    # "htmx pls, no react for this": a known name asked for
    (
        lazy(r"(?i)^(?P<x>[A-Za-z][\w.+#-]*)\s+(?:pls|please|plz)\b(?!.*\?)"),
        False,
        True,
    ),
    # "ok using time-driver-tim2.", "yep, going with Litestream": an agreement, then the name
    (
        lazy(
            r"^(?i:(?:ok(?:ay)?|alright|fine|yeah|yep|yes|sure|right)[,.!]?\s*)+"
            r"(?i:using|going with|sticking with)\s+"
            r"(?P<x>[A-Za-z@][\w.+#/@-]*(?:\s+v?\d[\w.]*)?)\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "Auth.js v5 with database sessions then.": a name with its version, sealed by "then"
    (
        lazy(
            r"^(?i:(?:ok(?:ay)?|alright|fine|yeah|yep|yes|right|so)[,.!]?\s*)*"
            r"(?!(?i:version|option|plan|approach|step|phase|part|round|number|level|tier|"
            r"page|day|week|month|year|item|point|idea)\b)"
            r"(?P<x>[A-Za-z][\w.+#-]*\s+v?\d+(?:\.\d+)*(?:\s+[\w.+#-]+){0,4}?)"
            r"\s+then\s*(?:[.!]|$)"
        ),
        False,
        False,
    ),
    # "Keycloak then, no Auth0.": a name, then, against another; "Postgres then." a known one
    (
        lazy(
            r"^(?i:(?:ok(?:ay)?|alright|fine|yeah|yep|yes|right|so)[,.!]?\s*)*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s+then\s*[,;]\s*"
            r"(?i:no|not)\s+[A-Za-z]"
        ),
        False,
        False,
    ),
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|alright|fine|yeah|yep|yes|right|so)[,.!]?\s*)*"
            r"(?P<x>[\w.+#-]{2,30}(?:\s+[\w.+#-]+){0,4})\s+then\s*(?:[.!]|$)"
        ),
        False,
        True,
    ),
)
# a word of agreement, not the first character of another word ("对象存储", "行情", "那些")
_AGREE_ZH = (
    r"(?:ok|好的?|行(?![情为业程])|嗯|那(?![些个里])|可以|同意|没问题|有道理|"
    r"对(?![象应比接外齐称账话]))"
)
# the name a Chinese decision pattern captures: "Redis 7", "shopspring/decimal", "nf-core/sarek"
_NAME_X = r"(?P<x>[A-Za-z][\w.+# -]*(?:/[A-Za-z][\w.+#-]*)*)"

_DECISION_ZH: tuple[tuple[re.Pattern[str], bool, bool], ...] = (
    # "raw retention 90 天 OK，…", "proxy-body-size 50m 可以": a value agreed to, with what it
    # is the value of ("150ms 可以" alone names nothing)
    (
        lazy(
            rf"^(?:{_AGREE_ZH}[，,\s]*)*(?!{_AGREE_ZH}[，,\s])"
            r"(?P<x>(?=[^，,。\d]*[A-Za-z\u4e00-\u9fff][^，,。]*\d)[^，,。？?]{2,30}?\d[^，,。？?]{0,12}?)\s*"
            r"(?:OK|ok|可以|没问题)(?:的|了|吧)?\s*(?:[，,。！!]|$)"
        ),
        False,
        False,
    ),
    (
        lazy(r"(?:^|(?<=[，,。；;\s])|我们|团队)(?:最终|最后)?决定(?:了)?[：:，,]\s*(?P<x>.+)"),
        True,
        False,
    ),
    # "每个 tenant 100 rps，burst 200，就这么定。", "卡号只显示后四位，同意，就这么改。": what was
    # said, then sealed
    (
        lazy(
            rf"^(?:{_AGREE_ZH}[，,\s]*)*"
            r"(?P<x>(?!你|按你|就按|照你)(?=[^，,]*[A-Za-z0-9]|[^，,]{4})[^。！!？?]{3,60}?)"
            rf"[，,]\s*(?:{_AGREE_ZH}[，,]\s*)*"
            r"(?:那就|就)?(?:这么定|这样定|这么办|这么改|这么做|定了|定下来)(?:了|吧)?\s*[。！!]?$"
        ),
        True,
        False,
    ),
    (
        lazy(
            r"(?:^|(?<=[，,。；;：:\s])|我们|团队|那就|那|就|我|咱们|大家|已经?|领导|老板|所以|因此|于是)"
            r"(?:(?:最终|最后)?(?:决定|确定(?!后|以后|之后|了再|下来再|再)|选定|敲定|定下来|拍板)"
            r"|(?:最终|最后)定)(?:了)?"
            r"(?:使用|采用|用|选用|选择|选|上)?(?P<x>[A-Za-z].+|[^，。]+)"
        ),
        True,
        False,
    ),
    (
        lazy(
            r"(?:以后|今后|后面|之后|从现在起)(?:我们|咱们|大家)?"
            r"(?:(?:所有|全部|每个|新的?)[\u4e00-\u9fff]{1,4}?)?"
            r"(?:都|统一|全部|一律)?(?:用|使用|采用|改用)(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "日志统一用 JSON 格式": a way all of a kind follows, a rule titled by itself; a known tool
    # is a choice of its own ("前端统一用 pnpm", the next pattern)
    (
        lazy(
            r"^(?:另外|还有|对了|然后|那|那就)?[，,]?\s*(?:我们|咱们)?"
            r"(?P<x>(?![^，,。；;]*(?:[你他她]|我(?!们)|隔壁|别的|其他|其它|的话|如果|要是|吗|[?？]))"
            r"[\u4e00-\u9fffA-Za-z_][\u4e00-\u9fff\w -]{0,11}?\s*(?:都|也)?(?:统一|一律)"
            r"(?:用|使用|采用|按照?|走)\s*"
            # "QoS 统一用 1": a value is the setting's, not a rule's (`_with_topic`)
            r"(?!v?\d+(?:\.\d+)*\s*[\u4e00-\u9fff\w]{0,2}\s*(?:[，,。；;！!？?]|$))"
            r"(?P<way>[^\s，,。；;！!？?][^，,。；;！!？?]{1,29}))"
        ),
        False,  # the assistant saying so reports how it wrote the code ("key 统一走 `SmsKeys`")
        False,
    ),
    (lazy(r"(?:统一|全部|一律)(?:改为|改成|换成|为|用|使用|采用)(?P<x>.+)"), True, False),
    # "接口错误统一返回 RFC 7807 格式": a way everything of a kind follows
    (
        lazy(
            r"(?P<topic>[\u4e00-\u9fffA-Za-z]{2,10}?)(?:都|也)?(?:统一|一律)"
            # "日志统一输出到 stdout": where it goes is the choice ("到" is no part of it)
            r"(?:返回|输出|存成|存为|存储为|写成|走)\s*(?:到|至)?\s*(?P<x>[^，。；;！!]{2,40})"
        ),
        False,
        False,
    ),
    # "最终方案是用 Canal 同步 binlog 到 Kafka": the plan settled on
    (
        lazy(
            r"(?:最终|最后|最后定下来?的|定下来的)(?:的)?(?:方案|做法|选择|选型)(?:是|为|就是)\s*"
            r"(?:用|使用|采用|选)?\s*(?P<x>[^，。；;！!？?]+)"
        ),
        True,
        False,
    ),
    # "以后所有接口都要写 OpenAPI 文档", "从现在起，每个 PR 都必须有测试": a rule from now on
    (
        lazy(
            r"(?:以后|今后|往后|从今以后|(?:从|自)(?:现在|今天|今日|本周|下周|这个版本|下个版本)"
            r"(?:起|开始))[，,]?\s*(?:我们|咱们|大家)?"
            r"(?P<x>" + _RULE_CLAUSE_ZH + r")"
        ),
        True,
        False,
    ),
    # "以后 PR 至少要一个人 review 才能合并": a rule from now on for one kind of thing (not
    # what someone else said: "运营说以后…")
    (
        lazy(
            r"(?<![说讲])(?:以后|今后|往后|从今以后|(?:从|自)(?:现在|今天|今日|本周|下周)(?:起|开始))[，,]?\s*"
            r"(?:我们|咱们|大家)?(?P<x>(?![^，,。；;]*(?:如果|要是|的话|再说|再看))"
            + _MODAL_RULE_ZH
            + r")"
        ),
        True,
        False,
    ),
    # "main 只能通过 PR 合并，禁止直接 push": what one thing may only be done by
    (
        lazy(
            r"^(?P<x>(?![^，,。；;]*[我你他她])[A-Za-z\u4e00-\u9fff][^，,。；;]{0,15}?只能"
            r"(?![^，,。；;]*(?:[?？吗]|的话))[^，,。；;]{2,30})"
        ),
        False,
        False,
    ),
    # "所有提交信息必须用英文写", "禁止直接 push 到 main": a rule opening the sentence
    (lazy(r"^(?:另外|还有|对了)?[，,]?\s*(?P<x>" + _OPENING_RULE_ZH + r")"), False, False),
    (lazy(r"统一\s+(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z][\w.+#-]*)*)"), False, False),
    (lazy(r"(?:就|那就|就先)定\s*(?P<x>[^，。了]+?)\s*了"), True, False),
    # "我们最后选了 ClickHouse，没选 Druid"
    (
        lazy(
            r"(?:最终|最后)(?:还是)?(?:选了|选择了|选用了|采用了|定了|用了)\s*"
            r"(?P<x>[A-Za-z][^，,。；;]*)"
        ),
        True,
        False,
    ),
    # "缓存方案定为 Redis Cluster"
    (lazy(r"(?<![决确选敲约规])定(?:为|成)\s*(?P<x>[A-Za-z].*)"), True, False),
    # "部署到阿里云 ACK，不上自建 k8s 了": where it goes, against another
    (
        lazy(
            r"^(?:就|都|统一|我们)?(?:部署|迁|搬|放|上)到\s*(?P<x>[^，,。]+?)\s*[，,]\s*"
            r"(?:不上|不用|不要|而不是|不放|不部署到?)"
        ),
        True,
        False,
    ),
    (
        lazy(r"(?:要|得|必须|应该|一律)用\s*" + _NAME_X),
        False,
        False,
    ),
    (
        lazy(
            r"(?:就|那就|还是|最终|我们|那)(?:直接|都|先)?"
            r"(?:用|使用|采用|选择|选用|选|自建|上(?![个周次午半面线班回去来])|留在|继续用)"
            r"(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "就这么定，(tenant_id, idempotency_key) 唯一约束": the agreement, then what was agreed
    (
        lazy(r"(?:就这么定|就这样定|就按这个来|按这个来)[，,：:]\s*(?P<x>[^，,。；;]{3,})"),
        False,
        False,
    ),
    # "topic 就按 factory/{line}/{device}/telemetry 这套来", "ETH 按 gwei 记"
    (
        lazy(
            r"(?:就|都|统一)?按\s*(?P<x>[A-Za-z0-9][^\s，,。]*?)\s*(?:这套|这个|的)?(?:来|记|算|走)"
        ),
        False,
        False,
    ),
    # "代码风格统一按 Google Java Style", "接口都按 RESTful 规范": a standard everything follows
    (
        lazy(
            r"(?:统一|都|一律|全部)(?:遵循|遵守|按照?)\s*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*){0,3})\s*(?:规范|标准|风格|来)?"
            r"\s*(?=[，,。！!；;]|$)"
        ),
        True,
        False,
    ),
    # "ok 就按移动加权平均来": a method named in Chinese
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?:ok\s*)?(?:那就|就|都|统一)(?P<x>按\s*(?=[\u4e00-\u9fff])(?![你我他她这那之原])"
            r"[^\s，,。的]{2,12}?)\s*(?:这套|这个|的)?"
            r"(?:来|记|算|走)(?![\u4e00-\u9fff])"
        ),
        False,
        False,
    ),
    # "好，那就 Elasticsearch 8.13 + IK 分词，…", "…，就 BullMQ。"
    (
        lazy(
            r"(?:^|[，,。]\s*|\s)(?:ok\s*)?(?:那就|就)\s*(?P<x>[A-Za-z][\w.+# -]*?)\s*(?:吧|了)?"
            r"(?=[，,。！!]|$)"
        ),
        False,
        False,
    ),
    # "ok 冲突就 last-write-wins，…": a topic, then a name alone in its clause
    (
        lazy(
            r"(?<![那这也都先就])(?!现在|马上|今天|明天|目前|暂时|这个|那个)[\u4e00-\u9fff]{2,6}就\s*"
            r"(?P<x>(?!(?i:ok|okay|yes|no|done|fine|good)\b)[A-Za-z][\w.+#-]*"
            r"(?:\s+[A-Za-z][\w.+#-]*)?)\s*(?:吧|了)?(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "那 HLS 切片就定 4 秒。"
    # "backbone 就定 convnext_tiny，default.yaml 里的默认值改掉": a name alone, then more
    (
        lazy(
            r"(?:就|那就)定\s*(?P<x>[^，,。了]{1,20}?(?=\s*[。！!]?$)"
            r"|[A-Za-z][\w.+-]*(?=\s*[，,；;]))"
        ),
        False,
        False,
    ),
    # "那 TTL 就 180 天吧": a value for a named setting (`_with_topic` names it)
    (
        lazy(
            r"(?<=[A-Za-z_])\s*就\s*(?P<x>\d+(?:\.\d+)?\s*(?:[\u4e00-\u9fff]{1,2}|[A-Za-z%]{1,3})?)"
            r"\s*(?:吧|了)?(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # not 选择器 (a selector), 选择题, 选择框
    (lazy(r"(?:采用|选择(?![器题框项])|选用)(?:了)?(?P<x>[^，。,；!！?？]+)"), False, False),
    (lazy(r"(?:改用|换成|改成|换用|改存)(?P<x>.+)"), False, False),
    # "波特率还是回到 115200，不折腾了": a value goes back, named by what it is the value of
    (
        lazy(
            r"(?:回到|退回到?|回退到|换回|改回)\s*(?P<x>[A-Za-z][\w.+#-]*"
            r"|\d+(?:\.\d+)?(?![\d.])(?=\s*(?:[，,。！!；;]|$)))"
        ),
        False,
        False,
    ),
    # "换 Fast DDS", "kerchunk 就不考虑了，转 Zarr"
    (
        lazy(r"(?:^|[，,。\s]|就|那就|还是|也)(?:换|转)\s*" + _NAME_X),
        False,
        False,
    ),
    # "Redis GEO 那个 MR 先关掉，改 H3。": a known or offered name alone after 改
    (
        lazy(r"(?:^|[，,。；;]\s*)改\s*(?P<x>[A-Za-z][A-Za-z0-9_.+#-]*)\s*(?=[，,。！!；;]|$)"),
        False,
        True,
    ),
    # "那就雪花算法，…": a short name alone after 那就
    (
        lazy(
            r"(?:^|[，,。\s])(?:ok\s*)?那就\s*(?P<x>(?![用走按照先把给让来做去是这那改换不算再])"
            r"[^，,。！!？?\s吧]{2,10})\s*(?:吧|了)?(?=[，,。！!]|$)"
        ),
        False,
        False,
    ),
    (lazy(r"^(?P<x>[A-Za-z][A-Za-z0-9_.+# -]{1,30}?)\s*吧"), False, False),
    (
        # "部署就放阿里云 ECS 吧": a cloud's product, named with its cloud
        lazy(
            r"(?:放|存|走|自建|上|切到?|换成?)\s*"
            r"(?P<x>(?:(?:阿里云|腾讯云|华为云|火山引擎|百度智能云|天翼云)\s*)?[A-Za-z][A-Za-z0-9_.+#-]*)\s*吧"
        ),
        False,
        False,
    ),
    # "ok TimescaleDB 定了。": a name, then settled
    (
        lazy(
            r"^(?:(?:ok|好的?|行|那)[，,\s]*)?(?P<x>[A-Za-z][A-Za-z0-9_.+# -]{1,30}?)\s*(?:就)?定了"
            r"(?=[，,。！!]|$)"
        ),
        True,
        False,
    ),
    # "ReplacingMergeTree 就它了。": a name, then "that one"
    (
        lazy(
            rf"^(?:{_AGREE_ZH}[，,\s]*)*(?P<x>[A-Za-z][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#/-]*)?)\s*"
            r"就(?:是|用|选)?(?:它|这个)(?:了|吧)?(?=[，,。！!]|$)"
        ),
        True,
        False,
    ),
    (lazy(r"(?:就|那就)(?:开|开启|启用)\s*(?P<x>[A-Za-z][\w.+#=-]*)"), False, False),
    (
        lazy(r"(?:只存|只保留|只用|只留)\s*(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z][\w.+#-]*)?)"),
        False,
        False,
    ),
    # "身份证就只存哈希加后四位": what is kept, in Chinese
    (lazy(r"就只(?:存|保留|用|留|显示)\s*(?P<x>[^，,。；;！!\s]{2,12})"), False, False),
    # "DaemonSet + loadbalancing exporter 路由到 gateway 这个方案就这么定了", "先写 tmp 再
    # rename 这个好，…": a way named, then taken
    (
        lazy(
            rf"^(?:{_AGREE_ZH}[，,\s]*)*(?P<x>(?=[^，,]*[A-Za-z0-9])[^。！!？?，,]{{3,60}}?)\s*"
            r"(?:这个方案|这套方案|这个思路|这个做法|这个|这样)\s*"
            r"(?:就这么定|就这样定|就这么办|定了|可以|好|挺好|不错|没问题)(?:了|吧|的)?"
            r"\s*(?:[。！!]?$|[，,](?!\s*(?:但|不过|可是|只是)))"  # "这个好，但先不加": not yet
        ),
        True,
        False,
    ),
    (
        lazy(r"(?:^|[，,。\s])(?:ok\s*)?(?:那就|就)\s*(?P<x>[A-Za-z][\w.+# -]*?)\s*吧"),
        False,
        False,
    ),
    (lazy(r"用\s*(?P<x>[A-Za-z][\w.+# -]*?)\s*吧"), False, False),
    # "先用 shared pool，以后再说": a name that ends its clause ("先用 X 改" uses X as a tool)
    (
        lazy(r"先用\s*(?P<x>[A-Za-z][A-Za-z0-9_.+# -]*?)\s*(?:吧|了)?(?=[，,。！!；;]|$)"),
        False,
        False,
    ),
    # "先用高德的 API 吧": a name in Chinese, suggested for now
    (
        lazy(
            r"(?:先|就|那就|还是|就先)用\s*(?P<x>[^，,。！!？?\s吧]{2,12}(?:\s*[A-Za-z][\w.+#-]*)?)"
            r"\s*吧"
        ),
        False,
        False,
    ),
    # "代码这块没什么好纠结的，HybridCLR 吧，…": an offered name alone in its clause
    (
        lazy(
            r"[，,；;]\s*(?:那就?|就)?\s*(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z][\w.+#-]*)?)\s*吧"
            r"(?=[，,。！!]|$)"
        ),
        False,
        True,
    ),
    # "行，那就走后端代理": a route in Chinese
    (
        lazy(r"(?:那就|就)走\s*(?P<x>(?![了吧的过去啊呢一这那])[^\s，,。！!？?]{2,12})"),
        False,
        False,
    ),
    (lazy(r"直接上\s*(?P<x>[A-Za-z][\w.+#/-]*)"), False, False),
    (
        lazy(r"(?:迁到|迁移到|换到|切到)\s*" + _NAME_X),
        False,
        False,
    ),
    (
        lazy(r"我们(?:自己|就)?(?:部署|搭|上|自建)\s*" + _NAME_X),
        False,
        False,
    ),
    (
        lazy(r"(?:全部|统一|都|一律)走\s*" + _NAME_X),
        False,
        False,
    ),
    (
        lazy(r"(?:^|[，,。：:\s]|我们)(?:就|那就)?定了[，,：:]?\s*(?:用|就用|使用)?(?P<x>.+)"),
        False,
        False,
    ),
    (
        lazy(r"(?:^|[，,。\s])(?:那|那就|就|干脆)?选\s*(?P<x>[^，。！!？?]+?)\s*吧"),
        False,
        False,
    ),
    # "数据库选 PostgreSQL 吧": a part, then the name picked for it
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?P<topic>[\u4e00-\u9fff]{2,8}?)\s*(?:就|都|也|还是)?选\s*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s*吧"
        ),
        False,
        False,
    ),
    (
        lazy(r"(?:^|[，,。]\s*|算了[，,]?\s*)还是\s*" + _NAME_X),
        False,
        False,
    ),
    # "AMI 用 AL2023，Bottlerocket 不考虑了": what a part uses, said against another option
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?![^，,]*(?:不|想|要|可以|能|他们|你们|之前|以前|原来))"
            r"(?P<topic>[\w\u4e00-\u9fff][\w\u4e00-\u9fff .-]{0,15}?)\s*(?:就|都|统一|也)?用\s*"
            r"(?P<x>[A-Za-z\u4e00-\u9fff][\w\u4e00-\u9fff.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s*"
            r"(?:吧)?(?=[，,；;]\s*[^，,。]{1,30}?(?:不考虑|不用了|不要了|不看了|放弃|不引入|不加了|不上了))"
        ),
        False,
        False,
    ),
    # "那就不搞 MQ 了，保持同步", "不用云函数了，用云托管": the option kept, after one dropped
    (
        lazy(
            r"不(?:用|搞|要|上)[^，,。]{1,12}了[，,]\s*(?:就|那就|改|还是)?(?:用|保持|上|走)\s*"
            r"(?P<x>[^，,。！!？?\s]{2,12})"
        ),
        False,
        False,
    ),
    # "调度的话用我们现有的 XXL-JOB"
    (
        lazy(r"用(?:我们|咱们)?现有的\s*(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z][\w.+#-]*)?)"),
        False,
        False,
    ),
    # "pg_partman 可以，…": a known or offered name, agreed to
    (
        lazy(
            rf"^(?:{_AGREE_ZH}[，,\s]*)*(?P<x>[A-Za-z][\w.+#/-]{{1,30}}(?:\s+[A-Za-z0-9][\w.+#/-]*)?)"
            r"\s*(?:可以|没问题|OK|ok|挺好|不错)(?:的|了|吧)?\s*(?:[，,。！!]|$)"
        ),
        False,
        True,
    ),
    # "行，排行榜用 Redis ZSET，…": agreed, then what a part uses
    (
        lazy(
            rf"^(?:{_AGREE_ZH}[，,\s]*)+(?![^，,]*(?:不|想|要|可以|能|他们|你们|之前|以前|原来))"
            r"[\u4e00-\u9fff]{2,8}(?:就|都|统一|也)?用\s*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s*(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "好，topic 就按 … 这个格式，telemetry 用 QoS 1。": agreed, then what a part uses, later
    (
        lazy(
            rf"^(?:{_AGREE_ZH}[，,\s]*)+[^。！!？?]*?[，,]\s*"
            r"(?![^，,]*(?:不|想|要|可以|能|他们|你们|之前|以前|原来))"
            r"[\u4e00-\u9fffA-Za-z_]{2,12}\s*(?:就|都|统一|也)?用\s*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s*(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "RevenueCat 不用，直接 StoreKit 2": the option kept, after one turned down; "不用
    # Elasticsearch 了，直接用 Postgres 的全文检索": a part of it
    (
        lazy(
            r"(?:不用|不要|不考虑|不上)(?:\s*[A-Za-z][\w.+# -]{0,30}?)?\s*了?[，,]\s*"
            r"(?:直接|就|那就|还是|改)(?:用|上)?\s*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?(?:\s*的\s*[\u4e00-\u9fff]{2,6})?)"
            r"\s*(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "用 Zarr", "那改一下：用 Zarr，…"
    (
        lazy(
            r"(?:^|[，,。]\s*|(?:改一下|调整下|改下)[：:]\s*)用\s*"
            r"(?:(?:官方|现成|自带|原生|开源)的\s*)?" + _NAME_X  # "用官方的 go-elasticsearch v8"
        ),
        False,
        False,
    ),
    (lazy(r"(?:^|[，,。]\s*)(?P<x>[A-Za-z][\w.+# -]{1,30}?)\s*就行"), False, False),
    # "并行用 rayon，…", "后端用 expo-server-sdk-node 发。": what a part uses, a name ending its
    # clause; not how things are ("我们现在用 X"), a wish or a question
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?:对了|另外|然后|顺便)?[，,]?\s*"
            r"(?![^，,。]*(?:我|你|他|她|现在|目前|之前|以前|原来|本来|一直|平时|可以|能|要不要|"
            r"是不是|不|没|想|打算|如果|时候|或者|还是|说|尽量))"
            r"(?![^，,。用换]*(?i:region|bucket|key|prefix|table|topic|queue|group|port|path|"
            r"namespace|名字|名称|前缀|表名?|端口|地址|路径|目录|域名|"
            # a queue's name is no choice, a queue technology is ("消息队列用 Kafka")
            rf"队列(?!\s*(?:就|都|统一|也)?用\s*(?i:{_QUEUE_NAMES})(?![\w.-]))))"
            r"(?P<topic>[\u4e00-\u9fff][\u4e00-\u9fff\w -]{0,11}?|[A-Za-z][\w -]{0,15}?)\s*"
            r"(?:就|都|统一|也|直接|继续|还是)?(?:用|换)\s*"
            # "Ant Design Pro", "Prometheus + Grafana"
            r"(?P<x>[A-Za-z][\w.+#/-]{2,}(?:\s*\+\s*[A-Za-z][\w.+#/-]*|\s+[A-Za-z0-9][\w.+#/-]*){0,3})"
            # "定时任务用 xxl-job 来调度", "接口文档用 Swagger 生成": what it does for the part
            r"\s*(?:来|去)?(?:发|做|写|存|跑|实现|生成|调度|管理|渲染|打包|构建|部署|监控|解析|校验)?"
            r"\s*(?:吧)?(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "推送用极光推送", "短信走腾讯云短信", "支付就接微信支付吧", "对象存储用阿里云 OSS": what
    # a part uses, a Chinese product ending its clause (or doing one thing: "告警用钉钉机器人发")
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?:对了|另外|然后|顺便|那)?[，,]?\s*"
            r"(?![^，,。]*(?:我|你|他|她|现在|目前|之前|以前|原来|本来|一直|平时|可以|能|要不要|"
            r"是不是|不|没|想|打算|如果|要是|时候|或者|还是|说|尽量|在用|在使用|正在))"
            r"(?P<topic>[\u4e00-\u9fff][\u4e00-\u9fff\w -]{0,11}?|[A-Za-z][\w -]{0,15}?)\s*"
            r"(?:就|都|统一|也|直接|继续)?(?:用|走|接入?|对接|选|上|存到?|放到?)\s*"
            rf"(?P<x>{_ZH_PRODUCT})(?:的\s*(?:SDK|API|sdk|api|服务|接口|开放平台))?"
            r"\s*(?:(?:来|去)?(?:发|推|收|做)[\u4e00-\u9fff]{0,4}?)?\s*(?:里|上)?\s*(?:吧|就行|就好)?"
            r"(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "同意，token 存 flutter_secure_storage。": where a part is kept, a name ending the clause
    # (a path or a file there is a project path, not a choice)
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?:对了|另外|然后|顺便)?[，,]?\s*"
            r"(?![^，,。]*(?:我|你|他|她|现在|目前|之前|以前|原来|本来|一直|平时|可以|能|要不要|"
            r"是不是|不|没|想|打算|如果|时候|或者|还是|说|尽量))"
            r"(?P<topic>[\u4e00-\u9fff][\u4e00-\u9fff\w -]{0,11}?|[A-Za-z][\w -]{0,15}?)\s*"
            r"(?:就|都|统一|也|直接)?(?:存到?|放到?)\s*"
            r"(?P<x>[A-Za-z][\w+#-]+(?:\s+[A-Za-z0-9][\w+#-]*)?)(?![\w.+#/-])\s*"
            r"(?:里|中|里面)?\s*(?:吧)?(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "acks_late 也打开吧": a named feature turned on
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?:对了|另外|然后|顺便)?[，,]?\s*"
            r"(?P<on>(?P<x>[A-Za-z][\w.-]{2,40}))\s*(?:(?:也|都)开|(?:也|都)?(?:打开|开启|开上|开起来))"
            r"(?:吧)?"
            r"(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "语言包还是懒加载吧": a way named in Chinese (not an errand: "还是每天凌晨跑吧")
    (
        lazy(
            r"(?:^|[，,。；;]\s*)[^，,。]{0,8}还是\s*(?P<x>(?![^吧]*[跑做弄搞写改看说等])[\u4e00-\u9fff]{2,8})吧"
        ),
        False,
        False,
    ),
)
_PROPOSAL = lazy(
    r"(?i)\b(?:i(?:'d| would)? (?:recommend|suggest|propose)|my recommendation is|"
    r"i recommend|recommendation:|the best (?:option|choice|fit) (?:is|would be)|"
    r"(?:we|you) should (?:use|go with|switch to|adopt)|let'?s (?:go with|use|switch to)|"
    r"i'?d (?:go with|go for|use|pick|choose)|my (?:pick|vote) (?:would be|is)|"
    r"my (?:proposal|suggestion)\s*[:：]|proposal\s*[:：]|i propose|"
    # "Use AWS Secrets Manager and load them at startup": advice in the imperative
    r"^(?:just\s+)?(?:use|go with|pick|stick with))\s*"
    r"(?:using\s+|going with\s+)?(?P<x>.+)"
    r"|(?<![不别])(?:建议|推荐)(?:你们?|我们)?(?:先|还是|直接|就)?(?:使用|用|采用|选择|选|改用|换成)"
    r"(?P<z>.+)"
    # "建议加 Redis", "推荐引入 Sentry": a name the advice adds
    r"|(?<![不别])(?:推荐|建议|倾向于?|我会选)(?:你们?|我们)?(?:先|直接|就)?(?:加上?|引入|接入|上)?"
    r"\s*(?P<w>[A-Za-z][\w.+# -]{1,30})"
)
_ACCEPT = lazy(
    r"(?i)^(?:ok(?:ay)?|sure|yes|yep|yeah|sounds? good|sounds great|agreed|agree|great|perfect|"
    r"lgtm|let'?s do (?:it|that|this)|do it|do that|go ahead|go for it|fine|makes sense|deal|"
    r"(?:let'?s )?go with (?:your|that|the) (?:suggestion|recommendation|proposal|pick)|"
    r"\U0001f44d|\U0001f44c|\u2705|"
    r"works for me|ship it|approved|好的?|可以|行|同意|没问题|就这么办|就这样|"
    r"就?[按照]你(?:说的|的方案|的建议)(?:来|办|做|弄|写)?(?:吧)?|听你的|赞同|对)(?:[\s,.!。！，~]|$)"
)
_ALTERNATIVE_EN = lazy(
    r"(?i)\b(?:instead of|rather than|over|not|versus|vs\.?|and not|no more|drop(?:ping)?|"
    r"ditch(?:ing)?|replac(?:e|ing))\s+(?P<x>[^,;.!?()]+)"
)
_ALTERNATIVE_ZH = lazy(
    r"(?:而不是|而非|不再使用|不再用|不用|没选|没用|放弃|替代|代替|取代|不要|不上(?!线))(?:了)?"
    r"(?P<x>[^，。,；;!！?？]+)"
)
# "as" gives a reason as a clause of its own (", as we need …"), not in "store money as cents"
_WHY = lazy(
    r"(?i)(?:\b(?:because|since|so that)|(?:^|[,;]\s*)as)\s+(?P<x>.+)|(?:因为|由于)(?P<z>.+)"
)
_PURPOSE = lazy(
    r"(?i)\bfor\s+(?:the\s+|our\s+)?(?P<x>[\w -]{3,30}?)"
    r"(?:[,.;]|$|\s+(?:because|since|and|over|instead of|rather than|not)\b)"
    r"|(?:来做|做|作为)(?P<z>[\u4e00-\u9fff]{2,6}?)(?=[吧了呢啊吗嘛]|[^\u4e00-\u9fff]|$)"
    # "钉钉机器人发告警": what a Chinese product is used to do
    rf"|^(?:{_ZH_PRODUCT})\s*(?:来|去)?(?P<v>[发推收][\u4e00-\u9fff]{{1,5}}?)"
    r"(?=[吧了呢啊吗嘛]|[^\u4e00-\u9fff]|$)"
)


class Decision(NamedTuple):
    """A choice stated in a sentence."""

    choice: str
    alternatives: tuple[str, ...]
    rationale: str | None
    purpose: str | None
    explicit: bool  # "we decided" / "决定" rather than an instruction


_WAVERS = lazy(r"(?i)(?:or|either)\b|或者|或|还是|要么")
_JOINED_DOUBT = lazy(r"(?i)\s+(?:and|but)\s+(?=(?:maybe|perhaps|possibly|probably)\b)")


def _before_doubt(sentence: str) -> str | None:
    """The clauses of a hedged sentence before its doubt, when they stand on their own.

    None when the doubt comes first, or weighs another option ("Use Redis, or maybe Memcached").
    """
    head = settled(sentence, _TENTATIVE)
    # "Let's start with SQLite for now and maybe move to Postgres later": a doubt joined by
    # "and" is about what follows it
    joined = _JOINED_DOUBT.search(sentence)
    if not head and joined is not None:
        head = sentence[: joined.start()]
    rest = sentence[len(head) :].lstrip(" ，,；;")
    if not head or _TENTATIVE.search(head) or _WAVERS.match(rest):
        return None
    return head


_CONCLUSION = lazy(r"^\W*(?:选型|技术选型|最终)(?:结论|结果|方案)\s*[：:]\s*")


def decision(sentence: str, known: Sequence[str] = ()) -> Decision | None:
    """The decision `sentence` states, or None (questions and tentative talk state none).

    `known`: names the conversation offered as options ("**clap**"), which a bare "use X"
    may name as well as the technologies of the lexicon. The clauses before a doubt still
    decide ("先用 Kafka engine 吧，也许以后再上 Flink" decides Kafka engine).
    """
    if _QUESTION.search(sentence):
        return None
    if (m := _CONCLUSION.match(sentence)) and (inner := decision(sentence[m.end() :], known)):
        return inner._replace(explicit=True)  # "选型结论：…改存 ClickHouse"
    if _TENTATIVE.search(sentence):
        head = _before_doubt(sentence)
        return decision(head, known) if head else None
    found = _first_decision(sentence, known)
    if found is None and (m := _TOPIC_LEAD.match(sentence)):
        return _first_decision(sentence[m.end() :], known)  # "Changed my mind on X: switch to Y"
    return found


# a short lead before a colon, then what is decided: "just make it lighter: use Redis as broker"
_TOPIC_LEAD = lazy(r"^[^:：]{3,40}(?::\s+|：\s*)")


def _first_decision(sentence: str, known: Sequence[str]) -> Decision | None:
    """The choice of the first decision pattern that names a plausible one."""
    en = [(p, explicit, "en", bare) for p, explicit, bare in _DECISION_EN]
    zh = [(p, explicit, "zh", bare) for p, explicit, bare in _DECISION_ZH]
    for pattern, explicit, lang, bare in zh + en if is_chinese(sentence) else en:
        m = pattern.search(sentence)
        if m is None:
            continue
        if not _states_choice(sentence, m) or _RAN.search(re.split(r"[，,。；;]", m["x"])[0]):
            continue  # "改成 ntasks=1 以后到了 210 ns/day" reports a run, not a choice
        if "way" in m.re.groupindex and technologies(m["way"]):
            continue  # "前端统一用 pnpm" chooses a tool: the pattern for choices names it
        found = _decision_of(m, sentence, known, explicit=explicit, lang=lang, bare=bare)
        if found is not None:
            return found
    return None


def _decision_of(
    m: re.Match[str], sentence: str, known: Sequence[str], *, explicit: bool, lang: str, bare: bool
) -> Decision | None:
    """The decision a pattern's match states, or None when what it names is no choice."""
    choice = clip(m.group("x"))
    # "let's scrap X and keep Y", "let's not use X; Y"
    given_up = [clip(m["gone"])] if "gone" in m.re.groupindex else []
    if moved := _MOVE_FROM.match(m.group("x").strip()):  # "decided to switch from npm to pnpm"
        new, gone = moved["new"] or moved["new_zh"], moved["old"] or moved["old_zh"]
        choice, given_up = clip(new), [clip(gone)]
    if "on" in m.re.groupindex:
        choice = f"enable {choice}"  # "acks_late 也打开吧"
    if abandon := _ABANDON.match(choice):  # "drop X and use Y" chooses Y; "放弃 X" alone, nothing
        instead = _taken_instead(abandon, sentence[m.start("x") :])
        if instead is None:
            return None
        choice, given_up = instead[0], given_up + instead[1]
    english_instruction = lang == "en" and not explicit
    choice = fuller_name(_with_topic(sentence[: m.start()], choice), known)
    if lang == "zh" and (role := _AS_ROLE.match(m.group("x")[m.group("x").find(choice) :])):
        choice = role[0].strip()  # "用 rider_id 做 alias": what it is used as is the choice
    part_topic = None
    way = "way" in m.re.groupindex  # "日志统一用 JSON 格式" is titled by itself
    if lang == "zh" and not way and (part := _PART_USES.fullmatch(choice)):  # "定了：前端用 React"
        choice, part_topic = part["x"], part["topic"]
    named = _names_known(choice, known) or _named_for_a_purpose(choice, sentence, lang)
    if not _plausible_choice(choice, bare=bare and not named):
        return None
    generic_verb = re.search(r"(?i)\b(?:use|keep)\s*$", sentence[: m.start("x")])
    agreed = _AGREED_WE.match(sentence)  # "agreed, we'll use an instance profile"
    if generic_verb and english_instruction and not (technologies(choice) or named or agreed):
        return None  # "I'll use grep to ..." narrates an action; a choice names a technology
    topic = m["topic"] if "topic" in m.re.groupindex else None
    if topic is not None and (_MINE.search(sentence) or _VERSIONED.search(sentence)):
        # "装包用 uv add，我不用 pip": the person's way; "服务是 FastAPI 0.111，broker 用 Redis 7":
        # the stack described, not chosen
        return None
    topic = _plain_topic(topic, lang) if topic else None
    given_up += alternatives_before(sentence[: m.start("x")])
    given_up += [o["x"] or o["y"] or o["z"] for o in _TOO_MUCH.finditer(sentence)]
    given_up += [g["x"] for g in _NAME_GIVEN_UP.finditer(sentence[m.start("x") :])]
    after = alternatives(sentence[m.start("x") :], choice)
    return Decision(
        choice,
        tuple(a for a in dict.fromkeys([*given_up, *after]) if a.lower() != choice.lower()),
        rationale(sentence),
        topic or part_topic or purpose(sentence[m.start("x") :]),
        explicit=explicit,
    )


def _plain_topic(topic: str, lang: str) -> str:
    """A pattern's topic without its adverbs ("统一换 dayjs"), an English one in lower case.

    "Validate input with zod" is for "validate input".
    """
    topic = re.sub(r"^(?:继续|直接|还是|也|都|就|那|统一|全部|一律)+\s*", "", topic.strip())
    if lang == "en" and re.match(r"[A-Z][a-z]", topic):
        return topic[0].lower() + topic[1:]
    return topic


def _taken_instead(abandon: re.Match[str], rest: str) -> tuple[str, list[str]] | None:
    """What is taken instead of what `rest` gives up ("drop X and use Y"), and what is given up.

    Only "不自己做登录了，接 Auth0" names what is given up here (自己做登录); "drop X" leaves it to
    the alternatives the sentence names.
    """
    then = _THEN_USE.search(rest)
    if then is None:
        return None
    gone = rest[abandon.end() : then.start()]
    given_up = [re.sub(r"(?:了|吧)?[\s，,]*$", "", gone)] if abandon["not"] else []
    return clip(then.group("x") or then.group("z")), given_up


def _named_for_a_purpose(choice: str, sentence: str, lang: str) -> bool:
    """A name the lexicon does not know, chosen for a purpose the sentence gives.

    "Use structlog for logging", "Use UUIDv7 for all primary keys", "For logging we'll use
    structlog": one token, not an everyday word, and what it is for.
    """
    if lang != "en" or not re.fullmatch(r"[A-Za-z][\w.+#-]{1,30}", choice):
        return False
    if choice.lower() in _NOT_NAMES or choice.lower() in _EVERYDAY_CHOICES:
        return False
    if re.search(rf"(?i)\b(?:a|an|some|any)\s+{re.escape(choice)}\b|\bif\b", sentence):
        return False  # "Use a subagent for the digging if it helps": a thing, a request
    return (
        purpose(sentence) is not None
        or re.search(r"(?i)\bfor (?:all|every)\b", sentence) is not None
    )


_EVERYDAY_CHOICES = frozenset(
    ("caution", "care", "caching", "logging", "this", "that", "them", "something", "anything",
     "whatever", "defaults", "default", "common", "sense", "judgment", "judgement")
)  # fmt: skip


# a part of the project, then what it uses: "前端用 React", "鉴权走 JWT"
_PART_USES = lazy(
    r"(?P<topic>[\u4e00-\u9fff]{2,8}?)\s*(?:统一|都|就|也)?(?:用|使用|采用|走|选)\s*"
    r"(?P<x>[A-Za-z][\w.+# /-]*)"
)


_AGREED_WE = lazy(
    r"(?i)^(?:agreed|ok(?:ay)?|yes|yeah|yep|sure|fine|alright|right|sounds good|good (?:idea|call|"
    r"point))[,.!:;]?\s+(?:then\s+)?we(?:'ll| will)\s+use\b"
)


_MINE = lazy(r"我(?!们)|习惯|一直|平时|尽量")
_AS_ROLE = lazy(r"[A-Za-z][\w.+#-]*\s*做\s*[A-Za-z][\w.-]{1,20}(?![\w.-])")


def _with_topic(before: str, choice: str) -> str:
    """A bare value with what it is the value of ("QoS 统一用 1", "HLS 切片就定 4 秒")."""
    if not re.fullmatch(r"v?\d+(?:\.\d+)*\s*[\u4e00-\u9fff\w]{0,2}", choice):
        return choice
    topic = re.split(r"[，,；;。:：]", before)[-1]
    topic = re.sub(
        r"^(?:那|就|那就|还是|我们|先|顺手|顺便|算了)+\s*"
        r"|\s*(?:就|都|统一|也|顺手|顺便|直接|先|还是)+$",
        "",
        topic.strip(),
    )
    generic = re.fullmatch(r"(?i)版本号?|version", topic)
    return f"{topic} {choice}" if topic and not (generic or _NEGATED.search(topic)) else choice


def _names_known(choice: str, known: Sequence[str]) -> bool:
    """Whether `choice` starts with a name the conversation offered.

    "MessagePack" for "MessagePack-CSharp", "clap with derive" for "clap".
    """
    head = choice.lower().split()[0].strip(".,;:!`*") if choice.split() else ""

    def extends(longer: str, shorter: str) -> bool:  # "messagepack-csharp", "messagepack"
        return longer.startswith(shorter) and not longer[len(shorter)].isalnum()

    return len(head) >= 2 and any(head == k or extends(k, head) or extends(head, k) for k in known)


# "**clap**", and the Latin head of a bold Chinese label ("**H3 六边形索引**")
_BOLD_NAME = lazy(r"\*\*`?([A-Za-z][\w.+#/-]{1,40})`?(?:\*\*|\s+(?=[\u4e00-\u9fff（(]))")


def fuller_name(choice: str, offered: Sequence[str]) -> str:
    """The offered name a one-word choice shortens ("sqlite it is" after **expo-sqlite**)."""
    low = choice.lower()
    if not re.fullmatch(r"[\w.+#-]{2,30}", low) or low in offered:
        return choice
    fuller = [name for name in offered if low in re.split(r"[-_./]", name)]
    return fuller[0] if len(fuller) == 1 else choice


def offered_names(message: str) -> list[str]:
    """Names an assistant message offers in bold ("- **clap** (v4): …"), lower case."""
    return list(dict.fromkeys(m.group(1).lower() for m in _BOLD_NAME.finditer(message)))


def _states_choice(sentence: str, m: re.Match[str]) -> bool:
    """False when the words around a decision pattern's match take the choice back."""
    before = re.split(r"[，,；;。:：]", sentence[: m.start("x")])[-1]  # this clause only
    rest = sentence[m.start("x") :]
    if _NEGATED.search(before[-12:]) or (
        _NEGATED.match(rest) and not (_ABANDON.match(rest) and _THEN_USE.search(rest))
    ):
        return False  # "决定不上 K8s"; but "决定不自己做了，接 Auth0" chooses Auth0
    near = re.split(r"[，,；;。]", sentence[max(0, m.start() - 6) : m.start("x")])[-1]
    if _WISH.search(near) or _WISH_ZH.search(before):
        return False  # "他们本来就想改成 X", "if we wanted to use X": a wish, not a choice
    if re.search(r"(?:要|想|准备|打算|计划|让我们?|需要|得)[^，,。]{0,8}?把", before):
        return False  # "要把规则引擎从批处理改成实时的": a plan being discussed
    if re.search(r"(?:别|不要|先不|暂时不|不必|没必要)(?:急着)?把", before):
        return False  # "先别把 npm 换成 pnpm": not now
    if _OLD_STATE.search(before):
        return False  # "老代码是按 FIFO 算出库成本的": how things were, not a choice
    if _OTHERS_STACK_ZH.search(before):
        return False  # "他们组日志统一用 JSON 格式": another team's way
    if re.match(r"[^，,。；;]*的话", rest):
        return False  # "日志统一用 JSON 格式的话，…": a condition, not a choice
    if _TRIED.match(rest):
        return False  # "我们用 Tesseract 试了一下效果不好": a trial, not a choice
    # "离我们用户近": 用户 (user) is a noun, not "use 户"
    return not (sentence[m.start("x") - 1 : m.start("x")] == "用" and _USE_NOUN.match(m.group("x")))


_USE_NOUN = lazy(r"[户途法量例处时]")
_TRIED = lazy(
    r"(?i)[^，,。；;]{0,30}?(?:试了|试过|试一下|试了一下|测了一下|跑了一下)|[^,;.]{0,30}?\b(?:tried|tested)\b"
)
# "想上 Federation v2 做统一 gateway": a wish anywhere in the clause
_WISH_ZH = lazy(r"(?<![了一想])想(?![了想法])|打算|准备|计划|本来|如果|要是|假如|(?<![我们])建议")
_OLD_STATE = lazy(
    r"(?i)老代码|老的|原来|以前|之前|旧的?|(?:现在|目前)(?:是|都是|用的是|还是)"
    r"|\b(?:currently|used to|previously|legacy|the old)\b"
)
_ABANDON = lazy(
    r"(?i)^(?:drop(?:ping)?|stop using|abandon(?:ing)?|remove|get rid of|ditch(?:ing)?|"
    r"no more|retire|phase out)\b|^(?:放弃|弃用|不再用|不再使用|去掉|去除|移除|废弃|下线|淘汰)"
    # "决定不自己做登录了，接 Auth0": building it ourselves is what is given up
    r"|^(?P<not>不再?)(?=(?:自己|自研|手写|手动)|(?:做|搞|写|维护|开发|用|使用)[^，,。]{0,12}了)"
)
_THEN_USE = lazy(
    r"(?i)\b(?:and|then)\s+(?:use|switch to|move to|go with|adopt)\s+(?P<x>.+)"
    r"|(?:并|然后|，|,)\s*(?:改用|换成|统一使用|使用|用|采用|接入?|交给|上)\s*(?P<z>.+)"
)
_WISH = lazy(
    r"(?i)\b(?:if|would|wanted|wants|unless|whether|once|until)\b"
    r"|想|打算|本来|如果|要是|假如|等到|之后再|准备|计划"
)
_VAGUE = lazy(
    r"(?i)^(?:it|this|that|they|them|these|those|he|she|we|you|i|something|anything|"
    r"one(?=\s+of\b|\s*$)|the same|"
    r"same|what|which|"
    r"your|my|his|her|their|a few|some|any|more|less|both|either|neither|all)\b"
    r"|^(?:whole|entire|other|usual|rest of the)\s+things?\b"  # "let's do the whole thing"
    # Chinese has no word boundary: "这个上", "怎么处理它"
    r"|^(?:这个|那个|它|一下|[这那][两几三四]个|什么|哪个|这些|那些|这样|这么办|怎么|如何|为什么)"
)
_ACTION_WORD = lazy(
    r"(?i)^(?:the\s+)?(?:command|script|file|function|tool|terminal|shell|output|following|"
    r"above|below|approach|way|method|code|snippet|test|tests|logs?)\b"
)

# "commit 吧", "deploy", "继续吧": a go-ahead for a step of work, not a choice
_ERRAND = lazy(
    r"(?i)(?:git\s+)?(?:commit|push|merge|rebase|deploy|ship(?: it)?|release|revert|"
    r"continue|proceed|go ahead|pr|提交|推送|合并|部署|上线|发布|继续|开始)(?:\s*(?:it|吧|了))?"
)


_RAN = lazy(r"跑成功|跑通|跑起来|成功了|(?:以后|之后)(?:到了|变成|就)")


# what a phrase after "use" is when it is no choice
_NOT_CHOICES = (
    lazy(r"[^A-Za-z\u4e00-\u9fff]*"),  # "就按 1+2 来": option numbers
    lazy(r"[\u4e00-\u9fff]{1,3}的|的.*"),  # "用假的": a quality; "用的是 X": a statement
    lazy(r"v?\d+(?:\.\d+)*|(?:/|~/|[a-z0-9]+://).*"),  # "版本就用 7.2", "就用 /mnt/…": values
    lazy(r"(?:[从把给让]|调\s*[^\u4e00-\u9fff]).*"),  # "调 /api/ai/chat", "从环境变量 X 读"
    lazy(r".*(?:帮我|麻烦|哪[里儿个些]?|什么|怎么|吗).*"),  # "帮我把 baud 9600", "放哪": asked
    lazy(r".*(?:回复我?|回答我?|跟我说|告诉我).*"),  # "你统一用中文回复我": how to answer
    lazy(r".+还是.+"),  # "用 CDN 还是 OSS": either, not a choice
    lazy(r".*[\u4e00-\u9fff](?:一下|一遍|看看).*"),  # "用 pytest 跑一下测试": an errand
)


def starts_like_a_name(choice: str) -> bool:
    """False for a choice opening with a pictogram ("switched to 💻 Code mode") or a bracket."""
    return bool(choice) and (choice[0].isalnum() or choice[0] in "`'\"@./_$-≥≤")


_ADDRESS_CHOICE = lazy(r"(?i)git@|[a-z][a-z0-9+.-]*://")


def is_rule_clause(choice: str) -> bool:
    """True for a rule said whole ("all API responses use snake_case"): its own title."""
    return (
        _RULE_CLAUSE.match(choice) is not None
        or _MODAL_RULE.fullmatch(choice) is not None
        or _UNIFORM_RULE.fullmatch(choice) is not None
    )


def _plausible_choice(choice: str, *, bare: bool) -> bool:
    if _RULE_CLAUSE.match(choice):
        return True
    if not choice or len(choice) < 2 or _VAGUE.match(choice) or _ACTION_WORD.match(choice):
        return False
    if not starts_like_a_name(choice) or _ADDRESS_CHOICE.match(choice):
        return False  # an address ("git@github.com:org/repo.git") is a fact, not a choice
    if _ERRAND.fullmatch(choice) or any(p.fullmatch(choice) for p in _NOT_CHOICES):
        return False
    if bare:
        return bool(technologies(choice))  # a bare "use X" counts only for a known technology
    return True


_SIDE_CHOICE = lazy(
    r"^(?P<topic>[^，,。；;:：]{1,16}?)\s*也?(?:直接|就|都)?(?:用|放|走|存到?|放到|存在|选|接入?)\s*"
    r"(?:现有的|自己的|我们的|同一个)?\s*"
    rf"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*)?|{_ZH_PRODUCT})\s*吧?\s*$"
)


def side_choices(sentence: str, choice: str) -> list[Decision]:
    """Further choices in the clauses of a sentence that decides `choice`.

    "我们决定用 SQLAlchemy 2.0，迁移用 Alembic" also decides Alembic (for 迁移); a clause must
    be only a topic, a verb of use and a name.
    """
    found = []
    for clause in re.split(r"[，,；;。]", sentence):
        m = _SIDE_CHOICE.match(clause.strip())
        if m is None or choice.lower() in clause.lower():
            continue
        topic = m.group("topic").strip()
        if _NEGATED.search(clause) or _WISH.search(topic) or not topic or "不" in topic:
            continue
        if re.fullmatch(r"(?:我们?|就|那就|还是|也|都|统一|全部)+", topic):
            continue  # "就用 X" is a decision of its own, found by `decision`
        found.append(Decision(m.group("x"), (), None, topic, False))
    if not is_chinese(sentence):
        # "Zustand it is, and MMKV for storage, not AsyncStorage": a known name for a part
        for m in _SIDE_CHOICE_EN.finditer(sentence):
            if technologies(m["x"]) and choice.lower() not in m["x"].lower():
                gone = (m["not"].rstrip("."),) if m["not"] else ()
                found.append(Decision(m["x"], gone, None, m["topic"], False))
    return found


_SIDE_CHOICE_EN = lazy(
    r"(?i)[,;]\s+(?:and|plus)\s+(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*)?)\s+for\s+"
    r"(?P<topic>[a-z][\w -]{1,20}?)(?:,\s+not\s+(?P<not>[A-Za-z][\w.+#-]*))?\s*(?=[,.;!]|$)"
)


def alternatives(text: str, choice: str) -> tuple[str, ...]:
    """Options turned down in `text` ("instead of X", "而不是 X"), not counting `choice`."""
    found: list[str] = []
    pattern = _ALTERNATIVE_ZH if is_chinese(text) else _ALTERNATIVE_EN
    for m in pattern.finditer(text):
        alt = clip(m.group("x"))
        if re.fullmatch(r"[a-z]+ing", alt):
            continue  # "rather than trying to ..." turns down an action, not an option
        if alt and alt.lower() != choice.lower() and not _VAGUE.match(alt) and len(alt) < 40:
            found.append(alt)
    return tuple(dict.fromkeys(found))


# "switch from npm to pnpm", "migrate the queue from SQS to RabbitMQ", "从 MySQL 迁移到 PG"
_MOVE_FROM = lazy(
    r"(?i)^(?:switch(?:ing)?|mov(?:e|ing)|migrat(?:e|ing)|chang(?:e|ing)|convert(?:ing)?|"
    r"go(?:ing)?)\s+(?:(?:the|our|all|everything)\s+)?(?:[\w.-]+\s+){0,3}?(?:over\s+)?"
    r"from\s+(?P<old>[^,;:.!?]{1,40}?)\s+(?:over\s+)?to\s+(?P<new>.+)"
    r"|^从\s*(?P<old_zh>[^，,。；;]{1,30}?)\s*(?:迁移|迁|切换|切|换|改)(?:到|成|为)\s*(?P<new_zh>.+)"
)
# an option given up before the choice is named: "from npm to", "drop Redux and use",
# "不用 Kafka 了，改成", "Pulsar 不考虑了，"
_ASCII_NAME = r"[A-Za-z][A-Za-z0-9_.+#/-]*"
_ASCII_WORD = r"[A-Za-z0-9][A-Za-z0-9_.+#/-]*"
_GIVEN_UP_BEFORE = lazy(
    rf"(?i)\bfrom\s+(?P<a>{_ASCII_NAME}(?:\s+{_ASCII_WORD}){{0,2}}?)\s+(?:over\s+)?to\s*$"
    rf"|从\s*(?P<b>{_ASCII_NAME}(?:\s+{_ASCII_WORD}){{0,2}}?)\s*"
    r"(?:迁移|迁|切换|切|换|改)(?:到|成|为)?\s*$"
    r"|\b(?:drop(?:ping)?|ditch(?:ing)?|stop using|replac(?:e|ing)|get rid of|skip)\s+"
    rf"(?:the\s+)?(?P<c>{_ASCII_NAME})\s+(?:and|with|for)\b"
    rf"|^(?i:skip)\s+(?P<f>{_ASCII_NAME})(?:\s+then)?\s*[,;]\s*(?:use|go with)\s*$"
    # "不用 Kafka 了，", "不要用 moment.js 了，", "不要再用 Bower 了，"
    r"|(?:不用|放弃|弃用|去掉|不要|不上)(?:再)?(?:用|使用)?\s*"
    rf"(?P<d>{_ASCII_NAME}(?:\s+{_ASCII_WORD})?)\s*了?\s*[，,；;]"
    rf"|(?P<e>{_ASCII_NAME})\s*(?:也?不用了|也?不要了|不考虑了|算了)\s*[，,；;]"
)


# "GraphQL is overkill here", "GraphQL 太重了": an option turned down for its weight
_TOO_MUCH = lazy(
    rf"(?i)(?<![\w.+#/-])(?P<x>{_ASCII_NAME})\s+(?:is|would be|feels|seems)\s+"
    r"(?:overkill|too heavy|too much|too complex|too heavyweight)\b"
    rf"|(?<![\w.+#/-])(?P<y>{_ASCII_NAME})\s+(?:was|has been|is)\s+(?:too|a)\s+"
    r"(?:painful|pain|slow|expensive|flaky|clunky)\b"
    rf"|(?P<z>(?<![\w.+#/-]){_ASCII_NAME}|{_ZH_PRODUCT})\s*(?:太重|太复杂|太麻烦|太折腾|太难用|太贵|太慢|没必要)"
)


# "鉴权改成 JWT，session 那套不要了": a name given up after the choice
_NAME_GIVEN_UP = lazy(
    rf"(?P<x>(?<![\w.+#/-]){_ASCII_NAME}|{_ZH_PRODUCT})\s*(?:那套|这套|那个|这个)?\s*"
    r"(?:也?不用了|也?不要了|不考虑了|就算了|弃用了|下线了)"
)


def alternatives_before(text: str) -> list[str]:
    """Options `text`, said before a choice, gives up ("from npm to", "不用 Kafka 了，")."""
    found = []
    for m in _GIVEN_UP_BEFORE.finditer(text):
        name = next(g for g in m.groups() if g)
        if not _VAGUE.match(name) and len(name) < 40:
            found.append(name.strip())
    # "我们用 Tesseract 试了一下效果不好，不用它了，": "it" is the name tried before
    for m in _GIVEN_UP_IT.finditer(text):
        named = [t.group(1) for t in _TECH.finditer(text, 0, m.start())]
        if not named and is_chinese(text):  # in Chinese text, a Latin word is a name
            named = re.findall(r"(?<![\w.-])[A-Za-z][\w.+#-]{1,30}", text[: m.start()])
        found += named[-1:]
    return found


_GIVEN_UP_IT = lazy(
    r"(?:不用|放弃|弃用|不要)(?:它|它们|这个)了?\s*[，,；;]|\b(?:drop|ditch) (?:it|that)\b"
)


def rationale(sentence: str) -> str | None:
    """The reason given in `sentence` ("because ...", "因为 ..."), if any."""
    m = _WHY.search(sentence)
    if m is None:
        return None
    why = (m.group("x") or m.group("z") or "").strip(" .。!！")
    return why or None


def purpose(text: str) -> str | None:
    """What a choice is for ("Redis for caching" gives "caching"), in the choice's clause.

    "Zustand it is, and MMKV for storage": storage is what MMKV is for, not Zustand.
    """
    m = _PURPOSE.search(re.split(r"[,;]\s+(?:and|plus|but)\s|[，；。;]", text, maxsplit=1)[0])
    if m is None:
        return None
    what = (m.group("x") or m.group("z") or m.group("v") or "").strip()
    if what.lower() in ("now", "the time being", "the moment", "a while", "now on"):
        return None
    if re.match(r"(?i)(?:it|this|that|them|these|those|you|me|us)\b", what):
        return None  # "Terraform for it is in this repo": no purpose named
    return what or None


# ---- details: what else the sentence of a decision settles ----------------------------------

_CLAUSE = lazy(r"[，；。！？!?：]|[,;:]\s|\.\s|\s+-\s+")
_DETAIL_LEAD = lazy(r"(?i)^(?:ok(?:ay)?|嗯|好的?|行|那就?|就|也|顺便|then|and|also|plus)[\s,，]*")
# "version 用 updated_at", "商品索引叫 goods_v3", "副本给 1"
_SETTLES_ZH = lazy(
    r"(?:^|[\w\u4e00-\u9fff)\]>`]\s*)(?:统一用|只存|不存|(?<![使采应费作以有没不])用(?!了)|走|放|存|加|保留|拆|做(?![一个点完好])|叫|改成"
    r"|改为|调到|就定|定成|定为|给|设(?![计想备施])|写入|直接上|分(?=\s)|统一|按(?![钮照你]))"
    r"\s*[\w\u4e00-\u9fff<`'\"./(（-]"
    # "redis_rate 就行": a name said to be enough
    r"|[\w.-]\s*(?:就行|就好|就够了?|即可)$"
)
# "m=16", "self-hosted on our k8s cluster as a 3-node statefulset", "the key is payment_id"
_SETTLES_EN = lazy(
    r"(?i)\b(?:uses?|as|via|with|in|on|at|is|are|stays?|goes|pinned to|set to|capped at)\s+\S"
    r"|\S\s*=\s*\S"
)
_CONCRETE = lazy(r"\d|[A-Za-z]\w*[_.][\w.]*\w|`|[A-Z]{2,}|[A-Za-z]{3,}")
# "go with FSDP FULL_SHARD, bf16 mixed precision": a short noun phrase holding a name
_NOMINAL_EN = lazy(r"[\w.+/-]+(?:\s+(?:\+\s+)?[\w.+/-]+){0,5}")
_NAME_TOKEN = lazy(r"\b(?=[\w.-]*[A-Za-z])[\w.-]*(?:\d|_|[A-Z]{2})[\w.-]*")
# "activation checkpointing 打开", "exportSchema 打开": a feature turned on or off
_SWITCHED_ZH = lazy(r"^[A-Za-z][\w .-]{1,40}?\s*(?:也|都)?(?:打开|开启|开上|开着|开)$")
# a clause that turns something down, gives a reason, recalls the past or wavers is not a setting
_DETAIL_NOT = lazy(
    r"(?i)不要了|不要(?:再)?用|不考虑|不用了?|别|不想|再说|放弃|弃用|禁止|没选|放心|不折腾|不留了|不再|不搞|算了|改主意|因为|由于|比较好|我看|建议|推荐|"
    r"之前|现在|目前|原来|以前|是不是|用不上|不支持|或者|要么|你给|你先|你来"
    r"|再(?:换|上|迁|改|加|切|考虑)"  # "等用户多了再换 PostgreSQL": a plan for later
    r"|\b(?:is out|dropped|off the table|no longer|instead of|rather than|revert\w*|since|because|"
    r"given|recommend\w*|suggest\w*|reflection|currently|used to|not|don'?t|won'?t|later|if|"
    r"unless|go with|i'?d|or|no|scrap\w*|ditch\w*|kill|overkill|ignore)\b"
    r"|(?i:^as\b)"  # ", as it's already running": a reason
)


# the person's own ways and asides ("I always flash with probe-rs", "我习惯用 pnpm", "fyi …"), and
# talk to the assistant ("你上面给的也是 pnpm 命令")
_ASIDE = lazy(
    r"(?i)\b(?:I|I'm|I'll|I've|I'd|me|my|fyi|btw|someone|keep in mind)\b|我(?!们)|你|习惯|顺便说"
)
_DETAIL_MAX = 90  # a longer clause explains rather than sets


def decided_details(sentence: str, choice: str, *, most: int = 3) -> list[str]:
    """What else the sentence of a decision settles, clause by clause.

    "行，就用 ReplacingMergeTree，version 用 updated_at。" decides ReplacingMergeTree and
    "version 用 updated_at"; "hnsw, m=16 ef_construction=64" decides "m=16 ef_construction=64".
    Clauses that name the choice, turn an option down, give a reason, recall how things were
    or waver are not details; nor is a clause naming nothing concrete. Without a choice, the
    sentence follows the deciding one in its message, and an English clause must give a value
    ("over TLS on 8883", "m=16", "4s segments"): "PnP is going to fight every tool" is talk.
    """
    found: list[str] = []
    chosen = False  # the clause that names the choice is the decision itself
    named = choice.lower().replace("`", "")
    for clause in _CLAUSE.split(sentence):
        c = _DETAIL_LEAD.sub("", clause.strip(" '\"“”，,。.;；:：")).strip()
        if c.count("`") == 2 and c[0] == c[-1] == "`":  # a clause that is one piece of code
            c = c[1:-1]
        low = c.lower().replace("`", "")
        if not c:
            continue
        if named and not chosen and (named in low or low in named):
            chosen = True
            continue
        if low in named or c in found or _restates(low, named):
            continue
        if "[REDACTED:" in c:  # a setting whose value was a secret is no detail to keep
            continue
        taken = _TAKEN_WAY.match(c)
        if taken and _CONCRETE.search(taken["x"]) and not _QUESTION.search(c):
            found.append(taken["x"])  # "SNS→SQS→worker 这个方案可以": the way it names
            continue
        # nor a trial told ("我们用 Tesseract 试了一下效果不好")
        doubts = (_TENTATIVE, _QUESTION, _DETAIL_NOT, _NOT_STACK, _ASIDE, _TRIED)
        if any(p.search(c) for p in doubts):
            continue
        named_value = _NOMINAL_EN.fullmatch(c) and _NAME_TOKEN.search(c)
        valued = is_chinese(c) or _GIVES_VALUE.search(c) or named_value
        if _settles(c) and (named or valued):
            found.append(c)
    return found[:most]


# "SNS→SQS→worker 这个方案可以": a way named, then taken
_TAKEN_WAY = lazy(
    r"^(?P<x>[^，,]{3,60}?)\s*(?:这个方案|这套方案|这个思路|这个做法|这个|这样)\s*"
    r"(?:可以|好|挺好|不错|没问题|就这么定|就这么办)(?:了|吧|的)?$"
)


# "用 xxl-job", "用 APIv2 吧", "就 Redis 了": a clause that only names the choice again
_BARE_CHOICE = lazy(
    r"(?i)^(?:就|那就|还是|also|just)?\s*(?:用|上|选|use|go with)?\s*(?P<x>.+?)"
    r"\s*(?:吧|了|就行|就好)?$"
)


# a value an English clause gives: "at mqtt.greenhouse.local", "on 8883", "m=16", "4s segments"
_GIVES_VALUE = lazy(r"(?i)\b(?:at|on|to|named|called)\s+[\w.-]*[\d_.:/][\w.:/-]*|\S\s*=\s*\S")


# "默认语言 zh-CN", "TTL 180 天": a topic and its value, nothing else (not "接下来 OCR", "反正都是
# A100", "谢谢你 OK": an adverb, a verb or a pronoun is no topic)
_VALUE_ZH = lazy(
    r"^(?:(?!接下来|回头|反正|比如|先|谢谢|你们|我们)(?:(?![是有看写做都个张下])[\u4e00-\u9fff]){2,8}"
    r"\s*[A-Za-z0-9][\w.:/-]*|[A-Za-z][\w.-]{1,20}\s+\d+(?:\.\d+)?)"
    r"\s*(?:[天秒个次条]|分钟|小时)?$"
)


def _restates(clause: str, choice: str) -> bool:
    """Whether `clause` (lower-cased) only names `choice` (lower-cased) again."""
    m = _BARE_CHOICE.match(clause)
    if m is not None and m.group("x") in choice:
        return True
    # "数据库连接池大小改成 50" restates the choice "数据库连接池大小 50"
    return _SET_VERB_ZH.sub("", clause).replace(" ", "") == choice.replace(" ", "")


_SET_VERB_ZH = lazy(r"改成|改为|设成|设为|设置为|定为|定成|调到|调成|换成|统一用|就用|用")


def _settles(clause: str) -> bool:
    """Whether a clause sets something: a verb of setting and a value, a named noun phrase."""
    if is_chinese(clause):
        if _SWITCHED_ZH.match(clause) or _VALUE_ZH.match(clause):
            return True
        return len(clause) <= _DETAIL_MAX and bool(
            _SETTLES_ZH.search(clause) and _CONCRETE.search(clause)
        )
    if _NOMINAL_EN.fullmatch(clause) and _NAME_TOKEN.search(clause):
        return True
    return len(clause) <= _DETAIL_MAX and bool(
        _SETTLES_EN.search(clause) and _CONCRETE.search(clause)
    )


def proposal(sentence: str) -> str | None:
    """The option an assistant recommends in `sentence` ("I'd suggest X", "建议用 X")."""
    if _QUESTION.search(sentence):
        return None
    m = _PROPOSAL.search(sentence)
    if m is None:
        return None
    proposed = m.group("x") or m.group("z") or m.group("w") or ""
    if (ours := _WE_PROPOSED.match(proposed)) is not None:
        # "I suggest we always store timestamps in UTC", "I'd recommend that every PR gets a
        # review": a way of working, said whole; "I suggest we use Redis": the name
        rest = proposed[ours.end() :]
        verb = rest.split(" ", 1)[0].lower()
        if not (_PROPOSED_RULE.match(rest) or (verb in VERBS and technologies(rest))):
            # "I'd suggest we look at the logs first", "I suggest we split the PR": a step
            return None
        proposed = rest
    choice = clip(proposed)
    if re.match(r"(?i)(?:just\s+)?(?:use|go with|pick|stick with)\b", m.group(0)) and not (
        _TECH.match(choice)
    ):
        return None  # "Use the --force flag": advice on what to type, not a choice to keep
    return (
        choice if choice and not _VAGUE.match(choice) and not _ACTION_WORD.match(choice) else None
    )


# what follows "I suggest" when the advice is for us all: "(that) we …", "that every PR …"
_WE_PROPOSED = lazy(r"(?i)(?:that\s+)?we\s+(?:should\s+|must\s+)?|that\s+(?=\S)")
# a way of working said whole after "I suggest we": "always store …", "use Redis", "every PR gets"
_PROPOSED_RULE = lazy(
    r"(?i)(?:always|never|only)\s+[a-z]+\b"
    r"|(?:use|go with|switch to|migrate to|move to|adopt|stick with|stay with|"
    r"standardi[sz]e on|store|model|treat|pin|keep)\s+\S"
    r"|" + _RULE_CLAUSE_TEXT
)


_DEFER = lazy(
    r"(?i)\b(?:not now|later|hold off|wait|no need|not yet|don'?t|let me think|instead)\b"
    r"|先不|暂时不|以后再|再说|等等|不用了|不急|先别"
)


def accepts(message: str) -> bool:
    """True when a short reply accepts what was proposed ("sounds good", "好，就这么办")."""
    text = message.strip()
    first, *rest = re.split(r"[.!。！\n]", text)
    # "…。先迁 shop/api 这一个，别的后面再说": what is put off there is something else
    defers = _DEFER.search(first) or any(_DEFER.search(x) and not _OTHERS.search(x) for x in rest)
    return (
        len(text) <= 200
        and _ACCEPT.match(text) is not None
        and not _NEGATED.search(first)
        and not defers
    )


_OTHERS = lazy(
    r"(?i)别的|其他|其余|剩下的|\bthe rest\b|\bthe others?\b|\bother (?:ones|parts|services)\b"
)


_ADVICE = lazy(
    r"(?i)建议|推荐|可以考虑|或者|\b(?:i (?:suggest|recommend)|you (?:could|might|may want to)|"
    r"consider|alternatively)\b"
)


# "那就用 Envoy Gateway，我建议：", "Use Litestream, I'd recommend it": a choice the assistant
# puts forward as its own advice
_RECOMMENDS = lazy(
    r"(?i)我(?:的)?建议|我推荐|我更倾向|\bI(?:'d| would)? (?:suggest|recommend)\b"
    r"|\bmy (?:suggestion|recommendation)\b"
)


def recommends(sentence: str) -> bool:
    """Whether a sentence of the assistant puts its choice forward as advice."""
    return _RECOMMENDS.search(sentence) is not None


def advises(sentence: str) -> bool:
    """Whether a sentence gives advice ("建议 …，或者以后用 HF_TOKEN"), which decides nothing."""
    return _ADVICE.search(sentence) is not None


def is_question(sentence: str) -> bool:
    """True when `sentence` asks rather than states ("Replace logrus with zap I guess?")."""
    return _QUESTION.search(sentence) is not None


def tentative(sentence: str) -> bool:
    """True for hedged talk ("maybe we could", "试试", "也许"): not a decision."""
    return _TENTATIVE.search(sentence) is not None


_STRONG_REVERSAL = lazy(
    r"(?i)\b(?:actually|on second thought|scratch that|scrap that|change of plan|new plan|"
    r"changed my mind|on reflection|never mind|final answer|after all)\b"
    r"|改主意|算了|还是|不对|重新考虑|最终"
)


_SWITCH_WORD = lazy(
    r"(?i)\b(?:switch(?:ing)? to|move to|migrate to|replac(?:e|ing))\b"
    r"|改成|改用|换成|换用|改为|换到|切到|(?:^|[，,。；;\s])[改换]\s*[A-Za-z]"
)


# "那存档改用 System.Text.Json", "switch the saves to JSON": what part of the project a switch is
# about, so that the choice made for that part earlier goes
_SWITCHED_PART = lazy(
    r"(?P<zh>[\u4e00-\u9fff]{2,5}?)(?:就|都|也|这块|这边|还是)?(?:改用|换成|换用|改为|改成)\s*[A-Za-z`]"
    r"|(?i:\bswitch(?:ing)? (?:the |our )?(?P<en>[a-z][\w-]*(?: [a-z][\w-]*)?) (?:over )?to\b)"
)
_NO_PART = frozenset(
    {"我们", "咱们", "统一", "全部", "还是", "直接", "现在", "以后", "后面", "然后", "这个",
     "那个", "it", "everything", "all", "them", "this", "that"}
)  # fmt: skip


def switched_part(sentence: str) -> str | None:
    """The part of the project a switch names ("那存档改用 X" → "存档"), or None."""
    m = _SWITCHED_PART.search(sentence)
    if m is None:
        return None
    part = (m["zh"] or "").lstrip("那就都也") or (m["en"] or "").lower()
    return part if len(part) >= 2 and part not in _NO_PART else None


# "把 npm 换成了 pnpm", "switched npm to pnpm", "swapped Jest for Vitest": one tool put in the
# place of another, with no "from" (see `swapped_tools`)
_SWAPPED = lazy(
    r"(?:把|将)?\s*(?P<old>[A-Za-z][\w.+#-]*|" + _ZH_PRODUCT + r")\s*(?:也|都)?"
    r"(?:换成|改成|替换成|切换成|切成|换为|改为)了?\s*"
    r"(?P<new>[A-Za-z][\w.+#-]*|" + _ZH_PRODUCT + r")"
    # not "moved Postgres to RDS": where a thing runs is no swap of it
    r"|(?i:\b(?:switch(?:ed|es|ing)?|swap(?:s|ped|ping)?|chang(?:e|es|ed|ing))\s+"
    r"(?P<old_en>[A-Za-z][\w.+#-]*)\s+(?:to|for|with|over to)\s+(?P<new_en>[A-Za-z][\w.+#-]*))"
)


def swapped_tools(sentence: str) -> tuple[str, str] | None:
    """(old, new) when a sentence puts one known tool in the place of another of its kind.

    "把 Node 从 16 升级到 20 了，顺便把 npm 换成了 pnpm", "upgraded Node to 20 and switched npm
    to pnpm": npm goes, pnpm comes. Both names must be known and fill the same role, so
    "switch the cache to Redis" (a part, not a tool) and "改成 ntasks=1" name no swap.
    """
    for m in _SWAPPED.finditer(sentence):
        before = re.split(r"[，,；;。.]\s", sentence[: m.start()])[-1]
        if _NEGATED.search(before) or _WISH.search(before) or re.search(r"别|先不|暂时不", before):
            continue  # "先别把 npm 换成 pnpm", "if we switched npm to pnpm": no swap made
        old, new = (m["old"], m["new"]) if m["old"] else (m["old_en"], m["new_en"])
        old, new = old.rstrip("."), new.rstrip(".")  # "… swapped Poetry for uv."
        olds, news = technologies(old), technologies(new)
        if len(olds) != 1 or len(news) != 1 or olds == news:
            continue
        if not (_TECH.fullmatch(old) and _TECH.fullmatch(new)):
            continue  # "switch the Redis cache to …": a name in a longer phrase
        if _role(olds[0]) == _role(news[0]):  # a swap replaces, in a shared role too
            return old, new
    return None


def switches(sentence: str) -> bool:
    """True when `sentence` moves from one thing to another ("改 H3", "switch to Kafka")."""
    return _SWITCH_WORD.search(sentence) is not None


def overrides(sentence: str) -> bool:
    """True for an outright change of mind ("actually", "scrap that", "算了，还是 ...")."""
    return _STRONG_REVERSAL.search(sentence) is not None


def reverses(sentence: str) -> bool:
    """True when `sentence` changes an earlier choice ("actually, ...", "还是 ...")."""
    return _REVERSAL.search(sentence) is not None


_REFUSAL = lazy(
    r"(?i)\b(?:no|not|don'?t use|drop|skip|forget(?: about)?|scrap|not bother with|"
    r"let'?s not (?:bother with|use|do|go with)|is out|is off the table|is a no-go|"
    r"dealbreaker)\b|不用|不要用?|别用|放弃|不考虑|太重了|算了|不要了"
)
_REFUSES_AHEAD = lazy(
    r"(?i)no|don'?t use|drop|skip|forget(?: about)?|scrap|not bother with|let'?s not .+|"
    r"别用|不要用?|不用|放弃|不考虑"
)
_NAMED_OUT = lazy(
    r"(?i)(?P<x>[A-Za-z][\w.+-]{1,30}(?: [A-Z][\w.+-]{1,20})?)\s*(?:is out\b|is off the table|"
    r"is a no-go|也?不要了|(?:就|先)?不用了|不考虑了?|(?:先|就)?不(?:搞|弄|折腾|上|换)了|"
    r"(?:就|也)?不行了|(?:先|就|还是)算了)"
)


def _named(words: str) -> str:
    """A name without the lower-case words before it ("so PostHog" is PostHog)."""
    tokens = words.split()
    while len(tokens) > 1 and tokens[0].islower():
        tokens.pop(0)
    return " ".join(tokens)


def named_out(sentence: str) -> list[str]:
    """Names a sentence rules out in so many words ("Pulsar 不考虑了", "PostHog is out")."""
    return list(dict.fromkeys(_named(m.group("x")).lower() for m in _NAMED_OUT.finditer(sentence)))


_DROPPED_NAME = lazy(
    r"(?i:\b(?:drop(?:ping)?|ditch(?:ing)?|scrap(?:ping)?|retir(?:e|ing)|kill(?:ing)?|"
    r"get(?:ting)? rid of)\s+(?:the\s+)?)(?P<x>[A-Z][\w.+-]{1,30})"
)


def refused(sentence: str) -> list[str]:
    """Technologies a sentence turns down.

    "let's not bother with Tailwind", "dropping the ENet relay": known ones near a refusal,
    any Capitalised name right after a verb of it.
    """
    out = [_named(m.group("x")).lower() for m in _NAMED_OUT.finditer(sentence)]
    out += [m.group("x").rstrip(".").lower() for m in _DROPPED_NAME.finditer(sentence)]
    for m in _REFUSAL.finditer(sentence):
        # "InfluxDB 算了" gives up what came before; "算了，换 TDengine" chooses what follows;
        # "Keycloak then, no Auth0" turns down only what follows a word put before its object
        behind = m.group() == "算了" or sentence.startswith("了", m.end())  # "Redis 不用了"
        after = 0 if behind else 40
        ahead = _REFUSES_AHEAD.fullmatch(m.group()) and not behind
        if ahead:  # "放弃 Kafka，改用 Redis Stream": to the end of its clause
            clause = re.search(r"[，,;；。]", sentence[m.end() :])
            after = min(after, clause.start() if clause else after)
        window = sentence[max(0, m.start() - (0 if ahead else 30)) : m.end() + after]
        out += technologies(window)
    return list(dict.fromkeys(out))


def rejected(sentence: str) -> list[str]:
    """Options `sentence` turns down without choosing another ("no Redux", "不用 Redux 了")."""
    m = re.search(
        r"(?i)\b(?:no|not|don'?t use|drop|skip|scrap|scratch|ditch|forget(?: about)?|rip out|"
        r"get rid of)\s+(?P<x>[\w.+# -]{2,30})",
        sentence,
    )
    if m is None:
        m = re.search(
            r"(?:不用|不要用?|别用|放弃)(?:了)?(?P<x>[^，。,；;!！?？了吧]{2,20})", sentence
        )
    if m is None:
        return []
    gone = re.sub(
        r"(?i)\s+(?:please|pls|then|too|as well|for now|entirely|stuff|things?|code|bits)$",
        "",
        re.sub(r"(?i)^the\s+", "", m.group("x").rstrip(" .")),
    )
    if gone.lower() in ("that", "this", "it", "them", "those", "these", "the idea", "the plan"):
        return []  # "scrap that" takes back what was just said: a reversal, not an option
    return [clip(gone)]  # "Drop zap please." turns down zap


# ---- finished work (changelog) --------------------------------------------------------------

_DONE_EN = lazy(
    # a short label may come first: "For the record: I flashed …", "Context for planning: …"
    r"(?i)^(?:(?!done|fixed|finished|completed)[a-z]+(?:\s+[a-z]+){0,3}:\s+(?=(?:i|we)\b))?"
    r"(?:(?:unrelated|update|fyi|btw|also|and|then|so|ok|okay|yesterday|today|earlier|"
    r"finally)[,:]?\s+){0,2}"
    r"(?:(?:done|finished|completed)\s*[:!,.\u2014\u2013-]*\s+|✓\s*|✅\s*|"
    r"(?:i|we)(?:'ve| have)?\s+(?:just\s+|now\s+|also\s+|successfully\s+|already\s+)?|"
    r"just\s+|)"
    r"(?P<verb>fixed|added|implemented|released|shipped|deployed|refactored|removed|upgraded|"
    r"flashed|pushed|landed|rolled out|tagged|committed|finished|completed|"
    r"migrated|optimi[sz]ed|documented|merged|bumped|published|introduced|rewrote|renamed|"
    r"resolved|patched|enabled|disabled|configured|set up|updated|created|wrote|moved|replaced|"
    r"swapped|switched|converted|ported|integrated|wired up|hooked up|cleaned up|deleted|"
    r"dropped support for|reworked|redesigned|rolled back|reverted)[:：]?\s+(?P<x>.+)"
)
_DONE_ZH = lazy(
    r"(?:已经?|刚刚?|终于|成功)(?:全部|都)?(?P<verb>修复|新增|添加|实现|发布|发版|上线|完成|升级|升到|重构|优化|"
    r"部署|迁移|合并|更新|配置|接入|迁到|迁移到|切到|搬到|换到)了?(?P<x>.+)"
    r"|(?P<verb2>修复了|修好了|解决了|新增了|添加了|删掉了|删除了|去掉了|移除了|下线了|重做了|加了|实现了|发布了|上线了|完成了|升级了|重构了|优化了|回滚了|"
    r"部署了|迁移了|合并了|更新了|配置了|改好了|接入了|搞定了|修了|修掉了|改了|加上了|加到|加进|装好了|配好了|搭好了|建好了|写好了|做好了|弄好了|加好了|改完了|做完了|写完了|弄完了|修完了|接好了|接上了|调好了|跑通了|清洗完了|跑完了|迁完了|导完了|导入完了|测完了|配完了|装完了|搭完了|"
    r"迁移完了|升级完了|部署完了|合完了|(?i:fix)\s*了|(?<=问题)\s?(?i:fixed)(?=\s*[✅!！。]|$))(?P<x2>.*)"
    r"|(?P<verb3>已完成|搞定了?|已修复|完成了|完成|改完了|做完了)[：:，,]\s*(?P<x3>.+)"
    r"|(?P<verb5>已(?:经)?从).{1,30}?(?:切到|迁到|换到|迁移到|改到|改成)(?P<x5>.+)"
    r"|(?P<verb6>换成|改成了?|改为|切到|迁到|升级到|改写成|重写成|合进|合到|合入|推到|发到|写好)\s*"
    r"(?P<x6>[^，,。；;：:]{1,40}?)\s*了(?=$|[，,。；;：:！!])"
    r"|(?:已经?|刚刚?|昨天|上周)?(?P<verb4>把)(?P<x4>.{1,40}?(?:换成|改成|替换成|迁到|迁移到|升级到|改为|导入|导进|\S{1,6}\s?到)"
    r"(?:.{1,40}?(?=了)|了\s*[^，,。；;]{1,40}))了?"
)
_DONE_PASSIVE = lazy(
    r"(?i)^(?:(?:unrelated|update|fyi|btw|also|and|so|ok|okay)[,:]?\s+)*"
    # "PR #318 is merged": a number of a pull request or an issue is a name too
    r"(?P<x>[\w`'./@#-]+(?:\s+[\w`'./@#-]+){0,4}?)\s+(?:is|are|has been|have been)\s+"
    r"(?:now\s+|all\s+|finally\s+)*(?P<verb>deployed|fixed|merged|released|shipped|migrated|"
    r"upgraded|rolled out)\b"
    r"|^(?:(?:unrelated|update|fyi|btw|also|and|so|ok|okay)[,:]?\s+)*"
    r"(?P<x2>[\w`'./@#-]+(?:\s+[\w`'./@#-]+){0,4}?)\s+(?P<verb2>went live|went out|got merged|"
    r"got deployed|got released|is live|is in(?=\s*(?:[,;!]|\.(?!\w)|$)))\b"
)
# "…，desync fixed。": a thing, then fixed, closing the sentence
_FIXED_LAST = lazy(
    r"(?i)(?:^|[，,;；]\s*)(?P<x>[A-Za-z][\w`'./@-]*(?:\s+[\w`'./@-]+){0,2}?)\s+"
    r"(?:fixed|resolved|solved)\s*[.!。！]?$"
    # "The CSV export was broken for large files; fixed by streaming the rows."
    r"|^(?P<y>(?:the\s+)?[A-Za-z][^;]{3,80}?)\s+(?:was|were)\s+(?:broken|failing|crashing|wrong)\b"
    r"[^;]*;\s*fixed\s+(?:it\s+|that\s+)?(?:by|with)\s+\S"
)
# "The migration to Postgres is done.": a piece of work named, finished
_DONE_WORK_NOUN = lazy(
    r"(?i)^(?:(?:unrelated|update|fyi|btw|also|and|so|ok|okay)[,:]?\s+)?(?P<x>(?:the\s+)?"
    r"(?:[\w`'./@-]+\s+){0,2}?(?P<noun>migration|upgrade|refactor(?:ing)?|rewrite|port|rollout|"
    r"integration|setup|switch|move)(?:\s+(?:to|of|from|for)\s+[\w`'./@ -]{2,40}?)?)\s+"
    r"(?:is|has been|was)\s+(?:now\s+|finally\s+|all\s+)?(?:done|complete|completed|finished)\b"
)
_NOUN_KINDS = {"upgrade": "chore", "rollout": "deploy", "integration": "feat", "setup": "config"}
_PASSIVE_LEAD = lazy(r"(?i)^(?:(?:unrelated|update|fyi|btw|also|and|so|ok|okay)[,:]?\s+)+")
_DONE_LIST_EN = lazy(r"(?i)^(?:done|all done|finished|completed)\s*[:\u2014\u2013-]\s*(?P<x>.+)")
_TYPES = (
    ("fix", ("fix", "resolv", "patch", "修", "解决")),
    ("deploy", ("deploy", "shipped", "rolled back", "部署", "上线", "回滚")),
    ("perf", ("optimi", "优化")),
    (
        "refactor",
        (
            "refactor",
            "reworked",
            "redesigned",
            "重做",
            "把",
            "rewrote",
            "renamed",
            "moved",
            "replaced",
            "swapped",
            "switched",
            "converted",
            "ported",
            "改写",
            "重写",
            "重构",
            "迁移",
            "迁完",
        ),
    ),
    ("docs", ("document",)),
    ("config", ("configur", "set up", "enabled", "disabled", "flashed", "配置", "配好", "装好")),
    (
        "chore",
        (
            "bumped",
            "upgraded",
            "cleaned up",
            "dropped support",
            "升级",
            "升到",  # "把 Python 从 3.8 升到了 3.11"
            "updated",
            "更新",
            "搞定",
            "跑通",
            "跑完",
            "清洗完",
            "导完",
            "导入完",
            "测完",
        ),
    ),
    (
        "feat",
        (
            "added",
            "implement",
            "introduc",
            "created",
            "wrote",
            "新增",
            "添加",
            "加了",
            "加好",
            "加上",
            "加到",
            "加进",
            "实现",
            "搭好",
            "建好",
            "写好",
            "写完",
            "做好",
            "做完",
            "弄好",
            "弄完",
        ),
    ),
    (
        "other",
        ("released", "published", "发布", "完成", "改好", "removed", "删", "去掉", "移除", "下线"),
    ),
)
_VERSION = lazy(r"(?i)\bv?\d+\.\d+(?:\.\d+)?(?:[-+][\w.]+)?\b")
# When the verb says only that work ended ("pushed", "committed", "搞定了"), what it was about
# tells the kind ("Pushed the fix for ...", "图片已经全部迁到 R2 了").
_OBJECT_TYPES = (
    ("fix", lazy(r"(?i)\bfix|\bbug|修复|修好|修了|修掉")),
    ("deploy", lazy(r"(?i)\bdeploy|部署|上线|发到了?(?:预发|生产|线上|staging)")),
    ("refactor", lazy(r"(?i)\bmigrat|\bswitch|迁到|迁移|切到|换到|换成|改用|改成|改为")),
    ("feat", lazy(r"(?i)\badds?\b|\bnew\b|加了|加上|加到|加进|新增|新建|加好")),
)


class Work(NamedTuple):
    """A piece of work stated as done."""

    type: str
    summary: str
    version: str | None
    named: bool = True  # False: "跑通了，18 万行 3 秒" reports a result, not what was done


_FILLER_ZH = lazy(r"好的|懂了|明白了?|知道了|收到|嗯+|哦+|ok|OK|行|对|是的|谢谢|感谢|👌|👍")
# work asked for, planned ("准备上热更新了") or done by habit ("我习惯…跑通了再…")
_TODO_ZH = lazy(r"记得|别忘|需要|要把|得把|请把|帮我|麻烦|可以把|应该|准备|打算|计划|习惯")
# Words a Chinese clause may hold before its verb without naming what was done.
_NO_SUBJECT = lazy(r"[我你他她们它咱昨今明前后天刚才已经都也就先终于总算这那个]")


# a symptom counted ("余额加了两遍"), a cause explained, or what others say they did
_NOT_WORK = lazy(
    r"(?:加|扣|发|跑|执行|调用|触发)了(?:一|两|三|几|多|好几)(?:遍|次)"
    r"|^(?:原因是|是因为|因为)|(?:他们|她|他|别人|同事)说|听说|据说"
    r"|^那就?(?:改|换)了[，,]"  # "那改了，Redis Pub/Sub 不用了，…": then change it
    r"|(?i:^(?:the (?:cause|reason|root cause) (?:is|was)|because)\b)"
)


def _capitalised(summary: str) -> str:
    """`summary` opening with a capital, unless its first word is a name as written.

    "fixed the login loop" becomes "Fixed the login loop", "schema 导出到 …" "Schema 导出到 …";
    "v2.3.0 昨天上线了", "k8s 升级完了" and "npm 换成 pnpm 了" stay as they are.
    """
    first = summary.split(" ", 1)[0]
    if not summary or re.search(r"\d", first) or _TECH.fullmatch(first):
        return summary
    return summary[0].upper() + summary[1:]


def finished_work(sentence: str) -> Work | None:
    """The finished work `sentence` reports ("Fixed the login loop", "修复了登录问题")."""
    if _QUESTION.search(sentence) or _TENTATIVE.search(sentence) or _NOT_WORK.search(sentence):
        return None
    if (bare := _BARE_FIX.match(sentence)) and (more := finished_work(sentence[bare.end() :])):
        return more  # "fixed, and added the updates listener": what else was done names it
    return _done_work(sentence)


def _done_work(sentence: str) -> Work | None:
    """The finished work a sentence that is no question or doubt reports."""
    m = _DONE_EN.search(sentence)
    if m is None and is_chinese(sentence):
        m = _DONE_ZH.search(sentence)
    if m is None:
        return _passive_work(sentence) or _listed_work(sentence)
    vkey, xkey = next(
        ((v, x) for v, x in _VERB_GROUPS if m.groupdict().get(v)),
        ("verb", "x"),
    )
    what = m.group(xkey).strip()
    if m.re == _DONE_ZH and re.match(r"一下|下子|一点", what):
        # "我改了一下，…，修复已经合并到 main 了": the report is in a later clause
        rest = re.split(r"[，,；;]", sentence[m.end(vkey) :], maxsplit=1)
        return finished_work(rest[1]) if len(rest) == 2 else None
    if m.re == _DONE_ZH and len(what) < 3 and vkey in ("verb", "verb2", "verb6"):
        clause = _chinese_clause(sentence, m, vkey)  # "OOM 解决了": what was done comes first
        what = _FILLER_ZH.sub("", clause[: len(clause) - len(m.group(vkey))] if clause else "")
        what = _NO_SUBJECT.sub("", what).strip(" ，,。")
    if len(what) < 3 or not _reports_done(sentence, m, vkey, xkey):
        return None
    then = _after_bare_report(sentence, m, vkey, xkey)
    named = then is None or finished_work(then) is not None or bool(_DONE_ZH.search(then))
    kind = _work_kind(sentence, m.group(vkey), what)
    if vkey == "verb4" and (inner := _kind(what)) != "other":
        kind = inner  # "把 Django 升级到了 5.0": the verb after 把 says what kind of work
    summary = sentence[m.start(vkey) :].strip().rstrip(".。!！")
    if vkey != "verb3" and m.re == _DONE_ZH:
        summary = _PASSIVE_LEAD.sub("", _chinese_clause(sentence, m, vkey) or summary)
        summary += _more_done(sentence[sentence.find(summary) + len(summary) :], summary)
    elif vkey == "verb3":
        summary = m.group(xkey).strip().rstrip(".。!！✅")
    summary = summary.rstrip(":：")
    summary = _capitalised(summary)
    # "从 4.2 升级到了 5.0", "from 4.2 to 5.0": the version moved to
    moved_to = re.split(r"到了?|\bto\b", what)[-1] if re.search(r"到|\bto\b", what) else ""
    version = _VERSION.search(moved_to) or _VERSION.search(what)
    return Work(kind, summary, version.group(0) if version else None, named)


# a fix reported bare, then more work done: "fixed, and added …", "Fixed it; also removed …"
_BARE_FIX = lazy(r"(?i)^\W*(?:fixed|sorted|done)(?:\s+it)?\s*[,;]\s*(?:and\s+|also\s+)+")


_VERB_GROUPS = (
    ("verb", "x"),
    ("verb2", "x2"),
    ("verb3", "x3"),
    ("verb4", "x4"),
    ("verb5", "x5"),
    ("verb6", "x6"),
)


def _kind(verb: str) -> str:
    return next((t for t, stems in _TYPES if any(s in verb for s in stems)), "other")


def _work_kind(sentence: str, verb: str, what: str) -> str:
    """The kind of the work `verb` reports, from what was done when the verb does not tell."""
    if verb == "把" and re.search("导入|导进", what):  # "把 3000 万题导入 X 了": data, no code
        return "chore"
    kind = _kind(verb.lower())
    if kind == "other":
        kind = next((t for t, p in _OBJECT_TYPES if p.search(sentence)), "other")
    return kind


def _reports_done(sentence: str, m: re.Match[str], vkey: str, xkey: str) -> bool:
    """False for a verb that is negated, asked for, or told how to do rather than done."""
    before = sentence[: m.start(vkey)]
    if _NEGATED.search(before):
        return False
    if m.re == _DONE_ZH and _TODO_ZH.search(before):
        return False  # "记得把域名加到…里": asks for work, reports none
    if m.re == _DONE_ZH and before.endswith("白"):
        return False  # "白加了": done for nothing
    if m.re == _DONE_ZH and (
        re.search(r"等(?:我|你|他|它|咱|我们)|之后再|以后再|再说", sentence)
        or sentence.startswith("再", m.end(vkey))
    ):
        return False  # "等我跑完了再说", "跑通了再改成 sbatch": a condition for later
    if m.group(vkey) in ("加到", "加进"):
        # "加到 `.bashrc` 里就行": how to do it; "已经加到 … 了": done
        return bool(re.search(r"已|了", sentence[max(0, m.start(vkey) - 6) : m.end(xkey)]))
    return True


_PRONOUN_DONE = lazy(r"(?i)^(?:it|that|this|them|those|these)\s*(?:[,:;.!\u2014\u2013-]|and\b|$)")
_BARE_END = lazy(r"了?\s*(?:[，,。！!；;]|$)")  # a colon lists what was done: "改好了：…"


def _after_bare_report(sentence: str, m: re.Match[str], vkey: str, xkey: str) -> str | None:
    """What follows a report that names no work ("搞定了，…", "Fixed it, …"), else None.

    Such a report names work only if what follows reports work of its own.
    """
    if m.re == _DONE_EN:
        pronoun = _PRONOUN_DONE.match(m.group(xkey))
        return m.group(xkey)[pronoun.end() :].strip() if pronoun else None
    before = _NO_SUBJECT.sub("", _FILLER_ZH.sub("", sentence[: m.start(vkey)]))
    after = _BARE_END.match(sentence, m.end(vkey))
    if before.strip(" ，,。.!！~～") or after is None or vkey in ("verb4", "verb5", "verb6"):
        return None
    return sentence[after.end() :]


def _more_done(rest: str, summary: str) -> str:
    """The clauses right after a Chinese report of work that report work too.

    "写法改完了，XSS 修掉了，安全组复测通过": the fix the first clause leaves out. A short
    report keeps the detail after it ("登录流程已经跑通了，wx.login → code2Session …").
    """
    clauses = [c for c in re.split(r"(?=[，,；;])", rest) if c.strip(" ，,；;。")][:4]
    done = [n for n, c in enumerate(clauses) if _DONE_ZH.search(c)]
    if done:
        return "".join(clauses[: done[-1] + 1]).rstrip(" 。.！!")
    detail = re.match(r"\s*[，,]\s*([^，,。；;]{3,60})", rest) if len(summary) <= 12 else None
    return f"，{detail[1].strip()}" if detail and re.search(r"[A-Za-z]", detail[1]) else ""


def _chinese_clause(sentence: str, m: re.Match[str], vkey: str) -> str | None:
    """The clause around a Chinese verb: Chinese puts what was done before the verb."""
    start = max(sentence.rfind(c, 0, m.start(vkey)) for c in "，,。；;：:") + 1
    end = min(
        (i for i in (sentence.find(c, m.end(vkey)) for c in "，,。；;") if i >= 0),
        default=len(sentence),
    )
    subject_first = vkey in ("verb", "verb2")  # 把 X … and 已从 X … name it after the verb
    if (
        subject_first
        and start > 0
        and not _NO_SUBJECT.sub("", sentence[start : m.start(vkey)]).strip()
    ):
        # "…缓存一直没命中，我昨天已经修好了": what was fixed is the clause before
        start = max(sentence.rfind(c, 0, start - 1) for c in "，,。；;：:") + 1
    clause = sentence[start:end].strip(" ✅👍🎉")
    return clause if len(clause) > len(m.group(vkey)) + 1 else None


_NOW_STATE = lazy(
    r"(?i)^(?:(?:done|ok|so)[:,]?\s+)?(?P<x>(?:the\s+)?[`\w./-]+(?:\s+[`\w./-]+){0,3}?)\s+"
    r"(?:is|are)\s+now\s+(?P<y>\S.{8,})"
)


_BAD_STATE = lazy(
    r"(?i)\b(?:broken|fail\w*|error\w*|down|slow\w*|wrong|missing|gone|outdated|deprecated|"
    r"stuck|flaky|in this|exposed|leaked|public)\b"
)


def _passive_work(sentence: str) -> Work | None:
    """Work told in the passive: "Triton is deployed to staging", "the bug has been fixed"."""
    passive = _DONE_PASSIVE.match(sentence)
    if passive is not None and passive.group("verb2"):
        if _VAGUE.match(passive.group("x2")):
            return None
        summary = _PASSIVE_LEAD.sub("", sentence).strip().rstrip(".。!！")
        kind = "feat" if passive.group("verb2").lower() == "is in" else "deploy"
        return Work(kind, _capitalised(summary), None)  # "1.4.2 went live ..."
    now = _NOW_STATE.match(sentence) if passive is None else None
    if now and not _VAGUE.match(now["x"]) and not _BAD_STATE.search(now["y"]):
        # "The Dockerfile is now a multi-stage build ...": the state work left behind
        summary = sentence.strip().rstrip(".。!！:：")
        kind = next((t for t, p in _OBJECT_TYPES if p.search(sentence)), "refactor")
        return Work(kind, _capitalised(summary), None)
    noun = _DONE_WORK_NOUN.match(sentence) if passive is None else None
    named = (
        noun is not None and re.sub(r"(?i)^the\s+", "", noun["x"]).lower() != noun["noun"].lower()
    )
    if noun is not None and named:  # "the setup is done" does not say which
        summary = _PASSIVE_LEAD.sub("", sentence).strip().rstrip(".。!！")
        kind = _NOUN_KINDS.get(noun["noun"].lower(), "refactor")
        return Work(kind, _capitalised(summary), None)
    last = _FIXED_LAST.search(sentence) if passive is None else None
    if last is not None and not _VAGUE.match(last["x"] or last["y"]):
        return Work("fix", sentence.strip().rstrip(".。!！"), None)
    if passive is None or _NEGATED.search(passive.group("x")) or _VAGUE.match(passive.group("x")):
        return None  # "it is fixed" names nothing
    summary = _PASSIVE_LEAD.sub("", sentence).strip().rstrip(".。!！")
    return Work(_kind(passive.group("verb").lower()), _capitalised(summary), None)


def _listed_work(sentence: str) -> Work | None:
    """Work after a "Done:" lead ("Done: the export job retries now")."""
    done = _DONE_LIST_EN.match(sentence)
    if done is None or len(done.group("x")) < 8:
        return None
    return Work("other", done.group("x").strip().rstrip(".。"), None)


# ---- project facts --------------------------------------------------------------------------

_URL = lazy(r"https?://[^\s<>\"'`)\]，。]+")
_DEPLOY_WORDS = lazy(
    r"(?i)\b(?:deploy(?:ed|ment)?|live at|is live|now live|went live|production|prod|preview|"
    r"staging|hosted|host it|host them|hosting)\b|部署|上线|线上|生产|预发"
)
_NOT_DEPLOYED = (
    "github.com",
    "gitlab.com",
    "bitbucket.org",
    "stackoverflow.com",
    "npmjs.com",
    "pypi.org",
    "localhost",
    "127.0.0.1",
    "0.0.0.0",
    "example.com",
    "openai.com",
    "google.com",
    "vercel.com",
    "netlify.com",
    "dash.cloudflare.com",
    "fly.io",
    "docs.",
)
_INTERNAL_HOST = lazy(
    r"(?:\.svc|\.cluster\.local|\.internal|\.local|\.lan|\.corp)$"
    r"|^(?:10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)|^[^.]+$"
)
_FAILED = lazy(r"(?i)\b(?:failed|failing|broken|error|down)\b|失败|报错|挂了")
_HOSTS = (
    ("vercel", ("vercel.app", "vercel.com")),
    ("netlify", ("netlify.app", "netlify.com")),
    ("cloudflare", ("workers.dev", "pages.dev")),
    ("fly", ("fly.dev",)),
    ("heroku", ("herokuapp.com",)),
    ("render", ("onrender.com",)),
    ("railway", ("railway.app", "up.railway.app")),
)
_STAGING = lazy(r"(?i)\bstaging\b|预发|测试环境")


class Deployment(NamedTuple):
    """A deployment stated in a sentence."""

    service: str
    url: str
    status: str


def deployment(sentence: str) -> Deployment | None:
    """The deployment URL a sentence reports ("deployed to https://x.vercel.app")."""
    if _QUESTION.search(sentence) or _TENTATIVE.search(sentence):
        return None
    url = _URL.search(sentence)
    if url is None or not _DEPLOY_WORDS.search(sentence):
        return None
    address = url.group(0).rstrip(".,;:!")
    host = address.split("/")[2].lower()
    if any(host == h or host.endswith("." + h) or host.startswith(h) for h in _NOT_DEPLOYED):
        return None
    if _INTERNAL_HOST.search(host.split(":")[0]):
        return None  # "http://loki-gateway.logging.svc": an address inside a cluster or network
    service = next((s for s, ends in _HOSTS if any(host.endswith(e) for e in ends)), None)
    if service is None:
        named = [t for t in technologies(sentence) if _role(t) == "hosting"]
        service = named[0].replace(".io", "") if named else "production"
    if _STAGING.search(sentence):
        service = f"{service}-staging" if service != "production" else "staging"
    status = "failed" if _FAILED.search(sentence) else "active"
    return Deployment(service, address, status)


_USES_EN = lazy(
    r"(?i)\b(?:(?:the|this|our)\s+(?:(?:mobile|web|ios|android|desktop|admin|main)\s+)?"
    r"(?:project|app|repo|codebase|backend|frontend|service|"
    r"monorepo|api|site|server|web app|bot|cli|game|extension|plugin|pipeline|worker|firmware|"
    r"team)|we|our stack|it|everything)(?:\s+|(?='))"
    r"(?:already\s+|also\s+|now\s+|currently\s+|still\s+|will\s+|'ll\s+)*"
    r"(?:uses|use|is using|are using|is an?|is built as an?|is|'s|have|has|run|runs|are running|"
    r"runs on|is built (?:with|on)|is written in|relies on|'re on|are on|'re using|'re|"
    r"host (?:everything |it |this )?on|deploy (?:everything |it |this )?(?:on|to))\s+"
    r"(?P<x>.+)"
    # "Search is powered by Meilisearch", "errors go to Sentry", "CI runs on CircleCI": what a
    # concern of the project is handled by, when a known name follows
    r"|(?:^|[,;]\s*|\b(?:the|our)\s+)(?:infra(?:structure)?|ci|cd|search|auth(?:entication)?|"
    r"hosting|monitoring|logging|logs|e-?mails?|payments?|analytics|storage|error tracking|errors|"
    r"feature flags|flags|deploys?|deployments?|background jobs|jobs|caching|state management|"
    r"styling|observability|metrics|tracing|notifications|push notifications|sms|cdn|dns|"
    r"secrets)\s+(?:is all|are all|is|are|is powered by|are powered by|is handled by|"
    r"are handled by|is done (?:with|by|in)|runs? on|go(?:es)? (?:out )?(?:through|via)|"
    r"go(?:es)? to|are sent (?:with|through|via)|lives? in|uses?)\s+(?P<t>.+)"
    r"|\b(?:app|service|api|project|backend|site|monolith)\s*\((?P<w>[^)]{3,80})\)"
    # "I'm building a recipe sharing app with SvelteKit and Supabase"
    r"|\b(?:i'?m|we'?re|i am|we are)\s+(?:building|making|writing|developing|creating)\s+"
    r"(?:an?|the|my|our|this)\s+[^.;:!?]{0,60}?\s+(?:with|using|in|on top of)\s+(?P<u>.+)"
    r"|(?:\b(?:our|the)\s+|^)(?:(?:final|current|new|whole|full)\s+)?(?:tech\s+)?"
    r"(?P<role>database|db|backend|frontend|stack|orm|cache|queue|"
    r"package manager|test runner|ci|worker|server)(?:\s+is\s+|\s*:\s*)(?P<y>.+)"
    # "our SFU is mediasoup v3": any part of ours, when a known name follows
    r"|\bour\s+(?!(?:problem|issue|bug|error|question|concern|bottleneck|worry)\b)"
    r"(?:[A-Za-z][\w-]{1,20})"
    # "our data warehouse is BigQuery": two words when the second names a kind of system
    r"(?:\s+(?:warehouse|queue|broker|storage|store|engine|database|system|manager|runner|"
    r"provider|tracker|tracking|framework|cluster|hosting|platform|cache|gateway|proxy|"
    r"registry|bus|orchestrator|scheduler))?\s+(?:is|runs on|is built on|uses)\s+"
    r"(?!(?:that|the|a|an|not|very|too|so|just|still|also)\b)(?P<v>.+)"
)
_USES_ZH = lazy(
    r"(?:项目|本项目|这个项目|我们|后端|前端|服务|数据库|框架|技术栈)"
    r"(?:的[\u4e00-\u9fff]{2,6}?(?=是|用)|[\u4e00-\u9fff]{0,4}?)"  # "我们的消息队列是 RabbitMQ"
    r"(?:现在|目前|也|的)?(?:使用|用的是|采用的是|基于|使用的是|跑在|是|用|为|走|"
    r"(?:部署|运行|托管)在)?\s*"
    r"(?:现有的|已有的|原来的|自己的)?\s*(?:阿里云|腾讯云|华为云|火山引擎|百度智能云|天翼云)?\s*"
    r"(?P<x>[A-Za-z][^，。；;！!？?]*)"
    # "CI 是 GitHub Actions", "GitOps 用的是 Argo CD": any topic, when a known name follows
    r"|(?<![^\s，,：:])(?!问题|原因|结果|报错|错误|瓶颈|区别|难点|坑)"
    r"(?:[A-Za-z]{2,10}(?:\s?[\u4e00-\u9fff]{1,3})?|[\u4e00-\u9fff]{2,4})(?<![不非还])\s*"
    r"(?:用的是|使用的是|采用的是|是|用的)\s*"
    r"(?P<y>(?![\w.+-]*://)[A-Za-z][\w.+-]*(?:\s+[A-Z][\w.+-]*)?(?:\s*v?\d+(?:\.\d+){0,2})?"
    r"(?:\s*[+、/]\s*[A-Za-z][\w.+-]*(?:\s*v?\d+(?:\.\d+){0,2})?)*)"
    # "MySQL 做主库": a name and the part it plays
    r"|(?P<z>[A-Za-z][\w.+-]*(?:\s*v?\d+(?:\.\d+){0,2})?)\s*(?:做|作为|当)"
    r"(?:主库|从库|数据库|缓存|消息队列|队列|存储|网关|注册中心|配置中心)"
    # "小程序（Taro 3.6 + React，后端 NestJS）": what a thing is built with, in brackets
    r"|(?:小程序|项目|服务|后端|前端|应用|系统|平台|网站|客户端|App|app|APP)\s*[（(]"
    r"(?P<w>[A-Za-z][^）)]{2,80})[）)]"
    # "popup 和翻译浮层都是 React 18 + TypeScript": known names after 都是
    r"|(?:都|也|全)是\s*(?P<v>[A-Za-z][^，。；;！!？?]*)"
)
_OUR_VERSION = lazy(
    r"(?i)\bour\s+(?P<name>[A-Za-z][\w.+-]*)\s+(?:is|runs|is on|runs on)\s+v?"
    r"(?P<v>\d+(?:\.\d+){0,2})(?![\w.])"
)
# What may follow a stated stack in further clauses: names, versions, separators only
_ONLY_NAMES_LEFT = lazy(
    r"[\s+、/&和及]|v?\d+(?:\.\d+){0,2}|那一套|那套|这套|\b(?:LTS|SDK|all|and)\b"
)


def _names_only(clause: str) -> bool:
    """Whether a clause holds known names and versions only.

    "Postgres 16", "Unity 2022.3 LTS", "Java 17 + Spring Batch": a known name may run on in
    capitalised words.
    """
    rest = _NAME_RUN_ON.sub("", _TECH.sub("\x00", clause))
    return bool(_TECH.search(clause)) and not _ONLY_NAMES_LEFT.sub("", rest)


# what a known name (\x00) may carry in a bare list: "Next.js 14 App Router", "Postgres on
# Neon", "Stripe for billing"
_NAME_RUN_ON = lazy(
    r"\x00(?:\s+v?\d+(?:\.\d+){0,2})?(?:\s+[A-Z][A-Za-z]{2,}){0,2}"
    # the part it is or the way it is used: "SvelteKit front end", "next.js 14.2 app router"
    r"(?:\s+(?:front[- ]?end|back[- ]?end|backend|frontend|api|server|database|db|"
    r"(?:app|pages) router)(?![\w-]))?"
    r"(?:\s+on\s+(?=\x00)|\s+for\s+[a-z]+(?:\s+[a-z]+)?$)?"
)


def listed_stack(sentence: str) -> dict[str, str]:
    """The stack a run of bare names gives.

    "context: Python 3.12, FastAPI, Postgres 16, …", "(Godot 4.3, all GDScript)", "订单表 8 亿行
    了，PostgreSQL 15，单表 1.2T": a run of two or more clauses of names only, or one name with
    its version between commas.
    """
    if _QUESTION.search(sentence):
        return {}
    sentence = settled(sentence, _TENTATIVE, _NOT_STACK, _STACK_WISH, _CONDITION)
    labelled = _STACK_LABEL.match(sentence) is not None
    sentence = _STACK_LABEL.sub("", sentence)  # "Context: Rust 1.79, tokio, axum 0.7"
    clauses = [c.strip(" .。!！") for c in re.split(r"[，,；;（）()]", sentence)]
    facts: dict[str, str] = {}
    run: list[str] = []
    for clause in [*clauses, ""]:
        if clause and _names_only(clause):
            run.append(clause)
            continue
        # one clause counts with a version ("…, PostgreSQL 15, …") or as names joined by "+"
        # or first after a label ("context: SvelteKit front end, FastAPI backend that …")
        single = len(run) == 1 and len(clauses) > 1 and bool(re.search(r"\d|\+", run[0]))
        single = single or (labelled and len(run) == 1 and clause is not clauses[0])
        if len(run) >= 2 or single:
            for named in run:
                _stack_parts(named, facts, strict=True)
        run = []
    return facts


_STACK_LABEL = lazy(
    r"(?i)^\W*(?:context|stack|tech stack|setup|environment|env|background|技术栈|环境|背景)"
    r"\s*[:：]\s*"
)


# "pygame-ce 2.5 不是原版 pygame", "Postgres, not MySQL": a name said to be not the one used
_NOT_THIS = lazy(
    r"[，,]?\s*(?:而不是|不是|并非)\s*(?:原版|官方的?)?\s*[A-Za-z][\w.+#-]*"
    r"|(?:,\s*not|\s(?:rather than|instead of))\s+(?:the\s+)?[A-Z][\w.+#-]*"
)


def assertion(sentence: str) -> str:
    """`sentence` as a statement of what is used.

    Without a trailing question ("X is MySQL 8.0, is that OK?" → the statement), and without
    the names it says are not the ones ("…，不是原版 pygame").
    """
    sentence = _NOT_THIS.sub("", sentence)
    if not re.search(r"[?？]\s*$", sentence):
        return sentence
    head = re.split(r"[，,;；](?=[^，,;；]*$)", sentence, maxsplit=1)
    return head[0] if len(head) == 2 else ""


_NOT_STACK = lazy(
    r"(?i)候选|备选|选项|方案|推荐|建议|帮我|(?<![申邀])请(?!求)|麻烦|\b(?:candidates?|options?|alternatives?|"
    r"can you|could you|please|help me|i(?:'d| would)? (?:suggest|recommend|propose))\b"
)


_CONDITION = lazy(r"(?i)\b(?:if|unless)\b")  # "If budget isn't a concern, LaunchDarkly."
_STACK_WISH = lazy(
    r"(?i)想|打算|如果|要是|假如"
    r"|\b(?:want(?:s|ed)? to|would like|planning to|plan to|thinking of)\b"
)


# "隔壁组用的是 Kafka", "我上家公司用 Django": a clause about another team's or job's stack
_OTHERS_STACK_ZH = lazy(
    r"隔壁|(?:别的|其他|其它|另一个|兄弟)(?:团队|组|部门|公司|项目|业务线)|上家|上一家|前公司|老东家"
    r"|(?:以前|之前|原来)的?(?:公司|团队|东家)|朋友|他们(?:组|团队|公司|部门|那边)"
    # "我们之前用的是 Jenkins，现在迁到 GitHub Actions 了": what the project used before
    r"|(?:之前|以前|原来|过去|早先)(?:一直)?(?:用的是|用的|用过|使用的是|是用|用)|试过|用过"
)


def settled(sentence: str, *doubts: re.Pattern[str]) -> str:
    """The part of `sentence` before its first clause of doubt, wish or request.

    "后端是 Spring Boot，想做一个自动排线的模块" states the stack in its first clause; "We use
    Postgres, maybe CockroachDB later" in everything before "maybe".
    """
    doubts = doubts or (_TENTATIVE, _STACK_WISH, _NOT_STACK)
    kept: list[str] = []
    for clause in re.split(r"(?<=[，,；;])", sentence):
        if any(d.search(clause) for d in doubts):
            break
        kept.append(clause)
    return "".join(kept).rstrip(" ，,；;")


SCAFFOLD = lazy(
    r"(?i)\b(?:scaffold|bootstrap|initiali[sz]e|init|initial (?:commit|import)|skeleton)\b"
    r"|初始化|骨架|脚手架"
)


def scaffold_stack(subject: str) -> dict[str, str]:
    """The stack a project's first commit lists ("scaffold payouts-api (FastAPI 0.111, …)")."""
    if not SCAFFOLD.search(subject):
        return {}
    facts: dict[str, str] = {}
    listed = re.findall(r"[（(]([^）)]{3,120})[）)]", subject)
    # "初始化项目 (mix phx.new chatroom)，Phoenix 1.7.14 / Elixir 1.17": and the clauses after it
    listed += re.findall(r"[）)]\s*[，,]\s*([^（(]{3,120})$", subject)
    # "初始化项目：Spring Boot 3.2.3 + MyBatis-Plus + MySQL 8"
    listed += re.findall(r"[：:]\s*([^（(]{3,120})$", subject) if not listed else []
    # "初始化 monorepo，pnpm workspace + nx": the clauses after the first
    listed += re.split(r"[，,]", subject)[1:] if not listed else []
    for names in listed:
        for clause in re.split(r"[，,；;]", names):
            go = re.fullmatch(r"\s*Go(?:lang)?(?:\s+v?\d[\d.]*)?\s*", clause)  # a word too
            if _TECH.search(clause) or go:  # "目标芯片 ESP32-S3" names hardware, not the stack
                _stack_parts(clause, facts, strict=False)
    return facts


def tech_facts(sentence: str) -> dict[str, str]:
    """Tech-stack facts a sentence states ("the project uses Postgres" → database: Postgres).

    Candidates, requests and wishes name no fact ("候选是 …", "帮我给这个 Go 项目配 …",
    "数据库我想先用 MongoDB").
    """
    if _QUESTION.search(sentence):
        return {}
    sentence = settled(sentence, _TENTATIVE, _STACK_WISH, _NOT_STACK, _CONDITION)
    if is_chinese(sentence):  # "隔壁组用的是 Kafka，我们用 RabbitMQ": only our clauses
        clauses = re.split(r"(?<=[，,；;。])", sentence)
        sentence = "".join(c for c in clauses if not _OTHERS_STACK_ZH.search(c))
    facts: dict[str, str] = {}
    if (own := _OUR_VERSION.search(sentence)) and (known := _TECH.fullmatch(own["name"])):
        # "Our Postgres is 16.2 on RDS": the version is Postgres's, not a part of its own
        facts[_role(known.group(1).lower())] = f"{own['name']} {own['v']}"
    for m in (_USES_ZH if is_chinese(sentence) else _USES_EN).finditer(sentence):
        if _NEGATED.search(sentence[max(0, m.start() - 12) : m.end()]):
            continue
        groups = m.groupdict()
        named = ("x", "y", "z", "w", "v", "u", "t")
        rest = next((groups[g] for g in named if groups.get(g)), "")
        if _LEAVING.match(rest):
            continue  # "we're moving off Heroku": what the project leaves or will need
        # "It's MV3, built on WXT" names a stack; "It's Friday" does not: names the list does not
        # know count after "it" only with a version or a digit
        vague = re.match(r"(?i)it\b", m.group(0)) is not None
        strict = not (groups.get("x") or groups.get("w"))
        english = not is_chinese(sentence)
        _stack_parts(rest, facts, strict=strict, vague=vague, packages=english)
        if is_chinese(sentence):
            # "后端是 Spring Cloud Alibaba 那一套，MySQL 8 + Redis。",
            # "…的 App，Flutter 3.22，状态管理用的 Riverpod。": the other clauses that hold names
            # and versions only
            before, after = sentence[: m.start()], sentence[m.end() :]
            clauses = re.split(r"[，,；;]", before)[:-1] + re.split(r"[，,；;]", after)[1:]
            for clause in clauses:
                # "…，缓存用 Redis": a part, then what it uses
                clause = _PART_LEAD_ZH.sub("", clause.strip(" 。.！!"))
                if clause and not _ONLY_NAMES_LEFT.sub("", _TECH.sub("", clause)):
                    _stack_parts(clause, facts, strict=False)
    return facts


# "机器是 2 张 A100 80G", "在 4 张 A100 40GB 上", "一台 L40S（48G）机器上", "机器上有 4 张 3090":
# the GPUs of the machine the project runs on, counted or named as the machine
_GPU = r"(?:A100|A800|A10G?|H100|H800|H200|H20|V100|L40S?|L4|T4|(?:RTX\s?)?[2-5]0[5-9]0(?:\s?Ti)?)"
_MACHINE_ZH = lazy(
    r"(?P<lead>(?:机器|服务器|节点|GPU|显卡)(?:是|用的是|为|上有|有)|(?<![可不])在|用)?\s*"
    r"(?P<gpus>(?:一台\s*)?(?:单卡|单机|一张|[两二三四六八]张|\d+\s*张|\d+\s*[\u00d7xX*]\s*)?\s*"
    r"(?:NVIDIA\s*)?" + _GPU + r"(?![\w-])(?:\s*[（(]?\s*\d+\s*GB?\s*[)）]?)?)"
    r"\s*(?P<after>的?(?:机器|服务器|节点|卡)?\s*上)?"
)


# "后端是 Go 写的", "我们的 API 网关是自己用 Go 写的": a part of ours and the language it is in
_WRITTEN_IN_ZH = lazy(
    r"(?:我们的?|项目|后端|前端|服务端|客户端|网关|服务|系统|平台|App|app|SDK|脚本|固件|插件)"
    r"[^。；;！!？?]{0,14}?(?:都|也|全)?(?:是|就是)?(?:自己|我们)?(?:用|拿)?\s*"
    r"(?P<lang>(?:Go(?:lang)?|Rust|Java|Kotlin|Swift|C\+\+|C#|C|Python|PHP|Ruby|Node(?:\.js)?|"
    r"TypeScript|JavaScript|Dart|Elixir|Scala|Lua|Zig)(?:\s*v?\d+(?:\.\d+)*)?)\s*写的"
)


def written_in(sentence: str) -> str | None:
    """The language a Chinese statement says a part of the project is written in.

    "后端已经有了，是 Go 写的" gives Go; a tool's language ("oxlint 也是 Rust 写的") and a
    question give nothing.
    """
    if not is_chinese(sentence) or _QUESTION.search(sentence) or _TENTATIVE.search(sentence):
        return None
    clauses = re.split(r"(?<=[。；;！!])", sentence)
    for clause in clauses:
        if _OTHERS_STACK_ZH.search(clause):
            continue
        # "…已经有了，是 Go 写的": the part is named in the clause before
        if m := _WRITTEN_IN_ZH.search(clause):
            return m["lang"]
    return None


# "图片存在阿里云 OSS", "转完传到阿里云 OSS", "固件放在 MinIO 里": what the project's files are
# kept in
_STORED_IN_ZH = lazy(
    r"(?:图片|照片|文件|附件|视频|音频|固件|产物|素材|静态资源|资源|备份|数据|日志|模型|权重|"
    r"安装包|切片|快照|chunk|转完|传完)[^，,。；;！!？?]{0,6}?(?<!怎么)(?<!如何)(?:都|也|统一)?"
    r"(?:存在|存到|存储在|存放在|放在|放到|传到|上传到|落在|落到|推到)\s*"
    r"(?:我们的?|自建的?|现有的|公司的)?\s*"
    r"(?P<x>(?:(?:阿里云|腾讯云|华为云|AWS|Cloudflare|Google Cloud|Azure)\s*)?"
    r"[A-Za-z][\w.+-]*(?:\s+[A-Z][\w.+-]*)?)"
)


def stored_in(sentence: str) -> str | None:
    """The object store a Chinese statement says the project's files go to.

    "图片存在阿里云 OSS" gives 阿里云 OSS; a question, tentative talk and another team's store
    ("隔壁组的图片存在腾讯云 COS") give nothing.
    """
    if not is_chinese(sentence) or _QUESTION.search(sentence) or _TENTATIVE.search(sentence):
        return None
    for m in _STORED_IN_ZH.finditer(sentence):
        clause = re.split(r"[，,；;。]", sentence[: m.start()])[-1]
        if _OTHERS_STACK_ZH.search(clause) or re.search(r"[你您]|如果|要是|的话", clause):
            continue
        name = m["x"].strip()
        last = re.split(r"\s+", name)[-1]
        if role_of_name(last) == "storage" or role_of_name(name) == "storage":
            return name
    return None


def machine_gpus(sentence: str) -> str | None:
    """The GPUs a Chinese sentence says the project's machine has ("机器是 2 张 A100 80G").

    A GPU named alone ("A100 支持 bf16") is no machine: a count, "机器是" or "…上" says it is.
    """
    if not is_chinese(sentence) or _QUESTION.search(sentence):
        return None
    sentence = settled(sentence, _TENTATIVE, _STACK_WISH, _NOT_STACK, _CONDITION)
    clauses = re.split(r"(?<=[，,；;。])", sentence)  # "隔壁组的机器是 8 张 H800": not ours
    sentence = "".join(c for c in clauses if not _OTHERS_STACK_ZH.search(c))
    for m in _MACHINE_ZH.finditer(sentence):
        gpus = m["gpus"].strip()
        counted = not re.match(r"(?:NVIDIA\s*)?" + _GPU, gpus)
        lead = m["lead"] or ""
        machine = re.match(r"[机服节GP显]", lead) is not None
        if machine or (lead and (counted or m["after"])) or (counted and m["after"]):
            return re.sub(r"\s+", " ", gpus)
    return None


_PART_LEAD_ZH = lazy(r"^[\u4e00-\u9fff]{1,6}?(?:用的是|用|是|走)\s*(?=[A-Za-z])")


def _hw(n: int) -> str:
    return rf"(?<![\w.-])(?P<hw{n}>(?:{_FAMILIES['hardware']})(?:\s?\d+\s?GB)?)(?![\w-])"


# The person's own board, chip or GPUs, told as what they build on or run on: "Board is the
# STM32L476RG logger", "8x A100 80GB single node", "a controller on an ESP32-S3", "STM32G474
# on the rev C board", "we have one A100 40GB on this box"
_OWN_HARDWARE = lazy(
    r"(?i)\b(?:board|chip|mcu|soc|hardware|target|gpus?)\s*(?:is|are|:)\s+"
    r"(?:[\w-]+\s+){0,5}?(?:\d+\s*[x\u00d7]\s*)?"
    + _hw(0)
    + r"|\b\d+\s*[x\u00d7]\s*"
    + _hw(1)
    + r"|\b(?:on|with|have|got|run|runs|running)\s+(?:an?|the|our|my|one|two|\d+)\s+"
    r"(?:(?!(?:or|and|vs)\b)[\w-]+\s+)?"
    + _hw(2)
    + "|"
    + _hw(3)
    + r"\s+on\s+(?:the|our|my)\s+(?:[\w-]+\s+){0,2}board\b"
)
# a board weighed against another or one to come: "esp32-s3 or an nrf5340", "cheaper than"
_HARDWARE_WEIGHED = lazy(
    r"(?i)\b(?:or|vs\.?|versus|than|instead|either|compared|switch\w*|mov(?:e|ing) to|"
    r"migrat\w*|future|will be|would|might|could|people|they|someone|"
    r"i (?:read|heard|saw))\b"
)


def own_hardware(sentence: str) -> str | None:
    """The board, chip or GPU the person says their project runs on ("8x A100 80GB")."""
    if _QUESTION.search(sentence) or is_chinese(sentence) or _HARDWARE_WEIGHED.search(sentence):
        return None
    if settled(sentence, _TENTATIVE, _STACK_WISH, _CONDITION) != sentence.rstrip(" ，,；;"):
        return None
    m = _OWN_HARDWARE.search(sentence)
    if m is None:
        return None
    return next(v for k, v in m.groupdict().items() if k.startswith("hw") and v)


# Where the person ships the product: "shipping on PC and Nintendo Switch", "Solo dev,
# shipping on Steam", "we're launching on iOS and Android"
_PLATFORM = (
    r"(?:Nintendo\s+)?Switch|Steam(?:\s?Deck)?|PC|Mac|macOS|Windows|Linux|iOS|iPadOS|Android|"
    r"PS[45]|PlayStation\s?[45]?|Xbox(?:\s+Series\s+[XS](?:\|[XS])?)?|itch\.io|Epic(?:\s+Games)?(?:\s+Store)?|"
    r"App\s+Store|Play\s+Store|Google\s+Play|Meta\s+Quest|Quest\s?[23]?|web(?:GL)?|browsers?"
)
_SHIPS_ON = lazy(
    r"(?:^|[,;:]\s*|\b(?:i'm|we're|i am|we are|it's|it is|game is|app is)\s+|\b(?:we|it)\s+)"
    r"(?i:shipping|launching|releasing|ships|launches|ship|launch)\s+(?i:on|to)\s+"
    rf"(?P<p>(?:{_PLATFORM})(?:\s*(?:,|\+|/|&|\band\b)\s*(?:{_PLATFORM}))*)(?![\w-])"
)


def platforms(sentence: str) -> str | None:
    """The platforms the person says the product ships on ("PC and Nintendo Switch")."""
    if _QUESTION.search(sentence) or _CONDITION.search(sentence) or is_chinese(sentence):
        return None
    if _TENTATIVE.search(sentence) or _STACK_WISH.search(sentence):
        return None
    m = _SHIPS_ON.search(sentence)
    return m["p"] if m else None


# "our flask app keeps …", "the React frontend re-renders …", "your Django 4.2 app": a known
# name as the kind of a part of the project
_NAMED_PART_OF_OURS = lazy(
    r"(?i)(?<![\w-])(?:our|my|your|the|this)\s+"
    r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z][\w.+#-]*)?(?:\s+v?\d+(?:\.\d+){0,2})?)\s+"
    r"(?:app|application|project|backend|back end|frontend|front end|service|api|site|"
    r"website|server|monolith|database|db|cluster|instance|stack)(?![\w-])"
    r"(?!\s+(?:approach|idea|template|tutorial|example|docs|course|pattern|version)s?\b)"
)
# where a part named is someone else's or gone: "back in my last job the Rails monolith …"
_NOT_OURS_NOW = lazy(
    r"(?i)\b(?:last|previous|old|former|other)\s+(?:job|company|team|project|employer|gig)\b"
    r"|\b(?:used to|back then|back in|years ago|we tried|i tried|tried the)\b"
)


def named_parts(sentence: str) -> dict[str, str]:
    """Known names a sentence gives as the kind of a part of the project, by role."""
    if _QUESTION.search(sentence) or _NOT_OURS_NOW.search(sentence):
        return {}
    facts: dict[str, str] = {}
    for m in _NAMED_PART_OF_OURS.finditer(sentence):
        if _NEGATED.search(sentence[max(0, m.start() - 12) : m.start()]):
            continue  # "we don't have a Django app"
        name = re.sub(r"\s+v?\d+(?:\.\d+){0,2}$", "", m["x"])
        known = _TECH.fullmatch(name)
        if known is None or (name.lower() in _AMBIGUOUS and name.islower()):
            continue
        facts.setdefault(_role(name.lower()), m["x"])
    return facts


# "The frontend is on Vercel and the API on Fly.io", "We host the web app on Netlify, the
# backend on Render": a part of the project and where it runs
_HOSTED_PART = lazy(
    r"(?i)(?:(?<![\w-])(?P<det>the|our|my|your)\s+|(?:^|(?<=[,;:\u2014\u2013]\s)|(?<=\band\s)))"
    r"(?:(?P<kind>[A-Za-z][\w.+#-]*)\s+)?"
    r"(?P<part>front[- ]?end|back[- ]?end|api|apis|web ?app|website|site|landing page|docs|"
    r"dashboard|admin(?: panel)?|workers?|app server|server|blog|storybook|ui|client|"
    r"(?:rest|graphql) api)(?![\w-])"
    r"\s+(?:(?:is|are|'s)\s+(?:(?:also|still|currently|now|all)\s+)?)?"
    r"(?:(?:hosted|deployed|running|served|sits|lives|runs|live|deploys|is deployed)\s+)?"
    r"(?P<prep>on|at|in|via|to)\s+(?P<host>[A-Za-z][\w.]*(?:\s+(?-i:[A-Z])[\w.]*){0,2})"
)
# a move told, or a place said of another's: not where the part runs now
_MOVING = lazy(
    r"(?i)\b(?:mov(?:e|es|ed|ing)|migrat\w*|switch\w*|port(?:ing|ed)?|leav\w+|"
    r"their|other team|used to|before)\b"
)
_PLAIN_KINDS = frozenset(
    ("new", "old", "main", "whole", "entire", "current", "static", "own", "also", "then", "and",
     "so", "but", "while", "whereas", "is", "are")
)  # fmt: skip
_PART_KEYS = {"front end": "frontend", "front-end": "frontend", "back end": "backend",
              "back-end": "backend", "webapp": "web_app", "web app": "web_app", "apis": "api",
              "workers": "worker", "admin panel": "admin", "website": "site",
              "rest api": "api", "graphql api": "api"}  # fmt: skip


def hosted_parts(sentence: str) -> dict[str, str]:
    """Where each part of the project a sentence names runs: `<part>_hosting` → the host.

    "The frontend is on Vercel and the API on Fly.io" gives frontend_hosting: Vercel and
    api_hosting: Fly.io, where a single `hosting` would keep only one of them. A part said
    to move there, or hosted so only maybe, is not where it runs.
    """
    if _QUESTION.search(sentence) or _MOVING.search(sentence) or _NOT_OURS_NOW.search(sentence):
        return {}
    sentence = settled(sentence, _TENTATIVE, _STACK_WISH, _NOT_STACK, _CONDITION)
    facts: dict[str, str] = {}
    for m in _HOSTED_PART.finditer(sentence):
        host = _TECH.fullmatch(m["host"]) or _TECH.match(m["host"])
        if host is None or _role(host.group(1).lower()) != "hosting":
            continue
        if host.group(1).lower() in _AMBIGUOUS and host.group(1).islower():
            continue  # "the UI in render mode"
        clause = re.split(r"[,;.]\s", sentence[: m.start()])[-1] + m.group(0)
        if m["prep"].lower() == "to" and not re.search(r"(?i)\bdeploy", clause):
            continue  # "the API to Fly.io" without "deploy" tells a move
        if _NEGATED.search(sentence[max(0, m.start() - 12) : m.end()]):
            continue
        part = _PART_KEYS.get(m["part"].lower(), m["part"].lower())
        kind = m["kind"]
        plain = kind is None or kind.lower() in _PLAIN_KINDS
        if part == "site" and plain:
            continue  # "the site is on Netlify": the whole project, its `hosting`
        if not plain and not _TECH.fullmatch(kind) and kind.islower():
            part = f"{kind.lower()}_{part}"  # "the marketing site", not "the Next.js frontend"
        facts.setdefault(f"{part}_hosting", _with_version(m["host"], host))
    return facts


# what follows "we're" / "we'll" that says what the project leaves or will need, not what it
# uses: "we're moving off Heroku", "we're going to need to support websockets"
_LEAVING = lazy(
    r"(?i)(?:(?:moving|migrating|switching|getting)\s+(?:[\w.-]+\s+){0,3}?"
    r"(?:off|away from|from|out of)|leaving|dropping|ditching|phasing out|sunsetting|retiring"
    r"|going to (?:need|have|want)|gonna need|(?:about|planning|hoping|trying) to|"
    r"(?:thinking|considering) (?:of|about)?|need(?:ing)? to|want(?:ing)? to)\b"
)


def _stack_parts(
    rest: str,
    facts: dict[str, str],
    *,
    strict: bool = True,
    vague: bool = False,
    packages: bool = False,
) -> None:
    """The technologies of a stated stack ("Vue 3.4 + Vite 5 + Element Plus"), by role.

    Not `strict`: the sentence says it names the stack ("后端是 go 的 gin"), so names that are
    also everyday words count even in lower case. `packages`: an English statement of the
    stack, where a package's name counts ("with expo-router").
    """
    pieces = re.split(
        r"\s*(,|，|、|\+|/|;|；|:(?!//)|：|\band\b|\bwith\b|和|以及|及|加|的)\s*", rest
    )
    # each part, and whether a "+" joins it to the one before ("grafana + loki")
    for part, joined in zip(pieces[::2], ["", *pieces[1::2]], strict=True):
        go = re.fullmatch(r"(?i)(go(?:lang)?)(?:\s+v?\d+(?:\.\d+){0,2})?", part.strip())
        if go and "language" not in facts and (not strict or part[0] == "G"):
            facts["language"] = part.strip()  # "go" is a word too: only where the stack is named
        part = _PART_LEAD.sub("", part.strip()).strip(" .。")
        known = False
        for original in _TECH.finditer(part):
            name = original.group(1)
            # an everyday word deep in a clause is a word ("we're launching in the UK in spring")
            if name.lower() in _AMBIGUOUS and name.islower() and (strict or original.start()):
                continue
            if _han(name) and (original.start() or is_chinese(part[original.end() :][:1])):
                continue  # "拉支付宝账单": a Chinese name inside a phrase names no part
            known = True
            role = _role(name.lower())
            if role not in facts:
                facts[role] = _with_version(part, original) + _host_of(part, original)
            elif joined == "+" and role in SHARED_ROLES and name.lower() not in facts[role].lower():
                # "grafana + loki + mimir": a role several tools fill together keeps them all
                facts[role] += " + " + _with_version(part, original)
            break
        unknown = None if known or strict or go else _NAMED_PART.fullmatch(part)
        versioned = bool(unknown and (unknown["v"] or re.search(r"\d", unknown["name"])))
        if (
            unknown
            and (versioned or not vague)
            and _looks_like_a_product(unknown["name"], versioned=versioned, packages=packages)
        ):
            # a name the list does not know, in a sentence that names the stack ("Skynet + Lua")
            facts.setdefault(unknown["name"].lower(), part)


def _host_of(part: str, m: re.Match[str]) -> str:
    """Where a named technology runs, when the part says it: "Postgres on Neon" → " on Neon"."""
    on = re.search(r"\s+on\s+(?:the\s+)?", part[m.end() :])
    if on is None or re.search(r"[,;]", part[m.end() : m.end() + on.start()]):
        return ""
    host = _TECH.match(part, m.end() + on.end())
    if host is None or _role(host.group(1).lower()) not in ("hosting", _role(m.group(1).lower())):
        return ""
    return f" on {host.group(1)}"


_PART_LEAD = lazy(r"(?i)^(?:built (?:on|with)|using|with|on|in|plus|also)\s+")
_NAMED_PART = lazy(r"(?P<name>[A-Za-z][\w.+-]{1,30})(?:\s+(?P<v>v?\d+(?:\.\d+){0,2}))?")


def _looks_like_a_product(name: str, *, versioned: bool, packages: bool = False) -> bool:
    """Whether a name looks like a product: "Skynet", "MV3", "bwa-mem2"; not "merge"."""
    if name.lower() in _NOT_NAMES or re.fullmatch(r"(?i)v\d+(?:\.\d+)*", name):
        return False
    if re.fullmatch(r"[a-z]+-v?\d+", name):
        return False  # "amr-02", "large-v2": a host or a size, not a product
    if versioned or re.search(r"\d", name):
        return True
    capital = name[0].isupper() and not name.isupper()  # Skynet, WeChat
    # a package's name: "dbt-snowflake", "expo-router", "django-anymail"
    package = (
        packages
        and re.fullmatch(r"[a-z][a-z0-9]+(?:-[a-z][a-z0-9]+)+", name) is not None
        and not (_HYPHENATED_WORD.match(name) or _OWN_PART.search(name))
    )
    return capital or package or (name.isupper() and len(name) >= 3)  # WXT, URP (and CRD)


# hyphenated everyday words, not packages: "follow-up", "one-off", "self-hosted", "real-time"
_HYPHENATED_WORD = lazy(
    r"(?:re|pre|post|non|self|co|sub|multi|cross|auto|semi|anti|over|under|in|on|off|out|up|"
    r"one|two|long|short|real|end|high|low|full|half|open|third|read|write|well|built|add|opt|"
    r"log|sign|check|set|roll|clean|follow|back|front|e|x|day|per|all|top)-"
)


# the project's own parts and places, not packages: "invoice-worker", "inv-core", "orders-api"
_OWN_PART = lazy(
    r"-(?:workers?|service|svc|api|core|server|app|web|jobs?|consumer|producer|gateway|prod|"
    r"production|staging|stg|dev|test|db|cluster|bucket|queue|topic|node|box|vm|host|repo|"
    r"infra|backend|frontend|ui|bot|cli|lib|common|shared|main|v\d+)$"
)


_NOT_NAMES = frozenset(
    ("it", "its", "the", "a", "an", "our", "we", "us", "this", "that", "all", "both", "some",
     "one", "two", "fine", "ok", "good", "done", "yes", "no", "not", "also", "too", "now", "here",
     "is", "are", "was", "were", "be", "been", "at", "of", "to", "so", "then",
     "there", "prod", "production", "staging", "dev", "test", "tests", "app", "apps", "service",
     "services", "backend", "frontend", "api", "stack", "version", "latest", "everything",
     "sdk", "cli", "gui", "rest", "http", "https", "json", "yaml", "sql", "html", "css", "llm",
     "gpu", "cpu", "ram", "ssd", "aws", "gcp", "saas", "mvp", "poc", "etl", "crud", "deployment",
     "node", "server", "client", "worker", "database", "cache", "queue",
     # acronyms that name no product: currencies, standards, kinds of thing
     "eur", "usd", "cny", "jpy", "gbp", "rmb", "wgs", "crd", "dns", "cdn", "tls", "ssl", "ssh",
     "tcp", "udp", "url", "uri", "pr", "qa", "ui", "ux", "os", "vm", "vpc", "iam", "sso", "otp",
     "sms", "pdf", "csv", "xml", "jwt", "rpc", "kpi", "sla", "slo", "qps", "tps", "rps", "oom",
     "cpu", "gpu", "ram", "ide", "lts", "faq", "tbd", "todo", "wip",
     # HTTP methods ("后端接口是 POST /api/tasks 和 GET /api/tasks/:id")
     "get", "post", "put", "patch", "delete", "head", "options")
)  # fmt: skip


def _with_version(part: str, m: re.Match[str]) -> str:
    """The name as written, with the rest of its name and its version.

    "Spring Cloud Alibaba", "Node 20".
    """
    tail = part[m.end() :]
    more = (
        re.match(r"(?:\s+(?:[A-Z][a-z][A-Za-z]{2,}|SDK)){0,3}", tail)  # not "MySQL LIKE 查询"
        if m.group(1)[0].isupper()
        else None
    )
    name = m.group(1) + (more.group(0) if more else "")
    tail = tail[more.end() :] if more else tail
    v = re.match(r"\s*(v?\d+(?:\.\d+){0,2}(?:[a-z]\d+|-(?:rc|beta|alpha)[\w.]*)?)\b", tail)
    return name + (f" {v.group(1)}" if v else "")


_PATH_EN = lazy(
    r"(?i)\b(?P<key>source|sources|code|tests?|docs|documentation|migrations?|components?|"
    r"config|configs|scripts|assets|static files|templates|api routes|handlers|models|db|database|"
    r"frontend|backend|infra|terraform|ci config|ci workflow|workflow|ci)\s+(?:code\s+|files?\s+)?"
    r"(?:live|lives|are|is|go|goes|sit|sits|will live|now live|now lives|are now|is now)"
    r"(?:\s+(?:in|under|at))?\s+[`'\"]?(?P<path>[\w.~%-]*/[\w.~/%-]*)"
    r"|\b(?P<k3>(?:model|data|artifact|log|backup|checkpoint|upload|cache|state|build|output)s?"
    r"(?: (?:repo|repository|dir|directory|folder|files|bucket))?)\s+"
    r"(?:will live|lives|live|(?:is|are|will be) (?:stored|kept|written))\s+(?:in|under|at)\s+"
    r"[`'\"]?(?P<p3>(?:s3://|gs://|/|~/|%\w+%/)[\w.~%/-]*)"
    r"|\b(?:created|added|moved .{1,40} to|put .{1,40} in(?:to)?)\s+(?:a\s+|the\s+|new\s+)*"
    r"(?:directory|folder)?\s*[`'\"](?P<p2>[\w.~/-]+/)[`'\"]"
    # "the STAR index is saved under /shared/refs/…", "I wrote the steps down in
    # docs/runbooks/restore.md": where the person keeps a thing of the project
    r"|\b(?:(?:the|our|my)\s+)?(?P<k4>(?!(?:it|this|that|they|which|everything)\b)[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*)?)\s+(?:is|are)\s+(?:now\s+)?(?:saved|stored|kept|written)\s+"
    r"(?:in|under|at|to)\s+[`'\"]?(?P<p4>(?!/tmp/)(?:/|~/|[\w.-]+/)[\w.~/%-]*[\w/])"
    r"|\b(?:i|we)(?:'ve| have)?\s+(?:wrote|written|documented|saved)\s+(?:the|our|my)\s+"
    r"(?P<k5>[a-z][\w-]*(?:\s+(?!down\b)[a-z][\w-]*)?)\s+(?:down\s+)?(?:in|under|at|to|into)\s+"
    r"[`'\"]?(?P<p5>[\w.-]+/[\w.~/%-]*\.\w{1,5})(?![\w/])"
)
_PATH_ZH = lazy(
    r"(?P<key>[\u4e00-\u9fff]{2,4}?|(?<![\w.-])[A-Za-z][\w-]{1,20}\s*)(?:文件)?(?:我|我们|都|统一|会)*"
    # "日志统一输出到 /var/log/orderd/"
    r"(?:放在|在|位于|放到|存放在|写在|放|输出到|写到|写入|存到|保存到|落到)\s*`?(?P<path>[\w.~/%-]+/?)`?"
    # "…，放在 `/data/sft/v3/train.jsonl`": an absolute path after a comma, the topic before it
    r"|(?<=[，,])\s*(?:都|统一)?(?:放在|存放在|位于|存在)\s*`?(?P<p2>(?:/|~/)[\w.~/%-]+)`?"
)
_PATH_KEYS = {
    "源码": "source",
    "前端": "frontend",
    "后端": "backend",
    "代码": "source",
    "测试": "tests",
    "文档": "docs",
    "配置": "config",
    "脚本": "scripts",
    "迁移": "migrations",
    "组件": "components",
    "sources": "source",
    "code": "source",
    "test": "tests",
    "documentation": "docs",
    "migration": "migrations",
    "component": "components",
    "权重": "weights",
    "模型": "models",
    "日志": "logs",
    "数据": "data",
    "备份": "backups",
    "configs": "config",
    "workflow": "ci",
}


def path_fact(sentence: str) -> tuple[str, str] | None:
    """A project path a sentence states ("tests live in tests/e2e/") as (key, path)."""
    if _QUESTION.search(sentence) or _TENTATIVE.search(sentence):
        return None
    m = (_PATH_ZH if is_chinese(sentence) else _PATH_EN).search(sentence)
    if m is None:
        return None
    groups = m.groupdict()
    path = next((groups[g] for g in ("path", "p2", "p3", "p4", "p5") if groups.get(g)), "")
    path = path.rstrip(".`")
    if any(
        re.search(r"\.\w{1,4}$", part)
        for part in path.split("/")[:-1]
        if part not in ("", ".", "..")
    ):
        return None  # "match.py/loaders.py" lists two files
    if "/" not in path or path.startswith("http") or len(path) < 2:
        return None
    if path.startswith("/") and path.strip("/").count("/") == 0:  # an URL route such as /docs
        return None
    named = next((groups[g] for g in ("key", "k3", "k4", "k5") if groups.get(g)), None)
    key = (named or _path_key(path)).strip().lower()
    key = key.replace(" ", "_")
    key = re.sub(r"(?<=[\u4e00-\u9fff]{2})(?:代码|文件|目录)$", "", key)  # "前端代码": 前端
    key = _PATH_KEYS.get(key, key)
    if is_chinese(key):
        key = _path_key(path)
    return key.replace("ci_config", "ci").replace("ci_workflow", "ci"), path


def path_facts(sentence: str) -> dict[str, str]:
    """The project paths a sentence states, by key: a Chinese sentence may give one a clause.

    "前端代码在 web/ 目录，后端在 server/ 目录" gives frontend: web/ and backend: server/.
    """
    first = path_fact(sentence)
    if first is None:
        return {}
    found = dict([first])
    if is_chinese(sentence):
        for clause in re.split(r"[，,；;]", sentence)[1:]:
            more = path_fact(clause)
            if more is not None and more[1] not in found.values():
                found.setdefault(*more)
    return found


def _path_key(path: str) -> str:
    """A key for a path with no name given: its last folder name."""
    parts = [p for p in path.strip("/").split("/") if p not in (".", "")]
    # a file is named by its stem: a dotted key would read as nested ("paths.train.jsonl")
    return re.sub(r"\.\w{1,6}$", "", parts[-1]) if parts else "root"


_PROJECT_NAME = lazy(
    r"(?i)\b(?:my|our|a|an)\s+(?:[\w-]+\s+){0,4}?(?:app|game|project|tool|service|site|website|"
    r"bot|library|cli|product|startup|platform|extension|plugin|saas|dashboard|api)"
    r"(?:\s+(?:for|to)(?:\s+[\w-]+){1,4}?)?\s+(?:called|named)\s+[`\"']?"
    r"(?P<n>[A-Za-z][\w.-]{1,30})"
    r"|(?:App|app|APP|游戏|项目|产品|小程序|应用|网站|平台|系统|插件|project)\s*"
    r"(?:(?:叫做?|名叫|名字叫|就叫|名字是|名称是)\s*[「“\"`]?(?P<z>[A-Za-z][\w.-]{1,30}|"
    r"[\u4e00-\u9fff]{2,8})|「(?P<q>[^」]{1,20})」)"
    r"|(?:在做|开发|在写|做了?)一个[^。，,]{0,30}[，,]\s*叫\s*(?P<y>[A-Za-z][\w.-]{1,30}|[\u4e00-\u9fff]{2,8})"
)
_BUILDING = lazy(
    r"(?i)\b(?:i'?m|we'?re|i am|we are|building|making|starting|working on|our|my)\b|我们|我在|我的"
    r"|^(?:这个)?(?:项目|产品|应用|App|app)(?:名字?|名称)?(?:叫|是)"  # "项目叫「云笔记」"
)


def project_name(sentence: str) -> str | None:
    """The name the person gives their project ("a habit tracker app called Streakly")."""
    if _QUESTION.search(sentence) or not _BUILDING.search(sentence):
        return None
    m = _PROJECT_NAME.search(sentence)
    if m is None:
        return None
    name = (m["n"] or m["z"] or m["q"] or m["y"]).rstrip(".")
    return None if name.lower() in _NOT_NAMES or technologies(name) else name


# ---- the person (user store) ----------------------------------------------------------------

_PERSONAL_EN = lazy(
    r"(?i)(?:^|[,;:]\s+|[，；：]\s*|\s[\u2014\u2013-]+\s+)"
    r"(?:(?:also|and|but|btw|fyi|fwiw|personally|for me|for the record|keep in mind|"
    r"one more thing|oh|yeah|yes|so|honestly|please|pls|"
    r"[a-z]+-wise)[,]?\s+)*"
    r"(?:i'?m (?:more of |mostly |mainly |primarily )?an? [\w+#.-]+ "
    r"(?P<who>person|developer|dev|engineer|programmer|guy|girl)\b"
    r"|i(?:'ve| have) been an? [\w+#. -]{1,24}?(?P<who2>dev|developer|engineer|programmer)\b"
    r"|i (?:always|usually|generally|normally|typically|never|only) "
    r"(?!(?:get|got|see|saw|have|had|need|needed|forget|forgot|thought|think|want|wanted|said|"
    r"knew|know|meant|did|was|were|am|care|cared|mind|guess|remember|found|seem)\b)"
    r"(?P<habit>[a-z][a-z-]{1,20})\b"
    r"|i (?P<habit2>run|use|write|test|keep|do|log)\b(?=[^;.]*\b(?:everywhere|on everything|"
    r"all the time|every time|in every|always do|for all|that way|always)\b)"
    # "please give me package setup steps with SPM only", "please write them pytest-style"
    r"|please (?P<ask4>give me|write (?:them|it|the tests|tests))\b"
    r"(?=[^;.]*(?:\bonly\b|-style\b|\balways\b|from now on))"
    r"|\b(?P<ask2>keep|make)\s+(?:your\s+|the\s+)?(?:answers|replies|responses)\b"
    r"|(?:that'?s|this is) how i (?:always |usually )?(?P<habit3>run|do|write|work|test)\b"
    r"|i (?P<habit4>code|program|develop) (?:in|with|on)\b"  # "I code in Rider"
    r"|i (?:don'?t|do not|no longer) (?P<habit5>use)\b[^.;]{1,40}\b(?:anymore|any more)\b"
    r"|(?:please\s+)?always (?P<ask3>run|use|give|write|test)\b"
    r"|i(?:'d| would)\s+(?:really\s+|much\s+)?(?P<wish>prefer)\b"
    r"|i(?:'m| am)?\s+(?:really\s+|generally\s+|usually\s+|always\s+)?"
    r"(?P<verb>prefer|like|love|hate|dislike|don'?t like|do not like|always use|usually use|"
    r"tend to|never use|always want|"
    r"always want|"
    r"can'?t stand|familiar with|comfortable with|experienced (?:with|in)|good at|fluent in|"
    r"picky about|"
    r"new to|an expert in|know .{1,20} well|work best|write|use)\b"
    # "I'd rather avoid alloc entirely": a way of working; not "I'd rather use X" (a choice)
    r"|i(?:'d| would) rather (?:avoid|stay away from|keep away from)\b"
    r"|my (?:preference|habit|style|editor|shell|setup|workflow) is\b"
    r"|personally,? i\b)"
)
_PERSONAL_ZH = lazy(
    r"(?:^|[，,；;。：:])[^，,；;。：:]{0,24}?我(?!们)(?:个人)?"
    r"(?:[\u4e00-\u9fff]{0,8}?|写\s*[A-Za-z][\w+#.-]*\s*)"
    r"(?:比较|一般|通常|平时|一直|更|最|向来|一向)?\s*"
    r"(?P<verb>prefer\b|喜欢|偏好|习惯|讨厌|不喜欢|熟悉|熟(?=[，,。！!]|$)|擅长|会用|常用|用惯了|精通|"
    r"不太熟|不熟|没用过|用不惯)"
    r"|(?:^|[，,；;。：:])[^，,；;。：:]{0,24}?我(?!们)(?:[\u4e00-\u9fff]{0,8}?|写\s*[A-Za-z][\w+#.-]*\s*)"
    r"(?P<habit>(?:一般|通常|平时|一直|向来)都?(?:是|用|这么[写用做]))"
    # "我平时看集群都是 k9s", "我一般排查线上都用 Arthas": the habit, its topic, then 都用
    r"|(?:^|[，,；;。：:])[^，,；;。：:]{0,12}?我(?!们)(?P<habit4>(?:一般|通常|平时|一直|向来)"
    r"[^，,。；;]{1,16}?都(?:是|用)\s*(?=[A-Za-z]))"
    # "我只写 GDScript，不碰 C#"
    r"|(?:^|[，,；;。：:])[^，,；;。：:]{0,12}?我(?!们)(?P<habit6>只(?:写|用))\s*(?=[A-Za-z])"
    # "我用 Rider 写代码": the tool the person works with
    r"|(?:^|[，,；;。：:])[^，,；;。：:]{0,12}?我(?!们)(?:一直|平时|一般)?用\s*[A-Za-z][\w.+#-]*\s*"
    r"(?P<habit5>写代码|写程序|开发|编程)"
    # "我不用 pip", "习惯每个项目固定一个 .fvmrc"
    r"|(?:^|[，,；;。：:])我(?!们)(?:一直|从来|平时|现在)?(?P<neg>不用|不使用)\s*(?=[A-Za-z])"
    r"|(?:^|[，,；;])(?P<habit3>习惯)(?=每|用|把|在|先)"
    # "我 commit 前一般都会跑一下 ktlintFormat"
    r"|(?:^|[，,；;。：:])我(?!们)[^，,。；;]{0,16}?(?P<habit2>(?:一般|通常|平时|每次|向来)都?[会先]"
    r"|都是先)"  # "我一般都先在小区域上验证", "我都是先写测试再写实现"
    r"|(?:^|[，,；;。：:])我(?:平时)?用的(?P<setup>开发环境|编辑器|IDE|终端|shell|系统|电脑)是"
    r"|(?P<ask>别再给我|不要给我|以后给我|以后都给我|给我用|后面给我|之后给我)"
    # "回答请用中文，代码注释用英文"
    r"|(?P<ask5>(?:回答|回复|注释|代码注释|提交信息|commit message)\s*"
    r"(?:请|都|一律|统一)?用(?:中文|英文))"
    # "我是前端，React 比较熟": the person's trade
    r"|^我是(?:一个|一名)?(?P<who3>前端|后端|全栈|运维|测试|算法|客户端|移动端|嵌入式|数据)"
    r"(?:开发|工程师|程序员)?(?=[，,。；;]|$)"
)
_HOW_I_WORK = lazy(r"(?i)\bhow i (?:work|do things|like to work)\s*[:：]\s*\S|我的习惯[是：:，,]")
_SKILL = lazy(
    r"(?i)familiar|comfortable|experienced|good at|fluent|new to|expert|know"
    r"|熟|擅长|会用|精通|没用过"
)
_UNIVERSAL = lazy(
    r"(?i)^(?:as a rule|in general|generally speaking|rule of thumb)[,:]?\s+"
    r"|^(?:一般来说|原则上|通常来说)[，,]?"
)


class Personal(NamedTuple):
    """Something about the person: a preference or a skill; `scope` PERSONAL or UNIVERSAL."""

    kind: str
    text: str
    scope: str


_PREFERS = lazy(
    r"(?i)\bi (?:really |strongly )?(?:prefer|like|love|always|usually|never)\b"
    r"|我(?:个人)?(?:比较|一般|通常|平时|一直|更|一向|向来|从来)?(?:喜欢|偏好|习惯)"
)


def states_preference(sentence: str) -> bool:
    """Whether a sentence says what the person prefers ("我比较喜欢 … 用 JUnit 5").

    Such a sentence is a personal item, not a choice.
    """
    return _PREFERS.search(sentence) is not None or _HOW_I_WORK.search(sentence) is not None


# "这是我一直的习惯", "that's just my habit": points back at the sentence before, says nothing
_POINTS_BACK = lazy(
    r"(?i)^(?:这|那|这个|那个|这也|这样)(?:是|就是|算是)?我(?:个人)?[\u4e00-\u9fff]{0,6}?"
    r"(?:习惯|偏好|风格|喜好)(?:了|吧|啦)?\W*$"
    r"|^(?:that'?s|this is|it'?s)\s+(?:just\s+)?(?:my|how i)\s+"
    r"(?:habit|preference|style|always done it|like it)\W*$"
)


# "conventional commits like always", "老规矩，commit message 用英文": a habit the person keeps
_AS_ALWAYS = lazy(
    r"(?i)(?:^|[,;]\s*)(?:(?:commit|push|deploy|merge)\s+(?:pls|please)?,?\s*)?"
    r"(?!(?:it|this|that|they|he|she|we|i|the build|the test|the tests)\b)"
    r"(?P<x>(?![^,;]*\b(?:\w+ed|broke|broken|fail\w*|crash\w*|down|slow)\b)"
    r"[a-z][\w .+#/-]{2,40}?),?\s+"
    r"(?:like always|as always|as usual|like usual|as i always do)\b"
    r"|(?:老规矩|照旧|跟以前一样|和以前一样)[，,:：]\s*(?P<z>[^，。；]{3,40})"
)


def _said_whole(text: str) -> Personal | None:
    """A rule of thumb, a way of working or a habit kept "as always", said by the sentence."""
    if _UNIVERSAL.match(text):
        return Personal("preference", text, "UNIVERSAL")
    if (always := _AS_ALWAYS.search(text)) is not None and not _QUESTION.search(text):
        return Personal("preference", (always["x"] or always["z"]).strip(), "PERSONAL")
    if _HOW_I_WORK.search(text):  # "one thing about how I work: I keep all … in …"
        return Personal("preference", text.rstrip("。."), "PERSONAL")
    return None


# the person's own tools: an editor, a shell, a system, a keyboard layout
_OWN_TOOL = lazy(
    r"(?i)\b(?:vs ?code|vim|neovim|nvim|emacs|intellij|pycharm|webstorm|goland|rider|xcode|"
    r"sublime|zed|jetbrains|zsh|fish shell|tmux|iterm2?|macos|windows|wsl|keybindings|dvorak|"
    r"colemak)\b"
)


def personal(sentence: str) -> Personal | None:
    """A preference or skill of the speaker ("I prefer tabs", "我习惯用 vim").

    Only the clause that says it counts: "我写代码喜欢 early return，能不能顺便开个检查？"
    states a preference and then asks something else.
    """
    text = sentence.strip()
    if _POINTS_BACK.match(text):
        return None
    if (whole := _said_whole(text)) is not None:
        return whole
    m = (_PERSONAL_ZH if is_chinese(sentence) else _PERSONAL_EN).search(text)
    if m is None:
        m = _PERSONAL_EN.search(text) if is_chinese(sentence) else None  # "…：I always write …"
    if m is None:
        return None
    clause = re.split(r"[，,。;；!！]", text[m.end() :], maxsplit=1)[0]
    said = text[: m.end()] + clause
    if re.search(r"[?？]\s*$", clause) or _QUESTION.match(text[m.start() :].lstrip(",;:，： ")):
        return None
    if _TENTATIVE.search(said):
        return None
    verb = (m.groupdict().get("verb") or "").lower()
    if (
        verb in ("write", "use")
        and not re.search(r"(?i)\b(?:always|usually|prefer)\b", sentence)
        and not _OWN_TOOL.search(clause)
    ):
        return None  # "I use Postgres" is the project's; "I use VS Code with vim keys" mine
    if m.groupdict().get("who") or m.groupdict().get("who2") or m.groupdict().get("who3"):
        verb = "know"
    kind = "skill" if _SKILL.search(verb or sentence) else "preference"
    return Personal(kind, text.rstrip("。."), "PERSONAL")


# ---- memory requests ------------------------------------------------------------------------

_REMEMBER = lazy(
    r"(?i)\b(?:remember (?:this|that)|please remember|note (?:this|that)|keep in mind|"
    r"save (?:this|that) to memory)\b|记住|保存到记忆|记一下|别忘了"
)


def asks_to_remember(sentence: str) -> bool:
    """True when the speaker asks for something to be remembered ("记住这个")."""
    return _REMEMBER.search(sentence) is not None


# "Remember: the API gateway strips the /v1 prefix", "Just so you know for the future: we never
# deploy on Fridays", "记住，生产环境不要直接改数据库": a lead that asks to keep what follows
_REMEMBERED_LEAD = lazy(
    r"(?i)^(?:(?:ok(?:ay)?|also|and|oh|btw|one more thing)[,\s]+)?"
    r"(?:(?:(?:can|could|would) you\s+)?(?:please\s+)?remember(?:\s+that)?(?!\s+to\b)"
    r"|keep in mind(?:\s+that)?|for the record|for future reference|note for (?:the )?future"
    r"(?: sessions)?|just so you know(?: for the future| for later)?|reminder(?: for "
    r"(?:future sessions|later|the future))?|the rule is|rule of thumb|important"
    r"|记住|记一下|别忘了|注意|以后记得|提醒一下)\s*[:：,，]?\s*(?P<x>.{8,200}?)[.。!！?？]?$"
)
# "important:" leads a rule only: "Important: all timestamps are stored in UTC"
_RULE_WORDS = lazy(
    r"(?i)\b(?:all|every|each|never|always|no|must|only|don'?t|do not)\b"
    r"|所有|每个|每次|一律|必须|不要|不能|禁止|只能|都"
)


_FORBIDS = lazy(
    r"(?:(?i:\b(?:don'?t|do not|never|no longer|stop|avoid)\s+(?:use|using|add|adding|call|"
    r"calling)\s+(?:the\s+)?)|\b(?i:no)\s+(?=[A-Z])"
    r"|不要用|别用|不能用|禁止使用|禁止用|不准用|不许用|不再用)\s*"
    r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Z][\w.+#-]*)?)"
)


_FORBIDDING = lazy(
    r"(?i)\b(?:don'?t|do not|never|no|not|avoid|stop|without)\b"
    r"|不要|不能|不准|不许|禁止|别|不用|不再|勿"
)


def forbids(clause: str) -> bool:
    """Whether a rule says what not to do ("生产环境不要直接改数据库", "never push to main")."""
    return _FORBIDDING.search(clause) is not None


def forbidden_names(clause: str) -> list[str]:
    """The names a rule forbids ("不要用 Tesseract", "never use moment.js"), as written."""
    return list(dict.fromkeys(m["x"] for m in _FORBIDS.finditer(clause)))


def remembered_rule(sentence: str) -> str | None:
    """What the person asks to keep about the project, said whole after a memory lead."""
    m = _REMEMBERED_LEAD.match(sentence.strip())
    if m is None or personal(m["x"]) is not None or tentative(m["x"]):
        return None
    weak = re.match(r"(?i)\W*(?:important|注意|提醒一下)", m.group(0))
    if weak and not (_RULE_WORDS.search(m["x"]) and re.search(r"[:：,，]", m.group(0))):
        return None  # "注意看一下日志" asks for care now; "注意：所有金额都用分存储" is a rule
    clause = m["x"].strip(" ,，")
    if re.match(r"(?i)(?:this|that|it|these)\b|这个|这些", clause):
        return None  # "remember this" points at something said before
    if re.fullmatch(
        r"(?i)(?:for\s+)?(?:next time|the future|later|future sessions|reference)", clause
    ):
        return None  # "just so you know for next time" closes what was said before
    return clause[0].upper() + clause[1:]


# "I want the API to return errors as RFC 7807 problem JSON", "We need every endpoint to be
# idempotent", "I want all timestamps stored in UTC": a requirement the person sets
_REQUIRED = lazy(
    r"(?i)^(?:(?:ok(?:ay)?|so|also|and|oh|btw|going forward|from now on)[,\s]+)*"
    r"(?:i|we)(?:\s+(?:really|also|definitely|absolutely))?"
    r"(?P<verb>\s+want|\s+need|\s+require|'d like|\s+would like)\s+"
    r"(?P<subject>(?P<all>(?:all|every|each|no)(?:\s+of\s+(?:the|our))?)\s+[\w./-]+(?:\s+[\w./-]+){0,3}?"
    r"|(?:the|our)\s+[\w./-]+(?:\s+[\w./-]+){0,2}?"
    r"|(?-i:[A-Z]{2,}[\w.-]*)(?:\s+[a-z][\w-]*){1,2}?)\s+"
    r"(?:to\s+(?P<to>(?:always\s+|never\s+|only\s+)?[a-z]+\b.{0,120}?)"
    r"|(?P<done>(?:always\s+|only\s+)?(?:[a-z]+ed|written|kept|built|sent|made|run|set|signed|"
    r"stored|done)\b.{0,120}?))"
    r"\s*(?:[,;\u2014\u2013]|\s(?:because|since|so that)\s|[.!]?$)"
)
# what the assistant says, does or answers now, not a part of the project
_REPLY_THING = lazy(
    r"(?i)\b(?:answer|reply|response|explanation|summary|output|result|message|text|fix|"
    r"change|diff|patch|plan|list|example)s?$"
)
# a state of the work to reach now, not a way for the project to be: "all tests to pass"
_TASK_STATE = lazy(
    r"(?i)^(?:pass|work|compile|build|load|finish|succeed|go away|stop\s+\w+ing|"
    r"(?:(?:be|get)\s+)?(?:fixed|green|done|working|passing|ready|finished|merged|deployed|"
    r"updated|removed|deleted|cleaned(?: up)?|migrated|converted|renamed|moved|refactored|"
    r"rewritten|replaced|upgraded|bumped|reverted|dropped|closed|resolved|completed|reviewed|"
    r"tested|committed|pushed|shipped|released|faster|better|cleaner|simpler|smaller|quicker|"
    r"gone|back))\b"
    r"|\b(?:again|now|today|tonight|tomorrow|asap|first|by (?:monday|tuesday|wednesday|"
    r"thursday|friday|eod|tomorrow|the end)|faster|quicker|better)\b"
)
# the project as a whole, or one of its big parts: "the API", "our backend", "the codebase"
_WHOLE = frozenset(
    ("api", "app", "backend", "frontend", "service", "cli", "codebase", "project", "server",
     "sdk", "library", "monorepo", "repo", "site", "website", "bot", "firmware", "pipeline",
     "database", "db", "schema", "code")
)  # fmt: skip
_NOT_NOW = lazy(
    r"(?i)\b(?:eventually|someday|some day|at some point|one day|long[- ]term|later|"
    r"in the future|you|your|me|my)\b"
)


def requirement(sentence: str) -> str | None:
    """A requirement the person sets for the project, titled as a rule, or None.

    "We need every endpoint to be idempotent" → "Every endpoint must be idempotent"; "I want
    the API to return errors as RFC 7807 problem JSON" → "The API should return errors as RFC
    7807 problem JSON". Not what the person wants of the reply ("I want you to explain …"),
    work to get done now ("I need all tests to pass"), nor wishes for later.
    """
    if _QUESTION.search(sentence) or _TENTATIVE.search(sentence) or _CONDITION.search(sentence):
        return None
    m = _REQUIRED.match(sentence.strip())
    if m is None or _NOT_NOW.search(m.group(0)) or _REPLY_THING.search(m["subject"]):
        return None
    predicate = (m["to"] or m["done"]).strip()
    if _TASK_STATE.search(predicate):
        return None
    if m["done"] and not (m["all"] or re.match(r"(?i)always|only", predicate)):
        return None  # "We need the staging DB migrated to Postgres 16": a task, done once
    # "the CSV export to include the VAT column", "the endpoint to return 201": one feature,
    # work to do; "the API", "the tests", "our services": the project or a kind of its parts
    head = m["subject"].split()[-1].lower()
    if not m["all"] and head not in _WHOLE and not re.search(r"[^s]s$", head):
        return None
    # held to a rule only for something concrete: "the API to return … RFC 7807", "all the
    # endpoints to require auth"; not "the buttons to be blue"
    concrete = re.search(r"\d|[A-Z]{2,}|[a-z][A-Z]|\w_\w|`|\b(?:always|never|only)\b", predicate)
    definite = re.match(r"(?i)all\s+(?:of\s+)?the\b", m["subject"])
    if (not m["all"] or definite) and not (concrete or technologies(predicate)):
        return None
    need = m["verb"].strip().lower() in ("need", "require")
    modal = "must" if need and m["all"] != "no" else "should"
    if m["done"]:  # "stored in UTC", "always signed"
        adverb = re.match(r"(?i)(?:always|only)\s+", predicate)
        head = adverb.group(0) if adverb else ""
        predicate = f"{head}be {predicate[len(head) :]}"
    subject = m["subject"]
    return f"{subject[0].upper()}{subject[1:]} {modal} {predicate}"


_OPTION = lazy(
    r"^\W*(?:option\s+|方案\s*)?(?P<label>[A-Da-d1-4一二三四])\s*[.):：]\W*\s*(?P<text>.+)$",
    re.I | re.M,
)
_NUMERALS = {"一": "1", "二": "2", "三": "3", "四": "4"}
_ORDINALS = {"first": "1", "second": "2", "third": "3", "fourth": "4"}
_OPTION_LEAD = lazy(
    r"(?i)^(?:stay on|stay with|switch to|move to|migrate to|go with|use|keep|adopt|add|改成|改为|"
    r"改用|使用|采用|换成|用)\s*"
)
# "B", "option 2", "方案 A", and "第二个" / "第2种方案": an option named by its place alone
_LABEL_REF = lazy(
    r"(?i)^(?:option\s+|方案\s*|选项\s*)?([A-Da-d1-4一二三四])$"
    r"|^第([一二三四1-4])(?:个|种|项)?(?:方案|选项)?$"
)
_OPTION_REF = lazy(
    r"(?i)\b(?:option|choice|approach|plan|number)\s*#?(?P<l>[A-Da-d1-4])\b"
    r"|(?:方案|选项)\s*(?P<z>[A-Da-d1-4一二三四])"
    r"|(?:^|[\s，,]|还是|就|那就)(?:选|换|换成|改|改用|用|go with|pick|take|do)\s*"
    r"(?P<y>(?-i:[A-D1-4]))(?![\w.])"
    r"|\b(?:the\s+)?(?P<ord>first|second|third|fourth)\s+(?:one|option|approach)\b"
    r"|第(?P<n>[一二三四1-4])(?:个|种)"
    # "Let's do (c).": a bracketed label, in either case
    r"|(?:^|[\s，,]|还是|就|那就)(?:选|换|换成|改|改用|用|go with|pick|take|do|try)\s*"
    r"[(（](?P<p>[A-Da-d1-4])[)）]"
)


_BARE_LABEL = lazy(r"^\W*(?:option\s+|方案\s*)?([A-Da-d1-4一二三四])\s*[.):：]?\W*$", re.I)


# a name, not a phrase: "Inngest", "Trigger.dev", "Graphile Worker", "Postgres 16" (not
# "keep it")
NAME = lazy(
    r"(?=[\w.+#/-]*[A-Z0-9.])[A-Za-z][\w.+#/-]*(?:\s+[A-Z][\w.+#/-]*){0,2}(?:\s+v?\d[\w.]*)?"
)


def options(message: str) -> dict[str, str]:
    """Labelled options in a message ("**B. Switch to Vitest.** ..."): label to the option named."""
    found: dict[str, str] = {}
    lines = message.splitlines()
    for n, line in enumerate(lines[:-1]):  # "A." on its own line, the option on the next
        bare = _BARE_LABEL.match(line)
        if bare and lines[n + 1].strip():
            label = _NUMERALS.get(bare.group(1), bare.group(1).upper())
            named = clip(_OPTION_LEAD.sub("", lines[n + 1].strip(" *-")))
            if named and not _VAGUE.match(named):
                found.setdefault(label, named)
    for m in _OPTION.finditer(message):
        if _QUESTION.search(m.group("text")):
            continue  # "1. PG 版本和数据量多大？" asks; it offers nothing
        head = re.split(r"[.。:：]\s|\*\*|[(（]", m.group("text").strip(" *"), maxsplit=1)[0]
        head = _OPTION_LEAD.sub("", head.strip(" *"))
        named = clip(head)
        if named and not _VAGUE.match(named):
            label = m.group("label").upper()
            found.setdefault(_NUMERALS.get(label, label), named)
    return found


def option_label(choice: str) -> str | None:
    """The label when a choice only names an option ("B", "option 2", "方案 A")."""
    m = _LABEL_REF.match(choice.strip())
    if m is None:
        return None
    label = m.group(1) or m.group(2)
    return _NUMERALS.get(label, label.upper())


def option_reference(sentence: str) -> str | None:
    """The option a reply picks by its label ("let's do option 2", "方案二", "the first one")."""
    if _QUESTION.search(sentence):
        return None
    m = _OPTION_REF.search(sentence)
    if m is None:
        return None
    if m.group("ord"):
        return _ORDINALS[m.group("ord").lower()]
    label = m.group("l") or m.group("z") or m.group("y") or m.group("n") or m.group("p") or ""
    return _NUMERALS.get(label, label.upper())


_DONE_NOUN = lazy(
    r"(?i)\b(?:the\s+)?(?P<noun>migration|switch|move|upgrade|setup|set-up|refactor(?:ing)?|"
    r"rewrite|integration|rollout|port)\s+(?:is|has been|was)\s+(?:now\s+)?(?:done|complete|"
    r"completed|finished|merged)\b"
    r"|(?P<zh>迁移|切换|升级|重构|集成|接入|改造)(?:工作)?(?:已经|都)?(?:完成|做完|搞定)"
)


def completion(sentence: str) -> str | None:
    """The kind of work a sentence reports finished without naming it ("the migration is done")."""
    if _QUESTION.search(sentence):
        return None
    m = _DONE_NOUN.search(sentence)
    if m is None:
        return None
    return (m.group("noun") or m.group("zh") or "").lower()


# a rate: "100 requests per minute", "20 req/s", "5 calls per second"
_PER_TIME = (
    r"(?:(?:requests?|reqs?|calls?|messages?|msgs?|jobs?|events?)\s*)?"
    r"(?:/|per\s+)(?:second|sec|s|minute|min|hour|hr|h|day)\b"
)
# a value ends where no letter or digit goes on ("30 分钟吧": a Chinese particle may follow)
_VALUE_END = r"(?!(?![\u4e00-\u9fff])\w|\.\d)"
_SETTING = lazy(
    r"(?i)(?P<key>[\w.-]*(?:line[-_ ]length|max[-_ ]line|timeout|ttl|port|coverage(?: threshold)?|"
    r"threshold|retries|pool[-_ ]size|batch[-_ ]size|rate[-_ ]limit|node version|python version|"
    r"region|replicas|min ?sdk|compile ?sdk|target ?sdk|"
    r"端口(?!范围|号段|区间)|超时时间|超时|副本数|重试次数|覆盖率|连接池(?:大小)?|最大连接数|并发数|"
    r"线程数|批大小|"
    # "文件上传大小限制设为 10MB", "消息重试最多 3 次"
    r"(?:上传|请求体|文件)(?:文件)?大小(?:限制|上限)?|(?:上传|大小)限制|重试(?:上限)?(?=\s*(?:最多|不超过))|"
    r"保留(?:时间|期|天数)|(?<=日志|数据|备份|快照|消息|指标)保留|有效期|过期时间)"
    r"[\w.-]*)(?![\w.-])\s*(?:我们|先)?\s*"
    r"(?:=|:|is|to|还是|是|为|改为|设为|设置为|保持|of|on|用|定为?|定成|设成|给|要求|不低于|至少|最多|"
    r"不超过)?\s*"
    r"(?P<value>\d+(?:\.\d+)?\s*(?:%|ms|s|m|h|rps|/min|分钟|秒|小时|天|个月|[KMG]B?(?![a-z])|"
    + _PER_TIME
    + r")?)"
    + _VALUE_END
)


_SETTING_ZH = {"端口": "port", "超时时间": "timeout", "超时": "timeout", "副本数": "replicas",
               "连接池大小": "pool_size", "连接池": "pool_size", "最大连接数": "max_connections",
               "并发数": "concurrency", "线程数": "threads", "批大小": "batch_size",
               "重试次数": "retries", "保留": "retention", "覆盖率": "coverage",
               "有效期": "ttl", "过期时间": "ttl", "上传": "upload_max_size", "大小": "max_size",
               "重试": "retries"}  # fmt: skip


_REGION = lazy(
    r"(?<![\w-])((?:us|eu|ap|sa|ca|me|af|il|cn)-(?:north|south|east|west|central|northeast|"
    r"southeast|northwest|southwest)-\d|(?:us|europe|asia|australia|southamerica)-"
    r"(?:north|south|east|west|central|northeast|southeast)\d)(?![\w-])"
)
_RESOURCE = lazy(
    r"(?i)(?:\b(?P<key>bucket|namespace|cluster|topic|database name|db name|project id|"
    r"queue name|table|configuration set|key ?prefix|prefix|consumer group|index name|alias|"
    r"queue)|(?P<kz>桶名?|存储桶|集群|命名空间|队列名?|索引名?|别名|消费组|数据库名|库名|(?<![列图代报发时仪])表(?![格示达单情])名?))"
    r"\s*(?:name\s+|名字|名称|名)?\s*"
    r"(?:(?:is|should be|will be|stays)\s+|named\s+|called\s+|=\s*|:\s*|"
    r"(?:就|都|统一)?(?:是|叫|用)\s*)?"
    r"[`'\"]?(?P<value>[a-z0-9][a-z0-9.]*[-_][\w.-]{1,60}|[a-z0-9]+\d[\w.-]*|"
    r"[a-z][a-z0-9]*(?:\.[a-z0-9]+){1,}|[a-z][\w.-]*(?:/[\w{}\u4e00-\u9fff.+#-]+)+/?)[`'\"]?"
    r"|[`'\"](?P<v2>[a-z0-9][a-z0-9.]*[-_][\w.-]{1,60})[`'\"]\s*"
    r"(?P<k2>bucket|namespace|cluster|topic|queue|table)\b"
    # "use the TRANSFORM_WH warehouse", "生产用 esp32s3-prod 这个 env": a name, then its kind
    r"|(?:\bthe\s+|用\s*)(?!\w+-(?:scoped|based|level|wide|only|side|aware|safe|specific)\b)"
    r"(?P<v3>[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+)\s*(?:这个\s*)?"
    r"(?P<k3>warehouse|bucket|cluster|topic|queue|namespace|env|profile|workspace)\b"
    r"(?!\s*var)"
)


_RESOURCE_ZH = {"桶": "bucket", "桶名": "bucket", "存储桶": "bucket", "集群": "cluster",
               "表": "table", "表名": "table",
               "命名空间": "namespace", "队列": "queue", "队列名": "queue", "索引": "index",
               "索引名": "index", "别名": "alias", "消费组": "consumer_group",
               "数据库名": "database_name", "库名": "database_name"}  # fmt: skip
_APP_SETTING = lazy(
    r"(?i)\b(?P<key>bundle id(?:entifier)?|package name|application ?id|"
    r"min(?:imum)? deployment target|deployment target)\s*(?:is|will be|=|:|是|为)?\s*[`'\"]?"
    r"(?P<value>[a-z][\w-]*(?:\.[\w-]+){2,}|(?:iOS|iPadOS|macOS|Android)\s*\d+(?:\.\d+)?)"
)
_UNIT = r"(?:%|ms|s|m|h|d|rps|/min|秒|分钟|小时|天|" + _PER_TIME + r")?"
_SNAKE_SETTING = lazy(
    r"\b(?P<key>[a-z][a-z0-9]*_[a-z0-9_]+)(?:\s*(?:=|:|是|为|用|设成|改成|设为|给|就)\s*|\s+)"
    r"(?P<value>\d+(?:\.\d+)?\s*" + _UNIT + r")" + _VALUE_END
)
# "DOWNLOAD_DELAY 设 2 秒", "max-poll-records 改 200", "SeatLockTTL: 600": a setting named as
# the configuration names it (upper snake, kebab or camel case), then the value it is given
_NAMED_KEY_SETTING_ZH = lazy(
    r"(?<![\w.$-])(?P<key>[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z][a-z0-9]*(?:-[a-z0-9]+)+"
    r"|[a-z]+(?:[A-Z][a-z0-9]+)+|[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+)"
    r"\s*(?:=|:|：|设为|设成|设置为|设|改成|改为|改|调到|调成|定成|定为|定|是|为|用)\s*"
    # "server-id 改成 6401-6404": a range is no one value
    r"(?P<value>\d+(?:\.\d+)?\s*" + _UNIT + r")" + _VALUE_END + r"(?!\s*[-~]\s*\d)"
)
_CHANGED_TO = lazy(
    r"(?:改成|改为|调到|调成|降到|\bchanged? to|\bto)\s*(\d+(?:\.\d+)?\s*"
    + _UNIT
    + r")"
    + _VALUE_END
)
_PATH_SETTING = lazy(
    r"(?i)\b(?P<key>(?:[a-z][a-z0-9_]{0,40})?(?:dir|path|root|folder))\s*"
    r"(?:就用|用|是|为|=|:|改成|设成|定成|should be|is now|will be|is)"
    r"\s*[`'\"]?(?P<value>(?:/|~/|s3://|gs://)[\w./~-]+)"
)
# "ClusterIssuer 名字叫 letsencrypt-prod", "the IAM role is named ci-deployer"
_NAMED_THING = lazy(
    r"(?P<key>[A-Z][A-Za-z]{2,30})\s*(?:的)?(?:名字|名称|name)\s*(?:叫|是|为|is)\s*[`'\"]?"
    r"(?P<value>[a-z0-9][\w.-]*[-_.][\w.-]+)"
)
_PREFIX = lazy(r"(?i)\bkey ?prefix\s*(?:is|=|:|用|是)?\s*[`'\"]([\w:./-]+)[`'\"]")


def settings(sentence: str, *, named_keys: bool = True) -> dict[str, str]:
    """The configuration values a sentence states ("line-length stays 100"), by key.

    A region, a key prefix, named resources (bucket, namespace, topic, ...) and one numeric
    setting: "bucket 是 acme-uploads-prod，region ap-northeast-1" gives both. `named_keys`:
    a Chinese sentence's keys named as configuration names them count ("DOWNLOAD_DELAY 设 2
    秒"); a commit message's are left to the commit rules.
    """
    if _QUESTION.search(sentence) or _TENTATIVE.search(sentence):
        return {}
    found: dict[str, str] = {}
    region = _REGION.search(sentence)
    if region is not None:
        found["region"] = region.group(1)
    prefix = _PREFIX.search(sentence)
    if prefix is not None:
        found["key_prefix"] = prefix.group(1)
    if not _NEGATED.search(sentence):
        found |= {k: v for k, v in _named_resources(sentence).items() if k not in found}
    if found:
        return found  # a sentence naming resources uses numbers for other things
    for m in _APP_SETTING.finditer(sentence):
        found.setdefault(m.group("key").lower().replace(" ", "_"), m.group("value"))
    for m in _PATH_SETTING.finditer(sentence):
        value = m.group("value").rstrip(".,;:")
        if value not in route_facts(sentence).values():  # "the probe path is /readyz": a route
            found.setdefault(m.group("key").lower(), value)
    for m in _NAMED_THING.finditer(sentence):
        found.setdefault(m.group("key").lower(), m.group("value").rstrip(".,;:"))
    return {**_numeric_settings(sentence, named_keys=named_keys), **found}


# every match of _RESOURCE holds one of these kind words: a cheap test that spares most
# sentences (and every commit subject without one) the costly pattern
_RESOURCE_WORDS = (
    "bucket", "namespace", "cluster", "topic", "database name", "db name", "project id", "queue",
    "table", "configuration set", "prefix", "consumer group", "index name", "alias", "warehouse",
    "env", "profile", "workspace", "桶", "集群", "命名空间", "队列", "索引", "别名", "消费组", "表",
    "库名",
)  # fmt: skip


def may_name_a_resource(sentence: str) -> bool:
    """False when `sentence` holds no kind word, so that it names no bucket, topic, table ..."""
    folded = sentence.casefold()  # as IGNORECASE matches: the long s (U+017F) is an "s"
    return any(word in folded for word in _RESOURCE_WORDS)


def _named_resources(sentence: str) -> dict[str, str]:
    """The buckets, namespaces, topics, tables ... a sentence names, by kind."""
    found: dict[str, str] = {}
    if not may_name_a_resource(sentence):
        return found
    for resource in _RESOURCE.finditer(sentence):
        named = next(resource[k] for k in ("key", "k2", "kz", "k3") if resource[k])
        key = _RESOURCE_ZH.get(named, named).lower().replace(" ", "_")
        group = next(k for k in ("value", "v2", "v3") if resource[k])
        value = resource[group]
        # "bucket 是 s3://logs/" is a location (storage_locations); "集群是 k8s 1.30" a kind
        if sentence.startswith("://", resource.end(group)) or role_of_name(value):
            continue
        if re.fullmatch(r"v?\d+(?:\.\d+)*", value):  # "集群是 23.8 版本": a version, no name
            continue
        found.setdefault(key, value.rstrip("."))
    return found


def _numeric_settings(sentence: str, *, named_keys: bool) -> dict[str, str]:
    """Named numbers ("timeout 30s", "hls_time 4"), as changed to when the sentence says so."""
    found: dict[str, str] = {}
    # "隔壁组的 MAX_CONN 是 500" is another team's setting
    ours = named_keys and is_chinese(sentence) and not _OTHERS_STACK_ZH.search(sentence)
    keyed = list(_NAMED_KEY_SETTING_ZH.finditer(sentence)) if ours else []
    for m in [*_SETTING.finditer(sentence), *_SNAKE_SETTING.finditer(sentence), *keyed]:
        zh = next((w for w in _SETTING_ZH if w in m.group("key")), None)
        key = _SETTING_ZH[zh] if zh else m.group("key")  # "本地数据库端口是 5433": port
        key = re.sub(r"[^a-z0-9_-]+", "_", key.lower()).strip("_-")
        if _METRIC.search(key):
            continue  # "intent_acc 0.903": a result measured, not a value set
        value = m.group("value")
        # "heartbeat_timeout 是 10s，…，改成 3s": the value it is changed to
        # "DOWNLOAD_DELAY 设 2 秒，并发降到 8": a named key's value is the one it is given
        later = None if m in keyed else _CHANGED_TO.search(sentence, m.end())
        if later is not None and not _SETTING.search(sentence, m.end(), later.start()):
            value = later.group(1)
        found.setdefault(key, _compact(value))
    return found


def _compact(value: str) -> str:
    """A value without the space after its number ("30 分钟" → "30分钟", "5 s" → "5s").

    A rate in words keeps its spaces ("100 requests per minute").
    """
    unit = value.partition(" ")[2].strip()
    if re.search(r"[A-Za-z]{2,}\s", unit):
        return " ".join(value.split())
    return value.replace(" ", "")


_METRIC = lazy(
    r"(?:^|[_-])(?:acc|accuracy|loss|f1|map|auc|bleu|rouge\w*|wer|cer|ppl|perplexity|precision|"
    r"recall|score|mae|mse|rmse|iou|p50|p90|p95|p99)(?:$|[_-])"
)


_DONE_HEADER = lazy(
    r"(?i)^\W*(?:done|fixed|finished|completed|all done|changes made|what i changed|summary of "
    r"changes|progress|results|已?完成了?|已修复|改动如下|修改如下|做了以下改动|搞定了?|都?改好了"
    r"|弄好了|进度|结果|(?:本次)?改动汇总)\W*[:：]\s*$"
)


def done_list(message: str) -> list[str]:
    """The items of a "Done:" / "已完成：" list in a message, cleaned of bullets and markup."""
    lines = _FENCE.sub("\n", message).splitlines()
    for n, line in enumerate(lines):
        if _DONE_HEADER.match(line):
            return _bullets(lines[n + 1 :])
    return []


def _bullets(lines: list[str]) -> list[str]:
    """The items of the bullet list the lines open with, cleaned of bullets and markup."""
    items: list[str] = []
    for item in lines:
        if not item.strip():
            if items:
                break
            continue
        if not _BULLET.match(item):
            break
        items.append(_BULLET.sub("", item).strip().replace("**", "").rstrip("；;。."))
    return items


_PROPOSAL_HEADER = lazy(
    r"(?i)(?:我的建议|我建议|建议如下|推荐方案|proposed (?:fix|plan|approach|solution)|"
    r"my (?:suggestion|recommendation|proposal)|recommendation|"
    r"i(?:'d| would)? (?:suggest|recommend|propose))"
    r"[^:：\n]{0,20}[:：]\s*$"
)
_LEAD_VERB = lazy(r"(?i)^(?:use|switch to|adopt|go with|move to|用|使用|采用|改用|换成)\s*")


def proposal_list(message: str) -> str | None:
    """The option named by the first item of a "My suggestion:" / "我的建议：" list, if any."""
    lines = _FENCE.sub("\n", message).splitlines()
    for n, line in enumerate(lines):
        if _PROPOSAL_HEADER.search(line):
            for item in lines[n + 1 :]:
                if not item.strip():
                    continue
                if not _BULLET.match(item):
                    return None
                text = _BULLET.sub("", item).strip().replace("**", "")
                if not _LEAD_VERB.match(text):
                    return None
                named = clip(_LEAD_VERB.sub("", text))
                return named if named and not _VAGUE.match(named) else None
    return None


# ---- a summary of where things landed -------------------------------------------------------

_RECAP_HEAD = lazy(
    r"(?i)(?:\b(?:summary|recap|to recap|for the record|where (?:you|we)(?:'ve)? landed|"
    r"final (?:setup|config(?:uration)?|state|stack|layout)|current setup|you now have|"
    r"what you have now)\b|(?:最终|当前|目前|现在的?)(?:配置|方案|状态|架构|技术栈)|总结|小结)"
    r"[^:：\n]{0,40}[:：]"
)
_RECAP_LEAD = lazy(r"(?:[^.!?。！？\n]{0,24}[.!。！]\s*){0,2}(?:so|ok|okay|好的?|那)?[,，]?\s*")
_RECAP_SPLIT = lazy(r"[;；，]\s*|,\s+(?![^()（）]*[)）])")
_GONE = lazy(
    r"(?i)\b(?:removed|dropped|deleted|retired|gone|no longer|instead of|replaced|rotated|"
    r"revoked)\b|不再|已删除|删掉|去掉|移除|替换掉"
)
_LINKED = lazy(r"(?i)\s+(?:on|via|through|over|behind|atop|for)\s+(?=[A-Z`])")
_QUOTED_SETTING = lazy(r"`(?P<k>[a-z][\w.]{2,40})\s*=\s*['\"]?(?P<v>[^`'\"\s]{1,40})['\"]?`")
_QUOTED_PATH = lazy(r"`(?P<path>(?:~|\.{1,2})?/?[\w.@{}-]+(?:/[\w.@{}-]+)+/?)`")


def recap(message: str) -> list[str]:
    r"""The parts of the summary of where things landed that opens a message.

    "Summary of where you landed:\n- Sidekiq 7.3 on Redis Cloud\n- concurrency 10" gives
    its bullets; "You now have: Nextflow + nf-core/rnaseq 3.14.0, Singularity on SLURM" the
    parts of the sentence after the colon. A message that does not open with one gives none.
    """
    text = _FENCE.sub("\n\n", message).lstrip()
    head = _RECAP_HEAD.search(text[:300])
    if head is None or not _RECAP_LEAD.fullmatch(text[: head.start()]):
        return []  # "The crash comes from the pool. Summary: …" sums up an answer
    line, _, after = text[head.end() :].partition("\n")
    if line.strip():
        sentence = re.split(r"(?<=[.。!！])\s", line.strip(), maxsplit=1)[0]
        return [p.strip(" .。") for p in _RECAP_SPLIT.split(sentence) if p.strip(" .。")]
    return _bullets(after.splitlines())


def recap_facts(part: str, taken: dict[str, str] | None = None) -> dict[str, dict[str, str]]:
    """The stack, settings and paths one part of a summary of where things landed states.

    "engine: DuckDB 1.1.3, `memory_limit='24GB'`" gives the engine and the memory limit;
    what the part says is gone ("GoodJob removed") is no stack. `taken`: the stack the
    summary's earlier parts gave, by key; a second tool of a role is keyed by its name.
    """
    body = re.sub(r"\([^)]*\)|（[^）]*）", "", re.sub(r"^`?[\w .-]{1,24}`?\s*[:：]\s+", "", part))
    body = _URL.sub(" ", re.sub(r"\b[a-z][a-z0-9+.-]{0,30}://\S+", " ", body))
    facts: dict[str, dict[str, str]] = {}
    if stack := _recap_stack(body, {} if taken is None else taken):
        facts["tech_stack"] = stack
    config = settings(body.replace("`", ""))
    config |= {m["k"].lower(): m["v"] for m in _QUOTED_SETTING.finditer(part)}
    if config:
        facts["config"] = config
    paths = {
        _path_key(m["path"]): m["path"]
        for m in _QUOTED_PATH.finditer(part)
        if not re.match(r"(?i)[a-z][\w+.-]*:/", m["path"])
        and re.search(r"^(?:~|\.{0,2}/)|/$|\.[A-Za-z]\w{0,5}$", m["path"])  # not Asia/Shanghai
    }
    if paths:
        facts["paths"] = paths
    if stores := storage_locations(part):
        label = re.match(r"^([a-z][\w -]{0,20}?)\s*[:：]\s", part)
        if label and len(stores) == 1:  # "output: s3://…/marts/": keyed by what it is
            stores = {label[1].replace(" ", "_"): next(iter(stores.values()))}
        facts["storage"] = stores
    return facts


def _recap_stack(body: str, taken: dict[str, str]) -> dict[str, str]:
    """The versioned tools of a part of a summary, by role, not yet in `taken`."""
    found: dict[str, str] = {}
    for piece in _RECAP_SPLIT.split(body):
        if _GONE.search(piece) or _QUESTION.search(piece) or _TENTATIVE.search(piece):
            continue
        for linked in _LINKED.split(piece):
            _stack_parts(linked.replace("`", ""), found)
        for m in [*_VERSIONED.finditer(piece), *_NAMED_VERSION.finditer(piece)]:
            if not any(m.group("name").lower() in v.lower() for v in found.values()):
                found.setdefault(_version_key(m), _versioned(m))
    stack: dict[str, str] = {}
    for key, value in found.items():
        if not re.search(r"\d", value):
            continue  # a tool named alone mostly repeats a choice the conversation made
        if key in taken and taken[key] != value:
            key = stack_key(value.split()[0])
        if key not in taken:
            stack[key] = taken[key] = value
    return stack


# ---- versions, addresses and layout ---------------------------------------------------------

_VERSIONED_NAMES = sorted(
    {
        *(n for n in _ROLE_OF if not _han(n)),  # "企业微信 3 个群" gives no version
        "node",
        "node.js",
        "go",
        "ruby",
        "php",
        "deno",
        "bun",
        "k8s",
        "android",
        "ios",
        "lightning",
        "gin",
        "chi",
        "pgx",
        "esp32",
        "esp32-s3",
        "unity",
        "godot",
    },
    key=len,
    reverse=True,
)
# the names of _VERSIONED_NAMES as one alternation
_KNOWN_VERSIONED = "|".join(re.escape(n) for n in _VERSIONED_NAMES)
_VERSIONED = lazy(
    r"(?i)(?<![\w.-])(?P<name>" + _KNOWN_VERSIONED + r")"
    r"\s*(?:是|为|版本号?(?:是|为)?|version(?: is)?|v|(?P<sdk>SDK))?\s*"
    r"(?P<ver>\d+(?:\.\d+){0,2}(?:\.x)?)(?!\d|\.\d|\s*%)"
)
_VERSION_WE_RUN = lazy(
    r"(?i)(?<![\w.-])(?P<name>[A-Za-z][\w.+-]{1,30})\s+version\s+(?:we(?:'re| are)\s+(?:on|using)|"
    r"we\s+(?:use|run)|in use)\s+is\s+v?(?P<ver>\d+(?:\.\d+){1,2})(?!\w|\.\d)"
)
# one version said outright to be the one in use: "Room 用的 2.6.1", "Flink 集群是 1.18 的",
# "ClickHouse 版本是 24.3", "I'm on Xcode 16.2"
_VERSION_STATED = (
    lazy(
        r"(?i)(?<![\w.-])(?P<name>" + _KNOWN_VERSIONED + r")\s*"
        r"(?:版本号?\s*(?:是|为|用的是?)|用的是?|集群(?:版本)?是)\s*"
        r"v?(?P<ver>\d+(?:\.\d+){1,2})(?!\d|\.\d|\s*%)"
    ),
    lazy(
        r"(?i)\b(?:i'?m|i am|we'?re|we are)\s+(?:on|using|running)\s+"
        r"(?P<name>" + _KNOWN_VERSIONED + r")\s+v?(?P<ver>\d+(?:\.\d+){1,2})(?!\d|\.\d|\s*%)"
    ),
)
# a capitalised name with a dotted version, for the message introducing the project
_NAMED_VERSION = lazy(
    r"(?<![\w.@/-])(?P<name>(?!(?:Chapter|Section|Step|Phase|Part|Figure|Table|Version|Release|"
    r"Sprint|Week|Day|Page|Line|Round|Level|Stage|Item|Task|Issue|PR|v|V)\b)"
    r"[A-Z][A-Za-z0-9+#]*(?:[-_][A-Za-z0-9]+)?)\s+v?(?P<ver>\d+\.\d+(?:\.\d+)?)(?![\w.]|\s*%)"
)
_CHANGE_WORDS = lazy(
    r"(?i)\b(?:upgrad\w*|bump\w*|downgrad\w*|migrat\w*|from\b.*\bto|update\w*|install\w*|requires?|"
    r"needs?|supports?|deprecat\w*|until|before|after|since|released?)\b"
    r"|升级|降级|迁移|迁到|换成|换到|改成|改用|从|需要|支持"
)
_OURS = lazy(r"(?i)\b(?:we|our|we're|project|the app|everywhere|all)\b|我们|项目|线上|都是")
_STACK_TALK = lazy(
    r"(?i)\b(?:stack|we(?:'re| are) (?:on|a|an)|runs? on|built (?:with|on)|written in|"
    r"project is|app is|service is|everywhere|is an? [\w.+-]+ (?:app|monolith|service|project))\b"
    r"|\b(?:building|built|writing|written)\b[^.;]{0,60}\bin\s+(?=[A-Z])"
    r"|\bour\s+[A-Z][\w.]*\s+v?\d[\w.]*\s+(?:app|service|api|site|backend|frontend|project)"
    r"|\bwe\s+pin\b"
    r"|\bis\s+[A-Z][\w.+-]*\s+v?\d[\w.]*\s+(?:on|with)\s+[A-Z]"
    r"|项目是|我们是|后端是|前端是|服务端是|技术栈|用的是|基于|是用\s*[A-Za-z]|在\s*[A-Za-z][\w.-]*\s*"
    r"v?\d[\d.]*\s*上(?:跑|部署|运行)"
)


def states_stack(sentence: str) -> bool:
    """Whether a sentence describes the project's stack ("Stack is ...", "后端是 Go 1.22").

    So does a clause that is only a name and its version ("模块路径是 github.com/x/y，Go 1.22。").
    """
    if _STACK_TALK.search(sentence):
        return True
    return any(_VERSIONED.fullmatch(c.strip(" .,")) for c in _CLAUSE.split(sentence))


_CANON = {"node.js": "node", "golang": "go", "postgresql": "postgres"}
_LISTED_AFTER = lazy(
    r"(?i)(?<![\w.-])(?:" + _KNOWN_VERSIONED + r")"
    r"(?:\s*v?\d+(?:\.\d+){0,2}(?:\.x)?)?\s*(?:,|，|、|\+|/|\bon\b|\bwith\b|\band\b|和|及|加)\s*"
    r"(?:and\s+)?$"
)


# "用的是 STM32F407VET6，跑 FreeRTOS 10.5", "an ESP32-S3 running Zephyr 3.6": what the stated
# part runs is stack too
_RUN_BY = lazy(r"(?i)(?:[，,]\s*|\s)(?:跑|运行|跑着|跑的是|running|runs)\s*$")


def listed_versions(sentence: str) -> set[str]:
    """Keys of the versions that follow another technology in a list.

    "Python 3.12 on Postgres 16", "Node 20, Express 4.19": in a sentence that states the
    stack, they are stack too.
    """
    keys: set[str] = set()
    for m in _VERSIONED.finditer(sentence):
        before = sentence[max(0, m.start() - 60) : m.start()]
        if _LISTED_AFTER.search(before) or _RUN_BY.search(before):
            keys.add(_version_key(m))
    return keys


def _versioned(m: re.Match[str]) -> str:
    """A versioned name as the project would write it ("Node 20", "Expo SDK 51")."""
    sdk = " SDK" if m.groupdict().get("sdk") else ""
    return f"{m.group('name')}{sdk} {m.group('ver')}"


def _version_key(m: re.Match[str]) -> str:
    return stack_key(m.group("name"))


def stack_key(name: str) -> str:
    """The `tech_stack` key of a technology's name ("Node.js" → "nodejs", "Golang" → "go")."""
    key = _CANON.get(name.lower(), name.lower())
    return key.replace(".js", "js").replace(" ", "_")


_NAMES = r"(?:" + _KNOWN_VERSIONED + r")"
_TO_VERSION = r"v?(?P<ver>\d+(?:\.\d+){0,2})(?!\d|\.\d|\s*%)"
# "Go 升级到 1.22", "pin rust toolchain to 1.78", "bumped Node to 20", "把 Kotlin 升级到 1.9.23"
_VERSION_MOVE = lazy(
    r"(?i)(?:(?<![\w.-])(?P<a>" + _NAMES + r")(?:\s+(?:toolchain|version|sdk|runtime|cli))?\s*"
    r"(?:升级到|升到|更新到|切到|降级到|降到|锁定到|锁定为|固定到|固定为|锁到)"
    r"|\b(?:upgrad|bump|pin|updat|mov|downgrad)\w*\s+(?:the\s+|our\s+)?(?P<b>" + _NAMES + r")"
    r"(?:\s+(?:toolchain|version|sdk|runtime|cli))?\s+(?:to|at)"
    r"|\b(?:upgrad|bump|mov|switch)\w*\s+to\s+(?P<c>" + _NAMES + r")"
    r"|把\s*(?P<d>"
    + _NAMES
    # "把 Python 从 3.8 升到了 3.11"
    + r")(?:\s*(?:版本|toolchain))?\s*(?:从\s*v?\d+(?:\.\d+){0,2}\s*)?"
    r"(?:升级|升|更新|锁定|固定|降级)(?:到了?|为|成)"
    r"|(?:升级|更新|降级)\s*(?P<e>" + _NAMES + r")\s*(?:到|至)"
    r"|(?:升级|升|切|迁移|切换)到\s*(?P<f>" + _NAMES + r"))"
    r"\s*" + _TO_VERSION
)
# what a project runs on; a version move of a library ("bump zod to 3.23") is only work
_PLATFORM_ROLES = frozenset(
    ("platform", "language", "runtime", "backend", "frontend", "mobile", "desktop", "database",
     "cache", "queue", "search", "hosting", "container", "deploy_tooling", "firmware", "engine",
     "build_system", "miniprogram", "timeseries", "warehouse", "vector_db")
)  # fmt: skip
_DONE_MARK = lazy(r"(?i)\b(?:upgraded|bumped|pinned|updated|moved|switched|downgraded)\b|了|已")
# a word every way of `_VERSION_MOVE` needs: a cheap test before that costly pattern compiles
_MOVE_WORD = lazy(r"(?i)\b(?:upgrad|bump|pin|updat|mov|downgrad|switch)|升|更新|切|降|锁|固定|迁移")


def version_changes(sentence: str, *, done: bool = False) -> dict[str, str]:
    """The versions a sentence moves technologies to ("Go 升级到 1.22" → {"go": "Go 1.22"}).

    After the move, the project is on the new version: a stack fact, beside the changelog entry
    the work gives. `done`: the sentence is known to report work done (a commit subject);
    otherwise it must say so itself ("upgraded", "了"). Wishes and questions move nothing.
    """
    if _QUESTION.search(sentence) or _TENTATIVE.search(sentence) or _STACK_WISH.search(sentence):
        return {}
    if not done and not _DONE_MARK.search(sentence):
        return {}
    if not any(char.isdigit() for char in sentence) or not _MOVE_WORD.search(sentence):
        return {}  # no version or no move (and `_VERSION_MOVE` is costly to compile)
    facts: dict[str, str] = {}
    for m in _VERSION_MOVE.finditer(sentence):
        name = next(g for g in (m["a"], m["b"], m["c"], m["d"], m["e"], m["f"]) if g)
        if _ROLE_OF.get(name.lower(), "platform") not in _PLATFORM_ROLES:
            continue  # "gorm 升级到 v1.25.10": a library bump, not the stack
        facts.setdefault(stack_key(name), f"{name} {m['ver']}")
    return facts


def version_facts(sentence: str, *, own: bool, opening: bool = False) -> dict[str, str]:
    """Runtime and service versions a sentence states ("Node 20 everywhere", "Node 是 20.11").

    `own`: the speaker is the user (an assistant's sentence must say it is about the project).
    `opening`: the sentence introduces the project, so one version alone is its own too.
    Sentences about changing versions are work, not facts, and give none.
    """
    if _QUESTION.search(sentence) or _TENTATIVE.search(sentence) or _CHANGE_WORDS.search(sentence):
        return {}
    if not own:
        return {}
    if ours := _VERSION_WE_RUN.search(sentence):  # "GRDB version we're on is 6.27"
        return {stack_key(ours["name"]): f"{ours['name']} {ours['ver']}"}
    found = list(_VERSIONED.finditer(sentence))
    if len(found) < 2 and not states_stack(sentence) and not opening:
        return {}  # a version in passing ("Redis 7 on Render for sessions") is not the stack
    if opening:
        # the person introducing the project names its parts, known to the lexicon or not
        # ("…用 feast init 生成的，Feast 0.40", "EMR 6.15，Spark 3.4")
        known = [m.span() for m in found]  # not "Native 0.74" again inside "React Native 0.74"
        found += [
            m
            for m in _NAMED_VERSION.finditer(sentence)
            if not any(start <= m.start() < end for start, end in known)
        ]
    facts: dict[str, str] = {}
    for m in found:
        if re.fullmatch(r"\d{3,}", m.group("ver")):
            continue  # "requests 404": a status code, not a version
        facts.setdefault(_version_key(m), _versioned(m))
    return facts


def stated_versions(sentence: str) -> dict[str, str]:
    """Versions a sentence says outright are the ones in use, by key.

    "Room 用的 2.6.1", "I'm on Xcode 16.2"; questions, wishes and changes of version state none.
    """
    if _QUESTION.search(sentence) or _TENTATIVE.search(sentence) or _CHANGE_WORDS.search(sentence):
        return {}
    return {
        stack_key(m["name"]): f"{m['name']} {m['ver']}"
        for pattern in _VERSION_STATED
        for m in pattern.finditer(sentence)
    }


_URL_FACT = lazy(
    r"(?i)(?P<name>(?:[\w-]+\s+){0,2}?|[\u4e00-\u9fff]{1,4}?)(?:base\s+)?"
    r"(?:url|endpoint|address|host|domain|module path|base|broker|地址|域名|模块路径)"
    r"(?:\s*(?:is|:|：|是|为|=|用|就用|叫|stays|will be|定成|定为|设成|设为|改成|改为|配置成|"
    r"配置为|先定|定)"
    r"\s*`?"
    r"|\s+(?=`|[a-z0-9-]+\.[a-z0-9.-]+))`?"
    r"(?P<url>(?:https?|mqtts?|amqps?|rediss?|nats|grpcs?|wss?|tcp)://[^\s<>\"'`)\]，。]+"
    r"|(?:\*\.)?(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d{2,5})?(?:/[\w.-]+)*(?![\w.-]))"
)
# Chinese names of addresses, as keys
_URL_NAMES = {
    "环境": "",  # 测试环境 / 生产环境: the place names the key (_PLACE_NAMES)
    "回调": "callback",
    "服务": "service",
    "接口": "api",
    "后台": "admin",
    "模块": "module",
}


_ENV_URL = lazy(
    r"(?i)(?P<url>https?://[^\s<>\"'`)\]，。]+?)[.,;]?\s+(?:on|in|for)\s+(?:the\s+)?"
    r"(?P<env>staging|production|prod|dev|development|test|preview)\b"
)
_PLACE_NAMES = {"测试环境": "test", "生产环境": "production", "生产": "production",
                "线上": "production",
                "预发": "staging", "预发环境": "staging", "正式环境": "production"}  # fmt: skip
# "prod is https://…", "staging: https://…", "测试环境地址：https://…"
_PLACE_URL = lazy(
    r"(?i)(?:^|[\s,;，；(（])(?P<env>prod|production|staging|preview|测试环境|生产环境|正式环境|线上|"
    r"预发(?:环境)?|生产)(?:\s*(?:url|site|address|地址|域名))?\s*(?:(?:is\s+)?at|is|=|:|：|是|在)\s*"
    r"(?P<url>https?://[^\s<>\"'`)\]，。]+)"
)
# "Redis 用 redis://127.0.0.1:6379/2", "MQTT 走 mqtts://iot.example.cn:8883"
_NAMED_URL = lazy(
    r"(?P<name>[A-Za-z][\w-]{1,20})\s*(?:用|走|连|连的是|is at|lives at|runs at)\s*`?"
    r"(?P<url>(?:https?|mqtts?|amqps?|rediss?|nats|grpcs?|wss?|tcp)://[^\s<>\"'`)\]，。]+)"
)
# "broker 地址 mqtts://iot.example.cn:8883", "OSRM 在内网起好了，地址 http://osrm.internal:5000",
# "the Unleash API address is https://…"
_ADDRESS_OF = lazy(
    r"(?P<name>[A-Za-z][\w-]{1,20})[^。.;；?？A-Za-z]{0,24}?(?:地址|\baddress|\bendpoint)\s*"
    r"(?:是|为|is|[:：])?\s*`?"
    r"(?P<url>(?:https?|mqtts?|amqps?|rediss?|nats|grpcs?|wss?|tcp)://[^\s<>\"'`)\]，。]+)"
)
# "集群是 https://es-prod…:9200", "自动更新仍然走 `https://dl.inkpad.cn/updates/`"
_NAMED_URL_ZH = lazy(
    r"(?<![\u4e00-\u9fff\w])(?P<name>[\u4e00-\u9fff]{2,4})\s*(?:仍然|还是|都|也|就|现在)?"
    r"(?:是|走|连|连的是|走的是|用的是)\s*`?"
    r"(?P<url>(?:https?|mqtts?|amqps?|rediss?|nats|grpcs?|wss?|tcp)://[^\s<>\"'`)\]，。]+)"
)
# "ota.trellis-iot.io is our domain"
_HOST_IS = lazy(
    r"(?i)(?<![\w.-])`?(?P<url>(?:[a-z0-9-]+\.)+[a-z]{2,})`?\s+is\s+(?:our|the)\s+"
    r"(?P<name>domain|host|endpoint|broker|cdn)\b"
)
_ENV_VAR_URL = lazy(
    r"\b(?P<key>[A-Z][A-Z0-9_]{1,40}_(?:URL|URI|HOST|ENDPOINT|ADDR|ADDRESS))\s*=\s*"
    r"(?P<url>(?:https?|grpc|nats|amqp|mqtt)s?://[^\s<>\"'`)\]，。]+)"
)


def _may_hold_address(sentence: str) -> bool:
    """Whether a sentence may hold an address: every pattern above needs "://" or a dotted host."""
    return "." in sentence or "://" in sentence


def url_facts(sentence: str) -> dict[str, str]:
    """The named addresses of a sentence, by key.

    "the API base URL is https://...", "`MLFLOW_TRACKING_URI=http://...`", and "X on staging
    and Y in production" (one key per place).
    """
    if not _may_hold_address(sentence) or is_question(sentence) or tentative(sentence):
        return {}
    named = url_fact(sentence)
    places = list(_ENV_URL.finditer(sentence))
    if len(places) >= 2:
        noun = re.search(r"(?i)\b(webhook|endpoint|callback|api|url|site|app|host)\b", sentence)
        base = named[0] if named else (noun.group(1).lower() if noun else "url")
        env = {"prod": "production", "development": "dev"}
        return {f"{base}_{env.get(m['env'].lower(), m['env'].lower())}": m["url"] for m in places}
    found = dict([named]) if named is not None else {}
    for m in _PLACE_URL.finditer(sentence):
        place = m["env"].lower()
        place = _PLACE_NAMES.get(place, {"prod": "production"}.get(place, place))
        found = {k: v for k, v in found.items() if v != m["url"].rstrip(".,;:!")}
        found.setdefault(place, m["url"].rstrip(".,;:!"))
    for m in [*_NAMED_URL.finditer(sentence), *_ADDRESS_OF.finditer(sentence)]:
        if (url := m["url"].rstrip(".,;:!")) not in found.values():
            found.setdefault(m["name"].lower(), url)
    for m in _ENV_VAR_URL.finditer(sentence):
        found.setdefault(m["key"].lower(), m["url"].rstrip(".,;:!"))
    for m in _NAMED_URL_ZH.finditer(sentence):  # unless named already ("broker 地址是 …")
        name = _URL_NAMES.get(m["name"][-2:], m["name"]) or "base"
        if (url := m["url"].rstrip(".,;:!")) not in found.values():
            found.setdefault(name, url)
    for m in _HOST_IS.finditer(sentence):
        found.setdefault(m["name"].lower(), m["url"])
    # an address with credentials in it is a connection string, not a fact to keep
    return {k: v for k, v in found.items() if "@" not in v and "REDACTED" not in v}


# ---- named values: "RDS 那边是 rm-bp1x….rds.aliyuncs.com", "the engine is quant/engine.py" ----

_IDENT = (
    r"(?P<value>(?:~|\.{1,2})?/?[\w.{}-]+(?:/[\w.{}*-]+)+/?"  # a path
    r"|[a-z0-9][\w-]*(?:\.[\w-]+)+(?::\d{2,5})?"  # a host, maybe with its port
    r"|[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+)"  # a kebab or snake name
)
_NAMED_EN = lazy(
    r"(?i)(?:^|(?<=[\s(,;]))(?:(?:the|our|my|its|their)\s+)?(?P<topic>(?:[a-z][\w-]*\s+){0,2}?"
    r"[a-z][\w-]*)\s+(?:is|are|will be|lives|sits|goes|go|belongs?|is called|is named|"
    r"called|named)"
    r"(?:\s+(?:reachable|available|running|served|hosted|deployed|kept|stored))?"
    r"(?:\s+(?:at|in|on|under))?\s+[`'\"]?" + _IDENT + r"(?=[`'\"]?(?:[\s,;:)]|\.?$))"
)
_NAMED_ZH = lazy(
    r"(?<![\u4e00-\u9fff\w])(?P<topic>[A-Za-z][\w-]{1,20}|[\u4e00-\u9fff]{2,6}?"
    r"(?:的[\u4e00-\u9fff]{2,6}?)?)\s*(?:那边|那个)?(?:的)?"
    r"(?:名字|名称|地址|路径|ID|id)?\s*(?:我们?|咱们)?\s*(?:就|也|都|统一)?"
    r"(?:是|叫做?|为|在|放在|存在|放到|存到)\s*[`'\"]?" + _IDENT + r"(?![\w.{}/-])"
)
# "扩展 ID 是 kpbnlgeci…", "the app id is 1234567": after an ID word, any token is the value
_NAMED_ID = lazy(
    r"(?P<topic>(?<![\w-])[A-Za-z][\w-]{1,20}|[\u4e00-\u9fff]{2,6})\s*(?:的)?\s*"
    r"(?<![\w-])(?:ID|id|Id)\s*(?:是|为|[:：=]|is)\s*[`'\"]?(?P<value>[A-Za-z0-9][\w.-]{3,80})(?![\w.-])"
)
# ids of one run or one record, not of a part of the project
_PASSING_ID = lazy(
    r"(?i)^(?:request|correlation|trace|span|event|message|run|job|order|user|session|build|"
    r"commit|task|process|thread|请求|订单|用户|会话|任务|进程)$"
)
# topics that name a trouble or a passing thing, not a part of the project
_NOT_A_PART = lazy(
    r"(?i)^(?:error|errors|issue|problem|bug|log|logs|output|result|it|this|that|which|there|"
    r"the|a|an|"
    r"what|one|example|diff|change|fix|trace|stack|line|file|test|here|below|above|following|"
    r"报错|问题|错误|日志|原因|结果|例子|输出|示例|下面|上面|如下|以下|这里|这边|那里|下边|附上)$"
)
_ADVERB_ZH = lazy(r"现在|大概|果然|就|都|统一|还是|已经|也|然后|应该|其实|一般|默认|直接|[跑写读]$")
_HOST_END = lazy(
    r"\.(?:com|net|org|io|cn|dev|app|internal|local|lan|svc|co|ai|cloud|edu|gov|tech|site|xyz|"
    r"me|us|eu|de|uk|jp|hk|tw|sg|corp|intra)(?::\d+)?$",
    re.I,
)
_FILE_EXT = lazy(
    r"\.(?:ya?ml|toml|json|py|ts|tsx|js|mjs|go|rs|java|kt|swift|md|sh|sql|xml|conf|ini|env|txt|"
    r"csv|lua|rb|php|cs|cpp|c|h|proto|tf|dockerfile)$",
    re.I,
)


# a place said to hold something: "migrations are in db/migrate/", "翻译文件都在 src/locales"
_LOCATED = lazy(r"(?i)(?:\b(?:in|under|at)|在|放在|存在|放到|存到)\s*[`'\"]?$")
_NOT_PATHS = frozenset(
    ("and/or", "read/write", "input/output", "client/server", "ci/cd", "tcp/ip", "i/o", "yes/no",
     "on/off", "true/false", "front/back", "win/mac", "mac/linux", "x86/arm", "dev/prod",
     "staging/prod", "test/prod", "src/dest", "before/after", "old/new", "get/set", "a/b")
)  # fmt: skip


def _short_path(value: str) -> bool:
    """A relative folder two levels deep ("db/migrate/", "src/locales").

    A place only where the sentence says something is in it.
    """
    value = value.rstrip("/")
    return bool(re.fullmatch(r"[a-z_][\w.-]*/[\w.-]+", value)) and value not in _NOT_PATHS


def _a_value(value: str) -> bool:
    """Whether a token names a place or a resource, not a word, a name in code or a size.

    Paths are absolute, relative with "./", files, or three folders deep; hosts end in a domain
    or carry a port; a kebab name is not an adjective ("hand-rolled").
    """
    if _TECH.fullmatch(value) or _VERSION.fullmatch(value):
        return False
    if "/" in value:
        deep = value.strip("/").count("/") >= 2
        return value.startswith(("/", "~", ".")) or bool(_FILE_EXT.search(value)) or deep
    if "." in value:  # a file, a host, or a dotted setting name ("solver.time_limit_seconds")
        return bool(_FILE_EXT.search(value) or _HOST_END.search(value) or re.search("[:_]", value))
    return not re.fullmatch(r"[a-z]+-[a-z]+(?:ed|ing)", value)


# what a project command does, by the words that name it
_COMMAND_KEYS = {
    "build": "build", "test": "test", "tests": "test", "unit tests": "test", "e2e": "e2e",
    "e2e tests": "e2e", "lint": "lint", "linter": "lint", "format": "format",
    "formatter": "format", "typecheck": "typecheck", "type check": "typecheck",
    "type checks": "typecheck", "dev": "dev", "dev server": "dev", "start": "start",
    "migrations": "migrate", "migration": "migrate", "migrate": "migrate", "deploy": "deploy",
    "release": "release", "测试": "test", "单元测试": "test", "单测": "test", "构建": "build",
    "打包": "build", "编译": "build", "迁移": "migrate", "数据库迁移": "migrate", "启动": "dev",
    "本地启动": "dev", "部署": "deploy", "格式化": "format", "代码检查": "lint",
    "类型检查": "typecheck", "发布": "release",
}  # fmt: skip
_RUNNER = (
    r"(?:pnpm|npm|yarn|bun|npx|make|just|cargo|go|pytest|tox|nox|uv|poetry|hatch|python3?|"
    r"alembic|rake|bundle|mix|dotnet|mvn|gradle|\./gradlew|docker|deno|turbo|nx)"
)
# the command itself: in backticks, or a known runner to the end of its clause
_COMMAND_TEXT = (
    r"(?:`(?P<cmd>[^`\n]{2,80})`"
    rf"|(?P<bare>{_RUNNER}(?:\s+[\w:./=@-]+){{1,5}}?)(?=\s*(?:[,;，。；]|\.(?:\s|$)|\band\b|$)))"
)
_WHAT_EN = (
    r"(?P<what>build|tests?|unit tests|e2e(?: tests)?|lint|linter|format(?:ter)?|"
    r"type ?checks?|typecheck|dev(?: server)?|start|migrations?|migrate|deploy|release)"
)
_COMMAND = lazy(
    # "the build command is `pnpm build`", "tests run with `pytest -q`"
    rf"(?i)(?<![\w-]){_WHAT_EN}\s*(?:command|script|cmd)?\s*(?:[^,;`]{{0,40}}?\s+and\s+)?"
    r"(?:is|are|=|:|runs? with|runs? via|(?:is |are )?run (?:with|via|by))\s+"
    + _COMMAND_TEXT
    +
    # "run migrations with `alembic upgrade head`"
    r"|(?i:(?:^|[,;]\s*|\b(?:we|you|always)\s+)(?:run|start)\s+(?:the\s+)?)"
    + _WHAT_EN.replace("what", "what2")
    + r"\s+(?i:with|via|using)\s+"
    + _COMMAND_TEXT.replace("cmd", "cmd2").replace("bare", "bare2")
    # "tests are run with `make test`, and lint with `make lint`": a command named after another
    + r"|(?i:[,;]\s*(?:and\s+)?)"
    + _WHAT_EN.replace("what", "what3")
    + r"\s+(?i:with|via|using)\s+"
    + _COMMAND_TEXT.replace("cmd", "cmd4").replace("bare", "bare4")
    # "测试用 `pnpm test`", "构建命令是 make build"
    + r"|(?P<zh>数据库迁移|单元测试|本地启动|代码检查|类型检查|测试|单测|构建|打包|编译|迁移|启动|"
    r"部署|格式化|发布)(?:命令|脚本)?\s*(?:统一|都|就)?(?:用|是|跑|执行|走|为|[：:])\s*"
    + _COMMAND_TEXT.replace("cmd", "cmd3").replace("bare", "bare3")
)


def commands(sentence: str) -> dict[str, str]:
    """The project's commands a sentence states ("tests run with `pytest -q`"), by what they do."""
    if "`" not in sentence and not re.search(_RUNNER, sentence):
        return {}
    if _QUESTION.search(sentence) or _TENTATIVE.search(sentence):
        return {}
    found: dict[str, str] = {}
    for m in _COMMAND.finditer(sentence):
        what = (m["what"] or m["what2"] or m["what3"] or m["zh"]).lower()
        quoted = m["cmd"] or m["cmd2"] or m["cmd3"] or m["cmd4"]
        bare = m["bare"] or m["bare2"] or m["bare3"] or m["bare4"]
        command = (quoted or bare.rstrip(".")).strip()
        key = _COMMAND_KEYS.get(re.sub(r"\s+", " ", what))
        if key is not None and _COMMAND_LIKE.match(command):
            found.setdefault(key, command)
    return found


# a command: a known runner, a path to a program, or a lower-case program with arguments
_COMMAND_LIKE = lazy(rf"{_RUNNER}(?:\s|$)|(?:\./|[\w.-]+/)+[\w.-]+(?:\s|$)|[a-z][\w.-]*\s+\S")


def named_values(sentence: str) -> dict[str, dict[str, str]]:
    """Paths, hosts and resource names a statement gives a part of the project, by section.

    "RDS 那边是 rm-bp1x9k2m3n4.mysql.rds.aliyuncs.com" → urls.rds, "our engine is
    quantlab/backtest/engine.py" → paths.engine, "云环境 ID 是 kids-code-prod-8g3k2" →
    config.云环境. Known technologies, versions and troubles ("the error is in …") are not.
    """
    if _QUESTION.search(sentence):
        return {}
    sentence = settled(sentence, _TENTATIVE, _STACK_WISH, _NOT_STACK)
    found: dict[str, dict[str, str]] = {}
    named = _NAMED_ZH if is_chinese(sentence) else _NAMED_EN
    for m in [*named.finditer(sentence), *_NAMED_ID.finditer(sentence)]:
        # "测试环境的数据库是 …" is the 测试环境数据库; "我们的数据库" is the 数据库; an ID is the
        # ID of its last part ("Chrome 商店的扩展 ID": 扩展)
        parts = [p for p in m["topic"].strip().split("的") if not _PRONOUN_ZH.fullmatch(p)]
        topic = "".join(parts[-1:] if m.re == _NAMED_ID else parts[-2:]) or m["topic"]
        value = m["value"].rstrip(".")
        if m.re == _NAMED_ID and _PASSING_ID.match(topic):
            continue
        topic = topic.split()[-1] if not is_chinese(topic) and topic.count(" ") > 1 else topic
        located = _LOCATED.search(sentence, 0, m.start("value")) is not None
        if _NOT_A_PART.match(topic) or _ADVERB_ZH.search(topic):
            continue
        if not (_a_value(value) or (located and _short_path(value))):
            continue
        if re.search(r"[我你他她咱]|用$", topic):
            continue  # "我们用的是 pygame-ce": what the project uses, not a part of it
        if "://" in sentence[max(0, m.start("value") - 3) : m.start("value") + 1]:
            continue  # part of an address url_facts reads whole
        key = re.sub(r"[^\w]+", "_", topic.lower()).strip("_")
        if "/" in value or _FILE_EXT.search(value):
            section = "paths"
        elif "." in value and (_HOST_END.search(value) or ":" in value):
            section = "urls"
        else:
            section = "config"
        found.setdefault(section, {}).setdefault(key, value)
    return found


_PRONOUN_ZH = lazy(r"[我你他她它咱]们?|这个|那个|这边|那边|项目|本项目")


_STORE_URI = lazy(
    r"(?<![\w/])(?P<uri>(?:s3|s3a|gs|oss|cos|obs|r2|az|abfss?|hdfs|minio)://"
    r"(?P<bucket>[a-z0-9][\w.-]{1,62})(?:/[\w.~/{}=-]*)?)"
)


def storage_locations(sentence: str) -> dict[str, str]:
    """Object-store locations a sentence names ("输出还是放 s3://vod-out/hls/"), by bucket."""
    if _TENTATIVE.search(sentence):
        return {}
    return {m["bucket"]: m["uri"].rstrip(".,;:") for m in _STORE_URI.finditer(sentence)}


def url_fact(sentence: str) -> tuple[str, str] | None:
    """A named address ("the API base URL is https://...") as (key, url)."""
    if not _may_hold_address(sentence) or is_question(sentence) or tentative(sentence):
        return None
    m = _URL_FACT.search(sentence)
    if m is None:
        return None
    name = m.group("name").strip()
    if "模块路径" in m.group(0) or "module path" in m.group(0).lower():
        name = "module"
    if is_chinese(name):
        name = _URL_NAMES.get(name[-2:], "")
    stop = ("the", "our", "a", "its", "and", "or", "but", "so", "then", "while", "with", "also")
    words = [w for w in name.lower().split() if w not in stop]
    fallback = "domain" if re.search(r"(?i)域名|domain", m.group(0)) else "base"
    key = "_".join(words) or fallback
    return re.sub(r"[^a-z0-9_]", "", key) or fallback, m.group("url").rstrip(".,;:!")


# ---- routes: "健康检查路径是 /healthz", "the callback URL is /api/pay/notify" ------------------

_ROUTE = r"(?P<route>/(?:[\w{}:.-]+/?)*)`?(?=[\s,;，。；)）]|\.?$)"
_ROUTE_EN = lazy(
    r"(?i)(?:^|(?<=[\s(,;]))(?:(?:the|our|its|a)\s+)?(?P<topic>(?:[a-z][\w-]*\s+){0,2}?)"
    r"(?P<kind>endpoint|route|path|url|uri|callback|webhook)s?\s+"
    r"(?:is|will be|stays|should be|is now|lives at|is at|=|:)\s+`?" + _ROUTE
)
_ROUTE_ZH = lazy(
    r"(?<![\u4e00-\u9fff\w])(?P<topic>[A-Za-z][\w -]{0,20}?|[\u4e00-\u9fff]{2,6}?"
    r"(?:的[\u4e00-\u9fff]{2,6}?)?)\s*(?:的)?\s*"
    r"(?P<kind>接口|路由|路径|地址|URL|url|endpoint)?(?:地址|路径)?\s*(?:就|也|都|统一)?"
    r"(?:是|为|用|走|改成|改为|定为|定成|设为|设成|[:：=])\s*`?" + _ROUTE
)
# what makes a "path" an HTTP route rather than a file: what it is the path of
_ROUTE_TOPIC = lazy(
    r"(?i)health|ready|readiness|live|liveness|probe|callback|webhook|notify|redirect|login|"
    r"logout|oauth|api|metrics|status|endpoint|route|"
    r"健康|探活|探针|就绪|存活|回调|通知|跳转|重定向|登录|登出|接口|路由|监控|指标|支付|退款"
)
# folders of a file system: a path under them is a file, not a route
_FILE_ROOT = lazy(
    r"/(?:etc|var|usr|opt|home|tmp|data|mnt|srv|dev|proc|sys|bin|lib|root|run|Users|Volumes|"
    r"workspace|app|src|code)(?:/|$)"
)
_ROUTE_NAMES = {"健康检查": "health_check", "健康": "health_check", "探活": "health_check",
                "存活探针": "liveness", "存活检查": "liveness", "就绪探针": "readiness",
                "就绪检查": "readiness", "回调": "callback", "支付回调": "payment_callback",
                "退款回调": "refund_callback", "回调通知": "callback", "支付通知": "payment_notify",
                "退款通知": "refund_notify", "登录": "login", "健康检查接口": "health_check",
                "webhook": "webhook", "callback": "callback"}  # fmt: skip


def route_facts(sentence: str) -> dict[str, str]:
    """The HTTP routes a sentence names for a part of the service, by key.

    "健康检查路径是 /healthz" → health_check: /healthz, "the Stripe webhook endpoint is
    /api/webhooks/stripe" → stripe_webhook, "回调地址是 /api/pay/notify" → callback. A route is
    an address of the service (kept under `urls`, where the whole URL goes when it is named); a
    path on disk ("日志路径是 /var/log/app", "the config path is /etc/app.yaml") is none.
    """
    if "/" not in sentence or is_question(sentence) or tentative(sentence):
        return {}
    sentence = settled(sentence, _TENTATIVE, _STACK_WISH, _NOT_STACK, _CONDITION)
    found: dict[str, str] = {}
    patterns = (_ROUTE_ZH, _ROUTE_EN) if is_chinese(sentence) else (_ROUTE_EN,)
    for m in (m for pattern in patterns for m in pattern.finditer(sentence)):
        route, kind = m["route"].rstrip(".`"), (m["kind"] or "").lower()
        # "我们的健康检查路径": the last part of the topic, without a pronoun or a lead word
        parts = [p for p in m["topic"].split("的") if not _PRONOUN_ZH.fullmatch(p.strip())]
        topic = re.sub(r"^(?:那就?|就|还有|另外|然后|对了)", "", (parts or [""])[-1].strip())
        topic = " ".join(w for w in topic.split() if w.lower() not in ("the", "our", "a"))
        if len(route) < 2 or _FILE_ROOT.match(route) or _FILE_EXT.search(route):
            continue  # "/", "/var/log/app", "/config.yaml"
        if kind in ("path", "路径", "") and not _ROUTE_TOPIC.search(topic):
            continue  # "the config path is /srv/x": what it is the path of says a file
        if re.fullmatch(r"前端|后端|服务端?|项目|系统|页面|网关|frontend|backend|app", topic):
            continue  # "前端路由是 /dashboard": a page, not an address the project keeps
        if _NEGATED.search(sentence[max(0, m.start() - 12) : m.start("route")]):
            continue
        key = _ROUTE_NAMES.get(topic.lower()) or _ROUTE_NAMES.get(topic[-2:])
        if key is None and topic and not is_chinese(topic):
            key = re.sub(r"[^a-z0-9]+", "_", topic.lower()).strip("_")
        key = key or topic or {"endpoint": "endpoint", "webhook": "webhook"}.get(kind, "route")
        found.setdefault(key, route)
    return found


_LAYOUT = lazy(
    r"(?i)\b(?:monorepo|repo|repository|project|codebase|workspace)\s+"
    r"(?:has|contains|is split into|consists of)\s+(?P<x>.+)"
    r"|(?:仓库|项目|monorepo)(?:里|下)?(?:有|分为|包含)(?P<z>.+)"
)
_DIR = lazy(r"(?<![\w/.-])[`'\"]?([\w.-]+/(?:[\w.*-]+/?)*)")


def layout_fact(sentence: str) -> str | None:
    """The top-level layout a sentence gives ("our monorepo has apps/ and packages/")."""
    if _QUESTION.search(sentence):
        return None
    m = _LAYOUT.search(sentence)
    if m is None:
        return None
    dirs = [d.rstrip("`'\"") for d in _DIR.findall(m.group("x") or m.group("z") or "")]
    dirs = [d for d in dirs if not d.startswith("http")]
    return ", ".join(dict.fromkeys(dirs)) if len(dirs) >= 2 else None


_ADOPT = lazy(
    r"(?i)\blet'?s make (?:that|this|it) (?:the )?(?:rule|standard|convention|default|policy)\b"
    r"|\b(?:that|this)(?:'s| is) (?:the|our) (?:rule|standard|convention)(?: now)?\b"
    r"|\bmake it official\b|就这么定了?|就这样定了|以后都按这个来|以后就这么办"
)


def adopts_previous(sentence: str) -> bool:
    """True when a sentence makes the statement before it the rule ("Let's make that the rule")."""
    return _ADOPT.search(sentence) is not None


_LISTED = lazy(r"^\W*(?P<name>[\w.+# -]{2,30}?)\W*(?:\([^)]*\)\W*)?\s*[:：\u2014\u2013]\s+\S")
_ASKED = lazy(r"(?i)\bor\b|还是|或者|vs\.?|versus")


_WHICH = lazy(
    r"(?i)\b(?:which|what)\s+(?:\w+\s+){0,2}?(?:lib(?:rary)?|tool|framework|db|database|"
    r"queue|orm|service|provider|one|option|approach|stack|package)s?\b"
    r"|(?:选|用)哪(?:个|种|家)|哪(?:个|种|家)(?:好|比较好|更好)"
)


def asks_which(message: str) -> bool:
    """Whether a message asks which tool to use ("which charting lib?", "测试框架选哪个？")."""
    return bool(re.search(r"[?？]", message)) and _WHICH.search(message) is not None


def asked_options(message: str) -> list[str]:
    """The technologies an "X or Y?" question offers ("Isar or drift?", "Helm 还是 Kustomize？")."""
    out: list[str] = []
    for line in message.splitlines():  # a list of "Name: what it is" lines
        m = _LISTED.match(line)
        name = _TECH.fullmatch(m.group("name").strip()) if m is not None else None
        if name is not None and name.group(1).lower() not in out:
            out.append(name.group(1).lower())
    for sentence in statements(message):
        if re.search(r"[?？]\s*$", sentence) and _ASKED.search(sentence):
            names = [m.group(1).lower() for m in _TECH.finditer(sentence)]
            out += [t for t in names if t not in out]
    return out if len(out) >= 2 else []


_BOLD_LABEL = lazy(r"\*\*([\u4e00-\u9fff][^*\n：:，,（(]{1,15})[^*\n]*\*\*")


def offered_labels(message: str) -> list[str]:
    """Chinese options a message offers in bold ("- **禁止负库存**：…")."""
    labels = (m.group(1).strip() for m in _BOLD_LABEL.finditer(message))
    return list(dict.fromkeys(x for x in labels if not re.match(r"方案|选项|第", x)))


_OPTION_LINE = lazy(
    r"^\s*[-*•]\s+(?:\*\*)?(?P<head>[^\n(（:：—]{3,60}?)(?:\*\*)?\s*(?:[(（:：—]|\s-\s|$)", re.M
)
_OPTION_WORD = lazy(r"[a-z0-9][\w.+#/@-]*|[\u4e00-\u9fff]{2,}")
_NOT_OPTION_WORD = frozenset(
    ("the", "a", "an", "its", "it", "with", "via", "and", "or", "just", "s", "yes", "yeah", "yep",
     "ok", "okay", "fine", "sure", "eh", "hmm", "no", "nah", "maybe", "that", "this", "one")
)  # fmt: skip


def offered_bullets(message: str) -> list[str]:
    """The options of a message that asks which one and lists them as bullets, by their heads.

    "Which push delivery path do you want? - Expo push service (…) - FCM/APNs directly via …"
    """
    if not re.search(r"[?？]", message):
        return []
    heads = [m["head"].strip(" *`") for m in _OPTION_LINE.finditer(message)]
    return heads if 2 <= len(heads) <= 6 else []


def _option_words(text: str) -> set[str]:
    words = _OPTION_WORD.findall(text.lower().replace("'s", ""))
    return {w for w in words if w not in _NOT_OPTION_WORD}


def picked_bullet(sentence: str, bullets: list[str]) -> str | None:
    """The one listed option a reply opens by naming ("expo's push service, keep it simple")."""
    first = re.split(r"[，,。！!；;.]\s", sentence + " ", maxsplit=1)[0]
    words = _option_words(first)
    if not words or len(words) > 5 or _QUESTION.search(first) or _NEGATED.search(first):
        return None
    if len(words) < 2 and not technologies(first):
        return None  # one word that is no known name: "fine", "eh"
    picked = [b for b in bullets if words <= _option_words(b)]
    return picked[0] if len(picked) == 1 else None


def picked_label(sentence: str, labels: list[str]) -> str | None:
    """The one offered label a short reply names by its head ("禁止吧" for "禁止负库存")."""
    first = re.split(r"[，,。！!；;]", sentence, maxsplit=1)[0].strip()
    head = re.sub(r"^(?:ok|好的?|行|嗯|那就?|就)\s*|\s*(?:吧|了|呗)$", "", first)
    if not 2 <= len(head) <= 6 or _QUESTION.search(sentence) or _NEGATED.search(head):
        return None
    picked = [label for label in labels if label.startswith(head)]
    return picked[0] if len(picked) == 1 else None


def leading_name(sentence: str, offered: list[str]) -> str | None:
    """The offered name a reply opens with, alone in its clause ("Argon2id，参数就按你说的 …")."""
    first = re.split(r"[，,。；;:：!！]", sentence, maxsplit=1)[0].strip(" *`").rstrip(".")
    if _QUESTION.search(sentence) or _NEGATED.search(sentence):
        return None
    return first.lower() if first.lower() in offered else None


def picks_alone(sentence: str, name: str) -> bool:
    """Whether a reply is the name and a word of acceptance ("recharts is fine", "Vitest 吧")."""
    rest = re.sub(rf"(?i)(?<![\w.-]){re.escape(name)}(?![\w-])", "", sentence, count=1)
    return (
        re.fullmatch(
            r"(?i)\W*(?:ok(?:ay)?|sure|yes|yeah|then|let'?s go with|go with|i'?ll take|"
            r"好|行|那就|就)?\W*"
            r"(?:is fine|works|it is|then|please|sounds good|for me|吧|就行|就好|可以|好了)?\W*",
            rest,
        )
        is not None
    )


def short_answer(sentence: str, offered: list[str]) -> str | None:
    """The one offered option a short reply names ("drift.", "Kustomize 吧")."""
    words = re.findall(r"[\w.+#-]+", sentence)
    if len(words) > 4 or _NEGATED.search(sentence) or _QUESTION.search(sentence):
        return None
    named = [m.group(1).lower() for m in _TECH.finditer(sentence) if m.group(1).lower() in offered]
    return named[0] if len(set(named)) == 1 else None


# "Merged to main as "fix: load the polyfill on checkout"", "committed: `feat(api): add
# rate limiting`", "已提交：fix: 修复登录超时": a commit the assistant reports, by its subject
_COMMITTED = lazy(
    r"(?i)(?:\b(?:committed|merged|pushed|landed|squash-merged)\b[^\n\"“`']{0,30}?"
    r"(?:\bas\b|\bwith(?: the)? message\b|[:：])?"
    r"|(?:已|已经)?(?:提交|合并)(?:了|到 ?\w+)?[:：]?)\s*"
    r"[\"“`']?(?P<subject>(?:feat|fix|chore|docs|refactor|perf|test|build|ci|style|revert)"
    r"(?:\([^)\n]{1,30}\))?!?:\s*[^\"”`'\n]{3,100}?)(?:[\"”`']|\s*$|\s*\n)"
)


def committed_subjects(message: str) -> list[str]:
    """The conventional subjects of the commits an assistant message reports made."""
    return [m["subject"].strip().rstrip(".") for m in _COMMITTED.finditer(message)]


# ---- values asked for -----------------------------------------------------------------------

# "TTL 你们想设多久？", "上报频率、topic 和 QoS 怎么定？", "how often should the sync run?": the
# assistant asks which value a setting should take (not how big something is now)
_VALUE_ASKED = lazy(
    r"(?i)(?:设|定|配|选|(?<!占)用|刷新|支持|保留)(?:成|为|到)?多(?:少|久|大|长)"
    r"|多(?:少|久|大|长)(?:合适|比较好|刷新)"
    r"|怎么(?:定|设置?|配置?|选)|要支持哪些|支持哪些|用哪些"
    r"|\bhow (?:often|long|many|much|big) (?:should|do you want|would you like)\b"
    r"|\bwhat should (?:the |its |our )?[\w -]{2,30}? be\b"
    r"|\bwhich [\w -]{2,30}? (?:should|do you want|would you like)\b"
)
_ASKED_LEAD = lazy(
    r"(?i)^(?:接下来|另外|还有|那|那么|以及|然后|你们?|我们|想|希望|要|需要|打算|准备|支持|"
    r"and|also|the|your|our|should|do you want|would you like)+\s*"
)
_ASKED_TAIL = lazy(
    r"(?i)\s*(?:你们?|我们)?(?:想|希望|打算|准备)?(?:要)?(?:设|定|配|选|用|刷新|支持|保留|是)?"
    r"(?:成|为|到)?$"
)
_VALUE_CLAUSE = lazy(r"[，,。；;！!\n]|(?<=[.!])\s")


def asked_values(message: str) -> list[str]:
    """The settings a message asks the person to give values for ("TTL 你们想设多久？" → TTL)."""
    topics: list[str] = []
    questions = [s for s in statements(message) if re.search(r"[?？]\s*$", s)]
    for question in questions[-2:]:
        pending: list[str] = []
        for segment in re.split(r"[、，,/]|和|以及|\band\b", question):
            m = _VALUE_ASKED.search(segment)
            if m is None:
                pending.append(segment)
                continue
            before = _ASKED_TAIL.sub("", _ASKED_LEAD.sub("", segment[: m.start()].strip()))
            after = re.sub(r"[?？\s]+$", "", segment[m.end() :])
            words = re.findall(r"what should (?:the |its |our )?([\w -]+?) be", segment, re.I)
            topic = words[0] if words else before or _ASKED_LEAD.sub("", after)
            for t in [*pending, topic]:
                t = _ASKED_TAIL.sub("", _ASKED_LEAD.sub("", t.strip(" ?？")))
                if 2 <= len(t) <= 24 and t.lower() not in (x.lower() for x in topics):
                    topics.append(t)
            pending = []
    return topics


def _names_topic(clause: str, topic: str) -> bool:
    """Whether a clause of an answer is about `topic` ("上报间隔 10 分钟" for 上报频率)."""
    low, t = clause.lower(), topic.lower()
    if t in low:
        return True
    han = re.sub(r"[^\u4e00-\u9fff]", "", t)
    return len(han) >= 2 and any(han[i : i + 2] in low for i in range(len(han) - 1))


def answered_values(message: str, topics: Sequence[str]) -> list[str]:
    """The clauses of a reply that give a value for one of `topics` ("TTL 设 10 分钟")."""
    out: list[str] = []
    for clause in _VALUE_CLAUSE.split(without_blobs(message)):
        clause = clause.strip(" 。.")
        if not 3 <= len(clause) <= 60 or _QUESTION.search(clause) or _NEGATED.search(clause):
            continue
        if not re.search(r"\d|[A-Za-z_]{2,}", clause) or _TENTATIVE.search(clause):
            continue
        if any(_names_topic(clause, t) for t in topics):
            out.append(clause)
    return out
