"""Save files: the seed, the set-up, the options, the players and the action list, as JSON.

Loading replays every action through the rules core, which is also the validation of a hand-edited
file: anything that does not replay is refused with a message that says where and why. The
checksum is an unkeyed SHA-256 of the content: it detects accidental damage (a cut write, a
flipped byte), not edits, since anyone can compute it again. A hand-edited save that replays
legally is therefore loaded, and is simply a different game. A key that no save holds is refused.

Every write keeps the save it replaces as ``<name>.prev`` (``common.storage.previous_of``): a
save damaged on disk resumes from that last good generation, losing at most the last move, and
``load_or_recover`` says so. The copy is used only when it is the same game as far as the damaged
save can still tell (``other_game``: game, seed, set-up, players, and its moves the start of the
save's); a copy of another game is refused, never opened in the save's place. Whatever stands at
``.prev`` never blocks the save itself (``write_atomic`` says why no copy was kept).

Format ``hotseat-save/2`` stores the action list compressed and base64-encoded, so that a glance
at the file (``cat``) shows nobody a face-down card or a secret choice; it is no encryption.
``hotseat-save/1`` (the action list as plain JSON) still loads.

Whatever a file holds, loading raises ``SaveError`` and nothing else: only regular files of at
most ``MAX_SAVE_BYTES`` are read, nesting is limited, and every message is kept short.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from common.bots import LEVELS
from common.codec import shorten, unsafe_character
from common.engine import GAMES, MAX_NAME_LENGTH, GameModule, get_game
from common.errors import IllegalAction, SaveError
from common.i18n import _, echoed, ngettext
from common.names import name_problem
from common.storage import MAX_DEPTH, nested_within, parse_json, previous_of, read_regular
from common.storage import write_atomic as write_atomic

FORMAT = "hotseat-save/2"
FORMAT_V1 = "hotseat-save/1"
_KEYS = ("format", "game", "seed", "setup", "options", "players", "actions")
# Every key a save of either format may hold: "bots" and "summary" came with format 1 (older
# files lack them), "checksum" covers all the others but "tips".
_ALLOWED = frozenset((*_KEYS, "bots", "summary", "checksum", "tips"))
# The tips already shown at this table (common/tui/tips.py): the interface's memory, not the
# game's, so outside the checksum, and read leniently: a damaged value only shows a tip again.
MAX_TIPS = 500
MAX_TIP_KEY = 60
MAX_SAVE_BYTES = 4 << 20  # a whole game takes about 20 kB
# The action list once decompressed, and its length: a long game has a few hundred actions in
# 15 kB. Both are capped while reading, before any replay, so that a small file that unpacks to
# much (a compression bomb) is refused at once.
MAX_ACTIONS_BYTES = 2 << 20
MAX_ACTIONS = 10_000
MAX_SEED = 2**64 - 1  # seeds are 0 to 2**64 - 1 (older saves may hold a negative one)
MAX_PROGRESS = 80  # characters of the summary the resume list shows
MAX_MESSAGE = 160  # characters of a rules core's reason quoted in a message


@dataclass(frozen=True)
class Record:
    """Everything needed to rebuild a game: ``(seed, setup, options, players, actions)``."""

    game: str
    seed: int
    players: tuple[str, ...]
    setup: Mapping[str, Any] | None
    options: Mapping[str, Any]
    actions: tuple[dict[str, Any], ...]
    bots: tuple[str | None, ...] = ()  # per seat: a computer player's level, None: a person
    tips: tuple[str, ...] = ()  # the tips shown at this table (keys), never replayed

    def with_action(self, action_json: dict[str, Any]) -> Record:
        return replace(self, actions=(*self.actions, action_json))

    def without_last(self, count: int = 1) -> Record:
        return replace(self, actions=self.actions[:len(self.actions) - count])


def _checksum(body: Mapping[str, Any]) -> str:
    # Older saves have no bots, nor a summary.
    covered = {k: body[k] for k in (*_KEYS, "bots", "summary") if k in body}
    canonical = json.dumps(covered, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def encode_actions(actions: tuple[dict[str, Any], ...] | list[dict[str, Any]]) -> str:
    """The action list as a save stores it: JSON, compressed, base64."""
    raw = json.dumps(list(actions), sort_keys=True, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def decode_actions(text: Any) -> list[Any]:
    """The action list of an ``encode_actions`` text; ``SaveError`` if it is not one."""
    _require(isinstance(text, str), _("the actions are not an encoded list"))
    unpacker = zlib.decompressobj()
    try:
        raw = unpacker.decompress(base64.b64decode(text.encode("ascii"), validate=True),
                                  MAX_ACTIONS_BYTES)
    except (ValueError, zlib.error):  # not base64 (binascii.Error is a ValueError), not zlib
        raise SaveError(_("the actions are not readable (the save is damaged)")) from None
    _require(not unpacker.unconsumed_tail, _("the actions are too large to be a real game"))
    _require(unpacker.eof, _("the actions are cut short (the save is damaged)"))
    actions = parse_json(raw, _("the action list"))
    if not isinstance(actions, list):
        raise SaveError(_("the actions are not a list"))
    _require(len(actions) <= MAX_ACTIONS, _("the actions are too many to be a real game"))
    return actions


def to_dict(record: Record, summary: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The JSON of a save; ``summary`` (``{"progress": words, "over": bool}``) is what the
    resume list shows, so that listing a save never replays it."""
    body: dict[str, Any] = {
        "format": FORMAT,
        "game": record.game,
        "seed": record.seed,
        "setup": None if record.setup is None else dict(record.setup),
        "options": dict(record.options),
        "players": list(record.players),
        "actions": encode_actions(record.actions),
    }
    if any(record.bots):
        body["bots"] = list(record.bots)
    if summary is not None:
        body["summary"] = {"progress": str(summary["progress"]), "over": bool(summary["over"])}
        if summary.get("stage"):
            stage = summary["stage"]
            body["summary"]["stage"] = {"stage": str(stage["stage"]), "now": int(stage["now"]),
                                        "total": int(stage["total"])}
    body["checksum"] = _checksum(body)
    if record.tips:  # encoded like the actions: a tip about a seat's own card names the card
        body["tips"] = encode_actions([{"tip": key} for key in record.tips])
    return body


