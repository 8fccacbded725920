"""The words of a conflict's decisions, from the pattern to the clean-up: what attacks, the
move before it, the target, the backing factions and stacks, political support, the
Technology Cards, a conflict Leader, and everything a result may ask (gates destroyed or
saved, Bases filling a Location taken, the technologies that answer a loss)."""

from __future__ import annotations

from typing import Any

from core.games.hegemonic.aftermath import ESCAPE_COST
from core.games.hegemonic.words import facts
from core.games.hegemonic.words.ask_build import pair_ends
from core.games.hegemonic.words.ask_round import pile_name
from core.games.hegemonic.words.asking import (
    asks,
    card_option,
    mine,
    offers,
    option_words,
    place_label,
    tech_card,
)
from core.games.hegemonic.words.cards import leader_level
from core.games.hegemonic.words.choices import Choice
from core.games.hegemonic.words.names import (
    BASE_NAMES,
    FACTION_NAMES,
    KIND_LETTERS,
    KIND_NAMES,
    UNIT_NAMES,
    card_name,
    colour,
    content,
    location_label,
    location_name,
    pattern_name,
    pattern_text,
    power_in,
    seat_name,
    sector_name,
)
from core.words import LABEL_WIDTH, Asked, OptionWords, capital, count, listing, owned

ATTACKER_SHORT = {"complexes": "Complexes", "agent": "Agent", "fleet": "Fleet"}


def _pattern(asked: Asked) -> str:
    pattern = asked.get("pattern")
    if pattern:
        return str(pattern)
    data = facts.conflict(asked.view)
    return str(data["pattern"]) if data else ""


# --- declaring a conflict ------------------------------------------------------------------


@asks("pattern")
def _pattern_question(asked: Asked) -> tuple[str, str]:
    return "Choose the attack pattern", "It says what attacks and what it may target."


@offers("pattern")
def _pattern_option(asked: Asked, choice: Choice) -> OptionWords:
    p = content().patterns[choice.args[0]]
    return option_words(choice, f"{p.name}: {ATTACKER_SHORT[p.attacker]} vs "
                                f"{KIND_LETTERS[p.target]}", pattern_text(p.id))


@asks("attacker")
def _attacker(asked: Asked) -> tuple[str, str]:
    pattern = _pattern(asked)
    name = pattern_name(pattern) if pattern else "Attack"
    return (f"{name}: choose what attacks",
            "Each group of Complexes, Agent and Fleet attacks once a phase; an Agent or a "
            "Fleet may move first.")


@offers("group")
def _group(asked: Asked, choice: Choice) -> OptionWords:
    sector = choice.number()
    here = len(facts.bases_in(asked.view, sector, asked.seat, "industrial"))
    return option_words(choice, place_label(asked, sector, "Complexes in "),
                        f"Your {count(here, 'Complex')} in {sector_name(asked.view, sector)} "
                        f"{'attacks' if here == 1 else 'attack'}, with your Complexes in range",
                        sector)


def _unit_option(asked: Asked, choice: Choice, unit: str, verb: str) -> OptionWords:
    index = choice.number()
    at = facts.unit_at(asked.view, asked.seat, unit, index)
    name = f"{UNIT_NAMES[unit]} {index + 1}"  # a player's three are told apart by number
    where = sector_name(asked.view, at)
    return option_words(choice, place_label(asked, at, f"{name} in "),
                        f"Your {name} in {where} {verb}", at if at >= 0 else None)


@offers("attacker agent")
def _attacking_agent(asked: Asked, choice: Choice) -> OptionWords:
    return _unit_option(asked, choice, "agent", "attacks; it may move first")


@offers("attacker fleet")
def _attacking_fleet(asked: Asked, choice: Choice) -> OptionWords:
    return _unit_option(asked, choice, "fleet", "attacks; it may move first")


@asks("leader_unit")
def _leader_unit(asked: Asked) -> tuple[str, str]:
    return "Choose what your Leader moves", "It moves free, and no conflict follows."


@offers("leader_unit agent")
def _leader_agent(asked: Asked, choice: Choice) -> OptionWords:
    return _unit_option(asked, choice, "agent", "moves")


@offers("leader_unit fleet")
def _leader_fleet(asked: Asked, choice: Choice) -> OptionWords:
    return _unit_option(asked, choice, "fleet", "moves")


