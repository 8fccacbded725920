"""Every event of Alien Artifacts as a log line, from the reader's side: "You complete
Calcine on its Logistics side (Settled)", "Blue (Star Union) places a Blockade token on your
Calcine".

A record carries its secret fields (the cards drawn or looked at, a Defense Plan drawn or
chosen, an Alien Artifact drawn) only for its own seat (core/events.py), and a sentence
reads them only when present: another seat learns that a card was drawn, never which.
"""

from __future__ import annotations

from typing import Any

from core.games.artifacts.words.cards import table_lines
from core.games.artifacts.words.names import (
    KIND_NAMES,
    SIDE_VERBS,
    View,
    action_name,
    card_name,
    colour,
    content,
    half_section,
    is_me,
    resource_text,
    says,
    seat_name,
    section_text,
    side_name,
    their,
    who,
    whom,
    whose,
)
from core.games.artifacts.words.spots import DISCARD, RESOURCE_DECK, SYSTEM, card_spot, deck_spot
from core.words import Eventbook, Told, called, capital, count, listing

Record = dict[str, Any]


BOOK = Eventbook()
says_event = BOOK.says
line = BOOK.line  # one event record, as the seat of a view received it, as a log line


def _cards(cards: list[str]) -> str:
    return listing([card_name(c) for c in cards])


# --- setup and turns -----------------------------------------------------------------------


@says_event("first_player", category="setup")
def _first_player(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], "play first"))


@says_event("faction", category="setup")
def _faction(view: View, r: Record) -> Told:
    seat = r["seat"]
    # Named without the faction it is about to tell: "Blue plays ...", "Ada (Blue) plays ...".
    subject = "You" if is_me(view, seat) else called(colour(seat), view["players"][seat]["name"])
    verb = "play" if is_me(view, seat) else "plays"
    return Told(f"{subject} {verb} {card_name(r['faction'])}")


@says_event("turn", category="setup")
def _turn(view: View, r: Record) -> Told:
    whose_turn = "your turn" if is_me(view, r["seat"]) else seat_name(view, r["seat"])
    return Told(f"Turn {r['turns']}: {whose_turn}")


@says_event("action", category="setup")
def _action(view: View, r: Record) -> Told:
    action, seat = str(r["action"]), r["seat"]
    head, _, card = action.partition(":")
    if head == "card":
        return Told(says(view, seat, f"use {card_name(card)} as {their(view, seat)} action"),
                    card_spot(card))
    if head == "faction":
        faction = view["players"][seat]["faction"]
        name = content().factions[faction].action_name if faction else "the Faction Action"
        return Told(says(view, seat, f"take {their(view, seat)} Faction Action, {name}"))
    return Told(says(view, seat, f"take the action {action_name(action)}"))


# --- cards moving --------------------------------------------------------------------------


@says_event("drawn", category="cards")
def _drawn(view: View, r: Record) -> Told:
    cards = r.get("cards")
    text = says(view, r["seat"], f"draw {count(r['count'], 'Resource card')}")
    if cards:
        text += ": " + "; ".join(resource_text(c) for c in cards)
    return Told(text, RESOURCE_DECK)


@says_event("looked", category="cards")
def _looked(view: View, r: Record) -> Told:
    deck, cards = r["deck"], r.get("cards")
    text = says(view, r["seat"], f"look at the top {count(r['count'], 'card')} of the "
                                 f"{KIND_NAMES[deck]} deck")
    if cards:
        text += f": {_cards(cards)}"
    return Told(text, deck_spot(deck))


@says_event("plan_drawn", category="cards")
def _plan_drawn(view: View, r: Record) -> Told:
    plan = r.get("plan")
    what = f"the Defense Plan card {card_name(plan)}" if plan else "a Defense Plan card"
    return Told(says(view, r["seat"], f"draw {what}"), card_spot(plan) if plan else None)


@says_event("artifact_drawn", category="cards")
def _artifact_drawn(view: View, r: Record) -> Told:
    artifact = r.get("artifact")
    what = f"the Alien Artifact {card_name(artifact)}" if artifact else "an Alien Artifact"
    return Told(says(view, r["seat"], f"draw {what}"),
                card_spot(artifact) if artifact else None)


@says_event("kept", category="cards")
def _kept(view: View, r: Record) -> Told:
    card, seat = r["card"], r["seat"]
    if r["to"] == "empire":
        side = r["side"] if r["side"] != "any" else "logistics"
        where = f"in {their(view, seat)} Empire on its {side_name(side)} side"
    else:
        where = "Under Construction"
    return Told(says(view, seat, f"put {card_name(card)} {where}"), card_spot(card))


@says_event("to_bottom", category="cards")
def _to_bottom(view: View, r: Record) -> Told:
    n = int(r["count"])
    verb = "goes" if n == 1 else "go"
    return Told(f"{capital(count(n, 'card'))} {verb} back to the bottom of the "
                f"{KIND_NAMES[r['deck']]} deck unseen", deck_spot(r["deck"]))


