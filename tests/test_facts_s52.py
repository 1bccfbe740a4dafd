"""What session 52's probes of agent sessions found: project facts said in passing.

A part of the service is given its own port ("metrics are on 9102", "the docker db on 5433").
"""

from __future__ import annotations

import pytest

from omp import rules
from tests.test_extract import _kept, _run

# ---- a part of the service and its port ------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "config"),
    [
        ("the service listens on 8081 and metrics are on 9102 btw",
         {"port": "8081", "metrics_port": "9102"}),
        ("always run them against the docker db on 5433, not my local pg on 5432",
         {"db_port": "5433"}),
        ("the api listens on 8080 and grpc on :50051", {"port": "8080", "grpc_port": "50051"}),
    ],
)  # fmt: skip
def test_a_part_of_the_service_on_a_port_is_that_parts_port(sentence, config):
    assert rules.settings(sentence) == config


@pytest.mark.parametrize(
    "sentence",
    ["the api runs on 3 nodes", "not my local db on 5432", "the db on 2024-03-01 was slow",
     "metrics on 500 req per second", "is the db on 5433?"],
)  # fmt: skip
def test_a_count_a_date_or_a_port_said_not_to_be_the_parts_is_none(sentence):
    assert not any(k.endswith("port") for k in rules.settings(sentence))


def test_a_metrics_port_said_by_the_person_is_a_project_fact():
    facts = _kept(_run(("user", "the service listens on 8081 and metrics are on 9102")), "project")
    assert {"config": {"port": "8081", "metrics_port": "9102"}} in facts


# ---- the person's tool for everything --------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    ["I use uv for everything, don't pip install stuff, it messes up the lockfile",
     "i use pnpm for everything"],
)  # fmt: skip
def test_a_tool_the_person_uses_for_everything_is_their_preference(sentence):
    [item] = _kept(_run(("user", sentence)), "user")
    assert item["kind"] == "preference"


def test_asking_whether_a_tool_was_used_for_everything_is_no_preference():
    assert rules.personal("did I use uv for everything?") is None


# ---- a setting named in camel case -----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "config"),
    [
        ("ok use groupSize 128MB on read.", {"groupsize": "128MB"}),
        ("set maxPoolSize to 20", {"maxpoolsize": "20"}),
        ("batchSize: 64", {"batchsize": "64"}),
    ],
)
def test_a_setting_named_in_camel_case_is_a_configuration_value(sentence, config):
    assert rules.settings(sentence) == config


@pytest.mark.parametrize(
    "sentence", ["I bought an iPhone 15", "jQuery 3 is old", "we use macOS 14", "iOS 17 only"]
)
def test_a_product_and_its_version_is_no_camel_case_setting(sentence):
    assert rules.settings(sentence) == {}


def test_a_camel_case_setting_a_settings_word_names_is_read_once():
    assert rules.settings("connectTimeout: 30s") == {"connecttimeout": "30s"}


def test_a_camel_case_setting_in_a_commit_is_left_to_the_commit_rules():
    assert rules.settings("feat: use groupSize 128MB", named_keys=False) == {}


# ---- a version pinned in a version manager's file --------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("the global flutter on my mac is 3.19 and the project is pinned to 3.24.3 in .fvmrc",
         {"flutter": "Flutter 3.24.3 (.fvmrc)"}),
        ("node is set to 20.11.1 via .nvmrc", {"node": "Node 20.11.1 (.nvmrc)"}),
        ("from now on the api is pinned to 3.12.4 in `.python-version`",
         {"python": "Python 3.12.4 (.python-version)"}),
    ],
)  # fmt: skip
def test_a_version_pinned_in_a_version_managers_file_is_the_projects(sentence, stack):
    assert rules.stated_versions(sentence) == stack


@pytest.mark.parametrize(
    "sentence",
    ["is it pinned to 3.24.3 in .fvmrc?", "we bumped it and pinned to 3.24.3 in .fvmrc",
     "maybe pinned to 3.24.3 in .fvmrc", "pinned to 3.24.3 in pubspec.yaml"],
)  # fmt: skip
def test_a_pin_asked_about_wished_or_just_changed_is_no_fact(sentence):
    assert rules.stated_versions(sentence) == {}


def test_the_pinned_version_is_stored_from_the_persons_message():
    said = "good. the project is pinned to 3.24.3 in .fvmrc, use fvm flutter"
    facts = _kept(_run(("user", said)), "project")
    assert any(f.get("tech_stack", {}).get("flutter") == "Flutter 3.24.3 (.fvmrc)" for f in facts)


