"""What a move made happen, for the public results notice (the shell's ``results`` hook).

Pure functions from the public log entries a move added (and the public view) to Rich text:
the fight an attack started, every battle fought, and at the end of a round what each battlefield
gave and what each player won and paid. Only public entries are read, so the notice tells what
any spectator may know. Names are appended as plain text, never as markup.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from common.events import kind_names
from common.i18n import _
from orcz import data as D
from orcz import event_kinds as E
from orcz.ui.names import and_list, enemy_in_sentence, field_name, side_word
from orcz.ui.render import card_short, short_field_name
from orcz.ui.story import describe, goblins

Entry = dict[str, Any]

# payments that belong to a battle's result, and how a notice names them
_BATTLE_PAYMENTS = {
    "reward": lambda: _("strongest"),
    "tie_reward": lambda: _("tied strongest"),
    "hand_out": lambda: _("hand-out"),
    "penalty": lambda: _("strongest loser"),
    "tie_penalty": lambda: _("tied strongest loser"),
    "imposed": lambda: _("imposed"),
}
_FIGHT_END = kind_names(E.FIGHT_OUTCOME, E.CHAMPION_CANCEL, E.HOLD)


def results(entries: list[Entry], view: dict[str, Any]) -> Text | None:
    """The notice for the public ``entries`` a move added; None when nothing was fought."""
    names = [str(p["name"]) for p in view["players"]]
    parts: list[Text] = []
    fought: set[Any] = set()
    empty: list[Entry] = []
    split: set[Any] = set()
    for index, entry in enumerate(entries):
        kind = entry.get("kind")
        if kind == E.ATTACK.name:
            parts.append(fight_text(entries[index:], names))
        elif kind == E.BATTLE.name and not entry.get("participants"):
            empty.append(entry)  # said together, in one line
            fought.add(entry.get("battlefield"))
        elif kind == E.BATTLE.name:
            parts.append(battle_text(entry, entries, names, view))
            fought.add(entry.get("battlefield"))
        elif kind in (E.PAYMENT.name, E.IMPOSED_NOTHING.name) and _is_split(entry) \
                and entry.get("battlefield") not in fought | split:
            split.add(entry.get("battlefield"))  # a hand-out or imposition decided now
            parts.append(split_text(entry.get("battlefield"), entries, names))
        elif kind == E.PAYMENT.name and entry.get("reason") == "shortage":
            parts.append(Text(describe(entry, tuple(names))))
        elif kind == E.ROUND_END.name:
            if empty:
                parts.append(empty_text(empty))
                empty = []
            parts.append(round_text(view.get("log", []), entry.get("round"), names))
    if empty:
        parts.append(empty_text(empty))
    if not parts:
        return None
    return Text("\n").join(parts)


def empty_text(battles: list[Entry]) -> Text:
    """Battles with no orc at all (O-R13): lost, and nobody pays."""
    out = Text()
    out.append(", ".join(field_name(b["battlefield"]) for b in battles), style="bold")
    out.append(_(": no orc there; lost, nobody pays."))
    return out


def _who(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else _("the bank")


def _after_prefix(entry: Entry, names: list[str]) -> str:
    """A log line without its "Battlefield: " prefix (the notice names the battlefield once)."""
    text, where = describe(entry, tuple(names)), field_name(entry.get("battlefield"))
    # French puts a no-break space before the colon: any space before it is the prefix's
    rest = (text[len(where):] if text.startswith(where) else "").lstrip()
    return rest[1:].lstrip() if rest.startswith(":") else text


def fight_text(entries: list[Entry], names: list[str]) -> Text:
    """``entries`` start with an attack: who attacked whom, the shamans skipped, each wing, the
    outcome, the fine. Lines are not indented: a wrapped line starts where its line did."""
    attack = entries[0]
    skipped: list[str] = []
    wings: list[Entry] = []
    outcome: list[str] = []
    defender: Any = None
    for n, entry in enumerate(entries[1:], start=1):
        kind = entry.get("kind")
        text = _capital(_after_prefix(entry, names))
        if kind == E.WING.name:
            wings.append(entry)
        elif kind == E.SHAMAN_SKIP.name:
            skipped.append(text)
        elif kind in _FIGHT_END and (kind != E.HOLD.name or entry.get("reason") == "nothing_ahead"):
            defender = entry.get("defender")
            outcome.append(text)
            fine = entries[n + 1] if n + 1 < len(entries) else {}
            if fine.get("kind") == E.PAYMENT.name and fine.get("reason") == "fight":
                outcome.append(describe(fine, tuple(names)))
            break
    out = Text()
    out.append(_("{battlefield}: ").format(battlefield=field_name(attack["battlefield"])),
               style="bold")
    who = _who(names, attack.get("seat"))
    if defender is None:
        attacks = _("{name} attacks the rank ahead.")
    elif defender == attack.get("seat"):
        attacks = _("{name} attacks their own rank.")
    else:
        attacks = _("{name} attacks {target}'s rank.")
    out.append(attacks.format(name=who, target=_who(names, defender)), style="bold")
    seats = (attack.get("seat"), defender)
    shown = [*skipped, " · ".join(_wing(w, names, seats) for w in wings), *outcome]
    for line in shown:
        if line:
            out.append("\n" + line)
    return out


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _wing(entry: Entry, names: list[str], seats: tuple[Any, Any]) -> str:
    winner = entry.get("winner")
    said = _("tie") if winner == "tie" else _("{name} wins").format(
        name=_who(names, seats[winner != "attacker"]))
    return _("{side} {attacker} vs {defender}: {outcome}").format(
        side=side_word(entry.get("side")), attacker=card_short(str(entry.get("attacker_card"))),
        defender=card_short(str(entry.get("defender_card"))), outcome=said)


def battle_text(battle: Entry, entries: list[Entry], names: list[str],
                view: dict[str, Any]) -> Text:
    """Each participant's strength, the total against what was needed, who gets or pays."""
    field_id = battle["battlefield"]
    enemy = D.ENEMY_BY_ID[battle["enemy"]]
    out = Text()
    out.append(field_name(field_id), style="bold")
    out.append(" " + _("against {enemy} ({main}/{secondary}):").format(
        enemy=enemy_in_sentence(enemy.id), main=enemy.main, secondary=enemy.secondary) + " ")
    participants = list(battle.get("participants") or [])
    won = bool(battle.get("won"))
    out.append(_("WON") if won else _("LOST"), style="bold green" if won else "bold red")
    if not participants:
        out.append("\n" + _("No orc was there: nobody pays."))
        return out
    out.append(" — " + _("{total} of {needed} needed").format(total=battle.get("total"),
                                                             needed=battle.get("needed")))
    if battle.get("champion") and won:
        out.append(" " + _("(a champion wins it)"))
    strengths = list(battle.get("strengths") or [])
    strongest = set(battle.get("strongest") or [])
    out.append("\n" + _("Strength:") + " ")
    for n, seat in enumerate(participants):
        if n:
            out.append(" · ")
        out.append(f"{_who(names, seat)} {strengths[seat] if seat < len(strengths) else '?'}",
                   style="bold" if seat in strongest else "")
    if len(participants) > 1:
        out.append(" (" + _("strongest: {names}").format(
            names=and_list([_who(names, s) for s in sorted(strongest)])) + ")")
    money = [_payment(e, names) for e in entries if e.get("kind") == E.PAYMENT.name
             and e.get("battlefield") == field_id and e.get("reason") in _BATTLE_PAYMENTS]
    money += [Text(_("{name} imposes nothing").format(name=_who(names, e.get("seat"))))
              for e in entries
              if e.get("kind") == E.IMPOSED_NOTHING.name and e.get("battlefield") == field_id]
    pending = view.get("pending") or {}
    if pending.get("battlefield") == field_id and pending.get("kind") in ("hand_out", "impose"):
        money.append(_to_decide(pending, names))
    if money:  # on the strength line: the notice must fit 80×24
        out.append(" → ")
        out.append_text(Text(" · ").join(money))
    return out


