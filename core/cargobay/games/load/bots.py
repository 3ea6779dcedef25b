"""Bots for TF22: LOAD! (placeholder being replaced by the real medium and strong bots)."""
