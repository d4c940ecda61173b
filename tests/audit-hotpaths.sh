#!/bin/sh
# Hot paths from the code (src/hotpaths.h): in files no hot-path rule or
# configuration names, a fn that takes a request and the body of an event
# loop are ranked hot, with the reason in the finding; other code is not;
# a configured hot path still wins.
. "$top_srcdir/tests/lib.sh"
H=$HOTPATH_AUDIT
R=$scratch/repo
mkdir -p "$R/src"
printf '[package]\nname = "svc"\nversion = "0.1.0"\n' >"$R/Cargo.toml"
cat >"$R/src/lib.rs" <<'EOF'
pub struct ChatRequest { pub model: String, pub prompt: String }

pub async fn handle_chat(axum::Json(req): axum::Json<ChatRequest>, cfg: &Config) -> usize {
    let model = cfg.default_model.clone();
    model.len() + req.prompt.len()
}

pub fn route(req: &ChatRequest, table: &Table) -> usize {
    let name = table.name.clone();
    name.len() + req.model.len()
}

pub async fn pump(mut rx: Receiver<Event>, sink: &Sink) {
    while let Some(ev) = rx.recv().await {
        let label = sink.label.clone();
        sink.send(label, ev);
    }
}

pub fn startup(cfg: &Config) -> String {
    let name = cfg.default_model.clone();
    name
}

#[cfg(test)]
mod tests {
    #[test]
    fn t() {
        let req = super::ChatRequest { model: String::new(), prompt: String::new() };
        let _ = req.model.clone();
    }
}
EOF
"$H" audit --root "$R" --include-tests --format json --output "$scratch/r.json"
hot() { # LINE PYTHON-CONDITION on the finding f at that line of src/lib.rs
	python3 -c "
import json, sys
f = [x for x in json.load(open(sys.argv[1]))['findings'] if x['line'] == int(sys.argv[2])]
assert len(f) == 1, f
f = f[0]
assert $2, (f['on_hot_path'], f['hot_path'], f['score'], f['fields']['hot_path_rationale'])
" "$scratch/r.json" "$1"
}
check "a handler taking Json<ChatRequest>: hot, per request, the reason in the finding" hot 4 \
	"f['on_hot_path'] and f['hot_path'].startswith('per request: \`handle_chat\` takes a \`Json\`') and 'runs per request' in f['fields']['hot_path_rationale']"
check "a fn taking a type named ..Request: hot" hot 9 "f['on_hot_path'] and '\`route\` takes a \`ChatRequest\`' in f['hot_path']"
check "the body of a while-let recv().await loop: hot, per event" hot 15 \
	"f['on_hot_path'] and f['hot_path'].startswith('per event: in the loop') and '.recv().await' in f['hot_path']"
check "start-up code: not hot" hot 21 "not f['on_hot_path'] and f['hot_path'] == 'not a known hot path'"
check "test code: not hot" hot 30 "not f['on_hot_path']"
check "an inferred hot path ranks above code on none (inferred_hot_score 7 against 2, both kept, +4 for the loop)" python3 -c "
import json, sys
s = {x['line']: x['score'] for x in json.load(open(sys.argv[1]))['findings']}
assert s[15] - s[21] == (7 - 2) + 4, s
" "$scratch/r.json"
# what a handler calls in its file is hot too, with the way it is reached
cat >"$R/src/graph.rs" <<'EOF'
pub struct Router { pub table: Table }

impl Router {
    pub async fn handle(&self, req: InferRequest) -> usize {
        self.pick(req.len())
    }

    fn pick(&self, n: usize) -> usize {
        score(&self.table, n)
    }

    pub fn reload(&self) -> Table {
        self.table.clone()
    }
}

