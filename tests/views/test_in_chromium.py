"""The pages in a real browser: headless Chromium (Debian's package; `.ci/run` installs
it) renders them without console errors and shows every event card. Skipped where no
Chromium is installed."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from extract import Settings
from extract.batch.runner import run_batch
from extract.views import read_report_data, render_article, render_report

REPO = Path(__file__).resolve().parents[2]
RAW = REPO / "data" / "raw"


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if path := shutil.which(name):
            return path
    pytest.skip("no Chromium installed (apt-get install chromium)")


def _run(page: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--enable-logging=stderr", "--v=0", "--window-size=1280,1600", *args, page.as_uri()],
        capture_output=True, text=True, timeout=90, check=False,
    )  # fmt: skip


def _console(proc: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in proc.stderr.splitlines() if ":CONSOLE" in line]


def test_article_view_shows_every_card_without_console_errors(tmp_path, extractor):
    result = extractor.process((RAW / "yemen-prisoner-release.html").read_text(encoding="utf-8"))
    page = tmp_path / "view.html"
    page.write_text(render_article([result]), encoding="utf-8")
    dom = _run(page, "--virtual-time-budget=2000", "--dump-dom")
    assert _console(dom) == []
    assert 'data-ready="1"' in dom.stdout
    shown = re.search(r'data-cards-shown="(\d+)"', dom.stdout)
    assert shown is not None and int(shown.group(1)) == len(result.events) > 0
    shot = _run(page, f"--screenshot={tmp_path / 'view.png'}")
    assert _console(shot) == []
    assert (tmp_path / "view.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_batch_report_renders_without_console_errors(tmp_path):
    out = tmp_path / "out"
    run_batch([str(RAW)], out, Settings(event_typer="lexicon"), formats=("jsonl",))
    page = tmp_path / "report.html"
    page.write_text(render_report(read_report_data(out)), encoding="utf-8")
    shot = _run(page, f"--screenshot={tmp_path / 'report.png'}")
    assert _console(shot) == []
    assert (tmp_path / "report.png").stat().st_size > 10_000
