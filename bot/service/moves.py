"""A seat's move on a game loaded under its lock (no Discord): the checks of a click, and the move itself.

A click (a button, a menu, "Change my answer", the Mayor's editor) names the game, the version it
was drawn at, the seat and the option by its index; :class:`Moves` checks it against the game loaded
once by :meth:`~bot.service.play_step.Steps.play_step`, in this order: the click is outdated (the game
moved on or ended, or the option no longer exists: the front end shows the current prompt), the
clicker is not the seat's player (refused, naming whose decision it is), then the move itself as
``/play`` makes it (:meth:`Moves.play`). An option is played by its action, never by its text.
"""

from __future__ import annotations

from engine.core import play
from engine.core.i18n import listing
from engine.core.shapes import ChooseSeveral, Distribute, Shape, distribute_action, option_index
from engine.core.takeback import TAKE_BACK_TEXT, is_take_back, names_take_back

from ..store.ai_seats import AiSeats
from ..store.times import parse
from .away import AwayService
from .change import Said, Txn
from .clock import stamp
from .core import Core
from .i18n import msg
from .records import Action
from .results import ServiceError
from .words import alternatives, names_list

#: The code of a refused click that was drawn for an earlier position (the front end shows the current one).
OUTDATED_CODE = "outdated"
OUTDATED = msg("This prompt is outdated; here is the current one.")
TAKE_BACK_HINT = msg(
    " You may still change your answer until the last one is in: `/play action:{text}` "
    "or the “Change my answer” button.",
    text=TAKE_BACK_TEXT,
)
PICK = msg("Pick from the listed options.")
SHOWN_SETS = 10  # listed sets named in a refusal


def outdated() -> ServiceError:
    return ServiceError(OUTDATED, OUTDATED_CODE)


def not_yours(txn: Txn, seat: int) -> ServiceError:
    """The refusal of a click on ``seat``'s decision by someone else."""
    if 0 <= seat < len(txn.names):
        said = msg("This is not your decision: it is {owner}'s.", owner=txn.names[seat])
    else:
        said = msg("This is not your decision: it is another player's.")
    return ServiceError(said, "not_your_decision")


