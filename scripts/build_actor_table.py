"""Build ``src/extract/resources/institutions.json`` from the curated tables in ``scripts/actor_table/``.

The TSV files are the source (our own compilation); the committed JSON is what the library
reads (``load_table("institutions")``). Run it with the project's Python::

    python scripts/build_actor_table.py            # validate, then write the JSON
    python scripts/build_actor_table.py --check    # validate and fail if the JSON is stale

Source format: one TSV file per family of bodies, ``#`` lines are comments, the first
other line is the header ``canonical aliases kind sector country also coding note``:

* ``canonical``: the body's usual name in English news copy (the canonical an actor gets).
* ``aliases``: other names separated by ``|`` (acronyms, short names, transliterations).
  An alias written ``=Name`` only matches with that capitalisation ("=Hawks", "=Fed");
  aliases without lower-case letters (acronyms such as "IS", "WHO", "ICE") always do.
* ``kind``/``sector``: an ``ActorKind`` and an ``ActorSector`` of ``extract.records``.
* ``country``: the alpha-3 code of ``countries.json`` the body belongs to; empty for
  international and transnational bodies (Islamic State, al-Qaeda, the UN).
* ``also``: further alpha-3 codes, ``|``-separated, where a group operates besides its
  ``country`` (Boko Haram: Nigeria, also Cameroon, Chad, Niger), or, for a group with no
  single country, where it operates (JNIM: Mali, Burkina Faso, Niger, Benin, Togo).
  Information only: the guidelines code ``country`` (null for JNIM, as the dev gold does).
* ``coding``: empty, ``own`` or ``as:<name>``. State organs (kind government, military or police, with a
  country) are coded as ``<Country> government|military|police`` by the annotation
  guidelines and the dev gold ("Pentagon" -> United States military, "Haitian National
  Police" -> Haiti police, "Polokwane High Court" and "Limpopo provincial government" ->
  South Africa government); ``own`` keeps the body's own canonical instead (rival and
  shadow governments such as the Government of National Accord, state-backed militias such
  as the VDP, multinational forces); ``as:<name>`` names the canonical outright (ISWAP,
  whose actors.json canonical is kept, is coded "Islamic State West Africa Province" as in
  the dev gold). The result is the body's ``coded_as``.
* ``note``: free text: why a choice was made, which ambiguous alias was left out.

Names that are ambiguous in ordinary English or across countries ("Labour Party", "National
Assembly", "Supreme Court", "junta") are not listed: the context rule codes them.

Validation (every problem is reported; any problem fails the build): known kind, sector and
country codes; a kind/sector pair that makes sense; no international organisation with a
country; canonicals unique; no alias that is a country name, demonym or capital, an actor
noun of ``actors.json`` or (unless case-sensitive) an English function word; and no alias,
after expansion, that names two bodies.

Alias expansion, mechanical and applied to the canonical and every alias: whitespace
collapsed; en and em dashes as hyphens; straight, curly and no apostrophes; "al-X" and
"al X"; word hyphens as spaces ("Mai-Mai", "Mai Mai"); dotted and undotted acronyms ("U.N."
and "UN"; a whole alias of two to four capitals and two-capital words inside a longer name
gain dots); accents folded ("Séléka", "Seleka"); with and without a leading "the". Keys are
lower-cased (``str.lower``, as ``extract.nlp.known.known_body`` looks them up).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIR = ROOT / "scripts" / "actor_table"
RESOURCES = ROOT / "src" / "extract" / "resources"
OUT = RESOURCES / "institutions.json"

HEADER = ("canonical", "aliases", "kind", "sector", "country", "also", "coding", "note")
STATE_KINDS = frozenset({"government", "military", "police"})

# Which sectors a kind of body in this table can have; a pair outside this is a typo.
# (person, civilians, country and unknown are not kinds of a named body.)
SECTORS_OF_KIND: dict[str, frozenset[str]] = {
    "armed_group": frozenset({"armed_group", "criminal"}),
    "military": frozenset({"military", "government"}),  # the Pentagon: sector government
    "police": frozenset({"police"}),
    "government": frozenset({"government", "judiciary", "legislature", "police", "health"}),
    "political_party": frozenset({"party"}),
    "international_organisation": frozenset({"igo"}),
    "organisation": frozenset(
        {"ngo", "labour", "media", "religion", "education", "health", "business"}
    ),
    "company": frozenset({"business", "media"}),
}

DOC = (
    "National institutions, parties, armed groups, unions, media, companies, NGOs and "
    "international organisations, built by scripts/build_actor_table.py from "
    "scripts/actor_table/*.tsv (edit those, not this file). bodies: canonical -> kind "
    "(ActorKind), sector (ActorSector), country (alpha-3, null for international and "
    "transnational bodies), also (further countries a regional group operates in), coded_as "
    "(the canonical an actor mention takes: '<Country> government|military|police' for state "
    "organs, else the canonical), aliases (source names besides the canonical), note. "
    "aliases: lower-cased expanded name -> canonical. cased: keys that only match a mention "
    "written as one of the listed forms (acronyms such as 'IS' or 'WHO', and names such as "
    "'Hawks')."
)


@dataclass(frozen=True)
class Row:
    """One body of the source tables."""

    canonical: str
    aliases: tuple[tuple[str, bool], ...]
    kind: str
    sector: str
    country: str
    also: tuple[str, ...]
    coding: str
    note: str
    where: str


def _load(name: str) -> Any:
    return json.loads((RESOURCES / f"{name}.json").read_text(encoding="utf-8"))


def _literals() -> tuple[frozenset[str], frozenset[str]]:
    try:
        from extract.records import ActorKind, ActorSector
    except ImportError:  # run with a Python that has not installed the package
        sys.path.insert(0, str(ROOT / "src"))
        from extract.records import ActorKind, ActorSector
    return frozenset(get_args(ActorKind)), frozenset(get_args(ActorSector))


def _is_acronym(name: str) -> bool:
    core = re.sub(r"^the\s+", "", name, flags=re.IGNORECASE)
    return not any(c.islower() for c in core) and any(c.isupper() for c in core)


def read_rows(source_dir: Path = SOURCE_DIR) -> tuple[list[Row], list[str]]:
    """Parse every ``*.tsv`` of ``source_dir``; return the rows and format problems."""
    rows: list[Row] = []
    problems: list[str] = []
    paths = sorted(source_dir.glob("*.tsv"))
    if not paths:
        problems.append(f"no .tsv files in {source_dir}")
    for path in paths:
        header_seen = False
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            where = f"{path.name}:{n}"
            if not line.strip() or line.startswith("#"):
                continue
            cells = line.split("\t")
            if not header_seen:
                if tuple(cells) != HEADER:
                    problems.append(f"{where}: header must be {' '.join(HEADER)!r}")
                header_seen = True
                continue
            if len(cells) != len(HEADER):
                problems.append(f"{where}: {len(cells)} cells, expected {len(HEADER)}")
                continue
            canonical, aliases, kind, sector, country, also, coding, note = (
                c.strip() for c in cells
            )
            names: dict[str, bool] = {canonical: _is_acronym(canonical)}
            for alias in (a.strip() for a in aliases.split("|")):
                if not alias:
                    continue
                exact = alias.startswith("=")
                alias = alias.removeprefix("=").strip()
                names[alias] = exact or _is_acronym(alias) or names.get(alias, False)
            rows.append(
                Row(
                    canonical=canonical,
                    aliases=tuple(names.items()),
                    kind=kind,
                    sector=sector,
                    country=country,
                    also=tuple(a for a in also.split("|") if a),
                    coding=coding,
                    note=note,
                    where=where,
                )
            )
    return rows, problems


_APOSTROPHES = "'’ʼʿʾ`"
# Letters NFKD does not decompose into a base letter and a mark.
_FOLD = str.maketrans(
    {
        **dict(zip("ıøØłŁđð", "ioOlLdd", strict=True)),
        "þ": "th",
        "ß": "ss",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
    }
)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.translate(_FOLD))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _spellings(name: str) -> set[str]:
    """Surface spellings of one name, before the leading-article step."""
    out = {" ".join(name.replace("\u2013", "-").replace("\u2014", "-").split())}
    out.add(" ".join(name.split()))
    for f in list(out):
        if any(a in f for a in _APOSTROPHES):
            out.add(re.sub(f"[{_APOSTROPHES}]", "'", f))
            out.add(re.sub(f"[{_APOSTROPHES}]", "’", f))
            out.add(re.sub(f"[{_APOSTROPHES}]", "", f))
    for f in list(out):
        out.add(re.sub(r"\b([Aa]l|[Ee]l)-(?=\w)", r"\1 ", f))
        out.add(re.sub(r"\b([Aa]l) (?=[A-Z])", r"\1-", f))
    for f in list(out):
        out.add(re.sub(r"\b((?:[A-Z]\.){2,})", lambda m: m.group(1).replace(".", ""), f))
        if re.fullmatch(r"[A-Z]{2,4}", f):
            out.add(".".join(f) + ".")
        elif " " in f or "-" in f:
            out.add(re.sub(r"(?:^|(?<=\s))([A-Z])([A-Z])(?=\s|-[a-z]|$)", r"\1.\2.", f))
    for f in list(out):
        out.add(re.sub(r"(?<=\w)-(?=\w)", " ", f))
    for f in list(out):
        out.add(_fold(f))
    return {f for f in out if f}


def variants(name: str) -> set[str]:
    """Every surface form the expansion rules make of ``name`` (see the module docstring)."""
    out: set[str] = set()
    for f in _spellings(name):
        core = re.sub(r"^[Tt]he\s+", "", f)
        out.update({core, f"the {core}"})
    return out


def _reserved() -> dict[str, str]:
    """Lower-cased words no alias may be, with the reason."""
    reserved: dict[str, str] = {}
    for code, info in _load("countries").items():
        for word in [info["name"], *info["aliases"], *info["demonyms"], info.get("capital") or ""]:
            if word:
                reserved[word.lower()] = f"a name, demonym or capital of {code}"
    actors = _load("actors")
    for table in ("nouns", "descriptors", "generic_nouns"):
        for word in actors[table]:
            reserved.setdefault(word.lower(), f"an actor noun of actors.json ({table})")
    for word in actors["military_words"]:
        reserved.setdefault(word.lower(), "an actor noun of actors.json (military_words)")
    return reserved


def coded_as(row: Row, countries: dict[str, Any]) -> str:
    """The canonical an actor mention of this body takes (see ``coding`` in the docstring)."""
    if row.coding.startswith("as:"):
        return row.coding.removeprefix("as:").strip()
    if row.coding == "own" or row.kind not in STATE_KINDS or row.country not in countries:
        return row.canonical
    return f"{countries[row.country]['name']} {row.kind}"


def validate(rows: list[Row]) -> list[str]:
    """Problems with the rows' fields (not their aliases)."""
    kinds, sectors = _literals()
    countries = _load("countries")
    problems: list[str] = []
    seen: dict[str, str] = {}
    for row in rows:
        w = f"{row.where} {row.canonical!r}"
        if not row.canonical:
            problems.append(f"{row.where}: empty canonical")
        other = seen.setdefault(row.canonical.lower(), row.where)
        if other != row.where:
            problems.append(f"{w}: canonical already used at {other}")
        if row.kind not in kinds:
            problems.append(f"{w}: kind {row.kind!r} is not an ActorKind")
        if row.sector not in sectors:
            problems.append(f"{w}: sector {row.sector!r} is not an ActorSector")
        if row.kind in kinds and row.sector not in SECTORS_OF_KIND.get(row.kind, ()):
            problems.append(f"{w}: sector {row.sector!r} does not fit kind {row.kind!r}")
        for code in (row.country, *row.also):
            if code and code not in countries:
                problems.append(f"{w}: {code!r} is not an alpha-3 code of countries.json")
        if row.country in row.also or len(set(row.also)) != len(row.also):
            problems.append(f"{w}: 'also' repeats a country")
        if row.sector == "igo" and row.country:
            problems.append(f"{w}: an international organisation has no country")
        named = row.coding.startswith("as:") and row.coding.removeprefix("as:").strip()
        if row.coding not in ("", "own") and not named:
            problems.append(f"{w}: coding must be empty, 'own' or 'as:<name>', not {row.coding!r}")
    return problems