# ---- the system an app targets ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "target"),
    [("we target iOS 17+ anyway so swiftdata.", "iOS 17+"),
     ("the app is targeting Android 14", "Android 14")],
)  # fmt: skip
def test_the_system_an_app_targets_is_its_deployment_target(sentence, target):
    assert rules.settings(sentence) == {"deployment_target": target}


@pytest.mark.parametrize(
    "sentence", ["should we target iOS 16?", "maybe we target iOS 16", "we target teenagers 13+"]
)
def test_a_target_asked_about_wished_or_of_no_system_is_none(sentence):
    assert rules.settings(sentence) == {}


# ---- a model's training settings -------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "config"),
    [("lr 3e-4 with cosine decay, warmup 500 steps.", {"lr": "3e-4", "warmup": "500 steps"}),
     ("learning rate 0.001", {"learning_rate": "0.001"}),
     ("dropout: 0.1", {"dropout": "0.1"})],
)  # fmt: skip
def test_a_models_training_settings_are_configuration_values(sentence, config):
    assert rules.settings(sentence) == config


@pytest.mark.parametrize(
    "sentence",
    ["should the lr be 3e-4?", "the lr was 1e-3 when it diverged", "maybe lr 1e-4",
     "fine, leave it, just scale lr is already fine for that."],
)  # fmt: skip
def test_a_rate_asked_about_reported_or_wished_is_no_setting(sentence):
    assert rules.settings(sentence) == {}


# ---- a mobile app's build and release service ------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "ci"),
    [("release is 2.8.0, goes out thursday through codemagic like always.", "codemagic"),
     ("builds go through bitrise", "bitrise")],
)  # fmt: skip
def test_a_mobile_apps_release_service_is_its_ci(sentence, ci):
    assert rules.tech_facts(sentence) == {"ci": ci}


# ---- an address in a stated stack ------------------------------------------------------------


def test_the_bucket_and_prefix_of_an_address_are_no_parts_of_the_stack():
    said = "we have ~200GB/day of clickstream json landing in s3://acme-raw/clickstream/ (firehose)"
    assert rules.tech_facts(said) == {"storage": "s3"}


# ---- the names an offered alternative lists --------------------------------------------------

_AUTH_OPTIONS = (
    "Options for auth:\n\n"
    "1. **Server-side sessions** \u2014 opaque session id in an HttpOnly cookie, in Redis.\n"
    "2. **JWT access + refresh tokens** \u2014 short-lived access token.\n"
    "3. **External IdP** (Auth0 / Clerk / Keycloak) \u2014 least code, but another dependency.\n"
)


def test_the_names_an_offered_alternative_lists_are_no_stack():
    batch = _run(("user", "we need auth on the api"), ("assistant", _AUTH_OPTIONS))
    stacks = [f["tech_stack"] for f in _kept(batch, "project") if "tech_stack" in f]
    assert not any("auth" in s for s in stacks)


def test_the_stack_an_agent_states_beside_its_options_is_kept():
    said = "Here's what I see: the api is FastAPI 0.111 on Python 3.12.\n\n" + _AUTH_OPTIONS
    batch = _run(("user", "we need auth on the api"), ("assistant", said))
    stacks = [f["tech_stack"] for f in _kept(batch, "project") if "tech_stack" in f]
    assert any("FastAPI" in str(s) for s in stacks)


# ---- the name given for a resource the assistant asked about ---------------------------------

_ASKS_NAME = (
    'State is local right now. I\'ll add a `backend "s3"` block. What should the DynamoDB '
    "lock table be called? I'd suggest `terraform-locks` unless you have a convention."
)


def test_a_name_given_alone_for_the_resource_asked_about_is_a_project_fact():
    reply = "tf-locks, thats what the other repos use. the table already exists"
    batch = _run(("user", "set up remote state"), ("assistant", _ASKS_NAME), ("user", reply))
    assert {"config": {"table": "tf-locks"}} in _kept(batch, "project")


@pytest.mark.parametrize("reply", ["sure, go ahead", "tf-locks?", "whatever you think"])
def test_a_reply_with_no_name_alone_gives_no_resource(reply):
    batch = _run(("user", "set up remote state"), ("assistant", _ASKS_NAME), ("user", reply))
    assert not any("config" in f for f in _kept(batch, "project"))