class Moves:
    """Checks and plays a seat's move on a loaded game; a move ends the mover's absence (``away``)."""

    def __init__(self, core: Core, away: AwayService) -> None:
        self.core = core
        self.away = away

    # --- clicks -----------------------------------------------------------------------------
    @staticmethod
    def options(txn: Txn, version: int, seat: int) -> list[Action]:
        """The legal actions of ``seat`` in the loaded game, which must be the active game at
        ``version`` (else the click is outdated)."""
        record, state = txn.record, txn.state
        if record.status != "active" or record.version != version or state is None or not 0 <= seat < len(txn.seats):
            raise outdated()
        return txn.legal(seat)

    @staticmethod
    def owned(txn: Txn, seat: int, user: str) -> None:
        """Refuse unless ``user`` holds ``seat``."""
        if txn.users[seat] != user:
            raise not_yours(txn, seat)

    @staticmethod
    def picked(txn: Txn, seat: int, items: list[int], legal: list[Action]) -> Action:
        """The legal action of the listed option of ``seat``'s ChooseSeveral that picks exactly the
        items numbered ``items`` (:func:`pick`)."""
        assert txn.state is not None
        decision = play.decision_of(txn.game, txn.state, seat)
        texts = [play.action_text(txn.game, a) for a in legal]
        return legal[pick(decision.shape if decision is not None else None, items, texts)]

    @staticmethod
    def still(txn: Txn, seat: int, drawn: Distribute) -> None:
        """Refuse as outdated unless ``seat`` still owes the Distribute decision drawn as ``drawn``: the
        same slots and the same proposal (others may have answered meanwhile: the version alone
        does not say)."""
        decision = play.decision_of(txn.game, txn.state, seat) if txn.state is not None else None
        shape = decision.shape if decision is not None else None
        if (
            txn.record.status != "active"
            or not isinstance(shape, Distribute)
            or shape.slots != drawn.slots
            or distribute_action(shape, shape.proposal) != distribute_action(drawn, drawn.proposal)
        ):
            raise outdated()

    # --- the move ---------------------------------------------------------------------------
    async def play(self, txn: Txn, seat: int, user: str, action: Action | None = None, text: str | None = None) -> Said:
        """``user`` plays ``action`` (a click: one of the legal actions) or ``text`` (typed: a canonical
        text or an option's label) for ``seat``; stored, with what it says."""
        game, state, names = txn.game, txn.state, txn.names
        assert state is not None
        waiting = play.waiting_players(game, state)
        taking_back = is_take_back(action) if action is not None else names_take_back(text or "")
        if seat not in waiting and not taking_back:  # the engine explains a take-back it refuses
            hint = TAKE_BACK_HINT if play.may_take_back(game, state, seat) else ""
            raise ServiceError(
                msg(
                    "It is not your turn: waiting for {players}.{hint}",
                    players=names_list([names[p] for p in waiting]),
                    hint=hint,
                ),
                "not_your_turn",
            )
        if taking_back and play.may_take_back(game, state, seat):
            await self.check_time_left(txn, seat)
        applied = txn.apply(seat, action, text, typed=True)
        await txn.store(applied, seat, user, [])
        txn.played = applied.text
        acted = list(applied.public) or [msg("{player} has acted.", player=names[seat])]
        said = txn.changed(acted, applied.private)
        if applied.text == TAKE_BACK_TEXT:  # they owe the decision again but know it: nobody is pinged anew
            said.mention = [u for u in said.mention if u != user]
        await self.away.moved(user, txn.row, said)  # a move ends the player's absence
        if txn.seats[seat].stand_in is not None and await AiSeats(self.core.store).stand_in(txn.row, user, None):
            self.core.seats_changed(txn.row)  # the AI stood in for them: it stops
            txn.seats = await self.core.seats_of(txn.record)
            said.public.append(msg("👋 **{player}** is back: the AI no longer plays for them.", player=names[seat]))
        return said

    async def check_time_left(self, txn: Txn, seat: int) -> None:
        """Refuse a take-back once the time for the decision has run out: taking an answer back resumes
        the clock it stopped (:mod:`bot.store.deadlines`), whose deadline has passed by then."""
        if txn.record.clock == "none":
            return
        clock = (await self.core.deadlines.of_game(txn.row)).get(seat)
        due = clock.prev_due_at if clock is not None and clock.state == "idle" else None
        if due is not None and parse(due) <= parse(self.core.now()):
            raise ServiceError(
                msg(
                    "Your time for this decision ran out {when}, so your answer stands: it can't be taken back.",
                    when=stamp(due),
                ),
                "out_of_time",
            )


def pick(shape: Shape | None, items: list[int], texts: list[str]) -> int:
    """Where in ``texts`` (a seat's legal texts) is the listed option of the ChooseSeveral ``shape``
    that picks exactly the items numbered ``items``; refused naming the listed sets when none is.

    >>> from engine.core.shapes import Item, Option
    >>> items = (Item("a", "A"), Item("b", "B"))
    >>> shape = ChooseSeveral(options=(Option("take a b", "A and B", ("a", "b")),), items=items, low=2, high=2)
    >>> pick(shape, [1, 0], ["pass", "take a b"])
    1
    """
    if not isinstance(shape, ChooseSeveral) or not items or not all(0 <= i < len(shape.items) for i in items):
        raise ServiceError(PICK, "malformed")
    chosen = [shape.items[i].key for i in dict.fromkeys(items)]
    index = option_index(shape, chosen)
    if index is None or shape.options[index].text not in texts:
        raise ServiceError(refusal(shape, chosen), "illegal")
    return texts.index(shape.options[index].text)


def refusal(shape: ChooseSeveral, chosen: list[str]) -> str:
    """Why a set of items is no answer: the set, and (some of) the listed sets."""
    names = listing([next(i.label for i in shape.items if i.key == k) for k in chosen], "")
    sets = [o.label for o in shape.options if o.picks]
    shown, more = alternatives(sets[:SHOWN_SETS]), len(sets) - SHOWN_SETS
    if more > 0:
        return msg(
            "{chosen} is not one of your options; you may: {sets} (and {n} more).", chosen=names, sets=shown, n=more
        )
    return msg("{chosen} is not one of your options; you may: {sets}.", chosen=names, sets=shown)
