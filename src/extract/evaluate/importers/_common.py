"""What every importer needs: finding the files, rebuilding text from tokens, and turning
collected spans into validated records with ids in text order."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

from extract.errors import InputError
from extract.records import (
    MENTION_MODELS,
    MENTION_PREFIXES,
    Argument,
    Article,
    ArticleResult,
    Event,
    Span,
    TimexMod,
    TimexType,
)

# Penn-Treebank-style tokens written without a space before / after them when text is
# rebuilt from tokens ("Kenya 's" -> "Kenya's", "$ 25" -> "$25").
_NO_SPACE_BEFORE = frozenset(
    {",", ".", ";", ":", "!", "?", ")", "]", "}", "%", "''", "\u201d", "n't", "'s", "'ve",
     "'re", "'ll", "'d", "'m", "\u2019s"}
)  # fmt: skip
_NO_SPACE_AFTER = frozenset({"(", "[", "{", "$", "US$", "\u00a3", "\u20ac", "``", "\u201c", "#"})

Handle = tuple[str, int]
"""A collected mention: its kind and its index among that kind's collected spans."""

_TIMEX_TYPES = frozenset(get_args(TimexType))
_TIMEX_MODS = frozenset(get_args(TimexMod))


def gold_files(path: Path, pattern: str) -> list[Path]:
    """``path`` itself when it is a file, else every file under it matching ``pattern``."""
    if path.is_file():
        return [path]
    if not path.is_dir():
        raise InputError(f"no such gold file or folder: {path}")
    return sorted(p for p in path.rglob(pattern) if p.is_file())


def parse_xml(path: Path, what: str) -> ET.Element:
    """The root element of an XML gold file, or an InputError naming the format."""
    try:
        return ET.parse(path).getroot()
    except ET.ParseError as exc:
        raise InputError(f"not {what}: {exc}", source=str(path)) from exc


def parse_date(value: str | None) -> dt.date | None:
    """The date at the start of a TIMEX3 value ("1998-08-07T06:18" -> 1998-08-07)."""
    if not value or len(value) < 10:
        return None
    try:
        return dt.date.fromisoformat(value[:10])
    except ValueError:
        return None


def ptb_spacing(tokens: Sequence[str]) -> list[bool]:
    """Whether each token is preceded by a space, undoing Penn-Treebank tokenisation."""
    out: list[bool] = []
    for i, tok in enumerate(tokens):
        if i == 0:
            out.append(False)
        else:
            out.append(tok not in _NO_SPACE_BEFORE and tokens[i - 1] not in _NO_SPACE_AFTER)
    return out


@dataclass(frozen=True)
class TokenText:
    """Text rebuilt from tokenised sentences, with each token's character offsets."""

    text: str
    starts: list[int]
    ends: list[int]
    sentence_of: list[int]
    sentences: list[tuple[int, int]]

    def span(self, first: int, last: int) -> tuple[int, int]:
        """Character span of tokens ``first`` to ``last`` (both included)."""
        lo, hi = min(first, last), max(first, last)
        return self.starts[lo], self.ends[hi]

    def sentence_span(self, token: int) -> tuple[int, int]:
        """Character span of the sentence holding ``token``."""
        return self.sentences[self.sentence_of[token]]


def join_tokens(
    sentences: Sequence[Sequence[str]],
    spaced: Sequence[Sequence[bool]] | None = None,
    breaks: Sequence[str] | None = None,
) -> TokenText:
    """Rebuild a text from tokenised sentences.

    Args:
        sentences: the tokens of each sentence.
        spaced: per token, whether a space precedes it within its sentence (default: all
            but the first).
        breaks: what separates each sentence from the next (default ``"\\n"``).
    """
    parts: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    sentence_of: list[int] = []
    spans: list[tuple[int, int]] = []
    pos = 0
    for si, toks in enumerate(sentences):
        if si > 0:
            sep = breaks[si - 1] if breaks is not None else "\n"
            parts.append(sep)
            pos += len(sep)
        s0 = pos
        for ti, tok in enumerate(toks):
            if ti > 0 and (spaced is None or spaced[si][ti]):
                parts.append(" ")
                pos += 1
            starts.append(pos)
            parts.append(tok)
            pos += len(tok)
            ends.append(pos)
            sentence_of.append(si)
        spans.append((s0, pos))
    return TokenText("".join(parts), starts, ends, sentence_of, spans)


@dataclass
class PendingEvent:
    """An event whose arguments still point at collected mentions, not at ids."""

    type: str
    subtype: str | None
    trigger: tuple[int, int]
    sentence: tuple[int, int]
    arguments: list[tuple[str, Handle]] = field(default_factory=list)


class Mentions:
    """Collects one document's mention spans; ids are given in text order at the end.

    The same span of the same kind is collected once, so two events sharing an argument
    share its mention.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self._items: dict[str, list[dict[str, Any]]] = {k: [] for k in MENTION_PREFIXES}
        self._seen: dict[tuple[str, int, int], int] = {}

    def add(self, group: str, start: int, end: int, /, **fields: Any) -> Handle:
        """Collect a mention of ``group`` ("times", ...) over ``text[start:end]``; ``fields``
        are the record's other fields."""
        key = (group, start, end)
        if key in self._seen:
            return group, self._seen[key]
        items = self._items[group]
        items.append({**fields, "start": start, "end": end, "text": self.text[start:end]})
        self._seen[key] = len(items) - 1
        return group, len(items) - 1

    def add_timex(self, start: int, end: int, attrs: dict[str, str]) -> Handle:
        """A gold TIMEX3 from its XML attributes (value, type, mod)."""
        return self.add(
            "times",
            start,
            end,
            value=attrs.get("value") or None,
            type=attrs.get("type") if attrs.get("type") in _TIMEX_TYPES else "DATE",
            mod=attrs.get("mod") if attrs.get("mod") in _TIMEX_MODS else None,
        )

    def result(self, article: Article, events: Sequence[PendingEvent] = ()) -> ArticleResult:
        """Validated records: mentions t1.., q1.., p1.., a1.. and events e1.. in text order."""
        lists: dict[str, list[Any]] = {}
        ids: dict[Handle, str] = {}
        for kind, prefix in MENTION_PREFIXES.items():
            items = self._items[kind]
            order = sorted(range(len(items)), key=lambda i: (items[i]["start"], items[i]["end"]))
            lists[kind] = []
            for n, i in enumerate(order, start=1):
                ids[(kind, i)] = f"{prefix}{n}"
                lists[kind].append(
                    MENTION_MODELS[kind].model_validate({**items[i], "id": f"{prefix}{n}"})
                )
        out: list[Event] = []
        for n, ev in enumerate(sorted(events, key=lambda e: e.trigger), start=1):
            args: list[Argument] = []
            seen: set[tuple[str, str]] = set()
            for role, handle in ev.arguments:
                ref = ids[handle]
                if (role, ref) in seen:
                    continue
                seen.add((role, ref))
                kind, i = handle
                text = self._items[kind][i]["text"]
                args.append(Argument.model_validate({"role": role, "ref": ref, "text": text}))
            out.append(
                Event.model_validate(
                    {
                        "id": f"e{n}",
                        "type": ev.type,
                        "subtype": ev.subtype,
                        "trigger": self.span(*ev.trigger),
                        "sentence": self.span(*ev.sentence),
                        "arguments": args,
                        "status": "asserted",
                        "confidence": 1.0,
                    }
                )
            )
        return ArticleResult(article=article, events=out, **lists)

    def span(self, start: int, end: int) -> Span:
        """A :class:`Span` over ``text[start:end]``."""
        return Span(start=start, end=end, text=self.text[start:end])
