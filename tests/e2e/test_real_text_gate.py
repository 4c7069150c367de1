"""The real-text gate: the whole pipeline over every real text we hold (the public dev
corpora in ../shared/data/dev and the seed) ends in a result or a NewsEventsError with a
reason, never in any other exception or an internal error."""

from __future__ import annotations

import pytest

from extract.evaluate.realtext import CORPORA, real_texts, run_texts

pytestmark = [pytest.mark.shared, pytest.mark.slow]


@pytest.fixture(scope="module")
def gate(extractor, shared_dir, request):
    report = run_texts(extractor, real_texts(shared_dir))
    refused = report.refused_by_reason()
    lines = [
        f"real-text gate: {report.total} texts, {sum(report.ran.values())} ran, "
        f"{sum(refused.values())} refused ({', '.join(f'{r} {n}' for r, n in refused.most_common()) or 'none'}), "
        f"{len(report.crashes)} crashed",
        "  by corpus: "
        + ", ".join(
            f"{c} {report.ran[c]}"
            + (f" (+{sum(report.refused[c].values())} refused)" if c in report.refused else "")
            for c in [*CORPORA, "seed"]
        ),
    ]
    request.config.pluginmanager.register(_Summary(lines), "real-text-gate-summary")
    return report


class _Summary:
    """Prints the gate's counts at the end of the test run, passed or not."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def pytest_terminal_summary(self, terminalreporter) -> None:
        for line in self.lines:
            terminalreporter.write_line(line)


def test_no_real_text_crashes_the_pipeline(gate):
    assert gate.crashes == []


def test_every_corpus_and_the_seed_ran(gate):
    for corpus in [*CORPORA, "seed"]:
        assert gate.ran[corpus] > 0, corpus


def test_almost_every_real_text_is_processed_not_refused(gate):
    # real English news: a refusal is a rare, explained exception (one in a hundred at most)
    assert sum(gate.refused_by_reason().values()) <= gate.total // 100
