"""Work taken a batch at a time, and lists walked by a for loop."""


# Batches ranked in turn: the bound on the reranker's load is the point
# (mindsdb's reranker), not a pitfall of await-in-loop.
async def rank_all(query, documents, rank, batch_size=32):
    results = []
    num_batches = (len(documents) + batch_size - 1) // batch_size
    for batch_idx in range(num_batches):
        batch = documents[batch_idx * batch_size:(batch_idx + 1) * batch_size]
        results.extend(await rank(query, batch))
    return results


# A list made to be sliced -- a zip takes no slice -- is no list made
# only to be iterated (mindsdb's prompt template) ...
def template_parts(base, spans):
    return [base[s:e] for s, e in list(zip(spans, spans[1:]))[::2]]


def every_other(pairs):
    out = []
    for s, e in list(zip(pairs, pairs[1:]))[::2]:
        out.append((s, e))
    return out


# ... while one walked whole still is, its call over several lines too.
def tokens_of(texts, tokenize):
    out = []
    for t in list(  # expect: perf-review/list-materialized-to-iterate
        map(tokenize, texts)
    ):
        out.append(t)
    return out
