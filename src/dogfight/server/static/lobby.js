// The lobby: create a game (game, options, aircraft, seats), my games, open seats,
// loading a save file. Tokens of the seats this browser holds live in localStorage.

import {
  api, el, errorText, fill, forgetGame, knownGame, knownGames, rememberGame, tableUrl,
} from "./common.js";
import { kindText } from "./board.js";
import { lang, languageSwitch, loadI18n, seatName, sideName, t } from "./i18n.js";

let catalog = { games: [], levels: {}, pilots: [] };
const form = {
  game: null,          // the chosen catalogue entry
  getOptions: () => ({}),
  preview: null,       // the last POST /api/preview answer
  aircraft: {},        // plane id -> aircraft id chosen
  seatKinds: {},       // seat -> {kind: me|open|computer, level}
};
let previewTimer = null;
let previewCounter = 0;
let previewWaiting = false; // options changed, their preview not yet asked for
let previewPromise = null;

const $ = (id) => document.getElementById(id);
const DEV = new URLSearchParams(location.search).get("dev") === "1";

function showMessage(text, kind = "error") {
  const box = $("lobby-message");
  if (!box) return;
  box.hidden = !text;
  box.className = `message ${kind}`;
  box.textContent = text || "";
}

// ================================================================= start
async function main() {
  await loadI18n();
  document.title = t("dogfight: air combat at the table");
  $("tagline").textContent = t("Tabletop air combat of the two world wars, in the browser.");
  fill($("lang"), languageSwitch());
  const app = $("app");
  fill(app,
    el("div", { id: "lobby-message", class: "message", role: "alert", hidden: true }),
    el("section", { id: "lost-link", hidden: true }),
    el("section", { id: "join-invite", hidden: true }),
    el("section", { id: "my-games", class: "card" }, el("h2", {}, t("My games")), el("div", { id: "my-games-body" })),
    el("section", { id: "new-game", class: "card" }, el("h2", {}, t("New game")), el("div", { id: "new-game-body" })),
    el("section", { id: "open-seats", class: "card" },
      el("h2", {}, t("Open seats")),
      el("p", { class: "hint" }, t("Games whose creators listed their open seats: join one. A friend's seat is taken with its invitation link.")),
      el("div", { id: "open-seats-body" })),
    el("section", { id: "load-save", class: "card" }, el("h2", {}, t("Load a save file")), loadSaveForm()));
  const result = await api(`/api/catalog?lang=${lang()}`);
  if (!result.ok) {
    showMessage(t("The catalogue of games could not be loaded: {error}", { error: errorText(result) }));
    return;
  }
  catalog = result.body;
  buildNewGameForm();
  showLost();
  showInvite();
  refreshMyGames();
  refreshOpenSeats();
  setInterval(() => { refreshMyGames(); refreshOpenSeats(); }, 15000);
}

// ============================================================ new game form
function buildNewGameForm() {
  // a game for developers (the test game) only with ?dev=1
  const games = (catalog.games || []).filter((g) => !g.developer || DEV);
  const select = el("select", { id: "game", name: "game" },
    games.map((g) => el("option", { value: g.id }, t(g.title))));
  select.addEventListener("change", () => chooseGame(select.value));
  const body = $("new-game-body");
  fill(body,
    el("div", { class: "field" }, el("label", { for: "game" }, t("Game")), select),
    el("p", { id: "game-summary", class: "hint" }),
    el("form", { id: "options-form", class: "options", onsubmit: (e) => e.preventDefault() }),
    el("div", { id: "aircraft-choice" }),
    el("div", { id: "seat-choice" }),
    el("div", { class: "field" },
      el("label", { for: "seed" }, t("Practice seed (optional)")),
      el("input", { type: "number", id: "seed", name: "seed", min: 0, step: 1, placeholder: t("random") }),
      el("span", { class: "hint" }, t("A chosen seed makes a practice game: the same seed deals the same dice and cards, so its secrets can be known."))),
    el("div", { class: "field check" },
      el("input", { type: "checkbox", id: "hotseat", name: "hotseat", onchange: onHotseat }),
      el("label", { for: "hotseat" }, t("Hot-seat: every human seat plays on this screen"))),
    el("div", { class: "field check" },
      el("input", { type: "checkbox", id: "listed", name: "listed" }),
      el("label", { for: "listed" }, t("List the open seats in the lobby (anyone may take them)"))),
    el("p", { class: "hint listed-hint" }, t("Otherwise an open seat is taken only with its invitation link, which you send to a friend.")),
    el("div", { class: "actions" },
      el("button", { type: "button", id: "create", class: "primary", onclick: createGame }, t("Create the game"))));
  // first offered: a game on a continuous table (the first game built), else the first
  const preferred = games.find((g) => g.board === "table") || games[0];
  if (preferred) {
    select.value = preferred.id;
    chooseGame(preferred.id);
  }
}