def _is_split(entry: Entry) -> bool:
    return entry.get("kind") == E.IMPOSED_NOTHING.name or entry.get("reason") in ("hand_out",
                                                                             "imposed")


def split_text(field_id: Any, entries: list[Entry], names: list[str]) -> Text:
    """The strongest player's hand-out or imposition, decided by this move."""
    out = Text()
    out.append(_("{battlefield}: ").format(battlefield=field_name(field_id)), style="bold")
    shares = [e for e in entries if e.get("battlefield") == field_id and _is_split(e)]
    nothing = [e for e in shares if e.get("kind") == E.IMPOSED_NOTHING.name]
    if nothing:  # the log's own sentence, after the battlefield the notice names
        out.append(_after_prefix(nothing[0], names))
        return out
    hand_out = shares[0].get("reason") == "hand_out"
    out.append((_("the strongest winner's hand-out:") if hand_out
                else _("the strongest loser has the bank paid:")) + " ")
    out.append_text(Text(" · ").join(_payment(e, names, why=False) for e in shares))
    return out


def _payment(entry: Entry, names: list[str], why: bool = True) -> Text:
    """ "Ann +4 (strongest)", "Cid −2 (imposed)"; ``why``: with the reason."""
    words = _BATTLE_PAYMENTS.get(str(entry.get("reason")))
    reason = f" ({words() if words else ''})" if why else ""
    amount = int(entry.get("amount") or 0)
    if entry.get("payer") == -1:  # from the bank
        text = Text(f"{_who(names, entry.get('payee'))} +{amount}{reason}")
    else:
        text = Text(f"{_who(names, entry.get('payer'))} −{amount}{reason}")
    if entry.get("ruined"):
        text.append(", " + _("ruined: {owed} were owed").format(owed=entry.get("owed")),
                    style="yellow")
    return text