fn score(table: &Table, extra: usize) -> usize {
    let names = table.names.clone();
    names.len() + extra
}
EOF
"$H" audit --root "$R" --format json --output "$scratch/g.json"
graph() { # LINE PYTHON-CONDITION on the finding f at that line of src/graph.rs
	python3 -c "
import json, sys
f = [x for x in json.load(open(sys.argv[1]))['findings'] if x['path'] == 'src/graph.rs' and x['line'] == int(sys.argv[2])]
assert len(f) == 1, f
f = f[0]
assert $2, (f['on_hot_path'], f['hot_path'])
" "$scratch/g.json" "$1"
}
check "a fn two calls below a handler (self.pick, then score): hot, with the way it is reached" graph 18 \
	"f['on_hot_path'] and f['hot_path'] == 'per request, via \`pick\` (line 9), via \`handle\` (line 5): \`handle\` takes a \`InferRequest\` (line 4)'"
check "a method the handler does not call: not hot" graph 13 "not f['on_hot_path']"

# a fn registered as a route handler: hot, though its parameters name no request
cat >"$R/src/routes.rs" <<'EOF'
pub fn app(state: AppState) -> Router {
    Router::new().route("/v1/chat", post(chat)).with_state(state)
}

async fn chat(State(s): State<AppState>, body: String) -> String {
    let model = s.model.clone();
    model + &body
}
EOF
"$H" audit --root "$R" --format json --output "$scratch/routes.json"
check "a route handler (post(chat)): hot, said so" python3 -c "
import json, sys
f = [x for x in json.load(open(sys.argv[1]))['findings'] if x['path'] == 'src/routes.rs']
assert len(f) == 1 and f[0]['on_hot_path'] and f[0]['hot_path'] == 'per request: \`chat\` is a handler (\`post(..)\` at line 2)', f[0]['hot_path']
" "$scratch/routes.json"

# the rule packs' in_hot_path reads the same inference
mkdir -p "$R/src/api"
cat >"$R/src/api/mod.rs" <<'EOF'
pub fn validate(req: &ChatRequest) -> bool {
    let re = regex::Regex::new("^[a-z]+$").unwrap();
    re.is_match(&req.model)
}

pub fn load_patterns() -> Vec<regex::Regex> {
    vec![regex::Regex::new("^[a-z]+$").unwrap()]
}
EOF
"$H" audit --root "$R" --packs perf-review --format json --output "$scratch/p.json"
check "perf-review's regex-per-call in a fn that takes a request, on no configured hot path" python3 -c "
import json, sys
f = [(x['path'], x['line'], x['rule']) for x in json.load(open(sys.argv[1]))['rule_findings']]
assert ('src/api/mod.rs', 2, 'regex-per-call') in f, f
assert not any(p == 'src/api/mod.rs' and l == 7 for p, l, r in f), f
" "$scratch/p.json"
# calls into other files: a free fn the handler calls by name (`kv::key_hash`)
# runs per request, and so does what it calls in its own file; a fn of the
# same file no hot code calls stays cold; a method reached as `Type::f`
# elsewhere is not taken for a free fn
X=$scratch/xfile
mkdir -p "$X/src"
printf '[package]\nname = "xf"\nversion = "0.1.0"\nedition = "2021"\n' >"$X/Cargo.toml"
cat >"$X/src/http.rs" <<'EOF'
pub async fn chat(Json(req): Json<ChatRequest>) -> u64 {
    let h = crate::kv::key_hash(&req.key);
    let n = Pool::size(&req);
    h + n
}
EOF
cat >"$X/src/kv.rs" <<'EOF'
pub fn key_hash(key: &String) -> u64 {
    let copy = key.clone();
    mix(copy)
}
fn mix(s: String) -> u64 {
    let t = s.clone();
    t.len() as u64
}
pub fn cold(key: &String) -> String {
    key.clone()
}
pub struct Pool { names: Vec<String> }
impl Pool {
    pub fn size(&self) -> u64 {
        let v = self.names.clone();
        v.len() as u64
    }
}
EOF
"$H" audit --root "$X" --no-config --format json --output "$scratch/x-off.json"
check "calls into other files are not followed by default (hot_calls_across_files 0)" python3 -c "
import json, sys
f = {x['line']: x for x in json.load(open(sys.argv[1]))['findings'] if x['path'] == 'src/kv.rs'}
assert f[2]['hot_path'] == 'not a known hot path', f[2]['hot_path']
" "$scratch/x-off.json"
mkdir -p "$scratch/xrules" && cp -R "$top_srcdir/patterns/." "$scratch/xrules/" &&
	sed -i 's/^hot_calls_across_files 0$/hot_calls_across_files 1/' "$scratch/xrules/audit.rules"
