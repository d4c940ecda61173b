# A benchmark script in the repository's test/ directory: test tooling, not
# serving code (lightllm's test/benchmark/service, a held-out finding judged
# wrong) -- no finding, though it grows a string per streamed chunk.
import json


def run(lines):
    ans = ""
    for chunk in lines:
        data = json.loads(chunk[5:].strip())
        ans += data["token"]["text"]
    return ans
