"""The integer interface of Caravan (see :mod:`cardwar.encoding`).

With ``P`` the most number cards one caravan can hold (the number cards of the larger
deck, or ``max_numbers`` if smaller; 40 with the default decks), the ids are, in order:

- ``6 * n + c``: the number card ``n`` (0 to 39: Two to Ten then Ace, each in club,
  diamond, heart, spade order, as :func:`~cardwar.cards.card_index` orders them) played
  on caravan ``c`` (0 to 5, ``A`` to ``F``): 240 ids;
- ``240 + (6 * f + c) * P + t``: the face card ``f`` (0 to 12: Jacks, Queens, Kings in
  the same order, then the Joker) played on caravan ``c`` against its number card ``t``
  (from 0, bottom first): ``78 * P`` ids;
- then the discard of each card (:func:`~cardwar.cards.card_index`, 53 ids) and the
  disbanding of each caravan (6 ids).

3,419 ids with the default decks.
"""

from __future__ import annotations

import functools
from typing import Any

from cardwar.cards import CARD_COUNT, Card, Rank, Suit, card_from_index, card_index
from cardwar.encoding import Codec, IdentityCache, Part, TensorWriter
from cardwar.errors import ActionTypeError
from cardwar.variants.caravan import rules
from cardwar.variants.caravan.rules import (
    SALE_MAX,
    SALE_MIN,
    Direction,
    Disband,
    Discard,
    Options,
    Play,
    State,
    pip,
)
from cardwar.variants.caravan.sampling import validate

_ALL = tuple(card_from_index(i) for i in range(CARD_COUNT))
_NUMBERS = tuple(c for c in _ALL if pip(c) is not None)
_FACES = tuple(c for c in _ALL if pip(c) is None)
_NUMBER_ID = {c: i for i, c in enumerate(_NUMBERS)}
_FACE_ID = {c: i for i, c in enumerate(_FACES)}
_PLAYS = 6 * len(_NUMBERS)


def max_numbers(options: Options) -> int:
    """Return ``P``, the most number cards one caravan can hold under ``options``: only
    its owner plays number cards on it, each at most once."""
    most = max(sum(pip(c) is not None for c in rules.deck(options, seat)) for seat in (0, 1))
    if options.max_numbers is not None:
        most = min(most, int(options.max_numbers))
    return max(most, 1)


