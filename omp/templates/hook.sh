#!/bin/sh
# omp-managed hook (@HOOK@), installed by `omp hooks install`.
# `omp hooks uninstall` removes it and puts back the hook it replaced (@HOOK@.legacy).
# Only invalid memory or a secret in staged memory stops git (exit 65 from omp); if omp itself
# cannot run, git goes on with a warning.
legacy="${0%/*}/@HOOK@.legacy"
# Another manager (the pre-commit framework's `pre-commit install`) may have moved this script to
# @HOOK@.legacy and run it from its own hook: then "$legacy" is this very file, and running it
# would fork without end. OMP_HOOK_CHAIN also stops a legacy hook that runs this hook again.
case ":${OMP_HOOK_CHAIN:-}:" in *":@HOOK@:"*) legacy="" ;; esac
if [ "$legacy" = "$0" ]; then legacy=""; fi
OMP_HOOK_CHAIN="${OMP_HOOK_CHAIN:+$OMP_HOOK_CHAIN:}@HOOK@"
export OMP_HOOK_CHAIN
python='@PYTHON@'
[ -x "$python" ] || python=$(command -v python3 || echo python3)
if [ "@HOOK@" = "post-commit" ] && [ "${OMP_HOOKS_SYNC:-}" != "1" ]; then
    # The changelog line is written in the background so that git returns at once; it shows
    # up in the working tree a moment later. Problems go to .git/omp-hooks.log.
    if [ -x "$legacy" ]; then "$legacy" "$@" || exit $?; fi
    # decided now, before the background run: a rebase or an amend writes no new line
    git_dir=$(git rev-parse --absolute-git-dir 2>/dev/null) || exit 0
    if [ -d "$git_dir/rebase-merge" ] || [ -d "$git_dir/rebase-apply" ]; then exit 0; fi
    case "$(tail -n 1 "$git_dir/logs/HEAD" 2>/dev/null)" in *"	commit (amend)"*) exit 0 ;; esac
    sha=$(git rev-parse HEAD 2>/dev/null) || exit 0
    ("$python" -m omp.hooks @HOOK@ "$sha" </dev/null >>"$git_dir/omp-hooks.log" 2>&1 &)
    exit 0
elif [ "@HOOK@" = "pre-commit" ] && [ ! -x "$legacy" ]; then
    # Staged memory that is byte for byte what omp validated and wrote needs no check: compare
    # the staged blob ids with the ones omp noted (.cache/written of each memory folder, paths
    # relative to its project) before starting Python. Memory folders may sit at any depth.
    staged=$(git diff --cached --raw --no-abbrev --diff-filter=ACMR -- ':(glob)**/_omp/memory/**' \
        ':(glob)**/_omp/.memory/**' ':(glob)**/.memory/**' 2>/dev/null |
        sed -n 's/^:[0-7]* [0-7]* [0-9a-f]* \([0-9a-f]*\) [A-Z][0-9]*	/\1 /p')
    if [ -z "$staged" ]; then exit 0; fi
    if printf '%s\n' "$staged" | awk '
        {
            blob = substr($0, 1, index($0, " ")); path = substr($0, length(blob) + 1)
            if (match("/" path, /\/_omp\/\.?memory\//)) cache = "_omp/.cache/written"
            else if (match("/" path, /\/\.memory\//)) cache = ".memory/.cache/written"
            else { unknown = 1; exit }
            project = substr(path, 1, RSTART - 1)
            cache = project cache
            if (!(cache in seen)) {
                seen[cache] = 1
                while ((getline line < cache) > 0) {
                    at = index(line, " ")
                    if (at) written[substr(line, 1, at) project substr(line, at + 1)] = 1
                }
                close(cache)
            }
            if (!((blob path) in written)) { unknown = 1; exit }
        }
        END { exit unknown }'; then
        exit 0
    fi
    "$python" -m omp.hooks @HOOK@ "$@" </dev/null
elif [ "@HOOK@" = "post-rewrite" ]; then
    input=$(cat)
    if [ -x "$legacy" ]; then printf '%s\n' "$input" | "$legacy" "$@" || exit $?; fi
    printf '%s\n' "$input" | "$python" -m omp.hooks @HOOK@ "$@"
else
    if [ -x "$legacy" ]; then "$legacy" "$@" || exit $?; fi
    "$python" -m omp.hooks @HOOK@ "$@" </dev/null
fi
status=$?
if [ "$status" -eq 65 ]; then exit 1; fi
if [ "$status" -ne 0 ]; then
    echo "omp: the @HOOK@ hook did not run (exit $status); git goes on without it" >&2
fi
exit 0
