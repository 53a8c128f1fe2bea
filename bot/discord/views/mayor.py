"""The editor of a Distribute decision (the Mayor's colonists): an ephemeral panel drawn from the
decision's :class:`~engine.core.shapes.Distribute` shape alone — its slots and capacities, its
pieces (colonists and, for a player holding nobles, nobles) and its proposal — accepted in one
click or adjusted with selects ("put a colonist on…", "take a colonist off…", "put a noble on…",
"take a noble off…"; the words are the shape's labels).

The draft lives in this (ephemeral, 14-minute) view only, which only its player sees; confirming
plays the canonical text of the draft's action (the proposal's own when unchanged) in one service
call (``service.play.place``), which checks that the seat still owes the decision drawn here and
the engine validates. The persistent panel button (the shape's title, e.g. "Place colonists")
reopens a fresh editor.
"""

from __future__ import annotations

from typing import Any

import discord

from engine.core import play
from engine.core.shapes import Distribute, DistributeAction, distribute_action
from render.i18n import DEFAULT, tr

from ...service.game_ui import Table
from ...service.moves import OUTDATED_CODE
from ...service.results import ServiceError
from ..errors import report
from ..host import bot_of
from ..i18n import msg, msgn
from ..language import reader, sentences
from ..turns import answer_played

EDITOR_TIMEOUT = 14 * 60
PER_SELECT = 25

Counts = dict[str, int]


def _clean(counts: Counts) -> Counts:
    return {k: v for k, v in counts.items() if v > 0}


def _slots(action: DistributeAction, key: str) -> Counts:
    """The pieces per slot a Distribute action names under ``key`` (none when it names none)."""
    spread = action.get(key, {})
    return dict(spread) if isinstance(spread, dict) else {}


def _plural(n: int, word: str) -> str:
    return msgn("{n} {piece}", "{n} {piece}s", n, piece=word)


def _capital(word: str, lang: str) -> str:
    """A piece's name starting a sentence: capitalised in English, the word itself otherwise."""
    return str(word).capitalize() if lang == DEFAULT else word


