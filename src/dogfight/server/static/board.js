// Drawing a game: the Wings of War table as SVG, any other game as readable
// tables of its view; a seat's own secrets; decisions, outcome and log in words.
// Shared by the table (table.js) and the replay (replay.js).

import { el, fill } from "./common.js";
import { difBoard, difDecisionText, difPromptText, difSecrets, GAME as DIF } from "./difboard.js";
import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const ACTIVE = ["flying", "ground"];
const SIDE_COLOURS = ["#2563b8", "#c0392b", "#2e8b57", "#8e44ad", "#b8860b"];
const KNOWN_SIDE_COLOURS = { allies: "#2563b8", central: "#c0392b", red: "#c0392b", blue: "#2563b8" };

// Table figures (docs: games/wings_of_war/data/table.toml).
const BASE_LENGTH = 64;
const BASE_WIDTH = 42;
const RULER = 100;
const ARC_HALF_ANGLE = 33.3;

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    else if (key === "dataset") Object.entries(value).forEach(([k, v]) => node.setAttribute(`data-${k}`, v));
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A colour for each side, in the order the seats give them. */
export function sideColours(seats) {
  const colours = {};
  let next = 0;
  for (const side of Object.values(seats || {})) {
    if (side in colours) continue;
    colours[side] = KNOWN_SIDE_COLOURS[side] || SIDE_COLOURS[next % SIDE_COLOURS.length];
    next += 1;
  }
  return colours;
}

function round(value) {
  return Math.round(Number(value) * 10) / 10;
}

// ================================================================== the board
/** The board of an observation, as an element (SVG for Wings of War). */
export function renderBoard(observation, seat) {
  const view = observation && observation.view;
  if (observation && observation.game === "wings-of-war" && view && Array.isArray(view.planes)) {
    return wingsOfWarBoard(view, observation.seats || {}, seat);
  }
  if (observation && observation.game === DIF && view && Array.isArray(view.planes)) {
    return difBoard(observation, seat);
  }
  return el("div", { class: "generic-board" },
    el("h3", {}, t("The game")),
    renderJson(view));
}

function wedge(radius, halfAngle) {
  const a = (halfAngle * Math.PI) / 180;
  const x = round(radius * Math.cos(a));
  const y = round(radius * Math.sin(a));
  return `M0,0 L${x},${-y} A${radius},${radius} 0 0 1 ${x},${y} Z`;
}

