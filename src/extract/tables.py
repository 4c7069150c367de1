"""Normalisation tables: data files in ``extract/resources/``, loaded in this one place."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def load_table(name: str) -> Any:
    """Load ``resources/<name>.json`` (cached; treat the result as read-only)."""
    ref = resources.files("extract") / "resources" / f"{name}.json"
    with ref.open("r", encoding="utf-8") as fh:
        return json.load(fh)
