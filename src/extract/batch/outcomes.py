"""What a batch made of each input: per input file, its records in order, each either
``"article"`` or the reason of its error record. Used to check runs over known inputs
(the hostile-input corpus) and to compare runs."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from extract.batch.query import connect
from extract.ingest.sources import split_source


def outcomes(out_dir: Path) -> dict[str, list[str]]:
    """``{input file name: ["article" | error reason, ...]}`` in record order."""
    con = connect(Path(out_dir))
    rows = con.execute(
        "SELECT source, 'article' FROM articles_all UNION ALL SELECT source, reason FROM errors"
    ).fetchall()
    found: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for source, what in rows:
        file, pos = split_source(str(source))
        found[Path(file).name].append((pos or 0, str(what)))
    return {name: [w for _, w in sorted(items)] for name, items in found.items()}
