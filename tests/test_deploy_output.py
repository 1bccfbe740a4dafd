"""Deploy output read as deploys: kubectl, helm, Fly, Vercel, Netlify, Cloudflare workers.

One deployment in two namespaces, timed-out rollout watches, rollbacks, previews beside
production, two apps on one platform, a helm upgrade and its rollout, the commits a deploy
output lists, and deploy output pasted into a conversation or run by an agent's tool.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from omp import extract as ex
from omp import ingest
from omp.deploy import looks_like_deploy, output_span, parse_deploy
from omp.paths import MemoryRoot
from omp.yamlio import load
from tests.extraction import _kept, _run
from tests.helpers import omp_ok

FLY = """\
$ fly deploy -a {app}
==> Verifying app config
--> Verified app config
==> Building image
Watch your deployment at https://fly.io/apps/{app}/monitoring
Visit your newly deployed app at https://{app}.fly.dev/
"""


def _shown(log: str) -> list[tuple[str, dict[str, object]]]:
    batch = ex.Batch()
    ex.from_shown_commits(log, batch, path="deploy.log")
    ex.settle(batch, [], today="2026-11-30")
    return [(c.action, c.entry) for c in batch.candidates if c.target == "changelog"]


def _recorded_deployments(memory: MemoryRoot) -> dict[str, Any]:
    facts = load((memory.memory / "project.yaml").read_text(encoding="utf-8"))
    return {k: {f: v for f, v in r.items() if f != "updated_at"} for k, r in
            facts["deployment"].items()}  # fmt: skip


def _extract(memory: MemoryRoot, text: str) -> None:
    log = memory.project / "deploy.log"
    log.write_text(text, encoding="utf-8")
    ingest.extract(memory, [str(log)])


def _fly_events(app: str) -> list[Any]:
    from omp.deploy import parse_deploy

    return parse_deploy(FLY.format(app=app))


def _deploys_of(memory: MemoryRoot, path: Path) -> tuple[dict[str, Any], list[str]]:
    result = ingest.extract(memory, [str(path)], dry_run=True)
    kept = [c for c in result.batch.candidates if c.action == "stored"]
    places = {k: v for c in kept if c.target == "project" for k, v in
              c.entry.get("deployment", {}).items()}  # fmt: skip
    # the deploy's changelog line waits for review: the talk tells the work
    changes = [c.entry["summary"] for c in result.batch.candidates
               if c.target == "changelog" and c.action == "review"]  # fmt: skip
    return places, changes


def _stored(batch: ex.Batch, target: str) -> list[dict[str, Any]]:
    return [c.entry for c in batch.candidates if c.target == target and c.action == "stored"]


def _deployments(batch: ex.Batch) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for entry in _stored(batch, "project"):
        out |= entry.get("deployment", {})
    return out


def _settled(text: str, stored: ex.StoredMemory | None = None) -> ex.Batch:
    batch = ex.Batch()
    ex.from_deploys(parse_deploy(text), batch, path="deploy.log")
    ex.from_shown_commits(text, batch, path="deploy.log")
    ex.settle(batch, stored or [], today="2026-11-30")
    return batch


# ---- kubectl namespaces, timed-out watches, previews, Netlify drafts, workers --------------------

_TWO_NAMESPACES = """\
$ kubectl -n staging set image deploy/web web=registry.example.com/web:1.31.0-rc.2
deployment.apps/web image updated
$ kubectl -n staging rollout status deploy/web
deployment "web" successfully rolled out
$ kubectl -n production set image deploy/web web=registry.example.com/web:1.30.4
deployment.apps/web image updated
$ kubectl -n production rollout status deploy/web
Waiting for deployment "web" rollout to finish: 3 out of 6 new replicas have been updated...
deployment "web" successfully rolled out
"""


def test_one_deployment_name_in_two_namespaces_is_two_deploys():
    staging, production = parse_deploy(_TWO_NAMESPACES)
    assert (staging.namespace, staging.version, staging.status) == (
        "staging",
        "1.31.0-rc.2",
        "active",
    )
    assert (production.namespace, production.version) == ("production", "1.30.4")

    batch = _settled(_TWO_NAMESPACES)
    records = _deployments(batch)
    assert records["web"]["namespace"] == "staging"
    assert records["web-production"] == {
        "status": "active",
        "version": "1.30.4",
        "image": "registry.example.com/web",
        "namespace": "production",
        "app": "web",
    }
    assert [c["summary"] for c in _stored(batch, "changelog")] == [
        "Deploy web 1.31.0-rc.2 to namespace staging",
        "Deploy web 1.30.4 to namespace production",
    ]


def test_a_rollout_to_another_namespace_than_the_stored_one_keeps_both(
    memory: MemoryRoot, git_repo: Path
):
    first, second = _TWO_NAMESPACES.split("$ kubectl -n production set", 1)
    (git_repo / "staging.log").write_text(first, encoding="utf-8")
    (git_repo / "production.log").write_text("$ kubectl -n production set" + second, "utf-8")

    omp_ok("extract", "staging.log")
    omp_ok("extract", "production.log")
    omp_ok("extract", "staging.log")

    text = memory.memory_path("project.yaml").read_text(encoding="utf-8")
    deployments = load(text)["deployment"]
    assert deployments["web"]["namespace"] == "staging"
    assert deployments["web"]["version"] == "1.31.0-rc.2"
    assert deployments["web-production"]["version"] == "1.30.4"


def test_a_rollout_watched_again_after_its_watch_timed_out_is_the_outcome():
    text = (
        "$ kubectl -n production set image deploy/web web=registry.example.com/web:1.30.4\n"
        "$ kubectl -n production rollout status deploy/web --timeout=5m\n"
        'Waiting for deployment "web" rollout to finish: 2 of 6 updated replicas are available...\n'
        "error: timed out waiting for the condition\n"
        "$ kubectl -n production get pods -l app=web\n"
        "$ kubectl -n production rollout status deploy/web --timeout=10m\n"
        'Waiting for deployment "web" rollout to finish: 5 of 6 updated replicas are available...\n'
        'deployment "web" successfully rolled out\n'
    )
    (event,) = parse_deploy(text)
    assert (event.status, event.version, event.rolled_back) == ("active", "1.30.4", False)
    (change,) = _stored(_settled(text), "changelog")
    assert change["summary"] == "Deploy web 1.30.4 to namespace production"


def test_a_rollout_that_timed_out_and_was_never_watched_again_failed():
    text = (
        "$ kubectl -n production set image deploy/web web=registry.example.com/web:1.30.4\n"
        "$ kubectl -n production rollout status deploy/web --timeout=5m\n"
        "error: timed out waiting for the condition\n"
    )
    (event,) = parse_deploy(text)
    assert event.status == "failed"


_UNDONE = (
    "kubectl -n shop-prod set image deployment/checkout checkout=ghcr.io/acme/checkout:3.2.0\n"
    "deployment.apps/checkout image updated\n"
    "kubectl -n shop-prod rollout status deployment/checkout --timeout=10m\n"
    'Waiting for deployment "checkout" rollout to finish: '
    "1 of 3 updated replicas are available...\n"
    "{failure}\n"
    "kubectl -n shop-prod rollout undo deployment/checkout\n"
    "deployment.apps/checkout rolled back\n"
)


def test_a_rollout_undo_says_the_deploy_was_rolled_back_and_drops_its_version():
    for failure in (
        'error: deployment "checkout" exceeded its progress deadline',
        "error: timed out waiting for the condition",
    ):
        text = _UNDONE.format(failure=failure)
        (event,) = parse_deploy(text)
        assert (event.status, event.rolled_back, event.line) == ("failed", True, 5)

        batch = _settled(text)
        (change,) = _stored(batch, "changelog")
        assert change["summary"] == "Deploy of checkout 3.2.0 failed; rolled back"
        record = _deployments(batch)["checkout"]
        assert record["status"] == "failed"
        assert "version" not in record  # 3.2.0 does not run
        assert record["failed_version"] == "3.2.0"


def test_an_undo_after_a_timed_out_watch_is_not_undone_by_the_next_watch():
    text = _UNDONE.format(failure="error: timed out waiting for the condition") + (
        "kubectl -n shop-prod rollout status deployment/checkout\n"
        'deployment "checkout" successfully rolled out\n'
    )
    batch = _settled(text)
    (change,) = _stored(batch, "changelog")
    assert change["summary"] == "Deploy of checkout 3.2.0 failed; rolled back"
    assert _deployments(batch)["checkout"]["status"] == "failed"


def test_a_fixed_release_rolled_out_after_an_undo_is_the_next_deploy():
    text = _UNDONE.format(failure='error: deployment "checkout" exceeded its progress deadline') + (
        "kubectl -n shop-prod rollout status deployment/checkout\n"
        'deployment "checkout" successfully rolled out\n'
        "kubectl -n shop-prod set image deployment/checkout "
        "checkout=registry.example.com/checkout:3.2.1\n"
        "deployment.apps/checkout image updated\n"
        "kubectl -n shop-prod rollout status deployment/checkout --timeout=10m\n"
        'deployment "checkout" successfully rolled out\n'
    )
    assert [e.version for e in parse_deploy(text)][-1] == "3.2.1"  # not the version undone to
    batch = _settled(text)
    assert [c["summary"] for c in _stored(batch, "changelog")] == [
        "Deploy of checkout 3.2.0 failed; rolled back",
        "Deploy checkout 3.2.1 to namespace shop-prod",
    ]
    record = _deployments(batch)["checkout"]
    assert (record["status"], record["version"]) == ("active", "3.2.1")


def test_a_release_applied_after_an_undo_takes_its_version_from_its_change_cause():
    text = _UNDONE.format(failure='error: deployment "checkout" exceeded its progress deadline') + (
        "kubectl -n shop-prod rollout status deployment/checkout\n"
        'deployment "checkout" successfully rolled out\n'
        "kubectl -n shop-prod rollout history deployment/checkout\n"
        "5         checkout 3.1.9\n"
        "kubectl -n shop-prod apply -f k8s/checkout.yaml\n"
        "deployment.apps/checkout configured\n"
        "kubectl -n shop-prod annotate deployment/checkout "
        "kubernetes.io/change-cause='CHG-0617-03 checkout 3.2.1' --overwrite\n"
        "kubectl -n shop-prod rollout status deployment/checkout\n"
        'deployment "checkout" successfully rolled out\n'
        "kubectl -n shop-prod get deploy checkout -o wide\n"
        "registry.example.com/checkout:3.2.1\n"
    )
    assert [(e.status, e.version) for e in parse_deploy(text)] == [
        ("failed", "3.2.0"), ("active", "3.1.9"), ("active", "3.2.1")
    ]  # fmt: skip
    # the version rolled back to is the one listed before the next release, not its image
    assert [c["summary"] for c in _stored(_settled(text), "changelog")] == [
        "Deploy of checkout 3.2.0 failed; rolled back to 3.1.9",
        "Deploy checkout 3.2.1 to namespace shop-prod",
    ]


@pytest.mark.parametrize(
    ("annotation", "summary"),
    [
        ("v2.8.3: 订单超时改为 15 分钟; 修复优惠券叠加",
         "Deploy order-service v2.8.3 to namespace trade: 订单超时改为 15 分钟; 修复优惠券叠加"),
        ("release v2.8.3 (MR !412)", "Deploy order-service v2.8.3 to namespace trade"),
        ("deploy v2.8.3 from ci run 9187", "Deploy order-service v2.8.3 to namespace trade"),
    ],
)  # fmt: skip
def test_the_release_note_a_kubectl_change_cause_carries_is_in_the_changelog(annotation, summary):
    text = (
        "$ kubectl -n trade set image deployment/order-service app=reg.example.com/order:v2.8.3\n"
        "deployment.apps/order-service image updated\n"
        "$ kubectl -n trade annotate deployment/order-service "
        f'kubernetes.io/change-cause="{annotation}" --overwrite\n'
        "deployment.apps/order-service annotated\n"
        "$ kubectl -n trade rollout status deployment/order-service\n"
        'deployment "order-service" successfully rolled out\n'
    )
    (event,) = parse_deploy(text)
    assert event.message == annotation
    assert [c["summary"] for c in _stored(_settled(text), "changelog")] == [summary]


def test_a_netlify_deploy_message_is_in_the_changelog():
    text = (
        '$ npx netlify-cli@17.33.1 deploy --build --prod --message "help center (zh-Hans added)"\n'
        "Website URL:       https://help.example.org\n"
        "Deploy is live!\n"
    )
    (event,) = parse_deploy(text)
    assert event.message == "help center (zh-Hans added)"
    (change,) = _stored(_settled(text), "changelog")
    assert change["summary"].endswith(": help center (zh-Hans added)")


def test_deploys_of_different_services_are_never_duplicates():
    text = (
        "$ kubectl -n orders set image deployment/orders-api api=registry.example.com/api:v2.14.0\n"
        "$ kubectl -n orders rollout status deployment/orders-api\n"
        'deployment "orders-api" successfully rolled out\n'
        "$ kubectl -n orders set image deployment/orders-worker w=registry.example.com/w:v2.14.0\n"
        "$ kubectl -n orders rollout status deployment/orders-worker\n"
        'deployment "orders-worker" successfully rolled out\n'
    )
    assert [c["summary"] for c in _stored(_settled(text), "changelog")] == [
        "Deploy orders-api v2.14.0 to namespace orders",
        "Deploy orders-worker v2.14.0 to namespace orders",
    ]
    # nor of what is stored; the same deploy read again is
    first = _settled(text.split("$ kubectl -n orders set image deployment/orders-worker")[0])
    stored = [
        ex.Stored("changelog", "c1", ex.text_of("changelog", e), e)
        for e in _stored(first, "changelog")
    ]
    again = _settled(text, ex.StoredMemory(stored))
    assert [c["summary"] for c in _stored(again, "changelog")] == [
        "Deploy orders-worker v2.14.0 to namespace orders"
    ]


_STAGING_THEN_PRODUCTION = """\
  /opt/hostedtoolcache/node/20.12.2/x64/bin/npx wrangler deploy --env staging
   \x1b[33m\u26c5\ufe0f wrangler\x1b[39m 3.60.3
  Total Upload: 97.21 KiB / gzip: 22.40 KiB
  Uploaded edge-router-staging (3.02 sec)
  Deployed edge-router-staging triggers (0.88 sec)
  https://edge-router-staging.acme.workers.dev
  Current Version ID: 4e1d7c9a-0b3f-4a6e-9d2c-8f7e6a5b4c3d
  /opt/hostedtoolcache/node/20.12.2/x64/bin/npx wrangler deploy --env production
   \x1b[33m\u26c5\ufe0f wrangler\x1b[39m 3.60.3
  Total Upload: 97.21 KiB / gzip: 22.40 KiB
  Uploaded edge-router (3.02 sec)
  Deployed edge-router triggers (0.88 sec)
  edge.acme.dev (custom domain)
  Current Version ID: c9b8a7f6-e5d4-4c3b-a2f1-0e9d8c7b6a5f
"""


def test_a_deploy_to_a_named_environment_is_said_and_leaves_the_platform_to_production():
    staging, production = parse_deploy(_STAGING_THEN_PRODUCTION)
    assert (staging.environment, production.environment) == ("staging", "production")

    batch = _settled(_STAGING_THEN_PRODUCTION)
    records = _deployments(batch)
    assert records["edge-router-staging"]["platform"] == "cloudflare"
    assert records["edge-router-staging"]["environment"] == "staging"
    assert records["cloudflare"]["app"] == "edge-router"
    assert records["cloudflare"]["url"] == "https://edge.acme.dev"
    assert [c["summary"] for c in _stored(batch, "changelog")] == [
        "Deploy edge-router-staging to staging at https://edge-router-staging.acme.workers.dev",
        "Deploy edge-router to production at https://edge.acme.dev",
    ]


def test_a_deploy_command_naming_no_environment_is_not_given_the_last_ones():
    text = _STAGING_THEN_PRODUCTION.replace(" --env production", "")
    staging, production = parse_deploy(text)
    assert (staging.environment, production.environment) == ("staging", None)
    echoed = parse_deploy("$ npx wrangler deploy -e staging\nUploaded api (1.2 sec)\n")
    assert echoed[0].environment == "staging"
    vercel = parse_deploy("$ vercel deploy -e API_URL=https://x.example --target=staging\n"
                          "Inspect: https://vercel.com/acme/shop/9xKq3Lr7 [2s]\n")  # fmt: skip
    assert vercel[0].environment == "staging"
    (prod,) = parse_deploy(
        "$ vercel -e API_URL=x --prod\nInspect: https://vercel.com/acme/shop/9xKq3Lr7 [2s]\n"
    )
    assert prod.environment is None


def test_the_release_a_fly_or_worker_deploy_made_is_the_records_version():
    fly = (
        "$ fly deploy\n==> Verifying app config\n--> release v15 created\n"
        "Watch your deployment at https://fly.io/apps/legacy-billing/monitoring\n"
        "--> v15 deployed successfully\n"
    )
    assert _deployments(_settled(fly))["fly"]["version"] == "v15"
    records = _deployments(_settled(_STAGING_THEN_PRODUCTION))
    assert records["cloudflare"]["version"] == "c9b8a7f6-e5d4-4c3b-a2f1-0e9d8c7b6a5f"


_PREVIEW = """\
$ DEPLOY_URL=$(vercel deploy --token=$VERCEL_TOKEN)
Vercel CLI 34.2.7
Deploying acme-team/shop
Inspect: https://vercel.com/acme-team/shop/3RtYuIoP7aSdFgH2jKlQwE9zXcVb [3s]
Preview: https://shop-q8w7e6r5t-acme-team.vercel.app [3s]
Building
Completed
"""


def test_a_preview_deploy_is_recorded_as_a_preview_beside_production():
    batch = _settled(_PREVIEW)
    assert _deployments(batch) == {
        "shop-preview": {
            "status": "active",
            "url": "https://shop-q8w7e6r5t-acme-team.vercel.app",
            "environment": "preview",
            "cli_version": "vercel 34.2.7",
            "platform": "vercel",
        }
    }
    (change,) = [c for c in batch.candidates if c.target == "changelog"]
    assert change.action == "review"  # not what users see
    ticked = _PREVIEW.replace("Preview:", "\u2705  Preview:")
    assert parse_deploy(ticked)[0].environment == "preview"


def test_a_netlify_draft_then_production_are_two_deploys():
    text = (
        "$ ntl deploy\nDeploying to draft URL...\n\u2714 Deploy is live!\n"
        "Website draft URL:  https://6634a0c9e8f1a2b0008d4e1f--acme-landing.netlify.app\n"
        "$ ntl deploy --prod --dir dist\nDeploying to main site URL...\n\u2714 Deploy is live!\n"
        "   Deployed to production URL: https://www.acme.io\n"
        "   Unique deploy URL: https://6634a1f07b2c9d0008a3e5c2--acme-landing.netlify.app\n"
    )
    records = _deployments(_settled(text))
    assert records["netlify"] == {
        "status": "active",
        "url": "https://www.acme.io",
        "app": "acme-landing",
    }
    assert records["acme-landing-preview"]["environment"] == "preview"


def test_the_domain_vercel_alias_set_points_to_a_deploy_is_its_address():
    aliased = _PREVIEW + (
        '$ vercel alias set "$DEPLOY_URL" "mr-482-shop.acme-preview.dev" --scope acme-team\n'
        "Vercel CLI 34.2.7\n"
        "> Assigning alias mr-482-shop.acme-preview.dev to deployment "
        "shop-q8w7e6r5t-acme-team.vercel.app\n"
        "> Success! https://mr-482-shop.acme-preview.dev now points to "
        "https://shop-q8w7e6r5t-acme-team.vercel.app [2s]\n"
    )
    (event,) = parse_deploy(aliased)
    assert (event.url, event.environment) == ("https://mr-482-shop.acme-preview.dev", "preview")
    alone = (
        "$ vercel alias set shop-k2j3h4-acme.vercel.app www.example.com\n"
        "> Success! www.example.com now points to https://shop-k2j3h4-acme.vercel.app [1s]\n"
    )
    (event,) = parse_deploy(alone)
    assert (event.status, event.url) == ("active", "https://www.example.com")


def test_a_commit_git_made_between_deploys_is_a_change():
    text = (
        "~/src/dashboard (main) $ vercel --prod\nVercel CLI 33.7.1\n"
        'Error: Command "npm run build" exited with 2\n'
        '~/src/dashboard (main) $ git commit -am "fix(billing): use invoice_url from API"\n'
        "\x1b[33m[main 7c2e91b]\x1b[m fix(billing): use invoice_url from API\n"
        " 1 file changed, 1 insertion(+), 1 deletion(-)\n"
        "2024-05-02T10:11:12.1339899Z [main 9d1a2b3] feat(export): add CSV export of invoices\n"
        "~/src/dashboard (main) $ git log --oneline -1\n"
        "7c2e91b fix(billing): use invoice_url from API\n"
        "~/src/dashboard (main) $ vercel --prod\nVercel CLI 33.7.1\n"
        "\u2705  Production: https://dashboard-8h2j4k6wm-acme-team.vercel.app [41s]\n"
    )
    changes = [c for c in _stored(_settled(text), "changelog") if c["type"] != "deploy"]
    assert changes == [
        {
            "type": "fix",
            "summary": "use invoice_url from API",
            "ref": "7c2e91b",
            "scope": "billing",
        },
        {
            "type": "feat",
            "summary": "add CSV export of invoices",
            "ref": "9d1a2b3",
            "scope": "export",
        },
    ]


def test_the_version_a_next_js_build_prints_is_kept():
    text = (
        "$ vercel deploy --prebuilt --prod\n> prisma generate && next build\n"
        "  \u25b2 Next.js 14.2.3\n   Creating an optimized production build ...\n"
        "Inspect: https://vercel.com/acme/shop/9xKq3Lr7 [2s]\n"
        "\u2705  Production: https://shop-acme.vercel.app [42s]\n"
    )
    (event,) = parse_deploy(text)
    assert event.framework == "Next.js 14.2.3"
    nuxt = "$ netlify deploy --prod\nNuxt 3.11.2 with Nitro 2.9.6\nDeploy is live!\n"
    assert parse_deploy(nuxt)[0].framework == "Nuxt 3.11.2"


def test_the_regions_fly_tables_show_are_recorded():
    status = (
        "$ fly deploy\n==> Verifying app config\n"
        "Visit your newly deployed app at https://acme-api.fly.dev/\n"
        "$ fly status\nMachines\n"
        "PROCESS\tID            \tVERSION\tREGION\tSTATE  \tROLE\tCHECKS            \n"
        "app    \t148ed193b95948\t23     \tfra   \tstarted\t    \t1 total, 1 passing\n"
        "app    \t784e290b2d5e48\t23     \tams   \tstarted\t    \t1 total, 1 passing\n"
        "\n$ echo done\ndone\n"
    )
    assert _deployments(_settled(status))["fly"]["regions"] == ["fra", "ams"]
    failed = (
        "$ flyctl deploy\n==> Monitoring deployment\nFailed Instances\nInstance\n"
        "ID        PROCESS  VERSION  REGION  DESIRED  STATUS   HEALTH CHECKS        RESTARTS\n"
        "5c2f9a1e  app      13       lhr     run      running  1 total, 1 critical  2\n"
        "\nRecent Events\nTIMESTAMP             TYPE   MESSAGE\n"
        "--> v13 failed - Failed due to unhealthy allocations\n"
    )
    (event,) = parse_deploy(failed)
    assert (event.status, event.regions) == ("failed", ("lhr",))


def test_a_new_image_set_after_a_timed_out_rollout_is_a_new_deploy():
    text = (
        "$ kubectl -n production set image deploy/web web=registry.example.com/web:1.30.4\n"
        "$ kubectl -n production rollout status deploy/web --timeout=5m\n"
        "error: timed out waiting for the condition\n"
        "$ kubectl -n production set image deploy/web web=registry.example.com/web:1.30.5\n"
        "$ kubectl -n production rollout status deploy/web\n"
        'deployment "web" successfully rolled out\n'
    )
    first, second = parse_deploy(text)
    assert (first.version, first.status) == ("1.30.4", "failed")
    assert (second.version, second.status) == ("1.30.5", "active")


def test_two_namespaces_after_a_stored_record_naming_none_are_still_two_records():
    records = _deployments(_settled(_TWO_NAMESPACES, ex.StoredMemory([], {"web": {}})))
    assert (records["web"]["namespace"], records["web-production"]["namespace"]) == (
        "staging",
        "production",
    )


def test_a_workers_quoted_var_is_kept_whole():
    text = (
        "$ wrangler deploy\nYour worker has access to the following bindings:\n- Vars:\n"
        '  - GREETING: "Hello from the edge"\n'
        "- D1 Databases:\n  - DB: shortlink-prod (a3c1d9e7-5b2f-4e0a-8c6d-1f9e8d7c6b5a)\n"
        "Uploaded api (1.2 sec)\nPublished api (1.2 sec)\n"
    )
    (event,) = parse_deploy(text)
    assert event.bindings == (("GREETING", "Hello from the edge"), ("DB", "shortlink-prod"))


def test_a_workers_var_named_as_a_secret_is_redacted_however_plain_its_value():
    text = (
        "$ wrangler deploy\nYour worker has access to the following bindings:\n- Vars:\n"
        '  - AUTH_TOKEN: "Bearer Zq8xK2mP9vL4"\n  - DB_PASSWORD: "hunter2"\n'
        '  - GREETING: "Hello from the edge"\n'
        "Uploaded api (1.2 sec)\nPublished api (1.2 sec)\n  https://api.acme.workers.dev\n"
    )
    batch = _settled(text)
    [record] = _deployments(batch).values()
    assert record["bindings"] == {"AUTH_TOKEN": "[REDACTED:secret]",
                                  "DB_PASSWORD": "[REDACTED:secret]",
                                  "GREETING": "Hello from the edge"}  # fmt: skip
    assert sorted(r.kind for r in batch.redactions) == [
        "secret assigned to AUTH_TOKEN",
        "secret assigned to DB_PASSWORD",
    ]
    assert "hunter2" not in repr(batch.candidates)


# ---- helm upgrade and the rollout watched after it -----------------------------------------------

_UPGRADE = """\
Release "payments-api" has been upgraded. Happy Helming!
NAME: payments-api
LAST DEPLOYED: Thu Oct  9 14:18:02 2025
NAMESPACE: payments-prod
STATUS: deployed
REVISION: 47
TEST SUITE: None
"""


def test_a_helm_upgrade_is_a_deploy_of_the_release_in_its_namespace():
    assert looks_like_deploy(_UPGRADE)
    [event] = parse_deploy(_UPGRADE)
    assert (event.service, event.status, event.namespace, event.deploy_id) == (
        "payments-api", "active", "payments-prod", "47"
    )  # fmt: skip


_WATCHED = (
    _UPGRADE
    + """\
Waiting for deployment "payments-api" rollout to finish: 1 of 3 updated replicas are available...
deployment "payments-api" successfully rolled out
"""
)


def test_the_rollout_watched_after_the_upgrade_is_the_same_deploy():
    [event] = parse_deploy(_WATCHED)
    assert (event.service, event.status, event.namespace) == (
        "payments-api",
        "active",
        "payments-prod",
    )


def test_a_failed_helm_release_is_a_failed_deploy():
    text = _UPGRADE.replace("STATUS: deployed", "STATUS: failed")
    [event] = parse_deploy(text)
    assert event.status == "failed"


def test_a_namespace_line_alone_is_no_deploy():
    text = "NAME: payments-api\nNAMESPACE: payments-prod\nSTATUS: deployed\nREVISION: 47\n"
    assert parse_deploy(text) == []


# ---- deploy output pasted into a message ---------------------------------------------------------

_FLY_PASTED = """\
first time deploying the bot to fly, did it work?

$ fly deploy --app quillbot-prod
==> Verifying app config
--> Verified app config
==> Building image
No machines in group app, launching a new machine
Finished launching new machines
Checking DNS configuration for quillbot-prod.fly.dev

Visit your newly deployed app at https://quillbot-prod.fly.dev/

we decided to use SQLite on a Fly volume."""


def test_the_lines_a_deploy_tool_printed_are_no_words_of_the_person():
    batch = _run(("user", _FLY_PASTED))
    assert not any("launching" in str(e.get("summary", "")) for e in _kept(batch, "changelog"))
    assert [str(d["choice"]) for d in _kept(batch, "decisions")] == ["SQLite"]
    assert any("deployment" in e for e in _kept(batch, "project"))


def test_the_span_of_pasted_output_runs_from_its_first_to_its_last_printed_line():
    assert output_span(_FLY_PASTED) == (3, 11)
    assert output_span("we deploy on Fridays, never on Mondays") is None


# ---- the commits a deploy output lists with `git log --oneline` ----------------------------------

_DEPLOY_LOG = """\
$ git log --oneline -2
c7d19e4 perf(api): replace @aws-sdk/client-s3 with aws4fetch for R2 presign
5a0b3f2 feat(cart): expire abandoned carts after 72h

$ npx wrangler deploy --env production
Uploaded edge-shop-api (3.21 sec)
"""


def test_each_commit_a_deploy_output_lists_is_a_changelog_entry():
    assert _shown(_DEPLOY_LOG) == [
        (
            "stored",
            {
                "type": "perf",
                "summary": "replace @aws-sdk/client-s3 with aws4fetch for R2 presign",
                "ref": "c7d19e4",
                "scope": "api",
            },
        ),
        (
            "stored",
            {
                "type": "feat",
                "summary": "expire abandoned carts after 72h",
                "ref": "5a0b3f2",
                "scope": "cart",
            },
        ),
    ]


def test_a_maintenance_commit_a_deploy_output_lists_waits_for_review():
    log = "$ git log --oneline -1\nb41f09c chore: bump wrangler to 3.80\n"
    assert [action for action, _ in _shown(log)] == ["review"]


@pytest.mark.parametrize(
    "log",
    [
        "c7d19e4 perf(api): replace the S3 client\n$ fly deploy\n",  # no `git log` printed it
        "$ git log -1\ncommit c7d19e4a1b2c3d4e\nAuthor: Sam <sam@x.io>\n",  # not --oneline
        "$ git log --oneline -1\n\nc7d19e4 perf(api): replace the S3 client\n",  # after a gap
    ],
)
def test_commit_lines_not_printed_by_git_log_oneline_are_not_read(log):
    assert _shown(log) == []


# ---- two apps on one platform --------------------------------------------------------------------


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
    assert _recorded_deployments(memory) == {
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


def test_the_records_keys_are_read_from_project_yaml(memory: MemoryRoot):
    _extract(memory, FLY.format(app="acme-api") + FLY.format(app="acme-web"))
    with ingest.stored_memory(memory) as stored:
        assert stored.deployments == {
            "fly": {"app": "acme-api"},
            "acme-web": {"platform": "fly"},
        }


# ---- deploy output inside a conversation ---------------------------------------------------------


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
