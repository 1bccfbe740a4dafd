"""The person (user store): the preferences and ways of working that are theirs."""

from __future__ import annotations

import re
from typing import NamedTuple

from omp.lazyre import lazy
from omp.rules.lexicon import ROLE_OF, alternation
from omp.rules.signals import NEGATED, QUESTION, TENTATIVE
from omp.rules.text import is_chinese

_PERSONAL_EN = lazy(
    # "还有 I prefer …": an English clause after Chinese words
    # ("We squash-merge everything (I prefer squash merges, …)": a clause in brackets)
    r"(?i)(?:^|[,;:]\s+|[，；：]\s*|\s[\u2014\u2013-]+\s+|(?<=[\u4e00-\u9fff])\s+|[(（]\s*)"
    r"(?:(?:also|and|but|btw|fyi|fwiw|personally|for me|for the record|keep in mind|"
    r"one more thing|oh|yeah|yes|so|honestly|please|pls|"
    r"[a-z]+-wise)[,]?\s+)*"
    r"(?:i'?m (?:more of |mostly |mainly |primarily )?an? [\w+#.-]+ "
    r"(?P<who>person|developer|dev|engineer|programmer|guy|girl)\b"
    r"|i(?:'ve| have) been an? [\w+#. -]{1,24}?(?P<who2>dev|developer|engineer|programmer)\b"
    r"|i (?:always|usually|generally|normally|typically|never|only) "
    r"(?!(?:get|got|see|saw|have|had|need|needed|forget|forgot|thought|think|want|wanted|said|"
    r"knew|know|meant|did|was|were|am|care|cared|mind|guess|remember|found|seem)\b)"
    r"(?P<habit>[a-z][a-z-]{1,20})\b"
    r"|i (?P<habit2>run|use|write|test|keep|do|log)\b(?=[^;.]*\b(?:everywhere|everything|"
    r"all the time|every time|in every|always do|for all|for everything|that way|always|"
    # "I run ruff before every commit", "I write all my CLIs with typer these days"
    r"before (?:every|each)|after (?:every|each)|all my|these days)\b)"
    # "Run the tests with nextest, that's what I use locally"
    r"|(?:that'?s|this is) what i (?P<habit8>use|run)\b"
    # "I'm much faster in polars"
    r"|i(?:'?m| am) (?:much |a lot |way |far )?(?P<skill2>faster|quicker|more productive) "
    r"(?:in|with)\b"
    # "please give me package setup steps with SPM only", "please write them pytest-style"
    r"|please (?P<ask4>give me|write (?:them|it|the tests|tests))\b"
    r"(?=[^;.]*(?:\bonly\b|-style\b|\balways\b|from now on))"
    r"|\b(?P<ask2>keep|make)\s+(?:your\s+|the\s+)?(?:answers|replies|responses)\b"
    # "Keep explanations short please", "please keep PRs small", "Small commits please": the
    # size the person wants the assistant's work in
    r"|(?P<ask10>(?:(?<=please )keep|keep(?=[^.;!?]{0,60}\bplease\b)) (?:the |your |all )?"
    r"(?:explanations|commits|prs|pull requests|diffs|changes) (?:short|small|brief|focused|"
    r"minimal|tight))"
    r"|^(?P<ask11>(?:small|short|tiny|focused) (?:commits|prs|pull requests|diffs|explanations)"
    r"(?=[^.;!?]{0,60}\bplease\b|\s+please\b))"
    # "No auto-merge on release PRs, ever.": what is never to happen
    r"|^(?P<ask12>no [\w-]+(?: [\w-]+){0,4},\s*ever)\b"
    r"|(?:that'?s|this is) how i (?:always |usually )?(?P<habit3>run|do|write|work|test)\b"
    r"|i (?P<habit4>code|program|develop) (?:in|with|on)\b"  # "I code in Rider"
    r"|i (?:don'?t|do not|no longer) (?P<habit5>use)\b[^.;]{1,40}\b(?:anymore|any more)\b"
    # "reply in Chinese please", "dont explain basics to me": how the person wants answers
    r"|(?P<ask7>(?:(?:reply|answer|respond)(?: to me| me)?|talk to me|write to me) in "
    r"(?:chinese|english|german|"
    r"french|japanese|spanish|korean)"
    r"|(?:don'?t|dont|do not|no need to) explain (?:the )?basics"
    # "please don't repeat patient data back in your answers or commit messages"
    r"|(?:don'?t|dont|do not|never) (?:repeat|echo|quote|paste|include|put)\b[^.;]{1,40}?"
    r"\b(?:in|into) (?:your |the )?(?:answers|replies|responses|commit messages)"
    # "but keep code comments in English", "write commit messages in English"
    r"|(?:keep|write) (?:the |all |my |your )?(?:code )?(?:comments|commit messages) in "
    r"(?:chinese|english))\b"
    r"|(?:please\s+)?always (?P<ask3>run|use|give|write|test|answer|reply|respond|explain|show|"
    r"ask|include)\b"
    # "Show me the diff before you apply anything": how the person wants the assistant to work
    # "ask me before adding any NuGet package": what the assistant is to check first
    r"|(?P<ask9>ask me|check with me) before (?:adding|installing|changing|deleting|removing|"
    r"pushing|committing|running|upgrading|touching)\b"
    r"|^(?:please\s+)?(?P<ask6>show me|ask me|tell me|check with me|run the tests)\b"
    r"(?=[^.;!?]*\b(?:before you|every time you|whenever you|each time you)\b)"
    # "I'm on macOS with an M2, fish shell": the person's machine
    r"|i(?:'m| am) (?P<setup2>on) (?:an? )?(?:macos|mac|windows(?: \d+)?|linux|ubuntu|arch|fedora|"
    r"debian|wsl2?|nixos)\b"
    # not a report of trouble on it ("I'm on Linux too, same error")
    r"(?![^.;!?]*\b(?:too|also|same|error|bug|issue|crash(?:es|ed)?|fails?|failing|broken)\b)"
    r"|i(?:'d| would)\s+(?:really\s+|much\s+)?(?P<wish>prefer)\b"
    r"|i(?:'?m| am)?\s+(?:(?:really|generally|usually|always|personally|pretty|quite|fairly|"
    r"very|still|kinda|totally|completely|relatively|(?:much |a lot |far )?more)\s+)?"
    r"(?P<verb>prefer|like|love|hate|dislike|don'?t like|do not like|always use|usually use|"
    r"tend to|never use|always want|"
    r"always want|"
    r"can'?t stand|familiar with|comfortable with|experienced (?:with|in)|good at|fluent in|"
    r"picky about|"
    r"new to|an expert in|know .{1,20} well|work best|write|use)\b"
    # "I'd rather avoid alloc entirely": a way of working; not "I'd rather use X" (a choice)
    r"|i(?:'d| would) rather (?:avoid|stay away from|keep away from)\b"
    r"|my (?:preference|habit|style|editor|shell|setup|workflow) is\b"
    r"|personally,? i\b)"
)


