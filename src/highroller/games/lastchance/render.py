"""Last Chance in the terminal: the card with its matched dice and joker lock, the auction, the bets,
everyone's money and cards; steps and settlements in plain words; the exact odds on request."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from highroller.core.dice import faces_from_counts
from highroller.core.state import CHANCE, State, Step
from highroller.games.lastchance.bots import attempt_chance, table_position
from highroller.games.lastchance.odds import lock_values
from highroller.games.lastchance.position import place
from highroller.games.lastchance.state import LastChanceState
from highroller.games.lastchance.steps import Bet, Bid, Draw, LastChance, Lock, Pass, Roll, dollars, plural


def _joined(items: list[str]) -> str:
    if not items:
        return ""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _dice(faces: list[int]) -> str:
    return " ".join(map(str, faces)) if faces else "nothing"


def _party(who: int | str, names: list[str]) -> str:
    return {"bank": "the bank", "bin": "the bidding bin"}.get(who, "") if isinstance(who, str) else names[who]


class LastChanceRenderer:
    """The `TextRenderer` of Last Chance."""

    # ------------------------------------------------------------------ the table
    def board(self, view: dict[str, Any], names: list[str]) -> RenderableType:
        rules = view["rules"]
        stage = "game over" if view["phase"] == "over" else f"card {view['card_number']} of {rules['cards']}"
        parts: list[RenderableType] = [Text(f"Last Chance — {stage}", style="bold")]
        card = view["card"]
        if card is not None:
            parts.append(self._card(view, card))
            parts.append(Text(self._attempt_line(view, names)))
        parts.append(self._players(view, names))
        parts.append(Text(f"Cards still to complete: {view['cards_to_play']}", style="dim"))
        return Group(*parts)

    @staticmethod
    def _card(view: dict[str, Any], card: dict[str, Any]) -> RenderableType:
        table = Table(title=f"Card {card['id']}: pays {dollars(card['payout'])} in {plural(card['rolls'], 'roll')}",
                      title_justify="left")
        for column in ("Dice", "On the card", "Still open", "Jokers"):
            table.add_column(column)
        opened = card["open"]
        still = _dice(opened["faces"] + ["J"] * opened["jokers"]) if opened["faces"] or opened["jokers"] else "complete"
        jokers = f"locked to {card['locked']}s" if card["locked"] else ("open: any face not pictured" if "J" in card["dice"] else "—")
        table.add_row(card["dice"], _dice(card["matched"]), still, jokers)
        return table

    @staticmethod
    def _attempt_line(view: dict[str, Any], names: list[str]) -> str:
        phase = view["phase"]
        if phase == "auction":
            auction = view["auction"]
            high = auction["high_bidder"]
            if high < 0:
                return f"Auction: no bid yet ({names[view['opener']]} opened)."
            return f"Auction: high bid {dollars(auction['high_bid'])} by {names[high]}."
        if view["roller"] < 0:
            return ""
        how = "Last Chance!" if view["last_chance"] else dollars(view["bid"])
        line = f"{names[view['roller']]} rolls for {how}; rolls used {view['rolls_used']} of {view['card']['rolls']}."
        if view["roll"]:
            line += f" Last roll: {_dice(view['roll'])}."
        if view["unplaced"]:
            line += f" Not placed: {_dice(view['unplaced'])}."
        return line

    @staticmethod
    def _players(view: dict[str, Any], names: list[str]) -> RenderableType:
        table = Table()
        for column in ("Player", "Money", "Cards", "Last Chance", "Side bet"):
            table.add_column(column)
        for player in view["players"]:
            seat = player["seat"]
            marker = "▶ " if view["current_player"] == seat else "  "
            name = names[seat] + (" (rolling)" if view["roller"] == seat else "")
            bet = view["bets"].get(str(seat))
            shown = "" if bet is None else ("none" if bet == "no bet" else f"{bet['bet']} {dollars(bet['wager'])}")
            cards = ", ".join(map(str, player["cards"])) or "—"
            if not player["active"]:
                table.add_row(marker + name, "out", "—", "—", "", style="dim")
                continue
            table.add_row(marker + name, dollars(player["money"]), cards,
                          "used" if player["last_chance_used"] else "available", shown)
        return table

    # ------------------------------------------------------------------ steps and events in words
    def describe_step(self, state: State, player: int, step: Step, names: list[str]) -> str | None:
        assert isinstance(state, LastChanceState)
        if player == CHANCE:
            if isinstance(step, Draw):
                return None  # the "card" event says it
            assert isinstance(step, Roll) and state.position is not None
            after, _ = place(state.position, step.counts)
            placed = faces_from_counts(tuple(b - a for b, a in zip(_slots(state.position), _slots(after))))
            goes = f"; {_dice(sorted(placed, reverse=True))} go{'es' if len(placed) == 1 else ''} on the card" if placed else ""
            return f"{names[state.rolling]} rolled {_dice(step.faces())}{goes}."
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

    def describe_event(self, event: dict[str, Any], names: list[str]) -> RenderableType | None:
        kind = event["type"]
        if kind == "card":
            return Text(f"\n— Card {event['number']}: {names[event['opener']]} draws card {event['card']} and opens the bidding —",
                        style="bold")
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
            return Text(f"{names[event['seat']]} wins card {event['card']}!", style="bold green")
        if kind == "continue":
            return (f"Card {event['card']} stays in play with {_dice(event['matched'])} on it; "
                    f"{names[event['opener']]} opens the next auction.")
        if kind == "eliminated":
            cards = f" (card{'s' if len(event['cards']) > 1 else ''} {', '.join(map(str, event['cards']))} leave too)" if event["cards"] else ""
            return Text(f"{names[event['seat']]} is out of money and leaves the game{cards}.", style="red")
        if kind == "end":
            return self._standings(event, names)
        return None

    @staticmethod
    def _settlement(event: dict[str, Any], names: list[str]) -> str:
        roller = names[event["roller"]]
        head = f"{roller} completes card {event['card']}." if event["success"] else f"{roller} misses card {event['card']}."
        moves = []
        for move in event["transfers"]:
            source, target, amount = _party(move["from"], names), _party(move["to"], names), dollars(move["amount"])
            if move["for"] == "bid back":
                moves.append(f"{target} takes back the {amount} bid")
            elif move["for"] == "bid lost":
                moves.append(f"the {amount} bid goes to the bank")
            else:
                moves.append(f"{source} pays {target} {amount} ({move['for']})")
        body = "; ".join(moves)
        return head + (f" {body[0].upper()}{body[1:]}." if body else "")

    @staticmethod
    def _standings(event: dict[str, Any], names: list[str]) -> RenderableType:
        seats = sorted(range(len(names)), key=lambda s: -event["money"][s])
        lines = [f"{names[s]}: {dollars(event['money'][s])}, cards {', '.join(map(str, event['cards'][s])) or 'none'}" for s in seats]
        winners = event["winners"]
        if winners:
            verdict = f"{_joined([names[s] for s in winners])} {'win (shared)' if len(winners) > 1 else 'wins'}!"
        else:
            verdict = "Nobody holds a card: nobody wins."
        return Text(f"\nGame over ({event['reason']}).\n  " + "\n  ".join(lines) + f"\n{verdict}", style="bold")

    # ------------------------------------------------------------------ odds on request
    def advice(self, state: State, seat: int) -> RenderableType | None:
        view = state.view(seat)
        if view["card"] is None:
            return None
        card, position = table_position(view)
        chance = attempt_chance(view)
        payout = card.payout
        rolls = view["rolls_left"] if view["phase"] in ("roll", "lock") else card.rolls
        table = Table(title=f"Exact odds: card {card.id} from here, {plural(rolls, 'roll')}, locking jokers optimally",
                      title_justify="left")
        table.add_column("What")
        table.add_column("Figure", justify="right")
        exact = f" ({chance.numerator}/{chance.denominator})" if chance.denominator < 10**6 else ""
        table.add_row("chance to complete", f"{float(chance):.6f}{exact}")
        table.add_row("expected payout of the attempt", f"${float(chance * payout):,.0f}")
        if view["phase"] == "auction":
            table.add_row("break-even bid (bid back on success)", f"${float(chance * payout / (1 - chance)):,.0f}" if chance < 1 else "any")
        if view["phase"] == "bets":
            table.add_row("a $100 'yes' bet is worth on average", _signed(100 * (2 * chance - 1)))
            table.add_row("a $100 'no' bet is worth on average", _signed(100 * (1 - 2 * chance)))
        parts: list[RenderableType] = [table]
        if view["phase"] == "lock":
            locks = Table(title="Joker choice: chance to complete after it", title_justify="left")
            locks.add_column("Choice")
            locks.add_column("Chance", justify="right")
            left = tuple(view["unplaced"].count(f) for f in range(1, 7))
            for face, p in lock_values(position, left, view["rolls_left"]):
                locks.add_row(f"lock {face}" if face else "wait", f"{float(p):.6f}")
            parts.append(locks)
        return Group(*parts)


def _signed(amount: Any) -> str:
    value = round(float(amount))
    return f"{'+' if value >= 0 else '−'}${abs(value):,}"


def _slots(position: Any) -> tuple[int, ...]:
    """Open slots per face, with the open jokers counted on the locked face."""
    need = list(position.need)
    if position.locked:
        need[position.locked - 1] += position.jokers
    return tuple(need)


RENDERER = LastChanceRenderer()
