"""Loads and validates a Lisboa data pack (``data/`` here, or a server owner's own transcription).

``load_pack(path)`` reads every file named in :mod:`.schema`, checks each row field by field
(type, range, known ids and effect ids with their parameters, provenance), then the rules that
tie rows together (:mod:`.checks`: counts per deck, the map, the church ring, setup tables).
Any problem raises :class:`PackError` naming the file, the row and the field. This is the only
Lisboa module that reads files (as ``engine/puerto_rico/data.py`` reads its TOML); the rest is pure.
"""

from __future__ import annotations

import dataclasses
import hashlib
import tomllib
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any, NoReturn

from . import checks
from . import model as m
from .effects import REGISTRY, check_params
from .errors import PackError
from .schema import FAMILIES, FILES, PROVENANCE, F, Family

DATA_DIR = Path(__file__).with_name("data")
SOURCE_PREFIXES = ("S000", "S002", "digest")
__all__ = ["DATA_DIR", "PackError", "default_pack", "load_pack", "provenance_notice", "provenance_summary"]


def _fail(where: str, field: str, message: str) -> NoReturn:
    raise PackError(f"{where}: field {field!r}: {message}")


def _where(fam: Family, index: int, raw: Any) -> str:
    if fam.single:
        return f"{fam.file}: [{fam.table}]"
    ident = raw.get(fam.key) if fam.key and isinstance(raw, dict) else None
    return f"{fam.file}: {fam.table} row {index}" + (f" ({fam.key} {ident!r})" if ident is not None else "")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _scalar(f: F, kind: str, v: Any, refs: dict[str, set[Any]]) -> str | None:
    """None if ``v`` fits ``kind`` (a field kind or a list's item kind), else the problem."""
    if kind == "int":
        if not _is_int(v):
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
    if kind == "ref":
        known = refs[f.ref]
        if v in known:
            return None
        return f"unknown {f.ref} {v!r} (known: {', '.join(str(k) for k in sorted(known, key=str))})"
    raise AssertionError(kind)


def _value(f: F, v: Any, refs: dict[str, set[Any]]) -> Any:
    """The checked value (lists become tuples) or a ``str`` problem wrapped in ``_Problem``."""
    if f.kind == "list":
        if not isinstance(v, list):
            return _Problem(f"must be a list, got {v!r}")
        if not f.min_len <= len(v) <= f.max_len:
            return _Problem(f"must have {f.min_len}..{f.max_len} items, got {len(v)}")
        for item in v:
            problem = _scalar(f, f.item, item, refs)
            if problem:
                return _Problem(f"item {item!r}: {problem}")
        if len(set(map(str, v))) != len(v):
            return _Problem(f"items must be distinct, got {v!r}")
        return tuple(v)
    if f.kind == "effect":
        if v not in REGISTRY:
            return _Problem(f"unknown effect id {v!r}")
        if v not in f.effects:
            return _Problem(f"effect {v!r} cannot stand here (allowed: {', '.join(f.effects)})")
        return v
    problem = _scalar(f, f.kind, v, refs)
    return _Problem(problem) if problem else v


class _Problem(str):
    pass


def _provenance(where: str, raw: dict[str, Any], names: set[str]) -> dict[str, Any]:
    source = raw.get("source")
    if not isinstance(source, str) or not source.strip():
        _fail(where, "source", "every row must name its source (S000 §…, S002 p…, digest §…)")
    for part in source.split(";"):
        if not part.strip().startswith(SOURCE_PREFIXES):
            _fail(where, "source", f"each ';'-separated part must start with S000, S002 or digest, got {part!r}")
    out: dict[str, Any] = {"source": source.strip()}
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


