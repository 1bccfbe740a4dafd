"""Find credentials and personal data in text so they never reach memory.

The writer refuses data in which `find_secrets` finds anything; extraction uses `redact` to
replace what it finds before anything is stored, reporting each redaction by kind and place
only. Names of variables (`VERCEL_TOKEN`) are kept, their values never.

Credential patterns are written here (the maintained detector libraries either stopped
releasing or need models); the checksums of Chinese resident ID numbers and of card numbers
come from python-stdnum, imported only when a long run of digits is present.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from omp.lazyre import ignorecase_fold, lazy

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping


class Match(NamedTuple):
    """A sensitive value at text[start:end] (the value only, never the name before it)."""

    kind: str
    start: int
    end: int


class Finding(NamedTuple):
    """Something sensitive found at `path` (a JSON path into the data); no value is kept."""

    kind: str
    path: str


# Word boundaries are ASCII ones: `\b` finds none between CJK text and a key written right
# after it ("测试key是sk-…"), since CJK characters are word characters to `re`
_B = r"(?<![A-Za-z0-9_])"
_E = r"(?![A-Za-z0-9_])"

# (kind, pattern, group holding the value: 0 for the whole match, -1 for whichever matched)
_CREDENTIALS: tuple[tuple[str, re.Pattern[str], int], ...] = (
    (
        "private key",
        lazy(
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
            r"(?:[\s\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|[\s\S]*)"
        ),
        0,
    ),
    ("OpenAI/Anthropic API key", lazy(_B + r"sk-(?:ant-|proj-|live-)?[A-Za-z0-9_\-]{20,}"), 0),
    ("AWS access key id", lazy(_B + r"(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}" + _E), 0),
    (
        "GitHub token",
        lazy(_B + r"(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})"),
        0,
    ),
    (
        "GitLab token",
        lazy(_B + r"gl(?:pat|rt|dt|ptt|cbt|soat|ft|imt|agent)-[A-Za-z0-9_\-]{20,}"),
        0,
    ),
    ("Slack token", lazy(_B + r"xox[abposr]-[A-Za-z0-9-]{10,}"), 0),
    ("Stripe key", lazy(_B + r"(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}"), 0),
    ("Google API key", lazy(_B + r"AIza[0-9A-Za-z_\-]{35}" + _E), 0),
    ("Google OAuth client secret", lazy(_B + r"GOCSPX-[A-Za-z0-9_\-]{24,}"), 0),
    ("Hugging Face token", lazy(_B + r"hf_[A-Za-z0-9]{30,}" + _E), 0),
    ("npm token", lazy(_B + r"npm_[A-Za-z0-9]{36}" + _E), 0),
    ("PyPI token", lazy(_B + r"pypi-AgE[A-Za-z0-9_\-]{50,}"), 0),
    ("SendGrid key", lazy(_B + r"SG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}" + _E), 0),
    ("DigitalOcean token", lazy(_B + r"do[opr]_v1_[a-f0-9]{64}" + _E), 0),
    ("Shopify token", lazy(_B + r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}" + _E), 0),
    # `fly tokens create` prints "FlyV1 fm2_…" (macaroons, comma-separated); crates.io's "cio…"
    ("Fly.io token", lazy(r"(?:\bFlyV1\s+)?" + _B + r"fm[12][ar]?_[A-Za-z0-9+/=_,-]{32,}"), 0),
    ("crates.io token", lazy(_B + r"cio(?=[A-Za-z]*\d)[A-Za-z0-9]{30,36}" + _E), 0),
    # an Azure AD (Entra ID) application's client secret: "9uj8Q~t5zL…", 40 characters
    (
        "Azure AD client secret",
        lazy(r"(?<![\w~.-])[A-Za-z0-9_.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![\w~.-])"),
        0,
    ),
    # "api.telegram.org/bot7983964455:AA…": in the Bot API's address too
    (
        "Telegram bot token",
        lazy(r"(?:(?<=/bot)|(?<![A-Za-z0-9_:]))\d{8,10}:AA[A-Za-z0-9_\-]{33}" + _E),
        0,
    ),
    ("Notion token", lazy(_B + r"(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,})" + _E), 0),
    ("DingTalk signing secret", lazy(_B + r"SEC[0-9a-f]{48,72}" + _E), 0),
    # a Sentry DSN's key: "https://1af835b3…@o278943.ingest.sentry.io/…"
    ("Sentry DSN key", lazy(r"://([0-9a-f]{32})(?::[0-9a-f]{32})?@"), 1),
    ("Tencent Cloud SecretId", lazy(_B + r"AKID[0-9A-Za-z]{32}" + _E), 0),
    # a blockchain node provider's key is a path of its RPC address:
    # "https://base-sepolia.g.alchemy.com/v2/kX9f…", "https://mainnet.infura.io/v3/9aa3…"
    (
        "node provider API key",
        lazy(
            r"(?i)(?:\.alchemy(?:api)?\.(?:com|io)/v2/([A-Za-z0-9_-]{20,})"
            r"|\.infura\.io/(?:ws/)?v3/([0-9a-f]{32})"
            r"|\.quiknode\.pro/([0-9a-f]{30,})"
            r"|rpc\.ankr\.com/\w+/([0-9a-f]{40,})"
            r"|\.getblock\.io/([0-9a-f-]{32,36})"
            r"|\.p2pify\.com/([0-9a-f]{32})"
            r"|\.blastapi\.io/([0-9a-f-]{36}))" + _E
        ),
        -1,
    ),
    ("Alibaba Cloud AccessKey ID", lazy(_B + r"LTAI[0-9A-Za-z]{12,30}" + _E), 0),
    ("Atlassian API token", lazy(_B + r"ATATT[A-Za-z0-9_\-=+/]{20,}"), 0),
    # a chat bot's webhook, whose address is its secret: Feishu / Lark, WeCom (DingTalk's
    # carries an access_token=, found as an assignment)
    (
        "bot webhook",
        lazy(
            r"(?i)(?:(?:open\.feishu\.cn|open\.larksuite\.com)/open-apis/bot/v2/hook/"
            r"|qyapi\.weixin\.qq\.com/cgi-bin/webhook/send\?(?:[^\s&#]*&)?key=)"
            r"([0-9A-Za-z][0-9A-Za-z-]{15,})"
            # Slack's incoming webhook (workspace/channel/secret), Discord's (id/token)
            r"|hooks\.slack\.com/(?:services|workflows|triggers)/([0-9A-Za-z]+/[0-9A-Za-z]+/"
            r"[0-9A-Za-z]{16,})"
            r"|(?:discord(?:app)?\.com)/api/webhooks/(\d{15,22}/[0-9A-Za-z_-]{30,})"
            # Microsoft Teams' incoming webhook: what follows /IncomingWebhook/
            r"|webhook\.office\.com/webhookb2/\S*?/IncomingWebhook/([0-9a-f]{32}/[\w-]{36}(?:/[\w-]+)?)"
        ),
        -1,
    ),
    (
        "JSON Web Token",
        # an unsigned one ("alg": "none") ends at its second dot
        lazy(_B + r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.(?:[A-Za-z0-9_\-]{8,})?"),
        0,
    ),
    ("bearer token", lazy(r"(?i)" + _B + r"bearer\s+([A-Za-z0-9_\-.=+/]{20,})"), 1),
    ("basic auth", lazy(r"(?i)" + _B + r"basic\s+([A-Za-z0-9+/]{12,}={0,2})(?![A-Za-z0-9+/=])"), 1),
    (
        "password in URL",
        lazy(_B + r"[a-z][a-z0-9+.\-]{0,30}://[^\s:/@]*:(?!password@|\$\{?\w+\}?@)([^\s@/]{3,})@"),
        1,
    ),
    # "?token=…&expires=…", "&sig=Xk8%2F…", "?key=Xq7Lm2Kp9Rz": a secret in an address's query
    (
        "secret in URL query",
        lazy(
            r"(?i)[?&](?:key|token|access_token|auth_token|api_?key|sig|signature|secret|"
            r"client_secret|password|pwd|passwd)=([^&\s#\"'<>`]{8,})"
        ),
        1,
    ),
    # "creds AKIA… / HtVy7…", "AKIA…:HtVy…": the secret access key beside its id
    (
        "AWS secret access key",
        lazy(r"(?:AKIA|ASIA)[0-9A-Z]{16}\s*(?:[/:,|]|\s)\s*([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"),
        1,
    ),
    (
        "password in connection string",
        lazy(r"(?i)jdbc:oracle:thin:[\w.$-]+/(?!password@)([^\s@/]{3,})@"),
        1,
    ),
    # Go's MySQL DSN and other scheme-less "user:password@host:port" strings
    (
        "password in connection string",
        lazy(
            r"(?<![A-Za-z0-9_.:/@-])[A-Za-z_][\w.\-]{0,63}:(?!\d+(?:\.\d+)*@)([^\s@/:()]{3,})@"
            r"(?:(?:tcp|unix|udp)\(|(?=[\w\-]+(?:\.[\w\-]+)+|[\w\-]+:\d{2,5}(?![A-Za-z0-9_])))"
        ),
        1,
    ),
)

# what each pattern needs in the text to match anywhere: one of these strings (a string with
# no capital is looked for in the text case-folded, see `_Text`); text without any of them is
# not searched, which spares most text of the patterns' compile and search
_NEEDS: dict[str, tuple[str, ...]] = {
    "private key": ("-----BEGIN",),
    "OpenAI/Anthropic API key": ("sk-",),
    "AWS access key id": ("AKIA", "ASIA", "AGPA", "AIDA", "AROA"),
    "GitHub token": ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
    "GitLab token": tuple(
        f"gl{kind}-" for kind in ("pat", "rt", "dt", "ptt", "cbt", "soat", "ft", "imt", "agent")
    ),
    "Slack token": ("xox",),
    "Stripe key": ("_live_", "_test_"),
    "Google API key": ("AIza",),
    "Google OAuth client secret": ("GOCSPX-",),
    "Hugging Face token": ("hf_",),
    "npm token": ("npm_",),
    "PyPI token": ("pypi-AgE",),
    "SendGrid key": ("SG.",),
    "DigitalOcean token": ("dop_v1_", "doo_v1_", "dor_v1_"),
    "Shopify token": ("shpat_", "shpca_", "shppa_", "shpss_"),
    "Fly.io token": ("fm1", "fm2"),
    "crates.io token": ("cio",),
    "Azure AD client secret": ("Q~",),
    "Telegram bot token": (":AA",),
    "Notion token": ("secret_", "ntn_"),
    "DingTalk signing secret": ("SEC",),
    "Sentry DSN key": ("://",),
    "Tencent Cloud SecretId": ("AKID",),
    "Alibaba Cloud AccessKey ID": ("LTAI",),
    "node provider API key": (
        "alchemy",
        "infura",
        "quiknode",
        "ankr",
        "getblock",
        "p2pify",
        "blastapi",
    ),
    "Atlassian API token": ("ATATT",),
    "bot webhook": (
        "/hook/",
        "/webhook/send",
        "hooks.slack.com",
        "/api/webhooks/",
        "/IncomingWebhook/",
    ),
    "JSON Web Token": ("eyJ",),
    "bearer token": ("bearer",),
    "basic auth": ("basic",),
    "password in URL": ("://",),
    "secret in URL query": (
        "key=",
        "token=",
        "sig=",
        "signature=",
        "secret=",
        "password=",
        "pwd=",
        "passwd=",
    ),
    "AWS secret access key": ("AKIA", "ASIA"),
    "password in connection string": ("@",),
}

# an account given as a pair: "测试账号 (13916827734 / chat-demo-2024)", "login admin/admin123"
_ACCOUNT_PAIR = lazy(
    r"(?i)(?:账号|帐号|账户|用户名|登录|"
    + _B
    + r"(?:login|credentials?|(?:test|demo|admin|service)\s+account|user(?:name)?\s*/\s*"
    r"pass(?:word)?))(?:\s*(?:是|为|[:：=])\s*|\s*[（(]\s*|\s+)[^\s/()（）,，;；]{2,64}\s*/\s*"
    r"(?P<pw>(?=[^\s()（）,，;；。]*[\d\W_])[^\s()（）,，;；。/]{4,64})"
)
# a password named in Chinese: "数据库密码是 Xy7#kq92pz", "root 密码：hunter2!", "口令为 …"; the
# value is a run without spaces, punctuation that ends a clause, or Chinese characters
_CN_PASSWORD = lazy(
    r"(?:密码|口令|密钥|秘钥|私钥|令牌)\s*(?:是|为|[:：=])\s*"
    r"(?:[\"'“‘](?P<quoted>[^\"'”’\n]{4,128})[\"'”’]"
    r"|(?P<pw>[^\s,;，；。、（）()\"'”’\u3000-\u303f\u4e00-\u9fff]{6,128}))"
)
# a password after its Chinese name and a space only: "Redis 密码 Gm@2024redis!", "账号 tps1234，
# 密码 k9Xq2mPz"; the value must look like one (a digit, a sign or a capital inside)
_CN_PASSWORD_SPACED = lazy(
    r"(?:密码|口令)[ \t]+(?P<pw>[^\s,;，；。、（）()\"'”’\u3000-\u303f\u4e00-\u9fff]{6,128})"
    # "生产库的密码改成 P@ssw0rd_prod_2024 了", "sudo 密码设成 Wl@2024home", "密码我改成了 …",
    # "账号admin密码Adm1n2024": a new password, or one with no space after its name
    r"|(?:密码|口令)\s*(?:我|已经?|都|也)?\s*(?:改成了?|改为|设成了?|设为|设置[成为]|换成了?|重置[成为]|)"
    r"\s*(?P<new>[A-Za-z0-9][^\s,;，；。、（）()\"'”’\u3000-\u303f\u4e00-\u9fff]{5,127})"
)
# a password after its English name and a space only: "steam password Gh0stP1atform#99", "user
# lumen_build pass Gh0stP1atform#99"; the value must look like a strong one (a digit, and a
# sign or both cases), so "pass the tests", "password reset flow" stay
_EN_PASSWORD_SPACED = lazy(
    # not a tool's flag (`--pre-hashed-password …`), nor a test runner's "PASS  src/a.spec.ts"
    # "db_admin_password Tf#…", "db pw Qz7!…"
    r"(?i)"
    + _B
    + r"(?<!-)(?-i:(?!PASS[ \t]))(?:[a-z0-9]+_)*(?:pass(?:word)?|passwd|pwd|passphrase|pw)[ \t]+"
    # "has the password `Gr@fanakbcEMq` inline": quoted too
    r"[`'\"]?(?P<pw>(?:(?=[^\s,;，；。/\\]*\d)"
    r"(?=[^\s,;，；。/\\]*(?:[^\w\s/\\]|[a-z][^\s]*[A-Z]|[A-Z][^\s]*[a-z]))"
    # or, without a digit, a sign and both cases in ten characters or more
    r"|(?-i:(?=[^\s,;，；。/\\`]*[^\w\s/\\`'\".-])(?=[^\s,;，；。/\\]*[a-z])(?=[^\s,;，；。/\\]*[A-Z]))"
    r"(?=[^\s,;，；。\"'`/\\]{10}))"
    r"[^\s,;，；。\"'`/\\]{8,64})(?![/\\])"
)
# an account given as a pair after a word for credentials, with words between: "grafana admin
# creds btw if u need them: admin / Kx9#mPq2$vLw"; the password must look like a strong one
_LOOSE_PAIR = lazy(
    r"(?i)" + _B + r"(?:creds?|credentials?|logins?|账号|帐号)\b[^\n]{0,60}?"
    r"(?<![\w/])[\w.@-]{2,40}[ \t]+/[ \t]+"  # "admin / …", not a path's "argoproj.io/v1"
    r"(?P<pw>(?=[^\s/,，;；。()（）\\]*\d)(?=[^\s/,，;；。()（）\\]*[^\w\s/()（）\\])"
    r"[^\s/,，;；。()（）\\]{6,64})"
)
# an account and a strong password with a slash between and no word for credentials before:
# "统一用 admin / Mm@2024shop 登录", "ops@shopco.com / Sh0pc0-R00t-2024!"; the password holds a
# digit and a sign a name does not
_STRONG_PAIR = lazy(
    # from the slash (the account before it is `_ACCOUNT_BEFORE`'s): a search that starts at
    # every word of a line with a path in it costs too much
    # GitLab's merge request "backend/order-service!57": a project's slug, in lower case (not
    # "admin/Hunter!2024", a password after its account)
    r"/(?![a-z0-9][a-z0-9._-]*!\d+(?![\w!]))"
    r"[ \t]*(?P<pw>"
    # not a file of a path ("mixed/chat.md#0", "src/App.tsx:12"), an issue ("acme/web#123"),
    # an address ("ops/dev2@shop.com"), an image's digest ("nginx:1.25@sha256:…") or a hash
    r"(?![^\s/]*\.[A-Za-z]\w{0,4}(?:[#?:]\S*)?(?:\s|$))(?![^\s]*@[\w-]+\.[a-z]{2,})"
    r"(?![^\s]*@sha\d)(?!\$)(?![\w.-]*@[\^~]?v?\d+(?:\.\d+)*(?![\w.]))"  # "x/y@v3"
    r"(?=[^\s/,，;；。：(){}（）\\]*\d)(?=[^\s/,，;；。：(){}（）\\*]*[!$%&@~])"
    r"[^\s/,，;；。：(){}（）\\\"'`*]{8,64})(?![\w/*{])"
)
_ACCOUNT_BEFORE = lazy(r"(?<![\w/.:@-])[A-Za-z][\w.@-]{1,40}[ \t]*$")
# a key, token or secret stated in prose: "my wandb key is 9f8e7d…", "here's my token ghx…",
# "AppSecret 是 3f9c…", "APIv3 key: a8F3…"; the value is a long run of letters and digits
# (`_high_entropy_run`), so "the primary key is user_id" names none
_PROSE_SECRET = lazy(
    r"(?i)(?<![A-Za-z0-9])(?P<name>(?:api|access|secret|private|app|auth|bearer|deploy|bot|"
    r"webhook|signing|session)?[ _-]?(?:key|token|secret)(?:[ _-]?(?:id|secret))?"
    r"|(?:2fa|totp|mfa|otp)?[ _-]?seed"  # "2FA seed PEO2LUIHRQM2EDTN"
    # "AK: LTAI… SK: kR3n…", "APIv3 密钥 a1B2…"
    r"|(?-i:AK|SK)|密钥|秘钥|私钥|令牌)"
    r"[ \t]*(?:(?:is|was|=|:|：|是|为|给你|如下|(?:吧|啊|呢)?[:：])[ \t]*|[ \t]+)[\"'`“]?"
    r"(?P<v>[A-Za-z0-9][A-Za-z0-9_\-.+/=]{11,199})(?![A-Za-z0-9_\-.+/=])"
)
# a key, token or password stated later in its sentence: "my key if you want to test the logger
# locally: 3f9c…", "UNLEASH_ADMIN_TOKEN is set in pages env already, value is *:*.b6c1…", "the
# wifi password btw is the same as the office one which is tomatoes-4ever!"; the value must look
# like one (`_stated_later`)
_LATER_SECRET = lazy(
    # one name (not "output_tokens"), then words of the same sentence, not JSON's quotes and braces
    r"(?i)(?<![A-Za-z0-9])(?P<name>key|token|secret|password|passphrase|pwd)(?![A-Za-z0-9])"
    r"[^\n.!?\"{}\\]{1,80}?(?:\b(?:is|was|to)|\bit(?:'s|’s|\s+is)|(?<!\barn)[:=：]|->|=>|→"
    r"|[?？][ \t]*it(?:'s|’s|\s+is)"
    # or the next sentence gives its value: "ADMIN_TOKEN, I set it with wrangler. value is …"
    r"|[.!?。][ \t]*(?:the[ \t]+)?(?:value|值)[ \t]*(?:is|was|是|[:=：]))[ \t]*[\"'`“]?"
    r"(?P<v>(?![\w.-]*=)[^\s\"'`”,;，；。]{8,200})"
)
# NAME = value / NAME: value (or a full-width ：), where NAME looks secret-bearing; a quoted
# value runs to its closing quote (a pass phrase holds spaces), an unquoted one to a space or
# a comma, semicolon or full stop (also full-width: "DB_PASSWORD：xxx，然后…")
_ASSIGNMENT = lazy(
    r"(?i)" + _B + r"(?P<name>(?:[A-Z0-9_][A-Z0-9_.\-]{0,99})?"
    r"(?:PASSWORD|PASSWD|PWD|PASS[_\-]?PHRASE|(?<=_)(?:PASS|SIG|AUTH)(?![A-Z])|"
    r"(?<![A-Z0-9])SK(?=\s*=)|API\w{0,4}KEY|"
    r"(?<=[\"'])(?:PASS|AUTH)(?=[\"'])|KEY[_\-]DATA|SECRET|TOKEN(?!I[SZ]E)|API[_\-]?KEY|ACCESS[_\-]?KEY|"
    r"ACCOUNT[_\-]?KEY|"
    r"PRIVATE[_\-]?KEY|CLIENT[_\-]?SECRET|CREDENTIALS?|SALT|"
    r"(?:SIGN[A-Z]*|HMAC|ENCRYPTION|MASTER|AUTH|LICEN[CS]E|WEBHOOK)[_\-]?KEY)[A-Z0-9_\-]*)"
    # \uff1d: full-width =; a C macro: `#define WIFI_PASS "…"`
    r"(?:[\"']?\s*[=:：\uff1d]\s*|(?P<macro>[ \t]+)(?=[\"']))"
    r"(?:\"(?P<dq>[^\"\n]{6,200})\"|'(?P<sq>[^'\n]{6,200})'|[\"']?(?P<bare>[^\s\"',;，；。]{6,}))"
)
_PLACEHOLDER = lazy(
    r"(?i)^(?:\$\{?[A-Z0-9_]+\}?|<[^>]*>|\{\{.*\}\}|%\(.*\)s|\*+|x+|\.+|changeme|string|"
    r"(?:op|vault|ssm|sm)://\S*|arn:\S*|"
    r"redacted|\[redacted\b[^\]]*\]?|none|null|true|false|example|dummy|placeholder|"
    r"(?:process\.env|os\.environ)\S*|secrets\.\S+|env\(\S*\)|"
    r"your[ _\-](?:[a-z]+[ _\-]){0,3}here)$"  # a doc's "your_api_key_here"
)
# what a form or a doc writes in a field's place ("Password: required", "password: (optional)",
# "Password: see below"): a short closed list, since a real password may be any word; only
# brackets around it and a full stop after it are taken, with a digit or another sign
# ("required!") it is a password
_FORM_WORD = lazy(
    r"(?i)^[(\[]?(?:required|optional|mandatory|hidden|masked|empty|blank|unset|not set|"
    r"see (?:below|above))[)\]]?\.?$"
)

# where a secret is kept, not the secret: `include/secrets.h`, `/run/secrets/db_password`
_FILE_PATH = lazy(
    r"^(?:(?:~|\.{1,2})?/(?:[\w\-.]+/)*[\w\-.]+"
    r"|(?:[\w\-.]+/)*[\w\-]+\.(?:h|hpp|env|json|ya?ml|toml|ini|cfg|conf|pem|key|txt|py|ts|js))$"
)
_DIGITS = lazy(r"(?<![\dA-Za-z])(?:(?:\+|00)?86[\s\-]?)?\d[\d\s\-]{9,22}[\dXx](?![\dA-Za-z])")
# "186.1414.4326", "(186) 1414 4326": a mobile number written with dots or brackets
_DOTTED_MOBILE = lazy(
    r"(?<![\dA-Za-z.])(?:(?:\+|00)?86[\s\-]?)?\(?1[3-9]\d\)?[\s.\-]?\d{4}[\s.\-]?\d{4}(?![\d.A-Za-z])"
)
_DOTTED_HINT = lazy(r"1[3-9]\d(?:\)|\.\d{4}\.)")
_CN_ID = lazy(r"^\d{17}[\dXx]$")
_CN_MOBILE = lazy(r"^(?:(?:\+|00)?86)?1[3-9]\d{9}$")
# issuer prefixes of payment cards: Visa, Mastercard, Amex, Discover, JCB, UnionPay, Diners
_CARD = lazy(
    r"^(?:4\d{12}(?:\d{3}){0,2}|5[1-5]\d{14}|2(?:2[2-9]|[3-6]\d|7[01])\d{13}|"
    r"3[47]\d{13}|6(?:011|5\d\d)\d{12,15}|35\d{14}|62\d{14,17}|3(?:0[0-5]|[68]\d)\d{11})$"
)


def _entropy(value: str) -> float:
    counts = Counter(value)
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())


_PASSWORD_NAME = lazy(r"(?i)pass(?:word|wd)?|pwd")
_WORD = lazy(r"[^\s\"',;，；。]*")


# another variable's name: upper-case words (not a key's run of capitals and digits,
# "F5V9HSTPZTWA80L7Z1YO", a Huawei or a TOTP seed's)
_VARIABLE = lazy(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]+\d?")


def _secret_value(name: str, value: str) -> bool:
    """Whether `value`, assigned to `name`, is a real secret rather than a reference to one."""
    if _PLACEHOLDER.match(value) or _VARIABLE.fullmatch(value):
        return False  # `${VERCEL_TOKEN}`, `<token>`, `***`, another variable's name
    if _FILE_PATH.match(value):
        return False  # the file that holds it
    if _FORM_WORD.match(value):
        return False  # a field's label: "Password: required"
    if _PASSWORD_NAME.search(name):
        return True
    if "://" in value and "@" not in value:
        return False  # `token_uri: https://oauth2.googleapis.com/token`: where, not what
    # "COOKIE_SECRET=Ck!e2024": short, but a password's make (letters, digits and a sign; not
    # "[200002]" or "2709}}")
    strong = (
        len(value) >= 8
        and _STRONG_PASSWORD.match(value) is not None
        and re.search(r"[A-Za-z].*[A-Za-z]", value) is not None
    )
    return strong or (len(value) >= 12 and _entropy(value) >= 3.0)


# the province codes an ID number starts with (11 Beijing … 65 Xinjiang, 71 Taiwan, 81-83
# Hong Kong, Macao and residence permits)
_PROVINCES = frozenset(
    str(n) for n in (*range(11, 16), *range(21, 24), *range(31, 38), *range(41, 47), *range(50, 55),
                     *range(61, 66), 71, 81, 82, 83)
)  # fmt: skip


def _resident_id(digits: str, ric: Any) -> bool:
    """Whether 18 digits are a Chinese resident ID: a province, a birth date and the check digit.

    Not whether the county existed when the person was born: a number carries the county code
    of when it was issued (310115, Pudong, dates from 1993; people born there before hold it).
    """
    if digits[:2] not in _PROVINCES or digits[-1].upper() != ric.calc_check_digit(digits):
        return False
    try:
        ric.get_birth_date(digits)
    except ValueError:
        return False
    return True


def _numbers(text: str) -> list[Match]:
    out: list[Match] = []
    dotted = list(_DOTTED_MOBILE.finditer(text)) if _DOTTED_HINT.search(text) else []
    for m in [*_DIGITS.finditer(text), *dotted]:
        raw = m.group(0)
        digits = re.sub(r"[\s\-.()]", "", raw)
        if _CN_MOBILE.match(digits):
            # "+1 415 555 0182": a number of another country, its code before it
            foreign = text[m.start() - 1 : m.start()] == "+" and not raw.startswith(("86", "0086"))
            kind = "phone number" if foreign else "Chinese mobile number"
            out.append(Match(kind, m.start(), m.end()))
            continue
        if _CN_ID.match(digits) or _CARD.match(digits):
            from stdnum import luhn
            from stdnum.cn import ric

            if _CN_ID.match(digits) and _resident_id(digits, ric):
                out.append(Match("Chinese ID number", m.start(), m.end()))
            elif _CARD.match(digits) and luhn.is_valid(digits):
                out.append(Match("card number", m.start(), m.end()))
    if "+" in text:
        out += _foreign_phones(text, out)
    return out


# "+49 1512 3456789", "+44 (0)20 7946 0958", "+33-6-12-34-56-78": a number of another country,
# its calling code after "+", 8 to 15 digits in all (E.164)
_FOREIGN_PHONE = lazy(r"(?<![\w+])\+(?!86)[1-9]\d{0,2}(?:[\s.\-]?\(?\d{1,5}\)?){2,7}(?![\d\w])")


def _foreign_phones(text: str, found: list[Match]) -> list[Match]:
    taken = [(m.start, m.end) for m in found]
    out = []
    for m in _FOREIGN_PHONE.finditer(text):
        if not 8 <= sum(c.isdigit() for c in m[0]) <= 15:
            continue
        if any(start < m.end() and m.start() < end for start, end in taken):
            continue  # a Chinese mobile number found already
        out.append(Match("phone number", m.start(), m.end()))
    return out


# code that fetches a secret, not the secret: `getpass()`, `get_password(user)`,
# `getpass.getpass(` and `config[` (an unquoted value ends at the quote of an argument)
_CALL = lazy(
    r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*(?:\([^()\"']*\)(?:\.[A-Za-z_]\w*\([^()\"']*\))*|(?P<open>[(\[]))"
)

# where code keeps a secret, not the secret: `settings.DB_PASSWORD`, `config.api.token`,
# `self._key`; a password may hold a dot too ("hunter2.x", "my.pass.word"), so an attribute is
# a reference only if it names a secret in letters, or belongs to an object code keeps
# settings in (`self`, `settings`, `config`, `args`, …)
_REFERENCE = lazy(
    r"(?P<holder>[A-Za-z_][A-Za-z0-9_]*)(?:\.[A-Za-z_][A-Za-z0-9_]*)*"
    r"\.(?P<attr>[A-Za-z_][A-Za-z0-9_]*)\.?"  # a full stop may end the sentence
)
_SECRET_ATTRIBUTE = lazy(r"(?i)^[a-z_]*(?:pass|pwd|pw$|secret|token|key|credential|auth|salt)")
_HOLDERS = frozenset(
    ("self", "this", "cls", "settings", "config", "conf", "cfg", "env", "args", "opts", "options",
     "ctx", "app")
)  # fmt: skip


def _fetched(text: str, value: str, end: int) -> bool:
    """Whether `value`, unquoted and ending at text[end], is a call, index or attribute in code."""
    if (ref := _REFERENCE.fullmatch(value)) is not None:
        return ref["holder"].lower() in _HOLDERS or (
            not any(c.isdigit() for c in ref["attr"])
            and _SECRET_ATTRIBUTE.match(ref["attr"]) is not None
        )
    m = _CALL.fullmatch(value)
    return m is not None and (m["open"] is None or text[end : end + 1] in ("'", '"'))


_MACRO = lazy(r"#[ \t]*define[ \t]+$")
# a name for what names, finds or describes a secret, not the secret
_NOT_THE_SECRET = lazy(
    r"(?i)(?:NAME|_IDS?|_URL|_URI|_PATH|_FILE|_DIR|_TYPE|_LENGTH|_TTL|_EXPIRY|_EXPIRES|_HEADER|"
    r"_FIELD|_PARAM|_ENV|_VAR|TOKENS|_COUNT|_LIMIT|_SIZE|_MAX|_MIN)$"  # "max_tokens": a count
)


def _in_address(text: str, start: int, value: str) -> str:
    """An unquoted value as far as it is a secret, when it stands inside a web address.

    In a query (`?token=…&expires=…`) it ends at the next parameter; as a user's password
    (`https://x-access-token:ghp_…@github.com/org/repo`) at the host.
    """
    before = text[max(0, start - 1) : start]
    if before in ("?", "&"):
        return re.split(r"[&#]", value, maxsplit=1)[0]
    if "@" in value and re.search(r"://[^\s/@]*$", text[max(0, start - 200) : start]):
        return value[: value.rindex("@")]
    return value


def _assignments(text: str) -> list[Match]:
    out: list[Match] = []
    for m in _ASSIGNMENT.finditer(text):
        if m["macro"] and not _MACRO.search(text, max(0, m.start() - 20), m.start()):
            continue  # a name, a space and a quote: a value only in a C macro
        if _NOT_THE_SECRET.search(m["name"]):
            continue  # `SECRET_NAME`, `ACCESS_KEY_ID`, `TOKEN_URL`: what names or finds it
        group = next(g for g in ("dq", "sq", "bare") if m[g] is not None)
        value, start = m[group], m.start(group)
        if group == "bare":
            # Markdown around the assignment ends the value: "**`X_PASSWORD = true`**: …"
            value = _in_address(text, m.start(), re.split(r"`|(?<=[^*])\*\*", value, maxsplit=1)[0])
        if group == "bare" and _fetched(text, value, m.end(group)):
            continue  # `password = getpass()`
        if (
            group != "bare"
            and not _PASSWORD_NAME.search(m["name"])
            and not _PASS_PHRASE.match(f"{m['name']}={value}")
        ):
            # a pass phrase is a password's; under another name a quoted phrase is words
            # ("SECRETS: 'Secrets Manager'"), of which only a first word may be a key, unless
            # a singular secret's name holds lower-case words ("SESSION_SECRET='tired horse …'")
            word = _WORD.match(value)
            value = word[0] if word else ""
            if len(value) < 6:
                continue
        if _secret_of_name(m["name"], value):
            out.append(Match("secret assigned to " + m["name"], start, start + len(value)))
    return out


_PASS_PHRASE = lazy(r"(?i)[\w.-]*secret=[a-z]+(?: [a-z]+){3,}$")


def _secret_of_name(name: str, value: str) -> bool:
    """Whether `value`, assigned to `name`, is a secret; for the short names, one that looks it."""
    if re.search(r"(?i)_pass$", name) and not _LOOKS_LIKE_PASSWORD.search(value):
        return False  # "FIRST_PASS: enabled": a pass of a process, not a password
    if re.search(r"(?i)(?:_sig|auth)$", name) and not any(c.isdigit() for c in value):
        return False  # "DEFAULT_AUTH: oauth_everywhere": a way, not a secret
    return _secret_value(name, value)


# ---- passwords given to a command line tool ----------------------------------------------
# a command's words, each to a space or a shell operator, a quoted part whole (`-p'a b'`); a
# backslash at the end of a line continues the command
_WORD_IN_COMMAND = lazy(r"(?:[ \t]|\\\r?\n)+(?P<word>(?:'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"`|;&<>])+)")
_COMMAND_WORDS = 40  # words of a command looked at after the tool's name

# how a flag gives its value: "attached" (-pS3cret, --password=S3cret), "apart" (-p S3cret)
# or "both"; and what part of it is the password: all, after "user:" (curl -u user:pw),
# "user%" (smbclient -U user%pw), "user," (lftp -u user,pw) or "pass:" (openssl -passin pass:pw)
_Flag = tuple[str, str, str]
_LOGIN: tuple[_Flag, ...] = (("-p", "both", ""), ("--password", "both", ""))
_MONGO: tuple[_Flag, ...] = _LOGIN
_MYSQL: tuple[_Flag, ...] = (("-p", "attached", ""), ("--password", "attached", ""))
_SMB: tuple[_Flag, ...] = (
    ("-U", "both", "user%"), ("--user", "both", "user%"), ("--username", "both", "user%"),
)  # fmt: skip
_KEYSTORE: tuple[_Flag, ...] = tuple(
    (f"-{side}{store}pass", "apart", "")
    for side in ("", "src", "dest")
    for store in ("store", "key")
)
_OPENSSL: tuple[_Flag, ...] = (
    ("-passin", "apart", "pass:"), ("-passout", "apart", "pass:"), ("-pass", "apart", "pass:"),
    ("-password", "apart", "pass:"), ("-k", "apart", ""),
)  # fmt: skip
# tools whose flag holds a password, by name; where the flag means a password only after a
# subcommand (`docker login -p`, not `docker run -p 8080:80`), the subcommand is named too
_PASSWORD_FLAGS: dict[str, tuple[str | None, tuple[_Flag, ...]]] = {
    **dict.fromkeys(
        ("mysql", "mysqldump", "mysqladmin", "mysqlimport", "mysqlcheck", "mysqlshow",
         "mysqlpump", "mysqlsh", "mariadb", "mariadb-dump", "mariadb-admin"),
        (None, _MYSQL),
    ),  # `mysql -p app`: -p apart asks for the password, app is the database
    "sshpass": (None, (("-p", "both", ""),)),
    "p4": (None, (("-P", "both", ""),)),  # p4's -p is the server's address
    **dict.fromkeys(
        ("docker", "podman", "nerdctl", "buildah", "skopeo", "oras", "crane", "helm", "az"),
        ("login", _LOGIN),
    ),
    **dict.fromkeys(
        ("mongo", "mongosh", "mongodump", "mongorestore", "mongoexport", "mongoimport",
         "mongostat", "mongotop", "mongofiles"),
        (None, _MONGO),
    ),
    **dict.fromkeys(
        ("redis-cli", "valkey-cli", "keydb-cli"),
        (None, (("-a", "both", ""), ("--pass", "both", ""))),  # -p is the port
    ),
    "curl": (
        None,
        (("-u", "both", "user:"), ("--user", "both", "user:"),
         ("-U", "both", "user:"), ("--proxy-user", "both", "user:")),
    ),
    **dict.fromkeys(("http", "https", "xh"), (None, (("-a", "both", "user:"),
                                                     ("--auth", "both", "user:")))),
    "lftp": (None, (("-u", "both", "user,"),)),
    "wget": (
        None,
        tuple((f"--{kind}password", "both", "") for kind in ("", "http-", "ftp-", "proxy-")),
    ),
    "svn": (None, (("--password", "both", ""),)),
    **dict.fromkeys(
        ("smbclient", "rpcclient", "smbcacls", "smbget", "smbtree", "net", "samba-tool",
         "winexe"),
        (None, _SMB),
    ),
    "openssl": (None, _OPENSSL),
    **dict.fromkeys(("keytool", "jarsigner"), (None, _KEYSTORE)),
    "apksigner": (None, (("--ks-pass", "apart", "pass:"), ("--key-pass", "apart", "pass:"))),
    **dict.fromkeys(("zip", "unzip", "zipcloak"), (None, (("-P", "both", ""),))),
    **dict.fromkeys(("7z", "7za", "7zz", "7zr", "rar", "unrar"), (None, (("-p", "attached", ""),))),
    **dict.fromkeys(("sqlcmd", "bcp", "osql"), (None, (("-P", "both", ""),))),
    **dict.fromkeys(
        ("ldapsearch", "ldapadd", "ldapmodify", "ldapdelete", "ldapwhoami", "ldappasswd"),
        (None, (("-w", "both", ""),)),
    ),
    "ssh-keygen": (None, (("-N", "both", ""), ("-P", "both", ""))),
    **dict.fromkeys(("gpg", "gpg2"), (None, (("--passphrase", "both", ""),))),
    **dict.fromkeys(("mosquitto_pub", "mosquitto_sub"), (None, (("-P", "both", ""),))),
    "twine": (None, (("-p", "both", ""), ("--password", "both", ""))),
    # -p takes what crypt(3) makes of a password, but a password given in plain is taken too
    **dict.fromkeys(("useradd", "usermod"), (None, (("-p", "both", "crypt"),
                                                    ("--password", "both", "crypt")))),
    "samba-tool": (None, (*_SMB, ("--newpassword", "attached", ""))),
}  # fmt: skip


class _Positional(NamedTuple):
    """Where a tool takes a password as a plain word.

    It is word `at` of those after the subcommand `after` (its words in a row) that are
    neither flags nor the values of the flags in `valued`; or, with `after` = `_SHARE`, the
    word right after the share a tool connects to.
    """

    after: tuple[str, ...]
    at: int
    valued: tuple[str, ...] = ()


# `smbclient //fs/share PASSWORD`, `net use Z: \\fs\share PASSWORD` (no command has this word)
_SHARE = ("<share>",)
_SHARES = ("//", "\\\\")
_SMB_VALUED = (
    "-U", "--user", "-W", "--workgroup", "-S", "--server", "-I", "--ipaddress", "-p", "--port",
    "-s", "--configfile", "-n", "--netbiosname", "-d", "--debuglevel",
)  # fmt: skip
# tools that take a password as a word of its own ("rabbitmqctl add_user NAME PASSWORD",
# "mysqladmin password NEW", "net user NAME PASSWORD /add", "openssl passwd -6 PASSWORD")
_PASSWORD_WORDS: dict[str, tuple[_Positional, ...]] = {
    "rabbitmqctl": tuple(
        _Positional((command,), 1, ("-n", "--node", "-t", "--timeout"))
        for command in ("add_user", "change_password", "authenticate_user")
    ),
    "mysqladmin": (_Positional(("password",), 0),),
    "net": (  # Windows's `net user NAME PASSWORD`, Samba's `net rpc user add NAME PASSWORD`
        _Positional(("user", "add"), 1, _SMB_VALUED),
        _Positional(("user", "password"), 1, _SMB_VALUED),
        _Positional(("user",), 1, _SMB_VALUED),
        _Positional(_SHARE, 0),
    ),
    "samba-tool": tuple(
        _Positional(("user", command), 1, (*_SMB_VALUED, "-H", "--URL"))
        for command in ("create", "add")
    ),
    "smbclient": (_Positional(_SHARE, 0),),
    "openssl": (_Positional(("passwd",), 0, ("-salt", "-in")),),
}  # fmt: skip
# a tool's documentation names the password it takes: "rabbitmqctl add_user NAME password"
_PARAMETER_NAME = lazy(
    r"(?i)^(?:my|your|new|old|the|user|admin)?[_\-]?(?:pass(?:word|wd)?|pw|pwd)$"
)
_TOOLS = tuple(sorted({*_PASSWORD_FLAGS, *_PASSWORD_WORDS, "htpasswd"}))
# Windows's commands and their subcommands are the same in any case (`NET USER bob … /ADD`);
# other tools are matched as they are spelt, as the systems they mostly run on need them
_WINDOWS_TOOLS = frozenset(("net", "sqlcmd", "bcp", "osql"))
_TOOL = lazy(
    r"(?<![\w.\-])(?P<tool>"
    + "|".join(
        f"(?ai:{re.escape(t)})" if t in _WINDOWS_TOOLS else re.escape(t)
        for t in sorted(_TOOLS, key=len, reverse=True)
    )
    + r")(?=[ \t]|\\\r?\n)"
)
# words after a flag that prose puts there ("sshpass -p is unsafe"), never a password
_PROSE_AFTER_FLAG = frozenset(
    ("is", "are", "was", "were", "to", "for", "with", "and", "or", "the", "a", "an", "in", "on",
     "of", "it", "this", "that", "which", "but", "not", "only", "also", "too", "flag", "flags",
     "option", "options", "instead", "here", "there", "will", "would", "can", "could",
     "should", "must", "may", "works", "command", "subcommand", "argument", "prompts", "asks")
)  # fmt: skip
# a password written into a tool's input: "echo 'pw' | p4 login", "… | docker login
# --password-stdin", "echo pw | sudo -S …", "p4 login <<< pw"
_PIPED_PASSWORD = lazy(
    r"(?<![\w.\-])(?:echo(?:[ \t]+-[neE]+)*|printf(?:[ \t]+(?:'%s(?:\\n)?'|\"%s(?:\\n)?\"))?)"
    r"[ \t]+(?:'(?P<sq>[^'\n]+)'|\"(?P<dq>[^\"\n]+)\"|(?P<bare>[^\s'\"`|;&<>]+))[ \t]*\|"
    r"(?=[^\n|;&]{0,300}?(?:\blogin\b|-stdin\b|\bsudo\b[^\n|;&]{0,300}[ \t]-S\b"
    r"|\b(?P<ch>ch)?passwd\b|\bkinit\b"
    # "echo X | vercel env add …", "echo X | wrangler secret put …": a secret store's input
    r"|\bvercel\s+env\s+add\b|\bsecrets?\s+(?:put|set|add|create)\b))"
)
_HERE_STRING_PASSWORD = lazy(
    r"(?:\blogin\b|-stdin\b|[ \t]-S\b|\b(?P<ch>ch)?passwd\b|\bkinit\b)[^\n|;&<]{0,300}<<<[ \t]*"
    r"(?:'(?P<sq>[^'\n]+)'|\"(?P<dq>[^\"\n]+)\"|(?P<bare>[^\s'\"`|;&<>]+))"
)
# lines of "user:password" that a here-document gives chpasswd: "chpasswd <<EOF", "cat <<'EOF' |
# sudo chpasswd", up to the line that ends it
_HEREDOC_CHPASSWD = lazy(
    r"(?m)^(?=[^\n]*\bchpasswd\b)[^\n]*?(?<!<)<<-?[ \t]*(?P<q>['\"]?)(?P<end>[A-Za-z_]\w*)(?P=q)"
    r"[^\n]*\n(?P<lines>(?:(?![ \t]*(?P=end)[ \t]*$)[^\n]*(?:\n|\Z)){1,1000})"
)
_USER_LINE = lazy(r"(?m)^[ \t]*[^\s:]+:[^\s:]+")
# a password named in English prose: "the p4 password is Perf0rce!24", "DB password for
# build was 'a b c'"; a bare value must look like one (a digit, a sign, or a capital inside:
# "the password is required / auto-generated" are words)
_EN_PASSWORD = lazy(
    r"(?i)"
    + _B
    + r"(?:\w{0,30}?pass(?:wor)?d|pass ?phrase|passcode)(?:[ \t]+[\w@.\-/]{1,40}){0,3}?"
    r"(?:[ \t]+(?:is|was|will be|would be|should be|becomes|remains)"
    r"(?:[ \t]+(?:now|still|just|set to|changed to))?[ \t]*[:=]?|[ \t]*[:=])[ \t]*"
    r"(?:\"(?P<dq>[^\"\n]{4,128})\"|'(?P<sq>[^'\n]{4,128})'|`(?P<bq>[^`\n]{4,128})`"
    r"|“(?P<cq>[^”\n]{4,128})”|(?P<pw>[^\s\"'`,;，；。]{6,128}))"
)
_LOOKS_LIKE_PASSWORD = lazy(r"\d|[^\w\-]|[a-z][A-Z]")
# a lower-case word at the end of the clause is the password too ("the wifi password is
# hunterhunter."), unless prose puts it there: "the password is required.", "… is hashed",
# "… is visible", "… is below:" (these are words of six letters or more, as the value is)
_PROSE_AFTER_IS = frozenset(
    ("required", "optional", "mandatory", "incorrect", "invalid", "correct", "secret", "private",
     "public", "hidden", "unknown", "unique", "random", "secure", "insecure", "strong", "simple",
     "longer", "shorter", "stronger", "weaker", "simpler", "easier", "harder", "better",
     "default", "plaintext", "cleartext", "enough", "nothing", "something", "anything",
     "everything", "unset", "nonempty", "temporary", "permanent", "personal", "different",
     "identical", "current", "obsolete", "static", "dynamic", "generic", "global", "unclear",
     "always", "never", "already", "irrelevant", "important", "sufficient", "insufficient",
     "present", "absent", "persistent", "constant", "redundant", "broken", "forgotten",
     "written", "stolen", "chosen", "taken", "given", "proven", "frozen", "overwritten",
     "rewritten", "below", "above", "inside", "outside", "elsewhere", "somewhere", "nowhere",
     "uppercase", "lowercase", "alphanumeric", "numeric", "complete", "incomplete", "truthy",
     "lengthy", "tricky", "itself", "theirs", "nobody", "weekly", "monthly", "hourly", "yearly",
     "likely", "unlikely", "friendly", "currently", "properly", "correctly", "securely",
     "randomly", "useful", "careful", "helpful", "harmful", "powerful")
)  # fmt: skip
# participles and adjectives: "is hashed / missing / readable / visible / sensitive / useless"
_PROSE_ENDINGS = ("ed", "ing", "able", "ible", "ive", "ous", "less")
_CLAUSE_END = lazy(r"[ \t]*(?:\n|$)|[.!?,;:)]+(?:\s|$)")
# a Perforce ticket, as `p4 login -p` and `p4 tickets` print it (32 capital hex digits), or
# in any case after the word "ticket"; 32 capital hex digits are also a Steam Web API key.
# A run that the text masks further ("5157F09E…A72****", a certificate's serial) is no key.
_HEX_KEY = lazy(
    r"(?:(?<![0-9A-Za-z])(?P<caps>[0-9A-F]{32})"
    r"|(?P<ticket>(?i:ticket))(?:[ \t]+[^\s:=]+){0,3}?[ \t]*(?:is|[:=])?[ \t]*"
    r"(?P<any>[0-9a-fA-F]{32}))"
    r"(?![0-9A-Za-z*])"
)
_PERFORCE = lazy(r"(?i)" + _B + r"(?:p4|perforce)" + _E)
# a digest in capitals, no key: "MD5 (a.tar.gz) = 9E10…", "ETag: "9E10…"", PowerShell's
# Get-FileHash, `p4 fstat -Ol`'s "digest 9E10…"; the word is on the line before the run
_DIGEST = lazy(
    r"(?i)(?<![a-z])(?:md5|sha-?(?:1|224|256|384|512)|sha(?![a-z])|checksum|e-?tag|hash"
    r"|digest|fingerprint|if-(?:none-)?match)"
)
_DIGEST_WINDOW = 120  # characters of the line before the run looked at for such a word
# a file of a Perforce depot at a revision: `p4 verify` prints each file's digest after it
# ("//depot/main/file.c#3 - edit change 1234 (text) 5157F09E…"); not a URL's "https://…#top"
_DEPOT_FILE = lazy(r"(?<![\w:/])//[^\s#/]+/[^\s#]*#\d+(?!\w)")
_DEPOT_WINDOW = 400  # characters of the line before the run looked at for a depot file


def _unquoted(word: str, start: int) -> tuple[int, int]:
    """Where the text of `word` (at `start`) lies inside its quotes, if it is quoted whole."""
    if len(word) >= 2 and word[0] == word[-1] and word[0] in "'\"":
        return start + 1, start + len(word) - 1
    return start, start + len(word)


def _command_words(text: str, pos: int) -> list[tuple[str, int]]:
    """The words of the command from text[pos:], each with where it starts."""
    words: list[tuple[str, int]] = []
    while len(words) < _COMMAND_WORDS and (m := _WORD_IN_COMMAND.match(text, pos)):
        words.append((m["word"], m.start("word")))
        pos = m.end()
    return words


def _flag_value(
    text: str, start: int, end: int, part: str = "", apart: bool = False
) -> Match | None:
    """The password in text[start:end], the value of a flag, if it is one.

    `part` names the part of the value that is the password (see `_PASSWORD_FLAGS`); `apart`
    says the value is the word after the flag, where prose may have put a word of its own.
    """
    start, end = _unquoted(text[start:end], start)
    value = text[start:end]
    if part == "pass:":
        if not value.startswith(part):
            return None  # env:VAR, file:path, stdin
        start += len(part)
    elif part == "crypt":
        if value.startswith(("!", "*")):
            return None  # a locked account's: `'!'`, `'!$6$…'`; a hash (`$6$…`) is seen below
    elif part:  # user:password
        user, sep, _ = value.partition(part[-1])
        if not sep:
            return None  # curl -u alice asks for the password
        start += len(user) + 1
    start, end = _unquoted(text[start:end], start)
    value = text[start:end]
    if (
        not value
        or value.lstrip("\\\"'")[:1] in ("$", "%")  # a variable, $(command), \"$VAR\"
        or _PLACEHOLDER.match(value)
        or (apart and (value.startswith("-") or value.lower() in _PROSE_AFTER_FLAG))
    ):
        return None
    return Match("password", start, end)


def _htpasswd(words: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The password of `htpasswd -b [-c] file user password` (`-nb user password`)."""
    flags = "".join(w[1:] for w, _ in words if w.startswith("-"))
    rest = [(w, at) for w, at in words if not w.startswith("-")]
    if "b" not in flags:
        return []
    at = 1 if "n" in flags else 2
    return rest[at : at + 1]


