from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omp.sources import Message, SourceError, commit_messages, detect_format, parse, stream

from .helpers import chatgpt_conversation


def _roles(text: str, **kw) -> list[tuple[str, str]]:
    (conversation,) = parse(text, **kw)
    return [(m.role, m.text) for m in conversation.messages]


def test_plain_transcripts_in_english_and_chinese():
    text = (
        "User: We should deploy to Vercel.\nIt is simplest.\n"
        "**Assistant**: Agreed, Vercel it is.\n用户：改用 pnpm\n助手：好的"
    )
    assert detect_format(text) == "text"
    assert _roles(text) == [
        ("user", "We should deploy to Vercel.\nIt is simplest."),
        ("assistant", "Agreed, Vercel it is."),
        ("user", "改用 pnpm"),
        ("assistant", "好的"),
    ]


@pytest.mark.parametrize(
    ("text", "roles"),
    [
        ("Q: scrapy 还是 playwright?\n\nA: Scrapy 就行。\n\nQ: 就 scrapy 吧\nok",
         [("user", "scrapy 还是 playwright?"), ("assistant", "Scrapy 就行。"),
          ("user", "就 scrapy 吧\nok")]),
        ("问：用什么队列？\n答：RabbitMQ。",
         [("user", "用什么队列？"), ("assistant", "RabbitMQ。")]),
        # an "A:" alone, or after a named speaker, is a line of a message
        ("Notes\nA: first option\nB: second option",
         [("user", "Notes\nA: first option\nB: second option")]),
        ("User: pick one\nA: Redis\nQ: why?", [("user", "pick one\nA: Redis\nQ: why?")]),
    ],
)  # fmt: skip
def test_questions_and_answers_are_the_persons_and_the_assistants(text, roles):
    assert _roles(text) == roles


@pytest.mark.parametrize(
    ("text", "roles"),
    [
        ("User: my kubeconfig\n```yaml\nusers:\n- name: ci\n  user:\n    token: x\n```\nwhy?\n"
         "Assistant: it expired.",
         [("user", "my kubeconfig\n```yaml\nusers:\n- name: ci\n  user:\n    token: x\n```\nwhy?"),
          ("assistant", "it expired.")]),
        ("User: show me\nAssistant: ```python\nuser: str = 'x'\n```\nUser: thanks",
         [("user", "show me"), ("assistant", "```python\nuser: str = 'x'\n```"),
          ("user", "thanks")]),
    ],
)  # fmt: skip
def test_a_speaker_inside_a_code_block_is_a_line_of_the_code(text, roles):
    assert _roles(text) == roles


def test_text_without_speakers_is_one_user_message():
    assert _roles("just a note about the deploy") == [("user", "just a note about the deploy")]


def test_generic_chat_json_shapes():
    assert _roles(
        json.dumps(
            {
                "messages": [
                    {"role": "user", "content": "hi there"},
                    {"role": "assistant", "content": [{"type": "text", "text": "hello"}]},
                ]
            }
        )
    ) == [("user", "hi there"), ("assistant", "hello")]
    assert _roles(
        json.dumps(
            {
                "chat_messages": [
                    {"sender": "human", "text": "q"},
                    {"sender": "assistant", "text": "a"},
                ]
            }
        )
    ) == [("user", "q"), ("assistant", "a")]
    with pytest.raises(SourceError, match="no `messages`"):
        parse('{"foo": 1}')


def test_chatgpt_export_follows_the_current_branch():
    def node(i, role, text, parent, children):
        return {
            "id": i,
            "parent": parent,
            "children": children,
            "message": {
                "author": {"role": role},
                "content": {"content_type": "text", "parts": [text]},
            },
        }

    export = [
        {
            "title": "Deploy",
            "current_node": "c2",
            "mapping": {
                "root": {"id": "root", "parent": None, "children": ["u1"], "message": None},
                "u1": node("u1", "user", "use npm?", "root", ["a1"]),
                "a1": node("a1", "assistant", "maybe", "u1", ["c1", "c2"]),
                "c1": node("c1", "user", "rejected branch", "a1", []),
                "c2": node("c2", "user", "use pnpm", "a1", []),
            },
        }
    ]
    text = json.dumps(export)
    assert detect_format(text) == "chatgpt"
    (conversation,) = parse(text)
    assert conversation.title == "Deploy"
    assert [m.text for m in conversation.messages] == ["use npm?", "maybe", "use pnpm"]


def test_claude_code_jsonl_skips_tools_and_meta_and_reports_bad_lines():
    lines = [
        {"type": "summary", "summary": "x"},
        {"type": "user", "message": {"role": "user", "content": "Use Postgres"}},
        {
            "type": "assistant",
            "message": {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "Done."},
                    {"type": "tool_use", "name": "Bash"},
                ],
            },
        },
        {
            "type": "user",
            "message": {"role": "user", "content": [{"type": "tool_result", "content": "ok"}]},
        },
        {"type": "user", "isMeta": True, "message": {"role": "user", "content": "meta"}},
    ]
    text = "\n".join(json.dumps(x) for x in lines) + '\n{"type": "user", "mess'
    assert detect_format(text) == "claude-code"
    (conversation,) = parse(text)
    assert [(m.role, m.text) for m in conversation.messages] == [
        ("user", "Use Postgres"),
        ("assistant", "Done."),
        ("tool", "ok"),  # what the tool printed: nobody's words, kept apart from them
    ]
    assert conversation.warnings == ["line 6: not valid JSON (truncated?); skipped"]


@pytest.mark.parametrize(
    "text",
    [
        "## User\n\nUse Postgres.\n\n## Assistant\n\nPostgres it is.",
        "**User**\nUse Postgres.\n**Assistant**\nPostgres it is.",
        "You said:\nUse Postgres.\nChatGPT said:\nPostgres it is.",
        "# Cache\n_Exported on 5/28/2025 at 10:25 from Cursor (0.50.7)_\n\n---\n\n**User**\n\n"
        "Use Postgres.\n\n---\n\n**Cursor**\n\nPostgres it is.\n",
        "### 👤 User\nUse Postgres.\n### 🤖 Assistant\nPostgres it is.",
        "[USER]\nUse Postgres.\n\n[ASSISTANT]\nPostgres it is.",
        # SpecStory (Cursor): separators, tool sections and folded tool output are no talk
        "_**User (2025-06-01 10:00Z)**_\n\nUse Postgres.\n\n---\n\n"
        "_**Agent (model claude-4-sonnet, mode Agent)**_\n\n_****_\n\n<details>\n"
        "<summary>Listed directory</summary>\nsrc/db/mysql.ts\n</details>\n\n"
        "Postgres it is.\n\n---",
    ],
)
def test_speakers_on_lines_of_their_own_split_a_markdown_transcript(text):
    assert detect_format(text) == "text"
    said = [(role, words) for role, words in _roles(text) if role != "tool"]
    assert said == [("user", "Use Postgres."), ("assistant", "Postgres it is.")]


