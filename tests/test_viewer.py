"""The replay viewer (cardwar.viewer, ``cardwar replay --html``, ``Record._repr_html_``):
one self-contained page, its data whole, and its controls tried in a real browser."""

from __future__ import annotations

import base64
import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cardwar import agents, records
from cardwar.cli import main
from cardwar.errors import ArgumentTypeError
from cardwar.variants import variant
from cardwar.viewer import replay_html, viewer_html


def _record(name: str, seed: int = 3, steps: int | None = 12) -> records.Record:
    game = variant(name)
    seats = None
    if not game.AUTOMATIC:
        players = game.num_players(game.new_game(seed))
        seats = [agents.agent("random", name, seed + s) for s in range(players)]
    return agents.play(game, seats, seed, max_steps=steps)


def _data(page: str) -> dict[str, Any]:
    packed = re.search(r'<script type="application/octet-stream" class="cw-data">([^<]*)</script>',
                       page)
    assert packed is not None
    loaded: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(packed.group(1))))
    return loaded


@pytest.mark.parametrize("name", ["war", "peace", "arneson", "cold-war", "generals", "caravan"])
def test_the_page_holds_every_step_of_every_view(name: str) -> None:
    record = _record(name)
    page = replay_html(record)
    data = _data(page)
    players = record.game.num_players(record.game.new_game(record.seed))
    assert data["views"] == ["the whole table", *(f"seat {s}'s view" for s in range(players))]
    assert len(data["steps"]) == len(record.actions) + 1
    for i, step in enumerate(data["steps"]):
        assert len(step["pictures"]) == players + 1
        assert all(p.startswith("<svg") for p in step["pictures"])
        if i:
            assert step["text"][0].startswith(f"step {i}: ")
    assert f"verified: {len(record.actions)} steps replay to" in page
    assert replay_html(record) == page  # the same record, the same page


def test_the_page_fetches_nothing() -> None:
    page = replay_html(_record("caravan"))
    # The one address is SVG's namespace, a name, not something to fetch.
    assert set(re.findall(r"https?://[^\s\"'<>]+", page)) <= {"http://www.w3.org/2000/svg"}
    for fetching in ("<link", " src=", "@import", "url(", "<img", "<iframe"):
        assert fetching not in page


def test_a_record_that_does_not_replay_says_so_and_shows_the_steps_that_do() -> None:
    record = _record("caravan", steps=8)
    import attrs

    broken = attrs.evolve(record, actions=(*record.actions[:5], "disband Z", *record.actions[6:]))
    page = replay_html(broken)
    assert "not verified: " in page
    assert "cw-bad" in page
    assert len(_data(page)["steps"]) == 6  # the deal and the five steps that replay


def test_untrusted_record_text_is_escaped() -> None:
    record = _record("caravan", steps=2)
    import attrs

    hostile = attrs.evolve(record, players=("<script>alert(1)</script>", "</div>"),
                           digest=records.digest(records.replay(record)))
    page = replay_html(hostile, title="<b>t</b>")
    assert "<script>alert(1)" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<title>&lt;b&gt;t&lt;/b&gt;</title>" in page


def test_bad_arguments_are_cardwar_errors() -> None:
    with pytest.raises(ArgumentTypeError, match="Record"):
        replay_html("game.json")
    with pytest.raises(ArgumentTypeError, match="Record"):
        viewer_html(None)
    with pytest.raises(ArgumentTypeError, match="title"):
        replay_html(_record("war", steps=1), title=5)  # type: ignore[arg-type]


def test_fragments_have_ids_of_their_own_and_a_record_shows_one_in_jupyter() -> None:
    record = _record("arneson", steps=3)
    first, second = viewer_html(record), record._repr_html_()
    ids = [re.search(r'id="(cw-viewer-\d+)"', html).group(1)  # type: ignore[union-attr]
           for html in (first, second)]
    assert ids[0] != ids[1]
    assert first.startswith('<div class="cw-viewer"')


