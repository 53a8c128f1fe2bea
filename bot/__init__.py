"""The play-by-post bot in three layers, each importing only the ones below it (``tests/test_layers.py``).

* :mod:`bot.store` -- every SQL statement and the migrations: :class:`~bot.store.store.GameStore`
  (games, seats, the action log, snapshots) and one small book per group of tables (deadlines,
  reminders, away, notifications, votes, records, stats), plus the stored-time arithmetic they need.
* :mod:`bot.service` -- everything a player or admin can do, as plain async methods of small services
  over the store and the rules engine, composed by :class:`~bot.service.service.GameService` around one
  core (loaders, one cache, locks) and one ``play_step`` (the locked path of every change); no Discord here.
* :mod:`bot.discord` -- the thin discord.py layer: the bot (``app``), what it posts (``turns``),
  slash-command cogs and persistent components (``views``).

Front ends other than Discord (:mod:`bot.terminal`, :mod:`bot.demo`), the entry point (``python -m bot``),
:mod:`bot.settings` and the operations modules without Discord (:mod:`bot.health` readiness checks,
:mod:`bot.logs` log format) sit here at the top. Only :mod:`engine.core` is imported from the engine.
"""
