"""The words of Lorenzo il Magnifico's board images: a gettext domain of their own (this package's name), kept
in this package's ``locale/<lang>/LC_MESSAGES/messages.po``; ``python -m render.catalogue update
render.lorenzo`` brings it in line with the code."""

from engine.core.i18n import domain

from ..i18n import tr, tr_id

WORDS = domain(__package__)
msg, msgn, msgp = WORDS.msg, WORDS.msgn, WORDS.msgp

__all__ = ["WORDS", "msg", "msgn", "msgp", "tr", "tr_id"]
