"""The project's first acceptance case: the seed article gives every fact its README lists."""

from __future__ import annotations

import pytest

from extract.records import ArticleResult

pytestmark = [pytest.mark.slow, pytest.mark.shared]


@pytest.fixture(scope="module")
def seed(extractor, shared_dir) -> ArticleResult:
    text = (shared_dir / "seed" / "afghan-prisoner-swap.txt").read_text(encoding="utf-8")
    return extractor.process(text, published="2020-04-02")


def _times(seed: ArticleResult) -> set[tuple[str | None, str | None, str | None]]:
    return {(t.value, t.mod, t.role) for t in seed.times}


@pytest.mark.parametrize(
    ("value", "mod", "role"),
    [
        ("2020-04-02", None, None),  # on Thursday, today
        ("2020-03-31", None, None),  # Tuesday
        ("2020-04-01", None, None),  # Wednesday
        ("2020-03-29", None, None),  # Sunday
        ("2020-03-10", None, "deadline"),  # by March 10
        ("2021-07", None, "deadline"),  # by July next year
        ("2020-02", "END", None),  # late February
        ("P18Y", None, None),  # the 18-year-old war
        ("P20Y", "APPROX", None),  # nearly two decades
        ("2020-04-03", None, None),  # tomorrow
        ("2020-04-04", None, None),  # the day after (tomorrow)
    ],
)
def test_seed_time_values(seed, value, mod, role):
    assert (value, mod, role) in _times(seed)


def test_every_mention_offset_points_at_its_text(seed):
    text = seed.article.text
    for group in (seed.times, seed.quantities, seed.places, seed.actors):
        for m in group:
            assert text[m.start : m.end] == m.text
    for e in seed.events:
        assert text[e.trigger.start : e.trigger.end] == e.trigger.text
        assert e.trigger.start >= e.sentence.start and e.trigger.end <= e.sentence.end


@pytest.mark.parametrize(
    ("value", "lower", "counted_word"),
    [
        (100, None, "militants"),
        (20, None, "forces"),
        (6000, None, "prisoners"),
        (5000, None, "prisoners"),
        (1000, None, "captives"),
        (20, 20, "personnel"),
        (7, 7, "civilians"),
        (6, None, "children"),
    ],
)
def test_seed_quantities_with_bounds_and_counted_noun(seed, value, lower, counted_word):
    assert any(
        q.value == value and q.lower == lower and q.counted and counted_word in q.counted
        for q in seed.quantities
    ), [(q.text, q.value, q.lower, q.counted) for q in seed.quantities]


def test_bagram_base_is_in_afghanistan_north_of_kabul(seed):
    base = next(p for p in seed.places if p.text == "Bagram military base")
    assert base.kind == "facility" and base.country_code == "AFG"
    assert (
        base.relative is not None
        and base.relative.direction == "N"
        and base.relative.anchor == "Kabul"
    )
    assert base.lat is not None and 34 < base.lat < 36 and 68 < base.lon < 70


@pytest.mark.parametrize(
    ("text", "kind"),
    [("Kabul", "city"), ("Helmand province", "admin1"), ("Afghanistan", "country")],
)
def test_seed_places_resolve_to_afghanistan(seed, text, kind):
    assert any(p.text == text and p.country_code == "AFG" and p.kind == kind for p in seed.places)


@pytest.mark.parametrize(
    ("text", "canonical", "code"),
    [
        ("Taliban", "Taliban", "AFG"),
        ("Afghan government", "Afghanistan government", "AFG"),
        ("Washington", "United States government", "USA"),
        ("U.S.", "United States government", "USA"),
        ("China", "China government", "CHN"),
    ],
)
def test_seed_actors(seed, text, canonical, code):
    assert any(
        a.text == text and a.canonical == canonical and a.country_code == code for a in seed.actors
    )


def test_spokesman_is_linked_to_the_taliban(seed):
    person = next(a for a in seed.actors if a.text == "Zabihullah Mujahid")
    assert person.kind == "person" and person.affiliation == "Taliban"


def _args(seed: ArticleResult, event) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for a in event.arguments:
        out.setdefault(a.role, set()).add(a.text)
    return out


def test_release_begun_on_thursday_is_an_asserted_retreat(seed):
    ev = next(e for e in seed.events if e.trigger.text == "releasing")
    assert (ev.type, ev.subtype, ev.status, ev.date) == (
        "RETREAT",
        "release-persons",
        "asserted",
        "2020-04-02",
    )
    args = _args(seed, ev)
    assert "100" in args["released"] and "Taliban" in args["recipient"]


def test_talks_in_kabul_are_consult_on_tuesday(seed):
    ev = next(
        e for e in seed.events if e.type == "CONSULT" and e.trigger.text == "talks" and e.date
    )
    assert ev.status == "asserted" and ev.date == "2020-03-31"
    assert "Kabul" in _args(seed, ev)["place"]


def test_signed_deal_is_support_in_late_february(seed):
    ev = next(
        e for e in seed.events if e.type == "SUPPORT" and e.trigger.text == "signed" and e.date
    )
    assert ev.date == "2020-02" and "Washington" in _args(seed, ev)["source"]


def test_promised_withdrawal_is_a_future_concession_bounded_by_july_2021(seed):
    ev = next(e for e in seed.events if e.trigger.text == "withdrawal")
    assert (ev.type, ev.status, ev.deadline) == ("CONCEDE", "future", "2021-07")


def test_attacks_and_bomb_are_assaults_with_fatalities(seed):
    assaults = [e for e in seed.events if e.type == "ASSAULT"]
    fatalities = {(e.date, a.text) for e in assaults for a in e.arguments if a.role == "fatalities"}
    assert ("2020-03-29", "at least 20") in fatalities
    assert ("2020-04-01", "at least seven") in fatalities


def test_missed_swap_deadline_is_march_10(seed):
    assert any(e.deadline == "2020-03-10" and e.type == "RETREAT" for e in seed.events)


def test_blame_is_disapproval_of_the_taliban(seed):
    ev = next(e for e in seed.events if e.type == "DISAPPROVE")
    assert "Taliban" in _args(seed, ev)["target"]


def test_serena_hotel_is_placed_in_kabul_not_by_a_namesake_town(seed):
    hotel = next(p for p in seed.places if p.text == "the Serena Hotel")
    assert hotel.kind == "facility" and hotel.country_code == "AFG"
    assert hotel.precision == "near" and hotel.admin1 == "Kabul"


def test_descriptions_of_the_taliban_merge_into_the_taliban(seed):
    merged = {a.text: a.canonical for a in seed.actors if a.kind == "armed_group"}
    assert merged["insurgents"] == merged["hardline Islamists"] == "Taliban"
    assert merged["insurgent group"] == "Taliban"


def test_the_us_taliban_agreement_names_two_parties(seed):
    pair = [a for a in seed.actors if a.start >= seed.article.text.index("U.S-Taliban")][:2]
    assert [(a.text, a.canonical) for a in pair] == [
        ("U.S", "United States government"),
        ("Taliban", "Taliban"),
    ]
