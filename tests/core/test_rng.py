"""The counter-based stream: reproducible, distinct per counter and per seed."""

from __future__ import annotations

from highroller.core.rng import derive_seed, draw64, stream_key


def test_draws_are_a_pure_function_of_seed_and_counter() -> None:
    key = stream_key(7)
    assert [draw64(key, n) for n in range(5)] == [draw64(stream_key(7), n) for n in range(5)]


def test_draws_differ_between_counters_and_seeds() -> None:
    draws = {draw64(stream_key(seed), n) for seed in range(20) for n in range(50)}
    assert len(draws) == 1000


def test_derived_seeds_are_stable_and_distinct() -> None:
    assert derive_seed(1, "bot", 0) == derive_seed(1, "bot", 0)
    assert len({derive_seed(1, "bot", s) for s in range(100)} | {derive_seed(2, "bot", 0)}) == 101
    assert 0 <= derive_seed(123, "x") < 1 << 63


def test_bits_are_balanced() -> None:
    key = stream_key(99)
    ones = sum(bin(draw64(key, n)).count("1") for n in range(2000))
    assert abs(ones / (2000 * 64) - 0.5) < 0.01
