from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omp.deploy import DeployEvent, looks_like_deploy, parse_deploy

ESC = "\x1b"


def _link(url: str) -> str:
    """An OSC 8 terminal hyperlink, as netlify prints when the terminal supports them."""
    return f"{ESC}]8;;{url}\x07{url}{ESC}]8;;\x07"


# ---- Vercel ---------------------------------------------------------------------------------

VERCEL_CURRENT = f"""\
Vercel CLI 37.4.2
🔍  Inspect: {ESC}[1mhttps://vercel.com/acme/web/9mKq3DyP2xWb7{ESC}[22m [2s]
⏳  Production: {ESC}[1mhttps://web-k2j4h5-acme.vercel.app{ESC}[22m [2s]
{ESC}[2K{ESC}[1A{ESC}[2K{ESC}[G✅  Production: https://web-k2j4h5-acme.vercel.app [38s]
🔗  Aliased: https://web.acme.dev [39s]
"""

VERCEL_OLD = """\
Vercel CLI 23.1.2
> Deploying ~/src/web under acme
🔗  Linked to acme/web (created .vercel and added it to .gitignore)
🔍  Inspect: https://vercel.com/acme/web/AbCdEf12345 [2s]
✅  Production: https://web.vercel.app [copied to clipboard] [45s]
📝  Deployed to production. Run `vercel --prod` to overwrite later (https://vercel.link/2F).
💡  To change the domain or build command, go to https://vercel.com/acme/web/settings
"""

VERCEL_BUILD_FAILED = """\
Vercel CLI 33.5.0
🔍  Inspect: https://vercel.com/acme/web/7Hq2Lm9PzR [1s]
⏳  Production: https://web-8fj2k-acme.vercel.app [1s]
\r⠋ Building...\r⠙ Building: Running "npm run build"\r⠹ Building: Failed to compile.
Error: Command "npm run build" exited with 1
"""


# a CI log (no terminal): "Production:" is printed as the deploy is created, then the build
VERCEL_CI_BUILD_FAILED = """\
$ npx vercel --prod --token=$VERCEL_TOKEN
Vercel CLI 37.4.2
Deploying acme/shopfront
Inspect: https://vercel.com/acme/shopfront/2PzRt6Yv8Wq1 [4s]
Production: https://shopfront-b7m3xk9q1-acme.vercel.app [4s]
Queued
Building
Building: Failed to compile.
Building: Error: Command "pnpm run build" exited with 1
Error: Command "pnpm run build" exited with 1
"""


def test_a_ci_log_whose_build_fails_after_the_production_line_is_a_failed_deploy():
    (event,) = parse_deploy(VERCEL_CI_BUILD_FAILED)
    assert (event.status, event.url, event.app, event.line) == ("failed", None, "shopfront", 10)
    passed = VERCEL_CI_BUILD_FAILED.split("Building: Failed")[0] + "Completing\n"
    (event,) = parse_deploy(passed)
    assert (event.status, event.url) == ("active", "https://shopfront-b7m3xk9q1-acme.vercel.app")


def test_current_vercel_output_gives_the_aliased_domain_and_the_inspect_id():
    assert parse_deploy(VERCEL_CURRENT) == [
        DeployEvent(
            tool="vercel",
            service="vercel",
            status="active",
            url="https://web.acme.dev",
            deploy_id="9mKq3DyP2xWb7",
            line=4,
            app="web",
            cli_version="vercel 37.4.2",
        )
    ]


def test_old_vercel_output_gives_the_production_url():
    (event,) = parse_deploy(VERCEL_OLD)
    assert (event.status, event.url, event.deploy_id, event.line, event.app) == (
        "active",
        "https://web.vercel.app",
        "AbCdEf12345",
        5,
        "web",
    )


def test_a_failed_vercel_build_is_failed_without_a_url():
    (event,) = parse_deploy(VERCEL_BUILD_FAILED)
    assert (event.status, event.url, event.deploy_id, event.line) == (
        "failed",
        None,
        "7Hq2Lm9PzR",
        5,
    )


def test_the_older_now_cli_style_is_read():
    text = (
        "> Deploying ~/src/site under acme\n"
        "> https://site-3fk2l1.now.sh [v2] [in clipboard] [1s]\n"
        "> Ready! Deployed to https://site-3fk2l1.now.sh [in clipboard] [3s]\n"
        "> Success! Deployment ready\n"
    )
    (event,) = parse_deploy(text)
    assert (event.tool, event.status, event.url, event.line) == (
        "vercel",
        "active",
        "https://site-3fk2l1.now.sh",
        3,
    )
    assert looks_like_deploy(text)


def test_vercel_with_no_wait_is_pending():
    text = (
        "Vercel CLI 37.4.2\n"
        "🔍  Inspect: https://vercel.com/acme/web/Gz81kQ [1s]\n"
        "⏳  Production: https://web-z81kq-acme.vercel.app [1s]\n"
        "📝  Note: Deployment is still processing...\n"
    )
    (event,) = parse_deploy(text)
    assert (event.status, event.url, event.line) == ("pending", None, 3)


def test_a_vercel_preview_deploy_is_not_a_production_deploy():
    text = (
        "Vercel CLI 37.4.2\n"
        "🔍  Inspect: https://vercel.com/acme/web/Pv12xy [1s]\n"
        "✅  Preview: https://web-git-feature-acme.vercel.app [21s]\n"
    )
    (event,) = parse_deploy(text)
    assert (event.environment, event.url) == ("preview", "https://web-git-feature-acme.vercel.app")