def test_what_a_transcripts_tool_sections_and_aiders_run_show_is_tool_output():
    specstory = (
        "_**User (2025-06-01 10:00Z)**_\n\nWhich Ktor?\n\n---\n\n"
        "_**Agent (model claude-4-sonnet, mode Agent)**_\n\n<details><summary>Tool use: "
        "**read_file** • Read file: gradle/libs.versions.toml</summary>\n\n```toml\n"
        '[versions]\nktor = "3.0.1"\n```\n\n</details>\n\nKtor 3.0.1 is in the catalog.'
    )
    assert _roles(specstory) == [
        ("user", "Which Ktor?"),
        ("assistant", "Ktor 3.0.1 is in the catalog."),
        ("tool", '```toml\n[versions]\nktor = "3.0.1"\n```'),
    ]
    aider = (
        "\n# aider chat started at 2025-03-02 10:14:55\n\n> Aider v0.82.0\n\n"
        "#### /run uv add duckdb  \n\n> Resolved 14 packages in 412ms  \n"
        "> + duckdb==1.1.3  \n\n#### thanks, now load the events  \n\nDone.\n"
    )
    assert _roles(aider) == [  # Aider's own notices are no output of the person's command
        ("tool", "Resolved 14 packages in 412ms\n+ duckdb==1.1.3"),
        ("user", "thanks, now load the events"),
        ("assistant", "Done."),
    ]


CLAUDE_TERMINAL = """\
╭───────────────────────────────────────────╮
│ ✻ Welcome to Claude Code!                 │
╰───────────────────────────────────────────╯

> /model opus
  ⎿  Set model to opus

> Let's use Redis for the session cache instead of Memcached, we already run
  Redis 7 for the queue.

⏺ I'll switch the session cache to Redis. Let me look at the current setup
  first.
  Read 2 files (ctrl+o to expand)

⏺ Read(src/cache/session.ts)
  ⎿  Read 42 lines (ctrl+r to expand)

⏺ Update Todos
  ⎿  ☐ Replace the Memcached client

⏺ Bash(git status)
  ⎿  On branch main
     Your branch is up to date with 'origin/main'.

⏺ Bash(git commit -m "feat(cache): move the session cache from Memcached to Redis and drop…)
  ⎿  [main 4f2a9c1] feat(cache): move the session cache from Memcached to Redis and drop the ol
     d client
      3 files changed, 40 insertions(+), 31 deletions(-)

⏺ Done. The session cache now uses Redis 7:
  - `src/cache/session.ts` uses ioredis
  - the Memcached client is gone

> great, I prefer small commits
"""


def test_a_claude_code_terminal_transcript_is_split_into_turns_and_commits():
    assert detect_format(CLAUDE_TERMINAL) == "text"
    assert _roles(CLAUDE_TERMINAL) == [
        ("user", "Let's use Redis for the session cache instead of Memcached, we already run "
                 "Redis 7 for the queue."),
        ("assistant", "I'll switch the session cache to Redis. Let me look at the current setup "
                      "first."),
        ("tool", "Read 42 lines (ctrl+r to expand)"),
        ("tool", "☐ Replace the Memcached client"),
        ("tool", "On branch main\nYour branch is up to date with 'origin/main'."),
        ("commit", "[main 4f2a9c1] feat(cache): move the session cache from Memcached to Redis "
                   "and drop the old client"),
        ("assistant", "Done. The session cache now uses Redis 7:\n- `src/cache/session.ts` uses "
                      "ioredis\n- the Memcached client is gone"),
        ("user", "great, I prefer small commits"),
    ]  # fmt: skip


def test_terminal_output_pasted_into_an_ordinary_transcript_keeps_its_speakers():
    text = "User: claude printed this:\n⏺ Bash(npm test)\n  ⎿  3 passed\nAssistant: Tests pass."
    assert _roles(text) == [
        ("user", "claude printed this:\n⏺ Bash(npm test)\n  ⎿  3 passed"),
        ("assistant", "Tests pass."),
    ]


def test_a_terminal_that_draws_answers_with_a_plain_bullet_is_read_too():
    text = CLAUDE_TERMINAL.replace("⏺", "●")
    assert _roles(text) == _roles(CLAUDE_TERMINAL)


def test_notes_with_bullets_are_not_a_terminal_transcript():
    text = "● 用 Postgres 16\n● 部署在 Fly.io\n  两个区域"
    assert _roles(text) == [("user", text)]


def test_quoted_lines_in_an_ordinary_transcript_are_not_prompts():
    text = "User: the error says\n> connection refused\nAssistant: Is Postgres running?"
    assert _roles(text) == [
        ("user", "the error says\n> connection refused"),
        ("assistant", "Is Postgres running?"),
    ]


def test_commits_whose_output_an_agent_transcript_shows_are_messages_of_their_own():
    text = (
        "_**User**_\n\nCommit it.\n\n---\n\n_**Agent (model claude-4-sonnet, mode Agent)**_\n\n"
        '```bash\ngit commit -m "feat(ratelimit): per-user limits via redis_rate"\n```\n\n'
        "```\n[main 6e2b19d] feat(ratelimit): per-user limits via redis_rate\n"
        " 3 files changed, 88 insertions(+)\n```\n\nCommitted."
    )
    assert [(role, said[:20]) for role, said in _roles(text)] == [
        ("user", "Commit it."),
        ("assistant", "```bash\ngit commit -"),
        ("commit", "[main 6e2b19d] feat("),  # with git's line: the sha is the ref
    ]


def test_a_heading_that_is_not_a_speaker_stays_in_the_message():
    text = "User: here is the design doc\n## Model\nan order has lines\n## System\nthree services"
    assert _roles(text) == [
        ("user", "here is the design doc\n## Model\nan order has lines\n## System\nthree services")
    ]


