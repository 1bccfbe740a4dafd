"""Where the project runs, as people state it.

The host of each part and of production, self-hosted tools, where a part no longer runs, the
board, chip or GPUs it runs on, the base model, the platforms it ships on and the system an app
targets, in English and in Chinese; and moves, doubts, questions and another team's parts, which
give no host.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omp import rules
from tests.extraction import _OPENING, _facts_zh, _said, _stack, _stack_said
from tests.helpers import run_omp

# ---- where each part of the project is hosted ----------------------------------------------------


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
    stack = _stack_said(sentence)
    assert {k: v for k, v in stack.items() if k.endswith("hosting")} == hosting


def test_parts_hosted_in_two_sentences_keep_their_own_hosting():
    stack = _stack_said("The frontend is on Vercel.", "The API is on Fly.io.")
    assert stack == {"frontend_hosting": "Vercel", "api_hosting": "Fly.io"}


def test_the_framework_named_with_a_part_stays_beside_where_it_runs():
    stack = _stack_said("Our Next.js frontend is on Vercel and the Go API runs on Fly.io.")
    assert stack["frontend"] == "Next.js"
    assert stack["frontend_hosting"] == "Vercel"
    assert stack["api_hosting"] == "Fly.io"
    assert "hosting" not in stack


def test_the_whole_app_hosted_somewhere_is_the_projects_hosting():
    assert _stack_said("Our app is hosted on Vercel.") == {"hosting": "Vercel"}


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
    assert not any(k.endswith("_hosting") for k in _stack_said(sentence))


# ---- through the command line --------------------------------------------------------------------


def test_omp_extract_stores_the_hosting_of_each_part_and_a_requirement(git_repo: Path):
    assert run_omp("init", cwd=git_repo).returncode == 0
    text = (
        "User: The frontend is on Vercel and the API on Fly.io.\n"
        "Assistant: Noted.\n"
        "User: We need every endpoint to be idempotent.\n"
    )
    out = run_omp("extract", "--json", "--format", "text", "-", cwd=git_repo, input=text)
    assert out.returncode == 0, out.stderr
    stored = [c for c in json.loads(out.stdout)["candidates"] if c["action"] == "stored"]
    stacks = [c["entry"]["tech_stack"] for c in stored if c["target"] == "project"]
    assert {"frontend_hosting": "Vercel", "api_hosting": "Fly.io"} in stacks
    titles = [c["entry"]["title"] for c in stored if c["target"] == "decisions"]
    assert titles == ["Every endpoint must be idempotent"]
    project = (git_repo / "_omp" / "memory" / "project.yaml").read_text(encoding="utf-8")
    assert 'frontend_hosting: "Vercel"' in project
    assert 'api_hosting: "Fly.io"' in project
    decisions = (git_repo / "_omp" / "memory" / "decisions.yaml").read_text(encoding="utf-8")
    assert "Every endpoint must be idempotent" in decisions


# ---- the board, chip or GPUs the project runs on -------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "board"),
    [
        ("Board is the STM32L476RG logger, embassy-stm32, GPS on USART2 at 115200.", "STM32L476RG"),
        ("Board is the custom one with the STM32G474RE, the driver is a DRV8323.", "STM32G474RE"),
        ("hey, I'm building a greenhouse controller on an ESP32-S3 (the DevKitC-1).", "ESP32-S3"),
        ("our run died at step 41k. 8x A100 80GB single node, plain DDP right now.", "A100 80GB"),
        ("quick recap: STM32G474 on the rev C board, talking to the BMS over CAN FD.", "STM32G474"),
        ("Hardware: 4x H100 in one box.", "H100"),
    ],
)
def test_the_board_or_gpus_the_person_runs_on_is_the_projects_hardware(sentence, board):
    assert _stack(*_said(sentence)).get("hardware") == board


@pytest.mark.parametrize(
    "sentence",
    [
        "we don't even know if the new board will be esp32-s3 or an nrf5340",
        "is MPPI actually too heavy for a raspberry pi 5 class board?",
        "maybe we could run it on an ESP32-C6.",
        "the ESP32-C3 board is cheaper than the S3 one.",
        "if we had 8x H100 it would be faster.",
        "I read that people run it on an RTX 4090 at home.",
        "should we move to an STM32H7 board next year.",
    ],
)
def test_a_board_weighed_wished_asked_about_or_heard_of_is_no_hardware(sentence):
    assert "hardware" not in _stack(*_said(sentence))


def test_the_assistant_naming_a_board_gives_no_hardware():
    turns = [_OPENING, ("assistant", "Board is the STM32L476RG, so use the embassy HAL.")]
    assert "hardware" not in _stack(*turns)


# ---- the platforms the product ships on ----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "platforms"),
    [
        ("Solo dev, shipping on Steam.", "Steam"),
        ("A metroidvania in Unity 2022.3 LTS, shipping on PC and Nintendo Switch.",
         "PC and Nintendo Switch"),
        ("we are launching on iOS and Android next month", "iOS and Android"),
        ("we ship on Steam", "Steam"),
    ],
)  # fmt: skip
def test_the_platforms_the_person_ships_on_are_the_projects(sentence, platforms):
    assert _stack(*_said(sentence)).get("platforms") == platforms


@pytest.mark.parametrize(
    "sentence",
    [
        "If you're shipping on Steam anyway, use the relay.",
        "maybe we could ship on Switch later",
        "are we shipping on Xbox?",
        "we were shipping on PS4 back then",
        "shipping on time is what matters",
    ],
)
def test_a_condition_a_wish_a_question_or_the_past_ships_on_no_platform(sentence):
    assert "platforms" not in _stack(*_said(sentence))


def test_the_assistant_naming_a_platform_gives_none():
    turns = [_OPENING, ("assistant", "Since you're shipping on Steam, use Steamworks.")]
    assert "platforms" not in _stack(*turns)


# ---- where something no longer runs, then where it runs ------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "key", "host"),
    [
        ("The frontend is not on Vercel anymore, it's on Netlify.", "frontend_hosting", "Netlify"),
        ("The API isn't on Heroku anymore - it's on Fly.io.", "api_hosting", "Fly.io"),
    ],
)
def test_where_a_part_runs_now_is_read_past_where_it_no_longer_runs(sentence, key, host):
    assert _stack(*_said(sentence)).get(key) == host


@pytest.mark.parametrize(
    "sentence",
    [
        "The frontend is not on Vercel anymore.",
        "The frontend is not on Vercel anymore, is it on Netlify?",
    ],
)
def test_a_part_no_longer_somewhere_states_no_new_host(sentence):
    stack = _stack(*_said(sentence))
    assert "Vercel" not in stack.values()
    assert "Netlify" not in stack.values()


# ---- the GPUs of the machine ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "gpus"),
    [
        ("我们要在内网部署一个 LLM 给客服团队用，机器是 2 张 A100 80G。", "2 张 A100 80G"),
        ("train.py 在 4 张 A100 40GB 上 full finetune 一直 OOM。", "4 张 A100 40GB"),
        ("我们要在内网一台 L40S（48G）机器上部署一个 7B 模型。", "一台 L40S（48G）"),
        ("我们在一台 8\u00d7A100 80G 的机器上做 SFT，显存直接爆了。", "一台 8\u00d7A100 80G"),
        ("机器上有 4 张 3090，显存不太够。", "4 张 3090"),
        ("机器是单卡 4090 24G。", "单卡 4090 24G"),
    ],
)
def test_the_gpus_a_chinese_statement_gives_the_machine_are_its_hardware(sentence, gpus):
    assert _facts_zh(sentence)["tech_stack"]["hardware"] == gpus


@pytest.mark.parametrize(
    "sentence",
    [
        "A100 支持 bf16，建议开。",  # a GPU named alone is no machine
        "如果用 4 张 A100 的话能快多少？",
        "也许以后会换成 8 张 H100。",
        "隔壁组的机器是 8 张 H800。",
    ],
)
def test_a_gpu_in_passing_in_a_question_or_of_another_team_is_no_machine(sentence):
    assert rules.machine_gpus(sentence) is None
    assert "hardware" not in _facts_zh(sentence).get("tech_stack", {})


# ---- the base model ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "model"),
    [
        (
            "我们组要 fine-tune 一个模型，base model 用 Qwen2.5-7B-Instruct，机器是 8 张 A100。",
            "Qwen2.5-7B-Instruct",
        ),
        (
            "要做个领域微调，base model 打算用 Qwen2-7B-Instruct，数据是客服 QA。",
            "Qwen2-7B-Instruct",
        ),
        ("base model 想用 Qwen2.5-7B-Instruct，你觉得全参微调还是 LoRA？", "Qwen2.5-7B-Instruct"),
        ("基座模型是 Llama-3-8B-Instruct。", "Llama-3-8B-Instruct"),
    ],
)
def test_the_base_model_the_person_names_is_the_projects_model(sentence, model):
    assert _facts_zh(sentence)["tech_stack"]["model"] == model


@pytest.mark.parametrize(
    "sentence",
    [
        "如果 base model 用 Llama-3-8B 呢",
        "base model 用哪个好？",
        "base model 不用 Qwen2-7B 了",
        "base model 用 BERT",
    ],
)
def test_no_base_model_in_a_condition_a_question_a_refusal_or_without_a_size(sentence):
    assert rules.base_model(sentence) is None
    assert "model" not in _facts_zh(sentence).get("tech_stack", {})


# ---- a cloud's product, and a host inside a description ------------------------------------------


def test_a_clouds_product_has_the_role_of_the_product():
    assert rules.role_of("Cloudflare R2") == "storage"
    assert rules.role_of("Cloudflare") == "hosting"


def test_a_host_said_inside_a_description_of_the_project_is_a_fact_not_a_choice():
    s = "官网 wanderly-web 要做多语言，Next.js 14 App Router + TypeScript，部署在 Vercel。"
    assert rules.decision(s) is None


# ---- where production runs -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "host"),
    [
        ("Prod is on Railway now.", "Railway"),
        ("Production runs on Fly.io.", "Fly.io"),
        ("deploy is on Render", "Render"),
    ],
)
def test_where_production_runs_is_the_projects_hosting(sentence, host):
    assert rules.tech_facts(sentence) == {"hosting": host}


@pytest.mark.parametrize(
    "sentence", ["Production is down again.", "Prod is on fire.", "production is on v2.3.1"]
)
def test_production_said_to_be_in_a_state_names_no_host(sentence):
    assert rules.tech_facts(sentence) == {}


# ---- where a self-hosted tool runs ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "host"),
    [
        ("self hosting n8n on a hetzner cx22 (ubuntu 24.04, docker compose).", "hetzner"),
        ("we self-host Gitea on Hetzner", "Hetzner"),
        ("I'm self-hosting plausible on a DigitalOcean droplet", "DigitalOcean"),
    ],
)
def test_where_a_self_hosted_tool_runs_is_the_hosting(sentence, host):
    assert rules.tech_facts(sentence).get("hosting") == host


@pytest.mark.parametrize(
    "sentence", ["should we self-host n8n on hetzner?", "we could self-host it on hetzner"]
)
def test_self_hosting_asked_about_or_weighed_is_no_hosting(sentence):
    assert "hosting" not in rules.tech_facts(sentence)


# ---- the system an app targets -------------------------------------------------------------------


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
