"""Live tables: each server process's copies of the tables its clients watch, kept true to the store
(`table_copy`, `seated_copy`), the changes people make to them (`live_table`, checked by `action_steps`)
and every table the process holds (`held_tables`); what each seat sees of them (`snapshots`,
`table_summary`), their log in words (`log_words`, `table_log`), loading them without replaying their
games (`table_load`, `checkpoints`), the rules of whose turn it is (`turns`), who is at them
(`presence`), and the legal actions offered (`offer`)."""
