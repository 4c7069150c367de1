"""The ``newsevents`` command line: thin typer wrappers over library functions.

Only this module prints. Records go to stdout; messages, progress and error summaries
go to stderr, so ``newsevents extract ... > out.jsonl`` keeps a clean data file.
"""

from __future__ import annotations

import enum
import json
import sys
from collections.abc import Iterator
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from extract.config import DEFAULT_MODEL, Settings
from extract.errors import DateError, ModelError, NewsEventsError
from extract.records import ArticleResult, ErrorRecord, json_schema_text

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


def _error_record(source: str, exc: NewsEventsError) -> ErrorRecord:
    return ErrorRecord(source=source, reason=exc.reason, message=exc.message)


@app.command()
def extract(
    inputs: Annotated[
        list[str],
        typer.Argument(
            help="Files (.html, .txt, .jsonl[.gz]), folders of them, http(s) URLs, or - for stdin.",
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
) -> None:
    """Extract events (and the times, quantities, places and actors they use) from articles.

    Exit status: 0 when every input gave a result, 1 when some input was rejected (each
    rejected input is reported with its reason), 2 on a usage error.
    """
    from extract.api import Extractor
    from extract.ingest.dates import parse_published
    from extract.ingest.sources import iter_articles

    try:
        pub = parse_published(published) if published is not None else None
    except DateError as exc:
        err.print(f"[red]error:[/] --published: {exc.message}")
        raise typer.Exit(2) from None
    chosen = fmt or (OutputFormat.table if out.is_terminal else OutputFormat.jsonl)
    settings = Settings(spacy_model=model, allow_private_urls=allow_private_urls)
    try:
        extractor = Extractor(settings)
    except ModelError as exc:
        err.print(f"[red]error:[/] {exc.message}")
        raise typer.Exit(2) from None

    def results() -> Iterator[tuple[str, ArticleResult | ErrorRecord]]:
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

    failures = 0
    collected: list[ArticleResult | ErrorRecord] = []
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as progress:
        task = progress.add_task("extracting", total=None)
        for source, record in results():
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


@app.command()
def schema() -> None:
    """Print the JSON Schema of the output records (ArticleResult, ErrorRecord)."""
    out.file.write(json_schema_text() + "\n")


def main() -> None:
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