@pytest.mark.parametrize(
    "document",
    [
        {"contents": [{"role": "user", "parts": [{"text": "Use Postgres."}]},
                      {"role": "model", "parts": [{"text": "Postgres it is."}]}]},
        {"messages": [{"author": {"role": "user"}, "content": "Use Postgres."},
                      {"author": {"role": "assistant"}, "content": "Postgres it is."}]},
        [{"type": "human", "data": {"content": "Use Postgres."}},
         {"type": "ai", "data": {"content": "Postgres it is."}}],
        [{"type": "message", "role": "user",
          "content": [{"type": "input_text", "text": "Use Postgres."}]},
         {"type": "function_call", "name": "shell", "arguments": "{}"},
         {"type": "message", "role": "assistant",
          "content": [{"type": "output_text", "text": "Postgres it is."}]}],
    ],
)  # fmt: skip
def test_chat_json_in_the_shapes_of_common_apis(document):
    # Gemini's contents and parts; an author object; LangChain's message dump; OpenAI's
    # Responses items
    assert _roles(json.dumps(document)) == [
        ("user", "Use Postgres."),
        ("assistant", "Postgres it is."),
    ]


def test_a_claude_ai_export_gives_each_conversation_with_its_name():
    def conversation(name: str, *said: tuple[str, str]) -> dict[str, Any]:
        messages = [
            {"sender": who, "text": text, "content": [{"type": "text", "text": text}]}
            for who, text in said
        ]
        return {"uuid": name, "name": name, "chat_messages": messages}

    export = json.dumps(
        [
            conversation("Database", ("human", "Use Postgres."), ("assistant", "Postgres it is.")),
            conversation("Hosting", ("human", "Deploy to Fly.io.")),
            conversation("Empty"),
        ]
    )
    assert detect_format(export) == "chat-json"
    found = [(c.title, [(m.role, m.text) for m in c.messages]) for c in parse(export)]
    assert found == [
        ("Database", [("user", "Use Postgres."), ("assistant", "Postgres it is.")]),
        ("Hosting", [("user", "Deploy to Fly.io.")]),
        ("Empty", []),
    ]


def test_what_chatgpt_hides_from_the_conversation_is_not_read():
    conversation = chatgpt_conversation("Cache", "Use Redis 7.", "Redis 7 it is.")
    hidden = conversation["mapping"]["a"]["message"]
    conversation["mapping"]["a"]["message"] = {
        **hidden,
        "metadata": {"is_visually_hidden_from_conversation": True},
    }
    (found,) = parse(json.dumps([conversation]))
    assert [(m.role, m.text) for m in found.messages] == [("assistant", "Redis 7 it is.")]


def _claude_ai(*said: tuple[str, str | None, str, str], **more: Any) -> dict[str, Any]:
    messages = [
        {"uuid": uuid, "parent_message_uuid": parent, "sender": who, "text": text}
        for uuid, parent, who, text in said
    ]
    return {"uuid": "c", "name": "Cache", "chat_messages": messages, **more}


ROOT = "00000000-0000-4000-8000-000000000000"


@pytest.mark.parametrize("leaf", [{"current_leaf_message_uuid": "a3"}, {}])
def test_a_claude_ai_conversation_follows_the_branch_its_edits_left(leaf):
    conversation = _claude_ai(
        ("u1", ROOT, "human", "We need a cache."),
        ("a1", "u1", "assistant", "Memcached or Redis?"),
        ("u2", "a1", "human", "Use Memcached."),
        ("a2", "u2", "assistant", "Memcached it is."),
        ("u3", "a1", "human", "Use Redis 7."),  # the message, edited
        ("a3", "u3", "assistant", "Redis 7 it is."),
        **leaf,
    )
    (found,) = parse(json.dumps([conversation]))
    assert [m.text for m in found.messages] == [
        "We need a cache.", "Memcached or Redis?", "Use Redis 7.", "Redis 7 it is."
    ]  # fmt: skip
    assert found.warnings == [
        "2 message(s) on a branch the conversation left (edited or regenerated) skipped"
    ]


def test_a_claude_ai_thread_that_breaks_off_is_read_whole():
    conversation = _claude_ai(
        ("u1", "lost", "human", "We need a cache."), ("u2", "u1", "human", "Use Redis 7.")
    )
    (found,) = parse(json.dumps([conversation]))
    assert [m.text for m in found.messages] == ["We need a cache.", "Use Redis 7."]
    assert found.warnings == []


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", "the document is empty"),
        ('{"title": "x"}', "no `messages`, `chat_messages`, `turns` or `contents` list"),
        ('[{"role": "user", "content": "hi"}', "the top-level array is not closed"),
    ],
)
def test_chat_json_that_holds_no_conversation_is_an_error(text, error):
    with pytest.raises(SourceError, match=error):
        parse(text, format="chat-json")


def _turn(uuid: str, parent: str | None, role: str, content: Any, **flags: Any) -> dict[str, Any]:
    """A Claude Code record as the tool writes it: linked to its parent by uuid."""
    return {
        "type": role,
        "uuid": uuid,
        "parentUuid": parent,
        "isSidechain": False,
        "message": {"role": role, "content": content},
        **flags,
    }


def _session(*records: dict[str, Any]) -> str:
    return "\n".join(json.dumps(r) for r in records)


def test_claude_code_follows_the_branch_a_rewind_left_in_place():
    text = _session(
        _turn("u1", None, "user", "Let's add a cache for the pricing API."),
        _turn("a1", "u1", "assistant", "Which store?"),
        _turn("u2", "a1", "user", "Use Memcached."),  # then rewound and edited:
        _turn("a2", "u2", "assistant", "Memcached it is."),
        _turn("u3", "a1", "user", "Use Redis 7."),
        _turn("a3", "u3", "assistant", "Redis 7 it is."),
        {"type": "file-history-snapshot", "messageId": "a3", "snapshot": {}},
    )
    (conversation,) = parse(text)
    assert [(m.role, m.text) for m in conversation.messages] == [
        ("user", "Let's add a cache for the pricing API."),
        ("assistant", "Which store?"),
        ("user", "Use Redis 7."),
        ("assistant", "Redis 7 it is."),
    ]
    assert conversation.warnings == [
        "2 message(s) on a branch the conversation left (rewound or edited) skipped"
    ]


def test_claude_code_reads_across_a_compaction_without_the_models_summary():
    text = _session(
        _turn("u1", None, "user", "We deploy with Fly.io."),
        _turn("a1", "u1", "assistant", "Noted."),
        {"type": "system", "subtype": "compact_boundary", "uuid": "b1", "parentUuid": None,
         "logicalParentUuid": "a1", "content": "Conversation compacted"},
        _turn("s1", "b1", "user", "This session is being continued ... Fly.io ...",
              isCompactSummary=True),
        _turn("u2", "s1", "user", "Now switch the queue to SQS."),
        _turn("a2", "u2", "assistant", "Switched to SQS."),
    )  # fmt: skip
    (conversation,) = parse(text)
    assert [m.text for m in conversation.messages] == [
        "We deploy with Fly.io.",
        "Noted.",
        "Now switch the queue to SQS.",
        "Switched to SQS.",
    ]
    assert conversation.warnings == []


