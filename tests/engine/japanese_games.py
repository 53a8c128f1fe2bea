"""Whole seeded games read in Japanese (issue 16): the machinery the games' Japanese tests share
(``test_lisboa_japanese``, ``test_red_cathedral_japanese``, ``test_lorenzo_japanese``,
``test_puerto_rico_japanese``).

:func:`play_translated` plays a seeded random game to its end while a :class:`Reader` translates
with ``render.i18n.tr`` every text the game shows: every event sentence (public and private), every
open decision's prompt, shape title, option and item labels, the errors of a few bad inputs
(:class:`BadInputs`) and the outcome's labels (``render.i18n.tr_id``). A text is wrong when it is
not a catalogue message, when its English is not the message's own text, or when English is left
in its Japanese: once backticked spans (canonical action texts and ids, which players type and which
stay English) and player names are taken out, no run of two Latin letters may remain. Ids such as
``T05`` or ``A2`` (one letter and digits) pass.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from babel.messages.pofile import read_po

from engine.core import IllegalAction, play
from engine.core.decisions import Decision
from engine.core.i18n import Listing, Msg
from render.i18n import catalogue_path, tr, tr_id

ENGLISH = re.compile(r"[A-Za-z]{2,}")
BACKTICKED = re.compile(r"`[^`]*`")

State = dict[str, Any]
# Picks who plays what at each step: (game, state, open decisions, the game's random) → (seat, action).
Chooser = Callable[[Any, State, list[Decision], random.Random], tuple[int, Any]]


def english_left(text: str, names: Iterable[str]) -> list[str]:
    """The English words of ``text`` once backticked spans and player ``names`` are taken out."""
    plain = BACKTICKED.sub(" ", text)
    for name in names:
        plain = plain.replace(name, " ")
    return ENGLISH.findall(plain)


def in_japanese(value: Any, names: Iterable[str]) -> tuple[str, str]:
    """``value`` in Japanese, and what is wrong with it (empty when nothing is)."""
    japanese = tr(value, "ja")
    if str(value) == "":
        return japanese, "an empty text: nothing to read"
    if not isinstance(value, Msg):
        return japanese, "not a catalogue message"
    if tr(value, "en") != str(value):
        return japanese, f"its English changed: {tr(value, 'en')!r}"
    left = english_left(japanese, names)
    return japanese, f"English left: {left}" if left else ""


def assert_prompts_in_japanese(kinds: Mapping[str, Any], names: Iterable[str]) -> None:
    """Each decision kind's prompt, even those random games rarely reach: a catalogue message with
    no English left in its Japanese."""
    for name, kind in kinds.items():
        assert isinstance(kind.prompt, Msg), name
        ja = tr(kind.prompt, "ja")
        assert ja != str(kind.prompt) and not english_left(ja, names), (name, ja)


def assert_spec_in_japanese(spec: Any, allowed: Iterable[str]) -> None:
    """The spec's title, and each option's label, help and choices, translated with no English left
    in them (the words ``allowed`` aside: player names, cited ids)."""
    texts = [spec.title] + [t for o in spec.options for t in (o.label, o.help, *o.choices.values())]
    for text in texts:
        ja = tr(text, "ja")
        assert ja != str(text) and not english_left(ja, allowed), text


def provisional_notice(game: Any, names: list[str]) -> str:
    """A new two-player game's data notice, in Japanese: the shipped pack has provisional rows, and
    the Japanese notice says so."""
    state, _ = play.new_game(game, names[:2], {}, 1)
    notice = game.notice(state)
    assert notice and "provisional" in notice
    ja = tr(notice, "ja")
    assert "暫定" in ja
    return ja


def public_sentence(event_text: Callable[[State, dict[str, Any]], Any], state: State, **event: Any) -> str:
    """The public sentence ``event_text`` makes of ``event``, in Japanese."""
    text = event_text(state, event)
    assert text.public is not None
    return tr(text.public, "ja")


@dataclass(frozen=True)
class BadInputs:
    """What to try now and then at a seat about to play: a text that names no action, an action the
    rules refuse and, from a seat with nothing to decide, a text that would otherwise be legal."""

    unknown: str
    illegal: dict[str, Any]
    idle: str


class Reader:
    """Translates every text a game shows into Japanese and keeps the ones that are wrong."""

    def __init__(self, game: Any, names: list[str], package: str, event_key: str = "kind") -> None:
        self.game, self.names, self.package, self.event_key = game, names, package, event_key
        self.seen: Counter[str] = Counter()  # texts read: "event", "decision", "error" or "outcome"
        self.bad: dict[str, str] = {}  # a wrong Japanese text → where it was shown, what is wrong
        self.ids: set[tuple[str, str | None, str]] = set()  # (domain, context, msgid) of every message
        self.kinds: set[str] = set()  # the event kinds seen
        self.untold: set[str] = set()  # the event kinds told to nobody (no public sentence)
        self.labels: set[str] = set()  # the outcome's labels

    @property
    def total(self) -> int:
        return sum(self.seen.values())

    def report(self) -> str:
        return "\n".join(f"{ja}  ← {where}" for ja, where in list(self.bad.items())[:30])

    def read(self, value: Any, seen: str = "text", where: str = "") -> str:
        """``value`` in Japanese ("" for none), counted under ``seen``; noted in :attr:`bad` if wrong."""
        if value is None:
            return ""
        japanese, wrong = in_japanese(value, self.names)
        self.seen[seen] += 1
        if wrong:
            self.bad.setdefault(
                japanese if str(value) else f"(empty: {seen} {where})", f"{seen} {where}: {str(value)!r}: {wrong}"
            )
        else:
            self._ids(value)
        return japanese

    def _ids(self, value: Msg) -> None:
        if isinstance(value, Listing):
            for item in value.items:
                if isinstance(item, Msg):
                    self._ids(item)
            return
        self.ids.add((value.domain, value.context, value.msgid))
        for param in value.params.values():
            if isinstance(param, Msg):
                self._ids(param)

    def untranslated(self) -> list[tuple[str, str | None, str]]:
        """The messages read whose catalogue has no Japanese for them (e.g. an id the extractor missed)."""
        books: dict[str, Any] = {}
        missing = []
        for domain, context, msgid in sorted(self.ids, key=str):
            if domain not in books:
                path = catalogue_path(domain, "ja")
                assert path is not None and path.is_file(), domain
                with path.open("rb") as handle:
                    books[domain] = read_po(handle, locale="ja")
            entry = books[domain].get(msgid, context=context)
            if entry is None or not entry.string or entry.fuzzy:
                missing.append((domain, context, msgid))
        return missing

    def events(self, state: State, events: list[dict[str, Any]]) -> None:
        for event in events:
            kind = event[self.event_key]
            self.kinds.add(kind)
            text = play.event_text(self.game, state, event)
            if text.public is None:
                self.untold.add(kind)
            self.read(text.public, "event", kind)
            self.read(text.private, "event", f"{kind} (private)")

    def decisions(self, decisions: list[Decision]) -> None:
        for d in decisions:
            shape = d.shape
            assert shape is not None
            self.read(d.prompt, "decision", f"{d.kind} prompt")
            if getattr(shape, "title", ""):
                self.read(shape.title, "decision", f"{d.kind} title")
            for option in shape.options:
                self.read(option.label, "decision", f"{d.kind} label {option.text}")
            for part in ("items", "pieces", "slots"):
                for item in getattr(shape, part, ()):
                    self.read(item.label, "decision", f"{d.kind} {part} {item.key}")

    def refusals(self, state: State, seat: int, bad: BadInputs) -> None:
        """``bad`` tried at ``seat``: each refused with its error's code, the error read in Japanese."""
        idle = [s for s in range(len(state["players"])) if s not in play.waiting_players(self.game, state)]
        tries: list[tuple[int, str | dict[str, Any], str]] = [
            (seat, bad.unknown, "unknown"),
            (seat, bad.illegal, "illegal_action"),
        ]
        if idle:
            tries.append((idle[0], bad.idle, "not_your_turn"))
        for who, attempt, code in tries:
            with pytest.raises(IllegalAction) as caught:
                if isinstance(attempt, str):
                    play.parse_action(self.game, state, who, attempt)
                else:
                    play.check(self.game, state, who, attempt)
            assert caught.value.code == code, (attempt, caught.value.code)
            message = caught.value.message
            assert self.read(message, "error", code) != str(message)

    def outcome(self, outcome: Any) -> None:
        """The outcome's labels: plain ids in the stored data, translated at the edge by ``tr_id``."""
        self.labels = {outcome.tie_break} if outcome.tie_break else set()  # a game may have no tie-break
        for result in outcome.results:
            self.labels |= {*result.breakdown, *result.tie_break}
        for key in sorted(self.labels, key=str):
            assert type(key) is str, key
            self.seen["outcome"] += 1
            japanese = tr_id(self.package, key, "ja")
            if japanese == key or tr_id(self.package, key, "en") != key:
                self.bad.setdefault(japanese, f"outcome label {key!r}: untranslated")
            elif english_left(japanese, self.names):
                self.bad.setdefault(japanese, f"outcome label {key!r}: English left")


