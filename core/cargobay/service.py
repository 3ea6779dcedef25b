"""The engine worker's service: one JSON request in, one JSON answer out (worker/PROTOCOL.md).

Pure and transport-free: the Pyodide worker passes each message's text to ``handle_json`` and posts
the answer back. Every request is validated; a bad one is answered with an error and changes nothing.

Only a typed refusal (a ``CargoBayError``) is answered as the request's fault. Any other exception is a bug in the
engine: it is answered as an ``InternalError`` carrying its traceback (the worker logs it to its console), so a
broken rule never looks like a refused move, and a fuzz test can tell the two apart.
"""

from __future__ import annotations

import json
import os
import random
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import __version__, limits
from .bots import LEVELS
from .engine import CargoBayError, random_playout
from .registry import CATALOGUE, SPECS, get_playable_spec, get_spec

if TYPE_CHECKING:  # imported on first use: booting the engine (the menu's `hello`) needs neither
    from .net import Identity, Out
    from .replay import Replay
    from .session import LocalSession, PeerSession
    from .table import Table

PROTOCOL = 2
MAX_REQUEST_BYTES = limits.MAX_REQUEST_BYTES
MAX_SEED = 2**63 - 1


BIND_DOMAIN = "cargobay-code/1\n"  # what a connection code's binding signature covers begins so (web/p2p.js)
RELAY_DOMAIN = b"cargobay-relay/1\n"  # what a relayed signalling message's signature covers begins so
MAX_RELAY_TEXT = 3000


class ProtocolError(CargoBayError):
    """A request that does not follow the message contract."""