def test_claude_code_leaves_out_subagents_but_keeps_every_commit():
    commit = {"type": "tool_use", "name": "Bash", "input": {"command": "git commit -m 'fix: a'"}}
    text = _session(
        _turn("u1", None, "user", "Fix the flaky test."),
        _turn("t1", "u1", "user", "Search the repo for sleep() calls.", isSidechain=True),
        _turn("t2", "t1", "assistant", "Found three; use MySQL.", isSidechain=True),
        _turn("a1", "u1", "assistant", [{"type": "text", "text": "Fixed."}, commit]),
        _turn("u2", "u1", "user", "Actually, only fix the timeout."),  # a rewind past a1
        _turn("a2", "u2", "assistant", "Timeout fixed."),
    )
    (conversation,) = parse(text)
    assert [(m.role, m.text) for m in conversation.messages] == [
        ("user", "Fix the flaky test."),
        ("commit", "fix: a"),  # made on the left branch: the commit is still in git
        ("user", "Actually, only fix the timeout."),
        ("assistant", "Timeout fixed."),
    ]


def _queued(uuid: str, parent: str, prompt: Any, **attachment: Any) -> dict[str, Any]:
    """A prompt typed while Claude Code worked: an attachment, with no "user" record."""
    return {
        "type": "attachment",
        "uuid": uuid,
        "parentUuid": parent,
        "isSidechain": False,
        "attachment": {"type": "queued_command", "prompt": prompt, "commandMode": "prompt",
                       "origin": {"kind": "human"}, **attachment},
    }  # fmt: skip


def test_claude_code_reads_what_the_person_typed_while_the_agent_worked():
    text = _session(
        {"type": "queue-operation", "operation": "enqueue", "content": "Use Redis 7."},
        _turn("u1", None, "user", "Add a cache for the pricing API."),
        _turn("a1", "u1", "assistant", "Reading the pricing client."),
        _queued("q1", "a1", "Use Redis 7, not Memcached."),
        _queued("q2", "q1", [{"type": "text", "text": "And keep the TTL at 60s."}]),
        _queued("q3", "q2", "Deploy the billing fix.", origin={"kind": "peer"}),
        _queued("q4", "q3", "<task-notification>done</task-notification>",
                commandMode="task-notification"),
        {"type": "attachment", "uuid": "f1", "parentUuid": "q4",
         "attachment": {"type": "todo", "content": []}},
        _turn("a2", "f1", "assistant", "Switched the cache to Redis 7 with a 60s TTL."),
        {"type": "queue-operation", "operation": "remove", "reason": "absorbed_mid_turn"},
    )  # fmt: skip
    (conversation,) = parse(text)
    assert [(m.role, m.text) for m in conversation.messages] == [
        ("user", "Add a cache for the pricing API."),
        ("assistant", "Reading the pricing client."),
        ("user", "Use Redis 7, not Memcached."),
        ("user", "And keep the TTL at 60s."),
        ("assistant", "Switched the cache to Redis 7 with a 60s TTL."),
    ]
    assert conversation.warnings == []


def test_claude_code_keeps_turns_with_no_link_to_the_current_branch():
    text = _session(
        _turn("u1", None, "user", "Use pnpm."),
        _turn("a1", "u1", "assistant", "OK."),
        _turn("c1", None, "user", "<command-name>/clear</command-name>"),
        _turn("u2", "c1", "user", "Now the docs."),
        _turn("a2", "u2", "assistant", "Docs done."),
        _turn("x1", "gone", "user", "A turn whose parent is not in the file."),
    )
    (conversation,) = parse(text)
    assert [m.text for m in conversation.messages] == [
        "Use pnpm.",
        "OK.",
        "Now the docs.",
        "Docs done.",
        "A turn whose parent is not in the file.",
    ]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("<system-reminder>\nThe user opened db.ts in the IDE.\n</system-reminder>", []),
        ("<system-reminder>Todo list is empty.</system-reminder>\nPlease use pnpm here.",
         [("user", "Please use pnpm here.")]),
        ([{"type": "text", "text": "<system-reminder>ctx</system-reminder>"},
          {"type": "text", "text": "Keep the API on Hono."}],
         [("user", "Keep the API on Hono.")]),
        ("<command-name>/model</command-name>\n<command-message>model</command-message>\n"
         "<command-args>opus</command-args>", []),
        ("<local-command-stdout>Set model to opus</local-command-stdout>", []),
        ("[Request interrupted by user for tool use]", []),
        ("<bash-input>git commit -m 'docs: readme'</bash-input>",
         [("commit", "docs: readme")]),
        ("<bash-stdout>[main 1a2b3c4] docs: readme</bash-stdout><bash-stderr></bash-stderr>", []),
        ("<system-reminder>never closed, so it runs to the end", []),
    ],
)  # fmt: skip
def test_what_the_person_did_not_type_is_not_their_message(content, expected):
    assert _roles(json.dumps(_turn("u1", None, "user", content))) == expected


def test_codex_jsonl_both_generations():
    new = [
        {"type": "session_meta", "payload": {"id": "s"}},
        {
            "type": "response_item",
            "payload": {
                "type": "message",
                "role": "user",
                "content": [
                    {"type": "input_text", "text": "<environment_context>cwd</environment_context>"}
                ],
            },
        },
        {
            "type": "response_item",
            "payload": {
                "type": "message",
                "role": "user",
                "content": [{"type": "input_text", "text": "Switch to uv"}],
            },
        },
        {"type": "response_item", "payload": {"type": "reasoning", "summary": []}},
        {
            "type": "response_item",
            "payload": {
                "type": "message",
                "role": "assistant",
                "content": [{"type": "output_text", "text": "Switched."}],
            },
        },
    ]
    text = "\n".join(json.dumps(x) for x in new)
    assert detect_format(text) == "codex"
    assert _roles(text) == [("user", "Switch to uv"), ("assistant", "Switched.")]
    old = json.dumps(
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "hello"}]}
    )
    assert _roles(old, format="codex") == [("user", "hello")]


