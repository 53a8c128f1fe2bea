"""The durable timer loop (RoboDanny's shape): one task sleeps until the earliest stored timer.

Deadlines (``clocks``) and reminders (``reminders``) live in the database, never in memory: on
start-up the loop first extends deadlines by the bot's downtime, then fires whatever is due:
deadline outcomes first, then the AI players' due turns, then reminders and stalled-game
announcements. Storing an earlier deadline or a change that leaves an AI owing a decision wakes it
(``service.core.on_schedule``); otherwise it wakes at least every minute to write a heartbeat. The
AI thinks in processes of its own (:mod:`bot.service.ai_pool`): the event loop only waits for it.
It stops between two rounds (:meth:`TimerCog.stop`): a round in progress finishes, so
no store operation is cut in the middle by a cancellation.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from ...service.notices import Notice
from ...service.timeouts import Expiry
from ...store.times import parse
from ..language import of_table
from ..turns import NO_MENTIONS, post_step
from ..views.notify import deliver_digest
from ..views.reminders import post_notice
from ..views.timeouts import offer_text, offer_view

if TYPE_CHECKING:
    from ..app import PbpBot

log = logging.getLogger("bot.timers")
HEARTBEAT_SECONDS = 60.0
#: How long :meth:`TimerCog.stop` lets a round in progress finish before cancelling it (seconds).
STOP_GRACE = 30.0


class TimerCog(commands.Cog):
    """Fires passed deadlines through the service and posts what they did."""

    def __init__(self, bot: PbpBot) -> None:
        self.bot = bot
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.stopping = False

    async def cog_load(self) -> None:
        outage, extended = await self.bot.service.timeouts.resume()
        if extended:
            log.info("extended %d deadline(s) by the bot's downtime of %d s", extended, outage)
        self.bot.service.core.on_schedule = self.wake.set
        if self.bot.settings.run_timers:
            self.task = asyncio.create_task(self.run(), name="pbp-timers")

    async def cog_unload(self) -> None:
        if self.task is not None:
            await self.stop()
            await self.bot.service.leases.release()  # another process takes the timed work over now
        await self.bot.service.timeouts.heartbeat()

    async def stop(self, grace: float = STOP_GRACE) -> None:
        """Stop the loop between two rounds: its wait for the next round ends at once, a round in
        progress finishes (cancelled only after ``grace`` seconds)."""
        self.stopping = True
        self.wake.set()
        task = self.task
        if task is None or task.done():
            return
        try:
            await asyncio.wait_for(asyncio.shield(task), grace)
        except TimeoutError:
            log.warning("timer loop: the round in progress took over %.0f s; cancelled", grace)
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def run(self) -> None:
        while not self.stopping:
            try:
                await self.tick()
            except Exception:  # one bad game must not stop every clock
                log.exception("timer loop: firing timers failed")
            self.wake.clear()
            if self.stopping:  # checked after clearing: a stop asked from now on sets the event again
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), await self.delay())

    async def tick(self) -> tuple[list[Expiry], list[Notice]]:
        """One round of the loop: renew the shard leases, then passed deadlines, then due reminders, of
        the shards this process now holds (:mod:`bot.service.lease_keeper`); notes the time for
        ``/health``."""
        await self.bot.service.leases.renew()
        expiries = await self.fire()
        await self.play_ai()
        done = expiries, await self.remind()
        self.bot.last_tick = self.bot.service.now()
        return done

    async def delay(self) -> float:
        """Seconds until the earliest deadline or reminder, at most the heartbeat interval (none while
        AI turns are still due)."""
        if self.bot.service.ai.more:
            return 0.0
        due = await self.bot.service.reminders.next_timer()
        if due is None:
            return HEARTBEAT_SECONDS
        left = (parse(due) - parse(self.bot.service.now())).total_seconds()
        return min(HEARTBEAT_SECONDS, max(0.0, left))

    async def fire(self) -> list[Expiry]:
        """Heartbeat, then every passed deadline: post the defaults taken and the table's offers."""
        await self.bot.service.timeouts.heartbeat()
        expiries = await self.bot.service.timeouts.expire_due()
        for expiry in expiries:
            try:
                await self.post(expiry)
            except discord.HTTPException as exc:  # stored already; /game status shows it
                log.warning("deadline outcome in channel %s not posted: %s", expiry.channel_id, exc)
        return expiries

    async def play_ai(self) -> int:
        """Play the due AI turns of this process's shards, posting each move's turn message before the
        next is thought; how many were played."""
        played = 0
        async for step in self.bot.service.ai.turns():
            played += 1
            try:
                await post_step(self.bot, step, None)
            except discord.HTTPException as exc:  # stored already; /game status shows it
                log.warning("AI move in game %s not posted: %s", step.row, exc)
        return played

    async def remind(self) -> list[Notice]:
        """Post absences that ended at their date, every due reminder (pinging only the player who
        owes), stalled-game announcement and turn ping held back by quiet hours; then apply standing
        answers that became due and send the daily digests."""
        service = self.bot.service
        notices = await service.away.due() + await service.reminders.due() + await service.notify.held_due()
        for notice in notices:
            try:
                await post_notice(self.bot, notice)
            except discord.HTTPException as exc:  # claimed already: never retried in a loop
                log.warning("reminder in channel %s not posted: %s", notice.channel_id, exc)
        for step in await service.standing.due():
            await post_step(self.bot, step, None)
        for digest in await service.notify.digest_due():
            await deliver_digest(self.bot, digest)
        return notices

    async def post(self, expiry: Expiry) -> None:
        if expiry.result is not None:
            await post_step(self.bot, expiry.result, None)
        if expiry.offer is not None:
            lang = of_table(await self.bot.service.table(expiry.offer.game_row))
            channel = self.bot.get_partial_messageable(int(expiry.channel_id))
            await channel.send(
                offer_text(expiry.offer, lang),
                view=offer_view(expiry.offer, lang),
                allowed_mentions=NO_MENTIONS,
                silent=True,
            )


async def setup(bot: PbpBot) -> None:
    await bot.add_cog(TimerCog(bot))
