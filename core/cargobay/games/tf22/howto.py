"""How to play TF22, in our own words (the page ``how-to-play.html``, built by ``cargobay.howto``)."""

GOAL = ('Each company lands on planet GH-328, mines White Ore for 20 turns and takes off. Every lump of ore and '
        'every unit aboard your Lander at take-off is a point; the most points wins.')
TURN = (
    'Turn 1: pick a landing site (a highlighted hex), then one of its two pod layouts.',
    ('Each later turn you get 15 Action Points (up to 10 unused ones carry over). Pick a unit with a yellow '
     'ring, then a yellow hex to move, load, unload or shoot there; the number on a hex is what it costs.'),
    ('Transporters and boats carry ore back to the Lander; combat units shoot (two shots per turn) and can '
     'capture what two of them surround.'),
    ('The tide changes the map every turn: at high tide reefs and swamps flood. Your Production Unit shows you '
     'the next tide.'),
)
SCORING = (
    'At take-off (turn 20 at the latest), each White Ore lump and each unit inside your Lander scores 1.',
    'A captured Lander and everything in it belongs to its captor.',
)
LEGEND = (
    ('Letters on units: R Robot Combat Unit, S Heavy Combat Spider, T Transporter, P Production Unit, B '
     "Speedboat, F Sea Freighter, L Lander; the unit's colour is its company."),
    'Terrain: sand plains, brown mountains, blue sea; dotted swamp and pale reef flood at high tide.',
    'Drag or pinch to move and zoom the map; + / - and Fit zoom too.',
)
SEATS = ('human', 'easy')
