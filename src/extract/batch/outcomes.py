"""What a batch made of each input: per input file, its records in order, each either
``"article"`` or the reason of its error record. Used to check runs over known inputs
(the hostile-input corpus) and to compare runs."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from extract.batch.query import connect

_POSITION = re.compile(r"^(?P<file>.+?)(?:[:#](?P<pos>\d+))?$")


def outcomes(out_dir: Path) -> dict[str, list[str]]:
    """``{input file name: ["article" | error reason, ...]}`` in record order."""
    con = connect(Path(out_dir))
    rows = con.execute(
        "SELECT source, 'article' FROM articles_all UNION ALL SELECT source, reason FROM errors"
    ).fetchall()
    found: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for source, what in rows:
        m = _POSITION.match(str(source))
        assert m is not None
        name = Path(m.group("file")).name
        found[name].append((int(m.group("pos") or 0), str(what)))
    return {name: [w for _, w in sorted(items)] for name, items in found.items()}
