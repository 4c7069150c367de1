#!/usr/bin/env bash
# The test command: lint, type-check and run the test suite inside .venv/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
.venv/bin/ruff check src tests
.venv/bin/mypy src
.venv/bin/python -m pytest -q "$@"
