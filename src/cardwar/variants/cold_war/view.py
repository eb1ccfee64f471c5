"""What a seat of Cold War sees (its :class:`Observation`), and the text that shows
the game to people.
"""

from __future__ import annotations

from typing import Any

import attrs

from cardwar._immutable import Immutable
from cardwar.cards import Card, Rank
from cardwar.core import Outcome
from cardwar.errors import check_observation, check_seat, check_state
from cardwar.render import Readable, format_cards, indent_block, result_lines, short_repr, symbolize
from cardwar.svg import Pictured
from cardwar.variants.cold_war.rules import (
    TITLE,
    DealReason,
    DealRecord,
    HandScore,
    Options,
    Play,
    Played,
    State,
    TrickRecord,
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
    """What one seat knows: its own hand and pool, every face-up card, and the sizes of
    everything hidden. Never another hand, a stake or the stock's cards."""

    seat: int
    """The observing seat."""
    hand: tuple[Card, ...]
    """The seat's own hand."""
    pool: tuple[Card, ...]
    """The seat's own pool, top card first."""
    hand_sizes: tuple[int, ...]
    """Cards in each seat's hand."""
    pool_sizes: tuple[int, ...]
    """Cards in each seat's pool."""
    stock_size: int
    """Cards in the stock."""
    active: tuple[bool, ...]
    """Whether each seat is still in the deal."""
    dealer: int
    """The current dealer."""
    order: tuple[int, ...]
    """The seats that play in the current round, in order."""
    plays: tuple[Played, ...]
    """The face-up plays of the current round so far."""
    rounds: tuple[tuple[Played, ...], ...]
    """The completed rounds of the current trick."""
    war_rank: Rank | None
    """The rank of the war started in the current round, if any."""
    stake_counts: tuple[int, ...]
    """Face-down stakes on the table per seat."""
    set_aside: int
    """Cards set aside unscored in this deal."""
    recent: tuple[tuple[Card, ...], ...]
    """Each seat's last three cards played in this deal (all were face up)."""
    totals: tuple[int, ...]
    """Total scores over the completed deals."""
    deals: int
    """Deals completed."""
    tricks: int
    """Tricks completed."""
    last_trick: TrickRecord | None
    """The last completed trick."""
    last_deal: DealRecord | None
    """The last completed deal."""
    result: Outcome | None
    """The outcome once the game has ended."""
    options: Options = attrs.field(factory=Options)
    """The game's options (known to everyone)."""
    stake_seats: tuple[int, ...] = ()
    """Who laid each face-down stake on the table, in the order laid (the cards are
    hidden; ``stake_counts`` counts them per seat)."""
    left: tuple[int, ...] = ()
    """The seats that left the deal during the current trick (COLDWAR-LEAVE)."""

    def __repr__(self) -> str:
        return short_repr(
            self, "Observation",
            seat=self.seat,
            deals=self.deals,
            tricks=self.tricks,
            hand=self.hand,
            hand_sizes=self.hand_sizes,
            pool_sizes=self.pool_sizes,
            stock_size=self.stock_size,
            totals=self.totals,
            result=self.result,
        )


def observe(state: State, seat: int) -> Observation:
    """Return what ``seat`` knows (COLDWAR-OBSERVE)."""
    check_state(state, State, TITLE)
    n = state.players
    check_seat(seat, n)
    stake_counts = [0] * n
    for s, _ in state.stakes:
        stake_counts[s] += 1
    return Observation(
        seat=seat,
        hand=state.hands[seat],
        pool=state.pools[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        pool_sizes=tuple(len(p) for p in state.pools),
        stock_size=len(state.stock),
        active=state.active,
        dealer=state.dealer,
        order=state.order,
        plays=state.plays,
        rounds=state.rounds,
        war_rank=state.war_rank,
        stake_counts=tuple(stake_counts),
        set_aside=len(state.set_aside),
        recent=state.recent,
        totals=state.totals,
        deals=state.deals,
        tricks=state.tricks,
        last_trick=state.last_trick,
        last_deal=state.last_deal,
        result=state.result,
        options=state.options,
        stake_seats=tuple(s for s, _ in state.stakes),
        left=state.left,
    )


# --- text for people ----------------------------------------------------------------------


def _cold_war_table(x: State | Observation, stakes: tuple[int, ...], ascii: bool,
                    words: bool = False) -> list[str]:
    """Return the table's lines; ``words``: the last trick and deal told in words (a
    seat's view), else in the records' short form (the whole state, as the golden
    playthroughs hold it)."""
    lines = []
    if words and x.rounds:
        done = " / ".join(", ".join(f"seat {p.seat} {_play_text(p, ascii)}" for p in r)
                          for r in x.rounds)
        lines.append(f"this trick's war so far: {done}")
    elif x.rounds:
        done = " / ".join(" ".join(map(str, r)) for r in x.rounds)
        lines.append(f"war: {symbolize(done, ascii=ascii)}")
    if words and (x.plays or x.order):
        plays = ", ".join(f"seat {p.seat} {_play_text(p, ascii)}" for p in x.plays) or "-"
        war = "" if x.war_rank is None else f" (a war on {x.war_rank})"
        order = ", ".join(map(str, x.order))
        lines.append(f"this round (seats {order} in turn): {plays}{war}")
    elif x.plays or x.order:
        plays = " ".join(map(str, x.plays)) or "-"
        war = "" if x.war_rank is None else f" (a war on {x.war_rank})"
        order = " ".join(map(str, x.order))
        lines.append(f"this round (seats {order}): {symbolize(plays, ascii=ascii)}{war}")
    if any(stakes):
        lines.append("stakes: " + ", ".join(f"seat {s} {n} down" for s, n in enumerate(stakes)
                                            if n))
    if words:
        if x.last_trick is not None:
            told = _trick_lines(x.last_trick, ascii)
            lines += ["last " + told[0], *told[1:]]
        if x.last_deal is not None:
            # Where only the hands of the seats that ran out count (the default), the
            # hands scored name them (COLDWAR-SCORE).
            out = tuple(s for s, counted in enumerate(x.last_deal.hands_scored) if counted)
            known = x.options.hand_score is HandScore.RAN_OUT
            lines.append(f"last deal: {_deal_headline(x.last_deal, out if known else ())}")
        return lines
    if x.last_trick is not None:
        lines.append(f"last trick: {symbolize(str(x.last_trick), ascii=ascii)}")
    if x.last_deal is not None:
        lines.append(f"last deal: {x.last_deal}")
    return lines


def _cold_war_header(x: State | Observation, who: str = "") -> str:
    return f"{TITLE}, {who + ' ' if who else ''}deal {x.deals + 1}, trick {x.tricks + 1}"


def render_state(state: State, *, ascii: bool = False) -> str:
    """Return the whole state as text for people, hidden cards included."""
    check_state(state, State, TITLE)
    lines = [_cold_war_header(state)]
    for s in range(state.players):
        out = "" if state.active[s] else " (out of this deal)"
        lines.append(
            f"seat {s} hand: {format_cards(state.hands[s], ascii=ascii)}; pool: "
            f"{format_cards(state.pools[s], ascii=ascii)}; total {state.totals[s]}{out}"
        )
    lines.append(f"stock: {format_cards(state.stock, ascii=ascii)}")
    stakes = tuple(sum(1 for seat, _ in state.stakes if seat == s) for s in range(state.players))
    lines += _cold_war_table(state, stakes, ascii)
    lines += result_lines(state.result)
    return indent_block(lines)


def _header_words(x: State | Observation, who: str = "") -> str:
    """Return the first line of a seat's view or of a replay's table: the deal and the
    trick, or the game over (the state's header names a deal after the last)."""
    if x.result is not None:
        return f"{TITLE}, {who}game over after {_count(x.deals, 'deal')}"
    # Tricks are counted over the whole game (a deal's own count is not kept).
    return f"{TITLE}, {who}deal {x.deals + 1}, trick {x.tricks + 1} of the game"


def render_table(state: State, *, ascii: bool = False) -> str:
    """Return the whole state as a replay shows it: every hand, the pools and the stock by
    their sizes (face down, their order is nobody's to see), the table in words."""
    check_state(state, State, TITLE)
    lines = [_header_words(state)]
    for s in range(state.players):
        out = "" if state.active[s] else " (out of this deal)"
        dealer = ", dealer" if s == state.dealer and state.result is None else ""
        lines.append(f"seat {s} hand: {format_cards(state.hands[s], ascii=ascii)}; pool "
                     f"{_count(len(state.pools[s]), 'card')}; total {state.totals[s]} points"
                     f"{dealer}{out}")
    lines.append(f"stock: {_count(len(state.stock), 'card')}")
    stakes = tuple(sum(1 for seat, _ in state.stakes if seat == s) for s in range(state.players))
    lines += _cold_war_table(state, stakes, ascii, words=True)
    lines += result_lines(state.result)
    return indent_block(lines)


def render_observation(obs: Observation, *, ascii: bool = False) -> str:
    """Return one seat's view as text for people: what that seat may know."""
    check_observation(obs, Observation, TITLE)
    me = obs.seat
    lines = [_header_words(obs, f"seat {me}'s view, ")]
    for s, hand in enumerate(obs.hand_sizes):
        out = "" if obs.active[s] else " (out of this deal)"
        you = "  <- you" if s == me else ""
        dealer = ", dealer" if s == obs.dealer and obs.result is None else ""
        lines.append(f"seat {s}: hand {hand}, pool {_count(obs.pool_sizes[s], 'card')}, "
                     f"total {obs.totals[s]} points{dealer}{out}{you}")
    lines.append(f"stock: {_count(obs.stock_size, 'card')}")
    lines += _cold_war_table(obs, obs.stake_counts, ascii, words=True)
    lines.append(f"your hand: {format_cards(obs.hand, ascii=ascii)}")
    lines += result_lines(obs.result)
    return indent_block(lines)


def describe_deal(state: State, *, ascii: bool = False) -> str:
    """Return what each seat was dealt: ``dealt: hands 3 | 3 | 3, stock 48 (dealer 0)``."""
    check_state(state, State, TITLE)
    hands = " | ".join(str(len(h)) for h in state.hands)
    return f"dealt: hands {hands}, stock {len(state.stock)} (dealer {state.dealer})"


def describe_step(before: State, action: Play, after: State, *, ascii: bool = False) -> str:
    """Return the card played (cards are played face up), then the trick or the deal it
    ended: ``seat 1 played Q♥``."""
    check_state(before, State, TITLE)
    check_state(after, State, TITLE)
    lines = [f"seat {to_act(before)} played {_play_text(action, ascii)}"]
    if after.last_trick is not None and after.tricks != before.tricks:
        lines += _trick_lines(after.last_trick, ascii)
    if after.last_deal is not None and after.deals != before.deals:
        lines += _deal_lines(after.last_deal, after, ascii)
    return "\n".join([*lines, *result_lines(after.result)])


def _count(n: int, name: str) -> str:
    """Return ``1 card``, ``2 cards``."""
    return f"{n} {name}" if n == 1 else f"{n} {name}s"


def _play_text(play: Play | Played, ascii: bool) -> str:
    """Return a card as played: ``Q♥``, or a Joker with its rank, ``JK as top``."""
    declared = play.declared if isinstance(play, Play) else (
        play.rank if play.card.is_joker else None)
    card = symbolize(str(play.card), ascii=ascii)
    if declared is None:
        return card
    return f"{card} declared {'top' if declared is Rank.JOKER else declared.symbol}"


def _trick_lines(trick: TrickRecord, ascii: bool) -> list[str]:
    """Return a trick in words (COLDWAR-TAKE, COLDWAR-WAR-ROUND, COLDWAR-LEAVE): each
    round's cards, the stakes laid face down, who took how many cards (or that they were
    set aside), and who ran out of cards and left the deal."""

    def plays(group: tuple[Played, ...]) -> str:
        return ", ".join(f"seat {p.seat} {_play_text(p, ascii)}" for p in group) or "-"

    lines = [f"trick: {plays(trick.rounds[0])}"]
    staked = [f"seat {s} {n}" for s, n in enumerate(trick.stakes) if n]
    if staked:  # the stakes are laid before each war round
        lines.append("  staked face down for the war: " + ", ".join(staked))
    lines += [f"  war round: {plays(r)}" for r in trick.rounds[1:]]
    if trick.winner is None:
        lines[-1] += f" -> {_count(trick.cards, 'card')} set aside, scoring for nobody"
    else:
        lines[-1] += f" -> seat {trick.winner} takes {_count(trick.cards, 'card')}"
    lines += [f"  seat {s} ran out of cards and is out of this deal" for s in trick.left]
    return lines


def _deal_headline(deal: DealRecord, out: tuple[int, ...]) -> str:
    """Return how a deal ended and each seat's points for it: ``deal 1 ended: seat 2 ran
    out of cards; points seat 0 212, seat 1 180 (bomb +20), seat 2 88``; ``out``: the
    seats known to have run out."""
    if deal.reason is DealReason.RAN_OUT:
        why = ("a player ran out of cards" if not out else
               " and ".join(f"seat {s}" for s in out) + " ran out of cards")
    elif deal.reason is DealReason.LAST_STANDING:
        why = "fewer than two players were left in it"
    else:
        why = "the same position came round a third time"
    points = ", ".join(
        f"seat {s} {score}" + (f" (bomb +{deal.bombs[s]})" if deal.bombs[s] else "")
        for s, score in enumerate(deal.scores))
    return f"deal {deal.number} ended: {why}; points {points}"


def _deal_lines(deal: DealRecord, after: State, ascii: bool) -> list[str]:
    """Return how a deal ended and scored, in words (COLDWAR-END-DEAL, COLDWAR-SCORE): why
    it ended, each seat's points for it with its bomb, the points set aside, the hands
    shown (a hand whose cards did not count marked ``(not scored)``), the totals against
    the target, and who deals next."""
    # The seats that ran out left during the deal's last trick (COLDWAR-LEAVE).
    lines = [_deal_headline(deal, () if after.last_trick is None else after.last_trick.left)]
    if deal.set_aside:
        lines.append(f"set aside, scoring for nobody: {_count(deal.set_aside, 'point')}")
    unscored = [not counted for counted in deal.hands_scored] or [False] * len(deal.hands)
    lines.append("hands shown: " + "; ".join(
        f"seat {s} {format_cards(h, ascii=ascii)}"
        + (" (not scored)" if unscored[s] else "") for s, h in enumerate(deal.hands)))
    totals = ", ".join(f"seat {s} {t}" for s, t in enumerate(after.totals))
    lines.append(f"totals: {totals} (the target is {after.options.target})")
    if after.result is None:
        lines.append(f"seat {after.dealer} deals deal {deal.number + 1}")
    return lines


# --- pictures (cardwar.svg) ---------------------------------------------------------------


def picture(views: Any, whole: bool) -> Any:
    """Return the picture of a state (``whole``: every seat's ``views``) or of one seat's
    view (``cardwar.svg``): each seat's hand (face down where the picture's seat may not
    see it), the cards it played in this trick (the last one marked) and its stakes face
    down, its pool as a pile and its total; the stock and the cards set aside as piles."""
    from cardwar.svg import Picture, Row, Shown, backs, faces

    obs: Observation = views[0]
    known = {v.seat: v for v in views}
    played: dict[int, list[Shown]] = {s: [] for s in range(len(obs.hand_sizes))}
    newest = obs.plays[-1] if obs.plays else None
    for group in (*obs.rounds, obs.plays):
        for p in group:
            caption = "played"
            if p.card.is_joker:
                caption = "as " + symbolize(str(p).partition("=")[2], ascii=False)
            played[p.seat].append(Shown(p.card, caption=caption, last=p is newest))
    rows = []
    for s in range(len(obs.hand_sizes)):
        mine = known.get(s)
        hand = faces(mine.hand) if mine is not None else backs(obs.hand_sizes[s])
        stakes = (Shown(caption="stake"),) * obs.stake_counts[s]
        notes = [f"total {obs.totals[s]}", f"pool {obs.pool_sizes[s]}"]
        if s == obs.dealer:
            notes.append("dealer")
        if not obs.active[s]:
            notes.append("out of this deal")
        label = f"seat {s}" + ("" if whole or s != obs.seat else " (you)")
        rows.append(Row(label, hand + tuple(played[s]) + stakes, ", ".join(notes),
                        obs.pool_sizes[s], highlight=not whole and s == obs.seat))
    aside = (Shown(count=obs.set_aside, caption="set aside"),) if obs.set_aside else ()
    rows.append(Row("stock", aside, stack=obs.stock_size))
    lines = _cold_war_table(obs, obs.stake_counts, False) + result_lines(obs.result)
    who = "" if whole else f"seat {obs.seat}'s view,"
    return Picture(_cold_war_header(obs, who), tuple(rows), tuple(lines))
