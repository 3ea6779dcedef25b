"""Peers in memory joined by channels, and the tools hostile peers use in the tests of tests/net/."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from cargobay.bots import RandomBot
from cargobay.crypto import proofs
from cargobay.crypto import ristretto as r
from cargobay.engine import CargoBayError
from cargobay.net import Identity, Out, Peer, Setup
from cargobay.net.messages import PROTOCOL, body, dump
from cargobay.net.signing import signed_bytes
from cargobay.registry import GAMES

MATCH = "match-0001"


def identity(seed: int) -> Identity:
    return Identity(random.Random(seed).randbytes(32))


def make_setup(peers: int = 2, game: str = "odd", owners: tuple[int, ...] = (), seed: int = 0,
               options: dict[str, Any] | None = None, salts: tuple[int, ...] = (),
               **clocks: float) -> tuple[Setup, list[Identity]]:
    owners = owners or ((0, 1, 0) if game == "odd" and peers == 2 else tuple(range(peers)))
    ids = [identity(salts[me] if salts else seed * 10 + me) for me in range(peers)]
    setup = Setup(MATCH, game, ["human"] * len(owners), list(owners), peers, options=dict(options or {}),
                  keys=[i.public for i in ids], **clocks)
    return setup, ids


class Network:
    """Peers joined by ordered, reliable channels (like WebRTC data channels) unless told otherwise.
    ``hostile`` peers are driven by the test: nothing they are sent is handled, and they decide nothing."""

    def __init__(self, peers: int = 2, seed: int = 0, game: str = "odd", owners: tuple[int, ...] = (),
                 options: dict[str, Any] | None = None, hostile: tuple[int, ...] = (), salts: tuple[int, ...] = (),
                 **clocks: float) -> None:
        self.setup, self.ids = make_setup(peers, game, owners, seed, options, salts, **clocks)
        self.peers = [Peer(self.setup, me, self.ids[me], GAMES[game]) for me in range(peers)]
        self.hostile = set(hostile)
        self.queues: dict[tuple[int, int], list[str]] = {
            (a, b): [] for a in range(peers) for b in range(peers) if a != b
        }
        self.rng = random.Random(seed)
        self.now = 0.0
        self.refused: list[str] = []
        self.inbox: dict[int, list[tuple[int, str]]] = {me: [] for me in self.hostile}  # what hostile peers got
        for me, peer in enumerate(self.peers):
            if me not in self.hostile:
                self.send(me, peer.start(self.now))

    # --- moving texts -----------------------------------------------------------------------------
    def send(self, sender: int, outs: list[Out]) -> None:
        for to, text in outs:
            for (a, b), queue in self.queues.items():
                if a == sender and (to is None or to == b):
                    queue.append(text)

    def deliver_one(self, a: int, b: int) -> bool:
        queue = self.queues[(a, b)]
        if not queue:
            return False
        text = queue.pop(0)
        if b in self.hostile:
            self.inbox.setdefault(b, []).append((a, text))
            return True
        try:
            self.send(b, self.peers[b].receive(a, text, self.now))
        except CargoBayError as error:  # a typed refusal; anything else is a bug and fails the test
            self.refused.append(f"{a}->{b}: {error}")
        return True

    def flush(self) -> None:
        while any(self.deliver_one(a, b) for (a, b) in list(self.queues)):
            pass

    def decide(self, shuffle: bool = False, only: tuple[int, ...] = ()) -> bool:
        """Every honest peer's bots decide for the seats that are theirs to decide; False when none could."""
        acted = False
        order = list(only or range(len(self.peers)))
        if shuffle:
            self.rng.shuffle(order)
        for me in order:
            if me in self.hostile:
                continue
            peer = self.peers[me]
            for seat in peer.to_decide():
                view = peer.game.view(peer.match.state, seat)
                action = RandomBot().choose(peer.game, view, self.rng)
                self.send(me, peer.choose(seat, action, self.now))
                acted = True
        return acted

    def play(self, limit: int = 3000, until: tuple[int, ...] = ()) -> None:
        """Deliver and decide until the peers ``until`` (default: the honest ones) reach the end."""
        watched = [self.peers[me] for me in (until or range(len(self.peers))) if me not in self.hostile]
        for _ in range(limit):
            self.flush()
            if all(peer.over() for peer in watched):
                return
            if not self.decide():
                raise AssertionError(f"stuck: {[p.waiting_for() for p in self.peers]}")
        raise AssertionError("match did not end")

    def play_until(self, done: Any, limit: int = 3000) -> None:
        """Deliver and decide until ``done()``."""
        for _ in range(limit):
            self.flush()
            if done():
                return
            if not self.decide():
                raise AssertionError(f"stuck: {[p.waiting_for() for p in self.peers]}")
        raise AssertionError("never done")

    def in_step(self, *who: int) -> bool:
        peers = [self.peers[me] for me in (who or range(len(self.peers)))]
        return len({peer.state_hash() for peer in peers}) == 1

    def pass_time(self, seconds: float, until: Callable[[], bool] = lambda: False) -> None:
        """``seconds`` go by on every honest page (or until ``until()``), each ticking once a second (a page
        charges another only for time it was running: clocks.PAUSE), what it sends delivered."""
        end = self.now + seconds
        while self.now < end and not until():
            self.now = min(end, self.now + 1.0)
            for me, peer in enumerate(self.peers):
                if me not in self.hostile:
                    self.send(me, peer.tick(self.now))
            self.flush()

    # --- what a hostile peer does -------------------------------------------------------------------
    def forge(self, signer: int, fields: dict[str, Any], digest: str = "") -> str:
        """A message signed with peer ``signer``'s key (a hostile peer signs what it likes), for this setup
        or the one of ``digest``."""
        message = {"v": PROTOCOL, "match": MATCH, "from": signer, **fields}
        signature = self.ids[signer].sign(signed_bytes(digest or self.setup.digest(), body(message)))
        return dump({**message, "sig": signature})

    def inject(self, sender: int, to: int, text: str) -> list[Out]:
        """Hand ``text`` to honest peer ``to`` as if it came on ``sender``'s channel; what it sends goes on."""
        outs = self.peers[to].receive(sender, text, self.now)
        self.send(to, outs)
        return outs

    def outcome(self, me: int) -> dict[str, Any] | None:
        return self.peers[me].outcome


def run_clock(peer: Peer, until: float) -> list[Out]:
    """Tick ``peer`` once a second from its last run up to ``until`` (a page that keeps running); what it sends."""
    out: list[Out] = []
    now = until if peer.clocks.last is None else peer.clocks.last
    while True:
        now = min(until, now + 1.0)
        out.extend(peer.tick(now))
        if now >= until:
            return out


def loaded(text: str) -> dict[str, Any]:
    return dict(json.loads(text))


def lie_in_shares(monkeypatch: Any, cheater: Peer, lying: Callable[[dict[str, Any]], bool], index: int = 0) -> None:
    """``cheater`` sends a false decryption share (its ``index``-th: a point that unmasks another card) for every
    deck event ``lying`` picks, with the proof of its honest shares."""
    honest = proofs.prove_shares

    def false_shares(secret: int, points: Any, context: bytes) -> tuple[list[r.Point], bytes]:
        shares, proof = honest(secret, points, context)
        node = int(context.decode().split("|")[2])
        dealing = cheater.dealing
        event = dealing.events.get(node) if dealing else None
        if dealing is not None and event is not None and secret == dealing.secret and lying(event) and shares:
            shares[index] = r.add(shares[index], r.BASE)
        return shares, proof

    monkeypatch.setattr(proofs, "prove_shares", false_shares)
