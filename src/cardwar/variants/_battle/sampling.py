"""Determinization of the War family: a full state drawn uniformly among those a seat's
observation allows (``sample_state``), for search that plays out what it cannot see.

A seat of War or Peace sees counts and the last battle, never the order of a card that
is not on the table: every arrangement of the deck into stocks, win piles and set-aside
cards of the observed sizes gives the same observation. The sample is one uniform shuffle
of the deck, cut into those places in seat order, with a new generator drawn from ``rng``
(nobody sees the game's own)."""

from __future__ import annotations

from functools import partial

from cardwar.cards import Card
from cardwar.errors import ObservationError
from cardwar.piles import piled
from cardwar.rng import Rng
from cardwar.sampling import cut, fresh_rng, sample_checked
from cardwar.variants._battle.rules import BattleState, Cycle, Rules, Tally
from cardwar.variants._battle.view import BattleObservation, observe

__all__ = ["sample_state"]


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
    if sum(sizes) != len(deck) or min(sizes) < 0:
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
