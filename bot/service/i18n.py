"""Messages of bot.service (catalogue: locale/ja/LC_MESSAGES/messages.po).

Every line the service writes (results, refusals, notices, reminders, digests, score lines...) is a
:class:`~engine.core.i18n.Msg` of this domain; a front end translates it at the edge with
``render.i18n.tr``: public lines in the table's language, private lines in the reader's.
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
