"""Cut a rendered game screen into its parts: the top-level elements, each named by its id."""

from html.parser import HTMLParser

VOID_ELEMENTS = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)


class _PartFinder(HTMLParser):
    """Records where each top-level element starts (line, column, id) and where its last tag
    starts (line, column, and the tag's length when it is a start tag: a void element)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.depth = 0
        self.starts: list[tuple[int, int, str]] = []
        self.ends: list[tuple[int, int, int | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID_ELEMENTS:
            self.handle_startendtag(tag, attrs)
            return
        if self.depth == 0:
            self._start(attrs)
        self.depth += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth == 0:
            self._start(attrs)
            line, column = self.getpos()
            self.ends.append((line, column, len(self.get_starttag_text() or "")))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID_ELEMENTS:
            return
        self.depth -= 1
        if self.depth == 0:
            line, column = self.getpos()
            self.ends.append((line, column, None))

    def _start(self, attrs: list[tuple[str, str | None]]) -> None:
        line, column = self.getpos()
        self.starts.append((line, column, dict(attrs).get("id") or ""))


def split_parts(html: str) -> dict[str, str]:
    """``{id: outer HTML}`` for every top-level element of ``html``, in order. Raises
    ``ValueError`` when a top-level element has no id or the markup does not close."""
    offsets = [0]
    for line in html.splitlines(keepends=True):
        offsets.append(offsets[-1] + len(line))
    finder = _PartFinder()
    finder.feed(html)
    finder.close()
    if finder.depth != 0 or len(finder.starts) != len(finder.ends):
        raise ValueError("the screen's markup does not close")
    parts: dict[str, str] = {}
    for (line, column, part_id), (end_line, end_column, length) in zip(
        finder.starts, finder.ends, strict=True
    ):
        if not part_id:
            raise ValueError("every top-level element of a screen needs an id")
        tag_start = offsets[end_line - 1] + end_column
        end = tag_start + length if length is not None else html.index(">", tag_start) + 1
        parts[part_id] = html[offsets[line - 1] + column : end]
    return parts
