"""Sphinx extension for the cardwar docs: tables generated from the code.

The ``cardwar-options`` directive renders the options table of a variant from
:func:`cardwar.core.options_info`, so a rules page cannot drift from the code::

    ```{cardwar-options} war
    ```

Each row gives the option's name, its default, its allowed values and its doc text.
Rule IDs named in the doc text, such as ``(WAR-PICKUP)``, become links to the rule's
target on the page; an ID the docs do not define is a broken reference, which fails the
``-n -W`` build.

The ``cardwar-exports`` directive lists the names that the top-level ``cardwar``
package re-exports (its ``__all__``), each linked to the one place where the API
reference documents it, so that nothing is documented twice.

The ``cardwar-variants`` directive renders the table of variants: the registered ones
from the registry, each linked to its rules page, then the planned ones listed in its
content.

The ``autodoc-process-docstring`` hook gives the fields of options classes, which carry
their documentation as field metadata rather than docstrings, that documentation.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import re
from typing import Any, ClassVar

import attrs
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata

import cardwar
from cardwar.cards import Rank, Suit
from cardwar.core import OptionError, OptionInfo, options_info
from cardwar.render import players_text

__all__ = [
    "DOCUMENTED_MODULES",
    "ExportsDirective",
    "OptionsDirective",
    "VariantsDirective",
    "format_allowed",
    "format_default",
    "home_of",
    "setup",
    "split_rule_ids",
]

#: The modules whose members the API reference documents, in the order searched for the
#: home of a re-exported name.
DOCUMENTED_MODULES = (
    "cardwar.errors",
    "cardwar.cards",
    "cardwar.rng",
    "cardwar.core",
    "cardwar.variants",
    "cardwar.variants.war",
    "cardwar.variants.peace",
    "cardwar.variants.arneson",
    "cardwar.variants.generals",
    "cardwar.variants.cold_war",
    "cardwar.variants.caravan",
    "cardwar.records",
    "cardwar.agents",
    "cardwar.render",
)

#: A rule ID as defined on the rules pages: ``WAR-TIE``, ``PEACE-A4``.
RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b")

_EXPECTED = re.compile(r"expected (?P<bound>.+?), got ")


def format_default(value: object) -> str:
    """Return the notation of an option's default: enums by value, ranks and suits as
    card notation, ``None`` as ``none``.

    >>> format_default(None), format_default(3), format_default((Rank.TWO, Rank.ACE))
    ('none', '3', '2 A')
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Rank):
        return value.symbol
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return " ".join(format_default(v) for v in value)
    return str(value)


def format_allowed(option_cls: type[Any], info: OptionInfo) -> str:
    """Return the allowed values of an option: its ``choices``, else the bound its
    validator states for a value of the wrong type, else a description of its type.
    """
    if info.choices is not None:
        return ", ".join(info.choices)
    default = info.default
    if isinstance(default, tuple) and default and all(isinstance(v, Rank) for v in default):
        return "a set of ranks, in card notation (2 .. 10, J, Q, K, A)"
    if isinstance(default, tuple) and default and all(isinstance(v, Suit) for v in default):
        return "a set of suits, by letter (C, D, H, S)"
    bound = _stated_bound(option_cls, info.name)
    if bound is not None:
        return bound.replace("None", "none")
    return "an integer" if isinstance(default, int) else "see the description"


def _stated_bound(option_cls: type[Any], name: str) -> str | None:
    # The validators name the values they accept when they refuse one: "expected an int
    # >= 2 or None, got ...". A value of no valid type makes them say it.
    field = next((f for f in _fields(option_cls) if f.name == name), None)
    converter = getattr(field, "converter", None)
    if converter is None:
        return None
    convert = getattr(converter, "converter", converter)  # attrs may wrap converters
    try:
        convert(object())
    except OptionError as err:
        found = _EXPECTED.search(str(err))
        return found.group("bound") if found else None
    except Exception:  # any other refusal states no bound
        return None
    return None


def _fields(option_cls: type[Any]) -> tuple[Any, ...]:
    return tuple(attrs.fields(option_cls))


def split_rule_ids(text: str) -> list[tuple[str, bool]]:
    """Return ``text`` cut into pieces, each flagged whether it is a rule ID.

    >>> split_rule_ids("How won cards go (WAR-PICKUP).")
    [('How won cards go (', False), ('WAR-PICKUP', True), (').', False)]
    """
    pieces: list[tuple[str, bool]] = []
    pos = 0
    for found in RULE_ID.finditer(text):
        if found.start() > pos:
            pieces.append((text[pos : found.start()], False))
        pieces.append((found.group(), True))
        pos = found.end()
    if pos < len(text):
        pieces.append((text[pos:], False))
    return pieces


