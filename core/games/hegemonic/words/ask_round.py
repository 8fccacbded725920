"""The words of a round's decisions outside BUILD and conflicts: laying tiles, drawing,
discarding and advancing Technology Cards, the Action Cards and the turn's actions, BASIC,
gifts, RESEARCH, the Arbiter's ties and the Inventor's advance."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core.games.hegemonic.content import KINDS
from core.games.hegemonic.leaders import ANY
from core.games.hegemonic.words import facts
from core.games.hegemonic.words.asking import (
    asks,
    card_option,
    mine,
    offers,
    option_words,
    place_label,
    tech_card,
)
from core.games.hegemonic.words.cards import action_summary, leader_level, tech_summary
from core.games.hegemonic.words.choices import Choice
from core.games.hegemonic.words.names import (
    ACTION_NAMES,
    BUILD_NAMES,
    KIND_NAMES,
    action_card_name,
    card_name,
    content,
    pattern_name,
    powers,
    says,
    seat_name,
    sector_name,
    tech_name,
    tile_code,
    tile_locations,
    tile_name,
    who,
    whom,
)
from core.hexgrid import neighbours
from core.words import LABEL_WIDTH, Asked, OptionWords, capital, count, fit, listing

# --- laying a tile -------------------------------------------------------------------------


@asks("tile_hex")
def _tile_hex(asked: Asked) -> tuple[str, str]:
    tile = asked.get("tile")
    what = tile_name(tile) if tile else "the tile"
    others = any(o.startswith("tile:") for o in asked.options)
    return (f"Choose the empty hex for {what}",
            "Or lay another tile of the Sector Pool." if others
            else "Any empty hex of the map will do.")


@offers("tile_hex tile")
def _other_tile(asked: Asked, choice: Choice) -> OptionWords:
    tile = choice.args[0]
    return option_words(choice, f"Lay {tile_name(tile)} instead",
                        f"Lay {tile_name(tile)} ({tile_code(tile)}) instead: "
                        f"{tile_locations(tile)}", None, ("tile", tile))


def _next_to(view: dict[str, Any], sector: int) -> list[str]:
    s = view["sectors"][sector]
    near = set(neighbours((s["q"], s["r"])))
    return [sector_name(view, t["id"]) for t in view["sectors"]
            if t["tile"] and (t["q"], t["r"]) in near]


@offers("tile_hex sector")
def _tile_hex_option(asked: Asked, choice: Choice) -> OptionWords:
    sector = choice.number()
    board = facts.sector(asked.view, sector)["board"]
    where = f"board {board}" if board else "the Core"
    near = _next_to(asked.view, sector)
    beside = f", next to {listing(near)}" if near else ", next to no tile yet"
    tile = asked.get("tile")
    what = tile_name(tile) if tile else "The tile"
    return option_words(choice, place_label(asked, sector),
                        f"{what} goes on {sector_name(asked.view, sector)} ({where}){beside}",
                        sector)


# --- Technology Cards ----------------------------------------------------------------------


def pile_name(view: dict[str, Any], pile: int) -> str:
    if len(view["piles"]) == 1:
        return "the discard pile"
    return f"the {KIND_NAMES[KINDS[pile]]} discard pile"


@asks("draw_source")
def _draw_source(asked: Asked) -> tuple[str, str]:
    return ("Draw a Technology Card",
            "From the draw pile, the top of a discard pile, or one of your Advanced "
            "Technologies back to your hand.")


@offers("deck")
def _deck(asked: Asked, choice: Choice) -> OptionWords:
    left = int(asked.view["deck_size"])
    more = (f"{count(left, 'card')} in it" if left
            else "shuffled anew from the discards, as it is empty")
    return option_words(choice, f"Draw pile ({left})",
                        f"Draw the top card of the draw pile, unseen ({more})")


@offers("pile")
def _pile(asked: Asked, choice: Choice) -> OptionWords:
    n = choice.number()
    piles = asked.view["piles"]
    top = piles[n][-1] if 0 <= n < len(piles) and piles[n] else ""
    if not top:
        return option_words(choice, "A discard pile",
                            f"Take the top of {pile_name(asked.view, n)}")
    return card_option(choice, top,
                       f"Take {card_name(top)} from the top of {pile_name(asked.view, n)}. "
                       f"{tech_summary(top)}", "Take ")


@offers("advanced")
def _advanced(asked: Asked, choice: Choice) -> OptionWords:
    card = choice.args[0]
    return card_option(choice, card,
                       f"Take {card_name(card)} back from your Advanced Technologies to "
                       "your hand; its effect stops", "Take back ")


@asks("keep_or_advance")
def _keep_or_advance(asked: Asked) -> tuple[str, str]:
    return ("Discard a card of your hand, or advance one",
            "Advancing pays its cost and takes one of your three slots; each Advanced "
            "Technology scores 2 VP a tier at the end.")


@offers("discard")
def _discard(asked: Asked, choice: Choice) -> OptionWords:
    # The card alone, so that its name shows whole: the question says a card is discarded,
    # and an advance's label says "Advance".
    card = choice.args[0]
    return card_option(choice, card, f"Discard {card_name(card)} face up")


def _two_cards(first: str, dropped: str) -> str:
    """"Nano-Fabri… 2/1/2, drop Dyson S…": both names give way evenly to fit a label."""
    tail = f" {powers(first)}, drop "
    room = LABEL_WIDTH - len(tail)
    a, b = tech_name(first), tech_name(dropped)
    if len(a) + len(b) > room:
        share = max(room // 2, room - len(b))
        a = fit(a, share)
        b = fit(b, room - len(a))
    return f"{a}{tail}{b}"


def advance_words(asked: Asked, choice: Choice, discount: int) -> OptionWords:
    card = choice.args[0]
    dropped = choice.args[1] if len(choice.args) > 1 else ""
    tech = content().tech_of(card)
    free = discount >= ANY
    cost = 0 if free else max(tech.cost - discount, 0)
    drop = f", dropping {tech_name(dropped)} from your slots" if dropped else ""
    price = f"for {count(cost, 'CAP')}" if cost else "free"
    text = f"Advance {card_name(card)} {price}{drop}. {tech_summary(card)}"
    if not dropped:
        return card_option(choice, card, text, "Advance ")
    label, whole = _two_cards(card, dropped), f"{card_name(card)}, drop {tech_name(dropped)}"
    return replace(option_words(choice, label, text, None, tech_card(card)),
                   wide=whole if whole != label else "")


@offers("keep_or_advance advance")
def _advance(asked: Asked, choice: Choice) -> OptionWords:
    return advance_words(asked, choice, 0)


@asks("leader_advance")
def _leader_advance(asked: Asked) -> tuple[str, str]:
    discount = int(asked.get("discount", 0))
    if discount >= ANY:
        return ("Advance a card of your hand with your Leader",
                "Free, and whatever its tier.")
    return ("Advance a card of your hand with your Leader",
            f"It costs {count(discount, 'CAP')} less.")


@offers("leader_advance advance")
def _leader_advance_option(asked: Asked, choice: Choice) -> OptionWords:
    return advance_words(asked, choice, int(asked.get("discount", 0)))


# --- Action Cards and turns ----------------------------------------------------------------


@asks("action_card")
def _action_card(asked: Asked) -> tuple[str, str]:
    # One line each in the decision pane even at 80x24, so that the six cards show below.
    number = asked.view["phase"].removeprefix("action")
    return f"Choose an Action Card, phase {number}", "Secret; lower orders act first."


@offers("action_card card")
def _action_card_option(asked: Asked, choice: Choice) -> OptionWords:
    card = choice.args[0]
    order = content().action_cards[card].order
    return option_words(choice, f"{action_card_name(card)} ({order})", action_summary(card),
                        None, ("action", card))


@asks("tie_order")
def _tie_order(asked: Asked) -> tuple[str, str]:
    # A save of rules version 2 or older asked with the first tied player's card alone.
    cards = asked.get("cards") or [c for c in (asked.get("card"),) if c]
    if len(cards) > 1:
        on = f" at order {asked.get('order')} ({listing([action_card_name(c) for c in cards])})"
    else:
        on = f" on {action_card_name(cards[0])}" if cards else ""
    return (f"Choose who acts first among the players tied{on}",
            "The others follow clockwise from that player.")


@offers("first")
def _first(asked: Asked, choice: Choice) -> OptionWords:
    seat = choice.number()
    return option_words(choice, f"{who(asked.view, seat)} first",
                        f"{says(asked.view, seat, 'act')} first, the others clockwise after")


def _turn_card(asked: Asked) -> str:
    """The Action Card the deciding seat plays (revealed to all)."""
    card = asked.get("card") or facts.player(asked.view, asked.seat).get("card")
    return str(card or "")


@asks("action")
def _action(asked: Asked) -> tuple[str, str]:
    card = _turn_card(asked)
    taken = int(asked.get("taken", 0))
    name = action_card_name(card) if card else "Your turn"
    closed = " ".join(f"{ACTION_NAMES[a]} is not open: {_why_closed(asked, card, a)}."
                      for a in asked.get("closed", ()))
    return (f"{name}: take an action ({taken} of 2 taken)",
            "Or end your turn; a gift, discarding an Advanced Technology and your Leader "
            "take no action." + (f" {closed}" if closed else ""))


def _why_closed(asked: Asked, card: str, action: str) -> str:
    """Why an action of the card is not offered: the condition it lacks, in general."""
    if action == "build":
        what = listing([BUILD_NAMES[b] for b in content().action_cards[card].builds])
        caps = facts.player(asked.view, asked.seat)["caps"]
        return (f"nothing it builds ({what}) has a place you reach that your "
                f"{count(caps, 'CAP')} pay for")
    if action in ("takeover", "destroy"):
        patterns = [p for p in content().action_cards[card].patterns
                    if content().patterns[p].conflict == action]
        names = listing([pattern_name(p) for p in patterns], "or")
        return f"none of your pieces has a target for {names}"
    if action == "survey":
        return "no tile is left to draw, or no hex is empty"
    return "not in the Learning Game"  # RESEARCH, the only other that can be closed


def _action_text(asked: Asked, action: str) -> tuple[str, str]:
    card = _turn_card(asked)
    data = content()
    if action == "build":
        builds = data.action_cards[card].builds if card else ()
        what = listing([BUILD_NAMES[b] for b in builds]) or "pieces"
        return f"BUILD {what}", f"Build {what}, one at a time, as long as you like"
    if action in ("takeover", "destroy"):
        patterns = [p for p in (data.action_cards[card].patterns if card else ())
                    if data.patterns[p].conflict == action]
        names = listing([pattern_name(p) for p in patterns], "or")
        return (f"{ACTION_NAMES[action]}: {names}" if names else ACTION_NAMES[action],
                f"Declare a conflict{' by ' + names if names else ''}")
    if action == "capitalize":
        tracks = facts.player(asked.view, asked.seat)["tracks"]
        gain = min(int(t["income"]) for t in tracks.values())
        return (f"CAPITALIZE: +{count(gain, 'CAP')}",
                f"Gain {count(gain, 'CAP')}, the income of your lowest track")
    texts = {
        "basic": ("BASIC: 2 CAPs or a card", "Gain 2 CAPs, or draw a Technology Card and "
                  "then discard or advance one"),
        "survey": ("SURVEY: lay a tile", "Flip a tile from the stack into the Sector Pool, "
                   "then lay a Pool tile on an empty hex"),
        "research": ("RESEARCH: refill your hand", "Take your Inactive pile back, discard "
                     "any cards, then draw back up to five"),
    }
    return texts[action]


@offers("action")
def _action_option(asked: Asked, choice: Choice) -> OptionWords:
    label, text = _action_text(asked, choice.args[0])
    return option_words(choice, label, text)


@offers("action done")
def _end_turn(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "End your turn", "Take no more actions this phase")


@offers("gift")
def _gift(asked: Asked, choice: Choice) -> OptionWords:
    caps = int(mine(asked)["caps"])
    return option_words(choice, "Give CAPs",
                        f"Give some of your {count(caps, 'CAP')} to another player "
                        "(no action spent)")


@offers("scrap")
def _scrap(asked: Asked, choice: Choice) -> OptionWords:
    card = choice.args[0]
    # One copy of a technology at a time among the Advanced: its name tells it, whole.
    return option_words(choice, f"Drop {tech_name(card)}",
                        f"Discard your Advanced Technology {tech_name(card)}, freeing its "
                        "slot (no action spent)", None, tech_card(card))


@offers("action leader", "leader")
def _turn_leader(asked: Asked, choice: Choice) -> OptionWords:
    level = choice.number()
    leader_id = facts.player(asked.view, asked.seat).get("leader") or ""
    if not leader_id:
        return option_words(choice, f"Leader, level {level}", "Use your Leader")
    leader = content().leaders[leader_id]
    spent = " (no action spent)" if asked.kind == "action" else ""
    return option_words(choice, f"{leader.name}, level {level}",
                        f"{capital(leader_level(leader, level, turn=True))}{spent}; "
                        "your Leader goes back to level 0", None, ("leader", leader_id))


# --- BASIC and gifts -----------------------------------------------------------------------


@asks("basic")
def _basic(asked: Asked) -> tuple[str, str]:
    caps = content().empire.basic_caps
    return f"BASIC: gain {count(caps, 'CAP')} or draw a card", ""


@offers("basic caps")
def _basic_caps(asked: Asked, choice: Choice) -> OptionWords:
    caps = content().empire.basic_caps
    return option_words(choice, f"Gain {count(caps, 'CAP')}", f"Gain {count(caps, 'CAP')}")


@offers("draw")
def _draw(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Draw a card",
                        "Draw a Technology Card, then discard or advance one of your hand")


@asks("gift_to")
def _gift_to(asked: Asked) -> tuple[str, str]:
    return "Choose who receives your CAPs", ""


@offers("seat")
def _seat(asked: Asked, choice: Choice) -> OptionWords:
    seat = choice.number()
    caps = int(facts.player(asked.view, seat)["caps"])
    return option_words(choice, seat_name(asked.view, seat),
                        f"Give CAPs to {seat_name(asked.view, seat)}, who has "
                        f"{count(caps, 'CAP')}")


@asks("gift_amount")
def _gift_amount(asked: Asked) -> tuple[str, str]:
    to = asked.get("to")
    whom_ = seat_name(asked.view, int(to)) if to is not None else "them"
    return f"Choose how many CAPs to give {whom_}", ""


@offers("gift_amount caps")
def _gift_caps(asked: Asked, choice: Choice) -> OptionWords:
    n = choice.number()
    caps = int(mine(asked)["caps"])
    to = asked.get("to")
    whom_ = f" to {whom(asked.view, int(to))}" if to is not None else ""
    return option_words(choice, count(n, "CAP"),
                        f"Give {count(n, 'CAP')}{whom_}; you keep {max(caps - n, 0)}")


@offers("gift_to none", "gift_amount none")
def _gift_kept(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Keep your CAPs",
                        "Give nothing after all: back to the decision before")


# --- RESEARCH and Arbitration --------------------------------------------------------------


@asks("research_discard")
def _research_discard(asked: Asked) -> tuple[str, str]:
    hand = content().empire.hand
    return ("RESEARCH: discard any cards of your hand",
            f"Then you draw back up to {hand}, each from a source of your choice.")


@offers("research_discard done")
def _research_done(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Stop discarding",
                        f"Keep the rest and draw back up to {content().empire.hand} cards")


@asks("before_arbitration")
def _before_arbitration(asked: Asked) -> tuple[str, str]:
    return ("Before Arbitration: anything to do first?",
            "Whoever has the most CAPs now becomes the Arbiter.")


@offers("before_arbitration pass")
def _nothing(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Nothing", "Go on to Arbitration")


@asks("arbiter_tie")
def _arbiter_tie(asked: Asked) -> tuple[str, str]:
    return ("Choose the new Arbiter among the players tied for the most CAPs",
            "You may not keep the token yourself.")


@offers("arbiter")
def _arbiter(asked: Asked, choice: Choice) -> OptionWords:
    seat = choice.number()
    name = seat_name(asked.view, seat)
    return option_words(choice, name, f"{name} becomes the Arbiter")
