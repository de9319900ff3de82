"""Combat (§6 of the reference): boarding rounds, volley exchanges and Volley cards, damage,
flight and rout, the legendary pirates' volleys, the final tie-break (P-R11). The Battle cards
are in battle_cards.py, the Royal Navy's part in navy.py, a parrot's wounds in parrots.py."""

from __future__ import annotations

from functools import lru_cache

from common.errors import IllegalAction
from common.rules import Refusal, Rule
from pirates import data as D
from pirates import event_kinds as E
from pirates.actions import Action, Fire, Flee, PlayVolley, Reload
from pirates.battle_cards import BattleCardsRules, boarding_options
from pirates.legality import (
    FLEE,
    RELOAD_OR_FLEE,
    SECTION_IDS,
    card_name,
    fight,
    holds,
    target_refusal,
)
from pirates.navy import NavyRules, fire_options, navy_turn
from pirates.numbers import combat_speed, hit_face, ship_dice
from pirates.parrots import ParrotsRules
from pirates.state import COMBAT, NOBODY, Combat, Legend, Ship, State, afloat_raiders


class CombatRules(NavyRules, BattleCardsRules, ParrotsRules):
    """The combat rules, on the draft."""

    def start_combat(self, island: int) -> bool:
        """Set up the combat on ``island`` if there is one (§5.3)."""
        fighters = tuple(s for s in range(self.count) if self.ships[s].island == island)
        legend = self.legend_at(island)
        navy = self.navy is not None and self.navy.island == island
        if not fighters:
            return False
        if island == D.TREASURE_ISLAND and legend == NOBODY:
            return False  # no combat between players on Treasure Island
        if len(fighters) < 2 and legend == NOBODY and not navy:
            return False
        hull = self.legends[legend].hull if legend != NOBODY else 0
        n = self.count
        self.combat = Combat(
            island=island, boarding=True, fighters=fighters, order=(), turn=0, played=False,
            exchange=0, legend=legend, legend_hull=hull, exchange_hull=hull,
            navy_hull=D.ROYAL_NAVY.hull if navy else 0, navy_in=navy, battle=(),
            becalmed=False, hooks=False, winds=(0,) * n, smoke=frozenset(), overboard=(0,) * n,
            hit=frozenset(), reload=(-1,) * n, volley=(),
        )
        self.emit(E.COMBAT_START.record(
            island=island, ships=fighters,
            legend=self.legends[legend].card if legend != NOBODY else None, navy=navy))
        speed = {s: self.base_speed(s) for s in fighters}
        self.combat = self.combat._replace(order=self.speed_order(list(fighters), speed))
        return True

    def start_tiebreak(self, tied: tuple[int, ...]) -> None:
        """P-R11: the tied ships fight as they stand, without cards or fleeing."""
        n = self.count
        self.phase = COMBAT
        self.island = D.TIEBREAK
        self.combat = Combat(
            island=D.TIEBREAK, boarding=False, fighters=tied, order=(), turn=0, played=False,
            exchange=0, legend=NOBODY, legend_hull=0, exchange_hull=0, navy_hull=0,
            navy_in=False, battle=(), becalmed=True, hooks=False, winds=(0,) * n,
            smoke=frozenset(), overboard=(0,) * n, hit=frozenset(), reload=(-1,) * n, volley=(),
        )
        self.emit(E.TIEBREAK_START.record(ships=tied))
        self.start_exchange()
        self.run_combat()

    def boarding_next(self, played: bool) -> None:
        cb = self.fight()
        turn = cb.turn + 1
        any_played = cb.played or played
        if cb.becalmed:  # Becalmed: no more cards of any kind in this combat
            self.end_boarding()
            return
        if turn >= len(cb.order):
            if not any_played:
                self.end_boarding()
                return
            turn, any_played = 0, False
        self.combat = cb._replace(turn=turn, played=any_played)
        self.seat = cb.order[turn]

    def end_boarding(self) -> None:
        self.combat = self.fight()._replace(boarding=False)
        self.start_exchange()
        self.run_combat()

    def combat_speed(self, ship: int) -> int:
        return combat_speed(self.fight(), self.ships, self.legends, ship)

    def start_exchange(self) -> None:
        cb = self.fight()
        ships = list(cb.fighters) + afloat_raiders(cb)
        speed = {s: self.combat_speed(s) for s in ships}
        order = self.speed_order(ships, speed)
        self.combat = cb._replace(exchange=cb.exchange + 1, order=order,
                             exchange_hull=cb.legend_hull)
        self.emit(E.EXCHANGE.record(number=cb.exchange + 1, order=order))

    def end_exchange(self) -> None:
        """The Flying Dutchman regains up to ``regain`` hull lost in this exchange."""
        cb = self.fight()
        if cb.legend == NOBODY or cb.legend_hull <= 0:
            return
        raider = D.LEGEND_BY_ID[self.legends[cb.legend].card]
        lost = cb.exchange_hull - cb.legend_hull
        if raider.regain and lost > 0:
            hull = min(raider.hull, cb.legend_hull + min(raider.regain, lost))
            self.combat = cb._replace(legend_hull=hull)
            self.emit(E.LEGEND_REGAINS.record(legend=raider.id, hull=hull))

    def present(self, ship: int) -> bool:
        cb = self.fight()
        if ship >= 0:
            return ship in cb.fighters
        return ship in afloat_raiders(cb)

    def combat_over(self) -> bool:
        cb = self.fight()
        if not cb.fighters:
            return True
        if afloat_raiders(cb):
            return False
        if cb.island == D.TREASURE_ISLAND:
            return True  # the pirate is sunk: players never fight each other here
        return len(cb.fighters) <= 1

    def volley_fired(self) -> None:
        """After a volley decided by a player: the routs, then the combat runs on."""
        self.after_volley()
        self.run_combat()

    def pop_turn(self) -> None:
        cb = self.fight()
        self.combat = cb._replace(order=cb.order[1:])

    def run_combat(self) -> None:
        """Run the volley exchanges until a player must decide or the combat ends."""
        while True:
            if self.combat_over():
                self.finish_combat()
                return
            cb = self.fight()
            if not cb.order:
                self.end_exchange()
                self.start_exchange()
                continue
            ship = cb.order[0]
            if not self.present(ship):
                self.pop_turn()
                continue
            if ship == D.LEGEND_SHIP:
                self.legend_turn()
                self.pop_turn()
                continue
            if ship == D.NAVY_SHIP:
                assert self.navy is not None
                self.seat = self.navy.controller
                return
            self.seat = ship
            return

    def legend_turn(self) -> None:
        """A legendary pirate fires one volley at every opponent, by its card's section."""
        cb = self.fight()
        raider = D.LEGEND_BY_ID[self.legends[cb.legend].card]
        speed = {s: self.combat_speed(s) for s in cb.fighters}
        # P-R13: highest value of the card's section first; then the faster ship; then seat.
        targets = sorted(
            cb.fighters,
            key=lambda s: (-D.value(raider.order_by, self.ships[s].levels[raider.order_by]),
                           -speed[s], s),
        )
        for target in targets:
            if self.combat_over():
                return
            if target not in self.fight().fighters:
                continue
            need = hit_face(self.fight(), target, 0)
            dice = self.rolls(raider.dice)
            hits = sum(v >= need for v in dice)
            self.emit(E.LEGEND_VOLLEY.record(
                ship=D.LEGEND_SHIP, legend=raider.id, target=target,
                section=SECTION_IDS[raider.fires_at], dice=dice, hits=hits, cards=()))
            for _ in range(hits):
                self.damage(target, raider.fires_at, by_enemy=True)
            self.after_volley()

    def dice_count(self, seat: int) -> int:
        return ship_dice(self.ships[seat], self.fight().hooks)

    def player_volley(self, seat: int, target: int, section: int) -> None:
        """A player's volley, with the Volley cards played for it (P-R14: copies add up)."""
        cb = self.fight()
        played = [D.TAVERN[c].effect for c in cb.volley]
        copies = {effect: played.count(effect) for effect in D.VOLLEY_EFFECTS}
        need = hit_face(cb, target, copies[D.GRAPESHOT])
        dice = self.rolls(self.dice_count(seat))
        hits = sum(v >= need for v in dice)
        at_legend = self.legends[cb.legend].card if target == D.LEGEND_SHIP else None
        self.emit(E.VOLLEY.record(ship=seat, target=target, at_legend=at_legend,
                                  section=SECTION_IDS[section], dice=dice, hits=hits,
                                  cards=tuple(sorted(played))))
        sections = _hit_sections(target, section, copies[D.BROADSIDE])
        cause = len(self.records)  # the keg's line goes here: before the damage it causes
        for _ in range(hits):
            self.volley_hit(seat, target, sections, copies[D.POWDER_KEG])
        if hits and copies[D.POWDER_KEG]:
            self.keg_report(seat, hits * copies[D.POWDER_KEG], cause)
        self.end_volley(seat, copies[D.BROADSIDE])
        if copies[D.GRAPESHOT]:
            self.grapeshot_recoil(seat, copies[D.GRAPESHOT])

    def volley_hit(self, seat: int, target: int, sections: tuple[int, ...], kegs: int) -> None:
        for sec in sections:
            self.damage(target, sec, by_enemy=True)
        for _ in range(kegs):  # Powder Keg: each hit also hits every hull here, the firer's too
            cb = self.fight()
            for ship in (*cb.fighters, *afloat_raiders(cb)):
                self.damage(ship, D.HULL, by_enemy=ship != seat)

    def keg_report(self, seat: int, hits: int, at: int) -> None:
        """The Powder Keg's extra hits, with the raiders' hulls after them (the players' ships
        have their own damage lines), logged at ``at``: after the volley, before its damage."""
        cb = self.fight()
        legend = self.legends[cb.legend].card if cb.legend != NOBODY else None
        self.records.insert(at, E.POWDER_KEG.record(
            seat=seat, hits=hits, legend=legend, legend_hull=cb.legend_hull if legend else None,
            navy_hull=cb.navy_hull if cb.navy_in else None))

    def end_volley(self, seat: int, broadsides: int) -> None:
        """The Volley cards are discarded; after a Full Broadside the ship reloads next exchange."""
        cb = self.fight()
        if broadsides:
            reload = list(cb.reload)
            reload[seat] = cb.exchange + 1
            cb = cb._replace(reload=tuple(reload))
        self.discard(cb.volley)
        self.combat = cb._replace(volley=())

    def grapeshot_recoil(self, seat: int, copies: int) -> None:
        ship = self.ships[seat]
        silver = ship.parrot != NOBODY and D.TAVERN[ship.parrot].effect == D.SILVER
        self.emit(E.GRAPESHOT_RECOIL.record(seat=seat))  # the cause, before what it does
        if silver and not ship.craft_at(D.CANNONS):  # P-R9: the recoil kills the parrot
            self.kill_parrot(seat)
        for _ in range(D.GRAPESHOT_RECOIL * copies):
            self.damage(seat, D.CANNONS, by_enemy=False)

    def damage(self, ship: int, section: int, by_enemy: bool) -> None:
        """One hit: Mastercraft absorbs first, then the parrot advising it, then the ring."""
        cb = self.fight()
        if ship == D.LEGEND_SHIP:
            self.damage_legend()
            return
        if ship == D.NAVY_SHIP:
            if cb.navy_hull > 0:
                self.combat = cb._replace(navy_hull=cb.navy_hull - 1)
                if cb.navy_hull == 1:
                    self.emit(E.NAVY_SUNK.record(island=cb.island))
            return
        if by_enemy and ship not in cb.hit:
            self.combat = cb._replace(hit=cb.hit | {ship})
        s = self.ships[ship]
        name = SECTION_IDS[section]
        if s.craft != NOBODY and s.craft_section == section:
            if not s.craft_damaged:
                self.set_ship(ship, craft_damaged=True)
                self.emit(E.MASTERCRAFT_DAMAGED.record(seat=ship, section=name))
            else:
                self.discard((s.craft,))
                self.set_ship(ship, craft=NOBODY, craft_section=NOBODY, craft_damaged=False)
                self.emit(E.MASTERCRAFT_DESTROYED.record(seat=ship, section=name))
            return
        if s.more_crafts and self.further_craft_hit(ship, section):
            return
        if s.parrot != NOBODY and D.TAVERN[s.parrot].section == section:
            self.hit_parrot(ship)
            return
        level = s.levels[section]
        if level < 0:
            return
        self.set_level(ship, section, level - 1)
        self.emit(E.DAMAGED.record(seat=ship, section=name, level=level - 1))

    def further_craft_hit(self, ship: int, section: int) -> bool:
        """The Mastercraft variant: a further Mastercraft on ``section`` takes the hit, as the
        first does (damaged, then destroyed); False when there is none."""
        crafts = list(self.ships[ship].more_crafts)
        at = next((i for i, c in enumerate(crafts) if c[0] == section), None)
        if at is None:
            return False
        _, card, damaged = crafts[at]
        name = SECTION_IDS[section]
        if damaged:
            del crafts[at]
            self.discard((card,))
            self.emit(E.MASTERCRAFT_DESTROYED.record(seat=ship, section=name))
        else:
            crafts[at] = (section, card, True)
            self.emit(E.MASTERCRAFT_DAMAGED.record(seat=ship, section=name))
        self.set_ship(ship, more_crafts=tuple(crafts))
        return True

    def damage_legend(self) -> None:
        cb = self.fight()
        if cb.legend_hull <= 0:
            return
        self.combat = cb._replace(legend_hull=cb.legend_hull - 1)
        if cb.legend_hull > 1:
            return
        # Sunk: its fame is shared, rounded down, among the player ships still here, even one
        # crippled by the same shot (routing comes after the volley).
        raider = D.LEGEND_BY_ID[self.legends[cb.legend].card]
        share = raider.fame // len(cb.fighters) if cb.fighters else 0
        for seat in cb.fighters:
            self.add_fame(seat, share)
        self.emit(E.LEGEND_SUNK.record(legend=raider.id, island=cb.island, ships=cb.fighters,
                                       share=share))

    def after_volley(self) -> None:
        """Crippled ships are routed to Pirate's Cove; each witness still here gains 1 fame."""
        cb = self.fight()
        routed = [s for s in cb.fighters if self.ships[s].crippled]
        if not routed:
            return
        stay = tuple(s for s in cb.fighters if s not in routed)
        self.combat = cb._replace(fighters=stay)
        tiebreak = cb.island == D.TIEBREAK
        for seat in routed:
            if not tiebreak:
                self.set_ship(seat, island=D.COVE)
                for witness in stay:
                    self.add_fame(witness, D.WITNESS_FAME)
            self.emit(E.ROUTED.record(seat=seat, witnesses=() if tiebreak else stay,
                                      final=tiebreak))

    def flee(self, seat: int) -> None:
        cb = self.fight()
        stay = tuple(s for s in cb.fighters if s != seat)
        self.combat = cb._replace(fighters=stay)
        self.set_ship(seat, island=D.COVE)
        witnesses = stay if seat in cb.hit else ()
        for witness in witnesses:
            self.add_fame(witness, D.WITNESS_FAME)
        die = self.roll()  # a ship that flees uncrippled risks a mutiny
        self.emit(E.FLED.record(seat=seat, witnesses=witnesses, die=die,
                                mutiny=die == D.MUTINY_FACE))
        if die == D.MUTINY_FACE:
            ship = self.ships[seat]
            self.pay(seat, ship.gold)
            self.supply += ship.chests
            self.set_ship(seat, chests=0)
            self.add_fame(seat, -D.MUTINY_FAME)

    def finish_combat(self) -> None:
        cb = self.fight()
        survivors = cb.fighters
        if cb.navy_in:
            self.navy_leaves(cb)
        if cb.legend != NOBODY:
            lg = self.legends[cb.legend]
            raider = D.LEGEND_BY_ID[lg.card]
            if cb.legend_hull <= 0:
                self.legends[cb.legend] = Legend(lg.card, lg.island, 0, True)
            else:  # a pirate that wins is repaired in full
                self.legends[cb.legend] = Legend(lg.card, lg.island, raider.hull)
        self.discard(cb.battle + cb.volley)
        self.supply += sum(cb.overboard)
        self.combat = None
        self.emit(E.COMBAT_END.record(island=cb.island, survivors=survivors))
        self.after_combat(cb.island, survivors)

    def after_combat(self, island: int, survivors: tuple[int, ...]) -> None:
        """What follows a combat: the next island's, or the end of the game (the month's)."""
        raise NotImplementedError


