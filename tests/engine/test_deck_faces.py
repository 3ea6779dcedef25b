"""cargobay.deck.parse_faces: the one parser of a chance action's card list (LOAD!'s and Haul's ``deal:``, Loot's
``deck:``): what it takes, what it refuses and with whose words, and that every card game refuses a bad list as
before (the messages are each game's parse_card's, word for word)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cargobay.deck import HIDDEN, parse_faces
from cargobay.engine import InvalidActionError
from cargobay.games.haul.actions import parse as parse_haul
from cargobay.games.load.actions import parse as parse_load
from cargobay.games.loot.actions import parse as parse_loot

KNOWN = frozenset(["A1", "B2", HIDDEN])
calls: list[str] = []


def card(text: str) -> str:
    """A game's parse_card: A1 and B2 are cards; it notes every face it is asked about."""
    calls.append(text)
    if text not in ("A1", "B2"):
        raise InvalidActionError(f"{text!r} is not a card")
    return text


@pytest.fixture(autouse=True)
def _no_calls() -> None:
    calls.clear()


def test_a_list_of_known_faces_is_taken_in_order_without_asking_the_card_parser() -> None:
    assert parse_faces("B2,?,A1,B2", KNOWN, card) == ("B2", HIDDEN, "A1", "B2")
    assert calls == []


def test_an_empty_text_is_no_faces() -> None:
    assert parse_faces("", KNOWN, card) == ()


@pytest.mark.parametrize(("text", "message", "asked"), [
    ("A1,C3,B2", "'C3' is not a card", ["A1", "C3"]),  # the first face refused is the one named
    ("A1,,B2", "'' is not a card", ["A1", ""]),  # an empty face between two commas
    ("A1,", "'' is not a card", ["A1", ""]),  # a trailing comma
    (",", "'' is not a card", [""]),
    ("a1", "'a1' is not a card", ["a1"]),  # faces are case-sensitive
    ("A1 ,B2", "'A1 ' is not a card", ["A1 "]),  # and not stripped
    ("??", "'??' is not a card", ["??"]),  # HIDDEN is one question mark
])
def test_a_face_that_is_no_card_is_refused_by_the_games_card_parser(text: str, message: str,
                                                                    asked: list[str]) -> None:
    with pytest.raises(InvalidActionError) as error:
        parse_faces(text, KNOWN, card)
    assert str(error.value) == message
    assert calls == asked


def test_hidden_is_taken_even_when_the_known_set_leaves_it_out() -> None:
    assert parse_faces("A1,?", frozenset(["A1"]), card) == ("A1", HIDDEN)
    assert calls == ["A1"]  # (the slow path: every face but HIDDEN asked)


def test_a_face_the_card_parser_takes_is_taken_though_the_known_set_lacks_it() -> None:
    """``known`` only speeds the common case up; the card parser is the judge."""
    assert parse_faces("A1,B2", frozenset(["A1"]), card) == ("A1", "B2")


@pytest.mark.parametrize(("parse", "action", "message"), [
    (parse_load, "deal:G0,,G1", "'' is not a card (a colour G/B/R/Y and a value 0-3, e.g. G3)"),
    (parse_load, "deal:G4", "'G4' is not a card (a colour G/B/R/Y and a value 0-3, e.g. G3)"),
    (parse_load, "deal:G0,?,g1", "'g1' is not a card (a colour G/B/R/Y and a value 0-3, e.g. G3)"),
    (parse_haul, "deal:2H,,3D", "'' is not a Haul card (H 2-8, D 3-9, S 4-10, C 5-J)"),
    (parse_haul, "deal:2S", "'2S' is not a Haul card (H 2-8, D 3-9, S 4-10, C 5-J)"),
    (parse_haul, "deal:?,JC,QC", "'QC' is not a Haul card (H 2-8, D 3-9, S 4-10, C 5-J)"),
    (parse_loot, "deck:ace", "'ace' is not a Loot N' Loaded item card"),
    (parse_loot, "deck:oil,,gold", "'' is not a Loot N' Loaded item card"),
    (parse_loot, "deck:oil,?,Gold", "'Gold' is not a Loot N' Loaded item card"),
])
def test_each_card_game_refuses_a_bad_card_list_in_its_own_words(parse: Callable[[str], Any], action: str,
                                                             message: str) -> None:
    with pytest.raises(InvalidActionError) as error:
        parse(action)
    assert str(error.value) == message


@pytest.mark.parametrize(("parse", "action", "faces"), [
    (parse_load, "deal:G0,?,Y3", ("G0", HIDDEN, "Y3")),
    (parse_haul, "deal:?,JC,2H", (HIDDEN, "JC", "2H")),
    (parse_loot, "deck:oil,?,flag,hog2", ("oil", HIDDEN, "flag", "hog2")),  # a White Flag may be decked (ruling 8)
    (parse_loot, "deck:", ()),
])
def test_each_card_game_takes_a_card_list_with_hidden_faces(parse: Callable[[str], Any], action: str,
                                                             faces: tuple[str, ...]) -> None:
    assert parse(action).cards == faces
