"""What Arneson's War's batch engine is given: the options and the card tables as arrays
for the compiled kernel (:mod:`cardwar.variants.arneson._batch_numba`), and its
termination codes as :class:`~cardwar.core.Termination` values. Private: use
:func:`cardwar.batch.play`."""

from __future__ import annotations

from typing import Any

from cardwar.cards import CARD_COUNT, Suit, card_from_index, card_index
from cardwar.core import Termination
from cardwar.variants.arneson import rules
from cardwar.variants.arneson.rules import Options, WarPair

#: The kernel's termination codes (``TERM_*`` of the kernel), as terminations; code 0 is
#: a game still running when ``max_steps`` cut it.
TERMINATIONS: tuple[Termination | None, ...] = (
    None,
    Termination.ALL_CARDS,
    Termination.WARS_WON,
    Termination.BATTLE_LIMIT,
    Termination.UNDECIDABLE,
)

#: The agent kinds the kernel plays (:data:`cardwar.batch.KERNEL_AGENTS`).
KINDS = ("random", "heuristic")

#: Whether the game keeps scores (the kernel's scores column).
SCORED = False

_INT64_MAX = 2**63 - 1


def refusal(options: Options) -> str | None:
    """Return why the kernel does not play games under ``options``, or ``None`` if it
    does: it plays all but the games of the rules' cycle detection (``hand_size=1`` under
    a deterministic pickup order, ARNESON-CYCLE), games without a choice, which the
    reference engine plays."""
    if rules.detects_cycles(options):
        return (f"hand_size=1 and pickup_order={options.pickup_order.value}: nobody "
                "chooses, and the rules end such games by cycle detection (ARNESON-CYCLE)")
    return None


def _limit(value: int | None) -> int:
    # No game reaches 2**63 battles or wars, so a larger limit plays as none.
    return -1 if value is None or value > _INT64_MAX else value


def arguments(options: Options, max_steps: int | None,
              agents: tuple[str, ...] = ("random", "random")) -> dict[str, Any]:
    """Return the kernel's arguments for ``options``, a cut after ``max_steps`` steps
    (``None``: none) and the players ``agents`` (kinds of
    :data:`cardwar.batch.KERNEL_AGENTS`)."""
    import numpy as np

    from cardwar.variants._battle._batch import PICKUPS  # War's kernel codes, shared
    from cardwar.variants.arneson import _batch_numba as k

    deck = rules.deck(options)
    cfg = np.zeros(k.CFG_SIZE, dtype=np.int64)
    cfg[k.CFG_HAND] = options.hand_size
    # More face-down cards than the deck holds stake every card a player has, whatever
    # the number, so the deck's size plays the same game.
    cfg[k.CFG_FACE_DOWN] = min(options.face_down, len(deck))
    cfg[k.CFG_PAIR_TO_LOSER] = options.war_pair is WarPair.LOSER
    cfg[k.CFG_PICKUP] = PICKUPS[options.pickup_order]
    cfg[k.CFG_WARS_TO_WIN] = _limit(options.wars_to_win)
    cfg[k.CFG_MAX_BATTLES] = _limit(options.max_battles)
    cfg[k.CFG_MAX_STEPS] = -1 if max_steps is None else min(max_steps, _INT64_MAX)
    cfg[k.CFG_COPIES] = options.decks
    policy = {"random": k.RANDOM, "heuristic": k.HEURISTIC}
    cfg[k.CFG_POLICY_0] = policy[agents[0]]
    cfg[k.CFG_POLICY_1] = policy[agents[1]]
    suits = {s: i for i, s in enumerate(Suit)}
    cards = [card_from_index(i) for i in range(CARD_COUNT)]
    return {
        "deck": np.array([card_index(c) for c in deck], dtype=np.int16),
        "rank": np.array([int(c.rank) for c in cards], dtype=np.int64),
        # legal_actions's order: by rank, then by suit (a Joker before the suits).
        "order": np.array([int(c.rank) * 8 + (suits[c.suit] + 1 if c.suit else 0)
                           for c in cards], dtype=np.int64),
        "cfg": cfg,
    }


def play(seeds: Any, options: Options, max_steps: int | None, agents: tuple[str, ...]
         ) -> tuple[Any, Any, Any, Any]:
    """Play the game of every seed (a ``uint64`` array) between ``agents`` (kinds of
    :data:`cardwar.batch.KERNEL_AGENTS`) in the kernel; return its columns steps, winner,
    termination (codes of :data:`TERMINATIONS`) and scores (zeros: the game keeps none)."""
    import numpy as np

    from cardwar.variants.arneson import _batch_numba

    steps, winner, term = _batch_numba.play_games(seeds, **arguments(options, max_steps,
                                                                     agents))
    return steps, winner, term, np.zeros((len(steps), 2), dtype=np.int64)


class Stepper:
    """The state of many games of Arneson's War as the kernel's arrays, advanced by action
    ids (the integer interface of :mod:`cardwar.variants.arneson.encoding`: a card's
    index): what :class:`cardwar.batch.Games` runs."""

    #: The kernel's termination codes, as terminations (``None``: still running).
    TERMINATIONS = TERMINATIONS
    #: Whether the game keeps scores.
    SCORED = SCORED

    def __init__(self, options: Options) -> None:
        import numpy as np

        from cardwar.variants.arneson import _batch_numba as k
        from cardwar.variants.arneson import encoding

        self._args = arguments(options, None)
        ob = np.zeros(k.OB_SIZE, dtype=np.float64)
        ob[k.OB_HAND] = options.hand_size
        ob[k.OB_TOTAL] = len(rules.deck(options))
        ob[k.OB_FACE_DOWN] = max(1, options.face_down)
        ob[k.OB_WARS] = options.wars_to_win or 0
        ob[k.OB_LIMIT] = options.max_battles or 0
        self._ob = ob
        self.num_actions = encoding.num_actions(options)
        self.observation_size = k.OBSERVATION_SIZE
        self.count = 0

    def reset(self, seeds: Any) -> None:
        """Deal the game of every seed (a ``uint64`` array)."""
        import numpy as np

        from cardwar.variants.arneson import _batch_numba as k

        count = len(seeds)
        a = self._args
        n = len(a["deck"])
        self.count = count
        self.cards = np.zeros((count, k.CARD_ROWS, 2, n), np.int16)
        self.ints = np.zeros((count, k.INTS, 2), np.int64)
        self.rng = np.zeros((count, 2), np.uint64)
        self.turns = np.zeros(count, np.int64)
        self.out = np.zeros((count, k.OUT_SIZE), np.int64)
        self._work = np.zeros(n, np.int16)
        self._table = np.zeros(n, np.int16)
        self.observation = np.zeros((count, self.observation_size), np.float64)
        self.mask = np.zeros((count, self.num_actions), np.uint8)
        self.rewards = np.zeros((count, 2), np.float64)
        k.reset_games(np.ascontiguousarray(seeds, dtype=np.uint64), a["deck"], a["cfg"],
                      self._ob, self._work, self.cards, self.ints, self.rng, self.turns,
                      self.out, self.observation, self.mask)

    def step(self, actions: Any) -> int:
        """Play ``actions[g]`` in every running game ``g``; return -1, or the first game
        whose action is not legal (then nothing is played)."""
        from cardwar.variants.arneson import _batch_numba as k

        a = self._args
        return int(k.step_games(
            actions, a["cfg"], self._ob, a["rank"], self.cards, self._table, self.ints,
            self.rng, self.turns, self.out, self.observation, self.mask, self.rewards))
