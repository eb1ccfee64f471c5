"""``scripts/check_docs.py``, which ``scripts/test.sh`` runs on the built docs: it finds
what a reader would see broken (a broken image, an unrendered code block, a word only the
project's people could resolve, a rules page that prints badly), and passes a page
without such a defect."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.support_scripts import load_script


def test_a_page_a_reader_sees_broken_is_found(tmp_path: Path) -> None:
    check = load_script("check_docs")
    (tmp_path / "here.png").write_bytes(b"png")
    good = tmp_path / "good.html"
    good.write_text(
        '<html><body><p>Text.</p><img src="here.png"><pre>&gt;&gt;&gt; 1 + 1\n```</pre>'
        '<figure class="cardwar-picture"><svg xmlns="http://www.w3.org/2000/svg">'
        '<rect/></svg></figure></body></html>', encoding="utf-8")
    assert check.check_page(good) == []
    bad = tmp_path / "bad.html"
    bad.write_text(
        '<html><body><img src="missing.png"><img src="https://example.org/x.png">'
        "<p>&gt;&gt;&gt; print(1)\n```python\n</p>"
        '<figure class="cardwar-picture"><svg xmlns="http://www.w3.org/2000/svg"><rect>'
        "</svg></figure></body></html>", encoding="utf-8")
    problems = check.check_page(bad)
    assert any("broken image: missing.png" in p for p in problems)
    assert any("fetched from the network" in p for p in problems)
    assert any("an example left in the text" in p for p in problems)
    assert any("a code fence left in the text" in p for p in problems)
    assert any("picture 1 is not a whole SVG" in p for p in problems)
    assert len(problems) == 5
    assert check.main([str(tmp_path)]) == 1
    bad.unlink()
    assert check.main([str(tmp_path)]) == 0
    assert check.main([str(tmp_path / "empty")]) == 1


@pytest.mark.parametrize("words", ["as the rules brief says", "B5.12", "seed 004", "issue 19",
                                   "issues 18", "the issue's moonshot",
                                   "the earlier table of this page"])
def test_a_word_internal_to_the_project_is_found(tmp_path: Path, words: str) -> None:
    check = load_script("check_docs")
    page = tmp_path / "page.html"
    page.write_text(f"<html><body><p>Read {words} here.</p></body></html>", encoding="utf-8")
    problems = check.check_page(page)
    assert problems
    assert all(p.startswith("names something internal to the project: ") for p in problems)
    page.write_text("<html><body><p>Seed 4 of the source S4; at issue is a tie.</p>"
                    "</body></html>", encoding="utf-8")
    assert check.check_page(page) == []


def _rules_page(root: Path, name: str, sheet: str) -> None:
    rules = root / "rules"
    rules.mkdir(parents=True, exist_ok=True)
    (rules / f"{name}.html").write_text(
        "<html><head><style>@page { size: A4; } .skip { display: none; }"
        "section.next { break-before: page; }</style></head><body>"
        '<a class="skip" href="#x">Skip to content</a>'
        f"<h1>{name}</h1><section><h2>How to play</h2>{sheet}</section>"
        '<section class="next"><h2>Rules</h2><p>The reference.</p></section>'
        "</body></html>", encoding="utf-8")


def test_the_print_check_reads_a_printed_page_back(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    missing = [package for package, program in (("chromium", "chromium"),
                                                 ("poppler-utils", "pdftotext"))
               if shutil.which(program) is None]
    if missing:
        pytest.skip(f"needs Debian's {' and '.join(missing)} (scripts/test.sh installs them "
                    "when run as root)")
    check = load_script("check_docs")
    _rules_page(tmp_path, "short", "<p>Deal the cards. Play.</p>")
    _rules_page(tmp_path, "long", "<p>A rule of the game, said at length.</p>" * 400)
    problems = check.print_pages(tmp_path, tmp_path / "pdf", required=True)
    assert len(problems) == 1
    said = re.fullmatch(r"long\.html: How to play prints on (\d+) pages \(at most 2\)",
                        problems[0])
    assert said is not None
    assert int(said.group(1)) > 2
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[1:]]
    assert rows[1] == ["short", "1", "2"]
    assert rows[0][0] == "long"
    sheets = tmp_path / "sheets-only"
    (sheets / "rules" / "sheets").mkdir(parents=True)
    for name, text in (("fits.sq", "<p>Luaj.</p>"), ("long.ru", "<p>Играйте.</p>" * 3000)):
        (sheets / "rules" / "sheets" / f"{name}.html").write_text(
            f"<html><head><style>@page {{ size: A4; }}</style></head><body>{text}</body></html>",
            encoding="utf-8")
    problems = check.print_pages(sheets, sheets / "pdf")
    assert len(problems) == 1
    assert problems[0].startswith("long.ru.html: How to play prints on ")
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[1:]]
    assert rows[0] == ["sheets/fits.sq", "1", "1"]
    visible = tmp_path / "visible"
    _rules_page(visible, "skip", "<p>Play.</p>")
    page = visible / "rules" / "skip.html"
    page.write_text(page.read_text(encoding="utf-8").replace(".skip { display: none; }", ""),
                    encoding="utf-8")
    assert check.print_pages(visible, visible / "pdf") == [
        'skip.html: prints "Skip to content"']


def test_the_print_check_says_what_is_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    check = load_script("check_docs")
    monkeypatch.setattr(check.shutil, "which", lambda name: None)
    assert check.print_pages(tmp_path, tmp_path / "pdf") == []
    said = capsys.readouterr().out
    assert "install Debian's chromium and poppler-utils" in said
    assert check.print_pages(tmp_path, tmp_path / "pdf", required=True) == [said.strip()]