def _hit_sections(target: int, section: int, broadsides: int) -> tuple[int, ...]:
    """The sections each hit damages: Full Broadside hits every section (a raider's hull)."""
    if not broadsides:
        return (section,)
    every = (D.HULL, D.SAILS, D.CREW, D.CANNONS) if target >= 0 else (D.HULL,)
    return every * broadsides


# --------------------------------------------------------------------------- what may be done

def combat_options(state: State, seat: int) -> tuple[Action, ...]:
    cb = fight(state)
    ship = state.ships[seat]
    if cb.boarding:
        return boarding_options(seat, ship)
    if navy_turn(cb):
        return fire_options(seat, cb.fighters)
    return _volley_options(cb, seat, ship)


def reload_turn(cb: Combat, seat: int) -> bool:
    """Full Broadside: the ship may not fire in the next exchange, only reload or flee."""
    return cb.reload[seat] == cb.exchange and not cb.volley


def tiebreak(cb: Combat) -> bool:
    return cb.island == D.TIEBREAK  # P-R11: without cards and without fleeing


# --------------------------------------------------------------------------- volley turns

@lru_cache(maxsize=1024)
def _fire(seat: int, targets: tuple[int, ...], raiders: tuple[int, ...]) -> tuple[Action, ...]:
    """While a raider is afloat, only its hull is a target; else every section of the others."""
    if raiders:
        return tuple(Fire(seat, r, "hull") for r in raiders)
    return tuple(Fire(seat, t, name) for t in targets if t != seat for name in SECTION_IDS)


