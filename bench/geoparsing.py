"""Geoparsing on GeoWebNews dev: the population baseline, our place stage and its ablations,
on the tune half (whose errors we read) and the check half (only measured).

The spaCy pipeline runs once up to the entity recogniser and parser; each system then
reads the same parsed documents:

* ``population baseline``: spaCy's GPE/LOC/FAC entities, each resolved to the most
  populous gazetteer entry of that name (the floor of Gritta et al. 2019);
* ``ours``: the places component as shipped (the hand-weighted score of
  extract.geo.resolve: hand order with the article's countries first, the region written
  beside a name, coherence with the article's other places);
* ``ours, no ...``: that evidence left out (country focus: no country context at all);
* ``learned ranker``: the logistic regression of models/place-ranker instead of the
  hand-weighted score (with its ablations: the feature group zeroed, not retrained).

Figures: recognition F1 of literal toponyms, acc@161 on recognised toponyms, acc@161 end
to end, country accuracy (extract.evaluate.geo). ``--errors`` prints the tune half's
resolution errors of ``ours`` (never the check half's).

Run: .venv/bin/python bench/geoparsing.py [--errors] [--features OUT.jsonl]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from spacy.tokens import Doc

from extract import Extractor, Settings
from extract.evaluate.corpus import GoldDoc
from extract.evaluate.geo import GeoDoc, GoldToponym, geoparsing_scores
from extract.evaluate.halves import HALVES, gold_id, half_of
from extract.evaluate.metrics import haversine_km
from extract.evaluate.run import input_article, load_gold
from extract.geo import shared_gazetteer
from extract.geo.resolve import ResolverOptions
from extract.nlp.places import PlacesComponent

ROOT = Path(__file__).resolve().parents[1]
GWN = ROOT.parent / "shared" / "data" / "dev" / "geowebnews-dev"


@dataclass(frozen=True)
class Pred:
    start: int
    end: int
    lat: float | None
    lon: float | None
    country_code: str | None


def _geo_doc(gold: GoldDoc, places: Iterable[Pred]) -> GeoDoc:
    return GeoDoc(
        toponyms=[
            GoldToponym(t["start"], t["end"], t["lat"], t["lon"], t.get("country"))
            for t in gold.meta["toponyms"]
        ],
        other_spans=[(t["start"], t["end"]) for t in gold.meta.get("other_toponyms", ())],
        places=list(places),
    )


def population_baseline(doc: Doc) -> list[Pred]:
    gaz = shared_gazetteer(None)
    out: list[Pred] = []
    for ent in doc.ents:
        if ent.label_ not in ("GPE", "LOC", "FAC"):
            continue
        found = gaz.lookup(ent.text)
        best = max(found, key=lambda e: e.population) if found else None
        out.append(
            Pred(
                ent.start_char,
                ent.end_char,
                best.lat if best else None,
                best.lon if best else None,
                best.country_code if best else None,
            )
        )
    return out


def places_system(component: PlacesComponent) -> Callable[[Doc], list[Pred]]:
    def run(doc: Doc) -> list[Pred]:
        component(doc)
        return [
            Pred(p["start"], p["end"], p["lat"], p["lon"], p["country_code"])
            for p in [*doc._.places, *doc._.embedded_places]
        ]

    return run


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--errors", action="store_true", help="print the tune half's errors")
    ap.add_argument("--features", type=Path, help="write the tune half's candidate features")
    args = ap.parse_args()
    if not GWN.exists():
        print(f"{GWN} is not here; nothing to measure")
        return
    t0 = time.perf_counter()
    extractor = Extractor(Settings())
    nlp = extractor.nlp
    golds = load_gold(GWN, "geowebnews")
    keep = [
        n
        for n in nlp.pipe_names
        if not n.startswith(("times", "quantities", "places", "actors", "coding", "events"))
    ]
    with nlp.select_pipes(enable=keep):
        docs = list(nlp.pipe(extractor._doc(input_article(g)) for g in golds))
    parsed = time.perf_counter() - t0
    base = nlp.get_pipe("places")
    assert isinstance(base, PlacesComponent)
    systems: list[tuple[str, Callable[[Doc], list[Pred]]]] = [
        ("population baseline", population_baseline),
        ("ours", places_system(base)),
    ]
    for label, opts in (
        ("ours, no country focus", ResolverOptions(country_focus=False)),
        ("ours, no coherence", ResolverOptions(coherence=False)),
        ("ours, no admin context", ResolverOptions(admin_context=False)),
        (
            "ours, no context at all (hand order)",
            ResolverOptions(country_focus=False, coherence=False, admin_context=False),
        ),
        ("learned ranker", ResolverOptions(ranker=True)),
        ("learned ranker, no country focus", ResolverOptions(ranker=True, country_focus=False)),
        ("learned ranker, no coherence", ResolverOptions(ranker=True, coherence=False)),
    ):
        comp = PlacesComponent(nlp, "places", None, options=opts)
        systems.append((label, places_system(comp)))
    halves = [half_of(gold_id(g)) for g in golds]
    print(
        f"GeoWebNews dev: {len(golds)} documents ({halves.count('tune')} tune / "
        f"{halves.count('check')} check); parsed in {parsed:.0f} s\n"
    )
    header = (
        "| system | half | recognition F1 | acc@161 | acc@161 end to end | country | median km |"
    )
    print(header)
    print("|---|---|---|---|---|---|---|")
    for label, system in systems:
        started = time.perf_counter()
        preds = [system(d) for d in docs]
        spent = time.perf_counter() - started
        for half in HALVES:
            r = geoparsing_scores(
                _geo_doc(g, p) for g, p, h in zip(golds, preds, halves, strict=True) if h == half
            )
            print(
                f"| {label} | {half} | {r['recognition']['f1']:.3f} | "
                f"{r['acc161']['accuracy']:.3f} | {r['acc161_end_to_end']['accuracy']:.3f} | "
                f"{r['country']['accuracy']:.3f} ({r['country']['correct']}/{r['country']['n']}) | {r['error_km_median']} |"
            )
        print(f"<!-- {label}: {spent:.2f} s -->", file=sys.stderr)
        if label == "ours":
            metonyms = {h: _metonyms_as_places(golds, preds, halves, h) for h in HALVES}
        if label == "ours" and args.errors:
            _print_errors(golds, docs, preds, halves)
    print(
        "\nMetonymic toponyms (a country or town standing for its government, team or "
        "people: 'Ankara warned') that ours took as places, fewer is better: "
        + ", ".join(f"{h} {a}/{n}" for h, (a, n) in metonyms.items())
    )
    if args.features:
        _write_features(args.features, base, golds, docs, halves)


def _metonyms_as_places(
    golds: list[GoldDoc], preds: list[list[Pred]], halves: list[str], half: str
) -> tuple[int, int]:
    """(taken as places, all) over the gold toponyms typed Metonymic in ``half``."""
    taken = total = 0
    for g, p, h in zip(golds, preds, halves, strict=True):
        if h != half:
            continue
        for t in g.meta.get("other_toponyms", ()):
            if t["type"] != "Metonymic":
                continue
            total += 1
            taken += any(x.start < t["end"] and t["start"] < x.end for x in p)
    return taken, total


def _print_errors(
    golds: list[GoldDoc], docs: list[Doc], preds: list[list[Pred]], halves: list[str]
) -> None:
    for gold, doc, pred, half in zip(golds, docs, preds, halves, strict=True):
        if half != "tune":
            continue
        text = doc.text
        for t in gold.meta["toponyms"]:
            best = max(
                (p for p in pred if p.start < t["end"] and t["start"] < p.end),
                key=lambda p: min(p.end, t["end"]) - max(p.start, t["start"]),
                default=None,
            )
            if best is None:
                ctx = text[max(0, t["start"] - 40) : t["end"] + 30].replace("\n", " ")
                print(
                    f"MISS {t.get('type')} {text[t['start'] : t['end']]!r} [{ctx}]", file=sys.stderr
                )
                continue
            km = (
                haversine_km(t["lat"], t["lon"], best.lat, best.lon)
                if best.lat is not None and best.lon is not None
                else math.inf
            )
            if best.country_code != t.get("country") and t.get("country"):
                ctx = text[max(0, t["start"] - 30) : t["end"] + 30].replace("\n", " ")
                print(
                    f"COUNTRY {text[best.start : best.end]!r} -> {best.country_code} gold "
                    f"{t.get('country')} {km:.0f} km [{ctx}]",
                    file=sys.stderr,
                )
            if km > 161:
                ctx = text[max(0, t["start"] - 40) : t["end"] + 40].replace("\n", " ")
                print(
                    f"WRONG {text[best.start : best.end]!r} -> {best.country_code} "
                    f"({best.lat},{best.lon}) gold {t.get('country')} ({t['lat']:.2f},"
                    f"{t['lon']:.2f}) {km:.0f} km [{ctx}]",
                    file=sys.stderr,
                )


def _write_features(
    path: Path, comp: PlacesComponent, golds: list[GoldDoc], docs: list[Doc], halves: list[str]
) -> None:
    """One JSON line per (recognised tune toponym, candidate): features and whether the
    candidate lies within 161 km of the gold point; the training data of the ranker."""
    rows: list[dict[str, Any]] = []
    for gold, doc, half in zip(golds, docs, halves, strict=True):
        if half != "tune":
            continue
        for mention, cands in comp.candidate_features(doc):
            for t in gold.meta["toponyms"]:
                if mention.start < t["end"] and t["start"] < mention.end:
                    for c in cands:
                        km = haversine_km(t["lat"], t["lon"], c.entry.lat, c.entry.lon)
                        rows.append(
                            {
                                "doc": gold_id(gold),
                                "m": mention.start,
                                "y": int(km <= 161),
                                "x": c.features,
                            }
                        )
                    break
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    print(f"wrote {len(rows)} candidate rows to {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
