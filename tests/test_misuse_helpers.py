"""The misuse suite of the library's helper functions (issue 21): every function of a
module's ``__all__`` that takes arguments, given values of the wrong type or out of range
in place of each, answers with one of cardwar's own errors (``CardwarError``), whose
message says what it expected and what it got; and the same functions given good values
still give what they gave before (the values of their doctests and tests).

A wrong type is an :class:`~cardwar.errors.ArgumentTypeError` (a ``TypeError``, and an
``ArgumentError`` too), a value out of range an :class:`~cardwar.errors.ArgumentError`,
unless the module had its own error for that argument already (a deal's ``DealError``,
a deck's ``CardError``, a generator's ``StateError``)."""

from __future__ import annotations

import math
from array import array
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardwar
from cardwar import batch, encoding, errors, piles, records, render, rng, rulebook, sampling
from cardwar import cards as cards_module
from cardwar import svg as svg_module
from cardwar import tournament as tournament_module
from cardwar.cards import Card, DealError, parse_card, parse_cards
from cardwar.core import Outcome, Termination
from cardwar.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardwarError,
    SeatError,
    StateError,
)
from cardwar.piles import Pile
from cardwar.rng import Rng

#: The junk the issue's probe passes: none of it a good argument of any of the functions.
JUNK: list[Any] = [None, "x", -1, object(), 2**70, (), 1.5, b"", [1]]
#: Values of the wrong type where an int is due.
NOT_INTS: list[Any] = [None, "3", 3.0, True, object(), (), b"", [1], complex(1)]


def _stable_id(value: Any) -> str:
    """Return a test id for ``value`` that is the same in every run: ``repr`` of a plain
    object holds its address, and an id that changes between processes breaks tools
    that list tests in one process and run them in another (mutmut, ``--lf``)."""
    return "object()" if type(value) is object else repr(value)

junk = st.one_of(
    st.none(), st.booleans(), st.floats(allow_nan=True), st.text(max_size=5),
    st.binary(max_size=4), st.complex_numbers(), st.lists(st.integers(), max_size=2),
    st.sampled_from([object(), (), math.inf, type, Ellipsis]),
)

WAR = cardwar.war
STATE = WAR.new_game(1)
OUTCOME = Outcome(Termination.ALL_CARDS, (1,))


def _any(value: object) -> Any:
    """Return ``value`` as it is, typed ``Any``: a wrong value on purpose."""
    return value


def _raises(call: Any, cls: type[Exception] = ArgumentTypeError, match: str = "") -> None:
    with pytest.raises(CardwarError) as info:
        call()
    assert isinstance(info.value, cls), f"{type(info.value).__name__}: {info.value}"
    if match:
        assert match in str(info.value), str(info.value)


def test_the_new_error_is_a_type_error_and_an_argument_error() -> None:
    assert issubclass(ArgumentTypeError, CardwarError)
    assert issubclass(ArgumentTypeError, TypeError)
    assert issubclass(ArgumentTypeError, ArgumentError)
    assert cardwar.ArgumentTypeError is ArgumentTypeError


# --- rng -----------------------------------------------------------------------------------


def test_mix64_keeps_its_values() -> None:
    assert hex(rng.mix64(0)) == "0x0"
    assert hex(rng.mix64(1)) == "0x5692161d100b05e5"
    assert rng.mix64(rng.MASK64) == rng._mix64(rng.MASK64)


@pytest.mark.parametrize("z", NOT_INTS, ids=_stable_id)
def test_mix64_refuses_what_is_not_an_int(z: Any) -> None:
    with pytest.raises(ArgumentTypeError, match=r"^mix64 expects an int in \[0, 2\*\*64 - 1\], "
                                                r"got "):
        rng.mix64(z)


@given(z=st.one_of(st.integers(max_value=-1), st.integers(min_value=2**64)))
@settings(max_examples=30)
def test_mix64_refuses_ints_beyond_64_bits(z: int) -> None:
    with pytest.raises(ArgumentError, match=rf"^mix64 expects an int .*, got {z}"):
        rng.mix64(z)


