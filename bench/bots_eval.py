"""Bot strength: seeded matches between bot levels, seats rotated.

    PYTHONPATH=core python bench/bots_eval.py [--game load] [--games 200] [--workers 2] [--seed 0] [--pairs ...]
                                              [--seats N] [--options JSON]

Two-seat games (LOAD!, the default): per pairing ``first-second``, the first bot's win/tie/loss rates with a
95% interval (Wilson), the mean score margin (first bot minus second, with its 95% interval).
Games of more seats (``--game haul``; ``--game loot`` plays 4 seats, ``--seats`` to change it): per pairing
``hero-field``, one ``hero`` bot against ``field`` bots in every other seat, the hero's seat rotating with the
seed (match i: seat i mod seats); the hero's first-place rate (a shared first place counts as 1/k of a win for
k tied winners) with its Wilson interval, against the 1/seats a seat would get by chance, and its mean rank
(1 = first; tied seats share a place) with a 95% interval. ``--options`` (JSON) sets match options; Loot N'
Loaded defaults to ``{"shootout": "gun cards"}`` (the no-reflex duels; pass ``'{"shootout": "quick-draw"}'``
for the bots' reaction-time shootouts).
Both print the first bot's move times (mean / median / p95 / max, CPython, every decision it takes, forced
ones included; wall clock and the process's CPU time, which is what counts when the machine is shared). Where a
turn is many decisions of one seat in a row (TF22: a move of up to 25 actions), the hero's turn times too (the sum
over each run of its consecutive decisions). ``--game tf22`` defaults to 2 seats, ``strong-medium,medium-easy``,
full 20-turn matches (``--options '{"turns": 8}'`` for short ones); its bench bots ``v1`` and ``m1`` are the strong
and medium bots before issue 25's per-move budget (``--pairs strong-v1,medium-m1``), ``m2`` session 6's medium
(pruned, no per-move budget).
LOAD! only: ``--pairs strong-v1`` plays the strong bot against ``v1``, the strong bot as it was before issue 25
(``bots.V1``, the baseline a stronger one is measured against, same decision budget); ``x`` is a strong bot with
the arguments of ``--x-params`` (JSON, e.g. ``'{"ordered": true}'``: ``--pairs x-v1``); ``--progress 10`` prints
the running figures every 10 matches; ``--paired`` deals each seed twice, the first bot in each seat once (the
luck of the deal cancels out of a pair). The two-seat mode also prints the second bot's CPU per decision, and
the ratio of the two, from the same run.
No assertions.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "core"))

from cargobay.engine import CHANCE, TERMINAL, Match
from cargobay.games.load.rules import GAME
from cargobay.registry import SPECS

DEFAULT_PAIRS = ("strong-easy", "strong-medium", "medium-easy")
MULTI_PAIRS = ("strong-easy", "strong-medium")  # one hero against a field of one level
# per game: seats, pairings and match options when not given (an option the rules do not offer is dropped)
GAME_DEFAULTS: dict[str, dict[str, Any]] = {
    "loot": {"seats": 4, "pairs": ("strong-easy", "medium-easy", "strong-medium"),
             "options": {"shootout": "gun cards"}},
    "tf22": {"seats": 2, "pairs": ("strong-medium", "medium-easy")},
}


# bench-only LOAD! bots, by the name a pairing uses: ``v1`` is the strong bot as it was before issue 25 (the
# baseline the new one is measured against: ``--pairs strong-v1``); ``x`` a strong bot with ``--x-params``
X_PARAMS: dict[str, Any] = {}


def load_bot(level: str) -> Any:
    from cargobay.games.load.bots import V1, StrongBot

    if level == "v1":
        return StrongBot(**V1)
    if level == "x":
        return StrongBot(**X_PARAMS)
    return SPECS["load"].bot(level)


def play_one(job: tuple[Any, ...]) -> dict[str, Any]:
    """One match; ``first`` sits in seat ``seed % 2`` so the seats alternate over the seeds (with a fifth item
    ``seat``: in that seat, so that a pair of jobs plays one deal from both seats)."""
    first, second, seed = job[:3]
    if len(job) > 3:
        X_PARAMS.update(job[3])
    me = job[4] if len(job) > 4 else seed % 2
    levels = [second, second]
    levels[me] = first
    bots = [load_bot(level) for level in levels]
    match = Match(GAME, levels, seed)
    times: list[float] = []
    cpu: list[float] = []
    cpu_second: list[float] = []
    while True:
        player = GAME.current_player(match.state)
        if player == TERMINAL:
            break
        if player == CHANCE:
            match.play_chance()
            continue
        for seat in GAME.acting_seats(match.state):
            view = GAME.view(match.state, seat)
            start, start_cpu = time.perf_counter(), time.process_time()
            action = bots[seat].choose(GAME, view, match.rng(seat))
            elapsed, elapsed_cpu = time.perf_counter() - start, time.process_time() - start_cpu
            if seat == me:
                times.append(elapsed)
                cpu.append(elapsed_cpu)
            else:
                cpu_second.append(elapsed_cpu)
            match.apply(seat, action)
    result = GAME.result(match.state)
    assert result is not None
    scores = result["scores"]
    winners = result["winners"]
    outcome = "win" if winners == [me] else ("tie" if len(winners) == 2 else "loss")
    return {"outcome": outcome, "margin": scores[me] - scores[1 - me], "times": times, "cpu": cpu,
            "cpu_second": cpu_second}


def tf22_bot(level: str) -> Any:
    """TF22's levels and its bench bots ``v1`` and ``m1``: the strong and medium bots as they were before issue 25's
    per-move budget (``bots.V1``: ``--pairs strong-v1,medium-m1``)."""
    from cargobay.games.tf22.bots import V1, MediumBot, StrongBot

    if level == "v1":
        return StrongBot(**V1["strong"])
    if level == "m1":
        return MediumBot(**V1["medium"])
    if level == "m2":  # the medium bot of session 6: pruned, every action tried (no per-move budget)
        return MediumBot(move_budget=0)
    return SPECS["tf22"].bot(level)


def offered(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options the game's rules offer (an engine without, e.g., the shootout option plays its only way)."""
    names = {option.name for option in SPECS[game_id].info.options}
    return {name: value for name, value in options.items() if name in names}


