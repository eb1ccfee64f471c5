"""The integer interface of the automatic games (War, Peace): one action, id 0, legal
while the game runs; a seat is out once it holds no card; the length bound is the
battle limit (one step is one battle)."""

from __future__ import annotations

from typing import Any

from cardwar.cards import CARD_COUNT
from cardwar.encoding import Codec, Part, Standing, TensorWriter, relative, running_standings
from cardwar.errors import ActionTypeError
from cardwar.variants._battle.rules import BattleRecord, BattleState, Play, other_game


class BattleEncoding(Codec):
    """The codec of an automatic game of the War family."""

    def size(self, options: Any) -> int:
        return 1

    def index(self, options: Any, action: Any) -> int:
        if action is not Play.PLAY:
            raise ActionTypeError(f"the one action of {self.title} is Play.PLAY, got {action!r}")
        return 0

    def action(self, options: Any, index: int) -> Play:
        return Play.PLAY

    def _state(self, state: object) -> BattleState:
        st: BattleState = super()._state(state)
        if type(st.options) is not self.game.Options:
            raise other_game(st, self.title)
        return st

    def running_standings(self, state: Any) -> tuple[Standing, ...]:
        st: BattleState = state
        return running_standings([st.cards_held(s) == 0 for s in range(len(st.stocks))])

    def max_game_length(self, options: Any) -> int | None:
        """Return the battle limit (one step is one battle), or ``None`` without one."""
        limit = self._options(options).max_battles
        return None if limit is None else int(limit)

    def layout(self, options: Any) -> tuple[Part, ...]:
        n = options.players
        return (
            Part("stock_sizes", (n,), True, "cards in each seat's stock, over the deck's cards"),
            Part("won_sizes", (n,), True, "cards in each seat's win pile, over the deck's cards"),
            Part("set_aside", (1,), True, "spare cards set aside, over the deck's cards"),
            Part("wars_won", (n,), True,
                 "wars won per seat, over wars_to_win (over the battles played without it)"),
            Part("progress", (1,), True, "battles played over the battle limit (0 without one)"),
            Part("last_battle", (n, CARD_COUNT), True,
                 "the face-up cards each seat showed in the last battle, by card index, over "
                 "the copies of each card in the deck"),
        )

    def write(self, observation: Any, tensor: TensorWriter) -> None:
        obs = observation
        opts = obs.options
        seat = obs.seat
        total = self.deck_size(opts)
        tensor.part("stock_sizes").fractions(obs.stock_sizes, total, seat)
        tensor.part("won_sizes").fractions(obs.won_sizes, total, seat)
        tensor.part("set_aside").fractions((obs.set_aside,), total)
        target = getattr(opts, "wars_to_win", None) or max(1, obs.battles)
        tensor.part("wars_won").fractions(obs.wars_won, target, seat)
        limit = opts.max_battles
        tensor.part("progress").fractions((obs.battles if limit else 0,), limit or 1)
        tensor.part("last_battle")
        for cards in relative(face_up_by_seat(obs.last, len(obs.stock_sizes)), seat):
            tensor.cards(cards, opts.decks)


def face_up_by_seat(record: BattleRecord | None, players: int) -> list[list[Any]]:
    """Return the face-up cards each seat showed in a battle (none before the first)."""
    out: list[list[Any]] = [[] for _ in range(players)]
    if record is not None:
        for turns in record.rounds:
            for turn in turns:
                if not turn.standing:
                    out[turn.seat].append(turn.face_up)
    return out
