"""str-concat-in-loop: a string grown in a loop that stops at a size.

A preview grown line by line until a character budget, the loop left with
`break` when the next line would pass it: the string grows to the budget
at most -- no finding (browser-use's file preview, a held-out finding
judged wrong, precision sample 76).
"""
import time


def preview(lines, budget):
    out = ""
    count = 0
    for line in lines:
        if count + len(line) + 1 > budget:
            break
        out += line + "\n"
        count += len(line) + 1
    return out


# ... but a stream left only on a timeout still grows with the stream: a
# finding.
def collect(stream, timeout):
    text = ""
    start = time.monotonic()
    for chunk in stream:
        if time.monotonic() - start > timeout:
            break
        text += chunk  # expect: perf-review/str-concat-in-loop
    return text
