"""Peer-to-peer play without a server: commit-reveal, joint randomness, the message schema and a
lockstep peer. Pure and transport-free: the page moves the bytes (WebRTC), this decides what they mean."""

from .commit import commitment, joint_seed, opens
from .messages import MessageError, parse
from .peer import Peer, PeerViolation, Setup

__all__ = ["MessageError", "Peer", "PeerViolation", "Setup", "commitment", "joint_seed", "opens", "parse"]
