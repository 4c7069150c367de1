#!/usr/bin/env bash
# The main job on the bundled sample articles: prints the events of every file in data/raw/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
exec .venv/bin/newsevents extract data/raw --format table "$@"
