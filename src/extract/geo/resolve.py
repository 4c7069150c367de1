"""Resolving an article's place names together: each name's gazetteer candidates are
scored with what the rest of the article says.

Features of a candidate (all in [0, 1]):

* its kind, tier (module docstring of :mod:`extract.geo.gazetteer`), alias grade and
  log population, and where the hand-weighted order (:func:`hand_order`) puts it;
* **country focus**: the share of the article's evidence for the candidate's country
  (a wire dateline's country, countries named, names all of whose candidates lie in one
  country), whether that country leads, whether the article names it;
* **coherence**: the share of the article's other places (their first-pass picks) lying
  within 300 km of the candidate, and its log distance to the nearest one;
* **admin context**: a name written beside the candidate's region or country ("Tal
  Afar, in Nineveh province", "Springfield, Illinois"), and whether the candidate lies
  in a first-level region the article names elsewhere ("Shelby" in a story about
  Montana).

By default a hand-weighted score decides (:func:`hand_score`): the hand order, plus the
written region, plus a region named elsewhere, plus coherence. A small logistic regression over all the features
(``models/place-ranker/``, trained by ``bench/geoparsing.py --features`` and
``scripts/train_place_ranker.py`` on GeoWebNews' tune half) can take its place
(``ResolverOptions(ranker=True)``); on the check half it does not beat the hand-weighted
score (see the model card), so it is not the default.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from extract.errors import ModelError
from extract.geo.gazetteer import Candidate, GazEntry, Gazetteer, hand_order
from extract.geo.names import (
    BIG_CITY_POPULATION,
    KIND_ADMIN1,
    KIND_ADMIN2,
    KIND_CITY,
    KIND_COUNTRY,
    KIND_FACILITY,
    KIND_REGION,
    fold,
)

MAX_CANDIDATES = 25
"""Candidates looked at per name, in the hand-weighted order (bounds the cost of "San José")."""

NEAR_KM = 300.0
FOCUS_CONTEXT = 2.0
"""Evidence (see :func:`_focus`) that makes a country one the article is about."""

FOCUS_FEATURES = ("focus_share", "focus_top", "dateline", "named_country")
COHERENCE_FEATURES = ("coh_near", "coh_dist")
ADMIN_FEATURES = ("admin_ctx", "region_named")
FEATURES: tuple[str, ...] = (
    "kind_country",
    "kind_admin1",
    "kind_admin2",
    "kind_city",
    "kind_feature",
    *(f"tier{t}" for t in range(7)),
    "alias_own",
    "alias_curated",
    "alias_alternate",
    "log_pop",
    "hand_first",
    "hand_rank",
    "few_candidates",
    "hint_admin1",
    *FOCUS_FEATURES,
    *COHERENCE_FEATURES,
    *ADMIN_FEATURES,
)

_REGION_KINDS = frozenset({KIND_COUNTRY, KIND_ADMIN1, KIND_ADMIN2})


def _small_town(e: GazEntry) -> bool:
    """A town that does not outrank a world region of its very name."""
    return e.kind == KIND_CITY and (e.population or 0) < BIG_CITY_POPULATION


def _world_region(c: Candidate) -> bool:
    """A region in no one country ("Middle East", "Horn of Africa") under its own name."""
    return c.entry.kind == KIND_REGION and not c.entry.country_code and c.alias == 0


# "Tal Afar, in Nineveh province", "Springfield, Illinois", "Mosul in northern Iraq"
_BESIDE = re.compile(
    r"^(?:,\s*|\s+)(?:(?:in|of)\s+)?(?:the\s+)?(?:(?:northern|southern|eastern|western|central"
    r"|north|south|east|west)\s+)?(?:(?:province|state|region|county|district) of\s+)?$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class ResolverOptions:
    """Which evidence the resolver uses (the ablations of ``bench/geoparsing.py``)."""

    ranker: bool = False
    country_focus: bool = True
    coherence: bool = True
    admin_context: bool = True


@dataclass(frozen=True)
class Mention:
    """A place name to resolve: the name looked up, its character span, the component's
    hint ("admin1" after "province", else None) and the region it is written inside of."""

    name: str
    start: int
    end: int
    hint: str | None = None
    within: str | None = None  # "Thruxton, Hampshire" written as one name: "Hampshire"
    region: bool = False  # written after a name as where that is: "Knockhill, Fife"


@dataclass
class Scored:
    """A candidate with its features and score."""

    entry: GazEntry
    features: dict[str, float] = field(default_factory=dict)
    score: float = 0.0


@dataclass(frozen=True)
class Ranker:
    """A logistic regression over :data:`FEATURES` (weights from JSON, never a pickle)."""

    weights: dict[str, float]
    bias: float

    def score(self, features: dict[str, float]) -> float:
        return self.bias + sum(self.weights.get(k, 0.0) * v for k, v in features.items())

    @classmethod
    def load(cls, path: Path) -> Ranker:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls({str(k): float(v) for k, v in data["weights"].items()}, float(data["bias"]))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ModelError(f"cannot read the place ranker at {path}: {exc}") from exc


def default_ranker_path() -> Path:
    """``models/place-ranker/ranker.json`` of the checkout (as the event typer's head)."""
    return Path(__file__).resolve().parents[3] / "models" / "place-ranker" / "ranker.json"


@lru_cache(maxsize=4)
def load_ranker(path: str | None = None) -> Ranker | None:
    """The shipped ranker (None when the file is absent: the hand order decides)."""
    p = Path(path) if path else default_ranker_path()
    return Ranker.load(p) if p.is_file() else None


class Resolver:
    """Resolves the place names of one article together."""

    def __init__(
        self,
        gazetteer: Gazetteer,
        ranker: Ranker | None = None,
        options: ResolverOptions | None = None,
    ) -> None:
        self.gazetteer = gazetteer
        self.ranker = ranker
        self.options = options or ResolverOptions()

    def resolve(
        self,
        mentions: Sequence[Mention],
        text: str,
        dateline_country: str | None = None,
        named_countries: Sequence[str] = (),
    ) -> list[GazEntry | None]:
        """The chosen place of each mention (None where the name is unknown)."""
        scored = self.score(mentions, text, dateline_country, named_countries)
        return [max(s, key=lambda c: c.score).entry if s else None for s in scored]

    def score(
        self,
        mentions: Sequence[Mention],
        text: str,
        dateline_country: str | None = None,
        named_countries: Sequence[str] = (),
    ) -> list[list[Scored]]:
        """Every mention's candidates with features and scores (best not first)."""
        opts = self.options
        named = [c for c in named_countries if c]
        context = set(named) | ({dateline_country} if dateline_country else set())
        if not opts.country_focus:
            context = set()
        every = [self.gazetteer.candidates(m.name) for m in mentions]
        focus = _focus(every, dateline_country, named)
        if opts.country_focus:
            # a country two or more mentions can only be in ("Nenagh", "Cloughjordan") is
            # one the article is about, named or not
            context |= {c for c, weight in focus.items() if c and weight >= FOCUS_CONTEXT}
        cands: list[list[Candidate]] = []
        for m, found in zip(mentions, every, strict=True):
            ordered = sorted(found, key=lambda c: hand_order(c, context))
            if m.region:  # "Knockhill, Fife": the region Fife, not the town in Washington
                ordered.sort(key=lambda c: c.entry.kind not in _REGION_KINDS)
            elif any(_world_region(c) for c in ordered):
                # "the Middle East" is the world region, not the Baltimore neighbourhood,
                # whichever country the article is about and whatever lies near
                ordered = [c for c in ordered if not _small_town(c.entry)]
            cands.append(ordered[:MAX_CANDIDATES])
        total = sum(focus.values()) or 1.0
        top = max(focus.values(), default=0.0)
        # first pass: the hand order with the focus countries as context
        firsts = [c[0].entry if c else None for c in cands]
        beside = _beside(mentions, text) if opts.admin_context else {}
        out: list[list[Scored]] = []
        for i, (m, ranked) in enumerate(zip(mentions, cands, strict=True)):
            anchors = [
                e
                for j, e in enumerate(firsts)
                if e is not None
                and j != i
                and e.kind != KIND_COUNTRY
                and fold(mentions[j].name) != fold(m.name)
            ]
            containers = [c.entry for c in cands[beside[i]]] if i in beside else []
            # the first-level regions the article's other names are ("Montana", "Kent")
            # (not for a name that is itself first a region or country: "Wales" beside
            # "England")
            regions = (
                {
                    (e.country_code, fold(e.name))
                    for j, e in enumerate(firsts)
                    if e is not None
                    and e.kind == KIND_ADMIN1
                    and fold(mentions[j].name) != fold(m.name)
                    # nor one abroad when the first namesake lies in a country the
                    # article is about: "Antwerp" with Belgium named, New York too
                    and (
                        e.country_code == ranked[0].entry.country_code
                        or ranked[0].entry.country_code not in context
                    )
                }
                if opts.admin_context
                and ranked
                and ranked[0].entry.kind not in (KIND_ADMIN1, KIND_COUNTRY)
                else set()
            )
            if m.within:
                containers += [c.entry for c in self.gazetteer.candidates(m.within)]
            row: list[Scored] = []
            n = len(ranked)
            for rank, c in enumerate(ranked):
                e = c.entry
                f: dict[str, float] = {
                    "kind_country": float(e.kind == KIND_COUNTRY),
                    "kind_admin1": float(e.kind == KIND_ADMIN1),
                    "kind_admin2": float(e.kind == KIND_ADMIN2),
                    "kind_city": float(e.kind == KIND_CITY),
                    "kind_feature": float(e.kind in (KIND_REGION, KIND_FACILITY)),
                    f"tier{min(max(c.tier, 0), 6)}": 1.0,
                    ("alias_own", "alias_curated", "alias_alternate")[min(c.alias, 2)]: 1.0,
                    "log_pop": min(math.log10(1 + e.population) / 8.0, 1.0),
                    "hand_first": float(rank == 0),
                    "hand_rank": 1.0 / (1 + rank),
                    "few_candidates": 1.0 / n,
                    "hint_admin1": float(m.hint == "admin1" and e.kind == KIND_ADMIN1),
                }
                if opts.country_focus:
                    share = focus.get(e.country_code, 0.0)
                    f["focus_share"] = share / total
                    f["focus_top"] = float(share > 0 and share == top)
                    f["dateline"] = float(e.country_code == dateline_country)
                    f["named_country"] = float(e.country_code in named)
                if opts.coherence and anchors:
                    dists = [_km(e, a) for a in anchors]
                    f["coh_near"] = sum(d <= NEAR_KM for d in dists) / len(dists)
                    f["coh_dist"] = 1.0 - min(math.log1p(min(dists)) / math.log1p(20000), 1.0)
                if containers:
                    f["admin_ctx"] = float(any(_contains(x, e) for x in containers))
                if regions and e.admin1 and e.kind != KIND_ADMIN1:
                    f["region_named"] = float((e.country_code, fold(e.admin1)) in regions)
                row.append(Scored(e, f))
            for s in row:
                if self.ranker is not None and opts.ranker:
                    s.score = self.ranker.score(s.features)
                else:
                    s.score = hand_score(s.features)
            out.append(row)
        return out


ADMIN_WEIGHT = 1.0
"""A name's written region ("Tal Afar, in Nineveh province") outweighs the hand order."""
REGION_WEIGHT = 0.6
"""Lying in a first-level region the article names elsewhere ("Shelby" in a story that
names Montana)."""
COHERENCE_WEIGHT = 0.6
"""Lying near all the article's other places outweighs one step down the hand order
(first 1.0, second 0.5), not two."""


def hand_score(features: dict[str, float]) -> float:
    """The hand-weighted score: the hand order (:func:`hand_order`, which already puts the
    article's countries first), then the region written beside the name and the nearness
    of the article's other places."""
    return (
        features["hand_rank"]
        + ADMIN_WEIGHT * features.get("admin_ctx", 0.0)
        + REGION_WEIGHT * features.get("region_named", 0.0)
        + COHERENCE_WEIGHT * features.get("coh_near", 0.0)
    )


def _focus(
    cands: Sequence[Sequence[Candidate]], dateline: str | None, named: list[str]
) -> dict[str, float]:
    """Evidence per country: the dateline (2), each country named (1), each name whose
    candidates all lie in one country (1)."""
    focus: dict[str, float] = {}
    if dateline:
        focus[dateline] = focus.get(dateline, 0.0) + 2.0
    for code in named:
        focus[code] = focus.get(code, 0.0) + 1.0
    for found in cands:
        countries = {c.entry.country_code for c in found}
        if len(countries) == 1 and found[0].entry.kind != KIND_COUNTRY:
            code = next(iter(countries))
            focus[code] = focus.get(code, 0.0) + 1.0
    return focus


def _beside(mentions: Sequence[Mention], text: str) -> dict[int, int]:
    """Mention index -> index of the mention written right after it as its region or
    country ("Tal Afar, in Nineveh province")."""
    out: dict[int, int] = {}
    for i in range(len(mentions) - 1):
        a, b = mentions[i], mentions[i + 1]
        gap = text[a.end : b.start]
        if len(gap) <= 30 and "\n" not in gap and _BESIDE.match(gap):
            out[i] = i + 1
    return out


def _contains(container: GazEntry, e: GazEntry) -> bool:
    if container.country_code != e.country_code or container is e:
        return False
    if container.kind == KIND_COUNTRY:
        return True
    if container.kind == KIND_ADMIN1 and e.admin1 is not None:
        return fold(e.admin1) == fold(container.admin1 or container.name)
    # a district, a region, or a town whose admin1 the data does not name: nearby
    return container.kind != KIND_CITY and _km(container, e) <= 100.0


def _km(a: GazEntry, b: GazEntry) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (a.lat, a.lon, b.lat, b.lon))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6371.0 * math.asin(min(1.0, math.sqrt(h)))
