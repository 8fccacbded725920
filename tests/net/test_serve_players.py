"""What an SSH user becomes: a name to play under, a save directory, a client's
environment with nothing of the server's secrets."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from tui.serve.limits import ServeLimits
from tui.serve.players import player_dir, player_name
from tui.serve.session import Table, child_env, goodbye


def test_a_user_name_becomes_a_printable_player_name() -> None:
    assert player_name("ada") == "ada"
    assert player_name("Zoë  the\tgreat") == "Zoë thegreat"
    assert player_name("\x1b[31mred\x07") == "31mred"  # no escape reaches another screen
    assert player_name("") == player_name("!!!") == "player"
    assert len(player_name("x" * 100)) == 24


def test_every_user_gets_a_directory_of_their_own(tmp_path: Path) -> None:
    assert player_dir(tmp_path, "ada") == tmp_path / "players" / "ada"
    names = ["bob!", "bob?", "bob_", "..", ".", "", "../ada", "a/b", "ada\x00"]
    dirs = [player_dir(tmp_path, name) for name in names]
    assert len(set(dirs)) == len(names)
    for path in dirs:
        assert path.parent == tmp_path / "players"
        assert path.name and not path.name.startswith(".")


def test_a_client_gets_its_terminal_and_the_game_s_settings_but_no_server_secret(
        tmp_path: Path) -> None:
    table = Table(ServeLimits(), tmp_path, "127.0.0.1:7777", 250,
                  {"PATH": "/usr/bin", "LANG": "C.UTF-8", "SECRET": "hunter2"})
    env = child_env(table, "ada", "xterm-256color", {"LANG": "xx", "COLORTERM": "truecolor"})
    assert env == {"PATH": "/usr/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color",
                   "COLORTERM": "truecolor", "ESCDELAY": "250",
                   "FRACTAL_SAVE_DIR": str(tmp_path / "players" / "ada"),
                   "FRACTAL_RELAY": "127.0.0.1:7777"}
    plain = child_env(table, "ada", "vt100; rm -rf /", {"NO_COLOR": ""})
    assert plain["TERM"] == "xterm-256color" and plain["NO_COLOR"] == "1"
    assert "COLORTERM" not in plain
    assert child_env(table, "ada", "xterm-kitty", {})["COLORTERM"] == "truecolor"


@pytest.mark.parametrize("user", ["ada", "bob!", "Zoë", "ada bob", "o'neil", "-x", "a" * 40])
def test_the_goodbye_names_the_login_that_finds_the_same_saves(user: str,
                                                              tmp_path: Path) -> None:
    said = goodbye("quit", user, 30)
    named = said.split("connect again as ", 1)[1].removesuffix(" to go on.")
    (login,) = shlex.split(named)
    assert player_dir(tmp_path, login) == player_dir(tmp_path, user)
    assert said.startswith(f"Goodbye, {player_name(user)}.")


@pytest.mark.parametrize("user", ["\x1b]0;X\x07ada", "ada\u202e", "a\nb", ""])
def test_a_login_that_cannot_be_shown_is_not_named(user: str) -> None:
    said = goodbye("quit", user, 30)
    assert said == (f"Goodbye, {player_name(user)}. Your games are kept: connect again "
                    "under the same user name to go on.")
