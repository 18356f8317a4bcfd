"""Down In Flames bombers: formations, choosing a bomber, turret hands, what bombers
play, and fighter-bombers.

Book: /work/shared/seeds/004_fe250b7836505b34.txt (sections cited as § <French title>).
"""

from __future__ import annotations

from dogfight.games.down_in_flames import GAME
from dogfight.games.down_in_flames.bombers import draw_turret, turret
from dogfight.games.down_in_flames.state import DifState
from tests.down_in_flames.helpers import (
    A,
    X,
    act,
    acts,
    at,
    events,
    hand,
    hands,
    legal,
    plane,
    prompt,
    put,
    raid,
    rel,
    setup,
    top,
)

B2 = "allies-2"
LINE = ((0, 0), (0, 1))
COLUMN = ((0, 0), (1, 0))


def test_turret_hand_lead_liberator_draws_seven() -> None:
    """book: 004_fe250b7836505b34.txt § Tourelles des bombardiers: two B-24D one behind
    the other; a fighter goes for the lead one: 5 for its Defense turret, 2 for the
    Support turret of the one behind."""
    state = raid(cells=COLUMN)
    state = acts(state, ("axis", {"altitude": "stay"}), ("axis", {"speed": A}),
                 ("axis", {"speed": "select"}))
    assert events("turret-hand") == [{"bomber": A, "cards": 7}]
    assert len(plane(state, A).turret_hand) == 7


def test_turret_hands_of_three_stukas_side_by_side() -> None:
    """book: 004_fe250b7836505b34.txt § Tourelles des bombardiers: three Ju-87B side by
    side: an end one draws 3, the middle one 4."""
    state = raid("p-11c", ("ju-87b",) * 3, ((0, 0), (0, 1), (0, 2)), "medium")
    for bomber, cards in ((A, 3), (B2, 4)):
        drawn = draw_turret(state, bomber, [])
        assert len(plane(drawn, bomber).turret_hand) == cards


def test_a_lone_rear_bomber_is_chosen_freely() -> None:
    """book: 004_fe250b7836505b34.txt § Choisir un bombardier à attaquer: a lone bomber in
    the rear row is chosen freely; any other costs a speed point or a discarded card of
    maneuver 1 or more, or else the defender chooses."""
    state = raid(cells=COLUMN)
    state = hands(acts(state, ("axis", {"altitude": "stay"}), ("axis", {"speed": "skip"})),
                  axis_1=["yo-yo", "tight-turn"])
    choices = [d for d in legal(state, "axis") if "select" in d]
    assert choices == [{"select": A, "discard": "yo-yo"}, {"select": B2},
                       {"select": "pick"}]
    state = act(state, "axis", {"select": A, "discard": "yo-yo"})
    assert plane(state, X).selected == A and hand(state, X) == ["tight-turn"]


def test_the_defender_chooses_when_nobody_pays() -> None:
    """book: 004_fe250b7836505b34.txt § Choisir un bombardier à attaquer, § Cartes d'Action
    des bombardiers (Emil example): the attacker lets the defender choose the bomber."""
    state = raid(cells=LINE)
    state = acts(state, ("axis", {"altitude": "stay"}), ("axis", {"speed": "pick"}))
    assert prompt(state) == {"allies": "pick"}
    state = act(state, "allies", {"bomber": B2})
    assert plane(state, X).selected == B2
    assert (state.speed_target, state.speed_points) == (B2, 1)


def test_a_maneuver_card_first_point_chooses_the_bomber() -> None:
    """book: 004_fe250b7836505b34.txt § Cartes de Manœuvre (bombardiers): a Maneuver 3
    card: one point chooses a bomber, two more tail it."""
    state = raid(cells=LINE)
    state = hands(acts(state, ("axis", {"altitude": "stay"}), ("axis", {"speed": "skip"})),
                  axis_1=["out-of-the-sun"])
    steps = {d["steps"] for d in legal(state, "axis")
             if d.get("as") == "maneuver" and d["target"] == A}
    assert steps == {1, 2}
    state = acts(state, ("axis", {"play": "out-of-the-sun", "as": "maneuver", "target": A,
                                  "steps": 2}), ("allies", {"react": None}))
    assert rel(state, X, A) == 2 and plane(state, X).selected == A


