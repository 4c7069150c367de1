"""The library's front door: one call from an article to typed records."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path

from spacy.language import Language
from spacy.tokens import Doc

from extract.assemble import result_from_doc
from extract.config import Settings
from extract.errors import NewsEventsError
from extract.ingest.dates import parse_published
from extract.ingest.html import article_from_html
from extract.ingest.sources import iter_articles, looks_like_html, read_file_bytes
from extract.ingest.text import article_from_text, decode_bytes, replace_surrogates
from extract.nlp.extensions import remember_text
from extract.nlp.pipeline import OUR_COMPONENTS, build_nlp
from extract.records import Article, ArticleResult, ErrorRecord, Event


class Extractor:
    """A loaded pipeline. Create one per process and reuse it: loading costs ~1 s."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        self.nlp: Language = build_nlp(self.settings)
        self._executor: ThreadPoolExecutor | None = None
        self._ours = {name.removeprefix("newsevents_") for name in OUR_COMPONENTS}

    @staticmethod
    def _clean(article: Article) -> Article:
        """An article built by hand may hold lone surrogates, which no tokenizer or writer
        can encode: each becomes U+FFFD (offsets unchanged)."""
        text = replace_surrogates(article.text)
        return article if text is article.text else article.model_copy(update={"text": text})

    def _doc(self, article: Article) -> Doc:
        doc = self.nlp.make_doc(article.text)
        doc._.published = article.published.isoformat() if article.published else None
        remember_text(doc, article.text)  # doc.text would join every token again
        return doc

    def process_article(self, article: Article) -> ArticleResult:
        """Run the pipeline on one ingested article."""
        article = self._clean(article)
        return result_from_doc(article, self.nlp(self._doc(article)))

    def process_articles(self, articles: Iterable[Article]) -> Iterator[ArticleResult]:
        """Run the pipeline on many articles, batched (results in input order)."""
        pairs = ((self._doc(a), a) for a in map(self._clean, articles))
        for doc, article in self.nlp.pipe(
            pairs, as_tuples=True, batch_size=self.settings.batch_size
        ):
            yield result_from_doc(article, doc)

    def start_articles(self, articles: Sequence[Article]) -> Callable[[], list[ArticleResult]]:
        """:meth:`process_articles` in two steps, so that a caller can overlap batches:
        spaCy's own components run now; ours (times to events, and the records) then run
        on a background thread, and the function returned waits for them and gives the
        results (the same as :meth:`process_articles` gives). The batch runner parses the
        next batch meanwhile: spaCy releases the GIL for most of its work (matrix
        products, the parser's loop), so our components' time is mostly hidden behind it.

        Raises:
            extract.errors.NewsEventsError: a component failed (in either step).
        """
        arts = [self._clean(a) for a in articles]
        ours = [name for name in self.nlp.pipe_names if name in self._ours]
        docs = list(
            self.nlp.pipe(
                (self._doc(a) for a in arts), batch_size=self.settings.batch_size, disable=ours
            )
        )
        job = self._background().submit(self._finish, arts, docs)
        return job.result

    def _finish(self, arts: list[Article], docs: list[Doc]) -> list[ArticleResult]:
        """Our components on docs that spaCy's components have annotated; the records."""
        for name, proc in self.nlp.pipeline:
            if name not in self._ours:
                continue
            if hasattr(proc, "pipe"):
                docs = list(proc.pipe(docs, batch_size=self.settings.batch_size))
            else:
                docs = [proc(doc) for doc in docs]
        return [result_from_doc(a, d) for a, d in zip(arts, docs, strict=True)]

    def _background(self) -> ThreadPoolExecutor:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="newsevents-components")
        return self._executor

    def abandon_background(self) -> None:
        """Start a new background thread for later batches (after a batch ran past its time
        limit: its thread may still be busy with it)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def process(
        self,
        source: str | bytes | os.PathLike[str],
        *,
        published: str | dt.date | None = None,
        url: str | None = None,
        title: str | None = None,
    ) -> ArticleResult:
        """Ingest HTML or plain text (or the file at a path) and extract everything from it.

        Raises:
            TypeError: ``source`` is not text, bytes or a path.
            extract.errors.InputError: empty, binary, non-English, too large or no article.
            extract.errors.DateError: ``published`` is not a date.
        """
        pub = parse_published(published) if published is not None else None
        name = url or "<input>"
        if isinstance(source, os.PathLike):
            name = str(source)
            source = read_file_bytes(Path(source), self.settings.fetch_max_bytes)
        if not isinstance(source, str | bytes):
            raise TypeError(f"source must be str, bytes or a path, not {type(source).__name__}")
        text = decode_bytes(source, name) if isinstance(source, bytes) else source
        if looks_like_html(text):
            article = article_from_html(text, url=url, published=pub, settings=self.settings)
        else:
            article = article_from_text(
                text, url=url, title=title, published=pub, settings=self.settings
            )
        return self.process_article(article)


@lru_cache(maxsize=4)
def get_extractor(settings: Settings | None = None) -> Extractor:
    """A shared :class:`Extractor` per settings (the pipeline loads once per process)."""
    return Extractor(settings)


def process(
    source: str | bytes | os.PathLike[str],
    *,
    published: str | dt.date | None = None,
    url: str | None = None,
    title: str | None = None,
    settings: Settings | None = None,
) -> ArticleResult:
    """Extract times, quantities, places, actors and events from one article.

    Args:
        source: HTML or plain text (str or bytes), or the path of one such file.
        published: publication date (ISO or written, e.g. "2020-04-02"); relative dates
            are resolved against it. Without it the HTML metadata or a dateline is used,
            else relative dates stay unresolved.
        url: where the article came from (kept on the record).
        title: the title, for plain text.
        settings: pipeline settings (model name, limits).
    """
    return get_extractor(settings).process(source, published=published, url=url, title=title)


def extract_events(
    source: str | bytes | os.PathLike[str],
    *,
    published: str | dt.date | None = None,
    url: str | None = None,
    settings: Settings | None = None,
) -> list[Event]:
    """Just the events of :func:`process`."""
    return process(source, published=published, url=url, settings=settings).events


def read(
    spec: str | os.PathLike[str],
    *,
    published: str | dt.date | None = None,
    settings: Settings | None = None,
    sources: bool = False,
) -> Iterator[Article | ErrorRecord] | Iterator[tuple[str, Article | ErrorRecord]]:
    """The articles of any supported input: a file (HTML, text, JSONL, JSON, CSV, TSV,
    Parquet, WARC, URL list), a folder of them, or an http(s) URL. An input or record
    that cannot be read is an :class:`ErrorRecord` (with its ``source`` and ``reason``)
    in its place. With ``sources``, each item comes as ``(source name, item)``:
    ``file.csv:17``, ``file.parquet#41``, ``file.warc.gz#1234``.

    >>> ex = Extractor()  # doctest: +SKIP
    >>> results = [ex.process_article(a) if isinstance(a, Article) else a
    ...            for a in read("cc_news.parquet")]  # doctest: +SKIP
    >>> tables(results)["events"].to_pandas()  # doctest: +SKIP

    Raises:
        DateError: ``published`` is not a date (at once).
    """
    items = iter_articles(
        spec if isinstance(spec, str) else Path(spec), published=published, settings=settings
    )

    def convert(source: str, item: Article | NewsEventsError) -> Article | ErrorRecord:
        return ErrorRecord.from_error(source, item) if isinstance(item, NewsEventsError) else item

    if sources:
        return ((source, convert(source, item)) for source, item in items)
    return (convert(source, item) for source, item in items)
