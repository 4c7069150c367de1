"""Write the archive-reader fixtures of tests/fixtures/archives/ from articles written
by this project (invented events; no text from any other source):

- ``newsplease/<site>/<file>.json``: a news-please output tree of three sites;
- ``export.csv``: a spreadsheet export (headline, body, publish_date, link) with a quoted
  multi-line body and one bad row (an unquoted comma: one field too many);
- ``export.tsv``: the same kind of export, tab-separated;
- ``cc_news.parquet``: cc_news-style columns (title, text, domain, date, description,
  url, image_url) in two row groups;
- ``../dates/metadata_dates.tsv``: publication-date strings in the styles news metadata
  writes them (our own strings, rendered from dates by ``strftime``, so the expected
  date is the one rendered), and strings no reader can date safely (expected ``-``).

Run: .venv/bin/python scripts/make_archive_fixtures.py
"""

from __future__ import annotations

import csv
import datetime as dt
import json
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "archives"

# (site, slug, title, date as the site's metadata writes it, body)
ARTICLES = [
    (
        "harbourtimes.example",
        "ferry-strike-ends",
        "Ferry strike ends after three days",
        "2016-11-23 16:58:00",
        "Ferry crews in the port of Valmora returned to work on Wednesday after a three-day "
        "strike, the seafarers' union said. About 1,200 workers had walked out over pay.\n\n"
        "The union said its members had accepted a 4% rise and that services would run "
        "normally from Thursday.",
    ),
    (
        "harbourtimes.example",
        "dock-fire",
        "Fire damages warehouse at the docks",
        "2016-12-17T08:46:00-05:00",
        "A fire destroyed a grain warehouse at the Valmora docks on Saturday, the fire "
        "service said. No one was hurt. Two hundred firefighters fought the blaze for six "
        "hours before bringing it under control.",
    ),
    (
        "plainsgazette.example",
        "flood-aid",
        "Aid reaches flooded villages",
        "2020-04-02 10:31:00",
        "Aid agencies delivered 300 tonnes of rice to flooded villages in the Tarn valley "
        "on Thursday, officials said. At least 12 people have died in the floods since "
        "last week, and 4,000 families have left their homes.",
    ),
    (
        "plainsgazette.example",
        "council-vote",
        "Council approves new bridge",
        None,
        "The city council voted on Monday to build a new bridge over the Ostra river at a "
        "cost of $40 million, the mayor said. Work is due to start next spring.",
    ),
    (
        "northwire.example",
        "minister-resigns",
        "Transport minister resigns",
        "2015-01-03 07:58:00",
        "The transport minister resigned on Saturday after a rail crash that killed nine "
        "people last month, the prime minister's office said. An inquiry into the crash "
        "will report by June.",
    ),
]

# rows of the CSV export: (headline, body, publish_date, link)
CSV_ROWS = [
    (
        "Port workers accept pay deal",
        "Dock workers at the port of Valmora voted on Monday to accept a new pay deal, "
        "ending a dispute that began in March.\n\nThe union said 2,000 members had voted, "
        'and that the deal gives a "fair rise" of 5% over two years.',
        "Dec 17, 2016 8:46 AM ET",
        "https://example.org/port-deal",
    ),
    (
        "Storm cuts power to thousands",
        "A storm cut power to 30,000 homes in the northern provinces on Tuesday, the grid "
        "operator said. Crews expected to restore supplies within two days.",
        "Wed Nov 23, 2016 | 4:58pm EST",
        "https://example.org/storm",
    ),
    (
        "Talks on border crossing resume",
        "Negotiators from both countries resumed talks on reopening the border crossing at "
        "Kell on Thursday, officials said.",
        "03/04/2020",  # ambiguous: the article is read with the date unknown
        "https://example.org/border-talks",
    ),
]
BAD_CSV_ROW = (
    "Rail line reopens,Trains ran again, officials said,2020-05-06,https://example.org/rail"
)