def test_choose_index_keeps_its_values_and_refuses_junk() -> None:
    assert rng.choose_index(Rng.from_seed(1), 3)[0] == 1
    assert rng.choose_index(Rng.from_seed(1), 10**6)[0] < 10**6
    for bad in JUNK:
        _raises(lambda b=bad: rng.choose_index(b, 3),
                match="choose_index expects a cardwar.rng.Rng")
    for bad in [None, "3", 1.5, True, object()]:
        _raises(lambda b=bad: rng.choose_index(Rng.from_seed(1), b),
                match="choose_index expects an int >= 1")
    for bad in (0, -1):
        _raises(lambda b=bad: rng.choose_index(Rng.from_seed(1), b), ArgumentError,
                match="choose_index expects an int >= 1")


def test_below_says_what_bound_it_takes_with_cardwars_error() -> None:
    _raises(lambda: Rng.from_seed(0).below(0), ArgumentError, "bound must be an int in [1, ")
    _raises(lambda: Rng.from_seed(0).below("6"), ArgumentTypeError, "bound must be")  # type: ignore[arg-type]


def test_advanced_generator_keeps_its_values_and_refuses_junk() -> None:
    r = Rng.from_seed(3)
    assert rng.advanced(r, r.key, r.counter) is r
    assert rng.advanced(r, r.key, 5) == Rng(r.key, 5)
    chance = rng.ChanceRng(rng.Draws((1, 2)), 0)
    moved: Any = rng.advanced(chance, chance.key, 2)  # type: ignore[arg-type]
    assert moved == rng.ChanceRng(rng.Draws((1, 2)), 2)
    for bad in JUNK:
        _raises(lambda b=bad: rng.advanced(b, b, b), match="advanced expects a cardwar.rng.Rng")
    _raises(lambda: rng.advanced(chance, 7, 2), match="advanced expects the Draws")  # type: ignore[arg-type]
    _raises(lambda: rng.advanced(chance, chance.key, -2), ArgumentError,  # type: ignore[arg-type]
            match="advanced's counter expects an int >= 0")
    with pytest.raises(cardwar.SeedError):
        rng.advanced(r, r.key, "5")  # type: ignore[arg-type]


# --- errors ----------------------------------------------------------------------------------


def test_check_seat_refuses_junk_players_and_keeps_its_answers() -> None:
    assert errors.check_seat(1, 2) == 1
    _raises(lambda: errors.check_seat(1.0, 2), SeatError, "seat must be an int in [0, 1], got 1.0")
    for bad in JUNK:
        with pytest.raises(CardwarError, match=r"check_seat's players expects an int >= 1|"
                                               r"seat must be an int"):
            errors.check_seat(bad, bad)
    _raises(lambda: errors.check_seat(0, None), ArgumentTypeError,  # type: ignore[arg-type]
            "check_seat's players expects an int >= 1, got NoneType None")
    _raises(lambda: errors.check_seat(0, 0), ArgumentError, "check_seat's players")


def test_check_state_refuses_junk_class_and_title() -> None:
    errors.check_state(STATE, type(STATE), "War")
    _raises(lambda: errors.check_state(None, type(STATE), "War"), StateError,
            "expected a state of War")
    for bad in JUNK:
        _raises(lambda b=bad: errors.check_state(b, b, b), match="check_state's cls expects "
                                                                 "a state class")
    _raises(lambda: errors.check_state(None, type(STATE), _any(3)), match="check_state's game")


# --- piles ------------------------------------------------------------------------------------


def test_piles_advanced_keeps_its_values() -> None:
    two = parse_cards("2S 3S")
    assert piles.advanced(two, 3, parse_cards("4S 5S")) == (parse_card("5S"),)
    assert piles.advanced(two, 1) == (parse_card("3S"),)
    assert piles.advanced(list(two), 0, parse_cards("4S")) == parse_cards("2S 3S 4S")
    after = piles.advanced(Pile.of(two), 1, parse_cards("4S"))
    assert type(after) is Pile
    assert after == parse_cards("3S 4S")
    assert piles.advanced(Pile.of(two), 0, [parse_card("4S")]) == parse_cards("2S 3S 4S")  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", JUNK, ids=_stable_id)
