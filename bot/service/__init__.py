"""The bot's service layer: every request as a plain async method of a small service over
:mod:`bot.store` and :mod:`engine.core` (composed in :mod:`bot.service.service`), answering with a
small typed result per family of commands (:mod:`bot.service.results`; a
:class:`~bot.service.change.Step` for a change) or a friendly :class:`~bot.service.results.ServiceError`.
No Discord (and no SQL) here."""
