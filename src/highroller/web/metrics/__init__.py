"""Prometheus metrics of the web server and the bot workers: what they count (`registry`), several
processes of one machine counted together (`multiprocess`), the tables and the bot queue read from the
database at scrape time (`collectors`), the requests timed (`middleware`) and `/metrics` served
(`exposition`)."""