def test_a_vercel_error_before_any_deploy_is_not_a_failed_deploy():
    text = "Vercel CLI 37.4.2\nError: No existing credentials found. Please run `vercel login`.\n"
    assert parse_deploy(text) == []


def test_an_echoed_deploy_command_makes_an_early_error_a_failed_deploy():
    text = (
        "$ vercel deploy --prod\n"
        "Vercel CLI 37.4.2\n"
        "Error: No existing credentials found. Please run `vercel login`.\n"
    )
    (event,) = parse_deploy(text)
    assert (event.tool, event.status, event.line) == ("vercel", "failed", 3)


def test_a_build_log_error_line_does_not_override_a_later_success():
    text = (
        "🔍  Inspect: https://vercel.com/acme/web/Q1w2e3 [1s]\n"
        "⏳  Production: https://web-q1w2e3-acme.vercel.app [1s]\n"
        "Error: optional dependency sharp could not be loaded, using fallback\n"
        "✅  Production: https://web-q1w2e3-acme.vercel.app [40s]\n"
    )
    (event,) = parse_deploy(text)
    assert (event.status, event.line) == ("active", 4)


# ---- Netlify --------------------------------------------------------------------------------

NETLIFY_OLD = """\
Deploy path:        /home/dev/site/dist
Functions path:     /home/dev/site/netlify/functions
Configuration path: /home/dev/site/netlify.toml
Deploying to main site URL...
- Hashing files...\r✔ Finished hashing 31 files and 2 functions
- CDN diffing files...\r✔ CDN requesting 4 files and 1 functions
- Uploading 5 files\r✔ Finished uploading 5 assets
- Waiting for deploy to go live...\r✔ Deploy is live!

Build logs:         https://app.netlify.com/sites/acme-site/deploys/64a1b2c3d4e5f6a7b8c9d0e1
Function logs:      https://app.netlify.com/sites/acme-site/functions
Unique deploy URL:  https://64a1b2c3d4e5f6a7b8c9d0e1--acme-site.netlify.app
Website URL:        https://acme-site.netlify.app
"""

DEPLOY_ID = "6651a2b3c4d5e6f7a8b9c0d1"
NETLIFY_CURRENT = f"""\

Deploying to Netlify
────────────────────────────────────────────────────────────────

Deploy path:        /home/dev/docs/dist
Configuration path: /home/dev/docs/netlify.toml

{ESC}[32m✔{ESC}[39m Finished uploading blobs to deploy store
{ESC}[32m✔{ESC}[39m Finished hashing 12 files
{ESC}[32m✔{ESC}[39m CDN requesting 2 files
{ESC}[32m✔{ESC}[39m Finished uploading 2 assets
{ESC}[32m✔{ESC}[39m Deploy is live!

🚀 Deploy complete
────────────────────────────────────────────────────────────────

  ╭─────────────────────── ⬥  Production deploy is live ⬥  ───────────────────────╮
  │                                                                                  │
  │        Deployed to production URL: {_link("https://docs.acme.dev")}          │
  │                                                                                  │
  │  Unique deploy URL: {_link(f"https://{DEPLOY_ID}--acme-docs.netlify.app")}  │
  │                                                                                  │
  ╰──────────────────────────────────────────────────────────────────────────────────╯

Build logs:         https://app.netlify.com/projects/acme-docs/deploys/{DEPLOY_ID}
Function logs:      https://app.netlify.com/projects/acme-docs/logs/functions
Edge function Logs: https://app.netlify.com/projects/acme-docs/logs/edge-functions
"""


def test_old_netlify_output_gives_the_website_url_not_the_unique_one():
    (event,) = parse_deploy(NETLIFY_OLD)
    assert event == DeployEvent(
        tool="netlify",
        service="netlify",
        status="active",
        url="https://acme-site.netlify.app",
        deploy_id="64a1b2c3d4e5f6a7b8c9d0e1",
        line=8,
        app="acme-site",
    )


def test_current_netlify_output_with_a_box_and_hyperlinks_gives_the_production_url():
    (event,) = parse_deploy(NETLIFY_CURRENT)
    assert (event.status, event.url, event.deploy_id, event.app, event.line) == (
        "active",
        "https://docs.acme.dev",
        DEPLOY_ID,
        "acme-docs",
        12,
    )


def test_the_oldest_netlify_output_with_live_url_is_read():
    text = (
        "Deploy path: /builds/app/build\n"
        "Deploying to live site URL...\n"
        "✔ Finished hashing 30 files\n"
        "✔ CDN requesting 0 files\n"
        "✔ Finished uploading 0 assets\n"
        "✔ Deploy is live!\n"
        "\n"
        "Logs:              https://app.netlify.com/sites/shop/deploys/5d7e64a6fa03b8fb214cb84a\n"
        "Unique Deploy URL: https://5d7e64a6fa03b8fb214cb84a--shop.netlify.com\n"
        "Live URL:          https://shop.example.com\n"
    )
    (event,) = parse_deploy(text)
    assert (event.url, event.deploy_id, event.app) == (
        "https://shop.example.com",
        "5d7e64a6fa03b8fb214cb84a",
        "shop",
    )


