"""A lockstep peer: every peer runs the engine, checks every remote move, and compares state hashes.

Transport-free: the caller hands in each raw message with the peer index of the channel it came
from, and broadcasts the messages the peer returns. Time is passed in (``now``, seconds), never read.

A decision node is numbered by the match step at which it began:
- chance: every playing peer commits to a random 256-bit share, reveals it once all commitments are
  in, and the outcome is drawn from ``joint_seed`` of all shares, so no peer alone chooses a deal
  (a spectator adds none: it has no stake, and a spectator that drops must not stall the players);
- simultaneous: each acting seat's owner commits ``H(match, node, seat, action, nonce)``; reveals go
  out only after all commitments are in (each reveal names the commitments its sender saw);
- one seat: its owner sends the action in the clear.
After every node each peer broadcasts its state hash, so a desync is caught at the step it happens.

Every refused message raises ``PeerViolation`` (or ``MessageError``) with the reason and leaves the
match untouched. A reveal that does not open its commitment, or opens to an illegal move, is
cheating: the sender's seats forfeit. A reveal missing past the deadline (counted only while the
peer is connected) forfeits too.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from ..engine import CHANCE, SIMULTANEOUS, TERMINAL, CargoBayError, Game, Match
from .commit import commitment, joint_seed, opens
from .messages import MATCH_ID, PROTOCOL, dump, parse

MAX_BUFFERED = 256


class _Deferred(Exception):
    """A message that can only be handled once another peer's message has arrived."""


class PeerViolation(CargoBayError):
    """A message refused for breaking the protocol; ``cheating`` when it proves bad faith."""

    def __init__(self, reason: str, *, sender: int | None = None, cheating: bool = False) -> None:
        super().__init__(reason)
        self.sender = sender
        self.cheating = cheating


@dataclass
class Setup:
    """What every peer agrees on before the first move."""

    match_id: str
    game: str
    seats: list[str]  # seat kinds: "human" or a bot level (bots run on their owner's machine)
    owners: list[int]  # the peer index that plays each seat; a peer that owns none is a spectator
    peers: int
    options: dict[str, Any] = field(default_factory=dict)
    reveal_deadline: float = 60.0  # seconds a peer may take to reveal once all commitments are in

    def __post_init__(self) -> None:
        if not isinstance(self.match_id, str) or not MATCH_ID.fullmatch(self.match_id):
            raise ValueError("a match id is 8-64 letters, digits, - or _")
        if not isinstance(self.game, str) or not isinstance(self.seats, list) or not isinstance(self.owners, list):
            raise ValueError("a setup names its game, and lists its seats and their owners")
        if not all(isinstance(kind, str) for kind in self.seats) or len(self.owners) != len(self.seats):
            raise ValueError("every seat is a kind (human or a bot level) with one owner")
        if not isinstance(self.options, dict):
            raise ValueError("the options are an object")
        if not isinstance(self.peers, int) or isinstance(self.peers, bool):
            raise ValueError("peers is a number")
        if not 2 <= self.peers <= 8 or not all(
            isinstance(o, int) and not isinstance(o, bool) and 0 <= o < self.peers for o in self.owners
        ):
            raise ValueError("2-8 peers; every seat is owned by one of them (a peer with no seat watches)")
        if len(set(self.owners)) < 2:
            raise ValueError("at least two peers play: a match against oneself needs no network")
        if not isinstance(self.reveal_deadline, int | float) or not 1 <= self.reveal_deadline <= 3600:
            raise ValueError("the reveal deadline is 1..3600 seconds")

    @classmethod
    def from_json(cls, data: Any) -> Setup:
        if not isinstance(data, dict):
            raise ValueError("a setup is an object")
        try:
            return cls(**data)
        except TypeError as error:
            raise ValueError(f"bad setup: {error}") from None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def check_game(self, game: Game[Any]) -> None:
        """The checks that need the game: it is the one named, with a seat count and options it allows."""
        if game.id != self.game:
            raise ValueError(f"the setup is for {self.game!r}, not {game.id!r}")
        if not game.min_seats <= len(self.seats) <= game.max_seats:
            raise ValueError(f"{game.title} takes {game.min_seats}-{game.max_seats} seats, one owner each")
        chosen = game.info.resolve_options(self.options)
        for name, value in game.info.peer_options:
            if chosen[name] != value:
                raise ValueError(f"between browsers {game.title} plays with {name} = {value!r}")


