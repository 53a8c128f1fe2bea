"""Reading and validating a pack: :func:`load` is the only function here that touches files
(its fingerprint: :mod:`.fingerprint`).

Every problem raises :class:`PackError` naming the file, the row and the field:
``cards.toml: card row 7 (id 'c-07'): field 'cost': must be 0..10, got 12``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Hashable
from pathlib import Path
from typing import NoReturn

from .fingerprint import read_former, values_fingerprint
from .pack import P, Pack, PackSpec, Refs, Sources
from .schema import PROVENANCE, F, Family, PackError, Record, Row, Toml, Values


def load(spec: PackSpec[P], path: str | Path | None = None) -> P:
    """Read, validate and return the pack in directory ``path`` (default: the shipped one)."""
    root = Path(spec.default_dir if path is None else path)
    name, title = _meta(spec, root)
    docs = {file: _read(root, file) for file in spec.files}
    refs: Refs = {}
    rows: dict[str, tuple[Row, ...]] = {}
    for fam in spec.families:
        rows[fam.name] = _family_rows(spec, fam, docs[fam.file], refs)
    for file, doc in docs.items():
        fams = [f for f in spec.families if f.file == file]
        if any(not f.table for f in fams):
            continue  # the top-level row already refused unknown keys
        known = {f.table for f in fams}
        for key in doc:
            if key not in known:
                raise PackError(f"{file}: unknown table {key!r} (known: {', '.join(sorted(known))})")
    fingerprint = values_fingerprint(spec, name, spec.schema, docs)
    base = Pack(
        path=str(root),
        name=name,
        title=title,
        fingerprint=fingerprint,
        rows=rows,
        families={f.name: f for f in spec.families},
        former=read_former(root, fingerprint),
    )
    pack = spec.assemble(base)
    if (pack.fingerprint, pack.former) != (base.fingerprint, base.former):
        raise ValueError(f"{spec.game}: the spec's assemble must keep the fingerprint and the former fingerprints")
    spec.check(pack)
    return pack


def _meta(spec: PackSpec[P], root: Path) -> tuple[str, str]:
    """The pack's name and title."""
    if spec.meta_file is None:
        return spec.name, spec.title
    file = spec.meta_file
    doc = _read(root, file)
    meta = doc.get("pack")
    if not isinstance(meta, dict) or meta.get("schema") != spec.schema:
        documented = f" (the schema {spec.schema_doc} documents)" if spec.schema_doc else ""
        raise PackError(f"{file}: [pack] field 'schema': must be {spec.schema}{documented}")
    for key in ("name", "title"):
        if not isinstance(meta.get(key), str) or not meta[key].strip():
            raise PackError(f"{file}: [pack] field {key!r}: must be a non-empty string")
    return meta["name"], meta["title"]


