"""The work done beside the web server, never inside it: the bot workers that claim due automatic moves
and play them in processes of their own (`botwork`, `thinking`), hints and advice (`hints`) and
finished games' replays (`replays`) worked out in a pool of advice processes, and every game's slow
first-time work done when a process starts (`warmup`)."""
