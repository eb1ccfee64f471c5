"""Determinization of the War family: a full state drawn uniformly among those a seat's
observation allows (``sample_state``), for search that plays out what it cannot see.

A seat of War or Peace sees counts and the last battle, never the order of a card that
is not on the table: every arrangement of the deck into stocks, win piles and set-aside
cards of the observed sizes gives the same observation. The sample is one uniform shuffle
of the deck, cut into those places in seat order, with a new generator drawn from ``rng``
(nobody sees the game's own)."""

from __future__ import annotations

from functools import partial
from typing import Any

from cardwar.cards import Card
from cardwar.errors import ObservationError, check_seat, shown
from cardwar.piles import piled
from cardwar.rng import Rng
from cardwar.sampling import (
    check_count,
    check_counts,
    check_per_seat,
    check_result,
    cut,
    fresh_rng,
    sample_checked,
)
from cardwar.variants._battle.rules import (
    BattleRecord,
    BattleState,
    Cycle,
    Pickup,
    Rules,
    Tally,
    Turn,
)
from cardwar.variants._battle.view import BattleObservation, observe

__all__ = ["check_battle", "check_values", "sample_state"]


def check_values(observation: BattleObservation, options: Any) -> None:
    """Raise :class:`~cardwar.errors.ObservationError` unless the values of
    ``observation`` (of the right types) could come from a game of ``options``, War's or
    Peace's: its seat is a seat of the game, every count is at least 0 with one per seat,
    no more wars than battles and no more wars won than wars, win piles only where the
    pickup order keeps them, the last battle's seats seats of the game (and no last
    battle before the first), and the result names seats of the game."""
    obs = observation
    n = options.players
    check_seat(obs.seat, n)
    for name in ("stock_sizes", "won_sizes", "wars_won"):
        values = getattr(obs, name)
        check_per_seat(name, values, n)
        check_counts(name, values)
    check_count("set_aside", obs.set_aside)
    check_count("battles", obs.battles)
    check_count("wars", obs.wars, obs.battles)
    if sum(obs.wars_won) > obs.wars:
        raise ObservationError(f"the observation counts {sum(obs.wars_won)} wars won in "
                               f"{obs.wars} battles with a war")
    # Without win piles, the win piles stay empty (WAR-PICKUP).
    if options.pickup_order is not Pickup.WIN_PILE and any(obs.won_sizes):
        raise ObservationError(f"the observation counts cards on win piles "
                               f"{shown(obs.won_sizes)}, which the pickup order "
                               f"{options.pickup_order.value} does not keep")
    if (obs.last is None) != (obs.battles == 0):
        raise ObservationError(f"the observation shows {obs.battles} battles played and "
                               f"{'no' if obs.last is None else 'a'} last battle")
    if obs.last is not None:
        check_battle(obs.last, n)
    check_result(obs.result, n, scored=False)


def check_battle(record: object, players: int) -> None:
    """Raise :class:`~cardwar.errors.ObservationError` unless ``record`` is a battle of a
    game of ``players`` seats: a :class:`BattleRecord` of one round or more, each of
    turns of seats of the game, with face-down counts of 0 or more and a card face up;
    its winner and the seats it put out seats of the game, and its cards counted."""
    def seat(value: object) -> bool:
        return type(value) is int and 0 <= value < players

    def turn(value: object) -> bool:
        return (type(value) is Turn and seat(value.seat) and type(value.face_down) is int
                and value.face_down >= 0 and type(value.face_up) is Card
                and type(value.standing) is bool)

    if not (type(record) is BattleRecord and type(record.rounds) is tuple and record.rounds
            and all(type(r) is tuple and r and all(map(turn, r)) for r in record.rounds)
            and (record.winner is None or seat(record.winner))
            and type(record.cards) is int and record.cards >= 0
            and type(record.eliminated) is tuple and all(map(seat, record.eliminated))):
        raise ObservationError(f"the observation's last battle is no battle of a game of "
                               f"{players} seats: {shown(record)}")


def sample_state(
    observation: BattleObservation, rng: Rng, deck: tuple[Card, ...], rules: Rules
) -> tuple[BattleState, Rng]:
    """Return a state that gives ``observation``, drawn uniformly from ``rng`` among the
    arrangements of ``deck`` (the game's) into the observed places, and ``rng`` advanced.
    Cycle detection, when the rules have it, starts again at the sampled position. The
    variant has checked the arguments (:func:`cardwar.sampling.check_arguments`)."""
    return sample_checked(partial(_sample, deck=deck, rules=rules), observation, rng, observe)


def _sample(observation: BattleObservation, rng: Rng, *, deck: tuple[Card, ...], rules: Rules
            ) -> tuple[BattleState, Rng]:
    """The sampler behind :func:`sample_state`, before its last check."""
    obs = observation
    sizes = [*obs.stock_sizes, *obs.won_sizes, obs.set_aside]
    if sum(sizes) != len(deck):  # (each count is at least 0: check_values)
        raise ObservationError(
            f"the observation counts {sum(sizes)} cards; the game's deck has {len(deck)}")
    cards, rng = rng.shuffle(deck)
    players = len(obs.stock_sizes)
    parts = cut(cards, sizes)
    stocks = piled(parts[:players], len(deck))
    won = piled(parts[players:2 * players], len(deck))
    game_rng, rng = fresh_rng(rng)
    cycle = None
    if rules.pickup.deterministic and obs.result is None:
        cycle = Cycle(stocks, 1, 0, (obs.battles, obs.wars, obs.wars_won))
    state = BattleState(
        options=obs.options,
        stocks=stocks,
        rng=game_rng,
        tally=Tally(won, parts[-1], obs.wars, obs.wars_won),
        battles=obs.battles,
        last=obs.last,
        result=obs.result,
        cycle=cycle,
    )
    return state, rng