TSV_ROWS = [
    (
        "Hospital opens new wing",
        "The regional hospital opened a new wing with 120 beds on Friday, the health "
        "ministry said.",
        "Thursday, 2 April 2020 10:31 GMT",
        "https://example.org/hospital",
    ),
    (
        "Farmers protest grain prices",
        "About 500 farmers drove tractors into the capital on Monday to protest low grain "
        "prices, police said.",
        "December 9th 2016",
        "https://example.org/farmers",
    ),
]


def write_newsplease() -> None:
    for site, slug, title, date, body in ARTICLES:
        record = {
            "authors": [],
            "date_download": "2021-01-01 00:00:00",
            "date_modify": None,
            "date_publish": date,
            "description": body.split(". ")[0] + ".",
            "filename": f"{slug}.json",
            "image_url": None,
            "language": "en",
            "localpath": None,
            "maintext": body,
            "source_domain": site,
            "text": None,
            "title": title,
            "title_page": None,
            "title_rss": None,
            "url": f"https://{site}/{slug}",
        }
        path = OUT / "newsplease" / site / f"{slug}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")


def write_exports() -> None:
    with (OUT / "export.csv").open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["headline", "body", "publish_date", "link"])
        writer.writerow(CSV_ROWS[0])
        fh.write(BAD_CSV_ROW + "\r\n")
        writer.writerows(CSV_ROWS[1:])
    with (OUT / "export.tsv").open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, delimiter="\t")
        writer.writerow(["headline", "body", "publish_date", "link"])
        writer.writerows(TSV_ROWS)


def write_parquet() -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = [
        {
            "title": title,
            "text": body,
            "domain": site,
            "date": date,
            "description": body.split(". ")[0] + ".",
            "url": f"https://{site}/{slug}",
            "image_url": None,
        }
        for site, slug, title, date, body in ARTICLES
    ]
    table = pa.Table.from_pylist(rows)
    pq.write_table(table, OUT / "cc_news.parquet", row_group_size=3)  # groups of 3 and 2


# (style, strftime format or a function of the datetime); times in the news' local time
def _ordinal(d: int) -> str:
    return {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}.get(d, "th")


