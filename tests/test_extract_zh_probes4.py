"""Chinese (and mixed) statements read a fourth time.

Cron expressions (whose "?" asks nothing) and the daily time a job runs at, values set with
定成, a tool replaced in the clause after the one that names the old one, the stack a message
means to move off (and what it says is old or dropped), Latin names that touch Chinese text, and
what is no choice: test data put in place of real data, what happens after a change, the
commands the person wants to be given.
"""

from __future__ import annotations

import pytest

from omp import rules
from tests.test_extract import _kept, _run
from tests.test_extract_zh_probes2 import _decisions, _facts, _said

# ---- 1. schedules -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "schedule"),
    [
        (
            "那就 XXL-JOB，cron 定成 0 30 9 * * ?，微信账单一般 9 点以后才能下载。",
            "XXL-JOB 0 30 9 * * ?",
        ),
        ("上游 09:00 前落地，schedule 设 `0 3 * * *`。", "0 3 * * *"),
        ("cron 表达式是 0 0 12 ? * WED。", "0 0 12 ? * WED"),
        ("对账任务还是放在 Airflow 里，每天 06:30 跑。", "Airflow 每天 06:30"),
        ("公司里已经有 xxl-job 的调度中心，就用 xxl-job，每天 02:30 跑。", "xxl-job 每天 02:30"),
        ("crontab 还是每天凌晨 02:30 执行，我没动。", "每天凌晨 02:30"),
    ],
)
def test_a_cron_expression_or_the_daily_time_a_job_runs_is_its_schedule(sentence, schedule):
    assert _facts(sentence)["config"]["schedule"] == schedule


def test_the_question_mark_of_a_cron_expression_asks_nothing():
    sentence = "那就 XXL-JOB，执行器就是 recon-executor，cron 定成 0 30 9 * * ?，9 点以后才能下载。"
    assert not rules.is_question("cron 定成 0 30 9 * * ?")
    assert len(rules.statements(sentence + "@Scheduled 不考虑。")) == 2
    (d,) = _decisions(sentence)
    assert d["choice"] == "XXL-JOB"
    assert rules.is_question("这个 cron 对吗？")  # a real question still asks
    assert rules.statements("先这样? 好") == ["先这样?", "好"]


@pytest.mark.parametrize(
    "sentence",
    [
        "cron 是什么意思？",
        "要不要 cron 设成 0 3 * * *",  # tentative
        "schedule 是 5 分钟",  # no cron expression
        "每天 06:30 开会。",  # no job run
    ],
)
def test_no_schedule_without_a_cron_expression_or_a_job_run(sentence):
    assert "schedule" not in _facts(sentence).get("config", {})


# ---- 2. a value set with 定成 -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "purpose"),
    [
        ("主题色定成 `#1F6FEB`，圆角 6px。", "#1F6FEB", "主题色"),
        ("日志级别就定成 INFO。", "INFO", None),
        ("分片键定为 user_id。", "user_id", None),
    ],
)
def test_a_value_set_with_ding_cheng_is_a_decision(sentence, choice, purpose):
    (d,) = _decisions(sentence)
    assert d["choice"] == choice
    assert choice in d["title"]
    if purpose:
        assert purpose in d["title"]


@pytest.mark.parametrize(
    "sentence",
    [
        "主题色定成啥好？",
        "也许主题色定成 #fff",
        "这个函数名定成 foo_bar 你看行吗",
        "主题色定成蓝色的话会不会太亮",
    ],
)
def test_a_value_in_a_question_or_in_doubt_is_no_decision(sentence):
    assert _decisions(sentence) == []


# ---- 3. a tool replaced in the next clause ----------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "old"),
    [
        ("之前推送用的极光，现在改成个推了。", "个推", "极光"),
        ("推送之前用的是极光，后来换成了个推，厂商通道也接了。", "个推", "极光"),
        ("之前用的 Redis，现在改成 Memcached 了。", "Memcached", "Redis"),
    ],
)
def test_a_tool_used_before_and_replaced_in_the_next_clause_is_a_switch(sentence, choice, old):
    (d,) = _decisions(sentence)
    assert (d["choice"], d["alternatives"]) == (choice, [old])
    assert rules.swapped_tools(sentence) == (old, choice)


@pytest.mark.parametrize(
    "sentence",
    [
        "之前用的 Redis，现在改成每天清一次了。",  # no tool put in its place
        "之前用的 Redis，现在改成 MySQL 了。",  # not a tool of the same kind
        "之前是 MySQL，要不要改成 PostgreSQL？",  # a question
    ],
)
def test_a_later_change_that_puts_no_tool_of_the_kind_in_place_is_no_switch(sentence):
    assert rules.swapped_tools(sentence) is None
    assert _decisions(sentence) == []


# ---- 4. what the project moves off ------------------------------------------------------------


