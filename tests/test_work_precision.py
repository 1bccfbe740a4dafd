"""Finished work that is no change the session made to the project, read by `omp extract`.

A run, a training or a test that ran to its end is an outcome; a lock file a tool rewrote
follows the change that is the work; a bug counted names no fix; work done on the person's own
device or shell leaves the project as it was; work the person's first message says is already
done is where the task starts; an agent's message that goes on to its next step reports work
under way; work someone else did, a tool run to its end, the working copy made ready, work in
a notebook or a scratch copy, and a report that only points back at what was said ("按你说的
改好了", "Implemented it as discussed") change nothing the session owns. Each is dropped or
left for review, while the changes told the same way are kept.
"""

from __future__ import annotations

import pytest

from omp import rules
from tests.extraction import _run

_OPENING = "我们的后台用 Go 写，数据库是 Postgres，最近在做订单导出的功能。"


def _work(*turns: tuple[str, str], agent: bool = True) -> dict[str, list[str]]:
    """The changelog summaries found, by what happened to them (stored, review)."""
    found: dict[str, list[str]] = {}
    for c in _run(*turns, agent=agent).candidates:
        if c.target == "changelog":
            found.setdefault(c.action, []).append(str(c.entry["summary"]))
    return found


def _later(sentence: str) -> dict[str, list[str]]:
    """What a sentence the person says after the opening exchange reports."""
    return _work(("user", _OPENING), ("assistant", "好的，先看看现在的代码。"), ("user", sentence))


def _waits_for_review(sentence: str) -> None:
    """The sentence, said later in a talk, gives one changelog item for review and none stored."""
    found = _later(sentence)
    assert "stored" not in found
    assert len(found["review"]) == 1


# ---- a run that ran to its end is an outcome -------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "昨晚第二轮微调跑完了，loss 降到 0.9。",
        "三个 eval run 都跑完了，结果差不多。",
        "我把 baseline 的训练挂到 4 卡机器上跑了。",
        "Finished the second training run overnight, it took 7 hours.",
    ],
)
def test_a_run_or_a_training_that_ended_is_no_finished_work(sentence):
    assert _later(sentence) == {}


@pytest.mark.parametrize(
    "sentence",
    [
        "昨天晚上大促直接把从库 CPU 打到 90% 了。",
        "The Black Friday traffic spiked CPU to 95% on the replica.",
    ],
)
def test_what_load_did_to_a_machine_is_no_finished_work(sentence):
    assert _later(sentence) == {}


@pytest.mark.parametrize(
    "sentence", ["Committed as `a7d31c9` on `fix/pod-queue-crash`.", "Committed as 5e2c7a1."]
)
def test_where_a_commit_went_names_no_work(sentence):
    assert _later(sentence) == {}


def test_a_commit_reported_with_its_subject_is_work():
    found = _later('Committed as 3c7d91e "refactor: migrate cart components to runes".')
    assert found.get("stored")


def test_work_told_after_a_run_ended_is_kept():
    found = _later("微调跑完了，顺手把数据加载的 bug 修了。")
    assert found == {"stored": ["顺手把数据加载的 bug 修了"]}


@pytest.mark.parametrize("sentence", ["导出脚本已经跑通了。", "对账 job 昨天已经跑通了。"])
def test_a_script_or_a_job_made_to_run_is_still_work(sentence):
    assert _later(sentence) == {"stored": [sentence.rstrip("。")]}


# ---- work on the person's own device or shell ------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "我在真机上装好了测试包，登录没问题。",
        "I set up the deploy token in my shell yesterday.",
        "Configured the proxy on my laptop, the export works through it.",
    ],
)
def test_work_on_the_persons_own_device_waits_for_review(sentence):
    _waits_for_review(sentence)


def test_work_done_long_since_waits_for_review():
    found = _later("缓存表早建好了。数据在 S3 上，能直接读吗？")
    assert found == {"review": ["缓存表早建好了"]}


def test_the_same_work_done_to_the_project_is_stored():
    assert _later("已经把导出接口的超时改好了。") == {"stored": ["已经把导出接口的超时改好了"]}


# ---- work the first message says is already done ---------------------------------------------