@says_event("searched", category="cards")
def _searched(view: View, r: Record) -> Told:
    deck, turned, found = r["deck"], list(r["turned"]), r["found"]
    text = says(view, r["seat"], f"turn over the {KIND_NAMES[deck]} deck")
    if turned:
        text += f": {_cards(turned)} to the bottom"
    text += f"; {card_name(found)} is found" if found else "; none is found"
    return Told(text, deck_spot(deck))


@says_event("discarded", category="cards")
def _discarded(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"discard {resource_text(r['card'])}"), DISCARD)


@says_event("reshuffled", category="cards")
def _reshuffled(view: View, r: Record) -> Told:
    return Told(f"The discard pile is shuffled into a new Resource deck of "
                f"{count(r['cards'], 'card')}; the round marker moves to {r['marker']}",
                RESOURCE_DECK)


@says_event("artifacts_reshuffled", category="cards")
def _artifacts_reshuffled(view: View, r: Record) -> Told:
    return Told(f"The played Alien Artifacts are shuffled into a new deck of "
                f"{count(r['cards'], 'card')}")


@says_event("artifact_played", category="cards")
def _artifact_played(view: View, r: Record) -> Told:
    artifact = r["artifact"]
    return Told(says(view, r["seat"], f"play the Alien Artifact {card_name(artifact)}: "
                                      f"{content().artifacts[artifact].ability.text}"),
                card_spot(artifact))


# --- paying and building -------------------------------------------------------------------


@says_event("spent", category="economy")
def _spent(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"spend {r['symbols']} {r['colour']} from "
                                      f"{card_name(r['card'])}"), DISCARD)


@says_event("traded", category="economy")
def _traded(view: View, r: Record) -> Told:
    if not r["cards"]:
        return Told(says(view, r["seat"], "trade nothing (a pass)"))
    return Told(says(view, r["seat"], f"trade {count(r['cards'], 'card')} for "
                                      f"{count(r['credits'], 'credit')}"))


@says_event("bought", category="economy")
def _bought(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"pay {count(r['credits'], 'credit')} to Buy from the "
                                      f"{KIND_NAMES[r['deck']]} deck"), deck_spot(r["deck"]))


@says_event("prepared", category="economy")
def _prepared(view: View, r: Record) -> Told:
    section = half_section(r["resource"], r["half"])
    return Told(says(view, r["seat"], f"tuck {card_name(r['resource'])} ({section_text(section)})"
                                      f" under {card_name(r['card'])}"), card_spot(r["card"]))


@says_event("completed", category="economy")
def _completed(view: View, r: Record) -> Told:
    card, side = r["card"], r["side"]
    verb = SIDE_VERBS[(r["row"], side)]
    return Told(says(view, r["seat"], f"complete {card_name(card)}: its {side_name(side)} "
                                      f"side, {verb}"), card_spot(card))


@says_event("automatic", category="economy")
def _automatic(view: View, r: Record) -> Told:
    return Told(f"{capital(whose(view, r['seat']))} {card_name(r['card'])} completes by itself: "
                "its prepared cards meet its cost", card_spot(r["card"]))


@says_event("bypassed", category="economy")
def _bypassed(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"pay {count(r['credits'], 'credit')} to use the blocked "
                                      f"{card_name(r['card'])}"), card_spot(r["card"]))


@says_event("paid", category="economy")
def _paid(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"pay {count(r['credits'], 'credit')}"))


def _amounts(r: Record) -> str:
    parts = ([f"{r['vp']} VP"] if r.get("vp") else []) + (
        [count(r["credits"], "credit")] if r.get("credits") else [])
    return listing(parts) or "nothing"


@says_event("gained", category="scoring")
def _gained(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"gain {_amounts(r)}"))


@says_event("lost", category="scoring")
def _lost(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"lose {_amounts(r)}"))


# --- production and scoring ----------------------------------------------------------------


@says_event("revealed", category="cards")
def _revealed(view: View, r: Record) -> Told:
    why = {"attack": f"for {whose(view, r['seat'])} attack",
           "produce": f"to produce on {whose(view, r['seat'])} planet"}.get(str(r["why"]), "")
    return Told(f"{resource_text(r['card'])} is revealed {why}".rstrip(), RESOURCE_DECK,
                (r["seat"],))


@says_event("produced", category="scoring")
def _produced(view: View, r: Record) -> Told:
    section = half_section(r["card"], r["half"])
    vp = f": a match, {r['vp']} VP" if r["vp"] else ""
    return Told(f"{card_name(r['card'])} shows {section_text(section)} on "
                f"{whose(view, r['seat'])} {card_name(r['planet'])}{vp}",
                card_spot(r["planet"]), (r["seat"],))