def _piece_at(asked: Asked) -> tuple[str, int]:
    """The moving piece's name and sector, from the context's ``piece``."""
    piece = str(asked.get("piece") or "")
    unit, _, index = piece.partition(":")
    if unit not in UNIT_NAMES or not index.isdigit():
        return "unit", -1
    return UNIT_NAMES[unit], facts.unit_at(asked.view, asked.seat, unit, int(index))


@asks("move_to")
def _move_to(asked: Asked) -> tuple[str, str]:
    name, at = _piece_at(asked)
    where = f" from {sector_name(asked.view, at)}" if at >= 0 else ""
    if asked.get("costs") is None and "piece" in asked.context:
        return f"Move your {name}{where}", "Your Leader moves it free."
    return (f"Move your {name}{where} before it attacks, or stay",
            "An Agent pays per board border crossed and never uses gates; a Fleet goes up to "
            "3 hexes through gates.")


@offers("move_to stay")
def _stay(asked: Asked, choice: Choice) -> OptionWords:
    name, at = _piece_at(asked)
    if at < 0:
        return option_words(choice, "Stay", "Attack from where it stands")
    if _targets(asked, "stay") == 0:
        return option_words(choice, "Stay (no target)",
                            f"Nothing the {name} can attack from {sector_name(asked.view, at)}"
                            ": staying ends the action without a conflict", at)
    return option_words(choice, "Stay", f"The {name} attacks from "
                                        f"{sector_name(asked.view, at)}", at)


@offers("move_to sector")
def _move_option(asked: Asked, choice: Choice) -> OptionWords:
    sector = choice.number()
    costs = asked.get("costs")
    if costs is None:
        price = "free" if "piece" in asked.context else ""
    else:
        price = f"for {count(int(costs.get(str(sector), 0)), 'CAP')}"
    found = _targets(asked, str(sector))
    aim = ("" if found is None else ": nothing to attack from there" if found == 0
           else f": {count(found, 'target')} from there")
    return option_words(choice, place_label(asked, sector) + (" (no target)" if found == 0
                                                              else ""),
                        f"Move to {sector_name(asked.view, sector)}"
                        + (f", {price}" if price else "") + aim, sector)


def _targets(asked: Asked, where: str) -> int | None:
    """How many targets the moving piece has from ``where`` ("stay" or a sector), as the
    view's ``aims`` count them (none for a Leader's free move: it attacks nothing)."""
    found = asked.view.get("aims")
    value = found.get(where) if isinstance(found, dict) else None
    return value if isinstance(value, int) else None


@asks("target")
def _target(asked: Asked) -> tuple[str, str]:
    pattern = _pattern(asked)
    name = pattern_name(pattern) if pattern else "Attack"
    return (f"{name}: choose the target",
            "One player's pieces of that kind in one sector in range; you pay when you "
            "declare.")


def target_text(view: dict[str, Any], seat: int, sector: int, defender: int, pattern: str
                ) -> str:
    """"Blue (Osiris)'s 2 Embassies (power 3) and an Agent in Fen Court 14, for 6 CAPs"."""
    p = content().patterns[pattern]
    locations, units, gates = facts.target_pieces(view, sector, defender, p.target)
    bases = sum(facts.location(view, i)["height"] for i in locations)
    parts = []
    if bases:
        power = facts.target_power(view, locations)
        parts.append(f"{owned(bases, BASE_NAMES[p.target])} (power {power})")
    if units:
        parts.append(owned(units, "Agent" if p.target == "political" else "Fleet"))
    if gates:
        parts.append(owned(gates, "gate pair"))
    cost = facts.conflict_cost(view, seat, p.conflict, locations)
    owner = "your" if defender == view["seat"] else f"{seat_name(view, defender)}'s"
    verb = "Take over" if p.conflict == "takeover" else "Destroy"
    return (f"{verb} {owner} {listing(parts) or 'pieces'} in "
            f"{sector_name(view, sector)}, for {count(cost, 'CAP')}")


@offers("target")
def _target_option(asked: Asked, choice: Choice) -> OptionWords:
    sector, defender = choice.number(0), choice.number(1)
    whose_ = "Yours" if defender == asked.view["seat"] else colour(asked.view, defender)
    label = place_label(asked, sector, f"{whose_} in ")
    pattern = _pattern(asked)
    if not pattern:
        return option_words(choice, label, f"Attack {seat_name(asked.view, defender)} in "
                                           f"{sector_name(asked.view, sector)}", sector)
    return option_words(choice, label,
                        target_text(asked.view, asked.seat, sector, defender, pattern), sector)


