"""``python -m engine.core.datapack GAME [--pack PATH]``: see :mod:`.cli`."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
