"""The `highroller` command line: play, replay, simulate, bench, and each game's own tools."""
