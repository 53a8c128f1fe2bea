"""Messages of bot.service (catalogue: locale/ja/LC_MESSAGES/messages.po).

Every line the service writes (results, refusals, notices, reminders, digests, score lines...) is a
:class:`~engine.core.i18n.Msg` of this domain, with the engine's messages (event sentences, prompts)
passed through as they are; a front end translates at the edge with ``render.i18n.tr(value, lang)``:
public lines in the table's language, private lines in the reader's. As a ``str`` a message is its
English, so an English front end needs nothing.

What a front end reads, and in which language:

* ``Announcement.public``, ``Step.public``, ``Step.lines``, :func:`~bot.service.turn_text.status_lines`: the table's
  (``Table.language``, ``service.table(row).language``); :func:`~bot.discord.views.layout.turn_text`
  translates itself (``lang=None``: the table's).
* ``Step.private[user]``, ``Reply.lines``, ``MyGames.lines``, ``LogPage.lines``, ``ServiceError.message``,
  ``AwayChange.message``, ``Control.label``,
  ``option_suggestions`` names: the reader's (the interaction's locale, or the language the user
  chose: ``service.notify.language(user)``).
* Messages without an interaction name their reader: ``Notice.user_id`` (``None``: the whole table),
  ``Digest.user_id`` (``Digest.text_in(lang)``), ``Step.dm`` keys, ``notify.dm_failed(user)``; use the
  user's chosen language (``service.notify.languages(users)``), else the table's.
  ``Notice.text()`` is a message; ``Notice.dm_text(lang)`` is already text.
* ``Step.elsewhere`` lines go to other games' channels: their own table's language.

Stored lines (turn messages, the log's public lines, digest items) keep their messages as data
(:mod:`bot.store.lines`), so they redraw in any language.
"""

from __future__ import annotations

from typing import Any

from engine.core.i18n import Msg, domain

DOMAIN = domain(__package__)


# Typed as ``str`` (a Msg is one): the service's lines are lists of ``str`` holding messages and plain
# strings alike (a player's name, a canonical action text).
def msg(msgid: str, /, **params: Any) -> str:
    """A message of ``bot.service`` with ``str.format`` parameters."""
    return DOMAIN.msg(msgid, **params)


def msgn(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """A message with a singular and a plural form chosen by ``n`` (also passed as ``{n}``)."""
    return DOMAIN.msgn(singular, plural, n, **params)


def msgp(context: str, msgid: str, /, **params: Any) -> str:
    """A message whose id needs a context to be told apart."""
    return DOMAIN.msgp(context, msgid, **params)


def term(package: str, msgid: str) -> str:
    """A plain English id kept in data (an outcome's breakdown or tie-break label) as a message of
    ``package``'s catalogue (the game's package): it is translated with the line that shows it."""
    return Msg(package, msgid)
