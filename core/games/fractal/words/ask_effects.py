"""Words of the decisions that effects ask for: units placed and removed, artifacts,
elite tactics, restored markers (and the depletion upkeep), the government's count,
insight and living storms."""

from __future__ import annotations

from core.games.fractal.choices import Choice
from core.games.fractal.words import cards, effects
from core.games.fractal.words import facts as f
from core.games.fractal.words.asking import asks, mine, offers, option_words, place, place_label
from core.games.fractal.words.names import (
    DECKS,
    EVENT_KINDS,
    action_name,
    card_name,
    content,
    kind_of,
    times,
)
from core.words import Asked, OptionWords, article, capital, count, listing, plural

# --- units placed and removed by effects ---------------------------------------------------


@asks("place_unit")
def _place_unit_question(asked: Asked) -> tuple[str, str]:
    kind = asked.get("unit", "unit")
    left = asked.get("left")
    more = f" ({left} left)" if left else ""
    black = "black " if asked.get("black") else ""
    return f"Choose where to place {article(black + kind)}{more}", "Up to: you may stop"


@offers("place_unit sector")
def _place_unit_option(asked: Asked, c: Choice) -> OptionWords:
    sector = c.number(0)
    kind = asked.get("unit", "unit")
    return option_words(c, place_label(asked, sector),
                        f"Place {article(kind)} in {place(asked, sector)}.", sector)


@offers("place_unit done")
def _place_unit_done(asked: Asked, c: Choice) -> OptionWords:
    kind = asked.get("unit", "unit")
    return option_words(c, "Place no more",
                        f"Stop here; the {plural(kind)} not placed stay where they are.")


@asks("blood_pool")
def _blood_pool_question(asked: Asked) -> tuple[str, str]:
    left = asked.get("left")
    more = f" ({left} left)" if left else ""
    kind = asked.get("unit")
    if kind:
        return (f"Choose where the {kind} from your Blood Pool goes{more}",
                "A sector with one of your colonies that is not blockaded")
    return (f"Raise a unit from your Blood Pool{more}",
            "Blood Pool: when you Recruit, up to 2 units of the pool join the board")


@offers("blood_pool kind")
def _blood_pool_kind(asked: Asked, c: Choice) -> OptionWords:
    kind = c.args[0]
    waiting = [u for u in f.units_at(asked.view, f.BLOOD_POOL, asked.seat)
               if u["kind"] == kind]
    return option_words(c, capital(plural(kind) if len(waiting) > 1 else kind),
                        f"Raise {article(kind)} from your Blood Pool ({len(waiting)} there).")


@offers("blood_pool sector")
def _blood_pool_sector(asked: Asked, c: Choice) -> OptionWords:
    sector = c.number(0)
    kind = asked.get("unit", "unit")
    return option_words(c, place_label(asked, sector),
                        f"Raise the {kind} in {place(asked, sector)}.", sector)


@offers("blood_pool done")
def _blood_pool_done(asked: Asked, c: Choice) -> OptionWords:
    return option_words(c, "Raise no more", "The rest stay in your Blood Pool until the "
                        "next income phase.")


@asks("remove_unit")
def _remove_unit_question(asked: Asked) -> tuple[str, str]:
    kind = asked.get("unit", "unit")
    left = asked.get("left")
    more = f" ({left} left)" if left else ""
    return (f"Choose which of your {plural(kind)} to remove{more}",
            "Black units go back to the black supply, yours to your reserve")


# --- cards drawn, upgraded, restored -------------------------------------------------------


@asks("keep_artifact")
def _keep_question(asked: Asked) -> tuple[str, str]:
    return "Choose the artifact to keep", "The others go to the artifact discard pile"


@offers("artifact")
def _artifact_option(asked: Asked, c: Choice) -> OptionWords:
    text = cards.card("artifact", c.args[0])
    return option_words(c, text.name, f"Keep {text.name}. {' '.join(text.lines)}",
                        card=("artifact", c.args[0]))


@asks("elite_tactic")
def _elite_question(asked: Asked) -> tuple[str, str]:
    return ("Choose a tactic card to turn to its elite side",
            "Everyone sees which card you upgrade")


@offers("elite_tactic tactic")
def _elite_option(asked: Asked, c: Choice) -> OptionWords:
    card_id = c.args[0]
    elite = f"{card_id}+elite"
    text = cards.card("tactic", elite)
    return option_words(c, card_name(card_id),
                        f"Upgrade {card_name(card_id)}; its elite side: {' '.join(text.lines)}",
                        card=("tactic", elite))


@asks("restore")
def _restore_question(asked: Asked) -> tuple[str, str]:
    return "Choose a depleted action marker to restore", "It is ready to use again"


@offers("restore restore")
def _restore_option(asked: Asked, c: Choice) -> OptionWords:
    name = action_name(c.args[0])
    return option_words(c, f"Restore {name}", f"Flip your {name} marker back, for free.")


@asks("upkeep")
def _upkeep_question(asked: Asked) -> tuple[str, str]:
    needed = asked.get("needed")
    influence = mine(asked)["influence"]
    short = f": restoring them all needs {needed}" if needed else ""
    return (f"Restore your depleted markers with your {influence} influence{short}",
            "When you stop, the influence you have left is lost")


@offers("upkeep restore")
def _upkeep_option(asked: Asked, c: Choice) -> OptionWords:
    name = action_name(c.args[0])
    cost = mine(asked)["costs"]["depletion"]
    return option_words(c, f"Restore {name} ({cost})",
                        f"Pay {cost} influence to flip your {name} marker back.")


