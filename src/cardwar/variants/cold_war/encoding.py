"""The integer interface of Cold War (see :mod:`cardwar.encoding`): 66 ids. A suited
card is its :func:`~cardwar.cards.card_index`, 0 to 51; a Joker declared as a rank from
Two to Ace is 52 to 64 (``52 + rank - 2``); a Joker declared as the top rank is 65."""

from __future__ import annotations

import functools
from typing import Any

from cardwar.cards import CARD_COUNT, JOKER, Card, Rank, card_from_index, card_index
from cardwar.encoding import Codec, Part, TensorWriter, pack, relative
from cardwar.errors import ActionTypeError
from cardwar.variants.cold_war import rules
from cardwar.variants.cold_war.rules import TOP, Options, Play, Played
from cardwar.variants.cold_war.sampling import validate

assert int(TOP) - 2 + 52 == 65  # the top rank's id

_JOKERS = 52
_SIZE = _JOKERS + 14


class _Codec(Codec):
    def size(self, options: Options) -> int:
        return _SIZE

    def index(self, options: Options, action: Any) -> int:
        if type(action) is not Play:
            raise ActionTypeError(f"an action of {self.title} is a Play, got {action!r}")
        if action.card.is_joker and action.declared is not None:
            return _JOKERS + int(action.declared) - 2
        if action.card.is_joker or action.declared is not None:
            # Never legal: a Joker is played with a declared rank, and only a Joker.
            raise ActionTypeError(f"{action!r} has no id: only a Joker, and a Joker always, "
                                  "is played with a declared rank")
        return card_index(action.card)

    def action(self, options: Options, index: int) -> Play:
        if index < _JOKERS:
            return Play(card_from_index(index))
        return Play(JOKER, Rank(index - _JOKERS + 2))  # 65: Rank.JOKER, the top

    def legal_action_indices(self, state: Any, partial: tuple[int, ...] = ()) -> tuple[int, ...]:
        """Return the ids of the legal plays, in increasing order: each distinct hand card,
        a Joker once per rank it may be declared as (as legal_actions lists them; a test
        checks that they agree)."""
        self._no_partial(partial)
        seat = rules.to_act(state)
        if seat is None:
            return ()
        ids: set[int] = set()
        for card in state.hands[seat]:
            if card.is_joker:
                ids.update(_JOKERS + int(r) - 2 for r in rules._declarations(state.options))
            else:
                ids.add(card_index(card))
        return tuple(sorted(ids))

    def max_game_length(self, options: Options) -> int | None:
        """Return a bound on the steps of a game under a trick limit: every step plays a
        card that stays on the table until its trick ends, so a trick has at most as
        many steps as the deck has cards; ``None`` without ``max_tricks`` (the deal limit
        alone bounds deals, not the tricks in them)."""
        opts = self._options(options)
        if opts.max_tricks is None:
            return None
        return int(opts.max_tricks) * len(rules.deck(opts))

    def layout(self, options: Options) -> tuple[Part, ...]:
        n = options.players
        return (
            Part("hand", (CARD_COUNT,), False, "the seat's own hand, by card index, over the "
                 "copies of each card in the deck"),
            Part("pool", (CARD_COUNT,), False, "the seat's own pool"),
            Part("pool_top", (CARD_COUNT,), False, "the top card of the seat's own pool"),
            Part("hand_sizes", (n,), True, "cards in each seat's hand, over 3"),
            Part("pool_sizes", (n,), True, "cards in each seat's pool, over the deck's cards"),
            Part("stock_size", (1,), True, "cards in the stock, over the deck's cards"),
            Part("active", (n,), True, "whether each seat is still in the deal"),
            Part("dealer", (n,), True, "the dealer, one-hot"),
            Part("in_round", (n,), True, "whether each seat plays in the current round"),
            Part("plays", (n, CARD_COUNT), True,
                 "the card each seat has played face up in the current round"),
            Part("play_ranks", (n, _RANKS), True,
                 "the rank each seat's play counts as (Two to Ace, then the top), one-hot"),
            Part("rounds", (n, CARD_COUNT), True,
                 "the face-up cards of the completed rounds of the current trick, per seat"),
            Part("war_rank", (_RANKS,), True, "the rank of the war of the current round, if any"),
            Part("stakes", (n,), True, "face-down stakes on the table per seat, over the "
                 "deck's cards"),
            Part("set_aside", (1,), True, "cards set aside unscored this deal, over the deck's "
                 "cards"),
            Part("recent", (n, CARD_COUNT), True,
                 "each seat's last three cards played in this deal"),
            Part("totals", (n,), True, "total scores over the target, clipped into [0, 1]"),
            Part("deals", (1,), True, "deals completed over the deal limit (0 without one)"),
        )

    def write(self, observation: Any, tensor: TensorWriter) -> None:
        obs = observation
        opts: Options = obs.options
        seat = obs.seat
        n = opts.players
        copies, jokers = opts.decks, opts.jokers
        total = self.deck_size(opts)
        tensor.part("hand").cards(obs.hand, copies, jokers)
        tensor.part("pool").cards(obs.pool, copies, jokers)
        tensor.part("pool_top").card(obs.pool[0] if obs.pool else None)
        tensor.part("hand_sizes").fractions(obs.hand_sizes, rules.HAND_SIZE, seat)
        tensor.part("pool_sizes").fractions(obs.pool_sizes, total, seat)
        tensor.part("stock_size").fractions((obs.stock_size,), total)
        tensor.part("active").flags(obs.active, seat)
        tensor.part("dealer").one_hot((obs.dealer - seat) % n, n)
        tensor.part("in_round").packed(_in_round(obs.order, seat, n))
        by_seat: list[Played | None] = [None] * n
        for played in obs.plays:
            by_seat[played.seat] = played
        tensor.part("plays")
        for played in relative(by_seat, seat):
            tensor.card(None if played is None else played.card)
        tensor.part("play_ranks")
        for played in relative(by_seat, seat):
            tensor.one_hot(None if played is None else int(played.rank) - 2, _RANKS)
        tensor.part("rounds")
        if obs.rounds:
            done: list[list[Card]] = [[] for _ in range(n)]
            for plays_of_round in obs.rounds:
                for played in plays_of_round:
                    done[played.seat].append(played.card)
            for cards in relative(done, seat):
                tensor.cards(cards, copies, jokers)
        else:
            tensor.packed(_no_cards(n))
        war = None if obs.war_rank is None else int(obs.war_rank) - 2
        tensor.part("war_rank").one_hot(war, _RANKS)
        tensor.part("stakes").fractions(obs.stake_counts or (0,) * n, total, seat)
        tensor.part("set_aside").fractions((obs.set_aside,), total)
        tensor.part("recent").packed(_recent(obs.recent, seat, n, copies, jokers))
        tensor.part("totals").fractions(obs.totals or (0,) * n, opts.target, seat)
        limit = opts.max_deals
        tensor.part("deals").fractions((obs.deals if limit else 0,), limit or 1)


#: Ranks a play can count as: Two to Ace, then the top.
_RANKS = 14


@functools.lru_cache(maxsize=1024)
def _in_round(order: tuple[int, ...], seat: int, players: int) -> bytes:
    return pack(1.0 if s in order else 0.0 for s in relative(range(players), seat))


@functools.lru_cache(maxsize=4096)
def _recent(recent: tuple[tuple[Card, ...], ...], seat: int, players: int, copies: int,
            jokers: int) -> bytes:
    # The cards each seat won in the last trick, cached by value: they change once a trick.
    row = TensorWriter((), players * CARD_COUNT)
    for cards in relative(recent or ((),) * players, seat):
        row.cards(cards, copies, jokers)
    return row.done().tobytes()


@functools.lru_cache(maxsize=8)
def _no_cards(players: int) -> bytes:
    return pack((0.0,) * (players * CARD_COUNT))

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

#: The options that give a game a length bound where the defaults give none (no
#: ``max_tricks``), for the layers that need one (OpenSpiel): they apply where the game
#: is loaded without them.
BOUNDED_OPTIONS: dict[str, object] = {"max_tricks": 2000}
