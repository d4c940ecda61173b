#!/bin/sh
# Faults: nothing is lost when a run is killed, the disk fills up, standard
# output cannot be written, or nightly jobs share a history file.
#
# The promise (docs/testing.md "Faults"): the old reports stay whole until
# every new one is complete, then all are renamed in place together; a run
# leaves no temporary file, whenever it is killed; its history line is
# appended last, so a line never stands for reports that were not written;
# concurrent runs each add their line whole; every failed write is exit 2
# with the destination named.
. "$top_srcdir/tests/lib.sh"
H=$HOTPATH_AUDIT
export SOURCE_DATE_EPOCH=1700000000 # the same run, the same bytes
FORMATS=md,html,json,sarif,gitlab
NAMES="audit.gitlab.json audit.html audit.json audit.md audit.sarif"

# A tree big enough that a kill lands in every phase (scan, model, render,
# write): the sample workspace's sources, twelve times over.
T=$scratch/tree
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	mkdir -p "$T/c$i" && cp -R "$top_srcdir/samples/lib" "$T/c$i/" || exit 1
done
D=$scratch/out
HIST=$scratch/history.jsonl
ARGS="audit --root $T --paths . --no-config --format $FORMATS --output-dir $D --history $HIST"
# shellcheck disable=SC2086
run() { "$H" $ARGS "$@"; }

