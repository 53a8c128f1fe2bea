"""The words of Secret Nim's board images: a gettext domain of their own (this package's name), kept
in this package's ``locale/<lang>/LC_MESSAGES/messages.po``."""

from engine.core.i18n import domain

WORDS = domain(__package__)
msg, msgn, msgp = WORDS.msg, WORDS.msgn, WORDS.msgp
