"""An Orcz table in French at 80×24: the battlefields, the cards, the log's fights
and payments and a refusal's ✗ reason are in the seed's French words, with no English word of
the Orcz interface left, and nothing is cut."""

from __future__ import annotations

import random
import re

import pytest
from textual.widgets import Static

from common import i18n
from common.session import GameSession
from common.tui.app import HotseatApp
from common.tui.log_panel import LogPanel
from orcz.ui.picker import DeployPicker
from orcz.ui.screens import OrczTable
from tests.tui.driver import keys, sync
from tests.tui.orcz.test_table_fit import open_panel, session_until

NAMES = ["Ann", "Bob", "Cid"]
# English words of the Orcz interface (its names, cards, log and panels), whole words
ENGLISH = re.compile(
    r"\b(Round|Event|need|stack|aside|strength|Infantry|Cavalry|Forest|Valley|Kingdom|Desert|"
    r"Thirst|Behind|screen|goblins?|spent|none|nothing|places|Choose|Place|rank|left|"
    r"right|revealed|begins|first|player|battlefield|attacks|routs|pays|receives|wins|lost|"
    r"won|bank|Strongest|the|and|of|is)\b")


def lines_of(app: HotseatApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def panel_text(lines: list[str]) -> str:
    """The private panel's text as the screen shows it (left of the log), lines joined."""
    inside = [line[1:line.index("││")].strip() for line in lines
              if line.startswith("│") and "││" in line]
    return re.sub(r"[^\S\u00a0]+", " ", " ".join(inside)).strip()  # keeps no-break spaces


def orcz_words(game: OrczTable) -> str:
    """Everything the Orcz interface draws on the table: the top lines, the status, the
    battlefields, the private panel and the log (the shell's frames and key bar are not)."""
    parts = [str(game.query_one(selector, Static).render())
             for selector in ("#info", "#status", "#hand", "#prompt", "#message")]
    parts += [str(widget.render()) for widget in game.query(".field-head, .field")]
    parts += [str(game.picker.prompt())] if game.picker else []
    parts += [choice.label for choice in game.picker.choices()] if game.picker else []
    parts.append(game.query_one(LogPanel).plain_text())
    return "\n".join(parts)


@sync
async def test_a_french_table_names_the_battlefields_cards_and_a_refusal_in_french() -> None:
    i18n.set_language("fr")
    app = HotseatApp(GameSession.new("orcz", NAMES, 7))
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_panel(app, pilot)
        lines = lines_of(app)
        screen = "\n".join(lines)
        assert lines[0].strip().startswith("Tour\u00a01/3 · 1er\u00a0: ")
        assert "Événement\u00a0: " in screen
        assert "Lothari" in screen and "Soif" in screen and "requis\u00a0" in screen
        assert "Où placer votre rang\u00a0?" in panel_text(lines)
        await keys(pilot, "1", "5")  # Lothari, then Archer 1 as the LEFT card
        assert isinstance(game.picker, DeployPicker) and game.picker.step == "right"
        assert "Infanterie\u00a01" in panel_text(lines_of(app))
        await keys(pilot, "6")  # Archer 2 beside it: the rank rule says no
        reason = "✗ deux archers ne peuvent pas être dans le même rang"
        assert reason in panel_text(lines_of(app))  # whole, wrapped or not
        assert ENGLISH.findall(orcz_words(game)) == []
        assert "…" not in "\n".join(lines_of(app)[:17])  # the top lines and the board, whole


@pytest.mark.parametrize(("kind", "seed", "words"), [
    ("fight", 3, ["attaquer (a) ou rester (r)\u00a0?", "Attaquer le rang de devant",
                  "Rester\u00a0: de côté pour la bataille", "peut attaquer "]),
    ("impose", 11, ["à la banque\u00a0?", "Ne rien imposer",
                    "n, dernière ligne\u00a0: ne rien imposer",
                    "↑↓ joueur · ←→ ou +/− part · Entrée\u00a0: valider"]),
])
@sync
async def test_the_public_decisions_fit_the_panel_in_french(kind: str, seed: int,
                                                           words: list[str]) -> None:
    """A fight and an imposed payment, at the public table: every line of the panel whole."""
    i18n.set_language("fr")
    app = HotseatApp(session_until(kind, seed))
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_panel(app, pilot)
        lines = lines_of(app)
        panel = panel_text(lines)
        assert [w for w in words if w not in panel] == []
        bottom = [n for n, line in enumerate(lines) if line.startswith("╭")][-1]
        panel_rows = [line[:line.index("││")] for line in lines[bottom + 1:] if "││" in line]
        assert "…" not in "\n".join(panel_rows)  # (the key bar may take two lines below)
        assert ENGLISH.findall(orcz_words(game)) == []


def session_after_round_one(seed: int) -> GameSession:
    """A game played at random (no scouts) to the start of round 2."""
    rnd = random.Random(seed)
    session = GameSession.new("orcz", NAMES, seed)
    while session.view(None)["round"] < 2:
        seat = session.to_act()[0]
        session.apply(rnd.choice([a for a in session.legal(seat)
                                  if type(a).__name__ != "Scout"]))
    return session


@sync
async def test_the_french_log_tells_the_fights_and_payments_in_french() -> None:
    i18n.set_language("fr")
    session = session_after_round_one(3)
    kinds = {entry["kind"] for entry in session.view(None)["log"]}
    assert {"fight_outcome", "payment", "battle", "wing"} <= kinds
    app = HotseatApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_panel(app, pilot)
        log = game.query_one(LogPanel).plain_text()
        text = re.sub(r"[^\S\u00a0]+", " ", log)
        assert "Fin du tour\u00a01." in text and "Le tour 2\u00a0commence" in text
        assert re.search(r"aile (gauche|droite)\u00a0: \S+[ \u00a0]?\d? ?contre ", text)
        assert re.search(r"(met en déroute|mis(es)? de côté)", text)  # the fight's outcome
        assert re.search(r"(paie|reçoit) \d+\u00a0gobelins?", text)  # a payment
        assert "bataille gagnée" in text or "bataille perdue" in text
        assert ENGLISH.findall(orcz_words(game)) == []
        # the log panel pages back through it all at 80×24: each line wraps, none is cut
        await keys(pilot, "pageup")
        assert "…" not in panel_log(lines_of(app))


def panel_log(lines: list[str]) -> str:
    """The log panel's lines on the screen (the bottom row, right of the private panel)."""
    bottom = [n for n, line in enumerate(lines) if line.startswith("╭")][-1]
    return "\n".join(line[line.index("││") + 2:] for line in lines[bottom:] if "││" in line)


def test_the_stop_list_catches_the_english_table() -> None:
    assert ENGLISH.findall("Round 1/3 · first: Ann") == ["Round", "first"]
    assert ENGLISH.findall("Tour 1/3 · 1er\u00a0: Ann · Infanterie 3 · Soif") == []
