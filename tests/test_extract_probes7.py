"""What session 49's probes found, read by the extraction rules and the writer (7).

Two apps deployed on one platform, in one output or one after the other, are two records. A
commit's body gives the reason of the choice its subject makes. In a team's chat: going back to
a tool ("用回 Redis"), one left out for now and what is used instead ("先不上 Kafka，用 Redis
Stream"), a meeting's conclusion, what someone proposed, a vote.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from omp import extract as ex
from omp import ingest, rules
from omp.paths import MemoryRoot
from omp.yamlio import load
from tests.test_extract import _kept, _run
from tests.test_extract_en_probes2 import _choices, _said
from tests.test_ingest import _commit

FLY = """\
$ fly deploy -a {app}
==> Verifying app config
--> Verified app config
==> Building image
Watch your deployment at https://fly.io/apps/{app}/monitoring
Visit your newly deployed app at https://{app}.fly.dev/
"""


def _deployments(memory: MemoryRoot) -> dict[str, Any]:
    facts = load((memory.memory / "project.yaml").read_text(encoding="utf-8"))
    return {k: {f: v for f, v in r.items() if f != "updated_at"} for k, r in
            facts["deployment"].items()}  # fmt: skip


def _extract(memory: MemoryRoot, text: str) -> None:
    log = memory.project / "deploy.log"
    log.write_text(text, encoding="utf-8")
    ingest.extract(memory, [str(log)])


# ---- two apps on one platform ---------------------------------------------------------------


def test_two_apps_of_one_platform_in_one_output_are_two_deploys():
    from omp.deploy import parse_deploy

    batch = ex.Batch()
    ex.from_deploys(parse_deploy(FLY.format(app="acme-api") + FLY.format(app="acme-web")), batch,
                    path="deploy.log")  # fmt: skip
    ex.settle(batch, [], today="2026-12-05")
    facts = [c.entry["deployment"] for c in batch.candidates if c.target == "project"]
    assert facts == [
        {"fly": {"status": "active", "url": "https://acme-api.fly.dev", "app": "acme-api"}},
        {"acme-web": {"status": "active", "url": "https://acme-web.fly.dev", "platform": "fly"}},
    ]
    changes = [c.entry["summary"] for c in batch.candidates if c.target == "changelog"]
    assert changes == [
        "Deploy acme-api to production at https://acme-api.fly.dev",
        "Deploy acme-web to production at https://acme-web.fly.dev",
    ]


def test_a_later_deploy_of_another_app_does_not_overwrite_the_platforms_record(
    memory: MemoryRoot,
):
    _extract(memory, FLY.format(app="acme-api"))
    _extract(memory, FLY.format(app="acme-web"))
    _extract(memory, FLY.format(app="acme-api"))  # each app again: to its own record
    _extract(memory, FLY.format(app="acme-web"))
    assert _deployments(memory) == {
        "fly": {"status": "active", "url": "https://acme-api.fly.dev", "app": "acme-api"},
        "acme-web": {"status": "active", "url": "https://acme-web.fly.dev", "platform": "fly"},
    }


def test_a_platform_record_without_an_app_is_taken_to_be_the_first_deployed_one():
    batch = ex.Batch()  # deployment.fly was written without an app (by hand)
    ex.from_deploys(_fly_events("acme-web") + _fly_events("acme-api"), batch, path="deploy.log")
    stored = ex.StoredMemory(deployments={"fly": {}})
    ex.settle(batch, stored, today="2026-12-05")
    facts = [c.entry["deployment"] for c in batch.candidates if c.target == "project"]
    assert [list(f) for f in facts] == [["fly"], ["acme-api"]]


def test_an_app_named_like_another_record_gets_the_platform_in_its_key():
    batch = ex.Batch()
    ex.from_deploys(_fly_events("web"), batch, path="deploy.log")
    stored = ex.StoredMemory(deployments={"fly": {"app": "api"}, "web": {}})  # kubectl's "web"
    ex.settle(batch, stored, today="2026-12-05")
    (facts,) = [c.entry["deployment"] for c in batch.candidates if c.target == "project"]
    assert facts == {"fly-web": {"status": "active", "url": "https://web.fly.dev",
                                 "platform": "fly"}}  # fmt: skip


def _fly_events(app: str) -> list[Any]:
    from omp.deploy import parse_deploy

    return parse_deploy(FLY.format(app=app))


def test_the_records_keys_are_read_from_project_yaml(memory: MemoryRoot):
    _extract(memory, FLY.format(app="acme-api") + FLY.format(app="acme-web"))
    with ingest.stored_memory(memory) as stored:
        assert stored.deployments == {
            "fly": {"app": "acme-api"},
            "acme-web": {"platform": "fly"},
        }


# ---- the reason a commit's body gives --------------------------------------------------------


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


# ---- a chat of several people ------------------------------------------------------------------


def test_a_chat_of_people_gives_their_choices_and_leaves_preferences_for_review(
    memory: MemoryRoot,
):
    chat = memory.project / "team.md"
    chat.write_text(
        "张伟: 今天把订单服务的存储定一下吧\n"
        "李娜: 我还是倾向 MySQL，运维那边熟\n"
        "王强: 我喜欢 yarn 哈哈，不过不重要\n"
        "张伟: 好，那我们定了用 PostgreSQL 15，不用 MySQL 了\n"
        "李娜: 行\n",
        encoding="utf-8",
    )
    result = ingest.extract(memory, [str(chat)], dry_run=True)
    got = {(c.target, c.action): c.entry for c in result.batch.candidates
           if c.target in ("decisions", "user")}  # fmt: skip
    assert (
        got[("decisions", "stored")]["context"] == "好，那我们定了用 PostgreSQL 15，不用 MySQL 了"
    )
    assert got[("user", "review")]["text"] == "我喜欢 yarn 哈哈，不过不重要"


# ---- a team's chat ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("我觉得还是用回 Redis 吧", "Redis", []),
        ("不过交付压力大，还是用回 Ant Design", "Ant Design", []),
        ("同意，先不上 Kafka，用 Redis Stream 顶一下", "Redis Stream", ["Kafka"]),
        ("先不上 k8s，我们就三台机器，docker compose 够用了", "docker compose", ["k8s"]),
        ("**结论：继续使用 Nginx，APISIX 暂不引入，Q3 再评估。**", "Nginx", ["APISIX"]),
        ("就用 Redis，Kafka 先不上", "Redis", ["Kafka"]),
        ("Decision: admin console uses React 18 with TypeScript, reusing @acme/ui.",
         "React 18 with TypeScript", []),
    ],
)  # fmt: skip
def test_what_a_team_settles_is_a_decision(sentence, choice, alternatives):
    assert _choices(*_said(sentence)) == [(choice, alternatives)]


@pytest.mark.parametrize(
    "sentence",
    [
        "王强提议把 Nginx 换成 APISIX，理由是插件多、支持动态路由。",
        "不用 Kafka，用 Redis 会不会有问题",
        "先不上 k8s 吗，docker compose 够用吗？",
        "lets just do a quick vote.",
        "I'd vote Vue 3, honestly.",
    ],
)
def test_a_proposal_a_doubt_or_a_vote_decides_nothing(sentence):
    assert _choices(*_said(sentence)) == []
    assert rules.decision(sentence) is None


def test_a_vote_states_no_stack():
    assert rules.version_facts("I'd vote Vue 3, honestly.", own=True) == {}


# ---- deploy output inside a conversation ------------------------------------------------------


def _deploys_of(memory: MemoryRoot, path: Path) -> tuple[dict[str, Any], list[str]]:
    result = ingest.extract(memory, [str(path)], dry_run=True)
    kept = [c for c in result.batch.candidates if c.action == "stored"]
    places = {k: v for c in kept if c.target == "project" for k, v in
              c.entry.get("deployment", {}).items()}  # fmt: skip
    # the deploy's changelog line waits for review: the talk tells the work
    changes = [c.entry["summary"] for c in result.batch.candidates
               if c.target == "changelog" and c.action == "review"]  # fmt: skip
    return places, changes


def test_a_deploy_log_pasted_into_a_chat_is_read_with_the_chat(memory: MemoryRoot):
    chat = memory.project / "team.md"
    chat.write_text(
        "[10:02] alice: ok changed: we go with Fly.io instead of Heroku.\n"
        "[10:05] bob: fine by me\n"
        "[10:40] alice: deployed:\n```\n" + FLY.format(app="webhook-relay") + "```\n"
        "[10:41] bob: nice, upstream timeout 10s please\n",
        encoding="utf-8",
    )
    places, changes = _deploys_of(memory, chat)
    assert places == {"fly": {"status": "active", "url": "https://webhook-relay.fly.dev",
                              "app": "webhook-relay"}}  # fmt: skip
    assert changes == ["Deploy webhook-relay to production at https://webhook-relay.fly.dev"]
    result = ingest.extract(memory, [str(chat)], dry_run=True)
    assert [c.entry["choice"] for c in result.batch.candidates
            if c.target == "decisions" and c.action == "stored"] == ["Fly.io"]  # fmt: skip


def test_a_deploy_an_agents_tool_ran_is_read_from_its_output(memory: MemoryRoot):
    def said(uuid: str, parent: str | None, role: str, content: Any) -> dict[str, Any]:
        return {"type": role, "uuid": uuid, "parentUuid": parent,
                "message": {"role": role, "content": content}}  # fmt: skip

    ran = [{"type": "tool_result", "tool_use_id": "t1", "content": FLY.format(app="acme-api")}]
    lines = [
        said("u1", None, "user", "ship the api to production please"),
        said("a1", "u1", "assistant", "Running fly deploy."),
        said("t1", "a1", "user", ran),
        said("a2", "t1", "assistant", "Done, it is live."),
    ]
    session = memory.project / "session.jsonl"
    session.write_text("\n".join(map(json.dumps, lines)), encoding="utf-8")
    places, changes = _deploys_of(memory, session)
    assert places["fly"]["url"] == "https://acme-api.fly.dev"
    assert changes == ["Deploy acme-api to production at https://acme-api.fly.dev"]


# ---- facts said in passing --------------------------------------------------------------------


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


def test_a_value_given_as_an_example_in_a_question_is_no_setting():
    assert rules.assertion("say PORT=5000, does railway inject its own?") == ""
    assert rules.assertion("X is MySQL 8.0, is that OK?") == "X is MySQL 8.0"


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


def test_a_ruby_module_is_no_go_module():
    from omp import buildfiles

    assert buildfiles.facts("module Webhooks\n  class GithubController\n  end\nend\n") == {}
    assert buildfiles.facts("module github.com/acme/api\n\ngo 1.22\n")["project"] == {
        "module": "github.com/acme/api"
    }


@pytest.mark.parametrize("sentence", ["我们的 metrics-pipeline 要上线了", "快发版了", "马上部署"])
def test_work_about_to_happen_is_not_done(sentence):
    assert rules.finished_work(sentence) is None


def test_when_something_was_agreed_is_no_choice():
    assert rules.decision("oh wait, we're bumping to Node 22, the team agreed yesterday.") is None


# ---- secrets said over two messages, or said again ------------------------------------------


def test_a_secret_given_in_the_message_after_its_label_or_said_again_is_redacted():
    batch = ex.Batch()
    said = ["the cloudflare api token for the dns challenge is",
            "Jf7Kq2Lm9Xp4Rz8Tn3Vb6Yc1Wd5Hs0Ga2Ue4Io6",
            "DB_PASSWORD=Xy7kLm2Qp9Wz in staging",
            "psql still rejects Xy7kLm2Qp9Wz, weird"]  # fmt: skip
    clean = [ex.redact_text(text, "chat.md", n, batch) for n, text in enumerate(said)]
    assert clean[1] == "[REDACTED:secret on the line after its name]"
    assert clean[3] == "psql still rejects [REDACTED:secret], weird"
    assert [(r.index, r.kind) for r in batch.redactions] == [
        (1, "secret on the line after its name"),
        (2, "secret assigned to DB_PASSWORD"),
        (3, "secret assigned to DB_PASSWORD"),
    ]
    other = ex.Batch()  # another source's message is no label of this one's
    ex.redact_text(said[0], "a.md", 0, other)
    assert ex.redact_text(said[1], "b.md", 0, other) == said[1]


# ---- meeting notes ------------------------------------------------------------------------------

NOTES = """\
# 支付中台周会纪要

