"""Determinization of Caravan: :func:`sample_state` draws a full state that a seat's
observation allows, for search that plays out what the seat cannot see.

The seat sees its own hand and everything on the table (the caravans, the discard pile);
it does not see the opponent's hand or the order of either draw deck, its own included.
Each seat plays from its own deck (CARAVAN-DECK), so the unseen cards are not all
interchangeable: a seat's hand and deck, with the cards it put on the table, are exactly
its deck. Number cards on a seat's caravans are its own (number cards go only on one's
own caravans); a face card on a caravan or a card on the discard pile may be either
seat's. The sample first splits the unseen cards between the two seats, each possible
split weighted by the number of states it allows (a product of binomial coefficients,
counted by dynamic programming over the kinds of card), then deals each seat's share
in a uniform order: the opponent's into hand and deck, the seat's own into its deck.
An opponent still in its opening must hold a card to open with (a number card, or a
discard it may make; CARAVAN-OPENING): a draw that gives it none is no state of the game,
and is drawn again. Every distinct state that gives the observation, with decks that fit
the options and that rule, is equally likely. (One inference is not drawn on: an opponent
who forfeited its opening, while the seat still opens, held no card to open with then
and still holds that hand; the sample may give it number cards.) The game's generator is
drawn anew from ``rng`` (it is used by no later step)."""

from __future__ import annotations

from collections import Counter
from math import comb

from cardwar.cards import Card, card_index
from cardwar.errors import ObservationError, check_seat, shown
from cardwar.rng import Rng
from cardwar.sampling import (
    check_arguments,
    check_count,
    check_counts,
    check_result,
    check_seat_of,
    fresh_rng,
    sample_checked,
    validated,
)
from cardwar.variants.caravan.rules import (
    TITLE,
    Direction,
    EqualDirection,
    Options,
    State,
    _may_open,
    deck,
    derive_caravan,
    pip,
)
from cardwar.variants.caravan.view import Observation, observe

__all__ = ["sample_state", "validate"]


def validate(observation: object) -> Options:
    """Return the options of ``observation`` after checking that it could come from
    ``observe`` (see :func:`cardwar.sampling.validated`); raise cardwar's own error
    otherwise: :class:`~cardwar.errors.ObservationError` for values that no game gives."""
    opts: Options = validated(observation, Observation, TITLE, Options, _check_values)
    return opts


def _check_values(obs: Observation, opts: Options) -> None:
    """Raise :class:`~cardwar.errors.ObservationError` unless the values of ``obs`` could
    come from a game of ``opts``: seats 0 and 1; counts at least 0, the seat's hand as
    large as its count; six caravans, each of number cards with face cards on them and
    the value, suit and direction its cards give (CARAVAN-VALUE, CARAVAN-SUIT,
    CARAVAN-DIRECTION); a seat alone in its opening to move (CARAVAN-OPENING); the
    result of two seats with their positions won."""
    check_seat(obs.seat, 2)
    check_seat_of("to_move", obs.to_move, 2)
    check_counts("hand_sizes", obs.hand_sizes)
    check_counts("deck_sizes", obs.deck_sizes)
    check_count("turns", obs.turns)
    if obs.hand_sizes[obs.seat] != len(obs.hand):
        raise ObservationError(
            f"the observation gives seat {obs.seat} a hand of {obs.hand_sizes[obs.seat]} "
            f"cards but shows it {len(obs.hand)}")
    if len(obs.caravans) != 6:
        raise ObservationError(f"the observation should hold six caravans, got "
                               f"{len(obs.caravans)}")
    equal = Direction.DOWN if opts.equal_direction is EqualDirection.DESCENDING \
        else Direction.NONE
    for c, car in enumerate(obs.caravans):
        if any(pip(p.numeral) is None or any(pip(f) is not None for f in p.faces)
               for p in car.piles) or car != derive_caravan(car.piles, equal):
            raise ObservationError(f"the observation's caravan {'ABCDEF'[c]} is no "
                                   f"caravan of the game: {shown(car)}")
    if obs.opening[0] != obs.opening[1] and not obs.opening[obs.to_move]:
        raise ObservationError(f"the observation has seat {obs.to_move} to move while "
                               "only the other seat is still in its opening")
    check_result(obs.result, 2, scored=True)


def _split_counts(bounds: list[tuple[int, int, int]], total: int) -> list[list[int]]:
    """Return ``ways``: ``ways[i][t]`` is the number of states that the kinds ``i`` and
    after allow with ``t`` of their unseen cards in the seat's own deck; ``bounds[i]`` is
    a kind's ``(unseen, least, most)`` number of its cards the seat may own."""
    ways = [[0] * (total + 1) for _ in range(len(bounds) + 1)]
    ways[len(bounds)][0] = 1
    for i in range(len(bounds) - 1, -1, -1):
        unseen, least, most = bounds[i]
        row, after = ways[i], ways[i + 1]
        for x in range(least, most + 1):
            weight = comb(unseen, x)
            for t in range(x, total + 1):
                row[t] += weight * after[t - x]
    return ways


def _below(rng: Rng, n: int) -> tuple[int, Rng]:
    """Return a uniform draw in ``[0, n)`` for any positive ``n``, however large (the
    generator's ``below`` covers up to 2**64): rejection over whole 64-bit words."""
    words = (n.bit_length() + 63) // 64
    limit = (1 << (64 * words)) // n * n
    while True:
        value = 0
        for _ in range(words):
            word, rng = rng.bits()
            value = (value << 64) | word
        if value < limit:
            return value % n, rng


