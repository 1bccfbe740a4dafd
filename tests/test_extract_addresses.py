"""The project's addresses, routes and commands, as people state them.

An address keyed by the variable, product or environment it belongs to, the routes of the
service, an endpoint with its method, a site said to be up at an address, the commands a project
runs (package scripts, commands said in prose or with what they do), in English and in Chinese;
and requests made to an address, commands run once or asked about, which are none.
"""

from __future__ import annotations

import pytest
from ruamel.yaml import YAML

from omp import rules
from omp.paths import MemoryRoot
from tests.extraction import _facts_zh, _kept, _run
from tests.helpers import omp_ok


def _commands(text: str) -> dict[str, str]:
    facts = _kept(_run(("user", text)), "project")
    return {k: v for f in facts for k, v in f.get("commands", {}).items()}


def _routes(text: str) -> dict[str, str]:
    facts = _kept(_run(("user", text)), "project")
    return {k: v for f in facts for k, v in f.get("urls", {}).items()}


# ---- whose address it is -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "key"),
    [
        ("对了，Grafana 的地址是 https://grafana.ops.example.cn ，告警走飞书机器人。", "grafana"),
        ("Sentry 的 DSN 地址是 https://sentry.example.cn", "sentry_dsn"),
        ("MinIO 的 endpoint 是 minio.internal:9000", "minio"),
        ("I configured CELERY_BROKER_URL=redis://cache.internal:6379/2.", "celery_broker_url"),
        ("NEXT_PUBLIC_API_URL: https://api.example.com", "next_public_api_url"),
        ("the base URL is https://api.example.com", "base"),
        ("我们的地址是 https://x.example.com", "base"),
    ],
)
def test_an_address_is_keyed_by_what_it_belongs_to(sentence, key):
    found = rules.url_fact(sentence)
    assert found is not None
    assert found[0] == key


@pytest.mark.parametrize(
    ("sentence", "site"),
    [
        ("I run Tallyho (https://tallyho.app), a little habit-tracker SaaS.", "https://tallyho.app"),
        ("The docs site is Docusaurus 3.5, deployed on Netlify at https://docs.quillbase.io, "
         "roughly 1,400 pages.", "https://docs.quillbase.io"),
        ("我自己的书法博客 https://inkwell.blog 就跑在上面。", "https://inkwell.blog"),
        # a repository, a page of a run: no site of the project
        ("I built Foo (https://github.com/x/foo) last year.", None),
        ("I run the tests (https://ci.example.com/job/1) every night.", None),
    ],
)  # fmt: skip
def test_where_the_persons_own_site_is_is_its_address(sentence, site):
    assert rules.url_facts(sentence).get("site") == site


@pytest.mark.parametrize(
    ("sentence", "urls"),
    [
        ("keep it simple. our API is https://api.fieldnote.io/v3 and it does cursor pagination",
         {"api": "https://api.fieldnote.io/v3"}),
        ("We already run GitLab for the tools team at https://gitlab.ironbark.games, so it goes "
         "there", {"gitlab": "https://gitlab.ironbark.games"}),
        ("底图是我们自己的瓦片服务 https://tiles.xunjian-grid.cn/{z}/{x}/{y}.png 。",
         {"瓦片服务": "https://tiles.xunjian-grid.cn/{z}/{x}/{y}.png"}),
        ("公司自建的极狐 GitLab（https://git.xinghe-iot.com，版本 16.11）要配 CI runner。",
         {"gitlab": "https://git.xinghe-iot.com"}),
        ("健康检查：https://ledger-api.example.cn/actuator/health",
         {"健康检查": "https://ledger-api.example.cn/actuator/health"}),
        ("base URL 就是 https://api.fieldnote.app/v2 没错。", {"base": "https://api.fieldnote.app/v2"}),
        # what the address is of is no part of the project
        ("the error is https://sentry.io/organizations/x/issues/123", {}),
        ("the docs are https://docs.python.org/3/library/re.html", {}),
    ],
)  # fmt: skip
def test_an_address_said_of_a_part_of_the_project_is_keyed_by_the_part(sentence, urls):
    assert rules.url_facts(sentence) == urls


# ---- a port, and addresses named for an environment ----------------------------------------------


def test_a_port_is_no_part_of_the_stack():
    sentence = "we deploy to a hetzner CPX31 in fsn1 with docker compose, port 9001"
    assert "port" not in rules.tech_facts(rules.assertion(sentence))
    assert rules.settings(sentence) == {"port": "9001"}


