"""The integer interface of General's War (see :mod:`cardwar.encoding`): 66 ids.

- 0 to 3: claim the Ace of clubs, diamonds, hearts or spades; 4: pass;
- 5 to 8: challenge seat 0 to 3; 9 to 12: choose seat 0 to 3 as partner;
- 13 to 64: put a card in the squad (``13 + card_index(card)``); 65: the squad is done.

A squad is chosen card by card, as OpenSpiel's Hearts passes cards, so that the space
stays small (every set of up to three cards of 52 would take 23,478 ids): the seat picks
its squad's cards one id at a time in increasing card order (each squad has exactly one
sequence of ids); with ``squad_size=three`` the squad is laid as soon as it holds three
cards (or the whole hand, if shorter), and with ``one_to_three`` at three cards or when
the seat picks 65, "done". Until then the ids chosen so far are the *partial* action
that :func:`legal_action_mask` and :func:`indices_to_action` take; the picks are the
seat's own secret until the squad is laid, as the squad itself is.
:func:`action_from_index` returns a :class:`SquadCard` or :data:`SQUAD_DONE` for those
ids, and :func:`action_to_indices` gives a :class:`~cardwar.variants.generals.rules.Squad`'s
ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardwar._immutable import Immutable
from cardwar.cards import CARD_COUNT, Card, Rank, Suit, card_from_index, card_index
from cardwar.core import IllegalActionError, check_card
from cardwar.encoding import (
    ActionIndexError,
    Codec,
    Part,
    SeatStatus,
    Standing,
    TensorWriter,
    check_index,
    final_standings,
    relative,
)
from cardwar.errors import ActionTypeError
from cardwar.variants.generals import rules
from cardwar.variants.generals.rules import (
    Challenge,
    Claim,
    Options,
    Partner,
    Pass,
    Squad,
    SquadSize,
    State,
)
from cardwar.variants.generals.sampling import validate

CLAIM, PASS, CHALLENGE, PARTNER, PICK, DONE = 0, 4, 5, 9, 13, 65
_SIZE = 66
_SUITS = tuple(Suit)
_ACES = tuple(Card(Rank.ACE, s) for s in _SUITS)


@attrs.frozen(slots=True)
class SquadCard(Immutable):
    """A move of the integer interface: put this card in the squad being chosen."""

    card: Card = attrs.field(validator=check_card)
    """The card."""

    def __str__(self) -> str:
        return f"squad card {self.card}"


@attrs.frozen(slots=True)
class SquadDone(Immutable):
    """A move of the integer interface: the squad being chosen is complete."""

    def __str__(self) -> str:
        return "squad done"


#: The one :class:`SquadDone` move.
SQUAD_DONE = SquadDone()


def _squad_phase(state: State) -> bool:
    return state.result is None and state.claimant is None and bool(state.sides)


class _Codec(Codec):
    def size(self, options: Options) -> int:
        return _SIZE

    def index(self, options: Options, action: Any) -> int:
        kind = type(action)
        if kind is Claim:
            if action.card not in _ACES:
                raise ActionTypeError(f"{action!r} has no id: only an Ace is claimed")
            return CLAIM + _ACES.index(action.card)
        if kind is Pass:
            return PASS
        if kind is Challenge or kind is Partner:
            if not 0 <= action.seat < 4:
                raise ActionTypeError(f"{action!r} has no id: seats are 0 to 3")
            return (CHALLENGE if kind is Challenge else PARTNER) + int(action.seat)
        if kind is SquadCard:
            return PICK + card_index(action.card)
        if kind is SquadDone:
            return DONE
        if kind is Squad:
            raise ActionTypeError(f"a squad is chosen card by card, one id per card: "
                                  f"action_to_indices gives its ids, not {action!r}")
        raise ActionTypeError(f"an action of {self.title} is a Claim, Pass, Challenge, "
                              f"Partner or Squad, got {action!r}")

    def action(self, options: Options, index: int) -> Any:
        if index < PASS:
            return Claim(_ACES[index])
        if index == PASS:
            return Pass()
        if index < PARTNER:
            return Challenge(index - CHALLENGE)
        if index < PICK:
            return Partner(index - PARTNER)
        if index < DONE:
            return SquadCard(card_from_index(index - PICK))
        return SQUAD_DONE

    def action_to_indices(self, options: Any, action: Any) -> tuple[int, ...]:
        """Return the ids that make up ``action``: one id, or a squad's cards in
        increasing card order (and "done" for a squad of fewer than three cards under
        ``squad_size=one_to_three``)."""
        opts = self._options(options)
        if type(action) is not Squad:
            return (self.index(opts, action),)
        ids = tuple(sorted(PICK + card_index(c) for c in action.cards))
        if opts.squad_size is SquadSize.ONE_TO_THREE and len(ids) < 3:
            ids += (DONE,)
        return ids

    def legal_action_indices(self, state: Any, partial: tuple[int, ...] = ()) -> tuple[int, ...]:
        """Return the ids legal now, given the ids chosen so far towards a squad."""
        st: State = self._state(state)
        if not _squad_phase(st):
            return super().legal_action_indices(st, partial)
        return _next_picks(st, _picked(st, partial))

    def indices_to_action(self, state: Any, indices: tuple[int, ...]) -> Any:
        """Return the action the ids make up, or ``None`` while a squad is incomplete;
        raise :class:`~cardwar.core.IllegalActionError` for an id not legal there."""
        st: State = self._state(state)
        if not _squad_phase(st):
            action = super().indices_to_action(st, indices)
            if type(action) in (SquadCard, SquadDone):
                raise IllegalActionError(f"{action} is not legal: no squad is being chosen",
                                         rules.legal_actions(st))
            return action
        if not isinstance(indices, (tuple, list)):
            raise ActionIndexError(f"the ids of an action are a tuple of ints, got {indices!r}")
        if not indices:
            raise ActionIndexError("no ids given")
        picked = _picked(st, indices[:-1])
        last = check_index(indices[-1], self.size(st.options), self.title)
        if last not in _next_picks(st, picked):
            raise IllegalActionError(
                f"id {last!r} is not legal after the squad cards "
                f"{' '.join(map(str, picked)) or '(none yet)'}",
                tuple(self.action(st.options, i) for i in _next_picks(st, picked)),
            )
        if last == DONE:
            return Squad(picked)
        picked = (*picked, card_from_index(last - PICK))
        if len(picked) == _squad_max(st):
            return Squad(picked)
        return None

    def partial_size(self, options: Any) -> int:
        """Return 53: the squad cards picked so far, by card index."""
        self._options(options)
        return CARD_COUNT

    def partial_tensor(self, options: Any, partial: tuple[int, ...]) -> tuple[float, ...]:
        """Return the squad cards picked so far (the ids of ``partial``), by card index."""
        self._options(options)
        if not isinstance(partial, (tuple, list)):
            raise ActionIndexError(f"the ids picked so far are a tuple of ints, got {partial!r}")
        row = [0.0] * CARD_COUNT
        last = PICK - 1
        for i in partial:
            if type(i) is not int or not PICK <= i < DONE:
                raise ActionIndexError(f"{i!r} is not the id of a squad card")
            if i <= last:
                # Each squad has one sequence of ids: its cards in increasing card order.
                raise ActionIndexError(
                    f"the partial squad {tuple(partial)!r} is not one a seat could have "
                    "picked: its cards come in increasing card order, each once")
            last = i
            row[i - PICK] = 1.0
        return tuple(row)

    def returns(self, state: Any) -> tuple[float, ...]:
        """Return +1 for each winner and -1 for the others; played on for places, the
        places spread evenly from +1 (first) to -1 (last); 0 for all in a draw and while
        the game runs."""
        st: State = self._state(state)
        if st.result is None or not st.options.places:
            return super().returns(st)
        n = len(st.places)
        return tuple(1.0 - 2.0 * (p - 1) / (n - 1) if p is not None else 0.0
                     for p in st.places)

    def standings(self, state: Any) -> tuple[Standing, ...]:
        """Return every seat's standing; a seat that has left a game played on for
        places is finished with its place."""
        st: State = self._state(state)
        if st.options.places:
            return tuple(Standing(SeatStatus.PLAYING) if p is None
                         else Standing(SeatStatus.FINISHED, p) for p in st.places)
        if st.result is not None:
            return final_standings(st.result, len(st.hands))
        return self.running_standings(st)

    def max_game_length(self, options: Options) -> int | None:
        """Return a bound on the steps of any game of ``options``, whatever the players
        choose (GENERALS-BOUND); every option set has one.

        The bound sums, over the most deals a game can have, the most steps of a deal
        with the ``m`` players still playing. In a deal: each claim reveals one of the
        deck's Aces and takes at least one card from a reserve that is not empty, and
        each player passes at most once (no claim and no pass when the reserves start
        empty or ``claim_cards`` is 0). Each squad lays at least one card for good (a
        card never goes back into a hand within a deal); with ``squad_size=three`` a
        squad of fewer than three cards empties the hand, which draws three again while
        the reserve holds three, so a player lays at most two such squads a deal (one
        from the hand it starts with, one once the reserve has run short), and the
        other squads take three cards each. Each battle lays at least two squads, and
        with more than two players it has one choice of opponent or partner. Every deal
        banks the whole deck's points ``V`` among the players still playing
        (GENERALS-DEAL-END), none of whom had reached the target ``T`` before it, so the
        ``m`` players of ``j`` such deals had at least ``(j - 1) V`` points between them
        before the last and at most ``m (T - 1)``: at most ``m (T - 1) // V + 1`` deals
        with ``m`` players, for each ``m`` from the number of players down to 2 when
        they play on for places, and for the number of players alone otherwise. Killing
        generals only ends a game sooner.

        >>> from cardwar import generals
        >>> generals.max_game_length(generals.options())  # 2 deals of 4 + 2 + 20 steps
        52
        """
        opts = self._options(options)
        cards = rules.deck(opts)
        points = sum(map(rules.card_value, cards))
        aces = sum(c.rank is Rank.ACE for c in cards)
        n, hand, take = opts.players, opts.hand_size, opts.claim_cards
        if opts.deck_mode is rules.DeckMode.COLOUR_HALVES:
            reserves = [len(h) - hand for h in rules._halves(opts.ranks, opts.suits)]
        else:
            reserves = []  # the shared reserve, by the players dealt (below)
        total = 0
        for m in range(n, 1, -1) if opts.places else (n,):
            left = reserves or [len(cards) - m * hand]
            claims = min(aces, sum(-(-r // take) for r in left)) + m if take else 0
            if not any(left):
                claims = 0
            squads = len(cards)
            if opts.squad_size is SquadSize.THREE:
                # At most two squads of fewer than three cards per player (below).
                small = min(2 * m, squads)
                squads = min(squads, (squads - small) // 3 + small)
            deal = claims + squads + (squads // 2 if m > 2 else 0)
            total += (m * (opts.target - 1) // points + 1) * deal
        return total

    def layout(self, options: Options) -> tuple[Part, ...]:
        n = options.players
        return (
            Part("hand", (CARD_COUNT,), False, "the seat's own hand, by card index"),
            Part("squad", (CARD_COUNT,), False, "the seat's own squad committed this battle"),
            Part("committed", (n,), True, "whether each seat has committed its squad"),
            Part("committed_sizes", (n,), True, "cards in each committed squad, over 3"),
            Part("generals", (n, 4), True,
                 "each seat's claimed generals still in its hand, by suit"),
            Part("hand_sizes", (n,), True, "cards in each seat's hand, over 52"),
            Part("reserve_sizes", (2,), True,
                 "cards in each reserve (the shared one first), over 52"),
            Part("won_sizes", (n,), True, "cards in each seat's won pile, over 52"),
            Part("pot", (n, CARD_COUNT), True, "the cards left on the table by equal sums"),
            Part("scores", (n,), True, "scores over the target, clipped into [0, 1]"),
            Part("kills", (n, n), True,
                 "generals of seat j killed by seat i, over kills_to_win"),
            Part("places", (n,), True, "each seat's place over the seats (0 while it plays)"),
            Part("dealer", (n,), True, "the dealer, one-hot"),
            Part("claimant", (n,), True, "the seat deciding on a claim, one-hot (none)"),
            Part("chooser", (n,), True, "the chooser of the battle, one-hot"),
            Part("sides", (n, 2), True,
                 "the side of the battle each seat fights on (the chooser's first)"),
            Part("deals", (1,), True, "the number of the current deal, over 8, clipped"),
        )

    def write(self, observation: Any, tensor: TensorWriter) -> None:
        obs = observation
        opts: Options = obs.options
        seat = obs.seat
        n = opts.players
        tensor.part("hand").cards(obs.hand)
        tensor.part("squad").cards(obs.squad or ())
        tensor.part("committed").flags(obs.committed, seat)
        tensor.part("committed_sizes").fractions(obs.committed_sizes, 3, seat)
        tensor.part("generals")
        for shown in relative(obs.revealed, seat):
            tensor.flags([ace in shown for ace in _ACES])
        tensor.part("hand_sizes").fractions(obs.hand_sizes, 52, seat)
        reserves = (*obs.reserve_sizes, 0)[:2]
        tensor.part("reserve_sizes").fractions(reserves, 52)
        tensor.part("won_sizes").fractions(obs.won_sizes, 52, seat)
        tensor.part("pot")
        for cards in relative(obs.pot, seat):
            tensor.cards(cards)
        tensor.part("scores").fractions(obs.scores, opts.target, seat)
        tensor.part("kills")
        for row in relative(obs.kills, seat):
            tensor.fractions(row, opts.kills_to_win, seat)
        tensor.part("places").fractions(
            relative([p or 0 for p in obs.places], seat), n)
        tensor.part("dealer").one_hot((obs.dealer - seat) % n, n)
        claimant = None if obs.claimant is None else (obs.claimant - seat) % n
        tensor.part("claimant").one_hot(claimant, n)
        tensor.part("chooser").one_hot((obs.chooser - seat) % n, n)
        tensor.part("sides")
        for s in relative(range(n), seat):
            tensor.flags([s in side for side in (*obs.sides, (), ())[:2]])
        tensor.part("deals").fractions((obs.deals,), 8)


def _squad_max(state: State) -> int:
    hand = state.hands[rules.to_act(state) or 0]
    if state.options.squad_size is SquadSize.THREE:
        return min(3, len(hand))
    return 3


def _picked(state: State, partial: Sequence[int]) -> tuple[Card, ...]:
    if not isinstance(partial, (tuple, list)):
        raise ActionIndexError(f"the ids picked so far are a tuple of ints, got {partial!r}")
    picked: list[Card] = []
    for i in partial:
        if type(i) is not int or i not in _next_picks(state, tuple(picked)) or i == DONE:
            raise ActionIndexError(
                f"the partial squad {tuple(partial)!r} is not one the seat could have "
                "picked: cards of its hand, in increasing card order, before 'done'"
            )
        picked.append(card_from_index(i - PICK))
    return tuple(picked)


def _next_picks(state: State, picked: tuple[Card, ...]) -> tuple[int, ...]:
    seat = rules.to_act(state)
    assert seat is not None
    hand = sorted(card_index(c) for c in state.hands[seat])
    last = card_index(picked[-1]) if picked else -1
    need = _squad_max(state) - len(picked)
    later = [i for i in hand if i > last]
    if state.options.squad_size is SquadSize.THREE:
        # Only a card that leaves enough higher cards to finish the squad.
        ids = [PICK + i for k, i in enumerate(later) if len(later) - k - 1 >= need - 1]
    else:
        ids = [PICK + i for i in later] if need > 0 else []
        if picked:
            ids.append(DONE)
    return tuple(ids)


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

