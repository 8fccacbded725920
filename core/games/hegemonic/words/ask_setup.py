"""The words of setup's decisions: placing a Galaxy Board (the free layout), a Home, the
first tile, and a Technology Draft pick."""

from __future__ import annotations

from core.games.hegemonic.content import board_hexes
from core.games.hegemonic.words import facts
from core.games.hegemonic.words.asking import (
    asks,
    card_option,
    offers,
    option_words,
    place_label,
)
from core.games.hegemonic.words.cards import tech_summary
from core.games.hegemonic.words.choices import Choice
from core.games.hegemonic.words.names import (
    card_name,
    content,
    house_name,
    sector_name,
    tile_code,
    tile_locations,
    tile_name,
)
from core.hexgrid import Hex, distance, neighbours
from core.words import LABEL_WIDTH, Asked, OptionWords, count, listing

# --- the free layout -----------------------------------------------------------------------


@asks("layout")
def _layout(asked: Asked) -> tuple[str, str]:
    players = len(asked.view["players"])
    total = content().galaxy.boards_for[players - 2]
    placed = int(asked.get("placed", len(asked.view["boards"])))
    return (f"Place Galaxy Board {placed + 1} of {total}",
            "Each board touches two placed boards, one of them the Core, where it can.")


def _touched(asked: Asked, hexes: list[Hex]) -> list[str]:
    """The boards a placement would touch: "the Core", "board 2"."""
    galaxy = content().galaxy
    placed: dict[Hex, int] = {h: 0 for h in galaxy.core}
    for n, board in enumerate(asked.view["boards"], 1):
        for h in board_hexes(galaxy.shape, (board[0], board[1], board[2])):
            placed[h] = n
    found = sorted({placed[n] for h in hexes for n in neighbours(h) if n in placed})
    return [("the Core" if b == 0 else f"board {b}") for b in found]


@offers("board")
def _board(asked: Asked, choice: Choice) -> OptionWords:
    turn, q, r = choice.number(0), choice.number(1), choice.number(2)
    hexes = board_hexes(content().galaxy.shape, (turn, q, r))
    centre = asked.view["center"]
    near = min(distance(h, (centre[0], centre[1])) for h in hexes)
    where = ", ".join(f"({hq}, {hr})" for hq, hr in hexes)
    return option_words(choice, f"At ({q}, {r}), turned {turn * 60}°",
                        f"Its hexes: {where}; it touches {listing(_touched(asked, hexes))}; "
                        f"its nearest hex is {count(near, 'hex')} from the Center")


# --- Homes and first tiles -----------------------------------------------------------------


@asks("home")
def _home(asked: Asked) -> tuple[str, str]:
    house = house_name(facts.player(asked.view, asked.seat)["house"])
    return (f"Choose the hex of your Home ({house})",
            "Your first Complex, Embassy and Outpost start there; Homes stand on different "
            "boards, never side by side.")


@offers("home sector")
def _home_option(asked: Asked, choice: Choice) -> OptionWords:
    sector = choice.number()
    s = facts.sector(asked.view, sector)
    centre = asked.view["center"]
    far = distance((s["q"], s["r"]), (centre[0], centre[1]))
    return option_words(choice, place_label(asked, sector),
                        f"Your Home on {sector_name(asked.view, sector)}, board {s['board']}, "
                        f"{count(far, 'hex')} from the Center", sector)


@asks("first_tile")
def _first_tile(asked: Asked) -> tuple[str, str]:
    return ("Lay your first tile next to your Home",
            "The tile you keep goes next to your Home; any other dealt tile goes to the "
            "Sector Pool.")


@offers("place")
def _place(asked: Asked, choice: Choice) -> OptionWords:
    tile, sector = choice.args[0], choice.number(1)
    code = tile_code(tile)
    label = f"{tile_name(tile)} ({code}) on {sector}"
    if len(label) > LABEL_WIDTH:
        label = f"{tile_name(tile)} on {sector}"
    return option_words(choice, label,
                        f"Lay {tile_name(tile)}, with {tile_locations(tile)}, on "
                        f"{sector_name(asked.view, sector)}", sector, ("tile", tile))


# --- the Technology Draft ------------------------------------------------------------------


@asks("draft_pick")
def _draft_pick(asked: Asked) -> tuple[str, str]:
    left = len(facts.player(asked.view, asked.seat).get("draft") or [])
    return ("Keep a Technology Card of the draft" + (f" ({left} before you)" if left else ""),
            "Everyone keeps one in secret and passes the rest clockwise; the last card is "
            "discarded.")


@offers("draft_pick card")
def _draft_card(asked: Asked, choice: Choice) -> OptionWords:
    card = choice.args[0]
    return card_option(choice, card, f"Keep {card_name(card)}. {tech_summary(card)}")