def read_tips(raw: Any) -> tuple[str, ...]:
    """The tips a save says were shown; anything damaged or odd in it is left out, never an
    error (the worst outcome is a tip shown twice)."""
    if raw is None:
        return ()
    try:
        keys = decode_actions(raw)
    except SaveError:
        return ()
    found = (k.get("tip") if isinstance(k, dict) else None for k in keys[:MAX_TIPS])
    return tuple(k for k in found if isinstance(k, str) and 0 < len(k) <= MAX_TIP_KEY
                 and not unsafe_character(k))


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise SaveError(message)


def _players(players: Any) -> tuple[str, ...]:
    _require(
        isinstance(players, list) and all(isinstance(p, str) for p in players),
        _("the players are not a list of names"),
    )
    _require(all(len(p) <= MAX_NAME_LENGTH for p in players), _("a player's name is too long"))
    # Names are shown on the terminal: one with an escape sequence would drive it.
    _require(not any(unsafe_character(p) for p in players),
             _("a player's name holds control characters"))
    # The command line's and the new-game form's rule: a name the table could not tell from
    # another, or that shows nothing, would make "Pass the terminal to …" name nobody sure.
    problem = name_problem(players)
    _require(not problem, problem)
    return tuple(players)


def _header(data: Any, verify_checksum: bool) -> str:
    """Check what every save holds outside its actions; its format version."""
    _require(isinstance(data, dict), _("the save is not a JSON object"))
    _require(nested_within(data, MAX_DEPTH), _("the save is nested too deeply"))
    version = data.get("format")
    _require(version is not None, _("the save does not say its format"))
    _require(version in (FORMAT, FORMAT_V1),
             _("unknown save format {format}").format(format=echoed(version)))
    missing = [k for k in _KEYS if k not in data]
    _require(not missing, _("the save lacks {keys}").format(keys=", ".join(missing)))
    unknown = sorted(str(k) for k in data if k not in _ALLOWED)
    if unknown:
        raise SaveError(ngettext(
            "the save holds the key {key}, which no hotseat save holds ({count} unknown key)",
            "the save holds the key {key}, which no hotseat save holds ({count} unknown keys)",
            len(unknown)).format(key=echoed(unknown[0]), count=len(unknown)))
    if verify_checksum:
        _require(
            data.get("checksum") == _checksum(data),
            _("the save was changed outside hotseat (its checksum does not match)"),
        )
    _require(isinstance(data["game"], str), _("the game name is not text"))
    _require(type(data["seed"]) is int and abs(data["seed"]) <= MAX_SEED,
             _("the seed is not a whole number of at most 20 digits"))
    return str(version)


