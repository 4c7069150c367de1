"""Faster, output-identical implementations of spaCy pipeline internals: the attribute
ruler's matching and the lemmatizer's loop.

The model's ``attribute_ruler`` maps fine-grained tags to POS and morphology, and fixes
the lemma or POS of some words ("ai n't", "gon na"), with ~180 token patterns run by a
general ``Matcher``: about an eighth of the small English pipeline's time on news text.
Almost every pattern tests one token for equal values (``TAG``, ``LOWER``, ``DEP``,
``IS_SPACE``, or ``IN`` a list of them), so :func:`speed_up_attribute_ruler` finds those
matches by dictionary lookups on the doc's arrays. The dozen others (``NOT_IN``,
``REGEX``, two-token sequences such as "gon na") are tested on the same arrays, once per
distinct row of values; only a pattern beyond these (an operator, another attribute)
would go to a ``Matcher`` of its own. Every match is applied in spaCy's own order (by
pattern number, so that later rules win). The annotations are the
same as spaCy's: ``tests/nlp/test_speedups.py`` compares them token by token.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from spacy.attrs import IDS, LEMMA, MORPH, ORTH, POS
from spacy.language import Language
from spacy.matcher import Matcher
from spacy.pipeline import AttributeRuler, Lemmatizer
from spacy.tokens import Doc
from spacy.tokens._retokenize import set_token_attrs

_FAST_ATTRS = ("DEP", "IS_SPACE", "LOWER", "TAG")


def _values(vocab: Any, attr: str, spec: Any) -> list[int] | None:
    """The token-array values a one-token pattern accepts for ``attr``; None when the
    pattern needs the general matcher."""
    if isinstance(spec, dict):
        if set(spec) != {"IN"}:
            return None
        options = list(spec["IN"])
    else:
        options = [spec]
    out: list[int] = []
    for value in options:
        if attr == "IS_SPACE":
            if not isinstance(value, bool):
                return None
            out.append(int(value))
        elif isinstance(value, str):
            out.append(vocab.strings.add(value))
        else:
            return None
    return out


# one test of one token: (attribute, "IN" | "NOT_IN" | "REGEX", values or pattern)
_Test = tuple[str, str, Any]
# for a row of column values: (one-token rule numbers, multi-token patterns it can start,
# (multi pattern, position after the first) pairs it can fill)
_RowInfo = tuple[tuple[int, ...], tuple[int, ...], frozenset[tuple[int, int]]]


def _tests(vocab: Any, token: dict[str, Any]) -> list[_Test] | None:
    """The tests of one token pattern whose attributes are all in ``_FAST_ATTRS`` with
    equal, ``IN``, ``NOT_IN`` or ``REGEX`` values; None when it needs the general matcher
    (an operator, another attribute or predicate)."""
    tests: list[_Test] = []
    for attr, spec in token.items():
        if attr not in _FAST_ATTRS:
            return None
        if isinstance(spec, dict) and len(spec) == 1 and "REGEX" in spec:
            if attr == "IS_SPACE" or not isinstance(spec["REGEX"], str):
                return None
            tests.append((attr, "REGEX", re.compile(spec["REGEX"])))
            continue
        op = "NOT_IN" if isinstance(spec, dict) and set(spec) == {"NOT_IN"} else "IN"
        values = _values(vocab, attr, {"IN": spec["NOT_IN"]} if op == "NOT_IN" else spec)
        if values is None:
            return None
        tests.append((attr, op, frozenset(values)))
    return tests


class FastAttributeMatcher:
    """Finds which of an ``AttributeRuler``'s rules apply to which token."""

    def __init__(self, ruler: AttributeRuler) -> None:
        vocab = ruler.vocab
        self.vocab = vocab
        self.indices = ruler.indices
        self.slow = Matcher(vocab, validate=False)
        # (attr names) -> {(values...): [pattern numbers]}
        self.tables: dict[tuple[str, ...], dict[tuple[int, ...], list[int]]] = {}
        # one-token patterns with NOT_IN or REGEX: (number, tests)
        self.single: list[tuple[int, list[_Test]]] = []
        # patterns of several tokens: (number, tests of each token)
        self.multi: list[tuple[int, list[list[_Test]]]] = []
        for number in range(len(ruler.attrs)):  # AttributeRuler keys its rules "0", "1", ...
            got = ruler.matcher.get(str(number))
            for pattern in got[1] if got else []:
                if not self._add_fast(number, pattern) and not self._add_tests(number, pattern):
                    self.slow.add(str(number), [pattern])
        used = {a for schema in self.tables for a in schema}
        used |= {t[0] for _, tests in self.single for t in tests}
        used |= {t[0] for _, seq in self.multi for tests in seq for t in tests}
        self.columns = sorted(used)
        self._cache: dict[tuple[int, ...], _RowInfo] = {}

    def _add_fast(self, number: int, pattern: list[dict[str, Any]]) -> bool:
        if len(pattern) != 1 or not pattern[0] or not set(pattern[0]) <= set(_FAST_ATTRS):
            return False
        schema = tuple(sorted(pattern[0]))
        choices = [_values(self.vocab, a, pattern[0][a]) for a in schema]
        if any(c is None for c in choices):
            return False
        combos: list[tuple[int, ...]] = [()]
        for c in choices:
            assert c is not None
            combos = [(*prefix, v) for prefix in combos for v in c]
        table = self.tables.setdefault(schema, defaultdict(list))
        for combo in combos:
            table[combo].append(number)
        return True

    def _add_tests(self, number: int, pattern: list[dict[str, Any]]) -> bool:
        checked: list[list[_Test]] = []
        for token in pattern:
            tests = _tests(self.vocab, token)
            if not tests:
                return False
            checked.append(tests)
        index = self.indices[number]
        if not checked or not -len(checked) <= index < len(checked):
            return False  # spaCy raises on such a rule; leave it to spaCy's matcher
        if len(checked) == 1:
            self.single.append((number, checked[0]))
        else:
            self.multi.append((number, checked))
        return True

    def __call__(self, doc: Doc) -> dict[int, tuple[int, ...]]:
        """Token index -> the numbers of the rules that set its attributes, in the order
        spaCy applies them (ascending: later rules win)."""
        rules: dict[int, tuple[int, ...]] = {}
        if self.columns:
            rows = doc.to_array([IDS[a] for a in self.columns]).tolist()
            infos = [self._row(tuple(r)) for r in rows]
            for i, (numbers, _, _) in enumerate(infos):
                if numbers:
                    rules[i] = numbers
            for i, (_, starts, _) in enumerate(infos):
                for p in starts:  # a multi-token pattern whose first token this one fits
                    n, seq = self.multi[p]
                    end = i + len(seq)
                    if end <= len(infos) and all(
                        (p, k) in infos[i + k][2] for k in range(1, len(seq))
                    ):
                        self._add(rules, n, i, end)
        if len(self.slow):
            for key, start, end in self.slow(doc, allow_missing=True):
                self._add(rules, int(self.vocab.strings[key]), start, end)
        return rules

    def _add(self, rules: dict[int, tuple[int, ...]], n: int, start: int, end: int) -> None:
        index = self.indices[n]
        i = (start if index >= 0 else end) + index
        if not start <= i < end:
            raise ValueError(f"attribute ruler rule {n}: index {index} outside its match")
        rules[i] = tuple(sorted((*rules.get(i, ()), n)))

    def _row(self, row: tuple[int, ...]) -> _RowInfo:
        """For a token with these column values: the one-token rules it matches, the
        multi-token patterns it can start, and the (pattern, position) pairs after the
        first it can fill (cached: news text repeats its (tag, word) pairs)."""
        got = self._cache.get(row)
        if got is None:
            where = dict(zip(self.columns, row, strict=True))
            found: list[int] = []
            for schema, table in self.tables.items():
                found.extend(table.get(tuple(where[a] for a in schema), ()))
            found.extend(n for n, tests in self.single if self._passes(where, tests))
            starts = tuple(
                p for p, (_, seq) in enumerate(self.multi) if self._passes(where, seq[0])
            )
            fills = frozenset(
                (p, k)
                for p, (_, seq) in enumerate(self.multi)
                for k, tests in enumerate(seq)
                if k and self._passes(where, tests)
            )
            got = self._cache[row] = (tuple(sorted(found)), starts, fills)
        return got

    def _passes(self, where: dict[str, int], tests: list[_Test]) -> bool:
        for attr, op, operand in tests:
            value = where[attr]
            if op == "IN":
                ok = value in operand
            elif op == "NOT_IN":
                ok = value not in operand
            else:  # REGEX, searched in the attribute's text as spaCy's matcher does
                ok = operand.search(self.vocab.strings[value] if value else "") is not None
            if not ok:
                return False
        return True


