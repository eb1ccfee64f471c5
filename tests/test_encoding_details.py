"""Details of the observation tensors that the main tests leave open, written from mutation
testing: the exact layouts (every part's name, shape, public flag and description) of the
War family (:mod:`cardwar.variants._battle.encoding`) and of General's War, as
docs/research.md tabulates them; every value of a War tensor, from the observing seat's
point of view (seat-relative rows), with a reduced two-copy deck, ``wars_to_win`` and a
battle limit, and without either; and the message that refuses an action other than
``Play.PLAY``. Also: War's and Peace's codecs telling their states apart, Caravan's id
space and length bound under custom decks and its refused ids, Cold War's refused Joker
plays, Arneson's 52 ids and its tensor of the seat's own choice; General's War's squad
picked id by id: the messages and legal lists of its refusals, and no fourth squad card."""

from __future__ import annotations

from types import ModuleType

import attrs
import pytest

from cardwar import arneson, caravan, cold_war, generals, peace, war
from cardwar.cards import CARD_COUNT, Rank, card_index, parse_card, parse_cards
from cardwar.core import IllegalActionError
from cardwar.encoding import ActionIndexError, Part, tensor_part
from cardwar.errors import ActionTypeError, StateError
from cardwar.variants._battle.rules import BattleRecord, Turn
from cardwar.variants.caravan.encoding import max_numbers
from cardwar.variants.generals.encoding import DONE, PICK
from tests.support_generals import game


def _battle_layout(n: int) -> tuple[Part, ...]:
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


def _exact(layout: tuple[Part, ...]) -> list[tuple[object, ...]]:
    # Every field of each part, its size (which Part's equality leaves out) included.
    return [(p.name, p.shape, p.public, p.doc, p.size) for p in layout]


def _row(values: dict[str, float]) -> tuple[float, ...]:
    row = [0.0] * CARD_COUNT
    for text, value in values.items():
        row[card_index(parse_card(text))] = value
    return tuple(row)


def test_battle_layouts_are_the_documented_parts() -> None:
    # kills BattleEncoding.layout mutmut_4 to 83 (public flags and descriptions)
    for players in (2, 3):
        layout = war.observation_layout(war.options(players=players))
        assert _exact(layout) == _exact(_battle_layout(players))
    assert _exact(peace.observation_layout(peace.options())) == _exact(_battle_layout(2))
    assert war.observation_shape(war.options(players=3)) == (3 + 3 + 1 + 3 + 1 + 3 * 53,)


