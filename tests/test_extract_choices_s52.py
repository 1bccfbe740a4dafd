"""Short choices said after the options were laid out, and what a choice leaves behind.

Session 52's probe: "ok FSDP is the way", "neon then. drop supabase." after "Options: …, or use
Neon", "sealed-secrets then" after the person's own "sealed-secrets or external secrets?".
"""

from __future__ import annotations

import pytest

from tests.test_extract import _kept, _run
from tests.test_extract_en_probes2 import _choices

# ---- "X is the way": the way taken -----------------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "choice"),
    [("ok FSDP is the way, we delete the deepspeed config.", "FSDP"),
     ("Terraform is the way to go.", "Terraform"),
     ("so yeah, Postgres is the way forward", "Postgres")],
)  # fmt: skip
def test_a_name_said_to_be_the_way_is_the_choice(reply, choice):
    assert [c for c, _ in _choices(("user", reply))] == [choice]


@pytest.mark.parametrize(
    "reply",
    ["this is the way it works", "the hard way is the way.", "is FSDP the way to go?",
     "maybe FSDP is the way to go", "the way home is long"],
)  # fmt: skip
def test_a_way_that_names_no_choice_is_none(reply):
    assert _choices(("user", reply)) == []


# ---- options laid out without a question mark ------------------------------------------------

_NEON = (
    "True, free projects pause after 7 days. Options: pay for Supabase Pro ($25/mo), or use "
    "Neon, whose free tier scales to zero and doesn't pause the project."
)


def test_a_short_pick_after_options_said_without_a_question_is_the_choice():
    turns = [("user", "supabase free tier pauses the project, deal breaker"),
             ("assistant", _NEON), ("user", "neon then. drop supabase.")]  # fmt: skip
    assert _choices(*turns) == [("Neon", ["Supabase"])]


def test_options_said_in_passing_offer_nothing():
    turns = [
        ("user", "supabase free tier pauses the project"),
        ("assistant", "Supabase Pro or Neon would both avoid that."),
        ("user", "neon then."),
    ]
    assert _choices(*turns) == []


@pytest.mark.parametrize("reply", ["drop supabase.", "no supabase", "forget supabase"])
def test_a_short_reply_turning_an_option_down_picks_nothing(reply):
    turns = [("user", "which db?"), ("assistant", "Supabase or Neon?"), ("user", reply)]
    assert _choices(*turns) == []


# ---- the person's own either-or question, of names the lexicon does not know ----------------


@pytest.mark.parametrize(
    ("asked", "reply", "choice", "others"),
    [("also secrets, we use sealed-secrets or external secrets? we have no vault",
      "sealed-secrets then, maybe later external secrets when we have vault.",
      "sealed-secrets", ["external secrets"]),
     ("for releases, cargo-dist or goreleaser-style by hand?",
      "cargo-dist. targets linux x86_64, mac arm64, windows.", "cargo-dist", ["goreleaser-style"])],
)  # fmt: skip
def test_a_pick_of_the_persons_own_either_or_question_is_the_choice(asked, reply, choice, others):
    answer = "Both work; one is simpler without a backing store."
    turns = [("user", asked), ("assistant", answer), ("user", reply)]
    assert _choices(*turns) == [(choice, others)]


@pytest.mark.parametrize(
    "asked", ["should we rewrite or refactor?", "now or later?", "keep ds_z3.json or delete it?"]
)
def test_an_either_or_question_of_ways_or_times_offers_no_names(asked):
    from omp import rules

    assert rules.asked_options(asked) == []


# ---- each offered name given a part, when the offer was a list -------------------------------

_DIRECTIONS = (
    "A few directions:\n\n1. **Stay on pandas** and read file by file.\n2. **Polars** with lazy "
    "frames.\n3. **DuckDB**: query the CSVs with SQL.\n4. **Spark**: overkill for 40 files.\n\n"
    "For your size I'd go with Polars or DuckDB."
)


