"""Luckiest Dice: 12 dice, 14 bet cards, push your luck; with an exact solver for optimal play."""
