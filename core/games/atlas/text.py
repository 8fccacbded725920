"""Fractured Atlas as plain text: the map of Places, the players, the question
(``fractal show``), and a whole game as the log a seat read (``fractal replay --text``).

The map is a grid of Place cells, west to east and north to south as the cards lie, each
sharing its border with the Places adjacent to it. A cell names its Place, its suits and VP,
its ruler, and its stacks: a Worker is its owner's symbol, a Tower its tokens in brackets
from the bottom up, the Noble last (``placecell``).
"""

from __future__ import annotations

from typing import Any

from core.celltext import CellSize, plain
from core.games.atlas import placecell
from core.games.atlas import words as w
from core.linework import Linework
from core.words import count

View = dict[str, Any]
CELL = CellSize(22, 3)  # a Place's cell on the plain-text map


def heading(view: View) -> str:
    reader = w.seat_name(view, view["seat"]) if view["seat"] >= 0 else "a spectator"
    stage = f"round {view['round']}" if view["round"] else "setup"
    return (f"Fractured Atlas, {stage}, {w.PHASES.get(view['phase'], view['phase'])}; "
            f"seen by {reader}")


def map_lines(view: View, ascii: bool = False) -> list[str]:
    """The Places in their cells, each sharing its border with the Places adjacent to it
    (``placecell``)."""
    if not view["places"]:
        return ["(no Places)"]
    grid = placecell.layout(view, CELL)
    canvas = [[" "] * grid.cols for _ in range(grid.rows)]
    lines = Linework()
    waterways = placecell.linked(view)
    for place, (row, col) in grid.cells.items():
        lines.box(*grid.outline(place))
        drawn = plain(placecell.pieces(view, place, CELL, ascii, place in waterways)[0])
        for i, line in enumerate(drawn):
            canvas[row + i][col:col + len(line)] = list(line)
    for (row, col), char in lines.characters(ascii).items():
        canvas[row][col] = char
    drawn = ["".join(line).rstrip() for line in canvas]
    if waterways:
        mark = placecell.ASCII_WATERWAY if ascii else placecell.WATERWAY
        drawn.append(f"{mark}: the Sea's waterways link these Places, for the Sea's ruler.")
    return drawn


def player_lines(view: View, seat: int, ascii: bool = False) -> list[str]:
    p = view["players"][seat]
    advisor = w.card_name(p["advisor"]) if p["advisor"] else "(not chosen yet)"
    lines = [f"{w.symbol(view, seat, ascii)} {w.seat_name(view, seat)}: {p['vp_total']} VP "
             f"(Fiefs {p['vp']['fiefs']}, disputed {p['vp']['disputed']}, "
             f"Tower {p['vp']['tower']})",
             f"  Advisor {advisor} with {count(p['advisor_tokens'], 'token')}; supply "
             f"{p['supply']}, on the map {p['on_map']}; {count(p['hand_size'], 'card')} in "
             "hand"]
    if p["played"]:
        lines.append(f"  Played {w.card_name(p['played'])}")
    if p["hand"] is not None:
        lines.append("  Hand: " + (", ".join(w.card_name(c) for c in p["hand"]) or "empty"))
    return lines


def question_lines(view: View, prompt: dict[str, Any] | None) -> list[str]:
    if prompt is None:
        waiting = [w.waiting(view, x["seat"], x["kind"]) for x in view["waiting"]]
        return ["Waiting: " + ("; ".join(waiting) or "nobody")]
    asked = w.question(view, prompt)
    lines = [f"Your decision: {asked.text}"]
    lines += [f"   {i + 1}. {o.label}: {o.text}" for i, o in enumerate(asked.options)]
    return lines


def score_lines(view: View) -> list[str]:
    lines = ["Scores:"]
    for row in view["standings"]:
        won = ", winner" if row["seat"] in view["winners"] else ""
        lines.append(f"  {row['place']}. {w.seat_name(view, row['seat'])}: {row['vp']} VP "
                     f"(Fiefs {row['fiefs']}, disputed {row['disputed']}, Tower "
                     f"{row['tower']}){won}")
    return lines


def show(view: View, prompt: dict[str, Any] | None, ascii: bool = False) -> str:
    lines = [heading(view), "", *map_lines(view, ascii),
             f"Atlas: {count(view['atlas'], 'Place')} left; Action Deck {view['deck']}, discards "
             f"{len(view['discard'])}", ""]
    for p in view["players"]:
        lines += [*player_lines(view, p["seat"], ascii), ""]
    lines += score_lines(view) if view["phase"] == "over" else question_lines(view, prompt)
    return "\n".join(lines).rstrip() + "\n"
