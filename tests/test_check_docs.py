"""``scripts/check_docs.py``, which ``scripts/test.sh`` runs on the built docs: it finds
what a reader would see broken (issue 18: "fails on a broken image or an unrendered code
block"), and passes a page without such a defect."""

from __future__ import annotations

from pathlib import Path

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
