"""Commit ranges read with `--git`, as real histories write them.

Squash merges, tracker keys, `area: summary` subjects, reverts of reverts, the decisions a
commit's subject or body tells, the facts a commit establishes and the stack a move leaves.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from omp import extract as ex
from omp import gitrepo, ingest, rot, rules
from omp.gitrepo import Commit
from omp.paths import MemoryRoot
from tests.extraction import _kept, _run
from tests.helpers import commit_change as _commit


def _history(*messages: str, stored: list[ex.Stored] | None = None) -> ex.Batch:
    """The settled batch of a range of commits with these messages, oldest first."""
    batch = ex.Batch()
    for n, message in enumerate(messages):
        subject, _, body = message.partition("\n\n")
        commit = Commit(
            f"{n:040x}", f"{n:07x}", "Chris Tan", "chris@example.com",
            f"2026-03-{n + 1:02d}T10:00:00+00:00", subject.strip(), body.strip(), (), 1,
        )  # fmt: skip
        conventional = gitrepo.parse_conventional(commit.subject)
        ex.from_commit(commit, conventional, gitrepo.breaking_note(commit), batch, path="git:HEAD")
    ex.drop_reverted(batch)
    ex.settle(batch, stored or [], today="2026-11-30")
    return batch


def _summaries(batch: ex.Batch, action: str = "stored") -> list[str]:
    return [str(e["summary"]) for e in _kept(batch, "changelog", action)]


# ---- filler is a whole message, not a prefix -----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["Waitlist signup with Supabase (#5)", "hotfix: waitlist double submit",
     "feat: processing queue for uploads", "feat: wait for db before migrations",
     "hmm, the queue drops jobs when redis restarts"],
)  # fmt: skip
def test_a_word_that_starts_like_a_filler_is_no_filler(text):
    assert rot.trivial_reason(text) is None


@pytest.mark.parametrize("text", ["wait", "Waiting...", "wait, let me check", "正在处理中…", "hmm"])
def test_waiting_said_alone_is_still_filler(text):
    assert rot.trivial_reason(text) == rot.FILLER


def test_commits_about_a_waitlist_or_a_processing_queue_are_kept():
    batch = _history(
        "hotfix: waitlist double submit",
        "feat: processing queue for uploads",
        "feat: wait for db before migrations",
    )
    assert _summaries(batch) == [
        "waitlist double submit", "processing queue for uploads", "wait for db before migrations"
    ]  # fmt: skip


# ---- a commit is as long as its subject says -----------------------------------------------------


def test_a_short_summary_with_its_type_and_scope_is_no_trivial_commit():
    batch = _history("feat(web): dark mode", "fix: typo")
    assert _summaries(batch) == ["dark mode"]


@pytest.mark.parametrize("subject", ["v0.2.0", "0.2.0", "v1.4.0-rc.1", "chore: release 0.4.0"])
def test_a_version_commit_is_a_release(subject):
    [entry] = _kept(_history(subject), "changelog")
    assert "0." in entry["summary"] or "1.4.0" in entry["summary"]


# ---- a tracker key before the subject ------------------------------------------------------------


@pytest.mark.parametrize(
    ("subject", "summary"),
    [("PAY-118 Fix NPE in InvoiceService when customer has no VAT id",
      "Fix NPE in InvoiceService when customer has no VAT id (PAY-118)"),
     ("[PAY-120] retry SEPA upload to the bank SFTP 3x with backoff",
      "retry SEPA upload to the bank SFTP 3x with backoff (PAY-120)"),
     ("PAY-112 SEPA credit transfer XML export (pain.001.001.03)",
      "SEPA credit transfer XML export (pain.001.001.03) (PAY-112)"),
     ("PROJ-7: feat(api): add invoice search", "add invoice search (PROJ-7)")],
)  # fmt: skip
def test_a_commit_for_a_tracked_issue_is_read_without_its_key_and_stored_with_it(subject, summary):
    assert _summaries(_history(subject)) == [summary]


def test_replacing_a_tool_under_a_tracker_key_decides_it_with_the_old_one_as_alternative():
    batch = _history("PAY-133 Replace ActiveMQ with Kafka for invoice events")
    [decision] = _kept(batch, "decisions")
    assert (decision["choice"], decision["alternatives"]) == ("Kafka", ["ActiveMQ"])


def test_a_revert_of_a_keyed_commit_takes_its_change():
    batch = _history(
        "PAY-140 Oracle JDBC driver ojdbc8 -> ojdbc11",
        'Revert "PAY-140 Oracle JDBC driver ojdbc8 -> ojdbc11"',
    )
    assert _summaries(batch) == ['Revert "PAY-140 Oracle JDBC driver ojdbc8 -> ojdbc11"']


@pytest.mark.parametrize(
    "subject",
    ["Merged in feature/PAY-133-kafka (pull request #64)",
     "Merge pull request #12 from acme/feature-x",
     "Merge remote-tracking branch 'origin/main' into feature-x"],
)  # fmt: skip
def test_merges_of_every_host_are_no_changes(subject):
    batch = _history(subject)
    assert _summaries(batch) == _summaries(batch, "review") == []


# ---- `area: summary` subjects --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("subject", "scope", "summary", "kind"),
    [("Dockerfile: distroless base", "Dockerfile", "distroless base", "other"),
     ("reports: CSV export", "reports", "CSV export", "other"),
     ("net/http: fix a leak in keep-alive", "net/http", "fix a leak in keep-alive", "fix"),
     ("terraform: add VPC + EKS modules", "terraform", "add VPC + EKS modules", "feat"),
     ("Gradle build scripts: Groovy DSL -> Kotlin DSL", "Gradle build scripts",
      "Groovy DSL -> Kotlin DSL", "other")],
)  # fmt: skip
def test_the_area_before_a_colon_is_the_scope_and_the_verb_the_type(subject, scope, summary, kind):
    [entry] = _kept(_history(subject), "changelog")
    assert (entry["scope"], entry["summary"], entry["type"]) == (scope, summary, kind)


@pytest.mark.parametrize(
    "subject", ["experiment: try bun install in CI", "spike: Kafka consumer", "docs: typo"]
)
def test_tentative_types_and_housekeeping_in_an_area_are_not_stored(subject):
    assert _summaries(_history(subject)) == []


# ---- a revert of a revert ------------------------------------------------------------------------

_RS256 = "feat(auth): switch JWT signing from HS256 to RS256"


@pytest.mark.parametrize("again", [f'Revert "Revert "{_RS256}""', f'Reapply "{_RS256}"'])
def test_a_revert_of_a_revert_brings_the_change_and_its_decision_back(again):
    batch = _history(
        _RS256,
        f'Revert "{_RS256}"\n\nmobile 2.3 pins HS256 in its token check.',
        f"{again}\n\nmobile 2.4 is RS256 aware. Re-landing RS256.",
    )
    assert _summaries(batch) == ["switch JWT signing from HS256 to RS256"]
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["RS256"]
    assert _summaries(batch, "review") == []


def test_a_reapply_whose_revert_is_out_of_the_range_is_a_change():
    batch = _history(f'Reapply "{_RS256}"')
    assert _summaries(batch) == ['Reapply "switch JWT signing from HS256 to RS256"']


def test_a_squash_merged_pull_request_without_a_type_is_a_change():
    batch = _history(
        "Waitlist signup with Supabase (#5)", "Pricing page + Stripe payment links (#11)"
    )
    assert _summaries(batch) == [
        "Waitlist signup with Supabase (#5)", "Pricing page + Stripe payment links (#11)"
    ]  # fmt: skip


# ---- the decisions a commit's subject or body tells ----------------------------------------------


@pytest.mark.parametrize(
    ("message", "choice", "alternatives"),
    [("test: jest -> vitest\n\nOne transform pipeline instead of babel-jest next to Vite.",
      "vitest", ["jest"]),
     ("gunicorn sync workers -> uvicorn workers (ASGI)", "uvicorn workers",
      ["gunicorn sync workers"]),
     ("PAY-127 Gradle build scripts: Groovy DSL -> Kotlin DSL", "Kotlin DSL", ["Groovy DSL"]),
     ("PAY-140 Oracle JDBC driver ojdbc8 -> ojdbc11 for the 19c migration", "ojdbc11",
      ["ojdbc8"]),
     ("feat: transactional email with Resend (#8)\n\n* fix: from address\n\n"
      "Went with Resend over SendGrid: SendGrid's free tier wanted a support ticket.",
      "Resend", ["SendGrid"]),
     ("perf(feed): smoother feed on low-end Android\n\nFlatList was dropping frames past ~300 "
      "items. Switched the feed to @shopify/flash-list; estimatedItemSize is 320.",
      "@shopify/flash-list", None)],
)  # fmt: skip
def test_a_move_said_by_an_arrow_or_in_the_body_is_a_decision(message, choice, alternatives):
    [decision] = _kept(_history(message), "decisions")
    assert (decision["choice"], decision.get("alternatives")) == (choice, alternatives)


@pytest.mark.parametrize(
    "subject",
    ["exp: lr 1e-3 -> 5e-4", "chore: Node 18 -> Node 20", "fix(retry): attempts 3 -> 5"],
)
def test_an_arrow_between_values_or_versions_of_one_tool_decides_nothing(subject):
    assert _kept(_history(subject), "decisions") == []


def test_an_initial_commit_with_a_colon_is_still_housekeeping():
    assert _summaries(_history("Initial commit: ci-shard CLI skeleton (Go, cobra)")) == []


def test_a_body_that_moves_something_into_a_file_decides_no_tool():
    batch = _history(
        "refactor(route): split the routes per service\n\n"
        "Moved the order-service routes to application-routes.yml, discovered through Nacos."
    )
    assert _kept(batch, "decisions") == []


def test_leaving_a_tool_is_the_alternative_of_the_commits_choice_and_one_tool_one_decision():
    batch = _history(
        "refactor(db): move from Prisma to Drizzle\n\n"
        "We decided to move off Prisma. The query engine binary adds ~40 MB to every function."
        "\n\nDecision: Drizzle ORM for all DB access"
    )
    [decision] = _kept(batch, "decisions")
    assert (decision["choice"], decision["alternatives"]) == ("Drizzle ORM", ["Prisma"])


@pytest.mark.parametrize(
    ("undone", "body", "choice", "alternative"),
    [("feat(net): NAT instances instead of NAT gateways to cut cost",
      "The fck-nat instance died twice in one week. NAT gateways stay, we'll eat the cost.",
      "NAT gateways", "NAT instances"),
     # of a pronoun, where it stays
     ("perf(idempotency): move idempotency store to in-process lru-cache",
      "With 4 replicas a retried delivery lands on another replica. They stay in Redis.",
      "Redis", "in-process lru-cache"),
     ("feat(ingest): parallel S3 downloads with asyncio + aioboto3",
      "S3 started throttling us at 64 concurrent GETs. Going back\nto the sequential boto3 loop.",
      "sequential boto3 loop", None),
     # what it takes instead, a way of no known name, what "we" stay on
     ("feat(export): CSV export of entries",
      "Nobody wanted CSV. Going with Markdown export instead (#23).", "Markdown export", None),
     ("feat(ratelimit): sliding window in Redis Lua",
      "The Lua script added ~4ms p99. Back to the in-memory token bucket until we have a better "
      "design.", "in-memory token bucket", None),
     ("feat(config): switch config file from YAML to TOML",
      "The migration story was bad; we stay on YAML (config.yaml).", "YAML", "TOML"),
     ("feat(同步): 多端同步改用 WebSocket 推送",
      "负载均衡那边长连接超时没配好，先回到轮询，每 30 秒拉一次。", "轮询", None),
     ("feat(logging): 接入 Datadog", "报价超预算。换成自建 Loki。", "自建 Loki", None)],
)  # fmt: skip
def test_what_a_revert_says_stays_is_its_decision(undone, body, choice, alternative):
    batch = _history(undone, f'Revert "{undone}"\n\nThis reverts commit 8c1d4e2.\n\n{body}')
    [decision] = _kept(batch, "decisions")
    assert decision["choice"] == choice
    assert alternative is None or decision["alternatives"] == [alternative]
    assert "yncio" not in str(decision.get("alternatives"))


# ---- the facts a commit establishes --------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "stack"),
    [("chore: require Node 20\n\nNode 18 goes EOL in April. engines.node\nis now \">=20.11\", "
      ".nvmrc bumped.", {"node": "Node >=20.11"}),
     ("chore: drop Python 3.8\n\n3.8 is EOL. requires-python is now \">=3.9\", classifiers "
      "updated.", {"python": "Python >=3.9"}),
     ("chore: require Kubernetes 1.29+ (native sidecar containers)",
      {"kubernetes": "Kubernetes 1.29"}),
     ("chore: bump MSRV to 1.74", {"rust": "Rust 1.74"}),
     ("chore(db)!: MySQL 5.7 升级到 8.0", {"mysql": "MySQL 8.0"})],
)  # fmt: skip
def test_a_commit_that_sets_the_oldest_supported_version_states_it(message, stack):
    batch = _history(message)
    assert [p["tech_stack"] for p in _kept(batch, "project")] == [stack]
    assert len(_kept(batch, "changelog")) == 1  # a change of what the project supports


def test_an_import_from_another_vcs_is_housekeeping():
    assert _summaries(_history("PAY-101 Initial import from SVN")) == []


# ---- a move to another tool, and the stack it leaves ---------------------------------------------


def test_a_move_to_another_tool_of_the_same_role_replaces_the_stack_part():
    batch = _history(
        "chore: scaffold project with poetry, python 3.11",
        "chore: switch from poetry to uv\n\nuv sync is ~10x faster in CI.",
    )
    stack = {k: v for p in _kept(batch, "project") for k, v in p["tech_stack"].items()}
    assert stack == {"language": "python 3.11", "package_manager": "uv"}


@pytest.mark.parametrize(
    ("subject", "stack", "choice"),
    [("Switch env management from conda to pixi", {"package_manager": "pixi"}, "pixi"),
     ("refactor(db): move from Prisma to Drizzle", {"orm": "Drizzle"}, "Drizzle")],
)  # fmt: skip
def test_the_tool_a_commit_moves_to_takes_the_old_ones_place(subject, stack, choice):
    batch = _history(subject)
    assert [p["tech_stack"] for p in _kept(batch, "project")] == [stack]
    assert [d["choice"] for d in _kept(batch, "decisions")] == [choice]


@pytest.mark.parametrize(
    ("subject", "stack"),
    [("PAY-125 Upgrade to Java 21 and Spring Boot 3.2",
      {"java": "Java 21", "spring_boot": "Spring Boot 3.2"}),
     ("Upgrade to Java 21, Spring Boot 3.2 and Gradle 8.5",
      {"java": "Java 21", "spring_boot": "Spring Boot 3.2", "gradle": "Gradle 8.5"})],
)  # fmt: skip
def test_every_version_a_move_names_is_the_stack(subject, stack):
    assert [p["tech_stack"] for p in _kept(_history(subject), "project")] == [stack]


@pytest.mark.parametrize(
    ("message", "port"),
    [("Container listens on 8080 instead of 8000 to match the ALB health check", "8080"),
     ("chore: container listens on 3000 instead of 8080", "3000"),
     ("API listens on :8081 now (8080 clashes with the envoy sidecar)", "8081")],
)  # fmt: skip
def test_the_port_a_commit_moves_the_service_to_is_a_setting_and_the_commit_a_change(message, port):
    batch = _history(message)
    assert [p["config"] for p in _kept(batch, "project")] == [{"port": port}]
    assert len(_kept(batch, "changelog")) == 1


@pytest.mark.parametrize(
    ("message", "paths"),
    [("feat(ci): build the release AAB on GitHub Actions\n\n"
      "签名 keystore 放在 repo secret，workflow 在 .github/workflows/release.yml",
      {"ci": ".github/workflows/release.yml"}),
     ("refactor: parse config with the toml crate\n\n"
      "The config file now lives at ~/.config/logpipe/config.toml; a one-shot command migrates.",
      {"config": "~/.config/logpipe/config.toml"})],
)  # fmt: skip
def test_where_a_commit_body_says_the_project_keeps_a_part_is_a_path(message, paths):
    facts = [p for p in _kept(_history(message), "project") if "paths" in p]
    assert [f["paths"] for f in facts] == [paths]


def test_the_files_a_commit_body_says_it_touched_are_no_paths():
    batch = _history("fix: handle nulls\n\nUpdate src/foo.py and tests/test_foo.py to skip nulls.")
    assert not any("paths" in p for action in ("stored", "review")
                   for p in _kept(batch, "project", action))  # fmt: skip


def test_a_migration_notes_example_of_the_old_usage_is_no_setting():
    batch = _history(
        "fix!: `max_delay` is in seconds, not milliseconds\n\n"
        "BREAKING CHANGE: if you passed max_delay=30000 meaning 30s, pass 30 now."
    )
    assert _kept(batch, "project") == []


def test_a_test_commit_that_moves_to_another_runner_is_a_change():
    batch = _history("test: jest -> vitest\n\nOne transform pipeline instead of babel-jest.")
    assert _summaries(batch) == ["jest -> vitest"]


def test_a_deploy_that_names_its_namespace_is_still_a_minor_commit():
    batch = _history(
        "chore(deploy): roll out to the cluster\n\nk8s namespace league-prod, 2 replicas."
    )
    assert _summaries(batch) == []


# ---- the reason a commit's body gives ------------------------------------------------------------


def test_a_commits_body_gives_the_reason_of_the_choice_its_subject_makes(
    memory: MemoryRoot, git_repo: Path
):
    _commit(git_repo, "refactor(ratelimit): 改用 Redis Lua 脚本\n\n"
                      "原因是 INCR+EXPIRE 两步不是原子操作，高并发下会漏掉过期时间。")  # fmt: skip
    _commit(git_repo, "refactor(queue): switch job queue to BullMQ\n\n"
                      "Kue is unmaintained and we need rate limiting, "
                      "so BullMQ it is.")  # fmt: skip
    _commit(git_repo, "build: migrate from webpack to Vite\n\n"
                      "Reason: webpack builds take 90s, Vite takes 4s.")  # fmt: skip
    _commit(git_repo, "refactor: switch the cache to Valkey\n\n"
                      "Since v2 the cache is shared. "
                      "Updated the docs as described in #12.")  # fmt: skip
    result = ingest.extract(memory, git="HEAD", dry_run=True)
    made = {c.entry["choice"]: c.entry.get("rationale") for c in result.batch.candidates
            if c.target == "decisions" and c.action == "stored"}  # fmt: skip
    assert made == {
        "Redis Lua 脚本": "INCR+EXPIRE 两步不是原子操作，高并发下会漏掉过期时间",
        "BullMQ": "Kue is unmaintained and we need rate limiting",
        "Vite": "webpack builds take 90s, Vite takes 4s",
        "Valkey": None,  # "since" and "as" tell time and manner in a body, not reasons
    }


def test_a_commit_message_asked_for_tells_the_work_and_changes_no_choice():
    batch = _run(
        ("user", "the service logs with logrus today; switch it to slog, the stdlib one"),
        ("assistant", "Done: all call sites now use log/slog with the JSON handler."),
        ("user", "commit it as 'refactor(logging): replace logrus with log/slog JSON handler'"),
    )
    decisions = _kept(batch, "decisions")
    assert [d["choice"] for d in decisions] == ["slog"]
    assert rules.asks_commit_message("提交信息写 'fix: 修复登录超时'")
    assert not rules.asks_commit_message("we should commit more often")


# ---- a naming pattern a commit sets --------------------------------------------------------------


def test_a_commit_that_sets_a_naming_pattern_records_it_as_a_decision():
    batch = _history(
        "docs: 资源命名规范 yh-<env>-<service>-<resource>\n\n"
        "所有阿里云资源按这个命名，tag 里带 env。"
    )
    [decision] = _kept(batch, "decisions")
    assert decision["choice"] == "yh-<env>-<service>-<resource>"
    assert decision["title"].startswith("Naming:")


def test_a_commit_with_a_generic_type_sets_no_naming_pattern():
    batch = _history("refactor: return Vec<String> from parse_tags\n\nCallers own the names.")
    assert [d for d in _kept(batch, "decisions") if "Naming" in str(d.get("title"))] == []


def test_a_commit_that_backs_a_switch_out_drops_the_switch():
    batch = _history(
        "feat: 统计页图表改用 Vico 2.0.0-alpha.19\n\nCompose 原生，不需要 AndroidView 包一层。",
        "revert: 统计页图表换回 MPAndroidChart 3.1.0\n\n"
        "Vico alpha 在低端机上滑动掉帧。等 Vico 出正式版再评估，目前统一用 MPAndroidChart。",
    )
    chosen = [str(d["choice"]) for d in _kept(batch, "decisions")]
    assert chosen and all("Vico" not in c for c in chosen)
    assert any(c.startswith("MPAndroidChart") for c in chosen)


def test_a_chinese_back_out_names_the_switch_by_its_first_characters_and_what_replaces_it():
    batch = _history(
        "feat(alert): 低电量告警推送改用钉钉机器人\n\n电量 < 25% 时推送到值班群。",
        "test: 告警规则单测",
        "revert: 回退钉钉推送，告警改走企业微信",
    )
    assert [str(d["choice"]) for d in _kept(batch, "decisions")] == ["企业微信"]


def test_a_back_out_of_one_thing_keeps_a_switch_to_another():
    batch = _history(
        "feat(web): 首页地图改用高德 JS API 2.0",
        "revert: 回退钉钉推送，告警改走企业微信",
    )
    assert [str(d["choice"]) for d in _kept(batch, "decisions")] == ["高德 JS API 2.0", "企业微信"]
