#!/bin/sh
# Safe output: a hostile code base (markup, javascript: links, Mustache
# delimiters, backticks and pipes in code, comments, strings, receivers and
# file names) through every renderer.  The HTML report and the Markdown
# reports (as a forge renders them, raw HTML passed through) may hold only
# elements and attributes the templates write, and must show the hostile
# text as text; JSON, SARIF and GitLab parse and keep it verbatim.
. "$top_srcdir/tests/lib.sh"
needs_git
H=$HOTPATH_AUDIT
S="python3 $top_srcdir/tests/safe_output.py"
MD2HTML=$top_builddir/tests/tools/md2html
T=$top_srcdir/templates

# what a report of benign code looks like, in every format
"$H" audit --root "$top_srcdir/samples" --paths . --no-config --format md,html --output-dir "$scratch/benign" 2>"$scratch/err"
check "benign sample report: exit 0" test $? -eq 0
"$MD2HTML" <"$scratch/benign/audit.md" >"$scratch/benign/md.html"
# ... and of the rule packs' samples: what their sections may hold
"$H" audit --root "$top_srcdir/samples/packs" --paths . --packs clone,perf-review,perf-leads,crate-hygiene --format md,html \
	--output-dir "$scratch/benign-packs" 2>"$scratch/err"
check "benign rule-pack report: exit 0" test $? -eq 0
"$MD2HTML" <"$scratch/benign-packs/audit.md" >"$scratch/benign-packs/md.html"
PACKS="--packs clone,perf-review,perf-leads,crate-hygiene"
# ... and of a benign change's review-ticket report (code fences, a table)
B=$scratch/benign-repo
mkdir -p "$B" && cp -R "$top_srcdir/samples/lib" "$B/" && (cd "$B" && git init -q -b main . && git add -A &&
	git commit -qm base && printf '\npub fn route_all(cfg: Config, w: &Vec<String>) -> String {\n    let c = cfg.clone();\n    w[0].clone()\n}\n' \
	>>lib/llm/src/kv_router/publisher.rs && git commit -qam change) || exit 1
"$H" audit --root "$B" --paths . --no-config --diff HEAD~1..HEAD --format md --output "$scratch/benign/pr.md" 2>"$scratch/err"
check "benign review-ticket report: exit 0, something to act on and something kept" sh -c \
	"test $? -eq 0 && grep -q '^## To act on' '$scratch/benign/pr.md' && grep -q '^## Kept, with reasons' '$scratch/benign/pr.md'"
"$MD2HTML" <"$scratch/benign/pr.md" >"$scratch/benign/pr.html"

R=$scratch/repo
mkdir -p "$R" && (cd "$R" && git init -q -b main . && git commit -q --allow-empty -m base) || exit 1
for seed in 1 2 3; do
	rm -rf "$R/lib" "$scratch/out"
	$S gen "$R" "$seed" 24
	(cd "$R" && git add -A && git commit -qm "seed $seed") || exit 1
	"$H" audit --root "$R" --paths . --no-config $PACKS --format md,html,json,sarif,gitlab --output-dir "$scratch/out" 2>"$scratch/err"
	check "seed $seed: the hostile tree is audited (exit 0)" test $? -eq 0
	check "seed $seed: findings in every hostile file" test "$(grep -c '"path": "lib/llm/src/http/' "$scratch/out/audit.json")" -ge 24
	check "seed $seed: rule-pack findings quote the hostile code (Rust and Python)" python3 -c "
import json, sys
f = json.load(open(sys.argv[1]))['rule_findings']
rules = {x['rule'] for x in f}
sys.exit(0 if {'blocking-in-async', 'async-lock-across-await', 'owned-string-borrowed', 'sleep-in-async', 'str-concat-in-loop'} <= rules else 1)" "$scratch/out/audit.json"
	$S html "$T/report.html.mustache" "$T/finding.html.mustache" "$scratch/benign/audit.html" "$scratch/benign-packs/audit.html" -- "$scratch/out/audit.html" >"$scratch/v"
	check "seed $seed: HTML report: no element or attribute from the code, hostile text shown as text" test $? -eq 0
	sed 's/^/#   /' "$scratch/v"
	"$MD2HTML" <"$scratch/out/audit.md" >"$scratch/md.html"
	$S html "$T/report.md.mustache" "$T/finding.md.mustache" "$scratch/benign/md.html" "$scratch/benign-packs/md.html" -- "$scratch/md.html" >"$scratch/v"
	check "seed $seed: Markdown report: no raw HTML or link from the code, hostile text shown as text" test $? -eq 0
	sed 's/^/#   /' "$scratch/v"
	base=$(cd "$R" && git rev-parse HEAD~1)
	"$H" audit --root "$R" --diff "$base..HEAD" --no-config $PACKS --format md --output "$scratch/pr.md" 2>"$scratch/err"
	check "seed $seed: review-ticket report (--diff): exit 0" test $? -eq 0
	"$MD2HTML" <"$scratch/pr.md" >"$scratch/pr.html"
	$S html "$T/report-pr.md.mustache" "$T/finding.md.mustache" "$scratch/benign/md.html" "$scratch/benign/pr.html" -- "$scratch/pr.html" >"$scratch/v"
	check "seed $seed: review-ticket Markdown: no raw HTML or link from the code" test $? -eq 0
	sed 's/^/#   /' "$scratch/v"
	for fmt in json sarif gitlab.json; do
		$S json "$scratch/out/audit.$fmt" >"$scratch/v"
		check "seed $seed: $fmt parses and keeps the hostile text verbatim" test $? -eq 0
		sed 's/^/#   /' "$scratch/v"
	done
done

# the checker itself: a page with injected markup must fail it
printf '<p>x</p><img src=x onerror=alert(2)><a href="javascript:alert(1)">y</a>\n' >"$scratch/injected.html"
$S html "$T/report.html.mustache" -- "$scratch/injected.html" >"$scratch/v"
check "the checker catches injected elements, attributes and javascript: URLs" \
	sh -c "test \$(grep -c 'element <img>\|attribute onerror\|javascript:' '$scratch/v') -ge 3"
done_testing
