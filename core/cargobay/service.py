"""The engine worker's service: one JSON request in, one JSON answer out (worker/PROTOCOL.md).

Pure and transport-free: the Pyodide worker passes each message's text to ``handle_json`` and posts
the answer back. Every request is validated; a bad one is answered with an error and changes nothing.
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Callable
from typing import Any

from . import __version__
from .bots import LEVELS
from .engine import CargoBayError, LogError, Match
from .registry import CATALOGUE, GAMES
from .table import HUMAN, SEAT_KINDS, Table

PROTOCOL = 1
MAX_REQUEST_BYTES = 1_000_000
MAX_SEED = 2**63 - 1


class ProtocolError(CargoBayError):
    """A request that does not follow the message contract."""


def _field(request: dict[str, Any], name: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
    value = request.get(name)
    if value is None and optional:
        return None
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ProtocolError(f"{request.get('type')}: field {name!r} is missing or of the wrong type")
    return value


def seat_label(kind: str, seat: int, viewer: int | None) -> str:
    if kind == HUMAN:
        return "You" if seat == viewer else f"Player {seat + 1}"
    return f"{kind.capitalize()} bot"


class Service:
    """Holds the current match of one page."""

    def __init__(self) -> None:
        self.table: Table | None = None
        self.handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "hello": self.hello,
            "new_match": self.new_match,
            "resume": self.resume,
            "act": self.act,
            "step": self.step,
            "snapshot": self.snapshot_request,
        }

    def handle(self, request: Any) -> dict[str, Any]:
        try:
            if not isinstance(request, dict):
                raise ProtocolError("a request is a JSON object")
            if request.get("v", PROTOCOL) != PROTOCOL:
                raise ProtocolError(f"protocol version {request.get('v')!r} is not supported (this is {PROTOCOL})")
            kind = request.get("type")
            handler = self.handlers.get(kind) if isinstance(kind, str) else None
            if handler is None:
                raise ProtocolError(f"unknown request type {request.get('type')!r}")
            return {"ok": True, "result": handler(request)}
        except (CargoBayError, KeyError, ValueError) as error:
            message = error.args[0] if isinstance(error, KeyError) and error.args else str(error)
            return {"ok": False, "error": {"type": type(error).__name__, "message": str(message)}}

    # --- requests -------------------------------------------------------------------------------
    def hello(self, request: dict[str, Any]) -> dict[str, Any]:
        return {
            "version": __version__,
            "protocol": PROTOCOL,
            "games": [
                {"id": g.id, "title": g.title, "seats": [g.min_seats, g.max_seats], "available": g.available}
                for g in CATALOGUE
            ],
            "bots": list(LEVELS),
            "seat_kinds": list(SEAT_KINDS),
        }

    def new_match(self, request: dict[str, Any]) -> dict[str, Any]:
        game_id = _field(request, "game", str)
        if game_id not in GAMES:
            raise ProtocolError(f"no playable game {game_id!r}")
        seats = _field(request, "seats", list)
        if not all(isinstance(kind, str) for kind in seats):
            raise ProtocolError("seats are strings: human, easy, medium or strong")
        seed = _field(request, "seed", int, optional=True)
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")  # recorded in the log, so the match still replays
        if not 0 <= seed <= MAX_SEED:
            raise ProtocolError(f"the seed must be in 0..{MAX_SEED}")
        table = Table.new(game_id, seats, seed)
        self.table = table
        return self.snapshot()

    def resume(self, request: dict[str, Any]) -> dict[str, Any]:
        log = _field(request, "log", dict)
        try:
            table = Table(Match.from_log(log, GAMES))
        except ValueError as error:
            if isinstance(error, LogError):
                raise
            raise LogError(str(error)) from error
        self.table = table
        return self.snapshot()

    def act(self, request: dict[str, Any]) -> dict[str, Any]:
        table = self._table()
        table.act(_field(request, "seat", int), _field(request, "action", str))
        return self.snapshot()

    def step(self, request: dict[str, Any]) -> dict[str, Any]:
        self._table().step()
        return self.snapshot()

    def snapshot_request(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.snapshot()

    # --- answers --------------------------------------------------------------------------------
    def _table(self) -> Table:
        if self.table is None:
            raise ProtocolError("no match: send new_match or resume first")
        return self.table

    def viewer(self) -> int | None:
        """The seat whose view is shown: the human to act, else the first human, else a spectator."""
        table = self._table()
        acting = table.humans_to_act()
        if acting:
            return acting[0]
        humans = [seat for seat, kind in enumerate(table.match.seats) if kind == HUMAN]
        return humans[0] if humans else None

    def snapshot(self) -> dict[str, Any]:
        table = self._table()
        match, game = table.match, table.game
        viewer = self.viewer()
        view = game.view(match.state, viewer)
        labels = {seat: seat_label(kind, seat, viewer) for seat, kind in enumerate(match.seats)}
        return {
            "game": game.id,
            "log": match.to_log(),
            "viewer": viewer,
            "view": view,
            "labels": {str(seat): label for seat, label in labels.items()},
            "svg": render_svg(game.id, view, labels),
            "to_act": [{"seat": seat, "kind": kind} for seat, kind in table.to_act()],
            "over": table.is_over(),
            "hash": game.state_hash(match.state),
            "step": match.step,
        }


def render_svg(game_id: str, view: dict[str, Any], labels: dict[int, str]) -> str:
    module = importlib.import_module(f"cargobay.games.{game_id}.svg")
    return str(module.render(view, labels=labels))


SERVICE = Service()


def handle_json(text: str) -> str:
    """The worker's single entry point: a request's JSON text in, the answer's JSON text out."""
    if not isinstance(text, str) or len(text.encode()) > MAX_REQUEST_BYTES:
        answer: dict[str, Any] = {
            "ok": False,
            "error": {"type": "ProtocolError", "message": f"a request is JSON text of at most {MAX_REQUEST_BYTES} bytes"},
        }
    else:
        try:
            request = json.loads(text)
        except (ValueError, RecursionError) as error:
            answer = {"ok": False, "error": {"type": "ProtocolError", "message": f"not JSON: {error}"}}
        else:
            answer = SERVICE.handle(request)
    return json.dumps(answer, separators=(",", ":"))
