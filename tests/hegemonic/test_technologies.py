"""The 24 technologies' effects (the rulebook's TECHNOLOGY REFERENCE), one test each."""

from __future__ import annotations

from typing import Any

from core.games.hegemonic import build, empire, movement, power, targeting
from core.games.hegemonic.geometry import geometry
from tests.hegemonic.hegemonic_fixtures import (
    CONTENT,
    advance,
    answer,
    at,
    base,
    blank,
    gate,
    give,
    home,
    loc,
    of_kind,
    prompt,
    run,
    tile,
    unit,
)
from tests.hegemonic.test_rules_conflict import agents_against_embassies, attack, declare

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3


def resolved(game: Any) -> dict[str, Any]:
    data: dict[str, Any] = of_kind(game.history, "conflict_resolved")[-1].data
    return data


def complexes_lose_with_a_gate(far: tuple[int, int]) -> tuple[Any, int, int, int]:
    """Red's Complex at B attacks Blue's two at A and loses; Red's gate pair A-far."""
    game = blank()
    a, b, f = at(game, 0, 1), at(game, 0, 2), at(game, *far)
    tile(game, "foundry_drift", a)
    tile(game, "cinder_belt", b)
    tile(game, "ore_veil", f)
    for n in range(2):
        base(game, BLUE, a, "industrial", n)
    base(game, RED, b, "industrial")
    gate(game, RED, a, f)
    game.state.players[RED].caps = 5
    return game, a, b, f


def test_predictive_algorithms() -> None:
    game, a, b, f = complexes_lose_with_a_gate((-2, 2))
    advance(game, RED, "predictive_algorithms")
    attack(game, RED, "consolidate")
    answer(game, f"target:{a}:{BLUE}", "destroy")
    assert (prompt(game).seat, prompt(game).options) == (RED, [f"sector:{b}", "none"])
    answer(game, f"sector:{b}")
    player = game.state.players[RED]
    assert player.gates[0] == [b, f] and player.caps == 5 - 4 - 1


def test_mass_translation_relay() -> None:
    game = blank()
    a = at(game, -1, 1)
    tile(game, "cinder_belt", a)
    base(game, RED, a, "industrial")
    tile(game, "slag_expanse", at(game, 2, 0))
    assert build.gate_fars(game.state, CONTENT, RED, a) == []
    advance(game, RED, "mass_translation_relay")
    assert build.gate_fars(game.state, CONTENT, RED, a) == [at(game, 2, 0)]


def test_dyson_sphere_assembly() -> None:
    game = blank()
    a = at(game, 0, 1)
    tile(game, "cinder_belt", a)
    tile(game, "ore_veil", at(game, 3, -3))
    base(game, RED, a, "industrial")
    gate(game, RED, a, at(game, 3, -3))
    parts = power.complexes(game.state, RED, a, geometry(game.state), CONTENT)
    advance(game, RED, "dyson_sphere_assembly")
    more = power.complexes(game.state, RED, a, geometry(game.state), CONTENT)
    assert power.total(more) == power.total(parts) + 1 and ["gates", 1] in more


def test_nano_fabricants() -> None:
    game = blank()
    a, b = at(game, 0, 1), at(game, 0, 2)
    tile(game, "cinder_belt", a)
    tile(game, "foundry_drift", b)
    base(game, RED, a, "industrial")
    base(game, BLUE, b, "industrial")
    site = loc(game, b, "industrial", 1)
    geo = geometry(game.state)
    assert build.base_cost(game.state, CONTENT, RED, site, geo) == 1
    advance(game, RED, "nano_fabricants")
    assert build.base_cost(game.state, CONTENT, RED, site, geo) == 0


def test_efficiency_paradigm() -> None:
    game = blank()
    s = at(game, 0, 1)
    tile(game, "bastion_rift", s)
    base(game, BLUE, s, "martial", height=3)
    target = targeting.target_in(game.state, s, BLUE, "martial")
    assert target is not None
    advance(game, RED, "efficiency_paradigm")
    assert targeting.cost(game.state, CONTENT, RED, "takeover", target) == 5


def fleet_draw(*red_techs: str, blue_techs: tuple[str, ...] = ()) -> Any:
    """Red's Fleet (tier 1) against Blue's lone Fleet (tier 1): 1 against 1."""
    game = blank()
    a = at(game, 0, 1)
    tile(game, "hollow", a)
    unit(game, RED, "fleet", a)
    unit(game, BLUE, "fleet", a)
    for tech in red_techs:
        advance(game, RED, tech)
    for tech in blue_techs:
        advance(game, BLUE, tech, 2)
    attack(game, RED, "strike")
    answer(game, f"target:{a}:{BLUE}")
    return game


