"""The rulebook's twelve worked examples, each with its exact numbers (docs/hegemonic.md,
"Worked examples"). Positions are laid out on the 4-player suggested galaxy."""

from __future__ import annotations

from core.games.hegemonic import empire, scoring, targeting, technology
from core.games.hegemonic.power import total
from tests.hegemonic.hegemonic_fixtures import (
    CONTENT,
    advance,
    answer,
    at,
    base,
    blank,
    gate,
    home,
    loc,
    of_kind,
    problems,
    prompt,
    run,
    tile,
    unit,
)

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3


def test_player_board_example() -> None:
    """H:310-326: 3 Complexes (tier 1), 4 Embassies (tier 2), 8 Outposts (tier 2) built:
    next costs 2, 5 and 5, retention 4, income 4 + 5 + 7 = 16."""
    game = blank()
    player = game.state.players[RED]
    player.built = [3, 4, 8]
    assert [empire.next_cost(CONTENT, player, k) for k in ("industrial", "political",
                                                           "martial")] == [2, 5, 5]
    assert [empire.tier(CONTENT, player, k) for k in ("industrial", "political",
                                                      "martial")] == [1, 2, 2]
    assert empire.retention(CONTENT, player) == 4
    assert [empire.income(CONTENT, player, k) for k in ("industrial", "political",
                                                        "martial")] == [4, 5, 7]
    assert empire.total_income(CONTENT, player) == 16


def test_technology_advancement_example() -> None:
    """H:562-567: Emergent Economics (Industrial tier 3) may be advanced at Industrial tier
    1 by a player who has advanced Nano-Fabricants (Industrial tier 2)."""
    game = blank()
    player = game.state.players[RED]
    player.built = [3, 1, 1]
    player.caps = 10
    player.hand = ["emergent_economics_1"]
    game.state.deck.remove("emergent_economics_1")
    assert technology.advance_options(CONTENT, player, player.hand) == []
    advance(game, RED, "nano_fabricants")
    assert technology.advance_options(CONTENT, player, player.hand) == [
        "advance:emergent_economics_1"]


def test_action_phase_example() -> None:
    """H:584-604: Red (the Arbiter) Industrialize [2], Orange Assault [1], Yellow Politicize
    [2], Green Industrialize [2], Blue Discover [4]: Orange first; Red picks themself
    among the three [2]s, then Yellow and Green clockwise; Blue last."""
    game = blank(players=5)
    red, orange, yellow, green, blue = range(5)
    run(game, "action_phase", -1, stage="cards")
    cards = {red: "industrialize", orange: "assault", yellow: "politicize",
             green: "industrialize", blue: "discover"}
    for seat, card in cards.items():
        game.apply(seat, f"card:{card}")
    assert prompt(game).kind == "tie_order" and prompt(game).seat == red
    answer(game, f"first:{red}")
    assert game.state.order == [orange, red, yellow, green, blue]
    assert game.state.turn == orange


def test_industrialize_build_example() -> None:
    """H:1084-1093: from a Complex at A, one BUILD puts a Complex in the adjacent B, a gate
    pair from B to C, then a Complex at C through the gate and another at D beyond it."""
    game = blank()
    a, b, c, d = at(game, -1, 0), at(game, -1, 1), at(game, -3, 1), at(game, -3, 2)
    for sector, name in ((a, "cinder_belt"), (b, "foundry_drift"), (c, "anvil_reach"),
                         (d, "ore_veil")):
        tile(game, name, sector)
    base(game, YELLOW, a, "industrial")
    game.state.players[YELLOW].caps = 7  # Complexes at 1, 1 and 2 CAPs, the pair at 3
    run(game, "build", YELLOW, builds=["complex", "gate"], count=0)
    assert f"build:{loc(game, c, 'industrial')}" not in prompt(game).options
    answer(game, f"build:{loc(game, b, 'industrial')}", "gate", f"sector:{b}", f"sector:{c}",
           f"build:{loc(game, c, 'industrial')}", f"build:{loc(game, d, 'industrial')}")
    player = game.state.players[YELLOW]
    assert player.gates[0] == [b, c]
    assert player.caps == 0 and player.built[0] == 4
    assert game.pending() == [] and problems(game) == []


