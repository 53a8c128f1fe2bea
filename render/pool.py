"""Board images drawn in worker processes, outside the event loop's GIL (issue 24).

Drawing a board is 15–40 ms of Python and Pillow. In a thread of the bot's own process it holds
the GIL most of that time, so the event loop (which answers every interaction) waits for it. A
:class:`RenderPool` draws in ``workers`` processes of its own instead
(:class:`render.workers.Workers`, which the AI's pool shares: a fork server where the platform has
one, else spawned; never forked from the bot's threads). A view is plain JSON, so it crosses to
a worker in tens of microseconds (measured: 20–100 µs to pickle and unpickle a view, the PNG back
about 30 µs).

Each worker is warmed up as it starts (:func:`warm_up`): the fonts loaded, and the views the
pool was started with (the bot gives one opening board of every game it plays) drawn in every
language, which imports their renderers, so that no player waits for a first drawing's caches (a
first board costs 55–120 ms, later ones 14–30 ms). render sees views only: it never sets up a game.

A worker draws exactly what :func:`render.render_image` (a turn image or a full board) or
:func:`render.render_player_board` draws in the bot's process: the bot's
process names the renderer module it would use, and a worker that would use another (a renderer
registered at run time in the bot's process only) refuses, so that board is drawn in a thread of
the bot's process instead. When the pool cannot start (no process can be started here), or breaks
(a worker killed), boards are drawn in a thread as before; a broken pool is started again for
the next board.

The pool in use is the process's :func:`current` one (one bot per process): :meth:`RenderPool.start`
makes it current, :meth:`RenderPool.close` stops its workers and leaves no current pool.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool

from . import Kind, drawer, offers, render_image, render_player_board
from .common import View
from .i18n import LANGUAGES
from .workers import Workers

log = logging.getLogger("render.pool")
#: How long the workers may take to start and warm up (seconds) before boards are drawn in a thread.
START_TIMEOUT = 120.0
_current: list[RenderPool] = []


class Unavailable(Exception):
    """The pool cannot draw this board (not started, broken, or its renderer is another): draw it in
    the bot's process."""


def current() -> RenderPool | None:
    """The process's running pool, if one was started and not closed."""
    return _current[-1] if _current else None


def renderer_name(view: View) -> str:
    """The module that draws ``view`` in this process (a worker checks it draws with the same)."""
    return drawer(str(view.get("game"))).__name__


def draw(view: View, seat: int | None, lang: str, expected: str, kind: Kind = "full") -> bytes:
    """In a worker: the PNG :func:`render.render_image` (the public image ``kind``, ``seat``
    ``None``) or :func:`render.render_player_board` draws, if drawn by the ``expected`` renderer
    module."""
    if renderer_name(view) != expected:
        raise Unavailable(f"a worker draws {view.get('game')!r} with {renderer_name(view)}, not {expected}")
    return render_image(view, kind, lang) if seat is None else render_player_board(view, seat, lang)


def warm_up(views: Sequence[View]) -> None:
    """In a new worker: draw each of ``views`` in every language, as each kind of public image its
    renderer draws with a function of its own, so the caches of first drawings (renderer modules,
    fonts, cached text) are filled before a player waits."""
    for view in views:
        try:
            kinds = offers(str(view.get("game")))
            for lang in LANGUAGES:
                for kind in kinds:
                    render_image(view, kind, lang)
        except Exception:  # a warm-up is only a head start: the first real board will say what is wrong
            log.warning("could not warm up the board of %s", view.get("game"), exc_info=True)


class RenderPool(Workers):
    """``workers`` processes drawing boards (0: none, every board drawn in a thread), each warmed up
    as it starts by drawing the views :meth:`start` was given."""

    def __init__(self, workers: int) -> None:
        super().__init__(
            workers,
            name="render",
            log=log,
            preload=("render", "engine"),
            timeout=START_TIMEOUT,
            fallback="boards are drawn in a thread",
        )
        self.warm: tuple[View, ...] = ()

    async def start(self, warm: Sequence[View] = ()) -> bool:
        """Start the workers and wait until each has drawn ``warm`` (also when a broken pool is
        started again); make this the current pool. False (and a warning) when no worker could be
        started: boards are then drawn in a thread."""
        self.warm = tuple(warm)
        if self.workers == 0:
            return False
        if self not in _current:
            _current.append(self)
        return await self.launch(warm_up, (self.warm,))

    async def draw(self, view: View, seat: int | None = None, lang: str = "en", kind: Kind = "full") -> bytes:
        """The PNG of ``view`` (its public image ``kind``, or ``seat``'s own board if given) drawn by a
        worker. :class:`Unavailable` when the pool cannot draw it; a drawing error is raised as in the
        bot's process."""
        if not self.running and (self not in _current or not await self.launch(warm_up, (self.warm,))):
            raise Unavailable("no render worker is running")
        try:
            return await self.run(draw, view, seat, lang, renderer_name(view), kind)
        except BrokenProcessPool as exc:
            log.error("the render workers stopped (%s); starting them again for the next board", exc)
            raise Unavailable("the render workers stopped") from exc

    async def close(self) -> None:
        """Stop the workers (the boards being drawn are finished first); no pool is current after."""
        if self in _current:
            _current.remove(self)
        await super().close()
