"""One package per game. A game imports ``dogfight.core`` only: never the server, the
user interfaces, the computer pilots or another game (a test checks it)."""