DATE_STYLES: list[tuple[str, Any]] = [
    ("time ET, weekday month day", "%-I:%M %p ET, %a %B %-d, %Y"),
    (
        "pipe and am/pm zone",
        lambda t: (
            t.strftime("%a %b %-d, %Y | %-I:%M%p EST").replace("AM", "am").replace("PM", "pm")
        ),
    ),
    ("month day, time ET", "%b %-d, %Y %-I:%M %p ET"),
    ("postgres with fraction, short offset", "%Y-%m-%d %H:%M:%S.%f-05"),
    ("ordinal day", lambda t: t.strftime(f"%B %-d{_ordinal(t.day)} %Y")),
    ("weekday, day month time GMT", "%A, %-d %B %Y %H:%M GMT"),
    ("RFC 2822 offset", "%a, %d %b %Y %H:%M:%S +0000"),
    ("RFC 2822 GMT", "%a, %d %b %Y %H:%M:%S GMT"),
    ("ISO Z", "%Y-%m-%dT%H:%M:%SZ"),
    ("ISO milliseconds Z", "%Y-%m-%dT%H:%M:%S.000Z"),
    ("ISO offset with colon", "%Y-%m-%dT%H:%M:%S+05:30"),
    ("ISO offset without colon", "%Y-%m-%dT%H:%M:%S+0100"),
    ("ISO late evening, negative offset", "%Y-%m-%dT23:30:00-08:00"),
    ("ISO date", "%Y-%m-%d"),
    ("news-please", "%Y-%m-%d %H:%M:%S"),
    ("written with at", "%B %-d, %Y at %-I:%M %p"),
    (
        "written with at, a.m. zone",
        lambda t: (
            t.strftime("%B %-d, %Y at %-I:%M %p EDT").replace("AM", "a.m.").replace("PM", "p.m.")
        ),
    ),
    ("label Published", "Published: %d %B %Y"),
    ("label Updated, time first", "Updated %-I:%M %p EDT, %a %B %-d, %Y"),
    ("abbreviated month with dot", "%b. %-d, %Y"),
    ("day abbreviated month", "%d %b %Y"),
    ("weekday day month year", "%A %-d %B %Y"),
    ("slashed ISO with time", "%Y/%m/%d %H:%M"),
    ("dashed day-month-name", "%d-%b-%Y"),
    ("written, comma time", "%B %-d, %Y, %-I:%M %p"),
    ("JavaScript Date", "%a %b %d %Y %H:%M:%S GMT-0500 (Eastern Standard Time)"),
    ("day month year pipe IST", "%-d %B %Y | %H:%M IST"),
    ("label Posted on", "Posted on %B %-d, %Y"),
    ("time GMT first", "%H:%M GMT, %-d %b %Y"),
    ("weekday, month day", "%a, %b %-d, %Y"),
    ("compact ISO", "%Y%m%d"),
    ("dotted clock time, zone", "%a %-d %b %Y %H.%M BST"),
]
# numeric forms that read one way only: the day is over 12
UNAMBIGUOUS_NUMERIC = ["%m/%d/%Y", "%d/%m/%Y", "%-m/%-d/%Y %-I:%M:%S %p", "%d.%m.%Y %H:%M"]
DATE_SAMPLES = [
    dt.datetime(2015, 1, 3, 7, 58),
    dt.datetime(2016, 11, 23, 16, 58),
    dt.datetime(2016, 12, 17, 8, 46),
    dt.datetime(2020, 4, 2, 10, 31),
    dt.datetime(2019, 7, 14, 21, 5),
    dt.datetime(2023, 2, 28, 0, 15),
]
# (value, date order or "") that must not be given a date
NOT_DATES = [
    "yesterday",
    "2 hours ago",
    "Just now",
    "last week",
    "April 2020",
    "Spring 2019",
    "Q2 2020",
    "2020",
    "Thursday",
    "Mon",
    "Thu 10:31",
    "12:30 PM",
    "1 April",
    "April 2",
    "03/04/2020",
    "04/05/2016 10:00",
    "5/6/17",
    "07.08.2019",
    "February 30, 2020",
    "2020-02-30",
    "2019-13-01",
    "31/11/2016",
    "Tuesday, 2 April 2020",
    "N/A",
    "unknown",
    "TBD",
    "0",
    "Sat January 4, 2015 7:58 AM",
]
# all-numeric dates read in the order the caller names
ORDERED = [
    ("03/04/2020", "DMY", "2020-04-03"),
    ("03/04/2020", "MDY", "2020-03-04"),
    ("20/03/04", "YMD", "2020-03-04"),
    ("04.05.2016", "DMY", "2016-05-04"),
    ("5/6/17 10:00 AM", "MDY", "2017-05-06"),
]


def write_date_table() -> None:
    rows = [("value", "order", "expected", "style")]
    for t in DATE_SAMPLES:
        for style, fmt in DATE_STYLES:
            value = fmt(t) if callable(fmt) else t.strftime(fmt)
            rows.append((value, "", t.date().isoformat(), style))
    for t in DATE_SAMPLES:
        if t.day > 12:
            for fmt in UNAMBIGUOUS_NUMERIC:
                rows.append((t.strftime(fmt), "", t.date().isoformat(), "numeric, day over 12"))
        noon = t.replace(hour=12, minute=0, tzinfo=dt.timezone.utc)
        rows.append((str(int(noon.timestamp())), "", noon.date().isoformat(), "epoch seconds"))
    for value, order, expected in ORDERED:
        rows.append((value, order, expected, "numeric with --date-order"))
    for value in NOT_DATES:
        rows.append((value, "", "-", "no safe date"))
    path = OUT.parent / "dates" / "metadata_dates.tsv"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="") as fh:
        csv.writer(fh, delimiter="\t", lineterminator="\n").writerows(rows)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    write_newsplease()
    write_exports()
    write_parquet()
    write_date_table()


if __name__ == "__main__":
    main()