@pytest.mark.parametrize(
    ("sentence", "service"),
    [
        ("Deployed to https://api-test.diancan.cn", "staging"),
        ("deployed to https://my-app-dev.vercel.app", "vercel-staging"),
        ("Deployed to production: https://contest.acme.io", "production"),
        ("Deployed to production: https://devtools-app.acme.io", "production"),
    ],
)
def test_a_host_named_for_a_test_environment_is_no_production_deployment(sentence, service):
    found = rules.deployment(sentence)
    assert found is not None
    assert found.service == service


@pytest.mark.parametrize(
    ("sentence", "urls"),
    [
        ("also the api base url for staging is https://api-staging.tidepool-app.io/v2 , prod is "
         "https://api.tidepool-app.io/v2. put them in app.config.ts",
         {"staging": "https://api-staging.tidepool-app.io/v2",
          "production": "https://api.tidepool-app.io/v2"}),
    ],
)  # fmt: skip
def test_an_api_address_for_an_environment_is_an_address_not_a_deployment(sentence, urls):
    assert rules.deployment(sentence) is None
    assert rules.url_facts(sentence) == urls


def test_an_api_address_set_in_chinese_is_keyed_by_what_it_is():
    sentence = "后端接口地址先配成 https://api-test.diancan.cn/v1，上线再换。"
    assert rules.deployment(sentence) is None
    assert rules.url_fact(sentence) == ("api", "https://api-test.diancan.cn/v1")


# ---- the host a named thing is deployed on -------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "named"),
    [
        ("ClickHouse 部署在 quant-ch01 这台机器，端口 9000",
         {"config": {"clickhouse_host": "quant-ch01"}}),
        ("部署在 quant-ch01 这台机器", {}),
    ],
)  # fmt: skip
def test_the_host_a_named_thing_is_deployed_on_is_keyed_by_the_thing(sentence, named):
    assert rules.named_values(sentence) == named


def test_a_host_and_port_inside_an_address_are_no_setting():
    sentence = "vLLM 部署在 gpu-node-3，OpenAI compatible 接口 http://gpu-node-3:8000/v1"
    assert rules.settings(sentence) == {}


# ---- routes --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "urls"),
    [
        ("健康检查路径是 /healthz", {"health_check": "/healthz"}),
        ("the health check endpoint is /healthz", {"health_check": "/healthz"}),
        ("回调地址是 /api/pay/notify", {"callback": "/api/pay/notify"}),
        ("the callback URL is /api/pay/notify", {"callback": "/api/pay/notify"}),
        (
            "支付回调地址是 /api/pay/notify，退款回调是 /api/pay/refund-notify",
            {"payment_callback": "/api/pay/notify", "refund_callback": "/api/pay/refund-notify"},
        ),
        (
            "The Stripe webhook endpoint is /api/webhooks/stripe.",
            {"stripe_webhook": "/api/webhooks/stripe"},
        ),
        ("我们的健康检查路径是 /healthz", {"health_check": "/healthz"}),
        ("健康检查走 /healthz 就行", {"health_check": "/healthz"}),
        ("登录接口是 /api/auth/login", {"login": "/api/auth/login"}),
        ("readiness probe path should be /readyz", {"readiness_probe": "/readyz"}),
    ],
)
def test_a_route_of_the_service_is_an_address_under_urls_not_a_path(sentence, urls):
    assert _facts_zh(sentence) == {"urls": urls}


def test_a_path_on_disk_or_a_route_in_doubt_is_no_route():
    assert rules.route_facts("日志路径是 /var/log/app") == {}
    assert rules.route_facts("the config path is /etc/app/config.yaml") == {}
    assert rules.route_facts("模型路径是 /data/models/qwen") == {}
    assert rules.route_facts("前端路由是 /dashboard") == {}  # a page of the app
    assert _facts_zh("健康检查路径要不要改成 /health？") == {}
    assert _facts_zh("如果回调地址是 /api/notify 的话会冲突") == {}


