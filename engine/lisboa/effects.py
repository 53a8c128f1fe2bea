"""Registry of every effect id a Lisboa data pack may name, with its parameter schema.

The effects are the ones the player aid prints, as listed by the Lisboa rules summary on Bodoge
(§コスト・ボーナス・特殊効果 for the cards, §特殊効果 for the clergy tiles and the player board);
the ids are this project's: NB-xx noble-card bottoms, TP-xx treasury permanents, TC-xx treasury
centre actions, CL-xx clergy tiles, DC-xx decree types, SG-xx store-group abilities, and ``BN-01``
for a printed "gain N réis" board bonus (a lot's or a site's).

A parameter's ``kind`` is ``int`` (``lo..hi``), ``enum`` (``choices``), ``flag`` (must be
``true``), ``goods`` (a list of good ids, length ``lo..hi``) or ``ref`` (an id of the pack
family named in ``ref``: good, rubble, row, column). The loader checks every row against this.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

ARCHITECTS = ("blue", "green")
SIDES = ("left", "right", "top")
STATE_ACTIONS = ("hire_officials", "obtain_plan", "build_ship", "produce_goods", "meet_cardinal", "royal_favor")
NOBLE_ACTIONS = ("build_store", "take_decree", "open_public_building")


@dataclass(frozen=True)
class Param:
    """One printed parameter of an effect."""

    name: str
    kind: str
    lo: int = 0
    hi: int = 0
    choices: tuple[str, ...] = ()
    ref: str = ""
    optional: bool = False


@dataclass(frozen=True)
class EffectType:
    """An effect id: what it does, its parameters and the constants printed for it."""

    id: str
    text: str
    source: str
    params: tuple[Param, ...] = ()
    one_of: tuple[str, ...] = ()  # exactly one of these (optional) params must be given
    constants: dict[str, int] = field(default_factory=dict)
    penalty: bool = False
    fixed_wigs: int | None = None  # decrees: the wig value every card of the type prints
    wigs_range: tuple[int, int] = (0, 0)  # decrees with a printed X instead


def _int(name: str, lo: int, hi: int, optional: bool = False) -> Param:
    return Param(name, "int", lo=lo, hi=hi, optional=optional)


def _ref(name: str, ref: str, optional: bool = False) -> Param:
    return Param(name, "ref", ref=ref, optional=optional)


GOOD = _ref("good", "good")
RUBBLE = _ref("rubble", "rubble")
ARCH = Param("architect", "enum", choices=ARCHITECTS, optional=True)
ROW, COLUMN, STREET = _ref("row", "row", True), _ref("column", "column", True), _ref("street", "good", True)
_CARDS = "Lisboa rules summary (Bodoge) §コスト・ボーナス・特殊効果"

_NB = [
    EffectType(
        "NB-01",
        "Penalty: return 1 of your officials from an office or the plaza to your board "
        "(nothing if you have none there).",
        _CARDS,
        penalty=True,
    ),
    EffectType(
        "NB-02",
        "Penalty: pay 1 réis (skipped if unpayable even with influence).",
        _CARDS,
        constants={"reis": 1},
        penalty=True,
    ),
    EffectType(
        "NB-03",
        "Move up to N officials from your board into offices, at most 1 per office.",
        _CARDS,
        (_int("n", 1, 3),),
    ),
    EffectType("NB-04", "Take 1 Royal Favor of a noble you do not hold.", _CARDS),
    EffectType("NB-05", "Gain N influence.", _CARDS, (_int("n", 1, 10),)),
    EffectType("NB-06", "Take 1 decree (the rubble-marker extra is allowed).", _CARDS),
    EffectType(
        "NB-07", "Move the Cardinal exactly 1 step and take an adjacent clergy tile.", _CARDS, constants={"steps": 1}
    ),
    EffectType("NB-08", "Take the top plan of either stack.", _CARDS),
    EffectType("NB-09", "Gain 1 of the pictured good.", _CARDS, (GOOD,), constants={"count": 1}),
    EffectType("NB-10", "Take 1 rubble cube of your choice from the spare pile.", _CARDS),
    EffectType("NB-11", "Perform Build a Ship at the normal goods cost.", _CARDS),
    EffectType("NB-12", "Perform Produce Goods.", _CARDS),
]
_TP = [
    EffectType(
        "TP-01", "Land cost: each cube of the printed rubble colour costs N less.", _CARDS, (RUBBLE, _int("n", 1, 3))
    ),
    EffectType("TP-02", "Land cost: cubes of the printed rubble colour cost 0.", _CARDS, (RUBBLE,)),
    EffectType(
        "TP-03", "Every réis payment costs N less.", _CARDS + "; Lisboa rulebook p. 10 (N = 1)", (_int("n", 1, 3),)
    ),
    EffectType("TP-04", "Selling the printed good: +2 réis per good.", _CARDS, (GOOD,), constants={"reis": 2}),
    EffectType("TP-05", "Open a Public Building: 2 fewer officials required.", _CARDS, constants={"officials": 2}),
]
_TC = [
    EffectType("TC-01", "Perform Build a Store or Open a Public Building.", _CARDS),
    EffectType("TC-02", "Perform any one noble action; it cannot be followed.", _CARDS),
    EffectType(
        "TC-03",
        "Gain the printed items: goods, plans and/or decrees (at least one item).",
        _CARDS,
        (Param("goods", "goods", lo=0, hi=3, optional=True), _int("plans", 0, 1, True), _int("decrees", 0, 1, True)),
    ),
    EffectType(
        "TC-04",
        "Place up to N officials into offices, one per office; only a 4th may reuse one.",
        _CARDS,
        (_int("n", 1, 4),),
    ),
]
_CL_TEXT: list[tuple[str, dict[str, int]]] = [
    ("Add a political card to your portfolio: +1 wig.", {"wigs": 1}),
    ("Add a treasury card to your portfolio: +2 réis.", {"reis": 2}),
    ("Place a Maia card in the court: +2 réis.", {"reis": 2}),
    ("Place a Marquis card in the court: +3 réis.", {"reis": 3}),
    ("Place a King card in the court: +2 réis.", {"reis": 2}),
    ("Sponsor an Event: the sponsoring cost may be 0.", {}),
    ("Visit or follow: influence cost -1.", {"influence": 1}),
    ("Follow: influence cost 0.", {}),
    ("Visit or follow Maia: influence cost -2.", {"influence": 2}),
    ("Visit or follow the Marquis: influence cost -2.", {"influence": 2}),
    ("Visit or follow the King: influence cost -2.", {"influence": 2}),
    ("Sell gold: +2 réis per good.", {"reis": 2}),
    ("Sell books: +2 réis per good.", {"reis": 2}),
    ("Sell tools: +2 réis per good.", {"reis": 2}),
    ("Sell cloth: +2 réis per good.", {"reis": 2}),
    ("Sell any good: +1 réis per good.", {"reis": 1}),
    ("Your ship sets sail, and final ship scoring: +2 wigs.", {"wigs": 2}),
    ("Build or upgrade a ship: pay no goods.", {}),
    ("Produce: +1 good of one produced type.", {"goods": 1}),
    ("Any Cardinal move: you may add up to 2 steps.", {"steps": 2}),
    ("Open a public building: +2 wigs.", {"wigs": 2}),
    ("Open a public building: 1 fewer official required.", {"officials": 1}),
    ("Hire missing officials at a public building: -2 réis each.", {"reis": 2}),
    ("Build a store: +1 wig.", {"wigs": 1}),
    ("Gain a decree: +1 wig per decree.", {"wigs": 1}),
    ("Any influence cost may be paid with réis at 1:1.", {}),
    ("Any influence gain: +2 influence.", {"influence": 2}),
    ("Influence gain: each of your ships counts +2.", {"influence": 2}),
    ("You take rubble: you may discard 1 cube just taken for 2 wigs.", {"wigs": 2}),
    ("You take rubble: +1 réis per cube.", {"reis": 1}),
    ("Any réis payment: -1 réis.", {"reis": 1}),
    ("Immediate, once: +7 influence.", {"influence": 7}),
    ("Immediate, once: take up to 2 Royal Favors of nobles you do not hold.", {"favors": 2}),
    ("End of era 1 and final scoring: +1 wig per rubble set.", {"wigs": 1}),
    ("Final scoring: a completed plan counts as 1 official.", {"officials": 1}),
    ("Final scoring: this tile counts as a completed blue plan.", {}),
    ("Final scoring: this tile counts as a completed green plan.", {}),
]
_CL = [
    EffectType(f"CL-{i:02d}", text, "Lisboa rules summary (Bodoge) §特殊効果 > 教会チップ", constants=const)
    for i, (text, const) in enumerate(_CL_TEXT, start=1)
]
_D = "Lisboa rules summary (Bodoge) §コスト・ボーナス・特殊効果 > 法令カード"
_DC = [
    EffectType(
        "DC-01",
        "X wigs per built public building at a named side or of a named architect colour.",
        _D,
        (ARCH, Param("side", "enum", choices=SIDES, optional=True)),
        one_of=("architect", "side"),
        wigs_range=(1, 5),
    ),
    EffectType(
        "DC-02",
        "2 per own store in a named row or column, or facing a street of a named type.",
        _D,
        (ROW, COLUMN, STREET),
        one_of=("row", "column", "street"),
        fixed_wigs=2,
    ),
    EffectType("DC-03", "6 if you own at least 1 store of every type.", _D, fixed_wigs=6),
    EffectType("DC-04", "1 per own store.", _D, fixed_wigs=1),
    EffectType(
        "DC-05",
        "5 if you have the most stores on the map / in a named street / in a named row.",
        _D,
        (Param("map", "flag", optional=True), ROW, STREET),
        one_of=("map", "row", "street"),
        fixed_wigs=5,
    ),
    EffectType(
        "DC-06",
        "1 per store of any owner in a named street or row.",
        _D,
        (ROW, STREET),
        one_of=("row", "street"),
        fixed_wigs=1,
    ),
    EffectType("DC-07", "1 per rubble cube of a named colour.", _D, (RUBBLE,), fixed_wigs=1),
    EffectType("DC-08", "5 if you have the most rubble cubes.", _D, fixed_wigs=5),
    EffectType("DC-09", "5 if you have the most goods of a named type.", _D, (GOOD,), fixed_wigs=5),
    EffectType("DC-10", "5 if you have at least 1 of every good type.", _D, fixed_wigs=5),
    EffectType("DC-11", "1 per good of a named type.", _D, (GOOD,), fixed_wigs=1),
    EffectType("DC-12", "X per completed plan (all, or of a named architect colour).", _D, (ARCH,), wigs_range=(1, 5)),
    EffectType(
        "DC-13", "5 if you have the most completed plans (all, or of a named colour).", _D, (ARCH,), fixed_wigs=5
    ),
    EffectType("DC-14", "1 per 2 officials on your completed plans.", _D, fixed_wigs=1),
    EffectType("DC-15", "5 if you have the most officials on completed plans.", _D, fixed_wigs=5),
    EffectType("DC-16", "5 if you have the most decrees (this card included).", _D, fixed_wigs=5),
    EffectType("DC-17", "1 per decree you own (this card included).", _D, fixed_wigs=1),
    EffectType("DC-18", "1 per 2 influence on the track.", _D, fixed_wigs=1),
    EffectType("DC-19", "5 if you have the most influence on the track.", _D, fixed_wigs=5),
    EffectType("DC-20", "1 per 2 points of portfolio influence.", _D, fixed_wigs=1),
    EffectType("DC-21", "1 per card in your portfolio.", _D, fixed_wigs=1),
    EffectType("DC-22", "5 if you have the most réis after the influence conversion.", _D, fixed_wigs=5),
    EffectType("DC-23", "2 per ship card.", _D, fixed_wigs=2),
]
_SG_S = "Lisboa rules summary (Bodoge) §特殊効果 > 建物マス; Lisboa rulebook p. 18"
_SG = [
    EffectType("SG-L2", "Visit or follow: you may pay influence with réis at 1:1.", _SG_S),
    EffectType("SG-M1", "Build or upgrade a ship: 1 good fewer.", _SG_S, constants={"goods": 1}),
    EffectType("SG-M3", "Build or upgrade a ship: no goods (replaces SG-M1).", _SG_S),
    EffectType("SG-R1", "Produce: +1 good of one produced type of your choice.", _SG_S, constants={"goods": 1}),
    EffectType("SG-R3", "Produce: +1 of every produced type (replaces SG-R1).", _SG_S, constants={"goods": 1}),
]
_BN = [
    EffectType(
        "BN-01",
        "Board bonus: gain N réis (pack-defined id for a lot's or a site's printed réis).",
        "Lisboa rulebook p. 17 (lots print a bonus); BGG Lisboa forum (5-réis lot bonuses)",
        (_int("n", 1, 10),),
    )
]

REGISTRY: dict[str, EffectType] = {e.id: e for e in _NB + _TP + _TC + _CL + _DC + _SG + _BN}

# Which effect ids may stand in which slot of which family.
NOBLE_BOTTOMS = tuple(e.id for e in _NB)
TREASURY_PERMANENTS = tuple(e.id for e in _TP)
TREASURY_CENTRES = tuple(e.id for e in _TC)
CLERGY_EFFECTS = tuple(e.id for e in _CL)
DECREE_TYPES = tuple(e.id for e in _DC)
STORE_GROUP_ABILITIES = tuple(e.id for e in _SG)
BOARD_BONUSES = ("BN-01", "NB-04", "NB-05", "NB-07", "NB-08", "NB-09", "NB-10")


def check_params(effect_id: str, params: Mapping[str, object], refs: Mapping[str, set[object]]) -> str | None:
    """None when ``params`` fit ``effect_id``'s schema, else a message naming the parameter."""
    effect = REGISTRY[effect_id]
    known = {p.name: p for p in effect.params}
    for name in params:
        if name not in known:
            allowed = ", ".join(known) or "none"
            return f"parameter {name!r} is not one of {effect_id}'s parameters ({allowed})"
    for p in effect.params:
        if p.name not in params:
            if not p.optional:
                return f"parameter {p.name!r} is required by {effect_id}"
            continue
        problem = _check_value(p, params[p.name], refs)
        if problem:
            return f"parameter {p.name!r}: {problem}"
    if effect.one_of and sum(name in params for name in effect.one_of) != 1:
        return f"{effect_id} needs exactly one of {', '.join(effect.one_of)}"
    if effect_id == "TC-03" and not (params.get("goods") or params.get("plans") or params.get("decrees")):
        return "TC-03 must print at least one item (goods, plans or decrees)"
    return None


def _check_value(p: Param, value: object, refs: Mapping[str, set[object]]) -> str | None:
    if p.kind == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            return f"must be an integer, got {value!r}"
        return None if p.lo <= value <= p.hi else f"must be {p.lo}..{p.hi}, got {value}"
    if p.kind == "enum":
        return None if value in p.choices else f"must be one of {', '.join(p.choices)}, got {value!r}"
    if p.kind == "flag":
        return None if value is True else "must be true when given"
    if p.kind == "goods":
        if not isinstance(value, list) or not p.lo <= len(value) <= p.hi:
            return f"must be a list of {p.lo}..{p.hi} goods, got {value!r}"
        bad = [g for g in value if g not in refs["good"]]
        return f"unknown good(s) {bad}" if bad else None
    if value not in refs[p.ref]:
        return f"unknown {p.ref} {value!r} (known: {', '.join(map(str, sorted(refs[p.ref], key=str)))})"
    return None
