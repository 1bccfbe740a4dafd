"""Helm's summary of a release, read as the Kubernetes deploy it is (session 52's probes).

`helm upgrade` prints the release, its namespace, revision and status; the `rollout status`
watch after it goes on with the same deploy.
"""

from __future__ import annotations

from omp.deploy import looks_like_deploy, parse_deploy

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
