"""Ctrl-C stops ``cardwar simulate`` at once, with two jobs, on the step path (two worker
processes) and on the batch engine's (two threads of one process, which run the compiled
kernels without the GIL), and leaves no worker behind (D11: it exited 55 s after a SIGINT
on the step path, workers still running, because every chunk had been submitted up
front; the batch path took about 111 s). The batch run asks for 10**20 games: its memory
stays bounded while it runs, since nothing is kept per game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


def _children(pid: int) -> set[int]:
    """Return the processes whose parent is ``pid`` (from /proc, as on Linux)."""
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            # The fields after the command name (which is in parentheses): state, ppid, ...
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                out.add(int(entry.name))
    return out


def _threads(pid: int) -> int:
    """Return how many threads process ``pid`` runs (from /proc, as on Linux)."""
    return len(list(Path(f"/proc/{pid}/task").iterdir()))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}").exists() and "Z" not in (
        Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[:1])


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _rss_kib(pid: int) -> int:
    """Return the resident memory of ``pid`` in KiB (from /proc, as on Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


@pytest.mark.parametrize(
    ("args", "workers_are"),
    # The first agent is not in Arneson's kernel: these games go through step.
    [(["arneson", "-n", "6000", "--agents", "first,random"], "processes"),
     (["war", "-n", "99999999999999999999"], "threads")],
    ids=["step-path", "batch-engine"],
)
def test_ctrl_c_stops_a_simulation_with_two_jobs_at_once_and_ends_its_workers(
    tmp_path: Path, args: list[str], workers_are: str
) -> None:
    command = [sys.executable, "-m", "cardwar", "simulate", *args,
               "--seed", "3", "--jobs", "2", "--no-progress"]
    # Files, not pipes: a worker left behind would hold a pipe open, and reading it would
    # wait for that worker.
    errors = tmp_path / "stderr.txt"
    with (tmp_path / "stdout.txt").open("w") as out, errors.open("w") as err_file:
        # The child takes Ctrl-C as a terminal gives it, whatever this process does with
        # SIGINT (a shell's background job, as some CI runners start, ignores it, and an
        # ignored signal stays ignored across exec).
        run = subprocess.Popen(command, stdout=out, stderr=err_file, text=True,
                               preexec_fn=_default_sigint)
    try:
        # Wait until both workers are up and playing: two worker processes, or two
        # worker threads beside the main one (and then no worker process at all).
        deadline = time.monotonic() + 60
        workers: set[int] = set()

        def up() -> bool:
            if workers_are == "processes":
                return len(workers) >= 2
            return _threads(run.pid) >= 3

        while time.monotonic() < deadline and not up():
            workers = _children(run.pid) - {run.pid}
            time.sleep(0.2)
        time.sleep(2)
        assert run.poll() is None, "the run ended before it could be interrupted"
        before = _rss_kib(run.pid)
        time.sleep(2)
        # Memory does not grow with the games played (a few MiB of noise allowed).
        assert _rss_kib(run.pid) - before < 16 * 1024
        workers = _children(run.pid)
        if workers_are == "processes":
            assert len(workers) >= 2, workers
        else:
            assert not workers, workers
            assert _threads(run.pid) >= 3
        started = time.monotonic()
        run.send_signal(signal.SIGINT)
        run.wait(timeout=30)
        took = time.monotonic() - started
    finally:
        if run.poll() is None:
            for pid in _children(run.pid):
                os.kill(pid, signal.SIGKILL)  # do not leave workers running after a failure
            run.kill()
            run.wait()
    err = errors.read_text()
    assert run.returncode == 130, err
    assert err.strip().endswith("interrupted"), err
    assert took < 10, f"exited {took:.1f} s after Ctrl-C"
    time.sleep(0.5)
    left = [pid for pid in workers if _alive(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)  # do not leave them running after a failure
    assert not left, "a worker outlived the run"
