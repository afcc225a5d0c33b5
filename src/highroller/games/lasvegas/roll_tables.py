"""The Las Vegas rolls and placements made once and shared: every plain roll of 0 to 8 dice, the
placements each roll allows (by action code, as the batch engine numbers them), and each kind of roll
drawn from random bits, listed with its chances, or checked."""

# highroller: compile

from __future__ import annotations

from functools import cache

from highroller.core.dice import Counts, MultisetTable, multiset_table, roll_steps
from highroller.core.errors import IllegalAction
from highroller.games.lasvegas.legal import legal_codes
from highroller.games.lasvegas.mixed_rolls import mixed_rolls
from highroller.games.lasvegas.steps import BANDIT, NO_DICE, PLACE, Place, Roll

_TABLES = tuple(multiset_table(n) for n in range(9))
"""The multiset tables of the common numbers of dice (`_dice_table` makes larger ones on first use)."""


def _dice_table(dice: int) -> MultisetTable:
    """The outcomes of rolling this many dice."""
    return _TABLES[dice] if dice < len(_TABLES) else multiset_table(dice)


def _plain_roll(counts: Counts) -> Roll:
    """A roll of a seat's own dice only, without Biggie or neutral dice: most rolls of a game, made once
    each and shared (`roll_steps`)."""
    return Roll(counts, 0, NO_DICE)


PLAIN_ROLLS = tuple(roll_steps(_plain_roll, dice) for dice in range(9))
"""The plain rolls of 0 to 8 dice, at hand (`roll_steps` for more)."""


def draw_roll(own: int, big: int, neutral: int, bits: int) -> Roll:
    """The roll of `own` own dice, the Biggie if `big` and `neutral` neutral dice, drawn exactly from 64
    uniformly random bits."""
    steps = (
        mixed_rolls(own, bool(big), neutral)
        if big or neutral
        else PLAIN_ROLLS[own]
        if own < len(PLAIN_ROLLS)
        else roll_steps(_plain_roll, own)
    )
    roll: Roll = steps.draw(bits)
    return roll


ACTIONS = (*PLACE[1:], *BANDIT[1:])
"""The placements by action code, as the batch engine numbers them: 0-5 put the face 1-6 on its
casino, 6-11 on the bandit."""


def _shown_faces(roll: Roll) -> int:
    """Bit f - 1 set for every face f (1-6) the roll shows."""
    shown = (1 << roll.biggie) >> 1
    for face in range(6):
        if roll.own[face] or roll.neutral[face]:
            shown |= 1 << face
    return shown


@cache
def _placements(codes: int) -> tuple[Place, ...]:
    """The placements of the action codes set in `codes`, in code order."""
    return tuple(ACTIONS[a] for a in range(len(ACTIONS)) if codes >> a & 1)


PLAIN_LEGAL: dict[int, tuple[Place, ...]] = {
    id(roll): _placements(_shown_faces(roll)) for rolls in PLAIN_ROLLS for roll in rolls.steps
}
"""The placements each of the shared plain rolls allows when the bandit is not played, by the roll's
identity: most rolls of a game are these objects, and looking one up by `id` skips hashing its counts.
`PLAIN_ROLLS` keeps them alive, so no other object can take one of their ids."""


def legal_placements(roll: Roll, bandit: bool, bandit_faces: int) -> tuple[Place, ...]:
    """The placements a roll allows: one per face shown (and, if the bandit is played, per face shown
    not yet on the bandit, whose faces are the bits f of `bandit_faces`)."""
    if bandit:
        return _placements(legal_codes(_shown_faces(roll), bandit_faces, True))
    legal = _LEGAL.get(roll)
    if legal is None:
        legal = _placements(_shown_faces(roll))
        if len(_LEGAL) < _LEGAL_LIMIT:
            _LEGAL[roll] = legal
    return legal


_LEGAL: dict[Roll, tuple[Place, ...]] = {}
"""The placements each roll allows when the bandit is not played, kept once made (rolls repeat) up to
a bound."""
_LEGAL_LIMIT = 1 << 16


def roll_outcomes(own: int, big: int, neutral: int) -> list[tuple[Roll, float]]:
    """Every roll of `own` own dice, the Biggie if `big` and `neutral` neutral dice, with its chance."""
    own_table, neutral_table = _dice_table(own), _dice_table(neutral)
    biggies = [(f, 1 / 6) for f in range(1, 7)] if big else [(0, 1.0)]
    return [
        (Roll(o, b, n), po * pb * pn)
        for o, po in own_table.distribution()
        for b, pb in biggies
        for n, pn in neutral_table.distribution()
    ]


def check_roll(own: int, big: int, neutral: int, outcome: object) -> None:
    """Raise `IllegalAction` (saying what is expected) unless `outcome` is a roll of `own` own dice, the
    Biggie if `big` and `neutral` neutral dice."""
    if not (
        isinstance(outcome, Roll)
        and _dice_table(own).contains(outcome.own)
        and _dice_table(neutral).contains(outcome.neutral)
        and (0 < outcome.biggie <= 6 if big else outcome.biggie == 0)
    ):
        raise IllegalAction(f"a roll of {_roll_words(own, big, neutral)} is expected here, not {outcome}")


def _roll_words(own: int, big: int, neutral: int) -> str:
    parts = []
    if own:
        parts.append(f"{own} own {'die' if own == 1 else 'dice'}")
    if big:
        parts.append("the Biggie")
    if neutral:
        parts.append(f"{neutral} neutral {'die' if neutral == 1 else 'dice'}")
    return ", ".join(parts) or "no dice"
