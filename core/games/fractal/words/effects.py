"""The effect vocabulary of docs/effects.md in words: steps, counters, requirements, triggers.

Each op, stat, keyword, counter and requirement has its own phrase; one the tables do not
know raises ``KeyError`` rather than printing raw data (the loader refuses unknown names,
and tests/fractal/test_words_cards.py words every component, so a new name fails a test first).
Clauses start in lower case ("gain 2 credits"); :func:`effect` makes sentences of them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from core.games.fractal.content import HOOKS, Effect, Step, Triggers
from core.games.fractal.words.names import SECTOR_KINDS, times, units
from core.words import capital, count, listing, plural

# --- counters ------------------------------------------------------------------------------

# Counters that are one word, by the noun for one of them.
_COUNTER_NOUNS = {"science": "science on the technology boards", "influence": "influence",
                  "credits": "credit", "medals": "medal", "artifacts": "artifact",
                  "obstacles": "resolved obstacle", "anomalies": "resolved anomaly"}


def per(counter: str) -> str:
    """The noun for one of what a counter counts: "productive colony", as in "1 credit per
    productive colony"."""
    group, _, detail = counter.partition(".")
    if not detail:
        return _COUNTER_NOUNS[group]
    if group == "controlled":
        if detail == "living_galaxy":
            return "controlled sector with a living galaxy"
        return "controlled sector" if detail == "any" else (
            f"controlled {SECTOR_KINDS[detail]} sector")
    noun = {"colonies": "colony", "units": "unit", "technologies": "technology"}[group]
    if group == "units":
        return f"{noun if detail == 'any' else detail} on the board"
    return noun if detail == "any" else f"{detail} {noun}"


def amount_of(counter: str, n: int) -> str:
    """"2 productive colonies", "1 medal"."""
    return count(n, per(counter))


# --- steps ---------------------------------------------------------------------------------

_RESOURCES = (("credits", "credit"), ("influence", "influence"), ("vp_tokens", "victory token"))


def resources(args: Mapping[str, Any]) -> str:
    """"2 credits and 1 influence" from the fields of a gain, lose or pay step."""
    return listing([count(int(args[key]), word) for key, word in _RESOURCES if args.get(key)])


_WHERE_UNITS = {"colony": "in sectors with your colonies", "here": "here",
                "starting": "in your starting sector"}
_DAMAGE_WHERE = {"here": "here", "contested": "in a contested sector of your choice"}


def _units_step(a: Mapping[str, Any]) -> str:
    n, kind = int(a["count"]), str(a["unit"])
    if a.get("black"):
        return (f"place up to {n} black {kind if n == 1 else plural(kind)} from the supply "
                f"{_WHERE_UNITS[a['where']]} (they become yours)")
    return f"place up to {count(n, kind)} from your reserve {_WHERE_UNITS[a['where']]}"


def _remove_units_step(a: Mapping[str, Any]) -> str:
    where = "here" if a["where"] == "here" else "from anywhere on the board"
    return f"remove {count(int(a['count']), str(a['unit']))} of yours {where}"


def _science_step(a: Mapping[str, Any]) -> str:
    on = f" on {a['tech']} technologies" if "tech" in a else ""
    return f"place {a['amount']} science{on}"


def _damage_step(a: Mapping[str, Any]) -> str:
    if "where" not in a:  # a tactic's upgrade adds to the card's damage
        return f"+{a['count']} {a['kind']} damage"
    return f"deal {a['count']} {a['kind']} damage {_DAMAGE_WHERE[a['where']]}"


def _free_action(op: str) -> Callable[[Mapping[str, Any]], str]:
    def phrase(a: Mapping[str, Any]) -> str:
        here = " here" if a.get("where") == "here" else ""
        return f"take a free {capital(op)} action{here}"
    return phrase


def _elite_step(a: Mapping[str, Any]) -> str:
    n = int(a["count"])
    return ("upgrade 1 tactic card to its elite side" if n == 1
            else f"upgrade {n} tactic cards to their elite sides")


