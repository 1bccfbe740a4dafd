"""Project facts other than the stack: settings, ports, commands, addresses, paths and names.

Settings named as the environment or configuration names them, values changed to, ports said
with what servers do, schedules, the commands a project runs, routes and addresses keyed by what
they belong to, paths where things are kept, the project's name and branches, in English and in
Chinese; and examples, questions and one-off runs, which are none.
"""

from __future__ import annotations

import pytest

from omp import rules
from tests.extraction import _decisions_zh, _facts, _facts_zh, _kept, _run, _said, _said_zh

# ---- where the person keeps a thing of the project -----------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "paths"),
    [
        ("STAR index is saved under /shared/refs/GRCh38/star_2.7.10a_gencode44 now.",
         {"star_index": "/shared/refs/GRCh38/star_2.7.10a_gencode44"}),
        ("the checkpoints are stored under /data/ckpt/vit", {"checkpoints": "/data/ckpt/vit"}),
        ("I wrote the steps down in docs/runbooks/restore.md in the repo.",
         {"steps": "docs/runbooks/restore.md"}),
    ],
)  # fmt: skip
def test_where_the_person_keeps_a_thing_is_a_project_path(sentence, paths):
    facts: dict[str, str] = {}
    for found in _kept(_run(*_said(sentence)), "project"):
        facts |= found.get("paths", {})
    assert facts == paths


@pytest.mark.parametrize(
    "sentence",
    [
        "it is saved to /data/x",  # a pronoun names nothing
        "the file is saved in /tmp/out.txt",  # a scratch file
        "I put the fix in src/app.ts",  # work done, not where a thing is kept
        "I wrote the steps down in the wiki",  # no path
        "is the index saved under /shared/refs/star?",
    ],
)
def test_a_pronoun_a_scratch_file_work_or_a_question_gives_no_path(sentence):
    assert rules.path_facts(sentence) == {}


# ---- the project's name, branches and dotenv file ------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "name"),
    [("The app is called Fernweh.", "Fernweh"), ("The project's name is tidewatch.", "tidewatch")],
)
def test_the_name_of_the_app_said_outright_is_the_projects_name(sentence, name):
    assert _facts(sentence).get("project", {}).get("name") == name


@pytest.mark.parametrize(
    "sentence",
    [
        "This tool is called ripgrep.",  # a tool may be anyone's
        "The service named billing-worker keeps crashing.",
        "Is the app called Fernweh?",
    ],
)
def test_a_tool_a_part_or_a_question_names_no_project(sentence):
    assert "name" not in _facts(sentence).get("project", {})


@pytest.mark.parametrize(
    ("sentence", "branches"),
    [
        ("The main branch is `trunk`, not main.", {"main_branch": "trunk"}),
        (
            "我们的主分支是 trunk，发布分支是 release/2.x。",
            {"main_branch": "trunk", "release_branch": "release/2.x"},
        ),
        ("OK, the default branch is develop.", {"default_branch": "develop"}),
    ],
)
def test_a_branch_named_by_its_role_is_a_setting(sentence, branches):
    config = _facts(sentence).get("config", {})
    assert {k: v for k, v in config.items() if k.endswith("_branch")} == branches


@pytest.mark.parametrize(
    "sentence",
    [
        "The release branch is cut every Friday.",
        "The default branch isn't main, it's develop.",
        "Should the main branch be trunk?",
    ],
)
def test_what_happens_to_a_branch_or_a_doubt_names_none(sentence):
    config = _facts(sentence).get("config", {})
    assert not [k for k in config if k.endswith("_branch")]


@pytest.mark.parametrize(
    ("sentence", "path"),
    [
        ("Env vars are in .env.local, never commit it.", ".env.local"),
        ("Secrets are in .env.", ".env"),
    ],
)
def test_the_dotenv_file_the_person_names_is_a_path(sentence, path):
    assert _facts(sentence).get("paths", {}).get("env") == path


# ---- settings named as the environment names them, and thresholds --------------------------------


