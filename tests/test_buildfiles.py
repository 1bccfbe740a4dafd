"""Versions and settings read from what an agent's tools printed of the project's build files."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omp.buildfiles import MAX_LINES, facts, shows_build_file

PACKAGE_JSON_READ = """\
     1→{
     2→  "name": "shopfront",
     3→  "engines": { "node": ">=20" },
     4→  "dependencies": {
     5→    "@sveltejs/kit": "^2.15.1",
     6→    "svelte": "^5.16.0",
     7→    "redis": "^4.6.13",
     8→    "zod": "^3.23.8"
     9→  },
    10→  "devDependencies": {
    11→    "eslint": "^9.17.0",
    12→    "vitest": "^2.1.8",
    13→    "typescript": "~5.7.2"
    14→  }
    15→}"""

GO_MOD_AFTER_LS = """\
Makefile
README.md
go.mod

module github.com/acme/billing-gateway

go 1.22

require (
\tgithub.com/gin-gonic/gin v1.9.1
\tgithub.com/redis/go-redis/v9 v9.5.1
)"""

PYPROJECT = """\
[project]
name = "report-svc"
requires-python = ">=3.11"
dependencies = [
  "fastapi==0.110.3",
  "celery[redis]==5.3.6",
  "pytest>=8.0",
  "stripe==8.4.0",
]

[tool.uv]
dev-dependencies = ["ruff>=0.4"]"""

CARGO = """\
[package]
name = "logslice"
edition = "2021"
rust-version = "1.74"

[dependencies]
clap = { version = "4.5", features = ["derive"] }
axum = "0.7.5"
serde = "1"
"""

PUBSPEC_AND_VERSION = """\
name: jiyun_app
environment:
  sdk: '>=3.5.0 <4.0.0'

dependencies:
  flutter:
    sdk: flutter
  flutter_riverpod: ^2.5.1
  dio: ^5.7.0

dev_dependencies:
  flutter_lints: ^4.0.0
Flutter 3.24.3 • channel stable • https://github.com/flutter/flutter.git"""

GREP_OF_GRADLE = """\
gradle/libs.versions.toml:4:kotlin = "2.0.0"
app/build.gradle.kts:17:        minSdk = 24
app/build.gradle.kts:18:        targetSdk = 34"""

PLATFORMIO = """\
[env:soilnode]
platform = espressif32@6.7.0
board = esp32-s3-devkitc-1
framework = arduino
monitor_speed = 115200"""