STEP_PHRASES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "gain": lambda a: f"gain {resources(a)}",
    "lose": lambda a: f"lose {resources(a)}",
    "pay": lambda a: f"pay {resources(a)}",
    "vp": lambda a: f"score {a['amount']} {a['category']} VP",
    "science": _science_step,
    "units": _units_step,
    "remove_units": _remove_units_step,
    "recruit": _free_action("recruit"),
    "advance": _free_action("advance"),
    "colonize": _free_action("colonize"),
    "research": _free_action("research"),
    "storm": lambda a: f"move a living storm {times(int(a['count']))}",
    "insight": lambda a: f"perform {count(int(a['count']), 'insight')}",
    "artifact": lambda a: f"draw {count(int(a['draw']), 'artifact')} and keep {a['keep']}",
    "elite_tactic": _elite_step,
    "restore": lambda a: f"restore {count(int(a['count']), 'depleted action marker')}",
    "damage": _damage_step,
    "reveal": lambda a: f"reveal {count(int(a['count']), 'face-down event')} next to your units",
    "open_fracture": lambda a: "the Fracture enters play",
    "extra_action_card": lambda a: (
        f"play {count(int(a['count']), 'more action card')} this cycle"),
    "initiative": lambda a: f"initiative {int(a['amount']):+d}",
    "block": lambda a: "block all damage" if int(a["count"]) < 0 else (
        f"block {a['count']} damage"),
}


def _signed(n: int, word: str) -> str:
    return f"{n:+d} {word if abs(n) == 1 else plural(word)}"


def _less_more(n: int) -> str:
    return f"{abs(n)} {'less' if n < 0 else 'more'}"


def _for_unit(a: Mapping[str, Any]) -> str:
    return f" for {plural(str(a['unit']))}" if "unit" in a else ""


STAT_PHRASES: dict[str, Callable[[int, Mapping[str, Any]], str]] = {
    "research_science": lambda n, a: f"{n:+d} science when you Research",
    "movement_orders": lambda n, a: f"{_signed(n, 'movement order')} when you Advance",
    "movement_range": lambda n, a: f"{_signed(n, 'sector')} of movement range{_for_unit(a)}",
    "recruit_units": lambda n, a: f"{_signed(n, str(a['unit']))} when you Recruit",
    "basic_action_cost": lambda n, a: f"basic actions cost {_less_more(n)} credit",
    "income_credits": lambda n, a: f"{_signed(n, 'credit of income')}",
    "action_cards": lambda n, a: f"{_signed(n, 'action card')} per cycle",
    "depletion_value": lambda n, a: f"depleted markers cost {_less_more(n)} influence to restore",
    "tech_cost": lambda n, a: f"{a['tech']} technologies cost {_less_more(n)} science",
    "prestige_influence": lambda n, a: (
        f"{n:+d} influence whenever the prestige check gives you some"),
    "initiative": lambda n, a: f"{n:+d} initiative on all your tactic cards",
    "transport": lambda n, a: f"{n:+d} transport{_for_unit(a)}",
}

KEYWORD_NAMES = {"resist": "Resist", "courage": "Courage", "support": "Support",
             "vanguard": "Vanguard", "veteran": "Veteran", "invade": "Invade",
             "colonize": "Colonize"}
_NUMBERED = ("resist", "courage", "support")

# The name each hook goes by; its rule is the content's own text (HOOKS).
HOOK_TITLES = {"delverar_ruin_paths": "Ruin Paths", "borroka_banish": "Banishment",
               "vax_exclusive_tech": "Exclusive Technology", "exodian_resettle": "Resettlement",
               "saura_blood_pool": "Blood Pool", "gorias_bone_trade": "Bone Trade",
               "txingur_no_infantry": "No Infantry", "txingur_swarm_growth": "Swarm Growth"}


