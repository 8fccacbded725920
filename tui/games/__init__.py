"""Each game's plug-in for the client, one package each."""
