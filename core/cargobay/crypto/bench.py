"""Work for bench/crypto_deal.py to time from outside (the core reads no clock): the steps of a cryptographic
deal as one page takes them, and a whole deal between in-memory pages through the peer protocol."""

from __future__ import annotations

import random
from typing import Any

from . import mental, proofs
from .ristretto import FixedBase, L, Point, times

FACES = [f"c{n}" for n in range(28)]


_TABLES: dict[int, tuple[mental.Deck, list[bytes]]] = {}
_SHARES: dict[int, tuple[list[Point], bytes]] = {}


def _table(peers: int) -> tuple[mental.Deck, list[bytes]]:
    """A shuffled deck among ``peers`` players, made on the first request (not part of any step's time)."""
    if peers not in _TABLES:
        rng = random.Random(peers)
        table = mental.Deck([mental.Player(rng.randrange(1, L)) for _ in range(peers)], FACES)
        seeds = [random.Random(n).randbytes(32) for n in range(peers)]
        table.shuffle_all(seeds)
        _TABLES[peers] = table, seeds
    return _TABLES[peers]


def step(what: str, peers: int, count: int) -> dict[str, Any]:
    """Do ``what`` ``count`` times for a 28-card deck among ``peers`` players (2 or 4): ``keys`` (the joint key's
    table, once a match), ``shuffle`` (one page's shuffle: unpack the deck it got, re-mask, permute, pack),
    ``shares`` (one page's shares of the cards of the others' seats, one proof), ``open`` (check one other
    page's shares and unmask this page's hand: 28/peers cards), ``reveal`` (a card played: its share and
    proof made, then checked and unmasked by another page), ``peek`` (one card shown to one page: every other
    page's share proven and checked, unmasked), ``audit`` (every shuffle of a deal recomputed from its
    seed, every card unmasked with the joint secret)."""
    table, seeds = _table(peers)
    hand = 28 // peers
    mine = list(range(hand))
    others = list(range(hand, 28))
    for _ in range(count):
        if what == "setup":
            _SHARES.setdefault(peers, table.shares(1, mine))
            continue  # the deck made, nothing timed
        if what == "keys":
            FixedBase(mental.joint_key([player.key for player in table.players]))
        elif what == "shuffle":
            deck = mental.unpack(mental.pack(table.deck), 28)
            mental.pack(mental.shuffle(deck, table.joint, seeds[0]))
        elif what == "shares":
            table.shares(0, others)
        elif what == "open":
            shares, proof = _SHARES.setdefault(peers, table.shares(1, mine))  # made by the other page
            assert table.check(1, mine, shares, proof)
            for position, share in zip(mine, shares, strict=True):
                cipher = table.deck[position]
                mental.card_of(mental.unmask(cipher, [share, times(cipher[0], table.players[0].secret)]), 28)
        elif what == "reveal":
            share, proof = proofs.prove_same_log(table.players[0].secret, table.deck[0][0], b"card")
            assert proofs.check_same_log(table.players[0].key, table.deck[0][0], share, proof, b"card")
            mental.card_of(mental.unmask(table.deck[0], [share]), 28)
        elif what == "peek":
            table.open_for(0, [27])
        elif what == "audit":
            assert mental.audit(table.history, table.joint, seeds) is None
            secret = sum(player.secret for player in table.players)
            for cipher in table.deck:
                mental.card_of(mental.open_with_secret(cipher, secret), 28)
        else:
            raise ValueError(f"no crypto step {what!r}")
    return {"what": what, "peers": peers, "count": count}


def protocol_deal(game: str, peers: int) -> dict[str, Any]:
    """Every page of an in-memory match (2 or 4, one process) from the start to the first deal dealt: keys,
    shuffles, shares and proofs, signatures, all through the peer protocol. Both pages' work in one CPU."""
    from ..net import Identity, Peer, Setup
    from ..registry import GAMES

    ids = [Identity(random.Random(n).randbytes(32)) for n in range(peers)]
    seats = 2 if game == "load" else 4
    owners = [seat % peers for seat in range(seats)]
    setup = Setup("bench-crypto-0001", game, ["human"] * seats, owners, peers, keys=[i.public for i in ids])
    pages = [Peer(setup, me, ids[me], GAMES[game]) for me in range(peers)]
    queue = [(me, to, text) for me, page in enumerate(pages) for to, text in page.start(0.0)]
    while queue:
        sender, to, text = queue.pop(0)
        for me, page in enumerate(pages):
            if me != sender and (to is None or to == me):
                queue.extend((me, t, x) for t, x in page.receive(sender, text, 0.0))
        if all(any(seat == -1 and "deal:" in action for seat, action in page.match.actions) for page in pages):
            break
    dealt = [sum(card != "?" for card in page.match.actions[-1][1].split(":")[1].split(",")) for page in pages]
    return {"game": game, "peers": peers, "cards_seen": dealt}
