"""The exceptions every part of highroller raises for bad input: rules, actions, records and data files."""

from __future__ import annotations


class HighrollerError(Exception):
    """Base class of every error highroller raises on purpose."""


class RulesError(HighrollerError, ValueError):
    """A game's options are impossible; the message names the option and what is allowed."""


class IllegalAction(HighrollerError, ValueError):
    """An action or chance outcome was refused; the state is unchanged. The message lists what is legal."""


class RecordError(HighrollerError, ValueError):
    """A saved game record is malformed or does not replay; the message says where and why."""


class DataFileError(HighrollerError, ValueError):
    """A user-replaceable data file (bills, cards, dice faces) is malformed; the message names file and entry."""
