#!/usr/bin/env bash
# The test command: lint, type-check, run the test suite, then the evaluation gate on our
# annotated dev split (fails when a headline figure drops below its pinned floor).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
.venv/bin/ruff check src tests scripts bench
.venv/bin/ruff format --check src tests scripts bench
.venv/bin/mypy src
.venv/bin/python scripts/compile_annotations.py --check
.venv/bin/python -m pytest -q "$@"
COLUMNS=${COLUMNS:-120} .venv/bin/newsevents evaluate --gold data/annotated/dev.jsonl \
  --baseline data/annotated/baseline.json
