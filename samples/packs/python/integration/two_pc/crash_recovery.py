# An integration suite kept in a directory of its own (pgdog's
# integration/, linkerd2-proxy's linkerd/app/integration: held-out
# findings judged wrong): test scripts, no finding -- though each shard is
# set up in turn, one awaited call after another.
import asyncpg

SHARDS = [0, 1, 2]


async def prepare_database():
    for shard in SHARDS:
        connection = await asyncpg.connect(port=5432 + shard)
        await connection.execute("CREATE TABLE IF NOT EXISTS t (id BIGINT)")
        await connection.close()
