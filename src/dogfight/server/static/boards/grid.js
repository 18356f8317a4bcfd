// A map of cells as SVG, for the hex map and the triangle-point grid (hex.js,
// triangle.js give the geometry and what their games add). The view shape both draw:
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
// (different altitudes) are drawn fanned out around it, with their count.
//
// A geometry may add layers: `under(ctx)` (zones, arcs: under the pieces), `over(ctx)`
// (above them), `badge(piece, ctx)` (a short text on the counter, e.g. its altitude),
// `shortLabel(piece, ctx)`; ctx = {unit, at(q, r) -> [x, y], view, observation, seat,
// colours}. `UNIT` is one step between neighbouring cells in SVG units, so a page's
// widget may draw on the board later (`at`).

import { el } from "../common.js";
import { t } from "../i18n.js";
import { genericBoard, legend, round, sideColours, svg } from "./generic.js";

const ACTIVE = [undefined, null, "", "flying", "active", "access"]; // "access": waiting to enter
export const UNIT = 60;
export const ROW = Math.sqrt(3) / 2; // rows one step apart (hexes across their sides, points along lines)

/** The centre of cell [q, r] in units of one step between neighbours. */
export function centre(q, r, rowHeight = ROW) {
  return [q + (Math.abs(r) % 2) * 0.5, r * rowHeight];
}

/** The centre of cell [q, r] in SVG units. */
export function at(q, r) {
  const [x, y] = centre(q, r, ROW);
  return [round(x * UNIT), round(y * UNIT)];
}

/** An aircraft seen from above, nose east (rotate it to its facing). */
export function planePath(size) {
  const s = (v) => round(size * v);
  return `M${s(1)},0 L${s(0.2)},${s(-0.3)} L${s(-0.1)},${s(-1)} L${s(-0.35)},${s(-1)} L${s(-0.3)},${s(-0.25)} `
    + `L${s(-0.85)},${s(-0.35)} L${s(-1)},0 L${s(-0.85)},${s(0.35)} L${s(-0.3)},${s(0.25)} L${s(-0.35)},${s(1)} `
    + `L${s(-0.1)},${s(1)} L${s(0.2)},${s(0.3)} Z`;
}

/** Small CSS the grid boards need, added to the page once (the shared style.css is not theirs). */
export function ensureStyle(id, css) {
  if (typeof document === "undefined" || document.getElementById(id)) return;
  const style = document.createElement("style");
  style.id = id;
  style.textContent = css;
  document.head.append(style);
}

/**
 * The board of a grid view: `geometry` = {kind, rowHeight, drawCells(width, height,
 * unit) -> SVG group, pieceScale, under?, over?, badge?, shortLabel?}; the view as
 * tables when it has no map.
 */
export function gridBoard(observation, seat, geometry) {
  const view = observation?.view;
  const map = view?.map;
  if (!map || !(Number(map.width) > 0) || !(Number(map.height) > 0)) return genericBoard(observation);
  const width = Number(map.width);
  const height = Number(map.height);
  const seats = observation.seats || {};
  const colours = geometry.colours?.(observation) || sideColours(seats);
  const unit = UNIT;
  const margin = geometry.margin ?? 2 * unit; // room for pieces one cell off the map (access points) and labels
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
  const ctx = { unit, at, view, observation, seat, colours, width, height };
  if (geometry.under) board.append(geometry.under(ctx));

  const pieces = Array.isArray(view.pieces) ? view.pieces : [];
  const stacks = new Map(); // "q,r" -> pieces there
  for (const piece of pieces) {
    const [q, r] = Array.isArray(piece.cell) ? piece.cell : [0, 0];
    const key = `${q},${r}`;
    if (!stacks.has(key)) stacks.set(key, []);
    stacks.get(key).push(piece);
  }
  const layer = svg("g", { class: "pieces" });
  const labelSize = geometry.labelSize || 13;
  const labels = svg("g", { class: "labels", "font-size": labelSize });
  const badges = svg("g", { class: "badges" });
  for (const [key, here] of stacks) {
    const [q, r] = key.split(",").map(Number);
    const [cx, cy] = centre(q, r, geometry.rowHeight);
    const many = here.length > 1;
    const scale = here.length > 2 ? 0.55 : many ? 0.68 : 1;
    here.forEach((piece, index) => {
      // a stack: fanned out around the cell's centre, first on the left
      const angle0 = Math.PI + (2 * Math.PI * index) / here.length;
      const spread = here.length > 2 ? unit * 0.26 : many ? unit * 0.22 : 0;
      const x = round(cx * unit + spread * Math.cos(angle0));
      const y = round(cy * unit + spread * Math.sin(angle0) * 0.85);
      const active = ACTIVE.includes(piece.status);
      const mine = seat !== null && seat !== undefined && (piece.seat === seat || piece.seat === true);
      const colour = active ? colours[piece.side] || "#555" : "#9a9a9a";
      const facing = 60 * (Number(piece.facing) || 0); // SVG's y runs down: clockwise
      const size = round(unit * geometry.pieceScale * scale);
      const classes = ["piece", active ? "active" : "eliminated", mine ? "mine" : ""].filter(Boolean);
      const badge = geometry.badge?.(piece, ctx);
      layer.append(svg("g", {
        class: classes.join(" "),
        dataset: { piece: String(piece.id), cell: key, facing: String(piece.facing ?? 0), side: piece.side ?? "" },
        transform: `translate(${x},${y}) rotate(${facing})`,
        tabindex: geometry.selectable ? 0 : null,
      },
      svg("title", {}, `${piece.label || piece.id}${piece.status && !active ? ` (${t(piece.status)})` : ""}`),
      svg("path", { class: "token", fill: colour, d: planePath(size) })));
      // its badge (e.g. the altitude) upright, above its right wing
      if (badge) {
        badges.append(svg("text", {
          class: "badge", x: round(x + size * 0.45), y: round(y - size * 0.6), "font-size": round((geometry.badgeSize || unit * 0.22) * (here.length > 2 ? 0.7 : many ? 0.85 : 1)),
          dataset: { piece: String(piece.id) },
        }, badge));
      }
      // the label beside the piece when alone; a stack's, one line under the cell
      const text = geometry.shortLabel?.(piece, ctx) || piece.label || piece.id;
      labels.append(svg("text", {
        class: `piece-label${active ? "" : " eliminated"}`,
        x: many ? round(cx * unit + (index - (here.length - 1) / 2) * labelSize * (String(text).length * 0.62 + 0.8)) : round(cx * unit),
        y: round(cy * unit + (many ? unit * 0.42 : size) + labelSize * 0.9),
        "text-anchor": "middle",
        dataset: { piece: String(piece.id) },
      }, text));
    });
    if (many) {
      layer.append(svg("text", {
        class: "stack-count", x: round(cx * unit - unit * 0.42), y: round(cy * unit - unit * 0.3), "font-size": round(labelSize * 0.95),
      }, `×${here.length}`));
    }
  }
  board.append(layer, badges, labels);
  if (geometry.over) board.append(geometry.over(ctx));
  const scroller = el("div", { class: "board-scroll" }, board);
  const focus = geometry.focus?.(ctx);
  if (focus) {
    // on a narrow screen the map scrolls sideways: bring this cell into sight
    requestAnimationFrame(() => {
      if (scroller.scrollWidth > scroller.clientWidth) {
        const share = (Number(focus[0]) + 0.5) / width;
        scroller.scrollLeft = Math.max(0, share * scroller.scrollWidth - scroller.clientWidth / 2);
      }
    });
  }
  return el("div", { class: "board-wrap" }, scroller, legend(colours, seats, seat), geometry.after?.(ctx) || null);
}

