#!/usr/bin/env python3
"""TF22 engine speed in CPU time: legal_actions and apply timed apart over recorded seeded playouts.

    python bench/tf22_speed.py [--playouts 3] [--seats 2] [--turns 20] [--rounds 3] [--against DIR] [--profile]
                               [--instructions]

The playouts are recorded once (seeded random matches through the public engine API, with this tree's core), then
replayed: every step's ``legal_actions`` and ``apply`` are timed with ``time.thread_time`` (CPU time of this thread,
so the load of other processes on the machine mostly cancels out) and the replay checks each step offers as many
actions as it did when recorded. Figures: µs per action for legal_actions, apply and both, and actions/s.

``--against DIR``: also times another core tree (a ``core/`` directory of another checkout, e.g. an old commit's
``git worktree``) in the same run, in child processes interleaved with this tree's ``--rounds`` times, and prints
the ratio of the medians: a before/after figure that does not depend on how loaded the machine is.

When open-spiel is importable, each round also times random playouts of OpenSpiel's pure-Python
``python_tic_tac_toe`` (CPU time per action) for a ratio to a known Python game.

``--instructions``: instead of CPU time, the machine instructions per action of this tree (and of ``--against``'s), in
user space, counted by valgrind (cachegrind, no cache simulation; ``PYTHONHASHSEED=0``): one replay of the recording
minus a run that only loads it. The count does not depend on the load of the machine (CPU time on a shared 2-core
machine under load moves by 5-10% between runs of one tree); it is a count, not a time (memory stalls are not in
it), so it suits a same-code-path A/B of an engine change. Needs valgrind; takes about a minute per tree.

``--profile``: cProfile of one replay of this tree (top functions by own time). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHANCE = -1


def _load(core: str) -> Any:
    sys.path.insert(0, core)
    from cargobay.registry import GAMES

    return GAMES["tf22"]


def record(game: Any, seed: int, seats: int, turns: int) -> list[list[Any]]:
    """One seeded random match: [seat, action, number of legal actions (None for chance)] per step."""
    from cargobay import engine

    chance, terminal = engine.CHANCE, engine.TERMINAL
    rng = random.Random(seed)
    state = game.new_state(seats, {"turns": turns})
    steps: list[list[Any]] = []
    while (player := game.current_player(state)) != terminal:
        if player == chance:
            action = game.sample_chance(state, rng)
            steps.append([CHANCE, action, None])
            state = game.apply(state, chance, action)
            continue
        for seat in game.acting_seats(state):
            legal = game.legal_actions(state, seat)
            action = rng.choice(legal)
            steps.append([seat, action, len(legal)])
            state = game.apply(state, seat, action)
    return steps


def replay(game: Any, match: dict[str, Any]) -> tuple[int, float, float]:
    """Actions applied, CPU seconds in legal_actions, CPU seconds in apply."""
    from cargobay import engine

    chance = engine.CHANCE
    state = game.new_state(match["seats"], {"turns": match["turns"]})
    legal_time = apply_time = 0.0
    clock = time.thread_time
    for seat, action, count in match["steps"]:
        if seat != CHANCE:
            start = clock()
            legal = game.legal_actions(state, seat)
            legal_time += clock() - start
            if len(legal) != count:
                raise SystemExit(f"the replay differs from the recording: {len(legal)} legal actions, not {count}")
        start = clock()
        state = game.apply(state, chance if seat == CHANCE else seat, action)
        apply_time += clock() - start
    return len(match["steps"]), legal_time, apply_time


def tic_tac_toe_us() -> float | None:
    """CPU µs per action of random python_tic_tac_toe playouts (None without open-spiel)."""
    try:
        import pyspiel  # type: ignore[import-not-found]
        from open_spiel.python import games as _python_games  # noqa: F401  (registers the python_ games)
    except ImportError:
        return None
    game, rng = pyspiel.load_game("python_tic_tac_toe"), random.Random(0)
    steps, start = 0, time.thread_time()
    while time.thread_time() - start < 0.5:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return (time.thread_time() - start) / steps * 1e6


def measure(game: Any, matches: list[dict[str, Any]]) -> dict[str, float]:
    total = legal = applied = 0.0
    for match in matches:
        n, lt, at = replay(game, match)
        total, legal, applied = total + n, legal + lt, applied + at
    return {"actions": total, "legal_us": legal / total * 1e6, "apply_us": applied / total * 1e6,
            "ttt_us": tic_tac_toe_us() or 0.0}


def child(core: str, recording: str) -> None:
    game = _load(core)
    print(json.dumps(measure(game, json.loads(Path(recording).read_text()))))


def replay_only(core: str, recording: str, times: int) -> None:
    """Replay the recording ``times`` times and nothing else (what ``--instructions`` counts)."""
    game = _load(core)
    matches = json.loads(Path(recording).read_text())
    for _ in range(times):
        for match in matches:
            replay(game, match)


def instructions(core: str, recording: str) -> float:
    """User-space instructions per action of one replay of ``recording`` with ``core`` (valgrind's count)."""
    def count(times: int) -> int:
        command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                   sys.executable, __file__, "--replay-only", core, recording, str(times)]
        done = subprocess.run(command, check=True, capture_output=True, text=True, env={**os.environ,
                              "PYTHONHASHSEED": "0"})
        found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        if found is None:
            raise SystemExit(f"no instruction count from valgrind: {done.stderr[-500:]}")
        return int(found.group(1).replace(",", ""))

    actions = sum(len(match["steps"]) for match in json.loads(Path(recording).read_text()))
    return (count(1) - count(0)) / actions


