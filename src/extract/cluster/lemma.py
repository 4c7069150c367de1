"""A light stemmer for event words: "killed", "killing", "kills" -> "kill"; "shot" ->
"shoot". It gives the same key to the inflections of one word (what comparing two
triggers needs), not a dictionary lemma: "released" and "release" are both "releas".
Irregular forms are data (``resources/inflections.json``)."""

from __future__ import annotations

import re
from functools import cache

from extract.tables import load_table

_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*")
_VOWELS = frozenset("aeiouy")
_SUFFIXES = ("ings", "ing", "edly", "ed", "ies", "es", "s")


@cache
def _irregular() -> dict[str, str]:
    return dict(load_table("inflections")["forms"])


@cache
def _function_words() -> frozenset[str]:
    return frozenset(load_table("english_function_words")["words"])


@cache
def stem(word: str) -> str:
    """The stem of one word (lower case; of a hyphenated word its last part; suffixes -s,
    -es, -ies, -ed, -ing removed, a doubled final consonant undone, a final -e dropped)."""
    w = word.lower().strip("'-")
    if "-" in w:  # the head of a hyphenated word is its last part: "re-arrested" -> "arrest"
        w = w.rsplit("-", 1)[1]
    base = _irregular().get(w)
    if base is not None:
        w = base
    else:
        for suffix in _SUFFIXES:
            if w.endswith(suffix) and len(w) - len(suffix) >= 3:
                rest = w[: -len(suffix)]
                if not _VOWELS & set(rest):
                    continue
                if suffix == "ed" and rest.endswith("e"):  # "agreed", "freed"
                    rest = w[:-1]
                w = rest + ("y" if suffix == "ies" else "")
                doubled = len(w) > 3 and w[-1] == w[-2] and w[-1] not in _VOWELS
                # "stopped" -> "stop", but "shelled" -> "shell"
                if suffix in ("ing", "ings", "ed") and doubled and w[-1] not in "lsz":
                    w = w[:-1]
                break
    if w.endswith("e") and len(w) > 3:
        w = w[:-1]
    return w


def words(text: str) -> list[str]:
    return _WORD.findall(text)


def trigger_lemma(trigger: str) -> str:
    """The stem of a trigger's head word: its last word that is not a function word
    ("checked into" -> "check", "car bomb" -> "bomb")."""
    ws = [w for w in words(trigger) if w.lower() not in _function_words()] or words(trigger)
    return stem(ws[-1]) if ws else trigger.lower()


def content_stems(text: str) -> frozenset[str]:
    """The stems of a text's content words (three letters or more, no function words)."""
    fw = _function_words()
    return frozenset(stem(w) for w in words(text) if len(w) >= 3 and w.lower() not in fw)
