"""The CI gate: pinned score floors and a hash of the gold data they were measured on.

The baseline file (``data/annotated/baseline.json``) holds ``{"gold_sha256": ...,
"floors": {"mentions.times.value.f1": 0.8, ...}, "history": [...]}``. A run fails when
the gold data changed without the baseline being updated, or when a headline figure
falls below its floor. Raising floors is a normal commit; lowering one needs
``--allow-lower --reason TEXT`` (recorded in the history, and to be repeated in the
commit message).
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from extract.errors import ConfigError


def read_baseline(path: Path) -> dict[str, Any]:
    if not path.exists():
        raise ConfigError(f"no baseline file at {path}")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def check(figures: dict[str, float], gold_sha256: str, baseline: dict[str, Any]) -> list[str]:
    """Failures of ``figures`` against ``baseline`` (empty when the gate passes)."""
    failures = []
    if baseline.get("gold_sha256") != gold_sha256:
        failures.append(
            "the gold data changed since the baseline was pinned "
            f"({str(baseline.get('gold_sha256'))[:12]} -> {gold_sha256[:12]}): re-pin it"
        )
    for key, floor in sorted(baseline.get("floors", {}).items()):
        value = figures.get(key)
        if value is None:
            failures.append(f"{key}: missing from this run (floor {floor})")
        elif value < floor - 1e-9:
            failures.append(f"{key}: {value:.4f} is below its floor {floor:.4f}")
    return failures


def pin(
    figures: dict[str, float],
    gold_sha256: str,
    baseline: dict[str, Any] | None,
    *,
    margin: float = 0.02,
    allow_lower: bool = False,
    reason: str | None = None,
) -> dict[str, Any]:
    """A new baseline: floors at the current figures less ``margin``, never lower than
    the old floors unless ``allow_lower`` with a ``reason``."""
    old = (baseline or {}).get("floors", {})
    floors: dict[str, float] = {}
    lowered = []
    for key, value in sorted(figures.items()):
        new = round(max(0.0, value - margin), 4)
        prev = old.get(key)
        if prev is not None and new < prev:
            if not allow_lower:
                new = prev
            else:
                lowered.append(f"{key}: {prev} -> {new}")
        floors[key] = new
    if lowered and not reason:
        raise ConfigError("lowering a floor needs a reason (--reason)")
    history = list((baseline or {}).get("history", []))
    history.append(
        {
            "date": dt.date.today().isoformat(),
            "gold_sha256": gold_sha256,
            "lowered": lowered,
            "reason": reason,
        }
    )
    return {"gold_sha256": gold_sha256, "floors": floors, "history": history}
