"""A line of exact odds for everyone at a Last Chance table, in a language: the card's chance to be
completed (from here, locking jokers at best), the attempt's expected payout, and in the auction the
break-even bid, in the side bets what a "yes" and a "no" bet are worth on average. The web shows it
beside the bids and bets where the table allows hints; the terminal's `?` gives the same figures."""

from __future__ import annotations

from highroller.core.state import State
from highroller.core.words import Words
from highroller.games.lastchance.bots import attempt_chance, table_position

SIDE_BET = 100
"""The side bet the note values: the smallest wager."""


def _signed(amount: int, w: Words) -> str:
    return ("+" if amount >= 0 else "−") + w.money(abs(amount))


def odds_note(state: State, w: Words) -> str | None:
    """The odds of the card in play, or None when no card is in play."""
    view = state.view(None)
    phase = view["phase"]
    if view["card"] is None or phase not in ("auction", "bets", "roll", "lock"):
        return None
    card, _ = table_position(view)
    chance = float(attempt_chance(view))
    rolls = view["rolls_left"] if phase in ("roll", "lock") else card.rolls
    parts = [
        w.plural(
            rolls,
            "Card {card}: {percent} to be completed in {n} roll.",
            "Card {card}: {percent} to be completed in {n} rolls.",
            card=card.id,
            percent=w.percent(chance),
        ),
        w("Expected payout: {money}.", money=w.money(round(chance * card.payout))),
    ]
    if phase == "auction" and chance < 1:
        parts.append(
            w(
                "Break-even bid (the bid comes back on success): {money}.",
                money=w.money(round(chance * card.payout / (1 - chance))),
            )
        )
    if phase == "bets":
        yes = round(SIDE_BET * (2 * chance - 1))
        parts.append(
            w(
                "A {wager} bet is worth {yes} on average on yes, {no} on no.",
                wager=w.money(SIDE_BET),
                yes=_signed(yes, w),
                no=_signed(-yes, w),
            )
        )
    return " ".join(parts)
