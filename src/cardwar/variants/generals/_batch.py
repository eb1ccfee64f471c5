"""What General's War's batch engine is given: the options and the card tables as arrays
for the compiled kernel (:mod:`cardwar.variants.generals._batch_numba`), and its
termination codes as :class:`~cardwar.core.Termination` values. Private: use
:func:`cardwar.batch.play`."""

from __future__ import annotations

from typing import Any

from cardwar.cards import Card
from cardwar.core import Termination
from cardwar.variants.generals import rules
from cardwar.variants.generals.rules import (
    DeckMode,
    FourPlayer,
    Options,
    SquadSize,
    Tie,
    card_value,
)

#: The kernel's termination codes (``TERM_*`` of the kernel), as terminations; code 0 is
#: a game still running when ``max_steps`` cut it.
TERMINATIONS: tuple[Termination | None, ...] = (
    None,
    Termination.TARGET_SCORE,
    Termination.GENERALS_KILLED,
)

#: The agent kinds the kernel plays (:data:`cardwar.batch.KERNEL_AGENTS`).
KINDS = ("random", "heuristic")

#: Whether the game keeps scores (the kernel's scores column).
SCORED = True

_INT64_MAX = 2**63 - 1


def order() -> tuple[Card, ...]:
    """Return the 52 cards in the kernel's order, that of ``legal_actions``: by value (the
    Aces first, GENERALS-DECK), then by suit. A card is its place in it."""
    return tuple(sorted(rules.deck(), key=rules._order))


def arguments(options: Options, max_steps: int | None,
              agents: tuple[str, ...] = ("random", "random")) -> dict[str, Any]:
    """Return the kernel's arguments for ``options``, a cut after ``max_steps`` steps
    (``None``: none) and the players ``agents`` (kinds of
    :data:`cardwar.batch.KERNEL_AGENTS`, one per seat)."""
    import numpy as np

    from cardwar.variants.generals import _batch_numba as k

    cards = order()
    place = {card: i for i, card in enumerate(cards)}
    cfg = np.zeros(k.CFG_SIZE, dtype=np.int64)
    cfg[k.CFG_PLAYERS] = options.players
    # No score reaches 2**63, so a larger target plays as it.
    cfg[k.CFG_TARGET] = min(options.target, _INT64_MAX)
    cfg[k.CFG_KILLS] = min(options.kills_to_win, _INT64_MAX)
    cfg[k.CFG_TIE_RETURN] = options.tie is Tie.RETURN_TO_OWNERS
    cfg[k.CFG_PARTNERSHIP] = options.four_player is FourPlayer.PARTNERSHIP
    cfg[k.CFG_PLACES] = bool(options.places)
    cfg[k.CFG_HALVES] = options.deck_mode is DeckMode.COLOUR_HALVES
    cfg[k.CFG_ONE_TO_THREE] = options.squad_size is SquadSize.ONE_TO_THREE
    cfg[k.CFG_HAND] = options.hand_size
    cfg[k.CFG_CLAIM] = options.claim_cards
    cfg[k.CFG_FIRST_DEALER] = -1 if options.first_dealer is None else options.first_dealer
    cfg[k.CFG_MAX_STEPS] = -1 if max_steps is None else min(max_steps, _INT64_MAX)
    policy = {"random": k.RANDOM, "heuristic": k.HEURISTIC}
    for seat, kind in enumerate(agents):
        cfg[k.CFG_POLICY + seat] = policy[kind]
    halves = np.zeros((2, len(cards)), dtype=np.int16)
    half_len = np.zeros(2, dtype=np.int64)
    if options.deck_mode is DeckMode.COLOUR_HALVES:
        for h, half in enumerate(rules._halves(options.ranks, options.suits)):
            half_len[h] = len(half)
            halves[h, :len(half)] = [place[c] for c in half]
    return {
        "cfg": cfg,
        "deck": np.array([place[c] for c in rules.deck(options)], dtype=np.int16),
        "halves": halves,
        "half_len": half_len,
        "value": np.array([card_value(c) for c in cards], dtype=np.int64),
    }


def play(seeds: Any, options: Options, max_steps: int | None, agents: tuple[str, ...]
         ) -> tuple[Any, Any, Any, Any]:
    """Play the game of every seed (a ``uint64`` array) between ``agents`` (kinds of
    :data:`cardwar.batch.KERNEL_AGENTS`) in the kernel; return its columns steps, winner,
    termination (codes of :data:`TERMINATIONS`) and scores (one column per seat)."""
    from cardwar.variants.generals import _batch_numba

    return _batch_numba.play_games(seeds, **arguments(options, max_steps, agents))


