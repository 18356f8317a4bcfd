// The board of a game without a map (Game.board "none"): cards and counters.
//
// A view with `planes` (Down In Flames) is drawn as cards: the aircraft on five
// altitude levels, the positions between enemies drawn as pairs of aircraft, bombers
// in formation, the seat's hand as action cards (the other hands as counts), the
// chain of cards being played; its prompts as grouped buttons. The card and aircraft
// figures come from the game's data, GET /api/games/{observation.game}/data
// (`action_deck`, `aircraft`). Any other view (the test duel) is shown as tables,
// its decisions as the page's buttons.

import { el } from "../common.js";
import { sideName, t } from "../i18n.js";
import { genericBoard, genericSecrets } from "./generic.js";

const SVG = "http://www.w3.org/2000/svg";
const ALTITUDES = ["very-low", "low", "medium", "high", "very-high"];
const ALT_MODS = { "very-low": [1, 1], low: [0, 1], medium: [0, 0], high: [-1, 0], "very-high": [-1, -1] };
const SIDE_COLOURS = { allies: "#2563b8", axis: "#c0392b" };
const EXTRA_COLOURS = ["#2e8b57", "#8e44ad", "#b8860b", "#555"];

let data = null;     // {cards: {id: card}, aircraft: {id: aircraft}}
let loading = null;

/** Whether the view is drawn as cards (aircraft on altitude levels). */
function cardsView(observation) {
  return Array.isArray(observation?.view?.planes);
}

/** Load the game's cards and aircraft once; resolves true when they are there. */
export function load(observation) {
  if (data || !cardsView(observation)) return Promise.resolve(true);
  if (!loading) {
    loading = fetch(`/api/games/${encodeURIComponent(observation.game)}/data`)
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((body) => {
        if (!body) return false;
        data = {
          cards: Object.fromEntries((body.action_deck || []).map((c) => [c.id, c])),
          aircraft: Object.fromEntries((body.aircraft || []).map((a) => [a.id, a])),
          pilots: body.rule_tables?.pilots || {},
        };
        return true;
      })
      .catch(() => false)
      .finally(() => { if (!data) loading = null; });
  }
  return loading;
}

/** Whether what the board draws from is here (else draw again once load() resolves). */
export function ready(observation) {
  return Boolean(data) || !cardsView(observation);
}

function cardOf(id) {
  if (id === "ace-marker") return { id, title: t("Ace Pilot marker"), subtitle: "", kinds: [], react_to: ["Any"], maneuver: 0, bursts: 0, hits: 0 };
  return data?.cards?.[id] || { id, title: humanize(id), subtitle: "", kinds: [], react_to: [], maneuver: 0, bursts: 0, hits: 0 };
}

function cardName(id) {
  const card = cardOf(id);
  return card.subtitle ? `${card.title} (${card.subtitle})` : card.title;
}

