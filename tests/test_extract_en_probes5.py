"""Conversations written fresh for session 47's probe, read by the extraction rules (5).

A job runner and the broker under it are two parts, not one choice changed (Celery on
RabbitMQ); a switch made later supersedes a stored tool of its role, never a decision that
only names the role ("keep filter state in the URL"); "let's use X" with a product's name
the lexicon does not know; an address keyed by the variable or the product it belongs to.
"""

from __future__ import annotations

import pytest

from omp import rules
from tests.test_extract import _kept, _run
from tests.test_extract_en_probes2 import _said


def _choices(*turns: tuple[str, str]) -> list[tuple[str, list[str]]]:
    return [
        (str(d["choice"]), list(d.get("alternatives", [])))
        for d in _kept(_run(*turns), "decisions")
    ]


# ---- a job runner and its broker ------------------------------------------------------------


def test_a_broker_switch_keeps_the_job_runner_chosen_before():
    turns = [
        ("user", "We need a job queue for billing. Options are Sidekiq, Celery or RQ."),
        ("assistant", "Celery fits best: the service is Django 5.0. RQ lacks scheduled retries."),
        ("user", "Let's go with Celery then."),
        ("assistant", "Done. I added billing/tasks.py."),
        ("user", "Actually, scrap Redis as the broker, we'll use RabbitMQ instead."),
    ]
    assert [c for c, _ in _choices(*turns)] == ["Celery", "RabbitMQ"]


@pytest.mark.parametrize(
    ("first", "then", "kept"),
    [
        ("Let's use Sidekiq.", "Actually, let's use BullMQ instead.", "BullMQ"),
        ("Let's use Kafka.", "Let's use RabbitMQ instead.", "RabbitMQ"),
    ],
)
def test_a_switch_within_one_part_still_replaces_the_earlier_choice(first, then, kept):
    assert [c for c, _ in _choices(*_said(first, then))] == [kept]


@pytest.mark.parametrize(
    ("name", "role"),
    [("Celery", "jobs"), ("Sidekiq", "jobs"), ("BullMQ", "jobs"), ("RabbitMQ", "queue"),
     ("Kafka", "queue"), ("the task queue", "jobs"), ("the message queue", "queue")],
)  # fmt: skip
def test_job_runners_and_brokers_have_roles_of_their_own(name, role):
    assert rules.role_of(name) == role


# ---- "let's use X" with a name the lexicon does not know ------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("Let's use SecureStore instead of AsyncStorage.", "SecureStore", ["AsyncStorage"]),
        ("Let's use react-hook-form instead of Formik.", "react-hook-form", ["Formik"]),
        ("We'll use Formik.", "Formik", []),
        ("Let's use expo-secure-store.", "expo-secure-store", []),
    ],
)
def test_lets_use_a_product_name_is_a_choice(sentence, choice, alternatives):
    assert _choices(*_said(sentence)) == [(choice, alternatives)]


@pytest.mark.parametrize(
    "sentence",
    ["Let's use Friday.", "Let's use co-authors.", "I'll use ripgrep.", "Let's use This."],
)
def test_lets_use_a_day_a_compound_word_or_my_own_tool_is_no_choice(sentence):
    assert _choices(*_said(sentence)) == []


# ---- whose address it is --------------------------------------------------------------------


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


# ---- an agreement takes up the proposal, not the person's words before it -------------------


def test_an_agreement_to_a_proposal_makes_no_rule_of_the_persons_earlier_words():
    turns = [
        ("user", "日志现在太乱了，我们统一一下吧。"),
        ("assistant", "建议用 structlog 输出 JSON，字段包括 trace_id、user_id、level。"),
        ("user", "可以，就这么定。"),
    ]
    batch = _run(*turns)
    titles = [str(c.entry["title"]) for c in batch.candidates if c.target == "decisions"]
    assert titles == ["采用 structlog 输出 JSON"]


