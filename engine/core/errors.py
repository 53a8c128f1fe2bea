"""The one error type the engine raises for bad input."""

from __future__ import annotations


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
        full = message
        if self.legal:
            shown = ", ".join(f"`{t}`" for t in self.legal[:12])
            more = f" (+{len(self.legal) - 12} more)" if len(self.legal) > 12 else ""
            full = f"{message} Legal now: {shown}{more}."
        super().__init__(full)
        self.message = full