function humanize(name) {
  const text = String(name ?? "").replace(/[_-]+/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function colour(side) {
  if (side in SIDE_COLOURS) return SIDE_COLOURS[side];
  let sum = 0;
  for (const ch of String(side)) sum += ch.charCodeAt(0);
  return EXTRA_COLOURS[sum % EXTRA_COLOURS.length];
}

function altitudeText(level) {
  return {
    "very-low": t("Very low"), low: t("Low"), medium: t("Medium"), high: t("High"), "very-high": t("Very high"),
  }[level] || humanize(level);
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function altitudeMods(level) {
  const [pre, post] = ALT_MODS[level] || [0, 0];
  return t("horsepower {pre}/{post}", { pre: signed(pre), post: signed(post) });
}

function positionText(position) {
  return {
    tailing: t("Tailing"), advantaged: t("Advantaged"), neutral: t("Neutral"),
    disadvantaged: t("Disadvantaged"), tailed: t("Tailed"),
  }[position] || humanize(position);
}

function specialText(special) {
  return {
    gunner: t("Gunner"), turbocharger: t("Turbocharger"), agile: t("Agile"), barrage: t("Barrage"),
    bomber: t("Bomber"), "fighter-bomber": t("Fighter-bomber"),
  }[special] || humanize(special);
}

function phaseText(phase) {
  return {
    choose: t("choice of fighters"), altitude: t("choice of altitudes"), options: t("campaign options"),
    flak: t("flak"), formation: t("formation"), order: t("order of play"), jettison: t("jettison"),
    climb: t("altitude change"), speed: t("speed"), actions: t("actions"), discard: t("discard"),
    bombing: t("bombing"), over: t("game over"),
  }[phase] || humanize(phase);
}

// ================================================================ names
// An aircraft is named by its nation once its fighter is revealed ("Germany",
// "United Kingdom 2" when a nation flies several), by its side before ("Axis").
let names = {}; // plane id -> its name, from the last view drawn

function nameAll(observation) {
  const planes = observation?.view?.planes || [];
  const group = (p) => (p.nation ? `nation:${p.nation}` : `side:${p.side}`);
  const total = {};
  for (const p of planes) total[group(p)] = (total[group(p)] || 0) + 1;
  const seen = {};
  names = {};
  for (const p of planes) {
    const key = group(p);
    seen[key] = (seen[key] || 0) + 1;
    const base = p.nation ? t(p.nation) : sideName(p.side);
    names[p.id] = total[key] > 1 ? `${base} ${seen[key]}` : base;
  }
}

/** An aircraft's name in words (its nation), or the id of what is no aircraft. */
function planeName(id) {
  return names[id] || id;
}

/** Why the game ended, in the reader's language (a mission's reason has figures), or null. */
export function reasonText(observation) {
  const outcome = observation?.outcome;
  const details = outcome?.details || {};
  if (!cardsView(observation) || !outcome || !observation.view?.mission) return null;
  return t("target {status}; net {net} VP: {result}", {
    status: t(String(details.status ?? "intact")), net: details.net_vp ?? 0, result: t(String(details.result ?? "")),
  });
}

/** A seat named by its aircraft's nations once revealed ("Germany"), or null. */
export function seatText(observation, seat) {
  if (!cardsView(observation)) return null;
  const nations = (observation.view.planes || []).filter((p) => p.seat === seat && p.nation).map((p) => t(p.nation));
  return nations.length ? [...new Set(nations)].join(", ") : null;
}

/** A log line with the aircraft named by nation instead of their ids. */
export function logText(observation, line) {
  nameAll(observation);
  const ids = Object.keys(names).sort((a, b) => b.length - a.length);
  if (!ids.length) return line;
  const pattern = new RegExp(`(?<![\\w-])(${ids.map((id) => id.replace(/[-]/g, "\\-")).join("|")})(?![\\w-])`, "g");
  return String(line).replace(pattern, (id) => names[id] || id);
}

/** Position of plane a relative to b: tailing, advantaged, neutral, disadvantaged, tailed. */
function relation(positions, a, b) {
  for (const p of positions || []) {
    if (p.holder === a && p.target === b) return p.position;
    if (p.holder === b && p.target === a) return p.position === "tailing" ? "tailed" : "disadvantaged";
  }
  return "neutral";
}

// ==================================================================== the board
/** The cards and counters, or the view as tables when it holds no planes. */
export function render(observation, seat) {
  return cardsView(observation) ? cardsBoard(observation, seat) : genericBoard(observation);
}

function cardsBoard(observation, seat) {
  nameAll(observation);
  const view = observation.view || {};
  const planes = view.planes || [];
  const board = el("div", { class: "dif-board", dataset: { phase: view.phase || "" } });
  board.append(summary(observation, view));
  if (view.mission) board.append(missionPanel(view.mission, view, seat, observation.seats || {}));
  board.append(levels(view, planes, seat));
  const pairs = positionPairs(view, planes, seat);
  if (pairs) board.append(pairs);
  if (view.chain) board.append(chainPanel(view.chain));
  if (observation.outcome) board.append(resultPanel(observation));
  for (const plane of planes.filter((p) => p.seat === seat && Array.isArray(p.hand) && !p.down && !p.gone)) {
    if (plane.hand.length || (!plane.bomber && plane.stats)) board.append(handPanel(plane, plane.hand, "hand"));
    if ((plane.turret_hand || []).length) board.append(handPanel(plane, plane.turret_hand, "turret"));
  }
  requestAnimationFrame(markPlayable);
  return board;
}

function summary(observation, view) {
  const vp = Object.entries(view.vp || {}).map(([side, n]) =>
    el("span", { class: "dif-vp", dataset: { side } }, el("span", { class: "swatch", style: `background:${colour(side)}` }), `${sideName(side)} ${n}`));
  return el("div", { class: "dif-summary" },
    el("span", {}, t("Turn {turn} of {turns}", { turn: view.turn ?? observation.turn, turns: view.turns ?? "?" })),
    el("span", {}, t("Phase: {phase}", { phase: phaseText(view.phase) })),
    view.active ? el("span", {}, t("Active: {plane}", { plane: planeName(view.active) })) : null,
    el("span", {}, t("Victory points"), ": ", vp),
    el("span", { class: "hint" }, t("Deck {deck} · discard {discard}", { deck: view.deck ?? 0, discard: view.discard_count ?? 0 })));
}

function missionPanel(mission, view, seat, seats) {
  const rows = [
    [t("Campaign"), humanize(mission.campaign)],
    [t("Attacker"), t(mission.attacker)], [t("Defender"), t(mission.defender)],
    [t("Target"), `#${mission.target} · ${t("damaged at {damaged} bombs, destroyed at {destroyed}", { damaged: mission.damaged, destroyed: mission.destroyed })}`],
    [t("Flak"), String(mission.flak)],
  ];
  if (mission.flak_pattern) rows.push([t("Flak pattern"), t(mission.flak_pattern)]);
  else if (mission.flak_chosen) rows.push([t("Flak pattern"), t("chosen in secret")]);
  if (mission.bombs) rows.push([t("Bombs on target"), String(mission.bombs)]);
  if (mission.status) rows.push([t("Target status"), t(mission.status)]);
  for (const option of mission.options || []) {
    rows.push([t("Option of {side}", { side: t(option.side) }), `#${option.option}${option.choice ? ` (${t(option.choice)})` : ""}`]);
  }
  return el("section", { class: "dif-mission" }, el("h3", {}, t("Mission")),
    el("dl", {}, rows.map(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])));
}

function levels(view, planes, seat) {
  const box = el("div", { class: "dif-levels" });
  for (const level of [...ALTITUDES].reverse()) {
    const here = planes.filter((p) => p.altitude === level);
    const fighters = here.filter((p) => !p.bomber);
    const bombers = here.filter((p) => p.bomber);
    box.append(el("section", { class: `dif-level${here.length ? "" : " empty"}`, dataset: { altitude: level } },
      el("header", { class: "dif-altitude-marker" },
        el("strong", {}, altitudeText(level)), el("small", {}, altitudeMods(level))),
      el("div", { class: "dif-level-planes" },
        bombers.length ? formation(bombers, view, seat) : null,
        fighters.map((p) => aircraftCard(p, view, seat)))));
  }
  const unplaced = planes.filter((p) => !p.altitude);
  if (unplaced.length) {
    box.append(el("section", { class: "dif-level dif-unplaced", dataset: { altitude: "" } },
      el("header", { class: "dif-altitude-marker" }, el("strong", {}, t("Altitude not revealed yet"))),
      el("div", { class: "dif-level-planes" }, unplaced.map((p) => aircraftCard(p, view, seat)))));
  }
  return box;
}

function formation(bombers, view, seat) {
  const grid = el("div", { class: "dif-formation", role: "group", "aria-label": t("Bombers in formation") });
  for (const b of bombers) {
    const card = aircraftCard(b, view, seat);
    card.style.gridRow = String((Number(b.row) || 0) + 1);
    card.style.gridColumn = String((Number(b.col) || 0) + 1);
    grid.append(card);
  }
  return el("div", { class: "dif-formation-box" }, el("h4", {}, t("Bombers in formation")), grid);
}

function airframeTrack(plane) {
  const stats = plane.stats || {};
  const [healthy, total] = stats.airframe || [0, 0];
  const damage = Number(plane.damage) || 0;
  const boxes = [];
  for (let i = 1; i <= Math.max(total, damage); i += 1) {
    boxes.push(el("span", {
      class: `box${i <= damage ? " hit" : ""}${i > healthy ? " smoking" : ""}${i === healthy ? " flip" : ""}`,
      title: i <= healthy ? t("healthy side") : t("damaged side"),
    }, i <= damage ? "✕" : ""));
  }
  return el("div", { class: "dif-airframe", title: t("Airframe: damaged at {healthy}, shot down at {total}", { healthy, total }) },
    el("span", { class: "label" }, t("Airframe {healthy}/{total}", { healthy, total })), el("span", { class: "boxes" }, boxes),
    el("span", { class: "damage-count" }, t("{damage} damage", { damage })));
}

function aircraftCard(plane, view, seat) {
  const mine = seat && plane.seat === seat;
  const stats = plane.stats;
  const classes = ["dif-aircraft", `side-${plane.side}`];
  if (mine) classes.push("mine");
  if (plane.damaged) classes.push("damaged");
  if (plane.down) classes.push("down");
  if (plane.gone) classes.push("gone");
  if (plane.bomber) classes.push("bomber");
  if (view.active === plane.id) classes.push("active");
  if (view.chain && (view.chain.actor === plane.id || view.chain.target === plane.id)) classes.push("in-chain");
  const flags = [];
  if (plane.down) flags.push(t("shot down"));
  if (plane.gone) flags.push(t("gone home"));
  if (plane.late) flags.push(t("late"));
  if (plane.acted) flags.push(t("has acted"));
  if (plane.evasive) flags.push(t("evasive"));
  if (plane.extra_hits) flags.push(t("+{hits} hit(s)", { hits: plane.extra_hits }));
  if (plane.spent) flags.push(t("{bursts} burst(s) spent", { bursts: plane.spent }));
  if (plane.aces) flags.push(t("{aces} Ace Pilot marker(s)", { aces: plane.aces }));
  if (plane.pilot) flags.push(t("pilot {pilot}", { pilot: plane.pilot }));
  if (plane.loaded) flags.push(t("bombs loaded"));
  if (plane.selected) flags.push(t("attacks bomber {bomber}", { bomber: planeName(plane.selected) }));
  if (plane.leader) flags.push(t("wingman of {leader}", { leader: planeName(plane.leader) }));
  if (plane.pattern) flags.push(t("bombing pattern {pattern}", { pattern: t(plane.pattern) }));
  const sealed = view.sealed?.[plane.id];
  let body;
  if (stats) {
    body = [
      el("dl", { class: "dif-stats" },
        el("dt", {}, t("Speed")), el("dd", { dataset: { stat: "speed" } }, String(stats.speed)),
        el("dt", {}, t("Performance")), el("dd", { dataset: { stat: "performance" } }, String(stats.performance)),
        el("dt", {}, t("Horsepower")), el("dd", { dataset: { stat: "horsepower" } }, `${stats.horsepower?.[0]} / ${stats.horsepower?.[1]}`),
        el("dt", {}, t("Bursts")), el("dd", { dataset: { stat: "bursts" } }, String(stats.bursts)),
        el("dt", {}, t("Firepower")), el("dd", { dataset: { stat: "firepower" } }, signed(stats.firepower)),
        stats.gunner ? [el("dt", {}, t("Gunner")), el("dd", {}, String(stats.gunner))] : null),
      airframeTrack(plane),
      (stats.specials || []).length ? el("ul", { class: "dif-specials" }, stats.specials.map((s) => el("li", {}, specialText(s)))) : null,
    ];
  } else {
    body = el("p", { class: "hint" }, sealed ? t("Fighter chosen in secret") : t("Fighter not chosen yet"));
  }
  const hand = plane.bomber
    ? el("p", { class: "dif-count turret-count" }, t("Turret cards: {count}", { count: plane.turret_count ?? 0 }))
    : el("p", { class: "dif-count hand-count" }, t("Cards in hand: {count}", { count: plane.hand_count ?? 0 }));
  return el("article", { class: classes.join(" "), dataset: { plane: plane.id, side: plane.side }, style: `--side:${colour(plane.side)}` },
    el("header", {},
      el("span", { class: "dif-name" }, plane.name || planeName(plane.id)),
      el("span", { class: "dif-nation" }, planeName(plane.id)),
      el("span", { class: "dif-id" }, `${sideName(plane.side)}${mine ? ` (${t("you")})` : ""}`)),
    plane.damaged && !plane.down ? el("p", { class: "dif-smoke" }, t("Damaged: smoking side")) : null,
    body,
    flags.length ? el("p", { class: "dif-flags" }, flags.join(" · ")) : null,
    hand);
}

// ============================================================== the end
/**
 * The end of the game explained (book § Comment gagner, § Points de victoire): why
 * the game ended, what decided it, and each side's figures that counted.
 */
function resultPanel(observation) {
  const outcome = observation.outcome || {};
  const view = observation.view || {};
  const details = outcome.details || {};
  const planes = view.planes || [];
  const points = details.vp || view.vp || {};
  const sides = [...new Set([...Object.keys(points), ...planes.map((p) => p.side)])];
  const dealt = {};
  const taken = {};
  const lost = {};
  for (const side of sides) { dealt[side] = 0; taken[side] = 0; lost[side] = 0; }
  for (const p of planes) {
    dealt[p.side] += Number(p.hits_dealt) || 0;
    taken[p.side] += Number(p.damage) || 0;
    if (p.down) lost[p.side] += 1;
  }
  const byEnemy = (side) => sides.filter((s) => s !== side).reduce((n, s) => n + dealt[s], 0);
  const why = [];
  const winner = outcome.winner ? sideName(outcome.winner) : null;
  if (view.mission) {
    why.push(t("The mission's net victory points (Allies minus Axis: {net}) are read on the campaign's table: {result}.", { net: details.net_vp ?? "?", result: t(String(details.result ?? "")) }));
  } else if (view.result === "shot-down") {
    why.push(winner
      ? t("Every enemy aircraft is shot down or gone home: the side still flying wins ({side}).", { side: winner })
      : t("Every fighter is shot down: nobody wins."));
  } else if (view.rules?.vp_balancing) {
    why.push(t("After the last turn the side with the most victory points wins (balancing rule): a kill is worth the aircraft's value, a damaged survivor half."));
    why.push(winner ? t("Most victory points: {side}.", { side: winner }) : t("Equal victory points: a draw."));
  } else {
    why.push(t("After the last turn the side that inflicted the most damage on the enemy wins. Only hits from enemy cards count: a Redline's hit on one's own aircraft does not."));
    why.push(winner ? t("Most damage inflicted: {side}.", { side: winner }) : t("Equal damage inflicted: a draw."));
  }
  // a row per figure, a column per side: narrow enough for a phone
  const figures = [
    ["dealt", t("Damage inflicted on the enemy"), (side) => dealt[side]],
    ["taken", t("Damage on its own aircraft"), (side) => taken[side]],
    ["own", t("of it not from the enemy (Redline, flak)"), (side) => Math.max(0, taken[side] - byEnemy(side))],
    ["lost", t("Aircraft shot down"), (side) => lost[side]],
    ["vp", t("Victory points"), (side) => points[side] ?? 0],
  ];
  return el("section", { class: "dif-result", role: "status" },
    el("h3", {}, t("Why the game ended so")),
    why.map((text) => el("p", {}, text)),
    el("table", { class: "dif-result-table" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("Side")),
        sides.map((side) => el("th", { scope: "col", dataset: { side } }, sideName(side))))),
      el("tbody", {}, figures.map(([key, title, value]) => el("tr", { dataset: { figure: key } },
        el("th", { scope: "row" }, title),
        sides.map((side) => el("td", { dataset: { side } }, String(value(side)))))))));
}

