"""Screenshots of the HTML pages for the docs (docs/images/), with headless Chromium.

- seed-article.png: `newsevents show` of the seed article (../shared/seed, when present);
- batch-report.png: `newsevents report` of a batch over our own articles (data/raw and
  the annotated dev and test articles).

Run: .venv/bin/python scripts/make_screenshots.py

One part of a page (its title and the sections under the given headings, in the page's
own style), e.g. the actor tables of a report:

    .venv/bin/python scripts/make_screenshots.py --sections report.html out.png \
        "Top actors" "Dyads" --height 1450
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ROOT / "docs" / "images"
SEED = ROOT.parent / "shared" / "seed" / "afghan-prisoner-swap.txt"
CLI = [sys.executable, "-m", "extract.cli"]


def shoot(page: Path, png: Path, height: int) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("no chromium installed (apt-get install chromium)")
    subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         f"--window-size=1280,{height}", f"--screenshot={png}", page.as_uri()],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    print(png)


def sections_page(html: str, headings: list[str]) -> str:
    """``html`` with only its ``<h1>`` block and the ``<h2>`` sections whose heading starts
    with one of ``headings`` (each up to the next ``<h2>``)."""
    head, _, rest = html.partition("<main>")
    body, _, tail = rest.rpartition("</main>")
    parts = re.split(r"(?=<h2>)", body)
    keep = [parts[0]] + [p for p in parts[1:] if any(p.startswith(f"<h2>{h}") for h in headings)]
    return f"{head}<main>{''.join(keep)}</main>{tail}"


def shoot_sections(page: Path, png: Path, headings: list[str], height: int = 1100) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        part = Path(tmp) / "part.html"
        part.write_text(sections_page(page.read_text(encoding="utf-8"), headings), "utf-8")
        shoot(part, png, height)


def main() -> None:
    if sys.argv[1:2] == ["--sections"]:
        args = sys.argv[2:]
        height = 1100
        if "--height" in args:
            i = args.index("--height")
            height = int(args[i + 1])
            del args[i : i + 2]
        page, png, *headings = args
        shoot_sections(Path(page), Path(png), headings, height)
        return
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        if SEED.is_file():
            view = t / "seed.html"
            subprocess.run([*CLI, "show", str(SEED), "--published", "2020-04-02",
                            "--html", str(view)], check=True)  # fmt: skip
            shoot(view, IMAGES / "seed-article.png", 1500)
        gold = t / "annotated.jsonl"
        with gold.open("w", encoding="utf-8") as fh:
            for split in ("dev", "test"):
                for line in (ROOT / "data" / "annotated" / f"{split}.jsonl").open(encoding="utf-8"):
                    a = json.loads(line)["article"]
                    keep = ("id", "text", "title", "url", "published")
                    fh.write(json.dumps({k: a.get(k) for k in keep}) + "\n")
        out = t / "batch"
        subprocess.run([*CLI, "batch", str(gold), str(ROOT / "data" / "raw"), "--out", str(out)],
                       check=True)  # fmt: skip
        report = t / "report.html"
        subprocess.run([*CLI, "report", str(out), "--html", str(report)], check=True)
        shoot(report, IMAGES / "batch-report.png", 2200)


if __name__ == "__main__":
    main()