def test_piles_advanced_refuses_junk(bad: Any) -> None:
    with pytest.raises(CardwarError, match=r"^advanced's (taken|pile|cards) expects "):
        piles.advanced(bad, bad, bad)
    if bad != ():  # an empty pile
        with pytest.raises(CardwarError, match=r"^advanced's (taken|pile) expects "):
            piles.advanced(bad, 0)
    if bad != ():
        with pytest.raises(CardwarError, match=r"^advanced's cards expects a sequence of cards"):
            piles.advanced(parse_cards("2S"), 0, bad)
    _raises(lambda: piles.advanced(parse_cards("2S"), -1), ArgumentError,
            "advanced's taken expects an int >= 0, got -1")


def test_piled_keeps_its_values_and_refuses_junk() -> None:
    two = (parse_cards("2S"), parse_cards("3S"))
    assert piles.piled(two, 52) == two
    assert all(type(p) is Pile for p in piles.piled([list(p) for p in two], 300))
    for bad in JUNK:
        with pytest.raises(CardwarError, match=r"^piled('s deck_size|'s piles)? expects "):
            piles.piled(bad, bad)
    _raises(lambda: piles.piled(_any(["2S 3S"]), 52),
            match="piled's piles expects a sequence of cards")
    _raises(lambda: piles.piled(two, -1), ArgumentError, "piled's deck_size")


# --- cards -------------------------------------------------------------------------------------


def test_cards_format_cards() -> None:
    assert cards_module.format_cards(parse_cards("10H JK AS")) == "10H JK AS"
    assert cards_module.format_cards(Pile.of(parse_cards("2C"))) == "2C"
    assert cards_module.format_cards(()) == ""
    for bad in [None, "x", -1, object(), 2**70, 1.5, [1], ["AS"], [parse_card("AS"), None]]:
        _raises(lambda b=bad: cards_module.format_cards(b),
                match="format_cards expects an iterable of cards")


def test_reduced_deck_refuses_what_names_no_ranks_or_suits() -> None:
    assert [str(c) for c in cards_module.reduced_deck("2 3", "SH")] == ["2H", "3H", "2S", "3S"]
    assert cards_module.reduced_deck({14, 13}, {"S"}) == parse_cards("KS AS")
    for bad in JUNK:
        with pytest.raises(cardwar.CardError):
            cards_module.reduced_deck(bad, bad)
    _raises(lambda: cards_module.reduced_deck(None), cardwar.CardError,  # type: ignore[arg-type]
            "bad ranks None: expected notation or an iterable of ranks")
    _raises(lambda: cards_module.reduced_deck("2", 5), cardwar.CardError,  # type: ignore[arg-type]
            "bad suits 5")


def test_check_deal_refuses_junk_piles_and_decks() -> None:
    deck = parse_cards("2S 3S 4S")
    cards_module.check_deal([parse_cards("2S 3S"), Pile.of(parse_cards("4S"))], deck)
    with pytest.raises(DealError, match="missing cards of the deck: 4S"):
        cards_module.check_deal([parse_cards("2S 3S")], deck)
    cards_module.check_deal((), ())  # no piles of an empty deck
    for bad in JUNK:
        if bad == ():
            continue
        with pytest.raises(DealError, match=r"^an explicit deal is a list of piles|^each pile"):
            cards_module.check_deal(bad, bad)
    _raises(lambda: cards_module.check_deal(_any(["2S 3S 4S"]), deck), DealError,
            "each pile of a deal is a sequence of cards, got '2S 3S 4S'")
    _raises(lambda: cards_module.check_deal([deck], None),  # type: ignore[arg-type]
            match="check_deal expects the deck as a sequence of cards, got NoneType None")


