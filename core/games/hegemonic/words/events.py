"""Every event of Hegemonic as a log line, from the reader's side: "You build a Complex in
Cinder Belt 12 for 1 CAP", "Blue (Osiris) takes over your Embassy in Fen Court 14".

A record carries its secret fields (a card drawn, the tiles dealt, a secret choice) only
for its own seat, and a sentence reads them only when present: another seat learns that a
card was drawn, never which. Each kind registers its sentence with :func:`says_event`,
with its category and the seats and sector it concerns.
"""

from __future__ import annotations

from typing import Any

from core.games.hegemonic.words import facts
from core.games.hegemonic.words.ask_round import pile_name
from core.games.hegemonic.words.names import (
    ACTION_NAMES,
    BASE_NAMES,
    KIND_NAMES,
    UNIT_NAMES,
    View,
    action_card_name,
    base_name,
    card_name,
    content,
    is_me,
    leader_name,
    pattern_name,
    phase_name,
    says,
    seat_name,
    sector_name,
    their,
    tile_name,
    whom,
    whose,
)
from core.words import Eventbook, Told, article, capital, count, listing, owned

Record = dict[str, Any]


BOOK = Eventbook()
says_event = BOOK.says
line = BOOK.line  # one event record, as the seat of a view received it, as a log line


def _at(view: View, sector: Any) -> str:
    """A sector by name when the view knows it, else by number."""
    return sector_name(view, int(sector)) if 0 <= int(sector) < len(view["sectors"]) \
        else f"hex {sector}"


def _card(record: Record, key: str = "card") -> str:
    card = record.get(key)
    return card_name(card) if card else ""


def _caps(n: int) -> str:
    return count(int(n), "CAP")


# --- setup ---------------------------------------------------------------------------------


@says_event("first_arbiter", category="setup")
def _first_arbiter(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], "are the first Arbiter"))


@says_event("galaxy", category="setup")
def _galaxy(view: View, r: Record) -> Told:
    return Told(f"The galaxy is laid out: the Core and "
                f"{count(len(r['boards']), 'Galaxy Board')} round it")


@says_event("board_placed", category="setup")
def _board_placed(view: View, r: Record) -> Told:
    turn, q, r_ = r["board"]
    return Told(says(view, r["seat"], f"place a Galaxy Board at ({q}, {r_}), turned "
                                      f"{turn * 60}°"))


@says_event("deck_shuffled", category="setup")
def _deck_shuffled(view: View, r: Record) -> Told:
    return Told(f"The {r['cards']} Technology Cards are shuffled into the draw pile")


@says_event("tiles_stacked", category="setup")
def _tiles_stacked(view: View, r: Record) -> Told:
    return Told(f"The tile stack holds {count(r['tiles'], 'Sector Tile')}")


@says_event("tiles_dealt", category="setup")
def _tiles_dealt(view: View, r: Record) -> Told:
    tiles = r.get("tiles")
    if tiles is not None:
        return Told(f"{_subject_is(view, r['seat'])} dealt "
                    f"{listing([tile_name(t) for t in tiles])}")
    return Told(f"{_subject_is(view, r['seat'])} dealt Sector Tiles, face down")


@says_event("tech_dealt", category="setup")
def _tech_dealt(view: View, r: Record) -> Told:
    cards = r.get("cards")
    if cards is not None:
        return Told(f"{_subject_is(view, r['seat'])} dealt "
                    f"{listing([card_name(c) for c in cards])}")
    return Told(f"{_subject_is(view, r['seat'])} dealt a hand of Technology Cards")


def _subject_is(view: View, seat: int) -> str:
    return "You are" if is_me(view, seat) else f"{seat_name(view, seat)} is"


@says_event("draft_dealt", category="setup")
def _draft_dealt(view: View, r: Record) -> Told:
    cards = r.get("cards")
    if cards is not None:
        return Told(f"{_subject_is(view, r['seat'])} dealt for the draft: "
                    f"{listing([card_name(c) for c in cards])}")
    return Told(f"{_subject_is(view, r['seat'])} dealt cards for the draft")


@says_event("draft_passed", category="setup")
def _draft_passed(view: View, r: Record) -> Told:
    cards = r.get("cards")
    if cards is not None:
        return Told(f"{says(view, r['seat'], 'receive')} "
                    f"{listing([card_name(c) for c in cards])} from the player before")
    return Told(f"{says(view, r['seat'], 'receive')} the cards passed on")


