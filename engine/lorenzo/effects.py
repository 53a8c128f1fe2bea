"""Every effect id the data pack may name, with the parameters each takes (checked at load).

Card immediate actions (``action``), building production (``prod``), character permanents
(``perm``), excommunication tiles (``effect``) and leader abilities (``ability``) name an id from
here; the rules modules give each id its meaning. A parameter is an ``int`` (0..99), a ``bundle``
(resources and points, :data:`~.model.GAIN_KEYS`), a ``tower`` (a colour or ``any``), a card
``type``, an ``action`` (a card type, harvest or production), a ``resource`` (``ws``: wood
and/or stone), a list of ``resources``, or ``outputs`` (a building's production options).
"""

from __future__ import annotations

from .model import ACTIONS, GAIN_KEYS, RESOURCES, TOWERS, TYPES

Spec = dict[str, tuple[str, bool]]  # parameter -> (kind, required)
_INT, _OPT_BUNDLE = ("int", True), ("bundle", False)

CARD_ACTIONS: dict[str, Spec] = {
    "take": {"tower": ("tower", True), "value": _INT, "discount": _OPT_BUNDLE},
    "harvest": {"value": _INT},
    "production": {"value": _INT},
    "vp_per_card": {"type": ("type", True), "vp": _INT},
    "vp_per_mp": {"mp": _INT, "vp": _INT},
}
PRODUCTION: dict[str, Spec] = {"output": {"options": ("outputs", True)}}
PERMANENTS: dict[str, Spec] = {
    "bonus": {"on": ("action", True), "value": _INT, "discount": _OPT_BUNDLE, "discount_one_of": ("resources", False)},
    "no_floor_bonus": {},
}
EXCOMMUNICATIONS: dict[str, Spec] = {
    "reduce_gain": {"resource": ("resource", True)},
    "action_penalty": {"action": ("action", True), "value": _INT},
    "coloured_penalty": {"value": _INT},
    "no_market": {},
    "servant_price": {"servants": _INT},
    "skip_first_turn": {},
    "no_final_vp": {"type": ("type", True)},
    "lose_vp_per_vp": {"per": _INT},
    "lose_vp_per_mp": {"per": _INT},
    "lose_vp_per_building_cost": {"resources": ("resources", True)},
    "lose_vp_per_resource": {"resources": ("resources", True)},
}
ABILITIES: dict[str, Spec] = {
    "harvest": {"value": _INT},
    "production": {"value": _INT},
    "ignore_occupied": {},
    "no_tower_tax": {},
    "member_value": {"value": _INT},
    "gain": {"gain": ("bundle", True)},
    "coin_discount": {"c": _INT},
    "support_vp": {"vp": _INT},
    "coloured_bonus": {"value": _INT},
    "neutral_bonus": {"value": _INT},
    "copy": {},
    "coloured_base": {"value": _INT},
    "no_territory_mp": {},
    "double_card_gains": {"resources": ("resources", True)},
}
REGISTRY: dict[str, Spec] = {**ABILITIES, **CARD_ACTIONS, **PRODUCTION, **PERMANENTS, **EXCOMMUNICATIONS}
ONCE_PER_ROUND = ("harvest", "production", "member_value", "gain")  # abilities that are activated


def bundle_problem(value: object, keys: tuple[str, ...] = GAIN_KEYS) -> str | None:
    """Why ``value`` is not a bundle of ``keys`` with amounts 1..99, or ``None``."""
    if not isinstance(value, dict):
        return f"must be a table of amounts, got {value!r}"
    for key, amount in value.items():
        if key not in keys:
            return f"unknown resource {key!r} (known: {', '.join(keys)})"
        if not isinstance(amount, int) or isinstance(amount, bool) or not 1 <= amount <= 99:
            return f"{key} must be 1..99, got {amount!r}"
    return None


def _outputs_problem(value: object) -> str | None:
    if not isinstance(value, list) or not value:
        return "must be a non-empty list of options"
    for option in value:
        if not isinstance(option, dict) or not set(option) <= {"pay", "get", "per"} or "get" not in option:
            return f"option {option!r} needs 'get' and may have 'pay' or 'per'"
        problem = bundle_problem(option["get"]) or bundle_problem(option.get("pay", {}), RESOURCES + ("fp",))
        if problem:
            return problem
        if "per" in option and option["per"] not in TYPES:
            return f"per must be a card type, got {option['per']!r}"
    return None


def _value_problem(kind: str, value: object) -> str | None:
    if kind == "int":
        ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 99
        return None if ok else f"must be 0..99, got {value!r}"
    if kind == "bundle":
        return bundle_problem(value)
    if kind == "outputs":
        return _outputs_problem(value)
    if kind == "resources":
        ok = isinstance(value, list) and bool(value) and all(v in RESOURCES for v in value)
        return None if ok else f"must list resources among {', '.join(RESOURCES)}, got {value!r}"
    allowed = {
        "tower": TOWERS + ("any",),
        "type": TYPES,
        "action": ACTIONS,
        "resource": ("mp", "c", "sv", "ws"),
    }[kind]
    return None if value in allowed else f"must be one of {', '.join(allowed)}, got {value!r}"


def check_params(effect_id: str, params: dict[str, object], refs: object = None) -> str | None:
    """``None`` when ``params`` fit the effect, else a message naming the parameter."""
    spec = REGISTRY[effect_id]
    for name in params:
        if name not in spec:
            return f"{effect_id} takes no parameter {name!r} (takes: {', '.join(spec) or 'none'})"
    for name, (kind, required) in spec.items():
        if name not in params:
            if required:
                return f"{effect_id} needs parameter {name!r}"
            continue
        problem = _value_problem(kind, params[name])
        if problem:
            return f"{name}: {problem}"
    return None
