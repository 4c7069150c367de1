"""No exception but a NewsEventsError leaves a component: the bugs awkward text used to
trigger, and the guard that turns any other failure into a ComponentError."""

from __future__ import annotations

import datetime as dt

import pytest
import spacy
from spacy.language import Language
from spacy.tokens import Doc

from extract.errors import ComponentError, InputError, NewsEventsError
from extract.nlp import pipeline as pipeline_module
from extract.nlp import times as times_module
from extract.nlp.events import EventsComponent, _clause_tokens, end_of_duration
from extract.nlp.extensions import register_extensions
from extract.nlp.numscan import scan_numbers
from extract.nlp.place_syntax import is_actor_use
from extract.nlp.syntax import sentence, sentences
from extract.nlp.times import TimesComponent
from extract.nlp.timex import normalize

register_extensions()


@pytest.fixture(scope="module")
def blank() -> Language:
    return spacy.blank("en")


def _offsets_hold(res) -> None:
    body = res.article.text
    for group in (res.times, res.quantities, res.places, res.actors):
        for m in group:
            assert 0 <= m.start < m.end <= len(body)
            assert body[m.start : m.end] == m.text


# --- the crash and its class, through the whole pipeline ------------------------


@pytest.mark.slow
def test_a_bracket_inside_a_token_of_an_entity_does_not_crash(extractor):
    text = "Shares of Acme Holdings(Nigeria rose on Monday, officials of the company said."
    res = extractor.process(text, published="2020-01-01")
    _offsets_hold(res)
    # cut at the bracket: the token holding it goes with it
    assert all("(" not in a.text for a in res.actors)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "published"),
    [
        # date arithmetic off the calendar (timex, times, events)
        ("The army said 99999999999 days ago police killed 20 people.", "2020-01-01"),
        ("Police said the talks will resume tomorrow in Kabul.", "9999-12-31"),
        ("Police said the attack happened yesterday in Kabul.", "0001-01-01"),
        ("Police said Christmas 0000 was when the army killed 20 people.", "2020-01-01"),
        ("Police said the army would withdraw within 99999999999 weeks, officials said.", None),
        ("The army would withdraw within 99999999999 weeks, officials said.", "2020-01-01"),
        # case-insensitive matches that are no table key (numscan, places)
        ("Police said the government paid 4 MİLLİON dollars to the rebels.", "2020-01-01"),
        ("Police said 3 thouſand euros were paid to the rebels.", "2020-01-01"),
        ("Police said TWO-THİRDS of the soldiers were killed by the army.", "2020-01-01"),
        ("Police said the army moved ſouth of the capital, Kabul, and killed 20.", "2020-01-01"),
        # digits int() and float() do not read, numbers too large for a float
        ("Police said one in ² people in Kabul were killed by the army.", "2020-01-01"),
        ("Police said they paid 1×10^999 dollars to the rebels in Kabul.", "2020-01-01"),
        ("Police said " + "9" * 400 + " trillion dollars were paid to the rebels.", "2020-01-01"),
    ],
)
def test_awkward_text_gives_a_result(extractor, text, published):
    res = extractor.process(text, published=published)
    _offsets_hold(res)
    for q in res.quantities:
        assert q.value is None or abs(q.value) < float("inf")


# --- the bugs, one by one, without a model -----------------------------------------------


def test_the_normaliser_reads_nothing_off_the_calendar():
    assert normalize("tomorrow", dt.date.max) is None
    assert normalize("yesterday", dt.date.min) is None
    assert normalize("next week", dt.date.max) is None
    assert normalize("99999999999 days ago", dt.date(2020, 1, 1)) is None
    assert normalize("Christmas 0000", dt.date(2020, 1, 1)) is None
    assert normalize("tomorrow", dt.date(2020, 1, 1)).value == "2020-01-02"  # type: ignore[union-attr]


def test_a_deadline_past_the_calendar_has_no_end():
    pub = dt.date(2020, 4, 2)
    assert end_of_duration(pub, "P99999999999W") is None
    assert end_of_duration(pub, "P99999999999D") is None
    assert end_of_duration(pub, "P99999999Y") is None
    assert end_of_duration(pub, "P999999999M") is None
    assert end_of_duration(pub, "P2W") == "2020-04-16"