def test_a_netlify_deploy_that_did_not_succeed_is_failed():
    text = (
        "Deploy path: /home/dev/site/dist\n"
        "Deploying to main site URL...\n"
        "✔ Finished hashing 30 files\n"
        " \u203a   Error: Deploy did not succeed: Failed to execute deploy: 422 Unprocessable\n"
    )
    (event,) = parse_deploy(text)
    assert (event.tool, event.status, event.url, event.line) == ("netlify", "failed", None, 4)


def test_a_netlify_draft_deploy_is_not_a_production_deploy():
    text = (
        "Deploy path:        /home/dev/site/dist\n"
        "Deploying to draft URL...\n"
        "✔ Deploy is live!\n"
        "Logs:              https://app.netlify.com/sites/acme/deploys/6420713940a9a14a6d4ef20b\n"
        "Website Draft URL: https://6420713940a9a14a6d4ef20b--acme.netlify.app\n"
    )
    (event,) = parse_deploy(text)
    assert event.environment == "preview"
    assert event.url == "https://6420713940a9a14a6d4ef20b--acme.netlify.app"


def test_a_netlify_deploy_cut_short_is_pending():
    text = (
        "Deploying to main site URL...\n"
        "✔ Finished uploading 3 assets\n"
        "- Waiting for deploy to go live...\n"
    )
    (event,) = parse_deploy(text)
    assert (event.status, event.line) == ("pending", 1)


# ---- Cloudflare -----------------------------------------------------------------------------

WRANGLER_CURRENT = """\

 ⛅️ wrangler 3.78.2
-------------------

Total Upload: 1.05 KiB / gzip: 0.52 KiB
Your worker has access to the following bindings:
- KV Namespaces:
  - CACHE: 0f2ac74b498b48028cb68387c421e279
Uploaded api-worker (2.31 sec)
Deployed api-worker triggers (0.84 sec)
  https://api-worker.acme.workers.dev
  schedule: */5 * * * *
Current Version ID: 1d9e2b0c-4a8f-4c1e-9b7a-5f3e2d1c0b9a
"""


def test_wrangler_deploy_gives_the_workers_dev_url_and_the_version_id():
    assert parse_deploy(WRANGLER_CURRENT) == [
        DeployEvent(
            tool="wrangler",
            service="cloudflare",
            status="active",
            url="https://api-worker.acme.workers.dev",
            deploy_id="1d9e2b0c-4a8f-4c1e-9b7a-5f3e2d1c0b9a",
            line=10,
            app="api-worker",
            bindings=(("CACHE", "0f2ac74b498b48028cb68387c421e279"),),
            cli_version="wrangler 3.78.2",
        )
    ]


def test_older_wrangler_publish_output_is_read():
    text = (
        " ⛅️ wrangler 2.20.0\n"
        "--------------------\n"
        "Total Upload: 0.19 KiB / gzip: 0.16 KiB\n"
        "Uploaded hello (1.23 sec)\n"
        "Published hello (0.34 sec)\n"
        "  hello.someone.workers.dev\n"
        "Current Deployment ID: 8c1d6f1a-1111-4222-8333-944455556666\n"
    )
    (event,) = parse_deploy(text)
    assert (event.status, event.url, event.deploy_id, event.line) == (
        "active",
        "https://hello.someone.workers.dev",
        "8c1d6f1a-1111-4222-8333-944455556666",
        5,
    )


def test_a_worker_custom_domain_is_preferred_to_workers_dev():
    text = (
        "Uploaded api (3.01 sec)\n"
        "Deployed api triggers (1.10 sec)\n"
        "  https://api.acme.workers.dev\n"
        "  api.acme.dev (custom domain)\n"
        "Current Version ID: 22222222-2222-4222-8222-222222222222\n"
    )
    (event,) = parse_deploy(text)
    assert event.url == "https://api.acme.dev"


def test_a_wrangler_api_error_after_the_upload_is_failed():
    text = (
        " ⛅️ wrangler 3.78.2\n"
        "-------------------\n"
        "\n"
        "Total Upload: 1.05 KiB / gzip: 0.52 KiB\n"
        "\n"
        f"{ESC}[31m✘ {ESC}[41;31m[{ESC}[41;97mERROR{ESC}[41;31m]{ESC}[0m "
        f"{ESC}[1mA request to the Cloudflare API (/accounts/0123/workers/scripts/api) failed."
        f"{ESC}[0m\n"
        "\n"
        "  Authentication error [code: 10000]\n"
    )
    (event,) = parse_deploy(text)
    assert (event.service, event.status, event.url, event.line) == (
        "cloudflare",
        "failed",
        None,
        6,
    )


def test_a_wrangler_build_error_counts_only_after_a_deploy_command():
    output = (
        " ⛅️ wrangler 4.20.0\n"
        "───────────────────\n"
        "X [ERROR] Build failed with 1 error:\n"
        "  src/index.ts:3:7: ERROR: Expected ';' but found 'x'\n"
    )
    assert parse_deploy(output) == []
    (event,) = parse_deploy("> wrangler deploy\n\n" + output)
    assert (event.status, event.line) == ("failed", 5)


