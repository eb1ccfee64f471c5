"""A recorded game as one self-contained HTML page that steps through it: its pictures,
its narration, every seat's view, and whether the record replays.

``cardwar replay FILE --html OUT.html`` writes the page; :func:`replay_html` returns it;
a :class:`~cardwar.records.Record` shows the same viewer in Jupyter (``_repr_html_``,
:func:`viewer_html`). Everything is in the file: the pictures (drawn by
:mod:`cardwar.svg`, compressed), the text and a small script; nothing is fetched, so the
file can be mailed, attached to an issue or opened offline. The viewer has buttons for
the first, previous, next and last step and to play the game step by step, a slider,
the keyboard (left and right arrows, Home, End, space to play or pause), and a choice of
view: the whole table, or what one seat sees (its observation: the others' hidden cards
as backs). It needs a browser with ``DecompressionStream`` (2023 or later).

>>> from cardwar import agents, records, caravan
>>> record = agents.play(caravan, [agents.RandomAgent(1), agents.RandomAgent(2)], 3,
...                      max_steps=4)
>>> page = replay_html(record)
>>> page.startswith("<!DOCTYPE html>"), "verified: 4 steps replay" in page
(True, True)
"""

from __future__ import annotations

import base64
import gzip
import html
import itertools
import json
from typing import Any

from cardwar.core import options_to_json
from cardwar.errors import ArgumentTypeError, CardwarError, shown

__all__ = ["replay_html", "viewer_html"]

#: The viewers made so far in this process: each fragment's element ids are unique.
_counter = itertools.count(1)

_STYLE = """
.cw-viewer{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
  border:1px solid #c8c8c8;border-radius:6px;padding:10px;margin:1em 0;max-width:100%;
  background:#fff;color:#222;outline:none}
.cw-viewer:focus{border-color:#3a7bd5}
.cw-viewer .cw-head{font-size:14px;margin-bottom:4px}
.cw-viewer .cw-meta{font-size:12px;color:#555;margin-bottom:6px;overflow-wrap:anywhere}
.cw-viewer .cw-verify{font-size:13px;margin-bottom:8px}
.cw-viewer .cw-ok{color:#16632a}.cw-viewer .cw-bad{color:#a31515}
.cw-viewer .cw-controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center;
  margin-bottom:8px}
.cw-viewer button{font:inherit;font-size:14px;min-width:2.4em;padding:2px 8px;
  cursor:pointer}
.cw-viewer input[type=range]{flex:1 1 160px;min-width:120px}
.cw-viewer .cw-step{font-size:13px;min-width:8em}
.cw-viewer .cw-picture{overflow-x:auto}
.cw-viewer .cw-picture svg{max-width:100%;height:auto}
.cw-viewer .cw-text{white-space:pre-wrap;font-family:ui-monospace,Menlo,Consolas,monospace;
  font-size:13px;background:#f6f6f6;padding:6px;margin:6px 0 0;border-radius:4px}
@media print{.cw-viewer .cw-controls{display:none}}
"""

_SCRIPT = """
(function () {
  var root = document.getElementById(ID);
  var box = function (name) { return root.querySelector(".cw-" + name); };
  var data = null, step = 0, view = 0, timer = null;
  function show() {
    if (!data) { return; }
    var s = data.steps[step];
    box("picture").innerHTML = s.pictures[view];
    box("text").textContent = s.text.join("\\n");
    box("step").textContent = "step " + step + " of " + (data.steps.length - 1);
    box("slider").value = String(step);
    root.setAttribute("data-step", String(step));
    root.setAttribute("data-view", String(view));
  }
  function go(to) {
    if (!data) { return; }
    step = Math.max(0, Math.min(data.steps.length - 1, to));
    show();
  }
  function play() {
    if (timer !== null) {
      clearInterval(timer); timer = null; box("play").textContent = "play"; return;
    }
    if (step >= data.steps.length - 1) { step = 0; }
    box("play").textContent = "pause";
    timer = setInterval(function () {
      if (step >= data.steps.length - 1) { play(); return; }
      go(step + 1);
    }, 700);
  }
  var actions = {first: function () { go(0); }, prev: function () { go(step - 1); },
                 next: function () { go(step + 1); },
                 last: function () { go(data.steps.length - 1); }, play: play};
  Object.keys(actions).forEach(function (name) {
    box(name).addEventListener("click", function () { if (data) { actions[name](); } });
  });
  box("slider").addEventListener("input", function () { go(Number(box("slider").value)); });
  box("view").addEventListener("change", function () {
    view = Number(box("view").value); show();
  });
  var keys = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last", " ": "play"};
  (PAGE ? document : root).addEventListener("keydown", function (event) {
    var target = event.target && event.target.tagName;
    if (!data || target === "SELECT" || target === "INPUT" && event.key !== "ArrowLeft"
        && event.key !== "ArrowRight" || !(event.key in keys)) { return; }
    event.preventDefault();
    actions[keys[event.key]]();
  });
  if (typeof DecompressionStream === "undefined") {
    box("text").textContent = "This browser cannot open the replay: it needs "
      + "DecompressionStream (Chrome 80, Firefox 113, Safari 16.4 or later).";
    return;
  }
  var packed = root.querySelector("script.cw-data").textContent.trim();
  var bytes = Uint8Array.from(atob(packed), function (c) { return c.charCodeAt(0); });
  var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  new Response(stream).text().then(function (text) {
    data = JSON.parse(text);
    box("slider").max = String(data.steps.length - 1);
    data.views.forEach(function (name, i) {
      var option = document.createElement("option");
      option.value = String(i); option.textContent = name;
      box("view").appendChild(option);
    });
    root.setAttribute("data-ready", "true");
    show();
  });
})();
"""