// ============================================================== positions
function planeShape(x, y, angle, fill, label) {
  const g = document.createElementNS(SVG, "g");
  g.setAttribute("transform", `translate(${x},${y}) rotate(${angle})`);
  const body = document.createElementNS(SVG, "path");
  // a small aircraft seen from above, nose to the right
  body.setAttribute("d", "M16,0 L6,-3 L2,-14 L-3,-14 L-1,-3 L-10,-2 L-13,-7 L-16,-7 L-14,0 L-16,7 L-13,7 L-10,2 L-1,3 L-3,14 L2,14 L6,3 Z");
  body.setAttribute("fill", fill);
  body.setAttribute("stroke", "#1b1b1b");
  body.setAttribute("stroke-width", "1");
  g.append(body);
  const outer = document.createElementNS(SVG, "g");
  outer.append(g);
  const text = document.createElementNS(SVG, "text");
  text.setAttribute("x", String(x));
  text.setAttribute("y", String(y + 27));
  text.setAttribute("text-anchor", "middle");
  text.setAttribute("font-size", "10");
  text.textContent = label;
  outer.append(text);
  return outer;
}

const LAYOUTS = {
  // [a: x, y, angle], [b: x, y, angle]; a is the reference plane
  tailing: [[40, 40, 0], [130, 40, 0]],
  advantaged: [[45, 22, 18], [130, 52, 0]],
  neutral: [[40, 40, 0], [140, 40, 180]],
  disadvantaged: [[130, 52, 0], [45, 22, 18]],
  tailed: [[130, 40, 0], [40, 40, 0]],
};

