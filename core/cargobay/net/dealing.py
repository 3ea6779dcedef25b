"""Cards dealt cryptographically between peers: the chance nodes a game describes as a ``DeckEvent``
(cargobay.deck) are played as a mental-poker deal (cargobay.crypto.mental), inside the lockstep peer
(peer.py calls these functions; the design and what a cheater can still do are in docs/peer-protocol.md).

- **keys**: at the start each player sends its deck key with a proof that it knows the key's secret
  (``deckkey``); the joint key is their sum. A spectator has none: it can unmask only what is public.
- **a deal node**: the players shuffle in the node's turning order (``shuffle``: the whole deck,
  re-masked and permuted; the signature covers the deck's digest and the shuffle it started from, so a page
  that was shown another deck holds a proof against its maker). Then each player sends its decryption
  shares of every position meant for someone else or for everyone (``shares``, one proof for all). Each
  page adds its own share to the positions meant for its seats and applies the deal as it sees it:
  ``HIDDEN`` for every other card.
- **an event over the current deck** (``DeckEvent`` source ``same``: a reveal to all or a peek for one seat
  mid-match) has no shuffle: the players send their shares of the positions it opens, as above, over the
  last deck shuffled. **Return and reshuffle** (source ``back``) shuffles the returned ciphertexts again.
- **a card played** from a hidden hand travels with its owner's share and proof (``cards`` of an ``act``
  or a ``reveal``; shown.py): every page unmasks it and checks it is the card the move names.
- **the audit**: at the end every player sends its deck secret and its shuffle seeds (``audit``); every
  page recomputes every shuffle, unmasks every card, and replays the match with the whole deal. A card that
  unmasks to no card or to a card already seen asks for the audit at once; so may any player, but an audit
  that finds every deck honest costs the player that asked for it the match.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from ..crypto import mental, proofs
from ..crypto.ristretto import DecodeError, FixedBase, G, L, decode, encode, scalar_to_bytes, times
from ..deck import HIDDEN, KEEP, NOBODY, PUBLIC, seat_of
from ..engine import CHANCE, CargoBayError
from .clocks import AUTO
from .evidence import Out, conflict
from .messages import dump, parse, strip
from .node import Kind, Node
from .shown import ShownCards
from .shown import context as _context
from .signing import b64, unb64
from .verdicts import PeerViolation

if TYPE_CHECKING:
    from .port import Port


EARLY_PER_SENDER = 4  # deal messages kept per sender and node before their turn


class Dealing(ShownCards):
    """What a page knows of the match's decks: the keys, every deal's shuffles and shares, the cards
    opened, its own cards, and the audit."""

    def __init__(self, peer: Port) -> None:
        self.secret = mental.secret_key(bytes.fromhex(peer.identity.derive(peer.setup.match_id, "deck-key")))
        self.keys: dict[int, str] = {}  # player -> deck key (hex), its proof checked
        self.key_texts: dict[int, str] = {}
        self.events: dict[int, dict[str, Any]] = {}  # deal node -> its record
        self.audit: dict[str, Any] = {}  # node, asked_by, secrets {player: hex}, seeds {player: {node: hex}}
        self.audited: dict[str, Any] | None = None
        self._decks: dict[tuple[int, int], list[mental.Cipher]] = {}
        self.early: dict[int, dict[int, list[str]]] = {}  # node -> sender -> deal messages before their turn
        self.late: dict[str, list[Any]] = {}  # player -> [secret, seeds] of its audit after an early end
        self._joint: FixedBase | None = None

    # --- saving ----------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"keys": {str(p): k for p, k in self.keys.items()},
                "key_texts": {str(p): t for p, t in self.key_texts.items()},
                "events": {str(node): event for node, event in self.events.items()},
                "audit": self.audit, "audited": self.audited, **({"late": self.late} if self.late else {})}

    def load(self, data: Any) -> None:
        self.keys = {int(p): str(k) for p, k in data["keys"].items()}
        self.key_texts = {int(p): str(t) for p, t in data["key_texts"].items()}
        self.events = {int(node): dict(event) for node, event in data["events"].items()}
        self.audit = dict(data["audit"])
        self.audited = data["audited"]
        late = data.get("late", {})
        if not isinstance(late, dict) or not all(isinstance(e, list) and len(e) == 2 for e in late.values()):
            raise ValueError("a saved late audit is [secret, seeds] per player")
        self.late = {str(p): [str(secret), dict(seeds)] for p, (secret, seeds) in late.items()}

    # --- helpers ---------------------------------------------------------------------------------
    def joint(self, peer: Port) -> FixedBase:
        if self._joint is None:
            self._joint = FixedBase(mental.joint_key([decode(bytes.fromhex(self.keys[p]))
                                                      for p in peer.setup.players()]))
        return self._joint

    def deck(self, node: int, index: int = -1) -> list[mental.Cipher]:
        """The deck of deal ``node`` after shuffle ``index`` (-1: the last one in)."""
        event = self.events[node]
        index = len(event["decks"]) - 1 if index < 0 else index
        if (node, index) not in self._decks:
            size = event.get("size", len(event["cards"]))
            self._decks[(node, index)] = mental.unpack(unb64(event["decks"][index]), size)
        return self._decks[(node, index)]

    def deck_of(self, node: int) -> list[mental.Cipher]:
        """The deck whose positions deck event ``node`` opens: its own, or (``same``) the current one's."""
        event = self.events[node]
        return self.deck(event["from"]) if event.get("source") == "same" else self.deck(node)

    def start_deck(self, node: int) -> list[mental.Cipher]:
        """The deck the first shuffle of ``node`` starts from: fresh, or (``back``) the cards returned."""
        event = self.events[node]
        if event.get("source") == "back":
            source = self.deck_of(event["from"])
            return [source[position] for position in event["back"]]
        return mental.fresh_deck(len(event["cards"]))

    def current(self, before: int) -> int | None:
        """The game's current deck before node ``before``: the last event that shuffled one."""
        nodes = [node for node, event in self.events.items() if node < before and event.get("source") != "same"]
        return max(nodes) if nodes else None

    def _new_event(self, peer: Port, node: Node) -> dict[str, Any]:
        deal = peer.game.deck_event(peer.match.state)
        assert deal is not None  # a deal node is one (peer._enter_node)
        current = None if deal.source == "new" else self.current(node.node)
        size = len(deal.cards) if deal.source == "new" else len(deal.back)
        if current is not None:
            have = self.events[current].get("size", len(self.events[current]["cards"]))
            size = have if deal.source == "same" else size
            if len(deal.to) != size or any(position >= have for position in deal.back):
                current = None
        if deal.source != "new" and current is None:
            raise CargoBayError(f"{peer.game.info.title} opens a deck it never shuffled at step {node.node}")
        return {"cards": list(deal.cards), "to": list(deal.to), "prefix": deal.prefix, "source": deal.source,
                "back": list(deal.back), "from": current, "size": size,
                "order": [] if deal.source == "same" else list(node.order), "decks": [], "texts": [],
                "shares": {}, "share_at": {}, "opened": {}, "mine": {}}

    def share_positions(self, peer: Port, node: int, player: int) -> list[int]:
        """The positions ``player`` unmasks for others at a deal: everyone's, and other players' seats'."""
        owners = peer.setup.owners
        seats = [(i, to, seat_of(to)) for i, to in enumerate(self.events[node]["to"])]
        return [i for i, to, seat in seats if to == PUBLIC or (seat is not None and owners[seat] != player)]

    def shares_of(self, node: int, player: int) -> dict[int, str]:
        event = self.events[node]
        return dict(zip(event["share_at"][str(player)], _chunks(event["shares"][str(player)]), strict=True))

    def owing(self, peer: Port) -> dict[int, str]:
        return dict.fromkeys(self.waiting(peer)["keys"], AUTO)

    def waiting(self, peer: Port) -> dict[str, Any]:
        players = peer.setup.players()
        missing = [p for p in players if p not in self.keys]
        if missing:
            return {"phase": "deck keys", "keys": missing}
        node = peer.node
        if node.kind == Kind.AUDIT:
            return {"phase": "audit", "keys": [p for p in players if str(p) not in self.audit.get("secrets", {})]}
        event = self.events.get(node.node)
        done = len(event["decks"]) if event else 0
        order = event["order"] if event else self._order(peer)
        if done < len(order):
            return {"phase": "shuffle", "keys": [order[done]]}
        return {"phase": "shares", "keys": [p for p in players if str(p) not in (event or {}).get("shares", {})]}

    def _order(self, peer: Port) -> list[int]:
        deal = peer.game.deck_event(peer.match.state)
        return [] if deal is None or deal.source == "same" else list(peer.node.order)

    def public_hash(self, peer: Port) -> str:
        """What every page must agree on: the public view and the digests of every deck dealt before this step.
        (A step's hash is recorded when the step is reached, before a deal of that step begins: its decks are in
        the next step's hash. Counting them here as they arrive would make a page saved during or after the
        deal of its step disagree with its own recorded hash, and its save be refused when restored.)"""
        step = peer.match.step
        decks = [[node, [hashlib.sha256(unb64(d)).hexdigest() for d in event["decks"]]]
                 for node, event in sorted(self.events.items()) if node < step]
        text = json.dumps([peer.game.public_hash(peer.match.state), decks], separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    # --- sending ---------------------------------------------------------------------------------
    def start(self, peer: Port) -> list[Out]:
        """My deck key, once (a spectator has none)."""
        if not peer.is_player(peer.me) or peer.me in self.keys:
            return []
        key = G.times(self.secret)
        proof = proofs.prove_key(self.secret, _context(peer, "key", peer.me))
        text = peer.keep(0, {"type": "deckkey", "key": encode(key).hex(), "proof": b64(proof)})
        self.keys[peer.me], self.key_texts[peer.me] = encode(key).hex(), text
        return [(None, text)]

    def advance(self, peer: Port, now: float, out: list[Out]) -> bool:
        """Take my automatic steps of a deal or audit node; True when the node is done (go on)."""
        node = peer.node
        if node.kind == Kind.AUDIT:
            return self._advance_audit(peer, now, out)
        players = peer.setup.players()
        number = node.node
        event = self.events.get(number)
        if event is None:
            event = self.events[number] = self._new_event(peer, node)
        if any(p not in self.keys for p in players):
            return False
        if self.early.get(number):
            self._retry(peer, number, now, out)
            if peer.node.node != number or peer.outcome:
                return not peer.outcome
        done = len(event["decks"])
        if done < len(event["order"]):
            if event["order"][done] != peer.me:
                return False
            previous = self.deck(number) if done else self.start_deck(number)
            seed = peer.identity.derive(peer.setup.match_id, "shuffle", number)
            payload = b64(mental.pack(self.shuffled(peer, previous, bytes.fromhex(seed))))
            fields = {"type": "shuffle", "node": number, "digest": hashlib.sha256(unb64(payload)).hexdigest(),
                      "prev": event["texts"][-1] if done else "", "payload": payload}
            text = peer.keep(number, fields)
            out.append((None, text))
            self._add_shuffle(event, payload, text)
            return True
        me = str(peer.me)
        if peer.is_player(peer.me) and me not in event["shares"]:
            positions = self.share_positions(peer, number, peer.me)
            deck = self.deck_of(number)
            shares, proof = proofs.prove_shares(self.secret, [deck[p][0] for p in positions],
                                                _context(peer, number, "shares", peer.me))
            fields = {"type": "shares", "node": number, "on": event["texts"][-1] if event["texts"] else "",
                      "shares": b64(b"".join(encode(s) for s in shares)), "proof": b64(proof)}
            out.append((None, peer.keep(number, fields)))
            event["shares"][me], event["share_at"][me] = fields["shares"], positions
        if any(str(p) not in event["shares"] for p in players):
            return False
        return self._finish_deal(peer, now, out)

    def shuffled(self, peer: Port, deck: list[mental.Cipher], seed: bytes) -> list[mental.Cipher]:
        """My shuffle of ``deck`` (the tests' cheats replace it)."""
        return mental.shuffle(deck, self.joint(peer), seed)

    def _add_shuffle(self, event: dict[str, Any], payload: str, text: str) -> None:
        event["decks"].append(payload)
        event["texts"].append(strip(json.loads(text)))

    def _finish_deal(self, peer: Port, now: float, out: list[Out]) -> bool:
        number = peer.node.node
        event, deck = self.events[number], self.deck_of(number)
        mine = [seat for seat, owner in enumerate(peer.setup.owners) if owner == peer.me]
        faces: list[str | None] = [None] * len(event["to"])
        for position, to in enumerate(event["to"]):
            if to in (NOBODY, KEEP) or (to != PUBLIC and seat_of(to) not in mine):
                continue
            shares = [decode(unb64(self.shares_of(number, p)[position])) for p in peer.setup.players()
                      if position in event["share_at"][str(p)]]
            if to != PUBLIC:
                shares.append(times(deck[position][0], self.secret))
            index = mental.card_of(mental.unmask(deck[position], shares), len(event["cards"]))
            seen = set(event["mine"].values()) | {v[1] for v in event["opened"].values()}
            if index is None or index in seen:
                self.ask_audit(peer, f"position {position} of the deal at step {number} is "
                               + ("no card" if index is None else "a card dealt twice"), asked_by=peer.me)
                return self._advance_audit(peer, now, out)
            faces[position] = event["cards"][index]
            if to == PUBLIC:
                event["opened"][str(position)] = ["", index]
            else:
                event["mine"][str(position)] = index
        peer.match.apply(CHANCE, event["prefix"] + ",".join(HIDDEN if f is None else f for f in faces))
        peer.after_step(now, out)
        return True

    # --- receiving -------------------------------------------------------------------------------
    def receive(self, peer: Port, sender: int, message: dict[str, Any], text: str, now: float) -> list[Out]:
        kind = message["type"]
        if kind == "deckkey":
            return self._on_key(peer, sender, message, text, now)
        if kind == "audit" and message.get("after"):
            return self.on_after(peer, sender, message, text)
        from .evidence import past

        node = message["node"]
        if peer.outcome:
            raise PeerViolation(f"the match has ended: {peer.outcome['reason']}", sender=sender)
        early = kind == "audit" and message["early"]  # an audit asked for stops the match wherever each page is
        if node < peer.node.node and not early:
            return past(peer, sender, message, text)
        if node > peer.node.node and not early:
            peer.hold(sender, node, text)
            return []
        peer.check(sender, message, text)
        if kind != "audit" and self._early(peer, sender, message, text):
            return []
        held = peer.held_for(message)
        if held is not None:
            return conflict(peer, sender, held[1], message, text)
        if not peer.is_player(sender):
            raise PeerViolation(f"peer {sender} watches: it takes no part in a deal", sender=sender)
        if kind == "audit":
            return self._on_audit(peer, sender, message, text, now)
        if peer.node.kind != Kind.DEAL or node not in self.events:
            raise PeerViolation(f"no deal is under way at step {node}", sender=sender)
        event = self.events[node]
        if kind == "shuffle":
            return self._on_shuffle(peer, sender, message, text, event, now)
        return self._on_shares(peer, sender, message, text, event, now)

    def _early(self, peer: Port, sender: int, message: dict[str, Any], text: str) -> bool:
        """Keep a deal message (its signature checked) that came before its turn (another page's channel was
        quicker): True when kept. Kept per sender, at most EARLY_PER_SENDER per node (a player sends two: its
        shuffle and its shares); past that the sender is asked again once this page has caught up."""
        node, event = message["node"], self.events.get(message["node"])
        if peer.node.kind != Kind.DEAL or not peer.is_player(sender):
            return False
        if event is not None and all(p in self.keys for p in peer.setup.players()):
            done = len(event["decks"])
            if message["type"] == "shuffle" and (done >= len(event["order"]) or event["order"][done] == sender):
                return False
            if message["type"] == "shares" and done == len(event["order"]):
                return False
        kept = self.early.setdefault(node, {}).setdefault(sender, [])
        if text not in kept:
            if len(kept) >= EARLY_PER_SENDER:
                peer.ask_again(sender)
            else:
                kept.append(text)
        return True

    def _retry(self, peer: Port, node: int, now: float, out: list[Out]) -> None:
        kept = self.early.pop(node, {})
        for sender, text in [(who, text) for who in sorted(kept) for text in kept[who]]:
            if peer.outcome or peer.node.node != node:
                break
            try:
                message = parse(text, peer.setup.match_id, peer.setup.peers)
                out.extend(self.receive(peer, sender, message, text, now))
            except CargoBayError as error:
                peer.events.append({"event": "refused", "from": sender, "reason": str(error)})

    def _on_key(self, peer: Port, sender: int, message: dict[str, Any], text: str, now: float) -> list[Out]:
        if sender in self.key_texts:
            if self.key_texts[sender] == text:
                return []
            peer.check(sender, message, text)
            return conflict(peer, sender, self.key_texts[sender], message, text)
        peer.check(sender, message, text)
        if not peer.is_player(sender):
            raise PeerViolation(f"peer {sender} watches: it has no deck key", sender=sender)
        try:
            key = decode(bytes.fromhex(message["key"]))
        except DecodeError:
            key = None
        if key is None or not proofs.check_key(key, unb64(message["proof"]), _context(peer, "key", sender)):
            peer.forfeit(sender, "false-deck", "a deck key without a valid proof that it knows the secret")
            raise PeerViolation(f"peer {sender}'s deck key is not proven", sender=sender, cheating=True)
        self.keys[sender], self.key_texts[sender] = message["key"], text
        return [(None, text), *peer.advance(now)]  # passed on: a player that told pages two keys is caught

    def relayed_key(self, peer: Port, sender: int, message: dict[str, Any], text: str, now: float) -> list[Out]:
        """A deck key another page passed on (``sender`` relays ``message['from']``'s signed key)."""
        signer = message["from"]
        if self.key_texts.get(signer) == text:
            return []
        peer.check(sender, message, text, signer=signer)
        if signer in self.key_texts:
            return conflict(peer, signer, self.key_texts[signer], message, text)
        return self._on_key(peer, signer, message, text, now)

    def _evidence(self, peer: Port, sender: int, carried: str, event: dict[str, Any], index: int) -> list[Out] | None:
        """Check the shuffle a message says it built on (``carried``) against shuffle ``index`` I hold:
        a different one signed by its shuffler is that shuffler's equivocation (a proof for everyone)."""
        try:
            message = parse(carried, peer.setup.match_id, peer.setup.peers, nested=True)
        except CargoBayError:
            message = {}
        shuffler = event["order"][index]
        if (message.get("type") != "shuffle" or message.get("from") != shuffler
                or message.get("node") != peer.node.node or not peer.valid(shuffler, message)):
            peer.forfeit(sender, "forged", f"the shuffle of peer {shuffler} it built on")
            raise PeerViolation(f"peer {sender} built on a shuffle its shuffler never signed", sender=sender,
                                cheating=True)
        mine = json.loads(event["texts"][index])
        if message["digest"] == mine["digest"]:
            return None
        held = peer.held_for(message)
        return conflict(peer, shuffler, held[1] if held else event["texts"][index], message, dump(message))

    def _on_shuffle(self, peer: Port, sender: int, message: dict[str, Any], text: str, event: dict[str, Any],
                    now: float) -> list[Out]:
        done = len(event["decks"])
        if done >= len(event["order"]) or event["order"][done] != sender:
            raise PeerViolation(f"peer {sender} does not shuffle now", sender=sender)
        if done:
            proof = self._evidence(peer, sender, message["prev"], event, done - 1)
            if proof is not None:
                return proof
        elif message["prev"]:
            raise PeerViolation("the first shuffle starts from the fresh deck", sender=sender)
        data = unb64(message["payload"])
        if hashlib.sha256(data).hexdigest() != message["digest"]:
            raise PeerViolation(f"peer {sender}'s shuffle does not match its digest", sender=sender)
        try:
            mental.unpack(data, event.get("size", len(event["cards"])))
        except DecodeError as error:
            peer.forfeit(sender, "false-deck", f"its shuffle at step {message['node']}: {error}")
            raise PeerViolation(f"peer {sender}'s shuffle is no deck: {error}", sender=sender, cheating=True) from None
        peer.hold_signed(message["node"], message, text)
        self._add_shuffle(event, message["payload"], text)
        return peer.advance(now)

    def _on_shares(self, peer: Port, sender: int, message: dict[str, Any], text: str, event: dict[str, Any],
                   now: float) -> list[Out]:
        node = message["node"]
        if len(event["decks"]) < len(event["order"]):
            raise PeerViolation(f"peer {sender} sent shares before the deck was shuffled", sender=sender)
        if event["order"]:
            proof = self._evidence(peer, sender, message["on"], event, len(event["order"]) - 1)
            if proof is not None:
                return proof
        elif message["on"]:
            raise PeerViolation("shares of a deck already shuffled build on no new shuffle", sender=sender)
        positions, deck = self.share_positions(peer, node, sender), self.deck_of(node)
        try:
            shares = mental.points(unb64(message["shares"]))
        except DecodeError:
            shares = []
        if len(shares) != len(positions) or not proofs.check_shares(
                decode(bytes.fromhex(self.keys[sender])), [deck[p][0] for p in positions], shares,
                unb64(message["proof"]), _context(peer, node, "shares", sender)):
            peer.forfeit(sender, "false-share", f"the deal at step {node}")
            raise PeerViolation(f"peer {sender}'s decryption shares are not its own", sender=sender, cheating=True)
        peer.hold_signed(node, message, text)
        event["shares"][str(sender)], event["share_at"][str(sender)] = message["shares"], positions
        return peer.advance(now)

    # --- the audit -------------------------------------------------------------------------------
    def ask_audit(self, peer: Port, why: str, asked_by: int | None = None, request: str = "") -> None:
        """Stop the match and open every deck (``asked_by``: the player that asked, who loses if every deck
        proves honest; None when every page saw why; ``request``: its signed audit message, which every audit
        it started carries, so every page names the same asker); every player then sends its secret and seeds."""
        if peer.node.kind != Kind.AUDIT:
            self.audit = {"node": peer.step, "why": why, "asked_by": asked_by, "secrets": {}, "seeds": {},
                          **({"ask": request} if request else {})}
            peer.node = Node(peer.step, Kind.AUDIT, peer.setup.players(), peer.setup.players())
            peer.events.append({"event": "audit", "why": why})

    def _open_audit(self, peer: Port) -> None:
        if not self.audit:
            self.audit = {"node": peer.step, "why": "the end of the match", "asked_by": None, "secrets": {},
                          "seeds": {}}

    def _advance_audit(self, peer: Port, now: float, out: list[Out]) -> bool:
        self._open_audit(peer)
        me = str(peer.me)
        if peer.is_player(peer.me) and me not in self.audit["secrets"]:
            seeds = self._my_seeds(peer)
            asker = self.audit.get("asked_by")
            if asker is not None and asker != peer.me and not self.secret_opens(asker,
                                                                                self.audit["secrets"].get(str(asker))):
                self.audit["concluded"] = True  # (the asker is named; no page opens its deck to it)
                peer.forfeit(asker, "false-shuffle", "its deck secret in the audit it asked for is not its key's")
                return False  # (its request is refused before this page opens its own deck)
            fields = {"type": "audit", "node": self.audit["node"], "secret": scalar_to_bytes(self.secret).hex(),
                      "seeds": seeds, "early": not peer.game.is_terminal(peer.match.state),
                      **({"ask": self.audit["ask"]} if self.audit.get("ask") else {})}
            out.append((None, peer.keep(self.audit["node"], fields)))
            self.audit["secrets"][me], self.audit["seeds"][me] = fields["secret"], seeds
        if any(str(p) not in self.audit["secrets"] for p in peer.setup.players()):
            return False
        from .audit import conclude

        conclude(peer, self)
        peer.enter_node()
        return not peer.outcome

    # --- the audit after an early end (audit.after_end) ------------------------------------------------
    def after_end(self, peer: Port, now: float) -> list[Out]:
        """The match ended by a forfeit: open the decks among the pages still there (an audit already under
        way goes on as this one). My secret and seeds are sent once; the audit concludes when every player's
        is in or the reveal deadline has passed, and what it found goes into the outcome (``audit``)."""
        audit, outcome = self.audit, peer.outcome
        if outcome is None or audit.get("concluded") or self.audited is not None:
            return []
        if "after" not in audit:
            if not any(event["decks"] for event in self.events.values()):
                self.audit = {**audit, "concluded": True}  # nothing was shuffled: nothing to open
                return []
            audit = self.audit = {"node": peer.step, "why": f"the end of the match: {outcome['reason']}",
                                  "asked_by": None, "secrets": dict(audit.get("secrets", {})),
                                  "seeds": dict(audit.get("seeds", {})), "after": now}
        out: list[Out] = []
        me = str(peer.me)
        if peer.is_player(peer.me) and not audit.get("sent"):
            seeds = self._my_seeds(peer)
            fields = {"type": "audit", "node": audit["node"], "secret": scalar_to_bytes(self.secret).hex(),
                      "seeds": seeds, "early": False, "after": True}
            out.append((None, peer.keep(audit["node"], fields)))
            audit["sent"] = True
            audit["secrets"][me], audit["seeds"][me] = fields["secret"], seeds
        for name, (secret, seeds) in self.late.items():
            audit["secrets"].setdefault(name, secret)
            audit["seeds"].setdefault(name, seeds)
        if all(str(p) in audit["secrets"] for p in peer.setup.players()) or (
                now - audit["after"] > peer.setup.reveal_deadline):
            from .audit import after_end

            outcome["audit"] = after_end(peer, self)
        return out

    def auditing(self) -> bool:
        """An audit after an early end is under way (the page keeps ticking until it concludes)."""
        return "after" in self.audit and not self.audit.get("concluded")

    def on_after(self, peer: Port, sender: int, message: dict[str, Any], text: str) -> list[Out]:
        """A player's audit after the match ended for it (from it, or passed on by ``sender``): kept (its
        signature checked) until this page's match ends too, then taken in (Peer.closing); passed on to every
        page once, so a secret that reached one page reaches all and they name the same withholders."""
        signer = message["from"]
        if str(signer) in self.late or signer == peer.me:
            return []
        peer.check(sender, message, text, signer=signer)
        if not peer.is_player(signer):
            raise PeerViolation(f"peer {signer} watches: it has no deck secret", sender=sender)
        self.late[str(signer)] = [message["secret"], message["seeds"]]
        return [(None, text)]

    def _my_seeds(self, peer: Port) -> dict[str, str]:
        return {str(node): peer.identity.derive(peer.setup.match_id, "shuffle", node)
                for node, event in sorted(self.events.items()) if peer.me in event["order"][:len(event["decks"])]}

    def secret_opens(self, player: int, secret: object) -> bool:
        """``secret`` (hex) is the one of ``player``'s deck key."""
        if not isinstance(secret, str) or player not in self.keys:
            return False
        value = int.from_bytes(bytes.fromhex(secret), "little")
        return value < L and encode(G.times(value)).hex() == self.keys[player]

    def _request(self, peer: Port, sender: int, message: dict[str, Any], text: str) -> tuple[int, dict[str, Any], str]:
        """Who asked for the early audit ``message`` belongs to: its sender, or the signer of the request it
        carries (``ask``); the request is checked (signed by a player, an early audit that carries none)."""
        if not message.get("ask"):
            return sender, message, text
        try:
            request = parse(message["ask"], peer.setup.match_id, peer.setup.peers, nested=True)
        except CargoBayError:
            request = {}
        if (request.get("type") != "audit" or not request.get("early") or request.get("ask")
                or not peer.is_player(request["from"]) or not peer.valid(request["from"], request)):
            peer.forfeit(sender, "forged", "the audit request it passed on")
            raise PeerViolation(f"peer {sender} passed on an audit request its asker never signed", sender=sender,
                                cheating=True)
        return request["from"], request, message["ask"]

    def _on_audit(self, peer: Port, sender: int, message: dict[str, Any], text: str, now: float) -> list[Out]:
        if peer.node.kind != Kind.AUDIT:
            if not message["early"]:
                raise PeerViolation(f"no audit is due at step {peer.step}", sender=sender)
            asker, request, request_text = self._request(peer, sender, message, text)
            self.ask_audit(peer, f"asked by peer {asker}", asked_by=asker, request=request_text)
            if asker != sender:
                self.audit["secrets"][str(asker)], self.audit["seeds"][str(asker)] = request["secret"], request["seeds"]
        self._open_audit(peer)
        if str(sender) in self.audit["secrets"]:
            return []
        peer.hold_signed(message["node"], message, text)
        self.audit["secrets"][str(sender)], self.audit["seeds"][str(sender)] = message["secret"], message["seeds"]
        return peer.advance(now)


def _chunks(text: str) -> list[str]:
    data = unb64(text)
    return [b64(data[i:i + 32]) for i in range(0, len(data), 32)]


__all__ = ["NOBODY", "PUBLIC", "Dealing", "b64", "unb64"]
