"""Which sector an actor is (PLOVER/POLECAT agent types: government, military, police,
judiciary, ... ``unknown``): from its own words (``sector_words``, ``role_sectors`` and
``sector_phrases`` in ``resources/actor_coding.json``, read in the plural too), from the
role written beside a person's name, and from its neighbours in the sentence ("Its
president, X" after a body; "officers" of a military body). Read by the coding stage
(:mod:`extract.nlp.coding`), which adds the country and the entity."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from spacy.tokens import Doc

from extract.nlp.plurals import singular
from extract.nlp.types import ActorDict
from extract.tables import load_table

_SENTENCE_END = re.compile(r"[.!?][\"'\u201d]?\s+(?=[A-Z\"\u201c])|\n")


@lru_cache(maxsize=1)
def coding_table() -> dict[str, Any]:
    """``resources/actor_coding.json``, read once (the coding stage reads it too)."""
    return load_table("actor_coding")  # type: ignore[no-any-return]


def sector_of(actor: ActorDict) -> str:
    """The sector an actor's words and kind give (people: their role; see the table)."""
    return sector_of_words(actor["text"], actor["kind"])


def sector_of_words(text: str, kind: str) -> str:
    """The sector that words naming an actor of ``kind`` give: a whole phrase of the
    table ("aid group"), else the last word that names one, else the kind's."""
    c = coding_table()
    low = text.lower()
    for phrases, sector in _sector_phrases():
        if any(p in low for p in phrases):
            return sector
    words = [w.removesuffix("'s").removesuffix("\u2019s") for w in low.split()]
    if kind == "person":
        for w in reversed(words):
            s = _in_table(c["role_sectors"], w) or sector_word(w)
            if s:
                return str(s)
        return "unknown"
    for w in reversed(words):
        s = sector_word(w)
        if s:
            return s
    return str(c["sector_of_kind"].get(kind, "unknown"))


@lru_cache(maxsize=1)
def _sector_phrases() -> list[tuple[tuple[str, ...], str]]:
    """The table's sector phrases, each also with its last word in the singular ("aid
    groups": "a legal aid group")."""
    out: list[tuple[tuple[str, ...], str]] = []
    for phrase, sector in coding_table()["sector_phrases"].items():
        head, _, last = phrase.rpartition(" ")
        one = f"{head} {singular(last)}".strip()
        out.append(((phrase,) if one == phrase else (phrase, one), str(sector)))
    return out


def sector_word(word: str) -> str | None:
    """The sector a word of the table gives, in the plural too ("Manufacturers and
    Exporters Association": the table has "manufacturer")."""
    return _in_table(coding_table()["sector_words"], word)


def _in_table(table: dict[str, str | None], word: str) -> str | None:
    """``table[word]``, else its singular's entry ("diplomats", "companies")."""
    if word in table:
        return table[word]
    return table.get(singular(word))


@lru_cache(maxsize=1)
def _person_roles() -> dict[str, str]:
    """Word beside a person's name -> the sector it gives (person_words, then the roles
    that name one)."""
    c = coding_table()
    return {**c["person_words"], **{k: v for k, v in c["role_sectors"].items() if v}}


_NEXT_PERSON = re.compile(r"\s(?:and|or|but|while|as)\s")
"""Where the words after a person's name turn to someone else."""


_WITHIN_A_TITLE = frozenset({"of", "the", "for", "and", "to", "a", "an", "in", "on", "at", "'s"})
"""Lower-case words inside a role written before a name ("chief of the army staff",
"minister for foreign affairs"); any other lower-case word ends the search."""


def _in_a_title(word: str, roles: Any, open_roles: set[str]) -> bool:
    """``word`` may stand inside a role written before a name."""
    return word in roles or word in open_roles or word in _WITHIN_A_TITLE


