"""Messages of The Red Cathedral (catalogue: locale/ja/LC_MESSAGES/messages.po)."""

from engine.core.i18n import Msg, domain

DOMAIN = domain(__package__)
msg, msgn, msgp = DOMAIN.msg, DOMAIN.msgn, DOMAIN.msgp


def capitalized(message: str) -> str:
    """``message`` whose English is ``str.capitalize()``-d (as the labels always wrote it); other
    languages translate it as they would ``message`` itself (they have no capitals)."""
    if not isinstance(message, Msg):
        return message.capitalize()
    out = str.__new__(Msg, str(message).capitalize())
    out.domain, out.msgid, out.params = message.domain, message.msgid, message.params
    out.plural, out.n, out.context = message.plural, message.n, message.context
    return out
