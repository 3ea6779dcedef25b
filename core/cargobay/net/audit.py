"""The audit of a match's decks (dealing.py): every player's deck secret and shuffle seeds are in, so every
page recomputes every shuffle, unmasks every card and replays the match with the whole deal.

The first shuffler (in the order they shuffled) whose published deck is not what its seed makes of the
deck before it forfeits (``false-shuffle``: a card dropped, duplicated or replaced); so does a player whose
secret is not its key's. An audit asked for before the end that finds every deck honest costs the player
that asked for it the match (``false-alarm``). Otherwise the page keeps the whole deal of every round
(``Dealing.audited``), which every honest page computes alike.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from ..crypto import mental
from ..crypto.ristretto import G, L, encode
from ..engine import LogError, Match

if TYPE_CHECKING:
    from .dealing import Dealing
    from .port import Port


def conclude(peer: Port, dealing: Dealing) -> None:
    audit = dealing.audit
    players = peer.setup.players()
    total = 0
    for player in players:
        secret = int.from_bytes(bytes.fromhex(audit["secrets"][str(player)]), "little")
        if secret >= L or encode(G.times(secret)).hex() != dealing.keys[player]:
            peer.forfeit(player, "false-shuffle", "its deck secret at the audit is not its key's")
            return
        total += secret
    joint = dealing.joint(peer)
    faces: dict[int, list[str]] = {}
    for node, event in sorted(dealing.events.items()):
        cards = len(event["cards"])
        if event.get("source") != "same":  # a deck shuffled here: from fresh cards, or from cards returned
            previous = dealing.start_deck(node)
            for index, shuffler in enumerate(event["order"][:len(event["decks"])]):
                seed = audit["seeds"][str(shuffler)].get(str(node))
                deck = dealing.deck(node, index)
                if seed is None or not mental.same_deck(mental.shuffle(previous, joint, bytes.fromhex(seed)), deck):
                    peer.forfeit(shuffler, "false-shuffle", f"its shuffle of the deal at step {node}")
                    return
                previous = deck
        if len(event["decks"]) == len(event["order"]) and node < peer.step:
            opened = dealing.deck_of(node)
            indices = [mental.card_of(mental.open_with_secret(cipher, total), cards) for cipher in opened]
            faces[node] = [event["cards"][i] for i in indices if i is not None]
    if audit.get("asked_by") is not None:
        peer.forfeit(audit["asked_by"], "false-alarm", audit.get("why", ""))
        return
    whole = replay(peer, dealing, faces)
    if whole is None:
        return
    text = json.dumps(whole.to_log()["actions"], separators=(",", ":"))
    dealing.audited = {"deals": {str(node): cards for node, cards in faces.items()},
                       "digest": hashlib.sha256(text.encode()).hexdigest()}
    peer.events.append({"event": "audited", "digest": dealing.audited["digest"]})


def replay(peer: Port, dealing: Dealing, faces: dict[int, list[str]]) -> Match | None:
    """The match with every deal whole; a move the whole deal makes illegal forfeits its player."""
    log: dict[str, Any] = peer.match.to_log()
    actions = [list(entry) for entry in log["actions"]]
    for node, cards in faces.items():
        actions[node][1] = str(dealing.events[node]["prefix"]) + ",".join(cards)
    try:
        return Match.from_log({**log, "actions": actions}, {peer.game.id: peer.game})
    except LogError as error:
        index = error.index if error.index is not None else 0
        seat = actions[index][0]
        if seat >= 0:
            peer.forfeit(peer.setup.owners[seat], "false-card", f"its move at step {index}, seen with the whole deal")
        return None