def test_wrangler_pages_deploy_gives_the_project_address_and_the_deployment_hash():
    text = (
        "$ npx wrangler pages deploy dist --project-name acme-site\n"
        "🌍  Uploading... (3/12)\r🌍  Uploading... (12/12)\n"
        "\n"
        "✨ Success! Uploaded 3 files (9 already uploaded) (1.10 sec)\n"
        "\n"
        "✨ Uploading _headers\n"
        "🌎 Deploying...\n"
        "✨ Deployment complete! Take a peek over at https://4f2a9c1e.acme-site-1dq.pages.dev\n"
    )
    (event,) = parse_deploy(text)
    assert event == DeployEvent(
        tool="wrangler",
        service="cloudflare",
        status="active",
        url="https://acme-site-1dq.pages.dev",
        deploy_id="4f2a9c1e",
        line=8,
        app="acme-site-1dq",
    )


def test_a_wrapped_pages_address_on_the_next_line_is_read():
    text = (
        "✨ Deployment complete! Take a peek over at\n   https://0b1901b2.board-games.pages.dev\n"
    )
    (event,) = parse_deploy(text)
    assert (event.url, event.deploy_id, event.line) == (
        "https://board-games.pages.dev",
        "0b1901b2",
        1,
    )


def test_wrangler_versions_upload_and_wrangler_dev_are_not_deploys():
    upload = (
        "Uploaded api-worker (2.79 sec)\n"
        "Worker Version ID: 5b6c7d8e-0000-4000-8000-000000000000\n"
        "Version Preview URL: https://5b6c7d8e-api-worker.acme.workers.dev\n"
        "To deploy this version to production traffic use the command wrangler versions deploy\n"
    )
    dev = (
        " ⛅️ wrangler 3.78.2\n"
        "-------------------\n"
        "Your worker has access to the following bindings:\n"
        "⎔ Starting local server...\n"
        "[wrangler:inf] Ready on http://localhost:8787\n"
    )
    assert parse_deploy(upload) == []
    assert parse_deploy(dev) == []


# ---- Fly.io ---------------------------------------------------------------------------------

FLY_MACHINES = """\
==> Verifying app config
Validating /home/dev/api/fly.toml
✓ Configuration is valid
--> Verified app config
==> Building image
==> Building image with Depot
--> build:  ()
[+] Building 12.3s (12/12) FINISHED
--> Building image done
==> Pushing image to fly
The push refers to repository [registry.fly.io/acme-api]
--> Pushing image done
image: registry.fly.io/acme-api:deployment-01HZX3K9Q8WJ2D
image size: 48 MB

Watch your deployment at https://fly.io/apps/acme-api/monitoring

-------
Updating existing machines in 'acme-api' with rolling strategy

-------
 ✔ [1/2] Machine 148ed193b95048 [app] update succeeded
 ✔ [2/2] Machine 3d8d9e5c2e1289 [app] update succeeded
-------
Checking DNS configuration for acme-api.fly.dev

Visit your newly deployed app at https://acme-api.fly.dev/
"""

FLY_NOMAD = """\
==> Creating release
--> release v12 created

--> You can detach the terminal anytime without stopping the deployment
==> Monitoring deployment
Logs: https://fly.io/apps/legacy-api/monitoring

 1 desired, 1 placed, 0 healthy, 0 unhealthy\r 1 desired, 1 placed, 1 healthy, 0 unhealthy
--> v12 deployed successfully
"""


def test_fly_machines_deploy_gives_the_app_address():
    assert parse_deploy(FLY_MACHINES) == [
        DeployEvent(
            tool="fly",
            service="fly",
            status="active",
            url="https://acme-api.fly.dev",
            deploy_id=None,
            line=27,
            app="acme-api",
            hostname="acme-api.fly.dev",
        )
    ]


def test_fly_nomad_deploy_gives_the_release_version():
    (event,) = parse_deploy(FLY_NOMAD)
    assert (event.status, event.deploy_id, event.app, event.line) == (
        "active",
        "v12",
        "legacy-api",
        9,
    )


def test_fly_unhealthy_allocations_fail_the_release():
    text = (
        "--> release v13 created\n"
        "==> Monitoring deployment\n"
        " 1 desired, 1 placed, 0 healthy, 1 unhealthy [restarts: 2] [health checks: 1 total]\n"
        "Failed Instances\n"
        "--> v13 failed - Failed due to unhealthy allocations - rolling back to job version 12 "
        "and deploying as v14\n"
        "--> Troubleshooting guide at https://fly.io/docs/getting-started/troubleshooting/\n"
        "Error abort\n"
    )
    (event,) = parse_deploy(text)
    assert (event.status, event.deploy_id, event.line) == ("failed", "v13", 5)


def test_a_fly_machine_that_never_gets_healthy_fails_the_deploy():
    text = (
        "$ flyctl deploy --remote-only\n"
        "Updating existing machines in 'acme-api' with rolling strategy\n"
        "  [1/2] Updating 148ed193b95048 [app]\n"
        "  [1/2] Waiting for 148ed193b95048 [app] to have state: started\n"
        "Error: timeout reached waiting for health checks to pass for machine 148ed193b95048\n"
    )
    (event,) = parse_deploy(text)
    assert (event.status, event.url, event.app, event.line) == ("failed", None, "acme-api", 5)


# ---- kubectl --------------------------------------------------------------------------------

ROLLOUT_WAIT = (
    'Waiting for deployment "web" rollout to finish: 0 of 3 updated replicas are available...\n'
    'Waiting for deployment "web" rollout to finish: 1 of 3 updated replicas are available...\n'
)