def _flag_password(text: str, words: list[tuple[str, int]], n: int, flag: _Flag) -> Match | None:
    """The password `flag` gives if words[n] is that flag (its value attached or next)."""
    (word, at), (name, how, part) = words[n], flag
    if word == name and how != "attached" and n + 1 < len(words):
        value, value_at = words[n + 1]
        return _flag_value(text, value_at, value_at + len(value), part, True)
    if word.startswith(name) and len(word) > len(name) and how != "apart":
        if name.startswith("--") and word[len(name)] != "=":
            return None  # --password-stdin, --passphrase-file
        skip = len(name) + (word[len(name)] == "=")
        return _flag_value(text, at + skip, at + len(word), part, False)
    return None


def _password_word(
    text: str, words: list[tuple[str, int]], where: _Positional, *, windows: bool = False
) -> Match | None:
    """The password a tool takes as a word of its own, found where `where` says.

    `windows`: the tool is a Windows command, whose subcommands are written in any case and
    whose switches (`/user:bob`, `/persistent:no`) may come before the password.
    """
    names = [w.lower() if windows else w for w, _ in words]
    if where.after == _SHARE:
        share = next((n for n, w in enumerate(names) if w.lstrip("'\"").startswith(_SHARES)), None)
        plain = words[share + 1 :] if share is not None else []
        if windows:  # `net use \\fs\share /user:CORP\bob PASSWORD`
            plain = [(w, start) for w, start in plain if not w.startswith("/")]
        plain = plain[:1]
        at = 0
    else:
        size, at = len(where.after), where.at
        after = next(
            (n for n in range(len(names)) if tuple(names[n : n + size]) == where.after), None
        )
        if after is None:
            return None
        plain, valued = [], False  # the words that are neither flags nor their values
        for word, start in words[after + size :]:
            if not valued and not word.startswith(("-", "/")):
                plain.append((word, start))
            valued = not valued and word in where.valued
    if (
        len(plain) <= at
        or plain[at][0].startswith(("-", "/"))
        or _PARAMETER_NAME.match(plain[at][0])
        or any(w.lower() in _PROSE_AFTER_FLAG for w, _ in plain[: at + 1])
    ):
        return None  # "net user is a Windows command", "rabbitmqctl add_user NAME password"
    word, start = plain[at]
    while word.endswith(")") and word.count(")") > word.count("("):
        word = word[:-1]  # the end of a command substitution: `"$(openssl passwd -1 S3cret)"`
    return _flag_value(text, start, start + len(word), "", True)


