"""A long fuzzing run of the JSON API, for people who host it: what tests/web/test_web_fuzz.py does,
with many more requests.

Starts `highroller serve` on 127.0.0.1 with a fresh SQLite file in a temporary directory (every quota
and rate off), makes the test's real tables and lets Schemathesis send every operation of the
server's /openapi.json seeded valid and invalid requests, first as a spectator, then as a seated
player (half of `--seconds` each, operations taking turns `BATCH` requests at a time). Every answer
is checked: no server error, and a documented status, content type and body. Prints, per operation,
the requests sent and the statuses that came back, then every kind of failure with a curl command
that reproduces it (and what the server wrote to stderr); exits 1 if there was any.

    python benchmarks/web_fuzz.py                            # 2000 requests an operation each way, at most 600 s
    python benchmarks/web_fuzz.py --examples 5000 --seconds 1800 --seed 7
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "web"))
from conftest import _set_clock
from test_web_fuzz import Outcome, fuzz, fuzzed_schema, real_tables, start_server

moved = [0.0]


def move_clock(seconds: float) -> None:
    """Move the test clock of the server and its bot workers on (the rated table's profile must be a day old)."""
    moved[0] += seconds
    _set_clock(moved[0])


def show(way: str, outcomes: list[Outcome], seconds: float) -> None:
    print(f"{way}: {len(outcomes)} operations, {sum(o.sent for o in outcomes):,} requests in {seconds:.0f} s")
    width = max(len(o.label) for o in outcomes)
    for outcome in outcomes:
        statuses = "  ".join(f"{status}×{count}" for status, count in sorted(outcome.statuses.items()))
        print(f"  {outcome.label:<{width}}  {outcome.sent:>6}  {statuses}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--examples", type=int, default=2000, help="requests per operation, as a spectator and again seated"
    )
    parser.add_argument("--seconds", type=float, default=600.0, help="the longest the whole run may take (about)")
    parser.add_argument("--seed", type=int, default=2061, help="the seed of the generated requests")
    args = parser.parse_args()
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="highroller-fuzz-") as scratch:
        server = start_server(Path(scratch))
        try:
            for way in ("spectator", "seated"):
                began = time.monotonic()
                schema = fuzzed_schema(server.url, real_tables(server.url, move_clock), seated=way == "seated")
                outcomes = fuzz(schema, examples=args.examples, seconds=args.seconds / 2, seed=args.seed)
                show(way, outcomes, time.monotonic() - began)
                failures += [f"{way}, {o.label}: {report}" for o in outcomes for report in o.failures.values()]
        finally:
            server.kill()
        print(f"\n{len(failures)} kinds of failure" if failures else "\nno failures")
        for report in failures:
            print(f"\n{report}")
        if failures:
            server.print_errors()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