@says_event("draft_picked", category="setup")
def _draft_picked(view: View, r: Record) -> Told:
    if r.get("card"):
        return Told(f"{says(view, r['seat'], 'keep')} {_card(r)}")
    return Told(f"{says(view, r['seat'], 'keep')} a card of the draft")


@says_event("home_placed", category="setup")
def _home_placed(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"place {their(view, r['seat'])} Home on hex "
                                      f"{r['sector']}"), int(r["sector"]))


@says_event("leader_dealt", category="setup")
def _leader_dealt(view: View, r: Record) -> Told:
    return Told(f"{_subject_is(view, r['seat'])} led by {leader_name(r['leader'])}")


# --- tiles ---------------------------------------------------------------------------------


@says_event("tile_placed", category="movement")
def _tile_placed(view: View, r: Record) -> Told:
    where = (f"next to {their(view, r['seat'])} Home, on hex {r['sector']}" if r.get("first")
             else f"on hex {r['sector']}")
    return Told(says(view, r["seat"], f"lay {tile_name(r['tile'])} {where}"), int(r["sector"]))


@says_event("tile_flipped", category="movement")
def _tile_flipped(view: View, r: Record) -> Told:
    if r["seat"] >= 0:
        return Told(says(view, r["seat"], f"flip {tile_name(r['tile'])} from the tile stack"))
    return Told(f"{tile_name(r['tile'])} is flipped from the tile stack into the Sector Pool")


@says_event("tiles_pooled", category="movement")
def _tiles_pooled(view: View, r: Record) -> Told:
    tiles = listing([tile_name(t) for t in r["tiles"]])
    return Told(says(view, r["seat"], f"put {tiles} into the Sector Pool"))


# --- rounds, phases, the economy -----------------------------------------------------------


@says_event("round", category="economy")
def _round(view: View, r: Record) -> Told:
    return Told(f"Round {r['round']} begins")


@says_event("phase", category="economy")
def _phase(view: View, r: Record) -> Told:
    return Told(f"{capital(phase_name(r['phase']))} begins")


@says_event("income", category="economy")
def _income(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"collect {_caps(r['caps'])} of income"))


@says_event("capitalized", category="economy")
def _capitalized(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"CAPITALIZE for {_caps(r['caps'])}"))


@says_event("basic_caps", category="economy")
def _basic_caps(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"take {_caps(r['caps'])} with BASIC"))


@says_event("gift", category="economy")
def _gift(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"give {whom(view, r['to'])} {_caps(r['caps'])}"),
                others=(int(r["to"]),))


@says_event("arbiter", category="economy")
def _arbiter(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], "become the Arbiter"))


@says_event("caps_discarded", category="economy")
def _caps_discarded(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"discard {_caps(r['caps'])} above "
                                      f"{their(view, r['seat'])} Retention Limit"))


@says_event("leader_level", category="cards")
def _leader_level(view: View, r: Record) -> Told:
    return Told(f"{capital(whose(view, r['seat']))} Leader shows level {r['level']}")


@says_event("leader_used", category="cards")
def _leader_used(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"call on {leader_name(r['leader'])} at level "
                                      f"{r['level']}"))


# --- Action Cards and actions --------------------------------------------------------------


@says_event("card_chosen", category="cards")
def _card_chosen(view: View, r: Record) -> Told:
    if r.get("card"):
        return Told(says(view, r["seat"], f"choose {action_card_name(r['card'])}"))
    return Told(says(view, r["seat"], "choose an Action Card"))


@says_event("cards_revealed", category="cards")
def _cards_revealed(view: View, r: Record) -> Told:
    shown = [f"{whom(view, seat)} {action_card_name(card)}"
             for seat, card in enumerate(r["cards"])]
    return Told(f"Action Cards revealed: {', '.join(shown)}")


@says_event("tie_ordered", category="cards")
def _tie_ordered(view: View, r: Record) -> Told:
    tied = listing([whom(view, s) for s in r["seats"]])
    return Told(says(view, r["seat"], f"order the tie of {tied}: {whom(view, r['first'])} "
                                      "first, the others clockwise"),
                others=tuple(int(s) for s in r["seats"]))


@says_event("order", category="cards")
def _order(view: View, r: Record) -> Told:
    return Told(f"Order of play: {', '.join(whom(view, s) for s in r['order'])}")


@says_event("action", category="economy")
def _action(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"take a {ACTION_NAMES[r['action']]} action "
                                      f"({action_card_name(r['card'])})"))


@says_event("built", category="economy")
def _built(view: View, r: Record) -> Told:
    base = BASE_NAMES[r["piece"]]
    price = "free" if not r["cost"] else f"for {_caps(r['cost'])}"
    return Told(says(view, r["seat"], f"build {article(base)} in "
                                      f"{_at(view, r['sector'])}, {price}"), int(r["sector"]))