function pairDiagram(a, b, position) {
  const [pa, pb] = LAYOUTS[position] || LAYOUTS.neutral;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 180 80");
  svg.setAttribute("class", "dif-pair-svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("{a} is {position} on {b}", { a: planeName(a.id), position: positionText(position), b: planeName(b.id) }));
  if (position !== "neutral") {
    // an arrow from the plane that holds the position to its target
    const [from, to] = ["tailing", "advantaged"].includes(position) ? [pa, pb] : [pb, pa];
    const line = document.createElementNS(SVG, "line");
    line.setAttribute("x1", String(from[0] + 18));
    line.setAttribute("y1", String(from[1]));
    line.setAttribute("x2", String(to[0] - 20));
    line.setAttribute("y2", String(to[1]));
    line.setAttribute("class", "dif-arrow");
    line.setAttribute("marker-end", "url(#dif-arrowhead)");
    const defs = document.createElementNS(SVG, "defs");
    const marker = document.createElementNS(SVG, "marker");
    for (const [k, v] of Object.entries({ id: "dif-arrowhead", markerWidth: "8", markerHeight: "8", refX: "6", refY: "4", orient: "auto" })) marker.setAttribute(k, v);
    const head = document.createElementNS(SVG, "path");
    head.setAttribute("d", "M0,0 L8,4 L0,8 Z");
    head.setAttribute("fill", "#444");
    marker.append(head);
    defs.append(marker);
    svg.append(defs, line);
  }
  svg.append(planeShape(pa[0], pa[1], pa[2], colour(a.side), planeName(a.id)));
  svg.append(planeShape(pb[0], pb[1], pb[2], colour(b.side), planeName(b.id)));
  return svg;
}

function positionPairs(view, planes, seat) {
  const flying = planes.filter((p) => p.stats && p.altitude && !p.down && !p.gone);
  if (flying.length < 2) return null;
  const sides = [...new Set(flying.map((p) => p.side))];
  const ownSide = seat ? flying.find((p) => p.seat === seat)?.side : null;
  const refSide = ownSide || sides[0];
  const refs = flying.filter((p) => (seat && flying.some((q) => q.seat === seat) ? p.seat === seat : p.side === refSide));
  const items = [];
  for (const a of refs) {
    for (const b of flying) {
      if (b.side === a.side || (refs.includes(b) && b.id < a.id)) continue;
      if (a.bomber && b.bomber) continue;
      if (a.altitude !== b.altitude) {
        items.push(el("li", { class: "dif-pair apart", dataset: { a: a.id, b: b.id, position: "apart" } },
          t("{a} and {b}: at different altitudes", { a: planeName(a.id), b: planeName(b.id) })));
        continue;
      }
      const position = relation(view.positions, a.id, b.id);
      items.push(el("li", { class: `dif-pair ${position}`, dataset: { a: a.id, b: b.id, position } },
        pairDiagram(a, b, position),
        el("span", { class: "dif-pair-text" }, t("{a} is {position} on {b}", { a: planeName(a.id), position: positionText(position), b: planeName(b.id) }))));
    }
  }
  if (!items.length) return null;
  return el("section", { class: "dif-positions" }, el("h3", {}, t("Positions")), el("ul", {}, items));
}

// ================================================================ the cards
/** An action card: title, subtitle, maneuver value, bursts, hits, React To. */
function actionCard(id, extra = {}) {
  const card = cardOf(id);
  const kinds = (card.kinds || []).map((k) => t(k));
  return el("div", { class: `dif-card${extra.class ? ` ${extra.class}` : ""}`, dataset: { card: id } },
    el("div", { class: "dif-card-top" },
      el("span", { class: "dif-card-maneuver", title: t("Maneuver value") }, String(card.maneuver ?? 0)),
      card.bursts ? el("span", { class: "dif-card-bursts", title: t("Burst cost") }, t("{bursts} burst(s)", { bursts: card.bursts })) : null),
    el("div", { class: "dif-card-title" }, card.title),
    card.subtitle ? el("div", { class: "dif-card-subtitle" }, card.subtitle) : null,
    card.hits ? el("div", { class: "dif-card-hits" }, t("{hits} hit(s)", { hits: card.hits })) : null,
    kinds.length ? el("div", { class: "dif-card-kinds" }, kinds.join(" · ")) : null,
    (card.react_to || []).length ? el("div", { class: "dif-card-react" }, t("React To: {cards}", { cards: card.react_to.map((c) => (c === "Any" ? t("any card") : c)).join(", ") })) : null,
    card.text ? el("p", { class: "dif-card-text" }, t(card.text)) : null,
    extra.note ? el("div", { class: "dif-card-note" }, extra.note) : null);
}

function handPanel(plane, hand, which) {
  const title = which === "turret"
    ? t("Turret cards of {plane} (secret)", { plane: planeName(plane.id) })
    : t("Your hand: {plane} (secret)", { plane: planeName(plane.id) });
  return el("section", { class: `dif-hand ${which === "turret" ? "turret-hand" : "own-hand"}`, dataset: { plane: plane.id } },
    el("h3", {}, title),
    which === "hand" ? el("p", { class: "hint dif-hand-hint" }, t("Click or tap a card to play it when it is playable.")) : null,
    el("div", { class: "dif-cards" }, hand.length ? hand.map((id) => handCard(id)) : el("p", { class: "hint" }, t("No card."))));
}

// A card in hand is played by clicking (or tapping) it: the prompt's buttons for it
// (one: played at once; several: listed under the card to choose from).
function handCard(id) {
  const node = actionCard(id, { class: "in-hand" });
  const choose = (event) => {
    if (event.target.closest?.(".dif-card-choices")) return;
    playFromHand(node, id);
  };
  node.addEventListener("click", choose);
  node.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    choose(event);
  });
  return node;
}

