// The board of a hex map (Game.board "hex": Les Ailes de la Gloire): pointy-top
// hexes in "odd-r" offset rows, the aircraft on them facing one of the six sides.
// The view shape (map, pieces) is documented in grid.js; a game on a hex map fills
// the view and needs nothing else here. What the view may add, each drawn when there:
//
//   view.zones   = {lines: {side: [first, last column]}, no_mans_land: [first, last],
//                   start_lines: {side: column}, edges: {side: "west"|"east"}}
//   observation.hints.arcs = {piece id: {front, rear, fire, observer?: [[q, r], ...]}}
//                  (Game.hints: the selected aircraft's tailing arcs and fire range shown)
//   view.planes  = {piece id: {aircraft, counter, altitude, ..., sheet?}}: `sheet`, the
//                  reader's own Feuille de Vol, is shown as such (secrets)
//   observation.hints.preview = {code: {cell, facing, entered, off}}: where each
//                  maneuver the reader may write ends (Game.hints: its own, for the pages
//                  only); its maneuver prompt shows it as a ghost on hover, focus or
//                  selection, and asks to confirm.

import { el, fill } from "../common.js";
import { sideName, t } from "../i18n.js";
import { genericSecrets, round, svg } from "./generic.js";
import { ROW, UNIT, at, centre, dieFace, ensureStyle, gridBoard, planePath, playSteps, targetButtons } from "./grid.js";

const LEVEL_NAMES = { TB: "very low", B: "low", M: "medium", H: "high", TH: "very high" };
const DIRECTIONS = { G: "left", A: "ahead", D: "right" };
const ZONE_FILL = { allied: "rgba(37, 99, 184, 0.16)", german: "rgba(192, 57, 43, 0.16)", nml: "rgba(140, 110, 50, 0.28)" };

let selected = null;  // the piece whose arcs are shown
let picked = false;   // whether the reader chose it (else: its own aircraft, when on the map)
let data = null;      // the game's data (aircraft figures), fetched once
let loading = null;

ensureStyle("hex-board-style", `
svg.grid-board .piece.targeted .token { stroke: #c0392b; stroke-width: 5; }
svg.hex-board .arcs { pointer-events: none; }
svg.hex-board .piece { cursor: pointer; }
svg.hex-board .piece.selected .token { stroke: #111; stroke-width: 3; stroke-dasharray: 4 2; }
svg.hex-board .piece.mine.selected .token { stroke: #f0b429; stroke-dasharray: none; }
svg.hex-board .badge { font-weight: 700; fill: #111; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
svg.hex-board .stack-count { font-weight: 700; fill: #333; }
svg.hex-board .zone-label { fill: #5b5b5b; font-style: italic; }
svg.hex-board .ghost path { fill: none; stroke: #111; stroke-width: 2.5; stroke-dasharray: 5 3; }
svg.hex-board .ghost .route { fill: rgba(240, 180, 41, 0.28); stroke: #f0b429; stroke-width: 2; }
svg.hex-board .ghost .end { fill: rgba(240, 180, 41, 0.55); stroke: #b07d00; stroke-width: 3; }
.hex-roster { list-style: none; padding: 0; margin: 0.3rem; display: flex; flex-wrap: wrap; gap: 0.3rem; }
.hex-roster button { font-size: 0.85rem; }
.hex-roster button[aria-pressed=true] { outline: 2px solid #f0b429; }
.arc-key { display: flex; flex-wrap: wrap; gap: 0.2rem 0.9rem; font-size: 0.8rem; margin: 0 0.3rem; color: #555; }
.arc-key span::before { content: ""; display: inline-block; width: 0.9rem; height: 0.7rem; margin-right: 0.3rem; vertical-align: middle; background: var(--k); border: 1px solid #888; }
.maneuvers { display: grid; grid-template-columns: repeat(auto-fill, minmax(6.2rem, 1fr)); gap: 0.3rem; }
.maneuvers button { padding: 0.3rem 0.2rem; font-size: 0.9rem; }
.placement-planner button[aria-pressed=true], .maneuver-choice button[aria-pressed=true] { background: #f0b429; color: #111; font-weight: 700; }
.facing-choice { font-size: 1.2rem; min-width: 2.6rem; }
.maneuvers button[aria-pressed=true] { background: #f0b429; color: #111; font-weight: 700; }
.maneuver-choice { margin: 0.5rem 0; display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
@media (max-width: 700px) {
  .board-panel:has(svg.hex-board) { min-width: 0; }
  .board-scroll:has(svg.hex-board) { overflow-x: auto; max-width: 100%; }
  svg.hex-board { min-width: 760px; }
}
svg.hex-board .piece.in-range .token { stroke: #f0b429; stroke-width: 4; }
svg.hex-board .piece.in-range { cursor: crosshair; }
svg.hex-board .piece.targeted .token { stroke: #c0392b; stroke-width: 6; }
svg.hex-board .piece.targeted.by-observer .token { stroke: #b8860b; stroke-dasharray: 6 3; }
.fire-planner fieldset { border: 1px solid #ccc; border-radius: 6px; margin: 0.4rem 0; padding: 0.3rem 0.5rem; }
.fire-planner legend { font-weight: 700; }
.fire-planner .row { display: flex; flex-wrap: wrap; gap: 0.35rem; margin: 0.25rem 0; align-items: center; }
.fire-planner button { min-height: 44px; min-width: 44px; }
.fire-planner button[aria-pressed=true] { background: #f0b429; color: #111; font-weight: 700; }
.fire-planner fieldset.active { border-color: #f0b429; box-shadow: 0 0 0 2px rgba(240, 180, 41, 0.35); }
.fire-planner .order { font-weight: 600; }
.dice-tray { position: absolute; top: 0.4rem; left: 0.4rem; z-index: 5; display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem;
  background: rgba(255, 255, 255, 0.94); border: 1px solid #bbb; border-radius: 8px; padding: 0.35rem 0.6rem; box-shadow: 0 2px 8px rgba(0,0,0,0.2); max-width: calc(100% - 1rem); }
.dice-tray .die { flex: none; }
.dice-tray .roll-text { font-size: 0.9rem; }
.board-wrap:has(.dice-tray) { position: relative; }
.sheet-boxes { display: inline-flex; flex-wrap: wrap; gap: 2px; vertical-align: middle; max-width: 16rem; }
.sheet-boxes i { width: 0.7rem; height: 0.7rem; border: 1px solid #555; display: inline-block; }
.sheet-boxes i.lost { background: #c0392b; border-color: #c0392b; }
`);

