from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omp import extract as ex
from omp import sensitive
from omp.sensitive import find_in_text, find_secrets, redact, scan

SECRETS = [
    ("private key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----"),
    ("OpenAI/Anthropic API key", "sk-ant-api03-abcdefghijklmnopqrstuvwxyz"),
    ("AWS access key id", "AKIAIOSFODNN7EXAMPLE"),
    ("GitHub token", "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"),
    ("GitLab token", "glpat-abcdefghij0123456789"),
    ("Slack token", "xoxb-1234567890-abcdefghij"),
    ("Stripe key", "sk_live_abcdefghijklmnop1234"),
    ("JSON Web Token", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTYifQ.dozjgNryP4J3jVmNHl0w5N"),
    ("GitLab token", "glrt-AbCdEfGhIjKlMnOpQrSt"),
    ("Google OAuth client secret", "GOCSPX-AbCdEfGhIjKlMnOpQrStUvWxYz12"),
    ("Hugging Face token", "hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
    ("npm token", "npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
    ("PyPI token", "pypi-AgEIcHlwaS5vcmcCJGExYjJjM2Q0LWU1ZjYtNzg5MC1hYmNkLWVmMDEyMzQ1Njc4OQ"),
    ("SendGrid key", "SG.abcdefghijklmnopqrstuv.ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefg"),
    ("DigitalOcean token", "dop_v1_" + "0123456789abcdef" * 4),
    ("Shopify token", "shpat_0123456789abcdef0123456789abcdef"),
    ("Telegram bot token", "7123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0"),
    ("Chinese ID number", "11010519491231002X"),
    ("card number", "4111 1111 1111 1111"),
    ("Chinese mobile number", "13812345678"),
    ("Chinese mobile number", "+86 138-1234-5678"),
]


@pytest.mark.parametrize(("kind", "value"), SECRETS)
def test_each_kind_is_found_and_redacted_without_its_neighbours(kind, value):
    text = f"note: {value} (end)"
    assert find_in_text(text) == [kind]
    redacted, matches = redact(text)
    assert value not in redacted and redacted.startswith("note: [REDACTED:")
    assert redacted.endswith(" (end)")
    assert [(m.kind, text[m.start : m.end]) for m in matches] == [(kind, value)]


@pytest.mark.parametrize(("kind", "value"), SECRETS)
def test_each_kind_is_found_between_chinese_characters(kind, value):
    # CJK characters are word characters to `re`: no `\b` between them and a key
    text = f"测试key是{value}，然后重启"
    redacted, matches = redact(text)
    assert [(m.kind, text[m.start : m.end]) for m in matches] == [(kind, value)]
    assert redacted == f"测试key是[REDACTED:{kind}]，然后重启"


@pytest.mark.parametrize(
    ("text", "redacted"),
    [
        (
            "配置里 DB_PASSWORD：FAKEfwPass2024x，然后重启",
            "配置里 DB_PASSWORD：[REDACTED:secret]，然后重启",
        ),
        ("配置里DB_PASSWORD=FAKEfwPass2024x。", "配置里DB_PASSWORD=[REDACTED:secret]。"),
        ('DB_PASSWORD="FAKEmy secret phrase2" for now', 'DB_PASSWORD="[REDACTED:secret]" for now'),
        ("passwd: 'FAKE pass phrase'", "passwd: '[REDACTED:secret]'"),
        (
            "REDIS_URL=redis://:FAKEredisPw88@cache.example.com:6379/0",
            "REDIS_URL=redis://:[REDACTED:password in URL]@cache.example.com:6379/0",
        ),
        (
            "连接串mongodb://root:FAKEmongoPw77@db.example.com",
            "连接串mongodb://root:[REDACTED:password in URL]@db.example.com",
        ),
        (
            "缓存用default:FAKEpw99@cache:6379端口",
            "缓存用default:[REDACTED:password in connection string]@cache:6379端口",
        ),
        (
            "kubectl create secret --docker-password=c7c3c6bcda29e9319d18f7380ed01713",
            "kubectl create secret --docker-password=[REDACTED:secret]",
        ),
    ],
)
def test_full_width_colons_empty_user_names_and_pass_phrases_are_redacted(text, redacted):
    assert redact(text)[0] == redacted


def test_the_name_a_secret_is_reported_by_is_the_variables_not_its_flags():
    (match,) = scan("vercel deploy --token=Xk7pQ2mN9rT4vB8cL1wZ6yHd")
    assert match.kind == "secret assigned to token"


@pytest.mark.parametrize(
    "text",
    [
        "export VERCEL_TOKEN=s3cr3tV4lu3-9f8a7b6c5d",
        "password: hunter2hunter2",
        "DB_PASSWORD='correct horse battery'",
        "postgres://admin:hunter22@db.example.com/app",
        "Authorization: Bearer abcdefghijklmnopqrstuvwx0123",
        "Authorization: Basic dXNlcjpwYXNzd29yZA==",
        '  - URL_SIGNATURE_KEY: "kt_sig_4Fq9Lm2xT7"',
        "HMAC_SECRET=9fKq2LmX7vT4pZ8w",
        "chore: 临时改测试库连接 test:Cp0n#Test88@tcp(10.8.1.20:3306)/coupon_test，联调完改回",
        "redis at default:s3cretRedis@10.0.3.7:6379 for now",
        "replica: app_ro:ro-Pass-2024@db2.internal",
        "DB_PASSWORD=Passw0rd/2024.x",  # a slash does not make a password a path
        "login admin/admin123 on staging",
        "demo account: demo@cafe.io / Demo#2024",
        "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==",
        'password = "hunter2(x)"',  # quoted: a string, however much it looks like a call
        "password: Pa55(w0rd",
    ],
)
def test_values_are_redacted_and_variable_names_kept(text):
    redacted, matches = redact(text)
    assert len(matches) == 1
    for name in ("VERCEL_TOKEN", "password", "DB_PASSWORD", "postgres://admin:", "Bearer", "Basic",
                 "URL_SIGNATURE_KEY", "HMAC_SECRET"):  # fmt: skip
        if name in text:
            assert name in redacted
    secret = text[matches[0].start : matches[0].end]
    assert secret not in redacted


@pytest.mark.parametrize(
    "text",
    [
        "rotate VERCEL_TOKEN in CI",
        "VERCEL_TOKEN=${VERCEL_TOKEN}",
        "GITHUB_TOKEN: <your token>",
        "api_key = os.environ['API_KEY']",
        "password: ********",
        "TOKEN=SOME_OTHER_VARIABLE",
        "110105194912310021",  # wrong check digit
        "4111 1111 1111 1112",  # fails Luhn
        "20261130123456",  # a timestamp
        "commit 1234567890abcdef and order 1381234567",  # ten digits: no mobile number
        "id: dec-2026-11-30-13812345678x",
        "primary_key: id",
        "cache_key: user:{id}:profile",
        "SLACK_BOT_TOKEN: [REDACTED:Slack token]",
        "MAX_WIDTH: 2560",
        "image: nginx:1.25@sha256",  # a digest reference, no password
        "git@github.com:acme/api.git",
        "ssh deploy@10.0.0.5 then tail the log",
        "set HF_TOKEN in the env; hf_hub_download is a function",
        "at 12:30:45 the job 1234567890:AA failed",
        "TOKEN_FILE=/run/secrets/registry_token",  # where a secret is kept is not the secret
        "password: ./secrets/db-password.txt",
        "SECRETS: include/secrets.h",
        "登录 GitHub 账号 acme/widgets",  # an owner and a repository, no password
        "账号/密码 在 .env 里",
        "tests/extract_corpus/unseen/18-login-rate-limit-cloudflare/conversation.md",
        "用sk-learn做分类，hf_hub下载模型",
        "配置 TOKEN：见文档",
        "缓存连 localhost:6379，密码在 vault 里",
        "api_key='<motherduck token>'",
        "url: http://:8080/health",
        'SECRETS: "Secrets Manager"',  # under a token's name, a quoted phrase is words
        "API_KEY: 'see the vault'",
        # code that fetches a secret
        "password = getpass()",
        'password = getpass.getpass("DB password: ")',
        'token = os.getenv("TOKEN")',
        'password = os.getenv("DB_PASSWORD")',
        "secret = input()",
        "password = get_password(user)",
        'password = config["db_password"]',
        'db_password = keyring.get_password("svc", user).strip()',
    ],
)
def test_things_that_only_look_sensitive_are_kept(text):
    assert scan(text) == []
    assert redact(text) == (text, [])


@pytest.mark.parametrize(
    "text",
    [
        "Password: required",
        "password: (required)",
        "Password: optional",
        "Password: Optional.",
        "db_password: mandatory",
        "Password: hidden",
        "password: masked",
        "password: [hidden]",
        'password: "see below"',
        "Password: see below",
        "password: n/a",
        "API_KEY: <your key here>",
        "API_KEY=your_api_key_here",
        'password: "your password here"',
        "the password is (required)",
    ],
)
def test_a_forms_word_in_a_passwords_place_is_kept(text):
    assert scan(text) == []


@pytest.mark.parametrize(
    ("text", "redacted"),
    [
        # a digit or a sign makes the word a password; so does any word not on the list
        ("password: required!", "password: [REDACTED:secret]"),
        ("Password: Hidden2024", "Password: [REDACTED:secret]"),
        ("password: (required1)", "password: [REDACTED:secret]"),
        ("password: requirement", "password: [REDACTED:secret]"),
        ("API_KEY=your_key_here_9f8a7b6c5d4e", "API_KEY=[REDACTED:secret]"),
    ],
)
def test_a_forms_word_with_more_to_it_is_a_password(text, redacted):
    assert redact(text)[0] == redacted


@pytest.mark.parametrize(
    "text",
    [
        "password = settings.DB_PASSWORD",
        "token = config.api.token",
        "secret: env.SECRET_KEY",
        "key = self._key",
        "API_KEY = self._api_key_value",
        "password = self.db",  # an attribute of what code keeps such things in
        "db_password = app.config.db_pw",
        "the password is settings.DB_PASSWORD.",
        "password = settings.DB_PASSWORD.strip()",
    ],
)
def test_an_attribute_that_holds_the_secret_is_kept(text):
    assert scan(text) == []


@pytest.mark.parametrize(
    ("text", "redacted"),
    [
        # quoted, it is a string, however much it looks like code
        ('password = "settings.DB_PASSWORD"', 'password = "[REDACTED:secret]"'),
        # a password with a dot, whose last part names no secret
        ("password: hunter2.x", "password: [REDACTED:secret]"),
        ("password: my.pass.word", "password: [REDACTED:secret]"),
        ("password: correct.horse", "password: [REDACTED:secret]"),
        ("password = Summer.Key2024", "password = [REDACTED:secret]"),
    ],
)
def test_a_password_that_only_looks_like_an_attribute_is_redacted(text, redacted):
    assert redact(text)[0] == redacted


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_scanning_never_fails_and_redacted_text_has_nothing_left(text):
    redacted, _ = redact(text)
    assert scan(redacted) == []


# text each pattern matches, in other cases than its needs are written in
_MATCHED_IN_ANY_CASE = [
    "Authorization: Basic dXNlcjpwYXNzd29yZDEy",
    "authorization: BASIC dXNlcjpwYXNzd29yZDEy",
    "header bEaReR abcdefghijklmnopqrstuvwxyz0123",
    "CREDENTIALS=Zq8vT2xLm9Pw4Rk7",
    "credent\u0131als: Zq8vT2xLm9Pw4Rk7",
    "Client_Secret = 'Zq8vT2xLm9Pw4Rk7'",
    "pa\u017f\u017fword = hunter22",
    "api\u212aey: Zq8vT2xLm9Pw4Rk7",
    "The DB PASSWORD is Xy7#kq92pz",
    "the WiFi PassWord is hunterhunter.",
    "our PassCode is Xy7#kq92pz",
    "LOGIN admin/Admin1234",
    "p4 TICKET is 5157f09e8a2c4b7d9e1f3a6c8b0d2e4f",
    "echo 'Xy7#kq92' | docker login --password-stdin",
    "kinit <<< 'Xy7#kq92'",
    "NET USER bob P@ssw0rd1 /ADD",
    "Sqlcmd -U sa -P S3cretPw",
]


_PIECES = st.sampled_from(
    [value for _, value in SECRETS[:17]]
    + ["@", "://", ":", "/", "=", "-", "_", ".", " ", "\n", "AA", "sk-", "eyJ", "Bearer ", "中文"]
    + ["BASIC ", "dXNlcjpwYXNzd29yZDEy", "PASS", "pwd", "Token", "kEY", "SALT=", "secret: "]
    + ["password is ", "Passwort", "ticket ", "5157F09E8A2C4B7D9E1F3A6C8B0D2E4F", "|", "<<<"]
    + ["echo 'Xy7#kq92' | p4 login", "mysql -pS3cret", "curl -u me:pw ", "login admin/"]
    + ["密码是", "口令：", "令牌为", "user:", "@db.internal:5432", "AKIA", "ghp_", "_live_"]
    # what `re.IGNORECASE` takes for an ASCII letter: the long s, the Kelvin sign, the dotless
    # i and the dotted capital I
    + ["\u017f", "\u212a", "\u0131", "\u0130", "pa\u017f\u017f", "\u212aey", "credent\u0131al"]
    + ["rabbitmqctl add_user app ", "net user ", "//fs/share ", " password ", " | chpasswd"]
    + ["MD5 (a.tgz) = ", 'ETag: "', "checksum ", "9E107D9D372BB6826BD81D3542A419D6"]
    + ["password = ", "getpass()", "get_password(user)", "config[", '"', "(", ")"]
    + ["password is hunterhunter", ".", "required", "hashed", ", ", "Password was "]
    + ["chpasswd <<EOF\n", "bob:Pw123456\n", "EOF\n", "openssl passwd ", "useradd -p "]
    + ["(optional)", "[hidden]", "your_api_key_here", "see below"]
    + ["settings.DB_PASSWORD", "self._key", "token = ", "config.api.token"]
    + ["密码 = ", "密码：", "get_password(user)", "os.environ[", "settings.DB_PASSWORD，"]
    + ["NET USE ", "\\\\fs\\share ", "/user:x ", "P@ss1", "USER bob "]
    + ["//depot/a.c#3 ", " - edit change 12 (text) ", "https://example.com/keys#3 "]
    + _MATCHED_IN_ANY_CASE
)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.one_of(_PIECES, st.text(max_size=12)), max_size=14).map("".join))
def test_what_the_patterns_need_spares_only_text_none_of_them_matches(text):
    # scan() searches a text with a pattern only if it holds something the pattern needs
    # (`_NEEDS`, `_PATTERN_NEEDS`): searched with every pattern, it must find the same
    with mock.patch.object(sensitive._Text, "holds", lambda self, needs: True):
        everywhere = scan(text)
    assert scan(text) == everywhere


@pytest.mark.parametrize("text", _MATCHED_IN_ANY_CASE)
def test_what_a_pattern_needs_is_found_in_any_case(text):
    with mock.patch.object(sensitive._Text, "holds", lambda self, needs: True):
        everywhere = scan(text)
    assert everywhere and scan(text) == everywhere


def test_a_pattern_is_spared_text_that_lacks_what_it_needs():
    needs = sensitive._Needs
    searched = sensitive._Text("Deploy to prod at 5pm, then tell the team")
    assert not searched.holds(needs(sensitive._NEEDS["AWS access key id"]))
    assert not searched.holds(needs(sensitive._PATTERN_NEEDS[sensitive._EN_PASSWORD]))
    assert list(searched.finditer(sensitive._ACCOUNT_PAIR)) == []
    # a need without capitals is looked for in any case, as the pattern's (?i) matches it
    assert sensitive._Text("BEARER abc").holds(needs(sensitive._NEEDS["bearer token"]))
    assert sensitive._Text("pa\u017f\u017fword").holds(needs(("pass",)))
    assert not sensitive._Text("akia").holds(needs(sensitive._NEEDS["AWS access key id"]))
    # most of what omp indexes holds nothing any pattern but the digits' needs
    assert not sensitive._Text("2026-01-31").holds(sensitive._ANY_WORD)
    assert sensitive._Text("the API key").holds(sensitive._ANY_WORD)
    assert not sensitive._Text("the API key").holds(sensitive._ANY_CREDENTIAL)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.text("abAB\u017f\u0131\u0130s_", min_size=1, max_size=3), max_size=5),
    st.text("abcAB\u017f\u0131\u0130sS_ ", max_size=12),
)
def test_what_a_pattern_needs_is_found_alike_string_by_string_and_by_one_search(needs, text):
    # the first questions are answered with `in`, later ones with searches built for them
    by_strings = sensitive._Needs(tuple(needs))
    by_search = sensitive._Needs(tuple(needs))
    by_search.asked = sensitive._SEARCH_AFTER
    assert sensitive._Text(text).holds(by_strings) == sensitive._Text(text).holds(by_search)
    assert by_strings.searches is None and by_search.searches is not None


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.text("abc_-|.", max_size=4), max_size=6),
    st.text("abcd_-|.", max_size=12),
)
def test_a_search_for_any_of_some_strings_finds_what_in_finds(strings, text):
    # the strings share beginnings, start one another and overlap in the text
    search = sensitive._any_of(strings)

    if not strings:
        assert search is None
    else:
        assert search is not None
        assert (search.search(text) is not None) == any(s in text for s in strings)


