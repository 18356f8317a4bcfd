"""The sequence of play of Duel at Dawn, on top of its chapters (rules 2 to 5).

A round: both pilots plan (rule 2, ``planning``); the plans are revealed; pilots with a
shot fire or hold in seat order (rule 3, ``fire``); the round ends (rules 4-5,
``end_of_round``). ``PROMPTS`` lists every kind of decision; ``proceed`` is called by
the kit after each decision and, once every frame has been answered, asks the next one.
"""

from __future__ import annotations

from dogfight.core import Event
from dogfight.games.duel import end_of_round, fire, planning
from dogfight.games.duel.state import DuelState
from dogfight.kit.prompts import prompt_table

PROMPTS = prompt_table(planning.Planning(), fire.Firing())


def proceed(state: DuelState, events: list[Event]) -> DuelState:
    """What follows once everyone asked has answered (nothing while a frame waits)."""
    if state.prompts:
        return state
    if state.phase == "plan":  # both plans are sealed
        state = planning.reveal(state, events)
        if state.shooters:
            return fire.ask_next_shooter(state)
    state = end_of_round.end_round(state, events)
    if state.phase == "over":
        return state
    return planning.ask_plans(state)
