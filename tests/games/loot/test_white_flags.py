"""Rulings 8 and 9: White Flags are cards in front of you for every card text (Dynamite may discard them, Sleight
of Hand may exchange one, a Sleeping Dart may take one; a Copy Cat already counted them), a Sleight of Hand may
exchange itself, and a 3rd Lucky 4 Leaf Clover obtained by theft draws the top card."""

from __future__ import annotations

from cargobay.games.loot.cards import collection_points
from cargobay.games.loot.rules import GAME, LootState

from .helpers import ACTIONS_3, act, start


def lost_duel(state: LootState) -> LootState:
    """Round 1: seats 0 and 1 duel for location 1, seat 1's Valiant beats seat 0's Deadly: seat 0 takes a White
    Flag and has no other card."""
    moves = [(0, "pick:1"), (1, "pick:1")] + ([(2, "pick:3")] if state.players == 3 else [])
    state = act(state, *moves, (0, "gun:deadly"), (1, "gun:valiant"))
    assert state.round == 2 and state.flags[0] == 1 and state.collections[0] == []
    return state


def test_ruling_8_a_dynamite_in_round_2_discards_the_one_card_you_have_a_white_flag() -> None:
    """The Dynamite text: "In the 2nd round if you obtain this, you do have to discard the one card you have": a
    White Flag is that card (before, a Dynamite with only White Flags beside it asked nothing)."""
    state = lost_duel(start(2, ["gold", "oil", "totem", "dynamite"]))
    state = act(state, (0, "pick:1"), (1, "pick:2"))
    assert state.prompt == [0, "discard", "dynamite"] and GAME.legal_actions(state, 0) == ["discard:flag"]
    state = GAME.apply(state, 0, "discard:flag")
    assert state.flags[0] == 0 and state.discards == ["flag"] and state.collections[0] == ["dynamite"]
    assert GAME.scores(state)[0] == 5 == collection_points(["dynamite"], 0)


def test_ruling_8_a_dynamite_chooses_among_cards_and_white_flags() -> None:
    state = lost_duel(start(3, ["gold", "oil", "totem", "gold", "oil", "dynamite", "totem", "totem"],
                            items=ACTIONS_3))
    state = act(state, (0, "pick:1"), (1, "pick:2"), (2, "pick:3"))  # seat 0: Gold; round 3: the Dynamite
    assert state.collections[0] == ["gold"] and state.flags[0] == 1 and state.locations[0] == "dynamite"
    state = act(state, (0, "pick:1"), (1, "pick:2"), (2, "pick:3"))
    assert state.prompt == [0, "discard", "dynamite"] and GAME.legal_actions(state, 0) == ["discard:flag+gold"]


def test_ruling_8_a_sleeping_dart_may_take_a_white_flag() -> None:
    state = lost_duel(start(3, ["gold", "oil", "totem", "dart", "gold", "oil"], items=ACTIONS_3))
    state = act(state, (0, "pick:2"), (1, "pick:1"), (2, "pick:3"))
    assert state.prompt == [1, "steal", "dart"]
    assert GAME.legal_actions(state, 1) == ["steal:0:flag", "steal:2:totem"]  # seat 0 has only its White Flag
    state = GAME.apply(state, 1, "steal:0:flag")
    # the thief has the White Flag; the victim loses it and takes one (ruling 4): as many as before
    assert state.flags == [1, 1, 0] and state.collections[1] == ["gold", "dart"]


def test_ruling_8_sleight_of_hand_exchanges_a_white_flag_into_the_deck_and_back_out_as_one() -> None:
    state = lost_duel(start(3, ["gold", "oil", "totem", "sleight", "glass", "keys"], items=ACTIONS_3))
    state = act(state, (0, "pick:1"), (1, "pick:2"), (2, "pick:2"))  # seats 1 and 2 duel, the Glass stays
    assert state.prompt == [0, "trade", "sleight"] and state.held == ["keys", "hog2"]
    assert {"trade:hog2:flag", "trade:keys:flag"} <= set(GAME.legal_actions(state, 0))
    state = GAME.apply(state, 0, "trade:hog2:flag")
    assert state.flags[0] == 0 and state.held == ["keys", "flag"] and state.prompt == [0, "arrange", "sleight"]
    assert "put:flag:0" in GAME.legal_actions(state, 0)
    state = act(state, (0, "put:flag:0"), (0, "put:keys:bottom"), (1, "gun:valiant"), (2, "gun:deadly"))
    # seats 1 and 2 dueled for location 2 (seat 2 took a White Flag); the White Flag card came up at location 1
    assert state.locations[0] == "flag" and state.deck[-1] == "keys" and state.flags == [0, 0, 1]
    assert "flag" in GAME.view(state, 1)["locations"]
    assert GAME.state_to_json(GAME.state_from_json(GAME.state_to_json(state))) == GAME.state_to_json(state)
    state = act(state, (0, "pick:2"), (1, "pick:3"), (2, "pick:1"))
    assert state.flags[2] == 2 and "flag" not in state.collections[2]  # received as a White Flag


def test_ruling_9_a_sleight_of_hand_may_exchange_itself() -> None:
    state = lost_duel(start(3, ["gold", "oil", "totem", "sleight", "glass", "keys"], items=ACTIONS_3))
    state = act(state, (0, "pick:1"), (1, "pick:2"), (2, "pick:3"))
    assert "trade:keys:sleight" in GAME.legal_actions(state, 0)
    state = GAME.apply(state, 0, "trade:keys:sleight")
    # the Sleight goes back into the deck as one of the extras; the Keys taken act (their prompt comes after)
    assert state.collections[0] == [] and sorted(state.held) == ["hog2", "sleight"]
    assert state.prompt == [0, "arrange", "sleight"]
    state = act(state, (0, "put:sleight:1"), (0, "put:hog2:0"))
    assert state.collections[0] == ["keys"] and state.prompt == [0, "take", "keys"]
    assert "sleight" in state.held  # the Keys draw the top 3: the Hogwash put on top, two more, the Sleight


def test_ruling_9_a_third_clover_obtained_by_theft_draws() -> None:
    items = ("clover", "dart", "gold", "oil", "totem", "compass")
    top = ["clover", "clover", "totem", "clover", "oil", "totem", "dart", "oil", "totem"]
    state = start(3, top, items=items)
    for _ in range(3):
        state = act(state, (0, "pick:1"), (1, "pick:2"), (2, "pick:3"))
    assert state.prompt == [0, "steal", "dart"] and state.collections[0] == ["clover", "clover", "dart"]
    top_card = state.deck[0]
    state = GAME.apply(state, 0, "steal:1:clover")
    assert state.collections[0] == ["clover", "clover", "dart", "clover", top_card]  # before: no draw
    assert f"seat 0 draws {top_card} (third clover)" in state.events
