"""The CI gate: floors and the gold hash."""

import pytest

from extract.errors import ConfigError
from extract.evaluate import gate


def test_figures_at_or_above_floors_pass():
    base = {"gold_sha256": "abc", "floors": {"events.TC.f1": 0.5}}
    assert gate.check({"events.TC.f1": 0.5}, "abc", base) == []


def test_a_figure_below_its_floor_fails():
    base = {"gold_sha256": "abc", "floors": {"mentions.times.value.f1": 0.8}}
    (failure,) = gate.check({"mentions.times.value.f1": 0.1}, "abc", base)
    assert "below its floor" in failure


def test_changed_gold_data_fails():
    base = {"gold_sha256": "abc", "floors": {}}
    assert "gold data changed" in gate.check({}, "def", base)[0]


def test_missing_figure_fails():
    base = {"gold_sha256": "abc", "floors": {"events.AC.f1": 0.3}}
    assert "missing" in gate.check({}, "abc", base)[0]


def test_pinning_never_lowers_a_floor_silently():
    old = {"gold_sha256": "abc", "floors": {"events.TC.f1": 0.6}, "history": []}
    new = gate.pin({"events.TC.f1": 0.5}, "abc", old)
    assert new["floors"]["events.TC.f1"] == 0.6


def test_lowering_a_floor_needs_a_reason():
    old = {"gold_sha256": "abc", "floors": {"events.TC.f1": 0.6}, "history": []}
    with pytest.raises(ConfigError):
        gate.pin({"events.TC.f1": 0.5}, "abc", old, allow_lower=True)
    new = gate.pin({"events.TC.f1": 0.5}, "abc", old, allow_lower=True, reason="new gold articles")
    assert new["floors"]["events.TC.f1"] == 0.48
    assert new["history"][-1]["reason"] == "new gold articles" and new["history"][-1]["lowered"]


def test_pinning_raises_floors_to_figures_less_margin():
    new = gate.pin({"events.TC.f1": 0.9}, "abc", {"floors": {"events.TC.f1": 0.6}})
    assert new["floors"]["events.TC.f1"] == 0.88


def test_a_new_headline_figure_absent_from_the_baseline_does_not_fail():
    base = {"gold_sha256": "abc", "floors": {"events.TC.f1": 0.5}}
    figures = {"events.TC.f1": 0.6, "events.dyad.accuracy": 0.0,
               "mentions.actors.sector.accuracy": 0.1}  # fmt: skip
    assert gate.check(figures, "abc", base) == []
