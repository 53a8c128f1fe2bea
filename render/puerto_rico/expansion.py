"""Puerto Rico expansion pieces (New Buildings, Nobles): the noble symbol, which buildings the
supply panel lists, the draft's slot line and the table options. Reads only the view dict."""

from __future__ import annotations

from engine.puerto_rico.data import BUILDING_ORDER, BUILDINGS
from engine.puerto_rico.types import PRView as View

from ..common import INK, PURPLE, WHITE, Canvas
from .i18n import WORDS, msg, tr, tr_id

_ORDER = {b: i for i, b in enumerate(BUILDING_ORDER)}


def noble(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A noble: a filled reddish-purple diamond with a dark rim (colonists are round discs)."""
    r += 1.5
    c.d.polygon([(cx, cy - r - 1), (cx + r, cy), (cx, cy + r + 1), (cx - r, cy)], fill=WHITE)
    c.d.polygon(
        [(cx, cy - r + 0.5), (cx + r - 1.5, cy), (cx, cy + r - 0.5), (cx - r + 1.5, cy)],
        fill=PURPLE,
        outline=INK,
        width=2,
    )


def sort_key(b: str) -> tuple[int, int, int]:
    """Production buildings first, then by cost, then board order (the base game's printed order)."""
    info = BUILDINGS.get(b)
    return (0 if info and info.produces else 1, info.cost if info else 99, _ORDER.get(b, len(_ORDER)))


def listed(view: View) -> tuple[str, ...]:
    """The buildings the supply panel lists: the draft's candidates and picks while drafting,
    else the production buildings plus the game's market when there is one, else the base list."""
    draft = view.get("draft")
    if draft:
        names = [str(p[0]) for p in draft.get("picks", [])] + list(draft.get("open", []))  # [building, seat]
        return tuple(dict.fromkeys(names))
    market = view.get("market")
    if market:
        production = [b for b in view["buildings"] if b in BUILDINGS and BUILDINGS[b].produces]
        return tuple(dict.fromkeys(production + list(market)))
    return tuple(view["buildings"])


def picked_by(view: View) -> dict[str, int | None]:
    draft = view.get("draft")
    picks = draft.get("picks", []) if draft else []
    return {str(b): seat if isinstance(seat, int) else None for b, seat in picks}  # [building, seat or None]


def slots_text(view: View, lang: str = "en") -> str:
    draft = view.get("draft")
    slots = draft.get("slots", {}) if draft else {}
    filled = "   ".join(f"{cost}: {n[0]}/{n[1]}" for cost, n in slots.items())
    return tr(msg("slots filled by cost:  {slots}", slots=filled), lang)


# Option names and values of Puerto Rico tables, drawn as words (translated as data).
OPTION_WORDS = (
    "variant",
    "two player",
    "expansions",
    "selection",
    "draft restrictions",
    "on",
    "off",
    "official",
    "five choices",
    "none",
    "new buildings",
    "nobles",
    "both",
    "draft",
    "random",
)
WORDS.declare_data(lambda: OPTION_WORDS)


def _option_word(value: object, lang: str) -> str:
    word = str(value).replace("_", " ")
    return tr_id(WORDS.name, word, lang) if lang != "en" and word in OPTION_WORDS else word


def options_text(view: View, lang: str = "en") -> str:
    opts = view.get("options") or {}
    return (", " if lang == "en" else "、").join(
        f"{_option_word(k, lang)} {_option_word(v, lang)}" for k, v in opts.items()
    )
