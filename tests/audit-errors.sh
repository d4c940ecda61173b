#!/bin/sh
# Failures that lose nothing: a full disk keeps the previous report whole,
# and a repository owned by another user is a one-line error saying how to
# allow it.  Both need root to set up (a tmpfs, another uid): skipped
# without it.
. "$top_srcdir/tests/lib.sh"
H=$HOTPATH_AUDIT
S=$top_srcdir/samples
if [ "$(id -u)" -ne 0 ]; then
	echo "1..0 # SKIP needs root to mount a small file system and to run as another user"
	exit 0
fi

mkdir -p "$scratch/tiny"
if mount -t tmpfs -o size=16k tmpfs "$scratch/tiny" 2>/dev/null; then
	printf 'last night report\n' >"$scratch/tiny/audit.md"
	"$H" audit --root "$S" --format md --output "$scratch/tiny/audit.md" 2>"$scratch/err"
	rc=$?
	check "a full disk: exit 2" test $rc -eq 2
	check "a full disk: the message names the file and the reason" grep -q 'audit.md: No space left on device' "$scratch/err"
	check "a full disk: last night's report is untouched" sh -c "test \"\$(cat '$scratch/tiny/audit.md')\" = 'last night report'"
	check "a full disk: no temporary file left behind" test "$(ls -A "$scratch/tiny" | wc -l)" -eq 1
	# the JSON report is written as it is made: the disk fills in the middle
	printf 'last night json\n' >"$scratch/tiny/audit.json"
	"$H" audit --root "$S" --format json --output "$scratch/tiny/audit.json" 2>"$scratch/err"
	rc=$?
	check "a full disk, JSON written as made: exit 2, named" sh -c "test $rc -eq 2 && grep -q 'audit.json: No space left on device' '$scratch/err'"
	check "a full disk, JSON written as made: last night's report untouched, no temporary file" sh -c \
		"test \"\$(cat '$scratch/tiny/audit.json')\" = 'last night json' && test \$(ls -A '$scratch/tiny' | wc -l) -eq 2"
	umount "$scratch/tiny"
else
	skip "a full disk keeps the previous report" "cannot mount a tmpfs here"
fi

# as another user (root only), who must be able to run the tool and read its data
as_other() { HOME=$scratch/home setpriv --reuid=65533 --regid=65533 --clear-groups "$@"; }
if command -v git >/dev/null && command -v setpriv >/dev/null &&
	as_other sh -c 'test -x "$1" && test -r "$2"' sh "$H" "$HOTPATH_AUDIT_DATADIR/patterns/audit.rules" 2>/dev/null; then
	mkdir -p "$scratch/owned/lib" && cd "$scratch/owned" && git init -q . &&
		printf 'fn f(x: String) { g(x.clone()); }\n' >lib/a.rs &&
		git add . && git -c user.name=t -c user.email=t@e commit -qm c
	chown -R 65534:65534 "$scratch/owned"
	chmod -R a+rX "$scratch"
	mkdir -p "$scratch/home" && chmod 777 "$scratch/home"
	as_other "$H" audit --root "$scratch/owned" --paths . >/dev/null 2>"$scratch/err"
	rc=$?
	check "a repository owned by another user: exit 2" test $rc -eq 2
	check "... one line that says how to allow it" sh -c "test \$(wc -l <'$scratch/err') -eq 1 && grep -q 'owned by another user.*safe.directory' '$scratch/err'"
else
	skip "a repository owned by another user" "no git or setpriv, not root, or the build is not readable by others"
fi
done_testing
