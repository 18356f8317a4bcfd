"""The game kit: shared parts a game may use beside the core (``docs/architecture.md``).

- :mod:`dogfight.kit.prompts`: the prompt stack in the state, one object per kind of
  decision (prompt, legal decisions, the book's refusal, effect), typed decisions;
- :mod:`dogfight.kit.sealed`: secret simultaneous orders and their reveal;
- :mod:`dogfight.kit.piles`: decks with discards and reshuffles, cups without
  replacement;
- :mod:`dogfight.kit.grids`: the hex grid and the triangle-point grid behind one
  interface;
- :mod:`dogfight.kit.recent`: values of pure functions of immutable inputs kept for
  the inputs asked again (a move's search, a view's panels).

The kit imports only :mod:`dogfight.core`; games import the core and the kit.
"""
