"""Batch simulation: games played many at a time on arrays, with the same rules as the step engine.

The generic parts live here (engine protocol, seeds and every game's stream, dice, the compiled
kernels' random numbers and row layout, step logs read into records, multi-process runner,
benchmarks); each game's engine is its folder's `batch.py`, named by its spec's `batch`, and keeps
only what is its own.
Nothing here is imported by `import highroller`: Numba loads only when a batch engine is used.
"""
