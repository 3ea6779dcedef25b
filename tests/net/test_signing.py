"""Issue 11, authenticated peers: each page signs every message with its own Ed25519 key, whose public half
travels in the connection codes and the setup. The pure-Python Ed25519 (the browser's worker) gives the
very bytes of RFC 8032; messages signed by another key, or for another setup, are refused."""

from __future__ import annotations

import dataclasses
import os

import pytest

from cargobay.net import Identity, Peer, PeerViolation, Setup, ed25519, signing
from cargobay.registry import GAMES

from .netkit import Network, identity, make_setup

RFC8032 = [  # (secret, public, message, signature): RFC 8032 section 7.1, tests 1-3
    ("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
    ("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
    ("c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
]


@pytest.mark.parametrize(("secret", "public", "message", "signature"), RFC8032)
def test_pure_python_ed25519_gives_the_rfc_8032_bytes(secret: str, public: str, message: str, signature: str) -> None:
    seed, data = bytes.fromhex(secret), bytes.fromhex(message)
    assert ed25519.public_key(seed).hex() == public
    assert ed25519.sign(seed, data).hex() == signature
    assert ed25519.verify(bytes.fromhex(public), data, bytes.fromhex(signature))
    assert not ed25519.verify(bytes.fromhex(public), data + b"!", bytes.fromhex(signature))


def test_pure_python_and_the_c_library_agree() -> None:
    pytest.importorskip("cryptography")
    for size in range(0, 400, 37):
        seed, data = os.urandom(32), os.urandom(size)
        signature = ed25519.sign(seed, data)
        assert signing.b64(signature) == Identity(seed).sign(data)
        public = ed25519.public_key(seed)
        assert signing.VERIFY(public, data, signature) and ed25519.verify(public, data, signature)
        bad = bytes([signature[0] ^ 1]) + signature[1:]
        assert not signing.VERIFY(public, data, bad) and not ed25519.verify(public, data, bad)
    assert not ed25519.verify(bytes(32), b"", bytes(64))  # not a point / a zero signature
    assert not ed25519.verify(b"short", b"", bytes(64))


def test_a_message_signed_by_another_page_is_refused() -> None:
    network = Network(peers=3, seed=1)
    network.flush()
    receiver = network.peers[1]
    before = receiver.to_json()
    honest = network.forge(0, {"type": "chat", "text": "hi"})
    as_two = honest.replace(network.forge(0, {"type": "chat", "text": "hi"}).split('"sig":"')[1][:86],
                            network.ids[2].sign(b"anything"))
    with pytest.raises(PeerViolation, match="signature is not peer 0's") as info:
        receiver.receive(0, as_two, 0.0)
    assert info.value.cheating and receiver.to_json() == before
    receiver.receive(0, honest, 0.0)
    assert {"event": "chat", "from": 0, "text": "hi"} in receiver.take_events()


def test_a_message_signed_for_another_setup_does_not_verify() -> None:
    """Signatures cover the setup's digest: a message signed under other keys or options is refused."""
    network = Network(seed=2)
    other = dataclasses.replace(network.setup, time_bank=601.0)
    assert other.digest() != network.setup.digest()
    text = network.forge(0, {"type": "chat", "text": "hi"}, digest=other.digest())
    with pytest.raises(PeerViolation, match="signature"):
        network.peers[1].receive(0, text, 0.0)


def test_the_setup_lists_every_pages_own_key() -> None:
    setup, ids = make_setup(3)
    with pytest.raises(ValueError, match="public key"):
        dataclasses.replace(setup, keys=setup.keys[:2])
    with pytest.raises(ValueError, match="public key"):
        dataclasses.replace(setup, keys=[setup.keys[0]] * 3)
    with pytest.raises(ValueError, match="another key"):
        Peer(setup, 1, ids[2], GAMES["odd"])
    Peer(setup, 1, ids[1], GAMES["odd"])


def test_the_verification_code_is_the_same_on_every_page_and_changes_with_any_key() -> None:
    network = Network(peers=3, seed=9)
    network.flush()  # (commit first, net/sas.py: every page's part in)
    codes = {peer.verification_code() for peer in network.peers}
    assert len(codes) == 1 and len(codes.pop().replace(" ", "")) == 6  # type: ignore[union-attr]
    setup = network.setup
    same = Setup.from_json(setup.to_json())
    lied = dataclasses.replace(setup, keys=[setup.keys[0], identity(99).public, setup.keys[2]])
    assert same.digest() == setup.digest() != lied.digest()  # what the code is made of, with the nonces


def test_a_pages_commitments_are_derived_from_its_secret() -> None:
    """A page restored from an older save makes the very same commitments again: never conflicting ones."""
    one, two = Network(seed=3), Network(seed=3)
    one.flush()
    two.flush()
    assert one.peers[0].outbox == two.peers[0].outbox
    other = Network(seed=4)
    other.flush()
    assert other.peers[0].outbox != one.peers[0].outbox
