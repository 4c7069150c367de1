"""A self-contained HTML page of an evaluation report: per-field bars and the worst
errors with their sentences (inline CSS, no network)."""

from __future__ import annotations

import html
from typing import Any

from extract.evaluate.scorer import headline

_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:1.5rem;max-width:60rem;color:#1a1a1a}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}
table{border-collapse:collapse;width:100%}td,th{padding:.3rem .5rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
.bar{background:#e8eef7;width:12rem;height:.9rem;display:inline-block;vertical-align:middle}
.fill{background:#2b6cb0;height:100%}.num{font-variant-numeric:tabular-nums}
.gold{color:#22543d}.pred{color:#9b2c2c}.field{font-family:ui-monospace,monospace;font-size:.85rem}
"""


def _bar(value: float) -> str:
    pct = max(0.0, min(1.0, value)) * 100
    return f'<span class="bar" role="img" aria-label="{pct:.1f} percent"><span class="fill" style="width:{pct:.1f}%;display:block"></span></span>'


def render(report: dict[str, Any], title: str = "newsevents evaluation") -> str:
    """The report as one HTML document."""
    e = html.escape
    rows = "".join(
        f'<tr><td class="field">{e(k)}</td><td>{_bar(v)}</td><td class="num">{v:.3f}</td></tr>'
        for k, v in headline(report).items()
    )
    per_type = ""
    ev = report.get("events")
    if ev:
        per_type = "".join(
            f'<tr><td>{e(t)}</td><td>{_bar(r["f1"])}</td><td class="num">{r["f1"]:.3f}</td>'
            f'<td class="num">{r["tp"]}/{r["tp"] + r["fn"]}</td></tr>'
            for t, r in ev["per_type"].items()
        )
    errs = "".join(
        f'<tr><td class="field">{e(x["field"])}</td><td>{e(x["sentence"])}</td>'
        f'<td class="gold">{e(str(x["gold"]))}</td><td class="pred">{e(str(x["pred"]))}</td></tr>'
        for x in report.get("errors", [])
    )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{e(title)}</title><style>{_CSS}</style></head><body>
<h1>{e(title)}</h1><p>{report.get("docs", 0)} documents, scorer version {e(str(report.get("scorer_version")))}.</p>
<h2>Headline figures (F1 / accuracy)</h2><table><thead><tr><th>figure</th><th>bar</th><th>value</th></tr></thead><tbody>{rows}</tbody></table>
{"<h2>Events by PLOVER type (TC F1)</h2><table><thead><tr><th>type</th><th>bar</th><th>F1</th><th>found/gold</th></tr></thead><tbody>" + per_type + "</tbody></table>" if per_type else ""}
<h2>Worst errors</h2><table><thead><tr><th>field</th><th>sentence</th><th>gold</th><th>predicted</th></tr></thead><tbody>{errs}</tbody></table>
</body></html>
"""
