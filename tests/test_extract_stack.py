"""The project's tech stack as people state it.

Where each part is hosted, the board, chip or GPUs it runs on, the platforms it ships on, the
stack said plainly, in prose or as a bare list, providers named with their products, tools that
fill one role together, package names, versions pinned or required, the base model, in English
and in Chinese; and names weighed, planned, used before, by another team or in the negative,
which are no stack.
"""

from __future__ import annotations

import pytest

from omp import rules
from tests.extraction import _decisions_zh, _facts, _facts_zh, _kept, _run, _said, _said_zh, _stack

# ---- a stack part with where it runs, or with the part it is -------------------------------------


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("Next.js 14.2 app router, Prisma 5.14, Postgres on Neon.",
         {"frontend": "Next.js 14.2", "orm": "Prisma 5.14", "database": "Postgres on Neon"}),
        ("next.js 14.2 app router, prisma 5.18, postgres 16.",
         {"frontend": "next.js 14.2", "orm": "prisma 5.18", "database": "postgres 16"}),
        ("SvelteKit front end, FastAPI backend, Postgres database.",
         {"frontend": "SvelteKit", "backend": "FastAPI", "database": "Postgres"}),
        # after a label, the first clause of names counts alone
        ("context: SvelteKit front end, FastAPI backend that proxies DICOMweb to Orthanc.",
         {"frontend": "SvelteKit"}),
        # a part said to be slow is no list of names
        ("Django server is slow, Postgres database is fine.", {}),
        ("SvelteKit front end is slow today.", {}),
        # where it is hosted, which one is the main one, the routes of the framework, and the
        # part a name is used for
        ("SvelteKit 2 frontend + API routes, Supabase for auth and the main Postgres, hosted on "
         "Vercel.",
         {"frontend": "SvelteKit 2", "auth": "Supabase", "database": "Postgres",
          "hosting": "Vercel"}),
        ("Django app, deployed on Heroku, Postgres.",
         {"hosting": "Heroku", "database": "Postgres"}),
        ("We tried the main Redis, hosted on AWS.", {}),
    ],
)  # fmt: skip
def test_a_bare_list_keeps_the_host_and_reads_past_the_part_a_name_is(sentence, facts):
    assert rules.listed_stack(sentence) == facts


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("we use Postgres 16 on RDS and Redis on Upstash.",
         {"database": "Postgres 16 on RDS", "cache": "Redis on Upstash"}),
        # "on" a thing that hosts nothing is not kept
        ("we run Postgres on a single box.", {"database": "Postgres"}),
        # a host of another kind is not where the database runs
        ("we use Postgres, on Sentry for errors.", {"database": "Postgres"}),
    ],
)  # fmt: skip
def test_a_stated_part_keeps_the_host_it_runs_on(sentence, facts):
    stack = rules.tech_facts(sentence)
    assert {k: v for k, v in stack.items() if k in facts} == facts


# ---- tools that fill one role together -----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "role", "value"),
    [
        ("we already run grafana + loki + mimir.", "observability", "grafana + loki + mimir"),
        ("we use ESLint + Prettier", "lint", "ESLint + Prettier"),
        # not joined by "+": the first one only, as before
        ("We use OpenTelemetry and Tempo for tracing.", "observability", "OpenTelemetry"),
        # a role that one tool fills is not joined
        ("we use Postgres + MySQL", "database", "Postgres"),
    ],
)
def test_tools_joined_by_a_plus_in_a_shared_role_are_kept_together(sentence, role, value):
    assert rules.tech_facts(sentence)[role] == value


def test_a_shared_role_in_another_clause_is_not_joined():
    facts = rules.tech_facts("The service is Python 3.12, the cron box still has Ruby 2.7.")
    assert facts["language"] == "Python 3.12"


# ---- a package's name in a stated stack ----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "key"),
    [
        ("We're on dbt-core 1.7 with dbt-snowflake, running from Airflow.", "dbt-snowflake"),
        ("We're on Expo SDK 51 with expo-image, EAS builds.", "expo-image"),
        ("we use django-anymail with Postmark", "django-anymail"),
    ],
)
def test_a_package_name_in_a_stated_stack_is_kept(sentence, key):
    assert rules.tech_facts(sentence)[key] == key


@pytest.mark.parametrize(
    "sentence",
    ["we're on follow-up.", "we're self-hosted.", "it's a one-off.", "we use real-time sync."],
)
def test_a_hyphenated_everyday_word_is_no_package(sentence):
    assert rules.tech_facts(sentence) == {}


@pytest.mark.parametrize(
    "sentence", ["we're on invoice-worker now.", "we use inv-core and orders-api."]
)
def test_the_projects_own_service_names_are_no_packages(sentence):
    assert rules.tech_facts(sentence) == {}


# ---- a package name in a Chinese sentence --------------------------------------------------------


def test_a_package_name_in_a_chinese_sentence_is_left_to_the_chinese_rules():
    assert "react-leaflet" not in rules.tech_facts(
        "前端去掉了 Leaflet / react-leaflet，换成 maplibre-gl"
    )


