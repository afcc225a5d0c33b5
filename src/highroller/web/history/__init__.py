"""A profile's finished games: their history, statistics and export, read from the finishes stored as
games end (`highroller.web.store.finish_queries`), never by loading a game but for a record."""