def _run_child(core: str, recording: str) -> dict[str, float]:
    out = subprocess.run([sys.executable, __file__, "--child", core, recording], check=True, capture_output=True,
                         text=True).stdout
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def _line(name: str, runs: list[dict[str, float]]) -> tuple[float, str]:
    legal = statistics.median(r["legal_us"] for r in runs)
    applied = statistics.median(r["apply_us"] for r in runs)
    total = statistics.median(r["legal_us"] + r["apply_us"] for r in runs)
    ttt = [r["ttt_us"] for r in runs if r["ttt_us"]]
    ratio = f"  {statistics.median(ttt) / total:6.3f}x python_tic_tac_toe" if ttt else ""
    return total, (f"  {name:<10} legal {legal:7.1f} µs  apply {applied:7.1f} µs  total {total:7.1f} µs/action  "
                   f"{1e6 / total:8.0f} actions/s{ratio}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=3, help="seeded matches recorded (seeds 0..n-1)")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (medians are printed)")
    parser.add_argument("--against", help="another core/ directory to time in the same run")
    parser.add_argument("--profile", action="store_true", help="cProfile one replay of this tree")
    parser.add_argument("--instructions", action="store_true",
                        help="instructions per action (valgrind) instead of CPU time")
    parser.add_argument("--child", nargs=2, metavar=("CORE", "RECORDING"), help=argparse.SUPPRESS)
    parser.add_argument("--replay-only", nargs=3, metavar=("CORE", "RECORDING", "TIMES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(*args.child)
        return
    if args.replay_only:
        replay_only(args.replay_only[0], args.replay_only[1], int(args.replay_only[2]))
        return
    core = str(ROOT / "core")
    game = _load(core)
    matches = [{"seats": args.seats, "turns": args.turns, "steps": record(game, seed, args.seats, args.turns)}
               for seed in range(args.playouts)]
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile(time.thread_time)
        profiler.runcall(measure, game, matches)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(30)
        return
    steps = sum(len(m["steps"]) for m in matches)
    measured = ("instructions in user space (valgrind), one replay" if args.instructions
                else f"CPU time (thread_time), medians of {args.rounds} rounds")
    print(f"TF22: {args.playouts} seeded random playouts, {args.seats} seats, {args.turns} turns, {steps} actions; "
          f"{measured}")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(matches, handle)
    if args.instructions:
        mine_count = instructions(core, handle.name)
        print(f"  this tree  {mine_count:10,.0f} instructions/action")
        if args.against:
            other_count = instructions(str(Path(args.against).resolve()), handle.name)
            print(f"  against    {other_count:10,.0f} instructions/action")
            print(f"  instructions of {args.against} over this tree's: {other_count / mine_count:.3f}x")
        Path(handle.name).unlink()
        return
    mine: list[dict[str, float]] = []
    other: list[dict[str, float]] = []
    for _ in range(args.rounds):
        mine.append(_run_child(core, handle.name))
        if args.against:
            other.append(_run_child(str(Path(args.against).resolve()), handle.name))
    Path(handle.name).unlink()
    total, text = _line("this tree", mine)
    print(text)
    if args.against:
        against, text = _line("against", other)
        print(text)
        print(f"  speed-up of this tree over {args.against}: {against / total:.2f}x")


if __name__ == "__main__":
    main()