# ---- whose product it is: a provider named with it -----------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "role", "value"),
    [
        ("next.js 14.2 app router, prisma 5.18, neon postgres.", "database", "neon postgres"),
        ("stack: fastapi, upstash redis 7, supabase postgres", "cache", "upstash redis 7"),
        ("stack: fastapi, upstash redis 7, supabase postgres", "database", "supabase postgres"),
        ("we use Upstash Redis for caching.", "cache", "Upstash Redis"),
    ],
)
def test_a_provider_named_with_its_product_stays_in_the_value(sentence, role, value):
    facts = rules.listed_stack(sentence) or rules.tech_facts(sentence)
    assert facts[role] == value


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        (
            "context: Python 3.12, FastAPI, Postgres 16",
            {"language": "Python 3.12", "backend": "FastAPI", "database": "Postgres 16"},
        ),
        (
            "we use Redis, Postgres 16 and Celery",
            {"cache": "Redis", "database": "Postgres 16", "jobs": "Celery"},
        ),
    ],
)
def test_names_of_different_roles_side_by_side_stay_apart(sentence, facts):
    assert (rules.tech_facts(sentence) or rules.listed_stack(sentence)) == facts


# ---- the stack, said plainly ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "role", "name"),
    [
        ("we use pnpm for the monorepo, not lerna.", "package_manager", "pnpm"),
        ("We use Postgres, not MySQL.", "database", "Postgres"),
        ("The queue will be SQS.", "queue", "SQS"),
        ("Deploys happen via ArgoCD from the infra repo.", "deploy_tooling", "ArgoCD"),
    ],
)
def test_a_stack_said_plainly_or_against_another_is_a_fact(sentence, role, name):
    assert _facts(sentence).get("tech_stack", {}).get(role) == name


@pytest.mark.parametrize(
    "sentence",
    [
        "We don't use Redis, not anymore.",
        "We use neither Redis nor Memcached.",
        "It's not Postgres, it's a file.",
    ],
)
def test_a_stack_said_in_the_negative_is_no_fact(sentence):
    stack = _facts(sentence).get("tech_stack", {})
    assert "database" not in stack and "cache" not in stack


# ---- what a part does its work with --------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "role", "name"),
    [
        ("The invoices PDFs are generated with WeasyPrint.", "pdf", "WeasyPrint"),
        ("Our invoice service renders PDFs inline with WeasyPrint.", "pdf", "WeasyPrint"),
        ("Emails are sent via SendGrid.", "email", "SendGrid"),
    ],
)
def test_what_a_part_does_its_work_with_is_a_fact(sentence, role, name):
    assert _facts(sentence).get("tech_stack", {}).get(role) == name


@pytest.mark.parametrize(
    "sentence", ["The report is generated with a script.", "Are PDFs rendered with WeasyPrint?"]
)
def test_work_done_with_no_known_name_or_asked_is_no_fact(sentence):
    assert "pdf" not in _facts(sentence).get("tech_stack", {})


# ---- job runners and brokers ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "role"),
    [("Celery", "jobs"), ("Sidekiq", "jobs"), ("BullMQ", "jobs"), ("RabbitMQ", "queue"),
     ("Kafka", "queue"), ("the task queue", "jobs"), ("the message queue", "queue")],
)  # fmt: skip
def test_job_runners_and_brokers_have_roles_of_their_own(name, role):
    assert rules.role_of(name) == role


# ---- where it is deployed, and versions the stack holds ------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("我们的小程序后端是 NestJS 10，数据库 MySQL 8，部署在腾讯云 TKE 上。",
         {"backend": "NestJS 10", "database": "MySQL 8", "hosting": "TKE"}),
        ("后端是 Go 1.22，跑在阿里云 ACK 里", {"language": "Go 1.22", "hosting": "ACK"}),
        ("后端是 Go，部署在公司机房上", {"language": "Go"}),
    ],
)  # fmt: skip
def test_a_clause_saying_where_it_is_deployed_gives_the_hosting(sentence, stack):
    assert rules.tech_facts(rules.assertion(sentence)) == stack


def test_a_version_the_stack_fact_holds_is_not_stored_again_under_its_own_name():
    stored = _kept(_run(*_said("We're on Go 1.22 with chi and pgx.")), "project")
    assert stored == [{"tech_stack": {"language": "Go 1.22", "backend": "chi", "driver": "pgx"}}]


# ---- what nobody on the team knows ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("OptaPlanner 我们没人会 Java", {}),
        ("我们团队不熟 Rust", {}),
        ("我们都会 Python", {"language": "Python"}),
    ],
)
def test_what_nobody_on_the_team_knows_is_no_part_of_the_stack(sentence, stack):
    assert rules.tech_facts(rules.assertion(sentence)) == stack


# ---- Chinese statements of the stack -------------------------------------------------------------


def test_another_teams_stack_is_not_the_projects():
    batch = _run(*_said_zh("隔壁组用的是 Kafka，我们不一定要跟他们一样。"))
    assert _kept(batch, "project") == []
    batch = _run(*_said_zh("隔壁组用的是 Kafka，我们的消息队列是 RabbitMQ。"))
    assert [f["tech_stack"] for f in _kept(batch, "project")] == [{"queue": "RabbitMQ"}]


def test_the_stack_the_project_used_before_is_not_its_stack():
    batch = _run(*_said_zh("我们之前用的是 Jenkins，现在迁到 GitHub Actions 了。"))
    assert not any("tech_stack" in f for f in _kept(batch, "project"))
    assert [w["type"] for w in _kept(batch, "changelog")] == ["refactor"]


def test_a_version_moved_from_one_to_another_is_the_stack_and_a_chore():
    batch = _run(*_said_zh("上周把 Python 从 3.8 升到了 3.11。"))
    assert [f["tech_stack"] for f in _kept(batch, "project")] == [{"python": "Python 3.11"}]
    assert [w["type"] for w in _kept(batch, "changelog")] == ["chore"]