def test_kubectl_rollout_that_finishes_is_active_under_the_deployment_name():
    text = (
        "$ kubectl -n prod rollout status deployment/web\n"
        + ROLLOUT_WAIT
        + 'deployment "web" successfully rolled out\n'
    )
    assert parse_deploy(text) == [
        DeployEvent(
            tool="kubectl",
            service="web",
            status="active",
            url=None,
            deploy_id=None,
            line=4,
            app="web",
            namespace="prod",
        )
    ]


def test_kubectl_rollout_still_waiting_is_pending_at_the_last_wait():
    (event,) = parse_deploy(ROLLOUT_WAIT)
    assert (event.service, event.status, event.line) == ("web", "pending", 2)


def test_kubectl_rollout_past_its_deadline_or_timed_out_is_failed():
    deadline = ROLLOUT_WAIT + 'error: deployment "web" exceeded its progress deadline\n'
    timeout = ROLLOUT_WAIT + "error: timed out waiting for the condition\n"
    assert [(e.status, e.line) for e in parse_deploy(deadline)] == [("failed", 3)]
    assert [(e.status, e.line) for e in parse_deploy(timeout)] == [("failed", 3)]


def test_two_rollouts_give_one_event_each():
    text = (
        ROLLOUT_WAIT
        + 'Waiting for deployment "worker" rollout to finish: 0 of 1 updated replicas are '
        "available...\n" + 'deployment "web" successfully rolled out\n'
    )
    assert [(e.service, e.status) for e in parse_deploy(text)] == [
        ("web", "active"),
        ("worker", "pending"),
    ]


# ---- mixed and unrelated text ---------------------------------------------------------------


def test_two_tools_outputs_concatenated_give_two_events_in_order():
    events = parse_deploy(VERCEL_CURRENT + FLY_MACHINES)
    assert [(e.tool, e.status, e.url) for e in events] == [
        ("vercel", "active", "https://web.acme.dev"),
        ("fly", "active", "https://acme-api.fly.dev"),
    ]
    assert events[1].line == 5 + 27


def test_two_deploys_of_one_tool_give_two_events():
    events = parse_deploy(WRANGLER_CURRENT + WRANGLER_CURRENT.replace("1d9e2b0c", "77777777"))
    assert [e.deploy_id[:8] for e in events if e.deploy_id] == ["1d9e2b0c", "77777777"]


def test_windows_line_endings_keep_line_numbers():
    (event,) = parse_deploy(NETLIFY_OLD.replace("\n", "\r\n"))
    assert (event.status, event.line, event.url) == (
        "active",
        8,
        "https://acme-site.netlify.app",
    )


def test_unrelated_text_gives_nothing():
    texts = [
        "",
        "We should deploy to Vercel tomorrow; the site is https://acme.vercel.app.\n",
        "Traceback (most recent call last):\n  File 'x.py', line 1\nError: boom\n",
        "commit 3f2a1b\nAuthor: A <a@b.c>\n\n    fix: deploy script\n",
        "Production: https://acme.com\nWebsite URL: https://acme.com\nDeploy path: docs\n",
        "用户：部署到 Vercel\n助手：好的，已经部署。\n",
        "User: the app runs at https://acme.fly.dev and https://acme-docs.pages.dev\n",
        "Assistant: run `vercel deploy --prod`, then check the Production: URL it prints\n",
    ]
    assert [parse_deploy(text) for text in texts] == [[]] * len(texts)
    assert [looks_like_deploy(text) for text in texts] == [False] * len(texts)


def test_looks_like_deploy_recognises_each_tool():
    for text in (
        VERCEL_CURRENT,
        VERCEL_OLD,
        NETLIFY_OLD,
        NETLIFY_CURRENT,
        WRANGLER_CURRENT,
        FLY_MACHINES,
        FLY_NOMAD,
        ROLLOUT_WAIT,
    ):
        assert looks_like_deploy(text)
    assert not looks_like_deploy("npm test\n4 passing\n")
    assert not looks_like_deploy("noise\n" * 300 + VERCEL_CURRENT)


LINES = [
    line
    for text in (
        VERCEL_CURRENT,
        VERCEL_BUILD_FAILED,
        NETLIFY_OLD,
        NETLIFY_CURRENT,
        WRANGLER_CURRENT,
        FLY_MACHINES,
        FLY_NOMAD,
        ROLLOUT_WAIT,
    )
    for line in text.split("\n")
] + ["Error: x", "$ fly deploy", "error: timed out waiting for the condition", "\r", ESC]


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_parse_deploy_never_raises_on_any_text(text):
    events = parse_deploy(text)
    looks_like_deploy(text)
    assert all(e.status in ("active", "failed", "pending") for e in events)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(LINES), st.text(max_size=20)), max_size=40))
def test_shuffled_tool_lines_give_well_formed_events(lines):
    text = "\n".join(lines)
    for event in parse_deploy(text):
        assert event.status in ("active", "failed", "pending")
        assert 1 <= event.line <= text.count("\n") + 1
        assert event.url is None or (event.status == "active" and event.url.startswith("http"))
        assert event.service


def test_kubectl_set_image_gives_the_version_and_the_namespace_of_the_rollout():
    text = (
        "+ kubectl --namespace=trade-staging set image deployment/order-api "
        "order-api=registry.example.cn/shop/order-api:v2.14.0\n"
        "deployment.apps/order-api image updated\n"
        "+ kubectl -n trade-staging rollout status deployment/order-api --timeout=300s\n"
        'deployment "order-api" successfully rolled out\n'
    )
    (event,) = parse_deploy(text)
    assert (event.service, event.status, event.version, event.namespace) == (
        "order-api",
        "active",
        "v2.14.0",
        "trade-staging",
    )


