"""Log in to Discord and stay connected; wait patiently while the network is not there.

discord.py's ``connect(reconnect=True)`` reconnects a bot that lost its connection, but the login
before it does not retry: without network, ``Client.start`` raises ``aiohttp.ClientConnectorError``
and ``Client.run`` ends in a long traceback. :func:`serve` tries again instead, logging one line
per failed try ("can't reach Discord (…); retrying in 4 s") and pausing twice as long each time,
from :data:`FIRST_PAUSE` up to :data:`LONGEST_PAUSE` seconds, until the login works or Ctrl-C.
Each try builds a fresh bot (a half-started one is closed with its store). A refused token is no
network trouble: :class:`discord.LoginFailure` goes to the caller at once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterator

import aiohttp
import discord

log = logging.getLogger("bot")

#: What a try that could not reach Discord raises (no network, DNS, a timeout, Discord's own outage).
NETWORK_ERRORS = (
    OSError,
    aiohttp.ClientError,
    asyncio.TimeoutError,
    discord.GatewayNotFound,
    discord.DiscordServerError,
)
#: Seconds before the second try; each later pause doubles, up to :data:`LONGEST_PAUSE`.
FIRST_PAUSE = 2.0
LONGEST_PAUSE = 60.0


def pauses(first: float | None = None, longest: float | None = None) -> Iterator[float]:
    """The pauses between tries: doubling from ``first``, capped at ``longest``.

    >>> from itertools import islice
    >>> list(islice(pauses(2, 60), 7))
    [2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0]
    """
    pause = float(FIRST_PAUSE if first is None else first)
    cap = float(LONGEST_PAUSE if longest is None else longest)
    while True:
        yield min(pause, cap)
        pause = min(pause * 2, cap)


def reason(exc: BaseException) -> str:
    """A network failure in a few words (its message's first line, else its kind)."""
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__


async def serve(
    make_bot: Callable[[], discord.Client],
    token: str,
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
) -> None:
    """Log in with ``token`` and run until the bot is closed, retrying while Discord is out of reach."""
    waits = pauses()
    while True:
        bot = make_bot()
        try:
            async with bot:
                await bot.start(token)
            return
        except NETWORK_ERRORS as exc:
            pause = next(waits)
            log.warning("can't reach Discord (%s); retrying in %g s (Ctrl-C stops)", reason(exc), pause)
        await sleep(pause)
