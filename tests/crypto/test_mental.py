"""The mental-poker deck and its proofs, in memory: the five operations, and every cheat the proofs or the
audit must catch (a false share, a substituted, duplicated or dropped card)."""

from __future__ import annotations

import random

from cargobay.crypto import mental, proofs
from cargobay.crypto import ristretto as r

FACES = [f"{colour}{value}" for colour in "GBRY" for value in (0, 1, 1, 2, 2, 3, 3)]


def table(players: int = 2, seed: int = 0) -> mental.Deck:
    rng = random.Random(seed)
    return mental.Deck([mental.Player(rng.randrange(1, r.L)) for _ in range(players)], FACES)


def seeds(count: int, salt: int = 0) -> list[bytes]:
    return [random.Random(salt * 100 + n).randbytes(32) for n in range(count)]


def test_a_key_proof_shows_knowledge_of_its_own_secret_only() -> None:
    proof = proofs.prove_key(42, b"ctx")
    assert proofs.check_key(r.G.times(42), proof, b"ctx")
    assert not proofs.check_key(r.G.times(43), proof, b"ctx")  # a rogue key cannot borrow it
    assert not proofs.check_key(r.G.times(42), proof, b"another match")


def test_a_share_proof_holds_for_the_right_share_only() -> None:
    point = r.hash_to_group(b"c1")
    share, proof = proofs.prove_same_log(77, point, b"ctx")
    assert proofs.check_same_log(r.G.times(77), point, share, proof, b"ctx")
    assert not proofs.check_same_log(r.G.times(77), point, r.add(share, r.BASE), proof, b"ctx")
    assert not proofs.check_same_log(r.G.times(78), point, share, proof, b"ctx")
    shares, batch = proofs.prove_shares(77, [point, r.BASE], b"ctx")
    assert proofs.check_shares(r.FixedBase(r.G.times(77)), [point, r.BASE], shares, batch, b"ctx")
    assert not proofs.check_shares(r.G.times(77), [point, r.BASE], [shares[0], r.BASE], batch, b"ctx")
    assert not proofs.check_shares(r.G.times(77), [point, r.BASE], shares[::-1], batch, b"ctx")


def test_shuffle_deal_peek_reveal_and_reshuffle_with_four_players() -> None:
    deck = table(players=4)
    deck.shuffle_all(seeds(4))
    hands = {player: deck.open_for(player, list(range(7 * player, 7 * player + 7))) for player in range(4)}
    assert sorted(face for hand in hands.values() for face in hand if face) == sorted(FACES)
    assert deck.reveal(0) == hands[0][0]  # a card played: everyone sees what its owner saw
    assert deck.open_for(2, [27]) == [hands[3][6]]  # a peek for player 2
    deck.return_and_reshuffle([0, 1, 2], seeds(4, salt=1))
    assert sorted(deck.reveal(p) or "" for p in range(28)) == sorted(FACES)
    assert mental.audit(deck.history[:5], deck.joint, seeds(4)) is None


def test_nobody_unmasks_a_card_without_its_owners_share() -> None:
    deck = table()
    deck.shuffle_all(seeds(2))
    # player 0's cards: player 1 publishes its shares; player 1 adds its own but lacks player 0's
    shares, proof = deck.shares(1, [4])
    assert deck.check(1, [4], shares, proof)
    cipher = deck.deck[4]
    own = r.times(cipher[0], deck.players[1].secret)
    assert mental.card_of(mental.unmask(cipher, [*shares, own]), 28) is None
    assert mental.card_of(mental.unmask(cipher, shares), 28) is None
    assert deck.open_for(0, [4])[0] in FACES


def test_a_substituted_duplicated_or_dropped_card_is_caught_and_its_shuffler_named() -> None:
    for cheat in ("substitute", "duplicate", "drop"):
        deck = table(players=3)
        honest_seeds = seeds(3)
        deck.shuffle_all(honest_seeds[:1])
        cards = mental.shuffle(deck.deck, deck.joint, honest_seeds[1])
        if cheat == "substitute":  # player 1 puts a card of its choice (a fresh G3) in place of another
            cards[5] = (r.G.times(9), r.add(mental.card_point(6), deck.joint.times(9)))
        elif cheat == "duplicate":
            cards[5] = cards[6]
        else:
            cards = cards[:-1]
        deck.deck = cards
        deck.history.append(list(cards))
        deck.shuffle_all(honest_seeds[2:]) if cheat != "drop" else None
        if cheat == "drop":
            assert len(mental.pack(cards)) != 28 * mental.CIPHER_BYTES  # a dropped card: no deck, at once
            continue
        assert mental.audit(deck.history, deck.joint, honest_seeds) == 1, cheat