def test_a_part_then_what_it_uses_in_a_stated_stack_is_a_fact():
    facts = _kept(_run(("user", "前端 React 18 + Vite，后端 NestJS，缓存用 Redis。")), "project")
    stack = {k: v for f in facts for k, v in f.get("tech_stack", {}).items()}
    assert stack["cache"] == "Redis" and stack["backend"] == "NestJS"


# ---- the stack beside a choice -------------------------------------------------------------------


def test_a_deciding_sentence_keeps_the_stack_its_other_clauses_state():
    sentence = "分析主要用 xarray + dask，在学校的 HPC 上跑，调度系统是 Slurm。"
    (d,) = _decisions_zh(sentence)
    assert d["choice"] == "xarray + dask"
    assert _facts_zh(sentence)["tech_stack"] == {"hpc": "Slurm"}


def test_an_english_choice_keeps_what_its_clause_says_the_project_already_runs():
    said = ("user", "go with river, we already run Postgres 16 on Render anyway")
    assert [d["choice"] for d in _kept(_run(said), "decisions")] == ["river"]
    assert _stack(said).get("database") == "Postgres 16 on Render"
    assert "database" not in _stack(("user", "go with river, asynq needs redis"))


@pytest.mark.parametrize(
    "sentence",
    [
        "就用 Kafka，隔壁组用的是 Pulsar。",  # another team's stack
        "就用 Kafka，也许以后数据库换成 TiDB。",  # tentative
        "就用 Kafka，数据库是 MySQL 吗？",  # a question
        "另外我一般都用 pnpm，你上面给的也是 pnpm 命令，很好，后面也都按 pnpm 来。",  # a habit
    ],
)
def test_the_clauses_beside_a_choice_give_no_stack_that_is_not_ours_now(sentence):
    stack = _facts_zh(sentence).get("tech_stack", {})
    assert not {"queue", "database", "package_manager"} & stack.keys()


# ---- the language a part is written in -----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "language"),
    [
        ("后端已经有了，是 Go 写的，API base 是 https://api.shunlu.cn/v2", "Go"),
        ("我们的 API 网关是自己用 Go 写的。", "Go"),
        ("服务端是 Go 1.22 写的。", "Go 1.22"),
    ],
)
def test_the_language_a_part_of_ours_is_written_in_is_the_stack(sentence, language):
    assert _facts_zh(sentence)["tech_stack"]["language"] == language


@pytest.mark.parametrize(
    "sentence",
    [
        "oxlint 也是 Rust 写的，速度很快。",  # a tool's language, not ours
        "隔壁组的服务是 Rust 写的。",
        "后端是 Go 写的吗？",
        "这个库是 C 写的，性能不错。",
    ],
)
def test_a_tool_another_team_or_a_question_is_not_what_ours_is_written_in(sentence):
    assert rules.written_in(sentence) is None


# ---- the object store the files go to ------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "store"),
    [
        ("项目是 Django 4.2 + DRF，图片存在阿里云 OSS（django-storages）。", "阿里云 OSS"),
        ("worker 从 RabbitMQ 拿任务，转完传到阿里云 OSS。", "阿里云 OSS"),
        ("固件放在 MinIO 里。", "MinIO"),
    ],
)
def test_the_object_store_the_files_go_to_is_the_stack(sentence, store):
    assert _facts_zh(sentence)["tech_stack"]["storage"] == store


@pytest.mark.parametrize(
    "sentence",
    [
        "文件要不要放在 S3？",
        "也许以后图片可以存到 R2。",
        "隔壁组的图片存在腾讯云 COS。",
        "我看下文件是怎么存到 OSS 的。",
        "日志放在 Loki 里。",  # no object store
    ],
)
def test_a_store_asked_about_wished_for_or_not_ours_is_no_stack(sentence):
    assert rules.stored_in(sentence) is None
    assert "storage" not in _facts_zh(sentence).get("tech_stack", {})


# ---- what the project moves off ------------------------------------------------------------------


def test_the_stack_a_message_means_to_replace_is_not_kept_the_rest_is():
    message = (
        "帮我看下 src/store 这块，现在是 Vuex 4，写起来太啰嗦了。"
        "我们项目是 Vue 3.4 + Vite 5 + Element Plus，有没有必要换"
    )
    stack = _facts_zh(message)["tech_stack"]
    assert stack == {"frontend": "Vue 3.4", "build": "Vite 5", "ui_kit": "Element Plus"}


@pytest.mark.parametrize(
    ("message", "gone", "kept"),
    [
        (
            "我们 product analytics 现在全在 Postgres 14 里，查询太慢。计划迁到 ClickHouse。",
            "database",
            None,
        ),
        ("消息队列现在用的是 RabbitMQ，打算换成 Kafka。我们在 AWS 上。", "queue", "hosting"),
        (
            "我们运营后台重构。现在的情况：\n- Vue 3.4 + Vite 5\n- 状态管理还是老的 Vuex 4",
            "vuex",
            "vue",
        ),
        ("埋点数据之前一直是 Hive 跑 T+1，产品要实时看漏斗。", "local_db", None),
        ("前端去掉了 Leaflet，换成 maplibre-gl 了。", "gis", None),
    ],
)
def test_what_is_used_now_when_moving_off_it_or_old_or_dropped_is_not_the_stack(
    message, gone, kept
):
    stack = _facts_zh(message).get("tech_stack", {})
    assert gone not in stack
    assert not any(gone in str(v).lower() for v in stack.values())
    if kept:
        # by its name or by its role ("Vue 3.4 + Vite 5" is the frontend and its build)
        assert kept in stack or any(str(v).lower().startswith(kept) for v in stack.values())


