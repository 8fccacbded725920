"""Words of the decisions of the conflict phase and around it: battles and their damage,
the watcher's order, the order of battles and sieges, sieges, events resolved after an
action and the first player of the next cycle."""

from __future__ import annotations

from core.games.fractal.choices import Choice
from core.games.fractal.words import battles, cards, effects
from core.games.fractal.words import facts as f
from core.games.fractal.words.ask_actions import track_gain
from core.games.fractal.words.asking import asks, mine, offers, option_words, place, place_label
from core.games.fractal.words.names import (
    card_name,
    colour,
    content,
    kind_of,
    ordinal,
    record,
    seat_name,
    units,
    whose,
)
from core.words import (
    LABEL_WIDTH,
    Asked,
    OptionWords,
    article,
    capital,
    count,
    fit,
    listing,
    plural,
)

# --- battles -------------------------------------------------------------------------------


def _battle_place(asked: Asked) -> str:
    sector = asked.get("sector")
    return f" in {place(asked, sector)}" if sector is not None else ""


@asks("tactic")
def _tactic_question(asked: Asked) -> tuple[str, str]:
    turn = asked.get("turn")
    when = f", turn {turn}" if turn else ""
    return (f"Battle{_battle_place(asked)}{when}: choose your tactic card",
            "Everyone reveals at once; the lowest initiative resolves first")


@offers("tactic")
def _tactic_option(asked: Asked, c: Choice) -> OptionWords:
    card_id = c.args[0]
    text = cards.card("tactic", card_id)
    record = battles.battle_of(asked.view)
    entry = battles.tactic_entry(record, asked.seat, card_id) if record else None
    initiative = entry["initiative"] if entry else text.facts["initiative"]  # with upgrades
    return option_words(c, f"{text.name} ({initiative})", " ".join(text.lines),
                        asked.get("sector"), ("tactic", card_id),
                        battles.warning(asked.view, asked.seat, card_id))


def _tactic_named(asked: Asked) -> str:
    tactic = asked.get("tactic")
    return card_name(tactic) if tactic else "your tactic"


@asks("composition")
def _composition_question(asked: Asked) -> tuple[str, str]:
    return (f"Choose how {_tactic_named(asked)} is formed{_battle_place(asked)}",
            "Each formation counts your units differently")


@offers("composition")
def _composition_option(asked: Asked, c: Choice) -> OptionWords:
    tactic = asked.get("tactic")
    if not tactic:
        return option_words(c, f"Formation {c.number(0) + 1}",
                            f"Form the card the {ordinal(c.number(0) + 1)} way it lists.")
    comp = content().tactic_cards[tactic].compositions[c.number(0)]
    return option_words(c, units(comp.units), f"With {cards.composition(comp)}.",
                        asked.get("sector"), ("tactic", tactic))


@asks("target_player")
def _target_question(asked: Asked) -> tuple[str, str]:
    if asked.get("kind"):
        return (f"Choose who takes the {asked.get('kind')} damage{_battle_place(asked)}", "")
    return (f"Choose who {_tactic_named(asked)} strikes{_battle_place(asked)}", "")


@offers("target_player seat")
def _target_option(asked: Asked, c: Choice) -> OptionWords:
    seat = c.number(0)
    sector = asked.get("sector")
    there = ""
    if sector is not None:
        there = f", who has {units(f.kinds(f.units_at(asked.view, sector, seat)))} there"
    return option_words(c, seat_name(asked.view, seat),
                        f"Strike {seat_name(asked.view, seat)}{there}.", sector)


@asks("upgrade_order")
def _upgrade_order_question(asked: Asked) -> tuple[str, str]:
    return (f"Choose when the technology upgrade of {_tactic_named(asked)} strikes",
            "Damage is dealt in order; it matters which hits first")


@offers("upgrade")
def _upgrade_option(asked: Asked, c: Choice) -> OptionWords:
    if c.args[0] == "before":
        return option_words(c, "Upgrade first",
                            "The damage of the technology upgrade comes before the card's own.")
    return option_words(c, "Card first",
                        "The card's own damage comes first, then the upgrade's.")


@asks("simultaneous_order")
def _order_question(asked: Asked) -> tuple[str, str]:
    return (f"Choose whose card strikes first{_battle_place(asked)}",
            "Cards of equal initiative hit the same player: you set their order")


