"""What Caravan's batch engine is given: the options and the card tables as arrays for
the compiled kernel (:mod:`cardwar.variants.caravan._batch_numba`), and its termination
codes as :class:`~cardwar.core.Termination` values. Private: use
:func:`cardwar.batch.play`."""

from __future__ import annotations

from typing import Any

from cardwar.cards import CARD_COUNT, Rank, Suit, card_from_index, card_index
from cardwar.core import Termination
from cardwar.variants.caravan import rules
from cardwar.variants.caravan.encoding import max_numbers
from cardwar.variants.caravan.rules import EmptyHand, EqualDirection, OpeningDiscard, Options

#: The kernel's termination codes (``TERM_*`` of the kernel), as terminations; code 0 is
#: a game still running when ``max_steps`` cut it.
TERMINATIONS: tuple[Termination | None, ...] = (
    None,
    Termination.CARAVANS_SOLD,
    Termination.EMPTY_HAND,
    Termination.TURN_LIMIT,
)

_KINDS = {Rank.JACK: 1, Rank.QUEEN: 2, Rank.KING: 3, Rank.JOKER: 4}
_SUITS = {s: i for i, s in enumerate(Suit)}


def tables() -> dict[str, Any]:
    """Return the per-card tables of the kernel, indexed by ``card_index``: ``pip`` (the
    value, 0 for a face card), ``kind``, ``suit`` (-1 for a Joker), ``rank`` and ``order``
    (the sort key of ``legal_actions``)."""
    import numpy as np

    cards = [card_from_index(i) for i in range(CARD_COUNT)]
    order = {card: rank for rank, card in enumerate(sorted(cards, key=rules._order))}
    return {
        "pip": np.array([rules.pip(c) or 0 for c in cards], dtype=np.int64),
        "kind": np.array([_KINDS.get(c.rank, 0) for c in cards], dtype=np.int64),
        "suit": np.array([-1 if c.suit is None else _SUITS[c.suit] for c in cards],
                         dtype=np.int64),
        "rank": np.array([int(c.rank) for c in cards], dtype=np.int64),
        "order": np.array([order[c] for c in cards], dtype=np.int64),
    }


#: The agent kinds the kernel plays (:data:`cardwar.batch.KERNEL_AGENTS`).
KINDS = ("random", "heuristic")

#: Whether the game keeps scores (the kernel's scores column).
SCORED = True


def arguments(options: Options, max_steps: int | None,
              agents: tuple[str, ...] = ("random", "random")) -> dict[str, Any]:
    """Return the kernel's arguments for ``options``, a cut after ``max_steps`` moves
    (``None``: none) and the players ``agents`` (kinds of
    :data:`cardwar.batch.KERNEL_AGENTS`)."""
    import numpy as np

    from cardwar.variants.caravan import _batch_numba as k
    from cardwar.variants.caravan import weights

    cfg = np.zeros(k.CFG_SIZE, dtype=np.int64)
    cfg[k.CFG_FIRST] = options.first_player
    cfg[k.CFG_HAND] = options.opening_hand
    cfg[k.CFG_NEVER_DISCARD] = options.opening_discard is OpeningDiscard.NEVER
    cfg[k.CFG_FACE_LIMIT] = -1 if options.face_limit is None else options.face_limit
    cfg[k.CFG_JACK_FREE] = options.jack_ignores_face_limit
    cfg[k.CFG_MAX_NUMBERS] = -1 if options.max_numbers is None else options.max_numbers
    cfg[k.CFG_AT_ONCE] = options.empty_hand is EmptyHand.AT_ONCE
    cfg[k.CFG_EQUAL] = 2 if options.equal_direction is EqualDirection.DESCENDING else 0
    cfg[k.CFG_DISBAND_DRAWS] = options.disband_draws
    cfg[k.CFG_EARLY] = options.early_finish
    cfg[k.CFG_MAX_TURNS] = -1 if options.max_turns is None else options.max_turns
    cfg[k.CFG_MAX_STEPS] = -1 if max_steps is None else max_steps
    policy = {"random": k.RANDOM, "heuristic": k.HEURISTIC}
    cfg[k.CFG_POLICY_0] = policy[agents[0]]
    cfg[k.CFG_POLICY_1] = policy[agents[1]]
    weighing = np.zeros(k.HW_SIZE, dtype=np.float64)
    weighing[k.HW_HELD] = weights.HELD
    weighing[k.HW_FACE] = weights.FACE_COST
    weighing[k.HW_DISCARD] = weights.DISCARD_COST
    weighing[k.HW_DISBAND] = weights.DISBAND_COST
    weighing[k.HW_GAME] = weights.GAME
    decks = [rules.deck(options, seat) for seat in (0, 1)]
    faces = sum(1 for d in decks for c in d if rules.pip(c) is None)
    return {
        "deck0": np.array([card_index(c) for c in decks[0]], dtype=np.int16),
        "deck1": np.array([card_index(c) for c in decks[1]], dtype=np.int16),
        "cfg": cfg,
        "weights": weighing,
        "tables": tables(),
        "most_piles": max_numbers(options),
        "most_faces": max(faces, 1),
    }


