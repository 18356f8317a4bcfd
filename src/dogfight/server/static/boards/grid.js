// A map of cells as SVG, for the hex map and the triangle-point grid (hex.js,
// triangle.js give the geometry). The view shape both draw:
//
//   view.map    = {kind: "hex" | "triangle", width: W, height: H}
//   view.pieces = [{id, cell: [q, r], facing: 0..5, label?, side?, seat?, status?}]
//
// Cells (hexes, or the grid's points) are numbered in "odd-r" offset coordinates:
// q the column (0 .. W-1, left to right), r the row (0 .. H-1, top to bottom), every
// odd row shifted right by half a step (the kit's `to_offset`, dogfight.kit.grids). A
// facing f points 60°·f clockwise from east, as the kit numbers them: 0 east,
// 1 south-east, 2 south-west, 3 west, 4 north-west, 5 north-east (the six neighbours
// of a hex across its sides, or of a point along the grid's lines).
// `label` is written under the piece (its id when absent); `side` gives its colour
// (the seats' sides, in seat order); `seat` marks the reader's own pieces; a `status`
// other than "flying"/"active" (e.g. "down") greys it out. Several pieces on one cell
// (different altitudes) are drawn side by side.

import { el } from "../common.js";
import { t } from "../i18n.js";
import { genericBoard, legend, round, sideColours, svg } from "./generic.js";

const ACTIVE = [undefined, null, "", "flying", "active"];

/** The centre of cell [q, r] in units of one step between neighbours. */
export function centre(q, r, rowHeight) {
  return [q + (Math.abs(r) % 2) * 0.5, r * rowHeight];
}

/**
 * The board of a grid view: `geometry` = {kind, rowHeight, drawCells(map) -> SVG
 * group, pieceScale}; the view as tables when it has no map.
 */
export function gridBoard(observation, seat, geometry) {
  const view = observation?.view;
  const map = view?.map;
  if (!map || !(Number(map.width) > 0) || !(Number(map.height) > 0)) return genericBoard(observation);
  const width = Number(map.width);
  const height = Number(map.height);
  const seats = observation.seats || {};
  const colours = sideColours(seats);
  const unit = 60; // one step, in SVG units
  const margin = 2 * unit; // room for pieces one cell off the map (access points) and labels
  const right = (width - (height > 1 ? 0.5 : 1)) * unit; // the last centre of a row
  const bottom = (height - 1) * geometry.rowHeight * unit;
  const board = svg("svg", {
    class: `board grid-board ${geometry.kind}-board`,
    viewBox: `${-margin} ${-margin} ${round(right + 2 * margin)} ${round(bottom + 2 * margin)}`,
    preserveAspectRatio: "xMidYMid meet",
    role: "img",
    "aria-label": t("The game"),
    dataset: { map: geometry.kind, width: String(width), height: String(height) },
  });
  board.append(svg("title", {}, `${t("The game")}: ${width} × ${height}`));
  board.append(geometry.drawCells(width, height, unit));

  const pieces = Array.isArray(view.pieces) ? view.pieces : [];
  const stacks = new Map(); // "q,r" -> pieces there
  for (const piece of pieces) {
    const [q, r] = Array.isArray(piece.cell) ? piece.cell : [0, 0];
    const key = `${q},${r}`;
    if (!stacks.has(key)) stacks.set(key, []);
    stacks.get(key).push(piece);
  }
  const layer = svg("g", { class: "pieces" });
  const labels = svg("g", { class: "labels", "font-size": 13 });
  for (const [key, here] of stacks) {
    const [q, r] = key.split(",").map(Number);
    const [cx, cy] = centre(q, r, geometry.rowHeight);
    const scale = here.length > 1 ? 0.7 : 1; // a stack: smaller pieces side by side
    here.forEach((piece, index) => {
      const shift = (index - (here.length - 1) / 2) * unit * 0.45;
      const x = round(cx * unit + shift);
      const y = round(cy * unit);
      const active = ACTIVE.includes(piece.status);
      const mine = seat !== null && seat !== undefined && piece.seat === seat;
      const colour = active ? colours[piece.side] || "#555" : "#9a9a9a";
      const angle = 60 * (Number(piece.facing) || 0);  // SVG's y runs down: clockwise
      const size = round(unit * geometry.pieceScale * scale);
      const classes = ["piece", active ? "active" : "eliminated", mine ? "mine" : ""].filter(Boolean);
      layer.append(svg("g", {
        class: classes.join(" "),
        dataset: { piece: String(piece.id), cell: key, facing: String(piece.facing ?? 0), side: piece.side ?? "" },
        transform: `translate(${x},${y}) rotate(${angle})`,
      },
      svg("title", {}, `${piece.label || piece.id}${piece.status && !active ? ` (${t(piece.status)})` : ""}`),
      svg("path", {
        class: "token", fill: colour,
        // an aircraft seen from above, nose towards its facing (east before turning)
        d: `M${size},0 L${round(size * 0.2)},${round(-size * 0.3)} L${round(-size * 0.1)},${round(-size)} `
          + `L${round(-size * 0.35)},${round(-size)} L${round(-size * 0.3)},${round(-size * 0.25)} `
          + `L${round(-size * 0.85)},${round(-size * 0.35)} L${round(-size)},0 L${round(-size * 0.85)},${round(size * 0.35)} `
          + `L${round(-size * 0.3)},${round(size * 0.25)} L${round(-size * 0.35)},${size} L${round(-size * 0.1)},${size} `
          + `L${round(size * 0.2)},${round(size * 0.3)} Z`,
      })));
      // the labels of a stack one under the other, below the cell
      labels.append(svg("text", {
        class: `piece-label${active ? "" : " eliminated"}`, x: round(cx * unit), y: round(y + size + 14 + index * 15),
        "text-anchor": "middle",
        dataset: { piece: String(piece.id) },
      }, piece.label || piece.id));
    });
  }
  board.append(layer, labels);
  return el("div", { class: "board-wrap" }, board, legend(colours, seats, seat));
}
