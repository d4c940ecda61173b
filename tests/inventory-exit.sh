#!/bin/sh
# Exit codes and messages: the reference's refusals (1), usage errors and
# bad rules files (2), help and version (0).
. "$top_srcdir/tests/lib.sh"
H=$HOTPATH_AUDIT
mkdir -p "$scratch/repo/lib" "$scratch/other"
printf 'a.clone()\n' >"$scratch/repo/lib/a.rs"
cd "$scratch/repo" || exit 1

"$H" inventory --paths ../other >"$scratch/out" 2>"$scratch/err"
check "outside the root: exit 1" test $? -eq 1
printf 'refusing to scan path outside repository root: %s/repo/../other\n' "$(cd "$scratch" && pwd -P)" >"$scratch/want"
same_file "outside the root: the reference's exact message" "$scratch/want" "$scratch/err"
check "outside the root: nothing on stdout" test ! -s "$scratch/out"

"$H" inventory --paths ../missing >/dev/null 2>&1
check "a missing path outside the root is refused before any existence check" test $? -eq 1
"$H" inventory --paths missing lib >"$scratch/out" 2>&1
check "a missing path inside the root is skipped silently" grep -q 'Total candidates after filters: 1' "$scratch/out"

ln -s loop "$scratch/repo/lib/loop"
"$H" inventory --paths lib/loop >/dev/null 2>"$scratch/err"
check "a symlink loop given directly: exit 1" test $? -eq 1
check "a symlink loop: message names it" grep -q 'symlink loop' "$scratch/err"
rm "$scratch/repo/lib/loop"

for bad in "--limit x" "--limit 5.0" "--format yaml" "--root" "--paths" "--bogus" "stray" "--only-actionable=1" "--jobs 0"; do
	# shellcheck disable=SC2086
	"$H" inventory $bad >"$scratch/out" 2>"$scratch/err"
	rc=$?
	check "usage error '$bad': exit 2, a message, no output" test $rc -eq 2 -a -s "$scratch/err" -a ! -s "$scratch/out"
done
"$H" >/dev/null 2>&1
check "no command: exit 2" test $? -eq 2
"$H" frobnicate >/dev/null 2>&1
check "unknown command: exit 2" test $? -eq 2

"$H" inventory --help >"$scratch/out"
check "inventory --help: exit 0" test $? -eq 0
check "inventory --help lists every option" sh -c "for o in root paths limit format only-actionable include-tests jobs patterns; do grep -q -- \"--\$o\" '$scratch/out' || exit 1; done"
"$H" --version >"$scratch/out"
check "--version: exit 0, names the program" grep -q '^hotpath-audit [0-9]' "$scratch/out"

mkdir -p "$scratch/pat"
sed 's/^tier high 12$/tier high twelve/' "$top_srcdir/patterns/inventory.rules" >"$scratch/pat/inventory.rules"
line=$(grep -n '^tier high twelve$' "$scratch/pat/inventory.rules" | cut -d: -f1)
"$H" inventory --patterns "$scratch/pat" >"$scratch/out" 2>"$scratch/err"
check "a bad rules file: exit 2" test $? -eq 2
check "a bad rules file: message names file:line" grep -q "$scratch/pat/inventory.rules:$line: expected a whole number" "$scratch/err"
"$H" inventory --patterns "$scratch/nope" >/dev/null 2>"$scratch/err"
check "a missing rules file: exit 2, named" sh -c "grep -q 'nope/inventory.rules: No such file' '$scratch/err'"

# A team's own rules, without recompiling: a new hot path and hint.
sed 's|^hot_path lib/llm/src/backend.rs 10 llm request backend$|hot_path lib/a.rs 20 our own hot path\n&|' \
	"$top_srcdir/patterns/inventory.rules" >"$scratch/pat/inventory.rules"
"$H" inventory --patterns "$scratch/pat" --format json >"$scratch/out"
check "--patterns: a team's own hot path is used" grep -q '"hot_path": "our own hot path"' "$scratch/out"

if [ "$(id -u)" -ne 0 ]; then
	printf 'b.clone()\n' >"$scratch/repo/lib/b.rs"
	chmod 000 "$scratch/repo/lib/b.rs"
	"$H" inventory >"$scratch/out" 2>"$scratch/err"
	check "an unreadable file: exit 1 (as the reference), named" sh -c "test $? -eq 1 && grep -q 'lib/b.rs' '$scratch/err'"
	chmod 644 "$scratch/repo/lib/b.rs"
else
	skip "an unreadable file: exit 1" "root reads every file"
fi
done_testing
