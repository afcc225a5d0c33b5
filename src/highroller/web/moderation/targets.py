"""What a ban stores of what the host typed: an address or a network as the keyed hash quotas store
(`highroller.web.http.quotas`: an IPv4 address, an IPv6 /64; an IPv4 /24, an IPv6 /48), so no address is
kept as it is; a profile by its id."""

from __future__ import annotations

import ipaddress

from highroller.web.http.quotas import IPV4_NETWORK, IPV6_NETWORK, Quotas, address_of

ADDRESS, NETWORK, PROFILE = "address", "network", "profile"
"""The kinds of ban."""


class BadTarget(ValueError):
    """What the host typed is no address or network a ban can hold; the message says what is allowed."""


def label(stored: str) -> str:
    """What the ban list shows of a banned address or network: the start of its hash (never the address)."""
    return "#" + stored[:10]


def address_target(quotas: Quotas, text: str) -> tuple[str, str]:
    """(the stored hash, its `label`) of a ban of an address (an IPv6 address is banned with its /64)."""
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        raise BadTarget(f"{text!r} is not an IP address (such as 203.0.113.7 or 2001:db8::7)") from None
    if address.is_loopback:
        raise BadTarget("the server's own machine (a loopback address) is never banned by address")
    stored = quotas.origin(address_of(str(address))).address
    return stored, label(stored)


def network_target(quotas: Quotas, text: str) -> tuple[str, str]:
    """(the stored hash, its `label`) of a ban of a network: an address's network, or a CIDR the size
    quotas count networks by (an IPv4 /24, an IPv6 /48)."""
    try:
        network = ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        raise BadTarget(f"{text!r} is neither an IP address nor a network such as 203.0.113.0/24") from None
    size = IPV4_NETWORK if network.version == 4 else IPV6_NETWORK
    if "/" in text and network.prefixlen != size:
        raise BadTarget(
            f"a network is banned as an IPv4 /{IPV4_NETWORK} or an IPv6 /{IPV6_NETWORK}, not /{network.prefixlen}"
        )
    if network.network_address.is_loopback:
        raise BadTarget("the server's own machine (a loopback network) is never banned")
    stored = quotas.origin(str(network.network_address)).network
    return stored, label(stored)