def test_a_value_whose_key_names_it_a_secret_is_found_in_structured_data():
    data = {"bindings": {"IMG_SIGNING_KEY": "kt_sig_4Fq9Lm2xT7", "MAX_WIDTH": "2560"}}
    assert [(f.kind, f.path) for f in find_secrets(data)] == [
        ("secret assigned to IMG_SIGNING_KEY", "$.bindings.IMG_SIGNING_KEY")
    ]


def test_a_pass_phrase_under_a_secret_key_is_found_in_structured_data():
    assert find_secrets({"vars": {"DB_PASSWORD": "FAKEmy secret phrase2"}}) == [
        sensitive.Finding("secret assigned to DB_PASSWORD", "$.vars.DB_PASSWORD")
    ]


def test_a_phrase_under_a_name_that_is_no_passwords_is_not_a_secret():
    assert find_secrets({"tech_stack": {"secrets": "Secrets Manager"}}) == []


def test_the_file_that_holds_the_secrets_is_a_path_not_a_secret():
    assert find_secrets({"paths": {"secrets": "include/secrets.h"}}) == []
    assert find_secrets({"SIGNING_SECRET": "kt/sig4Fq9Lm2xT7Zp"}) != []


def test_an_account_given_as_a_pair_keeps_no_password():
    redacted, matches = redact(
        "test: seeds 里加测试账号 (13916827734 / chat-demo-2024)，本地联调用"
    )
    assert [m.kind for m in matches] == ["Chinese mobile number", "password of an account"]
    assert "13916827734" not in redacted and "chat-demo-2024" not in redacted