@pytest.mark.parametrize(
    ("sentence", "config"),
    [
        ("Make the poll interval configurable via OUTBOX_POLL_MS, default 500.",
         {"outbox_poll_ms": "500"}),
        ("OUTBOX_POLL_MS defaults to 500.", {"outbox_poll_ms": "500"}),
        ("Set MAX_CONNECTIONS to 200.", {"max_connections": "200"}),
        ("HTTP_PORT is 8080", {"http_port": "8080"}),
        ("Our p99 for GET_USER is 300ms", {}),
        ("We bumped API_VERSION to 2-3", {}),
        ("另外把慢查询阈值设成 500ms。", {"slow_query_threshold": "500ms"}),
        ("CPU 告警阈值设为 80%", {"cpu_threshold": "80%"}),
    ],
)  # fmt: skip
def test_a_variable_or_a_threshold_and_its_number_is_a_setting(sentence, config):
    assert rules.settings(sentence) == config


def test_a_commit_subjects_variables_are_left_to_the_commit_rules():
    assert rules.settings("Set MAX_CONNECTIONS to 200", named_keys=False) == {}


# ---- the project's name --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("call it notion2md", "notion2md"),
        ("Let's call the project notion2md.", "notion2md"),
        ("let's call it quits", None),
        ("call it done", None),
        ("call it a day", None),
        ("call it through the API", None),
        ("Call it processed_stripe_events.", None),  # a table
    ],
)
def test_call_it_names_the_project(sentence, name):
    assert rules.project_name(sentence) == name


# ---- Chinese statements of paths, settings and commands ------------------------------------------


def test_where_logs_are_written_is_a_path_not_a_choice_of_its_place():
    batch = _run(*_said_zh("日志统一输出到 /var/log/orderd/ 目录下。"))
    assert _kept(batch, "decisions") == []
    assert [f["paths"] for f in _kept(batch, "project")] == [{"logs": "/var/log/orderd/"}]
    (d,) = _kept(_run(*_said_zh("日志统一输出到 stdout。")), "decisions")
    assert d["choice"] == "stdout"


def test_a_size_limit_and_a_retry_count_are_settings():
    said = {
        "文件上传大小限制设为 10MB。": {"upload_max_size": "10MB"},
        "请求体大小限制 2M。": {"max_size": "2M"},
        "消息重试最多 3 次，间隔 5 秒。": {"retries": "3"},
    }
    for sentence, config in said.items():
        assert [f["config"] for f in _kept(_run(*_said_zh(sentence)), "project")] == [config]


def test_each_clause_may_give_a_path_of_its_own_part():
    batch = _run(*_said_zh("前端代码在 web/ 目录，后端在 server/ 目录。"))
    assert [f["paths"] for f in _kept(batch, "project")] == [
        {"frontend": "web/", "backend": "server/"}
    ]


def test_a_command_the_project_runs_is_a_fact_not_a_choice():
    batch = _run(*_said_zh("跑测试用 pnpm test，构建用 pnpm build。"))
    assert _kept(batch, "decisions") == []
    assert [f["commands"] for f in _kept(batch, "project")] == [
        {"test": "pnpm test", "build": "pnpm build"}
    ]
    (d,) = _kept(_run(*_said_zh("测试框架用 Vitest。")), "decisions")
    assert d["choice"] == "Vitest"


# ---- settings named as the configuration names them ----------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "key", "value"),
    [
        ("DOWNLOAD_DELAY 设 2 秒，并发降到 8。", "download_delay", "2 秒"),
        ("就按你说的：max-poll-records 改 200，concurrency 调到 12。", "max-poll-records", "200"),
        ("HPA 的 maxReplicas 设成 20 吧。", "maxreplicas", "20"),
        ("MAX_STACK 改成 64 吧，跟 Minecraft 手感一样。", "max_stack", "64"),
    ],
)
def test_a_setting_named_as_configuration_names_it_keeps_the_value_it_is_given(
    sentence, key, value
):
    assert _facts_zh(sentence)["config"][key] == value


