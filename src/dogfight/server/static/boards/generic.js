// What every board may draw with: SVG elements, side colours and their legend, any
// JSON value as readable tables, and the generic board and secrets (the view as
// tables; the part of the view held under the seat's name) a board falls back on.

import { el } from "../common.js";
import { seatName, sideName, t } from "../i18n.js";

export const SVG = "http://www.w3.org/2000/svg";
const SIDE_COLOURS = ["#2563b8", "#c0392b", "#2e8b57", "#8e44ad", "#b8860b"];
const KNOWN_SIDE_COLOURS = { allies: "#2563b8", central: "#c0392b", red: "#c0392b", blue: "#2563b8" };

/** svg("g", {class: "x", dataset: {plane: "a"}}, child, "text", ...): an SVG element. */
export function svg(tag, attrs = {}, ...children) {
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

export function round(value) {
  return Math.round(Number(value) * 10) / 10;
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

/** The sides' colours and who plays each, "(you)" beside the reader's seat. */
export function legend(colours, seats, seat) {
  const items = Object.entries(colours).map(([side, colour]) => {
    const sideSeats = Object.entries(seats).filter(([, s]) => s === side).map(([name]) => name);
    // seats named as sides (i18n.js seatName); a seat that is its side is not said twice
    const you = (s) => (s === seat ? ` (${t("you")})` : "");
    const named = sideSeats.filter((s) => s !== side).map((s) => `${seatName(s)}${you(s)}`);
    const title = `${sideName(side)}${sideSeats.includes(side) ? you(side) : ""}`;
    return el("li", {},
      el("span", { class: "swatch", style: `background:${colour}` }),
      named.length ? `${title}: ${named.join(", ")}` : title);
  });
  items.push(el("li", {}, el("span", { class: "swatch eliminated" }), t("out of play")));
  return el("ul", { class: "legend" }, items);
}

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

/** The view as readable tables: the board of a game no board module draws. */
export function genericBoard(observation) {
  return el("div", { class: "generic-board" },
    el("h3", {}, t("The game")),
    renderJson(observation?.view));
}

/** The part of the view held under the seat's name, or null. */
export function genericSecrets(observation, seat) {
  if (!observation || !seat) return null;
  const own = findOwn(observation.view || {}, seat, 0);
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
