#!/bin/sh
# tests/valgrind-run.sh: stands in for the tool under `make check-valgrind`,
# running the real binary under $HOTPATH_AUDIT_VALGRIND.
exec $HOTPATH_AUDIT_VALGRIND "$HOTPATH_AUDIT_BINARY" "$@"
