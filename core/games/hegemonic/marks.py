"""Which options of a prompt are final (core.machine.Machine.marks), task by task: what each
brings to light before the next decision, read from the state that built the prompt.

An option marked None leads to a decision with nothing shown on the way; one left out ends
the task's part, and what follows is found out by playing on (the window's choices too). A
prompt of one option is never asked (the machine answers it), so a decision "comes next"
only where the next prompt has two options or more.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.decisions import DONE, Prompt
from core.games.hegemonic import galaxy, technology
from core.games.hegemonic.rules import MACHINE, Ctx
from core.games.hegemonic.state import State, Task

Marks = Mapping[str, str | None]


def deck_draw(state: State) -> str:
    """What drawing from the deck shows first: the discard piles shuffled into a new deck
    when it is empty (technology.refill_deck), else the card drawn."""
    return "tech_drawn" if state.deck else "deck_reshuffled"


@MACHINE.marker("action_phase")
def _action_phase(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """The Action Cards, chosen in secret by all: the last to answer shows them all."""
    if t.data["stage"] != "cards":
        return {}
    why = "cards_revealed" if len(ctx.state.prompts) == 1 else None
    return dict.fromkeys(prompt.options, why)


def laying(prompt: Prompt, laid: str | None, known: bool) -> Marks:
    """A Pool tile taken in hand instead (``tile:``) asks again, with a hex and the tile
    given back still to choose from; a tile laid (``sector:``) leads to ``laid`` when that
    is ``known``."""
    return {choice: None if choice.startswith("tile:") else laid for choice in prompt.options
            if known or choice.startswith("tile:")}


@MACHINE.marker("expansion")
def _expansion(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """Once the tile is laid the player draws a Technology Card (not in the Learning
    Game): a decision when there are sources to choose from, the deck at once when it is
    the only one (the machine answers a lone option)."""
    state = ctx.state
    if "learning" in state.modules:
        return laying(prompt, None, False)
    sources = technology.sources(state, state.players[prompt.seat])
    if len(sources) >= 2:
        return laying(prompt, None, True)
    return laying(prompt, deck_draw(state), sources == ["deck"])


@MACHINE.marker("survey")
def _survey(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    return laying(prompt, None, False)


@MACHINE.marker("turn")
def _turn(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """The first question of each action (actions._start): SURVEY turns the top tile of
    the stack over first, when one is left; BASIC asks CAPs or a card (not in the
    Learning Game); BUILD asks what to build (it is offered only then); RESEARCH asks
    which cards to discard while the hand, the Inactive pile back in it, holds one."""
    state = ctx.state
    player = state.players[t.seat]
    found: dict[str, str | None] = {}
    if "action:survey" in prompt.options and state.draw:
        found["action:survey"] = "tile_flipped"
    if "action:basic" in prompt.options and "learning" not in state.modules:
        found["action:basic"] = None
    if "action:build" in prompt.options:
        found["action:build"] = None
    if "action:research" in prompt.options and (player.hand or player.inactive):
        found["action:research"] = None
    return found


@MACHINE.marker("basic")
def _basic(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """A card drawn: from the deck at once when that is the only source."""
    if "draw" not in prompt.options:
        return {}
    state = ctx.state
    sources = technology.sources(state, state.players[t.seat])
    if len(sources) >= 2:
        return {"draw": None}
    return {"draw": deck_draw(state)} if sources == ["deck"] else {}


@MACHINE.marker("draw")
def _draw(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """A card drawn from the deck shows it (or the new deck's shuffle) at once; one taken
    from a pile or the Advanced cards asks which card to discard or advance when the hand
    then holds two different ones."""
    state = ctx.state
    if not t.data["drawn"]:
        found: dict[str, str | None] = {}
        if "deck" in prompt.options:
            found["deck"] = deck_draw(state)
        if t.data["keep"]:  # then a card of the hand is discarded or advanced
            hand = state.players[t.seat].hand
            for choice in prompt.options:
                head, _, rest = choice.partition(":")
                card = state.piles[int(rest)][-1] if head == "pile" else rest
                if head != "deck" and len({*hand, card}) >= 2:
                    found[choice] = None
        return found
    return kept(ctx, prompt)


def kept(ctx: Ctx, prompt: Prompt) -> Marks:
    """The card discarded or advanced ends the draw; in the Expansion the next player's
    turn turns the top tile of the stack over first, when one is left."""
    state = ctx.state
    expansion = state.stack[-2]
    if (expansion.kind != "expansion" or not state.draw
            or expansion.data["i"] >= len(state.players)):
        return {}
    return dict.fromkeys(prompt.options, "tile_flipped")


def gift_asks(state: State, seat: int) -> bool:
    """Whether giving CAPs asks how many (two or more CAPs to give) once the receiver is
    known."""
    return state.players[seat].caps >= 2


def asked_again(ctx: Ctx, below: Task) -> bool:
    """Whether the task a gift interrupted asks its question again with two options or
    more, whatever CAPs are left (the window's choices aside): the secret Action Cards
    (every seat still to choose is asked again), a tie's order, a Pool tile to lay."""
    state = ctx.state
    if below.kind == "action_phase":
        return below.data["stage"] in ("cards", "ties")
    if below.kind in ("expansion", "survey") and state.pool:
        tile = below.data.get("tile", "")
        tile = tile if tile in state.pool else state.pool[-1]
        others = {c for c in state.pool if c != tile}
        return len(galaxy.empty_hexes(state)) + len(others) >= 2
    return False


@MACHINE.marker("gift")
def _gift(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """The receiver chosen, the amount is asked when there is a choice of it; the CAPs
    given, the question the gift interrupted is asked again."""
    state = ctx.state
    again = asked_again(ctx, state.stack[-2])
    if t.data["to"] >= 0:
        return dict.fromkeys(prompt.options) if again else {}
    return dict.fromkeys(prompt.options) if again or gift_asks(state, t.seat) else {}


def _window(ctx: Ctx, prompt: Prompt, choices: list[str]) -> Marks:
    """Giving CAPs asks to whom, or how many, when either is a choice; a technology
    scrapped, or CAPs given at once, the question is asked again (asked_again)."""
    state = ctx.state
    again = asked_again(ctx, state.stack[-1])
    found: dict[str, str | None] = {c: None for c in choices if c.startswith("scrap:") and again}
    if "gift" in choices and (again or len(state.players) >= 3
                              or gift_asks(state, prompt.seat)):
        found["gift"] = None
    return found


MACHINE.window_marks(_window)


@MACHINE.marker("research")
def _research(ctx: Ctx, t: Task, prompt: Prompt) -> Marks:
    """A card discarded asks for the next while the hand holds one; else the draws begin,
    and the card discarded is a pile to draw from beside the deck: a choice. Done begins
    the draws up to a full hand: from the deck at once when it is the only source."""
    state, content = ctx.state, ctx.content
    player = state.players[t.seat]
    found: dict[str, str | None] = {c: None for c in prompt.options if c != DONE}
    sources = technology.sources(state, player)
    if len(player.hand) < content.empire.hand and sources:
        if len(sources) >= 2:
            found[DONE] = None
        elif sources == ["deck"]:
            found[DONE] = deck_draw(state)
    return found
