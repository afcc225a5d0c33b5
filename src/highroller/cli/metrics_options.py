"""The metrics options of `highroller serve` and `highroller bots` (`--metrics-port`, `--metrics-host`,
`--metrics-dir`; `serve` adds `--metrics-token`), setting up prometheus-client's multi-process mode before
anything imports it, and the listener serving `/metrics` on a port of its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from prometheus_client import CollectorRegistry


def metrics_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options of the metrics listener and the shared metrics directory."""
    options = [
        click.option(
            "--metrics/--no-metrics",
            "metrics",
            default=True,
            show_default=True,
            help="Keep Prometheus metrics (--no-metrics: count nothing, serve no /metrics).",
        ),
        click.option(
            "--metrics-port",
            default=None,
            type=click.IntRange(1, 65535),
            help="Serve /metrics (Prometheus) on this port, apart from the app (default: no listener).",
        ),
        click.option(
            "--metrics-host",
            default="127.0.0.1",
            show_default=True,
            help="Address the --metrics-port listener listens on.",
        ),
        click.option(
            "--metrics-dir",
            default=None,
            envvar="HIGHROLLER_METRICS_DIR",
            type=click.Path(file_okay=False),
            help="Directory shared by every serve and bots process of this machine, whose metrics /metrics adds up "
            "(default: a private temporary one).",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


token_option = click.option(
    "--metrics-token",
    default=None,
    envvar="HIGHROLLER_METRICS_TOKEN",
    help="Serve /metrics on the main port too, to requests with 'Authorization: Bearer TOKEN' (default: not there).",
)


def prepare_metrics(on: bool, directory: str | None, port: int | None, token: str | None = None) -> None:
    """Count this process and its children in `directory` (None: a private temporary one), or nothing
    when not `on` (then no listener `port`, shared `directory` or `token` may be asked for): call it
    before anything imports prometheus_client."""
    from highroller.web.metrics.multiprocess import prepare, switch_off

    if on:
        prepare(directory)
        return
    asked = {"--metrics-port": port, "--metrics-dir": directory, "--metrics-token": token}
    given = [name for name, value in asked.items() if value is not None]
    if given:
        raise click.UsageError(f"--no-metrics counts nothing: leave out {', '.join(given)}")
    switch_off()


def listen_metrics(host: str, port: int | None, registry: CollectorRegistry) -> None:
    """Start the /metrics listener on `host:port` (None: none), or a usage error saying why it cannot listen."""
    if port is None:
        return
    from highroller.web.metrics.exposition import start_listener

    try:
        start_listener(host, port, registry)
    except OSError as error:
        raise click.BadParameter(
            f"cannot listen on {host}:{port}: {error.strerror}", param_hint="--metrics-port"
        ) from error
    click.echo(f"highroller: metrics on http://{host}:{port}/metrics")
