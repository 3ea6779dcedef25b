"""Shared pieces of the research adapter tests: native random matches and their ids through the adapters."""

from __future__ import annotations

import random
from typing import Any

from cargobay.engine import CHANCE, TERMINAL, Match
from cargobay.registry import GAMES
from cargobay.research.chance import Recording
from cargobay.research.steps import HIDDEN_PICKS, Node, Table

GAME_IDS = ("load", "haul", "loot", "teamup", "tf22")
SHORT = {"tf22": {"turns": 3}}  # a legal short match where a whole one would take too long for a test


def native_match(game_id: str, seats: int, seed: int, options: dict[str, Any] | None = None) -> Match:
    """A whole native match: chance from the match's seed, each pending seat (lowest first) a random legal action
    (never ``undo``, which the adapters do not offer)."""
    game = GAMES[game_id]
    match = Match(game, [f"player_{s}" for s in range(seats)], seed, options)
    rng = random.Random(seed)
    while game.current_player(match.state) != TERMINAL:
        if game.current_player(match.state) == CHANCE:
            match.play_chance()
            continue
        seat = game.acting_seats(match.state)[0]
        legal = [a for a in game.legal_actions(match.state, seat) if a not in HIDDEN_PICKS]
        match.apply(seat, rng.choice(legal or game.legal_actions(match.state, seat)))
    return match


def chance_draws(match: Match, step: int) -> list[int]:
    """The uniform draws the native chance event at ``step`` made (its seeded generator, recorded)."""
    replay = Match(match.game, match.seats, match.seed, match.options)
    for seat, action in match.actions[:step]:
        replay.apply(seat, action)
    rng = Recording("/".join(str(part) for part in (match.seed, step, "chance")))
    assert match.game.sample_chance(replay.state, rng) == match.actions[step][1]
    return rng.drawn


def pick_ids(table: Table, node: Node, seat: int, action: str) -> list[int]:
    """The ids of the picks that make ``action`` at ``node`` (its selection steps, then itself)."""
    chain = [*table.game.action_steps(action), action]
    start = chain.index(node.prefix) + 1 if node.prefix else 0
    return [table.codec.encode(pick) for pick in chain[start:]]
