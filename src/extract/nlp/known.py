"""Known bodies and groups by any of their names: national institutions, armed groups and
international organisations (``resources/institutions.json``, built by
``scripts/build_actor_table.py``, then the groups of ``resources/actors.json``). Read by
the actors stage (to join a name the recogniser split) and the coding stage."""

from __future__ import annotations

from functools import lru_cache

from spacy.tokens import Span

from extract.tables import load_table


@lru_cache(maxsize=1)
def _known() -> tuple[dict[str, tuple[str, str, str, str | None]], dict[str, list[str]]]:
    """alias (lower case) -> (canonical, kind, sector, country) of national bodies, groups
    and international organisations (resources/institutions.json, built by
    scripts/build_actor_table.py, then the groups of resources/actors.json), and the
    aliases that match only as written ("IS", "WHO", "Hawks")."""
    out: dict[str, tuple[str, str, str, str | None]] = {}
    table = load_table("institutions")
    bodies = table["bodies"]
    for alias, name in table["aliases"].items():
        b = bodies[name]
        out[alias] = (b["coded_as"], b["kind"], b["sector"], b["country"] or None)
    kinds = load_table("actor_coding")["sector_of_kind"]
    for canonical, info in load_table("actors")["groups"].items():
        for alias in (canonical, *info["aliases"]):
            out.setdefault(
                alias.lower(),
                (canonical, info["kind"], kinds.get(info["kind"], "unknown"), info["country"]),
            )
    return out, table["cased"]


def known_body(name: str) -> tuple[str, str, str, str | None] | None:
    """(canonical, kind, sector, country) of a known body or group, by any of its names."""
    table, cased = _known()
    name = name.strip()
    for form in (name, name.removeprefix("the "), name.removesuffix("'s")):
        low = form.lower()
        if low in table and (low not in cased or form in cased[low]):
            return table[low]
    return None


@lru_cache(maxsize=1)
def known_names() -> tuple[str, ...]:
    """The names of several words of the known bodies and groups, lower case ("boko
    haram", "rapid support forces"): what the actors stage looks for where the entity
    recogniser found no name."""
    return tuple(sorted(alias for alias in _known()[0] if " " in alias))


def name_after_role(span: Span) -> bool:
    """Two or three capitalised words, none an organisation word, right after a lower-case
    role noun: a person's name as written ("region governor Rodrigue Ouedraogo",
    "spokeswoman Agnes Mukamana"), whatever the small NER model called it (it often calls
    unfamiliar names organisations or places)."""
    doc = span.doc
    if span.start == 0 or not 2 <= len(span) <= 3:
        return False
    role = doc[span.start - 1]
    if not role.is_lower or role.text not in _role_nouns():
        return False
    return plain_name(span)


@lru_cache(maxsize=1)
def _role_nouns() -> frozenset[str]:
    return frozenset(load_table("actors")["role_nouns"])


def plain_name(span: Span) -> bool:
    """Capitalised words only, none an organisation word: a person's name as written."""
    words = org_words()
    return all(t.is_alpha and t.is_title and t.lower_ not in words for t in span)


@lru_cache(maxsize=1)
def org_words() -> frozenset[str]:
    """Words that make a name an organisation's ("Ministry", "Bank", "Front")."""
    return frozenset(load_table("actors")["org_words"])
