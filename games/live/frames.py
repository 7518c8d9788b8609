"""What one socket has shown its viewer of a table, and the frame that brings him up to date."""

import weakref
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from django.utils import translation

from games.kinds.screens import Part
from games.live.fragments import VERSION, game_area, page_parts
from games.live.part_cache import RENDERINGS, SharedParts
from games.tables.selectors import LiveTable, Viewer, live_table_from
from games.tables.snapshots import TableSnapshot


@dataclass(frozen=True)
class ViewerParts:
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
        is then only put together. A snapshot no newer than what he was shown is skipped."""
        if snapshot.version <= self.version:
            return
        with translation.override(self.language):
            made = self._parts(snapshot)
            for key, part in made.parts.items():
                if self.sent.get(key) != made.digests[key]:
                    RENDERINGS.html(made.digests[key], part)
        self.prepared = made

    def frame(self, snapshot: TableSnapshot) -> str | None:
        """The parts that changed for this viewer, ``#table-version`` always (``""`` when nothing
        changed); ``None`` when the table is hidden from him."""
        prepared = self.prepared
        if prepared is not None and prepared.snapshot.version <= snapshot.version:
            self.prepared = None
        with translation.override(self.language):
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
                RENDERINGS.html(made.digests[key], part)
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
        shared = shared_parts(snapshot, self.language)
        parts, screen_ids = page_parts(live, shared)
        digests = {key: shared.digest(part) for key, part in parts.items()}
        return ViewerParts(snapshot, live, parts, digests, screen_ids)


_SHARED: dict[int, dict[str, SharedParts]] = {}


def shared_parts(snapshot: TableSnapshot, language: str) -> SharedParts:
    """The parts of ``snapshot`` its viewers reading ``language`` in this process are shown
    alike, kept while the snapshot lives: every socket on the table builds its frame from the
    same snapshot object (``games.tables.snapshots``), so the first frame builds them for all."""
    by_language = _SHARED.get(id(snapshot))
    if by_language is None:
        by_language = _SHARED.setdefault(id(snapshot), {})
        weakref.finalize(snapshot, _SHARED.pop, id(snapshot), None)
    shared = by_language.get(language)
    if shared is None:
        shared = by_language.setdefault(language, SharedParts(language))
    return shared
