"""Who a request comes from (its device cookie, else its address) and the throttle of wrong
tries, on a wound clock."""

from __future__ import annotations

import pytest
from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine

from mathcards.classroom.server.clients import (
    DEVICE_COOKIE,
    MANY_CLIENTS,
    Throttle,
    address_of,
    client_of,
    device_of,
    from_this_machine,
    new_device,
)


def request(remote_ip: str, cookie: str | None = None) -> HTTPServerRequest:
    headers = HTTPHeaders({"Host": "10.0.0.5:8866", **({"Cookie": cookie} if cookie else {})})
    made = HTTPServerRequest(start_line=RequestStartLine("GET", "/", "HTTP/1.1"), headers=headers)
    made.remote_ip = remote_ip
    return made


def test_a_client_is_its_device_else_its_address():
    device = new_device()
    assert client_of(request("10.0.0.7", f"{DEVICE_COOKIE}={device}")) == device
    assert client_of(request("10.0.0.7")) == "10.0.0.7"
    for junk in ("short", "x" * 65, "not/a/token" * 3):
        assert device_of(request("10.0.0.7", f"{DEVICE_COOKIE}={junk}")) is None, junk
        assert client_of(request("10.0.0.7", f"{DEVICE_COOKIE}={junk}")) == "10.0.0.7"
    assert new_device() != device


@pytest.mark.parametrize(
    ("remote", "address"),
    [
        ("10.0.0.7", "10.0.0.7"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:bbbb::9", "2001:db8:1:2::/64"),  # one device, many addresses
        ("::ffff:10.0.0.7", "10.0.0.7"),
    ],
)
def test_an_ipv6_client_is_its_network(remote, address):
    assert address_of(request(remote)) == address


def test_this_machine_is_loopback():
    assert from_this_machine(request("127.0.0.1")) and from_this_machine(request("::1"))
    assert not from_this_machine(request("192.0.2.2"))


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_tenth_wrong_try_in_a_window_closes_the_door_for_the_pause():
    clock = Clock()
    throttle = Throttle(limit=10, window=60, pause=60, clock=clock)
    assert [throttle.wrong("a") for _ in range(9)] == [False] * 9
    assert not throttle.refused("a")
    clock.now = 59.0
    assert throttle.wrong("a") and throttle.refused("a") and throttle.wait("a") == 60
    assert not throttle.refused("b"), "per client"
    clock.now = 118.5
    assert throttle.refused("a") and throttle.wait("a") == 0.5
    clock.now = 119.0
    assert not throttle.refused("a"), "after the pause, afresh"
    assert not throttle.wrong("a")


def test_old_wrong_tries_fall_out_of_the_window():
    clock = Clock()
    throttle = Throttle(limit=3, window=60, clock=clock)
    throttle.wrong("a")
    throttle.wrong("a")
    clock.now = 60
    assert not throttle.wrong("a"), "the first two are a minute old"
    assert not throttle.wrong("a") and throttle.wrong("a")


def test_many_clients_are_forgotten_once_their_tries_are_old():
    clock = Clock()
    throttle = Throttle(clock=clock)
    for n in range(MANY_CLIENTS):
        throttle.wrong(f"10.0.{n // 256}.{n % 256}")
    assert len(throttle.tries) == MANY_CLIENTS
    clock.now = 61
    throttle.wrong("10.99.9.9")
    assert list(throttle.tries) == ["10.99.9.9"]
