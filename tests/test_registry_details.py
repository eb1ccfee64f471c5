"""Details of the variant registry (``cardwar.variants``) that the conformance suite does
not pin down: the exact error for an unknown name, and the registry a fresh interpreter
builds when it imports the package.

Written from mutation testing (``scripts/mutation.py``): each test kills mutants of
``cardwar.variants`` that survived the rest of the suite.
"""

from __future__ import annotations

import pytest

import cardwar
from cardwar.variants import UnknownVariantError
from tests.support_process import run_text


def test_an_unknown_variant_lists_the_known_names_in_registration_order() -> None:
    with pytest.raises(UnknownVariantError) as info:
        cardwar.variant("chess")
    assert str(info.value) == (
        "unknown variant 'chess'; known variants: "
        "war, peace, arneson, cold-war, generals, caravan"
    )


def test_a_fresh_interpreter_registers_the_six_variants_on_import() -> None:
    # The registry is built once, when the package is imported: only a new process
    # shows what that import does.
    code = "import cardwar; print(' '.join(cardwar.variant_names()))"
    done = run_text(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["war", "peace", "arneson", "cold-war", "generals", "caravan"]


def test_as_variant_names_the_argument_and_the_value() -> None:
    from cardwar.errors import ArgumentError
    from cardwar.variants import as_variant

    with pytest.raises(ArgumentError) as caught:
        as_variant(3)  # type: ignore[arg-type]
    assert str(caught.value) == "variant must be a variant or its name, got 3"
    with pytest.raises(ArgumentError) as caught:
        as_variant(None, "game")  # type: ignore[arg-type]
    assert str(caught.value) == "game must be a variant or its name, got None"