def test_square_formation_front_bomber_cannot_be_tailed() -> None:
    """book: 004_fe250b7836505b34.txt § Vitesse (bombardiers): four bombers in a square;
    the defender picks the front left one; one speed point gives the advantage, the
    second cannot tail because a bomber flies behind it."""
    state = raid("fw-190a-8", ("b-24d",) * 4, ((0, 0), (0, 1), (1, 0), (1, 1)))
    state = acts(state, ("axis", {"altitude": "stay"}), ("axis", {"speed": "pick"}),
                 ("allies", {"bomber": A}))
    assert state.speed_points == 2
    state = acts(state, ("axis", {"speed": "maneuver"}), ("allies", {"react": None}))
    # the second point has no use: the speed phase ends by itself
    assert rel(state, X, A) == 1 and state.phase == "actions"
    assert not GAME.slot_free(state, X, A, 2) and GAME.slot_free(state, X, B2, 2) is False
    assert GAME.slot_free(state, X, "allies-3", 2)


def test_bomber_plays_only_attacks_and_plus_one_hit_cards() -> None:
    """book: 004_fe250b7836505b34.txt § Cartes d'Action des bombardiers: In My Sights, Out
    of the Sun, +1 hit cards and Stop Fuel Tank cards only, in reaction."""
    state = raid(cells=LINE)
    state = acts(state, ("axis", {"altitude": "stay"}), ("axis", {"speed": "pick"}),
                 ("allies", {"bomber": A}))
    state = put(state, A, turret_hand=["scissors", "barrel-roll", "tight-turn",
                                       "in-my-sights-1", "redline"], turret_drawn=True)
    state = act(state, "axis", {"speed": "maneuver"})
    assert legal(state, "allies") == [{"react": "in-my-sights-1"}, {"boost": "tight-turn"},
                                      {"react": None}]


def emil_on_liberator(turret: list[str], emil: list[str], position: int) -> DifState:
    state = raid(cells=LINE)
    state = acts(state, ("axis", {"altitude": "stay"}), ("axis", {"speed": "pick"}),
                 ("allies", {"bomber": A}), ("axis", {"speed": "done"}))
    state = put(state, A, turret_hand=turret, turret_drawn=True)
    return at(hands(state, axis_1=emil), (X, A, position))


def test_bomber_minus_one_hit_the_fighter_must_react_or_take_one() -> None:
    """book: 004_fe250b7836505b34.txt § Cartes de dégâts réduits des bombardiers: In My
    Sights for 3 and two Tight Turns against a bomber; it plays In My Sights, Bomber:
    -1 Hit: the bomber takes 4 and the fighter takes 1 unless it reacts."""
    state = emil_on_liberator(["in-my-sights-jinking"], ["in-my-sights-3", "tight-turn",
                                                         "tight-turn"], 2)
    state = acts(state, ("axis", {"play": "tight-turn", "as": "tactic"}),
                 ("axis", {"play": "tight-turn", "as": "tactic"}),
                 ("axis", {"play": "in-my-sights-3", "as": "attack", "target": A}),
                 ("allies", {"react": "in-my-sights-jinking"}), ("axis", {"react": None}))
    # the fighter's attack lands first, then the bomber's shot, with Evasive offered
    assert plane(state, A).damage == 4
    assert GAME.pending(state)["axis"].kind == "evasive"
    state = acts(state, ("axis", {"evasive": False}))
    assert (plane(state, A).damage, plane(state, X).damage) == (4, 1)


def test_bomber_plus_one_hit_cards_go_with_its_shot() -> None:
    """book: 004_fe250b7836505b34.txt § Cartes « Bomber ; +1 Hit »: two Tight Turns and an
    Out of the Sun played together at a maneuvering fighter: 2 + 2 hits."""
    state = emil_on_liberator(["tight-turn", "tight-turn", "out-of-the-sun"], ["yo-yo"], 1)
    state = acts(state, ("axis", {"play": "yo-yo", "as": "maneuver", "target": A,
                                  "steps": 1}),
                 ("allies", {"boost": "tight-turn"}), ("allies", {"boost": "tight-turn"}),
                 ("allies", {"react": "out-of-the-sun"}))
    assert events("bomber-fires") == [{"bomber": A, "card": "out-of-the-sun", "hits": 4,
                                       "target": X}]
    state = acts(state, ("axis", {"react": None}), ("axis", {"evasive": False}))
    assert plane(state, X).damage == 4 and rel(state, X, A) == 2


