"""What a seat sees of a Loot N' Loaded match (``view``) and a state consistent with what it sees (``determinize``,
for the bots and the research adapter). The engine's methods of the same names call these (rules.py)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cargobay.engine import JSON

from . import dealt
from .actions import GUNS
from .state import ROUNDS, LootState, from_json

if TYPE_CHECKING:
    from .rules import LootGame


def view(game: LootGame, state: LootState, seat: int | None) -> JSON:
    own = seat if seat in range(state.players) else None
    acting = game.acting_seats(state)
    waiting = {"pick": state.pickers, "gun": state.duels[0][1:] if state.duels else [],
               "playoff": state.playoff, "shootout": state.shooters}.get(state.phase, [])
    prompted = state.prompt is not None and state.prompt[0] == own
    return {
        "game": game.id,
        "seat": own,
        "players": state.players,
        "mode": state.mode,
        "items": list(state.items),
        "phase": state.phase,
        "round": state.round,
        "rounds": ROUNDS,
        "to_act": list(acting),
        "committed": sorted(s for s in waiting if s not in acting),
        "my_pick": None if own is None else state.picks[own],
        "my_gun": None if own is None else state.guns[own],
        "my_draw": None if own is None else state.draws[own],
        "deck_count": len(state.deck),
        # the deck's composition is public (the item types, the cards seen); its order is not, nor the
        # cards a prompt has taken out of it (only the prompt seat sees those)
        "deck_cards": _deck_cards(state, prompted),
        "locations": list(state.locations),
        "collections": [list(c) for c in state.collections],
        "flags": list(state.flags),
        "spent": [list(s) for s in state.spent],
        "discards": list(state.discards),
        "pickers": list(state.pickers),
        "sitting": list(state.sitting),
        "crowded": list(state.crowded),
        "redo": list(state.redo),
        "duels": [list(d) for d in state.duels],
        "ties": state.ties,
        "shooters": list(state.shooters),
        "coin_among": list(state.coin_among),
        "tied": list(state.tied),
        "playoff": list(state.playoff),
        "queue": [list(q) for q in state.queue],
        "gains": [list(g) for g in state.gains],
        "prompt": None if state.prompt is None else list(state.prompt),
        "held": [dealt.face(state, c) or c for c in state.held] if prompted else [],
        **({"tokens": {c: dealt.face(state, c) for c in state.held}} if prompted and state.crypto else {}),
        "held_count": len(state.held),
        "letters": [list(entry) for entry in state.letters],
        "badges": [list(entry) for entry in state.badges],
        "newest_badge": state.badges[-1][0] if state.badges else None,
        "asking": list(state.asking),
        "fresh": state.fresh,
        "source": state.source,
        "spots": state.spots,
        "last": None if state.last is None else {"kind": state.last["kind"],
                                                 "choices": [list(p) for p in state.last["choices"]]},
        "events": list(state.events),
        "scores": game.scores(state),
        "legal": [] if own is None else game.legal_actions(state, own),
        "result": game.result(state),
    }


def _deck_cards(state: LootState, prompted: bool) -> list[str]:
    if state.crypto is None:
        return sorted(state.deck if prompted else state.deck + state.held)
    known = [c for c in state.deck + state.held if not dealt.is_token(c)]
    return sorted(known + dealt.unseen(state))  # with crypto: the same on every page, even the prompt's


def determinize(game: LootGame, view: Mapping[str, Any], rng: random.Random, draw_times: tuple[int, ...]) -> LootState:
    """A state consistent with a seat's view: the deck's order (and cards held by another seat's prompt)
    drawn from the unseen cards, committed secret choices drawn."""
    seat = view["seat"]
    players = view["players"]
    unseen = list(view["deck_cards"])
    names = view.get("tokens")  # dealt cryptographically, and this seat's prompt holds cards (dealt.py)
    for card in (names or {}).values():
        unseen.remove(card)  # the held cards' faces are among the cards unseen by the table
    rng.shuffle(unseen)
    held = list(view["held"]) if view["held"] else unseen[: view["held_count"]]
    deck = unseen if view["held"] else unseen[view["held_count"]:]
    secret: dict[str, list[Any]] = {"picks": [None] * players, "guns": [None] * players,
                                    "draws": [None] * players}
    if seat in range(players):
        secret["picks"][seat], secret["guns"][seat] = view["my_pick"], view["my_gun"]
        secret["draws"][seat] = view["my_draw"]
    data = {key: view[key] for key in (
        "players", "mode", "items", "spots", "phase", "round", "fresh", "locations", "collections", "flags",
        "spent", "discards", "pickers", "sitting", "crowded", "redo", "duels", "ties", "shooters",
        "coin_among", "tied", "playoff", "queue", "gains", "prompt", "letters", "badges", "asking", "source",
        "last",
        "events")}
    data.update(secret, deck=deck, held=held, winner=(view["result"] or {}).get("winners", [None])[0])
    if names is not None:  # the held cards keep their tokens: the answers name them
        data.update(held=list(names), crypto=dealt.sampled(view, names))
    state = from_json(data)
    for other in view["committed"]:
        if other == seat:
            continue
        if state.phase == "pick":
            state.picks[other] = rng.choice(game.open_locations(state))
        elif state.phase == "shootout":
            state.draws[other] = rng.choice(draw_times)
        else:
            state.guns[other] = rng.choice([g for g in GUNS if g not in state.spent[other]])
    return state
