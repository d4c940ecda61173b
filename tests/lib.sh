# tests/lib.sh: TAP for the shell tests.  Source it, call `check` or
# `ok`/`not_ok`, end with `done_testing`.  KEEP_SCRATCH=1 keeps the scratch
# directory of a failing run for a look.
set -u
: "${HOTPATH_AUDIT:?run through make check}"
: "${top_srcdir:?run through make check}"
tap_n=0
tap_failed=0
ok() { tap_n=$((tap_n + 1)); echo "ok $tap_n - $1"; }
not_ok() { tap_n=$((tap_n + 1)); tap_failed=$((tap_failed + 1)); echo "not ok $tap_n - $1"; }
skip() { tap_n=$((tap_n + 1)); echo "ok $tap_n - $1 # SKIP $2"; }
# check DESCRIPTION COMMAND...: ok when the command succeeds.
check() { d=$1; shift; if "$@"; then ok "$d"; else not_ok "$d"; fi; }
# same_file DESCRIPTION EXPECTED ACTUAL: byte comparison, diff on failure.
same_file() {
	if cmp -s "$2" "$3"; then ok "$1"; else
		not_ok "$1"
		diff -u "$2" "$3" | head -40 | sed 's/^/#   /'
	fi
}
# needs_git: the whole test is skipped without git or python3; otherwise
# commits and reports get a fixed author, committer and time stamp.
needs_git() {
	command -v git >/dev/null && command -v python3 >/dev/null || { echo "1..0 # SKIP git or python3 missing"; exit 0; }
	export SOURCE_DATE_EPOCH=1700000000 GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org GIT_COMMITTER_NAME=t \
		GIT_COMMITTER_EMAIL=t@example.org
}
# fails_with DESCRIPTION PATTERN ARGS...: `hotpath-audit ARGS` exits 2 and
# its standard error (left in $scratch/err) matches the grep PATTERN.
fails_with() {
	d=$1 p=$2
	shift 2
	"$HOTPATH_AUDIT" "$@" >/dev/null 2>"$scratch/err"
	rc=$?
	if [ $rc -eq 2 ] && grep -q -- "$p" "$scratch/err"; then ok "$d"; else
		not_ok "$d"
		echo "#   exit $rc: $(head -1 "$scratch/err")"
	fi
}
# sarif_valid DESCRIPTION FILE: FILE validates against the official SARIF
# 2.1.0 schema (skipped without python3-jsonschema).
sarif_valid() {
	py=python3
	python3 -c 'import jsonschema' 2>/dev/null || py=/usr/bin/python3
	if [ ! -f "$SHARED_DIR/sarif/sarif-schema-2.1.0.json" ]; then
		skip "$1" "no shared/sarif schema beside this checkout (configure --with-shared-dir=DIR)"
	elif $py -c 'import jsonschema' 2>/dev/null; then
		check "$1" $py -c "
import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))" "$2" "$SHARED_DIR/sarif/sarif-schema-2.1.0.json"
	else
		skip "$1" "python3-jsonschema missing"
	fi
}
done_testing() { echo "1..$tap_n"; [ "$tap_failed" -eq 0 ]; }
scratch=$(mktemp -d "${TMPDIR:-/tmp}/hpa-test.XXXXXX")
trap 'chmod -R u+rwx "$scratch" 2>/dev/null; [ -n "${KEEP_SCRATCH:-}" ] || rm -rf "$scratch"' EXIT
