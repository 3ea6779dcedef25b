"""Who sent a message: each page's Ed25519 identity, signatures over the canonical text of a message.

A page makes one identity per match (a random 32-byte secret); its public key travels in the
connection codes people exchange by hand and is listed in the setup, so every peer checks every
message against the key of its claimed sender. The bytes signed name the protocol and the setup's
digest, so a message signed for another setup (other keys, other options) never verifies here.

The secret also derives this page's chance shares and commitment nonces (HMAC-SHA256), so a page
restored from an older save makes the very same commitments again instead of conflicting ones.

``cryptography`` is used when it is installed (CPython, ~0.1 ms a signature); the engine's worker
has no C library and uses the pure-Python ``ed25519`` module (same bytes; see bench/signing.py).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections.abc import Callable

from ..engine import StateError
from . import ed25519

KEY_HEX = re.compile(r"[0-9a-f]{64}")
SIG_B64 = re.compile(r"[A-Za-z0-9_-]{86}")
DOMAIN = b"cargobay-msg/2\n"

try:  # pragma: no cover - depends on the interpreter
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

    BACKEND = "cryptography"
except ImportError:  # pragma: no cover - the browser's worker
    BACKEND = "pure-python"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _sign_pure(seed: bytes, public: bytes, data: bytes) -> bytes:
    return ed25519.sign(seed, data, public)


def _verify_pure(public: bytes, data: bytes, signature: bytes) -> bool:
    return ed25519.verify(public, data, signature)


if BACKEND == "cryptography":  # pragma: no cover - depends on the interpreter
    def _sign_fast(seed: bytes, public: bytes, data: bytes) -> bytes:
        return Ed25519PrivateKey.from_private_bytes(seed).sign(data)

    def _verify_fast(public: bytes, data: bytes, signature: bytes) -> bool:
        try:
            Ed25519PublicKey.from_public_bytes(public).verify(signature, data)
        except (InvalidSignature, ValueError):
            return False
        return True

    SIGN: Callable[[bytes, bytes, bytes], bytes] = _sign_fast
    VERIFY: Callable[[bytes, bytes, bytes], bool] = _verify_fast
else:  # pragma: no cover - the browser's worker
    SIGN, VERIFY = _sign_pure, _verify_pure


def signed_bytes(setup_digest: str, body: str) -> bytes:
    """What a signature covers: the protocol, the setup's digest and the message's canonical text."""
    return DOMAIN + setup_digest.encode() + b"\n" + body.encode()


def verify(public_hex: str, data: bytes, signature: str) -> bool:
    """Whether ``signature`` (base64url) is the signature of ``data`` by the key ``public_hex``."""
    if not (KEY_HEX.fullmatch(public_hex) and SIG_B64.fullmatch(signature)):
        return False
    return VERIFY(bytes.fromhex(public_hex), data, unb64(signature))


class Identity:
    """This page's signing key for one match.

    >>> me = Identity(bytes(32))
    >>> verify(me.public, b"hi", me.sign(b"hi"))
    True
    """

    def __init__(self, seed: bytes) -> None:
        if not isinstance(seed, bytes) or len(seed) != 32:
            raise ValueError("an identity is a 32-byte secret")
        self.seed = seed
        self._public = ed25519.public_key(seed)
        self.public = self._public.hex()

    @classmethod
    def generate(cls, entropy: Callable[[int], bytes]) -> Identity:
        return cls(entropy(32))

    @classmethod
    def from_hex(cls, text: object) -> Identity:
        if not isinstance(text, str) or not KEY_HEX.fullmatch(text):
            raise StateError("a saved identity is 64 hex digits")
        return cls(bytes.fromhex(text))

    def sign(self, data: bytes) -> str:
        return b64(SIGN(self.seed, self._public, data))

    def derive(self, *parts: object) -> str:
        """A secret 256-bit value (hex) for ``parts``: a chance share or a commitment nonce."""
        label = "\x1f".join(str(part) for part in parts).encode()
        return hmac.new(self.seed, b"cargobay-derive/1\x1f" + label, hashlib.sha256).hexdigest()
