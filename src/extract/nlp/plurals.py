"""The singular of an English plural noun, by rule and a table of irregular plurals
(``irregular_plurals`` in ``resources/units.json``): "companies" -> "company",
"viruses" -> "virus", "fishermen" -> "fisherman". Read by the sector tables (a table
entry holds in the plural too) and by the quantity scorer (counted nouns compared)."""

from __future__ import annotations

import re
from functools import lru_cache

from extract.tables import load_table


@lru_cache(maxsize=1)
def _irregular() -> dict[str, str]:
    return dict(load_table("units")["irregular_plurals"])


def singular(word: str) -> str:
    """``word``'s singular (``word`` itself when it is no plural by the rules)."""
    irregular = _irregular()
    if word in irregular:
        return irregular[word]
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if re.search(r"(?:ch|sh|x|ss|z|us)es$", word):
        return word[:-2]  # "viruses"
    if len(word) > 4 and word.endswith("men"):
        return word[:-3] + "man"  # "fishermen"
    if len(word) > 2 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word