/** The prompt's buttons that play (react with, discard...) the card ``id``. */
function promptButtons(id) {
  const group = [...document.querySelectorAll(".dif-decisions .decision-group.card-group")]
    .find((g) => g.dataset.group === `card:${id}`);
  return group ? [...group.querySelectorAll("button.decision:not([disabled])")] : [];
}

function playFromHand(node, id) {
  const buttons = promptButtons(id);
  node.querySelector(".dif-card-choices")?.remove();
  if (!buttons.length) return;
  if (buttons.length === 1) {
    buttons[0].click();
    return;
  }
  node.append(el("div", { class: "dif-card-choices", role: "group", "aria-label": t("Play this card") },
    buttons.map((button) => el("button", {
      type: "button", class: "small dif-hand-choice",
      onclick: () => button.click(),
    }, button.textContent))));
  node.querySelector(".dif-hand-choice")?.focus();
}

/** Mark the cards in hand the prompt lets the seat play now (clickable ones). */
function markPlayable() {
  for (const node of document.querySelectorAll(".dif-hand .dif-card.in-hand")) {
    const playable = promptButtons(node.dataset.card).length > 0;
    node.classList.toggle("playable", playable);
    if (playable) {
      node.setAttribute("role", "button");
      node.setAttribute("tabindex", "0");
      node.setAttribute("aria-label", t("Play {card}", { card: cardName(node.dataset.card) }));
    } else {
      node.removeAttribute("role");
      node.removeAttribute("tabindex");
      node.removeAttribute("aria-label");
      node.querySelector(".dif-card-choices")?.remove();
    }
  }
}

