"""Events in words: one sentence per event record, from the reader's point of view.

A record is what ``core.events.for_viewer`` gives a seat (plus ``seq`` in a frame): the
event's public fields, and its secret fields only when they are the reader's. The words
never look further, so another seat's secrets cannot reach a sentence. Each kind registers
its sentence and the category that files it for a log's colours and filters with
:func:`says_event` (core.words.Eventbook); the seats a line concerns and the sector it
happened in are read from the record's fields (:func:`_about`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.games.fractal.words import cards, effects
from core.games.fractal.words import facts as f
from core.games.fractal.words.effects import HOOK_TITLES, resources
from core.games.fractal.words.names import (
    ACTIONS,
    DECKS,
    EVENT_KINDS,
    PHASES,
    View,
    card_name,
    colour,
    content,
    is_me,
    kind_of,
    record,
    says,
    seat_name,
    seats_named,
    sector_name,
    source_phrase,
    tech_slot,
    their,
    times,
    units,
    who,
    whom,
    whose,
)
from core.words import Eventbook, Told, article, called, capital, count, listing

Record = dict[str, Any]
Sentence = Callable[[View, Record], str]

# Fields of a record that name a seat besides its own ``seat``.
_SEAT_FIELDS = ("defender", "target", "by", "first", "partner", "proposer", "owner")


def _about(record: Record) -> Told:
    """The seats an event concerns besides its own, and its sector, from its fields."""
    seats = {record.get(key, -1) for key in _SEAT_FIELDS}
    seats.update(record.get("seats") or ())
    seats.update(record.get("winners") or ())
    if isinstance(record.get("tactics"), dict):  # the cards a battle turn revealed, by seat
        seats.update(int(seat) for seat in record["tactics"])
    sector = record.get("sector")
    return Told("", sector if isinstance(sector, int) and sector >= 0 else None,
                tuple(sorted(s for s in seats if isinstance(s, int) and s >= 0)))


BOOK = Eventbook(_about)
says_event = BOOK.says


def _at(view: View, r: Record) -> str:
    return sector_name(view, int(r["sector"]))


def _seat(r: Record) -> int:
    return int(r.get("seat", -1))


# --- setup and the structure of the game ---------------------------------------------------


@says_event("faction_chosen", category="setup")
def _faction_chosen(view: View, r: Record) -> str:
    # The player without the faction (this line announces it): their colour, and their own
    # name first when they gave one.
    seat = _seat(r)
    name = "You" if is_me(view, seat) else called(colour(view, seat),
                                                  str(view["players"][seat].get("name", "")))
    verb = "play" if is_me(view, _seat(r)) else "plays"
    return f"{name} {verb} the {card_name(r['faction'])}"


@says_event("government_chosen", category="setup")
def _government_chosen(view: View, r: Record) -> str:
    return f"{says(view, _seat(r), 'adopt')} {card_name(r['government'])} as government"


@says_event("phase", category="setup")
def _phase(view: View, r: Record) -> str:
    return f"Cycle {r['cycle']}: the {PHASES[r['phase']]} begins"


@says_event("transition", category="scoring")
def _transition(view: View, r: Record) -> str:
    return f"Age {r['age']} ends: the objectives are scored"


@says_event("objective_revealed", category="scoring")
def _objective_revealed(view: View, r: Record) -> str:
    return f"The Age 2 objective is revealed: {card_name(r['objective'])}"


@says_event("game_over", category="scoring")
def _game_over(view: View, r: Record) -> str:
    winners = list(r.get("winners") or [])
    if len(winners) == 1:
        return f"The game is over: {says(view, winners[0], 'win', start=False)}"
    return f"The game is over: {seats_named(view, winners)} share the victory"


@says_event("cleanup", category="setup")
def _cleanup(view: View, r: Record) -> str:
    return ("Cleanup: the action pool is dealt anew, toppled units stand up and the used "
            "markers are reset")


@says_event("first_player", category="setup")
def _first_player(view: View, r: Record) -> str:
    return f"{says(view, _seat(r), 'hand')} the first player token to {whom(view, r['first'])}"


@says_event("passed", category="economy")
def _passed(view: View, r: Record) -> str:
    text = says(view, _seat(r), "pass")
    return f"{text} and {'become' if is_me(view, _seat(r)) else 'becomes'} the watcher" if (
        r.get("watcher")) else text


# --- the economy ---------------------------------------------------------------------------


@says_event("action_chosen", category="economy")
def _action_chosen(view: View, r: Record) -> str:
    action = ACTIONS[r["action"]]
    paid = {"pay": ", paying in credits", "deplete": ", depleting its marker"}.get(
        r.get("payment", ""), "")
    return f"{says(view, _seat(r), 'take')} the {action} action{paid}"


@says_event("income", category="economy")
def _income(view: View, r: Record) -> str:
    return f"{says(view, _seat(r), 'collect')} {count(int(r['credits']), 'credit')} of income"


@says_event("resources", category="economy")
def _resources(view: View, r: Record) -> str:
    gained = {k: r.get(k, 0) for k in ("credits", "influence", "vp_tokens")}
    won = {k: v for k, v in gained.items() if v > 0}
    lost = {k: -v for k, v in gained.items() if v < 0}
    parts = []
    if won:
        parts.append(f"{'gain' if is_me(view, _seat(r)) else 'gains'} {resources(won)}")
    if lost:
        parts.append(f"{'spend' if is_me(view, _seat(r)) else 'spends'} {resources(lost)}")
    source = source_phrase(str(r.get("source", "")))
    why = f" {source}" if source else ""
    return f"{who(view, _seat(r))} {' and '.join(parts) or 'gains nothing'}{why}"


@says_event("colony_bonus", category="economy")
def _colony_bonus(view: View, r: Record) -> str:
    gain = resources({k: r[k] for k in ("credits", "influence") if r.get(k)})
    return f"{capital(whose(view, _seat(r)))} {r['track']} track gives {gain or 'nothing'}"


@says_event("bone_trade", category="economy")
def _bone_trade(view: View, r: Record) -> str:
    gain = count(int(r["credits"]), "credit") if r["credits"] else "nothing"
    return f"{capital(whose(view, _seat(r)))} {HOOK_TITLES['gorias_bone_trade']} brings {gain}"


@says_event("blood_pool_returned", category="economy")
def _blood_pool(view: View, r: Record) -> str:
    paid = f", for {count(int(r['credits']), 'credit')}" if r["credits"] else ""
    return (f"{capital(whose(view, _seat(r)))} Blood Pool returns "
            f"{count(int(r['units']), 'unit')} to the reserve{paid}")


@says_event("prestige", category="scoring")
def _prestige(view: View, r: Record) -> str:
    return f"{says(view, _seat(r), 'gain')} {r['influence']} influence of prestige"


@says_event("influence_lost", category="economy")
def _influence_lost(view: View, r: Record) -> str:
    if not r["influence"]:
        return f"{says(view, _seat(r), 'have')} no influence left to lose"
    return f"{says(view, _seat(r), 'lose')} {their(view, _seat(r))} last {r['influence']} influence"


@says_event("action_restored", category="economy")
def _action_restored(view: View, r: Record) -> str:
    cost = f" for {r['influence']} influence" if r.get("influence") else ""
    return (f"{says(view, _seat(r), 'restore')} {their(view, _seat(r))} "
            f"{ACTIONS[r['action']]} marker{cost}")


@says_event("free_action_depleted", category="economy")
def _free_action_depleted(view: View, r: Record) -> str:
    source = source_phrase(str(r.get("source", "")))
    action = ACTIONS[r["action"]]
    return (f"{capital(whose(view, _seat(r)))} free {action}{' ' + source if source else ''} "
            f"is not performed: the {action} action is depleted")


@says_event("vp", category="scoring")
def _vp(view: View, r: Record) -> str:
    return f"{says(view, _seat(r), 'score')} {r['amount']} {r['category']} VP"


@says_event("government_action", category="economy")
def _government_action(view: View, r: Record) -> str:
    return f"{says(view, _seat(r), 'use')} {card_name(r['government'])} {times(int(r['times']))}"


# --- the board -----------------------------------------------------------------------------


@says_event("colony_placed", category="economy")
def _colony_placed(view: View, r: Record) -> str:
    return f"{says(view, _seat(r), 'found')} {article(r['track'])} colony in {_at(view, r)}"


@says_event("colony_removed", category="battle")
def _colony_removed(view: View, r: Record) -> str:
    return (f"{capital(whose(view, _seat(r)))} {r['track']} colony in {_at(view, r)} returns to "
            f"its track")


def _siege(verb: str) -> Sentence:
    def sentence(view: View, r: Record) -> str:
        defender = int(r.get("defender", -1))
        return (f"{says(view, _seat(r), verb)} {whose(view, defender)} {r['track']} colony in "
                f"{_at(view, r)}")
    return sentence


says_event("colony_razed", category="battle")(_siege("raze"))
says_event("colony_invaded", category="battle")(_siege("invade"))


@says_event("mastery_elite", category="economy")
def _mastery_elite(view: View, r: Record) -> str:
    return f"{capital(whose(view, _seat(r)))} mastery turns to its elite side"


@says_event("unit_recruited", category="movement")
def _unit_recruited(view: View, r: Record) -> str:
    pool = " from the Blood Pool" if r.get("blood_pool") else ""
    return f"{says(view, _seat(r), 'recruit')} {article(r['unit'])}{pool} in {_at(view, r)}"


@says_event("unit_redeployed", category="movement")
def _unit_redeployed(view: View, r: Record) -> str:
    return f"{says(view, _seat(r), 'redeploy')} {article(r['unit'])} to {_at(view, r)}"


@says_event("unit_placed", category="movement")
def _unit_placed(view: View, r: Record) -> str:
    return f"{says(view, _seat(r), 'place')} {article(r['unit'])} in {_at(view, r)}"


@says_event("unit_removed", category="movement")
def _unit_removed(view: View, r: Record) -> str:
    where = f" in {_at(view, r)}" if int(r.get("sector", -1)) >= 0 else ""
    return f"{capital(whose(view, _seat(r)))} {r['unit']}{where} is removed"


@says_event("movement_order", category="movement")
def _movement_order(view: View, r: Record) -> str:
    mover = f.unit(view, int(r["unit"]))["kind"]
    cargo = [f.unit(view, int(u)) for u in r.get("cargo") or []]
    carrying = f" carrying {units(f.kinds(cargo))}" if cargo else ""
    path = [sector_name(view, int(s)) for s in r["path"]]
    via = f" through {listing(path[1:-1])}" if len(path) > 2 else ""
    return (f"{says(view, _seat(r), 'move')} {article(mover)}{carrying} from {path[0]} to "
            f"{path[-1]}{via}")


@says_event("swarm_growth", category="movement")
def _swarm_growth(view: View, r: Record) -> str:
    return f"{capital(whose(view, _seat(r)))} swarm grows: 1 infantry in {_at(view, r)}"


@says_event("storm_moved", category="movement")
def _storm_moved(view: View, r: Record) -> str:
    name = card_name(r["storm"]) if kind_of(str(r.get("storm", ""))) else "a living storm"
    there = listing([sector_name(view, s) for s in f.vertex_sectors(view, r["to"])])
    cut = f.vertex_sectors(view, [r["cut"]]) if r.get("cut") else []
    off = f", cutting off {sector_name(view, cut[0])}" if cut else ""
    return f"{says(view, _seat(r), 'move')} {name} between {there}{off}"


@says_event("event_revealed", category="movement")
def _event_revealed(view: View, r: Record) -> str:
    kind = EVENT_KINDS[r["event_kind"]]
    return (f"{says(view, _seat(r), 'reveal')} {article(kind)} in {_at(view, r)}: "
            f"{card_name(r['event'])}")


@says_event("event_resolved", category="economy")
def _event_resolved(view: View, r: Record) -> str:
    card_id = str(r["card"])
    options = record(kind_of(card_id), card_id).options
    chosen = options[int(r["option"])]
    # Which way it was resolved, in words: what it took and what it gave.
    told = effects.event_option(chosen.require, chosen.reward).rstrip(".")
    which = f" ({told[:1].lower()}{told[1:]})" if len(options) > 1 else ""
    return f"{says(view, _seat(r), 'resolve')} {card_name(card_id)} in {_at(view, r)}{which}"


@says_event("utopian_reward", category="scoring")
def _utopian_reward(view: View, r: Record) -> str:
    take = "take" if is_me(view, _seat(r)) else "takes"
    return (f"{says(view, _seat(r), 'control')} the Utopian sector and {take} the reward of "
            f"{card_name(r['singularity'])}")


# --- cards ---------------------------------------------------------------------------------


@says_event("action_card_played", category="cards")
def _action_card_played(view: View, r: Record) -> str:
    side = "face up" if r.get("face_up") else "face down, for 1 influence and 1 insight"
    return f"{says(view, _seat(r), 'play')} {card_name(r['card'])} {side}"


@says_event("action_cards_drawn", category="cards")
def _action_cards_drawn(view: View, r: Record) -> str:
    drawn = [card_name(c) for c in r["cards"]]
    verb = "joins" if len(drawn) == 1 else "join"
    return f"{listing(drawn)} {verb} the action pool"


@says_event("deck_reshuffled", category="cards")
def _deck_reshuffled(view: View, r: Record) -> str:
    deck = DECKS[r["deck"]]
    return f"The discard pile is shuffled into a new {deck} of {count(int(r['cards']), 'card')}"


@says_event("artifacts_drawn", category="cards")
def _artifacts_drawn(view: View, r: Record) -> str:
    drawn = r.get("cards")
    text = f"{says(view, _seat(r), 'draw')} {count(int(r['count']), 'artifact')}"
    return f"{text}: {listing([card_name(c) for c in drawn])}" if drawn else text


@says_event("artifact_gained", category="cards")
def _artifact_gained(view: View, r: Record) -> str:
    return f"{says(view, _seat(r), 'keep')} the artifact {card_name(r['artifact'])}"


@says_event("tactic_upgraded", category="cards")
def _tactic_upgraded(view: View, r: Record) -> str:
    return f"{says(view, _seat(r), 'upgrade')} {card_name(r['tactic'])} to its elite side"


@says_event("technology_developed", category="cards")
def _technology_developed(view: View, r: Record) -> str:
    text = f"{says(view, _seat(r), 'develop')} {card_name(r['technology'])}"
    return f"{text} again: a copy that adds nothing" if r.get("no_effect") else text


@says_event("technology_banished", category="cards")
def _technology_banished(view: View, r: Record) -> str:
    return f"A copy of {card_name(r['technology'])} is banished from the game"


@says_event("technologies_revealed", category="cards")
def _technologies_revealed(view: View, r: Record) -> str:
    turned = [f"{card_name(s['technology'])} ({tech_slot(s['tech'], int(s['slot']))})"
              for s in r["slots"]]
    return f"New technologies turn face up: {listing(turned)}"


@says_event("science_placed", category="cards")
def _science_placed(view: View, r: Record) -> str:
    _, tech, index = str(r["slot"]).split(":")
    return f"{says(view, _seat(r), 'put')} 1 science on the {tech_slot(tech, int(index))}"


@says_event("science_returned", category="cards")
def _science_returned(view: View, r: Record) -> str:
    _, tech, index = str(r["slot"]).split(":")
    return (f"{says(view, _seat(r), 'take')} 1 science back from the "
            f"{tech_slot(tech, int(index))}")


@says_event("science_lost", category="cards")
def _science_lost(view: View, r: Record) -> str:
    return (f"{count(int(r['amount']), 'science')} of {whose(view, _seat(r))} "
            f"{'is' if int(r['amount']) == 1 else 'are'} lost: no technology slot can take it")


@says_event("technology_removed", category="cards")
def _technology_removed(view: View, r: Record) -> str:
    return (f"{says(view, _seat(r), 'remove')} {card_name(r['technology'])}, which goes to "
            f"the technology discard pile")


def _insight_target(view: View, target: str) -> str:
    head, _, rest = target.partition(":")
    if head == "deck":
        return f"the top of the {DECKS[rest]}"
    if head == "slot":
        tech, index = rest.split(":")
        return f"the face-down cards of the {tech_slot(tech, int(index))}"
    if head == "event":
        return f"the face-down event of {sector_name(view, int(rest))}"
    return "the face-down Age 2 objective"


@says_event("insight", category="cards")
def _insight(view: View, r: Record) -> str:
    text = f"{says(view, _seat(r), 'look')} at {_insight_target(view, str(r['target']))}"
    seen = r.get("seen")
    if seen is None:  # another seat's insight: what it saw is theirs alone
        return text
    return f"{text}: {listing([card_name(c) for c in seen]) or 'nothing'}"


# --- battles -------------------------------------------------------------------------------


@says_event("watcher_order", category="movement")
def _watcher_order(view: View, r: Record) -> str:
    if r.get("order") == "move":
        return f"{says(view, _seat(r), 'make')} a free movement order as the watcher"
    return f"{says(view, _seat(r), 'recruit')} 1 {r.get('unit', 'unit')} as the watcher"


@says_event("watcher_skipped", category="movement")
def _watcher_skipped(view: View, r: Record) -> str:
    return f"{says(view, _seat(r), 'have')} no free order to take as the watcher"


@says_event("battle_medal_placed", category="battle")
def _battle_medal_placed(view: View, r: Record) -> str:
    return f"A battle medal is placed in {_at(view, r)}"


@says_event("battle_started", category="battle")
def _battle_started(view: View, r: Record) -> str:
    return f"Battle in {_at(view, r)} between {seats_named(view, list(r['seats']))}"


@says_event("tactics_discarded", category="battle")
def _tactics_discarded(view: View, r: Record) -> str:
    gone = [card_name(c) for c in r["tactics"]]
    back = [card_name(c) for c in r.get("returned") or []]
    text = (f"Hostile conditions in {_at(view, r)}: {says(view, _seat(r), 'discard', False)} "
            f"{listing(gone) or 'nothing'}")
    return f"{text} ({listing(back)} {'goes' if len(back) == 1 else 'go'} back to hand)" if (
        back) else text


@says_event("missing_in_action", category="battle")
def _missing_in_action(view: View, r: Record) -> str:
    return (f"{says(view, _seat(r), 'have')} no tactic card to play in {_at(view, r)}: "
            f"{their(view, _seat(r))} units there are missing in action")


@says_event("tactic_chosen", category="battle")
def _tactic_chosen(view: View, r: Record) -> str:
    tactic = r.get("tactic")
    if tactic is None:  # another seat's choice stays hidden until every card is revealed
        return f"{says(view, _seat(r), 'choose')} a tactic card in {_at(view, r)}"
    return f"{says(view, _seat(r), 'choose')} {card_name(tactic)} in {_at(view, r)}"


@says_event("tactics_revealed", category="battle")
def _tactics_revealed(view: View, r: Record) -> str:
    shown = [f"{says(view, int(s), 'play', False)} {card_name(c)} "
             f"(initiative {r['initiatives'][s]})"
             for s, c in r["tactics"].items()]
    return f"Battle in {_at(view, r)}, turn {r['turn']}: {listing(shown)}"


@says_event("tactic_unresolved", category="battle")
def _tactic_unresolved(view: View, r: Record) -> str:
    return (f"{capital(whose(view, _seat(r)))} {card_name(r['tactic'])} can no longer be "
            f"formed and is discarded")


@says_event("tactic_resolved", category="battle")
def _tactic_resolved(view: View, r: Record) -> str:
    tactic = str(r["tactic"])
    comp = content().tactic_cards[tactic].compositions[int(r["composition"])]
    target = int(r.get("target", -1))
    against = f" against {whom(view, target)}" if target >= 0 else ""
    return (f"{capital(whose(view, _seat(r)))} {card_name(tactic)} strikes{against} "
            f"with {units(comp.units)}: {cards.damage(comp)}")


@says_event("damage_blocked", category="battle")
def _damage_blocked(view: View, r: Record) -> str:
    return f"{says(view, _seat(r), 'block')} 1 {r['damage']} damage in {_at(view, r)}"


@says_event("damage_lost", category="battle")
def _damage_lost(view: View, r: Record) -> str:
    return (f"{count(int(r['count']), 'point')} of {whose(view, _seat(r))} damage "
            f"{'finds' if int(r['count']) == 1 else 'find'} no target in {_at(view, r)}")


_OUTCOMES = {"toppled": "is toppled", "removed": "is removed", "retreat": "must retreat",
             "cut_off": "must retreat, but no sector next to it is safe: it is removed"}


@says_event("unit_damaged", category="battle")
def _unit_damaged(view: View, r: Record) -> str:
    by = int(r.get("by", -1))
    source = f" from {seat_name(view, by) if not is_me(view, by) else 'you'}" if by >= 0 else ""
    return (f"{capital(whose(view, _seat(r)))} {r['unit']} in {_at(view, r)} takes "
            f"{r['damage']} damage{source} and {_OUTCOMES[r['outcome']]}")


@says_event("unit_retreated", category="battle")
def _unit_retreated(view: View, r: Record) -> str:
    return (f"{capital(whose(view, _seat(r)))} {r['unit']} retreats from {_at(view, r)} to "
            f"{sector_name(view, int(r['to']))}")


@says_event("unit_banished", category="battle")
def _unit_banished(view: View, r: Record) -> str:
    return (f"{capital(whose(view, _seat(r)))} {r['unit']} in {_at(view, r)} is banished by "
            f"{whom(view, int(r['by']))}")


@says_event("battle_ended", category="battle")
def _battle_ended(view: View, r: Record) -> str:
    result = r.get("result")
    if result == "victory":
        return f"{says(view, _seat(r), 'win')} the battle in {_at(view, r)}"
    if result == "colony":
        return f"The battle in {_at(view, r)} leaves no unit: {whose(view, _seat(r))} colony " \
               f"holds it"
    return f"The battle in {_at(view, r)} ends in a draw"


@says_event("medal_claimed", category="battle")
def _medal_claimed(view: View, r: Record) -> str:
    return f"{says(view, _seat(r), 'take')} the battle medal of {_at(view, r)}"


@says_event("medal_removed", category="battle")
def _medal_removed(view: View, r: Record) -> str:
    return f"Nobody claims the battle medal of {_at(view, r)}: it is removed"


@says_event("blockade_medal", category="battle")
def _blockade_medal(view: View, r: Record) -> str:
    if r.get("placed"):
        return f"{_at(view, r)} is blockaded"
    return f"The blockade of {_at(view, r)} is lifted"

