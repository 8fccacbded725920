"""Resolving an Action Card (the rulebook's Playing Action Cards): up to two actions of the
card, in any order, the same one twice if wished, each finished before the next.

What the rulebook lets a player do "at any time" is a window (core.machine, registered
here; docs/hegemonic.md, "Decision windows"): giving CAPs to another player (not in the
Learning Game) and discarding an Advanced Technology, beside every decision that begins a
step of the game, whoever's turn it is; a turn Leader beside those outside a conflict.

The BASIC action (every card but Discover): 2 CAPs, or a Technology Card drawn, then one
card of the hand discarded or advanced. CAPITALIZE, SURVEY and RESEARCH are Discover's
(``discover.py``); BUILD is ``build.py``; TAKEOVER and DESTROY are ``attack.py``.
"""

from __future__ import annotations

from collections.abc import Callable

from core.decisions import DONE, Prompt, arg, int_arg
from core.games.hegemonic import attack, build, empire, galaxy, leaders, technology
from core.games.hegemonic.content import ActionCard, Content
from core.games.hegemonic.rules import MACHINE, Ctx, chooser, task
from core.games.hegemonic.state import State, Task

MAX_ACTIONS = 2

Available = Callable[[State, Content, int, ActionCard], bool]


def _conflict(conflict: str) -> Available:
    def available(state: State, content: Content, seat: int, card: ActionCard) -> bool:
        names = [p for p in card.patterns if content.patterns[p].conflict == conflict]
        return bool(attack.patterns_open(state, content, seat, names))

    return available


AVAILABLE: dict[str, Available] = {
    "build": lambda state, content, seat, card: build.can_build(state, content, seat,
                                                               card.builds),
    "takeover": _conflict("takeover"),
    "destroy": _conflict("destroy"),
    "basic": lambda state, content, seat, card: True,
    "capitalize": lambda state, content, seat, card: True,
    "survey": lambda state, content, seat, card: bool(
        (state.draw or state.pool) and galaxy.empty_hexes(state)),
    "research": lambda state, content, seat, card: "learning" not in state.modules,
}


# The decisions beside which the window opens, for the seat asked: its turn's actions, the
# secret choice of an Action Card (every seat, every phase), a Pool tile laid, the
# support a bystander is asked for in another player's conflict, a conflict's card (the
# sides may pay their supporters there), the Arbiter's ties, every seat's last word before
# Arbitration. Not inside a step already resolving (a BUILD's pieces, a move, a conflict's
# outcome), where CAPs given or a technology dropped could undo what the step has counted
# on. A Leader's turn ability (a turn Leader's, or a conflict Leader's second one) is
# offered at each of them but a conflict's (a Base built or a unit moved there would change
# the powers already counted); another player's declared conflict may be interrupted by
# one too (``attack.py``).
WINDOWS = frozenset({"action", "action_card", "tile_hex", "support", "conflict_card",
                     "tie_order", "arbiter_tie", "before_arbitration"})
IN_CONFLICT = frozenset({"support", "conflict_card"})


def standing(ctx: Ctx, prompt: Prompt) -> list[str]:
    """What the prompt's seat may also do there: give CAPs (H:464-466), discard an
    Advanced Technology (H:546), use a turn Leader (H:1611-1612) outside a conflict."""
    state = ctx.state
    if prompt.kind not in WINDOWS:
        return []
    player = state.players[prompt.seat]
    found = []
    if player.caps > 0 and "learning" not in state.modules:
        found.append("gift")
    found += [f"scrap:{c}" for c in player.advanced]
    if prompt.kind not in IN_CONFLICT:
        found += leaders.turn_options(state, ctx.content, prompt.seat)
    return found


def take_standing(ctx: Ctx, seat: int, choice: str) -> None:
    head = choice.partition(":")[0]
    if head == "gift":
        ctx.push("gift", seat, to=-1)
    elif head == "scrap":
        ctx.state.players[seat].advanced.remove(arg(choice))
        technology.discard(ctx, seat, arg(choice), "scrapped")
    else:
        leaders.use_in_turn(ctx, seat, int_arg(choice))


