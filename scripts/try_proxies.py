"""Try the deployment recipes of docs/deploy on this machine, with what is installed, and print what was
checked (exit 1 at the first check that fails).

- `systemd-analyze verify` on the units (their program's path put to this interpreter's `highroller`).
- A throwaway PostgreSQL started with docs/deploy/postgresql.conf, the table settings of
  postgresql-tables.sql applied, and the connections the processes hold counted against the bound
  the recipe gives.
- Two `highroller serve` processes and one `highroller bots`, run with their units' command lines (the
  instance, the database and the origin put in; options this highroller does not have yet left out,
  and said so; no warm-up).
- nginx and Caddy in turn, each with its recipe on a local port (plain HTTP: the TLS lines left out),
  and through it: the lobby page, a table made and joined over the API, a WebSocket per seat receiving
  the state, a move made on one and heard on both and by a long poll, the quota on creating tables
  counted by the address the proxy forwards (and not by one the client makes up), and one server
  stopped with SIGTERM while the proxy sends everything to the other.

    python scripts/try_proxies.py

Not part of the test suite: it needs nginx, Caddy and PostgreSQL (`apt-get install nginx caddy
postgresql`) and takes about a minute; a proxy that is not installed is skipped, and said so.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import click
import httpx2
import psycopg
from websockets.sync.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))

from deploy_units import DEPLOY, UNITS, command, instances  # noqa: E402
from postgres_server import free_port, postgres_server  # noqa: E402

from highroller.cli.main import cli  # noqa: E402
from highroller.web.settings import Settings  # noqa: E402

TRIAL_FLAGS = ["--no-warm-up"]
"""Added to the units' command lines: compiling the bots' playouts is no part of this trial."""
TABLE = {"game": "lasvegas", "options": {"players": 2}, "bots": [None, None]}


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SystemExit(f"FAILED: {what}")
    print(f"ok: {what}")


def runnable(args: list[str], replace: dict[str, str]) -> list[str]:
    """A unit's command line as this highroller runs it: the values of `replace`'s options changed,
    and the options its command does not have left out (said so)."""
    known = cli.get_command(click.Context(cli), args[0])
    assert known is not None
    names = {name for parameter in known.params for name in [*parameter.opts, *parameter.secondary_opts]}
    kept, words = [args[0]], iter(args[1:])
    for word in words:
        value = None if word.startswith("--no-") else next(words)
        if word not in names:
            print(f"  (left out {word} {value or ''}: not an option of this highroller {args[0]})")
            continue
        kept += [word] if value is None else [word, replace.get(word, value)]
    return kept


def start(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as output:
        return subprocess.Popen(
            [sys.executable, "-c", "from highroller.cli.main import main; main()", *args, *TRIAL_FLAGS],
            stdout=output,
            stderr=subprocess.STDOUT,
        )


def wait_for(url: str, process: subprocess.Popen[Any], log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"FAILED: {process.args!r} exited:\n{log.read_text()}")
        try:
            if httpx2.get(url, timeout=2).status_code == 200:
                return
        except httpx2.HTTPError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"FAILED: {url} did not answer in 60 s:\n{log.read_text()}")


def stop(process: subprocess.Popen[Any]) -> float:
    """SIGTERM, as systemd's KillSignal; the seconds until the process was gone."""
    began = time.monotonic()
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    return time.monotonic() - began


class Fleet:
    """The servers of highroller@.service on their ports, and the bot worker of highroller-bots.service."""

    def __init__(self, database: str, origin: str, scratch: Path) -> None:
        self.database, self.origin, self.scratch = database, origin, scratch
        self.ports = [free_port() for _ in instances()]
        self.servers: dict[int, subprocess.Popen[bytes]] = {}
        self.replace = {"--metrics-dir": str(scratch / "metrics"), "--metrics-port": str(free_port())}
        (scratch / "metrics").mkdir()

    def variables(self) -> dict[str, str]:
        return {"HIGHROLLER_DB": self.database, "HIGHROLLER_ORIGIN": self.origin}

    def start_server(self, port: int) -> None:
        args = runnable(command("highroller@.service", str(port), self.variables()), self.replace)
        log = self.scratch / f"serve-{port}.log"
        self.servers[port] = start(args, log)
        wait_for(f"http://127.0.0.1:{port}/healthz", self.servers[port], log)

    def start_bots(self) -> subprocess.Popen[bytes]:
        replace = {**self.replace, "--bot-processes": "1", "--metrics-port": str(free_port())}
        return start(
            runnable(command("highroller-bots.service", variables=self.variables()), replace), self.scratch / "bots.log"
        )

    def stop_all(self) -> None:
        for process in self.servers.values():
            stop(process)