def build(rows: list[Row]) -> tuple[dict[str, Any], list[str]]:
    """The JSON table of ``rows`` and the problems found on the way (empty when it is valid)."""
    problems = validate(rows)
    countries = _load("countries")
    reserved = _reserved()
    function_words = {w.lower() for w in _load("english_function_words")["words"]}
    owners: dict[str, dict[str, set[str]]] = {}  # key -> canonical -> surfaces
    free: set[str] = set()  # keys some case-insensitive name makes
    forms: dict[str, set[str]] = {}  # key -> spellings of its case-sensitive names
    bodies: dict[str, Any] = {}
    for row in rows:
        for name, exact in row.aliases:
            why = reserved.get(name.lower())
            if why:
                problems.append(f"{row.where} {row.canonical!r}: alias {name!r} is {why}")
                continue
            for form in variants(name):
                key = form.lower()
                owners.setdefault(key, {}).setdefault(row.canonical, set()).add(name)
                if exact:
                    forms.setdefault(key, set()).add(form)
                    if form.startswith("the "):
                        forms[key].add("The " + form[4:])
                else:
                    free.add(key)
                    if key in function_words:
                        problems.append(
                            f"{row.where} {row.canonical!r}: alias {name!r} gives {key!r}, an "
                            "English function word (write it case-sensitive, or drop it)"
                        )
        bodies[row.canonical] = {
            "kind": row.kind,
            "sector": row.sector,
            "country": row.country or None,
            "also": list(row.also),
            "coded_as": coded_as(row, countries),
            "aliases": [name for name, _ in row.aliases if name != row.canonical],
            "note": row.note,
        }
    aliases: dict[str, str] = {}
    for key, by_body in owners.items():
        if len(by_body) > 1 and key.startswith("the ") and len(owners.get(key[4:], {})) > 1:
            continue  # reported without the article
        if len(by_body) > 1:
            claims = "; ".join(
                f"{canonical} (from {', '.join(sorted(names))})"
                for canonical, names in sorted(by_body.items())
            )
            problems.append(f"alias {key!r} names several bodies: {claims}")
            continue
        aliases[key] = next(iter(by_body))
    cased = {key: sorted(forms[key]) for key in sorted(forms) if key not in free and key in aliases}
    table = {"_doc": DOC, "bodies": bodies, "aliases": aliases, "cased": cased}
    return table, problems


