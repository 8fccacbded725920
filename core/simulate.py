"""Headless games between bots: what a series is, what each game's record says, and the
summary and reports of a series (the strength table, balance figures, the engine's soak).

Any ruleset plays (``SimConfig.game``, a name of ``core.rulesets``); the ruleset gives the
game, its bots, its checks and what the record says of a game. Game ``i`` of a series uses
the seed ``core.rng.derive(seed, i)``, so any single game can be re-run alone (``--games 1``
with that game's own seed gives the same game when the levels of its seats are the same).
The games themselves are played at a headless table, in ``tui.play.simulate``.

The record of each game (:func:`record_of`) is the JSON line documented in
docs/simulate.md; keep it stable, scripts read it.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.bots.levels import is_level
from core.declaration import COUNT
from core.rulesets import DEFAULT_GAME, GameSetup, Ruleset, parse_modules, ruleset
from core.words import count

# Called with each finished game and its seats' levels, in the process that played it
# (so it must pickle: a top-level function or a partial of one).
KeepGame = Callable[[Any, list[str]], None]

BOTH = "both"  # alternate the game's maps from game to game

# The keys of a game's JSON line (docs/simulate.md) and of each seat in it: the game's
# declared ``stats`` go in too, its counts after "decisions" and the others at the end.
RECORD_KEYS = ["game", "seed", "players", "map", "seats", "winners", "cycles", "decisions",
               "seconds", "modules", "first"]
SEAT_KEYS = ["seat", "bot", "faction", "vp", "total"]
# How the setup pick (a faction) is made, one of the game's ``pick_words``: "" the game's
# default; chosen: each bot makes it from the offer; random: the simulator picks uniformly
# for every seat, so that each is measured about equally often (balance); or a value of
# the game's own setting for it, passed to the game (its pick_setting)
RANDOM_PICK = "random"
# The report's table of seats by their place in the turn order, where the game draws the
# first player (a seat's number is then not its place)
PLACE = "place in the turn order (1: the first player)"


@dataclass(frozen=True, slots=True)
class SimConfig:
    players: int
    bots: tuple[str, ...]  # one level per seat in seat order, or one level for all
    games: int
    seed: int = 0
    map: str = ""  # one of the ruleset's maps, or "both"; "" for its default
    swap: bool = False  # rotate the levels through the seats from game to game
    workers: int = 1
    checks: bool = True  # state and view invariants after every decision
    replay_every: int = 10  # replay the log of every n-th game (0: never)
    max_decisions: int = 50_000  # a longer game is reported as stuck
    keep: KeepGame | None = None  # e.g. write every game as a save
    factions: str = ""  # "" (the game's default) or one of the game's pick_words
    modules: tuple[str, ...] = ()  # optional modules switched on in every game
    game: str = DEFAULT_GAME  # by its name in core.rulesets
    first: int = 0  # the first game's index: a long series can be played in parts
    # The bots without their time guards: budgets alone end their searches, so a series
    # plays as an idle machine plays it, the same at any load (only slower on a busy one).
    unguarded: bool = False

    def __post_init__(self) -> None:
        rules = ruleset(self.game)  # LookupError (a ValueError's sibling) for an unknown game
        if self.players not in rules.players:
            raise ValueError(f"{rules.title} is played by "
                             f"{', '.join(str(n) for n in rules.players)} players")
        if len(self.bots) not in (1, self.players):
            raise ValueError(f"give one bot level, or one per seat ({self.players})")
        for level in self.bots:
            if not is_level(level):
                raise ValueError(f"unknown bot level {level!r}")
        if self.games < 1:
            raise ValueError("play at least one game")
        if self.first < 0:
            raise ValueError("the first game's index is 0 or more")
        if not self.map:
            object.__setattr__(self, "map", rules.maps[0])
        allowed = (*rules.maps, BOTH) if len(rules.maps) > 1 else rules.maps
        if self.map not in allowed:
            raise ValueError(f"the map is one of {', '.join(repr(m) for m in allowed)}")
        if self.factions not in ("", *rules.pick_words):
            raise ValueError(f"factions in {rules.title} are "
                             f"{', '.join(rules.pick_words)}, not {self.factions!r}")
        parse_modules(rules, ",".join(self.modules))  # ValueError naming the game's modules

    @property
    def rules(self) -> Ruleset:
        return ruleset(self.game)


@dataclass(slots=True)
class GameResult:
    record: dict[str, Any]
    problems: list[str] = field(default_factory=list)


def seat_levels(config: SimConfig, index: int) -> list[str]:
    """The level of each seat in game ``index``: rotated by one seat per game with swap."""
    levels = list(config.bots) * (config.players if len(config.bots) == 1 else 1)
    if config.swap:
        shift = index % config.players
        levels = levels[-shift:] + levels[:-shift] if shift else levels
    return levels


def map_of(config: SimConfig, index: int) -> str:
    if config.map == BOTH:
        maps = config.rules.maps
        return maps[index % len(maps)]
    return config.map


def setup_of(config: SimConfig, index: int, seed: int) -> GameSetup:
    rules = config.rules
    settings = {s.key: map_of(config, index) for s in rules.settings if s.key == "map"}
    pick = rules.declaration.pick_setting
    if any(s.key == pick and config.factions in s.values for s in rules.settings):
        settings[pick] = config.factions  # the game's own word: the game makes the pick
    return GameSetup(players=config.players, seed=seed, settings=settings,
                     modules=list(config.modules))


def record_of(game: Any, index: int, seed: int, levels: list[str], seconds: float,
              rules: Ruleset) -> dict[str, Any]:
    """The JSON line of one finished game (docs/simulate.md), with the game's own VP
    categories and figures (its declared ``stats``)."""
    outcome = rules.outcome(game)
    seats = []
    for seat, level in enumerate(levels):
        vp = dict(outcome.vp[seat])
        seats.append({"seat": seat, "bot": level, "faction": outcome.factions[seat],
                      "vp": vp, "total": _total(vp)})
    return {
        "game": index,
        "seed": seed,
        "players": len(levels),
        "map": outcome.map,
        "seats": seats,
        "winners": list(game.state.winners),
        "cycles": outcome.cycles,
        "decisions": len(game.log),
        **{s.key: outcome.stats.get(s.key) for s in rules.stats if s.kind == COUNT},
        "seconds": round(seconds, 4),
        "modules": outcome.modules,
        "first": outcome.first,
        **{s.key: outcome.stats.get(s.key) for s in rules.stats if s.kind != COUNT},
    }


def _total(vp: dict[str, int | float]) -> int | float:
    total = sum(vp.values())
    return total if isinstance(total, int) else round(total, 3)


def empty_record(config: SimConfig, index: int, seed: int, levels: list[str]) -> dict[str, Any]:
    """The record of a game that could not even be dealt."""
    rules = config.rules
    seats = [{"seat": s, "bot": level, "faction": "", "vp": dict.fromkeys(rules.vp_keys, 0),
              "total": 0} for s, level in enumerate(levels)]
    counts = {stat.key: 0 for stat in rules.stats if stat.kind == COUNT}
    whens = {stat.key: None for stat in rules.stats if stat.kind != COUNT}
    return {"game": index, "seed": seed, "players": config.players, "map": map_of(config, index),
            "seats": seats, "winners": [], "cycles": 0, "decisions": 0, **counts,
            "seconds": 0.0, "modules": list(config.modules), "first": None, **whens}


# Summary -----------------------------------------------------------------------------


def summarize(config: SimConfig, results: list[GameResult]) -> dict[str, Any]:
    """Win rates by bot, faction and seat; average VP; decisions and seconds per game.

    A shared win counts as a fraction: each of k winners gets 1/k of the game, so the win
    rates of a series add up to one game per game.
    """
    by_bot: dict[str, list[float]] = {}
    by_faction: dict[str, list[float]] = {}
    by_seat: dict[str, list[float]] = {}
    by_map: dict[str, list[float]] = {}
    by_place: dict[str, list[float]] = {}  # 1: the first player, where the game says
    vp_sum = {**dict.fromkeys(config.rules.vp_keys, 0.0), "total": 0.0}
    entries = 0
    for result in results:
        record = result.record
        for seat in record["seats"]:
            share = _share(record, seat["seat"])
            for table, key in ((by_bot, seat["bot"]), (by_faction, seat["faction"] or "?"),
                               (by_seat, str(seat["seat"])), (by_map, record["map"])):
                tally = table.setdefault(key, [0.0, 0.0])
                tally[0] += 1
                tally[1] += share
            if record.get("first") is not None:
                place = (seat["seat"] - record["first"]) % record["players"] + 1
                tally = by_place.setdefault(str(place), [0.0, 0.0])
                tally[0] += 1
                tally[1] += share
            for key, value in seat["vp"].items():
                vp_sum[key] += value
            vp_sum["total"] += seat["total"]
            entries += 1
    games = len(results)

    def rates(table: dict[str, list[float]]) -> dict[str, dict[str, float]]:
        return {key: {"seats": int(n), "wins": round(w, 3), "rate": round(w / n, 4)}
                for key, (n, w) in sorted(table.items())}

    def mean(key: str) -> float:
        return round(sum(r.record[key] or 0 for r in results) / games, 4) if games else 0.0

    figures: dict[str, float | int] = {}
    for stat in config.rules.stats:  # a count per game, or the games where it happened
        if stat.kind == COUNT:
            figures[f"{stat.key}_per_game"] = mean(stat.key)
        else:
            figures[f"{stat.key}_games"] = sum(1 for r in results if r.record[stat.key])

    return {
        "games": games,
        "players": config.players,
        "map": config.map,
        "seed": config.seed,
        "bots": list(config.bots),
        "swap": config.swap,
        "factions": config.factions,
        "win_rate_by_bot": rates(by_bot),
        "win_rate_by_faction": rates(by_faction),
        "win_rate_by_seat": rates(by_seat),
        "win_rate_by_map": rates(by_map),
        "win_rate_by_place": rates(by_place),
        "average_vp": {k: round(v / entries, 3) if entries else 0.0 for k, v in vp_sum.items()},
        "decisions_per_game": mean("decisions"),
        "seconds_per_game": mean("seconds"),
        "cycles_per_game": mean("cycles"),
        **figures,
        "broken_games": sum(1 for r in results if r.problems),
        "modules": list(config.modules),
        "game": config.game,
    }


def paired(records: list[dict[str, Any]], baseline: list[dict[str, Any]]
           ) -> dict[str, dict[str, float | int]]:
    """Two runs of one series compared game by game (a candidate bot's records against the
    committed bot's, say): for each level that plays some seats but not all, over the games
    both runs played, its wins in each, the games whose outcome for it changed (for, against)
    and its VP margin over the other seats (its seats' mean total less theirs) in each, with
    the paired difference's standard error. Paired on the same deals, the deal's share of
    the luck cancels out: a change shows in fewer games than two separate series need. A
    ValueError for a game the two runs dealt otherwise (another seed or other levels)."""
    before = {record["game"]: record for record in baseline}
    both = [(record, before[record["game"]]) for record in records if record["game"] in before]
    if not both:
        raise ValueError("the two runs have no game in common")
    for record, other in both:
        if (record["seed"], _levels(record)) != (other["seed"], _levels(other)):
            raise ValueError(f"game {record['game']} was dealt otherwise in the two runs")
    levels = sorted({level for record, _ in both for level in _levels(record)})
    found: dict[str, dict[str, float | int]] = {}
    for level in levels:
        games = [(record, other) for record, other in both
                 if 0 < _levels(record).count(level) < len(record["seats"])]
        if not games:
            continue
        wins = [(_won(record, level), _won(other, level)) for record, other in games]
        margins = [(_margin(record, level), _margin(other, level)) for record, other in games]
        differences = [now - then for now, then in margins]
        spread = statistics.stdev(differences) if len(differences) > 1 else 0.0
        found[level] = {
            "games": len(games),
            "wins": round(sum(now for now, _ in wins), 3),
            "wins_before": round(sum(then for _, then in wins), 3),
            "changed_for": sum(1 for now, then in wins if now > then),
            "changed_against": sum(1 for now, then in wins if now < then),
            "margin": round(sum(now for now, _ in margins) / len(margins), 3),
            "margin_before": round(sum(then for _, then in margins) / len(margins), 3),
            "margin_change_error": round(spread / len(differences) ** 0.5, 3),
        }
    return found


def _levels(record: dict[str, Any]) -> list[str]:
    return [seat["bot"] for seat in record["seats"]]


def _share(record: dict[str, Any], seat: int) -> float:
    """The seat's share of the game's win: 1/k for each of k winners."""
    winners = record["winners"]
    return 1 / len(winners) if seat in winners else 0.0


def _won(record: dict[str, Any], level: str) -> float:
    return sum(_share(record, seat["seat"]) for seat in record["seats"] if seat["bot"] == level)


def _margin(record: dict[str, Any], level: str) -> float:
    mine = [float(seat["total"]) for seat in record["seats"] if seat["bot"] == level]
    others = [float(seat["total"]) for seat in record["seats"] if seat["bot"] != level]
    return sum(mine) / len(mine) - sum(others) / len(others)


def format_report(summary: dict[str, Any], command: str, when: str) -> str:
    """The balance report (docs/balance.md is one) as Markdown, from a
    series' summary, naming the setup pick in the ruleset's terms (a faction, an Advisor)."""
    rules = ruleset(summary["game"])
    lines = [
        "# Balance report",
        "",
        f"Generated on {when} by `{command}`: {summary['games']} games of {rules.title}, "
        f"{summary['players']} players, bots {','.join(summary['bots'])}"
        + (" (levels rotated through the seats)" if summary["swap"] else "")
        + (f"; every seat's {rules.pick_kind} picked at random from the offer"
           if summary.get("factions") == RANDOM_PICK else "") + ".",
        "An even share is "
        f"{1 / summary['players']:.0%} per seat. A shared win counts as a fraction.",
        "",
    ]
    for title, key in ((rules.pick_kind, "win_rate_by_faction"),
                       ("seat position", "win_rate_by_seat"),
                       (PLACE, "win_rate_by_place"), ("map", "win_rate_by_map"),
                       ("bot", "win_rate_by_bot")):
        if not summary.get(key):
            continue  # no game of the series said who played first
        lines += [f"## Win rate by {title}", "", f"| {title} | seats | wins | rate |",
                  "|---|---:|---:|---:|"]
        lines += [f"| {name} | {row['seats']} | {row['wins']:.1f} | {row['rate']:.1%} |"
                  for name, row in summary[key].items()]
        lines.append("")
    vp = summary["average_vp"]
    lines += ["## Average VP per seat, by category", "",
              "| " + " | ".join(vp) + " |", "|" + "---:|" * len(vp),
              "| " + " | ".join(f"{v:.2f}" for v in vp.values()) + " |", "",
              "## Game length", "",
              f"- decisions per game: {summary['decisions_per_game']:.0f}",
              f"- cycles per game: {summary['cycles_per_game']:.1f}",
              *(f"- {_figure_name(key)}: {value:.2f}" for key, value in _figures(summary)),
              f"- seconds per game: {summary['seconds_per_game']:.3f}",
              f"- games with a broken invariant: {summary['broken_games']}", ""]
    return "\n".join(lines)


def format_summary(summary: dict[str, Any]) -> str:
    """The readable table printed without --json."""
    lines = [
        f"{summary['games']} games of {ruleset(summary['game']).title}, "
        f"{summary['players']} players, {summary['map']} map, "
        f"seed {summary['seed']}, bots {','.join(summary['bots'])}"
        + (" (swapped)" if summary["swap"] else "")
        + (f", modules {','.join(summary['modules'])}" if summary["modules"] else ""),
        "",
    ]
    for title, key in (("bot", "win_rate_by_bot"), ("faction", "win_rate_by_faction"),
                       ("seat", "win_rate_by_seat"), ("place", "win_rate_by_place"),
                       ("map", "win_rate_by_map")):
        if not summary.get(key):
            continue
        lines.append(f"{'win rate by ' + title:<24}{'seats':>7}{'wins':>9}{'rate':>8}")
        for name, row in summary[key].items():
            lines.append(f"  {name:<22}{row['seats']:>7}{row['wins']:>9.1f}{row['rate']:>8.1%}")
        lines.append("")
    vp = summary["average_vp"]
    lines.append("average VP per seat      " + "  ".join(f"{k} {v:.2f}" for k, v in vp.items()))
    lines.append(
        f"per game                 decisions {summary['decisions_per_game']:.0f}  "
        f"seconds {summary['seconds_per_game']:.3f}  cycles {summary['cycles_per_game']:.1f}"
        + "".join(f"  {key.removesuffix('_per_game')} {value:.1f}"
                  for key, value in _figures(summary) if key.endswith("_per_game"))
    )
    lines += [f"{_figure_name(key):<24} {value:g}" for key, value in _figures(summary)
              if key.endswith("_games")]
    lines.append(f"broken invariants        {count(summary['broken_games'], 'game')}")
    for level, row in summary.get("paired", {}).items():
        lines += [
            "",
            f"{level}, game by game against the other run ({count(row['games'], 'game')}):",
            f"  wins {row['wins']:g} against {row['wins_before']:g}; outcomes changed "
            f"{row['changed_for']} for, {row['changed_against']} against",
            f"  VP margin {row['margin']:+.2f} against {row['margin_before']:+.2f} "
            f"(change {row['margin'] - row['margin_before']:+.2f}, "
            f"standard error {row['margin_change_error']:.2f})",
        ]
    return "\n".join(lines)


def _figures(summary: dict[str, Any]) -> list[tuple[str, float]]:
    """The summary's figures of the game's declared stats, in their order."""
    stats = ruleset(summary["game"]).stats
    keys = [f"{s.key}_per_game" if s.kind == COUNT else f"{s.key}_games" for s in stats]
    return [(key, summary[key]) for key in keys]


def _figure_name(key: str) -> str:
    """``sieges_per_game`` as "sieges per game", ``fracture_entered_games`` as "games where
    fracture entered"."""
    if key.endswith("_per_game"):
        return f"{key.removesuffix('_per_game').replace('_', ' ')} per game"
    return f"games where {key.removesuffix('_games').replace('_', ' ')}"
