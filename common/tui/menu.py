"""The menu, the new-game form, the list of saves and the error screen (imported lazily).

Every game registered with the shell (``common.tui.gameui``) gets its menu entry and its form,
with the player range and the options its interface declares."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, OptionList, Static
from textual.widgets.option_list import Option

from common.errors import IllegalAction, SaveError
from common.i18n import N_, _, moment, system_reason
from common.registry import GameLoadError
from common.save import Summary, copy_of_another, summary_of
from common.session import GameSession, list_saves
from common.storage import lock_path, previous_of
from common.tui import __version__
from common.tui.footer import Footer
from common.tui.gameui import GameUI, all_uis, problems, ui_for
from common.tui.help import rules_screen
from common.tui.messages import StartGame
from common.tui.names import parse_seed, parse_table
from common.tui.numbered import NumberedList, numbered
from common.tui.settings import set_tips, settings_notice, tips_on
from common.tui.small import TooSmall
from common.words import shown


class MenuScreen(Screen[None]):
    # q quits here too, unshown: the app's ^c Quit is on the bar already (one Quit, not two)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "app.quit_saved", N_("Quit"), show=False)]

    def compose(self) -> ComposeResult:
        uis = all_uis()
        yield TooSmall()
        with Vertical(classes="body", id="menu-box"):
            yield Static(f"hotseat {__version__} — " + _("board games passed around one terminal"),
                         id="menu-title")
            entries = [
                # NOTE: of_game is "of" and the game's name: "of Orcz".
                *((_("New game {of_game} ({players})").format(of_game=ui.title_of,
                                                               players=ui.players_hint()),
                   f"new:{ui.name}") for ui in uis),
                (_("Resume a saved game"), "resume"),
                (_("Learn to play (lessons on a real board)"), "learn"),
                *((_("Rules {of_game}").format(of_game=ui.title_of), f"help:{ui.name}")
                  for ui in uis),
                (tips_label(tips_on()), "tips"),
                (_("Quit"), "quit"),
            ]
            yield NumberedList(
                *(Option(numbered(i, label, len(entries)), id=key)
                  for i, (label, key) in enumerate(entries)),
                # A game that failed to load is said, not offered (common/registry.py).
                *(Option(Text(_("Not available: {reason}").format(reason=why)), disabled=True)
                  for why in problems()),
                id="menu",
            )
        yield Footer(classes="body", compact=True)

    def on_mount(self) -> None:
        problem = settings_notice()  # a settings file the player linked in, that is not used
        if problem:
            self.notify(problem, title=_("Settings"), severity="warning", markup=False,
                        timeout=15)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = str(event.option.id)
        what, _sep, game = choice.partition(":")
        if what == "new":
            self.app.push_screen(NewGameScreen(ui_for(game)))
        elif what == "help":
            self.app.push_screen(rules_screen(ui_for(game)))
        elif choice == "learn":
            from common.tui.learn import LearnGamesScreen  # deferred: lessons load when asked

            self.app.push_screen(LearnGamesScreen())
        elif choice == "resume":
            self.app.push_screen(ResumeScreen())
        elif choice == "tips":
            self.toggle_tips(event.option_index)
        elif choice == "quit":
            self.app.exit(0)

    def toggle_tips(self, index: int) -> None:
        """Tips in real games on or off; the setting is kept for later runs."""
        on = not tips_on()
        if not set_tips(on):
            self.notify(_("The setting cannot be saved in the data folder."),
                        severity="warning", markup=False)
            return
        self.query_one("#menu", OptionList).replace_option_prompt("tips",
                                                                  numbered(index, tips_label(on)))


def tips_label(on: bool) -> str:
    """The menu's line of the tips setting: what it is, and what Enter does."""
    return (_("Tips in games: on (Enter: off)") if on else
            _("Tips in games: off (Enter: on)"))


class NewGameScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", N_("Back"))]

    def __init__(self, ui: GameUI) -> None:
        super().__init__()
        self.ui = ui

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="newgame"):
            yield Static(_("New game {of_game} — {players}").format(
                of_game=self.ui.title_of, players=self.ui.players_hint()), id="menu-title")
            yield Input(placeholder=_("Player names, e.g. Ann, Bob, Cid"), id="players")
            yield Input(placeholder=_("Computer players (optional): 2, or hard,normal"),
                        id="bots")
            yield Input(placeholder=_("Seed (optional, a whole number)"), id="seed")
            for option in self.ui.options:
                yield Checkbox(_(option.label), id=f"opt-{option.name}")
            yield Button(_("Start"), id="start", variant="primary")
            yield Static("", id="newgame-error")
        yield Footer(classes="body", compact=True)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.start()

    def start(self) -> None:
        error = self.query_one("#newgame-error", Static)
        core = self.ui.core
        try:
            names, bots = parse_table(self.query_one("#players", Input).value,
                                      self.query_one("#bots", Input).value, core)
        except ValueError as err:
            error.update(Text(shown(err)))
            return
        raw = self.query_one("#seed", Input).value.strip()
        try:
            seed = parse_seed(raw) if raw else random.SystemRandom().randrange(1, 10**9)
        except ValueError as err:
            error.update(Text(_("{reason} (or left empty).").format(
                reason=str(err).capitalize())))
            return
        options = {o.name: True for o in self.ui.options
                   if self.query_one(f"#opt-{o.name}", Checkbox).value}
        try:
            session = GameSession.new(self.ui.name, names, seed, options, bots=bots)
        except (IllegalAction, SaveError, OSError) as err:
            error.update(Text(_("The game cannot start: {reason}").format(reason=shown(err))))
            return
        self.app.pop_screen()
        # after the pop: a curtain's answer goes to the screen below it, which must stay
        self.app.post_message(StartGame(session))


