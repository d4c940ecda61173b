# A cookbook: a repository's example scripts, as examples/ is -- perf-review
# does not read `/cookbook/` (agno's cookbook, held-out precision sample 74:
# a demo's pause between its steps, nothing else on its event loop).
import asyncio
import time


async def run_async(agent, knowledge):
    await knowledge.ainsert(url="https://example.com/recipes.pdf")
    time.sleep(5)
    await agent.aprint_response("How to make Thai curry?")


if __name__ == "__main__":
    asyncio.run(run_async(None, None))
