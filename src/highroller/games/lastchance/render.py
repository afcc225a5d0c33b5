"""Last Chance in the terminal: the card with its matched dice and joker lock, the auction, the bets,
everyone's money and cards, and the exact odds on request (its words are in `narrate.py`)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from highroller.core.state import State
from highroller.games.lastchance.advice import bet_worth, break_even_bid, expected_payout, lock_choices
from highroller.games.lastchance.bots import attempt_chance, table_position
from highroller.games.lastchance.narrate import NARRATION
from highroller.games.lastchance.steps import Bet, Lock, dollars, plural


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
        table = Table(
            title=f"Card {card['id']}: pays {dollars(card['payout'])} in {plural(card['rolls'], 'roll')}",
            title_justify="left",
        )
        for column in ("Dice", "On the card", "Still open", "Jokers"):
            table.add_column(column)
        opened = card["open"]
        still = (
            NARRATION.dice(opened["faces"] + ["J"] * opened["jokers"])
            if opened["faces"] or opened["jokers"]
            else "complete"
        )
        jokers = (
            f"locked to {card['locked']}s"
            if card["locked"]
            else ("open: any face not pictured" if "J" in card["dice"] else "—")
        )
        table.add_row(card["dice"], NARRATION.dice(card["matched"]), still, jokers)
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
            line += f" Last roll: {NARRATION.dice(view['roll'])}."
        if view["unplaced"]:
            line += f" Not placed: {NARRATION.dice(view['unplaced'])}."
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
            table.add_row(
                marker + name,
                dollars(player["money"]),
                cards,
                "used" if player["last_chance_used"] else "available",
                shown,
            )
        return table

    # ------------------------------------------------------------------ odds on request
    def advice(self, state: State, seat: int) -> RenderableType | None:
        view = state.view(seat)
        if view["card"] is None:
            return None
        card, _ = table_position(view)
        chance = attempt_chance(view)
        rolls = view["rolls_left"] if view["phase"] in ("roll", "lock") else card.rolls
        table = Table(
            title=f"Exact odds: card {card.id} from here, {plural(rolls, 'roll')}, locking jokers optimally",
            title_justify="left",
        )
        table.add_column("What")
        table.add_column("Figure", justify="right")
        exact = f" ({chance.numerator}/{chance.denominator})" if chance.denominator < 10**6 else ""
        table.add_row("chance to complete", f"{float(chance):.6f}{exact}")
        table.add_row("expected payout of the attempt", f"${float(expected_payout(view)):,.0f}")
        if view["phase"] == "auction":
            even = break_even_bid(view)
            table.add_row("break-even bid (bid back on success)", "any" if even is None else f"${float(even):,.0f}")
        if view["phase"] == "bets":
            table.add_row("a $100 'yes' bet is worth on average", _signed(bet_worth(Bet("yes", 100), chance)))
            table.add_row("a $100 'no' bet is worth on average", _signed(bet_worth(Bet("no", 100), chance)))
        parts: list[RenderableType] = [table]
        if view["phase"] == "lock":
            locks = Table(title="Joker choice: chance to complete after it", title_justify="left")
            locks.add_column("Choice")
            locks.add_column("Chance", justify="right")
            for action, p in lock_choices(view):
                locks.add_row(f"lock {action.face}" if isinstance(action, Lock) else "wait", f"{float(p):.6f}")
            parts.append(locks)
        return Group(*parts)


def _signed(amount: Any) -> str:
    value = round(float(amount))
    return f"{'+' if value >= 0 else '−'}${abs(value):,}"


RENDERER = LastChanceRenderer()