# --- render ----------------------------------------------------------------------------------


def test_render_formats_keep_their_values() -> None:
    ten = parse_card("10H")
    assert (render.format_card(ten), render.format_card(ten, ascii=True)) == ("10♥", "10H")
    assert render.format_card(None) == "--"
    assert render.format_card(cardwar.JOKER) == "JK"
    assert render.format_cards(parse_cards("10H AS")) == "10♥ A♠"
    assert render.format_cards(()) == "-"
    assert render.format_card_suit("H", False) == "♥"
    assert render.format_card_suit("H", True) == "H"
    assert render.symbolize("0:9S 1:JK=TOP -> seat 0 takes 7") == "0:9♠ 1:JK=TOP -> seat 0 takes 7"
    assert render.symbolize("9S", ascii=True) == "9S"
    assert render.indent_block(["War", "a"]) == "War\n  a"
    assert render.players_text(cardwar.generals) == "2 or 4"
    assert render.player_counts(cardwar.caravan) == (2,)
    assert render.render_fields("T", OUTCOME).startswith("T\n  termination: ")


@given(bad=junk)
@settings(max_examples=40)
def test_render_helpers_refuse_junk(bad: Any) -> None:
    for ascii in (False, True) if bad is not None else ():
        with pytest.raises(ArgumentTypeError, match=r"^format_card expects a Card or None, got "):
            render.format_card(bad, ascii=ascii)
    if not isinstance(bad, (str, bytes, list, tuple)) or bad:
        with pytest.raises(ArgumentTypeError, match=r"^format_cards? expects "):
            render.format_cards(_any(bad))
    if not isinstance(bad, str):
        with pytest.raises(ArgumentTypeError, match=r"^symbolize expects a str, got "):
            render.symbolize(bad, ascii=True)
        with pytest.raises(ArgumentTypeError, match=r"^render_fields expects a str title"):
            render.render_fields(bad, OUTCOME)
    if bad not in render.SUIT_SYMBOLS if isinstance(bad, str) else True:
        with pytest.raises(ArgumentError, match=r"^format_card_suit expects a suit letter"):
            render.format_card_suit(bad, True)
    if not (isinstance(bad, (list, tuple)) and all(isinstance(x, str) for x in bad)):
        with pytest.raises(ArgumentTypeError, match=r"^indent_block expects a list of str"):
            render.indent_block(bad)
    for call in (render.player_counts, render.players_text):
        with pytest.raises(ArgumentTypeError, match=r"^expected a variant, got "):
            call(bad)


def test_render_values_out_of_range() -> None:
    _raises(lambda: render.format_card_suit("J", False), ArgumentError,
            "format_card_suit expects a suit letter (C, D, H or S), got 'J'")
    _raises(lambda: render.indent_block([]), ArgumentError, "indent_block expects at least one")


# --- encoding --------------------------------------------------------------------------------


def test_encoding_functions_keep_their_values() -> None:
    assert [str(s) for s in encoding.final_standings(OUTCOME, 3)] == [
        "finished 2", "finished 1", "finished 2"]
    assert encoding.win_loss_returns(OUTCOME, 3) == (-1.0, 1.0, -1.0)
    assert encoding.win_loss_returns(None, 2) == (0.0, 0.0)
    assert encoding.relative("ABC", 1) == ["B", "C", "A"]
    assert encoding.relative("ABC", 0) == "ABC"
    assert encoding.relative(range(3), 2) == [2, 0, 1]
    assert encoding.pack((0.5, 1.0)) == array("d", (0.5, 1.0)).tobytes()
    layout = WAR.observation_layout(STATE.options)
    tensor = WAR.observation_tensor(WAR.observe(STATE, 0))
    assert encoding.tensor_part(layout, tensor, "stock_sizes") == (0.5, 0.5)
    names = [p.name for p in encoding.information_state_layout(WAR, STATE.options)]
    assert names[5:8] == ["last_battle", "seen_stock_sizes", "seen_won_sizes"]
    states = [STATE, WAR.step(STATE, WAR.Play.PLAY)]
    text = encoding.information_state(WAR, states, 1)
    assert text.count("seat 1's view") == 1  # the view now, and a digest of the views
    assert text != encoding.information_state(WAR, states[:1], 1)
    assert len(encoding.information_state_tensor(WAR, states, 0)) == 2 * len(tensor)
    assert encoding.seen_tensor(WAR, states, 0) == encoding.seen_tensor(WAR, states[1:], 0,
                                                                        tensor)
    after, partial = encoding.step_index(WAR, STATE, (), WAR.legal_action_indices(STATE)[0])
    assert partial == ()
    assert after == states[1]