def _tool_passwords(text: str) -> list[Match]:
    """Passwords given on the command line of a tool that takes one."""
    out: list[Match] = []
    for tool in _TOOL.finditer(text):
        words = _command_words(text, tool.end())
        name = tool["tool"].lower()  # only Windows's commands match in other cases
        if name == "htpasswd":
            out += [m for w, at in _htpasswd(words) if (m := _flag_value(text, at, at + len(w)))]
            continue
        if "--pre-hashed-password" in (w for w, _ in words):
            continue  # `rabbitmqctl add_user NAME --pre-hashed-password HASH`
        for where in _PASSWORD_WORDS.get(name, ()):
            if found := _password_word(text, words, where, windows=name in _WINDOWS_TOOLS):
                out.append(found)
                break
        subcommand, flags = _PASSWORD_FLAGS.get(name, (None, ()))
        if subcommand is not None:
            names = [w for w, _ in words]
            if subcommand not in names:
                continue  # docker run -p 8080:80
            words = words[names.index(subcommand) + 1 :]
        for n in range(len(words)):
            found = next((m for f in flags if (m := _flag_password(text, words, n, f))), None)
            out += [found] if found else []
    return out


def _typed_passwords(text: _Text) -> list[Match]:
    """Passwords written into a tool's input, or named in English prose."""
    out: list[Match] = []
    for pattern in (_PIPED_PASSWORD, _HERE_STRING_PASSWORD):
        for m in text.finditer(pattern):
            group = next(g for g in ("sq", "dq", "bare") if m[g] is not None)
            # chpasswd reads "user:password" (a hash after `chpasswd -e` starts with "$")
            part = "user:" if m["ch"] else ""
            found = _flag_value(text.text, m.start(group), m.end(group), part)
            out += [found] if found else []
    for m in text.finditer(_HEREDOC_CHPASSWD):
        for line in _USER_LINE.finditer(m["lines"]):
            start = m.start("lines") + line.start()
            found = _flag_value(text.text, start, start + len(line[0]), "user:")
            out += [found] if found else []
    for m in text.finditer(_EN_PASSWORD):
        which = next(g for g in ("dq", "sq", "bq", "cq", "pw") if m[g] is not None)
        value = m[which].rstrip(".):") if which == "pw" else m[which]
        end = m.start(which) + len(value)
        if (
            which == "pw"
            and (
                "://" in value  # the address of a vault
                or text.text[: m.start(which)].endswith("arn:")  # an AWS resource, where it is kept
                or _fetched(text.text, m[which], m.end(which))  # `password = getpass()`
                or not (_LOOKS_LIKE_PASSWORD.search(value) or _stated_word(text.text, value, end))
            )
        ):
            continue  # a word ("required")
        if len(value) >= 4 and value[0] != "$" and _secret_value("password", value):
            out.append(Match("password", m.start(which), m.start(which) + len(value)))
    return out