@pytest.mark.parametrize(
    ("text", "redacted"),
    [
        ("数据库密码是 Xy7#kq92pz，别外传", "数据库密码是 [REDACTED:password]，别外传"),
        ("p4 密码: Perf0rce!2024 用户 build", "p4 密码: [REDACTED:password] 用户 build"),
        ("口令为 'Pa55 word'", "口令为 '[REDACTED:password]'"),
        ("测试库密码=123456", "测试库密码=[REDACTED:password]"),
        ("新的私钥：“k3y-m4ter1al”", "新的私钥：“[REDACTED:password]”"),
        # quoted, it is a string, however much it looks like code
        ('密码 = "getpass()"', '密码 = "[REDACTED:password]"'),
        ("密码是 hunter2.x，别外传", "密码是 [REDACTED:password]，别外传"),
    ],
)
def test_a_password_named_in_chinese_is_redacted(text, redacted):
    assert redact(text)[0] == redacted


@pytest.mark.parametrize(
    "text",
    [
        "密码是什么？",
        "密码：见 vault",
        "密码是 6 位数字",
        "改了密码策略：至少 12 位",
        "密码：${DB_PASSWORD}",
        "密码：'<your password>'",
        "私钥：~/.ssh/id_ed25519",
        "令牌 = VERCEL_TOKEN",
        # code that fetches the password, or the attribute that holds it
        "密码 = getpass()",
        '密码：os.environ["DB_PW"]',
        '密码=getpass.getpass("DB: ")',
        "密码 = get_password(user)，然后连库",
        '密码：config.get("db_password")',
        "密码 = settings.DB_PASSWORD",
        "(令牌 = load_token())",
    ],
)
def test_talk_about_a_chinese_named_password_that_gives_none_is_kept(text):
    assert scan(text) == []


@pytest.mark.parametrize(
    ("text", "redacted"),
    [
        ("the wifi password is hunterhunter", "the wifi password is [REDACTED:password]"),
        ("db password is correcthorsebattery.", "db password is [REDACTED:password]."),
        ("The password is hunterhunter, rotate it on Monday.",
         "The password is [REDACTED:password], rotate it on Monday."),
        ("the staging password was opensesame\n(nobody changed it)",
         "the staging password was [REDACTED:password]\n(nobody changed it)"),
        ("the passphrase is correcthorsebattery", "the passphrase is [REDACTED:password]"),
    ],
)  # fmt: skip
def test_a_lower_case_word_stated_as_the_password_is_redacted(text, redacted):
    assert redact(text)[0] == redacted


@pytest.mark.parametrize(
    "text",
    [
        "the password is required.",
        "the password is required",
        "the password is stored in vault",
        "the password is auto-generated",
        "the password is rotated weekly",
        "the password is in 1Password",
        "If the password is missing, ask Ana.",
        "Make sure the password is strong.",
        "the password is sensitive.",
        "the admin password is printed.",
        "the password is mandatory",
        "the password is below:",
        "the password is hunterhunter and the user is admin",  # mid-clause: a word of prose
        "the password is correct horse battery staple",
        "The password is Required.",
        "the password is secret",
        "the password is changeme",
    ],
)
def test_prose_about_a_password_that_gives_none_is_kept(text):
    assert scan(text) == []


# ---- Perforce, and passwords given to command line tools -------------------------------------

TICKET = "3F2504E04F8911D39A0C0305E82C3301"


@pytest.mark.parametrize(
    ("text", "redacted"),
    [
        ("P4PASSWD=Perf0rceS3cret", "P4PASSWD=[REDACTED:secret]"),
        ("export P4PASSWD=Perf0rceS3cret", "export P4PASSWD=[REDACTED:secret]"),
        ("p4 set P4PASSWD=Perf0rceS3cret", "p4 set P4PASSWD=[REDACTED:secret]"),
        ("P4PASSWD=hunter22 (config '/home/ana/.p4config')",
         "P4PASSWD=[REDACTED:secret] (config '/home/ana/.p4config')"),
        ("p4 -u build -P Perf0rceS3cret sync //depot/...",
         "p4 -u build -P [REDACTED:password] sync //depot/..."),
        ("echo 'Perf0rceS3cret' | p4 login", "echo '[REDACTED:password]' | p4 login"),
        ("echo Perf0rceS3cret | p4 -u build login -a",
         "echo [REDACTED:password] | p4 -u build login -a"),
        ("p4 -u build login <<< Perf0rceS3cret", "p4 -u build login <<< [REDACTED:password]"),
        ("the p4 password is Perf0rceS3cret, run p4 login -a",
         "the p4 password is [REDACTED:password], run p4 login -a"),
        ("P4 password: Perf0rceS3cret", "P4 password: [REDACTED:secret]"),
        ("Perforce password for build was 'hunter two'",
         "Perforce password for build was '[REDACTED:password]'"),
        ("p4 密码是 Perf0rce!2024", "p4 密码是 [REDACTED:password]"),
        (f"$ p4 -u build login -p < ~/.p4pw\n{TICKET}\n",
         "$ p4 -u build login -p < ~/.p4pw\n[REDACTED:Perforce ticket]\n"),
        (f"ticket {TICKET.lower()} expires in 12h",
         "ticket [REDACTED:Perforce ticket] expires in 12h"),
        (f"ssl:perforce:1666 (build) {TICKET}",
         "ssl:perforce:1666 (build) [REDACTED:Perforce ticket]"),
        (f"P4PASSWD={TICKET} (config)", "P4PASSWD=[REDACTED:secret] (config)"),
        # 32 capital hex digits are a key too where Perforce is not named (Steam's Web API)
        (f"Steam Web API key: {TICKET} for now", "Steam Web API key: [REDACTED:hex key] for now"),
        # the word "ticket" names a ticket, whatever digest's name comes after it
        (f"the p4 ticket hash is {TICKET}", "the p4 ticket hash is [REDACTED:Perforce ticket]"),
        (f"md5 of the old file changed.\nSteam key: {TICKET}",
         "md5 of the old file changed.\nSteam key: [REDACTED:hex key]"),
        # a depot file on the line before, a URL's anchor or the word "ticket" make no digest
        (f"$ p4 verify //depot/a.c#3\n{TICKET}",
         "$ p4 verify //depot/a.c#3\n[REDACTED:Perforce ticket]"),
        (f"see https://example.com/keys#3 {TICKET}",
         "see https://example.com/keys#3 [REDACTED:hex key]"),
        (f"//depot/a.c#3 p4 ticket {TICKET}", "//depot/a.c#3 p4 ticket [REDACTED:Perforce ticket]"),
    ],
)  # fmt: skip
def test_a_perforce_password_or_ticket_is_redacted(text, redacted):
    assert redact(text)[0] == redacted


