from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omp import extract as ex
from omp import rules
from omp.constants import AUTO_STORE_AT
from omp.extract import candidates
from omp.rules import values
from tests.extraction import _kept, _run


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("Let's go with Postgres because we need concurrent writers.", "Postgres", ()),
        ("We decided to use pnpm instead of npm.", "pnpm", ("npm",)),
        ("OK, decided: we use pnpm.", "pnpm", ()),
        ("Decision: keep the monorepo with Turborepo.", "keep the monorepo with Turborepo", ()),
        ("Use Tailwind for styling.", "Tailwind", ()),
        ("我们决定采用 FastAPI 而不是 Flask，因为需要异步。", "FastAPI", ("Flask",)),
        ("就用 Redis 吧", "Redis", ()),
        ("最终决定使用 PostgreSQL 作为主数据库。", "PostgreSQL", ()),
        ("let's do polars with the lazy API", "polars", ()),
        ("Changed my mind on logging btw: switch to defmt + defmt-rtt.", "defmt + defmt-rtt", ()),
        ("just make it lighter: use Redis as broker", "Redis as broker", ()),
        (
            "OK 那就这样定了：embedding 用 text-embedding-3-small，1536 维",
            "text-embedding-3-small",
            (),
        ),
        ("用 shopspring/decimal 吧，big.Rat 太难用了", "shopspring/decimal", ("big.Rat",)),
    ],
)
def test_decisions_are_read_in_english_and_chinese(sentence, choice, alternatives):
    d = rules.decision(sentence)
    assert d is not None
    assert d.choice == choice
    assert d.alternatives == alternatives


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        # what is moved from is turned down, what is moved to is chosen
        ("We decided to switch from npm to pnpm for the monorepo.", "pnpm", ("npm",)),
        ("We decided to move from Heroku to Fly.io.", "Fly.io", ("Heroku",)),
        ("我们决定从 MySQL 迁移到 PostgreSQL。", "PostgreSQL", ("MySQL",)),
        # an option given up before the choice is named
        ("Let's drop Redux and use Zustand.", "Zustand", ("Redux",)),
        ("不用 Kafka 了，改成 RabbitMQ。", "RabbitMQ", ("Kafka",)),
        ("Pulsar 不考虑了，就用 Kafka。", "Kafka", ("Pulsar",)),
        ("缓存方案定为 Redis Cluster，放弃 Memcached。", "Redis Cluster", ("Memcached",)),
        ("所以最后定的是：按环境分 namespace，不按业务线分。", "按环境分 namespace", ()),
        # where it runs, said against another
        ("We'll deploy on Fly.io rather than Heroku.", "Fly.io", ("Heroku",)),
        ("部署到阿里云 ACK，不上自建 k8s 了。", "阿里云 ACK", ("自建 k8s",)),
        # "选择" is one verb, not "选" and a stray "择"
        ("最终选择 Vite 作为构建工具，因为启动快。", "Vite", ()),
        # which one, then its name
        ("用官方的 go-elasticsearch v8。", "go-elasticsearch v8", ()),
        (
            "We chose to keep the monolith and not split into microservices.",
            "monolith",
            ("split into microservices",),
        ),
        ("Going forward all new services are written in Go.", "Go", ()),
        # an option turned down for its weight
        ("Let's stick with REST; GraphQL is overkill here.", "REST", ("GraphQL",)),
        ("还是用 REST 吧，GraphQL 太重了。", "REST", ("GraphQL",)),
        ("以后所有提交都用 conventional commits 格式。", "conventional commits 格式", ()),
    ],
)
def test_common_ways_of_stating_a_choice_name_it_and_what_it_replaces(
    sentence, choice, alternatives
):
    d = rules.decision(sentence)
    assert d is not None
    assert (d.choice, d.alternatives) == (choice, alternatives)


def test_a_purpose_ends_before_the_option_turned_down():
    d = rules.decision("We picked Stripe for payments over Paddle.")
    assert d is not None
    assert (d.choice, d.purpose, d.alternatives) == ("Stripe", "payments", ("Paddle",))


@pytest.mark.parametrize(
    "sentence",
    [
        "之后用户可以用 Google 登录",  # what users can do, not a rule for the project
        "以后再说",
        "We moved the API to Cloud Run.",  # work done, no option against it
    ],
)
def test_later_and_moves_without_a_choice_against_another_are_not_decisions(sentence):
    assert rules.decision(sentence) is None


@pytest.mark.parametrize(
    ("sentence", "places"),
    [
        (
            "Staging is at https://staging.acme.dev and prod at https://acme.dev.",
            {"staging": "https://staging.acme.dev", "production": "https://acme.dev"},
        ),
        (
            "测试环境地址是 https://test.example.cn，生产是 https://example.cn。",
            {"staging": "https://test.example.cn", "production": "https://example.cn"},
        ),
    ],
)
def test_every_place_a_sentence_deploys_to_is_kept(sentence, places):
    batch = _run(("user", sentence))
    facts = _kept(batch, "project")
    deployed = {k: v["url"] for f in facts for k, v in f.get("deployment", {}).items()}
    assert deployed == places


@pytest.mark.parametrize(
    ("sentence", "setting"),
    [
        ("本地数据库端口是 5433。", {"port": "5433"}),
        ("超时时间改成 30s", {"timeout": "30s"}),
        ("副本数设为 3", {"replicas": "3"}),
        ("日志保留 30 天。", {"retention": "30 天"}),
        ("主要存传感器读数，每天大概 4 亿行，保留 400 天。", {"retention": "400 天"}),
        ("token 有效期 2 小时", {"token_ttl": "2 小时"}),  # whose it is, named before it
        ("保留了 3 个字段", {}),  # kept, not a retention
        ("保留最近 5 个版本", {}),
        ("The database runs on port 5433 locally.", {"port": "5433"}),
    ],
)
def test_settings_named_in_chinese_get_the_english_key(sentence, setting):
    assert rules.settings(sentence) == setting


def test_a_port_range_is_no_port():
    assert "port" not in rules.settings(
        "配置就放 infra/livekit.yaml，UDP 端口范围 50000-60000 OK。"
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Maybe we could try Redis?",
        "Should we use MongoDB?",
        "也许可以试试 Bun",
        "要不要考虑一下 Kafka",
        "I'll use grep to find the file.",
        "We are not going to use GraphQL.",
        "1. Memcached：纯 KV 缓存，多线程，简单稳定，内存利用率高。",
        "let's do express-rate-limit with the MemoryStore for now.",  # provisional
        "remote 改成 git@github.com:yunmo-media/media-infra.git",  # an address, not a choice
    ],
)
def test_tentative_talk_questions_and_narration_are_not_decisions(sentence):
    assert rules.decision(sentence) is None


def test_a_reversed_decision_keeps_only_the_final_choice_with_the_old_one_as_alternative():
    batch = _run(
        ("user", "Let's use MySQL for the orders service."),
        ("assistant", "OK, I set up the MySQL container."),
        ("user", "Actually, let's go with Postgres instead, we need JSONB."),
    )
    decisions = _kept(batch, "decisions")
    assert [d["choice"] for d in decisions] == ["Postgres"]
    assert decisions[0]["alternatives"] == ["MySQL"]
    dropped = [c for c in batch.candidates if c.action == "dropped" and c.target == "decisions"]
    assert "reversed later" in (dropped[0].note or "")


def test_a_new_plan_replaces_the_last_choice_it_does_not_name():
    batch = _run(
        ("user", "Let's go with a listen server over ENet, and add host migration."),
        ("assistant", "Host migration is hard: NAT traversal, state handover."),
        ("user", "ugh, NAT. ok scrap host migration. New plan: dedicated headless server."),
    )
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["dedicated headless server"]


def test_a_chinese_reversal_keeps_the_final_choice():
    batch = _run(
        ("user", "缓存就用 Memcached 吧。"), ("user", "算了，还是用 Redis 吧，需要分布式锁。")
    )
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["Redis"]


def test_a_change_of_mind_takes_back_the_choice_its_name_shares_a_word_with():
    chose = "ingress 先用 ingress-nginx 吧，跟 staging 一样。IRSA 换成 RRSA，role 名 svc-rrsa。"
    batch = _run(
        ("user", "我们在把 notify-svc 的 Helm chart 迁到 ACK，帮我看看要改什么。"),
        ("assistant", "Ingress 可选：(a) 装 ingress-nginx；(b) 用 ALB Ingress Controller。"),
        ("user", chose),
        ("assistant", "好的，我先改 values-ack.yaml。"),
        ("user", "改主意了：用 ALB Ingress，AlbConfig 叫 alb-public。"),
    )
    chosen = [d["choice"] for d in _kept(batch, "decisions")]
    assert "ingress-nginx" not in chosen
    assert "RRSA" in chosen and "ALB Ingress" in chosen


def test_a_switch_of_a_named_part_replaces_the_choice_made_for_it():
    batch = _run(
        (
            "user",
            "ItemData 用 Resource 这个方案可以。存档就直接用 ResourceSaver 存成 .tres 吧，省事。",
        ),
        ("assistant", "好，我先写 InventorySave。"),
        ("user", "OK 那存档改用 System.Text.Json，加 schemaVersion 字段。"),
    )
    decisions = {d["choice"]: d for d in _kept(batch, "decisions")}
    assert set(decisions) == {"ItemData 用 Resource", "System.Text.Json"}  # not about the saves
    assert decisions["System.Text.Json"]["alternatives"] == ["ResourceSaver 存成 .tres"]


@pytest.mark.parametrize(
    ("sentence", "part"),
    [
        ("OK 那存档改用 System.Text.Json，加 schemaVersion 字段。", "存档"),
        ("语言文件还是改成 JSON 吧。", "语言文件"),  # "还是" is no part of the part
        ("Let's switch the saves to JSON.", "saves"),
        ("统一改用 Vitest。", None),  # "all of it", not a part
        ("Let's switch to Riverpod.", None),
        ("用 Postgres。", None),
    ],
)
def test_the_part_a_switch_names(sentence, part):
    assert rules.switched_part(sentence) == part


def test_an_assistant_proposal_becomes_a_decision_only_when_the_user_accepts():
    accepted = _run(
        ("user", "Which test runner should we use?"),
        ("assistant", "I'd suggest Vitest, since it shares the Vite config."),
        ("user", "Sounds good, do that."),
    )
    assert [d["choice"] for d in _kept(accepted, "decisions")] == ["Vitest"]
    ignored = _run(
        ("user", "Which test runner should we use?"),
        ("assistant", "I'd suggest Vitest, since it shares the Vite config."),
        ("user", "Let me think about it and ask the team tomorrow."),
    )
    assert _kept(ignored, "decisions") == []
    assert [d["choice"] for d in _kept(ignored, "decisions", "review")] == ["Vitest"]


def test_tentative_talk_is_dropped_as_ephemeral():
    batch = _run(("user", "Maybe we could try Bun for the scripts at some point."))
    assert _kept(batch, "decisions") == []
    assert any(c.scope == "EPHEMERAL" and c.action == "dropped" for c in batch.candidates)


def test_facts_work_and_preferences_are_routed_to_their_targets():
    batch = _run(
        ("user", "The project uses Next.js 14 and Prisma. I prefer tabs over spaces."),
        ("assistant", "I've fixed the login redirect loop in auth.ts."),
        ("assistant", "Deployed to https://shop-demo.vercel.app, all checks green."),
        ("user", "我习惯用 vim 写代码。"),
    )
    facts = _kept(batch, "project")
    assert {"tech_stack": {"frontend": "Next.js 14", "orm": "Prisma"}} in facts
    assert {
        "deployment": {"vercel": {"url": "https://shop-demo.vercel.app", "status": "active"}}
    } in facts
    assert [c["type"] for c in _kept(batch, "changelog")][:1] == ["fix"]
    assert sorted(u["text"] for u in _kept(batch, "user")) == [
        "I prefer tabs over spaces",
        "我习惯用 vim 写代码",
    ]
    users = [c for c in batch.candidates if c.target == "user"]
    assert {c.scope for c in users} == {"PERSONAL"}


def test_one_session_record_per_conversation_and_none_for_small_talk():
    batch = _run(("user", "We decided to use Redis for caching."), ("assistant", "Noted."))
    sessions = _kept(batch, "sessions")
    assert len(sessions) == 1
    assert sessions[0]["decisions"] == ["Use Redis for caching"]
    assert _kept(_run(("user", "thanks!"), ("assistant", "ok")), "sessions") == []


def test_secrets_are_redacted_before_any_rule_sees_them():
    batch = _run(
        ("user", "We decided to use Stripe; the key is sk_live_51HabcdefghijklmnopqrstuV.")
    )
    assert [r.kind for r in batch.redactions] == ["Stripe key"]
    assert "sk_live" not in repr([c.entry for c in batch.candidates])


def test_a_duplicate_of_stored_memory_is_skipped_and_a_near_duplicate_merged():
    stored = [ex.Stored("decisions", "dec-1", "Use Redis for caching Redis", {})]
    batch = _run(("user", "We decided to use Redis for caching."), stored=stored)
    (c,) = [c for c in batch.candidates if c.target == "decisions"]
    assert c.action == "dropped"
    assert "duplicate of dec-1" in (c.note or "")
    near = [ex.Stored("decisions", "dec-2", "Use Redis for caching of sessions Redis", {})]
    batch = _run(("user", "We decided to use Redis for caching."), stored=near)
    (c,) = [c for c in batch.candidates if c.target == "decisions"]
    assert (c.action, c.merge_into) == ("merged", "dec-2")


def test_an_obsolete_signal_supersedes_the_stored_decision():
    stored = [
        ex.Stored(
            "decisions",
            "dec-old",
            "Use Moment.js moment.js",
            {"choice": "moment.js", "status": "active"},
        )
    ]
    batch = _run(("user", "We no longer use moment.js; we switched to dayjs."), stored=stored)
    superseded = [c for c in batch.candidates if c.action == "superseded"]
    assert [c.entry for c in superseded] == [
        {"id": "dec-old", "status": "superseded", "valid_to": "2026-11-30"}
    ]


def test_thresholds_route_by_confidence():
    batch = ex.Batch()
    src = {"path": "x", "index": 0}
    words = ("billing", "search", "login", "export", "upload")
    for conf, word in zip((0.95, 0.7, 0.69, 0.4, 0.39), words, strict=True):
        batch.candidates.append(
            ex.Candidate("changelog", {"summary": f"Rework the {word} page layout"}, conf, "t", src)
        )
    ex.settle(batch, [], today="2026-11-30")
    assert [c.action for c in batch.candidates] == [
        "stored",
        "stored",
        "review",
        "review",
        "dropped",
    ]


def test_a_detail_a_later_choice_gives_up_leaves_the_earlier_choice():
    batch = ex.Batch()
    said = "enable MCUboot via sysbuild (overwrite-only, ECDSA P-256)"
    earlier: dict[str, Any] = {"title": said, "choice": said}
    later: dict[str, Any] = {"title": "Use swap-using-move", "choice": "swap-using-move"}
    later["alternatives"] = ["overwrite-only"]
    for n, entry in enumerate((earlier, later)):
        src = {"path": "chat.txt", "index": n}
        batch.candidates.append(ex.Candidate("decisions", entry, 0.8, "t", src))
    ex.settle(batch, [], today="2026-11-30")
    first = batch.candidates[0].entry
    assert first["choice"] == "enable MCUboot via sysbuild (ECDSA P-256)"
    assert first["alternatives"] == ["overwrite-only"]


def test_a_surer_copy_of_an_item_for_review_stores_it_once():
    batch = ex.Batch()
    entry = {"title": "Replace datetime.utcnow() with datetime.now(timezone.utc) everywhere"}
    for conf, n in ((0.6, 1), (0.8, 3)):
        src = {"path": "chat.txt", "index": n}
        batch.candidates.append(ex.Candidate("decisions", dict(entry), conf, "t", src))
    ex.settle(batch, [], today="2026-11-30")
    assert [(c.action, c.confidence) for c in batch.candidates] == [
        ("stored", 0.8),
        ("dropped", 0.8),
    ]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["user", "assistant", "system"]), st.text()), max_size=6))
def test_extraction_never_raises_on_any_text(turns):
    batch = _run(*turns)
    assert all(c.action in ex.ACTIONS for c in batch.candidates)


def test_a_long_sentence_opening_like_filler_is_read():
    batch = _run(
        ("user", "Let's go with PostHog, I like the session replay."),
        ("assistant", "Installing the PostHog client."),
        ("user", "Wait, legal just pinged me: no cookie banner is allowed, so PostHog is out. "
                 "Switch to Plausible instead, it's cookieless."),
    )  # fmt: skip
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["Plausible"]
    assert rules.refused("so PostHog is out.") == ["posthog"]


def test_a_tool_the_person_would_rather_not_run_turns_the_choice_of_it_down():
    batch = _run(
        ("user", "Option 3 sounds cleanest. Let's go with TiCDC."),
        ("assistant", "A changefeed for the ledger tables."),
        ("user", "Honestly I'd rather not run TiCDC at all. Outbox plus a polling relay."),
    )  # fmt: skip
    assert "TiCDC" not in [d["choice"] for d in _kept(batch, "decisions")]


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("决定：放弃进程内 LRU 缓存，多实例下数据不一致。", None, ()),
        ("决定：放弃 Memcached，改用 Redis。", "Redis", ("Memcached",)),
        ("Decision: drop Moment.js and use date-fns.", "date-fns", ("Moment",)),
        ("Thanks, I'll come back once I've decided on storage.", None, ()),
    ],
)
def test_what_is_given_up_or_not_yet_decided_is_not_the_choice(sentence, choice, alternatives):
    d = rules.decision(sentence)
    assert (d.choice if d else None) == choice
    if d is not None:
        assert d.alternatives == alternatives


def test_chinese_done_work_without_a_subject_takes_the_clause_before():
    work = rules.finished_work(
        "顺便说下，CI 里 node_modules 的缓存之前一直没命中，我昨天已经修好了，原因是路径写错了。"
    )
    assert (
        work is not None
        and work.summary == "CI 里 node_modules 的缓存之前一直没命中，我昨天已经修好了"
    )
    done = rules.finished_work("缓存的问题我昨天已经修好了，原因是 key 没带版本号。")
    assert done is not None and done.summary == "缓存的问题我昨天已经修好了"


def _deploy(status: str, line: int, deploy_id: str | None, url: str | None = None) -> Any:
    from omp.deploy import DeployEvent

    return DeployEvent("wrangler", "cloudflare", status, url, deploy_id, line, "shortlink")


def test_a_failed_deploy_retried_with_success_is_live_and_a_rollback_stays_failed():
    batch = ex.Batch()
    ex.from_deploys(
        [_deploy("failed", 10, None), _deploy("active", 30, "v2", "https://s.example")],
        batch,
        path="deploy.log",
    )
    facts = [c.entry for c in batch.candidates if c.target == "project"]
    assert facts == [
        {"deployment": {"cloudflare": {"status": "active", "url": "https://s.example",
                                       "app": "shortlink"}}}
    ]  # fmt: skip
    rollback = ex.Batch()
    ex.from_deploys([_deploy("failed", 10, "v2"), _deploy("active", 30, "v2")], rollback,
                    path="deploy.log")  # fmt: skip
    changes = [c.entry["summary"] for c in rollback.candidates if c.target == "changelog"]
    assert changes == ["Deploy of shortlink failed; rolled back"]
    assert [c.confidence for c in rollback.candidates if c.target == "changelog"] == [0.6]


def test_a_second_fly_deploy_that_went_live_is_a_retry_and_a_kubectl_one_a_rollback():
    from omp.deploy import DeployEvent

    def fly(status: str, line: int, url: str | None = None) -> Any:
        return DeployEvent("fly", "fly", status, url, None, line, "ledger-api")

    retry = ex.Batch()  # fly deploy failed its health checks; the next fly deploy went live
    ex.from_deploys([fly("failed", 40), fly("active", 99, "https://ledger-api.fly.dev")], retry,
                    path="deploy.log")  # fmt: skip
    (change,) = [c for c in retry.candidates if c.target == "changelog"]
    assert (
        change.entry["summary"] == "Deploy ledger-api to production at https://ledger-api.fly.dev"
    )
    assert change.confidence >= AUTO_STORE_AT
    (facts,) = [c.entry for c in retry.candidates if c.target == "project"]
    assert facts["deployment"]["fly"]["status"] == "active"

    applied = ex.Batch()  # the migrations the failed attempt applied stay applied
    ex.from_deploys([_deploy("failed", 10, None)._replace(migrations=("0007_add_cart_expiry",)),
                     _deploy("active", 30, "v2", "https://s.example")], applied,
                    path="deploy.log")  # fmt: skip
    assert [c.entry["summary"] for c in applied.candidates if c.target == "changelog"] == [
        "Deploy shortlink to production at https://s.example",
        "Apply migration 0007_add_cart_expiry",
    ]

    undo = ex.Batch()  # `kubectl rollout undo` goes live too: production went back
    rollout = [DeployEvent("kubectl", "kubectl", s, None, None, n, "gw") for s, n in
               (("failed", 12), ("active", 30))]  # fmt: skip
    ex.from_deploys(rollout, undo, path="deploy.log")
    (change,) = [c for c in undo.candidates if c.target == "changelog"]
    assert change.entry["summary"] == "Deploy of gw failed; rolled back"


def test_a_deploy_rolled_back_to_a_known_version_is_a_change_to_store():
    batch = ex.Batch()
    failed = _deploy("failed", 10, "v2")._replace(version="v2.3.1", restored="v2.2.4")
    ex.from_deploys([failed, _deploy("active", 30, "v2")._replace(version="v2.2.4")], batch,
                    path="deploy.log")  # fmt: skip
    (change,) = [c for c in batch.candidates if c.target == "changelog"]
    assert change.entry["summary"] == "Deploy of shortlink v2.3.1 failed; rolled back to v2.2.4"
    assert change.confidence >= AUTO_STORE_AT
    (facts,) = [c.entry for c in batch.candidates if c.target == "project"]
    assert facts["deployment"]["cloudflare"]["rolled_back_to"] == "v2.2.4"


def test_a_secret_named_by_its_key_in_a_deploy_fact_is_redacted_and_reported():
    from omp.deploy import DeployEvent

    event = DeployEvent("wrangler", "cloudflare", "active", "https://s.example", "v2", 10,
                        "img", bindings=(("URL_SIGNING_KEY", "kt_sig_4Fq9Lm2xT7"),
                                         ("MAX_WIDTH", "2560")))  # fmt: skip
    batch = ex.Batch()
    ex.from_deploys([event], batch, path="deploy.log")
    ex.settle(batch, [], today="2026-11-30")
    fact = next(c for c in batch.candidates if c.target == "project")
    assert fact.entry["deployment"]["cloudflare"]["bindings"] == {
        "URL_SIGNING_KEY": "[REDACTED:secret]",
        "MAX_WIDTH": "2560",
    }
    assert [r.kind for r in batch.redactions] == ["secret assigned to URL_SIGNING_KEY"]


def test_a_deploy_that_went_live_is_stored_and_a_failed_one_waits_for_review():
    for status, url, action in (
        ("active", "https://s.example", "stored"),
        ("failed", None, "review"),
    ):
        batch = ex.Batch()
        ex.from_deploys([_deploy(status, 10, "v2", url)], batch, path="deploy.log")
        ex.settle(batch, [], today="2026-11-30")
        change = next(c for c in batch.candidates if c.target == "changelog")
        status_fact = next(c for c in batch.candidates if c.target == "project")
        assert (change.action, status_fact.action) == (action, "stored")


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        ("回调地址定成 https://api.yingdi.camp/pay/notify，已经配置好了。",
         ("callback", "https://api.yingdi.camp/pay/notify")),
        ("服务地址定成 http://10.20.3.15:8000/v1。", ("service", "http://10.20.3.15:8000/v1")),
        ("模块路径是 github.com/hexia/ledger-svc，Go 1.22。",
         ("module", "github.com/hexia/ledger-svc")),
        ("The API base URL is https://api.example.com.", ("api", "https://api.example.com")),
        ("Is the API base URL https://api.example.com?", None),
    ],
)  # fmt: skip
def test_named_addresses_are_project_facts(sentence, fact):
    assert rules.url_fact(sentence) == fact