def test_politicize_move_and_build_example() -> None:
    """H:1169-1179: Blue's Agent crosses one board border to B for 2 CAPs (Infiltrate);
    then one BUILD puts Embassies at B, C and D and an Agent at D."""
    game = blank()
    a, b, c, d = at(game, -3, 0), at(game, -2, -1), at(game, -1, -2), at(game, 0, -3)
    for sector, name in ((a, "ochre_vale"), (b, "violet_maw"), (c, "verdant_array"),
                         (d, "lilac_swarm")):
        tile(game, name, sector)
    base(game, BLUE, a, "political")
    unit(game, BLUE, "agent", a)
    player = game.state.players[BLUE]
    player.caps = 15  # the move 2, Embassies 3, 4 and 4, the Agent 2
    run(game, "attack", BLUE, patterns=["infiltrate"], pattern="", piece="", moved=False)
    assert dict(prompt(game).context["costs"])[str(b)] == 2
    events = answer(game, f"sector:{b}")
    assert of_kind(events, "unit_moved")[0].data["cost"] == 2
    assert player.agents[0] == b and player.caps == 13
    run(game, "build", BLUE, builds=["embassy", "agent"], count=0)
    answer(game, f"build:{loc(game, b, 'political')}", f"build:{loc(game, c, 'political')}",
           f"build:{loc(game, d, 'political')}", f"agent:{d}")
    assert player.caps == 0 and player.built[1] == 4 and player.agents[:2] == [b, d]
    assert problems(game) == []


def test_targeting_example() -> None:
    """H:1225-1227: against an Embassy, an Agent and a Fleet in one sector, an attack may
    target the Fleet alone, or the Embassy and the Agent together, never one of them."""
    game = blank()
    s = at(game, 1, -1)
    tile(game, "saffron_gate", s)
    embassy = base(game, BLUE, s, "political")
    agent = unit(game, BLUE, "agent", s)
    fleet = unit(game, BLUE, "fleet", s)
    political = targeting.target_in(game.state, s, BLUE, "political")
    martial = targeting.target_in(game.state, s, BLUE, "martial")
    assert political is not None and martial is not None
    assert (political.locations, political.units) == ([embassy], [agent])
    assert (martial.locations, martial.units) == ([], [fleet])


def _conflict_events(game: object, events: list) -> tuple[int, int, str]:
    """The final powers and the result of the conflict among ``events``."""
    resolved = of_kind(events, "conflict_resolved")[0].data
    return resolved["attack"], resolved["defence"], resolved["result"]


def test_industrial_versus_political_example() -> None:
    """H:1346-1359: Yellow's 3 Complexes at B take over Blue's Embassy at A through a gate:
    7 (3 + 4 Complexes next to B, at A, C and D) against 5 (the Green Embassies at A and
    E, 4, and the Agent at A; Blue's Home Embassy at F gives nothing)."""
    game = blank()
    a, b, c, d, e, f = (at(game, 2, -2), at(game, 0, 1), at(game, -1, 1), at(game, 0, 2),
                        at(game, -2, 0), at(game, 0, -3))
    for sector, name in ((a, "viridian_node"), (b, "crucible_cluster"), (c, "foundry_drift"),
                         (d, "cinder_belt"), (e, "verdant_array")):
        tile(game, name, sector)
    home(game, BLUE, f)
    embassy = base(game, BLUE, a, "political")
    base(game, BLUE, e, "political")
    unit(game, BLUE, "agent", a)
    base(game, YELLOW, a, "industrial")
    for n in range(3):
        base(game, YELLOW, b, "industrial", n)
    for n in range(2):
        base(game, YELLOW, c, "industrial", n)
    base(game, YELLOW, d, "industrial")
    gate(game, YELLOW, a, b)
    game.state.players[YELLOW].caps = 4  # TAKEOVER: 2 CAPs per point of the Embassy's 2
    run(game, "attack", YELLOW, patterns=["acquire"], pattern="", piece="", moved=False)
    events = answer(game, f"group:{b}", f"target:{a}:{BLUE}")  # the one target, confirmed
    assert _conflict_events(game, events) == (7, 5, "attacker")
    assert game.state.locations[embassy].owner == YELLOW
    assert game.state.players[BLUE].agents[0] == -1
    assert problems(game) == []


