"""What one socket has shown its viewer of a table, and the frame that brings him up to date."""

from collections.abc import Collection
from datetime import datetime
from typing import NamedTuple

from games.kinds.screens import Part
from games.live.fragments import VERSION, game_area, page_parts
from games.live.kept import Kept
from games.live.languages import speaking
from games.live.part_cache import RENDERINGS, SharedParts
from games.tables.selectors import LiveTable, Viewer, live_table_from
from games.tables.snapshots import TableSnapshot


class ViewerParts(NamedTuple):
    """What a viewer is shown of one snapshot: the table as he sees it (``None`` when it is
    hidden from him), every part of his page with its digest, and the ids of the screen's parts."""

    snapshot: TableSnapshot
    live: LiveTable | None
    parts: dict[str, Part]
    digests: dict[str, str]
    screen_ids: tuple[str, ...]


class ViewerFrames:
    """A socket's viewer, and the digest of each part it has sent him. No query: a frame is
    built from a snapshot; a part the viewer already has (same digest) is neither rendered nor
    sent again, and a rendering is shared with every viewer shown the same part."""

    def __init__(
        self, *, viewer: Viewer, granted_table_ids: Collection[int], language: str
    ) -> None:
        self.viewer = viewer
        self.granted_table_ids = granted_table_ids
        self.language = language
        self.version = -1
        self.chat_mark = 0
        self.next_hand_at: datetime | None = None
        self.tournament_id: int | None = None
        self.sent: dict[str, str] = {}
        self.screen_ids: tuple[str, ...] = ()
        self.prepared: ViewerParts | None = None

    def prepare(self, snapshot: TableSnapshot) -> None:
        """Build this viewer's parts of a snapshot a move is writing, and render those he has not
        been sent, before the move commits: the frame of that snapshot, if it comes to be shown,
        is then only put together. A snapshot no newer than what he was shown is skipped. It runs
        in the move's thread, beside the socket's event loop: it only reads what ``frame`` sets
        (each replaced whole, never changed in place), and what it keeps aside is used only for
        the snapshot it was built of."""
        if snapshot.version <= self.version:
            return
        with speaking(self.language):
            made = self._parts(snapshot)
            for key, part in made.parts.items():
                if self.sent.get(key) != made.digests[key]:
                    RENDERINGS.html(made.digests[key], part, self.language)
        self.prepared = made

    def frame(self, snapshot: TableSnapshot) -> str | None:
        """The parts that changed for this viewer, ``#table-version`` always (``""`` when nothing
        changed); ``None`` when the table is hidden from him."""
        prepared = self.prepared
        if prepared is not None and prepared.snapshot.version <= snapshot.version:
            self.prepared = None
        with speaking(self.language):
            made = (
                prepared
                if prepared is not None and prepared.snapshot is snapshot
                else self._parts(snapshot)
            )
            live = made.live
            if live is None:
                return None
            frame = []
            if made.screen_ids != self.screen_ids:
                frame.append(game_area(made.screen_ids))
                self.sent = {key: d for key, d in self.sent.items() if key not in made.screen_ids}
                self.screen_ids = made.screen_ids
            changed = {key for key, digest in made.digests.items() if self.sent.get(key) != digest}
            if not changed and snapshot.version == self.version:
                return ""
            frame += [
                RENDERINGS.html(made.digests[key], part, self.language)
                for key, part in made.parts.items()
                if key in changed or key == VERSION
            ]
        self.sent = made.digests
        self.version = snapshot.version
        self.chat_mark = snapshot.chat_mark
        self.next_hand_at = live.next_hand_at
        self.tournament_id = live.view.table.tournament_id
        return "".join(frame)

    def _parts(self, snapshot: TableSnapshot) -> ViewerParts:
        """Built in the viewer's language, which the caller makes the active one."""
        live = live_table_from(
            snapshot, viewer=self.viewer, granted_table_ids=self.granted_table_ids
        )
        if live is None:
            return ViewerParts(snapshot, None, {}, {}, ())
        shared = SHARED.of(snapshot, self.language)
        parts, screen_ids = page_parts(live, shared)
        digests = {key: shared.digest(part) for key, part in parts.items()}
        return ViewerParts(snapshot, live, parts, digests, screen_ids)


KEPT_SNAPSHOTS = 64


class SharedBySnapshot:
    """The parts shared within each of the latest snapshots this process built frames of, by
    language. The sockets of a table build their frames of a snapshot together, when its nudge
    comes: a few dozen snapshots cover every table moving at once, and the parts a table at rest
    was last shown are not kept (at 500 tables they cost 2.5 kB a socket). A snapshot is kept
    with its parts, so that its id names nothing else while they are kept."""

    def __init__(self, limit: int = KEPT_SNAPSHOTS) -> None:
        self.kept: Kept[tuple[TableSnapshot, dict[str, SharedParts]]] = Kept(limit)

    def of(self, snapshot: TableSnapshot, language: str) -> SharedParts:
        _snapshot, by_language = self.kept.get(id(snapshot), lambda: (snapshot, {}))
        shared = by_language.get(language)
        if shared is None:
            shared = by_language.setdefault(language, SharedParts(language))
        return shared


SHARED = SharedBySnapshot()
