"""Fractured Atlas in words: every question, option, event and card, readable by a person.

``WORDS`` is the ruleset's :class:`core.words.Words`. Like Fractal's words, everything
here is a pure function of what a seat receives (its view, its prompt, its event records)
and of the card list, never of a game's state. A Place is named by its card ("the Mill");
a player by colour and Advisor ("Red (Sailor)"), the reader as "you"; every player also has
a symbol, so the map never tells players apart by colour alone. The plain-text renderings
(``fractal show``, the heading and scores of ``fractal replay --text``) live in
``text.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from core.games.atlas.choices import Choice, parse
from core.games.atlas.content import Content, load_content
from core.games.atlas.hidden import SECRET_CHOICES
from core.words import (
    ASCII_SEAT_MARKS,
    SEAT_MARKS,
    Asked,
    CardText,
    Eventbook,
    OptionWords,
    Phrasebook,
    Told,
    Voice,
    Words,
    called,
    capital,
    count,
    fit,
    listing,
)

View = dict[str, Any]
Record = dict[str, Any]

SUIT_NAMES = {"moons": "Moons", "suns": "Suns", "waves": "Waves", "leaves": "Leaves",
              "wyrms": "Wyrms", "knots": "Knots"}
SUIT_SHORT = {"moons": "Mo", "suns": "Su", "waves": "Wa", "leaves": "Le", "wyrms": "Wy",
              "knots": "Kn"}
ACTION_NAMES = {"explore": "Explore", "migrate": "Migrate", "exploit": "Exploit",
                "trade": "Trade", "build": "Build", "magic": "Magic", "attack": "Attack"}
ACTION_TEXT = {
    "explore": "turn over the top Place of the Atlas and put it next to one of yours, "
               "with two of your tokens on it",
    "migrate": "move free tokens from one Place to an adjacent one, one of them with a Wave",
    "exploit": "add a Worker where you have one, on a Place with a Leaf or a Wave",
    "trade": "add a Worker on a Place with a Knot or a Sun; from your Fief, swap Workers "
             "with a neighbour",
    "build": "put a Worker (or your Noble) on another stack of its Place: a Tower you rule",
    "magic": "switch one of your tokens on a Moon Place with a rival's there or next door",
    "attack": "bring free tokens into a Place and fight the rivals you name there",
}
RANK_NAMES = {"ace": "Ace", "crown": "Crown", "pawn": "Pawn", "court": "Court",
              "none": "no rank"}
PHASES = {"advisors": "choosing Advisors", "cards": "action card phase",
          "actions": "actions in the order of play", "advisor": "Advisor phase",
          "resolution": "resolution phase", "over": "game over"}
CATEGORY = {
    "round": "setup", "phase": "setup", "advisors_dealt": "cards", "advisor_chosen": "cards",
    "advisors_revealed": "cards", "deck_shuffled": "cards", "drew": "cards",
    "card_chosen": "cards", "cards_revealed": "cards", "order": "setup",
    "no_action": "economy", "action": "economy", "bonus_worker": "economy",
    "place_turned": "movement", "exploration_failed": "movement", "explored": "movement",
    "atlas_complete": "scoring", "migrated": "movement", "exploited": "economy",
    "traded": "economy", "workers_swapped": "economy", "built": "economy",
    "switched": "economy", "nothing_to_do": "economy", "attack": "battle",
    "occupied": "movement", "defenders": "battle", "reinforced": "battle",
    "fight": "battle", "token_removed": "battle", "crowded_out": "battle",
    "knighted": "battle", "imprisoned": "battle", "directive": "cards",
    "expertise": "cards", "special_influence": "economy", "moved": "movement",
    "hired": "cards", "eaten": "economy", "discarded": "cards", "game_over": "scoring",
}


def content() -> Content:
    return load_content()


def card_name(card: str) -> str:
    return content().card(card).name if card in content().cards else card


# --- players ---------------------------------------------------------------------------------


def seat_name(view: View, seat: int) -> str:
    """"Red (Sailor)" once Advisors are known, "Red" before; "Ada (Red, Sailor)" for a
    player with a name of their own."""
    if not 0 <= seat < len(view["players"]):
        return "nobody"
    player = view["players"][seat]
    advisor = player.get("advisor")
    return called(str(player["colour"]), str(player["name"]),
                  card_name(advisor).removeprefix("the ") if advisor else "")


def symbol(view: View, seat: int, ascii: bool = False) -> str:
    if not 0 <= seat < len(view["players"]):
        return "?"
    colour = view["players"][seat]["colour"]
    return (ASCII_SEAT_MARKS if ascii else SEAT_MARKS)[colour]


# The reader is "you", another player their name (core.words.Voice).
VOICE = Voice(seat_name)
is_me, who, whom, whose, says = VOICE.is_me, VOICE.who, VOICE.whom, VOICE.whose, VOICE.says


# --- Places and tokens ---------------------------------------------------------------------


def place_name(view: View, place: int) -> str:
    """A Place by its card: "the Mill"."""
    places = view["places"]
    if not 0 <= place < len(places):
        return "off the map"
    return card_name(places[place]["card"])


def spot_name(view: View, spot: int) -> str:
    """The spots of the Atlas's main pane are its Places."""
    return place_name(view, spot)


