"""A broad lexicon of technologies: names of every family read as names, and everyday words not.

Databases, queues, web frameworks, mobile and game libraries, embedded RTOSes and file systems,
data and ML tools, infrastructure, services and Chinese cloud products: a stack statement or an
instruction naming one is read like one naming Postgres. Names that are also everyday words
count only when written as a name, and the lexicon matches as fast at six thousand names as it
did at one thousand.
"""

from __future__ import annotations

import re

import pytest

from omp import rules
from omp.rules import lexicon
from tests.extraction import _choices_said, _kept, _run, _said_zh, _stack

# ---- names of each family are known, with their role ---------------------------------------------


@pytest.mark.parametrize(
    ("name", "role"),
    [
        ("RocksDB", "database"), ("AlloyDB", "database"), ("Redpanda", "queue"),
        ("HiveMQ", "queue"), ("asyncpg", "driver"), ("Ecto", "orm"), ("Pagefind", "search"),
        ("Elysia", "backend"), ("Phoenix LiveView", "frontend"), ("SwiftData", "local_db"),
        ("Nakama", "game_lib"), ("FreeRTOS", "firmware"),
        ("LittleFS", "embedded_lib"), ("MCUboot", "embedded_lib"), ("Paho", "mqtt_client"),
        ("Dagster", "pipelines"), ("PyArrow", "pipelines"), ("SciPy", "ml"),
        ("Karpenter", "k8s_addon"),
        ("KEDA", "k8s_addon"), ("GoReleaser", "release"), ("cargo-dist", "release"),
        ("BuildKit", "deploy_tooling"), ("Restic", "storage"), ("coturn", "realtime"),
        ("GROMACS", "science"), ("FunASR", "model"),
        ("slowapi", "resilience"), ("Excelize", "library"), ("EasyExcel", "library"),
        ("PowerJob", "scheduler"), ("Seata", "distributed_tx"), ("ShardingSphere", "db_proxy"),
        ("腾讯云 TRTC", "realtime"), ("通义千问", "llm_api"),
    ],
)  # fmt: skip
def test_a_name_of_each_family_is_known_with_its_role(name, role):
    found = rules.technologies(name)
    assert found == [name.lower()]
    assert lexicon.role_for(found[0]) == role


# ---- a stack statement names them ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "part"),
    [
        ("Our stack: Go 1.22, Echo, NATS JetStream, and Karpenter on EKS.",
         {"queue": "NATS JetStream", "k8s_addon": "Karpenter on EKS"}),
        ("The game is built in Godot 4.3 with Nakama for matchmaking.",
         {"engine": "Godot 4.3", "game_lib": "Nakama"}),
        ("We use Dagster for orchestration and Apache Iceberg tables on S3.",
         {"pipelines": "Dagster", "table_format": "Apache Iceberg"}),
        ("Firmware runs Zephyr on an nRF52840.", {"firmware": "Zephyr", "hardware": "nRF52840"}),
    ],
)  # fmt: skip
def test_a_stack_statement_keeps_the_newly_known_names(sentence, part):
    stack = _stack(
        ("user", "Picking the project back up."), ("assistant", "Sure."), ("user", sentence)
    )
    assert part.items() <= stack.items()


# ---- an instruction names a choice ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("Let's use Karpenter for node autoscaling.", "Karpenter"),
        ("Let's go with KEDA for the queue workers.", "KEDA"),
        ("Use GoReleaser for the release builds.", "GoReleaser"),
        ("Let's use restic for the backups.", "restic"),
        ("We'll use Qdrant Cloud for the vectors.", "Qdrant Cloud"),
    ],
)
def test_an_instruction_naming_a_newly_known_name_is_a_choice(sentence, choice):
    assert [c for c, _ in _choices_said(sentence)] == [choice]


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("分布式事务用 Seata。", "Seata"), ("定时任务用 PowerJob。", "PowerJob")],
)
def test_a_chinese_instruction_naming_a_newly_known_name_is_a_choice(sentence, choice):
    choices = [d.get("choice") for d in _kept(_run(*_said_zh(sentence)), "decisions")]
    assert choices == [choice]


# ---- everyday words stay words -------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "we keep a mirror of the repo on the backup box",
        "return the sentinel value when the list is empty",
        "a flood of requests hit the canal gateway at noon",
        "快应用这个补丁再重启",  # "quickly apply the patch", not the 快应用 platform
        "把配置中心的地址改一下",  # a config centre, not a product
    ],
)
def test_an_everyday_word_is_no_name(sentence):
    assert rules.technologies(sentence) == []


def test_an_everyday_word_written_as_a_name_is_one():
    assert rules.technologies("Otter and Canal ship the binlog to Kafka.") == [
        "otter",
        "canal",
        "kafka",
    ]


# ---- the alternation of names --------------------------------------------------------------------


def test_the_alternation_finds_what_the_names_sorted_longest_first_find():
    names = ["spring", "spring boot", "spring cloud", "s3", "sqlite", "sql server", "c++", ".net"]
    flat = re.compile("(?:" + "|".join(re.escape(n) for n in sorted(names, key=len)[::-1]) + ")")
    trie = re.compile("(?:" + lexicon.alternation(names) + ")")
    text = "spring boot, Spring Cloud, spring, s3 and sqlite or sql server; c++ on .net"
    assert [m.group() for m in trie.finditer(text.lower())] == [
        m.group() for m in flat.finditer(text.lower())
    ]