function chooseGame(id) {
  form.game = (catalog.games || []).find((g) => g.id === id) || null;
  form.aircraft = {};
  form.seatKinds = {};
  form.preview = null;
  fill($("aircraft-choice"));
  fill($("seat-choice"));
  $("game-summary").textContent = form.game?.summary ? t(form.game.summary) : "";
  const optionsForm = $("options-form");
  fill(optionsForm);
  form.getOptions = buildOptions(form.game?.options || {}, optionsForm, []);
  schedulePreview(0);
}

const OPTION_TITLES = {
  scenario: "Scenario", max_turns: "Turn limit", rules: "Optional rules", rounds: "Rounds",
  structure: "Structure points", mode: "Mode", vp: "Victory points", year: "Year",
  seats_per_side: "Seats per side", planes_per_seat: "Fighters per seat", turns: "Turns",
  deck: "Action deck", decks: "Number of decks", mission: "Mission", sortie: "Sortie",
  scale: "Scale",
};
const CHOICE_TITLES = {
  "artillery-spotting": "Artillery spotting", bombing: "Bombing raid", duel: "Duel",
  furball: "Furball", "photo-reconnaissance": "Photo reconnaissance",
  "pilot-pickup": "Pilot or spy pick-up", strafing: "Strafing", "two-vs-two": "Two against two",
  dogfight: "Dogfight", mission: "Mission", full: "Full deck", pacific: "Pacific", europe: "Europe",
};

/** A choice's text: a known title, "campaign:side:from:to" as words, else its name. */
function choiceTitle(value) {
  if (Object.hasOwn(CHOICE_TITLES, value)) return t(CHOICE_TITLES[value]);
  const parts = String(value).split(":");
  if (parts.length === 4) {
    const [campaign, side, from, to] = parts;
    return t("{campaign}: {side}, mission {from} → {to}", {
      campaign: humanize(campaign), side: sideName(side), from: from === "start" ? t("start") : from, to,
    });
  }
  return t(humanize(value));
}