// ================================================================== the board
/** The hexes: one polygon per cell, data-cell="q,r". */
function drawCells(width, height, unit) {
  const group = svg("g", { class: "cells" });
  for (let r = 0; r < height; r += 1) {
    for (let q = 0; q < width; q += 1) {
      group.append(svg("polygon", { class: "cell", points: hexPoints(q, r, unit), dataset: { cell: `${q},${r}` } }));
    }
  }
  return group;
}

function hexPoints(q, r, unit = UNIT) {
  const radius = unit / Math.sqrt(3); // centre to corner, for neighbours one unit apart
  const [cx, cy] = centre(q, r, ROW);
  return [30, 90, 150, 210, 270, 330].map((a) =>
    `${round(cx * unit + radius * Math.cos((a * Math.PI) / 180))},${round(cy * unit + radius * Math.sin((a * Math.PI) / 180))}`).join(" ");
}

/** The zones (own lines, No Man's Land, enemy lines) as tinted columns, the start lines. */
function zonesLayer(ctx) {
  const zones = ctx.view.zones;
  const group = svg("g", { class: "zones" });
  if (!zones) return group;
  const band = (first, last, fillColour, name, kind) => {
    const cells = svg("g", { class: `zone zone-${kind}`, dataset: { zone: kind } });
    for (let r = 0; r < ctx.height; r += 1) {
      for (let q = first; q <= last; q += 1) {
        cells.append(svg("polygon", { points: hexPoints(q, r), fill: fillColour, stroke: "none" }));
      }
    }
    const [x0] = at(first, 0);
    const [x1] = at(last, 0);
    cells.append(svg("text", {
      class: "zone-label", x: round((x0 + x1) / 2 + UNIT / 4), y: round(-UNIT * 0.75), "text-anchor": "middle", "font-size": 20,
    }, name));
    return cells;
  };
  const mySide = ctx.seat ? ctx.observation.seats?.[ctx.seat] : null;
  for (const [side, [first, last]] of Object.entries(zones.lines || {})) {
    const whose = mySide ? (side === mySide ? t("own lines") : t("enemy lines")) : t("{side} lines", { side: t(side) });
    group.append(band(first, last, ZONE_FILL[side] || "rgba(0,0,0,0.05)", whose, side));
  }
  if (zones.no_mans_land) {
    group.append(band(zones.no_mans_land[0], zones.no_mans_land[1], ZONE_FILL.nml, t("No Man's Land"), "no-mans-land"));
  }
  for (const [side, column] of Object.entries(zones.start_lines || {})) {
    // the start line: the edge of the last column an aircraft is placed in
    const west = (zones.edges || {})[side] === "west";
    const x = at(column, 0)[0] + (west ? UNIT * 0.75 : -UNIT * 0.5);
    const y1 = -UNIT * 0.5;
    const y2 = (ctx.height - 0.5) * ROW * UNIT;
    group.append(svg("line", {
      class: "start-line", x1: round(x), y1: round(y1), x2: round(x), y2: round(y2),
      stroke: ctx.colours[side] || "#555", "stroke-width": 3, "stroke-dasharray": "10 6",
    }));
    group.append(svg("text", {
      class: "zone-label", x: round(x), y: round(y2 + UNIT * 0.55), "text-anchor": "middle", "font-size": 16,
    }, t("start line")));
  }
  for (const [side, edge] of Object.entries(zones.edges || {})) {
    const x = edge === "west" ? -UNIT * 0.9 : at(ctx.width - 1, 1)[0] + UNIT * 0.9;
    const y = (ctx.height - 1) * ROW * UNIT / 2;
    group.append(svg("text", {
      class: "zone-label", x: round(x), y: round(y), "text-anchor": "middle", "font-size": 16,
      transform: `rotate(${edge === "west" ? -90 : 90} ${round(x)} ${round(y)})`,
    }, t("escape edge: {side}", { side: t(side) })));
  }
  return group;
}