def keyword(name: str, value: int) -> str:
    """"Resist 2", "Vanguard"."""
    return f"{KEYWORD_NAMES[name]} {value}" if name in _NUMBERED else KEYWORD_NAMES[name]


def hook(name: str) -> str:
    return f"{HOOK_TITLES[name]}: {HOOKS[name]}"


def step(s: Step) -> str:
    """One step as a clause, with its ``per`` scaling and its ``if`` condition."""
    a = s.args
    if s.op == "modify":
        return STAT_PHRASES[str(a["stat"])](int(a["amount"]), a)
    if s.op == "keyword":
        return f"your {plural(str(a['unit']))} gain {keyword(str(a['keyword']), int(a['value']))}"
    if s.op == "hook":
        return HOOK_TITLES[str(a["name"])]
    text = STEP_PHRASES[s.op](a)
    if "per" in a:
        cap = f" (at most {a['max']} times)" if "max" in a else ""
        text += f" per {per(str(a['per']))}{cap}"
    if "if" in a:
        condition = a["if"]
        need = amount_of(str(condition["counter"]), int(condition["at_least"]))
        text = f"if you have at least {need}, {text}"
    return text


def clauses(effect: Sequence[Step]) -> list[str]:
    return [step(s) for s in effect]


def effect(steps: Sequence[Step]) -> str:
    """An effect as sentences: "Pay 1 credit. Take a free Recruit action."."""
    return " ".join(f"{capital(c)}." for c in clauses(steps))


# --- triggers ------------------------------------------------------------------------------

TRIGGERS = (("effect", "Once"), ("passive", "Always"), ("income", "Each income phase"),
            ("cycle_end", "At each end of cycle"))


def trigger_lines(triggers: Triggers) -> list[str]:
    """One line per trigger ("Always: +1 movement order when you Advance."); each hook of
    the passive steps gets a line of its own, with its rule."""
    lines = []
    for key, title in TRIGGERS:
        found: Effect = getattr(triggers, key)
        plain = [s for s in found if s.op != "hook"]
        if plain:
            lines.append(f"{title}: {effect(plain)}")
        lines += [hook(str(s.args["name"])) for s in found if s.op == "hook"]
    return lines


# --- obstacle and anomaly requirements -----------------------------------------------------


def _control(value: Mapping[str, Any]) -> str:
    n, kind = int(value["count"]), str(value["kind"])
    if kind == "living_galaxy":
        return f"control {count(n, 'sector')} with a living galaxy"
    return f"control {count(n, SECTOR_KINDS[kind] + ' sector')}"


def _tech_count(value: Mapping[str, Any]) -> str:
    tech = "" if value["tech"] == "any" else f"{value['tech']} "
    return count(int(value["count"]), f"{tech}technology")


REQUIREMENT_PHRASES: dict[str, Callable[[Any], str]] = {
    "pay_influence": lambda v: f"spend {v} influence",
    "pay_credits": lambda v: f"spend {count(int(v), 'credit')}",
    "have_units": lambda v: f"have {units(v)} here",
    "remove_units": lambda v: f"remove {units(v)} of yours here",
    "remove_science": lambda v: f"take back {v} science from the technology boards",
    "have_technologies": lambda v: f"have {_tech_count(v)}",
    "remove_technologies": lambda v: f"discard {_tech_count(v)} you developed",
    "control": _control,
    "colonize": lambda v: "take a free Colonize action here",
}


def requirement(req: Mapping[str, Any]) -> str:
    ((name, value),) = req.items()
    return REQUIREMENT_PHRASES[name](value)


def event_option(require: Sequence[Mapping[str, Any]], reward: Sequence[Step]) -> str:
    """"Spend 2 credits: gain 1 influence." — what an option asks, then what it gives."""
    asks = capital(listing([requirement(r) for r in require]))
    gives = ", then ".join(clauses(reward))
    return f"{asks}: {gives}." if gives else f"{asks}."
