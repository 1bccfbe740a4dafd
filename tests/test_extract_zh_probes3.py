"""Chinese (and mixed) statements of the project's facts that sit beside other talk.

The stack in the other clauses of a deciding sentence, the GPUs of the machine, the language a
part is written in, settings named as configuration names them, the object store files go to,
and "就定 X，…" followed by more.
"""

from __future__ import annotations

import pytest

from omp import rules
from tests.test_extract_zh_probes2 import _decisions, _facts

# ---- 1. the stack beside a choice ----------------------------------------------------------------


def test_a_deciding_sentence_keeps_the_stack_its_other_clauses_state():
    sentence = "分析主要用 xarray + dask，在学校的 HPC 上跑，调度系统是 Slurm。"
    (d,) = _decisions(sentence)
    assert d["choice"] == "xarray + dask"
    assert _facts(sentence)["tech_stack"] == {"hpc": "Slurm"}


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
    stack = _facts(sentence).get("tech_stack", {})
    assert not {"queue", "database", "package_manager"} & stack.keys()


# ---- 2. the GPUs of the machine ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "gpus"),
    [
        ("我们要在内网部署一个 LLM 给客服团队用，机器是 2 张 A100 80G。", "2 张 A100 80G"),
        ("train.py 在 4 张 A100 40GB 上 full finetune 一直 OOM。", "4 张 A100 40GB"),
        ("我们要在内网一台 L40S（48G）机器上部署一个 7B 模型。", "一台 L40S（48G）"),
        ("我们在一台 8\u00d7A100 80G 的机器上做 SFT，显存直接爆了。", "一台 8\u00d7A100 80G"),
        ("机器上有 4 张 3090，显存不太够。", "4 张 3090"),
        ("机器是单卡 4090 24G。", "单卡 4090 24G"),
    ],
)
def test_the_gpus_a_chinese_statement_gives_the_machine_are_its_hardware(sentence, gpus):
    assert _facts(sentence)["tech_stack"]["hardware"] == gpus


@pytest.mark.parametrize(
    "sentence",
    [
        "A100 支持 bf16，建议开。",  # a GPU named alone is no machine
        "如果用 4 张 A100 的话能快多少？",
        "也许以后会换成 8 张 H100。",
        "隔壁组的机器是 8 张 H800。",
    ],
)
def test_a_gpu_in_passing_in_a_question_or_of_another_team_is_no_machine(sentence):
    assert rules.machine_gpus(sentence) is None
    assert "hardware" not in _facts(sentence).get("tech_stack", {})


# ---- 3. the language a part is written in -------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "language"),
    [
        ("后端已经有了，是 Go 写的，API base 是 https://api.shunlu.cn/v2", "Go"),
        ("我们的 API 网关是自己用 Go 写的。", "Go"),
        ("服务端是 Go 1.22 写的。", "Go 1.22"),
    ],
)
def test_the_language_a_part_of_ours_is_written_in_is_the_stack(sentence, language):
    assert _facts(sentence)["tech_stack"]["language"] == language


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


# ---- 4. settings named as the configuration names them ------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "key", "value"),
    [
        ("DOWNLOAD_DELAY 设 2 秒，并发降到 8。", "download_delay", "2秒"),
        ("就按你说的：max-poll-records 改 200，concurrency 调到 12。", "max-poll-records", "200"),
        ("HPA 的 maxReplicas 设成 20 吧。", "maxreplicas", "20"),
        ("MAX_STACK 改成 64 吧，跟 Minecraft 手感一样。", "max_stack", "64"),
    ],
)
def test_a_setting_named_as_configuration_names_it_keeps_the_value_it_is_given(
    sentence, key, value
):
    assert _facts(sentence)["config"][key] == value


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
    assert not _facts(sentence).get("config")


# ---- 5. the object store the files go to --------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "store"),
    [
        ("项目是 Django 4.2 + DRF，图片存在阿里云 OSS（django-storages）。", "阿里云 OSS"),
        ("worker 从 RabbitMQ 拿任务，转完传到阿里云 OSS。", "阿里云 OSS"),
        ("固件放在 MinIO 里。", "MinIO"),
    ],
)
def test_the_object_store_the_files_go_to_is_the_stack(sentence, store):
    assert _facts(sentence)["tech_stack"]["storage"] == store


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
    assert "storage" not in _facts(sentence).get("tech_stack", {})


# ---- 6. "就定 X，…" ---------------------------------------------------------------------------


def test_just_settling_on_a_name_with_more_after_it_decides_the_name():
    (d,) = _decisions("backbone 就定 convnext_tiny，default.yaml 里的默认值改掉。")
    assert d["choice"] == "convnext_tiny"


@pytest.mark.parametrize(
    "sentence",
    [
        "backbone 要不要就定 convnext_tiny，你觉得呢？",
        "也许 backbone 就定 convnext_tiny，回头再看。",
        "backbone 就定下来，明天再跑。",  # no name
    ],
)
def test_settling_asked_about_tentative_or_on_no_name_decides_nothing(sentence):
    assert _decisions(sentence) == []