def _row(fam: Family, where: str, raw: Any, refs: dict[str, set[Any]]) -> m.Row:
    if not isinstance(raw, dict):
        raise PackError(f"{where}: must be a table, got {raw!r}")
    names = {f.name for f in fam.fields} | {f.params_name for f in fam.fields if f.kind == "effect"}
    for key in raw:
        if key not in names and key not in PROVENANCE:
            _fail(where, key, f"unknown field (known: {', '.join(sorted(names))})")
    values = _provenance(where, raw, names)
    for f in fam.fields:
        if f.name not in raw:
            if f.required:
                _fail(where, f.name, "missing")
            if f.kind == "effect" and f.params_name in raw:
                _fail(where, f.params_name, f"given without {f.name!r}")
            continue
        v = _value(f, raw[f.name], refs)
        if isinstance(v, _Problem):
            _fail(where, f.name, str(v))
        values[f.name] = v
        if f.kind == "effect":
            params = raw.get(f.params_name, {})
            if not isinstance(params, dict):
                _fail(where, f.params_name, f"must be a table, got {params!r}")
            problem = check_params(v, params, refs)
            if problem:
                _fail(where, f.params_name, problem)
            if f.params_name in _field_names(fam.cls):
                values[f.params_name] = dict(params)
    return fam.cls(**values)


def _field_names(cls: type[m.Row]) -> set[str]:
    return {f.name for f in dataclasses.fields(cls)}


def _read(root: Path, name: str) -> tuple[dict[str, Any], bytes]:
    path = root / name
    if not path.is_file():
        raise PackError(f"{name}: missing from the pack at {root}")
    blob = path.read_bytes()
    try:
        return tomllib.loads(blob.decode("utf-8")), blob
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise PackError(f"{name}: not valid TOML: {exc}") from exc


def _family_rows(fam: Family, doc: dict[str, Any], refs: dict[str, set[Any]]) -> tuple[m.Row, ...]:
    if fam.table not in doc:
        raise PackError(f"{fam.file}: missing table {fam.table!r}")
    raw_rows = [doc[fam.table]] if fam.single else doc[fam.table]
    if not isinstance(raw_rows, list):
        raise PackError(f"{fam.file}: {fam.table!r} must be an array of rows")
    rows = tuple(_row(fam, _where(fam, i, raw), raw, refs) for i, raw in enumerate(raw_rows, start=1))
    if fam.key and not fam.single:
        seen: dict[Any, int] = {}
        for i, r in enumerate(rows, start=1):
            key = getattr(r, fam.key)
            if key in seen:
                _fail(f"{fam.file}: {fam.table} row {i} ({fam.key} {key!r})", fam.key,
                      f"duplicate id: row {seen[key]} has it too")
            seen[key] = i
        refs[fam.name] = set(seen)
    return rows


def load_pack(path: str | Path = DATA_DIR) -> m.Pack:
    """Read, validate and return the pack in directory ``path``; raise :class:`PackError` if bad."""
    root = Path(path)
    meta_doc, meta_blob = _read(root, "pack.toml")
    meta = meta_doc.get("pack")
    if not isinstance(meta, dict) or meta.get("schema") != 1:
        raise PackError("pack.toml: [pack] field 'schema': must be 1 (the schema SCHEMA.md documents)")
    for key in ("name", "title"):
        if not isinstance(meta.get(key), str) or not meta[key].strip():
            raise PackError(f"pack.toml: [pack] field {key!r}: must be a non-empty string")
    digest = hashlib.sha256(meta_blob)
    docs: dict[str, dict[str, Any]] = {}
    for name in FILES:
        docs[name], blob = _read(root, name)
        digest.update(name.encode() + b"\0" + blob)
    refs: dict[str, set[Any]] = {}
    rows: dict[str, tuple[m.Row, ...]] = {}
    for fam in FAMILIES:
        rows[fam.name] = _family_rows(fam, docs[fam.file], refs)
    for name, doc in docs.items():
        known = {f.table for f in FAMILIES if f.file == name}
        for table in doc:
            if table not in known:
                raise PackError(f"{name}: unknown table {table!r} (known: {', '.join(sorted(known))})")
    pack = _assemble(str(root), meta, digest.hexdigest()[:16], rows)
    checks.run(pack)
    return pack


def _keyed(rows: tuple[m.Row, ...], key: str = "id") -> dict[Any, Any]:
    return {getattr(r, key): r for r in rows}


