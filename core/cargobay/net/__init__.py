"""Peer-to-peer play without a server: signed messages, commit-reveal, joint randomness, clocks, bounded
state and a lockstep peer. Pure and transport-free: the page moves the bytes (WebRTC), this decides what
they mean. The design, and what a cheater can still do, is in docs/peer-protocol.md."""

from .commit import commitment, joint_seed, opens
from .evidence import Out
from .messages import MessageError, parse
from .peer import Peer
from .setup import Setup
from .signing import Identity
from .verdicts import RULES, PeerViolation

__all__ = ["RULES", "Identity", "MessageError", "Out", "Peer", "PeerViolation", "Setup", "commitment",
           "joint_seed", "opens", "parse"]