def _volley_options(cb: Combat, seat: int, ship: Ship) -> tuple[Action, ...]:
    if reload_turn(cb, seat):
        return RELOAD_OR_FLEE[seat]
    out: list[Action] = list(_fire(seat, cb.fighters, tuple(afloat_raiders(cb))))
    final = tiebreak(cb)
    if not (cb.becalmed or final):  # any number of Volley cards, copies included
        out.extend(PlayVolley(seat, e) for e in D.VOLLEY_EFFECTS if holds(ship, e))
    if not (cb.volley or final):
        out.append(FLEE[seat])
    return tuple(out)


def _volley_turn_refusal(cb: Combat, what: str, task: str) -> Refusal:
    """``what`` (``task`` for an interface) is done on one's own volley turn only."""
    if cb.boarding:
        return IllegalAction(f"{what} on your volley turn, after the boarding rounds",
                             "boarding", {"task": task})
    if navy_turn(cb):
        return IllegalAction("it is the Royal Navy's volley: name its target and section",
                             "navy-turn")
    return None


def _cards_refusal(cb: Combat) -> Refusal:
    if tiebreak(cb):
        return IllegalAction("the final tie-break is fought without cards", "tiebreak-no-cards")
    if cb.becalmed:
        return IllegalAction("Becalmed: no more cards may be played in this combat",
                             "becalmed")
    return None