@offers("target none")
def _no_target(asked: Asked, choice: Choice) -> OptionWords:
    if asked.get("piece", "").startswith("group:"):
        return option_words(choice, "No conflict", "End the action without attacking")
    return option_words(choice, "No conflict", "End the action where the piece stands")


# --- backing -------------------------------------------------------------------------------


@asks("agent_faction")
def _agent_faction(asked: Asked) -> tuple[str, str]:
    whose = "defending " if asked.get("defending") else ""
    return (f"Choose the faction backing your {whose}Agent",
            "Its Embassies lend their power; a faction backs one Agent a phase.")


@offers("faction")
def _faction(asked: Asked, choice: Choice) -> OptionWords:
    faction = choice.args[0]
    power = facts.faction_power(asked.view, asked.seat, faction)
    return option_words(choice, f"{FACTION_NAMES[faction]} faction: +{power}",
                        f"Your Embassies of the {FACTION_NAMES[faction]} faction lend "
                        f"{power} power")


@offers("agent_faction none")
def _no_faction(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "No faction",
                        "The Agent fights alone; your factions stay free for later this phase")


@asks("fleet_outpost")
def _fleet_outpost(asked: Asked) -> tuple[str, str]:
    whose = "defending " if asked.get("defending") else ""
    return (f"Choose the Outpost stack backing your {whose}Fleet",
            "The stack lends its whole power; a stack backs one Fleet a phase.")


@offers("outpost")
def _outpost(asked: Asked, choice: Choice) -> OptionWords:
    loc = choice.number()
    record = facts.location(asked.view, loc)
    return option_words(choice, location_label(asked.view, loc, LABEL_WIDTH, "Stack"),
                        f"Your stack of {count(record['height'], 'Outpost')} on "
                        f"{location_name(asked.view, loc)} backs the Fleet, with the stacks "
                        "and Fleets it draws on", record["sector"])


@offers("fleet_outpost none")
def _no_outpost(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "No stack",
                        "The Fleet fights alone; your stacks stay free for later this phase")


# --- support, cards, Leaders ---------------------------------------------------------------


def _sides(asked: Asked) -> tuple[int, int]:
    """The attacker and the defender of the conflict being decided (-1 if unknown)."""
    attacker, defender = asked.get("attacker"), asked.get("defender")
    if attacker is not None and defender is not None:
        return int(attacker), int(defender)
    data = facts.conflict(asked.view)
    if data is None:
        return -1, -1
    return int(data["attacker"]), int(data["target"]["defender"])


@asks("support")
def _support(asked: Asked) -> tuple[str, str]:
    attacker, defender = _sides(asked)
    return (f"Support a side: {seat_name(asked.view, attacker)} attacks "
            f"{seat_name(asked.view, defender)}",
            "Everyone outside the conflict answers at once, in secret; one power per sector "
            "where you have an Embassy of a faction that side uses.")


@offers("support")
def _support_option(asked: Asked, choice: Choice) -> OptionWords:
    side = choice.args[0]
    attacker, defender = _sides(asked)
    seat = attacker if side == "attacker" else defender
    offered = (asked.get("offers") or {}).get(side)
    lend = f" {offered} power" if offered is not None else " your power"
    return option_words(choice, f"Support {colour(asked.view, seat)}" if seat >= 0
                        else f"Support the {side}",
                        f"Lend {seat_name(asked.view, seat)}, the {side},{lend}")