def from_dict(data: Any, *, verify_checksum: bool = True) -> Record:
    """Check the shape of a save's JSON and turn it into a ``Record`` (no replay yet)."""
    version = _header(data, verify_checksum)
    players = _players(data["players"])
    _require(data["setup"] is None or isinstance(data["setup"], dict), _("the set-up is malformed"))
    _require(isinstance(data["options"], dict), _("the options are malformed"))
    actions = data["actions"] if version == FORMAT_V1 else decode_actions(data["actions"])
    _require(
        isinstance(actions, list) and all(isinstance(a, dict) for a in actions),
        _("the actions are not a list of objects"),
    )
    _require(len(actions) <= MAX_ACTIONS, _("the actions are too many to be a real game"))
    return Record(data["game"], data["seed"], players, data["setup"], data["options"],
                  tuple(actions), _bots(data.get("bots", []), len(players)),
                  read_tips(data.get("tips")))


def _bots(bots: Any, seats: int) -> tuple[str | None, ...]:
    """Which seats are computer players, and at what level (checked, not trusted)."""
    _require(isinstance(bots, list) and len(bots) in (0, seats)
             and all(b is None or b in LEVELS for b in bots),
             _("the computer players are malformed"))
    return tuple(bots)


def _reason(err: Exception) -> str:
    return shorten(str(err), MAX_MESSAGE)


def replay(record: Record) -> tuple[GameModule, list[Any]]:
    """Rebuild every state of the game: ``states[0]`` is the start, ``states[-1]`` the present."""
    if record.game not in GAMES:
        raise SaveError(_("unknown game {game}; known games: {games}").format(
            game=echoed(record.game), games=", ".join(sorted(GAMES))))
    game = get_game(record.game)
    try:
        state = game.new_game(
            list(record.players), record.seed, setup=record.setup, **dict(record.options)
        )
    except Exception as err:  # a file may hold anything: no traceback from a save, ever
        raise SaveError(_("the game cannot be set up from this save: {reason}").format(
            reason=_reason(err))) from None
    states = [state]
    for number, raw in enumerate(record.actions, start=1):
        try:
            state = game.apply(state, game.action_from_json(raw))
        except IllegalAction as err:
            raise SaveError(_("action {number} does not replay: {reason}").format(
                number=number, reason=_reason(err))) from None
        except Exception as err:  # the codecs type-check; this is the net beneath them
            raise SaveError(_("action {number} is malformed ({kind})").format(
                number=number, kind=type(err).__name__)) from None
        states.append(state)
    return game, states


@dataclass(frozen=True)
class Summary:
    """What the resume list shows of a save, read without replaying it."""

    game: str
    players: tuple[str, ...]
    progress: str | None  # None: an older save, which does not say
    over: bool
    # How far it went, language-free: (the stage's key, the one under way, how many), e.g.
    # ("round", 2, 3), which the list words; None: a save written before stages were
    # saved (its progress is English words) or a game that does not say.
    stage: tuple[str, int, int] | None = None


