"""The engine worker's service: one JSON request in, one JSON answer out (worker/PROTOCOL.md).

Pure and transport-free: the Pyodide worker passes each message's text to ``handle_json`` and posts
the answer back. Every request is validated; a bad one is answered with an error and changes nothing.
"""

from __future__ import annotations

import importlib
import json
import os
import random
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

from . import __version__
from .bots import LEVELS, get_bot
from .engine import CargoBayError, LogError, Match, random_playout
from .registry import CATALOGUE, GAMES
from .table import HUMAN, SEAT_KINDS, Table

if TYPE_CHECKING:
    from .net import Peer

PROTOCOL = 1
SHOW = "show"  # the act that lifts the hot-seat hand-over cover (never an engine action)
MAX_REQUEST_BYTES = 1_000_000
MAX_SEED = 2**63 - 1


class ProtocolError(CargoBayError):
    """A request that does not follow the message contract."""


def _field(request: dict[str, Any], name: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
    value = request.get(name)
    if value is None and optional:
        return None
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
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
        self.shown_to: int | None = None  # hot-seat: the human seat whose hand the screen shows
        self.handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "hello": self.hello,
            "new_match": self.new_match,
            "resume": self.resume,
            "act": self.act,
            "step": self.step,
            "snapshot": self.snapshot_request,
            "bench": self.bench,
            "p2p_start": self.p2p_start,
            "p2p_restore": self.p2p_restore,
            "p2p_receive": self.p2p_receive,
            "p2p_choose": self.p2p_choose,
            "p2p_bots": self.p2p_bots,
            "p2p_hello": self.p2p_hello,
            "p2p_tick": self.p2p_tick,
            "p2p_connected": self.p2p_connected,
            "p2p_chat": self.p2p_chat,
            "p2p_snapshot": lambda request: self.p2p_snapshot([]),
        }
        self.peer: Peer | None = None

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
        self.shown_to = None
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
        self.shown_to = None
        return self.snapshot()

    def act(self, request: dict[str, Any]) -> dict[str, Any]:
        table = self._table()
        seat, action = _field(request, "seat", int), _field(request, "action", str)
        if action == SHOW:
            if self.handoff() != seat:
                raise ProtocolError(f"no hand-over to seat {seat} is pending")
            self.shown_to = seat
            return self.snapshot()
        if self.handoff() is not None:
            raise ProtocolError("pass the device first: the next player must reveal the board")
        table.act(seat, action)
        return self.snapshot()

    def step(self, request: dict[str, Any]) -> dict[str, Any]:
        self._table().step()
        return self.snapshot()

    def snapshot_request(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.snapshot()

    def bench(self, request: dict[str, Any]) -> dict[str, Any]:
        """Work for bench/ to time from outside (the core reads no clock): ``playouts`` random games,
        or ``matches`` whole matches of a bot ``level`` against the easy bot, counting its decisions."""
        game_id = _field(request, "game", str)
        if game_id not in GAMES:
            raise ProtocolError(f"no playable game {game_id!r}")
        count = _field(request, "count", int)
        if not 1 <= count <= 10_000:
            raise ProtocolError("count is 1..10000")
        game = GAMES[game_id]
        if _field(request, "what", str) == "playouts":
            rng = random.Random(count)
            return {"playouts": count, "actions": sum(random_playout(game, rng) for _ in range(count))}
        level = _field(request, "level", str)
        decisions = 0
        for seed in range(count):
            table = Table.new(game_id, [level] + ["easy"] * (game.min_seats - 1), seed)
            while not table.is_over():
                seat, _ = table.step()
                decisions += seat == 0
        return {"matches": count, "decisions": decisions}

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

    def handoff(self) -> int | None:
        """Hot-seat play (two or more humans at one screen): the human seat to act whose hand is not
        shown yet. Until that player asks for it (``act`` with ``show``), the board is covered."""
        table = self._table()
        if table.is_over() or sum(kind == HUMAN for kind in table.match.seats) < 2:
            return None
        viewer = self.viewer()
        return viewer if table.humans_to_act() and viewer != self.shown_to else None

    def snapshot(self) -> dict[str, Any]:
        table = self._table()
        match, game = table.match, table.game
        viewer = self.viewer()
        hot_seat = sum(kind == HUMAN for kind in match.seats) > 1  # then nobody at the screen is "You"
        labels = {seat: seat_label(kind, seat, None if hot_seat else viewer) for seat, kind in enumerate(match.seats)}
        handoff = self.handoff()
        if handoff is not None:
            viewer = None  # nothing private reaches the page until the next player is at the screen
        view = game.view(match.state, viewer)
        return {
            "game": game.id,
            "log": match.to_log(),
            "viewer": viewer,
            "view": view,
            "labels": {str(seat): label for seat, label in labels.items()},
            "svg": handoff_svg(handoff, labels) if handoff is not None else render_svg(game.id, view, labels),
            "handoff": handoff,
            "to_act": [{"seat": seat, "kind": kind} for seat, kind in table.to_act()],
            "over": table.is_over(),
            "hash": game.state_hash(match.state),
            "step": match.step,
        }


    # --- peer-to-peer --------------------------------------------------------------------------
    def p2p_start(self, request: dict[str, Any]) -> dict[str, Any]:
        """Begin a match between peers from the agreed setup; ``me`` is this page's peer index."""
        from .net import Peer, Setup  # imported on first use: it is not needed to boot the engine

        setup = Setup.from_json(_field(request, "setup", dict))
        for seat, kind in enumerate(setup.seats):
            if kind not in SEAT_KINDS:
                raise ProtocolError(f"seat {seat}: {kind!r} is not one of {', '.join(SEAT_KINDS)}")
        peer = Peer(setup, _field(request, "me", int), os.urandom)
        self.peer = peer
        return self.p2p_snapshot(peer.start(_now(request)))

    def p2p_restore(self, request: dict[str, Any]) -> dict[str, Any]:
        """Reopen a saved peer match (after a reload); then send ``p2p_hello`` once connected."""
        from .net import Peer

        self.peer = Peer.from_json(_field(request, "save", dict), os.urandom)
        return self.p2p_snapshot([])

    def p2p_receive(self, request: dict[str, Any]) -> dict[str, Any]:
        """One raw message from peer ``from``. A refused message is reported, never raised: it is the
        peer's fault, not the page's, and the match is untouched."""
        peer = self._peer()
        sender, text = _field(request, "from", int), _field(request, "text", str)
        try:
            sent = peer.receive(sender, text, _now(request))
        except CargoBayError as error:
            return self.p2p_snapshot([], refused={"type": type(error).__name__, "message": str(error),
                                                  "cheating": bool(getattr(error, "cheating", False))})
        return self.p2p_snapshot(sent)

    def p2p_choose(self, request: dict[str, Any]) -> dict[str, Any]:
        peer = self._peer()
        seat, action = _field(request, "seat", int), _field(request, "action", str)
        if not 0 <= seat < len(peer.setup.seats) or peer.setup.seats[seat] != HUMAN:
            raise ProtocolError(f"seat {seat} is not a human seat")
        return self.p2p_snapshot(peer.choose(seat, action, _now(request)))

    def p2p_bots(self, request: dict[str, Any]) -> dict[str, Any]:
        """Let one of this page's bot seats decide, with fresh local randomness (a peer must not be able
        to predict it)."""
        peer = self._peer()
        for seat in peer.to_decide():
            kind = peer.setup.seats[seat]
            if kind != HUMAN:
                view = peer.game.view(peer.match.state, seat)
                action = get_bot(peer.game.id, kind).choose(peer.game, view, random.Random(os.urandom(16)))
                return self.p2p_snapshot(peer.choose(seat, action, _now(request)))
        raise ProtocolError("none of this page's bots is to decide")

    def p2p_hello(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.p2p_snapshot(self._peer().hello())

    def p2p_tick(self, request: dict[str, Any]) -> dict[str, Any]:
        self._peer().tick(_now(request))
        return self.p2p_snapshot([])

    def p2p_connected(self, request: dict[str, Any]) -> dict[str, Any]:
        peer = self._peer()
        other, connected = _field(request, "peer", int), _field(request, "connected", bool)
        peer.set_connected(other, connected, _now(request))
        return self.p2p_snapshot([])

    def p2p_chat(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.p2p_snapshot(self._peer().chat(_field(request, "text", str)))

    def _peer(self) -> Peer:
        if self.peer is None:
            raise ProtocolError("no peer match: send p2p_start or p2p_restore first")
        return self.peer

    def p2p_snapshot(self, sent: list[dict[str, Any]], refused: dict[str, Any] | None = None) -> dict[str, Any]:
        from .net.messages import dump

        peer = self._peer()
        game, state = peer.game, peer.match.state
        mine = peer.my_seats()
        viewer = next((seat for seat in mine if peer.setup.seats[seat] == HUMAN), mine[0] if mine else None)
        secret = None
        if viewer is not None and peer.node["kind"] == "simultaneous":
            secret = peer.node["secrets"].get(str(viewer))
        shown = game.apply(state, viewer, secret[0]) if secret and viewer is not None else state  # face down
        view = game.view(shown, viewer)
        if isinstance(view.get("chosen"), list) and peer.node["kind"] == "simultaneous":
            for key in peer.node["commits"]:
                view["chosen"][int(key)] = True  # seats that committed have chosen, unseen
        if peer.outcome:
            view["legal"] = []
        labels = {seat: ("You" if seat in mine and kind == HUMAN else
                         f"{kind.capitalize()} bot" if kind != HUMAN else f"Player {seat + 1}")
                  for seat, kind in enumerate(peer.setup.seats)}
        return {
            "mode": "p2p",
            "game": game.id,
            "me": peer.me,
            "viewer": viewer,
            "view": view,
            "labels": {str(seat): label for seat, label in labels.items()},
            "svg": render_svg(game.id, view, labels),
            "to_decide": peer.to_decide(),
            "bots_to_decide": [seat for seat in peer.to_decide() if peer.setup.seats[seat] != HUMAN],
            "waiting": peer.waiting_for(),
            "outcome": peer.outcome,
            "over": game.is_terminal(state) or peer.outcome is not None,
            "events": peer.take_events(),
            "refused": refused,
            "send": [dump(message) for message in sent],
            "step": peer.step,
            "hash": game.state_hash(state),
            "save": peer.to_json(),
        }


def _now(request: dict[str, Any]) -> float:
    now = request.get("now", 0.0)
    if not isinstance(now, int | float) or isinstance(now, bool) or not 0 <= now < 1e13:
        raise ProtocolError("'now' is a time in seconds")
    return float(now)


def handoff_svg(seat: int, labels: dict[int, str]) -> str:
    """The cover shown between two hot-seat players, with the one button that lifts it."""
    name = escape(labels.get(seat, f"Player {seat + 1}"))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="handoff" viewBox="0 0 500 260" width="100%" '
        f'data-handoff="{seat}" role="img" aria-label="Pass the device to {name}">'
        '<rect x="6" y="6" width="488" height="248" rx="14" fill="#23304d"/>'
        f'<text x="250" y="78" text-anchor="middle" font-size="26" font-weight="700" fill="#fff" '
        f'font-family="system-ui, sans-serif">{name}\u2019s turn</text>'
        '<text x="250" y="112" text-anchor="middle" font-size="16" fill="#dfe6f3" '
        'font-family="system-ui, sans-serif">Pass the device; everyone else, look away.</text>'
        f'<g class="action show" data-action="{SHOW}" data-seat="{seat}" role="button" tabindex="0" '
        f'aria-label="I am {name}: show my hand"><title>I am {name}: show my hand</title>'
        '<rect x="110" y="150" width="280" height="56" rx="28" fill="#ffd36b"/>'
        '<text x="250" y="185" text-anchor="middle" font-size="18" font-weight="700" fill="#1a1d24" '
        f'font-family="system-ui, sans-serif">I am {name}: show</text></g></svg>'
    )


def render_svg(game_id: str, view: dict[str, Any], labels: dict[int, str]) -> str:
    module = importlib.import_module(f"cargobay.games.{game_id}.svg")
    return str(module.render(view, labels=labels))


SERVICE = Service()


def handle_json(text: str) -> str:
    """The worker's single entry point: a request's JSON text in, the answer's JSON text out."""
    if not isinstance(text, str) or len(text.encode()) > MAX_REQUEST_BYTES:
        answer: dict[str, Any] = {
            "ok": False,
            "error": {"type": "ProtocolError", "message": f"a request is JSON text of at most {MAX_REQUEST_BYTES} B"},
        }
    else:
        try:
            request = json.loads(text)
        except (ValueError, RecursionError) as error:
            answer = {"ok": False, "error": {"type": "ProtocolError", "message": f"not JSON: {error}"}}
        else:
            answer = SERVICE.handle(request)
    return json.dumps(answer, separators=(",", ":"))
