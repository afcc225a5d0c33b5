"""Last Chance in words: draws, bids, bets, rolls and joker locks, and every settlement (who pays whom,
and for what), for the terminal, the web's log and replays."""

from __future__ import annotations

from typing import Any

from highroller.core.dice import faces_from_counts
from highroller.core.narration import Line
from highroller.core.state import CHANCE, State, Step
from highroller.games.lastchance.position import place
from highroller.games.lastchance.state import LastChanceState
from highroller.games.lastchance.steps import Bet, Bid, Draw, LastChance, Lock, Pass, Roll, dollars, plural


def joined(items: list[str]) -> str:
    if not items:
        return ""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def dice_words(faces: list[int]) -> str:
    return " ".join(map(str, faces)) if faces else "nothing"


def party(who: int | str, names: list[str]) -> str:
    return {"bank": "the bank", "bin": "the bidding bin"}.get(who, "") if isinstance(who, str) else names[who]


def open_slots(position: Any) -> tuple[int, ...]:
    """Open slots per face, with the open jokers counted on the locked face."""
    need = list(position.need)
    if position.locked:
        need[position.locked - 1] += position.jokers
    return tuple(need)


class LastChanceNarration:
    """The `Narration` of Last Chance."""

    def describe_step(self, state: State, player: int, step: Step, names: list[str]) -> str | None:
        assert isinstance(state, LastChanceState)
        if player == CHANCE:
            if isinstance(step, Draw):
                return None  # the "card" event says it
            assert isinstance(step, Roll) and state.position is not None
            after, _ = place(state.position, step.counts)
            placed = faces_from_counts(tuple(b - a for b, a in zip(open_slots(state.position), open_slots(after))))
            goes = f"; {dice_words(sorted(placed, reverse=True))} go{'es' if len(placed) == 1 else ''} on the card" if placed else ""
            return f"{names[state.rolling]} rolled {dice_words(step.faces())}{goes}."
        name = names[player]
        if isinstance(step, Bid):
            return f"{name} bids {dollars(step.amount)}."
        if isinstance(step, Pass):
            return f"{name} passes."
        if isinstance(step, LastChance):
            return f"{name} calls “Last Chance!” and stakes all {dollars(state.money[player])}."
        if isinstance(step, Bet):
            return f"{name} bets {step.side}, {dollars(step.wager)}." if step.side else f"{name} does not bet."
        if isinstance(step, Lock):
            count = min(state.left[step.face - 1], state.position.jokers if state.position else 0)
            return f"{name} locks the jokers to {step.face}s ({plural(count, 'die')} on the jokers)."
        return f"{name} leaves the jokers open."

    def describe_event(self, event: dict[str, Any], names: list[str]) -> str | None:
        kind = event["type"]
        if kind == "card":
            return Line(f"\n— Card {event['number']}: {names[event['opener']]} draws card {event['card']} and opens the bidding —", "strong")
        if kind == "auction":
            who = names[event["roller"]]
            if event["last_chance"]:
                return f"{who} rolls on Last Chance! with {dollars(event['bid'])} in the bidding bin."
            if event["bid"] == 0:
                return f"Nobody bid: {who} rolls for free."
            return f"{who} wins the auction and puts {dollars(event['bid'])} in the bidding bin."
        if kind == "settle":
            return self._settlement(event, names)
        if kind == "card won":
            return Line(f"{names[event['seat']]} wins card {event['card']}!", "good")
        if kind == "continue":
            return (f"Card {event['card']} stays in play with {dice_words(event['matched'])} on it; "
                    f"{names[event['opener']]} opens the next auction.")
        if kind == "eliminated":
            cards = f" (card{'s' if len(event['cards']) > 1 else ''} {', '.join(map(str, event['cards']))} leave too)" if event["cards"] else ""
            return Line(f"{names[event['seat']]} is out of money and leaves the game{cards}.", "warning")
        if kind == "end":
            return self._standings(event, names)
        return None

    @staticmethod
    def _settlement(event: dict[str, Any], names: list[str]) -> str:
        roller = names[event["roller"]]
        head = f"{roller} completes card {event['card']}." if event["success"] else f"{roller} misses card {event['card']}."
        moves = []
        for move in event["transfers"]:
            source, target, amount = party(move["from"], names), party(move["to"], names), dollars(move["amount"])
            if move["for"] == "bid back":
                moves.append(f"{target} takes back the {amount} bid")
            elif move["for"] == "bid lost":
                moves.append(f"the {amount} bid goes to the bank")
            else:
                moves.append(f"{source} pays {target} {amount} ({move['for']})")
        body = "; ".join(moves)
        return head + (f" {body[0].upper()}{body[1:]}." if body else "")

    @staticmethod
    def _standings(event: dict[str, Any], names: list[str]) -> str:
        seats = sorted(range(len(names)), key=lambda s: -event["money"][s])
        lines = [f"{names[s]}: {dollars(event['money'][s])}, cards {', '.join(map(str, event['cards'][s])) or 'none'}" for s in seats]
        winners = event["winners"]
        if winners:
            verdict = f"{joined([names[s] for s in winners])} {'win (shared)' if len(winners) > 1 else 'wins'}!"
        else:
            verdict = "Nobody holds a card: nobody wins."
        return Line(f"\nGame over ({event['reason']}).\n  " + "\n  ".join(lines) + f"\n{verdict}", "strong")


NARRATION = LastChanceNarration()