def test_generals_layout_is_the_documented_parts() -> None:
    # kills generals _Codec.layout mutmut_4 to 43 (private hand and squad, public rest)
    n = 4
    expected = (
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
    assert _exact(generals.observation_layout(generals.options(players=n))) == _exact(expected)


def test_an_action_other_than_play_is_refused_by_name() -> None:
    # kills BattleEncoding.index mutmut_2
    with pytest.raises(ActionTypeError) as err:
        war.action_to_index(war.options(), "play")
    assert str(err.value) == "the one action of War is Play.PLAY, got 'play'"
    with pytest.raises(ActionTypeError) as err:
        peace.action_to_index(peace.options(), None)
    assert str(err.value) == "the one action of Peace is Play.PLAY, got None"


def test_war_tensor_of_a_hand_made_position_seen_by_seat_1() -> None:
    # Three seats, a 16-card deck of two copies, wars_to_win=5 and a limit of 40 battles;
    # seat 1 sees its own row first, then seat 2's, then seat 0's.
    # kills BattleEncoding.write mutmut_5, 17, 19, 20, 33, 38, 39, 47, 49, 50, 71, 74, 81
    opts = war.options(players=3, ranks="2 3 4 5", suits="SH", decks=2, face_down=1,
                       pickup_order="win_pile", wars_to_win=5, max_battles=40)
    last = BattleRecord(
        rounds=(
            (Turn(0, 0, parse_card("5S")), Turn(1, 0, parse_card("5H")),
             Turn(2, 0, parse_card("3S"))),
            (Turn(0, 1, parse_card("2S")), Turn(1, 1, parse_card("4H"))),
        ),
        winner=1,
        cards=7,
    )
    obs = war.Observation(seat=1, stock_sizes=(5, 3, 2), won_sizes=(2, 3, 0), set_aside=1,
                          battles=12, wars_won=(1, 3, 0), last=last, result=None,
                          options=opts, wars=4)
    layout = war.observation_layout(opts)
    tensor = war.observation_tensor(obs)
    assert tensor_part(layout, tensor, "stock_sizes") == (3 / 16, 2 / 16, 5 / 16)
    assert tensor_part(layout, tensor, "won_sizes") == (3 / 16, 0.0, 2 / 16)
    assert tensor_part(layout, tensor, "set_aside") == (1 / 16,)
    assert tensor_part(layout, tensor, "wars_won") == (3 / 5, 0.0, 1 / 5)
    assert tensor_part(layout, tensor, "progress") == (12 / 40,)
    # One card of two copies counts 0.5.
    assert tensor_part(layout, tensor, "last_battle") == (
        _row({"5H": 0.5, "4H": 0.5}) + _row({"3S": 0.5}) + _row({"5S": 0.5, "2S": 0.5}))
    assert war.observation_tensor(obs, check=True) == tensor


def test_war_tensor_without_a_target_or_a_limit() -> None:
    # A first battle that is a war, won by seat 0, seen by seat 1: without wars_to_win the
    # wars won count over the battles played (one), and without a battle limit the
    # progress is 0.
    # kills BattleEncoding.write mutmut_44, 63, 64 (and the rotation mutants again)
    opts = war.options(ranks="2 3 4 5", suits="SH", face_down=1, max_battles=None)
    state = war.new_game(0, opts, deal=["5S 2S 3S 4S", "5H 3H 2H 4H"])
    state = war.step(state, war.Play.PLAY)
    layout = war.observation_layout(opts)
    tensor = war.observation_tensor(war.observe(state, 1))
    assert tensor == war.observation_tensor(war.observe(state, 1), check=True)
    assert tensor_part(layout, tensor, "stock_sizes") == (1 / 8, 7 / 8)
    assert tensor_part(layout, tensor, "won_sizes") == (0.0, 0.0)
    assert tensor_part(layout, tensor, "set_aside") == (0.0,)
    assert tensor_part(layout, tensor, "wars_won") == (0.0, 1.0)
    assert tensor_part(layout, tensor, "progress") == (0.0,)
    assert tensor_part(layout, tensor, "last_battle") == (
        _row({"5H": 1.0, "2H": 1.0}) + _row({"5S": 1.0, "3S": 1.0}))
    # Seat 0's own view after a second war: each seat's war over the two battles.
    state = war.step(state, war.Play.PLAY)
    mine = war.observation_tensor(war.observe(state, 0))
    assert (state.battles, state.wars_won) == (2, (1, 1))
    assert tensor_part(layout, mine, "wars_won") == (1 / 2, 1 / 2)
    assert tensor_part(layout, mine, "progress") == (0.0,)


def test_war_progress_counts_battles_over_the_limit() -> None:
    opts = war.options(ranks="2 3 4 5", suits="SH", face_down=1, max_battles=4)
    state = war.new_game(0, opts, deal=["5S 2S 3S 4S", "5H 3H 2H 4H"])
    layout = war.observation_layout(opts)
    assert tensor_part(layout, war.observation_tensor(war.observe(state, 0)),
                       "progress") == (0.0,)
    state = war.step(state, war.Play.PLAY)
    assert tensor_part(layout, war.observation_tensor(war.observe(state, 1)),
                       "progress") == (1 / 4,)


def test_cold_war_layout_is_the_documented_parts() -> None:
    # kills cold_war _Codec.layout survivors (private and public flags, descriptions)
    for n in (3, 4):
        expected = (
            Part('hand', (CARD_COUNT,), False,
                 "the seat's own hand, by card index, over the copies of each card in the deck"),
            Part('pool', (CARD_COUNT,), False, "the seat's own pool"),
            Part('pool_top', (CARD_COUNT,), False, "the top card of the seat's own pool"),
            Part('hand_sizes', (n,), True, "cards in each seat's hand, over 3"),
            Part('pool_sizes', (n,), True, "cards in each seat's pool, over the deck's cards"),
            Part('stock_size', (1,), True, "cards in the stock, over the deck's cards"),
            Part('active', (n,), True, 'whether each seat is still in the deal'),
            Part('dealer', (n,), True, 'the dealer, one-hot'),
            Part('in_round', (n,), True, 'whether each seat plays in the current round'),
            Part('plays', (n, CARD_COUNT), True,
                 'the card each seat has played face up in the current round'),
            Part('play_ranks', (n, 14), True,
                 "the rank each seat's play counts as (Two to Ace, then the top), one-hot"),
            Part('rounds', (n, CARD_COUNT), True,
                 'the face-up cards of the completed rounds of the current trick, per seat'),
            Part('war_rank', (14,), True, 'the rank of the war of the current round, if any'),
            Part('stakes', (n,), True,
                 "face-down stakes on the table per seat, over the deck's cards"),
            Part('set_aside', (1,), True,
                 "cards set aside unscored this deal, over the deck's cards"),
            Part('recent', (n, CARD_COUNT), True,
                 "each seat's last three cards played in this deal"),
            Part('totals', (n,), True, 'total scores over the target, clipped into [0, 1]'),
            Part('deals', (1,), True, 'deals completed over the deal limit (0 without one)'),
        )
        layout = cold_war.observation_layout(cold_war.options(players=n))
        assert _exact(layout) == _exact(expected)


def test_arneson_layout_is_the_documented_parts() -> None:
    # kills arneson _Codec.layout survivors (private and public flags, descriptions)
    expected = (
        Part('hand', (CARD_COUNT,), False,
             "the seat's own hand, by card index, over the copies of each card in the deck"),
        Part('committed', (CARD_COUNT,), False, "the seat's own hidden choice this round"),
        Part('opponent_committed', (1,), True, 'whether the opponent has chosen this round'),
        Part('hand_sizes', (2,), True, "cards in each seat's hand, over hand_size"),
        Part('stock_sizes', (2,), True, "cards in each seat's stock, over the deck's cards"),
        Part('won_sizes', (2,), True, "cards in each seat's win pile, over the deck's cards"),
        Part('table', (2, CARD_COUNT), True, 'the face-up cards of the war in progress, per seat'),
        Part('stakes', (2,), True,
             'face-down cards each seat staked for the round being chosen, over face_down'),
        Part('wars_won', (2,), True,
             'wars won per seat, over wars_to_win (over the battles played without it)'),
        Part('progress', (1,), True, 'battles played over the battle limit (0 without one)'),
        Part('last_battle', (2, CARD_COUNT), True,
             'the face-up cards each seat showed in the last battle'),
    )
    assert _exact(arneson.observation_layout(arneson.options())) == _exact(expected)


def test_caravan_layout_is_the_documented_parts() -> None:
    # kills caravan _Codec.layout survivors (private and public flags, descriptions)
    expected = (
        Part('hand', (CARD_COUNT,), False,
             "the seat's own hand, by card index, over the copies of each card in both decks"),
        Part('hand_sizes', (2,), True, "cards in each seat's hand, over opening_hand"),
        Part('deck_sizes', (2,), True, "cards in each seat's deck, over its size"),
        Part('caravans', (6, 170), True,
             "the six caravans in seat-relative order (the seat's own three first), one row "
             'each: its value over 26 (clipped); empty, selling (21 to 26), over 26; its suit,'
             ' one-hot (none); ascending, descending (neither); its number cards, by card '
             'index (53); the face cards on it (53); its last number card (53); its number '
             'cards over P'),
        Part('discards', (CARD_COUNT,), True, 'the discard pile'),
        Part('opening', (2,), True, 'whether each seat is still in its opening'),
        Part('turns', (1,), True, "turns played, over the game's length bound"),
    )
    assert _exact(caravan.observation_layout(caravan.options())) == _exact(expected)


@pytest.mark.parametrize(("game", "other"), [(war, peace), (peace, war)], ids=["war", "peace"])
def test_a_war_family_codec_names_the_game_whose_options_a_state_has(
    game: ModuleType, other: ModuleType
) -> None:
    """War's and Peace's states share a class; their codecs tell them apart by the
    options and name both games when a state is the other one's."""
    state = attrs.evolve(game.new_game(1), options=other.options())
    for call in (game.returns, game.standings, game.num_players):
        with pytest.raises(StateError) as err:
            call(state)
        assert str(err.value) == f"expected a state of {game.TITLE}, got one of {other.NAME}"


#: Two legal custom Caravan decks (CARAVAN-DECK-CUSTOM, at least 30 cards): 30 cards of
#: which 18 are number cards, and 33 number cards.
_FACE_HEAVY = ("JC QC KC JD QD KD JH QH KH JS QS KS 2C 3C 4C 5C 6C 7C 8C 9C 10C AC "
               "2D 3D 4D 5D 6D 7D 8D 9D")
_NUMBERS_ONLY = ("2C 3C 4C 5C 6C 7C 8C 9C 10C AC 2D 3D 4D 5D 6D 7D 8D 9D 10D AD "
                 "2H 3H 4H 5H 6H 7H 8H 9H 10H AH 2S 3S 4S")


@pytest.mark.parametrize("decks", [(_FACE_HEAVY, _NUMBERS_ONLY), (_NUMBERS_ONLY, _FACE_HEAVY)],
                         ids=["seat 1 larger", "seat 0 larger"])
def test_caravan_ids_and_length_bound_count_each_seats_own_deck(decks: tuple[str, str]) -> None:
    """P is the number cards of the deck with more of them (33 here, whichever seat owns
    it), and the game's length bound adds each seat's own deck: its cards and its number
    cards (30 + 18 and 33 + 33)."""
    opts = caravan.options(deck_0=decks[0], deck_1=decks[1])
    assert max_numbers(opts) == 33
    assert caravan.num_actions(opts) == 240 + 78 * 33 + 53 + 6
    assert caravan.max_game_length(opts) == (30 + 18) + (33 + 33)


def test_caravan_max_numbers_of_one_gives_one_target() -> None:
    """A cap of one number card per caravan makes P 1: one target per face card."""
    opts = caravan.options(max_numbers=1)
    assert max_numbers(opts) == 1
    assert caravan.num_actions(opts) == 240 + 78 + 53 + 6


def test_caravan_ids_refuse_a_sixth_caravan_and_a_target_past_p() -> None:
    """Only caravans 0 to 5 and targets 0 to P - 1 have ids; the messages say so."""
    opts = caravan.options()
    with pytest.raises(ActionTypeError, match=r"caravan=6, target=None\) has no id: "
                                              r"caravans are 0 to 5$"):
        caravan.action_to_index(opts, caravan.Play(parse_card("5H"), 6))
    with pytest.raises(ActionTypeError, match=r"only a face card takes a target, 0 to 39$"):
        caravan.action_to_index(opts, caravan.Play(parse_card("KS"), 0, 40))
    assert caravan.action_to_index(opts, caravan.Play(parse_card("KS"), 5, 39)) == 3119


@pytest.mark.parametrize("play", ["JK", "9S=Q"])
def test_a_cold_war_play_with_the_joker_rule_broken_has_no_id(play: str) -> None:
    """A Joker without a declared rank and another card with one are never legal; their
    ids are refused with the whole rule."""
    card, _, rank = play.partition("=")
    action = cold_war.Play(parse_card(card), Rank.QUEEN if rank else None)
    with pytest.raises(ActionTypeError) as err:
        cold_war.action_to_index(cold_war.options(), action)
    assert str(err.value) == (f"{action!r} has no id: only a Joker, and a Joker always, is "
                              "played with a declared rank")


@pytest.mark.parametrize("opts", [{}, {"ranks": "2 3", "decks": 2}], ids=["default", "small"])
def test_arneson_has_an_id_per_card_of_the_standard_deck(opts: dict[str, object]) -> None:
    """Arneson's War has one action id per card of the 52-card deck, whatever the options;
    the legal-action mask has as many bytes."""
    options = arneson.options(**opts)
    assert arneson.num_actions(options) == 52
    assert len(arneson.legal_action_mask(arneson.new_game(1, options))) == 52


def test_an_arneson_tensor_shows_the_seats_own_choice_only() -> None:
    """Once seat 0 has chosen its card (2C) for the round, its tensor shows that card in
    ``committed``; seat 1's shows only that the opponent has chosen."""
    state = arneson.new_game(1)
    choice = arneson.legal_actions(state)[0]
    assert str(choice) == "2C"
    state = arneson.step(state, choice)
    layout = arneson.observation_layout(arneson.options())
    mine = arneson.observation_tensor(arneson.observe(state, 0))
    assert tensor_part(layout, mine, "committed") == _row({"2C": 1.0})
    assert tensor_part(layout, mine, "opponent_committed") == (0.0,)
    theirs = arneson.observation_tensor(arneson.observe(state, 1))
    assert tensor_part(layout, theirs, "committed") == _row({})
    assert tensor_part(layout, theirs, "opponent_committed") == (1.0,)


def _pick(text: str) -> int:
    # The id that puts the card ``text`` in the squad being chosen.
    return PICK + card_index(parse_card(text))


def _squad_phase(squad_size: str) -> generals.State:
    # No claims: seat 1 chooses its squad first, from 2H 3H 4H 5H.
    state = game(["2S 3S 4S 5S", "2H 3H 4H 5H"], "", squad_size=squad_size, claim_cards=0)
    assert generals.to_act(state) == 1
    return state


def test_generals_claim_of_a_card_other_than_an_ace_has_no_id() -> None:
    """Only the four Aces are claimed; a Claim of another card is refused by name."""
    # kills generals encoding _Codec.index mutmut_5
    action = generals.Claim(parse_card("KS"))
    with pytest.raises(ActionTypeError) as err:
        generals.action_to_index(generals.options(), action)
    assert str(err.value) == f"{action!r} has no id: only an Ace is claimed"


def test_generals_ids_outside_a_squad_refuse_partial_ids_and_squad_cards() -> None:
    """While seat 0 decides on a claim no squad is chosen: a partial squad is refused,
    and so is a squad card, whose error lists the legal actions (claim AS, pass)."""
    # kills generals encoding _Codec.legal_action_indices mutmut_8,
    # _Codec.indices_to_action mutmut_15
    state = game(["AS 2S", "2H 3H"], "3S AH", claim_cards=1)
    partial = (_pick("2S"),)
    with pytest.raises(ActionIndexError) as err:
        generals.legal_action_indices(state, partial)
    assert str(err.value) == ("every action of General's War is one id: there is no partial "
                              f"action, got {partial!r}")
    with pytest.raises(IllegalActionError) as illegal:
        generals.indices_to_action(state, partial)
    assert illegal.value.legal == generals.legal_actions(state)
    assert str(illegal.value) == ("squad card 2S is not legal: no squad is being chosen; "
                                  "legal actions: claim AS, pass")


def test_generals_partial_squad_not_from_the_hand_is_refused_by_message() -> None:
    """A partial squad holding a card of another seat's hand is refused with the rule."""
    # kills generals encoding _picked mutmut_12, _13
    partial = (_pick("2S"),)
    with pytest.raises(ActionIndexError) as err:
        generals.legal_action_indices(_squad_phase("three"), partial)
    assert str(err.value) == (f"the partial squad {partial!r} is not one the seat could have "
                              "picked: cards of its hand, in increasing card order, before "
                              "'done'")


def test_generals_no_ids_is_refused_by_message() -> None:
    # kills generals encoding _Codec.indices_to_action mutmut_21 (the exact message)
    with pytest.raises(ActionIndexError) as err:
        generals.indices_to_action(_squad_phase("three"), ())
    assert str(err.value) == "no ids given"


def test_generals_illegal_squad_card_names_the_picks_and_the_legal_cards() -> None:
    """With squads of three from 2H 3H 4H 5H, the cards come in increasing order and each
    must leave enough higher cards: first only 2H or 3H (5H is refused, nothing picked
    yet); after 2H 4H only 5H (3H is refused). Each error names the picks so far, space
    separated, and lists the legal squad cards."""
    # kills generals encoding _Codec.indices_to_action mutmut_41, _42, _44, _45, _49, _50
    state = _squad_phase("three")
    with pytest.raises(IllegalActionError) as err:
        generals.indices_to_action(state, (_pick("5H"),))
    assert err.value.legal == (generals.SquadCard(parse_card("2H")),
                               generals.SquadCard(parse_card("3H")))
    assert str(err.value) == (f"id {_pick('5H')} is not legal after the squad cards (none "
                              "yet); legal actions: squad card 2H, squad card 3H")
    with pytest.raises(IllegalActionError) as err:
        generals.indices_to_action(state, (_pick("2H"), _pick("4H"), _pick("3H")))
    assert err.value.legal == (generals.SquadCard(parse_card("5H")),)
    assert str(err.value) == (f"id {_pick('3H')} is not legal after the squad cards 2H 4H; "
                              "legal actions: squad card 5H")


def test_generals_one_to_three_squad_takes_no_fourth_card() -> None:
    """A squad holds at most three cards under ``one_to_three`` too: after 2H 3H 4H no
    squad card is legal, though 5H is higher, and picking it is refused."""
    # kills generals encoding _next_picks mutmut_32, _34
    state = _squad_phase("one_to_three")
    three = (_pick("2H"), _pick("3H"), _pick("4H"))
    assert generals.indices_to_action(state, three) == generals.Squad(parse_cards("2H 3H 4H"))
    legal = generals.legal_action_indices(state, three)
    assert [i for i in legal if i != DONE] == []
    with pytest.raises(IllegalActionError, match="not legal after the squad cards 2H 3H 4H"):
        generals.indices_to_action(state, (*three, _pick("5H")))
