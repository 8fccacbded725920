"""Games on disk: msgpack snapshots, the save store, listing and integrity checks.

``format`` (the file: envelope, header, body, errors, migrations), ``store`` (the directory,
atomic writes, backups, listing, lookup), ``replay`` (restore, step through, verify),
``undo`` (take back decisions by replaying the log), ``commands`` (``fractal saves`` and
``fractal replay``), ``bench`` (measurements of the save goals). See docs/save-format.md.
"""

from __future__ import annotations

import argparse


def add_save_dir(parser: argparse.ArgumentParser) -> None:
    """The ``--save-dir`` option, for any command that reads or writes saves (here, so that
    the title screen's command line reads it without loading the saves' modules)."""
    parser.add_argument("--save-dir", metavar="DIR", default=None,
                        help="the save directory (default: $FRACTAL_SAVE_DIR, "
                             "else the user data directory)")
