"""Where the project's things are set up: machine paths, the repository, env variables, app ids.

A person says where they put a thing ("I downloaded the reference genome to /data/ref/hg38",
"证书装在 /etc/ssl/shop"), which repository the project is ("repo 是 lumen/atlas"), which
environment variable holds a setting ("the signing key goes in the LEDGER_SIGNING_KEY env
var") and what the app is called by its store ("包名 com.lumen.walk"). Each is stored under
its section; a question, a maybe, a passing `/tmp` place and an error naming a variable are not.
"""

from __future__ import annotations

from typing import Any

import pytest

from omp import rules
from tests.extraction import _kept, _run, _said, _said_zh


def _facts(*turns: tuple[str, str]) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for entry in _kept(_run(*turns), "project"):
        for section, values in entry.items():
            merged.setdefault(section, {}).update(values)
    return merged


@pytest.mark.parametrize(
    ("sentence", "key", "path"),
    [("I downloaded the hg38 reference to /data/ref/hg38 last night.", "hg38", "/data/ref/hg38"),
     ("The Zephyr SDK is installed under /opt/zephyr-sdk-0.16.", "zephyr-sdk-0.16",
      "/opt/zephyr-sdk-0.16"),
     ("We mounted the shared volume at /mnt/shared/models.", "models", "/mnt/shared/models")],
)  # fmt: skip
def test_where_the_person_put_a_thing_on_the_machine_is_a_path(sentence, key, path):
    assert _facts(*_said(sentence))["paths"] == {key: path}


@pytest.mark.parametrize(
    ("sentence", "key", "path"),
    [("我昨天在跳板机上把 hg38 的参考基因组下载到 /data/ref/hg38 了", "hg38", "/data/ref/hg38"),
     ("证书装在 /etc/ssl/lumen 下面", "lumen", "/etc/ssl/lumen"),
     ("每晚从供应商拉库存文件，落到 /srv/stock/inbound/ 下面", "inbound", "/srv/stock/inbound/"),
     ("服务由 systemd 守护，配置文件 /etc/lumen/conf.d/api.toml", "config",
      "/etc/lumen/conf.d/api.toml")],
)  # fmt: skip
def test_a_chinese_sentence_of_where_a_thing_was_put_is_a_path(sentence, key, path):
    assert _facts(*_said_zh(sentence))["paths"] == {key: path}


@pytest.mark.parametrize(
    "sentence",
    ["I downloaded the dump to /tmp/restore/db.sql to have a look.",
     "Should I install it under /opt/zephyr?",
     "Maybe we mount it at /mnt/shared/models.",
     "把模型下载到 /tmp/ckpt/7b 试一下"],
)  # fmt: skip
def test_a_passing_place_a_question_or_a_maybe_is_no_path(sentence):
    turns = _said_zh(sentence) if rules.is_chinese(sentence) else _said(sentence)
    assert "paths" not in _facts(*turns)


def test_a_folder_ending_in_dot_d_is_a_folder_not_a_file():
    assert rules.path_fact("The config file is /etc/nginx/conf.d/shop.conf.") == (
        "config",
        "/etc/nginx/conf.d/shop.conf",
    )


@pytest.mark.parametrize(
    ("turns", "repo"),
    [(_said("Our GitHub repo is lumen/atlas, the default branch is main."), "lumen/atlas"),
     (_said("The repository is at https://github.com/lumen/atlas.git"), "lumen/atlas"),
     (_said_zh("用 dlt 把工单同步下来，repo 是 lumen/atlas。"), "lumen/atlas"),
     (_said_zh("仓库地址：https://gitee.com/lumen/atlas"), "lumen/atlas")],
)  # fmt: skip
def test_the_repository_the_person_names_is_the_projects(turns, repo):
    assert _facts(*turns)["project"] == {"repository": repo}


@pytest.mark.parametrize(
    "sentence",
    ["Is the repo lumen/atlas or lumen/atlas-web?",
     "Maybe the repo is lumen/atlas, not sure.",
     "The repo has src/ and docs/ folders."],
)  # fmt: skip
def test_a_repository_asked_about_or_guessed_is_not_stored(sentence):
    assert "repository" not in _facts(*_said(sentence)).get("project", {})


@pytest.mark.parametrize(
    ("turns", "name"),
    [(_said("ok. the signing key goes in the LEDGER_SIGNING_KEY env var."), "LEDGER_SIGNING_KEY"),
     (_said("The bucket is configurable with EXPORT_BUCKET_NAME."), "EXPORT_BUCKET_NAME"),
     (_said("Read it from the env var `PRICING_API_URL`."), "PRICING_API_URL"),
     (_said_zh("AppSecret 放到服务的环境变量 `MINI_APP_SECRET` 里"), "MINI_APP_SECRET"),
     (_said_zh("阈值先定每分钟 600 次，配置项叫 `QUOTA_PER_MINUTE`。"), "QUOTA_PER_MINUTE")],
)  # fmt: skip
def test_an_environment_variable_the_project_reads_is_stored_by_name(turns, name):
    env = _facts(*turns)["env"]
    assert list(env) == [name]
    # the sentence that names it says what it holds; a secret's variable is named and no more
    secret = any(w in name for w in ("KEY", "SECRET", "TOKEN", "PASSWORD"))
    assert env[name] == "required" if secret else name in env[name]


@pytest.mark.parametrize(
    "sentence",
    ["Do we read it from the LEDGER_SIGNING_KEY env var?",
     "Maybe put it in the LEDGER_SIGNING_KEY env var.",
     "It crashed with KeyError: the LEDGER_SIGNING_KEY env var is missing.",
     "Don't read the token from the GITHUB_TOKEN env var."],
)  # fmt: skip
def test_a_variable_asked_about_guessed_failing_or_refused_is_not_stored(sentence):
    assert "env" not in _facts(*_said(sentence))


def test_an_env_variable_keeps_no_value():
    env = rules.env_names("Set the env var EXPORT_BUCKET_NAME=ledger-exports before you start.")
    assert env == {"EXPORT_BUCKET_NAME": "Set the env var EXPORT_BUCKET_NAME"}
    secret = rules.env_names("密码的事我来改成从环境变量 KAFKA_SASL_PASSWORD 读。")
    assert secret == {"KAFKA_SASL_PASSWORD": "required"}  # not a sentence to be redacted whole


@pytest.mark.parametrize(
    ("turns", "key", "value"),
    [(_said_zh("我们的 App 是 Flutter 写的，包名 com.lumen.walk。"), "package_name",
      "com.lumen.walk"),
     (_said_zh("应用包名是 com.lumen.walk"), "package_name", "com.lumen.walk"),
     (_said("The bundle id is com.lumen.walk and the app group is group.com.lumen.shared."),
      "app_group", "group.com.lumen.shared")],
)  # fmt: skip
def test_the_apps_store_identity_is_a_setting(turns, key, value):
    assert _facts(*turns)["config"][key] == value


@pytest.mark.parametrize(
    "sentence",
    ["I downloaded it to /data/ref/hg38.", "It is installed under /opt/zephyr-sdk."],
)
def test_a_thing_put_somewhere_named_by_a_pronoun_gives_no_path(sentence):
    assert rules.path_facts(sentence) == {}


@pytest.mark.parametrize(
    ("sentence", "key", "value"),
    [("Retries should be 5 with exponential backoff.", "retries", "5"),
     ("Cap retries at 3.", "retries", "3"),
     ("Keep the page size at 50.", "page_size", "50")],
)  # fmt: skip
def test_a_setting_said_as_what_it_should_be_or_is_capped_at(sentence, key, value):
    assert rules.settings(sentence) == {key: value}