def test_kubectl_set_image_with_trailing_flags_still_gives_the_image():
    text = (
        "+ kubectl -n fin-prod set image deployment/ledger "
        "ledger=ghcr.io/acme/ledger:v3.14.2 --record\n"
        "+ kubectl -n fin-prod rollout status deployment/ledger\n"
        'deployment "ledger" successfully rolled out\n'
    )
    (event,) = parse_deploy(text)
    assert (event.image, event.version, event.status) == (
        "ghcr.io/acme/ledger",
        "v3.14.2",
        "active",
    )


def test_a_scripts_kubectl_context_and_its_health_check_address_are_kept():
    text = (
        "[2025-09-18 22:31:06] ==> kubectl context: ack-sh-prod-01\n"
        "+ kubectl -n payments set image deployment/gw app=registry.example.cn/gw:v2.14.3\n"
        "+ kubectl -n payments rollout status deployment/gw --timeout=600s\n"
        'deployment "gw" successfully rolled out\n'
        "[2025-09-18 22:34:11] ==> 冒烟测试 https://pay-api.example.com/actuator/health\n"
        "+ curl -fsS http://localhost:8080/healthz\n"
    )
    (event,) = parse_deploy(text)
    assert (event.context, event.url, event.version) == (
        "ack-sh-prod-01",
        "https://pay-api.example.com",
        "v2.14.3",
    )


def test_netlify_deploy_build_output_is_a_production_deploy():
    text = (
        "$ netlify deploy --build --prod\n"
        "Starting to deploy site from 'dist'\n"
        "Site deploy was successfully initiated\n"
        "\U0001f680 Deploy complete\n"
        "  Deployed to production URL: https://docs.example.dev\n"
        "  Unique deploy URL:          https://66d1a7f0c2b93e0008a4f7d1--docs-site.netlify.app\n"
    )
    (event,) = parse_deploy(text)
    assert (event.status, event.url, event.app, event.deploy_id) == (
        "active",
        "https://docs.example.dev",
        "docs-site",
        "66d1a7f0c2b93e0008a4f7d1",
    )


def test_the_vercel_build_banner_inside_a_deploy_does_not_split_it():
    text = (
        "$ vercel deploy --prod\n"
        "Vercel CLI 34.2.7\n"
        "Inspect: https://vercel.com/team/docs/9fQ2mXcKzL8pRbVtN3wY [2s]\n"
        "\u23f3  Production: https://docs-k3j9x2pqa-team.vercel.app [2s]\n"
        'Running "vercel build"\n'
        "Vercel CLI 34.2.7\n"
        "Detected Next.js version: 14.2.3\n"
        "Aliased: https://docs.example.dev [1m]\n"
    )
    (event,) = parse_deploy(text)
    assert (event.status, event.url, event.app, event.framework) == (
        "active",
        "https://docs.example.dev",
        "docs",
        "Next.js 14.2.3",
    )


def test_wrangler_bindings_and_routes_are_kept():
    text = (
        " ⛅️ wrangler 3.78.2\n"
        "Your worker has access to the following bindings:\n"
        "- D1 Databases:\n"
        "  - DB: tabsync-prod (c41d9e2a-7b3f-4a10-9e55-0f2d8c6b1a73)\n"
        "- Vars:\n"
        '  - SHORT_DOMAIN: "lnks.example.org"\n'
        "Uploaded tabsync-api (3.87 sec)\n"
        "Deployed tabsync-api triggers (1.21 sec)\n"
        "  https://tabsync-api.acme.workers.dev\n"
        "  api.tabsync.app/* (zone name: tabsync.app)\n"
        "Current Version ID: 9e3b7c51-28d4-4f6a-b0c2-5a7e1d8f4c96\n"
    )
    (event,) = parse_deploy(text)
    assert event.bindings == (("DB", "tabsync-prod"), ("SHORT_DOMAIN", "lnks.example.org"))
    assert event.routes == ("api.tabsync.app/*",)


def test_timestamped_ci_logs_are_read_and_a_build_banner_opens_nothing():
    text = (
        "2025-04-09T18:41:02.1290114Z + flyctl deploy --remote-only --app lobby-relay\n"
        "2025-04-09T18:41:03.9125530Z ==> Verifying app config\n"
        "2025-04-09T18:41:40.0000000Z Watch your deployment at https://fly.io/apps/lobby-relay/monitoring\n"
        "2025-04-09T18:42:30.0000000Z Visit your newly deployed app at https://lobby-relay.fly.dev/\n"
    )
    (event,) = parse_deploy(text)
    assert (event.status, event.url, event.app) == (
        "active",
        "https://lobby-relay.fly.dev",
        "lobby-relay",
    )
    vercel = (
        "$ vercel deploy --prod\n"
        "Vercel CLI 37.4.2\n"
        "Inspect: https://vercel.com/team/docs/7Hq2mXcR9vLkP3sTz1W [2s]\n"
        "\u2705  Production: https://docs-k3j9x2pq1-team.vercel.app [2s]\n"
        '2024-09-03T10:14:27.803Z  Running "vercel build"\n'
        "2024-09-03T10:14:28.390Z  Vercel CLI 37.4.2\n"
        "2024-09-03T10:14:39.702Z  Detected Next.js version: 14.2.3\n"
        "Aliased: https://docs.example.dev [1m]\n"
    )
    (web,) = parse_deploy(vercel)
    assert (web.url, web.framework) == ("https://docs.example.dev", "Next.js 14.2.3")


