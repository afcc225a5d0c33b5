"""The site's origin: where people's browsers reach the server, the site passkeys are made for, and
where sign-in links, their QR codes and notifications point. It comes from configuration only, never
from a request (a request's `Host` header is whatever its sender wrote): the host's `--public-origin`,
else the address `highroller serve` listens on.

A loopback address (127.0.0.1, ::1, localhost) gives `http://localhost:PORT`: WebAuthn refuses an IP
address as a relying party's id, and browsers treat localhost as a secure context. A wildcard address
(0.0.0.0, ::) gives the machine's own address on its network, so that a phone on the same network can
open links and scan QR codes; it is found without sending anything, as the source address the system
would use for a public address (a UDP socket's `connect` only picks a route).
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

LOCAL_ORIGIN = "http://localhost:8000"
"""The origin of `highroller serve` run with its defaults; that of an app made without one (tests)."""
LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})
WILDCARD = frozenset({"0.0.0.0", "::", ""})
PUBLIC_ADDRESSES = ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1"))
"""Documentation addresses (RFC 5737, RFC 3849) that stand for "the internet" when asking the system
for a route: no packet is ever sent to them."""


def checked_origin(text: str) -> str:
    """An origin as browsers write it (`scheme://host[:port]`: lower case, the scheme's default port
    left out), or ValueError saying what an origin is."""
    parts = urlsplit(text.strip().rstrip("/"))
    try:
        port = parts.port
    except ValueError:
        port = -1
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if (
        scheme not in ("http", "https")
        or not host
        or port == -1
        or parts.username
        or parts.password
        or parts.path
        or parts.query
        or parts.fragment
    ):
        raise ValueError(
            f"{text!r} is not an origin: give the site's address as browsers see it, http(s)://host[:port], without a "
            f"path"
        )
    shown = f"[{host}]" if ":" in host else host
    default = {"http": 80, "https": 443}[scheme]
    return f"{scheme}://{shown}" if port in (None, default) else f"{scheme}://{shown}:{port}"


def listening_origin(host: str, port: int) -> str:
    """The origin of a server listening on `host` and `port` with no public origin given."""
    if host in LOOPBACK or _is_loopback(host):
        return f"http://localhost:{port}"
    if host in WILDCARD:
        address = lan_address(socket.AF_INET6 if ":" in host else socket.AF_INET) or lan_address(socket.AF_INET)
        return checked_origin(f"http://{_bracketed(address)}:{port}") if address else f"http://localhost:{port}"
    return checked_origin(f"http://{_bracketed(host)}:{port}")


def lan_address(family: socket.AddressFamily) -> str | None:
    """This machine's address on its network in `family` (IPv4 or IPv6): the source address of its
    route to the internet, found without sending anything; None when it has no such route."""
    target = dict(PUBLIC_ADDRESSES)[family]
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect((target, 9))
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if _is_loopback(address) or address in WILDCARD else address


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host else host
