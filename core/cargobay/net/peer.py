"""A lockstep peer: every peer runs the engine, checks every signed remote move, and compares state hashes.

Transport-free: the caller hands in each raw message with the peer index of the channel it came from,
and sends what the peer returns: ``(None, text)`` to every other page, ``(k, text)`` to page ``k`` only.
Time is passed in (``now``, seconds), never read. The design, and what a cheater can still do, is in
docs/peer-protocol.md; in short:
- a decision node is numbered by the match step at which it began: chance (every player commits to a
  share, the deal comes from all of them), simultaneous (each acting seat commits, then reveals) or one
  seat (the move in the clear). Reveals go in a fixed order that turns with the step; every reveal
  carries the signed commitments its sender holds, every hash the signed move of a one-seat step;
- every message is signed; two signed messages of one page for one decision are a proof of cheating,
  passed on to every page; a hash that differs after the same validated moves loses its sender the match;
- clocks (clocks.py) bound every wait; quotas (quotas.py) bound what another page can make this one hold.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from ..deck import deals_cards
from ..engine import CHANCE, SIMULTANEOUS, TERMINAL, CargoBayError, Game, Match, SetupError
from . import evidence
from .clocks import AUTO, DECIDE, Clocks
from .commit import commitment, joint_seed, opens
from .dealing import Dealing
from .evidence import WINDOW, Out
from .messages import DEAL_TYPES, PROTOCOL, body, dump, parse, slot
from .node import Kind, Node
from .quotas import REFUSED_BURST, REFUSED_RATE, Held, Recent, TokenBucket
from .sas import Sas
from .setup import Setup
from .signing import Identity, signed_bytes, verify
from .verdicts import PeerViolation
from .verdicts import forfeit as forfeit_outcome

AHEAD = 16  # how many steps ahead of this page a message may be and still be held


class Peer:
    def __init__(self, setup: Setup, me: int, identity: Identity, game: Game[Any]) -> None:
        if not isinstance(me, int) or not 0 <= me < setup.peers:
            raise SetupError(f"peer {me} is not in this match")
        setup.check_game(game)
        if setup.keys[me] != identity.public:
            raise SetupError("the setup lists another key for this page")
        self.setup, self.me, self.identity, self.game = setup, me, identity, game
        self.digest = setup.digest()
        self.match = Match(game, setup.seats, 0, setup.options)
        self.dealing = Dealing(self) if deals_cards(game) else None  # hidden cards dealt cryptographically
        self.outbox: list[list[Any]] = []  # [node, text]: my commitments, reveals and moves (for catch-up)
        self.held: dict[int, dict[str, list[Any]]] = {}  # node -> slot -> [signer, text] (the window)
        self.hashes: dict[int, str] = {0: self.state_hash()}
        self.hash_texts: dict[int, str] = {}  # my signed hash messages (the window)
        self.remote: dict[tuple[int, int], str] = {}  # (peer, step) -> the hash it sent (the window)
        self.answered: dict[int, list[int]] = {}  # peer -> steps of its resume requests answered
        self.future: dict[int, Held] = {}
        self.behind: set[int] = set()  # peers whose messages were dropped for being too far ahead
        self.recent = Recent()
        self.buckets: dict[int, TokenBucket] = {}
        self.refusals: dict[int, TokenBucket] = {}  # sender -> its refusals answered in full
        self.dropped: dict[int, int] = {}  # sender -> its refusals past that rate (not answered in full)
        self.duplicates = 0  # texts handled already, dropped on arrival (the page is answered in short)
        self.connected = {peer: True for peer in range(setup.peers) if peer != me}
        self.clocks = Clocks(setup)
        self.outcome: dict[str, Any] | None = None
        self.removed: set[int] = set()  # spectators proven to cheat: nothing more of theirs is taken
        self.events: list[dict[str, Any]] = []
        self.sas = Sas(self)  # the verification code, commit first
        self.node = Node.make(0, Kind.TERMINAL, [])
        self.enter_node()

    # --- what the driver asks ----------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.match.step

    def my_seats(self) -> list[int]:
        return [seat for seat, owner in enumerate(self.setup.owners) if owner == self.me]

    def is_player(self, peer: int) -> bool:
        return peer in self.setup.owners

    def over(self) -> bool:
        return self.outcome is not None or (self.game.is_terminal(self.match.state) and self.node.kind == Kind.TERMINAL)

    def state_hash(self) -> str:
        """The hash every page compares: the whole state, or (cards dealt cryptographically, each page knowing
        its own) what everyone sees and every deck's digests."""
        if self.dealing is None:
            return self.game.state_hash(self.match.state)
        return self.dealing.public_hash(self)

    def to_decide(self) -> list[int]:
        """My seats that must choose now and have not (for a human: wait for input; for a bot: ask it)."""
        if self.outcome or self.node.kind not in (Kind.SIMULTANEOUS, Kind.SEAT):
            return []
        return [seat for seat in self.node.keys if self.setup.owners[seat] == self.me
                and str(seat) not in self.node.commits and seat not in self.node.acted]

    def waiting_for(self) -> dict[str, Any]:
        """Whom the node waits for: commitments, reveals or a move, by key."""
        node = self.node
        if node.kind == Kind.SEAT:
            return {"phase": "move", "keys": node.keys}
        if node.kind in (Kind.DEAL, Kind.AUDIT) and self.dealing is not None:
            return self.dealing.waiting(self)
        missing = [key for key in node.keys if str(key) not in node.commits]
        if missing:
            return {"phase": "commit", "keys": missing}
        return {"phase": "reveal", "keys": [key for key in node.order if str(key) not in node.reveals][:1]}

    def clock_status(self) -> list[dict[str, Any]]:
        return self.clocks.status(self._owing(), self.connected, self.me)

    def verification_code(self) -> str | None:
        """The code to read aloud (sas.py): equal on every page with this setup and these keys; None until every
        page's part is in."""
        return self.sas.code(self)

    def take_events(self) -> list[dict[str, Any]]:
        events, self.events = self.events, []
        return events

    # --- local input ---------------------------------------------------------------------------
    def start(self, now: float) -> list[Out]:
        """Messages to send when the match begins (the first chance commitment)."""
        self._tick(now)
        return self.sas.start(self) + (self.dealing.start(self) if self.dealing else []) + self.advance(now)

    def choose(self, seat: int, action: str, now: float) -> list[Out]:
        """One of my seats decides; the engine checks it before anything is sent."""
        self._tick(now)
        if self.outcome:
            raise PeerViolation(f"the match has ended: {self.outcome['reason']}")
        if seat not in self.to_decide():
            raise PeerViolation(f"seat {seat} has nothing to decide here")
        self.game.apply(self.match.state, seat, action)  # raises the engine's typed error if illegal
        node = self.node.node
        self.clocks.decided(self.me)
        if self.node.kind == Kind.SEAT:
            fields = {"type": "act", "node": node, "seat": seat, "action": action}
            cards = self.dealing.cards_for(self, seat, action) if self.dealing else None
            text = self.keep(node, {**fields, "cards": cards} if cards else fields)
            if self.dealing:
                self.dealing.record_own(seat, cards)
            self.apply_act(seat, action, text)
            out: list[Out] = [(None, text)]
            self.after_step(now, out)
            return out + self.advance(now)
        nonce = self.identity.derive(self.setup.match_id, "nonce", node, seat)
        self._commit(seat, "action", action, nonce)
        return [(None, self.outbox[-1][1]), *self.advance(now)]

    def chat(self, text: str, now: float) -> list[Out]:
        from .messages import MAX_CHAT, check_text

        check_text(text, "a chat line", MAX_CHAT)
        return [(None, self.sign({"type": "chat", "text": text}))]

    def hello(self, now: float) -> list[Out]:
        """Where I stand: sent on every (re)connection, so the others re-send what I missed."""
        self._tick(now)
        return [*self.sas.start(self), (None, self.sign(evidence.hash_body(self, "resume", self.step)))]

    def set_connected(self, peer: int, connected: bool, now: float) -> None:
        self._tick(now)
        if peer in self.connected:
            self.connected[peer] = connected
            if connected:
                self.answered.pop(peer, None)  # a new link: its first resume is answered again

    def tick(self, now: float) -> list[Out]:
        """Run the clocks (clocks.py); a player that ran out forfeits. Returns what to send: after an early
        end, this page's part of the audit (``closing``)."""
        self._tick(now)
        return self.closing(now)

    def _tick(self, now: float) -> None:
        if self.over():
            self.clocks.last = now
            return
        ran_out = self.clocks.run(now, self._owing(), self.connected, self.me)
        if ran_out:
            self.forfeit(*ran_out)

    def closing(self, now: float) -> list[Out]:
        """A dealt match that ended by a forfeit no audit decided is audited after its end (dealing.py,
        audit.py): this page's deck secret and seeds to send, once, and the audit concluded when every
        secret is in or the reveal deadline has passed."""
        if self.outcome is None or self.dealing is None:
            return []
        return self.dealing.after_end(self, now)

    # --- remote input --------------------------------------------------------------------------
    def receive(self, sender: int, text: object, now: float) -> list[Out]:
        """Handle one raw message from the channel of peer ``sender``; returns messages to send."""
        out = self._receive(sender, text, now)
        return out + self.closing(now) if self.outcome else out

    def _receive(self, sender: int, text: object, now: float) -> list[Out]:
        self._tick(now)
        message = parse(text, self.setup.match_id, self.setup.peers)
        assert isinstance(text, str)
        if sender == self.me:
            raise PeerViolation("a message from myself came back", sender=sender)
        kind = message["type"]
        if text in self.recent and kind != "resume":  # (a resume is answered once per link and step)
            self.duplicates += 1
            return []  # a duplicate: already handled
        if message["from"] == self.me and kind in ("commit", "reveal", "act"):
            return evidence.echo(self, sender, message, text, now)
        if message["from"] == self.me and kind in DEAL_TYPES:
            self.recent.add(text)  # my own deal step, sent back: this page makes the very same one again
            return []
        if kind == "deckkey" and message["from"] != sender and self.dealing is not None:
            return self.dealing.relayed_key(self, sender, message, text, now)  # every deck key is passed on
        if kind == "audit" and message.get("after") and message["from"] != sender and self.dealing is not None:
            return self.dealing.on_after(self, sender, message, text)  # and every secret sent after the end
        if message["from"] != sender:
            raise PeerViolation(f"peer {sender} sent a message signed as peer {message['from']}", sender=sender)
        if sender in self.removed:
            raise PeerViolation(f"peer {sender} was removed from the match (it cheated as a spectator)",
                                sender=sender)
        if kind in ("vcommit", "vreveal"):
            return self.sas.receive(self, sender, message, text)
        if kind == "chat":
            self.check(sender, message, text)
            self.events.append({"event": "chat", "from": sender, "text": message["text"]})
            return []
        if kind == "proof":
            return evidence.proof(self, sender, message, text)
        if kind in ("hash", "resume"):
            return evidence.on_hash(self, sender, message, text, now)
        if kind in DEAL_TYPES:
            if self.dealing is None:
                raise PeerViolation(f"{self.game.title} deals no cards between pages", sender=sender)
            return self.dealing.receive(self, sender, message, text, now)
        if self.outcome:
            raise PeerViolation(f"the match has ended: {self.outcome['reason']}", sender=sender)
        node, current = message["node"], self.node.node
        if node < current:
            return evidence.past(self, sender, message, text)
        if node > current:
            self.hold(sender, node, text)
            return []
        self.check(sender, message, text)
        out = self._handle(sender, message, text, now)
        return out + self.advance(now)

    def answer_refusal(self, sender: object, now: float) -> bool:
        """A message of ``sender`` was refused: True while its refusals stay within their rate (the page is
        told, with a snapshot); past it False, the refusal is only counted (``dropped``): a flood of bad texts
        costs this page a parse each, not a snapshot each."""
        key = sender if isinstance(sender, int) and 0 <= sender < self.setup.peers else -1
        bucket = self.refusals.setdefault(key, TokenBucket(REFUSED_BURST, REFUSED_RATE))
        if bucket.take(now):
            return True
        self.dropped[key] = self.dropped.get(key, 0) + 1
        return False

    # --- signing and holding ---------------------------------------------------------------------
    def sign(self, fields: dict[str, Any]) -> str:
        message = {"v": PROTOCOL, "match": self.setup.match_id, "from": self.me, **fields}
        signature = self.identity.sign(signed_bytes(self.digest, body(message)))
        return dump({**message, "sig": signature})

    def keep(self, node: int, fields: dict[str, Any]) -> str:
        """Sign one of my inputs, keep it for catch-up and as evidence."""
        text = self.sign(fields)
        self.outbox.append([node, text])
        self.hold_signed(node, parse(text, self.setup.match_id, self.setup.peers), text)
        return text

    def hold_signed(self, node: int, message: dict[str, Any], text: str) -> None:
        self.held.setdefault(node, {})[":".join(str(part) for part in slot(message) or ())] = [message["from"], text]

    def held_for(self, message: dict[str, Any]) -> list[Any] | None:
        name = ":".join(str(part) for part in slot(message) or ())
        return self.held.get(message.get("node", -1), {}).get(name)

    def valid(self, signer: int, message: dict[str, Any]) -> bool:
        return verify(self.setup.keys[signer], signed_bytes(self.digest, body(message)), message["sig"])

    def check(self, sender: int, message: dict[str, Any], text: str, *, remember: bool = True,
              signer: int | None = None) -> None:
        """The signature of ``signer`` (default: the sender) within the sender's rate of checks; remembered
        as seen either way."""
        bucket = self.buckets.setdefault(sender, TokenBucket())
        if not bucket.take(self.clocks.last or 0.0):
            raise PeerViolation(f"peer {sender} sends more than this page checks: dropped", sender=sender)
        if remember:
            self.recent.add(text)
        signer = sender if signer is None else signer
        if not self.valid(signer, message):
            if signer == self.me:
                raise PeerViolation(f"peer {sender} sent a {message['type']} as this page's own, not signed by it",
                                    sender=sender, cheating=True)
            raise PeerViolation(f"a {message['type']} whose signature is not peer {signer}'s", sender=sender,
                                cheating=True)

    def hold(self, sender: int, at: int, text: str) -> None:
        held = self.future.setdefault(sender, Held())
        if at > self.step + AHEAD or not held.add(at, text):
            self.ask_again(sender)

    def ask_again(self, sender: int) -> None:
        """A message of ``sender`` was dropped (a quota was full): ask it (only) to resume once this page has
        caught up with what it holds of it."""
        self.behind.add(sender)

    # --- the node at hand ------------------------------------------------------------------------
    def enter_node(self) -> None:
        state = self.match.state
        player = self.game.current_player(state)
        kind: Kind
        if player == CHANCE:
            kind, keys = Kind.CHANCE, self.setup.players()  # the players draw; spectators just watch
            if self.dealing is not None and self.game.deck_event(state) is not None:
                kind = Kind.DEAL  # the players shuffle in turn, then unmask for each other (dealing.py)
        elif player == TERMINAL and self.dealing is not None and self.dealing.audited is None:
            kind, keys = Kind.AUDIT, self.setup.players()  # every deck opened and checked before the end
        elif player == SIMULTANEOUS:
            kind, keys = Kind.SIMULTANEOUS, sorted(self.game.acting_seats(state))
        elif player == TERMINAL:
            kind, keys = Kind.TERMINAL, []
        else:
            kind, keys = Kind.SEAT, [player]
        self.node = Node.make(self.match.step, kind, keys)

    def _owner(self, kind: str, key: int) -> int:
        return key if kind == "share" else self.setup.owners[key]

    def _owing(self) -> dict[int, str]:
        """Who holds the match up now, and on which clock."""
        node, owing = self.node, dict[int, str]()
        if self.over() or node.kind == Kind.TERMINAL:
            return {}
        if node.kind in (Kind.DEAL, Kind.AUDIT) and self.dealing is not None:
            return self.dealing.owing(self)
        if node.kind == Kind.SEAT:
            return {self.setup.owners[key]: DECIDE for key in node.keys if key not in node.acted}
        what = DECIDE if node.kind == Kind.SIMULTANEOUS else AUTO
        for key in node.keys:
            if str(key) not in node.commits:
                owing.setdefault(self._owner(self.node.kind_of_input(), key), what)
        if not owing:
            for key in node.order:
                if str(key) not in node.reveals:
                    return {self._owner(self.node.kind_of_input(), key): AUTO}
        return owing

    def _commit(self, key: int, kind: str, value: str, nonce: str) -> None:
        node = self.node
        digest = commitment(self.setup.match_id, node.node, key, kind, value, nonce)
        text = self.keep(node.node, {"type": "commit", "node": node.node, "kind": kind, "key": key,
                                         "digest": digest})
        node.secrets[str(key)] = [value, nonce]
        node.commits[str(key)] = [digest, json.loads(text)["sig"]]

    def apply_act(self, seat: int, action: str, text: str) -> None:
        self.match.apply(seat, action)
        self.node.acted.append(seat)
        self.node.act = text

    def _handle(self, sender: int, message: dict[str, Any], text: str, now: float) -> list[Out]:
        node, kind = self.node, message["type"]
        if kind == "act":
            seat = message["seat"]
            if node.kind != Kind.SEAT or seat not in node.keys or seat in node.acted:
                raise PeerViolation(f"seat {seat} is not to move alone at step {node.node}", sender=sender)
            if self.setup.owners[seat] != sender:
                raise PeerViolation(f"peer {sender} does not play seat {seat}", sender=sender)
            if self.dealing and not self.dealing.check_move(self, seat, message["action"], message.get("cards")):
                return []  # a card that is no card: the audit decides
            try:
                self.apply_act(seat, message["action"], text)
            except CargoBayError as error:
                raise PeerViolation(f"refused move of seat {seat}: {error}", sender=sender) from None
            self.hold_signed(node.node, message, text)
            self.clocks.decided(sender)
            out: list[Out] = []
            self.after_step(now, out)
            return out
        if node.kind not in (Kind.CHANCE, Kind.SIMULTANEOUS) or message["kind"] != self.node.kind_of_input():
            raise PeerViolation(f"no {message['kind']} {kind} is due at step {node.node}", sender=sender)
        key = message["key"]
        if key not in node.keys:
            raise PeerViolation(f"{key} is not to choose at step {node.node}", sender=sender)
        if self._owner(message["kind"], key) != sender:
            raise PeerViolation(f"peer {sender} may not {kind} for {message['kind']} {key}", sender=sender)
        held = self.held_for(message)
        if held is not None:
            return evidence.conflict(self, sender, held[1], message, text)
        if kind == "commit":
            node.commits[str(key)] = [message["digest"], message["sig"]]
            self.hold_signed(node.node, message, text)
            if message["kind"] == "action":
                self.clocks.decided(sender)
            return []
        return self._reveal(sender, message, text)

    def _reveal(self, sender: int, message: dict[str, Any], text: str) -> list[Out]:
        node, key, kind = self.node, message["key"], message["kind"]
        if set(message["commits"]) != {str(k) for k in node.keys}:
            raise PeerViolation(f"peer {sender} revealed before all commitments were in", sender=sender,
                                cheating=True)
        for name, (digest, signature) in message["commits"].items():
            mine = node.commits.get(name)
            if mine is not None and mine[0] == digest:
                continue
            owner = self._owner(kind, int(name))
            signed = {"v": PROTOCOL, "match": self.setup.match_id, "from": owner, "type": "commit",
                      "node": node.node, "kind": kind, "key": int(name), "digest": digest, "sig": signature}
            if not self.valid(owner, signed):
                self.forfeit(sender, "forged", f"a commitment of peer {owner} in its reveal at step {node.node}")
                raise PeerViolation(f"peer {sender} passed on a forged commitment", sender=sender, cheating=True)
            held = self.held_for(signed)
            if mine is not None and held is not None:
                return evidence.conflict(self, owner, held[1], signed, dump(signed))
            node.commits[name] = [digest, signature]  # signed by its owner: it reached me this way first
            self.hold_signed(node.node, signed, dump(signed))
            if kind == "action":
                self.clocks.decided(owner)
        if not opens(node.commits[str(key)][0], self.setup.match_id, node.node, key, kind,
                     message["value"], message["nonce"]):
            self.forfeit(sender, "false-opening", f"step {node.node}")
            raise PeerViolation(f"peer {sender}'s reveal does not open its commitment", sender=sender, cheating=True)
        if kind == "action":
            if self.dealing and not self.dealing.check_move(self, key, message["value"], message.get("cards")):
                return []  # a card that is no card: the audit decides
            try:
                self.game.apply(self.match.state, key, message["value"])
            except CargoBayError as error:
                self.forfeit(sender, "illegal-commitment", str(error))
                raise PeerViolation(f"peer {sender} committed to an illegal move: {error}", sender=sender,
                                    cheating=True) from None
        node.reveals[str(key)] = [message["value"], message["nonce"]]
        self.hold_signed(node.node, message, text)
        return []

    def advance(self, now: float) -> list[Out]:
        out: list[Out] = []
        while not self.outcome:
            node = self.node
            if node.kind in (Kind.DEAL, Kind.AUDIT) and self.dealing is not None:
                if not self.dealing.advance(self, now, out):
                    break
                continue
            if node.kind == Kind.CHANCE and self.me in node.keys and str(self.me) not in node.commits:
                derive = self.identity.derive
                self._commit(self.me, "share", derive(self.setup.match_id, "share", node.node),
                             derive(self.setup.match_id, "share-nonce", node.node))
                out.append((None, self.outbox[-1][1]))
            keys = {str(k) for k in node.keys}
            if node.kind not in (Kind.CHANCE, Kind.SIMULTANEOUS) or set(node.commits) != keys:
                break
            for key in node.order:  # reveals in turn: only the first unrevealed key may reveal now
                name = str(key)
                if name in node.reveals:
                    continue
                if name in node.secrets:
                    value, nonce = node.secrets[name]
                    node.reveals[name] = [value, nonce]
                    fields = {"type": "reveal", "node": node.node, "kind": node.kind_of_input(), "key": key,
                              "value": value, "nonce": nonce,
                              "commits": {k: node.commits[k] for k in sorted(keys, key=int)}}
                    cards = self.dealing.cards_for(self, key, value) if self.dealing and node.kind != Kind.CHANCE \
                        else None
                    out.append((None, self.keep(node.node, {**fields, "cards": cards} if cards else fields)))
                    if cards and self.dealing:
                        self.dealing.record_own(key, cards)
                    continue
                break
            if set(node.reveals) != keys:
                break
            if node.kind == Kind.CHANCE:
                shares = [node.reveals[str(key)][0] for key in node.keys]
                seed = joint_seed(self.setup.match_id, node.node, shares)
                self.match.apply(CHANCE, self.game.sample_chance(self.match.state, random.Random(seed)))
            else:
                for key in node.keys:
                    self.match.apply(key, node.reveals[str(key)][0])
            self.after_step(now, out)
        return out

    def after_step(self, now: float, out: list[Out]) -> None:
        step = self.match.step
        self.hashes[step] = self.state_hash()
        if self.is_player(self.me):  # a spectator's hash would be compared by no one
            self.hash_texts[step] = self.sign(evidence.hash_body(self, "hash", step))
            out.append((None, self.hash_texts[step]))
        self.events.append({"event": "step", "step": step})
        self.clocks.next_step()
        self.enter_node()
        for table in (self.held, self.hashes, self.hash_texts):
            for old in [key for key in table if key < step - WINDOW]:
                del table[old]
        self.remote = {key: value for key, value in self.remote.items() if key[1] >= step - WINDOW}
        for sender in sorted(self.future):
            for text in self.future[sender].take(step):
                if self.outcome:
                    break
                try:
                    out.extend(self.receive(sender, text, now))
                except CargoBayError as error:
                    self.events.append({"event": "refused", "from": sender, "reason": str(error)})
        for sender in sorted(self.behind):
            if not self.future.get(sender):  # caught up with what was held: ask for the rest, of it only
                self.behind.discard(sender)
                out.append((sender, self.sign(evidence.hash_body(self, "resume", self.step))))

    def forfeit(self, peer: int, rule: str, detail: str = "") -> None:
        """``peer`` loses the match by ``rule``; a page that owns no seat has nothing to lose: it is removed
        (nothing more of it is taken) and the players' match goes on."""
        if self.outcome:
            return
        if not self.is_player(peer):
            if peer not in self.removed and peer != self.me:
                self.removed.add(peer)
                self.events.append({"event": "removed", "peer": peer, "rule": rule,
                                    "reason": forfeit_outcome(peer, [], rule, detail)["reason"]})
            return
        seats = [seat for seat, owner in enumerate(self.setup.owners) if owner == peer]
        self.outcome = forfeit_outcome(peer, seats, rule, detail)
        self.events.append({"event": "forfeit", **self.outcome})

    def restore(self, *, match: Match, node: Node, outbox: list[list[Any]], held: dict[int, dict[str, list[Any]]],
                hashes: dict[int, str], hash_texts: dict[int, str], clocks: Any, outcome: dict[str, Any] | None,
                dealing: Any, removed: set[int]) -> None:
        """Put a saved page back (saving.py parses the save; a bad part raises ValueError, TypeError or KeyError)."""
        if match.game is not self.game and match.game.id != self.game.id:
            raise ValueError("the saved log is of another game")
        self.match, self.node, self.outbox, self.held = match, node, outbox, held
        self.hashes, self.hash_texts, self.outcome = hashes, hash_texts, outcome
        if any(self.is_player(p) or not 0 <= p < self.setup.peers for p in removed):
            raise ValueError("a saved removed page is a spectator of the match")
        self.removed = removed
        self.clocks.load(clocks)
        if self.dealing is not None:
            self.dealing.load(dealing)

    # --- saving (saving.py) ----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """What a page saves: the log, its own secret and inputs, the window of evidence, the clocks."""
        from .saving import dump_peer

        return dump_peer(self)

    @classmethod
    def from_json(cls, data: Any, games: Mapping[str, Game[Any]]) -> Peer:
        """Restore a saved peer; the log is replayed through the engine, so a corrupt save is refused."""
        from .saving import load_peer

        return load_peer(cls, data, games)