const ARC_STYLE = {
  front: { fill: "rgba(46, 139, 87, 0.28)", stroke: "#2e8b57" },
  rear: { fill: "rgba(142, 68, 173, 0.22)", stroke: "#8e44ad" },
  observer: { fill: "rgba(184, 134, 11, 0.25)", stroke: "#b8860b" },
  fire: { fill: "none", stroke: "#c0392b" },
};

/** Every aircraft's arcs, one group each; only the selected one's is shown. */
function arcsLayer(ctx) {
  const group = svg("g", { class: "arcs" });
  for (const [id, arcs] of Object.entries(ctx.observation.hints?.arcs || {})) {
    const mine = svg("g", { class: "plane-arcs", dataset: { plane: id }, display: id === selected ? null : "none" });
    for (const kind of ["front", "rear", "observer", "fire"]) {
      const style = ARC_STYLE[kind];
      for (const [q, r] of arcs[kind] || []) {
        mine.append(svg("polygon", {
          class: `arc arc-${kind}`, points: hexPoints(q, r), fill: style.fill, stroke: style.stroke,
          "stroke-width": kind === "fire" ? 4 : 1.5, "stroke-dasharray": kind === "fire" ? "7 4" : null,
          dataset: { cell: `${q},${r}`, arc: kind },
        }));
      }
    }
    group.append(mine);
  }
  return group;
}

function planeOf(ctx, id) {
  return ctx.view.planes?.[id] || null;
}

function aircraftName(id) {
  return data?.aircraft?.[id]?.name || id;
}

/** Select a piece: its arcs shown, the others hidden. */
function select(id) {
  selected = id;
  picked = true;
  const board = document.querySelector("svg.hex-board");
  if (!board) return;
  for (const g of board.querySelectorAll(".plane-arcs")) g.setAttribute("display", g.dataset.plane === id ? "inline" : "none");
  for (const g of board.querySelectorAll(".piece")) g.classList.toggle("selected", g.dataset.piece === id);
  for (const b of document.querySelectorAll(".hex-roster button")) b.setAttribute("aria-pressed", String(b.dataset.plane === id));
}

function roster(ctx) {
  const planes = Object.entries(ctx.view.planes || {});
  if (!planes.length) return null;
  const items = planes.map(([id, p]) => {
    const where = p.cell ? `${levelText(p.altitude)}` : t("not placed");
    const fate = p.fate ? ` · ${t(p.fate)}` : "";
    return el("li", {}, el("button", {
      type: "button", class: "small", dataset: { plane: id }, "aria-pressed": String(id === selected),
      style: `border-left: 6px solid ${ctx.colours[p.side] || "#555"}`,
      onclick: () => select(id),
    }, `${p.counter} ${aircraftName(p.aircraft)} · ${where}${fate}${id === ctx.seat ? ` (${t("you")})` : ""}`));
  });
  const key = el("div", { class: "arc-key" },
    el("span", { style: `--k:${ARC_STYLE.front.fill}` }, t("front tailing arc")),
    el("span", { style: `--k:${ARC_STYLE.rear.fill}` }, t("rear tailing arc")),
    el("span", { style: "--k:transparent; outline: 2px dashed #c0392b" }, t("fire range")),
    el("span", { style: `--k:${ARC_STYLE.observer.fill}` }, t("observer's arc")));
  return el("div", {}, el("ul", { class: "hex-roster", "aria-label": t("Aircraft: select one to see its arcs") }, items), key);
}

function levelText(level) {
  return level ? `${level} (${t(LEVEL_NAMES[level] || level)})` : "";
}

const GEOMETRY = {
  kind: "hex",
  rowHeight: ROW,
  drawCells,
  pieceScale: 0.3,
  margin: 1.6 * UNIT,
  selectable: true,
  under: (ctx) => svg("g", {}, zonesLayer(ctx), arcsLayer(ctx)),
  over: () => svg("g", { class: "ghosts" }),
  badge: (piece, ctx) => planeOf(ctx, piece.id)?.altitude || null,
  shortLabel: (piece, ctx) => {
    const plane = planeOf(ctx, piece.id);
    return plane ? String(plane.counter) : null;
  },
  after: roster,
  focus: (ctx) => (ctx.seat && ctx.view.planes?.[ctx.seat]?.cell) || null,
};

/** The hex map with its pieces, or the view as tables when it has no map. */
/** Why the game ended (§ LA FIN; the winner as docs/rules/ailes-de-la-gloire.md rules it),
 * in the reader's language, or null. */
