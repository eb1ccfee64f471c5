"""Determinization of Arneson's War: :func:`sample_state` draws a full state that a
seat's observation allows, for search that plays out what the seat cannot see.

The seat sees its own hand and choice and every face-up card on the table; it does not
see the opponent's hand or choice, the order of any stock or win pile, the face-down
stakes or the set-aside cards. The cards it does not see are one uniform shuffle, cut
into those places in a fixed order, so every arrangement of them is equally likely (with
several decks, every distinct arrangement). The game's generator is drawn anew from
``rng``, and cycle detection (``hand_size=1``) starts again at the sampled position."""

from __future__ import annotations

from cardwar.cards import Card
from cardwar.errors import ObservationError, check_seat, shown
from cardwar.piles import piled
from cardwar.rng import Rng
from cardwar.sampling import (
    check_arguments,
    check_count,
    check_counts,
    check_per_seat,
    check_result,
    cut,
    fresh_rng,
    sample_checked,
    unseen,
    validated,
)
from cardwar.variants._battle import Cycle, Pickup, Tally, Turn
from cardwar.variants._battle.sampling import check_battle
from cardwar.variants.arneson.rules import TITLE, Options, State, deck, detects_cycles
from cardwar.variants.arneson.view import Observation, observe

__all__ = ["sample_state", "validate"]


def validate(observation: object) -> Options:
    """Return the options of ``observation`` after checking that it could come from
    ``observe`` (see :func:`cardwar.sampling.validated`); raise cardwar's own error
    otherwise: :class:`~cardwar.errors.ObservationError` for values that no game gives."""
    opts: Options = validated(observation, Observation, TITLE, Options, _check_values)
    return opts


def _check_values(obs: Observation, opts: Options) -> None:
    """Raise :class:`~cardwar.errors.ObservationError` unless the values of ``obs`` could
    come from a game of ``opts``: two seats' counts, each at least 0; hands of at most
    the hand size; a choice only where the round waits for it (seat 0 chooses first, and
    seat 1's choice resolves the round at once, ARNESON-CHOICE); stakes of at most
    ``face_down`` cards, only in a war; revealed rounds of both seats; the last battle and
    the result of seats of the game."""
    check_seat(obs.seat, 2)
    for name in ("hand_sizes", "stock_sizes", "won_sizes", "wars_won", "stakes"):
        values = getattr(obs, name)
        check_per_seat(name, values, 2)
        check_counts(name, values)
    check_counts("hand_sizes", obs.hand_sizes, opts.hand_size)
    check_counts("stakes", obs.stakes, opts.face_down)
    check_count("battles", obs.battles)
    check_count("wars", obs.wars, obs.battles)
    if sum(obs.wars_won) > obs.wars:
        raise ObservationError(f"the observation counts {sum(obs.wars_won)} wars won in "
                               f"{obs.wars} battles with a war")
    # Without win piles, the win piles stay empty (ARNESON-PICKUP).
    if opts.pickup_order is not Pickup.WIN_PILE and any(obs.won_sizes):
        raise ObservationError(f"the observation counts cards on win piles "
                               f"{shown(obs.won_sizes)}, which the pickup order "
                               f"{opts.pickup_order.value} does not keep")
    seat0_chose = obs.committed is not None if obs.seat == 0 else obs.opponent_committed
    seat1_chose = obs.committed is not None if obs.seat == 1 else obs.opponent_committed
    if seat1_chose or (seat0_chose and obs.result is not None):
        raise ObservationError("the observation shows a choice that no round waits for: "
                               "seat 0 chooses first, seat 1's choice resolves the round")
    for turn_round in obs.rounds:
        if not (len(turn_round) == 2 and all(
                type(t) is Turn and t.seat == s and type(t.face_down) is int
                and 0 <= t.face_down <= opts.face_down and type(t.face_up) is Card
                and t.standing is False for s, t in enumerate(turn_round))):
            raise ObservationError(f"the observation's rounds should each hold seat 0's "
                                   f"and seat 1's turns, got {shown(turn_round)}")
    if (obs.rounds and obs.result is not None) or (not obs.rounds and any(obs.stakes)):
        raise ObservationError("the observation shows a war in progress "
                               f"(rounds {shown(obs.rounds)}, stakes {obs.stakes}) and the "
                               f"result {obs.result}")
    if obs.battles == 0 and obs.last is not None:
        raise ObservationError("the observation shows a last battle before the first")
    if obs.last is not None:
        check_battle(obs.last, 2)
    check_result(obs.result, 2, scored=False)