@pytest.mark.parametrize(
    ("sentence", "kind", "summary"),
    [
        ("Pushed the fix for the invoice timezone bug, CI is green.", "fix",
         "Pushed the fix for the invoice timezone bug, CI is green"),
        ("图片已经全部迁到 R2 了 ✅", "refactor", "图片已经全部迁到 R2 了"),
        ("update: Triton is deployed to staging on both g5 boxes.", "deploy",
         "Triton is deployed to staging on both g5 boxes"),
        ("Unrelated: I merged the PR that adds rate limiting to /login.", "feat",
         "Merged the PR that adds rate limiting to /login"),
        ("我改了一下，修复已经合并到 main 了，身份证校验现在正常了。", "fix",
         "修复已经合并到 main 了"),
        ("`turbo.json` 加好了（build / lint / test 三个 task）", "feat", None),
        # a problem said fixed in English words, two leads, a flashed board, a bulk import
        ("btw 上周那个回声问题 fix 了，是 AEC 被绕过去了", "fix", "上周那个回声问题 fix 了"),
        ("现在都在 20%-45% 之间，calibration 的问题 fixed ✅", "fix", "Calibration 的问题 fixed"),
        ("Also fyi I already flashed JetPack 6.0 on all three Orins.", "config",
         "Flashed JetPack 6.0 on all three Orins"),
        ("昨天已经用 _bulk 把 3000 万题全量导入 question_bank_v3 了。", "chore",
         "昨天已经用 _bulk 把 3000 万题全量导入 question_bank_v3 了"),
        # a short label first; a feature said to be in
        ("For the record: I flashed the rollback bootloader on the spare board.", "config",
         "Flashed the rollback bootloader on the spare board"),
        ("Context for planning: I already shipped 2.3.0 to TestFlight.", "deploy",
         "Shipped 2.3.0 to TestFlight"),
        ("update: SaveManager is in, 3 slots, merged to main.", "feat",
         "SaveManager is in, 3 slots, merged to main"),
    ],
)  # fmt: skip
def test_finished_work_takes_its_kind_from_what_was_done(sentence, kind, summary):
    work = rules.finished_work(sentence)
    assert work is not None and work.type == kind
    assert summary is None or work.summary == summary


@pytest.mark.parametrize(
    "sentence",
    [
        "小程序后台记得把这个域名加到 request 合法域名里",
        "把 `MLFLOW_TRACKING_URI` 加到 `.bashrc` 里就行。",
        "it is fixed now",
        "这个 bug 能 fix 吗",
        "记得把 3000 万题导入 question_bank_v3",
        "the bug is in the parser",
        "Connection string is in .env",
        "Question: we fixed it?",
        # planned, or done by habit before a next step
        "早上好～我们这个三消手游准备上热更新了",
        "我习惯在 JupyterLab 里交互调试，跑通了再改成 sbatch 脚本提交",
        "配置改好了再提交 PR",
    ],
)
def test_work_asked_for_or_explained_is_not_finished_work(sentence):
    assert rules.finished_work(sentence) is None


def test_work_before_a_trailing_question_is_still_reported():
    batch = _run(("user", "对了，昨天已经把 ingress-nginx 升级到 1.10.1 了，模板要不要改？"))
    assert [e["summary"] for e in _kept(batch, "changelog")] == [
        "昨天已经把 ingress-nginx 升级到 1.10.1 了"
    ]


@pytest.mark.parametrize(
    ("sentence", "named"),
    [
        # a bare report, then a result: nothing says what was done
        ("跑通了，18 万行 3 秒", False),
        ("装好了，但是 certificate 一直 pending", False),
        ("搞定了，本地跑起来没问题", False),
        ("Fixed it, set it to 64 to match and now it returns", False),
        ("Deployed that, now the build fails on the product page", False),
        # a bare report, then the work itself
        ("搞定了，cert-manager 和 ingress-nginx 都装好了", True),
        ("测完了，今晚 22:00 发版，幂等已经修好了", True),
        ("Fixed it, and added player.tscn to the spawn list", True),
        # a colon lists what was done; a subject names it
        ("改好了：query.go 改为参数化查询", True),
        ("已修复：退票后座位恢复可售", True),
        ("缓存的问题我昨天已经修好了", True),
    ],
)
def test_a_bare_report_names_work_only_when_what_follows_reports_some(sentence, named):
    work = rules.finished_work(sentence)
    assert work is not None and work.named is named


def test_a_habit_announced_as_one_is_the_persons_way_not_a_decision():
    batch = _run(("user", "顺便说下我的习惯：我都是先写测试再写实现，用 Ktor 的 MockEngine。"))
    assert _kept(batch, "decisions") == []
    assert [e["kind"] for e in _kept(batch, "user")] == ["preference"]


def test_a_bare_report_is_no_changelog_entry_and_no_decision():
    batch = _run(
        ("user", "跑通了，18 万行 3 秒。"),
        ("user", "改完了，预发测了一遍，用 JMeter 并发 50 个同样的通知打过去，只有一条进来了。"),
        ("user", "搞定了，cert-manager 和 ingress-nginx 都装好了。"),
    )
    assert [e["summary"] for e in _kept(batch, "changelog")] == [
        "搞定了，cert-manager 和 ingress-nginx 都装好了"
    ]
    assert _kept(batch, "decisions") == []


def test_work_reported_beside_a_rule_for_later_keeps_both():
    batch = _run(
        ("user", "我上周已经把 requests 换成 httpx 了，所以测试里 mock 外部接口要用 respx，别再用 "
                 "responses 了。"),
        ("user", "昨天已经把 connection leak 修了，改成事务外面再异步。"),
    )  # fmt: skip
    assert [e["choice"] for e in _kept(batch, "decisions")] == ["respx"]  # the second: work
    assert [e["summary"] for e in _kept(batch, "changelog")] == [
        "我上周已经把 requests 换成 httpx 了",
        "昨天已经把 connection leak 修了",
    ]


def test_wrapped_commit_bodies_are_read_as_sentences():
    body = (
        "After the incident we decided to require an\n"
        "Idempotency-Key header on every payout request.\n"
        "\n"
        "- first item\n"
        "- second item\n"
        "Refs: #12"
    )
    assert rules.unwrap(body).splitlines() == [
        "After the incident we decided to require an Idempotency-Key header on every payout "
        "request.",
        "",
        "- first item",
        "- second item",
        "Refs: #12",
    ]
    d = rules.decision(rules.statements(rules.unwrap(body))[0])
    assert d is not None and "Idempotency-Key" in d.choice


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("bucket 是 acme-uploads-prod，region ap-northeast-1。",
         {"region": "ap-northeast-1", "bucket": "acme-uploads-prod"}),
        ("bucket 名字用 acme-tf-state-prod，lock table 叫 tf-locks。",
         {"bucket": "acme-tf-state-prod", "table": "tf-locks"}),
        ("push them to the `pg-backups` bucket on MinIO", {"bucket": "pg-backups"}),
        ("Is the bucket acme-uploads-prod?", {}),
        ("Use the TRANSFORM_WH warehouse for dagster runs.", {"warehouse": "TRANSFORM_WH"}),
        ("生产用 esp32s3-prod 这个 env。", {"env": "esp32s3-prod"}),
        ("以后新文件都用 file-scoped namespace。", {}),  # a kind of namespace, not its name
        ("set the CI_SHARD_CACHE_BUCKET env var in CI", {}),
        ("new default path should be ~/.config/tidyx/config.toml",
         {"path": "~/.config/tidyx/config.toml"}),
        # a version is no resource's name; a result measured is no value set
        ("集群是 23.8 版本，3 分片 2 副本。", {}),
        ("跑了，bf16 LoRA r=16：intent_acc 0.903，val_loss 1.21。", {}),
        ("batch_size 设成 32，timeout 30s", {"batch_size": "32", "timeout": "30s"}),
    ],
)  # fmt: skip
def test_every_setting_a_sentence_states_is_kept(sentence, facts):
    assert rules.settings(sentence) == facts


def test_a_stated_stack_is_stored_whole_and_versions_in_passing_reviewed():
    batch = _run(("user", "Stack is Node 20, Express 4.19, TypeScript 5.4."))
    assert _kept(batch, "project") == [
        {
            "tech_stack": {
                "runtime": "Node 20",
                "backend": "Express 4.19",
                "language": "TypeScript 5.4",
            }
        }
    ]
    batch = _run(
        ("user", "The service is Python 3.12 on Postgres 16, the cron box still has Ruby 2.7.")
    )
    assert _kept(batch, "project") == [
        {"tech_stack": {"language": "Python 3.12", "postgres": "Postgres 16"}}
    ]
    assert _kept(batch, "project", "review") == [{"tech_stack": {"ruby": "Ruby 2.7"}}]
    passing = _run(("user", "I bumped the SDK while on Node 20 and Express 4.19, no change."))
    assert _kept(passing, "project") == []


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("那就 SES。region 用 ap-southeast-1，离我们用户近。", None),
        ("ok 那 cosmos 不搞了，回到 BashOperator 跑 `dbt build`", "BashOperator"),
        ("Let's go back to Webpack, Vite broke the SSR build.", "Webpack"),
    ],
)
def test_nouns_are_not_choices_and_going_back_is_one(sentence, choice):
    d = rules.decision(sentence.split("。")[-1])
    assert (d.choice if d else None) == choice


def test_an_option_that_asks_a_question_is_not_an_option():
    message = "先确认两点：\n1. PG 版本和数据量多大？\n2. 备份放哪里？\n"
    assert rules.options(message) == {}


def test_a_dropped_tool_named_before_bu_gao_le_is_refused():
    assert rules.refused("ok 那 cosmos 不搞了，回到 BashOperator 跑 `dbt build`") == ["cosmos"]
    # "no X" turns down what follows it, not the choice said just before
    assert rules.refused("Keycloak then, no Auth0.") == ["auth0"]
    assert rules.refused("Memcached is not needed here") == ["memcached"]  # said after it
    assert rules.refused("所以 LittleFS 不行了，还是得改回 FatFS。") == ["littlefs"]
    assert "polars" in rules.refused("算了，polars 不换了，改回来。")


def test_a_deploy_keeps_its_version_namespace_and_detected_framework():
    from omp.deploy import DeployEvent

    batch = ex.Batch()
    event = DeployEvent("kubectl", "order-api", "active", None, None, 9, "order-api",
                        version="v2.14.0", namespace="trade-staging")  # fmt: skip
    web = DeployEvent("vercel", "vercel", "active", "https://docs.example.dev", None, 40,
                      "docs", framework="Next.js 14.2.3")  # fmt: skip
    ex.from_deploys([event, web], batch, path="deploy.log")
    changes = [c.entry["summary"] for c in batch.candidates if c.target == "changelog"]
    assert changes == [
        "Deploy order-api v2.14.0 to namespace trade-staging",
        "Deploy docs to production at https://docs.example.dev",
    ]
    facts = [c.entry for c in batch.candidates if c.target == "project"]
    deployed = {"status": "active", "version": "v2.14.0", "namespace": "trade-staging"}
    assert {"deployment": {"order-api": deployed}} in facts
    assert {"tech_stack": {"nextjs": "Next.js 14.2.3"}} in facts


def test_further_choices_in_the_clauses_of_a_deciding_sentence_are_decisions():
    batch = _run(
        ("user", "那算了，我们自己部署 MLflow 2.12，backend store 用现有的 PostgreSQL，"
                 "artifact 放 MinIO。"),
    )  # fmt: skip
    assert [e["choice"] for e in _kept(batch, "decisions")] == ["MLflow 2.12"]
    queued = [e["choice"] for e in _kept(batch, "decisions", "review")]
    assert queued == ["PostgreSQL", "MinIO"]  # further choices wait for review
    assert rules.side_choices("我们决定用 SQLAlchemy 2.0，迁移用 Alembic。", "SQLAlchemy 2.0") == [
        rules.Decision("Alembic", (), None, "迁移", False)
    ]
    assert rules.side_choices("我们决定用 Vue，后端不用 Go", "Vue") == []


def test_a_second_tool_for_a_shared_role_adds_to_the_first_unless_it_replaces_it():
    batch = _run(
        ("user", "We'll standardise on OpenTelemetry for tracing across all services."),
        ("assistant", "Good. Which backend for traces?"),
        ("user", "Let's use Tempo, we already run Grafana."),
    )
    assert [e["choice"] for e in _kept(batch, "decisions")] == ["OpenTelemetry", "Tempo"]
    replaced = _run(
        ("user", "Let's use Jest for the unit tests."),
        ("user", "Actually, switch to Vitest, it shares the Vite config."),
    )
    assert [e["choice"] for e in _kept(replaced, "decisions")] == ["Vitest"]


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("那就雪花算法，workerId 用 Redis INCR 分配。", "雪花算法"),
        ("可以，就换 Pinia，一次性迁完吧。", "Pinia"),
        ("yeah ok, clap derive it is.", "clap derive"),
        ("The call is one root module per environment under envs/ (envs/staging).",
         "one root module per environment under envs/"),
        ("那就这样吧", None),
        ("版本就用 7.2。", None),
    ],
)  # fmt: skip
def test_short_chinese_and_casual_choices_are_read(sentence, choice):
    d = rules.decision(sentence)
    assert (d.choice if d else None) == choice


def test_a_mode_switch_told_with_pictograms_is_no_choice():
    batch = _run(("user", "Successfully switched from 🏗️ Architect mode to 💻 Code mode."))
    assert _kept(batch, "decisions") == []
    assert not rules.starts_like_a_name("💻 Code") and rules.starts_like_a_name("log/slog")


def test_a_short_choice_is_kept_when_its_sentence_says_enough():
    batch = _run(("user", "Room 也顺便切到 KSP"))
    assert [e["choice"] for e in _kept(batch, "decisions")] == ["KSP"]


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("我们项目是 Vue 3.4 + Vite 5 + Element Plus，有没有必要换",
         {"frontend": "Vue 3.4", "build": "Vite 5", "ui_kit": "Element Plus"}),
        ("后端是 go 的 gin，我让后端同学加个接口。", {"language": "go", "backend": "gin"}),
        ("我们在做一个小程序，后端是 Node.js + Koa，数据库 MySQL 8。",
         {"runtime": "Node.js", "backend": "Koa", "database": "MySQL 8"}),
        ("CI 是 GitHub Actions，GitOps 用的是 Argo CD。",
         {"ci": "GitHub Actions", "deploy_tooling": "Argo CD"}),
        ("连接我们走 PgBouncer，pool_mode=transaction。", {"db_proxy": "PgBouncer"}),
        ("候选是 SQLAlchemy 2.0、Tortoise ORM 和 Peewee。", {}),
        ("帮我给这个 Go 项目配一下 golangci-lint。", {}),
        ("数据库我想先用 MongoDB，schema-less 正好适合。", {}),
        ("我们没用 Redis，也没在用 LISTEN/NOTIFY。", {}),
        ("项目是 Vue 3 + Pinia，UI 库是 Element Plus。",
         {"frontend": "Vue 3", "state": "Pinia", "ui_kit": "Element Plus"}),
        ("Riverpod 还是 Bloc，我看网上吵得很凶", {}),
    ],
)  # fmt: skip
def test_stated_stacks_give_every_named_tool_and_candidates_give_none(sentence, facts):
    assert rules.tech_facts(rules.assertion(sentence)) == facts


@pytest.mark.parametrize(
    ("sentence", "addresses"),
    [
        ("The endpoint registered in Stripe is https://staging.example.io/hooks on staging and "
         "https://app.example.io/hooks in production.",
         {"endpoint_staging": "https://staging.example.io/hooks",
          "endpoint_production": "https://app.example.io/hooks"}),
        ("broker 地址 `mqtt.greenleaf-iot.cn:8883` 可以继续放 Kconfig。",
         {"broker": "mqtt.greenleaf-iot.cn:8883"}),
        ("把 `MLFLOW_TRACKING_URI=http://mlflow.ml.internal:5000` 加到 `.bashrc` 里就行。",
         {"mlflow_tracking_uri": "http://mlflow.ml.internal:5000"}),
        ("models go to s3 and the endpoint stays https://infer.example.ai",
         {"base": "https://infer.example.ai"}),
        ("OSRM 我已经在内网起好了，地址 http://osrm.internal:5000 。",
         {"osrm": "http://osrm.internal:5000"}),
        ("接入 MQTT，broker 地址 mqtts://iot.lumenfarm.cn:8883",
         {"broker": "mqtts://iot.lumenfarm.cn:8883"}),
    ],
)  # fmt: skip
def test_named_addresses_by_place_and_environment_variable(sentence, addresses):
    assert rules.url_facts(sentence) == addresses


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        ("好，用方案 1，权重放 /data/models/qwen2.5-7b-instruct，容器只读挂载。",
         ("weights", "/data/models/qwen2.5-7b-instruct")),
        ("model repo will live in s3://parcelsight-models/triton/ and that's it",
         ("model_repo", "s3://parcelsight-models/triton/")),
        ("The app is Tauri 2, and the DB lives at `%APPDATA%/Quillpad/quillpad.db`.",
         ("db", "%APPDATA%/Quillpad/quillpad.db")),
    ],
)  # fmt: skip
def test_where_things_live_is_a_path_fact(sentence, fact):
    assert rules.path_fact(sentence) == fact


def test_settings_keep_paths_and_every_numeric_value():
    assert rules.settings("output_dir 就用 /mnt/nas/ckpt/qwen2-7b-sft 没问题") == {
        "output_dir": "/mnt/nas/ckpt/qwen2-7b-sft"
    }
    assert rules.settings("项目是 Kotlin 1.9，minSdk 26 compileSdk 34") == {
        "minsdk": "26",
        "compilesdk": "34",
    }
    assert rules.settings("然后 maximum-pool-size 我们定 30，minimum-idle 10") == {
        "maximum-pool-size": "30"
    }
    assert rules.decision("output_dir 就用 /mnt/nas/ckpt/qwen2-7b-sft 没问题") is None


@pytest.mark.parametrize(
    ("sentence", "kind", "summary"),
    [
        ("每张卡显存 31G 左右，OOM 解决了。", "fix", "OOM 解决了"),
        ("Hilt 已经 revert，换成 Koin 3.5.6 了：", "refactor", "换成 Koin 3.5.6 了"),
        ("搞定：schema 导出到 `app/schemas`，迁移测试 3 个都过了。", "chore",
         "Schema 导出到 `app/schemas`，迁移测试 3 个都过了"),
        ("Fixed the `database is locked` error:", "fix", "Fixed the `database is locked` error"),
        ("The Dockerfile is now a multi-stage build and the image went from 1.21GB to 312MB.",
         "refactor", "The Dockerfile is now a multi-stage build and the image went from 1.21GB "
         "to 312MB"),
    ],
)  # fmt: skip
def test_work_told_object_first_after_a_lead_or_as_a_new_state(sentence, kind, summary):
    work = rules.finished_work(sentence)
    assert work is not None and (work.type, work.summary) == (kind, summary)


@pytest.mark.parametrize(
    "sentence",
    [
        "好的懂了，已经解决了 👌",
        "刚才白加了",
        "But jest in apps/api is now completely broken",
        "They are now in this session log, so rotate them.",
    ],
)
def test_filler_wasted_work_and_bad_states_are_not_finished_work(sentence):
    assert rules.finished_work(sentence) is None


def test_a_done_lead_makes_an_assistant_edit_the_outcome():
    batch = _run(
        ("user", "Add an S3 storage adapter please."),
        ("assistant", "Done: added the `S3Storage` adapter (src/storage/s3.ts) with tests."),
    )
    assert [e["summary"] for e in _kept(batch, "changelog")] == [
        "Added the `S3Storage` adapter (src/storage/s3.ts) with tests"
    ]


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("wandb 的话我一般都是 WANDB_MODE=offline 跑，跑完再 wandb sync", "preference"),
        ("另外我写代码喜欢 early return，能不能顺便开个检查？", "preference"),
        ("Grafana 这块我比较熟，看板我来弄。", "skill"),
        ("also I always run black + isort through pre-commit before pushing", "preference"),
        ("I've been an Android dev for ~6 years (Kotlin, Compose), but I'm new to Dart.", "skill"),
        (
            "另外说一下我的习惯：I always write the migration first，然后再改 Go 代码。",
            "preference",
        ),
        (
            "顺便问下，原生这块我习惯用 Android Studio 打开 android 目录单独调，这样有啥问题吗",
            "preference",
        ),
        ("also I run mypy --strict on everything, so keep the annotations complete", "preference"),
        (
            "one more thing — I only test push on my physical Pixel 7, never the emulator",
            "preference",
        ),
        ("use `pytest -x --lf`, that's how I always run them locally", "preference"),
        ("我用的开发环境是 VS Code + ESP-IDF 插件，Eclipse 那套我用不惯。", "preference"),
        ("对了，我写 SQL 习惯关键字全大写。", "preference"),
        ("commit message 用英文，conventional commits 格式，我一直这么写的", "preference"),
        # a habit, its topic, then 都用; the tool the person codes with; a tool for all work
        ("我平时看集群都是 k9s，不太敲 kubectl get。", "preference"),
        ("我平时 Flutter 版本都用 fvm 管理。", "preference"),
        ("btw 我用 Rider 写代码，不用 VS。", "preference"),
        ("also fyi I use Rider for all the UE C++ work", "preference"),
        # after a Chinese comma or "for the record"; "so write them that way"; "我只写 X"
        ("dict 改成 dataclass，I prefer dataclasses over plain dicts", "preference"),
        ("For the record I like keeping all pipeline parameters in a params.yaml.", "preference"),
        ("I use pytest-django with fixtures, so write them that way.", "preference"),
        ("我只写 GDScript，不碰 C#。", "preference"),
        # "一般都先", "都是先", a topic of eight characters before the verb
        ("我一般都先在小区域上验证完再跑全量。", "preference"),
        ("顺便说下我的习惯：我都是先在 commonTest 里写测试再写实现。", "preference"),
        ("我平时管理流程都习惯用 snakemake，这几步能串起来吗？", "preference"),
        # after "keep in mind"; picky about; a habit kept "always"; how answers should come
        ("Also, keep in mind I prefer ScriptableObjects for config data.", "preference"),
        ("yeah always keep mypy --strict clean, I'm picky about type hints.", "preference"),
        ("btw I log every run to W&B, always.", "preference"),
        ("Side note, please give me package setup steps with SPM only.", "preference"),
        ("and tests — please write them pytest-style, plain asserts.", "preference"),
    ],
)
def test_the_persons_ways_are_read_in_the_clause_that_states_them(sentence, kind):
    p = rules.personal(sentence)
    assert p is not None and p.kind == kind