@pytest.mark.parametrize(
    ("text", "redacted"),
    [
        ("mysql -u root -pS3cretPw app", "mysql -u root -p[REDACTED:password] app"),
        ("mysql -h db -u root -p'S3cret Pw' app",
         "mysql -h db -u root -p'[REDACTED:password]' app"),
        ("mysqldump -uroot -pS3cretPw app > dump.sql",
         "mysqldump -uroot -p[REDACTED:password] app > dump.sql"),
        ("mysql --password=S3cretPw", "mysql --password=[REDACTED:secret]"),
        ("sshpass -p 'S3cretPw' ssh deploy@10.0.0.5",
         "sshpass -p '[REDACTED:password]' ssh deploy@10.0.0.5"),
        ("curl -u admin:S3cretPw https://api.example.com",
         "curl -u admin:[REDACTED:password] https://api.example.com"),
        ("curl -s --user 'admin:S3cret Pw' https://x",
         "curl -s --user 'admin:[REDACTED:password]' https://x"),
        ("docker login -u ci -p S3cretPw registry.example.com",
         "docker login -u ci -p [REDACTED:password] registry.example.com"),
        ("docker login -u ci --password S3cretPw",
         "docker login -u ci --password [REDACTED:password]"),
        ("htpasswd -bc /etc/nginx/.htpasswd admin S3cretPw",
         "htpasswd -bc /etc/nginx/.htpasswd admin [REDACTED:password]"),
        ("htpasswd -nbB admin S3cretPw", "htpasswd -nbB admin [REDACTED:password]"),
        ("smbclient //fs/share -U alice%S3cretPw",
         "smbclient //fs/share -U alice%[REDACTED:password]"),
        ("PGPASSWORD=S3cretPw psql -h db -U app", "PGPASSWORD=[REDACTED:secret] psql -h db -U app"),
        ("redis-cli -h cache -p 6379 -a S3cretPw ping",
         "redis-cli -h cache -p 6379 -a [REDACTED:password] ping"),
        ("mongosh -u admin -p S3cretPw", "mongosh -u admin -p [REDACTED:password]"),
        ("openssl pkcs12 -export -passout pass:S3cretPw -out a.p12",
         "openssl pkcs12 -export -passout pass:[REDACTED:password] -out a.p12"),
        ("openssl rsa -in key.pem -passin 'pass:S3cret Pw'",
         "openssl rsa -in key.pem -passin 'pass:[REDACTED:password]'"),
        ("keytool -list -keystore ks.jks -storepass S3cretPw",
         "keytool -list -keystore ks.jks -storepass [REDACTED:password]"),
        ("zip -P S3cretPw out.zip notes.txt", "zip -P [REDACTED:password] out.zip notes.txt"),
        ("7z a -pS3cretPw out.7z dir", "7z a -p[REDACTED:password] out.7z dir"),
        ("mysql -h db \\\n  -u root -pS3cretPw",
         "mysql -h db \\\n  -u root -p[REDACTED:password]"),
        ("echo S3cretPw | sudo -S apt-get update",
         "echo [REDACTED:password] | sudo -S apt-get update"),
        # tools that take the password as a word of its own
        ("rabbitmqctl add_user app S3cr3tPw!", "rabbitmqctl add_user app [REDACTED:password]"),
        ("rabbitmqctl change_password app NewPw123",
         "rabbitmqctl change_password app [REDACTED:password]"),
        ("sudo rabbitmqctl -n rabbit@mq1 add_user 'app' 'S3cret Pw'",
         "sudo rabbitmqctl -n rabbit@mq1 add_user 'app' '[REDACTED:password]'"),
        ("mysqladmin -u root password NewPw1", "mysqladmin -u root password [REDACTED:password]"),
        ("net user bob P@ssw0rd1 /add", "net user bob [REDACTED:password] /add"),
        ("net rpc user add -U admin bob Pw12345 -S dc1",
         "net rpc user add -U admin bob [REDACTED:password] -S dc1"),
        ("net use Z: \\\\fs\\share P@ss1 /user:CORP\\bob",
         "net use Z: \\\\fs\\share [REDACTED:password] /user:CORP\\bob"),
        # Windows's commands in any case, switches before the password
        ("NET USER bob P@ssw0rd1 /ADD", "NET USER bob [REDACTED:password] /ADD"),
        ("Net User bob P@ssw0rd1", "Net User bob [REDACTED:password]"),
        ("Net Use \\\\srv\\share P@ss1 /user:x",
         "Net Use \\\\srv\\share [REDACTED:password] /user:x"),
        ("net use Z: \\\\fs\\share /user:CORP\\bob P@ss1 /persistent:no",
         "net use Z: \\\\fs\\share /user:CORP\\bob [REDACTED:password] /persistent:no"),
        ("SQLCMD -S db -U sa -P S3cretPw -Q \"SELECT 1\"",
         "SQLCMD -S db -U sa -P [REDACTED:password] -Q \"SELECT 1\""),
        ("smbclient //fs/share S3cretPw -U alice",
         "smbclient //fs/share [REDACTED:password] -U alice"),
        ("samba-tool user create bob Pw12345x --given-name=Bob",
         "samba-tool user create bob [REDACTED:password] --given-name=Bob"),
        ("openssl passwd -6 -salt xyz S3cret", "openssl passwd -6 -salt xyz [REDACTED:password]"),
        ('useradd -m -p "$(openssl passwd -1 S3cret)" bob',
         'useradd -m -p "$(openssl passwd -1 [REDACTED:password])" bob'),
        # useradd -p takes a hash, but a password given in plain is taken as it is
        ("useradd -m -p 'Pw123456' bob", "useradd -m -p '[REDACTED:password]' bob"),
        ("echo 'bob:Pw123456' | sudo chpasswd", "echo 'bob:[REDACTED:password]' | sudo chpasswd"),
        ("chpasswd <<< 'bob:Pw123456'", "chpasswd <<< 'bob:[REDACTED:password]'"),
        ("sudo chpasswd <<EOF\nbob:Pw123456\nEOF\necho done",
         "sudo chpasswd <<EOF\nbob:[REDACTED:password]\nEOF\necho done"),
    ],
)  # fmt: skip
def test_a_password_given_to_a_command_line_tool_is_redacted(text, redacted):
    result, matches = redact(text)
    assert result == redacted
    assert [m.kind for m in matches] in (["password"], ["secret assigned to password"],
                                         ["secret assigned to PGPASSWORD"])  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "P4PORT=ssl:perforce:1666",
        "P4USER=alice",
        "P4CLIENT=alice-ws-main",
        "p4 set P4PORT=ssl:perforce:1666",
        "set P4PASSWD in your env",
        "p4 -p ssl:perforce:1666 -u alice info",
        "p4 login -a",
        "the p4 password is in the vault",
        "the password is required / auto-generated / hashed with argon2id",
        "commit 3f2504e04f8911d39a0c0305e82c3301",  # lower-case hex is a digest
        "serial[5157F09EFDC096DE15EBE81A47057A72********]",  # masked further: no key
        # digests in capitals
        "MD5 (file.tar.gz) = 9E107D9D372BB6826BD81D3542A419D6",
        "md5sum: 9E107D9D372BB6826BD81D3542A419D6",
        'ETag: "9E107D9D372BB6826BD81D3542A419D6"',
        "checksum 9E107D9D372BB6826BD81D3542A419D6",
        "Content-MD5: 9E107D9D372BB6826BD81D3542A419D6",
        "MD5             9E107D9D372BB6826BD81D3542A419D6       C:\\dl\\file.zip",
        "p4 fstat -Ol //depot/a.c ... digest 9E107D9D372BB6826BD81D3542A419D6",
        # `p4 verify` prints each file's digest after its revision
        "//depot/main/file.c#3 - edit change 1234 (text) 5157F09E8A2C4B7D9E1F3A6C8B0D2E4F",
        "$ p4 verify //depot/main/...\n"
        "//depot/main/file.c#3 - edit change 1234 (text) 5157F09E8A2C4B7D9E1F3A6C8B0D2E4F\n"
        "//depot/main/util.h#12 - add change 1240 (text+k) 9E107D9D372BB6826BD81D3542A419D6",
        "password: \"{{ env_var('SNOWFLAKE_PASSWORD') }}\"",  # dbt's profiles.yml
        'mysql -h db -u reader -p"$MYSQL_PASSWORD" -e "SELECT 1"',
        "ticket PROJ-1234 is fixed",
        "ssh -p 2222 deploy@host",
        "docker run -p 8080:80 nginx",
        "docker compose -p shop up -d",
        "docker login ghcr.io -u me --password-stdin",
        'echo "$CR_PAT" | docker login ghcr.io -u me --password-stdin',
        "mkdir -p src/app",
        "python -m pip install omp",
        "git commit -m 'fix the build'",
        "ls -la",
        "aws --profile prod s3 ls",
        "cargo test -p omp-core",
        "pytest -p no:cacheprovider",
        "mysql -u root -p app",  # -p apart: mysql asks for the password
        "mysql -P 3306 -h db",
        "redis-cli -h cache -p 6379 ping",
        "psql -h db -U app -p 5432",
        "curl -u alice https://api.example.com",
        'curl -u "$USER:$TOKEN" https://api.example.com',
        "openssl rsa -in key.pem -passin env:KEY_PW",
        "keytool -list -storepass:env STOREPASS",
        "use sshpass -p with care",
        "htpasswd -c .htpasswd admin",
        "zip -r out.zip dir",
        "7z x out.7z -oout",
        "echo done | tee build.log",
        "rabbitmqctl add_user app $RABBIT_PW",
        'rabbitmqctl add_user app "$RABBIT_PW"',
        "rabbitmqctl add_user <user> <password>",
        "rabbitmqctl add_user username password",  # the documentation's words
        "rabbitmqctl add_user app",  # asks for the password
        "rabbitmqctl add_user app --pre-hashed-password Zm9vYmFyYmF6cXV4",
        "rabbitmqctl add_user is how you add one",
        "rabbitmqctl list_users",
        'mysqladmin -u root -p password "$NEW_PW"',
        "use the mysqladmin password command",
        "net user bob * /add",
        "net user bob /delete",
        "net user is a Windows command",
        "NET USER bob * /ADD",
        "NET USER is a Windows command",
        "NET USE Z: \\\\fs\\share /USER:CORP\\bob /PERSISTENT:NO",
        "net use \\\\fs\\share /user:bob and then it asks for the password",
        "smbclient //fs/share -U alice",
        "smbclient -L //fs -N",
        "openssl passwd -in passwords.txt",
        "useradd -m -p '$6$k9Qw$Zc0aXz1Vb2' bob",  # a hash, as useradd wants it
        "usermod -p '!' bob",
        "echo 'bob:$6$k9Qw$Zc0aXz1Vb2' | chpasswd -e",
        'echo "bob:$BOB_PW" | chpasswd',
        "cat <<'END' | sudo chpasswd -e\nbob:$6$k9Qw$Zc0aXz1Vb2\nEND",
        "sudo chpasswd < users.txt",
    ],
)
def test_flags_and_words_that_only_look_like_a_password_are_kept(text):
    assert scan(text) == []