function chainPanel(chain) {
  const kind = {
    attack: t("attack"), maneuver: t("maneuver"), tactic: t("tactic"), gunner: t("gunner"),
    scissors: t("Scissors"), "barrel-roll": t("Barrel Roll"), agile: t("agile Scissors"),
  }[chain.kind] || humanize(chain.kind);
  const plays = (chain.plays || []).map(([plane, card], index) =>
    el("li", { class: "dif-play" }, el("span", { class: "dif-play-who" }, index === 0 ? t("{plane} plays", { plane: planeName(plane) }) : t("{plane} reacts", { plane: planeName(plane) })),
      actionCard(card)));
  return el("section", { class: "dif-chain" },
    el("h3", {}, t("Cards being played")),
    el("p", {}, t("{kind} by {actor} on {target}", { kind, actor: planeName(chain.actor), target: planeName(chain.target) }),
      chain.steps ? ` · ${t("Maneuver {steps}", { steps: chain.steps })}` : "",
      chain.hits ? ` · ${t("{hits} hit(s)", { hits: chain.hits })}` : ""),
    el("ol", { class: "dif-plays" }, plays),
    chain.responder ? el("p", { class: "dif-responder" }, t("{plane} may react", { plane: planeName(chain.responder) })) : null);
}

// ================================================================ secrets
/** The seat's secret choices and the size of its hand, or null. */
export function secrets(observation, seat) {
  if (!observation || !seat) return null;
  return cardsView(observation) ? cardSecrets(observation, seat) : genericSecrets(observation, seat);
}

function cardSecrets(observation, seat) {
  const view = observation.view || {};
  const mine = (view.planes || []).filter((p) => p.seat === seat);
  const items = [];
  for (const plane of mine) {
    const sealed = view.sealed?.[plane.id];
    if (typeof sealed === "string") {
      const [key, pilot] = sealed.split("|");
      const aircraft = data?.aircraft?.[key];
      if (aircraft) items.push(el("li", {}, t("{plane}: {fighter}, revealed when all have chosen", { plane: planeName(plane.id), fighter: aircraft.name + (pilot ? ` (${pilot})` : "") })));
      else if (ALTITUDES.includes(sealed)) items.push(el("li", {}, t("{plane}: starts at {altitude} altitude, revealed when all have chosen", { plane: planeName(plane.id), altitude: altitudeText(sealed) })));
      else items.push(el("li", {}, `${planeName(plane.id)}: ${sealed}`));
    }
    if (Array.isArray(plane.hand) && !plane.bomber) items.push(el("li", {}, t("{plane}: {count} card(s) in hand", { plane: planeName(plane.id), count: plane.hand.length })));
  }
  for (const [key, value] of Object.entries(view.sealed || {})) {
    if (typeof value === "string" && !mine.some((p) => p.id === key)) items.push(el("li", {}, `${t(key)}: ${t(value.replace("|", " "))}`));
  }
  if (view.mission?.flak_pattern && seat === view.mission.defender && !view.mission.status) {
    items.push(el("li", {}, t("Flak pattern (secret): {pattern}", { pattern: t(view.mission.flak_pattern) })));
  }
  if (!items.length) return null;
  return el("div", { class: "secrets" }, el("h3", {}, t("Your secrets")), el("ul", {}, items));
}

// ================================================================ prompt
/** A prompt's text in the reader's language, or null (then the prompt's own text). */
export function promptText(prompt) {
  const data = prompt.data || {};
  switch (prompt.kind) {
    case "fighter": return t("{plane}: choose your fighter in secret", { plane: planeName(data.plane) });
    case "altitude": return t("{plane}: choose your starting altitude in secret", { plane: planeName(data.plane) });
    case "option": return t("Choose this mission's campaign option");
    case "flak": return t("Choose the flak pattern in secret");
    case "formation": return t("Arrange your bombers ({altitude} altitude)", { altitude: altitudeText(data.altitude) });
    case "bombing": return t("{plane}: choose a bombing pattern", { plane: planeName(data.plane) });
    case "stall": return t("{plane}: the engine stalls, discard a card", { plane: planeName(data.plane) });
    case "evasive": return t("{plane}: {hits} hit(s), play Evasive for two fewer?", { plane: planeName(data.plane), hits: data.hits });
    case "pick": return t("Choose the bomber {plane} attacks", { plane: planeName(data.plane) });
    case "follow": return t("{leader} changes altitude: does {plane} follow?", { leader: planeName(data.leader), plane: planeName(data.plane) });
    case "react": return t("{plane}: react?", { plane: planeName(data.plane) });
    case "order": return t("Choose which of your fighters acts now");
    case "jettison": return t("{plane}: jettison your bombs?", { plane: planeName(data.plane) });
    case "climb": return t("{plane}: change altitude?", { plane: planeName(data.plane) });
    case "speed": return t("{plane}: speed maneuvers", { plane: planeName(data.plane) });
    case "actions": return t("{plane}: play cards", { plane: planeName(data.plane) });
    case "discard": return t("{plane}: discard the cards you do not want", { plane: planeName(data.plane) });
    default: return null;
  }
}

