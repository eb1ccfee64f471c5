"""Print how OpenSpiel's own searches fare against cardwar's agents on cardwar's games:
OpenSpiel's MCTS (which sees every card: a yardstick of perfect information) and its
IS-MCTS (which sees what the seat sees, sampling worlds through cardwar's
``resample_from_infostate``), each in seat 0 then seat 1 of a number of games against
cardwar's random agent and its heuristic, and the CPU milliseconds per decision of the
search.

    .venv/bin/python benchmarks/openspiel_bots.py                  # every game, 10 games each
    .venv/bin/python benchmarks/openspiel_bots.py --game caravan --games 20 --simulations 50

A game counts as won when the search's return is the highest alone, lost when another
seat's is. Games of three or more seats put the search in seat 0 or 1 and cardwar's agent
everywhere else. Every draw is seeded (the games' chance outcomes, the searches'
rollouts, the samplers and cardwar's agents), so a run repeats; the milliseconds vary with
the machine's load.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from cardwar import agents
from cardwar.openspiel import register
from cardwar.rng import derive_seed
from cardwar.variants import variant

#: The game string of each variant measured: its defaults, but for Arneson's War on 28
#: cards (a full deck's game between searches takes minutes of rollouts) and one deal of
#: Cold War.
GAMES = {
    "arneson": "python_cardwar_arneson(ranks=8 9 10 J Q K A)",
    "caravan": "python_cardwar_caravan",
    "cold-war": "python_cardwar_cold_war(max_deals=1)",
    "generals": "python_cardwar_generals",
}


def _bot(kind: str, game: Any, simulations: int, seed: int) -> Any:
    """Return OpenSpiel's ``mcts`` or ``ismcts`` bot, seeded."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    if kind == "mcts":
        return mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations,
                            evaluator=evaluator, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations,
                           random_state=rng)
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    bot.set_resampler(lambda state, seat: state.resample_from_infostate(seat, sampler))
    return bot


def play(name: str, kind: str, opponent: str, seat: int, seed: int,
         simulations: int) -> tuple[float, int, float]:
    """Play one game; return the search's result (1 won, 0 drawn or shared, -1 lost), its
    decisions and their CPU seconds."""
    found = variant(name)
    game = pyspiel.load_game(GAMES[name])
    bot = _bot(kind, game, simulations, seed)
    rng = np.random.RandomState(derive_seed(seed, 1) % 2**32)
    others = {s: agents.agent(opponent, found, derive_seed(seed, 2 + s))
              for s in range(game.num_players()) if s != seat}
    state = game.new_initial_state()
    decisions, spent = 0, 0.0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        elif state.current_player() == seat:
            start = time.process_time()
            action = bot.step(state)
            spent += time.process_time() - start
            decisions += 1
            state.apply_action(action)
        else:
            table = state.node.state
            player = state.current_player()
            move = others[player].choose(found.observe(table, player),
                                         found.legal_actions(table))
            for index in found.action_to_indices(game.options, move):  # a squad: its cards
                state.apply_action(index)
    returns = state.returns()
    best = max(returns)
    if returns[seat] == best and returns.count(best) == 1:
        return 1.0, decisions, spent
    return (0.0 if returns[seat] == best else -1.0), decisions, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=list(GAMES),
                        help="a game (repeat for several; every game by default)")
    parser.add_argument("--games", type=int, default=10, help="games per line (both seats)")
    parser.add_argument("--simulations", type=int, default=20, help="simulations per move")
    args = parser.parse_args()
    register()
    print(f"OpenSpiel's searches ({args.simulations} simulations per decision) against "
          f"cardwar's agents, {args.games} games a line, half in each of seats 0 and 1:")
    print(f"{'game':9} {'search':7} {'against':10} {'won':>4} {'drawn':>5} {'lost':>4} "
          f"{'ms/decision':>12}")
    for name in args.game or list(GAMES):
        for kind in ("mcts", "ismcts"):
            for opponent in ("random", "heuristic"):
                tally = {1.0: 0, 0.0: 0, -1.0: 0}
                decisions, spent = 0, 0.0
                for g in range(args.games):
                    result, d, s = play(name, kind, opponent, g % 2, g, args.simulations)
                    tally[result] += 1
                    decisions += d
                    spent += s
                ms = 1000 * spent / max(decisions, 1)
                print(f"{name:9} {kind:7} {opponent:10} {tally[1.0]:4} {tally[0.0]:5} "
                      f"{tally[-1.0]:4} {ms:12.0f}", flush=True)


if __name__ == "__main__":
    main()
