#!/bin/sh
# Byte-exact inventory output on small hand-written fixtures
# (tests/golden/cases), plus the cases that need a tree built at run time.
. "$top_srcdir/tests/lib.sh"
golden=$top_srcdir/tests/golden

while read -r dir expected args; do
	case $dir in \#* | "") continue ;; esac
	# shellcheck disable=SC2086 # ARGS is a word list on purpose
	(cd "$golden/$dir/tree" && "$HOTPATH_AUDIT" inventory $args) >"$scratch/out" 2>"$scratch/err"
	rc=$?
	check "$dir: $args: exit 0, nothing on stderr" test "$rc" -eq 0 -a ! -s "$scratch/err"
	same_file "$dir: $args: output is $expected" "$golden/$dir/$expected" "$scratch/out"
done <"$golden/cases"

# A file name that is not UTF-8: JSON writes the byte as \udcNN, Markdown
# writes the byte itself.
mkdir -p "$scratch/raw/lib"
printf 'x.clone()\n' >"$scratch/raw/lib/caf$(printf '\351').rs"
(cd "$scratch/raw" && "$HOTPATH_AUDIT" inventory --format json) >"$scratch/out"
check "non-UTF-8 file name: JSON surrogate escape" grep -q '"path": "lib/caf\\udce9.rs"' "$scratch/out"
(cd "$scratch/raw" && "$HOTPATH_AUDIT" inventory) >"$scratch/out"
check "non-UTF-8 file name: Markdown keeps the byte" grep -q "\`lib/caf$(printf '\351').rs:1\`" "$scratch/out"

# A symlink inside the tree that leads out of it: reported as collected.
mkdir -p "$scratch/out-of-tree" "$scratch/linked/lib"
printf 'y.clone()\n' >"$scratch/out-of-tree/o.rs"
ln -s "$scratch/out-of-tree/o.rs" "$scratch/linked/lib/o.rs"
(cd "$scratch/linked" && "$HOTPATH_AUDIT" inventory --format json) >"$scratch/out"
check "a link leading out of the root keeps its absolute collected path" \
	grep -q "\"path\": \"$scratch/linked/lib/o.rs\"" "$scratch/out"

# The window is clipped at both ends of a file, and --root takes a path.
mkdir -p "$scratch/win/lib"
printf 'a.clone()\n' >"$scratch/win/lib/one.rs"
"$HOTPATH_AUDIT" inventory --root "$scratch/win" --format json >"$scratch/out"
check "--root from elsewhere; a one-line file" grep -q '"path": "lib/one.rs"' "$scratch/out"
done_testing
