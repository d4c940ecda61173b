"""A command-line client: one task on its event loop, so a blocking read
holds up no request (gpt4free's CLI) -- no finding."""


async def run_client(args):
    with open(args.input, "rb") as f:
        payload = f.read()
    return await args.client.post(payload)
