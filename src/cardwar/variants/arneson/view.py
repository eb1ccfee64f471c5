"""What a seat of Arneson's War sees (its :class:`Observation`), and the text that shows
the game to people.
"""

from __future__ import annotations

from typing import Any

import attrs

from cardwar._immutable import Immutable
from cardwar.cards import Card
from cardwar.core import Outcome
from cardwar.errors import check_observation, check_seat, check_state
from cardwar.render import (
    Readable,
    format_card,
    format_cards,
    indent_block,
    result_lines,
    short_repr,
)
from cardwar.svg import Pictured
from cardwar.variants._battle import BattleRecord, Turn
from cardwar.variants._battle.view import describe_battle, header
from cardwar.variants.arneson.rules import TITLE, Choose, Options, State, WarPair, to_act

__all__ = [
    "Observation",
    "describe_deal",
    "describe_step",
    "observe",
    "picture",
    "render_observation",
    "render_state",
    "render_table",
]


@attrs.frozen(slots=True)
class Observation(Immutable, Pictured, Readable):
    """What one seat knows: its own hand and choice; sizes of everything hidden; every
    face-up card. Never the opponent's hand or their choice before both are in."""

    seat: int
    """The observing seat."""
    hand: tuple[Card, ...]
    """The seat's own hand."""
    committed: Card | None
    """The seat's own hidden choice this round, if made."""
    opponent_committed: bool
    """Whether the opponent has chosen this round (not what)."""
    hand_sizes: tuple[int, ...]
    """Cards in each seat's hand."""
    stock_sizes: tuple[int, ...]
    """Cards in each seat's stock."""
    won_sizes: tuple[int, ...]
    """Cards in each seat's win pile."""
    rounds: tuple[tuple[Turn, ...], ...]
    """The revealed rounds of the war in progress (face-up cards, stake counts)."""
    stakes: tuple[int, int]
    """The face-down cards each seat staked for the war round being chosen."""
    battles: int
    """Battles completed."""
    wars_won: tuple[int, ...]
    """Wars won per seat."""
    last: BattleRecord | None
    """The last completed battle."""
    result: Outcome | None
    """The outcome once the game has ended."""
    options: Options = attrs.field(factory=Options)
    """The game's options (known to everyone)."""
    wars: int = 0
    """Battles so far that had at least one war (every battle is seen by both)."""

    def __repr__(self) -> str:
        return short_repr(
            self, "Observation",
            seat=self.seat,
            battles=self.battles,
            hand=self.hand,
            committed=self.committed,
            hand_sizes=self.hand_sizes,
            stock_sizes=self.stock_sizes,
            won_sizes=self.won_sizes,
            result=self.result,
        )


def observe(state: State, seat: int) -> Observation:
    """Return what ``seat`` knows (ARNESON-OBSERVE)."""
    check_state(state, State, TITLE)
    check_seat(seat, 2)
    return Observation(
        seat=seat,
        hand=state.hands[seat],
        committed=state.committed[seat],
        opponent_committed=state.committed[1 - seat] is not None,
        hand_sizes=(len(state.hands[0]), len(state.hands[1])),
        stock_sizes=(len(state.stocks[0]), len(state.stocks[1])),
        won_sizes=(len(state.tally.won[0]), len(state.tally.won[1])),
        rounds=state.rounds,
        stakes=state.stakes,
        battles=state.battles,
        wars_won=state.tally.wars_won,
        last=state.last,
        result=state.result,
        options=state.options,
        wars=state.tally.wars,
    )


# --- text for people ----------------------------------------------------------------------


def _battle_lines(
    number: int, record: BattleRecord, options: Options, *, ascii: bool = False
) -> list[str]:
    """Return the lines of one battle, as War shows them, saying who took which cards:
    after a war, the loser takes the two cards that started it (ARNESON-WAR)."""
    lines = describe_battle(number, record, ascii=ascii)
    winner = record.winner
    if winner is not None and record.wars and options.war_pair is WarPair.LOSER:
        suffix = f" -> seat {winner} takes {record.cards} cards"
        for i, line in enumerate(lines):
            if line.endswith(suffix):
                lines[i] = (line[: -len(suffix)] + f" -> seat {winner} takes "
                            f"{record.cards - 2} cards, seat {1 - winner} the 2 that "
                            "started the war")
    return lines