function wingsOfWarBoard(view, seats, seat) {
  const width = Number(view.area?.width) || 900;
  const height = Number(view.area?.height) || 900;
  const margin = 90;
  const flip = (y) => round(height - Number(y));
  const colours = sideColours(seats);
  const font = round(20 * Math.max(1, Math.max(width, height) / 1000)); // text in mm
  const board = svg("svg", {
    class: "board wow-board",
    viewBox: `${-margin} ${-margin} ${width + 2 * margin} ${height + 2 * margin}`,
    preserveAspectRatio: "xMidYMid meet",
    role: "img",
    "aria-label": t("The table"),
  });
  board.append(svg("title", {}, t("The table: {width} x {height} mm", { width, height })));
  board.append(svg("rect", { class: "table", x: 0, y: 0, width, height }));
  const grid = svg("g", { class: "grid" });
  for (let x = 100; x < width; x += 100) grid.append(svg("line", { x1: x, y1: 0, x2: x, y2: height }));
  for (let y = 100; y < height; y += 100) grid.append(svg("line", { x1: 0, y1: flip(y), x2: width, y2: flip(y) }));
  board.append(grid);
  board.append(svg("text", { class: "scale", x: 0, y: height + 30, "font-size": font }, 
    t("Grid: 10 cm. Ruler: 10 cm (short range: first half)")));

  for (const [index, field] of (view.landing_fields || []).entries()) {
    const length = Number(field.length) || 270;
    const fieldWidth = Number(field.width) || 90;
    board.append(svg("g", {
      class: "landing-field", dataset: { field: String(index) },
      transform: `translate(${round(field.x)},${flip(field.y)}) rotate(${-Number(field.heading || 0)})`,
    },
    svg("rect", { x: -length / 2, y: -fieldWidth / 2, width: length, height: fieldWidth }),
    svg("text", { x: -length / 2 + 8, y: fieldWidth / 2 - 8, "font-size": font * 0.8 }, t("landing field"))));
  }

  const obstacles = []; // label boxes already on the table
  for (const [index, objective] of (view.objectives || []).entries()) {
    const done = (view.missions || []).filter((m) => m.objective === index);
    const achieved = done.some((m) => m.achieved);
    const home = done.some((m) => m.home);
    const colour = colours[objective.side] || "#555";
    const lines = [t("objective: {kind}", { kind: t(objective.kind) })];
    if (objective.max_altitude !== null && objective.max_altitude !== undefined && view.rules?.altitude) {
      lines.push(t("altitude {altitude} or lower", { altitude: objective.max_altitude }));
    }
    if (objective.exit_edge) lines.push(t("then exit by the {edge} edge", { edge: t(objective.exit_edge) }));
    if (home) lines.push(t("mission accomplished"));
    else if (achieved) lines.push(t("objective achieved"));
    const textTop = flip(objective.y) - (Number(objective.radius) || 60) - 8 - lines.length * font * 1.15;
    const textWidth = Math.max(...lines.map((line) => line.length)) * font * 0.62;
    obstacles.push({ x0: objective.x - textWidth / 2, x1: objective.x + textWidth / 2, y0: textTop, y1: textTop + lines.length * font * 1.15 + 8 });
    board.append(svg("g", { class: `objective${achieved ? " achieved" : ""}`, dataset: { objective: String(index) } },
      svg("circle", { cx: round(objective.x), cy: flip(objective.y), r: Number(objective.radius) || 60, stroke: colour }),
      svg("text", {
        x: round(objective.x), "text-anchor": "middle", "font-size": font,
        y: round(flip(objective.y) - (Number(objective.radius) || 60) - 8 - (lines.length - 1) * font * 1.15),
      },
        lines.map((line, i) => svg("tspan", { x: round(objective.x), dy: i ? round(font * 1.15) : 0 }, line)))));
  }

  // arcs first (under every base), then bases, then labels on top
  const arcs = svg("g", { class: "arcs" });
  const bases = svg("g", { class: "bases" });
  const labels = svg("g", { class: "labels", "font-size": font });
  const labelEntries = [];
  for (const plane of view.planes) {
    const active = ACTIVE.includes(plane.status);
    const colour = colours[plane.side] || "#555";
    const mine = seat !== null && seat !== undefined && plane.seat === seat;
    const pose = `translate(${round(plane.x)},${flip(plane.y)}) rotate(${-Number(plane.heading || 0)})`;
    if (active && !plane.in_clouds) {
      const guns = plane.guns || {};
      const group = svg("g", { class: "arc", transform: pose, dataset: { plane: plane.id } });
      for (const arc of ["front", "rear"]) {
        if (!guns[arc]) continue;
        const turn = arc === "rear" ? "rotate(180)" : "";
        group.append(
          svg("path", { class: `arc-long ${arc}`, d: wedge(RULER, ARC_HALF_ANGLE), fill: colour, transform: turn }),
          svg("path", { class: `arc-short ${arc}`, d: wedge(RULER / 2, ARC_HALF_ANGLE), fill: colour, transform: turn }));
      }
      arcs.append(group);
    }
    const classes = ["plane", active ? "active" : "eliminated", mine ? "mine" : "", plane.in_clouds ? "in-clouds" : ""];
    const base = svg("g", {
      class: classes.filter(Boolean).join(" "),
      dataset: { plane: plane.id, side: plane.side, status: plane.status },
    });
    const body = svg("g", { class: "pose", transform: pose },
      svg("rect", {
        class: "base", x: -BASE_LENGTH / 2, y: -BASE_WIDTH / 2, width: BASE_LENGTH, height: BASE_WIDTH,
        rx: 3, fill: active ? colour : "#9a9a9a",
      }),
      svg("path", { class: "nose", d: `M${BASE_LENGTH / 2 - 14},-9 L${BASE_LENGTH / 2 - 2},0 L${BASE_LENGTH / 2 - 14},9 Z` }),
      svg("circle", { class: "stand", cx: 0, cy: 0, r: 3.5 }));
    if (!active) {
      body.append(svg("path", { class: "cross", d: `M-20,-14 L20,14 M-20,14 L20,-14` }));
    }
    base.append(svg("title", {}, `${plane.id}: ${plane.name} (${t(plane.status)})`), body);
    bases.append(base);
    labelEntries.push({ plane, active, x: round(plane.x), y: flip(plane.y), lines: labelLines(plane, view, active) });
  }
  const bounds = { x0: -margin, x1: width + margin, y0: -margin, y1: height + margin };
  for (const entry of placeLabels(labelEntries, font, bounds, obstacles)) labels.append(labelNode(entry));
  board.append(arcs, bases, labels);
  return el("div", { class: "board-wrap" }, board, legend(colours, seats, seat));
}