# last night's reports and history, kept aside
run 2>"$scratch/err"
check "the first run writes five reports (exit 0)" test $? -eq 0
mkdir -p "$scratch/old" && cp -p "$D"/* "$scratch/old/" && cp -p "$HIST" "$scratch/history.old"
# tonight's tree differs; what a complete run of it writes, for comparison
cat >"$T/c1/lib/extra.rs" <<'EOF'
pub fn extra(v: &Vec<String>) -> Vec<String> { v.clone() }
EOF
start=$(date +%s.%N)
run 2>"$scratch/err"
check "a complete run of the changed tree (exit 0)" test $? -eq 0
seconds=$(echo "$start $(date +%s.%N)" | awk '{ print $2 - $1 }')
mkdir -p "$scratch/new" && cp -p "$D"/* "$scratch/new/"
cmp -s "$scratch/old/audit.json" "$scratch/new/audit.json"
check "the two runs' reports differ (else the checks below prove nothing)" test $? -ne 0
restore() { rm -rf "$D" && mkdir -p "$D" && cp -p "$scratch/old"/* "$D/" && cp -p "$scratch/history.old" "$HIST"; }

# same_as DIR: every report in $D is byte-identical to DIR's
same_as() {
	for f in $NAMES; do cmp -s "$1/$f" "$D/$f" || return 1; done
}
# the directory holds the five reports and nothing else (no temporary file)
only_reports() { test "$(ls -A "$D" | tr '\n' ' ')" = "$(echo $NAMES | tr ' ' '\n' | sort | tr '\n' ' ')"; }
history_lines() { wc -l <"$HIST" | tr -d ' '; }
old_lines=$(wc -l <"$scratch/history.old" | tr -d ' ')

# renamed_in_part: a kill between the renames themselves (they follow each
# other, in the formats' order md, html, json, sarif, gitlab): the first
# ones new, the rest old, each whole
renamed_in_part() {
	seen_old=
	for f in audit.md audit.html audit.json audit.sarif audit.gitlab.json; do
		if cmp -s "$scratch/new/$f" "$D/$f"; then
			[ -z "$seen_old" ] || return 1
		elif cmp -s "$scratch/old/$f" "$D/$f"; then
			seen_old=1
		else
			return 1
		fi
	done
}
# after_kill WHAT: the state a killed run may leave -- all old reports and
# no new history line, or (killed after its renames) all new reports, or
# (killed within them) new ones then old ones in commit order; a history
# line only with every new report
after_kill() {
	if same_as "$scratch/old" && cmp -s "$scratch/history.old" "$HIST"; then
		echo "#   $1: the old reports"
	elif same_as "$scratch/new" && { cmp -s "$scratch/history.old" "$HIST" || test "$(history_lines)" -eq $((old_lines + 1)); }; then
		echo "#   $1: the new reports"
	elif renamed_in_part && cmp -s "$scratch/history.old" "$HIST"; then
		echo "#   $1: killed between the renames: the first reports in commit order new, the rest old, no history line"
	else
		for f in $NAMES; do
			cmp -s "$scratch/old/$f" "$D/$f" && echo "#   $f: old" || { cmp -s "$scratch/new/$f" "$D/$f" && echo "#   $f: new" || echo "#   $f: neither"; }
		done
		echo "#   history: $(history_lines) lines, $old_lines before"
		return 1
	fi
	only_reports || { echo "#   in the output directory: $(ls -A "$D" | tr '\n' ' ')"; return 1; }
}

# SIGKILL and SIGTERM at points spread over the run
for sig in KILL TERM; do
	for share in 0.05 0.2 0.4 0.6 0.8 0.95; do
		restore
		# shellcheck disable=SC2086
		"$H" $ARGS 2>/dev/null & # the tool itself, not a subshell around it
		pid=$!
		sleep "$(echo "$seconds $share" | awk '{ print $1 * $2 }')"
		kill -s $sig $pid 2>/dev/null
		wait $pid
		check "SIG$sig at $share of the run: old or new reports, whole; no temporary file; no lone history line" \
			after_kill "SIG$sig at $share"
	done
done

# the named points (src/faultpoint.h), where timing cannot be relied on
restore
HOTPATH_AUDIT_FAULT=reports-written run 2>/dev/null
same_as "$scratch/old" && cmp -s "$scratch/history.old" "$HIST" && only_reports
check "killed with every report written, none renamed: all old reports, no history line, no temporary file" test $? -eq 0
restore
HOTPATH_AUDIT_FAULT=reports-committed run 2>/dev/null
same_as "$scratch/new" && cmp -s "$scratch/history.old" "$HIST" && only_reports
check "killed after the renames, before the history: all new reports, no history line" test $? -eq 0
restore
HOTPATH_AUDIT_FAULT=append-locked run 2>/dev/null
same_as "$scratch/new" && cmp -s "$scratch/history.old" "$HIST"
check "killed holding the history lock: nothing appended" test $? -eq 0
timeout 60 "$H" audit --root "$T/c2" --paths . --no-config --format json --output "$scratch/c2.json" --history "$HIST" 2>"$scratch/err"
check "... and the lock died with it: the next run appends its line" \
	sh -c "test $? -eq 0 && test \$(wc -l <'$HIST') -eq $((old_lines + 1))"

# eight nightly runs at once on one history: eight whole lines more
restore
for i in 1 2 3 4 5 6 7 8; do
	"$H" audit --root "$T/c$i" --paths . --no-config --format json --output "$scratch/n$i.json" --history "$HIST" 2>/dev/null &
done
wait
check "8 concurrent runs on one history: 8 lines added, every line a run" python3 -c "
import json, sys
lines = open(sys.argv[1]).read().split('\n')
assert lines[-1] == '', 'ends with a newline'
runs = [json.loads(l) for l in lines[:-1]]
assert len(runs) == int(sys.argv[2]) + 8, len(runs)
assert all(isinstance(r, dict) and 'date' in r for r in runs)" "$HIST" "$old_lines"

# a history whose last line was torn by someone else's crash
restore
printf '{"date":"2023-11-' >>"$HIST"
"$H" audit --root "$T/c1" --paths . --no-config --format json --output "$scratch/t.json" --history "$HIST" 2>"$scratch/err"
check "a torn last history line: exit 0, a warning naming file:line" \
	sh -c "test $? -eq 0 && grep -q 'warning: .*history.jsonl:$((old_lines + 1)): a torn last line, skipped' '$scratch/err'"
check "... the torn line closed off, this run's line whole after it" python3 -c "
import json, sys
lines = open(sys.argv[1]).read().split('\n')
assert lines[-1] == '' and lines[-3] == '{\"date\":\"2023-11-', lines[-3:]
json.loads(lines[-2])" "$HIST"
check "... and the trend in the report left it out" python3 -c "
import json, sys
assert len(json.load(open(sys.argv[1]))['history']) == int(sys.argv[2]) + 1" "$scratch/t.json" "$old_lines"

# standard output that cannot be written: exit 2, said so
if [ -c /dev/full ]; then
	for args in "audit --root $T/c1 --paths . --no-config" "audit --root $T/c1 --paths . --no-config --format json" \
		"render $scratch/t.json" "render $scratch/t.json --format html" "inventory --root $T/c1" \
		"explain lib/extra.rs:1 --root $T/c1 --paths . --no-config" "--help" "--version" "audit --help"; do
		# shellcheck disable=SC2086
		"$H" $args >/dev/full 2>"$scratch/err"
		check "$args > /dev/full: exit 2, the reason given" \
			sh -c "test $? -eq 2 && grep -q 'standard output failed.*No space left on device' '$scratch/err'"
	done
	restore
	run --output /dev/full 2>/dev/null
	check "--output with --output-dir is refused before anything is written" same_as "$scratch/old"
	"$H" audit --root "$T/c1" --paths . --no-config --output /dev/full --history "$HIST" 2>"$scratch/err"
	check "--output /dev/full: exit 2, the device named, no history line" \
		sh -c "test $? -eq 2 && grep -q '/dev/full: No space left on device' '$scratch/err' && cmp -s '$scratch/history.old' '$HIST'"
else
	skip "standard output on a full device" "no /dev/full"
fi
# a reader gone, with SIGPIPE ignored (as under some job runners): EPIPE
python3 - "$H" "$T" "$scratch/err" <<'EOF'
import signal, subprocess, sys
p = subprocess.Popen([sys.argv[1], "audit", "--root", sys.argv[2], "--paths", ".", "--no-config", "--format", "json"],
                     stdout=subprocess.PIPE, stderr=open(sys.argv[3], "w"), restore_signals=False)
p.stdout.read(1)
p.stdout.close()   # the reader is gone
sys.exit(0 if p.wait() == 2 else 1)
EOF
check "a closed pipe with SIGPIPE ignored: exit 2, the reason given" \
	sh -c "test $? -eq 0 && grep -q 'standard output failed: Broken pipe' '$scratch/err'"

# a read-only output directory: refused, named; the reports there kept
restore
if [ "$(id -u)" -ne 0 ]; then
	chmod a-w "$D"
	run 2>"$scratch/err"
	rc=$?
	chmod u+w "$D"
elif mount -t tmpfs -o size=64m tmpfs "$D" 2>/dev/null; then
	cp -p "$scratch/old"/* "$D/" && mount -o remount,ro "$D"
	run 2>"$scratch/err"
	rc=$?
	umount "$D"
	cp -p "$scratch/old"/* "$D/" # beneath the mount: unchanged too
else
	rc=skip
fi
if [ "$rc" = skip ]; then
	skip "a read-only output directory" "root without mount(2)"
else
	check "a read-only output directory: exit 2, named; old reports kept; no history line" \
		sh -c "test $rc -eq 2 && grep -q '$D' '$scratch/err' && cmp -s '$scratch/history.old' '$HIST'"
	check "... the reports in it untouched" same_as "$scratch/old"
fi

# a file system that fills up in the middle of the reports (root: a small
# tmpfs); the old reports and the history on it survive whole
F=$scratch/full
mkdir -p "$F"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=4m tmpfs "$F" 2>/dev/null; then
	"$H" audit --root "$T/c1" --paths . --no-config --format $FORMATS --output-dir "$F" --history "$F/history.jsonl" \
		2>"$scratch/err"
	check "a small run fits on the small file system" test $? -eq 0
	mkdir -p "$scratch/fits" && cp -p "$F"/* "$scratch/fits/"
	"$H" audit --root "$T" --paths . --no-config --format $FORMATS --output-dir "$F" --history "$F/history.jsonl" \
		2>"$scratch/err"
	check "the disk fills mid-report: exit 2, the file and the reason named" \
		sh -c "test $? -eq 2 && grep -q '$F/audit\..*: No space left on device' '$scratch/err'"
	for f in $NAMES history.jsonl; do cmp -s "$scratch/fits/$f" "$F/$f" || echo "#   changed: $f"; done >"$scratch/changed"
	check "... every old report and the history byte-identical; no temporary file" \
		sh -c "test ! -s '$scratch/changed' && test \$(ls -A '$F' | wc -l) -eq 6"
	# a history ending 10 bytes short of a page, on a disk with no page
	# left: the line goes in part, fails, and is cut back out
	rm -f "$F/history.jsonl"
	python3 -c "
import sys
head = '{\"date\":\"2023-11-14T22:13:20Z\",\"pad\":\"'
sys.stdout.write(head + 'x' * (4096 - 10 - len(head) - 3) + '\"}\\n')" >"$F/history.jsonl"
	cp -p "$F/history.jsonl" "$scratch/padded.jsonl"
	dd if=/dev/zero of="$F/filler" bs=4096 2>/dev/null
	"$H" audit --root "$T/c1" --paths . --no-config --format json --output "$scratch/elsewhere.json" \
		--history "$F/history.jsonl" 2>"$scratch/err"
	check "a history on a full disk: exit 2, named; the history as it was" \
		sh -c "test $? -eq 2 && grep -q 'history.jsonl: No space left on device' '$scratch/err' && cmp -s '$scratch/padded.jsonl' '$F/history.jsonl'"
	umount "$F"
else
	skip "a file system that fills up mid-report" "needs root and mount(2)"
fi
done_testing
