"""Loot N' Loaded rules: set-up, secret picks, pickups, duels, the 3+ redo, replenishing, rounds."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cargobay.engine import CHANCE, SIMULTANEOUS, TERMINAL, IllegalActionError, Match
from cargobay.games.loot.rules import GAME, ROUNDS, build_deck, valid_deck
from tests.engine.test_contract import check_end, check_node
from tests.games.unchanged import assert_states_stay_as_they_were

from .helpers import TYPES, deck, guns, picks, start


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_contract_holds_for_every_player_count(players: int) -> None:
    # (three matches with 2-3 players, one with 4-6: a 6-player match checked at every node takes ~15 s, and the
    # engine contract's random playouts cover more; bench/contract_sweep.py -k loot runs hundreds)
    for seed in range(3 if players <= 3 else 1):
        rng = random.Random(seed)
        match = Match(GAME, ["easy"] * players, seed)
        while not GAME.is_terminal(match.state):
            check_node("loot", match, rng)
            if GAME.current_player(match.state) == CHANCE:
                match.play_chance()
                continue
            seat = rng.choice(GAME.acting_seats(match.state))
            match.apply(seat, rng.choice(GAME.legal_actions(match.state, seat)))
        check_end("loot", match)


@pytest.mark.parametrize(("players", "locations"), [(2, 3), (3, 3), (4, 4), (5, 5), (6, 6)])
def test_set_up_flips_one_card_per_location(players: int, locations: int) -> None:
    state = GAME.new_state(players)
    assert GAME.current_player(state) == CHANCE
    action = GAME.sample_chance(state, random.Random(players))
    state = GAME.apply(state, CHANCE, action)
    assert len(state.locations) == locations and all(state.locations)
    assert state.round == 1 and GAME.current_player(state) == SIMULTANEOUS
    assert GAME.acting_seats(state) == tuple(range(players))


def test_the_deck_follows_the_item_table() -> None:
    cards = build_deck(4, TYPES[4])
    assert valid_deck(4, cards)
    assert not valid_deck(4, build_deck(4, [t for t in TYPES[4] if t != "oil"]))  # 3 basic, not 4
    assert not valid_deck(4, build_deck(4, [t for t in TYPES[4] if t != "dart"]))  # 2 action items, not 3
    assert not valid_deck(4, cards[:-1])  # an item type is used whole
    with pytest.raises(IllegalActionError, match="Item Cards"):
        GAME.apply(GAME.new_state(4), CHANCE, "deck:" + ",".join(cards[:-1]))


def test_two_players_remove_two_cards_of_each_basic_item() -> None:
    two, three = Counter(build_deck(2, ["oil", "totem", "jewels", "clover"])), Counter(build_deck(3, ["oil", "totem"]))
    assert two["oil"] == 6 and two["totem"] == 8 and two["clover"] == 6 and two["hog2"] == two["hog3"] == 4
    assert three["oil"] == 8 and sum(two[j] for j in ("jewelR", "jewelG", "jewelB", "jewelY")) == 6


def test_picks_are_secret_until_everyone_has_picked() -> None:
    state = start(3, ["gold", "oil", "totem"])
    state = GAME.apply(state, 0, "pick:2")
    assert GAME.acting_seats(state) == (1, 2) and GAME.legal_actions(state, 0) == []
    assert GAME.view(state, 0)["my_pick"] == 2
    other = GAME.view(state, 1)
    assert other["my_pick"] is None and other["committed"] == [0]
    with pytest.raises(IllegalActionError):
        GAME.apply(state, 0, "pick:1")


def test_uncontested_picks_take_their_cards_and_locations_are_replenished_in_order() -> None:
    state = start(3, ["gold", "oil", "totem", "compass", "clover"])
    state = picks(state, {0: 3, 1: 1, 2: 2})
    assert state.collections == [["totem"], ["gold"], ["oil"]]
    assert state.locations == ["compass", "clover", state.locations[2]] and state.round == 2


def test_a_duel_goes_by_the_gun_hierarchy_and_the_loser_takes_a_white_flag() -> None:
    state = picks(start(3, ["gold", "oil", "totem"]), {0: 1, 1: 1, 2: 3})
    assert state.collections[2] == ["totem"] and state.phase == "gun"
    assert GAME.acting_seats(state) == (0, 1)
    assert GAME.legal_actions(state, 0) == ["gun:acolyte", "gun:deadly", "gun:duel", "gun:sneaky", "gun:valiant"]
    state = guns(state, {0: "sneaky", 1: "valiant"})  # Sneaky beats Valiant
    assert state.collections[0] == ["gold"] and state.flags == [0, 1, 0] and state.round == 2


@pytest.mark.parametrize(
    ("first", "second", "winner"),
    [("valiant", "deadly", 0), ("deadly", "sneaky", 0), ("sneaky", "valiant", 0), ("deadly", "valiant", 1),
     ("acolyte", "valiant", 0), ("sneaky", "acolyte", 1), ("duel", "deadly", 0)],
)
def test_the_gun_hierarchy(first: str, second: str, winner: int) -> None:
    state = guns(picks(start(2, ["gold", "oil", "totem"]), {0: 1, 1: 1}), {0: first, 1: second})
    assert state.collections[winner] == ["gold"] and state.flags[1 - winner] == 1


def test_acolyte_and_duel_gun_are_used_once_per_game() -> None:
    state = guns(picks(start(2, ["gold", "oil", "totem", "compass"]), {0: 1, 1: 1}), {0: "acolyte", 1: "duel"})
    assert state.spent == [["acolyte"], ["duel"]] and state.phase == "gun" and state.ties == 1  # a tie
    assert "gun:acolyte" not in GAME.legal_actions(state, 0) and "gun:duel" in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalActionError, match="once per game"):
        GAME.apply(state, 0, "gun:acolyte")
    state = guns(state, {0: "valiant", 1: "deadly"})
    assert state.collections[0] == ["gold"] and state.spent == [["acolyte"], ["duel"]]


def test_three_ties_in_a_row_are_decided_by_a_coin() -> None:
    state = picks(start(2, ["gold", "oil", "totem"]), {0: 2, 1: 2})
    for _ in range(3):
        state = guns(state, {0: "valiant", 1: "valiant"})
    assert state.phase == "coin" and GAME.current_player(state) == CHANCE
    assert GAME.sample_chance(state, random.Random(1)) in ("coin:0", "coin:1")
    with pytest.raises(IllegalActionError):
        GAME.apply(state, CHANCE, "coin:2")
    state = GAME.apply(state, CHANCE, "coin:1")
    assert state.collections[1] == ["oil"] and state.flags[0] == 1 and state.phase == "pick"


def test_three_or_more_on_one_location_redo_after_the_others() -> None:
    state = picks(start(4, ["gold", "oil", "totem", "compass"]), {0: 1, 1: 1, 2: 1, 3: 4})
    assert state.collections[3] == ["compass"] and state.phase == "pick" and state.pickers == [0, 1, 2]
    assert GAME.legal_actions(state, 0) == ["pick:1", "pick:2", "pick:3"]
    state = picks(state, {0: 2, 1: 3, 2: 1})
    assert state.collections[:3] == [["oil"], ["totem"], ["gold"]] and state.round == 2


def test_crowding_the_same_location_twice_discards_its_card() -> None:
    state = picks(start(4, ["gold", "oil", "totem", "compass"]), {0: 1, 1: 1, 2: 1, 3: 2})
    state = picks(state, {0: 1, 1: 1, 2: 1})
    assert state.discards == ["gold"] and state.flags == [1, 1, 1, 0] and state.round == 2


def test_crowding_a_new_location_in_the_redo_goes_again() -> None:
    state = picks(start(4, ["gold", "oil", "totem", "compass"]), {0: 1, 1: 1, 2: 1, 3: 2})
    state = picks(state, {0: 3, 1: 3, 2: 3})
    assert state.crowded == [1, 3] and state.pickers == [0, 1, 2] and state.round == 1
    state = picks(state, {0: 1, 1: 4, 2: 3})
    assert state.collections[:3] == [["gold"], ["compass"], ["totem"]]


def test_the_game_ends_after_ten_rounds() -> None:
    state = start(2, [])
    for _ in range(ROUNDS):
        assert GAME.current_player(state) == SIMULTANEOUS
        state = picks(state, {0: 1, 1: 2})
        while state.phase == "prompt":  # an action card drawn on the way
            seat = GAME.current_player(state)
            state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert GAME.current_player(state) == TERMINAL and state.round == ROUNDS
    result = GAME.result(state)
    assert result is not None and result["scores"] == GAME.scores(state)


def test_the_third_clover_draws_the_top_card() -> None:
    top = ["clover", "oil", "totem", "clover", "compass", "gold", "clover", "oil", "totem", "gold", "compass"]
    state = start(3, top)
    for _ in range(3):
        state = picks(state, {0: 1, 1: 2, 2: 3})
    assert state.collections[0] == ["clover", "clover", "clover", "gold"]  # the third clover drew the gold
    assert state.locations[0] == "compass" and state.round == 4


def test_a_deck_with_an_unknown_card_is_refused() -> None:
    with pytest.raises(ValueError, match="'ace' is not a Loot N' Loaded item card"):
        GAME.apply(GAME.new_state(2), CHANCE, deck(2, []) + ",ace")


def test_dynamite_discards_two_of_the_owners_other_cards() -> None:
    state = picks(start(2, ["gold", "oil", "totem", "compass", "oil", "dynamite"]), {0: 1, 1: 2})
    state = picks(state, {0: 1, 1: 2})  # seat 0: compass; seat 1: oil
    state = picks(state, {0: 1, 1: 3})  # seat 0 picks the Dynamite
    assert state.phase == "prompt" and GAME.acting_seats(state) == (0,)
    assert GAME.legal_actions(state, 0) == ["discard:compass+gold"] and GAME.legal_actions(state, 1) == []
    state = GAME.apply(state, 0, "discard:compass+gold")
    assert state.collections[0] == ["dynamite"] and state.discards == ["compass", "gold"] and state.round == 4


def test_dynamite_in_the_first_round_discards_nothing() -> None:
    state = picks(start(2, ["dynamite", "oil", "totem"]), {0: 1, 1: 2})
    assert state.phase == "pick" and state.collections[0] == ["dynamite"]


def test_sleeping_dart_steals_at_once_and_the_victim_takes_a_white_flag() -> None:
    state = picks(start(3, ["gold", "dart", "totem"]), {0: 1, 1: 2, 2: 3})
    # seat 0 took the gold before seat 1's dart (lower location): it can be stolen; seat 2's totem is not yet
    assert GAME.legal_actions(state, 1) == ["steal:0:gold"]
    state = GAME.apply(state, 1, "steal:0:gold")
    assert state.collections == [[], ["dart", "gold"], ["totem"]] and state.flags == [1, 0, 0]
    assert GAME.scores(state)[1] == -2 + 3 and state.round == 2


def test_handkerchief_keep_or_draw_two() -> None:
    top = ["handkerchief", "oil", "totem", "gold", "compass", "clover", "oil", "oil"]
    state = picks(start(3, top), {0: 1, 1: 2, 2: 3})
    assert GAME.legal_actions(state, 0) == ["draw", "keep"]
    kept = GAME.apply(state, 0, "keep")
    assert kept.collections[0] == ["handkerchief"] and GAME.scores(kept)[0] == 4
    drawn = GAME.apply(state, 0, "draw")
    assert drawn.collections[0] == ["gold", "compass"] and drawn.discards == ["handkerchief"]
    assert drawn.locations == ["clover", "oil", "oil"]


def test_prompt_answers_out_of_turn_are_refused() -> None:
    state = picks(start(3, ["handkerchief", "oil", "totem"]), {0: 1, 1: 2, 2: 3})
    with pytest.raises(IllegalActionError):
        GAME.apply(state, 1, "keep")
    with pytest.raises(IllegalActionError):
        GAME.apply(state, 0, "steal:1:oil")


def test_a_card_drawn_by_an_action_resolves_its_own_action_before_the_next_card() -> None:
    state = picks(start(3, ["oil", "totem", "handkerchief", "dart", "gold"]), {0: 1, 1: 2, 2: 3})
    state = GAME.apply(state, 2, "draw")  # draws the Sleeping Dart, then the gold
    assert state.phase == "prompt" and state.gains == [[2, "gold"]]
    assert GAME.legal_actions(state, 2) == ["steal:0:oil", "steal:1:totem"]
    state = GAME.apply(state, 2, "steal:0:oil")
    assert state.collections == [[], ["totem"], ["dart", "oil", "gold"]] and state.flags == [1, 0, 0]
    assert state.discards == ["handkerchief"] and state.round == 2


def test_every_state_of_a_match_stays_as_it_was() -> None:
    # an action's new state shares the lists the action leaves alone (LootState.fork): no later action may change one
    def start(seed: int) -> object:
        options = {"shootout": "gun cards" if seed % 2 else "quick-draw", "crypto": seed % 4 == 3}
        return GAME.new_state(2 + seed % 5, GAME.info.resolve_options(options))

    assert_states_stay_as_they_were(GAME, range(15), start)


@pytest.mark.parametrize("players", [2, 3, 6])
@pytest.mark.parametrize("options", [{}, {"third_location": False, "shootout": "gun cards"}, {"crypto": True}])
def test_a_new_match_is_the_dataclass_built_the_long_way(players: int, options: dict[str, object]) -> None:
    """new_state writes every field out (state.blank) past LootState's keyword __init__: the same state, every field
    there (a field added to LootState and not to blank fails here), and no list shared with another match."""
    from dataclasses import fields

    from cargobay.games.loot import dealt
    from cargobay.games.loot.state import LootState

    chosen = GAME.info.resolve_options(options)
    spots = players if players > 2 else (3 if chosen["third_location"] else 2)
    long_way = LootState(players=players, mode=str(chosen["shootout"]), spots=spots, locations=[None] * spots,
                         collections=[[] for _ in range(players)], flags=[0] * players,
                         spent=[[] for _ in range(players)], picks=[None] * players, guns=[None] * players,
                         draws=[None] * players, crypto=dealt.fresh() if chosen["crypto"] else None)
    for given in (options, chosen):  # (the options as given, and already resolved: a playout's)
        state = GAME.new_state(players, given)
        assert state == long_way
        assert list(vars(state)) == [field.name for field in fields(LootState)]
        other = GAME.new_state(players, given)
        lists = [value for value in vars(state).values() if isinstance(value, list)]
        assert all(value is not vars(other)[name] for name, value in vars(state).items() if isinstance(value, list))
        assert len({id(entry) for value in lists for entry in value if isinstance(entry, list)}) == 2 * players
