"""The Orcz log in words, in the language in use: one sentence per event kind, worded from a log
entry's ids and numbers. This is the game's one wording of its log (``GameEntry.words``): the log
panel, the notices, the review, the lessons and the golden playthroughs all word entries here; the
English msgids are the English text.

It imports no Textual (only the catalog and the names of things), so headless users word a log
too (``common.entries.log_lines``); and it registers nothing: the core's entries are data, and
importing this changes no one's words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from common.entries import Entry
from common.events import EventKind, by_name
from common.i18n import _, ngettext
from orcz import event_kinds as E
from orcz.data import ENEMY_BY_ID
from orcz.state import BANK
from orcz.ui.names import (
    and_list,
    card_name,
    enemy_in_sentence,
    event_name,
    event_text,
    field_name,
    side_word,
)

Players = tuple[str, ...]
Sentence = Callable[[Entry, Players], str]


def name_of(players: Players, seat: Any) -> str:
    """A seat's name, "the bank", or "?"."""
    if seat == BANK:
        return _("the bank")
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"


def goblins(count: int) -> str:
    return ngettext("{count} goblin", "{count} goblins", count).format(count=count)


def _who(event: Entry, players: Players, key: str = "seat") -> str:
    return name_of(players, event.get(key))


def _where(event: Entry) -> str:
    return field_name(event.get("battlefield"))


def _rank(event: Entry) -> int:
    return int(event.get("rank")) + 1


def _enemy_revealed(e: Entry, p: Players) -> str:
    enemy = ENEMY_BY_ID[e.get("enemy")]
    return _("{battlefield}: {enemy} ({main}/{secondary}) is revealed.").format(
        battlefield=_where(e), enemy=enemy_in_sentence(enemy.id), main=enemy.main,
        secondary=enemy.secondary)


def _placed(e: Entry, p: Players) -> str:
    return _("{name} places rank {rank} on {battlefield}: {card} face up on the {side}.").format(
        name=_who(e, p), rank=_rank(e), battlefield=_where(e), card=card_name(e.get("up_card")),
        side=side_word(e.get("up_side")))


def _lost_turn(e: Entry, p: Players) -> str:
    if e.get("reason") == "every open battlefield is full":
        text = _("{name} loses the turn: every open battlefield is full.")
    else:
        text = _("{name} loses the turn: no legal rank is left.")
    return text.format(name=_who(e, p))


def _scout(e: Entry, p: Players) -> str:
    return _("{name} sends a scout to look at {owner}'s face-down {side} card on {battlefield} "
             "rank {rank}.").format(name=_who(e, p), owner=_who(e, p, "owner"),
                                    side=side_word(e.get("side")), battlefield=_where(e),
                                    rank=_rank(e))


_WINGS: dict[str, Callable[[], str]] = {
    "tie": lambda: _("{battlefield}, {side} wing: {attacker} against {defender}: a tie."),
    "attacker": lambda: _("{battlefield}, {side} wing: {attacker} against {defender}: the "
                          "attacker wins."),
    "defender": lambda: _("{battlefield}, {side} wing: {attacker} against {defender}: the "
                          "defender wins."),
}


def _wing(e: Entry, p: Players) -> str:
    return _WINGS[e.get("winner")]().format(
        battlefield=_where(e), side=side_word(e.get("side")),
        attacker=card_name(e.get("attacker_card")), defender=card_name(e.get("defender_card")))


def _heroes_spent(e: Entry, p: Players) -> str:
    heroes = [h.split(":") for h in e.get("heroes")]
    listed = ", ".join(_("{name}'s {card}").format(name=name_of(p, int(s)), card=card_name(c))
                       for s, c in heroes)
    return _("{battlefield}: spent heroes: {heroes}.").format(battlefield=_where(e),
                                                              heroes=listed)


def _game_over(e: Entry, p: Players) -> str:
    if e.get("defeat"):
        cleared = int(e.get("cleared"))
        return ngettext(
            "The game is over: only {count} battlefield cleared. The forces of good win; every "
            "orc loses!",
            "The game is over: only {count} battlefields cleared. The forces of good win; every "
            "orc loses!", cleared).format(count=cleared)
    winners = [name_of(p, w) for w in e.get("winners")]
    if len(winners) == 1:
        return _("The game is over: {names} wins with the most goblins!").format(
            names=winners[0])
    return _("The game is over: {names} share the victory with the most goblins!").format(
        names=and_list(winners))