def _to_decide(pending: dict[str, Any], names: list[str]) -> Text:
    words = {"name": _who(names, pending.get("seat")),
             "goblins": goblins(int(pending.get("amount") or 0))}
    if pending["kind"] == "hand_out":
        return Text(_("{name} now hands out {goblins}").format(**words), style="italic")
    return Text(_("{name} now chooses who pays {goblins}, or nobody").format(**words),
                style="italic")


def round_text(log: list[Entry], round_number: Any, names: list[str]) -> Text:
    """The round's battles, one word each, and each player's goblins won and paid (public)."""
    start = max((i for i, e in enumerate(log) if e.get("kind") == E.ROUND_START.name
                 and e.get("round") == round_number), default=0)
    entries = log[start:]
    out = Text()
    out.append(_("Round {round} is over.").format(round=round_number), style="bold")
    fields: list[str] = []
    nobody: list[str] = []
    for entry in entries:
        if entry.get("kind") == E.BATTLE.name:
            short = short_field_name(str(entry["battlefield"]))
            if not entry.get("participants"):
                nobody.append(short)
            else:
                fields.append((_("{battlefield} won") if entry.get("won")
                               else _("{battlefield} lost")).format(battlefield=short))
    if nobody:
        fields.append(_("{battlefields}: nobody there").format(battlefields=", ".join(nobody)))
    if fields:
        out.append("\n" + _("Battles:") + " " + " · ".join(fields))
    won = [0] * len(names)
    paid = [0] * len(names)
    for entry in entries:
        if entry.get("kind") != E.PAYMENT.name:
            continue
        payer, payee, amount = entry.get("payer"), entry.get("payee"), int(entry["amount"])
        if isinstance(payee, int) and 0 <= payee < len(names):
            won[payee] += amount
        if isinstance(payer, int) and 0 <= payer < len(names):
            paid[payer] += amount
    out.append("\n" + _("Goblins this round:") + " ")
    for seat, name in enumerate(names):
        if seat:
            out.append(" · ")
        out.append(name)
        money = [f"+{won[seat]}"] * bool(won[seat]) + [f"−{paid[seat]}"] * bool(paid[seat])
        out.append(" " + (" ".join(money) or "±0"))
    return out


__all__ = ["battle_text", "fight_text", "results", "round_text"]
