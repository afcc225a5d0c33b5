"""Last Chance in words: draws, bids, bets, rolls and joker locks, and every settlement (who pays whom,
and for what), for the terminal, the web's log and replays, in each language of
`highroller.core.words` (the translations are in this folder's locale/*.po)."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

from highroller.core.dice import faces_from_counts
from highroller.core.narration import Line
from highroller.core.state import CHANCE, State, Step
from highroller.core.words import Words
from highroller.games.lastchance.position import place
from highroller.games.lastchance.state import LastChanceState
from highroller.games.lastchance.steps import Bet, Bid, Draw, LastChance, Lock, Pass, Roll, Wait

LOCALE = files("highroller.games.lastchance").joinpath("locale")


def open_slots(position: Any) -> tuple[int, ...]:
    """Open slots per face, with the open jokers counted on the locked face."""
    need = list(position.need)
    if position.locked:
        need[position.locked - 1] += position.jokers
    return tuple(need)


class LastChanceNarration:
    """The `Narration` of Last Chance in one language."""

    def __init__(self, words: Words) -> None:
        self.w = words

    def dice(self, faces: list[int]) -> str:
        return " ".join(map(str, faces)) if faces else self.w("nothing")

    def party(self, who: int | str, names: list[str]) -> str:
        if isinstance(who, str):
            return {"bank": self.w("the bank"), "bin": self.w("the bidding bin")}.get(who, "")
        return names[who]

    def label(self, step: Step) -> str:
        """A choice as a button names it."""
        w = self.w
        if isinstance(step, Bid):
            return w("bid {money}", money=w.money(step.amount))
        if isinstance(step, Pass):
            return w("pass")
        if isinstance(step, LastChance):
            return w("Last Chance! (once a game)")
        if isinstance(step, Bet):
            if not step.side:
                return w("no bet")
            return (
                w("bet yes {money}", money=w.money(step.wager))
                if step.side == "yes"
                else w("bet no {money}", money=w.money(step.wager))
            )
        if isinstance(step, Lock):
            return w("lock {face}s on the jokers", face=step.face)
        assert isinstance(step, Wait)
        return w("not yet (leave the jokers open)")

    def confirm(self, state: State, step: Step) -> str | None:
        """The question before calling "Last Chance!", which each player may do once a game; None for any other move."""
        if isinstance(step, LastChance):
            return self.w("Call “Last Chance!” now? Each player may call it once a game, and it cannot be taken back.")
        return None

    def describe_step(self, state: State, player: int, step: Step, names: list[str]) -> str | None:
        assert isinstance(state, LastChanceState)
        w = self.w
        if player == CHANCE:
            if isinstance(step, Draw):
                return None  # the "card" event says it
            assert isinstance(step, Roll) and state.position is not None
            after, _ = place(state.position, step.counts)
            placed = faces_from_counts(tuple(b - a for b, a in zip(open_slots(state.position), open_slots(after))))
            rolled = self.dice(step.faces())
            if not placed:
                return w("{name} rolled {dice}.", name=names[state.rolling], dice=rolled)
            goes = self.dice(sorted(placed, reverse=True))
            if len(placed) == 1:
                return w(
                    "{name} rolled {dice}; {placed} goes on the card.",
                    name=names[state.rolling],
                    dice=rolled,
                    placed=goes,
                )
            return w(
                "{name} rolled {dice}; {placed} go on the card.", name=names[state.rolling], dice=rolled, placed=goes
            )
        name = names[player]
        if isinstance(step, Bid):
            return w("{name} bids {money}.", name=name, money=w.money(step.amount))
        if isinstance(step, Pass):
            return w("{name} passes.", name=name)
        if isinstance(step, LastChance):
            return w(
                "{name} calls “Last Chance!” and stakes all {money}.", name=name, money=w.money(state.money[player])
            )
        if isinstance(step, Bet):
            if not step.side:
                return w("{name} does not bet.", name=name)
            if step.side == "yes":
                return w("{name} bets yes, {money}.", name=name, money=w.money(step.wager))
            return w("{name} bets no, {money}.", name=name, money=w.money(step.wager))
        if isinstance(step, Lock):
            count = min(state.left[step.face - 1], state.position.jokers if state.position else 0)
            dice = w.plural(count, "{n} die", "{n} dice")
            return w("{name} locks the jokers to {face}s ({dice} on the jokers).", name=name, face=step.face, dice=dice)
        return w("{name} leaves the jokers open.", name=name)

    def describe_event(self, event: dict[str, Any], names: list[str]) -> str | None:
        w = self.w
        kind = event["type"]
        if kind == "card":
            words = w(
                "— Card {number}: {name} draws card {card} and opens the bidding —",
                number=event["number"],
                name=names[event["opener"]],
                card=event["card"],
            )
            return Line("\n" + words, "strong")
        if kind == "auction":
            who = names[event["roller"]]
            if event["last_chance"]:
                return w(
                    "{name} rolls on Last Chance! with {money} in the bidding bin.",
                    name=who,
                    money=w.money(event["bid"]),
                )
            if event["bid"] == 0:
                return w("Nobody bid: {name} rolls for free.", name=who)
            return w(
                "{name} wins the auction and puts {money} in the bidding bin.", name=who, money=w.money(event["bid"])
            )
        if kind == "settle":
            return self._settlement(event, names)
        if kind == "card won":
            return Line(w("{name} wins card {card}!", name=names[event["seat"]], card=event["card"]), "good")
        if kind == "continue":
            return w(
                "Card {card} stays in play with {dice} on it; {name} opens the next auction.",
                card=event["card"],
                dice=self.dice(event["matched"]),
                name=names[event["opener"]],
            )
        if kind == "eliminated":
            name = names[event["seat"]]
            cards = event["cards"]
            if not cards:
                return Line(w("{name} is out of money and leaves the game.", name=name), "warning")
            listed = ", ".join(map(str, cards))
            if len(cards) == 1:
                return Line(
                    w("{name} is out of money and leaves the game (card {cards} leave too).", name=name, cards=listed),
                    "warning",
                )
            return Line(
                w("{name} is out of money and leaves the game (cards {cards} leave too).", name=name, cards=listed),
                "warning",
            )
        if kind == "end":
            return self._standings(event, names)
        return None

    def _settlement(self, event: dict[str, Any], names: list[str]) -> str:
        w = self.w
        roller = names[event["roller"]]
        if event["success"]:
            head = w("{name} completes card {card}.", name=roller, card=event["card"])
        else:
            head = w("{name} misses card {card}.", name=roller, card=event["card"])
        moves = []
        for move in event["transfers"]:
            source, target, amount = (
                self.party(move["from"], names),
                self.party(move["to"], names),
                w.money(move["amount"]),
            )
            why = move["for"]
            if why == "bid back":
                moves.append(w("{name} takes back the {money} bid", name=target, money=amount))
            elif why == "bid lost":
                moves.append(w("the {money} bid goes to the bank", money=amount))
            else:
                reason = {"payout": w("payout"), "yes bet": w("yes bet"), "no bet": w("bet on no")}.get(why, why)
                moves.append(
                    w(
                        "{source} pays {target} {money} ({reason})",
                        source=source,
                        target=target,
                        money=amount,
                        reason=reason,
                    )
                )
        body = w.clauses(moves)
        return head + (f" {body[0].upper()}{body[1:]}." if body else "")

    def _standings(self, event: dict[str, Any], names: list[str]) -> str:
        w = self.w
        seats = sorted(range(len(names)), key=lambda s: -event["money"][s])
        lines = [
            w(
                "{name}: {money}, cards {cards}",
                name=names[s],
                money=w.money(event["money"][s]),
                cards=", ".join(map(str, event["cards"][s])) or w("none"),
            )
            for s in seats
        ]
        winners = event["winners"]
        if not winners:
            verdict = w("Nobody holds a card: nobody wins.")
        elif len(winners) > 1:
            verdict = w("{names} win (shared)!", names=w.joined([names[s] for s in winners]))
        else:
            verdict = w("{name} wins!", name=names[winners[0]])
        reason = {"every card is completed": w("every card is completed"), "nobody is left": w("nobody is left")}.get(
            event["reason"], event["reason"]
        )
        return Line(
            "\n" + w("Game over ({reason}).", reason=reason) + "\n  " + "\n  ".join(lines) + "\n" + verdict, "strong"
        )


@cache
def narration(lang: str = "en") -> LastChanceNarration:
    """Last Chance's words in `lang` (one of `highroller.core.words.LANGUAGES`)."""
    return LastChanceNarration(Words(lang, [LOCALE]))


NARRATION = narration()
