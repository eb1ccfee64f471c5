"""Check the built docs as a reader sees them: no broken image, every picture a whole SVG,
no code left unrendered (a fence or a ``>>>`` line in running text), no word that only
the project's own people could resolve (an issue number, a brief and its numbering, a
seed file), and optionally the rules pages as a reader prints them and a screenshot of
every rules page from headless Chromium to look at.

Usage (after the Sphinx build; ``scripts/test.sh`` runs the print check too)::

    .venv/bin/python scripts/check_docs.py docs/_build/html
    .venv/bin/python scripts/check_docs.py docs/_build/html --print pdf/
    .venv/bin/python scripts/check_docs.py docs/_build/html --screenshots shots/

``--print DIR`` prints every rules page to PDF with headless Chromium (Debian's
``chromium``) and reads the text back with ``pdftotext`` (Debian's ``poppler-utils``):
no navigation or "Skip to content" may be printed, and How to play must fit on the first
two A4 pages (each later part begins a new page), as must each play sheet in a source's
language (``rules/sheets/``). It prints a table of the pages.
Without those programs it says which package is missing and checks nothing else of
print; ``--require-print`` makes that a failure.

Exit status 1 lists every problem found, page by page.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

#: Elements whose text is code, where fences and prompts belong.
_CODE = {"pre", "code", "script", "style", "textarea"}
#: A picture drawn by cardwar.svg, as the cardwar-picture directive puts it in a page.
_SVG = re.compile(r'<figure class="cardwar-picture">(<svg\b.*?</svg>)', re.S)
#: Words of the project's own workings that a reader of the docs cannot resolve.
INTERNAL = re.compile(
    r"rules brief|\bthe brief\b|\bB5\.\d|\bseed 00\d\b|\bissues? \d+|\bthe issue\b|moonshot"
    r"|earlier table",
    re.IGNORECASE,
)
#: Chromium's flags for a headless run that reaches nothing outside this machine.
_HEADLESS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync")


class _Page(HTMLParser):
    """Collects a page's images and the text outside code."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.images: list[str] = []
        self.prose: list[str] = []
        self._code = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _CODE:
            self._code += 1
        if tag == "img":
            self.images.append(dict(attrs).get("src") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in _CODE and self._code:
            self._code -= 1

    def handle_data(self, data: str) -> None:
        if not self._code:
            self.prose.append(data)


def check_page(path: Path) -> list[str]:
    """Return the problems of one built page."""
    html = path.read_text(encoding="utf-8")
    page = _Page()
    page.feed(html)
    problems = []
    for src in page.images:
        if src.startswith(("http:", "https:", "data:")):
            if not src.startswith("data:"):
                problems.append(f"an image fetched from the network: {src}")
            continue
        target = (path.parent / src.split("#")[0].split("?")[0]).resolve()
        if not target.is_file():
            problems.append(f"a broken image: {src}")
    for number, picture in enumerate(_SVG.findall(html), 1):
        try:
            ET.fromstring(picture)
        except ET.ParseError as err:
            problems.append(f"picture {number} is not a whole SVG: {err}")
    text = "".join(page.prose)
    for found in sorted({m.group(0) for m in INTERNAL.finditer(text)}):
        problems.append(f"names something internal to the project: {found!r}")
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(("```", ":::")):
            problems.append(f"a code fence left in the text: {stripped[:60]!r}")
        elif stripped.startswith(">>> "):
            problems.append(f"an example left in the text, not a code block: {stripped[:60]!r}")
    return problems


def _browser() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _pdf_pages(pdf: Path) -> list[str]:
    """Return the text of each page of ``pdf`` (poppler's ``pdftotext``)."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True, timeout=120).stdout
    pages = text.split("\f")
    return pages[:-1] if pages and not pages[-1].strip() else pages


def _first_page_of(pages: list[str], heading: str) -> int | None:
    """Return the 1-based number of the first page with a line that is ``heading``."""
    for number, page in enumerate(pages, 1):
        if any(line.strip() == heading for line in page.splitlines()):
            return number
    return None


def print_pages(root: Path, out: Path, required: bool = False) -> list[str]:
    """Print every rules page to PDF in ``out`` as a reader would; return the problems."""
    browser = _browser()
    missing = [package for package, program in (("chromium", browser),
                                                 ("poppler-utils", shutil.which("pdftotext")))
               if program is None]
    if missing or browser is None:
        message = (f"print check not run: install Debian's {' and '.join(missing)} "
                   "(apt-get install chromium poppler-utils)")
        print(message)
        return [message] if required else []
    out.mkdir(parents=True, exist_ok=True)
    problems = []
    rows = []
    # A rules page (its How to play before the Rules part), then each play sheet in a
    # source's language (rules/sheets/, the whole page a sheet).
    pages = [p for p in sorted((root / "rules").glob("*.html")) if p.stem != "index"]
    pages += sorted((root / "rules" / "sheets").glob("*.html"))
    for page in pages:
        name = page.relative_to(root / "rules").with_suffix("").as_posix()
        pdf = out / f"{name.replace('/', '-')}.pdf"
        pdf.unlink(missing_ok=True)
        subprocess.run(
            [browser, *_HEADLESS, f"--user-data-dir={out / '.profile'}",
             "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.resolve().as_uri()],
            capture_output=True, timeout=180, check=False)
        if not pdf.is_file() or pdf.stat().st_size < 1_000:
            problems.append(f"{page.name}: not printed")
            continue
        printed = _pdf_pages(pdf)
        if "Skip to content" in "\f".join(printed):
            problems.append(f"{page.name}: prints \"Skip to content\"")
        if page.parent.name == "sheets":
            sheet = len(printed)
        else:
            rules = _first_page_of(printed, "Rules")
            if rules is None:
                problems.append(f"{page.name}: no Rules part found in print")
                continue
            sheet = rules - 1
        if sheet > 2:
            problems.append(f"{page.name}: How to play prints on {sheet} pages (at most 2)")
        rows.append((name, sheet, len(printed)))
    print(f"{'printed page':<22} {'How to play':>11} {'all pages':>9}")
    for name, sheet, total in rows:
        print(f"{name:<22} {sheet:>11} {total:>9}")
    return problems


def screenshots(root: Path, out: Path) -> list[str]:
    """Screenshot every rules page with headless Chromium into ``out``; return the
    problems (none when Chromium is missing: then nothing is taken, and it says so)."""
    browser = _browser()
    if browser is None:
        print("no chromium on PATH: no screenshots taken")
        return []
    out.mkdir(parents=True, exist_ok=True)
    problems = []
    for page in sorted((root / "rules").glob("*.html")):
        shot = out / f"{page.stem}.png"
        subprocess.run(
            [browser, *_HEADLESS, f"--user-data-dir={out / '.profile'}",
             f"--screenshot={shot}", "--window-size=1200,2400", page.resolve().as_uri()],
            capture_output=True, timeout=120, check=False)
        if not shot.is_file() or shot.stat().st_size < 10_000:
            problems.append(f"{page.name}: no screenshot")
        else:
            print(f"screenshot: {shot}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path, help="the built HTML (docs/_build/html)")
    parser.add_argument("--screenshots", type=Path, default=None, metavar="DIR",
                        help="also screenshot every rules page into DIR")
    parser.add_argument("--print", type=Path, default=None, metavar="DIR", dest="pdf",
                        help="also print every rules page to PDF into DIR and check it")
    parser.add_argument("--require-print", action="store_true",
                        help="fail when the print check cannot run")
    args = parser.parse_args(argv)
    pages = sorted(args.root.rglob("*.html"))
    if not pages:
        print(f"no HTML pages under {args.root}", file=sys.stderr)
        return 1
    failed = 0
    for path in pages:
        for problem in check_page(path):
            print(f"{path.relative_to(args.root)}: {problem}", file=sys.stderr)
            failed += 1
    if args.pdf is not None:
        for problem in print_pages(args.root, args.pdf, args.require_print):
            print(problem, file=sys.stderr)
            failed += 1
    if args.screenshots is not None:
        for problem in screenshots(args.root, args.screenshots):
            print(problem, file=sys.stderr)
            failed += 1
    print(f"{len(pages)} pages checked, {failed} problem(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
