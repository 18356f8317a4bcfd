// The board modules, by the kind of map a game is played on: the game's `board`
// (core Game.board), which the server sends in each observation (`observation.board`)
// and in the catalogue (`GET /api/catalog`: each game's `board`). The shared pages
// (board.js, table.js, replay.js) draw a game through its board module only; they
// never name a game.
//
// A board module exports (every function but `render` may be left out):
//
//   render(observation, seat) -> Element        the board: the map, or cards and counters
//   secrets(observation, seat) -> Element|null  what only this seat sees of its own pieces
//   promptText(prompt, observation) -> string|null     the prompt in the reader's language
//   decisionText(observation, decision, label) -> string|null   a legal decision in words
//   status(observation) -> string[]             words for the status line after the turn
//   decisions(observation, legal, labels, ctx) -> Element|null
//       the prompt's own widgets (e.g. a card planner), or null for the page's buttons;
//       ctx = {matchId, seat, busy(), send(decisions, accepted?) -> Promise<bool>,
//              buttons(legal, labels) -> Element, keys({undo, confirm})}
//   animate(node, events, before, after, ctl) -> {skip()}|null
//       show the new events ({n, kind, data}: body.events) on the board just drawn in
//       node, from the observation `before` (moves along their paths, shots...);
//       ctl = {speed() -> number, step(text), done()}; board.js's playEvents adds the
//       speed control and the skip button. The table and the replay use it alike.
//   load(observation) -> Promise<bool>          fetch what the board draws from, once
//   ready(observation) -> bool                  whether that is here (else drawn again
//                                               once load() resolves)
//
// A null answer means "the page's default": the prompt's own text, the game's label.
// A new kind of map adds one module here; a new game on a known kind adds nothing.

import * as hex from "./hex.js";
import * as none from "./none.js";
import * as table from "./table.js";
import * as triangle from "./triangle.js";

export const BOARDS = { table, hex, triangle, none };

/** The board module of an observation, by its board kind ("none" when unknown). */
export function boardOf(observation) {
  return BOARDS[observation?.board] || BOARDS.none;
}