def stack_words(view: View, stack: list[int]) -> str:
    """"Blue's Worker", "Red's Tower of 3"."""
    if len(stack) == 1:
        return f"{whose(view, stack[0])} Worker"
    return f"{whose(view, stack[-1])} Tower of {len(stack)}"


def token_words(view: View, place: int, stack: int, level: int) -> str:
    """A token by what it is: a Worker, or a Knight or Prisoner in someone's Tower."""
    try:
        tokens = view["places"][place]["stacks"][stack]
        owner = tokens[level]
    except (IndexError, KeyError):
        return f"a token in {place_name(view, place)}"
    where = place_name(view, place)
    if len(tokens) == 1:
        return f"{whose(view, owner)} Worker in {where}"
    if level == len(tokens) - 1:
        return f"{whose(view, owner)} Noble in {where}"
    role = "Knight" if owner == tokens[-1] else "Prisoner"
    return f"{whose(view, owner)} {role} under {whose(view, tokens[-1])} Noble in {where}"


def suits_text(card: str) -> str:
    suits = content().suits(card)
    return listing([SUIT_NAMES[s] for s in suits]) if suits else "no suit"


def card_line(card: str) -> str:
    """A card as a hand lists it: its name, rank and suits ("The Sailor: Crown, Waves and
    Leaves")."""
    found = content().cards.get(card)
    if found is None:
        return card
    return (f"{capital(found.name)}: {RANK_NAMES.get(found.rank, found.rank)}, "
            f"{suits_text(card)}")


# --- the attack being fought (the view's ``attack`` record) ---------------------------------


def attack_heading(view: View, record: Record) -> str:
    """"Red (Sailor) attacks Blue (Painter) in the Mill", or, before the defenders are
    named, whom they may name."""
    rivals = listing([whom(view, s) for s in record["defenders"]])
    namer = "you" if is_me(view, record["attacker"]) else "they"
    attacked = rivals if record["named"] else f"whichever of {rivals} {namer} name"
    return f"{says(view, record['attacker'], 'attack')} {attacked} in " \
           f"{place_name(view, record['place'])}"


def attack_numbers(view: View, record: Record) -> str:
    """The two numbers compared, and what comes of them."""
    numbers = f"Attack {record['attack']} against Defense {record['defense']}"
    if record["won"] is None:
        suits = suits_text(view["places"][record["place"]]["card"])
        return (f"{numbers} so far: Nobles already there count 2, other free tokens 1. Then "
                f"each side turns over the top card of the Action Deck and adds the suits it "
                f"shares with the Place ({suits}); the higher Attack wins.")
    if record["won"]:
        return (f"{numbers}: the attack succeeds; {count(record['left'], 'defending token')} "
                "still to remove.")
    return (f"{numbers}: the attack fails; {count(record['left'], 'attacking token')} "
            "still to remove.")


def attack_side(view: View, record: Record, seat: int) -> str:
    """One fighter: what they brought in and the card they turned over."""
    came = record["brought"].get(str(seat), 0)
    text = f"{count(came, 'token')} brought in"
    fighters = [record["attacker"], *record["defenders"]]
    if record["cards"] and seat in fighters:
        card = record["cards"][fighters.index(seat)]
        text += f"; turned over {card_name(card)} ({suits_text(card)})" if card else (
            "; no card left to turn over")
    return text


def defense_bonus(view: View, record: Record) -> str:
    """What the Place adds to the defense, "" when nothing."""
    power = content().power(view["places"][record["place"]]["card"])
    return place_power(view["places"][record["place"]]["card"]) if (
        power.defense_towers or power.defense_suits) else ""


# --- cards -----------------------------------------------------------------------------------