@pytest.mark.parametrize(
    "text",
    [
        "paid 4 MİLLİON dollars",  # "İ" matches "i" case-insensitively, and lower() is no key
        "paid 3 thouſand euros",  # and "ſ" matches "s"
        "TWO-THİRDS of the soldiers",
        "one in ² people",  # isdigit() but not a digit float() reads
        "1×10^999 kilograms",
        "9" * 400 + " trillion",
    ],
)
def test_the_number_scanner_reads_awkward_numbers_without_raising(text):
    for hit in scan_numbers(text):
        assert abs(hit.value) < float("inf")


def test_an_unreadable_digit_date_is_no_bare_number(blank):
    doc = Doc(blank.vocab, words=["In", "²²²²", "police", "met"], ents=["O", "B-DATE", "O", "O"])
    doc = TimesComponent(blank, "times")(doc)
    assert doc._.times == []


def _chain(blank: Language, n: int) -> Doc:
    """ "Kabul , Kabul , ... Kabul": each name a conjunct of the one before it, the parse
    as deep as the doc is long."""
    words = ["Kabul" if i % 2 == 0 else "," for i in range(2 * n - 1)]
    heads = [max(i - 2, 0) if i % 2 == 0 else i - 1 for i in range(len(words))]
    deps = ["ROOT"] + ["conj" if i % 2 == 0 else "punct" for i in range(1, len(words))]
    pos = ["PROPN" if i % 2 == 0 else "PUNCT" for i in range(len(words))]
    return Doc(blank.vocab, words=words, heads=heads, deps=deps, pos=pos)


def test_a_parse_deeper_than_the_python_stack_is_read(blank):
    doc = _chain(blank, 3000)
    assert is_actor_use(doc[-1:]) is False
    assert len(_clause_tokens([doc[0]])) == len(doc)


def test_a_doc_without_sentence_boundaries_is_one_sentence(blank):
    doc = Doc(blank.vocab, words=["Police", "met", ".", "Rebels", "left", "."])
    assert sentence(doc[4]) == doc[:] and list(sentences(doc)) == [doc[:]]
    doc = Doc(blank.vocab, words=["a", "b", "c", "d"], sent_starts=[True, False, True, False])
    assert sentence(doc[3]).start == 2 and len(list(sentences(doc))) == 2


# --- the guard ---------------------------------------------------------------------------


def _boom(*args: object, **kwargs: object) -> None:
    raise RuntimeError("boom")


def test_the_guard_turns_an_injected_error_into_a_component_error(blank, monkeypatch):
    monkeypatch.setattr(times_module, "_refine_year_back", _boom)
    doc = blank("Police met rebels in Kabul on Monday, officials said.")
    with pytest.raises(ComponentError) as caught:
        TimesComponent(blank, "times")(doc)
    err = caught.value
    assert isinstance(err, NewsEventsError) and err.reason == "internal_error"
    assert err.component == "times"
    assert "'times'" in str(err) and "Police met rebels in Kabul" in str(err)
    assert "RuntimeError: boom" in str(err)
    assert isinstance(err.__cause__, RuntimeError)


def test_the_guard_names_at_most_sixty_characters_of_the_doc(blank, monkeypatch):
    monkeypatch.setattr(times_module, "_refine_year_back", _boom)
    doc = blank("Police met rebels " + "again and again " * 20 + "THE END")
    with pytest.raises(ComponentError) as caught:
        TimesComponent(blank, "times")(doc)
    assert "THE END" not in str(caught.value)


def test_a_key_error_is_no_spacy_initialize_error(monkeypatch):
    # spaCy turns a KeyError from a component into E109 ("did you forget to call
    # initialize()?"); the guard's error reaches the caller instead
    nlp = spacy.blank("en")
    nlp.add_pipe("newsevents_times", name="times")

    def missing(*args: object) -> None:
        raise KeyError("no such word")

    monkeypatch.setattr(times_module, "_refine_year_back", missing)
    with pytest.raises(ComponentError) as caught:
        nlp("Police met rebels on Monday.")
    assert isinstance(caught.value.__cause__, KeyError)


