"""The newsevents command line, run in-process with typer's runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from extract.cli import app

REPO = Path(__file__).resolve().parents[2]
runner = CliRunner()

TEXT = (
    "KABUL, April 2, 2020 (Newswire) - Afghanistan on Thursday began releasing 100 Taliban "
    "prisoners in exchange for 20 soldiers, officials said. Talks were held in Kabul on Tuesday."
)


def test_schema_prints_json_schema():
    res = runner.invoke(app, ["schema"])
    assert res.exit_code == 0
    assert "ArticleResult" in json.loads(res.stdout)["$defs"]


def test_help_explains_the_commands():
    res = runner.invoke(app, ["--help"])
    assert res.exit_code == 0 and "extract" in res.stdout and "schema" in res.stdout


def test_bad_published_date_is_a_usage_error(tmp_path):
    f = tmp_path / "a.txt"
    f.write_text(TEXT)
    res = runner.invoke(app, ["extract", str(f), "--published", "the day after"])
    assert res.exit_code == 2
    assert "published" in res.stderr and "Traceback" not in res.output


@pytest.mark.slow
def test_extract_writes_one_json_record_per_line(tmp_path):
    f = tmp_path / "a.txt"
    f.write_text(TEXT)
    res = runner.invoke(app, ["extract", str(f), "--format", "jsonl"])
    assert res.exit_code == 0, res.output
    (line,) = res.stdout.strip().splitlines()
    rec = json.loads(line)
    assert rec["article"]["published"] == "2020-04-02"
    assert rec["article"]["published_source"] == "dateline"
    assert any(e["type"] == "RETREAT" and e["date"] == "2020-04-02" for e in rec["events"])


@pytest.mark.slow
def test_stdin_input_and_json_array_output():
    res = runner.invoke(
        app, ["extract", "-", "--format", "json", "--published", "2020-04-02"], input=TEXT
    )
    assert res.exit_code == 0, res.output
    (rec,) = json.loads(res.stdout)
    assert rec["article"]["published_source"] == "given"


@pytest.mark.slow
def test_table_output_shows_events():
    res = runner.invoke(
        app,
        ["extract", str(REPO / "data" / "raw" / "ukraine-prisoner-swap.txt"), "--format", "table"],
    )
    assert res.exit_code == 0, res.output
    assert "RETREAT" in res.stdout and "published: 2022-12-07 (dateline)" in res.stdout


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("empty.txt", b"", "empty"),
        ("junk.txt", bytes(range(256)) * 8, "binary"),
        ("nav.html", b"<html><body><nav><a href='/'>Home</a></nav></body></html>", "no_article"),
    ],
)
def test_bad_input_gives_a_clear_message_and_nonzero_exit(tmp_path, name, content, reason):
    f = tmp_path / name
    f.write_bytes(content)
    res = runner.invoke(app, ["extract", str(f), "--format", "jsonl"])
    assert res.exit_code == 1
    assert "Traceback" not in res.output
    assert json.loads(res.stdout.strip())["reason"] == reason
    assert "rejected" in res.stderr


@pytest.mark.slow
def test_one_bad_file_does_not_stop_the_others(tmp_path):
    (tmp_path / "a.txt").write_text(TEXT)
    (tmp_path / "b.txt").write_bytes(b"")
    res = runner.invoke(app, ["extract", str(tmp_path), "--format", "jsonl"])
    assert res.exit_code == 1
    kinds = ["reason" in json.loads(line) for line in res.stdout.strip().splitlines()]
    assert sorted(kinds) == [False, True]


@pytest.mark.slow
def test_show_writes_a_page_with_the_events_and_the_rejected_inputs(tmp_path):
    good = tmp_path / "a.txt"
    good.write_text(TEXT)
    bad = tmp_path / "b.txt"
    bad.write_text("   ")
    page = tmp_path / "view.html"
    res = runner.invoke(app, ["show", str(good), str(bad), "--html", str(page)])
    assert res.exit_code == 1  # one input rejected, and shown on the page
    html = page.read_text(encoding="utf-8")
    assert 'class="card"' in html and "RETREAT" in html and "empty" in html


@pytest.mark.slow
def test_report_writes_the_batch_report_and_its_article_views(tmp_path):
    out = tmp_path / "out"
    res = runner.invoke(app, ["batch", str(REPO / "data" / "raw"), "--out", str(out)])
    assert res.exit_code == 0, res.output
    page = tmp_path / "report.html"
    res = runner.invoke(app, ["report", str(out), "--html", str(page), "--sample", "3"])
    assert res.exit_code == 0, res.output
    assert "<svg" in page.read_text(encoding="utf-8")
    assert len(list((tmp_path / "report_views").glob("*.html"))) >= 1


def test_field_and_date_order_options_read_a_csv_of_other_column_names(tmp_path):
    f = tmp_path / "export.csv"
    f.write_text(f'story_body,pub\n"{TEXT}",03/04/2020\n', encoding="utf-8")
    fields = ["--field", "text=story_body", "--field", "published=pub"]
    res = runner.invoke(
        app, ["extract", str(f), "--format", "jsonl", *fields, "--date-order", "DMY"]
    )
    assert res.exit_code == 0, res.output
    [record] = [json.loads(line) for line in res.stdout.splitlines()]
    assert record["article"]["published"] == "2020-04-03"
    assert record["article"]["published_raw"] == "03/04/2020"


@pytest.mark.parametrize("given", ["text", "body=story", "=story"])
def test_a_malformed_field_option_is_a_usage_error(tmp_path, given):
    f = tmp_path / "a.txt"
    f.write_text(TEXT)
    res = runner.invoke(app, ["extract", str(f), "--field", given])
    assert res.exit_code == 2 and "--field" in res.stderr
