"""Decisions that are not what they look like: code, a way restated, a name said by a part.

A function written with its arguments is a step of the code, not a way or a tool chosen: the
choice goes to review. The assistant saying back a way the person just called theirs decides
nothing. A reply that names a code name the assistant gave by a part of it chooses the whole
name.
"""

from __future__ import annotations

import pytest

from tests.extraction import _chosen, _kept, _run, _said, _said_zh

# ---- a function written with its arguments ----------------------------------------------------


@pytest.mark.parametrize(
    "turns",
    [
        _said("ok, go with flatten(depth=2) for the nested rows"),
        _said("let's do decimal(10,4) for the rates, I'll write the migration"),
        _said_zh("导出那里统一换成 `useExportStore()`"),
    ],
)
def test_a_function_written_with_its_arguments_goes_to_review(turns):
    batch = _run(*turns)
    assert _kept(batch, "decisions") == []
    assert len(_kept(batch, "decisions", "review")) == 1


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("let's go with ReplacingMergeTree(version) for the counters", "ReplacingMergeTree"),
        ("let's use Redis (we already run it) for the cache", "Redis"),
    ],
)
def test_a_capitalised_name_with_arguments_is_still_a_choice(sentence, choice):
    assert _chosen(*_said(sentence)) == [choice]


# ---- the assistant saying back the person's way -------------------------------------------------


@pytest.mark.parametrize(
    ("way", "reply"),
    [
        (
            "对了，写测试我习惯 table-driven 的写法",
            "明白，后面所有测试都用 table-driven + subtests。",
        ),
        ("btw 我习惯用 Kotlin，不写 Java，后面代码都给 Kotlin", "好的，后面都用 Kotlin 2 的写法。"),
        (
            "依赖我一直用 poetry 管，别给我 pip 的命令",
            "收到，之后都用 poetry add / poetry install。",
        ),
    ],
)
def test_the_assistant_saying_back_the_persons_way_decides_nothing(way, reply):
    batch = _run(*_said_zh(way), ("assistant", reply))
    assert _kept(batch, "decisions") == []
    assert _kept(batch, "user")  # the way is the person's, kept as theirs


def test_the_assistant_confirming_a_choice_of_its_own_still_decides():
    turns = [
        *_said_zh("同步方案还没定，你看看哪个合适"),
        ("assistant", "好，确定用 Debezium，表引擎后面再说。"),
    ]
    assert _chosen(*turns) == ["Debezium"]


# ---- a code name said by a part of it -----------------------------------------------------------


def test_a_reply_naming_a_code_name_by_a_part_chooses_the_whole_name():
    turns = [
        *_said("the reranker is the slow part of search"),
        (
            "assistant",
            "`rerank-model-base` is accurate but heavy; `rerank-model-mini` is about five times "
            "faster with a small loss.",
        ),
        ("user", "reranker: switch to mini, fine"),
    ]
    assert _chosen(*turns) == ["rerank-model-mini"]


def test_a_part_said_in_the_singular_names_the_code_name_too():
    turns = [
        *_said_zh("我们要在 AWS 上起一个 Kafka 集群"),
        ("assistant", "建议直接用 `cloud-kafka-modules/msk/aws` v3，自己从头写要处理一大堆。"),
        ("user", "用 module，v3。"),
    ]
    assert _chosen(*turns) == ["cloud-kafka-modules/msk/aws"]


def test_a_member_of_a_name_is_not_the_name_it_shortens():
    turns = [
        *_said("the vector index is slow to build"),
        ("assistant", "Build it with ivfflat, then tune `ivfflat.probes` at query time."),
        ("user", "let's use ivfflat for the index"),
    ]
    assert _chosen(*turns) == ["ivfflat"]


def test_a_known_tool_named_inside_a_code_name_stays_the_tool():
    turns = [
        *_said("we need a job queue for the invoices"),
        ("assistant", "With Redis already there, `redis-queue-lite` or plain Redis lists work."),
        ("user", "ok, use Redis for it"),
    ]
    assert _chosen(*turns) == ["Redis"]


# ---- the person's habit ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "我一般都用 poetry，后面也都按 poetry 来。",
        "对了我平时用 ruff，后面代码也都按 ruff 来格式化",
    ],
)
def test_a_tool_the_person_says_they_always_use_is_their_way_not_a_choice(sentence):
    batch = _run(*_said_zh(sentence))
    assert _kept(batch, "decisions") == []
    assert _kept(batch, "project") == []  # nor the project's stack
    assert [u["text"] for u in _kept(batch, "user")] == [sentence.rstrip("。")]


def test_a_name_written_as_a_name_is_not_shortened_from_a_code_name():
    turns = [
        *_said("asset loading for the hot update"),
        ("assistant", "Load them with `Bundlers.LoadAssetAsync` once the package is ready."),
        ("user", "ok, use Bundler for the hot update, version 2.1"),
    ]
    assert _chosen(*turns) == ["Bundler"]
