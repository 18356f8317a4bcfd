// The board of a hex map (Game.board "hex": Les Ailes de la Gloire): pointy-top
// hexes in "odd-r" offset rows, the aircraft on them facing one of the six sides.
// The view shape (map, pieces) is documented in grid.js; a game on a hex map fills
// the view and needs nothing else here. Secrets, prompts and decisions: the page's
// defaults (the part of the view under the seat's name, the prompt's text, the
// game's labels as buttons).

import { round, svg } from "./generic.js";
import { centre, gridBoard } from "./grid.js";

const ROW = Math.sqrt(3) / 2; // rows of hexes one step apart across their sides

/** The hexes: one polygon per cell, data-cell="q,r". */
function drawCells(width, height, unit) {
  const group = svg("g", { class: "cells" });
  const radius = unit / Math.sqrt(3); // centre to corner, for neighbours one unit apart
  const corners = [30, 90, 150, 210, 270, 330].map((a) => [
    radius * Math.cos((a * Math.PI) / 180), radius * Math.sin((a * Math.PI) / 180)]);
  for (let r = 0; r < height; r += 1) {
    for (let q = 0; q < width; q += 1) {
      const [cx, cy] = centre(q, r, ROW);
      const points = corners.map(([x, y]) => `${round(cx * unit + x)},${round(cy * unit + y)}`).join(" ");
      group.append(svg("polygon", { class: "cell", points, dataset: { cell: `${q},${r}` } }));
    }
  }
  return group;
}

const GEOMETRY = { kind: "hex", rowHeight: ROW, drawCells, pieceScale: 0.3 };

/** The hex map with its pieces, or the view as tables when it has no map. */
export function render(observation, seat) {
  return gridBoard(observation, seat, GEOMETRY);
}
