// The board of a triangle-point grid (Game.board "triangle": Age of Dogfights): a
// grid of equilateral triangles whose corners, the points, hold the aircraft, each
// facing one of the six lines leaving its point. The view shape (map, pieces) is
// documented in grid.js; a game on this grid fills the view and needs nothing else
// here. What the view may add, each drawn when there:
//
//   view.table    = {pieces: [first column of each board piece], border: depth,
//                    clouds: [{cell, top}], sun: "E"|..., wind: "NE"|... (from)}
//   view.zones    = {seat: {letter: [[q, r], ...]}}: target zones, by whose they are
//   view.aircraft = {id: {type, seat, level, tilt, damage, bursts, jammed, throttle,
//                    pilot, ...}}: the control panels; view.flight: the aircraft moving
//   view.zone_draft = {proposer, zones: [[column, row] of A, B, C placed], answering,
//                    proposal, proposals, size: [columns, rows], sides}: the target zones
//                    being placed by agreement; the proposer's prompt is a planner (a lit
//                    point per place allowed, the zone and its mirror shown, Confirm)
//   observation.hints.reach = {start, nodes: [{cell, facing, level, next: {step: node},
//                    done, off, path?, fire?, risk?}]}: for the seat steering, every way
//                    its move may go on; its prompt is a planner, step by step with
//                    undo, sent on Confirm.

import { el, fill } from "../common.js";
import { t } from "../i18n.js";
import { genericSecrets, round, svg } from "./generic.js";
import { ROW, UNIT, at, centre, dieFace, ensureStyle, gridBoard, planePath, playSteps, targetButtons } from "./grid.js";

const DIRECTION = { E: 0, SE: 1, SW: 2, W: 3, NW: 4, NE: 5 };
const STEPS = { F: "Straight ahead", L: "Turn left 60°", R: "Turn right 60°" };
const SEAT_COLOURS = { allies: "#2563b8", germany: "#c0392b" };

ensureStyle("triangle-board-style", `
svg.grid-board .piece.targeted .token { stroke: #c0392b; stroke-width: 6; }
svg.triangle-board .badge { font-weight: 700; fill: #111; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
svg.triangle-board .stack-count { font-weight: 700; fill: #333; }
svg.triangle-board .table-label { fill: #555; font-style: italic; }
svg.triangle-board .reach-end { fill: rgba(240, 180, 41, 0.55); stroke: #b07d00; stroke-width: 1.5; cursor: pointer; }
svg.triangle-board .reach-end.fire { fill: rgba(46, 139, 87, 0.8); stroke: #1e5e3a; }
svg.triangle-board .reach-end.risk { stroke: #c0392b; stroke-width: 3; }
svg.triangle-board .plan-line { fill: none; stroke: #f0b429; stroke-width: 5; stroke-linecap: round; stroke-linejoin: round; }
svg.triangle-board .ghost path { fill: rgba(255,255,255,0.6); stroke: #111; stroke-width: 2.5; stroke-dasharray: 5 3; }
.aod-panels { width: 100%; border-collapse: collapse; font-size: 0.85rem; margin: 0.3rem 0; }
.aod-panels th, .aod-panels td { border-bottom: 1px solid #ddd; padding: 0.15rem 0.35rem; text-align: left; }
.aod-panels tr.moving { background: #fff4d6; font-weight: 600; }
.aod-flight { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin: 0.3rem; }
.steer-planner .steps { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.4rem 0; }
.steer-planner .steps button { min-width: 6.5rem; }
.steer-planner .plan { font-family: monospace; font-size: 1.05rem; }
.steer-planner ul { margin: 0.2rem 0; padding-left: 1.2rem; }
.aod-table-key { font-size: 0.8rem; color: #555; margin: 0 0.3rem; }
svg.triangle-board .zone-corner { fill: rgba(240, 180, 41, 0.45); stroke: #b07d00; stroke-width: 1.5; cursor: pointer; }
svg.triangle-board .zone-corner:hover { fill: rgba(240, 180, 41, 0.9); }
svg.triangle-board .zone-ghost circle { fill: var(--zone, #b07d00); fill-opacity: 0.3; stroke: var(--zone, #b07d00); stroke-width: 3; stroke-dasharray: 6 3; }
svg.triangle-board .zone-ghost text { fill: var(--zone, #7a5b00); font-weight: 700; }
.zone-planner .moves { display: grid; grid-template-columns: repeat(3, 44px); grid-template-rows: repeat(2, 44px); gap: 0.3rem; margin: 0.3rem 0; }
.zone-planner .moves button { min-width: 44px; min-height: 44px; padding: 0; font-size: 1.2rem; }
.zone-planner .row { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.3rem 0; }
.zone-planner .row button { min-height: 44px; }
.sheet-toggle { display: none; }
@media (max-width: 700px) {
  /* on a phone the decisions are a bottom sheet over the board: both usable at once */
  body:has(svg.triangle-board) #prompt:not(:empty) {
    position: fixed; left: 0; right: 0; bottom: 0; z-index: 30; max-height: 46vh; overflow-y: auto;
    border-radius: 14px 14px 0 0; box-shadow: 0 -4px 16px rgba(0, 0, 0, 0.25); padding: 0.2rem 0.7rem 0.6rem;
    overscroll-behavior: contain;
  }
  body:has(svg.triangle-board) #prompt.collapsed:has(.sheet-toggle) { max-height: 3.6rem; overflow: hidden; }
  body:has(svg.triangle-board) .table-layout { padding-bottom: 48vh; }
  body:has(svg.triangle-board) .sheet-toggle {
    display: block; width: 100%; min-height: 44px; margin: 0 0 0.2rem; border: none; background: transparent; font-size: 0.9rem; color: #555;
  }
  body:has(svg.triangle-board) .sheet-toggle::before { content: ""; display: block; width: 3rem; height: 0.3rem; margin: 0 auto 0.2rem; border-radius: 3px; background: #bbb; }
  .steer-planner .steps button { min-width: 0; flex: 1 1 6rem; }
  body:has(svg.triangle-board) #prompt h2, body:has(svg.triangle-board) #prompt h3 { font-size: 1rem; margin: 0.2rem 0; }
  .zone-planner .hint, .steer-planner .hint { font-size: 0.82rem; margin: 0.2rem 0; }
  .zone-planner .layout { display: flex; flex-wrap: wrap; gap: 0.6rem; align-items: center; }
}
@media (max-width: 700px) {
  .board-panel:has(svg.triangle-board) { min-width: 0; }
  .board-scroll:has(svg.triangle-board) { overflow-x: auto; max-width: 100%; }
  svg.triangle-board { min-width: 900px; }
  .aod-panel-box { overflow-x: auto; }
  .aod-panels td, .aod-panels th { white-space: nowrap; }
}
`);

