// The board of a triangle-point grid (Game.board "triangle": Age of Dogfights): a
// grid of equilateral triangles whose corners, the points, hold the aircraft, each
// facing one of the six lines leaving its point. The view shape (map, pieces) is
// documented in grid.js; a game on this grid fills the view and needs nothing else
// here. Secrets, prompts and decisions: the page's defaults.

import { round, svg } from "./generic.js";
import { centre, gridBoard } from "./grid.js";

const ROW = Math.sqrt(3) / 2; // rows of points one step apart along the lines

/** The grid's lines (to the east and to the two points below) and its points. */
function drawCells(width, height, unit) {
  const lines = svg("g", { class: "grid-lines" });
  const points = svg("g", { class: "cells" });
  const at = (q, r) => centre(q, r, ROW).map((v) => round(v * unit));
  const inside = (q, r) => q >= 0 && q < width && r >= 0 && r < height;
  const dot = unit * 0.12;
  for (let r = 0; r < height; r += 1) {
    const shift = r % 2; // odd rows sit half a step right: their lower neighbours are q and q+1
    for (let q = 0; q < width; q += 1) {
      const [x, y] = at(q, r);
      for (const [nq, nr] of [[q + 1, r], [q - 1 + shift, r + 1], [q + shift, r + 1]]) {
        if (!inside(nq, nr)) continue;
        const [x2, y2] = at(nq, nr);
        lines.append(svg("line", { x1: x, y1: y, x2, y2 }));
      }
      // a point is a small hexagon
      const corners = [0, 60, 120, 180, 240, 300].map((a) =>
        `${round(x + dot * Math.cos((a * Math.PI) / 180))},${round(y + dot * Math.sin((a * Math.PI) / 180))}`);
      points.append(svg("polygon", { class: "cell point", points: corners.join(" "), dataset: { cell: `${q},${r}` } }));
    }
  }
  return svg("g", {}, lines, points);
}

const GEOMETRY = { kind: "triangle", rowHeight: ROW, drawCells, pieceScale: 0.26 };

/** The grid with its pieces, or the view as tables when it has no map. */
export function render(observation, seat) {
  return gridBoard(observation, seat, GEOMETRY);
}
