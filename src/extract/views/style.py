"""The one look of every page newsevents writes (article view, batch report, evaluation
report): inline CSS, system fonts, no network. Highlight colours are chosen so that the
text on them keeps a WCAG contrast of at least 4.5:1 (checked by the tests)."""

from __future__ import annotations

import html

TEXT_COLOUR = "#1a1a1a"
# background of each mention kind's highlight, and of the focused card's spans
KIND_COLOURS = {
    "times": "#cfe3ff",
    "quantities": "#ffe2b8",
    "places": "#c9f0d2",
    "actors": "#f3d3f5",
    "trigger": "#fff3a3",
}
KIND_LABELS = {
    "times": "time",
    "quantities": "quantity",
    "places": "place",
    "actors": "actor",
    "trigger": "event trigger",
}
LINK_COLOUR = "#1d4f91"
MUTED_COLOUR = "#555555"

CSS = (
    """
:root{color-scheme:light}
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;padding:1rem;
 max-width:80rem;color:TEXT;background:#fff;line-height:1.5}
h1{font-size:1.35rem;margin:.2rem 0 .4rem}h2{font-size:1.1rem;margin:1.6rem 0 .5rem}
a{color:LINK}a:focus-visible,[tabindex]:focus-visible{outline:3px solid #b45309;outline-offset:2px}
.meta,.muted{color:MUTED;font-size:.9rem}
table{border-collapse:collapse;width:100%;font-size:.92rem}
td,th{padding:.3rem .5rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
th{font-weight:600}.num{font-variant-numeric:tabular-nums;text-align:right}
.bar{background:#e8eef7;width:10rem;max-width:40vw;height:.9rem;display:inline-block;vertical-align:middle}
.fill{background:#2b6cb0;height:100%;display:block}
.field{font-family:ui-monospace,Menlo,monospace;font-size:.85rem}
.gold{color:#22543d}.pred{color:#9b2c2c}
.legend span{display:inline-block;margin:0 .6rem .3rem 0;padding:0 .35rem;border-radius:.25rem}
.text{white-space:pre-wrap;font-size:1rem;border:1px solid #e2e2e2;border-radius:.4rem;padding:.8rem}
mark{color:inherit;border-radius:.2rem;padding:0 .08rem}
mark.lit{outline:2px solid #b45309;box-shadow:0 0 0 3px #fde68a}
.view{display:grid;grid-template-columns:minmax(0,1.1fr) minmax(0,1fr);gap:1.2rem;align-items:start}
.col-text{position:sticky;top:0;max-height:100vh;overflow:auto}
.cards{display:grid;align-items:start;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:.7rem}
.card{border:1px solid #cfd6e0;border-radius:.5rem;padding:.6rem .7rem;background:#fbfcfe;cursor:pointer}
.card.lit{border-color:#b45309;box-shadow:0 0 0 2px #fde68a}
.card h3{font-size:1rem;margin:0 0 .3rem}.card dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:.1rem .6rem}
.card dt{color:MUTED;font-size:.85rem}.card dd{margin:0;font-size:.9rem;overflow-wrap:anywhere}
.badge{display:inline-block;font-size:.75rem;padding:0 .4rem;border-radius:.6rem;background:#e2e8f0;color:TEXT;margin-left:.3rem}
.errors li{color:#9b2c2c}
figure{margin:0}svg text{font-family:inherit;font-size:11px;fill:TEXT}
@media (max-width:52rem){.view{grid-template-columns:1fr}.col-text{position:static;max-height:none}}
@media (max-width:40rem){body{padding:.6rem}.cards{grid-template-columns:1fr}td,th{padding:.25rem}}
""".replace("TEXT", TEXT_COLOUR)
    .replace("LINK", LINK_COLOUR)
    .replace("MUTED", MUTED_COLOUR)
    + "".join(f"mark.k-{k}{{background:{c}}}" for k, c in KIND_COLOURS.items())
    + "".join(f".legend .k-{k}{{background:{c}}}" for k, c in KIND_COLOURS.items())
)


def esc(value: object) -> str:
    """HTML-escaped text of ``value`` (quotes too: safe inside attributes)."""
    return html.escape(str(value), quote=True)


def bar(value: float, label: str = "") -> str:
    """A horizontal bar for a value in [0, 1], labelled for screen readers."""
    pct = max(0.0, min(1.0, value)) * 100
    name = f"{label} {pct:.1f} percent".strip()
    return (
        f'<span class="bar" role="img" aria-label="{esc(name)}">'
        f'<span class="fill" style="width:{pct:.1f}%"></span></span>'
    )


def legend() -> str:
    return (
        '<p class="legend" aria-label="Highlight colours">'
        + "".join(f'<span class="k-{k}">{esc(v)}</span>' for k, v in KIND_LABELS.items())
        + "</p>"
    )


def page(title: str, body: str, script: str = "") -> str:
    """A whole self-contained HTML document."""
    js = f"<script>{script}</script>" if script else ""
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{esc(title)}</title><style>{CSS}</style></head>"
        f"<body>{body}{js}</body></html>\n"
    )


def _luminance(hex_colour: str) -> float:
    rgb = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