_PERSONAL_ZH = lazy(
    r"(?:^|[，,；;。：:])[^，,；;。：:]{0,24}?我(?!们)(?:个人)?"
    r"(?:[\u4e00-\u9fff]{0,8}?|写\s*[A-Za-z][\w+#.-]*(?:\s+[A-Za-z][\w+#.-]*)?\s*)"
    r"(?:比较|一般|通常|平时|一直|更|最|向来|一向)?\s*"
    r"(?P<verb>prefer\b|喜欢|偏好|习惯|讨厌|不喜欢|熟悉|熟(?=[，,。！!]|$)|擅长|会用|常用|用惯了|精通|"
    r"不太熟|不熟|没用过|用不惯)"
    r"|(?:^|[，,；;。：:])[^，,；;。：:]{0,24}?我(?!们)(?:[\u4e00-\u9fff]{0,8}?|写\s*[A-Za-z][\w+#.-]*\s*)"
    r"(?P<habit>(?:一般|通常|平时|一直|向来)都?(?:是|用|这么[写用做]))"
    # "我平时看集群都是 k9s", "我一般排查线上都用 Arthas": the habit, its topic, then 都用
    r"|(?:^|[，,；;。：:])[^，,；;。：:]{0,12}?我(?!们)(?P<habit4>(?:一般|通常|平时|一直|向来)"
    r"[^，,。；;]{1,16}?都(?:是|用)\s*(?=[A-Za-z]))"
    # "我一般周四下午发固件", "我一般只打 dmg", "我一般 deploy 都是周一早上": what the person does
    # as a rule
    r"|(?:^|[，,；;。：:])[^，,；;。：:]{0,12}?我(?!们)(?P<habit7>(?:一般|通常|平时|向来)(?:只|都|会|不)?)"
    r"\s*(?=[\u4e00-\u9fffA-Za-z])(?![^，,。；;]{0,6}[吗呢？?])(?!不太|不清楚|不知道|很忙|比较忙)"
    # a way of working: a name, or a step of the work ("发固件", "打 dmg", "部署")
    r"(?=[^，,。；;]{0,12}?(?:[A-Za-z]|发|部署|上线|打包|打|提交|写|跑|测|装|备份|升级|合并|封版))"
    # "我只写 GDScript，不碰 C#"
    r"|(?:^|[，,；;。：:])[^，,；;。：:]{0,12}?我(?!们)(?P<habit6>只(?:写|用))\s*(?=[A-Za-z])"
    # "我用 Rider 写代码": the tool the person works with
    r"|(?:^|[，,；;。：:])[^，,；;。：:]{0,12}?我(?!们)(?:一直|平时|一般)?用\s*[A-Za-z][\w.+#-]*\s*"
    r"(?P<habit5>写代码|写程序|开发|编程)"
    # "我用 WebStorm，不用 VS Code": the person's editor, and the one not used
    r"|(?:^|[，,；;。：:])我(?!们)(?P<habit8>用)\s*(?=(?i:"
    + alternation(n for n, role in ROLE_OF.items() if role == "editor")
    + r")\s*[，,]\s*(?:不用|不是|没用))"
    # "我不用 pip", "习惯每个项目固定一个 .fvmrc"
    r"|(?:^|[，,；;。：:])我(?!们)(?:一直|从来|平时|现在)?(?P<neg>不用|不使用)\s*(?=[A-Za-z])"
    r"|(?:^|[，,；;])(?P<habit3>习惯)(?=每|用|把|在|先)"
    # "我先看了 pg_stat_statements（习惯了，慢接口第一眼都看这个）"
    r"|[（(](?P<habit9>习惯了)(?=[，,）)])"
    # "我 commit 前一般都会跑一下 ktlintFormat"
    r"|(?:^|[，,；;。：:])我(?!们)[^，,。；;]{0,16}?(?P<habit2>(?:一般|通常|平时|每次|向来)都?[会先]"
    r"|都是先)"  # "我一般都先在小区域上验证", "我都是先写测试再写实现"
    r"|(?:^|[，,；;。：:])我(?:平时)?用的(?P<setup>开发环境|编辑器|IDE|终端|shell|系统|电脑)是"
    # "你回复的时候别每次贴整个类，给我 diff 就行": how the person wants replies, every time
    r"|(?P<ask10>(?:别|不要)每次(?=[^，,。；;]{0,12}[，,]\s*给我))"
    r"|(?P<ask>别再给我|别给我|不要给我|以后给我|以后都给我|给我用|后面给我|之后给我"
    # "都别帮我跑 terraform apply": what the assistant is never to do for the person
    r"|别帮我|不要帮我)"
    # "以后都用中文回复我": the language the person wants answers in
    r"|(?P<ask6>用(?:中文|英文)(?:回复|回答|交流)我?)"
    # "回答简短一点，不要长篇大论": how long the person wants answers
    r"|(?P<ask8>(?:回答|回复|解释)(?:请|都)?(?:简短|简洁|精简|短)一?(?:点|些))"
    # "回答请用中文，代码注释用英文"
    # (not "commit 吧，message 用英文": this one commit's message)
    r"|(?P<ask5>(?:回答我?|回复我?|注释|代码注释|提交信息|commit message)\s*"
    r"(?:请|都|一律|统一)?(?:用|写)?(?:中文|英文)(?![\u4e00-\u9fff]{0,3}(?:名|版|文档|文件)))"
    # "以后涉及日志的改动你 commit 之前都先跑一下 scripts/pii-grep.sh": how the agent is to work
    r"|(?P<ask9>你\s*(?:commit|提交|push|推送)\s*(?:之前|以前|前)(?:都|一律)?(?:先)?"
    r"(?:跑|执行|运行|检查|问))"
    # "我是前端，React 比较熟": the person's trade
    r"|^我是(?:一个|一名)?(?P<who3>前端|后端|全栈|运维|测试|算法|客户端|移动端|嵌入式|数据)"
    r"(?:开发|工程师|程序员)?(?=[，,。；;]|$)"
)


