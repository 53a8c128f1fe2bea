"""A tiny data pack, defined here and belonging to no game, for the core data-pack tests.

Two files besides ``pack.toml``: ``things.toml`` (rows, a single table and a table of tables) and
``extra.toml`` (its top level is a family). Effects ``E1`` (one parameter ``n``) and ``E2``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.datapack import (
    DataPacks,
    Effects,
    Family,
    Pack,
    PackSpec,
    Record,
    Row,
    Sources,
    effect,
    enum,
    flag,
    integer,
    items,
    ref,
    table,
    text,
)

FILES = {
    "pack.toml": '[pack]\nschema = 3\nname = "tiny-1"\ntitle = "A tiny pack"\n',
    "things.toml": "\n".join(
        [
            "colour = [",
            '  { id = "red", hue = 0, source = "book p1" },',
            '  { id = "blue", hue = 240, source = "book p2; card" },',
            "]",
            "thing = [",
            '  { id = "t1", colour = "red", size = "small", tags = ["a", "b"], power = "E1", power_params = { n = 2 }, '
            'source = "book p3" },',
            '  { id = "t2", colour = "blue", size = "large", tags = [], weight = 5, source = "card", '
            'provisional = true, why = "weight unreadable on my copy; 5 fits the box", '
            'provisional_fields = ["weight"] },',
            '  { id = "t3", colour = "red", size = "large", tags = ["c"], power = "E2", source = "book p4", '
            'provisional = true, why = "guessed from the art" },',
            "]",
            "",
            "[rules]",
            "max_things = 3",
            "open = true",
            'source = "book p5"',
            "",
            "[players.2]",
            "hand = [1, 1, 2]",
            'source = "book p6"',
            "",
            "[players.3]",
            "hand = [1, 2]",
            'source = "book p6"',
            "",
        ]
    ),
    "extra.toml": 'version = 7\nslots = { "1" = 2, "2" = 0 }\npairs = [["t1", "t2"]]\nsource = "card"\n',
}


@dataclass(frozen=True, kw_only=True)
class Colour(Row):
    id: str
    hue: int


@dataclass(frozen=True, kw_only=True)
class Thing(Row):
    id: str
    colour: str
    size: str
    tags: tuple[str, ...]
    weight: int | None = None
    power: str | None = None
    power_params: dict[str, Any] | None = None


@dataclass(frozen=True)
class TinyPack(Pack):
    things: dict[str, Thing]


FAMILIES = (
    Family("colour", "things.toml", "colour", Colour, (text("id"), integer("hue", 0, 359))),
    Family(
        "thing",
        "things.toml",
        "thing",
        Thing,
        (
            text("id"),
            ref("colour", "colour"),
            enum("size", ("small", "large")),
            items("tags", "str", 0, 2),
            integer("weight", 1, 9, required=False),
            effect("power", ("E1", "E2"), required=False),
        ),
    ),
    Family("rules", "things.toml", "rules", None, (integer("max_things", 1, 5), flag("open")), single=True),
    Family(
        "players",
        "things.toml",
        "players",
        None,
        (enum("count", ("2", "3", "4")), items("hand", "int", 1, 3, lo=1, hi=2, distinct=False)),
        keyed=True,
        key="count",
    ),
    Family(
        "extra",
        "extra.toml",
        "",
        None,
        (integer("version", 1, 9), table("slots", "int", lo=0, hi=5), items("pairs", "list", 0, 4)),
        single=True,
    ),
)


def check_power(effect_id: str, params: dict[str, Any], refs: dict[str, set[Any]]) -> str | None:
    if effect_id == "E2":
        return f"parameter {next(iter(params))!r} is not one of E2's parameters (none)" if params else None
    n = params.get("n")
    return None if isinstance(n, int) and 1 <= n <= 3 else f"parameter 'n': must be 1..3, got {n!r}"


def assemble(base: Pack) -> TinyPack:
    things = {t.id: t for t in base.rows["thing"] if isinstance(t, Thing)}
    return TinyPack(
        path=base.path,
        name=base.name,
        title=base.title,
        fingerprint=base.fingerprint,
        former=base.former,
        rows=base.rows,
        families=base.families,
        things=things,
    )


def check(pack: TinyPack) -> None:
    rules = pack.rows["rules"][0]
    assert isinstance(rules, Record)
    if len(pack.things) > rules["max_things"]:
        pack.fail("rules", rules, "max_things", f"the pack has {len(pack.things)} things")
    for t in pack.things.values():
        if t.size == "small" and t.power is None:
            pack.fail("thing", t, "power", "a small thing needs a power")


def spec(root: Path, **changes: Any) -> PackSpec[TinyPack]:
    fields: dict[str, Any] = dict(
        game="tiny",
        families=FAMILIES,
        default_dir=root,
        assemble=assemble,
        check=check,
        schema=3,
        schema_doc="TINY.md",
        sources=Sources(prefixes=("book", "card"), examples="book p…, card"),
        effects=Effects({"E1", "E2", "E3"}, check_power),
        values="Thing values",
    )
    fields.update(changes)
    return PackSpec(**fields)


def write(root: Path, files: dict[str, str] | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for name, body in (files or FILES).items():
        (root / name).write_text(body, encoding="utf-8")
    return root


def edited(file: str, old: str, new: str) -> dict[str, str]:
    """The tiny files with the one occurrence of ``old`` in ``file`` replaced by ``new``."""
    assert FILES[file].count(old) == 1, (file, old)
    return {**FILES, file: FILES[file].replace(old, new)}


def packs(root: Path) -> DataPacks[TinyPack]:
    return DataPacks(spec(write(root)))
