"""A fake of GitHub's and GitLab's comment APIs, on 127.0.0.1, in memory
(tests/ci-recipes.sh).

    python3 fake_forge.py PORT_FILE STATE_FILE

Serves, for any repository or project:
  GET/POST   /repos/O/R/issues/N/comments                  (GitHub)
  PATCH      /repos/O/R/issues/comments/ID
  GET/POST   /projects/P/merge_requests/N/notes            (GitLab)
  PUT        /projects/P/merge_requests/N/notes/ID
with ?per_page= and ?page= as the forges page, the token checked against
the environment's FAKE_TOKEN (GitHub: Authorization: Bearer, GitLab:
PRIVATE-TOKEN).  Writes the port it listens on to PORT_FILE and, after
every change, all comments and a log of the calls to STATE_FILE as JSON.
Seeded with one comment by someone else on every thread."""
import json
import os
import re
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs, urlparse

TOKEN = os.environ.get("FAKE_TOKEN", "secret")
threads = {}   # thread key -> [{"id", "body"}]
log = []
next_id = [1000]


def thread(key):
    if key not in threads:
        threads[key] = [{"id": next_id[0], "body": "Thanks! (someone else's comment)"}]
        next_id[0] += 1
    return threads[key]


def save():
    with open(sys.argv[2], "w") as f:
        json.dump({"threads": threads, "log": log}, f)


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, code, value):
        data = json.dumps(value).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def authorized(self):
        return (self.headers.get("Authorization") == "Bearer " + TOKEN or
                self.headers.get("PRIVATE-TOKEN") == TOKEN)

    def route(self, method):
        url = urlparse(self.path)
        log.append("%s %s" % (method, url.path))
        if not self.authorized():
            return self.answer(401, {"message": "Bad credentials"})
        body = None
        if method in ("POST", "PATCH", "PUT"):
            n = int(self.headers.get("Content-Length", "0"))
            try:
                body = json.loads(self.rfile.read(n))["body"]
            except (ValueError, KeyError, TypeError):
                return self.answer(422, {"message": "no body"})
        m = re.fullmatch(r"/repos/([^/]+/[^/]+)/issues/(\d+)/comments", url.path) or \
            re.fullmatch(r"/projects/([^/]+)/merge_requests/(\d+)/notes", url.path)
        if m:
            items = thread(m.group(1) + "#" + m.group(2))
            if method == "GET":
                q = parse_qs(url.query)
                per = int(q.get("per_page", ["30"])[0])
                page = int(q.get("page", ["1"])[0])
                return self.answer(200, items[(page - 1) * per:page * per])
            if method == "POST":
                item = {"id": next_id[0], "body": body}
                next_id[0] += 1
                items.append(item)
                save()
                return self.answer(201, item)
        m = re.fullmatch(r"/repos/([^/]+/[^/]+)/issues/comments/(\d+)", url.path) or \
            re.fullmatch(r"/projects/([^/]+)/merge_requests/\d+/notes/(\d+)", url.path)
        if m and method in ("PATCH", "PUT"):
            for items in threads.values():
                for item in items:
                    if item["id"] == int(m.group(2)):
                        item["body"] = body
                        save()
                        return self.answer(200, item)
            return self.answer(404, {"message": "Not Found"})
        return self.answer(404, {"message": "Not Found"})

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def do_PATCH(self):
        self.route("PATCH")

    def do_PUT(self):
        self.route("PUT")


server = HTTPServer(("127.0.0.1", 0), Handler)
save()
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
server.serve_forever()