class MayorEditor(discord.ui.View):
    """Draft of one seat's Distribute decision: all pieces per slot (``layout``) and, of them, the
    pieces of the second kind (``nobles``; only when the shape has a second kind of piece).

    The first kind of piece is the ordinary one (colonists); the shape's action names the pieces per
    slot under its verb and the second kind under that kind's key (see :class:`Distribute`)."""

    def __init__(self, table: Table, seat: int, shape: Distribute, lang: str = DEFAULT) -> None:
        super().__init__(timeout=EDITOR_TIMEOUT)
        self.row, self.version, self.seat, self.lang = table.row, table.version, seat, lang
        self.user = table.users[seat]
        self.title = table.record.title
        self.game, self.shape = table.game, shape
        self.caps, self.total = {s.key: s.count for s in shape.slots}, shape.total
        self.names = {s.key: s.label for s in shape.slots}
        self.piece, self.second = shape.pieces[0], (shape.pieces[1] if len(shape.pieces) > 1 else None)
        self.proposal_action = distribute_action(shape, shape.proposal)
        self.proposal = _clean(_slots(self.proposal_action, shape.verb))
        self.proposal_nobles = _clean(_slots(self.proposal_action, self.second.key)) if self.second else {}
        self.noble_count = self.second.count if self.second else 0
        #: Ordinary pieces (colonists, not nobles) the player has.
        self.colonist_count = self.piece.count
        self.layout = dict(self.proposal)
        self.nobles = dict(self.proposal_nobles)
        self._draw()

    @classmethod
    def for_table(cls, table: Table, seat: int, lang: str = DEFAULT) -> MayorEditor:
        shape = table.shape(seat)
        if not isinstance(shape, Distribute):
            raise ServiceError(msg("You have nothing to place right now."), "not_your_decision")
        return cls(table, seat, shape, lang)

    # --- the draft ---------------------------------------------------------------------------
    @property
    def placed(self) -> int:
        return sum(self.layout.values())

    @property
    def nobles_placed(self) -> int:
        return sum(self.nobles.values())

    def plain(self, target: str) -> int:
        """Ordinary colonists (not nobles) drafted on ``target``."""
        return self.layout.get(target, 0) - self.nobles.get(target, 0)

    @property
    def unchanged(self) -> bool:
        return self.layout == self.proposal and self.nobles == self.proposal_nobles

    def action(self) -> dict[str, Any]:
        """The action to play: the engine's own proposal when unchanged."""
        if self.unchanged:
            return self.proposal_action
        plain = _clean({t: n - self.nobles.get(t, 0) for t, n in self.layout.items()})
        answer = {self.piece.key: plain} if plain else {}
        if self.second is not None and _clean(self.nobles):
            answer[self.second.key] = _clean(self.nobles)
        return distribute_action(self.shape, answer)

    def text(self) -> str:
        """Canonical text of the current draft (``layout …``)."""
        return play.action_text(self.game, self.action())

    def can_add(self, noble: bool) -> bool:
        if self.placed >= self.total:
            return False
        if noble:
            return self.nobles_placed < self.noble_count
        return self.placed - self.nobles_placed < self.colonist_count

    def add(self, target: str, noble: bool, delta: int) -> None:
        self.layout[target] = self.layout.get(target, 0) + delta
        if noble:
            self.nobles[target] = self.nobles.get(target, 0) + delta
        self.layout, self.nobles = _clean(self.layout), _clean(self.nobles)

    # --- drawing -----------------------------------------------------------------------------
    def _place_line(self, target: str) -> str:
        """``Corn plantation 1/1 (1 noble)`` in the editor's language."""
        nobles = self.nobles.get(target, 0)
        words: dict[str, str | int] = {
            "place": self.names[target],
            "n": self.layout.get(target, 0),
            "room": self.caps[target],
        }
        if nobles and self.second:
            line = msg("{place} {n}/{room} ({nobles})", nobles=_plural(nobles, self.second.label), **words)
        else:
            line = msg("{place} {n}/{room}", **words)
        return tr(line, self.lang)

    def content(self, header: str = "") -> str:
        lang, word = self.lang, self.piece.label
        places = ("、" if lang == "ja" else ", ").join(self._place_line(t) for t in self.caps)
        left = self.total - self.placed
        said = (
            [msg("All {piece}s placed — confirm when ready.", piece=word)]
            if left == 0
            else [msg("{n} {piece}(s) still to place.", n=left, piece=word)]
        )
        if self.noble_count and self.second:
            said.append(
                msg(
                    "{pieces}s placed: {placed}/{most}.",
                    pieces=_capital(self.second.label, lang),
                    placed=self.nobles_placed,
                    most=min(self.noble_count, self.total),
                )
            )
        status = sentences(said, lang)
        title = msg("**Place your {piece}s** ({title}, move {n})", piece=word, title=self.title, n=self.version)
        return "\n".join(filter(None, [tr(header, lang), tr(title, lang), places, status, f"`{self.text()}`"]))[:2000]

    def _draw(self) -> None:
        self.clear_items()
        confirm: discord.ui.Button[MayorEditor] = discord.ui.Button(
            label=tr(msg("Confirm layout"), self.lang),
            style=discord.ButtonStyle.success,
            row=0,
            disabled=self.placed != self.total,
        )
        confirm.callback = self.confirm  # type: ignore[method-assign]
        reset: discord.ui.Button[MayorEditor] = discord.ui.Button(
            label=tr(msg("Back to proposal"), self.lang),
            style=discord.ButtonStyle.secondary,
            row=0,
            disabled=self.unchanged,
        )
        reset.callback = self.reset  # type: ignore[method-assign]
        self.add_item(confirm)
        self.add_item(reset)
        room = [t for t, c in self.caps.items() if self.layout.get(t, 0) < c]
        if room and self.can_add(noble=False):
            self.add_item(self._select(msg("Put a {piece} on…", piece=self.piece.label), room, "add", False, 1))
        taken = [t for t in self.caps if self.plain(t) > 0]
        if taken:
            self.add_item(self._select(msg("Take a {piece} off…", piece=self.piece.label), taken, "remove", False, 2))
        if not self.noble_count or self.second is None:
            return
        if room and self.can_add(noble=True):
            self.add_item(self._select(msg("Put a {piece} on…", piece=self.second.label), room, "add", True, 3))
        with_nobles = [t for t in self.caps if self.nobles.get(t, 0) > 0]
        if with_nobles:
            self.add_item(
                self._select(msg("Take a {piece} off…", piece=self.second.label), with_nobles, "remove", True, 4)
            )

    def _select(self, placeholder: str, targets: list[str], mode: str, noble: bool, row: int) -> discord.ui.Select[Any]:
        options = [discord.SelectOption(label=self._place_line(t)[:100], value=t) for t in targets[:PER_SELECT]]
        select: discord.ui.Select[Any] = discord.ui.Select(
            placeholder=tr(placeholder, self.lang), options=options, row=row
        )

        async def changed(interaction: discord.Interaction[Any]) -> None:
            self.add(select.values[0], noble, 1 if mode == "add" else -1)
            self._draw()
            await interaction.response.edit_message(content=self.content(), view=self)

        select.callback = changed  # type: ignore[method-assign]
        return select

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Only the player the editor was opened for drafts in it (the service checks the seat again
        when the draft is confirmed)."""
        if str(interaction.user.id) != self.user:
            refusal = tr(msg("This editor belongs to another player."), await reader(interaction))
            await interaction.response.send_message(refusal, ephemeral=True)
            return False
        return True

    async def reset(self, interaction: discord.Interaction[Any]) -> None:
        self.layout, self.nobles = dict(self.proposal), dict(self.proposal_nobles)
        self._draw()
        await interaction.response.edit_message(content=self.content(), view=self)

    async def confirm(self, interaction: discord.Interaction[Any]) -> None:
        """Play the draft if this seat still owes the same decision (others may have answered)."""
        try:
            await interaction.response.defer()
            user = str(interaction.user.id)
            try:
                step = await bot_of(interaction).service.play.place(self.row, user, self.seat, self.shape, self.text())
            except ServiceError as exc:
                if exc.code != OUTDATED_CODE:
                    raise
                raise ServiceError(
                    msg("This editor is outdated: you have no {piece}s to place now.", piece=self.piece.label), "stale"
                ) from None
            await answer_played(interaction, step, ack=False)
            self.stop()
            placed = tr(msg("Layout placed: `{text}`.", text=self.text()), self.lang)
            await interaction.edit_original_response(content=placed, view=None)
        except Exception as exc:
            await report(interaction, exc, editor=self.row)


async def open_editor(interaction: discord.Interaction[Any], table: Table, seat: int, header: str = "") -> None:
    """Send a fresh editor for ``seat`` in the reader's language (the interaction must be deferred)."""
    editor = MayorEditor.for_table(table, seat, await reader(interaction))
    await interaction.followup.send(editor.content(header), view=editor, ephemeral=True)
