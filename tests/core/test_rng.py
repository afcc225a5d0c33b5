"""The counter-based stream: reproducible, distinct per counter and per seed, the same values as ever
(records and golden files depend on them), and the same on NumPy uint64 arrays as on Python ints."""

from __future__ import annotations

import numpy as np

from highroller.core.rng import Stream, derive_seed, draw64, draw64_block, first_seat, mix64, stream_key


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
    ones = sum(draw64(key, n).bit_count() for n in range(2000))
    assert abs(ones / (2000 * 64) - 0.5) < 0.01


def test_values_never_change() -> None:
    assert [mix64(0), mix64(1), mix64(-1)] == [0, 6238072747940578789, 13029008266876403067]
    assert [draw64(stream_key(7), n) for n in range(3)] == [
        9672475392221035855,
        5573481420429128725,
        17358316652931856208,
    ]
    assert [derive_seed(1, "bot", 0), derive_seed(2024, "first-player"), derive_seed(5, 3, "game")] == [
        3295555964480607869,
        6601928585232712256,
        1189159183848634250,
    ]


def test_arrays_give_what_ints_give() -> None:
    words = np.array([0, 1, 7, 2**63 - 1, 2**63, 2**64 - 1, 0x9E3779B97F4A7C15], dtype=np.uint64)
    counters = np.arange(words.size, dtype=np.uint64) * np.uint64(1_000_003)
    assert mix64(words).tolist() == [mix64(int(w)) for w in words]
    assert draw64(stream_key(words), counters).tolist() == [
        draw64(stream_key(int(w)), int(c)) for w, c in zip(words, counters)
    ]
    assert derive_seed(words, "bot", 3).tolist() == [derive_seed(int(w), "bot", 3) for w in words]
    assert derive_seed(5, words).tolist() == [derive_seed(5, int(w)) for w in words]
    assert first_seat(words, 5).tolist() == [derive_seed(int(w), "first-player") % 5 for w in words]


def test_a_stream_draws_what_draw64_draws_in_any_order() -> None:
    seed = 2**64 - 5  # a key above 2**63 goes through NumPy's uint64 as through Python ints
    expected = [draw64(stream_key(seed), n) for n in range(3 * Stream.BLOCK)]
    in_order = Stream(seed)
    assert [in_order.draw(n) for n in range(len(expected))] == expected
    jumping = Stream(seed)
    order = [Stream.BLOCK + 7, 3, 2 * Stream.BLOCK + 40, 0, Stream.SINGLE - 1, Stream.SINGLE, 1]
    assert [jumping.draw(n) for n in order] == [expected[n] for n in order]


def test_a_block_of_draws_is_draw64_of_each_counter() -> None:
    for seed in (0, 7, 2**63 + 11, 2**64 - 1):
        key = stream_key(seed)
        for start, count in ((0, 1), (0, 128), (5, 3), (2**40, 17)):
            assert draw64_block(key, start, count) == [draw64(key, n) for n in range(start, start + count)]


def test_a_copy_drawing_from_further_on_gets_a_block_at_once() -> None:
    stream = Stream(3)
    stream.draw(Stream.SINGLE + 50)
    assert len(stream._draws) == Stream.BLOCK  # one block from draw 0, no draws one at a time first
    assert stream._draws == [draw64(stream_key(3), n) for n in range(Stream.BLOCK)]


def test_a_stream_is_shared_by_copies_of_a_state_and_a_new_seed_gets_its_own() -> None:
    import random

    from highroller.registry import make

    state = make("lasvegas", players=3).new_game(11)
    copy = state.clone()
    assert copy._stream is state._stream
    redrawn = state.resample(0, random.Random(1))
    assert redrawn._stream is not state._stream
    assert redrawn._stream.draw(0) == draw64(stream_key(redrawn.seed), 0)


def test_a_stream_shared_by_threads_keeps_every_draw_in_its_place() -> None:
    import threading

    for seed in range(20):
        stream = Stream(seed)
        counters = [list(range(start, 3 * Stream.BLOCK, 7)) for start in range(4)]
        seen: list[list[int]] = [[] for _ in counters]
        threads = [
            threading.Thread(target=lambda i=i: seen[i].extend(stream.draw(n) for n in counters[i]))
            for i in range(len(counters))
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        key = stream_key(seed)
        assert seen == [[draw64(key, n) for n in ns] for ns in counters]


def test_a_state_with_its_stream_survives_pickling_and_copying() -> None:
    import copy
    import pickle

    from highroller.registry import make

    state = make("lasvegas", players=3).new_game(5)
    while state.chance_count < 40:
        state.apply(state.sample_chance() if state.is_chance() else state.legal_actions()[0])
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert [other._stream.draw(n) for n in range(300)] == [draw64(stream_key(5), n) for n in range(300)]
        assert other == state and other.view(None) == state.view(None)
