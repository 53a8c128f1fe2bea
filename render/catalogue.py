"""Keep the gettext catalogues in step with the code (Babel reads and writes the ``.po`` files).

A package *speaks* when it has an ``i18n.py`` module (its :func:`engine.core.i18n.domain`); its
catalogue lists every ``msg``/``msgn``/``msgp`` call in its own source (sub-packages that speak
keep their own) and every id its data declares (:meth:`~engine.core.i18n.Domain.declare_data`).

    python -m render.catalogue list                  # the packages that speak
    python -m render.catalogue update engine.lisboa  # add new ids (empty), drop gone ones
    python -m render.catalogue check                 # missing, empty or mismatched entries

A package installed from another distribution (a game of its own) is named the same way:
``python -m render.catalogue update my_game`` writes its catalogue in its own folder.

``check`` is what ``tests/test_catalogues.py`` runs for every package.

Calls are found with :mod:`ast` rather than Babel's extractor, which misses a ``msg`` nested in an
ordinary call that is itself an argument of another ``msg`` (``msg("{x}", x=f(msg("B")))``).
"""

from __future__ import annotations

import argparse
import ast
import pkgutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from engine.core.i18n import domain, fields

from .i18n import LANGUAGES, catalogue_path

ROOTS = ("engine", "bot", "render")
#: The message makers and how many leading string arguments each takes (msgid; singular, plural;
#: context, msgid).
KEYWORDS = {"msg": 1, "msgn": 2, "msgp": 2}
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
HEADER = "Plural-Forms: nplurals=1; plural=0;"


@dataclass(frozen=True)
class Entry:
    msgid: str
    plural: str | None
    context: str | None
    where: str


def _root() -> Path:
    return Path(__file__).resolve().parent.parent


def speaking_packages() -> list[str]:
    """Dotted names of every package with an ``i18n.py``, sorted."""
    base = _root()
    found = []
    for top in ROOTS:
        for path in sorted((base / top).rglob("i18n.py")):
            if "locale" in path.parts or "__pycache__" in path.parts:
                continue
            found.append(".".join(path.parent.relative_to(base).parts))
    return sorted(found)


def _directory(package: str) -> Path:
    """The package's folder: in this tree, or wherever it is installed (a game of another
    distribution keeps its catalogues in its own packages)."""
    inside = _root().joinpath(*package.split("."))
    if inside.is_dir():
        return inside
    spec = find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ValueError(f"{package} is not a package")
    return Path(next(iter(spec.submodule_search_locations)))


def _where(path: Path, package: str) -> str:
    """``path`` for messages: relative to this tree, or to the folder holding an outside package."""
    root = _root()
    if path.is_relative_to(root):
        return str(path.relative_to(root))
    return str(path.relative_to(_directory(package.split(".")[0]).parent))


def _sources(package: str) -> Iterator[Path]:
    """The package's Python files, without those of sub-packages that speak for themselves."""
    own = _directory(package)
    others = [_directory(p) for p in speaking_packages() if p != package and p.startswith(package + ".")]
    for path in sorted(own.rglob("*.py")):
        if "__pycache__" in path.parts or any(other in path.parents for other in others):
            continue
        yield path


def extract(package: str) -> list[Entry]:
    """Every message id the package uses, in source order (data ids last, sorted)."""
    entries: dict[tuple[str | None, str], Entry] = {}
    for path in _sources(package):
        for line, name, strings in calls(path.read_text(encoding="utf-8")):
            context = strings[0] if name == "msgp" else None
            singular = strings[1] if name == "msgp" else strings[0]
            plural = strings[1] if name == "msgn" else None
            where = f"{_where(path, package)}:{line}"
            entries.setdefault((context, singular), Entry(singular, plural, context, where))
    for module in _modules(package):
        import_module(module)
    for text in sorted(domain(package).data_ids()):
        entries.setdefault((None, text), Entry(text, None, None, "data"))
    return list(entries.values())