def catalogue(kind: str | None = None) -> list[dict[str, Any]]:
    """Every card of the Decktet, as this game uses it (`fractal cards`): its one kind of
    component is the card."""
    if kind not in (None, "card"):
        raise ValueError(f"unknown component kind {kind!r} (Fractured Atlas has: card)")
    records = []
    for found in content().cards.values():
        records.append({"kind": "card", "id": found.id, "name": found.name,
                        "rank": found.rank, "suits": list(found.suits),
                        "kinds": list(found.kinds),
                        "actions": list(content().actions_of(found.id))})
    return records


def catalogue_markdown() -> str:
    """The Decktet as this game reads it, one row a card, in the words the game shows."""
    lines = ["# Fractured Atlas cards", "",
             "Generated from `core/games/atlas/content/*.toml` by "
             "`fractal cards --game atlas --markdown`.", "",
             "| Card | Rank | Suits | What it says |", "|---|---|---|---|"]
    for found in content().cards.values():
        text = " ".join(card("card", found.id).lines)
        lines.append(f"| {capital(found.name)} | {RANK_NAMES.get(found.rank, found.rank)} | "
                     f"{suits_text(found.id)} | {text} |")
    return "\n".join(lines) + "\n"


def card(kind: str, card_id: str) -> CardText:
    """Any card of the Decktet, as this game uses it (``kind`` is ignored: every component
    of the game is a card)."""
    found = content().cards.get(card_id)
    if found is None:
        return CardText(kind, card_id, card_id, ("A card these words do not know.",))
    rank = RANK_NAMES.get(found.rank, found.rank)
    lines = [f"Rank: {rank}. Suits: {suits_text(card_id)}.",
             "Kinds: " + (", ".join(found.kinds) if found.kinds else "none") + "."]
    if found.is_location:
        lines.append(f"A Place worth {len(found.suits)} VP to the player who rules it.")
        power = place_power(card_id)
        if power:
            lines.append(power)
    else:
        actions = [ACTION_NAMES[a] for a in content().actions_of(card_id)]
        lines.append("Actions it offers: " + ", ".join(actions) + ".")
        if found.is_personality and found.two_suited:
            lines.append("A two-suited Personality: it can serve as an Advisor.")
    return CardText("card", card_id, capital(found.name), tuple(lines),
                    {"rank": rank, "suits": list(found.suits)})


def place_power(card_id: str) -> str:
    """A Place's power, titled as the rules title it; "" for a Place without one."""
    title = content().power(card_id).title
    return f"{title}: {_power_text(card_id)}" if title else ""


def _power_text(card_id: str) -> str:
    power = content().power(card_id)
    if power.bonus:
        actions = " or ".join(ACTION_NAMES[a] for a in power.bonus)
        return f"its ruler adds a Worker here before taking {actions}."
    if power.no_explore_adjacent:
        return "no Place may be explored next to it."
    if power.waterways:
        return ("its ruler treats every Wave Place linked to it through Wave Places as "
                "adjacent.")
    if power.grue_spared_by:
        return (f"a player without {SUIT_NAMES[power.grue_spared_by]} on their Advisor or "
                "played card loses a Worker here in the resolution phase.")
    if power.no_towers:
        return "no Towers may be built here."
    if power.defense_towers:
        return "defenders add the heights of the Towers they rule here."
    suits = listing([SUIT_NAMES[s] for s in power.defense_suits])
    return f"defenders add the {suits} on their played card and Advisor."


# --- questions -------------------------------------------------------------------------------


