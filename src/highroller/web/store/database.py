"""The store: every query of the tables, the same on both backends, composed from the queries of each
aggregate; a backend supplies the connection (`highroller.web.store.dialects`)."""

from __future__ import annotations

from highroller.web.store.admin_queries import AdminQueries
from highroller.web.store.chat_queries import ChatQueries
from highroller.web.store.expiry_queries import ExpiryQueries
from highroller.web.store.finish_queries import FinishQueries
from highroller.web.store.lease_queries import LeaseQueries
from highroller.web.store.metric_queries import MetricQueries
from highroller.web.store.presence_queries import PresenceQueries
from highroller.web.store.quota_queries import QuotaQueries
from highroller.web.store.seat_queries import SeatQueries
from highroller.web.store.social_queries import SocialQueries
from highroller.web.store.step_queries import StepQueries
from highroller.web.store.table_queries import TableQueries


class Store(
    TableQueries,
    SeatQueries,
    StepQueries,
    PresenceQueries,
    LeaseQueries,
    QuotaQueries,
    ExpiryQueries,
    FinishQueries,
    SocialQueries,
    ChatQueries,
    MetricQueries,
    AdminQueries,
):
    """The schema and every query, shared by both backends; subclasses supply the connection."""
