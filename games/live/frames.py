"""What one socket has shown its viewer of a table, and the frame that brings him up to date."""

from collections.abc import Collection
from datetime import datetime

from django.utils import translation

from games.live.fragments import VERSION, game_area, page_parts
from games.live.part_cache import RENDERINGS, part_digest
from games.tables.selectors import Viewer, live_table_from
from games.tables.snapshots import TableSnapshot


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

    def frame(self, snapshot: TableSnapshot) -> str | None:
        """The parts that changed for this viewer, ``#table-version`` always (``""`` when nothing
        changed); ``None`` when the table is hidden from him."""
        live = live_table_from(
            snapshot, viewer=self.viewer, granted_table_ids=self.granted_table_ids
        )
        if live is None:
            return None
        with translation.override(self.language):
            parts, screen_ids = page_parts(live)
            digests = {part_id: part_digest(part, self.language) for part_id, part in parts.items()}
            frame = []
            if screen_ids != self.screen_ids:
                frame.append(game_area(screen_ids))
                self.sent = {key: d for key, d in self.sent.items() if key not in screen_ids}
                self.screen_ids = screen_ids
            changed = {key for key, digest in digests.items() if self.sent.get(key) != digest}
            if not changed and snapshot.version == self.version:
                return ""
            frame += [
                RENDERINGS.html(digests[key], part)
                for key, part in parts.items()
                if key in changed or key == VERSION
            ]
        self.sent = digests
        self.version = snapshot.version
        self.chat_mark = snapshot.chat_mark
        self.next_hand_at = live.next_hand_at
        self.tournament_id = live.view.table.tournament_id
        return "".join(frame)
