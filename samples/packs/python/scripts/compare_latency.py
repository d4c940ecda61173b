# A benchmark script, no serving code: perf-review does not read
# `/scripts/` (each length is measured in turn, on purpose).
import asyncio


async def run_all(lengths, run):
    results = []
    for length in lengths:
        results.append(await run(length))
    return results
