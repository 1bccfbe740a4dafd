"""From what happened to what to remember: candidates, filters and routing (pure, no I/O).

`omp.ingest` reads the sources and writes the outcome; everything between is here:

    messages / commits / deploy events → candidates → sensitive → ROT (trivial, redundant,
    obsolete) → confidence → scope → route (stored / review / dropped / user)

Each candidate carries its target (decisions, changelog, project, sessions, user), the entry
to write, scope, confidence, the reason it was proposed and where it came from. A decision
changed later in the same conversation keeps only the final choice, with the abandoned one
as an alternative.

One module per source and one for what they share, imports pointing down: `candidates`,
`commits`, `deploys` (a conversation may hold a deploy's output), `artifacts` (the commits,
deploys and build files a session made or showed beside its talk), `stated` (the project facts
one statement of a conversation gives), `offers` (the options on the table, which a reply picks
from), `revised` (what later choices undo among the facts a conversation stated), `ledger`
(the decisions a conversation made, confirmed, reversed or turned down, and the work it asked
to undo), `conversations`, `routing` (tested). This module gathers what `omp.ingest` and
`omp.manifest` call.
"""

from __future__ import annotations

from omp.extract.artifacts import AGENT_COMMIT_CONF, TOOL_FACT_CONF
from omp.extract.candidates import (
    ACTIONS,
    CHOICE_FIELDS,
    IN_FORCE,
    SWITCHED_FIELDS,
    TARGETS,
    Batch,
    Candidate,
    Redaction,
    Stored,
    StoredMemory,
    flatten,
    plain_text,
    redact_text,
    text_of,
    title_head,
)
from omp.extract.commits import drop_reverted, from_commit
from omp.extract.conversations import (
    ACCEPTED_CONF,
    ADOPTED_CONF,
    OPENING_CHOICE_CONF,
    PROPOSAL_CONF,
    RECAP_CONF,
    SIDE_CHOICE_CONF,
    TENTATIVE_CONF,
    from_conversation,
    reads_tool_output,
)
from omp.extract.deploys import from_deploy, from_deploys, from_shown_commits
from omp.extract.routing import settle
from omp.extract.stated import AGENT_STACK_CONF, NAMED_ADDRESS_CONF, VERSION_CONF

__all__ = [
    "ACCEPTED_CONF",
    "ACTIONS",
    "ADOPTED_CONF",
    "AGENT_COMMIT_CONF",
    "AGENT_STACK_CONF",
    "CHOICE_FIELDS",
    "IN_FORCE",
    "NAMED_ADDRESS_CONF",
    "OPENING_CHOICE_CONF",
    "PROPOSAL_CONF",
    "RECAP_CONF",
    "SIDE_CHOICE_CONF",
    "SWITCHED_FIELDS",
    "TARGETS",
    "TENTATIVE_CONF",
    "TOOL_FACT_CONF",
    "VERSION_CONF",
    "Batch",
    "Candidate",
    "Redaction",
    "Stored",
    "StoredMemory",
    "drop_reverted",
    "flatten",
    "from_commit",
    "from_conversation",
    "from_deploy",
    "from_deploys",
    "from_shown_commits",
    "plain_text",
    "reads_tool_output",
    "redact_text",
    "settle",
    "text_of",
    "title_head",
]