@offers("upkeep done")
def _upkeep_done(asked: Asked, c: Choice) -> OptionWords:
    influence = mine(asked)["influence"]
    return option_words(c, "Stop restoring",
                        f"Leave the other markers depleted and lose your remaining "
                        f"{influence} influence.")


@asks("government_times")
def _times_question(asked: Asked) -> tuple[str, str]:
    gov = mine(asked)["government"]
    return (f"Choose how many times to use {card_name(gov)}",
            f"Each time: {'; '.join(effects.clauses(content().governments[gov].action))}")


@offers("times")
def _times_option(asked: Asked, c: Choice) -> OptionWords:
    n = c.number(0)
    gov = mine(asked)["government"]
    return option_words(c, capital(times(n)),
                        f"Resolve the action of {card_name(gov)} {times(n)}.",
                        card=("government", gov))


# --- insight -------------------------------------------------------------------------------


@asks("insight")
def _insight_question(asked: Asked) -> tuple[str, str]:
    return "Insight: choose what to look at", "Only you learn what you see"


@offers("deck")
def _deck_option(asked: Asked, c: Choice) -> OptionWords:
    deck = DECKS[c.args[0]]
    return option_words(c, f"Top of the {deck}",
                        f"Look at the top 3 cards of the {deck} and put them back in the order "
                        f"you choose.")


@offers("event")
def _event_option(asked: Asked, c: Choice) -> OptionWords:
    sector = c.number(0)
    kind = EVENT_KINDS[f.sector(asked.view, sector)["event_kind"] or "obstacle"]
    return option_words(c, place_label(asked, sector),
                        f"Look at the face-down {kind} of {place(asked, sector)}.", sector)


@offers("objective")
def _objective_option(asked: Asked, c: Choice) -> OptionWords:
    return option_words(c, "The Age 2 objective", "Look at the face-down Age 2 objective.")


@asks("insight_return")
def _return_question(asked: Asked) -> tuple[str, str]:
    insight = f.task(asked.view, "insight")
    deck = DECKS.get(asked.get("deck") or (insight or {}).get("data", {}).get("deck", ""),
                     "deck")
    return (f"Put the cards back on the {deck}, one at a time",
            "The last card put on top is the next one drawn")


def _returned(asked: Asked, c: Choice) -> str:
    cards_seen = asked.get("cards") or []
    index = c.number(0)
    seen = cards_seen[index] if index < len(cards_seen) else ""
    return card_name(seen) if seen and kind_of(seen) else "the card"


@offers("top")
def _top_option(asked: Asked, c: Choice) -> OptionWords:
    what = _returned(asked, c)
    return option_words(c, f"{capital(what)} on top", f"Put {what} back on top of the deck.")


@offers("bottom")
def _bottom_option(asked: Asked, c: Choice) -> OptionWords:
    what = _returned(asked, c)
    return option_words(c, f"{capital(what)} at the bottom",
                        f"Put {what} at the bottom of the deck.")


# --- living storms -------------------------------------------------------------------------


def _between(asked: Asked, vertex: list[list[int]]) -> tuple[str, list[int]]:
    sectors = f.vertex_sectors(asked.view, vertex)
    return listing([place(asked, s) for s in sectors]), sectors


@asks("storm_choose")
def _storm_choose_question(asked: Asked) -> tuple[str, str]:
    left = asked.get("count")
    more = f" ({count(left, 'move')} left)" if left else ""
    return (f"Choose a living storm to move{more}",
            "A storm cuts one sector off from the two others at its corner")


def _cut_off(asked: Asked, storm: dict[str, object]) -> str:
    cut = storm.get("cut")
    sectors = f.vertex_sectors(asked.view, [cut]) if isinstance(cut, list) else []
    return f", cutting off {place(asked, sectors[0])}" if sectors else ""


@offers("storm")
def _storm_option(asked: Asked, c: Choice) -> OptionWords:
    storm = asked.view["storms"][c.number(0)]
    name = card_name(storm["id"])
    where, sectors = _between(asked, storm["vertex"])
    return option_words(c, name, f"Move {name}, now between {where}{_cut_off(asked, storm)}.",
                        sectors[0] if sectors else None, ("living_storm", storm["id"]))


def _storm_name(asked: Asked) -> str:
    storm = asked.get("storm")
    return card_name(storm) if storm and kind_of(storm) else "the storm"


@asks("storm_destination")
def _storm_destination_question(asked: Asked) -> tuple[str, str]:
    return (f"Choose where {_storm_name(asked)} goes",
            "One of the nearest corners; then you turn it to cut one sector off there")


@offers("vertex")
def _vertex_option(asked: Asked, c: Choice) -> OptionWords:
    numbers = [int(n) for n in c.args[0].split(",")]
    vertex = [numbers[i:i + 2] for i in range(0, 6, 2)]
    where, sectors = _between(asked, vertex)
    edge = "" if len(sectors) == 3 else " at the edge of the map"
    return option_words(c, f"By sectors {listing([str(s) for s in sectors])}",
                        f"Move it between {where}{edge}.", sectors[0] if sectors else None)


@asks("storm_orientation")
def _storm_orientation_question(asked: Asked) -> tuple[str, str]:
    return (f"Choose which sector {_storm_name(asked)} cuts off",
            "That sector stops being adjacent to the two others; they stay adjacent")


@offers("storm_orientation sector")
def _storm_orientation_option(asked: Asked, c: Choice) -> OptionWords:
    sector = c.number(0)
    vertex = asked.get("vertex") or []
    others = [s for s in f.vertex_sectors(asked.view, vertex) if s != sector]
    apart = f" from {listing([place(asked, s) for s in others])}" if others else ""
    return option_words(c, place_label(asked, sector),
                        f"Turn it to cut {place(asked, sector)} off{apart}.", sector)
