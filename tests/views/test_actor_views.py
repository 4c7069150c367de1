"""The report's actor and dyad tables and the event cards' actors, from hand-built
records (no model): actors counted as entities with country and sector, dyads by
source country x target country x type, and "Taliban · AFG · armed_group" on a card."""

from __future__ import annotations

from pathlib import Path

from extract.batch.tables import TABLES, rows_for, write_json_atomic, write_table
from extract.records import ActorMention, Argument, Article, ArticleResult, Event, Span
from extract.views import read_report_data, render_article, render_report

TEXT = "The government said Baghdad and the Iraqi authorities struck Islamic State fighters."
#       0123456789012345678901234567890123456789012345678901234567890123456789012345678901234


def _actor(start, end, aid, canonical, country, sector, entity) -> ActorMention:
    return ActorMention(id=aid, start=start, end=end, text=TEXT[start:end], name=TEXT[start:end],
                        canonical=canonical, country_code=country, sector=sector,
                        entity=entity)  # fmt: skip


IRAQ = [
    _actor(4, 14, "a1", "Iraq government", "IRQ", "government", "ent1"),
    _actor(20, 27, "a2", "Iraq government", "IRQ", "government", "ent1"),
    _actor(36, 53, "a3", "Iraq government", "IRQ", "government", "ent1"),
]
ISLAMIC_STATE = _actor(61, 74, "a4", "Islamic State", None, "armed_group", "ent2")


def _event(eid: str, etype: str, target_country: str | None) -> Event:
    args = [
        Argument(role="source", ref="a1", text="government", entity="Iraq government",
                 country_code="IRQ", sector="government"),
        Argument(role="target", ref="a4", text="Islamic State", entity="Islamic State",
                 country_code=target_country, sector="armed_group"),
    ]  # fmt: skip
    return Event(id=eid, type=etype, trigger=Span(start=54, end=60, text="struck"),
                 sentence=Span(start=0, end=len(TEXT), text=TEXT), arguments=args)  # fmt: skip


def _result(aid: str, events: list[Event]) -> ArticleResult:
    # a note after the text keeps the offsets and makes each article's text its own (the
    # report leaves out articles with the same text as another)
    article = Article(id=aid, text=f"{TEXT} ({aid})", published="2021-08-01")
    return ArticleResult(article=article, actors=[*IRAQ, ISLAMIC_STATE], events=events)


def _run(out: Path, results: list[ArticleResult]) -> Path:
    rows: dict[str, list] = {t: [] for t in TABLES}
    for r in results:
        for table, new in rows_for(r, f"{r.article.id}.txt", "s1").items():
            rows[table].extend(new)
    files = {}
    for table in TABLES:
        write_table(rows[table], table, out / f"{table}/s1.jsonl", "jsonl")
        files[f"{table}.jsonl"] = f"{table}/s1.jsonl"
    write_json_atomic({"files": files}, out / "_manifests" / "s1.json")
    return out


def _articles() -> list[ArticleResult]:
    return [
        _result("d1", [_event("e1", "ASSAULT", "SYR"), _event("e2", "ASSAULT", "SYR")]),
        _result("d2", [_event("e1", "ASSAULT", "SYR"), _event("e2", "THREATEN", None),
                       _source_only("e3")]),
    ]  # fmt: skip


def _source_only(eid: str) -> Event:
    ev = _event(eid, "DISAPPROVE", None)
    return ev.model_copy(update={"arguments": ev.arguments[:1]})


def test_top_actors_count_entities_not_the_strings_that_name_them(tmp_path: Path):
    data = read_report_data(_run(tmp_path / "run", _articles()))
    assert data.actors[0] == ("Iraq government", "IRQ", "government", 2, 6)
    assert ("Islamic State", None, "armed_group", 2, 2) in data.actors


def test_dyad_table_counts_events_by_source_country_target_country_and_type(tmp_path: Path):
    data = read_report_data(_run(tmp_path / "run", _articles()))
    assert data.dyads == [("IRQ", "SYR", "ASSAULT", 3)]
    assert (data.dyads_unknown, data.dyads_incomplete) == (1, 1)


def test_report_page_shows_actor_sectors_and_the_dyads(tmp_path: Path):
    page = render_report(read_report_data(_run(tmp_path / "run", _articles())))
    assert "<th>sector</th>" in page and "<td>armed_group</td>" in page
    assert "Dyads: who acts on whom" in page and "<td>SYR</td>" in page
    assert (
        "Not in the table: 2 events, 1 with a source and a target of which one has no "
        "country, 1 without a source or a target actor." in page
    )


def test_event_card_shows_each_actor_with_country_and_sector():
    page = render_article([_result("d1", [_event("e1", "ASSAULT", "SYR")])])
    assert "Iraq government · IRQ · government" in page
    assert "Islamic State · SYR · armed_group" in page


def test_event_card_says_no_country_rather_than_leaving_it_out():
    page = render_article([_result("d1", [_event("e1", "ASSAULT", None)])])
    assert "Islamic State · no country · armed_group" in page
