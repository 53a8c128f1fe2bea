"""The pieces a game declares its data pack with: fields, families of rows, and the row classes.

A pack is a folder of TOML files. Each *family* is a named set of rows kept in one file: an array
of tables (``[[card]]`` or ``card = [{...}, ...]``), one table (``single``: ``[track]``; the table
``""`` is the file's top level) or a table of tables keyed by name (``keyed``: ``[setup.2]``, the
name becomes the row's ``key`` field). Every row may carry its provenance (:data:`PROVENANCE`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

PROVENANCE = ("source", "provisional", "why", "provisional_fields", "note")
KINDS = ("str", "int", "bool", "enum", "ref", "list", "table", "effect")
ITEM_KINDS = ("str", "int", "enum", "ref", "list")


Toml = dict[str, object]  # a parsed TOML document or table, read by its shape
Values = dict[str, Any]  # a row's checked values by field name (of the types its fields declare)


class PackError(ValueError):
    """A data pack failed validation; the message names the file, the row and the field."""


@dataclass(frozen=True, kw_only=True)
class Row:
    """Provenance every row carries: where its values come from and, where no source gives them,
    ``provisional`` with the reason (``why``) and optionally which fields."""

    source: str = ""
    provisional: bool = False
    why: str = ""
    provisional_fields: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class Record(Row):
    """A row of a family without its own class: the given fields by name (lists as tuples)."""

    values: Values

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def get(self, name: str, default: object = None) -> Any:
        return self.values.get(name, default)


@dataclass(frozen=True)
class F:
    """One field. ``kind`` is one of :data:`KINDS`. ``int`` values (and int items) lie in
    ``lo..hi``; ``enum`` values are among ``choices``; a ``ref`` names a key of the family ``ref``
    (loaded earlier). A ``list`` holds ``min_len..max_len`` items of kind ``item`` (one of
    :data:`ITEM_KINDS`; an item ``list`` is only checked to be a list), distinct unless
    ``distinct`` is false; a ``table`` maps names to ``item`` values. An ``effect`` is an effect
    id of the game's registry allowed in this slot (``effects``), its parameters in
    ``<name>_params`` (or ``params_field``)."""

    name: str
    kind: str
    required: bool = True
    lo: int | None = None
    hi: int | None = None
    choices: tuple[str, ...] = ()
    ref: str = ""
    item: str = ""
    min_len: int = 0
    max_len: int = 99
    effects: tuple[str, ...] = ()
    params_field: str = ""
    distinct: bool = True

    @property
    def params_name(self) -> str:
        return self.params_field or f"{self.name}_params"


def text(name: str, required: bool = True) -> F:
    """A non-empty string."""
    return F(name, "str", required)


def flag(name: str, required: bool = True) -> F:
    """``true`` or ``false``."""
    return F(name, "bool", required)


def integer(name: str, lo: int, hi: int, required: bool = True) -> F:
    """An integer in ``lo..hi``."""
    return F(name, "int", required, lo, hi)


def enum(name: str, choices: tuple[str, ...], required: bool = True) -> F:
    """One of ``choices``."""
    return F(name, "enum", required, choices=choices)


def ref(name: str, family: str, required: bool = True) -> F:
    """The key of a row of ``family`` (a family loaded before this one)."""
    return F(name, "ref", required, ref=family)


def items(
    name: str,
    item: str,
    n_min: int = 0,
    n_max: int = 99,
    *,
    lo: int | None = None,
    hi: int | None = None,
    choices: tuple[str, ...] = (),
    ref: str = "",
    distinct: bool = True,
    required: bool = True,
) -> F:
    """A list field: ``n_min..n_max`` items of kind ``item`` (ints in ``lo..hi``), distinct unless told."""
    return F(
        name,
        "list",
        required,
        lo=lo,
        hi=hi,
        choices=choices,
        ref=ref,
        item=item,
        min_len=n_min,
        max_len=n_max,
        distinct=distinct,
    )


def table(name: str, item: str, *, lo: int | None = None, hi: int | None = None, required: bool = True) -> F:
    """A table of named values of kind ``item`` (e.g. ``{ "1" = 1, "2" = 2 }``)."""
    return F(name, "table", required, lo=lo, hi=hi, item=item)


def effect(name: str, allowed: tuple[str, ...], required: bool = True, params_field: str = "") -> F:
    """An effect id among ``allowed``, with its parameters in ``<name>_params`` (or ``params_field``)."""
    return F(name, "effect", required, effects=allowed, params_field=params_field)


@dataclass(frozen=True)
class Family:
    """A named set of rows in ``file`` under ``table``, with its ``fields``; ``cls`` is the row
    class (a :class:`Row` subclass taking every field by keyword), ``None`` for :class:`Record`.
    ``key`` names the field that identifies a row (``""``: none); keyed rows are what ``ref``
    fields name."""

    name: str
    file: str
    table: str
    cls: type[Row] | None
    fields: tuple[F, ...]
    single: bool = False  # one TOML table (``table = ""``: the file's top level), not rows
    key: str = "id"
    keyed: bool = False  # a table of tables: ``[table.<key>]``

    def where(self, index: int, key: object = None) -> str:
        """``file: table row N (id 'x')``, ``file: [table]``, ``file: [table.x]`` or ``file: top level``."""
        if self.single:
            return f"{self.file}: top level" if not self.table else f"{self.file}: [{self.table}]"
        if self.keyed:
            return f"{self.file}: [{self.table}.{key}]"
        return f"{self.file}: {self.table} row {index}" + (f" ({self.key} {key!r})" if key is not None else "")

    def field_names(self) -> set[str]:
        """Every field a row may give (effect parameters included), provenance aside."""
        return {f.name for f in self.fields} | {f.params_name for f in self.fields if f.kind == "effect"}

    def keeps_params(self, f: F) -> bool:
        """True when the row object stores ``f``'s effect parameters."""
        if self.cls is None:
            return True
        return f.params_name in {x.name for x in dataclasses.fields(self.cls)}
