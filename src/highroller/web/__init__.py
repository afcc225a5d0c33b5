"""Play in the browser: a multiplayer server (`highroller serve`) and a web app for every registered game.

The server knows games only through the engine API and the registry; each game's drawing is one
JavaScript module in the game's folder (`board.js`, named by its spec, served at `/boards/<game>.js`).
Import `highroller.web.app` for the application.

By concern, lowest first: `store` (the database, the only truth), `http` (middlewares, rates and
quotas, refusals and the server's words), `tables` (each process's live copies of the tables and the
changes people make to them), `people` (profiles, devices, signing in, notifications), `ratings`
(rated tables and leaderboards), `bots` (bot moves, hints, advice and replays in worker processes) and
`api` (the routes and the table's WebSocket); `app`, `services` (the background work of a server
process), `settings` and `clock` stay here.
"""