@pytest.mark.parametrize(
    "sentence",
    ["我们都是用 pnpm", "maybe I prefer tabs", "Do I prefer tabs?",
     "I run the migrations on staging first.", "I only saw it once.",
     "这是我一直的习惯。", "That's just my habit.",  # point back, say nothing themselves
     "我用 Python 写了个脚本。", "我们平时部署都用 Helm。",  # a thing done once; the team
     "please give me the logs", "I log the error and retry."],  # a request; a thing done
)  # fmt: skip
def test_the_team_tentative_talk_and_questions_are_not_the_persons_ways(sentence):
    assert rules.personal(sentence) is None


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("ok 那就改主意了，不用 NUMERIC(19,4)，统一 amount_minor BIGINT + currencies.exponent。",
         "amount_minor BIGINT"),
        ("ETH 按 gwei 记，exponent=9，够用了。", "gwei"),
        ("topic 就按 factory/{line}/{device}/telemetry 这套来。",
         "factory/{line}/{device}/telemetry"),
        ("QoS 统一用 1，不搞 0 和 2 混用了。", "QoS 1"),
        ("那 HLS 切片就定 4 秒。", "HLS 切片 4 秒"),
        ("workers 就定 4 个，同时把 duckdb threads 降到 4。", "workers 4 个"),
        ("组件库就 Element Plus 2.7，按需引入，别全量引入。", "Element Plus 2.7"),
        ("频道名就 `class_{lessonId}`，uid 直接用数字 id。", "class_{lessonId}"),
        ("dt 就按 Asia/Shanghai 切天。", "Asia/Shanghai"),
        # what to do when a run fails is no choice over the way gone back to
        ("那 cosmos 不搞了，回到 BashOperator 跑 `dbt build`，失败就 `dbt retry`。",
         "BashOperator"),
        ("ok the chunk interval we take 1 day, clear.", "1 day"),
        ("For dinner we take the train.", None),
        ("no, go back to database sessions then.", "database sessions"),
        ("构建换 Vite 5，vue-cli 不要了。", "Vite 5"),
        ("好的，我先在 tmux 里试，不行再换 sbatch。", None),
        ("先别换 backend，hashmap 读写快。", None),
        ("incremental_strategy 用 insert_overwrite，每次重跑最近 3 天的分区。", "insert_overwrite"),
        ("Timezone Europe/Berlin via zoneinfo, no pytz.", "Timezone Europe/Berlin via zoneinfo"),
        ("use GITHUB_TOKEN, no PATs", "GITHUB_TOKEN"),
        ("yeah later, not now.", None),
        ("Not Snakemake, not CWL.", None),
        ("for 2, keep the bundles of the last 3 content builds.",
         "keep the bundles of the last 3 content builds"),
        ("for 2 weeks, keep an eye on the error rate.", None),
        ("OK，就自建 FFmpeg + h264_nvenc，跑在 GPU 节点池上。", "FFmpeg + h264_nvenc"),
        ("we go with Triton + ONNX Runtime backend, TorchServe is off the table.",
         "Triton + ONNX Runtime backend"),
        ("we use browser from wxt/browser everywhere and no polyfill.",
         "browser from wxt/browser"),
        ("lets switch framework to espidf, arduino is out.", "espidf"),
        ("我写 Go 一直用 sqlc，这个服务也按 sqlc + pgx 来。", "sqlc + pgx"),
        ("另外日终批处理定在每天 23:30 开始，跑完要出试算平衡表。", "每天 23:30 开始"),
        ("版本就用 7.2。", None),
        ("就按 1+2 来。", None),
        ("就按 1 + 2 来。", None),
        ("会议定在下周三。", None),
        ("昨天把 20 台节点全部 OTA 到 1.4.0 了", None),
        # a way named, then taken ("这个好"), not praised and put off, nor a thing to delete
        ("先写 tmp 再 rename 这个好，之前别的游戏就有玩家存档坏了来骂的。", "先写 tmp 再 rename"),
        ("guided_choice 这个好，但先不加，看线上有没有非法输出再说。", None),
        ("Redis 这个好像不行。", None),
        ("旧的 cron 这个可以删了。", None),
        # a table of its own, named as code
        ("那就回放数据单独一张表 telemetry_replay，实时的不动", "telemetry_replay"),
        ("ClickHouse 里建 ulog_files，字段 drone_id, flight_id, size_bytes。", "ulog_files"),
        ("ClickHouse 里 ulog_files 有多少行？", None),
        ("单独一张表吧。", None),
        # a way taken against a name left out; a known name settled on
        ("那就定 Flink CDC 吧，不用 Canal。", "Flink CDC"),
        ("只有一台 runner，就挂本地盘 /cache/ccache 吧，不走 OSS。", "挂本地盘 /cache/ccache"),
        ("那就先这样吧，不用 Redis。", None),
        ("那就定 External Secrets Operator 吧。", "External Secrets Operator"),
    ],
)  # fmt: skip
def test_choices_by_rule_value_or_plain_statement_are_read(sentence, choice):
    d = rules.decision(sentence)
    assert (d.choice if d else None) == choice


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("fastp 质控那步我已经照你的骨架改写成 rule 了，试跑通过了。", "refactor"),
        ("搞定了，nvenc_1080p.json 这个预设已经合进 main 了。", "chore"),
        ("encode_score 和 rank 服务我已经写好提交了，测试服跑了一下没问题。", "feat"),
        ("btw 1.4.2 went live on the Chrome Web Store this morning.", "deploy"),
    ],
)
def test_chinese_completion_verbs_and_going_live_are_finished_work(sentence, kind):
    work = rules.finished_work(sentence)
    assert work is not None and work.type == kind


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("我们手游要做赛季排行榜，服务端是 Skynet + Lua，数据库 MySQL。",
         {"skynet": "Skynet", "language": "Lua", "database": "MySQL"}),
        ("we're on go 1.22 and grpc-go v1.64.",
         {"language": "go 1.22", "grpc-go": "grpc-go v1.64"}),
        ("It's MV3, built on Wirebox, TypeScript.",
         {"mv3": "MV3", "language": "TypeScript"}),  # after "it", unknown names need a digit
        ("It's Friday and prod is down", {}),
        ("the service is throughput, merge and v1 everywhere", {}),
        ("this service is FastAPI + SQLAlchemy 2.0 async",
         {"backend": "FastAPI", "orm": "SQLAlchemy 2.0"}),
        ("Our bot runs on discord.py 2.4.", {"discord.py": "discord.py 2.4"}),
        # a name runs on in its own capitalised words, not in an SQL keyword
        ("现在搜索是 MySQL LIKE，又慢又不准。", {"database": "MySQL"}),
        ("后端是 Spring Cloud Alibaba 那一套。", {"backend": "Spring Cloud Alibaba"}),
    ],
)  # fmt: skip
def test_names_the_list_does_not_know_count_in_a_sentence_that_names_the_stack(sentence, facts):
    assert rules.tech_facts(rules.assertion(sentence)) == facts


def test_object_store_locations_and_host_port_addresses_are_facts():
    assert rules.storage_locations(
        "原始数据在 OSS 上，oss://hz-genomics-raw/wgs/，每批次一个子目录"
    ) == {"hz-genomics-raw": "oss://hz-genomics-raw/wgs/"}
    assert rules.url_facts("排行榜的 Redis 用单独实例，地址 redis-rank.game.internal:6379。") == {
        "redis": "redis-rank.game.internal:6379"  # the port names what it is the address of
    }
    assert rules.url_facts(
        "broker 对内地址先定 mqtts://mqtt.fab-gw.internal:8883，网关写这个。"
    ) == {"base": "mqtts://mqtt.fab-gw.internal:8883"}
    assert rules.url_facts("REDIS_URL=rediss://default:hunter2@eu2-gecko.upstash.io:6379") == {}
    batch = _run(("assistant", "For example: `aws s3 cp out/ s3://your-bucket/out/`."))
    assert _kept(batch, "project") == []  # an assistant's example is not the project's


def test_cluster_addresses_packages_and_file_lists_are_not_facts():
    assert (
        rules.deployment("Grafana 数据源 URL 填 `http://loki-gateway.logging.svc`，prod 可用。")
        is None
    )
    assert rules.settings("加了 @vitest/coverage-v8 做覆盖率") == {}
    assert rules.path_fact("改动集中在 match.py/loaders.py 里") is None


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("我们的 PgBouncer 是 1.22，那就开 max_prepared_statements=200。",
         "max_prepared_statements=200"),
        ("Sounds good, go with WAL + busy_timeout.", "WAL + busy_timeout"),
        ("改主意了：不用 AES 了，只存 HMAC-SHA256 哈希和后四位。", "HMAC-SHA256"),
        ("fees are rounded half up, so it has to be ROUND_HALF_UP.", "ROUND_HALF_UP"),
        ("state 放 S3 吧，用 DynamoDB 做 lock。", "S3"),
        ("it has to be fast", None),
    ],
)  # fmt: skip
def test_enabling_keeping_only_and_must_be_name_a_choice(sentence, choice):
    d = rules.decision(sentence)
    assert (d.choice if d else None) == choice


@pytest.mark.parametrize(
    "sentence",
    [
        "之前有人提过干脆迁到 Pulsar，说 Pulsar 没这个问题，你觉得呢",
        "我们决定用 Redis 吗",
        "go with Bun, thoughts?",
    ],
)
def test_a_chinese_final_particle_or_thoughts_asks_and_decides_nothing(sentence):
    assert rules.decision(sentence) is None


def test_a_choice_ruled_out_later_in_so_many_words_is_dropped():
    batch = _run(
        ("user", "之前组里有人提过干脆迁到 Pulsar。"),
        ("assistant", "个人不太建议为这个迁 Pulsar。"),
        ("user", "行，Pulsar 不考虑了。就按你说的，assignor 换成 CooperativeStickyAssignor。"),
    )
    assert [e["choice"] for e in _kept(batch, "decisions")] == ["CooperativeStickyAssignor"]
    assert rules.decision("ok go with tempo and retire jaeger").choice == "tempo"  # type: ignore[union-attr]


def test_a_first_commit_lists_the_stack_and_commits_name_buckets():
    assert rules.scaffold_stack("feat: 初始化标注平台项目骨架（Django 5 + React 18）") == {
        "backend": "Django 5",
        "frontend": "React 18",
    }
    assert rules.scaffold_stack("fix: handle (rare) nulls") == {}
    assert rules.scaffold_stack("初始化 monorepo，pnpm workspace + nx") == {
        "package_manager": "pnpm",
        "monorepo": "nx",
    }
    assert rules.scaffold_stack("Initial commit: ci-shard CLI skeleton (Go, cobra)") == {
        "language": "Go",
        "cli_framework": "cobra",
    }
    assert rules.scaffold_stack("初始化项目：Spring Boot 3.2.3 + MyBatis-Plus + MySQL 8") == {
        "backend": "Spring Boot 3.2.3",
        "orm": "MyBatis-Plus",
        "database": "MySQL 8",
    }
    assert rules.settings("refactor(storage)!: 原始图片改存 MinIO，桶名 label-raw") == {
        "bucket": "label-raw"
    }
    assert rules.settings("Blobs are stored in the S3 bucket shipyard-ci-cache (eu-west-1).") == {
        "region": "eu-west-1",
        "bucket": "shipyard-ci-cache",
    }


def test_a_first_commit_lists_versions_the_lexicon_does_not_know_and_a_body_assigns_settings():
    from omp.extract.commits import commit_facts

    stack = commit_facts(
        "初始化项目：pyproject.toml 使用 hatch 构建，依赖 NumPy 1.26、SciPy 1.13", ""
    )
    assert stack["tech_stack"]["scipy"] == "SciPy 1.13"
    assert commit_facts("chore: 初始化 STM32G474 电机控制工程（CubeMX 6.11 生成）", "") == {
        "tech_stack": {"cubemx": "CubeMX 6.11"}
    }
    # a later commit's versions are no first commit's list
    assert "tech_stack" not in commit_facts("fix: parse SciPy 1.13 sparse output", "")
    body = "- 默认 replenishRate=50, burstCapacity=100"
    assert commit_facts("feat(gateway): 按商户限流", body) == {
        "config": {"replenishrate": "50", "burstcapacity": "100"}
    }


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("项目用的是 Go 1.22 + Gin 框架，MySQL 做主库。",
         {"language": "Go 1.22", "backend": "Gin", "database": "MySQL"}),
        ("我们在做一个电力巡检的 App，状态管理用的 Riverpod。", {"state": "Riverpod"}),
        ("我们的 billing service 是 Node 20 + Express。",
         {"runtime": "Node 20", "backend": "Express"}),
        ("后端是 Spring Cloud Alibaba 那一套，MySQL 8 + Redis。",
         {"backend": "Spring Cloud Alibaba", "database": "MySQL 8", "cache": "Redis"}),
        ("the node pool is full", {}),
        ("我们在做一个电力巡检的 App，Flutter 3.22，状态管理用的 riverpod。",
         {"state": "riverpod", "mobile": "Flutter 3.22"}),
        ("我们的小程序（Taro 3.6 + React，后端 NestJS）在做跨境商品。",
         {"miniprogram": "Taro 3.6", "frontend": "React", "backend": "NestJS"}),
        ("Tech stack: Django 5, Celery and Postgres.",
         {"backend": "Django 5", "jobs": "Celery", "database": "Postgres"}),
        ("问题是 redis 超时了。", {}),
    ],
)  # fmt: skip
def test_stacks_told_with_roles_trailing_clauses_and_long_names(sentence, facts):
    assert rules.tech_facts(rules.assertion(sentence)) == facts


def test_mobile_app_settings_are_kept():
    assert rules.settings("Minimum deployment target iOS 16, so I can use NavigationStack") == {
        "minimum_deployment_target": "iOS 16"
    }
    assert rules.settings("Bundle id will be com.tinyloop.habits.") == {
        "bundle_id": "com.tinyloop.habits"
    }


def test_facts_the_assistant_states_wait_for_review_and_the_persons_are_stored():
    said = _run(("user", "The project uses Postgres 16 and Redis."))
    told = _run(("assistant", "The project uses Postgres 16 and Redis."), agent=False)
    assert _kept(said, "project") and not _kept(told, "project")
    assert _kept(told, "project", "review")


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("lets stay on postgres + pgvector.", "postgres + pgvector"),
        ("ok 那就 LiveKit 了，self-host，mediasoup 不考虑了。", "LiveKit"),
        (
            "好，那就 Elasticsearch 8.13 + IK 分词，Meilisearch 不用了。",
            "Elasticsearch 8.13 + IK 分词",
        ),
        ("RabbitMQ 我们没有，运维也不想再多一个中间件，就 BullMQ。", "BullMQ"),
        ("前端也换 MapLibre GL，Leaflet 不用了。", "MapLibre GL"),
        ("yeah let's drop the sidekiq-cron idea and use Smart Retries.", "Smart Retries"),
    ],
)
def test_staying_on_dropping_for_and_short_chinese_picks_are_choices(sentence, choice):
    d = rules.decision(sentence)
    assert (d.choice if d else None) == choice


def test_named_queues_indexes_and_changed_values_are_settings():
    assert rules.settings(
        "topic 用 claims.submitted.v1，consumer group 叫 claims-ocr-worker。"
    ) == {
        "topic": "claims.submitted.v1",
        "consumer_group": "claims-ocr-worker",
    }
    # a plain word given as a name, a key of parts joined by colons, the bucket the project has
    assert rules.settings("consumer group 叫 allocator，单独一个服务") == {
        "consumer_group": "allocator"
    }
    assert rules.settings("stream key 就用 mm:events") == {"stream_key": "mm:events"}
    assert rules.settings("W&B 的 project 名叫 invoice-ocr-vit") == {"project": "invoice-ocr-vit"}
    assert rules.settings("bucket 用现有的 haituo-product-img，保持私有读") == {
        "bucket": "haituo-product-img"
    }
    assert rules.settings("bucket：`haituo-img`，私有读") == {"bucket": "haituo-img"}
    # a plain word is no name after "is" ("the queue is slow"), nor the project's own name
    assert rules.settings("the queue is slow and the project is called great") == {}
    assert rules.settings("索引名就叫 question_bank_v3，前面挂个别名 qb_current") == {
        "index": "question_bank_v3",
        "alias": "qb_current",
    }
    assert rules.settings("ttl 改 1h。") == {"ttl": "1h"}  # a setting changed, with no 成
    assert rules.settings("轮询间隔 3 秒，超过 5 分钟就提示失败") == {"poll_interval": "3 秒"}
    assert rules.settings("列表改成服务端分页，pageSize 默认 50。") == {"pagesize": "50"}
    assert rules.settings("现在 heartbeat_timeout 是 10s，太长了，改成 3s") == {
        "heartbeat_timeout": "3s"
    }
    assert rules.tech_facts("Our booking app (Rails 7.1, Sidekiq, Postgres) double-charged.") == {
        "backend": "Rails 7.1",
        "jobs": "Sidekiq",
        "database": "Postgres",
    }


@pytest.mark.parametrize(
    "sentence",
    ["topic 名就用这两个。", "我们要把规则引擎从 T+1 批处理改成实时的，先跟你 brainstorm 一下。"],
)
def test_a_plan_under_discussion_and_a_pointer_are_no_choice(sentence):
    assert rules.decision(sentence) is None


def test_an_assistant_acknowledging_the_persons_way_decides_nothing():
    batch = _run(
        ("user", "顺便说一句，Flink job 我比较喜欢用 Java 写，不要给我 Scala 的例子。"),
        ("assistant", "好的，后面都用 Java。"),
    )
    assert _kept(batch, "decisions") == []
    assert len(_kept(batch, "user")) == 1


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("context: marketplace payouts, Python 3.12, FastAPI, Postgres 16, Celery workers.",
         {"language": "Python 3.12", "backend": "FastAPI", "database": "Postgres 16"}),
        ("working on my fighting game again (Godot 4.3, all GDScript).",
         {"engine": "Godot 4.3", "language": "GDScript"}),
        ("I've got a React Native app (Expo SDK 51, managed workflow) called Tidepool",
         {"mobile": "Expo SDK 51"}),
        ("我们的订单表现在 8 亿行了，PostgreSQL 15，单表 1.2T。", {"database": "PostgreSQL 15"}),
        ("I compared Redis, Memcached and Valkey last week.", {}),
        ("If budget isn't a concern, LaunchDarkly, Unleash otherwise.", {}),
        ("Redis 7, or Valkey 8?", {}),
        # a name may carry a version and a product word, a host, or what it is for
        ("Next.js 14 App Router, Prisma, Postgres on Neon, Stripe for billing.",
         {"frontend": "Next.js 14", "orm": "Prisma", "database": "Postgres on Neon",
          "payments": "Stripe"}),
        ("Kotlin + Jetpack Compose, minSdk 26, targetSdk 34.",
         {"language": "Kotlin", "mobile": "Jetpack Compose"}),
    ],
)  # fmt: skip
def test_a_run_of_bare_names_is_the_stack(sentence, facts):
    assert rules.listed_stack(sentence) == facts


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("项目是 Kotlin + Jetpack Compose，Room 用的 2.6.1。", {"room": "Room 2.6.1"}),
        ("Flink 集群是 1.18 的，standalone 模式。", {"flink": "Flink 1.18"}),
        ("另外 ClickHouse 版本是 24.3。", {"clickhouse": "ClickHouse 24.3"}),
        ("I'm on Xcode 16.2.", {"xcode": "Xcode 16.2"}),
        ("ClickHouse 版本是 24.3，这个版本能用 is_deleted 吗？", {}),
        ("Postgres 版本是 15，准备升级到 16。", {}),
        ("Redis 7 on Render for sessions.", {}),
    ],
)  # fmt: skip
def test_a_version_said_to_be_the_one_in_use_is_the_stack(sentence, facts):
    assert rules.stated_versions(sentence) == facts


def test_a_single_version_said_to_be_in_use_is_stored():
    batch = _run(("user", "Flink 集群是 1.18 的，standalone 模式。"))
    assert {"flink": "Flink 1.18"} in [e.get("tech_stack") for e in _kept(batch, "project")]


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("prod is https://www.fernhollow.studio btw", {"production": "https://www.fernhollow.studio"}),
        ("测试环境地址：https://test-gh.yikang-health.cn", {"test": "https://test-gh.yikang-health.cn"}),
        ("Redis 用 redis://127.0.0.1:6379/2 这个库", {"redis": "redis://127.0.0.1:6379/2"}),
        ("Is prod https://x.example.com?", {}),
    ],
)  # fmt: skip
def test_addresses_named_by_their_place_or_their_service(sentence, facts):
    assert rules.url_facts(sentence) == facts


@pytest.mark.parametrize(("agent", "action"), [(True, "stored"), (False, "review")])
def test_work_a_chat_assistant_reports_waits_for_review(agent, action):
    batch = ex.Batch()
    turns = [("user", "The export is slow.", 0),
             ("assistant", "I've fixed the N+1 query in the export view.", 1)]  # fmt: skip
    ex.from_conversation(turns, batch, path="chat.json", agent=agent)
    ex.settle(batch, [], today="2026-11-30")
    (change,) = [c for c in batch.candidates if c.target == "changelog"]
    assert change.action == action


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [("更新一下：v3 数据集清洗完了，去重后还剩 48k 条。", "chore"),
     ("登录模块的 store 已经迁完了，都测过没问题。", "refactor"),
     ("等我跑完了再说", None)],
)  # fmt: skip
def test_chinese_work_finished_with_wan_le(sentence, kind):
    work = rules.finished_work(sentence)
    assert (work.type if work else None) == kind


def test_a_bare_use_may_name_what_the_assistant_offered_in_bold():
    batch = _run(
        ("user", "the arg parsing is a hand-rolled mess. thoughts?"),
        ("assistant", "Two options:\n- **clap** (v4, derive API): the standard.\n"
                      "- **argh**: tiny, derive-based."),
        ("user", "yeah use clap with derive. binary size doesn't matter much."),
    )  # fmt: skip
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["clap with derive"]
    assert rules.decision("yeah use clap with derive.") is None  # no offer: not a known name


def test_a_choice_dropped_later_by_name_is_not_kept():
    batch = _run(
        ("user", "ok let's just use MessagePack then."),
        ("user", "going with ENet for now."),
        ("user", "yeah screw it, switch to GodotSteam. dropping the ENet relay entirely."),
    )
    choices = [d["choice"] for d in _kept(batch, "decisions")]
    assert "ENet" not in choices and "GodotSteam" in choices


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("数据现在是从 Kafka 进来的，topic 是 events.raw，JSON 格式。", {"topic": "events.raw"}),
        ("topic 用 farm/{大棚编号}/soil。", {"topic": "farm/{大棚编号}/soil"}),
        ("bucket 叫 `acme-tfstate-prod`，lock 表就叫 `tf-locks`。",
         {"bucket": "acme-tfstate-prod", "table": "tf-locks"}),
        ("ClusterIssuer 名字叫 letsencrypt-prod。", {"clusterissuer": "letsencrypt-prod"}),
        ("表格、脚注、任务列表 pulldown-cmark 都已经支持", {}),
        # a location is no bucket name (storage_locations reads it); a kind is no cluster name
        ("bucket 是 s3://fleetlog-raw/trips/，按 dt 分区。", {}),
        ("集群是 k8s 1.30，EKS。", {}),
    ],
)  # fmt: skip
def test_named_resources_topics_tables_and_names(sentence, facts):
    assert rules.settings(sentence) == facts


_RESOURCE_PIECES = st.sampled_from(
    ["bucket", "Namespace", "CLUSTER", "topic", "db name", "queue", "table", "prefix", "alias",
     "warehouse", "env", "profile", "workspace", "桶", "集群", "队列", "索引名", "表", "the ",
     "用 ", " is ", " = ", ": ", "是", "叫", "acme-prod", "logs-2024", "events.raw", "s3", "`",
     " ", "，", "\u017f", "\u212a", "\u0131", "\u0130", "the acme-prod env",
     "用 logs-2024 这个 workspace", "`acme-prod` topic", "the dbt-prod profile",
     "the transform-wh warehouse"]
)  # fmt: skip


