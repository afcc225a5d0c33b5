"""The phases of a Last Chance game, shared by the state and the code that reads and types its steps."""

DRAW, AUCTION, BETS, ROLL, LOCK, OVER = range(6)
PHASES = ("draw", "auction", "bets", "roll", "lock", "over")
"""Phase names as `view()` shows them, indexed by the constants above."""
