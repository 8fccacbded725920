"""A plain asyncio echo server of frames: the baseline of ``fractal bench --relay``.

It sends every frame back as it came, with the same framing and the same size check as
the relay but nothing else, so the bench can tell what the relay's own work costs.
Run as ``python -m core.net.echo``; its first line of output is its address.
"""

from __future__ import annotations

import asyncio
import signal

from core.net.codes import ProtocolError
from core.net.framing import HEADER, check_length
from core.net.limits import RelayLimits


class EchoServer:
    def __init__(self) -> None:
        self.max_frame = RelayLimits().max_frame
        self.handlers: dict[asyncio.Task[None], asyncio.StreamWriter] = {}

    async def echo(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self.handlers[task] = writer
        try:
            while True:
                header = await reader.readexactly(HEADER.size)
                (length,) = HEADER.unpack(header)
                check_length(length, self.max_frame)
                writer.write(header + await reader.readexactly(length))
        except (asyncio.IncompleteReadError, ConnectionError, ProtocolError):
            pass
        finally:
            writer.close()
            del self.handlers[task]

    async def serve(self) -> None:
        server = await asyncio.start_server(self.echo, "127.0.0.1", 0, backlog=4096)
        host, port = server.sockets[0].getsockname()[:2]
        print(f"{host}:{port}", flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        await stop.wait()
        server.close()
        # Cutting the connections ends each handler; cancelling them would not be quiet.
        for writer in self.handlers.values():
            writer.transport.abort()
        if self.handlers:
            await asyncio.wait(self.handlers)


if __name__ == "__main__":
    asyncio.run(EchoServer().serve())
