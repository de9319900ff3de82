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
    assert "hotseat rules\u00a0: erreur\u00a0: ces arguments sont obligatoires\u00a0: jeu" in err


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
        "hotseat\u00a0: Orcz se joue de\u00a02 à 4\u00a0joueurs (avec 1\u00a0joueur "
        "ordinateur)\u00a0: tapez les noms des personnes qui jouent, séparés par des virgules, "
        "par ex. Anne,Bruno,Chloé",
        "hotseat\u00a0: Orcz se joue de\u00a02 à 4\u00a0joueurs (avec 3\u00a0joueurs "
        "ordinateur)\u00a0: tapez les noms des personnes qui jouent, séparés par des virgules, "
        "par ex. Anne,Bruno,Chloé",
    ]


def test_an_abbreviated_lang_that_argparse_takes_is_obeyed(capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    assert main(["orcz", "--players", "Ann", "--la", "fr"]) == 2
    assert capsys.readouterr().err.startswith(
        "hotseat\u00a0: Orcz se joue de\u00a02 à 4\u00a0joueurs")


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


NBSP = "\u00a0"


@pytest.mark.parametrize(("text", "expected"), [
    ("Hal est le pirate le plus célèbre !", f"Hal est le pirate le plus célèbre{NBSP}!"),
    ("joués : aucune", f"joués{NBSP}: aucune"),
    ("Combat!", f"Combat{NBSP}!"),  # a space added where none was
    ("Gagnée ; perdue ?", f"Gagnée{NBSP}; perdue{NBSP}?"),
    ("«Quelqu'un joue une carte»", f"«{NBSP}Quelqu'un joue une carte{NBSP}»"),
    # the speed mark of the short forms, in bold, is no closing quote ("** »4**" shows the stars)
    ("| **»4** | vitesse 4", "| **»4** | vitesse 4"),
    ("- **Interdit dans un même rang :** un shaman", f"- **Interdit dans un même rang{NBSP}:** "
     "un shaman"),  # before a bold's end
    ("à « Quelqu'un joue ? » : **»** vitesse", f"à «{NBSP}Quelqu'un joue{NBSP}?{NBSP}»{NBSP}: "
     "**»** vitesse"),
    ("{name}: {path}", f"{{name}}{NBSP}: {{path}}"),
    ("%(prog)s: erreur: %(message)s", f"%(prog)s{NBSP}: erreur{NBSP}: %(message)s"),
    # no sentence's punctuation: a time, a URL, a key named "?" or ":"
    ("à 12:30, voir https://example.org", "à 12:30, voir https://example.org"),
    ("F1 (?) : l'aide", f"F1 (?){NBSP}: l'aide"),
    ("{when:%H:%M} ok", "{when:%H:%M} ok"),
])
def test_french_typography_is_applied_by_rule(text: str, expected: str) -> None:
    assert i18n.typeset(text) == expected
    assert i18n.typeset(expected) == expected  # once is enough: the catalog is kept typeset


def test_typography_never_touches_a_value_filled_in() -> None:
    """A name as typed, a path, a reason from the system: shown as they are, in French too."""
    i18n.set_language("fr")
    text = i18n._("{game}: {players} — {progress} ({when})")
    filled = text.format(game="Orcz", players="Zoé!, Bob :x", progress="tour 1", when="?")
    assert filled == f"Orcz{NBSP}: Zoé!, Bob :x — tour 1 (?)"
    i18n.set_language("en")
    english = "{game}: {players} — {progress} ({when})"
    assert i18n._(english) == english


@pytest.mark.parametrize(("name", "expected"), [
    ("Anne", "le rang d'Anne"), ("Étienne", "le rang d'Étienne"), ("Yves", "le rang d'Yves"),
    ("Hélène", "le rang d'Hélène"), ("Hugo", "le rang d'Hugo"),  # a mute h, as names have
    ("Bruno", "le rang de Bruno"),
    ("Haches naines", "le rang de Haches naines"),  # an aspirated h
    ("Hugues", "le rang de Hugues"), ("Hiboux", "le rang de Hiboux"),  # as grammars list them
    ("Hollandais Volant", "le rang de Hollandais Volant"), ("héros", "le rang de héros"),
    ("hasard, normal", "le rang de hasard, normal"),
])
def test_french_elides_before_a_vowel_and_a_mute_h(name: str, expected: str) -> None:
    assert i18n.French("le rang de {name}").format(name=name) == expected


def test_a_title_inside_a_french_sentence_lowers_its_article() -> None:
    assert i18n.in_sentence("La Crique des Pirates") == "La Crique des Pirates"  # English
    i18n.set_language("fr")
    assert [i18n.in_sentence(t) for t in ("La Crique des Pirates", "Orcz", "Liar's Dice")] == [
        "la Crique des Pirates", "Orcz", "Liar's Dice"]


def test_no_full_stop_follows_a_value_that_ends_its_own_sentence() -> None:
    said = i18n.French("{who} joue {card}. Puis {next}.")
    assert said.format(who="Bob", card="la carte Vent favorable\u00a0!", next="rien") == (
        "Bob joue la carte Vent favorable\u00a0! Puis rien.")
    assert said.format(who="Bob", card="la Mitraille", next="Ann ?") == (
        "Bob joue la Mitraille. Puis Ann ?")


def test_numbers_shares_and_dates_are_written_as_the_language_writes_them() -> None:
    i18n.set_language("fr")
    assert (i18n.decimal(2.0), i18n.percent(0.35), i18n.decimal(-1.5, sign=True)) == (
        "2,0", f"35,0{NBSP}%", "-1,5")
    assert i18n.quoted("chess") == f"«{NBSP}chess{NBSP}»"
    assert "/" in i18n.moment(0) and "-" not in i18n.moment(0)
    i18n.set_language("en")
    assert (i18n.decimal(2.0), i18n.percent(0.35), i18n.decimal(3.5, sign=True)) == (
        "2.0", "35.0%", "+3.5")
    assert i18n.quoted("chess") == "'chess'"
    assert i18n.moment(0)[4] == "-"  # ISO, as it always was


def test_levels_are_typed_in_french_or_in_english() -> None:
    from common.tui.names import parse_bots

    i18n.set_language("fr")
    assert parse_bots("fort,hasard,Normal,hard") == ["hard", "random", "normal", "hard"]
    with pytest.raises(ValueError, match="hasard, normal, fort"):
        parse_bots("fort,expert")
    i18n.set_language("en")
    assert parse_bots("hard,random") == ["hard", "random"]


def test_a_name_worded_with_its_article_contracts_after_de_and_a() -> None:
    """"contre le Roi des hommes", "la force du Roi des hommes", "aux Pillards"; a name a
    player typed is never changed ("de Le Chat")."""
    text = i18n.French("contre {enemy}, la force de {enemy}, à {enemy}, de {name}")
    assert text.format(enemy=i18n.Articled("le Roi des hommes"), name="Le Chat") == (
        "contre le Roi des hommes, la force du Roi des hommes, au Roi des hommes, de Le Chat")
    assert text.format(enemy=i18n.Articled("les Pillards"), name="Anne") == (
        "contre les Pillards, la force des Pillards, aux Pillards, d'Anne")
    assert text.format(enemy=i18n.Articled("la Milice"), name="Hélène") == (
        "contre la Milice, la force de la Milice, à la Milice, d'Hélène")


@pytest.mark.parametrize(("text", "expected"), [
    ("Enterrer 2 coffres", f"Enterrer 2{NBSP}coffres"),  # a number holds to its noun
    ("1 coup au but", f"1{NBSP}coup au but"),
    ("Échange de bordées nº 2.", f"Échange de bordées nº{NBSP}2."),  # a noun to its number
    ("dés 5 2, 1 coup", f"dés{NBSP}5 2, 1{NBSP}coup"),
    # one side only: the noun after the number first, so that held pieces stay short
    ("Le tour 1 commence", f"Le tour 1{NBSP}commence"),
    ("de 2 à 4 joueurs", f"de{NBSP}2 à 4{NBSP}joueurs"),
    ("Le mois 1 sur 12 commence", f"Le mois{NBSP}1 sur 12{NBSP}commence"),
    # a score and a time are held whole to their word, never split at their sign
    ("score 14–15", f"score{NBSP}14–15"), ("14–15 points", f"14–15{NBSP}points"),
    ("à 12:30 ce soir", f"à{NBSP}12:30 ce soir"),
    ("Manche 2 : fin", f"Manche{NBSP}2 : fin"),
    ("{count} coffres et {name} 3", "{count} coffres et {name} 3"),  # fields: at format time
])
def test_a_number_holds_to_its_word_by_rule(text: str, expected: str) -> None:
    assert i18n.held(text) == expected
    assert i18n.held(expected) == expected


def test_a_number_filled_in_holds_to_its_word_and_a_list_of_numbers_to_its_noun() -> None:
    """The values a French text is filled with: an int, or a list of numbers (dice), holds to
    its word; a name as typed, a date or a score is never touched."""
    i18n.set_language("fr")
    volley = i18n.French("{who} : dés {dice}, {hits}.")
    assert volley.format(who="Anne", dice="5 2 6", hits="1 coup") == (
        f"Anne : dés{NBSP}5{NBSP}2{NBSP}6, 1 coup.")
    counted = i18n.French("{count} coffres pour {who} le {when}")
    assert counted.format(count=3, who="Bob 2", when="06/12/2026 20:30") == (
        f"3{NBSP}coffres pour Bob 2 le 06/12/2026 20:30")
    assert i18n.French("{who} gagne {score} points").format(who="Zoé", score="14–15") == (
        "Zoé gagne 14–15 points")
    assert i18n.French("Manche {n} : {what}").format(n=2, what="fin") == f"Manche{NBSP}2 : fin"
    assert i18n.French("Anne a {flag} coffres").format(flag=True) == "Anne a True coffres"
