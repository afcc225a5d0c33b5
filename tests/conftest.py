"""The quick lane's guard: at the end of a run, the tests not marked `slow` that took longer than
`QUICK_SECONDS` are listed, so a slow test does not creep into `pytest -m "not slow"` unnoticed. It
reports and fails nothing: machines are shared and timings noisy."""

from __future__ import annotations

import pytest

QUICK_SECONDS = 5.0
"""The longest a test not marked `slow` should take (setup, call and teardown)."""

_taken: dict[str, float] = {}
_slow: set[str] = set()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _taken[report.nodeid] = _taken.get(report.nodeid, 0.0) + report.duration
    if "slow" in report.keywords:
        _slow.add(report.nodeid)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    long = sorted(
        ((seconds, test) for test, seconds in _taken.items() if seconds > QUICK_SECONDS and test not in _slow),
        reverse=True,
    )
    if long:
        terminalreporter.section(f"tests not marked slow that took over {QUICK_SECONDS:.0f} s (mark them slow)")
        for seconds, test in long:
            terminalreporter.write_line(f"{seconds:6.1f} s  {test}")