@pytest.mark.parametrize(
    "sentence",
    [f"{kind} is acme-prod" for kind in (
        "bucket", "namespace", "cluster", "topic", "database name", "db name", "project id",
        "queue name", "table", "configuration set", "key prefix", "prefix", "consumer group",
        "index name", "alias", "queue")]
    + [f"{kind}是 acme-prod" for kind in ("桶", "存储桶", "集群", "命名空间", "队列", "索引名",
                                         "别名", "消费组", "表")]
    + [f"`acme-prod` {kind}" for kind in ("bucket", "namespace", "cluster", "topic", "queue",
                                          "table")]
    + [f"the acme-prod {kind}" for kind in ("warehouse", "bucket", "cluster", "topic", "queue",
                                            "namespace", "env", "profile", "workspace")],
)  # fmt: skip
def test_every_kind_of_resource_passes_the_cheap_test(sentence):
    assert values._RESOURCE.search(sentence) is not None
    assert rules.may_name_a_resource(sentence)
    # IGNORECASE reads the dotless i and the dotted capital I as "i"; so does the cheap test
    dotted = sentence.replace("i", "\u0131", 1).replace("I", "\u0130", 1)
    assert values._RESOURCE.search(dotted) is None or rules.may_name_a_resource(dotted)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(_RESOURCE_PIECES, st.text(max_size=8)), max_size=10).map("".join))
def test_the_cheap_test_before_the_resource_pattern_hides_no_resource(text):
    # settings() skips the costly resource pattern when the cheap test finds no kind word:
    # that must only happen for text the pattern does not match
    if not rules.may_name_a_resource(text):
        assert values._RESOURCE.search(text) is None


_SETTING_KEYS = (
    "line-length", "Max_Line", "TIMEOUT", "ttl", "port", "coverage threshold", "threshold",
    "retries", "pool size", "batch_size", "rate-limit", "node version", "Python version",
    "region", "replicas", "minsdk", "compile sdk", "targetSdk", "端口", "超时时间", "超时",
    "副本数", "重试次数", "覆盖率", "连接池大小", "最大连接数", "并发数", "线程数", "批大小",
    "上传文件大小限制", "请求体大小上限", "上传限制", "保留天数", "有效期", "过期时间",
)  # fmt: skip


@pytest.mark.parametrize(
    "sentence",
    [f"{key} 30" if key.isascii() else f"{key}设为 30" for key in _SETTING_KEYS]
    + ["日志保留 7 天", "消息重试最多 3 次"],
)
def test_every_setting_key_passes_the_cheap_test(sentence):
    assert values._SETTING.search(sentence) is not None
    assert values._SETTING_WORD.search(sentence) is not None


_SETTING_PIECES = st.sampled_from(
    [*_SETTING_KEYS, "日志保留", "重试最多", " ", "_", "=", ": ", "是", "改成", "to ", "30", "5s",
     "١٢", "²", "ms", "%", "/min", "分钟", "\u017f", "\u212a", "Ti\u0307meout", "max_conn",
     "hls_time 4", "we ", "先"]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(_SETTING_PIECES, st.text(max_size=6)), max_size=10).map("".join))
def test_the_cheap_tests_before_the_setting_patterns_hide_no_setting(text):
    # _numeric_settings skips `_SETTING` without one of its key words, `_SNAKE_SETTING` without
    # a "_", and all of them without a digit: only for text those patterns do not match
    if values._SETTING.search(text) is not None:
        assert values._SETTING_WORD.search(text) is not None
        assert any(char.isdigit() for char in text)
    if values._SNAKE_SETTING.search(text) is not None:
        assert "_" in text and any(char.isdigit() for char in text)
    if values._NAMED_KEY_SETTING_ZH.search(text) is not None:
        assert any(char.isdigit() for char in text)


_STATED_SETTINGS = [
    ("cron 定成 0 30 9 * * ?", {"schedule": "0 30 9 * * ?"}),
    ("schedule: `0 3 * * *`", {"schedule": "0 3 * * *"}),
    ("Run it on schedule = * * * * *", {"schedule": "* * * * *"}),
    ("对账任务放在 Airflow 里，每天 06:30 跑", {"schedule": "Airflow 每天 06:30"}),
    ("the region is eu-west-1", {"region": "eu-west-1"}),
    ("key prefix is 'app:'", {"key_prefix": "app:"}),
    ("bucket is acme-uploads-prod", {"bucket": "acme-uploads-prod"}),
    ("the bundle id is com.acme.app", {"bundle_id": "com.acme.app"}),
    ("the data dir is /var/lib/app", {"dir": "/var/lib/app"}),
    ("ClusterIssuer name is letsencrypt-prod", {"clusterissuer": "letsencrypt-prod"}),
    ("Issuer name is letsencrypt-prod", {"issuer": "letsencrypt-prod"}),
    ("the package name is com.acme.shop", {"package_name": "com.acme.shop"}),
    ("the timeout is 30s.", {"timeout": "30s"}),
    ("hls_time 4", {"hls_time": "4"}),
    ("服务跑在 8080 端口", {"port": "8080"}),
]


@pytest.mark.parametrize(("sentence", "facts"), _STATED_SETTINGS)
def test_every_way_of_stating_a_setting_passes_the_cheap_test(sentence, facts):
    assert values.may_state_settings(sentence)
    assert rules.settings(sentence) == facts


@pytest.mark.parametrize(
    "sentence",
    ["feat: add bench feature 3", "fix(api): reject empty bodies", "Refactor the login form"],
)
def test_a_commit_subject_without_a_setting_is_spared_the_setting_patterns(sentence):
    assert not values.may_state_settings(sentence)
    assert values._settings(sentence, named_keys=False) == {}


_STATED_PIECES = st.sampled_from(
    [*(s for s, _ in _STATED_SETTINGS), *_SETTING_KEYS, "cron", "schedule", "prefix", "Name",
     "bundle id", "application id", "deployment target", "bucket", "topic", "table", "env",
     "eu-west-1", "us-east1", "0 3 * * *", "* * * * *", "/var/data", "~/x", "s3://b", "_",
     "-", "=", ": ", " is ", "是", "设", "30", "8080", "7", "\u0131", "\u0130", "\u017f",
     "\u212a", "\uff2e\uff21\uff2d\uff25", " ", "feat: ", "fix ", "the "]
)  # fmt: skip


@settings(max_examples=600, deadline=None)
@given(st.lists(st.one_of(_STATED_PIECES, st.text(max_size=6)), max_size=8).map("".join))
def test_the_cheap_test_before_the_settings_hides_no_setting(text):
    # settings() answers {} without compiling its patterns when the cheap test finds nothing
    # they need: that must only happen for text that states no setting
    if not values.may_state_settings(text):
        assert values._settings(text, named_keys=True) == {}
        assert values._settings(text, named_keys=False) == {}


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("make it min_size = 3.", {"min_size": "3"}),  # the full stop ends the value
        ("the timeout is 30s.", {"timeout": "30s"}),
        ("pool_size 3.5.1", {}),  # a version, no setting
    ],
)  # fmt: skip
def test_settings_named_before_their_values(sentence, facts):
    assert rules.settings(sentence) == facts


def test_a_value_set_back_is_a_decision_named_by_its_setting():
    back = rules.decision("算了波特率还是回到 115200，不折腾了。")
    assert back is not None and back.choice == "波特率 115200"
    assert rules.decision("我们回到 2 年前的方案") is None
    assert rules.decision("还是回到 115200。") is None  # a bare number names nothing


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("a SoftDeleteManager + deleted_at timestamp, not a boolean.",
      "SoftDeleteManager + deleted_at timestamp"),
     ("the deleted_at column, not is_deleted", "deleted_at column"),
     ("Good question, not sure.", None), ("Fine, not now.", None),
     ("we fixed the user_id bug, not the other one.", None)],
)  # fmt: skip
def test_a_sentence_naming_a_thing_in_code_against_another_chooses_it(sentence, choice):
    found = rules.decision(sentence)
    assert (found.choice if found else None) == choice


@pytest.mark.parametrize(
    ("question", "topics"),
    [("接下来上报频率、topic 和 QoS 怎么定？", ["上报频率", "topic", "QoS"]),
     ("Which one? 另外 timeline 多久刷新、要支持哪些尺寸？", ["timeline", "尺寸"]),
     ("TTL 你们想设多久？", ["TTL"]), ("限额多少合适？", ["限额"]),
     ("What should the retry limit be?", ["retry limit"]),
     ("现在显存占用多少？", []), ("一次导出的数据量大概多少？", []),  # how big it is now
     ("physics_ticks_per_second 是多少？", [])],
)  # fmt: skip
def test_the_settings_an_assistant_asks_values_for(question, topics):
    assert rules.asked_values(question) == topics


def test_a_reply_gives_a_decision_for_each_setting_the_agent_asked_about():
    batch = _run(
        ("user", "ESP32 的 soil sensor 固件要加 MQTT 上报，broker 是 HiveMQ Cloud。"),
        ("assistant", "可以。接下来上报频率、topic 和 QoS 怎么定？"),
        ("user", "上报间隔 10 分钟，中间 deep sleep。topic 格式 farm/{node_id}/soil。QoS 1。"),
        ("assistant", "好的。"),
        ("user", "QoS 2 吧？我再想想。"),  # a question again, and no value was asked for
    )
    assert [d["choice"] for d in _kept(batch, "decisions")] == [
        "上报间隔 10 分钟",
        "topic 格式 farm/{node_id}/soil",
        "QoS 1",
    ]


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("Ok so decided: StoreKit 2 only, no RevenueCat.", "StoreKit 2 only"),
     ("Using richzw/appstore then.", "richzw/appstore"),
     ("原始明细保留 180 天，ttl_only_drop_parts 也开。", "enable ttl_only_drop_parts"),
     ("同意，token 存 flutter_secure_storage。", "flutter_secure_storage"),
     ("图片放 S3", "S3"),
     ("$app/state switch is fine, keep it.", "$app/state"),
     ("also turn on nat logging, errors only", "enable nat logging"),
     ("结果存 results.csv", None),  # a file is a path, not a choice
     ("我们现在存 S3", None)],  # how things are
)  # fmt: skip
def test_decided_lists_choices_sealed_by_then_features_on_and_where_a_part_is_kept(
    sentence, choice
):
    found = rules.decision(sentence)
    assert (found.choice if found else None) == choice


def test_a_choice_the_assistant_recommends_is_accepted_by_a_seal_that_defers_other_things():
    batch = _run(
        (
            "user",
            "ingress-nginx 进入维护模式了，我们要迁到 Gateway API，帮我盘点一下现有的 Ingress。",
        ),
        ("assistant", "那就用 Envoy Gateway，我建议：先迁一个服务，两套并行。"),
        ("user", "可以，就这么定。先迁 shop/api 这一个，别的后面再说。"),
    )
    kept = _kept(batch, "decisions")
    assert [d["choice"] for d in kept] == ["Envoy Gateway"]
    assert rules.decision("body size 确定后再补。") is None  # settled later: nothing yet
    assert not rules.accepts("Sounds good. But let's wait until next sprint.")


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [("做预聚合。ClickHouse 版本 24.3 LTS。", {"clickhouse": "ClickHouse 24.3"}),
     ("Node version is 20", {"node": "Node 20"})],
)  # fmt: skip
def test_a_version_given_after_the_word_version(sentence, facts):
    assert rules.version_facts(sentence, own=True, opening=True) == facts


@pytest.mark.parametrize(
    ("sentence", "text"),
    [("commit pls, conventional commits like always, two commits", "conventional commits"),
     ("老规矩，commit message 用英文", "commit message 用英文"),
     ("I'd rather avoid alloc entirely on these boards, static_cell + heapless is fine.",
      "I'd rather avoid alloc entirely on these boards, static_cell + heapless is fine"),
     ("it crashed like always", None), ("the deploy failed as usual", None),
     ("I'd rather use slog than zap", None)],  # a choice, not a way of working
)  # fmt: skip
def test_habits_kept_as_always_and_what_the_person_would_rather_avoid(sentence, text):
    found = rules.personal(sentence)
    assert (found.text if found else None) == text


def test_what_a_stated_board_runs_is_stack():
    s = "我们的采集板用的是 STM32F407VET6，跑 FreeRTOS 10.5，HAL 库，CubeMX 生成的工程。"
    assert rules.listed_versions(s) == {"freertos"}
    assert rules.listed_versions("The board is an ESP32-S3 running Zephyr 3.6.") == {"zephyr"}


def test_an_either_or_about_i18n_libraries_is_answered_by_naming_one():
    asked = "i18n 库用 vue-i18n 9 还是 i18next（i18next-vue）？"
    assert (
        rules.short_answer("vue-i18n 9，legacy: false。", rules.asked_options(asked)) == "vue-i18n"
    )


def test_a_file_shown_below_is_not_a_part_named_and_a_selector_is_not_a_choice():
    assert rules.named_values("下面是 application-prod.yml：") == {}
    assert rules.named_values("Below is config/app/settings.yaml:") == {}
    assert rules.named_values("配置文件是 application-prod.yml") == {
        "paths": {"配置文件": "application-prod.yml"}
    }
    choice = rules.decision("组件本身的文案（分页、日期选择器）也要跟着切换，用 ElConfigProvider。")
    assert choice is not None and choice.choice == "ElConfigProvider"
    assert rules.decision("最后选择了 Redis Streams。") is not None


@pytest.mark.parametrize(
    ("sentence", "named"),
    [
        # an adverb or a verb phrase is no part of the project; a noun ending in 调 is
        ("重启后跑的是 ota_1。", {}),
        ("Gateway 直接在 envoy-gateway-system 里。", {}),
        ("商户回调那个叫 merchant-callbacks。", {"config": {"商户回调": "merchant-callbacks"}}),
        # a folder two deep, set as code, is one of the repository's; bare, it is no place said
        ("前端是 `apps/web`，后端是 `apps/api`",
         {"paths": {"前端": "apps/web", "后端": "apps/api"}}),
        ("the app is apps/mobile.", {}),
    ],
)  # fmt: skip
def test_a_chinese_topic_names_a_part_only_as_a_noun(sentence, named):
    assert rules.named_values(sentence) == named


def test_an_absolute_path_after_a_comma_and_a_wildcard_domain():
    assert rules.path_fact("去重后还剩 48k 条，放在 `/data/sft/v3/train.jsonl`。") == (
        "train",
        "/data/sft/v3/train.jsonl",
    )
    assert rules.url_facts("我们域名是 *.k8s.acme-corp.cn") == {"domain": "*.k8s.acme-corp.cn"}


@pytest.mark.parametrize(
    ("sentence", "label"),
    [("Hmm. Let's do (c). Celery is overkill.", "C"), ("let's do a quick test", None),
     ("ok go with B", "B"), ("接口他来写，就走 A，异步导出。", "A")],
)  # fmt: skip
def test_an_option_picked_by_a_bracketed_label_and_not_by_an_article(sentence, label):
    assert rules.option_reference(sentence) == label


def test_a_message_does_not_take_back_its_own_choice_and_colons_in_names_stay():
    batch = _run(
        (
            "user",
            "用 Martin 吧。前端也换 MapLibre GL，Leaflet 不用了。"
            "坐标系这样定：出瓦片统一用 EPSG:3857",
        ),
    )
    assert [d["choice"] for d in _kept(batch, "decisions")] == [
        "Martin", "MapLibre GL", "EPSG:3857",
    ]  # fmt: skip
    assert rules.clip("Redis: fast and simple") == "Redis"


def test_versions_keep_their_build_suffix():
    assert rules.tech_facts("我们的项目是 Unity 2022.3.21f1") == {"engine": "Unity 2022.3.21f1"}


def test_a_stated_preference_is_the_persons_way_and_no_choice():
    batch = _run(
        ("user", "测试的话我比较喜欢 table-driven 的写法，用 JUnit 5 的 @ParameterizedTest。")
    )
    assert _kept(batch, "decisions") == []
    assert len(_kept(batch, "user")) == 1
    assert rules.listed_stack("我们在做对账系统，Java 17 + Spring Batch，每天凌晨拉文件") == {
        "language": "Java 17",
        "backend": "Spring Batch",
    }
    assert rules.tech_facts("Worker is Python 3.12 + Dramatiq.") == {
        "language": "Python 3.12",
        "jobs": "Dramatiq",
    }


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [("build for x86_64 only", {}), ("归档到 register_order_202401 里", {}),
     ("hls_time 4", {"hls_time": "4"}), ("max_connections=100", {"max_connections": "100"})],
)  # fmt: skip
def test_a_number_inside_a_name_is_no_setting(sentence, facts):
    assert rules.settings(sentence) == facts


@pytest.mark.parametrize("name", ["EUR", "WGS", "v1.29", "amr-02", "large-v2"])
def test_currencies_standards_hosts_and_sizes_are_no_products(name):
    assert rules.tech_facts(f"Our stack is Django + {name}.") == {"backend": "Django"}
    assert rules.tech_facts("Our stack is Django + Skynet.") == {
        "backend": "Django",
        "skynet": "Skynet",
    }  # an unknown product name still counts


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("我在做土壤湿度采集节点，主控是 ESP32-S3，传感器是 SHT30。", {"hardware": "ESP32-S3"}),
        ("项目是 Spring Boot 3.2.4 + JDK 17。",
         {"backend": "Spring Boot 3.2.4", "language": "JDK 17"}),
        ("Our backend is Fastify, deployed behind Caddy.",
         {"backend": "Fastify", "proxy": "Caddy"}),
        ("后端是 Spring Boot，想做一个自动排线的模块。", {"backend": "Spring Boot"}),
        ("We use Postgres, maybe CockroachDB later.", {"database": "Postgres"}),
        ("数据库我想先用 MongoDB", {}),
    ],
)  # fmt: skip
def test_names_by_family_and_the_clauses_before_a_wish_state_the_stack(sentence, facts):
    assert rules.tech_facts(rules.assertion(sentence)) == facts


def test_chips_gpus_and_models_are_named_by_pattern_and_words_need_a_capital():
    assert rules.technologies("8 x A100 80G, Qwen2.5-7B-Instruct on vLLM, board STM32L476RG") == [
        "a100",
        "qwen2.5-7b-instruct",
        "vllm",
        "stm32l476rg",
    ]
    assert rules.role_of("ESP32-S3-DevKitC-1") == "hardware"
    assert rules.technologies("click the cargo button, then snowflake ids") == []


def test_a_change_of_mind_replaces_a_choice_the_lexicon_does_not_know():
    batch = _run(
        ("user", "那就用乐观锁吧，简单，不想引入 Lua 的复杂度"),
        ("assistant", "可以，不过高并发下乐观锁冲突会很多。"),
        ("user", "算了，乐观锁不用了，还是 Lua。"),
    )
    choices = [d["choice"] for d in _kept(batch, "decisions")]
    assert choices and not any("乐观锁" in c for c in choices)


def test_a_manner_of_replacing_is_no_choice():
    batch = _run(
        ("assistant", "The fixture holds a real driver's name and phone number."),
        ("user", "Replace it with obviously fake data."),
    )
    assert not _kept(batch, "decisions")


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("RDS 那边是 rm-bp1x9k2m3n4.mysql.rds.aliyuncs.com，规格 4c16g。",
         {"urls": {"rds": "rm-bp1x9k2m3n4.mysql.rds.aliyuncs.com"}}),
        ("our engine is quantlab/backtest/engine.py, ~600 lines",
         {"paths": {"engine": "quantlab/backtest/engine.py"}}),
        ("the typesense node will be reachable at search.acme.internal:8108 from the app",
         {"urls": {"typesense_node": "search.acme.internal:8108"}}),
        ("商户回调那个叫 merchant-callbacks。", {"config": {"商户回调": "merchant-callbacks"}}),
        ("the error is in src/foo/bar.py line 30", {}),
        ("parsing is hand-rolled for now", {}),
        ("the image is 1.21GB now", {}),
        ("代码大概是 jwt.verify 这样", {}),
        ("is the queue called orders-dlq?", {}),
    ],
)  # fmt: skip
def test_paths_hosts_and_names_given_to_a_part_of_the_project_are_facts(sentence, facts):
    assert rules.named_values(sentence) == facts


def test_named_values_are_the_persons_and_not_repeated():
    batch = _run(
        ("user", "the typesense node will be reachable at search.acme.internal:8108"),
        ("assistant", "the scratch dir is /tmp/work-area/cache, by the way."),
        ("user", "bucket is acme-uploads-prod, in eu-west-1."),
    )
    facts = _kept(batch, "project")
    assert {"urls": {"typesense_node": "search.acme.internal:8108"}} in facts
    assert not any("/tmp/work-area" in str(f) for f in facts)  # the assistant's aside
    assert sum("acme-uploads-prod" in str(f) for f in facts) == 1


@pytest.mark.parametrize(
    ("sentence", "choice", "details"),
    [
        ("行，就用 ReplacingMergeTree，version 用 updated_at。", "ReplacingMergeTree",
         ["version 用 updated_at"]),
        ("ok 那就定了：fanout 用 core NATS，subject 用 im.room.<roomID>，离线消息走 JetStream。",
         "fanout 用 core NATS", ["subject 用 im.room.<roomID>", "离线消息走 JetStream"]),
        ("Typesense it is, self-hosted on our k8s cluster as a 3-node statefulset.", "Typesense",
         ["self-hosted on our k8s cluster as a 3-node statefulset"]),
        ("Let's use hnsw, m=16 ef_construction=64.", "hnsw", ["m=16 ef_construction=64"]),
        # turned down, a reason, the old state, a request, a wish: none settles anything
        ("用 Redis，Memcached 不要了，因为运维熟悉 Redis。", "Redis", []),
        ("短信用腾讯云，现在用的阿里云短信。", "腾讯云", []),
        ("Use CSS Modules. Let's not bother with Tailwind.", "CSS Modules", []),
        ("用 cosmos，你给个 DAG 的骨架。", "cosmos", []),
        ("Go with Postgres, maybe Citus later if we need sharding.", "Postgres", []),
        ("就用 Element Plus，固定列都现成。", "Element Plus", []),
        ("行，先用 Redis GEO 吧，反正 Redis 集群现成的", "Redis GEO", []),  # "行" names nothing
        # a short named noun phrase, a feature turned on
        ("go with FSDP FULL_SHARD, bf16 mixed precision.", "FSDP FULL_SHARD",
         ["bf16 mixed precision"]),
        ("就 FSDP + bf16 吧，activation checkpointing 打开。", "FSDP + bf16",
         ["activation checkpointing 打开"]),
        ("Keycloak, no Auth0, scrap OHIF.", "Keycloak", []),
        ("就用 H3，Redis GEO 那个 MR 先关掉。", "H3", []),
        # set, kept, split, added, said to be enough; a verb may open the clause
        ("用 Redis 的吧，redis_rate 就行。", "Redis", ["redis_rate 就行"]),
        ("state backend 换 RocksDB，TTL 设 24h。", "RocksDB", ["TTL 设 24h"]),
        ("state 放 S3 吧，用 DynamoDB 做 lock。", "S3", ["用 DynamoDB 做 lock"]),
        ("就 ReplacingMergeTree，原始明细保留 180 天，ttl_only_drop_parts 也开。",
         "ReplacingMergeTree", ["原始明细保留 180 天", "ttl_only_drop_parts 也开"]),
        ("行，那就 Nextflow，直接上 nf-core/sarek，Snakemake 就不考虑了。", "Nextflow",
         ["直接上 nf-core/sarek"]),
        ("OK, decided: Nextflow DSL2, pinned to release 3.14.0.", "Nextflow DSL2",
         ["pinned to release 3.14.0"]),
        ("Google Play 包直接用 FCM，flavor 分 `cn` 和 `gp`。", "FCM", ["flavor 分 `cn` 和 `gp`"]),
        # a topic and its value, made uniform, by the day, a key in brackets
        ("就用 vue-i18n，默认语言 zh-CN，TTL 180 天。", "vue-i18n",
         ["默认语言 zh-CN", "TTL 180 天"]),
        ("就用 System.Text.Json，堆叠上限 stack 统一 99。", "System.Text.Json",
         ["堆叠上限 stack 统一 99"]),
        ("就 ClickHouse，分区按天 toYYYYMMDD。", "ClickHouse", ["分区按天 toYYYYMMDD"]),
        ("就用 ReplacingMergeTree，排序键就用 (campaign_id)。", "ReplacingMergeTree",
         ["排序键就用 (campaign_id)"]),
        ("就用 OCR 服务，接下来 OCR，反正都是 A100。", "OCR 服务", []),
        # the choice named again, a design draft, an errand: nothing more is settled
        ("行，用 xxl-job 吧，用 xxl-job。", "xxl-job", []),
        ("设计稿先不管，就用 Tailwind。", "Tailwind", []),
        ("就用 cron 吧，做一下 benchmark。", "cron", []),
        # a way named and taken, though "方案" alone names no setting
        ("ok 就 Amazon SES，SNS→SQS→worker 这个方案可以。", "Amazon SES", ["SNS→SQS→worker"]),
        ("就用 Redis，缓存方案以后再说。", "Redis", []),
    ],
)  # fmt: skip
def test_the_sentence_of_a_decision_settles_details_too(sentence, choice, details):
    assert rules.decided_details(sentence, choice) == details