class _Codec(Codec):
    def size(self, options: Options) -> int:
        return _PLAYS + 6 * len(_FACES) * _targets(options) + CARD_COUNT + 6

    def index(self, options: Options, action: Any) -> int:
        kind = type(action)
        if kind is Play:
            c: int = action.caravan
            if not 0 <= c < 6:
                raise ActionTypeError(f"{action!r} has no id: caravans are 0 to 5")
            if action.target is None:
                n = _NUMBER_ID.get(action.card)
                if n is None:
                    raise ActionTypeError(f"{action!r} has no id: a face card needs a target")
                return 6 * n + c
            f = _FACE_ID.get(action.card)
            p = _targets(options)
            if f is None or not 0 <= action.target < p:
                raise ActionTypeError(f"{action!r} has no id: only a face card takes a "
                                      f"target, 0 to {p - 1}")
            return _PLAYS + (6 * f + c) * p + int(action.target)
        base = _PLAYS + 6 * len(_FACES) * _targets(options)
        if kind is Discard:
            return base + card_index(action.card)
        if kind is Disband:
            if not 0 <= action.caravan < 6:
                raise ActionTypeError(f"{action!r} has no id: caravans are 0 to 5")
            return base + CARD_COUNT + int(action.caravan)
        raise ActionTypeError(f"an action of {self.title} is a Play, a Discard or a "
                              f"Disband, got {action!r}")

    def action(self, options: Options, index: int) -> rules.Action:
        if index < _PLAYS:
            return Play(_NUMBERS[index // 6], index % 6)
        p = _targets(options)
        rest = index - _PLAYS
        if rest < 6 * len(_FACES) * p:
            fc, t = divmod(rest, p)
            return Play(_FACES[fc // 6], fc % 6, t)
        rest -= 6 * len(_FACES) * p
        if rest < CARD_COUNT:
            return Discard(_ALL[rest])
        return Disband(rest - CARD_COUNT)

    def legal_action_indices(self, state: Any, partial: tuple[int, ...] = ()) -> tuple[int, ...]:
        """Return the ids of the legal actions, in increasing order (computed from the
        state directly, as ``legal_actions`` computes the actions; a test checks that the
        two agree)."""
        self._no_partial(partial)
        ids = _legal_ids(self._state(state))
        ids.sort()
        return tuple(ids)

    def legal_action_mask(self, state: Any, partial: tuple[int, ...] = ()) -> bytes:
        """Return the legal-action mask: ``num_actions`` bytes, 1 for a legal id."""
        self._no_partial(partial)
        ids = _legal_ids(self._state(state))
        mask = bytearray(self.size(state.options))
        for i in ids:
            mask[i] = 1
        return bytes(mask)

    def max_game_length(self, options: Options) -> int | None:
        """Return the bound of CARAVAN-LIMIT (both decks' cards plus their number cards:
        188 with the default decks), or ``max_turns`` if smaller."""
        opts = self._options(options)
        decks = (rules.deck(opts, 0), rules.deck(opts, 1))
        bound = sum(len(d) + sum(pip(c) is not None for c in d) for d in decks)
        return bound if opts.max_turns is None else min(bound, int(opts.max_turns))

    def layout(self, options: Options) -> tuple[Part, ...]:
        return (
            Part("hand", (CARD_COUNT,), False, "the seat's own hand, by card index, over the "
                 "copies of each card in both decks"),
            Part("hand_sizes", (2,), True, "cards in each seat's hand, over opening_hand"),
            Part("deck_sizes", (2,), True, "cards in each seat's deck, over its size"),
            Part("caravans", (6, _ROW), True,
                 "the six caravans in seat-relative order (the seat's own three first), one "
                 f"row each: its value over {SALE_MAX} (clipped); empty, selling "
                 f"({SALE_MIN} to {SALE_MAX}), over {SALE_MAX}; its suit, one-hot (none); "
                 "ascending, descending (neither); its number cards, by card index (53); "
                 "the face cards on it (53); its last number card (53); its number cards "
                 "over P"),
            Part("discards", (CARD_COUNT,), True, "the discard pile"),
            Part("opening", (2,), True, "whether each seat is still in its opening"),
            Part("turns", (1,), True, "turns played, over the game's length bound"),
        )

    def write(self, observation: Any, tensor: TensorWriter) -> None:
        obs = observation
        opts: Options = obs.options
        seat = obs.seat
        sets = opts.deck_sets
        copies, jokers = 2 * sets, 4 * sets
        cars = (*obs.caravans[3 * seat:], *obs.caravans[:3 * seat])
        other = 1 - seat
        tensor.part("hand").cards(obs.hand, copies, jokers)
        tensor.part("hand_sizes").fractions(
            (obs.hand_sizes[seat], obs.hand_sizes[other]), opts.opening_hand)
        sizes = _deck_sizes(opts)
        tensor.part("deck_sizes").fractions(
            (obs.deck_sizes[seat] / sizes[seat], obs.deck_sizes[other] / sizes[other]), 1)
        tensor.part("caravans")
        key = (_targets(opts), copies, jokers)
        for car in cars:
            tensor.packed(_caravan_row(car, key))
        tensor.part("discards").cards(obs.discards, copies, jokers)
        tensor.part("opening").flags((obs.opening[seat], obs.opening[other]))
        tensor.part("turns").fractions((obs.turns,), _length(opts))


#: The values of one caravan's row of the observation tensor.
_ROW = 1 + 3 + 4 + 2 + 3 * CARD_COUNT + 1


@functools.lru_cache(maxsize=4096)
def _caravan_row_of(car: rules.Caravan, p: int, copies: int, jokers: int) -> bytes:
    # A caravan is an immutable value that many states share (a move changes one
    # caravan): its row is computed once per caravan.
    row = TensorWriter((), _ROW)
    row.fractions((car.value,), SALE_MAX)
    row.flags((not car.piles, SALE_MIN <= car.value <= SALE_MAX, car.value > SALE_MAX))
    row.one_hot(None if car.suit is None else _SUITS.index(car.suit), 4)
    row.flags((car.direction is Direction.UP, car.direction is Direction.DOWN))
    row.cards((pile.numeral for pile in car.piles), copies)
    row.cards((f for pile in car.piles for f in pile.faces), copies, jokers)
    row.cards(pile.numeral for pile in car.piles[-1:])
    row.fractions((len(car.piles),), p)
    return row.done().tobytes()


_caravan_row = IdentityCache(_caravan_row_of)
_SUITS = tuple(Suit)


@functools.lru_cache(maxsize=64)
def _length(options: Options) -> int:
    return _CODEC.max_game_length(options) or 1


@functools.lru_cache(maxsize=64)
def _deck_sizes(options: Options) -> tuple[int, int]:
    return len(rules.deck(options, 0)), len(rules.deck(options, 1))


@functools.lru_cache(maxsize=64)
def _targets(options: Options) -> int:
    return max_numbers(options)


def _legal_ids(state: State) -> list[int]:
    # The loops of rules.legal_actions, yielding ids instead of actions (unsorted).
    if state.result is not None:
        return []
    seat = state.to_move
    caravans = state.caravans
    cards = [_CARD_IDS[c] for c in set(state.hands[seat])]
    opts = state.options
    p = _targets(opts)
    discards = _PLAYS + 6 * len(_FACES) * p
    own = range(3 * seat, 3 * seat + 3)
    ids: list[int] = []
    if state.opening[seat]:
        # CARAVAN-OPENING: a number card on an empty caravan of your own.
        empty = [c for c in own if not caravans[c].piles]
        for n, _, _, _, _ in cards:
            if n >= 0:
                ids.extend(6 * n + c for c in empty)
        if rules._opening_can_discard(state, seat):
            ids.extend(discards + i for _, _, _, _, i in cards)
        return ids
    limit = opts.face_limit
    # CARAVAN-JACK-LIMIT: with the option, a Jack goes on a number card whatever it holds.
    jack_limit = None if opts.jack_ignores_face_limit else limit
    ends = rules._ends(caravans, own, opts.max_numbers)
    heights = [len(car.piles) for car in caravans]
    for n, value, suit, face, _ in cards:
        if n >= 0:
            for c, last, car_suit, d in ends:
                if last:
                    if value == last:
                        continue  # CARAVAN-REPEAT
                    if suit is not car_suit and d is not _NONE and (value > last) is not (d is _UP):
                        continue  # CARAVAN-SUIT, CARAVAN-DIRECTION
                ids.append(6 * n + c)
            continue
        row = _PLAYS + 6 * p * face
        cap = jack_limit if face in _JACK_FACES else limit
        for c in range(6):
            k = heights[c]
            if not k:
                continue
            at = row + p * c
            if value:
                # CARAVAN-QUEEN: a Queen goes on the last number card of any caravan.
                if limit is None or len(caravans[c].piles[-1].faces) < limit:
                    ids.append(at + k - 1)
            elif cap is None:
                ids.extend(range(at, at + k))  # CARAVAN-FACE
            else:
                piles = caravans[c].piles
                ids.extend(at + j for j in range(k) if len(piles[j].faces) < cap)
    ids.extend(discards + i for _, _, _, _, i in cards)  # CARAVAN-DISCARD
    ids.extend(discards + CARD_COUNT + c for c in own if heights[c])  # CARAVAN-DISBAND
    return ids


#: The face-card ids of the Jacks (CARAVAN-JACK-LIMIT).
_JACK_FACES = frozenset(i for i, c in enumerate(_FACES) if c.rank is Rank.JACK)
_VALUE: dict[Card, int] = {c: v for c in _NUMBERS if (v := pip(c)) is not None}
_NONE = Direction.NONE
_UP = Direction.UP
#: Per card: its number-card id (or -1), its value (for a face card: 1 for a Queen),
#: its suit, its face-card id (or -1) and its card index.
_CARD_IDS: dict[Card, tuple[int, int, Suit | None, int, int]] = {
    c: (_NUMBER_ID.get(c, -1), _VALUE.get(c, int(c.rank is Rank.QUEEN)), c.suit,
        _FACE_ID.get(c, -1), card_index(c))
    for c in _ALL
}


_CODEC = _Codec(rules, validate)

num_actions = _CODEC.num_actions
num_players = _CODEC.num_players
action_to_index = _CODEC.action_to_index
action_from_index = _CODEC.action_from_index
action_to_indices = _CODEC.action_to_indices
legal_action_indices = _CODEC.legal_action_indices
legal_action_mask = _CODEC.legal_action_mask
indices_to_action = _CODEC.indices_to_action
returns = _CODEC.returns
standings = _CODEC.standings
max_game_length = _CODEC.max_game_length
partial_size = _CODEC.partial_size
partial_tensor = _CODEC.partial_tensor
observation_layout = _CODEC.observation_layout
observation_shape = _CODEC.observation_shape
observation_tensor = _CODEC.observation_tensor
