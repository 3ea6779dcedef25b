"""Random playouts per second for every registered game, in this interpreter (CPython here).

    python bench/playouts.py [--seconds 2] [--game tf22] [--cpu] [--json] [--no-browser] [--no-build]

When open-spiel is installed (the research extra), the same run also plays random playouts of OpenSpiel's
``goofspiel`` (C++) and ``python_tic_tac_toe`` (pure Python) through pyspiel, so every figure has a ratio to them
taken on the same machine at the same time (machine speed and load cancel out).

Then the same in the browser: the built site's Pyodide worker runs the playouts (the service's
``bench`` request) and the page times the request with performance.now().

A playout starts from ``new_state``, samples chance events with ``sample_chance`` and lets every
acting seat pick a uniformly random legal action until the game ends, through the public engine API
(apply copies the state, legal_actions recomputed each step). No assertions.

Seconds are wall-clock time (``perf_counter``), or with ``--cpu`` this process's CPU time (``process_time``: on a
machine shared with other work the figure a busy neighbour changes least; the ratios are taken in either clock).

``--against DIR`` (CPython only, CPU time): an A/B of two engines in the same run. Child processes measure this
tree's core and the ``core/`` directory DIR (e.g. an older commit's) in turn, ``--rounds`` times each, each child
with the same run's python_tic_tac_toe; it prints the medians and this tree's speed-up per game (``--core DIR``:
measure that core instead of this checkout's). With ``--instructions``: instead of CPU time, the machine
instructions per action in user space, counted by valgrind (cachegrind without cache simulation, ``PYTHONHASHSEED=0``):
``--playouts`` seeded playouts of each ``--game`` minus a run that only imports and warms up; a count, not a time,
the same on a busy machine as on a quiet one (memory stalls are not in it), for an A/B of engine changes that keep
the behaviour (both trees then play the very same actions). Needs valgrind.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

# --core DIR: the engine under test is imported from there (read before any cargobay import)
sys.path.insert(0, str(Path(sys.argv[sys.argv.index("--core") + 1] if "--core" in sys.argv[:-1]
                            else Path(__file__).parent.parent / "core").resolve()))

from cargobay.engine import Game
from cargobay.engine import random_playout as playout
from cargobay.registry import GAMES

CORE = Path(sys.path[0])

CLOCK = time.perf_counter  # --cpu: time.process_time


def measure(game: Game[Any], seconds: float, seed: int = 0) -> dict[str, Any]:
    rng = random.Random(seed)
    playout(game, rng)  # warm-up
    count = steps = 0
    start = CLOCK()
    elapsed = 0.0
    while elapsed < seconds:
        steps += playout(game, rng)
        count += 1
        elapsed = CLOCK() - start
    return {
        "game": game.id,
        "playouts": count,
        "seconds": round(elapsed, 3),
        "playouts_per_second": round(count / elapsed, 1),
        "actions_per_second": round(steps / elapsed, 1),
        "actions_per_playout": round(steps / count, 1),
    }


def openspiel_playout(game: Any, rng: random.Random) -> int:
    """One random playout of an OpenSpiel game (chance, simultaneous and sequential nodes); the actions applied."""
    import pyspiel

    chance, simultaneous = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.SIMULTANEOUS)
    players = game.num_players()
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == chance:
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            steps += 1
        elif player == simultaneous:
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(players)])
            steps += players
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps


OPENSPIEL = ("goofspiel", "python_tic_tac_toe")


def measure_openspiel(seconds: float) -> list[dict[str, Any]]:
    try:
        import pyspiel  # type: ignore[import-not-found]
        from open_spiel.python import games as _python_games  # noqa: F401  (registers the python_ games)
    except ImportError:
        return []
    out = []
    for name in OPENSPIEL:
        game, rng = pyspiel.load_game(name), random.Random(0)
        openspiel_playout(game, rng)
        count = steps = 0
        start = CLOCK()
        elapsed = 0.0
        while elapsed < seconds:
            steps += openspiel_playout(game, rng)
            count += 1
            elapsed = CLOCK() - start
        out.append({"game": f"openspiel:{name}", "playouts": count, "seconds": round(elapsed, 3),
                    "playouts_per_second": round(count / elapsed, 1),
                    "actions_per_second": round(steps / elapsed, 1),
                    "actions_per_playout": round(steps / count, 1)})
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time spent per game")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    parser.add_argument("--cpu", action="store_true", help="time with this process's CPU time, not the wall clock")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-browser", action="store_true", help="CPython only")
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--core", help="the core/ directory to import cargobay from (default: this checkout's)")
    parser.add_argument("--against", help="another core/ directory: an A/B in CPU time, in the same run")
    parser.add_argument("--rounds", type=int, default=3, help="--against: child runs of each core (medians)")
    parser.add_argument("--instructions", action="store_true",
                        help="instructions per action (valgrind) instead of CPU time, of this core and --against's")
    parser.add_argument("--playouts", type=int, default=200, help="--instructions: seeded playouts a game")
    parser.add_argument("--count-only", nargs=2, metavar=("GAME", "PLAYOUTS"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.count_only:
        count_only(args.count_only[0], int(args.count_only[1]))
        return
    if args.instructions:
        instructions(args)
        return
    if args.against:
        against(args)
        return
    global CLOCK  # noqa: PLW0603  (one clock for every measurement of the run)
    CLOCK = time.process_time if args.cpu else time.perf_counter
    results = [measure(game, args.seconds) for game in GAMES.values() if not args.game or game.id in args.game]
    spiel = measure_openspiel(args.seconds)
    browser = [] if args.no_browser else measure_browser(results, args.no_build)
    if args.json:
        print(
            json.dumps(
                {
                    "python": platform.python_implementation() + " " + platform.python_version(),
                    "results": results,
                    "browser": browser,
                    "openspiel": spiel,
                },
                indent=2,
            )
        )
        return
    clock = "CPU time" if args.cpu else "wall clock"
    print(f"random playouts, {platform.python_implementation()} {platform.python_version()} ({clock})")
    ratio_to = {r["game"].removeprefix("openspiel:"): r for r in spiel}
    if spiel:
        print("  (ratios: actions/s, then playouts/s, to the same run's OpenSpiel games)")
    for r in results + spiel:
        ratios = "".join(f"  {r['actions_per_second'] / o['actions_per_second']:8.3f}x /"
                         f"{r['playouts_per_second'] / o['playouts_per_second']:8.3f}x {name}"
                         for name, o in ratio_to.items())
        print(
            f"  {r['game']:<8} {r['playouts_per_second']:8.1f} playouts/s  "
            f"{r['actions_per_second']:9.1f} actions/s  ({r['actions_per_playout']:6.1f} a playout){ratios}"
        )
    if not spiel:
        print("  (open-spiel not installed: no OpenSpiel goofspiel / python_tic_tac_toe in this run)")
    if browser:
        print("random playouts, Pyodide in Chromium (worker; page round trip included)")
        for r in browser:
            rates = f"{r['playouts_per_second']:8.1f} playouts/s  {r['actions_per_second']:9.1f} actions/s"
            print(f"  {r['game']:<8} {rates}")


def against(args: argparse.Namespace) -> None:
    """This core and ``args.against`` measured in turn by child processes (CPU time); medians and the speed-up."""
    cores = {"this tree": str(CORE), "against": str(Path(args.against).resolve())}
    games = [f"--game={game}" for game in args.game or ()]
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in cores}
    for _ in range(args.rounds):
        for name, core in cores.items():
            out = subprocess.run([sys.executable, __file__, "--core", core, "--cpu", "--json", "--no-browser",
                                  f"--seconds={args.seconds}", *games], check=True, capture_output=True, text=True)
            runs[name].append(json.loads(out.stdout))
    load = subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()
    print(f"random playouts, CPython {platform.python_version()}, CPU time, medians of {args.rounds} interleaved "
          f"runs of {args.seconds} s a game ({load})")
    medians: dict[str, dict[str, float]] = {}
    for name, core in cores.items():
        rates: dict[str, list[float]] = {}
        for run in runs[name]:
            for r in run["results"] + run["openspiel"]:
                rates.setdefault(r["game"], []).append(r["actions_per_second"])
        medians[name] = {game: statistics.median(values) for game, values in rates.items()}
        figures = "  ".join(f"{game.removeprefix('openspiel:')} {rate / 1000:6.1f}k"
                            for game, rate in medians[name].items())
        print(f"  {name:<10} {figures}  actions/s  ({core})")
    ttt = "openspiel:python_tic_tac_toe"
    for game, rate in medians["this tree"].items():
        if game.startswith("openspiel:"):
            continue
        old = medians["against"].get(game)
        ratio = f"  {rate / medians['this tree'][ttt]:5.2f}x python_tic_tac_toe" if ttt in medians["this tree"] else ""
        if old:
            print(f"  {game:<8} {old / 1000:6.1f}k -> {rate / 1000:6.1f}k actions/s: {rate / old:5.2f}x{ratio}")


def count_only(game_id: str, playouts: int) -> None:
    """The child valgrind counts: one warm-up playout, then ``playouts`` seeded ones; prints the actions played."""
    game, rng = GAMES[game_id], random.Random(0)
    playout(game, random.Random(-1))
    print(sum(playout(game, rng) for _ in range(playouts)))


def instructions(args: argparse.Namespace) -> None:
    """User-space instructions per action of random playouts, this core and ``--against``'s, counted by valgrind."""
    cores = {"this tree": str(CORE)} | ({"against": str(Path(args.against).resolve())} if args.against else {})
    games = args.game or sorted(game for game in GAMES if game != "tf22")

    def count(core: str, game: str, playouts: int) -> tuple[int, int]:
        command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                   sys.executable, __file__, "--core", core, "--count-only", game, str(playouts)]
        done = subprocess.run(command, check=True, capture_output=True, text=True,
                              env={**os.environ, "PYTHONHASHSEED": "0"})
        found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        if found is None:
            raise SystemExit(f"no instruction count from valgrind: {done.stderr[-500:]}")
        return int(found.group(1).replace(",", "")), int(done.stdout.split()[-1])

    print(f"random playouts, CPython {platform.python_version()}: user-space instructions an action (valgrind), "
          f"{args.playouts} seeded playouts a game minus a run of none")
    for game in games:
        per: dict[str, float] = {}
        for name, core in cores.items():
            (base, _), (total, actions) = count(core, game, 0), count(core, game, args.playouts)
            per[name] = (total - base) / actions
            print(f"  {game:<8} {name:<10} {per[name]:10,.0f} instructions an action  ({actions} actions; {core})")
        if "against" in per:
            print(f"  {game:<8} this tree / against: {per['this tree'] / per['against']:.3f} "
                  f"({per['against'] / per['this tree']:.2f}x fewer)")


def measure_browser(cpython: list[dict[str, Any]], no_build: bool) -> list[dict[str, Any]]:
    """As many playouts per game as CPython managed in --seconds, run in the browser's worker."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from engine_speed import run_browser

    work = [{"type": "bench", "what": "playouts", "game": r["game"], "count": max(1, min(10_000, r["playouts"]))}
            for r in cpython]
    out = []
    for request, (result, ms) in zip(work, run_browser(work, no_build), strict=True):
        seconds = ms / 1000
        out.append({"game": request["game"], "playouts": result["playouts"], "seconds": round(seconds, 3),
                    "playouts_per_second": round(result["playouts"] / seconds, 1),
                    "actions_per_second": round(result["actions"] / seconds, 1)})
    return out


if __name__ == "__main__":
    main()
