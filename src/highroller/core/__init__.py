"""The game-agnostic engine: states, games, chance, records, bots and the API checker."""
