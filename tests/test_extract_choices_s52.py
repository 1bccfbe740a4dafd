"""Short choices said after the options were laid out, and what a choice leaves behind.

Session 52's probe: "ok FSDP is the way", "neon then. drop supabase." after "Options: …, or use
Neon", "sealed-secrets then" after the person's own "sealed-secrets or external secrets?".
"""

from __future__ import annotations

import pytest

from tests.test_extract_en_probes2 import _choices

# ---- "X is the way": the way taken -----------------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "choice"),
    [("ok FSDP is the way, we delete the deepspeed config.", "FSDP"),
     ("Terraform is the way to go.", "Terraform"),
     ("so yeah, Postgres is the way forward", "Postgres")],
)  # fmt: skip
def test_a_name_said_to_be_the_way_is_the_choice(reply, choice):
    assert [c for c, _ in _choices(("user", reply))] == [choice]


@pytest.mark.parametrize(
    "reply",
    ["this is the way it works", "the hard way is the way.", "is FSDP the way to go?",
     "maybe FSDP is the way to go", "the way home is long"],
)  # fmt: skip
def test_a_way_that_names_no_choice_is_none(reply):
    assert _choices(("user", reply)) == []
