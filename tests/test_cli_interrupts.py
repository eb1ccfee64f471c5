"""Ctrl-C ends a command at once, whatever runs (a kernel compiling on a worker thread, or
on this one), and a first compile is announced instead of looking frozen."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from cardwar import cli
from cardwar._compiling import COMPILE_NOTICE, compile_notices, kernels_running
from cardwar.cli import simulate

# A command whose batch engine is a worker thread that would run for a minute: what a
# kernel compiling on a cold cache looks like from the main thread.
SLOW_WORKER = textwrap.dedent("""
    import sys, time
    from cardwar import batch
    from cardwar.cli import main

    def play(*args, executor, **kwargs):
        def work():
            print("working", flush=True)
            time.sleep(60)
        yield executor.submit(work).result()

    batch.play = play
    sys.exit(main(["simulate", "caravan", "-n", "20000", "--seed", "1", "--jobs", "2"]))
""")


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_while_a_worker_thread_runs_exits_at_once_with_status_130(
        tmp_path: Path) -> None:
    script = tmp_path / "slow.py"
    script.write_text(SLOW_WORKER, encoding="utf-8")
    # A new session, so that the child's SIGINT comes from us alone; and the child takes
    # Ctrl-C as a terminal gives it, whatever this process does with SIGINT (a shell's
    # background job ignores it, and an ignored signal stays ignored across exec).
    child = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True,
                             preexec_fn=_default_sigint)
    try:
        assert child.stdout is not None
        for line in child.stdout:  # the header, then the worker's word that it runs
            if line.strip() == "working":
                break
        else:  # pragma: no cover - only when the test fails
            pytest.fail(f"the worker never ran: {child.communicate()[1]}")
        time.sleep(0.3)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        status = child.wait(timeout=20)
        took = time.monotonic() - sent
        _, err = child.communicate()
    finally:
        if child.poll() is None:  # pragma: no cover - only when the test fails
            child.kill()
    assert status == 130, err
    assert "interrupted" in err
    assert took < 5, f"exit took {took:.1f} s after Ctrl-C"


def test_an_interrupt_turned_into_another_error_still_ends_with_130(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # numba, interrupted while it compiles a kernel on this thread, raises RuntimeError
    # ("no compiled object yet") instead of the KeyboardInterrupt.
    def compiling(args: Any) -> int:
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
        except KeyboardInterrupt:
            raise RuntimeError("no compiled object yet") from None
        raise AssertionError("no interrupt arrived")  # pragma: no cover

    monkeypatch.setattr(simulate, "_cmd_simulate", compiling)
    # Python's own Ctrl-C handler, even where this process inherited SIGINT ignored.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        assert cli.main(["simulate", "war", "-n", "1"]) == cli.EXIT_INTERRUPTED
        # The handler is put back: a later interrupt is Python's own again.
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, previous)
    assert "interrupted" in capsys.readouterr().err


def test_a_bug_is_not_taken_for_an_interrupt(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(args: Any) -> int:
        raise RuntimeError("a bug")

    monkeypatch.setattr(simulate, "_cmd_simulate", broken)
    with pytest.raises(RuntimeError, match="a bug"):
        cli.main(["simulate", "war", "-n", "1"])


def test_compile_notices_call_back_on_a_compile_and_not_on_a_compiled_kernel() -> None:
    numba = pytest.importorskip("numba", reason="the fast extra (numba) is not installed")
    started: list[bool] = []
    ended: list[float] = []

    def twice(x: int) -> int:
        return 2 * x

    kernel = numba.njit(cache=False)(twice)
    with compile_notices(lambda: started.append(True), ended.append):
        assert kernel(3) == 6  # compiles
        assert kernel(4) == 8  # compiled
    assert started == [True]
    assert len(ended) == 1
    assert ended[0] >= 0
    with compile_notices(lambda: started.append(True), ended.append):
        assert kernel(5) == 10
    assert started == [True]  # nothing compiled: nothing said


def test_simulate_says_it_compiles_and_restarts_the_bar_clock(
        capsys: pytest.CaptureFixture[str]) -> None:
    numba = pytest.importorskip("numba", reason="the fast extra (numba) is not installed")

    def thrice(x: int) -> int:
        return 3 * x

    kernel = numba.njit(cache=False)(thrice)

    def run(executor: Any) -> Any:
        def chunk() -> list[int]:
            return [kernel(1)] * 5  # compiles on the worker thread

        yield executor.submit(chunk).result()

    chunks = list(simulate._on_threads(run, "caravan", 5, 1, quiet=False))
    assert chunks == [[3] * 5]
    err = capsys.readouterr().err
    notice = COMPILE_NOTICE.format(what="caravan", seconds=simulate_seconds())
    assert notice in err
    assert len(notice) <= 80
    quiet = list(simulate._on_threads(run, "caravan", 5, 1, quiet=True))
    assert quiet == chunks
    assert capsys.readouterr().err == ""
    assert kernels_running() == 0  # every call counted out again


def simulate_seconds() -> str:
    from cardwar._compiling import COMPILE_SECONDS

    return COMPILE_SECONDS


# An opponent whose first move compiles a kernel (as Caravan's search agent does on a cold
# numba cache), or whose compile is interrupted (numba then raises RuntimeError).
COMPILING_BOT = textwrap.dedent("""
    import numba

    class Compiling:
        def __init__(self, seed):
            self.kernel = numba.njit(cache=False)(lambda x: x + 1)

        def choose(self, observation, legal):
            assert self.kernel(1) == 2
            return legal[0]

    class Interrupted:
        def __init__(self, seed):
            pass

        def choose(self, observation, legal):
            try:
                raise KeyboardInterrupt
            except KeyboardInterrupt:
                raise RuntimeError("no compiled object yet")
""")


@pytest.fixture
def bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    pytest.importorskip("numba", reason="the fast extra (numba) is not installed")
    (tmp_path / "compiling_bots.py").write_text(COMPILING_BOT, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "compiling_bots"


def test_play_says_when_an_opponent_compiles(bots: str, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    # numba's compile events (test_compile_notices_call_back_... above) start the notice;
    # here the opponent's first move is what compiles, whatever the process compiled
    # before: the moves made inside compile_notices, and what they say, are counted.
    from contextlib import contextmanager

    from cardwar.cli import play
    from cardwar.cli.play import _COMPILING

    moves: list[int] = []

    @contextmanager
    def notices(started: Any, ended: Any = None) -> Any:
        moves.append(len(moves))
        if len(moves) == 1:  # the first move compiles
            started()
        yield

    monkeypatch.setattr(play, "compile_notices", notices)
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    assert cli.main(["play", "caravan", "--seed", "1", "--seat", "1",
                     "--opponent", f"{bots}:Compiling"]) == 0
    out = capsys.readouterr().out
    assert moves  # every opponent move runs inside compile_notices
    assert out.count(_COMPILING.strip()) == 1  # said once, before the first move
    assert out.index(_COMPILING.strip()) < out.index("your move")


def test_play_interrupted_while_an_opponent_compiles_keeps_the_record(
        bots: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from cardwar import records

    path = tmp_path / "game.json"
    assert cli.main(["play", "caravan", "--seed", "1", "--seat", "1", "--opponent",
                     f"{bots}:Interrupted", "--record", str(path)]) == cli.EXIT_INTERRUPTED
    assert "interrupted" in capsys.readouterr().out
    assert records.read(path).actions == ()
