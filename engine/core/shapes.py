"""Decision shapes: the closed vocabulary every game's decisions are drawn in, and every front end
draws once (in the spirit of typed player inputs: choose a card, an amount, or between options).

* :class:`ChooseOne` — one of the listed options (answer: its canonical text).
* :class:`Confirm` — yes or no: its one option, or its pass option (answer: ``True``/``False``).
* :class:`ChooseSeveral` — ``low..high`` of the :attr:`~ChooseSeveral.items`; each listed option
  names the items it picks (answer: the item keys).
* :class:`Amount` — a number ``low..high``; each listed option names its amount (answer: an int).
* :class:`Distribute` — place ``total`` pieces of several kinds over slots with capacities, starting
  from a proposal (answer: ``{piece: {slot: n}}``); any valid layout is an answer, listed or not.

Every shape lists its options, each with the canonical text (what ``/play`` accepts, what logs
store) and a label for people; says whether the options are secret (only the deciding player may
see them) and names its pass option (the text that declines or finishes), if it has one.
:func:`accepts` checks any answer against its shape; shapes are plain JSON through
:func:`to_dict`/:func:`from_dict`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, ClassVar

from .json import JsonDict

CHOOSE_ONE, CONFIRM, CHOOSE_SEVERAL, AMOUNT, DISTRIBUTE = (
    "choose_one",
    "confirm",
    "choose_several",
    "amount",
    "distribute",
)
Allocation = dict[str, dict[str, int]]
#: A Distribute's action: ``{"verb": verb, verb: {slot: n}, further kind: {slot: n}...}``.
DistributeAction = dict[str, str | dict[str, int]]


@dataclass(frozen=True)
class Option:
    """A listed answer: ``text`` is canonical, ``label`` is for people; ``picks`` (ChooseSeveral)
    and ``amount`` (Amount) say what the option means in its shape."""

    text: str
    label: str
    picks: tuple[str, ...] = ()
    amount: int | None = None


@dataclass(frozen=True)
class Item:
    """Something to choose (ChooseSeveral), a kind of piece with how many there are
    (Distribute ``pieces``), or a slot with its capacity (Distribute ``slots``)."""

    key: str
    label: str
    count: int = 1


@dataclass(frozen=True, kw_only=True)
class Shape:
    """What every shape has: the listed options, a few words for a button that opens the decision
    (``title``, may be empty), whether the options are secret, and the pass option's text."""

    type: ClassVar[str] = ""
    options: tuple[Option, ...]
    title: str = ""
    secret: bool = False
    pass_text: str | None = None

    def __post_init__(self) -> None:
        texts = self.texts
        if len(set(texts)) != len(texts):
            raise ValueError(f"duplicate option texts in {texts}")
        if self.pass_text is not None and self.pass_text not in texts:
            raise ValueError(f"pass option {self.pass_text!r} is not one of {texts}")
        if any(not o.label for o in self.options):
            raise ValueError("every option needs a label")

    @property
    def texts(self) -> list[str]:
        return [o.text for o in self.options]

    def label(self, text: str) -> str:
        """The label of the option with canonical ``text`` (the text itself if it is not listed)."""
        return next((o.label for o in self.options if o.text == text), text)


@dataclass(frozen=True, kw_only=True)
class ChooseOne(Shape):
    type: ClassVar[str] = CHOOSE_ONE


@dataclass(frozen=True, kw_only=True)
class Confirm(Shape):
    """Exactly two options: no (the pass option) and yes (the other one)."""

    type: ClassVar[str] = CONFIRM

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(self.options) != 2 or self.pass_text is None:
            raise ValueError("a Confirm has exactly two options, yes and its pass option (no)")

    @property
    def yes(self) -> Option:
        return next(o for o in self.options if o.text != self.pass_text)


@dataclass(frozen=True, kw_only=True)
class ChooseSeveral(Shape):
    type: ClassVar[str] = CHOOSE_SEVERAL
    items: tuple[Item, ...]
    low: int
    high: int

    def __post_init__(self) -> None:
        super().__post_init__()
        keys = {i.key for i in self.items}
        if not 0 <= self.low <= self.high <= len(self.items) or len(keys) != len(self.items):
            raise ValueError(f"bad bounds {self.low}..{self.high} over {len(self.items)} distinct items")
        for o in self.options:
            if (
                not set(o.picks) <= keys
                or len(set(o.picks)) != len(o.picks)
                or not self.low <= len(o.picks) <= self.high
            ):
                raise ValueError(f"option {o.text!r} picks {o.picks} outside the shape")


