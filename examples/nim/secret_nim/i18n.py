"""Secret Nim's words for people: a gettext domain of its own (this package's name), kept in this
package's ``locale/<lang>/LC_MESSAGES/messages.po``. ``python -m render.catalogue update secret_nim``
brings the catalogue in line with the code; ``python -m render.catalogue check secret_nim`` lists
what is missing."""

from engine.core.i18n import domain

DOMAIN = domain(__package__)
msg, msgn, msgp = DOMAIN.msg, DOMAIN.msgn, DOMAIN.msgp
