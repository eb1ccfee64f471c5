"""What a seat of General's War sees (its :class:`Observation`), and the text that shows
the game to people.
"""

from __future__ import annotations

from typing import Any

import attrs

from cardwar._immutable import Immutable
from cardwar.cards import Card, card_index
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
from cardwar.variants.generals.rules import (
    TITLE,
    Action,
    Battle,
    Challenge,
    Claim,
    Options,
    Pass,
    Squad,
    State,
    score,
    to_act,
)

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
    """What one seat knows: its own hand and squad; revealed generals, the pot, scores and
    kills; only sizes of every hidden pile. Never another seat's hand or squad before all
    squads are in."""

    seat: int
    """The observing seat."""
    hand: tuple[Card, ...]
    """The seat's own hand."""
    squad: tuple[Card, ...] | None
    """The seat's own committed squad this battle, if any."""
    committed: tuple[bool, ...]
    """Per seat, whether it has committed its squad this battle."""
    committed_sizes: tuple[int, ...]
    """Per seat, how many cards its committed squad holds (0 if none): visible on the table."""
    revealed: tuple[tuple[Card, ...], ...]
    """Per seat, the claimed generals still in its hand."""
    hand_sizes: tuple[int, ...]
    """Cards in each seat's hand."""
    reserve_sizes: tuple[int, ...]
    """Cards in each reserve."""
    won_sizes: tuple[int, ...]
    """Cards in each seat's won pile."""
    pot: tuple[tuple[Card, ...], ...]
    """The cards left on the table by equal sums, per seat that laid them."""
    scores: tuple[int, ...]
    """Each seat's score (every card in a won pile was revealed when won)."""
    kills: tuple[tuple[int, ...], ...]
    """``kills[i][j]``: generals of seat j killed by seat i."""
    places: tuple[int | None, ...]
    """Per seat, the place it finished in, or ``None`` while it plays (public,
    GENERALS-PLACES)."""
    dealer: int
    """The dealer."""
    claimant: int | None
    """The seat deciding on a claim, if claims are under way."""
    chooser: int
    """The chooser of the battle."""
    sides: tuple[tuple[int, ...], ...]
    """The sides of the battle being fought."""
    deals: int
    """The number of the current deal."""
    battles: int
    """Battles completed."""
    last: Battle | None
    """The last resolved battle."""
    result: Outcome | None
    """The outcome once the game has ended."""
    options: Options = attrs.field(factory=Options)
    """The game's options (known to everyone)."""
    won: tuple[tuple[Card, ...], ...] = ()
    """The cards of each seat's won pile, in the order of :func:`~cardwar.cards.card_index`:
    the pile is face down, but every card in it was revealed when it was won
    (GENERALS-SCORE); the order they lie in is not seen."""

    def __repr__(self) -> str:
        return short_repr(
            self, "Observation",
            seat=self.seat,
            deals=self.deals,
            battles=self.battles,
            hand=self.hand,
            hand_sizes=self.hand_sizes,
            reserve_sizes=self.reserve_sizes,
            scores=self.scores,
            result=self.result,
        )


def observe(state: State, seat: int) -> Observation:
    """Return what ``seat`` knows (GENERALS-OBSERVE)."""
    check_state(state, State, TITLE)
    n = state.players
    check_seat(seat, n)
    return Observation(
        seat=seat,
        hand=state.hands[seat],
        squad=state.squads[seat],
        committed=tuple(sq is not None for sq in state.squads),
        committed_sizes=tuple(0 if sq is None else len(sq) for sq in state.squads),
        revealed=state.revealed,
        hand_sizes=tuple(len(h) for h in state.hands),
        reserve_sizes=tuple(len(r) for r in state.reserves),
        won_sizes=tuple(len(w) for w in state.won),
        pot=state.pot,
        scores=tuple(score(state, s) for s in range(n)),
        kills=state.kills,
        places=state.places,
        dealer=state.dealer,
        claimant=state.claimant,
        chooser=state.chooser,
        sides=state.sides,
        deals=state.deals,
        battles=state.battles,
        last=state.last,
        result=state.result,
        options=state.options,
        won=tuple(tuple(sorted(w, key=card_index)) for w in state.won),
    )


# --- text for people ----------------------------------------------------------------------


