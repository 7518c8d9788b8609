"""Rendered parts, shared within a process.

A part's HTML depends only on its template, its plain data and the active language
(``games.kinds.screens.Part``). So a part is named by a digest of the three: a socket that already
sent a part with that digest sends nothing, and viewers shown the same thing (the melds on the
table, a spectator's screen, the log) share one rendering.

A part is rendered with localization off: its numbers are whole numbers (chips, points, counts,
ids), which Django would print the same way (no thousands separator is set), after looking up
the language's number formats three times for each; its dates go through the ``date`` filter,
which localization does not touch."""

import hashlib
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

import orjson
from django.template import Context, Engine
from django.utils.functional import Promise
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from games.kinds.screens import Part
from games.live.kept import Kept

KEPT_RENDERINGS = 4096


def part_digest(part: Part, language: str | None) -> str:
    """The part's name for sharing: the same template, data and language (the one it is
    rendered in, the active one) give the same digest. Interned: every socket keeps the digest
    of each part it sent, and the viewers of a table are mostly sent the same parts, so they
    hold one string rather than one each. The data's keys are written in the order they were
    put in, not sorted: a part is built by one function, always in the same order, and sorting
    them cost as much as the rest of the digest (docs/performance.md, twenty-seventh pass). Two
    parts alike but for that order would only be two digests of one HTML."""
    text = orjson.dumps(
        [part.template, language, part.context],
        default=_plain,
    )
    return sys.intern(hashlib.blake2b(text, digest_size=16).hexdigest())


def _plain(value: object) -> Any:
    """What orjson does not know itself (it writes dates and datetimes): a lazy translation."""
    if isinstance(value, Promise):
        return str(value)
    raise TypeError(f"a part's data must be plain, not {type(value).__name__}")


class SharedParts:
    """The parts of one snapshot that its viewers reading one language are shown alike
    (``games.kinds.screens.Shared``), each built once with its digest: the first viewer's frame
    builds them, the others' take them. Safe to share between the threads that build frames (two
    that build the same part at once keep the first one stored). A viewer's own part made of
    named inputs comes from ``LASTING``, across snapshots."""

    def __init__(self, language: str) -> None:
        self.language = language
        self._parts: dict[str, Part] = {}
        self._digests: dict[int, str] = {}
        self._lasting: dict[int, Part] = {}

    def __call__(self, key: str, build: Callable[[], Part]) -> Part:
        part = self._parts.get(key)
        if part is None:
            built = build()
            digest = part_digest(built, self.language)
            part = self._parts.setdefault(key, built)
            if part is built:
                self._digests[id(built)] = digest
        return part

    def lasting(self, make: Callable[..., Part], *inputs: Hashable) -> Part:
        """Held here as long as this holder, whatever ``LASTING`` forgets meanwhile, so that
        its id names no other part."""
        part, digest = LASTING.get(
            (make, inputs, self.language),
            lambda: _digested(make(*inputs), self.language),
        )
        self._lasting[id(part)] = part
        self._digests[id(part)] = digest
        return part

    def digest(self, part: Part) -> str:
        """``part_digest`` of a part in this language, worked out once for the parts held here
        (by identity: each lives as long as this holder, so no other part has its id)."""
        return self._digests.get(id(part)) or part_digest(part, self.language)


def _digested(part: Part, language: str) -> tuple[Part, str]:
    return part, part_digest(part, language)


KEPT_LASTING = 4096
LASTING: Kept[tuple[Part, str]] = Kept(KEPT_LASTING)
"""A viewer's own parts made of named inputs (``Shared.lasting``), with their digests: at a
table most moves change one player's hand, and the others' are taken from here rather than made
and digested again. Each process keeps the latest few thousand, more than the players whose
sockets it holds at 500 tables (their hands are asked for at every move of their tables)."""


class Renderings:
    """The latest renderings by digest, the oldest forgotten first; safe to share between the
    threads that build frames. Each is kept as a plain ``str`` (``kept_html``)."""

    def __init__(self, limit: int = KEPT_RENDERINGS) -> None:
        self.limit = limit
        self._html: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def html(self, digest: str, part: Part, language: str | None) -> str:
        """``language``: the active one, which the digest names too."""
        with self._lock:
            html = self._html.get(digest)
            if html is not None:
                self._html.move_to_end(digest)
                return html
        html = kept_html(render_plain(part, language))
        with self._lock:
            self._html[digest] = html
            if len(self._html) > self.limit:
                self._html.popitem(last=False)
        return html


def kept_html(html: str) -> str:
    """``html`` as a plain ``str``, to keep: a template's output is a ``SafeString``, which the
    garbage collector tracks (a plain ``str`` it does not), so each kept one is walked by every
    collection of its generation. A process keeps thousands of renderings and snippets: a page's
    part is marked safe again where a template takes it (``render_part``); a snippet goes in as
    its tag's node output, which a template does not escape."""
    return str.__str__(html)


def render_plain(part: Part, language: str | None) -> str:
    """The part's HTML in ``language``, the active one (its caller knows it: looking it up costs
    a frame about what a small tag does), its values printed as they are (no number formats
    looked up)."""
    template = Engine.get_default().get_template(part.template)
    return template.render(PartContext(part.context, language=language))


class PartContext(Context):
    """What a part or a snippet is rendered with: its plain data, escaped, its numbers printed as
    they are, and ``language``, the active one, which its tags read here (``active_language``).
    Looking the active language up goes through Django's per-task state, and costs about what a
    small tag does: a frame's parts and snippets asked for it a dozen times a viewer, 2.9% of a
    daphne process's CPU at 500 tables (docs/performance.md, fourteenth pass). The templates it
    includes render with it too."""

    def __init__(self, values: dict[str, Any], *, language: str | None) -> None:
        super().__init__(values, autoescape=True, use_l10n=False)
        self.language = language


def active_language(context: Context) -> str | None:
    """The language ``context`` renders in: a part's own, else the active one."""
    return context.language if isinstance(context, PartContext) else get_language()


RENDERINGS = Renderings()


def render_part(part: Part) -> SafeString:
    """The part's HTML in the active language, for a template (a page's parts)."""
    language = get_language()
    return SafeString(RENDERINGS.html(part_digest(part, language), part, language))
