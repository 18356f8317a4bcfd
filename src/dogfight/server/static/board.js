// Drawing a game through its board module (boards/index.js, chosen by the game's
// kind of map, observation.board): the board, a seat's own secrets, the prompt and
// decisions in words; the outcome, the log and the status line, alike for every game.
// Shared by the table (table.js) and the replay (replay.js).

import { el, fill } from "./common.js";
import { boardOf } from "./boards/index.js";
import { genericSecrets } from "./boards/generic.js";
import { seatName, sideName, t } from "./i18n.js";

export { boardOf } from "./boards/index.js";
export { renderJson } from "./boards/generic.js";

// ================================================================== the board
/** The board of an observation, as an element. */
export function renderBoard(observation, seat) {
  return boardOf(observation).render(observation, seat);
}

/** What only this seat may see of its own pieces, or null. */
export function renderSecrets(observation, seat) {
  if (!observation || !seat) return null;
  const board = boardOf(observation);
  return board.secrets ? board.secrets(observation, seat) : genericSecrets(observation, seat);
}

/** Fetch what the observation's board draws from; resolves true when it is there. */
export function loadBoard(observation) {
  const board = boardOf(observation);
  return board.load ? board.load(observation) : Promise.resolve(true);
}

/** Whether what the observation's board draws from is here. */
export function boardReady(observation) {
  const board = boardOf(observation);
  return board.ready ? board.ready(observation) : true;
}

// =============================================================== decisions
/** A legal decision in the reader's language (the game's English label as a fallback). */
export function decisionText(observation, decision, label) {
  const text = boardOf(observation).decisionText?.(observation, decision, label);
  if (text !== null && text !== undefined) return text;
  return label ? t(label) : JSON.stringify(decision);
}

/**
 * The prompt's own widgets from the board (e.g. a card planner), or null for the
 * page's buttons; ``ctx`` as in boards/index.js.
 */
export function decisionWidgets(observation, legal, labels, ctx) {
  return boardOf(observation).decisions?.(observation, legal, labels, ctx) ?? null;
}

/**
 * A seat's name: the board's (Down In Flames: its aircraft's nations), else its side's
 * (or, with ``plain``, the seat's id).
 */
export function seatText(observation, seat, plain = false) {
  const own = boardOf(observation || {}).seatText?.(observation, seat);
  return own ?? (plain ? seat : seatName(seat));
}

/**
 * A side named as the board names its seats when it names them all (Down In Flames:
 * their nations, "United Kingdom, Poland"), else by its name ("Allies").
 */
export function sideText(observation, side) {
  const seats = Object.entries(observation?.seats || {}).filter(([, s]) => s === side).map(([seat]) => seat);
  const named = seats.map((s) => boardOf(observation || {}).seatText?.(observation, s)).filter(Boolean);
  if (!seats.length || named.length < seats.length) return sideName(side);
  return [...new Set(named.flatMap((n) => n.split(", ")))].join(", ");
}

// ================================================================= outcome
/** The end of the game in words, or null while it goes on; ``names``: the body's
 * ``seat_names`` (the server's, e.g. "Germany 2"), which name the seats first. */
export function renderOutcome(observation, seat, names = null) {
  const outcome = observation?.outcome;
  if (!outcome) return null;
  const seats = observation.seats || {};
  const mySide = seat ? seats[seat] : null;
  const winner = sideText(observation, outcome.winner);
  let headline;
  if (outcome.winner === null || outcome.winner === undefined) headline = t("Draw");
  else if (mySide && outcome.winner === mySide) headline = t("Victory! {side} win", { side: winner });
  else if (mySide) headline = t("Defeat: {side} win", { side: winner });
  else headline = t("{side} win", { side: winner });
  const scores = Object.entries(outcome.scores || {});
  const points = outcome.details?.points || outcome.details?.vp;
  return el("div", { class: "outcome", role: "status" },
    el("h2", {}, t("Game over"), ": ", headline),
    outcome.reason ? el("p", {}, boardOf(observation).reasonText?.(observation) ?? t(outcome.reason)) : null,
    points ? el("p", {}, t("Victory points"), ": ",
      Object.entries(points).map(([side, n]) => `${sideText(observation, side)} ${n}`).join(", ")) : null,
    scores.length ? el("p", {}, t("Scores"), ": ",
      scores.map(([s, n]) => `${names?.[s] || seatText(observation, s)} ${n}`).join(", ")) : null);
}