@pytest.mark.parametrize("bad", JUNK, ids=_stable_id)
def test_encoding_functions_refuse_junk(bad: Any) -> None:
    _raises(lambda: encoding.final_standings(bad, bad), match="final_standings's result "
                                                              "expects an Outcome, got ")
    _raises(lambda: encoding.win_loss_returns(OUTCOME, bad), CardwarError,
            "win_loss_returns's players expects an int in [1, 16384]")
    if bad is not None:
        _raises(lambda: encoding.win_loss_returns(bad, 2), match="win_loss_returns's result "
                                                                 "expects an Outcome or None")
    for call in (
        lambda: encoding.information_state(bad, bad, bad),
        lambda: encoding.information_state_layout(bad, bad),
        lambda: encoding.information_state_tensor(bad, bad, bad),
        lambda: encoding.seen_tensor(bad, bad, bad),
        lambda: encoding.step_index(bad, bad, bad, bad),
    ):
        _raises(call, match="expects a variant (such as cardwar.war), got ")
    _raises(lambda: encoding.tensor_part(bad, bad, bad),
            match="tensor_part's name expects a str" if bad in ((), b"") else
            "tensor_part's layout expects a sequence of Part values")
    if bad not in ((), b"", [1]):  # no values, or ints: rows to pack
        _raises(lambda: encoding.pack(bad), match="pack expects an iterable of floats")
    with pytest.raises(CardwarError, match=r"^relative"):
        encoding.relative(bad, bad)


def test_encoding_arguments_beside_a_good_game() -> None:
    states = [STATE]
    _raises(lambda: encoding.information_state(WAR, None, 0),  # type: ignore[arg-type]
            match="information_state's history expects a sequence of states")
    _raises(lambda: encoding.information_state_tensor(WAR, 5, 0),  # type: ignore[arg-type]
            match="information_state_tensor's history")
    _raises(lambda: encoding.seen_tensor(WAR, states, 0, "x"),  # type: ignore[arg-type]
            match="seen_tensor's seen expects an array of floats")
    _raises(lambda: encoding.step_index(WAR, STATE, None, 0),  # type: ignore[arg-type]
            match="step_index's partial expects a tuple of ids")
    with pytest.raises(SeatError):
        encoding.information_state(WAR, states, "0")  # type: ignore[arg-type]
    layout = WAR.observation_layout(STATE.options)
    _raises(lambda: encoding.tensor_part(layout, (), "hand"), ArgumentError,
            "no tensor part 'hand'; parts: ")
    _raises(lambda: encoding.tensor_part(layout, (), 3), match="tensor_part's name expects")  # type: ignore[arg-type]
    _raises(lambda: encoding.tensor_part(layout, None, "stock_sizes"),  # type: ignore[arg-type]
            match="tensor_part's tensor expects")
    _raises(lambda: encoding.relative([1, 2], 2), ArgumentError,
            "relative expects a seat in [0, 1] of its 2 values, got 2")
    _raises(lambda: encoding.relative([1, 2], True), match="relative's seat expects an int")
    _raises(lambda: encoding.relative([1, 2], False), match="relative's seat expects an int")
    _raises(lambda: encoding.final_standings(OUTCOME, 0), ArgumentError,
            "final_standings's players expects an int in [1, 16384], got 0")