def test_the_stack_a_message_means_to_replace_is_not_kept_the_rest_is():
    message = (
        "帮我看下 src/store 这块，现在是 Vuex 4，写起来太啰嗦了。"
        "我们项目是 Vue 3.4 + Vite 5 + Element Plus，有没有必要换"
    )
    stack = _facts(message)["tech_stack"]
    assert stack == {"frontend": "Vue 3.4", "build": "Vite 5", "ui_kit": "Element Plus"}


@pytest.mark.parametrize(
    ("message", "gone", "kept"),
    [
        (
            "我们 product analytics 现在全在 Postgres 14 里，查询太慢。计划迁到 ClickHouse。",
            "database",
            None,
        ),
        ("消息队列现在用的是 RabbitMQ，打算换成 Kafka。我们在 AWS 上。", "queue", "hosting"),
        (
            "我们运营后台重构。现在的情况：\n- Vue 3.4 + Vite 5\n- 状态管理还是老的 Vuex 4",
            "vuex",
            "vue",
        ),
        ("埋点数据之前一直是 Hive 跑 T+1，产品要实时看漏斗。", "local_db", None),
        ("前端去掉了 Leaflet，换成 maplibre-gl 了。", "gis", None),
    ],
)
def test_what_is_used_now_when_moving_off_it_or_old_or_dropped_is_not_the_stack(
    message, gone, kept
):
    stack = _facts(message).get("tech_stack", {})
    assert gone not in stack
    assert not any(gone in str(v).lower() for v in stack.values())
    if kept:
        # by its name or by its role ("Vue 3.4 + Vite 5" is the frontend and its build)
        assert kept in stack or any(str(v).lower().startswith(kept) for v in stack.values())


@pytest.mark.parametrize(
    ("message", "role", "value"),
    [
        ("我们现在用的是 MySQL 8，挺稳定的。", "database", "MySQL 8"),  # no move meant
        (
            "我们 EKS 集群现在用 cluster-autoscaler，扩容太慢了，想换成 Karpenter。",
            "hosting",
            "EKS",
        ),
        ("后端现在是 Go 1.22 + Gin，缓存想加 Redis。", "language", "Go 1.22"),
        # what moves is another part: the search, the state file
        (
            "我们是做 K12 在线教育的，要给老师端做题库搜索。现在是 MySQL LIKE 查询，"
            "慢得要死。想换个搜索引擎",
            "database",
            "MySQL",
        ),
        (
            "我们短视频 App 的转码现在是几台 CPU 机器跑 ffmpeg + libx264，想换个方案，你怎么看？",
            "media",
            "ffmpeg",
        ),
    ],
)
def test_a_stack_used_now_stays_when_the_message_does_not_move_off_it(message, role, value):
    assert _facts(message)["tech_stack"][role] == value


def test_moving_off_names_what_is_used_now_only_when_a_move_is_meant():
    assert rules.moving_off("现在是 Vuex 4，写起来太啰嗦了，有没有必要换") == {"vuex"}
    assert rules.moving_off("现在是 Vuex 4，挺好用的") == set()
    assert rules.moving_off("现在全在 Postgres 14 里，计划迁到 ClickHouse") == {"postgres"}
    assert rules.moving_off("现在全在 Postgres 14 里，计划把搜索迁到 Elasticsearch") == set()
    assert rules.moving_off("状态管理还是老的 Vuex 4") == {"vuex"}
    assert rules.moving_off("We use Vuex 4 now and want to switch") == set()


def test_names_that_were_researched_are_candidates_not_the_stack():
    sentence = "我们调研了 ClickHouse 和 Doris，组里有 ClickHouse 运维经验。"
    assert "warehouse" not in _facts(sentence).get("tech_stack", {})


# ---- 5. Latin names touching Chinese ----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("我们的后端是用Go写的，数据库是MySQL8.0。", {"language": "Go", "database": "MySQL 8.0"}),
        ("前端部署在Vercel上。", {"hosting": "Vercel"}),
        (
            "后端是Go 1.22+Gin，数据库MySQL 8。",
            {"language": "Go 1.22", "backend": "Gin", "database": "MySQL 8"},
        ),
    ],
)
def test_a_latin_name_touching_chinese_text_is_read_as_the_name(sentence, stack):
    assert _facts(sentence)["tech_stack"] == stack


@pytest.mark.parametrize(
    ("sentence", "choice", "purpose"),
    [
        ("我们决定用EMQX做MQTT broker。", "EMQX", None),
        ("我们决定用 EMQX 做 MQTT broker。", "EMQX", None),
        ("决定用Redis做缓存。", "Redis", "缓存"),
        ("推送的别名就用 rider_id 做 alias。", "rider_id 做 alias", None),  # a value used as
    ],
)
def test_a_tool_used_as_a_part_is_the_choice(sentence, choice, purpose):
    (d,) = _decisions(sentence)
    assert d["choice"] == choice
    if purpose:
        assert purpose in d["title"]


