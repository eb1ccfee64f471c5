"""Determinization of Cold War: :func:`sample_state` draws a full state that a seat's
observation allows, for search that plays out what the seat cannot see.

The seat sees its own hand and pool and every face-up card on the table; it does not see
another seat's hand or pool, the stock, a face-down stake (its own included) or the
set-aside cards. Those cards are one uniform shuffle cut into those places in a fixed
order, so every distinct state that gives the observation is equally likely. The game's
generator is drawn anew from ``rng``, and the record of positions for COLDWAR-REPEAT
starts again at the sampled position (it holds hands the seat has not seen)."""

from __future__ import annotations

from collections.abc import Iterable

from cardwar.cards import JOKER, Rank
from cardwar.errors import ObservationError, check_seat, shown
from cardwar.rng import Rng
from cardwar.sampling import (
    check_arguments,
    check_count,
    check_counts,
    check_per_seat,
    check_result,
    check_seat_of,
    cut,
    fresh_rng,
    sample_checked,
    unseen,
    validated,
)
from cardwar.variants.cold_war.rules import (
    HAND_SIZE,
    TITLE,
    TOP,
    Options,
    Played,
    State,
    deck,
)
from cardwar.variants.cold_war.view import Observation, observe

__all__ = ["sample_state", "validate"]


def validate(observation: object) -> Options:
    """Return the options of ``observation`` after checking that it could come from
    ``observe`` (see :func:`cardwar.sampling.validated`); raise cardwar's own error
    otherwise: :class:`~cardwar.errors.ObservationError` for values that no game gives."""
    opts: Options = validated(observation, Observation, TITLE, Options, _check_values)
    return opts


def _check_values(obs: Observation, opts: Options) -> None:
    """Raise :class:`~cardwar.errors.ObservationError` unless the values of ``obs`` could
    come from a game of ``opts``: one entry per seat where the game keeps one, counts at
    least 0 (hands of at most three cards, the last three cards played), the dealer and
    every seat named seats of the game; while the game runs, a round of distinct seats in
    the deal, whose plays so far are theirs in order (COLDWAR-LEAD), each card played as
    its rank or a Joker's declared one (COLDWAR-JOKER); stakes counted per seat as laid;
    the last trick, the last deal and the result of seats of the game."""
    n = opts.players
    check_seat(obs.seat, n)
    for name in ("hand_sizes", "pool_sizes", "active", "recent", "totals", "stake_counts"):
        check_per_seat(name, getattr(obs, name), n)
    check_counts("hand_sizes", obs.hand_sizes, HAND_SIZE)
    check_counts("pool_sizes", obs.pool_sizes)
    check_counts("stake_counts", obs.stake_counts)
    for name in ("stock_size", "set_aside", "deals", "tricks"):
        check_count(name, getattr(obs, name))
    check_seat_of("dealer", obs.dealer, n)
    if any(len(cards) > HAND_SIZE for cards in obs.recent):
        raise ObservationError(f"the observation's recent should hold at most {HAND_SIZE} "
                               f"cards per seat, got {shown(obs.recent)}")
    _check_seats("order", obs.order, n, distinct=True)
    _check_seats("left", obs.left, n, distinct=True)
    _check_seats("stake_seats", obs.stake_seats, n)
    if tuple(obs.stake_seats.count(s) for s in range(n)) != obs.stake_counts:
        raise ObservationError(f"the observation's stake_counts {shown(obs.stake_counts)} "
                               f"do not count its stake_seats {shown(obs.stake_seats)}")
    declared = {*opts.ranks, TOP}
    for group in (obs.plays, *obs.rounds):
        for played in group:
            _check_played(played, n, declared)
    if obs.result is None and not (
            len(obs.plays) < len(obs.order)
            and all(obs.active[s] for s in obs.order)
            and tuple(p.seat for p in obs.plays) == obs.order[:len(obs.plays)]):
        raise ObservationError(f"the observation's round (order {shown(obs.order)}, plays "
                               f"{shown(tuple(map(str, obs.plays)))}) is no round of seats "
                               "in the deal, in their turns")
    trick = obs.last_trick
    if trick is not None:
        for turn_round in trick.rounds:
            for played in turn_round:
                _check_played(played, n, declared)
        check_seat_of("last trick's winner", trick.winner, n)
        _check_seats("last trick's left", trick.left, n)
        check_per_seat("last trick's stakes", trick.stakes, n)
        check_count("last trick's cards", trick.cards)
    deal = obs.last_deal
    if deal is not None:
        check_seat_of("last deal's dealer", deal.dealer, n)
        for name in ("hands", "card_points", "bombs"):
            check_per_seat(f"last deal's {name}", getattr(deal, name), n)
        if deal.hands_scored:
            check_per_seat("last deal's hands_scored", deal.hands_scored, n)
    check_result(obs.result, n, scored=True)