def test_kubectl_lines_a_wrapper_prints_without_a_prompt_are_commands():
    text = (
        "kubectl --context ack-hz-prod -n payments set image deployment/settlement-api "
        "settlement-api=registry.example.cn/fin/settlement-api:1.14.0\n"
        "kubectl --context ack-hz-prod -n payments rollout status deployment/settlement-api\n"
        'deployment "settlement-api" successfully rolled out\n'
    )
    (event,) = parse_deploy(text)
    assert (event.status, event.version, event.namespace, event.context) == (
        "active",
        "1.14.0",
        "payments",
        "ack-hz-prod",
    )


_UNDO = (
    "+ kubectl -n iot set image deployment/gw gw=registry.example.cn/iot/gw:v2.3.1\n"
    "+ kubectl -n iot rollout status deployment/gw --timeout=300s\n"
    'error: deployment "gw" exceeded its progress deadline\n'
    "+ kubectl -n iot rollout undo deployment/gw\n"
    "deployment.apps/gw rolled back\n"
    "+ kubectl -n iot rollout status deployment/gw\n"
    'deployment "gw" successfully rolled out\n'
)


@pytest.mark.parametrize(
    "after",
    [
        # the rollout history the script prints: the last revision is what runs
        "+ kubectl -n iot rollout history deployment/gw\nREVISION  CHANGE-CAUSE\n"
        "41        release v2.2.4 (jenkins #309)\n43        release v2.3.1 (jenkins #318)\n"
        "44        release v2.2.4 (jenkins #309)\n",
        # the image read back after the undo
        "+ kubectl -n iot get deploy gw -o jsonpath='{..image}'\n"
        "registry.example.cn/iot/gw:v2.2.4\n",
        # the script says so
        "==> 部署失败：gw v2.3.1 未上线，已回滚到 v2.2.4\n",
    ],
)
def test_a_rollback_gives_the_version_it_restored(after):
    failed, restored = parse_deploy(_UNDO + after)
    assert (failed.status, failed.version, failed.restored) == ("failed", "v2.3.1", "v2.2.4")
    assert (restored.status, restored.version, restored.restored) == ("active", "v2.2.4", None)


def test_the_release_a_script_announces_is_the_version_and_tool_versions_are_not():
    text = (
        "==> 发布 luma-admin v1.12.0 到生产环境（commit a91f3c6）\n"
        "Vercel CLI 37.4.2\n"
        "Detected Next.js version: 14.2.5\n"
        "✅  Production: https://luma-admin-x1.vercel.app [42s]\n"
        "🔗  Aliased: https://admin.luma.example [42s]\n"
    )
    (event,) = parse_deploy(text)
    assert (event.status, event.version) == ("active", "v1.12.0")
    two = text.replace("Detected", "==> 发布 luma-admin v1.12.1\nDetected")
    assert parse_deploy(two)[0].version is None  # two releases: which one went live is unclear


@pytest.mark.parametrize(
    "announcement",
    [
        "==> [deploy.sh] 部署成功 ✅ luma-admin v1.12.0 -> production",
        "Run vercel deploy --prod --build-env APP_VERSION=v1.12.0",
    ],
)
def test_a_release_announced_after_success_or_in_a_build_variable_is_the_version(announcement):
    text = (
        f"{announcement}\n"
        "Vercel CLI 37.4.2\n"
        "✅  Production: https://luma-admin-x1.vercel.app [42s]\n"
    )
    (event,) = parse_deploy(text)
    assert (event.status, event.version) == ("active", "v1.12.0")


_NETLIFY_BUILD = (
    "$ netlify deploy --build --prod\n"
    "{build}\n"
    "Deploy path:        /builds/site/dist\n"
    "Deploying to main site URL...\n"
    "Deploy is live!\n"
    "Website URL:       https://docs.example.dev\n"
)


@pytest.mark.parametrize(
    ("build", "framework"),
    [
        ("> astro check && astro build\n18:42:16 [vite] ✓ built in 5.61s", "Astro"),
        ("> vue-tsc --noEmit && vite build\nvite v5.3.1 building for production...", "Vite 5.3.1"),
        ("> vitepress build docs\n  vitepress v1.3.4", "VitePress 1.3.4"),
        ("> astro build && vitepress build docs", None),  # two builds: which is the site's?
        ("> tsc -p .", None),
    ],
)  # fmt: skip
def test_the_framework_a_build_runs_is_the_deploys(build, framework):
    (event,) = parse_deploy(_NETLIFY_BUILD.format(build=build))
    assert (event.status, event.framework) == ("active", framework)


