"""Fractured Atlas as plain text: the map of Places, the players, the question
(``fractal show``), and a whole game as the log a seat read (``fractal replay --text``).

The map is a grid of Place cells, west to east and north to south as the cards lie. A cell
names its Place, its suits and VP, its ruler, and its stacks: a Worker is its owner's
symbol, a Tower its tokens in brackets from the bottom up, the Noble last.
"""

from __future__ import annotations

from typing import Any

from core.games.atlas import words as w
from core.words import fit

View = dict[str, Any]
CELL = 22  # columns of a Place's cell on the plain-text map


def heading(view: View) -> str:
    reader = w.seat_name(view, view["seat"]) if view["seat"] >= 0 else "a spectator"
    stage = f"round {view['round']}" if view["round"] else "setup"
    return (f"Fractured Atlas, {stage}, {w.PHASES.get(view['phase'], view['phase'])}; "
            f"seen by {reader}")


def stacks_text(view: View, stacks: list[list[int]], ascii: bool = False) -> str:
    parts = []
    for stack in stacks:
        marks = "".join(w.symbol(view, s, ascii) for s in stack)
        parts.append(marks if len(stack) == 1 else f"[{marks}]")
    return " ".join(parts) or "empty"


def cell_lines(view: View, place: int, ascii: bool = False) -> list[str]:
    """What a Place's cell says, in three lines."""
    p = view["places"][place]
    suits = "/".join(w.SUIT_SHORT[s] for s in w.content().suits(p["card"]))
    ruler = p["controller"]
    owner = f"{w.symbol(view, ruler, ascii)} rules" if ruler >= 0 else (
        "disputed" if p["stacks"] else "empty")
    name = w.card_name(p["card"]).removeprefix("the ")
    vp = len(w.content().suits(p["card"]))
    return [name, f"{suits} {vp}VP {owner}", stacks_text(view, p["stacks"], ascii)]


def map_lines(view: View, ascii: bool = False) -> list[str]:
    places = view["places"]
    if not places:
        return ["(no Places)"]
    xs = [p["x"] for p in places]
    ys = [p["y"] for p in places]
    at = {(p["x"], p["y"]): i for i, p in enumerate(places)}
    lines = []
    for y in range(min(ys), max(ys) + 1):
        rows = ["", "", ""]
        for x in range(min(xs), max(xs) + 1):
            cell = cell_lines(view, at[(x, y)], ascii) if (x, y) in at else ["", "", ""]
            for i in range(3):
                rows[i] += fit(cell[i], CELL - 1).ljust(CELL)
        lines += [r.rstrip() for r in rows] + [""]
    return lines


def player_lines(view: View, seat: int, ascii: bool = False) -> list[str]:
    p = view["players"][seat]
    advisor = w.card_name(p["advisor"]) if p["advisor"] else "(not chosen yet)"
    lines = [f"{w.symbol(view, seat, ascii)} {w.seat_name(view, seat)}: {p['vp_total']} VP "
             f"(Fiefs {p['vp']['fiefs']}, disputed {p['vp']['disputed']}, "
             f"Tower {p['vp']['tower']})",
             f"  Advisor {advisor} with {p['advisor_tokens']} token(s); supply "
             f"{p['supply']}, on the map {p['on_map']}; {p['hand_size']} card(s) in hand"]
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
             f"Atlas: {view['atlas']} Place(s) left; Action Deck {view['deck']}, discards "
             f"{len(view['discard'])}", ""]
    for p in view["players"]:
        lines += [*player_lines(view, p["seat"], ascii), ""]
    lines += score_lines(view) if view["phase"] == "over" else question_lines(view, prompt)
    return "\n".join(lines).rstrip() + "\n"