@pytest.mark.parametrize(
    ("message", "role", "value"),
    [
        ("我们现在用的是 MySQL 8，挺稳定的。", "database", "MySQL 8"),  # no move meant
        (
            "我们 EKS 集群现在用 cluster-autoscaler，扩容太慢了，想换成 Karpenter。",
            "hosting",
            "EKS",
        ),
        ("后端现在是 Go 1.22 + Gin，缓存想加 Redis。", "language", "Go 1.22"),
        # what moves is another part: the search, the state file
        (
            "我们是做 K12 在线教育的，要给老师端做题库搜索。现在是 MySQL LIKE 查询，"
            "慢得要死。想换个搜索引擎",
            "database",
            "MySQL",
        ),
        (
            "我们短视频 App 的转码现在是几台 CPU 机器跑 ffmpeg + libx264，想换个方案，你怎么看？",
            "media",
            "ffmpeg",
        ),
    ],
)
def test_a_stack_used_now_stays_when_the_message_does_not_move_off_it(message, role, value):
    assert _facts_zh(message)["tech_stack"][role] == value


def test_moving_off_names_what_is_used_now_only_when_a_move_is_meant():
    assert rules.moving_off("现在是 Vuex 4，写起来太啰嗦了，有没有必要换") == {"vuex"}
    assert rules.moving_off("现在是 Vuex 4，挺好用的") == set()
    assert rules.moving_off("现在全在 Postgres 14 里，计划迁到 ClickHouse") == {"postgres"}
    assert rules.moving_off("现在全在 Postgres 14 里，计划把搜索迁到 Elasticsearch") == set()
    assert rules.moving_off("状态管理还是老的 Vuex 4") == {"vuex"}
    assert rules.moving_off("We use Vuex 4 now and want to switch") == set()


def test_names_that_were_researched_are_candidates_not_the_stack():
    sentence = "我们调研了 ClickHouse 和 Doris，组里有 ClickHouse 运维经验。"
    assert "warehouse" not in _facts_zh(sentence).get("tech_stack", {})


# ---- Latin names touching Chinese ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("我们的后端是用Go写的，数据库是MySQL8.0。", {"language": "Go", "database": "MySQL 8.0"}),
        ("前端部署在Vercel上。", {"hosting": "Vercel"}),
        (
            "后端是Go 1.22+Gin，数据库MySQL 8。",
            {"language": "Go 1.22", "backend": "Gin", "database": "MySQL 8"},
        ),
    ],
)
def test_a_latin_name_touching_chinese_text_is_read_as_the_name(sentence, stack):
    assert _facts_zh(sentence)["tech_stack"] == stack


def test_a_name_glued_to_a_longer_latin_word_is_not_read_inside_it():
    assert rules.technologies("用Redisson做锁") == []
    assert rules.technologies("ES6 语法") == []
    assert rules.technologies("用Redis做缓存") == ["redis"]


# ---- parts of the stack, object stores -----------------------------------------------------------


def test_a_part_named_with_a_latin_word_in_a_stack_clause_is_read():
    stack = _facts_zh("前端是 Vue 3 + Vite，UI 库用 Element Plus。").get("tech_stack", {})
    assert stack.get("ui_kit") == "Element Plus"


def test_a_chinese_object_store_named_alone_is_where_files_go():
    assert _facts_zh("图片都存在七牛云。").get("tech_stack", {}).get("storage") == "七牛云"
    assert rules.stored_in("图片是怎么存到七牛云的？") is None


# ---- names weighed are no stack ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("we're torn between Bloc, Riverpod and plain Provider. thoughts?", {}),
        ("deciding between cobra, urfave/cli v2 and just stdlib flag", {}),
        ("We use Postgres and we're comparing Redis vs Memcached for the cache.",
         {"database": "Postgres"}),
        ("We use Postgres and Redis.", {"database": "Postgres", "cache": "Redis"}),
    ],
)  # fmt: skip
def test_names_weighed_against_each_other_are_not_the_stack(sentence, stack):
    found: dict[str, str] = {}
    for facts in _kept(_run(*_said(sentence)), "project"):
        found |= facts.get("tech_stack", {})
    assert found == stack


# ---- facts said in passing -----------------------------------------------------------------------


def test_a_vote_states_no_stack():
    assert rules.version_facts("I'd vote Vue 3, honestly.", own=True) == {}


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("we run it on a single EC2 box, no k8s", {}),
        ("we use Dagster (OSS, self-hosted on the EC2 box)", {"pipelines": "Dagster"}),
        ("we use Postgres, never MySQL", {"database": "Postgres"}),
    ],
)
def test_a_name_said_not_to_be_used_is_no_stack(sentence, stack):
    assert rules.tech_facts(sentence) == stack


def test_a_ruby_module_is_no_go_module():
    from omp import buildfiles

    assert buildfiles.facts("module Webhooks\n  class GithubController\n  end\nend\n") == {}
    assert buildfiles.facts("module github.com/acme/api\n\ngo 1.22\n")["project"] == {
        "module": "github.com/acme/api"
    }


# ---- plans are not the stack ---------------------------------------------------------------------


def test_a_version_move_under_way_is_not_the_stack():
    assert rules.tech_facts("next sprint we're bumping to Node 22.") == {}
    assert rules.tech_facts("we're on Node 22.") == {"runtime": "Node 22"}


