"""Headless command line: ``python -m cargobay games | play | replay | solve``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from . import audited
from .engine import CargoBayError, LogError, Match
from .registry import CATALOGUE, GAMES, SPECS
from .table import HUMAN, SEAT_KINDS, Table

MAX_LOG_BYTES = 20_000_000


def cmd_games(args: argparse.Namespace, out: TextIO) -> int:
    for info in CATALOGUE:
        seats = f"{info.min_seats}" if info.min_seats == info.max_seats else f"{info.min_seats}-{info.max_seats}"
        status = ("playable" if info.listed else "test game") if info.available else "coming"
        print(f"{info.id:8} {info.title:18} {seats:>4} seats  {status}", file=out)
    return 0


def describe_result(table: Table) -> str:
    game, state = table.game, table.match.state
    result = game.result(state)
    scores = game.scores(state)
    lines = [f"{game.title}: seed {table.match.seed}, {table.match.step} actions"]
    for seat, kind in enumerate(table.match.seats):
        bonus = f" (bonus {result['bonus'][seat]})" if result and "bonus" in result else ""  # LOAD!'s stack bonus
        lines.append(f"  seat {seat} {kind:7} {scores[seat]:4} points{bonus}")
    if result is None:
        lines.append("  not finished")
    else:
        names = " and ".join(f"seat {seat}" for seat in result["winners"])
        lines.append(f"  winner: {names}" + (" (shared)" if len(result["winners"]) > 1 else ""))
    return "\n".join(lines)


def ask_human(table: Table, seat: int, stdin: TextIO, out: TextIO) -> None:
    game = table.game
    while True:
        view = game.view(table.match.state, seat)
        if isinstance(view.get("hand"), list):
            print(f"seat {seat}, your hand: {' '.join(map(str, view['hand']))}", file=out)
        print(f"legal: {' '.join(view['legal'])}", file=out)
        print("> ", end="", file=out, flush=True)
        line = stdin.readline()
        if not line:
            raise SystemExit("input ended before the match did")
        try:
            table.act(seat, line.strip())
            return
        except CargoBayError as error:
            print(f"refused: {error}", file=out)


def log_path_problem(path: Path) -> str:
    """Why a match log cannot be written to ``path`` ("" if it can, as far as can be told before the match)."""
    folder = path.parent
    if path.is_dir():
        return "is a folder, not a file"
    if not folder.exists():
        return f"the folder {folder} does not exist"
    if not folder.is_dir():
        return f"{folder} is not a folder"
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return "is not writable"
    return ""


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    if args.game not in SPECS:
        print(f"error: no playable game {args.game!r} (playable: {', '.join(SPECS)})", file=sys.stderr)
        return 2
    seats = [kind.strip() for kind in args.seats.split(",")]
    if args.log:  # checked before the match is played, not after
        problem = log_path_problem(Path(args.log))
        if problem:
            print(f"error: --log {args.log}: {problem}", file=sys.stderr)
            return 2
    try:
        options = json.loads(args.options) if args.options else {}
        if not isinstance(options, dict):
            raise ValueError("--options is a JSON object, e.g. '{\"rounds\": 2}'")
        table = Table.new(SPECS[args.game], seats, args.seed, options)
    except RecursionError:
        print("error: --options is nested too deeply", file=sys.stderr)
        return 2
    except (ValueError, KeyError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    while not table.is_over():
        humans = table.humans_to_act()
        if humans:
            ask_human(table, humans[0], sys.stdin, out)
        else:
            table.step()
    written = 0
    if args.log:
        try:
            Path(args.log).write_text(json.dumps(table.match.to_log(), indent=1) + "\n")
        except OSError as error:
            print(f"error: cannot write the match log to {args.log}: {error.strerror}", file=sys.stderr)
            written = 1
    print(describe_result(table), file=out)
    print(f"  state hash: {table.game.state_hash(table.match.state)}", file=out)
    return written


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    try:
        path = Path(args.log)
        if path.stat().st_size > MAX_LOG_BYTES:
            print(f"error: {args.log} is larger than a match log can be ({MAX_LOG_BYTES} bytes)", file=sys.stderr)
            return 1
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        print(f"error: cannot read {args.log}: {error.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as error:
        print(f"error: {args.log} is not a match log (not UTF-8 text: {error.reason} at byte {error.start})",
              file=sys.stderr)
        return 1
    try:
        log = json.loads(text)
    except RecursionError:
        print(f"error: {args.log} is not a match log (JSON nested too deeply)", file=sys.stderr)
        return 1
    except ValueError as error:
        print(f"error: {args.log} is not JSON: {error}", file=sys.stderr)
        return 1
    audit = isinstance(log, dict) and "audit" in log
    try:
        if audit:  # a peer match's log with its audit: every deal whole, every card played checked (audited.py)
            log = audited.whole(log)
        match = Match.from_log(log, GAMES)
        if audit:
            audited.check_digest(log)
        table = Table(SPECS[match.game.id], match)
    except (LogError, ValueError) as error:
        where = " (replayed with the audit's whole deals)" if audit and not isinstance(error, audited.AuditError) \
            else ""
        print(f"error: {args.log}{where}: {error}", file=sys.stderr)
        return 1
    print(describe_result(table), file=out)
    print(f"  state hash: {match.game.state_hash(match.state)}", file=out)
    hidden = audited.hidden_steps([list(entry) for entry in match.actions])
    if audit:
        deals = len(log["audit"]["deals"])
        rest = f"; {len(hidden)} chance steps the audit did not open: not checked" if hidden else ""
        print(f"  hidden cards: audited (the match's audit unmasked {deals} deals; every card played checked "
              f"against them, the audit's digest matches){rest}", file=out)
    elif hidden:
        # a page of a match between browsers logs the cards it never saw as "?": the proofs that made the played
        # ones valid live in the peer protocol, not in the log (each card once a deal is checked, nothing more)
        print("  hidden cards: not checked (peer match log without the audit)", file=out)
    return 0


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    """A game's own solver: the ``solve`` command its spec declares (``main(argv, out)``), if it has one."""
    if args.game not in SPECS:
        print(f"error: no game {args.game!r} (games: {', '.join(SPECS)})", file=sys.stderr)
        return 2
    solve = SPECS[args.game].commands.get("solve")
    if solve is None:
        print(f"error: {SPECS[args.game].info.title} has no solver", file=sys.stderr)
        return 2
    return int(solve()(args.args, out))


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m cargobay", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("games", help="list the games")
    play = commands.add_parser("play", help="play a whole match headless")
    play.add_argument("game")
    kinds = ", ".join(SEAT_KINDS)
    play.add_argument("--seats", default="easy,easy", help=f"comma-separated seat kinds: {kinds} ({HUMAN} reads stdin)")
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--options", help="the game's options as a JSON object (defaults otherwise)")
    play.add_argument("--log", help="write the match log (JSON) here")
    replay = commands.add_parser("replay", help="re-apply a match log and print the result")
    replay.add_argument("log")
    solve = commands.add_parser("solve", help="a game's solver, e.g. solve teamup --count-perfect")
    solve.add_argument("game")
    solve.add_argument("args", nargs=argparse.REMAINDER, help="the solver's own arguments (see solve <game> -h)")
    args = parser.parse_args(argv)
    handler = {"games": cmd_games, "play": cmd_play, "replay": cmd_replay, "solve": cmd_solve}[args.command]
    return handler(args, out)


if __name__ == "__main__":
    raise SystemExit(main())
