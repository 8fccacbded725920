"""A turn (AA:411-445, AA:834-868): one action, the after-action window (ADDITIONALLY
cards, R25), the draw step (free discards, then the hand refilled to 3, R23), then the
next seat, until everyone has had as many turns after the end was triggered (R3). Alien
Artifacts of the turn are played at the decisions of one's own turn (R24): the machine's
window (core.machine), offered beside each of them (``ARTIFACT_WINDOWS``).

``turn`` task data: ``stage`` (``begin``, ``action``, ``after``, ``draw``, ``refill``,
``fill``); in ``fill``, ``blocked`` and ``bypassed``: a blocked card raising the hand
size, asked for its bypass before the refill (R5).
"""

from __future__ import annotations

from core.decisions import DONE, Prompt, arg
from core.games.artifacts import bypass
from core.games.artifacts.actions import offered, start
from core.games.artifacts.board import blocked_with, bypass_cost, find, hand_size
from core.games.artifacts.cards import draw_resources
from core.games.artifacts.content import Content
from core.games.artifacts.content.model import ACTIONS, Hand
from core.games.artifacts.effects import run_effect, usable
from core.games.artifacts.rules import MACHINE, Ctx, chooser, task
from core.games.artifacts.state import Player, State, Task

# R24 (AA:772-774): an Alien Artifact may be played at any point of its owner's turn. The
# window opens at every decision of that turn that begins a step and is asked again from
# the board once the artifact has acted: the action and after it, the draw step's
# discards (and a card's), an attack's target, between the ships of an Offensive, the
# technologies of Gain Revenue and the planets of Mining. Not inside a step already
# resolving (a payment, a bypass, a card entering the Empire, a Buy or a look at cards,
# a strike between its reveal and its result, a Blockade being placed), where an artifact
# acting could undo what the step has counted on; attack artifacts have their own window,
# the ``boost`` after each reveal.
ARTIFACT_WINDOWS = frozenset({"action", "after", "discard", "attack_target", "ship_order",
                              "revenue_next", "mine_next"})


def artifacts_now(ctx: Ctx, prompt: Prompt) -> list[str]:
    """The Alien Artifacts of the turn the prompt's seat may play at it (R24)."""
    state, content = ctx.state, ctx.content
    if state.phase != "play" or prompt.seat != state.turn or prompt.kind not in ARTIFACT_WINDOWS:
        return []
    player = state.players[prompt.seat]
    return [f"artifact:{a}" for a in dict.fromkeys(player.artifacts)
            if content.artifacts[a].ability.mode == "turn"
            and usable(content, state, player.seat, f"artifact:{a}")]


def play_artifact(ctx: Ctx, seat: int, choice: str) -> None:
    artifact = arg(choice)
    ctx.state.players[seat].artifacts.remove(artifact)
    ctx.state.artifact_pile.append(artifact)
    ctx.emit("artifact_played", seat, artifact=artifact)
    run_effect(ctx, seat, f"artifact:{artifact}")


MACHINE.window(artifacts_now, play_artifact)


def extras(content: Content, state: State, player: Player) -> list[str]:
    """What may come before or after the action: unused ADDITIONALLY technologies (R25),
    a blocked one for its bypass (R5)."""
    options = []
    for card in player.empire:
        if card.kind != "technology" or card.side != "logistics" or card.id in player.used:
            continue
        if content.technologies[card.id].logistics.mode == "additionally" and usable(
                content, state, player.seat, f"tech:{card.id}",
                player.credits - bypass_cost(content, card)):
            options.append(f"more:{card.id}")
    return options


def action_options(content: Content, state: State, player: Player) -> list[str]:
    options = [a for a in ACTIONS if offered(content, state, player, a)]
    faction = player.faction
    if usable(content, state, player.seat, f"faction:{faction}"):
        options.append("faction")
    for card in player.empire:
        if (card.kind == "technology" and card.side == "logistics"
                and content.technologies[card.id].logistics.mode == "action"
                and usable(content, state, player.seat, f"tech:{card.id}",
                           player.credits - bypass_cost(content, card))):
            options.append(f"card:{card.id}")
    return options + extras(content, state, player)


@task("turn")
def turn_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    state, content = ctx.state, ctx.content
    player = state.players[t.seat]
    stage = t.data.setdefault("stage", "begin")
    if stage == "begin":
        state.turn, state.turns = t.seat, state.turns + 1
        player.used, player.attacked = [], []
        ctx.emit("turn", t.seat, turns=state.turns)
        t.data["stage"] = "action"
        return None
    if stage == "action":
        return [Prompt(t.seat, "action", action_options(content, state, player))]
    if stage == "after":
        return [Prompt(t.seat, "after", [*extras(content, state, player), DONE])]
    if stage == "draw":
        t.data["stage"] = "refill"
        ctx.push("discard", t.seat, left=len(player.hand), optional=True)
        return None
    if stage == "refill":  # a blocked card raising the hand: its bypass (R5)
        blocked = blocked_with(content, player, Hand)
        if len(player.hand) >= hand_size(content, player, blocked):
            blocked = []
        t.data.update(stage="fill", blocked=blocked, bypassed=[])
    asked = bypass.ask(ctx, t.seat, "hand", t.data["blocked"], t.data["bypassed"])
    if asked:
        return asked
    missing = hand_size(content, player, t.data["bypassed"]) - len(player.hand)
    if missing > 0:
        draw_resources(ctx, t.seat, missing)
    ctx.finish(t)
    _next_turn(ctx)
    return None


@chooser("turn")
def turn_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state = ctx.state
    player = state.players[seat]
    head = choice.split(":", 1)[0]
    if head == "more":
        player.used.append(arg(choice))
        _use_tech(ctx, player, arg(choice))
        return
    if t.data["stage"] == "fill":
        bypass.answer(ctx, seat, t.data["blocked"], t.data["bypassed"], choice)
        return
    if t.data["stage"] == "after":
        t.data["stage"] = "draw"
        return
    t.data["stage"] = "after"
    ctx.emit("action", seat, action=choice)
    if choice == "faction":
        run_effect(ctx, seat, f"faction:{player.faction}")
    elif head == "card":
        _use_tech(ctx, player, arg(choice))
    else:
        start(ctx, seat, choice)


def _use_tech(ctx: Ctx, player: Player, tech: str) -> None:
    if find(player, tech).tokens:
        bypass.pay(ctx, player.seat, tech)
    run_effect(ctx, player.seat, f"tech:{tech}")


def _next_turn(ctx: Ctx) -> None:
    state = ctx.state
    following = (state.turn + 1) % len(state.players)
    if state.ending and following == state.first:
        state.turn = -1
        ctx.push("final")
        return
    ctx.push("turn", following)
