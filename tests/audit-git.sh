#!/bin/sh
# git-aware audits on real repositories built here: what a working tree
# audit reads, --rev without a checkout (also in a bare clone), and errors.
. "$top_srcdir/tests/lib.sh"
needs_git
H=$HOTPATH_AUDIT
export GIT_AUTHOR_DATE='2026-01-01T00:00:00Z' GIT_COMMITTER_DATE='2026-01-01T00:00:00Z'
R=$scratch/repo
mkdir -p "$R/lib/llm/src" "$R/target/debug"
cd "$R" && git init -q -b main . || exit 1
cat >Cargo.toml <<'TOML'
[package]
name = "demo"
TOML
cat >lib/llm/src/backend.rs <<'RS'
fn route(req: Request) {
    let copy = req.clone();
    engine.submit(copy);
}
RS
printf 'fn junk(x: String) { let y = x.clone(); }\n' >target/debug/build.rs
printf 'target/\n' >.gitignore
git add . && git commit -qm c1 || exit 1
c1=$(git rev-parse HEAD)

# C2: a new fn with two clones, a file renamed, an untracked file, a binary .rs
cat >>lib/llm/src/backend.rs <<'RS'
fn fan(req: Request, ws: &[W]) {
    for w in ws { w.send(req.clone()); }
    let r2 = req.clone();
    keep(r2, req);
}
RS
git add . && git commit -qm c2 || exit 1
printf 'fn new_file(s: String) -> usize { s.clone().len() }\n' >lib/llm/src/untracked.rs
printf 'x.clone()\0\1\2' >lib/llm/src/blob.rs
git add lib/llm/src/blob.rs && git commit -qm binary || exit 1

audit() { "$H" audit --format json "$@" >"$scratch/out.json" 2>"$scratch/err"; }
count() { python3 -c "import json,sys; m=json.load(open(sys.argv[1])); print(len([f for f in m['findings'] if f['path']==sys.argv[2]]))" "$scratch/out.json" "$1"; }

audit --root "$R" --paths .
check "working tree: exit 0" test $? -eq 0
check "working tree: tracked file audited" test "$(count lib/llm/src/backend.rs)" -eq 3
check "working tree: untracked file not ignored is audited" test "$(count lib/llm/src/untracked.rs)" -eq 1
check "working tree: ignored target/ is skipped" test "$(count target/debug/build.rs)" -eq 0
check "working tree: a binary .rs is a problem, not a crash" grep -q '"binary file, skipped"' "$scratch/out.json"
check "working tree: the header names branch and commit" python3 -c "
import json,sys; s=json.load(open(sys.argv[1]))['source']
assert s['kind'] == 'git working tree' and s['branch'] == 'main' and len(s['commit']) == 40" "$scratch/out.json"

audit --root "$R" --paths . --rev "$c1"
check "--rev C1: the revision's content, not the working tree's" test "$(count lib/llm/src/backend.rs)" -eq 1
check "--rev C1: untracked files are not in a revision" test "$(count lib/llm/src/untracked.rs)" -eq 0
check "--rev C1: commit and revision in the header" python3 -c "
import json,sys; s=json.load(open(sys.argv[1]))['source']
assert s['commit'] == sys.argv[2] and s['revision'] == sys.argv[2] and s['commit_date'] == '2026-01-01T00:00:00Z'" "$scratch/out.json" "$c1"
check "--rev: the crate comes from the revision's Cargo.toml" grep -q '"crate": "demo"' "$scratch/out.json"
cp "$scratch/out.json" "$scratch/c1-rev.json"

mv lib/llm/src/untracked.rs "$scratch/untracked.rs"
git checkout -q "$c1"
audit --root "$R" --paths .
git checkout -q main
mv "$scratch/untracked.rs" lib/llm/src/untracked.rs
check "--rev C1 from a checkout of C2 gives the same findings and fingerprints as auditing C1" python3 -c "
import json,sys
a=json.load(open(sys.argv[1]))['findings']; b=json.load(open(sys.argv[2]))['findings']
key=lambda f: (f['path'], f['line'], f['column'], f['bucket'], f['fingerprint'])
assert [key(f) for f in a] == [key(f) for f in b], (a, b)" "$scratch/c1-rev.json" "$scratch/out.json"

git clone -q --bare "$R" "$scratch/bare.git"
audit --root "$scratch/bare.git" --paths . --rev main
check "a bare repository with --rev" test $? -eq 0 -a "$(count lib/llm/src/backend.rs)" -eq 3
audit --root "$scratch/bare.git"
check "a bare repository without --rev: exit 2, says to name a revision" sh -c "test $? -eq 2 && grep -q 'bare repository' '$scratch/err'"
git -C "$scratch/bare.git" config remote.origin.url https://bot:s3cret-token@git.example.org/team/demo.git
audit --root "$scratch/bare.git" --paths . --rev main
check "the origin's URL names the repository, without its credentials" \
	grep -q '"repository": "https://git.example.org/team/demo.git"' "$scratch/out.json"
check "no credential in the report" sh -c "! grep -q 's3cret' '$scratch/out.json'"

