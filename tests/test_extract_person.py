"""Preferences for the user store: how the person works, as opposed to a choice for the project.

How the person wants the assistant to work and answer, their machine and skills, a tool they use
for everything; and what is no preference: a liking given as the reason of a choice, a way of
this project, a request made once, a number alone.
"""

from __future__ import annotations

from typing import Any

import pytest

from omp import rules
from tests.extraction import _choices_said, _decisions_zh, _kept, _run, _said, _said_zh


def _people(*sentences: str) -> list[dict[str, Any]]:
    return _kept(_run(*_said(*sentences)), "user")


# ---- what the person likes about a choice is its reason, not their own way -----------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("Let's go with PostHog, I like the session replay.", "PostHog"),
        ("ok, let's use Tailwind, I love the utility classes.", "Tailwind"),
    ],
)
def test_liking_something_after_a_choice_is_its_reason_not_a_preference(sentence, choice):
    batch = _run(*_said(sentence))
    assert [d["choice"] for d in _kept(batch, "decisions")] == [choice]
    assert _kept(batch, "user") == []


@pytest.mark.parametrize(
    "sentence",
    [
        "I like the session replay in PostHog.",
        "Let's use Tailwind. I like utility classes in general.",
        "I prefer Vitest over Jest for everything I write.",
    ],
)
def test_a_liking_said_on_its_own_is_still_the_persons_preference(sentence):
    assert rules.personal(sentence.split(". ")[-1]) is not None
    assert _kept(_run(*_said(sentence)), "user") != []


# ---- names with underscores in a preference ------------------------------------------------------


def test_a_preference_naming_a_dunder_module_is_stored_as_written():
    said = "One thing for the future: I always want `from __future__ import annotations`."
    [kept] = _kept(_run(*_said(said)), "user")
    assert "from __future__ import annotations" in kept["text"]


# ---- a preference stays the person's, even for this repo -----------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "I prefer Vitest over Jest.",
        "I prefer tabs over spaces in my editor.",
        # the labelling rules keep "I prefer …" the person's, whatever it is for
        "I prefer server actions over API routes for all mutations in this app.",
    ],
)
def test_a_preference_stays_the_persons(sentence):
    assert _choices_said(sentence) == []
    assert [p["kind"] for p in _people(sentence)] == ["preference"]


# ---- how the person wants the assistant to work, and their machine -------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Please always answer in English, even if I write in Chinese.",
        "Show me the diff before you apply anything.",
        "I'm on macOS with an M2, fish shell.",
    ],
)
def test_how_the_person_works_is_theirs(sentence):
    assert [p["kind"] for p in _people(sentence)] == ["preference"]


@pytest.mark.parametrize(
    "sentence",
    [
        "Show me the file.",
        "I'm on Linux too, same error.",
        "I'm on Windows and it crashes.",
        "I'm on a deadline.",
    ],
)
def test_a_request_once_or_trouble_on_a_machine_is_no_preference(sentence):
    assert _people(sentence) == []


# ---- a number alone ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "kept"),
    [
        ("always use 100", False),
        ("always use tabs", True),
        ("I always use 4 spaces", True),
        ("I'm mostly a Python dev.", True),
    ],
)
def test_a_number_alone_is_no_preference(sentence, kept):
    assert (rules.personal(sentence) is not None) is kept


# ---- which commands the person wants -------------------------------------------------------------


def test_telling_the_assistant_which_commands_to_give_is_the_persons_preference():
    sentence = "装依赖的时候注意我们用 pnpm，不要给我 npm install 的命令"
    assert rules.states_preference(sentence)
    assert _decisions_zh(sentence) == []
    (said,) = _kept(_run(*_said_zh(sentence)), "user")
    assert "pnpm" in said["text"]
    assert not rules.states_preference("不要给我发邮件，用 Slack 通知")  # no commands or code


# ---- a way of this project -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "personal"),
    [
        ("i always use yarn 1 on this project, never npm", False),
        ("这个项目里我习惯用 pnpm", False),
        ("I always use yarn in my own projects", True),
    ],
)
def test_a_way_of_this_project_is_no_personal_preference(sentence, personal):
    assert (rules.personal(sentence) is not None) == personal