def speed_up_attribute_ruler(nlp: Language, name: str = "attribute_ruler") -> bool:
    """Give the pipeline's attribute ruler the fast matcher. False (and nothing changed)
    when the pipeline has no such component or its patterns are not as expected."""
    if name not in nlp.pipe_names:
        return False
    ruler = nlp.get_pipe(name)
    if not isinstance(ruler, AttributeRuler):
        return False
    if len(ruler.matcher) != len(ruler.attrs) or any("_" in a for a in ruler.attrs):
        return False  # not keyed as AttributeRuler keys its rules, or sets extensions
    attrs = ruler.attrs
    merged: dict[tuple[int, ...], dict[Any, Any]] = {}

    def set_annotations(doc: Doc, rules: dict[int, tuple[int, ...]]) -> None:
        # a token's rules, in order, merged into one assignment (later rules win, as when
        # spaCy applies them one by one)
        for i, numbers in rules.items():
            values = merged.get(numbers)
            if values is None:
                values = merged[numbers] = {k: v for n in numbers for k, v in attrs[n].items()}
            set_token_attrs(doc[i], values)

    ruler.match = FastAttributeMatcher(ruler)  # type: ignore[method-assign]
    ruler.set_annotations = set_annotations  # type: ignore[method-assign]
    return True


