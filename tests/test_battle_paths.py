"""Differential test of the battle engine's specialised paths: the two-player fast paths
(a battle without a tie, a war under ``last_card_stands``) must give exactly the state
that the general any-number-of-players battle gives, battle after battle."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardwar import peace, war
from cardwar.variants import _battle
from cardwar.variants._battle import rules as battle_rules
from cardwar.variants.peace import rules as peace_rules
from cardwar.variants.war import rules as war_rules
from tests.strategies import seeds


def agree(state: _battle.BattleState, rules: _battle.Rules) -> int:
    """Play to the end both ways from ``state``; return the number of battles compared."""
    fast = slow = state
    n = 0
    while fast.result is None:
        fast = _battle.play_battle(fast, rules)
        slow = battle_rules._general_battle(slow, rules)
        assert fast == slow, f"battle {fast.battles}: the fast path differs"
        n += 1
    return n


@given(
    seed=seeds,
    face_down=st.integers(0, 4),
    pickup=st.sampled_from(list(war.Pickup)),
    out=st.sampled_from(list(war.OutOfCards)),
    repeat=st.sampled_from(list(war.RepeatedTie)),
    wars=st.one_of(st.none(), st.integers(1, 4)),
    ranks=st.sampled_from([None, "2 3 4", "2 3 4 5 6"]),
)
@settings(max_examples=80)
def test_war_fast_paths_equal_the_general_battle(
    seed: int,
    face_down: int,
    pickup: war.Pickup,
    out: war.OutOfCards,
    repeat: war.RepeatedTie,
    wars: int | None,
    ranks: str | None,
) -> None:
    deck = {} if ranks is None else {"ranks": ranks, "suits": "SH"}
    options = war.options(
        face_down=face_down,
        pickup_order=pickup,
        out_of_cards=out,
        repeated_tie=repeat,
        wars_to_win=wars,
        max_battles=2000,
        **deck,
    )
    assert agree(war.new_game(seed, options), war_rules._rules(options)) >= 1


@given(seed=seeds, pickup=st.sampled_from(list(peace.Pickup)))
@settings(max_examples=40)
def test_peace_fast_paths_equal_the_general_battle(seed: int, pickup: peace.Pickup) -> None:
    options = peace.options(pickup_order=pickup)
    assert agree(peace.new_game(seed, options), peace_rules._rules(options)) >= 1


def test_fast_paths_on_many_default_games() -> None:
    rules = war_rules._rules(war.Options())
    battles = sum(agree(war.new_game(seed), rules) for seed in range(60))
    assert battles > 60 * 50