QUESTIONS: dict[str, Callable[[Asked], tuple[str, str]]] = {
    "advisor": lambda a: ("Choose your Advisor", "The other goes into the Action Deck."),
    "card": lambda a: ("Choose the action card you play this round",
                       "Higher cards act first; everyone reveals at once."),
    "action": lambda a: (f"Choose an action of {card_name(a.context.get('card', ''))}",
                         "One action of a suit on the card."),
    "explore": lambda a: (f"Choose where {card_name(a.context.get('card', ''))} goes",
                          "Next to one of yours, beside a Place sharing a suit."),
    "migrate": lambda a: ("Choose where to migrate from and to",
                          "One of the two Places must show a Wave."),
    "migrate_token": lambda a: ("Choose a free token to move", "Done when you have moved all "
                                "you want."),
    "exploit": lambda a: ("Choose where to add a Worker", "Beside a Worker of yours."),
    "trade": lambda a: ("Choose where to add a Worker", "A Place with a Knot or a Sun."),
    "trade_swap": lambda a: ("Swap Workers with a neighbouring Place?",
                             "The two Workers change places."),
    "build": lambda a: ("Choose what to build", "Your token goes on top: you rule the Tower."),
    "magic": lambda a: ("Choose your token to switch", "Nobles cannot be moved by magic."),
    "magic_target": lambda a: ("Choose the rival token to switch with",
                               "In that Place or an adjacent one."),
    "attack": lambda a: ("Choose the Place to attack", "An Empty Place is simply occupied."),
    "attack_gather": lambda a: ("Bring a free token from an adjacent Place?",
                                f"{a.context.get('brought', 0)} brought so far."),
    "attack_rivals": lambda a: ("Choose the rivals you attack",
                                "Several defenders fight as one."),
    "defend": lambda a: ("Bring a free token to defend?",
                         "From one adjacent Place only."),
    "attack_remove": lambda a: (f"Choose a token to remove ({a.context.get('left', 1)} to go)",
                                "Nobles go last."),
    "attack_overflow": lambda a: (f"Too many stacks for the slots: choose where a Worker goes "
                                  f"({a.context.get('excess', 1)} to go)",
                                  "The losers' Workers first, then the winners' own."),
    "advisor_action": lambda a: ("Choose your Advisor action",
                                 f"{count(a.context.get('tokens', 0), 'token')} on your Advisor."),
    "move": lambda a: ("Move one free token to an adjacent Place?",
                       "Not where another player moved this phase."),
    "hire": lambda a: (f"Hire {card_name(a.context.get('card', ''))} as your Advisor?",
                       "Your old Advisor's tokens go back to your supply."),
    "discard": lambda a: (f"Keep or discard {card_name(a.context.get('card', ''))}?",
                          "Then you draw back up to two."),
}

WAITING = {
    "advisor": "choose an Advisor", "card": "choose an action card", "action": "choose an action",
    "explore": "explore", "migrate": "migrate", "migrate_token": "migrate",
    "exploit": "exploit", "trade": "trade", "trade_swap": "trade", "build": "build",
    "magic": "work magic", "magic_target": "work magic", "attack": "attack",
    "attack_gather": "attack", "attack_rivals": "choose whom to attack",
    "defend": "defend", "attack_remove": "remove tokens",
    "attack_overflow": "settle the crowded Place", "advisor_action": "consult their "
    "Advisor", "move": "move a token", "hire": "decide on a new Advisor",
    "discard": "discard",
}


def _action_of(view: View, seat: int) -> str:
    """The action the seat's steps belong to, from the view's stack, or ""."""
    for task in reversed(view.get("stack", ())):
        if task["seat"] == seat and task["kind"] in ACTION_NAMES:
            return ACTION_NAMES[task["kind"]]
    return ""


# Another seat's pending decision, without its options: "Blue (Sailor) chooses an action".
waiting = partial(VOICE.waiting, WAITING)


def _words(choice: str, label: str, text: str, sector: int | None = None,
           card_id: str | None = None) -> OptionWords:
    return OptionWords(choice, fit(label, 30), text, sector,
                       ("card", card_id) if card_id else None)


BARE_WORDS = {
    "done": ("Done", "Stop here."), "none": ("No", "Leave things as they are."),
    "pass": ("Pass", "No Advisor action this round."),
    "stay": ("Stay", "Move nothing."), "hire": ("Hire", "Take the card as your Advisor."),
    "keep": ("Keep", "Keep the card."), "discard": ("Discard", "Discard the card."),
    "expertise": ("Build expertise", "Add a token from your supply to your Advisor."),
}


def _bare_option(a: Asked, p: Choice) -> OptionWords:
    label, text = BARE_WORDS[p.head]
    if a.kind in ("hire", "discard") and p.head in ("keep", "discard", "hire"):
        text = f"{label} {card_name(a.context.get('card', 'the card'))}."
    return _words(p.head, label, text)


def _card_option(a: Asked, p: Choice) -> OptionWords:
    choice = ":".join((p.head, *p.args))
    card_id = p.args[0]
    found = content().card(card_id)
    actions = ", ".join(ACTION_NAMES[x] for x in content().actions_of(card_id))
    rank = RANK_NAMES.get(found.rank, found.rank)
    return _words(choice, capital(found.name), f"{rank}, {suits_text(card_id)}: {actions}.",
                  card_id=card_id)