def speed_up_lemmatizer(nlp: Language, name: str = "lemmatizer") -> bool:
    """Give the pipeline's rule or lookup lemmatizer an array-based ``__call__``. Its
    lemma for a token depends only on the token's text, POS and morphology, so each
    (text, POS, morphology) is lemmatized once by spaCy's own code and remembered; the
    lemmas are written back in one array. False (and nothing changed) when the pipeline
    has no such lemmatizer."""
    if name not in nlp.pipe_names:
        return False
    lemmatizer = nlp.get_pipe(name)
    if not isinstance(lemmatizer, Lemmatizer) or lemmatizer.mode not in ("rule", "lookup"):
        return False
    base = type(lemmatizer)
    remembered: dict[tuple[int, int, int], int] = {}

    def __call__(self: Lemmatizer, doc: Doc) -> Doc:
        if not self._validated:
            return base.__call__(self, doc)  # the first doc: spaCy checks its tables
        rows = doc.to_array([ORTH, POS, MORPH, LEMMA])
        strings = doc.vocab.strings
        for i, (orth, pos, morph, lemma) in enumerate(rows.tolist()):
            if lemma and not self.overwrite:
                continue  # set by the attribute ruler
            key = (orth, pos, morph)
            got = remembered.get(key)
            if got is None:
                got = remembered[key] = strings.add(self.lemmatize(doc[i])[0])
            rows[i, 3] = got
        doc.from_array([LEMMA], rows[:, 3:4])  # type: ignore[arg-type]
        return doc

    lemmatizer.__class__ = type(f"Fast{base.__name__}", (base,), {"__call__": __call__})
    return True
