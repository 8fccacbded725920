"""Games on disk: msgpack snapshots, the save store, listing and integrity checks."""
