"""The games the shell knows, found through the entry point group ``hotseat.games``.

Each game package declares one ``GameEntry`` (what the shell needs from it: its rules core, its
interface, its rule documents, its simulation figures, its OpenSpiel name) and names it in its
``pyproject.toml``::

    [project.entry-points."hotseat.games"]
    mygame = "mygame:GAME"

So a new game is a folder and that one line: nothing in ``common/`` names a game.

Two safeguards (docs/architecture.md, "The registry of games"):

- An entry point that fails to import, or that is no ``GameEntry``, is left out with a message
  (``problems()``) for the menu to show: one broken game never stops the others.
- A source checkout's own ``pyproject.toml`` (beside ``common/``) is read too, and wins over the
  installed metadata: an editable install made before a game's line was added, whose metadata
  is stale, still finds every game of the checkout.
"""

from __future__ import annotations

import contextlib
import importlib
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

from common.i18n import _, held, typeset

GROUP = "hotseat.games"
# The parts of the engine contract (common.engine.GameModule) a game's core must have: a game
# that lacks one is refused when it is loaded, with a message that names what is missing.
REQUIRED = ("NAME", "TITLE", "MIN_PLAYERS", "MAX_PLAYERS", "new_game", "to_act",
            "legal_actions", "apply", "actor", "may_undo", "view", "events", "is_over", "result",
            "action_to_json", "action_from_json")
PROJECT = "hotseat"  # the project whose pyproject.toml a checkout's games are read from


@dataclass(frozen=True)
class RuleDocs:
    """A game's rules text and rulings and the letter of its rule ids (``O`` in ``O:fights`` and
    ``O-R7``), which lessons cite. The files are read from the game's own package folder
    (``read_doc``)."""

    letter: str
    rules: str
    rulings: str


@dataclass(frozen=True)
class Figures:
    """What ``hotseat simulate`` reports for a game besides wins, points and length.

    ``stage`` (e.g. "round"): the game goes in stages, each with its own order of play;
    ``stages`` ("module:Class") then watches a game and tells each stage's first seat and every
    seat's points won in it (``common.simulate.StageWatch``), and the figures are the win rate
    and the points won by position in each stage's order. Without a stage, the figures are each
    seat's share of the games it finished at each place of ``result(state)["standings"]``.
    ``nobody_won`` names the games nobody won (e.g. "collective defeat"), counted apart; "": the
    game has none.
    """

    points: str  # the word for a seat's points, e.g. "fame"
    stage: str = ""
    stages: str = ""
    nobody_won: str = ""


@dataclass(frozen=True)
class GameEntry:
    """A game as the shell finds it (each game package's ``GAME``)."""

    name: str  # its id: in saves, on the command line, in lessons' files
    core: str  # the module with the engine contract (common.engine.GameModule)
    docs: RuleDocs
    figures: Figures
    openspiel: str  # its OpenSpiel short name, e.g. "python_hotseat_mygame"
    ui: str = ""  # the module whose ``UI`` is its interface (common.tui.gameui); "": none yet
    # The one wording of its log, "module:function" taking (entry, players) to a line in the
    # language in use (common.entries.log_lines); "": its entries carry their own ``text``.
    # A module that imports no Textual: headless users (playthroughs, lessons) word logs too.
    words: str = ""
    # Computer players (common.bots.GameBots): the module of its heuristic, and the module whose
    # ``sample`` draws the worlds a seat cannot tell apart; "": the game has none yet (its bot
    # seats play ``random`` only; no OpenSpiel game).
    bots: str = ""
    sampler: str = ""
    # Whether a seat may not know something another seat, or nobody, knows: hands, hidden dice,
    # secret choices. A game with hidden information registers its ``sampler``, which
    # ``common.conformance.check_game`` runs by default; a game without (``hidden=False``) is
    # checked for that instead: every seat sees what the spectator sees.
    hidden: bool = True

    @property
    def has_bots(self) -> bool:
        """A heuristic and a sampler: every level, and an OpenSpiel game (``GameBots.levels``
        says which levels a game without them plays)."""
        return bool(self.bots and self.sampler)


class GameLoadError(ImportError):
    """A registered game that could not be loaded: its message says which and why."""


def _checkout_points() -> list[EntryPoint]:
    """The entry points of the source checkout this ``common`` runs from, if any."""
    path = Path(__file__).resolve().parents[1] / "pyproject.toml"
    try:
        project = tomllib.loads(path.read_text(encoding="utf-8")).get("project", {})
    except (OSError, ValueError):
        return []
    if project.get("name") != PROJECT:
        return []
    table = project.get("entry-points", {}).get(GROUP, {})
    return [EntryPoint(name, value, GROUP) for name, value in table.items()]


