"""The words of attacks and of what cards ask for: the target, the defender's plan, an
Offensive's ships, a Scout's reveal, attack artifacts, Blockade tokens, production, Gain
Revenue, Mine the Planets and a rival."""

from __future__ import annotations

from core.games.artifacts.board import count as board_count
from core.games.artifacts.faces import place_of
from core.games.artifacts.words import facts
from core.games.artifacts.words.asking import asks, mine, offered, offers, option_words
from core.games.artifacts.words.cards import table_lines
from core.games.artifacts.words.choices import Choice
from core.games.artifacts.words.names import (
    TYPE_NAMES,
    card_name,
    content,
    half_section,
    seat_name,
    section_text,
    side_name,
)
from core.games.artifacts.words.spots import SYSTEM, card_spot, seat_spot
from core.words import Asked, OptionWords, capital, count

# --- the target and the defence ------------------------------------------------------------


@asks("attack_target")
def _attack_target(asked: Asked) -> tuple[str, str]:
    if "skip" in offered(asked):
        return ("Choose what your ship attacks on its Mission",
                "Its attack is optional; it then attacks as one ship.")
    return ("Choose the target of your attack",
            "An Offensive is one attack on one target, however many ships join it.")


@offers("system")
def _system(asked: Asked, choice: Choice) -> OptionWords:
    system = str(asked.view.get("system", ""))
    if not system:
        return option_words(choice, "The Alien System", "Attack the Alien System", SYSTEM)
    rows = " ".join(table_lines(content().systems[system]))
    return option_words(choice, f"System: {card_name(system)}",
                        f"Attack the Alien System {card_name(system)}: {rows}", SYSTEM)


@offers("seat")
def _seat(asked: Asked, choice: Choice) -> OptionWords:
    seat = int(choice.arg)
    player = facts.player_record(asked.view, seat)
    held = (f"{count(player['credits'], 'credit')}, {count(len(player['empire']), 'Empire card')}"
            f", {count(player['plan_count'], 'Defense Plan card')}")
    if asked.kind == "rival":
        text = f"Your card acts on {seat_name(asked.view, seat)}: {held}"
    else:
        text = (f"Attack {seat_name(asked.view, seat)} ({held}): they choose the Basic tile "
                "or a Defense Plan card in secret")
    return option_words(choice, seat_name(asked.view, seat), text, seat_spot(seat))


@offers("attack_target skip")
def _skip_mission(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "No attack", "The ship enters your Empire without attacking")


@asks("defense_plan")
def _defense_plan(asked: Asked) -> tuple[str, str]:
    attacker = int(asked.view.get("turn", -1))
    return (f"Choose your defence against {seat_name(asked.view, attacker)}",
            "Chosen in secret and shown as the attack resolves; a plan is kept after use.")


@offers("basic")
def _basic(asked: Asked, choice: Choice) -> OptionWords:
    basic = content().basic
    return option_words(choice, basic.name, " ".join(table_lines(basic)), card=basic.id)


@offers("plan")
def _plan(asked: Asked, choice: Choice) -> OptionWords:
    plan = choice.arg
    return option_words(choice, card_name(plan),
                        " ".join(table_lines(content().plans[plan])), card=plan)


# --- the ships and their reveals -----------------------------------------------------------


@asks("ship_order")
def _ship_order(asked: Asked) -> tuple[str, str]:
    done = "done" in offered(asked)
    return ("Choose the next ship to attack" if done else "Choose a ship to attack",
            "Each ship reveals a card; its number, the ship's bonus and your modifiers make "
            "the attack value.")


@offers("ship")
def _ship(asked: Asked, choice: Choice) -> OptionWords:
    ship = content().ships[choice.arg]
    skill = content().skills[ship.type]
    found = facts.find_card(asked.view, ship.id)
    tokens = found[1]["tokens"] if found else 0
    blocked = f" Blocked: it costs {count(tokens, 'credit')} to send it." if tokens else ""
    return option_words(choice, f"{ship.name} (+{ship.bonus})",
                        f"{ship.name} attacks at bonus +{ship.bonus}; {skill.name}: "
                        f"{skill.text}{blocked}", card=ship.id)


@offers("ship_order done")
def _ships_done(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "End the Offensive", "The ships left out do not attack")


@asks("reveal_pick")
def _reveal_pick(asked: Asked) -> tuple[str, str]:
    return ("Choose the revealed card whose number counts",
            "Your Scout revealed two cards; both are discarded after.")


@asks("boost")
def _boost(asked: Asked) -> tuple[str, str]:
    return ("Play an attack artifact before the result?",
            "It adds to this attack's value; the result comes next.")