def test_codex_logs_of_mid_2025_are_told_from_claude_codes_by_their_records():
    # a bare header, `record_type` marks and items without a payload: Codex CLI before 0.2
    header = {"id": "fb48", "timestamp": "2025-06-02T11:20:42Z", "instructions": None,
              "git": {"branch": "main"}}  # fmt: skip
    said = {"type": "message", "role": "user",
            "content": [{"type": "input_text", "text": "use bullmq for the queue"}]}  # fmt: skip
    text = "\n".join(json.dumps(r) for r in (header, {"record_type": "state"}, said))
    assert detect_format(text) == "codex"
    assert _roles(text) == [("user", "use bullmq for the queue")]
    claude = [{"type": "summary", "summary": "x", "leafUuid": "u"},
              {"type": "user", "message": {"role": "user", "content": "use bullmq"}}]  # fmt: skip
    assert detect_format("\n".join(map(json.dumps, claude))) == "claude-code"


def _codex_output(output: str, exit_code: int) -> dict[str, Any]:
    meta = {"output": output, "metadata": {"exit_code": exit_code, "duration_seconds": 0.1}}
    payload = {"type": "function_call_output", "call_id": "c1", "output": json.dumps(meta)}
    return {"type": "response_item", "payload": payload}


def test_what_an_agents_tools_printed_is_kept_apart_and_only_when_asked_for():
    call = {"type": "function_call", "name": "shell", "arguments": '{"command": ["cat", "go.mod"]}'}
    records = [
        _codex_user("Which Go do we build with?"),
        {"type": "response_item", "payload": call},
        _codex_output("module example.com/x\n\ngo 1.22", 0),
        _codex_output("cat: nope.txt: No such file or directory", 1),  # a failed command
    ]
    text = "\n".join(json.dumps(r) for r in records)
    assert _roles(text) == [
        ("user", "Which Go do we build with?"),
        ("tool", "module example.com/x\n\ngo 1.22"),
    ]
    # a stream keeps none unless asked, and then only what its test lets through
    lines = text.splitlines(keepends=True)
    (quiet,) = stream(lines, format="codex")
    assert [m.role for m in quiet.messages] == ["user"]
    (picky,) = stream(lines, format="codex", tools=lambda t: "module" in t)
    assert [m.role for m in picky.messages] == ["user", "tool"]


def _codex_user(*parts: str) -> dict[str, Any]:
    content = [{"type": "input_text", "text": part} for part in parts]
    message = {"type": "message", "role": "user", "content": content}
    return {"type": "response_item", "payload": message}


def test_what_codex_adds_to_the_persons_message_is_left_out():
    agents = "# AGENTS.md instructions for /repo\n\n<INSTRUCTIONS>\nUse MySQL.\n</INSTRUCTIONS>"
    env = "<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>"
    text = _session(
        _codex_user("<recommended_plugins>\nfigma\n</recommended_plugins>", agents, env),
        _codex_user("# AGENTS.md instructions for /repo\n\nUse pytest.", "Why Postgres here?"),
        {"type": "response_item", "payload": {"type": "message", "role": "user",
                                              "content": "# AGENTS.md instructions for /repo"}},
        {"type": "response_item", "payload": {"type": "message", "role": "developer",
                                              "content": "You are Codex."}},
    )  # fmt: skip
    assert _roles(text, format="codex") == [("user", "Why Postgres here?")]


@pytest.mark.parametrize(
    ("command", "messages"),
    [
        ("git add a && git commit -qm 'feat(core): switch KDF to Argon2id' && git log -1",
         ["feat(core): switch KDF to Argon2id"]),
        ('git commit -m "fix: retry" -m "Body line."', ["fix: retry\n\nBody line."]),
        ("git commit -m \"$(cat <<'EOF'\nfix(api): retry on 503\n\nWhy.\nEOF\n)\" && git push",
         ["fix(api): retry on 503\n\nWhy."]),
        ("git commit --amend --no-edit", []),
        ("git status && git diff", []),
        # a separator inside the quoted message is the message's
        ('git add -A && git commit -m "feat: clap derive; add cargo-dist" ; git push',
         ["feat: clap derive; add cargo-dist"]),
        ("git commit -m 'fix: a | b && c' && git log", ["fix: a | b && c"]),
    ],
)  # fmt: skip
def test_the_messages_of_git_commit_commands_are_read(command, messages):
    assert commit_messages(command) == messages


def test_commits_an_agent_makes_in_tool_calls_are_messages_of_their_own():
    claude = {
        "type": "assistant",
        "message": {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Committing."},
                {
                    "type": "tool_use",
                    "name": "Bash",
                    "input": {"command": "git commit -m 'feat: x'"},
                },
            ],
        },
    }
    assert _roles(json.dumps(claude), format="claude-code") == [
        ("assistant", "Committing."),
        ("commit", "feat: x"),
    ]
    call = {"command": ["bash", "-lc", "git commit -qm 'fix: y'"]}
    codex = {
        "type": "response_item",
        "payload": {"type": "function_call", "name": "shell", "arguments": json.dumps(call)},
    }
    assert _roles(json.dumps(codex), format="codex") == [("commit", "fix: y")]
    for argv, said in [  # Codex's arguments without a shell: each one stays one argument
        (["git", "commit", "-m", "feat: a; b"], "feat: a; b"),
        (["git", "commit", "-m", "fix: don't crash", "-m", 'say "why"'],
         "fix: don't crash\n\nsay \"why\""),
    ]:  # fmt: skip
        call = {"command": argv}
        codex["payload"]["arguments"] = json.dumps(call)  # type: ignore[index]
        assert _roles(json.dumps(codex), format="codex") == [("commit", said)]
    odd = [  # malformed tool calls are skipped, never fatal
        {"type": "assistant", "message": "git commit -m 'x: y'"},
        {"type": "assistant", "message": {"content": [{"type": "tool_use", "input": ["x"]}]}},
        {
            "type": "assistant",
            "message": {"content": [{"type": "tool_use", "input": {"command": 3}}]},
        },
    ]
    assert _roles("\n".join(json.dumps(x) for x in odd), format="claude-code") == []
    bad = {"type": "response_item", "payload": {"type": "function_call", "arguments": "{oops"}}
    assert _roles(json.dumps(bad), format="codex") == []


def test_unknown_format_names_are_refused():
    with pytest.raises(SourceError, match="unknown format"):
        parse("x", format="docx")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_parses_without_failing(text):
    try:
        conversations = parse(text)
    except SourceError:
        return  # JSON that holds no conversation is refused with a message
    for c in conversations:
        assert all(isinstance(m, Message) and m.text for m in c.messages)


