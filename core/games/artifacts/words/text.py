"""Alien Artifacts as plain text: the shared table, every player's faction board, the
hand, the question (``fractal show``), and the heading, decision lines and scores of a game
told in words (``fractal replay --text``). Seats carry their marks (``ascii=True``: plain
letters), so nothing depends on colour; :func:`legend` names every symbol the words use."""

from __future__ import annotations

import textwrap
from typing import Any

from core.games.artifacts.words import questions
from core.games.artifacts.words.cards import table_lines
from core.games.artifacts.words.names import (
    KIND_NAMES,
    SIDE_VERBS,
    View,
    card_name,
    card_title,
    content,
    mark,
    resource_text,
    seat_name,
    tucked_text,
)
from core.words import count, listing

BLOCKADE, ASCII_BLOCKADE = "⊘", "#"
LEGEND_WIDTH = 100
PLAIN_ASCII = str.maketrans({"…": "~", "⊘": "#", "’": "'"})


def legend(view: View, ascii: bool = False) -> list[tuple[str, str]]:
    """Every symbol and abbreviation the words use, with its meaning, for this view."""
    found = [(mark(p["seat"], ascii), seat_name(view, p["seat"])) for p in view["players"]]
    found += [
        (f"{ASCII_BLOCKADE if ascii else BLOCKADE}2", "2 Blockade tokens on a card: it acts "
                                                      "as blank unless its owner pays 1 "
                                                      "credit a token"),
        ("R55", "Resource card 55 (they have numbers, not names)"),
        ("(3)", "a Resource card's number, its value in combat"),
        ("blue 2 Explore", "a section of a Resource card: colour, symbols and Type"),
        ("VP", "victory points"),
        ("marker 3", "the round marker: the game ends in the pass through the Resource "
                     "deck that begins on 1"),
    ]
    return found


def _legend_lines(view: View, ascii: bool) -> list[str]:
    text = "Legend: " + "; ".join(f"{s} {m}" for s, m in legend(view, ascii)) + "."
    return textwrap.wrap(text, LEGEND_WIDTH, break_long_words=False, break_on_hyphens=False)


# --- the table -----------------------------------------------------------------------------


def table_section(view: View) -> list[str]:
    """The shared table: the Alien System, the decks, the discard pile, the round marker."""
    lines = [f"Round marker {view['marker']}, pass {view['passes']} through the Resource deck"
             + ("; the end is triggered" if view["ending"] else "")]
    system = view.get("system")
    if system:
        lines.append(f"Alien System: {card_name(system)} "
                     f"({count(view['system_count'], 'more')} below)")
        lines += [f"  {row}" for row in table_lines(content().systems[system])]
    decks = []
    for kind in ("ship", "technology", "planet"):
        deck = view["decks"][kind]
        top = f", top {card_title(deck['top'])}" if deck["top"] else ""
        decks.append(f"{KIND_NAMES[kind]} deck {deck['count']}{top}")
    lines.append("; ".join(decks))
    discard = view["discard"]
    top_card = f", top {resource_text(discard[-1])}" if discard else ""
    lines.append(f"Resource deck {view['deck_count']}; discard pile {len(discard)}{top_card}")
    played = listing([card_name(a) for a in view["artifact_pile"]]) or "none"
    lines.append(f"Defense Plan deck {view['plan_count']}; Alien Artifact deck "
                 f"{view['artifact_count']}, played: {played}")
    return lines


# --- the players ---------------------------------------------------------------------------


def _board_card(card: dict[str, Any], ascii: bool) -> str:
    text = card_title(card["id"])
    if card["side"]:
        text += f", {SIDE_VERBS[(card['kind'], card['side'])]}"
    if card["tokens"]:
        text += f" {ASCII_BLOCKADE if ascii else BLOCKADE}{card['tokens']}"
    if card["under"]:
        text += f" [{'; '.join(tucked_text(u) for u in card['under'])}]"
    return text


def _held(p: dict[str, Any], key: str, counted: str, noun: str) -> str:
    held = p[key]
    if held is None:
        return count(p[counted], noun)
    return listing([card_name(c) for c in held]) or "none"


def player_lines(view: View, seat: int, ascii: bool = False) -> list[str]:
    p = view["players"][seat]
    turn = " (to play)" if view["turn"] == seat else ""
    first = " (first player)" if view["first"] == seat and view["phase"] != "over" else ""
    lines = [f"{mark(seat, ascii)} {seat_name(view, seat)}{turn}{first}: {p['vp']} VP, "
             f"{count(p['credits'], 'credit')}"]
    hand = p["hand"]
    shown = "; ".join(resource_text(r) for r in hand) \
        if hand is not None else count(p["hand_count"], "card")
    lines.append(f"  Hand: {shown or 'empty'}")
    lines.append(f"  Defense Plans: {_held(p, 'plans', 'plan_count', 'card')}; Alien "
                 f"Artifacts: {_held(p, 'artifacts', 'artifact_count', 'card')}")
    for column, title in (("construction", "Under Construction"), ("empire", "Empire")):
        for kind in ("ship", "technology", "planet"):
            cards = [_board_card(c, ascii) for c in p[column] if c["kind"] == kind]
            if cards:
                lines.append(f"  {title}, {KIND_NAMES[kind]} row: {'; '.join(cards)}")
        if not p[column]:
            lines.append(f"  {title}: nothing")
    return lines


