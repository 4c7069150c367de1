"""Offline English detection: the share of English function words, and a language
identifier for the texts that share cannot settle.

Function words ("the", "of", "and", "with") make up 30-55% of the words of English
news articles (0.30 was the lowest of 256 TimeBank/AQUAINT articles); in German,
French, Spanish, Italian, Portuguese, Dutch or Scandinavian news the few spellings they
share with English ("in", "a", "on", "no") make up at most 13%. So a text of
:data:`MIN_WORDS` words or more with a share of at least
:data:`MIN_FUNCTION_WORD_SHARE` is English at once, in a fraction of a millisecond:
nearly every article.

A low share alone does not make a text foreign: headlines, figures ("Shares rose 3.2% to
$41.50 ...") and lists of names ("Top scorers: Jordan Smith (24 pts), Marcus Lee (19
pts), ...") are English with few or no function words. Such a text of
:data:`MIN_WORDS_TO_REFUSE` words or more goes to py3langid (a naive Bayes model shipped
in its wheel; loaded once, on first need: ~0.5 s, ~75 MB; ~0.1 ms a sentence), and is
refused only when the identifier reads it as foreign twice: the text, and its lower-case
words alone. Proper names carry the look of their own language into English text
("Deutsche Bank AG, Commerzbank, Allianz SE" reads as German); without them nothing is
left to judge. The identifier is never asked about a text the share accepts, so it can
only spare texts the share alone would have refused, or refuse short ones the share
could not judge.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Final

from extract.tables import load_table

ENGLISH: Final = "en"
UNDETERMINED: Final = "und"
NOT_ENGLISH: Final = "xx"
"""Not English, and no language named with confidence (or none with an ISO 639-1 code)."""

MIN_WORDS: Final = 20
"""Texts with fewer words are never called English: ``und`` unless refused."""
MIN_WORDS_TO_REFUSE: Final = 5
"""Texts with fewer words are never refused: ``und``."""
MIN_FUNCTION_WORD_SHARE: Final = 0.15
"""Share of English function words among the words at or above which a text is not
refused (and, with :data:`MIN_WORDS` words or more, is English)."""
MIN_IDENTIFIER_CONFIDENCE: Final = 0.6
"""Probability the identifier must give one other language, both for the text and for
its lower-case words, before a text is refused. No English text of the dev corpora
(NewsQuant, RAMS, TempEval-3, GeoWebNews, MEANTIME, WikiEvents, ECB+: 2,100 articles
and 24,000 of their sentences, each alone) scored above 0.3 on both."""
MAX_ENGLISH_PROBABILITY: Final = 0.001
"""Probability of English below which, for the text and for its lower-case words, a
text is refused even when no single other language reaches
:data:`MIN_IDENTIFIER_CONFIDENCE`. No English text of those corpora scored under 0.017."""
MIN_LATIN_SHARE: Final = 0.5
"""Texts whose letters are mostly outside the Latin script are not English."""
_MIN_LETTERS_FOR_SCRIPT: Final = 60
# A refused text is said to be in the identifier's most likely language when that is
# more likely than all the others together; else in "xx".
_MIN_NAMING_PROBABILITY: Final = 0.5
# Fewer lower-case words than this cannot confirm the identifier's verdict on a text.
_MIN_WORDS_WITHOUT_NAMES: Final = 2

# Runs of letters, with inner apostrophes ("don't", "it's"); digits and "_" excluded.
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*")


@lru_cache(maxsize=1)
def _function_words() -> frozenset[str]:
    return frozenset(load_table("english_function_words")["words"])


# Letters outside Basic Latin through Latin Extended-B and Latin Extended Additional,
# counted by the regex engine rather than one character at a time in Python
_NON_LATIN_LETTER = re.compile(r"(?![\u0000-\u024f\u1e00-\u1eff])[^\W\d_]")


_SAMPLE_CHARS = 5000
# The identifier reads less: its cost grows with the length (0.35 ms for 1,000
# characters), and 150 words are plenty for its verdict.
_IDENTIFIER_SAMPLE_CHARS = 1000

# Identifier labels counted as English: Nigerian Pidgin is English-lexified, and the
# model gives it to plain English lists of names and figures.
_ENGLISH_LABELS: Final = frozenset({"en", "pcm"})
# The identifier's class for text with no language in it (numbers, markup, URLs).
_NO_LANGUAGE: Final = "zxx"
# The identifier's labels that have no ISO 639-1 code of their own, mapped to the code
# of their macrolanguage (or the modern language); the others become "xx".
_ISO_639_1: Final = {
    "ary": "ar",
    "arz": "ar",
    "gug": "gn",
    "grc": "el",
    "hbo": "he",
    "sdh": "ku",
    "uzs": "uz",
    "wuu": "zh",
    "yue": "zh",
}


def _share(words: list[str]) -> float:
    if not words:
        return 0.0
    table = _function_words()
    return sum(w.lower().replace("\u2019", "'") in table for w in words) / len(words)


def function_word_share(text: str) -> float:
    """Share of English function words among the words of ``text`` (0.0 for no words)."""
    return _share(_WORD.findall(text))


@lru_cache(maxsize=1)
def _identifier() -> Any:
    # Imported and loaded on first need only: most articles never need it.
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


def _iso_639_1(label: str) -> str:
    return label if len(label) == 2 else _ISO_639_1.get(label, NOT_ENGLISH)


def _other_language(text: str) -> tuple[str, float, float]:
    """The identifier's most likely language other than English (as an ISO 639-1 code;
    Moroccan and Egyptian Arabic count as Arabic, and so on), its probability, and the
    probability of English. "No language" (numbers, markup) counts as neither."""
    english = 0.0
    others: dict[str, float] = {}
    for label, p in _identifier().rank(text):
        if label in _ENGLISH_LABELS:
            english += p
        elif label != _NO_LANGUAGE:
            code = _iso_639_1(label)
            others[code] = others.get(code, 0.0) + p
    code = max(others, key=others.__getitem__)
    return code, others[code], english


def _reads_foreign(other: float, english: float) -> bool:
    """The identifier names another language with confidence, or finds English all but
    impossible (a language it does not know, or one it splits between close relatives
    such as Croatian and Serbian)."""
    return other >= MIN_IDENTIFIER_CONFIDENCE or english < MAX_ENGLISH_PROBABILITY


def _without_names(text: str) -> str:
    """``text`` without its capitalised words (unchanged in scripts without case)."""
    if text.isupper():  # an all-capitals headline: its names cannot be told apart
        return text.lower()
    return _WORD.sub(lambda m: "" if m.group()[0].isupper() else m.group(), text)


def detect_language(text: str) -> str:
    """``"en"`` for English; ``"und"`` for text that is not refused but too short (fewer
    than :data:`MIN_WORDS` words) or too unclear to call English; else the ISO 639-1
    code of the language it is in, ``"xx"`` when that has no code or no confident name.

    Anything other than ``"en"`` and ``"und"`` means "not English"."""
    text = text[:_SAMPLE_CHARS]  # the opening paragraphs tell; a long article costs no more
    words = _WORD.findall(text)
    joined = "".join(words)  # every letter of the text is in one of its words
    letters = len(joined) - joined.count("'") - joined.count("\u2019")
    if letters >= _MIN_LETTERS_FOR_SCRIPT:
        latin = letters - len(_NON_LATIN_LETTER.findall(text))
        if latin / letters < MIN_LATIN_SHARE:
            # Cyrillic, Arabic, CJK, ...: refused by script, even when there are few
            # space-separated "words" (Chinese and Japanese have none); the identifier
            # only names the language.
            code, p, _ = _other_language(text[:_IDENTIFIER_SAMPLE_CHARS])
            return code if p >= _MIN_NAMING_PROBABILITY else NOT_ENGLISH
    if len(words) < MIN_WORDS_TO_REFUSE:
        return UNDETERMINED
    if _share(words) >= MIN_FUNCTION_WORD_SHARE:
        return ENGLISH if len(words) >= MIN_WORDS else UNDETERMINED
    sample = text[:_IDENTIFIER_SAMPLE_CHARS]
    code, p, english = _other_language(sample)
    if _reads_foreign(p, english):
        rest = _without_names(sample)
        if len(_WORD.findall(rest)) >= _MIN_WORDS_WITHOUT_NAMES and _reads_foreign(
            *_other_language(rest)[1:]
        ):
            return code if p >= _MIN_NAMING_PROBABILITY else NOT_ENGLISH
    return ENGLISH if len(words) >= MIN_WORDS and english > p else UNDETERMINED