def test_make_that_the_rule_still_adopts_the_persons_statement_before_it():
    turns = [
        ("user", "We're building an invoicing API."),
        ("assistant", "Got it."),
        ("user", "All timestamps are stored in UTC."),
        ("user", "Let's make that the rule."),
    ]
    batch = _run(*turns)
    # a rule for a whole kind is a decision of its own now (session 50); the adoption confirms it
    kept = _kept(batch, "decisions") + _kept(batch, "decisions", action="review")
    assert [d["choice"] for d in kept] == ["All timestamps are stored in UTC"]


# ---- settings named as the environment names them, thresholds, where it runs ----------------


@pytest.mark.parametrize(
    ("sentence", "config"),
    [
        ("Make the poll interval configurable via OUTBOX_POLL_MS, default 500.",
         {"outbox_poll_ms": "500"}),
        ("OUTBOX_POLL_MS defaults to 500.", {"outbox_poll_ms": "500"}),
        ("Set MAX_CONNECTIONS to 200.", {"max_connections": "200"}),
        ("HTTP_PORT is 8080", {"http_port": "8080"}),
        ("Our p99 for GET_USER is 300ms", {}),
        ("We bumped API_VERSION to 2-3", {}),
        ("另外把慢查询阈值设成 500ms。", {"slow_query_threshold": "500ms"}),
        ("CPU 告警阈值设为 80%", {"cpu_threshold": "80%"}),
    ],
)  # fmt: skip
def test_a_variable_or_a_threshold_and_its_number_is_a_setting(sentence, config):
    assert rules.settings(sentence) == config


def test_a_commit_subjects_variables_are_left_to_the_commit_rules():
    assert rules.settings("Set MAX_CONNECTIONS to 200", named_keys=False) == {}


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("我们的小程序后端是 NestJS 10，数据库 MySQL 8，部署在腾讯云 TKE 上。",
         {"backend": "NestJS 10", "database": "MySQL 8", "hosting": "TKE"}),
        ("后端是 Go 1.22，跑在阿里云 ACK 里", {"language": "Go 1.22", "hosting": "ACK"}),
        ("后端是 Go，部署在公司机房上", {"language": "Go"}),
    ],
)  # fmt: skip
def test_a_clause_saying_where_it_is_deployed_gives_the_hosting(sentence, stack):
    assert rules.tech_facts(rules.assertion(sentence)) == stack


def test_a_version_the_stack_fact_holds_is_not_stored_again_under_its_own_name():
    stored = _kept(_run(*_said("We're on Go 1.22 with chi and pgx.")), "project")
    assert stored == [{"tech_stack": {"language": "Go 1.22", "backend": "chi"}}]


# ---- a change the person asks to undo -------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "topic"),
    [
        ("Hmm, revert the WriteTimeout change, it's unrelated.", "WriteTimeout"),
        ("Can you revert the CORS change?", "CORS"),
        ("把 WriteTimeout 的改动撤回", "WriteTimeout"),
        ("MAX_CONN 改回去吧", "MAX_CONN"),
        ("revert the last change", None),
        ("We reverted the payment change last week.", None),
        ("Don't revert the CORS change.", None),
    ],
)
def test_a_request_to_undo_a_change_names_it(sentence, topic):
    assert rules.undone_topic(sentence) == topic


def test_work_and_settings_the_person_asks_to_undo_are_dropped():
    turns = [
        ("user", "Webhooks time out under load; make the outbox poller faster."),
        ("assistant", "Done. Also bumped the HTTP server's WriteTimeout to 10s."),
        ("user", "Hmm, revert the WriteTimeout change, it's unrelated."),
        ("assistant", "Reverted."),
    ]
    batch = _run(*turns)
    undone = [c for c in batch.candidates if "undone later" in (c.note or "")]
    assert {c.target for c in undone} == {"changelog", "project"}
    assert all(c.action == "dropped" for c in undone)
    kept = [c.entry for c in batch.candidates if c.action in ("stored", "review")]
    assert "10s" not in repr([e for e in kept if "summary" in e or "config" in e])


