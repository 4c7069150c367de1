"""Importers of public gold formats, on tiny invented fixtures and (when ../shared is
present) on the real development sets."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from extract.evaluate.corpus import GoldDoc
from extract.evaluate.importers import LOADERS, meantime, newsquant, rams, timeml, wikievents
from extract.evaluate.importers.event_types import map_event_type, map_role
from extract.records import PLOVER_TYPES
from extract.tables import load_table

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "evaluate"
DEV = REPO.parent / "shared" / "data" / "dev"


def _check_offsets(docs: list[GoldDoc]) -> None:
    """Every mention, trigger and sentence covers its own text; every argument resolves."""
    for d in docs:
        r = d.result
        text = r.article.text
        for group in (r.times, r.quantities, r.places, r.actors):
            for m in group:
                if d.quantity_offsets or m not in r.quantities:
                    assert text[m.start : m.end] == m.text, (r.article.id, m)
        for ev in r.events:
            assert text[ev.trigger.start : ev.trigger.end] == ev.trigger.text
            assert text[ev.sentence.start : ev.sentence.end] == ev.sentence.text
            assert ev.sentence.start <= ev.trigger.start < ev.trigger.end <= ev.sentence.end
            for a in ev.arguments:
                m = r.mention(a.ref)
                assert m is not None and m.text == a.text


def _ids_are_numbered(docs: list[GoldDoc]) -> None:
    for d in docs:
        r = d.result
        for prefix, group in (("t", r.times), ("q", r.quantities), ("p", r.places)):
            assert [m.id for m in group] == [f"{prefix}{i}" for i in range(1, len(group) + 1)]
        assert [m.id for m in r.actors] == [f"a{i}" for i in range(1, len(r.actors) + 1)]
        assert [e.id for e in r.events] == [f"e{i}" for i in range(1, len(r.events) + 1)]


def test_loaders_cover_the_public_formats() -> None:
    assert set(LOADERS) == {
        "timeml", "meantime", "newsquant", "wikievents", "rams", "geowebnews", "ecbplus"
    }  # fmt: skip


@pytest.mark.parametrize("fmt", ["timeml", "meantime", "newsquant", "wikievents", "rams"])
def test_fixture_mentions_cover_their_text_and_ids_are_numbered(fmt: str) -> None:
    docs = LOADERS[fmt](FIXTURES / fmt)
    assert docs
    _check_offsets(docs)
    _ids_are_numbered(docs)


# --- TimeML ---


def test_timeml_text_is_the_text_element_without_tags() -> None:
    (doc,) = timeml.load(FIXTURES / "timeml" / "TimeBank" / "FIX0001.tml")
    a = doc.result.article
    assert a.id == "FIX0001"
    assert a.title == "Harbour crane topples"
    assert a.text == (
        "\nA crane toppled at the Orla harbour Tuesday & work stopped for about two days.\n"
    )


def test_timeml_times_keep_value_type_and_mod_and_the_dct_is_the_publication_date() -> None:
    (doc,) = timeml.load(FIXTURES / "timeml" / "TimeBank" / "FIX0001.tml")
    r = doc.result
    assert r.article.published == dt.date(2021, 3, 4)
    assert r.article.published_source.value == "given"
    assert [(t.id, t.text, t.value, t.type, t.mod, t.role) for t in r.times] == [
        ("t1", "Tuesday", "2021-03-02", "DATE", None, None),
        ("t2", "about two days", "P2D", "DURATION", "APPROX", None),
    ]
    assert doc.scope == frozenset({"times"})


def test_timeml_folder_loads_every_tml_file_and_reads_a_dct_with_a_clock_time() -> None:
    docs = timeml.load(FIXTURES / "timeml")
    by_id = {d.result.article.id: d for d in docs}
    assert set(by_id) == {"FIX0001", "FIX0002"}
    assert by_id["FIX0002"].result.article.published == dt.date(2021, 3, 5)
    assert by_id["FIX0002"].result.times == []


# --- MEANTIME ---


def _meantime() -> GoldDoc:
    (doc,) = meantime.load(FIXTURES / "meantime")
    return doc


def test_meantime_text_is_one_line_per_sentence_without_tokeniser_spaces() -> None:
    a = _meantime().result.article
    assert a.text == (
        "Ferry firm buys harbour\n"
        "March 3, 2021\n"
        "Lumen Ferries paid $25 million for the harbour in Port Avel on Monday.\n"
        "Its chief, Ada Brenner, said about 40 staff will move in a 2nd wave."
    )
    assert a.title == "Ferry firm buys harbour"
    assert a.url == "http://example.org/wiki/Ferry_firm_buys_harbour"


def test_meantime_dct_is_the_publication_date_and_its_printed_line_a_gold_time() -> None:
    doc = _meantime()
    assert doc.result.article.published == dt.date(2021, 3, 3)
    # Wikinews prints the DCT as a line of text: annotated there, so gold; a time
    # anchored to no token is not
    assert [(t.text, t.value) for t in doc.result.times] == [
        ("March 3, 2021", "2021-03-03"),
        ("Monday", "2021-03-01"),
    ]


def test_meantime_entities_become_places_and_actors_but_not_pronouns_or_products() -> None:
    doc = _meantime()
    r = doc.result
    assert [(a.text, a.canonical, a.kind) for a in r.actors] == [
        ("Ferry firm", "Ferry firm", "organisation"),
        ("Lumen Ferries", "Lumen Ferries", "organisation"),
        ("Ada Brenner", "Ada Brenner", "person"),
    ]
    assert [(p.name, p.kind, p.country_code) for p in r.places] == [("Port Avel", "unknown", None)]
    assert doc.meta["skipped_entity_mentions"] == {"PRO": 1}
    assert doc.scope == frozenset({"times", "places", "actors", "quantities"})


def test_meantime_values_that_read_as_numbers_become_quantities() -> None:
    doc = _meantime()
    got = [(q.text, q.value, q.approximate, q.unit) for q in doc.result.quantities]
    assert got == [("$25 million", 25_000_000.0, False, "USD"), ("about 40", 40.0, True, None)]
    assert doc.meta["unread_values"] == ["2nd"]
    assert doc.meta["event_mention_count"] == 1
    assert doc.meta["participant_links"] == 1


def test_meantime_event_mentions_carry_their_factuality_as_our_status() -> None:
    doc = _meantime()
    text = doc.result.article.text
    (m,) = doc.meta["event_status"]
    assert (text[m["start"] : m["end"]], m["status"]) == ("paid", "asserted")


@pytest.mark.parametrize(
    ("attrib", "status"),
    [
        ({"polarity": "NEG", "certainty": "CERTAIN", "time": "NON_FUTURE"}, "negated"),
        ({"polarity": "POS", "certainty": "POSSIBLE", "time": "FUTURE"}, "hypothetical"),
        ({"polarity": "POS", "certainty": "PROBABLE", "time": "NON_FUTURE"}, "hypothetical"),
        ({"polarity": "POS", "certainty": "CERTAIN", "time": "FUTURE"}, "future"),
        ({"polarity": "POS", "certainty": "CERTAIN", "time": "NON_FUTURE"}, "asserted"),
        ({"polarity": "POS", "certainty": "UNDERSPECIFIED", "time": "NON_FUTURE"}, None),
        ({"polarity": "", "certainty": "", "time": ""}, None),
    ],
)
def test_meantime_factuality_maps_to_our_status(attrib, status) -> None:
    assert meantime.mention_status(attrib) == status


def test_a_meantime_corpus_is_scored_without_the_coreference_metric(extractor) -> None:
    from extract.evaluate.run import evaluate

    class Echo:  # returns the gold itself: scoring runs, perfectly
        nlp = extractor.nlp  # the status rules read the gold event words with our parse

        def process_articles(self, articles):  # type: ignore[no-untyped-def]
            return (doc.result for doc in docs for _ in [next(articles)])

    docs = [_meantime()]
    report = evaluate(docs, Echo())  # type: ignore[arg-type]
    assert "coref" not in report
    assert report["mentions"]["places"]["relaxed"]["f1"] == 1.0
    # the gold has no events of ours to compare; the rules read "paid" as asserted
    assert report["event_status"]["n"] == 0
    assert report["event_status"]["gold_triggers"]["accuracy"] == 1.0


# --- NewsQuant ---


def _newsquant() -> list[GoldDoc]:
    return newsquant.load(FIXTURES / "newsquant" / "fix-newsquant.json")


def test_newsquant_gives_one_document_per_sentence_and_quantities_without_offsets() -> None:
    docs = _newsquant()
    assert len(docs) == 4
    assert len({d.result.article.id for d in docs}) == 4
    for d in docs:
        assert d.scope == frozenset({"quantities"})
        assert d.quantity_offsets is False
        assert d.result.article.published is None
        assert all((q.start, q.end, q.text) == (0, 0, "") for q in d.result.quantities)
    assert docs[3].result.quantities == []


def test_newsquant_change_becomes_bounds_and_the_raw_changes_stay_in_meta() -> None:
    first, second, _, _ = _newsquant()
    rows = [
        (q.value, q.lower, q.upper, q.approximate)
        for d in (first, second)
        for q in d.result.quantities
    ]
    assert rows == [
        (12.0, None, None, False),  # "up": a direction, not a bound
        (3000.0, None, None, True),  # "~"
        (40.0, 40.0, None, False),  # ">"
        (2_000_000.0, None, 2_000_000.0, False),  # "<"
    ]
    assert first.meta["changes"] == ["up", "~"]
    assert second.meta["changes"] == [">", "<"]


def test_newsquant_units_use_our_codes_for_money_and_percent_and_concepts_are_counted() -> None:
    first, second, _, _ = _newsquant()
    assert [(q.unit, q.counted) for q in first.result.quantities] == [
        ("percent", "ticket sales"),
        (None, "tickets"),
    ]
    assert [(q.unit, q.counted) for q in second.result.quantities] == [
        ("metre", "Avel tower"),
        ("USD", None),
    ]
    assert second.meta["units"] == ["metres", "$"]


def test_newsquant_normalised_weight_is_not_read_as_a_currency(tmp_path: Path) -> None:
    path = tmp_path / "weights.json"
    item = {"change": "=", "value": "12", "unit": "pounds", "normalized_unit": "pound-mass"}
    money = {"change": "=", "value": "9", "unit": "pounds", "normalized_unit": "pound sterling"}
    text = "The Orla cat weighs 12 pounds and its basket cost 9 pounds."
    path.write_text(json.dumps([{"text": text, "quantities": [item, money]}]))
    (doc,) = newsquant.load(path)
    assert [q.unit for q in doc.result.quantities] == ["pound-mass", "GBP"]


def test_newsquant_range_value_gets_both_bounds() -> None:
    (q,) = _newsquant()[2].result.quantities
    assert (q.value, q.lower, q.upper) == (1.5, 1.5, 2.0)


# --- event types ---


def test_event_type_is_mapped_by_its_longest_prefix() -> None:
    bombing = map_event_type("kairos", "Conflict.Attack.DetonateExplode")
    attack = map_event_type("kairos", "Conflict.Attack.Unspecified")
    assert bombing is not None and (bombing.type, bombing.subtype) == ("ASSAULT", "bombing")
    assert attack is not None and (attack.type, attack.subtype) == ("ASSAULT", "attack")
    assert map_event_type("kairos", "Movement.Transportation.Unspecified") is None


def test_a_null_entry_stops_the_prefix_search() -> None:
    assert map_event_type("aida", "life.die.n/a") is not None
    assert map_event_type("aida", "life.die.nonviolentdeath") is None


def test_roles_map_through_the_shared_table_and_type_overrides() -> None:
    threat = map_event_type("aida", "contact.threatencoerce.broadcast")
    aid = map_event_type("aida", "transaction.transfermoney.giftgrantprovideaid")
    assert threat is not None and aid is not None
    assert map_role(threat, "evt012arg02recipient") == "target"
    assert map_role(aid, "evt012arg02recipient") == "recipient"
    assert map_role(aid, "evt012arg01giver") == "source"
    assert map_role(aid, "evt012arg05place") == "place"
    assert map_role(aid, "evt012arg03artifact") is None


def test_event_type_map_targets_plover_types_and_our_roles() -> None:
    table = load_table("event_type_map")
    allowed_roles = {"source", "target", "recipient", "place", "money", None}
    assert set(table["roles"].values()) <= allowed_roles
    for ontology in ("kairos", "aida"):
        for key, entry in table[ontology].items():
            assert key == key.lower()
            if entry is not None:
                assert entry["type"] in PLOVER_TYPES, key
                assert set(entry.get("roles", {}).values()) <= allowed_roles, key


# --- WikiEvents ---


def _wikievents() -> GoldDoc:
    (doc,) = wikievents.load(FIXTURES / "wikievents" / "fix.jsonl")
    return doc


def test_wikievents_text_keeps_the_original_spacing_one_line_per_sentence() -> None:
    assert _wikievents().result.article.text == (
        "Bomb hits market in Tarvo\n"
        "Militants detonated a bomb at the Tarvo market, police said.\n\n"
        "Police arrested two men in Vell on Sunday."
    )


def test_wikievents_maps_kairos_types_and_roles_to_plover() -> None:
    r = _wikievents().result
    got = [
        (e.type, e.subtype, e.trigger.text, [(a.role, a.text) for a in e.arguments])
        for e in r.events
    ]
    assert got == [
        ("ASSAULT", "attack", "hits", [("place", "Tarvo")]),
        ("ASSAULT", "bombing", "detonated", [("source", "Militants"), ("place", "Tarvo market")]),
        (
            "COERCE",
            "arrest",
            "arrested",
            [("source", "Police"), ("target", "two men"), ("place", "Vell")],
        ),
    ]
    assert all(e.status == "asserted" for e in r.events)
    arrest = r.events[2]
    assert arrest.sentence.text == "Police arrested two men in Vell on Sunday."
    assert [p.name for p in r.places] == ["Tarvo", "Tarvo market", "Vell"]
    assert [a.canonical for a in r.actors] == ["Militants", "Police", "two men"]


def test_wikievents_drops_unmapped_types_and_roles_and_counts_them() -> None:
    doc = _wikievents()
    assert doc.scope == frozenset({"events"})
    assert doc.meta["dropped_events"] == 1
    assert doc.meta["dropped_types"] == {"Contact.Contact.Broadcast": 1}
    assert doc.meta["dropped_roles"] == {"explosivedevice": 1}


def test_wikievents_folder_skips_the_informative_mention_files() -> None:
    docs = wikievents.load(FIXTURES / "wikievents")
    assert [d.result.article.id for d in docs] == ["fix_tarvo_1"]


# --- RAMS ---


def test_rams_text_is_one_line_per_sentence_with_treebank_splits_closed() -> None:
    first, _ = rams.load(FIXTURES / "rams")
    assert first.result.article.text == (
        "Rebels shelled Mirn's old town on Friday.\nTwo people were killed, officials said."
    )
    assert first.result.article.id == "nw_fix_mirn_1"


def test_rams_trigger_becomes_a_plover_event_with_its_arguments() -> None:
    first, _ = rams.load(FIXTURES / "rams")
    (ev,) = first.result.events
    assert (ev.type, ev.subtype, ev.trigger.text) == ("ASSAULT", "kill", "killed")
    assert ev.sentence.text == "Two people were killed, officials said."
    assert [(a.role, a.text) for a in ev.arguments] == [
        ("target", "Two people"),
        ("source", "Rebels"),
        ("place", "Mirn's old town"),
    ]
    assert first.meta["dropped_roles"] == {"instrument": 1}
    assert first.meta["events_complete"] is False


def test_rams_drops_an_unmapped_trigger_and_counts_it() -> None:
    _, second = rams.load(FIXTURES / "rams")
    assert second.result.events == []
    assert second.meta["dropped_events"] == 1
    assert second.meta["dropped_types"] == {"personnel.elect.winelection": 1}


# --- the real development sets (../shared/data/dev) ---

needs_dev = pytest.mark.skipif(not DEV.is_dir(), reason="../shared/data/dev is absent")


@pytest.mark.shared
@needs_dev
def test_real_tempeval3_tbaq_loads_every_document_and_timex() -> None:
    docs = timeml.load(DEV / "tempeval3-tbaq")
    assert len(docs) == 183 + 73
    assert sum(len(d.result.times) for d in docs) == 1243 + 579
    assert all(d.result.article.published is not None for d in docs)
    _check_offsets(docs)


@pytest.mark.shared
@needs_dev
def test_real_meantime_apple_loads_thirty_articles() -> None:
    docs = meantime.load(DEV / "meantime-apple")
    assert len(docs) == 30
    assert all(d.result.article.published is not None for d in docs)
    assert sum(len(d.result.times) for d in docs) > 50
    assert sum(len(d.result.actors) for d in docs) > 100
    assert sum(len(d.result.places) for d in docs) > 10
    assert sum(len(d.result.quantities) for d in docs) > 30
    _check_offsets(docs)


@pytest.mark.shared
@needs_dev
def test_real_newsquant_loads_every_sentence_and_quantity() -> None:
    docs = newsquant.load(DEV / "newsquant-dev")
    assert len(docs) == 295
    n = sum(len(d.result.quantities) for d in docs)
    assert n == sum(len(d.meta["changes"]) for d in docs) > 400


@pytest.mark.shared
@needs_dev
def test_real_wikievents_keeps_or_counts_every_event() -> None:
    docs = wikievents.load(DEV / "wikievents-dev")
    assert len(docs) == 20
    kept = sum(len(d.result.events) for d in docs)
    dropped = sum(d.meta["dropped_events"] for d in docs)
    assert kept + dropped == 345
    assert kept > dropped
    _check_offsets(docs)


@pytest.mark.shared
@needs_dev
def test_real_rams_keeps_or_counts_every_trigger() -> None:
    docs = rams.load(DEV / "rams-dev")
    assert len(docs) == 924
    assert len({d.result.article.id for d in docs}) == 924
    kept = sum(len(d.result.events) for d in docs)
    assert kept + sum(d.meta["dropped_events"] for d in docs) == 924
    _check_offsets(docs)


# --- ECB+ ---


def test_ecbplus_text_is_the_tokens_closed_up_one_line_per_sentence() -> None:
    from extract.evaluate.importers import ecbplus

    (doc,) = ecbplus.load(FIXTURES / "ecbplus")
    assert (
        doc.result.article.text == "Flood waters reached Tamale's market.\nTraders left (briefly)."
    )
    assert doc.result.article.id == "90_1ecbplus"
    assert doc.meta["topic"] == "90" and doc.meta["subtopic"] == "90plus"
    assert doc.scope == frozenset()
