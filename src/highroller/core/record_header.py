"""The header that names a record's format: what `State.record` writes and `highroller.core.record_format`
checks before replaying one."""

FORMAT = "highroller-record"
"""The `format` of every record."""
VERSION = 1
"""The `version` of the records this highroller writes and reads."""
