// A seat's table: the board, the seat's secrets, its prompt and legal decisions,
// the log, live over a WebSocket. Also hot-seat (every human seat of this browser
// on one screen, with a hand-over screen between seats) and spectator modes.
//
//   table.html?id=ID&token=TOKEN     one seat
//   table.html?id=ID&hotseat=1       the seats whose tokens the lobby stored
//   table.html?id=ID                 a spectator

import { api, el, errorText, fill, gameTitles, knownGame, practiceMark, showMessage } from "./common.js";
import {
  animating, boardReady, decisionText, decisionWidgets, loadBoard, logLine, namedLog, playEvents, promptText, renderBoard,
  renderOutcome, renderSecrets, seatText, statusText, stopAnimation,
} from "./board.js";
import { lang, languageSwitch, loadI18n, seatName, sideName, t } from "./i18n.js";
import { joinLog, logLines, renderPlayerLog } from "./log.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const matchId = params.get("id");
const urlToken = params.get("token");
const hotseat = params.get("hotseat") === "1";

const lives = {};          // key (seat, or "" for the spectator) -> Live
let titles = {};           // game id -> title, from the catalogue
let mode = "spectator";    // "seat" | "hotseat" | "spectator"
let shownSeat = null;      // hot-seat: the seat whose screen is unlocked
let busy = false;          // a decision is on its way
let planUi = null;         // a board's widgets on screen that take keys: {confirm, undo}
let lastRendered = null;   // [key, seq, lang] of what is on screen
let shown = null;          // {key, observation, lastEvent}: what the board shows, to animate what comes next
let boardShown = null;     // the signature of the position the board shows
let deferred = null;       // a position that came while the board was showing events
let olderLog = { key: null, lines: [] }; // the log's older lines fetched for a viewer
let fetchingLog = false;   // older lines are on their way

// ============================================================= live state
/** One viewer's state: GET at once, then the WebSocket; reconnects when it drops. */
class Live {
  constructor(key, token) {
    this.key = key;
    this.token = token;
    this.body = null;
    this.socket = null;
    this.retries = 0;
    this.stopped = false;
    this.connected = false;
  }

  async start() {
    await this.refresh();
    this.connect();
  }

  async refresh() {
    const result = await api(`/api/matches/${matchId}?${this.query()}`, { token: this.token });
    if (result.ok) this.accept(result.body);
    else if (!this.body && [401, 403, 404].includes(result.status)) {
      this.stopped = true; // a wrong or dead link: the lobby says so (lobby.js showLost)
      location.replace(`./?lost=${result.status}&id=${encodeURIComponent(matchId)}&lang=${lang()}`);
    } else if (!this.body) showMessage(errorText(result));
    return result;
  }

  /** The language, and for a seat (whose page shows its planners) the planners' hints:
   *  the server works them out only for a page that asks (not for spectators). */
  query() {
    const query = new URLSearchParams({ lang: lang() });
    if (this.token) query.set("hints", "1");
    return query;
  }

  /** Keep the newest body (by seq): answers and pushes may cross. */
  accept(body) {
    if (!body || typeof body !== "object") return;
    if (this.body && typeof body.seq === "number" && typeof this.body.seq === "number"
        && body.seq < this.body.seq) return;
    this.body = body;
    update();
  }

