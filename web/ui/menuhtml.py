# The menu's markup, one renderer for both sides: build.py (CPython, at build time) stamps it into index.html for every
# game of the catalogue, so the menu is usable before any script runs, and ui/menu.py (MicroPython, at run time) adopts
# that markup as it is and draws with these same functions only what the page lacks (a game the stamped catalogue has
# not: ?test-games=1) and the friend set-up. Pure and DOM-free: strings in, strings out (tests/web/test_menu_markup.py
# runs it under both interpreters and compares).
#
# Native form controls, no script: a card is a radio (name "game") inside its label; each game's set-up (seats, options)
# is a block of its own, shown by the rules of style() when its card is checked (:has(:checked)); a Players count hides
# the seats past it the same way. A browser without :has() shows every block until ui/menu.py marks the picked one
# (style.css; data-players for the seats). Ids (#seat-0, #option-turns, ...) are those of the picked game only: every
# control carries its id as data-id, and ui/menu.py gives the ids to the picked game's block (claim).
import json


def escape(text):
    """Text for HTML content or a quoted attribute (as CPython's html.escape, quote=True)."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("'", "&#x27;"))


def normalize(hello):
    """The catalogue as a list of GameInfo dicts with every key present (older engines lack some)."""
    games = []
    if not isinstance(hello, dict):
        return games
    shared_bots = hello.get("bots") if isinstance(hello.get("bots"), list) else []
    for game in hello.get("games") or []:
        if not isinstance(game, dict) or not isinstance(game.get("id"), str):
            continue
        seats = game.get("seats")
        if not (isinstance(seats, list) and len(seats) == 2 and all(isinstance(n, int) for n in seats)):
            seats = [2, 2]
        bots = game.get("bots")
        info = {
            "id": game["id"],
            "title": str(game.get("title") or game["id"]),
            "blurb": str(game.get("blurb") or ""),
            "seats": seats,
            "available": bool(game.get("available")),
            "listed": game.get("listed", True) is not False,
            "bots": [str(b) for b in (bots if isinstance(bots, list) else shared_bots)],
            "options": [o for o in game.get("options") or [] if isinstance(o, dict) and isinstance(o.get("name"), str)],
            # option values a match between browsers must use (e.g. gun cards: no reflexes over a network)
            "peer_options": game.get("peer_options") if isinstance(game.get("peer_options"), dict) else {},
        }
        games.append(info)
    return games


def shown(games, show_tests=False):
    """The games the menu lists (an unlisted test game only with ?test-games=1)."""
    return [g for g in games if g["listed"] or show_tests]


def first_playable(games):
    playable = [g["id"] for g in games if g["available"]]
    return playable[0] if playable else None


def seat_label(index):
    return "Seat " + str(index + 1)


def choice_pairs(option):
    """[(value, readable name)] of a choice or set option (its "labels" when it has one per choice)."""
    choices = [str(c) for c in option.get("choices") or []]
    labels = option.get("labels")
    if not (isinstance(labels, list) and len(labels) == len(choices)):
        labels = choices
    return [(value, str(labels[i])) for i, value in enumerate(choices)]


def value_words(option, value):
    """An option value in words (a choice's label, yes/no, the names of a set)."""
    pairs = dict(choice_pairs(option))
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(pairs.get(str(v), str(v)) for v in value) or "none"
    return pairs.get(str(value), str(value))


def seat_kinds(game):
    """[(value, words)] a local seat may be: a human or one of the game's bots."""
    return [("human", "Human")] + [(bot, bot[:1].upper() + bot[1:] + " bot") for bot in game["bots"]]


def seat_default(game, seat):
    return "human" if seat == 0 or not game["bots"] else game["bots"][0]


def title_text(game):
    return (game["title"] + " \u2014 new match") if game else "No game is playable yet"


def menu_options(game):
    """The options the local set-up offers (a peer-only mode, "menu": false, is shown fixed in the friend set-up)."""
    return [o for o in (game or {}).get("options") or [] if o.get("menu") is not False]


def set_summary(label, ticked, of):
    """A set option's summary as HTML: its label and how many of its choices are ticked (the number in a span of its
    own: index.html's inline script and ui/menu.py keep it)."""
    return escape(label) + ' \u2014 <span class="set-ticked">' + str(ticked) + "</span> of " + str(of) + " ticked"


# ------------------------------------------------------------------------------------------ markup
def _id(name, claimed):
    """A control's id attributes: data-id always, the id itself when its game is the picked one."""
    return ' data-id="' + escape(name) + '"' + (' id="' + escape(name) + '"' if claimed else "")


def _select(name, label, choices, chosen, claimed, extra=""):
    options = "".join('<option value="' + escape(value) + '"' + (" selected" if value == chosen else "") + ">"
                      + escape(text) + "</option>" for value, text in choices)
    return ("<label" + extra + ">" + escape(label) + '<select name="' + escape(name) + '"' + _id(name, claimed) + ">"
            + options + "</select></label>")


def card(game, checked=False):
    """A game's card: <li> with the radio in its label (and How to play, for a playable game)."""
    gid = escape(game["id"])
    title = escape(game["title"])
    attrs = ' title="' + escape(game["blurb"]) + '"' if game["available"] and game["blurb"] else ""
    pick = ('<input type="radio" class="game-pick" name="game" form="setup-form" value="' + gid + '"'
            + (" checked" if checked and game["available"] else "") + ("" if game["available"] else " disabled")
            + ">")
    if game["available"]:
        low, high = game["seats"]
        players = str(low) if low == high else str(low) + "-" + str(high)
        extra = '<span class="game-meta">' + players + " players \u00b7 playable</span>"
    else:
        extra = '<span class="badge">coming soon</span>'
        attrs += ' aria-disabled="true"'
    link = ('<a class="howto-link" href="./how-to-play.html#' + gid + '">How to play ' + title + "</a>"
            if game["available"] else "")
    return ('<li><label class="game-card" data-game="' + gid + '"' + attrs + ">" + pick + '<span class="game-title">'
            + title + "</span>" + extra + "</label>" + link + "</li>")


def setup(game, claimed=False):
    """A game's local set-up: its seat pickers (a Players count when its range allows, and a picker per seat up to the
    most it takes: the rules of style() hide those past the count) and its option pickers."""
    low, high = game["seats"]
    parts = []
    if high > low:
        parts.append(_select("seat-count", "Players", [(str(n), str(n)) for n in range(low, high + 1)], str(low),
                             claimed))
    kinds = seat_kinds(game)
    for seat in range(high):
        parts.append(_select("seat-" + str(seat), seat_label(seat), kinds, seat_default(game, seat), claimed,
                             ' class="seat-pick" data-seat="' + str(seat) + '"'))
    seats = '<div class="seat-pickers"' + _id("seat-pickers", claimed) + ">" + "".join(parts) + "</div>"
    options = "".join(_option(option, claimed) for option in menu_options(game))
    return ('<div class="game-setup" data-for="' + escape(game["id"]) + '">' + seats + '<div class="option-pickers"'
            + _id("option-pickers", claimed) + ">" + options + "</div></div>")


def _option(option, claimed):
    name = "option-" + option["name"]
    label = escape(option.get("label") or option["name"])
    kind = option.get("kind")
    default = option.get("default")
    if kind == "choice":
        return _select(name, str(option.get("label") or option["name"]), choice_pairs(option), str(default), claimed)
    if kind == "set":
        return _checkboxes(name, str(option.get("label") or option["name"]), option, claimed)
    if kind == "text":  # e.g. a set-up code
        limit = ' maxlength="' + str(option["max"]) + '"' if isinstance(option.get("max"), int) else ""
        return ("<label>" + label + '<input type="text" name="' + escape(name) + '"' + _id(name, claimed)
                + ' autocomplete="off" spellcheck="false"' + limit + ' value="' + escape(default or "") + '"></label>')
    if kind == "bool":
        return ("<label>" + label + '<input type="checkbox" name="' + escape(name) + '"' + _id(name, claimed)
                + (" checked" if default else "") + "></label>")
    bounds = "".join(" " + key + '="' + str(option[key]) + '"' for key in ("min", "max")
                     if isinstance(option.get(key), int))
    return ("<label>" + label + '<input type="number" name="' + escape(name) + '"' + _id(name, claimed)
            + ' step="1" inputmode="numeric"' + bounds + ' value="' + escape(default) + '"></label>')


def _checkboxes(name, label, option, claimed):
    """A set option: a fieldset (legend: its label) with one labelled checkbox per choice, folded in a <details> whose
    summary counts the ticks (a long list would push Start off the screen; index.html's inline script keeps the count
    from the first paint, a tick made before any other script ran or one the browser restored included)."""
    chosen = [str(c) for c in option.get("default") or []]
    pairs = choice_pairs(option)
    boxes = "".join('<label><input type="checkbox" name="' + escape(name) + '" value="' + escape(value) + '"'
                    + _id(name + "-" + value, claimed) + (" checked" if value in chosen else "") + "><span>"
                    + escape(text) + "</span></label>" for value, text in pairs)
    ticked = len([value for value, _ in pairs if value in chosen])
    return ('<details class="option-set-box"' + _id(name + "-box", claimed) + "><summary>"
            + set_summary(label, ticked, len(pairs)) + '</summary><fieldset class="option-set"'
            + _id(name, claimed) + '><legend class="sr-only">' + escape(label) + "</legend>" + boxes
            + "</fieldset></details>")


def title(game):
    """The set-up's heading for a game, shown by style() while its card is checked (ui/menu.py writes title_text)."""
    return '<span class="setup-for" data-for="' + escape(game["id"]) + '">' + escape(title_text(game)) + "</span>"


def style(games):
    """The CSS that shows the picked game's set-up and heading, and hides the seats past its Players count."""
    rules = []
    for game in games:
        gid = escape(game["id"])
        picked = '#menu-screen:has(.game-pick[value="' + gid + '"]:checked) '
        rules.append(picked + '.game-setup[data-for="' + gid + '"]{display:contents}')
        rules.append(picked + '.setup-for[data-for="' + gid + '"]{display:inline}')
        low, high = game["seats"]
        for count in range(low, high):
            seats = ",".join('.seat-pick[data-seat="' + str(s) + '"]' for s in range(count, high))
            rules.append('.game-setup[data-for="' + gid + '"]:has(select[name="seat-count"] option[value="'
                         + str(count) + '"]:checked) :is(' + seats + "){display:none}")
            # (a rule of its own: a browser without :has() drops a whole rule that holds one; ui/menu.py sets the
            # attribute)
            rules.append('.game-setup[data-for="' + gid + '"][data-players="' + str(count) + '"] :is(' + seats
                         + "){display:none}")
    return "\n".join(rules)


def page(hello):
    """What build.py stamps into index.html: {"cards", "setups", "titles", "style"} for the listed games; the first
    playable one is picked (checked, its block holds the ids)."""
    games = shown(normalize(hello))
    picked = first_playable(games)
    return {
        "cards": "".join(card(g, g["id"] == picked) for g in games),
        "setups": "".join(setup(g, g["id"] == picked) for g in games),
        # (a browser without :has() shows the plain heading until ui/menu.py writes the picked game's)
        "titles": '<span class="setup-any">New match</span>' + "".join(title(g) for g in games),
        "style": style(games),
    }


# ------------------------------------------------------------------------------------------ the friend set-up
def friend_seats(game, most_pages):
    """Who plays each seat of a match with friends: you, a friend, a bot of this page, or (past the fewest seats)
    nobody. The default: you and one friend, the other seats the game needs bots (Haul: you, a friend, two bots;
    Team UP!: you and a friend), further seats nobody."""
    if game is None:
        return ""
    low, high = game["seats"]
    choices = [("me", "You"), ("friend", "A friend")] + [
        ("bot:" + bot, bot[:1].upper() + bot[1:] + " bot (on your page)") for bot in game["bots"]]
    bot = "bot:" + game["bots"][0] if game["bots"] else "friend"
    parts = []
    for seat in range(min(high, most_pages)):
        default = "me" if seat == 0 else "friend" if seat == 1 else bot if seat < low else "none"
        extra = [] if seat < low else [("none", "Nobody")]
        parts.append(_select("p2p-seat-" + str(seat), seat_label(seat), extra + choices, default, True))
    return "".join(parts)


def friend_fixed(game):
    """The options a match between browsers always uses, shown fixed (a disabled control and a note)."""
    fixed = (game or {}).get("peer_options") or {}
    parts = []
    for option in (game or {}).get("options") or []:
        if option["name"] not in fixed:
            continue
        name = escape("p2p-option-" + option["name"])
        words = escape(value_words(option, fixed[option["name"]]))
        parts.append("<label>" + escape(option.get("label") or option["name"]) + '<select id="' + name
                     + '" aria-describedby="' + name + '-note" disabled><option value="' + words + '">' + words
                     + '</option></select></label><p id="' + name + '-note" class="hint">between browsers: ' + words
                     + "</p>")
    return "".join(parts)


def signature(game):
    """A game's entry as text, to tell whether its drawn markup is still the catalogue's."""
    return json.dumps(game)
