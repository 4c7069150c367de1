"""The HTML pages: the article view, the batch report, the evaluation report."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from extract import Settings
from extract.batch.runner import run_batch
from extract.views import read_report_data, render_article, render_report, write_article_views
from extract.views.style import KIND_COLOURS, TEXT_COLOUR, contrast

REPO = Path(__file__).resolve().parents[2]
RAW = REPO / "data" / "raw"


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def _tags(page: str) -> list[tuple[str, dict[str, str | None]]]:
    p = _Tags()
    p.feed(page)
    return p.tags


@pytest.fixture(scope="module")
def result(extractor):
    return extractor.process((RAW / "yemen-prisoner-release.html").read_text(encoding="utf-8"))


def test_article_view_has_a_card_per_event_and_a_highlight_per_mention(result):
    tags = _tags(render_article([result]))
    cards = [a for t, a in tags if t == "article" and "card" in (a.get("class") or "")]
    assert len(cards) == len(result.events) > 0
    refs = {a["data-ref"] for t, a in tags if t == "mark"}
    mentions = [*result.times, *result.quantities, *result.places, *result.actors]
    assert {m.id for m in mentions} <= refs | _crossing(result)
    for card in cards:
        assert set((card["data-refs"] or "").split()) <= refs | _crossing(result)


def _crossing(result) -> set[str]:
    """Mentions that cross another span cannot nest in HTML and are not highlighted."""
    spans = [(m.start, m.end, m.id) for m in (*result.times, *result.quantities,
             *result.places, *result.actors)]  # fmt: skip
    return {i for s, e, i in spans for s2, e2, _ in spans if s < s2 < e < e2 or s2 < s < e2 < e}


def test_cards_are_keyboard_focusable_and_labelled(result):
    for tag, attrs in _tags(render_article([result])):
        if tag == "article":
            assert attrs.get("tabindex") == "0"
            assert (attrs.get("aria-label") or "").startswith("Event ")


def test_view_is_self_contained(result):
    page = render_article([result])
    assert "<link" not in page and "@import" not in page and "url(" not in page
    assert not re.search(r"""<(script|img|iframe)[^>]+src=""", page)
    assert '<meta name="viewport"' in page and '<html lang="en">' in page


def test_highlight_colours_keep_the_text_readable():
    for kind, colour in KIND_COLOURS.items():
        assert contrast(TEXT_COLOUR, colour) >= 4.5, kind


def test_a_rejected_input_is_shown_with_its_reason(extractor):
    from extract.records import ErrorRecord

    page = render_article([ErrorRecord(source="x.html", reason="no_article", message="empty")])
    assert "no_article" in page and "x.html" in page


def test_batch_report_has_charts_tables_and_article_views(tmp_path, extractor):
    out = tmp_path / "out"
    run_batch([str(RAW)], out, Settings(event_typer="lexicon"), formats=("jsonl",))
    data = read_report_data(out, sample_size=5)
    assert data.articles >= 8 and data.events > 0
    links = write_article_views(data, tmp_path / "report_views", extractor.process_article)
    assert links and all((tmp_path / rel).is_file() for rel in links.values())
    page = render_report(data, links)
    assert page.count("<svg") >= 1 and "Places by country" in page
    assert all(f'href="{rel}"' in page for rel in links.values())
    assert "<link" not in page and "url(" not in page
