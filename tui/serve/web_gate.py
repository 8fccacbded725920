"""Who may reach ``fractal serve --web``, before anything starts for them.

A browser runs pages from every site its user visits, and each may try the server: on
loopback too, since the browser itself is on loopback. Three checks stand between such
a page and a client process that could load or overwrite the player's saves:

- the **Host** a request names must be one the server answers to (its own address, the
  other names of loopback, or ``--public-url``'s), or a site whose name was pointed at
  127.0.0.1 (DNS rebinding) could read the pages and open tabs as if it were this
  server;
- a websocket's **Origin** must be the server's own page: browsers always send it, and
  a page elsewhere cannot forge it;
- with a **token** (``--token``; on by default beyond loopback), nothing but the static
  files answers without it: the printed address carries it once, and the page keeps it
  as a cookie of this server's port, sent back with every request and the websocket.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from dataclasses import dataclass
from urllib.parse import urlsplit

from aiohttp import web

WILDCARDS = ("", "0.0.0.0", "::")
DEFAULT_PORTS = {"http": 80, "https": 443}
TOKEN_BYTES = 24  # 192 bits
OPEN_PATHS = ("/static/",)  # the page's scripts, styles and fonts: the same for everyone


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _netloc(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _names(scheme: str, host: str, port: int) -> set[str]:
    """The Host headers that name ``host:port``: the port may be left out when it is the
    scheme's own."""
    names = {_netloc(host, port)}
    if DEFAULT_PORTS.get(scheme) == port:
        names.add(f"[{host}]" if ":" in host else host)
    return names


def public_address(public_url: str) -> tuple[str, str, int]:
    """The scheme, host and port of ``--public-url``; ValueError if it is not one."""
    refusal = "--public-url must be an http:// or https:// address"
    parts = urlsplit(public_url)
    try:
        port = parts.port
    except ValueError:
        raise ValueError(refusal) from None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        raise ValueError(refusal)
    return parts.scheme, parts.hostname, port or DEFAULT_PORTS[parts.scheme]


@dataclass(frozen=True, slots=True)
class Gate:
    hosts: frozenset[str]  # the Host headers the server answers to, lowercase
    origins: frozenset[str]  # the Origins of its own page, lowercase
    token: str  # "" when none is asked for
    cookie: str  # the name the page keeps the token under
    secure: bool  # browsers reach the server by https (a proxy in front)

    @classmethod
    def of(cls, host: str, port: int, public_url: str | None, token: bool) -> Gate:
        """The gate of a server listening on ``host:port``; ValueError when a wildcard
        host leaves the server's own name unknown."""
        secure = False
        if host in WILDCARDS and public_url is None:
            raise ValueError("with a wildcard --host, --public-url must say how browsers "
                             "reach the server")
        # Loopback's names are the server's own wherever it listens on loopback (a
        # wildcard address does too): a proxy on the machine may use them.
        aliases = {"localhost", "127.0.0.1", "::1"} if (
            host in WILDCARDS or is_loopback(host)) else set()
        if host not in WILDCARDS:
            aliases.add(host)
        origins = {f"http://{name}" for alias in aliases for name in _names("http", alias, port)}
        if public_url is not None:
            scheme, public_host, public_port = public_address(public_url)
            secure = scheme == "https"
            origins |= {f"{scheme}://{name}"
                        for name in _names(scheme, public_host, public_port)}
        hosts = {origin.split("://", 1)[1] for origin in origins}
        return cls(frozenset(h.lower() for h in hosts), frozenset(o.lower() for o in origins),
                   secrets.token_urlsafe(TOKEN_BYTES) if token else "",
                   f"fractal-token-{port}", secure)

    def host_refusal(self, request: web.Request) -> str | None:
        name = request.headers.get("Host", "")
        if name.lower() in self.hosts:
            return None
        return f"it is not served under the name {name[:100]!r}"

    def origin_refusal(self, request: web.Request) -> str | None:
        origin = request.headers.get("Origin")
        if origin is not None and origin.lower() in self.origins:
            return None
        return f"origin {(origin or '')[:100]!r} is not this server's"

    def token_refusal(self, request: web.Request) -> str | None:
        if not self.token or request.path.startswith(OPEN_PATHS):
            return None
        given = request.cookies.get(self.cookie, "")
        if request.path == "/":
            given = request.query.get("token", given)
        if hmac.compare_digest(given.encode(), self.token.encode()):
            return None
        return "no token or a wrong one"

    def keep_token(self, request: web.Request, response: web.StreamResponse) -> None:
        """The page came with the token in its address: keep it as this port's cookie."""
        if self.token and "token" in request.query:
            response.set_cookie(self.cookie, self.token, path="/", httponly=True,
                                samesite="Strict", secure=self.secure)