class Stepper:
    """The state of many games of General's War as the kernel's arrays, advanced by
    action ids (the integer interface of :mod:`cardwar.variants.generals.encoding`, a
    squad card by card): what :class:`cardwar.batch.Games` runs."""

    #: The kernel's termination codes, as terminations (``None``: still running).
    TERMINATIONS = TERMINATIONS
    #: Whether the game keeps scores.
    SCORED = SCORED

    def __init__(self, options: Options) -> None:
        import numpy as np

        from cardwar.cards import card_index
        from cardwar.variants.generals import _batch_numba as k
        from cardwar.variants.generals import encoding

        self._args = arguments(options, None)
        cards = order()
        self._index_of = np.array([card_index(c) for c in cards], dtype=np.int64)
        self._pos_of = np.zeros(len(cards), dtype=np.int64)
        self._pos_of[self._index_of] = np.arange(len(cards))
        ob = np.zeros(k.OB_SIZE, dtype=np.float64)
        ob[k.OB_TARGET] = options.target
        ob[k.OB_KILLS] = options.kills_to_win
        self._ob = ob
        #: The number of seats.
        self.players = options.players
        self.num_actions = encoding.num_actions(options)
        # The observation tensor, then the squad cards picked so far (partial_tensor).
        self.observation_size = (encoding.observation_shape(options)[0]
                                 + encoding.partial_size(options))
        self.count = 0

    def reset(self, seeds: Any) -> None:
        """Deal the game of every seed (a ``uint64`` array)."""
        import numpy as np

        from cardwar.variants.generals import _batch_numba as k

        count = len(seeds)
        a = self._args
        self.count = count
        self.masks = np.zeros((count, k.MASK_ROWS, 4), np.uint64)
        self.seats = np.zeros((count, k.SEAT_ROWS, 4), np.int64)
        self.kills = np.zeros((count, 4, 4), np.int64)
        self.reserve = np.zeros((count, 2, 64), np.int16)
        self.game = np.zeros((count, k.GAME_SIZE), np.int64)
        self.rng = np.zeros((count, 2), np.uint64)
        self.scores = np.zeros((count, 4), np.int64)
        self.partial = np.zeros((count, 4), np.int64)
        self._work = np.zeros(64, np.int16)
        self._flags = np.zeros(4, np.int64)
        self._legal = np.zeros(64, np.int64)
        self.turns = np.zeros(count, np.int64)
        self.out = np.zeros((count, k.OUT_SIZE), np.int64)
        self.observation = np.zeros((count, self.observation_size), np.float64)
        self.mask = np.zeros((count, self.num_actions), np.uint8)
        self.rewards = np.zeros((count, self.players), np.float64)
        k.reset_games(np.ascontiguousarray(seeds, dtype=np.uint64), a["cfg"], self._ob,
                      a["deck"], a["halves"], a["half_len"], a["value"], self._index_of,
                      self._pos_of, self.masks, self.seats, self.kills, self.reserve,
                      self.game, self.rng, self.scores, self.partial, self._work,
                      self._flags, self._legal, self.turns, self.out, self.observation,
                      self.mask)

    def step(self, actions: Any) -> int:
        """Play ``actions[g]`` in every running game ``g``; return -1, or the first game
        whose action is not legal (then nothing is played)."""
        from cardwar.variants.generals import _batch_numba as k

        a = self._args
        return int(k.step_games(
            actions, a["cfg"], self._ob, a["deck"], a["halves"], a["half_len"], a["value"],
            self._index_of, self._pos_of, self.masks, self.seats, self.kills, self.reserve,
            self.game, self.rng, self.scores, self.partial, self._work, self._flags,
            self._legal, self.turns, self.out, self.observation, self.mask, self.rewards))

    def outcome(self, g: int) -> Any:
        """Return game ``g``'s :class:`~cardwar.core.Outcome`, or ``None`` while it runs."""
        from cardwar.core import Outcome
        from cardwar.variants.generals import _batch_numba as k

        out = self.out[g]
        termination = TERMINATIONS[int(out[k.OUT_TERM])]
        if termination is None:
            return None
        winners = tuple(s for s in range(self.players) if int(out[k.OUT_WINNERS]) >> s & 1)
        scores = tuple(int(v) for v in out[k.OUT_SCORES:k.OUT_SCORES + self.players])
        return Outcome(termination, winners, scores)
