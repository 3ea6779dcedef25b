#!/usr/bin/env python3
"""Engine speed, CPython and the browser side by side, through the same service request.

For every playable game: random playouts per second, and the mean time of one bot decision of each
level (playing whole matches against the easy bot). In the browser the same ``bench`` request goes to
the Pyodide worker of the built site (Debian's Chromium, headless, 127.0.0.1) and is timed in the page
with performance.now(), round trip included; in CPython the request is timed around Service.handle.

    python bench/engine_speed.py [--playouts 200] [--matches 2] [--no-build] [--no-browser]
    python bench/engine_speed.py --moves [--matches 3] [--game tf22] [--level strong] [--no-build] [--no-browser]

``--moves``: bot-vs-bot matches of every game and level (every seat the same level, seeds 0..matches-1), each
bot decision timed on its own (one ``bench bot-move`` request each; a whole TF22 move, every decision of the seat
in a row, counts as one): mean / p95 / max per game and level in CPython (CPU time and wall clock) and in the
browser's worker (wall clock), and the browser / CPython ratio of the wall-clock means (the same moves: budgets
are counts of work, so both play the same match). Under load the wall clocks are inflated; the CPU figures are not.
Before any move is timed, each game and level plays its first bot move once untimed (a warm-up: the first move
would otherwise pay for importing the bot's modules); each row also shows its matches' first moves apart (wall
clock: the browser's in the browser table), which stay in the figures.

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "core"))
sys.path.insert(0, str(ROOT / "bench"))

from cargobay.registry import SPECS  # noqa: E402
from cargobay.service import PROTOCOL, Service  # noqa: E402
from startup import BUILD, TIMEOUT_MS  # noqa: E402

LEVELS = ("medium", "strong")


def jobs(playouts: int, matches: int) -> list[dict[str, Any]]:
    work: list[dict[str, Any]] = []
    for game, spec in SPECS.items():
        work.append({"type": "bench", "what": "playouts", "game": game, "count": playouts})
        work.extend({"type": "bench", "what": "bot", "game": game, "level": level, "count": matches}
                    for level in LEVELS if level in spec.levels)
    return work


def run_cpython(work: list[dict[str, Any]]) -> list[tuple[dict[str, Any], float]]:
    service = Service()
    timed = []
    for request in work:
        start = time.perf_counter()
        answer = service.handle({"v": PROTOCOL, "id": 1, **request})
        timed.append((answer["result"], (time.perf_counter() - start) * 1000))
    return timed


TIMED_REQUEST_JS = """async (text) => {
  const start = performance.now();
  const answer = JSON.parse(await window.cargobayEngine.request(text));
  return [answer, performance.now() - start];
}"""


WHOLE_MOVES = {"tf22"}  # games whose move is several decisions of one seat in a row, timed as one


def move_jobs(matches: int, games: list[str] | None, levels: list[str] | None) -> list[dict[str, Any]]:
    return [{"game": game, "level": level, "seed": seed, "whole": game in WHOLE_MOVES}
            for game, spec in SPECS.items() if not games or game in games
            for level in spec.levels if not levels or level in levels
            for seed in range(matches)]


def _bench(job: dict[str, Any], what: str, **extra: Any) -> dict[str, Any]:
    return {"v": PROTOCOL, "id": 1, "type": "bench", "what": what, "game": job["game"], "level": job["level"],
            "count": 1 if what == "bot-move" else job["seed"] + 1, **extra}


def warm_ups(work: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One job per game and level: its first bot move is played untimed before any is timed, so no timed move pays
    for importing the bot's modules (the first move of each match is also reported apart: ``report_moves``)."""
    return list({(job["game"], job["level"]): job for job in reversed(work)}.values())[::-1]


def moves_cpython(work: list[dict[str, Any]]) -> tuple[list[list[float]], list[list[float]]]:
    """Per job: the ms of every bot move, wall clock (Service.handle timed with perf_counter) and CPU time
    (thread_time: what the move costs, whatever else the machine is doing)."""
    service = Service()
    for job in warm_ups(work):
        service.handle(_bench(job, "bot-match"))
        service.handle(_bench(job, "bot-move", whole=job["whole"]))
    out, cpu = [], []
    for job in work:
        answer = service.handle(_bench(job, "bot-match"))
        over, times, spent = answer["result"]["over"], [], []
        while not over:
            start, start_cpu = time.perf_counter(), time.thread_time()
            answer = service.handle(_bench(job, "bot-move", whole=job["whole"]))
            times.append((time.perf_counter() - start) * 1000)
            spent.append((time.thread_time() - start_cpu) * 1000)
            over = answer["result"]["over"]
        out.append(times)
        cpu.append(spent)
    return out, cpu


MOVES_JS = """async ([first, move]) => {
  const ask = async (request) => {
    const answer = JSON.parse(await window.cargobayEngine.request(JSON.stringify(request)));
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    return answer.result;
  };
  let over = (await ask(first)).over;
  const times = [];
  while (!over) {
    const start = performance.now();
    over = (await ask(move)).over;
    times.push(performance.now() - start);
  }
  return times;
}"""


WARM_JS = """async ([first, move]) => {
  for (const request of [first, move]) {
    const answer = JSON.parse(await window.cargobayEngine.request(JSON.stringify(request)));
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
  }
}"""