function labelLines(plane, view, active) {
  const lines = [`${plane.id} · ${plane.name}`];
  if (!active) {
    lines.push(t(plane.status));
    return lines;
  }
  const facts = [];
  if (view.rules?.altitude) {
    facts.push(t("alt. {altitude}", { altitude: plane.altitude }));
    facts.push(t("{stands} stands", { stands: plane.stands }));
    if (plane.climb_counters) facts.push(t("{n} climb", { n: plane.climb_counters }));
  }
  if (plane.status === "ground") facts.push(t("on the ground"));
  if (plane.in_clouds) facts.push(t("in the clouds"));
  if (facts.length) lines.push(facts.join(" · "));
  const counters = [];
  for (const [arc, gun] of Object.entries(plane.guns || {})) {
    if (gun.jam) counters.push(t("{arc} jam {n}", { arc: t(arc), n: gun.jam }));
    if (gun.aiming_at) counters.push(t("aiming at {target}", { target: gun.aiming_at }));
  }
  if (plane.smoke) counters.push(t("smoke {n}", { n: plane.smoke }));
  if (plane.fire) counters.push(t("fire {n}", { n: plane.fire }));
  if (plane.tailing) counters.push(t("tailing {target}", { target: plane.tailing }));
  if (counters.length) lines.push(counters.join(" · "));
  if (view.step === "plan") lines.push(t("cards planned: {n}/3", { n: plane.cards_planned }));
  else if ((plane.revealed || []).length) lines.push((plane.revealed || []).map((name) => t(name)).join(", "));
  return lines;
}

/**
 * Labels beside their aircraft, each put where it overlaps no other label and no
 * other base if it can: below, above, right or left of its base, then further out.
 */
function placeLabels(entries, font, bounds, obstacles = []) {
  const lineHeight = font * 1.15;
  const placed = [...obstacles];
  const bases = entries.map(({ x, y }) => ({ x0: x - 36, x1: x + 36, y0: y - 36, y1: y + 36 }));
  const overlaps = (a, b) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
  const out = [];
  entries.forEach((entry, index) => {
    const width = Math.max(...entry.lines.map((line) => line.length)) * font * 0.62;
    const height = entry.lines.length * lineHeight;
    const candidates = [];
    for (const reach of [1, 2.2, 3.4]) {
      candidates.push(
        { dx: 0, top: 38 * reach, anchor: "middle" },
        { dx: 0, top: -38 * reach - height, anchor: "middle" },
        { dx: 40 * reach, top: -height / 2, anchor: "start" },
        { dx: -40 * reach, top: -height / 2, anchor: "end" });
    }
    let best = candidates[0];
    let bestBox = null;
    for (const wanted of candidates) {
      const left = entry.x + wanted.dx - (wanted.anchor === "middle" ? width / 2 : wanted.anchor === "end" ? width : 0);
      const top = entry.y + wanted.top;
      // kept inside the drawing
      const shiftX = Math.max(0, bounds.x0 - left) - Math.max(0, left + width - bounds.x1);
      const shiftY = Math.max(0, bounds.y0 - top) - Math.max(0, top + height - bounds.y1);
      const candidate = { ...wanted, dx: wanted.dx + shiftX, top: wanted.top + shiftY };
      const box = { x0: left + shiftX, x1: left + shiftX + width, y0: top + shiftY, y1: top + shiftY + height };
      const clash = placed.some((other) => overlaps(box, other))
        || bases.some((base, i) => i !== index && overlaps(box, base));
      if (!bestBox) bestBox = box;
      if (!clash) {
        best = candidate;
        bestBox = box;
        break;
      }
    }
    placed.push(bestBox);
    out.push({ ...entry, ...best, lineHeight });
  });
  return out;
}