def _must_reload_refusal(cb: Combat, seat: int) -> Refusal:
    if reload_turn(cb, seat):
        return IllegalAction("after a Full Broadside your ship may not fire in this exchange: "
                             "reload or flee", "must-reload")
    return None


def _volley_refusal(state: State, a: PlayVolley) -> Refusal:
    cb = fight(state)
    for found in (_volley_turn_refusal(cb, "Volley cards are played", "volley-cards"),
                  _must_reload_refusal(cb, a.seat), _cards_refusal(cb)):
        if found is not None:
            return found
    if a.card not in D.VOLLEY_EFFECTS:
        return IllegalAction(f"{card_name(a.card)} is not a Volley card", "not-a-volley-card")
    return None


def _h_volley_card(d: CombatRules, a: PlayVolley) -> None:
    cb = d.fight()
    card = d.take_from_hand(a.seat, a.card)
    d.combat = cb._replace(volley=(*cb.volley, card))
    d.emit(E.VOLLEY_CARD.record(seat=a.seat, card=a.card))


def _fire_refusal(state: State, a: Fire) -> Refusal:
    cb = fight(state)
    found = _volley_turn_refusal(cb, "you fire", "fire") or _must_reload_refusal(cb, a.seat)
    if found is not None:
        return found
    raiders = afloat_raiders(cb)
    if raiders and a.target not in raiders:
        return IllegalAction("while a legendary pirate or the Royal Navy is afloat here, fire "
                             "at it first", "raider-first")
    if raiders:
        if a.section != "hull":
            return IllegalAction("a legendary pirate or the Royal Navy is fired at on its hull "
                                 "only", "raider-hull-only")
        return None
    if a.target == a.seat:
        return IllegalAction("a ship does not fire at itself", "own-ship")
    return target_refusal(cb, a.target)


