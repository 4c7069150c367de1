"""Batch tables from hand-built records: the actors' coding and the events' dyads as
columns, the same in Parquet and JSONL, and old runs without those columns still read."""

from __future__ import annotations

from pathlib import Path

import pytest

from extract.batch import query
from extract.batch.tables import COLUMNS, TABLES, rows_for, write_json_atomic, write_table
from extract.records import (
    ActorMention,
    Argument,
    Article,
    ArticleResult,
    Event,
    PlaceMention,
    Span,
)

TEXT = "Taliban fighters attacked Afghan soldiers in Kabul, the insurgents said."
#       0123456789012345678901234567890123456789012345678901234567890123456789


def _actor(start, end, aid, canonical, country, sector, entity=None, **kw) -> ActorMention:
    return ActorMention(id=aid, start=start, end=end, text=TEXT[start:end], name=TEXT[start:end],
                        canonical=canonical, country_code=country, sector=sector, entity=entity,
                        **kw)  # fmt: skip


TALIBAN = _actor(0, 7, "a1", "Taliban", "AFG", "armed_group", "ent1", country_basis="known",
                 country_confidence=0.9)  # fmt: skip
SOLDIERS = _actor(26, 41, "a2", "Afghanistan military", "AFG", "military", "ent2")
INSURGENTS = _actor(56, 66, "a3", "Taliban", "AFG", "armed_group", "ent1")
KABUL = PlaceMention(id="p1", start=45, end=50, text="Kabul", name="Kabul", country_code="AFG")


def _event(args: list[Argument], eid: str = "e1") -> Event:
    return Event(id=eid, type="ASSAULT", trigger=Span(start=17, end=25, text="attacked"),
                 sentence=Span(start=0, end=len(TEXT), text=TEXT), arguments=args)  # fmt: skip


def _result(events: list[Event], aid: str = "d1") -> ArticleResult:
    return ArticleResult(article=Article(id=aid, text=TEXT, published="2021-08-01"),
                         places=[KABUL], actors=[TALIBAN, SOLDIERS, INSURGENTS],
                         events=events)  # fmt: skip


def write_run(out: Path, results: list[ArticleResult], fmt: str = "parquet") -> Path:
    """A batch output folder (tables and a manifest) without running the pipeline."""
    rows: dict[str, list] = {t: [] for t in TABLES}
    for r in results:
        for table, new in rows_for(r, f"{r.article.id}.txt", "s1").items():
            rows[table].extend(new)
    files = {}
    for table in TABLES:
        rel = f"{table}/s1.{fmt}"
        write_table(rows[table], table, out / rel, fmt)
        files[f"{table}.{fmt}"] = rel
    write_json_atomic({"files": files}, out / "_manifests" / "s1.json")
    return out


def test_actor_mention_rows_carry_sector_country_basis_confidence_and_entity():
    mentions = rows_for(_result([]), "d1.txt", "s1")["mentions"]
    taliban = next(m for m in mentions if m["mention_id"] == "a1")
    assert (taliban["sector"], taliban["country_basis"], taliban["country_confidence"],
            taliban["entity"]) == ("armed_group", "known", 0.9, "ent1")  # fmt: skip
    place = next(m for m in mentions if m["kind"] == "place")
    assert place["sector"] is place["entity"] is place["country_basis"] is None


def test_event_row_takes_its_dyad_from_the_arguments_coding():
    args = [
        Argument(role="source", ref="a1", text="Taliban", entity="Taliban", country_code="AFG",
                 sector="armed_group"),
        Argument(role="target", ref="a2", text="Afghan soldiers", entity="Afghanistan military",
                 country_code="AFG", sector="military"),
    ]  # fmt: skip
    (row,) = rows_for(_result([_event(args)]), "d1.txt", "s1")["events"]
    assert {k: row[k] for k in row if k.startswith(("source_", "target_"))} == {
        "source_entity": "Taliban", "source_country": "AFG", "source_sector": "armed_group",
        "target_entity": "Afghanistan military", "target_country": "AFG",
        "target_sector": "military",
    }  # fmt: skip


def test_an_uncoded_argument_falls_back_to_its_actor_mention():
    args = [Argument(role="source", ref="a3", text="insurgents"),
            Argument(role="target", ref="a2", text="Afghan soldiers")]  # fmt: skip
    (row,) = rows_for(_result([_event(args)]), "d1.txt", "s1")["events"]
    assert (row["source_entity"], row["source_country"], row["source_sector"]) == (
        "Taliban", "AFG", "armed_group")  # fmt: skip
    assert row["target_country"] == "AFG" and row["target_sector"] == "military"


def test_the_first_actor_source_counts_and_a_missing_target_leaves_its_columns_empty():
    args = [Argument(role="source", ref="p1", text="Kabul"),  # a place: no actor
            Argument(role="source", ref="a2", text="Afghan soldiers"),
            Argument(role="source", ref="a1", text="Taliban")]  # fmt: skip
    (row,) = rows_for(_result([_event(args)]), "d1.txt", "s1")["events"]
    assert row["source_entity"] == "Afghanistan military"
    assert row["target_entity"] is row["target_country"] is row["target_sector"] is None


def test_an_argument_coded_with_no_country_keeps_no_country():
    args = [Argument(role="source", ref="a1", text="Taliban", entity="Taliban",
                     sector="armed_group")]  # fmt: skip
    (row,) = rows_for(_result([_event(args)]), "d1.txt", "s1")["events"]
    assert row["source_country"] is None  # the coder's null, not the mention's AFG


@pytest.mark.parametrize("table", ["events", "mentions"])
def test_parquet_and_jsonl_give_the_same_columns_and_values(tmp_path: Path, table: str):
    args = [Argument(role="source", ref="a1", text="Taliban"),
            Argument(role="target", ref="a2", text="Afghan soldiers")]  # fmt: skip
    results = [_result([_event(args)])]
    got = {}
    for fmt in ("parquet", "jsonl"):
        cols, rows = query(write_run(tmp_path / fmt, results, fmt), f"SELECT * FROM {table}")
        got[fmt] = (cols, sorted(rows, key=str))
    assert got["parquet"] == got["jsonl"]
    assert got["parquet"][0] == [name for name, _ in COLUMNS[table]]


def test_a_parquet_run_written_before_the_new_columns_still_reads(tmp_path: Path):
    import pyarrow.parquet as pq

    out = write_run(tmp_path / "run", [_result([_event([])])])
    new = {"sector", "country_basis", "country_confidence", "entity"}
    for table, drop in (
        ("mentions", new),
        ("events", {c for c, _ in COLUMNS["events"] if c.startswith(("source_", "target_"))}),
    ):
        path = out / table / "s1.parquet"
        pq.write_table(pq.read_table(path).drop_columns(sorted(drop)), path)
    _, rows = query(out, "SELECT count(*), count(source_country) FROM events")
    assert rows == [(1, 0)]
    _, rows = query(out, "SELECT count(*), count(sector) FROM mentions WHERE kind = 'actor'")
    assert rows == [(3, 0)]
