"""Write every golden playthrough again: `python tests/playthroughs/regenerate.py` (from the checkout),
or only those of some games: `python tests/playthroughs/regenerate.py lasvegas`.

Each is written where its game keeps it (the spec's `playthroughs` folder), which must be a folder
on disk (a game installed as a package: an editable install). Run it only when a change of behaviour
is meant; the diff of the files then shows what changed, and belongs in the same commit as the change."""

from __future__ import annotations

import sys
from pathlib import Path

from playthrough import PLAYTHROUGHS, write


def main(games: list[str]) -> None:
    for playthrough in PLAYTHROUGHS:
        if games and playthrough.game not in games:
            continue
        Path(str(playthrough.golden)).write_text(write(playthrough), encoding="utf-8")
        print(f"wrote {playthrough.golden}")


if __name__ == "__main__":
    main(sys.argv[1:])