export function reasonText(observation) {
  const outcome = observation?.outcome;
  const details = outcome?.details;
  if (!details?.end) return null;
  const end = details.end === "turn limit" ? t("The turn limit is reached") : t("Every aircraft of one side is out");
  let result = t("A draw: as many losses on both sides");
  if (details.won_by === "field") {
    result = t("{side} win: as many losses, the enemy fled", { side: sideName(outcome.winner) });
  } else if (details.won_by === "losses") {
    result = t("{side} win: fewer aircraft lost", { side: sideName(outcome.winner) });
  }
  return t("{end}. {result}", { end, result });
}

export function render(observation, seat) {
  const view = observation?.view || {};
  const ids = Object.keys(observation?.hints?.arcs || {});
  if (!picked || !ids.includes(selected)) {
    selected = seat && ids.includes(seat) ? seat : ids.includes(selected) ? selected : ids[0] || null;
  }
  const wrap = gridBoard(observation, seat, GEOMETRY);
  const board = wrap.querySelector ? wrap.querySelector("svg.hex-board") : null;
  if (board) {
    for (const g of board.querySelectorAll(".piece")) {
      g.classList.toggle("selected", g.dataset.piece === selected);
      g.addEventListener("click", () => select(g.dataset.piece));
      g.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") select(g.dataset.piece); });
    }
  }
  return wrap;
}

// ======================================================= data (figures)
export function load(observation) {
  if (data || !observation?.view?.planes) return Promise.resolve(true);
  if (!loading) {
    loading = fetch(`/api/games/${encodeURIComponent(observation.game)}/data`)
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((body) => { data = body; return Boolean(body); })
      .catch(() => false)
      .finally(() => { if (!data) loading = null; });
  }
  return loading;
}

export function ready(observation) {
  return Boolean(data) || !observation?.view?.planes;
}

// ===================================================== the Feuille de Vol
function boxes(left, full, label) {
  const total = Math.max(Number(full) || 0, Number(left) || 0);
  const row = el("span", { class: "sheet-boxes", "aria-label": `${label}: ${left} / ${total}` });
  for (let i = 0; i < total; i += 1) row.append(el("i", { class: i < total - left ? "lost" : "" }));
  return row;
}

/** The reader's own Feuille de Vol (only the view's `sheet` of its own aircraft). */
export function secrets(observation, seat) {
  const plane = observation?.view?.planes?.[seat];
  const sheet = plane?.sheet;
  if (!sheet) return genericSecrets(observation, seat);
  const figures = data?.aircraft?.[plane.aircraft] || {};
  const fuelFull = (Number(figures.fuel) || sheet.fuel) * (observation.view.rules?.reduced_fuel ? 2 : 1);
  const rows = [];
  const row = (name, ...value) => rows.push(el("dt", {}, name), el("dd", {}, ...value));
  row(t("Your aircraft"), `${plane.counter} ${aircraftName(plane.aircraft)} · ${t("altitude")} ${levelText(plane.altitude)}`);
  row(t("Fuel"), `${sheet.fuel} / ${fuelFull}`, el("meter", { min: 0, max: fuelFull, value: sheet.fuel }),
    sheet.gliding ? ` ${t("gliding (Planer)")}` : "");
  for (const part of ["wings", "engine", "fuselage", "tail"]) {
    row(t(PART_NAMES[part]), `${sheet[part]} `, boxes(sheet[part], figures[part], t(PART_NAMES[part])));
  }
  const guns = (sheet.guns || []).map((g, i) => el("li", {},
    `${g.mount === "observer" ? t("observer's gun") : t("pilot's gun")} ${i + 1}${g.lewis ? " (Lewis)" : ""}: `,
    g.destroyed ? t("destroyed") : g.jammed ? t("jammed (enrayée)") : t("ready"),
    g.lewis ? ` · ${t("drum {left}/5, {spare} spare drums", { left: g.drum, spare: g.spare_drums })}` : ""));
  row(t("Guns"), el("ul", {}, guns));
  if (sheet.incoming?.length) {
    row(t("Chits drawn"), sheet.incoming.map(([chit, face]) => `${chit} (${t(face)})`).join(", "));
  }
  const forced = [];
  if (sheet.forced) forced.push(t(sheet.forced === "dive" ? "forced dive (Piqué)" : "forced climb (Monté)"));
  if (sheet.rudder) forced.push(t("rudder jammed: {side}, {turns} turns", { side: sheet.rudder, turns: sheet.rudder_turns }));
  if (sheet.no_special) forced.push(t("no special maneuver"));
  if (sheet.no_fast) forced.push(t("no fast maneuver"));
  if (sheet.wound_straight) forced.push(t("wounded: straight ahead"));
  if (sheet.must_max_speed) forced.push(t("maximum speed"));
  if (forced.length) row(t("Restrictions"), forced.join(", "));
  row(t("Last maneuver"), sheet.previous || "—");
  if (sheet.written) row(t("Maneuver written"), maneuverText(sheet.written.code, sheet.written.altitude));
  if (sheet.fire_order) row(t("Fire order"), orderText(sheet.fire_order, observation));
  return el("div", { class: "secrets feuille-de-vol" },
    el("h3", {}, t("Feuille de Vol: {seat}", { seat })),
    el("p", { class: "hint" }, t("Only you see this sheet.")),
    el("dl", {}, rows));
}

