"""Where tables live: one store over SQLite (the embedded default) or PostgreSQL (several processes).

The database is the only truth. A table is its header (game, resolved options, seed, timer…), its
seats (name or bot, the hash of the seat token, whether a stand-in plays for an absent person) and
the steps played so far in record form, only ever appended. Every change is a compare-and-set on the
table's `revision` (or its step count), and a step is accepted only if it is the next one (the primary
key of `hr_steps`), so two processes can never both accept a step. On PostgreSQL every change also
is announced with `NOTIFY highroller` as soon as it is committed, so every server process hears of it
(`listen`).

`Store` (`database`) is every query of the tables, composed from one class per aggregate (`table_queries`,
`seat_queries`, `step_queries`, `presence_queries`, `lease_queries`, `quota_queries`, `expiry_queries`) over
the writes they share (`row_writes`) and the transaction (`transaction`); `dialects` supplies the connection,
SQLite's or PostgreSQL's. What it stores and returns is `rows`; the database schema, `database_schema`; the
change notifications, `changes`. The web's other modules with tables of their own (profiles, push, ratings…)
query them through `Store.transaction` and `Store.run`.
"""
