"""Issue 14 in a real browser: a friend's seat of a game not listed in the lobby is
neither shown nor takable there by a third browser; its invitation link admits the
friend. And issue 15 point 3: a chosen seed shows "Practice" in the lobby and in the
table's header. Screenshots of the lobby (desktop and 390x844) for looking at."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from .conftest import require_browser

require_browser()


def create_from_lobby(page: Any, base: str, *, listed: bool, seed: int | None = None) -> str:
    """A Wings of War duel made with the lobby's form, the Central Powers' seat open."""
    page.goto(f"{base}/?lang=en")
    page.wait_for_selector("#new-game[data-preview=ready]")
    page.select_option("select[name=game]", "wings-of-war")
    page.wait_for_selector("#new-game[data-preview=ready]")
    page.select_option("select[name='seat.central']", "open")
    if seed is not None:
        page.fill("input[name=seed]", str(seed))
    assert not page.is_checked("input[name=listed]")  # invitation only by default
    if listed:
        page.check("input[name=listed]")
    page.click("#create")
    page.wait_for_url("**/table.html*")
    return str(parse_qs(urlparse(page.url).query)["id"][0])


def test_an_unlisted_seat_is_taken_only_through_its_invitation(server: str,
                                                                new_page: Any) -> None:
    creator, stranger, friend = new_page(), new_page(), new_page()
    match_id = create_from_lobby(creator, server, listed=False, seed=3)
    creator.wait_for_selector("#invites .invite-url")
    link = creator.input_value("#invites .invite-url")
    invite = parse_qs(urlparse(link).query)["invite"][0]
    assert len(invite) >= 32
    # the practice mark in the table's header
    assert "Practice · seed 3" in creator.inner_text("header.top .practice-mark")

    # a third browser: the seat is not in the lobby, and the server refuses it without
    # its invitation (even knowing the game's id, e.g. from a spectator link)
    stranger.goto(f"{server}/?lang=en")
    stranger.wait_for_selector("#open-seats-body p.hint, #open-seats-body table")
    assert stranger.locator(f"#open-seats-body tr[data-id='{match_id}']").count() == 0
    assert invite not in stranger.content()
    refused = stranger.evaluate(
        """async (id) => (await fetch(`/api/matches/${id}/join`, {method: "POST",
           headers: {"content-type": "application/json"},
           body: JSON.stringify({seat: "central"})})).status""", match_id)
    assert refused == 403
    stranger.goto(f"{server}/?lang=en&join={match_id}&seat=central")  # the link, cut
    stranger.wait_for_selector("#join-invite .message.error")
    assert "lacks its invitation" in stranger.inner_text("#join-invite")
    assert stranger.locator("#join-invite button.join-invited").count() == 0

    # the friend opens the whole link and takes the seat
    friend.goto(link)
    friend.wait_for_selector("#join-invite button.join-invited")
    assert "(Practice)" in friend.inner_text("#join-invite")
    friend.click("#join-invite button.join-invited")
    friend.wait_for_url("**/table.html*")
    friend.wait_for_selector("#prompt .hand button.card")
    assert friend.get_attribute("body", "data-seat") == "central"
    creator.wait_for_function("() => !document.querySelector('#invites .invite-url')")
    # the link admits once
    again = stranger.evaluate(
        """async ([id, invite]) => (await fetch(`/api/matches/${id}/join`, {method: "POST",
           headers: {"content-type": "application/json"},
           body: JSON.stringify({seat: "central", invite})})).status""", [match_id, invite])
    assert again == 409


def test_a_listed_seat_is_in_the_lobby_marked_practice(server: str, new_page: Any,
                                                       tmp_path: Path) -> None:
    creator, other = new_page(), new_page()
    match_id = create_from_lobby(creator, server, listed=True, seed=5)
    other.goto(f"{server}/?lang=en")
    row = f"#open-seats-body tr[data-id='{match_id}'][data-seat='central']"
    other.wait_for_selector(row)
    assert "(Practice)" in other.inner_text(row)
    creator.goto(f"{server}/?lang=en")  # my games: the state says practice too
    creator.wait_for_selector(f"#my-games-body tr[data-id='{match_id}'] .match-state")
    assert "Practice" in creator.inner_text(f"#my-games-body tr[data-id='{match_id}']")
    images = (Path(__file__).resolve().parents[2] / "docs" / "img"
              if os.environ.get("DOGFIGHT_SCREENSHOTS") else tmp_path)
    creator.screenshot(path=str(images / "lobby-invitations.png"), full_page=True)
    phone = new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(f"{server}/?lang=en")
    phone.wait_for_selector("#new-game[data-preview=ready]")
    phone.wait_for_selector(row)
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the lobby is {width} px wide on a 390 px phone"
    phone.screenshot(path=str(images / "lobby-invitations-phone.png"), full_page=True)
    other.click(f"{row} button.join")  # a listed seat: taken without an invitation
    other.wait_for_url("**/table.html*")
    other.wait_for_selector("body[data-seat=central]")


def test_the_replay_and_the_table_mark_a_practice_game_only(server: str,
                                                            new_page: Any) -> None:
    """Two computer pilots fly a practice duel to its end: its replay says "Practice ·
    seed 9"; a game whose seed the server drew has no mark."""
    page = new_page()
    page.goto(f"{server}/?lang=en")
    pilots = {"allies": {"kind": "pilot", "pilot": "random"},
              "central": {"kind": "pilot", "pilot": "random"}}
    made = page.evaluate(
        """async ([seats, seed]) => {
             const body = {game: "wings-of-war", options: {max_turns: 1}, seats};
             if (seed !== null) body.seed = seed;
             const answer = await fetch("/api/matches", {method: "POST",
               headers: {"content-type": "application/json"}, body: JSON.stringify(body)});
             return (await answer.json()).id; }""", [pilots, 9])
    drawn = page.evaluate(
        """async () => (await (await fetch("/api/matches", {method: "POST",
             headers: {"content-type": "application/json"}, body: JSON.stringify(
             {game: "wings-of-war", seats: {allies: {kind: "human"}}})})).json()).id""")
    page.goto(f"{server}/table.html?id={made}&lang=en")
    page.wait_for_selector("body[data-status=over]", timeout=60_000)
    assert page.inner_text("header.top .practice-mark") == "Practice · seed 9"
    page.goto(f"{server}/replay.html?id={made}&lang=en")
    page.wait_for_selector("header.top .practice-mark")
    assert page.inner_text("header.top .practice-mark") == "Practice · seed 9"
    page.goto(f"{server}/table.html?id={drawn}&lang=en")
    page.wait_for_selector("body[data-status=active]")
    assert page.locator(".practice-mark").count() == 0