const PART_NAMES = { wings: "wings (Ailes)", engine: "engine (Moteur)", fuselage: "fuselage (Fuselage)", tail: "tail (Queue)" };

// ================================================================ words
function maneuverText(code, altitude) {
  if (code === "vrille" || code === "OV2") return t("voluntary spin (vrille)");
  const match = /^(\d+)([GAD])(\d+)$/.exec(code || "");
  const extra = altitude === "climb" ? ` · ${t("climb (Monté)")}` : altitude === "dive" ? ` · ${t("dive (Piqué)")}` : "";
  if (!match) return `${code}${extra}`;
  return `${code}: ${t(DIRECTIONS[match[2]])}, ${t("speed {speed}", { speed: match[3] })}${extra}`;
}

function orderText(order, observation = null) {
  const parts = [];
  for (const gunner of ["pilot", "observer"]) {
    const shot = order?.[gunner];
    if (shot) parts.push(t("{gunner}: {burst} burst at {target}", { gunner: t(gunner), burst: t(shot.burst), target: planeName(observation, shot.target) }));
  }
  return parts.join("; ") || t("hold fire");
}

export function decisionText(observation, decision) {
  if (!decision || typeof decision !== "object") return null;
  if ("code" in decision) return maneuverText(decision.code, decision.altitude);
  if ("target" in decision && Object.keys(decision).length === 1) {
    const plane = observation?.view?.planes?.[decision.target];
    return t("tail {target}", { target: plane ? `${plane.counter} ${aircraftName(plane.aircraft)}` : decision.target });
  }
  if ("pilot" in decision || "observer" in decision) return orderText(decision, observation);
  if ("column" in decision) {
    return t("hex [{column}, {row}], facing {facing}, altitude {altitude}",
      { column: decision.column, row: decision.row, facing: t(FACINGS[decision.facing % 6]), altitude: decision.altitude });
  }
  return null;
}

const FACINGS = ["east", "south-east", "south-west", "west", "north-west", "north-east"];

export function status(observation) {
  const phase = observation?.view?.phase;
  return phase ? [t("phase: {phase}", { phase: t(phase) })] : [];
}

// ========================================================= the ghost
/** Draw where a maneuver ends on the board (null: clear). */
function showGhost(observation, seat, code) {
  const layer = document.querySelector("svg.hex-board .ghosts");
  if (!layer) return;
  fill(layer);
  const preview = code ? observation?.hints?.preview?.[code] : null;
  if (!preview) return;
  const ghost = svg("g", { class: "ghost", dataset: { code } });
  for (const [q, r] of preview.entered || []) ghost.append(svg("polygon", { class: "route", points: hexPoints(q, r) }));
  const [q, r] = preview.cell;
  ghost.append(svg("polygon", { class: "end", points: hexPoints(q, r) }));
  const [x, y] = at(q, r);
  ghost.append(svg("path", { d: planePath(UNIT * 0.3), transform: `translate(${x},${y}) rotate(${60 * preview.facing})` }));
  layer.append(ghost);
}

// ============================================================ decisions
const ARROWS = ["→", "↘", "↙", "←", "↖", "↗"];

/** The placement's three rounds (book: Mise en place): the hex (the hexes allowed lit on the
 * map: tap one, then Confirm), the facing (an arrow a facing, the aircraft drawn turned
 * on its hex), then the altitude (the page's buttons). */
function placement(observation, legal, ctx) {
  const layer = document.querySelector("svg.hex-board .ghosts");
  const cells = legal.map((d) => [d.column, d.row]);
  let chosen = cells.reduce((best, c) => (Math.abs(c[1] - 8) < Math.abs(best[1] - 8) ? c : best), cells[0]);
  const box = el("div", { class: "placement-planner" });
  const confirm = async () => {
    const decision = legal.find((d) => d.column === chosen[0] && d.row === chosen[1]);
    if (decision && !ctx.busy()) await ctx.send([decision]);
  };
  function draw() {
    if (layer) {
      fill(layer);
      for (const [q, r] of cells) {
        const hex = svg("polygon", {
          class: q === chosen[0] && r === chosen[1] ? "end" : "route", points: hexPoints(q, r),
          dataset: { place: `${q},${r}` }, style: "cursor: pointer; pointer-events: all",
        });
        hex.addEventListener("click", () => { chosen = [q, r]; draw(); });
        layer.append(svg("g", { class: "ghost placement" }, hex));
      }
    }
    fill(box,
      el("p", { class: "hint" }, t("Tap a lit hex on the map, then Confirm.")),
      el("p", {}, t("hex [{column}, {row}]", { column: chosen[0], row: chosen[1] })),
      el("button", { type: "button", class: "decision primary", id: "confirm", disabled: ctx.busy(), onclick: confirm }, t("Confirm")));
  }
  ctx.keys({ confirm, undo: () => {} });
  draw();
  return box;
}

