"""Property tests of the offline gazetteer (hypothesis): any name, no exception; every
answer a valid place."""

from __future__ import annotations

from collections.abc import Iterator

import pycountry
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from extract.geo.gazetteer import GazEntry, Gazetteer

_CODES = {c.alpha_3 for c in pycountry.countries} | {"XKX"}
_NAMES = ["Kabul", "Bagram", "Lagos", "Springfield", "Georgia", "Congo", "Sudan", "Gaza",
          "New York", "São Paulo", "Kyiv", "Rafah", "Sylhet", "Piraeus"]  # fmt: skip


@pytest.fixture(scope="module")
def gaz(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Gazetteer]:
    g = Gazetteer.open(tmp_path_factory.mktemp("gazetteer-cache"))
    yield g
    g.close()


def _valid(e: GazEntry) -> bool:
    return (
        e.country_code in _CODES
        and e.kind in ("country", "admin1", "city")
        and -90 <= e.lat <= 90
        and -180 <= e.lon <= 180
        and e.population >= 0
    )


names = st.one_of(
    st.text(max_size=40),
    st.sampled_from(_NAMES),
    st.builds(lambda a, b: f"{a} {b}", st.sampled_from(_NAMES), st.text(max_size=10)),
)
context = st.lists(st.sampled_from(sorted(_CODES)), max_size=3)


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names, context)
def test_any_name_resolves_to_valid_places_or_none(gaz, name, countries):
    assert all(_valid(e) for e in gaz.lookup(name))
    best = gaz.best(name, countries)
    assert best is None or _valid(best)
    country = gaz.country(name)
    assert country is None or (_valid(country) and country.kind == "country")
    demonym = gaz.country_of_demonym(name)
    assert demonym is None or demonym in _CODES
