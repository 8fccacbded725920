"""Words of the decisions of setup and of a turn: faction, government, the action, action
cards, Recruit, Advance, Colonize and Research."""

from __future__ import annotations

from typing import Any

from core.games.fractal import empire
from core.games.fractal.choices import Choice
from core.games.fractal.passives import adds_nothing
from core.games.fractal.words import cards, effects
from core.games.fractal.words import facts as f
from core.games.fractal.words.asking import (
    asks,
    choice_text,
    mine,
    offers,
    option_words,
    place,
    place_label,
)
from core.games.fractal.words.names import (
    EVENT_KINDS,
    action_name,
    card_name,
    content,
    seat_name,
    tech_slot,
    times,
    unit,
    units,
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

# --- setup ---------------------------------------------------------------------------------


@asks("faction")
def _faction_question(asked: Asked) -> tuple[str, str]:
    return ("Choose your faction",
            "It sets your starting sector and units, your abilities and your governments")


@offers("faction")
def _faction_option(asked: Asked, c: Choice) -> OptionWords:
    text = cards.card("faction", c.args[0])
    starts, abilities = text.lines[1], " ".join(text.lines[4:])
    return option_words(c, text.name, f"{text.name}. {text.lines[0]} {starts} {abilities}",
                        card=("faction", c.args[0]))


@asks("government")
def _government_question(asked: Asked) -> tuple[str, str]:
    return ("Choose your government",
            "Its action becomes your Government action; its other effects last all game")


@offers("government")
def _government_option(asked: Asked, c: Choice) -> OptionWords:
    text = cards.card("government", c.args[0])
    return option_words(c, text.name, " ".join(text.lines[1:]), card=("government", c.args[0]))


# --- the turn ------------------------------------------------------------------------------


@asks("action")
def _action_question(asked: Asked) -> tuple[str, str]:
    done = asked.get("done") or []
    costs = mine(asked)["costs"]
    hint = (f"A basic action costs {count(costs['action_credits'], 'credit')}, or depletes "
            f"its marker until you restore it for {costs['depletion']} influence")
    if not done:
        return "Choose the first action of your turn", hint
    return (f"Choose the second action of your turn (after {action_name(done[0])})", hint)


def _does(asked: Asked, action: str) -> str:
    """What a basic action would do now, from the capacities the view gives."""
    capacity = mine(asked)["capacity"]
    if action == "recruit":
        offer = [unit(n, kind) for kind, n in capacity["recruit"].items() if n]
        return f"bring {listing(offer, 'or')} into sectors with your colonies"
    if action == "advance":
        ranges = listing([f"{plural(kind)} {count(n, 'sector')}"
                          for kind, n in capacity["movement_range"].items()])
        return (f"make up to {count(capacity['movement_orders'], 'movement order')} "
                f"({ranges} each)")
    if action == "colonize":
        return "found a colony in a sector you control with a unit that can colonize"
    return (f"place {capacity['research_science']} science on technologies, then develop "
            f"those you have paid for")


@offers("pay")
def _pay_option(asked: Asked, c: Choice) -> OptionWords:
    action = c.args[0]
    credits = mine(asked)["costs"]["action_credits"]
    if not credits:  # modifiers can bring the cost down to nothing
        return option_words(c, f"{action_name(action)} (free)",
                            f"{action_name(action)}, for free: {_does(asked, action)}.")
    cost = count(credits, "credit")
    return option_words(c, f"{action_name(action)} (pay {cost})",
                        f"{action_name(action)}, paying {cost}: {_does(asked, action)}.")


@offers("deplete")
def _deplete_option(asked: Asked, c: Choice) -> OptionWords:
    action = c.args[0]
    depletion = mine(asked)["costs"]["depletion"]
    return option_words(c, f"{action_name(action)} (deplete)",
                        f"{action_name(action)} without paying: {_does(asked, action)}. Its marker "
                        f"is depleted until you restore it for {depletion} influence.")


@offers("action")
def _special_option(asked: Asked, c: Choice) -> OptionWords:
    me = mine(asked)
    if c.args[0] == "government":
        gov = me["government"]
        name = card_name(gov)
        requirement = content().governments[gov].requirement
        n = max(1, me["influence"] // requirement)
        action = effects.effect(content().governments[gov].action)
        return option_words(c, f"Government: {name}",
                            f"Take the action of {name}, up to {times(n)} with your influence "
                            f"({me['influence']}): {action}", card=("government", gov))
    played = len(me["played_cards"])
    return option_words(c, "Play an action card",
                        f"Play one of the action cards of the pool, face up for its effect or "
                        f"face down for 1 influence and 1 insight ({played} of "
                        f"{me['costs']['action_cards']} played this cycle; reaching the limit "
                        f"passes you).")


@asks("action_card")
def _action_card_question(asked: Asked) -> tuple[str, str]:
    return ("Choose an action card to play",
            "Face up it does what it says; face down it gives 1 influence and 1 insight")


@offers("card")
def _card_option(asked: Asked, c: Choice) -> OptionWords:
    pool = asked.get("pool") or asked.view["action_pool"]
    card_id = str(pool[c.number(0)])
    name = card_name(card_id)
    if c.args[1] == "up":
        return option_words(c, f"Up: {name}", f"Play {name} face up: "
                            f"{effects.effect(content().actions[card_id].effect)}",
                            card=("action", card_id))
    return option_words(c, f"Down: {name}",
                        f"Play {name} face down: gain 1 influence and perform 1 insight.",
                        card=("action", card_id))


# --- Recruit -------------------------------------------------------------------------------


def _in_reserve(asked: Asked, kind: str) -> int:
    return len([u for u in f.units_at(asked.view, f.RESERVE, asked.seat) if u["kind"] == kind])


@asks("recruit_unit")
def _recruit_unit_question(asked: Asked) -> tuple[str, str]:
    return ("Choose which units to recruit, and how many",
            "They come from your reserve into sectors with your colonies that are not "
            "blockaded")


@offers("units")
def _units_option(asked: Asked, c: Choice) -> OptionWords:
    n, kind = c.number(0), c.args[1]
    stored = _in_reserve(asked, kind)
    from_board = n - stored
    source = (f"{stored} from your reserve and {from_board} redeployed from the board"
              if from_board > 0 else f"{stored} in your reserve")
    return option_words(c, unit(n, kind), f"Recruit {unit(n, kind)} ({source}).")


@asks("deploy")
def _deploy_question(asked: Asked) -> tuple[str, str]:
    kind = asked.get("unit", "unit")
    left = asked.get("left")
    more = f" ({left} left)" if left and left > 1 else ""
    return (f"Choose where to recruit {article(kind)}{more}",
            "A sector with one of your colonies that is not blockaded")


@offers("deploy sector")
def _deploy_option(asked: Asked, c: Choice) -> OptionWords:
    sector = c.number(0)
    kind = asked.get("unit", "unit")
    return option_words(c, place_label(asked, sector),
                        f"Recruit {article(kind)} from your reserve in {place(asked, sector)}.",
                        sector)


@offers("all")
def _deploy_all_option(asked: Asked, c: Choice) -> OptionWords:
    sector = c.number(0)
    kind = str(asked.get("unit", "unit"))
    n = min(int(asked.get("left") or 1), _in_reserve(asked, kind))
    return option_words(c, f"All {n} in {place_label(asked, sector, LABEL_WIDTH - 7)}",
                        f"Recruit the {unit(n, kind)} left in {place(asked, sector)}.", sector)


@offers("redeploy")
def _redeploy_option(asked: Asked, c: Choice) -> OptionWords:
    moved, sector = f.unit(asked.view, c.number(0)), c.number(1)
    origin = moved["where"]
    return option_words(c, f"{place_label(asked, origin, 13)} → {place_label(asked, sector, 14)}",
                        f"Your reserve is empty: redeploy the {moved['kind']} in "
                        f"{place(asked, origin)} to {place(asked, sector)}.", sector)


# --- Advance -------------------------------------------------------------------------------


def _unit_place(asked: Asked, unit_id: int) -> tuple[str, int]:
    u = f.unit(asked.view, unit_id)
    return u["kind"], int(u["where"])


@asks("advance_unit")
def _advance_unit_question(asked: Asked) -> tuple[str, str]:
    left = asked.get("orders_left")
    more = f" ({count(left, 'movement order')} left)" if left else ""
    return (f"Choose a space unit to move{more}",
            "It may carry ground units of its sector; each order moves one space unit")


def _group(asked: Asked, u: dict[str, Any]) -> int:
    """How many units the option stands for: one offer per interchangeable group."""
    return len([o for o in f.units_at(asked.view, u["where"], u["owner"])
                if o["kind"] == u["kind"] and o["damage"] == u["damage"] and not o["moved"]])


@offers("advance_unit unit")
def _advance_unit_option(asked: Asked, c: Choice) -> OptionWords:
    u = f.unit(asked.view, c.number(0))
    kind, where = u["kind"], u["where"]
    reach = (asked.get("range") or mine(asked)["capacity"]["movement_range"]).get(kind, 0)
    n = _group(asked, u)
    which = f"one of your {n} {plural(kind)}" if n > 1 else f"your {kind}"
    return option_words(c, f"{capital(kind)} in {place_label(asked, where, 26 - len(kind))}",
                        f"Move {which} from {place(asked, where)}, up to "
                        f"{count(reach, 'sector')}.", where)


def _load(asked: Asked, c: Choice) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The ships and the cargo an option takes along, as the prompt lists them (a decision
    read back without its prompt, in a replay, lists none)."""
    load = (asked.get("loads") or {}).get(choice_text(c), {})
    return ([f.unit(asked.view, u) for u in load.get("ships", [])],
            [f.unit(asked.view, u) for u in load.get("cargo", [])])


@offers("load")
def _load_option(asked: Asked, c: Choice) -> OptionWords:
    u = f.unit(asked.view, c.number(0))
    kind, where = u["kind"], u["where"]
    _, cargo = _load(asked, c)
    aboard = units(f.kinds(cargo)) if cargo else "a full load"
    return option_words(c, f"{capital(kind)} + {aboard}",
                        f"Move your {kind} from {place(asked, where)} carrying {aboard}: "
                        f"every ground unit there that fits aboard.", where)


@offers("stack")
def _stack_option(asked: Asked, c: Choice) -> OptionWords:
    where = c.number(0)
    ships, cargo = _load(asked, c)
    if not ships:
        return option_words(c, f"Stack of {place_label(asked, where, LABEL_WIDTH - 9)}",
                            f"Move your space units of {place(asked, where)} together, one "
                            f"movement order each, carrying every ground unit that fits.", where)
    carrying = f" + {units(f.kinds(cargo))}" if cargo else ""
    aboard = f", carrying {units(f.kinds(cargo))}" if cargo else ""
    return option_words(c, f"Stack: {units(f.kinds(ships))}{carrying}",
                        f"Move the stack of {place(asked, where)} together: "
                        f"{units(f.kinds(ships))}{aboard}, one movement order each. It stops "
                        f"where enemy space units would pin one of them down.", where)


@asks("advance_cargo")
def _advance_cargo_question(asked: Asked) -> tuple[str, str]:
    mover = asked.get("unit")
    kind = f.unit(asked.view, mover)["kind"] if mover is not None else "ship"
    aboard, capacity = len(asked.get("cargo") or []), asked.get("capacity")
    room = f" ({aboard} of {capacity} aboard)" if capacity else ""
    return (f"Choose ground units to carry aboard the {kind}{room}",
            "They move with it and land where it stops")


@offers("advance_cargo unit")
def _cargo_option(asked: Asked, c: Choice) -> OptionWords:
    kind, where = _unit_place(asked, c.number(0))
    toppled = " (toppled)" if f.unit(asked.view, c.number(0))["damage"] else ""
    return option_words(c, f"Carry {article(kind)}{toppled}",
                        f"Take {article(kind)}{toppled} from {place(asked, where)} aboard.", where)


@offers("advance_cargo done")
def _cargo_done(asked: Asked, c: Choice) -> OptionWords:
    return option_words(c, "Set off", "Take no more units aboard and choose where to go.")


@offers("advance_unit done")
def _advance_done(asked: Asked, c: Choice) -> OptionWords:
    left = asked.get("orders_left")
    lost = f": {count(left, 'movement order')} left unused" if left else ""
    return option_words(c, "End the Advance", f"Stop moving{lost}.")


@asks("advance_step")
def _advance_step_question(asked: Asked) -> tuple[str, str]:
    mover = asked.get("unit")
    kind = f.unit(asked.view, mover)["kind"] if mover is not None else "unit"
    stack = asked.get("stack") or []
    moving = (f"the stack ({units(f.kinds([f.unit(asked.view, u) for u in [mover, *stack]]))})"
              if stack else f"the {kind}")
    cargo = [f.unit(asked.view, u) for u in asked.get("cargo") or []]
    carrying = f" carrying {units(f.kinds(cargo))}" if cargo else ""
    steps = asked.get("steps_left")
    left = f" (up to {count(steps, 'sector')})" if steps else ""
    return (f"Choose where {moving}{carrying} goes{left}",
            "A sector: straight there, the order ends. A step: one sector, then on; "
            "entering a face-down event reveals it")


def _step_note(asked: Asked, sector: int) -> str:
    here = f.sector(asked.view, sector)
    notes = []
    if here["event_kind"] and not here["event_face_up"]:
        notes.append(f"you will reveal its face-down {EVENT_KINDS[here['event_kind']]}")
    enemies = [s for s in f.owners_at(asked.view, sector) if s != asked.seat]
    if enemies:
        notes.append(f"{listing([seat_name(asked.view, s) for s in enemies])} "
                     f"{'is' if len(enemies) == 1 else 'are'} there")
    return f" ({'; '.join(notes)})" if notes else ""


@offers("to")
def _to_option(asked: Asked, c: Choice) -> OptionWords:
    sector = c.number(0)
    return option_words(c, place_label(asked, sector),
                        f"Go to {place(asked, sector)} and end the order there"
                        f"{_step_note(asked, sector)}.", sector)


@offers("advance_step sector")
def _step_option(asked: Asked, c: Choice) -> OptionWords:
    sector = c.number(0)
    return option_words(c, f"Step: {place_label(asked, sector, LABEL_WIDTH - 6)}",
                        f"Move one sector, into {place(asked, sector)}"
                        f"{_step_note(asked, sector)}, then choose whether to go on.", sector)


@offers("stop")
def _stop_option(asked: Asked, c: Choice) -> OptionWords:
    path = asked.get("path") or []
    where = f" in {place(asked, path[-1])}" if path else ""
    return option_words(c, "Stop here", f"End this movement order{where}.",
                        path[-1] if path else None)


@asks("advance_swarm")
def _swarm_question(asked: Asked) -> tuple[str, str]:
    sector = asked.get("sector")
    where = f" in {place(asked, sector)}" if sector is not None else ""
    return (f"Swarm Growth: place 1 infantry from your reserve{where}?",
            f"At most 3 per Advance ({asked.get('placed', 0)} so far)")


@offers("place")
def _swarm_place(asked: Asked, c: Choice) -> OptionWords:
    sector = asked.get("sector")
    where = f" in {place(asked, sector)}" if sector is not None else ""
    return option_words(c, "Place an infantry",
                        f"Place 1 infantry from your reserve{where}.", sector)


@offers("skip")
def _swarm_skip(asked: Asked, c: Choice) -> OptionWords:
    return option_words(c, "Do not grow", "Leave your reserve as it is.")


@asks("reveal_sector")
def _reveal_question(asked: Asked) -> tuple[str, str]:
    left = asked.get("count")
    more = f" ({left} left)" if left else ""
    return (f"Choose a face-down event to reveal{more}",
            "A sector next to one of your units, or where one stands")


@offers("reveal_sector sector")
def _reveal_option(asked: Asked, c: Choice) -> OptionWords:
    sector = c.number(0)
    kind = EVENT_KINDS[f.sector(asked.view, sector)["event_kind"] or "obstacle"]
    return option_words(c, place_label(asked, sector),
                        f"Turn up the face-down {kind} of {place(asked, sector)}.", sector)


# --- Colonize ------------------------------------------------------------------------------


def track_gain(track: str, taken: int) -> str:
    """What taking one more colony off a track brings, from the empire board's tables: the
    colonization bonus and the capacity it uncovers (as a change, so modifiers still hold)."""
    after = taken + 1
    if after > 3:
        return ""
    if track == "imperial":
        orders = empire.MOVEMENT_ORDERS[after] - empire.MOVEMENT_ORDERS[taken]
        parts = [f"gain {(1, 2, 1)[taken]} influence"]
        if orders:
            parts.append(f"{count(orders, 'more movement order')} per Advance")
        if after == 3:
            parts.append("1 more action card per cycle")
    elif track == "productive":
        parts = [f"{empire.INCOME[after] - empire.INCOME[taken]} more credit of income"]
        if after >= 2:
            parts.insert(0, "gain 1 credit")
    elif track == "scientific":
        science = empire.RESEARCH_SCIENCE[after] - empire.RESEARCH_SCIENCE[taken]
        reach = empire.MOVEMENT_RANGE[after] - empire.MOVEMENT_RANGE[taken]
        parts = [f"{science} more science per Research"]
        if reach:
            parts.append(f"{count(reach, 'more sector')} of movement range")
        parts[:0] = {2: ["place 2 science"], 3: ["draw 1 artifact"]}.get(after, [])
    else:
        before, now = empire.RECRUIT[taken], empire.RECRUIT[after]
        more = [unit(now[k] - before.get(k, 0), k) for k in now if now[k] > before.get(k, 0)]
        parts = [f"Recruit brings {listing(more, 'or')} more"]
        parts[:0] = {2: ["upgrade a tactic card to elite"],
                     3: ["your mastery turns elite"]}.get(after, [])
    return listing(parts)


@asks("colonize")
def _colonize_question(asked: Asked) -> tuple[str, str]:
    return ("Choose where to found a colony",
            "A colony leaves its track on your empire board and uncovers what lies beneath")


@offers("colony")
def _colony_option(asked: Asked, c: Choice) -> OptionWords:
    sector, track = c.number(0), c.args[1]
    gain = track_gain(track, mine(asked)["taken"][track])
    return option_words(c, f"{capital(track)}: {place_label(asked, sector, 28 - len(track))}",
                        f"Found {article(track)} colony in {place(asked, sector)}: {gain}.",
                        sector)


@offers("replace")
def _replace_option(asked: Asked, c: Choice) -> OptionWords:
    sector, index, track = c.number(0), c.number(1), c.args[2]
    old = f.sector(asked.view, sector)["spaces"][index]["track"] or "old"
    gain = track_gain(track, mine(asked)["taken"][track])
    return option_words(c, f"{capital(old)} to {track}",
                        f"Resettle: your {old} colony in {place(asked, sector)} returns to its "
                        f"track and {article(track)} colony takes its place: {gain}.", sector)


# --- Research and science ------------------------------------------------------------------


@asks("research_science", "place_science")
def _science_question(asked: Asked) -> tuple[str, str]:
    left = asked.get("left")
    more = f" ({left} left)" if left else ""
    each = " (each on a different technology)" if asked.get("distinct") else ""
    return (f"Choose a technology for your science{more}{each}",
            "Science pays towards a technology's cost; a face-down one takes up to the lowest "
            "cost of its stack; you have 8 tokens")


@offers("slot")
def _slot_option(asked: Asked, c: Choice) -> OptionWords:
    tech, index = c.args[0], c.number(1)
    top = f.top_card(asked.view, tech, index)
    where = tech_slot(tech, index)
    have = f.science_on(asked.view, tech, index, asked.seat)
    if asked.kind == "insight":
        hidden = f.slot(asked.view, tech, index)["cards"] - (1 if top else 0)
        return option_words(c, capital(where),
                            f"Look at the {count(hidden, 'face-down technology')} of the {where}.")
    if asked.kind == "cost_science":
        return option_words(c, f"{capital(where)} ({have})",
                            f"Take 1 of your {have} science back from the {where}.")
    if not top:
        return option_words(c, capital(where),
                            f"Put 1 science on the face-down technology of the {where}.")
    cost = content().technologies[top].cost
    name = card_name(top)
    # The slot in the label: two slots may show copies of the same technology.
    slot = f"{tech[0].upper()}{index + 1}"
    return option_words(c, f"{fit(name, LABEL_WIDTH - 11)} ({slot}) {have}/{cost}",
                        f"Put 1 science on {name} ({where}): {have + 1} of the {cost} it costs.",
                        card=("technology", top))


@asks("develop")
def _develop_question(asked: Asked) -> tuple[str, str]:
    return ("Choose a technology to develop",
            "Your science on it pays its cost and goes back to you")


@offers("develop")
def _develop_option(asked: Asked, c: Choice) -> OptionWords:
    tech, index = c.args[0], c.number(1)
    top = f.top_card(asked.view, tech, index)
    if not top:  # a view from after the card left its slot (a replay's past decision)
        return option_words(c, capital(tech_slot(tech, index)),
                            f"Develop the technology of the {tech_slot(tech, index)}.")
    text = cards.card("technology", top)
    if adds_nothing(content(), mine(asked)["technologies"], top):
        return option_words(c, f"{text.name} (again)",
                            f"Develop a second {text.name}: it is not stackable, so this copy "
                            f"adds nothing but a technology to your count.",
                            card=("technology", top))
    return option_words(c, text.name, f"Develop {text.name}. {' '.join(text.lines)}",
                        card=("technology", top))


@offers("develop done")
def _develop_done(asked: Asked, c: Choice) -> OptionWords:
    return option_words(c, "Develop nothing more", "End the Research; your science stays put.")
