"""Ruling 6: Sheriff's Badges are told apart by when each was obtained; the Badge that leaves is the one chosen
(a Copy Cat leaves as itself), and the 5 points go to the table's most recent Badge still in play."""

from __future__ import annotations

import json
import random

import pytest

from cargobay.engine import CHANCE, TERMINAL, IllegalActionError, Match
from cargobay.games.loot.cards import badge_date, collection_points, resolved
from cargobay.games.loot.rules import GAME, LootState

from .helpers import act, deck, picks, start

ITEMS = ("oil", "totem", "gold", "sheriff", "dynamite", "dart")
ITEMS_SLEIGHT = ("oil", "totem", "gold", "sheriff", "sleight")


def test_ruling_6_the_worked_example_dynamite_discards_the_chosen_badge() -> None:
    """Seat 0 holds Badges from rounds 1 and 3 and a Snake Oil, seat 1 one from round 2; in round 4 seat 0 takes
    Dynamite and discards the Snake Oil and the round-1 Badge: it keeps the table's most recent Badge (5) and the
    Dynamite (5), 10 points; seat 1's Badge is worth 2."""
    top = ["sheriff", "gold", "gold", "oil", "sheriff", "sheriff", "dynamite", "gold", "gold"]
    state = start(2, top, items=ITEMS)
    state = picks(state, {0: 1, 1: 2})  # round 1: seat 0 the Badge on location 1
    state = picks(state, {0: 1, 1: 2})  # round 2: seat 0 the Snake Oil, seat 1 the Badge on location 2
    state = picks(state, {0: 1, 1: 3})  # round 3: seat 0 the Badge on location 1
    assert state.collections[0] == ["sheriff@1.1", "oil", "sheriff@3.1"]
    assert state.collections[1] == ["gold", "sheriff@2.2", "gold"]
    state = picks(state, {0: 2, 1: 1})  # round 4: seat 0 the Dynamite
    assert state.phase == "prompt"
    legal = GAME.legal_actions(state, 0)
    assert "discard:oil+sheriff@1.1" in legal and "discard:oil+sheriff@3.1" in legal
    state = act(state, (0, "discard:oil+sheriff@1.1"))
    assert state.collections[0] == ["sheriff@3.1", "dynamite"]
    view = GAME.view(state, None)
    assert view["newest_badge"] == 0 and view["badges"] == [[1, 2, 2], [0, 3, 1]]
    assert GAME.scores(state) == [10, 3 * 3 + 2]


def test_ruling_6_an_undated_badge_is_refused_with_the_reason() -> None:
    top = ["sheriff", "gold", "gold", "oil", "dynamite"]
    state = start(2, top, items=ITEMS)
    state = picks(state, {0: 1, 1: 2})
    state = picks(state, {0: 2, 1: 1})  # seat 0 the Dynamite (location 2), seat 1 the Snake Oil
    with pytest.raises(Exception, match="named by when it was obtained"):
        GAME.apply(state, 0, "discard:sheriff")
    with pytest.raises(IllegalActionError):
        GAME.apply(state, 0, "discard:sheriff@2.1")  # no Badge of that date


def _badge_points(state: LootState) -> list[int]:
    view = GAME.view(state, None)
    found = []
    for seat, cards in enumerate(state.collections):
        with_badges = collection_points(cards, state.flags[seat], view["newest_badge"] == seat)
        without = collection_points([c for c in cards if resolved(c) != "sheriff"], state.flags[seat])
        found.append(with_badges - without)
    return found