# --- sampling -------------------------------------------------------------------------------


def test_sampling_helpers_keep_their_values() -> None:
    assert sampling.cut(_any((1, 2, 3)), [2, 0, 1]) == _any([(1, 2), (), (3,)])
    assert sampling.unseen(parse_cards("2S 3S 3S 4S"), parse_cards("3S")) == list(
        parse_cards("2S 3S 4S"))
    r = Rng.from_seed(5)
    fresh, after = sampling.fresh_rng(r)
    word, expected = r.bits()
    assert (fresh, after) == (Rng.from_seed(word), expected)


@pytest.mark.parametrize("bad", JUNK, ids=_stable_id)
def test_sampling_helpers_refuse_junk(bad: Any) -> None:
    if bad != ():
        _raises(lambda: sampling.cut(bad, bad), match="cut expects the cards as a tuple")
    _raises(lambda: sampling.fresh_rng(bad), StateError, "expected a cardwar.rng.Rng, got ")
    if bad not in ((), b"", [1]):  # [1]: nothing of it unseen, nothing of it seen
        with pytest.raises(CardwarError, match=r"^unseen's (deck|seen) expects an iterable"):
            sampling.unseen(bad, bad)


def test_cut_refuses_sizes_that_do_not_cut_the_cards() -> None:
    _raises(lambda: sampling.cut(_any((1, 2, 3)), [1, 1]), ArgumentError,
            "cut expects sizes >= 0 that add up to the 3 cards, got [1, 1]")
    _raises(lambda: sampling.cut(_any((1, 2, 3)), [4, -1]), ArgumentError, "cut expects sizes >= 0")
    _raises(lambda: sampling.cut(_any((1, 2, 3)), _any([1.5, 1.5])),
            match="cut's sizes expects a list")
    _raises(lambda: sampling.cut(_any((1, 2, 3)), None), match="cut's sizes expects a list")  # type: ignore[arg-type]


# --- batch, records, rulebook, svg, tournament -------------------------------------------


def test_batch_summaries_refuse_what_is_not_a_chunk() -> None:
    chunks = list(batch.simulate("war", seeds=range(4)))
    summary = batch.summarize(chunks)
    assert summary.games == 4
    assert batch.termination(chunks[0], 0) == chunks[0].rows().__next__()[4]
    assert batch.termination(chunks[0], -1) == list(chunks[0].rows())[-1][4]
    games = list(batch.play("caravan", master_seed=3, games=3, max_steps=40))
    assert batch.summarize_games(games).games == 3
    for bad in JUNK:
        if bad != ():  # no chunks: "no games to summarize", an ArgumentError already
            _raises(lambda b=bad: batch.summarize(b))
            _raises(lambda b=bad: batch.summarize_games(b))
        _raises(lambda b=bad: batch.termination(b, b), match="termination expects a BatchChunk")
    _raises(lambda: batch.summarize(_any(games)), match="summarize expects BatchChunk values")
    _raises(lambda: batch.summarize_games(_any(chunks)), match="summarize_games expects GameChunk")
    _raises(lambda: batch.summarize(None), match="summarize's chunks must be an iterable")  # type: ignore[arg-type]
    _raises(lambda: batch.termination(chunks[0], 4), ArgumentError,
            "the chunk holds 4 games, it has no game 4")
    for bad in (None, "0", 0.0, True):
        _raises(lambda b=bad: batch.termination(chunks[0], b),
                match="termination's i expects an int game index")


def test_deal_notation_refuses_what_is_not_a_deal() -> None:
    assert records.deal_notation(["3s 2h", ["T♥"]]) == (("3S", "2H"), ("10H",))
    assert records.deal_notation(None) is None
    for bad in JUNK:
        if bad is None or bad == ():
            continue
        with pytest.raises((DealError, cardwar.CardError)):
            records.deal_notation(bad)
    _raises(lambda: records.deal_notation(5), DealError,  # type: ignore[arg-type]
            "an explicit deal is a list of piles")
    # The whole message: the check for text is records' own, after check_deal_piles.
    _raises(lambda: records.deal_notation("AS KS"), DealError,
            "an explicit deal is a list of piles (each a string of card notation or a list of "
            "cards), got str")