def _h_fire(d: CombatRules, a: Fire) -> None:
    d.pop_turn()
    d.player_volley(a.seat, a.target, D.SECTION_INDEX[a.section])
    d.volley_fired()


def _flee_refusal(state: State, a: Flee) -> Refusal:
    cb = fight(state)
    return _volley_turn_refusal(cb, "a ship flees", "flee") or _flight_refusal(cb)


def _flight_refusal(cb: Combat) -> Refusal:
    if tiebreak(cb):
        return IllegalAction("nobody flees the final tie-break", "tiebreak-no-flight")
    if cb.volley:
        return IllegalAction("you have played Volley cards: you must fire",
                             "must-fire-after-volley")
    return None


def _h_flee(d: CombatRules, a: Flee) -> None:
    d.pop_turn()
    d.flee(a.seat)
    d.run_combat()


def _reload_refusal(state: State, a: Reload) -> Refusal:
    cb = fight(state)
    found = _volley_turn_refusal(cb, "a ship reloads", "reload")
    if found is None and not reload_turn(cb, a.seat):
        return IllegalAction("only a ship that fired a Full Broadside in the last exchange "
                             "reloads", "no-reload")
    return found


def _h_reload(d: CombatRules, a: Reload) -> None:
    d.pop_turn()
    d.emit(E.RELOAD.record(seat=a.seat))
    d.run_combat()


_HERE = (COMBAT,)
RULES: dict[type, Rule] = {
    PlayVolley: Rule(_HERE, None, _volley_refusal, _h_volley_card),
    Fire: Rule(_HERE, None, _fire_refusal, _h_fire),
    Flee: Rule(_HERE, None, _flee_refusal, _h_flee),
    Reload: Rule(_HERE, None, _reload_refusal, _h_reload),
}