def _steps(record: Any) -> tuple[list[dict[str, Any]], tuple[str, ...], str, bool]:
    """Return the steps of the record's game that replay (narration and one picture per
    view), the views' names, the verification's words, and whether it replayed."""
    from cardwar.render import symbolize
    from cardwar.svg import svg

    game = record.game
    steps: list[dict[str, Any]] = []
    states = record.states()
    before: Any = None
    views: tuple[str, ...] = ()
    try:
        for i, state in enumerate(states):
            if i == 0:
                players = game.num_players(state)
                views = ("the whole table", *(f"seat {s}'s view" for s in range(players)))
                text = game.describe_deal(state).splitlines() or ["the deal"]
            else:
                seat = game.to_act(before)
                who = "" if seat is None else f"seat {seat}: "
                action = game.parse_action(record.actions[i - 1])
                text = [f"step {i}: {who}{symbolize(record.actions[i - 1])}",
                        *game.describe_step(before, action, state).splitlines()]
            pictures = [svg(state), *(svg(game.observe(state, s))
                                      for s in range(len(views) - 1))]
            steps.append({"text": text, "pictures": pictures})
            before = state
    except CardwarError as err:  # the record's RecordError: the step that differs
        return steps, views, f"not verified: {err}", False
    outcome = "an unfinished game" if record.outcome is None else str(record.outcome)
    return steps, views, f"verified: {len(record.actions)} steps replay to {outcome}", True


def _meta(record: Any) -> str:
    game = record.game
    parts = [f"seed {record.seed}"]
    if record.deal is not None:
        parts.append("an explicit deal")
    parts.append(f"{len(record.actions)} steps")
    given, default = options_to_json(record.options), options_to_json(game.options())
    changed = {k: v for k, v in given.items() if default.get(k) != v}
    parts.append("options: " + (", ".join(f"{k}={json.dumps(v)}" for k, v in changed.items())
                                or "defaults"))
    if record.players is not None:
        parts.append("players: " + ", ".join(
            f"seat {s} {'unknown' if p is None else p}" for s, p in enumerate(record.players)))
    parts.append(f"rules version {record.rules_version} (this library: {game.RULES_VERSION})")
    parts.append(f"recorded with cardwar {record.library_version}")
    return "; ".join(parts)


def viewer_html(record: object) -> str:
    """Return the viewer of ``record`` as an HTML fragment (a ``div`` and its script,
    with element ids of its own, so that several can share a page): what Jupyter shows
    for a record and the docs embed."""
    return _fragment(record, page=False)


def _fragment(record: object, page: bool) -> str:
    # (A record's own module imports this one: known by what it has, not by its class.)
    if not all(hasattr(record, name) for name in ("states", "actions", "seed", "game")):
        raise ArgumentTypeError(f"expected a cardwar.records.Record, got {shown(record)}")
    steps, views, verdict, ok = _steps(record)
    packed = base64.b64encode(gzip.compress(
        json.dumps({"views": views, "steps": steps}, separators=(",", ":"),
                   ensure_ascii=False).encode("utf-8"), compresslevel=9, mtime=0)
    ).decode("ascii")
    # A page holds one viewer; fragments (a notebook, the docs) get ids of their own.
    ident = "cw-viewer" if page else f"cw-viewer-{next(_counter)}"
    game = record.game  # type: ignore[attr-defined]  # (checked above)
    script = _SCRIPT.replace("ID", json.dumps(ident)).replace(
        "PAGE", "true" if page else "false")
    return (
        f'<div class="cw-viewer" id="{ident}" tabindex="0"><style>{_STYLE}</style>'
        f'<div class="cw-head"><b>{html.escape(game.TITLE)}</b></div>'
        f'<div class="cw-meta">{html.escape(_meta(record))}</div>'
        f'<div class="cw-verify {"cw-ok" if ok else "cw-bad"}">{html.escape(verdict)}</div>'
        '<div class="cw-controls">'
        '<button type="button" class="cw-first" title="first step (Home)">|&lt;</button>'
        '<button type="button" class="cw-prev" title="previous step (left arrow)">&lt;</button>'
        '<button type="button" class="cw-play" title="play or pause (space)">play</button>'
        '<button type="button" class="cw-next" title="next step (right arrow)">&gt;</button>'
        '<button type="button" class="cw-last" title="last step (End)">&gt;|</button>'
        '<input type="range" class="cw-slider" min="0" max="0" value="0" '
        'aria-label="step">'
        '<span class="cw-step"></span>'
        '<label>view <select class="cw-view"></select></label>'
        '</div>'
        '<div class="cw-picture"></div>'
        '<pre class="cw-text">loading the replay...</pre>'
        f'<script type="application/octet-stream" class="cw-data">{packed}</script>'
        f"<script>{script}</script>"
        "</div>"
    )


def replay_html(record: object, *, title: str | None = None) -> str:
    """Return the viewer of ``record`` as a whole HTML page (see the module); ``title``
    is the page's title (by default the variant's and the seed)."""
    if title is not None and not isinstance(title, str):
        raise ArgumentTypeError(f"title must be a str, got {shown(title)}")
    body = _fragment(record, page=True)
    game = record.game  # type: ignore[attr-defined]  # a Record: _fragment checked it
    name = title if title is not None else f"{game.TITLE}, seed {record.seed}"  # type: ignore[attr-defined]
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{html.escape(name)}</title></head>"
            f"<body>{body}</body></html>\n")