def play_multi(job: tuple[str, str, str, int, int, dict[str, Any]]) -> dict[str, Any]:
    """One match of ``seats`` seats: ``hero`` in seat ``seed % seats``, ``field`` elsewhere."""
    game_id, hero, field, seed, seats, options = job
    spec = SPECS[game_id]
    game = spec.game
    me = seed % seats
    levels = [field] * seats
    levels[me] = hero
    bots = [tf22_bot(level) if game_id == "tf22" else spec.bot(level) for level in levels]
    match = Match(game, levels, seed, options)
    times: list[float] = []
    cpu: list[float] = []
    turns: list[float] = []  # the hero's runs of consecutive decisions (a TF22 move), wall
    turns_cpu: list[float] = []
    run: list[float] = []
    while True:
        player = game.current_player(match.state)
        if player == TERMINAL:
            break
        if player == CHANCE:
            match.play_chance()
            _close(run, turns, turns_cpu)
            continue
        for seat in game.acting_seats(match.state):
            view = game.view(match.state, seat)
            start, start_cpu = time.perf_counter(), time.process_time()
            action = bots[seat].choose(game, view, match.rng(seat))
            elapsed, elapsed_cpu = time.perf_counter() - start, time.process_time() - start_cpu
            if seat == me:
                times.append(elapsed)
                cpu.append(elapsed_cpu)
                run.append(elapsed)
                run.append(elapsed_cpu)
            else:
                _close(run, turns, turns_cpu)
            match.apply(seat, action)
    _close(run, turns, turns_cpu)
    result = game.result(match.state)
    assert result is not None
    winners = result["winners"]
    scores = result["scores"]
    place = result["places"][me] if "places" in result else 1 + sum(s > scores[me] for s in scores)
    return {"win": (1 / len(winners)) if me in winners else 0.0, "place": place, "seats": seats,
            "margin": scores[me] - max(s for i, s in enumerate(scores) if i != me), "times": times, "cpu": cpu,
            "turns": turns, "turns_cpu": turns_cpu}


