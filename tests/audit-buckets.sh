#!/bin/sh
# The audit of samples/ against the hand labels (samples/expected-buckets.tsv):
# per-bucket precision and recall are printed; fails below 95% overall.
. "$top_srcdir/tests/lib.sh"
command -v python3 >/dev/null || { skip "buckets" "python3 missing"; done_testing; exit; }
"$HOTPATH_AUDIT" audit --root "$top_srcdir/samples" --format json >"$scratch/a.json"
check "audit of the sample: exit 0" test $? -eq 0
if python3 "$top_srcdir/tests/bucket_oracle.py" "$top_srcdir/samples/expected-buckets.tsv" "$scratch/a.json" 0.95 >"$scratch/score"; then
	ok "at least 95% of the labelled sites in their bucket"
else
	not_ok "at least 95% of the labelled sites in their bucket"
fi
sed 's/^/# /' "$scratch/score"
removable=$(sed -n 's/^removable verdicts right: \([0-9]*\)\/\([0-9]*\) .*/\1 \2/p' "$scratch/score")
check "every removable verdict on the sample is right" sh -c "set -- $removable; test \"\$1\" = \"\$2\""
done_testing
