"""What a seat of Caravan sees (its :class:`Observation`), and the text that shows
the game to people.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from cardwar._immutable import Immutable
from cardwar.cards import Card
from cardwar.core import Outcome
from cardwar.errors import ActionTypeError, check_observation, check_seat, check_state
from cardwar.render import (
    Readable,
    format_card,
    format_card_suit,
    format_cards,
    indent_block,
    result_lines,
    short_repr,
    size,
    symbolize,
)
from cardwar.svg import Pictured
from cardwar.variants.caravan.rules import (
    SALE_MAX,
    SALE_MIN,
    TITLE,
    Action,
    Caravan,
    Disband,
    Discard,
    Options,
    Play,
    State,
    _order,
    position_winners,
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
    """What one seat knows: its own hand, every caravan, the discard pile and the sizes of
    everything hidden. Never the opponent's hand or the order of either deck."""

    seat: int
    """The observing seat."""
    hand: tuple[Card, ...]
    """The seat's own hand."""
    hand_sizes: tuple[int, int]
    """Cards in each seat's hand."""
    deck_sizes: tuple[int, int]
    """Cards in each seat's deck."""
    caravans: tuple[Caravan, ...]
    """The six caravans, face up."""
    discards: tuple[Card, ...]
    """The face-up discard pile."""
    to_move: int
    """The seat whose turn it is."""
    opening: tuple[bool, bool]
    """Whether each seat is still in its opening."""
    turns: int
    """Turns played."""
    last: Play | Discard | Disband | None
    """The last action played."""
    result: Outcome | None
    """The outcome once the game has ended."""
    options: Options = attrs.field(factory=Options)
    """The game's options (known to everyone)."""

    def __repr__(self) -> str:
        return short_repr(
            self, "Observation",
            seat=self.seat,
            turns=self.turns,
            to_move=self.to_move,
            hand=self.hand,
            hand_sizes=self.hand_sizes,
            deck_sizes=self.deck_sizes,
            caravans=_caravans_text(self.caravans),
            discards=size(self.discards),
            last=self.last,
            result=self.result,
        )


def observe(state: State, seat: int) -> Observation:
    """Return what ``seat`` knows (CARAVAN-OBSERVE)."""
    check_state(state, State, TITLE)
    check_seat(seat, 2)
    return Observation(
        seat=seat,
        hand=state.hands[seat],
        hand_sizes=(len(state.hands[0]), len(state.hands[1])),
        deck_sizes=(len(state.decks[0]), len(state.decks[1])),
        caravans=state.caravans,
        discards=state.discards,
        to_move=state.to_move,
        opening=state.opening,
        turns=state.turns,
        last=state.last,
        result=state.result,
        options=state.options,
    )


# --- text for people ----------------------------------------------------------------------


def _caravans_text(caravans: object) -> str:
    """Return the six caravans in one short line: ``(A: 7H, B: -, ...)``."""
    if not isinstance(caravans, tuple):
        return repr(caravans)
    # (A repr never fails: a value built by hand may hold more than six.)
    names = [("ABCDEF"[c] if c < 6 else str(c)) for c in range(len(caravans))]
    return "(" + ", ".join(f"{name}: {car}" for name, car in zip(names, caravans,
                                                                strict=True)) + ")"


def _caravan_cell(c: int, car: Caravan, ascii: bool) -> str:
    piles = " ".join(
        format_card(p.numeral, ascii=ascii)
        + "".join("+" + format_card(f, ascii=ascii) for f in p.faces)
        for p in car.piles
    ) or "-"
    suit = "" if car.suit is None else f", {format_card_suit(car.suit.value, ascii)}"
    way = "" if car.direction.value == "none" else f", {car.direction.value}"
    # CARAVAN-SELL: 21 to 26 sells; over 26 is too much (it can come down again).
    sale = " (sold)" if SALE_MIN <= car.value <= SALE_MAX else (
        " (over)" if car.value > SALE_MAX else "")
    return f"{'ABCDEF'[c]}: {piles} = {car.value}{suit}{way}{sale}"


def _caravan_rows(caravans: tuple[Caravan, ...], ascii: bool, over: bool = False) -> list[str]:
    """Return the three positions, one per line, the left column padded so that the
    right one is aligned, and which seat each decided position goes to for now (``over``:
    the game is over, and the position is won)."""
    cells = [_caravan_cell(c, caravans[c], ascii) for c in range(6)]
    width = max(len(cells[k]) for k in range(3))
    won = position_winners(caravans)
    lines = []
    for k in range(3):
        line = f"{cells[k]:<{width}}   |   {cells[k + 3]}"
        if won[k] is not None:
            line += f"   -> won by seat {won[k]}" if over else f"   -> seat {won[k]} ahead"
        lines.append(line)
    return lines


