"""The evaluation page and the printed report show the actor-coding and dyad figures."""

from __future__ import annotations

from extract import cli
from extract.evaluate.corpus import GoldDoc
from extract.evaluate.html import render
from extract.evaluate.scorer import score
from extract.records import ActorMention, Argument, Article, ArticleResult, Event, Span

TEXT = "Rebels attacked soldiers."


def _result(sector: str = "armed_group") -> ArticleResult:
    actors = [
        ActorMention(id="a1", start=0, end=6, text="Rebels", name="Rebels", canonical="Taliban",
                     country_code="AFG", sector=sector),
        ActorMention(id="a2", start=16, end=24, text="soldiers", name="soldiers",
                     canonical="Afghanistan military", country_code="AFG", sector="military"),
    ]  # fmt: skip
    event = Event(
        id="e1",
        type="ASSAULT",
        trigger=Span(start=7, end=15, text="attacked"),
        sentence=Span(start=0, end=len(TEXT), text=TEXT),
        arguments=[
            Argument(role="source", ref="a1", text="Rebels"),
            Argument(role="target", ref="a2", text="soldiers"),
        ],
    )
    return ArticleResult(article=Article(id="d1", text=TEXT), actors=actors, events=[event])


def _report() -> dict:
    return score([(GoldDoc(_result()), _result(sector="criminal"))])


def test_evaluation_page_has_the_actor_coding_and_dyad_figures():
    page = render(_report())
    assert "Actors and dyads, coded like event data" in page
    assert "mentions.actors.sector.accuracy" in page and "events.dyad.accuracy" in page
    assert "dyad: both countries" in page and "1/1" in page
    assert "Coded actors (span, country and sector all right)" in page
    assert '<td class="field">actors:sector</td>' in page  # the wrong sector, among the errors


def test_printed_report_has_the_actor_coding_and_dyad_lines(capsys):
    cli._print_report(_report())
    printed = " ".join(capsys.readouterr().out.split())
    assert "sector 0.500 (n=2)" in printed
    assert "coded actors" in printed and "0.500 / 0.500 / 0.500" in printed
    assert "both countries right 1.000 (n=1)" in printed
