// Step through a finished game: replay.html?id=ID[&step=k][&seat=s]
// GET /api/matches/{id}/replay?step=k&seat=s gives the table as seat s (or a
// spectator) saw it after k actions; "steps" is the number of actions.
// Phase by phase (the default): a phase is a run of decisions asked of the same
// kinds of prompt in the same turn (and phase of the game's view); stepping to the
// next one shows what happened meanwhile (the board's animation of the events).
// Decision by decision on demand. A body carries the newest 300 lines of the log;
// "Show older lines" fetches the older ones (GET /api/matches/{id}/replay/log?step=k
// &seat=s&before=N), kept while the viewer and the language stay.

import { api, el, errorText, fill, gameTitles, practiceMark, showMessage } from "./common.js";
import {
  loadBoard, logLine, namedLog, playEvents, renderBoard, renderOutcome, renderSecrets, statusText, stopAnimation,
} from "./board.js";
import { lang, languageSwitch, loadI18n, seatName, t } from "./i18n.js";
import { joinLog, logLines, renderPlayerLog } from "./log.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const matchId = params.get("id");
let step = Number.parseInt(params.get("step") ?? "", 10);
let seat = params.get("seat") || "";
let steps = null;
let seats = [];
let titles = {};
let loading = 0;
let current = null; // the body on screen
let olderLog = { key: null, lines: [] }; // the log's older lines fetched for a viewer
let fetchingLog = false; // older lines are on their way

async function main() {
  await loadI18n();
  fill($("lang"), languageSwitch());
  $("home").textContent = t("Lobby");
  $("log-title").textContent = t("Game log");
  document.title = t("dogfight: replay");
  if (!matchId) {
    showMessage(t("No game given (replay.html?id=...)."));
    return;
  }
  titles = await gameTitles();
  document.addEventListener("keydown", (event) => {
    if (event.target && ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]);
    } else if (event.key === "PageDown" || event.key === "n") {
      event.preventDefault();
      phase(1);
    } else if (event.key === "PageUp" || event.key === "p") {
      event.preventDefault();
      phase(-1);
    }
  });
  if (Number.isNaN(step)) step = 0;
  await load();
}

function go(delta) {
  if (steps === null) return;
  const target = delta === -Infinity ? 0 : delta === Infinity ? steps : step + delta;
  step = Math.max(0, Math.min(steps, target));
  load();
}

/** Where a body stands in the game: decisions with the same key are one phase. */
function phaseKey(body) {
  const observation = body?.observation || {};
  const kinds = [...new Set(Object.values(observation.pending || {}).map(String))].sort().join(",");
  return `${observation.turn ?? ""}|${observation.view?.phase ?? ""}|${kinds}`;
}

function fetchStep(k) {
  const query = new URLSearchParams({ step: String(k), lang: lang() });
  if (seat) query.set("seat", seat);
  return api(`/api/matches/${matchId}/replay?${query}`);
}

/** To the first decision of the next phase (shown as it happened), or of this or the previous one. */
async function phase(direction) {
  if (steps === null || !current) return;
  const ticket = ++loading;
  const start = phaseKey(current);
  let k = step;
  let result = null;
  if (direction > 0) {
    while (k < steps) {
      k += 1;
      result = await fetchStep(k);
      if (ticket !== loading || !result.ok) break;
      if (phaseKey(result.body) !== start) break;
    }
  } else {
    // back to where this phase began; already there, to where the one before began
    let key = start;
    result = { ok: true, body: current };
    if (k > 0) {
      const previous = await fetchStep(k - 1);
      if (ticket !== loading || !previous.ok) return;
      if (phaseKey(previous.body) !== key) {
        k -= 1;
        key = phaseKey(previous.body);
        result = previous;
      }
    }
    while (k > 0) {
      const previous = await fetchStep(k - 1);
      if (ticket !== loading || !previous.ok) return;
      if (phaseKey(previous.body) !== key) break;
      k -= 1;
      result = previous;
    }
  }
  if (ticket !== loading || !result) return;
  step = k;
  show(result, direction > 0);
}

async function load() {
  const ticket = ++loading;
  const result = await fetchStep(step);
  if (ticket !== loading) return;
  await show(result, false);
}