def test_our_own_errors_pass_the_guard_unchanged(blank, monkeypatch):
    def refuse(*args: object) -> None:
        raise InputError("not for us")

    monkeypatch.setattr(times_module, "_refine_year_back", refuse)
    with pytest.raises(InputError) as caught:
        TimesComponent(blank, "times")(blank("Police met rebels on Monday."))
    assert not isinstance(caught.value, ComponentError)


def test_the_guard_of_a_function_component(blank, monkeypatch):
    monkeypatch.setattr(pipeline_module, "dateline_end", _boom)
    with pytest.raises(ComponentError) as caught:
        pipeline_module.paragraphs(blank("KABUL, Jan. 2 - Police met rebels."))
    assert caught.value.component == "paragraphs"


def test_the_guard_of_pipe_names_the_doc_that_failed(blank, monkeypatch):
    component = EventsComponent(blank, "events")  # the lexicon typer: no model
    real = EventsComponent._events

    def fail_on_second(self, doc, typed):
        if doc.text.startswith("Second"):
            raise IndexError("past the end")
        return real(self, doc, typed)

    monkeypatch.setattr(EventsComponent, "_events", fail_on_second)
    docs = [blank(t) for t in ("First doc.", "Second doc.", "Third doc.")]
    out = component.pipe(iter(docs), batch_size=2)
    assert next(out) is docs[0]
    with pytest.raises(ComponentError) as caught:
        next(out)
    assert "Second doc." in str(caught.value) and "First" not in str(caught.value)
    assert isinstance(caught.value.__cause__, IndexError)


def test_the_guard_of_pipe_leaves_what_the_stream_raises(blank):
    component = EventsComponent(blank, "events")

    def stream():
        yield blank("First doc.")
        raise ValueError("the caller's own generator")

    with pytest.raises(ValueError, match="the caller's own generator"):
        list(component.pipe(stream(), batch_size=1))


def test_the_guard_of_pipe_gives_every_doc_back(blank):
    docs = [blank(f"Police killed {n} people.") for n in range(5)]
    assert list(EventsComponent(blank, "events").pipe(docs, batch_size=2)) == docs


@pytest.mark.slow
def test_the_pipeline_raises_a_component_error_for_an_injected_bug(extractor, monkeypatch):
    from extract.nlp import actors as actors_module

    def broken(span: object) -> object:
        raise IndexError("span index out of range")

    monkeypatch.setattr(actors_module, "_strip_the", broken)
    text = "The Taliban said on Monday that they released 20 prisoners in Kabul."
    with pytest.raises(ComponentError) as caught:
        extractor.process(text, published="2020-01-01")
    assert caught.value.component == "actors" and caught.value.reason == "internal_error"
    assert "The Taliban said" in str(caught.value)


def test_every_component_is_guarded():
    from extract.nlp.actors import ActorsComponent
    from extract.nlp.places import PlacesComponent
    from extract.nlp.quantities import QuantitiesComponent

    for cls in (TimesComponent, QuantitiesComponent, PlacesComponent, ActorsComponent):
        assert hasattr(cls.__call__, "__wrapped__"), cls
    assert hasattr(EventsComponent.__call__, "__wrapped__")
    assert hasattr(EventsComponent.pipe, "__wrapped__")
    assert hasattr(pipeline_module.paragraphs, "__wrapped__")


@pytest.mark.slow
def test_a_lone_surrogate_becomes_a_replacement_character_not_a_crash(extractor) -> None:
    from extract.records import Article

    text = "Police in \ud800Kabul arrested 12 people on Monday, officials said."
    result = extractor.process(text, published="2020-01-01")
    assert "\ud800" not in result.article.text
    assert len(result.article.text) == len(text)
    result.model_dump_json()  # writable
    (batched,) = extractor.process_articles([Article(id="s1", text=text, language="en")])
    assert batched.article.text == result.article.text
