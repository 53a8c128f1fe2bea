"""A pack's fingerprint: the 16 hex digits a game's state records to name the pack it was set up with.

The fingerprint is the pack's game values and nothing else (:func:`values_fingerprint`): the SHA-256
of a canonical JSON of the pack's name and schema and of every file's parsed TOML, with each row's
provenance (:data:`~.schema.PROVENANCE`: ``source``, ``provisional``, ``why``,
``provisional_fields``, ``note``) left out; comments, spacing and the title are gone with parsing.
So correcting a comment or a citation never changes it, and any change of a value does. Order is
kept (rows, list items, the keys of a table: a game may read them in file order).

Packs were once fingerprinted by their bytes (:func:`byte_fingerprint`), and games set up then
recorded those. A pack keeps answering to them through ``fingerprints.toml`` (:func:`read_former`):
``values`` is the values fingerprint they were computed for and ``former`` lists them; the list
counts only while the pack's values are still those (an edited copy answers to none of them).
``python -m engine.core.datapack.former`` computes the file from the repository's history.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
import tomllib
from collections.abc import Mapping
from datetime import date, time
from pathlib import Path

from .pack import P, PackSpec
from .schema import PROVENANCE, Family, PackError, Toml

FORMER_FILE = "fingerprints.toml"
_HEX16 = re.compile(r"[0-9a-f]{16}")


def values_fingerprint(spec: PackSpec[P], name: str, schema: object, docs: Mapping[str, Toml]) -> str:
    """The fingerprint of the pack named ``name`` (schema ``schema``) whose files parse to ``docs``
    (by file name; every file of ``spec.files``). Raise :class:`PackError` if a family's rows are
    not where ``spec`` puts them (a pack that loads never does)."""
    files = [[file, _without_provenance(spec, file, docs[file])] for file in spec.files]
    canonical = json.dumps(
        [["pack", {"name": name, "schema": schema}], *files],
        ensure_ascii=False,
        separators=(",", ":"),
        default=_toml_value,
    )
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def byte_fingerprint(spec: PackSpec[P], blobs: Mapping[str, bytes]) -> str:
    """What packs were fingerprinted by before values were: the SHA-256 of the meta file's bytes,
    then of each file of ``spec.files`` as its name, a NUL byte and its bytes (``blobs`` by file name)."""
    digest = hashlib.sha256(blobs[spec.meta_file] if spec.meta_file is not None else b"")
    for file in spec.files:
        digest.update(file.encode() + b"\0" + blobs[file])
    return digest.hexdigest()[:16]


def read_former(root: Path, values: str) -> tuple[str, ...]:
    """The former fingerprints ``root/fingerprints.toml`` lists for the values fingerprint
    ``values`` (none without the file, or when it was computed for other values)."""
    path = root / FORMER_FILE
    if not path.is_file():
        return ()
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise PackError(f"{FORMER_FILE}: not valid TOML: {exc}") from exc
    unknown = sorted(set(doc) - {"values", "former"})
    if unknown:
        raise PackError(f"{FORMER_FILE}: unknown field {unknown[0]!r} (known: former, values)")
    if "values" not in doc:
        raise PackError(
            f"{FORMER_FILE}: field 'values': must be the values fingerprint the former ones were computed for"
        )
    if not isinstance(doc["values"], str) or not _HEX16.fullmatch(doc["values"]):
        raise PackError(f"{FORMER_FILE}: field 'values': must be 16 hexadecimal digits, got {doc['values']!r}")
    former = doc.get("former", [])
    if not isinstance(former, list):
        raise PackError(f"{FORMER_FILE}: field 'former': must be a list of fingerprints, got {former!r}")
    for item in former:
        if not isinstance(item, str) or not _HEX16.fullmatch(item):
            raise PackError(f"{FORMER_FILE}: field 'former': item {item!r}: must be 16 hexadecimal digits (0-9, a-f)")
    return tuple(dict.fromkeys(former)) if doc["values"] == values else ()


def _rows(fam: Family, doc: Toml) -> list[Toml]:
    """The tables of ``doc`` that are rows of ``fam``."""
    if not fam.table:
        return [doc]
    if fam.table not in doc:
        raise PackError(f"{fam.file}: missing table {fam.table!r}")
    found = doc[fam.table]
    if fam.single:
        rows = [found]
    elif fam.keyed and isinstance(found, dict):
        rows = list(found.values())
    else:
        rows = found if isinstance(found, list) else []
    return [r for r in rows if isinstance(r, dict)]


def _without_provenance(spec: PackSpec[P], file: str, doc: Toml) -> Toml:
    out = copy.deepcopy(doc)
    for fam in spec.families:
        if fam.file != file:
            continue
        # a top-level family's row is the file's top level, less the other families' tables
        others = {f.table for f in spec.families if f.file == file and f is not fam} if not fam.table else set()
        for row in _rows(fam, out):
            for key in set(PROVENANCE) - others:
                row.pop(key, None)
    return out


def _toml_value(value: date | time) -> dict[str, str]:
    """A TOML date or time, told apart from a string holding the same text."""
    return {"toml": type(value).__name__, "value": value.isoformat()}
