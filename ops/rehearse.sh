#!/bin/sh
# Three Reelforge nodes behind nginx on one PostgreSQL and Redis, under faults; see docs/operations.md.
# ops/rehearse.sh [--short]   (--check: only say what is missing)
cd "$(dirname "$0")/.." || exit 1
exec sh scripts/node24.sh node ops/rehearse.ts "$@"
