"""/metrics: the counters and histograms move as requests, actions, bot moves and refusals happen; the
tables are counted by state from the database; the main port serves it only with the metrics token
(and not at all without one, nor in the API's description); `--no-metrics` counts nothing; a listener
of its own serves it on another port; and the sample Grafana dashboard asks only for metrics the server
has."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import httpx2
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from prometheus_client import REGISTRY
from test_web_server import act, look, new_table, play_out, sit

from highroller.cli.main import cli
from highroller.web.metrics.exposition import start_listener
from highroller.web.metrics.multiprocess import OFF

DASHBOARD = Path(__file__).parents[2] / "docs" / "grafana" / "highroller.json"
TOKEN = "s3cret-metrics-token"


def value(name: str, **labels: str) -> float:
    """A sample of this process's metrics (0 when it has not been counted yet)."""
    return REGISTRY.get_sample_value(name, labels) or 0.0


def scraped(client: TestClient) -> str:
    response = client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain")
    return response.text


def test_requests_and_actions_are_counted_by_route_template_and_game(client: TestClient) -> None:
    route = "/api/tables/{table_id}/actions"
    requests_before = value("highroller_http_requests_total", route=route, method="POST", status="200")
    refused_before = value("highroller_http_requests_total", route=route, method="POST", status="409")
    actions_before = value("highroller_action_duration_seconds_count", game="lasvegas", via="http")
    stale_before = value("highroller_refusals_total", code="stale")
    queries_before = value("highroller_db_query_seconds_count", kind="_insert_steps")
    table = new_table(client)["id"]
    seats = dict(sit(client, table, name) for name in ("Ann", "Bob"))
    mover = look(client, table, seats[0])["current_player"]
    state = look(client, table, seats[mover])
    assert act(client, table, seats[mover], state["version"] - 1, state["legal"][0]["action"]).status_code == 409
    assert act(client, table, seats[mover], state["version"], state["legal"][0]["action"]).status_code == 200
    assert value("highroller_http_requests_total", route=route, method="POST", status="200") == requests_before + 1
    assert value("highroller_http_requests_total", route=route, method="POST", status="409") == refused_before + 1
    assert value("highroller_action_duration_seconds_count", game="lasvegas", via="http") == actions_before + 2
    assert value("highroller_refusals_total", code="stale") == stale_before + 1
    assert value("highroller_db_query_seconds_count", kind="_insert_steps") > queries_before
    assert client.get(f"/nothing/{table}").status_code == 404
    names = "".join(str(metric.samples) for metric in REGISTRY.collect() if metric.name.startswith("highroller_"))
    assert table not in names and seats[0] not in names  # never an id or a token as a label


def test_websocket_actions_and_open_connections_are_counted(client: TestClient) -> None:
    table = new_table(client)["id"]
    seats = dict(sit(client, table, name) for name in ("Ann", "Bob"))
    mover = look(client, table, seats[0])["current_player"]
    open_before = value("highroller_open_connections", kind="websocket")
    actions_before = value("highroller_action_duration_seconds_count", game="lasvegas", via="websocket")
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        assert value("highroller_open_connections", kind="websocket") == open_before + 1
        ws.send_text(json.dumps({"type": "hello", "token": seats[mover]}))
        state = ws.receive_json()
        ws.send_text(json.dumps({"type": "action", "version": state["version"], "action": state["legal"][0]["action"]}))
        assert ws.receive_json()["type"] == "state"
    assert value("highroller_action_duration_seconds_count", game="lasvegas", via="websocket") == actions_before + 1
    assert value("highroller_open_connections", kind="websocket") == open_before


def test_bot_moves_and_tables_by_state(make_client: Callable[..., TestClient]) -> None:
    client = make_client(metrics_token=TOKEN)
    moves_before = value("highroller_bot_moves_total", level="hard")
    table = new_table(client, "luckiest", {"players": 2, "rounds": 1}, [None, "hard"])["id"]
    unstarted = new_table(client)["id"]
    seat, token = sit(client, table, "Ann")
    play_out(client, table, {seat: token})
    assert value("highroller_bot_moves_total", level="hard") > moves_before
    assert value("highroller_bot_think_seconds_count", level="hard") > moves_before
    text = scraped(client)
    assert 'highroller_tables{game="luckiest",state="finished"} 1.0' in text
    assert 'highroller_tables{game="lasvegas",state="unstarted"} 1.0' in text
    assert "highroller_bot_queue_depth 0.0" in text
    assert unstarted not in text and table not in text


