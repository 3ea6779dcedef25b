r"""Every game's action parser against random Unicode: digits of other scripts ('²', Arabic-Indic, Devanagari,
fullwidth), combining marks, lone surrogates, mixed into the games' own grammar. A string is either parsed (and
then it is plain ASCII, so nothing like ``pick:\u0661`` is read as ``pick:1``) or refused with InvalidActionError;
through ``apply`` only the engine's own errors come out (never ValueError, KeyError or a traceback)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cargobay.engine import CargoBayError, InvalidActionError
from cargobay.games.haul.actions import parse as haul_parse
from cargobay.games.load.actions import parse as load_parse
from cargobay.games.loot.actions import parse as loot_parse
from cargobay.games.teamup.actions import parse as teamup_parse
from cargobay.games.tf22.actions import parse as tf22_parse
from cargobay.registry import GAMES

PARSERS: dict[str, Callable[[Any], Any]] = {
    "haul": haul_parse, "load": load_parse, "loot": loot_parse, "teamup": teamup_parse, "tf22": tf22_parse,
}
# the words and separators of the five grammars, so the fuzz reaches the number and card readers
WORDS = ["pick:", "draw:", "coin:", "steal:", "letter:", "gun:", "discard:", "copy:", "take:", "trade:", "arrange:",
         "deck:", "play:", "claim:", "refuel:", "deal:", "dealer:", "load:", "reload:", "place:", "setup:", "move:",
         "fire:", "capture:", "build:", "unload:", "land:", "order:", "first:", "lose:", "repair:", "tides:",
         "sheriff", "gold", "cat=", "rcu", "JC", "G", "@", ">", "<", "+", ",", "/", ":", "?", "#", "0", "1", "2", "12",
         "7,14", "early", "none", "later", "flag"]
STRANGE = ["\u00b2", "\u00b9", "\u0661", "\u0663", "\u0966", "\u0969", "\uff11", "\u2460", "\u0301", "\u0308",
           "\u200d", "\ud800", "\udfff", "\U0001d7d9", "\u00a0", "\u2212", "\u2070", "\u06f1", "\x00", "\u0130"]
PIECE = st.one_of(st.sampled_from(WORDS), st.sampled_from(STRANGE),
                  st.characters(exclude_categories=()),  # any code point, surrogates included
                  st.characters(categories=("Nd", "No", "Mn")))
KINDS = [word for word in WORDS if word.endswith(":")]
ACTION = st.one_of(
    st.lists(PIECE, max_size=8).map("".join),
    st.tuples(st.sampled_from(KINDS), st.lists(PIECE, min_size=1, max_size=5)).map(lambda t: t[0] + "".join(t[1])),
)
# the outside check's findings, always tried
FOUND = ["pick:\u00b2", "draw:\u00b2", "coin:\u00b2", "steal:\u00b2:gold", "letter:\u00b2", "pick:\u0661",
         "move:\u00b2>1,1", "place:B-red@h:\u00b2,0", "setup:\u0131", "deal:?,\u00b2", "lose:\ud800"]


def _found(test: Callable[..., None]) -> Callable[..., None]:
    for text in FOUND:
        test = example(text=text)(test)
    return test


@pytest.mark.parametrize("game_id", sorted(PARSERS))
@settings(max_examples=200, deadline=None)
@given(text=ACTION)
@_found
def test_a_parser_reads_ascii_or_refuses_with_invalid_action_error(game_id: str, text: str) -> None:
    try:
        PARSERS[game_id](text)
    except InvalidActionError:
        return
    assert text.isascii(), f"{game_id} parsed {text!r}"


def _started(game_id: str) -> Any:
    import random

    from cargobay.engine import CHANCE

    game = GAMES[game_id]
    state = game.new_state(game.min_seats if game_id != "haul" else 4, {})
    rng = random.Random(0)
    while game.current_player(state) == CHANCE:
        state = game.apply(state, CHANCE, game.sample_chance(state, rng))
    return state


@pytest.mark.parametrize("game_id", ["haul", "load", "loot", "odd", "teamup", "tf22"])
@settings(max_examples=60, deadline=None)
@given(text=ACTION)
@_found
def test_apply_refuses_any_string_with_the_engines_own_errors(game_id: str, text: str) -> None:
    game = GAMES[game_id]
    state = _started(game_id)
    for seat in {*game.acting_seats(state), 0}:
        with contextlib.suppress(CargoBayError):
            game.apply(state, seat, text)