def moves_browser(work: list[dict[str, Any]], no_build: bool) -> list[list[float]]:
    out: list[list[float]] = []

    def run(page: Any) -> None:
        for job in warm_ups(work):
            page.evaluate(WARM_JS, [_bench(job, "bot-match"), _bench(job, "bot-move", whole=job["whole"])])
        for job in work:
            out.append(page.evaluate(MOVES_JS, [_bench(job, "bot-match"),
                                                _bench(job, "bot-move", whole=job["whole"])]))

    with_page(no_build, run)
    return out


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def report_moves(work: list[dict[str, Any]], cpython: list[list[float]], browser: list[list[float]] | None,
                 cpu: list[list[float]]) -> None:
    groups: dict[tuple[str, str], list[int]] = {}
    for index, job in enumerate(work):
        groups.setdefault((job["game"], job["level"]), []).append(index)
    print(f"bot moves, bot vs bot, ms per move (a TF22 move: all its decisions): CPython {platform.python_version()}"
          " CPU time (thread_time), wall clock"
          + (" | Pyodide in Chromium (worker; page round trip included), wall clock" if browser else ""))
    print(f"  {'game':8} {'level':7} {'moves':>6}  {'cpu mean':>8} {'p95':>7} {'max':>7}"
          f"  {'mean':>7} {'p95':>7} {'max':>7}"
          + (f"  | {'mean':>7} {'p95':>7} {'max':>7}  browser/CPython: wall  CPU (means)" if browser else ""))
    for (game, level), indices in groups.items():
        line = _stats([t for i in indices for t in cpython[i]])
        spent = _stats([t for i in indices for t in cpu[i]])
        row = (f"  {game:8} {level:7} {line[0]:6d}  {spent[1]:8.1f} {spent[2]:7.1f} {spent[3]:7.1f}"
               f"  {line[1]:7.1f} {line[2]:7.1f} {line[3]:7.1f}")
        if browser:
            other = _stats([t for i in indices for t in browser[i]])
            row += (f"  | {other[1]:7.1f} {other[2]:7.1f} {other[3]:7.1f}  {other[1] / max(line[1], 1e-9):6.2f}x"
                    f" {other[1] / max(spent[1], 1e-9):6.2f}x")
        firsts = [(browser or cpython)[i][0] for i in indices if (browser or cpython)[i]]
        if firsts:  # after the warm-up: no import left in them (they are in the figures too)
            row += f"  first moves: mean {sum(firsts) / len(firsts):.1f} max {max(firsts):.1f}"
        print(row, flush=True)


def _stats(times: list[float]) -> tuple[int, float, float, float]:
    if not times:
        return 0, 0.0, 0.0, 0.0
    return len(times), sum(times) / len(times), percentile(times, 0.95), max(times)


def with_page(no_build: bool, run: Any) -> None:
    """Build (unless --no-build), serve, open the page in Chromium, wait for the engine, then ``run(page)``."""
    from playwright.sync_api import sync_playwright

    dist = Path(os.environ.get("CARGOBAY_DIST") or BUILD.DIST)
    if not no_build or not (dist / "manifest.json").exists():
        BUILD.build(dist)
    with BUILD.serving(dist) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=BUILD.chromium_path(), headless=True, args=BUILD.CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(base)
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=TIMEOUT_MS)
        run(page)
        browser.close()


def run_browser(work: list[dict[str, Any]], no_build: bool) -> list[tuple[dict[str, Any], float]]:
    timed: list[tuple[dict[str, Any], float]] = []

    def run(page: Any) -> None:
        for request in work:
            answer, ms = page.evaluate(TIMED_REQUEST_JS, json.dumps({"v": PROTOCOL, "id": 1, **request}))
            if not answer.get("ok"):
                raise SystemExit(f"browser answered {answer}")
            timed.append((answer["result"], ms))

    with_page(no_build, run)
    return timed


def report(name: str, work: list[dict[str, Any]], timed: list[tuple[dict[str, Any], float]]) -> None:
    print(name)
    for request, (result, ms) in zip(work, timed, strict=True):
        if request["what"] == "playouts":
            rate = result["playouts"] / (ms / 1000)
            print(f"  {request['game']:8} random playouts {rate:10.1f} /s   ({result['actions']} actions)")
        else:
            # easy-bot and chance steps are a few microseconds each: the time is the bot's
            per = ms / result["decisions"]
            print(f"  {request['game']:8} {request['level']:6} bot     {per:10.1f} ms per decision (mean, "
                  f"{result['decisions']} decisions, {result['matches']} matches)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--moves", action="store_true", help="bot-vs-bot move times (mean / p95 / max)")
    parser.add_argument("--game", action="append", choices=sorted(SPECS), help="--moves: only this game")
    parser.add_argument("--level", action="append", help="--moves: only this level")
    args = parser.parse_args(argv)
    if args.moves:
        moves = move_jobs(args.matches, args.game, args.level)
        cpython, cpu = moves_cpython(moves)
        report_moves(moves, cpython, None, cpu)
        if not args.no_browser:
            print(f"load average before the browser's run: {os.getloadavg()[0]:.1f}", flush=True)
            report_moves(moves, cpython, moves_browser(moves, args.no_build), cpu)
        return 0
    work = jobs(args.playouts, args.matches)
    report(f"CPython {platform.python_version()}", work, run_cpython(work))
    if not args.no_browser:
        report("Pyodide in Chromium (worker; page round trip included)", work, run_browser(work, args.no_build))
    return 0


if __name__ == "__main__":
    sys.exit(main())
