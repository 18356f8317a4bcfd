"""Computer pilots. A pilot decides from what its seat may know (``observe``), never
from the state: the same observation and seed always give the same decision.

Layers, lowest first: ``base`` (the Pilot protocol, RandomPilot, Search, the shape of
a game's parts), the per-game modules (``wings_of_war``, ``down_in_flames``),
``policies`` (game id -> parts), ``greedy`` and ``mcts``, ``pilots`` (by name)."""

from dogfight.ai.base import Pilot, RandomPilot
from dogfight.ai.pilots import PILOTS, make_pilot

__all__ = ["PILOTS", "Pilot", "RandomPilot", "make_pilot"]