def _stated_word(text: str, value: str, end: int) -> bool:
    """Whether `value`, a lower-case word that ends at `end` in prose, is stated as a password.

    It is when it ends the clause ("the db password is correcthorsebattery.") and is no word
    that prose puts after "the password is" ("required", "hashed", "visible").
    """
    return (
        value.isascii()
        and value.isalpha()
        and value.islower()
        and value not in _PROSE_AFTER_IS
        and not value.endswith(_PROSE_ENDINGS)
        and _CLAUSE_END.match(text, end) is not None
    )


def _hex_keys(text: str) -> list[Match]:
    """Perforce tickets, named so after the word "ticket" or where Perforce was just named.

    32 capital hex digits after a digest's name on their line ("MD5", "checksum", "ETag"),
    or after a depot file's revision (`p4 verify`'s "//depot/a.c#3 … 9E10…"), are a digest,
    not a key.
    """
    out: list[Match] = []
    for m in _HEX_KEY.finditer(text):
        which = "caps" if m["caps"] is not None else "any"
        line = max(text.rfind("\n", 0, m.start()) + 1, m.start() - _DIGEST_WINDOW)
        if m["ticket"] is None and _DIGEST.search(text, line, m.start()):
            continue  # "md5sum: 9E10…"; the word "ticket" names a ticket whatever is before it
        depot = max(text.rfind("\n", 0, m.start()) + 1, m.start() - _DEPOT_WINDOW)
        if m["ticket"] is None and _DEPOT_FILE.search(text, depot, m.start()):
            continue  # `p4 verify`: "//depot/a.c#3 - edit change 12 (text) 9E10…"
        if any(c.isdigit() for c in m[which]) and any(c.isalpha() for c in m[which]):
            p4 = m["ticket"] or _PERFORCE.search(text, max(0, m.start() - 300), m.start())
            kind = "Perforce ticket" if p4 else "hex key"
            out.append(Match(kind, m.start(which), m.end(which)))
    return out


