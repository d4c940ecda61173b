#!/bin/sh
# docs/classification.md's examples: each rule's Rust example must get the
# bucket and rule the document states.
. "$top_srcdir/tests/lib.sh"
command -v python3 >/dev/null || { skip "examples" "python3 missing"; done_testing; exit; }
python3 "$top_srcdir/tests/doc_examples.py" "$top_srcdir/docs/classification.md" "$HOTPATH_AUDIT" "$scratch/tree"