def _generals_common(x: State | Observation, ascii: bool, words: bool = False) -> list[str]:
    lines = []
    if any(x.pot):
        lines.append("pot: " + ", ".join(f"seat {s} {format_cards(p, ascii=ascii)}"
                                         for s, p in enumerate(x.pot) if p))
    killed = [f"seat {i} killed {n} of seat {j}" for i, row in enumerate(x.kills)
              for j, n in enumerate(row) if n]
    if killed:
        lines.append("generals killed: " + ", ".join(killed))
    if any(p is not None for p in x.places):
        # GENERALS-PLACES: the places of the players who have finished.
        lines.append("places: " + ", ".join(f"seat {s} {_ordinal(p)}"
                                            for s, p in enumerate(x.places) if p is not None))
    if x.claimant is not None:
        lines.append(f"claims: seat {x.claimant} decides")
    elif x.sides:
        sides = " against ".join("+".join(map(str, side)) for side in x.sides)
        lines.append(f"battle: {sides} (seat {x.chooser} chose)")
    if x.last is not None:
        lines.append(f"last battle: {_battle_line(x.last, ascii, words)}")
    return lines


def _battle_line(b: Battle, ascii: bool, words: bool = False) -> str:
    """Return a resolved battle: the squads, their sums, who took what, generals killed
    (``words``: ``takes 6 cards``, else ``takes 6`` as the golden playthroughs hold the
    whole state)."""
    # Each side's squads, then that side's sum: in the four-player game a side is two
    # seats, and the sides need not be in seat order.
    sides = " vs ".join(
        ", ".join(f"seat {seat} {format_cards(b.squads[seat], ascii=ascii)}"
                  for seat in side if b.squads[seat]) + f" ({total})"
        for side, total in zip(b.sides, b.sums, strict=True)
    )
    who = "equal sums, the cards stay" if b.taker is None else (
        f"seat {b.taker} takes {_count(b.taken, 'card') if words else b.taken}")
    kills = "".join(f"; seat {s}'s general {format_card(c, ascii=ascii)} is killed"
                    for s, c in b.kills)
    return f"{sides} -> {who}{kills}"