def test_replay_html_writes_the_page_after_verifying(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    record = _record("generals", steps=10)
    path = tmp_path / "game.json"
    records.write(record, path)
    out = tmp_path / "game.html"
    assert main(["replay", str(path), "-q", "--html", str(out)]) == 0
    assert f"page: written to {out}" in capsys.readouterr().out
    assert out.read_text(encoding="utf-8") == replay_html(record)
    import attrs

    bad = attrs.evolve(record, outcome=None, digest=None, players=None,
                       actions=(*record.actions[:-1], "pass") if record.actions else ("x",))
    records.write(bad, path)
    out.unlink()
    assert main(["replay", str(path), "-q", "--html", str(out)]) == 1
    assert not out.exists()
    assert main(["replay", str(path), "--html", "-"]) == 2
    assert main(["replay", str(path), "--html", str(tmp_path)]) == 2


# --- in a real browser ---------------------------------------------------------------------

# Run in the page after the viewer: drive it as a reader would (keys, buttons, the
# slider, the view) and write what the page shows after each move.
DRIVER = """
<script>
(function () {
  var root = document.getElementById("cw-viewer");
  var log = [];
  function seen(what) {
    log.push({what: what, step: root.getAttribute("data-step"),
              view: root.getAttribute("data-view"),
              label: root.querySelector(".cw-step").textContent,
              text: root.querySelector(".cw-text").textContent.split("\\n")[0],
              picture: root.querySelector(".cw-picture").innerHTML.length,
              svg: root.querySelector(".cw-picture svg") !== null});
  }
  function key(k) { document.dispatchEvent(new KeyboardEvent("keydown", {key: k})); }
  function click(name) { root.querySelector(".cw-" + name).click(); }
  function wait(then) {
    if (root.getAttribute("data-ready") !== "true") {
      setTimeout(function () { wait(then); }, 20); return;
    }
    then();
  }
  wait(function () {
    seen("loaded");
    key("ArrowRight"); key("ArrowRight"); seen("right twice");
    click("prev"); seen("previous");
    var slider = root.querySelector(".cw-slider");
    slider.value = "5"; slider.dispatchEvent(new Event("input")); seen("slider to 5");
    key("End"); seen("end");
    key("Home"); seen("home");
    var view = root.querySelector(".cw-view");
    view.value = "1"; view.dispatchEvent(new Event("change")); seen("seat 0's view");
    click("play");
    setTimeout(function () {
      click("play"); seen("played a while");
      var out = document.createElement("pre");
      out.id = "cw-test"; out.textContent = JSON.stringify(log);
      document.body.appendChild(out);
    }, 2000);
  });
})();
</script>
"""


def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("Debian's chromium package is not installed (apt-get install chromium); "
                    "scripts/test.sh installs it when run as root")
    return found


def test_the_viewer_steps_and_switches_views_in_a_real_browser(tmp_path: Path) -> None:
    chromium = _chromium()
    record = _record("caravan", seed=4, steps=20)
    page = replay_html(record).replace("</body>", DRIVER + "</body>")
    path = tmp_path / "replay.html"
    path.write_text(page, encoding="utf-8")
    done = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}",
         "--virtual-time-budget=20000", "--dump-dom", path.as_uri()],
        capture_output=True, text=True, timeout=120, check=False)
    found = re.search(r'<pre id="cw-test">(.*?)</pre>', done.stdout, re.S)
    assert found is not None, f"the page did not run its driver: {done.stderr[-2000:]}"
    log = {entry["what"]: entry for entry in json.loads(
        found.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")
        .replace("&amp;", "&"))}
    last = len(record.actions)
    assert log["loaded"]["step"] == "0"
    assert log["loaded"]["svg"]
    assert log["loaded"]["label"] == f"step 0 of {last}"
    assert log["right twice"]["step"] == "2"
    assert log["right twice"]["text"].startswith("step 2: ")
    assert log["previous"]["step"] == "1"
    assert log["slider to 5"]["step"] == "5"
    assert log["end"]["step"] == str(last)
    assert log["home"]["step"] == "0"
    assert log["seat 0's view"]["view"] == "1"
    assert log["seat 0's view"]["picture"] != log["home"]["picture"]  # another picture
    assert 0 < int(log["played a while"]["step"]) <= last