_HOW_I_WORK = lazy(
    r"(?i)\bhow i (?:work|do things|like to work|like (?:my )?(?:answers|replies|responses|"
    r"things done))\s*[:：]\s*\S|我的习惯[是：:，,]"
    # "house style reminder: named exports everywhere"
    r"|\bhouse style(?: reminder| rule)?\s*[:：]\s*\S"
)


_SKILL = lazy(
    r"(?i)familiar|comfortable|experienced|good at|fluent|new to|expert|know"
    r"|熟|擅长|会用|精通|没用过"
)


_UNIVERSAL = lazy(
    r"(?i)^(?:as a rule|in general|generally speaking|rule of thumb)[,:]?\s+"
    r"|^(?:一般来说|原则上|通常来说)[，,]?"
)


class Personal(NamedTuple):
    """Something about the person: a preference or a skill; `scope` PERSONAL or UNIVERSAL."""

    kind: str
    text: str
    scope: str


_PREFERS = lazy(
    r"(?i)\bi (?:really |strongly )?(?:prefer|like|love|always|usually|never)\b"
    # "always run cargo clippy before telling me you're done": how the assistant works with
    # the person; "I keep clippy clean before every commit"
    r"|\bbefore (?:telling|you tell|showing|you show) me\b"
    r"|\bi keep\b[^.;,]{1,30}\bbefore (?:every|each)\b"
    r"|我(?:个人)?(?:比较|一般|通常|平时|一直|更|一向|向来|从来)?(?:喜欢|偏好|习惯)"
    # "我一般都用 pnpm": the person's habit, as "I always use pnpm" is
    r"|我(?:个人)?(?:一般|通常|平时|一直|一向|向来)都?(?:用|使用)(?!户)"
)


