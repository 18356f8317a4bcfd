"""Dump what every seat (and a spectator) observed along each golden playthrough.

A rework that must not change what players see compares two dumps: the one made
with the code before and the one after (``diff`` them). Each line is one action
index, one viewer and ``observe(game, state, viewer)`` as canonical JSON.

    PYTHONPATH=<tree>/src python tools/observations.py OUT_DIR [GAME_ID ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

from dogfight.core import canonical_json, get_game, observe
from dogfight.core.match import Match

sys.path.insert(0, str(Path(__file__).resolve().parent))
import golden


def main() -> None:
    out = Path(sys.argv[1])
    only = set(sys.argv[2:])
    out.mkdir(parents=True, exist_ok=True)
    for game_id, name in golden.golden_files():
        if only and game_id not in only:
            continue
        save = golden.load_save(golden.paths(game_id, name)[0])
        game = get_game(game_id)
        match = Match.new(game, save.options, save.seed)
        viewers: list[str | None] = [*game.seats(match.state), None]
        lines = []
        for index in range(len(save.actions) + 1):
            for viewer in viewers:
                seen = observe(game, match.state, viewer)
                lines.append(f"{index} {viewer} {canonical_json(seen)}")
            if index < len(save.actions):
                action = save.actions[index]
                match.submit(action.seat, action.decision)
        (out / f"{game_id}-{name}.txt").write_text("\n".join(lines) + "\n")
        print(f"{game_id}/{name}: {len(lines)} observations")


if __name__ == "__main__":
    main()