@says_event("unit_built", category="economy")
def _unit_built(view: View, r: Record) -> Told:
    unit = UNIT_NAMES[r["unit"]]
    return Told(says(view, r["seat"], f"build {article(unit)} in "
                                      f"{_at(view, r['sector'])} for {_caps(r['cost'])}"),
                int(r["sector"]))


@says_event("gate_built", category="economy")
def _gate_built(view: View, r: Record) -> Told:
    a, b = r["sectors"]
    verb = "move a gate pair to" if r.get("moved") else "place a gate pair"
    price = f"for {_caps(r['cost'])}" if r["cost"] else "free"
    return Told(says(view, r["seat"], f"{verb} between {_at(view, a)} and {_at(view, b)}, "
                                      f"{price}"), int(a))


MODES = {"track": "", "transcend": " with Transcendency Routine",
         "brane": " with Brane Manipulation", "takeover": " into the Location taken"}


@says_event("relocated", category="economy")
def _relocated(view: View, r: Record) -> Told:
    base = BASE_NAMES[r["piece"]]
    start = facts.location(view, int(r["location"]))["sector"] \
        if 0 <= int(r["location"]) < len(view["locations"]) else -1
    price = f" for {_caps(r['cost'])}" if r["cost"] else ""
    return Told(says(view, r["seat"], f"move {article(base)} from "
                                      f"{_at(view, start)} to {_at(view, r['sector'])}{price}"
                                      f"{MODES.get(r.get('mode', ''), '')}"), int(r["sector"]))


@says_event("unit_moved", category="movement")
def _unit_moved(view: View, r: Record) -> Told:
    unit = UNIT_NAMES[r["unit"]]
    price = f" for {_caps(r['cost'])}" if r["cost"] else ", free"
    return Told(says(view, r["seat"], f"move {article(unit)} from "
                                      f"{_at(view, r['sector'])} to {_at(view, r['to'])}"
                                      f"{price}"), int(r["to"]))


@says_event("no_conflict", category="movement")
def _no_conflict(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], "declare no conflict"))


# --- conflicts -----------------------------------------------------------------------------

PARTS = {"complexes": "Complexes", "complexes in range": "Complexes in range",
         "gates": "gates", "embassies": "Embassies", "faction": "faction",
         "agents": "Agents", "agent": "Agent", "outposts": "Outposts",
         "outposts in range": "stacks in range", "fleets": "Fleets", "fleet": "Fleet",
         "outpost": "backing stack", "card": "card", "leader": "Leader"}


def part_name(view: View, label: str) -> str:
    """Where a point of Conflict Power comes from (``power.Part``'s label)."""
    head, _, seat = label.partition(":")
    if head == "support" and seat.lstrip("-").isdigit():
        return f"support of {whom(view, int(seat))}"
    return PARTS.get(label, label)


def power_text(view: View, parts: list[list[Any]]) -> str:
    """"7 (Complexes 3, Complexes in range 2, card 2)"."""
    total = sum(int(p[1]) for p in parts)
    shown = [f"{part_name(view, str(p[0]))} {p[1]}" for p in parts if int(p[1])]
    return f"{total} ({', '.join(shown)})" if shown else str(total)


def _target_words(view: View, r: Record) -> str:
    kind = r.get("target") or content().patterns[r["pattern"]].target
    pieces = []
    if r.get("locations"):  # by Location: the view may be from after the conflict
        noun = "Outpost stack" if kind == "martial" else BASE_NAMES[kind]
        pieces.append(owned(len(r["locations"]), noun))
    if r.get("units"):
        pieces.append(owned(len(r["units"]), "Agent" if kind == "political" else "Fleet"))
    if r.get("gates"):
        pieces.append(owned(len(r["gates"]), "gate pair"))
    return listing(pieces) or f"{KIND_NAMES[kind]} pieces"


@says_event("conflict_declared", category="battle")
def _conflict_declared(view: View, r: Record) -> Told:
    defender = int(r["defender"])
    verb = "take over" if r["conflict"] == "takeover" else "destroy"
    price = f", for {_caps(r['cost'])}" if r["cost"] else ""
    return Told(says(view, r["seat"], f"attack with {pattern_name(r['pattern'])} to {verb} "
                                      f"{whose(view, defender)} {_target_words(view, r)} in "
                                      f"{_at(view, r['sector'])}{price}"),
                int(r["sector"]), (defender,))


