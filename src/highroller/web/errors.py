"""The one way the web server turns a request down: `Refused`, answered as `{"error", "code"}`."""

from __future__ import annotations


class Refused(Exception):
    """A request turned down with a reason; nothing changed. `status` is the HTTP status to answer,
    `retry_after` the seconds after which trying again may succeed (sent as `Retry-After`)."""

    def __init__(self, message: str, status: int = 400, code: str = "refused", *, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code
        self.retry_after = retry_after