def _advisor_option(a: Asked, p: Choice) -> OptionWords:
    choice = ":".join((p.head, *p.args))
    card_id = p.args[0]
    found = content().card(card_id)
    actions = ", ".join(ACTION_NAMES[x] for x in content().actions_of(card_id))
    pair = set(found.suits)
    places = [c.name for c in content().cards.values()
              if c.is_location and c.two_suited and set(c.suits) == pair]
    influence = f"; Special Influence on {listing(places)}" if places else ""
    return _words(choice, capital(found.name),
                  f"Rank {found.rank}, {suits_text(card_id)}: {actions}{influence}.",
                  card_id=card_id)


def _action_option(a: Asked, p: Choice) -> OptionWords:
    choice = ":".join((p.head, *p.args))
    action = p.args[0]
    label = ACTION_NAMES[action]
    if p.head == "directive":
        return _words(choice, f"Directive: {label}",
                      f"A token leaves your Advisor; you {ACTION_TEXT[action]}.")
    return _words(choice, label, capital(ACTION_TEXT[action]) + ".")


def _cell_option(a: Asked, p: Choice) -> OptionWords:
    choice = ":".join((p.head, *p.args))
    x, y = p.ints()
    near = [i for i, place in enumerate(a.view["places"])
            if abs(place["x"] - x) + abs(place["y"] - y) == 1]
    names = [place_name(a.view, i) for i in near]
    side = _side(a.view, near[0], x, y) if near else ""
    return _words(choice, f"{side} of {names[0]}" if names else f"at {x}, {y}",
                  f"At column {x}, row {y}, beside {listing(names)}.",
                  near[0] if near else None)


def _side(view: View, place: int, x: int, y: int) -> str:
    there = view["places"][place]
    dx, dy = x - there["x"], y - there["y"]
    return {(1, 0): "East", (-1, 0): "West", (0, 1): "South", (0, -1): "North"}.get((dx, dy), "")


def _route_option(a: Asked, p: Choice) -> OptionWords:
    choice = ":".join((p.head, *p.args))
    src, dst = p.ints()
    label = f"{place_name(a.view, src)} to {place_name(a.view, dst)}"
    return _words(choice, capital(label), f"Move free tokens from {label}.", src)


def _take_option(a: Asked, p: Choice) -> OptionWords:
    choice = ":".join((p.head, *p.args))
    place, stack = p.ints()
    tokens = _stack(a.view, place, stack)
    what = stack_words(a.view, tokens) if tokens else "a token"
    return _words(choice, f"From {place_name(a.view, place)}",
                  f"One free token from {what} in {place_name(a.view, place)}.", place)


def _place_option(a: Asked, p: Choice) -> OptionWords:
    choice = ":".join((p.head, *p.args))
    (place,) = p.ints()
    name = place_name(a.view, place)
    text = {"attack": f"Attack {name}.", "exploit": f"Add a Worker to {name}.",
            "trade": f"Add a Worker to {name}."}.get(a.kind, name)
    return _words(choice, capital(name), text, place)


def _swap_option(a: Asked, p: Choice) -> OptionWords:
    choice = ":".join((p.head, *p.args))
    here, i, there, j = p.ints()
    first = _stack(a.view, here, i)
    second = _stack(a.view, there, j)
    left = stack_words(a.view, first) if first else "a Worker"
    came = stack_words(a.view, second) if second else "a Worker"
    return _words(choice, f"Swap with {place_name(a.view, there)}",
                  f"{capital(left)} in {place_name(a.view, here)} changes places with {came} "
                  f"in {place_name(a.view, there)}.", there)


def _build_option(a: Asked, p: Choice) -> OptionWords:
    choice = ":".join((p.head, *p.args))
    place, i, j = p.ints()
    mover = _stack(a.view, place, i)
    target = _stack(a.view, place, j)
    what = "your Noble" if len(mover) > 1 else "your Worker"
    onto = stack_words(a.view, target) if target else "a stack"
    return _words(choice, f"{capital(place_name(a.view, place))}: onto {len(target)}",
                  f"In {place_name(a.view, place)}, {what} goes onto {onto}.", place)


def _token_option(a: Asked, p: Choice) -> OptionWords:
    choice = ":".join((p.head, *p.args))
    place, stack, level = p.ints()
    words = token_words(a.view, place, stack, level)
    verb = {"magic": "Switch", "magic_target": "Switch with", "attack_remove": "Remove"}
    return _words(choice, capital(words), f"{verb.get(a.kind, 'Choose')} {words}.", place)


def _against_option(a: Asked, p: Choice) -> OptionWords:
    choice = ":".join((p.head, *p.args))
    seats = [int(s) for s in p.args]
    names = listing([whom(a.view, s) for s in seats])
    return _words(choice, capital(names), f"Attack {names}; they defend together.")


