"""Deploy output read in session 52's probes.

`helm upgrade` prints the release, its namespace, revision and status; the `rollout status`
watch after it goes on with the same deploy. Output a person pastes into a message is read as
the deploy it shows, and its lines are not the person's words.
"""

from __future__ import annotations

from omp.deploy import looks_like_deploy, output_span, parse_deploy
from tests.test_extract import _kept, _run

_UPGRADE = """\
Release "payments-api" has been upgraded. Happy Helming!
NAME: payments-api
LAST DEPLOYED: Thu Oct  9 14:18:02 2025
NAMESPACE: payments-prod
STATUS: deployed
REVISION: 47
TEST SUITE: None
"""

_WATCHED = (
    _UPGRADE
    + """\
Waiting for deployment "payments-api" rollout to finish: 1 of 3 updated replicas are available...
deployment "payments-api" successfully rolled out
"""
)


def test_a_helm_upgrade_is_a_deploy_of_the_release_in_its_namespace():
    assert looks_like_deploy(_UPGRADE)
    [event] = parse_deploy(_UPGRADE)
    assert (event.service, event.status, event.namespace, event.deploy_id) == (
        "payments-api", "active", "payments-prod", "47"
    )  # fmt: skip


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


# ---- deploy output pasted into a message ----------------------------------------------------

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
