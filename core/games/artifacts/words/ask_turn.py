"""The words of setup's and a turn's decisions: the faction, the action and what may follow
it, paying, completing a card, Buy, Prepare, Trade, Remove Blockades, looking at a deck's
cards and discarding."""

from __future__ import annotations

from core.games.artifacts.content.model import KIND_COLOUR
from core.games.artifacts.words import facts
from core.games.artifacts.words.asking import (
    asks,
    card_summary,
    mine,
    offered,
    offers,
    option_words,
    prepared_symbols,
    rules_number,
)
from core.games.artifacts.words.cards import card as card_text
from core.games.artifacts.words.choices import Choice
from core.games.artifacts.words.names import (
    ACTION_KINDS,
    KIND_NAMES,
    SIDE_VERBS,
    action_name,
    card_kind,
    card_name,
    card_title,
    card_type,
    content,
    half_section,
    resource_text,
    section_text,
)
from core.games.artifacts.words.spots import deck_spot
from core.words import Asked, OptionWords, capital, count, listing, plural

# --- setup ---------------------------------------------------------------------------------


@asks("faction")
def _faction(asked: Asked) -> tuple[str, str]:
    return ("Choose your faction",
            "Its setup runs before the first turn; its Faction Action and end scoring are "
            "yours all game.")


@offers("faction")
def _faction_option(asked: Asked, choice: Choice) -> OptionWords:
    if choice.args:  # setup: faction:<id>
        faction = choice.arg
        text = " ".join(card_text("faction", faction).lines)
        return option_words(choice, card_name(faction), text, card=faction)
    faction = mine(asked)["faction"]
    if not faction:  # a view from before the factions were given
        return option_words(choice, "Faction Action", "Your faction's own action")
    data = content().factions[faction]
    return option_words(choice, f"Faction: {data.action_name}",
                        f"{data.action_name}, your Faction Action: {data.action.text}")


# --- the action ----------------------------------------------------------------------------


def _blocked_note(asked: Asked, card: str) -> str:
    found = facts.find_card(asked.view, card)
    tokens = found[1]["tokens"] if found else 0
    return f" It is blocked: using it costs {count(tokens, 'credit')}." if tokens else ""


def _missing(asked: Asked) -> str:
    """Why the actions a player may expect are not offered, as far as the view tells."""
    view, seat, there = asked.view, asked.seat, set(offered(asked))
    player = mine(asked)
    reasons = []
    if "buy" not in there:
        price, _ = facts.cost(view, seat, "buy")
        reasons.append(f"Buy needs {count(price, 'credit')} (you have {player['credits']})")
    for action in ("discover", "develop", "build"):
        kind = ACTION_KINDS[action]
        if action not in there and facts.cards_of(view, seat, "construction", kind):
            price, limit = facts.cost(view, seat, action)
            reasons.append(f"{action_name(action)} needs {price} {facts.colour_of(action)} "
                           f"in at most {count(limit, 'card')}")
    for action in ("offensive", "revenue", "mine"):
        kind = ACTION_KINDS[action]
        if action not in there and facts.cards_of(view, seat, "empire", kind, "operational"):
            price, _ = facts.cost(view, seat, action)
            reasons.append(f"{action_name(action)} needs {price} {facts.colour_of(action)}, "
                           "gold not counting")
    if "remove" not in there and any(c["tokens"] for c in player["empire"]):
        reasons.append(f"Remove Blockades needs {rules_number('remove_rate')} symbols of the "
                       "row's colour a token")
    return "Not now: " + "; ".join(reasons) + "." if reasons else ""


@asks("action")
def _action(asked: Asked) -> tuple[str, str]:
    hint = _missing(asked) if asked.options else ""
    return ("Choose your action", hint or "One action a turn; then you refill your hand to 3.")


def _construct(asked: Asked, choice: Choice) -> OptionWords:
    action = choice.head
    price, limit = facts.cost(asked.view, asked.seat, action)
    colour = facts.colour_of(action)
    kind = ACTION_KINDS[action]
    waiting = facts.cards_of(asked.view, asked.seat, "construction", kind)
    names = listing([card_name(c["id"]) for c in waiting]) or "none"
    return option_words(choice, action_name(action),
                        f"Complete a {KIND_NAMES[kind]} Under Construction ({names}) for "
                        f"{price} {colour}, gold wild, paid with at most "
                        f"{count(limit, 'card')} besides what is prepared under it")