# "我们用 pnpm，不要给我 npm install 的命令": what the assistant is to hand the person
_GIVE_ME = lazy(
    r"(?:不要|别再?|以后都?|后面都?)给我[^，,。；;！!？?]{0,24}?(?:命令|写法|代码|配置|例子)"
)


def states_preference(sentence: str) -> bool:
    """Whether a sentence says what the person prefers ("我比较喜欢 … 用 JUnit 5").

    Such a sentence is a personal item, not a choice; so is one that tells the assistant what
    to hand them ("装依赖用 pnpm，不要给我 npm install 的命令").
    """
    return (
        _PREFERS.search(sentence) is not None
        or _HOW_I_WORK.search(sentence) is not None
        or _GIVE_ME.search(sentence) is not None
    )


# "这是我一直的习惯", "that's just my habit": points back at the sentence before, says nothing
_POINTS_BACK = lazy(
    r"(?i)^(?:这|那|这个|那个|这也|这样)(?:是|就是|算是)?我(?:个人)?[\u4e00-\u9fff]{0,6}?"
    r"(?:习惯|偏好|风格|喜好)(?:了|吧|啦)?\W*$"
    r"|^(?:that'?s|this is|it'?s)\s+(?:just\s+)?(?:my|how i)\s+"
    r"(?:habit|preference|style|always done it|like it)\W*$"
)


# "conventional commits like always", "老规矩，commit message 用英文": a habit the person keeps
_AS_ALWAYS = lazy(
    r"(?i)(?:^|[,;]\s*)(?:(?:commit|push|deploy|merge)\s+(?:pls|please)?,?\s*)?"
    r"(?!(?:it|this|that|they|he|she|we|i|the build|the test|the tests)\b)"
    # "release is 2.8.0, goes out thursday … like always": what a thing does, not the person
    r"(?!(?:goes|runs|ships|happens|gets|is|are|was|were|lands|deploys|builds)\b)"
    r"(?P<x>(?![^,;]*\b(?:\w+ed|broke|broken|fail\w*|crash\w*|down|slow)\b)"
    r"[a-z][\w .+#/-]{2,40}?),?\s+"
    r"(?:like always|as always|as usual|like usual|as i always do)\b"
    r"|(?:老规矩|照旧|跟以前一样|和以前一样)[，,:：]\s*(?P<z>[^，。；]{3,40})"
)