function facingChoice(observation, legal, ctx) {
  const layer = document.querySelector("svg.hex-board .ghosts");
  const mine = observation.view?.planes?.[ctx.seat]; // a seat flies the aircraft of its name
  const show = (facing) => {
    if (!layer || !mine?.cell) return;
    fill(layer);
    const [x, y] = at(mine.cell[0], mine.cell[1]);
    layer.append(svg("g", { class: "ghost" }, svg("path", { d: planePath(UNIT * 0.3), transform: `translate(${x},${y}) rotate(${60 * facing})` })));
  };
  const buttons = legal.map((d) => el("button", {
    type: "button", class: "decision facing-choice", title: t(FACINGS[d.facing]),
    onmouseenter: () => show(d.facing), onfocus: () => show(d.facing),
    onclick: async () => { if (!ctx.busy()) await ctx.send([d]); },
  }, `${ARROWS[d.facing]} ${t(FACINGS[d.facing])}`));
  return el("div", { class: "placement-planner" },
    el("p", { class: "hint" }, t("Choose the facing of your aircraft.")), el("div", { class: "buttons" }, buttons));
}

/** The maneuver prompt: every code as a button; hover, focus or a first tap shows where it
 * ends, Confirm (or Enter) writes it; the placement prompt: a hex tapped on the map.
 * Other prompts: the page's buttons. */
export function decisions(observation, legal, labels, ctx) {
  if (observation?.prompt?.kind === "placement" && legal.length && legal.every((d) => "column" in d)) {
    return placement(observation, legal, ctx);
  }
  if (observation?.prompt?.kind === "facing" && legal.length && legal.every((d) => "facing" in d)) {
    return facingChoice(observation, legal, ctx);
  }
  if (observation?.prompt?.kind === "fire" && legal.length && legal.every((d) => "pilot" in d && "observer" in d)) {
    return fireOrder(observation, legal, ctx);
  }
  if (["fire", "tailing"].includes(observation?.prompt?.kind)) return targetButtons(legal, labels, ctx);
  if (observation?.prompt?.kind !== "maneuver" || !legal.every((d) => "code" in d)) return null;
  const seat = ctx.seat;
  let chosen = null; // a decision
  const codes = new Map(); // code -> [decisions]
  for (const d of legal) {
    if (!codes.has(d.code)) codes.set(d.code, []);
    codes.get(d.code).push(d);
  }
  const chosenText = el("span", {}, t("Hover or tap a maneuver to see where it ends."));
  const choice = el("div", { class: "maneuver-choice", "aria-live": "polite" });
  const confirm = el("button", { type: "button", class: "primary", id: "confirm", disabled: true, onclick: () => send() });
  confirm.textContent = t("Confirm");
  const buttons = [];
  const altitudeButtons = el("span", { class: "buttons" });
  const pick = (decision) => {
    chosen = decision;
    for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.code === decision.code));
    showGhost(observation, seat, decision.code);
    const variants = codes.get(decision.code) || [];
    fill(altitudeButtons, variants.length > 1 ? variants.map((v) => el("button", {
      type: "button", class: "small altitude-choice", "aria-pressed": String(v.altitude === decision.altitude),
      dataset: { altitude: v.altitude || "level" },
      onclick: () => pick(v),
    }, t({ level: "level", climb: "climb (Monté)", dive: "dive (Piqué)" }[v.altitude || "level"]))) : []);
    const end = observation.hints?.preview?.[decision.code];
    const where = end ? ` → ${t("hex [{column}, {row}], facing {facing}", { column: end.cell[0], row: end.cell[1], facing: t(FACINGS[end.facing % 6]) })}${end.off ? ` (${t("off the map")})` : ""}` : "";
    chosenText.textContent = `${t("Chosen")}: ${maneuverText(decision.code, decision.altitude)}${where}`;
    confirm.disabled = ctx.busy();
  };
  const send = async () => {
    if (!chosen || ctx.busy()) return;
    await ctx.send([chosen]);
  };
  for (const [code, variants] of codes) {
    const level = variants.find((v) => (v.altitude || "level") === "level") || variants[0];
    const preview = observation.hints?.preview?.[code];
    const button = el("button", {
      type: "button", class: "decision maneuver", dataset: { code, decision: JSON.stringify(level) }, "aria-pressed": "false",
      title: maneuverText(code, "level"),
      onclick: () => pick(level),
      onmouseenter: () => showGhost(observation, seat, code),
      onmouseleave: () => showGhost(observation, seat, chosen?.code || null),
      onfocus: () => showGhost(observation, seat, code),
      onblur: () => showGhost(observation, seat, chosen?.code || null),
    }, code === "vrille" ? t("spin (vrille)") : code, preview?.off ? " ⚠" : "");
    buttons.push(button);
  }
  choice.append(chosenText, altitudeButtons, confirm);
  ctx.keys({ confirm: send, undo: () => { chosen = null; showGhost(observation, seat, null); } });
  return el("div", { class: "maneuver-planner" },
    el("p", { class: "hint" }, t("Written in secret: the other pilots see it only when all are revealed.")),
    el("div", { class: "maneuvers" }, buttons), choice);
}

