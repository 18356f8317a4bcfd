// Small helpers shared by the pages: building elements, calling the API, and the
// games this browser knows (ids and seat tokens, kept in localStorage).

import { t } from "./i18n.js";

// A touch screen: keyboard hints are hidden (style.css: .touch)
if (typeof window !== "undefined" && (window.matchMedia?.("(pointer: coarse)").matches || navigator.maxTouchPoints > 0)) {
  document.documentElement.classList.add("touch");
}

/** el("div", {class: "x", onclick: f}, child, "text", ...) */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      node.className = value;
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (value === true) {
      node.setAttribute(key, "");
    } else {
      node.setAttribute(key, String(value));
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : String(child));
  }
}

/** Replace all the children of a node. */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/**
 * Call the API. Returns {ok, status, body}; body is the parsed JSON (or
 * {error: text} when the answer is not JSON). Never throws on HTTP errors.
 */
export async function api(path, { method = "GET", body, token, raw } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload;
  if (raw !== undefined) {
    payload = raw;
    headers["Content-Type"] = "application/json";
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers["Content-Type"] = "application/json";
  }
  let response;
  try {
    response = await fetch(path, { method, headers, body: payload });
  } catch (error) {
    return { ok: false, status: 0, body: { error: t("The server cannot be reached.") } };
  }
  const text = await response.text();
  let parsed;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { error: text || response.statusText };
  }
  return { ok: response.ok, status: response.status, body: parsed };
}

/** A refusal in words: the server's message, its rule, or a generic text. */
export function errorText(result) {
  const body = result.body || {};
  let message = body.error;
  if (!message && body.detail) {
    message = typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail);
  }
  if (!message) message = t("Error {status}", { status: result.status });
  return body.rule ? `${message} (${t("rule")}: ${body.rule})` : message;
}

// -- the games this browser knows -------------------------------------------------
const GAMES_KEY = "dogfight.games";

/** [{id, game, title, tokens: {seat: token}, created}] newest first. */
export function knownGames() {
  try {
    const list = JSON.parse(localStorage.getItem(GAMES_KEY) || "[]");
    return Array.isArray(list) ? list.filter((g) => g && typeof g.id === "string") : [];
  } catch {
    return [];
  }
}

export function knownGame(id) {
  return knownGames().find((g) => g.id === id) || null;
}

/** Add a game, or merge its tokens into the one already known. */
export function rememberGame(entry) {
  const list = knownGames();
  const old = list.find((g) => g.id === entry.id);
  if (old) {
    old.tokens = { ...(old.tokens || {}), ...(entry.tokens || {}) };
    if (entry.game) old.game = entry.game;
    if (entry.title) old.title = entry.title;
  } else {
    list.unshift({ created: new Date().toISOString(), tokens: {}, ...entry });
  }
  localStorage.setItem(GAMES_KEY, JSON.stringify(list));
}

export function forgetGame(id) {
  localStorage.setItem(GAMES_KEY, JSON.stringify(knownGames().filter((g) => g.id !== id)));
}

/** The address of a seat's table (or a spectator's without a token). */
export function tableUrl(id, { token, hotseat } = {}) {
  const params = new URLSearchParams({ id });
  if (token) params.set("token", token);
  if (hotseat) params.set("hotseat", "1");
  return `table.html?${params}`;
}

/** A readable text for a side or seat name ("allies-1" -> "allies-1"), translated. */
export function nameOf(value) {
  return t(String(value));
}

/** Show a message in the page's #message box (empty text hides it). */
export function showMessage(text, kind = "error") {
  const box = document.getElementById("message");
  box.hidden = !text;
  box.className = `message ${kind}`;
  box.textContent = text || "";
}

/** Game id -> title, from the catalogue (empty if it cannot be read). */
export async function gameTitles() {
  const catalog = await api("/api/catalog");
  return catalog.ok ? Object.fromEntries((catalog.body.games || []).map((g) => [g.id, g.title])) : {};
}

/** A practice game's mark (a chosen seed: its dice and cards can be known). */
export function practiceMark(body) {
  if (!body.practice) return null;
  return el("span", { class: "practice-mark", title: t("A chosen seed makes a practice game: the same seed deals the same dice and cards, so its secrets can be known.") },
    body.seed === null || body.seed === undefined ? t("Practice") : t("Practice · seed {seed}", { seed: body.seed }));
}
