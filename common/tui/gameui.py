"""What a game's interface registers with the shell (no Textual import: the menu and the command
line read it before any screen is built).

Each game package has a ``ui`` sub-package whose ``__init__`` defines ``UI = GameUI(...)``. The
shell finds it through the game's registration (``common.registry``: ``GameEntry.ui`` names the
module), so a third game needs only its rules package, its ``ui/`` and its line in
``pyproject.toml``: the menu, ``hotseat GAME --players …``, resume, review, the end screen, undo,
autosave and the log panel are the shell's.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from common.engine import GameModule, get_game
from common.i18n import ENGLISH, _, language
from common.registry import GAMES, GameLoadError
from common.tui.keymap import key, shell_keymap


@dataclass(frozen=True)
class OptionSpec:
    """One option of ``new_game``: a checkbox on the new-game form, a ``--flag`` on the command
    line. Only on/off options exist so far."""

    name: str  # the keyword of new_game
    flag: str  # the command-line flag, e.g. "--challenge"
    label: str  # the form's and the help's words


class ScoreSeries(NamedTuple):
    """A score through a game, for the end screen's chart: ``rows[seat][i]`` is the seat's score
    at the point ``labels[i]`` (e.g. the end of a month)."""

    title: str  # e.g. "Fame, month by month"
    labels: list[str]
    rows: list[list[int]]


@dataclass(frozen=True)
class GameUI:
    """A game's interface, as the shell sees it.

    ``table`` is ``"module:Class"``, imported only when a game is shown: a subclass of
    ``common.tui.table.TableScreen`` that gives the table the game's part
    (``common.tui.table_game.TableGame``) and whose ``BINDINGS`` are the game's own keys.
    ``css`` is the game's stylesheet (a ``.tcss`` path, its rules scoped to its table class),
    loaded with the app. ``curtain_keys`` are out-of-turn keys that work at a curtain too, as
    (key, word) pairs: the curtain hands the word to the game's part, ``out_of_turn``.
    ``acting_keys`` are the table's own key actions that make a move without the panel (out of
    turn, or a shortcut to a choice): a lesson's read step, or the others' moves it plays,
    waits for Enter alone.
    """

    name: str
    css: Path
    keys_markdown: str
    table: str
    options: tuple[OptionSpec, ...] = ()
    curtain_keys: tuple[tuple[str, str], ...] = ()  # out-of-turn keys a curtain passes on
    acting_keys: frozenset[str] = frozenset()  # e.g. "scout": the action of a table binding
    # "module:function" reading a ScoreSeries from the public log's entries (and the seats'
    # count); "": the game has no chart
    series: str = ""
    # the abbreviations the table shows, in words (markdown), for the glossary key (g)
    glossary_markdown: str = ""
    # "module:NAME" of the game's tips in real games (a common.tui.tips.GameTips); "": none
    tips: str = ""
    # How the list of saves words the game's own stages (its ``summary`` hook's
    # ``common.engine.stage`` keys): (key, words while under way, words before the first), the
    # words marked with N_ and filled with {now} and {total}; e.g. ("turn", N_("turn {now}"),
    # N_("before the first turn")) for an open-ended game. "round" and "month" have the shell's.
    stage_words: tuple[tuple[str, str, str], ...] = ()
    # The game's keys in another language: (language, binding id, keys), e.g. ("fr",
    # "orcz.hold", "r") for "rester" (``common.tui.keymap``). A curtain key's binding id is the
    # game's name and its word ("orcz.scout"), so that the curtain takes the same letter.
    keymaps: tuple[tuple[str, str, str], ...] = ()

    def keymap(self, code: str | None = None) -> dict[str, str]:
        """The game's keymap in ``code`` (default: the language in use)."""
        wanted = code or language()
        return {binding: keys for lang, binding, keys in self.keymaps if lang == wanted}

    def curtain_keymap(self) -> dict[str, str]:
        """The out-of-turn keys a curtain passes on, in the language in use: key → word."""
        mapped = self.keymap()
        return {key(f"{self.name}.{word}", english, mapped): word
                for english, word in self.curtain_keys}

    @property
    def core(self) -> GameModule:
        return get_game(self.name)

    @property
    def help_docs(self) -> tuple[str, ...]:
        """The documents the help screen shows after the keys: the game's rules and rulings."""
        docs = GAMES[self.name].docs
        return (docs.rules, docs.rulings)

    # The cores stay language-free: each game's ``ui/words.py`` marks its title and the title's
    # "of" form for the catalog, and the interface words them here.
    @property
    def title(self) -> str:
        """The game's name in the language in use."""
        return _(self.core.TITLE)

    @property
    def title_of(self) -> str:
        """"of" and the game's name ("of Orcz"): French elides it ("d'Orcz"). A game from
        outside hotseat has no such text in hotseat's catalog: the general form words it."""
        own = f"of {self.core.TITLE}"
        said = _(own)
        if said == own and language() != ENGLISH:
            return _("of {title}").format(title=self.title)
        return said

    def players_hint(self) -> str:
        core = self.core
        return _("{low} to {high} players").format(low=core.MIN_PLAYERS, high=core.MAX_PLAYERS)

    def score_series(self, log: list[dict[str, Any]], seats: int) -> ScoreSeries | None:
        """The game's score through the public ``log``, or None (no chart, or too short)."""
        if not self.series:
            return None
        module, _, name = self.series.partition(":")
        series: ScoreSeries | None = getattr(importlib.import_module(module), name)(log, seats)
        return series

    def table_class(self) -> type[Any]:
        module, _, name = self.table.partition(":")
        cls: type[Any] = getattr(importlib.import_module(module), name)
        return cls

    def new_table(self, session: Any, *, review: bool = False) -> Any:
        """The game's table screen on ``session``; with ``review``, its review (every secret
        revealed, the end screen's ``r``). The one place a table is made: the shell's, the end
        screen's and a remote seat's all come here."""
        return self.table_class()(session, review=review)