def window_form(choice: str) -> bool:
    """Whether a choice has the form of one of ``standing``'s: the machine asks ``standing``
    again only then, not at every answer to a task's own options."""
    return choice == "gift" or choice.startswith(("scrap:", "leader:"))


MACHINE.window(standing, take_standing, window_form)


@task("turn")
def turn_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``taken``: actions taken so far."""
    state, content = ctx.state, ctx.content
    seat = t.seat
    if t.data["taken"] >= MAX_ACTIONS:
        ctx.finish(t)
        return None
    card = content.action_cards[state.players[seat].card]
    open_now = [a for a in card.actions if AVAILABLE[a](state, content, seat, card)]
    options = [f"action:{a}" for a in open_now]
    options.append(DONE)
    # The card's actions not open now, so that the words can say why they are missing.
    closed = [a for a in card.actions if a not in open_now]
    return [Prompt(seat, "action", options,
                   {"card": card.id, "taken": t.data["taken"], "closed": closed})]


@chooser("turn")
def turn_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == DONE:
        ctx.finish(t)
    else:
        t.data["taken"] += 1
        _start(ctx, seat, arg(choice), ctx.content.action_cards[ctx.state.players[seat].card])


def _start(ctx: Ctx, seat: int, action: str, card: ActionCard) -> None:
    state, content = ctx.state, ctx.content
    ctx.emit("action", seat, action=action, card=card.id)
    if action == "build":
        ctx.push("build", seat, builds=list(card.builds), count=0)
    elif action in ("takeover", "destroy"):
        patterns = [p for p in card.patterns if content.patterns[p].conflict == action]
        ctx.push("attack", seat, patterns=patterns, pattern="", piece="", moved=False)
    elif action == "basic":
        ctx.push("basic", seat)
    elif action == "capitalize":
        gain = empire.lowest_income(content, state.players[seat])
        state.players[seat].caps += gain
        ctx.emit("capitalized", seat, caps=gain)
    elif action == "survey":
        ctx.push("survey", seat, step="flip")
    else:
        ctx.push("research", seat, stage="return")


# --- BASIC ---------------------------------------------------------------------------------


@task("basic")
def basic_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    options = ["caps"]
    if "learning" not in ctx.state.modules:
        options.append("draw")
    return [Prompt(t.seat, "basic", options)]


@chooser("basic")
def basic_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    ctx.finish(t)
    if choice == "caps":
        gain = ctx.content.empire.basic_caps
        ctx.state.players[seat].caps += gain
        ctx.emit("basic_caps", seat, caps=gain)
    else:
        ctx.push("draw", seat, keep=True, drawn=False)


# --- giving CAPs ---------------------------------------------------------------------------


# Both questions of a gift offer NOBODY, a way back for the player who opened the window by
# mistake: nothing is given, and the decision the window stood beside is asked again. A
# network game has no undo, so without it a stray key would cost at least a CAP.
NOBODY = "none"


@task("gift")
def gift_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    """``to``: the player receiving, once chosen."""
    state = ctx.state
    if t.data["to"] < 0:
        return [Prompt(t.seat, "gift_to", [*(f"seat:{p.seat}" for p in state.players
                                             if p.seat != t.seat), NOBODY])]
    caps = state.players[t.seat].caps
    return [Prompt(t.seat, "gift_amount", [*(f"caps:{n}" for n in range(1, caps + 1)), NOBODY],
                   {"to": t.data["to"]})]


@chooser("gift")
def gift_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == NOBODY:
        ctx.finish(t)
        return
    if t.data["to"] < 0:
        t.data["to"] = int_arg(choice)
        return
    amount = int_arg(choice)
    state = ctx.state
    state.players[seat].caps -= amount
    state.players[t.data["to"]].caps += amount
    ctx.emit("gift", seat, to=t.data["to"], caps=amount)
    ctx.finish(t)

