#!/bin/sh
# bench/dense-tree.py, the report-speed issue's dense tree: a clone every
# tenth line, in a workspace the audit reads as it reads a real one -- a
# finding for every clone.  The speed figures of the README rest on it.
. "$top_srcdir/tests/lib.sh"
command -v python3 >/dev/null || { echo "1..0 # SKIP python3 missing"; exit 0; }
python3 "$top_srcdir/bench/dense-tree.py" "$scratch/t" 20000 >/dev/null
check "dense-tree.py: 20,000 lines or a little more, in crates with a Cargo.toml each" python3 -c "
import os, sys
root = sys.argv[1]
lines = sum(open(os.path.join(d, f)).read().count('\n') for d, _, fs in os.walk(root) for f in fs if f.endswith('.rs'))
crates = os.listdir(os.path.join(root, 'crates'))
assert 20000 <= lines < 21000, lines
assert crates and all(os.path.exists(os.path.join(root, 'crates', c, 'Cargo.toml')) for c in crates), crates
" "$scratch/t"
check "every block of ten lines after a handler file's header holds one clone" python3 -c "
import glob, re, sys
for p in glob.glob(sys.argv[1] + '/crates/*/src/handler*.rs'):
    text = open(p).read().split('\n')
    start = next(i for i, l in enumerate(text) if l.startswith('impl ')) + 1
    body = text[start:-2]  # the impl's closing brace and the final newline
    assert len(body) % 10 == 0, (p, len(body))
    for k in range(0, len(body), 10):
        n = sum(len(re.findall(r'\.clone\(|Arc::clone\(', l)) for l in body[k:k + 10])
        assert n == 1, (p, k, n)
" "$scratch/t"
"$HOTPATH_AUDIT" audit --root "$scratch/t" --paths . --no-config --format json --output "$scratch/a.json"
check "the audit of it: exit 0" test $? -eq 0
check "the audit finds every clone of it" python3 -c "
import glob, json, re, sys
n = sum(len(re.findall(r'\.clone\(|Arc::clone\(', open(p).read())) for p in glob.glob(sys.argv[2] + '/crates/*/src/*.rs'))
f = json.load(open(sys.argv[1]))['findings']
assert n > 1800 and len(f) == n, (n, len(f))
" "$scratch/a.json" "$scratch/t"
done_testing