@pytest.mark.parametrize(
    "sentence",
    [
        "要不要把 maxReplicas 设成 20？",
        "也许 DOWNLOAD_DELAY 可以设 5 秒试试。",
        "训练跑了 3 个 epoch，val-loss 是 1.12。",  # a result measured
        "server-id 改成 6401-6404，时区改成 UTC。",  # a range is no one value
        "隔壁组的 MAX_CONN 是 500。",
    ],
)
def test_a_named_setting_asked_about_measured_ranged_or_not_ours_is_no_value(sentence):
    assert not _facts_zh(sentence).get("config")


# ---- schedules -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "schedule"),
    [
        (
            "那就 XXL-JOB，cron 定成 0 30 9 * * ?，微信账单一般 9 点以后才能下载。",
            "XXL-JOB 0 30 9 * * ?",
        ),
        ("上游 09:00 前落地，schedule 设 `0 3 * * *`。", "0 3 * * *"),
        ("cron 表达式是 0 0 12 ? * WED。", "0 0 12 ? * WED"),
        ("对账任务还是放在 Airflow 里，每天 06:30 跑。", "Airflow 每天 06:30"),
        ("公司里已经有 xxl-job 的调度中心，就用 xxl-job，每天 02:30 跑。", "xxl-job 每天 02:30"),
        ("crontab 还是每天凌晨 02:30 执行，我没动。", "每天凌晨 02:30"),
    ],
)
def test_a_cron_expression_or_the_daily_time_a_job_runs_is_its_schedule(sentence, schedule):
    assert _facts_zh(sentence)["config"]["schedule"] == schedule


def test_the_question_mark_of_a_cron_expression_asks_nothing():
    sentence = "那就 XXL-JOB，执行器就是 recon-executor，cron 定成 0 30 9 * * ?，9 点以后才能下载。"
    assert not rules.is_question("cron 定成 0 30 9 * * ?")
    assert len(rules.statements(sentence + "@Scheduled 不考虑。")) == 2
    (d,) = _decisions_zh(sentence)
    assert d["choice"] == "XXL-JOB"
    assert rules.is_question("这个 cron 对吗？")  # a real question still asks
    assert rules.statements("先这样? 好") == ["先这样?", "好"]


@pytest.mark.parametrize(
    "sentence",
    [
        "cron 是什么意思？",
        "要不要 cron 设成 0 3 * * *",  # tentative
        "schedule 是 5 分钟",  # no cron expression
        "每天 06:30 开会。",  # no job run
    ],
)
def test_no_schedule_without_a_cron_expression_or_a_job_run(sentence):
    assert "schedule" not in _facts_zh(sentence).get("config", {})


# ---- a folder the person names after a comma -----------------------------------------------------


def test_a_folder_put_after_a_comma_is_a_project_path():
    assert _facts_zh("schema 那个顺便配一下，放 app/schemas。")["paths"] == {
        "schemas": "app/schemas"
    }


@pytest.mark.parametrize(
    "sentence", ["好的，放哪里都行。", "能不能放 app/schemas？", "这个文件，放 /tmp/x/ 就行吧"]
)
def test_no_folder_in_a_question_or_a_scratch_place(sentence):
    assert "paths" not in _facts_zh(sentence)


def test_a_file_put_after_a_comma_is_no_folder_of_the_project():
    assert "paths" not in _facts_zh("写吧，放 sql/ddl/dwd_order_detail.sql。")


# ---- commands, ports and branches ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "command"),
    [
        ("本地跑 `make dev` 就能起来。", "make dev"),
        ("本地用 make dev 启动。", "make dev"),
        ("开发环境直接 `docker compose up` 即可启动。", "docker compose up"),
    ],
)
def test_the_command_that_starts_it_locally_is_the_dev_command(sentence, command):
    assert _facts_zh(sentence).get("commands", {}).get("dev") == command