def test_evasive_takes_two_hits_off_a_bombers_shot() -> None:
    """book: 004_fe250b7836505b34.txt § Evasive: played after an In My Sights or Out of
    the Sun lands on you (a bomber's shot lands after the fighter's action, book §
    Cartes d'Action des bombardiers: the fighter keeps its new position)."""
    state = emil_on_liberator(["in-my-sights-2"], ["yo-yo", "evasive"], 1)
    state = acts(state, ("axis", {"play": "yo-yo", "as": "maneuver", "target": A,
                                  "steps": 1}),
                 ("allies", {"react": "in-my-sights-2"}), ("axis", {"react": None}))
    assert rel(state, X, A) == 2 and legal(state, "axis") == [{"evasive": True},
                                                               {"evasive": False}]
    state = acts(state, ("axis", {"evasive": True}))
    assert plane(state, X).damage == 0 and "evasive" not in plane(state, X).hand


def test_bomber_cannot_answer_the_fighters_reply() -> None:
    """book: 004_fe250b7836505b34.txt § Restrictions aux cartes de réaction des
    bombardiers: Out of the Sun at a bomber, In My Sights in reply, Tight Turn from the
    fighter: the bomber cannot react to the Tight Turn (it takes the 2 hits)."""
    state = emil_on_liberator(["in-my-sights-1", "in-my-sights-2"],
                              ["out-of-the-sun", "tight-turn"], 2)
    state = acts(state, ("axis", {"play": "out-of-the-sun", "as": "attack", "target": A}),
                 ("allies", {"react": "in-my-sights-1"}), ("axis", {"react": "tight-turn"}))
    assert prompt(state) == {"axis": "actions"}
    assert (plane(state, A).damage, plane(state, X).damage) == (2, 0)
    assert plane(state, A).turret_hand == ("in-my-sights-2",)


def test_bomber_gets_only_the_bomber_effect_of_jinking() -> None:
    """book: 004_fe250b7836505b34.txt § Restrictions aux cartes de réaction des
    bombardiers: a bomber's In My Sights (Jinking) gives only "Bomber: -1 hit", it does
    not cancel the attack."""
    state = emil_on_liberator(["in-my-sights-jinking"], ["in-my-sights-1"], 1)
    state = acts(state, ("axis", {"play": "in-my-sights-1", "as": "attack", "target": A}),
                 ("allies", {"react": "in-my-sights-jinking"}), ("axis", {"react": None}))
    assert events("action-resolved")[0]["success"] is True
    state = acts(state, ("axis", {"evasive": False}))
    assert (plane(state, A).damage, plane(state, X).damage) == (0, 1)


def test_fighters_do_not_keep_positions_on_bombers_and_turret_hands_go() -> None:
    """book: 004_fe250b7836505b34.txt § Choisir un bombardier à attaquer: after its last
    attack the fighter goes back to neutral on the bomber; § Tourelles des bombardiers:
    the bomber's remaining cards are discarded."""
    state = emil_on_liberator(["in-my-sights-1", "scissors"], [], 2)
    state = act(state, "axis", {"end": True})
    assert rel(state, X, A) == 0 and plane(state, A).turret_hand == ()


def test_bombers_keep_their_altitude_and_take_no_turn() -> None:
    """book: 004_fe250b7836505b34.txt § Altitude des bombardiers: a bomber flies the
    mission at the altitude on its card (the Stuka Medium, the Kate Low); § Bombardiers:
    it acts only when attacked."""
    state = setup({"mode": "mission", "mission": {"campaign": "poland-1939", "target": 3,
                                                   "origin": "start"}})
    state = acts(state, ("axis", {"option": 3, "choice": ""}),
                 ("allies", {"option": 1, "choice": ""}))
    bombers = [p for p in state.planes if p.bomber]
    assert [(p.aircraft, p.altitude) for p in bombers] == [("ju-87b", 2), ("ju-87b", 2)]
    assert prompt(state) == {"allies": "altitude"}  # the P.11c only
    assert GAME.dataset.aircraft["b5n2-kate"].altitude == "low"


