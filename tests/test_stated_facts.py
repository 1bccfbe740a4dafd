"""Project facts the person states in passing, while telling of something else.

A product named by the kind of system of ours it is ("our Orthanc server", "学校有个 Slurm
集群"), the board a Chinese sentence builds on, a lower-case name with its release number, a
second tool of a role several tools fill, a release's build mark, the port a protocol is served
on and a part of the project at an IP address; a stack said in brackets, as a pipeline, by
labelled part or with "接"; and the same words asked about, weighed, planned, ruled out or said
of something not ours, which are no fact.
"""

from __future__ import annotations

import pytest

from omp import rules
from tests.extraction import _facts, _facts_zh, _kept, _run, _said, _stack_said

# ---- a product named by the kind of system it is ----------------------------------------------


def test_a_known_product_named_as_our_cluster_is_the_stack():
    stack = _stack_said("The nightly jobs write into our Cassandra cluster and we watch the lag.")
    assert stack.get("database") == "Cassandra"


def test_a_product_the_lexicon_does_not_know_named_as_our_server_waits_for_review():
    # "our Emberfall server" may be the project's own product: an unknown name is reviewed
    batch = _run(*_said("The admin page forwards every upload to our Keeperly server first."))
    reviewed = [e.get("tech_stack", {}) for e in _kept(batch, "project", "review")]
    assert {"keeperly": "Keeperly"} in reviewed
    assert "keeperly" not in _stack_said("The admin page forwards uploads to our Keeperly server.")


def test_a_product_named_as_a_chinese_cluster_or_table_is_the_stack():
    assert _facts_zh("实验室有个 Slurm 集群，作业都在上面跑。")["tech_stack"]["hpc"] == "Slurm"
    facts = _facts_zh("订单明细写进 S3 上的 Iceberg 表 dw.order_items，每小时一次。")
    assert facts["tech_stack"]["table_format"] == "Iceberg"


@pytest.mark.parametrize(
    "sentence",
    [
        "Should we route the uploads through our Keeperly server?",  # asked
        "We could route the uploads through our Keeperly server.",  # weighed
        "Uploads go through our Staging server today.",  # a place, not a product
    ],
)
def test_a_product_named_as_our_server_when_asked_or_weighed_is_no_fact(sentence):
    batch = _run(*_said(sentence))
    named = [e for action in ("stored", "review") for e in _kept(batch, "project", action)]
    assert not [e for e in named if {"keeperly", "staging"} & set(e.get("tech_stack", {}))]


def test_our_fine_tuned_model_and_the_model_a_chinese_sentence_uses_are_the_model():
    stack = _stack_said("Search calls our fine-tuned gte-large-en-v1.5 embedding model in prod.")
    assert stack.get("model") == "gte-large-en-v1.5"
    # a version after a hyphen is the name's own ("…-v1.5"), not a version glued on
    facts = _facts_zh("召回这块，模型用的 gte-base-zh-v1.5，向量维度 768。")
    assert facts["tech_stack"]["model"] == "gte-base-zh-v1.5"


# ---- the board a Chinese sentence builds on --------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "board"),
    [
        ("nRF52840 上 SPI1 接了一块墨水屏，刷新的时候偶尔花屏。", "nRF52840"),
        ("门禁控制器是 RP2040 + W5500 网口，固件自己写的。", "RP2040"),
        ("仓库里放 ESP32-C6 的网关节点，大概 40 个。", "ESP32-C6"),
        # the part before the name, no 是 between; how many GPUs first; a cellular module
        ("主控 STM32L431RC，电池供电，设计寿命 6 年。", "STM32L431RC"),
        ("训练机是 8 卡 A800，数据放 NAS。", "A800"),
        ("模组是移远 BC260Y，走 LwM2M。", "BC260Y"),
    ],
)
def test_the_board_a_chinese_sentence_builds_on_is_the_hardware(sentence, board):
    assert _facts_zh(sentence)["tech_stack"]["hardware"] == board


@pytest.mark.parametrize(
    "sentence",
    [
        "ESP32-C6 还是 nRF52840 比较省电？",  # weighed, and asked
        "我们打算换成 RP2040，便宜一点。",  # a plan
        "隔壁组用的 ESP32-C6，功耗挺低。",  # another team's
        "模组考虑 BC260Y，还没定。",  # weighed
    ],
)
def test_a_board_weighed_planned_or_another_teams_is_no_hardware(sentence):
    assert "hardware" not in _facts_zh(sentence).get("tech_stack", {})