class OptionsDirective(SphinxDirective):
    """Render the options table of the variant named by the argument."""

    required_arguments = 1
    optional_arguments = 0
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"class": directives.class_option}

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        try:
            found = cardwar.variant(name)
        except KeyError as err:
            raise self.error(f"cardwar-options: {err}") from None
        option_cls = found.Options
        # The table comes from the code: rebuild the page when the variant's code changes.
        for obj in (found, option_cls):
            source = inspect.getsourcefile(obj)  # type: ignore[arg-type]
            if source:
                self.env.note_dependency(source)
        infos = options_info(option_cls)
        table = self._table(option_cls, infos)
        table["classes"] += ["cardwar-options", *self.options.get("class", [])]
        return [table]

    def _table(self, option_cls: type[Any], infos: tuple[OptionInfo, ...]) -> nodes.table:
        table, body = _table(("Option", "Default", "Allowed values", "Description"),
                             (16, 14, 24, 46))
        for info in infos:
            body += _row(
                [
                    nodes.paragraph("", "", nodes.literal(text=info.name)),
                    nodes.paragraph("", "", nodes.literal(text=format_default(info.default))),
                    self._allowed(option_cls, info),
                    self._doc(info.doc),
                ]
            )
        return table

    @staticmethod
    def _allowed(option_cls: type[Any], info: OptionInfo) -> nodes.paragraph:
        para = nodes.paragraph()
        if info.choices is None:
            para += nodes.Text(format_allowed(option_cls, info))
            return para
        for i, choice in enumerate(info.choices):
            if i:
                para += nodes.Text(", ")
            para += nodes.literal(text=choice)
        return para

    def _doc(self, text: str) -> nodes.paragraph:
        para = nodes.paragraph()
        for piece, is_rule in split_rule_ids(text):
            if not is_rule:
                para += nodes.Text(piece)
                continue
            xref = addnodes.pending_xref(
                "",
                nodes.inline(text=piece),
                refdomain="std",
                reftype="ref",
                reftarget=piece.lower(),
                refexplicit=True,
                refwarn=True,
                refdoc=self.env.docname,
            )
            para += xref
        return para


def home_of(name: str) -> str | None:
    """Return the full name under which the API reference documents ``cardwar.<name>``:
    the first documented module that lists the same object in its ``__all__`` (a
    module's own name for a module), or ``None`` if no documented module does.

    >>> home_of("Card"), home_of("war"), home_of("__version__")
    ('cardwar.cards.Card', 'cardwar.variants.war', None)
    """
    obj = getattr(cardwar, name)
    if inspect.ismodule(obj):
        return obj.__name__ if obj.__name__ in DOCUMENTED_MODULES else None
    for modname in DOCUMENTED_MODULES:
        module = importlib.import_module(modname)
        if name in getattr(module, "__all__", ()) and getattr(module, name, None) is obj:
            return f"{modname}.{name}"
    return None


def _summary(obj: object, home: str) -> str:
    # The first sentence of the docstring: the object's own for modules, classes and
    # functions; the ``#:`` comment of a module-level constant (not its class's).
    if inspect.ismodule(obj) or callable(obj):
        doc = obj.__doc__
    else:
        modname, _, name = home.rpartition(".")
        found = ModuleAnalyzer.for_module(modname).find_attr_docs().get(("", name))
        doc = "\n".join(found) if found else None
    first = (inspect.cleandoc(doc or "").split("\n\n") or [""])[0].replace("\n", " ")
    end = first.find(". ")
    return first if end < 0 else first[: end + 1]


_INLINE = re.compile(r"(?::[\w:]+:`~?(?P<role>[^`<]+?)(?:\s*<[^>]*>)?`|``(?P<code>.+?)``)")


def _inline(text: str) -> list[nodes.Node]:
    # The rST a summary sentence uses: ``code`` and :role:`target`, both shown as code.
    out: list[nodes.Node] = []
    pos = 0
    for found in _INLINE.finditer(text):
        if found.start() > pos:
            out.append(nodes.Text(text[pos : found.start()]))
        code = found.group("code") or found.group("role")
        out.append(nodes.literal(text=code.rpartition(".")[2] if found.group("role") else code))
        pos = found.end()
    if pos < len(text):
        out.append(nodes.Text(text[pos:]))
    return out