"$H" audit --root "$X" --no-config --patterns "$scratch/xrules" --format json --output "$scratch/x.json"
check "another file's free fn a handler calls runs per request, with the way it is reached; its own callee too" python3 -c "
import json, sys
f = {x['line']: x for x in json.load(open(sys.argv[1]))['findings'] if x['path'] == 'src/kv.rs'}
assert f[2]['hot_path'] == 'per request, called from \`chat\` in src/http.rs (line 2): \`chat\` takes a \`Json\` (line 1)', f[2]['hot_path']
assert f[6]['hot_path'].startswith('per request, via \`key_hash\` (line 3), called from \`chat\`'), f[6]['hot_path']
" "$scratch/x.json"
check "... a fn nothing hot calls, and a method reached only as Type::f, stay cold" python3 -c "
import json, sys
f = {x['line']: x for x in json.load(open(sys.argv[1]))['findings'] if x['path'] == 'src/kv.rs'}
assert f[10]['hot_path'] == 'not a known hot path' and f[15]['hot_path'] == 'not a known hot path', (f[10]['hot_path'], f[15]['hot_path'])
" "$scratch/x.json"

printf '{"version": 1, "hot_paths": [{"prefix": "src/", "score": 9, "label": "service path"}]}\n' >"$R/.hotpath-audit.json"
"$H" audit --root "$R" --format json --output "$scratch/c.json"
check "a configured hot path wins over the inferred one" python3 -c "
import json, sys
f = [x for x in json.load(open(sys.argv[1]))['findings'] if x['line'] == 4][0]
assert f['hot_path'] == 'service path', f['hot_path']
" "$scratch/c.json"

# Python (src/pyhot.h): routes, registered handlers, request-typed
# parameters, what they call, and event loops -- the rule findings there
# say why the code runs per request or per event
"$H" audit --root "$top_srcdir/samples/packs" --paths python/api --packs perf-review --format json --output "$scratch/py.json"
pyhot() { # LINE EXPECTED-hot_path (a prefix)
	python3 -c "
import json, sys
f = {x['line']: x for x in json.load(open(sys.argv[1]))['rule_findings']}
x = f.get(int(sys.argv[2]))
assert x and x['on_hot_path'] and x['hot_path'].startswith(sys.argv[3]), (x and x['hot_path'])
" "$scratch/py.json" "$1" "$2"
}
check "Python: a def a route calls runs per request, with the route" \
	pyhot 15 'per request, via `completions` (line 21): per request: `completions` is a route (`@app.post`, line 20)'
check "Python: a def taking a Request" pyhot 27 'per request: `chat` takes a `Request` (line 26)'
check "Python: a def taking a type whose name ends in Request, in a Union" pyhot 202 'per request: `add_request` takes a `ServerRequest` (line 201)'
check "Python: a def registered by add_get" pyhot 32 'per request: `health` is registered by `add_get` (line 38)'
check "Python: the body of a while True loop in an async def, per event" \
	pyhot 45 'per event: in the `while True` loop of `consume` (line 43)'
check "Python: a method the route calls on an object, the one def of that name in the file" \
	pyhot 67 'per request, via `api_generate` (line 76): per request: `api_generate` is a route (`@app.post`, line 75)'
