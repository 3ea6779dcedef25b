"""How to play Haul, in our own words (the page ``how-to-play.html``, built by ``cargobay.howto``)."""

GOAL = ('Four drivers fill a trailer with cargo cards over four Hauls of seven Loads each. The best total score '
        'after four Hauls wins.')
TURN = (
    ('A Load: starting with the leader, everyone plays one card face up into the middle (any card; suits do not '
     'matter here).'),
    'Highest rank finishes first; on equal ranks the card played earlier is higher.',
    ('Then the drivers take cards in reverse order: last place first. Take one card still in the Load and put it'
     " in your trailer's slot of its suit (replacing what was there), or use a Refuel token to discard it."),
    ('Cards of exactly the same rank can share one slot as a Heavy Load, but if that slot is pushed out, the '
     'whole Heavy Load is lost.'),
)
SCORING = (
    ('After each Haul every trailer scores the ranks of all its cards (a Jack is 11), each card of a Heavy Load '
     'included. Trailers empty for the next Haul; scores and unused Refuel tokens carry over.'),
)
LEGEND = (
    'Your trailer is at the bottom; the other three drivers are above it, each with a coloured square and name.',
    'The Load in the middle shows the cards played this round and who played them.',
    'When you resolve, pick a card first, then where it goes (your trailer or a Refuel).',
)
SEATS = ('human', 'easy', 'easy', 'easy')