# ---- names and versions a stated stack holds -------------------------------------------------


def test_a_lower_case_everyday_name_with_its_release_number_is_the_name():
    # "torch" is a word too; "torch 2.4.0" is the package
    facts = _facts_zh("训练用的是 torch 2.4.0 + FSDP，单机 8 卡。")
    assert facts["tech_stack"]["ml"].startswith("torch 2.4.0")


def test_a_second_tool_of_a_role_several_tools_fill_is_kept():
    facts = _facts_zh("地图前端 Leaflet，瓦片服务用 PostGIS 的函数现算，最近有点慢。")
    assert facts["tech_stack"]["gis"] == "Leaflet + PostGIS"


def test_a_release_build_mark_is_part_of_the_version():
    facts = _facts_zh("我们的项目是 Unity 2023.2.20f1，安卓和 iOS 双端。")
    assert facts["tech_stack"]["engine"] == "Unity 2023.2.20f1"


# ---- ports and addresses of the project's parts ----------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "key", "port"),
    [
        ("Devices talk MQTT over TLS on 8883 to the broker.", "tls_port", "8883"),
        ("The relay listens for players on udp 27015.", "udp_port", "27015"),
    ],
)
def test_the_port_a_protocol_is_served_on_is_a_setting(sentence, key, port):
    assert _facts(sentence)["config"][key] == port


@pytest.mark.parametrize(
    "sentence",
    ["We kept getting HTTP 404 from the relay.", "The proxy only allows TLS 1.3 now."],
)
def test_a_status_or_a_protocol_version_is_no_port(sentence):
    assert not any(k.endswith("_port") for k in _facts(sentence).get("config", {}))


def test_a_part_at_an_ip_address_of_our_network_is_where_it_is():
    facts = _facts("The broker is mosquitto on the office NUC at 10.8.0.12:1883, topic `lab/temp`.")
    assert facts["urls"]["broker"] == "10.8.0.12:1883"


def test_a_part_at_a_loopback_address_or_asked_about_is_not_kept():
    assert "urls" not in _facts("The api runs on 127.0.0.1:8000 while I debug.")
    assert "urls" not in _facts("Is the broker at 10.8.0.12 reachable from CI?")


# ---- the stack said beside a choice, and a choice made beside the stack ----------------------


def test_tools_said_to_stay_as_they_are_beside_a_choice_are_the_stack():
    batch = _run(
        ("user", "我们在做数据平台，编排工具想从 Airflow 和 Prefect 里选一个。"),
        ("assistant", "两者对比：Airflow 生态成熟；Prefect 更轻量。你们团队规模多大？"),
        (
            "user",
            "好，那就定 Prefect 了。抽取我们一直用 dlt，转换用 dbt 1.8 的 incremental 模型，"
            "这俩不变。",
        ),
    )
    stack = {k: v for e in _kept(batch, "project") for k, v in e.get("tech_stack", {}).items()}
    assert stack.get("pipelines") == "dbt 1.8"


def test_a_choice_of_more_of_a_tool_the_stack_has_keeps_the_part_beside_it():
    # "React Native + Expo", then a choice of Expo's push service: Expo beside React Native
    batch = _run(
        ("user", "我们的 app 是 React Native 0.75 + Expo SDK 52，要加推送。推送服务选哪个？"),
        (
            "assistant",
            "两种方案：OneSignal 功能多；expo-notifications + Expo Push Service 零配置。",
        ),
        ("user", "OK 就用 expo-notifications + Expo 的推送服务，OneSignal 不考虑。"),
    )
    stack = {k: v for e in _kept(batch, "project") for k, v in e.get("tech_stack", {}).items()}
    assert stack.get("mobile") == "React Native 0.75"


def test_a_chinese_clause_that_says_where_the_part_is_gives_its_path():
    facts = _facts_zh("计费模块是老王写的，在 services/billing/rules.py，先别改它。")
    assert facts["paths"]["rules"] == "services/billing/rules.py"


# ---- a stack said in brackets, as a pipeline, by labelled part or with "接" -----------------


@pytest.mark.parametrize(
    ("sentence", "key", "value"),
    [
        ("The worker (Celery) pulls jobs from Redis.", "jobs", "Celery"),
        ("The reports service (FastAPI) reads from the replica.", "backend", "FastAPI"),
        ("dashboard: React 18 (MUI)", "ui_kit", "MUI"),
    ],
)
def test_a_name_in_brackets_after_a_part_or_a_name_is_the_stack(sentence, key, value):
    assert _stack_said(sentence).get(key) == value


