"""Check the built docs as a reader sees them: no broken image, every picture a whole SVG,
no code left unrendered (a fence or a ``>>>`` line in running text), and optionally a
screenshot of every rules page from headless Chromium to look at.

Usage (after the Sphinx build; ``scripts/test.sh`` runs the first form)::

    .venv/bin/python scripts/check_docs.py docs/_build/html
    .venv/bin/python scripts/check_docs.py docs/_build/html --screenshots shots/

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
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(("```", ":::")):
            problems.append(f"a code fence left in the text: {stripped[:60]!r}")
        elif stripped.startswith(">>> "):
            problems.append(f"an example left in the text, not a code block: {stripped[:60]!r}")
    return problems


def screenshots(root: Path, out: Path) -> list[str]:
    """Screenshot every rules page with headless Chromium into ``out``; return the
    problems (none when Chromium is missing: then nothing is taken, and it says so)."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        print("no chromium on PATH: no screenshots taken")
        return []
    out.mkdir(parents=True, exist_ok=True)
    problems = []
    for page in sorted((root / "rules").glob("*.html")):
        shot = out / f"{page.stem}.png"
        subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", f"--user-data-dir={out / '.profile'}",
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
    if args.screenshots is not None:
        for problem in screenshots(args.root, args.screenshots):
            print(problem, file=sys.stderr)
            failed += 1
    print(f"{len(pages)} pages checked, {failed} problem(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