# what the other patterns need, as `_NEEDS` says for the credentials
_PATTERN_NEEDS: dict[re.Pattern[str], tuple[str, ...]] = {
    _ACCOUNT_PAIR: ("/",),
    _ASSIGNMENT: (
        "pass",
        "pwd",
        "secret",
        "token",
        "key",
        "credential",
        "salt",
        "_sig",
        "_auth",
        "sk=",
        "sk =",
        '"auth"',
        "'auth'",
    ),
    _TOOL: _TOOLS,
    _PIPED_PASSWORD: ("|",),
    _HERE_STRING_PASSWORD: ("<<<",),
    _HEREDOC_CHPASSWD: ("chpasswd",),
    _EN_PASSWORD: ("pass",),
    _HEX_KEY: tuple("0123456789"),
    _CN_PASSWORD: ("密码", "口令", "密钥", "秘钥", "私钥", "令牌"),
    _CN_PASSWORD_SPACED: ("密码", "口令"),
    _EN_PASSWORD_SPACED: ("pass", "pwd", "pw"),
    _LOOSE_PAIR: ("/",),
    _STRONG_PAIR: ("/",),
    _PROSE_SECRET: ("key", "token", "secret", "seed", "AK", "SK", "密钥", "秘钥", "私钥", "令牌"),
    _LATER_SECRET: ("key", "token", "secret", "pass", "pwd"),
}


class _Needs:
    """What a pattern needs, as strings to look for in a text before the pattern is tried.

    Strings with a capital are looked for in the text as it is, the others in the text
    case-folded. The first questions are answered with `in`, one string at a time; a `_Needs`
    asked more often than `_SEARCH_AFTER` times (a cold index build asks each one thousands
    of times) answers with one search per kind of string, built then (`_any_of`). Building a
    search costs about a millisecond, which a command checking one entry would pay some
    twenty times for a few questions each.
    """

    __slots__ = ("asked", "cased", "folded", "needs", "searches")

    def __init__(self, needs: tuple[str, ...]) -> None:
        self.needs = needs
        self.cased = tuple(n for n in needs if n != n.casefold())
        self.folded = tuple(n for n in needs if n == n.casefold())
        self.asked = 0
        self.searches: tuple[re.Pattern[str] | None, re.Pattern[str] | None] | None = None

    def in_text(self, text: str, folded: Callable[[], str]) -> bool:
        """Whether `text` holds one of the strings (`folded()`: the text case-folded)."""
        searches = self.searches
        if searches is None:
            self.asked += 1
            if self.asked <= _SEARCH_AFTER:
                if any(n in text for n in self.cased):
                    return True
                if not self.folded:
                    return False
                inside = folded()
                return any(n in inside for n in self.folded)
            searches = self.searches = (_any_of(list(self.cased)), _any_of(list(self.folded)))
        cased, lower = searches
        if cased is not None and cased.search(text) is not None:
            return True
        return lower is not None and lower.search(folded()) is not None