@offers("simultaneous_order seat")
def _order_option(asked: Asked, c: Choice) -> OptionWords:
    seat = c.number(0)
    return option_words(c, seat_name(asked.view, seat),
                        f"{capital(whose(asked.view, seat))} card deals its damage next.",
                        asked.get("sector"))


@asks("damage_sector")
def _damage_sector_question(asked: Asked) -> tuple[str, str]:
    kind = asked.get("kind", "")
    return f"Choose where to deal {kind + ' ' if kind else ''}damage", "A contested sector"


@offers("damage_sector sector")
def _damage_sector_option(asked: Asked, c: Choice) -> OptionWords:
    sector = c.number(0)
    enemies = [s for s in f.owners_at(asked.view, sector) if s != asked.seat]
    return option_words(c, place_label(asked, sector),
                        f"Deal the damage in {place(asked, sector)}, against "
                        f"{listing([seat_name(asked.view, s) for s in enemies], 'or')}.", sector)


@asks("damage_target")
def _damage_target_question(asked: Asked) -> tuple[str, str]:
    kind = asked.get("kind", "")
    target = asked.get("target")
    units_of = "the unit that" if target is None else (
        f"which of {whose(asked.view, target)} units")
    return (f"Choose {units_of} takes the {kind + ' ' if kind else ''}damage"
            f"{_battle_place(asked)}",
            "Resist lets a unit take a hit lying down; the next one removes it")


def _unit_label(asked: Asked, unit_id: int) -> tuple[str, str]:
    u = f.unit(asked.view, unit_id)
    state = " (toppled)" if u["damage"] else ""
    return f"{capital(u['kind'])}{state}", f"{whose(asked.view, u['owner'])} {u['kind']}{state}"


@offers("damage_target unit")
def _damage_target_option(asked: Asked, c: Choice) -> OptionWords:
    label, text = _unit_label(asked, c.number(0))
    where = f.unit(asked.view, c.number(0))["where"]
    return option_words(c, label, f"The damage falls on {text}.", where)


@asks("vanguard")
def _vanguard_question(asked: Asked) -> tuple[str, str]:
    hit = asked.get("unit")
    target = f"your {f.unit(asked.view, hit)['kind']}" if hit is not None else "your unit"
    return (f"Vanguard: a unit may take the hit meant for {target}{_battle_place(asked)}",
            "Once per damage instance")


@offers("vanguard unit")
def _vanguard_option(asked: Asked, c: Choice) -> OptionWords:
    label, text = _unit_label(asked, c.number(0))
    where = f.unit(asked.view, c.number(0))["where"]
    return option_words(c, f"{label} steps in", f"{capital(text)} takes the damage instead.", where)


@offers("vanguard done")
def _vanguard_done(asked: Asked, c: Choice) -> OptionWords:
    return option_words(c, "No vanguard", "The unit that was hit takes the damage.")


@asks("retreat_destination")
def _retreat_question(asked: Asked) -> tuple[str, str]:
    moving = asked.get("unit")
    who_retreats = "the unit"
    if moving is not None:
        u = f.unit(asked.view, moving)
        who_retreats = f"{whose(asked.view, u['owner'])} {u['kind']}"
    sector = asked.get("sector")
    origin = f" from {place(asked, sector)}" if sector is not None else ""
    return (f"Choose where {who_retreats} retreats{origin}", "Among the nearest safe sectors")


@offers("retreat_destination sector")
def _retreat_option(asked: Asked, c: Choice) -> OptionWords:
    sector = c.number(0)
    return option_words(c, place_label(asked, sector), f"It retreats to {place(asked, sector)}.",
                        sector)


# --- the conflict phase --------------------------------------------------------------------


@asks("watcher")
def _watcher_question(asked: Asked) -> tuple[str, str]:
    return ("You are the watcher: choose your free order",
            "It comes before the battles of this conflict phase")


@offers("recruit")
def _watcher_recruit(asked: Asked, c: Choice) -> OptionWords:
    kind = c.args[0]
    return option_words(c, f"Recruit 1 {kind}",
                        f"Recruit 1 {kind} for free in a sector with your colonies.")


