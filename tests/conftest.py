"""Shared fixtures. The spaCy pipeline loads once per test session."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def extractor(tmp_path_factory: pytest.TempPathFactory):
    from extract import Extractor, Settings

    cache = tmp_path_factory.mktemp("cache")
    return Extractor(Settings(cache_dir=str(cache)))


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared is absent (a user's checkout has none)")
    return SHARED
