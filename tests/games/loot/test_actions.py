from __future__ import annotations

import pytest

from cargobay.engine import InvalidActionError
from cargobay.games.loot.actions import parse


@pytest.mark.parametrize("text", ["pick:1", "pick:6", "gun:acolyte", "gun:duel", "coin:0", "deck:oil,hog3,jewelR"])
def test_actions_round_trip(text: str) -> None:
    assert str(parse(text)) == text


@pytest.mark.parametrize("text", ["", "pick", "pick:x", "pick:-1", "gun:laser", "deck:ace", "take:1", "coin:"])
def test_malformed_actions_are_refused(text: str) -> None:
    with pytest.raises(InvalidActionError):
        parse(text)