@dataclass(frozen=True, kw_only=True)
class Amount(Shape):
    type: ClassVar[str] = AMOUNT
    low: int
    high: int

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.low > self.high or any(o.amount is None or not self.low <= o.amount <= self.high for o in self.options):
            raise ValueError(f"options outside {self.low}..{self.high}")


@dataclass(frozen=True, kw_only=True)
class Distribute(Shape):
    """``total`` pieces over ``slots`` (``count`` = capacity), at most ``count`` of each kind of
    ``pieces``. Its action is ``{"verb": verb, verb: pieces per slot}``, and for each kind after the
    first, ``{kind's key: that kind per slot}`` when any stand (the first kind is the rest); its
    text is ``verb`` and the slots with counts (or ``none``), then per further kind its key and its
    slots with counts: ``layout corn 1 chapel 1 nobles chapel 1``."""

    type: ClassVar[str] = DISTRIBUTE
    verb: str
    pieces: tuple[Item, ...]
    slots: tuple[Item, ...]
    total: int
    proposal: Allocation = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__post_init__()
        room, have = sum(s.count for s in self.slots), sum(p.count for p in self.pieces)
        if not self.pieces or not 0 <= self.total <= min(room, have):
            raise ValueError(f"cannot place {self.total} of {have} pieces in {room} places")
        if not accepts(self, self.proposal):
            raise ValueError(f"the proposal {self.proposal} is not a valid answer")


SHAPES: dict[str, type[Shape]] = {s.type: s for s in (ChooseOne, Confirm, ChooseSeveral, Amount, Distribute)}


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _accepts_allocation(shape: Distribute, answer: object) -> bool:
    if not isinstance(answer, dict) or not set(answer) <= {p.key for p in shape.pieces}:
        return False
    caps = {s.key: s.count for s in shape.slots}
    used = dict.fromkeys(caps, 0)
    for piece in shape.pieces:
        spread = answer.get(piece.key, {})
        if not isinstance(spread, dict) or not all(slot in caps and _count(n) for slot, n in spread.items()):
            return False
        if sum(spread.values()) > piece.count:
            return False
        for slot, n in spread.items():
            used[slot] += n
    return all(used[s] <= caps[s] for s in caps) and sum(used.values()) == shape.total


def accepts(shape: Shape, answer: object) -> bool:
    """True when ``answer`` is a valid answer of ``shape`` (see the module doc for each answer's form)."""
    if isinstance(shape, Distribute):
        return _accepts_allocation(shape, answer)
    return option_index(shape, answer) is not None


def option_index(shape: Shape, answer: object) -> int | None:
    """The listed option ``answer`` means, by index; ``None`` when it means none."""
    if isinstance(shape, Confirm):
        if not isinstance(answer, bool):
            return None
        return shape.texts.index(shape.yes.text if answer else str(shape.pass_text))
    if isinstance(shape, ChooseSeveral):
        if not isinstance(answer, list | tuple) or not all(isinstance(a, str) for a in answer):
            return None
        if len(set(answer)) != len(answer) or not shape.low <= len(answer) <= shape.high:
            return None
        return next((i for i, o in enumerate(shape.options) if set(o.picks) == set(answer)), None)
    if isinstance(shape, Amount):
        if isinstance(answer, bool) or not isinstance(answer, int) or not shape.low <= answer <= shape.high:
            return None
        return next((i for i, o in enumerate(shape.options) if o.amount == answer), None)
    if isinstance(answer, str):
        return next((i for i, o in enumerate(shape.options) if o.text == answer), None)
    return None


def is_forced(shape: Shape) -> bool:
    """True when the shape has exactly one answer: a single listed option, never a Distribute
    (a game asks for one only where there is a real choice)."""
    return len(shape.options) == 1 and not isinstance(shape, Distribute)


# --- Distribute: answers as actions and texts ------------------------------------------------------
def distribute_action(shape: Distribute, answer: Allocation) -> DistributeAction:
    """The action of a (valid) allocation, in the form the module doc describes."""
    order = [s.key for s in shape.slots]
    every: dict[str, int] = {}
    for spread in answer.values():
        for slot, n in spread.items():
            every[slot] = every.get(slot, 0) + n
    action: DistributeAction = {"verb": shape.verb, shape.verb: {s: every[s] for s in order if every.get(s)}}
    for piece in shape.pieces[1:]:
        spread = {s: n for s, n in answer.get(piece.key, {}).items() if n}
        if spread:
            action[piece.key] = {s: spread[s] for s in order if s in spread}
    return action