def _last_battle(battles: int, last: BattleRecord | None, options: Options,
                 ascii: bool) -> list[str]:
    if last is None:
        return []
    lines = _battle_lines(battles, last, options, ascii=ascii)
    lines[0] = "last battle:" + lines[0].partition(":")[2]
    return lines


def _war_in_progress(
    rounds: tuple[tuple[Turn, ...], ...], stakes: tuple[int, ...], ascii: bool
) -> list[str]:
    if not rounds:
        return []
    cards = ", ".join(
        f"seat {t.seat} {format_card(t.face_up, ascii=ascii)}" for t in rounds[-1]
    )
    staked = ", ".join(f"seat {s} {n} down" for s, n in enumerate(stakes))
    return [f"war! tied at {cards}; stakes {staked}; each chooses a card to fight with"]


def render_state(state: State, *, ascii: bool = False) -> str:
    """Return the whole state as text for people, hidden cards included."""
    return _render(state, ascii, piles=True)


def render_table(state: State, *, ascii: bool = False) -> str:
    """Return the whole state as a replay shows it: the hands and choices, the stocks and
    win piles by their sizes (face down, their order is nobody's to see)."""
    return _render(state, ascii, piles=False)


def _count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _render(state: State, ascii: bool, piles: bool) -> str:
    check_state(state, State, TITLE)
    lines = [header(TITLE, state.battles)]
    for s in (0, 1):
        chosen = state.committed[s]
        pick = "" if chosen is None else f", chose {format_card(chosen, ascii=ascii)}"
        won = state.tally.won[s]
        if piles:
            pile = f", win pile {format_cards(won, ascii=ascii)}" if won else ""
            stock = format_cards(state.stocks[s], ascii=ascii)
        else:
            pile = f", win pile {_count(len(won))}" if won else ""
            stock = _count(len(state.stocks[s]))
        lines.append(
            f"seat {s} hand: {format_cards(state.hands[s], ascii=ascii)}{pick}; "
            f"stock: {stock}{pile}"
        )
    if state.tally.set_aside:
        aside = state.tally.set_aside
        lines.append("set aside: " + (format_cards(aside, ascii=ascii) if piles
                                      else _count(len(aside))))
    lines += _war_in_progress(state.rounds, state.stakes, ascii)
    lines += _last_battle(state.battles, state.last, state.options, ascii)
    lines += result_lines(state.result)
    return indent_block(lines)


def render_observation(obs: Observation, *, ascii: bool = False) -> str:
    """Return one seat's view as text for people: what that seat may know."""
    check_observation(obs, Observation, TITLE)
    me = obs.seat
    lines = [header(TITLE, obs.battles, f"seat {me}'s view")]
    for s in (0, 1):
        held = obs.hand_sizes[s] + obs.stock_sizes[s] + obs.won_sizes[s]
        parts = f"hand {obs.hand_sizes[s]}, stock {obs.stock_sizes[s]}"
        if obs.won_sizes[s]:
            parts += f", win pile {obs.won_sizes[s]}"
        you = "  <- you" if s == me else ""
        lines.append(f"seat {s}: {held} cards ({parts}), wars won {obs.wars_won[s]}{you}")
    lines += _war_in_progress(obs.rounds, obs.stakes, ascii)
    lines += _last_battle(obs.battles, obs.last, obs.options, ascii)
    lines.append(f"your hand: {format_cards(obs.hand, ascii=ascii)}")
    if obs.committed is not None:
        lines.append(f"you chose: {format_card(obs.committed, ascii=ascii)}")
    if obs.result is None:
        lines.append(f"seat {1 - me} has {'' if obs.opponent_committed else 'not '}chosen")
    lines += result_lines(obs.result)
    return indent_block(lines)