def _close(run: list[float], turns: list[float], turns_cpu: list[float]) -> None:
    """End a run of the hero's consecutive decisions (``run``: wall and CPU time of each, interleaved)."""
    if run:
        turns.append(sum(run[0::2]))
        turns_cpu.append(sum(run[1::2]))
        run.clear()


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


def report_times(label_bot: str, results: list[dict[str, Any]]) -> None:
    for label, key in (("wall", "times"), ("cpu", "cpu")):
        times = [t for r in results for t in r[key]]
        if times:
            print(
                f"  {label_bot} move time ({label}): mean {statistics.fmean(times) * 1000:.1f} ms, "
                f"median {statistics.median(times) * 1000:.1f} ms, "
                f"p95 {percentile(times, 0.95) * 1000:.1f} ms, "
                f"max {max(times) * 1000:.1f} ms over {len(times)} decisions"
            )
    decisions = sum(len(r["times"]) for r in results)
    runs = sum(len(r.get("turns", ())) for r in results)
    if runs and runs < decisions:  # a turn is several decisions in a row
        for label, key in (("wall", "turns"), ("cpu", "turns_cpu")):
            times = [t for r in results for t in r[key]]
            print(
                f"  {label_bot} turn time ({label}, its consecutive decisions summed): "
                f"mean {statistics.fmean(times) * 1000:.1f} ms, median {statistics.median(times) * 1000:.1f} ms, "
                f"p95 {percentile(times, 0.95) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms over {len(times)} turns "
                f"({decisions / len(times):.1f} decisions a turn)"
            )


def report_multi(pair: str, results: list[dict[str, Any]], wall: float) -> None:
    hero, field = pair.split("-")
    n = len(results)
    seats = results[0]["seats"]
    wins = sum(r["win"] for r in results)
    low, high = wilson(wins, n)
    places = [r["place"] for r in results]
    mean = statistics.fmean(places)
    half = 1.96 * statistics.stdev(places) / math.sqrt(n) if n > 1 else 0.0
    margins = [r["margin"] for r in results]
    mhalf = 1.96 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else 0.0
    print(f"{hero} vs {seats - 1} {field}: {n} matches, hero's seat rotated ({wall:.1f} s wall)")
    print(f"  first place {wins / n:6.1%}  [95% CI {low:.1%} - {high:.1%}]  ({wins:g}; chance {1 / seats:.0%})")
    print(f"  mean rank   {mean:.2f}  [95% CI {mean - half:.2f} - {mean + half:.2f}]  (chance {(seats + 1) / 2:.2f})")
    print("  rank counts " + ", ".join(f"{k}: {places.count(k)}" for k in range(1, seats + 1)))
    print(f"  mean margin over the best other {statistics.fmean(margins):+.1f} (95% CI +/- {mhalf:.1f})")
    report_times(hero, results)


