"""What Team UP! is, as data: all the catalogue (the menu, the seat set-up) needs, without its rules."""

from ...engine import GameInfo, Option

MODES = ("game", "challenge", "puzzle")
MODE_LABELS = (
    "Game: a shuffled deck (or the set-up of a code)",
    "Challenge: the card order is known (replay a code's set-up)",
    "Puzzle: a card order that allows a perfect pallet",
)
CODE_LENGTH = 24  # a set-up code is 20 characters with its dashes; a little slack for spaces

INFO = GameInfo(
    id="teamup",
    title="Team UP!",
    seats=(1, 5),
    simultaneous=False,
    hidden_information=False,  # every seat sees the same: only the draw pile's order is hidden, from everyone
    cooperative=True,
    blurb="Stack boxes on a pallet together, in 3D.",
    options=(
        Option("mode", "Mode", "game", choices=MODES, choice_labels=MODE_LABELS),
        Option("setup", "Set-up code (empty: a new shuffle)", "", high=CODE_LENGTH),
    ),
)
