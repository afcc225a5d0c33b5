"""Reading steps back: the JSON of a record (`decode`), and what a person types at a Last Chance table
(`TYPED`, the game's `TypedInput`) with the words telling what to type in each language.

Typed notation: auction "600", "$1,500", "bid 600", "2k", "pass", "lc" (Last Chance!); side bets
"pass" (or "none"), "yes 500", "no 300", "y 500", "n 300"; the joker lock "lock 3" or "3", and "wait"; a roll "6 5 5 3
2" or "65532";
the card drawn "12" or "card 12" (its id in the deck), or a card of the players' own box by its dice, rolls
and payout "665JJ:2 $2500" (a card the box could print: see `cards.checked_card`). The words are read in
every language the catalogs translate them to ("carte 12", "ja 500"). Numbers too long to be an amount,
a roll count or a card id are refused without being read.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from highroller.core.errors import IllegalAction
from highroller.core.state import Step
from highroller.core.typed_input import Said, TypedRefusal, either, plain
from highroller.core.words import Words
from highroller.games.lastchance.cards import read_payout, read_rolls
from highroller.games.lastchance.phases import AUCTION, BETS, DRAW, LOCK, ROLL
from highroller.games.lastchance.step_json import drawn, own_card, roll_of, undrawn_ids
from highroller.games.lastchance.steps import LAST_CHANCE, NO_BET, PASS, WAIT, Action, Bet, Bid, Draw, Lock, Roll

if TYPE_CHECKING:
    from highroller.games.lastchance.state import LastChanceState

_AMOUNT = r"\$?([\d,]+)(k?)"
said = Said("highroller.games.lastchance")
_LONGEST = 40
"""What a person typed is repeated in a refusal up to this many characters; a card id or an amount is
read up to this many digits (no deck and no player's money comes near)."""


def _amount(state: LastChanceState, typed: str, digits: str, thousands: str) -> int:
    """A typed amount in dollars; one too long to be anyone's money is refused unread."""
    plain = digits.replace(",", "").lstrip("0") or "0"
    if len(plain) > _LONGEST:
        raise TypedRefusal(
            lambda w: w(
                "'{typed}' is more money than anyone at the table has; {expected}",
                typed=_echo(typed),
                expected=TYPED.help(state, w),
            )
        )
    return int(plain) * (1000 if thousands else 1)


def _echo(text: str) -> str:
    """What a person typed, cut short for a refusal."""
    return text if len(text) <= _LONGEST else text[:_LONGEST] + "…"


def _checked(state: LastChanceState, action: Action) -> Action:
    if action not in state.legal:
        raise TypedRefusal(
            lambda w: w("{action} is not legal now; {expected}", action=str(action), expected=TYPED.help(state, w))
        )
    return action


class LastChanceTyped:
    """The `TypedInput` of Last Chance (see the module docstring)."""

    def parse(self, state: LastChanceState, text: str) -> Step:
        text = plain(text)
        phase = state.phase
        if phase == DRAW:
            return self._card(state, text)
        if phase == ROLL:
            return self._roll(state, text)
        if phase == AUCTION:
            if text in said("typed: pass", "p"):
                return PASS
            if text in ("lc", "last chance", "last chance!"):
                return _checked(state, LAST_CHANCE)
            bid = either(said("typed: bid"))
            match = re.fullmatch(rf"(?:{bid} ?)?" + _AMOUNT, text)
            if match:
                return _checked(state, Bid(_amount(state, text, *match.groups())))
        elif phase == BETS:
            return self._bet(state, text)
        elif phase == LOCK:
            if text in said("typed: wait", "w", "not yet", "no"):
                return WAIT
            lock = either(said("typed: lock", "l"))
            match = re.fullmatch(rf"(?:{lock} ?)?([1-6])s?", text)
            if match:
                return _checked(state, Lock(int(match.group(1))))
        raise self._not_understood(state, text)

    def _not_understood(self, state: LastChanceState, text: str) -> TypedRefusal:
        return TypedRefusal(
            lambda w: w("'{text}' is not understood here; {expected}", text=_echo(text), expected=self.help(state, w))
        )

    def _roll(self, state: LastChanceState, text: str) -> Roll:
        if not re.fullmatch(r"[1-6]([ ,]*[1-6])*", text):
            raise TypedRefusal(
                lambda w: w("'{text}' is not a roll; {expected}", text=_echo(text), expected=self.help(state, w))
            )
        faces = [int(c) for c in text if c.isdigit()]
        if len(faces) != (state.position.dice if state.position is not None else 0):
            raise TypedRefusal(lambda w: self._miscounted(state, len(faces), w))
        return roll_of(faces)

    def _miscounted(self, state: LastChanceState, typed: int, w: Words) -> str:
        """The refusal of a roll with the wrong number of faces."""
        expected = self.help(state, w)
        return w.plural(typed, "{n} face typed; {expected}", "{n} faces typed; {expected}", expected=expected)

    def _bet(self, state: LastChanceState, text: str) -> Action:
        """A side bet: nothing, or a side and a wager."""
        if text in said("typed: pass", "p", "none", "no bet", "-", "0"):
            return NO_BET
        yes, no = said("typed: yes", "y"), said("typed: no", "n")
        bet = either(said("typed: bet"))
        match = re.fullmatch(rf"(?:{bet} )?({either(yes | no)}) ?" + _AMOUNT, text)
        if match:
            side = "yes" if match.group(1) in yes else "no"
            return _checked(state, Bet(side, _amount(state, text, *match.groups()[1:])))
        if text in yes:
            raise TypedRefusal(lambda w: w("'{text}' needs a wager: e.g. 'yes 300'; 'pass' bets nothing", text=text))
        if text in no:
            raise TypedRefusal(lambda w: w("'{text}' needs a wager: e.g. 'no 300'; 'pass' bets nothing", text=text))
        raise self._not_understood(state, text)

    def _card(self, state: LastChanceState, text: str) -> Draw:
        """The card drawn: its id in the deck, or a card of the players' own box."""
        card = either(said("typed: card"))
        match = re.fullmatch(rf"(?:{card} ?)?(\d{{1,{_LONGEST}}})", text)
        if match:
            return drawn(state, int(match.group(1)))
        own = re.fullmatch(r"([1-6j][1-6j ,]*):(\d+)(?:(?::| |: ?)\$?([\d,]+))?", text)
        if own is None:
            raise TypedRefusal(
                lambda w: w("'{text}' is not a card; {expected}", text=_echo(text), expected=self.help(state, w))
            )
        dice, rolls_typed, payout_typed = own.groups()
        if payout_typed is None:
            example = f"{_echo(dice)}:{_echo(rolls_typed)} $2500"
            raise TypedRefusal(
                lambda w: w("'{text}' needs the card's payout too, e.g. '{example}'", text=_echo(text), example=example)
            )
        try:
            rolls, payout = read_rolls(rolls_typed), read_payout(payout_typed)
        except ValueError as error:
            raise IllegalAction(f"a card of your own box: {error}") from error
        return own_card(state, dice, rolls, payout)

    def help(self, state: LastChanceState, words: Words) -> str:
        w = words
        phase = state.phase
        if phase == DRAW:
            return w(
                "type the id of the card drawn, e.g. 'card 12' (still in the deck: {ids}), "
                "or a card of your own box as dice:rolls and payout, e.g. '665JJ:2 $2500'",
                ids=undrawn_ids(state),
            )
        if phase == ROLL:
            dice = state.position.dice if state.position is not None else 0
            example = " ".join("65532"[:dice])
            return w.plural(
                dice,
                "type the faces of the {n} die rolled, e.g. '{example}'",
                "type the faces of the {n} dice rolled, e.g. '{example}'",
                example=example,
            )
        if phase == AUCTION:
            bids = [a.amount for a in state.legal if isinstance(a, Bid)]
            parts = (
                [
                    w(
                        "a bid from {low} to {high} in hundreds (e.g. '{example}')",
                        low=w.money(bids[0]),
                        high=w.money(bids[-1]),
                        example=bids[0],
                    )
                ]
                if bids
                else []
            )
            parts.append(w("'pass'"))
            if LAST_CHANCE in state.legal:
                parts.append(w("'lc' to call Last Chance! (all your money)"))
            return w("type {choices}", choices=", ".join(parts))
        if phase == BETS:
            wagers = [a.wager for a in state.legal if isinstance(a, Bet) and a.side == "yes"]
            return w(
                "type 'yes' or 'no' with a wager from {low} to {high} in hundreds (e.g. 'no 300', 'y 200'), or 'pass' "
                "to bet nothing",
                low=w.money(100),
                high=w.money(wagers[-1]),
            )
        if phase == LOCK:
            faces = ", ".join(str(a.face) for a in state.legal if isinstance(a, Lock))
            return w(
                "type 'lock F' to lock the jokers to a face F you rolled ({faces}), or 'wait' to leave them open",
                faces=faces,
            )
        return w("the game is over")


TYPED = LastChanceTyped()
