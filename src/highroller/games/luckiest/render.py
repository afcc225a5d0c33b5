"""Luckiest Dice in the terminal: the 14 cards (used ones marked) with the dice placed on each this
turn, points at risk, dice left, the scores by round, and the solver's advice (its words are in
`narrate.py`)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from highroller.core.state import CHANCE, State
from highroller.games.luckiest.cards import CARD_BY_ID
from highroller.games.luckiest.faces import Face, FaceTable, resolve_faces
from highroller.games.luckiest.policy import Advice, score_advice, win_advice
from highroller.games.luckiest.state import LuckiestState

STYLES = {"blue": "bold blue", "red": "bold red", "orange": "bold dark_orange"}
SYMBOLS = {"circle": "●", "square": "■", "cross": "✚"}


def die_text(face: Face) -> Text:
    """A face as its number and shape, in its colour."""
    return Text(f"{face.number}{SYMBOLS[face.shape]}", style=STYLES[face.colour])


def dice_text(faces: FaceTable, numbers: list[int]) -> Text:
    return Text(" ").join(die_text(faces.faces[n - 1]) for n in numbers) if numbers else Text("—", style="dim")


class LuckiestRenderer:
    """The `TextRenderer` of Luckiest Dice."""

    def board(self, view: dict[str, Any], names: list[str]) -> RenderableType:
        rules = view["rules"]
        faces = resolve_faces(rules["faces"])
        title = f"Luckiest Dice — round {view['round']} of {rules['rounds']} — turn: {names[view['turn']]}"
        cards = Table(title=title, title_justify="left")
        for column in ("Card", "Pts/die", "Matches", "Dice on it", ""):
            cards.add_column(column)
        for card in view["cards"]:
            info = CARD_BY_ID[card["card"]]
            matching = [f.number for f in faces.faces if info.matches(f)]
            status = "▶ bet" if view["bet"] == card["card"] else ("used" if card["used"] else "")
            style = "dim" if card["used"] and not card["dice"] else None
            cards.add_row(
                info.label,
                str(info.points),
                dice_text(faces, matching),
                dice_text(faces, card["dice"]),
                status,
                style=style,
            )
        turn = Text(f"Points at risk: {view['points']}   Dice left: {view['dice_left']}   Rolls: {view['rolls']}")
        if view["last_roll"]:
            turn.append("   Last roll: ").append_text(dice_text(faces, view["last_roll"]))
        return Group(cards, turn, self._scores(view, names))

    @staticmethod
    def _scores(view: dict[str, Any], names: list[str]) -> Table:
        rounds = view["rules"]["rounds"]
        table = Table(title="Scores", title_justify="left")
        table.add_column("Player")
        for number in range(1, rounds + 1):
            table.add_column(f"R{number}", justify="right")
        table.add_column("Total", justify="right", style="bold")
        for seat, scores in enumerate(view["scores"]):
            marker = "▶ " if view["current_player"] in (seat, CHANCE) and view["turn"] == seat else "  "
            cells = [str(s) for s in scores] + [""] * (rounds - len(scores))
            table.add_row(marker + names[seat], *cells, str(view["totals"][seat]))
        return table

    def advice(self, state: State, seat: int) -> RenderableType | None:
        assert isinstance(state, LuckiestState)
        if state.current_player != seat:
            return None
        view = state.view(seat)
        advices = [score_advice(view)] + ([win_advice(view)] if state.rules.players == 2 else [])
        return advice_table(advices)


def advice_table(advices: list[Advice]) -> Table:
    """Each legal action with its value under each objective; the best ones marked."""
    headers = {"score": "Expected points this turn", "win": "Win probability (tie = ½)"}
    table = Table(title="The solver's advice", title_justify="left")
    table.add_column("Action")
    for advice in advices:
        table.add_column(headers[advice.objective], justify="right")
    first = advices[0]
    columns = [dict(advice.values) for advice in advices]
    for action, _ in first.values:
        cells = []
        for advice, values in zip(advices, columns):
            mark = " ◀ best" if action == advice.best else ""
            cells.append(f"{values[action]:.4f}{mark}" if advice.objective == "win" else f"{values[action]:.3f}{mark}")
        table.add_row(str(action), *cells)
    return table


RENDERER = LuckiestRenderer()
