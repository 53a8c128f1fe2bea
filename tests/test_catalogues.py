"""Every message id the code uses has a Japanese entry whose ``{fields}`` match the English one."""

from __future__ import annotations

import pytest

from engine.core.i18n import Msg, domain
from render.catalogue import problems, speaking_packages
from render.i18n import tr, translations

PACKAGES = speaking_packages()


def test_the_packages_that_speak_are_found() -> None:
    assert {"engine.core", "render"} <= set(PACKAGES)


@pytest.mark.parametrize("package", PACKAGES)
def test_every_message_id_has_a_japanese_entry_with_the_same_fields(package: str) -> None:
    assert problems(package, "ja") == []


def test_a_missing_entry_and_a_changed_field_are_reported(tmp_path, monkeypatch) -> None:
    """The check itself can fail: an id without an entry, and a translation that renames a field."""
    import render.catalogue as catalogue

    root = tmp_path / "pkg"
    (root / "locale" / "ja" / "LC_MESSAGES").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "i18n.py").write_text(
        "from engine.core.i18n import domain\nmsg = domain(__package__).msg\n"
        'A = msg("Ship {good}.", good="corn")\nB = msg("Pass.")\n'
    )
    (root / "locale" / "ja" / "LC_MESSAGES" / "messages.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: ja\\n"\n\nmsgid "Ship {good}."\nmsgstr "{goods}を出荷。"\n',
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(catalogue, "_root", lambda: tmp_path)
    found = catalogue.problems("pkg", "ja")
    assert any("'Pass.'" in line and "missing" in line for line in found)
    assert any("'Ship {good}.'" in line and "fields ['goods'] should be ['good']" in line for line in found)


def test_a_message_is_translated_with_its_parameters() -> None:
    core = domain("engine.core")
    message = core.msg("{player} takes back their answer.", player="Ann")
    assert isinstance(message, Msg) and message == "Ann takes back their answer."
    assert tr(message, "ja") == "Annが回答を取り消しました。"
    assert translations("engine.core", "ja").gettext("The game is over.") == "ゲームは終了しています。"
