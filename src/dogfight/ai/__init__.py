"""Computer pilots. A pilot decides from what its seat may know (``observe``), never
from the state: the same observation and seed always give the same decision."""

from dogfight.ai.pilots import PILOTS, Pilot, RandomPilot, make_pilot

__all__ = ["PILOTS", "Pilot", "RandomPilot", "make_pilot"]