# ---- the words before a preference ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "text"),
    [
        ("btw for future reference: I always want answers in short bullet points",
         "I always want answers in short bullet points"),
        ("fyi i prefer pnpm", "i prefer pnpm"),
    ],
)  # fmt: skip
def test_a_preference_is_kept_without_the_words_before_it(said, text):
    found = rules.personal(said)
    assert found is not None and found.text == text


# ---- a preference for every project --------------------------------------------------------------


def test_a_preference_for_every_project_stays_the_persons_own():
    offer = "Runner: **probe-rs** or **openocd**?"
    batch = _run(
        ("user", "runner?"),
        ("assistant", offer),
        ("user", "probe-rs, always. I prefer probe-rs over openocd on every board I own."),
    )
    assert [u["text"][:20] for u in _kept(batch, "user")] == ["I prefer probe-rs ov"]


# ---- a preference said personally ----------------------------------------------------------------


def test_a_preference_said_personally_is_the_persons():
    assert rules.personal("I personally prefer writing ADRs in English.") is not None


# ---- how the person wants answers ----------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    ["先说一下，以后都用中文回复我", "dont explain basics to me pls, I've done Go for 10 years",
     "别给我解释基础概念，我写 Go 十年了", "reply in Chinese please",
     "回复中文就行，but keep code comments in English.",
     "commit message 写英文，别写中文，CI 那边 changelog 生成器对中文支持很烂",
     "plan 我自己跑，any time 都别帮我跑 terraform apply，我要自己看 plan 输出再决定。",
     "one thing about how I like answers: give me the batchmode version, not the clicks.",
     "Also, house style reminder: named exports everywhere, no default exports.",
     "Also: ask me before adding any NuGet package beyond the obvious ones.",
     "Btw 我回答我用中文就行，but keep commands and config in English.",
     "以后涉及日志的改动你 commit 之前都先跑一下 scripts/pii-grep.sh。",
     "and please don't repeat patient data back in your answers or commit messages.",
     "always run cargo clippy before telling me you're done"],
)  # fmt: skip
def test_how_the_person_wants_answers_is_theirs(sentence):
    assert rules.personal(sentence) is not None


def test_a_preference_said_in_brackets_is_the_persons():
    said = "We squash-merge everything (I prefer squash merges, one commit per PR on main)."
    assert rules.personal(said) is not None


@pytest.mark.parametrize(
    "sentence", ["代码注释用英文版的模板", "回复中文文档的链接就行", "commit 吧，message 用英文"]
)  # fmt: skip
def test_a_language_naming_a_thing_of_its_own_is_no_preference_for_answers(sentence):
    assert rules.personal(sentence) is None


def test_a_question_about_the_language_of_answers_is_no_preference():
    assert rules.personal("can you reply in Chinese?") is None


# ---- the person's skill, said loosely ------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "im pretty new to swift concurrency",
        "I'm quite familiar with k8s",
        "I'm much more comfortable with Kotlin than Swift",
    ],
)
def test_a_skill_with_a_degree_word_is_the_persons(sentence):
    [item] = _kept(_run(("user", sentence)), "user")
    assert item["kind"] == "skill"


# ---- what a release does as always ---------------------------------------------------------------


def test_what_a_release_does_as_always_is_no_habit_of_the_persons():
    said = "release is 2.8.0, goes out thursday through codemagic like always"
    assert _kept(_run(("user", said)), "user") == []
    [habit] = _kept(_run(("user", "conventional commits like always")), "user")
    assert habit["text"] == "conventional commits"


# ---- a liking for an option turned down ----------------------------------------------------------


def test_a_liking_for_an_option_the_same_message_turns_down_is_not_the_persons():
    asked = "I want GitOps. Which is better, ArgoCD or Flux?"
    turns = [("user", asked), ("assistant", "ArgoCD has a UI; Flux is lighter."),
             ("user", "I like Flux more as engineer, it is more clean. But my team wants the UI. "
                      "Ok we go ArgoCD. Not Flux.")]  # fmt: skip
    assert _kept(_run(*turns), "user") == []
    # a liking of the person's own, that no choice outvotes, stays
    kept = [("user", asked), ("assistant", "Both work."),
            ("user", "I like Flux more as engineer, it is more clean.")]  # fmt: skip
    assert [u["text"] for u in _kept(_run(*kept), "user")] == [
        "I like Flux more as engineer, it is more clean"
    ]