_HOLDS: dict[str, Callable[[], str]] = {
    "chose": lambda: _("{battlefield}: {name}'s rank holds."),
    "front": lambda: _("{battlefield}: {name}'s rank is the front rank and goes to the battle."),
    "incomplete": lambda: _("{battlefield}: {name}'s rank is incomplete and cannot attack."),
    "champion": lambda: _("{battlefield}: {name}'s rank has a champion and never fights orcs."),
    "shaman": lambda: _("{battlefield}: {name}'s rank has a shaman and never fights orcs."),
    "nothing_ahead": lambda: _("{battlefield}: {name}'s rank has nobody left to attack."),
}


def _hold(e: Entry, p: Players) -> str:
    sentence = _HOLDS.get(e.get("reason"), _HOLDS["chose"])
    return sentence().format(battlefield=_where(e), name=_who(e, p))


def _fight(e: Entry, p: Players) -> str:
    """O-R7's three outcomes, saying where each rank went."""
    g = e.get
    if g("outcome") != "mixed":
        winner, loser = name_of(p, g("winner")), name_of(p, g("loser"))
        text = (_("{battlefield}: {winner} routs their own rank.") if g("winner") == g("loser")
                else _("{battlefield}: {winner} routs {loser}'s rank."))
        return text.format(battlefield=_where(e), winner=winner, loser=loser)
    attacker, defender = name_of(p, g("attacker")), name_of(p, g("defender"))
    whole = g("attacker_kept") == 2
    own = attacker == defender  # one player's two ranks
    text = (_MIXED_KEPT if g("defender_kept") == 2 else _MIXED)[whole, own]()
    return text.format(battlefield=_where(e), attacker=attacker, defender=defender)


# (the attacker kept both cards, one player's two ranks) → the sentence
_MIXED_KEPT: dict[tuple[bool, bool], Callable[[], str]] = {
    (True, False): lambda: _(
        "{battlefield}: no card is beaten; {attacker}'s rank is set aside for the battle, and "
        "{defender}'s rank kept both cards: it stays in the column as the rear rank."),
    (True, True): lambda: _(
        "{battlefield}: no card is beaten; {attacker}'s attacking rank is set aside for the "
        "battle, and their defending rank kept both cards: it stays in the column as the rear "
        "rank."),
    (False, False): lambda: _(
        "{battlefield}: no rank is routed; {attacker}'s surviving card is set aside for the "
        "battle, and {defender}'s rank kept both cards: it stays in the column as the rear "
        "rank."),
    (False, True): lambda: _(
        "{battlefield}: no rank is routed; {attacker}'s attacking surviving card is set aside "
        "for the battle, and their defending rank kept both cards: it stays in the column as "
        "the rear rank."),
}
_MIXED: dict[tuple[bool, bool], Callable[[], str]] = {
    (True, False): lambda: _(
        "{battlefield}: no rank is routed; {attacker}'s rank and {defender}'s surviving card "
        "are set aside for the battle."),
    (True, True): lambda: _(
        "{battlefield}: no rank is routed; {attacker}'s attacking rank and their defending "
        "surviving card are set aside for the battle."),
    (False, False): lambda: _(
        "{battlefield}: no rank is routed; {attacker}'s surviving card and {defender}'s "
        "surviving card are set aside for the battle."),
    (False, True): lambda: _(
        "{battlefield}: no rank is routed; {attacker}'s attacking surviving card and their "
        "defending surviving card are set aside for the battle."),
}

# A payment's sentence for each reason, whole (not a reason added after the amount), so that a
# language words each one as it says it: French names the strongest by their troops, as its
# rule book does, whoever the player is.
_RECEIVED: dict[str, Callable[[], str]] = {  # from the bank
    "reward": lambda: _("{payee} receives {goblins} as the strongest winner."),
    "tie_reward": lambda: _("{payee} receives {goblins} as a tied strongest winner."),
    "hand_out": lambda: _("{payee} receives {goblins} from the strongest winner's hand-out."),
}
_PAID: dict[str, Callable[[], str]] = {
    "fight": lambda: _("{payer} pays {goblins} to {payee} for the lost fight."),
    "shortage": lambda: _("{payer} pays {goblins} to {payee} (Shortage)."),
    "penalty": lambda: _("{payer} pays {goblins} to {payee} as the strongest loser."),
    "tie_penalty": lambda: _("{payer} pays {goblins} to {payee} as a tied strongest loser."),
    "imposed": lambda: _("{payer} pays {goblins} to {payee} as imposed by the strongest loser."),
    "challenge": lambda: _("{payer} pays {goblins} to {payee} (orc challenge)."),
}


