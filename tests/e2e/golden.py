"""Compare an ArticleResult with a hand-made expected-facts file (tests/golden/)."""

from __future__ import annotations

from typing import Any

from extract.records import ArticleResult


def _num(x: Any) -> float | None:
    return None if x is None else float(x)


def misses(result: ArticleResult, expected: dict[str, Any]) -> dict[str, str]:
    """Every expected fact the result lacks: a stable key (the fact) -> what came out instead."""
    out: dict[str, str] = {}
    a = result.article
    pub = a.published.isoformat() if a.published else None
    if pub != expected["published"]:
        out[f"published {expected['published']}"] = str(pub)
    if a.published_source.value != expected["published_source"]:
        out[f"published_source {expected['published_source']}"] = a.published_source.value
    for t in expected["times"]:
        ok = any(
            m.text == t["text"]
            and m.value == t["value"]
            and (t.get("mod") is None or m.mod == t["mod"])
            and (t.get("role") is None or m.role == t["role"])
            for m in result.times
        )
        if not ok:
            got = [(m.value, m.mod, m.role) for m in result.times if m.text == t["text"]]
            out[f"time {t['text']!r} -> {t['value']} mod={t.get('mod')} role={t.get('role')}"] = (
                str(got)
            )
    for q in expected["quantities"]:
        ok = any(
            m.text == q["text"]
            and m.value == _num(q["value"])
            and ("lower" not in q or q["lower"] is None or m.lower == _num(q["lower"]))
            and ("upper" not in q or q["upper"] is None or m.upper == _num(q["upper"]))
            for m in result.quantities
        )
        if not ok:
            got = [(m.value, m.lower, m.upper) for m in result.quantities if q["text"] in m.text]
            out[f"quantity {q['text']!r} -> {q['value']}"] = str(got)
    for p in expected["places"]:
        if not any(
            p["text"] in m.text and m.country_code == p["country_code"] for m in result.places
        ):
            got = [
                (m.text, m.country_code)
                for m in result.places
                if p["text"] in m.text or m.text in p["text"]
            ]
            out[f"place {p['text']!r} -> {p['country_code']}"] = str(got)
    for ac in expected["actors"]:
        if not any(
            (ac["text"] in m.text or m.text in ac["text"])
            and (ac.get("country_code") is None or m.country_code == ac["country_code"])
            for m in result.actors
        ):
            got = [
                (m.text, m.country_code)
                for m in result.actors
                if ac["text"] in m.text or m.text in ac["text"]
            ]
            out[f"actor {ac['text']!r} -> {ac.get('country_code')}"] = str(got)
    for e in expected["events"]:
        cands = [ev for ev in result.events if ev.type == e["type"]]
        ok = any(
            ev.trigger.text == e["trigger"]
            and ev.status == e["status"]
            and (e.get("date") is None or ev.date == e["date"])
            and (e.get("deadline") is None or ev.deadline == e["deadline"])
            for ev in cands
        )
        if not ok:
            got = [
                (ev.type, ev.trigger.text, ev.status, ev.date, ev.deadline)
                for ev in result.events
                if ev.trigger.text == e["trigger"]
            ]
            out[
                f"event {e['type']} {e['trigger']!r} {e['status']} date={e.get('date')} deadline={e.get('deadline')}"
            ] = str(got)
    return out