def test_political_versus_martial_example() -> None:
    """H:1392-1404: Blue's Agent moves to A and attacks Red's Outposts there: 8 (1 and 7
    from the Orange faction) against 8 (the 3-stack, the 2- and 1-stacks in range, a Fleet
    at tier 2; Red's other Fleet and Home Outpost give nothing): a draw."""
    game = blank()
    a, two, one, start = at(game, 1, -1), at(game, 1, 0), at(game, 1, -2), at(game, 0, -1)
    red_home = at(game, -2, 3)
    for sector, name in ((a, "bastion_rift"), (two, "citadel_verge"), (one, "watchfire"),
                         (start, "hollow"), (at(game, 3, 0), "sunset_coil"),
                         (at(game, 2, 1), "ochre_vale"), (at(game, 1, 2), "saffron_gate")):
        tile(game, name, sector)
    home(game, RED, red_home)
    stack = base(game, RED, a, "martial", height=3)
    base(game, RED, two, "martial", height=2)
    base(game, RED, one, "martial")
    unit(game, RED, "fleet", a)
    unit(game, RED, "fleet", red_home)
    for q, r in ((3, 0), (2, 1), (1, 2)):
        base(game, BLUE, at(game, q, r), "political")
    unit(game, BLUE, "agent", start)
    game.state.players[BLUE].caps = 3  # DESTROY: 1 CAP per point of the 3-stack
    run(game, "attack", BLUE, patterns=["embargo", "sabotage", "raze"], pattern="", piece="",
        moved=False)
    events = answer(game, f"sector:{a}", f"target:{a}:{RED}", "faction:orange")
    assert _conflict_events(game, events) == (8, 8, "draw")
    red, blue = game.state.players[RED], game.state.players[BLUE]
    assert game.state.locations[stack].height == 3  # a draw destroys no Base
    assert blue.agents[0] == -1 and red.fleets == [-1, red_home, -1]
    assert problems(game) == []


def test_martial_versus_industrial_example() -> None:
    """H:1485-1498: Red's Fleet (tier 2) moves to A and attacks Yellow's 2 Complexes there,
    drawing on the 3-stack at B: 7 (3 + 2 + 1 + 1) and the Fleet at B, 9: 11 in all,
    against 8 (2 + 6 Complexes in range at C, D and E)."""
    game = blank()
    a, b = at(game, 0, 1), at(game, -2, 2)
    for sector, name in ((a, "foundry_drift"), (at(game, -1, 1), "crucible_cluster"),
                         (at(game, 0, 2), "anvil_reach"), (at(game, 1, 0), "cinder_belt"),
                         (b, "bastion_rift"), (at(game, -3, 3), "citadel_verge"),
                         (at(game, -3, 2), "watchfire"), (at(game, -2, 1), "spear_point")):
        tile(game, name, sector)
    complexes = [base(game, YELLOW, a, "industrial", n) for n in range(2)]
    for (q, r), count in (((-1, 1), 3), ((0, 2), 2), ((1, 0), 1)):
        for n in range(count):
            base(game, YELLOW, at(game, q, r), "industrial", n)
    outpost = base(game, RED, b, "martial", height=3)
    base(game, RED, at(game, -3, 3), "martial", height=2)
    base(game, RED, at(game, -3, 2), "martial")
    base(game, RED, at(game, -2, 1), "martial")
    unit(game, RED, "fleet", b)
    unit(game, RED, "fleet", b)
    game.state.players[RED].caps = 3  # the move 1, DESTROY 1 CAP a Complex
    run(game, "attack", RED, patterns=["embargo", "sabotage", "raze"], pattern="", piece="",
        moved=False)
    events = answer(game, "fleet:1", f"sector:{a}", f"target:{a}:{YELLOW}", f"outpost:{outpost}")
    assert _conflict_events(game, events) == (11, 8, "attacker")
    assert all(game.state.locations[i].owner == -1 for i in complexes)
    assert game.state.players[YELLOW].built[0] == 6
    assert problems(game) == []


