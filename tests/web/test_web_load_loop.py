"""The load benchmark, small, as a test: people playing over WebSockets beside tables of bots, while
long tables no server process holds are asked for every second (each loaded from the store), and no
request may keep the server's event loop busy past 50 ms (its log says so:
`highroller.web.http.loopwatch`) or stop a client on an error (`benchmarks/web_load.py --check`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a server, bots and 80 clients for half a minute

LOAD = Path(__file__).resolve().parents[2] / "benchmarks" / "web_load.py"


def test_a_loaded_server_never_holds_its_event_loop_and_loads_cold_long_tables_beside_the_players() -> None:
    ran = subprocess.run(
        [
            sys.executable,
            str(LOAD),
            "--tables",
            "20",
            "--seconds",
            "30",
            "--bot-tables",
            "4",
            "--cold-gets",
            "8",
            "--check",
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )
    print(ran.stdout, ran.stderr)
    assert ran.returncode == 0