def _operational(asked: Asked, choice: Choice) -> OptionWords:
    action = choice.head
    price, limit = facts.cost(asked.view, asked.seat, action)
    colour = facts.colour_of(action)
    does = {"offensive": "your operational Ships attack one target, one after another",
            "revenue": "each operational Technology is tested with a reveal; a Type match "
                       "scores its table",
            "mine": "each operational Planet produces 1"}[action]
    return option_words(choice, action_name(action),
                        f"Pay {price} {colour} (gold does not count) in at most "
                        f"{count(limit, 'card')}: {does}")


@offers("buy", "discover", "develop", "build", "prepare", "trade", "remove", "offensive",
        "revenue", "mine")
def _action_option(asked: Asked, choice: Choice) -> OptionWords:
    action = choice.head
    if action in ("discover", "develop", "build"):
        return _construct(asked, choice)
    if action in ("offensive", "revenue", "mine"):
        return _operational(asked, choice)
    view, seat = asked.view, asked.seat
    price, limit = facts.cost(view, seat, action)
    credits = mine(asked)["credits"]
    text = {
        "buy": f"Pay {count(price, 'credit')} (you have {credits}), 1 more per extra card "
               "you look at: look at a deck's top cards and keep one Under Construction",
        "prepare": f"Tuck up to {count(limit, 'card')} from your hand under the Under "
                   "Construction cards of one row, toward their cost",
        "trade": f"Spend up to {count(limit, 'card')} of one colour, or gold alone: "
                 "1 credit a symbol (the Bank holds 15). Trading nothing passes",
        "remove": f"Pay {rules_number('remove_rate')} symbols of a row's colour, gold wild, "
                  "for each Blockade token you take off that row's cards",
    }[action]
    return option_words(choice, action_name(action), text)


@offers("action card")
def _tech_action(asked: Asked, choice: Choice) -> OptionWords:
    tech = choice.arg
    text = content().technologies[tech].logistics.text
    return option_words(choice, f"ACTION: {card_name(tech)}",
                        f"As your action, {card_name(tech)}: {text}{_blocked_note(asked, tech)}",
                        card=tech)


@offers("more")
def _more(asked: Asked, choice: Choice) -> OptionWords:
    tech = choice.arg
    text = content().technologies[tech].logistics.text
    return option_words(choice, f"More: {card_name(tech)}",
                        f"ADDITIONALLY, once this turn, {card_name(tech)}: {text}"
                        f"{_blocked_note(asked, tech)}", card=tech)


@offers("artifact")
def _artifact(asked: Asked, choice: Choice) -> OptionWords:
    artifact = choice.arg
    text = content().artifacts[artifact].ability.text
    return option_words(choice, f"Play {card_name(artifact)}",
                        f"Play the Alien Artifact {card_name(artifact)}: {text} It is then "
                        "discarded", card=artifact)


@asks("after")
def _after(asked: Asked) -> tuple[str, str]:
    return ("Use a card before your draw step, or end your action",
            "ADDITIONALLY cards work once a turn; Alien Artifacts once.")


@offers("after done")
def _after_done(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Go to the draw step",
                        "Discard any cards you like, then refill your hand to 3")


# --- paying --------------------------------------------------------------------------------


@asks("pay")
def _pay(asked: Asked) -> tuple[str, str]:
    if "trade" in asked.context:
        symbols = int(asked.get("trade", 0))
        return (f"Add a card to your Trade ({count(symbols, 'symbol')} so far)",
                "Each symbol of the colour you chose, and gold, is 1 credit.")
    need: dict[str, int] = asked.get("need") or {}
    paid: dict[str, int] = asked.get("paid") or {}
    wild = paid.get("*", 0)
    parts = [f"{max(amount - paid.get(colour, 0), 0)} {colour}" for colour, amount in
             need.items()]
    still = max(sum(max(a - paid.get(c, 0), 0) for c, a in need.items()) - wild, 0)
    if not need:
        return "Choose a card to pay with", "The payment ends as soon as its cost is met."
    return (f"Pay {listing(parts)} ({still} still to pay)",
            "Gold pays any colour here unless it is an operational action; symbols above "
            "the cost are lost.")


@offers("hand")
def _pay_hand(asked: Asked, choice: Choice) -> OptionWords:
    resource, half = choice.args
    section = half_section(resource, half)
    return option_words(choice, f"{card_name(resource)} {half}: {section.symbols} "
                                f"{section.colour}",
                        f"Spend {resource_text(resource)}, its {half} section: "
                        f"{section_text(section)}; the card is discarded", card=resource)


