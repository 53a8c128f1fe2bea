"""A loaded pack and what a game supplies to load its own: :class:`PackSpec`."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, NoReturn, TypeVar

from ..i18n import msg
from .schema import ITEM_KINDS, KINDS, Family, PackError, Record, Row

Refs = dict[str, set[object]]  # the keys of each keyed family loaded so far

#: What a pack's values are called in its notice (a game may name them more precisely).
CARD_VALUES = msg("Card values")


@dataclass(frozen=True)
class Pack:
    """A validated pack: where it was read, its identity, the ``fingerprint`` of its game values
    (which a game's state records), every row by family, in file order, and the ``former``
    fingerprints earlier versions with the same values recorded (see :mod:`.fingerprint`). Games
    subclass it with typed views of the rows (their ``assemble`` builds one from this, keeping
    ``fingerprint`` and ``former``)."""

    path: str
    name: str
    title: str
    fingerprint: str
    rows: dict[str, tuple[Row, ...]]
    families: dict[str, Family] = field(default_factory=dict, kw_only=True, repr=False, compare=False)
    former: tuple[str, ...] = field(default=(), kw_only=True, compare=False)

    @property
    def provisional_rows(self) -> int:
        return sum(r.provisional for rows in self.rows.values() for r in rows)

    @property
    def total_rows(self) -> int:
        return sum(map(len, self.rows.values()))

    def where(self, family: str, row: Row) -> str:
        """Where ``row`` of ``family`` sits: ``file: table row N (id 'x')`` (see :meth:`Family.where`)."""
        fam = self.families[family]
        index = next(i for i, r in enumerate(self.rows[family], start=1) if r is row)
        key = None
        if fam.key and not fam.single:
            key = row.get(fam.key) if isinstance(row, Record) else getattr(row, fam.key)
        return fam.where(index, key)

    def fail(self, family: str, row: Row, field_name: str, message: str) -> NoReturn:
        """Raise :class:`PackError` for a cross-row rule, naming file, row and field."""
        raise PackError(f"{self.where(family, row)}: field {field_name!r}: {message}")


@dataclass(frozen=True)
class Sources:
    """What a row's ``source`` must look like: each ``;``-separated part starts with one of
    ``prefixes`` (any text when empty); ``examples`` is shown when a row names none. Without
    ``required``, rows may omit it (a pack whose citations live in comments)."""

    prefixes: tuple[str, ...] = ()
    examples: str = ""
    required: bool = True


@dataclass(frozen=True)
class Effects:
    """A game's effect registry for ``effect`` fields: the ids it knows, and a check of one id's
    parameters (``None`` when they fit, else a message naming the parameter)."""

    known: Collection[str]
    check: Callable[[str, dict[str, object], Refs], str | None]


P = TypeVar("P", bound=Pack)


def _no_checks(pack: object) -> None:
    return None


@dataclass(frozen=True)
class PackSpec(Generic[P]):
    """Everything the core needs to load one game's packs.

    ``families`` in load order (a ``ref`` names an earlier family); ``default_dir`` holds the
    shipped pack; ``assemble`` turns the validated rows (a core :class:`Pack`) into the game's pack
    and ``check`` runs its cross-row rules on it (raising :class:`PackError`, e.g. via
    :meth:`Pack.fail`). ``meta_file`` holds ``[pack]`` ``schema``/``name``/``title``; a pack
    without one takes ``name`` and ``title`` from here. ``values`` is what the notice calls the data.
    """

    game: str
    families: tuple[Family, ...]
    default_dir: Path
    assemble: Callable[[Pack], P]
    check: Callable[[P], None] = _no_checks
    meta_file: str | None = "pack.toml"
    schema: int = 1
    schema_doc: str = ""
    name: str = ""
    title: str = ""
    sources: Sources = Sources()
    effects: Effects | None = None
    values: str = CARD_VALUES

    def __post_init__(self) -> None:
        seen: dict[str, Family] = {}
        for fam in self.families:
            _check_family(fam, seen, self.effects is not None)
            seen[fam.name] = fam
        if self.meta_file is None and not (self.name and self.title):
            raise ValueError(f"{self.game}: a pack without a meta file needs the spec's name and title")

    @property
    def files(self) -> tuple[str, ...]:
        """The pack's TOML files in the order the fingerprint reads them (meta file aside)."""
        return tuple(dict.fromkeys(f.file for f in self.families))

    def family(self, name: str) -> Family:
        return next(f for f in self.families if f.name == name)


def _check_family(fam: Family, earlier: dict[str, Family], has_effects: bool) -> None:
    """A spec mistake is the game's bug: raise ValueError at import, never a confusing PackError."""
    what = f"data pack family {fam.name!r}"
    if fam.name in earlier:
        raise ValueError(f"{what} is declared twice")
    if fam.single and fam.keyed:
        raise ValueError(f"{what}: single and keyed exclude each other")
    if not fam.table and not fam.single:
        raise ValueError(f"{what}: only a single family may be the file's top level")
    if (fam.keyed or (fam.key and not fam.single)) and fam.key not in {f.name for f in fam.fields}:
        raise ValueError(f"{what}: key {fam.key!r} is not one of its fields")
    for f in fam.fields:
        if f.kind not in KINDS or (f.kind in ("list", "table") and f.item not in ITEM_KINDS):
            raise ValueError(f"{what}: field {f.name!r} has an unknown kind")
        if f.kind == "effect" and not has_effects:
            raise ValueError(f"{what}: field {f.name!r} is an effect, but the spec has no effect registry")
        if (f.kind == "ref" or f.item == "ref") and f.ref not in earlier:
            raise ValueError(f"{what}: field {f.name!r} names {f.ref!r}, which is not a family loaded before it")