@pytest.mark.parametrize("sentence", ["本地用 make dev 启动不了。", "本地用 make dev 启动失败了。"])
def test_a_command_that_fails_to_start_is_a_trouble_not_a_command(sentence):
    assert "dev" not in _facts_zh(sentence).get("commands", {})


@pytest.mark.parametrize(
    ("sentence", "port"),
    [("我们的服务跑在 8080 端口。", "8080"), ("网关监听在 9090 端口上。", "9090")],
)
def test_a_port_named_after_its_number_is_the_port(sentence, port):
    assert _facts_zh(sentence).get("config", {}).get("port") == port


def test_a_port_asked_about_is_no_setting():
    assert rules.settings("是不是跑在 8080 端口？") == {}


def test_branches_named_by_role_in_chinese_are_settings():
    config = _facts_zh("主分支是 main，开发在 dev 分支上。").get("config", {})
    assert config.get("main_branch") == "main"


# ---- a value changed to --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "key", "value"),
    [
        ("Batch size is 64, let's make it 128.", "batch_size", "128"),
        ("timeout 30s -> 60s", "timeout", "60s"),
        ("Retries are 3 now; make it 5.", "retries", "5"),
        ("Replicas are 2 in staging.", "replicas", "2"),
        ("bring dagrun_timeout down to 40 min", "dagrun_timeout", "40min"),
        ("dagrun_timeout is 45 minutes", "dagrun_timeout", "45 minutes"),
        ("raise max_workers to 16", "max_workers", "16"),
        ("num_workers 定成 12。", "num_workers", "12"),
        ("ssh 端口 22022", "ssh_port", "22022"),
        ("Redis 端口 6379", "redis_port", "6379"),
        ("the request timeout is 30s", "request_timeout", "30s"),
        ("The API runs on port 8080.", "port", "8080"),
    ],
)
def test_a_setting_takes_the_value_it_is_changed_to(sentence, key, value):
    assert rules.settings(sentence) == {key: value}


@pytest.mark.parametrize(
    ("sentence", "key"),
    [("it had max_batch_size 0", "max_batch_size"), ("offload threshold 10G", "threshold")],
)
def test_a_word_before_a_setting_that_is_no_part_of_a_service_is_no_owner(sentence, key):
    assert list(rules.settings(sentence)) == [key]


# ---- facts said in passing -----------------------------------------------------------------------


def test_a_value_given_as_an_example_in_a_question_is_no_setting():
    assert rules.assertion("say PORT=5000, does railway inject its own?") == ""
    assert rules.assertion("X is MySQL 8.0, is that OK?") == "X is MySQL 8.0"


# ---- a setting corrected -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "choice", "config"),
    [
        ("附件上传大小限制设为 20MB。哦不对，产品说要 50MB，改成 50MB",
         "附件上传大小限制 50MB", {"upload_max_size": "50MB"}),
        ("数据保留 TTL 90 天。哦不，合规那边要求 180 天，改成 180 天",
         "数据保留 TTL 180 天", {"ttl": "180 天"}),
        ("附件上传大小限制设为 20MB，改成 50MB",
         "附件上传大小限制 50MB", {"upload_max_size": "50MB"}),
    ],
)  # fmt: skip
def test_a_setting_corrected_takes_the_new_value_with_its_topic(said, choice, config):
    got = _run(("user", said))
    (decision,) = _kept(got, "decisions")
    assert (decision["choice"], decision["title"]) == (choice, f"采用 {choice}")
    (facts,) = _kept(got, "project")
    assert facts["config"] == config


def test_an_address_at_a_databases_port_is_keyed_by_the_database():
    assert rules.url_facts("测试环境数据库我建好了，地址 pg-test.internal:5432") == {
        "postgres": "pg-test.internal:5432"
    }


# ---- settings said in English or per environment, a value changed in the next message ------------