def _influence_option(a: Asked, p: Choice) -> OptionWords:
    choice = ":".join((p.head, *p.args))
    place, stack = p.ints()
    tokens = _stack(a.view, place, stack)
    rival = stack_words(a.view, tokens) if tokens else "a rival's Worker"
    return _words(choice, f"Influence {place_name(a.view, place)}",
                  f"Special Influence: {rival} in {place_name(a.view, place)} goes back to "
                  "its supply; a token from your Advisor takes its slot.", place)


def _fold_option(a: Asked, p: Choice) -> OptionWords:
    choice = ":".join((p.head, *p.args))
    place, worker, tower = p.ints()
    mover = _stack(a.view, place, worker)
    target = _stack(a.view, place, tower)
    if not mover or not target:
        return _words(choice, f"Into a Tower in {place_name(a.view, place)}",
                      f"A Worker joins a Tower in {place_name(a.view, place)}.", place)
    becomes = "a Knight" if mover[0] == target[-1] else "a Prisoner"
    return _words(choice, f"{capital(stack_words(a.view, mover))} to {len(target)}",
                  f"{capital(stack_words(a.view, mover))} in {place_name(a.view, place)} "
                  f"becomes {becomes} in {stack_words(a.view, target)}.", place)


def _evict_option(a: Asked, p: Choice) -> OptionWords:
    choice = ":".join((p.head, *p.args))
    place, worker = p.ints()
    mover = _stack(a.view, place, worker)
    what = stack_words(a.view, mover) if mover else "a Worker"
    return _words(choice, f"{capital(what)} leaves",
                  f"{capital(what)} in {place_name(a.view, place)} finds no slot and goes "
                  "back to its supply.", place)


def _move_option(a: Asked, p: Choice) -> OptionWords:
    choice = ":".join((p.head, *p.args))
    src, _, dst = p.ints()
    return _words(choice, f"{capital(place_name(a.view, src))} to {place_name(a.view, dst)}",
                  f"Move a free token from {place_name(a.view, src)} to "
                  f"{place_name(a.view, dst)}.", dst)


def _stack(view: View, place: int, stack: int) -> list[int]:
    try:
        found: list[int] = view["places"][place]["stacks"][stack]
    except (IndexError, KeyError):
        return []
    return found


OFFERS: dict[str, Callable[[Asked, Choice], OptionWords]] = {
    "advisor": _advisor_option, "card": _card_option, "action": _action_option,
    "directive": _action_option, "cell": _cell_option, "route": _route_option,
    "take": _take_option, "place": _place_option, "swap": _swap_option,
    "build": _build_option, "token": _token_option, "against": _against_option,
    "influence": _influence_option, "move": _move_option, "fold": _fold_option,
    "evict": _evict_option,
}

# The Atlas's decisions in words: the kernel's phrasebook over the Atlas's choice grammar.
BOOK = Phrasebook(parse, _action_of)
BOOK.finals.update({  # why an option cannot be taken back, by what it brings to light
    "place_turned": "a Place is turned over",
    "advisors_revealed": "the advisors chosen are shown",
    "fight": "the fight is fought with cards from the deck",
    "cards_revealed": "the cards chosen are shown",
    "deck_shuffled": "the deck is shuffled",
    "drew": "cards are drawn from the deck",
    "advisors_dealt": "advisors are dealt",
})
for _kind, _ask in QUESTIONS.items():
    BOOK.asks(_kind)(_ask)
for _head, _offer in (*OFFERS.items(), *((head, _bare_option) for head in BARE_WORDS)):
    BOOK.offers(_head)(_offer)
question = BOOK.question
option = BOOK.option


# --- events ----------------------------------------------------------------------------------


def _at(view: View, r: Record, key: str = "place") -> str:
    return place_name(view, int(r[key]))


def _cards(cards: list[str]) -> str:
    return listing([card_name(c) for c in cards])