### 1. 网关选型
王强提议把 Nginx 换成 APISIX，理由是插件多。
**结论：继续使用 Nginx，APISIX 暂不引入，Q3 再评估。**

### 2. 幂等方案
**结论：幂等改为 Redis SETNX + 请求指纹（TTL 24 小时），数据库唯一索引作为兜底保留。**

### 3. 配置调整
- 支付回调超时设成 30 秒，重试 3 次，退避间隔 5s/30s/120s
- 对账任务每天凌晨 2 点跑，改成 3 点（避开 DBA 备份窗口）
"""


def test_the_conclusions_of_meeting_notes_are_decisions_titled_by_themselves():
    decided = {d["choice"]: d["title"] for d in _kept(_run(("user", NOTES)), "decisions")}
    assert decided == {
        "Nginx": "Use Nginx",
        "Redis SETNX + 请求指纹": "采用 Redis SETNX + 请求指纹",  # not the next section's settings
        "对账任务每天凌晨 3 点": "采用 对账任务每天凌晨 3 点",
    }


def test_the_section_a_heading_opens_takes_no_detail_of_the_decision_before():
    said = "就用 vue-i18n。默认语言 zh-CN，fallback 用 en。"
    (decision,) = _kept(_run(("user", said)), "decisions")
    assert decision["title"] == "Use vue-i18n: 默认语言 zh-CN; fallback 用 en"
    (apart,) = _kept(_run(("user", "就用 vue-i18n。\n\n## 部署\n\n默认语言 zh-CN。")), "decisions")
    assert apart["title"] == "Use vue-i18n"


# ---- the commits an agent made -----------------------------------------------------------------


def test_an_agents_commit_takes_the_sha_git_printed_and_committed_as_sha_is_no_entry(
    memory: MemoryRoot,
):
    def said(uuid: str, parent: str | None, role: str, content: Any) -> dict[str, Any]:
        return {"type": role, "uuid": uuid, "parentUuid": parent,
                "message": {"role": role, "content": content}}  # fmt: skip

    run = {
        "type": "tool_use",
        "id": "t1",
        "name": "Bash",
        "input": {"command": 'git commit -am "Move order confirmation emails to GoodJob"'},
    }
    printed = [{"type": "tool_result", "tool_use_id": "t1",
                "content": "[main 4f9c2ab] Move order confirmation emails to GoodJob\n"
                           " 7 files changed, 118 insertions(+), 9 deletions(-)"}]  # fmt: skip
    lines = [
        said("u1", None, "user", "move the confirmation emails to goodjob and commit"),
        said("a1", "u1", "assistant", [run]),
        said("t1", "a1", "user", printed),
        said("a2", "t1", "assistant", "Committed as `4f9c2ab`."),
    ]
    session = memory.project / "session.jsonl"
    session.write_text("\n".join(map(json.dumps, lines)), encoding="utf-8")
    result = ingest.extract(memory, [str(session)], dry_run=True)
    changes = [(c.entry["summary"], c.entry.get("ref"), c.action)
               for c in result.batch.candidates if c.target == "changelog"]  # fmt: skip
    assert changes == [("Move order confirmation emails to GoodJob", "4f9c2ab", "stored")]


# ---- a setting corrected ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "choice", "config"),
    [
        ("附件上传大小限制设为 20MB。哦不对，产品说要 50MB，改成 50MB",
         "附件上传大小限制 50MB", {"upload_max_size": "50MB"}),
        ("数据保留 TTL 90 天。哦不，合规那边要求 180 天，改成 180 天",
         "数据保留 TTL 180 天", {"ttl": "180天"}),
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


def test_an_address_at_a_databases_port_is_keyed_by_the_database():
    assert rules.url_facts("测试环境数据库我建好了，地址 pg-test.internal:5432") == {
        "postgres": "pg-test.internal:5432"
    }