def summary_of(path: Path) -> Summary:
    """A save's game, players and progress as written with it; ``SaveError`` if the file is
    not a save. The actions are neither unpacked nor replayed: listing stays quick whatever
    the folder holds."""
    data = parse_json(read_regular(path, MAX_SAVE_BYTES), shorten(path.name))
    _header(data, verify_checksum=True)
    players = _players(data["players"])
    _require(data["game"] in GAMES, _("unknown game {game}").format(game=echoed(data["game"])))
    summary = data.get("summary")
    if summary is None:
        return Summary(data["game"], players, None, False)
    _require(isinstance(summary, dict) and isinstance(summary.get("progress"), str)
             and len(summary["progress"]) <= MAX_PROGRESS
             and not unsafe_character(summary["progress"])
             and type(summary.get("over")) is bool, _("the save's summary is malformed"))
    return Summary(data["game"], players, summary["progress"], summary["over"],
                   _stage(summary.get("stage")))


def _stage(raw: Any) -> tuple[str, int, int] | None:
    """A summary's stage, when it is one (else None: the list shows the progress words)."""
    if not isinstance(raw, dict):
        return None
    word, now, total = raw.get("stage"), raw.get("now"), raw.get("total")
    if not (isinstance(word, str) and word.isascii() and word.isalpha() and len(word) <= 20
            and type(now) is int and type(total) is int and 0 <= now <= 1000
            and (total == 0 or now <= total <= 1000)):  # total 0: an open-ended game
        return None
    return word, now, total


def load_file(path: Path) -> tuple[Record, GameModule, list[Any]]:
    """Read, check and replay a save file; any problem is a ``SaveError`` with a clear message."""
    data = parse_json(read_regular(path, MAX_SAVE_BYTES), shorten(path.name))
    record = from_dict(data)
    game, states = replay(record)
    return record, game, states


def load_or_recover(path: Path) -> tuple[Record, GameModule, list[Any], str]:
    """``load_file`` of ``path``, or when that fails of its previous generation; the last item
    is the notice for the player ("" when ``path`` itself loaded). ``SaveError`` (the one of
    ``path``) when neither loads."""
    try:
        return (*load_file(path), "")
    except SaveError as err:
        damage = err
    previous = previous_of(path)
    try:
        record, game, states = load_file(previous)
    except SaveError:
        raise damage from None
    other = other_game(_claims(path), record)
    if other:
        raise SaveError(_("{damage}; the copy kept before its last save ({copy}) is not that "
                          "game ({other}), so it is not opened in its place (to play that copy, "
                          "resume it by its own name)").format(
                              damage=damage, copy=shorten(previous.name), other=other)) from None
    return record, game, states, _(
        "The save could not be read ({damage}), so the game resumes from the copy kept before "
        "its last save ({copy}): the last move may be missing.").format(
            damage=damage, copy=shorten(previous.name))


# What names a game in a save: a copy that differs in any of them is another game's.
_IDENTITY = ("game", "seed", "setup", "players")