/** A log line in the reader's language; a board may name pieces in words (Down In
 * Flames' aircraft by nation). */
export function logLine(observation, line) {
  const text = t(String(line));
  const named = observation ? boardOf(observation).logText : null;
  return named ? named(observation, text) : text;
}

/** A joined log (log.js' ``joinLog``) with each line as the board words it (logLine). */
export function namedLog(joined, observation) {
  return { ...joined, lines: joined.lines.map((line) => ({ ...line, text: logLine(observation, line.text) })) };
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
export function promptText(prompt, observation) {
  if (!prompt) return "";
  const text = boardOf(observation).promptText?.(prompt, observation);
  if (text !== null && text !== undefined) return text;
  return t(prompt.text || prompt.kind || "");
}

/** Turn, phase and who is awaited, in words. */
export function statusText(observation) {
  const parts = [];
  if (observation?.turn !== undefined) parts.push(t("Turn {turn}", { turn: observation.turn }));
  parts.push(...(boardOf(observation).status?.(observation) || []));
  const pending = Object.entries(observation?.pending || {});
  if (pending.length) {
    parts.push(t("waiting for: {seats}",
      { seats: pending.map(([s, kind]) => `${seatText(observation, s)} (${kindText(kind)})`).join(", ") }));
  }
  return parts.join(" · ");
}

// =============================================================== what happened
// The events since the board was last drawn, shown step by step by the board module's
// `animate` (moves along their paths, fire, damage), with a speed and a skip button in
// the `player` box. Shared by the table and the replay.
const SPEEDS = [0.5, 1, 2, 4];
let playing = null;

/** Stop what is being shown (the board jumps to the end). */
export function stopAnimation() {
  const handle = playing;
  playing = null;
  handle?.skip();
}

/** Whether events are being shown. */
export function animating() {
  return playing !== null;
}

/**
 * Show ``events`` (new since ``before``) on the board drawn in ``node``; false when
 * there is nothing to show. ``onDone`` is called when the showing ends (or is skipped).
 */
export function playEvents(node, events, before, after, player, onDone = () => {}) {
  stopAnimation();
  const board = boardOf(after);
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  if (!board.animate || !events.length || !before || reduced) return false;
  const speed = () => Number(localStorage.getItem("dogfight.speed")) || 1;
  const select = el("select", { id: "speed", "aria-label": t("Speed") },
    SPEEDS.map((s) => el("option", { value: String(s) }, `${s}×`)));
  select.value = String(speed());
  select.addEventListener("change", () => localStorage.setItem("dogfight.speed", select.value));
  const stepText = el("span", { class: "player-step" });
  const skip = el("button", { type: "button", id: "skip" }, t("Skip"));
  const hide = () => {
    player.hidden = true;
    fill(player);
    delete document.body.dataset.animating;
  };
  fill(player, el("strong", { class: "player-title" }, t("What happened")), stepText,
    el("label", { class: "speed" }, t("Speed"), " ", select), skip);
  player.hidden = false;
  document.body.dataset.animating = "1";
  let handle = null;
  handle = board.animate(node, events, before, after, {
    speed,
    step: (text) => { stepText.textContent = text; },
    done: () => {
      if (playing === handle) playing = null;
      hide();
      onDone();
    },
  });
  if (!handle) {
    hide();
    return false;
  }
  playing = handle;
  skip.addEventListener("click", stopAnimation);
  return true;
}