@pytest.mark.parametrize(
    ("later", "title"),
    [
        ("默认语言 zh-CN，fallback 用 en。", "Use vue-i18n: 默认语言 zh-CN; fallback 用 en"),
        ("The locale files live at src/locales/.",
         "Use vue-i18n: The locale files live at src/locales/"),
        # talk, a question, the person's own ways, a secret: nothing joins the title
        ("PnP is going to fight every tool we have.", "Use vue-i18n"),
        ("fallback 用 en 可以吗？", "Use vue-i18n"),
        ("我习惯用 pnpm，别给我 npm 命令。", "Use vue-i18n"),
        ("token = ghp_4f9aQ2cX7LmN0pR5sT8vW1yZ3bD6eG9hJ2kM", "Use vue-i18n"),
        ("字段已经加了 diff_type。", "Use vue-i18n"),  # work reported, not a setting
    ],
)  # fmt: skip
def test_later_sentences_of_the_deciding_message_add_the_settings_they_make(later, title):
    batch = _run(("user", f"就用 vue-i18n。{later}"))
    (decision,) = _kept(batch, "decisions")
    assert decision["title"] == title


def test_a_later_message_adds_nothing_to_an_earlier_decision():
    batch = _run(("user", "就用 vue-i18n。"), ("assistant", "好的。"), ("user", "fallback 用 en。"))
    assert [d["title"] for d in _kept(batch, "decisions")] == ["Use vue-i18n"]


def test_a_decision_title_carries_what_its_sentence_settles():
    batch = _run(("user", "行，就用 ReplacingMergeTree，version 用 updated_at。"))
    (decision,) = _kept(batch, "decisions")
    assert decision["choice"] == "ReplacingMergeTree"
    assert decision["title"] == "Use ReplacingMergeTree: version 用 updated_at"


@pytest.mark.parametrize(
    ("sentence", "done", "facts"),
    [
        ("Go 升级到 1.22，顺便升级 minio-go 到 v7.0.70", True, {"go": "Go 1.22"}),
        ("升级 Go 到 1.22，gorm 升级到 v1.25.10", True, {"go": "Go 1.22"}),
        ("pin rust toolchain to 1.78 in rust-toolchain.toml", True, {"rust": "rust 1.78"}),
        ("We bumped Node to 20 last week.", False, {"node": "Node 20"}),
        ("把 Kotlin 升级到 2.0 了", False, {"kotlin": "Kotlin 2.0"}),
        ("升级到 Go 1.22，go.mod 同步更新", True, {"go": "Go 1.22"}),
        ("upgrade Go to 1.22", False, {}),  # a request, not yet done
        ("想把 Go 升级到 1.23", True, {}),  # a wish
        ("should we bump Node to 22?", True, {}),
        ("bump zod to 3.23", True, {}),  # a library, not what the project runs on
    ],
)
def test_a_version_moved_to_is_the_stack_from_then_on(sentence, done, facts):
    assert rules.version_changes(sentence, done=done) == facts


def test_a_version_moved_to_in_conversation_is_a_stack_fact():
    batch = _run(("user", "We bumped Node to 20 last week, CI is green."))
    assert {"tech_stack": {"node": "Node 20"}} in _kept(batch, "project")


def test_a_clause_that_is_only_a_name_and_its_version_states_the_stack():
    sentence = (
        "帮我给这个 Go 项目配一下 golangci-lint。模块路径是 github.com/hexia/ledger-svc，Go 1.22。"
    )
    assert rules.version_facts(sentence, own=True) == {"go": "Go 1.22"}
    assert rules.version_facts("Redis 7 on Render for sessions", own=True) == {}
    assert rules.version_facts("we tried Node 18, then gave up", own=True) == {}


def test_an_address_named_for_what_it_is_is_kept_whoever_says_it():
    batch = _run(
        ("user", "设备连不上 broker 了，帮我看看"),
        ("assistant", "配置里 broker 地址是 mqtts://mqtt.example.internal:8883，证书过期了。"),
    )
    (facts,) = _kept(batch, "project")
    assert list(facts["urls"].values()) == ["mqtts://mqtt.example.internal:8883"]


def test_a_migration_a_deploy_applied_is_a_change():
    batch = ex.Batch()
    ex.from_deploys([_deploy("active", 30, "v2")._replace(migrations=("0004_add_expires_at",))],
                    batch, path="deploy.log")  # fmt: skip
    summaries = [c.entry["summary"] for c in batch.candidates if c.target == "changelog"]
    assert "Apply migration 0004_add_expires_at" in summaries


def test_a_choice_restated_with_other_details_is_not_a_second_decision():
    kept = [
        ex.Stored(
            "decisions", "dec-1", "Use Redis Redis", {"title": "Use Redis", "choice": "Redis"}
        )
    ]
    batch = _run(("user", "就用 Redis，TTL 设为 30 分钟。"), stored=kept)
    (decision,) = [c for c in batch.candidates if c.target == "decisions"]
    assert decision.entry["title"] == "Use Redis: TTL 设为 30 分钟"
    assert decision.action in ("merged", "dropped") and decision.merge_into == "dec-1"


def test_a_later_clause_naming_the_choice_can_be_a_detail():
    sentence = "就用 Redis，Redis 的 key 前缀用 sess，TTL 设为 30 分钟。"
    assert rules.decided_details(sentence, "Redis") == [
        "Redis 的 key 前缀用 sess",
        "TTL 设为 30 分钟",
    ]


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("先用 Kafka engine 吧，也许以后量再大几倍了再考虑上 Flink。", "Kafka engine"),
        ("Let's go with Tempo, not sure about the retention yet.", "Tempo"),
        ("嗯，也许以后上 Flink SQL，现在先不搞。", None),  # the doubt comes first
        ("Use Redis, or maybe Memcached.", None),  # weighs two options
        ("就用 Redis 吧，你觉得呢？", None),  # asks
    ],
)
def test_the_clauses_before_a_doubt_still_decide(sentence, choice):
    found = rules.decision(sentence)
    assert (found.choice if found else None) == choice


@pytest.mark.parametrize(
    "sentence",
    ["用 pytest 跑一下测试", "用 docker compose 起一下本地环境", "行，用 pnpm 装一遍依赖"],
)
def test_an_errand_done_once_with_a_tool_is_not_a_decision(sentence):
    assert rules.decision(sentence) is None


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("每个 tenant 100 rps，burst 200，就这么定。", "每个 tenant 100 rps"),
        ("ok 日志只打 last4 + brand，定了。", "日志只打 last4 + brand"),
        ("Yep, team.feature in kebab-case, that's the convention.", "team.feature in kebab-case"),
        ("先用高德的 API 吧，已经有企业 key 了。", "高德的 API"),
        ("卡号只显示后四位，同意，就这么改。", "卡号只显示后四位"),
        ("算了，dedicated IP 不要了，先用 shared pool，以后量稳定了再说", "shared pool"),
        ("好，lot 号统一为 `LOT-YYYYMMDD-NNNN`。", "LOT-YYYYMMDD-NNNN"),
        ("选型结论：比赛逐回合事件（play-by-play）改存 ClickHouse，MySQL 只保留汇总", "ClickHouse"),
        ("所以决定改掉：de-id 整个用 DuckDB SQL 来写，不用 polars 了。", "DuckDB SQL"),
        ("ok pin dbt-bigquery 1.8.3.", "dbt-bigquery 1.8.3"),
        ("redis streams, let's do it", "redis streams"),
        ("sounds good, let's do it", None),  # agreeing names nothing
        ("行，先用 FOR UPDATE 改，改完我拿 k6 压一下", None),  # a tool for a step, not a choice
        ("测试的时候先用我的手机号注册下单就行。", None),
        ("你说的方案可以，就这么定。", None),
        ("行，就按月分区来。", "按月分区"),
        ("老代码是按 FIFO 算出库成本的，但是财务一直在抱怨。", None),  # how things were
        ("你以后给例子都按组合式来。", None),  # how the assistant should write
        ("想上 Federation v2 做统一 gateway。", None),  # a wish
        ("我想了想，还是用 Redis", "Redis"),
        ("ok TimescaleDB 定了。", "TimescaleDB"),
        ("好，自建 ffmpeg 吧，MPS 不用了。", "ffmpeg"),
        ("版本定了吗", None),
        ("嗯 go with Tempo，Jaeger 下掉。", "Tempo"),
        (
            "DaemonSet + loadbalancing exporter 路由到 gateway 这个方案就这么定了",
            "DaemonSet + loadbalancing exporter 路由到 gateway",
        ),
        ("great, pgvector stays, Pinecone is off the table.", "pgvector"),
        ("身份证就只存哈希加后四位，手机号加密存。", "哈希加后四位"),
        ("这个方案可以", None),
        ("参数耦合（N 同时决定内存和时间），调参不如 Argon2 直观。", None),  # "determines"
        ("商店更新时 ID 由商店账号下的条目决定，只要你在同一个条目上传新包就不会变。", None),
        ("主要纠结几个点：消息格式用 ICU MessageFormat 还是 gettext 的 .po", None),  # torn
        ("领导让我这个季度把它换成正经的工作流引擎。", None),  # a task given, not a choice
        ("所以最后决定 self-host PaddleOCR，部署在 k8s 的 ocr namespace。", "self-host PaddleOCR"),
        ("代码这块没什么好纠结的，就用 HybridCLR 吧。", "HybridCLR"),
        ("好，就这么定。", None),  # agreeing, with nothing said before the seal
        ("没问题，就这么办。", None),
        ("就用默认的吧", None),  # a quality, not a name
    ],
)
def test_a_choice_sealed_after_it_is_said_or_named_in_chinese_is_read(sentence, choice):
    d = rules.decision(sentence)
    assert (d.choice if d else None) == choice


def test_an_offered_name_alone_in_its_clause_is_picked_and_a_guess_is_not():
    assert rules.decision("没什么好纠结的，HybridCLR 吧，没人想写 Lua。", ["hybridclr"]) == (
        rules.Decision("HybridCLR", (), None, None, explicit=False)
    )
    assert rules.decision("没什么好纠结的，Foo 吧。") is None  # neither offered nor known
    assert rules.decision("应该是 Redis 吧，我也不确定") is None


def test_a_done_list_gives_its_first_item_and_every_fix_on_the_way():
    batch = _run(
        ("user", "附近司机查询太慢了，帮我改一下"),
        (
            "assistant",
            "搞定：\n\n- 附近司机查询改为 H3 res 9 内存索引；\n"
            "- 修复司机过期判断 bug，TTL 从 30 秒改为 12 秒；\n- 测试全部通过。",
        ),
    )
    assert [(e["type"], e["summary"]) for e in _kept(batch, "changelog")] == [
        ("feat", "附近司机查询改为 H3 res 9 内存索引"),
        ("fix", "修复司机过期判断 bug，TTL 从 30 秒改为 12 秒"),
    ]


@pytest.mark.parametrize(
    "header", ["结果：", "进度：", "本次改动汇总：", "完成：", "已完成：", "Results:", "Progress:"]
)
def test_a_results_or_progress_list_is_a_done_list(header):
    message = f"{header}\n\n- 耗时 836s → 19.8s（polars lazy scan）；\n- 修复 look-ahead bias。"
    assert rules.done_list(message) == [
        "耗时 836s → 19.8s（polars lazy scan）",
        "修复 look-ahead bias",
    ]
    assert rules.done_list("候选方案：\n\n- polars\n- DuckDB") == []


def test_a_switch_that_names_an_earlier_choice_replaces_it_however_far_back():
    batch = _run(
        ("assistant", "1. **Redis GEO**：改动小。\n2. **H3 六边形索引（uber/h3-go）**：纯内存。"),
        ("user", "行，先用 Redis GEO 吧，反正 Redis 集群现成的"),
        *[("assistant", f"进度 {n}") for n in range(8)],
        ("user", "Redis GEO 那个 MR 先关掉，改 H3。另外 Apollo Router 不用了"),
    )
    (decision,) = _kept(batch, "decisions")
    assert (decision["choice"], decision["alternatives"]) == ("H3", ["Redis GEO"])
    assert rules.named_out("改成 Hive Gateway，Apollo Router 不用了") == ["apollo router"]


def test_a_known_name_followed_by_a_capitalised_word_is_another_product():
    assert rules.role_of("Redis") == rules.role_of("Redis GEO") == "cache"
    assert rules.role_of("Hive Gateway") is None


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("模板我已经申请好了，上课提醒的模板 ID 是 4hN2kq8xW-Pz3fTb，云环境 ID 是 kids-prod-8g3k2",
         {"config": {"模板": "4hN2kq8xW-Pz3fTb", "云环境": "kids-prod-8g3k2"}}),
        ("对了 Chrome 商店的扩展 ID 是 kpbnlgeciomhdlhfjkmnbcfdpagmpbnm",
         {"config": {"扩展": "kpbnlgeciomhdlhfjkmnbcfdpagmpbnm"}}),
        ("the request id is 8f2c9a and it failed", {}),  # one request's, not the project's
        ("请求 ID 是 abc123", {}),
        ("行，就按 30 秒来，配置项就叫 solver.time_limit_seconds。",
         {"config": {"配置项": "solver.time_limit_seconds"}}),
    ],
)  # fmt: skip
def test_an_id_named_for_a_part_of_the_project_is_a_setting(sentence, facts):
    assert rules.named_values(sentence) == facts


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("our SFU is mediasoup v3 in services/sfu.", {"realtime": "mediasoup v3"}),
        ("our queue is Kafka", {"queue": "Kafka"}),
        ("our problem is that the Redis latency spikes", {}),
        ("数据库还是用现有的 MySQL 8.0，DBA 不想多维护一种。", {"database": "MySQL 8.0"}),
        ("popup 和翻译浮层都是 React 18 + TypeScript",
         {"frontend": "React 18", "language": "TypeScript"}),
    ],
)  # fmt: skip
def test_a_part_of_ours_named_with_a_known_tool_states_the_stack(sentence, facts):
    assert rules.tech_facts(sentence) == facts


@pytest.mark.parametrize(
    ("sentence", "summary"),
    [
        ("用你这个片段渲染的写法改完了，XSS 修掉了，安全组复测通过。",
         "用你这个片段渲染的写法改完了，XSS 修掉了"),
        ("身份证校验的 bug 修好了，已经发版 lending-service 2.7.1。",
         "身份证校验的 bug 修好了，已经发版 lending-service 2.7.1"),
        ("升级我刚刚在 staging 做完了，collector 已经升到 0.104.0，跑了半小时没问题",
         "升级我刚刚在 staging 做完了，collector 已经升到 0.104.0"),
        # a short report keeps the detail that says what it was
        ("登录流程已经跑通了，wx.login → code2Session → JWT 都 OK。",
         "登录流程已经跑通了，wx.login → code2Session → JWT 都 OK"),
        ("测了 10 分钟 drift 都小于 1 像素，desync fixed。",
         "测了 10 分钟 drift 都小于 1 像素，desync fixed"),
    ],
)  # fmt: skip
def test_a_chinese_report_keeps_the_further_work_its_next_clauses_report(sentence, summary):
    work = rules.finished_work(sentence)
    assert work is not None and work.summary == summary


def test_a_short_reply_picks_the_chinese_option_it_names_by_its_head():
    offer = (
        "两种策略：\n\n- **禁止负库存**：出库时校验。\n"
        "- **允许负库存，入库时补差**：出库用最近均价。\n\n**方案一** 也行。"
    )
    assert rules.offered_labels(offer) == ["禁止负库存", "允许负库存"]  # option numbers are not
    batch = _run(("assistant", offer), ("user", "禁止吧，仓库那边我去沟通"))
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["禁止负库存"]
    assert rules.picked_label("不禁止吧", ["禁止负库存"]) is None
    assert rules.picked_label("禁止吗？", ["禁止负库存"]) is None


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("also fyi - don't use alembic autogenerate, I always hand-write migrations as SQL files.",
         "preference"),
        ("yeah I always reach for Zustand over Redux in my own projects.", "preference"),
        ("one more: style-wise I prefer explicit service objects over model callbacks.",
         "preference"),
        ("one style thing: I really don't like `unwrap()` in non-test code.", "preference"),
        ("我 commit 前一般都会跑一下 ktlintFormat，你也帮我跑一下", "preference"),
        ("还有个 personal preference：前端包管理我 prefer pnpm", "preference"),
        ("对了 commit message 我习惯用英文写，conventional commits 那种", "preference"),
        ("I always get this error when I run the tests", None),
        ("I only care about iOS for now", None),
        ("另外我自己装环境一直用 mamba，conda 原生那个 solver 太慢了", "preference"),
        ("one thing about how I work: I keep all Kconfig choices in sdkconfig.defaults.",
         "preference"),
        ("I test this with 20% packet loss via tc netem on the uplink, always do.", "preference"),
        ("before we start: keep answers short, bullet points please.", "preference"),
        ("It's TypeScript everywhere — and I'd really prefer to keep it that way.", "preference"),
        ("I would like to know why", None),
        ("I'd rather not change RMW right now, everyone's used to Fast DDS", None),
        ("btw I code in Rider, so skip the Visual Studio specific tips", "preference"),
        ("btw before you tell me anything is done, always run the full suite with pytest -q -x.",
         "preference"),
        ("I don't use CocoaPods anymore and don't want it back in this project.", "preference"),
        ("对了说一下，我写 Go 一直用 GoLand，VS Code 的插件我用不上哈。", "preference"),
        ("另外提醒一下，装包用 uv add，我不用 pip。", "preference"),
        ("clippy pedantic 我一直是全开的，以后也按这个标准。", "preference"),
        ("Flutter 3.22，我用 FVM 管版本，习惯每个项目固定一个 .fvmrc", "preference"),
        ("we always use the staging db", None),  # the team's way: a fact, not the person's
        ("我不用管这个吧", None),
        ("我一向习惯用 ssh remote，这个是之前拷过来的，我马上换成 ssh。", "preference"),
        ("对，report_to wandb，我所有实验都习惯用 wandb 记录，别给我整 tensorboard。",
         "preference"),
        ("online store 我倾向 DynamoDB，省得自己运维", None),  # a leaning for the project
        ("习惯了就好", None),
    ],
)  # fmt: skip
def test_habits_told_with_any_verb_and_dislikes_are_the_persons_ways(sentence, kind):
    p = rules.personal(sentence)
    assert (p.kind if p else None) == kind


def test_a_commit_the_agent_made_is_a_change_maintenance_too_but_not_work_in_progress():
    batch = _run(
        ("user", "fix the retry loop please, and add a test for it"),
        ("commit", "fix(api): retry on 503 with backoff\n\nLonger body."),
        ("commit", "test(api): cover the 503 retry"),
        ("commit", "wip"),
    )
    assert [(e["type"], e["summary"], e.get("scope")) for e in _kept(batch, "changelog")] == [
        ("fix", "retry on 503 with backoff", "api"),
        ("chore", "cover the 503 retry", "api"),
    ]
    assert _kept(batch, "changelog", "review") == []


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("MPPI it is. vx_max 0.8 is right.", "MPPI"),
        ("OK, Tempo it is.", "Tempo"),
        ("sqlite it is", "sqlite"),
        ("chalk bag + brush set it is, thanks", None),
        ("Nice, page_navbar it is.", "page_navbar"),  # after a word of praise
        ("Great, it is raining.", None),
    ],
)  # fmt: skip
def test_x_it_is_needs_a_name_not_everyday_words(sentence, choice):
    d = rules.decision(sentence)
    assert (d.choice if d else None) == choice


def test_a_choice_shortening_an_offered_name_takes_the_full_name():
    batch = _run(
        ("assistant", "Options:\n\n- **AsyncStorage**: key/value.\n- **expo-sqlite**: real SQL."),
        ("user", "AsyncStorage got slow for me, so no. sqlite it is"),
    )
    assert [e["choice"] for e in _kept(batch, "decisions")] == ["expo-sqlite"]


def test_an_option_offered_in_bold_in_chinese_is_the_bold_text_whole():
    batch = _run(
        ("user", "国内加载瓦片特别慢，想换成高德的瓦片，有什么方案"),
        ("assistant", "有两条路：\n\n1. **继续用 QtLocation，写一个自定义 geoservice 插件**（继承"
         " QGeoServiceProviderFactory），改动最小。\n2. **升级到 Qt 6.8**，插件 API 变了。"),
        ("user", "先别升 Qt 6，风险太大。就用方案1"),
    )  # fmt: skip
    assert [e["choice"] for e in _kept(batch, "decisions")] == [
        "继续用 QtLocation，写一个自定义 geoservice 插件"
    ]


def test_an_everyday_word_deep_in_a_clause_is_no_technology():
    sentence = "most users are in the US but we're launching in the UK in spring"
    assert rules.tech_facts(sentence) == {}
    assert rules.tech_facts("we're on spring boot 3") == {"backend": "spring boot 3"}


def test_a_change_someone_else_recommends_is_not_a_decision():
    assert rules.decision("安全审计报告说偏弱，建议换成内存困难的算法。") is None
    assert rules.decision("我建议换成 Redis。") is not None


def _stack(batch: ex.Batch) -> dict[str, str]:
    stack: dict[str, str] = {}
    for entry in _kept(batch, "project"):
        stack |= entry.get("tech_stack", {})
    return stack


def test_a_stack_fact_replaced_later_in_the_conversation_is_not_stored():
    unified = _run(
        ("user", "我们项目现在 lint 用的是 flake8 + black + isort，配置很乱。"),
        ("assistant", "可以全部换成 ruff。"),
        ("user", "OK, decided: 统一用 ruff 做 lint 和 format。"),
    )
    assert "lint" not in _stack(unified)
    switched = _run(
        ("user", "Our feature flags run on LaunchDarkly today."),
        ("user", "We decided to use Unleash instead of LaunchDarkly."),
    )
    assert _stack(switched).get("feature_flags") != "LaunchDarkly"
    abandoned = _run(
        ("user", "我们的节点是 ESP32-S3，固件现在是 Arduino 框架写的。"),
        ("user", "行，就迁到 ESP-IDF v5.1。Arduino 那套后面不维护了。"),
        ("user", "这是我们现在 Arduino 项目里的配置。"),
    )
    assert "Arduino" not in _stack(abandoned).values()


def test_a_choice_for_new_code_or_a_shared_role_keeps_the_stack():
    partial = _run(
        ("user", "数据层我们现在用的是 GORM，写空间查询有点别扭"),
        ("user", "新模块就用 sqlc 写吧，老代码先不动"),
    )
    assert _stack(partial).get("orm") == "GORM"
    shared = _run(
        ("user", "We use peft for the LoRA adapters."),
        ("user", "OK, switch to FSDP instead of DeepSpeed ZeRO-3."),
    )
    assert _stack(shared).get("ml") == "peft"


