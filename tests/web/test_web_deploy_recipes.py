"""The deployment recipes of docs/deploy agree with the program: every `highroller …` command line of the
units is one its command-line parser accepts, the units hold what the recipe promises (hardening, stop,
restart, their own directories), and Caddy and nginx send to the ports and paths the servers serve.
(scripts/try_proxies.py runs them for real, with nginx, Caddy and PostgreSQL installed.)"""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from deploy_units import DEPLOY, UNITS, command, instances, unit

from highroller.cli.main import cli
from highroller.web.app import create_app
from highroller.web.http.stopping import STOP_LIMIT
from highroller.web.settings import Settings
from highroller.web.store.dialects import open_store

PROXIES = ("Caddyfile", "nginx.conf")
HARDENING = {
    "NoNewPrivileges": "yes",
    "ProtectSystem": "strict",
    "ProtectHome": "yes",
    "PrivateTmp": "yes",
    "RestrictAddressFamilies": "AF_INET AF_INET6 AF_UNIX AF_NETLINK",
    "RestrictSUIDSGID": "yes",
    "CapabilityBoundingSet": "",
}


def option(args: list[str], name: str) -> str:
    return args[args.index(name) + 1]


def upstreams(proxy: str) -> set[tuple[str, int]]:
    """The (host, port) pairs a proxy's recipe sends to."""
    found = re.findall(r"(\d+\.\d+\.\d+\.\d+):(\d+)", (DEPLOY / proxy).read_text())
    return {(host, int(port)) for host, port in found}


@pytest.mark.parametrize("name", UNITS)
def test_the_command_line_of_each_unit_is_accepted_by_highroller(name: str) -> None:
    args = command(name)
    top = click.Context(cli, info_name="highroller")
    found = cli.get_command(top, args[0])
    assert found is not None, args[0]
    context = found.make_context(args[0], args[1:], parent=top, resilient_parsing=False)
    assert not context.args, context.args  # nothing left over that the command would not read


@pytest.mark.parametrize("name", UNITS)
def test_each_unit_is_hardened_restarted_and_stopped_in_time(name: str) -> None:
    read = unit(name)
    service = read["Service"]
    assert read["Unit"]["Description"] and read["Install"]["WantedBy"] == "multi-user.target"
    assert {key: service.get(key) for key in HARDENING} == HARDENING
    assert service["Restart"] == "on-failure" and service["KillSignal"] == "SIGTERM"
    assert float(service["TimeoutStopSec"]) > STOP_LIMIT
    assert service.get("DynamicUser") == "yes" or service["User"] == "highroller"
    assert service["StateDirectory"] == "highroller" and service["CacheDirectory"] == "highroller"


@pytest.mark.parametrize("name", UNITS)
def test_each_unit_writes_only_into_its_own_directories(name: str) -> None:
    service, args = unit(name)["Service"], command(name)
    assert option(args, "--metrics-dir") == "/run/" + service["RuntimeDirectory"]
    database = option(args, "--db")
    if database.startswith("postgresql://"):  # from the environment file, which the unit reads
        assert "${HIGHROLLER_DB}" in service["ExecStart"] and service["EnvironmentFile"]
    else:
        assert Path(database).parent == Path("/var/lib") / service["StateDirectory"]


def test_the_instances_serve_on_loopback_behind_a_trusted_proxy() -> None:
    args = command("highroller@.service")
    assert option(args, "--bot-processes") == "0"  # the bots are highroller-bots.service's
    assert option(args, "--host") == option(args, "--forwarded-allow-ips") == "127.0.0.1"
    assert option(args, "--public-origin").startswith("https://")
    assert "--metrics-port" not in args  # every instance would want the same port


@pytest.mark.parametrize("proxy", PROXIES)
def test_each_proxy_sends_to_the_instances_the_units_run(proxy: str) -> None:
    host = option(command("highroller@.service"), "--host")
    assert upstreams(proxy) == {(host, port) for port in instances()}
    assert len(instances()) == 2
    metrics = {int(option(command(name), "--metrics-port")) for name in UNITS if "--metrics-port" in command(name)}
    assert metrics == {9101} and not metrics & set(instances())


def test_the_paths_the_proxies_name_are_the_servers(tmp_path: Path) -> None:
    caddy, nginx = ((DEPLOY / proxy).read_text() for proxy in PROXIES)
    store = open_store(tmp_path / "tables.sqlite3")
    try:
        routes = {getattr(route, "path", None) for route in create_app(store, Settings()).routes}
    finally:
        store.close()
    checked = re.findall(r"health_uri (\S+)", caddy)
    assert checked == ["/healthz"] and set(checked) <= routes
    assert "/ws/tables/{table_id}" in routes
    # nginx passes every path (and WebSocket upgrades) to the servers; only certbot's challenges stay.
    assert re.findall(r"location (\S+)", nginx) == ["/.well-known/acme-challenge/", "/", "/"]
    assert re.findall(r"proxy_read_timeout (\d+)s", nginx) == ["120"]  # over a long poll's 25 s and the pings' 20 s


@pytest.mark.parametrize(("fence", "proxy"), [("text", "Caddyfile"), ("nginx", "nginx.conf")])
def test_the_proxy_configuration_docs_web_shows_is_the_recipes(fence: str, proxy: str) -> None:
    section = (DEPLOY.parent / "web.md").read_text().split("### Deployment recipes")[1].split("\n### ")[0]
    shown = re.findall(rf"```{fence}\n(.*?)```", section, re.S)
    assert len(shown) == 1
    recipe = {line.strip() for line in (DEPLOY / proxy).read_text().splitlines()}
    assert [line for line in shown[0].splitlines() if line.strip() not in recipe] == []


@pytest.mark.parametrize("name", ["highroller@.service", "highroller-bots.service"])
def test_docs_web_shows_the_command_line_of_the_unit(name: str) -> None:
    line = " ".join(unit(name)["Service"]["ExecStart"].split()).replace("/opt/highroller/bin/highroller", "highroller")
    assert f"`{line}`" in (DEPLOY.parent / "web.md").read_text()
