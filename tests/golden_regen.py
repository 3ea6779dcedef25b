"""Re-record the golden replays (see tests/golden.py). Run on purpose only: ``python -m tests.golden_regen``."""

from __future__ import annotations

import argparse
import json
import sys

from tests.golden import GAMES_DIR, RECIPES, dump, golden, golden_files, record


def regenerate(check: bool = False) -> list[str]:
    """Rewrite every golden file (bot matches re-recorded, hand-written logs kept); the names that changed."""
    changed = []
    recipes = {(game_id, name): (seats, seed, options) for game_id, name, seats, seed, options in RECIPES}
    outputs: dict[str, str] = {}
    for (game_id, name), (seats, seed, options) in recipes.items():
        recipe = {"seats": seats, "seed": seed, "options": options}
        note = f"{' vs '.join(seats)}, seed {seed}: recorded by tests/golden_regen.py"
        outputs[f"{game_id}/golden/{name}.json"] = dump(golden(record(game_id, seats, seed, options), recipe, note))
    for path in golden_files():
        key = path.relative_to(GAMES_DIR).as_posix()
        if key not in outputs:
            data = json.loads(path.read_text())
            if data.get("recipe") is not None:
                continue  # a recipe no longer listed: left alone, reported
            outputs[key] = dump(golden(data["log"], None, data.get("note", "hand-written")))
    for key, text in sorted(outputs.items()):
        path = GAMES_DIR / key
        if not path.exists() or path.read_text() != text:
            changed.append(key)
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
    return changed


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden_regen", description=__doc__)
    parser.add_argument("--check", action="store_true", help="only list the files that would change")
    args = parser.parse_args()
    changed = regenerate(check=args.check)
    for key in changed:
        print(("would change " if args.check else "wrote ") + key)
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
