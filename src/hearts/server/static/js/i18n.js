// The client's languages: catalogs made from the .po files of the web domain (tools/i18n.py build writes /static/i18n/<code>.json).
// t("Your turn"), tn("{n} card", "{n} cards", n): the message in the language in use, its {placeholders} filled in.
// The language: the player's choice (kept in this browser), else the page's (the server's pick from Accept-Language), else the browser's.

import { staticUrl } from "./site.js";

export const LANGUAGES = {
  en: "English", id: "Bahasa Indonesia", jv: "Basa Jawa", tr: "Türkçe", sr: "Srpski (latinica)", "sr-Cyrl": "Српски (ћирилица)"
};
const KEY = "hearts.lang";
let messages = {};
let current = "en";

function fill(text, params) {
  return String(text).replace(/\{([a-z_]*)\}/g, (m, k) => (params && params[k] !== undefined ? String(params[k]) : m));
}

// The plural form of a count (the rules of the languages' .po headers).
function pluralIndex(n) {
  if (current === "id" || current === "jv") return 0;
  if (current === "sr" || current === "sr-Cyrl") {
    return n % 10 === 1 && n % 100 !== 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2;
  }
  return n === 1 ? 0 : 1;
}

export function t(msg, params) {
  const s = messages[msg];
  return fill(typeof s === "string" && s ? s : msg, params);
}

export function tn(one, many, n, params) {
  const forms = messages[one];
  const p = Object.assign({ n: n }, params || {});
  if (Array.isArray(forms) && forms.length) return fill(forms[Math.min(pluralIndex(n), forms.length - 1)], p);
  return fill(n === 1 ? one : many, p);
}

export function language() { return current; }

// A language tag ("sr-Latn-RS", "tr-TR", "sr_RS@cyrillic") as one of LANGUAGES, or null.
export function match(tag) {
  const s = String(tag || "").toLowerCase().replace(/_/g, "-");
  const base = s.split(/[-@.]/)[0];
  if (base === "sr") return /cyrl|cyrillic/.test(s) ? "sr-Cyrl" : "sr";
  if (base === "in") return "id";
  if (base === "jw") return "jv";
  return Object.prototype.hasOwnProperty.call(LANGUAGES, base) ? base : null;
}

function stored() { try { return localStorage.getItem(KEY); } catch (e) { return null; } }

export function chosenLanguage() {
  const mine = match(stored());
  if (mine) return mine;
  const page = match(document.documentElement.getAttribute("data-lang"));
  if (page) return page;
  for (const l of navigator.languages || [navigator.language]) { const m = match(l); if (m) return m; }
  return "en";
}

// Load a language's catalog and translate the page; "en" needs none.
export async function useLanguage(code) {
  const lang = match(code) || "en";
  let data = { messages: {} };
  if (lang !== "en") {
    try {
      const r = await fetch(staticUrl("i18n/" + lang + ".json"), { cache: "no-cache" });
      if (r.ok) data = await r.json();
    } catch (e) { /* offline: English */ }
  }
  messages = data.messages || {};
  current = lang;
  document.documentElement.lang = lang === "sr-Cyrl" ? "sr-Cyrl" : lang;
  translatePage(document);
  return lang;
}

export function saveLanguage(code) { try { localStorage.setItem(KEY, code); } catch (e) { /* private mode */ } }

// The page's fixed words: elements marked data-i18n (their English text is the key, kept in data-i18n-key),
// and the attributes named in data-i18n-attr (title, aria-label, placeholder).
export function translatePage(root) {
  for (const e of root.querySelectorAll("[data-i18n]")) {
    if (!e.hasAttribute("data-i18n-key")) e.setAttribute("data-i18n-key", e.textContent.replace(/\s+/g, " ").trim());
    e.textContent = t(e.getAttribute("data-i18n-key"));
  }
  for (const e of root.querySelectorAll("[data-i18n-attr]")) {
    for (const name of e.getAttribute("data-i18n-attr").split(" ")) {
      const keep = "data-i18n-" + name;
      if (!e.hasAttribute(keep)) e.setAttribute(keep, e.getAttribute(name) || "");
      e.setAttribute(name, t(e.getAttribute(keep)));
    }
  }
}