TERRAFORM = """\
terraform {
  required_version = ">= 1.8"
  required_providers {
    google = {
      source  = "hashicorp/google"
      version = "~> 5.40"
    }
  }
  backend "gcs" {
    bucket = "acme-tf-state-prod"
    prefix = "network"
  }
}"""


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        (
            PACKAGE_JSON_READ,
            {"tech_stack": {"sveltekit": "@sveltejs/kit 2.15.1", "svelte": "svelte 5.16.0",
                            "typescript": "typescript 5.7.2", "node_engine": "Node >=20"}},
        ),
        # Go's versions keep their "v"; the module path is the project's
        (GO_MOD_AFTER_LS, {"tech_stack": {"gin": "gin v1.9.1", "go": "Go 1.22"},
                           "project": {"module": "github.com/acme/billing-gateway"}}),
        # as Claude Code's Read prints them: numbered lines
        ("     1→module example.com/x\n     2→\n     3→go 1.23",
         {"tech_stack": {"go": "Go 1.23"}, "project": {"module": "example.com/x"}}),
        # a module path without a domain is a module path too
        ("module tidectl\n\ngo 1.22",
         {"tech_stack": {"go": "Go 1.22"}, "project": {"module": "tidectl"}}),
        ("     1→FROM python:3.12-slim\n     2→RUN pip install uv",
         {"tech_stack": {"python": "python 3.12"}}),
        (
            PYPROJECT,
            {"tech_stack": {"fastapi": "fastapi 0.110.3", "celery": "celery 5.3.6",
                            "requires_python": "Python >=3.11", "package_manager": "uv"}},
        ),
        (
            CARGO,
            {"tech_stack": {"clap": "clap 4.5", "axum": "axum 0.7.5",
                            "rust_msrv": "Rust 1.74 (MSRV)"}},
        ),
        ('"dependencies": {\n  "react": "19.0.0-rc-66855b96-20241106"\n}',
         {"tech_stack": {"react": "react 19.0.0-rc"}}),
        (
            PUBSPEC_AND_VERSION,
            {"tech_stack": {"flutter": "Flutter 3.24.3",
                            "flutter_riverpod": "flutter_riverpod 2.5.1"}},
        ),
        (
            GREP_OF_GRADLE,
            {"config": {"minSdk": "24", "targetSdk": "34"}},
        ),
        (
            PLATFORMIO,
            {"config": {"platform": "espressif32@6.7.0", "board": "esp32-s3-devkitc-1",
                        "framework": "arduino"}},
        ),
        (
            TERRAFORM,
            {"tech_stack": {"terraform": "Terraform >=1.8",
                            "terraform_google": "hashicorp/google ~>5.40"},
             "config": {"terraform_state_bucket": "acme-tf-state-prod"}},
        ),
        ("nginx version: nginx/1.24.0\napi.conf", {"tech_stack": {"nginx": "nginx 1.24.0"}}),
        ("go version go1.22.5 linux/amd64", {"tech_stack": {"go": "Go 1.22.5"}}),
        (
            "services:\n  db:\n    image: postgres:16-alpine\n  cache:\n    image: redis:7\n"
            "  app:\n    image: ghcr.io/acme/shop:1.4.2\n    build: .",
            {"tech_stack": {"postgres": "postgres 16", "redis": "redis 7"}},
        ),
        (
            "FROM golang:1.22-alpine AS build\nRUN go build ./...\n"
            "FROM gcr.io/distroless/static:nonroot",
            {"tech_stack": {"go": "golang 1.22"}},
        ),
        ("psql (PostgreSQL) 16.2", {"tech_stack": {"postgres": "PostgreSQL 16.2"}}),
        (
            "$ uv add 'dlt[duckdb,motherduck]>=1.3.0'\nResolved 84 packages in 1.2s\n + dlt==1.3.0",
            {"tech_stack": {"dlt": "dlt 1.3.0"}},
        ),
        ("$ npm install prisma@5.20.0 --save-dev", {"tech_stack": {"prisma": "prisma 5.20.0"}}),
        # a database that lives in the process is the package itself
        ("Resolved 14 packages\n+ duckdb==1.1.3", {"tech_stack": {"duckdb": "duckdb 1.1.3"}}),
        (
            "<parent>\n  <groupId>org.springframework.boot</groupId>\n"
            "  <artifactId>spring-boot-starter-parent</artifactId>\n  <version>3.2.4</version>\n"
            "</parent>\n<dependency>\n  <artifactId>wechatpay-java</artifactId>\n"
            "  <version>0.2.12</version>\n</dependency>",
            {"tech_stack": {"spring_boot": "spring-boot-starter-parent 3.2.4"}},
        ),
        (
            "- Installing hashicorp/google v6.8.0...\n"
            "- Installed hashicorp/google v6.8.0 (signed by HashiCorp)",
            {"tech_stack": {"terraform_google": "hashicorp/google 6.8.0"}},
        ),
        (
            '{\n  "expo": {\n    "ios": { "bundleIdentifier": "com.trailmate.app" }\n  }\n}',
            {"config": {"bundleIdentifier": "com.trailmate.app"}},
        ),
        # Roo Code's and Cline's reads number each line "  3 | "
        (
            "<file><path>go.mod</path>\n<content lines=\"1-6\">\n 1 | module example.com/gw\n"
            " 2 | \n 3 | go 1.22.2\n 4 | \n 5 | require (\n 6 | \tgoogle.golang.org/grpc v1.62.1\n",
            {"tech_stack": {"go": "Go 1.22.2", "grpc": "grpc v1.62.1"},
             "project": {"module": "example.com/gw"}},
        ),
        (" 11 |   postgres:\n 12 |     image: postgres:16.4\n",
         {"tech_stack": {"postgres": "postgres 16.4"}}),
        # what a package manager lists
        ("Name: celery\nVersion: 5.3.6\nSummary: Distributed Task Queue.",
         {"tech_stack": {"celery": "celery 5.3.6"}}),
        ("GEM\n  remote: https://rubygems.org/\n  specs:\n    pg (1.5.6)\n    rails (7.1.3.2)\n",
         {"tech_stack": {"rails": "rails 7.1.3.2"}}),
        ("Gems included by the bundle:\n  * rails (7.1.3.2)\n  * sidekiq (7.2.2)\n",
         {"tech_stack": {"rails": "rails 7.1.3.2", "sidekiq": "sidekiq 7.2.2"}}),
        ("#11 2.190 Unchanged:\n#11 2.190   ecto_sql 3.12.0\n#11 2.190   phoenix 1.7.14\n",
         {"tech_stack": {"phoenix": "phoenix 1.7.14"}}),
        ("apache-airflow==2.8.1\nclickhouse-driver==0.2.6",
         {"tech_stack": {"airflow": "apache-airflow 2.8.1"}}),
        ("ffmpeg version 6.1.1-3ubuntu5 Copyright (c) 2000-2023 the FFmpeg developers",
         {"tech_stack": {"ffmpeg": "ffmpeg 6.1.1"}}),
    ],
)  # fmt: skip
def test_a_build_file_a_tool_printed_gives_the_stack_and_settings_it_states(output, expected):
    assert shows_build_file(output)
    assert facts(output) == expected


@pytest.mark.parametrize(
    "output",
    [
        # tools that serve the stack, and clients of services (whose version is not the
        # server's): nothing of them is the stack
        '"devDependencies": {\n  "eslint": "^9.17.0",\n  "prettier": "^3.4.2"\n}',
        "redis==5.0.1\nstripe==8.4.0\nopenai==1.40.0",
        # a name the lexicon does not know
        '"dependencies": {\n  "left-pad": "^1.3.0"\n}',
        # talk, logs and listings
        "We moved to version 1.2 of the API last week.",
        "PASSED tests/test_api.py::test_create 0.12s\n3 passed in 1.40s",
        "total 8\n-rw-r--r-- 1 dev dev 120 package.json\n-rw-r--r-- 1 dev dev 80 go.mod",
        # a `go` line without a go.mod's `module` line is no Go version
        "go 1.22",
        "",
    ],
)
def test_output_that_states_no_part_of_the_stack_gives_nothing(output):
    assert facts(output) == {}


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_any_output_is_read_without_failing_and_only_when_the_cheap_test_lets_it(text):
    found = facts(text)
    assert isinstance(found, dict)
    if not shows_build_file(text):
        assert found == {}


def test_only_the_head_of_a_long_output_is_read():
    noise = "\n".join(f"line {n}: nothing here" for n in range(MAX_LINES))
    head = GO_MOD_AFTER_LS + "\n" + noise
    assert facts(head + "\n" + noise * 40) == facts(GO_MOD_AFTER_LS)  # found at the top
    tail = noise + "\nmodule example.com/x\ngo 1.22"
    assert facts(tail) == {}  # past the head: a log that happens to end so is not read