def test_a_workers_trigger_route_and_an_eks_cluster_are_kept():
    wrangler = (
        " ⛅️ wrangler 3.57.1\n"
        "Uploaded img-resizer (2.41 sec)\n"
        "Deployed img-resizer triggers (0.38 sec)\n"
        "  img.example.app/*\n"
        "Current Version ID: 5b0e7c2a-91d4-4f3e-8a6b-2c1d0e9f8a7b\n"
    )
    (event,) = parse_deploy(wrangler)
    assert event.routes == ("img.example.app/*",)
    kubectl = (
        "+ aws eks update-kubeconfig --region eu-west-1 --name prod-eu-1\n"
        "+ kubectl -n shop set image deployment/web web=registry.example.io/web:v3.8.2\n"
        "+ kubectl -n shop rollout status deployment/web\n"
        'deployment "web" successfully rolled out\n'
    )
    (event,) = parse_deploy(kubectl)
    assert (event.context, event.version) == ("prod-eu-1", "v3.8.2")


@pytest.mark.parametrize(
    ("lines", "applied"),
    [
        ("Migrations to be applied:\n│ 0004_add_expires_at.sql  │\n"
         "│ name                     │ status │\n│ 0004_add_expires_at.sql  │ ✅     │\n",
         ("0004_add_expires_at",)),
        ("== 20240926151204 AddCurrencyToInvoices: migrating ====\n"
         "== 20240926151204 AddCurrencyToInvoices: migrated (0.0123s) ====\n",
         ("AddCurrencyToInvoices",)),
        ("Successfully applied 1 migration to schema `settlement`, now at version v27\n",
         ("flyway v27",)),
        ("INFO  [alembic.runtime.migration] Running upgrade 3f2a -> 9c1d, add payout batch id\n",
         ("9c1d (add payout batch id)",)),
        ('Migrating schema "public" to version "23 - stop mutations"\n'
         'Successfully applied 1 migration to schema "public", now at version v23 (0.4s)\n',
         ("flyway 23 - stop mutations",)),
        ("Running migrations:\n  Applying payments.0014_stripeevent... OK\n"
         "  Applying payments.0015_refund... OK\n",
         ("payments.0014_stripeevent", "payments.0015_refund")),
        ("  Applying payments.0016_payout...\nTraceback (most recent call last):\n", ()),
        ('Migrating schema `settlement` to version "27 - add payout batch id"\n'
         'Migration of schema `settlement` to version "27 - add payout batch id" failed!\n', ()),
        ("[info] Applying migration `20250611093012_add_invoice_due_date`\n",
         ("20250611093012_add_invoice_due_date",)),
        ("2025/10/09 07:41:22 OK   20251007_add_devices.sql (3.1ms)\n"
         "2025/10/09 07:41:22 applied 20251008_add_device_firmware_col.sql\n",
         ("20251007_add_devices", "20251008_add_device_firmware_col")),
        ("== 20240926151204 AddCurrencyToInvoices: migrating ====\n"
         "StandardError: An error has occurred, this and all later migrations canceled\n", ()),
    ],
)  # fmt: skip
def test_migrations_a_deploy_applied_are_given_to_it(lines, applied):
    text = "$ fly deploy\n==> Verifying app config\n" + lines + "v7 deployed successfully\n"
    (event,) = parse_deploy(text)
    assert event.migrations == applied


# ---- Google Cloud Run and Heroku ------------------------------------------------------------

GCLOUD_RUN = """\
$ gcloud run deploy report-api --image europe-west1-docker.pkg.dev/acme/services/report-api:2.3.0 --region europe-west1
Deploying container to Cloud Run service [report-api] in project [acme-prod-4821] region [europe-west1]
✓ Deploying... Done.
  ✓ Creating Revision...
  ✓ Routing traffic...
Done.
Service [report-api] revision [report-api-00017-xoz] has been deployed and is serving 100 percent of traffic.
Service URL: https://report-api-4xk2lq7abc-ew.a.run.app
"""  # noqa: E501

HEROKU_PUSH = """\
$ git push heroku main
Enumerating objects: 37, done.
remote: -----> Building on the Heroku-22 stack
remote: -----> Using buildpack: heroku/nodejs
remote: -----> Build succeeded!
remote: -----> Launching...
remote:        Released v142
remote:        https://acme-admin-4f3e2a1b9c8d.herokuapp.com/ deployed to Heroku
remote: Verifying deploy... done.
To https://git.heroku.com/acme-admin.git
"""


def test_a_cloud_run_deploy_is_keyed_by_its_service():
    (event,) = parse_deploy(GCLOUD_RUN)
    assert (event.tool, event.service, event.status, event.url, event.deploy_id) == (
        "gcloud", "report-api", "active", "https://report-api-4xk2lq7abc-ew.a.run.app",
        "report-api-00017-xoz",
    )  # fmt: skip
    assert looks_like_deploy(GCLOUD_RUN)
    failed = GCLOUD_RUN.split("✓ Deploying")[0] + "ERROR: (gcloud.run.deploy) Revision failed.\n"
    (event,) = parse_deploy(failed)
    assert (event.service, event.status, event.url) == ("report-api", "failed", None)


def test_a_push_to_heroku_gives_its_app_address_and_release():
    (event,) = parse_deploy(HEROKU_PUSH)
    assert (event.service, event.status, event.url, event.deploy_id, event.app) == (
        "heroku", "active", "https://acme-admin-4f3e2a1b9c8d.herokuapp.com", "v142", "acme-admin",
    )  # fmt: skip
    rejected = HEROKU_PUSH.split("remote: -----> Launching")[0] + "remote:  !     Push rejected\n"
    (event,) = parse_deploy(rejected)
    assert (event.status, event.url) == ("failed", None)