class ResumeScreen(Screen[None]):
    """The saves, newest first: players, game, how far it went, or "finished"."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("d,delete", "delete", N_("Delete a finished game"), id="saves.delete"),
    ]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="newgame"):
            yield Static(_("Resume a saved game (the most recent first)"), id="menu-title")
            yield Static("", id="saves-empty")
            yield NumberedList(id="saves")
        yield Footer(classes="body", compact=True)

    def on_mount(self) -> None:
        self.finished: set[str] = set()
        self.fill()

    def fill(self) -> None:
        saves = self.query_one("#saves", OptionList)
        saves.clear_options()
        self.finished.clear()
        listed = list_saves()[:MAX_LISTED]
        for index, path in enumerate(listed):
            words, over = describe_save(path)
            if over:
                self.finished.add(str(path))
            label = numbered(index, Text(shown(words)), len(listed))  # a save's own words, as text
            saves.add_option(Option(label, id=str(path)))
        self.query_one("#saves-empty", Static).update(
            "" if saves.option_count else _("No saved game yet."))
        if saves.option_count:
            saves.highlighted = 0
            saves.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        path = Path(str(event.option.id))
        try:
            session = GameSession.load(path)
        except (SaveError, GameLoadError) as err:  # its game no longer loads: said too
            self.app.push_screen(ErrorScreen(_("{path} cannot be resumed: {error}").format(
                path=path.name, error=err)))
            return
        self.app.pop_screen()
        # after the pop: a curtain's answer goes to the screen below it, which must stay
        self.app.post_message(StartGame(session))

    def action_delete(self) -> None:
        saves = self.query_one("#saves", OptionList)
        index = saves.highlighted
        if index is None:
            return
        path = str(saves.get_option_at_index(index).id)
        if path not in self.finished:
            self.notify(_("Only a finished game can be deleted here."), severity="warning",
                        markup=False)
            return
        try:
            Path(path).unlink()
            lock_path(Path(path)).unlink(missing_ok=True)
            previous_of(Path(path)).unlink(missing_ok=True)
        except OSError as err:
            self.notify(_("It could not be deleted: {reason}").format(
                reason=shown(system_reason(err))), severity="error", markup=False)
            return
        self.notify(_("The finished game was deleted."), markup=False)
        self.fill()


MAX_LISTED = 40
# How far a game went, by the stage a save keeps (``common.engine.stage``): while under way, and
# before the first. A game words its own stages (``GameUI.stage_words``), with no edit here; a
# stage without words shows the English words saved with it.
STAGE_WORDS = {"round": (N_("round {now} of {total}"), N_("before round 1")),
               "month": (N_("month {now} of {total}"), N_("before month 1"))}


def stage_words_of(game: str) -> dict[str, tuple[str, str]]:
    """The words of each stage of ``game``: the shell's, and the game's own (``GameUI``)."""
    words = dict(STAGE_WORDS)
    with contextlib.suppress(KeyError, GameLoadError):  # a game no longer installed: the shell's
        words.update((key, (during, before)) for key, during, before in ui_for(game).stage_words)
    return words


def progress_words(summary: Summary) -> str:
    """How far a saved game went, in the language in use; a save written before stages were saved
    keeps its English words (it has no stage), and so does a stage nobody words."""
    if summary.over:
        return _("finished")
    words = stage_words_of(summary.game) if summary.stage is not None else {}
    if summary.stage is not None and summary.stage[0] in words:
        word, now, total = summary.stage
        during, before = words[word]
        return _(during).format(now=now, total=total) if now else _(before)
    return summary.progress or _("saved by an older hotseat")


def describe_save(path: Path) -> tuple[str, bool]:
    """A save in words — game, players, how far it went (or finished), when — and whether the
    game is over."""
    when = _when(path)
    damaged = ""
    try:
        summary = summary_of(path)  # never a replay: the list must stay quick
    except SaveError:
        try:  # resuming it takes the copy kept before its last save, of the same game only
            summary = summary_of(previous_of(path))
            if copy_of_another(path, summary):
                raise SaveError(path.name)
        except SaveError:
            return _("{file} — cannot be read ({when})").format(file=path.name, when=when), False
        damaged = _(", damaged: resumes from the copy before its last move")
    progress = progress_words(summary) + damaged
    try:
        title = ui_for(summary.game).title
    except (KeyError, GameLoadError):  # a game no longer installed, or broken: its name
        title = summary.game
    return (_("{game}: {players} — {progress} ({when})").format(
        game=title, players=", ".join(summary.players), progress=progress,
        when=when), summary.over)


def _when(path: Path) -> str:
    try:
        return moment(path.stat().st_mtime)  # the language's own date: 06/12/2026 in French
    except OSError:
        return "?"


class ErrorScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape", "app.pop_screen", N_("OK"))]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body", id="newgame"):
            yield Static(_("This save cannot be loaded"), id="menu-title")
            yield Static(Text(shown(self.text)), id="error-text")
            yield Static(_("Press Enter to go back to the menu."))
        yield Footer(classes="body", compact=True)