def test_a_name_glued_to_a_longer_latin_word_is_not_read_inside_it():
    assert rules.technologies("用Redisson做锁") == []
    assert rules.technologies("ES6 语法") == []
    assert rules.technologies("用Redis做缓存") == ["redis"]


# ---- 6. what is no choice ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "我靠，之前从自己的导出里截的。已经改密码了，fixture 我换成假数据。",
        "赶紧脱敏，换成假的。身份证就用全 0 那种测试号",
        "我们这边是 USD 换成 CNY 以后四舍五入到分。",
    ],
)
def test_test_data_in_place_of_real_data_or_what_happens_after_a_change_is_no_choice(sentence):
    assert _decisions(sentence) == []


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("fixture 的数据库换成 SQLite。", "SQLite"),
        ("缓存改成 Redis，以后再考虑集群。", "Redis"),
    ],
)
def test_a_change_to_a_tool_stays_a_choice(sentence, choice):
    (d,) = _decisions(sentence)
    assert d["choice"] == choice


def test_telling_the_assistant_which_commands_to_give_is_the_persons_preference():
    sentence = "装依赖的时候注意我们用 pnpm，不要给我 npm install 的命令"
    assert rules.states_preference(sentence)
    assert _decisions(sentence) == []
    (said,) = _kept(_run(*_said(sentence)), "user")
    assert "pnpm" in said["text"]
    assert not rules.states_preference("不要给我发邮件，用 Slack 通知")  # no commands or code


# ---- 7. work said outright to be finished -----------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "教师冲突检测那块我昨天晚上已经改完了。",
        "下午更新：Kafka source 已经接好了。",
        "打包脚本我昨天已经改好了，Jenkins 里的 Android 构建现在会自动跑。",
    ],
)
def test_work_said_to_be_finished_with_yijing_is_stored(sentence):
    (work,) = _kept(_run(*_said(sentence)), "changelog")
    assert work["summary"] in sentence


@pytest.mark.parametrize(
    "sentence",
    ["改了权限，好了。", "原来如此，改了就好了。", "LittleFS 那套代码我先删掉了。"],
)
def test_work_merely_touched_waits_for_review(sentence):
    assert not rules.done_outright(sentence)
    assert _kept(_run(*_said(sentence)), "changelog") == []


def test_a_tool_swapped_for_another_with_no_spaces_is_a_swap():
    assert rules.swapped_tools("Redis换成Memcached了。") == ("Redis", "Memcached")
    assert rules.swapped_tools("之前用的Redis，现在改成Memcached了") == ("Redis", "Memcached")


# ---- 8. a folder the person names after a comma -----------------------------------------------


def test_a_folder_put_after_a_comma_is_a_project_path():
    assert _facts("schema 那个顺便配一下，放 app/schemas。")["paths"] == {"schemas": "app/schemas"}


@pytest.mark.parametrize(
    "sentence", ["好的，放哪里都行。", "能不能放 app/schemas？", "这个文件，放 /tmp/x/ 就行吧"]
)
def test_no_folder_in_a_question_or_a_scratch_place(sentence):
    assert "paths" not in _facts(sentence)


# ---- 9. work that is not this session's -------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "先用 HDF5 吧。checksum 那个你顺手修了",  # asked of the assistant
        "IK 的优势是你们集群已经装好了、版本对齐 8.11.1",  # the state it describes
        "等等，我刚想起来我们组去年已经从 Airflow 迁到 Dagster 了",  # long ago
    ],
)
def test_work_asked_for_described_or_of_long_ago_is_not_finished_work(sentence):
    assert rules.finished_work(sentence) is None


@pytest.mark.parametrize(
    "sentence", ["你们的 bug 我已经修好了", "我顺手修了 checksum 的 bug", "修复了支付回调"]
)
def test_work_done_here_stays_finished_work(sentence):
    work = rules.finished_work(sentence)
    assert work is not None and work.type == "fix"


def test_work_on_something_old_done_now_is_finished_work():
    assert rules.finished_work("修复了去年遗留的对账问题") is not None


# ---- 10. the base model -----------------------------------------------------------------------


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
    assert _facts(sentence)["tech_stack"]["model"] == model


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
    assert "model" not in _facts(sentence).get("tech_stack", {})


# ---- 11. a switch of the part a choice was made for -----------------------------------------


def test_switching_the_part_a_choice_was_made_for_replaces_it():
    batch = _run(
        ("user", "存档怎么做？"),
        ("assistant", "可以用 ResourceSaver 或者 JSON。"),
        ("user", "存档就直接用 ResourceSaver 存成 .tres 吧"),
        ("assistant", "好的。"),
        ("user", "那存档改用 System.Text.Json"),
    )
    (d,) = _kept(batch, "decisions")
    assert d["choice"] == "System.Text.Json"
    assert d["alternatives"] == ["ResourceSaver 存成 .tres"]


def test_a_file_put_after_a_comma_is_no_folder_of_the_project():
    assert "paths" not in _facts("写吧，放 sql/ddl/dwd_order_detail.sql。")