def _caravan_tail(x: State | Observation, ascii: bool, words: bool = False) -> list[str]:
    """Return the discard pile's size and the last move; ``words``: ``1 card`` (a seat's
    view), else ``1 cards`` as the golden playthroughs hold the whole state."""
    n = len(x.discards)
    lines = [f"discard pile: {n} card{'' if words and n == 1 else 's'}"]
    if x.last is not None:
        lines.append(f"last move: {symbolize(str(x.last), ascii=ascii)}")
    return lines


def _caravan_header(x: State | Observation, who: str = "") -> str:
    if x.result is not None:
        # The game is over: nobody is to move (the header said "seat 0 to move").
        return f"{TITLE}, {who + ' ' if who else ''}after turn {x.turns}, game over"
    opening = " (opening)" if any(x.opening) else ""
    return (f"{TITLE}, {who + ' ' if who else ''}turn {x.turns + 1}, seat {x.to_move} "
            f"to move{opening}")


def render_state(state: State, *, ascii: bool = False) -> str:
    """Return the whole state as text for people, hidden cards included."""
    check_state(state, State, TITLE)
    lines = [_caravan_header(state)]
    for s in (0, 1):
        lines.append(f"seat {s} hand: {format_cards(state.hands[s], ascii=ascii)}; deck: "
                     f"{format_cards(state.decks[s], ascii=ascii)}")
    lines += _caravan_rows(state.caravans, ascii)
    lines += _caravan_tail(state, ascii)
    lines += result_lines(state.result)
    return indent_block(lines)


def render_table(state: State, *, ascii: bool = False) -> str:
    """Return the whole state as a replay shows it: both hands, the decks by their sizes
    (face down, their order is nobody's to see), the caravans."""
    check_state(state, State, TITLE)
    lines = [_caravan_header(state)]
    for s in (0, 1):
        n = len(state.decks[s])
        lines.append(f"seat {s} hand: {format_cards(state.hands[s], ascii=ascii)}; deck: "
                     f"{n} card{'' if n == 1 else 's'}")
    lines += _caravan_rows(state.caravans, ascii, over=state.result is not None)
    lines += _caravan_tail(state, ascii, words=True)
    lines += result_lines(state.result)
    return indent_block(lines)


def render_observation(obs: Observation, *, ascii: bool = False) -> str:
    """Return one seat's view as text for people: what that seat may know."""
    check_observation(obs, Observation, TITLE)
    me = obs.seat
    lines = [_caravan_header(obs, f"seat {me}'s view,")]
    for s in (0, 1):
        you = "  <- you (caravans " + ("A B C" if s == 0 else "D E F") + ")" if s == me else ""
        lines.append(f"seat {s}: hand {obs.hand_sizes[s]}, deck {obs.deck_sizes[s]}{you}")
    lines += _caravan_rows(obs.caravans, ascii, over=obs.result is not None)
    lines += _caravan_tail(obs, ascii, words=True)
    # In the order the legal actions list the cards.
    lines.append(f"your hand: {format_cards(sorted(obs.hand, key=_order), ascii=ascii)}")
    lines += result_lines(obs.result)
    return indent_block(lines)


def describe_deal(state: State, *, ascii: bool = False) -> str:
    """Return what each seat was dealt: ``dealt: hands 8 | 8, decks 46 | 46``."""
    check_state(state, State, TITLE)
    hands = " | ".join(str(len(h)) for h in state.hands)
    decks = " | ".join(str(len(d)) for d in state.decks)
    return f"dealt: hands {hands}, decks {decks}"


def describe_step(before: State, action: Action, after: State, *, ascii: bool = False) -> str:
    """Return the move in words, and what it changed on the table (every Caravan move is
    public): ``seat 1 played J♣ on caravan B's 7♦, removing it (B now 9)``, then each
    caravan that sells, goes over 26 or stops selling.

    >>> from cardwar import caravan
    >>> state = caravan.new_game(3)
    >>> after = caravan.step(state, caravan.parse_action("6C>B"))
    >>> print(describe_step(state, caravan.parse_action("6C>B"), after, ascii=True))
    seat 0 played 6C on caravan B (B now 6)
    """
    if type(action) not in (Play, Discard, Disband):
        raise ActionTypeError(f"an action of {TITLE} is a Play, a Discard or a Disband, got "
                              f"{action!r}")
    check_state(before, State, TITLE)
    check_state(after, State, TITLE)

    def card(c: Card) -> str:
        return format_card(c, ascii=ascii)

    seat = before.to_move
    who = f"seat {seat}"
    if isinstance(action, Discard):
        lines = [f"{who} discarded {card(action.card)}"]
    elif isinstance(action, Disband):
        gone = sum(1 + len(p.faces) for p in before.caravans[action.caravan].piles)
        lines = [f"{who} disbanded caravan {'ABCDEF'[action.caravan]} ({gone} cards to "
                 "the discard pile)"]
    else:
        c = action.caravan
        name = "ABCDEF"[c]
        now = f"{name} now {after.caravans[c].value}"
        if action.target is None:
            lines = [f"{who} played {card(action.card)} on caravan {name} ({now})"]
        else:
            pile = before.caravans[c].piles[action.target]
            on = f"{who} played {card(action.card)} on caravan {name}'s {card(pile.numeral)}"
            rank = action.card.rank.name
            if rank == "JACK":
                lines = [f"{on}, removing it ({now})"]
            elif rank == "QUEEN":
                way = after.caravans[c].direction.value
                lines = [f"{on}, turning the caravan ({now}, {way})"]
            elif rank == "KING":
                lines = [f"{on}, doubling it ({now})"]
            else:
                lines = [f"{on}, {_joker_removals(before, action, after, ascii)} ({now})"]
    for k, (old, new) in enumerate(zip(before.caravans, after.caravans, strict=True)):
        if old is new:
            continue
        was, value = _status(old.value), _status(new.value)
        if value != was:
            change = {"sold": f"sells at {new.value}", "over": f"is over 26 at {new.value}",
                      "": f"no longer sells ({new.value})"}[value]
            lines.append(f"caravan {'ABCDEF'[k]} {change}")
    return "\n".join([*lines, *result_lines(after.result)])