SENTENCES: dict[str, Callable[[View, Record], str]] = {
    "round": lambda v, r: f"Round {r['round']} begins",
    "phase": lambda v, r: capital(PHASES.get(str(r["phase"]), str(r["phase"]))),
    "advisors_dealt": lambda v, r: (f"{says(v, r['seat'], 'are')} dealt {_cards(r['cards'])}"
                                    if is_me(v, r["seat"]) and "cards" in r
                                    else f"{says(v, r['seat'], 'are')} dealt two Advisors"),
    "advisor_chosen": lambda v, r: (f"You keep {card_name(r['advisor'])}" if "advisor" in r
                                    else f"{says(v, r['seat'], 'choose')} an Advisor"),
    "advisors_revealed": lambda v, r: "Advisors revealed: " + listing(
        [f"{whom(v, s)} {card_name(c)}" for s, c in enumerate(r["advisors"])]),
    "deck_shuffled": lambda v, r: f"The Action Deck is shuffled ({r['cards']} cards)",
    "drew": lambda v, r: (f"You draw {_cards(r['cards'])}" if "cards" in r else
                          f"{says(v, r['seat'], 'draw')} {count(r['count'], 'card')}"),
    "card_chosen": lambda v, r: (f"You choose {card_name(r['card'])}" if "card" in r
                                 else f"{says(v, r['seat'], 'choose')} a card"),
    "cards_revealed": lambda v, r: "Cards revealed: " + listing(
        [f"{whom(v, s)} {card_name(c)}" for s, c in enumerate(r["cards"]) if c]),
    "order": lambda v, r: "Order of play: " + ", ".join(whom(v, s) for s in r["order"]),
    "no_action": lambda v, r: f"{says(v, r['seat'], 'have')} no action to take",
    "action": lambda v, r: (f"{says(v, r['seat'], 'take')} "
                            f"{'a Directive: ' if r.get('directive') else ''}"
                            f"{ACTION_NAMES[r['action']]}"),
    "bonus_worker": lambda v, r: f"{says(v, r['seat'], 'gain')} a Worker in {_at(v, r)}",
    "place_turned": lambda v, r: f"{says(v, r['seat'], 'turn')} over {card_name(r['card'])}",
    "exploration_failed": lambda v, r: (f"{card_name(r['card'])} cannot be explored by "
                                        f"{whom(v, r['seat'])}: it goes to the bottom "
                                        "of the Atlas"),
    "explored": lambda v, r: (f"{says(v, r['seat'], 'explore')} {card_name(r['card'])} with "
                              f"{count(r['tokens'], 'token')}"),
    "atlas_complete": lambda v, r: ("The Atlas is explored: the discards join the deck, and "
                                    "the game ends with the round the deck runs out"),
    "migrated": lambda v, r: (f"{says(v, r['seat'], 'migrate')} {count(r['count'], 'token')} "
                              f"from {_at(v, r, 'source')} "
                              f"to {_at(v, r, 'target')}"),
    "exploited": lambda v, r: f"{says(v, r['seat'], 'exploit')} {_at(v, r)}",
    "traded": lambda v, r: f"{says(v, r['seat'], 'trade')} in {_at(v, r)}",
    "workers_swapped": lambda v, r: (f"{says(v, r['seat'], 'swap')} {whose(v, r['left'])} "
                                     f"Worker in {_at(v, r)} with {whose(v, r['came'])} "
                                     f"in {_at(v, r, 'other')}"),
    "built": lambda v, r: (f"{says(v, r['seat'], 'build')} a Tower of {r['height']} in "
                           f"{_at(v, r)}"),
    "switched": lambda v, r: (f"{says(v, r['seat'], 'switch')} a token in {_at(v, r)} with "
                              f"{whose(v, r['rival'])} in {_at(v, r, 'other')}"),
    "nothing_to_do": lambda v, r: (f"{says(v, r['seat'], 'find')} nothing to "
                                   f"{ACTION_NAMES[r['action']].lower()}"),
    "attack": lambda v, r: f"{says(v, r['seat'], 'attack')} {_at(v, r)}",
    "occupied": lambda v, r: (f"{says(v, r['seat'], 'occupy')} {_at(v, r)} with "
                              f"{count(r['count'], 'token')}"),
    "defenders": lambda v, r: (f"{says(v, r['seat'], 'attack')} "
                               f"{listing([whom(v, s) for s in r['defenders']])} in "
                               f"{_at(v, r)}"),
    "reinforced": lambda v, r: (f"{says(v, r['seat'], 'bring')} a defender from "
                                f"{_at(v, r, 'source')}"),
    "fight": lambda v, r: (f"Attack {r['attack']} against defense {r['defense']} in "
                            f"{_at(v, r)} (cards turned: "
                            f"{_cards([c for c in r['cards'] if c]) or 'none'}): "
                            f"{'the attack succeeds' if r['won'] else 'the attack fails'}"),
    "token_removed": lambda v, r: (f"{capital(whose(v, r['seat']))} token in {_at(v, r)} is "
                                   "removed"),
    "crowded_out": lambda v, r: (f"{capital(whose(v, r['seat']))} Worker in {_at(v, r)} finds "
                                 "no slot and leaves the map"),
    "knighted": lambda v, r: (f"{capital(whose(v, r['seat']))} Worker in {_at(v, r)} becomes "
                              "a Knight"),
    "imprisoned": lambda v, r: (f"{capital(whose(v, r['seat']))} Worker in {_at(v, r)} is "
                                f"taken prisoner by {whom(v, r['jailer'])}"),
    "directive": lambda v, r: (f"{says(v, r['seat'], 'use')} "
                               f"{'your' if is_me(v, r['seat']) else 'their'} Advisor's "
                               "Directive"),
    "expertise": lambda v, r: (f"{says(v, r['seat'], 'build')} expertise: "
                               f"{count(r['tokens'], 'token')} on the Advisor"),
    "special_influence": lambda v, r: (f"{says(v, r['seat'], 'replace')} "
                                       f"{whose(v, r['rival'])} Worker in {_at(v, r)} by "
                                       "Special Influence"),
    "moved": lambda v, r: (f"{says(v, r['seat'], 'move')} a token from {_at(v, r, 'source')} "
                           f"to {_at(v, r, 'target')}"),
    "hired": lambda v, r: (f"{says(v, r['seat'], 'hire')} {card_name(r['advisor'])} as "
                           f"Advisor, in place of {card_name(r['fired'])}"),
    "eaten": lambda v, r: (f"A Grue eats {whose(v, r['seat'])} Worker in {_at(v, r)}"),
    "discarded": lambda v, r: f"{says(v, r['seat'], 'discard')} {card_name(r['card'])}",
    "game_over": lambda v, r: "The game is over: " + listing(
        [who(v, s) for s in r["winners"]]) + (" win" if len(r["winners"]) > 1 or is_me(
            v, r["winners"][0]) else " wins"),
}