class Peer:
    def __init__(self, setup: Setup, me: int, entropy: Callable[[int], bytes], game: Game[Any]) -> None:
        if not isinstance(me, int) or not 0 <= me < setup.peers:
            raise ValueError(f"peer {me} is not in this match")
        setup.check_game(game)
        self.setup = setup
        self.me = me
        self.entropy = entropy
        self.game: Game[Any] = game
        self.match = Match(self.game, setup.seats, 0, setup.options)
        self.outbox: list[dict[str, Any]] = []
        self.hashes: dict[int, str] = {0: self.game.state_hash(self.match.state)}
        self.remote_hashes: dict[tuple[int, int], str] = {}
        self.seen: set[str] = set()
        self.used_digests: set[str] = set()
        self.future: list[tuple[int, dict[str, Any]]] = []
        self.connected: dict[int, bool] = {peer: True for peer in range(setup.peers) if peer != me}
        self.outcome: dict[str, Any] | None = None
        self.events: list[dict[str, Any]] = []
        self.node: dict[str, Any] = {}
        self._enter_node()

    # --- what the driver asks ----------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.match.step

    def my_seats(self) -> list[int]:
        return [seat for seat, owner in enumerate(self.setup.owners) if owner == self.me]

    def to_decide(self) -> list[int]:
        """My seats that must choose now and have not (for a human: wait for input; for a bot: ask it)."""
        if self.outcome or self.node["kind"] not in ("simultaneous", "seat"):
            return []
        return [seat for seat in self.node["keys"] if self.setup.owners[seat] == self.me
                and str(seat) not in self.node["secrets"] and seat not in self.node.get("acted", [])]

    def waiting_for(self) -> dict[str, Any]:
        """Whom the node waits for: commitments, reveals or a move, by key."""
        node = self.node
        keys = [str(key) for key in node["keys"]]
        if node["kind"] == "seat":
            return {"phase": "move", "keys": node["keys"]}
        missing_commits = [int(k) for k in keys if k not in node["commits"]]
        if missing_commits:
            return {"phase": "commit", "keys": missing_commits}
        return {"phase": "reveal", "keys": [int(k) for k in keys if k not in node["reveals"]]}

    def take_events(self) -> list[dict[str, Any]]:
        events, self.events = self.events, []
        return events

    # --- local input ---------------------------------------------------------------------------
    def start(self, now: float) -> list[dict[str, Any]]:
        """Messages to send when the match begins (the first chance commitment)."""
        return self._advance(now)

    def choose(self, seat: int, action: str, now: float) -> list[dict[str, Any]]:
        """One of my seats decides; the engine checks it before anything is sent."""
        if self.outcome:
            raise PeerViolation(f"the match has ended: {self.outcome['reason']}")
        if seat not in self.to_decide():
            raise PeerViolation(f"seat {seat} has nothing to decide here")
        self.game.apply(self.match.state, seat, action)  # raises the engine's typed error if illegal
        node = self.node["node"]
        if self.node["kind"] == "seat":
            self.match.apply(seat, action)
            self.node.setdefault("acted", []).append(seat)
            sent = [self._send({"type": "act", "node": node, "seat": seat, "action": action})]
            self._after_step(now, sent)
            return sent + self._advance(now)
        nonce = self.entropy(32).hex()
        digest = commitment(self.setup.match_id, node, seat, "action", action, nonce)
        self.node["secrets"][str(seat)] = [action, nonce]
        self.node["commits"][str(seat)] = digest
        self.used_digests.add(digest)
        sent = [self._send({"type": "commit", "node": node, "kind": "action", "key": seat, "digest": digest})]
        return sent + self._advance(now)

    def chat(self, text: str) -> list[dict[str, Any]]:
        message = self._send({"type": "chat", "text": text})
        parse(dump(message), self.setup.match_id, self.setup.peers)  # the same limits as for others
        return [message]

    def hello(self) -> list[dict[str, Any]]:
        """Where I stand: sent on every (re)connection, so the other side re-sends what I missed."""
        return [self._send({"type": "resume", "step": self.step, "hash": self.hashes[self.step]}, keep=False)]

    def set_connected(self, peer: int, connected: bool, now: float) -> None:
        self.tick(now)
        self.connected[peer] = connected

    def tick(self, now: float) -> None:
        """Count reveal waiting time while the owing peers are connected; forfeit past the deadline."""
        node = self.node
        if self.outcome or node.get("since") is None:
            node["last"] = now
            return
        owing = self._owing_peers()
        if owing and all(self.connected.get(peer, True) for peer in owing):
            node["waited"] += max(0.0, now - node["last"])
        node["last"] = now
        if owing and node["waited"] > self.setup.reveal_deadline:
            peer = owing[0]
            self._forfeit(peer, f"peer {peer} did not reveal within {self.setup.reveal_deadline:g} s")

    # --- remote input --------------------------------------------------------------------------
    def receive(self, sender: int, text: object, now: float) -> list[dict[str, Any]]:
        """Handle one raw message from the channel of peer ``sender``; returns messages to broadcast."""
        message = parse(text, self.setup.match_id, self.setup.peers)
        if message["from"] != sender:
            raise PeerViolation(f"peer {sender} sent a message signed as peer {message['from']}", sender=sender)
        if sender == self.me:
            raise PeerViolation("a message from myself came back", sender=sender)
        canonical = dump(message)
        if canonical in self.seen:
            return []  # a duplicate: already handled
        kind = message["type"]
        if kind == "chat":
            self.seen.add(canonical)
            self.events.append({"event": "chat", "from": sender, "text": message["text"]})
            return []
        if kind == "hash":
            self.seen.add(canonical)
            self.remote_hashes[(sender, message["step"])] = message["hash"]
            self._compare_hash(sender, message["step"])
            return []
        if kind == "resume":
            return self._resume(sender, message)
        if self.outcome:
            raise PeerViolation(f"the match has ended: {self.outcome['reason']}", sender=sender)
        node = self.node["node"]
        if message["node"] < node:
            raise PeerViolation(
                f"a {kind} for step {message['node']} arrived at step {node}: stale, replayed or conflicting",
                sender=sender,
            )
        if message["node"] > node:
            if len(self.future) >= MAX_BUFFERED:
                raise PeerViolation("too many messages ahead of the match", sender=sender)
            self.future.append((sender, message))
            return []
        try:
            out = self._handle(sender, message, now)
        except _Deferred:
            self.future.append((sender, message))
            return []
        self.seen.add(canonical)
        if kind == "commit":
            out.extend(self._replay_buffered(now))
        return out + self._advance(now)

    # --- internals -----------------------------------------------------------------------------
    def _send(self, body: dict[str, Any], keep: bool = True) -> dict[str, Any]:
        message = {"v": PROTOCOL, "match": self.setup.match_id, "from": self.me, **body}
        if keep:
            self.outbox.append(message)
        return message

    def _enter_node(self) -> None:
        state = self.match.state
        player = self.game.current_player(state)
        if player == CHANCE:
            kind, keys = "chance", sorted(set(self.setup.owners))  # the players draw; spectators just watch
        elif player == SIMULTANEOUS:
            kind, keys = "simultaneous", list(self.game.acting_seats(state))
        elif player == TERMINAL:
            kind, keys = "terminal", []
        else:
            kind, keys = "seat", [player]
        self.node = {"node": self.match.step, "kind": kind, "keys": keys, "commits": {}, "reveals": {},
                     "secrets": {}, "revealed": False, "since": None, "waited": 0.0, "last": 0.0}

    def _owner(self, kind: str, key: int) -> int:
        return key if kind == "share" else self.setup.owners[key]

    def _owing_peers(self) -> list[int]:
        node = self.node
        kind = "share" if node["kind"] == "chance" else "action"
        return sorted({self._owner(kind, k) for k in node["keys"] if str(k) not in node["reveals"]} - {self.me})

    def _handle(self, sender: int, message: dict[str, Any], now: float) -> list[dict[str, Any]]:
        node = self.node
        kind = message["type"]
        if kind == "act":
            if node["kind"] != "seat" or message["seat"] not in node["keys"]:
                raise PeerViolation(f"seat {message['seat']} is not to move alone at step {node['node']}",
                                    sender=sender)
            if self.setup.owners[message["seat"]] != sender:
                raise PeerViolation(f"peer {sender} does not play seat {message['seat']}", sender=sender)
            try:
                self.match.apply(message["seat"], message["action"])
            except CargoBayError as error:
                raise PeerViolation(f"refused move of seat {message['seat']}: {error}", sender=sender) from None
            node.setdefault("acted", []).append(message["seat"])
            out: list[dict[str, Any]] = []
            self._after_step(now, out)
            return out
        expected = "share" if node["kind"] == "chance" else "action" if node["kind"] == "simultaneous" else None
        if expected is None or message["kind"] != expected:
            raise PeerViolation(f"no {message['kind']} {kind} is due at step {node['node']}", sender=sender)
        key = message["key"]
        if key not in node["keys"]:
            raise PeerViolation(f"{key} is not to choose at step {node['node']}", sender=sender)
        if self._owner(expected, key) != sender:
            raise PeerViolation(f"peer {sender} may not {kind} for {expected} {key}", sender=sender)
        if kind == "commit":
            if str(key) in node["commits"]:
                raise PeerViolation(f"a second, different commitment for {key} at step {node['node']}",
                                    sender=sender, cheating=True)
            if message["digest"] in self.used_digests:
                raise PeerViolation("a replayed commitment (this digest was used before)", sender=sender)
            node["commits"][str(key)] = message["digest"]
            self.used_digests.add(message["digest"])
            return []
        return self._reveal(sender, message, now)

    def _reveal(self, sender: int, message: dict[str, Any], now: float) -> list[dict[str, Any]]:
        node = self.node
        key, kind = message["key"], message["kind"]
        if str(key) in node["reveals"]:
            raise PeerViolation(f"a second, different reveal for {key}", sender=sender, cheating=True)
        everyone = {str(k) for k in node["keys"]}
        if set(message["commits"]) != everyone:
            raise PeerViolation(f"peer {sender} revealed before all commitments were in", sender=sender,
                                cheating=True)
        if set(node["commits"]) == everyone and message["commits"] != dict(sorted(node["commits"].items())):
            raise PeerViolation(f"peer {sender} revealed against commitments that differ from ours",
                                sender=sender, cheating=True)
        if set(node["commits"]) != everyone:
            raise _Deferred  # a commitment is still on its way to me (reordered, or over another channel)

        if not opens(node["commits"][str(key)], self.setup.match_id, node["node"], key, kind,
                     message["value"], message["nonce"]):
            self._forfeit(sender, f"peer {sender}'s reveal does not open its commitment (cheating)")
            raise PeerViolation(f"peer {sender}'s reveal does not open its commitment", sender=sender,
                                cheating=True)
        if kind == "action":
            try:
                self.game.apply(self.match.state, key, message["value"])
            except CargoBayError as error:
                self._forfeit(sender, f"peer {sender} committed to an illegal move: {error}")
                raise PeerViolation(f"peer {sender} committed to an illegal move: {error}", sender=sender,
                                    cheating=True) from None
        node["reveals"][str(key)] = [message["value"], message["nonce"]]
        return []

    def _advance(self, now: float) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        while not self.outcome:
            node = self.node
            keys = [str(k) for k in node["keys"]]
            if node["kind"] == "chance" and self.me in node["keys"] and str(self.me) not in node["secrets"]:
                share, nonce = self.entropy(32).hex(), self.entropy(32).hex()
                digest = commitment(self.setup.match_id, node["node"], self.me, "share", share, nonce)
                node["secrets"][str(self.me)] = [share, nonce]
                node["commits"][str(self.me)] = digest
                self.used_digests.add(digest)
                out.append(self._send({"type": "commit", "node": node["node"], "kind": "share", "key": self.me,
                                       "digest": digest}))
            if node["kind"] not in ("chance", "simultaneous") or set(node["commits"]) != set(keys):
                break
            if node["since"] is None:
                node["since"], node["last"] = now, now
            if not node["revealed"]:
                node["revealed"] = True
                kind = "share" if node["kind"] == "chance" else "action"
                for key, (value, nonce) in sorted(node["secrets"].items()):
                    node["reveals"][key] = [value, nonce]
                    out.append(self._send({"type": "reveal", "node": node["node"], "kind": kind, "key": int(key),
                                           "value": value, "nonce": nonce,
                                           "commits": dict(sorted(node["commits"].items()))}))
                out.extend(self._replay_buffered(now))
                continue
            if set(node["reveals"]) != set(keys):
                break
            if node["kind"] == "chance":
                shares = [node["reveals"][key][0] for key in sorted(keys, key=int)]
                seed = joint_seed(self.setup.match_id, node["node"], shares)
                self.match.apply(CHANCE, self.game.sample_chance(self.match.state, random.Random(seed)))
            else:
                for key in sorted(keys, key=int):
                    self.match.apply(int(key), node["reveals"][key][0])
            self._after_step(now, out)
        return out

    def _after_step(self, now: float, out: list[dict[str, Any]]) -> None:
        step = self.match.step
        self.hashes[step] = self.game.state_hash(self.match.state)
        out.append(self._send({"type": "hash", "step": step, "hash": self.hashes[step]}))
        self.events.append({"event": "step", "step": step})
        for peer in range(self.setup.peers):
            self._compare_hash(peer, step)
        self._enter_node()
        self.node["last"] = now
        out.extend(self._replay_buffered(now))

    def _replay_buffered(self, now: float) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        waiting, self.future = self.future, []
        for sender, message in waiting:
            if self.outcome:
                break
            if message["node"] > self.node["node"]:
                self.future.append((sender, message))
                continue
            try:
                out.extend(self.receive(sender, dump(message), now))
            except CargoBayError as error:
                self.events.append({"event": "refused", "from": sender, "reason": str(error)})
        return out

    def _compare_hash(self, peer: int, step: int) -> None:
        theirs = self.remote_hashes.get((peer, step))
        if theirs is not None and step in self.hashes and theirs != self.hashes[step] and not self.outcome:
            self.outcome = {"kind": "desync", "step": step, "peer": peer,
                            "reason": f"desync with peer {peer} at step {step}: the states differ"}
            self.events.append({"event": "desync", **self.outcome})

    def _resume(self, sender: int, message: dict[str, Any]) -> list[dict[str, Any]]:
        step = message["step"]
        self.remote_hashes[(sender, step)] = message["hash"]
        self._compare_hash(sender, step)
        self.connected[sender] = True
        # re-send all I said from the node the other side stands at: what it already has it ignores
        resend = [m for m in self.outbox if (m["type"] == "hash" and m["step"] >= step)
                  or (m["type"] in ("commit", "reveal", "act") and m["node"] >= step)]
        return resend

    def _forfeit(self, peer: int, reason: str) -> None:
        if self.outcome:
            return
        seats = [seat for seat, owner in enumerate(self.setup.owners) if owner == peer]
        self.outcome = {"kind": "forfeit", "peer": peer, "seats": seats, "reason": reason}
        self.events.append({"event": "forfeit", **self.outcome})

    # --- saving --------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "setup": self.setup.to_json(),
            "me": self.me,
            "log": self.match.to_log(),
            "node": copy.deepcopy(self.node),
            "outbox": list(self.outbox),
            "hashes": {str(step): value for step, value in self.hashes.items()},
            "remote_hashes": [[peer, step, value] for (peer, step), value in self.remote_hashes.items()],
            "used_digests": sorted(self.used_digests),
            "seen": sorted(self.seen),
            "future": [[sender, message] for sender, message in self.future],
            "outcome": self.outcome,
        }

    @classmethod
    def from_json(cls, data: Any, entropy: Callable[[int], bytes], games: Mapping[str, Game[Any]]) -> Peer:
        """Restore a saved peer; the log is replayed through the engine, so a corrupt save is refused."""
        try:
            setup = Setup.from_json(data["setup"])
            if setup.game not in games:
                raise ValueError(f"no playable game {setup.game!r}")
            peer = cls(setup, data["me"], entropy, games[setup.game])
            peer.match = Match.from_log(data["log"], games)
            peer.node = dict(data["node"])
            peer.outbox = list(data["outbox"])
            peer.hashes = {int(step): str(value) for step, value in data["hashes"].items()}
            peer.remote_hashes = {(int(p), int(s)): str(v) for p, s, v in data["remote_hashes"]}
            peer.used_digests = set(data["used_digests"])
            peer.seen = set(data["seen"])
            peer.future = [(int(sender), dict(message)) for sender, message in data["future"]]
            peer.outcome = data["outcome"]
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise ValueError(f"not a saved peer match: {error}") from None
        if peer.node.get("node") != peer.match.step or peer.hashes.get(peer.match.step) != peer.game.state_hash(
            peer.match.state
        ):
            raise ValueError("the saved peer match is inconsistent with its log")
        return peer
