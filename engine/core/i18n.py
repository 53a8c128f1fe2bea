"""Messages for people as catalogue keys with parameters, never as finished text.

The engine is pure, so it does not translate: it builds :class:`Msg` values and a front end turns
them into words at the edge (``render.i18n.tr``) from the gettext catalogue of the package that
made them. A :class:`Msg` *is* a ``str`` — its English text, formatted from its ``msgid`` — so code
that only needs English (logs, the terminal, canonical tests) keeps working; the key, the
parameters and the catalogue's domain ride along for translation.

Each package that speaks makes its messages through its own :class:`Domain`::

    # engine/somegame/i18n.py
    from engine.core.i18n import domain

    DOMAIN = domain(__package__)
    msg, msgn, msgp = DOMAIN.msg, DOMAIN.msgn, DOMAIN.msgp

and the extraction tool (``python -m render.catalogue``) finds every ``msg("...")``,
``msgn("...", "...", n)`` and ``msgp("context", "...")`` call in the package's source. A message
whose id comes from data (a card name in a data file) is made with :meth:`Domain.data`; the package
declares all such ids with :meth:`Domain.declare_data` so the catalogue check can see them too.

Parameters are ``str.format`` fields (``{good}``, ``{n}``). A parameter that is itself a
:class:`Msg` is translated with the sentence; a plain ``str`` (a player's name, a canonical action
text) is kept as it is. :func:`listing` joins several messages the way each language joins a list.

>>> from engine.core.i18n import Domain
>>> words = Domain("engine.core")
>>> corn = words.msg("corn")
>>> line = words.msg("{player} ships {n} {good}.", player="Ann", n=3, good=corn)
>>> line
'Ann ships 3 corn.'
>>> line.msgid, line.params["good"].msgid, line.domain
('{player} ships {n} {good}.', 'corn', 'engine.core')
>>> words.msgn("{n} colonist", "{n} colonists", 2)
'2 colonists'
>>> str(listing([corn, words.msg("sugar"), "Bob"]))
'corn, sugar and Bob'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from string import Formatter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .json import Json, JsonDict

_FORMATTER = Formatter()


def fields(template: str) -> frozenset[str]:
    """The ``str.format`` field names a template uses (what a translation must keep).

    >>> sorted(fields("{player} ships {n} {good}."))
    ['good', 'n', 'player']
    """
    return frozenset(name for _, name, _, _ in _FORMATTER.parse(template) if name)


class Msg(str):
    """A message: its catalogue ``domain``, ``msgid`` (with ``plural`` and the count ``n`` for a
    plural message, ``context`` for a disambiguated one) and ``params``; as a ``str``, its English."""

    __slots__ = ("context", "domain", "msgid", "n", "params", "plural")
    domain: str
    msgid: str
    params: Mapping[str, Json]
    plural: str | None
    n: int | None
    context: str | None

    def __new__(
        cls,
        domain: str,
        msgid: str,
        params: Mapping[str, Json] | None = None,
        *,
        plural: str | None = None,
        n: int | None = None,
        context: str | None = None,
    ) -> Msg:
        params = dict(params or {})
        template = plural if plural is not None and n != 1 else msgid
        english = template.format_map(params) if params or "{" in template else template
        self = super().__new__(cls, english)
        self.domain = domain
        self.msgid = msgid
        self.params = params
        self.plural = plural
        self.n = n
        self.context = context
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.domain, self.msgid, dict(self.params), self.plural, self.n, self.context))

    def __deepcopy__(self, memo: dict[int, object]) -> Msg:
        return self  # immutable

    def __copy__(self) -> Msg:
        return self


def _rebuild(
    domain: str, msgid: str, params: dict[str, Json], plural: str | None, n: int | None, context: str | None
) -> Msg:
    return Msg(domain, msgid, params, plural=plural, n=n, context=context)


class Listing(Msg):
    """Several messages (or plain strings) joined as a list: "a, b and c" in English, "a、b、c" in
    Japanese. ``conjunction`` is ``"and"``, ``"or"``, or ``""`` for commas only ("a, b, c")."""

    __slots__ = ("conjunction", "items")
    items: tuple[str, ...]
    conjunction: str

    def __new__(cls, items: Sequence[str], conjunction: str = "and") -> Listing:
        parts = [str(item) for item in items]
        if not conjunction:
            english = ", ".join(parts)
        elif len(parts) <= 2:
            english = f" {conjunction} ".join(parts)
        else:
            english = ", ".join(parts[:-1]) + f" {conjunction} " + parts[-1]
        self = str.__new__(cls, english)
        self.domain = "engine.core"
        self.msgid = english
        self.params = {}
        self.plural = None
        self.n = None
        self.context = None
        self.items = tuple(items)
        self.conjunction = conjunction
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (Listing, (self.items, self.conjunction))


def listing(items: Iterable[str], conjunction: str = "and") -> Listing:
    """``items`` joined as a list for people (each item a :class:`Msg` or a plain string)."""
    return Listing(tuple(items), conjunction)


class Domain:
    """The message maker of one package; its name (the package's dotted name) is the catalogue's
    domain, found at ``<package>/locale/<lang>/LC_MESSAGES/messages.po``."""

    def __init__(self, name: str | None) -> None:
        if not name:
            raise ValueError("a message domain needs its package's name (pass __package__)")
        self.name = name
        self._data: list[Callable[[], Iterable[str]]] = []

    def msg(self, msgid: str, /, **params: Json) -> Msg:
        """A message with ``str.format`` parameters."""
        return Msg(self.name, msgid, params)

    def msgn(self, singular: str, plural: str, n: int, /, **params: Json) -> Msg:
        """A message with a singular and a plural form chosen by ``n`` (also passed as ``{n}``)."""
        return Msg(self.name, singular, {"n": n, **params}, plural=plural, n=n)

    def msgp(self, context: str, msgid: str, /, **params: Json) -> Msg:
        """A message whose id needs a context to be told apart (``msgp("role", "Trader")``)."""
        return Msg(self.name, msgid, params, context=context)

    def data(self, msgid: str, /, **params: Json) -> Msg:
        """A message whose id comes from data (declare every such id with :meth:`declare_data`)."""
        return Msg(self.name, msgid, params)

    def declare_data(self, source: Callable[[], Iterable[str]]) -> None:
        """Register a function listing every id this package passes to :meth:`data`."""
        self._data.append(source)

    def data_ids(self) -> set[str]:
        """Every declared data message id."""
        return {text for source in self._data for text in source()}


#: Domains by name, filled as packages create them (for the catalogue check).
_DOMAINS: dict[str, Domain] = {}


def domain(name: str | None) -> Domain:
    """The one :class:`Domain` of package ``name`` (created on first use)."""
    if not name:
        raise ValueError("a message domain needs its package's name (pass __package__)")
    found = _DOMAINS.get(name)
    if found is None:
        found = _DOMAINS[name] = Domain(name)
    return found


def known_domains() -> dict[str, Domain]:
    """Every domain created so far, by name."""
    return dict(_DOMAINS)


CORE = domain(__package__)
msg, msgn, msgp = CORE.msg, CORE.msgn, CORE.msgp


def to_data(value: str) -> Json:
    """``value`` as JSON-able data that :func:`from_data` turns back into the same message (a plain
    string stays a string), so a stored line can be drawn again in any language.

    >>> line = CORE.msg("{player} takes back their answer.", player="Ann")
    >>> again = from_data(to_data(line))
    >>> again == line and again.msgid == line.msgid and isinstance(again, Msg)
    True
    >>> from_data(to_data(listing([line, "Bob"]))).items[1]
    'Bob'
    """
    if isinstance(value, Listing):
        return {"list": [to_data(item) for item in value.items], "and": value.conjunction}
    if isinstance(value, Msg):
        data: JsonDict = {"d": value.domain, "id": value.msgid}
        if value.params:
            data["p"] = {k: to_data(v) if isinstance(v, str) else v for k, v in value.params.items()}
        if value.plural is not None:
            data["pl"], data["n"] = value.plural, value.n
        if value.context is not None:
            data["c"] = value.context
        return data
    return value


def from_data(data: Any) -> Any:
    """The message :func:`to_data` stored (anything else as it is): ``data`` is stored JSON of any
    form, read by its shape."""
    if not isinstance(data, dict):
        return data
    if "list" in data:
        return Listing(tuple(from_data(item) for item in data["list"]), str(data.get("and", "and")))
    if "id" not in data or "d" not in data:
        return data
    params = {k: from_data(v) for k, v in (data.get("p") or {}).items()}
    return Msg(data["d"], data["id"], params, plural=data.get("pl"), n=data.get("n"), context=data.get("c"))