# ---- versions moved ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("Go 上周已经升级到 1.22 了", {"go": "Go 1.22"}),
        ("heads up: Rails is upgraded to 7.1 (was 7.0)", {"rails": "Rails 7.1"}),
        ("Node was bumped to 20", {"node": "Node 20"}),
        ("下周把 Go 升到 1.22", {}),
    ],
)
def test_a_version_moved_to_is_the_stack(sentence, stack):
    assert rules.version_changes(sentence) == stack


# ---- the package manager a package.json names ----------------------------------------------------


def test_the_package_manager_a_package_json_names_is_the_stack():
    from omp import buildfiles

    shown = ('$ cat package.json\n{\n  "name": "pawpal",\n  "packageManager": "pnpm@9.15.0",\n'
             '  "devDependencies": {\n    "nx": "20.7.1"\n  }\n}')  # fmt: skip
    assert buildfiles.facts(shown)["tech_stack"]["package_manager"] == "pnpm 9.15.0"


# ---- the stack said in ordinary prose ------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        ("builds go through GitHub Actions", {"ci": "GitHub Actions"}),
        ("the warehouse is Snowflake", {"warehouse": "Snowflake"}),
        ("app is on Render in Frankfurt", {"hosting": "Render"}),
        ("we deploy with Argo CD", {"deploy_tooling": "Argo CD"}),
    ],
)
def test_the_stack_said_in_prose_is_a_fact(sentence, fact):
    stacks = [f["tech_stack"] for f in _kept(_run(("user", sentence)), "project")]
    assert any(fact.items() <= s.items() for s in stacks), stacks


@pytest.mark.parametrize("sentence", ["it is on fire", "backend is a mess"])
def test_a_part_said_to_be_in_a_state_names_no_stack(sentence):
    assert _kept(_run(("user", sentence)), "project") == []


# ---- facts said in passing -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "stack"),
    [("We run on k3s cluster version v1.29.4+k3s1, 3 nodes on Hetzner.", {"hosting": "k3s"}),
     ("We use Postgres 16.2+pgvector", {"database": "Postgres 16.2", "vector_db": "pgvector"}),
     ("we use Vue 3+Vite 5", {"frontend": "Vue 3", "build": "Vite 5"})],
)  # fmt: skip
def test_a_versions_build_after_a_plus_is_no_part_of_the_stack(said, stack):
    from omp import rules

    assert rules.tech_facts(said) == stack


def test_a_resource_named_with_an_account_number_is_no_product():
    from omp import rules

    said = "前端存储桶名为 hr-portal-web-1312345678，域名 hr.example-corp.cn 走 CDN。"
    assert rules.tech_facts(said) == {}
    assert rules.tech_facts("we use Skynet + bwa-mem2")["bioinformatics"] == "bwa-mem2"


# ---- what a stack is not, in brackets ------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "role", "name"),
    [
        ("warehouse is Snowflake, dbt core 1.7 (not dbt cloud).", "warehouse", "Snowflake"),
        ("the backend is FastAPI (not Django)", "backend", "FastAPI"),
        ("our cache is Redis (rather than memcached)", "cache", "Redis"),
    ],
)
def test_a_stack_said_with_what_it_is_not_in_brackets_is_the_stack(sentence, role, name):
    assert rules.tech_facts(sentence).get(role) == name


def test_a_stack_said_not_to_be_used_is_no_stack():
    assert rules.tech_facts("the database is not Postgres (it was MySQL)") == {}


# ---- AWS's managed broker ------------------------------------------------------------------------


@pytest.mark.parametrize("sentence", ["our rabbit is Amazon MQ.", "the broker is Amazon MQ"])
def test_amazon_mq_is_a_queue(sentence):
    assert rules.tech_facts(sentence) == {"queue": "Amazon MQ"}


# ---- an everyday word joined by "+" to a known name ----------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "role", "name"),
    [
        ("context: billing service for our SaaS, express + typescript, stripe for payments.",
         "backend", "express"),
        ("we use react + express", "backend", "express"),
    ],
)  # fmt: skip
def test_an_everyday_word_joined_by_a_plus_to_a_known_name_is_a_name(sentence, role, name):
    facts = rules.tech_facts(sentence) | rules.listed_stack(sentence)
    assert facts.get(role) == name


def test_an_everyday_word_alone_in_a_stack_is_no_name():
    facts = rules.listed_stack("context: Python 3.12, express delivery, Postgres 16")
    assert "backend" not in facts


# ---- an edition between a name and its version ---------------------------------------------------


def test_the_version_after_an_edition_is_the_names():
    facts = rules.tech_facts("warehouse is Snowflake, dbt core 1.7 (not dbt cloud).")
    assert facts["pipelines"] == "dbt core 1.7"


def test_an_edition_without_a_version_is_left_out():
    assert rules.tech_facts("we use dbt core") == {"pipelines": "dbt"}


# ---- the stack a message replaces by its own choice ----------------------------------------------


def test_ingress_nginx_is_a_proxy_of_its_own():
    assert rules.technologies("lets standardize on ingress-nginx everywhere") == ["ingress-nginx"]
    assert rules.role_of("ingress-nginx") == "proxy"


@pytest.mark.parametrize(
    "message",
    [
        "we're on traefik in staging, which is dumb. lets standardize on ingress-nginx everywhere",
        "the proxy is nginx. let's move to caddy.",
    ],
)
def test_the_stack_a_message_replaces_by_its_own_choice_is_not_the_stack(message):
    batch = _run(("user", message))
    assert _kept(batch, "project") == []
    assert len(_kept(batch, "decisions")) == 1


