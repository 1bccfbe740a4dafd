"""How an English sentence states a decision: the patterns `decisions` tries, in order.

Each entry is (pattern, states the decision outright, bare "use X" needing a known name). A
pattern captures the choice as `x`; some also capture the `topic` it is for, or the option given
up (`gone`).
"""

from __future__ import annotations

import re

from omp.lazyre import lazy
from omp.rules.lexicon import TECH_ROLES
from omp.rules.signals import RULE_CLAUSE_TEXT

# where an instruction starts: "…, and pin the provider to 5.30", "Let's schedule …"
_INSTRUCTION_LEAD = (
    r"(?i)(?:^|[.;,]\s+|\band\s+)(?:(?:please|also|and|let'?s|we(?:'ll| will| should))\s+)?"
)


# "X it is" ends its clause: "Postgres it is.", "Zustand it is then; …", not "By the way it is
# raining" nor where something is ("Terraform for it is in this repo")
_ENDS_CLAUSE = r"\b(?=\s*(?:[.!,;:)(\u2014\u2013-]|$|then\b))"
# an acknowledgement before the words that choose ("ok,", "yes", "so"), a whole word: not the
# "So" of "Sometimes more" nor the "Yes" of "Yesterday"
_ACK = r"(?:ok(?:ay)?|alright|fine|yeah|yep|yes|right|so|nice|great|good|perfect|cool)\b"


# Decision patterns: (pattern, states the decision outright, bare "use X" needing a known name).
# the verb a decision's head may open with ("Decision: go with Vite", "final decision: switch
# to pnpm instead of npm"): what it takes is what follows
_TAKE = (
    r"(?:(?:go|going)\s+with\s+|switch(?:ing)?\s+to\s+|move\s+to\s+|migrate\s+to\s+|"
    r"stick\s+with\s+|stay\s+(?:on|with)\s+|adopt\s+|use\s+)?"
)


