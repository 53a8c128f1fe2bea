"""A clean stop (:meth:`PbpBot.close <bot.discord.app.PbpBot.close>`): stop taking work, let the work
in flight finish, and only then close the store.

discord.py answers each interaction (a slash command, a suggestion, a click) in a task of its own,
and ``asyncio.run`` cancels every task left once the bot's main coroutine returns. A task cancelled
in the middle of a store operation leaves its database connection in a state that PostgreSQL's
driver and SQLAlchemy's pool can only report as errors (``Exception closing connection …
CancelledError``). So, once the bot is stopping:

* a new interaction is refused at once (:func:`install_gate`): an ephemeral "restarting" reply in
  the reader's client language (no suggestions for a suggestion request), without touching the
  store;
* the interactions being answered are waited for (:func:`answered`, bounded);

and the store is closed last (it too lets its operations in flight finish, see
:meth:`GameStore.close <bot.store.store.GameStore.close>`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord

from render.i18n import language_of, tr

from .i18n import msg

log = logging.getLogger("bot")
RESTARTING = msg("I am restarting, so nothing was done; try again in a minute.")
#: The task answering a refused interaction (waited for by :func:`answered` like the others).
REFUSAL = "pbp-refusal"
#: Names discord.py gives the tasks that answer an interaction; a view's timeout is no work in
#: flight and is not waited for.
ANSWERING = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-dynamic-item-",
    "discord-ui-modal-",
    REFUSAL,
)
#: Discord's interaction types: a suggestion request (autocomplete) and a ping.
AUTOCOMPLETE, PING = 4, 1


def install_gate(client: discord.Client, stopping: Callable[[], bool]) -> None:
    """Refuse the interactions that come to ``client`` while ``stopping()`` (see the module's text);
    the others go on to discord.py's own dispatch."""
    state: Any = client._connection
    dispatch = state.parse_interaction_create

    def parse_interaction_create(data: Any) -> None:
        if not stopping():
            dispatch(data)
            return
        interaction = discord.Interaction(data=data, state=state)
        asyncio.create_task(refuse(interaction), name=REFUSAL)

    state.parse_interaction_create = parse_interaction_create  # what the gateway's events call
    state.parsers["INTERACTION_CREATE"] = parse_interaction_create


async def refuse(interaction: discord.Interaction[Any]) -> None:
    """Answer an interaction that came while stopping: no suggestions, or the "restarting" reply."""
    try:
        if interaction.type.value == AUTOCOMPLETE:
            await interaction.response.autocomplete([])
        elif interaction.type.value != PING:
            text = tr(RESTARTING, language_of(str(interaction.locale)))
            await interaction.response.send_message(text, ephemeral=True)
    except Exception as exc:  # Discord gone or the interaction expired: nothing more to do
        log.debug("could not refuse an interaction while stopping: %s", exc)


async def answered(grace: float) -> None:
    """Wait until the interactions being answered in this process are (at most ``grace`` seconds)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + grace
    me = asyncio.current_task()
    while True:
        busy = [t for t in asyncio.all_tasks() if t is not me and not t.done() and t.get_name().startswith(ANSWERING)]
        left = deadline - loop.time()
        if not busy:
            return
        if left <= 0:
            log.warning("stopping with %d interaction(s) still being answered after %.0f s", len(busy), grace)
            return
        await asyncio.wait(busy, timeout=left)
