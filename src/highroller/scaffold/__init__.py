"""A new dice game as a package of its own: `highroller new-game NAME` writes one that installs, plays,
passes its tests and is served at once (`write.write_game`), from the templates in `template/`."""