function labelNode(entry) {
  const x = round(entry.x + entry.dx);
  const y = round(entry.y + entry.top + entry.lineHeight * 0.8);
  return svg("text", {
    class: `plane-label${entry.active ? "" : " eliminated"}`, x, y, "text-anchor": entry.anchor,
    dataset: { plane: entry.plane.id },
  }, entry.lines.map((line, i) => svg("tspan", { x, dy: i ? round(entry.lineHeight) : 0, class: i ? "" : "name" }, line)));
}

function legend(colours, seats, seat) {
  const items = Object.entries(colours).map(([side, colour]) => {
    const sideSeats = Object.entries(seats).filter(([, s]) => s === side).map(([name]) => name);
    return el("li", {},
      el("span", { class: "swatch", style: `background:${colour}` }),
      `${t(side)}: ${sideSeats.map((s) => (s === seat ? `${s} (${t("you")})` : s)).join(", ")}`);
  });
  items.push(el("li", {}, el("span", { class: "swatch eliminated" }), t("out of play")));
  return el("ul", { class: "legend" }, items);
}

// ============================================================ generic views
/** Any JSON value as nested tables and lists. */
export function renderJson(value, depth = 0) {
  if (value === null || value === undefined) return el("span", { class: "json-null" }, "—");
  if (typeof value === "boolean") return el("span", { class: "json-bool" }, value ? t("yes") : t("no"));
  if (typeof value === "number") return el("span", { class: "json-number" }, String(round(value)));
  // strings are the game's data (names, phases): shown as they are
  if (typeof value === "string") return el("span", { class: "json-string" }, value);
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "json-null" }, "—");
    if (value.every((v) => v === null || typeof v !== "object")) {
      return el("span", {}, value.map((v) => String(v)).join(", "));
    }
    return el("ol", { class: "json-list" }, value.map((v) => el("li", {}, renderJson(v, depth + 1))));
  }
  const rows = Object.entries(value).map(([key, v]) =>
    el("tr", {}, el("th", { scope: "row" }, t(key.replace(/_/g, " "))), el("td", {}, renderJson(v, depth + 1))));
  if (!rows.length) return el("span", { class: "json-null" }, "—");
  return el("table", { class: `json-table depth-${Math.min(depth, 3)}` }, el("tbody", {}, rows));
}

// ================================================================ secrets
/** What only this seat may see of its own aircraft (or pilot), or null. */
export function renderSecrets(observation, seat) {
  if (!observation || !seat) return null;
  const view = observation.view || {};
  if (observation.game === "wings-of-war" && Array.isArray(view.planes)) {
    const mine = view.planes.filter((p) => p.seat === seat);
    if (!mine.length) return null;
    const box = el("div", { class: "secrets" }, el("h3", {}, t("Your aircraft (secret)")));
    for (const plane of mine) {
      const secret = plane.secret || {};
      const flags = [];
      if (secret.pilot_wounded) flags.push(t("pilot wounded"));
      if (secret.observer_wounded) flags.push(t("observer wounded"));
      if (secret.engine_damaged) flags.push(t("engine damaged"));
      if (secret.rudder === "left") flags.push(t("rudder jammed to the left"));
      else if (secret.rudder) flags.push(t("rudder jammed to the right"));
      const plan = (plane.plan || []).map((c) => `${t(c.name)} (#${c.card})`);
      const taken = (plane.damage_taken || []).map((c) => `${c[0]}${c[1]}`);
      box.append(el("section", { class: "own-plane", dataset: { plane: plane.id } },
        el("h4", {}, `${plane.id} · ${plane.name}`),
        el("dl", {},
          el("dt", {}, t("Status")), el("dd", {}, t(plane.status)),
          el("dt", {}, t("Damage")), el("dd", { class: "damage" },
            plane.damage === undefined ? "?" : `${plane.damage} / ${plane.structure}`,
            el("meter", { min: 0, max: plane.structure, value: plane.damage || 0, low: plane.structure * 0.5, high: plane.structure * 0.75, optimum: 0 })),
          taken.length ? [el("dt", {}, t("Damage cards")), el("dd", {}, taken.join(", "))] : null,
          el("dt", {}, t("Plan")), el("dd", { class: "plan-text" }, plan.length ? plan.join(" → ") : "—"),
          flags.length ? [el("dt", {}, t("Special damage")), el("dd", {}, flags.join(", "))] : null,
          el("dt", {}, t("Maneuver deck")), el("dd", {}, plane.maneuver_deck))));
    }
    for (const shown of view.shown_to_you || []) {
      box.append(el("p", { class: "shown" },
        t("Tailing: {target} shows {tailer} its card {phase}: {name}",
          { target: shown.target, tailer: shown.tailer, phase: shown.phase, name: t(shown.name) })));
    }
    return box;
  }
  if (observation.game === DIF && Array.isArray(view.planes)) return difSecrets(observation, seat);
  // any other game: the part of the view held under the seat's name
  const own = findOwn(view, seat, 0);
  if (own === undefined) return null;
  return el("div", { class: "secrets" }, el("h3", {}, t("Your seat: {seat}", { seat })), renderJson(own));
}

