"""English sentences a developer types to a coding assistant, read by the extraction rules."""

from __future__ import annotations

import pytest

from tests.test_extract import _kept, _run

_OPENING = ("user", "Picking the project back up from yesterday.")
_READY = ("assistant", "Sure, where do you want to start?")


def _said(*sentences: str) -> list[tuple[str, str]]:
    """The person's sentences, after an opening exchange (the first message is read apart)."""
    return [_OPENING, _READY, *(("user", s) for s in sentences)]


def _stack(*sentences: str) -> dict[str, str]:
    stack: dict[str, str] = {}
    for facts in _kept(_run(*_said(*sentences)), "project"):
        stack |= facts.get("tech_stack", {})
    return stack


# ---- where each part of the project is hosted -------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "hosting"),
    [
        (
            "The frontend is on Vercel and the API on Fly.io.",
            {"frontend_hosting": "Vercel", "api_hosting": "Fly.io"},
        ),
        (
            "We host the web app on Netlify, the backend on Render.",
            {"web_app_hosting": "Netlify", "backend_hosting": "Render"},
        ),
        (
            "Our dashboard is hosted on Vercel and the worker runs on Railway.",
            {"dashboard_hosting": "Vercel", "worker_hosting": "Railway"},
        ),
        (
            "The marketing site is on Netlify; the API is deployed to Fly.io.",
            {"marketing_site_hosting": "Netlify", "api_hosting": "Fly.io"},
        ),
        (
            "Frontend on Vercel, API on Fly.io.",
            {"frontend_hosting": "Vercel", "api_hosting": "Fly.io"},
        ),
        (
            "The admin dashboard runs on Railway and the docs are on GitHub Pages.",
            {"admin_dashboard_hosting": "Railway", "docs_hosting": "GitHub Pages"},
        ),
        (
            "We deploy the frontend to Vercel and the backend to AWS ECS.",
            {"frontend_hosting": "Vercel", "backend_hosting": "AWS"},
        ),
        (
            "Our backend runs in AWS Lambda and the frontend sits on Cloudflare Pages.",
            {"backend_hosting": "AWS Lambda", "frontend_hosting": "Cloudflare Pages"},
        ),
        ("The staging API is on Render.", {"staging_api_hosting": "Render"}),
    ],
)
def test_each_part_keeps_its_own_hosting_when_a_sentence_names_two(sentence, hosting):
    stack = _stack(sentence)
    assert {k: v for k, v in stack.items() if k.endswith("hosting")} == hosting


def test_parts_hosted_in_two_sentences_keep_their_own_hosting():
    stack = _stack("The frontend is on Vercel.", "The API is on Fly.io.")
    assert stack == {"frontend_hosting": "Vercel", "api_hosting": "Fly.io"}


def test_the_framework_named_with_a_part_stays_beside_where_it_runs():
    stack = _stack("Our Next.js frontend is on Vercel and the Go API runs on Fly.io.")
    assert stack["frontend"] == "Next.js"
    assert stack["frontend_hosting"] == "Vercel"
    assert stack["api_hosting"] == "Fly.io"
    assert "hosting" not in stack


def test_the_whole_app_hosted_somewhere_is_the_projects_hosting():
    assert _stack("Our app is hosted on Vercel.") == {"hosting": "Vercel"}


@pytest.mark.parametrize(
    "sentence",
    [
        "We're moving the API from Heroku to Fly.io next month.",
        "Their frontend is on Vercel.",
        "Should the API be on Fly.io?",
        "Maybe the backend on Render.",
        "The frontend is not on Vercel.",
        "The API used to be on Heroku.",
    ],
)
def test_a_move_a_question_a_doubt_or_another_teams_part_gives_no_part_hosting(sentence):
    assert not any(k.endswith("_hosting") for k in _stack(sentence))
