"""Cargo Bay: tabletop cargo-loading games as pure-Python engines (no I/O, no global random)."""

__version__ = "0.1.0"
