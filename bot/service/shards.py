"""Which process handles which timed work when the bot runs as several sharded processes (no Discord).

Discord sends a server's (guild's) events to shard ``(guild_id >> 22) % shard_count``
(:func:`shard_of`); a process started with ``SHARD_IDS`` holds those shards. The timer loop of each
process fires only the work that is its own (:class:`Shards`):

* work that belongs to one game (deadlines, reminders, stalled-game notices, standing answers,
  freezing and thawing clocks of away players) goes to the process holding the shard of the game's
  server; a game without a server (a direct-message game) counts as shard 0, where Discord
  delivers direct messages;
* work that belongs to a user across servers (absences reaching their end date, daily digests, turn
  pings held back by the user's quiet hours) goes to the process holding shard 0.

Posting is not bound to shards: any process may send to any channel or user through Discord's HTTP
API, so a digest sent by shard 0's process reaches a user whose games are elsewhere. When a process
is down, its work waits in the database (nothing is claimed for it) and fires, late and once, when a
process holding the same shards starts again.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Discord ids are snowflakes: the creation time in milliseconds sits above bit 22.
SNOWFLAKE_TIME_SHIFT = 22
#: The shard that receives direct messages and holds the per-user timed work.
USER_SHARD = 0


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's shard for a server: ``(guild_id >> 22) % shard_count``.

    >>> shard_of(81384788765712384, 4)  # the Discord API server
    2
    >>> shard_of(613425648685547541, 2), shard_of(613425648685547541, 3)
    (0, 2)
    """
    if shard_count < 1:
        raise ValueError(f"shard_count must be 1 or more, not {shard_count}")
    if guild_id < 0:
        raise ValueError(f"a server id is never negative, not {guild_id}")
    return (guild_id >> SNOWFLAKE_TIME_SHIFT) % shard_count


@dataclass(frozen=True)
class Shards:
    """The shards one process holds: ``ids`` of ``count``. The default (one shard, id 0) holds everything."""

    count: int = 1
    ids: tuple[int, ...] = (USER_SHARD,)

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"shard count must be 1 or more, not {self.count}")
        if not self.ids:
            raise ValueError("a process holds at least one shard")
        if len(set(self.ids)) != len(self.ids):
            raise ValueError(f"shard ids repeat: {self.ids}")
        bad = [i for i in self.ids if not 0 <= i < self.count]
        if bad:
            raise ValueError(f"shard ids {bad} are outside 0..{self.count - 1}")

    @classmethod
    def of(cls, count: int | None, ids: tuple[int, ...] = ()) -> Shards:
        """From ``SHARD_COUNT``/``SHARD_IDS`` as :class:`bot.settings.Settings` holds them; no count: one
        shard holding everything; no ids: all ``count`` shards."""
        if count is None:
            return cls()
        return cls(count, tuple(ids) or tuple(range(count)))

    @property
    def everything(self) -> bool:
        """Does this process hold every shard (no filtering needed)?"""
        return len(self.ids) == self.count

    def shard_of_guild(self, guild_id: str | int | None) -> int:
        """The shard of a server id as stored (text of digits); no server (a DM game), or an id that is
        not a Discord id (the terminal's and tests' made-up names), is shard 0."""
        if isinstance(guild_id, int):
            return shard_of(guild_id, self.count)
        if not guild_id or not guild_id.isdigit():
            return USER_SHARD
        return shard_of(int(guild_id), self.count)

    def owns_guild(self, guild_id: str | int | None) -> bool:
        """Is a server's timed work this process's?"""
        return self.everything or self.shard_of_guild(guild_id) in self.ids

    @property
    def owns_users(self) -> bool:
        """Does this process handle the per-user timed work (absences ending, daily digests)?"""
        return USER_SHARD in self.ids

    def label(self) -> str:
        """The shard ids for logs, e.g. ``0-1/4`` (ids 0 and 1 of 4) or ``0,2/4``; ``-`` unsharded.

        >>> Shards(4, (0, 1)).label(), Shards(4, (2, 0)).label(), Shards().label()
        ('0-1/4', '0,2/4', '-')
        """
        if self == Shards():
            return "-"
        ids = sorted(self.ids)
        if ids == list(range(ids[0], ids[-1] + 1)) and len(ids) > 1:
            return f"{ids[0]}-{ids[-1]}/{self.count}"
        return ",".join(map(str, ids)) + f"/{self.count}"