def test_extract_writes_the_choices_rules_and_routes_of_a_chinese_conversation(
    memory: MemoryRoot,
):
    talk = (
        "User: 继续做订单服务\n"
        "Assistant: 好的。\n"
        "User: 支付就接微信支付吧，推送用极光推送。\n"
        "User: 把 Node 从 16 升级到 20 了，顺便把 npm 换成了 pnpm。\n"
        "User: 每个微服务都要有自己的数据库，不能共享。\n"
        "User: 健康检查路径是 /healthz，回调地址是 /api/pay/notify。\n"
        "User: 你要先读一下代码。\n"
    )
    omp_ok("extract", "--format", "text", "-", input=talk, env={"OMP_USER_STORE": "off"})

    yaml = YAML(typ="safe")
    project = yaml.load((memory.memory / "project.yaml").read_text(encoding="utf-8"))
    decisions = yaml.load((memory.memory / "decisions.yaml").read_text(encoding="utf-8"))
    assert project["urls"] == {"health_check": "/healthz", "callback": "/api/pay/notify"}
    assert "paths" not in project or not project["paths"]
    assert project["tech_stack"]["node"] == "Node 20"
    made = {d["choice"]: d.get("alternatives", []) for d in decisions["decisions"]}
    assert made == {
        "微信支付": [],
        "pnpm": ["npm"],
        "每个微服务都要有自己的数据库，不能共享": [],
    }


# ---- addresses by environment --------------------------------------------------------------------


def test_each_address_takes_the_environment_its_own_clause_names():
    s = "线上环境是 https://shop.example.cn，测试环境是 https://test.shop.example.cn。"
    deployment = _facts_zh(s).get("deployment", {})
    assert deployment["production"]["url"] == "https://shop.example.cn"
    assert deployment["test"]["url"] == "https://test.shop.example.cn"
    assert "staging" not in deployment


def test_an_english_address_takes_the_environment_of_its_clause():
    found = rules.deployment("prod is https://a.com and staging is https://b.com")
    assert found is not None and (found.service, found.url) == ("production", "https://a.com")


# ---- commands said with "with", and a request made to an address ---------------------------------


@pytest.mark.parametrize(
    ("sentence", "found"),
    [
        ("tests run with `pnpm test`, integration tests with `pnpm test:int`",
         {"test": "pnpm test", "test_integration": "pnpm test:int"}),
        ("to run locally: pnpm dev", {"dev": "pnpm dev"}),
        ("migrate with `make migrate`", {"migrate": "make migrate"}),
        ("deploys go through `fly deploy -c fly.staging.toml`",
         {"deploy": "fly deploy -c fly.staging.toml"}),
        ("I ran the tests with `pytest -k foo`.", {}),
        ("tests with mocks are flaky", {}),
    ],
)  # fmt: skip
def test_the_commands_a_sentence_names_with_what_they_do(sentence, found):
    assert rules.commands(sentence) == found


def test_an_address_a_request_was_made_to_is_no_deployment():
    said = "curl -m 3 https://api.staging.payments.acme.io/v2/refunds/rf_123 times out for me"
    assert rules.deployment(said) is None
    assert rules.deployment("staging is at https://api.staging.payments.acme.io") is not None


@pytest.mark.parametrize(
    "sentence",
    [
        "site is up on https://bestellen.baeckerei-brandt.de",
        "the app is now live at https://a.b.de",
    ],
)
def test_a_site_said_to_be_up_at_an_address_is_deployed_there(sentence):
    deployment = rules.deployment(sentence)
    assert deployment is not None
    assert deployment.status == "active"


def test_a_schedule_is_keyed_by_the_job_named_before_it():
    said = 'Changed `purge_stale_carts` to `cron: "0 * * * *"` (top of every hour).'
    assert rules.settings(said) == {"purge_stale_carts_schedule": "0 * * * *"}


@pytest.mark.parametrize(
    ("sentence", "config"),
    [("prod: max_connections = 200", {"production_max_connections": "200"}),
     ("生产环境超时 5s", {"production_timeout": "5s"}),
     ("测试环境超时 30s，生产环境超时 5s", {"test_timeout": "30s", "production_timeout": "5s"}),
     ("the test timeout is 30s", {"timeout": "30s"})],
)  # fmt: skip
def test_a_number_said_of_production_or_staging_is_keyed_by_it(sentence, config):
    assert rules.settings(sentence) == config


def test_an_address_kept_as_it_is_is_named_without_still():
    assert rules.url_facts("域名还是 https://static.huoyun.com 不变") == {
        "域名": "https://static.huoyun.com"
    }


# ---- commands, ports and addresses said in ordinary prose ----------------------------------------


@pytest.mark.parametrize(
    ("sentence", "key", "command"),
    [
        ("run make dev to start", "start", "make dev"),
        ("to start it locally run `make dev`", "start", "make dev"),
        ("To run the tests, run `pnpm test`.", "test", "pnpm test"),
    ],
)
def test_a_command_said_with_what_it_is_for_is_the_projects(sentence, key, command):
    assert {"commands": {key: command}} in _kept(_run(("user", sentence)), "project")