def calls(source: str) -> Iterator[tuple[int, str, tuple[str, ...]]]:
    """(line, maker, its leading string arguments) of every ``msg``/``msgn``/``msgp`` call in
    ``source`` whose ids are written out, however deeply nested.

    >>> [c[1:] for c in calls('x = msg("A {x}", x=f([msg("B")]))\\ny = msgn("a", "as", n)')]
    [('msg', ('A {x}',)), ('msg', ('B',)), ('msgn', ('a', 'as'))]
    """
    nodes = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call)]
    for node in sorted(nodes, key=lambda n: (n.lineno, n.col_offset)):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        wanted = KEYWORDS.get(name)
        if wanted is None or len(node.args) < wanted:
            continue
        head = node.args[:wanted]
        if all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in head):
            yield node.lineno, name, tuple(str(a.value) for a in head)  # type: ignore[attr-defined]


def _modules(package: str) -> Iterator[str]:
    yield package
    found = import_module(package)
    for info in pkgutil.walk_packages(found.__path__, package + "."):
        if ".locale" not in info.name:
            yield info.name


def _load(path: Path, lang: str, package: str) -> Catalog:
    if path.is_file():
        with path.open("rb") as handle:
            return read_po(handle, locale=lang, domain=package)
    return Catalog(
        locale=lang,
        domain=package,
        project="pbp-euro-bot",
        version="1",
        header_comment=f"# {lang} messages of the package {package} (python -m render.catalogue update {package}).",
        fuzzy=False,
    )


def update(package: str, lang: str = "ja") -> tuple[int, int]:
    """Bring ``package``'s ``lang`` catalogue in line with its code; (ids added, ids dropped)."""
    path = catalogue_path(package, lang)
    if path is None:
        raise ValueError(f"{package} is not a package")
    catalog = _load(path, lang, package)
    before = {(m.context, _single(m.id)) for m in catalog if m.id}
    template = Catalog(domain=package, creation_date=catalog.creation_date)
    for entry in extract(package):
        template.add((entry.msgid, entry.plural) if entry.plural else entry.msgid, context=entry.context)
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    after = {(m.context, _single(m.id)) for m in catalog if m.id}
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=0, omit_header=False, no_location=True)
    return len(after - before), len(before - after)


def _single(msgid: str | tuple[str, ...] | list[str]) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def problems(package: str, lang: str = "ja") -> list[str]:
    """What is wrong with ``package``'s ``lang`` catalogue: ids the code uses that it lacks or
    leaves empty or fuzzy, and translations whose ``{fields}`` differ from the English."""
    path = catalogue_path(package, lang)
    if path is None or not path.is_file():
        return [f"{package}: no {lang} catalogue (python -m render.catalogue update {package})"]
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=package)
    found = []
    for entry in extract(package):
        message = catalog.get(entry.msgid, context=entry.context)
        label = f"{package} [{lang}] {entry.msgid!r} ({entry.where})"
        if message is None:
            found.append(f"{label}: missing")
            continue
        raw = message.string
        strings = [str(s or "") for s in raw] if isinstance(raw, tuple | list) else [str(raw or "")]
        if message.fuzzy or not all(strings):
            found.append(f"{label}: {'fuzzy' if message.fuzzy else 'empty'}")
            continue
        want = fields(entry.msgid) | (fields(entry.plural) if entry.plural else frozenset())
        for text in strings:
            if fields(text) != want:
                found.append(f"{label}: fields {sorted(fields(text))} should be {sorted(want)}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.catalogue", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["list", "update", "check"])
    parser.add_argument("packages", nargs="*", help="dotted package names (default: every package that speaks)")
    args = parser.parse_args(argv)
    packages = args.packages or speaking_packages()
    if args.command == "list":
        print("\n".join(packages))
        return 0
    if args.command == "update":
        for package in packages:
            for lang in TRANSLATED:
                added, dropped = update(package, lang)
                print(f"{package} [{lang}]: {added} added, {dropped} dropped")
        return 0
    bad = [line for package in packages for lang in TRANSLATED for line in problems(package, lang)]
    print("\n".join(bad) if bad else f"{len(packages)} catalogues complete")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
