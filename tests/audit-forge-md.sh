#!/bin/sh
# The review-ticket Markdown as a forge shows it: rendered by cmark-gfm
# (GitHub's Markdown, with its table, autolink and tag-filter extensions),
# the title's code has no escape in it, no <summary> shows backticks or
# entities, every finding is there by its location (also in a file whose
# name holds a backtick, a '<' and a '|'), the table keeps three cells a
# row; the verdict comes first and says whether --fail-on fails the check,
# which counts only the changed lines; the comment carries its marker.
. "$top_srcdir/tests/lib.sh"
needs_git
command -v cmark-gfm >/dev/null || { echo "1..0 # SKIP cmark-gfm is not installed (sh .ci/install-deps)"; exit 0; }
H=$HOTPATH_AUDIT
render() { cmark-gfm --unsafe -e table -e autolink -e tagfilter "$1" >"$2"; }
R=$scratch/repo
mkdir -p "$R/lib/llm/src" && cd "$R" || exit 1
git init -q -b main .
# untouched code with a removable clone: a gate on the change must not see it
cat >lib/llm/src/old.rs <<'RS'
pub fn old(cfg: Config) -> Config { let c = cfg.clone(); c }
RS
git add -A && git commit -qm base
cat >lib/llm/src/router.rs <<'RS'
pub fn pick_worker(workers: &Vec<String>, req: Request) -> String {
    let name = req.model.clone();
    let first = workers[0].clone();
    log(&name);
    first
}
RS
cat >'lib/llm/src/we`ird<x|y>.rs' <<'RS'
pub fn route_all(cfg: Config, w: &Vec<String>) -> String {
    let c = cfg.clone();
    consume(c);
    w[0].clone()
}
RS
git add -A && git commit -qm change
"$H" audit --root "$R" --paths . --no-config --diff HEAD~1..HEAD --format md --output "$scratch/pr.md" 2>"$scratch/err"
check "review ticket: exit 0" test $? -eq 0
"$H" audit --root "$R" --paths . --no-config --diff HEAD~1..HEAD --format json --output "$scratch/pr.json" 2>"$scratch/err"
render "$scratch/pr.md" "$scratch/pr.html"
python3 "$top_srcdir/tests/forge_md.py" "$scratch/pr.html" "$scratch/pr.json" --title 'HEAD~1..HEAD' >"$scratch/v"
check "rendered as GitHub does: no escape in the title's code, no Markdown in <summary>, every finding by its location, whole table rows" \
	test $? -eq 0
sed 's/^/#   /' "$scratch/v"
check "the verdict first: what to act on and what stays" \
	sh -c "sed -n 4p '$scratch/pr.md' | grep -qx '\*\*2 clones to act on in this change; 2 kept, with reasons.\*\*'"
check "the actionable findings before the kept ones, which share one table" sh -c \
	"test \$(grep -n '^## To act on (2)' '$scratch/pr.md' | cut -d: -f1) -lt \$(grep -n '^## Kept, with reasons (2)' '$scratch/pr.md' | cut -d: -f1) && test \$(grep -c '^| \`' '$scratch/pr.md') -eq 2 && test \$(grep -c '^<details>' '$scratch/pr.md') -eq 3"
check "each finding to act on shows its line of code" grep -q '^    let c = cfg.clone();$' "$scratch/pr.md"
check "the first line is the comment's marker: repository and base" \
	sh -c "head -1 '$scratch/pr.md' | grep -qx '<!-- hotpath-audit: repo#HEAD~1 -->'"
check "one comment's size" test "$(wc -c <"$scratch/pr.md")" -le 65536

# the gate: findings on the changed lines only, and the verdict says why
"$H" audit --root "$R" --paths . --no-config --diff HEAD~1..HEAD --fail-on new --format md --output "$scratch/gate.md" 2>"$scratch/err"
check "--fail-on new with something to act on in the change: exit 1, and the verdict says why" \
	sh -c "test $? -eq 1 && grep -q 'The check fails: 2 findings at or above \`--fail-on new\` on the changed lines.' '$scratch/gate.md'"
"$H" audit --root "$R" --paths . --no-config --diff HEAD~1..HEAD --fail-on new --exit-zero --format md --output "$scratch/gate0.md" 2>"$scratch/err"
check "... with --exit-zero: exit 0, reported only" \
	sh -c "test $? -eq 0 && grep -q '(reported only: \`--exit-zero\`)' '$scratch/gate0.md'"
cat >lib/llm/src/kept.rs <<'RS'
pub fn share(h: &std::sync::Arc<String>) -> std::sync::Arc<String> { h.clone() }
RS
git add -A && git commit -qm kept-only
"$H" audit --root "$R" --paths . --no-config --diff HEAD~1..HEAD --fail-on new --format md --output "$scratch/pass.md" 2>"$scratch/err"
check "a change with nothing to act on passes, though untouched code has a removable clone" \
	sh -c "test $? -eq 0 && grep -q 'Nothing to act on in this change; 1 clone kept, with reasons. The check passes: nothing reaches \`--fail-on new\`.' '$scratch/pass.md'"
"$H" audit --root "$R" --paths . --no-config --fail-on new --format md --output "$scratch/whole.md" 2>"$scratch/err"
check "... while the whole audit, untouched code included, fails" test $? -eq 1

# the full audit's Markdown: act-on-first too, rendered right
"$H" audit --root "$R" --paths . --no-config --format md --output "$scratch/full.md" 2>"$scratch/err"
"$H" audit --root "$R" --paths . --no-config --format json --output "$scratch/full.json" 2>"$scratch/err"
render "$scratch/full.md" "$scratch/full.html"
python3 "$top_srcdir/tests/forge_md.py" "$scratch/full.html" "$scratch/full.json" >"$scratch/v"
check "the full audit's Markdown rendered as GitHub does: every finding, nothing garbled" test $? -eq 0
sed 's/^/#   /' "$scratch/v"
check "... the verdict first, the kept ones in one table after the ones to act on" sh -c \
	"grep -q '^\*\*3 clones to act on; 3 kept, with reasons.\*\*' '$scratch/full.md' && test \$(grep -n '^## Removable' '$scratch/full.md' | head -1 | cut -d: -f1) -lt \$(grep -n '^## Kept, with reasons (3)' '$scratch/full.md' | cut -d: -f1)"
done_testing
