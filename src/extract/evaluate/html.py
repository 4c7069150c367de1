"""A self-contained HTML page of an evaluation report: per-field bars and the worst
errors with their sentences, in the look of the article view and the batch report."""

from __future__ import annotations

from typing import Any

from extract.evaluate.scorer import headline
from extract.views.style import bar, esc, page


def _coding_section(report: dict[str, Any]) -> str:
    """Actors coded as event data codes them, and the countries of the events' dyads,
    with the counts behind each figure (n=0 where the gold has nothing to count)."""
    actors = report.get("mentions", {}).get("actors", {})
    dyad = report.get("events", {}).get("dyad")
    rows: list[tuple[str, str, dict[str, Any]]] = []
    if "country" in actors:
        rows += [
            ("actor country", "matched actors", actors["country"]),
            (
                "actor country",
                "matched actors with a gold country",
                actors["country"]["with_country"],
            ),
            ("actor sector", "matched actors with a gold sector", actors["sector"]),
        ]
    if dyad:
        rows += [
            ("dyad: both countries", "gold events with a source and a target", dyad),
            ("dyad: source country", "the same events", dyad["source"]),
            ("dyad: target country", "the same events", dyad["target"]),
        ]
    if not rows:
        return ""
    body = "".join(
        f"<tr><td>{esc(name)}</td><td>{esc(over)}</td>"
        + (
            f'<td>{bar(r["accuracy"], name)}</td><td class="num">{r["accuracy"]:.3f}</td>'
            if r["n"]
            else '<td></td><td class="num">-</td>'
        )
        + f'<td class="num">{r["correct"]}/{r["n"]}</td></tr>'
        for name, over, r in rows
    )
    coded = actors.get("coded", {})
    coded_line = (
        f'<p class="meta">Coded actors (span, country and sector all right), over the '
        f"{coded['docs']} documents whose gold has sectors: P {coded['p']:.3f}, "
        f"R {coded['r']:.3f}, F1 {coded['f1']:.3f} (tp {coded['tp']}, fp {coded['fp']}, "
        f"fn {coded['fn']}).</p>"
        if coded.get("docs")
        else ""
    )
    return (
        "<h2>Actors and dyads, coded like event data</h2><table><thead><tr><th>figure</th>"
        '<th>over</th><th>bar</th><th class="num">accuracy</th><th class="num">right/n</th>'
        f"</tr></thead><tbody>{body}</tbody></table>{coded_line}"
    )


def render(report: dict[str, Any], title: str = "newsevents evaluation") -> str:
    """The report as one HTML document."""
    rows = "".join(
        f'<tr><td class="field">{esc(k)}</td><td>{bar(v, k)}</td><td class="num">{v:.3f}</td></tr>'
        for k, v in headline(report).items()
    )
    per_type = ""
    ev = report.get("events")
    if ev:
        per_type = "".join(
            f'<tr><td>{esc(t)}</td><td>{bar(r["f1"], t)}</td><td class="num">{r["f1"]:.3f}</td>'
            f'<td class="num">{r["tp"]}/{r["tp"] + r["fn"]}</td></tr>'
            for t, r in ev["per_type"].items()
        )
    errs = "".join(
        f'<tr><td class="field">{esc(x["field"])}</td><td>{esc(x["sentence"])}</td>'
        f'<td class="gold">{esc(x["gold"])}</td><td class="pred">{esc(x["pred"])}</td></tr>'
        for x in report.get("errors", [])
    )
    types = (
        "<h2>Events by PLOVER type (TC F1)</h2><table><thead><tr><th>type</th><th>bar</th>"
        f'<th class="num">F1</th><th class="num">found/gold</th></tr></thead><tbody>{per_type}'
        "</tbody></table>"
        if per_type
        else ""
    )
    body = (
        f"<main><h1>{esc(title)}</h1>"
        f'<p class="meta">{report.get("docs", 0)} documents, scorer version '
        f"{esc(report.get('scorer_version'))}.</p>"
        "<h2>Headline figures (F1 / accuracy)</h2><table><thead><tr><th>figure</th>"
        f'<th>bar</th><th class="num">value</th></tr></thead><tbody>{rows}</tbody></table>'
        f"{_coding_section(report)}{types}<h2>Worst errors</h2><table><thead><tr>"
        "<th>field</th><th>sentence</th><th>gold</th><th>predicted</th></tr></thead>"
        f"<tbody>{errs}</tbody></table></main>"
    )
    return page(title, body)