@pytest.mark.parametrize(
    ("sentence", "config"),
    [
        ("the upload limit is 20MB right now, make it 50MB.", {"upload_limit": "50MB"}),
        ("max body size 10MB, concurrency: 8", {"max_body_size": "10MB", "concurrency": "8"}),
        ("retries: 3, backoff 2s.", {"retries": "3", "backoff": "2s"}),
        ("the session timeout is 30 minutes; bump it to 60.", {"session_timeout": "60 minutes"}),
        (
            "staging cluster gke-staging-euw1, prod cluster gke-prod-euw1",
            {"staging_cluster": "gke-staging-euw1", "production_cluster": "gke-prod-euw1"},
        ),
        (
            "k8s 集群 ack-test-bj 是测试的，生产集群 ack-prod-bj",
            {"test_cluster": "ack-test-bj", "production_cluster": "ack-prod-bj"},
        ),
        (
            "prod max_connections = 200, staging max_connections = 50",
            {"production_max_connections": "200", "staging_max_connections": "50"},
        ),
        ("bucket is shop-assets-prod", {"bucket": "shop-assets-prod"}),
        ("本地数据库端口是 5433", {"port": "5433"}),
        ("the nightly backup runs at 02:00 UTC via cron (0 2 * * *).", {"schedule": "0 2 * * *"}),
        ("schedule the sync job as `*/15 * * * *`", {"schedule": "*/15 * * * *"}),
        ("the digest email goes out every day at 8am", {"schedule": "every day at 8am"}),
        ("the report runs nightly at 2:30 UTC", {"schedule": "nightly at 2:30 UTC"}),
    ],
)
def test_settings_said_in_english_or_per_environment(sentence, config):
    assert rules.settings(sentence) == config


def test_a_value_said_alone_in_the_next_message_changes_the_setting_before():
    batch = _run(("user", "upload limit is 20MB."), ("assistant", "ok"),
                 ("user", "actually make it 50MB"))  # fmt: skip
    assert _kept(batch, "project") == [{"config": {"upload_limit": "50MB"}}]
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["upload limit 50MB"]


@pytest.mark.parametrize("sentence", ["make it 50MB", "改成 50MB"])
def test_a_value_of_no_setting_said_is_no_decision(sentence):
    assert _kept(_run(("user", sentence)), "decisions") == []


# ---- where a setting moved to --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "config"),
    [
        (
            "region 从 ap-southeast-1 迁到东京 ap-northeast-1 上周已经迁完了",
            {"region": "ap-northeast-1"},
        ),
        ("prod cluster moved from us-west-2 to us-east-1", {"region": "us-east-1"}),
        ("region ap-northeast-1, DR in us-west-2", {"region": "ap-northeast-1"}),
        ("我刚临时把请求超时改成 60s 了方便打断点调试", {}),
        ("REPORT_CRON=0 8 * * *", {"report_cron": "0 8 * * *"}),
    ],
)
def test_where_a_setting_moved_to_and_values_set_only_for_a_while(sentence, config):
    assert rules.settings(sentence) == config


# ---- a port said with what servers do ------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "port"),
    [
        ("the service listens on 8081 and metrics are on 9102", "8081"),
        ("the api runs on 8080, behind nginx", "8080"),
        ("vite is serving on localhost:5173 now", "5173"),
    ],
)
def test_a_port_said_with_what_servers_do_is_the_ports_value(sentence, port):
    facts = _kept(_run(("user", sentence)), "project")
    assert any(f.get("config", {}).get("port") == port for f in facts)  # beside other parts' ports


@pytest.mark.parametrize("sentence", ["it runs on 16 cores", "the job runs on 3 nodes"])
def test_a_count_of_machines_is_no_port(sentence):
    facts = _kept(_run(("user", sentence)), "project")
    assert not any("port" in f.get("config", {}) for f in facts)


# ---- facts said in passing -----------------------------------------------------------------------


def test_a_value_given_after_and_is_named_by_its_part_alone():
    from omp import rules

    said = "Ingress host for prod is api.northpay.eu and staging is api.staging.northpay.eu"
    assert rules.named_values(said) == {
        "urls": {"prod": "api.northpay.eu", "staging": "api.staging.northpay.eu"}
    }