def _payment(e: Entry, p: Players) -> str:
    g = e.get
    words = {"payer": name_of(p, g("payer")), "payee": name_of(p, g("payee")),
             "goblins": goblins(int(g("amount"))), "owed": g("owed")}
    reason = str(g("reason"))
    if g("payer") == BANK:
        said = _RECEIVED.get(reason, lambda: _("{payee} receives {goblins}."))
    else:
        said = _PAID.get(reason, lambda: _("{payer} pays {goblins} to {payee}."))
    text = said().format(**words)
    if g("ruined"):
        text += " " + _("{payer} is ruined: the rest of the {owed} is cancelled.").format(**words)
    return text


def _battle(e: Entry, p: Players) -> str:
    g = e.get
    words = {"battlefield": _where(e), "enemy": enemy_in_sentence(g("enemy")), "total": g("total"),
             "needed": g("needed"),
             "strongest": _(" and ").join(name_of(p, s) for s in g("strongest") or ())}
    if not g("participants"):
        return _("{battlefield}: no orc faces {enemy}; the battle is lost and nobody "
                 "pays.").format(**words)
    if not g("won"):
        text = _("{battlefield}: the orcs muster {total} of {needed} against {enemy}: battle "
                 "lost. Strongest: {strongest}.")
    elif g("champion"):
        text = _("{battlefield}: the orcs muster {total} of {needed} against {enemy}: battle won "
                 "(a champion is there). Strongest: {strongest}.")
    else:
        text = _("{battlefield}: the orcs muster {total} of {needed} against {enemy}: battle "
                 "won. Strongest: {strongest}.")
    return text.format(**words)


SENTENCES: dict[EventKind, Sentence] = {
    E.GAME_START: lambda e, p: _("A game of Orcz begins; {name} is the first player.").format(
        name=_who(e, p, "first")),
    E.ROUND_START: lambda e, p: _("Round {round} begins; {name} plays first.").format(
        round=e.get("round"), name=_who(e, p, "first")),
    E.ENEMY_REVEALED: _enemy_revealed,
    E.EVENT_DRAWN: lambda e, p: _("Event: {event}. {text}").format(
        event=event_name(e.get("event")), text=event_text(e.get("event"))),
    E.PLACED: _placed,
    E.PLACED_HIDDEN: lambda e, p: _(
        "Your face-down card on {battlefield} rank {rank} is {card}.").format(
        battlefield=_where(e), rank=_rank(e), card=card_name(e.get("card"))),
    E.LOST_TURN: _lost_turn,
    E.CHALLENGE: lambda e, p: _("{name} challenges {target} for being slow!").format(
        name=_who(e, p), target=_who(e, p, "target")),
    E.SCOUT: _scout,
    E.SCOUT_SEEN: lambda e, p: _(
        "Your scout sees {owner}'s hidden card on {battlefield}: {card}.").format(
        owner=_who(e, p, "owner"), battlefield=_where(e), card=card_name(e.get("card"))),
    E.RESOLUTION_ORDER: lambda e, p: _("Battles this round, in order: {battlefields}").format(
        battlefields=", ".join(field_name(f) for f in e.get("order"))),
    E.REVEALED: lambda e, p: _("{battlefield}: {name} turns up {card}.").format(
        battlefield=_where(e), name=_who(e, p, "owner"), card=card_name(e.get("card"))),
    E.HOLD: _hold,
    E.ATTACK: lambda e, p: _("{battlefield}: {name} attacks the rank ahead!").format(
        battlefield=_where(e), name=_who(e, p)),
    E.CHAMPION_CANCEL: lambda e, p: _(
        "{battlefield}: {name}'s champion stands there; the fight is cancelled.").format(
        battlefield=_where(e), name=_who(e, p, "defender")),
    E.SHAMAN_SKIP: lambda e, p: _(
        "{battlefield}: {name}'s shaman is skipped; the attack goes on to the next "
        "rank.").format(battlefield=_where(e), name=_who(e, p, "defender")),
    E.WING: _wing,
    E.FIGHT_OUTCOME: _fight,
    E.IMPOSED_NOTHING: lambda e, p: _(
        "{battlefield}: {name} imposes no payment on the others.").format(
        battlefield=_where(e), name=_who(e, p)),
    E.PAYMENT: _payment,
    E.BATTLE: _battle,
    E.HEROES_SPENT: _heroes_spent,
    E.CLEARED: lambda e, p: _("{battlefield} is cleared: no more ranks may go there.").format(
        battlefield=_where(e)),
    E.ROUND_END: lambda e, p: _("Round {round} ends.").format(round=e.get("round")),
    E.GAME_OVER: _game_over,
}
_BY_NAME = by_name(SENTENCES)


def describe(entry: Entry, players: Players) -> str:
    """One log entry in words, in the language in use, with the players' names."""
    sentence = _BY_NAME.get(entry.get("kind", ""))
    return str(entry.get("kind")) if sentence is None else sentence(entry, players)