def _claims(path: Path) -> dict[str, Any]:
    """What a damaged save still says of its game, as far as it can be read: its identity
    (``_IDENTITY``) and, when its action list reads cleanly as far as it goes, the actions it
    holds (``"actions"``) and whether that list is whole (``"whole"``). A save cut short says
    less; a file with nothing readable says nothing."""
    try:
        text = read_regular(path, MAX_SAVE_BYTES).decode("utf-8", errors="replace")
    except SaveError:
        return {}
    try:
        data = json.loads(text, parse_constant=lambda _name: None)
    except (ValueError, RecursionError):
        data = None
    claims: dict[str, Any] = {}
    if isinstance(data, dict):
        claims = {k: data[k] for k in _IDENTITY if k in data}
        raw = data.get("actions")
        read = (raw, True) if isinstance(raw, list) else _actions_read(raw + '"') \
            if isinstance(raw, str) else None
    else:  # cut short or garbled: each value that still reads whole, where it is written
        decoder = json.JSONDecoder()
        for key in _IDENTITY:
            found = re.search(rf'(?<!\\)"{key}"\s*:\s*', text)
            if found is not None:
                with contextlib.suppress(ValueError, RecursionError):
                    value, end = decoder.raw_decode(text, found.end())
                    if end < len(text):  # else perhaps cut short: "seed": 1 of 11
                        claims[key] = value
        found = re.search(r'(?<!\\)"actions"\s*:\s*"', text)
        read = None if found is None else _actions_read(text[found.end():])
    if read is not None:
        claims["actions"], claims["whole"] = read
    return claims


def _actions_read(encoded: str) -> tuple[list[Any], bool] | None:
    """The actions of an encoded list (``encode_actions``) followed by its closing quote, or cut
    short anywhere: those that read whole, and whether the list ended. None when the data is
    garbled (a flipped byte): then nothing sure can be said of the moves."""
    text, quote, _rest = encoded.partition('"')
    text = text[:len(text) - len(text) % 4]
    unpacker = zlib.decompressobj()
    try:
        raw = unpacker.decompress(base64.b64decode(text.encode("ascii"), validate=True),
                                  MAX_ACTIONS_BYTES)
    except (ValueError, zlib.error):
        return None
    listed = raw.decode("utf-8", errors="replace")
    if not listed.startswith("["):
        return None if quote else ([], False)
    if unpacker.eof:
        try:
            whole = json.loads(listed)
        except (ValueError, RecursionError):
            return None
        return (whole, True) if isinstance(whole, list) else None
    decoder, at = json.JSONDecoder(), 1
    actions: list[Any] = []
    while at < len(listed) and len(actions) <= MAX_ACTIONS:
        try:
            action, at = decoder.raw_decode(listed, at)
        except (ValueError, RecursionError):
            break  # cut there: the actions before it are all it says
        actions.append(action)
        if listed[at:at + 1] != ",":
            break
        at += 1
    return actions, False


def other_game(claims: Mapping[str, Any], copy: Record) -> str:
    """How the copy ``copy`` differs from the game a damaged save ``claims`` to hold ("" when it
    does not, as far as the save can tell): another game, seed, set-up or players, or moves
    that are not the start of the save's."""
    held = {"game": copy.game, "seed": copy.seed, "players": list(copy.players),
            "setup": None if copy.setup is None else dict(copy.setup)}
    differ = [key for key in _IDENTITY if key in claims and claims[key] != held[key]]
    if differ:
        words = {"game": _("another game"), "seed": _("another seed"),
                 "setup": _("another set-up"), "players": _("other players")}
        return ", ".join(words[key] for key in differ)
    claimed = claims.get("actions")
    if isinstance(claimed, list):
        mine = list(copy.actions)
        longer = claims.get("whole") and len(mine) > len(claimed)
        if longer or mine[:len(claimed)] != claimed[:len(mine)]:
            return _("other moves")
    return ""


def copy_of_another(path: Path, copy: Summary) -> bool:
    """Whether the damaged save ``path`` names another game or table than its copy's summary
    (quick, for the resume list: nothing is replayed)."""
    claims = _claims(path)
    return bool(claims.get("game", copy.game) != copy.game
                or claims.get("players", list(copy.players)) != list(copy.players))


def prove_save(path: Path) -> None:
    """``SaveError`` unless ``path``, or its previous generation, is a hotseat save by its
    header and checksum: what must hold before anything is written beside it (a lock, a
    cleanup). Quick: nothing is unpacked or replayed."""
    try:
        summary_of(path)
    except SaveError as err:
        try:
            summary_of(previous_of(path))
        except SaveError:
            raise err from None
