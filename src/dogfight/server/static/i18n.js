// Translations: t(english, {name: value}) looks the English text up in the
// catalogue served by GET /api/i18n/{lang} (an object english -> translation, built
// from locales/<lang>/LC_MESSAGES/messages.po) and falls back to English.
// Placeholders are written {name} in the English text and in its translation.

const STORAGE_KEY = "dogfight.lang";
export const LANGUAGES = { en: "English", fr: "Français", it: "Italiano" };

let catalogue = {};
let current = "en";

function pickLanguage() {
  const fromUrl = new URLSearchParams(location.search).get("lang");
  if (fromUrl && fromUrl in LANGUAGES) return fromUrl;
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && stored in LANGUAGES) return stored;
  const browser = (navigator.language || "en").slice(0, 2);
  return browser in LANGUAGES ? browser : "en";
}

/** The current language code ("en", "fr" or "it"). */
export function lang() {
  return current;
}

/** Load the catalogue of the chosen language; English needs none. */
export async function loadI18n() {
  current = pickLanguage();
  document.documentElement.lang = current;
  catalogue = {};
  if (current === "en") return;
  try {
    const response = await fetch(`/api/i18n/${current}`);
    if (response.ok) catalogue = await response.json();
  } catch (error) {
    console.warn("no translations", error);
  }
}

/** Translate an English text; {name} placeholders are filled from params. */
export function t(english, params = {}) {
  const text = typeof catalogue[english] === "string" && catalogue[english] !== ""
    ? catalogue[english] : english;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    name in params && params[name] !== undefined && params[name] !== null
      ? String(params[name]) : whole);
}

/** Choose a language and reload the page (the game lives on the server: nothing is lost). */
export function setLang(code) {
  localStorage.setItem(STORAGE_KEY, code);
  const url = new URL(location.href);
  url.searchParams.delete("lang");
  location.replace(url.toString());
}

/** The EN/FR/IT switch, as a small group of buttons. */
export function languageSwitch() {
  const box = document.createElement("div");
  box.className = "lang-switch";
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", t("Language"));
  for (const code of Object.keys(LANGUAGES)) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = code.toUpperCase();
    button.title = LANGUAGES[code];
    button.className = code === current ? "active" : "";
    button.setAttribute("aria-pressed", String(code === current));
    button.addEventListener("click", () => { if (code !== current) setLang(code); });
    box.append(button);
  }
  return box;
}

// The sides as players call them (the catalogue translates the English).
const SIDE_NAMES = {
  allies: "Allies", allied: "Allies", central: "Central Powers", axis: "Axis",
  germany: "Germany", german: "Germany", red: "Red", blue: "Blue",
};

/** A side's name in the page's language ("allies" -> "Alliés"); else its id. */
export function sideName(side) {
  const key = String(side ?? "");
  return Object.hasOwn(SIDE_NAMES, key) ? t(SIDE_NAMES[key]) : key;
}

/**
 * A seat's name: its side's name ("allies" -> "Allies"), numbered when a side has
 * several seats ("central-2" -> "Central Powers 2"); a seat named otherwise (an
 * aircraft, "gladiator-2") keeps its id, with the side after it when given.
 */
export function seatName(seat, side) {
  const key = String(seat ?? "");
  if (Object.hasOwn(SIDE_NAMES, key)) return sideName(key);
  const numbered = key.match(/^(.*)-(\d+)$/);
  if (numbered && Object.hasOwn(SIDE_NAMES, numbered[1])) {
    return `${sideName(numbered[1])} ${numbered[2]}`;
  }
  return side && side !== key ? `${key} (${sideName(side)})` : key;
}
