"""Team UP! hooks for the generic contract test (see tests/games/hooks.py)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from cargobay.games.teamup.codes import encode
from cargobay.games.teamup.components import BOX_COUNTS, BOX_TOTAL, DECK, LAYERS
from cargobay.games.teamup.geometry import MASK, Pallet, pid_of
from cargobay.games.teamup.rules import TeamUpState, score_parts


def check_state(state: TeamUpState) -> None:
    """Boxes never more than the set; the pallet has no overhang; the discards are the deck's top in order;
    one face-up card per box; the score is the rulebook's three steps."""
    if state.phase == "setup":
        assert not state.boxes and not state.discards and not state.deck
        return
    assert sorted(state.deck) == sorted(DECK)
    assert [card for card, _ in state.discards] == list(state.deck[: len(state.discards)])
    assert sum(1 for _, up in state.discards if up) == len(state.boxes) <= BOX_TOTAL
    assert state.drawn - len(state.discards) == (1 if state.phase == "place" else 0)
    used = Counter(box for box, *_ in state.boxes)
    assert all(used[box] <= BOX_COUNTS[box] for box in used)
    occ = state.pallet.occ
    for z in range(1, LAYERS):
        assert occ[z] & ~occ[z - 1] == 0, "a box overhangs"
    pallet = Pallet.start(_neutral(state))
    for box, orient, x, y, z in state.boxes:
        pid = pid_of(box[0], orient, x, y)
        assert pallet.legal_layer(pid) == z
        pallet = pallet.place(pid, z)
    assert pallet.occ == state.pallet.occ and pallet.pids == state.pallet.pids
    filled = sum(layer.bit_count() for layer in occ)
    assert filled == 3 + sum(MASK[pid_of(box[0], o, x, y)].bit_count() for box, o, x, y, _ in state.boxes)
    parts = score_parts(state)
    assert parts["score"] == 5 * parts["layers_full"] - parts["unplaced"] - parts["face_down"]
    if state.phase == "end":
        assert state.stopped or len(state.boxes) == BOX_TOTAL or len(state.discards) == len(state.deck)


def _neutral(state: TeamUpState) -> int:
    from cargobay.games.teamup.codes import neutral_footprint

    return pid_of("N", *neutral_footprint(state.spot))


def hidden_variants(state: TeamUpState, seat: int, rng: random.Random) -> Iterator[TeamUpState]:
    """The cards still in the draw pile in another order (not in Challenge mode, where the team knows it,
    nor at the end, when the set-up code is shown)."""
    if state.phase in ("setup", "end") or state.mode == "challenge":
        return
    rest = list(state.deck[state.drawn :])
    for _ in range(2):
        rng.shuffle(rest)
        variant = state.copy()
        variant.deck = (*state.deck[: state.drawn], *rest)
        variant.code = encode(state.spot, variant.deck)
        yield variant