def test_a_setting_given_twice_is_stored_once_with_its_last_value():
    changed = _run(
        ("user", "Settings: region = eu-west-1, idle_count = 4."),
        ("user", "We changed it: idle_count = 2 now."),
    )
    assert _kept(changed, "project") == [
        {"config": {"region": "eu-west-1"}},
        {"config": {"idle_count": "2"}},
    ]
    repeated = _run(
        ("user", "The region is eu-west-1."), ("user", "Everything runs in region eu-west-1.")
    )
    assert _kept(repeated, "project") == [{"config": {"region": "eu-west-1"}}]
    assert [c.note for c in repeated.candidates if c.action == "dropped"] == [
        "the same key is given again in the batch"
    ]


def test_a_version_said_to_be_pinned_outlasts_the_range_a_build_file_allows():
    batch = _run(
        ("user", "state goes to GCS, versioning on. we pin terraform 1.7.5"),
        ("tool", 'terraform {\n  required_version = "~> 1.7.0"\n}'),
    )
    assert _stack(batch)["terraform"] == "terraform 1.7.5"
    other = _run(
        ("user", "state goes to GCS, versioning on. we pin terraform 1.7.5"),
        ("tool", 'terraform {\n  required_version = "~> 1.8.0"\n}'),
    )
    assert _stack(other)["terraform"] == "Terraform ~>1.8.0"  # a range the pin is not in


def test_a_choice_named_again_in_more_detail_is_one_decision():
    batch = _run(
        ("user", "Let's use Flutter for the app."),
        ("user", "OK, decided: Flutter 3.22 with Riverpod."),
    )
    assert [e["choice"] for e in _kept(batch, "decisions")] == ["Flutter 3.22 with Riverpod"]
    two = _run(
        ("user", "Let's use Redis for caching."), ("user", "Decided: Redis Streams as queue.")
    )
    assert len(_kept(two, "decisions")) == 2


def test_tools_sharing_a_role_are_listed_together_and_a_vaguer_repeat_is_dropped():
    batch = _run(
        ("user", "The frontend uses MapLibre."),
        ("user", "The tiles: we use PMTiles."),
        ("user", "The project uses Postgres 16."),
        ("user", "The project uses Postgres."),
    )
    stack: dict[str, str] = {}
    for entry in _kept(batch, "project"):
        stack |= entry.get("tech_stack", {})
    assert stack == {"gis": "MapLibre + PMTiles", "database": "Postgres 16"}


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("集群是 https://es-prod.mall.internal:9200 ，账号 elastic，只读操作可以直接 curl",
         {"集群": "https://es-prod.mall.internal:9200"}),
        ("自动更新仍然走 `https://dl.inkpad.cn/updates/`（generic provider）。",
         {"自动更新": "https://dl.inkpad.cn/updates/"}),
        ("回调服务走 https://api.example.cn/notify 。", {"service": "https://api.example.cn/notify"}),
        ("nice, ota.trellis-iot.io is our domain already, cloudfront works.",
         {"domain": "ota.trellis-iot.io"}),
        ("集群是不是 https://es-prod.mall.internal:9200？", {}),
    ],
)  # fmt: skip
def test_an_address_named_by_what_it_serves_is_kept(sentence, facts):
    assert rules.url_facts(sentence) == facts


def test_a_reply_opening_with_an_offered_name_picks_it():
    batch = _run(
        ("assistant", "可选：\n\n- **Argon2id**：PHC 冠军。\n- **scrypt**：也是内存困难。"),
        ("user", "Argon2id，参数就按你说的 64MiB / t=3 / p=4。迁移方案也 OK"),
    )
    assert [e["choice"] for e in _kept(batch, "decisions")] == ["Argon2id"]
    asked = _run(
        ("assistant", "Options:\n\n- **Redis**: fast.\n- **Memcached**: simple."),
        ("user", "Redis, but why not Memcached?"),
    )
    assert _kept(asked, "decisions") == []


def test_switch_everything_to_is_an_instruction():
    d = rules.decision("switch everything to Cyclone DDS with the peers list")
    assert d is not None and d.choice.startswith("Cyclone DDS")


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("raw retention 90 天 OK，小时聚合永久保留。", "raw retention 90 天"),
        ("嗯，TTL 10 分钟没问题。", "TTL 10 分钟"),
        ("ok，debounce 150ms 可以", "debounce 150ms"),
        ("嗯 150ms 可以", None),  # a value alone names nothing
        ("3 个副本可以吗？", None),
        ("测试 OK", None),
    ],
)  # fmt: skip
def test_a_value_agreed_to_with_what_it_is_the_value_of_is_a_decision(sentence, choice):
    d = rules.decision(sentence)
    assert (d.choice if d else None) == choice


def test_a_vaguer_copy_of_an_address_or_a_versioned_tool_is_dropped():
    batch = _run(
        ("user", "The queue is Celery, Redis as broker."),
        ("user", "The tiles URL is https://tiles.example.cn/forest.pmtiles."),
        ("user", "our domain is tiles.example.cn"),
        ("user", "We bumped Celery to 5.3 last week."),
        ("user", "The frontend uses React; the app uses React Native."),
    )
    values = [v for entry in _kept(batch, "project") for _, v in ex.flatten(entry)]
    assert "https://tiles.example.cn/forest.pmtiles" in values
    assert "tiles.example.cn" not in values
    assert "Celery 5.3" in values and "Celery" not in values
    assert "React" in values and "React Native" in values  # another tool, not a version


def test_a_switch_asked_about_then_taken_back_for_a_rather_leaves_the_rather():
    batch = _run(
        ("user", "Everything goes through logrus. Replace logrus with zap I guess?"),
        ("assistant", "Shall I go ahead with zap?"),
        ("user", "yeah go with zap"),
        (
            "user",
            "wait. I'd rather use slog with the JSON handler than pull in zap. Drop zap please.",
        ),
    )
    assert [e["choice"] for e in _kept(batch, "decisions")] == ["slog"]
    assert [src["index"] for _, src in batch.obsolete] == [3]  # the question supersedes nothing


@pytest.mark.parametrize(
    ("sentence", "gone"),
    [
        ("OK scrap BinaryFormatter.", ["BinaryFormatter"]),
        ("Drop zap please.", ["zap"]),
        ("ditch Redux", ["Redux"]),
        ("scrap that, use SQLite", []),  # a reversal, not an option named
    ],
)  # fmt: skip
def test_an_option_turned_down_is_named_without_its_politeness(sentence, gone):
    assert rules.rejected(sentence) == gone


def test_an_offered_name_opening_a_much_later_message_picks_nothing():
    batch = _run(
        ("assistant", "Options:\n\n- **Redis**: fast.\n- **Memcached**: simple."),
        ("user", "Let me think about it."),
        ("assistant", "Sure."),
        ("user", "Meanwhile the CI is red."),
        ("assistant", "Fixed the CI."),
        ("user", "Redis, by the way, was down all morning on staging."),
    )
    assert _kept(batch, "decisions") == []


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("跟团队又聊了一下，最后定了 ClickHouse，运维那边维护过。", "ClickHouse"),
        ("ReplacingMergeTree 就它了。", "ReplacingMergeTree"),
        ("产品说明细要留半年，那 TTL 就 180 天吧。", "TTL 180 天"),
        ("老板回复了：定了，积分按滚动过期算。", "积分按滚动过期算"),
        ("行，那就走后端代理，前端这边你先把直连的代码删掉", "后端代理"),
        ("ok 冲突就 last-write-wins，以服务端时间戳为准。", "last-write-wins"),
        ("现在就 OK 了。", None),
        ("行，不折腾了，还是直接用 trl 的 SFTTrainer。", "trl 的 SFTTrainer"),
        ("行，排行榜用 Redis ZSET，MySQL 只存对局明细。", "Redis ZSET"),
        ("AMI 用 AL2023，Bottlerocket 不考虑了。", "AL2023"),
        ("那就不搞 MQ 了，保持同步。", "同步"),
        ("那就不用云函数了，用云托管，最小实例设 1。", "云托管"),
        ("调度的话用我们现有的 XXL-JOB，每天 10:30 跑。", "XXL-JOB"),
        ("语言包还是懒加载吧。", "懒加载"),
        ("离线任务还是每天凌晨跑吧。", None),  # when it runs, not a way of doing it
        ("那我们定了：表属性 write.distribution-mode 设成 hash。",
         "表属性 write.distribution-mode 设成 hash"),
        ("就按这个来：AES-GCM 信封加密存密文，HMAC 存 hash。", "AES-GCM 信封加密存密文"),
        ("scrap OHIF, use cornerstone3d directly.", "cornerstone3d"),
        ("let's drop vectorbt and keep the in-house engine", "in-house engine"),
        ("Yep, do that: saveVersion int starting at 1.", "saveVersion int starting at 1"),
        ("agreed on both: slim + a buildkit secret.", "slim + a buildkit secret"),
        ("agreed on the built in retry policy, no new deps.", "built in retry policy"),
        ("Ok, let's do it properly with ESP-IDF.", "ESP-IDF"),
        ("let's do it in the morning", None),
        ("Deterministic IDs from file name, good call, I'll do that.",
         "Deterministic IDs from file name"),
        ("Thanks, good call.", None),
        ("I'm using Facepunch.Steamworks, not Steamworks.NET", "Facepunch.Steamworks"),
        ("New plan: dedicated headless server.", "dedicated headless server"),
        ("going with Netcode for GameObjects", "Netcode for GameObjects"),
        ("Keycloak then, no Auth0. We'll write the interceptor ourselves.", "Keycloak"),
        ("Postgres then.", "Postgres"),
        ("See you then.", None),
        ("嗯你说得对。那改一下：用 Zarr，parquet 的方案不要了。", "Zarr"),
        ("明白，那 kerchunk 就不考虑了，转 Zarr。", "Zarr"),
        ("把结果转 JSON 输出", None),  # a conversion, not a switch
        ("还是留在 pandas。", "pandas"),
        ("agreed, we'll use an instance profile and remove the keys from .env.",
         "instance profile"),
        ("ok, I'll use grep to find it", None),  # an action narrated, no choice
        ("好，topic 就按 site/device 这个格式，telemetry 用 QoS 1。", "QoS 1"),
        ("好，我先用 pytest 跑一下，然后用 ruff 检查", None),
        ("只做 iOS，不想多一个第三方抽成，RevenueCat 不用，直接 StoreKit 2。", "StoreKit 2"),
        ("Per-record last-write-wins is enough, habits are edited by one person.",
         "Per-record last-write-wins"),
        ("The test is enough", None),
        ("defmt + defmt-rtt, yeah.", "defmt + defmt-rtt"),
        ("Sure, yeah.", None),
        ("let's do Polars with the lazy API", "Polars"),
        ("嗯，那就用 rider_id 做 alias，不用手机号。", "rider_id 做 alias"),
        ("用 Redis 做缓存", "Redis"),
        ("改成 ntasks=1、-ntmpi 1 以后到了 210 ns/day。", None),  # a run reported
        ("用 admin sso 跑成功了。", None),
    ],
)  # fmt: skip
def test_choices_sealed_agreed_or_kept_over_a_dropped_option_are_read(sentence, choice):
    d = rules.decision(sentence)
    assert (d.choice if d else None) == choice


def test_a_name_offered_and_agreed_to_is_a_choice():
    batch = _run(
        ("assistant", "Options:\n\n1. **nginx limit_req**: cheap.\n2. **slowapi**: per route."),
        ("user", "yeah slowapi sounds fine. in-memory for now is ok"),
    )
    assert [e["choice"] for e in _kept(batch, "decisions")] == ["slowapi"]
    assert rules.decision("that sounds good") is None


def test_an_option_dropped_by_a_short_name_or_in_the_deciding_sentence_is_not_kept():
    batch = _run(
        ("user", "Let's go with Photon Fusion."),
        ("assistant", "OK."),
        ("user", "not sustainable. scrapping Fusion. going with Netcode for GameObjects."),
    )
    assert [e["choice"] for e in _kept(batch, "decisions")] == ["Netcode for GameObjects"]
    batch = _run(
        ("user", "OK, let's go with Cyclone DDS for now."),
        ("assistant", "OK."),
        ("user", "peers 列表不现实。那就不用 Cyclone 了，换 Fast DDS + Discovery Server。"),
    )
    assert [e["choice"] for e in _kept(batch, "decisions")] == ["Fast DDS + Discovery Server"]
    batch = _run(("user", "lua sounds fine."), ("assistant", "OK."), ("user", "ok scratch lua."))
    assert _kept(batch, "decisions") == []


def test_versions_in_the_message_that_introduces_the_project_are_its_stack():
    opening = (
        "I'm making a 4-player co-op dungeon crawler in Godot 4.3 (already have the "
        "single-player prototype). What's the best way to add online co-op?"
    )
    batch = _run(("user", opening), ("assistant", "OK."), ("user", "the CI box has Ruby 2.7."))
    assert _stack(batch) == {"engine": "Godot 4.3"}
    assert _kept(batch, "project", "review") == []  # one version in passing, later: not a fact
    wish = (
        "我们的 Markdown 笔记桌面端现在是 Electron，安装包 148MB，用户老吐槽太大。"
        "想迁到 Tauri 2，你先评估下工作量"
    )
    assert "tauri" not in _stack(_run(("user", wish)))
    status = "The upload endpoint answers every call from requests 404 for the whole morning."
    assert rules.version_facts(status, own=True, opening=True) == {}  # a status code
    # the lexicon does not know every part; the person introducing the project names them
    unknown = "repo 里 feature_repo/ 是我昨天用 feast init 生成的，Feast 0.40。在 EMR 6.15 上跑。"
    assert _stack(_run(("user", unknown))) == {"feast": "Feast 0.40", "emr": "EMR 6.15"}
    counted = "Step 2.1 fails, see Chapter 3.2 of the runbook; load is at 40.5% now."
    assert rules.version_facts(counted, own=True, opening=True) == {}
    later = _run(("user", opening), ("assistant", "OK."), ("user", "Feast 0.40 is what we run."))
    assert "feast" not in _stack(later)  # an unknown name needs the opening
    assert _stack(_run(("user", status))) == {}


def test_a_coding_agent_stating_the_stack_it_read_is_believed_a_chat_assistant_is_reviewed():
    turns = (("user", "加个国际化。"), ("assistant", "项目是 Vue 3 + Vite 5 + Element Plus。"))
    stored = {"frontend": "Vue 3", "build": "Vite 5", "ui_kit": "Element Plus"}
    assert _stack(_run(*turns, agent=True)) == stored
    assert _stack(_run(*turns, agent=False)) == {}
    one = (("user", "Add a queue."), ("assistant", "The queue is BullMQ."))
    assert _stack(_run(*one, agent=True)) == {}  # one name: as often what it will use


def test_a_choice_named_while_the_project_is_introduced_waits_for_review():
    opening = "我在做一个区域气候的课题，要用 ERA5 再分析的 2m 气温，现在读得特别慢。"
    batch = _run(("user", opening), ("assistant", "几个方向。"), ("user", "那就用 Zarr 吧。"))
    assert [e["choice"] for e in _kept(batch, "decisions")] == ["Zarr"]
    assert [e["choice"] for e in _kept(batch, "decisions", "review")] == ["ERA5 再分析的 2m 气温"]
    titled = _run(("user", "# ERA5"), ("user", "我们决定用 Zarr 存。"))
    assert [e["choice"] for e in _kept(titled, "decisions")] == ["Zarr"]  # explicit: kept
    english = _run(
        ("user", "We're moving to S3 for uploads, half the avatars 404."), ("assistant", "OK.")
    )
    assert [e["choice"] for e in _kept(english, "decisions")] == ["S3"]
    alone = _run(("user", "我们要用 ERA5 再分析的 2m 气温做这个课题。"))
    assert [e["choice"] for e in _kept(alone, "decisions")] == ["ERA5 再分析的 2m 气温"]
    hearsay = "最近看 Bun 1.1 挺火的，说是装依赖和跑测试都快很多。"
    assert _stack(_run(("user", hearsay))) == {}
    # a choice made over an option turned down in the same breath is no way things are
    over = _run(
        ("user", "幂等记录存 TiDB，别用 Redis，不想多依赖一个组件。"), ("assistant", "好。")
    )
    assert [e["choice"] for e in _kept(over, "decisions")] == ["TiDB"]


@pytest.mark.parametrize(
    "sentence",
    [
        "用户余额加了两遍",  # a symptom counted
        "压测时余额只加了一次",
        "原因是上游埋点 SDK 新版本在 JSON 顶层加了 ab_bucket 字段",  # a cause explained
        "他们说 production 那边去年已经从 Cluster Autoscaler 换成 Karpenter 了",  # hearsay
        "The root cause was that we added a second consumer group.",
    ],
)
def test_symptoms_causes_and_hearsay_are_no_finished_work(sentence):
    assert rules.finished_work(sentence) is None
    assert rules.finished_work("已经加了唯一索引") is not None


def test_a_change_of_mind_replaces_the_choice_of_its_role_and_nothing_it_merely_names():
    batch = _run(
        ("user", "你好，帮我设计一下温室的 IoT 数据链路。"),
        ("assistant", "好的。"),
        ("user", "那就用 EMQX 开源版吧，规则引擎能直接写库。时序库用 InfluxDB 吧，我比较熟。"),
        ("assistant", "InfluxDB 2.x 的保留策略有限制。"),
        ("user", "啊，这个我还真不知道。那算了，换 TDengine，反正 EMQX 原生支持。"),
    )
    assert [e["choice"] for e in _kept(batch, "decisions")] == ["EMQX 开源版", "TDengine"]
    assert rules.refused("InfluxDB 算了，太重") == ["influxdb"]


def test_then_change_it_is_a_choice_not_work_done():
    s = "那改了，Redis Pub/Sub 不用了，跨服消息全部走 NATS JetStream，省得两套。"
    assert rules.finished_work(s) is None
    batch = _run(("user", "帮我看看跨服消息。"), ("assistant", "建议 JetStream。"), ("user", s))
    assert [e["choice"] for e in _kept(batch, "decisions")] == ["NATS JetStream"]


def test_the_assistants_closing_summary_of_where_things_landed_gives_the_projects_facts():
    recap = (
        "Nice. For the record, the current setup:\n\n"
        "- engine: DuckDB 1.1.3, `memory_limit='24GB'`, spill dir `/mnt/nvme/duckdb_spill`\n"
        "- output: `s3://acme-clickstream/marts/daily_sessions/`\n"
        "- auth: EC2 instance profile (static keys removed)\n"
        "- GoodJob 3.1 removed\n\n"
        "You still need to rotate the keys."
    )
    turns = (("user", "The nightly job keeps dying."), ("assistant", "Try DuckDB."))
    batch = _run(*turns, ("user", "Ran it, works."), ("assistant", recap))
    facts = [e for e in _kept(batch, "project")]
    assert {"tech_stack": {"database": "DuckDB 1.1.3"}, "config": {"memory_limit": "24GB"},
            "paths": {"duckdb_spill": "/mnt/nvme/duckdb_spill"}} in facts  # fmt: skip
    assert {"storage": {"output": "s3://acme-clickstream/marts/daily_sessions/"}} in facts
    assert "GoodJob" not in str(facts)  # what the summary says is gone is not the stack
    # a summary early in the conversation is not where things landed
    early = _run(*turns, ("assistant", recap), ("user", "Hm."), ("assistant", "OK."),
                 ("user", "Let me think."), ("assistant", "Sure."))  # fmt: skip
    assert _kept(early, "project") == []


@pytest.mark.parametrize(
    ("message", "parts"),
    [
        ("Excellent. You now have: Nextflow + nf-core/rnaseq 3.14.0, Singularity on SLURM. "
         "When the AWS labs are ready, add a profile.",
         ["Nextflow + nf-core/rnaseq 3.14.0", "Singularity on SLURM"]),
        ("最终配置：\n- provider: gcp\n- online store: Redis（Memorystore）\n\n建议轮换密码。",
         ["provider: gcp", "online store: Redis（Memorystore）"]),
        ("The crash comes from the pool. Summary: it is the pool.", []),  # not what it opens with
        ("Here is the fix:\n- Sidekiq 7.3", []),
    ],
)  # fmt: skip
def test_a_summary_of_where_things_landed_is_read_by_its_parts(message, parts):
    assert rules.recap(message) == parts


def test_a_tool_named_alone_or_a_zone_in_a_summary_is_no_new_fact():
    assert rules.recap_facts("Zustand + TanStack Query") == {}  # a choice the talk made
    assert rules.recap_facts("timezone `Asia/Shanghai`") == {}
    taken: dict[str, str] = {}
    assert rules.recap_facts("Embassy 0.4 for FOC", taken) == {
        "tech_stack": {"firmware": "Embassy 0.4"}
    }
    assert rules.recap_facts("defmt 0.3 logging", taken) == {"tech_stack": {"defmt": "defmt 0.3"}}


def test_an_option_the_assistant_advises_against_is_not_its_proposal():
    assert rules.proposal("nf-core 官方现在不推荐 iGenomes 的 GRCh38（GTF 版本比较老）。") is None
    assert rules.proposal("我推荐 Ensembl 110") == "Ensembl 110"


def test_a_refusal_put_before_its_object_reaches_to_the_end_of_its_clause():
    assert rules.refused("放弃 Kafka，改用 Redis Stream") == ["kafka"]
    assert rules.refused("行吧，那 nextflow 主进程改成用 sbatch 提交，不用 tmux 了。") == []
    assert rules.refused("Redis 不用了，换 Memcached") == ["redis"]


def test_the_version_we_are_on_is_the_stack_and_a_tool_said_against_is_not():
    assert _stack(_run(("user", "ok, that's the plan. GRDB version we're on is 6.27. thanks"))) == {
        "grdb": "GRDB 6.27"
    }
    assert _stack(_run(("user", "GRDB version we're on is 6.27?"))) == {}  # asked
    rather = "btw 我习惯用 PlatformIO 而不是 Arduino IDE 写 ESP32 固件。"
    assert _stack(_run(("user", rather))) == {}
    assert rules.tech_facts("we're on is 6.27") == {}  # "is" names no product


def test_an_assistants_advice_decides_nothing_even_in_the_words_of_a_rule():
    advice = "小提醒：建议 `history -d` 掉那一行，或者以后用 `HF_TOKEN` 环境变量。"
    batch = _run(("user", "登录成功了。"), ("assistant", advice))
    assert _kept(batch, "decisions") == []
    told = _run(("user", "实验跟踪怎么弄？"), ("assistant", "好的，以后统一用 wandb 记录。"))
    assert [e["choice"] for e in _kept(told, "decisions")] == ["wandb 记录"]


def test_a_switch_away_from_a_tool_drops_the_choice_made_about_it():
    batch = _run(
        ("user", "Spring Boot 3.2 + Redis 6。我觉得 Redis 那个最简单，就用 SETNX 吧，改动最小"),
        ("assistant", "好的。"),
        ("user", "等下，哨兵模式主从切换的时候 key 会丢。"),
        ("assistant", "对。"),
        ("user", "那就不用 Redis 了，改成唯一索引。建表吧"),
    )
    assert [e["choice"] for e in _kept(batch, "decisions")] == ["唯一索引"]
    # only a switch reaches into the sentence: a plain "no Redis" drops only a choice of Redis
    kept = _run(
        ("user", "支付回调要做幂等，重复通知会重复发货。"),
        ("assistant", "几种做法。"),
        ("user", "Redis 那个最简单，就用 SETNX 吧"),
        ("assistant", "OK."),
        ("user", "日志不用 Redis 了。"),
    )
    assert [e["choice"] for e in _kept(kept, "decisions")] == ["SETNX"]


