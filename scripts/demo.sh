#!/usr/bin/env bash
# Install omp into a fresh virtual environment and show it at work on a demo repository.
# Usage: bash scripts/demo.sh            (from a checkout of omp; needs python3 >= 3.11 and git)
set -euo pipefail

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/omp-demo.XXXXXX")
echo "== installing omp from $src into $work/venv"
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$src"
omp="$work/venv/bin/omp"

demo="$work/demo-project"
mkdir -p "$demo" && cd "$demo"
git init --quiet -b main
git config user.name "omp demo" && git config user.email "demo@example.com"
printf '# demo\n' > README.md

run() { printf '\n$ %s\n' "$*"; "$@"; }

run "$omp" --version
run "$omp" init
git add -A && git commit --quiet -m "start with omp memory"
run "$omp" add decision --title "Store agent memory in the repository" \
    --choice "YAML files under _omp/memory/" --alternative "a hosted vector database" \
    --rationale "Reviewable in pull requests and merged by git"
run "$omp" set deployment.web.url https://demo.example.com
run "$omp" set deployment.web.status active
run "$omp" add change --type feat --summary "Add the sign-up page" --ref a1b2c3d
run "$omp" add session --summary "Set up project memory" --action "ran omp init"
echo; echo "# a change can be previewed without writing anything:"
run "$omp" add change --type fix --summary "Fix the footer link" --dry-run
echo; echo "# refused: a secret never reaches memory (exit status 1, the value is not echoed)"
"$omp" add decision --title "CI token" --choice "sk-demo0123456789abcdefghijkl" \
    || echo "(exit status $?)"
echo; echo "# extraction: a conversation becomes memory; the reversed choice and the key stay out"
cat > chat.txt <<'CHAT'
User: We need a queue for the e-mail jobs. Let's use RabbitMQ.
Assistant: OK. RabbitMQ needs its own server though; you already run Redis 7.
User: Actually, let's go with BullMQ on our Redis instead, one less thing to operate.
User: My OpenAI key is sk-proj-Demo0123456789abcdefghijklmnop, put it in .env please.
Assistant: Done. I've added the BullMQ worker in src/jobs/mailer.ts.
User: I prefer small functions with early returns.
CHAT
export XDG_DATA_HOME="$work/user-data"   # keep the demo's user store out of your home
run "$omp" extract chat.txt
run "$omp" validate
run "$omp" show decisions
echo; echo "# what an agent reads at the start of a session (fits a Claude Code SessionStart hook):"
run "$omp" context --for "e-mail jobs queue"
run "$omp" status
run git --no-pager diff --stat
run "$omp" backups
echo
echo "demo repository: $demo"
