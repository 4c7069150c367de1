"""The place resolver (extract.geo.resolve) on a hand-made gazetteer: which namesake the
article's other places, the region written beside a name and the countries it names pick."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from extract.errors import ModelError
from extract.geo.gazetteer import Candidate, GazEntry
from extract.geo.names import TIER_ADMIN1, TIER_BIG_CITY, TIER_TOWN
from extract.geo.resolve import Mention, Ranker, Resolver, ResolverOptions


def _town(name: str, cc: str, admin1: str, lat: float, lon: float, pop: int) -> GazEntry:
    return GazEntry(name, "city", cc, admin1, lat, lon, pop)


SPRINGFIELD_MA = _town("Springfield", "USA", "Massachusetts", 42.1, -72.6, 155_000)
SPRINGFIELD_IL = _town("Springfield", "USA", "Illinois", 39.8, -89.6, 114_000)
ILLINOIS = GazEntry("Illinois", "admin1", "USA", "Illinois", 40.0, -89.0, 0)
NEWPORT_WALES = _town("Newport", "GBR", "Wales", 51.59, -3.0, 145_000)
NEWPORT_MAYO = _town("Newport", "IRL", "Connaught", 53.88, -9.55, 600)
BALLINA = _town("Ballina", "IRL", "Connaught", 54.11, -9.15, 10_000)
CASTLEBAR = _town("Castlebar", "IRL", "Connaught", 53.85, -9.3, 12_000)


class FakeGazetteer:
    """Just what the resolver reads: candidates by name, in the gazetteer's order."""

    def __init__(self, table: dict[str, list[tuple[GazEntry, int]]]) -> None:
        self.table = table

    def candidates(self, name: str) -> tuple[Candidate, ...]:
        return tuple(
            Candidate(entry, tier, 0, i) for i, (entry, tier) in enumerate(self.table.get(name, []))
        )


GAZ = FakeGazetteer(
    {
        "Springfield": [(SPRINGFIELD_MA, TIER_BIG_CITY), (SPRINGFIELD_IL, TIER_BIG_CITY)],
        "Illinois": [(ILLINOIS, TIER_ADMIN1)],
        "Newport": [(NEWPORT_WALES, TIER_BIG_CITY), (NEWPORT_MAYO, TIER_TOWN)],
        "Ballina": [(BALLINA, TIER_TOWN)],
        "Castlebar": [(CASTLEBAR, TIER_TOWN)],
    }
)


def _mentions(text: str, names: list[str]) -> list[Mention]:
    out, at = [], 0
    for name in names:
        start = text.index(name, at)
        out.append(Mention(name, start, start + len(name)))
        at = start + len(name)
    return out


def _resolve(text: str, names: list[str], **options: bool) -> list[GazEntry | None]:
    resolver = Resolver(GAZ, None, ResolverOptions(**options))  # type: ignore[arg-type]
    return resolver.resolve(_mentions(text, names), text)


def test_the_region_written_beside_a_name_picks_the_namesake_inside_it() -> None:
    text = "Flooding hit Springfield, Illinois on Monday."
    assert _resolve(text, ["Springfield", "Illinois"])[0] == SPRINGFIELD_IL
    # without that evidence (and the nearness of Illinois' point) the larger namesake wins
    blind = _resolve(text, ["Springfield", "Illinois"], admin_context=False, coherence=False)
    assert blind[0] == SPRINGFIELD_MA


def test_a_name_written_as_town_inside_county_uses_the_county() -> None:
    resolver = Resolver(GAZ, None)  # type: ignore[arg-type]
    got = resolver.resolve(
        [Mention("Springfield", 0, 21, within="Illinois")], "Springfield, Illinois"
    )
    assert got == [SPRINGFIELD_IL]


def test_the_namesake_near_the_other_places_wins() -> None:
    text = "57 in Ballina, 48 in Newport."
    assert _resolve(text, ["Ballina", "Newport"])[1] == NEWPORT_MAYO
    assert _resolve(text, ["Ballina", "Newport"], coherence=False)[1] == NEWPORT_WALES


def test_two_names_only_one_country_has_put_the_article_there() -> None:
    text = "57 in Ballina, 48 in Newport, 36 in Castlebar."
    names = ["Ballina", "Newport", "Castlebar"]
    assert _resolve(text, names, coherence=False)[1] == NEWPORT_MAYO
    assert _resolve(text, names, coherence=False, country_focus=False)[1] == NEWPORT_WALES


def test_a_country_the_article_names_puts_its_namesake_first() -> None:
    resolver = Resolver(GAZ, None)  # type: ignore[arg-type]
    text = "Storms in Newport."
    mentions = _mentions(text, ["Newport"])
    assert resolver.resolve(mentions, text, named_countries=["IRL"]) == [NEWPORT_MAYO]
    blind = Resolver(GAZ, None, ResolverOptions(country_focus=False))  # type: ignore[arg-type]
    assert blind.resolve(mentions, text, named_countries=["IRL"]) == [NEWPORT_WALES]


def test_an_unknown_name_resolves_to_nothing() -> None:
    assert _resolve("Rain in Atlantis.", ["Atlantis"]) == [None]


def test_a_ranker_scores_candidates_by_its_weights(tmp_path: Path) -> None:
    path = tmp_path / "ranker.json"
    # a ranker that prefers the smaller town
    path.write_text(json.dumps({"bias": 0.0, "weights": {"log_pop": -5.0}}), encoding="utf-8")
    resolver = Resolver(GAZ, Ranker.load(path), ResolverOptions(ranker=True))  # type: ignore[arg-type]
    text = "Storms in Newport."
    assert resolver.resolve(_mentions(text, ["Newport"]), text) == [NEWPORT_MAYO]


def test_an_unreadable_ranker_is_a_model_error(tmp_path: Path) -> None:
    path = tmp_path / "ranker.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ModelError):
        Ranker.load(path)


def test_the_shipped_ranker_names_only_known_features() -> None:
    from extract.geo.resolve import FEATURES, load_ranker

    ranker = load_ranker()
    assert ranker is not None
    assert set(ranker.weights) <= set(FEATURES)


def test_a_region_the_article_names_elsewhere_picks_the_namesake_inside_it() -> None:
    text = "Flooding hit Springfield on Monday. The governor of Illinois declared an emergency."
    names = ["Springfield", "Illinois"]
    assert _resolve(text, names, coherence=False)[0] == SPRINGFIELD_IL
    assert _resolve(text, names, coherence=False, admin_context=False)[0] == SPRINGFIELD_MA
