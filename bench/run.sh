#!/bin/bash
# bench/run.sh: how fast is `hotpath-audit inventory` next to ripgrep?
#
#   bench/run.sh [--runs N] [--binary PATH] [TREE]
#
# Times `hotpath-audit inventory --paths . --limit 0 --format json` and the
# reference command `rg --pcre2 -n '(?:\bArc::clone\s*\(|\.clone\s*\()' -g '*.rs'`
# on the same tree, in the same run, alternating, N times each (default 5),
# and prints both medians, their ratio, and peak memory (with GNU time).
# Without TREE it builds one: samples/ copied until it holds a million lines.
# A script that prints figures, not a test: nothing here fails on a slow
# machine.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
runs=5
bin=$here/hotpath-audit
while [ $# -gt 0 ]; do
	case $1 in
	--runs) runs=$2; shift 2 ;;
	--binary) bin=$2; shift 2 ;;
	-h | --help) sed -n '2,12s/^# \{0,1\}//p' "$0"; exit 0 ;;
	-*) echo "bench/run.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
command -v rg >/dev/null || { echo "bench/run.sh: rg not found (apt-get install ripgrep)" >&2; exit 2; }
[ -x "$bin" ] || { echo "bench/run.sh: $bin not built (run make)" >&2; exit 2; }
export HOTPATH_AUDIT_DATADIR=${HOTPATH_AUDIT_DATADIR:-$here}

tree=${1:-}
if [ -z "$tree" ]; then
	tree=$(mktemp -d "${TMPDIR:-/tmp}/hpa-bench.XXXXXX")
	trap 'rm -rf "$tree"' EXIT
	per=$(find "$here/samples" -name '*.rs' -type f -exec cat {} + | wc -l)
	copies=$(( (1000000 + per - 1) / per ))
	for i in $(seq 1 "$copies"); do cp -a "$here/samples" "$tree/copy$i"; done
fi
lines=$(find "$tree" -name '*.rs' -type f -exec cat {} + | wc -l)
files=$(find "$tree" -name '*.rs' -type f | wc -l)

now() { date +%s%N; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ours() { (cd "$tree" && "$bin" inventory --paths . --limit 0 --format json >/dev/null); }
theirs() { (cd "$tree" && rg --pcre2 -n '(?:\bArc::clone\s*\(|\.clone\s*\()' -g '*.rs' >/dev/null || true); }
peak_kb() { if [ -x /usr/bin/time ]; then (cd "$tree" && /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1); else echo "?"; fi; }

ours; theirs # warm the page cache
: >"${tree}.ours" && : >"${tree}.rg"
for _ in $(seq 1 "$runs"); do
	t0=$(now); ours; t1=$(now); theirs; t2=$(now)
	echo $(( (t1 - t0) / 1000000 )) >>"${tree}.ours"
	echo $(( (t2 - t1) / 1000000 )) >>"${tree}.rg"
done
m_ours=$(median <"${tree}.ours")
m_rg=$(median <"${tree}.rg")
rm -f "${tree}.ours" "${tree}.rg"
mem_ours=$(peak_kb "$bin" inventory --paths . --limit 0 --format json)
mem_rg=$(peak_kb rg --pcre2 -n '(?:\bArc::clone\s*\(|\.clone\s*\()' -g '*.rs')
cands=$(cd "$tree" && "$bin" inventory --paths . --limit 0 --format json | sed -n 's/^    "total": \([0-9]*\)$/\1/p')

printf 'tree: %s (%s .rs files, %s lines, %s candidates), %s runs, %s cores\n' \
	"${1:-samples x$copies}" "$files" "$lines" "${cands:-?}" "$runs" "$(nproc)"
printf '%-34s %10s %14s\n' command "median ms" "peak RSS KiB"
printf '%-34s %10s %14s\n' "hotpath-audit inventory" "$m_ours" "$mem_ours"
printf '%-34s %10s %14s\n' "rg --pcre2" "$m_rg" "$mem_rg"
awk -v a="$m_ours" -v b="$m_rg" 'BEGIN { if (b > 0) printf "ratio (hotpath-audit / rg): %.2f\n", a / b }'