def _export(n: int) -> list[dict[str, Any]]:
    return [
        chatgpt_conversation(f"chat {i}", f"question {i} ] [ {{", f"answer {i}") for i in range(n)
    ]


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=40), min_size=1, max_size=200))
def test_a_chatgpt_export_streamed_in_any_chunks_reads_like_the_whole_file(cuts):
    text = json.dumps(_export(5), indent=1)
    pieces, pos = [], 0
    for cut in cuts:
        pieces.append(text[pos : pos + cut])
        pos += cut
    pieces.append(text[pos:])

    streamed = [
        (c.title, [(m.role, m.text) for m in c.messages])
        for c in stream(iter(pieces), format="chatgpt")
    ]

    assert streamed == [
        (f"chat {i}", [("user", f"question {i} ] [ {{"), ("assistant", f"answer {i}")])
        for i in range(5)
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (json.dumps(_export(2))[:-40], "ends inside a conversation"),
        (json.dumps(_export(2))[:-1], "array is not closed"),
        ('"just a string"', "expected an array of conversations"),
    ],
)
def test_a_damaged_chatgpt_export_is_refused_with_the_reason(text, message):
    with pytest.raises(SourceError, match=message):
        list(stream(iter([text]), format="chatgpt"))


def test_a_lone_chatgpt_conversation_object_is_read_too():
    (conversation,) = parse(json.dumps(_export(1)[0]), format="chatgpt")
    assert conversation.title == "chat 0"


def test_a_log_starting_with_a_bracketed_timestamp_is_text_not_json():
    log = "[2024-06-11 14:02:11] deploying shop-api\n[2024-06-11 14:03:40] done\n"
    assert detect_format(log) == "text"
    assert detect_format('[\n  {"mapping": {}}\n]') == "chatgpt"


AIDER_HISTORY = """
# aider chat started at 2025-03-02 10:14:55

> /usr/local/bin/aider --model sonnet  
> Aider v0.75.1  

#### we should use Postgres 16 for the orders service, not MySQL.  
#### update docker-compose.yml  

I'll switch the database service to Postgres 16.

```yaml
  db:
    image: postgres:16
#### not a prompt: a comment in the answer's code
```

> Tokens: 4.1k sent, 210 received. Cost: $0.02 message, $0.02 session.  
> Applied edit to docker-compose.yml  
> Commit 3f2a9c1 feat: switch orders db to Postgres 16  

#### /add src/db.py  

> Added src/db.py to the chat  

#### add a bullet pool  

Done.

> Commit 7f3e9a1 perf: add bullet pool  
> You can use /undo to undo and discard each aider commit.  

#### /undo  

> Removed: 7f3e9a1 perf: add bullet pool  

#### /ask why not keep MySQL?  

Postgres has the JSONB support you use.

# aider chat started at 2025-03-03 09:00:01

#### <blank>  

#### from now on we use pnpm, never npm  

Got it.
"""  # noqa: W291 - aider ends its lines with two spaces


def test_an_aider_chat_history_gives_one_conversation_per_session():
    assert detect_format(AIDER_HISTORY) == "aider"
    first, second = parse(AIDER_HISTORY)
    assert (first.format, first.title) == ("aider", "aider chat started at 2025-03-02 10:14:55")
    assert [(m.role, m.text.splitlines()[0]) for m in first.messages] == [
        ("user", "we should use Postgres 16 for the orders service, not MySQL."),
        ("assistant", "I'll switch the database service to Postgres 16."),
        ("commit", "feat: switch orders db to Postgres 16"),
        ("user", "add a bullet pool"),
        ("assistant", "Done."),  # its commit was undone: it is not a change any more
        ("user", "why not keep MySQL?"),  # /ask is a question; /add is no one's words
        ("assistant", "Postgres has the JSONB support you use."),
    ]
    assert next(iter(first.messages)).text.endswith("\nupdate docker-compose.yml")  # one prompt
    assert [(m.role, m.text) for m in second.messages] == [
        ("user", "from now on we use pnpm, never npm"),
        ("assistant", "Got it."),
    ]


def test_a_commit_the_person_runs_in_aider_is_a_commit():
    history = (
        "# aider chat started at 2025-04-07 10:02:33\n\n"
        '#### /run git commit -m "chore: migration for Invoice.deleted_at"  \n\n'
        "> [main 51c07e4] chore: migration for Invoice.deleted_at  \n"
        "> 1 file changed, 18 insertions(+)  \n\n"
        "#### thanks  \n"
    )
    (conversation,) = parse(history)
    assert [(m.role, m.text) for m in conversation.messages] == [
        ("commit", "[main 51c07e4] chore: migration for Invoice.deleted_at"),
        ("user", "thanks"),
    ]


def test_cline_history_keeps_the_words_and_leaves_out_the_editor_and_its_tools():
    """Cline (and Roo Code) keep the API's messages: editor state and tool results in "user"
    turns, thinking and XML tool calls in the model's."""
    said = [
        ("user", ["<task>\nLet's use Redis 7 for the session store.\n</task>",
                  "<environment_details>\n# VSCode Visible Files\nsrc/app.ts\n"
                  "</environment_details>"]),
        ("assistant", ["<thinking>maybe MySQL</thinking>\nI'll add Redis 7.\n\n<write_to_file>\n"
                       "<path>src/session.ts</path>\n<content>\n// we use MySQL\n</content>\n"
                       "</write_to_file>"]),
        ("user", ["[write_to_file for 'src/session.ts'] Result:\nSaved. We decided on MySQL."]),
        ("assistant", ["<execute_command>\n<command>git commit -m 'feat: sessions in Redis 7'"
                       "</command>\n<requires_approval>false</requires_approval>\n"
                       "</execute_command>"]),
        ("assistant", ["<attempt_completion>\n<result>\nSessions are in Redis 7.\n</result>\n"
                       "</attempt_completion>"]),
        ("user", ["[attempt_completion] Result:", "<feedback>\nAlso add a TTL.\n</feedback>"]),
    ]  # fmt: skip
    history = [
        {"role": role, "content": [{"type": "text", "text": t} for t in parts]}
        for role, parts in said
    ]
    (conversation,) = parse(json.dumps(history))
    assert [(m.role, m.text) for m in conversation.messages] == [
        ("user", "Let's use Redis 7 for the session store."),
        ("assistant", "I'll add Redis 7."),
        ("tool", "Saved. We decided on MySQL."),  # printed by a tool: not the person's words
        ("commit", "feat: sessions in Redis 7"),
        ("assistant", "Sessions are in Redis 7."),
        ("user", "Also add a TTL."),
    ]


