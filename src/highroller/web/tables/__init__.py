"""Live tables: each server process's copies of the tables its clients watch, kept true to the store,
and the changes people make to them; what each seat sees of them (`snapshots`, `table_summary`), their
log in words (`log_words`, `table_log`), loading them without replaying their games (`table_load`,
`checkpoints`), the rules of whose turn it is (`turns`), who is at them (`presence`), their WebSocket
(`table_socket`) and finished games' replays (`replays`)."""
