"""A Fractal save written under older rules still opens, and says why its log does not."""

from __future__ import annotations

from pathlib import Path

from core.games.fractal import RULES_VERSION
from saves.format import read_save
from saves.replay import resume, verify

# A two-player game of 120 random decisions (the Borroka against VAX117, dealt at random)
# saved under the rules' version 4, before VAX117 started with one lightship fewer, its
# Prime Directive paid a credit instead of a science and the Borroka started with a mech
# more (issue 44): the log deals other starting units now.
V4_SAVE = Path(__file__).with_name("fixtures") / "rules-v4.fractal"


def test_a_save_of_version_4_resumes_from_its_snapshot_and_says_why_its_log_does_not_replay(
        ) -> None:
    save = read_save(V4_SAVE)
    assert (save.header.ruleset, save.header.rules_version) == ("fractal", "4")
    assert {seat.faction for seat in save.header.seats} == {"borroka", "vax117"}
    checked = verify(save)
    assert not checked.ok and checked.problem.endswith(
        f"(saved under the rules' version 4; this program plays version {RULES_VERSION})")
    resumed = resume(save)
    assert resumed.game.digest() == save.body.digest and len(resumed.game.log) == 120
