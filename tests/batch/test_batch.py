"""`newsevents batch`: shards -> tables, resumable, exactly once, the same on every engine."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from extract import Settings
from extract.batch import plan_shards, query, run_batch
from extract.batch import runner as runner_mod

REPO = Path(__file__).resolve().parents[2]
RAW = REPO / "data" / "raw"
GERMAN = (REPO / "tests" / "fixtures" / "ingest" / "german_article.txt").read_text(encoding="utf-8")

pytestmark = pytest.mark.slow


def _texts() -> list[dict[str, str]]:
    out = []
    for p in sorted(RAW.glob("*.txt")):
        out.append({"text": p.read_text(encoding="utf-8"), "url": f"https://example.org/{p.stem}"})
    return out


def _jsonl_shards(folder: Path, n: int, per: int = 3) -> int:
    """``n`` JSONL files of ``per`` distinct articles each; returns the article count."""
    folder.mkdir(parents=True, exist_ok=True)
    base = _texts()
    k = 0
    for i in range(n):
        with (folder / f"part-{i:02d}.jsonl").open("w", encoding="utf-8") as fh:
            for j in range(per):
                rec = dict(base[(i * per + j) % len(base)])
                rec["url"] = f"{rec['url']}?copy={i}-{j}"  # distinct URL ...
                rec["text"] = rec["text"] + f"\n\nEditor's note: copy {i}-{j}."  # ... and text
                fh.write(json.dumps(rec) + "\n")
                k += 1
    return k


@pytest.fixture(scope="module")
def settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return Settings(cache_dir=str(tmp_path_factory.mktemp("cache")), event_typer="lexicon")


def _rows(out: Path, table: str) -> list[tuple]:
    cols, rows = query(
        out, f"SELECT * FROM {table}_all" if table != "errors" else "SELECT * FROM errors"
    )
    drop = {cols.index("shard")} if "shard" in cols else set()
    return sorted(tuple(v for i, v in enumerate(r) if i not in drop) for r in rows)


def test_a_folder_becomes_four_tables_and_a_manifest_per_shard(
    tmp_path: Path, settings: Settings
) -> None:
    out = tmp_path / "out"
    summary = run_batch([str(RAW)], out, settings)
    assert summary.articles == 12 and summary.errors == 0  # 8 files + the 4 pages in the WARC
    for shard in summary.shards:
        manifest = json.loads((out / "_manifests" / f"{shard.shard}.json").read_text())
        assert manifest["articles"] == shard.articles
        for rel in manifest["files"].values():
            assert (out / rel).is_file()
    _, rows = query(out, "SELECT count(*) FROM articles")
    assert rows == [(8,)]  # the WARC copies are duplicates of the HTML files
    _, dups = query(out, "SELECT count(*) FROM duplicates WHERE duplicate_of LIKE '%.html'")
    assert dups == [(4,)]
    _, types = query(out, "SELECT count(DISTINCT type) FROM events")
    assert types[0][0] >= 8


def test_resume_skips_finished_shards_and_reruns_unfinished_ones(
    tmp_path: Path, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    inputs = tmp_path / "in"
    total = _jsonl_shards(inputs, 3)
    out = tmp_path / "out"
    real = runner_mod.write_json_atomic
    calls = {"n": 0}

    def crash_on_second_manifest(data: dict, path: Path) -> None:
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt  # killed after the tables, before the manifest
        real(data, path)

    monkeypatch.setattr(runner_mod, "write_json_atomic", crash_on_second_manifest)
    with pytest.raises(KeyboardInterrupt):
        run_batch([str(inputs)], out, settings)
    monkeypatch.setattr(runner_mod, "write_json_atomic", real)
    summary = run_batch([str(inputs)], out, settings, resume=True)
    assert [s.skipped for s in summary.shards] == [True, False, False]
    _, rows = query(out, "SELECT count(*), count(DISTINCT source) FROM articles_all")
    assert rows == [(total, total)]


def test_bad_records_become_error_rows_and_the_shard_goes_on(
    tmp_path: Path, settings: Settings
) -> None:
    shard = tmp_path / "mixed.jsonl"
    good = _texts()[0]
    lines = [json.dumps(good), "{not json", json.dumps({"text": GERMAN})]
    lines += [json.dumps({"text": "   "}), json.dumps(good)]
    shard.write_text(
        "\n".join(lines) + "\n",
        encoding="utf-8",
    )
    summary = run_batch([str(shard)], tmp_path / "out", settings)
    assert summary.articles == 1
    _, rows = query(tmp_path / "out", "SELECT reason FROM errors ORDER BY source")
    assert sorted(r[0] for r in rows) == sorted(["bad_input", "not_english", "empty", "duplicate"])


def test_a_batch_whose_background_step_fails_is_redone_article_by_article(
    tmp_path: Path, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    import extract.api

    make = extract.api.result_from_doc
    broken: list[str] = []

    def flaky(article, doc):  # type: ignore[no-untyped-def]
        if threading.current_thread().name.startswith("newsevents-components"):
            broken.append(article.id)
            raise RuntimeError("the background step broke")
        return make(article, doc)

    monkeypatch.setattr(extract.api, "result_from_doc", flaky)
    n = _jsonl_shards(tmp_path / "in", 1, per=3)
    summary = run_batch([str(tmp_path / "in")], tmp_path / "out", settings)
    assert broken  # the batch's own components did run on the background thread
    assert summary.articles == n and summary.errors == 0


def test_an_article_over_the_time_limit_is_a_timeout_error(
    tmp_path: Path, settings: Settings
) -> None:
    summary = run_batch(
        [str(RAW / "ukraine-prisoner-swap.txt")], tmp_path / "out", settings, time_limit=1e-4
    )
    assert summary.articles == 0
    assert summary.shards[0].error_reasons == {"timeout": 1}


def test_reruns_two_workers_and_dask_write_byte_identical_files(
    tmp_path: Path, settings: Settings
) -> None:
    pytest.importorskip("distributed")
    inputs = tmp_path / "in"
    _jsonl_shards(inputs, 3, per=2)
    one = tmp_path / "one"
    run_batch([str(inputs)], one, settings)
    two = tmp_path / "two"
    run_batch([str(inputs)], two, settings, workers=2)
    dask = tmp_path / "dask"
    run_batch([str(inputs)], dask, settings, engine="dask", workers=2)
    for table in ("articles", "events", "mentions", "errors"):
        assert _rows(one, table) == _rows(two, table) == _rows(dask, table), table
    again = tmp_path / "again"
    run_batch([str(inputs)], again, settings)
    for shard in plan_shards([str(inputs)]):
        for table in ("articles", "events", "mentions", "errors"):
            rel = f"{table}/{shard.id}.parquet"
            first = (one / rel).read_bytes()
            assert first == (again / rel).read_bytes() == (two / rel).read_bytes()
            assert first == (dask / rel).read_bytes(), rel


def test_a_run_killed_with_sigkill_and_resumed_has_every_article_once(tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    total = _jsonl_shards(inputs, 6, per=2)
    out = tmp_path / "out"
    exe = Path(sys.executable).with_name("newsevents")
    cmd = [str(exe), "batch", str(inputs), "--out", str(out), "--typer", "lexicon"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    manifests = out / "_manifests"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(list(manifests.glob("*.json"))) < 2:
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    done_before = len(list(manifests.glob("*.json")))
    assert 2 <= done_before < 6
    subprocess.run([*cmd, "--resume"], check=True, capture_output=True)
    _, rows = query(out, "SELECT count(*), count(DISTINCT source) FROM articles_all")
    assert rows == [(total, total)]
    assert len(list(manifests.glob("*.json"))) == 6


def test_jsonl_output_without_errors_still_has_the_errors_columns(
    tmp_path: Path, settings: Settings
) -> None:
    out = tmp_path / "out"
    run_batch([str(RAW / "ukraine-prisoner-swap.txt")], out, settings, formats=("jsonl",))
    cols, rows = query(out, "SELECT reason, count(*) AS n FROM errors GROUP BY 1")
    assert cols == ["reason", "n"] and rows == []
