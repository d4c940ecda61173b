#!/bin/bash
# bench/run.sh: how fast is hotpath-audit next to ripgrep, on the same tree?
#
#   bench/run.sh [--mode inventory|audit|scale|formats] [--runs N] [--binary PATH] [--packs LIST] [TREE]
#
# inventory  times `hotpath-audit inventory --paths . --limit 0 --format json`
# audit      times `hotpath-audit audit --paths . --no-config --format json`
#            (with `--packs LIST` when given: the rule packs in the same pass)
# scale      the audit at 0.5, 1, 2 and 4 million lines cut from TREE (files
#            taken in path order, the tree repeated when it is too small)
# formats    the audit writing each report format to a file (json, md,
#            html, sarif, gitlab, and all five in one run with --output-dir),
#            each set against the JSON run as well as rg
#
# Each is set against the reference command
# `rg --pcre2 -n '(?:\bArc::clone\s*\(|\.clone\s*\()' -g '*.rs'` on the same
# tree in the same run, alternating, N times each (default 5), and prints
# medians of wall and CPU time (user + system), peak memory (GNU time), and
# the wall-time ratio.  Without TREE: samples/ copied up to a million lines.
# A script that prints figures, not a test: nothing here fails on a slow
# machine.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
runs=5
mode=inventory
bin=$here/hotpath-audit
packs=
while [ $# -gt 0 ]; do
	case $1 in
	--runs) runs=$2; shift 2 ;;
	--binary) bin=$(realpath -e -- "$2" 2>/dev/null || echo "$2"); shift 2 ;; # absolute: the runs cd into TREE
	--mode) mode=$2; shift 2 ;;
	--packs) packs=$2; shift 2 ;;
	-h | --help) sed -n '2,17s/^# \{0,1\}//p' "$0"; exit 0 ;;
	-*) echo "bench/run.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
case $mode in inventory | audit | scale | formats) ;; *) echo "bench/run.sh: unknown mode $mode" >&2; exit 2 ;; esac
command -v rg >/dev/null || { echo "bench/run.sh: rg not found (apt-get install ripgrep)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench/run.sh: GNU time not found (apt-get install time)" >&2; exit 2; }
[ -x "$bin" ] || { echo "bench/run.sh: $bin not built (run make)" >&2; exit 2; }
export HOTPATH_AUDIT_DATADIR=${HOTPATH_AUDIT_DATADIR:-$here}

work=$(mktemp -d "${TMPDIR:-/tmp}/hpa-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

src=${1:-}
if [ -z "$src" ]; then
	src=$work/samples
	per=$(find "$here/samples" -name '*.rs' -type f -exec cat {} + | wc -l)
	copies=$(( (1000000 + per - 1) / per ))
	for i in $(seq 1 "$copies"); do mkdir -p "$src"; cp -a "$here/samples" "$src/copy$i"; done
	label="samples x$copies"
else
	src=$(cd "$src" && pwd)
	label=$src
fi

rg_cmd=(rg --pcre2 -n '(?:\bArc::clone\s*\(|\.clone\s*\()' -g '*.rs')
ours_for() { # WHAT: sets ours=(the command)
	if [ "$1" = inventory ]; then ours=("$bin" inventory --paths . --limit 0 --format json)
	else ours=("$bin" audit --paths . --no-config --format json ${packs:+--packs "$packs"}); fi
}

# time_into FILE DIR CMD...: one run; appends "wall cpu peak_kib" (wall from
# the clock in ns: GNU time's %e has 10 ms steps)
time_into() {
	local out=$1 dir=$2 t0 t1; shift 2
	t0=$(date +%s%N)
	(cd "$dir" && /usr/bin/time -f '%U %S %M' -o "$work/t" "$@" >/dev/null 2>"$work/err") || {
		# rg exits 1 when nothing matches; anything else is an error
		[ "$1" = rg ] || { echo "bench/run.sh: $* failed:" >&2; cat "$work/err" >&2; exit 2; }
	}
	t1=$(date +%s%N)
	awk -v ns=$((t1 - t0)) '{ printf "%.3f %.3f %d\n", ns / 1e9, $1 + $2, $3 }' "$work/t" >>"$out"
}
median_col() { awk -v c="$2" '{ print $c }' "$1" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# measure WHAT DIR: prints "wall cpu rss  rg_wall rg_cpu rg_rss"
measure() {
	local dir=$2 i
	ours_for "$1"
	: >"$work/ours" && : >"$work/rg"
	(cd "$dir" && "${ours[@]}" >/dev/null 2>&1 && "${rg_cmd[@]}" >/dev/null) || true # warm the cache
	for i in $(seq 1 "$runs"); do
		time_into "$work/ours" "$dir" "${ours[@]}"
		time_into "$work/rg" "$dir" "${rg_cmd[@]}"
	done
	echo "$(median_col "$work/ours" 1) $(median_col "$work/ours" 2) $(median_col "$work/ours" 3)" \
		"$(median_col "$work/rg" 1) $(median_col "$work/rg" 2) $(median_col "$work/rg" 3)"
}
lines_of() { find "$1" -name '*.rs' -type f -exec cat {} + | wc -l; }
header() {
	printf '%-10s %7s %9s %9s %9s %10s %9s %9s %9s %7s\n' lines files findings "wall s" "cpu s" "peak MiB" \
		"rg wall" "rg cpu" "rg MiB" ratio
}
row() { # LINES FILES FINDINGS MEASUREMENT...
	awk -v l="$1" -v f="$2" -v n="$3" -v w="$4" -v c="$5" -v m="$6" -v rw="$7" -v rc="$8" -v rm="$9" 'BEGIN {
		printf "%-10s %7d %9s %9.3f %9.2f %10.1f %9.3f %9.2f %9.1f %7.2f\n",
			l, f, n, w, c, m / 1024, rw, rc, rm / 1024, (rw > 0 ? w / rw : 0) }'
}
count_findings() { # WHAT DIR
	ours_for "$1"
	if [ "$1" = inventory ]; then
		(cd "$2" && "${ours[@]}" | sed -n 's/^    "total": \([0-9]*\)$/\1/p')
	else
		(cd "$2" && "${ours[@]}" 2>/dev/null | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["findings"]))' 2>/dev/null || echo "?")
	fi
}

