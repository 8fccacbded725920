"""Invite codes cannot be guessed: long enough for the rate the relay admits, one answer
for every join that fails, and a budget of failed joins per address that runs out."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from typing import Any

import pytest

from core.net.guesses import JoinGuard, guessing_key
from core.net.limits import RelayLimits
from core.net.relay import Relay
from core.net.rooms import CODE_ALPHABET, CODE_LENGTH, normalize_code
from tests.net.relay_fixtures import Raw, room_of, running_relay

YEAR = 365 * 24 * 3600
OPEN_ROOMS = 1_000_000


@pytest.fixture
async def relay() -> AsyncIterator[Relay]:
    async with running_relay() as relay:
        yield relay


def test_a_year_of_guessing_at_the_admitted_rate_finds_no_room_of_a_million() -> None:
    """docs/protocol.md, "Guessing an invite code": the arithmetic."""
    limits = RelayLimits()
    guesses = limits.join_failures + YEAR / limits.join_refill  # the most one address gets
    codes = len(CODE_ALPHABET) ** CODE_LENGTH
    assert guesses * OPEN_ROOMS / codes < 1 / 1000
    assert math.log2(codes) > 49


async def test_a_room_s_code_is_read_in_two_halves_and_typed_any_way(relay: Relay) -> None:
    host = await Raw.open(relay.address)
    code = (await host.create([1, 2]))["p"]["code"]
    first, dash, second = code.partition("-")
    assert dash and len(first) == len(second) == CODE_LENGTH // 2
    assert set(first + second) <= set(CODE_ALPHABET)
    guest = await Raw.open(relay.address)
    assert (await guest.join(f" {first.lower()} {second} "))["seat"] == 1
    assert normalize_code(code) == first + second


async def failed_join(address: str, code: str, seat: int | None = None) -> dict[str, Any]:
    guest = await Raw.open(address)
    await guest.hello()
    guest.send("join", seat=seat, p={"code": code})
    message = await guest.next()
    assert message is not None and message["t"] == "error", message
    return dict(message["p"])


async def test_a_full_room_a_taken_seat_and_a_wrong_code_get_the_same_answer() -> None:
    async with running_relay(join_failures=100) as relay:
        _, created, _ = await room_of(relay.address, [1, 2], taken=[1])
        code = created["p"]["code"]
        answers = [await failed_join(relay.address, code, 1),  # taken
                   await failed_join(relay.address, code, 7)]  # not offered
        _, full_created, _ = await room_of(relay.address, [1])
        answers.append(await failed_join(relay.address, full_created["p"]["code"]))  # full
        wrong = "".join(reversed(code))
        answers.append(await failed_join(relay.address, wrong if wrong != code else "ZZZZZ"))
        assert all(answer == answers[0] for answer in answers), answers
        assert answers[0]["code"] == "bad_code"


async def test_an_address_that_spends_its_budget_waits_even_with_the_right_code() -> None:
    async with running_relay(join_failures=3, join_refill=600.0) as relay:
        _, created, _ = await room_of(relay.address, [1, 2], taken=[])
        for _ in range(3):
            assert (await failed_join(relay.address, "2222222222"))["code"] == "bad_code"
        refused = await failed_join(relay.address, created["p"]["code"])
        assert refused["code"] == "too_many_failures"
        assert refused["reason"].startswith("too many wrong invite codes from your address")
        assert relay.counters["refused_join"] == 1
        host = await Raw.open(relay.address)
        assert (await host.create([1]))["p"]["code"]  # creating a room is not joining one


def test_the_budget_refills_and_a_client_that_does_not_wait_waits_longer() -> None:
    guard = JoinGuard(RelayLimits(join_failures=2, join_refill=60.0))
    assert guard.refusal("10.0.0.1", 0.0) is None
    guard.failed("10.0.0.1", 0.0)
    guard.failed("10.0.0.1", 0.0)
    assert guard.refusal("10.0.0.2", 0.0) is None  # another address has its own budget
    # At 30 s the next failure is 30 s away; trying anyway costs one more refill.
    assert guard.refusal("10.0.0.1", 30.0) == ("too many wrong invite codes from your "
                                               "address: try again in 90 s")
    assert guard.refusal("10.0.0.1", 120.0) is None
    guard.failed("10.0.0.1", 120.0)
    for second in range(121, 1121):  # a client that never waits...
        assert guard.refusal("10.0.0.1", float(second)) is not None
    # ...is kept out for at most its budget and one refill more after its last try.
    assert guard.refusal("10.0.0.1", 1120.0 + 3 * 60.0) is None


def test_an_ipv6_address_is_budgeted_by_its_64_bit_prefix() -> None:
    assert guessing_key("2001:db8:1:2:aaaa::1") == guessing_key("2001:db8:1:2:bbbb::9")
    assert guessing_key("2001:db8:1:3::1") != guessing_key("2001:db8:1:2::1")
    assert guessing_key("::ffff:192.0.2.7") == guessing_key("192.0.2.7") == "192.0.2.7"
    assert guessing_key("unknown") == "unknown"


def test_the_guard_forgets_addresses_whose_budget_is_whole_and_holds_a_bounded_number() -> None:
    guard = JoinGuard(RelayLimits(join_failures=2, join_refill=10.0), tracked=3)
    for number in range(5):
        guard.failed(f"10.0.0.{number}", 0.0)
    assert len(guard) == 3
    assert guard.refusal("10.0.0.4", 100.0) is None
    assert len(guard) == 2
