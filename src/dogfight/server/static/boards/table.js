// The board of a continuous table (Game.board "table": Wings of War): the table as
// SVG in millimetres (bases, firing arcs, objectives, landing fields, labels placed
// clear of each other), the seat's own aircraft (damage, plan, special damage), its
// decisions in words and the maneuver-card planner of the planning prompt.
//
// The view it draws: {area: {width, height}, planes: [{id, name, seat, side, status,
// x, y, heading, guns, ...}], objectives, landing_fields, missions, rules, step, phase}.

import { el, fill } from "../common.js";
import { t } from "../i18n.js";
import { genericBoard, genericSecrets, legend, round, sideColours, svg } from "./generic.js";

const ACTIVE = ["flying", "ground"];

// Table figures (docs: games/wings_of_war/data/table.toml).
const BASE_LENGTH = 64;
const BASE_WIDTH = 42;
const RULER = 100;
const ARC_HALF_ANGLE = 33.3;

// ================================================================== the board
/** The table as SVG, or the view as tables when it holds no planes. */
export function render(observation, seat) {
  const view = observation?.view;
  if (view && Array.isArray(view.planes)) return tableBoard(view, observation.seats || {}, seat);
  return genericBoard(observation);
}

function wedge(radius, halfAngle) {
  const a = (halfAngle * Math.PI) / 180;
  const x = round(radius * Math.cos(a));
  const y = round(radius * Math.sin(a));
  return `M0,0 L${x},${-y} A${radius},${radius} 0 0 1 ${x},${y} Z`;
}

function tableBoard(view, seats, seat) {
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
    dataset: { height: String(height), width: String(width) },
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
  board.append(arcs, bases, labels, svg("g", { class: "ghosts" }), svg("g", { class: "effects" }));
  return zoomable(board, seat, legend(colours, seats, seat));
}

// A small screen shows a large table small: the board zooms (scrolling in its frame,
// never the page), centred on the reader's aircraft; the choice is kept.
let zoomed = localStorage.getItem("dogfight.zoom") === "1";

