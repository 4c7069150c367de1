"""The HTML view of one article: its text with every mention highlighted by kind, each
event as a card with its normalised arguments, and the links between the two (hover or
focus a card to light its spans; click a highlight to light the cards that use it)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from extract.batch.tables import ActorCoding, actor_coding
from extract.records import (
    ActorMention,
    Argument,
    ArticleResult,
    ErrorRecord,
    Event,
    PlaceMention,
    QuantityMention,
    Span,
    TimeMention,
)
from extract.views.style import KIND_LABELS, esc, legend, page

_PUBLISHED_FROM = {
    "given": "given by the caller",
    "html_metadata": "from the page's metadata",
    "warc_header": "from the WARC-Date header",
    "dateline": "from the dateline",
    "unknown": "unknown: relative dates are left unresolved",
}

SCRIPT = """
(function(){
  var cards=[].slice.call(document.querySelectorAll('.card'));
  function marks(ref){return [].slice.call(document.querySelectorAll('mark[data-ref="'+ref+'"]'));}
  function light(card,on){
    card.classList.toggle('lit',on);
    card.getAttribute('data-refs').split(' ').forEach(function(r){
      marks(r).forEach(function(m){m.classList.toggle('lit',on);});});
  }
  cards.forEach(function(card){
    ['mouseenter','focus'].forEach(function(ev){card.addEventListener(ev,function(){light(card,true);});});
    ['mouseleave','blur'].forEach(function(ev){card.addEventListener(ev,function(){light(card,false);});});
    card.addEventListener('keydown',function(ev){
      if(ev.key==='Enter'||ev.key===' '){var m=marks(card.getAttribute('data-event'))[0];
        if(m){m.scrollIntoView({block:'center'});} ev.preventDefault();}});
    card.addEventListener('click',function(){var m=marks(card.getAttribute('data-event'))[0];
      if(m){m.scrollIntoView({block:'center',behavior:'smooth'});}});
  });
  [].slice.call(document.querySelectorAll('mark[data-ref]')).forEach(function(m){
    m.addEventListener('click',function(){
      var ref=m.getAttribute('data-ref'), first=null;
      cards.forEach(function(c){var on=(' '+c.getAttribute('data-refs')+' ').indexOf(' '+ref+' ')>=0;
        c.classList.toggle('lit',on); if(on&&!first){first=c;}});
      if(first){first.scrollIntoView({block:'nearest'});}
    });
  });
  var shown=cards.filter(function(c){var r=c.getBoundingClientRect();return r.width>0&&r.height>0;});
  document.body.setAttribute('data-cards-shown',String(shown.length));
  document.body.setAttribute('data-ready','1');
})();
"""


def fmt_number(x: float | None) -> str:
    if x is None:
        return "?"
    if x == int(x) and abs(x) < 1e15:
        return f"{int(x):,}"
    return f"{x:,.2f}".rstrip("0").rstrip(".")


def fmt_time(t: TimeMention) -> str:
    out = t.value or "unresolved"
    if t.mod:
        out += f" {t.mod.lower()}"
    if t.role:
        out += f" ({t.role})"
    return out


def fmt_quantity(q: QuantityMention) -> str:
    if q.lower is not None and q.upper is not None and q.lower != q.upper:
        amount = f"{fmt_number(q.lower)}–{fmt_number(q.upper)}"
    elif q.lower is not None and q.upper is None:
        amount = f"≥ {fmt_number(q.lower)}"
    elif q.upper is not None and q.lower is None:
        amount = f"≤ {fmt_number(q.upper)}"
    else:
        amount = fmt_number(q.value)
    if q.approximate:
        amount = "≈ " + amount
    if q.change:
        amount = ("+" if q.change == "up" else "−") + amount
    parts = [amount]
    if q.unit:
        parts.append(q.unit)
    if q.counted:
        parts.append(q.counted)
    return " ".join(parts)


def fmt_place(p: PlaceMention) -> str:
    out = p.name
    where = [p.country_code] if p.country_code else []
    if p.relative is not None:
        where.append(f"{p.relative.direction} of {p.relative.anchor}")
    if p.lat is not None and p.lon is not None:
        where.append(
            f"{abs(p.lat):.2f} {'N' if p.lat >= 0 else 'S'} "
            f"{abs(p.lon):.2f} {'E' if p.lon >= 0 else 'W'}"
        )
    return f"{out} → {', '.join(where)}" if where else out


def fmt_actor(a: ActorMention) -> str:
    out = a.canonical
    extra = [x for x in (a.kind if a.kind != "unknown" else None, a.country_code) if x]
    if a.affiliation:
        extra.append(a.affiliation)
    return f"{out} ({', '.join(extra)})" if extra else out


def fmt_coding(coded: ActorCoding) -> str:
    """An actor argument as event data codes it: "Taliban · AFG · armed_group"."""
    parts = [coded.entity, coded.country_code or "no country"]
    if coded.sector != "unknown":
        parts.append(coded.sector)
    return " · ".join(parts)


def _argument(result: ArticleResult, arg: Argument) -> tuple[str, str]:
    """(value shown, tooltip) of one event argument; an actor as event data codes it."""
    kind, value = describe(result, arg.ref)
    tip = f"{KIND_LABELS.get(kind, kind)}: {arg.text}"
    coded = actor_coding(result, arg)
    if coded is None:
        return value, tip
    m = result.mention(arg.ref)
    if isinstance(m, ActorMention) and m.country_basis != "unknown":
        sure = f", {m.country_confidence:.2f}" if m.country_confidence is not None else ""
        tip += f" (country: {m.country_basis}{sure})"
    return fmt_coding(coded), tip


def describe(result: ArticleResult, ref: str) -> tuple[str, str]:
    """(kind, normalised value) of the mention ``ref``."""
    m = result.mention(ref)
    if isinstance(m, TimeMention):
        return "times", fmt_time(m)
    if isinstance(m, QuantityMention):
        return "quantities", fmt_quantity(m)
    if isinstance(m, PlaceMention):
        return "places", fmt_place(m)
    if isinstance(m, ActorMention):
        return "actors", fmt_actor(m)
    return "unknown", ref


@dataclass
class _Mark:
    start: int
    end: int
    kind: str
    ref: str
    title: str
    children: list[_Mark] = field(default_factory=list)


def _marks(result: ArticleResult) -> list[_Mark]:
    """Highlights as a forest: nested spans nest, a span crossing another is left out."""
    flat: list[_Mark] = []
    groups: Sequence[tuple[str, Sequence[Span]]] = (
        ("times", result.times),
        ("quantities", result.quantities),
        ("places", result.places),
        ("actors", result.actors),
    )
    for kind, group in groups:
        for g in group:
            ref = getattr(g, "id", "")
            flat.append(
                _Mark(g.start, g.end, kind, ref, f"{KIND_LABELS[kind]}: {describe(result, ref)[1]}")
            )
    for ev in result.events:
        for span in (ev.trigger, *ev.mentions):
            flat.append(_Mark(span.start, span.end, "trigger", ev.id, f"{ev.id}: {ev.type}"))
    flat.sort(key=lambda m: (m.start, -m.end))
    roots: list[_Mark] = []
    stack: list[_Mark] = []
    for m in flat:
        while stack and stack[-1].end <= m.start:
            stack.pop()
        if stack and m.end > stack[-1].end:
            continue  # crosses the span it starts in
        (stack[-1].children if stack else roots).append(m)
        stack.append(m)
    return roots


def _render_text(text: str, marks: Iterable[_Mark], start: int, end: int) -> str:
    out: list[str] = []
    pos = start
    for m in marks:
        out.append(esc(text[pos : m.start]))
        inner = _render_text(text, m.children, m.start, m.end)
        out.append(
            f'<mark class="k-{m.kind}" data-ref="{esc(m.ref)}" title="{esc(m.title)}">'
            f"{inner}</mark>"
        )
        pos = m.end
    out.append(esc(text[pos:end]))
    return "".join(out)


def _card(result: ArticleResult, ev: Event) -> str:
    rows = [("trigger", esc(ev.trigger.text))]
    if ev.mentions:
        rows.append(("reported again", esc(", ".join(f"“{m.text}”" for m in ev.mentions))))
    if ev.merged_words:
        rows.append(("also told by", esc(", ".join(f"“{m.text}”" for m in ev.merged_words))))
    if ev.date:
        rows.append(("date", esc(ev.date)))
    if ev.deadline:
        rows.append(("deadline", esc(ev.deadline)))
    refs = [ev.id]
    for a in ev.arguments:
        value, tip = _argument(result, a)
        refs.append(a.ref)
        rows.append((esc(a.role), f'<span title="{esc(tip)}">{esc(value)}</span>'))
    rows.append(("confidence", f"{ev.confidence:.2f}"))
    label = f"Event {ev.id}: {ev.type}, {ev.status}, trigger {ev.trigger.text}"
    dl = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in rows)
    sub = f'<span class="badge">{esc(ev.subtype)}</span>' if ev.subtype else ""
    return (
        f'<article class="card" tabindex="0" id="card-{esc(ev.id)}" data-event="{esc(ev.id)}" '
        f'data-refs="{esc(" ".join(refs))}" aria-label="{esc(label)}">'
        f'<h3>{esc(ev.type)}{sub}<span class="badge">{esc(ev.status)}</span></h3>'
        f"<dl>{dl}</dl></article>"
    )


def article_section(result: ArticleResult, errors: Sequence[str] = ()) -> str:
    """The view of one article, without the page around it."""
    a = result.article
    title = a.title or "Untitled article"
    published = (
        f"{a.published.isoformat()}, {_PUBLISHED_FROM[a.published_source.value]}"
        if a.published
        else _PUBLISHED_FROM["unknown"]
    )
    meta = [f"Published: {esc(published)}"]
    if a.url:
        meta.append(f'Source: <a href="{esc(a.url)}" rel="noopener">{esc(a.url)}</a>')
    if a.site:
        meta.append(f"Site: {esc(a.site)}")
    meta.append(
        f"{len(result.events)} events; {len(result.times)} times, "
        f"{len(result.quantities)} quantities, {len(result.places)} places, "
        f"{len(result.actors)} actors"
    )
    problems = [*errors, *result.warnings]
    problem_html = (
        '<h2>Errors and warnings</h2><ul class="errors">'
        + "".join(f"<li>{esc(p)}</li>" for p in problems)
        + "</ul>"
        if problems
        else ""
    )
    cards = "".join(_card(result, ev) for ev in result.events) or (
        '<p class="muted">No events found.</p>'
    )
    text = _render_text(a.text, _marks(result), 0, len(a.text))
    return (
        f'<section aria-label="{esc(title)}"><h1>{esc(title)}</h1>'
        f'<p class="meta">{"<br>".join(meta)}</p>{problem_html}'
        '<div class="view"><div class="col-text">'
        f"<h2>Text</h2>{legend()}"
        f'<div class="text" aria-label="Article text with highlighted mentions">{text}</div>'
        f'</div><div class="col-cards"><h2>Events</h2><div class="cards">{cards}</div></div>'
        "</div></section>"
    )


def error_section(error: ErrorRecord) -> str:
    return (
        f'<section aria-label="Rejected input"><h1>Not processed: {esc(error.source)}</h1>'
        f'<ul class="errors"><li>{esc(error.reason)}: {esc(error.message)}</li></ul></section>'
    )


def render_article(
    results: Sequence[ArticleResult | ErrorRecord], title: str = "newsevents view"
) -> str:
    """A self-contained HTML page of one or more articles (and inputs that failed)."""
    body = "<hr>".join(
        error_section(r) if isinstance(r, ErrorRecord) else article_section(r) for r in results
    )
    first = next((r for r in results if isinstance(r, ArticleResult)), None)
    if first is not None and first.article.title:
        title = f"{first.article.title} · newsevents"
    return page(title, f"<main>{body}</main>", SCRIPT)
