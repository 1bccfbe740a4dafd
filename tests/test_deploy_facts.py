"""What a careful engineer keeps from deploy output beyond its address and status.

A Worker's bindings as wrangler 3 lists them and wrangler 4 tables them, the tool's version
its banner prints, the Worker a failed upload was for, the environment a Worker's name ends
with, a Fly app's hostname when the deploy failed, and the regions Fly's log lines, tables and
fly.toml show. And what must give no fact: a secret var, `wrangler dev`, a failed deploy's
address.
"""

from __future__ import annotations

from typing import Any

from omp import extract as ex
from omp.deploy import parse_deploy
from tests.extraction import _kept, _run


def _settled(text: str) -> ex.Batch:
    batch = ex.Batch()
    ex.from_deploys(parse_deploy(text), batch, path="deploy.log")
    ex.settle(batch, [], today="2026-12-06")
    return batch


def _records(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for c in _settled(text).candidates:
        if c.target == "project" and c.action == "stored":
            out |= c.entry.get("deployment", {})
    return out


def _written(batch: ex.Batch) -> str:
    return repr([c.entry for c in batch.candidates if c.action in ("stored", "review")])


# ---- wrangler -----------------------------------------------------------------------------

_WRANGLER_4 = """\
$ npx wrangler deploy

 \u26c5\ufe0f wrangler 4.19.2 (update available 4.22.0)
\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500
Total Upload: 412.77 KiB / gzip: 88.10 KiB
Worker Startup Time: 19 ms
Your Worker has access to the following bindings:
Binding                                          Resource
env.SESSIONS (4b1d0c9e2a7f43d8b6e5a1c0f9d8e7b6)  KV Namespace
env.DB (orders-prod)                             D1 Database
env.UPLOADS (orders-uploads)                     R2 Bucket
env.JOBS (orders-jobs)                           Queue
env.PAGE_SIZE ("50")                             Environment Variable
env.STRIPE_WEBHOOK_SECRET ("whsec_local")        Environment Variable

Uploaded orders-api (5.02 sec)
Deployed orders-api triggers (0.88 sec)
  https://orders-api.shopco.workers.dev
  orders.shopco.io (custom domain)
Current Version ID: 0b6f3a9e-2c1d-4e7f-8a5b-9c0d1e2f3a4b
"""


def test_wrangler_4s_table_of_bindings_is_read_and_a_secret_named_var_redacted():
    (record,) = _records(_WRANGLER_4).values()
    assert record["url"] == "https://orders.shopco.io"
    assert record["bindings"] == {
        "SESSIONS": "4b1d0c9e2a7f43d8b6e5a1c0f9d8e7b6",
        "DB": "orders-prod",
        "UPLOADS": "orders-uploads",
        "JOBS": "orders-jobs",
        "PAGE_SIZE": "50",
        "STRIPE_WEBHOOK_SECRET": "[REDACTED:secret]",
    }
    assert "whsec_local" not in _written(_settled(_WRANGLER_4))


def test_the_version_of_the_tool_its_banner_prints_is_kept():
    (record,) = _records(_WRANGLER_4).values()
    assert record["cli_version"] == "wrangler 4.19.2"  # not the update it offers
    v3 = " \u26c5\ufe0f wrangler 3.62.0\n-------------------\nUploaded tiles (2.1 sec)\n"
    assert parse_deploy(v3)[0].cli_version == "wrangler 3.62.0"
    vercel = (
        "$ vercel --prod\nVercel CLI 39.1.2\n"
        "Inspect: https://vercel.com/acme/atlas/4PqRsT7uVw [2s]\n"
        "\u2705  Production: https://atlas-k2j3h4.vercel.app [31s]\n"
    )
    assert _records(vercel)["vercel"]["cli_version"] == "vercel 39.1.2"


def test_a_banner_without_a_full_version_gives_none():
    text = "Vercel CLI 3\nInspect: https://vercel.com/acme/atlas/4PqRsT7uVw [2s]\n"
    assert parse_deploy(text)[0].cli_version is None


def test_a_hidden_value_in_wrangler_4s_table_is_not_a_binding():
    text = _WRANGLER_4.replace('("whsec_local")', '("(hidden)")').replace(
        "env.PAGE_SIZE", "env.SIGNING_SALT_V2"
    )
    (record,) = _records(text).values()
    assert "STRIPE_WEBHOOK_SECRET" not in record["bindings"]
    assert record["bindings"]["SIGNING_SALT_V2"] == "[REDACTED:secret]"


def test_a_var_whose_value_is_a_credential_is_never_written():
    token = "ghp_" + "Q7mZ2xW9kL4vB8nR1tY6uP3sD5fG0hJ2aC4e"
    text = _WRANGLER_4.replace('("50")', f'("{token}")')
    assert token not in _written(_settled(text))


def test_wrangler_dev_gives_no_deploy_and_no_fact():
    dev = """\
$ npx wrangler dev
 \u26c5\ufe0f wrangler 3.78.12
-------------------
Your worker has access to the following bindings:
- KV Namespaces:
  - SESSIONS: 4b1d0c9e2a7f43d8b6e5a1c0f9d8e7b6
- Vars:
  - PAGE_SIZE: "50"
\u2394 Starting local server...
[wrangler:inf] Ready on http://localhost:8787
"""
    assert parse_deploy(dev) == []
    table = (
        "$ npx wrangler dev\n \u26c5\ufe0f wrangler 4.19.2\n"
        "Your Worker has access to the following bindings:\n"
        "Binding                 Resource          Mode\n"
        "env.DB (orders-prod)    D1 Database       local\n"
        'env.PAGE_SIZE ("50")    Environment Variable  local\n'
        "\n[wrangler:info] Ready on http://localhost:8787\n"
    )
    assert parse_deploy(table) == []


_STAGED_THEN_FAILED = """\
 \u26c5\ufe0f wrangler 3.91.0
-------------------
Total Upload: 96.40 KiB / gzip: 21.33 KiB
Your worker has access to the following bindings:
- Queues:
  - MAILER: outbound-mail-staging
Uploaded notify-staging (2.40 sec)
Deployed notify-staging triggers (0.61 sec)
  https://notify-staging.northbeam.workers.dev
Current Version ID: 5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a

 \u26c5\ufe0f wrangler 3.91.0
-------------------
Total Upload: 96.40 KiB / gzip: 21.33 KiB
Your worker has access to the following bindings:
- Queues:
  - MAILER: outbound-mail

\u2718 [ERROR] A request to the Cloudflare API (/accounts/9f8e7d6c5b4a39281706f5e4d3c2b1a0\
/workers/scripts/notify-production) failed.

  Workers Free plan limit reached for cron triggers. [code: 100328]
"""


def test_a_failed_upload_names_its_worker_apart_from_the_deploy_before_it():
    staging, production = parse_deploy(_STAGED_THEN_FAILED)
    assert (staging.app, staging.status) == ("notify-staging", "active")
    assert (production.app, production.status) == ("notify-production", "failed")
    records = _records(_STAGED_THEN_FAILED)
    assert records["notify-staging"]["bindings"] == {"MAILER": "outbound-mail-staging"}
    assert records["cloudflare"]["status"] == "failed"
    assert records["cloudflare"]["bindings"] == {"MAILER": "outbound-mail"}
    assert "url" not in records["cloudflare"]  # the address of a failed deploy is not live
    changes = [(c.action, c.entry["summary"]) for c in _settled(_STAGED_THEN_FAILED).candidates
               if c.target == "changelog"]  # fmt: skip
    assert changes == [
        (
            "review",
            "Deploy notify-staging to staging at https://notify-staging.northbeam.workers.dev",
        ),
        ("review", "Deploy of notify-production failed"),
    ]


def test_a_workers_name_tells_its_environment_only_by_a_suffix_wrangler_gives():
    staging, production = parse_deploy(_STAGED_THEN_FAILED)
    assert (staging.environment, production.environment) == ("staging", "production")
    for name in ("notify-prodigy", "staging", "test-runner"):
        text = f"$ wrangler deploy\nUploaded {name} (1.0 sec)\nPublished {name} (0.3 sec)\n"
        assert parse_deploy(text)[0].environment is None
    (fly,) = parse_deploy(
        "$ fly deploy\n==> Verifying app config\n"
        "Visit your newly deployed app at https://relay-staging.fly.dev/\n"
    )
    assert fly.environment is None  # fly names no environment after an app


# ---- fly ----------------------------------------------------------------------------------

_FLY_FAILED = """\
$ fly deploy -a kiln-worker
==> Verifying app config
--> Verified app config
==> Building image
Watch your deployment at https://fly.io/apps/kiln-worker/monitoring

-------
Updating existing machines in 'kiln-worker' with rolling strategy
-------
 \u2716 [1/2] Machine 0e286e4c5d2918 [app] update failed: smoke checks for 0e286e4c5d2918 failed
-------
Checking logs: fetching the latest 25 lines below:
  0e286e4c5d2918 2026-03-02T09:14:03Z app[0e286e4c5d2918] sjc [info] panic: missing QUEUE_URL
  0e286e4c5d2918 2026-03-02T09:14:04Z app[0e286e4c5d2918] sjc [info] exit status 2
Checking DNS configuration for kiln-worker.fly.dev
Error: smoke checks for 0e286e4c5d2918 failed: the app appears to be crashing
"""


def test_a_failed_fly_deploy_keeps_the_apps_hostname_but_no_address():
    record = _records(_FLY_FAILED)["fly"]
    assert record["status"] == "failed"
    assert record["hostname"] == "kiln-worker.fly.dev"
    assert "url" not in record


def test_a_live_fly_deploys_hostname_is_its_address_not_a_second_fact():
    live = _FLY_FAILED.split("\n -------")[0].split(" \u2716")[0] + (
        "Checking DNS configuration for kiln-worker.fly.dev\n"
        "Visit your newly deployed app at https://kiln-worker.fly.dev/\n"
        "$ fly status\nApp\n  Name     = kiln-worker\n  Hostname = kiln-worker.fly.dev\n"
    )
    record = _records(live)["fly"]
    assert record["url"] == "https://kiln-worker.fly.dev"
    assert "hostname" not in record


def test_the_region_of_fly_log_lines_is_recorded():
    assert _records(_FLY_FAILED)["fly"]["regions"] == ["sjc"]


def test_a_fly_table_whose_columns_touch_still_gives_its_regions():
    text = (
        "$ fly deploy\n==> Verifying app config\n"
        "Visit your newly deployed app at https://kiln-worker.fly.dev/\n"
        "$ fly status\nMachines\n"
        "PROCESS ID              VERSION REGION  STATE   ROLE    CHECKS  LAST UPDATED\n"
        "app     d8912e3c4a5b67  112     yyz     started         1 total 2026-03-02T10:00:00Z\n"
        "worker  3287e1f0a9c4d1  112     yyz     stopped         0 total 2026-03-02T10:00:02Z\n"
        "\nSee the REGION column above.\n"
    )
    assert _records(text)["fly"]["regions"] == ["yyz"]


def test_the_primary_region_fly_toml_shows_is_recorded():
    text = (
        "$ cat fly.toml\napp = 'kiln-worker'\nprimary_region = 'gru'\n\n"
        "$ fly deploy\n==> Verifying app config\n"
        "Visit your newly deployed app at https://kiln-worker.fly.dev/\n"
    )
    assert _records(text)["fly"]["regions"] == ["gru"]


def test_words_that_look_like_regions_outside_fly_output_give_none():
    text = (
        "$ wrangler deploy\nUploaded tiles (1.0 sec)\nPublished tiles (0.2 sec)\n"
        "the app[abc] fra [info] line is a quote in prose, REGION is a word here\n"
    )
    (event,) = parse_deploy(text)
    assert event.regions == ()


# ---- Cloud Run ----------------------------------------------------------------------------

_CLOUD_RUN = """\
$ gcloud run deploy billing-sync --image us-docker.pkg.dev/ledgerly/apps/billing-sync:4.1.0 \
--region us-east4 --no-allow-unauthenticated
Deploying container to Cloud Run service [billing-sync] in project [ledgerly-prod] region [us-east4]
\u2713 Deploying... Done.
  \u2713 Creating Revision...
  \u2713 Routing traffic...
Done.
Service [billing-sync] revision [billing-sync-00042-kag] has been deployed and is serving 100 \
percent of traffic.
Service URL: https://billing-sync-7q2w9e4r5t-uk.a.run.app
"""


def test_a_cloud_run_deploy_keeps_its_project_region_and_image():
    record = _records(_CLOUD_RUN)["billing-sync"]
    assert record["project"] == "ledgerly-prod"
    assert record["regions"] == ["us-east4"]
    assert record["image"] == "us-docker.pkg.dev/ledgerly/apps/billing-sync"
    assert record["version"] == "4.1.0"


def test_a_failed_cloud_run_deploy_keeps_where_it_went_but_no_address():
    text = (
        "Building using Dockerfile and deploying container to Cloud Run service [billing-sync] "
        "in project [ledgerly-prod] region [us-east4]\n"
        "X Building and deploying... Container failed to start.\n"
        "ERROR: (gcloud.run.deploy) Revision 'billing-sync-00043-wip' is not ready and cannot "
        "serve traffic.\n"
    )
    record = _records(text)["billing-sync"]
    assert (record["status"], record["project"], record["regions"]) == (
        "failed",
        "ledgerly-prod",
        ["us-east4"],
    )
    assert "url" not in record


def test_an_image_tagged_latest_names_no_version():
    text = _CLOUD_RUN.replace("billing-sync:4.1.0", "billing-sync:latest")
    record = _records(text)["billing-sync"]
    assert record["image"] == "us-docker.pkg.dev/ledgerly/apps/billing-sync"
    assert "version" not in record


# ---- what the rest of the output shows of the app (omp.deploy_config) -----------------------

_FLY_CRASH = """\
$ fly secrets set MAPBOX_TOKEN=pk_live_fake_value_9Qw --stage -a tideline-api
Secrets have been staged, but not set on VMs.
$ fly deploy -a tideline-api
==> Verifying app config
==> Building image
 => [internal] load metadata for docker.io/library/python:3.12.4-slim              0.8s
 => [build 3/5] RUN pip install -r requirements.txt                                 9.1s
Watch your deployment at https://fly.io/apps/tideline-api/monitoring
Updating existing machines in 'tideline-api' with rolling strategy
 \u2716 [1/1] Machine 2d8e13c4f0a918 [app] update failed: smoke checks failed
  2026-04-02T10:01:12Z app[2d8e13c4f0a918] ams [info] cache at rediss://default:s3cr3tPw@tide-cache.internal:6380/0
  2026-04-02T10:01:12Z app[2d8e13c4f0a918] ams [info] dev fallback redis://localhost:6379
  2026-04-02T10:01:13Z app[2d8e13c4f0a918] ams [info] RuntimeError: environment variable TIDE_STATION_FEED is not set
Error: smoke checks for 2d8e13c4f0a918 failed: the app appears to be crashing
"""  # noqa: E501


def test_the_env_vars_an_app_needs_are_kept_by_name_never_by_value():
    record = _records(_FLY_CRASH)["fly"]
    assert record["status"] == "failed"
    assert record["required_env"] == ["MAPBOX_TOKEN", "TIDE_STATION_FEED"]
    assert "pk_live_fake_value_9Qw" not in _written(_settled(_FLY_CRASH))


def test_a_backing_service_the_app_logs_is_kept_without_its_credentials():
    record = _records(_FLY_CRASH)["fly"]
    assert record["services"] == ["rediss://tide-cache.internal:6380/0"]  # not localhost
    assert "s3cr3tPw" not in _written(_settled(_FLY_CRASH))


def test_the_runtime_of_the_build_image_and_the_package_manager_are_the_toolchain():
    assert _records(_FLY_CRASH)["fly"]["toolchain"] == ["python 3.12.4"]
    vercel = (
        "$ vercel deploy --prod\nVercel CLI 39.1.0\n"
        "\U0001f50d  Inspect: https://vercel.com/orbit/orbit-site/3kLm9PqRsT [2s]\n"
        "Building: Done in 4.1s using pnpm v9.12.1\n"
        "\u2705  Production: https://orbit-site-a1b2c3.vercel.app [40s]\n"
    )
    assert _records(vercel)["vercel"]["toolchain"] == ["pnpm 9.12.1"]


_NETLIFY_SCRIPT = """\
==> publishing the handbook (netlify deploy --prod)
Deploying to main site URL...
\u2714 Deploy is live!
Website URL:       https://handbook-acme.netlify.app
==> done, custom domain: https://handbook.acme.dev (DNS may take a minute)
"""


def test_a_custom_domain_a_script_reports_is_kept_for_a_live_deploy_only():
    assert _records(_NETLIFY_SCRIPT)["netlify"]["custom_domains"] == ["https://handbook.acme.dev"]
    failed = _NETLIFY_SCRIPT.replace("\u2714 Deploy is live!\n", "Error: Deploy did not succeed\n")
    failed = failed.replace("Website URL:       https://handbook-acme.netlify.app\n", "")
    record = _records(failed)["netlify"]
    assert record["status"] == "failed"
    assert "custom_domains" not in record


def test_the_version_still_live_after_a_failed_deploy_is_kept():
    text = (
        "[release] shipping route-planner 2.5.0\n"
        " \u26c5\ufe0f wrangler 3.90.0\n-------------------\n"
        "Total Upload: 52.10 KiB / gzip: 12.00 KiB\n"
        "\u2718 [ERROR] A request to the Cloudflare API failed.\n"
        "[release] deploy failed; production is still on 2.4.2\n"
    )
    (record,) = _records(text).values()
    assert (record["status"], record["live_version"]) == ("failed", "2.4.2")
    # said before a deploy that then went live, the old version is no longer what runs
    live = text.replace("\u2718 [ERROR] A request to the Cloudflare API failed.\n", "")
    live = live.replace("deploy failed; production", "before this deploy production")
    live += "Uploaded route-planner (2.1 sec)\nDeployed route-planner triggers (0.4 sec)\n"
    live += "  https://route-planner.acme.workers.dev\n"
    (record,) = _records(live).values()
    assert record["status"] == "active"
    assert "live_version" not in record


def test_deploy_output_pasted_in_a_conversation_keeps_what_it_shows_of_the_app():
    batch = _run(
        ("user", "The deploy fell over, here is the output:\n" + _FLY_CRASH),
        ("assistant", "The app needs TIDE_STATION_FEED; set it as a secret and deploy again."),
    )
    (record,) = [e["deployment"]["fly"] for e in _kept(batch, "project") if "deployment" in e]
    assert record["required_env"] == ["MAPBOX_TOKEN", "TIDE_STATION_FEED"]
    assert record["toolchain"] == ["python 3.12.4"]