def test_a_stack_fact_replaced_whole_is_reported_with_what_it_said():
    turns = _said("We're using Redux for state.", "Let's switch to Zustand instead of Redux.")
    batch = _run(*turns)
    replaced = [c.entry for c in batch.candidates if c.note == "replaced later in the conversation"]
    assert replaced == [{"tech_stack": {"state": "Redux"}}]


# ---- the tool the work is done with, and the project's name --------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "title"),
    [
        ("Publish to PyPI via GitHub Actions on tag push.", "GitHub Actions",
         "Use GitHub Actions to publish to PyPI"),
        ("Deploy via GitHub Actions.", "GitHub Actions", "Use GitHub Actions to deploy"),
        ("Monitor with Grafana and Prometheus.", "Grafana", "Use Grafana to monitor"),
        ("Store sessions in Redis Cluster.", "Redis Cluster",
         "Use Redis Cluster to store sessions"),
    ],
)  # fmt: skip
def test_the_tool_a_piece_of_work_is_done_with_is_chosen_for_it(sentence, choice, title):
    (decided,) = _kept(_run(*_said(sentence)), "decisions")
    assert (decided["choice"], decided["title"]) == (choice, title)


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("call it notion2md", "notion2md"),
        ("Let's call the project notion2md.", "notion2md"),
        ("let's call it quits", None),
        ("call it done", None),
        ("call it a day", None),
        ("call it through the API", None),
        ("Call it processed_stripe_events.", None),  # a table
    ],
)
def test_call_it_names_the_project(sentence, name):
    assert rules.project_name(sentence) == name


@pytest.mark.parametrize(
    ("choice", "purpose", "title"),
    [
        ("storage.local", "queue", "Use storage.local for queue"),
        ("HNSW", "index", "Use HNSW for index"),
        ("GitHub Actions", "deploy", "Use GitHub Actions to deploy"),
        ("Redis", "cache the results", "Use Redis to cache the results"),
    ],
)
def test_a_purpose_is_a_verb_phrase_only_with_its_object_or_a_verb_that_is_no_noun(
    choice, purpose, title
):
    from omp.extract.candidates import _title

    assert _title(choice, purpose) == title


# ---- Chinese second thoughts, and a detail that replaces no tool ------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("那还是 TDengine 吧", "TDengine"),
        ("嗯 想了一下还是 TDengine 吧，国产的，客户要求信创", "TDengine"),
        ("我看还是 Kafka 吧", "Kafka"),
        ("我不确定用 MySQL 还是 Postgres", None),
        ("他们想改成 Kafka", None),
    ],
)
def test_a_second_thought_that_comes_back_to_a_choice_decides_it(sentence, choice):
    decided = rules.decision(sentence)
    assert (decided.choice if decided else None) == choice


def test_a_second_thought_replaces_the_earlier_choice_of_its_role():
    turns = [
        ("user", "IoT 项目，设备是 ESP32，上报温湿度。"),
        ("assistant", "好的。"),
        ("user", "时序数据存 InfluxDB 吧"),
        ("assistant", "已加 influxdb:2.7，bucket 叫 telemetry。"),
        ("user", "嗯 想了一下还是 TDengine 吧，国产的，客户要求信创"),
    ]
    assert _choices(*turns) == [("TDengine", ["InfluxDB"])]


def test_a_detail_of_no_known_role_does_not_replace_the_tool_chosen_before():
    turns = [
        ("user", "写个爬虫抓二手房挂牌数据，Python"),
        ("assistant", "建议用 Scrapy。"),
        ("user", "存储用 PostgreSQL，库名 house，表 listings"),
        ("assistant", "pipeline 已写好，用 psycopg2 批量 insert。"),
        ("user", "嗯...批量 insert 还是换成 COPY 吧，数据量大"),
    ]
    assert "PostgreSQL" in [c for c, _ in _choices(*turns)]


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("ok and schedule it at 0 3 * * * UTC", "schedule it at 0 3 * * * UTC"),
        ("schedule the job at `*/5 * * * *`", "schedule the job at */5 * * * *"),
        ("Schedule the rollup at 02:30 UTC so the FX refresh has slack",
         "Schedule the rollup at 02:30 UTC"),
    ],
)  # fmt: skip
def test_a_schedule_keeps_its_cron_expression_whole(sentence, choice):
    decided = rules.decision(sentence)
    assert decided is not None
    assert decided.choice == choice