// ====================================================== the fire order
const burstName = (name) => ({
  short: t("short (rafale courte)"), medium: t("medium (rafale moyenne)"), long: t("long (rafale longue)"),
}[name] || name);

function planeName(observation, id) {
  const plane = observation?.view?.planes?.[id];
  return plane ? `${plane.counter} ${aircraftName(plane.aircraft)}` : id;
}

/** The fire order (book: Le Combat § Enregistrement): for the pilot, and the observer of a
 * two-seater, a target among the aircraft in range (lit on the map: tap one, or its
 * button) and a burst (courte, moyenne, longue), or hold fire; Confirm (or C) writes the
 * order, one of the legal decisions. */
function fireOrder(observation, legal, ctx) {
  const seat = ctx.seat;
  const offers = { pilot: new Map(), observer: new Map() }; // gunner -> target -> [bursts]
  for (const d of legal) {
    for (const gunner of ["pilot", "observer"]) {
      const shot = d[gunner];
      if (!shot) continue;
      if (!offers[gunner].has(shot.target)) offers[gunner].set(shot.target, []);
      const bursts = offers[gunner].get(shot.target);
      if (!bursts.includes(shot.burst)) bursts.push(shot.burst);
    }
  }
  const gunners = ["pilot", "observer"].filter((g) => offers[g].size);
  const order = { pilot: null, observer: null };
  let active = gunners[0] || "pilot";
  const box = el("div", { class: "fire-planner" });
  const summary = el("p", { class: "order", "aria-live": "polite" });
  const confirmButton = el("button", { type: "button", class: "primary", id: "confirm", onclick: () => confirm() }, t("Confirm"));
  const decisionOf = () => legal.find((d) => ["pilot", "observer"].every((g) =>
    (d[g]?.target ?? null) === (order[g]?.target ?? null) && (d[g]?.burst ?? null) === (order[g]?.burst ?? null)));
  const confirm = async () => {
    const decision = decisionOf();
    if (decision && !ctx.busy()) await ctx.send([decision]);
  };
  const choose = (gunner, target) => {
    active = gunner;
    if (target === null) {
      order[gunner] = null;
    } else {
      const bursts = offers[gunner].get(target) || [];
      const keep = order[gunner]?.burst;
      order[gunner] = { target, burst: bursts.includes(keep) ? keep : bursts[0] };
    }
    draw();
  };
  const burst = (gunner, name) => {
    if (!order[gunner]) return;
    active = gunner;
    order[gunner] = { ...order[gunner], burst: name };
    draw();
  };
  /** The map: the active gunner's targets in range lit, each gunner's chosen one marked;
   * tapping a lit aircraft makes it the active gunner's target. */
  const light = () => {
    const board = document.querySelector("svg.hex-board");
    if (!board) return;
    if (seat && selected !== seat && board.querySelector(`.plane-arcs[data-plane="${CSS.escape(seat)}"]`)) select(seat);
    for (const g of board.querySelectorAll(".piece")) {
      const id = g.dataset.piece;
      g.classList.toggle("in-range", offers[active].has(id));
      g.classList.toggle("targeted", order.pilot?.target === id || order.observer?.target === id);
      g.classList.toggle("by-observer", order.observer?.target === id && order.pilot?.target !== id);
      if (!g.dataset.fireWired) {
        g.dataset.fireWired = "1";
        g.addEventListener("click", () => {
          if (!document.body.contains(box)) return;
          const gunner = offers[active].has(id) ? active : gunners.find((x) => offers[x].has(id));
          if (gunner) choose(gunner, id);
        });
      }
    }
  };
  function section(gunner) {
    const targets = [...offers[gunner].keys()];
    const choices = targets.map((id) => el("button", {
      type: "button", class: "fire-target", dataset: { gunner, target: id },
      "aria-pressed": String(order[gunner]?.target === id),
      onclick: () => choose(gunner, id), onfocus: () => { if (active !== gunner) { active = gunner; light(); } },
    }, planeName(observation, id)));
    const hold = el("button", {
      type: "button", class: "fire-hold", dataset: { gunner }, "aria-pressed": String(order[gunner] === null),
      onclick: () => choose(gunner, null),
    }, t("hold fire"));
    const allowed = order[gunner] ? offers[gunner].get(order[gunner].target) || [] : [];
    const burstButtons = ["short", "medium", "long"].map((name) => el("button", {
      type: "button", class: "fire-burst", dataset: { gunner, burst: name },
      "aria-pressed": String(order[gunner]?.burst === name),
      disabled: !allowed.includes(name),
      onclick: () => burst(gunner, name),
    }, burstName(name)));
    return el("fieldset", { class: `fire-gunner${gunner === active ? " active" : ""}`, dataset: { gunner } },
      el("legend", {}, gunner === "observer" ? t("Observer: his own target and burst") : t("Pilot: target and burst")),
      el("div", { class: "row", role: "group", "aria-label": t("Target") }, choices, hold),
      el("div", { class: "row", role: "group", "aria-label": t("Burst") }, burstButtons));
  }
  function draw() {
    summary.textContent = `${t("Fire order")}: ${orderText(order, observation)}`;
    confirmButton.disabled = !decisionOf() || ctx.busy();
    fill(box,
      el("p", { class: "hint" }, t("Aircraft in range are lit on the map (own hex and three hexes ahead; the observer's arc behind): tap one or its button, then choose the burst. Written in secret.")),
      gunners.map(section),
      el("div", { class: "row" }, summary, confirmButton));
    light();
  }
  ctx.keys({ confirm, undo: () => { order.pilot = null; order.observer = null; draw(); }, ghosts: light });
  draw();
  return box;
}