# how many questions a `_Needs` answers string by string before it builds its searches
_SEARCH_AFTER = 64


def _any_of(strings: list[str]) -> re.Pattern[str] | None:
    """A search for any of `strings`, as they are; None for none.

    The strings are merged into a tree of their common beginnings (`gh(?:o_|p_|…)|gl…`): `re`
    tries the branches of an alternation one by one at each place in the text, and 130 flat
    ones cost it three times what the tree does. A string that starts another one stands for
    both, as a search needs only the shorter.
    """
    if not strings:
        return None
    tree: dict[str, Any] = {}
    for string in strings:
        node = tree
        for ch in string:
            node = node.setdefault(ch, {})
        node[""] = {}  # a string ends here
    return re.compile(_branches(tree))


def _branches(node: dict[str, Any]) -> str:
    if "" in node:
        return ""
    parts = [re.escape(ch) + _branches(sub) for ch, sub in sorted(node.items())]
    return parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"


# built once, not at every question: a scan asks about 30 of them
_NEEDS_OF_KIND = {kind: _Needs(needs) for kind, needs in _NEEDS.items()}
_NEEDS_OF_PATTERN = {id(pattern): _Needs(needs) for pattern, needs in _PATTERN_NEEDS.items()}
# What any credential's pattern needs, and what any pattern needs but a digit. Four strings in
# five that the benchmark's memory indexes (keys, dates, titles) hold none of the second, and
# are spared those thirty questions; most of the rest hold a tool's name or "key", and none
# of the first.
_ANY_CREDENTIAL = _Needs(tuple(sorted({n for needs in _NEEDS.values() for n in needs})))
_ANY_WORD = _Needs(
    tuple(
        sorted(
            {*_ANY_CREDENTIAL.needs}
            | {n for p, needs in _PATTERN_NEEDS.items() if p is not _HEX_KEY for n in needs}
        )
    )
)