@pytest.mark.parametrize("seed", range(3))
def test_ruling_6_exactly_one_badge_is_worth_5_the_table_s_most_recent(seed: int) -> None:
    """Random matches with Badges, Dynamite, Sleeping Darts, Sleight of Hand and Copy Cats: whenever a Badge is in
    play the table's Badge points are 5 for the most recent one plus 2 for each other (their sum is 5 with one
    Badge), and the seat given the 5 holds the Badge with the latest date."""
    rng = random.Random(seed)
    players = 2 + seed % 3
    items = ("oil", "totem", "sheriff", "gold", "dynamite", "sleight", "cat")
    if players > 2:
        items += ("compass", "dart")
    state = GAME.new_state(players, {"shootout": "gun cards", "items": list(items)})
    checked = 0
    while GAME.current_player(state) != TERMINAL:
        if GAME.current_player(state) == CHANCE:
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
        else:
            seat = rng.choice(list(GAME.acting_seats(state)))
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        dates = [(badge_date(card), seat) for seat, cards in enumerate(state.collections) for card in cards
                 if badge_date(card) is not None]
        if not dates:
            assert sum(_badge_points(state)) == 0
            continue
        checked += 1
        points = _badge_points(state)
        assert sum(points) == 5 + 2 * (len(dates) - 1), (state.collections, state.badges)
        newest = max(dates, key=lambda entry: entry[0])[1]  # type: ignore[arg-type,return-value]
        assert GAME.view(state, None)["newest_badge"] == newest
        assert points[newest] >= 5
    assert checked > 0  # Badges were in play


def test_ruling_6_a_sleight_of_hand_exchanging_a_badge_puts_back_a_plain_badge() -> None:
    """Seat 0 holds the round-1 Badge and takes a Sleight of Hand in round 2: it exchanges the Badge for a Totem
    drawn. The Badge goes back into the deck as a plain, undated ``sheriff`` (its date belonged to seat 0's
    collection), no Badge is listed any more, the scores count the Sleight and the Totem, the Badge comes out of
    the deck again as a card like any other (dated anew when picked), and the match replays from its log."""
    top = ["sheriff", "gold", "gold", "sleight", "oil", "totem", "totem", "gold"]
    match = Match(GAME, ["a", "b"], 0, {"shootout": "gun cards", "items": list(ITEMS_SLEIGHT)})
    match.apply(CHANCE, deck(2, top, ITEMS_SLEIGHT))
    for seat, action in ((0, "pick:1"), (1, "pick:2"), (0, "pick:1"), (1, "pick:2")):
        match.apply(seat, action)
    state = match.state
    assert state.prompt == [0, "trade", "sleight"] and state.held == ["totem", "totem"]
    assert GAME.legal_actions(state, 0) == ["trade:none", "trade:totem:sheriff@1.1", "trade:totem:sleight"]  # ruling 9
    match.apply(0, "trade:totem:sheriff@1.1")
    state = match.state
    assert state.held == ["totem", "sheriff"] and "sheriff" in GAME.view(state, 0)["held"]
    assert state.collections[0] == ["sleight"] and state.badges == []
    assert "put:sheriff:0" in GAME.legal_actions(state, 0)
    match.apply(0, "put:sheriff:0")
    match.apply(0, "put:totem:bottom")
    state = match.state
    assert state.deck[-1] == "totem" and "sheriff" in state.locations  # on top: the next round's new card
    outside = [*state.deck, *state.held, *state.discards, *(c for c in state.locations if c is not None)]
    assert not any("@" in card for card in outside)  # plain cards: a date is only a collection's
    assert state.collections[0] == ["sleight", "totem"] and state.badges == []
    assert GAME.view(state, None)["newest_badge"] is None
    assert GAME.scores(state) == [collection_points(cards, 0) for cards in state.collections]
    assert GAME.scores(state)[0] == collection_points(["sleight", "totem"], 0)  # no Badge points left
    loaded = GAME.state_from_json(GAME.state_to_json(state))
    assert GAME.state_to_json(loaded) == GAME.state_to_json(state)
    # round 3: seat 1 picks the Badge put back, and it is dated now
    spot = state.locations.index("sheriff") + 1
    other = next(index + 1 for index, card in enumerate(state.locations) if card not in (None, "sheriff"))
    match.apply(0, f"pick:{other}")
    match.apply(1, f"pick:{spot}")
    state = match.state
    assert f"sheriff@3.{spot}" in state.collections[1] and state.badges == [[1, 3, spot]]
    replayed = Match.from_log(json.loads(json.dumps(match.to_log())), {GAME.id: GAME})
    assert GAME.state_to_json(replayed.state) == GAME.state_to_json(state)
    assert GAME.scores(replayed.state) == GAME.scores(state)
