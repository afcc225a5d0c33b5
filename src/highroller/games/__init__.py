"""The games that ship with highroller: one folder each, and one line here to register it."""

BUILTIN_GAMES: dict[str, str] = {
    "lasvegas": "highroller.games.lasvegas.spec:SPEC",
    "lastchance": "highroller.games.lastchance.spec:SPEC",
    "luckiest": "highroller.games.luckiest.spec:SPEC",
}