def _ordinal(place: int) -> str:
    """Return ``1st``, ``2nd``, ``3rd``, ``4th``."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place, "th")
    return f"{place}{suffix}"


def _generals_header(x: State | Observation, who: str = "") -> str:
    return f"{TITLE}, {who + ' ' if who else ''}deal {x.deals}, battle {x.battles + 1}"


def render_state(state: State, *, ascii: bool = False) -> str:
    """Return the whole state as text for people, hidden cards included."""
    check_state(state, State, TITLE)
    lines = [_generals_header(state)]
    for s in range(state.players):
        shown = state.revealed[s]
        gen = f"; generals shown: {format_cards(shown, ascii=ascii)}" if shown else ""
        squad = state.squads[s] if s < len(state.squads) else None
        laid = "" if squad is None else f"; squad {format_cards(squad, ascii=ascii)}"
        lines.append(f"seat {s} hand: {format_cards(state.hands[s], ascii=ascii)}{gen}{laid}; "
                     f"won {len(state.won[s])}, banked {state.banked[s]}")
    for i, reserve in enumerate(state.reserves):
        label = "reserve" if len(state.reserves) == 1 else f"reserve {i}"
        lines.append(f"{label}: {format_cards(reserve, ascii=ascii)}")
    lines += _generals_common(state, ascii)
    lines += result_lines(state.result)
    return indent_block(lines)


def _header_words(x: State | Observation, who: str = "") -> str:
    """Return the first line of a seat's view or of a replay's table: the deal and the
    battle, or the game over."""
    if x.result is not None:
        return f"{TITLE}, {who}game over after {_count(x.deals, 'deal')}"
    # Battles are counted over the whole game.
    return f"{TITLE}, {who}deal {x.deals}, battle {x.battles + 1} of the game"


def _reserves_line(sizes: tuple[int, ...]) -> str:
    """Return ``reserve: 21 cards``, or with one reserve per seat (colour halves)
    ``reserves: seat 0 21 cards, seat 1 1 card``."""
    if len(sizes) == 1:
        return f"reserve: {_count(sizes[0], 'card')}"
    return "reserves: " + ", ".join(f"seat {s} {_count(n, 'card')}"
                                    for s, n in enumerate(sizes))


def render_table(state: State, *, ascii: bool = False) -> str:
    """Return the whole state as a replay shows it: every hand and squad, the won piles and
    the reserve by their sizes (face down, their order is nobody's to see)."""
    check_state(state, State, TITLE)
    lines = [_header_words(state)]
    for s in range(state.players):
        shown = state.revealed[s]
        gen = f"; generals shown: {format_cards(shown, ascii=ascii)}" if shown else ""
        squad = state.squads[s] if s < len(state.squads) else None
        laid = "" if squad is None else f"; squad {format_cards(squad, ascii=ascii)}"
        lines.append(f"seat {s} hand: {format_cards(state.hands[s], ascii=ascii)}{gen}{laid}; "
                     f"won {_count(len(state.won[s]), 'card')}, score {score(state, s)}")
    lines.append(_reserves_line(tuple(len(r) for r in state.reserves)))
    lines += _generals_common(state, ascii, words=True)
    lines += result_lines(state.result)
    return indent_block(lines)


def render_observation(obs: Observation, *, ascii: bool = False) -> str:
    """Return one seat's view as text for people: what that seat may know."""
    check_observation(obs, Observation, TITLE)
    me = obs.seat
    lines = [_header_words(obs, f"seat {me}'s view, ")]
    for s, hand in enumerate(obs.hand_sizes):
        shown = obs.revealed[s]
        gen = f", generals shown: {format_cards(shown, ascii=ascii)}" if shown else ""
        laid = ", squad laid" if obs.committed[s] else ""
        you = "  <- you" if s == me else ""
        lines.append(f"seat {s}: hand {hand}, won {obs.won_sizes[s]}, score "
                     f"{obs.scores[s]}{gen}{laid}{you}")
    lines.append(_reserves_line(obs.reserve_sizes))
    lines += _generals_common(obs, ascii, words=True)
    lines.append(f"your hand: {format_cards(obs.hand, ascii=ascii)}")
    if obs.squad is not None:
        lines.append(f"your squad: {format_cards(obs.squad, ascii=ascii)}")
    lines += result_lines(obs.result)
    return indent_block(lines)


def describe_deal(state: State, *, ascii: bool = False) -> str:
    """Return what each seat was dealt: ``dealt: hands 5 | 5, reserve 42``."""
    check_state(state, State, TITLE)
    hands = " | ".join(str(len(h)) for h in state.hands)
    reserves = " | ".join(str(len(r)) for r in state.reserves)
    return f"dealt: hands {hands}, reserve {reserves} (deal {state.deals})"


def describe_step(before: State, action: Action, after: State, *, ascii: bool = False) -> str:
    """Return what an action did, hiding a squad until the battle reveals it: ``seat 0
    laid a squad``, then the battle."""
    check_state(before, State, TITLE)
    check_state(after, State, TITLE)
    lines = [_action_words(before, action, after, ascii)]
    if after.battles > before.battles and after.last is not None:
        lines.append(f"last battle: {_battle_line(after.last, ascii, words=True)}")
    # A deal ends when fewer than two players hold cards: a new deal is dealt, or the game
    # ends with every hand and the pot gone to the won piles (a battle can also end the
    # game, with cards still in hand: no deal end).
    ended = after.result is not None and before.result is None and not any(after.hands) \
        and not any(after.pot)
    if after.deals != before.deals or ended:
        lines += _deal_end_lines(before, after)
    else:
        lines += _places_lines(before, after)
    if after.result is None and after.deals != before.deals:
        lines.append(f"seat {after.dealer} deals deal {after.deals}")
    return "\n".join([*lines, *result_lines(after.result)])


def _action_words(before: State, action: Action, after: State, ascii: bool) -> str:
    """Return an action in words: ``seat 0 claims the general A♠ and takes 2 cards from
    the reserve`` (GENERALS-CLAIM), ``seat 1 passes: no more claims``, ``seat 0
    challenges seat 2``, ``seat 0 chooses seat 2 as partner``, ``seat 1 laid a squad``
    (hidden until every squad is in), ``seat 1 laid the squad 2♥ 3♦ Q♥``."""
    seat = to_act(before)
    who = f"seat {seat}"
    if isinstance(action, Squad):
        if after.battles == before.battles:
            return f"{who} laid a squad"
        return f"{who} laid the squad {format_cards(action.cards, ascii=ascii)}"
    if isinstance(action, Claim):
        assert seat is not None  # a claim is a seat's
        # The hand grows by the cards taken (the general shown stays in it).
        took = len(after.hands[seat]) - len(before.hands[seat])
        return (f"{who} claims the general {format_card(action.card, ascii=ascii)} and takes "
                f"{_count(took, 'card')} from the reserve")
    if isinstance(action, Pass):
        return f"{who} passes: no more claims"
    if isinstance(action, Challenge):
        return f"{who} challenges seat {action.seat}"
    return f"{who} chooses seat {action.seat} as partner"


def _count(n: int, name: str) -> str:
    """Return ``1 card``, ``2 cards``."""
    return f"{n} {name}" if n == 1 else f"{n} {name}s"


def _deal_end_lines(before: State, after: State) -> list[str]:
    """Return the end of a deal in words (GENERALS-DEAL-END, GENERALS-SCORE,
    GENERALS-PLACES, GENERALS-DEALER): the points each seat banked from it, the totals
    against the target, who finished in which place, and who deals next."""
    n = before.players
    total = tuple(score(after, s) for s in range(n))
    gained = ", ".join(f"seat {s} +{total[s] - before.banked[s]}" for s in range(n))
    lines = [f"deal {before.deals} ended: fewer than two players hold cards; banked "
             f"{gained}"]
    totals = ", ".join(f"seat {s} {t}" for s, t in enumerate(total))
    lines.append(f"totals: {totals} (the target is {after.options.target})")
    return lines + _places_lines(before, after)


def _places_lines(before: State, after: State) -> list[str]:
    """Return ``seat 2 finishes 1st`` for each seat that finished in a step
    (GENERALS-PLACES)."""
    return [f"seat {s} finishes {_ordinal(p)}" for s, p in enumerate(after.places)
            if p is not None and before.places[s] is None]


# --- pictures (cardwar.svg) ---------------------------------------------------------------


def picture(views: Any, whole: bool) -> Any:
    """Return the picture of a state (``whole``: every seat's ``views``) or of one seat's
    view (``cardwar.svg``): each seat's hand (face down where the picture's seat may not
    see it, but for the generals it has shown, which are face up in it), its squad laid
    (face down until the battle), its pot, its won pile as a pile and its score; the
    reserves as piles. Each card is drawn once."""
    from cardwar.svg import Picture, Row, Shown, backs

    obs: Observation = views[0]
    known = {v.seat: v for v in views}
    one = len(obs.reserve_sizes) == 1
    rows = []
    for s in range(len(obs.hand_sizes)):
        mine = known.get(s)
        shown = list(obs.revealed[s])
        cards: tuple[Shown, ...]
        if mine is not None:
            # A general shown is still in the hand: drawn there once, face up, named.
            hand = []
            for c in mine.hand:
                general = c in shown
                if general:
                    shown.remove(c)
                hand.append(Shown(c, caption="general" if general else ""))
            cards = tuple(hand)
        else:
            cards = tuple(Shown(c, caption="general") for c in shown)
            cards += backs(obs.hand_sizes[s] - len(shown))
        if mine is not None and mine.squad is not None:
            cards += tuple(Shown(c, caption="squad") for c in mine.squad)
        elif obs.committed[s]:
            cards += (Shown(None, caption="squad"),) * obs.committed_sizes[s]
        cards += tuple(Shown(c, caption="pot") for c in obs.pot[s])
        if not one:  # each seat's own reserve
            cards += (Shown(count=obs.reserve_sizes[s], caption="reserve"),)
        notes = [f"score {obs.scores[s]}"]
        place = obs.places[s]
        if place is not None:
            notes.append(_ordinal(place))
        label = f"seat {s}" + ("" if whole or s != obs.seat else " (you)")
        rows.append(Row(label, cards, ", ".join(notes), obs.won_sizes[s],
                        highlight=not whole and s == obs.seat))
    if one:
        rows.append(Row("reserve", stack=obs.reserve_sizes[0]))
    lines = _generals_common(obs, False) + result_lines(obs.result)
    who = "" if whole else f"seat {obs.seat}'s view,"
    return Picture(_generals_header(obs, who), tuple(rows), tuple(lines))
