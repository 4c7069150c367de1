"""A batch (and a notebook) over the archives researchers hold: news-please trees, CSV
and Parquet exports; no article is dropped for its metadata date."""

from __future__ import annotations

from pathlib import Path

import pytest

import extract
from extract import Settings
from extract.batch import query, run_batch
from extract.batch.tables import COLUMNS, TABLES

ARCHIVES = Path(__file__).resolve().parents[1] / "fixtures" / "archives"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return Settings(cache_dir=str(tmp_path_factory.mktemp("cache")), event_typer="lexicon")


def test_a_batch_reads_every_archive_kind_and_keeps_unreadable_dates_raw(
    tmp_path: Path, settings: Settings
) -> None:
    summary = run_batch([str(ARCHIVES)], tmp_path / "out", settings)
    # 5 news-please files, 3 CSV rows (+1 bad row), 2 TSV rows, 5 Parquet rows
    assert (summary.articles, summary.errors, summary.unread_dates) == (15, 1, 1)
    _, errors = query(tmp_path / "out", "SELECT source, reason FROM errors")
    assert errors == [(str(ARCHIVES / "export.csv") + ":5", "bad_input")]
    _, rows = query(
        tmp_path / "out",
        "SELECT published, published_raw, warnings FROM articles_all "
        "WHERE source LIKE '%export.csv:7'",
    )
    [(published, raw, warnings)] = rows
    assert published is None and raw == "03/04/2020"
    assert any("'03/04/2020'" in w for w in warnings)
    _, dated = query(
        tmp_path / "out",
        "SELECT count(*) FROM articles_all WHERE source LIKE '%.parquet#%' AND published IS NOT NULL",
    )
    assert dated == [(4,)]  # the fifth has no date in its row


def test_read_and_tables_give_a_batchs_columns_in_a_notebook(settings: Settings) -> None:
    items = list(extract.read(ARCHIVES / "export.csv", settings=settings))
    assert [type(i).__name__ for i in items] == ["Article", "ErrorRecord", "Article", "Article"]
    ex = extract.get_extractor(settings)
    results = [ex.process_article(i) if isinstance(i, extract.Article) else i for i in items]
    tables = extract.tables(results)
    assert set(tables) == set(TABLES)
    for name in TABLES:
        assert tables[name].schema.names == [c for c, _ in COLUMNS[name]]
    assert tables["articles"].num_rows == 3 and tables["errors"].num_rows == 1
    assert tables["articles"].column("title").to_pylist()[0] == "Port workers accept pay deal"
    pairs = list(extract.read(ARCHIVES / "export.csv", settings=settings, sources=True))
    assert pairs[1][0].endswith("export.csv:5")