#: How many times :func:`sample_state` draws again a state that no game can reach.
_MAX_REDRAWS = 10_000


def _draw(rng: Rng, total: int, kinds: list[Card], bounds: list[tuple[int, int, int]],
          ways: list[list[int]], own_deck: int, their_hand_size: int,
          ) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], Rng]:
    """Return the opponent's hand and deck and the seat's own deck, drawn uniformly, and
    ``rng`` advanced."""
    # Draw a split with probability proportional to the states it allows.
    pick, rng = _below(rng, total)
    own: list[Card] = []
    theirs: list[Card] = []
    left = own_deck
    for i, c in enumerate(kinds):
        unseen_c, least, most = bounds[i]
        for x in range(least, min(most, left) + 1):
            rest = ways[i + 1][left - x]
            weight = comb(unseen_c, x) * rest
            if pick < weight:
                # The block of this x holds comb(unseen_c, x) copies of the rest's states:
                # go on with the position inside one of them.
                pick %= rest
                break
            pick -= weight
        else:  # pragma: no cover - pick < ways[i][left] holds, so some x is chosen
            raise AssertionError("the split count is inconsistent")
        own += [c] * x
        theirs += [c] * (unseen_c - x)
        left -= x
    own_order, rng = rng.shuffle(tuple(own))
    their_order, rng = rng.shuffle(tuple(theirs))
    their_hand = their_order[:their_hand_size]
    their_deck = their_order[their_hand_size:]
    return their_hand, their_deck, own_order, rng


def sample_state(observation: Observation, rng: Rng) -> tuple[State, Rng]:
    """Return a state whose observation by ``observation.seat`` is ``observation``,
    drawn uniformly from ``rng`` among them, and ``rng`` advanced.

    >>> from cardwar import caravan
    >>> from cardwar.rng import Rng
    >>> state = caravan.new_game(4)
    >>> seen = caravan.observe(state, 1)
    >>> sample, _ = sample_state(seen, Rng.from_seed(1))
    >>> caravan.observe(sample, 1) == seen, sample.hands[0] == state.hands[0]
    (True, False)
    """
    return sample_checked(_sample, observation, rng, observe)


def _sample(observation: Observation, rng: Rng) -> tuple[State, Rng]:
    """The sampler behind :func:`sample_state`, before its last check."""
    check_arguments(observation, Observation, TITLE, Options, rng)
    opts = validate(observation)
    obs = observation
    me = check_seat(obs.seat, 2)
    opp = 1 - me
    mine_total = Counter(deck(opts, me))
    theirs_total = Counter(deck(opts, opp))
    known_mine = Counter(obs.hand)
    known_theirs: Counter[Card] = Counter()
    either: Counter[Card] = Counter(obs.discards)
    for k, car in enumerate(obs.caravans):
        for pile in car.piles:
            (known_mine if k // 3 == me else known_theirs)[pile.numeral] += 1
            either.update(pile.faces)
    unseen = mine_total + theirs_total
    unseen.subtract(known_mine + known_theirs + either)
    if any(n < 0 for n in unseen.values()):
        raise ObservationError("the observation shows more of a card than both decks hold")
    own_deck = obs.deck_sizes[me]
    their_cards = obs.hand_sizes[opp] + obs.deck_sizes[opp]
    kinds = sorted((c for c, n in unseen.items() if n), key=card_index)
    # Per kind: how many of its unseen cards may be the seat's own. The seat's copies of
    # the kind are its known ones, plus x unseen ones, plus some of the either-owner
    # ones: x ranges over what makes both seats' counts possible. (The opponent's bound,
    # x >= unseen - (theirs_total - known_theirs), is the same as the first: unseen is
    # both totals less the known and the either-owner copies.)
    bounds = []
    for c in kinds:
        room = mine_total[c] - known_mine[c]
        least = max(0, room - either[c])
        most = min(unseen[c], room)
        bounds.append((unseen[c], least, most))
    if sum(unseen.values()) != own_deck + their_cards:  # (before a table of own_deck)
        raise ObservationError("no deal of the options' decks gives this observation")
    ways = _split_counts(bounds, own_deck)
    total = ways[0][own_deck]  # with no kind unseen: 1 if own_deck is 0, else 0
    if not total:
        raise ObservationError("no deal of the options' decks gives this observation")
    # CARAVAN-OPENING: a seat still in its opening was left there by the last turn's
    # forfeit check, with the hand it holds now: it holds a number card or may discard.
    # A draw that breaks this is no state of the game (the seat would have nothing to
    # play): drawn again, which keeps the draw uniform among the states that remain.
    for _ in range(_MAX_REDRAWS):
        their_hand, their_deck, own_order, rng = _draw(
            rng, total, kinds, bounds, ways, own_deck, obs.hand_sizes[opp])
        if not obs.opening[opp] or _may_open(opts, their_deck, their_hand, obs.caravans,
                                            opp):
            break
    else:
        raise ObservationError(
            f"no state of the game gives this observation: seat {opp} is still in its "
            f"opening, but in {_MAX_REDRAWS} draws its hand never held a card to open with")
    hands = (obs.hand, their_hand) if me == 0 else (their_hand, obs.hand)
    decks = (own_order, their_deck) if me == 0 else (their_deck, own_order)
    game_rng, rng = fresh_rng(rng)
    state = State(
        options=opts,
        decks=decks,
        hands=hands,
        caravans=obs.caravans,
        rng=game_rng,
        discards=obs.discards,
        to_move=obs.to_move,
        opening=obs.opening,
        turns=obs.turns,
        last=obs.last,
        result=obs.result,
    )
    return state, rng
