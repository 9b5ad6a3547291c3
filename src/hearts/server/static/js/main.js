// Browser client of `hearts serve` (protocol v1, docs/protocol.md): ES modules, no build step.
import { cardLabel, compareCards } from "./cards.js";
import { $, el } from "./dom.js";
import { chosenLanguage, LANGUAGES, language, saveLanguage, t as tr, useLanguage } from "./i18n.js";
import { showHelp } from "./help.js";
import { showLobby } from "./lobby.js";
import { applyOptions, option, setOption, setSpeed, speed, SPEEDS } from "./prefs.js";
import { keepOffline } from "./page.js";
import { IN_PAGE, tableFromLocation } from "./site.js";
import { onServerMessage, showTable, T } from "./table.js";

function settings() {
  const boxes = { "opt-four": "fourColour", "opt-large": "largeCards", "opt-sounds": "sounds", "opt-auto": "autoPlay" };
  for (const [id, name] of Object.entries(boxes)) {
    const box = $(id);
    box.checked = option(name);
    box.addEventListener("change", () => setOption(name, box.checked));
  }
  $("settings-btn").addEventListener("click", () => { const d = $("settings"); if (!d.open) d.showModal(); });
  $("help-btn").addEventListener("click", () => showHelp(T.state));
  applyOptions();
  const lang = $("opt-lang");
  for (const [code, name] of Object.entries(LANGUAGES)) lang.appendChild(el("option", { value: code, lang: code, text: name }));
  lang.value = language();
  const pace = $("opt-speed");
  const paces = { slow: tr("Slow"), normal: tr("Normal"), fast: tr("Fast") };
  for (const v of SPEEDS) pace.appendChild(el("option", { value: v, text: paces[v] }));
  pace.value = speed();
  pace.addEventListener("change", () => { setSpeed(pace.value); window.dispatchEvent(new Event("resize")); }); // the table drawn again
  lang.addEventListener("change", () => { saveLanguage(lang.value); location.reload(); }); // every view drawn again in the new language
}

async function route() {
  await useLanguage(chosenLanguage());
  settings();
  if (IN_PAGE) keepOffline();
  const id = tableFromLocation();
  if (id) showTable(id);
  else showLobby();
}

// For tests and the curious: read-only views of the client's state.
window.heartsClient = {
  get state() { return T.state; },
  get selected() { return T.selected.slice(); },
  get socket() { return T.conn ? T.conn.ws : null; },
  cardLabel,
  compareCards,
  _onServerMessage: onServerMessage
};

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", route);
else route();
