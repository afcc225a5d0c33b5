"""What a person types at a Luckiest Dice table, and the words telling what to type in each language.

A choice is "bank" (or "b", "stop") or a card to bet on, with or without "bet on": "odd", "cross",
"number 2", "n2" (`cards.find_card`), or the card's name in another language the catalogs translate
it to ("impair", "Zahl 2"); a roll lists the faces of every die rolled: "3 3 6 1" or "3361".
"""

from __future__ import annotations

import re

from highroller.core.dice import counts_from_faces
from highroller.core.state import Step
from highroller.core.typed_input import Said, TypedRefusal, either, plain
from highroller.core.words import Words
from highroller.games.luckiest.cards import CARDS, Card, find_card
from highroller.games.luckiest.state import CHOOSE, ROLL, LuckiestState
from highroller.games.luckiest.steps import BANK, BETS, Bank, Bet, Roll

_ECHOED = 40
"""What a person typed is repeated in a refusal up to this many characters."""
said = Said("highroller.games.luckiest")


class LuckiestTyped:
    """The `TypedInput` of Luckiest Dice."""

    def parse(self, state: LuckiestState, text: str) -> Step:
        if state.phase == CHOOSE:
            return self._choice(state, text)
        if state.phase == ROLL:
            return self._roll(state, text)
        raise TypedRefusal(lambda w: w("the game is over"))

    def help(self, state: LuckiestState, words: Words) -> str:
        w = words
        if state.phase == CHOOSE:
            if BANK in state.legal:
                return w("bank, or a card to bet on: {cards}", cards=_cards(state, w))
            return w("a card to bet on: {cards}", cards=_cards(state, w))
        if state.phase == ROLL:
            example = " ".join(str(face % 6 + 1) for face in range(state.dice_left))
            return w.plural(
                state.dice_left,
                "the faces of the {n} die rolled, e.g. '{example}'",
                "the faces of the {n} dice rolled, e.g. '{example}'",
                example=example,
            )
        return w("the game is over")

    def _choice(self, state: LuckiestState, text: str) -> Bet | Bank:
        bet = either(said("typed: bet on", "bet"))
        word = re.sub(rf"^{bet}\s+", "", plain(text))
        if word in said("bank", "b", "stop"):
            if BANK in state.legal:
                return BANK
            raise TypedRefusal(
                lambda w: w("you cannot bank before your first roll; bet on one of: {cards}", cards=_cards(state, w))
            )
        card = _named(word) or find_card(word)
        if card is None:
            shown = text.strip()[:_ECHOED]
            raise TypedRefusal(
                lambda w: w("'{text}' is not a card; type {expected}", text=shown, expected=self.help(state, w))
            )
        if BETS[card.index] not in state.legal:
            raise TypedRefusal(
                lambda w: w(
                    "{card} is already used this turn; type {expected}",
                    card=_name(card, w),
                    expected=self.help(state, w),
                )
            )
        return BETS[card.index]

    def _roll(self, state: LuckiestState, text: str) -> Roll:
        faces: list[int] = []
        for token in re.split(r"[\s,]+", text.strip()):
            if not token:
                continue
            if not re.fullmatch(r"[1-6]+", token):
                raise self._not_a_face(state, token[:_ECHOED])
            faces.extend(int(face) for face in token)
        if len(faces) != state.dice_left:
            raise TypedRefusal(lambda w: self._miscounted(state, len(faces), w))
        return Roll(counts_from_faces(faces))

    def _not_a_face(self, state: LuckiestState, token: str) -> TypedRefusal:
        return TypedRefusal(
            lambda w: w("'{token}' is not a face; type {expected}", token=token, expected=self.help(state, w))
        )

    def _miscounted(self, state: LuckiestState, typed: int, w: Words) -> str:
        """The refusal of a roll with the wrong number of faces."""
        expected = self.help(state, w)
        return w.plural(typed, "{n} face typed; type {expected}", "{n} faces typed; type {expected}", expected=expected)


def _name(card: Card, w: Words) -> str:
    """A card's name as it is typed in the language of `w`: "odd", "impair", "Zahl 2"."""
    return w("number {n}", n=card.value) if card.kind == "number" else w(str(card.value))


def _named(word: str) -> Card | None:
    """The card `word` names in any language ("impair", "zahl 2")."""
    for card in CARDS:
        names = said("number {n}") if card.kind == "number" else said(str(card.value))
        if word in {name.replace("{n}", str(card.value)) for name in names}:
            return card
    return None


def _cards(state: LuckiestState, w: Words) -> str:
    """The cards a player may bet on now, as they are typed in the language of `w`."""
    return ", ".join(_name(CARDS[action.card], w) for action in state.legal if isinstance(action, Bet))


TYPED = LuckiestTyped()