# a submodule entry is listed as skipped
git -c protocol.file.allow=always submodule add -q "$scratch/bare.git" lib/sub >/dev/null 2>&1
git commit -qm sub
audit --root "$R" --paths . --rev HEAD
check "a submodule is listed as skipped" grep -q '"reason": "submodule"' "$scratch/out.json"

audit --root "$R" --rev no-such-branch
check "unknown revision: exit 2, one line naming it" sh -c "test $? -eq 2 && test \$(wc -l <'$scratch/err') -eq 1 && grep -q \"unknown revision 'no-such-branch'\" '$scratch/err'"
audit --root "$scratch" --rev HEAD
check "not a repository: exit 2, one line" sh -c "test $? -eq 2 && grep -q 'not a git repository' '$scratch/err'"
printf 'garbage' >"$R/.git/HEAD.bak"
audit --root "$R" --paths ../outside
check "a path outside the root: exit 2" sh -c "test $? -eq 2 && grep -q 'outside the root' '$scratch/err'"
# a root that git ignores is walked as a directory
mkdir -p "$R/target/pkg/lib"
printf 'fn f(x: String) { g(x.clone()); }\n' >"$R/target/pkg/lib/a.rs"
audit --root "$R/target/pkg"
check "a root that git ignores is walked as a plain directory" python3 -c "
import json,sys; m=json.load(open(sys.argv[1])); assert m['source']['kind'] == 'directory' and m['summary']['total'] == 1, m['source']" "$scratch/out.json"

# --diff: a branch that renames a file and adds one clone site
git checkout -q -b feature
git mv lib/llm/src/backend.rs lib/llm/src/router.rs
cat >>lib/llm/src/router.rs <<'RS'
fn added(payload: Vec<u8>) -> usize { let copy = payload.clone(); consume(copy) }
RS
git commit -qam feature
git checkout -q main
printf '// on main after the branch\nfn m(x: String) { let y = x.clone(); z(y); }\n' >lib/llm/src/main_only.rs
git add lib/llm/src/main_only.rs && git commit -qm main-moves-on
git checkout -q feature && git merge -q --no-edit main >/dev/null && git checkout -q main
audit --root "$R" --paths . --diff main..feature
check "--diff BASE..HEAD: exit 0" test $? -eq 0
check "--diff: only the added site, through the rename" python3 -c "
import json,sys; m=json.load(open(sys.argv[1]))
f=m['findings']; assert [(x['path'], x['fn']) for x in f] == [('lib/llm/src/router.rs', 'added')], f
d=m['diff']; assert d['findings_elsewhere'] >= 3 and d['given'] == 'main..feature', d" "$scratch/out.json"
"$H" audit --root "$R" --paths . --diff main..feature --format md >"$scratch/pr.md"
check "--diff Markdown: the marker, the range in the title, the verdict, the finding to act on, one line about the rest" sh -c "head -1 '$scratch/pr.md' | grep -q '^<!-- hotpath-audit: .*#main -->\$' && grep -q '^# Clone audit of \`main..feature\`\$' '$scratch/pr.md' && grep -q '^\*\*1 clone to act on in this change; 0 kept, with reasons.\*\*' '$scratch/pr.md' && grep -q '^### \`lib/llm/src/router.rs:[0-9]*\` · removable' '$scratch/pr.md' && grep -q '^Untouched code: ' '$scratch/pr.md'"
check "--diff Markdown: fits one comment" test "$(wc -c <"$scratch/pr.md")" -le 65536
git checkout -q feature
printf 'fn wip(s: String) -> usize { s.clone().len() }\n' >>lib/llm/src/router.rs
audit --root "$R" --paths . --diff main
check "--diff BASE: the working tree's uncommitted lines too (and untracked files)" python3 -c "
import json,sys; m=json.load(open(sys.argv[1]))
assert sorted(x['fn'] for x in m['findings']) == ['added', 'new_file', 'wip'], m['findings']" "$scratch/out.json"
git checkout -q -- . && git checkout -q main
# a corrupt object: one line, exit 2
git clone -q "$R" "$scratch/broken" && cd "$scratch/broken" || exit 1
# no automatic gc or maintenance behind our back (seen once: the object was found)
git config gc.auto 0 && git config maintenance.auto false
git repack -q -a -d >/dev/null 2>&1; rm -f .git/objects/pack/*.pack .git/objects/pack/*.idx
git cat-file -p HEAD >/dev/null 2>&1 || true
audit --root "$scratch/broken" --paths . --rev HEAD
rc=$?
check "a corrupt or missing object: exit 2, one line saying so" sh -c "test $rc -eq 2 && test \$(wc -l <'$scratch/err') -eq 1 && grep -q 'HEAD: the object it names is missing' '$scratch/err'"
[ $rc -eq 2 ] && grep -q 'the object it names is missing' "$scratch/err" || { echo "#   exit $rc: $(head -3 "$scratch/err")"; ls .git/objects/pack | sed 's/^/#   pack: /'; }
cd "$R" || exit 1
audit --root "$R" --diff 'main..'
check "a malformed range: exit 2, one line" sh -c "test $? -eq 2 && grep -q 'malformed range' '$scratch/err'"
audit --root "$R" --diff main --rev main
check "--diff with --rev: usage error" test $? -eq 2
done_testing
