#!/bin/sh
# Every fuzz seed and every input that once crashed a harness, replayed
# through the harness code (fuzz/replay.c) with the normal build (and under
# valgrind with make check-valgrind).
. "$top_srcdir/tests/lib.sh"
for name in fuzz_rust fuzz_python fuzz_mustache fuzz_rules fuzz_baseline fuzz_range fuzz_cargo; do
	set --
	for f in "$top_srcdir/fuzz/corpus/$name"/* "$top_srcdir/fuzz/regressions/$name"/*; do
		[ -f "$f" ] && set -- "$@" "$f"
	done
	HOTPATH_AUDIT_DATADIR=$top_srcdir ${HOTPATH_AUDIT_VALGRIND:-} "$top_builddir/fuzz/replay_${name#fuzz_}" "$@" >"$scratch/out" 2>&1
	check "$name: $# inputs replayed without a crash" test $? -eq 0 -a "$(grep -c '^ok ' "$scratch/out")" -eq $#
done
done_testing
