#!/bin/bash
# bench/verify-accuracy.sh: how often are the static removable verdicts
# right, by the compiler's word?
#
#   bench/verify-accuracy.sh [--binary PATH] [--keep DIR] [--registry DIR] CRATE...
#
# Each CRATE is a directory that `cargo check --offline` builds, or the name
# of a crate Debian ships as a librust-*-dev package ("regex" stands for
# /usr/share/cargo/registry/regex-*, the newest there; install it first,
# e.g. `apt-get install librust-regex-dev`; a registry directory named
# whole, /usr/share/cargo/registry/clap-2.34.0, stands for that version).
# --registry DIR names another directory source in its place: a vendor/
# directory, such as the one in Debian's rustc source package, whose
# crates build offline against each other.  A Debian crate is copied to a
# scratch directory, its dev-dependencies dropped and cargo pointed at
# Debian's registry directory (a source replacement in .cargo/config.toml),
# so it builds offline.  Then, per crate:
#
#   static     removable_move / removable_borrow verdicts of a plain audit
#   verified   of them, the changes `audit --verify` found to build
#   refuted    ... that the compiler rejected (the static verdict was wrong)
#   unverified ... that the check could not judge (not compiled, no edit)
#   precision  verified / (verified + refuted), removable_move only
#   promoted   kept clones (R12, R16) whose removal the compiler accepted,
#              of those tried
#   builds     the crate with every verified removal applied (--patch, git
#              apply) still builds: yes / NO / - (nothing to apply)
#
# and the seconds of the first `--verify` run (a fresh cache), of a second
# one on the same, unchanged tree (its verdicts reused), and of a third
# after a comment is added to the crate root (checks run again, on the warm
# target directory).  A script that prints figures, not a test.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=$here/hotpath-audit
keep=
registry_opt=
while [ $# -gt 0 ]; do
	case $1 in
	--binary) bin=$(realpath -e -- "$2" 2>/dev/null || echo "$2"); shift 2 ;; # absolute: the checks cd into copies
	--keep) keep=$2; shift 2 ;;
	--registry) registry_opt=$2; shift 2 ;;
	-h | --help) sed -n '2,32s/^# \{0,1\}//p' "$0"; exit 0 ;;
	-*) echo "bench/verify-accuracy.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || { echo "usage: bench/verify-accuracy.sh [--binary PATH] [--keep DIR] CRATE..." >&2; exit 2; }