def verify_units(scratch: Path) -> None:
    if shutil.which("systemd-analyze") is None:
        print("skipped: systemd-analyze is not installed, the units are not verified")
        return
    folder = scratch / "units"
    folder.mkdir()
    program = Path(sys.executable).with_name("highroller")
    for name in UNITS:
        text = (DEPLOY / name).read_text().replace("/opt/highroller/bin/highroller", str(program))
        (folder / name).write_text(text)
    names = [str(folder / name.replace("@.", f"@{instances()[0]}.")) for name in UNITS]
    verified = subprocess.run(["systemd-analyze", "verify", *names], capture_output=True, text=True, cwd=folder)
    said = (verified.stdout + verified.stderr).strip()
    check(verified.returncode == 0 and not said, f"systemd-analyze verify finds nothing to say of {', '.join(UNITS)}")


def check_postgres(database: str, ports: list[int]) -> None:
    with psycopg.connect(database, autocommit=True) as db:
        rows = db.execute(
            "SELECT name, current_setting(name), source FROM pg_settings WHERE sourcefile LIKE '%included.conf'"
        ).fetchall()
        written = re.findall(r"^(\w+) =", (DEPLOY / "postgresql.conf").read_text(), re.M)
        check(
            sorted(row[0] for row in rows) == sorted(written),
            "PostgreSQL took every setting of postgresql.conf: "
            + ", ".join(f"{name}={value}" for name, value, _ in rows),
        )
        db.execute((DEPLOY / "postgresql-tables.sql").read_text())
        options = db.execute("SELECT reloptions FROM pg_class WHERE relname = 'hr_steps'").fetchone()
        check(
            options is not None and "autovacuum_vacuum_scale_factor=0.02" in options[0],
            f"postgresql-tables.sql applies: hr_steps {options[0] if options else None}",
        )
        held = db.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()"
        ).fetchone()
    bound = len(ports) * (5 + 2 * Settings().advice_processes) + (5 + 1)
    check(
        held is not None and held[0] <= bound,
        f"the servers and the bot worker hold {held[0] if held else '?'} connections (the recipe's bound: {bound})",
    )


def nginx_site(fleet: Fleet, front: int) -> str:
    """docs/deploy/nginx.conf on a local port, in plain HTTP, in front of the fleet's ports."""
    site = (DEPLOY / "nginx.conf").read_text()
    site, redirects = re.subn(r"server \{\n    listen 80;.*?\n\}\n", "", site, flags=re.S)
    site = site.replace("listen 443 ssl http2;", f"listen 127.0.0.1:{front};").replace("listen [::]:443 ssl http2;", "")
    site, certificates = re.subn(r"\n\s*ssl_certificate.*;", "", site)
    assert redirects == 1 and certificates == 2, "the recipe's TLS lines are not where they were"
    return upstreams(site, fleet)


def upstreams(text: str, fleet: Fleet) -> str:
    for written, port in zip(instances(), fleet.ports, strict=True):
        text = text.replace(f"127.0.0.1:{written}", f"127.0.0.1:{port}")
    return text