def sample_state(observation: Observation, rng: Rng) -> tuple[State, Rng]:
    """Return a state whose observation by ``observation.seat`` is ``observation``,
    drawn uniformly from ``rng`` among them, and ``rng`` advanced.

    >>> from cardwar import arneson
    >>> from cardwar.rng import Rng
    >>> state = arneson.new_game(7)
    >>> state = arneson.step(state, arneson.legal_actions(state)[0])
    >>> seen = arneson.observe(state, 1)
    >>> sample, _ = sample_state(seen, Rng.from_seed(1))
    >>> arneson.observe(sample, 1) == seen, sample.hands[1] == state.hands[1]
    (True, True)
    """
    return sample_checked(_sample, observation, rng, observe)


def _sample(observation: Observation, rng: Rng) -> tuple[State, Rng]:
    """The sampler behind :func:`sample_state`, before its last check."""
    check_arguments(observation, Observation, TITLE, Options, rng)
    validate(observation)
    obs = observation
    seat = check_seat(obs.seat, 2)
    opp = 1 - seat
    full = deck(obs.options)
    # The cards the seat sees: its hand, its choice, the face-up cards of the war.
    pool = unseen(full, [*obs.hand, *([] if obs.committed is None else [obs.committed]),
                         *(turn.face_up for turn_round in obs.rounds for turn in turn_round)])
    down = [sum(t.face_down for r in obs.rounds for t in r if t.seat == s) + obs.stakes[s]
            for s in (0, 1)]
    sizes = [obs.hand_sizes[opp], int(obs.opponent_committed), *obs.stock_sizes,
             *obs.won_sizes, *down]
    aside = len(pool) - sum(sizes)
    if obs.hand_sizes[seat] != len(obs.hand):
        raise ObservationError(
            f"the observation gives seat {seat} a hand of {obs.hand_sizes[seat]} cards but "
            f"shows it {len(obs.hand)}")
    if aside < 0:  # (each count is at least 0: validate)
        raise ObservationError(
            f"the observation counts {sum(sizes) + len(full) - len(pool)} cards; the game's "
            f"deck has {len(full)}")
    cards, rng = rng.shuffle(tuple(pool))
    opp_hand, chosen, s0, s1, w0, w1, d0, d1, set_aside = cut(cards, [*sizes, aside])
    hands = (obs.hand, opp_hand) if seat == 0 else (opp_hand, obs.hand)
    committed = [obs.committed, obs.committed]
    committed[opp] = chosen[0] if chosen else None
    laid = []
    for s, stakes in ((0, d0), (1, d1)):
        # Each round's face-down stake, then its face-up card; then the stake laid for
        # the round being chosen (the order _resolve lays them in).
        cards_laid: list[Card] = []
        at = 0
        for turn_round in obs.rounds:
            turn = next(t for t in turn_round if t.seat == s)
            cards_laid += stakes[at:at + turn.face_down]
            at += turn.face_down
            cards_laid.append(turn.face_up)
        cards_laid += stakes[at:]
        laid.append(tuple(cards_laid))
    stocks = piled((s0, s1), len(full))
    won = piled((w0, w1), len(full))
    game_rng, rng = fresh_rng(rng)
    cycle = None
    if obs.result is None and detects_cycles(obs.options):
        cycle = Cycle((stocks, hands), 1, 0, (obs.battles, obs.wars, obs.wars_won))
    state = State(
        options=obs.options,
        stocks=stocks,
        hands=hands,
        rng=game_rng,
        tally=Tally(won, set_aside, obs.wars, obs.wars_won),
        battles=obs.battles,
        committed=(committed[0], committed[1]),
        laid=(laid[0], laid[1]),
        rounds=obs.rounds,
        stakes=obs.stakes,
        last=obs.last,
        result=obs.result,
        cycle=cycle,
    )
    return state, rng
