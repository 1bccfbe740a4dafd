"""What session 52's probes found of stacks and rules stated in prose.

A stack stated with the edition it is not in brackets ("dbt core 1.7 (not dbt cloud)") is the
stack still; "X/Y/Z it is" picks a layout; a rule may name the repository it holds in
("convention for this repo: …", "money is always integer cents in this codebase").
"""

from __future__ import annotations

import pytest

from omp import rules

# ---- what a stack is not, in brackets --------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "role", "name"),
    [
        ("warehouse is Snowflake, dbt core 1.7 (not dbt cloud).", "warehouse", "Snowflake"),
        ("the backend is FastAPI (not Django)", "backend", "FastAPI"),
        ("our cache is Redis (rather than memcached)", "cache", "Redis"),
    ],
)
def test_a_stack_said_with_what_it_is_not_in_brackets_is_the_stack(sentence, role, name):
    assert rules.tech_facts(sentence).get(role) == name


def test_a_stack_said_not_to_be_used_is_no_stack():
    assert rules.tech_facts("the database is not Postgres (it was MySQL)") == {}
