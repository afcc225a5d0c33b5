"""The phases of a Las Vegas game, shared by the state and the code that reads and types its steps."""

STOCK, LEFTOVER, ROLL, CHOOSE, OVER = range(5)
PHASES = ("stock", "leftover-neutral", "roll", "choose", "over")
"""Phase names as `view()` shows them, indexed by the constants above."""