@pytest.mark.parametrize(
    ("opening", "aside"),
    [
        ("我们的后台用 Go 写，Redis 已经装好了，限流该怎么做比较好？", "Redis 已经装好了"),
        ("我们在做一个记账 app，离线版早就做完了，想加云同步，有什么方案？", "离线版早就做完了"),
        (
            "We run Rails 7 on Heroku. I already added Sidekiq to the Gemfile; how should the "
            "retries work?",
            "Added Sidekiq to the Gemfile",
        ),
    ],
)
def test_work_the_opening_says_is_already_done_waits_for_review(opening, aside):
    found = _work(("user", opening), ("assistant", "好的。"))
    assert "stored" not in found
    assert aside in found["review"][0]


def test_work_the_opening_dates_is_a_change_and_stored():
    opening = "我们用 Go 写后台，上周我已经把日志库换成了 zerolog，现在想加 tracing，怎么做？"
    found = _work(("user", opening), ("assistant", "好的。"))
    assert found == {"stored": ["上周我已经把日志库换成了 zerolog"]}


def test_work_said_already_done_later_in_the_talk_is_stored():
    assert _later("Redis 已经装好了。") == {"stored": ["Redis 已经装好了"]}


# ---- what names nothing, and a 了 of another clause -------------------------------------------


def test_so_thats_fixed_names_no_work():
    assert _later("ran the checks again, so that's fixed.") == {}


def test_a_thing_named_after_so_then_fixed_is_stored():
    found = _later("reran it, so the export timeout fixed.")
    assert found == {"stored": ["reran it, so the export timeout fixed"]}


def test_a_ba_clause_without_its_own_le_reports_nothing_done():
    advice = "不太建议换队列。把 worker 数调到 8、超时调短，先把这个做了看看效果。"
    assert _work(("user", _OPENING), ("assistant", advice)) == {}


def test_an_ellipsis_ends_the_clause_of_a_switch():
    assert _later("我切到备用线路试一下…… ok 页面能打开了。") == {}


def test_a_ba_clause_closed_by_le_is_work():
    assert _later("昨天已经把 worker 数调到 8 了。") == {
        "stored": ["昨天已经把 worker 数调到 8 了"]
    }


# ---- an agent's step of work under way -------------------------------------------------------


@pytest.mark.parametrize(
    "report",
    [
        "Converted the Navbar and the Sidebar; building to check.",
        "Added the retry wrapper to the client. Wiring it into the export job now.",
        "Moved the config loader to its own package. Now I'll update the callers.",
    ],
)
def test_an_agents_step_before_its_next_one_waits_for_review(report):
    found = _work(("user", "Refactor the export service, please."), ("assistant", report))
    assert "stored" not in found
    assert len(found["review"]) == 1


@pytest.mark.parametrize(
    "report",
    [
        "Converted the Navbar and the Sidebar; the build passes.",
        "Added the retry wrapper to the client; everything is working now.",
    ],
)
def test_an_agents_finished_work_is_stored(report):
    found = _work(("user", "Refactor the export service, please."), ("assistant", report))
    assert len(found["stored"]) == 1


# ---- a lock file a tool rewrote ------------------------------------------------------------


@pytest.mark.parametrize(
    "line", ["`poetry.lock` 已更新", "Updated package-lock.json", "Cargo.lock regenerated"]
)
def test_a_lock_file_updated_alone_is_no_change_of_its_own(line):
    report = f"Bumped httpx to 0.27 for the export client.\n\n{line}"
    found = _work(("user", "Refactor the export service, please."), ("assistant", report))
    assert found == {"stored": ["Bumped httpx to 0.27 for the export client"]}


def test_a_clause_telling_the_lock_file_updated_is_no_entry():
    report = "改完了：\n\n- 依赖通过 `pnpm add zod` 加入，`pnpm-lock.yaml` 已更新；\n- 测试都通过"
    found = _work(("user", "把校验换成 zod。"), ("assistant", report))
    assert "stored" not in found


def test_a_lock_file_updated_with_other_work_keeps_the_work():
    report = "Removed the unused retry extra, `pyproject.toml` and `uv.lock` updated."
    found = _work(("user", "Refactor the export service, please."), ("assistant", report))
    assert len(found["stored"]) == 1


# ---- a bug counted, not named ----------------------------------------------------------------


@pytest.mark.parametrize("sentence", ["顺手还修了个 bug。", "Also fixed a couple of bugs."])
def test_a_fix_of_a_bug_it_does_not_name_is_no_entry(sentence):
    assert _later(sentence) == {}


