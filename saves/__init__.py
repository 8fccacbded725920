"""Games on disk: msgpack snapshots, the save store, listing and integrity checks.

``format`` (the file: envelope, header, body, errors, migrations), ``store`` (the directory,
atomic writes, backups, listing, lookup), ``replay`` (restore, step through, verify),
``undo`` (take back decisions by replaying the log), ``commands`` (``fractal saves`` and
``fractal replay``), ``bench`` (measurements of the save goals). See docs/save-format.md.
"""
