"""Las Vegas in the terminal: the casinos with their bills and dice, the roll grouped by face, the
players' money, and round results in words (which ties cancelled, who took which bill)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from highroller.core.state import CHANCE, State, Step
from highroller.games.lasvegas.bots import placement_gain
from highroller.games.lasvegas.scoring import cancelled
from highroller.games.lasvegas.state import LEFTOVER, STOCK, LasVegasState
from highroller.games.lasvegas.steps import Place, Roll, Stock

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
PIPS = " ⚀⚁⚂⚃⚄⚅"


def money(amount: int) -> str:
    return f"${amount:,}"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def owner_name(owner: str, names: list[str]) -> str:
    return "neutral" if owner == "neutral" else names[int(owner)]


def _joined(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class LasVegasRenderer:
    """The `TextRenderer` of Las Vegas."""

    def board(self, view: dict[str, Any], names: list[str]) -> RenderableType:
        rules = view["rules"]
        variants = [v for v in ("neutral", "bandit") if rules[v]]
        title = Text(
            f"Las Vegas ({', '.join([rules['edition'], *variants])}) — round {view['round']} of {rules['rounds']}", style="bold"
        )
        casinos = Table(expand=False)
        casinos.add_column("Casino")
        casinos.add_column("Bills")
        casinos.add_column("Dice")
        for casino in view["casinos"]:
            label = "bandit" if casino["bandit"] else f"{casino['casino']} {PIPS[casino['casino']]}"
            dice = " · ".join(f"{owner_name(o, names)} {c}" for o, c in casino["dice"].items())
            if casino["bandit"] and casino["faces"]:
                dice += f"  (faces {', '.join(map(str, casino['faces']))}; pips " + ", ".join(
                    f"{owner_name(o, names)} {p}" for o, p in casino["pips"].items()
                ) + ")"
            casinos.add_row(label, " ".join(money(b) for b in casino["bills"]), dice or "—")
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
            people.add_row(marker + names[player["seat"]], money(player["money"]), str(player["bills"]), " + ".join(left))
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
                table.add_row(f"{face} {PIPS[face]}", str(own or ""), "✓" if biggie else "", str(neutral or ""), " or ".join(keys))
        return table

    def describe_step(self, state: State, player: int, step: Step, names: list[str]) -> str | None:
        assert isinstance(state, LasVegasState)
        if player != CHANCE:
            assert isinstance(step, Place) and state.roll is not None
            return f"{names[player]} placed {self._dice_words(state.roll, step.face)} on {'the bandit' if step.bandit else f'casino {step.face}'}."
        if isinstance(step, Stock):
            return f"Casino {state.stocking + 1 if state.stocking < 6 else 'bandit'}: {step}" if state.phase == STOCK else None
        assert isinstance(step, Roll)
        if state.phase == LEFTOVER:
            return f"The leftover neutral dice show {step}; they go on their casinos."
        return f"{names[state.turn]} rolled {step}."

    @staticmethod
    def _dice_words(roll: Roll, face: int) -> str:
        own = roll.own[face - 1] + (1 if roll.biggie == face else 0)
        neutral = roll.neutral[face - 1]
        parts = []
        if own:
            parts.append(f"{NUMBER_WORDS[own]} {face}{'s' if own > 1 else ''}" + (" (with the Biggie)" if roll.biggie == face else ""))
        if neutral:
            parts.append(f"{NUMBER_WORDS[neutral]} neutral {face}{'s' if neutral > 1 else ''}")
        return " and ".join(parts)

    def describe_event(self, event: dict[str, Any], names: list[str]) -> RenderableType | None:
        kind = event["type"]
        if kind == "round":
            return Text(f"\n— Round {event['round']}: {names[event['first']]} starts —", style="bold")
        if kind == "payout":
            return self._payout_words(event, names)
        if kind == "end":
            ranking = sorted(range(len(names)), key=lambda s: (-event["money"][s], -event["bills"][s]))
            lines = [f"{names[s]}: {money(event['money'][s])} ({plural(event['bills'][s], 'bill')})" for s in ranking]
            winners = _joined([names[s] for s in event["winners"]])
            verb = "win (shared)" if len(event["winners"]) > 1 else "wins"
            return Text("\nFinal standings:\n  " + "\n  ".join(lines) + f"\n{winners} {verb}!", style="bold")
        return None

    @staticmethod
    def _payout_words(event: dict[str, Any], names: list[str]) -> str:
        place = "The bandit" if event["casino"] == 7 else f"Casino {event['casino']}"
        dice = event["dice"]
        if not dice:
            return f"{place}: no dice; {', '.join(money(b) for b in event['bills']) or 'no bills'} untaken."
        owners = list(dice)
        parts = [f"{place} ({', '.join(money(b) for b in event['bills'])}):"]
        parts.append(", ".join(f"{owner_name(o, names)} {c}" for o, c in dice.items()) + ".")
        if "pips" not in event:
            out = [owners[i] for i in cancelled(list(dice.values()))]
            if out:
                parts.append(f"{_joined([owner_name(o, names) for o in out])} tie and lose their dice.")
        paid = [f"{owner_name(o, names)} takes {money(b)}" for o, b in event["paid"].items()]
        if paid:
            parts.append("; ".join(paid) + ".")
        left = len(event["bills"]) - len(event["paid"])
        if left > 0:
            parts.append(f"{plural(left, 'bill')} untaken.")
        return " ".join(parts)

    def advice(self, state: State, seat: int) -> RenderableType | None:
        assert isinstance(state, LasVegasState)
        if state.current_player != seat or state.roll is None:
            return None
        table = Table(title="If the round were scored right after this placement")
        table.add_column("Choice")
        table.add_column("Your gain at that casino")
        for action in state.legal_actions():
            table.add_row(str(action), money(placement_gain(state, action)))
        return table


RENDERER = LasVegasRenderer()
