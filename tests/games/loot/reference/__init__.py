"""Loot N' Loaded's engine as it was before it was made faster (a frozen copy of rules, state, effects, actions,
cards, dealt, seen and info, for tests/games/loot/test_differential.py; only its imports of cargobay changed)."""