def test_fighter_bomber_turrets_are_its_horsepower_and_jettison_draws_a_full_hand() -> None:
    """book: 004_fe250b7836505b34.txt § Chasseurs-bombardiers: a fighter heading for a
    target is loaded and played as a bomber, its pre-turn horsepower as Defense turret
    and post-turn as Support; at the start of a turn it may jettison its bombs, then
    draws a full hand and flies as a fighter."""
    state = setup({"mode": "mission", "mission": {"sortie": "poland-1939:allies:start:7"}})
    loaded = [p for p in state.planes if p.loaded]
    assert [p.aircraft for p in loaded] == ["p-11c", "p-11c"] and loaded[0].hand == ()
    assert turret(state, loaded[0]) == (1, 0)
    state = acts(state, ("allies", {"option": 1, "choice": ""}),
                 ("axis", {"option": 4, "choice": ""}))
    while "altitude" in prompt(state).values():
        who = next(s for s, k in prompt(state).items() if k == "altitude")
        state = act(state, who, legal(state, who)[2])  # medium
    state = act(state, "axis", {"flak": "normal"})
    state = act(state, "allies", {"formation": "line"})
    if prompt(state) == {"axis": "climb"}:
        state = acts(state, ("axis", {"altitude": "stay"}))
        while state.active and state.active.startswith("axis"):
            who = "axis"
            kind = prompt(state)[who]
            state = act(state, who, {"speed": "skip"} if kind == "speed" else
                        {"end": True} if kind == "actions" else {"discard": None})
    if prompt(state).get("allies") == "order":
        state = act(state, "allies", {"act": A})
    assert prompt(state) == {"allies": "jettison"}
    state = act(state, "allies", {"jettison": True})
    p = plane(state, state.active)
    assert not p.loaded and len(p.hand) == 4 and events("jettison") == [{"plane": p.id}]


def test_the_emil_example_against_two_liberators() -> None:
    """book: 004_fe250b7836505b34.txt § Cartes d'Action des bombardiers (example): the Emil
    (speed 2) lets the defender choose between two Liberators side by side (7 cards);
    its speed point for the advantage meets Out of the Sun, answered by Vertical Roll;
    Yo-Yo as Maneuver 1 to tail meets In My Sights 2 Bursts (2 hits taken); In My Sights
    3 Bursts for 3 hits meets In My Sights 2 Bursts (2 more taken); the bomber keeps an
    In My Sights it cannot play."""
    state = raid(cells=LINE)
    state = hands(state, axis_1=["vertical-roll", "yo-yo", "in-my-sights-3"])
    state = top(state, "out-of-the-sun", "in-my-sights-2", "in-my-sights-2", "in-my-sights-1",
                "scissors", "barrel-roll", "redline")
    state = acts(state, ("axis", {"altitude": "stay"}), ("axis", {"speed": "pick"}),
                 ("allies", {"bomber": A}), ("axis", {"speed": "maneuver"}))
    assert len(plane(state, A).turret_hand) == 7
    state = acts(state, ("allies", {"react": "out-of-the-sun"}),
                 ("axis", {"react": "vertical-roll"}))
    assert rel(state, X, A) == 1 and plane(state, X).damage == 0
    state = acts(state, ("axis", {"play": "yo-yo", "as": "maneuver", "target": A,
                                  "steps": 1}),
                 ("allies", {"react": "in-my-sights-2"}), ("axis", {"react": None}),
                 ("axis", {"evasive": False}))
    assert rel(state, X, A) == 2 and plane(state, X).damage == 2
    state = acts(state, ("axis", {"play": "in-my-sights-3", "as": "attack", "target": A}),
                 ("allies", {"react": "in-my-sights-2"}), ("axis", {"react": None}),
                 ("axis", {"evasive": False}))
    assert (plane(state, A).damage, plane(state, X).damage) == (3, 4)
    assert "in-my-sights-1" in plane(state, A).turret_hand
    assert prompt(state) == {"axis": "actions"}