def test_names_in_chinese_brackets_after_names_are_the_stack():
    facts = _facts_zh("订单服务是 Go（gqlgen），库存服务是 Node（GraphQL Yoga）。")
    assert facts["tech_stack"]["api"] == "gqlgen + GraphQL Yoga"
    assert _facts_zh("前端 React（Ant Design），后端 Go。")["tech_stack"]["ui_kit"] == "Ant Design"


def test_a_version_in_brackets_after_a_name_is_its_edition():
    assert _stack_said("The field app runs on Expo (SDK 50) with TypeScript.")["mobile"] == (
        "Expo SDK 50"
    )


@pytest.mark.parametrize(
    ("sentence", "key", "value"),
    [
        ("Events flow Debezium → Kafka → Snowflake every minute.", "warehouse", "Snowflake"),
        ("Events flow Debezium → Kafka → Snowflake every minute.", "queue", "Kafka"),
        ("etl: Airbyte + dbt + BigQuery", "warehouse", "BigQuery"),
        ("web client: Angular 17 with NgRx", "state", "NgRx"),
        ("- api: Rails 7.1 with Sidekiq", "jobs", "Sidekiq"),
        # a known name first, then what is said of it
        ("- deploy: Render, region frankfurt", "hosting", "Render"),
        ("API: FastAPI, behind nginx", "backend", "FastAPI"),
    ],
)
def test_a_pipeline_or_a_labelled_part_gives_the_stack(sentence, key, value):
    assert _stack_said(sentence).get(key) == value


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("the service is Go (1.22) on k8s", {"language": "Go 1.22"}),
        ("backend is Go (gqlgen)", {"language": "Go", "api": "gqlgen"}),
        # the last word of a longer name: the Expo Go app, not the Go language
        ("Scan the QR code with Expo Go (SDK 51) to check on your phone.", {}),
    ],
)
def test_the_bracket_after_go_is_of_go_only_when_go_is_named_alone(sentence, stack):
    assert rules.shaped_stack(sentence) == stack
    assert _run(*_said(sentence)) is not None  # read through without failing


@pytest.mark.parametrize(
    "sentence", ["Usage: Redis 7, mostly for sessions", "Queue: the usual one, nothing fancy"]
)
def test_a_label_of_no_part_or_a_part_with_no_name_first_gives_no_stack(sentence):
    assert rules.shaped_stack(sentence) == {}


@pytest.mark.parametrize(
    ("sentence", "key", "value"),
    [
        (
            "比对流程是 bwa-mem2 -> samtools -> GATK。",
            "bioinformatics",
            "bwa-mem2 + samtools + GATK",
        ),
        ("后台：Spring Boot 3.2 配 MyBatis", "orm", "MyBatis"),
        ("调度器接 Airflow，每小时跑一次。", "pipelines", "Airflow"),
        ("日志接 Loki，告警走飞书。", "observability", "Loki"),
    ],
)
def test_a_chinese_pipeline_labelled_part_or_part_wired_to_a_name_gives_the_stack(
    sentence, key, value
):
    assert _facts_zh(sentence)["tech_stack"][key] == value


@pytest.mark.parametrize(
    ("sentence", "names"),
    [
        ("Should the worker (Celery) pull jobs from Redis?", {"Celery"}),  # asked
        ("We're comparing Vue 3 (Naive UI) and React 18 (MUI) for the dashboard.", {"MUI"}),
        ("We're planning to rebuild the dashboard: Vue 3 (Naive UI).", {"Naive UI"}),  # planned
        ("We don't run the worker (Celery) anymore.", {"Celery"}),  # ruled out
        ("Option B: Kafka + Flink + ClickHouse", {"ClickHouse"}),  # an option offered
        ("The other team's pipeline is Debezium → Kafka → Snowflake.", {"Snowflake"}),  # theirs
        ("We moved MySQL → Postgres → CockroachDB over two years.", {"CockroachDB"}),  # a move
        ("The stages are EM → NVT → NPT → prod.", {"NVT", "NPT"}),  # no known names
        ("We need to build the ingest: Airbyte + dbt + BigQuery.", {"BigQuery"}),  # to be built
        ("我们要搭一条链路：Filebeat → Kafka → Flink → Doris。", {"Flink"}),  # to be built
        ("Playback targets are web (hls.js), Android TV and Roku.", {"hls.js"}),  # a platform
        ("我们打算把数据流改成 Kafka → Flink → ClickHouse。", {"ClickHouse"}),  # planned
        ("隔壁组的调度器接 Airflow。", {"Airflow"}),  # another team's
        ("调度器没接 Airflow，用的 cron。", {"Airflow"}),  # ruled out
        ("调度器要不要接 Airflow？", {"Airflow"}),  # asked
    ],
)
def test_the_new_shapes_asked_weighed_planned_ruled_out_or_anothers_are_no_stored_stack(
    sentence, names
):
    stored = " ".join(
        str(v)
        for e in _kept(_run(*_said(sentence)), "project")
        for v in e.get("tech_stack", {}).values()
    )
    assert not [n for n in names if n in stored]


