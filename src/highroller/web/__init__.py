"""Play in the browser: a multiplayer server (`highroller serve`) and a web app for every registered game.

The server knows games only through the engine API and the registry; each game's drawing is one
JavaScript module in the game's folder (`board.js`, named by its spec, served at `/boards/<game>.js`).
Import `highroller.web.app` for the application.
"""
