"""Simulation on a Dask cluster: ``cardwar.batch.simulate`` with a Dask client's
``concurrent.futures`` executor gives exactly the results of one process.

The test starts a local cluster of two worker processes on the loopback interface, plays
a run on it and closes it. ``dask[distributed]`` is in the ``test`` extra, so this runs
in CI; it fails rather than skips when distributed is missing.
"""

from __future__ import annotations

from typing import Any

from distributed import Client, LocalCluster

from cardwar import batch, peace, war

COLUMNS = ("seed", "battles", "wars", "winner", "termination")


def columns(chunks: Any) -> tuple[list[str], dict[str, list[int]], list[int]]:
    """Return the engines, the concatenated columns and the starts of ``chunks``."""
    engines: list[str] = []
    starts: list[int] = []
    out: dict[str, list[int]] = {name: [] for name in COLUMNS}
    for chunk in chunks:
        engines.append(chunk.engine)
        starts.append(chunk.start)
        for name in COLUMNS:
            out[name].extend(int(v) for v in getattr(chunk, name))
    return engines, out, starts


def test_dask_cluster_gives_the_results_of_one_process() -> None:
    war_options = war.options(players=3, pickup_order="winner_first")
    peace_options = peace.options(players=2)
    _, war_here, _ = columns(
        batch.simulate(war, war_options, master_seed=42, games=3000, executor=None)
    )
    _, peace_here, _ = columns(
        batch.simulate(peace, peace_options, master_seed=42, games=200, engine="reference")
    )
    with (
        LocalCluster(  # type: ignore[no-untyped-call]  # distributed is not typed
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        executor = client.get_executor()
        engines, war_there, starts = columns(
            batch.simulate(
                war, war_options, master_seed=42, games=3000, chunk_size=400, executor=executor
            )
        )
        peace_engines, peace_there, _ = columns(
            batch.simulate(
                peace,
                peace_options,
                master_seed=42,
                games=200,
                chunk_size=60,
                executor=executor,
                engine="reference",
            )
        )
    assert set(engines) == {"numba"}
    assert set(peace_engines) == {"reference"}
    assert starts == list(range(0, 3000, 400))
    for name in COLUMNS:
        assert war_there[name] == war_here[name], name
        assert peace_there[name] == peace_here[name], name
