"""Determinization of War: :func:`sample_state` draws a full state that a seat's
observation allows (see :mod:`cardwar.variants._battle.sampling`)."""

from __future__ import annotations

from cardwar.rng import Rng
from cardwar.sampling import check_arguments, validated
from cardwar.variants._battle import sampling
from cardwar.variants.war.rules import TITLE, Options, State, _rules, deck
from cardwar.variants.war.view import Observation

__all__ = ["sample_state", "validate"]


def validate(observation: object) -> Options:
    """Return the options of ``observation`` after checking that it could come from
    ``observe`` (see :func:`cardwar.sampling.validated`); raise cardwar's own error
    otherwise: :class:`~cardwar.errors.ObservationError` for values that no game gives."""
    opts: Options = validated(observation, Observation, TITLE, Options,
                              sampling.check_values)
    return opts


def sample_state(observation: Observation, rng: Rng) -> tuple[State, Rng]:
    """Return a state whose observation by ``observation.seat`` is ``observation``,
    drawn uniformly from ``rng`` among them (nobody sees the order of a card off the
    table), and ``rng`` advanced.

    >>> from cardwar import war
    >>> from cardwar.rng import Rng
    >>> state = war.step(war.new_game(7), war.Play.PLAY)
    >>> seen = war.observe(state, 0)
    >>> sample, _ = sample_state(seen, Rng.from_seed(1))
    >>> war.observe(sample, 0) == seen
    True
    """
    check_arguments(observation, Observation, TITLE, Options, rng)
    opts = validate(observation)
    return sampling.sample_state(observation, rng, deck(opts), _rules(opts))
