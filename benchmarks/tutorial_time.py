"""How long each tutorial chapter takes a newcomer, per language: the chapter played through the browser's
lesson answers (`highroller.web.learn.lessons`), the script's move at every turn, and its time worked
out as a newcomer spends it:

- reading every explanation and every line telling a step, at the language's average silent reading
  speed of screen text (English 228, French 195, German 179 words a minute: Trauzettel-Klosinski et al.,
  "Standardized assessment of reading performance", IOVS 2012);
- thinking over each of their moves (`--move` seconds, 8 by default), and pressing "Next" (1 s);
- the page's pause after each step taken (0.7 s).

Also prints the words and the counts behind each figure, and the whole of each game's tutorial.

    python benchmarks/tutorial_time.py [--move 8] [--lang en,fr,de]
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from highroller.web.learn.lessons import LessonJob, lesson_answer, tutorial_games, tutorial_of

WORDS_A_MINUTE = {"en": 228, "fr": 195, "de": 179}
NEXT_SECONDS = 1.0
STEP_PAUSE = 0.7


@dataclass
class Chapter:
    """What a newcomer meets in a chapter."""

    said: int = 0
    told: int = 0
    moves: int = 0
    nexts: int = 0
    steps: int = 0

    def seconds(self, lang: str, move: float) -> float:
        reading = (self.said + self.told) / WORDS_A_MINUTE[lang] * 60
        return reading + self.moves * move + self.nexts * NEXT_SECONDS + self.steps * STEP_PAUSE


def words(text: str | None) -> int:
    return len(text.split()) if text else 0


def walk(game: str, chapter: str, lang: str) -> Chapter:
    """The chapter played as scripted through the lesson answers."""
    met = Chapter()
    moves: list[object] = []
    action: object = None
    while True:
        answer = lesson_answer(LessonJob(game, chapter, moves, action, lang))
        for frame in answer["frames"]:
            if frame.get("say"):
                met.said += words(frame["say"])
                met.nexts += 1
            else:
                met.told += words(frame["line"]) + sum(words(event) for event in frame["events"])
                met.steps += 1
        if answer["end"] is not None:
            met.said += words(answer["end"]["say"])
            return met
        met.moves += 1
        moves, action = answer["moves"], answer["turn"]["suggestion"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--move", type=float, default=8.0, help="seconds a newcomer thinks over a move")
    parser.add_argument("--lang", default="en,fr,de", help="languages, comma-separated")
    options = parser.parse_args()
    print(
        f"{'game':<11}{'chapter':<9}{'lang':<5}{'said':>6}{'told':>6}{'moves':>6}{'nexts':>6}{'steps':>6}{'minutes':>9}"
    )
    for game in tutorial_games():
        tutorial = tutorial_of(game)
        assert tutorial is not None
        for lang in options.lang.split(","):
            whole = 0.0
            for chapter in tutorial.chapters:
                met = walk(game, chapter.id, lang)
                seconds = met.seconds(lang, options.move)
                whole += seconds
                print(
                    f"{game:<11}{chapter.id:<9}{lang:<5}{met.said:>6}{met.told:>6}{met.moves:>6}{met.nexts:>6}"
                    f"{met.steps:>6}{seconds / 60:>9.1f}"
                )
            if len(tutorial.chapters) > 1:
                print(f"{game:<11}{'(all)':<9}{lang:<5}{'':>30}{whole / 60:>9.1f}")


if __name__ == "__main__":
    main()
