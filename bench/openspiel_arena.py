"""Our strong bots against OpenSpiel's IS-MCTS (and MCTS where the game allows), through pyspiel.

    python bench/openspiel_arena.py [--games load,haul,...] [--matches 100] [--simulations 1000]
                                    [--budget SECONDS] [--mcts] [--json] [--probe N] [--params JSON]

Per game: IS-MCTS (OpenSpiel's Python ``ISMCTSBot``, random-rollout evaluator, ``--simulations`` a
decision, our ``resample`` as its information-set sampler) plays every seat but one, our strong bot
(``cargobay.openspiel.bot(game, "strong", seat)``) the other, its seat rotating match by match. The
simultaneous games (LOAD!, Loot N' Loaded) are played in their ``turn_based=True`` form (IS-MCTS needs
sequential dynamics; a pending choice stays hidden from the later seat). Team UP! (cooperative) is played by
one team of our strong bot and one team of IS-MCTS, and with ``--mcts`` one of OpenSpiel's MCTS, whose search
reads the state and so knows the draw pile's order (clairvoyant: an upper bound, not a fair opponent); the
other games hide cards from the seats, so MCTS (which reads the whole state) does not fit them.

Prints per game: matches played, our bot's win rate with a 95% Wilson interval (ties count as half a win; for
Team UP! the share of matches scoring 11 or more, and the mean team score of each side), and the mean time per
decision on both sides. ``--budget`` stops a game's matches when its time is spent (and says how many ran).
``--params`` adds game parameters (the menu options), e.g. ``'{"turns": 10}'`` for shorter TF22 matches.
No assertions.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "core"))

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import cargobay.openspiel as cos

GAMES = ("load", "haul", "loot", "teamup", "tf22")
TURN_BASED = ("load", "loot")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


PARAMS: dict[str, Any] = {}  # --params: more game parameters for every game


def load(game_id: str, players: int | None) -> pyspiel.Game:
    params: dict[str, Any] = {"turn_based": True} if game_id in TURN_BASED else {}
    params.update(PARAMS)
    if players:
        params["players"] = players
    return pyspiel.load_game(f"cargobay_{game_id}", params)


def is_mcts(game: pyspiel.Game, simulations: int, seed: int) -> pyspiel.Bot:
    rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game, rollouts, 2.0, simulations, random_state=np.random.RandomState(seed),
                           allow_inconsistent_action_sets=True)
    rng = random.Random(seed)
    bot.set_resampler(lambda state, player: cos.resample(state, player, rng))
    return bot


def plain_mcts(game: pyspiel.Game, simulations: int, seed: int) -> pyspiel.Bot:
    rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return mcts.MCTSBot(game, 2.0, simulations, rollouts, random_state=np.random.RandomState(seed))


def play(game: pyspiel.Game, bots: list[pyspiel.Bot], sides: list[str], seed: int,
         clock: dict[str, list[float]]) -> list[float]:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            continue
        player = state.current_player()
        start = time.perf_counter()
        action = bots[player].step(state)
        clock[sides[player]].append(time.perf_counter() - start)
        if action not in state.legal_actions():
            raise RuntimeError(f"{sides[player]} chose an illegal action {action}")
        state.apply_action(action)
    return list(state.returns())


def arena(game_id: str, matches: int, simulations: int, budget: float, with_mcts: bool,
          players: int | None) -> list[dict[str, Any]]:
    game = load(game_id, players)
    seats = game.num_players()
    rows = []
    opponents = ["is-mcts", *(["mcts (clairvoyant)"] if with_mcts and game_id == "teamup" else [])]
    for opponent in opponents:
        clock: dict[str, list[float]] = {"strong": [], opponent: []}
        wins, played, ours, theirs = 0.0, 0, [], []
        start = time.perf_counter()
        for match in range(matches):
            if time.perf_counter() - start > budget:
                break
            make = is_mcts if opponent == "is-mcts" else plain_mcts
            if game_id == "teamup":  # cooperative: one team of each kind, same deal (same chance seed)
                team = [cos.bot(game, "strong", s, seed=match) for s in range(seats)]
                score_ours = play(game, team, ["strong"] * seats, match, clock)[0]
                search = [make(game, simulations, 1000 + match) for _ in range(seats)]
                score_theirs = play(game, search, [opponent] * seats, match, clock)[0]
                ours.append(score_ours)
                theirs.append(score_theirs)
                wins += 1.0 if score_ours >= 11 else 0.0
            else:
                seat = match % seats
                bots = [cos.bot(game, "strong", s, seed=match) if s == seat
                        else make(game, simulations, 1000 * match + s) for s in range(seats)]
                sides = ["strong" if s == seat else opponent for s in range(seats)]
                returns = play(game, bots, sides, match, clock)
                best = max(returns)
                if returns[seat] == best:
                    wins += 1.0 / sum(1 for r in returns if r == best) if best > min(returns) else 0.5
            played += 1
        low, high = wilson(wins, played)
        row: dict[str, Any] = {
            "game": game_id, "players": seats, "opponent": opponent, "simulations": simulations,
            "matches": played, "strong_win_rate": wins / played if played else None, "ci95": [low, high],
            "ms_per_decision_strong": 1000 * float(np.mean(clock["strong"])) if clock["strong"] else None,
            "ms_per_decision_opponent": 1000 * float(np.mean(clock[opponent])) if clock[opponent] else None,
            "seconds": time.perf_counter() - start,
        }
        if game_id == "teamup":
            row["mean_score_strong"] = float(np.mean(ours)) if ours else None
            row[f"mean_score_{opponent.split()[0]}"] = float(np.mean(theirs)) if theirs else None
        rows.append(row)
    return rows


def probe(game_id: str, simulations: int, decisions: int) -> dict[str, Any]:
    """Time IS-MCTS's first ``decisions`` decisions of a match (chance played at random), without a whole match."""
    game = load(game_id, None)
    bot = is_mcts(game, simulations, 0)
    rng = np.random.RandomState(0)
    state = game.new_initial_state()
    times: list[float] = []
    while not state.is_terminal() and len(times) < decisions:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            continue
        start = time.perf_counter()
        action = bot.step(state)
        times.append(time.perf_counter() - start)
        state.apply_action(action)
    return {"game": game_id, "simulations": simulations, "decisions": len(times),
            "ms_per_decision_is_mcts": 1000 * float(np.mean(times))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=float("inf"), help="seconds per game and opponent")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--mcts", action="store_true", help="also MCTS, for Team UP! (clairvoyant)")
    parser.add_argument("--probe", type=int, default=0, help="only time this many IS-MCTS decisions per game")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--params", type=json.loads, default={}, help="more game parameters, as JSON")
    args = parser.parse_args()
    PARAMS.update(args.params)
    if args.probe:
        for game_id in args.games.split(","):
            print(json.dumps(probe(game_id, args.simulations, args.probe)), flush=True)
        return
    for game_id in args.games.split(","):
        for row in arena(game_id, args.matches, args.simulations, args.budget, args.mcts, args.players):
            if args.json:
                print(json.dumps(row), flush=True)
                continue
            rate = "-" if row["strong_win_rate"] is None else f"{row['strong_win_rate']:.2f}"
            ms_s = row["ms_per_decision_strong"] or 0.0
            ms_o = row["ms_per_decision_opponent"] or 0.0
            extra = "".join(f" {k}={v:.1f}" for k, v in row.items() if k.startswith("mean_score") and v is not None)
            print(f"{game_id:7} {row['players']}p vs {row['opponent']:18} sims={row['simulations']:5} "
                  f"matches={row['matches']:4} strong wins {rate} (95% {row['ci95'][0]:.2f}-{row['ci95'][1]:.2f}) "
                  f"ms/decision strong {ms_s:8.1f} opponent {ms_o:9.1f}{extra} [{row['seconds']:.0f} s]", flush=True)


if __name__ == "__main__":
    main()