def test_scoring_example() -> None:
    """H:1511-1525: board A, Red 5, Blue 4, Yellow 2: 6, 3, 1; board B, Yellow alone with 8:
    6 + 2; board C, Red 7, Blue 4: 6 and 3. Red 12, Blue 6, Yellow 9 in all."""
    boards = {"A": [5, 4, 2, 0], "B": [0, 0, 8, 0], "C": [7, 4, 0, 0]}
    vps = {k: scoring.score_board(CONTENT, powers, core=False) for k, powers in boards.items()}
    assert vps == {"A": [6, 3, 1, 0], "B": [0, 0, 8, 0], "C": [6, 3, 0, 0]}
    assert [sum(v[s] for v in vps.values()) for s in range(4)] == [12, 6, 9, 0]


def test_martial_versus_political_example() -> None:
    """H:1565-1581: Red's Fleet at A attacks Blue's lone Agent: 8 (tier 2, and the 2-stack
    at B with the 3-stack at C and the 1-stack at D; the Fleet at C gives nothing) against
    6 (1 and 5 from the Orange faction), 8 with Yellow's support from two Orange sectors."""
    game = blank()
    a, b, c, d = at(game, -1, 0), at(game, -2, 0), at(game, -3, 1), at(game, -3, 0)
    for sector, name in ((a, "hollow"), (b, "spear_point"), (c, "bastion_rift"),
                         (d, "watchfire"), (at(game, 3, 0), "sunset_coil"),
                         (at(game, 2, 1), "ochre_vale"), (at(game, 1, 2), "saffron_gate"),
                         (at(game, 3, -1), "amber_spiral")):
        tile(game, name, sector)
    backing = base(game, RED, b, "martial", height=2)
    base(game, RED, c, "martial", height=3)
    base(game, RED, d, "martial")
    unit(game, RED, "fleet", a)
    unit(game, RED, "fleet", c)
    unit(game, BLUE, "agent", a)
    base(game, BLUE, at(game, 3, 0), "political")
    base(game, BLUE, at(game, 2, 1), "political")
    base(game, YELLOW, at(game, 1, 2), "political")
    base(game, YELLOW, at(game, 3, -1), "political")
    game.state.players[RED].caps = 1  # enough for a move, which Red does not make
    run(game, "attack", RED, patterns=["acquire", "annex", "invade"], pattern="", piece="",
        moved=False)
    events = answer(game, "fleet:0", "stay", f"target:{a}:{BLUE}", f"outpost:{backing}",
                    "faction:orange")
    support = prompt(game)
    assert (support.seat, support.options) == (YELLOW, ["support:defender", "none"])
    assert support.context["offers"] == {"defender": 2}
    events += game.apply(YELLOW, "support:defender")
    assert _conflict_events(game, events) == (8, 8, "draw")
    power = of_kind(events, "conflict_power")[0].data
    assert total(power["defence"]) == 6
    assert game.state.players[RED].fleets == [-1, c, -1]
    assert game.state.players[BLUE].agents[0] == -1
    assert problems(game) == []


def test_martialize_move_and_build_example() -> None:
    """H:1252-1263: Red's Fleet leaves the Home (A) for B, a 3-Outpost Location, for 1 CAP
    (Strike); one BUILD then stacks 3 Outposts at B, 2 at C (in range 2 of the 3-stack)
    and 1 at D (in range 1 of the new 2-stack)."""
    game = blank()
    a, b, c, d = at(game, -2, 3), at(game, -1, 2), at(game, 1, 1), at(game, 2, 1)
    home(game, RED, a)
    for sector, name in ((b, "bastion_rift"), (c, "citadel_verge"), (d, "watchfire")):
        tile(game, name, sector)
    unit(game, RED, "fleet", a)
    player = game.state.players[RED]
    player.caps = 16  # the move 1; Outposts at 1, 2, 2, 3, 3 and 4
    run(game, "attack", RED, patterns=["strike"], pattern="", piece="", moved=False)
    answer(game, f"sector:{b}")
    assert player.fleets[0] == b and player.caps == 15
    run(game, "build", RED, builds=["outpost", "fleet"], count=0)
    stack_b, stack_c = loc(game, b, "martial"), loc(game, c, "martial")
    assert f"build:{stack_c}" not in prompt(game).options
    answer(game, *[f"build:{stack_b}"] * 3, *[f"build:{stack_c}"] * 2,
           f"build:{loc(game, d, 'martial')}")
    heights = [game.state.locations[loc(game, s, "martial")].height for s in (b, c, d)]
    assert heights == [3, 2, 1] and player.caps == 0 and player.built[2] == 7
    assert problems(game) == []