  connect() {
    if (this.stopped) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = this.query();
    if (this.token) query.set("token", this.token);
    const socket = new WebSocket(`${scheme}://${location.host}/api/matches/${matchId}/ws?${query}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.connected = true;
      this.retries = 0;
      showConnection();
    });
    socket.addEventListener("message", (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (data && (data.type === "state" || (data.type === undefined && data.observation))) this.accept(data);
    });
    socket.addEventListener("close", () => {
      this.connected = false;
      showConnection();
      if (this.stopped) return;
      // back off: 0.5 s, 1 s, 2 s, then every 4 s; fetch the state meanwhile (nothing is lost)
      const delay = Math.min(4000, 500 * 2 ** this.retries);
      this.retries += 1;
      setTimeout(async () => {
        const result = await this.refresh();
        if ([401, 403, 404].includes(result.status)) {
          this.stopped = true; // a wrong link: retrying will not help
          showMessage(errorText(result));
          showConnection();
          return;
        }
        this.connect();
      }, delay);
    });
  }
}

function showConnection() {
  const all = Object.values(lives);
  const up = all.length && all.every((live) => live.connected);
  const stopped = all.some((live) => live.stopped);
  const box = $("connection");
  box.textContent = up ? t("live") : stopped ? t("offline") : t("reconnecting…");
  box.className = `connection ${up ? "up" : "down"}`;
}

// ================================================================= start
async function main() {
  await loadI18n();
  fill($("lang"), languageSwitch());
  $("home").textContent = t("Lobby");
  $("log-title").textContent = t("Game log");
  $("handover-hint").textContent = t("The other seats must not look: the next screen shows this seat's secrets.");
  document.title = t("dogfight: the table");
  if (!matchId) {
    showMessage(t("No game given (table.html?id=...)."));
    return;
  }
  titles = await gameTitles();

  if (hotseat) {
    const tokens = knownGame(matchId)?.tokens || {};
    if (Object.keys(tokens).length) {
      mode = "hotseat";
      for (const [seat, token] of Object.entries(tokens)) lives[seat] = new Live(seat, token);
      lives[""] = new Live("", null); // what everyone may see, between seats
    } else {
      showMessage(t("This browser holds no seat of this game: you are watching as a spectator."), "info");
    }
  } else if (urlToken) {
    mode = "seat";
    lives.me = new Live("me", urlToken);
  }
  if (mode === "spectator") lives[""] = new Live("", null);
  document.addEventListener("keydown", onKey);
  $("handover-button").addEventListener("click", unlockHandover);
  await Promise.all(Object.values(lives).map((live) => live.start()));
  showConnection();
}

// ================================================================ rendering
/** A seat as people name it: the game's or the side's name (the server's, in the page's
 * language: Down In Flames' nation once the aircraft is revealed, numbered when several
 * seats share it), else the board's, else as i18n.js names it. */
function nameOf(body, seat) {
  if (seat === null || seat === undefined) return "";
  if (body?.seat_names?.[seat]) return body.seat_names[seat];
  const board = seatText(body?.observation, seat, true);
  if (board !== seat) return board;
  return seatName(seat, body?.observation?.seats?.[seat]);
}

function newestBody() {
  const bodies = Object.values(lives).map((l) => l.body).filter(Boolean);
  return bodies.length ? bodies.reduce((a, b) => ((b.seq ?? 0) > (a.seq ?? 0) ? b : a)) : null;
}

/** Which body to show, for which seat, and whether it may act. */
function choose() {
  if (mode === "seat") {
    const body = lives.me.body;
    return body ? { key: "me", body, seat: body.seat ?? null, token: urlToken } : null;
  }
  if (mode === "spectator") {
    const body = lives[""].body;
    return body ? { key: "", body, seat: null, token: null } : null;
  }
  // hot-seat: the first of our seats that must decide, in table order
  const bodies = Object.values(lives).map((l) => l.body).filter(Boolean);
  if (!bodies.length) return null;
  const newest = bodies.reduce((a, b) => ((b.seq ?? 0) > (a.seq ?? 0) ? b : a));
  const pending = newest.observation?.pending || {};
  const order = Object.keys(newest.observation?.seats || newest.seats || {});
  const ours = order.filter((seat) => seat in lives);
  const next = ours.find((seat) => seat in pending) ?? null;
  if (next === null) {
    shownSeat = null;
    const body = lives[""].body || newest;
    return { key: "", body, seat: null, token: null, waiting: true };
  }
  if (next !== shownSeat) return { handover: next };
  const live = lives[next];
  if (!live.body || (live.body.seq ?? 0) < (newest.seq ?? 0)) {
    live.refresh();
    return null; // its newest state is on its way
  }
  return { key: next, body: live.body, seat: next, token: live.token };
}

function update() {
  const choice = choose();
  if (!choice) return;
  if (choice.handover) {
    showHandover(choice.handover);
    return;
  }
  $("handover").hidden = true;
  render(choice);
}

function showHandover(seat) {
  // hide the previous seat's secrets before anything else
  planUi = null;
  lastRendered = null;
  boardShown = null;
  deferred = null;
  stopAnimation();
  fill($("prompt"));
  fill($("secrets"));
  fill($("board"));
  fill($("outcome"));
  fill($("log"));
  $("status").textContent = "";
  const name = nameOf(newestBody(), seat);
  $("handover-text").textContent = t("Pass the screen to {seat}", { seat: name });
  $("handover-button").textContent = t("I am {seat}: show my screen", { seat: name });
  $("handover").hidden = false;
  $("handover").dataset.seat = seat;
  $("handover-button").focus();
}

function unlockHandover() {
  shownSeat = $("handover").dataset.seat || null;
  $("handover").hidden = true;
  update();
}

function render({ key, body, seat, token, waiting }) {
  const observation = body.observation || {};
  renderThinking(body);
  renderInvites(body, seat); // a seat taken changes no position: before the check below
  const signature = `${key}|${body.seq}|${lang()}`;
  if (lastRendered === signature) return; // the same position (e.g. only who thinks changed)
  const game = observation.game || body.game;
  if (!boardReady(observation)) {
    // what the board draws from (e.g. the cards' figures): drawn again once it is here
    loadBoard(observation).then((ok) => { if (ok) { lastRendered = null; boardShown = null; update(); } });
  }
  const title = t(titles[game] || game || "");
  fill($("title"), title, practiceMark(body));
  const name = nameOf(body, seat);
  if (mode === "seat") {
    const side = seat ? sideName(observation.seats?.[seat] ?? "") : "";
    // the side after the seat's name only when it says more (an aircraft, a nation)
    $("who").textContent = !seat ? t("Spectator")
      : side && side !== name ? t("You: {seat} ({side})", { seat: name, side }) : t("You: {seat}", { seat: name });
  } else if (mode === "hotseat") {
    $("who").textContent = seat ? t("Hot-seat: {seat} plays", { seat: name }) : t("Hot-seat");
  } else {
    $("who").textContent = t("Spectator");
  }
  document.body.dataset.seatName = name;
  document.title = `${title} · ${name || t("spectator")}`;
  document.body.dataset.seat = seat || "";
  document.body.dataset.status = body.status || "";

  if (boardShown !== signature) {
    // a new position: drawn, and what led to it shown (not again for the same one);
    // while the board shows what happened, it waits for the end (or a skip)
    if (animating()) deferred = { key, body, seat, signature };
    else drawBoard({ key, body, seat, signature });
  }
  fill($("outcome"), renderOutcome(observation, seat, body.seat_names));
  $("status").textContent = statusText(observation);
  fill($("secrets"), renderSecrets(observation, seat));
  showLog(key, body, token);

  renderInvites(body, seat);

  lastRendered = signature;
  renderPrompt(body, seat, token, waiting);
}

function drawBoard({ key, body, seat, signature }) {
  const observation = body.observation || {};
  boardShown = signature;
  deferred = null;
  fill($("board"), renderBoard(observation, seat));
  showEvents(key, body, observation);
}

/** The animation ended: the position that came meanwhile, and the planner's ghosts. */
function afterAnimation() {
  if (deferred) drawBoard(deferred);
  planUi?.ghosts?.();
}

/** What happened since the board was last drawn: animated, and told to screen readers. */
function showEvents(key, body, observation) {
  const events = Array.isArray(body.events) ? body.events : [];
  const newest = events.length ? events[events.length - 1].n : -1;
  const meta = Array.isArray(body.log_meta) ? body.log_meta : [];
  const lastLine = meta.length ? meta[meta.length - 1].i : -1;
  const previous = shown && shown.key === key ? shown : null;
  shown = { key, observation, lastEvent: newest, lastLine };
  if (!previous || newest <= previous.lastEvent) return;
  const fresh = events.filter((e) => e.n > previous.lastEvent);
  playEvents($("board"), fresh, previous.observation, observation, $("player"), afterAnimation);
  // the log's new lines (each line once: a position or a double is no line)
  const lines = (body.log || []).filter((_, k) => (meta[k]?.i ?? -1) > (previous.lastLine ?? -1)).slice(-12);
  $("announce").textContent = lines.map((line) => logLine(observation, line)).join(". ");
}

/** The log: the body's newest page after the older lines this viewer fetched. */
function showLog(key, body, token) {
  if (olderLog.key !== key) olderLog = { key, lines: [] };
  const joined = joinLog(olderLog.lines, body);
  // the game went on past what was fetched: the lines in between, once
  if (joined.gap) fetchOlder(key, token, joined.gap[1], Math.min(1000, joined.gap[1] - joined.gap[0]));
  renderPlayerLog($("log"), namedLog(joined, body.observation), () => fetchOlder(key, token, joined.first, 300));
}

async function fetchOlder(key, token, before, limit) {
  if (fetchingLog || before <= 0) return;
  fetchingLog = true;
  try {
    const query = new URLSearchParams({ before: String(before), limit: String(limit), lang: lang() });
    const result = await api(`/api/matches/${matchId}/log?${query}`, { token });
    if (!result.ok) {
      showMessage(errorText(result));
      return;
    }
    if (olderLog.key !== key) return; // another seat's screen meanwhile
    const byPlace = new Map([...olderLog.lines, ...logLines(result.body)].map((line) => [line.i, line]));
    olderLog.lines = [...byPlace.values()].sort((a, b) => a.i - b.i);
  } finally {
    fetchingLog = false;
  }
  const choice = choose();
  if (choice && !choice.handover && choice.key === key) showLog(key, choice.body, choice.token);
}

/** Who of the computer pilots is thinking now, if any. */
function renderThinking(body) {
  const box = $("thinking");
  const info = body.thinking;
  if (!info || body.status === "over") {
    box.hidden = true;
    fill(box);
    delete document.body.dataset.thinking;
    return;
  }
  box.hidden = false;
  document.body.dataset.thinking = info.seat;
  fill(box, el("span", { class: "spinner", "aria-hidden": "true" }),
    el("span", {}, t("{seat} (computer) is thinking…", { seat: nameOf(body, info.seat) })), " ",
    el("small", {}, t("decisions made this turn: {n}", { n: info.decisions })),
    // the side's search this turn against its budget (indeterminate without one)
    el("progress", info.budget
      ? { "aria-label": t("thinking"), max: String(info.budget), value: String(Math.min(info.seconds || 0, info.budget)) }
      : { "aria-label": t("thinking") }));
}

/** Links for the open seats (a friend joins with one), shown to the players whose
 * browser holds the seat's invitation (the one that created the game). */
function renderInvites(body, seat) {
  const box = $("invites");
  const invites = knownGame(matchId)?.invites || {};
  const open = Object.entries(body.seats || {}).filter(([name, info]) => info && info.open && invites[name]);
  const names = seat && body.status !== "over" ? open.map(([name]) => name).join(",") : "";
  const shown = names && `${lang()}|${names}`;
  if (box.dataset.shown === shown) return; // as it is (a link being copied stays)
  box.dataset.shown = shown;
  if (!shown) {
    fill(box);
    return;
  }
  fill(box, el("div", { class: "invite-box" },
    el("h3", {}, t("Waiting for a friend")),
    open.map(([name]) => {
      const url = new URL("./", location.href);
      url.search = new URLSearchParams({ join: matchId, seat: name, invite: invites[name] }).toString();
      const link = url.toString();
      return el("p", {}, t("Send this link to the player of {seat}:", { seat: nameOf(body, name) }), " ",
        el("input", { type: "text", readonly: true, value: link, class: "invite-url", onfocus: (e) => e.target.select() }),
        " ", el("button", {
          type: "button", class: "small",
          onclick: async (event) => {
            try {
              await navigator.clipboard.writeText(link);
              event.target.textContent = t("Copied");
            } catch {
              window.prompt(t("Copy this link"), link);
            }
          },
        }, t("Copy")));
    })));
}

// ================================================================= prompt
function renderPrompt(body, seat, token, waiting) {
  const box = $("prompt");
  const observation = body.observation || {};
  planUi = null;
  if (observation.outcome || body.status === "over") {
    fill(box, el("p", {}, el("a", { href: `replay.html?id=${matchId}` }, t("Replay this game")),
      " · ", el("a", { href: `/api/matches/${matchId}/save`, download: `dogfight-${matchId.slice(0, 8)}.json` }, t("Download save"))));
    return;
  }
  if (!seat) {
    fill(box, el("p", { class: "hint" }, waiting ? t("Waiting for the other players…") : t("You are watching this game.")));
    return;
  }
  const legal = observation.legal || [];
  const labels = observation.labels || [];
  if (!observation.prompt || !legal.length) {
    const waitingFor = Object.keys(observation.pending || {});
    fill(box, el("p", { class: "hint waiting" }, waitingFor.length
      ? t("Waiting for {seats}…", { seats: waitingFor.map((s) => nameOf(body, s)).join(", ") })
      : t("Nothing to decide now.")));
    return;
  }
  const prompt = observation.prompt;
  const heading = el("h2", { class: "prompt-text" }, promptText(prompt, observation));
  const ctx = {
    matchId,
    seat,
    busy: () => busy,
    send: (decisions, accepted) => send(decisions, token, accepted),
    buttons: (someLegal, someLabels) => decisionButtons(body, token, someLegal, someLabels),
    keys: (handlers) => { planUi = handlers; },
  };
  const keep = focusKey(box);
  fill(box, heading, decisionWidgets(observation, legal, labels, ctx) || decisionButtons(body, token, legal, labels));
  restoreFocus(box, keep);
}

/** Where the keyboard focus is in ``box`` (a selector), to put it back after a redraw. */
function focusKey(box) {
  const node = document.activeElement;
  if (!node || !box.contains(node) || node === box) return null;
  if (node.id) return `#${CSS.escape(node.id)}`;
  const d = node.dataset || {};
  if (d.card && d.plane) return `button.card[data-plane="${CSS.escape(d.plane)}"][data-card="${CSS.escape(d.card)}"]`;
  if (d.decision) return `[data-decision="${CSS.escape(d.decision)}"]`;
  return "button";
}

function restoreFocus(box, key) {
  if (!key) return;
  const usable = (node) => node && !node.disabled && node.offsetParent !== null;
  let target = box.querySelector(key);
  if (!usable(target)) target = [...box.querySelectorAll("button.card, button.decision, button")].find(usable);
  target?.focus({ preventScroll: true });
}

function decisionButtons(body, token, legal, labels) {
  const observation = body.observation;
  // group by plane and gun when the decisions name them (fire orders, tailing...)
  const groups = new Map();
  legal.forEach((decision, index) => {
    const key = decision.plane ? `${decision.plane}${decision.arc ? ` · ${t("{arc} gun", { arc: t(decision.arc) })}` : ""}` : "";
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(el("button", {
      type: "button",
      class: `decision${decision.hold || decision.fire === false ? " hold" : ""}${"target" in decision ? " target" : ""}`,
      dataset: { index: String(index), decision: JSON.stringify(decision) },
      onclick: () => send([decision], token),
    }, decisionText(observation, decision, labels[index])));
  });
  return el("div", { class: "decisions" }, [...groups.entries()].map(([key, buttons]) =>
    el("div", { class: "decision-group" }, key ? el("h4", {}, key) : null,
      buttons.length > LONG_LIST ? decisionList(buttons, token) : el("div", { class: "buttons" }, buttons))));
}

// A prompt with more choices than fit as buttons (a placement on a whole map...) is a
// list to pick from and a confirm button, until the board offers its own widget.
const LONG_LIST = 40;

function decisionList(buttons, token) {
  const select = el("select", { class: "decision-list", size: "8" }, buttons.map((button) =>
    el("option", { value: button.dataset.decision }, button.textContent)));
  select.selectedIndex = 0;
  const confirm = () => send([JSON.parse(select.value)], token);
  select.addEventListener("dblclick", confirm);
  return el("div", { class: "buttons" }, select,
    el("button", { type: "button", class: "decision primary", onclick: confirm }, t("Confirm")));
}

function onKey(event) {
  const target = event.target;
  // Space presses the prompt's focused button at once, as Enter does, not at the key's
  // release: a redraw in between (another seat acted) would lose the press
  if (event.key === " " && target?.tagName === "BUTTON" && $("prompt").contains(target)
      && !event.ctrlKey && !event.metaKey && !event.altKey) {
    event.preventDefault();
    if (!event.repeat && !target.disabled) target.click();
    return;
  }
  if (!planUi || !$("handover").hidden) return;
  if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
  // Enter picks the focused card (the button's own click), Space above; C or Ctrl+Enter confirm
  if (event.key === "Backspace") {
    event.preventDefault();
    planUi.undo();
  } else if ((event.key === "c" || event.key === "C") && !event.ctrlKey && !event.metaKey && !event.altKey) {
    event.preventDefault();
    planUi.confirm();
  } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    planUi.confirm();
  }
}

// ============================================================ sending orders
function liveFor(token) {
  return Object.values(lives).find((live) => live.token === token) || null;
}

/**
 * Send decisions in order, each with the seq this seat saw; stops at the first
 * refusal and shows it. A stale seq (someone else acted meanwhile) is retried once
 * after fetching the state, if the decision is still legal. Returns true when all
 * were accepted.
 */
async function send(decisions, token, accepted = () => {}) {
  if (busy) return false;
  const live = liveFor(token);
  if (!live) return false;
  busy = true;
  showMessage("");
  setButtonsDisabled(true);
  let ok = true;
  try {
    for (const decision of decisions) {
      let result = await post(decision, live);
      if (result.status === 409 && live.body?.status !== "over") {
        await live.refresh();
        const legal = live.body?.observation?.legal || [];
        if (legal.some((d) => JSON.stringify(d) === JSON.stringify(decision))) result = await post(decision, live);
      }
      if (!result.ok) {
        showMessage(refusalText(result));
        ok = false;
        await live.refresh();
        break;
      }
      accepted(decision);
      live.accept(result.body);
    }
  } finally {
    busy = false;
    lastRendered = null;
    update();
  }
  return ok;
}

async function post(decision, live) {
  const seq = live.body?.seq;
  const body = typeof seq === "number" ? { decision, seq } : { decision };
  return api(`/api/matches/${matchId}/actions?${live.query()}`, { method: "POST", body, token: live.token });
}

function refusalText(result) {
  const prefix = {
    400: t("Refused"), 401: t("No seat: this link holds no token"), 403: t("This token holds no seat of this game"),
    404: t("No such game"), 409: t("Too late"), 422: t("Malformed order"),
  }[result.status] || t("Error");
  return `${prefix}: ${errorText(result)}`;
}

function setButtonsDisabled(disabled) {
  for (const button of $("prompt").querySelectorAll("button")) button.disabled = disabled;
}

main();