def test_polymorphic_matter() -> None:
    assert resolved(fleet_draw())["result"] == "draw"
    assert resolved(fleet_draw(blue_techs=("polymorphic_matter",)))["result"] == "defender"
    both = fleet_draw("polymorphic_matter", blue_techs=("polymorphic_matter",))
    assert resolved(both)["result"] == "attacker"


def test_emergent_economics() -> None:
    game = blank()
    home(game, RED, at(game, -2, 3))
    game.state.players[RED].caps = 20
    advance(game, RED, "emergent_economics")
    limit = empire.retention(CONTENT, game.state.players[RED])
    shown = game.view(RED)["players"][RED]
    assert (shown["retention"], shown["keeps"]) == (limit, limit + 6)  # what the player sees
    run(game, "arbitration", -1, stage="retention")
    assert game.state.players[RED].caps == limit + 6


def test_quantum_tunnel_lattice() -> None:
    game = blank()
    a = at(game, 0, 1)
    tile(game, "rust_garden", a)
    unit(game, RED, "agent", a)
    game.state.players[RED].caps = 5
    assert build.options(game.state, CONTENT, RED, ("complex",)) == []
    advance(game, RED, "quantum_tunnel_lattice")
    assert build.options(game.state, CONTENT, RED, ("complex",)) == [
        f"build:{loc(game, a, 'industrial', n)}" for n in range(2)]


def test_subliminal_telepathy() -> None:
    game, a, _b = agents_against_embassies()
    home(game, RED, at(game, -2, 3))
    advance(game, RED, "subliminal_telepathy")
    give(game, BLUE, "nano_fabricants_1")  # Blue wins: Red's Agent is destroyed
    declare(game, a)
    assert (prompt(game).seat, prompt(game).kind) == (RED, "rebuild")
    answer(game, "rebuild", "inactive")
    assert game.state.players[RED].agents[0] == at(game, -2, 3)


def test_stealth_field_emitter() -> None:
    game, a, _b = agents_against_embassies()
    advance(game, RED, "stealth_field_emitter")
    declare(game, a)  # Red wins, the Agent survives
    assert prompt(game).kind == "stealth"
    answer(game, f"sector:{at(game, 3, 0)}")
    assert game.state.players[RED].agents[0] == at(game, 3, 0)


def test_nano_accelerants() -> None:
    game, a, _ = agents_against_embassies()
    advance(game, RED, "nano_accelerants")
    declare(game, a)
    assert resolved(game)["attack"] == 5


def test_psionic_ecology() -> None:
    game, a, _ = agents_against_embassies()
    advance(game, BLUE, "psionic_ecology")
    declare(game, a)
    assert game.state.players[BLUE].caps == 3


def test_empathy_transmitter() -> None:
    game, a, _ = agents_against_embassies()
    tile(game, "ochre_vale", at(game, 2, 1))
    base(game, YELLOW, at(game, 2, 1), "political")
    advance(game, BLUE, "empathy_transmitter")
    declare(game, a)
    assert game.pending() == [] and resolved(game)["attack"] == 4  # nobody was asked


def test_sentient_propaganda() -> None:
    game, a, b = agents_against_embassies()
    pattern = CONTENT.patterns["infiltrate"]
    found = targeting.targets(game.state, CONTENT, RED, pattern, "agent:0")
    assert [t.sector for t in found] == [a]
    advance(game, RED, "sentient_propaganda")
    found = targeting.targets(game.state, CONTENT, RED, pattern, "agent:0")
    assert sorted(t.sector for t in found) == sorted([a, b])


def test_transcendency_routine() -> None:
    game = blank()
    a, far = at(game, 0, 1), at(game, -3, 3)
    tile(game, "ochre_vale", a)
    tile(game, "violet_maw", far)
    embassy = base(game, RED, a, "political")
    game.state.players[RED].caps = 3
    advance(game, RED, "transcendency_routine")
    assert f"transcend:{embassy}" in build.options(game.state, CONTENT, RED, ("embassy",))
    run(game, "build", RED, builds=["embassy"], count=0)
    answer(game, f"transcend:{embassy}")  # to the one open Political Location, at once
    assert game.state.locations[loc(game, far, "political")].owner == RED
    assert game.state.players[RED].caps == 0


def test_post_physical_array() -> None:
    game, a, b = agents_against_embassies()
    advance(game, RED, "post_physical_array")
    declare(game, a)
    attack(game, RED, "infiltrate")
    answer(game, "stay", f"target:{b}:{BLUE}")
    assert "faction:orange" in prompt(game).options


def test_phased_teleportation() -> None:
    game = blank()
    home(game, RED, at(game, -2, 3))
    a = at(game, 0, 1)
    tile(game, "hollow", a)
    unit(game, RED, "fleet", a)
    unit(game, BLUE, "fleet", a)
    advance(game, RED, "phased_teleportation")
    game.state.players[RED].caps = 1
    attack(game, RED, "strike")
    answer(game, "stay", f"target:{a}:{BLUE}")  # 1 against 1: a draw
    assert prompt(game).kind == "rebuild"
    answer(game, "rebuild")
    assert game.state.players[RED].fleets[0] == at(game, -2, 3)


