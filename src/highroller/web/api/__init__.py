"""The HTTP JSON API under /api, one router per concern (`*_api`, `your_games`; the games' and tables'
together in `games_and_tables`), and a table's WebSocket (`table_socket`); what the routes read from a
request (`route_args`), the shapes of what clients send (`messages`) and of the answers (`answers`), the
interactive documentation (`apidocs`), and what the routes serve of the games (`game_info`, `guides`),
loaded before the server serves (`preload`)."""
