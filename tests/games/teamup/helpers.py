"""Shared Team UP! test helpers: set-ups from a deck, playing actions, and the rulings' perfect pallet as a game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cargobay.engine import CHANCE
from cargobay.games.teamup.codes import encode
from cargobay.games.teamup.components import COLOURS, DECK, PER_COLOUR
from cargobay.games.teamup.geometry import NEIGH, PLACEMENTS, Pallet, pid_of
from cargobay.games.teamup.perfect import RULINGS_PALLET
from cargobay.games.teamup.rules import GAME, TeamUpState, legal_placements

SHAPE_CARD = {"S": "square", "B": "big", "L": "rect", "T": "rect"}


def started(deck: Sequence[str] = DECK, spot: int = 0, seats: int = 1, mode: str = "game") -> TeamUpState:
    """A game just set up (chance action ``setup:<code>``) with this deck and neutral box spot."""
    state = GAME.new_state(seats, {"mode": mode})
    return GAME.apply(state, CHANCE, f"setup:{encode(spot, deck)}")


def play(state: TeamUpState, *actions: str) -> TeamUpState:
    """Apply actions, each by the seat to play."""
    for action in actions:
        state = GAME.apply(state, GAME.current_player(state), action)
    return state


def position(boxes: Sequence[tuple[str, str, int, int]], card: str, spot: int = 0) -> TeamUpState:
    """A state in the placing phase with these boxes on the pallet (each on its implied layer, with no rule
    checked) and ``card`` drawn: a fixture for the stacking rules, not a reachable game."""
    state = started(spot=spot)
    pallet = state.pallet
    placed = []
    for box, orient, x, y in boxes:
        pid = pid_of(box[0], orient, x, y)
        z = 0
        while pallet.occ[z] & PLACEMENTS[pid].mask:
            z += 1
        pallet = pallet.place(pid, z)
        placed.append((box, orient, x, y, z))
    deck = list(DECK)
    deck.remove(card)
    state.deck = (card, *deck)
    state.drawn, state.phase, state.pallet, state.boxes = 1, "place", pallet, placed
    return state


def rulings_boxes() -> list[tuple[str, str, int, int, int]]:
    """The rulings' example pallet as (shape, orientation, x, y, layer), in a legal building order: layer by
    layer, layer 1 grown from the neutral box so that every box touches one placed before."""
    layers = []
    for part in RULINGS_PALLET.split("|"):
        boxes = []
        for text in part.partition(":")[2].split():
            boxes.append((text[0], text[3:] or "h", int(text[1]), int(text[2])))
        layers.append(boxes)
    order = []
    first = [box for box in layers[0] if box[0] != "N"]
    pallet = Pallet.start(pid_of("N", "h", 0, 0))
    while first:
        box = next(b for b in first if NEIGH[pid_of(b[0], b[1], b[2], b[3])] & pallet.occ[0])
        first.remove(box)
        pallet = pallet.place(pid_of(box[0], box[1], box[2], box[3]), 0)
        order.append((*box, 0))
    for z, boxes in enumerate(layers[1:], start=1):
        order.extend((*box, z) for box in boxes)
    return order


def rulings_game() -> tuple[list[str], list[str]]:
    """A deck and the actions that build the rulings' pallet with it, card after card (a perfect 25): each
    square by a square card, four big boxes by the big cards, eight thin/long boxes by the rectangular
    cards, the other nine boxes by colour cards."""
    boxes = rulings_boxes()
    shape_cards = Counter({"square": 6, "rect": 8, "big": 4})
    cards, colours = [], []
    left = {colour: dict(PER_COLOUR) for colour in COLOURS}
    by_colour = []
    for index, (shape, *_rest) in enumerate(boxes):
        card = SHAPE_CARD[shape]
        if shape_cards[card]:
            shape_cards[card] -= 1
            cards.append(card)
            colours.append("")
        else:
            colour = next(c for c in COLOURS if left[c][shape] and sum(1 for k in cards if k == c) < 6)
            left[colour][shape] -= 1
            cards.append(colour)
            colours.append(colour)
            by_colour.append(index)
    for index, (shape, *_rest) in enumerate(boxes):
        if not colours[index]:
            colour = next(c for c in COLOURS if left[c][shape])
            left[colour][shape] -= 1
            colours[index] = colour
    rest = Counter(DECK)
    rest.subtract(cards)
    deck = cards + sorted(rest.elements())
    actions = []
    for (shape, orient, x, y, _z), colour in zip(boxes, colours, strict=True):
        actions += ["draw", f"place:{shape}-{colour}@{orient}:{x},{y}"]
    return deck, actions


def all_legal(state: TeamUpState) -> list[str]:
    """Every legal placement for the drawn card (the rules' own list)."""
    assert state.card is not None
    return legal_placements(state.pallet, state.card, state.stock())
