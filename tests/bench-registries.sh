#!/bin/sh
# The held-out measurements' helpers: cargo's version requirements as
# bench/heldout/cargo_manifest.py reads them, and the directory source
# bench/heldout/union-registry.py makes of several overlapping ones (no
# stub beside a real version, versions whose required dependency is
# missing dropped, features nothing offers no longer asked).  Measured
# figures rest on these; a wrong answer here makes a crate build, or not,
# for the wrong reason.
. "$top_srcdir/tests/lib.sh"
command -v python3 >/dev/null || { echo "1..0 # SKIP python3 missing"; exit 0; }
python3 -c 'import tomllib' 2>/dev/null || { echo "1..0 # SKIP python3 without tomllib (3.11)"; exit 0; }
B=$top_srcdir/bench/heldout

check "version requirements: caret, tilde, exact, ranges, wildcards, pre-releases" python3 -c "
import sys
sys.path.insert(0, sys.argv[1])
from cargo_manifest import meets
cases = [('2.6.3', '~2.6.0', True), ('2.7.0', '~2.6.0', False), ('1.49.0', '1', True),
         ('0.10.3', '=0.10.2', False), ('0.10.2', '=0.10.2', True), ('0.3.5', '^0.3.1', True),
         ('0.4.0', '^0.3.1', False), ('0.3.0', '0.3.1', False), ('1.5.0', '>=1.2, <2', True),
         ('2.0.0', '>=1.2, <2', False), ('1.0.0-rc.1', '1', False), ('1.0.0-rc.1', '^1.0.0-rc.1', True),
         ('0.0.3', '^0.0.3', True), ('0.0.4', '^0.0.3', False), ('1.2.9', '1.2.*', True),
         ('1.3.0', '1.2.*', False), ('5.0.0', '*', True), ('1.7.0', '~1', True), ('2.0.0', '~1', False)]
bad = [(v, r) for v, r, want in cases if meets(v, r) != want]
assert not bad, bad
" "$B"

# two overlapping sources: A's tokio 1.53 asks for tokio-macros 2.7 (nowhere),
# B holds tokio 1.24 with tokio-macros 1.7; A's app-lib asks for a feature
# of B's fastrand that B's fastrand lacks; both hold serde 1.0.200 (A's wins)
mk() { # DIR NAME VERSION [TOML-TAIL]
	mkdir -p "$1/$2-$3/src"
	printf '[package]\nname = "%s"\nversion = "%s"\nedition = "2021"\n%s\n' "$2" "$3" "${4:-}" >"$1/$2-$3/Cargo.toml"
	echo "// $1" >"$1/$2-$3/src/lib.rs"
	echo '{"files":{},"package":null}' >"$1/$2-$3/.cargo-checksum.json"
}
A=$scratch/a
Bs=$scratch/b
mk "$A" tokio 1.53.0 '[dependencies]
tokio-macros = { version = "~2.7.0", optional = true }
pin-project-lite = "0.2"
[features]
macros = ["tokio-macros"]'
mk "$A" app-lib 1.0.0 '[dependencies]
fastrand = { version = "1.8", features = ["std"] }
[features]
extra = ["fastrand/js", "fastrand/alloc"]'
mk "$A" needs-gone 0.1.0 '[dependencies]
gone-crate-but-real-name = "3"'
mk "$A" serde 1.0.200
mk "$Bs" serde 1.0.200
mk "$Bs" tokio 1.24.0 '[dependencies]
tokio-macros = { version = "1.7", optional = true }
pin-project-lite = "0.2"'
mk "$Bs" tokio-macros 1.7.0
mk "$Bs" pin-project-lite 0.2.9
mk "$Bs" fastrand 1.8.0 '[features]
alloc = []'
mk "$Bs" gone-crate-but-real-name 1.0.0
python3 "$B/union-registry.py" "$scratch/u" "$A" "$Bs" 2>"$scratch/u.err"
check "union-registry: exit 0 and a summary line" sh -c "grep -q 'crate versions from 2 sources' '$scratch/u.err'"
check "no stub tokio-macros 2.7 beside the real 1.7 (cargo would pick the newest tokio and fail)" \
	sh -c "test -d '$scratch/u/tokio-macros-1.7.0' && ! ls '$scratch/u' | grep -q '^tokio-macros-2'"
check "a version whose required dependency nothing satisfies is dropped; its neighbours stay" \
	sh -c "! test -e '$scratch/u/needs-gone-0.1.0' && test -d '$scratch/u/tokio-1.53.0' && test -d '$scratch/u/tokio-1.24.0'"
check "the first source holding a name and version gives it" \
	sh -c "readlink '$scratch/u/serde-1.0.200/src' | grep -q '/a/serde-1.0.200/src'"
check "features nothing offers are no longer asked; the ones offered stay" python3 -c "
import tomllib, sys
m = tomllib.load(open(sys.argv[1], 'rb'))
assert m['dependencies']['fastrand']['features'] == [], m
assert m['features']['extra'] == ['fastrand/alloc'], m
" "$scratch/u/app-lib-1.0.0/Cargo.toml"
check "... and the source's own manifest is left alone (the union writes a file in place of its link)" \
	sh -c "grep -q '\"std\"' '$A/app-lib-1.0.0/Cargo.toml' && ! test -L '$scratch/u/app-lib-1.0.0/Cargo.toml'"
python3 "$B/union-registry.py" "$scratch/u" "$A" 2>"$scratch/again.err"
again=$?
check "an existing output directory is refused, not merged into" \
	sh -c "test $again -ne 0 && grep -q 'exists' '$scratch/again.err'"
check "prepare-app drops a dependency whose table or renamed inline table runs over lines, and only it" python3 -c "
import importlib.util, sys, tomllib
spec = importlib.util.spec_from_file_location('prep', sys.argv[1] + '/prepare-app.py')
prep = importlib.util.module_from_spec(spec); spec.loader.exec_module(prep)
text = '[workspace.dependencies]\nmadsim = { package = \"madsim-tokio\", version = \"0.2\", features = [\n  \"full\",\n] }\n' \
       'tokio = { version = \"1\", features = [\"rt\"] }\n'
out = prep.drop_dependency('madsim-tokio')(text)
assert tomllib.loads(out) == {'workspace': {'dependencies': {'tokio': {'version': '1', 'features': ['rt']}}}}, out
text = '[dependencies]\nurl = \"2\"\n\n[dependencies.polars]\nfeatures = [\n  \"abs\",\n]\nversion = \"0.5\"\n\n[features]\nx = []\n'
out = prep.drop_dependency('polars')(text)
assert tomllib.loads(out) == {'dependencies': {'url': '2'}, 'features': {'x': []}}, out
" "$B"
check "prepare-app drops a feature entry from the [features] lists only, not a package's name" python3 -c "
import importlib.util, sys, tomllib
spec = importlib.util.spec_from_file_location('prep', sys.argv[1] + '/prepare-app.py')
prep = importlib.util.module_from_spec(spec); spec.loader.exec_module(prep)
text = '[package]\nname = \"nu-cmd-lang\"\nversion = \"1.0.0\"\n[features]\n' \
       'default = [\"nu-cmd-lang\", \"x\"]\nplugin = [\n  \"nu-cmd-lang/plugin\",\n  \"y\",\n]\n'
out = tomllib.loads(prep.drop_feature_entry('nu-cmd-lang')(text))
assert out == {'package': {'name': 'nu-cmd-lang', 'version': '1.0.0'},
               'features': {'default': ['x'], 'plugin': ['y']}}, out
" "$B"
done_testing
