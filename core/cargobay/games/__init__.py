"""One package per game; no game imports another."""
