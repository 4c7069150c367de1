"""One scorer for every field: mentions (strict and relaxed spans, normalised values),
actors coded as event data codes them (country, sector, both), and events (TextEE
TI/TC/AI/AC/AC+, status, the countries of each event's dyad). Returns a JSON-ready dict
with stable keys."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from extract.batch.tables import first_actor
from extract.evaluate.corpus import MENTION_KINDS, GoldDoc
from extract.evaluate.geo import GeoDoc, GoldToponym, geoparsing_scores
from extract.evaluate.metrics import (
    PRF,
    accuracy,
    haversine_km,
    match_by_value,
    match_spans,
    median,
    prf_from_counters,
    same_number,
)
from extract.evaluate.quantity_rules import (
    gold_readings,
    mention_reading,
    newsquant_readings,
    score_readings,
)
from extract.nlp.numbers import parse_number, split_modifier
from extract.records import ActorMention, ArticleResult, Event, QuantityMention
from extract.tables import load_table

SCORER_VERSION = "1"
_MAX_ERRORS = 40


def _span(m: Any) -> tuple[int, int]:
    return (int(m.start), int(m.end))


def _sentence(text: str, start: int, end: int) -> str:
    a = max(text.rfind("\n", 0, start), text.rfind(". ", 0, start) + 1, 0)
    b_candidates = [i for i in (text.find("\n", end), text.find(". ", end)) if i >= 0]
    b = min(b_candidates) + 1 if b_candidates else len(text)
    return text[a:b].strip()


class _Errors:
    """The worst errors, with their sentences, for the report."""

    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []

    def add(
        self, field: str, doc: str, text: str, start: int, end: int, gold: Any, pred: Any
    ) -> None:
        self.items.append(
            {
                "field": field,
                "doc": doc,
                "sentence": _sentence(text, start, end),
                "gold": gold,
                "pred": pred,
            }
        )


def timex_equal(a: str | None, b: str | None) -> bool:
    """TIMEX3 values compared as meanings: "2000-W7" equals "2000-W07"."""
    if a is None or b is None:
        return a is b
    return _canon_timex(a) == _canon_timex(b)


def _canon_timex(v: str) -> str:
    v = re.sub(r"-W(\d)(?!\d)", r"-W0\1", v.strip().upper())
    v = re.sub(r"^(\d{3})X$", r"\1", v)  # the 1980s: "198X" and "198" are both used
    return re.sub(r"^(\d{4})(?:-XX)+$", r"\1", v)  # "1949-XX": a year with unknown month


def _score_kind(
    kind: str, docs: Sequence[tuple[GoldDoc, ArticleResult]], errors: _Errors
) -> dict[str, Any]:
    strict = PRF()
    relaxed = PRF()
    value_tp = 0
    n_gold = n_pred = 0
    checks: dict[str, list[bool]] = {}
    distances: list[float] = []
    for gold_doc, pred in docs:
        g_items = getattr(gold_doc.result, kind)
        p_items = getattr(pred, kind)
        if kind == "places":
            # our guidelines leave the wire dateline and the towns named inside an
            # organisation's name out of the places (GeoWebNews, scored by
            # extract.evaluate.geo, counts them as toponyms)
            p_items = [p for p in p_items if not (p.dateline or p.embedded)]
        n_gold += len(g_items)
        n_pred += len(p_items)
        s_pairs = match_spans(g_items, p_items, _span, _span, strict=True)
        strict = strict.add(
            PRF(len(s_pairs), len(p_items) - len(s_pairs), len(g_items) - len(s_pairs))
        )
        r_pairs = match_spans(g_items, p_items, _span, _span, strict=False)
        relaxed = relaxed.add(
            PRF(len(r_pairs), len(p_items) - len(r_pairs), len(g_items) - len(r_pairs))
        )
        text = gold_doc.result.article.text
        doc_id = gold_doc.result.article.id
        matched_g = {gi for gi, _ in r_pairs}
        matched_p = {pi for _, pi in r_pairs}
        for gi, g in enumerate(g_items):
            if gi not in matched_g:
                errors.add(f"{kind}:missed", doc_id, text, g.start, g.end, g.text, None)
        for pi, p in enumerate(p_items):
            if pi not in matched_p:
                errors.add(f"{kind}:spurious", doc_id, text, p.start, p.end, None, p.text)
        for gi, pi in r_pairs:
            g, p = g_items[gi], p_items[pi]
            ok = _compare(kind, g, p, checks, distances)
            value_tp += ok
            if not ok:
                errors.add(
                    f"{kind}:value", doc_id, text, g.start, g.end, _show(kind, g), _show(kind, p)
                )
    value = PRF(value_tp, n_pred - value_tp, n_gold - value_tp)
    out: dict[str, Any] = {
        "gold": n_gold,
        "pred": n_pred,
        "strict": strict.as_dict(),
        "relaxed": relaxed.as_dict(),
        "value": value.as_dict(),
        "on_matched": {k: accuracy(v) for k, v in sorted(checks.items())},
    }
    if kind == "places":
        med = median(distances)
        out["distance_km_median"] = round(med, 1) if med is not None else None
        out["distance_km_n"] = len(distances)
    return out


def _show(kind: str, m: Any) -> Any:
    if kind == "times":
        return f"{m.text} = {m.value} {m.type}{' ' + m.mod if m.mod else ''}{' (' + m.role + ')' if m.role else ''}"
    if kind == "quantities":
        return f"{m.text} = {m.value} [{m.lower}, {m.upper}]{' ~' if m.approximate else ''}"
    if kind == "places":
        return f"{m.text} -> {m.country_code}"
    return f"{m.text} -> {m.canonical} ({m.country_code})"


def _compare(
    kind: str, g: Any, p: Any, checks: dict[str, list[bool]], distances: list[float]
) -> bool:
    """Record value agreement on one matched pair; True when the headline value agrees."""

    def check(name: str, ok: bool) -> None:
        checks.setdefault(name, []).append(ok)

    if kind == "times":
        same = timex_equal(g.value, p.value)
        check("value", same)
        check("type", g.type == p.type)
        check("mod", g.mod == p.mod)
        if g.role is not None:
            check("role", g.role == p.role)
        return same
    if kind == "quantities":
        ok = same_number(g.value, p.value)
        check("value", ok)
        check("bounds", same_number(g.lower, p.lower) and same_number(g.upper, p.upper))
        check("approximate", g.approximate == p.approximate)
        if g.unit is not None:
            check("unit", (p.unit or "").lower() == g.unit.lower())
        return ok
    if kind == "places":
        if g.lat is not None and p.lat is not None and g.lon is not None and p.lon is not None:
            distances.append(haversine_km(g.lat, g.lon, p.lat, p.lon))
        if g.country_code is None:
            return True
        ok = bool(g.country_code == p.country_code)
        check("country_code", ok)
        if p.country_code is not None:
            check("country_code_resolved", ok)  # among the places we resolved
        return ok
    ok_name = bool(g.canonical.lower() == p.canonical.lower())
    check("canonical", ok_name)
    if g.country_code is not None:
        check("country_code", g.country_code == p.country_code)
    if g.kind != "unknown":
        check("kind", g.kind == p.kind)
    return ok_name


def _score_actor_coding(
    docs: Sequence[tuple[GoldDoc, ArticleResult]], errors: _Errors
) -> dict[str, Any]:
    """Actors as event data codes them, over relaxed span matches.

    ``country``: on every matched pair, the predicted country equals the gold one (no
    country on both sides is right, none predicted for a gold country is wrong); also
    among gold actors with a country. ``sector``: on matched pairs whose gold sector is
    annotated (not ``unknown``). ``coded``: P/R/F1 where a predicted actor counts only
    when it matches a gold actor with the same country and sector, over the documents
    whose gold annotates sectors at all.
    """
    country: list[bool] = []
    with_country: list[bool] = []
    sector: list[bool] = []
    coded = PRF()
    coded_docs = 0
    for gold_doc, pred in docs:
        g_items: list[ActorMention] = gold_doc.result.actors
        p_items: list[ActorMention] = pred.actors
        has_sectors = any(g.sector != "unknown" for g in g_items)
        text = gold_doc.result.article.text
        doc_id = gold_doc.result.article.id
        tp = 0
        for gi, pi in match_spans(g_items, p_items, _span, _span, strict=False):
            g, p = g_items[gi], p_items[pi]
            same_country = g.country_code == p.country_code
            country.append(same_country)
            if g.country_code is not None:
                with_country.append(same_country)
            if not same_country:
                errors.add(
                    "actors:country", doc_id, text, g.start, g.end, g.country_code, p.country_code
                )
            if g.sector != "unknown":
                sector.append(g.sector == p.sector)
                if g.sector != p.sector:
                    errors.add("actors:sector", doc_id, text, g.start, g.end, g.sector, p.sector)
            tp += same_country and g.sector == p.sector
        if has_sectors:
            coded_docs += 1
            coded = coded.add(PRF(tp, len(p_items) - tp, len(g_items) - tp))
    return {
        "country": {**accuracy(country), "with_country": accuracy(with_country)},
        "sector": accuracy(sector),
        "coded": {**coded.as_dict(), "docs": coded_docs},
    }


def _dyad_checks(
    gold: ArticleResult, pred: ArticleResult, g_ev: Event, p_ev: Event
) -> tuple[bool, bool] | None:
    """(source right, target right) for a gold event with a source and a target actor
    matched to ``p_ev``; None when the gold event lacks one of them."""
    g_src, g_tgt = first_actor(gold, g_ev, "source"), first_actor(gold, g_ev, "target")
    if g_src is None or g_tgt is None:
        return None
    p_src, p_tgt = first_actor(pred, p_ev, "source"), first_actor(pred, p_ev, "target")
    return (
        p_src is not None and p_src.country_code == g_src.country_code,
        p_tgt is not None and p_tgt.country_code == g_tgt.country_code,
    )


# --- quantities without offsets (NewsQuant, as in the CQE paper) ---


def _change(q: QuantityMention) -> str:
    """NewsQuant's change, as its annotators wrote it: a lower bound first ("more than
    600" is ">" even though it is also approximate, and so is "climbed more than 3%"),
    then "~" ("up about 19 per cent"), then a rise or a fall ("up nearly 57%"), then
    "nearly" and "almost" as "~", then an upper bound."""
    if (
        not re.search(r"\d", q.text)
        and (q.text.lower().split() or [""])[0] in load_table("numbers")["vague"]
    ):
        return q.change or "="  # "dozens", "tens of millions of dollars": vague, not a bound
    if q.lower is not None and q.upper is None:
        return ">"
    if q.upper is None and q.approximate:
        return "~"
    if q.change is not None:
        return q.change
    if split_modifier(q.text)[0] in _NEAR:
        return "~"  # "nearly two-thirds": CQE's bounds table reads it as "~", not "<"
    if q.upper is not None and q.lower is None:
        return "<"
    return "~" if q.approximate else "="


_NEAR = ("nearly", "almost")


_UNIT_ALIASES = {"y": "JPY", "pc": "percent"}  # NewsQuant's "Y" (Reuters yen), "5pc"


def _unit_keys(unit: str | None) -> set[str]:
    """A unit as written and as a code: "$A" -> {"$a", "AUD"}; "US$ per barrel" also
    gives its currency, "USD"."""
    if not unit:
        return set()
    tables = load_table("numbers")
    low = " ".join(unit.lower().split())
    keys = {low, unit.upper()}  # our ISO codes: "AUD"
    for part in (low, low.split(" per ")[0].strip()):
        for table in (tables["currency_prefixes"], tables["currencies"], _UNIT_ALIASES):
            if part in table:
                keys.add(str(table[part]))
        if part in tables["percent_words"] or part == "percentage":
            keys.add("percent")
        *adjective, noun = part.split() or [""]
        if adjective and noun in ("dollar", "dollars"):  # "hong kong dollar"
            code = tables["currency_adjectives"].get(" ".join(adjective))
            if code:
                keys.add(str(code))
        elif adjective and noun in tables["currencies"]:  # "malaysian ringgit"
            keys.add(str(tables["currencies"][noun]))
    return keys


def _words_match(gold: str, got: str) -> bool:
    gold = gold.lower().strip()
    words = set(got.replace("-", " ").split())
    stem = {w.rstrip("s") for w in words}
    gw = gold.replace("-", " ").split()
    return gold in got or any(w in words or w.rstrip("s") in stem for w in gw)


def _unit_ok(g: QuantityMention, p: QuantityMention, raw: str | None = None) -> bool:
    """The predicted unit (or counted noun) agrees with the gold unit, either as written
    (``raw``, e.g. "mph") or normalised (``g.unit``, e.g. "mile per hour")."""
    golds = [u for u in (raw, g.unit) if u and u.strip() not in ("", "-")]
    if not golds:
        return True
    ours = _unit_keys(p.unit)
    got = " ".join(x for x in ((p.unit or ""), (p.counted or "")) if x).lower()
    for gold in golds:
        if ours & _unit_keys(gold):
            return True
        if got and _words_match(gold, got):
            return True
    return False


_DURATION = re.compile(r"P(?:T)?(\d+(?:\.\d+)?)([YMWDHS]|DE|CE)")
_DURATION_UNITS = {
    "Y": "years",
    "M": "months",
    "W": "weeks",
    "D": "days",
    "H": "hours",
    "S": "seconds",
    "DE": "decades",
    "CE": "centuries",
}


_OR_BEFORE = re.compile(r"\b([\w.,]+)\s+or\s+$")


def duration_quantities(result: ArticleResult) -> list[QuantityMention]:
    """Durations written with a number ("three years in prison", "70 days") read as
    quantities of time, for corpora such as NewsQuant that count them as quantities (we
    keep them as time mentions: a duration is a time value). A duration after "<number>
    or" ("two or three days", where our time mention is "three days") is the range of the
    two, as NewsQuant writes it."""
    out: list[QuantityMention] = []
    for t in result.times:
        m = _DURATION.fullmatch(t.value or "")
        if t.type != "DURATION" or m is None:
            continue
        words = t.text.lower().replace("-", " ").split()
        if not any(w not in ("a", "an") and parse_number(w) is not None for w in words):
            continue  # "a year", "several years", "year-old": no number written
        if re.search(r"\w-(?:year|month|week|day|hour|minute)\b", t.text.lower()):
            continue  # "a five-year award": an adjective, not an amount of time
        unit = _DURATION_UNITS[m.group(2)]
        if m.group(2) == "M" and t.value and t.value.startswith("PT"):
            unit = "minutes"
        value = float(m.group(1))
        lower = value if t.mod in ("MORE_THAN", "EQUAL_OR_MORE") else None
        upper = value if t.mod in ("LESS_THAN", "EQUAL_OR_LESS") else None
        alt = _OR_BEFORE.search(result.article.text[max(0, t.start - 24) : t.start])
        other = parse_number(alt.group(1)) if alt else None
        if other is not None and other.value is not None and 0 < other.value < value:
            lower, upper = other.value, value  # "three or four years": 3 to 4 years
            value = other.value
        out.append(
            QuantityMention(
                id=f"d{t.id}",
                start=t.start,
                end=t.end,
                text=t.text,
                value=value,
                lower=lower,
                upper=upper,
                approximate=t.mod == "APPROX",
                unit=unit,
            )
        )
    return out


def _score_quantities_by_value(
    docs: Sequence[tuple[GoldDoc, ArticleResult]], with_durations: bool = False
) -> dict[str, Any]:
    value = PRF()
    with_unit = PRF()
    with_change = PRF()
    n_gold = n_pred = 0
    for gold_doc, pred in docs:
        g_items = gold_doc.result.quantities
        p_items = list(pred.quantities)
        if with_durations:
            p_items += duration_quantities(pred)
        changes = gold_doc.meta.get("changes") or [_change(q) for q in g_items]
        n_gold += len(g_items)
        n_pred += len(p_items)

        def key(q: QuantityMention) -> Any:
            return None if q.value is None else float(f"{q.value:.6g}")  # 1.99e-30 != 1.99e-29

        pairs = match_by_value(g_items, p_items, key, key)
        value = value.add(PRF(len(pairs), len(p_items) - len(pairs), len(g_items) - len(pairs)))
        raws = gold_doc.meta.get("units") or [None] * len(g_items)
        u = sum(1 for gi, pi in pairs if _unit_ok(g_items[gi], p_items[pi], raws[gi]))
        with_unit = with_unit.add(PRF(u, len(p_items) - u, len(g_items) - u))
        c = sum(1 for gi, pi in pairs if changes[gi] == _change(p_items[pi]))
        with_change = with_change.add(PRF(c, len(p_items) - c, len(g_items) - c))
    return {
        "gold": n_gold,
        "pred": n_pred,
        "value": value.as_dict(),
        "value_unit": with_unit.as_dict(),
        "value_change": with_change.as_dict(),
    }


# --- events, TextEE convention ---


def _arg_spans(result: ArticleResult, ev: Event) -> list[tuple[str, tuple[int, int]]]:
    out: list[tuple[str, tuple[int, int]]] = []
    for a in ev.arguments:
        m = result.mention(a.ref)
        if m is not None:
            out.append((a.role, (m.start, m.end)))
    return out


def _score_events(docs: Sequence[tuple[GoldDoc, ArticleResult]], errors: _Errors) -> dict[str, Any]:
    g_ti: Counter[Any] = Counter()
    p_ti: Counter[Any] = Counter()
    g_tc: Counter[Any] = Counter()
    p_tc: Counter[Any] = Counter()
    g_ai: Counter[Any] = Counter()
    p_ai: Counter[Any] = Counter()
    g_ac: Counter[Any] = Counter()
    p_ac: Counter[Any] = Counter()
    g_acp: Counter[Any] = Counter()
    p_acp: Counter[Any] = Counter()
    # the second reading: each later report an event holds in ``mentions``, and each word
    # of its sentence merged into it (``merged_words``), is a trigger too
    g_tim: Counter[Any] = Counter()
    p_tim: Counter[Any] = Counter()
    g_tcm: Counter[Any] = Counter()
    p_tcm: Counter[Any] = Counter()
    per_type: dict[str, tuple[Counter[Any], Counter[Any]]] = {}
    per_role: dict[str, tuple[Counter[Any], Counter[Any]]] = {}
    status: list[bool] = []
    dates: list[bool] = []
    deadlines: list[bool] = []
    dyad_source: list[bool] = []
    dyad_target: list[bool] = []
    for gold_doc, pred in docs:
        gold = gold_doc.result
        did = gold.article.id
        text = gold.article.text
        for _side, result, ti, tc, ai, ac, acp, tim, tcm, slot in (
            ("gold", gold, g_ti, g_tc, g_ai, g_ac, g_acp, g_tim, g_tcm, 0),
            ("pred", pred, p_ti, p_tc, p_ai, p_ac, p_acp, p_tim, p_tcm, 1),
        ):
            for ev in result.events:
                trig = (ev.trigger.start, ev.trigger.end)
                ti[(did, trig)] += 1
                tc[(did, trig, ev.type)] += 1
                for m in [ev.trigger, *ev.mentions, *ev.merged_words]:
                    tim[(did, (m.start, m.end))] += 1
                    tcm[(did, (m.start, m.end), ev.type)] += 1
                per_type.setdefault(ev.type, (Counter(), Counter()))[slot][(did, trig)] += 1
                for role, span in _arg_spans(result, ev):
                    ai[(did, ev.type, span)] += 1
                    ac[(did, ev.type, span, role)] += 1
                    acp[(did, ev.type, trig, span, role)] += 1
                    per_role.setdefault(role, (Counter(), Counter()))[slot][
                        (did, ev.type, span)
                    ] += 1
        pred_by_key = {((e.trigger.start, e.trigger.end), e.type): e for e in pred.events}
        for ev in gold.events:
            hit = pred_by_key.get(((ev.trigger.start, ev.trigger.end), ev.type))
            if hit is None:
                errors.add(
                    "events:missed",
                    did,
                    text,
                    ev.trigger.start,
                    ev.trigger.end,
                    f"{ev.type} {ev.trigger.text}",
                    None,
                )
                continue
            status.append(hit.status == ev.status)
            if hit.status != ev.status:
                errors.add(
                    "events:status",
                    did,
                    text,
                    ev.trigger.start,
                    ev.trigger.end,
                    ev.status,
                    hit.status,
                )
            if ev.date is not None:
                dates.append(timex_equal(hit.date, ev.date))
            if ev.deadline is not None:
                deadlines.append(timex_equal(hit.deadline, ev.deadline))
            dyad = _dyad_checks(gold, pred, ev, hit)
            if dyad is not None:
                dyad_source.append(dyad[0])
                dyad_target.append(dyad[1])
                if not all(dyad):
                    errors.add(
                        "events:dyad",
                        did,
                        text,
                        ev.trigger.start,
                        ev.trigger.end,
                        _dyad_text(gold, ev),
                        _dyad_text(pred, hit),
                    )
        gold_keys = {((e.trigger.start, e.trigger.end), e.type) for e in gold.events}
        for ev in pred.events:
            if ((ev.trigger.start, ev.trigger.end), ev.type) not in gold_keys:
                errors.add(
                    "events:spurious",
                    did,
                    text,
                    ev.trigger.start,
                    ev.trigger.end,
                    None,
                    f"{ev.type} {ev.trigger.text}",
                )
    return {
        "gold": sum(g_ti.values()),
        "pred": sum(p_ti.values()),
        "TI": prf_from_counters(g_ti, p_ti).as_dict(),
        "TC": prf_from_counters(g_tc, p_tc).as_dict(),
        "AI": prf_from_counters(g_ai, p_ai).as_dict(),
        "AC": prf_from_counters(g_ac, p_ac).as_dict(),
        "AC+": prf_from_counters(g_acp, p_acp).as_dict(),
        # TI / TC where the later reports and the words merged into an event count as its
        # triggers too (TextEE and WikiEvents annotate every report as an event mention)
        "TI_mentions": prf_from_counters(g_tim, p_tim).as_dict(),
        "TC_mentions": prf_from_counters(g_tcm, p_tcm).as_dict(),
        "status": accuracy(status),
        "date": accuracy(dates),
        "deadline": accuracy(deadlines),
        "dyad": {
            **accuracy(a and b for a, b in zip(dyad_source, dyad_target, strict=True)),
            "source": accuracy(dyad_source),
            "target": accuracy(dyad_target),
        },
        "per_type": {
            t: prf_from_counters(g, p).as_dict() for t, (g, p) in sorted(per_type.items())
        },
        "per_role": {
            r: prf_from_counters(g, p).as_dict() for r, (g, p) in sorted(per_role.items())
        },
    }


# MEANTIME's factuality has no "required" or "historical": a required act has not
# happened yet, a historical one has
_STATUS_READING = {"historical": "asserted", "required": "future"}


def collapsed_status(status: str) -> str:
    """Our status as MEANTIME's factuality reads it (asserted, future, hypothetical,
    negated)."""
    return _STATUS_READING.get(status, status)


def _score_mention_status(docs: Sequence[tuple[GoldDoc, ArticleResult]]) -> dict[str, Any]:
    """Status of our events against gold event mentions that carry a status but no PLOVER
    type (MEANTIME): every gold mention that one of our event triggers (or later reports)
    overlaps counts, whatever the event's type."""
    ok: list[bool] = []
    gold_n = 0
    for gold_doc, pred in docs:
        spans = [
            (span.start, span.end, ev.status)
            for ev in pred.events
            for span in (ev.trigger, *ev.mentions)
        ]
        for m in gold_doc.meta["event_status"]:
            gold_n += 1
            hit = next((st for s, e, st in spans if s < m["end"] and m["start"] < e), None)
            if hit is not None:
                ok.append(collapsed_status(hit) == m["status"])
    return {**accuracy(ok), "gold": gold_n}