def test_the_answers_a_roo_code_question_suggests_are_the_list_the_person_picks_from():
    asked = (
        "<ask_followup_question>\n<question>发布到哪里？</question>\n<follow_up>\n"
        '<suggest>只发 GitHub Releases</suggest>\n<suggest mode="code">加 Homebrew tap</suggest>\n'
        "</follow_up>\n</ask_followup_question>"
    )
    history = [
        {"role": "user", "content": [{"type": "text", "text": "<task>\n发版\n</task>"}]},
        {"role": "assistant", "content": [{"type": "text", "text": asked}]},
    ]
    (conversation,) = parse(json.dumps(history))
    assert (
        list(conversation.messages)[-1].text
        == "发布到哪里？\n\n- 只发 GitHub Releases\n- 加 Homebrew tap"
    )


@pytest.mark.parametrize(
    "url",
    ["postgres://admin:FAKEs3cretPassw0rd@db.internal:5432/app",
     "https://deploy:FAKEs3cretPassw0rd@git.example.com/studio/game.git"],
)  # fmt: skip
def test_a_url_the_terminal_cut_anywhere_is_joined_back_for_the_secret_filter(url):
    from omp.sensitive import redact

    for cut in range(1, len(url)):
        wrapped = f"  {url[:cut]}\n  {url[cut:]} is the database."
        text = (
            f"> connect with:\n{wrapped}\n\n⏺ In a block:\n  ```\n{wrapped}\n  ```\n\n"
            f"⏺ Bash(cat .env)\n  ⎿  DATABASE_URL=\n     {url[:cut]}\n     {url[cut:]}\n"
        )
        messages = [redact(m)[0] for _, m in _roles(text)]
        assert len(messages) == 3
        assert not any("Passw0rd" in m or "FAKEs3cr" in m for m in messages), (cut, messages)


@pytest.mark.parametrize(
    "url",
    ["postgres://admin:FAKEs3cretPassw0rd@db.internal:5432/app",
     "https://deploy:FAKEs3cretPassw0rd@git.example.com/studio/game.git"],
)  # fmt: skip
def test_a_url_cut_anywhere_in_a_plain_transcript_is_joined_back_for_the_secret_filter(url):
    from omp.sensitive import redact

    for cut in range(1, len(url)):
        lines = f"{url[:cut]}\n{url[cut:]}"
        text = (
            f"User: connect with:\n{lines} is the database.\n"
            f"Assistant: In a block:\n```\n{lines}\n```\n"
        )
        messages = [redact(m)[0] for _, m in _roles(text)]
        assert len(messages) == 2
        assert not any("Passw0rd" in m or "FAKEs3cr" in m for m in messages), (cut, messages)


@pytest.mark.parametrize(
    "text",
    [
        "Email:\nbob@example.com",
        "The URL is postgres://admin:\nThat's all I have.",
        "see https://example.com/docs\nadmin:hunter22@db.example.com is wrong",
        "key sk-ant-api03-abcdefghijklmnopqrstuvwxyz\nthen run it",
    ],
)
def test_a_plain_transcript_keeps_its_line_breaks_where_no_url_was_cut(text):
    assert _roles(f"User: {text}\nAssistant: ok") == [("user", text), ("assistant", "ok")]


def _in_each_format(said: str) -> dict[str, str]:
    """A conversation whose person said `said` (lines of it), as each format writes it."""
    prompt = "".join(f"#### {line}  \n" for line in said.split("\n"))
    return {
        "aider": f"# aider chat started at 2025-03-02 10:14:55\n\n{prompt}\nOk.\n",
        "chat-json": json.dumps(
            {
                "messages": [
                    {"role": "user", "content": said},
                    {"role": "assistant", "content": "Ok."},
                ]
            }
        ),
        "chatgpt": json.dumps([chatgpt_conversation("db", said, "Ok.")]),
        "claude-code": _session(
            _turn("u1", None, "user", said),
            _turn("a1", "u1", "assistant", [{"type": "text", "text": "Ok."}]),
        ),
        "codex": _session(_codex_user(said)),
    }


_FORMATS = ["aider", "chat-json", "chatgpt", "claude-code", "codex"]


@pytest.mark.parametrize("fmt", _FORMATS)
@pytest.mark.parametrize(
    "url",
    ["postgres://admin:FAKEs3cretPassw0rd@db.internal:5432/app",
     "https://deploy:FAKEs3cretPassw0rd@git.example.com/studio/game.git"],
)  # fmt: skip
def test_a_url_cut_anywhere_in_any_formats_message_is_joined_back_for_the_secret_filter(fmt, url):
    from omp.sensitive import redact

    for cut in range(1, len(url)):
        said = f"connect with:\n{url[:cut]}\n{url[cut:]} is the database."
        (conversation,) = parse(_in_each_format(said)[fmt], format=fmt)
        texts = [redact(m.text)[0] for m in conversation.messages]
        assert texts[0].startswith("connect with:\n"), (cut, texts)
        assert not any("Passw0rd" in t or "FAKEs3cr" in t for t in texts), (cut, texts)


@pytest.mark.parametrize("fmt", _FORMATS)
@pytest.mark.parametrize(
    "said",
    ["The URL is postgres://admin:\nThat's all I have.",
     "see https://example.com/docs\nadmin:hunter22@db.example.com is wrong"],
)  # fmt: skip
def test_a_message_in_any_format_keeps_its_line_breaks_where_no_url_was_cut(fmt, said):
    (conversation,) = parse(_in_each_format(said)[fmt], format=fmt)
    assert next(iter(conversation.messages)) == Message("user", said, 0)


# ---- chats of people named by name (session 49) ---------------------------------------------


def _said(text: str, **kw: Any) -> list[tuple[str, str | None, str]]:
    (conversation,) = parse(text, **kw)
    return [(m.role, m.speaker, m.text) for m in conversation.messages]


@pytest.mark.parametrize(
    "text",
    [
        "张伟: 我们定了用 PostgreSQL\n李娜: 行\n张伟: 那就这样\n李娜：好的",
        "**Li Na**: we use Postgres\n**Tom**: ok\n**Li Na**: done\n**Tom**: fine",
        "[10:32] bob: fixed the login loop\n[10:33] alice: nice\n[10:35] bob: pushed\n"
        "[10:36] alice: ok",
        "2024-05-06 10:32 小王：周五了\n2024-05-06 10:33 Amy: 是\n小王：好\nAmy: ok",
    ],
)
def test_a_chat_of_people_named_by_name_is_split_into_their_messages(text):
    said = _said(text)
    assert len(said) == 4
    assert {role for role, _, _ in said} == {"user"}
    assert len({who for _, who, _ in said}) == 2
    assert all(f"{who}:" not in t and f"{who}：" not in t for _, who, t in said)


