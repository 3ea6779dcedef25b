"""The audit of a match's decks (dealing.py): every player's deck secret and shuffle seeds are in, so every
page recomputes every shuffle, unmasks every card and replays the match with the whole deal.

The first shuffler (in the order they shuffled) whose published deck is not what its seed makes of the
deck before it forfeits (``false-shuffle``: a card dropped, duplicated or replaced); so does a player whose
secret is not its key's. An audit asked for before the end that finds every deck honest costs the player
that asked for it the match (``false-alarm``). Otherwise the page keeps the whole deal of every round
(``Dealing.audited``), which every honest page computes alike.

A match that ended early (a forfeit that no audit decided) is audited after its end (``after_end``), among
the pages still there: each shuffle is checked against its shuffler's seeds, every card unmasked once every
secret is in. What it finds does not change who lost; it is written into the outcome (``audit``: who is
named and by which rule, whose secret never came), so a stacked deck is named in the record either way. A
player whose secret does not come within the step deadline forfeits ``withheld`` (its win is void:
``forfeits``), and its shuffle is still named when the cards that can be seen without its secret prove its
deck false (``seen_proof``).
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from ..crypto import mental
from ..crypto.ristretto import G, L, decode, encode, times
from ..engine import LogError, Match
from .signing import unb64
from .verdicts import forfeit as forfeit_outcome

if TYPE_CHECKING:
    from .dealing import Dealing
    from .port import Port

Finding = tuple[int, str, str]  # (peer, rule, detail)


def conclude(peer: Port, dealing: Dealing) -> None:
    audit = dealing.audit
    audit["concluded"] = True
    players = peer.setup.players()
    found = false_secret(dealing, players, audit["secrets"]) or false_shuffle(peer, dealing, audit["seeds"])
    if found is not None:
        peer.forfeit(*found)
        return
    if audit.get("asked_by") is not None:
        peer.forfeit(audit["asked_by"], "false-alarm", audit.get("why", ""))
        return
    opened = faces(peer, dealing, audit["secrets"])
    whole = replay(peer, dealing, opened)
    if isinstance(whole, Match):
        record(peer, dealing, whole, opened)
    elif whole is not None:
        peer.forfeit(*whole)


def after_end(peer: Port, dealing: Dealing) -> dict[str, Any]:
    """The audit of a match that ended early, with what is in (every shuffle whose seeds came, every card when
    every secret came): what it found, for the outcome's ``audit``."""
    audit = dealing.audit
    audit["concluded"] = True
    players = peer.setup.players()
    secrets = audit["secrets"]
    withheld = [p for p in players if str(p) not in secrets]
    found = false_secret(dealing, players, secrets) or false_shuffle(peer, dealing, audit["seeds"])
    if found is None and not withheld:
        opened = faces(peer, dealing, secrets)
        whole = replay(peer, dealing, opened)
        if isinstance(whole, Match):
            record(peer, dealing, whole, opened)
        else:
            found = whole
    if found is None and len(withheld) == 1:
        found = seen_proof(peer, dealing, secrets, withheld[0])
    named = None
    if found is not None:
        owner, rule, detail = found
        named = forfeit_outcome(owner, _seats(peer, owner), rule, detail)
    loser = peer.outcome["peer"] if peer.outcome else None
    result = {"named": named, "withheld": withheld,
              "forfeits": [forfeit_outcome(p, _seats(peer, p), "withheld", "at the audit after the end: its win is "
                                           "void") for p in withheld if p != loser],
              "digest": dealing.audited["digest"] if dealing.audited else None}
    peer.events.append({"event": "audited-after-end", **result})
    return result


def _seats(peer: Port, player: int) -> list[int]:
    return [seat for seat, owner in enumerate(peer.setup.owners) if owner == player]


