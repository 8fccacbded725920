"""How many wrong invite codes one address may try: a budget of failed joins per
address that refills slowly, so that guessing a code takes far longer than any room
stays open (docs/protocol.md, "Guessing an invite code").

The budget is a token bucket: ``join_failures`` at once, one more every ``join_refill``
seconds. While it is empty every join from the address is refused before its code is
looked at, so a refused try learns nothing, and each such try costs one more refill: a
client that does not back off waits longer, up to its whole budget and one refill after
its last try.
"""

from __future__ import annotations

import ipaddress
import math
from collections import OrderedDict

from core.net.limits import RelayLimits

# Addresses whose budget is being spent; beyond this the one that failed longest ago is
# forgotten, which bounds the memory an attacker with many addresses can take.
TRACKED = 100_000


def guessing_key(address: str) -> str:
    """The budget an address spends: an IPv6 host usually holds a whole /64, so the
    prefix is budgeted as one address; an IPv4 address mapped into IPv6 is itself."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return str(parsed)


class _Budget:
    __slots__ = ("level", "stamp")

    def __init__(self, level: float, stamp: float) -> None:
        self.level = level
        self.stamp = stamp


class JoinGuard:
    """The failed-join budgets of the addresses that spent some."""

    def __init__(self, limits: RelayLimits, tracked: int = TRACKED) -> None:
        self._capacity = float(limits.join_failures)
        self._rate = 1.0 / limits.join_refill
        self._tracked = tracked
        self._budgets: OrderedDict[str, _Budget] = OrderedDict()

    def __len__(self) -> int:
        return len(self._budgets)

    def refusal(self, address: str, now: float) -> str | None:
        """Why a join from ``address`` is refused at ``now``, or None to let it try."""
        key = guessing_key(address)
        budget = self._budgets.get(key)
        if budget is None:
            return None
        level = self._level(budget, now)
        if level >= self._capacity:
            del self._budgets[key]  # whole again: nothing to remember
            return None
        if level >= 1.0:
            return None
        budget.level = max(level - 1.0, -self._capacity)
        wait = math.ceil((1.0 - budget.level) / self._rate)
        return f"too many wrong invite codes from your address: try again in {wait} s"

    def failed(self, address: str, now: float) -> None:
        """A join from ``address`` named no free seat of an open room."""
        key = guessing_key(address)
        budget = self._budgets.pop(key, None)
        if budget is None:
            budget = _Budget(self._capacity, now)
            while len(self._budgets) >= self._tracked:
                self._budgets.popitem(last=False)
        budget.level = self._level(budget, now) - 1.0
        self._budgets[key] = budget  # the most recent failure last

    def _level(self, budget: _Budget, now: float) -> float:
        budget.level = min(self._capacity, budget.level + (now - budget.stamp) * self._rate)
        budget.stamp = now
        return budget.level