def test_self_replicating_drones() -> None:
    game = blank()
    a = at(game, 0, 1)
    tile(game, "bastion_rift", a)
    stack = base(game, RED, a, "martial")
    geo = geometry(game.state)
    assert build.base_cost(game.state, CONTENT, RED, stack, geo) == 1
    game.state.players[RED].built[2] = 4
    advance(game, RED, "self_replicating_drones")
    assert build.base_cost(game.state, CONTENT, RED, stack, geo) == 2


def test_singularity_ftl_drive() -> None:
    game = blank()
    start, five = at(game, -2, 3), at(game, 3, 0)
    tile(game, "hollow", start)
    tile(game, "quiet_dark", five)
    unit(game, RED, "fleet", start)
    assert movement.moves(game.state, CONTENT, RED, "fleet", 0) == []
    advance(game, RED, "singularity_ftl_drive")
    assert movement.moves(game.state, CONTENT, RED, "fleet", 0) == [(five, 0)]


def test_hyper_cannon_batteries() -> None:
    game = fleet_draw("hyper_cannon_batteries")
    assert resolved(game)["result"] == "attacker" and resolved(game)["attack"] == 2


def test_bio_adaptive_hulls() -> None:
    game = blank()
    a, b = at(game, 0, 1), at(game, 0, 2)
    tile(game, "bastion_rift", a)
    tile(game, "watchfire", b)
    stack = base(game, BLUE, a, "martial", height=2)
    unit(game, RED, "agent", a)
    tile(game, "sunset_coil", at(game, 3, 0))
    base(game, RED, at(game, 3, 0), "political")
    advance(game, BLUE, "bio_adaptive_hulls")
    game.state.players[BLUE].caps = 1
    game.state.players[RED].caps = 2
    attack(game, RED, "sabotage")
    answer(game, "stay", f"target:{a}:{BLUE}", "faction:orange")  # 4 against 2
    assert (prompt(game).seat, prompt(game).kind) == (BLUE, "hulls")
    answer(game, f"loc:{loc(game, b, 'martial')}")
    blue = game.state.players[BLUE]
    assert game.state.locations[stack].owner == -1 and blue.built[2] == 1 and blue.caps == 0


def test_psi_subversion_probes() -> None:
    game = blank()
    a, b = at(game, 0, 1), at(game, 0, 2)
    tile(game, "hollow", a)
    tile(game, "quiet_dark", b)
    unit(game, RED, "fleet", a)
    unit(game, BLUE, "fleet", b)
    pattern = CONTENT.patterns["strike"]
    assert targeting.targets(game.state, CONTENT, RED, pattern, "fleet:0") == []
    advance(game, RED, "psi_subversion_probes")
    assert [t.sector for t in targeting.targets(game.state, CONTENT, RED, pattern,
                                                "fleet:0")] == [b]


def test_brane_manipulation() -> None:
    game = blank()
    a, b = at(game, 0, 1), at(game, 0, 2)
    tile(game, "bastion_rift", a)
    tile(game, "watchfire", b)
    stack = base(game, RED, a, "martial", height=3)  # one off, it still reaches B
    game.state.players[RED].caps = 2
    advance(game, RED, "brane_manipulation")
    game.state.players[RED].built[2] = 12  # nothing on the track: only moves remain
    options = build.options(game.state, CONTENT, RED, ("outpost",))
    assert options == [f"relocate:{stack}", f"brane:{stack}"]
    run(game, "build", RED, builds=["outpost"], count=0)
    answer(game, f"brane:{stack}")
    assert game.state.locations[loc(game, b, "martial")].owner == RED
    assert game.state.locations[stack].height == 2 and game.state.players[RED].caps == 0


def test_synergized_logistics() -> None:
    game = blank()
    a, b = at(game, 0, 1), at(game, 1, 1)
    tile(game, "ember_court", a)
    tile(game, "fern_circuit", b)
    tile(game, "bastion_rift", at(game, 0, 2))
    stack = base(game, RED, at(game, 0, 2), "martial", height=3)
    unit(game, RED, "fleet", a)
    unit(game, RED, "fleet", b)
    unit(game, BLUE, "fleet", a)
    unit(game, BLUE, "fleet", b)
    advance(game, RED, "synergized_logistics")
    game.state.players[RED].caps = 1
    attack(game, RED, "strike")
    answer(game, "fleet:0", "stay", f"target:{a}:{BLUE}", f"outpost:{stack}")
    attack(game, RED, "strike")
    answer(game, "stay", f"target:{b}:{BLUE}")
    assert f"outpost:{stack}" in prompt(game).options
