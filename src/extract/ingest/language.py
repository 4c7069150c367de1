"""Offline English detection from the share of English function words.

Function words ("the", "of", "and", "with") make up 30-55% of the words of English
news articles (0.30 was the lowest of 256 TimeBank/AQUAINT articles); in German,
French, Spanish, Italian, Portuguese or Dutch news the few spellings they share with
English ("in", "a", "on", "no") make up under 10%. The pipeline only needs "English or
not", so this beats shipping a language-identification model.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from extract.tables import load_table

ENGLISH: Final = "en"
UNDETERMINED: Final = "und"
NOT_ENGLISH: Final = "xx"

MIN_WORDS: Final = 20
"""Texts with fewer words are too short to judge: ``und``."""
MIN_FUNCTION_WORD_SHARE: Final = 0.15
"""Share of English function words among the words at or above which a text is English."""
MIN_LATIN_SHARE: Final = 0.5
"""Texts whose letters are mostly outside the Latin script are not English."""
_MIN_LETTERS_FOR_SCRIPT: Final = 60

# Runs of letters, with inner apostrophes ("don't", "it's"); digits and "_" excluded.
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*")


@lru_cache(maxsize=1)
def _function_words() -> frozenset[str]:
    return frozenset(load_table("english_function_words")["words"])


# Letters outside Basic Latin through Latin Extended-B and Latin Extended Additional,
# counted by the regex engine rather than one character at a time in Python
_NON_LATIN_LETTER = re.compile(r"(?![\u0000-\u024f\u1e00-\u1eff])[^\W\d_]")


_SAMPLE_CHARS = 5000


def _share(words: list[str]) -> float:
    if not words:
        return 0.0
    table = _function_words()
    return sum(w.lower().replace("\u2019", "'") in table for w in words) / len(words)


def function_word_share(text: str) -> float:
    """Share of English function words among the words of ``text`` (0.0 for no words)."""
    return _share(_WORD.findall(text))


def detect_language(text: str) -> str:
    """``"en"`` for clearly English text, ``"xx"`` for other languages, ``"und"`` when
    the text is too short to tell (fewer than :data:`MIN_WORDS` words)."""
    text = text[:_SAMPLE_CHARS]  # the opening paragraphs tell; a long article costs no more
    words = _WORD.findall(text)
    joined = "".join(words)  # every letter of the text is in one of its words
    letters = len(joined) - joined.count("'") - joined.count("\u2019")
    if letters >= _MIN_LETTERS_FOR_SCRIPT:
        latin = letters - len(_NON_LATIN_LETTER.findall(text))
        if latin / letters < MIN_LATIN_SHARE:
            # Cyrillic, Arabic, CJK, ...: decided by script, even when there are few
            # space-separated "words" (Chinese and Japanese have none).
            return NOT_ENGLISH
    if len(words) < MIN_WORDS:
        return UNDETERMINED
    return ENGLISH if _share(words) >= MIN_FUNCTION_WORD_SHARE else NOT_ENGLISH