@says_event("sold", category="scoring")
def _sold(view: View, r: Record) -> Told:
    tech = r["tech"]
    result = f"a match, {r['vp']} VP" if r["vp"] else "no VP"
    return Told(says(view, r["seat"], f"test {card_name(tech)} with {card_name(r['card'])}: "
                                      f"{result}"), card_spot(tech))


# --- attacks -------------------------------------------------------------------------------


@says_event("attack_declared", category="battle")
def _attack_declared(view: View, r: Record) -> Told:
    target = str(r["target"])
    if target == "system":
        return Told(says(view, r["seat"], f"attack the Alien System {card_name(r['system'])}"),
                    SYSTEM)
    defender = int(target.split(":")[1])
    return Told(says(view, r["seat"], f"attack {whom(view, defender)}"), None, (defender,))


@says_event("plan_chosen", category="battle")
def _plan_chosen(view: View, r: Record) -> Told:
    plan = r.get("plan")
    if not plan:
        return Told(says(view, r["seat"], "choose a defence in secret"))
    name = content().basic.name if plan == "basic" else card_name(plan.split(":")[1])
    return Told(says(view, r["seat"], f"choose {name} for {their(view, r['seat'])} defence"))


@says_event("plan_revealed", category="battle")
def _plan_revealed(view: View, r: Record) -> Told:
    plan = str(r["plan"])
    name = f"the {content().basic.name}" if plan == "basic" else card_name(plan.split(":")[1])
    return Told(f"{who(view, r['seat'])} defended with {name}", None, (int(view["turn"]),))


@says_event("attack_resolved", category="battle")
def _attack_resolved(view: View, r: Record) -> Told:
    data = content()
    table = str(r["table"])
    found = data.systems.get(table) or data.plans.get(table) or data.basic
    row = table_lines(found)[int(r["row"]) - 1].split(": ", 1)[1]
    ship = r.get("ship")
    attacker = capital(whose(view, r["seat"])) + (f" {card_name(ship)}" if ship
                                                   else " attack with no ship")
    return Told(f"{attacker} reaches value {r['value']} on {found.name}: {row}",
                card_spot(ship) if ship else None, (r["seat"],))


@says_event("destroyed", "damaged", category="battle")
def _ship_hit(view: View, r: Record) -> Told:
    ship = r["ship"]
    what = ("is Destroyed and goes to the bottom of the Ship deck" if r["kind"] == "destroyed"
            else "is Damaged and goes back Under Construction")
    return Told(f"{capital(whose(view, r['seat']))} {card_name(ship)} {what}", card_spot(ship),
                (r["seat"],))


@says_event("system_replaced", category="battle")
def _system_replaced(view: View, r: Record) -> Told:
    return Told(f"The next Alien System is {card_name(r['system'])}", SYSTEM)


@says_event("blockaded", category="battle")
def _blockaded(view: View, r: Record) -> Told:
    rival = int(r["rival"])
    return Told(says(view, r["seat"], f"place a Blockade token on {whose(view, rival)} "
                                      f"{card_name(r['card'])}"), card_spot(r["card"]), (rival,))


@says_event("unblocked", category="battle")
def _unblocked(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"remove a Blockade token from {card_name(r['card'])}"),
                card_spot(r["card"]))


@says_event("tokens_out", category="battle")
def _tokens_out(view: View, r: Record) -> Told:
    missing = int(r["missing"])
    return Told(f"The Blockade token supply is empty: {count(missing, 'Blockade token')} "
                f"of {whose(view, r['seat'])} result {'is' if missing == 1 else 'are'} not "
                "placed.")


@says_event("removed", category="battle")
def _removed(view: View, r: Record) -> Told:
    cards = list(r["cards"])
    return Told(says(view, r["seat"], f"remove {count(len(cards), 'Blockade token')} from "
                                      f"{_cards(list(dict.fromkeys(cards)))}"))


@says_event("stole", category="battle")
def _stole(view: View, r: Record) -> Told:
    rival = int(r["rival"])
    return Told(says(view, r["seat"], f"take {count(r['credits'], 'credit')} from "
                                      f"{whom(view, rival)}"), None, (rival,))


# --- the end -------------------------------------------------------------------------------


@says_event("end_triggered", category="scoring")
def _end_triggered(view: View, r: Record) -> Told:
    return Told("The last Resource card of the last pass is drawn: the game ends when "
                "everyone has had as many turns")


@says_event("game_over", category="scoring")
def _game_over(view: View, r: Record) -> Told:
    winners = [seat_name(view, s) for s in r["winners"]]
    scores = ", ".join(f"{seat_name(view, s)} {vp}" for s, vp in enumerate(r["scores"]))
    verb = "wins" if len(winners) == 1 else "share the win"
    return Told(f"The game is over: {listing(winners)} {verb} ({scores} VP)", None,
                tuple(r["winners"]))

