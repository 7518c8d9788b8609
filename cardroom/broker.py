"""The embedded set-up's Celery broker: kombu's filesystem transport, with every file written whole.

kombu's filesystem transport (``filesystem://``) creates a message file under its final name and
then writes it; its reader lists the folder and moves the file away (a rename, which ``flock`` does
not stop) to read it. A reader that comes between the two reads an empty or half-written message,
and the worker exits with ``Unrecoverable error: JSONDecodeError`` (kombu #1551). With daphne and
the worker both sending tasks into one folder, that happened within minutes of ordinary play.

Here a message is written to a name the reader never picks (it does not end in ``.msg``) and then
renamed to its final name, which is atomic within one folder: the reader sees the whole file or
none. The exchange table in the control folder is created the same way. Everything else (the
layout of the folder, polling, fanout) is kombu's. Measured against the alternatives in
``bench/broker_race.py`` (figures in docs/performance.md)."""

import os
import uuid
from pathlib import Path
from time import monotonic
from typing import Any

from kombu.exceptions import ChannelError
from kombu.transport import TRANSPORT_ALIASES, filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps

SCHEME = "cardroomfs"
WRITING_PREFIX = ".writing-"


def write_whole(path: str, data: bytes) -> None:
    """Write ``path`` so that no reader ever sees part of it: into a hidden file of the same
    folder first, then renamed over ``path``."""
    folder, name = os.path.split(path)
    partial = os.path.join(folder, f"{WRITING_PREFIX}{uuid.uuid4().hex}-{name}")
    try:
        with open(partial, "wb") as file:
            file.write(data)
        os.replace(partial, path)
    except OSError as error:
        raise ChannelError(f"Cannot add file {path!r} to directory") from error


class Channel(filesystem.Channel):
    # kombu's own filesystem channel renames AbstractChannel._put's ``message``, as its stub says.
    def _put(self, queue: str, payload: dict[str, Any], **kwargs: Any) -> None:  # type: ignore[override]
        name = f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        write_whole(os.path.join(self.data_folder_out, name), str_to_bytes(dumps(payload)))

    def _queue_bind(self, exchange: str, routing_key: str, pattern: str | None, queue: str) -> None:
        """kombu creates the exchange table empty and then fills it; a reader in between would
        read nothing. Create it whole (an empty list) if missing, then let kombu add the queue
        under its lock."""
        table: Path = self._exchange_file(exchange)  # type: ignore[attr-defined]  # not in kombu's stub
        self.control_folder.mkdir(parents=True, exist_ok=True)
        if not table.exists():
            partial = table.with_name(f"{WRITING_PREFIX}{uuid.uuid4().hex}")
            partial.write_bytes(b"[]")
            try:
                os.link(partial, table)
            except FileExistsError:
                pass
            finally:
                partial.unlink()
        super()._queue_bind(exchange, routing_key, pattern, queue)


class Transport(filesystem.Transport):
    Channel = Channel


TRANSPORT_ALIASES[SCHEME] = "cardroom.broker:Transport"
