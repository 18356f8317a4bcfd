// Step through a finished game: replay.html?id=ID[&step=k][&seat=s]
// GET /api/matches/{id}/replay?step=k&seat=s gives the table as seat s (or a
// spectator) saw it after k actions; "steps" is the number of actions.

import { api, el, errorText, fill, gameTitles, showMessage } from "./common.js";
import { loadBoard, renderBoard, renderLog, renderOutcome, renderSecrets, statusText } from "./board.js";
import { lang, languageSwitch, loadI18n, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const matchId = params.get("id");
let step = Number.parseInt(params.get("step") ?? "", 10);
let seat = params.get("seat") || "";
let steps = null;
let seats = [];
let titles = {};
let loading = 0;

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

async function load() {
  const ticket = ++loading;
  const query = new URLSearchParams({ step: String(step), lang: lang() });
  if (seat) query.set("seat", seat);
  const result = await api(`/api/matches/${matchId}/replay?${query}`);
  if (ticket !== loading) return;
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
  $("title").textContent = t("Replay: {title}", { title });
  renderControls();
  const viewer = seat || null;
  fill($("board"), renderBoard(observation, viewer));
  fill($("outcome"), renderOutcome(observation, viewer));
  $("status").textContent = statusText(observation);
  fill($("secrets"), renderSecrets(observation, viewer));
  renderLog($("log"), body.log);
}

function renderControls() {
  const last = steps ?? 0;
  const button = (id, text, delta, disabled) => el("button", {
    type: "button", id, disabled, onclick: () => go(delta),
  }, text);
  const seatSelect = el("select", { id: "seat", name: "seat" },
    el("option", { value: "" }, t("spectator")),
    seats.map((s) => el("option", { value: s }, s)));
  seatSelect.value = seat;
  seatSelect.addEventListener("change", () => { seat = seatSelect.value; load(); });
  const range = el("input", {
    type: "range", id: "step-range", min: 0, max: last, value: step, "aria-label": t("Step"),
  });
  range.addEventListener("change", () => { step = Number(range.value); load(); });
  fill($("controls"),
    button("first", `« ${t("First")}`, -Infinity, step <= 0),
    button("previous", `◀ ${t("Previous")}`, -1, step <= 0),
    el("span", { id: "step", class: "step" }, t("Step {step} of {steps}", { step, steps: last })),
    button("next", `${t("Next")} ▶`, 1, step >= last),
    button("last", `${t("Last")} »`, Infinity, step >= last),
    range,
    el("label", { for: "seat" }, t("Seen by")), seatSelect,
    el("a", { href: `/api/matches/${matchId}/save`, download: `dogfight-${matchId.slice(0, 8)}.json` }, t("Download save")));
}

main();