def test_metrics_on_the_main_port_need_the_token(make_client: Callable[..., TestClient]) -> None:
    without = make_client()
    missing = without.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert missing.status_code == 404 and missing.json()["code"] == "not-found"
    client = make_client(metrics_token=TOKEN)
    tries: list[dict[bytes, bytes]] = [
        {},
        {b"Authorization": b"Bearer wrong"},
        {b"Authorization": TOKEN.encode()},
        {b"Authorization": f"Bearer {TOKEN}".encode() + b"\xe9"},
    ]
    for headers in tries:
        refused = client.get("/metrics", headers=headers)
        assert refused.status_code == 401 and refused.json()["code"] == "metrics-token"
        assert TOKEN not in refused.text
    assert "highroller_http_requests_total" in scraped(client)
    assert "/metrics" not in client.get("/openapi.json").json()["paths"]


def test_a_metrics_listener_serves_only_metrics(client: TestClient) -> None:
    server = start_listener("127.0.0.1", 0, client.app.state.metrics)  # type: ignore[attr-defined]
    try:
        base = f"http://127.0.0.1:{server.server_port}"
        answer = httpx2.get(base + "/metrics", timeout=10)
        assert answer.status_code == 200 and "highroller_tables" in answer.text
        assert httpx2.get(base + "/api/games", timeout=10).status_code == 404
    finally:
        server.shutdown()
        server.server_close()


def dashboard_metrics() -> set[str]:
    """The metric names the dashboard's PromQL expressions use, without their series suffixes."""
    board = json.loads(DASHBOARD.read_text(encoding="utf-8"))
    expressions = [target["expr"] for panel in board["panels"] for target in panel.get("targets", [])]
    assert len(expressions) >= 10
    names = {name for expr in expressions for name in re.findall(r"\bhighroller_[a-z_]+", expr)}
    return {re.sub(r"_(bucket|count|sum|total)$", "", name) for name in names}


def test_the_grafana_dashboard_asks_for_metrics_the_server_has(make_client: Callable[..., TestClient]) -> None:
    client = make_client(metrics_token=TOKEN)
    client.get("/api/games")
    table = new_table(client, "luckiest", {"players": 2, "rounds": 1}, [None, "hard"])["id"]
    seat, token = sit(client, table, "Ann")
    play_out(client, table, {seat: token})
    exposed = {
        re.sub(r"_(bucket|count|sum|total|created)$", "", line.split()[2])
        for line in scraped(client).splitlines()
        if line.startswith("# TYPE ")
    }
    used = dashboard_metrics()
    assert {"highroller_http_requests", "highroller_action_duration_seconds", "highroller_tables"} <= used
    assert used <= exposed, used - exposed


@pytest.mark.parametrize(("method", "label"), [("BREW", "other"), ("GET", "GET")])
def test_unknown_paths_and_methods_have_bounded_labels(client: TestClient, method: str, label: str) -> None:
    status = client.request(method, "/no-such-path").status_code
    before = value("highroller_http_requests_total", route="other", method=label, status=str(status))
    client.request(method, "/no-such-path")
    assert value("highroller_http_requests_total", route="other", method=label, status=str(status)) == before + 1


COUNT_ONE_OF_EACH = """
from highroller.web.metrics import registry
registry.count_request("/api/games", "GET", 200, 0.01)
with registry.timed_action("lasvegas", "http"):
    pass
registry.refused("too-fast")
registry.queried("claim_due", 0.001)
print(sum(sample.value for metric in registry.REQUESTS.collect() for sample in metric.samples))
print(sum(sample.value for metric in registry.ACTION_SECONDS.collect() for sample in metric.samples))
"""


@pytest.mark.parametrize("switched_off", [False, True])
def test_no_metrics_leaves_every_hook_counting_nothing(switched_off: bool) -> None:
    environment = {key: value for key, value in os.environ.items() if key != OFF}
    if switched_off:
        environment[OFF] = "1"
    done = subprocess.run(
        [sys.executable, "-c", COUNT_ONE_OF_EACH], env=environment, capture_output=True, text=True, check=True
    )
    requests, actions = (float(line) for line in done.stdout.split())
    assert (requests == 0 and actions == 0) if switched_off else (requests > 0 and actions > 0)


@pytest.mark.parametrize(
    ("asked", "named"), [(["--metrics-port", "9999"], "--metrics-port"), (["--metrics-dir", "/tmp/x"], "--metrics-dir")]
)
def test_no_metrics_refuses_what_would_serve_or_share_them(asked: list[str], named: str) -> None:
    result = CliRunner().invoke(cli, ["serve", "--no-metrics", *asked])
    assert result.exit_code == 2 and f"--no-metrics counts nothing: leave out {named}" in result.output
