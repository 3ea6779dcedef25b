"""Cards a move shows from a seat's hidden hand (dealing.py): the mover's proven decryption share of each.

A seat's hand is every position dealt to it (``to == seat``, not a peek) by any deck event of the match and
not shown yet. A card shown travels as ``[position, share, proof, node]`` in the move's ``cards`` (``node``:
the deck event that dealt it; an entry of three is the seat's latest deal): every page unmasks it with the
other players' shares of that deal and checks it is the card the move names. A share that does not prove
out, a position not in the seat's hand, or another card forfeits the mover (``false-card``); a card that is
no card or a second copy of a card already seen asks for the audit (the shuffles are then opened).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..crypto import mental, proofs
from ..crypto.ristretto import DecodeError, decode, encode
from ..engine import CargoBayError
from .signing import b64, unb64
from .verdicts import PeerViolation

if TYPE_CHECKING:
    from .port import Port


def context(peer: Port, *parts: object) -> bytes:
    return "|".join(["cargobay-deal/1", peer.setup.match_id, *map(str, parts)]).encode()


class ShownCards:
    """The part of ``Dealing`` that handles cards shown by moves (it holds ``events``, ``secret``, ``keys``)."""

    events: dict[int, dict[str, Any]]
    secret: int
    keys: dict[int, str]

    def deck_of(self, node: int) -> list[mental.Cipher]:
        raise NotImplementedError

    def shares_of(self, node: int, player: int) -> dict[int, str]:
        raise NotImplementedError

    def ask_audit(self, peer: Port, why: str, asked_by: int | None = None) -> None:
        raise NotImplementedError

    def latest(self, seat: int) -> int | None:
        """The last deck event that dealt ``seat`` cards."""
        nodes = [node for node, event in self.events.items() if seat in event["to"]]
        return max(nodes) if nodes else None

    def cards_for(self, peer: Port, seat: int, action: str) -> list[list[Any]] | None:
        """The proven shares of the cards my ``action`` shows from ``seat``'s hand (None: it shows none)."""
        try:
            shown = peer.game.shown_cards(peer.match.state, seat, action)
        except CargoBayError:
            return None
        if not shown or self.latest(seat) is None:
            return None
        cards: list[list[Any]] = []
        used: set[tuple[int, str]] = set()
        for face in shown:
            found = next(((node, p) for node, event in sorted(self.events.items())
                          for p, index in sorted(event["mine"].items(), key=lambda item: int(item[0]))
                          if event["to"][int(p)] == seat and event["cards"][index] == face
                          and p not in event["opened"] and (node, p) not in used), None)
            if found is None:
                return None  # not a card of my hand: the rules will refuse the move
            used.add(found)
            node, position = found
            share, proof = proofs.prove_same_log(self.secret, self.deck_of(node)[int(position)][0],
                                                 context(peer, node, "card", position))
            cards.append([int(position), b64(encode(share)), b64(proof), node])
        return cards

    def record_own(self, seat: int, cards: list[list[Any]] | None) -> None:
        """The cards my own move shows: opened now (my page checked them when it made them)."""
        for entry in cards or []:
            node = entry[3] if len(entry) > 3 else self.latest(seat)
            event = self.events.get(node) if node is not None else None
            if event is not None and str(entry[0]) in event["mine"]:
                event["opened"][str(entry[0])] = [entry[1], event["mine"][str(entry[0])]]

    def check_move(self, peer: Port, seat: int, action: str, cards: list[list[Any]] | None) -> bool:
        """Check and record the cards a move shows (the mover's shares, the faces): a false one forfeits the
        mover; a card that is no card or a second copy asks for the audit (False: the move waits)."""
        owner = peer.setup.owners[seat]
        try:
            shown = peer.game.shown_cards(peer.match.state, seat, action)
        except CargoBayError:
            return True  # not a move at all: the rules refuse it
        latest = self.latest(seat)
        if not shown or latest is None:
            if cards:
                raise PeerViolation(f"seat {seat}'s move shows no card, yet carries some", sender=owner)
            return True
        if not cards or len(cards) != len(shown):
            return self._false_card(peer, owner, f"{action}: the move shows {len(shown)} card(s) with no proof")
        places = [(entry[3] if len(entry) > 3 else latest, entry[0]) for entry in cards]
        if len(set(places)) != len(places):
            return self._false_card(peer, owner, f"{action}: one position shown twice")
        for face, (node, position), entry in zip(shown, places, cards, strict=True):
            event = self.events.get(node)
            name = str(position)
            if event is None or position >= len(event["to"]) or event["to"][position] != seat \
                    or name in event["opened"]:
                return self._false_card(peer, owner, f"{action}: position {position} is not in seat {seat}'s hand")
            try:
                share = decode(unb64(entry[1]))
            except DecodeError:
                return self._false_card(peer, owner, f"{action}: a share that is no group element")
            deck = self.deck_of(node)
            key = decode(bytes.fromhex(self.keys[owner]))
            if not proofs.check_same_log(key, deck[position][0], share, unb64(entry[2]),
                                         context(peer, node, "card", position)):
                return self._false_card(peer, owner, f"{action}: the share of position {position} is not its own")
            shares = [decode(unb64(self.shares_of(node, p)[position])) for p in peer.setup.players() if p != owner]
            index = mental.card_of(mental.unmask(deck[position], [*shares, share]), len(event["cards"]))
            seen = {v[1] for v in event["opened"].values()} | {v for p, v in event["mine"].items() if p != name}
            if index is None or index in seen:
                self.ask_audit(peer, f"position {position} at step {peer.step} unmasks to "
                               + ("no card" if index is None else "a card already seen"))
                return False
            if event["cards"][index] != face:
                return self._false_card(peer, owner, f"{action}: position {position} holds another card")
            event["opened"][name] = [entry[1], index]
        return True

    def _false_card(self, peer: Port, owner: int, detail: str) -> bool:
        peer.forfeit(owner, "false-card", detail)
        raise PeerViolation(f"peer {owner} showed a card it cannot prove: {detail}", sender=owner, cheating=True)
