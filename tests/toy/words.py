"""Stakes in words (core.words.Words): every question, option and event a seat may meet."""

from __future__ import annotations

from typing import Any

from core.words import (
    SEAT_MARKS,
    UNKNOWN_EVENT,
    Asked,
    CardText,
    Line,
    OptionWords,
    Phrasebook,
    QuestionWords,
)

View = dict[str, Any]
PARAGRAPH_KINDS = frozenset({"revealed"})
WAITS = {"stake": "set the stake", "card": "choose a card"}


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


def question(view: View, prompt: dict[str, Any]) -> QuestionWords:
    return BOOK.question(view, prompt)


def seat_name(view: View, seat: int) -> str:
    players = view["players"]
    return str(players[seat]["name"]) if 0 <= seat < len(players) else "nobody"


def _who(view: View, seat: int) -> str:
    return "You" if seat == view["seat"] else seat_name(view, seat)


def waiting(view: View, seat: int, kind: str) -> str:
    return f"{seat_name(view, seat)} is to {WAITS.get(kind, 'decide')}"


def event(view: View, record: dict[str, Any]) -> Line:
    kind, seat = record["kind"], int(record["seat"])
    if kind == "staked":
        text = f"{_who(view, seat)} stake {record['stake']}"
    elif kind == "played":
        text = f"{_who(view, seat)} play " + (f"the {record['card']}" if "card" in record
                                               else "a card face down")
    elif kind == "revealed":
        text = "Cards revealed: " + ", ".join(
            f"{seat_name(view, s)} {c}" for s, c in enumerate(record["cards"]))
    elif kind == "took":
        text = f"{_who(view, seat)} take {record['stake']}"
    elif kind == "tied":
        text = "The highest cards tie: nobody takes the stake"
    elif kind == "dealt":
        text = f"{_who(view, seat)} draw " + (f"the {record['cards'][0]}" if "cards" in record
                                               else "a card")
    elif kind == "game_over":
        text = "The game is over: " + " and ".join(seat_name(view, s) for s in
                                                   record["winners"]) + " won"
    else:
        text = UNKNOWN_EVENT
    mine = seat == view["seat"]
    return Line(text + ".", "cards", (seat,) if seat >= 0 else (), mine)


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


def decision_line(view: View, prompt: dict[str, Any], choice: str) -> Line:
    seat = int(prompt["seat"])
    if seat != view["seat"] and prompt["kind"] == "card":
        return Line(f"{seat_name(view, seat)} chooses a card.", "cards", (seat,))
    asked = Asked(view, str(prompt["kind"]), seat, prompt.get("context") or {})
    return Line(f"{_who(view, seat)}: {BOOK.option(asked, choice).label}.", "cards", (seat,),
                seat == view["seat"])


def score_lines(view: View) -> list[str]:
    return [f"{row['place']}. {seat_name(view, row['seat'])} {row['vp']}"
            for row in view["standings"]]


def show(view: View, prompt: dict[str, Any] | None, ascii: bool = False) -> str:
    lines = [heading(view), *score_lines(view)]
    if prompt is not None:
        lines.append(question(view, prompt).text)
    return "\n".join(lines) + "\n"