@offers("pay planet")
def _pay_planet(asked: Asked, choice: Choice) -> OptionWords:
    resource = choice.arg
    planet = facts.planet_holding(asked.view, asked.seat, resource)
    section = half_section(resource, facts.tucked_half(asked.view, asked.seat, resource))
    where = f" on {card_name(planet)}" if planet else ""
    return option_words(choice, f"{card_name(resource)}{where}: {section.symbols} "
                                f"{section.colour}",
                        f"Spend {card_name(resource)}, produced{where}: "
                        f"{section_text(section)}; the card is discarded", card=resource)


@offers("pay done")
def _pay_done(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Trade these cards",
                        "Stop adding cards and take the credits of the Trade")


@asks("pay_colour")
def _pay_colour(asked: Asked) -> tuple[str, str]:
    return ("Choose the colour you trade",
            "One colour and gold with it, or gold alone; trading no card is a pass.")


@offers("colour")
def _colour(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, f"{capital(choice.arg)} and gold",
                        f"Trade {choice.arg} sections, gold counting too: 1 credit a symbol")


@offers("gold")
def _gold(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Gold alone", "Trade gold sections only: 1 credit a symbol")


# What a blocked card's ability is used for, by the ``use`` of a ``bypass`` prompt (an
# action's name for a payment's helpers).
BYPASS_USES = {"hand": "for a bigger hand at this draw step", "power": "in this attack",
               "guard": "against this attack", "produce": "to produce on it",
               "trigger": "for its effect now", "score": "in the final scoring"}


def _use(asked: Asked) -> str:
    use = str(asked.get("use", ""))
    if use in ACTION_KINDS or use in ("buy", "prepare", "trade", "remove"):
        return f" on this {action_name(use)}"
    return f" {BYPASS_USES[use]}" if use in BYPASS_USES else ""


@asks("bypass")
def _bypass(asked: Asked) -> tuple[str, str]:
    card = str(asked.get("card", ""))
    tokens = int(asked.get("tokens", 0))
    if not card:
        return "Decide whether to pay for a blocked card", ""
    return (f"Pay {count(tokens, 'credit')} to use the blocked {card_name(card)}{_use(asked)}?",
            f"{count(tokens, 'Blockade token')} on it: unpaid, it acts as blank this time "
            f"(you have {mine(asked)['credits']} credits).")


@offers("bypass")
def _bypass_yes(asked: Asked, choice: Choice) -> OptionWords:
    card, tokens = str(asked.get("card", "")), int(asked.get("tokens", 0))
    if not card:
        return option_words(choice, "Pay the bypass", "Pay 1 credit a token to use it")
    return option_words(choice, f"Pay {count(tokens, 'credit')}",
                        f"Pay {count(tokens, 'credit')} and use {card_name(card)}{_use(asked)}",
                        card=card)


@offers("bypass skip")
def _bypass_no(asked: Asked, choice: Choice) -> OptionWords:
    card = str(asked.get("card", ""))
    name = card_name(card) if card else "the card"
    return option_words(choice, "Leave it blank", f"Pay nothing; {name} does nothing this time",
                        card=card)


# --- completing a card ---------------------------------------------------------------------


@asks("target")
def _target(asked: Asked) -> tuple[str, str]:
    cards = [c.split(":", 1)[1] for c in offered(asked)]
    kind = card_kind(cards[0]) if cards else ""
    if not kind:
        return "Choose the card to complete", ""
    action = {"planet": "discover", "technology": "develop", "ship": "build"}[kind]
    price, limit = facts.cost(asked.view, asked.seat, action)
    return (f"Choose the {KIND_NAMES[kind]} to complete ({action_name(action)})",
            f"It costs {price} {facts.colour_of(action)} before any card's discount, less "
            f"what is prepared under it; at most {count(limit, 'card')} pay it.")


def _to_complete(asked: Asked, card: str) -> str:
    found = facts.find_card(asked.view, card)
    if found is None:
        return card_summary(card)
    kind = card_kind(card)
    action = {"planet": "discover", "technology": "develop", "ship": "build"}[kind]
    price, _ = facts.cost(asked.view, found[0], action)
    ready = prepared_symbols(found[1], KIND_COLOUR[kind])
    return (f"{card_summary(card)} Cost now {price} {KIND_COLOUR[kind]}, {ready} prepared "
            "under it")


@offers("target card", "auto_order card")
def _complete_card(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, card_name(choice.arg), _to_complete(asked, choice.arg),
                        card=choice.arg)


@asks("auto_order")
def _auto_order(asked: Asked) -> tuple[str, str]:
    return ("Choose the card that completes first",
            "Their prepared cards meet their costs; after each, the others are checked "
            "again at the risen cost.")


@asks("side")
def _side(asked: Asked) -> tuple[str, str]:
    card = str(asked.get("card", ""))
    if not card:
        return "Choose the side a card enters the Empire on", ""
    return (f"Choose the side {card_name(card)} enters your Empire on",
            "Logistics is a lasting bonus; operational scores or attacks, at once too.")


@offers("logistics", "operational")
def _side_option(asked: Asked, choice: Choice) -> OptionWords:
    card = str(asked.get("card", ""))
    if not card:
        return option_words(choice, capital(choice.head), f"The card's {choice.head} side")
    kind = card_kind(card)
    lines = card_text(kind, card).lines
    side = lines[1] if choice.head == "logistics" else " ".join(lines[2:])
    verb = SIDE_VERBS[(kind, choice.head)]
    return option_words(choice, f"{capital(choice.head)}: {verb}", side, card=card)


# --- Buy and looking at decks --------------------------------------------------------------


def _deck_text(asked: Asked, kind: str, what: str) -> str:
    deck = asked.view["decks"][kind]
    top = deck["top"]
    shown = ""
    if top:  # the top card lies Logistics side up (R31)
        shown = f", the top one {card_title(top)}, {card_text(kind, top).lines[1]}"
    return f"{what} the {KIND_NAMES[kind]} deck: {count(deck['count'], 'card')}{shown}"


def _deck_option(asked: Asked, choice: Choice, what: str) -> OptionWords:
    kind = choice.arg
    top = asked.view["decks"][kind]["top"]
    return option_words(choice, f"{plural(KIND_NAMES[kind])} "
                                f"({card_type(top) if top else 'empty'})",
                        _deck_text(asked, kind, what), spot=deck_spot(kind))


@asks("buy_deck")
def _buy_deck(asked: Asked) -> tuple[str, str]:
    price = int(asked.get("cost", 0))
    return ("Choose the deck you Buy from and how many cards you see",
            f"{count(price, 'credit')} for one card, 1 more a card (you have "
            f"{mine(asked)['credits']}); you keep one, the rest go under the deck.")


@offers("buy_deck deck")
def _buy_deck_option(asked: Asked, choice: Choice) -> OptionWords:
    kind, extra = choice.args[0], int(choice.args[1])
    price = int(asked.get("cost", 0)) + extra
    return option_words(choice, f"{plural(KIND_NAMES[kind])}: look at {1 + extra}, {price} cr",
                        f"Pay {count(price, 'credit')}, look at {count(1 + extra, 'card')} and "
                        f"keep 1. {_deck_text(asked, kind, 'Buy from')}", spot=deck_spot(kind))


@asks("take_deck")
def _take_deck(asked: Asked) -> tuple[str, str]:
    return "Choose the deck to look at", "You keep one of its top cards Under Construction."


@offers("take_deck deck")
def _take_deck_option(asked: Asked, choice: Choice) -> OptionWords:
    return _deck_option(asked, choice, "Look at")


@asks("buy_keep", "take_keep", "setup_keep")
def _keep(asked: Asked) -> tuple[str, str]:
    return ("Choose the card you keep",
            "It goes Under Construction (a faction's setup may place it in the Empire); the "
            "others go to the bottom of the deck unseen.")


@offers("buy_keep card", "take_keep card", "setup_keep card")
def _keep_card(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, card_name(choice.arg), card_summary(choice.arg),
                        card=choice.arg)


# --- Prepare -------------------------------------------------------------------------------


@asks("prepare_row")
def _prepare_row(asked: Asked) -> tuple[str, str]:
    return ("Choose the row you Prepare",
            "Cards tucked under an Under Construction card count toward its cost; a card "
            "whose cost is met completes at once.")


@offers("prepare_row row")
def _prepare_row_option(asked: Asked, choice: Choice) -> OptionWords:
    kind = choice.arg
    _, limit = facts.cost(asked.view, asked.seat,
                          {"planet": "discover", "technology": "develop", "ship": "build"}[kind])
    waiting = [card_name(c["id"]) for c in facts.cards_of(asked.view, asked.seat,
                                                           "construction", kind)]
    return option_words(choice, plural(KIND_NAMES[kind]),
                        f"Tuck up to {count(limit, 'card')} of {KIND_COLOUR[kind]} or gold "
                        f"under {listing(waiting)}")


@asks("prepare_attach")
def _prepare_attach(asked: Asked) -> tuple[str, str]:
    return ("Choose a card to tuck under an Under Construction card",
            "A tucked section counts toward that card's cost, in its colour or gold.")


@offers("attach")
def _attach(asked: Asked, choice: Choice) -> OptionWords:
    resource, half, card = choice.args
    section = half_section(resource, half)
    found = facts.find_card(asked.view, card)
    kind = card_kind(card)
    ready = prepared_symbols(found[1], KIND_COLOUR[kind]) if found else 0
    return option_words(choice, f"{card_name(resource)} {half} to {card_name(card)}",
                        f"Tuck {card_name(resource)}'s {half} section "
                        f"({section_text(section)}) under {card_name(card)}: "
                        f"{ready + section.symbols} prepared then", card=card)


@offers("prepare_attach done")
def _prepare_done(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Stop preparing", "Keep the rest of your hand")


# --- Remove Blockades ----------------------------------------------------------------------


@asks("remove_row")
def _remove_row(asked: Asked) -> tuple[str, str]:
    return ("Choose the row you clear of Blockade tokens",
            f"Each token removed costs {rules_number('remove_rate')} symbols of the row's "
            "colour, gold wild.")


@offers("remove_row row")
def _remove_row_option(asked: Asked, choice: Choice) -> OptionWords:
    kind = choice.arg
    cards = facts.cards_of(asked.view, asked.seat, "empire", kind)
    tokens = sum(c["tokens"] for c in cards)
    return option_words(choice, plural(KIND_NAMES[kind]),
                        f"{count(tokens, 'Blockade token')} on your {plural(KIND_NAMES[kind])}; "
                        f"{rules_number('remove_rate')} {KIND_COLOUR[kind]} each")


@asks("remove_token")
def _remove_token(asked: Asked) -> tuple[str, str]:
    return ("Choose a Blockade token to remove",
            "A card without tokens acts again; as many tokens as you choose are paid for "
            "together.")


@offers("remove_token card")
def _remove_token_card(asked: Asked, choice: Choice) -> OptionWords:
    found = facts.find_card(asked.view, choice.arg)
    tokens = found[1]["tokens"] if found else 0
    return option_words(choice, card_name(choice.arg),
                        f"Take one of the {count(tokens, 'Blockade token')} off "
                        f"{card_name(choice.arg)}", card=choice.arg)


@offers("remove_token done")
def _remove_done(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "No more tokens", "Stop choosing and pay for those chosen")


# --- discarding ----------------------------------------------------------------------------


@asks("discard")
def _discard(asked: Asked) -> tuple[str, str]:
    if "done" in offered(asked):
        return ("Discard cards before you refill your hand, or keep them",
                "Free, one card at a time; then the draw step fills your hand.")
    return "Discard a Resource card", "A card's effect asks for it."


@offers("resource")
def _resource(asked: Asked, choice: Choice) -> OptionWords:
    resource = choice.arg
    planet = facts.planet_holding(asked.view, asked.seat, resource)
    if planet:  # a card produced on a planet, used as if in hand by its section showing
        section = half_section(resource, facts.tucked_half(asked.view, asked.seat, resource))
        return option_words(choice, f"{card_name(resource)} on {card_name(planet)}: "
                                    f"{section.symbols} {section.colour}",
                            f"Discard {card_name(resource)}, produced on "
                            f"{card_name(planet)}: {section_text(section)}", card=resource)
    card = content().resources[resource]
    top, bottom = card.sections
    verb = "Use the number of" if asked.kind == "reveal_pick" else "Discard"
    return option_words(choice, f"{card_name(resource)}: {top.colour} {top.symbols}/"
                                f"{bottom.colour} {bottom.symbols} ({card.number})",
                        f"{verb} {resource_text(resource)}", card=resource)


@offers("discard done")
def _discard_done(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Keep the rest and draw", "Keep the cards in your hand and "
                                "draw up to your hand size, which ends your turn")

