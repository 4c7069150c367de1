"""Our annotation authoring format compiles to validated gold records."""

import pytest

from extract.errors import InputError
from extract.evaluate.authoring import compile_article, sentence_spans

DOC = {
    "id": "dev-99-test",
    "published": "2020-04-02",
    "text": "KABUL, April 2, 2020 (Wire) — Rebels attacked Kabul on Sunday.\n\nRebels said Kabul was next.",
    "times": [{"text": "Sunday", "value": "2020-03-29", "type": "DATE"}],
    "places": [{"text": "Kabul", "nth": 2, "country_code": "AFG", "kind": "city"}],
    "actors": [
        {"text": "Rebels", "nth": 1, "canonical": "rebels", "kind": "armed_group"},
        {"text": "Rebels", "nth": 2, "canonical": "rebels", "kind": "armed_group"},
    ],
    "events": [
        {
            "type": "ASSAULT",
            "trigger": "attacked",
            "status": "asserted",
            "date": "2020-03-29",
            "arguments": [
                {"role": "source", "mention": "actors:Rebels#1"},
                {"role": "place", "mention": "places:Kabul#2"},
            ],
        }
    ],
}


def test_nth_occurrence_gives_the_right_offsets():
    res = compile_article(DOC)
    kabul = res.places[0]
    assert res.article.text[kabul.start : kabul.end] == "Kabul"
    assert kabul.start == DOC["text"].find("Kabul", DOC["text"].find("Kabul") + 1)


def test_arguments_resolve_to_mention_ids_and_sentence_is_set():
    res = compile_article(DOC)
    (ev,) = res.events
    assert [(a.role, a.ref) for a in ev.arguments] == [("source", "a1"), ("place", "p1")]
    assert (
        ev.sentence.text == "Rebels attacked Kabul on Sunday."
        or "Rebels attacked" in ev.sentence.text
    )


def test_a_missing_occurrence_is_a_clear_error():
    bad = {**DOC, "places": [{"text": "Kabul", "nth": 5, "country_code": "AFG"}]}
    with pytest.raises(InputError, match="occurrence 5"):
        compile_article(bad)


def test_an_argument_naming_no_mention_is_a_clear_error():
    bad = {
        **DOC,
        "events": [
            {
                "type": "ASSAULT",
                "trigger": "attacked",
                "arguments": [{"role": "source", "mention": "actors:Nobody"}],
            }
        ],
    }
    with pytest.raises(InputError, match="names no annotated mention"):
        compile_article(bad)


def test_sentences_split_at_punctuation_and_paragraphs():
    text = 'He said. "We won," she said.\n\nNew paragraph'
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "He said.",
        '"We won," she said.',
        "New paragraph",
    ]


def test_actor_sector_and_country_basis_are_read_into_the_mention():
    actors = [
        {"text": "Rebels", "canonical": "rebels", "kind": "armed_group", "sector": "armed_group",
         "country_code": "AFG", "country_basis": "context"},
        {"text": "Rebels", "nth": 2, "canonical": "rebels", "kind": "armed_group"},
    ]  # fmt: skip
    first, second = compile_article({**DOC, "actors": actors}).actors
    assert (first.sector, first.country_basis) == ("armed_group", "context")
    assert (second.sector, second.country_basis) == ("unknown", "unknown")


def test_actor_arguments_of_gold_events_stay_uncoded_the_mention_holds_the_truth():
    (ev,) = compile_article(DOC).events
    assert all(a.entity is None and a.country_code is None and a.sector is None
               for a in ev.arguments)  # fmt: skip


def test_a_misspelt_sector_is_a_clear_error_naming_the_mention():
    bad = {**DOC, "actors": [{"text": "Rebels", "canonical": "rebels", "sector": "rebels"}]}
    with pytest.raises(InputError, match=r"actors\[0\] 'Rebels': sector"):
        compile_article(bad)
