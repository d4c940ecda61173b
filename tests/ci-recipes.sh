#!/bin/sh
# docs/ci.md's recipes, run: the audit and comment steps of the GitHub
# Actions workflow and of the GitLab CI job, copied from the page as they
# stand, against a local fake of each forge's API (tests/fake_forge.py, on
# 127.0.0.1) -- two pushes to one pull request leave one comment, the
# second push's report, and someone else's comment untouched.
. "$top_srcdir/tests/lib.sh"
needs_git
command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed (sh .ci/install-deps)"; exit 0; }

# the steps, from the page
python3 - "$top_srcdir/docs/ci.md" "$scratch/gh.sh" "$scratch/gl.sh" <<'PY' || exit 1
import re, sys
text = open(sys.argv[1]).read()
blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
gh, gl = blocks[0].split("\n"), blocks[1].split("\n")
def indent(l): return len(l) - len(l.lstrip())
def step_run(lines, name):
    i = next(k for k, l in enumerate(lines) if l.strip() == "- name: " + name)
    j = next(k for k in range(i + 1, len(lines)) if lines[k].strip().startswith("run:"))
    first = lines[j].strip()[len("run:"):].strip()
    if first != "|":
        return [first]
    out, k = [], j + 1
    while k < len(lines) and (not lines[k].strip() or indent(lines[k]) > indent(lines[j])):
        out.append(lines[k][indent(lines[j]) + 2:])
        k += 1
    return out
script = step_run(gh, "Audit the change") + step_run(gh, "Comment on the pull request")
open(sys.argv[2], "w").write("\n".join(script) + "\n")
i = next(k for k, l in enumerate(gl) if l.strip() == "script:")
items = []
for l in gl[i + 1:]:
    if not l.strip().startswith("- "):
        break
    items.append(l.strip()[2:])
# the lines that fetch and build the tool, and fetch the target branch, need
# the network: the test has the tool and the branch at hand
items = [x for x in items if "git clone" not in x and "install-deps" not in x and "git fetch" not in x]
open(sys.argv[3], "w").write("\n".join(items) + "\n")
PY
check "the GitHub recipe's audit and comment steps, as the page has them" \
	sh -c "grep -q 'hotpath-audit audit --diff' '$scratch/gh.sh' && grep -q 'forge-comment.sh github hotpath/audit.md' '$scratch/gh.sh'"
check "the GitLab recipe's script, as the page has it" \
	sh -c "grep -q 'hotpath-audit audit --diff' '$scratch/gl.sh' && grep -q 'forge-comment.sh gitlab hotpath/audit.md' '$scratch/gl.sh' && grep -q '^exit' '$scratch/gl.sh'"

# a repository with a pull request: origin's main, and a branch on top
O=$scratch/origin.git W=$scratch/work
git init -q --bare -b main "$O"
git clone -q "$O" "$W" 2>/dev/null && cd "$W" || exit 1
mkdir -p lib/llm/src
printf 'pub fn old(cfg: Config) -> Config { let c = cfg.clone(); c }\n' >lib/llm/src/old.rs
git add -A && git commit -qm base && git push -q origin main && git checkout -q -b feature
# the tool where the recipes have it (built there by their first steps)
mkdir -p .hotpath-audit/contrib
printf '#!/bin/sh\nexec "%s" "$@"\n' "$HOTPATH_AUDIT" >.hotpath-audit/hotpath-audit
chmod +x .hotpath-audit/hotpath-audit
cp "$top_srcdir/contrib/forge-comment.sh" .hotpath-audit/contrib/
printf '.hotpath-audit/\nhotpath/\n' >.git/info/exclude
push() { # N: a commit of the pull request
	printf 'pub fn route%s(cfg: Config) -> usize { let c = cfg.clone(); consume(c) }\n' "$1" >>lib/llm/src/router.rs
	git add -A && git commit -qm "push $1"
}