def test_ripping_out_a_choice_turns_it_down():
    assert rules.rejected("Rip out the localStorage stuff.") == ["localStorage"]
    batch = _run(
        ("user", "Let's go with JWT in localStorage, access token 15 min."),
        ("assistant", "OK."),
        ("user", "Auth.js v5 with database sessions then. Rip out the localStorage stuff."),
    )
    assert "JWT in localStorage" not in [e["choice"] for e in _kept(batch, "decisions")]
    routed = rules.decision("那就发货改成走 RocketMQ，回调里只改状态发消息。")
    assert routed is not None and routed.choice == "RocketMQ"
    assert rules.rejected("scrap django-q2 — we stay on Celery") == ["django-q2"]


def test_a_known_tool_for_a_part_after_the_choice_is_a_choice_too():
    sides = rules.side_choices("Zustand it is, and MMKV for storage, not AsyncStorage.", "Zustand")
    assert [(d.choice, d.alternatives, d.purpose) for d in sides] == [
        ("MMKV", ("AsyncStorage",), "storage")
    ]
    assert rules.purpose("Zustand it is, and MMKV for storage") is None  # MMKV's, not Zustand's
    assert rules.side_choices("Go with Postgres, and thanks for the help.", "Postgres") == []
    assert [
        d.choice for d in rules.side_choices("国内 JPush，Google Play 包直接用 FCM", "JPush")
    ] == ["FCM"]


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("I'm starting a habit tracker app called Streakly. React Native with Expo.", "Streakly"),
        ("我们在做一个 4 人 co-op 的 roguelike，叫 Lanternfall，Unity 2022.3 LTS。", "Lanternfall"),
        ("我们的社区生鲜团购 App「邻鲜」是 Flutter 3.22 写的", "邻鲜"),
        ("there is a tool called ruff that does this", None),  # not theirs
        ("our cache service called Redis", None),  # a technology, not a name
        ("what's a good app called?", None),
    ],
)
def test_the_name_the_person_gives_their_project_is_a_project_fact(sentence, name):
    assert rules.project_name(sentence) == name


def test_the_name_and_the_sdk_version_of_a_project_are_kept():
    batch = _run(
        ("user", "I'm starting a habit tracker app called Streakly, React Native with Expo SDK 51.")
    )
    facts = _kept(batch, "project")
    assert {"project": {"name": "Streakly"}} in facts
    assert _stack(batch).get("expo") == "Expo SDK 51"


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("we're moving tidepool-api off the old GKE cluster and onto Cloud Run, it costs too much.",
         "Cloud Run", ("GKE cluster",)),
        ("我们要把广告点击日志从 MySQL 迁到 ClickHouse。", "ClickHouse", ("MySQL",)),
        ("We're moving the dbt project off Snowflake to BigQuery this quarter.", "BigQuery",
         ("Snowflake",)),
    ],
)  # fmt: skip
def test_a_move_off_one_thing_onto_another_replaces_it(sentence, choice, alternatives):
    (decision,) = _kept(_run(("user", sentence)), "decisions")
    assert (decision["choice"], tuple(decision["alternatives"])) == (choice, alternatives)


@pytest.mark.parametrize(
    "sentence",
    [
        "Alternatively we could move off Prisma to Drizzle.",  # tentative
        "我们风控这边要把规则引擎从 T+1 批处理改成实时的。",  # no name to choose
        "上周我们已经把订单导入从 Excel 手工上传改成了和门店 ERP 的 API 对接。",
    ],
)
def test_a_move_without_a_named_destination_or_said_tentatively_decides_nothing(sentence):
    assert _kept(_run(("user", sentence)), "decisions") == []


@pytest.mark.parametrize(
    ("sentence", "title"),
    [
        ("region stays europe-west1, and pin the google provider to ~> 5.30",
         "Pin the google provider to ~> 5.30"),
        ("Let's pin pydantic to 2.7.4 for now.", "Pin pydantic to 2.7.4"),
        ("Fine, let's pin numpy below 2.0 until pandas catches up.", "Pin numpy below 2.0"),
        ("Schedule the rollup at 02:30 UTC so the FX refresh has slack.",
         "Schedule the rollup at 02:30 UTC"),
        ("we should use Postgres 16 for the orders service, not MySQL.",
         "Use Postgres 16 for orders service"),
        ("还是用 Redis 做分布式限流吧，我们已经有 Redis 集群了。", "Use Redis for 分布式限流"),
    ],
)  # fmt: skip
def test_pins_schedules_and_what_we_should_use_are_decisions(sentence, title):
    (decision,) = _kept(_run(("user", sentence)), "decisions")
    assert decision["title"].startswith(title)  # then what else the sentence settles, if any


@pytest.mark.parametrize(
    ("sentence", "title"),
    [
        ("并行用 rayon，tokio 不引入，这是 CPU 活。", "Use rayon for 并行"),
        ("后端用 expo-server-sdk-node 发。", "Use expo-server-sdk-node for 后端"),
        ("解析换 nom，regex 那套不要了。", "Use nom for 解析"),
        ("Google Play 包直接用 FCM", "Use FCM for Google Play 包"),
        ("对了，acks_late 也打开吧，worker 被 OOM 杀掉的时候任务别丢。", "Enable acks_late"),
    ],
)  # fmt: skip
def test_what_a_part_uses_said_alone_in_its_clause_is_a_decision(sentence, title):
    (decision,) = _kept(_run(("assistant", "两种都行。"), ("user", sentence)), "decisions")
    assert decision["title"].startswith(title)


@pytest.mark.parametrize(
    "sentence",
    [
        "我们现在后端用 Django。",  # how things are
        "对了说一下，我写 Go 一直用 GoLand，你给的命令我用不上哈",  # the person's way
        "另外提醒一下，装包用 uv add，我不用 pip。",
        "bucket 名字用 acme-tf-state-prod。",  # a setting's value
        "region 用 ap-northeast-1。",
        "前端或者用 uni-app？",  # a question, and wavering
        "team 里有人说用 Terraform Cloud",  # hearsay
    ],
)
def test_what_is_used_now_by_whom_or_as_a_value_is_no_decision(sentence):
    assert _kept(_run(("assistant", "两种都行。"), ("user", sentence)), "decisions") == []


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("per-field last-write-wins with server timestamps, agreed.",
         "per-field last-write-wins with server timestamps"),
        ("that is fine, agreed.", None),  # agreement, no way named
        ("let's do it properly: Alembic migrations for every schema change",
         "Alembic migrations"),
        ("final: Argon2id for password hashing", "Argon2id"),
        ("并发顺手改成 8", "并发 8"),  # the adverb is not part of what is set
        ("重试次数顺便改成 5 吧", "重试次数 5"),
        ("服务是 FastAPI 0.111，broker 用 Redis 7。", None),  # the stack described
    ],
)  # fmt: skip
def test_a_way_agreed_to_or_declared_final_is_a_decision(sentence, choice):
    d = rules.decision(sentence)
    assert (d.choice if d else None) == choice


@pytest.mark.parametrize(
    "sentence",
    [
        "实测一个节点跑了一晚，没丢。commit 吧。",  # a go-ahead, not a choice
        "ok, deploy it.",
        "hey. Terraform for it is in this repo. can you look at what's there first?",
        "后端接口是 POST /api/export/tasks 和 GET /api/export/tasks/:id。",
    ],
)
def test_go_aheads_and_where_things_are_decide_nothing(sentence):
    batch = _run(("user", sentence))
    assert _kept(batch, "decisions") == []
    assert _kept(batch, "project") == []


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("hmm actually, switch the queue thing to SQS instead.", "SQS"),
        ("letsencrypt，不要 zerossl，我们别的机器全是 le 的", "letsencrypt"),
        ("redis, not memcached.", "redis"),
    ],
)
def test_terse_replies_that_name_a_choice(sentence, choice):
    assert [d["choice"] for d in _kept(_run(("user", sentence)), "decisions")] == [choice]


@pytest.mark.parametrize(
    "sentence", ["eh, not now.", "Fine, no encryption.", "switch the tab to settings", "yes please"]
)
def test_terse_replies_that_name_nothing_decide_nothing(sentence):
    assert _kept(_run(("user", sentence)), "decisions") == []


def test_a_reply_naming_one_listed_option_picks_it():
    offer = (
        "Which push delivery path do you want?\n\n"
        "- Expo push service (expo-notifications; the backend calls exp.host)\n"
        "- FCM/APNs directly via @react-native-firebase/messaging\n"
        "- OneSignal SDK"
    )
    batch = _run(
        ("user", "Add push notifications. We're on Expo SDK 51 with expo-router."),
        ("assistant", offer),
        ("user", "expo's push service, keep it simple."),
    )
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["Expo push service"]
    stack = {"mobile": "Expo SDK 51", "router": "expo-router"}  # still true
    assert _kept(batch, "project") == [{"tech_stack": stack}]
    batch = _run(("assistant", offer), ("user", "fine."))
    assert _kept(batch, "decisions") == []


@pytest.mark.parametrize(
    ("sentence", "choices"),
    [
        ("同步就用 Flink SQL 写吧", ["Flink SQL"]),  # the verb after the tool is not its name
        ("那就帮我把 baud 9600 也改了吧", []),  # a request
        ("remote 资源放哪？用 CDN 还是 OSS", []),  # a question without its question mark
        ("前端直接调 /api/ai/chat 就行", []),
        ("密码就从环境变量 KAFKA_SASL_PASSWORD 读", []),
    ],
)
def test_requests_questions_and_verbs_are_not_part_of_a_choice(sentence, choices):
    assert [d["choice"] for d in _kept(_run(("user", sentence)), "decisions")] == choices


def test_the_build_files_a_session_shows_are_the_projects_stack_whoever_shows_them():
    batch = _run(
        (
            "user",
            "Admin list pages crawl. pip freeze bits:\n```\nDjango==5.1.2\npsycopg==3.2.3\n```",
        ),
        ("assistant", "Let me check the versions pinned in the project."),
        ("tool", '[project]\nrequires-python = ">=3.12"\ndependencies = ["celery==5.4.0"]'),
        ("assistant", "Here is a settings file you could use:\n```\nflask==3.0.3\n```"),
        ("tool", "3 passed in 0.41s"),
    )
    assert _stack(batch) == {
        "django": "Django 5.1.2",  # pasted by the person
        "requires_python": "Python >=3.12",  # printed by a tool
        "celery": "celery 5.4.0",
    }  # what the assistant proposes in a code block is no fact of the project
    reasons = {c.reason for c in batch.candidates if c.target == "project"}
    assert reasons == {
        "read from a build file the person pasted",
        "read from a build file a tool printed",
    }


@pytest.mark.parametrize(
    ("sentence", "commands"),
    [
        ("Run migrations with `alembic upgrade head`.", {"migrate": "alembic upgrade head"}),
        (
            "The build command is `pnpm build` and tests run with `pnpm test`.",
            {"build": "pnpm build", "test": "pnpm test"},
        ),
        ("Tests live in tests/ and run with pytest -q.", {"test": "pytest -q"}),
        ("lint: `ruff check .`", {"lint": "ruff check ."}),
        ("deploy is `./scripts/deploy.sh prod`", {"deploy": "./scripts/deploy.sh prod"}),
        (
            "测试用 `pnpm test`，构建命令是 make build。",
            {"test": "pnpm test", "build": "make build"},
        ),
    ],
)
def test_the_commands_that_build_and_test_the_project_are_facts(sentence, commands):
    assert rules.commands(sentence) == commands


@pytest.mark.parametrize(
    "sentence",
    [
        "I ran the tests with `pytest -k foo`.",  # one run, not how the project is tested
        "Should the build command be `make`?",
        "The test is failing with `AssertionError`.",
        "The test is `flaky`.",
    ],
)
def test_a_run_an_error_or_a_question_is_no_project_command(sentence):
    assert rules.commands(sentence) == {}


def test_a_command_the_assistant_reports_waits_for_review():
    batch = _run(("user", "What runs the tests?"), ("assistant", "The tests run with `npm test`."))
    assert _kept(batch, "project") == []
    assert {"commands": {"test": "npm test"}} in _kept(batch, "project", "review")
    batch = _run(("user", "The build command is `pnpm build`."))
    assert {"commands": {"build": "pnpm build"}} in _kept(batch, "project")


@pytest.mark.parametrize(
    ("sentence", "title"),
    [
        ("We agreed that all API responses use snake_case.", "All API responses use snake_case"),
        (
            "We decided that every service must expose /healthz.",
            "Every service must expose /healthz",
        ),
        (
            "Decision: all services use structured JSON logs.",
            "All services use structured JSON logs",
        ),
    ],
)
def test_a_rule_for_every_part_is_a_decision_titled_by_itself(sentence, title):
    assert [d["title"] for d in _kept(_run(("user", sentence)), "decisions")] == [title]


@pytest.mark.parametrize(
    ("sentence", "choice", "gone"),
    [
        ("For auth we'll use Auth0; Cognito was too painful.", "Auth0", ("Cognito",)),
        ("鉴权就用 Auth0 吧，Cognito 太难用了。", "Auth0", ("Cognito",)),
        ("We're standardizing on Node 20 LTS across all services.", "Node 20 LTS", ()),
    ],
)
def test_an_option_found_wanting_is_turned_down(sentence, choice, gone):
    d = rules.decision(sentence)
    assert d is not None
    assert (d.choice, d.alternatives) == (choice, gone)


@pytest.mark.parametrize(
    ("sentence", "kind", "version"),
    [
        ("把 Django 从 4.2 升级到了 5.0。", "chore", "5.0"),
        ("Upgraded Django from 4.2 to 5.0.", "chore", "5.0"),
        ("删掉了废弃的 v1 接口。", "other", None),
        ("下线了旧的推送服务", "other", None),
        ("已经把 Redis 换成 KeyDB 了", "refactor", None),
    ],
)
def test_work_reported_in_chinese_and_the_version_moved_to(sentence, kind, version):
    work = rules.finished_work(sentence)
    assert work is not None
    assert (work.type, work.version) == (kind, version)


def test_switching_to_another_offered_option_replaces_the_one_picked():
    offer = (
        "You have a few options:\n\n"
        "1. **Twilio**: the default choice, great docs.\n"
        "2. **AWS SNS**: cheaper at volume, more setup.\n"
        "3. **Vonage**: similar to Twilio, cheaper in the EU."
    )
    batch = _run(
        ("user", "I need SMS reminders for appointments."),
        ("assistant", offer),
        ("user", "twilio."),
        ("assistant", "Done: lib/sms.ts sends the reminders."),
        ("user", "our customers are mostly in the UK. Vonage is cheaper there, switch to Vonage."),
    )
    decided = _kept(batch, "decisions")
    assert [d["choice"] for d in decided] == ["Vonage"]
    assert [a.lower() for a in decided[0]["alternatives"]] == ["twilio"]


@pytest.mark.parametrize(
    ("sentence", "decided"),
    [
        ("Vonage is cheaper there, switch to Vonage.", "Vonage"),
        ("Redis is fine, go with Redis 7", "Redis 7"),
        ("if it gets slow, switch to Redis", None),  # a condition, not a choice
    ],
)
def test_an_instruction_after_its_reason_decides(sentence, decided):
    d = rules.decision(sentence)
    assert (d.choice if d else None) == decided


def test_a_project_for_someone_called_something_is_named():
    said = "hey, I'm building a small SaaS for dog groomers called PawBook."
    assert rules.project_name(said) == "PawBook"


def test_a_versioned_name_inside_a_longer_one_is_not_a_second_part():
    batch = _run(("user", "The mobile app is React Native 0.74 with Expo SDK 51."))
    stack = {k: v for c in batch.candidates if c.target == "project"
             for k, v in c.entry.get("tech_stack", {}).items()}  # fmt: skip
    assert stack == {"mobile": "React Native 0.74", "expo": "Expo SDK 51"}


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        (
            "The final decision is to use Stripe Checkout instead of Elements.",
            "Stripe Checkout",
            ("Elements",),
        ),
        ("After benchmarking, we went with ClickHouse over Druid.", "ClickHouse", ("Druid",)),
        ("We ended up using Litestream for backups.", "Litestream", ()),
        ("We'll be using pnpm from now on.", "pnpm", ()),
        ("Let's keep it simple and use SQLite until we need more.", "SQLite", ()),
        ("REST only.", "REST", ()),
        ("We'll host docs on GitHub Pages.", "GitHub Pages", ()),
        ("TypeScript strict mode is mandatory.", "TypeScript strict mode", ()),
        ("Our policy: every PR needs a test.", "every PR needs a test", ()),
    ],
)
def test_more_ways_of_stating_a_choice(sentence, choice, alternatives):
    d = rules.decision(sentence)
    assert d is not None
    assert (d.choice, d.alternatives) == (choice, alternatives)


@pytest.mark.parametrize(
    "sentence",
    [
        "we'll run the tests on every push",  # no host named
        "Documentation only.",  # not a known technology
        "The token is required.",
        "I'm using a DatabaseQueue right now because the docs example did",  # what is
        "OTA is a must.",  # a requirement, no choice among tools
        "We'll run it on our existing Postgres 15 cluster.",  # a database, not a host
    ],
)
def test_runs_and_requirements_without_a_named_choice_are_not_decisions(sentence):
    assert rules.decision(sentence) is None


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives", "purpose"),
    [
        ("我们最后选了 ClickHouse，没选 Druid。", "ClickHouse", ("Druid",), None),
        ("定了：前端用 React，不用 Vue。", "React", ("Vue",), "前端"),
        ("文件存储统一放 OSS，不再用本地磁盘。", "OSS", ("本地磁盘",), "文件存储"),
        ("鉴权改成 JWT，session 那套不要了。", "JWT", ("session",), None),
    ],
)
def test_chinese_choices_with_the_option_given_up_and_the_part_they_are_for(
    sentence, choice, alternatives, purpose
):
    d = rules.decision(sentence)
    assert d is not None
    assert (d.choice, d.alternatives, d.purpose) == (choice, alternatives, purpose)


def test_an_option_not_chosen_is_no_second_decision():
    decided = _kept(_run(("user", "我们最后选了 ClickHouse，没选 Druid。")), "decisions")
    assert [d["choice"] for d in decided] == ["ClickHouse"]
    assert (
        _kept(_run(("user", "我们最后选了 ClickHouse，没选 Druid。")), "decisions", "review") == []
    )


def test_a_coverage_required_in_chinese_is_a_setting():
    assert rules.settings("测试覆盖率要求 80% 以上。") == {"coverage": "80%"}


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("Just merged the PR that adds dark mode.", "feat"),
        ("Dropped support for Python 3.8.", "chore"),
        ("Cleaned up the unused feature flags.", "chore"),
        ("The migration to Postgres is done.", "refactor"),
        ("The Postgres migration is done.", "refactor"),
        ("The CSV export was broken for large files; fixed by streaming the rows.", "fix"),
        ("登录页重做了，换成了新的设计稿。", "refactor"),
    ],
)
def test_more_ways_of_reporting_work_done(sentence, kind):
    work = rules.finished_work(sentence)
    assert work is not None
    assert work.type == kind


@pytest.mark.parametrize(
    "sentence", ["The setup is done, what next?", "That is done.", "Just checking in."]
)
def test_work_that_names_nothing_is_no_changelog_entry(sentence):
    assert rules.finished_work(sentence) is None


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("Please keep answers short and skip the explanations unless I ask.", "preference"),
        ("I use VS Code with vim keybindings.", "preference"),
        ("我是前端，React 比较熟，Go 不太会。", "skill"),
        ("回答请用中文，代码注释用英文。", "preference"),
        ("Keep explanations short please, I've about 40 minutes between classes.", "preference"),
        ("Small commits please, one per logical change.", "preference"),
        ("Oh and please keep PRs small, I review on my phone.", "preference"),
        ("No auto-merge on release PRs, ever.", "preference"),
        ("你回复的时候别每次贴整个类，给我 diff 就行。", "preference"),
    ],
)
def test_more_ways_the_person_says_how_they_work(sentence, kind):
    p = rules.personal(sentence)
    assert p is not None
    assert p.kind == kind


@pytest.mark.parametrize(
    "sentence",
    [
        "Keep the changes small so we can revert.",  # this change, not the person's way
        "keep commits focused on one thing.",
        "I'll do it myself tomorrow.",
        "I'll write the /api/auth routes myself.",  # who does one piece of this work
        "No rollback, ever seen one fail?",
    ],
)
def test_a_size_asked_for_one_change_or_work_put_off_is_no_way_of_working(sentence):
    assert rules.personal(sentence) is None


def test_what_the_project_uses_is_not_the_persons_tool():
    assert rules.personal("I use Postgres for the orders service.") is None


def test_the_other_options_of_an_either_or_question_are_the_alternatives():
    batch = _run(
        ("user", "For the mobile app analytics, Mixpanel or Amplitude?"),
        ("assistant", "Both work. Amplitude has a more generous free tier for your volume."),
        ("user", "Budget matters more. Amplitude."),
    )
    [decision] = _kept(batch, "decisions")
    assert (decision["choice"], decision["alternatives"]) == ("Amplitude", ["Mixpanel"])


@pytest.mark.parametrize(
    ("sentence", "title", "alternatives"),
    [
        # building it ourselves is what is given up; the choice is what is taken instead
        ("我们决定不自己做登录了，接 Auth0。", "Use Auth0 for 登录", ["自己做登录"]),
        ("最后决定不自研推送了，交给极光推送。", "采用 极光推送", ["自研推送"]),
        ("决定不再用 Jenkins 了，改用 GitHub Actions。", "Use GitHub Actions", ["Jenkins"]),
        # a choice against, without one for: titled as said, not "采用 不上 K8s"
        ("我们决定不上 K8s 了。", "不上 K8s", ["K8s"]),
    ],
)
def test_a_decision_not_to_do_something_names_what_is_done_instead(sentence, title, alternatives):
    [decision] = _kept(_run(("user", sentence)), "decisions")
    assert (decision["title"], decision["alternatives"]) == (title, alternatives)


def test_a_decision_not_to_do_something_with_nothing_instead_chooses_nothing():
    assert rules.decision("决定不做了，下个版本再说。") is None


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        # a known name as the kind of a part of the project
        ("our flask app's sessions keep getting lost after deploys", {"backend": "flask"}),
        ("Our Django app keeps timing out on the reports page.", {"backend": "Django"}),
        ("The React frontend re-renders when I type in the search box.", {"frontend": "React"}),
        ("Your Rails 7.1 app sends the emails inline.", {"backend": "Rails 7.1"}),
        # a part named in two words, and an app named by its kind
        (
            "Our data warehouse is BigQuery and we're using dbt for transformations.",
            {"warehouse": "BigQuery", "pipelines": "dbt"},
        ),
        ("The mobile app is React Native with Expo.", {"mobile": "React Native"}),
        ("我们的服务部署在阿里云 ACK 上。", {"hosting": "ACK"}),
    ],
)
def test_more_ways_of_naming_what_the_project_is_built_with(sentence, stack):
    facts = _kept(_run(("user", sentence)), "project")
    assert {k: v for f in facts for k, v in f.get("tech_stack", {}).items()} == stack


@pytest.mark.parametrize(
    "sentence",
    [
        "We're moving off Heroku. The new home is Render.",  # what the project leaves
        "We don't have a Django app anymore.",
        "Should the React frontend call the API directly?",
        "the rest api app is slow",  # an everyday word in lower case is no name
        "Is our flask app the problem?",
    ],
)
def test_what_the_project_leaves_or_asks_about_is_no_stack_fact(sentence):
    facts = _kept(_run(("user", sentence)), "project")
    assert not [f for f in facts if "tech_stack" in f]


