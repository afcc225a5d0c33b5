"""Write every golden playthrough again: `python tests/playthroughs/regenerate.py` (from the checkout).

Run it only when a change of behaviour is meant; the diff of the files then shows what changed, and
belongs in the same commit as the change."""

from __future__ import annotations

from pathlib import Path

from playthrough import PLAYTHROUGHS, write

HERE = Path(__file__).resolve().parent


def main() -> None:
    for playthrough in PLAYTHROUGHS:
        (HERE / playthrough.file_name).write_text(write(playthrough), encoding="utf-8")
        print(f"wrote {playthrough.file_name}")


if __name__ == "__main__":
    main()
