# Play a friend: loaded on first use (see app.py load_p2p).