def seen_proof(peer: Port, dealing: Dealing, secrets: dict[str, str], withholder: int) -> Finding | None:
    """The cards that can be seen without ``withholder``'s secret: every position for which each other player's
    secret is in and the withholder's proven share was sent (the cards dealt to other players or to everyone,
    and the cards it showed). Two positions of one deck that unmask to the same card, or one that unmasks to no
    card, prove that deck false; every other shuffle was checked against its seeds (``false_shuffle``), so the
    false one is the withholder's (``false-shuffle``)."""
    seen: dict[int, dict[int, int]] = {}  # shuffled deck (its node) -> position -> card index
    others = [p for p in peer.setup.players() if p != withholder]
    own = {p: int.from_bytes(bytes.fromhex(secrets[str(p)]), "little") for p in others}
    for node, event in sorted(dealing.events.items()):
        if len(event["decks"]) != len(event["order"]) or node >= peer.step or str(withholder) not in event["shares"]:
            continue  # (a deal not finished here)
        deck_node = event["from"] if event.get("source") == "same" else node
        if deck_node is None or deck_node not in dealing.events or not dealing.events[deck_node]["decks"]:
            continue
        if withholder not in dealing.events[deck_node]["order"]:
            continue  # (a deck the withholder never shuffled)
        deck, theirs = dealing.deck_of(node), dealing.shares_of(node, withholder)
        for position in range(len(event["to"])):
            share = theirs.get(position)
            if share is None:
                opened = event["opened"].get(str(position))
                share = opened[0] if opened and opened[0] else None
            if share is None:
                continue
            cipher = deck[position]
            shares = [times(cipher[0], own[p]) for p in others] + [decode(unb64(share))]
            index = mental.card_of(mental.unmask(cipher, shares), len(event["cards"]))
            cards = seen.setdefault(deck_node, {})
            if index is None or any(i == index and at != position for at, i in cards.items()):
                what = "no card" if index is None else "a card seen at another position too"
                return withholder, "false-shuffle", (f"position {position} of the deal at step {node} is {what}, "
                                                     "with every other shuffle checked")
            cards[position] = index
    return None


def false_secret(dealing: Dealing, players: list[int], secrets: dict[str, str]) -> Finding | None:
    for player in players:
        if str(player) not in secrets:
            continue
        secret = int.from_bytes(bytes.fromhex(secrets[str(player)]), "little")
        if secret >= L or encode(G.times(secret)).hex() != dealing.keys[player]:
            return player, "false-shuffle", "its deck secret at the audit is not its key's"
    return None


def false_shuffle(peer: Port, dealing: Dealing, seeds: dict[str, dict[str, str]]) -> Finding | None:
    """The first shuffle that its seed does not make of the deck before it (a shuffler whose seeds are not
    in is skipped: each shuffle is checked against the deck published before it)."""
    joint = dealing.joint(peer)
    for node, event in sorted(dealing.events.items()):
        if event.get("source") == "same":
            continue
        previous = dealing.start_deck(node)  # a deck shuffled here: from fresh cards, or from cards returned
        for index, shuffler in enumerate(event["order"][:len(event["decks"])]):
            deck = dealing.deck(node, index)
            if str(shuffler) in seeds:
                seed = seeds[str(shuffler)].get(str(node))
                if seed is None or not mental.same_deck(mental.shuffle(previous, joint, bytes.fromhex(seed)), deck):
                    return shuffler, "false-shuffle", f"its shuffle of the deal at step {node}"
            previous = deck
    return None


def faces(peer: Port, dealing: Dealing, secrets: dict[str, str]) -> dict[int, list[str]]:
    """Every card of every deal already played, unmasked with every secret."""
    total = sum(int.from_bytes(bytes.fromhex(secrets[str(p)]), "little") for p in peer.setup.players())
    found: dict[int, list[str]] = {}
    for node, event in sorted(dealing.events.items()):
        if len(event["decks"]) == len(event["order"]) and node < peer.step:
            cards = len(event["cards"])
            opened = dealing.deck_of(node)
            indices = [mental.card_of(mental.open_with_secret(cipher, total), cards) for cipher in opened]
            found[node] = [event["cards"][i] for i in indices if i is not None]
    return found


def record(peer: Port, dealing: Dealing, whole: Match, faces: dict[int, list[str]]) -> None:
    text = json.dumps(whole.to_log()["actions"], separators=(",", ":"))
    dealing.audited = {"deals": {str(node): cards for node, cards in faces.items()},
                       "digest": hashlib.sha256(text.encode()).hexdigest()}
    peer.events.append({"event": "audited", "digest": dealing.audited["digest"]})


def replay(peer: Port, dealing: Dealing, faces: dict[int, list[str]]) -> Match | Finding | None:
    """The match with every deal whole; a move the whole deal makes illegal is its player's ``false-card``
    (None: the log fails at a chance step, which names no one)."""
    log: dict[str, Any] = peer.match.to_log()
    actions = [list(entry) for entry in log["actions"]]
    for node, cards in faces.items():
        actions[node][1] = str(dealing.events[node]["prefix"]) + ",".join(cards)
    try:
        return Match.from_log({**log, "actions": actions}, {peer.game.id: peer.game})
    except LogError as error:
        index = error.index if error.index is not None else 0
        seat = actions[index][0]
        if seat < 0:
            return None
        return peer.setup.owners[seat], "false-card", f"its move at step {index}, seen with the whole deal"