def play(seeds: Any, options: Options, max_steps: int | None, agents: tuple[str, ...]
         ) -> tuple[Any, Any, Any, Any]:
    """Play the game of every seed (a ``uint64`` array) between ``agents`` (kinds of
    :data:`cardwar.batch.KERNEL_AGENTS`) in the kernel; return its columns steps, winner,
    termination (codes of :data:`TERMINATIONS`) and scores."""
    from cardwar.variants.caravan import _batch_numba

    return _batch_numba.play_games(seeds, **arguments(options, max_steps, agents))


class Stepper:
    """The state of many games of Caravan as the kernel's arrays, advanced by action ids
    (the integer interface of :mod:`cardwar.variants.caravan.encoding`): what
    :class:`cardwar.batch.Games` runs."""

    #: The kernel's termination codes, as terminations (``None``: still running).
    TERMINATIONS = TERMINATIONS
    #: Whether the game keeps scores.
    SCORED = SCORED

    def __init__(self, options: Options) -> None:
        import numpy as np

        from cardwar.variants.caravan import _batch_numba as k
        from cardwar.variants.caravan import encoding

        self._args = arguments(options, None)
        self._tables = self._args["tables"]
        sets = options.deck_sets
        ocfg = np.zeros(k.OCFG_SIZE, dtype=np.int64)
        ocfg[k.OCFG_COPIES] = 2 * sets
        ocfg[k.OCFG_JOKERS] = 4 * sets
        ocfg[k.OCFG_TARGETS] = encoding._targets(options)
        ocfg[k.OCFG_LENGTH] = encoding._length(options)
        self._ocfg = ocfg
        ids = np.full(CARD_COUNT, -1, dtype=np.int64)
        for card, i in encoding._NUMBER_ID.items():
            ids[card_index(card)] = i
        self._number_id = ids
        ids = np.full(CARD_COUNT, -1, dtype=np.int64)
        for card, i in encoding._FACE_ID.items():
            ids[card_index(card)] = i
        self._face_id = ids
        self._number_card = np.array([card_index(c) for c in encoding._NUMBERS], dtype=np.int64)
        self._face_card = np.array([card_index(c) for c in encoding._FACES], dtype=np.int64)
        self.num_actions = encoding.num_actions(options)
        self.observation_size = k.OBSERVATION_SIZE
        self.count = 0

    def reset(self, seeds: Any) -> None:
        """Deal the game of every seed (a ``uint64`` array)."""
        import numpy as np

        from cardwar.variants.caravan import _batch_numba as k

        n = len(seeds)
        a = self._args
        d = max(len(a["deck0"]), len(a["deck1"]))
        p, f = a["most_piles"], a["most_faces"]
        self.count = n
        self.deck = np.zeros((n, 2, d), np.int16)
        self.size = np.zeros((n, 2), np.int64)
        self.top = np.zeros((n, 2), np.int64)
        self.hand = np.zeros((n, 2, d), np.int16)
        self.held = np.zeros((n, 2), np.int64)
        self.numeral = np.zeros((n, 6, p), np.int16)
        self.pile_value = np.zeros((n, 6, p), np.int64)
        self.faces = np.zeros((n, 6, p, f), np.int16)
        self.nfaces = np.zeros((n, 6, p), np.int64)
        self.piles = np.zeros((n, 6), np.int64)
        self.value = np.zeros((n, 6), np.int64)
        self.csuit = np.zeros((n, 6), np.int64)
        self.direction = np.zeros((n, 6), np.int64)
        self.opening = np.zeros((n, 2), np.int64)
        self.discarded = np.zeros((n, CARD_COUNT), np.int64)
        self.turns = np.zeros(n, np.int64)
        self.out = np.zeros((n, 5), np.int64)
        self._unique = np.zeros(d, np.int64)
        self._acts = np.zeros((k.acts_rows(d, p), 4), np.int64)
        self._touched = np.zeros(6, np.int64)
        self.observation = np.zeros((n, self.observation_size), np.float64)
        self.mask = np.zeros((n, self.num_actions), np.uint8)
        self.rewards = np.zeros((n, 2), np.float64)
        t = self._tables
        k.reset_games(np.ascontiguousarray(seeds, dtype=np.uint64), a["deck0"], a["deck1"],
                      a["cfg"], self._ocfg, t["pip"], t["kind"], t["suit"], t["order"],
                      self._number_id, self._face_id, self.deck, self.size, self.top,
                      self.hand, self.held, self.numeral, self.faces,
                      self.nfaces, self.piles, self.value, self.csuit, self.direction,
                      self.opening, self.discarded, self.turns, self.out, self._unique,
                      self._acts, self.observation, self.mask)

    def step(self, actions: Any) -> int:
        """Play ``actions[g]`` in every running game ``g``; return -1, or the first game
        whose action is not legal (then nothing is played)."""
        from cardwar.variants.caravan import _batch_numba as k

        a = self._args
        t = self._tables
        return int(k.step_games(
            actions, a["cfg"], self._ocfg, t["pip"], t["kind"], t["suit"], t["rank"],
            t["order"], self._number_id, self._face_id, self._number_card, self._face_card,
            self.deck, self.size, self.top, self.hand, self.held, self.numeral,
            self.pile_value, self.faces, self.nfaces, self.piles, self.value, self.csuit,
            self.direction, self.opening, self.discarded, self.turns, self.out, self._unique,
            self._acts, self._touched, self.observation, self.mask, self.rewards))


