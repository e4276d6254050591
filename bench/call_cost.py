"""What a call costs the server that answers it, by the way it is served: `--clients` clients
(300: a hall) each make one call a round within the same 100 ms, `--rounds` rounds, to a server
that answers at once; printed, the server's CPU a call, on a new connection a call and on a
connection kept, and each over the kernels' door's kept cost (docs/design.md#the-kernels-door).

Run: ``.venv/bin/python -m bench.call_cost [--clients 300] [--rounds 10]``. The servers, each
in a process of its own: tornado as the floor of `bench.live` serves (`Application`,
`RequestHandler`); the kernels' door (`mathcards.classroom.service.door`) with the same
handler; asyncio alone, reading the request and writing the answer itself (what no HTTP
framework costs). Every wait is bounded; each server is stopped at the end."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
from typing import Any

import psutil
import tornado.web

from mathcards.classroom.protocol import BACKLOG
from tests.classroom.threaded import free_port

SPREAD = 0.1  # seconds: every client calls within this, each round
CALL_SECONDS = 30.0  # one call, at most
BODY = json.dumps({"text": "8+7"}).encode()
SERVERS = ("tornado", "door", "asyncio")


class Echo(tornado.web.RequestHandler):
    def compute_etag(self) -> None:
        return None

    def post(self) -> None:
        self.finish({"result": {"seq": 0, "text": json.loads(self.request.body)["text"]}})


class Bare(asyncio.Protocol):
    """asyncio alone: each request read and answered by hand (no bounds: a bench's, not a
    server's)."""

    def connection_made(self, transport: Any) -> None:
        self.transport, self.buffer = transport, b""

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while (end := self.buffer.find(b"\r\n\r\n")) >= 0:
            length = 0
            for line in self.buffer[:end].split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                length = int(value) if name.lower() == b"content-length" else length
            if len(self.buffer) < end + 4 + length:
                return
            body, self.buffer = (
                self.buffer[end + 4 : end + 4 + length],
                self.buffer[end + 4 + length :],
            )
            out = json.dumps({"result": {"seq": 0, "text": json.loads(body)["text"]}}).encode()
            head = (
                b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
            )
            self.transport.write(head % len(out) + out)


async def serve(kind: str, port: int) -> None:
    """The server `kind` on `port`, until killed."""
    from mathcards.classroom.service.door import Door, listening

    if kind == "tornado":
        tornado.web.Application([(r"/call", Echo)]).listen(port, "127.0.0.1", backlog=BACKLOG)
    elif kind == "door":
        await Door([(r"/call", Echo)]).start(listening(port))
    else:
        await asyncio.get_running_loop().create_server(Bare, "127.0.0.1", port, backlog=BACKLOG)
    print("ready", flush=True)
    await asyncio.Event().wait()


async def call(port: int, kept: dict[int, Any], client: int, keep: bool) -> None:
    """One call of `client`'s, on its kept connection (or a new one, closed after)."""
    if client not in kept:
        kept[client] = await asyncio.open_connection("127.0.0.1", port)
    reader, writer = kept[client]
    close = b"" if keep else b"Connection: close\r\n"
    head = b"POST /call HTTP/1.1\r\nHost: 127.0.0.1\r\n%sContent-Length: %d\r\n\r\n"
    writer.write(head % (close, len(BODY)) + BODY)
    length = 0
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.partition(b":")
        length = int(value) if name.lower() == b"content-length" else length
    await reader.readexactly(length)
    if not keep:
        writer.close()
        del kept[client]


async def cost(port: int, server: psutil.Process, clients: int, rounds: int, keep: bool) -> float:
    """The server's CPU seconds a call, `rounds` rounds of every client calling once."""
    kept: dict[int, Any] = {}
    rng = random.Random(20)

    async def later(client: int) -> None:
        await asyncio.sleep(rng.uniform(0, SPREAD))
        await asyncio.wait_for(call(port, kept, client, keep), CALL_SECONDS)

    if keep:  # every connection open before the rounds: what is measured is the calls
        await asyncio.gather(*(call(port, kept, client, keep) for client in range(clients)))
    before = sum(server.cpu_times()[:2])
    for _ in range(rounds):
        await asyncio.gather(*(later(client) for client in range(clients)))
    spent = sum(server.cpu_times()[:2]) - before
    for _, writer in kept.values():
        writer.close()
    return spent / (clients * rounds)


def measured(kind: str, clients: int, rounds: int) -> tuple[float, float]:
    """The server `kind`'s CPU a call: on a new connection each, on kept ones."""
    port = free_port()
    command = [sys.executable, "-m", "bench.call_cost", "--serve", kind, str(port)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == "ready"
        server = psutil.Process(process.pid)
        fresh = asyncio.run(cost(port, server, clients, rounds, keep=False))
        kept = asyncio.run(cost(port, server, clients, rounds, keep=True))
        return fresh, kept
    finally:
        process.kill()
        process.wait(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--serve", nargs=2, metavar=("KIND", "PORT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.serve[0], int(args.serve[1])))
        return
    costs = {kind: measured(kind, args.clients, args.rounds) for kind in SERVERS}
    door_kept = costs["door"][1]
    print(f"{args.clients} clients × {args.rounds} calls, within {SPREAD * 1000:.0f} ms a round")
    print("the server's CPU a call: a new connection each / connections kept (× the door's kept)")
    for kind, (fresh, kept) in costs.items():
        print(
            f"  {kind:8} {fresh * 1000:.3f} ms ({fresh / door_kept:.1f}×) / "
            f"{kept * 1000:.3f} ms ({kept / door_kept:.1f}×)"
        )


if __name__ == "__main__":
    main()
