"""`highroller learn GAME`: a game's tutorial in the terminal, the same script the browser plays
(`highroller.core.tutorial`).

Each chapter shows the explanations (with what they point at on the board, in words), narrates the
chance steps and the other seats' moves, draws the board and asks the learner's move the way `play`
does (typed in the game's words; `?` shows the script's move, `q` leaves). Another legal move is
accepted and answered ("that works too, but…"); an illegal one is refused with what to type. A
chapter ends with its closing line and the command playing a real game against the bots it names.
Without `--chapter` the chapters follow one another. The words are the game's, in `--lang`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import click
from rich.console import Console

from highroller.cli.options import option_flag
from highroller.cli.rendering import TextRenderer, renderer_of, styled
from highroller.core.errors import DataFileError, IllegalAction
from highroller.core.narration import Narration, step_label
from highroller.core.presets import load_presets
from highroller.core.spec import GameSpec
from highroller.core.state import Step
from highroller.core.tutorial import Automatic, Explanation, Finished, Lesson, Turn
from highroller.core.tutorial_file import Chapter, Tutorial, load_tutorial
from highroller.core.typed_input import TypedInput, explained, typed_input_of
from highroller.core.words import LANGUAGES, Words
from highroller.registry import available_games, game_spec, narration_of, words_of

QUIT_WORDS = {"q", "quit", "exit"}


class Leave(Exception):
    """The learner asked to leave."""


@click.command("learn")
@click.argument("game")
@click.option("--chapter", default=None, help="Play only this chapter (default: every chapter, in order).")
@click.option("--lang", type=click.Choice(LANGUAGES), default="en", show_default=True, help="The tutorial's language.")
def learn_command(game: str, chapter: str | None, lang: str) -> None:
    """Learn to play GAME: a guided first game, you making the moves."""
    spec, tutorial = _tutorial(game)
    chapters = tutorial.chapters
    if chapter is not None:
        try:
            chapters = (tutorial.chapter(chapter),)
        except KeyError as error:
            raise click.BadParameter(str(error.args[0]), param_hint="--chapter") from error
    teacher = _Teacher(spec, tutorial, lang)
    try:
        for number, shown in enumerate(chapters):
            if number:
                teacher.ask(f"\n[bold]{teacher.words(shown.title)}[/bold] [Enter / q]")
            teacher.run(shown)
    except Leave:
        return
    except EOFError:
        raise click.exceptions.Exit(1) from None


def _tutorial(game: str) -> tuple[GameSpec, Tutorial]:
    """The game's spec and tutorial; a usage error naming the games with one if it has none."""
    try:
        spec = game_spec(game)
    except KeyError as error:
        raise click.BadParameter(f"no game {game!r}; games: {', '.join(available_games())}") from error
    try:
        tutorial = load_tutorial(spec)
    except DataFileError as error:
        raise click.ClickException(str(error)) from error
    if tutorial is None:
        with_one = [name for name in available_games() if game_spec(name).tutorial]
        raise click.ClickException(
            f"{spec.title} has no tutorial yet; games with one: {', '.join(with_one) or 'none'}"
            + (f" (highroller learn {with_one[0]})" if with_one else "")
        )
    return spec, tutorial


def real_game_command(spec: GameSpec, chapter: Chapter) -> str:
    """The command playing the real game a chapter's closing offers, against bots of its level."""
    flags: list[str] = []
    players = chapter.game.num_players
    for preset in load_presets(spec):
        if preset.id == chapter.until.preset:
            players = players if players in preset.players else preset.players[0]
            flags += [_flag(spec, name, value) for name, value in preset.options.items()]
    return " ".join(["highroller play", spec.name, *flags, f"--players {players}", f"--bot {chapter.until.level}"])


def _flag(spec: GameSpec, name: str, value: Any) -> str:
    option = next(option for option in spec.options if option.name == name)
    flag = option_flag(option)
    if isinstance(value, bool):
        return flag if value else "--no-" + flag[2:]
    return f"{flag} {value}"


class _Teacher:
    """The tutorial at one terminal, in one language."""

    def __init__(self, spec: GameSpec, tutorial: Tutorial, lang: str) -> None:
        self.spec = spec
        self.tutorial = tutorial
        self.console = Console(highlight=False)
        self.words: Words = words_of(spec.name, lang)
        self.narration: Narration = narration_of(spec.name, lang)
        self.renderer: TextRenderer = renderer_of(spec)
        self.typed: TypedInput[Any] = typed_input_of(spec)

    def ask(self, prompt: str) -> str:
        text = self.console.input(prompt + "\n> ").strip()
        if text.lower() in QUIT_WORDS:
            raise Leave
        return text

    def run(self, chapter: Chapter) -> None:
        lesson = Lesson(self.tutorial, chapter.id, self.words)
        self.console.print(f"[bold]{self.words(chapter.title)}[/bold]")
        while not isinstance(moment := lesson.next(), Finished):
            if isinstance(moment, Explanation):
                self._explain(moment, lesson.names)
                lesson.proceed()
            elif isinstance(moment, Automatic):
                self._narrated(lesson, moment.player, moment.step, lesson.proceed)
            else:
                self._turn(lesson, moment)
        self.console.print(self.renderer.board(lesson.state.view(chapter.seat), lesson.names))
        self.console.print(f"\n[bold]{moment.text}[/bold]")
        self.console.print(f"  {real_game_command(self.spec, chapter)}")

    def _explain(self, moment: Explanation, names: list[str]) -> None:
        style = "yellow" if moment.otherwise else "cyan"
        self.console.print(f"[{style}]» {moment.text}[/{style}]")
        if moment.points:
            targets = [self.tutorial.terms.point_words(point, self.words, names) for point in moment.points]
            self.console.print(f"  → {', '.join(targets)}", style="dim")

    def _narrated(self, lesson: Lesson, player: int, step: Step, take: Callable[[], None]) -> None:
        """Take a step (`take()`), saying it and the events it brings in the game's words."""
        state = lesson.state
        line = self.narration.describe_step(state, player, step, lesson.names)
        seen = len(state.events)
        take()
        if line:
            self.console.print(styled(line))
        for event in lesson.state.events[seen:]:
            shown = self.narration.describe_event(event, lesson.names)
            if shown is not None:
                self.console.print(styled(shown))

    def _turn(self, lesson: Lesson, moment: Turn) -> None:
        state = lesson.state
        self.console.print(self.renderer.board(state.view(moment.seat), lesson.names))
        while True:
            text = self.ask(f"[bold]{lesson.names[moment.seat]}[/bold] — {self.typed.help(state, self.words)}")
            if text in ("?", "help"):
                suggestion = moment.suggestion
                hint = step_label(self.narration, suggestion) if suggestion is not None else "…"
                self.console.print(f"  → {hint}")
                continue
            try:
                step = self.typed.parse(state, text)
                state.clone().apply(step)
            except IllegalAction as error:
                self.console.print(f"[red]{explained(error, state, self.typed, self.words)}[/red]")
                continue
            self._narrated(lesson, moment.seat, step, partial(lesson.play, step))
            return