_SEAT_FIELDS = ("rival", "left", "came", "jailer")


def _about(record: Record) -> Told:
    """The seats an event concerns besides its own, and its Place, from its fields."""
    seats = {int(record[k]) for k in _SEAT_FIELDS if k in record}
    seats.update(record.get("defenders") or ())
    seats.update(record.get("winners") or ())
    place = record.get("place")
    return Told("", place if isinstance(place, int) and place >= 0 else None,
                tuple(sorted(s for s in seats if s >= 0)))


EVENTS = Eventbook(_about)
for _kind, _sentence in SENTENCES.items():
    EVENTS.says(_kind, category=CATEGORY[_kind])(_sentence)


def decision_category(kind: str) -> str:
    """A decision's log category: a secret choice is a card's, the others setup's."""
    return "cards" if kind in SECRET_CHOICES else "setup"


# --- plain text --------------------------------------------------------------------------------


def show(view: View, prompt: dict[str, Any] | None, ascii: bool = False) -> str:
    from core.games.atlas.text import show as show_text

    return show_text(view, prompt, ascii)


def legend(view: View) -> list[tuple[str, str]]:
    """Every mark of the map of Places, the Advisor's board and the hand."""
    pairs = [(symbol(view, p["seat"]), seat_name(view, p["seat"])) for p in view["players"]]
    pairs += [(SUIT_SHORT[s], SUIT_NAMES[s]) for s in SUIT_SHORT]
    mark = symbol(view, 0) if view["players"] else "●"
    pairs += [(mark, "a Worker (a stack of one token)"),
              (f"[{mark}{mark}]", "a Tower: its tokens from the bottom up; the top one rules it"),
              ("3VP", "the Place's VP: one for each of its suits"),
              ("rules", "the player who rules the Place"),
              ("disputed", "a Place no one rules: shared by the highest stacks")]
    return pairs


def heading(view: View) -> str:
    from core.games.atlas.text import heading as first_line

    return first_line(view)


def score_lines(view: View) -> list[str]:
    from core.games.atlas.text import score_lines as lines

    return lines(view)


WORDS = Words(
    book=BOOK, events=EVENTS, voice=VOICE, waiting=waiting, card=card, catalogue=catalogue,
    catalogue_markdown=catalogue_markdown, spot_name=spot_name, show=show, legend=legend,
    heading=heading, score_lines=score_lines,
    paragraph_kinds=frozenset({"round"}),  # told in words: a paragraph a round
    secret_choices=SECRET_CHOICES, category=decision_category)
