"""The language of the interface: ``--lang`` first, else the locale as gettext reads
it, else English; an unknown language is English, quietly. The command's own words (its help,
argparse's errors, its messages) follow it."""

from __future__ import annotations

import pytest

from common import i18n
from common.tui.cli import lang_of, main

PASS = "Pass the terminal to {name} — press Enter when only {name} can see."


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "fr_CA"}, "fr"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),  # no German catalog: English, quietly
    ({}, "en"),
    ({"LANG": "en_US.UTF-8", "LC_ALL": "fr_BE.UTF-8"}, "fr"),  # LC_ALL wins over LANG
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "fr_FR"}, "fr"),
    ({"LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "en_US"}, "fr"),
    ({"LANG": "en_US.UTF-8", "LANGUAGE": "de:fr:en"}, "fr"),  # the first spoken one
    ({"LANG": "fr_FR.UTF-8", "LANGUAGE": "en"}, "en"),
    ({"LC_ALL": "C", "LANGUAGE": "fr"}, "en"),  # a C locale ignores LANGUAGE, as gettext does
    ({"LANG": "C.UTF-8"}, "en"),
])
def test_the_locale_chooses_the_language(environ: dict[str, str], expected: str) -> None:
    assert i18n.from_environment(environ) == expected


def test_an_unknown_language_is_english_quietly(capsys: pytest.CaptureFixture[str]) -> None:
    assert i18n.set_language("fr") == "fr"
    assert i18n.set_language("klingon") == "en"
    assert i18n._(PASS) == PASS
    assert capsys.readouterr() == ("", "")


def test_french_words_a_curtain_with_the_name_as_typed() -> None:
    i18n.set_language("fr")
    assert i18n._(PASS).format(name="[b]Zoé[/b]") == (
        "Passez le terminal à [b]Zoé[/b] — appuyez sur Entrée quand l'écran n'est visible que "
        "par [b]Zoé[/b].")  # "que par": no elision to get wrong before Anne or Zoé


@pytest.mark.parametrize(("argv", "expected"), [
    (["--lang", "fr"], "fr"),
    (["--lang=fr", "rules", "orcz"], "fr"),
    (["orcz", "--players", "Ann,Bob", "--lang", "fr"], "fr"),  # after the command too
    (["resume", "--", "--lang", "fr"], None),  # a file named --lang after "--"
    (["rules", "orcz"], None),
])
def test_lang_is_read_before_the_parser_is_built(argv: list[str], expected: str | None) -> None:
    assert lang_of(argv) == expected


def test_the_help_is_in_french_with_lang_fr(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as end:
        main(["--lang", "fr", "--help"])
    assert end.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("utilisation\u00a0: hotseat ")
    assert "commencer une nouvelle partie d'Orcz" in out
    assert "commencer une nouvelle partie de la Crique des Pirates" in out
    assert "afficher cette aide et quitter" in out


def test_argparse_errors_follow_the_locale(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    with pytest.raises(SystemExit) as end:
        main(["rules"])
    assert end.value.code == 2
    err = capsys.readouterr().err
    assert "hotseat rules\u00a0: erreur\u00a0: ces arguments sont obligatoires\u00a0: game" in err


def test_lang_en_wins_over_a_french_locale(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert main(["orcz", "--players", "Ann", "--lang", "en"]) == 2
    assert capsys.readouterr().err == (
        "hotseat: Orcz is for 2 to 4 players: type the names of the people playing, separated "
        "by commas, e.g. Ann,Bob,Cid\n")


def test_a_refused_table_is_said_in_french_with_plurals(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    """The form's reason, in French, with "1 joueur ordinateur" and "3 joueurs ordinateur"."""
    assert main(["--lang", "fr", "orcz", "--players", "Ann,Bob,Cid,Dan", "--bots", "1"]) == 2
    assert main(["--lang", "fr", "orcz", "--players", "Ann,Bob", "--bots", "3"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "hotseat: Orcz se joue de 2 à 4 joueurs (avec 1 joueur ordinateur)\u00a0: tapez les noms "
        "des personnes qui jouent, séparés par des virgules, par ex. Ann,Bob,Cid",
        "hotseat: Orcz se joue de 2 à 4 joueurs (avec 3 joueurs ordinateur)\u00a0: tapez les noms "
        "des personnes qui jouent, séparés par des virgules, par ex. Ann,Bob,Cid",
    ]


def test_an_abbreviated_lang_that_argparse_takes_is_obeyed(capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    assert main(["orcz", "--players", "Ann", "--la", "fr"]) == 2
    assert capsys.readouterr().err.startswith("hotseat: Orcz se joue de 2 à 4 joueurs")


def test_french_elides_de_and_que_before_a_vowel_and_leaves_the_name_as_typed() -> None:
    i18n.set_language("fr")
    rank = i18n._("{name} attacks {target}'s rank.")
    assert rank.format(name="Bob", target="Anne") == "Bob attaque le rang d'Anne."
    assert rank.format(name="Bob", target="Zoé") == "Bob attaque le rang de Zoé."
    assert rank.format(name="Bob", target="Éric") == "Bob attaque le rang d'Éric."
    assert rank.format(name="Bob", target="[b]Ann[/b]") == "Bob attaque le rang de [b]Ann[/b]."
    i18n.set_language("en")
    assert i18n._("{name} attacks {target}'s rank.").format(
        name="Bob", target="Anne") == "Bob attacks Anne's rank."