def role_sector(before: str, after: str) -> str:
    """The sector of the role written beside a person's name: the nearest role word
    before it ("President Ashraf Ghani", "Foreign Ministry spokesman Zhao Lijian"), else
    the first after it ("Hasan Demirtas, a contractor"), or "unknown"."""
    table = _person_roles()
    before = _SENTENCE_END.split(before)[-1]  # the role is in the name's own sentence:
    after = _SENTENCE_END.split(after)[0]  # not "... said. Federal police officers"
    after = _NEXT_PERSON.split(after)[0]  # not "Sipho Maluleke, 54, and businessman X"
    if not re.match(r"\s*[,(]", after):
        after = ""  # a role after the name is set off by a comma: not "X demanded ... gang"
    else:  # and ends at the next one, after an age: not "X, said workers would ..."
        parts = re.split(r"[,)]", after.lstrip()[1:])
        while len(parts) > 1 and parts[0].strip().isdigit():
            parts = parts[1:]  # "Sipho Maluleke, 54, a former municipal manager"
        after = parts[0]

    def words(text: str) -> list[str]:
        return [
            w.strip(".,;:\"'()").removesuffix("'s").removesuffix("\u2019s")
            for w in text.lower().split()
        ]

    ahead = words(before)
    written = before.split()
    open_roles = {r for r, s in coding_table()["role_sectors"].items() if s is None}
    for k in range(len(ahead) - 1, -1, -1):
        if written[k].islower() and not _in_a_title(ahead[k], table, open_roles):
            break  # "Police detained Aung San Suu Kyi": a verb between, not a title
        if ahead[k] in open_roles and k > 0 and (body := sector_word(ahead[k - 1])):
            return body  # "Opposition leader Raila Odinga", "union chief X": the body's
        if ahead[k] in table:
            if k > 0 and table.get(ahead[k - 1]):  # "insurgent commander", "police chief":
                return str(table[ahead[k - 1]])  # the body the role is in
            return str(table[ahead[k]])
    behind = words(after)
    for k, w in enumerate(behind):
        if w in open_roles and k > 0 and (body := sector_word(behind[k - 1])):
            return body  # "X, an opposition politician"
        if w in table:
            return str(table[w])
    return "unknown"


def role_of_its_body(doc: Doc, a: ActorDict, actors: list[ActorDict]) -> None:
    """A person named with a role of "its" body ("Its president, Farid Chowdhury", "its
    chairman Ali Musa"), or a body named as a part of it ("Its media wing,
    Inter-Services Public Relations"), acts for the body named last before them: it takes
    the body's sector (the president of an exporters' association is business, not
    government) and, with none of its own, the body's country (basis affiliation)."""
    span = doc.char_span(a["start"], a["end"], alignment_mode="expand")
    if span is None or len(span) == 0:
        return
    root = span.root
    role = root.head if root.dep_ == "appos" else doc[span.start - 1] if span.start else None
    if role is None or not (
        role.lower_ in coding_table()["role_sectors"]
        or (a["kind"] != "person" and root.dep_ == "appos" and role.pos_ == "NOUN")
    ):
        return
    if not any(c.dep_ == "poss" and c.lower_ in ("its", "their") for c in role.children):
        return
    before = [
        b
        for b in actors
        if b["kind"] not in ("person", "civilians")  # "its" is a body's, not a crowd's
        and b["end"] <= role.idx
        and b.get("sector", "unknown") != "unknown"
    ]
    if not before:
        return
    body = max(before, key=lambda b: b["end"])
    a["sector"] = body["sector"]
    if a["country_basis"] == "unknown" and body["country_basis"] in ("explicit", "known"):
        a["country_code"], a["country_basis"] = body["country_code"], "affiliation"
        a["country_confidence"] = body.get("country_confidence")


def officers_of_the_military(actors: list[ActorDict], sentences: list[tuple[int, int]]) -> None:
    """Bare "officers" are police officers unless their sentence is about a military body
    and names no police ("the Joint Military Commission, which brings together five
    officers from each side")."""
    for a in actors:
        if a["text"].lower() not in ("officers", "officer") or a["sector"] != "police":
            continue
        lo, hi = next(((s, e) for s, e in sentences if s <= a["start"] < e), (0, 0))
        around = {b["sector"] for b in actors if b is not a and lo <= b["start"] < hi}
        if "military" in around and "police" not in around:
            a["sector"] = a["kind"] = "military"