@offers("support none")
def _no_support(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Stay out", "Lend nothing to either side")


@asks("conflict_card")
def _conflict_card(asked: Asked) -> tuple[str, str]:
    attacker, defender = _sides(asked)
    other = defender if asked.seat == attacker else attacker
    kind = asked.get("kind")
    power = f"its {KIND_NAMES[kind]} power" if kind else "its power"
    return (f"Play a Technology Card against {seat_name(asked.view, other)}",
            f"It adds {power} to yours; both cards are revealed together.")


@offers("conflict_card card")
def _conflict_card_option(asked: Asked, choice: Choice) -> OptionWords:
    card = choice.args[0]
    kind = asked.get("kind")
    if not kind:
        return card_option(choice, card, f"Play {card_name(card)}")
    value = power_in(card, kind)
    return card_option(choice, card,
                       f"Play {card_name(card)} for {value} {KIND_NAMES[kind]} power; "
                       "afterwards you lay it aside or draw a card and discard it", f"+{value} ")


@asks("leader")
def _leader(asked: Asked) -> tuple[str, str]:
    attacker, _ = _sides(asked)
    attack, defence = asked.get("attack"), asked.get("defence")
    if attack is None or defence is None:
        return "Use your Leader before the outcome, or pass", ""
    ours, theirs = (attack, defence) if asked.seat == attacker else (defence, attack)
    return (f"Use your Leader before the outcome ({ours} against {theirs})",
            "A tie is a draw; the higher power wins.")


@offers("leader leader")
def _conflict_leader(asked: Asked, choice: Choice) -> OptionWords:
    level = choice.number()
    leader_id = mine(asked).get("leader") or ""
    if not leader_id:
        return option_words(choice, f"Leader, level {level}", "Use your Leader")
    leader = content().leaders[leader_id]
    return option_words(choice, f"{leader.name}, level {level}",
                        f"{capital(leader_level(leader, level))}; your Leader goes back to "
                        "level 0", None, ("leader", leader_id))


@asks("interrupt")
def _interrupt(asked: Asked) -> tuple[str, str]:
    attacker, target = asked.get("attacker"), asked.get("target")
    if attacker is None or not target:
        return "Interrupt the conflict declared with your Leader, or pass", ""
    _, sector, defender = (int(n) if n.isdigit() else 0 for n in str(target).split(":"))
    whose = "your" if defender == asked.seat else f"{seat_name(asked.view, defender)}'s"
    return (f"{seat_name(asked.view, int(attacker))} attacks {whose} pieces in "
            f"{sector_name(asked.view, sector)}: interrupt with your Leader?",
            "Its costs are not paid yet: after your Leader they may change their target, "
            "or their action.")


@offers("interrupt pass")
def _let_it_go(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Let it go on", "Keep your Leader for later")


@offers("pass")
def _pass(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Pass", "Keep your Leader for later")


# --- after the outcome ---------------------------------------------------------------------


@asks("gate_destroy")
def _gate_destroy(asked: Asked) -> tuple[str, str]:
    owner, pair = asked.get("owner"), asked.get("pair")
    if owner is None or pair is None:
        return "Destroy the loser's gate pair, or spare it", ""
    ends = pair_ends(asked.view, int(owner), int(pair))
    return (f"Destroy {seat_name(asked.view, int(owner))}'s gate pair between {ends}?",
            "They lost a conflict using Industrial power there.")


@offers("destroy")
def _destroy(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Destroy it", "Both ends leave the map")


@offers("spare")
def _spare(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Spare it", "The pair stays")


@asks("gate_rescue")
def _gate_rescue(asked: Asked) -> tuple[str, str]:
    sector = asked.get("sector")
    where = f" in {sector_name(asked.view, int(sector))}" if sector is not None else ""
    return (f"Predictive Algorithms: move your gate end{where} before it is destroyed?",
            f"It costs {count(ESCAPE_COST, 'CAP')}; the pair must be legal where it goes.")


@offers("gate_rescue sector")
def _rescue(asked: Asked, choice: Choice) -> OptionWords:
    sector = choice.number()
    return option_words(choice, place_label(asked, sector),
                        f"Move the end to {sector_name(asked.view, sector)} for "
                        f"{count(ESCAPE_COST, 'CAP')}", sector)


@offers("gate_rescue none")
def _no_rescue(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Let it go", "The gate pair is destroyed")


@asks("takeover_fill")
def _takeover_fill(asked: Asked) -> tuple[str, str]:
    loc = asked.get("location")
    where = location_name(asked.view, int(loc)) if loc is not None else "the Location taken"
    return (f"Move one of your Bases to {where}, or leave it empty",
            "Your track has no Base left for it.")


@offers("takeover_fill loc")
def _fill(asked: Asked, choice: Choice) -> OptionWords:
    loc = choice.number()
    record = facts.location(asked.view, loc)
    base = BASE_NAMES[record["kind"]]
    return option_words(choice, location_label(asked.view, loc, LABEL_WIDTH, f"{base} from"),
                        f"Move your {base} from {location_name(asked.view, loc)}, free",
                        record["sector"])


@offers("empty")
def _empty(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Leave it empty", "The Location stays open")


@asks("hulls")
def _hulls(asked: Asked) -> tuple[str, str]:
    return ("Bio-Adaptive Hulls: save an Outpost of your lost stack?",
            f"It costs {count(ESCAPE_COST, 'CAP')}, to an open Martial Location in the "
            "stack's range.")


@offers("hulls loc")
def _hull(asked: Asked, choice: Choice) -> OptionWords:
    loc = choice.number()
    record = facts.location(asked.view, loc)
    return option_words(choice, location_label(asked.view, loc, LABEL_WIDTH, "Outpost to"),
                        f"Put the Outpost on {location_name(asked.view, loc)} for "
                        f"{count(ESCAPE_COST, 'CAP')}", record["sector"])


@offers("hulls none")
def _no_hull(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Let it go", "The whole stack goes back to your track")


@asks("rebuild")
def _rebuild(asked: Asked) -> tuple[str, str]:
    unit = str(asked.get("unit") or "agent")
    tech = "Subliminal Telepathy" if unit == "agent" else "Phased Teleportation"
    return (f"{tech}: rebuild your destroyed {UNIT_NAMES.get(unit, 'unit')} at Home?",
            f"It costs {count(ESCAPE_COST, 'CAP')}.")


@offers("rebuild")
def _rebuild_option(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Rebuild it",
                        f"It comes back in your Home for {count(ESCAPE_COST, 'CAP')}")


@offers("rebuild none")
def _no_rebuild(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Leave it", "It stays in your supply")


@asks("stealth")
def _stealth(asked: Asked) -> tuple[str, str]:
    return ("Stealth Field Emitter: move your Agent to a sector with your Embassy?",
            "It moves free.")


def _stealth_agent(asked: Asked) -> int:
    index = asked.get("index")
    return facts.unit_at(asked.view, asked.seat, "agent", int(index)) if index is not None else -1


@offers("stealth sector")
def _stealth_option(asked: Asked, choice: Choice) -> OptionWords:
    sector = choice.number()
    return option_words(choice, place_label(asked, sector),
                        f"Your Agent moves to {sector_name(asked.view, sector)}, free", sector)


@offers("stealth stay")
def _stealth_stay(asked: Asked, choice: Choice) -> OptionWords:
    at = _stealth_agent(asked)
    where = f" in {sector_name(asked.view, at)}" if at >= 0 else ""
    return option_words(choice, "Stay", f"Your Agent stays{where}", at if at >= 0 else None)


# --- clean-up ------------------------------------------------------------------------------


@asks("cleanup")
def _cleanup(asked: Asked) -> tuple[str, str]:
    card = asked.get("card")
    what = card_name(card) if card else "the card you played"
    return (f"Clean up: lay {what} aside, or draw a card and discard it",
            "Your Inactive pile comes back to your hand at Arbitration, or when your hand "
            "is empty.")


@offers("inactive")
def _inactive(asked: Asked, choice: Choice) -> OptionWords:
    card = asked.get("card")
    what = card_name(card) if card else "the card"
    return option_words(choice, "Lay it aside", f"Put {what} on your Inactive pile",
                        None, tech_card(card) if card else None)


def _then_discard(asked: Asked) -> str:
    card = asked.get("card")
    return f", then discard {card_name(card)}" if card else ", then discard the card played"


@offers("cleanup deck")
def _cleanup_deck(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Draw from the draw pile",
                        f"Draw the top card of the draw pile, unseen{_then_discard(asked)}")


@offers("cleanup pile")
def _cleanup_pile(asked: Asked, choice: Choice) -> OptionWords:
    n = choice.number()
    piles = asked.view["piles"]
    top = piles[n][-1] if 0 <= n < len(piles) and piles[n] else ""
    if not top:
        return option_words(choice, "Take a discard", f"Take the top of "
                                                       f"{pile_name(asked.view, n)}"
                                                       f"{_then_discard(asked)}")
    return card_option(choice, top, f"Take {card_name(top)} from {pile_name(asked.view, n)}"
                                    f"{_then_discard(asked)}", "Take ")


@offers("cleanup advanced")
def _cleanup_advanced(asked: Asked, choice: Choice) -> OptionWords:
    card = choice.args[0]
    return card_option(choice, card, f"Take {card_name(card)} back from your Advanced "
                                     f"Technologies{_then_discard(asked)}", "Take back ")

