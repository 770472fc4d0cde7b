#!/bin/sh
# Starts the compiled API as it ships: `start.sh [node options] <server.js>`. `npm start`, the Docker image
# and the request benchmark start it here, so that all three run with the same memory settings. V8 and
# the C library read them as the process starts; the server cannot set them from inside
# (docs/decisions/026-embedded-memory.md):
# - the young generation at most 2 × 16 MB: under load V8 grows it to 2 × 64 MB and keeps it;
# - a full collection once the old generation has grown by half since the last one: on a machine with a
#   few gigabytes V8 otherwise lets it reach three or four times what is alive before collecting;
# - two malloc arenas, and memory freed by the C library handed back to the system from 128 KB: otherwise
#   glibc keeps what the embedded database's first start and the compression of answers freed.
# Each can be overridden from the environment. `exec`: the server replaces this shell, keeps its process
# id and receives the signals itself (SIGTERM: graceful shutdown).
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
exec "${NODE:-node}" --max-semi-space-size=16 --heap-growing-percent=50 "$@"