class TensorDirective(SphinxDirective):
    """Render the observation-tensor layout of the variant named by the argument, under
    its default options."""

    required_arguments = 1
    optional_arguments = 0
    has_content = False

    def run(self) -> list[nodes.Node]:
        try:
            found = cardwar.variant(self.arguments[0])
        except KeyError as err:
            raise self.error(f"cardwar-tensor: {err}") from None
        # The table comes from the code: rebuild the page when the codec changes.
        codec = getattr(found.observation_tensor, "__self__", None)
        source = inspect.getsourcefile(type(codec)) if codec is not None else None
        if source:
            self.env.note_dependency(source)
        layout = found.observation_layout(found.options())
        table, body = _table(("Part", "Shape", "Seen by", "Values"), (16, 10, 10, 64))
        table["classes"] += ["cardwar-tensor"]
        for part in layout:
            shape = " x ".join(map(str, part.shape))
            body += _row([
                nodes.paragraph("", "", nodes.literal(text=part.name)),
                nodes.paragraph(text=shape),
                nodes.paragraph(text="everyone" if part.public else "the seat"),
                nodes.paragraph(text=part.doc),
            ])
        size = found.observation_shape(found.options())[0]
        caption = nodes.paragraph(text=f"{found.TITLE}: {size} values under the default "
                                       "options.")
        return [caption, table]


def _played(directive: SphinxDirective, name: str, default_steps: int) -> tuple[Any, Any]:
    """Return the variant named by a directive's argument and the record of the game its
    options describe (``seed``, ``steps``, ``options``, ``deal``, ``agents``), played at
    docs build by the game's agents."""
    from cardwar import agents

    try:
        found = cardwar.variant(directive.arguments[0])
    except KeyError as err:
        raise directive.error(f"{name}: {err}") from None
    pairs = (directive.options.get("options") or "").split()
    opts = found.options(**dict(pair.split("=", 1) for pair in pairs))
    seed = directive.options.get("seed", 0)
    deal_text = directive.options.get("deal")
    deal = None if deal_text is None else [p.split() for p in deal_text.split("|")]
    kind = directive.options.get("agents", "heuristic")
    seats = None
    if not found.AUTOMATIC:
        players = found.num_players(found.new_game(seed, opts, deal=deal))
        seats = [agents.agent(kind, found.NAME, seed + s + 1) for s in range(players)]
    record = agents.play(found, seats, seed, opts, deal=deal,
                         max_steps=directive.options.get("steps", default_steps))
    return found, record


def _figure(directive: SphinxDirective, css_class: str, body: str,
            modules: tuple[str, ...]) -> list[nodes.Node]:
    """Return ``body`` as a figure with the directive's caption; the page is rebuilt when
    one of ``modules`` (the code that drew it) changes."""
    for module in modules:
        source = inspect.getsourcefile(importlib.import_module(module))
        if source:
            directive.env.note_dependency(source)
    html = f'<figure class="{css_class}">{body}'
    caption = directive.options.get("caption")
    if caption:
        html += f"<figcaption>{_html_escape(caption)}</figcaption>"
    return [nodes.raw("", html + "</figure>", format="html")]


class PictureDirective(SphinxDirective):
    """Draw a position of the variant named by the argument with :func:`cardwar.svg.svg`,
    played at docs build from a seed (or an explicit ``deal``) by the game's agents, so
    that the picture can never drift from the engine. Options: ``seed`` (default 0),
    ``steps`` (steps played, default 0), ``seat`` (draw that seat's view instead of the
    whole table), ``options`` (``NAME=VALUE`` pairs), ``deal`` (piles in card notation,
    separated by ``|``), ``agents`` (an agent kind, default ``heuristic``) and ``caption``."""

    required_arguments = 1
    optional_arguments = 0
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "seed": directives.nonnegative_int,
        "steps": directives.nonnegative_int,
        "seat": directives.nonnegative_int,
        "options": directives.unchanged,
        "deal": directives.unchanged,
        "agents": directives.unchanged,
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        from cardwar import records
        from cardwar.svg import svg

        found, record = _played(self, "cardwar-picture", 0)
        state = list(records.iter_states(record))[-1]
        seat = self.options.get("seat")
        drawn = svg(state if seat is None else found.observe(state, seat))
        return _figure(self, "cardwar-picture", drawn, ("cardwar.svg", type(state).__module__))


