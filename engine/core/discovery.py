"""What installed distributions declare: Python entry points of one group, read and loaded lazily.

A distribution (this one, or another one installed beside it) declares objects in its
``pyproject.toml``::

    [project.entry-points."pbp_euro_bot.games"]
    nim = "nim_game:GAME"

:class:`Declared` reads a group's entry points on first use, loads each one only when it is asked for
(so looking up one game imports one game) and checks what it loaded. An entry point that cannot be
imported, names the wrong kind of object, or is declared twice is *broken*: asking for it raises
:class:`BrokenEntryPoint` naming the distribution and the entry point, and :meth:`Declared.load_all`
leaves it out (logging the reason once) so the others still work.

>>> from importlib.metadata import EntryPoint
>>> shelf = Declared("demo", lambda name, obj: obj)
>>> shelf.points = {"pi": [EntryPoint("pi", "math:pi", "demo")], "no": [EntryPoint("no", "no_such_module", "demo")]}
>>> round(shelf.load("pi"), 2), shelf.names()
(3.14, ['no', 'pi'])
>>> shelf.load("no")
Traceback (most recent call last):
BrokenEntryPoint: entry point no = no_such_module (group demo, distribution unknown): cannot be imported ...
>>> list(shelf.load_all())
['pi']
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points
from typing import Generic, TypeVar

T = TypeVar("T")
LOG = logging.getLogger(__name__)


class BrokenEntryPoint(RuntimeError):
    """An installed entry point that cannot be loaded, or that names the wrong object."""


def describe(point: EntryPoint) -> str:
    """``entry point <name> = <value> (group <group>, distribution <name>)``, for messages."""
    dist = point.dist.name if point.dist is not None else "unknown"
    return f"entry point {point.name} = {point.value} (group {point.group}, distribution {dist})"


def read_group(group: str) -> dict[str, list[EntryPoint]]:
    """The group's installed entry points by name (a name two distributions declare has two)."""
    found: dict[str, list[EntryPoint]] = {}
    for point in entry_points(group=group):
        found.setdefault(point.name, []).append(point)
    return found


class Declared(Generic[T]):
    """The entry points of ``group``: each loaded on first use and passed to ``check(name, obj)``,
    which returns the object as it is to be used or raises ``TypeError``/``ValueError`` saying what
    is wrong with it."""

    def __init__(self, group: str, check: Callable[[str, object], T]) -> None:
        self.group = group
        self.check = check
        #: The group's entry points by name, read from the installed distributions on first use.
        self.points: dict[str, list[EntryPoint]] | None = None
        self._loaded: dict[str, T] = {}
        self._broken: dict[str, str] = {}
        self._lock = threading.RLock()

    def _points(self) -> dict[str, list[EntryPoint]]:
        if self.points is None:
            with self._lock:
                if self.points is None:
                    self.points = read_group(self.group)
        return self.points

    def names(self) -> list[str]:
        """Every declared name, sorted (broken ones too)."""
        return sorted(self._points())

    def declares(self, name: str) -> bool:
        return name in self._points()

    def point(self, name: str) -> EntryPoint:
        """The entry point declaring ``name`` (the first, when several distributions declare it)."""
        return self._points()[name][0]

    def load(self, name: str) -> T:
        """The object declared as ``name``, loaded and checked once. ``KeyError`` when nothing declares
        it; :class:`BrokenEntryPoint` when its entry point is broken."""
        found = self._loaded.get(name)
        if found is not None:
            return found
        with self._lock:
            if name in self._loaded:
                return self._loaded[name]
            if name in self._broken:
                raise BrokenEntryPoint(self._broken[name])
            points = self._points()[name]
            try:
                loaded = self._load(name, points)
            except BrokenEntryPoint as exc:
                self._broken[name] = str(exc)
                LOG.error("%s", exc)
                raise
            self._loaded[name] = loaded
            return loaded

    def _load(self, name: str, points: list[EntryPoint]) -> T:
        if len(points) > 1:
            raise BrokenEntryPoint(f"{name!r} is declared {len(points)} times: " + "; ".join(map(describe, points)))
        [point] = points
        try:
            obj = point.load()
        except Exception as exc:  # anything a third party's import may raise
            raise BrokenEntryPoint(f"{describe(point)}: cannot be imported ({type(exc).__name__}: {exc})") from exc
        try:
            return self.check(name, obj)
        except (TypeError, ValueError) as exc:
            raise BrokenEntryPoint(f"{describe(point)}: {exc}") from exc

    def load_all(self) -> dict[str, T]:
        """Every declared object that loads, by name; broken ones are left out (and logged once)."""
        out: dict[str, T] = {}
        for name in self.names():
            try:
                out[name] = self.load(name)
            except BrokenEntryPoint:
                continue
        return out

    def broken(self) -> dict[str, str]:
        """Why each broken entry point tried so far is broken, by name."""
        return dict(self._broken)