def distribute_answer(shape: Distribute, action: object) -> Allocation | None:
    """The allocation an action of this shape stands for; ``None`` when it is no such action."""
    if not isinstance(action, dict) or action.get("verb") != shape.verb:
        return None
    keys = {"verb", shape.verb, *(p.key for p in shape.pieces[1:])}
    every = action.get(shape.verb)
    if not set(action) <= keys or not isinstance(every, dict) or not all(_count(n) for n in every.values()):
        return None
    rest = {slot: n for slot, n in every.items()}
    answer: Allocation = {}
    for piece in shape.pieces[1:]:
        spread = action.get(piece.key) or {}
        if not isinstance(spread, dict) or not all(_count(n) for n in spread.values()):
            return None
        for slot, n in spread.items():
            rest[slot] = rest.get(slot, 0) - n
        if spread:
            answer[piece.key] = dict(spread)
    if any(n < 0 for n in rest.values()):
        return None
    first = {slot: n for slot, n in rest.items() if n}
    if first:
        answer[shape.pieces[0].key] = first
    return answer


def accepts_action(shape: Shape, action: object) -> bool:
    """True when ``action`` is a valid unlisted answer: a Distribute action of a valid allocation."""
    if not isinstance(shape, Distribute):
        return False
    answer = distribute_answer(shape, action)
    return answer is not None and accepts(shape, answer)


def parse_distribute(shape: Distribute, words: list[str]) -> DistributeAction | None:
    """The action a typed text (normalised words) names, or ``None`` when it is not this shape's
    text: ``verb``, then slot names (unique prefixes, words joined by ``-``) each followed by a
    count, ``none`` for no slot, and a further kind's key before its own slots."""
    if not words or words[0] != shape.verb:
        return None
    markers = [p.key for p in shape.pieces[1:]]
    slots = [s.key for s in shape.slots]
    groups: list[dict[str, int]] = [{}]
    current = shape.verb
    named: dict[str, dict[str, int]] = {shape.verb: groups[0]}
    name: list[str] = []
    for word in words[1:]:
        if word == "none" and not name:
            continue
        if word in markers and not name and word not in named:
            current = word
            named[current] = {}
            continue
        if not word.isdigit():
            name.append(word)
            continue
        typed = "-".join(name)
        hits = [s for s in slots if s == typed] or [s for s in slots if s.startswith(typed)]
        if not name or len(hits) != 1:
            return None
        named[current][hits[0]] = named[current].get(hits[0], 0) + int(word)
        name = []
    if name:
        return None
    action: DistributeAction = {"verb": shape.verb, shape.verb: {s: n for s, n in named[shape.verb].items() if n}}
    for key in markers:
        spread = {s: n for s, n in named.get(key, {}).items() if n}
        if spread:
            action[key] = spread
    return action


# --- plain JSON -----------------------------------------------------------------------------------
def to_dict(shape: Shape) -> JsonDict:
    """The shape as plain JSON data (``type`` names the shape)."""
    return {"type": shape.type, **asdict(shape)}


def from_dict(data: dict[str, Any]) -> Shape:
    """Undo :func:`to_dict` (validating the shape again: ``data`` is stored JSON, each value
    checked by the shape's own rules)."""
    cls = SHAPES[data["type"]]
    known = {f.name for f in fields(cls)}
    kwargs = {k: v for k, v in data.items() if k in known}
    kwargs["options"] = tuple(
        Option(o["text"], o["label"], tuple(o.get("picks", ())), o.get("amount")) for o in data["options"]
    )
    for key in ("items", "pieces", "slots"):
        if key in kwargs:
            kwargs[key] = tuple(Item(i["key"], i["label"], i.get("count", 1)) for i in kwargs[key])
    return cls(**kwargs)


def plain(texts: list[str], pass_text: str | None = None) -> ChooseOne:
    """A ChooseOne labelled with its canonical texts: for a game that gives its decisions no shape."""
    return ChooseOne(options=tuple(Option(t, t) for t in texts), pass_text=pass_text if pass_text in texts else None)
