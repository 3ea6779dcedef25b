"""What TF22 is, as data: all the catalogue (the menu, the seat set-up) needs, without its rules."""

from ...engine import GameInfo, Option

INFO = GameInfo(
    id="tf22",
    title="TF22",
    seats=(2, 4),
    simultaneous=False,
    hidden_information=True,  # each player's tide forecast (what its Production Units read) and the deck's order
    blurb="The hex-map ore war: tides, units, zones of fire and landers.",
    options=(
        Option("turns", "Turns (take-off in the last)", 20, low=3, high=20),
        Option("interference", "Robot Combat Unit interference", "anywhere", choices=("anywhere", "mountains"),
               choice_labels=("Adjacent anywhere (TF22)", "Adjacent on mountains only (Full Metal Planete)")),
        Option("crypto", "Tide deck dealt cryptographically (no page sees a tide before the rules show it)",
               False, menu=False),
    ),
    available=True,
    # issue 12: no page may hold the face-down tides between browsers (dealt.py)
    peer_options=(("crypto", True),),
)
