"""Determinization of Cold War: :func:`sample_state` draws a full state that a seat's
observation allows, for search that plays out what the seat cannot see.

The seat sees its own hand and pool and every face-up card on the table; it does not see
another seat's hand or pool, the stock, a face-down stake (its own included) or the
set-aside cards. Those cards are one uniform shuffle cut into those places in a fixed
order, so every distinct state that gives the observation is equally likely. The game's
generator is drawn anew from ``rng``, and the record of positions for COLDWAR-REPEAT
starts again at the sampled position (it holds hands the seat has not seen)."""

from __future__ import annotations

from cardwar.errors import ObservationError
from cardwar.rng import Rng
from cardwar.sampling import check_arguments, cut, fresh_rng, sample_checked, unseen
from cardwar.variants.cold_war.rules import TITLE, Options, State, deck
from cardwar.variants.cold_war.view import Observation, observe

__all__ = ["sample_state"]


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
    opts = check_arguments(observation, Observation, TITLE, Options, rng)
    obs = observation
    n = len(obs.hand_sizes)
    me = obs.seat
    others = [s for s in range(n) if s != me]
    pool = unseen(deck(opts), [*obs.hand, *obs.pool,
                               *(p.card for group in (*obs.rounds, obs.plays) for p in group)])
    sizes = [*(obs.hand_sizes[s] for s in others), *(obs.pool_sizes[s] for s in others),
             obs.stock_size, len(obs.stake_seats), obs.set_aside]
    if (sum(sizes) != len(pool) or min(sizes) < 0 or len(obs.hand) != obs.hand_sizes[me]
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