@pytest.mark.parametrize(
    ("message", "kept"),
    [
        ("our cache is redis. let's use memcached for sessions too", {"cache": "redis"}),
        ("we use Postgres 16. let's use Redis for caching.", {"database": "Postgres 16"}),
    ],
)
def test_a_choice_made_beside_the_stack_leaves_it(message, kept):
    assert _kept(_run(("user", message)), "project") == [{"tech_stack": kept}]


# ---- the stack said in prose ---------------------------------------------------------------------


def test_a_statement_opening_with_a_how_we_label_asks_nothing():
    text = "Thanks. How we deploy: we use Argo CD, it watches the deploy/helm folder."
    assert _stack(("user", text)).get("deploy_tooling") == "Argo CD"
    assert _stack(("user", "how do we deploy: with Argo CD?")) == {}


@pytest.mark.parametrize(
    ("text", "stack"),
    [
        ("We're leaving Heroku. Builds and tests already go through GitHub Actions.",
         {"ci": "GitHub Actions"}),
        ("The project: an admin dashboard. TypeScript + React 18 + Vite.",
         {"language": "TypeScript", "frontend": "React 18", "build": "Vite"}),
        ("It's Django with nginx in front of gunicorn.",
         {"backend": "Django", "proxy": "nginx", "app_server": "gunicorn"}),
    ],
)  # fmt: skip
def test_the_stack_said_in_prose_is_the_projects(text, stack):
    assert _stack(("user", text)) == stack


@pytest.mark.parametrize("text", ["Builds and tests are flaky.", "Redis + Celery?", "n+1 queries"])
def test_a_state_or_a_question_of_names_is_no_stack(text):
    assert _stack(("user", text)) == {}


# ---- versions said in passing --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "stack"),
    [
        ("rust cli, binary `lgx`. MSRV 1.74. arg parsing?", {"rust": "Rust 1.74"}),
        ("node version is pinned in .nvmrc, 20.11.1. add a line about that",
         {"node": "node 20.11.1"}),
    ],
)  # fmt: skip
def test_a_version_the_project_requires_or_pins_is_its_stack(text, stack):
    assert _stack(("user", text)) == stack


def test_a_required_version_asked_about_is_no_stack():
    assert _stack(("user", "MSRV 1.74 or 1.75?")) == {}


# ---- a name joined by "+" to a known one ---------------------------------------------------------


def test_a_name_joined_by_plus_to_a_known_one_is_part_of_the_stack():
    text = "it's called tidepool, react native + expo for the mobile side."
    assert _stack(("user", text)) == {"mobile": "react native", "expo": "expo"}
    # an everyday word alone is still no name
    assert "mobile" not in _stack(("user", "we expo the app at the fair, react native rocks"))


# ---- a version pinned in a version manager's file ------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("the global flutter on my mac is 3.19 and the project is pinned to 3.24.3 in .fvmrc",
         {"flutter": "Flutter 3.24.3 (.fvmrc)"}),
        ("node is set to 20.11.1 via .nvmrc", {"node": "Node 20.11.1 (.nvmrc)"}),
        ("from now on the api is pinned to 3.12.4 in `.python-version`",
         {"python": "Python 3.12.4 (.python-version)"}),
    ],
)  # fmt: skip
def test_a_version_pinned_in_a_version_managers_file_is_the_projects(sentence, stack):
    assert rules.stated_versions(sentence) == stack


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("versioning on. we pin terraform 1.7.5 (see .terraform-version)",
         {"terraform": "terraform 1.7.5"}),
        ("ortools 版本锁 9.10，别让它自己升", {"ortools": "ortools 9.10"}),
        ("CI 机器上只有 python 3.9", {"python": "python 3.9"}),
        ("记账 app 是 SwiftUI 写的，最低支持 iOS 16，数据层用 Core Data。", {"ios": "iOS 16"}),
        ("Trailnote (hiking journal, SwiftUI, min iOS 16). Monthly + yearly.", {"ios": "iOS 16"}),
        ("改完之后两台手机能同步了。我用的 Xcode 15.4。", {"xcode": "Xcode 15.4"}),
        ("Flutter 这边我们现在是 3.22.2，Dart 3.4。", {"flutter": "Flutter 3.22.2"}),
        ("数据库目前是 Postgres，Postgres 目前用的是 15.4", {"postgres": "Postgres 15.4"}),
        # any name, when the sentence says its version outright
        ("R 版本是 4.3.3，项目用 renv 管理。", {"r": "R 4.3.3"}),
        ("我们的 Mirth Connect 版本是 4.4.2", {"mirth_connect": "Mirth Connect 4.4.2"}),
    ],
)  # fmt: skip
def test_a_version_said_to_be_pinned_or_the_only_one_there_is_the_projects(sentence, stack):
    assert rules.stated_versions(sentence) == stack


@pytest.mark.parametrize(
    "sentence",
    ["is it pinned to 3.24.3 in .fvmrc?", "we bumped it and pinned to 3.24.3 in .fvmrc",
     "maybe pinned to 3.24.3 in .fvmrc", "pinned to 3.24.3 in pubspec.yaml"],
)  # fmt: skip
def test_a_pin_asked_about_wished_or_just_changed_is_no_fact(sentence):
    assert rules.stated_versions(sentence) == {}


def test_the_pinned_version_is_stored_from_the_persons_message():
    said = "good. the project is pinned to 3.24.3 in .fvmrc, use fvm flutter"
    facts = _kept(_run(("user", said)), "project")
    assert any(f.get("tech_stack", {}).get("flutter") == "Flutter 3.24.3 (.fvmrc)" for f in facts)