// ======================================================== rolls as dice
const rollName = (kind) => ({
  "jam-roll": t("jam roll"), "unjam-roll": t("unjam roll"), "stall-roll": t("stall roll"),
  "recovery-roll": t("spin recovery roll"), "deterioration-roll": t("deterioration roll"),
  "fire-roll": t("fire extinction roll"), "smoke-roll": t("smoke roll"), "escape-roll": t("escape roll"),
  "no-mans-land-roll": t("No Man's Land roll"), "circle-roll": t("circling roll"),
}[String(kind).replace(/^observer-/, "")] || kind);

/** The rolls of `events` as [{seat, faces, text}], in order. */
function rollsOf(events) {
  const out = [];
  for (const e of events) {
    const data = e.data || {};
    if (typeof data.roll === "number") {
      const text = e.kind === "shot"
        ? t("{seat} ({gunner}) fires at {target}, burst {burst}: range {range}, fire value {value}, die {roll}: {blue} blue and {red} red chits",
          { ...data, gunner: t(data.gunner), burst: burstName(data.burst) })
        : t("{seat} rolls {roll} ({kind})", { seat: data.seat, roll: data.roll, kind: rollName(e.kind) });
      out.push({ seat: data.seat, faces: [data.roll], text, kind: e.kind });
    } else if (data.rolls && typeof data.rolls === "object") {
      for (const [who, face] of Object.entries(data.rolls)) {
        if (typeof face === "number") out.push({ seat: who, faces: [face], text: t("{seat} rolls {roll} ({kind})", { seat: who, roll: face, kind: rollName(e.kind) }), kind: e.kind });
      }
    }
  }
  return out;
}

/** The dice rolled since the board was last drawn: each roll's face in a tray over the
 * board, with what it decided (the fire table's value and the damage table's chits), and
 * beside the aircraft that rolled. */
export function animate(node, events, before, after, ctl) {
  const board = node.querySelector("svg.hex-board");
  const wrap = node.querySelector(".board-wrap");
  const rolls = rollsOf(events).slice(-10);
  if (!board || !wrap || !rolls.length) return null;
  const tray = el("div", { class: "dice-tray", role: "status", "aria-live": "polite" });
  const layer = svg("g", { class: "dice-layer" });
  wrap.prepend(tray);
  board.append(layer);
  const show = (index) => {
    const roll = rolls[index];
    const red = roll.kind === "shot";
    const style = red ? { colour: "#ffd6d1", ink: "#7a1c12" } : { colour: "#fff" };
    fill(tray, roll.faces.map((f) => dieFace(f, { ...style, size: 40 })), el("span", { class: "roll-text", dataset: { kind: roll.kind } }, roll.text));
    fill(layer);
    const piece = board.querySelector(`.piece[data-piece="${CSS.escape(String(roll.seat))}"]`);
    const match = /translate\(([-\d.]+),([-\d.]+)\)/.exec(piece?.getAttribute("transform") || "");
    if (match) {
      roll.faces.forEach((f, i) => {
        const die = dieFace(f, { ...style, size: UNIT * 0.7 });
        die.setAttribute("x", String(round(Number(match[1]) + UNIT * (0.25 + 0.75 * i))));
        die.setAttribute("y", String(round(Number(match[2]) - UNIT * 1.0)));
        layer.append(die);
      });
    }
    ctl.step(roll.text);
  };
  return playSteps(rolls.length, show, () => { tray.remove(); layer.remove(); }, ctl, 1100);
}

export function promptText(prompt) {
  const words = {
    maneuver: t("Write your maneuver in secret (Phase de Manœuvre)"),
    fire: t("Write your fire order in secret (Le Combat)"),
    tailing: t("Choose whom to tail (La Poursuite)"),
    placement: t("Place your aircraft behind your start line"),
    facing: t("Turn your aircraft to face as you like"),
    "start-altitude": t("Choose the altitude your aircraft starts at"),
  };
  return words[prompt?.kind] || null;
}
