from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omp.rot import (
    MERGE_AT,
    SKIP_AT,
    Obsolete,
    features,
    info_length,
    must_share,
    obsolete_signal,
    redundancy,
    similarity,
    trivial_reason,
)


@pytest.mark.parametrize(
    "text",
    [
        "好的",
        "OK",
        "ok!",
        "收到。",
        "嗯",
        "Thanks",
        "thank you",
        "got it",
        "稍等一下\uff0c我看看",
        "Processing the files now",
        "hmm",
        "测试记忆 - 时间戳 123",
        "fix it",
        "a b c",
    ],
)
def test_trivial_texts_are_recognised(text):
    assert trivial_reason(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "We deploy to Vercel from main",
        "采用 YAML 存储",
        "项目使用 pnpm",
        "OK, we decided to use Postgres for analytics",
    ],
)
def test_texts_with_information_are_not_trivial(text):
    assert trivial_reason(text) is None


def test_info_length_counts_chinese_characters_as_words():
    assert info_length("采用YAML") == 3 * 2 + 4
    assert info_length("   ") == 0


def test_similarity_thresholds_are_the_upstream_ones():
    assert (SKIP_AT, MERGE_AT) == (0.95, 0.85)
    same = "We deploy the web app to Vercel"
    assert similarity(same, same.upper()) == pytest.approx(1.0)
    assert redundancy(same, "we deploy the web app to vercel!") == "skip"
    assert redundancy(same, "We deploy the web app to Vercel from main") == "merge"
    assert redundancy(same, "Use Postgres for analytics") == "store"
    assert redundancy("采用 YAML 存储记忆", "采用 YAML 存储记忆") == "skip"
    assert similarity("采用 YAML 存储记忆", "决定用 SQLite 做索引") < 0.3


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80), st.text(max_size=80))
def test_similarity_is_symmetric_and_bounded(a, b):
    s = similarity(a, b)
    assert 0.0 <= s <= 1.0 + 1e-9
    assert s == pytest.approx(similarity(b, a))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我们不再使用 Redux 了", Obsolete("Redux", None)),
        ("改用 pnpm 替代 npm", Obsolete("npm", "pnpm")),
        ("Webpack 已废弃", Obsolete("Webpack", None)),
        ("We no longer use Redux", Obsolete("Redux", None)),
        ("We replaced Jest with Vitest last week", Obsolete("Jest", "Vitest")),
        ("switched from npm to pnpm", Obsolete("npm", "pnpm")),
        ("Webpack is deprecated here", Obsolete("Webpack", None)),
    ],
)
def test_obsolete_signals_name_the_old_and_the_new(text, expected):
    assert obsolete_signal(text) == expected


@pytest.mark.parametrize("text", ["We use Redux for state", "采用 pnpm", "maybe switch later"])
def test_no_obsolete_signal_where_there_is_none(text):
    assert obsolete_signal(text) is None


def test_moving_off_a_platform_marks_it_obsolete():
    signal = obsolete_signal("We're moving off Heroku next month.")
    assert signal is not None and (signal.old, signal.new) == ("Heroku", None)


_WORDS = st.sampled_from(
    ["use", "redis", "for", "the", "cache", "sessions", "add", "export", "api", "缓存", "用",
     "数据库", "fix", "retry", "of", "a"]
)  # fmt: skip


@settings(max_examples=500)
@given(
    st.lists(_WORDS, min_size=1, max_size=8),
    st.lists(st.tuples(st.integers(0, 8), st.sampled_from(["drop", "add", "twice"]), _WORDS)),
    st.dictionaries(_WORDS, st.integers(0, 1000)),
    st.sampled_from([MERGE_AT, SKIP_AT, 0.5]),
)
def test_a_text_as_similar_as_asked_holds_one_of_the_features_it_must_share(
    words, edits, counts, at
):
    # b is a with a few words dropped, added or doubled: often near, sometimes not
    other = list(words)
    for where, how, word in edits:
        n = min(where, len(other))
        if how == "drop" and n < len(other):
            del other[n]
        elif how == "add":
            other.insert(n, word)
        elif other and n < len(other):
            other.insert(n, other[n])
    a, b = " ".join(words), " ".join(other)
    shared = must_share(features(a), at, lambda f: counts.get(f, 0))  # any order is right
    assert shared is not None and set(shared) <= set(features(a))
    if similarity(a, b) >= at:
        assert set(shared) & set(features(b))


def test_the_features_to_share_are_the_rarest():
    text = "add the export endpoint for invoices"
    common = {"add": 900, "the": 1000, "for": 950, "export": 40, "endpoint": 12, "invoices": 3}
    shared = must_share(features(text), MERGE_AT, common.__getitem__)
    # six words of weight 1: the four commonest hold 4 / 6 of the norm, below 0.85 squared
    assert shared == ["endpoint", "invoices"]
    assert must_share(features("  "), MERGE_AT, common.__getitem__) is None