def test_rules_text_refuses_what_is_not_text() -> None:
    assert rulebook.rules_text("# War\n\nPlay a [card](x.md).") == "War\n===\n\nPlay a card.\n"
    for bad in JUNK:
        if not isinstance(bad, str):
            _raises(lambda b=bad: rulebook.rules_text(b), match="rules_text expects a rules "
                                                                "page's Markdown")
    _raises(lambda: rulebook.rules_text("# War", None), match="rules_text's options")  # type: ignore[arg-type]


def test_draw_refuses_what_is_not_a_picture() -> None:
    assert svg_module.draw(svg_module.Picture("T", ())).startswith("<svg")
    for bad in JUNK:
        _raises(lambda b=bad: svg_module.draw(b), match="draw expects a Picture, got ")


def test_wilson_refuses_what_is_no_proportion() -> None:
    wilson = tournament_module.wilson
    assert [round(x, 3) for x in wilson(60, 100)] == [0.502, 0.691]
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0.1 * 3 * 10, 3 * 10)[1] <= 1.0  # a score times its meetings, rounded
    assert wilson(2**70, 2**70)[1] == 1.0
    for bad in JUNK:
        if bad == 2**70:
            continue
        with pytest.raises(CardwarError, match=r"^wilson's (trials|successes)"):
            wilson(bad, bad)
    _raises(lambda: wilson(60, True), match="wilson's trials expects an int >= 0")
    _raises(lambda: wilson(60, 50), ArgumentError, "wilson's successes must be in [0, trials]")
    _raises(lambda: wilson(-1, 50), ArgumentError, "wilson's successes must be in")
    _raises(lambda: wilson(math.nan, 50), ArgumentError, "wilson's successes must be finite")
    _raises(lambda: wilson(5, 50, 0), ArgumentError, "wilson's z must be > 0")
    _raises(lambda: wilson(5, 50, "2"), match="wilson's z expects a number")  # type: ignore[arg-type]


