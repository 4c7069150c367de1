"""Small parse helpers: the sentence of a token or span."""

from __future__ import annotations

from spacy.tokens import Doc
from spacy.vocab import Vocab

from extract.nlp.syntax import SENT_STARTS, sentence


def _doc() -> Doc:
    words = ["Police", "came", ".", "Gunmen", "fled", ".", "Calm", "returned", "."]
    starts = [True, False, False, True, False, False, True, False, False]
    return Doc(Vocab(), words=words, sent_starts=starts)


def test_a_token_gets_the_sentence_spacy_gives() -> None:
    doc = _doc()
    for tok in doc:
        assert sentence(tok) == tok.sent


def test_a_span_gets_the_sentence_spacy_gives() -> None:
    doc = _doc()
    for start, end in [(0, 2), (3, 5), (4, 7), (6, 9)]:
        assert sentence(doc[start:end]) == doc[start:end].sent


def test_without_boundaries_the_sentence_is_the_whole_doc() -> None:
    doc = Doc(Vocab(), words=["Police", "came"])
    assert sentence(doc[1]) == doc[:]
    assert SENT_STARTS not in doc.user_data
