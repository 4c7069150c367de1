"""The hostile-input corpus (scripts/make_hostile_corpus.py) through a batch run: every
input gives an error record with a reason or a sensible article, nothing crashes or
hangs, and the good records around each bad one are all processed."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from extract import Settings
from extract.batch.outcomes import outcomes
from extract.batch.runner import run_batch

REPO = Path(__file__).resolve().parents[2]


def _corpus_module():
    spec = importlib.util.spec_from_file_location(
        "make_hostile_corpus", REPO / "scripts" / "make_hostile_corpus.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def corpus_run(tmp_path_factory: pytest.TempPathFactory):
    mod = _corpus_module()
    src = mod.build(tmp_path_factory.mktemp("hostile"), huge=True)
    out = tmp_path_factory.mktemp("out")
    cache = tmp_path_factory.mktemp("cache")
    summary = run_batch([str(src)], out, Settings(cache_dir=str(cache)), formats=("jsonl",),
                        time_limit=60.0)  # fmt: skip
    return mod, src, out, summary


def test_committed_corpus_is_what_the_script_writes():
    mod = _corpus_module()
    committed = REPO / "tests" / "fixtures" / "hostile"
    for name, data in mod.files().items():
        assert (committed / name).read_bytes() == data, name


def test_every_hostile_input_gives_its_expected_records(corpus_run):
    mod, _src, out, _summary = corpus_run
    got = outcomes(out)
    expected = {**mod.EXPECTED, mod.HUGE_NAME: mod.HUGE_EXPECTED}
    assert set(got) == set(expected)
    for name, want in expected.items():
        have = got[name]
        assert len(have) == len(want), (name, have)
        for h, w in zip(have, want, strict=True):
            assert h in (w if isinstance(w, tuple) else (w,)), (name, have)


def test_nothing_crashes_hangs_or_goes_missing(corpus_run):
    mod, _src, out, summary = corpus_run
    reasons = [json.loads(line)["reason"] for f in (out / "errors").glob("*.jsonl")
               for line in f.read_text().split("\n") if line]  # fmt: skip
    assert "internal_error" not in reasons
    assert "timeout" not in reasons
    records = sum(len(w) for w in mod.EXPECTED.values()) + len(mod.HUGE_EXPECTED)
    assert summary.articles + summary.errors == records


def test_good_articles_between_bad_inputs_keep_their_events(corpus_run):
    _mod, _src, out, _summary = corpus_run
    rows = [json.loads(line) for f in (out / "articles").glob("*.jsonl")
            for line in f.read_text().split("\n") if line]  # fmt: skip
    names = {"02-good.txt", "11-good.html"}
    good = {Path(r["source"]).name: r["n_events"] for r in rows}
    good = {k: v for k, v in good.items() if k in names}
    assert set(good) == names
    assert all(n >= 2 for n in good.values())