function zoomable(board, seat, legendNode) {
  const frame = el("div", { class: `board-frame${zoomed ? " zoomed" : ""}` }, board);
  const button = el("button", {
    type: "button", class: "zoom small", "aria-pressed": zoomed ? "true" : "false",
    onclick: () => {
      zoomed = !zoomed;
      localStorage.setItem("dogfight.zoom", zoomed ? "1" : "0");
      frame.classList.toggle("zoomed", zoomed);
      button.setAttribute("aria-pressed", zoomed ? "true" : "false");
      button.textContent = zoomed ? t("Whole table") : t("Zoom in");
      centre();
    },
  }, zoomed ? t("Whole table") : t("Zoom in"));
  const centre = () => requestAnimationFrame(() => {
    if (!zoomed || !frame.isConnected) return;
    const mine = board.querySelector(`g.plane.mine g.pose`) || board.querySelector("g.plane.active g.pose");
    if (!mine) return;
    const box = mine.getBoundingClientRect();
    const outer = frame.getBoundingClientRect();
    frame.scrollLeft += box.left + box.width / 2 - outer.left - frame.clientWidth / 2;
    frame.scrollTop += box.top + box.height / 2 - outer.top - frame.clientHeight / 2;
  });
  centre();
  return el("div", { class: "board-wrap" }, el("div", { class: "board-tools" }, button), frame, legendNode);
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

// ================================================================ secrets
/** What only this seat may see of its own aircraft, or null. */
export function secrets(observation, seat) {
  if (!observation || !seat) return null;
  const view = observation.view || {};
  if (Array.isArray(view.planes)) {
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
  return genericSecrets(observation, seat);
}

// =============================================================== decisions
/** The card named by a legal plan decision's label ("spad: card 1 = bank left ♦ (#4)"). */
export function cardFromLabel(label) {
  const match = /=\s*(.+?)\s*(♦)?\s*\(#(\d+)\)\s*$/.exec(label || "");
  if (!match) return null;
  return { name: match[1], steep: Boolean(match[2]), number: Number(match[3]) };
}

/** A legal decision in the reader's language, or null (then the game's label). */
export function decisionText(observation, decision, label) {
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
  return null;
}

// ================================================================= words
const PROMPTS = {
  "Plan three maneuver cards": () => t("Plan three maneuver cards"),
  "Choose your targets (or hold fire)": () => t("Choose your targets (or hold fire)"),
  "Choose the enemy you tail this turn": () => t("Choose the enemy you tail this turn"),
  "You saw the tailed plane's card: order yours": () => t("You saw the tailed plane's card: order yours"),
  "Turn your aircraft on the ground": () => t("Turn your aircraft on the ground"),
};

/** A prompt's text in the reader's language, or null (then the prompt's own text). */
export function promptText(prompt) {
  if (prompt.text in PROMPTS) return PROMPTS[prompt.text]();
  const vote = /^(.+) proposes the floor (\d+): agree\?$/.exec(prompt.text || "");
  if (vote) return t("{seat} proposes the floor {floor}: agree?", { seat: vote[1], floor: vote[2] });
  return null;
}

/** Words for the status line after the turn: the phase. */
export function status(observation) {
  const phase = observation?.view?.phase;
  return phase ? [t("phase {phase}", { phase })] : [];
}

// ================================================================= prompt
/** The planning prompt's card planner, or null: the page's buttons. */
export function decisions(observation, legal, labels, ctx) {
  if (observation.prompt?.kind === "plan" && legal.some((d) => "card" in d)) {
    return planningPanel(observation, legal, labels, ctx);
  }
  return null;
}

// -------------------------------------------------------- planning
function planKey(matchId, seat, turn) {
  return `dogfight.plan.${matchId}.${seat}.${turn}`;
}

function loadPicks(matchId, seat, turn) {
  try {
    const saved = JSON.parse(sessionStorage.getItem(planKey(matchId, seat, turn)) || "null");
    if (saved && typeof saved === "object" && saved.picks && Array.isArray(saved.stack)) return saved;
  } catch { /* a fresh plan */ }
  return { picks: {}, stack: [] };
}

function savePicks(matchId, seat, turn, state) {
  sessionStorage.setItem(planKey(matchId, seat, turn), JSON.stringify(state));
}

function planningPanel(observation, legal, labels, ctx) {
  const { matchId, seat } = ctx;
  const turn = observation.turn;
  const planes = (observation.view?.planes || []).filter((p) => p.seat === seat);
  const hands = {};
  const others = [];
  legal.forEach((decision, index) => {
    if ("card" in decision) {
      const card = cardFromLabel(labels[index]) || { name: `#${decision.card}`, steep: false, number: decision.card };
      (hands[decision.plane] ||= []).push({ ...card, number: decision.card, decision });
    } else {
      others.push([decision, index]);
    }
  });
  const planning = planes.filter((p) => hands[p.id]);
  hinted = observation.hints?.courses || {};
  const state = loadPicks(matchId, seat, turn);
  // keep only picks that are still legal and fit the slots left
  for (const plane of planning) {
    const numbers = new Set(hands[plane.id].map((c) => c.number));
    const room = 3 - (plane.plan || []).length;
    state.picks[plane.id] = (state.picks[plane.id] || []).filter((n) => numbers.has(n)).slice(0, room);
  }
  for (const key of Object.keys(state.picks)) if (!hands[key]) delete state.picks[key];
  state.stack = state.stack.filter((p) => state.picks[p]);
  savePicks(matchId, seat, turn, state);

  const container = el("div", { class: "planning" });
  const complete = () => planning.every((p) => (p.plan || []).length + state.picks[p.id].length === 3);
  const confirmButton = el("button", { type: "button", id: "confirm", class: "primary", "aria-keyshortcuts": "C" }, t("Confirm"));
  const undoButton = el("button", { type: "button", id: "undo", "aria-keyshortcuts": "Backspace" }, t("Undo"));
  const warningsBox = el("div", { class: "plan-warnings", role: "status", "aria-live": "polite" });
  let hovered = null; // [plane id, card number] shown as a ghost

  /** The card numbers of a plane's plan so far: sent to the server, then picked here. */
  const sequence = (plane) => [...(plane.plan || []).map((c) => c.card), ...state.picks[plane.id]];

  function redraw() {
    savePicks(matchId, seat, turn, state);
    const focused = document.activeElement;
    const focus = focused && container.contains(focused) && focused.dataset?.card
      ? { plane: focused.dataset.plane, card: Number(focused.dataset.card), index: Number(focused.dataset.index) }
      : focused === confirmButton ? "confirm" : focused === undoButton ? "undo" : null;
    const warnings = [];
    fill(container, planning.map((plane) => {
      const sent = plane.plan || [];
      const mine = state.picks[plane.id];
      const byNumber = Object.fromEntries(hands[plane.id].map((c) => [c.number, c]));
      const chain = courseNodes(plane, sequence(plane));
      chain.forEach((node, i) => {
        const words = nodeWarning(plane, node);
        if (words) {
          const n = sequence(plane)[i];
          const name = byNumber[n]?.name || sent[i]?.name || `#${n}`;
          warnings.push(t("{plane}, card {slot} ({name}): {warning}", { plane: plane.id, slot: i + 1, name: t(name), warning: words }));
        }
      });
      const slots = [0, 1, 2].map((i) => {
        const node = chain[i];
        const warn = node && nodeWarning(plane, node) ? " warn" : "";
        if (i < sent.length) {
          return el("li", { class: `slot sent${warn}` }, el("span", { class: "slot-n" }, String(i + 1)),
            cardFace(plane.maneuver_deck, sent[i].card), t(sent[i].name), el("small", {}, ` #${sent[i].card}`));
        }
        const n = mine[i - sent.length];
        if (n !== undefined) {
          const card = byNumber[n];
          return el("li", { class: `slot picked${warn}`, dataset: { card: String(n) } },
            el("span", { class: "slot-n" }, String(i + 1)), cardFace(plane.maneuver_deck, n),
            t(card?.name || `#${n}`), card?.steep ? " ♦" : "", el("small", {}, ` #${n}`));
        }
        return el("li", { class: "slot empty" }, el("span", { class: "slot-n" }, String(i + 1)), "—");
      });
      const full = sent.length + mine.length >= 3;
      const ended = chain.length && chain[chain.length - 1].e;
      const nextNodes = chain.length ? chain[chain.length - 1].n : courseOf(plane)?.tree;
      const hand = hands[plane.id].map((card, index) => {
        const picked = mine.includes(card.number);
        const node = full || ended || picked ? null : nodeOf(plane, nextNodes, card.number);
        const warning = node ? nodeWarning(plane, node) : null;
        return el("button", {
          type: "button",
          class: `card${card.steep ? " steep" : ""}${warning ? " warn" : ""}${picked ? " picked" : ""}`,
          dataset: { card: String(card.number), plane: plane.id, index: String(index) },
          disabled: ctx.busy() || full || picked,
          "aria-label": `${t(card.name)}${card.steep ? `, ${t("steep maneuver")}` : ""} #${card.number}${warning ? `: ${warning}` : ""}`,
          onclick: () => {
            if (ctx.busy() || full || mine.includes(card.number)) return;
            mine.push(card.number);
            state.stack.push(plane.id);
            hovered = null;
            redraw();
          },
          onmouseenter: () => { hovered = [plane.id, card.number]; drawAllGhosts(); },
          onmouseleave: () => { hovered = null; drawAllGhosts(); },
          onfocus: () => { hovered = [plane.id, card.number]; drawAllGhosts(); },
          onblur: () => { hovered = null; drawAllGhosts(); },
          onkeydown: (event) => moveInHand(event),
        }, cardFace(plane.maneuver_deck, card.number),
        el("span", { class: "card-name" }, t(card.name)), card.steep ? el("span", { class: "steep-mark", title: t("steep maneuver") }, "♦") : null,
        el("span", { class: "card-number" }, `#${card.number}`),
        warning ? el("span", { class: "card-warning" }, `⚠ ${warning}`) : null);
      });
      return el("section", { class: "plan-plane", dataset: { plane: plane.id } },
        el("h3", {}, `${plane.id} · ${plane.name}`),
        el("ol", { class: "plan-slots" }, slots),
        el("div", { class: "hand", role: "group", "aria-label": t("Hand of {plane}", { plane: plane.id }) }, hand));
    }),
    warningsBox,
    el("div", { class: "plan-actions" }, undoButton, confirmButton,
      el("span", { class: "hint kbd-hint" }, t("Enter or Space: pick the focused card · Backspace: undo · C: confirm"))),
    others.length ? el("div", { class: "other-decisions" }, el("h4", {}, t("Other decisions")),
      ctx.buttons(others.map(([d]) => d), others.map(([, i]) => labels[i]))) : null);
    fill(warningsBox, warnings.length ? el("ul", {}, warnings.map((w) => el("li", {}, `⚠ ${w}`))) : null);
    warningsBox.hidden = !warnings.length;
    confirmButton.disabled = ctx.busy() || !complete() || !state.stack.length;
    confirmButton.textContent = warnings.length ? t("Confirm anyway") : t("Confirm");
    undoButton.disabled = ctx.busy() || !state.stack.length;
    drawAllGhosts();
    restoreFocus(focus);
  }

  /** Focus where it was: the same card, else the next one of that hand still free. */
  function restoreFocus(focus) {
    if (!focus) return;
    if (focus === "confirm" || focus === "undo") {
      const button = focus === "confirm" ? confirmButton : undoButton;
      if (!button.disabled) { button.focus({ preventScroll: true }); return; }
    }
    const cards = [...container.querySelectorAll("button.card")];
    const same = cards.filter((b) => b.dataset.plane === focus.plane);
    const free = (list) => list.find((b) => !b.disabled);
    const target = free(same.filter((b) => Number(b.dataset.index) >= (focus.index || 0)))
      || free(same) || free(cards) || (!confirmButton.disabled ? confirmButton : undoButton);
    target?.focus({ preventScroll: true });
  }

  function moveInHand(event) {
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (!(event.key in moves)) return;
    const hand = [...event.currentTarget.parentNode.querySelectorAll("button.card:not(:disabled)")];
    const at = hand.indexOf(event.currentTarget);
    const next = hand[(at + moves[event.key] + hand.length) % hand.length];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  function drawAllGhosts() {
    const layer = document.querySelector("svg.wow-board g.ghosts");
    if (!layer) return;
    const height = Number(layer.ownerSVGElement.dataset.height) || 900;
    const width = Number(layer.ownerSVGElement.dataset.width) || 900;
    layer.replaceChildren();
    for (const plane of planning) {
      const chain = courseNodes(plane, sequence(plane));
      let from = { x: plane.x, y: plane.y, h: plane.heading };
      chain.forEach((node, i) => {
        layer.append(ghost(from, node, String(i + 1), nodeWarning(plane, node), [width, height], "chain"));
        from = node;
      });
      if (hovered && hovered[0] === plane.id && !(chain.length && chain[chain.length - 1].e)) {
        const next = chain.length ? chain[chain.length - 1].n : courseOf(plane)?.tree;
        const node = nodeOf(plane, next, hovered[1]);
        if (node) layer.append(ghost(from, node, String(chain.length + 1), nodeWarning(plane, node), [width, height], "candidate"));
      }
    }
  }

  function undo() {
    if (ctx.busy() || !state.stack.length) return;
    const plane = state.stack.pop();
    state.picks[plane].pop();
    redraw();
  }

  async function confirm() {
    if (ctx.busy() || !complete() || !state.stack.length) return;
    const decisions = [];
    for (const plane of planning) {
      for (const n of state.picks[plane.id]) decisions.push({ plane: plane.id, card: n });
    }
    const done = await ctx.send(decisions, (decision) => {
      // a card accepted by the server leaves the local plan
      const list = state.picks[decision.plane];
      list.splice(list.indexOf(decision.card), 1);
      const at = state.stack.lastIndexOf(decision.plane);
      if (at >= 0) state.stack.splice(at, 1);
      savePicks(matchId, seat, turn, state);
    });
    if (done) sessionStorage.removeItem(planKey(matchId, seat, turn));
  }

  undoButton.addEventListener("click", undo);
  confirmButton.addEventListener("click", confirm);
  ctx.keys({ undo, confirm, ghosts: drawAllGhosts });
  redraw();
  return container;
}

// ----------------------------------------------------- where a plan ends (the game's own figures)
// The view gives, for the planning seat's own aircraft only, every plan it may still
// make flown by the rules (`courses`: Wings of War's preview.py); the page only reads it.

let hinted = {}; // plane id -> its courses (observation.hints, set by the planner)
const courseOf = (plane) => hinted[plane.id] || null;

/** The nodes of a plane's course along a sequence of card numbers (as far as known). */
function courseNodes(plane, numbers) {
  const out = [];
  let nodes = courseOf(plane)?.tree;
  for (const n of numbers) {
    const node = nodeOf(plane, nodes, n);
    if (!node) break;
    out.push(node);
    nodes = node.n;
  }
  return out;
}

function nodeOf(plane, nodes, number) {
  if (!nodes) return null;
  const same = courseOf(plane)?.same?.[String(number)] ?? number;
  return nodes[String(same)] || null;
}

const RESULTS = {
  "left-table": () => t("leaves the table"),
  crashed: () => t("crashes"),
  "below-floor": () => t("goes below the floor"),
  "out-of-control": () => t("goes out of control"),
  ground: () => t("touches down"),
  "in-clouds": () => t("enters the clouds"),
};

/** What is wrong with a card of a plan, in words (the rule's reason), or null. */
function nodeWarning(plane, node) {
  const parts = [];
  if (node.r !== undefined && node.r !== null) {
    const reason = courseOf(plane)?.reasons?.[node.r] || "";
    parts.push(node.e === "out-of-control"
      ? t("{reason}: out of control", { reason: t(reason) })
      : t("{reason}: flown as a straight", { reason: t(reason) }));
  }
  if (node.e && node.e !== "out-of-control") parts.push(RESULTS[node.e] ? RESULTS[node.e]() : t(node.e));
  return parts.length ? parts.join("; ") : null;
}

/** A ghost base where a card ends, and the path from the pose before it. */
function ghost(from, node, text, warning, [width, height], kind) {
  const flip = (y) => round(height - Number(y));
  // off the table: a mark where the path crosses the edge (the ghost may be out of sight)
  let exit = null;
  if (node.e === "left-table") {
    const dx = node.x - from.x;
    const dy = node.y - from.y;
    let s = 1;
    for (const [d, start, limit] of [[dx, from.x, width], [dy, from.y, height]]) {
      if (start + d * s > limit && d) s = Math.min(s, (limit - start) / d);
      if (start + d * s < 0 && d) s = Math.min(s, -start / d);
    }
    const at = { x: from.x + dx * s, y: from.y + dy * s };
    exit = svg("g", { class: "exit", transform: `translate(${round(at.x)},${flip(at.y)})` },
      svg("circle", { r: 16 }), svg("path", { d: "M-8,-8 L8,8 M-8,8 L8,-8" }));
  }
  const path = curve(from, { x: node.x, y: node.y, h: node.h }, flip);
  return svg("g", { class: `ghost ${kind}${warning ? " warn" : ""}`, dataset: { slot: text } },
    svg("path", { class: "ghost-path", d: path }),
    svg("g", { transform: `translate(${round(node.x)},${flip(node.y)}) rotate(${-Number(node.h || 0)})` },
      svg("rect", { class: "ghost-base", x: -BASE_LENGTH / 2, y: -BASE_WIDTH / 2, width: BASE_LENGTH, height: BASE_WIDTH, rx: 3 }),
      svg("path", { class: "nose", d: `M${BASE_LENGTH / 2 - 14},-9 L${BASE_LENGTH / 2 - 2},0 L${BASE_LENGTH / 2 - 14},9 Z` })),
    svg("text", { class: "ghost-label", x: round(node.x), y: flip(node.y) + 6, "text-anchor": "middle" },
      warning ? `${text} ⚠` : text),
    exit,
    warning ? svg("title", {}, warning) : null);
}

/** A smooth path (drawing only) from one pose to the next, leaving and arriving nose first. */
function curve(a, b, flip) {
  const length = Math.hypot(b.x - a.x, b.y - a.y) / 3;
  const ra = (Number(a.h || 0) * Math.PI) / 180;
  const rb = (Number(b.h || 0) * Math.PI) / 180;
  const c1 = [a.x + length * Math.cos(ra), a.y + length * Math.sin(ra)];
  const c2 = [b.x - length * Math.cos(rb), b.y - length * Math.sin(rb)];
  return `M${round(a.x)},${flip(a.y)} C${round(c1[0])},${flip(c1[1])} ${round(c2[0])},${flip(c2[1])} ${round(b.x)},${flip(b.y)}`;
}

function bezier(a, b, s) {
  const length = Math.hypot(b.x - a.x, b.y - a.y) / 3;
  const ra = (Number(a.h || 0) * Math.PI) / 180;
  const rb = (Number(b.h || 0) * Math.PI) / 180;
  const p = [[a.x, a.y], [a.x + length * Math.cos(ra), a.y + length * Math.sin(ra)],
    [b.x - length * Math.cos(rb), b.y - length * Math.sin(rb)], [b.x, b.y]];
  const u = 1 - s;
  const at = (i) => u * u * u * p[0][i] + 3 * u * u * s * p[1][i] + 3 * u * s * s * p[2][i] + s * s * s * p[3][i];
  const turn = ((Number(b.h || 0) - Number(a.h || 0) + 540) % 360) - 180;
  return { x: at(0), y: at(1), h: Number(a.h || 0) + turn * s };
}

// ------------------------------------------------------------------ the cards' faces
// Drawn from the maneuver decks' figures (GET /api/games/{id}/data: the derived,
// editable maneuvers.toml): the arrow from the base's front edge to the arrow head.
let decks = null;
let loadingDecks = null;

export function load(observation) {
  if (decks || !Array.isArray(observation?.view?.planes)) return Promise.resolve(true);
  if (!loadingDecks) {
    loadingDecks = fetch(`/api/games/${encodeURIComponent(observation.game)}/data`)
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((body) => {
        if (!body) return false;
        decks = body.maneuver_decks || {};
        return true;
      })
      .catch(() => false)
      .finally(() => { if (!decks) loadingDecks = null; });
  }
  return loadingDecks;
}

export function ready(observation) {
  return Boolean(decks) || !Array.isArray(observation?.view?.planes);
}

/** A maneuver card's face: the path's arrow, as printed on the card (or nothing yet). */
function cardFace(deck, number) {
  const card = decks?.[deck]?.cards?.find((c) => c.number === number);
  if (!card) return null;
  // card frame: x forward = up, y left = left; the base's front edge at the origin
  const head = { x: -Number(card.y), y: -Number(card.x) };
  const h = (Number(card.heading) * Math.PI) / 180;
  const dir = { x: -Math.sin(h), y: -Math.cos(h) };
  const length = Math.hypot(head.x, head.y);
  const c1 = { x: 0, y: -length * 0.45 };
  const c2 = { x: head.x - dir.x * length * 0.45, y: head.y - dir.y * length * 0.45 };
  const side = { x: -dir.y, y: dir.x };
  const tip = { x: head.x + dir.x * 12, y: head.y + dir.y * 12 };
  const wing = (k) => `${round(head.x + side.x * 9 * k)},${round(head.y + side.y * 9 * k)}`;
  return svg("svg", { class: `card-face ${card.kind}${card.steep ? " steep" : ""}`, viewBox: "-105 -125 210 160", "aria-hidden": "true" },
    svg("rect", { class: "face-base", x: -21, y: 0, width: 42, height: 30, rx: 3 }),
    svg("path", { class: "face-path", d: `M0,0 C${round(c1.x)},${round(c1.y)} ${round(c2.x)},${round(c2.y)} ${round(head.x)},${round(head.y)}` }),
    svg("path", { class: "face-head", d: `M${wing(1)} L${round(tip.x)},${round(tip.y)} L${wing(-1)} Z` }));
}

// ================================================================ animation
/**
 * Show what happened since the last observation, phase by phase: each card's movement
 * along its path, fire as a line, damage and jams as they come. ``events`` are the new
 * events ({kind, data}); ``before`` the observation drawn until now. Returns
 * {skip()} or null when there is nothing to show; ``ctl.speed()`` multiplies the pace,
 * ``ctl.step(text)`` names the step shown, ``ctl.done()`` is called at the end.
 */
export function animate(node, events, before, after, ctl) {
  const board = node.querySelector?.("svg.wow-board");
  const planes = before?.view?.planes;
  if (!board || !Array.isArray(planes)) return null;
  const height = Number(board.dataset.height) || 900;
  const flip = (y) => round(height - Number(y));
  const pose = {};
  for (const p of planes) pose[p.id] = { x: Number(p.x), y: Number(p.y), h: Number(p.heading || 0) };
  const steps = [];
  let phase = before?.view?.phase || null;
  for (const event of events) {
    const d = event.data || {};
    if (event.kind === "revealed" && d.phase !== undefined) phase = d.phase;
    if (event.kind === "moved" && pose[d.plane]) {
      const last = steps[steps.length - 1];
      const move = { plane: d.plane, from: pose[d.plane], to: { x: Number(d.x), y: Number(d.y), h: Number(d.heading || 0) } };
      pose[d.plane] = move.to;
      if (last && last.kind === "move" && !last.moves.some((m) => m.plane === d.plane)) last.moves.push(move);
      else steps.push({ kind: "move", phase, moves: [move] });
    } else if (event.kind === "fire" && pose[d.plane] && pose[d.target]) {
      steps.push({
        kind: "fire", phase, from: pose[d.plane], to: pose[d.target], plane: d.plane, target: d.target,
        cards: Number(d.cards) || 0, marks: [],
      });
    } else if (MARKS[event.kind] && pose[d.plane]) {
      const last = steps[steps.length - 1];
      const mark = { at: pose[d.plane], text: MARKS[event.kind](d) };
      if (last && last.kind === "fire") last.marks.push(mark);
      else steps.push({ kind: "mark", phase, marks: [mark] });
    }
  }
  if (!steps.some((s) => s.kind === "move" || s.kind === "fire")) return null;
  const finals = {};
  for (const group of board.querySelectorAll("g.plane")) {
    const inner = group.querySelector("g.pose");
    finals[group.dataset.plane] = inner.getAttribute("transform");
    const start = planes.find((p) => p.id === group.dataset.plane);
    if (start) inner.setAttribute("transform", `translate(${round(start.x)},${flip(start.y)}) rotate(${-Number(start.heading || 0)})`);
  }
  board.classList.add("animating");
  const effects = board.querySelector("g.effects");
  let stopped = false;
  let frame = null;
  let timer = null;
  const finish = () => {
    if (stopped) return;
    stopped = true;
    if (frame) cancelAnimationFrame(frame);
    if (timer) clearTimeout(timer);
    effects?.replaceChildren();
    for (const group of board.querySelectorAll("g.plane")) {
      const final = finals[group.dataset.plane];
      if (final) group.querySelector("g.pose").setAttribute("transform", final);
    }
    board.classList.remove("animating");
    ctl.done();
  };
  const place = (id, p) => {
    const inner = board.querySelector(`g.plane[data-plane="${CSS.escape(id)}"] g.pose`);
    inner?.setAttribute("transform", `translate(${round(p.x)},${flip(p.y)}) rotate(${-round(p.h)})`);
  };
  const run = (index) => {
    if (stopped) return;
    if (index >= steps.length) { finish(); return; }
    const step = steps[index];
    const speed = Math.max(0.25, Number(ctl.speed()) || 1);
    ctl.step(step.phase ? t("Phase {phase}", { phase: step.phase }) : "");
    effects?.replaceChildren();
    if (step.kind === "move") {
      const duration = 1100 / speed;
      const started = performance.now();
      const tick = (now) => {
        if (stopped) return;
        const s = Math.min(1, (now - started) / duration);
        const eased = s < 0.5 ? 2 * s * s : 1 - (-2 * s + 2) ** 2 / 2;
        for (const move of step.moves) place(move.plane, bezier(move.from, move.to, eased));
        if (s < 1) frame = requestAnimationFrame(tick);
        else timer = setTimeout(() => run(index + 1), 150 / speed);
      };
      frame = requestAnimationFrame(tick);
      return;
    }
    if (step.kind === "fire") {
      effects?.append(rangeBand(step, flip),
        svg("line", { class: "shot", x1: round(step.from.x), y1: flip(step.from.y), x2: round(step.to.x), y2: flip(step.to.y) }));
    }
    for (const mark of step.marks) {
      effects?.append(svg("text", { class: "mark", x: round(mark.at.x), y: flip(mark.at.y) - 48, "text-anchor": "middle" }, mark.text));
    }
    timer = setTimeout(() => run(index + 1), 900 / speed);
  };
  run(0);
  return { skip: finish };
}

/**
 * The ruler laid from the shooter towards its target, as the players lay it (book:
 * 000_caefe768ab735396.txt § TIR): its first half (short range, two damage cards) and
 * its second half (long range, one card) drawn apart, a tick between them, and the
 * range of this shot named by the cards it drew.
 */
function rangeBand(step, flip) {
  const dx = step.to.x - step.from.x;
  const dy = step.to.y - step.from.y;
  const length = Math.hypot(dx, dy) || 1;
  const at = (d) => ({ x: round(step.from.x + (dx / length) * d), y: flip(step.from.y + (dy / length) * d) });
  const [start, half, end] = [at(0), at(RULER / 2), at(RULER)];
  const normal = { x: (-dy / length) * 12, y: (dx / length) * 12 };
  const short = step.cards >= 2;
  const label = short ? t("short range") : t("long range");
  return svg("g", { class: `range-band ${short ? "short" : "long"}`, "aria-label": label, role: "img" },
    svg("line", { class: "ruler-short", x1: start.x, y1: start.y, x2: half.x, y2: half.y }),
    svg("line", { class: "ruler-long", x1: half.x, y1: half.y, x2: end.x, y2: end.y }),
    svg("line", { class: "ruler-tick", x1: round(half.x + normal.x), y1: round(half.y - normal.y), x2: round(half.x - normal.x), y2: round(half.y + normal.y) }),
    svg("text", { class: "range-label", x: round((start.x + end.x) / 2 + normal.x * 2), y: round((start.y + end.y) / 2 - normal.y * 2), "text-anchor": "middle" }, label));
}

const MARKS = {
  "damage-drawn": (d) => t("+{n} damage cards", { n: d.cards }),
  jam: () => t("jammed!"),
  explosion: () => t("explodes!"),
  "shot-down": () => t("shot down"),
  smoke: () => t("smoke"),
  "on-fire": () => t("on fire"),
  "left-table": () => t("leaves the table"),
  crashed: () => t("crashed"),
};
