"""What a person types at a Las Vegas table, and the words telling what to type in each language.

A placement is the face, "4", or on the bandit "b4"; the bills drawn for a casino are amounts, "60000",
"20k 30k"; a roll lists its faces, own dice plain, the Biggie with b and neutral dice with n:
"3 3 5 b6 n2" (at the start of a round's neutral leftover roll every face is neutral). A roll with
the wrong dice, and bills that cannot be a casino's, are refused in the words of any language.
"""

from __future__ import annotations

import re

from highroller.core.dice import counts_from_faces
from highroller.core.errors import IllegalAction
from highroller.core.state import Step
from highroller.core.typed_input import TypedRefusal
from highroller.core.words import Words
from highroller.games.lasvegas.phases import CHOOSE, LEFTOVER, ROLL, STOCK
from highroller.games.lasvegas.state import LasVegasState
from highroller.games.lasvegas.steps import BANDIT, PLACE, Roll, Stock

_ECHOED = 20
"""What a person typed is repeated in a refusal up to this many characters."""


class LasVegasTyped:
    """The `TypedInput` of Las Vegas."""

    def parse(self, state: LasVegasState, text: str) -> Step:
        phase = state.phase
        text = text.strip().lower()
        if phase == CHOOSE:
            match = re.fullmatch(r"(b|bandit)?\s*([1-6])", text)
            if match:
                action = (BANDIT if match.group(1) else PLACE)[int(match.group(2))]
                if action in state.legal:
                    return action
            raise TypedRefusal(lambda w: w("type one of: {choices}", choices=_choices(state, w)))
        if phase == STOCK:
            return self._stock(
                state,
                Stock(tuple(sorted((_bill(token) for token in re.split(r"[\s,;+]+", text) if token), reverse=True))),
            )
        if phase in (ROLL, LEFTOVER):
            return self._roll(state, text)
        raise TypedRefusal(lambda w: w("the game is over"))

    def help(self, state: LasVegasState, words: Words) -> str:
        w = words
        if state.phase == CHOOSE:
            return w("choose a face: {choices}", choices=_choices(state, w))
        if state.phase == STOCK:
            return w("bills drawn for casino {number}, e.g. '60000' or '20k 30k'", number=state.stocking + 1)
        if state.phase in (ROLL, LEFTOVER):
            own, big, neutral = state.roll_sizes()
            parts = [w.plural(own, "{n} own die", "{n} own dice")] if own else []
            if big:
                parts.append(w("the Biggie"))
            if neutral:
                parts.append(w.plural(neutral, "{n} neutral die", "{n} neutral dice"))
            example = " ".join(["3"] * min(own, 3) + (["b6"] if big else []) + (["n2"] * min(neutral, 2)))
            return w(
                "the faces of {dice}, e.g. '{example}' (b = Biggie, n = neutral)",
                dice=", ".join(parts) or w("no dice"),
                example=example,
            )
        return w("the game is over")

    def _roll(self, state: LasVegasState, text: str) -> Roll:
        own: list[int] = []
        neutral: list[int] = []
        biggie = 0
        for token in re.split(r"[\s,]+", text):
            match = re.fullmatch(r"([bn]?)([1-6]+)", token)
            if not token:
                continue
            if not match:
                raise self._not_a_face(state, token[:_ECHOED])
            kind, faces = match.groups()
            if kind == "b":
                if len(faces) != 1 or biggie:
                    raise TypedRefusal(lambda w: w("there is one Biggie; {expected}", expected=self.help(state, w)))
                biggie = int(faces)
            else:
                (neutral if kind == "n" or state.phase == LEFTOVER else own).extend(int(f) for f in faces)
        if (len(own), int(biggie > 0), len(neutral)) != state.roll_sizes():
            shown = text[:_ECHOED]
            raise TypedRefusal(
                lambda w: w("'{text}' is not this roll; type {expected}", text=shown, expected=self.help(state, w))
            )
        return Roll(counts_from_faces(own), biggie, counts_from_faces(neutral))

    def _stock(self, state: LasVegasState, stock: Stock) -> Stock:
        """The bills typed for a casino, if they can be its bills now; else why not, in any language."""
        try:
            state.clone().apply(stock)
        except IllegalAction as error:
            raise TypedRefusal(
                lambda w: w("{reason}; {expected}", reason=_unfit(state, stock, w), expected=self.help(state, w))
            ) from error
        return stock

    def _not_a_face(self, state: LasVegasState, token: str) -> TypedRefusal:
        return TypedRefusal(
            lambda w: w("'{token}' is not a face; {expected}", token=token, expected=self.help(state, w))
        )


def _choices(state: LasVegasState, w: Words) -> str:
    """The faces a player may place now, and those on the bandit."""
    faces = ", ".join(str(a.face) for a in state.legal if not a.bandit)
    bandit = [f"b{a.face}" for a in state.legal if a.bandit]
    return w("{faces}; on the bandit: {bandit}", faces=faces, bandit=", ".join(bandit)) if bandit else faces


def _unfit(state: LasVegasState, stock: Stock, w: Words) -> str:
    """Why bills cannot be a casino's now: a bill not in the pile, more bills than are left, or the rule of how many."""
    left = dict(zip(state.denominations, state.pile))
    for bill in state.under:
        left[bill] = left.get(bill, 0) + 1
    missing = [bill for bill in stock.bills if stock.bills.count(bill) > left.get(bill, 0)]
    if missing:
        return w("{bill} is not in the pile", bill=w.money(missing[0]))
    if len(stock.bills) > sum(left.values()):
        return w.plural(sum(left.values()), "only {n} bill is left in the pile", "only {n} bills are left in the pile")
    if state.rules.stock_rule == "count":
        return w.plural(state.rules.stock_amount, "a casino gets {n} bill", "a casino gets {n} bills")
    return w(
        "a casino gets bills drawn one at a time until it holds {amount}", amount=w.money(state.rules.stock_amount)
    )


def _bill(token: str) -> int:
    """A typed bill in dollars: "60000", "$60000" or "60k"."""
    cleaned = token.replace("$", "").replace("_", "")
    match = re.fullmatch(r"(\d{1,12})(k?)", cleaned)
    if not match:
        shown = token[:_ECHOED]
        raise TypedRefusal(lambda w: w("'{token}' is not a bill; type bills like '60000' or '60k'", token=shown))
    return int(match.group(1)) * (1000 if match.group(2) else 1)


TYPED = LasVegasTyped()