@pytest.mark.parametrize(
    "sentence", ["修了个 bug，导出的日期差了一天。", "Fixed a bug in the CSV date parser."]
)
def test_a_fix_that_names_its_bug_is_stored(sentence):
    assert len(_later(sentence)["stored"]) == 1


@pytest.mark.parametrize(
    "sentence",
    [
        "我把超时改成 30s，重启之后就好了",
        "把日志库换成 zap，单测也都过了",
        "把缓存从 Redis 换成 Memcached，压测跑过了",
    ],
)
def test_a_ba_clause_whose_outcome_the_next_clause_tells_is_finished_work(sentence):
    work = rules.finished_work(sentence)
    assert work is not None and work.summary.endswith(sentence.split("，")[0][-4:])


@pytest.mark.parametrize(
    "sentence",
    [
        "把 concurrency 拉到 12、批大小降下来，先把这个做了看效果",
        "把超时调到 60s，你再试一下看好了没",
    ],
)
def test_a_ba_clause_followed_by_what_to_do_next_is_no_finished_work(sentence):
    assert rules.finished_work(sentence) is None


# ---- work of a year or more ago is how the project came to be --------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "fyi we switched from mongo to postgres back in '21",
        "We upgraded to Java 17 last year, so records are fine.",
        "Rewrote the scheduler in Go a couple years back, it's been solid.",
        "i set up sentry ages ago, it's still wired in",
        "前年就把日志换成了 Loki。",
        "很久以前加了个缓存层，现在不知道还有没有用。",
    ],
)
def test_work_of_long_ago_waits_for_review(sentence):
    _waits_for_review(sentence)


@pytest.mark.parametrize(
    "sentence",
    ["we moved the worker to k8s last week.", "上周把日志换成了 Loki。"],
)
def test_work_of_last_week_is_stored(sentence):
    assert len(_later(sentence)["stored"]) == 1


# ---- work taken back, left half way or only tried --------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Bumped react to 19 but had to revert, too many peer dep errors.",
        "added the index, then reverted it because writes got slow",
        "Upgraded prisma to 6, ended up rolling it back.",
        "把 axios 换成了 fetch，后来又换回去了。",
        "升级了 webpack 5，结果构建挂了，已经回滚了。",
        "Migrated half the endpoints to the new router.",
        "The refactor is partially done, auth still uses the old client.",
        "把一半的接口改成了 async。",
        "重构了一半，登录那块还没动。",
        "试着把 JSON 解析换成了 simdjson，还不确定快多少。",
        "我以为修好了，结果又出现了。",
        "I moved the helpers into utils/ but then moved them back, too many imports broke.",
        "switched the flag on for the beta, then turned it back off",
    ],
)
def test_work_undone_half_done_or_tried_is_no_entry(sentence):
    assert _later(sentence) == {}


@pytest.mark.parametrize(
    "sentence",
    [
        "Rolled back the 2.4 deploy, the checkout was failing.",
        "Fixed the webhook retries and reverted the timeout tweak from yesterday.",
        "已经把缓存换成 Redis 了。",
    ],
)
def test_a_rollback_or_a_revert_that_is_the_work_is_stored(sentence):
    assert len(_later(sentence)["stored"]) == 1


# ---- work on the person's own copy -----------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "i patched the lib in my fork to skip the check",
        "deployed to my local minikube, seems ok",
        "upgraded node locally to 22, everything builds",
        "我在本地把 node 升到了 22，构建没问题。",
        "switched my editor to neovim last month",
        "本地加了个 hosts 映射，能访问了",
    ],
)
def test_work_on_the_persons_own_copy_waits_for_review(sentence):
    _waits_for_review(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "I fixed this exact bug in our other service last month.",
        "在另一个仓库里我已经把这个 bug 修了。",
    ],
)
def test_work_in_another_project_waits_for_review(sentence):
    _waits_for_review(sentence)


def test_work_whose_tests_pass_locally_is_stored():
    report = "Fixed the flaky date test; all tests pass locally."
    found = _work(("user", "Refactor the export service, please."), ("assistant", report))
    assert found == {"stored": ["Fixed the flaky date test; all tests pass locally"]}