@says_event("conflict_power", category="battle")
def _conflict_power(view: View, r: Record) -> Told:
    defender = int(r["defender"])
    return Told(f"Starting power: {whom(view, r['seat'])} {power_text(view, r['attack'])} "
                f"against {whom(view, defender)} {power_text(view, r['defence'])}",
                others=(defender,))


SUPPORT = {"support:attacker": "the attacker", "support:defender": "the defender"}


@says_event("support_chosen", category="battle")
def _support_chosen(view: View, r: Record) -> Told:
    choice = r.get("choice")
    if choice is None:
        return Told(says(view, r["seat"], "choose whom to support"))
    if choice in SUPPORT:
        return Told(says(view, r["seat"], f"choose to support {SUPPORT[choice]}"))
    return Told(says(view, r["seat"], "choose to stay out"))


@says_event("support_revealed", category="battle")
def _support_revealed(view: View, r: Record) -> Told:
    said = []
    for seat, choice in sorted(r["choices"].items(), key=lambda item: int(item[0])):
        if choice in SUPPORT:
            said.append(says(view, int(seat), f"back {SUPPORT[choice]}"))
        else:
            said.append(says(view, int(seat), "stay out"))
    return Told("Support revealed: " + "; ".join(said),
                others=tuple(int(s) for s in r["choices"]))


@says_event("conflict_card_chosen", category="battle")
def _conflict_card_chosen(view: View, r: Record) -> Told:
    choice = r.get("choice")
    if choice:
        return Told(says(view, r["seat"], f"choose {card_name(choice.partition(':')[2])} for "
                                          "the conflict"))
    return Told(says(view, r["seat"], "choose a card for the conflict"))


@says_event("conflict_cards", category="battle")
def _conflict_cards(view: View, r: Record) -> Told:
    defender = int(r["defender"])

    def played(seat: int, key: str) -> str:
        card = r.get(key)
        return says(view, seat, f"play {card_name(card)}" if card else "play no card")

    return Told(f"Conflict cards: {played(r['seat'], 'attack')}; {played(defender, 'defence')}",
                others=(defender,))


@says_event("tech_turned", category="battle")
def _tech_turned(view: View, r: Record) -> Told:
    return Told(f"{_card(r)} is turned over from the draw pile")


RESULTS = {"attacker": "the attacker wins", "defender": "the defender holds",
           "draw": "a draw"}


@says_event("conflict_resolved", category="battle")
def _conflict_resolved(view: View, r: Record) -> Told:
    defender = int(r["defender"])
    result = r["result"]
    if result == "draw":
        outcome = f"a draw between {whom(view, r['seat'])} and {whom(view, defender)}"
    elif result == "attacker":
        outcome = f"{whom(view, r['seat'])} win" + ("" if is_me(view, r["seat"]) else "s")
    else:
        outcome = f"{whom(view, defender)} hold" + ("" if is_me(view, defender) else "s")
    return Told(f"In {_at(view, r['sector'])}, {r['attack']} against {r['defence']}: "
                f"{outcome}", int(r["sector"]), (defender,))


@says_event("bases_lost", category="battle")
def _bases_lost(view: View, r: Record) -> Told:
    how = "taken over" if r.get("takeover") else "destroyed"
    return Told(f"{capital(whose(view, r['seat']))} {base_name(r['piece'], r['count'])} in "
                f"{_at(view, r['sector'])} {'are' if r['count'] > 1 else 'is'} {how}",
                int(r["sector"]))


@says_event("bases_taken", category="battle")
def _bases_taken(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"put {base_name(r['piece'], r['count'])} in "
                                      f"{_at(view, r['sector'])} from {their(view, r['seat'])} "
                                      "track"), int(r["sector"]))


@says_event("left_empty", category="battle")
def _left_empty(view: View, r: Record) -> Told:
    loc = int(r["location"])
    sector = view["locations"][loc]["sector"] if 0 <= loc < len(view["locations"]) else -1
    return Told(says(view, r["seat"], f"leave a Location of {_at(view, sector)} empty"),
                sector if sector >= 0 else None)


@says_event("psionic_ecology", category="battle")
def _psionic(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"gain {_caps(r['caps'])} from Psionic Ecology"))


@says_event("hull_escaped", category="battle")
def _hull_escaped(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"save an Outpost to {_at(view, r['sector'])} for "
                                      f"{_caps(r['cost'])} with Bio-Adaptive Hulls"),
                int(r["sector"]))