/** A decision in words, or null (then the game's label). */
export function decisionText(observation, d, label) {
  if (observation) nameAll(observation);
  if ("play" in d) {
    const card = cardName(d.play);
    switch (d.as) {
      case "attack": return t("{card}: fire at {target}", { card, target: planeName(d.target) });
      case "gunner": return t("{card}: gunner fires at {target}", { card, target: planeName(d.target) });
      case "maneuver": return t("{card} as Maneuver {steps} on {target}", { card, steps: d.steps, target: planeName(d.target) });
      case "agile": return t("{card} as Scissors (agile) on {target}", { card, target: planeName(d.target) });
      case "scissors": case "barrel-roll": return t("{card} against {target}", { card, target: planeName(d.target) });
      default:
        if ("altitude" in d || d.as === "tactic") return t("{card} (tactic): {effect}", { card, effect: tacticText(d, observation) });
        return label ? t(label) : card;
    }
  }
  if ("react" in d) return d.react === null ? t("No reaction") : t("React with {card}: {effect}", { card: cardName(d.react), effect: reactionText(observation) });
  if ("boost" in d) return t("Add {card}: +1 hit to the bomber's shot", { card: cardName(d.boost) });
  if ("redline" in d) return t("{card}: {effect}", { card: cardName(d.redline), effect: redlineText(observation) });
  if ("end" in d) return t("End actions");
  if ("discard" in d && Object.keys(d).length === 1) return d.discard === null ? t("Done discarding") : t("Discard {card}", { card: cardName(d.discard) });
  if ("fighter" in d) {
    const a = data?.aircraft?.[d.fighter];
    const name = a ? t("{name} ({nation}, {year}, {vp} VP)", { name: a.name, nation: t(a.nation), year: a.year, vp: a.vp }) : (label ? t(label) : d.fighter);
    return d.pilot ? t("{fighter} with pilot {pilot}", { fighter: name, pilot: d.pilot }) : name;
  }
  if ("altitude" in d) {
    if (ALTITUDES.includes(d.altitude)) return t("Start at {altitude} altitude ({mods})", { altitude: altitudeText(d.altitude), mods: altitudeMods(d.altitude) });
    return moveText(d);
  }
  if ("follow" in d) {
    if (!d.follow) return t("Do not follow");
    const cards = d.discard || [];
    return cards.length ? t("Follow, discarding {cards}", { cards: cards.map(cardName).join(", ") }) : t("Follow");
  }
  if ("speed" in d) {
    return {
      skip: t("No speed maneuver"), done: t("End speed maneuvers"), maneuver: t("Speed maneuver (Maneuver 1)"),
      select: t("Spend a speed point to choose this bomber"), pick: t("Let the defender choose the bomber"),
    }[d.speed] || t("Compare speed with {plane}", { plane: planeName(d.speed) });
  }
  if ("select" in d) {
    if (d.select === "pick") return t("Let the defender choose the bomber");
    return "discard" in d ? t("Choose bomber {bomber}, discarding {card}", { bomber: planeName(d.select), card: cardName(d.discard) })
      : t("Choose bomber {bomber} (free)", { bomber: planeName(d.select) });
  }
  if ("abandon" in d) return t("Abandon the position on {plane}", { plane: planeName(d.abandon) });
  if ("act" in d) return t("Fly {plane} now", { plane: planeName(d.act) });
  if ("evasive" in d) return d.evasive ? t("Play Evasive (two hits fewer)") : t("Take the hits");
  if ("jettison" in d) return d.jettison ? t("Jettison the bombs") : t("Keep the bombs");
  if ("flak" in d) return t("Flak pattern: {pattern}", { pattern: t(d.flak) });
  if ("pattern" in d) return t("Bombing pattern: {pattern}", { pattern: t(d.pattern) });
  if ("formation" in d) return t("Formation: {formation}", { formation: t(d.formation) });
  if ("bomber" in d) return t("{bomber} is attacked", { bomber: planeName(d.bomber) });
  if ("option" in d) return t("Campaign option #{option}", { option: d.option }) + (d.choice ? ` (${t(d.choice)})` : "");
  // the test duel's orders
  if ("maneuver" in d) return t(d.maneuver);
  if ("fire" in d) return d.fire ? t("Fire") : t("Hold fire");
  return null;
}

function cardDecisionText(observation, d, label) {
  return decisionText(observation, d, label) ?? (label ? t(label) : JSON.stringify(d));
}

/** What a card played as a tactic does (book § Cartes de Tactique, each card's section). */
function tacticText(d, observation = null) {
  if ("altitude" in d) {
    const move = d.altitude === "climb" ? t("climb one altitude level") : t("dive one altitude level");
    return "discard" in d ? t("{move}, discarding {card}", { move, card: cardName(d.discard) }) : move;
  }
  const title = cardOf(d.play).title;
  if (title === "Evasive") return t("until your next turn, each In My Sights or Out of the Sun against you costs one more burst");
  if (title === "Redline") return redlineText(observation);
  return t("+1 hit to your next attack this turn");
}

/**
 * Redline (book § Redline): the hit is on the player's own aircraft; none for a pilot
 * with the Re marker (book § Marqueurs de pilote expérimenté).
 */
function redlineText(observation = null) {
  const id = observation?.prompt?.data?.plane;
  const plane = (observation?.view?.planes || []).find((p) => p.id === id);
  if (plane?.pilot && data?.pilots?.[plane.pilot]?.redline_safe) return t("draw 3 cards (pilot marker Re: no hit)");
  return t("1 hit on your own aircraft, then draw 3 cards");
}