@offers("move")
def _watcher_move(asked: Asked, c: Choice) -> OptionWords:
    return option_words(c, "One movement order", "Make a single free movement order.")


@asks("conflict_order")
def _conflict_order_question(asked: Asked) -> tuple[str, str]:
    if asked.get("stage") == "sieges":
        return "Choose the next siege to resolve", "Sieges follow the battles, one by one"
    return "Choose the next battle to resolve", "Battles are fought one at a time"


@asks("battle_medal")
def _battle_medal_question(asked: Asked) -> tuple[str, str]:
    left = asked.get("left")
    last = f"the last {count(left, 'battle medal')}" if left else "one of the last battle medals"
    return (f"Choose a contested sector for {last}",
            "Only the fifteen medals exist; a contested sector left without one sees no battle")


@offers("battle_medal sector")
def _battle_medal_option(asked: Asked, c: Choice) -> OptionWords:
    sector = c.number(0)
    seats = listing([seat_name(asked.view, s) for s in f.owners_at(asked.view, sector)])
    return option_words(c, place_label(asked, sector),
                        f"A battle medal for {place(asked, sector)}, where {seats} stand: "
                        f"a battle is fought there.", sector)


@offers("conflict_order sector")
def _conflict_order_option(asked: Asked, c: Choice) -> OptionWords:
    sector = c.number(0)
    seats = listing([seat_name(asked.view, s) for s in f.owners_at(asked.view, sector)])
    what = "siege" if asked.get("stage") == "sieges" else "battle"
    return option_words(c, place_label(asked, sector),
                        f"The {what} in {place(asked, sector)}, where {seats} stand.", sector)


@asks("siege")
def _siege_question(asked: Asked) -> tuple[str, str]:
    return (f"Siege{_battle_place(asked)}: choose a colony to raze or invade",
            "Each colony takes two of your units; each siege scores 1 military VP")


def _siege_sector(asked: Asked) -> int:
    """The besieged sector: the prompt's, or (for another seat's decision, whose context is
    not shown) the siege task's, which is public."""
    sector = asked.get("sector")
    if sector is None:
        siege = f.task(asked.view, "siege")
        sector = siege["data"]["sector"] if siege else 0
    return int(sector)


def _colony(asked: Asked, index: int) -> tuple[str, str, str]:
    """The besieged colony as a label and a text name it: "Blue's imperial", "Blue
    (Saura)'s imperial colony"; a colony the view no longer shows (a replay's past
    decision) only by its place."""
    space = f.sector(asked.view, _siege_sector(asked))["spaces"][index]
    owner, track = int(space["owner"]), str(space["track"])
    if owner < 0:
        return "a colony", "the colony", ""
    return (f"{colour(asked.view, owner)}'s {track}",
            f"{whose(asked.view, owner)} {track} colony", track)


@offers("raze")
def _raze_option(asked: Asked, c: Choice) -> OptionWords:
    label, colony, _ = _colony(asked, c.number(0))
    return option_words(c, f"Raze {label}",
                        f"Raze {colony}: it returns to its track and you score 1 military VP.",
                        _siege_sector(asked))


@offers("invade")
def _invade_option(asked: Asked, c: Choice) -> OptionWords:
    label, colony, track = _colony(asked, c.number(0))
    gain = f" ({track_gain(track, mine(asked)['taken'][track])})" if track else ""
    return option_words(c, f"Invade {label}",
                        f"Invade {colony}: one of yours takes its place{gain} and you score 1 "
                        f"military VP.", _siege_sector(asked))


@offers("siege done")
def _siege_done(asked: Asked, c: Choice) -> OptionWords:
    return option_words(c, "End the siege", "Leave the other colonies standing.")


@asks("resolve_event")
def _resolve_question(asked: Asked) -> tuple[str, str]:
    return ("Choose an event to resolve",
            "Resolving an obstacle or anomaly lets its sector be controlled")