// ================================================================== the board
/** The grid's lines (to the east and to the two points below) and its points. */
function drawCells(width, height, unit) {
  const lines = svg("g", { class: "grid-lines" });
  const points = svg("g", { class: "cells" });
  const atUnit = (q, r) => centre(q, r, ROW).map((v) => round(v * unit));
  const inside = (q, r) => q >= 0 && q < width && r >= 0 && r < height;
  const dot = unit * 0.12;
  for (let r = 0; r < height; r += 1) {
    const shift = r % 2; // odd rows sit half a step right: their lower neighbours are q and q+1
    for (let q = 0; q < width; q += 1) {
      const [x, y] = atUnit(q, r);
      for (const [nq, nr] of [[q + 1, r], [q - 1 + shift, r + 1], [q + shift, r + 1]]) {
        if (!inside(nq, nr)) continue;
        const [x2, y2] = atUnit(nq, nr);
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

/** The board's pieces, border zone, target zones, clouds, sun and wind. */
function tableLayer(ctx) {
  const group = svg("g", { class: "table-layer" });
  const table = ctx.view.table;
  const bottom = (ctx.height - 1) * ROW * UNIT;
  const right = (ctx.width - 0.5) * UNIT;
  if (table) {
    const band = Number(table.border) || 0;
    if (band) {
      // the border zone: the band `border` points deep along the edges
      const inner = { x: (band - 0.25) * UNIT, y: (band - 0.5) * ROW * UNIT };
      group.append(svg("path", {
        class: "border-zone", "fill-rule": "evenodd", fill: "rgba(120, 120, 120, 0.13)", stroke: "none",
        d: `M${-UNIT * 0.5},${-UNIT * 0.5} H${round(right + UNIT * 0.5)} V${round(bottom + UNIT * 0.5)} H${-UNIT * 0.5} Z `
          + `M${round(inner.x)},${round(inner.y)} V${round(bottom - inner.y)} H${round(right - inner.x)} V${round(inner.y)} Z`,
      }));
    }
    (table.pieces || []).forEach((first, index) => {
      const x = first === 0 ? null : round((first - 0.25) * UNIT);
      if (x !== null) {
        group.append(svg("line", { class: "piece-edge", x1: x, y1: -UNIT * 0.5, x2: x, y2: round(bottom + UNIT * 0.5), stroke: "#6b7b55", "stroke-width": 3 }));
      }
      const next = table.pieces[index + 1] ?? ctx.width;
      group.append(svg("text", {
        class: "table-label", x: round(((first + next) / 2 - 0.25) * UNIT), y: round(bottom + UNIT * 0.95), "text-anchor": "middle", "font-size": 30,
      }, t("board piece {n}", { n: index + 1 })));
    });
    for (const cloud of table.clouds || []) {
      const [x, y] = at(cloud.cell[0], cloud.cell[1]);
      group.append(svg("g", { class: "cloud", dataset: { cell: cloud.cell.join(",") } },
        svg("ellipse", { cx: x, cy: y, rx: UNIT * 1.1, ry: UNIT * 0.6, fill: "rgba(180, 190, 205, 0.75)", stroke: "#8d99ab" }),
        svg("text", { x, y: y + 8, "text-anchor": "middle", "font-size": 24, fill: "#222" }, t("cloud to L{top}", { top: cloud.top }))));
    }
    if (table.sun) {
      // the sun above the board's top edge, on its side, an arrow toward it
      const facing = DIRECTION[table.sun];
      const east = [0, 1, 5].includes(facing);
      const x = round(east ? right - UNIT * 0.5 : UNIT * 0.5);
      const y = round(-UNIT * 1.0);
      group.append(svg("g", { class: "sun", transform: `translate(${x},${y})` },
        svg("circle", { r: UNIT * 0.38, fill: "#f6c945", stroke: "#c99700", "stroke-width": 2 }),
        svg("text", { x: east ? -UNIT * 0.55 : UNIT * 0.55, y: 9, "text-anchor": east ? "end" : "start", "font-size": 26, fill: "#7a5b00" },
          t("sun ({side})", { side: table.sun }))));
    }
    if (table.wind) {
      // an arrow blowing from `wind` across the board
      const toward = (DIRECTION[table.wind] + 3) % 6;
      const [x, y] = [round(right / 2), round(-UNIT * 0.95)];
      group.append(svg("g", { class: "wind", transform: `translate(${x},${y})` },
        svg("path", { d: "M-60,0 H50 M30,-16 L52,0 L30,16", stroke: "#2c6e8f", "stroke-width": 6, fill: "none", transform: `rotate(${60 * toward})` }),
        svg("text", { x: 75, y: 9, "font-size": 28, fill: "#2c6e8f" }, t("wind from {side}", { side: table.wind }))));
    }
  }
  for (const [seat, zones] of Object.entries(ctx.view.zones || {})) {
    for (const [letter, cells] of Object.entries(zones)) {
      const colour = ctx.colours[seat] || SEAT_COLOURS[seat] || "#555";
      const zone = svg("g", { class: "target-zone", dataset: { seat, zone: letter } });
      let sx = 0;
      let sy = 0;
      for (const [q, r] of cells) {
        const [x, y] = at(q, r);
        sx += x;
        sy += y;
        zone.append(svg("circle", { cx: x, cy: y, r: UNIT * 0.42, fill: colour, "fill-opacity": 0.16, stroke: colour, "stroke-opacity": 0.5 }));
      }
      if (cells.length) {
        zone.append(svg("text", {
          x: round(sx / cells.length), y: round(sy / cells.length + 8), "text-anchor": "middle", "font-size": 40, "font-weight": 700, fill: colour,
        }, `${letter}`));
      }
      group.append(zone);
    }
  }
  return group;
}

function edgePoint(ctx, facing, out) {
  const cx = (ctx.width - 1) * UNIT / 2;
  const cy = (ctx.height - 1) * ROW * UNIT / 2;
  const angle = (60 * facing * Math.PI) / 180;
  const rx = cx + UNIT * out;
  const ry = cy + UNIT * out;
  return [round(cx + rx * Math.cos(angle)), round(cy + ry * Math.sin(angle))];
}

function panelOf(ctx, id) {
  return ctx.view.aircraft?.[id] || null;
}

const TILTS = { up: "↗", down: "↘", level: "" };

/** The control panels: every aircraft in play, the one moving first. */
function panels(ctx) {
  const aircraft = Object.entries(ctx.view.aircraft || {}).filter(([, a]) => ["zone", "access"].includes(a.where));
  if (!aircraft.length) return null;
  const moving = ctx.view.flight?.aircraft;
  aircraft.sort(([a], [b]) => (a === moving ? -1 : b === moving ? 1 : 0));
  const groups = ["front", "tail", "ventral"];
  const tasks = ctx.view.mode && ctx.view.mode !== "dogfight";
  const rows = aircraft.map(([id, a]) => el("tr", { class: id === moving ? "moving" : "", dataset: { aircraft: id } },
    el("td", {}, el("span", { style: `color:${ctx.colours[a.seat] || "#333"}` }, "■ "), id),
    el("td", {}, a.type),
    el("td", {}, `L${a.level}${a.tilt !== "level" ? ` ${t(a.tilt === "up" ? "tilted up" : "tilted down")}` : ""}`),
    el("td", {}, a.bursts.map((n, i) => (n || a.jammed.includes(groups[i]) ? `${t(groups[i])} ${n}${a.jammed.includes(groups[i]) ? ` (${t("jammed")})` : ""}` : null)).filter(Boolean).join(", ") || "—"),
    el("td", {}, a.throttle > 0 ? String(a.throttle) : a.throttle === 0 ? t("none left") : t("used up")),
    el("td", {}, a.damage.length ? a.damage.map((d) => t(d)).join(", ") : "—"),
    el("td", {}, a.pilot && a.pilot !== "average" ? t(a.pilot) : ""),
    tasks ? el("td", { class: "task" }, taskText(a)) : null));
  const key = ctx.view.zones && Object.keys(ctx.view.zones).length
    ? el("p", { class: "aod-table-key" }, t("Lettered circles: target zones, in the colour of the side that photographs or bombs them.")) : null;
  return el("div", { class: "aod-panel-box" },
    key,
    flightBox(ctx),
    el("table", { class: "aod-panels", "aria-label": t("Control panels") },
      el("thead", {}, el("tr", {}, [t("Aircraft"), t("Type"), t("Altitude"), t("Bursts"), t("Full throttle"), t("Damage"), t("Pilot"), tasks ? t("Task") : null].filter(Boolean).map((h) => el("th", {}, h)))),
      el("tbody", {}, rows)));
}

/** A task aircraft's markers (MARQUEUR PHOTO et BOMBE): its photos (not yet home: the
 * panels show the aircraft in play), the zones it bombed, the bombs it still carries. */
function taskText(a) {
  const parts = [];
  if (a.photos?.length) parts.push(t("photos: {zones}", { zones: a.photos.join(", ") }));
  if (a.drops?.length) parts.push(t("bombed: {zones}", { zones: a.drops.join(", ") }));
  if (a.bombs > 0) parts.push(t("bombs left: {n}", { n: a.bombs }));
  return parts.join(" · ") || "—";
}

function flightBox(ctx) {
  const flight = ctx.view.flight;
  if (!flight) return null;
  const sign = flight.die > 0 ? `+${flight.die}` : String(flight.die);
  return el("div", { class: "aod-flight" },
    el("strong", {}, t("{aircraft} moves", { aircraft: flight.aircraft })),
    dieFace(flight.die, { label: sign, colour: "#cfe2ff" }),
    el("span", {}, t("die: {value}", { value: sign })),
    flight.change ? el("span", {}, flight.change > 0 ? t("climbs {n}", { n: flight.change }) : t("dives {n}", { n: -flight.change })) : null,
    flight.path ? el("span", { class: "plan" }, `${t("path")}: ${flight.path}`) : null);
}

const GEOMETRY = {
  kind: "triangle",
  rowHeight: ROW,
  drawCells,
  pieceScale: 0.42,
  labelSize: 24,
  badgeSize: 26,
  under: tableLayer,
  over: () => svg("g", { class: "plans" }),
  badge: (piece, ctx) => {
    const a = panelOf(ctx, piece.id);
    return a ? `L${a.level}${TILTS[a.tilt] || ""}` : null;
  },
  shortLabel: (piece, ctx) => panelOf(ctx, piece.id) && String(piece.id).replace(/^britain-/, "GB ").replace(/^france-/, "F ").replace(/^germany-/, "D "),
  after: panels,
  focus: (ctx) => {
    const moving = ctx.view.flight?.aircraft;
    return (ctx.view.pieces || []).find((p) => p.id === moving)?.cell || null;
  },
};

/** The grid with its pieces, or the view as tables when it has no map. */
export function render(observation, seat) {
  return gridBoard(observation, seat, GEOMETRY);
}

/** Everything is open on this table: the panels are on the board, nothing secret but
 * the reader's own slips (aces and rookies not yet shown). */
export function secrets(observation, seat) {
  if (!observation?.view?.aircraft) return genericSecrets(observation, seat);
  const own = Object.entries(observation.view.aircraft)
    .filter(([, a]) => a.seat === seat && a.pilot && a.pilot !== "average");
  if (!own.length) return null;
  return el("div", { class: "secrets" }, el("h3", {}, t("Your pilots")),
    el("ul", {}, own.map(([id, a]) => el("li", {}, `${id}: ${t(a.pilot)}`))));
}

// ================================================================ words
export function decisionText(observation, decision) {
  const d = decision || {};
  if ("step" in d) return t(STEPS[d.step] || d.step);
  if ("die" in d) {
    return d.die === "green" ? t("Move {aircraft} at full throttle (green die)", { aircraft: d.aircraft })
      : t("Move {aircraft} with the blue die", { aircraft: d.aircraft });
  }
  if ("change" in d) {
    const words = d.change === 0 ? t("stay level") : d.change > 0 ? t("climb {n}", { n: d.change }) : t("dive {n}", { n: -d.change });
    return d.unjam ? `${words}, ${t("unjamming the guns")}` : words;
  }
  if ("tilt" in d) return t({ level: "End level", up: "Tilt up (climb next move)", down: "Tilt down (dive next move)" }[d.tilt] || d.tilt);
  if ("guns" in d) {
    return t("{aircraft} fires its {guns} guns at {target} (position {position})",
      { aircraft: d.aircraft || observation?.view?.flight?.aircraft || "", guns: t(d.guns), target: d.target, position: d.position });
  }
  if ("long_burst" in d) return d.long_burst ? t("Fire a long burst") : t("No long burst");
  if ("hold" in d) return t("Hold fire");
  if ("point" in d) return t("Put {aircraft} on access point {point} at L{level}", { aircraft: d.aircraft, point: Number(d.point) + 1, level: d.level });
  if ("pilot" in d) return t("{aircraft} is flown by a {pilot} (secret)", { aircraft: d.aircraft, pilot: t(d.pilot) });
  if ("done" in d) return t("Done");
  if ("given" in d) return t("Propose the given positions");
  if ("agree" in d) return d.agree ? t("Agree to these target zones") : t("Propose other target zones");
  if ("zone" in d) return t("Place target zone {zone} at [{column}, {row}]", { zone: d.zone, column: d.column, row: d.row });
  return null;
}

export function status(observation) {
  const view = observation?.view;
  if (!view) return [];
  const out = [];
  const draft = view.zone_draft;
  if (draft) {
    out.push(t("target zones: proposal {n} of {max}, by {seat}", { n: draft.proposal, max: draft.proposals, seat: t(draft.proposer) }));
  }
  if (view.mode) out.push(t("mode: {mode}", { mode: t(view.mode) }));
  if (view.turns) out.push(t("of {turns} turns", { turns: view.turns }));
  if (view.points) out.push(Object.entries(view.points).map(([s, p]) => `${t(s)} ${p}`).join(" – "));
  return out;
}

// ============================================================ the planner
/** Draw the reachable ends, the planned path and the ghost on the board. */
function drawPlan(reach, path, nodeIndex, onPick) {
  const layer = document.querySelector("svg.triangle-board .plans");
  if (!layer) return;
  fill(layer);
  const nodes = reach.nodes;
  // every end still reachable from the current node
  const seen = new Set();
  const ends = [];
  const walk = (i) => {
    if (seen.has(i)) return;
    seen.add(i);
    const node = nodes[i];
    if (node.done) ends.push(node);
    for (const next of Object.values(node.next || {})) walk(next);
  };
  walk(nodeIndex);
  const drawn = new Set();
  for (const end of ends) {
    const key = `${end.cell}|${end.facing}`;
    if (drawn.has(key) || end.off) continue;
    drawn.add(key);
    const [x, y] = at(end.cell[0], end.cell[1]);
    const classes = ["reach-end", end.fire?.length ? "fire" : "", end.risk?.length ? "risk" : ""].filter(Boolean).join(" ");
    layer.append(svg("circle", {
      class: classes, cx: x, cy: y, r: UNIT * 0.22, dataset: { cell: end.cell.join(","), path: end.path },
    }, svg("title", {}, `${end.path} · L${end.level}`)));
  }
  for (const dot of layer.querySelectorAll(".reach-end")) dot.addEventListener("click", () => onPick(dot.dataset.path));
  // the planned path
  const start = path.cells[0];
  if (start) {
    const points = path.cells.map(([q, r]) => at(q, r).join(",")).join(" ");
    layer.append(svg("polyline", { class: "plan-line", points }));
  }
  const node = nodes[nodeIndex];
  const [x, y] = at(node.cell[0], node.cell[1]);
  layer.append(svg("g", { class: "ghost", transform: `translate(${x},${y})` },
    svg("path", { d: planePath(UNIT * 0.3), transform: `rotate(${60 * node.facing})` })));
}

function shotsList(title, shots, withShooter) {
  if (!shots?.length) return null;
  return el("div", {}, el("strong", {}, title),
    el("ul", {}, shots.map((s) => el("li", {},
      withShooter ? t("{aircraft} at you: {guns} guns, position {position}, column {column}", { aircraft: s.aircraft, guns: t(s.guns), position: s.position, column: s.column })
        : t("at {target}: {guns} guns, position {position}, column {column}", { target: s.target, guns: t(s.guns), position: s.position, column: s.column })))));
}

// ========================================================= the target zones
/** A sheet's handle on a phone: folds the decisions down to see the whole board. */
function sheetToggle() {
  const folded = Boolean(document.getElementById("prompt")?.classList.contains("collapsed"));
  return el("button", {
    type: "button", class: "sheet-toggle", "aria-expanded": String(!folded),
    onclick: (event) => {
      const prompt = document.getElementById("prompt");
      const folded = prompt?.classList.toggle("collapsed");
      event.currentTarget.setAttribute("aria-expanded", String(!folded));
      event.currentTarget.textContent = folded ? t("Show the decisions") : t("Fold the decisions down");
    },
  }, folded ? t("Show the decisions") : t("Fold the decisions down"));
}

/** The cells of a zone whose top-left point is [column, row]. */
function zoneCells([column, row], [columns, rows]) {
  const cells = [];
  for (let c = 0; c < columns; c += 1) for (let r = 0; r < rows; r += 1) cells.push([column + c, row + r]);
  return cells;
}

/** The placing of the target zones (MARQUEURS DE ZONE CIBLE, by agreement): the places
 * allowed for the next zone lit on the board (its top-left point); tapping one, or the
 * arrows, shows the zone and the other side's mirror; Confirm places it. */
function zonePlanner(observation, legal, ctx) {
  const view = observation.view || {};
  const draft = view.zone_draft || {};
  const size = draft.size || [3, 2];
  const height = Number(view.map?.height) || 0;
  const width = Number(view.map?.width) || 0;
  const places = legal.filter((d) => "zone" in d);
  const given = legal.find((d) => "given" in d);
  const letter = places[0]?.zone || "A";
  const key = (c, r) => `${c},${r}`;
  const byPlace = new Map(places.map((d) => [key(d.column, d.row), d]));
  let chosen = places[Math.floor(places.length / 2)] || null;
  const box = el("div", { class: "zone-planner" });
  const mirror = ([c, r]) => (draft.sides === "long" ? [c, height - r - size[1]] : [width - c - size[0], r]);
  const confirm = async () => { if (chosen && !ctx.busy()) await ctx.send([chosen]); };
  const move = (dc, dr) => {
    if (!chosen) return;
    const next = byPlace.get(key(chosen.column + dc, chosen.row + dr));
    if (next) { chosen = next; draw(); }
  };
  const ghost = (corner, label, seat) => {
    const colour = SEAT_COLOURS[seat];
    const g = svg("g", { class: "zone-ghost", dataset: { zone: label, cell: corner.join(","), seat }, style: `--zone:${colour}` });
    let sx = 0;
    let sy = 0;
    const cells = zoneCells(corner, size);
    for (const [q, r] of cells) {
      const [x, y] = at(q, r);
      sx += x;
      sy += y;
      g.append(svg("circle", { cx: x, cy: y, r: UNIT * 0.42 }));
    }
    g.append(svg("text", { x: round(sx / cells.length), y: round(sy / cells.length + 12), "text-anchor": "middle", "font-size": 40 }, label));
    return g;
  };
  function drawBoard() {
    const layer = document.querySelector("svg.triangle-board .plans");
    if (!layer) return;
    fill(layer);
    for (const d of places) {
      const [x, y] = at(d.column, d.row);
      const dot = svg("circle", { class: "zone-corner", cx: x, cy: y, r: UNIT * 0.2, dataset: { place: key(d.column, d.row) } },
        svg("title", {}, t("Place target zone {zone} at [{column}, {row}]", { zone: d.zone, column: d.column, row: d.row })));
      dot.addEventListener("click", () => { chosen = d; draw(); });
      layer.append(dot);
    }
    if (chosen) {
      const corner = [chosen.column, chosen.row];
      layer.append(ghost(corner, letter, "allies"), ghost(mirror(corner), letter, "germany"));
    }
  }
  function draw() {
    drawBoard();
    const arrow = (label, dc, dr, name) => el("button", {
      type: "button", class: "zone-move", "aria-label": name, dataset: { move: `${dc},${dr}` },
      disabled: !chosen || !byPlace.has(key(chosen.column + dc, chosen.row + dr)) || ctx.busy(),
      onclick: () => move(dc, dr),
    }, label);
    fill(box,
      sheetToggle(),
      el("p", { class: "hint" }, t("Place the target zones by agreement: tap a lit point on the board (the zone's top-left point) or move the zone with the arrows, then Confirm. The other side's zone is its mirror; the other player agrees or proposes others.")),
      el("p", {}, el("strong", {}, t("Zone {zone}", { zone: letter })), " ",
        el("span", { class: "zone-chosen" }, chosen ? `[${chosen.column}, ${chosen.row}]` : "—")),
      el("div", { class: "layout" }, el("div", { class: "moves" },
        el("span"), arrow("↑", 0, -1, t("up")), el("span"),
        arrow("←", -1, 0, t("left")), arrow("↓", 0, 1, t("down")), arrow("→", 1, 0, t("right"))),
      el("div", { class: "row" },
        el("button", { type: "button", class: "primary", id: "confirm", disabled: !chosen || ctx.busy(), onclick: confirm },
          t("Confirm zone {zone}", { zone: letter })),
        given ? el("button", { type: "button", class: "decision given", disabled: ctx.busy(), onclick: async () => { if (!ctx.busy()) await ctx.send([given]); } },
          t("Propose the given positions")) : null)));
  }
  ctx.keys({ confirm, undo: () => {}, ghosts: drawBoard });
  draw();
  return box;
}

/** The steering prompt: a planner over the hints' graph (step, undo, confirm). */
export function decisions(observation, legal, labels, ctx) {
  if (observation?.prompt?.kind === "target-zones" && legal.some((d) => "zone" in d)) return zonePlanner(observation, legal, ctx);
  if (["fire", "riposte"].includes(observation?.prompt?.kind)) return targetButtons(legal, labels, ctx);
  const reach = observation?.hints?.reach;
  if (observation?.prompt?.kind !== "steer" || !reach || reach.start === null || reach.start === undefined) return null;
  const nodes = reach.nodes;
  const flight = observation.view?.flight || {};
  const startCell = nodes[reach.start].cell;
  const state = { stack: [reach.start], steps: [] };
  const box = el("div", { class: "steer-planner" });
  const current = () => nodes[state.stack[state.stack.length - 1]];
  const cellsOf = () => {
    const cells = [startCell];
    for (const i of state.stack.slice(1)) cells.push(nodes[i].cell);
    return cells;
  };
  const pickPath = (path) => {
    // the end's path from the steps already sent
    const rest = path.slice((flight.path || "").length);
    state.stack = [reach.start];
    state.steps = [];
    for (const step of rest) {
      const next = current().next?.[step];
      if (next === undefined) break;
      state.stack.push(next);
      state.steps.push(step);
    }
    draw();
  };
  const step = (letter) => {
    const next = current().next?.[letter];
    if (next === undefined || ctx.busy()) return;
    state.stack.push(next);
    state.steps.push(letter);
    draw();
  };
  const undo = () => {
    if (state.stack.length <= 1 || ctx.busy()) return;
    state.stack.pop();
    state.steps.pop();
    draw();
  };
  const confirm = async () => {
    if (!current().done || ctx.busy()) return;
    await ctx.send(state.steps.map((s) => ({ step: s })));
  };
  function draw() {
    const node = current();
    drawPlan(reach, { cells: cellsOf() }, state.stack[state.stack.length - 1], pickPath);
    const buttons = ["L", "F", "R"].map((letter) => el("button", {
      type: "button", class: "decision step", dataset: { step: letter },
      disabled: node.next?.[letter] === undefined || ctx.busy(),
      onclick: () => step(letter),
    }, t(STEPS[letter])));
    const done = node.done;
    fill(box,
      sheetToggle(),
      el("p", { class: "hint" }, t("Plan the move step by step, or tap a reachable point on the board; green points are firing positions, red rings risk defensive fire. Nothing is sent before Confirm.")),
      el("p", {}, `${t("path")}: `, el("span", { class: "plan", dataset: { plan: `${flight.path || ""}${state.steps.join("")}` } },
        `${flight.path || ""}${state.steps.join("")}` || "—"),
      ` · L${node.level}`, done ? ` · ${t("the move is whole")}` : ""),
      el("div", { class: "steps" }, buttons),
      el("div", { class: "steps" },
        el("button", { type: "button", class: "undo", id: "undo", disabled: state.stack.length <= 1 || ctx.busy(), onclick: undo }, t("Undo")),
        el("button", { type: "button", class: "primary", id: "confirm", disabled: !done || ctx.busy(), onclick: confirm }, t("Confirm"))),
      done ? shotsList(t("Firing positions from there"), node.fire, false) : null,
      done ? shotsList(t("Defensive fire you would risk there"), node.risk, true) : null,
      done && !node.fire?.length && !node.risk?.length ? el("p", { class: "hint" }, node.off ? t("This move leaves the combat zone.") : t("No firing position and no risk there.")) : null);
  }
  ctx.keys({ undo, confirm, ghosts: draw });
  draw();
  return box;
}

export function promptText(prompt) {
  const words = {
    throttle: t("Choose the aircraft to move and its die"),
    attitude: t("Change level or unjam"),
    steer: t("Plan the move"),
    tilt: t("Level, or tilted up or down"),
    fire: t("Fire, or hold"),
    riposte: t("Fire back, or hold"),
    "long-burst": t("Fire a long burst?"),
    access: t("Bring an aircraft up from patrol"),
    pilots: t("Mark an ace or a rookie in secret, or stop"),
    "target-zones": t("Place the target zones, or propose the given ones"),
    "target-answer": t("Agree to these target zones, or propose others"),
  };
  return words[prompt?.kind] || null;
}

// ======================================================== rolls as dice
/** Where a piece stands on the drawn board (its translate), or null. */
function pieceAt(board, id) {
  const piece = board.querySelector(`.piece[data-piece="${CSS.escape(String(id))}"]`);
  const match = /translate\(([-\d.]+),([-\d.]+)\)/.exec(piece?.getAttribute("transform") || "");
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** A die drawn on the board at (x, y): its face, or its value on the blue or green die. */
function boardDie(x, y, value, options) {
  const die = dieFace(value, { ...options, size: UNIT * 0.9 });
  die.setAttribute("x", String(round(x)));
  die.setAttribute("y", String(round(y)));
  return die;
}

/** The rolls since the board was last drawn, shown as dice beside their aircraft: the
 * movement die (its value), the fire's two dice (their faces). */
export function animate(node, events, before, after, ctl) {
  const board = node.querySelector("svg.triangle-board");
  const rolls = events.filter((e) => ["rolled", "fired"].includes(e.kind)).slice(-8);
  if (!board || !rolls.length) return null;
  const layer = svg("g", { class: "dice-layer" });
  board.append(layer);
  const show = (index) => {
    const { kind, data } = rolls[index];
    fill(layer);
    const [x, y] = pieceAt(board, data.aircraft) || [0, 0];
    if (kind === "rolled") {
      const value = Number(data.value);
      const sign = value > 0 ? `+${value}` : String(value);
      layer.append(boardDie(x + UNIT * 0.3, y - UNIT * 1.2, value,
        { label: sign, colour: data.die === "green" ? "#c9f2c7" : "#cfe2ff" }));
      ctl.step(t("{aircraft} rolls the {die} die: {value}", { aircraft: data.aircraft, die: t(data.die), value: sign }));
    } else {
      (data.dice || []).forEach((face, i) => {
        layer.append(boardDie(x + UNIT * (0.3 + i), y - UNIT * 1.2, face, { colour: "#ffd6d1", ink: "#7a1c12" }));
      });
      ctl.step(t("{aircraft} fires at {target}: {result}", { aircraft: data.aircraft, target: data.target, result: t(String(data.result)) }));
    }
  };
  return playSteps(rolls.length, show, () => layer.remove(), ctl, 900);
}