export FAKE_TOKEN=t0ken
python3 "$top_srcdir/tests/fake_forge.py" "$scratch/port" "$scratch/state.json" &
fake=$!
trap 'kill $fake 2>/dev/null; chmod -R u+rwx "$scratch" 2>/dev/null; [ -n "${KEEP_SCRATCH:-}" ] || rm -rf "$scratch"' EXIT
i=0
while [ ! -s "$scratch/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
port=$(cat "$scratch/port")
check "the fake forge listens on 127.0.0.1" test -n "$port"

# GitHub: two pushes
for n in 1 2; do
	push "gh$n"
	: >"$scratch/gh-output"
	env BASE=origin/main GITHUB_OUTPUT="$scratch/gh-output" GITHUB_API_URL="http://127.0.0.1:$port" \
		GITHUB_REPOSITORY=acme/serve PR_NUMBER=7 GITHUB_TOKEN=t0ken sh -e "$scratch/gh.sh" >"$scratch/gh.log" 2>&1
	check "GitHub, push $n: the audit and comment steps succeed" test $? -eq 0
	sed 's/^/#   /' "$scratch/gh.log"
done
check "GitHub: the audit step reports the gate for the last step (status=1: something to act on)" \
	grep -qx 'status=1' "$scratch/gh-output"
check "GitHub: after two pushes, one comment of ours -- the second push's report -- beside someone else's" python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))
items = s['threads']['acme/serve#7']
ours = [c for c in items if c['body'].startswith('<!-- hotpath-audit: ')]
assert len(items) == 2 and len(ours) == 1, items
assert ours[0]['body'] == open(sys.argv[2]).read()
assert 'routegh2' in ours[0]['body'] or 'router.rs:2' in ours[0]['body'], ours[0]['body'][:300]
assert sum(l.startswith('POST ') for l in s['log']) == 1 and sum(l.startswith('PATCH ') for l in s['log']) == 1, s['log']
" "$scratch/state.json" "$W/hotpath/audit.md"

# GitLab: two pushes to merge request 3
for n in 1 2; do
	push "gl$n"
	env CI_MERGE_REQUEST_TARGET_BRANCH_NAME=main CI_API_V4_URL="http://127.0.0.1:$port" CI_PROJECT_ID=42 \
		CI_MERGE_REQUEST_IID=3 GITLAB_TOKEN=t0ken sh "$scratch/gl.sh" >"$scratch/gl.log" 2>&1
	rc=$?
	check "GitLab, push $n: the job comments, then fails on what the change should act on (exit 1)" test $rc -eq 1
	sed 's/^/#   /' "$scratch/gl.log"
done
check "GitLab: after two pushes, one note of ours -- the second push's report" python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))
items = s['threads']['42#3']
ours = [c for c in items if c['body'].startswith('<!-- hotpath-audit: ')]
assert len(items) == 2 and len(ours) == 1 and ours[0]['body'] == open(sys.argv[2]).read(), items
assert sum(l.startswith('PUT ') for l in s['log']) == 1, s['log']
" "$scratch/state.json" "$W/hotpath/audit.md"
check "GitLab: the Code Quality report is there for the artifact" test -s "$W/hotpath/audit.gitlab.json"

# a wrong token: the forge's refusal is an error, said
GITHUB_API_URL="http://127.0.0.1:$port" GITHUB_REPOSITORY=acme/serve PR_NUMBER=7 GITHUB_TOKEN=wrong \
	sh "$top_srcdir/contrib/forge-comment.sh" github "$W/hotpath/audit.md" >/dev/null 2>"$scratch/err"
check "a refused token: exit 1, the HTTP status said" sh -c "test $? -eq 1 && grep -q 'HTTP 401' '$scratch/err'"
printf 'no marker\n' >"$scratch/plain.md"
sh "$top_srcdir/contrib/forge-comment.sh" github "$scratch/plain.md" >/dev/null 2>"$scratch/err"
check "a report without a marker: exit 2, said" sh -c "test $? -eq 2 && grep -q 'marker' '$scratch/err'"
done_testing