class _Text:
    """Text to scan, which a pattern searches only if it holds something the pattern needs."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._folded: str | None = None

    def holds(self, needs: _Needs) -> bool:
        """Whether the text holds one of `needs` (one without capitals in any case)."""
        return needs.in_text(self.text, self.folded)

    def folded(self) -> str:
        """The text case-folded, as `re.IGNORECASE` matches it (computed once)."""
        folded = self._folded
        if folded is None:
            folded = ignorecase_fold(self.text)
            self._folded = folded
        return folded

    def finditer(self, pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
        """`pattern.finditer(text)`, or nothing without what the pattern needs."""
        if self.holds(_NEEDS_OF_PATTERN[id(pattern)]):
            yield from pattern.finditer(self.text)


# the code after "密码 =", which the value of `_CN_PASSWORD` stops short of at a bracket
_CODE_AFTER_CHINESE = lazy(r"[^\s\"',;，；。、（）\u3000-\u303f\u4e00-\u9fff]*")


def _fetched_in_chinese(text: str, start: int) -> bool:
    """Whether the unquoted value of a password named in Chinese, at text[start], is code."""
    m = _CODE_AFTER_CHINESE.match(text, start)
    code = m[0] if m else ""
    while code.endswith(")") and code.count(")") > code.count("("):
        code = code[:-1]  # "(密码 = getpass())": the bracket of the prose around it
    return _fetched(text, code, start + len(code))


def _named_passwords(text: _Text) -> list[Match]:
    """Passwords of an account given as a pair, and passwords named in Chinese."""
    out = [
        Match("password of an account", m.start("pw"), m.end("pw"))
        for m in text.finditer(_ACCOUNT_PAIR)
        if not _PLACEHOLDER.match(m["pw"])
    ]
    for m in text.finditer(_CN_PASSWORD):
        which = "pw" if m["pw"] is not None else "quoted"
        if which == "pw" and _fetched_in_chinese(text.text, m.start("pw")):
            continue  # `密码 = getpass()`, `密码：settings.DB_PASSWORD`
        if _secret_value("password", m[which]):
            out.append(Match("password", m.start(which), m.end(which)))
    return out + _stated_secrets(text, out)


def _stated_secrets(text: _Text, found: list[Match]) -> list[Match]:
    """Passwords, keys and tokens said in prose with no "is", ":" or "=" before them.

    "Redis 密码 Gm@…", "steam password Gh0st…", "creds: admin / Kx9#…", "my wandb key is 9f8e…";
    a pair `found` already (an account's) is not reported again.
    """
    out = _chinese_passwords(text)
    for pattern in (_EN_PASSWORD_SPACED, _LOOSE_PAIR, _STRONG_PAIR):
        for m in text.finditer(pattern):
            value = m["pw"].rstrip(".:")
            if any(o.start <= m.start("pw") < o.end for o in [*found, *out]):
                continue  # an account pair found already, reported as one
            before = max(0, m.start() - 48)
            if pattern is _STRONG_PAIR and not _ACCOUNT_BEFORE.search(text.text, before, m.start()):
                continue
            if _secret_value("password", value) and not _fetched(text.text, value, m.end("pw")):
                out.append(Match("password", m.start("pw"), m.start("pw") + len(value)))
    for m in text.finditer(_PROSE_SECRET):
        value = m["v"].rstrip(".")
        if _high_entropy_run(value) and _secret_value(m["name"], value):
            out.append(Match("key or token", m.start("v"), m.start("v") + len(value)))
    return out + _later_secrets(text, [*found, *out])


def _chinese_passwords(text: _Text) -> list[Match]:
    """Passwords after their Chinese name and a space, a word of change, or nothing at all."""
    out: list[Match] = []
    for m in text.finditer(_CN_PASSWORD_SPACED):
        group = "pw" if m["pw"] is not None else "new"
        value = m[group].rstrip(".:")
        if group == "new" and not _STRONG_PASSWORD.match(value):
            continue  # "密码改成 bcrypt 加密": a way of keeping it
        if (
            _LOOKS_LIKE_PASSWORD.search(value)
            and _secret_value("password", value)
            and not _fetched_in_chinese(text.text, m.start(group))
        ):
            out.append(Match("password", m.start(group), m.start(group) + len(value)))
    return out


def _later_secrets(text: _Text, found: list[Match]) -> list[Match]:
    """Keys, tokens and passwords stated later in the sentence of their name (`_LATER_SECRET`)."""
    out: list[Match] = []
    for m in text.finditer(_LATER_SECRET):
        value = _in_address(text.text, m.start("v"), m["v"].rstrip(".:)"))
        if any(o.start <= m.start("v") < o.end for o in found):
            continue
        if _stated_later(m["name"], value) and not _fetched(text.text, value, m.end("v")):
            kind = "password" if _PASSWORD_NAME.search(m["name"]) else "key or token"
            out.append(Match(kind, m.start("v"), m.start("v") + len(value)))
    return out


# a strong password: a digit, and a sign other than a name's ("-", "_", ".", "/") or both cases
_STRONG_PASSWORD = lazy(r"^(?=.*\d)(?=.*(?:[^\w\s.\-/]|[a-z].*[A-Z]|[A-Z].*[a-z]))")


# keys made to be public: Stripe's publishable keys
_PUBLISHABLE = ("pk_live_", "pk_test_")


def _stated_later(name: str, value: str) -> bool:
    """Whether a value stated later in the sentence of a secret's name looks like the secret.

    A password must look strong ("tomatoes-4ever!"; not "auth-service-v2"); a key or token
    holds a long random run of letters and digits ("*:*.b6c1e9d0…"; not "the key point is
    that", nor a long name in camel case).
    """
    if "://" in value or _PLACEHOLDER.match(value) or value.startswith(_PUBLISHABLE):
        return False
    if _PASSWORD_NAME.search(name):
        return _STRONG_PASSWORD.match(value) is not None and _secret_value("password", value)
    if _UUID.fullmatch(value):
        return True  # "Server token for prod is 8d3f6e0a-5c9b-…": a token may be a UUID
    run = _MIXED_RUN.search(value)
    return run is not None and _entropy(run[0]) >= 3.0


_UUID = lazy(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")


# a run of 12 or more letters and digits, with 2 digits and 4 letters at least, inside a value
_MIXED_RUN = lazy(
    r"(?=[A-Za-z0-9]*\d[A-Za-z0-9]*\d)(?=[0-9]*[A-Za-z](?:[0-9]*[A-Za-z]){3})"
    r"[A-Za-z0-9]{12,}"
)


def _high_entropy_run(value: str) -> bool:
    """Whether a value stated as a key or token looks like one, not like a name.

    "9f8e7d6c5b4a…", "a8F3kL9pQ2xR7mN4…": a long mixed run, with entropy; "user-profile-cache-v2"
    or "orders_2024_archive" are names made of words.
    """
    if value.startswith(_PUBLISHABLE):
        return False
    run = _MIXED_RUN.search(value)
    if run is not None and _entropy(run[0]) >= 3.0:
        return True
    # "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY": a long run of both cases, as base64 writes
    return (
        len(value) >= 30
        and _entropy(value) >= 4.0
        and re.search(r"[a-z]", value) is not None
        and len(re.findall(r"[A-Z]", value)) >= 4
    )


def _span(m: re.Match[str], group: int) -> tuple[int, int]:
    """Where the value of a credential's match is: `group`, or (-1) the group that matched."""
    if group >= 0:
        return m.span(group)
    return next(m.span(g) for g in range(1, (m.re.groups or 0) + 1) if m.group(g) is not None)


# a value that is only omp's marker, quoted or not: "[REDACTED:password]", `"[REDACTED:x]"`
_MARKER_ONLY = lazy(r"""[\s"'`(<]*\[REDACTED:[^\]\n]{1,60}(?:\][\s"'`)>.,;:!?]*)?""")


def _redacted_already(text: str, found: Match) -> bool:
    """Whether a match is only a marker put in by an earlier redaction (or its start)."""
    return _MARKER_ONLY.fullmatch(text[found.start : found.end]) is not None


def scan(text: str) -> list[Match]:
    """Every sensitive value in `text`, in order, without overlaps."""
    found: list[Match] = []
    searched = _Text(text)
    words = searched.holds(_ANY_WORD)
    if words and searched.holds(_ANY_CREDENTIAL):
        for kind, pattern, group in _CREDENTIALS:
            if searched.holds(_NEEDS_OF_KIND[kind]):
                found += [Match(kind, *_span(m, group)) for m in pattern.finditer(text)]
    for finder, pattern in (
        (_assignments, _ASSIGNMENT), (_tool_passwords, _TOOL), (_hex_keys, _HEX_KEY),
    ):  # fmt: skip
        if (words or pattern is _HEX_KEY) and searched.holds(_NEEDS_OF_PATTERN[id(pattern)]):
            found += finder(text)
    if words:
        found += _named_passwords(searched) + _typed_passwords(searched)
    found += _all_numbers(text)
    found = _outside_arns(text, found + _more_secrets(searched, found))
    if "[REDACTED:" in text:  # what was redacted already is no secret ("密码是 [REDACTED:…]")
        found = [f for f in found if not _redacted_already(text, f)]
    found.sort(key=lambda f: (f.start, -(f.end - f.start)))
    kept: list[Match] = []
    for f in found:
        if not kept or f.start >= kept[-1].end:
            kept.append(f)
    return _with_repeats(text, kept)


def _all_numbers(text: str) -> list[Match]:
    """ID, card and phone numbers, also in full-width digits (the same number, wider)."""
    found = _numbers(text) if _DIGIT.search(text) else []  # `_DIGITS` starts with one
    if _WIDE_DIGIT.search(text):
        narrow = _numbers(text.translate(_NARROW))
        found += [m for m in narrow if _WIDE_DIGIT.search(text[m.start : m.end])]
    return found


def _outside_arns(text: str, found: list[Match]) -> list[Match]:
    """`found` but what is inside an AWS resource's name: where a secret is kept, not it."""
    if "arn:" not in text:
        return found
    arns = [a.span() for a in _ARN.finditer(text)]
    return [f for f in found if not any(a <= f.start and f.end <= b for a, b in arns)]


def _with_repeats(text: str, found: list[Match]) -> list[Match]:
    """`found`, and each secret found again where the text says it once more in passing.

    "DB_PASSWORD=Xy7k…", then "psql still rejects Xy7k…": the second names no secret, but it
    is one. Numbers (ID, card, phone) are found wherever they are already.
    """
    return _known_again(text, found, secret_values(text, found)) if found else found


def _known_again(text: str, found: list[Match], known: Mapping[str, str]) -> list[Match]:
    """`found`, and each of the `known` values (value: kind) where `text` says it elsewhere."""
    more = [
        Match(kind, at.start(), at.end())
        for value, kind in known.items()
        if value in text
        for at in re.finditer(re.escape(value), text)
        if not any(m.start < at.end() and at.start() < m.end for m in found)
    ]
    return sorted([*found, *more], key=lambda f: f.start) if more else found


def secret_values(text: str, matches: Iterable[Match]) -> dict[str, str]:
    """The values `matches` found in `text` that may be said again (value: kind), for `redact`."""
    # not a word ("postgres:postgres@localhost": "postgres 16.3" names no secret)
    return {
        text[m.start : m.end]: m.kind
        for m in matches
        if m.kind not in _NUMBER_KINDS
        and m.end - m.start >= 8
        and not re.fullmatch(r"[a-z]+", text[m.start : m.end])
    }


_NUMBER_KINDS = frozenset(
    ("Chinese mobile number", "phone number", "Chinese ID number", "card number")
)


# ---- secrets in documents and prose ----------------------------------------------------------
# Forms session 49's probe pasted: a label on its line and the value on the next, a Markdown
# table's password column, XML elements, bold labels, cookies, .pgpass lines, Redis's
# requirepass, an account's "root:…" pair, SDK calls given a key, a DER key in base64.

_SECRET_WORD = (
    r"(?:pass(?:word|wd|phrase)?|pwd|pw|token|secret(?:[ _-]?key)?|api[ _-]?key|access[ _-]?key"
    r"|private[ _-]?key|client[ _-]?secret|credentials?|密码|口令|密钥|秘钥|令牌)"
)
# a label of a value alone: a secret's name, or "key" ("the firebase server key is" / "AAAA…")
_LABEL_WORD = (
    r"(?:password|passwd|passphrase|pwd|pw|pass(?=\s*[:：])|token|secret(?:[ _-]?key)?|key"
    r"|credentials?|密码|口令|密钥|秘钥|令牌)"
)
# "DB password:" / "the token is" / "### Password" alone on a line, the value alone on the next
_NEXT_LINE = lazy(
    rf"(?im)^[ \t#>*_\-|]*[^\n]{{0,40}}?(?<![a-z])(?P<name>{_LABEL_WORD})(?![a-z])"
    r"(?:(?![=:：][ \t]*[^\s*_`])[^\n]){0,50}\n(?:[ \t]*\n)?"
    # the value's line, perhaps a message of its own ("User: Gm4#kP9wQz")
    r"[ \t>*_`\"']*(?:(?:user|assistant|用户|me)[:：][ \t*_]*)?"
    r"(?P<v>(?![\w.-]*=[^=\s])(?=[^\s]*[A-Za-z0-9])[^\s`\"'*|]{6,200})[ \t*_`\"']*$"
)
# **DB password:** X, **Password**: `X`, **密码**：X, <td>password</td><td>X</td>
_BOLD_LABEL = lazy(
    rf"(?i)(?:\*\*|__|<(?:td|th|b|strong)>)[^\n*_<]{{0,30}}?(?P<name>{_LABEL_WORD})\s*[:：]?\s*"
    r"(?:\*\*|__|</(?:td|th|b|strong)>)\s*(?:<td>)?\s*[:：=]?\s*"
    r"(?:`(?P<q>[^`\n]{4,200})`|(?P<v>[^\s`<*]{4,200}))"
)
# <password>X</password>, <property name="hibernate.connection.password">X</property>,
# <add key="ApiKey" value="X" />
_XML_SECRET = lazy(
    r"(?i)<(?P<tag>[\w:.-]*(?:password|passwd|secret|token|apikey|api-key|private-?key)[\w:.-]*)>"
    r"(?P<v>[^<\s]{4,500})</(?P=tag)>"
    r"|<(?:property|add|entry|param)\s+(?:name|key)=[\"'](?P<name>[^\"']*(?:password|secret|token"
    r"|apikey|api-key|key))[\"'][^>]*?(?:value=[\"'](?P<attr>[^\"']{4,500})[\"']|>(?P<text>[^<\s]{4,500})<)"
)
# Cookie: session=…, PHPSESSID=…, -b 'connect.sid=…'
_COOKIE = lazy(
    r"(?i)(?<![\w.-])(?P<name>PHPSESSID|JSESSIONID|connect\.sid|sessionid|session_id|_session_id"
    r"|_gh_sess|user_session|laravel_session|ASP\.NET_SessionId|__Secure-[\w-]+|__Host-[\w-]+"
    r"|(?<=cookie: )[\w.-]+|(?<=cookie:)[\w.-]+|(?<=; )(?:session|sid|token|auth)[\w.-]*)"
    r"(?:=|\s+(?:is|=|:)\s+)(?P<v>[^;\s\"'&,]{12,})"
)
# db.internal:5432:shop:shop_rw:Pgp4ss!77, a line of ~/.pgpass
_PGPASS = lazy(
    r"(?<![\w.:/@-])(?:[\w*][\w.*-]*):(?:\d{2,5}|\*):(?:[\w*][\w.*-]*):(?:[\w*][\w.*-]*):"
    r"(?P<v>[^\s:()\"']{4,128})(?=[\s)\"']|$)"
)
# requirepass X, --requirepass X, CONFIG SET masterauth X, requirepass 改成了 X, AUTH default X
_REDIS_AUTH = lazy(
    r"(?i)\b(?:requirepass|masterauth)\b[\"']?(?:\s+|\s*[=:：]\s*|\s*(?:改成了?|改为|设(?:置)?[成为]了?)\s*)"
    r"[\"']?(?P<v>[^\s\"'，,。;；]{4,128})"
    r"|(?-i:\bAUTH)\s+(?:\w+\s+)?(?P<auth>[^\s\"']{6,128})"
)
# root:Tt5Rr4Ee3Ww2, root/Yt6#wQ9pLz: a usual account's name, then its password
_USUAL_ACCOUNTS = (
    "root", "admin", "administrator", "postgres", "sa", "ubuntu", "ec2-user", "deploy", "test",
    "guest", "dev", "oracle", "mysql", "elastic", "ftp", "pi", "user",
)  # fmt: skip
_ACCOUNT_THEN = lazy(
    r"(?P<name>[A-Za-z][\w-]{1,12})[:/](?P<v>[^\s/:@,;，；。()\"'`]{6,64})(?![\w@])"
)
_ACCOUNT_EDGE = lazy(r"[\w/@.:-]")
# "creds are bob / Pp0Oo9Ii8Uu7", "账号 ops / Ty6@kR2nVb"
_CREDS_PAIR = lazy(
    r"(?i:\bcreds?|\bcredentials|\blogin|账号)(?:\s+(?i:are|is)\s+|\s*[:：]\s*|\s+)[\w.@-]{1,40}\s*/\s*"
    r"(?P<pair>[^\s/:,;，；。()\"'`]{6,64})"
)
# SDK calls given a key: Credential("AKID…", "pyYi…"), new AipOcr(appId, "1cX0…", "d3lg…"),
# .withSk("…"), .apiV3Key("…"), setSecret("…")
_SDK_CALL = lazy(
    r"(?i)(?:cred|secret|key|client|auth|token|sign|ocr|sms|pay|sk|ak)\w*\s*\([^()\n]{0,400}$"
)
_QUOTED = lazy(r"[\"'](?P<v>[^\"'\s]{16,200})[\"']")
# MIIEvQIBADANBgkqhkiG9w0BAQEFAASC…: a DER key (PKCS#8 and others) in base64, unwrapped
_DER_KEY = lazy(r"(?<![A-Za-z0-9+/])MII[A-Za-z0-9+/]{60,}={0,2}")
# CLIs of Chinese clouds given a secret key: coscmd config -s X, ossutil config -k X,
# obsutil config -k=X; gh secret set NAME --body X; ::add-mask::X
_CLI_SECRET = lazy(
    r"(?i)(?<![\w.-])(?:coscmd|ossutil(?:64)?|obsutil|tccli|qshell|aliyun)\b[^\n]*?\s"
    r"(?:-s|-k|-sk|--secret[_-]?key|--access-key-secret|--secretkey)(?:\s+|=)[\"']?"
    r"(?P<v>[^\s\"']{8,})"
    r"|\bgh\s+secret\s+set\s+\S+[^\n]*?\s(?:--body|-b)(?:\s+|=|(?=[\"']))[\"']?"
    r"(?P<body>[^\s\"']{6,})"
    r"|\brabbitmqadmin\b[^\n]*?\s(?:-p|--password)(?:\s+|=)[\"']?(?P<rabbit>[^\s\"']{4,})"
    r"|::add-mask::(?P<mask>[^\s\"']{4,})"
)
# applicationKey K005xR8m…, appSecret: 3f9c…: a name in camel case, then its value
_CAMEL_NAMED = lazy(
    r"(?<![A-Za-z0-9])(?P<name>[a-z]+(?:[A-Z][a-z]+)*(?:Key|Secret|Token))\s*[:=]?\s+"
    r"[\"'`]?(?P<v>[A-Za-z0-9+/_.:-]{16,200})"
)
# "Tr0ub4dor&3 is the password for grafana", "login with Cc2X… as the password": the name,
# then the word before it
_THEN_NAME = lazy(
    r"(?i)\s(?:is|as)\s+(?:the|my|our|your)\s+(?:[\w-]+\s+){0,2}?(?:password|passphrase|pwd)\b"
)
_WORD_BEFORE = lazy(r"(?<![\w@.-])[^\s\"'`,;]{8,64}$")
# "wifi pass: correcthorse…", "pw = kr72@4Yb…", "Admin pwd -> Hh9G…", "密码发你了：Jq5%…"
_SHORT_NAMED = lazy(
    r"(?i)(?:\b(?:wifi|wi-fi|db|admin|root|ssh|vpn|login|email|mail|ftp|sudo|user|account)\s+pass"
    r"(?:word)?\b[^\n:=：]{0,40}?|(?<![\w-])(?:pw|pwd|password))\s*(?:[:=：]|->|=>|→)\s*[\"'`]?"
    r"(?P<v>[^\s\"'`,;，；。]{6,128})"
    r"|(?:密码|口令)[^\n：:是，,。]{0,12}?[，,]?\s*(?:[：:]|是)\s*(?P<zh>[^\s，,。；;]{6,128})"
)
_TABLE_ROW = lazy(r"^\s*\|.*\|\s*$")
_TABLE_RULE = lazy(r"^\s*\|?\s*:?-{3,}")
_SECRET_HEADER = lazy(
    rf"(?i)^\s*(?:[\w ]{{0,20}}[\s_-])?{_SECRET_WORD}s?\s*$|^\s*(?:sk|secret key)\s*$"
)


# "conversations.json#12", "settings.yaml": a file (a source's place), not a password
_FILE_NAME = lazy(r"[\w.-]+\.[a-z][a-z0-9]{0,4}(?:[#:?]\S*)?")
# `get_password(user)`, `settings.DB_PASSWORD`, `config.get("db_password")`: code, not a value
_CODE_VALUE = lazy(r"[A-Za-z_][\w.]*\(|[a-z_]+\.[A-Za-z_][A-Za-z_]*(?:\.[A-Za-z_]+)*(?:\(|$)")


_SIGN_OR_DIGIT = lazy(r"\d|[^\w\-]")  # not a name in camel case ("apiRateLimit")


def _looks_secret(name: str, value: str, *, labelled: bool = False) -> bool:
    """Whether a value given under a secret's name looks like the secret, not a word or a ref.

    `labelled`: the name is a label of the value alone (a bold label, a line of its own), so a
    value of 8 or more with a digit, a sign or a capital inside is taken.
    """
    value = value.strip(".:)")
    if len(value) < 4 or _PLACEHOLDER.match(value) or _VARIABLE.fullmatch(value):
        return False
    if "://" in value or value.startswith(("op://", "arn:", "vault:", "$")):
        return False  # where it is kept
    if (
        _FILE_PATH.match(value)
        or _FILE_NAME.fullmatch(value)
        or _FORM_WORD.match(value)
        or _CODE_VALUE.match(value)
    ):
        return False  # the file that holds it, a field's label, the code that reads it
    if labelled and len(value) >= 8 and _SIGN_OR_DIGIT.search(value[1:]):
        return not _FORM_WORD.match(value) and not _FILE_PATH.match(value)
    if _PASSWORD_NAME.search(name) or re.search(r"密码|口令", name):
        return _STRONG_PASSWORD.match(value) is not None or (
            len(value) >= 12 and _entropy(value) >= 3.2
        )
    return _stated_later(name, value) or (_secret_value(name, value) and len(value) >= 12)


_Found = Iterator[tuple[str, int, int]]  # what a finder below finds: (kind, start, end)


def _named(pattern: re.Pattern[str], text: str, kind: str, group: str, labelled: bool) -> _Found:
    for m in pattern.finditer(text):
        value = m[group]
        if value and _looks_secret(
            m.groupdict().get("name") or "password", value, labelled=labelled
        ):
            value = value.rstrip(".:)")
            yield kind, m.start(group), m.start(group) + len(value)


def _next_line(text: str) -> _Found:
    """A value alone on the line after its label ("DB password:" / "Xk9#…")."""
    yield from _named(_NEXT_LINE, text, "secret on the line after its name", "v", True)


def _bold(text: str) -> _Found:
    """A value after a bold label (`**DB password:** …`, `<td>password</td><td>…`)."""
    yield from _named(_BOLD_LABEL, text, "secret", "v", True)
    yield from _named(_BOLD_LABEL, text, "secret", "q", True)


def _in_xml(text: str) -> _Found:
    for m in _XML_SECRET.finditer(text):
        group = next(g for g in ("v", "attr", "text") if m[g])
        tag = m["tag"] or ""
        if _looks_secret(tag or m["name"] or "", m[group]) or (
            "pass" in tag.lower() and not _PLACEHOLDER.match(m[group])
        ):
            yield "secret in XML", m.start(group), m.end(group)


def _cookies(text: str) -> _Found:
    for m in _COOKIE.finditer(text):
        if not _PLACEHOLDER.match(m["v"]):
            yield "session cookie", m.start("v"), m.end("v")


def _pgpass(text: str) -> _Found:
    for m in _PGPASS.finditer(text):
        if not _PLACEHOLDER.match(m["v"]):
            yield "password in .pgpass", m.start("v"), m.end("v")


def _redis(text: str) -> _Found:
    for m in _REDIS_AUTH.finditer(text):
        group = "v" if m["v"] else "auth"
        if _looks_secret("password", m[group]):
            yield "password", m.start(group), m.end(group)


def _accounts(text: str) -> _Found:
    lower = text.lower()
    for name in _USUAL_ACCOUNTS:
        at = lower.find(name)
        while at >= 0:
            m = _ACCOUNT_THEN.match(text, at) if lower[at + len(name) : at + len(name) + 1] in (
                ":", "/") else None  # fmt: skip
            if (
                m
                and len(m["name"]) == len(name)
                and (at == 0 or not _ACCOUNT_EDGE.match(text[at - 1]))
            ):
                value = m["v"].rstrip(".:)")
                if _looks_secret("password", value):
                    yield "password of an account", m.start("v"), m.start("v") + len(value)
            at = lower.find(name, at + 1)


def _creds_pairs(text: str) -> _Found:
    """An account and its password after "creds", "login" or 账号 ("creds are bob / Pp0O…")."""
    yield from _named(_CREDS_PAIR, text, "password of an account", "pair", False)


def _sdk_keys(text: str) -> _Found:
    for q in _QUOTED.finditer(text):
        line = text.rfind("\n", 0, q.start()) + 1
        if _random_literal(q["v"]) and _SDK_CALL.search(text, line, q.start()):
            yield "key or token", q.start("v"), q.end("v")
    if "MII" in text:
        for m in _DER_KEY.finditer(text):
            yield "private key", m.start(), m.end()


def _given_to_commands(text: str) -> _Found:
    for m in _CLI_SECRET.finditer(text):
        group = next(g for g in ("v", "body", "mask", "rabbit") if m[g])
        if not _PLACEHOLDER.match(m[group]) and not m[group].startswith("$"):
            yield "secret given to a command", m.start(group), m.end(group)


def _in_prose(text: str) -> _Found:
    folded = text.lower()
    if "password" in folded or "passphrase" in folded or "pwd" in folded:
        for m in _THEN_NAME.finditer(text):
            before = _WORD_BEFORE.search(text, 0, m.start())
            if before and _looks_secret("password", before[0]):
                yield "password", before.start(), before.end()
    if "Key" in text or "Secret" in text or "Token" in text:
        for m in _CAMEL_NAMED.finditer(text):
            if _high_entropy_run(m["v"]):
                yield "key or token", m.start("v"), m.end("v")
    if "pw" in folded or "pass" in folded or "密码" in text or "口令" in text:
        yield from _named(_SHORT_NAMED, text, "password", "v", False)
        yield from _named(_SHORT_NAMED, text, "password", "zh", False)


def _tables(text: str) -> _Found:
    for m in _table_secrets(text):
        yield m.kind, m.start, m.end


# each form: what a text must hold for it (strings of the text case-folded, looked for with
# `in`: a form is tried on the few texts that hold one), and its finder
_LABELS_NEEDED = (
    "pass",
    "pwd",
    "pw",
    "token",
    "secret",
    "key",
    "cred",
    "密码",
    "口令",
    "密钥",
    "秘钥",
    "令牌",
)
_ACCOUNT_NEEDS = tuple(f"{name}{sep}" for name in _USUAL_ACCOUNTS for sep in ":/")
_FORMS: tuple[tuple[tuple[str, ...], Callable[[str], _Found]], ...] = (
    (("\n",), _next_line),
    (("**", "__", "<td", "<th", "<b>", "<strong"), _bold),
    (("</", "<property", "<add ", "<entry", "<param"), _in_xml),
    (("cookie", "sessid", "sessionid=", "session_id=", "_sess=", ".sid=", "_session="), _cookies),
    ((":5432:", ":3306:", ":*:", "pgpass"), _pgpass),
    (("requirepass", "masterauth", "auth "), _redis),
    (_ACCOUNT_NEEDS, _accounts),
    (("cred", "login", "账号"), _creds_pairs),
    (("(\"", "('", ", \"", ", '", "MII"), _sdk_keys),
    (("coscmd", "ossutil", "obsutil", "tccli", "qshell", "aliyun", "gh secret",
      "add-mask", "rabbitmqadmin"), _given_to_commands),
    (("pw", "pass", "密码", "口令", "Key", "Secret", "Token"), _in_prose),
    (("|",), _tables),
)  # fmt: skip
_ANY_FORM = _Needs(tuple(dict.fromkeys(n for needs, _ in _FORMS for n in needs)))
_FORM_NEEDS = [(_Needs(needs), finder) for needs, finder in _FORMS]


def _more_secrets(text: _Text, found: list[Match]) -> list[Match]:
    """Secrets in the forms above; none where `found` has one already."""
    out: list[Match] = []
    t = text.text
    if not text.holds(_ANY_FORM):
        return out
    for needs, finder in _FORM_NEEDS:
        if not text.holds(needs):
            continue
        for kind, start, end in finder(t):
            if not any(o.start < end and start < o.end for o in [*found, *out]):
                out.append(Match(kind, start, end))
    return out


def _random_literal(value: str) -> bool:
    """Whether a quoted literal given to an SDK looks like a key: long, mixed and random."""
    if _UUID.fullmatch(value) or not re.fullmatch(r"[A-Za-z0-9+/=_-]{16,200}", value):
        return False
    mixed = re.search(r"[a-z]", value) and re.search(r"[A-Z0-9]", value)
    return bool(mixed) and _entropy(value) >= 3.5


def _table_secrets(text: str) -> list[Match]:
    """The cells of a Markdown table's columns headed by a secret's name (password, token)."""
    out: list[Match] = []
    columns: list[int] = []
    offset = 0
    for line in text.splitlines(keepends=True):
        if not _TABLE_ROW.match(line):
            columns = []
        elif _TABLE_RULE.match(line):
            pass
        else:
            cells = _cells(line)
            if not columns:
                columns = [n for n, (_, cell) in enumerate(cells) if _SECRET_HEADER.match(cell)]
                columns = columns or [-1]
            else:
                for n in columns:
                    if 0 <= n < len(cells):
                        start, cell = cells[n]
                        value = cell.strip().strip("`")
                        if len(value) >= 4 and not _PLACEHOLDER.match(value) and " " not in value:
                            at = offset + start + cell.index(value)
                            out.append(Match("secret in a table", at, at + len(value)))
        offset += len(line)
    return out


def _cells(line: str) -> list[tuple[int, str]]:
    """The cells of a table row: (offset in the line, text), without the outer bars."""
    bars = [m.start() for m in re.finditer(r"(?<!\\)\|", line)]
    return [(a + 1, line[a + 1 : b]) for a, b in itertools.pairwise(bars)]


def redact(
    text: str, *, after: str = "", known: Mapping[str, str] | None = None
) -> tuple[str, list[Match]]:
    """`text` with every sensitive value replaced by `[REDACTED:<kind>]`, and what was found.

    `after`: the line said just before (the message before this one), read with the text, so
    "the token is" / "Gm4#kP9wQz" said apart is found; nothing of it is redacted or reported.
    `known`: secrets found before (value: kind), redacted wherever the text says them again
    ("psql still rejects Xy7k…"). Offsets in the returned matches refer to the original text.
    """
    if after:
        lead = len(after) + 1
        matches = [
            Match(m.kind, m.start - lead, m.end - lead)
            for m in scan(f"{after}\n{text}")
            if m.start >= lead
        ]
    else:
        matches = scan(text)
    if known:
        matches = _known_again(text, matches, known)
    out, pos = [], 0
    for m in matches:
        label = m.kind.removeprefix("secret assigned to ")
        out += [text[pos : m.start], f"[REDACTED:{'secret' if label != m.kind else m.kind}]"]
        pos = m.end
    out.append(text[pos:])
    return "".join(out), matches


_DIGIT = lazy(r"\d")
_ARN = lazy(r"\barn:aws[\w-]*:[\w-]+:[\w-]*:\d*:\S+")
_WIDE_DIGIT = lazy(r"[\uff10-\uff19]")
_NARROW = {0xFF10 + n: 0x30 + n for n in range(10)} | {0xFF38: 0x58, 0xFF58: 0x78}


def find_in_text(text: str) -> list[str]:
    """Kinds of sensitive data present in `text` (each kind once)."""
    if len(text) <= _REMEMBERED_LENGTH:
        return list(_kinds_in_short(text))
    return list(dict.fromkeys(m.kind for m in scan(text)))


# Memory data repeats its short strings: every entry's keys, and values such as a date, a type
# or a status. Indexing 60,000 entries scans about 15 strings per entry (keys, values, and
# each key with its value), so short strings are answered from a cache of recent ones.
_REMEMBERED_LENGTH = 160


@functools.lru_cache(maxsize=1 << 14)
def _kinds_in_short(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(m.kind for m in scan(text)))


def assignment(key: str, value: str) -> tuple[str, str]:
    """`key: value` as the patterns read an assignment, and the text before the value.

    A value holding spaces is quoted, so that all of it is read as the value ("my pass phrase").
    """
    quote = '"' if any(ch.isspace() for ch in value) and '"' not in value else ""
    return f"{key}: {quote}{value}{quote}", f"{key}: {quote}"


def find_secrets(data: Any, path: str = "$") -> list[Finding]:
    """Everything sensitive in the strings (keys included) of `data`, with its JSON path."""
    found: list[Finding] = []
    if isinstance(data, str):
        found.extend(Finding(kind, path) for kind in find_in_text(data))
    elif isinstance(data, dict):
        for key, value in data.items():
            sub = f"{path}.{key}"
            if isinstance(key, str):
                found.extend(Finding(kind, sub) for kind in find_in_text(key))
                if isinstance(value, str) and not find_in_text(value):
                    # structured data names the secret in its key: {SIGNING_SECRET: "kt_…"}
                    found.extend(
                        Finding(kind, sub) for kind in find_in_text(assignment(key, value)[0])
                    )
                    continue
            found.extend(find_secrets(value, sub))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found.extend(find_secrets(value, f"{path}[{i}]"))
    return found
