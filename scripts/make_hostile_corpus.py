"""Build the hostile-input corpus in tests/fixtures/hostile (deterministic, no downloads).

Every kind of broken input a crawl throws at the pipeline, with good articles of our own
between them so a test can check that nothing around a bad input is lost. The file name
says what each one is; ``EXPECTED`` says what the batch must make of it.

The 50 MB HTML page is not committed (it would bloat the repository): ``--huge`` (or
``build(out, huge=True)``, which the test and bench/hostile_inputs.py use) writes it.

Run: .venv/bin/python scripts/make_hostile_corpus.py [--out DIR] [--huge]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import random
from pathlib import Path

from extract.ingest.warc import gzip_member_starts

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "fixtures" / "hostile"
HUGE_NAME = "huge-50mb.html"
HUGE_BYTES = 50 * 1024 * 1024

# Our own short wire copy (written for this corpus).
GOOD = [
    (
        "Ferry workers walk out in Piraeus",
        "PIRAEUS, May 14, 2024 (Newswire) - About 3,000 ferry workers walked off the job in "
        "Piraeus on Tuesday, stranding passengers bound for the Aegean islands, the seamen's "
        "union said. The union demanded a 6% pay rise and said the strike would last 48 hours. "
        "The shipping ministry said it would meet union leaders on Thursday.",
    ),
    (
        "Police detain protest leaders in Dakar",
        "DAKAR, June 3, 2024 (Newswire) - Senegalese police detained 14 opposition activists "
        "in Dakar on Sunday after a banned march turned violent, the interior ministry said. "
        "Two officers were injured when protesters threw stones near the Place de "
        "l'Independance. The opposition coalition demanded the activists' release by Friday.",
    ),
    (
        "Flood aid reaches Sylhet",
        "DHAKA, July 2, 2024 (Newswire) - The World Food Programme delivered 500 tonnes of rice "
        "to flooded districts around Sylhet on Monday, a week after the Surma river burst its "
        "banks, officials said. At least 23 people have died in the floods since late June.",
    ),
    (
        "Ceasefire talks resume in Doha",
        "DOHA, August 9, 2024 (Newswire) - Negotiators resumed ceasefire talks in Doha on "
        "Friday, two days after a drone strike killed five people in the border town of "
        "Rafah, mediators said. They aim to reach a deal within two weeks.",
    ),
]

# What the batch must make of each committed input: a list, one per record in order,
# of "article" or an error reason (several allowed where the outcome is a judgement).
EXPECTED: dict[str, list[str | tuple[str, ...]]] = {
    "00-empty.txt": ["empty"],
    "01-whitespace-only.txt": ["empty"],
    "02-good.txt": ["article"],
    "03-binary-junk.txt": ["binary"],
    "04-binary-junk.html": ["binary"],
    "05-cp1252-encoded.txt": ["article"],
    "06-mixed-encodings.html": ["article"],
    "07-deeply-nested.html": [("article", "no_article")],
    "08-no-article.html": ["no_article"],
    "09-french.txt": ["not_english"],
    "10-german.html": ["not_english"],
    "11-good.html": ["article"],
    "12-truncated.jsonl.gz": ["article", "article", "bad_input"],
    # the 4th line's date ("February 30") cannot be read: the article goes on without it
    "13-broken-line.jsonl": ["article", "bad_input", "bad_input", "article", "article"],
    "14-corrupt-record-between-good.warc.gz": ["article", "corrupt_record", "article"],
    "15-truncated.warc.gz": ["article", "truncated"],
    "16-absurd-dates-and-numbers.txt": ["article"],
    "17-10000-token-sentence.txt": [("article", "timeout")],
    "18-nul-bytes.txt": ["binary"],
    "19-utf16-with-bom.txt": ["article"],
    "20-script-only.html": ["no_article"],
    "21-control-characters.txt": ["article"],
}
HUGE_EXPECTED: list[str | tuple[str, ...]] = ["too_large"]


def _html(title: str, body: str) -> str:
    paras = "".join(f"<p>{p}</p>" for p in body.split(". ") if p)
    return (
        f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{title}</title>"
        f"</head><body><article><h1>{title}</h1>{paras}</article></body></html>"
    )


def _warc(pages: list[tuple[str, str]]) -> bytes:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=True)
    for i, (title, body) in enumerate(pages):
        uri = f"https://hostile.example.org/{i}"
        digest = hashlib.sha1(uri.encode()).hexdigest()
        rec = writer.create_warc_record(
            uri,
            "response",
            payload=io.BytesIO(_html(title, body).encode("utf-8")),
            http_headers=StatusAndHeaders(
                "200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1"
            ),
            warc_headers_dict={
                "WARC-Date": "2024-08-09T12:00:00Z",
                "WARC-Record-ID": f"<urn:uuid:{digest[:8]}-{digest[8:12]}-{digest[12:16]}-"
                f"{digest[16:20]}-{digest[20:32]}>",
            },
        )
        writer.write_record(rec)
    return buf.getvalue()


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, mtime=0)


def files() -> dict[str, bytes]:
    """The committed corpus: file name -> bytes."""
    rng = random.Random(8)
    g = [(t, b) for t, b in GOOD]
    out: dict[str, bytes] = {}
    out["00-empty.txt"] = b""
    out["01-whitespace-only.txt"] = (" \n\t\r\n \u00a0 \u3000\n" + "\n" * 50).encode()
    out["02-good.txt"] = (g[0][1] + "\n").encode()
    out["03-binary-junk.txt"] = bytes(rng.randrange(256) for _ in range(4096))
    out["04-binary-junk.html"] = b"<html>" + bytes(rng.randrange(256) for _ in range(4096))
    out["05-cp1252-encoded.txt"] = (
        g[1][1].replace("said.", "said \u2013 \u201cwe will not stop\u201d.") + "\n"
    ).encode("cp1252")
    mixed = _html(g[2][0], g[2][1]).encode("utf-8")
    # a stray cp1252 byte (0x92, a right quote) inside UTF-8: a page pasted together
    out["06-mixed-encodings.html"] = mixed.replace(b"officials", b"officials\x92", 1)
    depth = 20_000
    out["07-deeply-nested.html"] = (
        "<html><body>" + "<div>" * depth + f"<p>{g[3][1]}</p>" + "</div>" * depth + "</body></html>"
    ).encode()
    nav = "".join(f"<li><a href='/s/{i}'>Section {i}</a></li>" for i in range(40))
    out["08-no-article.html"] = (
        f"<html><head><title>Index</title></head><body><nav><ul>{nav}</ul></nav></body></html>"
    ).encode()
    out["09-french.txt"] = (
        "PARIS, 14 mai 2024 - Environ 3 000 employés des ferries ont cessé le travail mardi au "
        "Pirée, laissant des passagers à quai, a indiqué le syndicat des marins. Le syndicat "
        "réclame une hausse de salaire de 6 % et affirme que la grève durera 48 heures.\n"
    ).encode()
    out["10-german.html"] = _html(
        "Fährarbeiter streiken",
        "Rund 3000 Fährarbeiter haben am Dienstag in Piräus die Arbeit niedergelegt, teilte die "
        "Gewerkschaft mit. Die Gewerkschaft fordert eine Lohnerhöhung von sechs Prozent. "
        "Der Streik soll 48 Stunden dauern, und das Ministerium will am Donnerstag verhandeln.",
    ).encode()
    out["11-good.html"] = _html(g[1][0], g[1][1]).encode()
    lines = [
        json.dumps({"id": f"j{i}", "title": t, "text": b, "published": "2024-08-09"})
        for i, (t, b) in enumerate(g)
    ]
    whole = _gzip(("\n".join(lines) + "\n").encode())
    out["12-truncated.jsonl.gz"] = whole[: int(len(whole) * 0.75)]
    out["13-broken-line.jsonl"] = (
        "\n".join(
            [
                lines[0],
                '{"id": "broken", "text": "Police said on Monday that',  # cut off mid-line
                '["not", "an", "object"]',
                json.dumps({"id": "bad-date", "text": g[2][1], "published": "February 30"}),
                lines[3],
            ]
        )
        + "\n"
    ).encode()
    warc = _warc(g[:3])
    starts = gzip_member_starts(warc)
    broken = bytearray(warc)
    mid = (starts[1] + starts[2]) // 2
    broken[mid : mid + 64] = b"\xff" * 64
    out["14-corrupt-record-between-good.warc.gz"] = bytes(broken)
    warc2 = _warc(g[:2])
    starts2 = gzip_member_starts(warc2)
    out["15-truncated.warc.gz"] = warc2[: (starts2[1] + len(warc2)) // 2]
    out["16-absurd-dates-and-numbers.txt"] = (
        b"GENEVA, March 3, 2024 (Newswire) - The committee said on February 30 that "
        b"10^400 people had registered, up from 1e999 last year, and that the vote scheduled "
        b"for the 45th of Smarch would go ahead at 25:61 on Thursday. It put the cost at "
        b"$99999999999999999999999999999999999999 billion and said 0.0000001 soldiers and "
        b"-12 police officers were deployed on 31/31/2024, in the year 99999 and in 0000. "
        b"A spokesman said 7,,000,,000 ballots and ninety-ninety-nine boxes were lost.\n"
    )
    words = (g[3][1].replace(".", "").split()) * 200
    out["17-10000-token-sentence.txt"] = (
        "DOHA, August 9, 2024 (Newswire) - " + " ".join(words[:10_000]) + ".\n"
    ).encode()
    out["18-nul-bytes.txt"] = (g[0][1][:200] + "\x00" * 64 + g[0][1][200:]).encode()
    out["19-utf16-with-bom.txt"] = (g[2][1] + "\n").encode("utf-16")
    out["20-script-only.html"] = (
        "<html><head><script>" + "var x = 1;" * 2000 + "</script></head><body>"
        "<script>document.write('hello')</script></body></html>"
    ).encode()
    controls = "".join(chr(c) for c in (1, 2, 7, 8, 11, 12, 27, 127)) + "\u202e\u200b\ufeff"
    out["21-control-characters.txt"] = (
        g[3][1].replace(" talks ", f" talks{controls} ").replace("Friday", "Friday\u200b")
        + " \U0001f4a5\n"
    ).encode()
    assert set(out) == set(EXPECTED), set(out) ^ set(EXPECTED)
    return out


def write_huge(out_dir: Path) -> Path:
    """A 50 MB HTML page: one article drowned in boilerplate."""
    path = out_dir / HUGE_NAME
    filler = ("<div class='ad'>" + "x" * 1000 + "</div>\n").encode()
    with path.open("wb") as f:
        f.write(f"<html><body><article><p>{GOOD[0][1]}</p></article>".encode())
        written = 0
        while written < HUGE_BYTES:
            f.write(filler)
            written += len(filler)
        f.write(b"</body></html>")
    return path


def build(out_dir: Path = OUT, *, huge: bool = False) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, data in files().items():
        (out_dir / name).write_bytes(data)
    if huge:
        write_huge(out_dir)
    return out_dir


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--huge", action="store_true", help=f"also write {HUGE_NAME}")
    args = ap.parse_args()
    print(build(args.out, huge=args.huge))


if __name__ == "__main__":
    main()
