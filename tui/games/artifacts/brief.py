"""What a card does, in the few words a card on the table has room for: a side of a ship,
technology or planet ("Discover −1", "ACTION: pay 2 cr, 2 Blockades on a rival", "Planets
4/6/8: 1/2/3 VP, end 2/4/6"), written from the content's effects so that the words cannot
drift from the rules. The card in full (its words' card text) stays one key away.

A card known by its face only (core/games/artifacts/faces.py) reads as a card of its face:
its Logistics side is the same for every card of that face."""

from __future__ import annotations

from core.games.artifacts.content.model import (
    JOIN_ACTION,
    SETTLE_ACTION,
    Act,
    Artifact,
    Assembly,
    Attack,
    Blockade,
    Condition,
    Cost,
    Counter,
    Discard,
    Draw,
    Effect,
    Event,
    Gain,
    Guard,
    Hand,
    Lose,
    Pay,
    Plan,
    Power,
    Prepare,
    Produce,
    Scoring,
    Spend,
    Steal,
    Step,
    Take,
    Trade,
    Unblock,
    Wild,
)
from core.games.artifacts.faces import stand_in
from core.games.artifacts.words.names import KIND_NAMES, TYPE_NAMES
from core.words import plural
from tui.games.artifacts import look

# Short names of the actions, as the Player Aid's column headings.
ACTIONS = {"buy": "Buy", "discover": "Discover", "develop": "Develop", "build": "Build",
           "prepare": "Prepare", "trade": "Trade", "remove": "Remove",
           "offensive": "Offensive", "revenue": "Revenue", "mine": "Mine"}
MODES = {"ongoing": "", "trigger": "", "additionally": "ADD: ", "action": "ACTION: "}
TARGETS = {"any": "", "system": " vs Systems", "player": " vs players"}
SIDE_WORDS = {"logistics": "Logistics", "operational": "operational"}


def side(kind: str, card_id: str, side_name: str) -> str:
    """One side of a ship, technology or planet (``side_name`` logistics or
    operational)."""
    c = look.content()
    card_id = stand_in(c, card_id)
    rules = c.rules
    if kind == "planet":
        type_ = c.planets[card_id].type
        if side_name == "logistics":
            action = SETTLE_ACTION[type_]
            return f"{ACTIONS[action]} −{rules.settle_discount}{' cr' if action == 'buy' else ''}"
        return f"produces 1 a Mine, {look.TYPES[type_]} shown: 1 VP"
    if kind == "ship":
        ship = c.ships[card_id]
        if side_name == "logistics":
            text = f"+{rules.join_assembly} card for {ACTIONS[JOIN_ACTION[ship.type]]}"
            return text + (", 1 Plan as it joins" if ship.type == "exploit" else "")
        skill = c.skills[ship.type]
        if skill.reveal > 1:
            does = f"reveal {skill.reveal}, use one"
        elif skill.armour:
            does = "Destroyed only damages it"
        elif skill.extra:
            does = f"+{skill.extra}{TARGETS[skill.versus]}"
        else:
            does = f"{effect(skill.spoils)} after it"
        return f"attack +{ship.bonus}, {skill.name}: {does}"
    tech = c.technologies[card_id]
    if side_name == "logistics":
        ability = tech.logistics
        when = f"{event(ability.on)}: " if ability.on is not None else ""
        return MODES[ability.mode] + when + effect(ability.effect)
    return scoring(tech.score)


def effect(steps: Effect) -> str:
    return ", ".join(step(s) for s in steps) or "nothing"


def step(s: Step) -> str:
    text = _args(s.args, s.op)
    if s.per is not None:
        every = f"{s.every} " if s.every > 1 else ""
        text += f" per {every}{counter(s.per, one=s.every == 1)}"
    if s.max:
        text += f" (≤{s.max})"
    if s.only_if is not None:
        text += f" if {condition(s.only_if)}"
    return text


