"""The ``cardwar`` command as a player meets it in a terminal: help texts printed as
written, a fresh seed for each game unless one is given, the rules through a pager and
opening on How to play, and lines that fit the terminal's width."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardwar.cli import main


def run_main(args: list[str]) -> int:
    """Return ``main``'s exit status, also when argparse exits."""
    try:
        return main(args)
    except SystemExit as stop:
        return int(stop.code or 0)


def answer(monkeypatch: pytest.MonkeyPatch, *replies: str) -> None:
    """Make ``input()`` give ``replies`` in turn, then end of input."""
    pending: Iterator[str] = iter(replies)

    def fake_input(prompt: str = "") -> str:
        print(prompt, end="")
        try:
            return next(pending)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)


def test_tournament_help_shows_a_percent_sign_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_main(["tournament", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "95% intervals" in out
    assert "%%" not in out