def _field(request: dict[str, Any], name: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
    value = request.get(name)
    if value is None and optional:
        return None
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ProtocolError(f"{request.get('type')}: field {name!r} is missing or of the wrong type")
    return value


class Service:
    """Holds the current matches of one page: a local one and a peer one."""

    def __init__(self) -> None:
        self.local: LocalSession | None = None
        self.peer_session: PeerSession | None = None
        self.identity: Identity | None = None  # this page's signing key for its next (or current) peer match
        self.wide = False  # the page's layout, for every board drawn from now on
        self.replayed: Replay | None = None  # the match log open in the replay viewer
        self.benched: Table | None = None  # the bot-vs-bot match bench/engine_speed.py steps (bench bot-match)
        self.handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "hello": self.hello,
            "new_match": self.new_match,
            "resume": self.resume,
            "act": self.act,
            "select": self.select,
            "step": self.step,
            "layout": self.layout,
            "snapshot": self.snapshot_request,
            "bench": self.bench,
            "replay": self.replay,
            "p2p_identity": self.p2p_identity,
            "p2p_relay_sign": self.p2p_relay_sign,
            "p2p_bind_sign": self.p2p_bind_sign,
            "p2p_start": self.p2p_start,
            "p2p_restore": self.p2p_restore,
            "p2p_receive": self.p2p_receive,
            "p2p_choose": self.p2p_choose,
            "p2p_select": self.p2p_select,
            "p2p_bots": self.p2p_bots,
            "p2p_hello": self.p2p_hello,
            "p2p_tick": self.p2p_tick,
            "p2p_connected": self.p2p_connected,
            "p2p_chat": self.p2p_chat,
            "p2p_snapshot": lambda request: self.p2p_snapshot([], full=True),
        }

    def handle(self, request: Any) -> dict[str, Any]:
        try:
            if not isinstance(request, dict):
                raise ProtocolError("a request is a JSON object")
            kind = request.get("type")
            if kind != "hello" and request.get("v", PROTOCOL) != PROTOCOL:
                raise ProtocolError(f"protocol version {request.get('v')!r} is not supported (this is {PROTOCOL})")
            handler = self.handlers.get(kind) if isinstance(kind, str) else None
            if handler is None:
                raise ProtocolError(f"unknown request type {request.get('type')!r}")
            return {"v": PROTOCOL, "ok": True, "result": handler(request)}
        except CargoBayError as error:
            message = error.args[0] if isinstance(error, KeyError) and error.args else str(error)
            return {"v": PROTOCOL, "ok": False, "error": {"type": type(error).__name__, "message": str(message)}}
        except Exception as error:  # noqa: BLE001 (a bug: answered as data with its traceback, never a refusal)
            return internal_error(error)

    # --- requests -------------------------------------------------------------------------------
    def hello(self, request: dict[str, Any]) -> dict[str, Any]:
        return {
            "version": __version__,
            "protocol": PROTOCOL,
            "games": [SPECS[info.id].to_json() if info.id in SPECS else {**info.to_json(), "bots": []}
                      for info in CATALOGUE],
            "seat_kinds": ["human", *LEVELS],
            "limits": limits.limits(),  # the page uses these (web/ui/limits.py): one source
        }

    def new_match(self, request: dict[str, Any]) -> dict[str, Any]:
        spec = get_playable_spec(_field(request, "game", str))
        seats = _field(request, "seats", list)
        if not all(isinstance(kind, str) for kind in seats):
            raise ProtocolError("seats are strings: human or a bot level")
        seed = _field(request, "seed", int, optional=True)
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")  # recorded in the log, so the match still replays
        if not 0 <= seed <= MAX_SEED:
            raise ProtocolError(f"the seed must be in 0..{MAX_SEED}")
        options = _field(request, "options", dict, optional=True)
        from .session import LocalSession

        self.local = LocalSession.new(spec, seats, seed, options)
        self.local.wide = self.wide
        return self.local.snapshot()

    def resume(self, request: dict[str, Any]) -> dict[str, Any]:
        from .session import LocalSession

        self.local = LocalSession.resume(_field(request, "log", dict), SPECS)
        self.local.wide = self.wide
        return self.local.snapshot()

    def act(self, request: dict[str, Any]) -> dict[str, Any]:
        session = self._local()
        session.act(_field(request, "seat", int), _field(request, "action", str))
        return session.snapshot()

    def select(self, request: dict[str, Any]) -> dict[str, Any]:
        session = self._local()
        session.select(_field(request, "seat", int), _field(request, "prefix", str))
        return session.snapshot()

    def step(self, request: dict[str, Any]) -> dict[str, Any]:
        session = self._local()
        session.step()
        return session.snapshot()

    def layout(self, request: dict[str, Any]) -> dict[str, Any]:
        """The page's shape changed: ``wide`` (landscape) boards from now on; answers the snapshot of the
        match of ``mode`` ("local" or "p2p") redrawn, or just the layout when there is none."""
        self.wide = _field(request, "wide", bool)
        mode = _field(request, "mode", str, optional=True)
        for session in (self.local, self.peer_session):
            if session is not None:
                session.wide = self.wide
        if mode == "local" and self.local is not None:
            return self.local.snapshot()
        if mode == "p2p" and self.peer_session is not None:
            return self.p2p_snapshot([])
        return {"wide": self.wide}

    def snapshot_request(self, request: dict[str, Any]) -> dict[str, Any]:
        return self._local().snapshot()

    def bench(self, request: dict[str, Any]) -> dict[str, Any]:
        """Work for bench/ to time from outside (the core reads no clock): ``playouts`` random games,
        ``matches`` whole matches of a bot ``level`` against the easy bot, counting its decisions, ``bot-match``
        (a bot-vs-bot match of ``level``, seed ``count``) then ``bot-move`` requests (one decision each, or with
        ``whole`` every decision of the seat in a row: a TF22 move) for bench/engine_speed.py to time one by one,
        ``count`` Ed25519 signatures made (``sign``) or checked (``verify``) of a 300-byte message, or the
        steps of a cryptographic deal among ``peers`` (``crypto-<step>``, ``crypto-protocol``: crypto/bench.py)."""
        spec = get_spec(_field(request, "game", str))
        count = _field(request, "count", int)
        if not 1 <= count <= 10_000:
            raise ProtocolError("count is 1..10000")
        game = spec.game
        what = _field(request, "what", str)
        if what in ("sign", "verify"):  # the peer protocol's Ed25519 (bench/signing.py)
            from .net import signing

            me, data = signing.Identity(bytes(32)), b"x" * 300
            signature = me.sign(data)
            done = sum(bool(me.sign(data)) if what == "sign" else signing.verify(me.public, data, signature)
                       for _ in range(count))
            return {what: done, "backend": signing.BACKEND}
        if what.startswith("crypto-"):  # the cryptographic deal (bench/crypto_deal.py)
            from .crypto import bench

            peers = _field(request, "peers", int)
            if peers not in (2, 3, 4):
                raise ProtocolError("peers is 2..4")
            if what == "crypto-protocol":
                return bench.protocol_deal(game.id, peers)
            return bench.step(what.removeprefix("crypto-"), peers, count)
        if what == "playouts":
            rng = random.Random(count)
            return {"playouts": count, "actions": sum(random_playout(game, rng) for _ in range(count))}
        from .table import Table

        level = _field(request, "level", str)
        if what == "bot-match":  # bench/engine_speed.py times each bot move from outside, one request each
            if level not in spec.levels:
                raise ProtocolError(f"{spec.info.id} has no {level!r} bot")
            self.benched = Table.new(spec, [level] * game.min_seats, count)
            return self._bench_chance()
        if what == "bot-move":
            return self._bench_move(_field(request, "whole", bool, optional=True) or False)
        decisions = 0
        for seed in range(count):
            table = Table.new(spec, [level] + ["easy"] * (game.min_seats - 1), seed)
            while not table.is_over():
                seat, _ = table.step()
                decisions += seat == 0
        return {"matches": count, "decisions": decisions}

    def _bench_chance(self) -> dict[str, Any]:
        """Play the chance events up to the next bot decision of the benched match."""
        table = self.benched
        if table is None:
            raise ProtocolError("no benched match: send bench bot-match first")
        while not table.is_over() and table.to_act()[0][1] == "chance":
            table.step()
        return {"over": table.is_over()}

    def _bench_move(self, whole: bool) -> dict[str, Any]:
        """One decision of the benched match (``whole``: every decision of the seat until another seat or chance
        is to act: a whole TF22 move), then the chance events after it."""
        table = self.benched
        if table is None or table.is_over():
            raise ProtocolError("no benched match to step: send bench bot-match first")
        seat, _ = table.step()
        decisions = 1
        while whole and not table.is_over() and table.to_act()[0][0] == seat:
            table.step()
            decisions += 1
        return {"seat": seat, "decisions": decisions, **self._bench_chance()}

    def replay(self, request: dict[str, Any]) -> dict[str, Any]:
        """A step of a replay: ``log`` (re)opens one (checked: a bad log is an error naming its first bad
        entry); ``step`` (default: the end) and ``viewer`` (a seat, or null: a spectator) choose the frame."""
        from .replay import Replay

        if request.get("log") is not None:
            self.replayed = Replay.open(_field(request, "log", dict), SPECS)
        if self.replayed is None:
            raise ProtocolError("no replay: send replay with a log first")
        return self.replayed.frame(
            _field(request, "step", int, optional=True), _field(request, "viewer", int, optional=True), self.wide
        )

    def _local(self) -> LocalSession:
        if self.local is None:
            raise ProtocolError("no match: send new_match or resume first")
        return self.local

    # --- peer-to-peer --------------------------------------------------------------------------
    def p2p_identity(self, request: dict[str, Any]) -> dict[str, Any]:
        """This page's public key for the connection codes (``fresh``: a new key, for a new match)."""
        from .net import Identity

        if self.identity is None or _field(request, "fresh", bool, optional=True):
            self.identity = Identity.generate(os.urandom)
        return {"key": self.identity.public}

    def p2p_relay_sign(self, request: dict[str, Any]) -> dict[str, Any]:
        """Sign one relayed signalling message (web/relay.js) with this page's match key. The signed bytes begin
        with their own domain (``RELAY_DOMAIN``), so a relay signature is never a game message's signature."""
        text = _field(request, "text", str)
        if len(text) > MAX_RELAY_TEXT:
            raise ProtocolError(f"p2p_relay_sign: a relayed message is at most {MAX_RELAY_TEXT} characters")
        if self.identity is None:
            raise ProtocolError("p2p_relay_sign: ask p2p_identity first (there is no key to sign with)")
        return {"sig": self.identity.sign(RELAY_DOMAIN + text.encode()), "key": self.identity.public}

    def p2p_bind_sign(self, request: dict[str, Any]) -> dict[str, Any]:
        """Sign this page's side of a new WebRTC connection (issue 19, attack 6): ``kind`` ("offer" or "answer")
        and ``fingerprint`` (the connection's DTLS SHA-256 fingerprint, as the SDP writes it). The connection
        code carries the signature (web/p2p.js), so the key in the code is bound to the connection it opens;
        the signed text begins with its own domain (``BIND_DOMAIN``), never a game or relay message's."""
        kind, fingerprint = _field(request, "kind", str), _field(request, "fingerprint", str)
        digest = fingerprint.replace(":", "").lower()
        if kind not in ("offer", "answer") or len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
            raise ProtocolError("p2p_bind_sign: a kind (offer or answer) and a DTLS SHA-256 fingerprint")
        if self.identity is None:
            raise ProtocolError("p2p_bind_sign: ask p2p_identity first (there is no key to sign with)")
        return {"sig": self.identity.sign(f"{BIND_DOMAIN}{kind} {digest}".encode()), "key": self.identity.public}

    def p2p_start(self, request: dict[str, Any]) -> dict[str, Any]:
        """Begin a match between peers from the agreed setup; ``me`` is this page's peer index, and the
        setup lists this page's key (``p2p_identity``) for it."""
        from .session import PeerSession

        setup = _field(request, "setup", dict)
        if setup.get("game") in SPECS:
            get_playable_spec(setup["game"])
        if self.identity is None:
            raise ProtocolError("p2p_start: ask p2p_identity first (the setup lists this page's key)")
        session = PeerSession.start(setup, _field(request, "me", int), SPECS, self.identity)
        self.peer_session = session
        session.wide = self.wide
        return self.p2p_snapshot(session.peer.start(_now(request)), full=True)

    def p2p_restore(self, request: dict[str, Any]) -> dict[str, Any]:
        """Reopen a saved peer match (after a reload); then send ``p2p_hello`` once connected."""
        from .session import PeerSession

        self.peer_session = PeerSession.restore(_field(request, "save", dict), SPECS)
        self.peer_session.wide = self.wide
        self.identity = self.peer_session.peer.identity
        return self.p2p_snapshot([], full=True)

    def p2p_receive(self, request: dict[str, Any]) -> dict[str, Any]:
        """One raw message from peer ``from``. A refused message is reported, never raised: it is the
        peer's fault, not the page's, and the match is untouched. Past a sender's rate of refusals
        (net.quotas.REFUSED_*) the answer is only ``dropped`` (the refusal and a count), not a snapshot; a duplicate
        of a text already handled that changed nothing is answered ``duplicate`` (a count), not a snapshot."""
        peer = self._peer_session().peer
        sender, text = _field(request, "from", int), _field(request, "text", str)
        now = _now(request)
        before = (peer.outcome, len(peer.removed), peer.step)
        duplicates = peer.duplicates
        try:
            sent = peer.receive(sender, text, now)
        except CargoBayError as error:
            refused = {"type": type(error).__name__, "message": str(error),
                       "cheating": bool(getattr(error, "cheating", False))}
            changed = peer.events or before != (peer.outcome, len(peer.removed), peer.step)
            if not changed and not peer.answer_refusal(sender, now):
                return {"dropped": {**refused, "from": sender, "count": peer.dropped.get(sender, 0)}}
            return self.p2p_snapshot([], refused=refused)
        if peer.duplicates > duplicates and not sent and not peer.events and before == (
                peer.outcome, len(peer.removed), peer.step):
            return {"duplicate": peer.duplicates}  # a text handled already: nothing changed, no snapshot
        return self.p2p_snapshot(sent)

    def p2p_choose(self, request: dict[str, Any]) -> dict[str, Any]:
        session = self._peer_session()
        seat, action = _field(request, "seat", int), _field(request, "action", str)
        return self.p2p_snapshot(session.choose(seat, action, _now(request)))

    def p2p_select(self, request: dict[str, Any]) -> dict[str, Any]:
        session = self._peer_session()
        session.select(_field(request, "seat", int), _field(request, "prefix", str))
        return self.p2p_snapshot([])

    def p2p_bots(self, request: dict[str, Any]) -> dict[str, Any]:
        """Let one of this page's bot seats decide."""
        return self.p2p_snapshot(self._peer_session().bot_decides(_now(request), os.urandom))

    def p2p_hello(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.p2p_snapshot(self._peer_session().peer.hello(_now(request)))

    def p2p_tick(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.p2p_snapshot(self._peer_session().peer.tick(_now(request)))

    def p2p_connected(self, request: dict[str, Any]) -> dict[str, Any]:
        peer = self._peer_session().peer
        other, connected = _field(request, "peer", int), _field(request, "connected", bool)
        peer.set_connected(other, connected, _now(request))
        return self.p2p_snapshot([])

    def p2p_chat(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.p2p_snapshot(self._peer_session().peer.chat(_field(request, "text", str), _now(request)))

    def _peer_session(self) -> PeerSession:
        if self.peer_session is None:
            raise ProtocolError("no peer match: send p2p_start or p2p_restore first")
        return self.peer_session

    def p2p_snapshot(
        self, sent: list[Out], refused: dict[str, Any] | None = None, *, full: bool = False
    ) -> dict[str, Any]:
        return self._peer_session().snapshot(sent, refused, full=full)


def _now(request: dict[str, Any]) -> float:
    now = request.get("now", 0.0)
    if not isinstance(now, int | float) or isinstance(now, bool) or not 0 <= now < 1e13:
        raise ProtocolError("'now' is a time in seconds")
    return float(now)


def internal_error(error: BaseException) -> dict[str, Any]:
    """The answer to a request the engine failed on (a bug, not a refusal): the error and its traceback."""
    trace = "".join(traceback.format_exception(error))
    return {"v": PROTOCOL, "ok": False, "error": {
        "type": "InternalError", "message": f"{type(error).__name__}: {error}", "traceback": trace[-8000:]}}


SERVICE = Service()


def handle_json(text: str, service: Service | None = None) -> str:
    """The worker's single entry point: a request's JSON text in, the answer's JSON text out. ``service``: whose
    matches (a shared worker holds one ``Service`` per page; the default is this worker's one page)."""
    if not isinstance(text, str) or len(text.encode()) > MAX_REQUEST_BYTES:
        answer: dict[str, Any] = {
            "v": PROTOCOL,
            "ok": False,
            "error": {"type": "ProtocolError", "message": f"a request is JSON text of at most {MAX_REQUEST_BYTES} B"},
        }
    else:
        try:
            request = json.loads(text)
        except (ValueError, RecursionError) as error:
            answer = {"v": PROTOCOL, "ok": False,
                      "error": {"type": "ProtocolError", "message": f"not JSON: {error}"}}
        else:
            answer = (service or SERVICE).handle(request)
    return json.dumps(answer, separators=(",", ":"))
