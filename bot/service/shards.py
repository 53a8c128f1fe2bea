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

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import timedelta

from ..store.leases import Lease
from ..store.times import iso, parse

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
    """The shards one process holds: ``ids`` of ``count`` (none while another process serves them all).
    The default (one shard, id 0) holds everything."""

    count: int = 1
    ids: tuple[int, ...] = (USER_SHARD,)

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"shard count must be 1 or more, not {self.count}")
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

    def holding(self, ids: tuple[int, ...]) -> Shards:
        """The same deployment with this process holding ``ids`` now (its leases; maybe none)."""
        return Shards(self.count, tuple(sorted(ids)))

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
        if not self.ids:
            return f"none/{self.count}"
        ids = sorted(self.ids)
        if ids == list(range(ids[0], ids[-1] + 1)) and len(ids) > 1:
            return f"{ids[0]}-{ids[-1]}/{self.count}"
        return ",".join(map(str, ids)) + f"/{self.count}"


#: How long a lease lasts without renewal: the timer loop renews at least every minute, so a process
#: that stopped (killed, hung, cut off from the database) loses its shards within this time.
LEASE_SECONDS = 150


def plan_leases(
    leases: Mapping[int, Lease], me: str, shards: Shards, now: str, ttl: int = LEASE_SECONDS
) -> dict[int, Lease]:
    """The leases process ``me`` (holding ``shards.ids`` of ``shards.count`` as its home) writes in this
    renewal, by shard; the rest stay as they are. For each shard:

    * its **home** shards: taken when free, expired or its own (renewed); when another process
      adopted one, that process is asked to hand it back (``wanted_by``); when another live process
      has it as home too (two processes started with the same ``SHARD_IDS``), left to it;
    * **any other** shard: adopted when nobody holds it or its lease ran out (its process stopped),
      renewed while adopted, and handed straight to its home process once that one asks for it.

    >>> from bot.store.leases import Lease
    >>> mine = plan_leases({}, "a", Shards(2, (0,)), "2026-01-01T00:00:00.000+00:00")
    >>> [(s, l.holder, l.home, l.expires_at) for s, l in sorted(mine.items())]
    [(0, 'a', True, '2026-01-01T00:02:30.000+00:00'), (1, 'a', False, '2026-01-01T00:02:30.000+00:00')]
    >>> back = plan_leases(mine, "b", Shards(2, (1,)), "2026-01-01T00:01:00.000+00:00")
    >>> back[1].holder, back[1].wanted_by, list(back)
    ('a', 'b', [1])
    >>> handed = plan_leases({**mine, **back}, "a", Shards(2, (0,)), "2026-01-01T00:01:30.000+00:00")
    >>> handed[1].holder, handed[1].home, handed[0].holder
    ('b', True, 'a')
    """
    until = iso(parse(now) + timedelta(seconds=ttl))
    home = set(shards.ids)
    changes: dict[int, Lease] = {}
    for shard in range(shards.count):
        lease = leases.get(shard)
        if lease is None or lease.expires_at <= now:  # nobody holds it: ours, as home or adopted
            changes[shard] = Lease(shard, me, shard in home, None, until)
        elif shard in home:
            if lease.holder == me:
                changes[shard] = Lease(shard, me, True, None, until)
            elif not lease.home and lease.wanted_by != me:  # adopted by another: ask for it back
                changes[shard] = replace(lease, wanted_by=me)
        elif lease.holder == me:
            if lease.wanted_by is not None:  # its home process is back: hand it over
                changes[shard] = Lease(shard, lease.wanted_by, True, None, until)
            else:
                changes[shard] = Lease(shard, me, False, None, until)
    return changes


def held_shards(leases: Mapping[int, Lease], me: str, now: str) -> tuple[int, ...]:
    """The shards whose unexpired lease ``me`` holds."""
    return tuple(sorted(s for s, lease in leases.items() if lease.holder == me and lease.expires_at > now))
