"""Our actors and places against plain spaCy entities, in one run.

The baseline is what a user gets from the same spaCy model alone: PERSON, ORG and NORP
entities as actors; GPE, LOC and FAC entities as places. Both are scored by the project
scorer (strict and relaxed mention F1).

Run: .venv/bin/python bench/entities_vs_spacy.py [GOLD FORMAT] ...
     (default: ../shared/data/dev/meantime-apple meantime data/annotated/dev.jsonl native)
"""

from __future__ import annotations

import sys
from pathlib import Path

from extract import Extractor, Settings
from extract.evaluate.corpus import GoldDoc
from extract.evaluate.run import input_article, load_gold
from extract.evaluate.scorer import score
from extract.records import ActorMention, ArticleResult, PlaceMention

ACTOR_LABELS = ("PERSON", "ORG", "NORP")
PLACE_LABELS = ("GPE", "LOC", "FAC")


def spacy_entities(nlp, gold: GoldDoc) -> ArticleResult:
    art = input_article(gold)
    doc = nlp(art.text)
    actors: list[ActorMention] = []
    places: list[PlaceMention] = []
    for ent in doc.ents:
        span = {"start": ent.start_char, "end": ent.end_char, "text": ent.text}
        if ent.label_ in ACTOR_LABELS:
            actors.append(
                ActorMention(id=f"a{len(actors) + 1}", name=ent.text, canonical=ent.text, **span)
            )
        elif ent.label_ in PLACE_LABELS:
            places.append(PlaceMention(id=f"p{len(places) + 1}", name=ent.text, **span))
    return ArticleResult(article=art, actors=actors, places=places)


def main() -> None:
    args = sys.argv[1:] or [
        "../shared/data/dev/meantime-apple",
        "meantime",
        "data/annotated/dev.jsonl",
        "native",
    ]
    extractor = Extractor(Settings())
    plain = extractor.nlp  # the same model; the baseline reads only its entities
    for path, fmt in zip(args[::2], args[1::2], strict=True):
        if not Path(path).exists():
            print(f"\n{path}: not here, skipped")
            continue
        docs = [d for d in load_gold(Path(path), fmt) if {"actors", "places"} & d.scope]
        ours = score(
            zip(docs, extractor.process_articles(input_article(d) for d in docs), strict=True)
        )
        base = score((d, spacy_entities(plain, d)) for d in docs)
        print(f"\n{path} ({len(docs)} documents)")
        print("| kind | gold | system | strict P / R / F1 | relaxed P / R / F1 |")
        print("|---|---|---|---|---|")
        for kind in ("actors", "places"):
            for name, rep in (("newsevents", ours), ("spaCy entities", base)):
                m = rep["mentions"].get(kind)
                if m is None:
                    continue
                s, r = m["strict"], m["relaxed"]
                print(
                    f"| {kind} | {m['gold']} | {name} "
                    f"| {s['p']:.3f} / {s['r']:.3f} / {s['f1']:.3f} "
                    f"| {r['p']:.3f} / {r['r']:.3f} / {r['f1']:.3f} |"
                )
        checks = ours["mentions"].get("places", {}).get("on_matched", {})
        for key in ("country_code", "country_code_resolved"):
            if key in checks:
                c = checks[key]
                print(f"places {key} accuracy: {c['accuracy']:.3f} ({c['correct']}/{c['n']})")


if __name__ == "__main__":
    main()