function humanize(name) {
  const text = String(name).replace(/[_-]+/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function optionTitle(name, spec) {
  return t(spec.title || OPTION_TITLES[name] || humanize(name));
}

/** Inputs for an option schema; returns a function that reads the values back. */
function buildOptions(schema, container, path) {
  const readers = {};
  const boxes = {};
  for (const [name, spec] of Object.entries(schema || {})) {
    const key = [...path, name].join(".");
    const id = `opt-${key}`;
    if (!spec || typeof spec !== "object") continue;
    if (!("type" in spec)) {
      const fieldset = el("fieldset", { class: "option-group", dataset: { group: key } },
        el("legend", {}, optionTitle(name, spec)));
      container.append(fieldset);
      readers[name] = buildOptions(spec, fieldset, [...path, name]);
      continue;
    }
    const title = optionTitle(name, spec);
    if (spec.type === "choice") {
      const select = el("select", { id, name: key, onchange: () => schedulePreview() },
        (spec.choices || []).map((c) => el("option", { value: String(c) }, choiceTitle(c))));
      if (spec.default !== undefined) select.value = String(spec.default);
      container.append(el("div", { class: "field" }, el("label", { for: id }, title), select));
      const choices = spec.choices || [];
      readers[name] = () => choices.find((c) => String(c) === select.value) ?? select.value;
    } else if (spec.type === "int") {
      const input = el("input", {
        id, name: key, type: "number", step: 1, min: spec.min, max: spec.max,
        value: spec.default ?? spec.min ?? 0, onchange: () => schedulePreview(),
      });
      container.append(el("div", { class: "field" }, el("label", { for: id }, title), input));
      readers[name] = () => {
        const value = Number.parseInt(input.value, 10);
        return Number.isNaN(value) ? spec.default : value;
      };
    } else if (spec.type === "bool") {
      const box = el("input", { id, name: key, type: "checkbox", onchange: () => { syncRequires(); schedulePreview(); } });
      box.checked = Boolean(spec.default);
      boxes[name] = { box, requires: spec.requires };
      container.append(el("div", { class: "field check" }, box, el("label", { for: id }, title)));
      readers[name] = () => box.checked && !box.disabled;
    } else {
      container.append(el("p", { class: "hint" }, t("Option {name}: unknown type {type}", { name: key, type: spec.type })));
    }
  }
  function syncRequires() {
    for (const { box, requires } of Object.values(boxes)) {
      if (!requires) continue;
      const needed = boxes[requires]?.box;
      const ok = Boolean(needed && needed.checked && !needed.disabled);
      box.disabled = !ok;
      if (!ok) box.checked = false;
      const label = box.parentElement?.querySelector("label");
      if (label) {
        label.title = ok ? "" : t("Needs: {option}", { option: needed?.parentElement?.querySelector("label")?.textContent || requires });
      }
      box.parentElement?.classList.toggle("disabled", !ok);
    }
  }
  syncRequires();
  syncGroups(container);
  return () => Object.fromEntries(Object.entries(readers).map(([name, read]) => [name, read()]));
}

/**
 * A group of options named like a value of a choice beside it (e.g. "mission"
 * options beside mode = mission) is shown only while that value is chosen.
 */
function syncGroups(container) {
  const selects = [...container.querySelectorAll(":scope > .field > select")];
  for (const fieldset of container.querySelectorAll(":scope > fieldset.option-group")) {
    const name = fieldset.dataset.group?.split(".").pop();
    const select = selects.find((s) => [...s.options].some((o) => o.value === name));
    if (!select) continue;
    const sync = () => { fieldset.hidden = select.value !== name; };
    select.addEventListener("change", sync);
    sync();
  }
}

function currentOptions() {
  const options = form.getOptions();
  if (Object.keys(form.aircraft).length) options.aircraft = { ...form.aircraft };
  return options;
}

function schedulePreview(delay = 250) {
  clearTimeout(previewTimer);
  previewWaiting = true;
  $("new-game").dataset.preview = "pending";
  previewTimer = setTimeout(() => { previewPromise = runPreview(); }, delay);
}

async function runPreview() {
  if (!form.game) return;
  const ticket = ++previewCounter;
  previewWaiting = false;
  const options = form.getOptions();
  const result = await api("/api/preview", { method: "POST", body: { game: form.game.id, options } });
  if (ticket !== previewCounter || previewWaiting) return; // a newer preview is on its way
  $("new-game").dataset.preview = "ready";
  if (!result.ok) {
    form.preview = null;
    fill($("aircraft-choice"));
    fill($("seat-choice"), el("p", { class: "message error" }, t("These options are refused: {error}", { error: errorText(result) })));
    return;
  }
  showMessage("");
  form.preview = result.body;
  renderAircraft();
  renderSeats();
}

/** Until the preview of the options on screen is back. */
async function previewDone() {
  if (previewWaiting) {
    clearTimeout(previewTimer);
    previewPromise = runPreview();
  }
  while (previewPromise) {
    const waiting = previewPromise;
    await waiting;
    if (waiting === previewPromise) break;
  }
}

/** The aircraft choices of a plane, whatever shape the preview gives them in. */
function aircraftChoices(plane) {
  if (Array.isArray(plane.aircraft)) return plane.aircraft;
  if (Array.isArray(plane.choices)) return plane.choices;
  if (Array.isArray(form.preview?.aircraft)) return form.preview.aircraft;
  return [];
}

function defaultAircraft(plane, choices) {
  for (const key of ["default", "aircraft", "current", "aircraft_id"]) {
    if (typeof plane[key] === "string" && choices.some((c) => c.id === plane[key])) return plane[key];
  }
  const byName = choices.find((c) => c.name === plane.name);
  return byName ? byName.id : choices[0]?.id;
}

function renderAircraft() {
  const planes = form.preview?.planes || [];
  const box = $("aircraft-choice");
  if (!planes.length) {
    fill(box);
    return;
  }
  const seats = form.preview.seats || {};
  const rows = planes.map((plane) => {
    const choices = aircraftChoices(plane);
    const side = seats[plane.seat];
    // an aircraft of the plane's side first, the others after
    const sorted = [...choices].sort((a, b) => (a.side === side ? 0 : 1) - (b.side === side ? 0 : 1)
      || String(a.name).localeCompare(String(b.name)));
    const id = `aircraft-${plane.id}`;
    const select = el("select", { id, name: `aircraft.${plane.id}`, dataset: { plane: plane.id } },
      sorted.map((c) => el("option", { value: c.id }, `${c.name}${c.side ? ` (${sideName(c.side)})` : ""}`)));
    const chosen = form.aircraft[plane.id] && choices.some((c) => c.id === form.aircraft[plane.id])
      ? form.aircraft[plane.id] : defaultAircraft(plane, choices);
    if (chosen) select.value = chosen;
    const defaultId = defaultAircraft(plane, choices);
    select.addEventListener("change", () => {
      if (select.value === defaultId) delete form.aircraft[plane.id];
      else form.aircraft[plane.id] = select.value;
    });
    if (chosen && chosen !== defaultId) form.aircraft[plane.id] = chosen;
    return el("div", { class: "field" },
      el("label", { for: id }, t("{plane} ({seat})", { plane: plane.id, seat: seatName(plane.seat) })), select);
  });
  // forget choices for planes no longer in the scenario
  for (const key of Object.keys(form.aircraft)) {
    if (!planes.some((p) => p.id === key)) delete form.aircraft[key];
  }
  fill(box, el("fieldset", { class: "option-group" }, el("legend", {}, t("Aircraft")), rows));
}

function renderSeats() {
  const seats = Object.entries(form.preview?.seats || {});
  const levels = Object.keys(catalog.levels || {});
  const hotseat = $("hotseat").checked;
  const rows = seats.map(([seat, side], index) => {
    const state = form.seatKinds[seat] || (form.seatKinds[seat] = {
      kind: index === 0 ? "me" : "computer", level: levels[0],
    });
    if (hotseat && state.kind === "open") state.kind = "me";
    const kind = el("select", { id: `seat-${seat}`, name: `seat.${seat}`, dataset: { seat } },
      el("option", { value: "me" }, t("me")),
      el("option", { value: "open", disabled: hotseat }, t("open (a friend joins with a link)")),
      el("option", { value: "computer" }, t("computer")));
    kind.value = state.kind;
    const level = el("select", { id: `level-${seat}`, name: `level.${seat}`, dataset: { seat }, hidden: state.kind !== "computer" },
      levels.map((l) => el("option", { value: l }, t(l))));
    if (state.level) level.value = state.level;
    kind.addEventListener("change", () => {
      form.seatKinds[seat] = { ...(form.seatKinds[seat] || state), kind: kind.value };
      level.hidden = kind.value !== "computer";
    });
    level.addEventListener("change", () => {
      form.seatKinds[seat] = { ...(form.seatKinds[seat] || state), level: level.value };
    });
    return el("tr", {},
      el("th", { scope: "row" }, el("label", { for: `seat-${seat}` }, seatName(seat, side))),
      el("td", {}, kind), el("td", {}, level));
  });
  for (const key of Object.keys(form.seatKinds)) {
    if (!seats.some(([seat]) => seat === key)) delete form.seatKinds[key];
  }
  fill($("seat-choice"), el("fieldset", { class: "option-group" }, el("legend", {}, t("Seats")),
    el("table", { class: "seats" },
      el("thead", {}, el("tr", {}, el("th", {}, t("Seat")), el("th", {}, t("Player")), el("th", {}, t("Level")))),
      el("tbody", {}, rows))));
}

function onHotseat() {
  renderSeats();
}

async function createGame() {
  const button = $("create");
  button.disabled = true;
  await previewDone();
  button.disabled = false;
  if (!form.game || !form.preview) return;
  const seats = {};
  for (const seat of Object.keys(form.preview.seats || {})) {
    const choice = form.seatKinds[seat] || { kind: "computer" };
    if (choice.kind === "me") seats[seat] = { kind: "human" };
    else if (choice.kind === "open") seats[seat] = { kind: "open" };
    else {
      const level = choice.level || Object.keys(catalog.levels || {})[0];
      seats[seat] = { kind: "pilot", pilot: (catalog.levels || {})[level] || (catalog.pilots || ["random"])[0] };
    }
  }
  button.disabled = true;
  const body = { game: form.game.id, options: currentOptions(), seats, listed: $("listed").checked };
  const seed = Number.parseInt($("seed").value, 10);
  if (!Number.isNaN(seed)) body.seed = seed;
  const result = await api("/api/matches", { method: "POST", body });
  button.disabled = false;
  if (!result.ok) {
    showMessage(t("The game could not be created: {error}", { error: errorText(result) }));
    return;
  }
  goToNewGame(result.body, form.game);
}

/** After a creation (or a loaded save): remember the tokens and go to the table. */
function goToNewGame(created, game) {
  const tokens = {};
  const invites = {}; // an open seat's invitation: only this browser has it
  for (const [seat, info] of Object.entries(created.seats || {})) {
    if (info && info.token) tokens[seat] = info.token;
    if (info && info.invite) invites[seat] = info.invite;
  }
  if (created.tokens && typeof created.tokens === "object") Object.assign(tokens, created.tokens);
  rememberGame({ id: created.id, game: game?.id || created.game, title: game?.title || created.title, tokens, invites });
  const held = Object.values(tokens);
  if (held.length > 1) location.href = tableUrl(created.id, { hotseat: true });
  else if (held.length === 1) location.href = tableUrl(created.id, { token: held[0] });
  else location.href = tableUrl(created.id);
}

// ================================================================ my games
function describeGame(match) {
  const state = describeState(match);
  return match.practice ? `${t("Practice")} · ${state}` : state;
}

function describeState(match) {
  if (match.status === "over") {
    const outcome = match.outcome;
    if (!outcome) return t("Finished");
    if (outcome.winner === null || outcome.winner === undefined) return t("Finished: draw");
    return t("Finished: {side} win", { side: sideName(outcome.winner) });
  }
  const pending = Object.entries(match.pending || {}).map(([s, kind]) => `${matchSeat(match, s)} (${kindText(kind)})`).join(", ");
  return pending ? t("Turn {turn}, waiting for {seats}", { turn: match.turn, seats: pending })
    : t("Turn {turn}", { turn: match.turn });
}

/** A seat of a listed game as people name it: the game's own name for it (the summary's
 * seat_names, e.g. a nation), else as i18n.js names it. */
function matchSeat(match, seat) {
  const own = match?.seat_names?.[seat];
  return own ? t(own) : seatName(seat);
}

/** A seat's invitation link: with its invitation token when this browser holds it. */
function inviteUrl(id, seat, invite) {
  const url = new URL("./", location.href);
  url.search = new URLSearchParams(invite ? { join: id, seat, invite } : { join: id, seat }).toString();
  return url.toString();
}

function copyButton(text) {
  return el("button", {
    type: "button", class: "small",
    onclick: async (event) => {
      try {
        await navigator.clipboard.writeText(text);
        event.target.textContent = t("Copied");
      } catch {
        window.prompt(t("Copy this link"), text);
      }
    },
  }, t("Copy"));
}

async function refreshMyGames() {
  const body = $("my-games-body");
  const known = knownGames();
  if (!known.length) {
    fill(body, el("p", { class: "hint" }, t("No game yet: create one below, or join an open seat.")));
    return;
  }
  const result = await api(`/api/matches?ids=${encodeURIComponent(known.map((g) => g.id).join(","))}`);
  if (!result.ok) {
    fill(body, el("p", { class: "message error" }, errorText(result)));
    return;
  }
  const matches = Array.isArray(result.body) ? result.body : (result.body.matches || []);
  const byId = Object.fromEntries(matches.map((m) => [m.id, m]));
  const active = [];
  const over = [];
  const lost = [];
  for (const entry of known) {
    const match = byId[entry.id];
    if (!match) lost.push(entry);
    else if (match.status === "over") over.push([entry, match]);
    else active.push([entry, match]);
  }
  fill(body,
    el("h3", {}, t("In progress")),
    active.length ? gamesTable(active, false) : el("p", { class: "hint" }, t("None.")),
    el("h3", {}, t("Finished")),
    over.length ? gamesTable(over, true) : el("p", { class: "hint" }, t("None.")),
    lost.length ? el("p", { class: "hint" }, t("Unknown to the server: {ids}", { ids: lost.map((g) => g.id.slice(0, 8)).join(", ") }),
      " ", el("button", { type: "button", class: "small", onclick: () => { lost.forEach((g) => forgetGame(g.id)); refreshMyGames(); } }, t("Forget them"))) : null);
}

function gamesTable(rows, finished) {
  return el("table", { class: "games" },
    el("thead", {}, el("tr", {},
      el("th", {}, t("Game")), el("th", {}, t("State")), el("th", {}, t("Your seats")), el("th", {}, t("Links")))),
    el("tbody", {}, rows.map(([entry, match]) => {
      const tokens = Object.entries(entry.tokens || {});
      const seatLinks = tokens.map(([seat, token]) =>
        el("a", { class: "button-link", href: tableUrl(match.id, { token }) },
          finished ? t("Table of {seat}", { seat: matchSeat(match, seat) }) : t("Play as {seat}", { seat: matchSeat(match, seat) })));
      if (tokens.length > 1 && !finished) {
        seatLinks.push(el("a", { class: "button-link", href: tableUrl(match.id, { hotseat: true }) }, t("Hot-seat")));
      }
      const links = [el("a", { href: tableUrl(match.id), class: "spectator-link" }, t("Spectator link"))];
      if (finished) {
        links.push(el("a", { href: `/api/matches/${match.id}/save`, download: `dogfight-${match.id.slice(0, 8)}.json`, class: "save-link" }, t("Download save")));
        links.push(el("a", { href: `replay.html?id=${match.id}`, class: "replay-link" }, t("Replay")));
      } else {
        for (const [seat, info] of Object.entries(match.seats || {})) {
          const invite = entry.invites?.[seat];
          // an unlisted game's seat is taken only with the invitation this browser holds
          if (info && info.open && (invite || match.listed)) {
            const url = inviteUrl(match.id, seat, invite);
            links.push(el("span", { class: "invite" }, t("Invite for {seat}:", { seat: matchSeat(match, seat) }), " ",
              el("a", { href: url, class: "invite-link" }, t("link")), " ", copyButton(url), " ",
              el("small", {}, match.listed ? t("(also listed in the lobby)") : t("(invitation only)"))));
          }
        }
      }
      links.push(el("button", {
        type: "button", class: "small forget",
        onclick: () => { if (confirm(t("Forget this game on this browser?"))) { forgetGame(match.id); refreshMyGames(); } },
      }, t("Forget")));
      return el("tr", { dataset: { id: match.id } },
        el("td", {}, el("strong", {}, t(match.title || entry.title || match.game)), el("br"),
          el("small", { class: "id" }, match.id.slice(0, 8))),
        el("td", { class: "match-state" }, describeGame(match)),
        el("td", {}, seatLinks.length ? seatLinks : "—"),
        el("td", { class: "links" }, links));
    })));
}

// ============================================================== open seats
async function refreshOpenSeats() {
  const body = $("open-seats-body");
  const result = await api("/api/matches?open=1");
  if (!result.ok) {
    fill(body, el("p", { class: "message error" }, errorText(result)));
    return;
  }
  const matches = Array.isArray(result.body) ? result.body : (result.body.matches || []);
  const rows = [];
  for (const match of matches) {
    for (const [seat, info] of Object.entries(match.seats || {})) {
      if (!info || !info.open) continue;
      const mine = knownGame(match.id);
      rows.push(el("tr", { dataset: { id: match.id, seat } },
        el("td", {}, t(match.title || match.game), match.practice ? ` (${t("Practice")})` : "",
          el("br"), el("small", { class: "id" }, match.id.slice(0, 8))),
        el("td", {}, matchSeat(match, seat)),
        el("td", {}, Object.entries(match.seats).filter(([s]) => s !== seat)
          .map(([s, i]) => `${matchSeat(match, s)} · ${i.open ? t("open") : i.kind === "pilot" ? t("computer") : t("player")}`).join(", ")),
        el("td", {}, el("button", { type: "button", class: "join primary", onclick: () => join(match, seat) },
          t("Join")), mine ? el("small", {}, " ", t("(a game of yours)")) : null)));
    }
  }
  fill(body, rows.length
    ? el("table", { class: "games" },
      el("thead", {}, el("tr", {}, el("th", {}, t("Game")), el("th", {}, t("Seat")), el("th", {}, t("Other seats")), el("th", {}))),
      el("tbody", {}, rows))
    : el("p", { class: "hint" }, t("No open seat at the moment.")));
}

async function join(match, seat, invite) {
  const body = invite ? { seat, invite } : { seat };
  const result = await api(`/api/matches/${match.id}/join`, { method: "POST", body });
  if (!result.ok) {
    showMessage(result.status === 409 ? t("This seat has just been taken.")
      : result.status === 403 ? t("This invitation does not admit to this seat: ask the game's creator for its link again.")
        : errorText(result));
    refreshOpenSeats();
    return;
  }
  rememberGame({ id: match.id, game: match.game, title: match.title, tokens: { [seat]: result.body.token } });
  location.href = tableUrl(match.id, { token: result.body.token });
}

/** An invitation link (?join=id&seat=s&invite=token) opened in this lobby. */
async function showInvite() {
  const params = new URLSearchParams(location.search);
  const id = params.get("join");
  const seat = params.get("seat");
  const invite = params.get("invite");
  if (!id || !seat) return;
  const box = $("join-invite");
  box.hidden = false;
  box.className = "card invite-card";
  const result = await api(`/api/matches?ids=${encodeURIComponent(id)}`);
  const match = result.ok && Array.isArray(result.body) ? result.body[0] : null;
  if (!match) {
    fill(box, el("h2", {}, t("This link leads nowhere")),
      el("p", {}, t("This invitation is for a game the server does not know: the link may be mistyped or cut, or the game was removed.")),
      backToLobby());
    return;
  }
  if (!Object.hasOwn(match.seats || {}, seat)) {
    fill(box, el("h2", {}, t("This link leads nowhere")),
      el("p", {}, t("This game has no seat {seat}: the link may be mistyped or cut.", { seat })),
      el("p", {}, el("a", { href: tableUrl(id) }, t("Watch as a spectator"))), backToLobby());
    return;
  }
  const open = match.seats?.[seat]?.open;
  const admitted = Boolean(invite) || match.listed;
  fill(box,
    el("h2", {}, t("Invitation")),
    el("p", {}, t("Join {game} as {seat}.", { game: t(match.title || match.game), seat: matchSeat(match, seat) }),
      match.practice ? ` (${t("Practice")})` : ""),
    !open ? el("p", { class: "message error" }, t("This seat has just been taken."))
      : admitted ? el("button", { type: "button", class: "primary join-invited", onclick: () => join(match, seat, invite) }, t("Join"))
        : el("p", { class: "message error" }, t("This link lacks its invitation: ask the game's creator for the whole link.")),
    " ", el("a", { href: tableUrl(id) }, t("Watch as a spectator")));
}

// ============================================================ dead links
/** The lobby without the link's question (?join=, ?lost=): the way back. */
function backToLobby() {
  const url = new URL("./", location.href);
  const kept = new URLSearchParams();
  if (DEV) kept.set("dev", "1");
  const chosen = new URLSearchParams(location.search).get("lang");
  if (chosen) kept.set("lang", chosen);
  url.search = kept.toString();
  return el("p", {}, el("a", { href: url.toString(), class: "button-link back-link" }, t("Back to the lobby")));
}

/** A table link that led nowhere (table.html sends it here: ?lost=<status>&id=<game>). */
function showLost() {
  const params = new URLSearchParams(location.search);
  const status = params.get("lost");
  if (!status) return;
  const id = params.get("id") || "";
  const box = $("lost-link");
  box.hidden = false;
  box.className = "card lost-card";
  const known = id && knownGame(id);
  const why = status === "404"
    ? t("No game has the id {id}: the link may be mistyped or cut, or the game was removed.", { id: id.slice(0, 8) || "—" })
    : t("This link's seat is not a seat of this game: the link may be mistyped or cut. You can still watch the game.");
  fill(box, el("h2", {}, t("This link leads nowhere")), el("p", {}, why),
    status !== "404" && id ? el("p", {}, el("a", { href: tableUrl(id) }, t("Watch as a spectator"))) : null,
    known && status === "404" ? el("p", {}, el("button", {
      type: "button", class: "small forget",
      onclick: () => { forgetGame(id); refreshMyGames(); box.hidden = true; },
    }, t("Forget this game on this browser"))) : null,
    backToLobby());
}

// =============================================================== save files
function loadSaveForm() {
  const input = el("input", { type: "file", id: "save-file", name: "save-file", accept: ".json,application/json" });
  const button = el("button", {
    type: "button", id: "upload-save",
    onclick: async () => {
      const file = input.files?.[0];
      if (!file) { showMessage(t("Choose a save file first.")); return; }
      const text = await file.text();
      const result = await api("/api/saves", { method: "POST", raw: text });
      if (!result.ok) {
        const index = result.body?.index ?? result.body?.action;
        showMessage(index !== undefined && index !== null
          ? t("The save is refused at action {index}: {error}", { index, error: errorText(result) })
          : t("The save is refused: {error}", { error: errorText(result) }));
        return;
      }
      goToNewGame(result.body, null);
    },
  }, t("Load"));
  return el("div", {},
    el("p", { class: "hint" }, t("A save file replays the whole game, checking every action; then every seat is yours.")),
    el("div", { class: "field" }, el("label", { for: "save-file" }, t("Save file")), input, button));
}

main();
