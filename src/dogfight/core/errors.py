"""The errors of the core: each carries a precise, human-readable message."""

from __future__ import annotations


class DogfightError(Exception):
    """Base class of every error dogfight reports to a person or a program."""


class UnknownGame(DogfightError):
    """No game is registered under the given id."""


class InvalidOptions(DogfightError):
    """Options given to a game's set-up are malformed or break a rule of the game."""


class IllegalDecision(DogfightError):
    """A decision was refused: wrong seat, malformed, or against the rules.

    ``rule`` names the rule (book and section where there is one) that refuses it.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message


class NotYourTurn(IllegalDecision):
    """The seat has no decision to take now."""


class MalformedDecision(IllegalDecision):
    """The decision is not a JSON object of the expected shape."""


class ReplayError(DogfightError):
    """A saved game does not replay: ``index`` is the first action that fails (0-based).

    ``index`` equals the number of actions when every action applies but the final
    state is not the one recorded (a truncated or edited save).
    """

    def __init__(self, index: int, message: str) -> None:
        super().__init__(f"action {index}: {message}")
        self.index = index
        self.message = message


class CorruptSave(DogfightError):
    """A save file or database record cannot be read at all (not JSON, wrong shape)."""


class DataError(DogfightError):
    """A game data file is malformed: names the file, the entry and the reason."""

    def __init__(self, file: str, entry: str, reason: str) -> None:
        super().__init__(f"{file}: {entry}: {reason}")
        self.file = file
        self.entry = entry
        self.reason = reason


class ScriptError(DogfightError):
    """A scenario script is malformed or one of its expectations is not met."""