def random_seat(game: Any, state: State, decisions: list[Decision], rnd: random.Random) -> tuple[int, Any]:
    """A random waiting seat plays a random legal action."""
    seat = rnd.choice(play.waiting_players(game, state))
    return seat, rnd.choice(play.legal_actions(game, state, seat))


def random_decision(game: Any, state: State, decisions: list[Decision], rnd: random.Random) -> tuple[int, Any]:
    """A random open decision gets a random one of its options."""
    chosen = rnd.choice(decisions)
    return chosen.player, rnd.choice(chosen.options)


def play_translated(
    reader: Reader,
    players: int,
    options: dict[str, Any],
    seed: int,
    *,
    steps: int,
    choose: Chooser = random_seat,
    bad: BadInputs | None = None,
    bad_every: int = 97,
    before_step: Callable[[State], None] | None = None,
) -> State:
    """A whole seeded game, every text it shows read by ``reader``; ``bad`` tried every ``bad_every``
    steps at the seat about to play. Returns the final state, its outcome read by ``reader``."""
    game = reader.game
    state, events = play.new_game(game, reader.names[:players], options, seed)
    reader.events(state, events)
    rnd = random.Random(seed)
    for step in range(steps):
        if game.is_over(state):
            break
        if before_step is not None:
            before_step(state)
        decisions = play.pending(game, state)
        reader.decisions(decisions)
        seat, action = choose(game, state, decisions, rnd)
        if bad is not None and step % bad_every == 0:
            reader.refusals(state, seat, bad)
        events = play.apply_in_place(game, state, seat, action)
        reader.events(state, events)
    assert game.is_over(state), "the game did not end"
    outcome = game.outcome(state)
    assert outcome is not None
    reader.outcome(outcome)
    return state
