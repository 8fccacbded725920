"""The relay's rooms, routing and reconnection, spoken to by hand on 127.0.0.1."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

import pytest

from core.net.relay import Relay
from core.net.rooms import CODE_ALPHABET
from tests.net.relay_fixtures import Raw, room_of, running_relay, still_serves


@pytest.fixture
async def relay() -> AsyncIterator[Relay]:
    async with running_relay() as relay:
        yield relay


async def test_hello_answers_with_version_capabilities_and_limits(relay: Relay) -> None:
    client = await Raw.open(relay.address)
    hello = (await client.hello())["p"]
    assert hello["versions"] == [1] and "public" in hello["caps"]
    assert hello["max_frame"] == relay.limits.max_frame
    assert 0 < hello["max_payload"] < hello["max_frame"]


async def test_a_room_has_an_unguessable_id_a_short_code_and_a_token(relay: Relay) -> None:
    host = await Raw.open(relay.address)
    created = await host.create([1, 2])
    code = created["p"]["code"]
    assert len(code) == 11 and set(code.replace("-", "")) <= set(CODE_ALPHABET)
    assert len(created["room"]) >= 22  # 128 random bits in URL-safe base64
    assert len(created["p"]["token"]) >= 22


async def test_guests_join_by_code_at_a_seat_or_the_first_free_one(relay: Relay) -> None:
    host = await Raw.open(relay.address)
    code = (await host.create([1, 2, 3]))["p"]["code"]
    second = await Raw.open(relay.address)
    assert (await second.join(code, 2))["seat"] == 2
    first = await Raw.open(relay.address)
    joined = await first.join(code.lower())  # a code is read regardless of case
    assert joined["seat"] == 1 and joined["p"]["host"] is True
    notices = [await host.expect("presence") for _ in range(2)]
    assert [(n["seat"], n["p"]["state"]) for n in notices] == [(2, "joined"), (1, "joined")]


async def test_a_frame_for_a_seat_reaches_that_seat_only(relay: Relay) -> None:
    host, _, (one, two) = await room_of(relay.address, [1, 2])
    host.send("data", seat=1, seq=1, p=b"for one")
    host.send("public", seq=2, p=b"for all")
    got = await one.expect("data")
    assert (got["seat"], got["p"], got["seq"]) == (1, b"for one", 1)
    assert (await one.expect("public"))["p"] == b"for all"
    # Seat 2's first message is the public one: the frame for seat 1 never came to it.
    public = await two.expect("public")
    assert (public["p"], public["seq"], public.get("seat")) == (b"for all", 1, None)


async def test_a_guest_frame_goes_to_the_host_marked_with_its_seat(relay: Relay) -> None:
    host, _, (one, two) = await room_of(relay.address, [1, 2])
    two.send("data", seq=1, p=b"my move")
    got = await host.expect("data")
    assert (got["seat"], got["p"]) == (2, b"my move")
    host.send("data", seat=2, seq=1, p=b"ok")
    assert (await two.expect("data"))["ack"] == 1  # the relay acknowledges what it took
    one.send("data", seq=1, p=b"me too")
    assert (await host.expect("data"))["seat"] == 1


@pytest.mark.parametrize(("kind", "fields"), [("data", {"seat": 2}), ("public", {})])
async def test_a_guest_cannot_address_seats(relay: Relay, kind: str,
                                            fields: dict[str, int]) -> None:
    host, _, (one, two) = await room_of(relay.address, [1, 2])
    one.send(kind, seq=1, p=b"sneaky", **fields)
    assert await one.ended() == "forbidden"
    notice = await host.expect("presence")
    assert (notice["seat"], notice["p"]["state"]) == (1, "away")
    host.send("data", seat=2, seq=1, p=b"fine")
    assert (await two.expect("data"))["p"] == b"fine"


async def test_the_host_cannot_address_a_seat_it_did_not_offer(relay: Relay) -> None:
    host, _, _ = await room_of(relay.address, [1])
    host.send("data", seat=5, seq=1, p=b"?")
    assert await host.ended() == "unknown_seat"


async def test_a_frame_for_an_empty_seat_is_dropped(relay: Relay) -> None:
    host = await Raw.open(relay.address)
    await host.create([1, 2])
    host.send("data", seat=2, seq=1, p=b"nobody")
    host.send("ping")
    assert (await host.expect("pong"))["ack"] == 1
    assert relay.counters["dropped_empty_seat"] == 1


@pytest.mark.parametrize("seat", [None, 1, 7])
async def test_a_seat_that_cannot_be_had_is_a_bad_code(relay: Relay, seat: int | None) -> None:
    _, created, _ = await room_of(relay.address, [1])
    late = await Raw.open(relay.address)
    await late.hello()
    late.send("join", seat=seat, p={"code": created["p"]["code"]})
    assert await late.ended() == "bad_code"


async def test_a_wrong_code_is_refused(relay: Relay) -> None:
    guest = await Raw.open(relay.address)
    await guest.hello()
    guest.send("join", p={"code": "ZZZZZ-ZZZZZ"})
    assert await guest.ended() == "bad_code"
    await still_serves(relay)


async def test_a_wrong_token_or_room_is_refused(relay: Relay) -> None:
    _, created, _ = await room_of(relay.address, [1])
    for room, token in ((created["room"], "x" * 32), ("no-such-room", created["p"]["token"])):
        thief = await Raw.open(relay.address)
        await thief.hello()
        thief.send("reconnect", room=room, p={"token": token})
        assert await thief.ended() == "bad_token"
    await still_serves(relay)


async def test_a_guest_reconnects_with_its_token_and_gets_frames_again(relay: Relay) -> None:
    host = await Raw.open(relay.address)
    created = await host.create([1])
    guest = await Raw.open(relay.address)
    token = (await guest.join(created["p"]["code"], 1))["p"]["token"]
    await host.expect("presence")
    host.send("data", seat=1, seq=1, p=b"one")
    assert (await guest.expect("data"))["seq"] == 1
    guest.close()
    assert (await host.expect("presence"))["p"]["state"] == "away"
    host.send("data", seat=1, seq=2, p=b"lost while away")
    back = await Raw.open(relay.address)
    resumed = await back.reconnect(created["room"], token, ack=1)
    assert (resumed["seat"], resumed["p"]) == (1, {"missed": 1, "host": True})
    notice = await host.expect("presence")
    assert (notice["seat"], notice["p"]["state"]) == (1, "back")
    host.send("data", seat=1, seq=3, p=b"again")
    got = await back.expect("data")
    assert (got["p"], got["seq"]) == (b"again", 3)


async def test_a_second_connection_with_the_token_replaces_the_first(relay: Relay) -> None:
    host = await Raw.open(relay.address)
    created = await host.create([1])
    first = await Raw.open(relay.address)
    token = (await first.join(created["p"]["code"], 1))["p"]["token"]
    await host.expect("presence")
    second = await Raw.open(relay.address)
    await second.reconnect(created["room"], token)
    assert await first.ended() == "replaced"
    assert (await host.expect("presence"))["p"]["state"] == "back"
    host.send("data", seat=1, seq=1, p=b"to the new one")
    assert (await second.expect("data"))["p"] == b"to the new one"


async def test_frames_resent_after_a_reconnect_are_forwarded_once(relay: Relay) -> None:
    host = await Raw.open(relay.address)
    created = await host.create([1])
    guest = await Raw.open(relay.address)
    token = (await guest.join(created["p"]["code"], 1))["p"]["token"]
    await host.expect("presence")
    guest.send("data", seq=1, p=b"a")
    guest.send("data", seq=2, p=b"b")
    assert [(await host.expect("data"))["p"] for _ in range(2)] == [b"a", b"b"]
    guest.close()
    await host.expect("presence")
    back = await Raw.open(relay.address)
    assert (await back.reconnect(created["room"], token))["ack"] == 2
    back.send("data", seq=2, p=b"b")  # its ack was lost: the client resends it
    back.send("data", seq=3, p=b"c")
    assert (await host.expect("presence"))["p"]["state"] == "back"
    assert (await host.expect("data"))["p"] == b"c"
    assert relay.counters["duplicates"] == 1
    back.send("data", seq=5, p=b"gap")
    assert await back.ended() == "bad_envelope"


async def test_the_host_comes_back_within_the_grace_period(relay: Relay) -> None:
    host, created, (guest,) = await room_of(relay.address, [1])
    host.close()
    notice = await guest.expect("presence")
    assert (notice.get("seat"), notice["p"]["state"]) == (None, "away")
    back = await Raw.open(relay.address)
    resumed = await back.reconnect(created["room"], created["p"]["token"])
    assert resumed["p"] == {"missed": 0, "seats": [1],
                            "rate_messages": relay.limits.allowance(1)}
    assert (await guest.expect("presence"))["p"]["state"] == "back"
    guest.send("data", seq=1, p=b"hi")
    assert (await back.expect("data"))["p"] == b"hi"


async def test_a_room_closes_when_its_host_stays_away() -> None:
    async with running_relay(host_grace=0.05) as relay:
        host, created, (guest,) = await room_of(relay.address, [1])
        host.close()
        await guest.expect("presence")
        assert await guest.ended() == "host_gone"
        late = await Raw.open(relay.address)
        await late.hello()
        late.send("join", p={"code": created["p"]["code"]})
        assert await late.ended() == "bad_code"
        await still_serves(relay)


async def test_the_log_names_a_room_but_never_its_code(
        relay: Relay, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="fractal.relay")
    host, created, (guest,) = await room_of(relay.address, [1])
    guest.send("close")
    assert await guest.ended() == "left"
    assert (await host.expect("presence"))["p"]["state"] == "left"
    host.send("close")
    assert await host.ended() == "room_closed"
    code = created["p"]["code"].replace("-", "")
    said = "\n".join(caplog.messages)
    assert created["room"][:8] in said and said.count("room") >= 3
    assert code not in said.replace("-", "") and created["p"]["code"] not in said


async def test_the_host_closes_the_room(relay: Relay) -> None:
    host, _, (one, two) = await room_of(relay.address, [1, 2])
    host.send("close")
    assert await host.ended() == "room_closed"
    assert await one.ended() == "room_closed"
    assert await two.ended() == "room_closed"
    assert not relay.rooms.by_id


async def test_a_guest_that_leaves_frees_its_seat(relay: Relay) -> None:
    host, created, (guest,) = await room_of(relay.address, [1])
    guest.send("close")
    assert await guest.ended() == "left"
    notice = await host.expect("presence")
    assert (notice["seat"], notice["p"]["state"]) == (1, "left")
    newcomer = await Raw.open(relay.address)
    assert (await newcomer.join(created["p"]["code"]))["seat"] == 1


async def test_rooms_are_capped_per_address_and_in_total() -> None:
    async with running_relay(max_rooms_per_address=1, max_rooms=1) as relay:
        first = await Raw.open(relay.address)
        await first.create([1])
        second = await Raw.open(relay.address)
        await second.hello()
        second.send("create", p={"seats": [1]})
        assert await second.ended() == "too_many_rooms"
        first.send("close")
        assert await first.ended() == "room_closed"
        await still_serves(relay)


@pytest.mark.parametrize("seats", [[], [1, 1], list(range(8)), "all", [300]])
async def test_a_room_needs_a_sensible_list_of_seats(relay: Relay, seats: object) -> None:
    host = await Raw.open(relay.address)
    await host.hello()
    host.send("create", p={"seats": seats})
    assert await host.ended() == "bad_request"


async def test_stopping_the_relay_tells_everyone(relay: Relay) -> None:
    host, _, (guest,) = await room_of(relay.address, [1])
    lobby = await Raw.open(relay.address)
    await lobby.hello()
    await relay.stop()
    assert [await c.ended() for c in (host, guest, lobby)] == ["shutdown"] * 3
    assert relay.counters["closed_shutdown"] == 3
