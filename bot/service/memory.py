"""The tables this process knows by channel, in memory: what ``/play``'s autocomplete reads on every
keystroke without touching the database (:meth:`GameService.suggesting
<bot.service.service.GameService.suggesting>`).

An entry is the :class:`~bot.service.game_ui.Table` of the channel's game at one version, with what
the rules already said about it (its legal texts and labels are asked once per version). It is
filled when a change is stored (:mod:`bot.service.play_step`: the table the front end draws) and
when the game is loaded through the database (:meth:`Core.table_in
<bot.service.core.Core.table_in>`), and dropped as soon as this process learns the game is no
longer at that version: a newer version stored or read, a seat changing hands, the game abandoned.

A load races the changes it does not wait for (a look-up takes no lock): what it read is kept only
when nothing dropped its game since it began (:meth:`TableMemory.mark`), so a table read before a
move never replaces the one the move stored. A change stored by another process is seen here once
this process reads that game again (any click or ``/play`` on it); until then only suggestions can
be behind, and the service refuses what an outdated suggestion would play.
"""

from __future__ import annotations

from collections import OrderedDict
from itertools import count

from ..store.statements import LIVE
from .game_ui import Table


def _rank(table: Table) -> tuple[bool, int]:
    """The order in which a channel's games are shown: its live game, else its most recent one (as
    :meth:`GameStore.latest_game <bot.store.store.GameStore.latest_game>` picks them)."""
    return table.record.status in LIVE, table.row


class TableMemory:
    """Each channel's current :class:`Table`, the ``size`` most recently used channels at most."""

    def __init__(self, size: int = 256) -> None:
        self._size = size
        self._by_channel: OrderedDict[str, Table] = OrderedDict()
        #: Game row -> the channel whose entry shows it.
        self._channel_of: dict[int, str] = {}
        self._ticks = count(1)
        #: Game row -> the tick it was last dropped at (for loads that began before), and the last
        #: tick forgotten from it: a load that began before that one is not kept.
        self._dropped: dict[int, int] = {}
        self._floor = 0

    def __len__(self) -> int:
        return len(self._by_channel)

    def mark(self) -> int:
        """A tick to pass to :meth:`loaded` by a load beginning now."""
        return next(self._ticks)

    def get(self, channel_id: str) -> Table | None:
        """The channel's table as last stored or loaded, if this process still holds it."""
        table = self._by_channel.get(channel_id)
        if table is not None:
            self._by_channel.move_to_end(channel_id)
        return table

    def version_of(self, row: int) -> int | None:
        """The version held for game ``row`` (``None``: not held)."""
        channel = self._channel_of.get(row)
        table = self._by_channel.get(channel) if channel is not None else None
        return table.version if table is not None and table.row == row else None

    def stored(self, table: Table) -> None:
        """A change was stored and ``table`` is its game as it now stands (the caller holds the game's
        lock): it replaces what the channel showed, unless the channel shows another game, which
        ``table``'s does not displace (a live game is shown before any other; then the newest).
        A game that stopped being live is dropped instead of kept, since the channel may show
        another."""
        channel = table.record.channel_id
        if table.record.status not in LIVE:
            self.drop(table.row)
            return
        shown = self._by_channel.get(channel)
        if shown is None or shown.row == table.row or _rank(table) >= _rank(shown):
            self._put(channel, table)

    def loaded(self, channel_id: str, table: Table, since: int) -> None:
        """``table`` was read from the database as the channel's game by a load that began at tick
        ``since``: kept unless its game was dropped meanwhile (a change this load did not see)."""
        if since > self._floor and self._dropped.get(table.row, 0) < since:
            self._put(channel_id, table)

    def drop(self, row: int) -> None:
        """Game ``row`` is no longer as held (a newer version, a seat changing hands, an end)."""
        self._dropped[row] = next(self._ticks)
        channel = self._channel_of.pop(row, None)
        if channel is not None and (shown := self._by_channel.get(channel)) is not None and shown.row == row:
            del self._by_channel[channel]

    def moved(self, row: int, version: int) -> None:
        """Game ``row`` is at ``version`` now: a held table of another version is dropped."""
        held = self.version_of(row)
        if held is not None and held != version:
            self.drop(row)

    def _put(self, channel_id: str, table: Table) -> None:
        shown = self._by_channel.get(channel_id)
        if shown is not None and shown.row != table.row:
            self._channel_of.pop(shown.row, None)
        self._by_channel[channel_id] = table
        self._by_channel.move_to_end(channel_id)
        self._channel_of[table.row] = channel_id
        while len(self._by_channel) > self._size:
            _, oldest = self._by_channel.popitem(last=False)
            self._channel_of.pop(oldest.row, None)
        if len(self._dropped) > 4 * self._size:  # only loads in flight read it: keep the newest half
            for row in sorted(self._dropped, key=self._dropped.__getitem__)[: len(self._dropped) // 2]:
                self._floor = max(self._floor, self._dropped.pop(row))