_DIRECTIONS = {rules.Direction.NONE: 0, rules.Direction.UP: 1, rules.Direction.DOWN: 2}


def _action_row(action: rules.Action) -> tuple[int, int, int, int]:
    """Return ``action`` as a row of the kernel's action lists (kind, card, caravan,
    target or -1)."""
    if isinstance(action, rules.Play):
        target = -1 if action.target is None else action.target
        return 0, card_index(action.card), action.caravan, target
    if isinstance(action, rules.Discard):
        return 1, card_index(action.card), 0, -1
    return 2, 0, action.caravan, -1


def rollouts(states: list[rules.State], seat: int, actions: tuple[rules.Action, ...],
             max_steps: int = 1000) -> Any:
    """Return the kernel's rollouts (:func:`_batch_numba.rollouts`) from ``states`` (of
    one options value), each action of ``actions`` played first by ``seat``: an array of
    results, one row per state and one column per action."""
    import numpy as np

    from cardwar.variants.caravan import _batch_numba as k

    options = states[0].options
    a = arguments(options, None, ("heuristic", "heuristic"))
    n = len(states)
    d = max(len(a["deck0"]), len(a["deck1"]))
    p, f = a["most_piles"], a["most_faces"]
    deck = np.zeros((n, 2, d), np.int16)
    size = np.zeros((n, 2), np.int64)
    top = np.zeros((n, 2), np.int64)
    hand = np.zeros((n, 2, d), np.int16)
    held = np.zeros((n, 2), np.int64)
    numeral = np.zeros((n, 6, p), np.int16)
    pile_value = np.zeros((n, 6, p), np.int64)
    faces = np.zeros((n, 6, p, f), np.int16)
    nfaces = np.zeros((n, 6, p), np.int64)
    piles = np.zeros((n, 6), np.int64)
    value = np.zeros((n, 6), np.int64)
    csuit = np.full((n, 6), -1, np.int64)
    direction = np.zeros((n, 6), np.int64)
    opening = np.zeros((n, 2), np.int64)
    turns = np.zeros(n, np.int64)
    for g, state in enumerate(states):
        for s in (0, 1):
            cards = [card_index(c) for c in state.decks[s]]
            deck[g, s, :len(cards)] = cards
            size[g, s] = len(cards)
            mine = [card_index(c) for c in state.hands[s]]
            hand[g, s, :len(mine)] = mine
            held[g, s] = len(mine)
            opening[g, s] = state.opening[s]
        for c, car in enumerate(state.caravans):
            piles[g, c] = len(car.piles)
            value[g, c] = car.value
            csuit[g, c] = -1 if car.suit is None else _SUITS[car.suit]
            direction[g, c] = _DIRECTIONS[car.direction]
            for i, pile in enumerate(car.piles):
                numeral[g, c, i] = card_index(pile.numeral)
                pile_value[g, c, i] = pile.value
                nfaces[g, c, i] = len(pile.faces)
                faces[g, c, i, :len(pile.faces)] = [card_index(x) for x in pile.faces]
        turns[g] = state.turns
    first = np.array([_action_row(x) for x in actions], dtype=np.int64).reshape(-1, 4)
    results = np.zeros((n, len(actions)), np.float64)
    t = a["tables"]
    k.rollouts(seat, first, a["cfg"], a["weights"], t["pip"], t["kind"], t["suit"], t["rank"],
               t["order"], deck, size, top, hand, held, numeral, pile_value, faces, nfaces,
               piles, value, csuit, direction, opening, turns, max_steps, results)
    return results