# ---- a mobile app's build and release service ----------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "ci"),
    [("release is 2.8.0, goes out thursday through codemagic like always.", "codemagic"),
     ("builds go through bitrise", "bitrise")],
)  # fmt: skip
def test_a_mobile_apps_release_service_is_its_ci(sentence, ci):
    assert rules.tech_facts(sentence) == {"ci": ci}


# ---- an address in a stated stack ----------------------------------------------------------------


def test_the_bucket_and_prefix_of_an_address_are_no_parts_of_the_stack():
    said = "we have ~200GB/day of clickstream json landing in s3://acme-raw/clickstream/ (firehose)"
    assert rules.tech_facts(said) == {"storage": "s3"}


# ---- the names an offered alternative lists ------------------------------------------------------

_AUTH_OPTIONS = (
    "Options for auth:\n\n"
    "1. **Server-side sessions** \u2014 opaque session id in an HttpOnly cookie, in Redis.\n"
    "2. **JWT access + refresh tokens** \u2014 short-lived access token.\n"
    "3. **External IdP** (Auth0 / Clerk / Keycloak) \u2014 least code, but another dependency.\n"
)


def test_the_names_an_offered_alternative_lists_are_no_stack():
    batch = _run(("user", "we need auth on the api"), ("assistant", _AUTH_OPTIONS))
    stacks = [f["tech_stack"] for f in _kept(batch, "project") if "tech_stack" in f]
    assert not any("auth" in s for s in stacks)


def test_the_stack_an_agent_states_beside_its_options_is_kept():
    said = "Here's what I see: the api is FastAPI 0.111 on Python 3.12.\n\n" + _AUTH_OPTIONS
    batch = _run(("user", "we need auth on the api"), ("assistant", said))
    stacks = [f["tech_stack"] for f in _kept(batch, "project") if "tech_stack" in f]
    assert any("FastAPI" in str(s) for s in stacks)


# ---- production's parts are the project's; another environment's clause is not ---------------


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("the prod database is RDS Postgres 15", {"database": "RDS Postgres 15"}),
        ("prod db is postgres 16, staging is a docker container", {"database": "postgres 16"}),
        ("our production cache is Redis 7", {"cache": "Redis 7"}),
        ("the database is MySQL 8; locally it runs in docker", {"database": "MySQL 8"}),
        ("staging db is postgres 13 in docker", {}),
    ],
)
def test_production_names_the_stack_and_other_environments_do_not(sentence, stack):
    assert _facts(sentence).get("tech_stack", {}) == stack


# ---- a logging library is a part of the stack, and a change of it is a change of mind ----------


def test_a_logging_library_is_named_and_replaces_the_one_before():
    batch = _run(
        *_said("we log with winston for now"),
        ("user", "actually switch the logger to pino"),
    )
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["pino"]
    assert rules.role_of("structlog") == rules.role_of("loguru") == "logging"


@pytest.mark.parametrize("sentence", ["zap the cache and retry", "quartz countertops are heavy"])
def test_a_library_named_like_an_everyday_word_counts_only_written_as_a_name(sentence):
    assert rules.technologies(sentence) == []


# ---- the assistant telling the person what their project is on -------------------------------


def _told(reply: str, action: str = "stored") -> dict[str, str]:
    """The stack an assistant's reply to a question about the project gave, for `action`."""
    batch = _run(
        ("user", "hi"), ("assistant", "hello"), ("user", "why is it slow?"), ("assistant", reply)
    )
    stack: dict[str, str] = {}
    for facts in _kept(batch, "project", action):
        stack |= facts.get("tech_stack", {})
    return stack


@pytest.mark.parametrize(
    ("reply", "stack"),
    [
        (
            "You're on Terraform v1.10.3, so the S3 backend can lock natively.",
            {"deploy_tooling": "Terraform v1.10.3", "storage": "S3"},
        ),
        (
            "I looked at the lockfile — you're using pytest 8.1 with pytest-xdist 3.5.",
            {"testing": "pytest 8.1", "pytest-xdist": "pytest-xdist 3.5"},
        ),
        (
            "Your API runs on FastAPI 0.110 with Uvicorn.",
            {"backend": "FastAPI 0.110", "app_server": "Uvicorn"},
        ),
        ("You are currently on Next.js 13.5.", {"frontend": "Next.js 13.5"}),
        (
            "you use pnpm 8 and Node 20 per `package.json`.",
            {"package_manager": "pnpm 8", "runtime": "Node 20"},
        ),
        (
            "Looking at go.mod, you're on Go 1.21 with sqlc 1.25.",
            {"language": "Go 1.21", "orm": "sqlc 1.25"},
        ),
        ("你们现在跑在 Node 18 上，Prisma 5.10。", {"runtime": "Node 18", "orm": "Prisma 5.10"}),
        (
            "看了 go.mod，你这边用的 Go 1.21 和 gin 1.9。",
            {"language": "Go 1.21", "backend": "gin 1.9"},
        ),
    ],
)
def test_the_stack_an_assistant_tells_the_person_they_are_on_is_kept(reply, stack):
    assert _told(reply) == stack


@pytest.mark.parametrize(
    "reply",
    [
        "If you're on Postgres 16 you get MERGE for free.",
        "Once you're on Node 20, you can drop the polyfill.",
        "Are you on Python 3.12 or 3.11?",
        "You could use Prisma 5 or Drizzle 0.30.",
        "You'll want Celery 5.3 with Redis 7 for that.",
        "You might be using Redis 6 already — can you check?",
        "Right, you were using MongoDB 4.4 before the move.",
        "You should use Django 5.0 and Postgres 16 for the new service.",
        "如果你们用的是 Node 16，建议升到 20。",
        "要是你们用 MySQL 8 的话，可以直接用窗口函数。",
        "你们是部署在 K8s 上吗？",
    ],
)
def test_a_case_a_question_or_advice_in_the_second_person_is_no_stack(reply):
    assert _told(reply) == {}


