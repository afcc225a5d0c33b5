"""Pig, a tiny dice game registered only by the tests: the proof that a game is one folder and one
registry line. Each turn a player rolls one die as often as they like, adding its face to the turn's
total, and holds to bank it; a 1 loses the turn's total and ends the turn. The first to reach the
target wins. The folder holds rules, steps, bots, words, a terminal drawing, a view and an encoder,
and no front end knows the game."""