def test_offered_names_each_given_a_part_are_both_chosen():
    turns = [
        ("user", "the nightly ETL OOMs. What are my options?"),
        ("assistant", _DIRECTIONS),
        ("user", "analyst knows SQL better than python"),
        ("assistant", "Then a hybrid is common: Polars to clean, DuckDB SQL on top."),
        ("user", "ok let's do that. Polars for cleaning, DuckDB for the aggregate layer."),
    ]
    assert _choices(*turns) == [("Polars", ["pandas", "Spark"]), ("DuckDB", [])]  # fmt: skip


def test_parts_given_to_names_never_offered_choose_nothing():
    turns = [("user", "the nightly ETL OOMs. What are my options?"), ("assistant", _DIRECTIONS),
             ("user", "Dask for cleaning, Trino for aggregates.")]  # fmt: skip
    assert _choices(*turns) == []


# ---- a version moved to, of the tool the stack names at another -----------------------------


def test_a_version_bumped_to_is_the_stacks_tool_at_it_and_retires_the_old_one():
    turns = [("user", "also we're on python 3.9 still, is that a problem"),
             ("assistant", "3.9 reaches end of life in October 2025. Worth planning a move."),
             ("user", "yeah we'll bump to 3.12 as part of this rewrite. decided.")]  # fmt: skip
    batch = _run(*turns)
    assert _choices(*turns) == [("python 3.12", ["python 3.9"])]
    assert {"tech_stack": {"language": "python 3.9"}} not in _kept(batch, "project")


@pytest.mark.parametrize(
    "turns",
    [[("user", "we'll bump to 3.12 as part of this rewrite.")],  # of nothing named
     [("user", "we're on python 3.9 and node 18.4"), ("user", "we'll bump to 3.12")],  # of which?
     [("user", "we're on python 3.9"), ("user", "should we bump to 3.12?")],
     [("user", "we're on python 3.9"), ("user", "we'll bump to 50 percent of traffic")]],
)  # fmt: skip
def test_a_version_of_no_one_tool_or_asked_about_chooses_nothing(turns):
    assert _choices(*turns) == []


@pytest.mark.parametrize(
    ("said", "choice"),
    [("let's upgrade to Node 20", "Node 20"),
     ("we're moving to Python 3.12 as part of this rewrite.", "Python 3.12")],
)  # fmt: skip
def test_a_named_version_upgraded_to_is_the_choice_without_what_it_is_part_of(said, choice):
    assert [c for c, _ in _choices(("user", said))] == [choice]


# ---- what goes with an option turned down -----------------------------------------------------


def test_a_setting_said_of_an_option_turned_down_later_goes_with_it():
    turns = [("user", "yeah lets do supabase + prisma"),
             ("assistant", "With Prisma you'd point DATABASE_URL at the Supabase pooler on port "
                           "6543."),
             ("user", "supabase pauses free projects. which db then?"),
             ("assistant", "Supabase Pro or Neon?"), ("user", "neon then.")]  # fmt: skip
    assert {"config": {"port": "6543"}} not in _kept(_run(*turns), "project", "review")
    # kept when nothing turned Supabase down
    assert {"config": {"port": "6543"}} in _kept(_run(*turns[:3]), "project", "review")


def test_a_tools_setup_taken_out_undoes_the_work_and_the_path_said_with_it():
    opening = ("I set up DeepSpeed ZeRO-3 with HF Trainer yesterday, config is at "
               "configs/ds_z3.json")  # fmt: skip
    turns = [("user", opening), ("assistant", "Two ways forward: keep it, or FSDP."),
             ("user", "ok FSDP is the way, we delete the deepspeed config.")]  # fmt: skip
    batch = _run(*turns)
    assert _kept(batch, "changelog") == []
    assert {"paths": {"config": "configs/ds_z3.json"}} not in _kept(batch, "project")
    kept = _run(turns[0], turns[1], ("user", "ok FSDP is the way, we keep the deepspeed config."))
    assert {"paths": {"config": "configs/ds_z3.json"}} in _kept(kept, "project")