def _joker_removals(before: State, action: Play, after: State, ascii: bool) -> str:
    """Return what a Joker took off the table (CARAVAN-JOKER), caravan by caravan, each
    number card with the face cards on it: ``removing 5♥ from caravan D and 9♥ K♠ from
    caravan E``, or ``removing nothing``."""
    parts = []
    for k, (old, new) in enumerate(zip(before.caravans, after.caravans, strict=True)):
        kept = Counter(new.piles)
        if k == action.caravan:  # the pile the Joker went on is there, with the Joker
            kept[old.piles[action.target or 0]] += 1
        gone = []
        for pile in old.piles:
            if kept[pile]:
                kept[pile] -= 1
            else:
                gone += [pile.numeral, *pile.faces]
        if gone:
            parts.append(f"{format_cards(gone, ascii=ascii)} from caravan {'ABCDEF'[k]}")
    if not parts:
        return "removing nothing (no other card on the table matches it)"
    return "removing " + (", ".join(parts[:-1]) + " and " if len(parts) > 1 else "") + parts[-1]


def _status(value: int) -> str:
    """Return ``sold`` (21 to 26), ``over`` (above 26) or nothing."""
    return "sold" if SALE_MIN <= value <= SALE_MAX else "over" if value > SALE_MAX else ""


# --- pictures (cardwar.svg) ---------------------------------------------------------------


def picture(views: Any, whole: bool) -> Any:
    """Return the picture of a state (``whole``: both seats' ``views``) or of one seat's
    view (``cardwar.svg``): each seat's hand (face down where the picture's seat may not
    see it) with its deck as a pile; the six caravans as the three facing pairs (A and D,
    B and E, C and F), each number card with the face cards laid on it (every card's rank
    and suit in sight), their values and status; the discard pile, its top card face up.
    The card the last move played is marked."""
    from cardwar.svg import Picture, Row, Shown, backs, faces

    obs: Observation = views[0]
    known = {v.seat: v for v in views}
    won = position_winners(obs.caravans)
    move = obs.last
    rows = []
    for s in (0, 1):
        mine = known.get(s)
        hand = faces(mine.hand) if mine is not None else backs(obs.hand_sizes[s])
        you = "" if whole or s != obs.seat else " (you)"
        rows.append(Row(f"seat {s} hand{you}", hand, "", obs.deck_sizes[s],
                        highlight=obs.result is None and s == obs.to_move))

    def caravan_row(c: int) -> Row:
        car = obs.caravans[c]
        play = move if isinstance(move, Play) and move.caravan == c else None
        cards = []
        for k, p in enumerate(car.piles):
            last = play is not None and (play.card in p.faces if play.target == k else (
                play.target is None and k == len(car.piles) - 1 and p.numeral == play.card))
            cards.append(Shown(p.numeral, p.faces, last=last))
        status = _status(car.value)
        if status == "sold" and won[c % 3] is not None:
            status = "ahead" if won[c % 3] == c // 3 else "outbid"
        way = "" if car.direction.value == "none" else f", {car.direction.value}"
        note = f"{car.value}{way}" + (f" ({status})" if status else "")
        return Row(f"caravan {'ABCDEF'[c]} (seat {c // 3})", tuple(cards), note)

    for k in range(3):
        rows.append(attrs.evolve(caravan_row(k), beside=caravan_row(k + 3)))
    top = obs.discards[-1] if obs.discards else None
    rows.append(Row("discard pile", (Shown(top, count=len(obs.discards),
                                           last=isinstance(move, Discard)),)))
    lines = [] if move is None else [f"last move: {symbolize(str(move), ascii=False)}"]
    lines += result_lines(obs.result)
    who = "" if whole else f"seat {obs.seat}'s view,"
    return Picture(_caravan_header(obs, who), tuple(rows), tuple(lines))