function findOwn(value, seat, depth) {
  if (!value || typeof value !== "object" || depth > 2) return undefined;
  if (!Array.isArray(value) && seat in value && typeof value[seat] === "object") return value[seat];
  for (const child of Object.values(value)) {
    const found = findOwn(child, seat, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

// =============================================================== decisions
/** The card named by a legal plan decision's label ("spad: card 1 = bank left ♦ (#4)"). */
export function cardFromLabel(label) {
  const match = /=\s*(.+?)\s*(♦)?\s*\(#(\d+)\)\s*$/.exec(label || "");
  if (!match) return null;
  return { name: match[1], steep: Boolean(match[2]), number: Number(match[3]) };
}

/** A legal decision in the reader's language (the game's English label as a fallback). */
export function decisionText(observation, decision, label) {
  const game = observation?.game;
  if (game === "wings-of-war") {
    if ("floor" in decision) return t("propose the floor {floor}", { floor: decision.floor });
    if ("agree" in decision) return decision.agree ? t("agree") : t("refuse");
    if ("card" in decision) {
      const card = cardFromLabel(label);
      return card ? `${decision.plane}: ${t(card.name)}${card.steep ? " ♦" : ""} (#${card.number})` : label;
    }
    if ("tail" in decision) return t("{plane}: tail {target}", { plane: decision.plane, target: decision.tail });
    if ("heading" in decision) {
      return t("{plane}: turn on the ground to heading {heading}", { plane: decision.plane, heading: decision.heading });
    }
    if ("order" in decision) {
      const plane = (observation.view?.planes || []).find((p) => p.id === decision.plane);
      const names = decision.order.map((n) => {
        const entry = (plane?.plan || []).find((c) => c.card === n);
        return entry ? t(entry.name) : `#${n}`;
      });
      return t("{plane}: fly {cards}", { plane: decision.plane, cards: names.join(" → ") });
    }
    if (decision.hold) return t("{plane}: hold fire ({arc} gun)", { plane: decision.plane, arc: t(decision.arc) });
    if ("target" in decision) {
      const slot = (observation.view?.your_shots || []).find((s) => s.plane === decision.plane && s.arc === decision.arc);
      const cards = slot?.targets?.find((x) => x.target === decision.target)?.cards;
      return cards
        ? t("{plane}: fire ({arc} gun) at {target}, {cards} damage cards",
          { plane: decision.plane, arc: t(decision.arc), target: decision.target, cards })
        : t("{plane}: fire ({arc} gun) at {target}", { plane: decision.plane, arc: t(decision.arc), target: decision.target });
    }
  }
  if (game === DIF) return difDecisionText(observation, decision, label);
  if (game === "test-duel") {
    if ("maneuver" in decision) return t(decision.maneuver);
    if ("fire" in decision) return decision.fire ? t("Fire") : t("Hold fire");
  }
  return label ? t(label) : JSON.stringify(decision);
}

// ================================================================= outcome
/** The end of the game in words, or null while it goes on. */
export function renderOutcome(observation, seat) {
  const outcome = observation?.outcome;
  if (!outcome) return null;
  const seats = observation.seats || {};
  const mySide = seat ? seats[seat] : null;
  let headline;
  if (outcome.winner === null || outcome.winner === undefined) headline = t("Draw");
  else if (mySide && outcome.winner === mySide) headline = t("Victory! {side} win", { side: t(outcome.winner) });
  else if (mySide) headline = t("Defeat: {side} win", { side: t(outcome.winner) });
  else headline = t("{side} win", { side: t(outcome.winner) });
  const scores = Object.entries(outcome.scores || {});
  const points = outcome.details?.points || outcome.details?.vp;
  return el("div", { class: "outcome", role: "status" },
    el("h2", {}, t("Game over"), ": ", headline),
    outcome.reason ? el("p", {}, t(outcome.reason)) : null,
    points ? el("p", {}, t("Victory points"), ": ",
      Object.entries(points).map(([side, n]) => `${t(side)} ${n}`).join(", ")) : null,
    scores.length ? el("p", {}, t("Scores"), ": ",
      scores.map(([s, n]) => `${s} ${n}`).join(", ")) : null);
}

/** The game log, newest at the bottom. */
export function renderLog(node, lines) {
  const atBottom = node.scrollHeight - node.scrollTop - node.clientHeight < 30;
  fill(node, ...(lines || []).map((line) => el("li", {}, t(String(line)))));
  if (atBottom || !node.dataset.scrolled) {
    node.scrollTop = node.scrollHeight;
    node.dataset.scrolled = "1";
  }
}

/** A prompt kind (public: who is asked what) in words. */
export function kindText(kind) {
  const words = {
    plan: t("planning"), fire: t("fire orders"), tail: t("choice of tailing"),
    reorder: t("reordering"), vote: t("vote"), "ground-move": t("ground move"),
    fighter: t("choice of fighter"), altitude: t("choice of altitude"), option: t("campaign option"),
    flak: t("flak pattern"), formation: t("formation"), order: t("order of play"), jettison: t("jettison"),
    climb: t("altitude change"), speed: t("speed maneuvers"), actions: t("playing cards"), react: t("reaction"),
    evasive: t("Evasive"), follow: t("following"), stall: t("stall"), pick: t("choice of bomber"),
    discard: t("discard"), bombing: t("bombing pattern"),
  };
  return words[kind] || t(String(kind));
}

/** A prompt's text in the reader's language. */
export function promptText(prompt, game) {
  if (!prompt) return "";
  if (game === DIF) return difPromptText(prompt);
  const texts = {
    "Plan three maneuver cards": t("Plan three maneuver cards"),
    "Choose your targets (or hold fire)": t("Choose your targets (or hold fire)"),
    "Choose the enemy you tail this turn": t("Choose the enemy you tail this turn"),
    "You saw the tailed plane's card: order yours": t("You saw the tailed plane's card: order yours"),
    "Turn your aircraft on the ground": t("Turn your aircraft on the ground"),
    "Plan your maneuver in secret": t("Plan your maneuver in secret"),
    "Fire or hold": t("Fire or hold"),
  };
  if (prompt.text in texts) return texts[prompt.text];
  const vote = /^(.+) proposes the floor (\d+): agree\?$/.exec(prompt.text || "");
  if (vote) return t("{seat} proposes the floor {floor}: agree?", { seat: vote[1], floor: vote[2] });
  return t(prompt.text || prompt.kind || "");
}

/** Turn, phase and who is awaited, in words. */
export function statusText(observation) {
  const parts = [];
  if (observation?.turn !== undefined) parts.push(t("Turn {turn}", { turn: observation.turn }));
  const view = observation?.view || {};
  if (observation?.game === "wings-of-war" && view.phase) parts.push(t("phase {phase}", { phase: view.phase }));
  const pending = Object.entries(observation?.pending || {});
  if (pending.length) {
    parts.push(t("waiting for: {seats}",
      { seats: pending.map(([s, kind]) => `${s} (${kindText(kind)})`).join(", ") }));
  }
  return parts.join(" · ");
}