@pytest.mark.parametrize("filler", ["", " and more words" * 20])  # cached, and too long to be
def test_a_string_seen_before_gets_the_answer_a_scan_gives(filler):
    text = f"the db password is Xy7#kq92pz{filler}"
    scanned = list(dict.fromkeys(m.kind for m in scan(text)))
    first = find_in_text(text)
    first.append("changed by the caller")
    assert scanned and find_in_text(text) == scanned
    assert find_in_text(text.replace("Xy7#kq92pz", "at the usual place")) == []


# ---- keys and tokens stated in prose, and a Chinese password after a space (session 47) -----

_HEX40 = "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432"
_MIXED = "a8F3kL9pQ2xR7mN4vB6cT1yH5jD0sW8e"


@pytest.mark.parametrize(
    ("text", "redacted"),
    [
        (f"my wandb key is {_HEX40}", "my wandb key is [REDACTED:key or token]"),
        (f"wandb key: {_HEX40}", "wandb key: [REDACTED:key or token]"),
        (f"here's my token {_HEX40} don't store it",
         "here's my token [REDACTED:key or token] don't store it"),
        (f"AppSecret 是 {_MIXED}，帮我写到配置里",
         "AppSecret 是 [REDACTED:key or token]，帮我写到配置里"),
        (f"APIv3 key 是 {_MIXED}。", "APIv3 key 是 [REDACTED:key or token]。"),
        ("Redis 地址 10.0.3.15:6379 密码 Gm@2024redis!",
         "Redis 地址 10.0.3.15:6379 密码 [REDACTED:password]"),
        ("账号 tps1234，密码 k9Xq2mPz", "账号 tps1234，密码 [REDACTED:password]"),
    ],
)  # fmt: skip
def test_a_key_or_token_stated_in_prose_is_redacted(text, redacted):
    assert redact(text)[0] == redacted


@pytest.mark.parametrize(
    "text",
    [
        "the primary key is user_id",
        "the cache key is user-profile-cache-v2",
        "the idempotency key is order_2024_archive_final",
        "sort key is created_at, partition key is tenant_id",
        f"the commit is {_HEX40}",
        "the public key is ssh-ed25519 AAAAC3NzaC1lZDI1NTE5",
        "密码 错误",
        "密码 field is required",
        "密码 reset 了",
    ],
)
def test_a_key_that_is_a_name_and_a_word_after_a_password_are_kept(text):
    assert scan(text) == []


@pytest.mark.parametrize(
    ("text", "redacted"),
    [
        ("grafana admin creds btw if u need to check dashboards: admin / Kx9#mPq2$vLw  url is x",
         "grafana admin creds btw if u need to check dashboards: admin / [REDACTED:password]  "
         "url is x"),
        ("steam upload creds: user lumen_build pass Gh0stP1atform#99",
         "steam upload creds: user lumen_build pass [REDACTED:password]"),
        ("steam password Gh0stP1atform#99", "steam password [REDACTED:password]"),
        ("aws creds: aws_access_key_id AKIAIOSFODNN7EXAMPLE and secret "
         "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
         "aws creds: aws_access_key_id [REDACTED:AWS access key id] and secret "
         "[REDACTED:key or token]"),
        ("腾讯云的 SecretId AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE 给你",
         "腾讯云的 SecretId [REDACTED:Tencent Cloud SecretId] 给你"),
        ("Jira 用我的 API token 吧：ATATT3xFfGF0T2hQb3RhbF9rZXlfZXhhbXBsZV8xMjM0NTY3ODkw",
         "Jira 用我的 API token 吧：[REDACTED:Atlassian API token]"),
        ("Confluence 的 token 给你 NjQ5MTIzODc2NTQzOkZ4Y3ZhYmNkZWZnaGlqa2xtbm9w",
         "Confluence 的 token 给你 [REDACTED:key or token]"),
        ("告警发到 https://open.feishu.cn/open-apis/bot/v2/hook/2b3c4d5e-6f70-4819-a2b3-c4d5e6f70819",
         "告警发到 https://open.feishu.cn/open-apis/bot/v2/hook/[REDACTED:bot webhook]"),
        ("群机器人 https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa",
         "群机器人 https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=[REDACTED:bot webhook]"),
    ],
)  # fmt: skip
def test_secrets_said_the_ways_people_paste_them_are_redacted(text, redacted):
    assert redact(text)[0] == redacted


@pytest.mark.parametrize(
    "text",
    [
        "pass the tests with pytest",
        "the password reset flow is broken",
        "login via SSO / OIDC",
        "creds are in 1password / vault",
        " PASS  src/webhooks/kuaidi100.controller.spec.ts",
        "credentials: apiVersion: argoproj.io/v1alpha1",
        "rabbitmqctl add_user app --pre-hashed-password Zm9vYmFyYmF6cXV4",
        "the secret ingredient is ThisIsAVeryLongCamelCaseIdentifierName",
    ],
)
def test_words_after_pass_and_slashes_after_creds_that_are_no_passwords_are_kept(text):
    assert scan(text) == []


@pytest.mark.parametrize(
    ("text", "redacted"),
    [
        ("AK: AccessKeyId LTAI5tF7wQ9nZ2xK4mR8pJvL AccessKeySecret kR3nT8wQ1zX5vB7mC9dF2gH4jL6 。",
         "AK: AccessKeyId [REDACTED:Alibaba Cloud AccessKey ID] AccessKeySecret "
         "[REDACTED:key or token] 。"),
        ("AK: LTAI5tKq8XmP3nR7vYw2BzQd SK: kR3nT8wQ1zX5vB7mC9dF2gH4jL6pS0",
         "AK: [REDACTED:Alibaba Cloud AccessKey ID] SK: [REDACTED:key or token]"),
        ("APIv3 密钥 a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6", "APIv3 密钥 [REDACTED:key or token]"),
        ("MB_DB_PASS: mb_Pg#2024xx", "MB_DB_PASS: [REDACTED:secret]"),
        ("DB_PASS=hunter2x", "DB_PASS=[REDACTED:secret]"),
        # a county code newer than the birth year: the number carries the code of its issue
        ("idcard=310115199001017036 ok", "idcard=[REDACTED:Chinese ID number] ok"),
        ("身份证 44030619900101703X", "身份证 [REDACTED:Chinese ID number]"),
        ("webhook https://hooks.slack.com/services/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 ok",
         "webhook https://hooks.slack.com/services/[REDACTED:bot webhook] ok"),
        ("https://discord.com/api/webhooks/1203948576102938475/Xk2mQ9pL4rT7vW1yB3cD5eF8gH0jK2mN4p",
         "https://discord.com/api/webhooks/[REDACTED:bot webhook]"),
        ("my key if you want to test the logger locally: 3f9c2a7e1b8d4f60a5c9e2b7d1f4a8c3e6b9d2f0",
         "my key if you want to test the logger locally: [REDACTED:key or token]"),
        ("UNLEASH_ADMIN_TOKEN is set in pages env already, value is *:*.b6c1e9d04f7a8c3e6b9d2f0a1",
         "UNLEASH_ADMIN_TOKEN is set in pages env already, value is [REDACTED:key or token]"),
        ("the wifi password btw is the same as the office one which is tomatoes-4ever!",
         "the wifi password btw is the same as the office one which is [REDACTED:password]"),
        ('#define WIFI_PASS "tomatoes-4ever!"', '#define WIFI_PASS "[REDACTED:secret]"'),
        ("call +1 415 555 0182", "call +[REDACTED:phone number]"),
        ("0086 186 0000 1234", "[REDACTED:Chinese mobile number]"),
    ],
)  # fmt: skip
def test_cloud_keys_pass_variables_and_id_numbers_of_newer_counties_are_redacted(text, redacted):
    assert redact(text)[0] == redacted