check "Python: start-up code, an async def that is neither route nor loop, a Union of other types: not hot, no finding" python3 -c "
import json, sys
lines = {x['line'] for x in json.load(open(sys.argv[1]))['rule_findings']}
assert lines == {15, 27, 32, 45, 67, 93, 113, 127, 165, 192, 202, 216, 265, 271}, lines  # 93, 113, 127, 165, 192, 271: json-round-trip, json-parsed-to-respond, json-dumped-as-parsed (three times), json-round-trip: no hot path needed; 202: a Union of Request types; 216: deepcopy-per-message, off the hot paths; 265: a route calls it (the memoized model_table beside it is left)
" "$scratch/py.json"
printf '{"version": 1, "hot_paths": [{"prefix": "python/api/", "score": 9, "label": "api path"}]}\n' >"$scratch/pycfg.json"
"$H" audit --root "$top_srcdir/samples/packs" --config "$scratch/pycfg.json" --paths python/api --packs perf-review --format json --output "$scratch/pyc.json" 2>/dev/null
check "Python: a configured hot path wins (every def in it is hot, its label shown)" python3 -c "
import json, sys
f = json.load(open(sys.argv[1]))['rule_findings']
assert len(f) == 18 and all(x['hot_path'] == 'api path' for x in f), [(x['line'], x['hot_path']) for x in f]
" "$scratch/pyc.json"

# Python code followed into other files through its imports (pycalls.h):
# a route calls a module's def, which calls one of a third file by a
# relative import, which calls one of its own file
P=$scratch/pyx
mkdir -p "$P/app"
cat >"$P/app/routes.py" <<'EOF'
from fastapi import FastAPI, Request

import app.service as service
from app import tools
from app.engine import prepare

app = FastAPI()


@app.post("/v1/chat")
async def chat(request: Request):
    body = await request.json()
    tools.norm(body)
    return service.handle(body)


def startup():
    return prepare({})


import app.engine as engine


@app.post("/v1/run")
async def run(request: Request):
    return engine.dispatch(await request.json())

import app.events as events


@app.post("/v1/event")
async def event(request: Request):
    return events.on_event(await request.json())
EOF
cat >"$P/app/events.py" <<'EOF'
from . import audit_log


def on_event(body):
    return audit_log.record(body)
EOF
cat >"$P/app/audit_log.py" <<'EOF'
import copy


def record(body):
    return copy.deepcopy(body)
EOF
cat >"$P/app/service.py" <<'EOF'
from .engine import generate


def handle(body):
    return generate(body["messages"])
EOF
cat >"$P/app/engine.py" <<'EOF'
import copy


def generate(messages):
    state = copy.deepcopy(messages)
    return _step(state)


def _step(state):
    return copy.deepcopy(state)


def prepare(x):
    return copy.deepcopy(x)


def offline_tool(data):
    return copy.deepcopy(data)


def dispatch(body):
    run = _slow
    spare = _unused
    return run(body)


def _slow(body):
    return copy.deepcopy(body)


def _unused(body):
    return copy.deepcopy(body)
EOF
cat >"$P/app/tools.py" <<'EOF'
import copy


def norm(body):
    return copy.deepcopy(body)
EOF
# a call on an object, followed to the few methods so named whose class
# the receiver's name echoes
cat >"$P/app/stream.py" <<'EOF'
from fastapi import FastAPI, Request

app = FastAPI()


@app.post("/v1/stream")
async def stream(request: Request):
    response = await build(request)
    config = request.state.config
    config.to_snapshot()
    chunk = response.first
    chunk.to_event()
    return response.to_wire()
EOF
cat >"$P/app/protocol.py" <<'EOF'
import copy


class WireResponse:
    def to_wire(self):
        return copy.deepcopy(self)


class CliState:
    def to_snapshot(self):
        return copy.deepcopy(self)


class ChunkA:
    def to_event(self):
        return copy.deepcopy(self)


class ChunkB:
    def to_event(self):
        return copy.deepcopy(self)


class ChunkC:
    def to_event(self):
        return copy.deepcopy(self)


class ChunkD:
    def to_event(self):
        return copy.deepcopy(self)