def _check_seats(name: str, seats: Iterable[int], players: int, distinct: bool = False
                 ) -> None:
    """Raise :class:`~cardwar.errors.ObservationError` unless every one of ``seats`` is a
    seat of the game (each once, where ``distinct``)."""
    seats = tuple(seats)
    for s in seats:
        check_seat_of(name, s, players)
    if distinct and len(set(seats)) != len(seats):
        raise ObservationError(f"the observation's {name} names a seat twice: {shown(seats)}")


def _check_played(played: Played, players: int, declared: set[Rank]) -> None:
    """Raise :class:`~cardwar.errors.ObservationError` unless ``played`` is a card played
    by a seat of the game as its own rank, or a Joker as a rank it may be declared as."""
    check_seat_of("plays", played.seat, players)
    if not (played.rank in declared if played.card is JOKER
            else played.rank is played.card.rank):
        raise ObservationError(f"the observation shows {played.card} played as "
                               f"{played.rank.name}")


def sample_state(observation: Observation, rng: Rng) -> tuple[State, Rng]:
    """Return a state whose observation by ``observation.seat`` is ``observation``,
    drawn uniformly from ``rng`` among them, and ``rng`` advanced.

    >>> from cardwar import cold_war
    >>> from cardwar.rng import Rng
    >>> state = cold_war.new_game(5, cold_war.options(players=4))
    >>> seen = cold_war.observe(state, 3)
    >>> sample, _ = sample_state(seen, Rng.from_seed(1))
    >>> cold_war.observe(sample, 3) == seen, sample.hands[3] == state.hands[3]
    (True, True)
    """
    return sample_checked(_sample, observation, rng, observe)


def _sample(observation: Observation, rng: Rng) -> tuple[State, Rng]:
    """The sampler behind :func:`sample_state`, before its last check."""
    check_arguments(observation, Observation, TITLE, Options, rng)
    opts = validate(observation)
    obs = observation
    n = len(obs.hand_sizes)
    me = obs.seat
    others = [s for s in range(n) if s != me]
    pool = unseen(deck(opts), [*obs.hand, *obs.pool,
                               *(p.card for group in (*obs.rounds, obs.plays) for p in group)])
    sizes = [*(obs.hand_sizes[s] for s in others), *(obs.pool_sizes[s] for s in others),
             obs.stock_size, len(obs.stake_seats), obs.set_aside]
    # (Each count is at least 0: validate.)
    if (sum(sizes) != len(pool) or len(obs.hand) != obs.hand_sizes[me]
            or len(obs.pool) != obs.pool_sizes[me]):
        raise ObservationError(
            f"the observation leaves {len(pool)} cards unseen but counts {sum(sizes)} "
            "hidden ones")
    cards, rng = rng.shuffle(tuple(pool))
    parts = cut(cards, sizes)
    k = len(others)
    hands = list(parts[:k])
    pools = list(parts[k:2 * k])
    hands.insert(me, obs.hand)
    pools.insert(me, obs.pool)
    stock, stake_cards, aside = parts[2 * k:]
    game_rng, rng = fresh_rng(rng)
    state = State(
        options=opts,
        dealer=obs.dealer,
        hands=tuple(hands),
        stock=stock,
        pools=tuple(pools),
        active=obs.active,
        order=obs.order,
        rng=game_rng,
        plays=obs.plays,
        rounds=obs.rounds,
        war_rank=obs.war_rank,
        stakes=tuple(zip(obs.stake_seats, stake_cards, strict=True)),
        set_aside=aside,
        recent=obs.recent,
        left=obs.left,
        totals=obs.totals,
        deals=obs.deals,
        tricks=obs.tricks,
        last_trick=obs.last_trick,
        last_deal=obs.last_deal,
        result=obs.result,
    )
    return state, rng