def test_a_command_run_once_is_no_projects_command():
    assert _kept(_run(("user", "I ran make dev to test it")), "project") == []


@pytest.mark.parametrize(
    ("sentence", "port"),
    [("nginx listens on port 80", "80"), ("served on localhost:5173", "5173"),
     ("runs on 80 nodes", None), ("Container listens on 8080 instead of 8000", "8080")],
)  # fmt: skip
def test_the_port_a_server_listens_on(sentence, port):
    from omp import rules

    assert rules.listened_port(sentence) == port


@pytest.mark.parametrize(
    ("sentence", "key", "command"),
    [
        ("`npm run reindex` kicks off a full reindex.", "reindex", "npm run reindex"),
        ("`make seed` loads the fixtures", "seed", "make seed"),
        ("`pnpm dev` starts the app on port 3000", "dev", "pnpm dev"),
    ],
)
def test_a_command_said_with_what_it_does_is_named_for_its_task(sentence, key, command):
    assert {"commands": {key: command}} in _kept(_run(("user", sentence)), "project")


@pytest.mark.parametrize(
    "sentence", ["I ran `make seed` which loads the fixtures", "does `make seed` load them?"]
)
def test_a_command_run_once_or_asked_about_is_no_projects_command(sentence):
    assert _kept(_run(("user", sentence)), "project") == []


@pytest.mark.parametrize(
    "said",
    ["deployed!! https://tallyho.onrender.com is up", "https://tallyho.onrender.com is live"],
)
def test_an_address_said_to_be_up_is_where_the_project_runs(said):
    deployment = {"deployment": {"render": {"url": "https://tallyho.onrender.com",
                                            "status": "active"}}}  # fmt: skip
    assert deployment in _kept(_run(("user", said)), "project")


@pytest.mark.parametrize(
    "said", ["is https://tallyho.onrender.com up?", "https://docs.python.org is up to date"]
)
def test_an_address_asked_about_or_up_to_date_is_no_deployment(said):
    assert _kept(_run(("user", said)), "project") == []


# ---- commands said in prose: a script by its path, what a command starts -------------------------


@pytest.mark.parametrize(
    ("text", "commands"),
    [
        ("btw I deploy with ./deploy.sh on the server, it does git pull and migrate.",
         {"deploy": "./deploy.sh"}),
        ("the build is run with scripts/build.sh.", {"build": "scripts/build.sh"}),
        ("yes. `make dev` should start postgres in docker and run the api with air",
         {"dev": "make dev"}),
        ("`docker compose up` brings up the db and redis.", {"start": "docker compose up"}),
    ],
)  # fmt: skip
def test_a_command_said_in_prose_is_the_projects(text, commands):
    assert _commands(text) == commands


@pytest.mark.parametrize(
    "text",
    ["`npm run build` starts failing after the upgrade", "should `make dev` start postgres?",
     "I ran the tests with ./test.sh"],
)  # fmt: skip
def test_a_command_that_fails_or_is_asked_about_is_none(text):
    assert _commands(text) == {}


# ---- a route named by what it checks, then "at" --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "routes"),
    [
        ("one more thing: health check at /healthz, readiness at /readyz.",
         {"health_check": "/healthz", "readiness": "/readyz"}),
        ("prometheus scrapes metrics on /metrics", {"metrics": "/metrics"}),
    ],
)  # fmt: skip
def test_a_route_named_by_what_it_checks_is_the_services(text, routes):
    assert _routes(text) == routes


@pytest.mark.parametrize(
    "text", ["no health check at /healthz yet", "the health check at /var/run/app.sock is odd"]
)
def test_a_missing_check_or_a_file_is_no_route(text):
    assert _routes(text) == {}


# ---- addresses and versions said in passing ------------------------------------------------------


def test_a_base_url_given_with_no_verb_is_the_projects_address():
    text = "It talks to the Spring Boot service, base URL https://admin-api.example.net/v2."
    facts = _kept(_run(("user", text)), "project")
    assert {"urls": {"base": "https://admin-api.example.net/v2"}} in facts
    assert _routes("the URL https://x.example.com is broken") == {}


# ---- a package script named by its run -----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "key", "command"),
    [
        ("put the worker in its own process, `pnpm worker` script, and run it under pm2",
         "worker", "pnpm worker"),
        ("the `npm run seed` script fills the local db", "seed", "npm run seed"),
        ("the `yarn test` script runs vitest", "test", "yarn test"),
    ],
)  # fmt: skip
def test_a_package_script_named_by_its_run_is_a_project_command(sentence, key, command):
    assert rules.commands(sentence).get(key) == command