def test_a_port_is_no_part_of_the_stack():
    sentence = "we deploy to a hetzner CPX31 in fsn1 with docker compose, port 9001"
    assert "port" not in rules.tech_facts(rules.assertion(sentence))
    assert rules.settings(sentence) == {"port": "9001"}


def test_the_broker_chosen_after_the_protocol_does_not_replace_it():
    turns = [
        ("user", "IoT 项目，设备是 ESP32，平台这边协议用 MQTT 还是 CoAP"),
        ("assistant", "MQTT 更合适，生态成熟。CoAP 适合低功耗 NB-IoT。"),
        ("user", "用 MQTT。broker 选 EMQX 还是 Mosquitto"),
        ("assistant", "设备量上万的话选 EMQX；Mosquitto 轻量但单机。"),
        ("user", "目前就几百台，先用 Mosquitto，以后量大了再说"),
    ]
    chosen = [c for c, _ in _choices(*turns)]
    assert "MQTT" in chosen
    assert "Mosquitto" in chosen


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


# ---- one name given up for another, a part then "use", an undoing, "Lua or Go?" ------------


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("And let's drop CockroachDB for Postgres, the managed bill is silly for our size.",
         "Postgres", ["CockroachDB"]),
        ("Let's swap Redux for Zustand.", "Zustand", ["Redux"]),
        ("Replace Jest with Vitest.", "Vitest", ["Jest"]),
        ("Drop MongoDB in favour of Postgres.", "Postgres", ["MongoDB"]),
        ("For exif, use kamadak-exif.", "kamadak-exif", []),
        ("revert that, go back to thiserror", "thiserror", []),
    ],
)  # fmt: skip
def test_a_name_given_up_for_another_or_a_part_then_use_is_a_choice(sentence, choice, alternatives):
    assert _choices(*_said(sentence)) == [(choice, alternatives)]


@pytest.mark.parametrize(
    "sentence",
    ["Replace it with Vitest", "replace the handler with a new one", "swap the order for the tests",
     "drop the table for now"],
)  # fmt: skip
def test_replacing_a_thing_that_is_no_name_chooses_nothing(sentence):
    assert rules.decision(sentence) is None


@pytest.mark.parametrize(
    ("reply", "chosen"),
    [
        ("Go, since the rest of our plugins are Go.", [("Go", ["Lua"])]),
        ("Lua, since it is simpler.", [("Lua", ["Go"])]),
    ],
)
def test_go_offered_beside_another_language_can_be_picked(reply, chosen):
    turns = [
        ("user", "For the game server we use Nakama."),
        ("assistant", "OK. Want me to write the matchmaker override in Lua or Go?"),
        ("user", reply),
    ]
    assert _choices(*turns) == chosen


def test_go_ahead_picks_nothing():
    turns = [
        ("user", "For the game server we use Nakama."),
        ("assistant", "Want me to go ahead or wait?"),
        ("user", "Go ahead."),
    ]
    assert _choices(*turns) == []


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


@pytest.mark.parametrize(
    ("sentence", "undoes"),
    [
        ("ugh anyhow makes the lib part ugly. revert that, go back to thiserror", True),
        ("hmm cpu is pegged at 30. put it back to 20", True),
        ("改回去吧", True),
        ("Can you undo that?", True),
        ("should we revert that?", False),
        ("don't revert that", False),
        ("revert the WriteTimeout change", False),  # names what it undoes: `undone_topic`
    ],
)
def test_a_request_to_undo_what_was_just_done(sentence, undoes):
    assert rules.undoes_last(sentence) is undoes