class ReplayDirective(SphinxDirective):
    """Embed the replay viewer (:mod:`cardwar.viewer`) of a short game of the variant
    named by the argument, played at docs build as ``cardwar-picture`` plays its game.
    Options: ``seed`` (default 0), ``steps`` (steps played, default 12), ``options``
    (``NAME=VALUE`` pairs), ``deal``, ``agents`` (an agent kind, default ``heuristic``)
    and ``caption``."""

    required_arguments = 1
    optional_arguments = 0
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        key: value for key, value in PictureDirective.option_spec.items() if key != "seat"}

    def run(self) -> list[nodes.Node]:
        from cardwar.viewer import viewer_html

        _, record = _played(self, "cardwar-replay", 12)
        return _figure(self, "cardwar-replay", viewer_html(record),
                       ("cardwar.viewer", "cardwar.svg"))


def _html_escape(text: str) -> str:
    from xml.sax.saxutils import escape

    return escape(text)


class ExportsDirective(SphinxDirective):
    """List the names of ``cardwar.__all__``, each linked to where it is documented."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        for modname in ("cardwar", *DOCUMENTED_MODULES):
            source = inspect.getsourcefile(importlib.import_module(modname))
            if source:
                self.env.note_dependency(source)
        table = nodes.table(classes=["cardwar-exports"])
        group = nodes.tgroup(cols=3)
        table += group
        for width in (22, 26, 52):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        head += _row([nodes.paragraph(text=h) for h in ("Name", "Documented as", "Summary")])
        body = nodes.tbody()
        group += body
        for name in cardwar.__all__:
            obj = getattr(cardwar, name)
            home = home_of(name)
            if home is None and inspect.ismodule(obj):
                # A module that this reference does not cover yet: named, not linked.
                body += _row(
                    [
                        nodes.paragraph("", "", nodes.literal(text=f"cardwar.{name}")),
                        nodes.paragraph("", "", nodes.literal(text=obj.__name__)),
                        nodes.paragraph(
                            "",
                            "",
                            *_inline(_summary(obj, obj.__name__)),
                            nodes.Text(" (Not yet in this reference.)"),
                        ),
                    ]
                )
                continue
            if home is None:
                body += _row(
                    [
                        nodes.paragraph("", "", nodes.literal(text=f"cardwar.{name}")),
                        nodes.paragraph(text="—"),
                        nodes.paragraph(
                            "", "", nodes.Text("the value "), nodes.literal(text=repr(obj))
                        ),
                    ]
                )
                continue
            xref = addnodes.pending_xref(
                "",
                nodes.literal(text=home),
                refdomain="py",
                reftype="mod" if inspect.ismodule(obj) else "obj",
                reftarget=home,
                refexplicit=True,
                refwarn=True,
                refdoc=self.env.docname,
            )
            body += _row(
                [
                    nodes.paragraph("", "", nodes.literal(text=f"cardwar.{name}")),
                    nodes.paragraph("", "", xref),
                    nodes.paragraph("", "", *_inline(_summary(obj, home))),
                ]
            )
        return [table]


class VariantsDirective(SphinxDirective):
    """Render the table of variants: every registered variant, from the registry, then
    the planned ones given as content lines ``name | game | players | decisions``.

    A registered variant's players and decisions come from its module (the counts its
    options accept between ``MIN_PLAYERS`` and ``MAX_PLAYERS``, and ``AUTOMATIC``), and
    its game links to its rules page ``rules/<name>``; a content line gives its
    description of the game (and its decisions, if it is not automatic). A planned line
    for a variant that is registered is not listed as planned.
    """

    has_content = True

    def run(self) -> list[nodes.Node]:
        planned: dict[str, list[str]] = {}
        for line in self.content:
            if not line.strip():
                continue
            fields = [f.strip() for f in line.split("|")]
            if len(fields) != 4 or not all(fields):
                raise self.error(
                    f"cardwar-variants: expected name | game | players | decisions, got {line!r}"
                )
            planned[fields[0]] = fields
        table = nodes.table(classes=["cardwar-variants"])
        group = nodes.tgroup(cols=5)
        table += group
        for width in (12, 36, 12, 28, 12):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        titles = ("Name", "Game", "Players", "Decisions", "Status")
        head += _row([nodes.paragraph(text=h) for h in titles])
        body = nodes.tbody()
        group += body
        for found in cardwar.all_variants():
            source = inspect.getsourcefile(found)  # type: ignore[arg-type]
            if source:
                self.env.note_dependency(source)
            given = planned.pop(found.NAME, None)
            game = given[1] if given else found.TITLE
            if found.AUTOMATIC:
                decisions = "none (automatic)"
            else:
                decisions = given[3] if given else "see the rules page"
            body += _row(
                [
                    nodes.paragraph("", "", nodes.literal(text=found.NAME)),
                    nodes.paragraph("", "", self._rules_link(found.NAME, game)),
                    nodes.paragraph(text=players_text(found)),
                    nodes.paragraph(text=decisions),
                    nodes.paragraph(text="available"),
                ]
            )
        for name, game, players, decisions in planned.values():
            body += _row(
                [
                    nodes.paragraph("", "", nodes.literal(text=name)),
                    nodes.paragraph(text=game),
                    nodes.paragraph(text=players),
                    nodes.paragraph(text=decisions),
                    nodes.paragraph(text="planned"),
                ]
            )
        return [table]

    def _rules_link(self, name: str, text: str) -> nodes.Node:
        # A link to /rules/<name>; a variant without its page yet gets plain text.
        if f"rules/{name}" not in self.env.found_docs:
            return nodes.Text(text)
        return addnodes.pending_xref(
            "",
            nodes.inline(text=text),
            refdomain="std",
            reftype="doc",
            reftarget=f"/rules/{name}",
            refexplicit=True,
            refwarn=True,
            refdoc=self.env.docname,
        )


def _table(headers: tuple[str, ...], widths: tuple[int, ...]
           ) -> tuple[nodes.table, nodes.tbody]:
    """Return an empty table with a header row, and its body to fill."""
    table = nodes.table()
    group = nodes.tgroup(cols=len(headers))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    head += _row([nodes.paragraph(text=h) for h in headers])
    body = nodes.tbody()
    group += body
    return table, body


def _row(cells: list[nodes.Element]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        entry += cell
        row += entry
    return row


def _option_field_doc(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    # An undocumented attribute of an options class gets the doc its field carries.
    if what != "attribute" or lines:
        return
    owner_name, _, field_name = name.rpartition(".")
    owner = _import_dotted(owner_name)
    if not (isinstance(owner, type) and attrs.has(owner)):
        return
    field = attrs.fields_dict(owner).get(field_name)
    doc = field.metadata.get("doc") if field is not None else None
    if isinstance(doc, str) and doc:
        # Rule IDs link to their rules: "(WAR-PICKUP)" becomes a reference to the target.
        lines.append(RULE_ID.sub(lambda m: f":ref:`{m.group()} <{m.group().lower()}>`", doc))
        lines.append("")


def _import_dotted(name: str) -> object:
    # The object named ``a.b.C``: the longest importable module prefix, then attributes.
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr, None)
        return obj
    return None


_own_analyze = ModuleAnalyzer.analyze


def _analyze_with_reexports(self: ModuleAnalyzer) -> None:
    """Analyze a module's source; for a variant package, also take the ``#:`` docs of the
    constants it re-exports from its own modules (``NAME`` lives in ``rules``), so that
    ``cardwar.variants.war.NAME`` is documented where users import it from."""
    done = getattr(self, "_analyzed", False)
    _own_analyze(self)
    if done or not self.modname.startswith("cardwar.variants."):
        return
    package = importlib.import_module(self.modname)
    if not hasattr(package, "__path__"):
        return
    for name in getattr(package, "__all__", ()):
        if ("", name) in self.attr_docs:
            continue
        for sub in ("rules", "view", "notation", "agents"):
            subname = f"{self.modname}.{sub}"
            submodule = getattr(package, sub, None)  # the War family's engine has no agents
            if not inspect.ismodule(submodule) or getattr(submodule, name, None) is not getattr(
                package, name
            ):
                continue
            found = ModuleAnalyzer.for_module(subname).find_attr_docs().get(("", name))
            if found:
                self.attr_docs["", name] = found
                self.tagorder.setdefault(name, len(self.tagorder))
                break


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the directives and the hook that documents options fields."""
    app.add_directive("cardwar-options", OptionsDirective)
    app.add_directive("cardwar-exports", ExportsDirective)
    app.add_directive("cardwar-tensor", TensorDirective)
    app.add_directive("cardwar-picture", PictureDirective)
    app.add_directive("cardwar-replay", ReplayDirective)
    app.add_directive("cardwar-variants", VariantsDirective)
    app.connect("autodoc-process-docstring", _option_field_doc)
    ModuleAnalyzer.analyze = _analyze_with_reexports  # type: ignore[method-assign]
    return {"version": cardwar.__version__, "parallel_read_safe": True, "parallel_write_safe": True}