# ---- a step taken to find something out, or on the tools of the work -------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Added some debug logging to figure out where it hangs.",
        "added a print in the loop to see the values, it's 0 every time",
        "Created a new branch for this, feat/export.",
        "created a PR for it: #412",
        "Added you to the repo, you should have access now.",
        "Removed the .next folder and rebuilt, works now.",
        "加了点日志排查，发现是连接池满了。",
        "fixed it temporarily by restarting the worker",
        "Switched the remote to ssh so I can push.",
        "把 origin 改成公司的 gitlab 了",
        "暂时通过重启 worker 解决了。",
        "deployed to staging just to test it, not going to prod yet",
        "I added a breakpoint in the middleware and it never hits.",
        "Added a temporary `print` in `worker.py` so we can see the payload.",
        "在 handler 里打了断点，请求根本没进来",
    ],
)
def test_a_step_of_finding_out_or_of_the_tools_is_no_entry(sentence):
    assert _later(sentence) == {}


@pytest.mark.parametrize(
    "sentence",
    [
        "Added a /healthz endpoint to the API.",
        "Added a regression test to reproduce the race in the exporter.",
        "Fixed: `parse` now returns None, so short lines print an empty field.",
        "加了打印日志的开关，默认关闭。",
        "Created the migration for the invoices table.",
        "Moved the remote state to S3 with DynamoDB locking.",
        'Merged the PR "export: stream the rows", deployed to prod tonight.',
        "加了订单导出的日志脱敏。",
        "Added local caching of the exchange rates, 5 minute TTL.",
    ],
)
def test_a_change_to_the_project_is_stored(sentence):
    assert len(_later(sentence)["stored"]) == 1


# ---- work someone else did -------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "后端同事已经加好了分页接口。",
        "运维那边把 Nginx 升级到了 1.26。",
        "那个 PR 是小李提的，他加了失败重试。",
        "DBA 昨天已经给流水表加了索引。",
        "她已经把打包脚本迁到 GitHub Actions 了。",
    ],
)
def test_work_someone_else_did_waits_for_review(sentence):
    _waits_for_review(sentence)


@pytest.mark.parametrize(
    "sentence",
    ["我帮他加了失败重试。", "我们组已经把日志换成 zap 了。", "后端加了一层本地缓存。"],
)
def test_work_of_ours_told_with_someone_named_is_stored(sentence):
    assert len(_later(sentence)["stored"]) == 1


# ---- a tool run to its end, or the working copy made ready ----------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "CI 跑完了，全绿。",
        "pnpm install 跑完了。",
        "lint 跑完了，0 个 warning。",
        "代码生成跑完了，没有 diff。",
        "依赖装好了，可以开始了。",
        "装好了依赖。",
        "虚拟环境建好了。",
        "脚手架工具装好了。",
        "我把分支 rebase 到 main 上了。",
        "Set up the virtualenv and installed the requirements.",
        "Created a fresh venv with Python 3.12.",
        "i set up a throwaway branch to try bun.",
        "Wrote a quick benchmark: msgpack is 3x faster here.",
    ],
)
def test_a_tool_run_or_the_working_copy_made_ready_is_no_entry(sentence):
    assert _later(sentence) == {}


@pytest.mark.parametrize(
    "sentence",
    [
        "回填脚本在 staging 跑完了，金额都修正了。",
        "加了 zod 依赖，入参校验换成了 zod。",
        "把 CI 迁到了 GitHub Actions。",
        "Added httpx to the dependencies and moved the client onto it.",
        "Set up a GitHub Actions workflow that runs the tests on every push.",
    ],
)
def test_a_dependency_or_the_ci_changed_is_stored(sentence):
    assert len(_later(sentence)["stored"]) == 1


# ---- work done in a copy made to try things --------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "I fixed the join in the notebook, the numbers look right now.",
        "我在 notebook 里把特征处理改好了，效果不错。",
        "ok I deployed it to my staging box to try.",
    ],
)
def test_work_in_a_notebook_or_a_box_of_ones_own_waits_for_review(sentence):
    _waits_for_review(sentence)


# ---- a report pointing back at what was said names no work ----------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "照这个步骤做完了，现在快多了。",
        "按你说的改好了。",
        "根据上面的方案弄好了，你看看。",
        "跟着你的步骤做完了，没报错。",
        "Implemented it as discussed.",
        "Updated it per your comments.",
        "Fixed that the way you suggested.",
    ],
)
def test_work_told_only_by_pointing_back_is_no_entry(sentence):
    assert _later(sentence) == {}