# ---- the person's tool for everything ------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    ["I use uv for everything, don't pip install stuff, it messes up the lockfile",
     "i use pnpm for everything"],
)  # fmt: skip
def test_a_tool_the_person_uses_for_everything_is_their_preference(sentence):
    [item] = _kept(_run(("user", sentence)), "user")
    assert item["kind"] == "preference"


def test_asking_whether_a_tool_was_used_for_everything_is_no_preference():
    assert rules.personal("did I use uv for everything?") is None


@pytest.mark.parametrize(
    ("sentence", "kept"),
    [
        ("answer me in Chinese from now on", True),
        ("respond to me in English please", True),
        ("回答简短一点，不要长篇大论", True),
        ("解释精简些", True),
        # someone else's answer, asked about: no way of the person's
        ("他的回答简短一点就好了吗？", False),
        ("write the README in English", False),
    ],
)
def test_how_the_person_wants_answers_is_their_preference(sentence, kept):
    assert (rules.personal(sentence) is not None) is kept


# ---- "我一般 …": what the person does as a rule -------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    ["我一般周四下午发固件，周五不发，这个你记着", "我一般只打 dmg 不打 app store 的包",
     "我一般 deploy 都是周一早上"],
)  # fmt: skip
def test_what_the_person_usually_does_in_their_work_is_a_habit(sentence):
    found = rules.personal(sentence)
    assert found is not None and found.scope == "PERSONAL"


@pytest.mark.parametrize(
    "sentence",
    ["我一般不太清楚这个", "我一般用什么版本比较好？", "我平时工作比较忙", "我通常晚上才有空看"],
)
def test_what_the_person_usually_is_or_asks_is_no_habit(sentence):
    assert rules.personal(sentence) is None


# ---- habits said in passing, in either language ------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "我用 WebStorm，不用 VS Code，.vscode 里那个 eslint 的设置你不用管",
        "I test everything on a real Pixel 7, not the emulator, so speed on device matters to me.",
        "还有我写 commit message 喜欢用英文，哪怕 PR 描述写中文。",
        "还有 I prefer server actions over API routes，除了 webhook 那种必须要 route 的。",
    ],
)
def test_a_habit_said_in_passing_is_the_persons(sentence):
    assert rules.personal(sentence) is not None


@pytest.mark.parametrize(
    "sentence",
    [
        # a tool of the project chosen over another, not the person's editor
        "我用 Redis，不用 Memcached",
        # work reported, no habit
        "I tested everything and it works.",
    ],
)
def test_a_choice_or_a_report_is_no_habit(sentence):
    assert rules.personal(sentence) is None


# ---- habits told by when or how widely the person keeps them ------------------------------------


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("I run ruff format + ruff check before every commit, so add a pre-commit hook.",
         "preference"),
        ("I write all my CLIs with typer these days, argparse drives me nuts.", "preference"),
        ("I do all my scripting in VS Code with the godot-tools extension.", "preference"),
        ("Run the tests with nextest, that's what I use locally, not cargo test.", "preference"),
        ("pandas stays for now. I'm much faster in polars.", "skill"),
    ],
)  # fmt: skip
def test_a_habit_kept_everywhere_or_a_tool_the_person_is_fast_in_is_theirs(sentence, kind):
    assert [p["kind"] for p in _people(sentence)] == [kind]


def test_a_habit_in_brackets_in_chinese_is_theirs():
    [person] = _kept(
        _run(*_said_zh("我先看了 pg_stat_statements（习惯了，慢接口第一眼都看这个）。")), "user"
    )
    assert "pg_stat_statements" in person["text"]


@pytest.mark.parametrize(
    "sentence",
    [
        "I run the migration before every deploy? not sure.",  # a question
        "that's what I thought.",
        "I'm faster than the CI runner at this point.",
    ],
)
def test_what_only_sounds_like_a_habit_is_not_one(sentence):
    assert _people(sentence) == []