DECISION_EN: tuple[tuple[re.Pattern[str], bool, bool], ...] = (
    # "Decision: X" / "Decided: X" / "Final answer: X" / "Approved: X" / "The call is X"
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright)[,.]?\s+)?(?:here'?s\s+)?(?:the\s+)?"
            r"(?:final\s+)?(?:decisions?|answer|call|verdict|choice|pick|approved|(?:new )?plan|"
            r"approval|(?:our |team |house )?(?:policy|convention|rule))"
            r"(?:\s+(?:made|taken))?"  # "Decision made: we self-host Plausible"
            # "Decision for environments: staging auto-sync, …", "convention for this repo: …":
            # what it is a decision for
            r"(?:\s+(?:for|on|about|in|of)\s+(?:the\s+|our\s+|this\s+)?"
            r"(?P<topic>[\w./ -]{2,30}?))?\s*[:：]\s*"
            r"(?:we(?:'ll| will| are going to|'re going to)?\s+|let'?s\s+)?" + _TAKE + r"(?P<x>.+)"
        ),
        True,
        False,
    ),
    (
        lazy(
            # "ok I've decided: …", "we decided: …": who decided, before the colon
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|right)[,.]?\s*)*"
            r"(?:(?:we|i)(?:'ve| have)?\s+(?:just\s+|finally\s+)?)?decided\s*[:：,]\s*"
            r"(?:we\s+)?" + _TAKE + r"(?P<x>.+)"
        ),
        True,
        False,
    ),
    (
        lazy(
            r"(?i)\bthe (?:final )?(?:call|decision|plan|verdict|winner) is\s+"
            # "the decision is up to the product team", "… is still open": nothing chosen yet
            r"(?!(?:up to|still|not|pending|open|yours|theirs|ours|on hold|tbd|unclear)\b)"
            r"(?:to\s+(?:use|go with|adopt)\s+)?(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "On the cluster we can't run Docker, only Singularity": the one way left is the choice,
    # the one ruled out its alternative
    (
        lazy(
            r"(?i)\b(?:we|you)\s+(?:can'?t|cannot|can not|(?:are|'re)\s+not\s+allowed\s+to|"
            r"aren'?t\s+allowed\s+to)\s+(?:run|use|install)\s+(?P<gone>[^,;.]+?)\s*"
            r"(?:[,;:]|\s+-+|\s*\u2014)\s*(?:so\s+)?(?:only|just)\s+(?:(?:run|use)\s+)?"
            r"(?P<x>[A-Za-z][^,;.]*?)\s*(?:[.;,!]|$)"
        ),
        False,
        True,
    ),
    # "we decided against GraphQL, staying with REST": the one kept, the other given up
    (
        lazy(
            r"(?i)(?:\b(?:we|i|team)(?:'ve| have| had)?\s+|^)(?:finally\s+)?decided\s+against\s+"
            r"(?P<gone>[^,;.]+?)\s*(?:[,;]|\band\b)\s*(?:and\s+)?"
            r"(?:we(?:'re| are|'ll| will)\s+)?(?:stay(?:ing)?\s+(?:with|on)|stick(?:ing)?\s+with|"
            r"keep(?:ing)?|us(?:e|ing)|go(?:ing)?\s+with)\s+(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "we decided to use X" / "we've decided on X" / "I chose X" / "we agreed on X"; said
    # without a subject at the head of a message: "decided to go with Milvus for vectors"
    (
        lazy(
            r"(?i)(?:\b(?:we|team)(?:'ve| have| had)?\s+"
            # with no one named, only a choice: "Decided to go with X" (not "Committed on main")
            r"|^(?:(?:ok(?:ay)?|so|alright)[,.]?\s+)?(?=(?:finally\s+)?(?:decided|chose|picked|opted)\b)"
            # "I decided to take the day off": the person's own doings unless a way is taken
            r"|\bi(?:'ve| have| had)?\s+(?=(?:finally\s+)?(?:chose|chosen|picked)\s|"
            r"(?:finally\s+)?(?:decided|opted|settled)\s+"
            r"(?:to\s+(?:use|go with|adopt|switch to|move to|stick with|stay with|migrate to)"
            r"|on|for)\s))"
            r"(?:finally\s+)?(?:"
            # decided and agreed take what they decide with a word ("we've decided the bug is
            # in the backend" decides nothing); "we chose Postgres" needs none
            r"(?:decided|agreed|settled|committed)"
            # "the team decided last quarter to move everything to AWS": when, then what
            r"(?:\s+(?:last|this|next)\s+(?:week|month|quarter|year|sprint)|\s+yesterday"
            r"|\s+earlier|\s+today|\s+in the end|\s+eventually)?\s+(?!against\b)"
            r"(?=to\b|that\b|we\b|on\b|for\b|upon\b)"
            r"|(?:chose|chosen|picked|opted)\s+)"
            r"(?:(?:to|that we(?:'ll| will)?|we(?:'ll| will)?)\s+"
            r"(?:use|go with|adopt|switch to|move to|stick with|keep|stay with|migrate to|"
            r"build on|standardi[sz]e on)\s+|on\s+|upon\s+|for\s+|to\s+|"
            # "we agreed that all API responses use snake_case": a rule, said whole
            r"that\s+(?=" + RULE_CLAUSE_TEXT + r"))?(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "We decided iOS 15 minimum and Android minSdk 24", "we decided Postgres": what is decided
    # named bare, a known name (not "Team decided the retry budget in standup", "We decided
    # together with ops", nor a clause: "we've decided the bug is in the backend")
    (
        lazy(
            r"(?i)\b(?:we|team)(?:'ve| have| had)?\s+(?:finally\s+)?(?:decided|agreed|settled)\s+"
            r"(?!(?:to|that|we|on|for|upon|against|i|you|he|she|it|they|this|last|next|yesterday|"
            r"today|based|together|with|in|at|after|before|during|early|as|because|not)\b)"
            r"(?![^,.;]{0,40}?(?:\b(?:is|are|was|were|will|would|should|can|could|has|have|had|"
            r"does|did|isn't|aren't)\b|'(?:s|re|ll|d)\b))"
            # or a name with its version: "iOS 15 minimum and Android minSdk 24"
            r"(?:(?P<versioned>(?=[^,.;]{0,40}?\b[A-Za-z][\w.+#-]*\s*v?\d))|)(?P<x>.+)"
        ),
        True,
        True,
    ),
    # "going forward all services use X" / "from now on we use X"
    (
        lazy(
            r"(?i)\b(?:going forward|from now on|moving forward|in future|henceforth)[,]?\s+"
            r"(?:all\s+[\w -]{1,30}?\s+|everything\s+|every\s+\w+\s+|we\s+|everyone\s+)?"
            r"(?:will\s+|should\s+|must\s+)?(?:use|uses|go through|standardi[sz]e on|"
            r"(?:are|is|get|gets|will be|must be|should be)\s+(?:written|built)\s+(?:in|with))\s+"
            r"(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "Going forward, all new endpoints need OpenAPI docs": a rule, said whole
    (
        lazy(
            r"(?i)\b(?:going forward|from now on|moving forward|henceforth)[,]?\s+"
            r"(?=" + RULE_CLAUSE_TEXT + r")(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "Prices are stored in cents as integers from now on": a rule said whole, the time last
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|and)[,.]?\s+)?"
            r"(?P<x>(?!(?:i|you|it|this|that|we)\b)[a-z][\w-]*(?:\s+[\w-]+){0,3}\s+"
            r"(?:are|is|get|gets|must be|should be)\s+(?!done\b|fine\b|ok\b)[^,;.!?]{3,80}?)"
            r"\s*,?\s+"
            r"(?:from now on|going forward|moving forward|henceforth)\s*[.!]?$"
        ),
        True,
        False,
    ),
    # "For auth, Clerk is the one", "Resend is the winner": the one picked
    (
        lazy(
            r"(?i)(?:^|\bfor\s+(?P<topic>[\w -]{2,30}?),\s*)(?:(?:ok(?:ay)?|so|alright)[,.]?\s+)?"
            r"(?P<x>(?-i:[A-Z])[\w.+-]*(?:\s+(?-i:[A-Z0-9])[\w.+-]*)?)\s+is\s+the\s+"
            r"(?:one|winner|pick|way to go)\b(?!\s+(?:that|which|who)\b)"
        ),
        False,
        True,
    ),
    # "Make it Redis, we already run it", "Let's go ahead with Celery then": a known name asked
    # for ("Redis please" is not: as often a question about it as a choice of it)
    (
        lazy(
            r"(?i)^(?:(?:yeah|yes|yep|ok(?:ay)?|sure|alright|then)[,.!]?\s+)*"
            r"(?:let'?s\s+|we(?:'ll| will)\s+)?(?:make\s+it|go\s+ahead\s+with|proceed\s+with)\s+"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Z][\w.+#-]*)?)\s*(?:then\s*)?(?:[,.;!]|$)"
        ),
        False,
        True,
    ),
    # "Vitest over Jest, it's faster": one known name against another, at the head
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|yeah|then)[,.!]?\s+)*(?P<x>[A-Za-z][\w.+#-]*)\s+"
            r"(?:over|instead of|rather than)\s+(?P<gone>[A-Za-z][\w.+#-]*)\s*(?:[,.;!]|$)"
        ),
        False,
        True,
    ),
    # "Deploy to Cloudflare Pages": where it runs, said as what to do
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|then|please|let'?s|we(?:'ll| will))[,.!]?\s+)*"
            r"(?:deploy|host)\s+(?:it\s+|this\s+|everything\s+)?(?:to|on)\s+"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Z][\w.+#-]*)?)\s*(?:[,.;!]|$)"
        ),
        False,
        True,
    ),
    # "Let's not bother with Redux, React Query covers what we need": the one given up, then
    # the one that is enough
    (
        lazy(
            r"(?i)\b(?:let'?s\s+)?(?:not\s+bother\s+with|skip|forget(?:\s+about)?|no\s+need\s+for)\s+"
            r"(?P<gone>[^,;.]{2,40}?)\s*[,;\u2014-]+\s*(?:(?:just|only)\s+)?"
            r"(?P<x>(?:a\s+|an\s+|one\s+)?[A-Za-z][^,;.]{1,50}?)\s+"
            r"(?:covers|handles|does|is enough|will do|is fine|is plenty|already does)\b"
        ),
        False,
        True,
    ),
    # "Nah, polling every 30s is fine, no websockets": what is enough, the other left out
    (
        lazy(
            r"(?i)^(?:(?:nah|no|ok(?:ay)?|fine|yeah)[,.]?\s+)?(?P<x>[a-z][^,;.]{2,40}?)\s+is\s+"
            r"(?:fine|enough|good enough|plenty)\s*[,;\u2014-]+\s*no\s+(?P<gone>[^,;.]{2,30})"
        ),
        False,
        False,
    ),
    # "I'll take the sharded approach: one index per tenant": the way named by its approach
    (
        lazy(
            r"(?i)\b(?:i(?:'ll| will)|we(?:'ll| will)|let'?s)\s+(?:take|go with|do)\s+the\s+"
            r"(?P<x>[\w-]+(?:\s+[\w-]+){0,2}?\s+(?:approach|option|route))\b"
        ),
        False,
        False,
    ),
    # "we'll deploy on Fly.io rather than Heroku", "we'll store uploads in Tigris instead of S3":
    # where or with what, against another
    (
        lazy(
            r"(?i)\b(?:we(?:'ll| will| are going to|'re going to)?|let'?s|i(?:'ll| will))\s+"
            r"(?:deploy|host|run|build|write|ship|store|keep|put|save|send|serve|cache|log)\s+"
            r"(?:it\s+|this\s+|everything\s+|(?:(?:the|our|all)\s+)?[\w-]+\s+)?"
            r"(?:on|to|with|in|into|using)\s+"
            r"(?P<x>[^,;]+?)\s+(?:rather than|instead of)\s+\S"
        ),
        True,
        False,
    ),
    # "after benchmarking, we went with ClickHouse over Druid": a choice already made
    (
        lazy(
            r"(?i)\b(?:we|i|team|they)(?:'ve| have)?\s+(?:(?:went|gone|ended up going) with|"
            r"ended up (?:with|using|choosing|picking))\s+(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "money is always integer cents in this codebase": what a kind of thing always or never
    # is here (a kind, not one thing: "the build is always red in this repo" is a complaint)
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|also|and|btw|fyi)\b[,.]?\s*)*"
            r"(?!(?:the|this|that|these|those|it|our|my|your|ci|builds?|tests?|deploys?)\b)"
            r"(?P<x>[a-z][\w -]{1,30}?\s+(?:is|are)\s+(?:always|never)\s+"
            r"(?!(?:slow|fast|flaky|broken|red|green|failing|down|late|wrong|annoying|confusing|"
            r"messy|empty|null|there|a pain)\b)[^,;.]{2,60}?)"
            r"\s+(?:in|across|for)\s+(?:this|the|our)\s+(?:codebase|repo|repository|project)\b"
        ),
        True,
        False,
    ),
    # "backoff must be exponential: base 2s, …": what a kind of thing must be (not one thing:
    # "the cache must be stale" guesses)
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|also|and|btw|fyi)\b[,.]?\s*)*"
            r"(?!(?:the|this|that|these|those|it|there|he|she|they|we|you|i|something|build|ci|"
            r"tests?)\b)"
            r"(?P<x>[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+must\s+(?:always\s+)?be\s+"
            r"(?!(?:slow|broken|failing|down|wrong|stale|cached|missing|null|empty|off|a bug|"
            r"the)\b)"
            r"[^,;.:?]{2,40}?)\s*(?:[:.;,]|$)"
        ),
        True,
        False,
    ),
    # "TypeScript strict mode is mandatory": a rule for the project, about a known name
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|also|and|btw)[,.]?\s*)*(?P<x>[A-Za-z][\w .+#/-]{2,40}?)\s+"
            r"(?:is|are)\s+(?:mandatory|required everywhere|non-negotiable|compulsory)\b"
        ),
        True,
        True,
    ),
    # "we'll be using pnpm from now on" (not "I'm using X right now": what is, not a choice)
    (
        lazy(r"(?i)\bwe(?:'ll| will| are going to|'re going to) be using\s+(?P<x>.+)"),
        False,
        False,
    ),
    # "REST only.", "Postgres only, no Mongo": a known name, alone
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|yeah|fine)[,.]?\s*)*(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)"
            r"\s+only\s*(?:[.!,;]|$)"
        ),
        True,
        True,
    ),
    # "we'll host docs on GitHub Pages": where a part runs, a known host
    (
        lazy(
            r"(?i)\b(?:we(?:'ll| will| are going to|'re going to)|let'?s)\s+"
            r"(?:deploy|host|run|serve)\s+(?:[\w-]+\s+){0,2}?(?:on|to)\s+(?P<x>(?:"
            + "|".join(re.escape(name) for name in TECH_ROLES["hosting"])
            + r")\b.*)"
        ),
        False,
        True,
    ),
    # "we switched to X" / "we've moved over to X" (a change already made)
    (
        lazy(
            r"(?i)\b(?:we|i|team|they)(?:'ve| have)?\s+(?:switched|moved|migrated|changed|"
            r"converted)\s+(?:(?:everything|it|over)\s+)*to\s+(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "We'll standardise on OpenTelemetry for tracing": a rule for everyone, decided
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will| are going to|'re going to))\s+"
            r"standardi[sz]e on\s+(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "let's scrap the microservices idea and keep it a modular monolith", "fine, we drop the
    # bridge and go with kafka-clients"
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will)?)\s+(?:scrap|drop|ditch|forget(?: about)?|kill|"
            r"abandon)\s+(?:the\s+)?(?P<gone>[^,;.]{2,50}?)(?:\s+(?:idea|plan|approach))?,?\s+"
            r"and\s+(?:just\s+)?(?:keep it(?: as)?|go with|use|stick with|make it|stay with|"
            r"keep)\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "All new code should be typed", "Every endpoint must have a test": a requirement said whole
    (
        lazy(
            r"(?i)^(?:(?:also|and|so|ok(?:ay)?)[,\s]+)?"
            r"(?P<x>(?:all|every|each|no)\s+[\w -]{1,30}?\s+"
            r"(?:must|should|need to|needs to|have to|has to|are required to|is required to)"
            r"\s+[^;.!?]{2,80})"
        ),
        False,
        False,
    ),
    # "We don't use ORMs here, raw SQL only."
    (
        lazy(
            r"(?i)\bwe (?:don'?t|do not|never) use\s+(?P<gone>[^,;.]{2,40}?)(?:\s+here)?\s*[,;]\s*"
            r"(?P<x>[^,;.]{2,40}?)\s+only\b"
        ),
        True,
        False,
    ),
    # "let's not use an ORM for this service; plain SQL with sqlc"
    (
        lazy(
            r"(?i)\b(?:let'?s not|we won'?t|we will not|don'?t)\s+(?:use|go with|add|bring in|"
            r"introduce)\s+(?:an?\s+|the\s+)?(?P<gone>(?:[^;,.]|\.(?=\w)){2,50}?)"
            r"(?:\s+for\s+[^;,.]+)?\s*(?:[;\u2014\u2013]|,\s*(?=just\b|instead\b|rather\b|use\b))"
            r"\s*(?:just\s+|instead\s+|rather\s+)?(?:use\s+|go with\s+)?"
            r"(?P<x>(?!(?:[^;,.]*\s)?(?:is|are|was|were|be|'s)\b)(?:[^;,.]|\.(?=\w)){2,60})"
        ),
        False,
        False,
    ),
    # "let's go with X" / "we'll use X" / "we're moving to X" / "I'm settling on X"
    (
        lazy(
            r"(?i)\b(?:let'?s|let us|we(?:'ll| will| are going to|'re going to| shall)|"
            r"we(?=\s+go\s+with)|we're|we are|i'?m|i am|i(?:'ll| will))\s+"
            r"(?:just\s+|simply\s+|definitely\s+|actually\s+|keep it simple and\s+)?(?:gonna\s+)?"
            r"(?:go(?:ing)? with|use|adopt|switch to|switching to|move to|moving to|stick with|"
            r"stay with|standardi[sz]e on|upgrade to|upgrading to|"
            r"standardi[sz]ing on|settl(?:e|ing) on|migrate to|keep|going to use)\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "it has to be ROUND_HALF_UP": a constraint naming an identifier
    (
        lazy(
            r"\b(?:it|this|that|we|rounding|the \w+)\s+(?:has to|have to|must|needs to)\s+"
            r"(?:be|use)\s+`?(?P<x>[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z][a-z]+[A-Z]\w*)`?"
        ),
        False,
        False,
    ),
    # "we should use Postgres 16 for the orders service, not MySQL" (said by the person)
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|yeah|right|then|i think|honestly)[,.]?\s*)*"
            r"we\s+(?:should|must|need to|have to)\s+(?:just\s+)?"
            r"(?:use|go with|switch to|move to|adopt|stick with|stay with|keep)\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "Schedule the rollup at 02:30 UTC so the FX refresh has slack"
    (
        lazy(
            _INSTRUCTION_LEAD + r"(?P<x>schedule\s+(?:the\s+|it\s+)?(?:[\w.-]+\s+){0,4}?"
            r"(?:at|for|every day at|daily at|nightly at)\s+"
            # "schedule it at 0 3 * * * UTC": a cron expression whole
            r"(?:[`'\"]?(?:[\d*?/,-]+\s+){4,5}[\d*?/,-]*[*?][`'\"]?"
            r"|\d{1,2}(?::\d{2})?\s*(?:am|pm)?)"
            r"(?:\s*(?:utc|gmt|(?-i:[A-Z]{3,4})))?)(?![\w*?/,-])"
        ),
        True,
        False,
    ),
    # "leave the /changelog pages out of the index", "exclude vendor/ from coverage": a part
    # kept out of a whole, as a rule
    (
        lazy(
            _INSTRUCTION_LEAD + r"(?P<x>(?:leave|keep)\s+(?:the\s+|all\s+|any\s+)?"
            r"(?!(?:it|this|that|them|me|you)\b)[\w./`*-]+(?:\s+[\w./`*-]+){0,3}?\s+out\s+of\s+"
            r"(?:the\s+|our\s+|all\s+)?[\w./`-]+(?:\s+(?!entirely|completely|altogether)[\w./`-]+)?"
            r"|exclude\s+(?:the\s+)?[\w./`*-]+(?:\s+[\w./`*-]+){0,3}?\s+from\s+"
            r"(?:the\s+|our\s+|all\s+)?[\w./`-]+(?:\s+(?!entirely|completely|altogether)[\w./`-]+)?)"
            r"(?=\s+(?:entirely|completely|altogether|for good)\b|\s*[,.;!]|\s*$)"
        ),
        False,
        False,
    ),
    # "last-write-wins by updated_at for everything.": one way for every case, said tersely
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|then|fine|no actually|actually)[,.]?\s+)*"
            r"(?P<x>[a-z][\w./-]*(?:-[\w.]+)+(?:\s+(?:by|on|with|per)\s+[\w.`]+)?"
            r"\s+for\s+(?:everything|all of (?:them|it)|every\s+\w+))\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "pin the google provider to ~> 5.30", "pin numpy below 2.0", "pin the runner to
    # ubuntu-24.04": a version fixed on purpose
    (
        lazy(
            _INSTRUCTION_LEAD + r"(?P<x>(?:pin|lock)\s+"
            r"(?:the\s+)?[\w.\-/@]+(?:\s+[\w.\-/@]+){0,2}?\s+(?:to|at|below|under)\s+"
            r"(?:version\s+)?"
            # "pin the runner to ubuntu-24.04": an image named with its version
            r"(?:[a-z][\w]*[-:@])?[~^<>=!]*\s*v?\d[\w.\-*]*)"
        ),
        True,
        False,
    ),
    # "releases via cargo-dist.", "deploys through Argo CD": a concern of the project and the
    # tool it goes through, said tersely as the way it is done
    (
        lazy(
            r"(?i)^(?:(?:and|also|ok(?:ay)?|so)[,]?\s+)?(?P<topic>releases?|deploys?|deployments?|"
            r"builds?|auth(?:entication)?|logging|logs|errors|error tracking|migrations|"
            r"e-?mails?|payments?|secrets|metrics|tracing|feature flags)\s+(?:via|through)\s+"
            r"`?(?P<x>[A-Za-z][\w.+#/@-]*(?:\s+(?-i:[A-Z0-9])[\w.+#/@-]*)?)`?\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "uploads stay in S3, no reason to move them": a part of the project kept where it is, on a
    # known name
    (
        lazy(
            r"(?i)^(?:(?:and|also|ok(?:ay)?|so)[,]?\s+)?(?:the\s+|our\s+)?"
            r"(?P<topic>(?!(?:it|this|that|they|we|i|you|everything)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
            r"\s+(?:stays?|remains?)\s+(?:in|on|with)\s+"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)\s*(?:[,;.!]|$)"
        ),
        False,
        True,
    ),
    # "keep the session store on Redis", "leave authStore as a svelte/store writable though": a
    # part kept where it is, on a known name (what it is kept as may follow: "writable")
    (
        lazy(
            r"(?i)^(?:(?:and|also|ok(?:ay)?|so|no|nah|but|just)[,.!]?\s+)*(?:keep|leave)\s+"
            r"(?:the\s+|our\s+)?"
            r"(?P<topic>(?!(?:it|this|that|them|they|everything|all|one|some)\b)[a-z$][\w$-]*"
            r"(?:\s+[a-z][\w-]*)?)\s+(?:on|as|in|with)\s+(?:an?\s+)?"
            r"(?P<x>[A-Za-z][\w.+#/-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)"
            r"(?:\s+[a-z][\w-]*)?\s*(?:[,;.!]|\s+(?:though|for now)\b|$)"
        ),
        False,
        True,
    ),
    # "lets stay on postgres + pgvector", "we stay on text-embedding-3-small"
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will)?|i(?:'ll| will)?)\s+(?:stay|remain)\s+(?:on|with)\s+"
            r"(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "let's drop the sidekiq-cron idea and use Smart Retries", "Skip DynamoDB then, use S3"
    (
        lazy(
            r"(?i)(?:\blet'?s\s+|^(?:(?:ok(?:ay)?|so|yeah|fine|then)[,.!]?\s*)*)"
            r"(?:drop|ditch|scrap|remove|kill|skip(?=\s+(?-i:[A-Z])[\w.+#/-]*(?:\s+then)?"
            r"(?:\s+and|[,;])))\s+.{1,60}?(?:\s+and|[,;])\s+"
            r"(?:use|go with|switch to|move to|keep|stick with|stay with)\s+(?P<x>.+)"
        ),
        True,  # dropping one thing for another is a choice outright
        False,
    ),
    # "Let's start with SQLite", "We'll start with SQLite and move to Postgres later": the
    # first choice is made now (the later one is not); "let's start with the tests" names no
    # technology, so it is a step of work
    (
        lazy(
            r"(?i)(?:\b(?:let'?s|we(?:'ll| will| are going to|'re going to)|i(?:'ll| will))\s+|"
            r"^(?:(?:ok(?:ay)?|so|then|yeah|fine|alright)[,.!]?\s*)*)"
            r"(?:just\s+)?start\s+(?:out\s+|off\s+)?with\s+(?:plain\s+|a\s+single\s+)?"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*){0,2}(?:\s+v?\d[\w.]*)?)"
            r"(?=\s*(?:[,.;!:\u2014\u2013]|$)|\s+(?:for|and|as|now|first|then|on|in|instead|"
            r"rather|over|because|since|until|while|here|locally|initially)\b)"
        ),
        False,
        True,
    ),
    # "let's do polars with the lazy API", "Let's try DuckDB"; "… for now" is provisional
    (lazy(r"(?i)\blet'?s\s+(?:just\s+)?(?:do|try)\s+(?!.*\bfor now\b)(?P<x>.+)"), False, False),
    # "lets switch framework to espidf", "we'll switch DBT_SVC to key-pair auth"
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will| are going to|'re going to))\s+"
            r"(?:switch|move|change|migrate)\s+(?!back\b|over\b)(?:the\s+|our\s+)?[\w-]+(?:\s+[\w-]+)?"
            r"\s+to\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "we use browser from wxt/browser everywhere"
    (lazy(r"(?i)\bwe(?:'ll| will)?\s+use\s+(?P<x>.+?)\s+everywhere\b"), True, False),
    # "actually lets go graviton everywhere", "let's go serverless across the board": one thing
    # made the way of the whole project
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will| should))\s+go\s+(?!(?:with|back|ahead|for|through|"
            r"over|and|look|check|see|find|fix|search|hunt|dig|read|get|grab|try|ask|test|run|"
            r"clean|hide|play)\b)"
            r"(?P<x>[A-Za-z][\w.+-]*)\s+(?:everywhere|across the board|for everything)\b"
        ),
        False,
        False,
    ),
    # "let's go back to X" / "switch back to X" (after trying something else)
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will)|i(?:'ll| will)|we're|we are)\s+"
            r"(?:go(?:ing)? back to|switch(?:ing)? back to|revert(?:ing)? to|fall(?:ing)? back to)"
            r"\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    (
        lazy(
            # "no, go back to database sessions then": a no to the way the reply is to
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|right|ugh|hmm|actually|no)[,.!]?\s*)*"
            # "revert that, go back to thiserror": the undoing says nothing more
            r"(?:(?:revert|undo|drop|scrap)\s+(?:that|it|this)[,;]?\s+(?:and\s+)?)?"
            r"(?:go back to|switch back to|revert to|fall back to)\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "For exif, use kamadak-exif.", "for the queue: let's use SQS": a part, then what it uses
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|and|also|then|oh)[,]?\s+)*for\s+(?:the\s+|our\s+)?"
            r"(?P<topic>[\w.-]+(?:\s+[\w.-]+){0,2}?)\s*[,:]\s*"
            r"(?:let'?s\s+|we(?:'ll| will| should)\s+|just\s+)?use\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "let's drop CockroachDB for Postgres", "swap Redux for Zustand", "replace Jest with
    # Vitest", "ditch Heroku in favour of Fly.io": one name given up for another
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|and|also|then|actually|hmm|yeah)[,]?\s+)*"
            r"(?:let'?s\s+|we(?:'ll| will| should)\s+|i\s+want\s+to\s+)?(?:just\s+)?"
            r"(?:drop|ditch|dump|swap|trade|replace|switch)\s+(?:out\s+)?(?:the\s+)?"
            r"(?!(?:it|this|that|them|these|those)\b)(?P<gone>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*){0,2})\s+"
            r"(?:for|with|in favou?r of)\s+(?P<x>.+)"
        ),
        True,  # one thing dropped for another is a choice outright
        True,
    ),
    # "events_raw: replica identity full then": a part named, then the way picked for it
    (
        lazy(
            r"(?i)^(?P<topic>[\w.-]{2,30}(?:\s+[\w.-]+){0,2}?)\s*:\s*"
            r"(?P<x>[A-Za-z][\w.+#/ -]{1,40}?)\s+then\s*(?:[,.;!]|$)"
        ),
        False,
        False,
    ),
    # "we have big datasets, so ECharts.": a reason, then the name it leads to, alone
    (
        lazy(
            r"(?i)[,;]\s+(?:so|then|hence|therefore)\s+(?:(?:it'?s|we go with|go with)\s+)?"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*){0,2}(?:\s+v?\d[\w.]*)?)"
            r"(?:\s+it is|\s+then)?\s*[.!]?\s*$"
        ),
        False,
        True,
    ),
    # "X gets my vote" / "ship it with X"
    (
        lazy(
            r"(?i)^(?:ok(?:ay)?[,.!]?\s*|alright[,.!]?\s*)?(?P<x>[\w.+# -]{2,30}?)\s+"
            r"(?:gets my vote|wins|is the winner)\b"
        ),
        False,
        False,
    ),
    (lazy(r"(?i)\bship it with\s+(?P<x>.+)"), False, False),
    # "Inngest fits best", "Inngest fits our use case", "Temporal is the best fit": an offered
    # or known name, judged the one for us
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|yeah|yes|yep|hmm|alright|then|i think|honestly|"
            r"after reading (?:that|this|those))[,.]?\s*)*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*){0,2}(?:\s+v?\d[\w.]*)?)\s+"
            r"(?:(?:really|clearly|definitely)\s+)?"
            r"(?:(?:fits|suits)\s+(?:best|us best|(?:us|our (?:use case|needs|case|requirements|"
            r"workload|stack|team|setup))(?:\s+(?:best|perfectly|well))?|the bill|perfectly|"
            r"what we need)"
            r"|(?:is|looks like|seems like|sounds like)\s+(?:the|a)\s+(?:best|right|perfect|"
            r"clear|obvious)\s+fit(?:\s+for\s+(?:us|our\s+[\w ]{2,30}))?)"
            r"(?:\s*(?:[,.;!:\u2014\u2013]|$)|\s+(?:since|because|as|given)\b)"
        ),
        False,
        True,
    ),
    # "For auth, Clerk.", "For the queue, SQS, not RabbitMQ.": a part, then the name chosen for it
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|then|and|alright|fine|right)[,.!]?\s*)*for\s+(?:the\s+|our\s+)?"
            r"(?!(?:example|instance|now|context|reference|(?:the )?record|the moment|the time|"
            r"starters|once|real|sure|simplicity|comparison|what|me|us|this|that|today|later|"
            r"a (?:while|start|moment)|one)\b)"
            r"(?P<topic>[a-z][\w -]{1,25}?)\s*[,:]\s*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)"
            r"\s*(?:[.!;]|$|,\s*(?=not\b|no\b|since\b|because\b))"
        ),
        False,
        True,
    ),
    # "X is enough" (after turning something down)
    (
        lazy(
            r"(?i)(?:^|[,;]\s*)(?P<x>[\w.+# -]{2,30}?)\s+(?:is|are)\s+(?:enough|good enough|"
            r"sufficient|all we need)\b"
        ),
        False,
        True,
    ),
    # "add a job queue for thumbnails using BullMQ", "write the parser in Rust": work asked
    # for, and the known name it is to be done with
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|now|next|then|also|and|please|pls)[,.!]?\s+)*"
            r"(?:add|build|set ?up|implement|create|write|make|wire up|hook up|rewrite|port|"
            r"put together|scaffold)\s+(?:an?\s+|the\s+|our\s+|some\s+)?(?P<topic>"
            r"[\w-]+(?:\s+[\w-]+){0,5}?)\s+"
            r"(?:using|with|via|on top of|based on|(?P<within>in|on))\s+"
            r"(?P<x>(?-i:[A-Za-z])[\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*)?(?:\s+v?\d[\w.]*)?)"
            r"(?=\s*(?:[,.;!:(]|$)|\s+(?:and|for|"
            r"so|since|because|as|instead|rather|with|behind|in front)\b)"
        ),
        False,
        True,
    ),
    # "Switch the event store to Quillbase", "migrate auth to Zitadel": a part of the system
    # moved onto a name, which the part's noun says is a tool even when no list knows it
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|then|actually|wait|agreed)[,.!]?\s*)*"
            r"(?:let'?s\s+|we(?:'ll| will)\s+|please\s+)?"
            r"(?:switch|move|migrate|port)\s+(?:the\s+|our\s+)?(?P<topic>(?:event |object |"
            r"session |file )?(?:store|storage|queue|search|db|database|cache|auth|authentication|"
            r"ci|backend|frontend|logs|logging|metrics|monitoring|tracing|hosting|deploys|"
            r"deployments|builds|jobs|background jobs|e-?mails?|payments|analytics|cdn|dns|"
            r"secrets|state|styling|tests|testing|orm|broker|scheduler|docs|feature flags|flags|"
            r"registry|images|uploads|assets|sessions|infra|pipeline|tracking|error tracking))\s+"
            r"(?:over\s+|across\s+)?to\s+"
            r"(?P<x>(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*)?(?:\s+v?\d[\w.]*)?)"
            r"(?=\s*(?:[,.;!:(]|$)|\s+(?:and|for|so|since|because|as|instead|rather|now)\b)"
        ),
        False,
        False,
    ),
    # "go with X" / "use X" at the start (an instruction from the person deciding)
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|yep|sure|then|right|actually|wait|"
            r"hmm|no|nah|on second thought|sounds good|great|perfect|cool|agreed|screw it|"
            r"fuck it|forget it|never mind|嗯|好的?|行|那)[,.!，。]?\s*)*"
            r"(?:go with|going with|"
            # "port it to clap derive please": the code moved onto another library
            r"(?:switch(?:ing)?|mov(?:e|ing)|port(?:ing)?)(?: everything| it all| it| us)? to|"
            # "pick a date library" asks for a choice
            r"(?:pick|choose)(?=\s+(?!(?:a|an|one|some|any|something|whichever|whatever)\b))|"
            r"adopt|stick with)\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "no, keep redis", "ok, stay on composer": the one in use kept, a known name
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|yep|sure|then|right|actually|wait|"
            r"hmm|no|nah|on second thought)[,.!]?\s*)*(?:keep|stay on|stay with)\s+"
            # "keep redis as the broker": redis, whatever it is kept as
            r"(?!(?:it|this|that|them|the|a|an|our|my|your)\b)(?P<x>(?:(?!\s+as\s).)+)"
        ),
        False,
        True,
    ),
    # "Vonage is cheaper there, switch to Vonage.": the instruction after its reason (not after
    # a condition: "if it gets slow, switch to Redis")
    (
        lazy(
            r"(?i)^(?:(?![^,;]*\b(?:if|when|unless|once|until|whether|in case)\b)"
            r"[^,;]{3,80}[,;]\s*){1,3}?"
            r"(?:so\s+|then\s+|just\s+|please\s+)?"
            r"(?:go with|switch(?: everything| it| us)? to|move(?: everything| it)? to|"
            # "wait, we have R2 credits, use Cloudflare R2 instead of S3"
            r"stick with|use(?=\s+[^,;]{2,40}?\s+instead of\s))\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "Money is stored as integer cents everywhere, never floats.": how a kind of thing is kept,
    # said as a rule (always, everywhere, never)
    (
        lazy(
            r"(?i)^(?:(?:also|and|so|ok(?:ay)?|btw)[,\s]+)?"
            r"(?P<x>(?!(?:it|this|that|they|which|everything)\b)[a-z][\w -]{1,30}?\s+(?:is|are)\s+"
            r"(?:always\s+)?(?:stored|kept|saved|represented|sent|returned|written|logged|passed)\s+"
            r"(?:as|in)\s+[^,;.!?]{2,40}?"
            r"(?:\s+(?:everywhere|always|across the board|in every \w+)"
            r"|\s*[,;]\s*never\s+[^,;.!?]{2,30}))"
            r"\s*[.!]?$"
        ),
        True,
        False,
    ),
    # "MySQL is out; go Postgres.": "go" and a known name, alone
    (
        lazy(
            r"(?i)(?:^|[,;.]\s*|\blet'?s\s+)(?:(?:so|then|just|ok(?:ay)?)[,]?\s+)?go\s+"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)"
            r"\s*(?:[.!;,]|$|\s+(?:instead|rather|over)\b)"
        ),
        False,
        True,
    ),
    # "My vote is Drizzle over Prisma": the person's pick, a known name
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|well|honestly)[,.]?\s*)*my (?:vote|pick|choice) "
            r"(?:is|goes to|would be)\s+(?P<x>.+)"
        ),
        False,
        True,
    ),
    # "Let's make Postgres the default database": a known name made the standard
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will| should))\s+make\s+"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)\s+"
            r"(?:the|our)\s+(?:default|standard|primary|main)\b"
        ),
        True,
        True,
    ),
    # "On second thought, Vitest — it's faster.", "Actually, Postgres.": a known name, alone,
    # after a change of mind
    (
        lazy(
            r"(?i)^(?:(?:hmm+|ok(?:ay)?|no|nah|wait|hold on)[,.!]?\s*)*"
            r"(?:actually|on second thought|scratch that|scrap that|change of plan|never mind|"
            r"on reflection)[,.!:]?\s*(?:let'?s\s+(?:do|use|go with)\s+|make it\s+)?"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)"
            r"\s*(?:[.!;,\u2014\u2013]|\s-\s|$)"
        ),
        False,
        True,
    ),
    # "never push to main", "always run migrations in a job of their own": a rule the person
    # sets, said whole (not "never mind", "always happy to help")
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|also|and|btw|oh and|one more thing|rule|important|"
            r"convention|policy|note)[,:!]?\s+)*"
            r"(?P<x>(?:never|always)\s+(?!mind\b|been\b|happy\b|fun\b|the same\b)"
            r"[a-z]+\b[^?]{3,100}?)\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "main is protected, never push to main directly": the rule after the state of things
    # that grounds it (not after a condition: "if it is red, always retry" is for a case)
    (
        lazy(
            r"(?i)^(?![^,;]*\b(?:if|when|unless|once|until|whether|i|i'?m|you)\b)"
            r"[^,;?]{0,30}\b(?:is|are)\b[^,;?]{1,30}[,;]\s+"
            r"(?P<x>(?:never|always)\s+(?!mind\b|been\b|happy\b|fun\b|the same\b|\w+ed\b|"
            r"(?:has|have|had|was|were|is|are|did|does|do)\b)"
            r"[a-z]+\b[^?]{3,100}?)\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "conventional commits, enforced by commitlint": a convention a tool is set to check
    (
        lazy(
            r"(?i)^(?:(?:also|and|plus)[,:]?\s+)?"
            r"(?P<x>(?!(?:it|this|that|which|everything)\b)[a-z][\w/-]*(?:\s+[\w/-]+){0,4}?"
            r"\s*,?\s+enforced\s+(?:by|with|via|in)\s+[^?]{2,80}?)\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "branch names: feat/<KEY>-desc, fix/<KEY>-desc": the naming a team sets for its branches
    (
        lazy(
            r"(?i)^(?:(?:also|and|plus)[,:]?\s+)?(?P<topic>(?:branch|tag)(?:es)?\s+"
            r"(?:names?|naming|prefix(?:es)?))\s*(?::|=|are|follow|must be|should be)\s+"
            r"`?(?P<x>[\w<{][^?]{2,100}?)\s*[.!]?$"
        ),
        False,
        False,
    ),
    # 'make it "at least 1 approval" everywhere': a quoted rule made the one for all cases
    (
        lazy(
            r"(?i)\bmake it\s+[\"\u201c'](?P<x>[^\"\u201d'\n]{3,60})[\"\u201d']\s+"
            r"(?:everywhere|across the board|for (?:all|every)(?:thing|\s+\w+)|"
            r"the (?:rule|default))\b"
        ),
        True,
        False,
    ),
    # "no mocking the database", "no retry on POST unless …": a way of working the person rules
    # out, said whole
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|also|and|btw|rule|important)[,:!]?\s+)*"
            r"(?P<x>no\s+(?:[a-z]{4,}ing|retr(?:y|ies)|floats?|raw sql|sql in|"
            r"direct (?:db|database)|force[- ]push(?:es)?|merge commits?|default exports?|"
            r"barrel files?|console\.log|"
            # "no unwrap() outside tests": a call the code may not make
            r"`?[a-z_][\w.:]*\(\)`?(?=\s+(?:outside|in|except|anywhere|ever)\b|\s*[.!]?$))"
            r"(?:\b|(?<=[)`]))[^?]{0,80}?)\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "every PR needs a test", "all timestamps are RFC3339 in UTC": a rule for a whole kind
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|also|and|btw|rule|important)[,:!]?\s+)*"
            r"(?P<x>(?:all|every|each)\s+(?!of\b|the time\b|good\b|set\b|done\b|green\b)"
            r"[\w -]{1,30}?\s+(?:must|should|needs?|has to|have to|requires?|gets?|"
            # "are"/"is" only for a form things take ("all timestamps are RFC3339 in UTC"), not
            # a state or a fact ("all tests are green", "All math is integer")
            r"(?:are|is)(?=\s+(?:stored|kept|named|written|formatted|serialized|sent|returned|"
            r"logged|versioned|prefixed|suffixed|validated|[A-Z][A-Za-z0-9]*\d|[a-z]+_case|"
            r"[a-z]+-case|camelCase|PascalCase|lower ?case|upper ?case|plural|singular|utc|"
            r"int64|bigint|uuids?)\b))\s+"
            r"[^?]{2,100}?)\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "squash merge only", "named exports only": the one way allowed
    (
        lazy(r"(?i)^(?P<x>[a-z][\w-]+(?:\s+[\w-]+){1,3}\s+only)\s*[.!]?$"),
        False,
        False,
    ),
    # "ok you know what, go back to celery", "so back to DO": an earlier option taken again
    (
        lazy(
            # not "back to work", "Back to dbt." (a topic taken up again)
            r"(?i)\b(?:(?:go|going|switch|switching|revert|reverting|move|moving)\s+back|"
            r"\bso\s+back)\s+to\s+(?!(?:work|it|normal|bed|basics|square one|the\s)\b)"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)"
            r"\s*(?:[.!;,]|$|\s+(?:then|it is)\b)"
        ),
        False,
        False,
    ),
    # "actually make it 50MB", "bump it to 60s": a value said alone, of the setting just given
    (
        lazy(
            r"(?i)^(?:(?:actually|ok(?:ay)?|no|nah|wait|then|so|just|hmm+|let'?s)[,.!]?\s+)*"
            r"(?:make|change|set|bump|raise|lower|drop|increase|decrease|reduce|up|cut)\s+"
            r"(?:it|that|this|the limit|the value)\s+(?:to\s+)?"
            r"(?P<x>\d+(?:\.\d+)?\s*(?:[A-Za-z%]{1,7}|/\w+)?)\s*"
            r"(?:instead|then|please|pls)?\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "Change the retention after season end from 30 to 45 days": a setting given its value
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|also|and|then|so|now|please|pls)[,.!]?\s+)*"
            r"(?:change|set|bump|raise|lower|increase|decrease|reduce|cut|drop)\s+"
            r"(?:the\s+|our\s+)?(?P<topic>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,5}?)\s+"
            r"from\s+\d+(?:\.\d+)?\s*(?:[A-Za-z%]{1,7})?\s+to\s+"
            r"(?P<x>\d+(?:\.\d+)?\s*(?:[A-Za-z%]{1,7}|/\w+)?)\s*(?:[.!;,]|$)"
        ),
        False,
        False,
    ),
    # "let's store the images in S3", "we'll keep sessions in Redis": where a thing is kept
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will| should))\s+(?:store|keep|put|save)\s+"
            r"(?:the\s+|our\s+|all\s+(?:the\s+)?)?(?P<topic>[a-z][\w -]{1,30}?)\s+in\s+"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)"
            r"\s*(?:[.!;,]|$|\s+(?:instead|rather|for|because|since|so)\b)"
        ),
        False,
        True,
    ),
    # "hmm actually, switch the queue thing to SQS instead": a known name for a part
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|yep|then|right|actually|wait|hmm|no|"
            r"nah|on second thought)[,.!]?\s*)*"
            r"(?:switch|move|change) (?:the |our )?[\w-]+(?: [\w-]+){0,2}? to\s+(?P<x>.+)"
        ),
        False,
        True,
    ),
    # "letsencrypt，不要 zerossl": one name, the other turned down
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|嗯|好的?|行|那)[,.!，。]?\s*)*(?P<x>[a-z][\w.+#-]{1,30})\s*[，,]\s*"
            r"(?:不要|不用|别用|而不是)\s*[a-z][\w.+#-]{1,30}(?=\s*(?:[，,。.;；!]|$))"
        ),
        True,
        False,
    ),
    # "a SoftDeleteManager + deleted_at timestamp, not a boolean.": a sentence that is only a
    # thing named in code against another
    (
        lazy(
            r"^(?:(?:[Aa]n?|[Tt]he)\s+)?(?!(?i:i|we|you|it|this|that|they)\b)"
            r"(?=[^,;]*?(?:[a-z][A-Z]|[a-z0-9]_[a-z]))"
            r"(?P<x>[A-Za-z][^,;:!?]{2,60}?)\s*,\s*not\s+(?:an?\s+|the\s+)?"
            r"[\w.+#-]{2,30}(?:\s+[\w.+#-]{2,20})?\s*[.!]?$"
        ),
        True,
        False,  # the lookahead asks for a name in code: it need not be a known technology
    ),
    # "ledger is BIGINT minor units everywhere", "timestamps are UTC everywhere": a convention
    # for the whole codebase, said whole
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|and|also|yes|yeah|right)[,.!]?\s+)*"
            r"(?P<x>(?:the\s+|all\s+|our\s+)?(?!(?:it|this|that|which|there|he|she|they)\b)"
            r"[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s+(?:is|are|stays?)\s+"
            r"(?!(?:fine|ok|okay|good|bad|broken|down|slow|fast|wrong|right|done|there|here)\b)"
            # a value as code or a standard writes it ("UTC", "BIGINT", "snake_case", "ISO 8601")
            r"(?=[^,;.!?]*?(?-i:[A-Z]{2}|[a-z][A-Z]|_|\d|`))"
            r"[^,;.!?]{2,40}?\s+everywhere)(?=\s*(?:[,;.!]|$))"
        ),
        True,
        False,
    ),
    # "$app/state switch is fine, keep it.": a change kept
    (
        lazy(
            r"(?i)^(?P<x>[A-Za-z$@.][\w.$@/+-]{1,40}"
            r"(?:\s+(?!(?:switch|change|approach|version|one)\b)[\w.$@/+-]{1,30})?)\s+"
            r"(?:switch|change|approach|version|one)?\s*is fine,?\s+keep (?:it|that|this)\b"
        ),
        True,
        False,
    ),
    # "also turn on nat logging, errors only": a feature turned on
    (
        lazy(
            r"(?i)(?:^|[,;]\s*|\bso\s+)(?:(?:also|and|then|pls|please|ok|so)\s+)*turn on\s+"
            r"(?P<on>(?P<x>(?:the\s+)?[a-z][\w.-]*(?:\s+[a-z][\w.-]*){0,2}))"
            # "turn on TreatWarningsAsErrors in the csproj and fix it": where it is set
            r"(?:\s+in\s+(?:the\s+)?[\w.-]+)?\s*(?=[,.;]|$|\s+and\b)"
        ),
        False,
        False,
    ),
    # "redis, not memcached": a known name against another
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|yeah|yep|hmm)[,.!]?\s*)*(?P<x>[a-z][\w.+#-]{1,30})\s*,\s*"
            r"(?:not|no)\s+[a-z][\w.+#-]{1,30}(?=\s*(?:[,.;!]|$))"
        ),
        True,
        True,
    ),
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|yep|sure|then|right|actually|wait|"
            r"hmm|no|nah|on second thought)[,.!]?\s*)*"
            r"use\s+(?P<x>.+)"
        ),
        False,
        True,
    ),
    # "I'd rather use slog with the JSON handler than pull in zap"
    (
        lazy(
            r"(?i)\b(?:i'?d|we'?d|i would|we would) (?:much )?rather "
            r"(?:use|go with|stick with|keep)\s+(?P<x>.+?)(?=\s+than\b|[,;:.!?]\s|[,;:.!?]?$)"
        ),
        True,  # a choice said against another, not narration ("I'll use grep to …")
        False,
    ),
    # "great, pgvector stays, Pinecone is off the table."
    # "FSDP + bf16 stays.": two joined by "+"
    (
        lazy(r"(?i)(?:^|[,;]\s*)(?P<x>[\w.+#-]{2,30}(?:\s+\+\s+[\w.#-]{2,30})?)\s+stays\b"),
        False,
        True,
    ),
    # "Yep, team.feature in kebab-case, that's the convention."
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|yep|yeah|yes|sure|right|fine|alright)[,.!]?\s*)*"
            r"(?P<x>(?:[^.;!?]|\.(?=\S)){3,60}?)[,;]\s*"
            r"that'?s (?:the convention|settled|final|the plan|the rule|decided)\b"
        ),
        True,
        False,
    ),
    # "ok pin dbt-bigquery 1.8.3": a version pinned
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|yes|yeah|yep|fine|then)[,.!]?\s*)*(?:let'?s\s+|we\s+)?"
            r"pin\s+(?P<x>[\w.+-]+\s*(?:[@=~]=?)?\s*v?\d+(?:\.\d+)+)"
        ),
        False,
        False,
    ),
    # "coturn on hetzner, let's do it": an offered or known name, then the go-ahead
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|yep|yeah|yes|sure|alright|right)[,.!]?\s*)*"
            r"(?P<x>[A-Za-z][\w.+# -]{1,40}?)[,;]\s*let'?s do (?:it|that|this)\b"
        ),
        False,
        True,
    ),
    # "defmt + defmt-rtt, yeah.": a known name, agreed to
    (
        lazy(
            r"(?i)^(?P<x>[A-Za-z][\w.+#-]*(?:\s*\+\s*[A-Za-z][\w.+#-]*)*),?\s+"
            r"(?:yeah|yes|yep|sure|ok(?:ay)?|agreed)\s*(?:[.!,]|$)"
        ),
        False,
        True,
    ),
    # "let's do polars with the lazy API": a known name, done
    (lazy(r"(?i)\blet'?s\s+do\s+(?P<x>[A-Za-z][\w.+# -]{1,40})"), False, True),
    # "Per-record last-write-wins is enough, …": a way named, and said to suffice
    (
        lazy(
            r"^(?i:(?:ok(?:ay)?|yeah|yes|yep|sure|alright|fine|so|then)[,.!]?\s*)*"
            r"(?P<x>(?=[\w .+#-]*[A-Z0-9+#-])[A-Za-z][\w .+#-]{2,40}?)\s+(?:is|are)\s+"
            r"(?:enough|sufficient|good enough|plenty)\b"
        ),
        False,
        False,
    ),
    # "yeah slowapi sounds fine.": a known or offered name, agreed to
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|yeah|yes|yep|sure|alright)[,.!]?\s*)*(?P<x>[\w.+# -]{2,30}?)\s+"
            r"(?:sounds|looks|seems)\s+(?:fine|good|great|right|reasonable|ok(?:ay)?)\b"
        ),
        False,
        True,
    ),
    # "I'm using Facepunch.Steamworks, not Steamworks.NET"
    (
        lazy(
            r"(?i)\b(?:i'?m|we'?re|i am|we are)\s+(?:going with|using)\s+"
            r"(?P<x>[\w.+#-]+(?:\s+[\w.+#-]+)?),?\s+not\s+[\w.+#-]{2,}"
        ),
        False,
        False,
    ),
    # "agreed on the built in retry policy, no new deps."
    (
        lazy(r"(?i)^agreed on (?!(?:both|all|that|this|it)\b)(?P<x>.+)"),
        False,
        False,
    ),
    # "Yep, do that: saveVersion int …", "agreed on both: slim + a buildkit secret."
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|yep|yeah|yes|sure|right|fine|alright)[,.!]?\s*)*"
            r"(?:(?:let'?s\s+)?(?:do|go with) (?:that|this|it)(?: properly| right| this way)?"
            r"|agreed(?: on (?:both|all|that|this))?|ok(?:ay)?|fine|final|decided)"
            r"\s*[:：]\s*(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "let's do it properly with ESP-IDF"
    (
        lazy(r"(?i)\blet'?s\s+do\s+(?:it|this|that)\s+(?:\w+\s+)?(?:with|in|on)\s+(?P<x>.+)"),
        False,
        True,
    ),
    # "Deterministic IDs from file name + start time, good call, I'll do that."
    (
        lazy(
            r"(?i)^(?!(?:thanks|thank|ok|okay|yes|yeah|yep|sure|oh|ah|ha|wow|nice|great)\b)"
            r"(?P<x>[A-Za-z][^,;.!?]{5,60}?),\s*(?:good call|good idea|great idea|nice idea)\b"
        ),
        False,
        False,
    ),
    # "per-field last-write-wins with server timestamps, agreed.": a short way, agreed to
    (
        lazy(r"(?i)^(?P<x>[A-Za-z][\w.+/-]*(?:\s+[\w.+/-]+){0,5}),\s*agreed\W*$"),
        False,
        False,
    ),
    # "X it is": a name ("MPPI it is"), or a known one ("sqlite it is"), or the parts of a
    # layout ("staging/intermediate/marts it is"), not a gift idea; not where something is
    # ("Terraform for it is in this repo")
    (
        lazy(
            r"(?:^|[,;]\s*(?i:so|then)\s+)(?i:" + _ACK + r"[,.!]?\s*)*"
            r"(?P<x>(?=[\w.+# /-]*(?:[A-Z0-9.#-]|\w/\w))[\w.+# /-]{2,30}?)\s+(?i:it is)"
            + _ENDS_CLAUSE
        ),
        False,
        False,
    ),
    (
        lazy(
            r"(?i)(?:^|[,;]\s*(?:(?:so|then)\s+)?)(?:" + _ACK + r"[,.!]?\s*)*"
            r"(?P<x>[\w.+# -]{2,30}?)\s+it is" + _ENDS_CLAUSE
        ),
        False,
        True,
    ),
    # "ok the chunk interval we take 1 day": a setting, and the value taken for it (a number
    # or a name as code writes it, not "we take the train")
    (
        lazy(
            r"(?i)(?:^|[,;]\s*)(?:" + _ACK + r"[,.!]?\s*)*(?:the\s+)?"
            r"(?P<topic>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+we(?:'ll|\s+will)?\s+take\s+"
            r"(?P<x>\d+(?:\.\d+)?\s*[a-z%]{0,8}|[a-z]+_\w+|`[^`]{2,30}`)" + _ENDS_CLAUSE
        ),
        False,
        False,
    ),
    # "Timezone Europe/Berlin via zoneinfo, no pytz.", "use GITHUB_TOKEN, no PATs": a way
    # written as code, set against another that is left out (not "yeah later, not now")
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|yes|yeah|sure|and|also|then|so|fine|right)[,.!]?\s+)*"
            # (a statement opening on a capital or "use": not an answer that says how an option
            # offered is used, "native esp_https_ota with A/B slots, no mcuboot")
            r"(?!(?:no|not|never)\b)(?=use\s|(?-i:[A-Z]))"
            r"(?P<x>(?=[^,;.!?]*(?-i:[A-Z]{2,}\w*|\b\w+[_/]\w+|\b[a-z]+[A-Z]\w*))[^,;.!?]{3,60}?)"
            r",\s+(?:no|not|instead of|rather than)\s+"
            r"(?!(?:thanks|now|yet|urgent|worries|way|idea|rush|problem|need)\b)"
            r"(?P<gone>[A-Za-z][\w.+#-]*)\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "for 2, keep the bundles of the last 3 content builds": the answer to a numbered question
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|yes|yeah|and|also|then|so|right)[,.!]?\s+)*for\s+"
            r"(?:#|no\.?\s*|question\s+|point\s+|item\s+|number\s+)?\d{1,2}\s*[,:]\s+"
            r"(?P<x>(?:keep|use|go with|make|set|put|store|run|take|pick|add|drop|skip|switch to)\b"
            r"[^.;!?]{3,80}?)\s*(?:[.!;]|$)"
        ),
        False,
        False,
    ),
    # "ok FSDP is the way", "Terraform is the way to go.": a name said to be the way taken, not
    # how something works ("this is the way it works") nor a way somewhere ("the way home")
    (
        lazy(
            r"(?:^|[,;]\s*(?i:so|then)\s+)(?i:" + _ACK + r"[,.!]?"
            r"\s*)*(?!(?i:this|that|it|which|there|here|what)\b)"
            r"(?P<x>[A-Za-z][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#/-]*){0,2}?)\s+(?i:is the way)"
            r"(?:\s+(?i:to go|forward))?\s*(?:[,.;!\u2014\u2013]|$)"
        ),
        False,
        True,
    ),
    # "sure, Kafka then.": an agreement naming a known choice, sealed by "then"
    (
        lazy(
            r"(?i)^(?:sure|ok(?:ay)?|fine|alright|right|yes|yeah|yep)[,.!]?\s+"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?"
            # "ok, vitest + testing library + msw then": known names taken together
            r"(?:\s*\+\s*[A-Za-z][\w.#-]*(?:\s+[A-Za-z0-9][\w.#-]*)?)*)\s+then\b"
        ),
        False,
        True,
    ),
    # "yep, TanStack Query.": an agreement and a known name, alone in the message's sentence
    (
        lazy(
            r"(?i)^(?:sure|ok(?:ay)?|yes|yeah|yep|yup)[,.!]?\s+"
            # a second word capitalised, as a name's is ("ok scratch lua" drops one)
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)\s*[.!]*$"
        ),
        False,
        True,
    ),
    # "Ok we take Helm.", "so we go to ECS Fargate": a known name taken, as a team says it
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|then|fine|alright|good)[,.!]?\s+)*(?:(?:so\s+)?not\s+[\w.-]+"
            r"\s*[\u2014\u2013,;-]+\s*)?we(?:'ll| will)?\s+(?:take|go to|go for)\s+(?P<x>.+)"
        ),
        False,
        True,
    ),
    # "Using richzw/appstore then.", "going with Litestream then": a choice, sealed by "then"
    (
        lazy(
            r"^(?i:" + _ACK + r"[,.!]?\s*)*"
            r"(?i:using|going with|sticking with|we'?ll use|we'?ll go with)\s+"
            r"(?P<x>[A-Za-z@][\w.+#/@-]*(?:\s+[A-Za-z0-9][\w.+#/-]*)?)\s+(?i:then)\s*[.!]?$"
        ),
        True,
        False,
    ),
    # "do the singleton + pooler thing", "and yes do the two-tier thing": an approach the
    # assistant laid out, taken by its short name
    (
        lazy(
            r"(?i)^(?:(?:and|ok(?:ay)?|yes|yeah|yep|sure|alright|fine|so|then)[,.!]?\s+)*"
            r"(?:let'?s\s+)?(?:just\s+)?do\s+the\s+"
            r"(?P<x>(?!(?:same|other|whole|first|second|last|right|usual|easy|simple|obvious|"
            r"hard|normal|standard|whatever|old|new|next|rest|boring|quick|full|proper)\b)"
            r"[\w.#/-]+(?:\s*[+&]\s*[\w.#/-]+|\s+[\w.#/-]+)?)\s+thing\b"
        ),
        False,
        False,
    ),
    # "Validate input with zod.", "and send the email through celery": a known tool the
    # person tells the work to be done with, the work its purpose
    (
        lazy(
            r"(?i)^(?:(?:and|also|then|pls|please|ok(?:ay)?|so)[,]?\s+)*"
            r"(?P<topic>(?:validate|store|persist|seriali[sz]e|deseriali[sz]e|send|cache|queue|"
            r"parse|render|schedule|hash|encrypt|track|index|compress|generate|format|"
            r"migrate|emit|publish|enqueue|deploy|release|build|host|log|monitor)"
            r"(?:\s+(?!(?:it|them|this|that|these|those|with|using|via|through|in)\b)[\w.-]+)"
            r"{0,3}?)\s+(?:with|using|via|through|in)\s+(?:the\s+)?"
            # "GitHub Actions": a name of two capitalised words
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*)?)(?![\w.+#-])"
        ),
        False,
        True,
    ),
    # "htmx pls, no react for this": a known name asked for
    (
        lazy(r"(?i)^(?P<x>[A-Za-z][\w.+#-]*)\s+(?:pls|please|plz)\b(?!.*\?)"),
        False,
        True,
    ),
    # "ok using time-driver-tim2.", "yep, going with Litestream": an agreement, then the name
    (
        lazy(
            r"^(?i:(?:ok(?:ay)?|alright|fine|yeah|yep|yes|sure|right)\b[,.!]?\s*)+"
            r"(?i:using|going with|sticking with)\s+"
            r"(?P<x>[A-Za-z@][\w.+#/@-]*(?:\s+v?\d[\w.]*)?)\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "Auth.js v5 with database sessions then.": a name with its version, sealed by "then"
    (
        lazy(
            r"^(?i:" + _ACK + r"[,.!]?\s*)*"
            r"(?!(?i:version|option|plan|approach|step|phase|part|round|number|level|tier|"
            r"page|day|week|month|year|item|point|idea)\b)"
            r"(?P<x>[A-Za-z][\w.+#-]*\s+v?\d+(?:\.\d+)*(?:\s+[\w.+#-]+){0,4}?)"
            r"\s+then\s*(?:[.!]|$)"
        ),
        False,
        False,
    ),
    # "Keycloak then, no Auth0.": a name, then, against another; "Postgres then." a known one
    (
        lazy(
            r"^(?i:" + _ACK + r"[,.!]?\s*)*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s+then\s*[,;]\s*"
            r"(?i:no|not)\s+[A-Za-z]"
        ),
        False,
        False,
    ),
    (
        lazy(
            # "fine — Svelte then, forget preact", "forget preact, Svelte then"
            r"(?i)(?:^|[,;]\s*)(?:" + _ACK + r"\s*[,.!\u2014\u2013]?"
            r"\s*)*(?P<x>[\w.+#-]{2,30}(?:\s+[\w.+#-]+){0,4})"
            # "Blade + Alpine from the CDN then": where the chosen one comes from
            r"(?:\s+(?:from|on|via|in)\s+(?:the\s+)?[\w.+#-]+)?\s+then\s*(?:[.!,;\u2014\u2013]|$)"
        ),
        False,
        True,
    ),
)