/** A die face as SVG (1 to 6 pips), or a square with the value for other dice. */
export function dieFace(value, { colour = "#fff", ink = "#1b1b1b", size = 28, label } = {}) {
  const box = svg("svg", {
    class: "die", width: size, height: size, viewBox: "0 0 30 30", role: "img",
    "aria-label": label || String(value),
  });
  box.append(svg("rect", { x: 1, y: 1, width: 28, height: 28, rx: 5, fill: colour, stroke: ink, "stroke-width": 1.5 }));
  const pips = { 1: [[15, 15]], 2: [[8, 8], [22, 22]], 3: [[8, 8], [15, 15], [22, 22]],
    4: [[8, 8], [22, 8], [8, 22], [22, 22]], 5: [[8, 8], [22, 8], [15, 15], [8, 22], [22, 22]],
    6: [[8, 8], [22, 8], [8, 15], [22, 15], [8, 22], [22, 22]] }[String(value)];
  if (pips && !label) {
    for (const [x, y] of pips) box.append(svg("circle", { cx: x, cy: y, r: 2.8, fill: ink }));
  } else {
    box.append(svg("text", { x: 15, y: 20, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: ink },
      label || String(value)));
  }
  return box;
}

/**
 * The page's buttons for `legal`, each naming a `target` lighting that piece on the board
 * while hovered or focused (fire orders, tailing).
 */
export function targetButtons(legal, labels, ctx) {
  const box = ctx.buttons(legal, labels);
  const light = (id, on) => {
    for (const g of document.querySelectorAll(`svg.grid-board .piece[data-piece="${CSS.escape(String(id))}"]`)) {
      g.classList.toggle("targeted", on);
    }
  };
  for (const button of box.querySelectorAll("button[data-decision]")) {
    let decision = null;
    try { decision = JSON.parse(button.dataset.decision); } catch { continue; }
    const ids = [decision?.target, decision?.pilot?.target, decision?.observer?.target].filter(Boolean);
    if (!ids.length) continue;
    const on = () => ids.forEach((id) => light(id, true));
    const off = () => ids.forEach((id) => light(id, false));
    button.addEventListener("mouseenter", on);
    button.addEventListener("focus", on);
    button.addEventListener("mouseleave", off);
    button.addEventListener("blur", off);
  }
  return box;
}

/** An animation of `count` steps (`show(i)` draws step i), `delay` ms apart at the
 * player's speed (ctl.speed()); at the end, or on skip: `cleanup()`, then ctl.done().
 * Returns the handle {skip} of a board's `animate`. */
export function playSteps(count, show, cleanup, ctl, delay) {
  let index = 0;
  let timer = null;
  let over = false;
  const finish = () => {
    if (over) return;
    over = true;
    clearTimeout(timer);
    cleanup();
    ctl.done();
  };
  const next = () => {
    if (over) return;
    if (index >= count) { finish(); return; }
    show(index);
    index += 1;
    timer = setTimeout(next, delay / (ctl.speed() || 1));
  };
  next();
  return { skip: finish };
}