def _said_whole(text: str) -> Personal | None:
    """A rule of thumb, a way of working or a habit kept "as always", said by the sentence."""
    if _UNIVERSAL.match(text):
        return Personal("preference", text, "UNIVERSAL")
    if (always := _AS_ALWAYS.search(text)) is not None and not QUESTION.search(text):
        return Personal("preference", (always["x"] or always["z"]).strip(), "PERSONAL")
    if _HOW_I_WORK.search(text):  # "one thing about how I work: I keep all … in …"
        return Personal("preference", text.rstrip("。."), "PERSONAL")
    return None


# the person's own tools: an editor, a shell, a system, a keyboard layout
_OWN_TOOL = lazy(
    r"(?i)\b(?:vs ?code|vim|neovim|nvim|emacs|intellij|pycharm|webstorm|goland|rider|xcode|"
    r"sublime|zed|jetbrains|zsh|fish shell|tmux|iterm2?|macos|windows|wsl|keybindings|dvorak|"
    r"colemak)\b"
)


# a sentence that opens by choosing: what the person likes after it is the reason
_CHOICE_FIRST = lazy(
    r"(?i)^(?:(?:ok(?:ay)?|yes|yeah|alright)[,.]?\s+)?(?:let'?s (?:go with|use|pick|stick with)|"
    r"we'?ll (?:go with|use)|go with|use)\s+\S"
)


_NUMBER_ALONE = lazy(r"\s*\d[\d.]*\s*\w{0,3}\s*[.!]?\s*")


# "btw for future reference: I always …", "fyi i prefer pnpm": words before what is said
_LEAD_IN = lazy(
    r"(?i)^(?:(?:btw|by the way|fyi|also|oh and|and|ps|p\.s\.|for future reference|"
    r"for the record|just so you know|note)[,:;.]?\s+)+"
)
_USES = lazy(r"(?i)\b(?:use|using|write)\b|用")
_THIS_PROJECT = lazy(
    r"(?i)\b(?:on|in|for) (?:this|the|our) (?:project|repo(?:sitory)?|codebase|app)\b"
    r"|(?:这个|本|我们的?)(?:项目|仓库|repo)(?:里|中|上)?"
)


def _mine(text: str, m: re.Match[str], verb: str, said: str, clause: str) -> bool:
    """Whether what a person says they like or use is theirs, not the project's or a reason."""
    if verb in ("like", "love") and m.start() > 0 and _CHOICE_FIRST.match(text):
        return False  # "Let's go with PostHog, I like the session replay": why it was chosen
    if (
        verb in ("write", "use")
        and not re.search(r"(?i)\b(?:always|usually|prefer)\b", text)
        and not _OWN_TOOL.search(clause)
    ):
        return False  # "I use Postgres" is the project's; "I use VS Code with vim keys" mine
    # "I always use yarn 1 on this project": the project's way, not mine
    return not (_THIS_PROJECT.search(said) and _USES.search(said) and not NEGATED.search(said))


# what someone else likes, told by the person: "我老板喜欢用 Excel 看报表", "我同事习惯用
# yarn", "我觉得他更喜欢 tabs", "I know my manager prefers Jira"
_SOMEONE_ELSE = lazy(
    r"我(?:的|们的?)?(?:老板|同事|领导|上司|组长|主管|经理|队友|客户|甲方|产品|设计师?|老婆|老公|"
    r"女朋友|男朋友|朋友|导师|老师|同学|爸|妈)|(?<![其吉])[他她](?!们?的)"
    r"|(?i:\b(?:my|our)\s+(?:boss|manager|lead|tech lead|team ?lead|colleague|co-?worker|"
    r"co-?founder|client|customer|designer|pm|product manager|wife|husband|partner|girlfriend|"
    r"boyfriend|friend|teammates?|team|cto|ceo)\b|\b(?:he|she|they)\s+(?:\w+\s+)?"
    r"(?:prefers?|likes?|loves?|hates?|wants?)\b)"
)


# a wish for this task or this moment, no standing preference: "I'd prefer a PR for this one",
# "I prefer not to deploy today", "for now I prefer the quick fix", "这次我更喜欢先不动数据库"
_ONE_OFF = lazy(
    r"(?i)\bfor this (?:one|task|pr|ticket|change|fix|feature|file|function|release|time|case)\b"
    r"|\b(?:this time|today|tonight|tomorrow|for now|right now|for the moment|for the demo|"
    r"this sprint|this week|this round|in this case)\b"
    r"|这次|这一次|今天|今晚|明天|暂时|眼下|这个(?:需求|任务|PR|功能|版本)"
)


