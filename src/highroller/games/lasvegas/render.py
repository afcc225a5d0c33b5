"""Las Vegas in the terminal: the casinos with their bills and dice, the roll grouped by face, the
players' money, and advice (its words are in `narrate.py`): for each legal placement, what it would
win if the round were scored now and, where the compiled playouts are installed, the `expert` bot's
estimate of the chance of winning the game after it."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from highroller.core.state import State
from highroller.games.lasvegas.advice import expert_chances, placement_gains
from highroller.games.lasvegas.narrate import NARRATION
from highroller.games.lasvegas.state import LasVegasState

PIPS = " ⚀⚁⚂⚃⚄⚅"


class LasVegasRenderer:
    """The `TextRenderer` of Las Vegas."""

    def board(self, view: dict[str, Any], names: list[str]) -> RenderableType:
        rules = view["rules"]
        variants = [v for v in ("neutral", "bandit") if rules[v]]
        stage = "game over" if view["phase"] == "over" else f"round {view['round']} of {rules['rounds']}"
        title = Text(f"Las Vegas ({', '.join([rules['edition'], *variants])}) — {stage}", style="bold")
        casinos = Table(expand=False)
        casinos.add_column("Casino")
        casinos.add_column("Bills")
        casinos.add_column("Dice")
        for casino in view["casinos"]:
            label = "bandit" if casino["bandit"] else f"{casino['casino']} {PIPS[casino['casino']]}"
            dice = " · ".join(f"{NARRATION.owner_name(o, names)} {c}" for o, c in casino["dice"].items())
            if casino["bandit"] and casino["faces"]:
                dice += (
                    f"  (faces {', '.join(map(str, casino['faces']))}; pips "
                    + ", ".join(f"{NARRATION.owner_name(o, names)} {p}" for o, p in casino["pips"].items())
                    + ")"
                )
            casinos.add_row(label, " ".join(NARRATION.w.money(b) for b in casino["bills"]), dice or "—")
        people = Table(expand=False)
        for column in ("Player", "Money", "Bills", "Dice left"):
            people.add_column(column)
        for player in view["players"]:
            left = [str(player["dice"])]
            if player["biggie"]:
                left.append("Biggie")
            if player["neutral"]:
                left.append(f"{player['neutral']} neutral")
            marker = "▶ " if view["current_player"] == player["seat"] else "  "
            people.add_row(
                marker + names[player["seat"]],
                NARRATION.w.money(player["money"]),
                str(player["bills"]),
                " + ".join(left),
            )
        parts: list[RenderableType] = [title, casinos, people]
        if view["roll"] is not None:
            parts.append(self._roll_table(view, names))
        parts.append(Text(f"Bill pile: {view['pile']['count']} bills", style="dim"))
        return Group(*parts)

    def _roll_table(self, view: dict[str, Any], names: list[str]) -> RenderableType:
        roll = view["roll"]
        table = Table(title=f"{names[view['turn']]} rolled", title_justify="left")
        for column in ("Face", "Own", "Biggie", "Neutral", "Type this"):
            table.add_column(column)
        legal = {(("bandit" in a), a.get("place", a.get("bandit"))) for a in view["legal"]}
        for face in range(1, 7):
            own = roll["own"].count(face)
            neutral = roll.get("neutral", []).count(face)
            biggie = roll.get("biggie") == face
            if own or neutral or biggie:
                keys = [str(face)] + ([f"b{face} (bandit)"] if (True, face) in legal else [])
                table.add_row(
                    f"{face} {PIPS[face]}", str(own or ""), "✓" if biggie else "", str(neutral or ""), " or ".join(keys)
                )
        return table

    def advice(self, state: State, seat: int) -> RenderableType | None:
        assert isinstance(state, LasVegasState)
        if state.current_player != seat or state.roll is None:
            return None
        chances = expert_chances(state)
        table = Table(title="If the round were scored right after this placement")
        table.add_column("Choice")
        table.add_column("Your gain at that casino")
        if chances is not None:
            table.add_column("Win chance (expert)")
        for action, gain in placement_gains(state).items():
            cells = [str(action), NARRATION.w.money(gain)]
            if chances is not None:
                cells.append(NARRATION.w.percent(chances[action]))
            table.add_row(*cells)
        return table


RENDERER = LasVegasRenderer()
