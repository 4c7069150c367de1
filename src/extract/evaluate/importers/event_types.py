"""Public event ontologies (KAIROS, AIDA) -> PLOVER, from ``resources/event_type_map.json``."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from extract.tables import load_table

Ontology = Literal["kairos", "aida"]
_RAMS_ROLE = re.compile(r"^evt\d+arg\d+")


@dataclass(frozen=True)
class MappedType:
    """Where an ontology's event type lands in PLOVER, and its role overrides."""

    type: str
    subtype: str | None
    roles: Mapping[str, str | None]


def map_event_type(ontology: Ontology, name: str) -> MappedType | None:
    """The PLOVER type of ``name`` (e.g. "Conflict.Attack.Unspecified"), or None when the
    ontology's type has no PLOVER counterpart. The longest table key that is a dotted
    prefix of ``name`` decides; a null entry stops the search."""
    table: dict[str, Any] = load_table("event_type_map")[ontology]
    parts = name.lower().split(".")
    for n in range(len(parts), 0, -1):
        key = ".".join(parts[:n])
        if key in table:
            entry = table[key]
            if entry is None:
                return None
            return MappedType(entry["type"], entry.get("subtype"), entry.get("roles", {}))
    return None


def map_role(mapped: MappedType, role: str) -> str | None:
    """Our argument role for an ontology's role ("Attacker", "evt089arg01victim"), or
    None when we do not code it."""
    key = role_key(role)
    if key in mapped.roles:
        return mapped.roles[key]
    shared: dict[str, str] = load_table("event_type_map")["roles"]
    return shared.get(key)


def role_key(role: str) -> str:
    """An ontology's role as the table names it: "Attacker" -> "attacker",
    "evt089arg01victim" -> "victim"."""
    return _RAMS_ROLE.sub("", role).lower()
