"""Limits per client and for the whole server: the settings, who a client is, and the per-client counters.

A client is its address: the peer of the connection, or, when that peer is
a trusted proxy, the rightmost address of ``X-Forwarded-For`` that is not a
trusted proxy. IPv6 clients are counted by their /64 network (one host
holds a whole /64).

>>> nets = networks(["10.0.0.0/8"])
>>> client_address("10.1.2.3", ["198.51.100.7, 10.9.9.9"], nets)
'198.51.100.7'
>>> client_address("198.51.100.7", ["203.0.113.1"], nets)  # an untrusted peer cannot forge the header
'198.51.100.7'
>>> client_key("2001:db8:1:2:3:4:5:6")
'2001:db8:1:2::/64'
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .protocol import TokenBucket

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True)
class Limits:
    """The server's limits; 0 turns a per-client limit off."""

    #: seconds a connection has to send a whole request (from its opening, or the end of the previous response)
    header_timeout: float = 10.0
    #: seconds an idle keep-alive HTTP connection stays open
    idle_timeout: float = 5.0
    #: open connections the whole server holds at once (HTTP and websockets)
    max_connections: int = 1000
    #: the largest request head (request line and headers), in bytes
    max_header_bytes: int = 8192
    #: open HTTP connections per direct peer address (trusted proxies are not counted), and open websockets per client
    client_connections: int = 32
    #: HTTP requests (websocket upgrades included) per client per second; bursts of 5 times as many
    client_requests: float = 20.0
    #: websocket messages per client per second, over all its connections; bursts of twice as many
    client_messages: float = 200.0
    #: tables one client may create per minute (bursts of as many)
    client_tables: int = 10
    #: tables one client may have waiting for their start at once
    client_waiting: int = 5
    #: addresses or networks of proxies whose X-Forwarded-For is believed
    trusted_proxies: tuple[str, ...] = ()
    #: tables listed by GET /api/tables at most
    lobby_size: int = 100

    def proxies(self) -> list[Network]:
        return networks(self.trusted_proxies)


def networks(specs: Iterable[str]) -> list[Network]:
    """Parse addresses and CIDR networks (ValueError for a bad one)."""
    return [ipaddress.ip_network(s.strip(), strict=False) for s in specs]


def _trusted(address: str, nets: Sequence[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in nets)


def is_trusted(address: str, nets: Sequence[Network]) -> bool:
    """Whether ``address`` is one of the trusted proxies."""
    return bool(nets) and _trusted(address, nets)


def client_address(peer: str, forwarded: Sequence[str], nets: Sequence[Network]) -> str:
    """The client behind ``peer``: the rightmost untrusted hop of X-Forwarded-For when ``peer`` is trusted."""
    if not is_trusted(peer, nets):
        return peer
    hops = [h.strip() for value in forwarded for h in value.split(",") if h.strip()]
    for hop in reversed(hops):
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            return peer  # a hop that is not an address: believe nothing further left
        if not _trusted(hop, nets):
            return hop
    return hops[0] if hops else peer


def client_key(address: str) -> str:
    """The key a client is counted under: its IPv4 address, or its IPv6 /64 network."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def creator_id(secret: str, key: str) -> str:
    """What the database keeps of a client who creates a table (to count its tables over every worker): a keyed hash
    of its key, never the address itself.

    >>> creator_id("s", "198.51.100.7") == creator_id("s", "198.51.100.7") != creator_id("t", "198.51.100.7")
    True
    """
    return hmac.new(secret.encode(), key.encode(), hashlib.sha256).hexdigest()[:32]


class Buckets:
    """One token bucket per client; buckets that have filled up again are forgotten, so memory stays bounded.

    >>> b = Buckets(rate=1.0, burst=2.0)
    >>> b.take("a"), b.take("a"), b.take("a"), b.take("b")
    (True, True, False, True)
    """

    def __init__(self, rate: float, burst: float, *, most: int = 100_000) -> None:
        self.rate, self.burst, self.most = rate, burst, most
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, key: str) -> bool:
        """Take one token for ``key`` (True), or refuse (False: over the limit). A rate of 0 allows everything."""
        if self.rate <= 0:
            return True
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.most:
                self._prune()
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
        return bucket.wait() == 0.0

    def _prune(self) -> None:
        """Forget the buckets that are full again (their clients are idle); if none is, the oldest half."""
        now = time.monotonic()
        full = [k for k, b in self.buckets.items() if b.tokens + (now - b.stamp) * b.rate >= b.burst]
        for k in full or list(self.buckets)[: len(self.buckets) // 2]:
            del self.buckets[k]


class Counts:
    """Open things (connections) per client, with a cap; 0: no cap.

    >>> c = Counts(1)
    >>> c.enter("a"), c.enter("a"), c.enter("b")
    (True, False, True)
    >>> c.leave("a"); c.enter("a")
    True
    """

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.open: dict[str, int] = {}

    def enter(self, key: str) -> bool:
        n = self.open.get(key, 0)
        if self.cap and n >= self.cap:
            return False
        self.open[key] = n + 1
        return True

    def leave(self, key: str) -> None:
        n = self.open.get(key, 0) - 1
        if n > 0:
            self.open[key] = n
        else:
            self.open.pop(key, None)