@offers("resolve")
def _resolve_option(asked: Asked, c: Choice) -> OptionWords:
    sector, index = c.number(0), c.number(1)
    here = f.sector(asked.view, sector)
    card_id, kind = str(here["event"] or ""), str(here["event_kind"])
    if not card_id:  # a view from after the event was resolved (a replay's past decision)
        return option_words(c, f"The event of {place_label(asked, sector, 17)}",
                            f"Resolve the event of {place(asked, sector)}.", sector)
    event = record(kind, card_id)
    chosen = event.options[index]
    which = f" (option {index + 1})" if len(event.options) > 1 else ""  # the card's order
    return option_words(c, f"{fit(event.name, LABEL_WIDTH - 11)}{which}",
                        f"Resolve {event.name} in {place(asked, sector)}. "
                        f"{effects.event_option(chosen.require, chosen.reward)}", sector,
                        (kind, card_id))


@offers("resolve_event done")
def _resolve_done(asked: Asked, c: Choice) -> OptionWords:
    return option_words(c, "Resolve nothing more", "Leave the events for another time.")


# What an event's option removes, chosen piece by piece (obstacles.event_cost).


def _cost_event(asked: Asked) -> str:
    card_id = asked.get("event")
    return card_name(card_id) if card_id and kind_of(card_id) else "the event"


def _cost_left(asked: Asked) -> str:
    left = asked.get("left")
    return f" ({left} left)" if left else ""


@asks("cost_unit")
def _cost_unit_question(asked: Asked) -> tuple[str, str]:
    kind = asked.get("kind", "unit")
    return (f"Choose which of your {plural(kind)} to remove for {_cost_event(asked)}"
            f"{_cost_left(asked)}", "Removed units go back to your reserve")


@asks("tactic_cost")
def _tactic_cost_question(asked: Asked) -> tuple[str, str]:
    kind = asked.get("unit", "unit")
    tactic = asked.get("tactic")
    card = card_name(tactic) if tactic and kind_of(tactic) else "your tactic"
    return (f"Choose which {kind} to remove as the cost of {card}{_cost_left(asked)}",
            "The composition's cost: a Veteran counts as two")


@asks("skirmish_loss")
def _skirmish_loss_question(asked: Asked) -> tuple[str, str]:
    sector = asked.get("sector")
    where = f" in {place(asked, sector)}" if sector is not None else ""
    return (f"Neutral units strike{where}: choose which of your units falls"
            f"{_cost_left(asked)}",
            "Each neutral infantry removes one of your units, each neutral mech two")


@offers("cost_unit unit", "tactic_cost unit", "skirmish_loss unit", "remove_unit unit")
def _cost_unit_option(asked: Asked, c: Choice) -> OptionWords:
    u = f.unit(asked.view, c.number(0))
    state = " (toppled)" if u["damage"] else ""
    state += " (black)" if u["black"] else ""
    state += " (moved)" if u["moved"] else ""
    text = (f"Remove {article(u['kind'])}{state} from {place(asked, u['where'])}"
            if u["where"] >= 0 else f"Remove {article(u['kind'])}{state}")
    return option_words(c, f"{capital(u['kind'])}{state}", f"{text}.",
                        u["where"] if u["where"] >= 0 else None)


@asks("cost_science")
def _cost_science_question(asked: Asked) -> tuple[str, str]:
    return (f"Choose where to take back science for {_cost_event(asked)}{_cost_left(asked)}",
            "Breaking a flipped token needs loose ones; without them the rest is lost")


@asks("cost_technology")
def _cost_technology_question(asked: Asked) -> tuple[str, str]:
    tech = asked.get("tech", "")
    kind = f"{tech} " if tech in ("civil", "military") else ""
    return (f"Choose which {kind}technology to remove for {_cost_event(asked)}"
            f"{_cost_left(asked)}",
            "You lose its effects; it goes face up on the technology discard pile")


@offers("technology")
def _technology_option(asked: Asked, c: Choice) -> OptionWords:
    text = cards.card("technology", c.args[0])
    return option_words(c, text.name, f"Remove {text.name}. {' '.join(text.lines)}",
                        card=("technology", c.args[0]))


@asks("first_player")
def _first_player_question(asked: Asked) -> tuple[str, str]:
    return ("Choose who takes the first player token",
            "They play first in the next cycle; you give up the watcher token")


@offers("first_player seat")
def _first_player_option(asked: Asked, c: Choice) -> OptionWords:
    seat = c.number(0)
    return option_words(c, seat_name(asked.view, seat),
                        f"{seat_name(asked.view, seat)} plays first in the next cycle.")