@offers("go")
def _go(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Resolve the attack", "Keep your artifacts; the table decides")


# --- Blockade tokens -----------------------------------------------------------------------


@asks("blockade_place")
def _blockade_place(asked: Asked) -> tuple[str, str]:
    rival = int(asked.get("rival", -1))
    whose = f"{seat_name(asked.view, rival)}'s" if rival >= 0 else "a rival's"
    return (f"Place a Blockade token on one of {whose} Empire cards",
            "A blocked card acts as blank unless its owner pays 1 credit a token.")


@offers("blockade_place card")
def _blockade_card(asked: Asked, choice: Choice) -> OptionWords:
    card = choice.arg
    found = facts.find_card(asked.view, card)
    side = side_name(found[1]["side"]) if found else ""
    tokens = found[1]["tokens"] if found else 0
    name = card_name(card)
    place = place_of(card_spot(card) or 0)
    if place is not None:  # cards known by their face alike: told apart by their place
        name += f" (Empire #{place[2] + 1})"
    return option_words(choice, name, f"Block {name} ({side} side, "
                                      f"{count(tokens, 'token')} on it now)", card=card)


# --- production ----------------------------------------------------------------------------


@asks("produce_section")
def _produce_section(asked: Asked) -> tuple[str, str]:
    planet, card = str(asked.get("planet", "")), str(asked.get("card", ""))
    if not planet or not card:
        return "Choose the section a produced card shows", ""
    return (f"Choose the section {card_name(card)} shows on {card_name(planet)}",
            f"A section of the planet's Type ({TYPE_NAMES[content().planets[planet].type]}) "
            "scores 1 VP; the card pays with that section later.")


@offers("top", "bottom")
def _section(asked: Asked, choice: Choice) -> OptionWords:
    planet, card = str(asked.get("planet", "")), str(asked.get("card", ""))
    if not planet or not card:
        return option_words(choice, capital(choice.head), f"The card's {choice.head} section")
    section = half_section(card, choice.head)
    match = section.type == content().planets[planet].type
    return option_words(choice, f"{capital(choice.head)}: {section_text(section)}",
                        f"Show {section_text(section)} on {card_name(planet)}"
                        + (": it matches, 1 VP" if match else ": no match, no VP"),
                        card=card)


@asks("produce_planet")
def _produce_planet(asked: Asked) -> tuple[str, str]:
    return ("Choose the Planet to produce on",
            "Each card produced shows one section; one of the planet's Type scores 1 VP.")


@offers("produce_planet planet", "mine_next planet")
def _planet(asked: Asked, choice: Choice) -> OptionWords:
    planet = choice.arg
    found = facts.find_card(asked.view, planet)
    under = len(found[1]["under"]) if found else 0
    tokens = found[1]["tokens"] if found else 0
    blocked = f" Blocked: it costs {count(tokens, 'credit')} to mine it." if tokens else ""
    return option_words(choice, card_name(planet),
                        f"Produce on {card_name(planet)} "
                        f"({TYPE_NAMES[content().planets[planet].type]}, "
                        f"{count(under, 'card')} on it now).{blocked}", card=planet)


@asks("mine_next")
def _mine_next(asked: Asked) -> tuple[str, str]:
    return ("Choose the next Planet to mine",
            "Each operational Planet produces 1; a blocked one only for its bypass.")


@offers("mine_next done")
def _mine_done(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Stop mining", "Leave the blocked planets out")


# --- Gain Revenue --------------------------------------------------------------------------


@asks("revenue_next")
def _revenue_next(asked: Asked) -> tuple[str, str]:
    return ("Choose the next Technology to test",
            "A card is revealed for it; a match of its Type scores its table's row now.")


@offers("tech")
def _tech(asked: Asked, choice: Choice) -> OptionWords:
    tech = content().technologies[choice.arg]
    player = facts.board_player(asked.view, asked.seat)
    counted = board_count(content(), player, tech.score.count)
    row = tech.score.best(counted)
    scores = f"{row[1]} VP on a match" if row else "nothing yet (no row met)"
    found = facts.find_card(asked.view, tech.id)
    tokens = found[1]["tokens"] if found else 0
    blocked = f" Blocked: it costs {count(tokens, 'credit')} to test." if tokens else ""
    return option_words(choice, card_name(tech.id),
                        f"Test {tech.name} ({TYPE_NAMES[tech.type]}): its count is {counted}, "
                        f"{scores}.{blocked}", card=tech.id)


@offers("revenue_next done")
def _revenue_done(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Stop testing", "The technologies left are not tested")


# --- a rival -------------------------------------------------------------------------------


@asks("rival")
def _rival(asked: Asked) -> tuple[str, str]:
    return ("Choose the rival your card acts on",
            f"You have {mine(asked)['credits']} credits; the blockade or theft hits them.")