def describe_deal(state: State, *, ascii: bool = False) -> str:
    """Return how many cards each seat was dealt: ``dealt: 26 | 26 cards (hands of 3)``."""
    check_state(state, State, TITLE)
    held = " | ".join(str(len(h) + len(s)) for h, s in zip(state.hands, state.stocks, strict=True))
    return f"dealt: {held} cards (hands of {state.options.hand_size})"


def describe_step(before: State, action: Choose, after: State, *, ascii: bool = False) -> str:
    """Return what a choice did, hiding a card that is still hidden: ``seat 0 chose a
    card`` until the second choice reveals both, then the battle or the war it made."""
    check_state(before, State, TITLE)
    check_state(after, State, TITLE)
    seat = to_act(before)
    assert seat is not None  # every step of Arneson's War is a seat's choice
    if after.battles > before.battles and after.last is not None:
        lines = _battle_lines(after.battles, after.last, after.options, ascii=ascii)
        return "\n".join([*lines, *result_lines(after.result)])
    if after.committed[seat] is not None:
        return f"seat {seat} chose a card"
    return "\n".join(_war_in_progress(after.rounds, after.stakes, ascii))


# --- pictures (cardwar.svg) ---------------------------------------------------------------


def picture(views: Any, whole: bool) -> Any:
    """Return the picture of a state (``whole``: both seats' ``views``) or of one seat's
    view (``cardwar.svg``): each seat's stock, hand and chosen card (face down where
    the picture's seat may not see it), the cards of the war in progress (its stakes face
    down, the round just revealed marked), its win pile, the cards set aside, and the
    last battle told."""
    from cardwar.svg import Picture, Row, Shown, backs, faces
    from cardwar.variants.arneson.rules import deck

    obs: Observation = views[0]
    known = {v.seat: v for v in views}
    # The round on the table was the last move while nobody has chosen since.
    fresh = obs.committed is None and not obs.opponent_committed
    counted = 0
    rows = []
    for s in (0, 1):
        mine = known.get(s)
        cards = faces(mine.hand) if mine is not None else backs(obs.hand_sizes[s])
        if mine is not None and mine.committed is not None:
            cards += (Shown(mine.committed, caption="chosen"),)
        elif mine is None and obs.opponent_committed:
            cards += (Shown(None, caption="chosen"),)
        for k, turns in enumerate(obs.rounds):
            for t in turns:
                if t.seat == s:
                    cards += backs(t.face_down)
                    last = fresh and k == len(obs.rounds) - 1
                    cards += (Shown(t.face_up, caption="war", last=last),)
        cards += (Shown(caption="stake"),) * obs.stakes[s]
        if obs.won_sizes[s]:
            cards += (Shown(count=obs.won_sizes[s], caption="win pile"),)
        counted += len(cards) - bool(obs.won_sizes[s]) + obs.won_sizes[s] + obs.stock_sizes[s]
        note = f"wars won {obs.wars_won[s]}"
        label = f"seat {s}" + ("" if whole or s != obs.seat else " (you)")
        rows.append(Row(label, cards, note, obs.stock_sizes[s],
                        highlight=not whole and s == obs.seat))
    # The cards of undecidable battles, set aside: what the deck holds beyond the rest.
    aside = len(deck(obs.options)) - counted
    if aside > 0:
        rows.append(Row("set aside", (Shown(count=aside),)))
    when = "before the first battle" if obs.battles == 0 else f"after battle {obs.battles}"
    who = "" if whole else f"seat {obs.seat}'s view, "
    lines = (_war_in_progress(obs.rounds, obs.stakes, False)
             + _last_battle(obs.battles, obs.last, obs.options, False)
             + result_lines(obs.result))
    return Picture(f"{TITLE}, {who}{when}", tuple(rows), tuple(lines))
