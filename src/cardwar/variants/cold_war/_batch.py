"""What Cold War's batch engine is given: the options and the card tables as arrays for
the compiled kernel (:mod:`cardwar.variants.cold_war._batch_numba`), and its termination
codes as :class:`~cardwar.core.Termination` values. Private: use
:func:`cardwar.batch.play`."""

from __future__ import annotations

from typing import Any

from cardwar.cards import CARD_COUNT, Suit, card_from_index, card_index
from cardwar.core import Termination
from cardwar.variants.cold_war import rules
from cardwar.variants.cold_war.rules import (
    TOP,
    BombMode,
    DealEnd,
    DrawOrder,
    HandScore,
    Options,
    TiedTop,
    WarTrigger,
    card_points,
)

#: The kernel's termination codes (``TERM_*`` of the kernel), as terminations; code 0 is
#: a game still running when ``max_steps`` cut it.
TERMINATIONS: tuple[Termination | None, ...] = (
    None,
    Termination.TARGET_SCORE,
    Termination.DEAL_LIMIT,
    Termination.BATTLE_LIMIT,
)

#: The agent kinds the kernel plays (:data:`cardwar.batch.KERNEL_AGENTS`).
KINDS = ("random", "heuristic")

#: Whether the game keeps scores (the kernel's scores column).
SCORED = True

_INT64_MAX = 2**63 - 1


def _limit(value: int | None) -> int:
    # No game reaches 2**63 deals or tricks, so a larger limit plays as none.
    return -1 if value is None or value > _INT64_MAX else value


def arguments(options: Options, max_steps: int | None,
              agents: tuple[str, ...] = ("random",) * 3) -> dict[str, Any]:
    """Return the kernel's arguments for ``options``, a cut after ``max_steps`` steps
    (``None``: none) and the players ``agents`` (kinds of
    :data:`cardwar.batch.KERNEL_AGENTS`, one per seat)."""
    import numpy as np

    from cardwar.variants.cold_war import _batch_numba as k

    cfg = np.zeros(k.CFG_SIZE, dtype=np.int64)
    cfg[k.CFG_PLAYERS] = options.players
    # No total reaches 2**63, so a larger target plays as it.
    cfg[k.CFG_TARGET] = min(options.target, _INT64_MAX)
    cfg[k.CFG_ANY_PAIR] = options.war_trigger is WarTrigger.ANY_PAIR
    cfg[k.CFG_BOMBS] = {BombMode.FINAL_HAND: k.BOMBS_FINAL_HAND,
                        BombMode.LAST_PLAYS: k.BOMBS_LAST_PLAYS,
                        BombMode.OFF: k.BOMBS_OFF}[options.bomb_mode]
    cfg[k.CFG_WINNER_FIRST] = options.draw_order is DrawOrder.WINNER_FIRST
    cfg[k.CFG_FIRST_OUT] = options.deal_end is DealEnd.FIRST_OUT
    cfg[k.CFG_ROTATE] = options.rotate_dealer
    cfg[k.CFG_SHARED] = options.tied_top is TiedTop.SHARED
    cfg[k.CFG_MAX_DEALS] = _limit(options.max_deals)
    cfg[k.CFG_MAX_TRICKS] = _limit(options.max_tricks)
    cfg[k.CFG_MAX_STEPS] = -1 if max_steps is None else min(max_steps, _INT64_MAX)
    cfg[k.CFG_ALL_HANDS] = options.hand_score is HandScore.EVERYONE
    policy = {"random": k.RANDOM, "heuristic": k.HEURISTIC}
    for seat, kind in enumerate(agents):
        cfg[k.CFG_POLICY + seat] = policy[kind]
    cards = [card_from_index(i) for i in range(CARD_COUNT)]
    suits = {s: i for i, s in enumerate(Suit)}
    place = np.full(int(TOP) + 1, -1, dtype=np.int64)
    for i, r in enumerate(options.ranks):
        place[int(r)] = i
    return {
        "cfg": cfg,
        "deck": np.array([card_index(c) for c in rules.deck(options)], dtype=np.int16),
        "rank": np.array([int(c.rank) for c in cards], dtype=np.int64),
        # legal_actions's order: by rank, then by suit (the Joker, rank 15, last).
        "key": np.array([int(c.rank) * 8 + (suits[c.suit] + 1 if c.suit else 0)
                         for c in cards], dtype=np.int64),
        "points": np.array([card_points(c) for c in cards], dtype=np.int64),
        "suit": np.array([suits[c.suit] if c.suit else -1 for c in cards], dtype=np.int64),
        "place": place,
        # COLDWAR-JOKER: the ranks a Joker may be declared as, in legal_actions's order.
        "decl": np.array([int(r) for r in (*options.ranks, TOP)], dtype=np.int64),
    }


def play(seeds: Any, options: Options, max_steps: int | None, agents: tuple[str, ...]
         ) -> tuple[Any, Any, Any, Any]:
    """Play the game of every seed (a ``uint64`` array) between ``agents`` (kinds of
    :data:`cardwar.batch.KERNEL_AGENTS`) in the kernel; return its columns steps, winner,
    termination (codes of :data:`TERMINATIONS`) and scores (one column per seat)."""
    from cardwar.variants.cold_war import _batch_numba

    return _batch_numba.play_games(seeds, **arguments(options, max_steps, agents))


