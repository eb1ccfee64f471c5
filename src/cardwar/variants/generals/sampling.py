"""Determinization of General's War: :func:`sample_state` draws a full state that a
seat's observation allows, for search that plays out what the seat cannot see.

The seat sees its own hand and squad, the revealed generals, the pot, the cards of
every won pile (each was revealed when won) and every count. It does not see the other
seats' hands (but for their revealed generals) or committed squads, the order of a
reserve or of a won pile. Those cards are one uniform shuffle cut into those places in a
fixed order; each other hand is then put in a uniform order (where its revealed generals
lie in it is not seen either), and each won pile too. With colour halves the hidden cards
of each colour go to the places of the seat whose half it is. Every distinct state that
gives the observation is equally likely. The game's generator is drawn anew from
``rng``."""

from __future__ import annotations

from cardwar.cards import Card
from cardwar.errors import ObservationError
from cardwar.rng import Rng
from cardwar.sampling import check_arguments, cut, fresh_rng, sample_checked, unseen
from cardwar.variants.generals.rules import (
    TITLE,
    DeckMode,
    Options,
    State,
    _halves,
    _value,
    deck,
)
from cardwar.variants.generals.view import Observation, observe

__all__ = ["sample_state"]


def sample_state(observation: Observation, rng: Rng) -> tuple[State, Rng]:
    """Return a state whose observation by ``observation.seat`` is ``observation``,
    drawn uniformly from ``rng`` among them, and ``rng`` advanced.

    >>> from cardwar import generals
    >>> from cardwar.rng import Rng
    >>> state = generals.new_game(5, generals.options(players=4))
    >>> seen = generals.observe(state, 2)
    >>> sample, _ = sample_state(seen, Rng.from_seed(1))
    >>> generals.observe(sample, 2) == seen, sample.hands[2] == state.hands[2]
    (True, True)
    """
    return sample_checked(_sample, observation, rng, observe)


def _sample(observation: Observation, rng: Rng) -> tuple[State, Rng]:
    """The sampler behind :func:`sample_state`, before its last check."""
    opts = check_arguments(observation, Observation, TITLE, Options, rng)
    obs = observation
    n = opts.players
    me = obs.seat
    others = [s for s in range(n) if s != me]
    seen = [*obs.hand, *(obs.squad or ()), *(c for s in others for c in obs.revealed[s]),
            *(c for pile in (*obs.pot, *obs.won) for c in pile)]
    full = deck(opts)
    hidden = unseen(full, seen)
    # The hidden places, in a fixed order: each other seat's unrevealed hand cards and
    # committed squad, then each reserve; with colour halves, per colour.
    halves = opts.deck_mode is DeckMode.COLOUR_HALVES
    groups = _halves(opts.ranks, opts.suits) if halves else (full,)
    places: list[list[tuple[str, int, int]]] = [[] for _ in groups]
    for s in others:
        group = s if halves else 0
        places[group].append(("hand", s, obs.hand_sizes[s] - len(obs.revealed[s])))
        places[group].append(("squad", s, obs.committed_sizes[s]))
    # One reserve per colour half, else one shared reserve (GENERALS-DEAL).
    if len(obs.reserve_sizes) != len(groups):
        raise ObservationError(f"the observation counts {len(obs.reserve_sizes)} reserves; "
                               f"the game has {len(groups)}")
    for r, size in enumerate(obs.reserve_sizes):
        places[r if halves else 0].append(("reserve", r, size))
    filled: dict[tuple[str, int], tuple[Card, ...]] = {}
    for cards, group_places in zip(groups, places, strict=True):
        members = set(cards)
        pool = [c for c in hidden if c in members] if halves else hidden
        sizes = [size for _, _, size in group_places]
        if len(pool) != sum(sizes) or min(sizes, default=0) < 0:
            raise ObservationError(
                f"the observation leaves {len(pool)} cards unseen but counts {sum(sizes)} "
                "hidden ones")
        shuffled, rng = rng.shuffle(tuple(pool))
        for (kind, s, _), part in zip(group_places, cut(shuffled, sizes), strict=True):
            filled[kind, s] = part
    hands = []
    squads: list[tuple[Card, ...] | None] = []
    for s in range(n):
        if s == me:
            hands.append(obs.hand)
            squads.append(obs.squad)
            continue
        hand, rng = rng.shuffle(filled["hand", s] + obs.revealed[s])
        hands.append(hand)
        squads.append(filled["squad", s] if obs.committed[s] else None)
    reserves = tuple(filled["reserve", r] for r in range(len(obs.reserve_sizes)))
    won = []
    for pile in obs.won:  # the cards are seen, the order they lie in is not
        ordered, rng = rng.shuffle(pile)
        won.append(ordered)
    game_rng, rng = fresh_rng(rng)
    state = State(
        options=opts,
        rng=game_rng,
        dealer=obs.dealer,
        hands=tuple(hands),
        reserves=reserves,
        revealed=obs.revealed,
        claimant=obs.claimant,
        chooser=obs.chooser,
        sides=obs.sides,
        squads=tuple(squads),
        pot=obs.pot,
        won=tuple(won),
        banked=tuple(obs.scores[s] - _value(obs.won[s]) for s in range(n)),
        kills=obs.kills,
        places=obs.places,
        deals=obs.deals,
        battles=obs.battles,
        last=obs.last,
        result=obs.result,
    )
    return state, rng