def test_so_x_it_is_after_a_reason_is_a_choice():
    said = "we already have redis for celery, so server-side sessions in redis it is"
    [decision] = _kept(_run(("user", said)), "decisions")
    assert decision["choice"] == "server-side sessions in redis"


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        (
            "Decision: we'll store money as integer cents everywhere.",
            "store money as integer cents everywhere",
            (),
        ),
        (
            "Going forward, all new endpoints need OpenAPI docs. No exceptions.",
            "all new endpoints need OpenAPI docs",
            (),
        ),
        (
            "Let's not use an ORM for this service; plain SQL with sqlc.",
            "plain SQL with sqlc",
            ("ORM",),
        ),
        (
            "Hmm, let's scrap the microservices idea and keep it a modular monolith.",
            "modular monolith",
            ("microservices",),
        ),
        (
            "fine, we drop the bridge and go with kafka-clients in a JavaScript Writer.",
            "kafka-clients in a JavaScript Writer",
            ("bridge",),
        ),
    ],
)
def test_more_ways_of_deciding(sentence, choice, alternatives):
    d = rules.decision(sentence)
    assert d is not None
    assert (d.choice, d.alternatives) == (choice, alternatives)


def test_as_gives_a_reason_only_as_a_clause_of_its_own():
    assert rules.rationale("Decision: store money as integer cents everywhere.") is None
    assert rules.rationale("Use Redis for the queue, as we need pub/sub.") == "we need pub/sub"


@pytest.mark.parametrize(
    ("sentence", "settings"),
    [
        # the unit stays when a Chinese particle follows it, a Chinese one as it is written
        ("缓存过期时间统一设成 30 分钟吧。", {"ttl": "30 分钟"}),
        ("端口 8080，超时 5 秒吧", {"port": "8080", "timeout": "5 秒"}),
        ("端口 8080，超时 5秒吧", {"port": "8080", "timeout": "5秒"}),
        # a rate keeps its words
        (
            "The API rate limit is 100 requests per minute per key.",
            {"api_rate_limit": "100 requests per minute"},
        ),
        ("rate_limit = 20 req/s", {"rate_limit": "20req/s"}),
    ],
)
def test_a_value_keeps_its_unit(sentence, settings):
    assert rules.settings(sentence) == settings


def test_a_command_named_after_another_in_the_same_sentence_is_one_too():
    said = "Tests are run with `make test`, and lint with `make lint`."
    assert rules.commands(said) == {"test": "make test", "lint": "make lint"}


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("以后所有接口都要写 OpenAPI 文档。", "所有接口都要写 OpenAPI 文档"),
        ("从现在起，每个 PR 都必须有测试。", "每个 PR 都必须有测试"),
        ("Don't use moment.js; use date-fns instead.", "date-fns"),
    ],
)
def test_rules_from_now_on_and_a_way_instead_of_another_are_decisions(sentence, choice):
    [decision] = _kept(_run(("user", sentence)), "decisions")
    assert decision["choice"] == choice
    assert decision["title"] in (choice, f"Use {choice}")


@pytest.mark.parametrize(
    "sentence",
    [
        "We won't add a cache yet, the DB is fast enough.",  # a reason follows, not a choice
        "Back in my last job the Rails monolith was a nightmare.",  # someone else's stack
        "we tried the Vue app approach before and it failed",
        "I read the Django docs and the Flask tutorial, still confused.",
    ],
)
def test_talk_about_other_stacks_and_reasons_is_no_memory(sentence):
    batch = _run(("user", sentence))
    assert _kept(batch, "decisions") == []
    assert not [f for f in _kept(batch, "project") if "tech_stack" in f]


def test_a_reason_given_with_as_is_the_rationale_not_a_detail():
    [decision] = _kept(
        _run(("user", "We should use Redis for this, as it's already running.")), "decisions"
    )
    assert decision["title"] == "Use Redis"
    assert decision["rationale"] == "it's already running"


def test_an_address_and_a_database_name_asked_to_be_remembered_are_kept():
    said = "记一下：测试环境的数据库是 test-db.internal:5432，库名 app_test。"
    assert rules.named_values(said) == {"urls": {"测试环境数据库": "test-db.internal:5432"}}
    assert rules.settings(said) == {"database_name": "app_test"}
    assert rules.named_values("我们的数据库是 db.internal:5432") == {
        "urls": {"数据库": "db.internal:5432"}
    }


@pytest.mark.parametrize(
    ("sentence", "settings"),
    [
        ("数据库连接池大小改成 50，现在 10 不够用。", {"pool_size": "50"}),
        ("并发数设为 8", {"concurrency": "8"}),
    ],
)
def test_more_settings_named_in_chinese(sentence, settings):
    assert rules.settings(sentence) == settings


def test_a_value_changed_is_titled_once():
    decisions = _kept(_run(("user", "数据库连接池大小改成 50，现在 10 不够用。")), "decisions")
    assert [d["title"] for d in decisions] == ["采用 数据库连接池大小 50"]


def test_what_the_project_will_need_is_no_stack_fact():
    said = "We're going to need to support 10k concurrent websocket connections."
    assert rules.tech_facts(said) == {}


@pytest.mark.parametrize(
    ("message", "subjects"),
    [
        (
            'Merged to main as "fix: load structuredClone polyfill on checkout" and deployed.',
            ["fix: load structuredClone polyfill on checkout"],
        ),
        ("Committed: `feat(api): add rate limiting`", ["feat(api): add rate limiting"]),
        ("已提交：fix: 修复登录超时", ["fix: 修复登录超时"]),
        ('You could commit it as "fix: foo bar".', []),  # advice, not a commit made
        # the person's report, the English verb in a Chinese sentence, ended by a full stop
        ("看过了 ok，我 commit 了：feat: csv-driven lab unit normalization。谢谢",
         ["feat: csv-driven lab unit normalization"]),
        ("你 commit 一下：feat: add x", []),  # asked for, not made
    ],
)  # fmt: skip
def test_a_commit_the_assistant_reports_is_read_by_its_subject(message, subjects):
    assert rules.committed_subjects(message) == subjects


def test_a_commit_the_assistant_reports_is_a_changelog_entry():
    batch = _run(
        ("user", "The checkout page crashes on Safari 16 when you apply a coupon."),
        ("assistant", 'Merged to main as "fix: load structuredClone polyfill on checkout".'),
    )
    [entry] = _kept(batch, "changelog")
    assert (entry["type"], entry["summary"]) == ("fix", "load structuredClone polyfill on checkout")


def test_a_part_of_the_option_kept_after_one_turned_down_is_the_choice():
    d = rules.decision("算了，不用 Elasticsearch 了，直接用 Postgres 的全文检索。")
    assert d is not None
    assert (d.choice, d.alternatives) == ("Postgres 的全文检索", ("Elasticsearch",))


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("项目叫「云笔记」，是一个团队协作笔记应用。", "云笔记"),
        ("这个项目名字叫 Lumen。", "Lumen"),
        ("项目叫什么好呢？", None),
    ],
)
def test_a_project_named_without_saying_we_build_it(sentence, name):
    assert rules.project_name(sentence) == name


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        (
            "I'm building a recipe sharing app with SvelteKit and Supabase.",
            {"frontend": "SvelteKit", "database": "Supabase"},
        ),
        (
            "Context: Rust 1.79, tokio, axum 0.7, sqlx with Postgres.",
            {"language": "Rust 1.79", "async_runtime": "tokio", "backend": "axum 0.7"},
        ),
        (
            "We're a Python shop: FastAPI services, Celery workers, and everything on GKE.",
            {"language": "Python", "backend": "FastAPI", "jobs": "Celery", "hosting": "GKE"},
        ),
    ],
)
def test_the_stack_of_an_introduction_or_a_labelled_list(sentence, stack):
    facts = _kept(_run(("user", sentence)), "project")
    assert {k: v for f in facts for k, v in f.get("tech_stack", {}).items()} == stack


def test_here_is_the_plan_is_a_decision():
    d = rules.decision("OK here's the plan: Postgres for OLTP, ClickHouse for analytics.")
    assert d is not None and d.choice == "Postgres"


def test_a_choice_of_an_either_or_question_named_another_way_turns_down_the_others():
    batch = _run(
        ("user", "Should we use Vitest or Jest for the unit tests?"),
        ("assistant", "Vitest: it shares the Vite config and is faster."),
        ("user", "Vitest it is."),
    )
    [decision] = _kept(batch, "decisions")
    assert (decision["choice"], decision["alternatives"]) == ("Vitest", ["Jest"])


def test_a_proposal_to_use_something_first_is_taken_when_accepted():
    batch = _run(
        ("user", "日志要不要上 ELK？"),
        ("assistant", "你们量不大，建议先用 Loki + Grafana，比 ELK 轻很多。"),
        ("user", "行，听你的。"),
    )
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["Loki + Grafana"]


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        (
            "Ok so the final stack is Next.js 15, Drizzle, Neon Postgres, and Clerk for auth.",
            {
                "frontend": "Next.js 15",
                "orm": "Drizzle",
                "database": "Neon Postgres",
                "auth": "Clerk",
            },
        ),
        ("Our Postgres is 16.2 on RDS, db.r6g.large.", {"database": "Postgres 16.2"}),
        ("The old cron jobs are gone; everything runs on Temporal now.", {"jobs": "Temporal"}),
    ],
)
def test_a_final_stack_a_version_of_ours_and_what_everything_runs_on(sentence, stack):
    facts = _kept(_run(("user", sentence)), "project")
    assert {k: v for f in facts for k, v in f.get("tech_stack", {}).items()} == stack


def test_the_final_plan_said_in_chinese_is_a_decision():
    d = rules.decision("最终方案是用 Canal 同步 binlog 到 Kafka，再由 Flink 消费。")
    assert d is not None and d.choice == "Canal 同步 binlog 到 Kafka"


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        (
            "The mobile team uses Kotlin Multiplatform for shared logic.",
            {"mobile": "Kotlin Multiplatform"},
        ),
        ("Emails go out through Postmark.", {"email": "Postmark"}),
        ("Search is powered by Meilisearch.", {"search": "Meilisearch"}),
        ("Feature flags live in LaunchDarkly.", {"feature_flags": "LaunchDarkly"}),
        ("CI runs on CircleCI.", {"ci": "CircleCI"}),
        ("We host everything on Hetzner.", {"hosting": "Hetzner"}),
        ("我们的消息队列是 RabbitMQ，缓存是 Redis 7。", {"queue": "RabbitMQ", "cache": "Redis 7"}),
        # talk that names a concern and a product without saying it is used
        ("Search is something we might add with Algolia later.", {}),
        ("If we deploy to Vercel the cold starts hurt.", {}),
        ("Payments aren't handled by Stripe yet.", {}),
        ("logs go to stdout", {}),
    ],
)
def test_what_handles_a_concern_of_the_project(sentence, stack):
    assert rules.tech_facts(sentence) == stack


@pytest.mark.parametrize(
    ("sentence", "paths"),
    [
        (
            "缓存配置我放在 configs/cache.yaml 里，和其他配置文件放一起。",
            {"缓存配置": "configs/cache.yaml"},
        ),
        ("Generated code goes under gen/go.", {"generated_code": "gen/go"}),
        ("Migrations are in db/migrate/.", {"migrations": "db/migrate/"}),
        ("翻译文件都在 src/locales 下面。", {"翻译文件": "src/locales"}),
        ("生成的代码放到 gen/go 目录。", {"生成代码": "gen/go"}),
    ],
)
def test_a_folder_said_to_hold_something_is_a_path(sentence, paths):
    assert rules.named_values(sentence) == {"paths": paths}


@pytest.mark.parametrize(
    "sentence", ["The switch is on/off.", "The error is in src/app.", "Ports are tcp/ip only."]
)
def test_two_words_with_a_slash_are_no_path_unless_something_is_in_them(sentence):
    assert rules.named_values(sentence) == {}


def test_a_commit_the_person_reports_is_a_changelog_entry_once():
    said = 'done, test is green. committed as "fix(db): add MIGRATION_3_4 and migration test".'
    batch = _run(
        ("user", "The Room migration crashes on upgrade."),
        ("assistant", "Let's fix it."),
        ("user", said),
    )
    assert [(e["type"], e["summary"]) for e in _kept(batch, "changelog")] == [
        ("fix", "add MIGRATION_3_4 and migration test")
    ]


def test_a_colleague_who_knows_a_language_states_no_stack():
    assert rules.tech_facts("我们有一个同事会 Python。") == {}
    assert rules.tech_facts("我们的温湿度节点是 ESP32-S3。") != {}


@pytest.mark.parametrize(
    ("sentence", "title"),
    [
        (
            "Can you remember that our production database is read-only on Sundays for backups?",
            "Our production database is read-only on Sundays for backups",
        ),
        (
            "Just so you know for the future: we never deploy on Fridays.",
            "We never deploy on Fridays",
        ),
        ("Important: all timestamps are stored in UTC.", "All timestamps are stored in UTC"),
        (
            "记住，生产环境不要直接改数据库，必须走迁移脚本。",
            "生产环境不要直接改数据库，必须走迁移脚本",
        ),
        ("The rule is: one migration per PR.", "One migration per PR"),
        (
            "Convention: branch names are feature/<ticket>-<slug>.",
            "Branch names are feature/<ticket>-<slug>",
        ),
    ],
)
def test_what_the_person_asks_to_keep_about_the_project_is_a_rule(sentence, title):
    [decision] = _kept(_run(("user", sentence)), "decisions")
    assert decision["title"] == title


@pytest.mark.parametrize(
    "sentence",
    [
        "注意看一下日志",  # care asked for now
        "Remember to run the tests.",  # an errand
        "Remember this.",  # points at something said before
        "Please remember that I like short answers.",  # the person's own way: the user store
        "keep in mind that maybe we switch to Go later",  # tentative
        "Important: the demo is at 3pm.",  # no rule
    ],
)
def test_a_memory_lead_before_no_rule_of_the_project_keeps_no_rule(sentence):
    assert rules.remembered_rule(sentence) is None


def test_an_adjective_is_no_verb_of_place():
    said = "ops set up Redis for ActionCable, the live table-availability feature needs it."
    assert rules.named_values(said) == {}


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("接口错误统一返回 RFC 7807 格式。", "RFC 7807 格式"),
        ("sure, Kafka then. we can revisit if ops complains", "Kafka"),
        ("Decision: we use Postgres.", "Postgres"),
    ],
)
def test_a_uniform_way_an_agreement_sealed_by_then_and_a_decision_in_the_present(sentence, choice):
    d = rules.decision(sentence)
    assert d is not None and d.choice == choice


@pytest.mark.parametrize("sentence", ["sure, that then", "ok, lunch then"])
def test_then_after_an_agreement_seals_a_known_name_only(sentence):
    assert rules.decision(sentence) is None


def test_a_name_tried_and_given_up_is_the_alternative_not_the_choice():
    said = "我们用 Tesseract 试了一下效果不好，不用它了，改用 PaddleOCR。"
    [decision] = _kept(_run(("user", said)), "decisions")
    assert (decision["title"], decision["alternatives"]) == ("Use PaddleOCR", ["Tesseract"])
    assert rules.alternatives_before("We used Redis, tried it, it was slow, so drop it and ") == [
        "Redis"
    ]


@pytest.mark.parametrize(
    "sentence",
    ["I'm more of a backend person, frontend is not my thing.", "I'm mostly a Python dev."],
)
def test_what_kind_of_developer_the_person_mostly_is_is_a_skill(sentence):
    p = rules.personal(sentence)
    assert p is not None and p.kind == "skill"


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("Rolled back the search change, it was causing timeouts.", "deploy"),
        ("回滚了搜索的改动。", "deploy"),
        ("Reverted the search change.", "other"),
    ],
)
def test_a_change_rolled_back_is_work_done(sentence, kind):
    work = rules.finished_work(sentence)
    assert work is not None and work.type == kind


def test_a_rollback_asked_for_is_no_work_done():
    assert rules.finished_work("We should roll back the search change.") is None


def test_an_option_picked_by_a_word_of_its_name_turns_down_the_others():
    batch = _run(
        ("user", "部署方式用 Docker Compose 还是 K8s？"),
        ("assistant", "你们只有两台机器，Docker Compose 足够。"),
        ("user", "那就 Compose。"),
    )
    [decision] = _kept(batch, "decisions")
    assert (decision["choice"], decision["alternatives"]) == ("Compose", ["K8s"])


def test_an_option_the_answer_to_which_one_names_is_picked_by_a_short_reply():
    batch = _run(
        ("user", "which charting lib?"),
        ("assistant", "Recharts is the simplest for React; ECharts if you need heavy datasets."),
        ("user", "recharts is fine"),
    )
    [decision] = _kept(batch, "decisions")
    assert (decision["choice"], decision["alternatives"]) == ("recharts", ["ECharts"])


@pytest.mark.parametrize(
    ("advice", "reply", "choice"),
    [
        (
            "Use AWS Secrets Manager and load them at startup; avoid .env files in production.",
            "agreed",
            "AWS Secrets Manager",
        ),
        ("My recommendation: Redis with a 5 minute TTL on the product pages.", "👍", "Redis"),
    ],
)
def test_advice_accepted_is_a_decision(advice, reply, choice):
    batch = _run(("user", "What should we use here?"), ("assistant", advice), ("user", reply))
    assert [d["choice"] for d in _kept(batch, "decisions")] == [choice]


def test_advice_on_what_to_type_is_no_choice():
    assert rules.proposal("Use the --force flag.") is None


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("Use UUIDv7 for all primary keys.", "UUIDv7", ()),
        ("Use structlog for logging.", "structlog", ()),
        ("All new code should be typed; mypy strict in CI.", "All new code should be typed", ()),
        (
            "Every endpoint must have an integration test.",
            "Every endpoint must have an integration test",
            (),
        ),
        ("We don't use ORMs here, raw SQL only.", "raw SQL", ("ORMs",)),
    ],
)
def test_a_tool_for_a_purpose_a_requirement_and_a_way_only(sentence, choice, alternatives):
    d = rules.decision(sentence)
    assert d is not None and (d.choice, d.alternatives) == (choice, alternatives)


@pytest.mark.parametrize(
    "sentence",
    [
        "Use caution for the migration.",
        "All tests are failing.",
        "All the services should be up now, can you check?",
    ],
)
def test_everyday_words_a_status_and_a_question_decide_nothing(sentence):
    assert rules.decision(sentence) is None


def test_a_rule_that_forbids_a_tool_chooses_nothing_and_keeps_it_as_the_alternative():
    # the tool it forbids must never read as the choice (it is the option turned down)
    [decision] = _kept(_run(("user", "注意：不要用 Tesseract，识别率太低。")), "decisions")
    assert "choice" not in decision
    assert (decision["title"], decision["alternatives"]) == (
        "不要用 Tesseract，识别率太低",
        ["Tesseract"],
    )
    assert rules.forbidden_names("We never deploy on Fridays") == []
    assert rules.forbidden_names("never use moment.js in new code") == ["moment.js"]
    # a rule saying what not to do names no choice even without a tool named
    [rule] = _kept(_run(("user", "记住，生产环境不要直接改数据库，必须走迁移脚本。")), "decisions")
    assert "choice" not in rule and "alternatives" not in rule


@pytest.mark.parametrize(
    ("sentence", "name", "alone"),
    [
        ("recharts is fine", "recharts", True),
        ("Vitest 吧", "vitest", True),
        ("Node 性能差点就多开几个实例吧。", "node", False),  # talk about it, no pick
    ],
)
def test_a_name_an_answer_gave_is_picked_by_a_reply_that_accepts_it_alone(sentence, name, alone):
    assert rules.picks_alone(sentence, name) is alone


@pytest.mark.parametrize(
    "sentence",
    [
        "cool. also fyi, don't use alembic autogenerate here. just so you know for next time",
        "Can you map the jobs first? Use a subagent for the digging if it helps.",
    ],
)
def test_a_closing_memory_lead_and_a_request_with_a_thing_decide_nothing(sentence):
    batch = _run(("user", sentence))
    assert [d["title"] for d in _kept(batch, "decisions")] == []


def test_a_choice_named_after_an_option_is_not_that_option():
    # "ClickHouse 的 Kafka engine" is part of ClickHouse: it turns down neither option
    batch = _run(
        ("user", "入库用 ClickHouse 的 Kafka engine 还是 Flink？"),
        ("assistant", "量不大的话 ClickHouse 够用。"),
        ("user", "决定用 ClickHouse。"),
        ("user", "先用 Kafka engine 吧，也许以后再上 Flink。"),
    )
    choices = [d["choice"] for d in _kept(batch, "decisions")]
    assert "ClickHouse" in choices


def _some_case(draw: st.DrawFn, word: str) -> str:
    return draw(st.sampled_from([word, word.upper(), word.title()]))


@st.composite
def _tech_talk(draw: st.DrawFn) -> str:
    from omp.rules import lexicon

    words = [*lexicon.ROLE_OF, *(w for ws in lexicon._ROLE_WORDS.values() for w in ws)]
    fillers = ["the", "for", "to", "Gateway", "x", "`", "-", "esp32-s3", "qwen2.5-7b"]
    pick = st.sampled_from([*words, *fillers])
    return draw(st.sampled_from([" ", ""])).join(
        _some_case(draw, w) for w in draw(st.lists(pick, max_size=5))
    )


@settings(max_examples=400)
@given(_tech_talk())
def test_text_of_a_role_holds_one_of_that_roles_terms(text):
    # the index passes over the stored decisions a switch cannot replace by these terms
    role = rules.role_of(text)
    terms = None if role is None else rules.role_terms(role)
    assert terms is None or any(t in text.lower() for t in terms)


def test_a_switch_supersedes_a_stored_tool_of_its_role_not_a_choice_that_names_the_role():
    stored = [
        ex.Stored("decisions", "dec-redux", "Use Redux Redux", {"choice": "Redux"}),
        ex.Stored(
            "decisions",
            "dec-url",
            "Keep filter state in the URL keep filter state in the URL",
            {"choice": "keep filter state in the URL", "status": "active"},
        ),
        ex.Stored(
            "decisions",
            "dec-gate",
            "Cheap gates first values.may_state_settings answers first",
            {"choice": "values.may_state_settings answers first", "status": "active"},
        ),
    ]
    batch = _run(("user", "Let's use Zustand instead of Redux."), stored=stored)
    superseded = [c.entry["id"] for c in batch.candidates if c.action == "superseded"]
    assert superseded == ["dec-redux"]


@pytest.mark.parametrize(
    ("text", "sentences"),
    [("- Added cursor pagination to `GET /orders` (`?cursor=&limit=`)\n- Updated the spec",
      ["Added cursor pagination to `GET /orders` (`?cursor=&limit=`)", "Updated the spec"]),
     ("Old links redirect to https://x.io/a?b=1 now.",
      ["Old links redirect to https://x.io/a?b=1 now."]),
     ("Should we use Redis? I think so.", ["Should we use Redis?", "I think so."]),
     ("这样可以吗?我觉得还行。", ["这样可以吗?", "我觉得还行。"])],
)  # fmt: skip
def test_a_question_mark_inside_a_word_ends_no_sentence(text, sentences):
    assert rules.statements(text) == sentences


@pytest.mark.parametrize(
    ("sentence", "title"),
    [
        ("sql-show 生产别开，改成 false，要看 SQL 本地自己开。", "sql-show 生产别开，改成 false"),
        ("还有全局事务超时默认 60 秒太长了，改成 30 秒。",
         "全局事务超时默认 60 秒太长了，改成 30 秒"),
        ("ECS 换成 4C8G 的。", "ECS 换成 4C8G 的"),
    ],
)  # fmt: skip
def test_a_value_chosen_is_titled_by_the_clause_that_sets_it(sentence, title):
    batch = _run(
        ("user", "我们的订单服务压测下来有点问题，帮我看看配置。"),
        ("assistant", "好的，我先看一下配置文件。"),
        ("user", sentence),
    )
    assert title in [d["title"].split("：")[0] for d in _kept(batch, "decisions")]


def test_a_named_choice_keeps_its_own_title():
    assert candidates.value_clause("TSV", "Keep the merged count matrix as TSV.") == ""
    assert candidates.value_clause("Redis", "缓存统一用 Redis。") == ""
