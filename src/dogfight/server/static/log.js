// The log as a player reads it: the lines the server wrote for this seat (in the
// page's language, seats named as sides), grouped under a heading per turn and per
// phase, the seat's own secrets marked as its own, older lines a page at a time.
//
// A body carries its newest page: `log` (the lines), `log_meta` (each line's place
// `i` in the whole log, `turn`, `phase`, `mine`) and `log_from` (the first line's
// place: older lines exist when it is above 0); GET /api/matches/ID/log?before=N
// gives the lines before N in the same shape.

import { el, fill } from "./common.js";
import { t } from "./i18n.js";

/** The lines of a page (or of several, oldest first) as [{i, text, turn, phase, mine}]. */
export function logLines(page) {
  const texts = Array.isArray(page?.log) ? page.log : [];
  const meta = Array.isArray(page?.log_meta) ? page.log_meta : [];
  return texts.map((text, k) => ({ i: k, turn: null, phase: null, mine: false, ...(meta[k] || {}), text: String(text) }));
}

/**
 * The whole of what the page holds: ``older`` lines (fetched before) and the body's
 * newest page, each line once; a gap between them (the game went on) is returned as
 * ``gap`` = [first missing, first of the newest page] for the caller to fetch.
 */
export function joinLog(older, page) {
  const newest = logLines(page);
  const from = newest.length ? newest[0].i : (page?.log_from ?? 0);
  const kept = (older || []).filter((line) => line.i < from);
  const last = kept.length ? kept[kept.length - 1].i : null;
  const gap = last !== null && last + 1 < from ? [last + 1, from] : null;
  const first = kept.length ? kept[0].i : from;
  return { lines: [...kept, ...newest], first, gap };
}

function turnHeading(turn) {
  if (turn === null || turn === undefined) return "";
  return Number(turn) === 0 ? t("Before the first turn") : t("Turn {turn}", { turn });
}

function lineItem(line) {
  if (!line.mine) return el("li", { class: "log-line", dataset: { i: String(line.i) } }, line.text);
  return el("li", { class: "log-line mine", dataset: { i: String(line.i) }, title: t("Only you see this line") },
    el("span", { class: "mine-mark", "aria-hidden": "true" }, t("mine")),
    el("span", { class: "visually-hidden" }, `${t("Only you see this line")}: `),
    line.text);
}

/**
 * Draw ``lines`` into the list ``node`` (an <ol>): a block per turn with its heading,
 * inside it a block per phase (lines before the first phase directly under the turn).
 * ``older``: a function that fetches older lines, offered as a button while
 * ``first`` (the place of the first line held) is above 0. The list stays at its
 * bottom unless the reader scrolled up; older lines put above keep what was shown.
 */
export function renderPlayerLog(node, { lines, first }, older = null) {
  const atBottom = node.scrollHeight - node.scrollTop - node.clientHeight < 30;
  const heightBefore = node.scrollHeight;
  const firstShown = node.querySelector(".log-line")?.dataset.i;
  const blocks = [];
  let turnBlock = null;
  let phaseBlock = null;
  for (const line of lines) {
    if (!turnBlock || turnBlock.turn !== line.turn) {
      const list = el("ul", { class: "log-lines" });
      const title = turnHeading(line.turn);
      blocks.push(el("li", { class: "log-turn", dataset: { turn: String(line.turn ?? "") } },
        title ? el("h4", { class: "log-heading" }, title) : null, list));
      turnBlock = { turn: line.turn, list };
      phaseBlock = null;
    }
    if (line.phase === null || line.phase === undefined) {
      phaseBlock = null;
      turnBlock.list.append(lineItem(line));
      continue;
    }
    if (!phaseBlock || phaseBlock.phase !== line.phase) {
      const list = el("ul", { class: "log-lines" });
      turnBlock.list.append(el("li", { class: "log-phase", dataset: { phase: String(line.phase) } },
        el("h5", { class: "log-heading" }, t("Phase {phase}", { phase: line.phase })), list));
      phaseBlock = { phase: line.phase, list };
    }
    phaseBlock.list.append(lineItem(line));
  }
  const more = older && first > 0
    ? el("li", { class: "log-older" }, el("button", { type: "button", class: "small", onclick: older },
      t("Show older lines ({n})", { n: first })))
    : null;
  fill(node, more, blocks);
  const prepended = firstShown !== undefined && lines.length && String(lines[0].i) !== firstShown;
  if (prepended && !atBottom) {
    node.scrollTop += node.scrollHeight - heightBefore; // older lines above: what was read stays
  } else if (atBottom || !node.dataset.scrolled) {
    node.scrollTop = node.scrollHeight;
    node.dataset.scrolled = "1";
  }
}