def test_every_helper_of_the_issue_answers_junk_with_cardwars_error() -> None:
    # The issue's probe, for the functions it named: each junk value in place of every
    # required positional argument.
    import inspect

    functions: list[Any] = [
        batch.summarize, batch.summarize_games, batch.termination, cards_module.check_deal,
        cards_module.format_cards, cards_module.reduced_deck, encoding.final_standings,
        encoding.information_state, encoding.information_state_layout,
        encoding.information_state_tensor, encoding.pack, encoding.relative,
        encoding.seen_tensor, encoding.step_index, encoding.tensor_part,
        encoding.win_loss_returns, errors.check_seat, errors.check_state, piles.advanced,
        piles.piled, records.deal_notation, render.format_card, render.format_card_suit,
        render.format_cards, render.indent_block, render.player_counts, render.players_text,
        render.render_fields, render.symbolize, rng.advanced, rng.choose_index, rng.mix64,
        rulebook.rules_text, sampling.cut, sampling.fresh_rng, sampling.unseen,
        svg_module.draw, tournament_module.wilson,
    ]
    for function in functions:
        params = inspect.signature(function).parameters.values()
        required = [p for p in params if p.default is p.empty
                    and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        for bad in JUNK:
            try:
                function(*[bad] * len(required))
            except CardwarError as err:
                message = str(err)
            except Exception as err:  # pragma: no cover - the failure it reports
                pytest.fail(f"{function.__module__}.{function.__name__}({bad!r}, ...) raised "
                            f"{type(err).__name__}: {err}")
            else:
                continue  # a good call after all (wilson(2**70, 2**70))
            assert len(message) >= 10, message  # it says what is wrong


def test_card_is_still_the_cards_type() -> None:
    # format_cards calls Card.__str__ itself: it is the notation str() gives.
    assert all(Card.__str__(c) == str(c) for c in cardwar.cards.standard_deck(jokers=1))


def test_history_functions_answer_arguments_that_fail_together(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Each argument passes its own check, but together they fail inside the variant's
    # functions: still cardwar's error, with Python's own message after it.
    state = cardwar.arneson.new_game(1)
    _raises(lambda: encoding.information_state(cardwar.arneson, [state], 0, _any([5])),
            match="information_state cannot use its arguments: 'int' object is not iterable")
    _raises(lambda: encoding.information_state(cardwar.arneson, [], _any("x")),
            match="information_state's seat expects an int seat")
    _raises(lambda: encoding.information_state(cardwar.arneson, [], 0, _any(5)),
            match="information_state's partials expects a sequence of tuples of ids")

    def broken(*args: Any) -> Any:
        raise TypeError("broken inside")

    monkeypatch.setattr(cardwar.arneson, "observation_tensor", broken)
    _raises(lambda: encoding.seen_tensor(cardwar.arneson, [state], 0),
            match="seen_tensor cannot use its arguments: broken inside")
    _raises(lambda: encoding.information_state_tensor(cardwar.arneson, [state], 0),
            match="information_state_tensor cannot use its arguments: broken inside")
    monkeypatch.setattr(cardwar.arneson, "indices_to_action", broken)
    _raises(lambda: encoding.step_index(cardwar.arneson, state, (), 0),
            match="step_index cannot use its arguments: broken inside")


def test_unseen_refuses_text_for_the_cards_seen() -> None:
    deck = parse_cards("2S 3S")
    _raises(lambda: sampling.unseen(deck, _any("2S")), match="unseen's seen expects an iterable")


def test_history_functions_pass_on_the_variants_own_errors() -> None:
    # A variant's own error raised inside (a TypeError too) goes out as it is.
    state = cardwar.generals.new_game(1)
    with pytest.raises(StateError, match="expected a state of Arneson's War"):
        encoding.seen_tensor(cardwar.arneson, [_any(5)], 0)
    with pytest.raises(StateError, match="expected a state of Arneson's War"):
        encoding.information_state_tensor(cardwar.arneson, [_any(5)], 0)
    with pytest.raises(cardwar.errors.ActionTypeError, match="an action id of General's War"):
        encoding.step_index(cardwar.generals, state, (), _any(None))
    arneson_state = cardwar.arneson.new_game(1)
    with pytest.raises(ArgumentTypeError, match="history expects a sequence of states"):
        encoding.information_state_tensor(cardwar.arneson, _any({arneson_state}), 0)


def test_rng_refusals_say_which_argument_and_value() -> None:
    # An int bound out of range is a value error, not a type error; the value given is named.
    with pytest.raises(ArgumentError) as caught:
        Rng.from_seed(1).below(0)
    assert not isinstance(caught.value, TypeError)
    assert str(caught.value) == f"bound must be an int in [1, {rng.MAX_BOUND}], got 0"
    with pytest.raises(ArgumentTypeError) as typed:
        Rng.from_seed(1).below("3")  # type: ignore[arg-type]
    assert str(typed.value) == f"bound must be an int in [1, {rng.MAX_BOUND}], got '3'"
    with pytest.raises(ArgumentTypeError) as caught:
        rng.choose_index("x", 3)  # type: ignore[arg-type]
    assert str(caught.value) == "choose_index expects a cardwar.rng.Rng, got str 'x'"
    with pytest.raises(ArgumentError) as caught:
        rng.choose_index(Rng.from_seed(1), 0)
    assert str(caught.value) == "choose_index expects an int >= 1, got 0"
    with pytest.raises(ArgumentTypeError) as caught:
        rng.choose_index(Rng.from_seed(1), "3")  # type: ignore[arg-type]
    assert str(caught.value) == "choose_index expects an int >= 1, got str '3'"