@pytest.mark.parametrize(
    ("said", "port"),
    [("明白。NestJS 服务默认端口 3000，我把它改成了 7001，避免和本地 H5 调试冲突。", "7001"),
     ("NestJS 服务默认端口 3000，7001 留给调试。", "3000")],
)  # fmt: skip
def test_a_setting_changed_in_the_sentence_that_gives_it_takes_the_new_value(said, port):
    found = [c.entry for c in _run(("assistant", said)).candidates if "config" in c.entry]
    assert [list(e["config"].values()) for e in found] == [[port]]


# ---- a port at the end of its sentence -----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["new service, Go. the API listens on 8080.", "The worker is bound to 9090. Config is TOML."],
)
def test_a_port_ending_its_sentence_is_the_ports_value(text):
    port = "8080" if "8080" in text else "9090"
    facts = _kept(_run(("user", text)), "project")
    assert any(f.get("config", {}).get("port") == port for f in facts)


@pytest.mark.parametrize("text", ["the proxy runs on 192.168.10.4.", "it runs on 3.12.1."])
def test_a_dotted_address_after_runs_on_is_no_port(text):
    facts = _kept(_run(("user", text)), "project")
    assert not any("port" in f.get("config", {}) for f in facts)


# ---- folders watched or in the repository --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "paths"),
    [
        ("we use Argo CD, it watches the deploy/helm folder in the repo.", {"helm": "deploy/helm"}),
        ("the infra/terraform directory of the repo has the modules",
         {"terraform": "infra/terraform"}),
    ],
)  # fmt: skip
def test_a_folder_watched_or_said_to_be_in_the_repo_is_a_project_path(text, paths):
    facts = _kept(_run(("user", text)), "project")
    assert {k: v for f in facts for k, v in f.get("paths", {}).items()} == paths


@pytest.mark.parametrize(
    "text", ["delete the tmp/cache folder", "does it watch the deploy/helm folder?"]
)
def test_a_folder_named_in_passing_or_asked_about_is_no_project_path(text):
    facts = _kept(_run(("user", text)), "project")
    assert not any("paths" in f for f in facts)


# ---- a part of the service and its port ----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "config"),
    [
        ("the service listens on 8081 and metrics are on 9102 btw",
         {"port": "8081", "metrics_port": "9102"}),
        ("always run them against the docker db on 5433, not my local pg on 5432",
         {"db_port": "5433"}),
        ("the api listens on 8080 and grpc on :50051", {"port": "8080", "grpc_port": "50051"}),
    ],
)  # fmt: skip
def test_a_part_of_the_service_on_a_port_is_that_parts_port(sentence, config):
    assert rules.settings(sentence) == config


@pytest.mark.parametrize(
    "sentence",
    ["the api runs on 3 nodes", "not my local db on 5432", "the db on 2024-03-01 was slow",
     "metrics on 500 req per second", "is the db on 5433?"],
)  # fmt: skip
def test_a_count_a_date_or_a_port_said_not_to_be_the_parts_is_none(sentence):
    assert not any(k.endswith("port") for k in rules.settings(sentence))


def test_a_metrics_port_said_by_the_person_is_a_project_fact():
    facts = _kept(_run(("user", "the service listens on 8081 and metrics are on 9102")), "project")
    assert {"config": {"port": "8081", "metrics_port": "9102"}} in facts


# ---- a setting named in camel case ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "config"),
    [
        ("ok use groupSize 128MB on read.", {"groupsize": "128MB"}),
        ("set maxPoolSize to 20", {"maxpoolsize": "20"}),
        ("batchSize: 64", {"batchsize": "64"}),
    ],
)
def test_a_setting_named_in_camel_case_is_a_configuration_value(sentence, config):
    assert rules.settings(sentence) == config


@pytest.mark.parametrize(
    "sentence", ["I bought an iPhone 15", "jQuery 3 is old", "we use macOS 14", "iOS 17 only"]
)
def test_a_product_and_its_version_is_no_camel_case_setting(sentence):
    assert rules.settings(sentence) == {}