def test_a_switch_replaces_the_stack_the_same_message_said_before_it():
    said = ("we use black + flake8 + isort right now and the pre-commit takes forever. "
            "switch us to ruff for both lint and format.")  # fmt: skip
    assert {"tech_stack": {"lint": "black + flake8 + isort"}} not in _kept(
        _run(("user", said)), "project"
    )
    # not a choice that adds to it ("also use mypy"): linters share their role
    added = "we use black + flake8 right now. also use mypy for types."
    assert {"tech_stack": {"lint": "black + flake8"}} in _kept(_run(("user", added)), "project")


# ---- options numbered inside a sentence ("方案有两个：1）…；2）…") ----------------------------

_TWO_WAYS = (
    "部署方案有两个：1）前端放 COS 静态网站托管 + CDN，后端放 CVM 上用 docker compose；"
    "2）全部放到 TKE（腾讯云 Kubernetes）。你们规模多大？"
)


def test_an_option_numbered_inside_a_sentence_is_picked_by_its_place():
    turns = [
        ("user", "帮我看看这个项目怎么部署到腾讯云"),
        ("assistant", _TWO_WAYS),
        (
            "user",
            "k8s 太重了，不要 TKE。用第一种：前端 COS + CDN，后端一台 CVM 跑 docker compose。",
        ),
    ]
    [(choice, others)] = _choices(*turns)  # fmt: skip
    assert "COS" in choice and "CVM" in choice and others == ["全部放到 TKE（腾讯云 Kubernetes）"]


def test_numbers_in_a_sentence_that_are_no_run_of_options_offer_nothing():
    from omp import rules

    assert rules.options("版本 2）已经发布；3）还在测") == {}  # not from 1 on
    assert rules.options("步骤：1）装依赖") == {}  # one alone


@pytest.mark.parametrize(
    ("said", "choice"),
    [("前端 `pnpm build` 之后用 coscli 同步到存储桶；", None), ("build 以后用 rsync 传上去", None),
     ("以后我们都用 pnpm。", "pnpm"), ("好，之后统一用 ruff", "ruff")],
)  # fmt: skip
def test_after_a_step_is_a_sequence_not_from_now_on(said, choice):
    from omp import rules

    found = rules.decision(said)
    assert (found.choice if found else None) == choice


def test_a_version_stayed_on_is_the_stacks_tool_at_it():
    turns = [
        ("user", "the player jitters. this is godot 4.3, CharacterBody2D"),
        ("assistant", "Use move_and_slide in _physics_process."),
        ("user", "also we'll stay on 4.3 until the demo ships, no engine upgrades mid-demo"),
    ]
    assert _choices(*turns) == [("godot 4.3", [])]  # fmt: skip
    # not "also 4.3", nor a version of nothing named
    assert _choices(turns[2]) == []


@pytest.mark.parametrize(
    ("said", "what"),
    [("switch us to ruff for both lint and format.", "lint and format"),
     ("Postgres for both reads and writes, no replicas", "reads and writes"),
     ("use Kafka for the queue and Redis for cache", "queue")],
)  # fmt: skip
def test_a_choice_for_both_of_two_parts_is_for_both(said, what):
    from omp import rules

    assert rules.purpose(said) == what


@pytest.mark.parametrize(
    ("said", "choice", "what"),
    [("Decision for environments: staging auto-sync, prod manual sync with approval by two people.",
      "staging auto-sync", "environments"),
     ("Decision for the cache: Redis.", "Redis", "cache")],
)  # fmt: skip
def test_a_decision_said_for_a_part_is_explicit_and_for_that_part(said, choice, what):
    from omp import rules

    found = rules.decision(said)
    assert found is not None and (found.choice, found.purpose, found.explicit) == (
        choice, what, True,
    )  # fmt: skip


# ---- facts said in passing ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "stack"),
    [("We run on k3s cluster version v1.29.4+k3s1, 3 nodes on Hetzner.", {"hosting": "k3s"}),
     ("We use Postgres 16.2+pgvector", {"database": "Postgres 16.2", "vector_db": "pgvector"}),
     ("we use Vue 3+Vite 5", {"frontend": "Vue 3", "build": "Vite 5"})],
)  # fmt: skip
def test_a_versions_build_after_a_plus_is_no_part_of_the_stack(said, stack):
    from omp import rules

    assert rules.tech_facts(said) == stack