# ---- what runs on the project's board or machine ---------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        (
            "主控是 STM32F407VGT6，跑 FreeRTOS，主频 168MHz",
            {"hardware": "STM32F407VGT6", "firmware": "FreeRTOS"},
        ),
        ("板子跑的 Zephyr 3.6", {"firmware": "Zephyr 3.6"}),
        ("服务器上跑着 Redis 7 和 Nginx", {"cache": "Redis 7", "proxy": "Nginx"}),
        (
            "each robot is a Jetson Orin running ROS 2 Humble + Nav2",
            {"robotics": "ROS 2 Humble + Nav2"},
        ),
        (
            "the db box runs Postgres 16 and Redis 7",
            {"database": "Postgres 16", "cache": "Redis 7"},
        ),
    ],
)
def test_what_runs_on_the_board_or_machine_is_the_stack(sentence, stack):
    assert _stack(*_said(sentence)) == stack


@pytest.mark.parametrize(
    "sentence",
    [
        "try running pytest -k slow",
        "we were running Mongo 4.4 before",
        "I'm running out of memory with Redis",
        "should we keep running Kafka 3.6?",
        "if the box runs Redis 7 we can cache there",
        "it doesn't run Redis anymore",
        "跑一下 pytest 看看",
        "跑 pytest 的时候报错",
        "想在板子上跑 Zephyr 试试",
        "那个方案要跑 Keycloak + ClickHouse，太重了",
    ],
)
def test_a_tool_run_once_a_past_or_a_wished_run_is_no_stack(sentence):
    assert _stack(*_said(sentence)) == {}


# ---- a version the name is pinned to later in the sentence -----------------------------------


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [("We use Terraform, pinned to 1.9.8 because of the provider lock.",
      {"deploy_tooling": "Terraform 1.9.8"}),
     ("The backend is Django, pinned at 4.2 until the upgrade.", {"backend": "Django 4.2"}),
     ("We use Postgres 16, and Redis.", {"database": "Postgres 16", "cache": "Redis"})],
)  # fmt: skip
def test_a_version_the_name_is_pinned_to_after_a_comma_is_its_version(sentence, facts):
    assert rules.tech_facts(sentence) == facts


def test_a_bare_list_of_names_keeps_how_a_product_is_run_as_part_of_its_name():
    # the answer to "what do you run?": "Redis 6 哨兵模式" is Redis 6, run with sentinels
    assert rules.listed_stack(
        "Spring Boot 3.2 + MySQL 8.0 + Redis 6 哨兵模式，部署在两台机器上。"
    ) == {
        "backend": "Spring Boot 3.2",
        "database": "MySQL 8.0",
        "cache": "Redis 6",
    }
    assert rules.listed_stack("后端 Java 17，Kafka 3.6 集群，每天几千万条") == {
        "queue": "Kafka 3.6"
    }


def test_a_help_desk_is_a_support_tool():
    assert rules.tech_facts("we use Zendesk for support tickets") == {"support": "Zendesk"}


# ---- a part of the system said to be a versioned technology --------------------------------------


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("ledger is postgres 15, we have a read replica.", {"postgres": "postgres 15"}),
        ("the db is Postgres 16.", {"postgres": "Postgres 16"}),
        ("prod runs on Node 20.11", {"node": "Node 20.11"}),
        # a version said of something else, or weighed, is no part of ours
        ("the error is postgres 15 specific", {}),
        ("the cache is Redis 7 or 8?", {}),
    ],
)
def test_a_part_said_to_be_a_versioned_technology_is_the_stack(sentence, stack):
    assert rules.stated_versions(sentence) == stack


def test_a_dated_version_we_are_on_is_the_stack():
    assert rules.version_facts("API version we're on is 2024-10", own=True, opening=False) == {
        "api": "API 2024-10"
    }


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        ("现在 VPC、TKE 集群都是控制台手点的，region ap-guangzhou。", "ap-guangzhou"),
        ("bucket 就是 towersiege-bundles-1321456789，地域 ap-shanghai。", "ap-shanghai"),
        ("阿里云这边 region cn-hangzhou，MaxCompute 项目叫 jingsuan_dw。", "cn-hangzhou"),
    ],
)
def test_the_regions_of_chinese_clouds_are_named_by_city(sentence, region):
    config = _facts_zh(sentence).get("config", {})
    assert config.get("region") == region


def test_a_size_after_a_name_is_no_version_of_it():
    assert _stack(("user", "Build is clean: MCUboot 31 KB, app 447 KB in the slot.")) == {
        "embedded_lib": "MCUboot"
    }
    assert _stack(("user", "We use MCUboot 2.1 for the bootloader.")) == {
        "embedded_lib": "MCUboot 2.1"
    }


@pytest.mark.parametrize(
    "said",
    [
        "PyTorch 2.3.1 + DDP，2 个 node，每个 node 4\u00d7 A100 80GB",
        "PyTorch 2.3.1 on 2 nodes, node 4x A100",
    ],
)
def test_a_count_of_machines_is_no_version(said):
    from omp import rules

    assert rules.version_facts(said, own=True, opening=True) == {"pytorch": "PyTorch 2.3.1"}
