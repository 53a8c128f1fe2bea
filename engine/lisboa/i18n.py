"""Messages of Lisboa (catalogue: locale/ja/LC_MESSAGES/messages.po)."""

from engine.core.i18n import domain

DOMAIN = domain(__package__)
msg, msgn, msgp = DOMAIN.msg, DOMAIN.msgn, DOMAIN.msgp