@pytest.mark.parametrize(
    "sentence",
    [
        "should I add a `pnpm worker` script?",
        "`pnpm worker` fails on my machine",
        "a worker script",
    ],
)
def test_a_script_asked_about_or_not_called_one_is_no_command(sentence):
    assert rules.commands(sentence) == {}


def test_the_script_is_stored_with_the_project_commands():
    facts = _kept(_run(("user", "run the thumbnails in the `pnpm worker` script from now on")),
                  "project")  # fmt: skip
    assert {"commands": {"worker": "pnpm worker"}} in facts


# ---- an endpoint with its method, a setting read from the environment ----------------------------


@pytest.mark.parametrize(
    ("sentence", "section", "key", "value"),
    [
        ("the endpoint is POST /webhooks/stripe.", "paths", "endpoint", "/webhooks/stripe"),
        ("the webhook endpoint is GET /api/health", "paths", "webhook_endpoint", "/api/health"),
        ("the api key is read from OPENAI_API_KEY", "config", "api_key", "OPENAI_API_KEY"),
        ("the stripe webhook secret comes from STRIPE_WEBHOOK_SECRET", "config", "secret",
         "STRIPE_WEBHOOK_SECRET"),
    ],
)  # fmt: skip
def test_a_value_said_with_its_method_or_its_source_is_named(sentence, section, key, value):
    assert rules.named_values(sentence).get(section, {}).get(key) == value


@pytest.mark.parametrize(
    "sentence", ["the error comes from src/api/client.ts", "where does the api key come from?"]
)
def test_where_an_error_comes_from_or_a_question_is_no_value(sentence):
    assert rules.named_values(sentence) == {}


@pytest.mark.parametrize(
    ("sentence", "found"),
    [
        ("Run `make test` — it runs pytest with the coverage plugin.", {"test": "make test"}),
        ("To check types, use `pnpm typecheck`.", {"typecheck": "pnpm typecheck"}),
        ("Run `cargo build` first", {"build": "cargo build"}),
        # one run, not the project's way: a tool's own arguments, or what was run before
        ("run `pytest -k foo`", {}),
        ("I ran `make test` and it failed", {}),
    ],
)
def test_a_script_named_for_a_task_every_project_has_is_its_command(sentence, found):
    assert rules.commands(sentence) == found


def test_the_address_a_proxy_serves_in_chinese_is_an_address():
    sentence = "done, nginx 反代到 https://llm.fenwick.internal/v1 ，业务那边已经通了。"
    assert rules.url_facts(sentence) == {"nginx": "https://llm.fenwick.internal/v1"}


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("另外记一下：商户号 1650012345，回调地址 https://api.chayu.cn/pay/wx/notify 。",
         {"callback": "https://api.chayu.cn/pay/wx/notify"}),
        ("I maintain lumora-sdk, the open-source SDK for our device cloud: "
         "https://github.com/lumora-io/lumora-sdk.",
         {"repository": "https://github.com/lumora-io/lumora-sdk"}),
        ("CDN 已经有证书了，改成 https://cdn.petisland.cn/hotupdate/[BuildTarget] 吧",
         {"cdn": "https://cdn.petisland.cn/hotupdate/[BuildTarget]"}),
        # the machine's own, a token, a request made, a page to read, a setting's value, a
        # question: none of them where a part of the project is
        ("本地是 http://localhost:3000/parcels，没问题", {}),
        ("webhook 是 https://oapi.dingtalk.com/robot/send?access_token=4f8a1c9e27b3d60f", {}),
        ("curl -X POST https://api.acme.io/v1/refunds times out", {}),
        ("see https://docs.stripe.com/webhooks for the retry schedule", {}),
        ("GOPROXY 设成 https://goproxy.cn,direct 了", {}),
        ("is https://status.acme.io still up?", {}),
    ],
)  # fmt: skip
def test_an_address_the_person_names_in_passing_is_keyed_by_its_name_or_host(text, found):
    assert rules.passing_urls(text) == found


def test_an_address_named_in_passing_is_stored_once_beside_the_named_ones():
    facts = _kept(_run(("user", "回调地址 https://api.chayu.cn/pay/wx/notify ，Grafana 的地址是 "
                                "https://grafana.chayu.cn 。")), "project")  # fmt: skip
    urls = [v for f in facts for v in f.get("urls", {}).values()]
    assert sorted(urls) == ["https://api.chayu.cn/pay/wx/notify", "https://grafana.chayu.cn"]
