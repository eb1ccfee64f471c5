"""cardwar: the card game War and its variants as verified, pure, seeded state machines.

>>> import cardwar
>>> war = cardwar.variant("war")
>>> state = war.new_game(seed=7)
>>> [len(stock) for stock in state.stocks]
[26, 26]
>>> state = war.step(state, war.legal_actions(state)[0])
>>> state.battles
1
"""

from types import ModuleType
from typing import TYPE_CHECKING

from cardwar._version import __version__
from cardwar.cards import JOKER, Card, CardError, DealError, Rank, Suit, parse_card, parse_cards
from cardwar.core import (
    GameOverError,
    IllegalActionError,
    NotationError,
    OptionError,
    Outcome,
    Termination,
    Variant,
)
from cardwar.errors import (
    ActionTypeError,
    ArgumentError,
    ArgumentTypeError,
    CardwarError,
    OptionsTypeError,
    SeatError,
    StateError,
)
from cardwar.rng import Rng, SeedError, derive_seed
from cardwar.variants import UnknownVariantError, all_variants, variant, variant_names

if TYPE_CHECKING:
    from cardwar import encoding as encoding
    from cardwar import piles as piles
    from cardwar import render as render
    from cardwar import sampling as sampling
    from cardwar import svg as svg
    from cardwar.variants import arneson, caravan, cold_war, generals, peace, war

#: The built-in games, imported when first asked for (``cardwar.war``), so that
#: ``import cardwar`` stays quick.
_GAMES = ("arneson", "caravan", "cold_war", "generals", "peace", "war")


#: The modules that ``import cardwar`` used to load on the way to the games, and so were
#: attributes of the package without an import of their own: they still are, imported
#: when first asked for.
_MODULES = ("encoding", "piles", "render", "sampling", "svg")


def __getattr__(name: str) -> ModuleType:
    """Return a built-in game (``cardwar.war``) or one of :data:`_MODULES`, importing it
    when first asked for."""
    if name in _GAMES:
        game = variant(name)
        assert isinstance(game, ModuleType)
        return game
    if name in _MODULES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_GAMES, *_MODULES})

__all__ = [
    "JOKER",
    "ActionTypeError",
    "ArgumentError",
    "ArgumentTypeError",
    "Card",
    "CardError",
    "CardwarError",
    "DealError",
    "GameOverError",
    "IllegalActionError",
    "NotationError",
    "OptionError",
    "OptionsTypeError",
    "Outcome",
    "Rank",
    "Rng",
    "SeatError",
    "SeedError",
    "StateError",
    "Suit",
    "Termination",
    "UnknownVariantError",
    "Variant",
    "__version__",
    "all_variants",
    "arneson",
    "caravan",
    "cold_war",
    "derive_seed",
    "generals",
    "parse_card",
    "parse_cards",
    "peace",
    "variant",
    "variant_names",
    "war",
]