# --- the decision --------------------------------------------------------------------------


def _sentence(text: str) -> str:
    return text if text.endswith(("?", ".", "!")) else f"{text}."


def question_lines(view: View, prompt: dict[str, Any] | None) -> list[str]:
    """The seat's pending question with its options, or who the game waits for."""
    if prompt is None:
        waits = [questions.waiting(view, w["seat"], w["kind"]) for w in view["waiting"]]
        return [f"Waiting: {'; '.join(waits)}."] if waits else []
    asked = questions.question(view, prompt)
    lines = [f"Your decision: {_sentence(asked.text)}"]
    if asked.hint:
        lines.append(f"  {_sentence(asked.hint)}")
    lines += [f"  {i:>2}. {o.label}: {o.text}" for i, o in enumerate(asked.options, 1)]
    return lines


# --- the whole position --------------------------------------------------------------------


def heading(view: View) -> str:
    who = seat_name(view, view["seat"]) if view["seat"] >= 0 else "a spectator"
    players = len(view["players"])
    if view["phase"] == "over":
        stage = f"over after {count(view['turns'], 'turn')}"
    elif view["phase"] == "setup":
        stage = "setup"
    else:
        stage = f"turn {view['turns']}, pass {view['passes']}, round marker {view['marker']}"
    turn = f"; {seat_name(view, view['turn'])} to play" if view["turn"] >= 0 else ""
    factions = (view.get("options") or {}).get("factions", "dealt")
    return (f"Alien Artifacts, {players} players, factions {factions}: {stage}{turn}; "
            f"seen by {who}")


def show(view: View, prompt: dict[str, Any] | None, ascii: bool = False) -> str:
    """The heading, the legend, the shared table, every player's board and hand, and the
    question (or the scores once the game is over)."""
    lines = [heading(view), "", *_legend_lines(view, ascii), "", "The table:",
             *(f"  {line}" for line in table_section(view))]
    for p in view["players"]:
        lines += ["", *player_lines(view, p["seat"], ascii)]
    lines.append("")
    lines += score_lines(view) if view["phase"] == "over" else question_lines(view, prompt)
    text = "\n".join(lines).rstrip() + "\n"
    return text.translate(PLAIN_ASCII) if ascii else text


def _total(p: dict[str, Any]) -> int:
    return sum(p["end_vp"].values()) if p["end_vp"] else int(p["vp"])


def standings(view: View) -> list[tuple[int, int]]:
    """(place, seat) best first, by R27: VP, then credits, then Empire cards; a tie
    shares its place."""
    def rank(p: dict[str, Any]) -> tuple[int, int, int]:
        return _total(p), int(p["credits"]), len(p["empire"])

    ordered = sorted(view["players"], key=rank, reverse=True)
    rows: list[tuple[int, int]] = []
    for i, p in enumerate(ordered):
        place = rows[-1][0] if rows and rank(ordered[i - 1]) == rank(p) else i + 1
        rows.append((place, int(p["seat"])))
    return rows


def score_lines(view: View) -> list[str]:
    """The scores (final, or VP in play so far), best first, the winners marked."""
    lines = ["Scores:"]
    for place, seat in standings(view):
        p = view["players"][seat]
        won = ", winner" if seat in view["winners"] else ""
        parts = p["end_vp"]
        detail = (f" (in play {parts['play']}, Empire {parts['empire']}, technologies "
                  f"{parts['technology']}, faction {parts['faction']})") if parts else " in play"
        lines.append(f"  {place}. {seat_name(view, seat)}: {_total(p)} VP{detail}; "
                     f"{count(p['credits'], 'credit')}, {count(len(p['empire']), 'Empire card')}"
                     f"{won}")
    return lines


_CATEGORIES = {
    "setup": ("faction",),
    "battle": ("attack_target", "defense_plan", "ship_order", "reveal_pick", "boost",
               "blockade_place", "rival"),
    "cards": ("buy_keep", "take_keep", "setup_keep", "take_deck", "discard", "after"),
    "scoring": ("revenue_next", "produce_section", "produce_planet", "mine_next"),
}


def category(kind: str) -> str:
    """A decision's log category, by its prompt kind."""
    for found, kinds in _CATEGORIES.items():
        if kind in kinds:
            return found
    return "economy"