class Stepper:
    """The state of many games of Cold War as the kernel's arrays, advanced by action ids
    (the integer interface of :mod:`cardwar.variants.cold_war.encoding`): what
    :class:`cardwar.batch.Games` runs."""

    #: The kernel's termination codes, as terminations (``None``: still running).
    TERMINATIONS = TERMINATIONS
    #: Whether the game keeps scores.
    SCORED = SCORED
    #: Each game's room for the positions of COLDWAR-REPEAT to begin with: values, and
    #: positions; :meth:`step` doubles both whenever a game needs more.
    ROOM = (1024, 64)

    def __init__(self, options: Options) -> None:
        import numpy as np

        from cardwar.variants.cold_war import _batch_numba as k
        from cardwar.variants.cold_war import encoding

        self._args = arguments(options, None)
        ob = np.zeros(k.OB_SIZE, dtype=np.float64)
        ob[k.OB_TOTAL] = len(rules.deck(options))
        ob[k.OB_TARGET] = options.target
        ob[k.OB_MAX_DEALS] = options.max_deals or 0
        ob[k.OB_COPIES] = options.decks
        ob[k.OB_JOKERS] = options.jokers
        self._ob = ob
        #: The number of seats.
        self.players = options.players
        self.num_actions = encoding.num_actions(options)
        (self.observation_size,) = encoding.observation_shape(options)
        self.count = 0

    def reset(self, seeds: Any) -> None:
        """Deal the game of every seed (a ``uint64`` array)."""
        import numpy as np

        from cardwar.variants.cold_war import _batch_numba as k

        count = len(seeds)
        a = self._args
        size = len(a["deck"])
        self.count = count
        self.hands = np.zeros((count, 4, k.HAND), np.int16)
        self.stock = np.zeros((count, size), np.int16)
        self.pools = np.zeros((count, 4, size), np.int16)
        self.recent = np.zeros((count, 4, k.HAND), np.int16)
        self.table = np.zeros((count, size), np.int16)
        self.tmeta = np.zeros((count, 2, size), np.int64)
        self.plays = np.zeros((count, 4, 3), np.int64)
        self.seats = np.zeros((count, k.SEAT_ROWS, 4), np.int64)
        self.game = np.zeros((count, k.GAME_SIZE), np.int64)
        self.order = np.zeros((count, 4), np.int64)
        self.rng = np.zeros((count, 2), np.uint64)
        # The positions of COLDWAR-REPEAT per game; step grows them as needed.
        values, positions = self.ROOM
        self.seen = np.zeros((count, values), np.int64)
        self.starts = np.zeros((count, positions), np.int64)
        self.hashes = np.zeros((count, positions), np.uint64)
        self._fighters = np.zeros(4, np.int64)
        self._legal = np.zeros(4, np.int64)
        self._position = np.zeros(1 + 5 * 4 + size, np.int64)
        self.turns = np.zeros(count, np.int64)
        self.out = np.zeros((count, k.OUT_SIZE), np.int64)
        self.observation = np.zeros((count, self.observation_size), np.float64)
        self.mask = np.zeros((count, self.num_actions), np.uint8)
        self.rewards = np.zeros((count, self.players), np.float64)
        k.reset_games(np.ascontiguousarray(seeds, dtype=np.uint64), a["cfg"], self._ob,
                      a["deck"], a["key"], a["decl"], self.hands, self.stock, self.pools,
                      self.recent, self.table, self.tmeta, self.plays, self.seats, self.game,
                      self.order, self.rng, self._legal, self.turns, self.out,
                      self.observation, self.mask)

    def step(self, actions: Any) -> int:
        """Play ``actions[g]`` in every running game ``g``; return -1, or the first game
        whose action is not legal (then nothing is played)."""
        import numpy as np

        from cardwar.variants.cold_war import _batch_numba as k

        a = self._args
        while True:
            code = int(k.step_games(
                actions, a["cfg"], self._ob, a["deck"], a["rank"], a["key"], a["points"],
                a["suit"], a["place"], a["decl"], self.hands, self.stock, self.pools,
                self.recent, self.table, self.tmeta, self.plays, self.seats, self.game,
                self.order, self.rng, self.seen, self.starts, self.hashes, self._fighters,
                self._legal, self._position, self.turns, self.out, self.observation,
                self.mask, self.rewards))
            if code != k.NO_ROOM:
                return code
            # A game's positions fill their buffer: every game's buffers double.
            grown = np.zeros((self.count, 2 * self.seen.shape[1]), np.int64)
            grown[:, :self.seen.shape[1]] = self.seen
            self.seen = grown
            more = np.zeros((self.count, 2 * self.starts.shape[1]), np.int64)
            more[:, :self.starts.shape[1]] = self.starts
            self.starts = more
            hashes = np.zeros((self.count, 2 * self.hashes.shape[1]), np.uint64)
            hashes[:, :self.hashes.shape[1]] = self.hashes
            self.hashes = hashes

    def outcome(self, g: int) -> Any:
        """Return game ``g``'s :class:`~cardwar.core.Outcome`, or ``None`` while it runs:
        the winners are every seat with the best total, but none after the trick limit
        (COLDWAR-WIN, COLDWAR-DEAL-LIMIT, COLDWAR-LIMIT)."""
        from cardwar.core import Outcome
        from cardwar.variants.cold_war import _batch_numba as k

        out = self.out[g]
        termination = TERMINATIONS[int(out[k.OUT_TERM])]
        if termination is None:
            return None
        totals = tuple(int(v) for v in out[k.OUT_TOTALS:k.OUT_TOTALS + self.players])
        best = max(totals)
        winners = () if termination is Termination.BATTLE_LIMIT else tuple(
            s for s in range(self.players) if totals[s] == best)
        return Outcome(termination, winners, totals)
