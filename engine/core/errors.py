"""The one error type the engine raises for bad input."""

from __future__ import annotations

from .i18n import msg


class IllegalAction(Exception):
    """An action (or action text) that cannot be applied in this state.

    ``code`` is a stable machine-readable reason (``not_your_turn``,
    ``illegal_action``, ``ambiguous``, ``unknown``, ``game_over``, ``bad_option``);
    ``legal`` lists the canonical texts that would have been accepted, so every
    message can say what is legal instead.
    """

    def __init__(self, code: str, message: str, legal: list[str] | None = None) -> None:
        self.code = code
        self.legal = list(legal or [])
        #: What went wrong, without the list of legal texts (a :class:`~engine.core.i18n.Msg`).
        self.reason = message
        full = message
        if self.legal:
            shown = ", ".join(f"`{t}`" for t in self.legal[:12])
            more = msg(" (+{n} more)", n=len(self.legal) - 12) if len(self.legal) > 12 else ""
            full = msg("{message} Legal now: {shown}{more}.", message=message, shown=shown, more=more)
        super().__init__(full)
        #: The whole message for people (a :class:`~engine.core.i18n.Msg` when the engine made it).
        self.message = full