async function show(result, animated) {
  if (!result.ok) {
    showMessage(result.status === 403
      ? t("The replay opens once the game is over.")
      : errorText(result));
    return;
  }
  showMessage("");
  const body = result.body;
  steps = typeof body.steps === "number" ? body.steps : steps;
  if (typeof body.step === "number") step = body.step;
  const observation = body.observation || {};
  seats = Object.keys(observation.seats || body.seats || {});
  const url = new URL(location.href);
  url.searchParams.set("step", String(step));
  if (seat) url.searchParams.set("seat", seat);
  else url.searchParams.delete("seat");
  history.replaceState(null, "", url);
  const game = observation.game || body.game;
  await loadBoard(observation); // what the board draws from (e.g. the cards' figures)
  const title = t(titles[game] || game || "");
  fill($("title"), t("Replay: {title}", { title }), practiceMark(body));
  const before = current;
  current = body;
  renderControls();
  const viewer = seat || null;
  stopAnimation();
  fill($("board"), renderBoard(observation, viewer));
  if (animated && before) {
    const last = (before.events || []).length ? before.events[before.events.length - 1].n : -1;
    const fresh = (body.events || []).filter((e) => e.n > last);
    playEvents($("board"), fresh, before.observation, observation, $("player"));
    $("announce").textContent = (body.log || []).slice(-Math.min(fresh.length, 12))
      .map((line) => logLine(observation, line)).join(". ");
  }
  fill($("outcome"), renderOutcome(observation, viewer, body.seat_names));
  $("status").textContent = statusText(observation);
  fill($("secrets"), renderSecrets(observation, viewer));
  showLog(body);
}

/** The log: the body's newest page after the older lines fetched for this viewer. */
function showLog(body) {
  const key = `${seat}|${lang()}`;
  if (olderLog.key !== key) olderLog = { key, lines: [] };
  const joined = joinLog(olderLog.lines, body);
  // a later step than the lines fetched: the lines in between, once
  if (joined.gap) fetchOlder(key, joined.gap[1], Math.min(1000, joined.gap[1] - joined.gap[0]));
  renderPlayerLog($("log"), namedLog(joined, body.observation), () => fetchOlder(key, joined.first, 300));
}

async function fetchOlder(key, before, limit) {
  if (fetchingLog || before <= 0) return;
  fetchingLog = true;
  try {
    const query = new URLSearchParams({ step: String(step), before: String(before), limit: String(limit), lang: lang() });
    if (seat) query.set("seat", seat);
    const result = await api(`/api/matches/${matchId}/replay/log?${query}`);
    if (!result.ok) {
      showMessage(errorText(result));
      return;
    }
    if (olderLog.key !== key) return; // another viewer meanwhile
    const byPlace = new Map([...olderLog.lines, ...logLines(result.body)].map((line) => [line.i, line]));
    olderLog.lines = [...byPlace.values()].sort((a, b) => a.i - b.i);
  } finally {
    fetchingLog = false;
  }
  if (current && olderLog.key === key) showLog(current);
}

function renderControls() {
  const last = steps ?? 0;
  const button = (id, text, delta, disabled) => el("button", {
    type: "button", id, disabled, onclick: () => go(delta),
  }, text);
  const seatSelect = el("select", { id: "seat", name: "seat" },
    el("option", { value: "" }, t("spectator")),
    seats.map((s) => el("option", { value: s }, current?.seat_names?.[s] || seatName(s))));
  seatSelect.value = seat;
  seatSelect.addEventListener("change", () => { seat = seatSelect.value; current = null; load(); });
  const range = el("input", {
    type: "range", id: "step-range", min: 0, max: last, value: step, "aria-label": t("Step"),
  });
  range.addEventListener("change", () => { step = Number(range.value); load(); });
  const details = el("details", { class: "decision-steps", open: stepsOpen || undefined },
    el("summary", {}, t("Decision by decision")),
    button("first", `« ${t("First")}`, -Infinity, step <= 0),
    button("previous", `◀ ${t("Previous")}`, -1, step <= 0),
    el("span", { id: "step", class: "step" }, t("Step {step} of {steps}", { step, steps: last })),
    button("next", `${t("Next")} ▶`, 1, step >= last),
    button("last", `${t("Last")} »`, Infinity, step >= last),
    range);
  details.addEventListener("toggle", () => { stepsOpen = details.open; });
  fill($("controls"),
    el("button", { type: "button", id: "previous-phase", disabled: step <= 0, onclick: () => phase(-1) }, `◀◀ ${t("Previous phase")}`),
    el("span", { class: "step" }, phaseText()),
    el("button", { type: "button", id: "next-phase", class: "primary", disabled: step >= last, onclick: () => phase(1) }, `${t("Next phase")} ▶▶`),
    el("label", { for: "seat" }, t("Seen by")), seatSelect,
    el("a", { href: `/api/matches/${matchId}/save`, download: `dogfight-${matchId.slice(0, 8)}.json` }, t("Download save")),
    details);
}

let stepsOpen = false;

/** The turn and the phase on screen, in words. */
function phaseText() {
  const observation = current?.observation || {};
  return statusText({ ...observation, pending: observation.pending || {} }) || t("Step {step} of {steps}", { step, steps: steps ?? 0 });
}

main();