def _assemble(path: str, meta: dict[str, Any], fingerprint: str, rows: dict[str, tuple[m.Row, ...]]) -> m.Pack:
    fams = {f.name: f for f in FAMILIES}
    k = {name: _keyed(r) for name, r in rows.items() if fams[name].key == "id" and not fams[name].single}
    one: dict[str, Any] = {name: r[0] for name, r in rows.items() if fams[name].single}
    return m.Pack(
        path=path, name=meta["name"], title=meta["title"], fingerprint=fingerprint, rows=rows,
        counts=k["count"], goods=k["good"], rubble=k["rubble"], nobles=k["noble"],
        influence=one["influence_track"], prices=one["price_track"], treasury=one["treasury_track"],
        treasury_spaces=rows["treasury_space"],  # type: ignore[arg-type]
        player=one["player"], store_groups=k["store_group"], majorities=k["majority"],
        final_scoring=one["final_scoring"], setup=one["setup"],
        player_counts=_keyed(rows["player_count"], "players"), decks=k["deck"], cards=k["card"],
        decrees=k["decree"], clergy=k["clergy"], ships=k["ship"], plans=k["plan"], buildings=k["building"],
        map_rows=k["row"], columns=k["column"], streets=k["street"], lots=k["lot"], sites=k["site"],
        tile_display=k["tile_display"], scoring_tiles=k["scoring_tile"], church=one["church"],
        church_tiles=k["church_tile_space"], church_paths=k["church_path"],
    )


@lru_cache(maxsize=1)
def default_pack() -> m.Pack:
    """The shipped pack (validated once per process)."""
    return load_pack(DATA_DIR)


_REGISTERED: dict[str, m.Pack] = {}


def register_pack(pack: m.Pack) -> None:
    """Make a (server owner's) pack findable by the fingerprint a state or view records."""
    _REGISTERED[pack.fingerprint] = pack


def pack_by_fingerprint(fingerprint: str) -> m.Pack:
    """The loaded pack with ``fingerprint`` (the shipped one or a registered one), else ValueError."""
    pack = _REGISTERED.get(fingerprint) or default_pack()
    if pack.fingerprint != fingerprint:
        raise ValueError(f"game uses data pack {fingerprint}, which is not loaded")
    return pack


def provenance_notice(pack: m.Pack) -> str:
    """The one line a lobby, status or README shows while any row is provisional (issue 5 §2), else ""."""
    if not pack.provisional_rows:
        return ""
    return f"Card values partly provisional ({pack.provisional_rows} of {sum(map(len, pack.rows.values()))} rows)."


def provenance_summary(pack: m.Pack) -> str:
    """Rows per family, how many are provisional, and which sources the rows cite."""
    lines = [f"{pack.title} [{pack.name}, fingerprint {pack.fingerprint}]", f"path: {pack.path}", ""]
    lines.append(f"{'family':<20}{'rows':>6}{'provisional':>13}  rows citing each source")
    sources: Counter[str] = Counter()
    total = prov = 0
    for fam in FAMILIES:
        fam_rows = pack.rows[fam.name]
        cited: Counter[str] = Counter()
        for r in fam_rows:
            cited.update({part.strip().split()[0] for part in r.source.split(";")})
        sources.update(cited)
        n_prov = sum(r.provisional for r in fam_rows)
        total, prov = total + len(fam_rows), prov + n_prov
        cites = ", ".join(f"{s} {n}" for s, n in sorted(cited.items()))
        lines.append(f"{fam.name:<20}{len(fam_rows):>6}{n_prov:>13}  {cites}")
    lines.append(f"{'total':<20}{total:>6}{prov:>13}  " + ", ".join(f"{s} {n}" for s, n in sorted(sources.items())))
    lines.append("")
    if prov:
        lines.append(f"Card values partly provisional: {prov} of {total} rows hold values chosen to fit the rules, "
                     "not transcribed from the printed game (see each row's 'why').")
    else:
        lines.append("No provisional rows: every value cites a source.")
    return "\n".join(lines)