def _args(args: object, op: str) -> str:
    if isinstance(args, Gain | Lose):
        sign = "+" if isinstance(args, Gain) else "−"
        parts = [f"{sign}{n} {unit}" for n, unit in ((args.vp, "VP"), (args.credits, "cr"))
                 if n]
        return " ".join(parts)
    if isinstance(args, Pay):
        return f"pay {args.credits} cr"
    if isinstance(args, Spend):
        within = f" in ≤{args.cards} cards" if args.cards else ""
        return "spend " + ", ".join(f"{args.amount} {c}" for c in args.colours) + within
    if isinstance(args, Draw):
        return f"draw {args.count}"
    if isinstance(args, Discard):
        return f"discard {args.count}"
    if isinstance(args, Produce):
        return f"produce {args.count} on {'a' if args.planets == 'one' else 'each'} Planet"
    if isinstance(args, Artifact | Plan):
        noun = "Artifact" if isinstance(args, Artifact) else "Plan"
        return f"+{args.count} {noun}"
    if isinstance(args, Take):
        return _take(args)
    if isinstance(args, Act):
        return ACTIONS[args.action] + (f" at −{args.discount}" if args.discount else "")
    if isinstance(args, Attack):
        who = "a ship attacks" if args.ship else "attack, no ship,"
        return f"{who}{TARGETS[args.target]}" + (f" +{args.bonus}" if args.bonus else "")
    if isinstance(args, Blockade):
        return f"{args.count} Blockade{'s' if args.count > 1 else ''} on a rival"
    if isinstance(args, Unblock):
        return f"remove ≤{args.count} Blockade{'s' if args.count > 1 else ''}"
    if isinstance(args, Steal):
        return f"take {args.credits} cr from a rival"
    if isinstance(args, Prepare):
        return f"tuck ≤{args.count} card{'s' if args.count > 1 else ''} from hand"
    if op in ("destroyed", "damaged"):
        return op.capitalize()
    return _modifier(args)


def _modifier(args: object) -> str:
    if isinstance(args, Cost):
        unit = " cr" if args.action == "buy" else ""
        return f"{ACTIONS[args.action]} {'+' if args.amount > 0 else '−'}{abs(args.amount)}{unit}"
    if isinstance(args, Assembly):
        return f"+{args.amount} card for {ACTIONS[args.action]}"
    if isinstance(args, Power):
        return f"+{args.amount} attack{TARGETS[args.target]}"
    if isinstance(args, Guard):
        return f"−{args.amount} to attacks on you"
    if isinstance(args, Wild):
        return f"{args.colour} pays {ACTIONS[args.action]}"
    if isinstance(args, Hand):
        return f"hand size +{args.amount}"
    if isinstance(args, Trade):
        return f"Trade +{args.amount} cr"
    raise ValueError(f"no short words for the effect {args!r}")


def _take(args: Take) -> str:
    deck = "a deck" if args.deck == "any" else plural(KIND_NAMES[args.deck])
    where = "" if args.to == "construction" else " into your Empire"
    if args.type != "any":
        return f"first {TYPE_NAMES[args.type]} of {deck}{where}"
    if args.look == args.keep:
        return f"take {args.keep} of {deck}{where}"
    return f"look {args.look} of {deck}, keep {args.keep}{where}"


def event(on: Event) -> str:
    """What a trigger waits for."""
    if on.name == "complete":
        noun = "a card" if on.kind == "any" else f"a {KIND_NAMES[on.kind]}"
        return f"{noun} enters"
    if on.name == "attack":
        return "after your attack" + (" on a player" if on.target == "player" else "")
    if on.name == "defend":
        return "after an attack on you"
    return "a Planet's Type produced"


def counter(c: Counter, one: bool = False) -> str:
    """What a counter counts, in a few words: "Planets", "operational Exploit cards"."""
    if c.name in ("cards", "types", "construction"):
        words = []
        if c.side != "any":
            words.append(look.SIDE_NAMES[c.kind, c.side] if c.kind != "any"
                         else SIDE_WORDS[c.side])
        if c.type != "any":
            words.append(TYPE_NAMES[c.type])
        noun = KIND_NAMES.get(c.kind, "card")
        words.append(noun if one and c.name == "cards" else plural(noun))
        described = " ".join(words)
        if c.name == "types":
            return f"Types of {described}"
        return f"{described} building" if c.name == "construction" else described
    return {"produced": "produced cards", "credits": "credits",
            "artifacts": "Artifacts", "plans": "Plans", "blockades": "Blockades on you",
            "twins": "alike in your Empire"}[c.name]


def condition(found: Condition) -> str:
    if found.counter.name == "twins":  # the entering card's kind and Type
        return "the first of its kind and Type" if found.value <= 1 and not found.at_least \
            else f"{'≥' if found.at_least else '≤'}{found.value} alike"
    return f"{'≥' if found.at_least else '≤'}{found.value} {counter(found.counter)}"


def scoring(score: Scoring) -> str:
    """An operational technology's table: "Planets 4/6/8: 1/2/3 VP, end 2/4/6"."""
    needs, during, end = ("/".join(str(row[i]) for row in score.rows) for i in range(3))
    return f"{counter(score.count)} {needs}: {during} VP, end {end}"