# ---- how long a kind of thing lives ----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "found"),
    [("Access tokens expire after 15 minutes, refresh tokens after 30 days.",
      {"access_tokens_ttl": "15 minutes", "refresh_tokens_ttl": "30 days"}),
     ("Invite links should expire in 48 hours.", {"invite_links_ttl": "48 hours"}),
     ("We keep audit logs for 90 days.", {"audit_logs_retention": "90 days"}),
     ("Snapshots are retained for 35 days.", {"snapshots_retention": "35 days"})],
)  # fmt: skip
def test_how_long_a_kind_of_thing_lives_is_a_setting_named_by_the_thing(sentence, found):
    assert rules.settings(sentence) == found


@pytest.mark.parametrize(
    "sentence", ["I keep it for 2 days.", "We keep trying for 5 minutes.", "Do tokens expire?"]
)
def test_keeping_no_kind_of_thing_or_asking_sets_no_lifetime(sentence):
    assert rules.settings(sentence) == {}


@pytest.mark.parametrize(
    ("sentence", "found"),
    [("The API is served at https://api.quill.dev/v2 and docs at https://docs.quill.dev.",
      {"api": "https://api.quill.dev/v2", "docs": "https://docs.quill.dev"}),
     ("Docs are hosted on https://docs.quill.dev.", {"docs": "https://docs.quill.dev"})],
)  # fmt: skip
def test_a_part_served_or_hosted_at_an_address_is_named_by_the_part(sentence, found):
    assert rules.url_facts(sentence) == found


def test_an_address_to_look_at_names_no_part():
    assert rules.url_facts("Look at https://github.com/quill/quill for details.") == {}


def test_a_repository_named_in_chinese_is_the_repo():
    assert _facts_zh("我们在做智能水表的固件，仓库叫 aqualink-fw。")["config"] == {
        "repo": "aqualink-fw"
    }


def test_a_name_spoken_to_as_a_person_is_no_technology():
    sentences = ("前端那边我跟 Tina 说一下，让她下个迭代把写死的 token 删掉。",)
    assert "Tina" not in _facts_zh(*sentences).get("tech_stack", {}).values()
    assert rules.spoken_to("ask Tina about it") == {"tina"}
    assert rules.spoken_to("ask Kafka for the offsets") == set()


@pytest.mark.parametrize(
    ("sentence", "key"),
    [
        ("我本来以为下单那边是官方 SDK，原来是 weixin-java-pay 4.6.0。", "原来"),
        ("transform 全部是 deid/sql/*.sql。", "全部"),
        ("现在所有站点都在 Asia/Singapore 和 Asia/Kuala_Lumpur，两个都是 UTC+8。", "Singapore"),
    ],
)
def test_a_word_that_says_when_or_how_much_names_no_fact(sentence, key):
    facts = _facts_zh(sentence)
    assert all(key not in values for values in facts.values() if isinstance(values, dict))


@pytest.mark.parametrize(
    ("sentence", "key", "value"),
    [
        ("教师端现在是 Vue 2.6 + Vuex 3 + Element UI 2.15，大概 180 个页面。", "element_ui",
         "Element UI 2.15"),
        ("现在的情况：Airbyte OSS 0.63.4，用 abctl 装在一台 CVM 上。", "airbyte_oss",
         "Airbyte OSS 0.63.4"),
    ],
)  # fmt: skip
def test_a_short_capital_word_before_a_version_names_the_product_with_the_word_before(
    sentence, key, value
):
    versions = rules.version_facts(sentence, own=True, opening=True)
    assert versions[key] == value
    assert not {"ui", "oss"} & set(versions)  # not "UI 2.15" nor "OSS 0.63.4" alone


def test_the_async_runtime_of_a_rust_service_carries_its_version():
    sentence = "The gateway is an axum 0.7 app on tokio 1.37."
    assert rules.version_facts(sentence, own=True, opening=True) == {
        "axum": "axum 0.7",
        "tokio": "tokio 1.37",
    }
