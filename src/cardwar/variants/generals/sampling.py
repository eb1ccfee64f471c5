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

from collections import Counter

from cardwar.cards import Card
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

__all__ = ["sample_state", "validate"]


def validate(observation: object) -> Options:
    """Return the options of ``observation`` after checking that it could come from
    ``observe`` (see :func:`cardwar.sampling.validated`); raise cardwar's own error
    otherwise: :class:`~cardwar.errors.ObservationError` for values that no game gives."""
    opts: Options = validated(observation, Observation, TITLE, Options, _check_values)
    return opts


#: The fields of an observation of General's War that hold one entry per seat.
_PER_SEAT = ("committed", "committed_sizes", "revealed", "hand_sizes", "won_sizes", "pot",
             "scores", "kills", "places", "won")


def _check_values(obs: Observation, opts: Options) -> None:
    """Raise :class:`~cardwar.errors.ObservationError` unless the values of ``obs`` could
    come from a game of ``opts``: one entry per seat (kills one per pair of seats), counts
    at least 0 (a squad of at most three cards, one counted where one is committed), the
    dealer, the chooser, a claimant and the sides seats of the game, each seat on one
    side at most, committed squads only of seats that fight; the seat's own hand, squad,
    generals and won piles as counted; places from 1 to the number of seats, of seats out
    of play (GENERALS-PLACES), where the game plays on for them; while the
    game runs a battle with a seat still to commit (GENERALS-BATTLE); the last battle and
    the result of seats of the game."""
    n = opts.players
    check_seat(obs.seat, n)
    for name in _PER_SEAT:
        check_per_seat(name, getattr(obs, name), n)
    for row in obs.kills:
        check_per_seat("kills' rows", row, n)
        check_counts("kills", row)
    check_counts("committed_sizes", obs.committed_sizes, 3)
    for name in ("hand_sizes", "reserve_sizes", "won_sizes"):
        check_counts(name, getattr(obs, name))
    check_count("battles", obs.battles)
    check_count("deals", obs.deals)
    # One reserve per colour half, else one shared reserve (GENERALS-DEAL).
    reserves = 2 if opts.deck_mode is DeckMode.COLOUR_HALVES else 1
    if len(obs.reserve_sizes) != reserves:
        raise ObservationError(f"the observation counts {len(obs.reserve_sizes)} reserves; "
                               f"the game has {reserves}")
    check_seat_of("dealer", obs.dealer, n)
    check_seat_of("chooser", obs.chooser, n)
    check_seat_of("claimant", obs.claimant, n)
    fighters = [s for side in obs.sides for s in side]
    for s in fighters:
        check_seat_of("sides", s, n)
    if len(set(fighters)) != len(fighters) or len(obs.sides) not in (0, 2):
        raise ObservationError(f"the observation's sides should be two sides of distinct "
                               f"seats (or none), got {shown(obs.sides)}")
    for s in range(n):
        if obs.committed[s] != (obs.committed_sizes[s] > 0) or (
                obs.committed[s] and s not in fighters):
            raise ObservationError(f"the observation's committed {shown(obs.committed)} "
                                   f"and committed_sizes {shown(obs.committed_sizes)} do not "
                                   f"agree with the sides {shown(obs.sides)}")
        if len(obs.revealed[s]) > obs.hand_sizes[s] or len(obs.won[s]) != obs.won_sizes[s]:
            raise ObservationError(f"the observation shows seat {s} more generals or won "
                                   "cards than it counts")
        place = obs.places[s]
        if place is not None and not (opts.places and 1 <= place <= n):
            raise ObservationError(f"the observation's places should be from 1 to {n} "
                                   f"where the game plays on for places, got "
                                   f"{shown(obs.places)}")
        # GENERALS-PLACES: while the game runs, a seat that has finished holds no card
        # and is no longer asked to claim or to fight.
        if place is not None and obs.result is None and (
                obs.hand_sizes[s] or s in fighters or s == obs.claimant):
            raise ObservationError(f"the observation has seat {s}, finished in place "
                                   f"{place}, still in play")
    me = obs.seat
    if (len(obs.hand) != obs.hand_sizes[me]
            or len(obs.squad or ()) != obs.committed_sizes[me]
            or (obs.squad is None) == obs.committed[me]
            or Counter(obs.revealed[me]) - Counter(obs.hand)):
        raise ObservationError(f"the observation's hand, squad and generals of seat {me} "
                               "do not agree with its counts")
    if obs.result is None and obs.claimant is None and obs.sides and not any(
            not obs.committed[s] and obs.hand_sizes[s] for s in fighters):
        raise ObservationError("the observation shows a battle with no seat left to commit "
                               "a squad (the last squad resolves it)")
    last = obs.last
    if last is not None:
        for s in (*(s for side in last.sides for s in side), *(s for s, _ in last.kills)):
            check_seat_of("last battle's sides", s, n)
        check_seat_of("last battle's taker", last.taker, n)
    check_result(obs.result, n, scored=True)


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
    check_arguments(observation, Observation, TITLE, Options, rng)
    opts = validate(observation)
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
    for r, size in enumerate(obs.reserve_sizes):
        places[r if halves else 0].append(("reserve", r, size))
    filled: dict[tuple[str, int], tuple[Card, ...]] = {}
    for cards, group_places in zip(groups, places, strict=True):
        members = set(cards)
        pool = [c for c in hidden if c in members] if halves else hidden
        sizes = [size for _, _, size in group_places]
        if len(pool) != sum(sizes):  # (each count is at least 0: validate)
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