def test_a_value_given_after_and_is_named_by_its_part_alone():
    from omp import rules

    said = "Ingress host for prod is api.northpay.eu and staging is api.staging.northpay.eu"
    assert rules.named_values(said) == {
        "urls": {"prod": "api.northpay.eu", "staging": "api.staging.northpay.eu"}
    }


def test_a_resource_named_with_an_account_number_is_no_product():
    from omp import rules

    said = "前端存储桶名为 hr-portal-web-1312345678，域名 hr.example-corp.cn 走 CDN。"
    assert rules.tech_facts(said) == {}
    assert rules.tech_facts("we use Skynet + bwa-mem2")["bioinformatics"] == "bwa-mem2"


@pytest.mark.parametrize(
    ("sentence", "choice", "details"),
    [("Isar's development has stalled (the maintainer stepped back in 2024), so for a new "
      "project I'd pick Drift (SQLite, type-safe queries, migrations).", "Drift", []),
     ("服务器内存只有 2G，所以就用 SQLite 吧，文件放 /data/app.db", "SQLite",
      ["文件放 /data/app.db"])],
)  # fmt: skip
def test_a_clause_a_so_follows_is_the_reason_not_a_detail(sentence, choice, details):
    from omp import rules

    assert rules.decided_details(sentence, choice) == details


@pytest.mark.parametrize(
    ("said", "port"),
    [("明白。NestJS 服务默认端口 3000，我把它改成了 7001，避免和本地 H5 调试冲突。", "7001"),
     ("NestJS 服务默认端口 3000，7001 留给调试。", "3000")],
)  # fmt: skip
def test_a_setting_changed_in_the_sentence_that_gives_it_takes_the_new_value(said, port):
    found = [c.entry for c in _run(("assistant", said)).candidates if "config" in c.entry]
    assert [list(e["config"].values()) for e in found] == [[port]]


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


@pytest.mark.parametrize(
    ("said", "choice"),
    [("port it to clap derive please.", "clap derive"), ("switch it to clap please", "clap")],
)
def test_code_ported_to_a_library_chooses_it_without_the_please(said, choice):
    assert [c for c, _ in _choices(("user", said))] == [choice]


@pytest.mark.parametrize("said", ["port to python 3 first?", "we could port it to Rust"])
def test_a_port_asked_about_or_mused_chooses_nothing(said):
    assert _choices(("user", said)) == []


_AGAINST = (
    "不建议把密码直接写进 application-prod.yml 提交到 git。我改成读环境变量 "
    "`SPRING_DATASOURCE_PASSWORD`，在 CVM 上的 /opt/hr-portal/.env 里配置，.env 不进仓库。"
)


def test_what_the_assistant_will_do_instead_of_what_it_advises_against_is_taken_by_a_yes():
    said = "数据库连接串写到后端的 application-prod.yml 里"
    turns = [("user", said), ("assistant", _AGAINST), ("user", "可以，就这样。")]
    assert _choices(*turns) == [("读环境变量 SPRING_DATASOURCE_PASSWORD", [])]
    # not taken up: nothing decided
    assert _choices(("user", said), ("assistant", _AGAINST), ("user", "不行，就写文件里")) == []
    # nor what it says it does, advising against nothing
    done = "我改成读环境变量 `SPRING_DATASOURCE_PASSWORD`。"
    assert _choices(("user", said), ("assistant", done), ("user", "可以，就这样。")) == []


def test_a_choice_cut_short_keeps_the_value_of_its_last_setting():
    from omp import rules

    found = rules.decision("We decided iOS 15 minimum and Android minSdk 24.")
    assert found is not None and found.choice == "iOS 15 minimum and Android minSdk 24"


def test_a_switch_to_no_known_tool_replaces_no_stack_said_before_it():
    said = "后端是 go 的 gin，我让后端同学加个接口。行，那就走后端代理，前端这边改成调 /api/ai/chat"
    assert {"tech_stack": {"language": "go", "backend": "gin"}} in _kept(
        _run(("user", said)), "project"
    )