def _dyad_text(result: ArticleResult, ev: Event) -> str:
    src, tgt = first_actor(result, ev, "source"), first_actor(result, ev, "target")
    return (
        f"{ev.type} {src.country_code if src else '(no source)'} -> "
        f"{tgt.country_code if tgt else '(no target)'}"
    )


def score(pairs: Iterable[tuple[GoldDoc, ArticleResult]]) -> dict[str, Any]:
    """Score predictions against gold. Only the kinds in each document's scope count.

    Returns:
        ``{"scorer_version", "docs", "mentions": {kind: ...}, "events": ..., "geoparsing":
        ..., "errors": [...]}``; absent kinds are left out, and ``geoparsing`` (see
        :func:`~extract.evaluate.geo.geoparsing_scores`) is there only when a document
        carries gold toponyms in ``meta["toponyms"]``.
    """
    docs = list(pairs)
    errors = _Errors()
    report: dict[str, Any] = {"scorer_version": SCORER_VERSION, "docs": len(docs), "mentions": {}}
    for kind in MENTION_KINDS:
        in_scope = [(g, p) for g, p in docs if kind in g.scope]
        if not in_scope:
            continue
        if kind == "quantities" and not all(g.quantity_offsets for g, _ in in_scope):
            by_value = _score_quantities_by_value(in_scope)
            # NewsQuant counts durations ("three years in prison") as quantities; we keep
            # them as time mentions, so both readings are reported
            with_durations = _score_quantities_by_value(in_scope, with_durations=True)
            by_value["with_durations"] = {
                k: v for k, v in with_durations.items() if k not in ("gold",)
            }
            # CQE's own matching rules (ranges as pairs, units normalised): quantity_rules
            by_value["cqe_rules"] = score_readings(
                (gold_readings(g), newsquant_readings(p)) for g, p in in_scope
            )
            report["mentions"][kind] = by_value
            continue
        report["mentions"][kind] = _score_kind(kind, in_scope, errors)
        if kind == "quantities":
            report["mentions"][kind]["cqe_rules"] = score_readings(
                ((gold_readings(g), record_readings(p)) for g, p in in_scope),
                noun_units=False,
                changes=False,
            )
        if kind == "actors":
            report["mentions"][kind].update(_score_actor_coding(in_scope, errors))
    ev_docs = [(g, p) for g, p in docs if "events" in g.scope]
    if ev_docs:
        report["events"] = _score_events(ev_docs, errors)
    status_docs = [(g, p) for g, p in docs if "event_status" in g.meta]
    if status_docs:
        report["event_status"] = _score_mention_status(status_docs)
    geo_docs = [(g, p) for g, p in docs if "toponyms" in g.meta]
    if geo_docs:
        report["geoparsing"] = geoparsing_scores(_geo_doc(g, p) for g, p in geo_docs)
    report["errors"] = _worst(errors.items)
    return report


