"""Print a Lisboa data pack's provenance summary: ``python -m engine.lisboa.provenance [--pack PATH]``.

The same as ``python -m engine.core.datapack lisboa [--pack PATH]``: loads and validates the pack
(the shipped one by default, or a server owner's own transcription at PATH) and prints rows per
family, how many are provisional and which sources they cite. Exit status 1 with the validation
message if the pack is bad.
"""

from __future__ import annotations

from ..core.datapack.cli import main as datapack_main


def main(argv: list[str] | None = None) -> int:
    return datapack_main(argv, prog="python -m engine.lisboa.provenance", game="lisboa")


if __name__ == "__main__":
    raise SystemExit(main())
