"""Batch simulation: games played many at a time on arrays, with the same rules as the step engine.

The generic parts live here (engine protocol, seeds, multi-process runner, record export,
benchmarks); each game's compiled engine is its folder's `batch.py`, named by its spec's `batch`.
Nothing here is imported by `import highroller`: Numba loads only when a batch engine is used.
"""