@pytest.mark.parametrize(
    "text",
    [
        "FIRST_PASS: enabled",
        "COMPASS: northwest",
        "Tests pass: everything green",
        "the SK of the table is user_id_2024",
        "990101199001011234",  # no province 99
        "310115199013417036",  # no 13th month
        "see https://hooks.slack.com/services for the docs",
        "#define PASS_COUNT 3",
        'print(TOKEN "abcdefgh")',
        "the password reset flow is handled by auth-service-v2",
        "The key point is that we ship v2.3.1 first",
        "the secret lives in https://vault.example.com/v1/secret/data/app",
        "Alchemy's docs: https://docs.alchemy.com/reference/eth-getlogs",
    ],
)
def test_passes_sort_keys_and_numbers_that_are_no_id_are_kept(text):
    assert scan(text) == []


@pytest.mark.parametrize(
    ("text", "redacted"),
    [
        ("https://api.telegram.org/bot7983964455:AAgivmg0Xq7Lm2Kp9Rz4Tn8Wb3Yc6Hd1JeQ/getMe",
         "https://api.telegram.org/bot[REDACTED:Telegram bot token]/getMe"),
        ("dsn https://1af835b3c9d24e8f8a7b6c5d4e3f2a1b@o278943.ingest.sentry.io/4504",
         "dsn https://[REDACTED:Sentry DSN key]@o278943.ingest.sentry.io/4504"),
        ("RPC_URL=https://base-sepolia.g.alchemy.com/v2/kX9fQ2mB7vLr4TzW1nPc8HsY3dJe6GaU",
         "RPC_URL=https://base-sepolia.g.alchemy.com/v2/[REDACTED:node provider API key]"),
        ("wss://mainnet.infura.io/ws/v3/9aa3d95b3bc440fa88ea12eaa4456161 for events",
         "wss://mainnet.infura.io/ws/v3/[REDACTED:node provider API key] for events"),
        ("https://a.b.net/c/f?sv=2022-11-02&sig=Xk8%2FqL2m9Pz4Tn8W&sp=r",
         "https://a.b.net/c/f?sv=2022-11-02&sig=[REDACTED:secret in URL query]&sp=r"),
        ("https://example.com/dl?token=abc123def456ghi&expires=1700000000",
         "https://example.com/dl?token=[REDACTED:secret in URL query]&expires=1700000000"),
        ("origin https://x-access-token:Qz7mWp2Lx9abR4t@github.com/org/repo.git",
         "origin https://x-access-token:[REDACTED:password in URL]@github.com/org/repo.git"),
        ('- WEBHOOK_SIG: "f3b9c1e7a2d84f6c0e5b9a3d7f1c8e2a"', '- WEBHOOK_SIG: "[REDACTED:secret]"'),
        ('  - SMTP_AUTH: "smtpuser:Sm7p#2024"', '  - SMTP_AUTH: "[REDACTED:secret]"'),
        ('PASSPHRASE: "correct horse battery staple"', 'PASSPHRASE: "[REDACTED:secret]"'),
        ("COOKIE_SECRET=Ck!e2024", "COOKIE_SECRET=[REDACTED:secret]"),
        ('{"pass": "Js0n#Pa55!"}', '{"pass": "[REDACTED:secret]"}'),
        ('{"auth":"YWNtZWJvdDpEb2NrZXIjMjAyNA=="}', '{"auth":"[REDACTED:secret]"}'),
        ("生产库的密码改成 P@ssw0rd_prod_2024 了", "生产库的密码改成 [REDACTED:password] 了"),
        ("MySQL root 密码我改成了 Root_2024_new", "MySQL root 密码我改成了 [REDACTED:password]"),
        ("账号admin密码Adm1n2024", "账号admin密码[REDACTED:password]"),
        ("db_admin_password Tf#DbAdm1n-2024 moved", "db_admin_password [REDACTED:password] moved"),
        ("统一用 admin / Mm@2024shop 登录", "统一用 admin / [REDACTED:password] 登录"),
        ("creds AKIAJV48U1HAX10UAZ41 / HtVy7CvCj4Rt9Qw2Ez5Xb8Nm1Lk3Jh6Gf0Ds4Ap7",
         "creds [REDACTED:AWS access key id] / [REDACTED:AWS secret access key]"),
        ("jdbc:oracle:thin:scott/Tiger123@//ora:1521/ORCL",
         "jdbc:oracle:thin:scott/[REDACTED:password in connection string]@//ora:1521/ORCL"),
        ("db pw Qz7!mWp2Lx9", "db pw [REDACTED:password]"),
        ("Server token for prod is 8d3f6e0a-5c9b-1d7e-3f8a-2c9c4f1e7a2b",
         "Server token for prod is [REDACTED:key or token]"),
        ("API token Qz7mWp2Lx9ab", "API token [REDACTED:key or token]"),
        ("AK 是 F5V9HSTPZTWA80L7Z1YO", "AK 是 [REDACTED:key or token]"),
        ("seed PEO2LUIHRQM2EDTN is in the safe", "seed [REDACTED:key or token] is in the safe"),
        ("secret_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfG", "[REDACTED:Notion token]"),
        ("eyJhbGciOiJub25lIn0.eyJzdWIiOiIxMjM0NTY3ODkwIn0.", "[REDACTED:JSON Web Token]"),
    ],
)  # fmt: skip
def test_secrets_the_fourth_probe_pasted_are_redacted(text, redacted):
    assert redact(text)[0] == redacted


@pytest.mark.parametrize(
    "text",
    [
        '"token_uri": "https://oauth2.googleapis.com/token"',
        "SharedAccessKeyName=RootManageSharedAccessKey",
        "postgres://user:password@localhost:5432/db",
        "image: nginx:1.25@sha256:abc",
        "redis:7.2-alpine",
        "url: http://localhost:8080/?debug=true&page=2",
        "密码改成 bcrypt 加密",
        "random seed 42 for all runs",
        "API_KEY=MYKEY",
        "DEFAULT_AUTH: oauth_everywhere",
        "mixed/chat.md#0",
        "see src/App.tsx:12",
        "fixed in acme/web#123",
        "mail ops/dev2@shop.com",
        "fix/issue-42?x=1",
        "build/x86_64+cuda12.1",
        # counts, packages at versions, a stash, Markdown bold, JSON a session file holds
        '"output_tokens": 2709}}',
        '"stop_tokens": [200002]',
        "uses: pnpm/action-setup@v3 with",
        "knolleary/PubSubClient@^2.8",
        "**WeNet / k2-sherpa**：可以自己训",
        "展示层才做 `minor / 10^exponent` 转换",
        "Dropped refs/stash@{0} (0b9e4f2c1d7a8)",
        '"output_tokens": 408}}, "requestId": "req_011CNNRGJVoPlPQ4tjFDDYAMDprh"}',
        'token 也 revoke 了，push 成功"}, "uuid": "0ec84875-8735-e7fb-b1da-0be1f20ee97a"',
    ],
)
def test_ids_paths_and_hashes_that_only_look_like_secrets_are_kept(text):
    assert scan(text) == []