# liking or hating what is at hand is a reaction, not a way of working: "I like this approach,
# go ahead", "I love how clean this looks", "I hate this bug", "我喜欢你这个写法", "我喜欢你刚才
# 那个命名" (not "I like it
# when the tests are fast", "我喜欢这种写法")
_AT_HAND = lazy(
    r"(?i)^(?:this|that|these|those|how|what you|the way (?:you|this|it)|your|it(?!\s+when\b))\b"
    # "我喜欢你刚才那个命名", "喜欢上面那版": what was just said
    r"|^(?:这个|那个|这样|这版|这一版|刚才|刚刚|上面|前面那|"
    r"你(?:刚才|刚刚|上面|之前)?(?:的|这|那|写的|改的|给的|说的))"
)


def _reaction_or_other(m: re.Match[str], verb: str, said: str, clause: str) -> bool:
    """Whether the person's words are a reaction, someone else's way or a wish for now only."""
    if _SOMEONE_ELSE.search(said[m.start() :]) or _ONE_OFF.search(said[m.start() :]):
        return True
    reacting = verb in (
        "like",
        "love",
        "hate",
        "dislike",
        "don't like",
        "dont like",
        "喜欢",
        "不喜欢",
        "讨厌",
    )
    return reacting and _AT_HAND.match(clause.strip()) is not None


def personal(sentence: str) -> Personal | None:
    """A preference or skill of the speaker ("I prefer tabs", "我习惯用 vim").

    Only the clause that says it counts: "我写代码喜欢 early return，能不能顺便开个检查？"
    states a preference and then asks something else.
    """
    text = sentence.strip()
    if _POINTS_BACK.match(text):
        return None
    if (whole := _said_whole(text)) is not None:
        return whole
    m = (_PERSONAL_ZH if is_chinese(sentence) else _PERSONAL_EN).search(text)
    if m is None:
        m = _PERSONAL_EN.search(text) if is_chinese(sentence) else None  # "…：I always write …"
    if m is None:
        return None
    clause = re.split(r"[，,。;；!！]", text[m.end() :], maxsplit=1)[0]
    said = text[: m.end()] + clause
    if re.search(r"[?？]\s*$", clause) or QUESTION.match(text[m.start() :].lstrip(",;:，： ")):
        return None
    # "always use 100": a number alone says nothing without the sentence before
    if TENTATIVE.search(said) or _NUMBER_ALONE.fullmatch(clause):
        return None
    verb = (m.groupdict().get("verb") or "").lower()
    if not _mine(text, m, verb, said, clause) or _reaction_or_other(m, verb, said, clause):
        return None
    if any(m.groupdict().get(g) for g in ("who", "who2", "who3", "skill2")):
        verb = "know"  # "I'm a backend dev", "I'm much faster in polars": what the person knows
    kind = "skill" if _SKILL.search(verb or sentence) else "preference"
    return Personal(kind, _LEAD_IN.sub("", text).rstrip("。."), "PERSONAL")


# where a clause ends: "，", "；", "：", brackets, a dash between spaces
_CLAUSE_END = lazy(r"[，,；;：:（）()]|\s[\u2014\u2013-]\s")


def own_way_part(sentence: str) -> str:
    """The part of a sentence from the first clause that tells the person's own way on.

    "我们是 python 3.11，依赖我习惯用 uv 管" tells the project's Python, then the person's
    habit ("依赖我习惯用 uv 管"); "跟你说下我的习惯，我们组一律用 pnpm" the habit after its
    lead-in. A habit told in brackets ends with them ("是 Flutter 写的（我用 FVM 管版本），包名
    …"). Empty when no clause alone tells it.
    """
    starts = [0, *(m.end() for m in _CLAUSE_END.finditer(sentence))]
    for start, end in zip(starts, [*starts[1:], len(sentence)], strict=True):
        if personal(sentence[start:end]) is not None:
            closed = re.search(r"[）)]", sentence[start:])
            return sentence[start : start + closed.start()] if closed else sentence[start:]
    return ""