@pytest.mark.parametrize(
    "text",
    [
        # labels of notes, commits and logs, not people
        "结论：继续使用 Nginx\n背景：网关要换\n结论：先不动\n背景：没人力",
        "feat: add login\nfix: handle null\nfeat: add export\nfix: typo",
        "Note: the cache is cold\nError: timeout\nNote: retry\nError: again",
        # one name only: a label or a note of one person
        "bob: first\nbob: second\nbob: third",
        # names inside a code block
        "```\nalice: a\nbob: b\nalice: c\nbob: d\n```\nsee above",
    ],
)
def test_labels_and_single_names_are_no_chat_of_people(text):
    assert len(_said(text)) == 1


def test_a_chat_json_whose_authors_are_people_is_read_as_theirs():
    chat = {"messages": [
        {"author": "陈晨", "content": "我觉得还是用回 Redis 吧"},
        {"author": "Kevin Wu", "content": "so are we going back?"},
        {"role": "user", "name": "bob", "content": "yes"},
        {"role": "tool", "content": "exit 0"},
        {"author": {"name": "刘洋"}, "content": "同意"},
    ]}  # fmt: skip
    assert _said(json.dumps(chat, ensure_ascii=False)) == [
        ("user", "陈晨", "我觉得还是用回 Redis 吧"),
        ("user", "Kevin Wu", "so are we going back?"),
        ("user", "bob", "yes"),
        ("user", "刘洋", "同意"),
    ]


def test_a_tools_labelled_lines_are_no_chat_of_people():
    log = (
        "Vercel CLI 39.1.1\n"
        "Inspect: https://vercel.com/acme/tides/9xKq3Tz [2s]\n"
        "Production: https://tides-abc123.vercel.app [2s]\n"
        "Building: Running build in Washington, D.C.\n"
        "Building: Installing dependencies...\n"
        "Inspect: https://vercel.com/acme/tides/8yLq4Ua [1s]\n"
        "Production: https://tides-def456.vercel.app [1s]\n"
        "Aliased: https://tides.example.app [3s]\n"
    )
    from omp.sources import names_speakers

    assert not names_speakers(log)
    assert len(_said(log)) == 1


# ---- chats copied with a header line per message, and Slack's export (session 50) ----------


def _spoken(text: str) -> list[tuple[str | None, str]]:
    (conversation,) = parse(text)
    return [(m.speaker, m.text) for m in conversation.messages]


@pytest.mark.parametrize(
    "text",
    [
        # Feishu / DingTalk / WeChat copied history
        "「订单服务」群聊的聊天记录\n\n王磊 09:58\n早，下午评审方案\n\n李娜 09:59\n收到\n\n"
        "王磊 10:03\n那就定 ShardingSphere\n\n李娜 10:04\n同意",
        # Discord
        "kira — 03/14/2024 8:02 PM\nI want to move CI to GitHub Actions\n"
        "bramble — 03/14/2024 8:03 PM\nnone, do it\nkira — 03/14/2024 8:06 PM\nok\n"
        "bramble — 03/14/2024 8:07 PM\ncool",
        # a GitHub issue's thread
        "Replace moment.js #1847\n\nkdeng commented on Mar 3\nThe bundle is 290 KB.\n\n"
        "jfrost commented on Mar 3\nI'd vote dayjs.\n\nkdeng commented on Mar 4\nok dayjs\n\n"
        "jfrost (Member) commented on Mar 5\nmerged",
    ],
)
def test_a_chat_with_a_name_and_a_time_over_each_message_is_split_by_person(text):
    spoken = _spoken(text)
    people = [who for who, _ in spoken if who]
    assert len(set(people)) == 2
    assert len(people) == 4
    assert all(said and ":" not in said[:6] for _, said in spoken[-4:])


def test_a_slack_export_is_read_as_a_chat_of_people():
    day = [
        {"type": "message", "user": "U01", "text": "so decision: we go with SQS",
         "user_profile": {"real_name": "Marco Rossi"}, "ts": "1717060000.0001"},
        {"type": "message", "subtype": "channel_join", "user": "U02",
         "text": "<@U02> has joined the channel", "ts": "1717060001.0001"},
        {"type": "message", "user": "U02", "text": "+1", "user_name": "lena",
         "ts": "1717060002.0001"},
    ]  # fmt: skip
    (conversation,) = parse(json.dumps(day))
    assert [(m.role, m.speaker, m.text) for m in conversation.messages] == [
        ("user", "Marco Rossi", "so decision: we go with SQS"),
        ("user", "lena", "+1"),
    ]


_QUOTED_CHAT = """# Search migration, saved chat

> We run Elasticsearch 7.17. Upgrade to 8 or move to OpenSearch?
> We are on AWS.

Both work. OpenSearch is Apache 2.0.

```sh
> curl localhost:9200
```

> Let's go with OpenSearch on the managed service.

Good call. Snapshot first, then restore.
"""


def test_a_chat_saved_with_the_persons_turns_quoted_is_split_into_turns():
    said = [(m.role, m.text) for m in parse(_QUOTED_CHAT)[0].messages]
    assert [role for role, _ in said] == ["user", "assistant", "user", "assistant"]
    assert said[0][1].endswith("Upgrade to 8 or move to OpenSearch?\nWe are on AWS.")
    assert "> curl localhost:9200" in said[1][1]  # a prompt in a code block is the answer's
    assert said[2][1] == "Let's go with OpenSearch on the managed service."


@pytest.mark.parametrize(
    "text",
    [
        # a note quoting an error once, or quotes with no answer between them
        "The deploy failed:\n\n> Error: timeout after 30s\n\nI will retry tomorrow.",
        "> first quote\n> second line\n\n> another quote\n\nmy note",
    ],
)
def test_quotes_not_alternating_with_answers_leave_a_text_the_persons(text):
    assert [(m.role, m.text) for m in parse(text)[0].messages] == [("user", text)]


def test_named_speakers_decide_who_says_a_quoted_line():
    text = "User: > quoted\nAssistant: a\nUser: > again\nAssistant: b"
    said = [(m.role, m.text) for m in parse(text)[0].messages]
    assert said == [("user", "> quoted"), ("assistant", "a"), ("user", "> again"),
                    ("assistant", "b")]  # fmt: skip
