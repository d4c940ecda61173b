#!/bin/sh
# forge-comment.sh: post a hotpath-audit review-ticket report as the one
# comment of a pull request (GitHub) or merge request (GitLab), updating
# the comment an earlier run posted instead of adding another.
#
#   sh forge-comment.sh github|gitlab REPORT.md
#
# The report's first line is its marker (<!-- hotpath-audit: REPO#BASE -->,
# written by `hotpath-audit audit --diff ... --format md`): the comment
# whose body starts with the same line is the one to update.  Needs curl and
# python3 (for JSON); reads its settings from the CI's own variables:
#
#   github: GITHUB_API_URL (default https://api.github.com),
#           GITHUB_REPOSITORY (owner/name), PR_NUMBER, GITHUB_TOKEN
#   gitlab: CI_API_V4_URL, CI_PROJECT_ID, CI_MERGE_REQUEST_IID,
#           GITLAB_TOKEN (a token with the api scope)
#
# Exit status: 0 posted or updated; 1 the forge refused (its answer on
# stderr); 2 a usage error or a report without a marker.
set -eu
forge=${1:-}
report=${2:-}
case $forge in github | gitlab) ;; *) echo "usage: forge-comment.sh github|gitlab REPORT.md" >&2; exit 2 ;; esac
[ -r "$report" ] || { echo "forge-comment.sh: cannot read $report" >&2; exit 2; }
marker=$(head -1 "$report")
case $marker in "<!-- hotpath-audit: "*" -->") ;; *)
	echo "forge-comment.sh: $report does not start with a hotpath-audit marker (audit --diff --format md)" >&2
	exit 2 ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ "$forge" = github ]; then
	api=${GITHUB_API_URL:-https://api.github.com}
	list="$api/repos/$GITHUB_REPOSITORY/issues/$PR_NUMBER/comments"
	edit="$api/repos/$GITHUB_REPOSITORY/issues/comments"
	auth="Authorization: Bearer $GITHUB_TOKEN"
	update=PATCH
else
	api=$CI_API_V4_URL
	list="$api/projects/$CI_PROJECT_ID/merge_requests/$CI_MERGE_REQUEST_IID/notes"
	edit=$list
	auth="PRIVATE-TOKEN: $GITLAB_TOKEN"
	update=PUT
fi

# call METHOD URL [BODY_FILE]: the answer in $tmp/answer; fails on an HTTP error
call() {
	if [ $# -ge 3 ]; then
		code=$(curl -sS -o "$tmp/answer" -w '%{http_code}' -X "$1" -H "$auth" -H 'Accept: application/json' \
			-H 'Content-Type: application/json' --data-binary "@$3" "$2") || return 1
	else
		code=$(curl -sS -o "$tmp/answer" -w '%{http_code}' -X "$1" -H "$auth" -H 'Accept: application/json' "$2") ||
			return 1
	fi
	case $code in 2??) return 0 ;; esac
	echo "forge-comment.sh: $1 $2: HTTP $code" >&2
	cat "$tmp/answer" >&2
	return 1
}

# the earlier comment: the first whose body starts with the marker, page by page
id=
page=1
while [ -z "$id" ] && [ $page -le 50 ]; do
	call GET "$list?per_page=100&page=$page" || exit 1
	id=$(python3 -c '
import json, sys
items = json.load(open(sys.argv[1]))
if not items:
    print("none")
for c in items:
    if (c.get("body") or "").split("\n", 1)[0] == sys.argv[2]:
        print(c["id"])
        break' "$tmp/answer" "$marker")
	[ "$id" = none ] && { id=; break; }
	page=$((page + 1))
done

python3 -c 'import json, sys; json.dump({"body": open(sys.argv[1], encoding="utf-8").read()}, open(sys.argv[2], "w"))' \
	"$report" "$tmp/body.json"
if [ -n "$id" ]; then
	call "$update" "$edit/$id" "$tmp/body.json" || exit 1
	echo "forge-comment.sh: updated comment $id"
else
	call POST "$list" "$tmp/body.json" || exit 1
	echo "forge-comment.sh: posted a new comment"
fi
