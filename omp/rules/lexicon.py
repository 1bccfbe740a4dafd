"""Technologies: which ones a text names and the role each fills, in English and Chinese.

Also the words that look like names and are not, and the names that carry a version.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from omp.lazyre import lazy

# A small lexicon: which technologies compete for the same role. Two decisions in one
# conversation about the same role are one decision changing its mind.
# fmt: off
TECH_ROLES: dict[str, tuple[str, ...]] = {
    "database": ("postgresql", "postgres", "mysql", "mariadb", "sqlite", "mongodb", "mongo",
                 "dynamodb", "cockroachdb", "supabase", "planetscale", "neon", "sql server",
                 "cassandra", "clickhouse", "duckdb", "firestore", "tidb", "oracle", "timescaledb",
                 "couchdb", "couchbase", "neo4j", "surrealdb", "pocketbase", "yugabytedb",
                 "oceanbase", "scylladb", "hbase", "rds", "aurora", "spanner", "cosmos db",
                 "mssql", "microsoft sql server", "azure sql", "azure sql database", "cloud sql",
                 "alloydb", "aurora postgresql", "aurora mysql", "amazon rds", "aws rds",
                 "amazon aurora", "documentdb", "amazon documentdb", "amazon keyspaces",
                 "firebird", "db2", "ibm db2", "sybase", "informix", "singlestore", "memsql",
                 "voltdb", "foundationdb", "fauna", "faunadb", "arangodb", "orientdb", "dgraph",
                 "janusgraph", "nebula graph", "nebulagraph", "tigergraph", "memgraph",
                 "amazon neptune", "ravendb", "rethinkdb", "riak", "aerospike", "edgedb", "xata",
                 "turso", "libsql", "cloudflare d1", "convex", "appwrite", "firebase", "nhost",
                 "mongodb atlas", "azure cosmos db", "cosmosdb", "bigtable", "cloud bigtable",
                 "cloud spanner", "kudu", "apache kudu", "accumulo", "hsqldb",
                 "apache derby", "berkeleydb", "leveldb", "rocksdb", "lmdb", "boltdb", "bbolt",
                 "sled", "redb", "tikv", "polardb", "polardb-x", "gaussdb", "opengauss", "dm8",
                 "达梦数据库", "达梦", "kingbasees", "人大金仓", "goldendb",
                 "tdsql", "tencentdb", "apsaradb",
                 "percona", "percona server", "vitess", "citus", "crunchy bridge", "aiven",
                 "timescale", "enterprisedb", "yugabyte", "spacetimedb", "electricsql",
                 "tarantool", "kvrocks", "ssdb", "azure database for postgresql",
                 "azure database for mysql", "google cloud sql", "pouchdb", "couchbase lite",
                 "mongodb community", "postgres.app", "edb postgres"),
    "warehouse": ("bigquery", "snowflake", "redshift", "databricks", "doris", "starrocks",
                  "greenplum", "trino", "presto", "athena", "hologres", "maxcompute", "teradata",
                  "vertica", "azure synapse", "synapse analytics", "firebolt", "dremio", "impala",
                  "apache impala", "kylin", "apache kylin", "druid", "apache druid", "pinot",
                  "apache pinot", "exasol", "motherduck", "clickhouse cloud", "bytehouse",
                  "analyticdb", "dataworks", "kusto", "azure data explorer", "microsoft fabric",
                  "tinybird", "rockset", "materialize", "risingwave", "databend", "selectdb",
                  "byconity", "apache doris", "spark sql", "hive metastore", "starburst", "emr",
                  "amazon emr", "e-mapreduce", "dataproc", "azure databricks", "bigquery omni",
                  "dune"),
    "timeseries": ("influxdb", "tdengine", "questdb", "victoriametrics", "iotdb", "greptimedb",
                   "cnosdb", "opentsdb", "kairosdb", "m3db", "timestream", "amazon timestream",
                   "apache iotdb", "influxdb cloud", "victorialogs", "graphite", "tdengine cloud"),
    "vector_db": ("pgvector", "milvus", "qdrant", "weaviate", "pinecone", "chroma", "chromadb",
                  "faiss", "lancedb"),
    "cache": ("redis", "memcached", "valkey", "keydb", "dragonfly", "caffeine", "ehcache",
              "upstash", "hazelcast", "apache ignite", "tair", "memorydb", "amazon memorydb",
              "elasticache", "amazon elasticache", "azure cache for redis", "redis cloud",
              "redis enterprise", "momento", "olric", "groupcache", "ristretto", "bigcache",
              "freecache", "cachetools", "diskcache", "lru-cache", "node-cache", "keyv", "garnet",
              "varnish", "apache geode", "infinispan", "coherence", "oracle coherence", "jetcache",
              "guava cache", "memcache", "阿里云 redis", "云数据库 redis", "twemproxy", "codis",
              "dragonflydb", "cachelib", "aiocache", "django-redis", "flask-caching"),
    # what carries messages, and what runs jobs on top of one (Celery on RabbitMQ, Sidekiq on
    # Redis): a choice of one is no change of mind about the other
    "queue": ("kafka", "rabbitmq", "sqs", "nats", "jetstream", "pulsar", "redis streams",
              "pub/sub", "zeromq", "rocketmq", "activemq", "emqx", "mosquitto", "kinesis",
              "eventbridge", "amazon mq", "amazon sqs", "aws sqs", "amazon sns", "sns",
              "google pub/sub", "cloud pub/sub", "azure service bus", "service bus",
              "azure event hubs", "event hubs", "azure event grid", "event grid", "confluent",
              "confluent cloud", "redpanda", "warpstream", "amazon msk", "msk", "strimzi", "nsq",
              "beanstalkd", "kafka connect", "kafka streams", "ksqldb", "apache kafka",
              "apache pulsar", "apache rocketmq", "apache activemq", "activemq artemis", "artemis",
              "rabbitmq streams", "lavinmq", "hivemq", "vernemq", "nanomq", "emqx cloud",
              "mosquitto broker", "qstash", "inngest", "trigger.dev", "cloud tasks",
              "google cloud tasks", "ably queues", "iron.io", "ironmq", "solace", "ibm mq",
              "websphere mq", "tibco ems", "nats jetstream", "memphis", "kestrel",
              "kafka mirrormaker", "mirrormaker", "cmq", "ckafka", "tdmq", "阿里云 mq",
              "消息队列 kafka", "mns", "阿里云 mns", "aliyun mns", "disque", "faststream", "kombu",
              "pika", "aio-pika", "sarama", "franz-go", "confluent-kafka", "kafkajs", "librdkafka",
              "spring kafka", "spring amqp", "amqplib", "watermill", "masstransit", "nservicebus",
              "rebus", "brighter", "dotnetcore.cap", "eventstoredb", "eventstore",
              "kurrentdb", "axon server", "axon framework"),
    # the protocol devices speak, and the broker that carries it (MQTT on Mosquitto)
    "protocol": ("mqtt", "coap", "amqp", "lwm2m"),
    "jobs": ("celery", "bullmq", "sidekiq", "rq", "arq", "dramatiq", "temporal"),
    "frontend": ("react", "vue", "svelte", "angular", "solidjs", "preact", "next.js", "nextjs",
                 "nuxt", "sveltekit", "remix", "astro", "htmx", "qwik", "gatsby", "ember",
                 "alpine.js", "lit", "umi", "streamlit", "gradio", "leptos", "dioxus", "yew",
                 "sycamore", "react.js", "reactjs", "vue.js", "vuejs", "angularjs", "angular.js",
                 "solid.js", "solid start", "solidstart", "nuxt.js", "nuxtjs", "nuxt 3",
                 "remix run", "react router v7", "tanstack start", "analog", "analogjs",
                 "qwik city", "fresh", "marko", "mithril", "inferno", "stencil", "stenciljs",
                 "lit element", "lit-element", "polymer", "backbone", "backbone.js", "knockout",
                 "knockout.js", "jquery", "aurelia", "hyperapp", "riot.js", "alpine", "alpinejs",
                 "petite-vue", "stimulus", "hotwire", "hotwire turbo", "livewire",
                 "laravel livewire", "inertia", "inertia.js", "inertiajs", "phoenix liveview",
                 "liveview", "blazor webassembly", "elm", "purescript", "rescript",
                 "clojurescript", "reagent", "re-frame", "datastar", "unpoly", "vike", "rakkas",
                 "waku", "redwood", "11ty", "eleventy", "gridsome", "vuepress", "docz",
                 "create react app", "react-scripts", "vue cli", "angular cli", "preact signals",
                 "million.js", "react server components", "shoelace", "ionic framework",
                 "framework7", "onsen ui", "weex", "uni-app x", "remax", "kbone", "mpvue", "wepy"),
    "backend": ("fastapi", "django", "flask", "express", "nestjs", "koa", "hono", "rails",
                "spring boot", "spring", "gin", "fiber", "actix", "axum", "laravel", "litestar",
                "starlette", "chi", "echo", "fastify", "phoenix", "sinatra", "go-zero", "kratos",
                "hertz", "quarkus", "micronaut", "ktor", "vapor", "asp.net core", "asp.net",
                "spring cloud", "dubbo", "tornado", "sanic", "rocket", "adonisjs",
                "django rest framework", "drf", "django ninja", "django-ninja", "flask-restx",
                "flask-restful", "falcon", "pyramid", "bottle", "quart", "aiohttp.web", "robyn",
                "blacksheep", "masonite", "web2py", "cherrypy", "emmett", "responder", "connexion",
                "nest.js", "express.js", "expressjs", "koa.js", "hapi", "hapi.js", "restify",
                "feathers", "feathersjs", "loopback", "sails", "sails.js", "meteor", "elysia",
                "elysiajs", "nitro", "encore", "encore.dev", "marble.js", "redwoodjs", "blitz.js",
                "moleculer", "polka", "tinyhttp", "hyper-express", "uwebsockets.js", "gin-gonic",
                "echo framework", "beego", "revel", "buffalo", "iris", "gorilla/mux",
                "gorilla mux", "httprouter", "fasthttp", "go-kit", "gokit", "goframe", "kitex",
                "gozero", "huma", "fuego", "net/http", "warp", "poem", "salvo", "tide",
                "rocket.rs", "actix-web", "axum framework", "loco", "loco.rs", "tower", "tonic",
                "hyper", "spring webflux", "webflux", "spring mvc", "vert.x", "vertx",
                "dropwizard", "javalin", "helidon", "play framework", "jakarta ee", "java ee",
                "struts", "apache struts", "spark java", "ratpack", "armeria", "jhipster",
                "grails", "http4k", "asp.net mvc", "asp.net web api", "servicestack", "nancy",
                "carter", "fastendpoints", "abp", "abp framework", "orleans", "dapr", "blazor",
                "blazor server", "blazor wasm", "symfony", "slim", "slim framework", "lumen",
                "codeigniter", "cakephp", "yii", "yii2", "laminas", "zend framework", "phalcon",
                "thinkphp", "webman", "hyperf", "swoole", "laravel octane", "roadrunner",
                "ruby on rails", "rails api", "hanami", "grape", "roda", "padrino",
                "phoenix framework", "plug", "bandit", "cowboy", "vapor framework", "hummingbird",
                "kitura", "perfect"),
    "language": ("typescript", "javascript", "python", "golang", "rust", "java", "kotlin",
                 "swift", "dart", "gdscript", "c++", "c#", "ruby", "php", "scala", "elixir",
                 "erlang", "haskell", "lua", "zig", "ocaml", "clojure", "julia", "solidity",
                 "cuda", "verilog", "jdk", "openjdk", "objective-c"),
    "orm": ("prisma", "drizzle", "sqlalchemy", "typeorm", "sequelize", "gorm", "knex", "sqlx",
            "alembic", "tortoise", "peewee", "sqlc", "mybatis", "mybatis-plus", "hibernate",
            "diesel", "seaorm", "ecto", "doctrine", "eloquent", "mikro-orm", "kysely", "jooq",
            "spring data jpa", "spring data", "jpa", "jdbi", "jetbrains exposed",
            "entity framework", "entity framework core", "ef core", "efcore", "linq2db",
            "nhibernate", "activerecord", "active record", "rom-rb", "gorp", "bun orm", "ent",
            "xorm", "sqlboiler", "pony orm", "django orm", "masonite orm", "orator", "piccolo",
            "ormar", "dapper", "spring data redis", "spring data mongodb", "sqlalchemy core",
            "sqlalchemy orm", "mikroorm", "objection", "bookshelf.js", "waterline", "prisma orm",
            "drizzle orm", "tortoise orm", "sea-orm", "entgo", "bob", "jet", "mybatis plus",
            "jpa buddy", "querydsl", "ebean", "slick", "doobie", "quill", "skunk", "gorm gen",
            "dataset", "pugsql", "aiosql", "prisma-client-py", "edgeql"),
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
    "styling": ("tailwindcss", "tailwind", "bootstrap", "styled-components", "sass", "css modules",
                "unocss", "emotion", "tailwind css", "tailwindcss v4", "scss", "less.js",
                "stylus", "postcss", "autoprefixer", "vanilla-extract", "vanilla extract",
                "linaria", "stitches", "panda css", "pandacss", "stylex", "windicss", "windi css",
                "twind", "goober", "jss", "aphrodite", "radium", "open props", "styled-jsx",
                "twin.macro", "tailwind-merge", "clsx", "class-variance-authority", "cva",
                "lightningcss", "lightning css", "dart sass", "node-sass", "restyle", "unistyles",
                "react-native-unistyles", "styled-system"),
    "state": ("redux", "zustand", "mobx", "recoil", "jotai", "pinia", "vuex", "react context",
              "riverpod", "bloc", "getx", "tanstack query", "react query", "swr", "flutter_bloc",
              "flutter_riverpod", "hooks_riverpod", "flutter_redux", "ngrx", "xstate",
              "redux toolkit", "rtk query", "@reduxjs/toolkit", "redux-saga", "redux-thunk",
              "redux-observable", "rxjs", "ngxs", "akita", "mobx-state-tree", "valtio",
              "nanostores", "effector", "legend-state", "@preact/signals", "tanstack store",
              "relay", "flutter provider", "mobx.dart", "redux.dart", "get_it", "fish-redux",
              "fish redux", "signals.dart", "the composable architecture", "rxswift",
              "reactiveswift", "rxjava", "rxkotlin", "kotlin flow", "mvikotlin", "orbit mvi",
              "redux-persist", "immer", "rematch", "dva", "overmind", "hookstate", "react-redux"),
    "ui_kit": ("element plus", "ant design", "naive ui", "vuetify", "material ui", "mui", "chakra",
               "shadcn", "vant", "arco design", "radix", "mantine", "quasar", "antd",
               "ant design pro", "ant design vue", "ant design mobile", "element ui", "element-ui",
               "element-plus", "tdesign", "t-design", "iview", "view ui", "view design", "arco",
               "arco design vue", "semi design", "semi ui", "nutui", "vant ui", "vant weapp",
               "uview", "uview ui", "uni-ui", "taro ui", "wot design", "layui", "heroui", "nextui",
               "daisyui", "flowbite", "headless ui", "headlessui", "radix ui", "radix themes",
               "shadcn/ui", "shadcn-vue", "shadcn-svelte", "material-ui", "@mui/material", "mui x",
               "joy ui", "chakra ui", "mantine ui", "primereact", "primevue", "primeng",
               "prime react", "angular material", "ng-zorro", "ng-zorro-antd", "ngx-bootstrap",
               "react-bootstrap", "bootstrap-vue", "bootstrap vue", "reactstrap", "semantic ui",
               "semantic-ui-react", "fomantic ui", "bulma", "uikit css", "spectre.css", "pico.css",
               "picocss", "tachyons", "blueprint", "blueprintjs", "fluent ui", "fluentui",
               "office ui fabric", "carbon design", "ibm carbon", "evergreen", "grommet", "rebass",
               "theme ui", "gluestack", "gluestack-ui", "tamagui", "nativebase", "native base",
               "react native paper", "react-native-paper", "react native elements", "ui kitten",
               "ui-kitten", "nativewind", "expo ui", "flowbite-svelte", "bits ui", "melt ui",
               "svelte material ui", "smui", "vuetify 3", "quasar framework", "nuxt ui", "nuxtui",
               "park ui", "ark ui", "kobalte", "solid ui", "react aria", "react-aria",
               "adobe spectrum", "react spectrum", "ariakit", "reakit", "mui base",
               "aceternity ui", "tremor", "devextreme", "kendo ui", "syncfusion", "telerik",
               "wijmo", "avue", "mudblazor", "radzen", "blazorise", "antd mobile", "cupertino"),
    "auth": ("auth0", "clerk", "nextauth", "keycloak", "lucia", "oauth", "cognito", "okta",
             "casdoor", "authing", "ory", "better-auth", "supertokens", "微信登录"),
    "ci": ("github actions", "gitlab ci", "circleci", "jenkins", "buildkite", "drone",
           "woodpecker", "tekton", "teamcity", "azure pipelines", "travis ci",
           # the mobile apps' build and release services
           "codemagic", "bitrise", "appcircle", "xcode cloud"),
    "lint": ("eslint", "prettier", "biome", "oxlint", "ruff", "black", "flake8", "pylint",
             "golangci-lint", "clippy", "rustfmt", "gofmt", "stylelint", "rubocop", "ktlint",
             "detekt", "swiftlint", "mypy", "pyright", "isort"),
    "build": ("vite", "webpack", "turbopack", "esbuild", "rollup", "parcel", "rspack", "swc",
              "babel", "tsup"),
    "monorepo": ("turborepo", "nx", "lerna"),
    "search": ("elasticsearch", "meilisearch", "algolia", "typesense", "opensearch", "solr",
               "manticore", "zincsearch", "vespa", "elastic cloud", "elastic", "amazon opensearch",
               "amazon opensearch service", "aws opensearch", "azure ai search",
               "azure cognitive search", "vertex ai search", "sphinxsearch", "tantivy", "quickwit",
               "lucene", "apache lucene", "apache solr", "sonic", "bleve", "zinc", "paradedb",
               "pg_search", "pg_trgm", "sqlite fts5", "fts5", "orama", "lunr", "lunr.js",
               "flexsearch", "fuse.js", "minisearch", "pagefind", "stork", "typesense cloud",
               "algolia docsearch", "docsearch", "coveo", "swiftype", "elastic app search",
               "searchkit", "instantsearch", "instantsearch.js", "react-instantsearch",
               "bing search api", "serpapi", "tavily", "exa", "brave search api",
               "阿里云 opensearch", "开放搜索", "easysearch", "infinilabs", "nutch", "heritrix",
               "seekstorm", "marqo", "jina", "manticore search", "elasticsearch service"),
    "api": ("graphql", "trpc", "grpc", "rest", "openapi", "protobuf", "connectrpc",
            "websocket", "websockets", "socket.io", "gqlgen", "graphql yoga", "hasura"),
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
    "proxy": ("nginx", "caddy", "traefik", "envoy", "haproxy", "kong", "apisix", "openresty",
              "ingress-nginx"),
    # what runs the app's processes behind the proxy
    "app_server": ("gunicorn", "uvicorn", "uwsgi", "hypercorn", "daphne", "granian", "puma",
                   "php-fpm", "passenger"),
    "service_mesh": ("istio", "linkerd"),
    "service_discovery": ("nacos", "consul", "etcd", "zookeeper", "eureka"),
    "secrets": ("vault", "kms", "sops", "secrets manager", "doppler", "infisical"),
    "ml_serving": ("torchserve", "triton", "vllm", "bentoml", "kserve", "seldon", "sglang",
                   "lmdeploy", "text-generation-inference", "tgi", "ollama", "llama.cpp"),
    "ml_tracking": ("mlflow", "wandb", "weights & biases", "neptune", "comet"),
    "ml": ("pytorch", "torch", "tensorflow", "jax", "onnx", "tensorrt", "scikit-learn",
           "transformers", "peft", "trl", "deepspeed", "fsdp", "accelerate", "keras", "xgboost",
           "lightgbm", "catboost", "langchain", "llamaindex", "sentence-transformers", "unsloth",
           "paddleocr", "paddlepaddle", "opencv", "yolo", "whisper"),
    "mobile": ("flutter", "react native", "swiftui", "jetpack compose", "expo", "ionic",
               "capacitor", "kotlin multiplatform", "uikit", "react-native", "expo sdk", "expo go",
               "nativescript", "titanium", "xamarin", "xamarin.forms", ".net maui", "maui",
               "compose multiplatform", "kmp", "kmm", "lynx", "appkit", "watchkit", "harmonyos",
               "openharmony", "arkts", "arkui", "鸿蒙", "harmonyos next"),
    "di": ("hilt", "koin", "dagger", "dagger 2", "dagger hilt", "dagger-hilt", "kodein",
           "kodein-di", "toothpick", "swinject", "swift-dependencies", "tsyringe", "inversify",
           "inversifyjs", "typedi", "awilix", "google guice", "guice", "autofac",
           "simple injector", "microsoft.extensions.dependencyinjection", "google/wire", "uber fx",
           "samber/do", "dependency-injector", "lagom", "python-inject", "kink", "rodi"),
    "local_db": ("isar", "drift", "hive", "realm", "sqflite", "room", "datastore", "mmkv",
                 "indexeddb", "sqlite.swift", "grdb", "grdb.swift", "swiftdata", "realm swift",
                 "realm kotlin", "objectbox", "sqldelight", "androidx room",
                 "datastore preferences", "proto datastore", "sembast", "moor", "hive ce",
                 "sqflite_common_ffi", "watermelondb", "rxdb", "dexie", "dexie.js", "localforage",
                 "idb", "idb-keyval", "lowdb", "nedb", "sql.js", "wa-sqlite", "op-sqlite",
                 "expo-sqlite", "react-native-sqlite-storage", "asyncstorage",
                 "@react-native-async-storage/async-storage", "encrypted shared preferences",
                 "tinydb", "shelve", "zodb", "duckdb-wasm", "pglite", "electric-sql", "replicache",
                 "instantdb", "triplit", "yjs", "automerge", "loro", "tinybase", "powersync",
                 "couchbase mobile", "realm sync", "atlas device sync"),
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
                       "nf-core", "sarek", "snakemake", "nextflow", "bioconductor", "deseq2",
                       "edger", "fastp", "hisat2", "featurecounts", "multiqc", "picard"),
    # open table formats of a data lake ("Iceberg 表", "Delta tables on S3")
    "table_format": ("iceberg", "apache iceberg", "delta lake", "hudi", "apache hudi", "paimon"),
    # LoRaWAN network servers and IoT platforms the devices report to
    "iot_platform": ("chirpstack", "thingsboard", "the things stack", "aws iot core"),
    "pacs": ("orthanc", "dcm4chee"),  # the DICOM server of a medical-imaging project
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
    "validation": ("zod", "valibot", "yup", "joi", "pydantic", "class-validator",
                   "class-transformer", "ajv", "superstruct", "io-ts", "runtypes", "typebox",
                   "@sinclair/typebox", "arktype", "effect schema", "@effect/schema", "vinejs",
                   "express-validator", "celebrate", "marshmallow", "cerberus", "voluptuous",
                   "attrs", "cattrs", "msgspec", "jsonschema", "fluentvalidation",
                   "hibernate validator", "bean validation", "jakarta validation",
                   "go-playground/validator", "ozzo-validation", "validator.js",
                   "garde", "serde", "serde_json", "dry-validation",
                   "respect/validation", "symfony validator",
                   "ecto changeset", "vest", "typia"),
    "dates": ("moment", "moment.js", "dayjs", "date-fns", "luxon"),
    # the logging library of the code, one per language (pino or winston, zap or zerolog)
    "logging": ("pino", "winston", "bunyan", "structlog", "loguru", "zap", "zerolog", "logrus",
                "slog", "log4j", "log4j2", "logback", "slf4j", "serilog", "nlog", "spdlog",
                "tracing-subscriber"),
    "forms": ("react-hook-form", "formik", "vee-validate", "final-form", "tanstack form",
              "react hook form", "vee validate", "felte", "superforms", "sveltekit-superforms",
              "react-final-form", "redux-form", "formily", "@formily/react",
              "form-create", "ngx-formly", "formly", "flutter_form_builder", "reactive_forms",
              "uniforms", "rjsf", "react-jsonschema-form", "jsonforms", "surveyjs", "formkit",
              "vueform"),
    "router": ("react-router", "tanstack router", "vue-router", "expo-router", "wouter",
               "react router", "react-router-dom", "vue router", "angular router", "next router",
               "app router", "pages router", "go_router", "gorouter", "auto_route", "beamer",
               "fluro", "navigation component", "jetpack navigation", "compose navigation",
               "voyager", "decompose", "react navigation", "react-navigation", "expo router",
               "wouter router", "svelte-spa-router", "page.js", "navigo", "universal-router",
               "reach router", "@reach/router", "solid router", "@solidjs/router"),
    "graphql_client": ("apollo client", "apollo server", "urql", "graphql-request"),
    "hashing": ("bcrypt", "argon2", "argon2id", "scrypt"),
    "odm": ("mongoose", "beanie", "odmantic", "sqlmodel", "objection.js", "mongoengine"),
    "scheduler": ("apscheduler", "hangfire", "quartz", "asynq", "oban", "faktory", "river queue",
                  "good_job", "solid_queue", "node-cron", "robfig/cron"),
    "i18n": ("vue-i18n", "i18next", "react-i18next", "next-intl", "next-i18next", "lingui",
             "react-intl", "formatjs", "gettext"),
    "http_client": ("axios", "httpx", "requests", "aiohttp", "got", "ky", "reqwest", "okhttp",
                    "retrofit", "node-fetch", "undici", "ofetch", "wretch", "superagent",
                    "cross-fetch", "isomorphic-fetch", "ky-universal", "urllib3", "pycurl", "treq",
                    "niquests", "httpie", "curl_cffi", "resty", "go-resty", "grequests", "ureq",
                    "isahc", "apache httpclient", "feign", "openfeign", "spring webclient",
                    "resttemplate", "restclient", "unirest", "ktor client", "fuel", "volley",
                    "urlsession", "guzzle", "guzzlehttp", "symfony httpclient", "httparty",
                    "faraday", "typhoeus", "rest-client", "excon", "finch", "tesla", "httpoison",
                    "refit", "restsharp", "flurl", "httpclientfactory", "polly", "chopper",
                    "apisauce", "redaxios", "libcurl", "cpr", "cpp-httplib", "boost.beast",
                    "cpprestsdk", "alamofire", "moya"),
    "pipelines": ("airflow", "dagster", "prefect", "dbt", "dbt-core", "spark", "polars",
                  "pandas", "flink", "beam", "dask", "ray"),
    "email": ("ses", "sendgrid", "postmark", "mailgun", "resend"),
    "pdf": ("weasyprint", "reportlab", "wkhtmltopdf", "gotenberg", "pdfmake", "react-pdf",
            "jspdf", "pdf-lib", "itext", "dompdf", "prawn", "pdfme", "typst"),
    "payments": ("stripe", "paddle", "adyen", "braintree", "alipay", "wechat pay", "paypal",
                 "微信支付", "支付宝", "银联", "云闪付"),
    "feature_flags": ("launchdarkly", "unleash", "flipper", "growthbook", "flagsmith"),
    "charts": ("recharts", "echarts", "chart.js", "chartjs", "highcharts", "apexcharts", "nivo",
               "visx", "plotly", "vega-lite", "antv", "g2plot"),
    "llm_api": ("openai", "anthropic", "gemini", "deepseek", "azure openai", "bedrock",
                "dashscope", "openrouter"),
    # Chinese names are matched where they stand, with no word boundary (see TECH)
    "push": ("极光推送", "极光", "jpush", "个推", "getui", "友盟推送", "华为推送", "小米推送",
             "腾讯移动推送", "onesignal", "fcm", "firebase cloud messaging", "apns"),
    "sms": ("阿里云短信", "腾讯云短信", "华为云短信", "云片", "容联云"),
    "im": ("钉钉机器人", "钉钉", "飞书机器人", "飞书", "企业微信机器人", "企业微信", "企微机器人",
           "企微"),
    "maps": ("高德地图", "高德", "百度地图", "腾讯地图"),
    "driver": ("psycopg", "psycopg2", "psycopg3", "asyncpg", "pgx", "lib/pq", "pymysql",
               "mysqlclient", "aiomysql", "asyncmy", "mysql2", "mysql-connector", "node-postgres",
               "postgres.js", "better-sqlite3", "aiosqlite", "pymongo", "motor", "mongodb driver",
               "mongo-go-driver", "go-sql-driver/mysql", "go-redis", "redigo", "rueidis",
               "redis-py", "ioredis", "node-redis", "jedis", "lettuce", "redisson",
               "stackexchange.redis", "predis", "phpredis", "redis-rs", "deadpool", "bb8", "r2d2",
               "tokio-postgres", "rusqlite", "jdbc", "hikaricp", "hikari", "r2dbc", "npgsql",
               "cx_oracle", "python-oracledb", "oracledb", "pyodbc", "sqlite3", "pg-promise",
               "slonik", "postgrex", "mongodb-java-driver", "pgxpool", "prisma client"),
    "mobile_lib": ("eas", "eas build", "eas update", "expo application services", "codepush",
                   "code push", "react native code push", "hermes", "turbomodules",
                   "android jetpack", "android sdk", "ios sdk", "widgetkit", "core data",
                   "coredata", "cloudkit", "healthkit", "arkit", "realitykit", "scenekit",
                   "spritekit", "storekit", "storekit 2", "app intents", "live activities",
                   "mapkit", "corelocation", "core ml", "coreml", "create ml", "avfoundation",
                   "visionkit", "jetpack navigation compose", "workmanager", "camerax", "paging 3",
                   "exoplayer", "media3", "glide", "coil", "picasso", "fresco", "lottie",
                   "lottie-ios", "kingfisher", "sdwebimage", "nuke", "snapkit", "rxdart", "dio",
                   "flutter_hooks", "freezed", "json_serializable", "build_runner",
                   "flutter_secure_storage", "shared_preferences", "hive_flutter",
                   "flutter_local_notifications", "firebase_messaging", "image_picker",
                   "cached_network_image", "flame", "flame engine", "react-native-reanimated",
                   "reanimated", "react-native-gesture-handler", "react-native-mmkv",
                   "react-native-screens", "react-native-svg", "react-native-vision-camera",
                   "react native firebase", "@react-native-firebase/app", "react-native-webview",
                   "flashlist", "@shopify/flash-list", "react native skia", "react-native-skia",
                   "expo-image", "expo-notifications", "expo-updates"),
    "data_grid": ("tanstack table", "ag grid", "ag-grid", "handsontable", "vxe-table",
                  "react-table", "react-data-grid", "glide data grid", "mui data grid",
                  "x-data-grid", "datatables", "tabulator", "revogrid", "luckysheet", "univer",
                  "x-spreadsheet"),
}


# fmt: on
ROLE_OF = {name: role for role, names in TECH_ROLES.items() for name in names}


# Families named by pattern, not one by one: chips, boards, GPUs and models ("ESP32-S3",
# "STM32L476RG", "2 x A100", "Qwen2.5-7B-Instruct")
FAMILIES = {
    "hardware": r"esp32(?:-[a-z0-9]+)*|esp8266|stm32[a-z]\d{1,3}[a-z0-9]*|nrf5\d{3,4}[a-z0-9]*"
    r"|rp2040|rp2350|gd32[a-z]\d+[a-z0-9]*|ch32v\d+[a-z0-9]*"
    r"|raspberry pi(?: [345]| zero(?: 2 w)?| pico)?|jetson(?: (?:agx|orin|nano|xavier|nx))+"
    r"|a100|a800|a10g|h100|h800|h200|v100|l40s?|rtx ?[2-5]0[5-9]0(?: ?ti)?",
    "model": r"qwen[\d.]*(?:-[\w.]+)+|qwen[\d.]+|llama-?[\d.]+(?:-[\w.]+)*"
    r"|(?:bge|gte|e5)-[\w.-]+|mistral-[\w.-]+|gemma-?[\d.]+(?:-[\w.]+)*"
    r"|deepseek-[\w.-]+|(?:chat)?glm-?\d[\w.-]*|gpt-(?:4o|4\.1|4|3\.5|5)(?:-[\w.]+)*"
    r"|claude-[\w.-]+|whisper-[\w.-]+|yolov?\d+[a-z]?",
}


_FAMILY = {role: lazy(rf"(?:{pattern})", re.I) for role, pattern in FAMILIES.items()}


# Roles a project fills with several tools at once (OpenTelemetry and Tempo, ESLint and
# Prettier, Vitest and Playwright): a second choice adds to the first unless it says it replaces
SHARED_ROLES = frozenset(
    {"observability", "lint", "testing", "deploy_tooling", "container", "storage", "secrets",
     "api", "editor", "language", "pipelines", "ml", "firmware", "hosting", "robotics", "gis",
     "bioinformatics", "media", "analytics", "workflow", "llm_api", "hardware", "model",
     "driver", "mobile_lib"}
)  # fmt: skip


def is_han(name: str) -> bool:
    """True for a name written in Chinese characters ("极光推送")."""
    return not name.isascii() and any("\u4e00" <= c <= "\u9fff" for c in name)


# Chinese names stand in Chinese text with no word boundary ("支付就接微信支付吧"), so they are
# matched where they are; not after a numeral or a demonstrative, where "个推" is "个" and "推"
# ("这个推送", "一个推")
_ZH_TECH_NAMES = "|".join(sorted((n for n in ROLE_OF if is_han(n)), key=len, reverse=True))


def alternation(names: Iterable[str], depth: int = 2) -> str:
    r"""One regex alternative of `names` that tries the longest first, branching on first letters.

    "spring|spring boot|sqlite" becomes "s(?:p(?:ring\ boot|ring)|q(?:lite))": at each word
    the engine tries the names of its first two letters, not every name, so a lexicon of
    thousands of names costs about what a few dozen do. Same matches as the names sorted
    longest first.
    """
    ordered = sorted(set(names), key=len, reverse=True)
    if depth == 0:
        return "|".join(re.escape(n) for n in ordered)
    by_first: dict[str, list[str]] = {}
    for name in ordered:
        by_first.setdefault(name[0], []).append(name[1:])
    branches = []
    for first, rests in sorted(by_first.items()):
        longer = [r for r in rests if r]
        if not longer:
            branches.append(re.escape(first))
            continue
        alone = "?" if "" in rests else ""  # "s" is a name and "sqlite" too: the longer first
        branches.append(f"{re.escape(first)}(?:{alternation(longer, depth - 1)}){alone}")
    return "|".join(branches)


# a Latin name ends where no letter, digit or "-" goes on: Chinese may touch it ("用Redis做缓存")
TECH = lazy(
    r"((?<![A-Za-z0-9_.-])(?:"
    + alternation(n for n in ROLE_OF if not is_han(n))
    + "|"
    + "|".join(FAMILIES.values())
    + r")(?![A-Za-z0-9_-])"
    + r"|(?<![这那哪每一二两三四五六七八九十几多某各整半单\d])(?:"
    + _ZH_TECH_NAMES
    + "))",
    re.I,
)


# a Chinese product: one the lexicon knows ("极光推送", "钉钉机器人"), or a cloud's product named
# with its cloud ("阿里云 OSS", "腾讯云 COS")
ZH_PRODUCT = (
    r"(?:(?:阿里云|腾讯云|华为云|火山引擎|百度智能云|天翼云|京东云|七牛云)\s*[A-Za-z][A-Za-z0-9-]*"
    r"(?![\w.-])|(?<![这那哪每一二两三四五六七八九十几多某各整半单\d])(?:" + _ZH_TECH_NAMES + "))"
)


def role_for(name: str) -> str:
    """The role of a name `TECH` matched, lower-cased."""
    role = ROLE_OF.get(name)
    if role is not None:
        return role
    return next(r for r, family in _FAMILY.items() if family.fullmatch(name))


_ROLE_WORDS = {
    "database": ("database", "db", "数据库", "存储"),
    "cache": ("cache", "caching", "缓存"),
    "jobs": (
        "job queue",
        "task queue",
        "background job",
        "background jobs",
        "job",
        "jobs",
        "任务队列",
        "异步任务",
    ),
    "queue": ("queue", "broker", "message queue", "队列", "消息"),
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

# One search per role for its words, each standing alone (not inside a longer word)
_ROLE_WORD = {
    role: lazy(r"(?<![a-z])(?:" + "|".join(re.escape(w) for w in words) + r")(?![a-z])")
    for role, words in _ROLE_WORDS.items()
}


# Names that are also everyday words count only when written as a name: Capitalised or `code`.
AMBIGUOUS = frozenset(
    [
        "moya",
        "resty",
        "fuel",
        "volley",
        "finch",
        "tesla",
        "polly",
        "chopper",
        "feign",
        "refit",
        "faraday",
        "moor",
        "idb",
        "shelve",
        "tinydb",
        "lagom",
        "kink",
        "rodi",
        "kodein",
        "toothpick",
        "univer",
        "titanium",
        "lynx",
        "kmp",
        "maui",
        "marshmallow",
        "celebrate",
        "attrs",
        "garde",
        "vest",
        "jsonschema",
        "felte",
        "beamer",
        "voyager",
        "decompose",
        "app router",
        "pages router",
        "stylus",
        "stitches",
        "cva",
        "restyle",
        "goober",
        "radium",
        "clsx",
        "blueprint",
        "evergreen",
        "grommet",
        "tremor",
        "arco",
        "relay",
        "immer",
        "akita",
        "effector",
        "rematch",
        "overmind",
        "hookstate",
        "analog",
        "fresh",
        "marko",
        "inferno",
        "stencil",
        "polymer",
        "backbone",
        "knockout",
        "alpine",
        "stimulus",
        "hotwire",
        "inertia",
        "elm",
        "redwood",
        "waku",
        "tonic",
        "grape",
        "emmett",
        "elysia",
        "roda",
        "moleculer",
        "falcon",
        "pyramid",
        "bottle",
        "responder",
        "hapi",
        "feathers",
        "sails",
        "meteor",
        "encore",
        "polka",
        "revel",
        "buffalo",
        "iris",
        "warp",
        "poem",
        "salvo",
        "tide",
        "loco",
        "tower",
        "hyper",
        "struts",
        "nancy",
        "carter",
        "slim",
        "plug",
        "bandit",
        "cowboy",
        "hummingbird",
        "nitro",
        "fuego",
        "huma",
        "orleans",
        "lumen",
        "elastic",
        "sonic",
        "zinc",
        "stork",
        "exa",
        "jina",
        "orama",
        "ent",
        "dapper",
        "piccolo",
        "objection",
        "bob",
        "jet",
        "slick",
        "quill",
        "skunk",
        "dataset",
        "orator",
        "motor",
        "lettuce",
        "deadpool",
        "hikari",
        "artemis",
        "memphis",
        "kestrel",
        "solace",
        "brighter",
        "pika",
        "watermill",
        "service bus",
        "confluent",
        "mirrormaker",
        "event grid",
        "coherence",
        "momento",
        "garnet",
        "graphite",
        "materialize",
        "pinot",
        "druid",
        "impala",
        "fauna",
        "convex",
        "riak",
        "sled",
        "percona",
        "timescale",
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
        "zap",
        "quartz",
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
        "torch",
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
    return ROLE_OF.get(name.lower())


def technologies(text: str) -> list[str]:
    """Known technology names in `text`, lower-cased, in order of appearance."""
    found = []
    for m in TECH.finditer(text):
        name = m.group(1)
        quoted = m.start() > 0 and text[m.start() - 1] == "`"
        if name.lower() in AMBIGUOUS and name.islower() and not quoted:
            continue
        found.append(name.lower())
    return found


_CLOUDS = frozenset(
    ("cloudflare", "aws", "gcp", "google cloud", "azure", "阿里云", "腾讯云", "华为云")
)


def role_of(text: str) -> str | None:
    """The role (database, cache, ...) of the first technology named in `text`.

    Without a known name, a role word ("for caching", "数据库") decides. A known name
    followed by a capitalised word names another product ("Hive Gateway" is no Hive database):
    no role.
    """
    names = technologies(text)
    if len(names) > 1 and names[0] in _CLOUDS:
        names = names[1:]  # "Cloudflare R2", "AWS Lambda": the cloud's product says the role
    for name in names:
        at = text.lower().find(name)
        if at >= 0 and re.match(r"\s+[A-Z][a-z]", text[at + len(name) :]):
            return None
        return role_for(name)
    low = text.lower()
    for role, words in _ROLE_WORD.items():
        if words.search(low):
            return role
    return None


def role_terms(role: str) -> tuple[str, ...] | None:
    """What any text `role_of` gives `role` holds, lower-cased: one of these (None: no list).

    The names of that role and its role words; a role of a family named by pattern
    ("hardware", "model") has no such list.
    """
    if role in FAMILIES:
        return None
    return (*(n for n, r in ROLE_OF.items() if r == role), *_ROLE_WORDS.get(role, ()))


NOT_NAMES = frozenset(
    ("it", "its", "the", "a", "an", "our", "we", "us", "this", "that", "all", "both", "some",
     "one", "two", "fine", "ok", "good", "done", "yes", "no", "not", "also", "too", "now", "here",
     "is", "are", "was", "were", "be", "been", "at", "of", "to", "so", "then",
     "there", "prod", "production", "staging", "dev", "test", "tests", "app", "apps", "service",
     "services", "backend", "frontend", "api", "stack", "version", "latest", "everything",
     "sdk", "cli", "gui", "rest", "http", "https", "json", "yaml", "sql", "html", "css", "llm",
     "gpu", "cpu", "ram", "ssd", "aws", "gcp", "saas", "mvp", "poc", "etl", "crud", "deployment",
     "node", "server", "client", "worker", "database", "cache", "queue", "port", "ports",
     # acronyms that name no product: currencies, standards, kinds of thing
     "eur", "usd", "cny", "jpy", "gbp", "rmb", "wgs", "crd", "dns", "cdn", "tls", "ssl", "ssh",
     "tcp", "udp", "url", "uri", "pr", "qa", "ui", "ux", "os", "vm", "vpc", "iam", "sso", "otp",
     "sms", "pdf", "csv", "xml", "jwt", "rpc", "kpi", "sla", "slo", "qps", "tps", "rps", "oom",
     "cpu", "gpu", "ram", "ide", "lts", "faq", "tbd", "todo", "wip",
     # HTTP methods ("后端接口是 POST /api/tasks 和 GET /api/tasks/:id")
     "get", "post", "put", "patch", "delete", "head", "options")
)  # fmt: skip


_VERSIONED_NAMES = sorted(
    {
        *(n for n in ROLE_OF if not is_han(n)),  # "企业微信 3 个群" gives no version
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
KNOWN_VERSIONED = alternation(_VERSIONED_NAMES)


VERSIONED = lazy(
    r"(?i)(?<![\w.-])(?P<name>" + KNOWN_VERSIONED + r")"
    r"\s*(?:是|为|版本号?(?:是|为)?|version(?: is)?|v|(?P<sdk>SDK))?\s*"
    # "Unity 2022.3.21f1", "Python 3.13.0rc2": a release's build or pre-release mark is part of it
    r"(?P<ver>\d+(?:\.\d+){0,2}(?:\.x|(?<=\.\d)(?:f|a|b|p|rc)\d{1,2}(?![\w.])"
    r"|(?<=\.\d\d)(?:f|a|b|p|rc)\d{1,2}(?![\w.]))?)(?!\d|\.\d|\s*%)"
)