def render(table: dict[str, Any]) -> str:
    """The JSON text of ``table``: sorted keys, one alias, body or cased key per line (so a
    change to the sources shows as a small diff), each value written compactly."""

    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))

    parts = []
    for name in sorted(table):
        value = table[name]
        if isinstance(value, dict):
            entries = ",\n".join(f"{dump(k)}: {dump(value[k])}" for k in sorted(value))
            parts.append(f"{dump(name)}: {{\n{entries}\n}}")
        else:
            parts.append(f"{dump(name)}: {dump(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def check(source_dir: Path = SOURCE_DIR, out: Path = OUT) -> list[str]:
    """Problems with the source tables, plus one if ``out`` is not what they build."""
    rows, problems = read_rows(source_dir)
    table, more = build(rows)
    problems += more
    if not out.is_file():
        problems.append(f"{out} is missing: run python scripts/build_actor_table.py")
    elif out.read_text(encoding="utf-8") != render(table):
        problems.append(f"{out} is stale: run python scripts/build_actor_table.py")
    return problems


def main(argv: list[str] | None = None) -> int:
    """Validate the source tables and write (unless ``--check``) the JSON."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check the committed JSON")
    args = parser.parse_args(argv)
    if args.check:
        problems = check()
    else:
        rows, problems = read_rows()
        table, more = build(rows)
        problems += more
        if not problems:
            OUT.write_text(render(table), encoding="utf-8")
            print(
                f"wrote {OUT.relative_to(ROOT)}: {len(table['bodies'])} bodies, "
                f"{len(table['aliases'])} aliases"
            )
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
