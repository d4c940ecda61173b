#!/bin/sh
# The sample repository against its hand-derived table
# (samples/expected-inventory.tsv): every flag combination of the spec, in
# both formats, checked row by row, in order, and in the summary.
. "$top_srcdir/tests/lib.sh"
samples=$top_srcdir/samples
tsv=$samples/expected-inventory.tsv
command -v python3 >/dev/null || { skip "sample table" "python3 missing"; done_testing; exit; }

for flags in "" "--only-actionable" "--include-tests" "--only-actionable --include-tests"; do
	for limit in "" "--limit 0" "--limit 10" "--limit -1" "--limit 500"; do
		name="sample${flags:+ $flags}${limit:+ $limit}"
		# shellcheck disable=SC2086
		(cd "$samples" && "$HOTPATH_AUDIT" inventory $flags $limit --format json) >"$scratch/json"
		# shellcheck disable=SC2086
		(cd "$samples" && "$HOTPATH_AUDIT" inventory $flags $limit) >"$scratch/md"
		# shellcheck disable=SC2086
		if python3 "$top_srcdir/tests/sample_oracle.py" "$tsv" "$scratch/json" "$scratch/md" $flags $limit >"$scratch/why"; then
			ok "$name"
		else
			not_ok "$name"
			sed 's/^/#   /' "$scratch/why" | head -20
		fi
	done
done

# --jobs does not change a byte.
(cd "$samples" && "$HOTPATH_AUDIT" inventory --limit 0 --format json --jobs 1) >"$scratch/j1"
(cd "$samples" && "$HOTPATH_AUDIT" inventory --limit 0 --format json --jobs 7) >"$scratch/j7"
same_file "--jobs 1 and --jobs 7 give the same bytes" "$scratch/j1" "$scratch/j7"
done_testing
