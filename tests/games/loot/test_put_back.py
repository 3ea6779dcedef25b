"""Ruling 7: Tall Glass of Water, Keys of Power and Sleight of Hand put each card back at ANY depth of the
owner's choice (``put:<card>:<depth>``, 0 = the top, or ``put:<card>:bottom``), one card at a time; the page picks
it in steps (the card, then the depth: the top, a few below, "deeper" for any other depth, the bottom), and so do
the research adapter's ids; the other seats see where a card went, never which card it was."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from cargobay.engine import IllegalActionError, InvalidActionError
from cargobay.games.loot.rules import GAME, LootState
from cargobay.registry import get_spec
from cargobay.research.codecs import codec
from cargobay.session import board

from .helpers import ACTIONS_3, act, start


def glass() -> LootState:
    """3 players; seat 0 takes a Tall Glass and holds Sleight, Keys and a Dart out of the deck."""
    state = act(start(3, ["glass", "totem", "gold", "sleight", "keys", "dart"], items=ACTIONS_3),
                (0, "pick:1"), (1, "pick:2"), (2, "pick:3"))
    assert state.prompt == [0, "arrange", "glass"] and state.held == ["sleight", "keys", "dart"]
    return state


def picks_on(svg: str) -> tuple[list[str], list[str]]:
    """(data-action, data-select) of a board."""
    root = ET.fromstring(svg)
    return ([e.attrib["data-action"] for e in root.iter() if "data-action" in e.attrib],
            [e.attrib["data-select"] for e in root.iter() if "data-select" in e.attrib])


def test_ruling_7_the_tall_glass_puts_each_card_back_at_any_depth() -> None:
    state = glass()
    deck = len(state.deck)
    assert deck > 10
    legal = GAME.legal_actions(state, 0)
    assert len(legal) == 3 * (deck + 1)  # each card at each depth, the bottom included (before: top or bottom)
    assert {"put:keys:0", "put:keys:7", f"put:keys:{deck - 1}", "put:keys:bottom"} <= set(legal)
    assert f"put:keys:{deck}" not in legal  # the bottom is written "bottom", once
    before = list(state.deck)
    state = GAME.apply(state, 0, "put:keys:7")
    assert state.deck == [*before[:7], "keys", *before[7:]] and state.prompt == [0, "arrange", "glass"]
    assert len(GAME.legal_actions(state, 0)) == 2 * (deck + 2)  # one card more in the deck, one fewer held
    events = GAME.view(state, 1)["events"]
    assert events[-1] == "seat 0 puts a card back into the deck, 8th from the top"  # where, not which card
    state = GAME.apply(state, 0, "put:dart:bottom")
    expected = [*before[:7], "keys", *before[7:], "dart"]
    assert state.deck == expected
    state = GAME.apply(state, 0, "put:sleight:3")  # the last card: the pickups go on, the round ends
    expected.insert(3, "sleight")
    assert state.held == [] and state.prompt is None
    assert state.locations == expected[:3] and state.deck == expected[3:]  # the next round's cards came off the top


def test_ruling_7_keys_of_power_and_sleight_of_hand_put_their_extras_back_at_any_depth() -> None:
    state = act(start(3, ["totem", "gold", "keys", "dart", "oil", "glass"], items=ACTIONS_3), (0, "pick:1"),
                (1, "pick:3"), (2, "pick:2"))
    state = GAME.apply(state, 1, "take:dart")
    assert state.prompt == [1, "arrange", "keys"]
    state = act(state, (1, "put:oil:5"), (1, "put:glass:2"))
    assert state.deck[2] == "glass" and state.deck[6] == "oil" and state.prompt == [1, "steal", "dart"]
    state = act(start(3, ["totem", "sleight", "gold", "oil", "gold", "totem"], items=ACTIONS_3), (0, "pick:1"),
                (1, "pick:3"), (2, "pick:2"))
    state = act(state, (2, "trade:none"), (2, "put:gold:4"))
    assert state.prompt == [2, "arrange", "sleight"] and state.held == ["oil"] and state.deck[4] == "gold"
    expected = list(state.deck)
    expected.insert(1, "oil")
    state = GAME.apply(state, 2, "put:oil:1")  # the last card: the round ends, 3 cards flipped from the top
    assert state.prompt is None and state.locations == expected[:3] and state.deck == expected[3:]


def test_ruling_7_a_put_names_a_card_held_and_a_depth_in_the_deck() -> None:
    state = glass()
    deck = len(state.deck)
    for bad, error in (("put:gold:0", IllegalActionError), (f"put:keys:{deck}", IllegalActionError),
                       ("put:keys:-1", InvalidActionError), ("put:keys:\u0663", InvalidActionError),
                       ("put:keys", InvalidActionError), ("put:nope:1", InvalidActionError)):
        with pytest.raises(error):
            GAME.apply(state, 0, bad)
    with pytest.raises(InvalidActionError, match="ruling 7"):
        GAME.apply(state, 0, "arrange:keys,dart/sleight")  # the old form: refused with the reason


def test_ruling_7_the_page_picks_the_card_then_the_depth() -> None:
    """Every legal put is reachable through the board's steps, once; the first step is a button per card (3,
    where the old prompt showed 24 arrangements)."""
    state = glass()
    spec = get_spec("loot")
    deck = len(state.deck)
    labels = {0: "You", 1: "Ann", 2: "Bob"}
    _, svg, selection = board(spec, state, 0, labels, "")
    done, steps = picks_on(svg)
    assert selection == "" and not done and sorted(steps) == ["put:dart", "put:keys", "put:sleight"]
    assert "Put back Keys" in svg and 'class="held"' in svg
    reached: list[str] = []
    _, svg, selection = board(spec, state, 0, labels, "put:keys")
    done, steps = picks_on(svg)
    assert selection == "put:keys"
    assert done == ["put:keys:0", "put:keys:1", "put:keys:2", "put:keys:3", "put:keys:4", "put:keys:bottom"]
    assert sorted(steps) == ["", "put:keys:deeper"]  # deeper, and back to the cards
    assert all(f">Keys {where}</text>" in svg for where in ("on top", "3rd from the top", "at the bottom"))
    words = " ".join("".join(e.itertext()) for e in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text"))
    assert f"The deck has {deck} cards." in words  # (the phone's board wraps the heading)
    reached += done
    _, svg, selection = board(spec, state, 0, labels, "put:keys:deeper")
    done, steps = picks_on(svg)
    assert selection == "put:keys:deeper" and steps == ["put:keys", ""]  # fewer depths, another card
    assert done == [f"put:keys:{depth}" for depth in range(5, deck)]
    reached += done
    assert sorted(reached) == sorted(a for a in GAME.legal_actions(state, 0) if a.startswith("put:keys:"))
    for other in (1, None):  # nobody else sees the cards or the steps
        _, theirs, _ = board(spec, state, other, labels, "")
        assert picks_on(theirs) == ([], []) and "Keys" not in theirs.split('class="prompt"')[1]


def test_ruling_7_the_research_ids_of_a_put_are_distinct_and_stable() -> None:
    from cargobay.research.steps import Node, Table

    state = glass()
    table = Table("loot", 3, {"items": list(ACTIONS_3)})
    node = Node(state)
    first = table.picks(node, 0)
    assert set(first.ids.values()) == {"put:dart", "put:keys", "put:sleight"} and not first.complete
    keys = next(number for number, pick in first.ids.items() if pick == "put:keys")
    node = table.apply(node, 0, keys)
    second = table.picks(node, 0)
    assert set(second.ids.values()) == {*(f"put:keys:{d}" for d in range(5)), "put:keys:bottom", "put:keys:deeper"}
    deeper = table.apply(node, 0, next(n for n, p in second.ids.items() if p == "put:keys:deeper"))
    third = table.picks(deeper, 0)
    assert len(third.ids) == len(state.deck) - 5 and third.complete == frozenset(third.ids.values())
    loot = codec("loot")
    assert loot.encode("put:keys:7") == codec("loot").encode("put:keys:7") != loot.encode("put:keys:8")
    assert loot.describe(loot.encode("put:keys:bottom")) == "put keys back at the bottom"
    after = table.apply(deeper, 0, loot.encode("put:keys:7"))
    assert after.state.deck[7] == "keys" and after.log[-1] == (0, "put:keys:7")