def test_a_name_known_but_not_versioned_gives_its_role_and_no_version():
    # the version rules embed the names of TECH_ROLES only; Karpenter is known all the same
    assert "karpenter" not in lexicon._VERSIONED_NAMES
    assert rules.role_of("Karpenter 1.0") == "k8s_addon"


# ---- SaaS tools, cloud products, the Chinese ecosystem, science, hardware, media and LLM tools ---


@pytest.mark.parametrize(
    ("name", "role"),
    [
        # SaaS and business tools
        ("Zendesk", "support"), ("Jira", "project_tracker"), ("Notion", "wiki"),
        ("Penpot", "design"), ("DocuSign", "esign"), ("Calendly", "booking"),
        ("Typeform", "form_service"), ("Avalara", "tax"), ("Smartbi", "bi"),
        ("VWO", "feature_flags"),
        # cloud products
        ("Cloudflare Hyperdrive", "database"), ("Workers KV", "storage"),
        ("Eventarc", "queue"),
        ("Amazon Rekognition", "cloud_ai"), ("腾讯云人脸核身", "cloud_ai"),
        ("阿里云日志服务", "observability"), ("函数计算 FC", "hosting"),
        # the Chinese ecosystem
        ("YashanDB", "database"), ("金仓数据库", "database"), ("TongWeb", "app_server"),
        ("openEuler", "os"), ("Hippo4j", "library"), ("ahooks", "frontend"),
        ("TDesign React", "ui_kit"), ("uView Plus", "ui_kit"),
        # science, hardware, game development, media, data and LLM tools
        ("SymPy", "science"), ("Seurat", "bioinformatics"), ("Folium", "gis"),
        ("RK3588", "hardware"), ("BME280", "hardware"), ("KiCad", "eda"),
        ("Naninovel", "game_lib"), ("Yarn Spinner", "game_lib"), ("DaVinci Resolve", "media"),
        ("JUCE", "media"), ("Bytewax", "pipelines"), ("Firecrawl", "ml"), ("MCP", "ml"),
        ("DiskANN", "vector_db"),
    ],
)  # fmt: skip
def test_a_name_of_each_newer_family_is_known_with_its_role(name, role):
    found = rules.technologies(name)
    assert found == [name.lower()]
    assert lexicon.role_for(found[0]) == role


@pytest.mark.parametrize(
    ("sentence", "part"),
    [
        ("Our stack: FastAPI, Postgres and Zendesk for support.", {"support": "Zendesk"}),
        ("The backend runs on Cloud Run, with Eventarc for the events and Workers KV at the edge.",
         {"queue": "Eventarc", "storage": "Workers KV"}),
        ("后端是 Spring Boot 3，数据库用 YashanDB，服务器是 openEuler。",
         {"database": "YashanDB", "os": "openEuler"}),
        ("The game is built in Unity 6 with Naninovel for the story.", {"game_lib": "Naninovel"}),
        ("We use Bytewax for the streams and DiskANN for the vectors.",
         {"pipelines": "Bytewax", "vector_db": "DiskANN"}),
    ],
)  # fmt: skip
def test_a_stack_statement_keeps_a_name_of_a_newer_family(sentence, part):
    stack = _stack(
        ("user", "Picking the project back up."), ("assistant", "Sure."), ("user", sentence)
    )
    assert part.items() <= stack.items()


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("Let's use Linear for issue tracking.", "Linear"),
        ("Use Typeform for the signup survey.", "Typeform"),
        ("Let's use DocuSign for the contracts.", "DocuSign"),
        ("Let's go with Firecrawl for the scraping.", "Firecrawl"),
    ],
)
def test_an_instruction_naming_a_name_of_a_newer_family_is_a_choice(sentence, choice):
    assert [c for c, _ in _choices_said(sentence)] == [choice]


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("部署系统换成 openEuler 吧。", "openEuler"),
        ("合同签署用 e签宝。", "e签宝"),
        ("日志接入阿里云日志服务。", "阿里云日志服务"),
    ],
)
def test_a_chinese_instruction_naming_a_name_of_a_newer_family_is_a_choice(sentence, choice):
    choices = [d.get("choice") for d in _kept(_run(*_said_zh(sentence)), "decisions")]
    assert choices == [choice]


@pytest.mark.parametrize(
    "sentence",
    [
        "the notion of a linear scan is fine here",  # Notion, Linear
        "a salmon and diamond sketch of the outline",  # Salmon, DIAMOND, Sketch, Outline
        "a convex hull around the glacier",  # Convex, Glacier
        "函数计算结果不对",  # a function computes it, not 阿里云函数计算
        "千锤百炼的代码",  # an idiom, not 阿里云百炼
        "这个扣子掉了",  # a button, not the Coze platform
    ],
)
def test_an_everyday_word_of_a_newer_family_is_no_name(sentence):
    assert rules.technologies(sentence) == []


def test_an_everyday_word_of_a_newer_family_written_as_a_name_is_one():
    assert rules.technologies("Tickets live in Linear, specs in Notion, mocks in Sketch.") == [
        "linear",
        "notion",
        "sketch",
    ]