[ -x "$bin" ] || { echo "bench/verify-accuracy.sh: $bin not built (run make)" >&2; exit 2; }
command -v cargo >/dev/null || { echo "bench/verify-accuracy.sh: cargo not found" >&2; exit 2; }
export HOTPATH_AUDIT_DATADIR=${HOTPATH_AUDIT_DATADIR:-$here}
work=${keep:-$(mktemp -d)}
mkdir -p "$work"
[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT
registry=${registry_opt:-/usr/share/cargo/registry}
# the versions the registry holds, read once for every manifest rewritten
versions=$work/registry-versions.json
python3 "$here/bench/heldout/cargo_manifest.py" versions "$registry" "$versions"

# A Debian crate made buildable offline: its manifest rewritten
# (bench/heldout/cargo_manifest.py offline), cargo pointed at the registry
# directory.
prepare() {
	local src=$1 dest=$2
	rm -rf "$dest"
	cp -rL "$src" "$dest" || return 1 # -L: a stubbed registry (bench/heldout/stub-registry.py) links its crates
	chmod -R u+w "$dest"
	rm -f "$dest/Cargo.lock" # a vendored crate's lock names versions the directory may not hold
	rm -f "$dest/rust-toolchain" "$dest/rust-toolchain.toml" # the toolchain here, not the one it pins
	python3 "$here/bench/heldout/cargo_manifest.py" offline "$dest/Cargo.toml" "$versions"
	mkdir -p "$dest/.cargo"
	printf '[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "%s"\n' "$registry" >"$dest/.cargo/config.toml"
}

# A crate that cannot be copied whole (a file its package links to but does
# not ship: sid's termwiz and its data/ tables) is left out, said on stderr,
# and the run goes on.
skipped() {
	echo "bench/verify-accuracy.sh: $1: cannot copy it whole (a broken link?), skipped" >&2
}

printf '%-24s %7s %8s %7s %10s %9s %10s %6s %7s %8s %11s %10s\n' crate static verified refuted unverified precision promoted builds checks first_s same_tree_s changed_s
for c in "$@"; do
	if [ -d "$c" ] && [ "$(dirname "$(cd "$c" && pwd)")" = "$registry" ]; then
		# a registry directory named whole (an older version: clap-2.34.0)
		name=$(basename "$c")
		dir=$work/$name
		prepare "$c" "$dir" || { skipped "$name"; continue; }
	elif [ -d "$c" ]; then
		name=$(basename "$c")
		dir=$work/$name
		rm -rf "$dir"
		cp -rL "$c" "$dir" || { skipped "$name"; continue; }
		chmod -R u+w "$dir"
	else
		src=$(ls -d "$registry/$c"-[0-9]* 2>/dev/null | sort -V | tail -1)
		[ -n "$src" ] || { echo "bench/verify-accuracy.sh: no $registry/$c-* (apt-get install librust-$c-dev)" >&2; exit 2; }
		name=$(basename "$src")
		dir=$work/$name
		prepare "$src" "$dir" || { skipped "$name"; continue; }
	fi
	cache=$work/cache-$name
	rm -rf "$cache"
	"$bin" audit --root "$dir" --paths . --no-config --format json --output "$work/$name.static.json"
	s=$(date +%s.%N)
	XDG_CACHE_HOME=$cache "$bin" audit --root "$dir" --paths . --no-config --format json --verify \
		--output "$work/$name.verify.json" --patch "$work/$name.patch" 2>"$work/$name.err" || true
	t1=$(echo "$(date +%s.%N) - $s" | bc)
	s=$(date +%s.%N)
	XDG_CACHE_HOME=$cache "$bin" audit --root "$dir" --paths . --no-config --format json --verify \
		--output /dev/null 2>/dev/null || true
	t2=$(echo "$(date +%s.%N) - $s" | bc)
	# the verified removals, applied together to a copy: does it still build?
	builds=-
	if grep -q '^diff --git' "$work/$name.patch"; then
		rm -rf "$work/$name.applied"
		cp -r "$dir" "$work/$name.applied"
		if (cd "$work/$name.applied" && git apply "$work/$name.patch" &&
			CARGO_TARGET_DIR=$cache/applied-target cargo check --offline --quiet >/dev/null 2>&1); then
			builds=yes
		else
			builds=NO
		fi
	fi
	# a nightly after a small change: the verdicts cannot be reused, the
	# copy's target directory can
	lib=$dir/src/lib.rs
	[ -f "$lib" ] || lib=$dir/src/main.rs
	[ -f "$lib" ] || lib=$dir/lib.rs # a crate whose root is at its top (fnv)
	[ -f "$lib" ] || lib=$(find "$dir" -maxdepth 2 -name '*.rs' | sort | head -1)
	# a workspace whose root is no package: its first member's crate root
	[ -n "$lib" ] || lib=$(find "$dir" -maxdepth 4 -path '*/src/lib.rs' -not -path '*/target/*' | sort | head -1)
	printf '\n// bench/verify-accuracy.sh: a change\n' >>"$lib"
	s=$(date +%s.%N)
	XDG_CACHE_HOME=$cache "$bin" audit --root "$dir" --paths . --no-config --format json --verify \
		--output /dev/null 2>/dev/null || true
	t3=$(echo "$(date +%s.%N) - $s" | bc)
	python3 - "$work/$name.static.json" "$work/$name.verify.json" "$name" "$t1" "$t2" "$t3" "$builds" <<'EOF'
import json, sys
static = json.load(open(sys.argv[1]))
ver = json.load(open(sys.argv[2]))
removable = [f for f in static["findings"] if f["bucket"] in ("removable_move", "removable_borrow")]
# joined by place (a fingerprint can repeat: two `fn from` in one file)
by_place = {(f["path"], f["line"], f["column"]): f for f in ver["findings"]}
count = {"verified": 0, "refuted": 0, "unverified": 0}
move = {"verified": 0, "refuted": 0}
for f in removable:
    v = by_place[(f["path"], f["line"], f["column"])].get("verification", {}).get("status", "unverified")
    count[v] += 1
    if f["bucket"] == "removable_move" and v in move:
        move[v] += 1
judged = move["verified"] + move["refuted"]
prec = "%.0f%%" % (100.0 * move["verified"] / judged) if judged else "-"
vi = ver.get("verification", {})
print("%-24s %7d %8d %7d %10d %9s %5s/%-4s %6s %7s %8.2f %11.2f %10.2f" % (sys.argv[3], len(removable), count["verified"],
      count["refuted"], count["unverified"], prec, vi.get("promoted", "-"), vi.get("kept_tried", "-"), sys.argv[7],
      vi.get("checks", "-"), float(sys.argv[4]), float(sys.argv[5]), float(sys.argv[6])))
EOF
done
