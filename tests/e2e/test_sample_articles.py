"""The bundled sample articles against their hand-made expected facts (tests/golden/).

Facts the pipeline does not get yet are listed, with what it gives instead, in
``tests/golden/known_gaps.json``. The test fails on any new miss (a regression) and on
any listed gap that is now found (so the list only shrinks: delete the line).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from extract.ingest.sources import iter_articles
from extract.records import Article
from golden import misses

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
GOLDEN = sorted((REPO / "tests" / "golden").glob("*.expected.json"))
GAPS = json.loads((REPO / "tests" / "golden" / "known_gaps.json").read_text(encoding="utf-8"))


def test_every_sample_article_has_expected_facts():
    raw = {p.name for p in (REPO / "data" / "raw").iterdir() if p.suffix in (".txt", ".html")}
    assert raw == {json.loads(p.read_text())["file"] for p in GOLDEN}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name.removesuffix(".expected.json"))
def test_sample_article_gives_its_expected_facts(extractor, path):
    expected = json.loads(path.read_text(encoding="utf-8"))
    ((source, article),) = list(iter_articles(REPO / "data" / "raw" / expected["file"]))
    assert isinstance(article, Article), f"{source}: {article}"
    found = misses(extractor.process_article(article), expected)
    known = set(GAPS.get(expected["file"], []))
    new = {k: v for k, v in found.items() if k not in known}
    fixed = known - set(found)
    assert not new, "new misses (got):\n" + "\n".join(f"{k}  (got {v})" for k, v in new.items())
    assert not fixed, "now found; remove from known_gaps.json:\n" + "\n".join(sorted(fixed))
