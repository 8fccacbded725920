"""Stakes in words (``WORDS``, a core.words.Words): every question, option and event a seat
may meet."""

from __future__ import annotations

from functools import partial
from typing import Any

from core.words import (
    SEAT_MARKS,
    Asked,
    CardText,
    Eventbook,
    OptionWords,
    Phrasebook,
    Voice,
    Words,
    called,
)

View = dict[str, Any]
WAITS = {"stake": "set the stake", "card": "choose a card"}  # while a seat decides


class Choice:
    __slots__ = ("args", "head")

    def __init__(self, text: str) -> None:
        head, colon, arg = text.partition(":")
        if head not in ("stake", "card") or not colon or not arg.isdigit():
            raise ValueError(f"{text!r} is no choice of Stakes")
        self.head, self.args = head, (arg,)


BOOK = Phrasebook(Choice, lambda view, seat: "")


@BOOK.asks("stake")
def _stake(asked: Asked) -> tuple[str, str]:
    return "Set this round's stake", "The highest card alone takes it."


@BOOK.asks("card")
def _card(asked: Asked) -> tuple[str, str]:
    return "Play a card", "Everyone plays at once; the cards are revealed together."


@BOOK.offers("stake")
def _stake_option(asked: Asked, choice: Choice) -> OptionWords:
    points = int(choice.args[0])
    return OptionWords(f"stake:{points}", f"{points} point{'s' * (points > 1)}",
                       f"The round is worth {points}.")


@BOOK.offers("card")
def _card_option(asked: Asked, choice: Choice) -> OptionWords:
    card = int(choice.args[0])
    return OptionWords(f"card:{card}", f"Card {card}", f"Play your {card}.", card,
                       ("card", str(card)))


def seat_name(view: View, seat: int) -> str:
    players = view["players"]
    if not 0 <= seat < len(players):
        return "nobody"
    return called(players[seat]["colour"], players[seat]["name"])


VOICE = Voice(seat_name)
says = VOICE.says
SENTENCES = {  # each event kind's words; every one files under cards
    "staked": lambda v, r: f"{says(v, r['seat'], 'stake')} {r['stake']}",
    "played": lambda v, r: f"{says(v, r['seat'], 'play')} "
                           + (f"the {r['card']}" if "card" in r else "a card face down"),
    "revealed": lambda v, r: "Cards revealed: " + ", ".join(
        f"{seat_name(v, s)} {c}" for s, c in enumerate(r["cards"])),
    "took": lambda v, r: f"{says(v, r['seat'], 'take')} {r['stake']}",
    "tied": lambda v, r: "The highest cards tie: nobody takes the stake",
    "dealt": lambda v, r: f"{says(v, r['seat'], 'draw')} "
                          + (f"the {r['cards'][0]}" if "cards" in r else "a card"),
    "game_over": lambda v, r: "The game is over: " + " and ".join(
        seat_name(v, s) for s in r["winners"]) + " won",
}
EVENTS = Eventbook()
for _kind, _sentence in SENTENCES.items():
    EVENTS.says(_kind, category="cards")(_sentence)


def card(kind: str, card_id: str) -> CardText:
    return CardText("card", card_id, f"Card {card_id}", (f"Worth {card_id} in a showdown.",))


def catalogue(kind: str | None = None) -> list[dict[str, Any]]:
    if kind not in (None, "card"):
        raise ValueError(f"unknown component kind {kind!r} (Stakes has: card)")
    return [{"kind": "card", "id": str(n), "name": f"Card {n}"} for n in range(1, 25)]


def catalogue_markdown() -> str:
    return "# Stakes cards\n\nTwenty-four cards, 1 to 24.\n"


def spot_name(view: View, spot: int) -> str:
    return f"card {spot}"


def legend(view: View) -> list[tuple[str, str]]:
    pairs = [(SEAT_MARKS[p["colour"]], str(p["name"])) for p in view["players"]]
    return [*pairs, ("Card 24", "a card: worth its number in a showdown")]


def heading(view: View) -> str:
    return f"Stakes, {len(view['players'])} players"


def score_lines(view: View) -> list[str]:
    return [f"{row['place']}. {seat_name(view, row['seat'])} {row['vp']}"
            for row in view["standings"]]


def show(view: View, prompt: dict[str, Any] | None, ascii: bool = False) -> str:
    lines = [heading(view), *score_lines(view)]
    if prompt is not None:
        lines.append(BOOK.question(view, prompt).text)
    return "\n".join(lines) + "\n"


WORDS = Words(
    book=BOOK, events=EVENTS, voice=VOICE, waiting=partial(VOICE.waiting, WAITS), card=card,
    catalogue=catalogue, catalogue_markdown=catalogue_markdown, spot_name=spot_name,
    show=show, legend=legend, heading=heading, score_lines=score_lines,
    paragraph_kinds=frozenset({"revealed"}), secret_choices=frozenset({"card"}),
    category=lambda kind: "cards")
