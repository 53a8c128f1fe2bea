"""Messages of bot.service (catalogue: locale/ja/LC_MESSAGES/messages.po).

Every line the service writes (results, refusals, notices, reminders, digests, score lines...) is a
:class:`~engine.core.i18n.Msg` of this domain; a front end translates it at the edge with
``render.i18n.tr``: public lines in the table's language, private lines in the reader's.
"""

from __future__ import annotations

from engine.core.i18n import Msg, domain

DOMAIN = domain(__package__)
msg, msgn, msgp = DOMAIN.msg, DOMAIN.msgn, DOMAIN.msgp


def term(package: str, msgid: str) -> Msg:
    """A plain English id kept in data (an outcome's breakdown or tie-break label) as a message of
    ``package``'s catalogue (the game's package): it is translated with the line that shows it."""
    return Msg(package, msgid)
