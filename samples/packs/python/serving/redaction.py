"""json-dumped-as-parsed: a document written back out after it was parsed.

Parsed, then changed through the parts taken from it -- a HAR's entries,
their requests' headers handed to helpers that edit them in place -- and
written out: the text is new, no finding (skyvern's secret redaction, a
held-out finding judged wrong, precision sample 76).
"""
import json


def _redact_headers(headers):
    for header in headers:
        if header.get("name", "").lower() == "authorization":
            header["value"] = "***"


def redact_har(har_data: bytes) -> bytes:
    har = json.loads(har_data)
    log = har.get("log", {}) if isinstance(har, dict) else {}
    entries = log.get("entries", [])
    for entry in entries:
        request = entry.get("request", {})
        _redact_headers(request.get("headers", []))
    return json.dumps(har).encode()


# ... but parts only read on the way, then the document written out as it
# was parsed: a finding.
def har_summary(har_data: bytes):
    har = json.loads(har_data)
    log = har.get("log", {})
    count = len(log.get("entries", []))
    return count, json.dumps(har)  # expect: perf-review/json-dumped-as-parsed