def ui_for(name: str) -> GameUI:
    """The interface registered for the game ``name``; ``KeyError`` for an unknown game or one
    without an interface, ``GameLoadError`` for one that fails to load."""
    entry = GAMES[name]
    if not entry.ui:
        raise KeyError(f"the game {name!r} has no interface")
    try:
        ui: GameUI = importlib.import_module(entry.ui).UI
    except (ImportError, AttributeError) as err:
        raise GameLoadError(f"the interface of {name!r} ({entry.ui}) failed to load: {err}") \
            from err
    return ui


def stylesheets() -> list[Path]:
    """Every game's stylesheet, ``GAME.tcss`` in its interface's folder, found without importing
    the interface (the app loads them all at start)."""
    out = []
    for entry in GAMES.working():
        spec = importlib.util.find_spec(entry.ui) if entry.ui else None
        for folder in (spec.submodule_search_locations or []) if spec else []:
            css = Path(folder) / f"{entry.name}.tcss"
            if css.is_file():
                out.append(css)
                break
    return out


def all_uis() -> list[GameUI]:
    """Every game with an interface that loads, in the order of their names; ``problems()``
    says what kept the others out."""
    out = []
    _ui_problems.clear()
    for entry in GAMES.working():
        try:
            out.append(ui_for(entry.name))
        except GameLoadError as err:
            _ui_problems[entry.name] = str(err)
        except KeyError:
            continue  # a rules core without an interface yet
    return out


_ui_problems: dict[str, str] = {}


def keymap_in_use() -> dict[str, str]:
    """Every key the language in use gives another letter, the shell's and every game's:
    binding id → keys (Textual's ``App.set_keymap``)."""
    out = shell_keymap()
    for ui in all_uis():
        out.update(ui.keymap())
    return out


def key_of(english: str, binding_id: str | None) -> str:
    """The key of a binding (its English ``key`` and its ``id``) in the language in use."""
    return key(binding_id, english, keymap_in_use()) if binding_id else english.split(",")[0]


def problems() -> list[str]:
    """Why each registered game that does not load was left out (after ``all_uis``), for the
    menu to say."""
    return [*GAMES.problems(), *_ui_problems.values()]
