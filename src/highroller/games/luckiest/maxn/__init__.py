"""Luckiest Dice played to win by three players or more, as max-n: the solution over every score
situation (`solution`) on its grid of situations (`grid`), a turn solved for many situations at once
(`turn`, on the compiled kernel: `kernel`), the solutions kept on disk for play (`store`) and what they
say (`report`)."""
