"""Messages of Lorenzo il Magnifico (catalogue: locale/ja/LC_MESSAGES/messages.po).

Card and leader names come from the data pack: they are made with ``DOMAIN.data`` and declared
by :mod:`.data` (the shipped pack's names and leader keys)."""

from engine.core.i18n import domain

DOMAIN = domain(__package__)
msg, msgn, msgp = DOMAIN.msg, DOMAIN.msgn, DOMAIN.msgp