EOF
"$H" audit --root "$P" --no-config --packs perf-review --format json --output "$scratch/pyx.json"
pyx() { # REPORT PATH LINE EXPECTED-hot_path (a prefix), or "none" for no finding there
	python3 -c "
import json, sys
f = {(x['path'], x['line']): x for x in json.load(open(sys.argv[1]))['rule_findings']}
x = f.get((sys.argv[2], int(sys.argv[3])))
if sys.argv[4] == 'none':
    assert x is None, x['hot_path']
else:
    assert x and x['on_hot_path'] and x['hot_path'].startswith(sys.argv[4]), (x and x['hot_path'])
" "$@"
}
check "Python across files: a def a route reaches through \`import m as s\` and a relative import, with its caller and the route" \
	pyx "$scratch/pyx.json" app/engine.py 5 'per request: called from `handle` in app/service.py (line 5); `chat` is a route (`@app.post`, line 10) (app/routes.py)'
check "... and what it calls in its own file" \
	pyx "$scratch/pyx.json" app/engine.py 10 'per request: called from `generate` in app/engine.py (line 6); `chat` is a route'
check "... and a module's def through \`from pkg import module\`" \
	pyx "$scratch/pyx.json" app/tools.py 5 'per request: called from `chat` in app/routes.py (line 13); `chat` is a route'
check "... but not a def only start-up code calls, nor one nothing calls" \
	pyx "$scratch/pyx.json" app/engine.py 14 none
check "... (the second)" pyx "$scratch/pyx.json" app/engine.py 18 none
check "... a def handed to a local that is then called (\`run = _slow\` .. \`run(..)\`)" \
	pyx "$scratch/pyx.json" app/engine.py 28 'per request: called from `dispatch` in app/engine.py (line 22); `run` is a route'
check "... not one handed to a local never called" pyx "$scratch/pyx.json" app/engine.py 32 none
check "... and a module of the package through \`from . import module\`" \
	pyx "$scratch/pyx.json" app/audit_log.py 5 'per request: called from `on_event` in app/events.py (line 5); `event` is a route'
check "... a method a route calls on an object (\`response.to_wire()\`), its class named like the receiver" \
	pyx "$scratch/pyx.json" app/protocol.py 6 'per request: called from `stream` in app/stream.py (line 13); `stream` is a route'
check "... not one whose class the receiver's name does not echo (\`config.to_snapshot()\`, CliState)" \
	pyx "$scratch/pyx.json" app/protocol.py 11 none
check "... nor one four classes define (\`chunk.to_event()\`)" pyx "$scratch/pyx.json" app/protocol.py 16 none
mkdir -p "$scratch/pymrules" && cp -R "$top_srcdir/patterns/." "$scratch/pymrules/" &&
	sed -i 's/^py_method_calls_max 3$/py_method_calls_max 0/' "$scratch/pymrules/audit.rules"
"$H" audit --root "$P" --no-config --patterns "$scratch/pymrules" --packs perf-review --format json --output "$scratch/pyxm0.json"
check "... and no call on an object followed with py_method_calls_max 0" pyx "$scratch/pyxm0.json" app/protocol.py 6 none
"$H" audit --root "$P" --no-config --packs perf-review --format json --jobs 1 --output "$scratch/pyx1.json"
check "... the same reasons on one thread as on every core" python3 -c "
import json, sys
a, b = (json.load(open(p))['rule_findings'] for p in sys.argv[1:3])
assert a and [(x['path'], x['line'], x['hot_path']) for x in a] == [(x['path'], x['line'], x['hot_path']) for x in b]
" "$scratch/pyx.json" "$scratch/pyx1.json"
mkdir -p "$scratch/pyrules" && cp -R "$top_srcdir/patterns/." "$scratch/pyrules/" &&
	sed -i 's/^py_calls_across_files 1$/py_calls_across_files 0/' "$scratch/pyrules/audit.rules"
"$H" audit --root "$P" --no-config --patterns "$scratch/pyrules" --packs perf-review --format json --output "$scratch/pyx0.json"
check "... and none of it with py_calls_across_files 0" python3 -c "
import json, sys
f = [x for x in json.load(open(sys.argv[1]))['rule_findings'] if x['path'] != 'app/routes.py']
assert f == [], [(x['path'], x['line']) for x in f]
" "$scratch/pyx0.json"
done_testing