@pytest.mark.parametrize(
    ("text", "redacted"),
    [
        ("the admin token, ADMIN_TOKEN, I set it with wrangler secret put. value is "
         "snp_adm_7Hq2Xk9LmP4vRt8ZwY3cNb6F if you need it",
         "the admin token, ADMIN_TOKEN, I set it with wrangler secret put. value is "
         "[REDACTED:key or token] if you need it"),
        ("管理员 token 我已经配好了。值是 snp_adm_7Hq2Xk9LmP4vRt8ZwY3cNb6F",
         "管理员 token 我已经配好了。值是 [REDACTED:key or token]"),
        ("the master key is in 1password under 'shopfront', it's 4c1f9e2b7a3d8e6f0b5a9c2d7e4f1a3b",
         "the master key is in 1password under 'shopfront', it's [REDACTED:key or token]"),
    ],
)  # fmt: skip
def test_secrets_pasted_into_talk_are_redacted_in_place(text, redacted):
    assert redact(text)[0] == redacted


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a label on its line, the value on the next
        ("DB password:\n  Xk9#mLq2vP", "Xk9#mLq2vP"),
        ("### Password\n8JJm&BWAwo2", "8JJm&BWAwo2"),
        ("root password for the box (rotated yesterday)\n\n2Jfz!9rJ9b6", "2Jfz!9rJ9b6"),
        ("and the firebase server key is\nAAAAx7Kq2Lm:APA91bH9Fq2Lm8Xv3Kp7Rt1Wn6Yb4Zc0Hd5",
         "AAAAx7Kq2Lm:APA91bH9Fq2Lm8Xv3Kp7Rt1Wn6Yb4Zc0Hd5"),
        # bold labels, tables, XML
        ("**DB password:** Qa1!zWsx3e", "Qa1!zWsx3e"),
        ("**Password**: `ZWlb*ZjekcT`", "ZWlb*ZjekcT"),
        ("**密码**：Hn3?kL8mP2", "Hn3?kL8mP2"),
        ("| env | user | password |\n|---|---|---|\n| staging | app | Qw7#rT9yUi |", "Qw7#rT9yUi"),
        ("| 账号 | 密码 | 备注 |\n|----|----|----|\n| admin | Lm4!pQ8sWx | 后台 |", "Lm4!pQ8sWx"),
        ("|host|port|user|pass|\n|-|-|-|-|\n|10.0.4.21|5432|report|BlueSky-2031|", "BlueSky-2031"),
        ("<password>M4v3nDepl0y</password>", "M4v3nDepl0y"),
        ('<property name="hibernate.connection.password">Wq2mZ8pLc6</property>', "Wq2mZ8pLc6"),
        # cookies, .pgpass, Redis
        ("Cookie: session=d8nLACjBWLOgjSXXwowVFlTyrMgKCVBV", "d8nLACjBWLOgjSXXwowVFlTyrMgKCVBV"),
        ("Set-Cookie: JSESSIONID=7f3a9c2e1b8d4f6a0c5e9b3d7a1f8c2e; Path=/",
         "7f3a9c2e1b8d4f6a0c5e9b3d7a1f8c2e"),
        ("my PHPSESSID is q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6", "q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6"),
        ("use .pgpass (db-prod.internal:5432:reports:report_ro:Rp0rt#R3ad0nly) instead",
         "Rp0rt#R3ad0nly"),
        ("redis-server --requirepass Yc2&dF6hJk8s", "Yc2&dF6hJk8s"),
        ("requirepass 改成了 Zp4kR7mW2x，客户端同步更新", "Zp4kR7mW2x"),
        ("AUTH default Yc2dF6hJk8sD", "Yc2dF6hJk8sD"),
        # an account's pair
        ("use root:Tt5Rr4Ee3Ww2 for the staging smoke test", "Tt5Rr4Ee3Ww2"),
        ("堡垒机账号改为 root/Yt6#wQ9pLz", "Yt6#wQ9pLz"),
        ("creds are bob / Pp0Oo9Ii8Uu7", "Pp0Oo9Ii8Uu7"),
        # SDKs, keys in base64, commands
        ('cred = credential.Credential("AKIDxx", "pyYiyidvdecFJqmdJjvdOgojJj0BRtGK")',
         "pyYiyidvdecFJqmdJjvdOgojJj0BRtGK"),
        ('client = new AipOcr("12345678", "1cX0", "d3lg7OiIIFZ8eIu44Ch8QFk72XpEzjS4");',
         "d3lg7OiIIFZ8eIu44Ch8QFk72XpEzjS4"),
        ('new DefaultAlipayClient(url, id, "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIB")',
         "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIB"),
        ("coscmd config -a AKIDxx -s pyYiyidvdecFJqmdJjvdOgojJj0BRtGK -b x-125",
         "pyYiyidvdecFJqmdJjvdOgojJj0BRtGK"),
        ("obsutil config -i=ZAI7K3QTCRREV9P2JOA7 -k=pROgKg21peCeJIqYBpDnNGtjJkiHMX7utm9Rcox1",
         "pROgKg21peCeJIqYBpDnNGtjJkiHMX7utm9Rcox1"),
        ("gh secret set DEPLOY_TOKEN --body Gh5ecr3tBody9", "Gh5ecr3tBody9"),
        ('echo "::add-mask::Mask3dV4lue77"', "Mask3dV4lue77"),
        ("echo Vc1EnvAdd99 | vercel env add SECRET production", "Vc1EnvAdd99"),
        ("rabbitmqadmin -u admin -p Rb#Mq8899 list queues", "Rb#Mq8899"),
        ("wechat.pay.apiV3Key=Qm8nW2xR5tY7uI9oP1aS3dF6gH4jK0lZ",
         "Qm8nW2xR5tY7uI9oP1aS3dF6gH4jK0lZ"),
        ("ak=1cX03GOOjF6MCHTiyGQR7yEp sk=d3lg7OiIIFZ8eIu44Ch8QFk72XpEzjS4",
         "d3lg7OiIIFZ8eIu44Ch8QFk72XpEzjS4"),
        ("applicationKey K005xR8mP2vL7qT4wN9bZ3cY6dF1gH5j", "K005xR8mP2vL7qT4wN9bZ3cY6dF1gH5j"),
        # prose
        ("Tr0ub4dor&3 is the password for grafana", "Tr0ub4dor&3"),
        ("login with Cc2Xx1Zz0Aa9 as the password", "Cc2Xx1Zz0Aa9"),
        ("wifi pass for the office test devices: bluecactus-Harbor-17", "bluecactus-Harbor-17"),
        ("pw = kr72@4YbwDC", "kr72@4YbwDC"),
        ("admin pw = pw9.Rt5Ye8", "pw9.Rt5Ye8"),
        ("Admin pwd -> Hh9Gg8Ff7Dd6", "Hh9Gg8Ff7Dd6"),
        ("密码发你了：Jq5%rT8wYe", "Jq5%rT8wYe"),
        ("测试环境 root 的密码跟上次一样，是 Jq5rT8wYe9", "Jq5rT8wYe9"),
        ('SESSION_SECRET="tired horse runs fast"', "tired horse runs fast"),
        ("the password for the vpn? it's Xc9vB8nM7q", "Xc9vB8nM7q"),
        ("I set the keystore password to Kk8Jj7Hh6Gg5, alias is upload", "Kk8Jj7Hh6Gg5"),
        # said again in passing
        ("DB_PASSWORD=Xy7kLm2Qp9Wz in staging\npsql still rejects Xy7kLm2Qp9Wz", "Xy7kLm2Qp9Wz"),
        # personal data in full-width digits, with dots or brackets
        ("手机 \uff11\uff18\uff16\uff11\uff14\uff11\uff14\uff14\uff13\uff12\uff16",
         "\uff11\uff18\uff16\uff11\uff14\uff11\uff14\uff14\uff13\uff12\uff16"),
        ("手机 186.1414.4326", "186.1414.4326"),
        ("手机 (186) 1414 4326", "186) 1414 4326"),
    ],
)  # fmt: skip
def test_secrets_in_the_forms_of_session_49s_third_probe_are_redacted(text, secret):
    clean = redact(text)[0]
    assert secret not in clean
    assert "[REDACTED:" in clean


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("JWT_SECRET=q8Wm3Rt6Yp9Ls2Kd\nDATABASE_URL=postgres://app:x@db:5432/app\nLOG_LEVEL=debug",
         "LOG_LEVEL=debug"),
        ("PAYMENT_WEBHOOK_SECRET=whsec_1\nLOG_LEVEL=debug\nPORT=8080", "LOG_LEVEL=debug"),
        ("DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app", "${DB_PASSWORD}"),
        ('psql "postgres://app:$DB_PASSWORD@db:5432/app"', "$DB_PASSWORD"),
        ('The OpenAPI example body is {"username": "string", "password": "string"}',
         '"password": "string"'),
        ("Stripe publishable key pk_live_51H8xYzAbCdEfGhIjKlMnOpQr is in the frontend bundle",
         "pk_live_51H8xYzAbCdEfGhIjKlMnOpQr"),
        ("the password lives in arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-AbCd",
         "arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-AbCd"),
        ("DB_PASSWORD=op://prod/db/password", "op://prod/db/password"),
        ("password: ./secrets/db-password.txt", "./secrets/db-password.txt"),
        ("password = settings.DB_PASSWORD", "settings.DB_PASSWORD"),
        ("the primary key is\nuser_id", "user_id"),
        ("| column | type | key |\n|---|---|---|\n| id | int | PK |", "PK"),
    ],
)  # fmt: skip
def test_what_the_third_probe_pasted_near_secrets_keeps_its_words(text, kept):
    assert kept in redact(text)[0]


