"""Bounds on what another page can make this page hold or compute: a token bucket per sender for the
messages that need a signature checked, a bounded set of recently seen texts (duplicates are dropped
for free), and per-sender quotas on messages held for later steps (counted in messages and bytes)."""

from __future__ import annotations

import hashlib

VERIFY_BURST = 600  # signature checks one sender may cause at once (a long catch-up after a reload)
VERIFY_RATE = 30.0  # ... and per second after that
RECENT = 4096  # texts remembered to drop duplicates
REFUSED_BURST = 20  # refusals of one sender answered in full (a snapshot for the page) at once ...
REFUSED_RATE = 1.0  # ... and per second after that; past it a refusal is dropped with a short answer
HELD_MESSAGES = 64  # messages held per sender for steps this page has not reached
HELD_BYTES = 65_536


class TokenBucket:
    """At most ``burst`` at once, refilled at ``rate`` per second.

    >>> bucket = TokenBucket(2, 1.0)
    >>> [bucket.take(0.0) for _ in range(3)], bucket.take(1.0)
    ([True, True, False], True)
    """

    def __init__(self, burst: int = VERIFY_BURST, rate: float = VERIFY_RATE) -> None:
        self.burst, self.rate = float(burst), rate
        self.tokens = float(burst)
        self.last: float | None = None

    def take(self, now: float) -> bool:
        if self.last is not None and now > self.last:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now if self.last is None else max(self.last, now)
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Recent:
    """A bounded set of texts seen (by their SHA-256), oldest forgotten first."""

    def __init__(self, size: int = RECENT) -> None:
        self.size = size
        self.digests: dict[bytes, None] = {}

    @staticmethod
    def key(text: str) -> bytes:
        return hashlib.sha256(text.encode()).digest()

    def __contains__(self, text: str) -> bool:
        return self.key(text) in self.digests

    def add(self, text: str) -> None:
        self.digests[self.key(text)] = None
        if len(self.digests) > self.size:
            del self.digests[next(iter(self.digests))]


class Held:
    """Messages of one sender for steps this page has not reached yet, within a quota."""

    def __init__(self) -> None:
        self.texts: list[tuple[int, str]] = []  # (node or step, text)
        self.bytes = 0

    def add(self, at: int, text: str) -> bool:
        """Hold a text; False when the sender's quota is full (the text is dropped)."""
        if (at, text) in self.texts:
            return True
        if len(self.texts) >= HELD_MESSAGES or self.bytes + len(text) > HELD_BYTES:
            return False
        self.texts.append((at, text))
        self.bytes += len(text)
        return True

    def take(self, upto: int) -> list[str]:
        """The texts for steps up to ``upto``, in arrival order; the others stay."""
        ready = [text for at, text in self.texts if at <= upto]
        if ready:
            self.texts = [(at, text) for at, text in self.texts if at > upto]
            self.bytes = sum(len(text) for _, text in self.texts)
        return ready

    def __len__(self) -> int:
        return len(self.texts)
