"""Which placements a Las Vegas roll allows, as action codes: plain Python that both the step engine
(`state.py`) and the batch kernel (`batch_kernel.py`, which compiles it with Numba) call, so the two
cannot disagree. It stays a Python module: Numba compiles Python functions, not compiled ones."""

from __future__ import annotations


def legal_codes(shown: int, bandit_faces: int, bandit: bool) -> int:
    """The legal action codes as bits, from the faces a roll shows (bit f - 1 for face f) and the faces
    on the bandit (bit f for face f): every face shown on its casino and, if the bandit is played,
    on the bandit unless it is there already."""
    if bandit:
        return shown | ((shown & ~(bandit_faces >> 1)) << 6)
    return shown