@contextmanager
def nginx(fleet: Fleet, front: int, scratch: Path) -> Iterator[None]:
    folder = scratch / "nginx"
    folder.mkdir()
    (folder / "site.conf").write_text(nginx_site(fleet, front))
    temp = " ".join(
        f"{kind}_temp_path {folder}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    (folder / "nginx.conf").write_text(
        ("user root;\n" if os.geteuid() == 0 else "")
        + f"daemon off;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\nevents {{}}\n"
        f"http {{\n    access_log {folder}/access.log;\n    {temp}\n    include {folder}/site.conf;\n}}\n"
    )
    base = ["nginx", "-p", str(folder), "-e", str(folder / "error.log"), "-c", str(folder / "nginx.conf")]
    tested = subprocess.run([*base, "-t"], capture_output=True, text=True)
    check(tested.returncode == 0, f"nginx -t accepts the recipe: {tested.stderr.strip().splitlines()[-1]}")
    with running(base, f"http://127.0.0.1:{front}/healthz", folder / "error.log"):
        yield


@contextmanager
def caddy(fleet: Fleet, front: int, scratch: Path) -> Iterator[None]:
    folder = scratch / "caddy"
    folder.mkdir()
    site = (DEPLOY / "Caddyfile").read_text()
    site, named = re.subn(r"^dice\.example\.org \{", f"http://127.0.0.1:{front} {{", site, flags=re.M)
    assert named == 1, "the recipe's site address is not where it was"
    (folder / "Caddyfile").write_text("{\n\tadmin off\n}\n\n" + upstreams(site, fleet))
    os.environ.update(XDG_DATA_HOME=str(folder), XDG_CONFIG_HOME=str(folder))
    base = ["caddy", "run", "--adapter", "caddyfile", "--config", str(folder / "Caddyfile")]
    validated = subprocess.run(
        ["caddy", "validate", "--adapter", "caddyfile", "--config", str(folder / "Caddyfile")],
        capture_output=True,
        text=True,
    )
    check(validated.returncode == 0 and "not formatted" not in validated.stderr, "caddy validate accepts the recipe")
    with running(base, f"http://127.0.0.1:{front}/healthz", folder / "caddy.log"):
        yield


@contextmanager
def running(args: list[str], ready: str, log: Path) -> Iterator[None]:
    with log.open("ab") as output:
        process = subprocess.Popen(args, stdout=output, stderr=subprocess.STDOUT)
    try:
        wait_for(ready, process, log)
        yield
    finally:
        stop(process)


def client(front: int, address: str) -> httpx2.Client:
    """A client of the proxy whose connections come from `address` (any 127.x.y.z is this machine)."""
    transport = httpx2.HTTPTransport(local_address=address)
    return httpx2.Client(base_url=f"http://127.0.0.1:{front}", transport=transport, timeout=40)


def socket(stack: ExitStack, front: int, table: str, token: str, address: str) -> ClientConnection:
    uri = f"ws://127.0.0.1:{front}/ws/tables/{table}"
    sock = stack.enter_context(connect(uri, source_address=(address, 0), open_timeout=10))
    sock.send(json.dumps({"type": "hello", "token": token}))
    return sock


