"""The site's origin comes from configuration only: `--public-origin` as browsers write it, else the
address `highroller serve` listens on (localhost for a loopback address, the machine's network address
for a wildcard one), never a request's `Host`; `serve` says which it uses."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
import pytest
from click.testing import CliRunner
from conftest import UNLIMITED
from postgres_server import free_port

from highroller.cli.serve import serve as serve_command
from highroller.web.people import origin
from highroller.web.people.origin import checked_origin, lan_address, listening_origin


@pytest.mark.parametrize(
    ("given", "origin_seen"),
    [
        ("https://Dice.Example.org/", "https://dice.example.org"),
        ("https://dice.example.org:443", "https://dice.example.org"),
        ("http://dice.example.org:80", "http://dice.example.org"),
        ("http://localhost:8000", "http://localhost:8000"),
        ("http://[::1]:8000", "http://[::1]:8000"),
    ],
)
def test_an_origin_is_written_as_browsers_write_it(given: str, origin_seen: str) -> None:
    assert checked_origin(given) == origin_seen


@pytest.mark.parametrize(
    "given",
    [
        "dice.example.org",
        "ftp://dice.example.org",
        "https://dice.example.org/play",
        "https://a@dice.example.org",
        "https://dice.example.org:99999",
        "https://dice.example.org/?x",
        "https://",
    ],
)
def test_what_is_not_an_origin_is_refused(given: str) -> None:
    with pytest.raises(ValueError, match="is not an origin"):
        checked_origin(given)


def test_a_loopback_address_is_localhost_and_a_wildcard_the_machines_own(monkeypatch: pytest.MonkeyPatch) -> None:
    for host in ("127.0.0.1", "::1", "localhost", "127.0.0.2"):
        assert listening_origin(host, 8123) == "http://localhost:8123"
    assert listening_origin("192.168.1.20", 80) == "http://192.168.1.20"
    assert listening_origin("dice.lan", 8000) == "http://dice.lan:8000"
    monkeypatch.setattr(
        origin, "lan_address", lambda family: {socket.AF_INET: "192.168.1.20", socket.AF_INET6: "2001:db8::20"}[family]
    )
    assert listening_origin("0.0.0.0", 8000) == "http://192.168.1.20:8000"
    assert listening_origin("::", 8000) == "http://[2001:db8::20]:8000"
    monkeypatch.setattr(origin, "lan_address", lambda family: None)
    assert listening_origin("0.0.0.0", 8000) == "http://localhost:8000"  # no network: this machine alone


def test_the_machines_address_is_found_without_sending_anything(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[Any] = []
    monkeypatch.setattr(socket.socket, "send", lambda *args: sent.append(args))
    monkeypatch.setattr(socket.socket, "sendto", lambda *args: sent.append(args))
    found = lan_address(socket.AF_INET)
    assert found is None or (found not in ("127.0.0.1", "0.0.0.0") and socket.inet_aton(found))
    assert sent == []


def test_a_bad_public_origin_stops_the_server_at_once() -> None:
    result = CliRunner().invoke(serve_command, ["--public-origin", "dice.example.org/play"])
    assert result.exit_code == 2 and "is not an origin" in result.output


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_server_on_a_loopback_address_links_to_localhost_whatever_the_host(serve: Callable[..., Any]) -> None:
    server = serve()
    key = httpx2.post(server.url + "/api/profiles", json={"name": "Ann", "languages": ["en"]}).json()["key"]
    local = f"http://localhost:{server.port}"
    for host in (f"127.0.0.1:{server.port}", "evil.example"):
        link = httpx2.post(server.url + "/api/me/links", headers={"X-Profile": key, "Host": host}).json()["link"]
        assert link.startswith(local + "/signin#")
    assert httpx2.get(server.url + "/api/signin/site").json() == {"origin": local, "rp_id": "localhost"}


def test_serve_says_which_origin_it_uses(tmp_path: Path) -> None:
    port = free_port()
    command = [
        sys.executable,
        "-c",
        "from highroller.cli.main import main; main()",
        "serve",
        "--port",
        str(port),
        "--db",
        str(tmp_path / "t.sqlite3"),
        *UNLIMITED,
    ]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True) as server:
        try:
            assert server.stdout is not None
            said = [server.stdout.readline().strip() for _ in range(2)]
        finally:
            server.kill()
    assert said[0].endswith(f"; open http://localhost:{port}/")
    assert (
        said[1] == f"highroller: sign-in links, QR codes, passkeys and notifications use http://localhost:{port}; "
        f"--public-origin sets the site's address"
    )
