"""A streamed answer's tool calls, folded as their deltas arrive."""


# A tool call's arguments started as `x or ""` and grown per streamed
# delta (R2R's agent) ...
async def fold_tool_calls(stream):
    pending = {}
    async for chunk in stream:
        for tc in chunk.delta.tool_calls:
            if tc.index not in pending:
                pending[tc.index] = {"name": tc.function.name, "arguments": tc.function.arguments or ""}
            else:
                pending[tc.index]["arguments"] += tc.function.arguments  # expect: perf-review/str-concat-in-loop
    return pending


# ... not an entry whose value is a list (`or []`), extended per delta.
async def fold_ids(stream):
    pending = {}
    async for chunk in stream:
        for tc in chunk.delta.tool_calls:
            if tc.index not in pending:
                pending[tc.index] = {"ids": tc.ids or []}
            else:
                pending[tc.index]["ids"] += tc.ids
    return pending
