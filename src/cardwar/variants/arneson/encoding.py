"""The integer interface of Arneson's War (see :mod:`cardwar.encoding`): choosing a card
is its :func:`~cardwar.cards.card_index`, 0 to 51 (the deck has no Joker)."""

from __future__ import annotations

from typing import Any

from cardwar.cards import CARD_COUNT, card_from_index, card_index
from cardwar.encoding import Codec, Part, TensorWriter, relative
from cardwar.errors import ActionTypeError
from cardwar.variants._battle.encoding import face_up_by_seat
from cardwar.variants.arneson import rules
from cardwar.variants.arneson.rules import Choose, Options
from cardwar.variants.arneson.sampling import validate


class _Codec(Codec):
    def size(self, options: Options) -> int:
        return 52

    def index(self, options: Options, action: Any) -> int:
        if type(action) is not Choose:
            raise ActionTypeError(f"an action of {self.title} is a Choose, got {action!r}")
        return card_index(action.card)

    def action(self, options: Options, index: int) -> Choose:
        return Choose(card_from_index(index))

    def legal_action_indices(self, state: Any, partial: tuple[int, ...] = ()) -> tuple[int, ...]:
        """Return the ids of the legal choices, in increasing order: the acting seat's
        distinct hand cards (as legal_actions lists them; a test checks that they agree)."""
        self._no_partial(partial)
        seat = rules.to_act(state)
        if seat is None:
            return ()
        return tuple(sorted({card_index(c) for c in state.hands[seat]}))

    def max_game_length(self, options: Options) -> int | None:
        """Return a bound on the steps of a game: each battle has at most as many
        choices as the deck has cards (every choice lays a card that stays on the table
        until the battle ends), times the battle limit; ``None`` without a limit."""
        opts = self._options(options)
        if opts.max_battles is None:
            return None
        return int(opts.max_battles) * len(rules.deck(opts))

    def layout(self, options: Options) -> tuple[Part, ...]:
        return (
            Part("hand", (CARD_COUNT,), False, "the seat's own hand, by card index, over the "
                 "copies of each card in the deck"),
            Part("committed", (CARD_COUNT,), False, "the seat's own hidden choice this round"),
            Part("opponent_committed", (1,), True, "whether the opponent has chosen this round"),
            Part("hand_sizes", (2,), True, "cards in each seat's hand, over hand_size"),
            Part("stock_sizes", (2,), True, "cards in each seat's stock, over the deck's cards"),
            Part("won_sizes", (2,), True, "cards in each seat's win pile, over the deck's cards"),
            Part("table", (2, CARD_COUNT), True,
                 "the face-up cards of the war in progress, per seat"),
            Part("stakes", (2,), True,
                 "face-down cards each seat staked for the round being chosen, over face_down"),
            Part("wars_won", (2,), True,
                 "wars won per seat, over wars_to_win (over the battles played without it)"),
            Part("progress", (1,), True, "battles played over the battle limit (0 without one)"),
            Part("last_battle", (2, CARD_COUNT), True,
                 "the face-up cards each seat showed in the last battle"),
        )

    def write(self, observation: Any, tensor: TensorWriter) -> None:
        obs = observation
        opts: Options = obs.options
        seat = obs.seat
        copies = opts.decks
        total = self.deck_size(opts)
        tensor.part("hand").cards(obs.hand, copies)
        tensor.part("committed").cards(() if obs.committed is None else (obs.committed,))
        tensor.part("opponent_committed").flags((obs.opponent_committed,))
        tensor.part("hand_sizes").fractions(obs.hand_sizes, opts.hand_size, seat)
        tensor.part("stock_sizes").fractions(obs.stock_sizes, total, seat)
        tensor.part("won_sizes").fractions(obs.won_sizes, total, seat)
        tensor.part("table")
        table: list[list[Any]] = [[], []]
        for turns in obs.rounds:
            for turn in turns:
                table[turn.seat].append(turn.face_up)
        for cards in relative(table, seat):
            tensor.cards(cards, copies)
        tensor.part("stakes").fractions(obs.stakes, max(1, opts.face_down), seat)
        target = opts.wars_to_win or max(1, obs.battles)
        tensor.part("wars_won").fractions(obs.wars_won, target, seat)
        limit = opts.max_battles
        tensor.part("progress").fractions((obs.battles if limit else 0,), limit or 1)
        tensor.part("last_battle")
        for cards in relative(face_up_by_seat(obs.last, 2), seat):
            tensor.cards(cards, copies)


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
