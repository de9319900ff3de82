"""Why the Orcz rules refuse a move, in the language in use: worded from the refusal's ``code``
and ``params`` (``common.errors.IllegalAction``), never from its English text, which stays for a
refusal this table does not word (a malformed move: a bug, not a player's choice)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from common.errors import IllegalAction
from common.i18n import _, ngettext
from orcz.ui.names import card_name, field_name

Params = dict[str, Any]

_PAIR_RULES = {
    "same-card": lambda: _("a rank needs two different cards"),
    "scout": lambda: _("the scout is never placed in a rank"),
    "heroes": lambda: _("a shaman and a champion may not share a rank"),
    "archers": lambda: _("two archers may not share a rank"),
    "cavalry": lambda: _("two cavalry may not share a rank"),
}


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _split(p: Params, names: Sequence[str]) -> str:
    amount = int(p.get("amount", 0))
    seats = ", ".join(_name(names, s) for s in p.get("seats", []))
    if p.get("impose"):
        text = ngettext(
            "split exactly {count} goblin among {names} (or impose nothing), none negative",
            "split exactly {count} goblins among {names} (or impose nothing), none negative",
            amount)
    else:
        text = ngettext("split exactly {count} goblin among {names}, none negative",
                        "split exactly {count} goblins among {names}, none negative", amount)
    return text.format(count=amount, names=seats)


# the decision a refusal is about ("decision" in its params) → its words
_NOT_NOW = {
    "deploy": lambda: _("ranks are placed only during deployment"),
    "fight": lambda: _("there is no fight to decide now"),
    "hand_out": lambda: _("there is no hand-out to decide now"),
    "impose": lambda: _("there is no payment to impose to decide now"),
    "challenge": lambda: _("a challenge is made only during deployment"),
}
_WHOSE_TURN = {
    "deploy": lambda: _("it is {name}'s turn to place a rank"),
    "fight": lambda: _("it is {name} who decides this fight"),
    "hand_out": lambda: _("it is {name} who decides"),
    "impose": lambda: _("it is {name} who decides"),
}
_WHERE = {
    "fight": lambda: _("the fight is on {battlefield}"),
    "hand_out": lambda: _("the battle is on {battlefield}"),
    "impose": lambda: _("the battle is on {battlefield}"),
}


_WORDS: dict[str, Callable[[Params, Sequence[str]], str]] = {
    "confusion": lambda p, n: _("Confusion: no champion may be placed this round"),
    "antimagic": lambda p, n: _(
        "Anti-magic Zone: no shaman may be placed on {battlefield} this round").format(
        battlefield=field_name(p.get("battlefield"))),
    "battlefield-cleared": lambda p, n: _(
        "{battlefield} is cleared: no rank may be placed there any more").format(
        battlefield=field_name(p.get("battlefield"))),
    "battlefield-full": lambda p, n: ngettext(
        "Diversion: {battlefield} already holds {count} rank",
        "Diversion: {battlefield} already holds {count} ranks", int(p.get("ranks", 0))).format(
        battlefield=field_name(p.get("battlefield")), count=p.get("ranks", 0)),
    "card-not-held": lambda p, n: _("{card} is not behind your screen").format(
        card=card_name(p.get("card"))),
    "not-your-turn": lambda p, n: _WHOSE_TURN[p["decision"]]().format(
        name=_name(n, p.get("seat"))),
    "wrong-battlefield": lambda p, n: _WHERE[p["decision"]]().format(
        battlefield=field_name(p.get("battlefield"))),
    "wrong-phase": lambda p, n: _NOT_NOW[p["decision"]](),
    "game-over": lambda p, n: _("the game is over"),
    "bad-split": _split,
    "scout-spent": lambda p, n: _("your scout is already spent"),
    "fog": lambda p, n: _("Fog: no scout may be played this round"),
    "own-card": lambda p, n: _("you already know your own cards"),
    "not-face-down": lambda p, n: _("that card is not face down"),
    "no-such-rank": lambda p, n: _("{battlefield} has no rank {rank}").format(
        battlefield=field_name(p.get("battlefield")), rank=p.get("rank")),
    "challenge-off": lambda p, n: _("the orc challenge is not in use in this game"),
    "not-challengeable": lambda p, n: _(
        "only the player placing a rank now can be challenged, by another"),
    "already-challenged": lambda p, n: _("this turn has already been challenged"),
}


def refusal_words(err: IllegalAction, names: Sequence[str] = ()) -> str:
    """The refusal ``err`` in the language in use (``names``: the players', by seat)."""
    if err.code == "pair-rule" and err.params.get("rule") in _PAIR_RULES:
        return _PAIR_RULES[str(err.params["rule"])]()
    words = _WORDS.get(err.code)
    needs = _NEEDS.get(err.code, set())
    if words is None or not needs <= err.params.keys():
        return str(err)  # not one a player meets at this table: the core's words
    try:
        return words(err.params, names)
    except KeyError:  # a decision this table has no words for
        return str(err)


# the params a wording needs (a refusal raised without them keeps the core's words)
_NEEDS = {
    "antimagic": {"battlefield"}, "battlefield-cleared": {"battlefield"},
    "battlefield-full": {"battlefield", "ranks"}, "card-not-held": {"card"},
    "not-your-turn": {"seat", "decision"}, "wrong-battlefield": {"battlefield", "decision"},
    "wrong-phase": {"decision"}, "bad-split": {"amount", "seats"},
    "no-such-rank": {"battlefield", "rank"},
}
