"""Las Vegas in words: stocking, rolls and placements, and each round's results (which ties cancelled,
who took which bill), for the terminal, the web's log and replays."""

from __future__ import annotations

from typing import Any

from highroller.core.narration import Line
from highroller.core.state import CHANCE, State, Step
from highroller.games.lasvegas.scoring import cancelled
from highroller.games.lasvegas.state import LEFTOVER, STOCK, LasVegasState
from highroller.games.lasvegas.steps import Place, Roll, Stock

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def money(amount: int) -> str:
    return f"${amount:,}"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def owner_name(owner: str, names: list[str]) -> str:
    return "neutral" if owner == "neutral" else names[int(owner)]


def joined(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class LasVegasNarration:
    """The `Narration` of Las Vegas."""

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

    def describe_event(self, event: dict[str, Any], names: list[str]) -> str | None:
        kind = event["type"]
        if kind == "round":
            return Line(f"\n— Round {event['round']}: {names[event['first']]} starts —", "strong")
        if kind == "payout":
            return self._payout_words(event, names)
        if kind == "end":
            ranking = sorted(range(len(names)), key=lambda s: (-event["money"][s], -event["bills"][s]))
            lines = [f"{names[s]}: {money(event['money'][s])} ({plural(event['bills'][s], 'bill')})" for s in ranking]
            winners = joined([names[s] for s in event["winners"]])
            verb = "win (shared)" if len(event["winners"]) > 1 else "wins"
            return Line("\nFinal standings:\n  " + "\n  ".join(lines) + f"\n{winners} {verb}!", "strong")
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
                parts.append(f"{joined([owner_name(o, names) for o in out])} tie and lose their dice.")
        paid = [f"{owner_name(o, names)} takes {money(b)}" for o, b in event["paid"].items()]
        if paid:
            parts.append("; ".join(paid) + ".")
        left = len(event["bills"]) - len(event["paid"])
        if left > 0:
            parts.append(f"{plural(left, 'bill')} untaken.")
        return " ".join(parts)


NARRATION = LasVegasNarration()
