"""Blocking: only events that could be one event are ever compared.

A block holds the events of one outer group (an ECB+ topic; none in an archive), one
PLOVER type, one status group (``asserted`` and ``historical`` together: both say it
happened; ``future``, ``required``, ``hypothetical`` and ``negated`` each apart) and one
country, whose days (the event date, else the publication date) form a run without a
gap of more than ``gap_days`` and span at most ``span_days``. Events with no day at all
form one block per key. Without days (``by_day=False``: ECB+, whose documents carry no
publication dates) a key's events are one block. Comparing within blocks keeps the work near-linear in the
number of events."""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from extract.cluster.items import EventItem, copy_key

GAP_DAYS = 3
SPAN_DAYS = 14


@dataclass(frozen=True)
class Blocking:
    """How events are put into blocks."""

    gap_days: int = GAP_DAYS
    span_days: int = SPAN_DAYS
    by_type: bool = True
    by_country: bool = True
    by_status: bool = True
    by_day: bool = True  # False: one block per key, whatever the days


DEFAULT_BLOCKING = Blocking()


def block_key(item: EventItem, blocking: Blocking = DEFAULT_BLOCKING) -> tuple[str, str, str, str]:
    return (
        item.group,
        item.type if blocking.by_type else "",
        item.status_group if blocking.by_status else "",
        (item.country or "") if blocking.by_country else "",
    )


def split_sorted(
    items: Iterable[EventItem], blocking: Blocking = DEFAULT_BLOCKING
) -> Iterator[list[EventItem]]:
    """Blocks of a stream of events sorted by block key, then day (undated last within a
    key): runs of days without a gap over ``gap_days``, at most ``span_days`` long, and
    one block of a key's undated events. Holds one block at a time."""
    block: list[EventItem] = []
    key: tuple[str, str, str, str] | None = None
    for it in items:
        k = block_key(it, blocking)
        if block:
            first, last = block[0].day, block[-1].day
            if k != key or (blocking.by_day and (
                (first is None) != (it.day is None)
                or (it.day is not None and last is not None and first is not None
                    and ((it.day - last).days > blocking.gap_days
                         or (it.day - first).days > blocking.span_days))
            )):  # fmt: skip
                yield block
                block = []
        key = k
        block.append(it)
    if block:
        yield block


def blocks(
    items: Iterable[EventItem], blocking: Blocking = DEFAULT_BLOCKING
) -> Iterator[list[EventItem]]:
    """Every block of ``items`` (held in memory; the archive runner streams instead).

    Copies of one report (:func:`~extract.cluster.items.copy_key`) share a block, as in
    the archive: each copy's country and status group become the ones most of them give
    and its day the earliest of theirs (the items are updated)."""
    items = list(items)
    copies: dict[str, list[EventItem]] = defaultdict(list)
    for it in items:
        copies[copy_key(it)].append(it)
    for group in copies.values():
        if len(group) > 1:
            countries = Counter(it.country for it in group if it.country)
            days = [it.day for it in group if it.day is not None]
            status = Counter(it.status_group for it in group).most_common(1)[0][0]
            for it in group:
                it.country = countries.most_common(1)[0][0] if countries else it.country
                it.day = min(days) if days else it.day
                it.block_status = status
    by_key: dict[tuple[str, str, str, str], list[EventItem]] = defaultdict(list)
    for it in items:
        by_key[block_key(it, blocking)].append(it)
    for key in sorted(by_key):
        group = by_key[key]
        group.sort(key=lambda it: (it.day is None, it.day or dt.date.min))
        yield from split_sorted(group, blocking)