def report(pair: str, results: list[dict[str, Any]], wall: float, paired: bool = False) -> None:
    n = len(results)
    wins = sum(r["outcome"] == "win" for r in results)
    ties = sum(r["outcome"] == "tie" for r in results)
    losses = n - wins - ties
    margins = [r["margin"] for r in results]
    mean = statistics.fmean(margins)
    sd = statistics.stdev(margins) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    print(f"{pair}: {n} games ({wall:.1f} s wall)")
    for name, count in (("win", wins), ("tie", ties), ("loss", losses)):
        low, high = wilson(count, n)
        print(f"  {name:<4} {count / n:6.1%}  [95% CI {low:.1%} - {high:.1%}]  ({count})")
    print(f"  mean score margin {mean:+.2f} (95% CI {mean - half:+.2f} .. {mean + half:+.2f})")
    first, second = pair.split("-", maxsplit=1)
    if paired:  # consecutive results are one deal from both seats (bots that share an algorithm also share the
        # seat's random numbers, so near-copies split most deals: the deals won from both seats are the signal)
        deals = [tuple(sorted(r["outcome"] for r in results[i:i + 2])) for i in range(0, n - 1, 2)]
        kinds = {k: deals.count(k) for k in set(deals)}
        print(f"  deals played from both seats: {len(deals)}; {first} won both {kinds.pop(('win', 'win'), 0)}, "
              f"{second} won both {kinds.pop(('loss', 'loss'), 0)}, one win each {kinds.pop(('loss', 'win'), 0)}"
              + "".join(f", {' + '.join(k)} {c}" for k, c in sorted(kinds.items())))
    report_times(first, results)
    mine = [t for r in results for t in r["cpu"]]
    theirs = [t for r in results for t in r.get("cpu_second", ())]
    if mine and theirs:  # the same run, the same machine load: the ratio is what counts
        print(
            f"  {second} move time (cpu): mean {statistics.fmean(theirs) * 1000:.1f} ms, "
            f"p95 {percentile(theirs, 0.95) * 1000:.1f} ms, max {max(theirs) * 1000:.1f} ms over {len(theirs)} "
            f"decisions; {first} / {second}: mean {statistics.fmean(mine) / statistics.fmean(theirs):.3f}, "
            f"p95 {percentile(mine, 0.95) / percentile(theirs, 0.95):.3f}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="load", choices=sorted(SPECS))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0, help="first seed; match i uses seed + i")
    parser.add_argument("--pairs", default=None, help="comma-separated first-second (default: per game)")
    parser.add_argument("--seats", type=int, default=None, help="seats per match (default: per game)")
    parser.add_argument("--options", default=None, help="match options as JSON (default: per game)")
    parser.add_argument("--progress", type=int, default=0, help="LOAD!: also report every N matches")
    parser.add_argument("--x-params", default="{}", help="LOAD!: the StrongBot arguments of the bench bot 'x' (JSON)")
    parser.add_argument("--paired", action="store_true",
                        help="LOAD!: match i deals seed + i // 2 and seats the first bot in seat i %% 2 (each deal "
                             "played from both seats)")
    args = parser.parse_args(argv)
    spec = SPECS[args.game]
    defaults = GAME_DEFAULTS.get(args.game, {})
    seats = args.seats or defaults.get("seats", spec.game.min_seats)
    options = offered(args.game, json.loads(args.options) if args.options else defaults.get("options", {}))
    if seats > 2 or args.game != "load":
        pairs = args.pairs or ",".join(defaults.get("pairs", MULTI_PAIRS))
        print(f"{spec.info.title} bots, {seats} seats, {args.games} matches per pairing, {args.workers} workers, "
              f"seeds from {args.seed}" + (f", options {json.dumps(options)}" if options else ""))
        with multiprocessing.Pool(args.workers) as pool:
            for pair in pairs.split(","):
                hero, field = pair.split("-")
                jobs4 = [(args.game, hero, field, args.seed + i, seats, options) for i in range(args.games)]
                start = time.perf_counter()
                results4 = pool.map(play_multi, jobs4, chunksize=1)
                report_multi(pair, results4, time.perf_counter() - start)
                sys.stdout.flush()
        return
    if args.game != "load":
        raise SystemExit(f"{args.game}: the two-seat mode is written for LOAD!")
    pairs = args.pairs or ",".join(DEFAULT_PAIRS)
    print(f"TF22: LOAD! bots, {args.games} games per pairing, {args.workers} workers, seeds from {args.seed}")
    with multiprocessing.Pool(args.workers) as pool:
        for pair in pairs.split(","):
            first, second = pair.split("-")
            params = json.loads(args.x_params)
            jobs: list[tuple[Any, ...]] = [
                (first, second, args.seed + i // 2, params, i % 2) if args.paired
                else (first, second, args.seed + i, params)
                for i in range(args.games)
            ]
            start = time.perf_counter()
            results = []
            for result in pool.imap(play_one, jobs, chunksize=1):
                results.append(result)
                if args.progress and len(results) % args.progress == 0 and len(results) < len(jobs):
                    report(pair, results, time.perf_counter() - start, args.paired)
                    sys.stdout.flush()
            report(pair, results, time.perf_counter() - start, args.paired)
            sys.stdout.flush()


if __name__ == "__main__":
    main()