def heard(sock: ClientConnection, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        message: dict[str, Any] = json.loads(sock.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message.get("type") == "state" and wanted(message):
            return message
    raise SystemExit("FAILED: the WebSocket heard nothing of the kind in 30 s")


def on_move(state: dict[str, Any]) -> bool:
    """Whether a seat's state has somebody on move, with their choices if it is this seat."""
    return bool(state["current_player"] >= 0 and (state["legal"] or state["seat"] != state["current_player"]))


def try_proxy(name: str, fleet: Fleet, front: int, network: str) -> None:
    """Play through the proxy on `front` from addresses of `network` (127.x.y: a /24 of its own)."""
    ann, bob, watcher, counted, other = (f"{network}.{host}" for host in (2, 3, 4, 5, 6))
    with client(front, ann) as http:
        page = http.get("/")
        check(page.status_code == 200 and "<html" in page.text.lower(), f"{name}: the lobby page loads")
        made = http.post("/api/tables", json={**TABLE, "name": "Ann"})
        check(made.status_code == 201, f"{name}: a table is created over the API ({made.status_code})")
    table, tokens = made.json()["id"], {0: made.json()["token"]}
    with client(front, bob) as http:
        joined = http.post(f"/api/tables/{table}/join", json={"name": "Bob"}).json()
        tokens[joined["seat"]] = joined["token"]
    with ExitStack() as stack:
        sockets = {
            seat: socket(stack, front, table, token, address)
            for (seat, token), address in zip(tokens.items(), (ann, bob), strict=True)
        }
        states = {seat: heard(sock, on_move) for seat, sock in sockets.items()}
        check(
            all(state["id"] == table for state in states.values()),
            f"{name}: a WebSocket to /ws/tables/{{id}} per seat receives the table's state",
        )
        mover = next(seat for seat, state in states.items() if state["legal"])
        version = states[mover]["version"]
        with client(front, watcher) as http:
            poll: list[int] = []
            waiting = threading.Thread(
                target=lambda: poll.append(
                    http.get(f"/api/tables/{table}", params={"after": version}).json()["version"]
                )
            )
            waiting.start()
            time.sleep(1)  # the long poll is waiting at a server before the move
            action = states[mover]["legal"][0]["action"]
            sockets[mover].send(json.dumps({"type": "action", "version": version, "action": action}))
            after = {seat: heard(sock, lambda state: state["version"] > version) for seat, sock in sockets.items()}
            waiting.join(40)
        check(
            len(after) == 2,
            f"{name}: a move made on one WebSocket reaches both seats' (version {version} → {after[mover]['version']})",
        )
        check(bool(poll) and poll[0] > version, f"{name}: a long poll waiting through the proxy hears the move")
    try_forwarded(name, front, counted, other)
    try_failover(name, fleet, front, ann)


def try_forwarded(name: str, front: int, counted: str, other: str) -> None:
    """The server counts the tables made by the address the proxy forwards."""
    cap = Settings().creates_per_minute
    with client(front, counted) as http:
        answers = [http.post("/api/tables", json=TABLE) for _ in range(cap + 1)]
        codes = [answer.status_code for answer in answers]
        check(
            codes == [201] * cap + [429] and answers[-1].json()["code"] == "rate-limited",
            f"{name}: {counted} may create {cap} tables a minute, and the next is refused",
        )
        made_up = http.post("/api/tables", json=TABLE, headers={"X-Forwarded-For": "198.51.100.7"})
        check(
            made_up.status_code == 429,
            f"{name}: a forwarded address the client makes up is replaced by the proxy (still refused)",
        )
    with client(front, other) as http:
        check(
            http.post("/api/tables", json=TABLE).status_code == 201,
            f"{name}: {other}, another address behind the same proxy, may still create a table",
        )


def try_failover(name: str, fleet: Fleet, front: int, address: str) -> None:
    """One server stopped as systemd stops it: the proxy sends everything to the other."""
    port = fleet.ports[0]
    seconds = stop(fleet.servers.pop(port))
    check(seconds < 7.5, f"{name}: the server on {port} stopped {seconds:.1f} s after SIGTERM (TimeoutStopSec=15)")
    with client(front, address) as http:
        codes = [http.get("/api/tables").status_code for _ in range(8)]
    check(codes == [200] * 8, f"{name}: with one server stopped, every request is answered by the other ({codes})")
    fleet.start_server(port)


def main() -> None:
    with ExitStack() as stack:
        scratch = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="highroller-deploy-")))
        verify_units(scratch)
        server = stack.enter_context(postgres_server(durable=True, settings=DEPLOY / "postgresql.conf"))
        database = server.new_database()
        front = free_port()
        fleet = Fleet(database, f"http://127.0.0.1:{front}", scratch)
        stack.callback(fleet.stop_all)
        for port in fleet.ports:
            fleet.start_server(port)
        bots = fleet.start_bots()
        stack.callback(stop, bots)
        check(bots.poll() is None, "highroller-bots.service's command runs")
        tried = 0
        for network, (name, proxy) in enumerate((("nginx", nginx), ("caddy", caddy)), start=1):
            if shutil.which(name) is None:
                print(f"skipped: {name} is not installed")
                continue
            with proxy(fleet, front, scratch):
                try_proxy(name, fleet, front, f"127.0.{network}")
            tried += 1
        check_postgres(database, fleet.ports)
        print(f"done: {tried} proxies tried; the processes' output is in {scratch} until now")


if __name__ == "__main__":
    main()