# build_tree N DIR: the first files of $src (path order) up to N lines,
# hard-linked; the tree again under another name while short of N
build_tree() {
	local want=$1 dir=$2 have=0 round=0 f n
	find "$src" -name '*.rs' -type f | LC_ALL=C sort >"$work/files"
	[ -s "$work/files" ] || { echo "bench/run.sh: no .rs files under $src" >&2; exit 2; }
	while [ "$have" -lt "$want" ]; do
		round=$((round + 1))
		while IFS= read -r f && [ "$have" -lt "$want" ]; do
			n=$(wc -l <"$f")
			mkdir -p "$dir/r$round/$(dirname "${f#"$src"/}")"
			ln "$f" "$dir/r$round/${f#"$src"/}" 2>/dev/null || cp "$f" "$dir/r$round/${f#"$src"/}"
			have=$((have + n))
		done <"$work/files"
	done
}

# formats: every format and rg in each round, so that a slow spell of the
# machine weighs on all alike; medians, and ratios to the JSON run and rg
measure_formats() {
	local dir=$1 i f
	local fmts=(json md html sarif gitlab all)
	: >"$work/rg"
	for f in "${fmts[@]}"; do : >"$work/f-$f"; done
	format_cmd() {
		if [ "$1" = all ]; then
			cmd=("$bin" audit --paths . --no-config --format md,html,json,sarif,gitlab --output-dir "$work/out-all")
		else
			cmd=("$bin" audit --paths . --no-config --format "$1" --output "$work/out.$1")
		fi
	}
	for f in "${fmts[@]}"; do format_cmd "$f"; (cd "$dir" && "${cmd[@]}" >/dev/null 2>&1) || true; done # warm
	for i in $(seq 1 "$runs"); do
		for f in "${fmts[@]}"; do
			format_cmd "$f"
			time_into "$work/f-$f" "$dir" "${cmd[@]}"
		done
		time_into "$work/rg" "$dir" "${rg_cmd[@]}"
	done
	local jw rw
	jw=$(median_col "$work/f-json" 1)
	rw=$(median_col "$work/rg" 1)
	printf '%-8s %9s %9s %10s %12s %9s %8s\n' format "wall s" "cpu s" "peak MiB" "output MB" "x json" "x rg"
	for f in "${fmts[@]}"; do
		local size
		if [ "$f" = all ]; then size=$(du -sb "$work/out-all" | cut -f1); else size=$(stat -c %s "$work/out.$f"); fi
		awk -v f="$f" -v w="$(median_col "$work/f-$f" 1)" -v c="$(median_col "$work/f-$f" 2)" \
			-v m="$(median_col "$work/f-$f" 3)" -v s="$size" -v jw="$jw" -v rw="$rw" 'BEGIN {
			printf "%-8s %9.3f %9.2f %10.1f %12.1f %9.2f %8.2f\n", f, w, c, m / 1024, s / 1e6, w / jw, w / rw }'
	done
	awk -v w="$rw" -v c="$(median_col "$work/rg" 2)" -v m="$(median_col "$work/rg" 3)" 'BEGIN {
		printf "%-8s %9.3f %9.2f %10.1f\n", "rg", w, c, m / 1024 }'
}

printf 'bench/run.sh --mode %s: %s, %s runs each, %s cores, %s\n' "$mode" "$label" "$runs" "$(nproc)" "$(date -u +%F)"
printf 'reference: %s\n' "${rg_cmd[*]}"
if [ "$mode" = formats ]; then
	printf '%s lines, %s files, %s findings\n' "$(lines_of "$src")" "$(find "$src" -name '*.rs' -type f | wc -l)" \
		"$(count_findings audit "$src")"
	measure_formats "$src"
elif [ "$mode" = scale ]; then
	header
	for want in 500000 1000000 2000000 4000000; do
		dir=$work/scale-$want
		build_tree "$want" "$dir"
		# shellcheck disable=SC2046
		row "$(lines_of "$dir")" "$(find "$dir" -name '*.rs' -type f | wc -l)" "$(count_findings audit "$dir")" \
			$(measure audit "$dir")
		rm -rf "$dir"
	done
else
	header
	# shellcheck disable=SC2046
	row "$(lines_of "$src")" "$(find "$src" -name '*.rs' -type f | wc -l)" "$(count_findings "$mode" "$src")" \
		$(measure "$mode" "$src")
fi