def package_dirs(package: str) -> list[Path]:
    """The folders of a package: an editable install's import hook is refused by
    ``importlib.resources`` on Python 3.11, so the module's own paths are used too."""
    folders: list[Path] = []
    with contextlib.suppress(ModuleNotFoundError, TypeError, ValueError):
        folders.append(Path(str(resources.files(package))))
    try:
        module = importlib.import_module(package)
        folders += [Path(p) for p in getattr(module, "__path__", [])]
    except ImportError:
        pass
    return [f for f in folders if f.is_dir()]


def read_doc(name: str, game: str = "", language: str = "en") -> str:
    """The text of the document ``name`` from the folder of ``game``'s rules core: a game ships
    its rules text and rulings in its own package (the repository's docs/ links to them). In
    another ``language`` than English, its translation ``<stem>.<language>.md`` when the game
    ships one, else the English text. ``FileNotFoundError`` when it has none."""
    folders = package_dirs(GAMES[game].core) if game else []
    names = [name]
    if language != "en" and name.endswith(".md"):
        names.insert(0, f"{name[:-len('.md')]}.{language}.md")
    for candidate in names:
        for folder in folders:
            path = folder / candidate
            if path.is_file():
                # French typography by rule, as for the catalog's texts (common.i18n.typeset,
                # and a number held to its word: common.i18n.held)
                text = path.read_text(encoding="utf-8")
                return held(typeset(text)) if candidate != name and language == "fr" else text
    raise FileNotFoundError(_("the rules text {name} is not installed").format(name=name))


def missing_parts(core: object) -> list[str]:
    """The required parts of the contract that the module ``core`` lacks (a call that is no
    function counts as missing)."""
    return [name for name in REQUIRED if not hasattr(core, name)
            or (not name.isupper() and not callable(getattr(core, name)))]


def _core_problem(entry: GameEntry) -> str:
    """Why the rules core of ``entry`` cannot be played ("": it can)."""
    try:
        core = importlib.import_module(entry.core)
    except Exception as err:  # any failure of a game's own import is that game's problem
        return f"has a rules core {entry.core!r} that failed to load: {err}"
    missing = missing_parts(core)
    if missing:
        return (f"has a rules core {entry.core!r} that lacks part of the engine contract: "
                f"{', '.join(missing)}")
    return ""


class Registry(Mapping[str, GameEntry]):
    """Every registered game by name, read once from the entry points; a game is imported only
    when it is first asked for."""

    def __init__(self) -> None:
        self._points: dict[str, EntryPoint] | None = None
        self._loaded: dict[str, GameEntry] = {}
        self._broken: dict[str, str] = {}

    def reset(self) -> None:
        """Read the entry points again (tests register games of their own)."""
        self._points = None
        self._loaded.clear()
        self._broken.clear()

    def points(self) -> dict[str, EntryPoint]:
        if self._points is None:
            found = {p.name: p for p in entry_points(group=GROUP)}
            found.update((p.name, p) for p in _checkout_points())
            self._points = dict(sorted(found.items()))
        return self._points

    def __getitem__(self, name: str) -> GameEntry:
        if name in self._loaded:
            return self._loaded[name]
        point = self.points().get(name)
        if point is None:
            raise KeyError(f"unknown game {name!r}; known games: {', '.join(self.points())}")
        if name in self._broken:
            raise GameLoadError(self._broken[name])
        try:
            entry = point.load()
        except Exception as err:  # any failure of a game's own import is that game's problem
            self._broken[name] = f"the game {name!r} ({point.value}) failed to load: {err}"
            raise GameLoadError(self._broken[name]) from err
        if not isinstance(entry, GameEntry) or entry.name != name:
            self._broken[name] = (f"the game {name!r} ({point.value}) is not a GameEntry named "
                                  f"{name!r}")
            raise GameLoadError(self._broken[name])
        problem = _core_problem(entry)
        if problem:
            self._broken[name] = f"the game {name!r} ({point.value}) {problem}"
            raise GameLoadError(self._broken[name])
        self._loaded[name] = entry
        return entry

    def __contains__(self, name: object) -> bool:
        return name in self.points()

    def __iter__(self) -> Iterator[str]:
        return iter(self.points())

    def __len__(self) -> int:
        return len(self.points())

    def working(self) -> list[GameEntry]:
        """Every game that loads, in the order of their names."""
        out = []
        for name in self:
            try:
                out.append(self[name])
            except GameLoadError:
                continue
        return out

    def problems(self) -> list[str]:
        """What went wrong with each game that does not load (after ``working``)."""
        return [self._broken[name] for name in self if name in self._broken]


GAMES = Registry()