@pytest.mark.parametrize(
    "sentence",
    [
        "按你说的把导出的超时改成 30s 了。",
        "按你说的改好了，另外加了导出按钮的权限校验。",
        "Implemented it as discussed, and added a `--dry-run` flag to the export command.",
    ],
)
def test_work_named_after_pointing_back_is_stored(sentence):
    assert len(_later(sentence)["stored"]) == 1


# ---- a preference that is not the person's standing way --------------------------------------


def _preferences(sentence: str) -> list[str]:
    """The person's preferences stored from a sentence said after the opening exchange."""
    turns = (("user", _OPENING), ("assistant", "好的，先看看现在的代码。"), ("user", sentence))
    return [str(c.entry["text"]) for c in _run(*turns).candidates if c.target == "user"]


@pytest.mark.parametrize(
    "sentence",
    [
        "I'd prefer a PR for this one rather than pushing to main.",
        "I prefer not to deploy today, let's wait until monday.",
        "我老板喜欢用 Excel 看报表。",
        "我同事习惯用 yarn，所以 lockfile 有两份。",
        "I like this approach, go ahead.",
        "I love how clean this looks now.",
        "我喜欢你这个写法，就这样吧。",
        "我喜欢你刚才那个命名",
        "喜欢上面那版的结构",
    ],
)
def test_a_wish_for_now_a_reaction_or_someone_elses_way_is_no_preference(sentence):
    assert _preferences(sentence) == []


@pytest.mark.parametrize(
    "sentence",
    [
        "I prefer tabs over spaces.",
        "I like it when the tests run under a second.",
        "我比较喜欢函数式的写法。",
        "我其他项目都习惯用 pnpm。",
        "以后都用中文回复我。",
    ],
)
def test_the_persons_standing_preference_is_stored(sentence):
    assert _preferences(sentence) == [sentence.rstrip("。.")]


@pytest.mark.parametrize(
    ("sentence", "summary"),
    [
        (
            "给订单表加了 (user_id, created_at) 联合索引，查询降到 30ms",
            "给订单表加了 (user_id, created_at) 联合索引",
        ),
        (
            "给 users 表加了（tenant_id，email）唯一约束",
            "给 users 表加了（tenant_id，email）唯一约束",
        ),
        (
            "把 `retry(3, backoff)` 换成了 tenacity，测试都过了",
            "把 `retry(3, backoff)` 换成了 tenacity",
        ),
    ],
)
def test_a_comma_inside_brackets_or_code_does_not_cut_the_work_short(sentence, summary):
    work = rules.finished_work(sentence)
    assert work is not None and work.summary == summary


@pytest.mark.parametrize(
    "sentence",
    [
        "那先不加了，我们 ADT 回归就是要测顺序。",
        "好了我去部署了。",
        "Resolved 的通知也要发，但只发到告警汇总群，不 @ 人。",
    ],
)
def test_work_held_off_about_to_start_or_only_named_is_not_finished(sentence):
    assert rules.finished_work(sentence) is None


@pytest.mark.parametrize("sentence", ["修好了，不改了。", "我去掉了 lodash，bundle 小了 40KB。"])
def test_work_done_before_a_no_more_or_a_removal_is_still_finished(sentence):
    assert rules.finished_work(sentence) is not None


@pytest.mark.parametrize(
    "sentence",
    [
        "凭据我在 Jenkins 上建好了。",
        "Password 已经改好了，connector 也更新了。",
        "k8s secret 我建好了。",
    ],
)
def test_a_credential_set_up_by_hand_is_no_finished_work(sentence):
    assert rules.finished_work(sentence) is None


def test_work_that_moves_where_a_credential_is_read_from_is_still_finished():
    assert rules.finished_work("凭据也改成从 NVS 读了。") is not None


def test_a_version_moved_to_from_another_is_finished_work_but_a_gain_is_not():
    work = rules.finished_work("seata-server 我昨天已经从 1.5.2 升到 1.7.1 了，test 环境起来了。")
    assert work is not None and "1.7.1" in work.summary
    assert rules.finished_work("接口性能提升到 2 倍了。") is None