def _read(root: Path, name: str) -> Toml:
    path = root / name
    if not path.is_file():
        raise PackError(f"{name}: missing from the pack at {root}")
    try:
        return tomllib.loads(path.read_bytes().decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise PackError(f"{name}: not valid TOML: {exc}") from exc


def _fail(where: str, field: str, message: str) -> NoReturn:
    raise PackError(f"{where}: field {field!r}: {message}")


def _raw_rows(fam: Family, doc: Toml, others: set[str]) -> list[tuple[str, object]]:
    """``(where, raw row)`` of every row of ``fam`` in its file's document (``others``: the
    tables of the file's other families, which a top-level family leaves alone)."""
    if not fam.table:
        return [(fam.where(1), {k: v for k, v in doc.items() if k not in others})]
    if fam.table not in doc:
        raise PackError(f"{fam.file}: missing table {fam.table!r}")
    found = doc[fam.table]
    if fam.single:
        return [(fam.where(1), found)]
    if fam.keyed:
        if not isinstance(found, dict):
            raise PackError(f"{fam.file}: {fam.table!r} must be a table of tables ([{fam.table}.<{fam.key}>])")
        out = []
        for name, raw in found.items():
            where = fam.where(0, name)
            if isinstance(raw, dict) and fam.key in raw:
                _fail(where, fam.key, f"is the table's name ({name!r}); do not repeat it inside")
            out.append((where, {fam.key: name, **raw} if isinstance(raw, dict) else raw))
        return out
    if not isinstance(found, list):
        raise PackError(f"{fam.file}: {fam.table!r} must be an array of rows")
    return [
        (fam.where(i, raw.get(fam.key) if fam.key and isinstance(raw, dict) else None), raw)
        for i, raw in enumerate(found, start=1)
    ]


def _family_rows(spec: PackSpec[P], fam: Family, doc: Toml, refs: Refs) -> tuple[Row, ...]:
    others = {f.table for f in spec.families if f.file == fam.file and f is not fam}
    rows = tuple(_row(spec, fam, where, raw, refs) for where, raw in _raw_rows(fam, doc, others))
    if fam.key and not fam.single:
        seen: dict[object, int] = {}
        for i, r in enumerate(rows, start=1):
            key = r.get(fam.key) if isinstance(r, Record) else getattr(r, fam.key)
            if key in seen:
                _fail(fam.where(i, key), fam.key, f"duplicate id: row {seen[key]} has it too")
            seen[key] = i
        refs[fam.name] = set(seen)
    return rows


def _row(spec: PackSpec[P], fam: Family, where: str, raw: object, refs: Refs) -> Row:
    if not isinstance(raw, dict):
        raise PackError(f"{where}: must be a table, got {raw!r}")
    names = fam.field_names()
    for key in raw:
        if key not in names and key not in PROVENANCE:
            _fail(where, key, f"unknown field (known: {', '.join(sorted(names))})")
    values = _provenance(spec.sources, where, raw, names)
    for f in fam.fields:
        if f.name not in raw:
            if f.required:
                _fail(where, f.name, "missing")
            if f.kind == "effect" and f.params_name in raw:
                _fail(where, f.params_name, f"given without {f.name!r}")
            continue
        v = _value(spec, f, raw[f.name], refs)
        if isinstance(v, _Problem):
            _fail(where, f.name, str(v))
        values[f.name] = v
        if f.kind == "effect":
            _effect_params(spec, fam, f, where, str(v), raw, refs, values)  # a known effect id
    if fam.cls is None:
        provenance = {k: values.pop(k) for k in PROVENANCE}
        return Record(values=values, **provenance)
    return fam.cls(**values)


def _effect_params(
    spec: PackSpec[P],
    fam: Family,
    f: F,
    where: str,
    effect_id: str,
    raw: Toml,
    refs: Refs,
    values: Values,
) -> None:
    assert spec.effects is not None  # a spec with effect fields has a registry (PackSpec checks)
    params = raw.get(f.params_name, {})
    if not isinstance(params, dict):
        _fail(where, f.params_name, f"must be a table, got {params!r}")
    problem = spec.effects.check(effect_id, params, refs)
    if problem:
        _fail(where, f.params_name, problem)
    if fam.keeps_params(f):
        values[f.params_name] = dict(params)


def _either(words: tuple[str, ...]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _provenance(sources: Sources, where: str, raw: Toml, names: set[str]) -> Values:
    source = raw.get("source", None if sources.required else "")
    if not isinstance(source, str) or (sources.required and not source.strip()):
        if sources.required:
            _fail(
                where,
                "source",
                "every row must name its source" + (f" ({sources.examples})" if sources.examples else ""),
            )
        _fail(where, "source", f"must be a string, got {source!r}")
    if sources.prefixes and source.strip():
        for part in source.split(";"):
            if not part.strip().startswith(sources.prefixes):
                _fail(
                    where,
                    "source",
                    f"each ';'-separated part must start with {_either(sources.prefixes)}, got {part!r}",
                )
    out: Values = {"source": source.strip()}
    provisional = raw.get("provisional", False)
    if not isinstance(provisional, bool):
        _fail(where, "provisional", f"must be true or false, got {provisional!r}")
    why = raw.get("why", "")
    if not isinstance(why, str):
        _fail(where, "why", f"must be a string, got {why!r}")
    if provisional and not why.strip():
        _fail(where, "why", "a provisional row must say why (which constraint the chosen value fits)")
    fields = raw.get("provisional_fields", [])
    if not isinstance(fields, list) or any(x not in names for x in fields):
        _fail(where, "provisional_fields", f"must list fields of this row, got {fields!r}")
    if fields and not provisional:
        _fail(where, "provisional_fields", "only a provisional row may list provisional fields")
    note = raw.get("note", "")
    if not isinstance(note, str):
        _fail(where, "note", f"must be a string, got {note!r}")
    out.update(provisional=provisional, why=why.strip(), provisional_fields=tuple(fields), note=note)
    return out


class _Problem(str):
    """What is wrong with a value (a ``str`` so it can stand where the value would)."""


def _value(spec: PackSpec[P], f: F, v: object, refs: Refs) -> object:
    """The checked value (lists become tuples) or a :class:`_Problem`."""
    if f.kind == "list":
        if not isinstance(v, list):
            return _Problem(f"must be a list, got {v!r}")
        if not f.min_len <= len(v) <= f.max_len:
            return _Problem(f"must have {f.min_len}..{f.max_len} items, got {len(v)}")
        for item in v:
            problem = _scalar(f, f.item, item, refs)
            if problem:
                return _Problem(f"item {item!r}: {problem}")
        if f.distinct and len(set(map(str, v))) != len(v):
            return _Problem(f"items must be distinct, got {v!r}")
        return tuple(v)
    if f.kind == "table":
        if not isinstance(v, dict):
            return _Problem(f"must be a table, got {v!r}")
        for name, item in v.items():
            problem = _scalar(f, f.item, item, refs)
            if problem:
                return _Problem(f"{name!r}: {problem}")
        return dict(v)
    if f.kind == "effect":
        assert spec.effects is not None
        if v not in spec.effects.known:
            return _Problem(f"unknown effect id {v!r}")
        if v not in f.effects:
            return _Problem(f"effect {v!r} cannot stand here (allowed: {', '.join(f.effects)})")
        return v
    problem = _scalar(f, f.kind, v, refs)
    return _Problem(problem) if problem else v


def _scalar(f: F, kind: str, v: object, refs: Refs) -> str | None:
    """None if ``v`` fits ``kind`` (a field kind or an item kind), else the problem."""
    if kind == "int":
        if not isinstance(v, int) or isinstance(v, bool):
            return f"must be an integer, got {v!r}"
        lo = -(10**9) if f.lo is None else f.lo
        hi = 10**9 if f.hi is None else f.hi
        return None if lo <= v <= hi else f"must be {lo}..{hi}, got {v}"
    if kind == "str":
        return None if isinstance(v, str) and v.strip() else f"must be a non-empty string, got {v!r}"
    if kind == "bool":
        return None if isinstance(v, bool) else f"must be true or false, got {v!r}"
    if kind == "enum":
        return None if v in f.choices else f"must be one of {', '.join(f.choices)}, got {v!r}"
    if kind == "list":
        return None if isinstance(v, list) else f"must be a list, got {v!r}"
    if kind == "ref":
        known = refs[f.ref]
        if isinstance(v, Hashable) and v in known:
            return None
        return f"unknown {f.ref} {v!r} (known: {', '.join(str(k) for k in sorted(known, key=str))})"
    raise AssertionError(kind)
