"""Las Vegas's advice on a placement, in a language (its words are extracted into this folder's
catalog): the `expert` bot's chance of winning the game after each legal placement, or, where its
compiled playouts are not available (the batch extra missing, or still compiling in a process that
does not wait), what each placement would gain at its casino if the round were scored now. The
terminal's `?` (render.py) shows the same numbers."""

from __future__ import annotations

from highroller.core.advice import MoveAdvice, move_value
from highroller.core.advice import move_advice as advice_of
from highroller.core.firsttime import NotWarm
from highroller.core.rng import derive_seed
from highroller.core.state import State
from highroller.core.words import Words
from highroller.games.lasvegas.bots import placement_gain
from highroller.games.lasvegas.narrate import LasVegasNarration
from highroller.games.lasvegas.state import LasVegasState
from highroller.games.lasvegas.steps import Place

ADVICE_PLAYOUTS = 2000
"""Imagined futures per placement behind the advice's chances (about 0.1 s a decision)."""


def expert_chances(state: LasVegasState) -> dict[Place, float] | None:
    """The expert's chance of winning after each legal placement, or None without the compiled
    playouts (the batch extra) or while they are still being compiled in a process that does not wait
    for them. Seeded from the position's step number, never from the game's seed."""
    from highroller.games.lasvegas.expert import ExpertBot

    try:
        bot = ExpertBot(derive_seed(0, "advice", len(state.history)), playouts=ADVICE_PLAYOUTS, lookahead=0)
        return dict(bot.chances(state))
    except (ImportError, NotWarm):
        return None


def placement_gains(state: LasVegasState) -> dict[Place, int]:
    """Each legal placement with the mover's gain at its casino if the round were scored right after it."""
    return {action: placement_gain(state, action) for action in state.legal_actions()}


def move_advice(state: State, seat: int, w: Words) -> MoveAdvice | None:
    """The placements of `seat` valued by the expert's chances (measure "chance"), else by their gain
    if the round were scored now (measure "money"); None when `seat` is not placing."""
    assert isinstance(state, LasVegasState)
    if state.current_player != seat or state.roll is None:
        return None
    narration = LasVegasNarration(w)
    chances = expert_chances(state)
    if chances is not None:
        best = max(chances, key=lambda action: chances[action])
        moves = [
            move_value(action.to_json(), narration.label(action), chance, "chance")
            for action, chance in chances.items()
        ]
        return advice_of("chance", w("Your chance of winning after each placement (expert bot)"), moves, best.to_json())
    gains = placement_gains(state)
    best = max(gains, key=lambda action: gains[action])
    moves = [move_value(action.to_json(), narration.label(action), gain, "money") for action, gain in gains.items()]
    return advice_of(
        "money", w("Your gain at that casino if the round were scored right after the placement"), moves, best.to_json()
    )
