"""A network cable a test can pull: a TCP relay on a free loopback port in front of the site.

Chromium's offline emulation (`BrowserContext.set_offline`) fails new requests but leaves an open
websocket working (Playwright issue #4910), so it cannot show what a player sees when his
connection drops. Pulling the cable closes every connection through the relay, as a dropped
network would (the browser's websocket ends abnormally, 1006, and the htmx ws extension tries
again), and refuses new ones until it is plugged back."""

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress

CHUNK = 65536


class Cable:
    def __init__(self, site_port: int) -> None:
        self.site_port = site_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.plugged = True
        self.lock = threading.Lock()
        self.open: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def pull(self) -> None:
        with self.lock:
            self.plugged = False
            for connection in self.open:
                _drop(connection)
            self.open.clear()

    def plug(self) -> None:
        with self.lock:
            self.plugged = True

    def close(self) -> None:
        self.pull()
        self.listener.close()

    def _accept(self) -> None:
        while True:
            try:
                browser_side, _address = self.listener.accept()
            except OSError:
                return
            with self.lock:
                if not self.plugged:
                    _drop(browser_side)
                    continue
                site_side = socket.create_connection(("127.0.0.1", self.site_port))
                self.open += [browser_side, site_side]
            threading.Thread(target=_relay, args=(browser_side, site_side), daemon=True).start()
            threading.Thread(target=_relay, args=(site_side, browser_side), daemon=True).start()


def _relay(source: socket.socket, target: socket.socket) -> None:
    with suppress(OSError):
        while data := source.recv(CHUNK):
            target.sendall(data)
    _drop(source)
    _drop(target)


def _drop(connection: socket.socket) -> None:
    with suppress(OSError):
        connection.shutdown(socket.SHUT_RDWR)
    connection.close()


@contextmanager
def cable_to(site_url: str) -> Iterator[Cable]:
    cable = Cable(int(site_url.rsplit(":", 1)[1]))
    try:
        yield cable
    finally:
        cable.close()