/** What a reaction cancels: the last card played in the chain (book § Réactions). */
function reactionText(observation) {
  const last = observation?.view?.chain?.last;
  if (!last) return t("cancels the card played");
  return last === "Maneuver" ? t("cancels the maneuver") : t("cancels {card}", { card: last });
}

/** Stay, climb or dive, with the card discarded for it. */
function moveText(d) {
  const move = { stay: t("Stay"), climb: t("Climb"), dive: t("Dive") }[d.altitude] || humanize(d.altitude);
  return "discard" in d ? t("{move}, discarding {card}", { move, card: cardName(d.discard) }) : move;
}

function fighterChoice(d) {
  const a = data?.aircraft?.[d.fighter];
  if (!a) return null;
  return el("span", { class: "dif-choice-stats" },
    t("speed {speed} · performance {performance} · horsepower {pre}/{post} · bursts {bursts} · firepower {firepower} · airframe {healthy}/{total}", {
      speed: a.speed, performance: a.performance, pre: a.horsepower[0], post: a.horsepower[1], bursts: a.bursts,
      firepower: signed(a.firepower), healthy: a.airframe[0], total: a.airframe[1],
    }),
    (a.specials || []).length ? ` · ${a.specials.map(specialText).join(", ")}` : "");
}

/** The prompt's card buttons for a view of cards, or null: the page's buttons. */
export function decisions(observation, legal, labels, ctx) {
  if (!cardsView(observation)) return null;
  requestAnimationFrame(markPlayable);
  return cardDecisions(observation, legal, labels, (decision) => ctx.send([decision]));
}

/**
 * The legal decisions as buttons, grouped: cards to play by card, reactions with
 * a "No reaction" button always first, secret choices as choices. ``decide(d)``
 * sends one.
 */
function cardDecisions(observation, legal, labels, decide) {
  nameAll(observation);
  const kind = observation.prompt?.kind;
  const groups = new Map(); // key -> {title, node?, buttons}
  const group = (key, title, node = null) => {
    if (!groups.has(key)) groups.set(key, { title, node, buttons: [] });
    return groups.get(key);
  };
  legal.forEach((d, index) => {
    const classes = ["decision"];
    let text = cardDecisionText(observation, d, labels[index]);
    let target = group("", null);
    let extra = null;
    if ("play" in d) {
      target = group(`card:${d.play}`, null, actionCard(d.play, { class: "in-prompt" }));
      classes.push(`as-${d.as}`);
      text = {
        attack: t("Fire at {target}", { target: planeName(d.target) }),
        gunner: t("Gunner fires at {target}", { target: planeName(d.target) }),
        maneuver: t("Maneuver {steps} on {target}", { steps: d.steps, target: planeName(d.target) }),
        agile: t("Scissors (agile) on {target}", { target: planeName(d.target) }),
        scissors: t("Against {target}", { target: planeName(d.target) }),
        "barrel-roll": t("Against {target}", { target: planeName(d.target) }),
      }[d.as] || ("altitude" in d || d.as === "tactic" ? t("Tactic: {effect}", { effect: tacticText(d, observation) }) : text);
      if ("target" in d) classes.push("target");
    } else if ("react" in d && d.react === null) {
      target = group("no-reaction", null);
      classes.push("no-reaction", "hold");
    } else if ("react" in d || "boost" in d || "redline" in d) {
      const id = d.react ?? d.boost ?? d.redline;
      target = group(`card:${id}`, null, actionCard(id, { class: "in-prompt" }));
      text = "react" in d ? t("React: {effect}", { effect: reactionText(observation) })
        : "boost" in d ? t("Add it: +1 hit to the bomber's shot") : t("Redline: {effect}", { effect: redlineText(observation) });
      classes.push("reaction");
    } else if ("end" in d) {
      target = group("end", null);
      classes.push("end-actions", "hold");
    } else if ("discard" in d && Object.keys(d).length === 1 && d.discard !== null) {
      target = group(`card:${d.discard}`, null, actionCard(d.discard, { class: "in-prompt" }));
      text = t("Discard it");
    } else if ("discard" in d && d.discard === null) {
      classes.push("hold", "done");
    } else if ("fighter" in d) {
      target = group(`fighter:${d.fighter}`, null);
      extra = fighterChoice(d);
      classes.push("secret-choice", "fighter-choice");
    } else if ("altitude" in d && ALTITUDES.includes(d.altitude)) {
      classes.push("secret-choice", "altitude-choice");
    } else if ("evasive" in d || "jettison" in d || "speed" in d || "follow" in d) {
      if (d.evasive === false || d.jettison === false || d.follow === false || d.speed === "skip" || d.speed === "done") classes.push("hold");
    }
    target.buttons.push(el("button", {
      type: "button", class: classes.join(" "),
      dataset: { index: String(index), decision: JSON.stringify(d) },
      onclick: () => decide(d),
    }, text, extra ? el("br") : null, extra));
  });
  const order = [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b));
  const hint = kind === "fighter" || kind === "altitude" || kind === "flak" || kind === "option"
    ? el("p", { class: "hint secret-hint" }, t("Only you see this choice; it is revealed when every side has chosen."))
    : null;
  return el("div", { class: `decisions dif-decisions kind-${kind}` }, hint, order.map(([key, g]) =>
    el("div", { class: `decision-group${key.startsWith("card:") ? " card-group" : ""}`, dataset: { group: key } },
      g.node, el("div", { class: "buttons" }, g.buttons))));
}

function rank(key) {
  if (key === "no-reaction") return 0;
  if (key === "end") return 3;
  if (key.startsWith("card:")) return 1;
  return 2;
}