def record_readings(result: ArticleResult) -> list[Any]:
    """Our quantity records as CQE's rules read them, without NewsQuant's extras (for
    corpora with offsets, such as MEANTIME)."""
    readings = (mention_reading(q, vague_ranges=False) for q in result.quantities)
    return [r for r in readings if r is not None]


def _geo_doc(gold: GoldDoc, pred: ArticleResult) -> GeoDoc:
    """A gold document with toponyms (GeoWebNews) as the geoparsing metric reads it."""
    return GeoDoc(
        toponyms=[
            GoldToponym(t["start"], t["end"], t["lat"], t["lon"], t.get("country"))
            for t in gold.meta["toponyms"]
        ],
        other_spans=[(t["start"], t["end"]) for t in gold.meta.get("other_toponyms", ())],
        places=pred.places,
    )


def _worst(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A spread of errors: a few of each field, most frequent fields first."""
    by_field: dict[str, list[dict[str, Any]]] = {}
    for it in items:
        by_field.setdefault(it["field"], []).append(it)
    order = sorted(by_field, key=lambda f: -len(by_field[f]))
    out: list[dict[str, Any]] = []
    while len(out) < _MAX_ERRORS and any(by_field[f] for f in order):
        for f in order:
            if by_field[f] and len(out) < _MAX_ERRORS:
                out.append(by_field[f].pop(0))
    return out


def headline(report: dict[str, Any]) -> dict[str, float]:
    """The figures a CI gate pins: dotted keys -> values. The actor-coding and dyad
    figures are there only when something was counted (a gold corpus without sectors
    has no sector figure, rather than a fake 0)."""
    out: dict[str, float] = {}
    for kind, r in report.get("mentions", {}).items():
        for key in ("strict", "relaxed", "value", "value_unit", "value_change"):
            if key in r:
                out[f"mentions.{kind}.{key}.f1"] = r[key]["f1"]
        for key in ("country", "sector"):
            if r.get(key, {}).get("n"):
                out[f"mentions.{kind}.{key}.accuracy"] = r[key]["accuracy"]
        if r.get("coded", {}).get("docs"):
            out[f"mentions.{kind}.coded.f1"] = r["coded"]["f1"]
    ev = report.get("events")
    if ev:
        for key in ("TI", "TC", "AI", "AC", "AC+"):
            out[f"events.{key}.f1"] = ev[key]["f1"]
        out["events.status.accuracy"] = ev["status"]["accuracy"]
        if ev.get("dyad", {}).get("n"):
            out["events.dyad.accuracy"] = ev["dyad"]["accuracy"]
    geo = report.get("geoparsing")
    if geo:
        # higher is better for every figure a gate pins, so the median error stays out
        out["geo.recognition.f1"] = geo["recognition"]["f1"]
        out["geo.acc161"] = geo["acc161"]["accuracy"]
        out["geo.acc161_end_to_end"] = geo["acc161_end_to_end"]["accuracy"]
        out["geo.country.accuracy"] = geo["country"]["accuracy"]
    return out
