"""Turning events of a public ontology (KAIROS, AIDA) into PLOVER gold events."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from extract.evaluate.importers._common import Mentions, PendingEvent
from extract.evaluate.importers.event_types import (
    Ontology,
    map_event_type,
    map_role,
    role_key,
)
from extract.nlp.quantities import read_quantity

_QUANTITY_ROLES = frozenset(
    {"released", "exchanged", "fatalities", "injured", "arrested", "displaced", "troops",
     "money", "participants", "count"}
)  # fmt: skip


class EventSink:
    """Collects one document's events, mapped to PLOVER; counts what it drops."""

    def __init__(self, ontology: Ontology, mentions: Mentions) -> None:
        self.ontology = ontology
        self.mentions = mentions
        self.events: list[PendingEvent] = []
        self.dropped: Counter[str] = Counter()
        self.dropped_roles: Counter[str] = Counter()

    def add(
        self,
        event_type: str,
        trigger: tuple[int, int],
        sentence: tuple[int, int],
        arguments: Sequence[tuple[str, tuple[int, int]]],
    ) -> None:
        """Add one event: its ontology type, trigger and sentence spans, and its arguments
        as (ontology role, character span). Unmapped types and roles are counted, not kept."""
        mapped = map_event_type(self.ontology, event_type)
        if mapped is None:
            self.dropped[event_type] += 1
            return
        ev = PendingEvent(mapped.type, mapped.subtype, trigger, sentence)
        for role, (start, end) in arguments:
            ours = map_role(mapped, role)
            if ours is None:
                self.dropped_roles[role_key(role)] += 1
                continue
            ev.arguments.append((ours, self._mention(ours, start, end)))
        self.events.append(ev)

    def _mention(self, role: str, start: int, end: int) -> tuple[str, int]:
        text = self.mentions.text[start:end]
        if role == "place":
            return self.mentions.add("places", start, end, name=text, kind="unknown")
        if role in _QUANTITY_ROLES:
            reading = read_quantity(text)
            fields: dict[str, Any] = {}
            if reading is not None:
                fields = {
                    "value": reading.value,
                    "lower": reading.lower,
                    "upper": reading.upper,
                    "approximate": reading.approximate,
                    "unit": reading.unit,
                }
            return self.mentions.add("quantities", start, end, **fields)
        return self.mentions.add("actors", start, end, name=text, canonical=text)

    def meta(self) -> dict[str, Any]:
        """What was dropped: ``dropped_events`` (count), ``dropped_types`` (per ontology
        type) and ``dropped_roles`` (arguments of kept events, per ontology role)."""
        return {
            "dropped_events": sum(self.dropped.values()),
            "dropped_types": dict(sorted(self.dropped.items())),
            "dropped_roles": dict(sorted(self.dropped_roles.items())),
        }