@says_event("gate_removed", category="battle")
def _gate_removed(view: View, r: Record) -> Told:
    a, b = r["sectors"]
    return Told(f"{capital(whose(view, r['seat']))} gate pair between {_at(view, a)} and "
                f"{_at(view, b)} is destroyed", int(a))


@says_event("gate_rescued", category="battle")
def _gate_rescued(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"move {their(view, r['seat'])} gate end from "
                                      f"{_at(view, r['sector'])} to {_at(view, r['to'])} for "
                                      f"{_caps(r['cost'])} with Predictive Algorithms"),
                int(r["to"]))


@says_event("unit_removed", category="battle")
def _unit_removed(view: View, r: Record) -> Told:
    unit = UNIT_NAMES[r["unit"]]
    return Told(f"{capital(whose(view, r['seat']))} {unit} in {_at(view, r['sector'])} is "
                "destroyed", int(r["sector"]))


@says_event("conflict_over", category="battle")
def _conflict_over(view: View, r: Record) -> Told:
    return Told(f"{capital(whose(view, r['seat']))} conflict is over: "
                f"{RESULTS.get(r['result'], r['result'])}")


# --- Technology Cards ----------------------------------------------------------------------


@says_event("tech_drawn", category="cards")
def _tech_drawn(view: View, r: Record) -> Told:
    if r.get("card"):
        return Told(says(view, r["seat"], f"draw {_card(r)} from the draw pile"))
    return Told(says(view, r["seat"], "draw a card from the draw pile"))


@says_event("tech_taken", category="cards")
def _tech_taken(view: View, r: Record) -> Told:
    source = str(r["source"])
    if source == "advanced":
        return Told(says(view, r["seat"], f"take {_card(r)} back from "
                                          f"{their(view, r['seat'])} Advanced Technologies"))
    head, _, pile = source.partition(":")
    where = pile_name(view, int(pile)) if head == "pile" and pile.isdigit() else "a discard pile"
    return Told(says(view, r["seat"], f"take {_card(r)} from {where}"))


REASONS = {"hand": "", "draft": " (the draft's last card)",
           "dropped": " from their slots to make room", "scrapped": " from their slots",
           "research": " for RESEARCH", "conflict": " after the conflict"}


@says_event("tech_discarded", category="cards")
def _tech_discarded(view: View, r: Record) -> Told:
    reason = REASONS.get(str(r.get("reason", "")), "")
    if r["seat"] >= 0:
        reason = reason.replace("their", their(view, r["seat"]))
        return Told(says(view, r["seat"], f"discard {_card(r)}{reason}"))
    return Told(f"{_card(r)} is discarded{reason}")


@says_event("tech_advanced", category="cards")
def _tech_advanced(view: View, r: Record) -> Told:
    dropped = f", dropping {content().tech_of(r['dropped']).name}" if r.get("dropped") else ""
    return Told(says(view, r["seat"], f"advance {_card(r)} for {_caps(r['cost'])}{dropped}"))


@says_event("tech_inactive", category="cards")
def _tech_inactive(view: View, r: Record) -> Told:
    return Told(says(view, r["seat"], f"lay {_card(r)} aside on {their(view, r['seat'])} "
                                      "Inactive pile"))


@says_event("inactive_returned", category="cards")
def _inactive_returned(view: View, r: Record) -> Told:
    cards = listing([card_name(c) for c in r["cards"]])
    return Told(says(view, r["seat"], f"take back {their(view, r['seat'])} Inactive pile: "
                                      f"{cards}"))


@says_event("deck_reshuffled", category="cards")
def _deck_reshuffled(view: View, r: Record) -> Told:
    return Told(f"The discards are shuffled into a new draw pile of "
                f"{count(r['cards'], 'card')}")


# --- scoring -------------------------------------------------------------------------------


def board_title(board: int) -> str:
    return "The Core" if board == 0 else f"Board {board}"


@says_event("board_scored", category="scoring")
def _board_scored(view: View, r: Record) -> Told:
    scored = [f"{whom(view, seat)} {vp}" for seat, vp in enumerate(r["vp"]) if vp]
    if not scored:
        return Told(f"{board_title(int(r['board']))} scores nobody")
    return Told(f"{board_title(int(r['board']))} scores: {', '.join(scored)} VP")


@says_event("game_over", category="scoring")
def _game_over(view: View, r: Record) -> Told:
    winners = [int(s) for s in r["winners"]]
    best = max(int(v) for v in r["scores"])
    verb = "win" if len(winners) > 1 or is_me(view, winners[0]) else "wins"
    return Told(f"The game is over: {listing([whom(view, s) for s in winners])} {verb} with "
                f"{best} VP", others=tuple(winners))