def test_a_camel_case_setting_a_settings_word_names_is_read_once():
    assert rules.settings("connectTimeout: 30s") == {"connecttimeout": "30s"}


def test_a_camel_case_setting_in_a_commit_is_left_to_the_commit_rules():
    assert rules.settings("feat: use groupSize 128MB", named_keys=False) == {}


# ---- a model's training settings -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "config"),
    [("lr 3e-4 with cosine decay, warmup 500 steps.", {"lr": "3e-4", "warmup": "500 steps"}),
     ("learning rate 0.001", {"learning_rate": "0.001"}),
     ("dropout: 0.1", {"dropout": "0.1"})],
)  # fmt: skip
def test_a_models_training_settings_are_configuration_values(sentence, config):
    assert rules.settings(sentence) == config


@pytest.mark.parametrize(
    "sentence",
    ["should the lr be 3e-4?", "the lr was 1e-3 when it diverged", "maybe lr 1e-4",
     "fine, leave it, just scale lr is already fine for that."],
)  # fmt: skip
def test_a_rate_asked_about_reported_or_wished_is_no_setting(sentence):
    assert rules.settings(sentence) == {}


# ---- the name given for a resource the assistant asked about -------------------------------------

_ASKS_NAME = (
    'State is local right now. I\'ll add a `backend "s3"` block. What should the DynamoDB '
    "lock table be called? I'd suggest `terraform-locks` unless you have a convention."
)


def test_a_name_given_alone_for_the_resource_asked_about_is_a_project_fact():
    reply = "tf-locks, thats what the other repos use. the table already exists"
    batch = _run(("user", "set up remote state"), ("assistant", _ASKS_NAME), ("user", reply))
    assert {"config": {"table": "tf-locks"}} in _kept(batch, "project")


@pytest.mark.parametrize("reply", ["sure, go ahead", "tf-locks?", "whatever you think"])
def test_a_reply_with_no_name_alone_gives_no_resource(reply):
    batch = _run(("user", "set up remote state"), ("assistant", _ASKS_NAME), ("user", reply))
    assert not any("config" in f for f in _kept(batch, "project"))


@pytest.mark.parametrize(
    ("sentence", "config"),
    [
        (
            "run it with trainer.batch_size=32 and set the request timeout to 30s",
            {"trainer_batch_size": "32", "batch_size": "32", "request_timeout": "30s"},
        ),
        (
            "pool_size=20 and raise the idle timeout to 90s",
            {"pool_size": "20", "idle_timeout": "90s"},
        ),
    ],
)
def test_a_value_changed_to_belongs_to_the_key_named_just_before_it(sentence, config):
    assert rules.settings(sentence) == config


def test_a_value_changed_to_after_the_key_alone_is_the_keys_new_value():
    assert rules.settings("heartbeat_timeout 是 10s，太短了，改成 3s") == {
        "heartbeat_timeout": "3s"
    }


@pytest.mark.parametrize(
    ("sentence", "config"),
    [
        # a dotted key as Kafka, Spring and Flink write them keeps its dots
        ("setup: Spring Kafka, max.poll.records=500, max.poll.interval.ms=300000.",
         {"max.poll.records": "500", "max.poll.interval.ms": "300000"}),
        ("加了 table.exec.source.idle-timeout: 30s，watermark 正常推进了",
         {"table.exec.source.idle-timeout": "30s"}),
        # a key prefix beside the keys' lifetime
        ("汇率和分类缓存都迁到 Redis，key 前缀统一为 yzb:，默认 TTL 10 分钟。",
         {"key_prefix": "yzb:", "ttl": "10 分钟"}),
    ],
)  # fmt: skip
def test_dotted_keys_and_a_key_prefix_are_settings_as_written(sentence, config):
    assert rules.settings(sentence) == config


def test_a_host_name_before_a_number_is_no_dotted_setting():
    assert rules.settings("see docs.example.com: 3 pages") == {}
