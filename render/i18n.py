"""Words for people at the edge: :class:`~engine.core.i18n.Msg` values turned into a language.

Every package that speaks keeps a gettext catalogue at
``<package>/locale/<lang>/LC_MESSAGES/messages.po`` (kept by ``python -m render.catalogue``).
Catalogues are read with Babel and compiled in memory on first use, so nothing generated is
committed; plural forms come from the catalogue's ``Plural-Forms`` header through :mod:`gettext`.

English is the language the code is written in: :func:`tr` returns a message's own text for it.

>>> from engine.core.i18n import domain, listing
>>> words = domain("render")
>>> tr(words.msg("Round {n}", n=3), "en"), tr("Ann", "ja")
('Round 3', 'Ann')
>>> tr(listing(["Ann", "Bob", "Cy"]), "ja")
'Ann、Bob、Cy'
>>> language_of("ja"), language_of("en-US"), language_of(None), language_of("fr")
('ja', 'en', 'en', 'en')
>>> tr_id("engine.core", "", "ja"), tr(words.msg(""), "ja")  # not the catalogue's header
('', '')
"""

from __future__ import annotations

import gettext
import io
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from engine.core.i18n import Listing, Msg, domain

#: The languages a table or a reader may choose; the first is the default.
LANGUAGES: tuple[str, ...] = ("en", "ja")
DEFAULT = LANGUAGES[0]
#: Each language's own name, for menus.
NAMES = {"en": "English", "ja": "日本語"}
CATALOGUE = "messages.po"


def language_of(locale: str | None) -> str:
    """The supported language for a Discord locale (``ja``, ``en-US``...) or a stored setting."""
    if not locale:
        return DEFAULT
    code = str(locale).replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else DEFAULT


def catalogue_path(package: str, lang: str) -> Path | None:
    """Where package ``package`` keeps its ``lang`` catalogue (``None`` if it is not a package)."""
    spec = find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    root = Path(next(iter(spec.submodule_search_locations)))
    return root / "locale" / lang / "LC_MESSAGES" / CATALOGUE


@lru_cache(maxsize=64)
def translations(package: str, lang: str) -> gettext.NullTranslations:
    """The compiled ``lang`` catalogue of ``package`` (no translations when it has none)."""
    path = catalogue_path(package, lang)
    if path is None or not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=package)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def _template(message: Msg, lang: str) -> str:
    book = translations(message.domain, lang)
    if message.plural is not None:
        n = message.n if message.n is not None else 0
        if message.context is not None:
            return book.npgettext(message.context, message.msgid, message.plural, n)
        return book.ngettext(message.msgid, message.plural, n)
    if message.context is not None:
        return book.pgettext(message.context, message.msgid)
    return book.gettext(message.msgid)


def _join(items: list[str], conjunction: str, lang: str) -> str:
    if lang == "ja":
        if conjunction == "or" and len(items) > 1:
            return "、".join(items[:-1]) + "または" + items[-1]
        return "、".join(items)
    if not conjunction:
        return ", ".join(items)
    if len(items) <= 2:
        return f" {conjunction} ".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def tr(value: Any, lang: str) -> str:
    """``value`` in language ``lang``: a :class:`Msg` from its catalogue (its parameters translated
    too), anything else as its plain text (a player's name, a number, a canonical action text)."""
    if not isinstance(value, Msg):
        return "" if value is None else str(value)
    if lang == DEFAULT or not value.msgid:
        return str(value)  # the empty id is the catalogue's header in gettext, never a message
    if isinstance(value, Listing):
        return _join([tr(item, lang) for item in value.items], value.conjunction, lang)
    template = _template(value, lang)
    if not value.params:
        return template
    params = {key: tr(v, lang) if isinstance(v, Msg) else v for key, v in value.params.items()}
    try:
        return template.format_map(params)
    except (KeyError, IndexError, ValueError):
        return str(value)  # a broken translation never hides the message (the catalogue test fails)


def tr_id(package: str, msgid: str, lang: str, context: str | None = None) -> str:
    """The translation of a plain id kept in data (a view's term, an outcome's breakdown label),
    looked up in ``package``'s catalogue; the id itself when it has none."""
    if lang == DEFAULT or not msgid:
        return msgid
    book = translations(package, lang)
    return book.pgettext(context, msgid) if context is not None else book.gettext(msgid)


WORDS = domain(__package__)
msg, msgn, msgp = WORDS.msg, WORDS.msgn, WORDS.msgp