def test_a_value_said_after_its_label_in_the_message_before_is_redacted():
    assert redact("Gm4#kP9wQz", after="the token is")[0] == (
        "[REDACTED:secret on the line after its name]"
    )
    assert redact("Gm4#kP9wQz", after="see you tomorrow")[0] == "Gm4#kP9wQz"
    assert redact("psql rejects Xy7kLm2Qp9Wz", known={"Xy7kLm2Qp9Wz": "password"})[0] == (
        "psql rejects [REDACTED:password]"
    )


@pytest.mark.parametrize(
    "text",
    [
        "The API key rotates weekly. The value is stored in Vault.",
        "token expiry is 3600. value: 0x7f3a9c",
        "**`manage_master_user_password = true`**: RDS generates it",
        "the key is in the README, it's under Setup",
    ],
)
def test_talk_about_where_a_secret_is_kept_is_kept(text):
    assert scan(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "/work/tests/extract_corpus/unseen/211-zh-chatgpt-django-sms-login-secrets/conv.json#12",
        "login-secrets/conversations.json#12",
        "src/dev/Setup2024.tsx",
        "user/settings2024.yaml",
    ],
)
def test_a_source_file_whose_path_names_a_login_or_an_account_is_no_secret(text):
    # a decision's source_refs hold the path: a path taken for a password refused the write
    assert scan(text) == []


# ---- secrets said over two messages, or said again -----------------------------------------------


def test_a_secret_given_in_the_message_after_its_label_or_said_again_is_redacted():
    batch = ex.Batch()
    said = ["the cloudflare api token for the dns challenge is",
            "Jf7Kq2Lm9Xp4Rz8Tn3Vb6Yc1Wd5Hs0Ga2Ue4Io6",
            "DB_PASSWORD=Xy7kLm2Qp9Wz in staging",
            "psql still rejects Xy7kLm2Qp9Wz, weird"]  # fmt: skip
    clean = [ex.redact_text(text, "chat.md", n, batch) for n, text in enumerate(said)]
    assert clean[1] == "[REDACTED:secret on the line after its name]"
    assert clean[3] == "psql still rejects [REDACTED:secret], weird"
    assert [(r.index, r.kind) for r in batch.redactions] == [
        (1, "secret on the line after its name"),
        (2, "secret assigned to DB_PASSWORD"),
        (3, "secret assigned to DB_PASSWORD"),
    ]
    other = ex.Batch()  # another source's message is no label of this one's
    ex.redact_text(said[0], "a.md", 0, other)
    assert ex.redact_text(said[1], "b.md", 0, other) == said[1]


# ---- another country's phone number --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["client contact is Jonas Brandt, +49 1512 3456789.", "+4915123456789", "+49-1512-3456789",
     "+44 (0)20 7946 0958", "+33 6 12 34 56 78"],
)  # fmt: skip
def test_another_countrys_phone_number_is_redacted(text):
    from omp.sensitive import redact

    assert "[REDACTED:phone number]" in redact(text)[0]


@pytest.mark.parametrize(
    "text", ["3 files changed, 88 insertions(+), +12 lines", "ts +0800 2024", "+12.5% growth",
             "mem +1024 MB +2048 MB", "v1.2.3+20240101"]
)  # fmt: skip
def test_numbers_after_a_plus_that_are_no_phone_numbers_stay(text):
    from omp.sensitive import redact

    assert redact(text)[0] == text


# ---- Fly and crates.io tokens --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind"),
    [("new value FlyV1 fm2_lJPECAAAAAAAAMzSxBB7nQpLkQ2v8XcY9mN3rT6wJ1hK4sD0fG5aZ8bE2u,fm2_abc",
      "Fly.io token"),
     ("FLY_API_TOKEN=FlyV1 fm2_lJPECAAAAAAAAMzSxBB7nQpLkQ2v8XcY9mN3rT6w and we decided",
      "Fly.io token"),
     ("cio4Fq8Rt2Lm7XvZ9nB3kW6yP1sD5gH0jAx not ideal to paste here", "crates.io token")],
)  # fmt: skip
def test_fly_and_crates_io_tokens_are_redacted(text, kind):
    from omp.sensitive import redact

    redacted = redact(text)[0]
    assert f"[REDACTED:{kind}]" in redacted
    assert "fm2_lJPE" not in redacted and "cio4Fq8" not in redacted


@pytest.mark.parametrize("text", ["precious things and ciocciolata", "the fm2_ prefix"])
def test_words_like_those_tokens_stay(text):
    from omp.sensitive import redact

    assert redact(text)[0] == text


# ---- secrets: Azure's client secrets, passwords in prose, markers never taken for secrets --------


@pytest.mark.parametrize(
    ("text", "kind"),
    [("fyi the azure AD app secret 9uj8Q~t5zLl0DjeWlZlvsSoFJPa8vYgHjw~RpYyy expires next week",
      "Azure AD client secret"),
     ("Also `DATABASE_URL` has the password `Gr@fanakbcEMq` inline.", "password"),
     ("login admin with password Gr@fanakbcEMq", "password"),
     ("Decision: use pw Gr@fanakbcEMq for the shared staging admin", "password")],
)  # fmt: skip
def test_secrets_said_in_prose_are_redacted(text, kind):
    from omp.sensitive import redact

    redacted = redact(text)[0]
    assert f"[REDACTED:{kind}]" in redacted
    assert "Gr@fanakbcEMq" not in redacted and "t5zLl0Dje" not in redacted


@pytest.mark.parametrize(
    "text", ["pass OAuth-Token headers along", "the password field is required",
             "password hashing uses Argon2id"]
)  # fmt: skip
def test_words_after_password_that_are_no_password_stay(text):
    from omp.sensitive import redact

    assert redact(text)[0] == text


@pytest.mark.parametrize(
    "data",
    [{"context": "决定用 Redis，密码是 [REDACTED:password]"},
     {"summary": "see https://x.blob.core.windows.net/c?sig=[REDACTED:secret in URL query]"}],
)  # fmt: skip
def test_a_marker_of_a_redaction_is_no_secret_to_the_writer(data):
    from omp.sensitive import find_secrets

    assert find_secrets(data) == []


def test_a_password_said_in_chinese_is_redacted_and_the_run_writes(tmp_path):
    import os
    import subprocess
    import sys

    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "OMP_USER_STORE": ""}
    omp = [sys.executable, "-m", "omp", "-C", str(tmp_path)]
    subprocess.run([*omp, "init"], check=True, capture_output=True, env=env)
    done = subprocess.run([*omp, "extract", "--text", "决定用 Redis，密码是 Gm@2024redis!"],
                          capture_output=True, text=True, env=env)  # fmt: skip
    assert done.returncode == 0, done.stderr
    decisions = (tmp_path / "_omp" / "memory" / "decisions.yaml").read_text(encoding="utf-8")
    assert "[REDACTED:password]" in decisions and "Gm@2024redis" not in decisions


def test_a_password_that_is_a_word_is_not_redacted_wherever_the_word_is_said():
    from omp.sensitive import redact

    text = "DATABASE_URL=postgres://postgres:postgres@localhost:5432/shop_dev\nwe run postgres 16.3"
    assert redact(text)[0] == (
        "DATABASE_URL=postgres://postgres:[REDACTED:password in URL]@localhost:5432/shop_dev\n"
        "we run postgres 16.3"
    )


# ---- what the secret filter leaves in commit messages --------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["See merge request backend/order-service!57", "See merge request group/sub/web-app!1234."],
)
def test_gitlabs_merge_request_reference_is_no_password(text):
    from omp.sensitive import redact

    assert redact(text) == (text, [])


def test_a_password_after_an_account_and_a_slash_is_still_redacted():
    from omp.sensitive import redact

    assert redact("ops@shopco.com / Sh0pc0-R00t-2024!")[0] == "ops@shopco.com / [REDACTED:password]"
    # a password shaped like a merge request's reference is still one
    clean, found = redact("login: admin/Hunter!2024")
    assert "Hunter!2024" not in clean and found


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("tokenizer: bert-base-chinese", False),  # what splits text into tokens, not a token
        ("TOKENIZER_PATH=hf-internal/bert-base-multilingual", False),
        ("GITHUB_TOKEN: ghx_Abc123Xyz789Qwe456", True),
        ("token: Zk29xQm4Lp8Rt5Wv2", True),
    ],
)
def test_a_tokenizer_is_no_token(text, secret):
    assert bool(find_in_text(text)) is secret