def test_what_the_assistant_just_did_is_dropped_when_the_person_asks_to_undo_it():
    turns = [
        ("user", "game server for our io game, node + socket.io, tick rate 20hz."),
        ("assistant", "OK."),
        ("user", "bump tick to 30hz"),
        ("assistant", "Tick rate now 30 Hz (`TICK_MS = 33`)."),
        ("user", "hmm cpu is pegged at 30. put it back to 20"),
        ("assistant", "Reverted: `TICK_MS = 50`, 20 Hz."),
    ]
    batch = _run(*turns)
    undone = [c.entry for c in batch.candidates if "undone later" in (c.note or "")]
    assert undone == [{"config": {"tick_ms": "33"}}]
    kept = [c.entry for c in batch.candidates if c.action in ("stored", "review")]
    assert {"config": {"tick_ms": "50"}} in kept


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("那还是 Pinia 不动。", "Pinia"),
        ("Pinia 吧", "Pinia"),
        ("on conflict 吧", None),
    ],
)
def test_a_chinese_choice_keeps_only_the_name(sentence, choice):
    decided = rules.decision(sentence)
    assert (decided.choice if decided else None) == choice


def test_an_ellipsis_before_a_lower_case_word_does_not_end_the_sentence():
    text = "算了 COPY 没法做 upsert，还是改回 insert ... on conflict 吧"
    assert rules.statements(text) == [text]


@pytest.mark.parametrize(
    ("message", "offered"),
    [
        ("writing a cli in rust to rename photos by exif date. clap or argh?", ["clap", "argh"]),
        ("sync or async?", ["sync", "async"]),
        ("Pinia vs Vuex?", ["pinia", "vuex"]),
        ("now or later?", []),
        ("should I use it or not?", []),
    ],
)
def test_a_question_of_two_names_alone_offers_both(message, offered):
    assert rules.asked_options(message) == offered


def test_a_name_of_a_bare_either_or_question_picked_in_the_reply_is_chosen():
    turns = [
        ("user", "writing a cli in rust to bulk-rename photos by exif date. clap or argh?"),
        ("assistant", "clap (derive API) is the most common choice. argh is smaller."),
        ("user", "clap derive. binary name should be `snapname`"),
    ]
    assert _choices(*turns) == [("clap", ["argh"])]


def test_a_time_of_day_chosen_keeps_what_it_is_the_time_of():
    decided = rules.decision("调度时间改成凌晨 3 点，2 点 MySQL 在做备份")
    assert decided is not None
    assert decided.choice == "调度时间 凌晨 3 点"


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("回测框架要不要换 backtrader？还是继续用我们自己的 vnpy fork",
         ["回测框架要不要换 backtrader？还是继续用我们自己的 vnpy fork"]),
        ("好的。还是用 Kafka 吧", ["好的。", "还是用 Kafka 吧"]),
        ("lets try duckdb... hmm no polars", ["lets try duckdb...", "hmm no polars"]),
        ("Is it ok? Yes. 可以吗？可以！", ["Is it ok?", "Yes.", "可以吗？", "可以！"]),
    ],
)  # fmt: skip
def test_an_either_or_question_is_one_sentence_and_an_elision_set_apart_ends_none(text, sentences):
    assert rules.statements(text) == sentences


def test_the_second_half_of_an_either_or_question_decides_nothing():
    assert rules.decision("回测框架要不要换 backtrader？还是继续用我们自己的 vnpy fork") is None


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


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("OptaPlanner 我们没人会 Java", {}),
        ("我们团队不熟 Rust", {}),
        ("我们都会 Python", {"language": "Python"}),
    ],
)
def test_what_nobody_on_the_team_knows_is_no_part_of_the_stack(sentence, stack):
    assert rules.tech_facts(rules.assertion(sentence)) == stack


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
