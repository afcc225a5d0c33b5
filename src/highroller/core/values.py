"""Checks of values read from JSON, TOML or keyword options, where Python's `bool` passes for an `int`.

JSON `true` must never be read as the number 1: every step decoder, record reader and option or
data-file check asks `is_whole` instead of `isinstance(value, int)`.
"""

from __future__ import annotations

from typing import TypeGuard


def is_whole(value: object) -> TypeGuard[int]:
    """Whether `value` is an integer and not a bool (`True` and `False` are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)
