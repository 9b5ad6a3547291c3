// What the browser keeps: seat tokens, the player's name and the display options (localStorage).

function get(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }
function set(key, value) {
  try { if (value === null || value === undefined) localStorage.removeItem(key); else localStorage.setItem(key, value); } catch (e) { /* private mode */ }
}

export function storeToken(table, token) { set("hearts.token." + table, token || null); }
export function storedToken(table) { return get("hearts.token." + table); }
// The seats whose chat this browser mutes at a table.
export function mutedSeats(table) {
  try { const v = JSON.parse(get("hearts.mute." + table) || "[]"); return Array.isArray(v) ? v.filter(Number.isInteger) : []; } catch (e) { return []; }
}
export function saveMutedSeats(table, seats) { set("hearts.mute." + table, seats.length ? JSON.stringify(seats) : null); }
export function savedName() { return get("hearts.name") || ""; }
export function saveName(n) { set("hearts.name", n); }

// Display options: four-colour deck, large cards, sounds; playing the only legal card by itself (all off by default).
export const OPTIONS = {
  fourColour: "hearts.opt.four-colour", largeCards: "hearts.opt.large-cards", sounds: "hearts.opt.sounds", autoPlay: "hearts.opt.auto-play"
};
export function option(name) { return get(OPTIONS[name]) === "1"; }
export function setOption(name, on) { set(OPTIONS[name], on ? "1" : null); applyOptions(); }
export function applyOptions() {
  document.body.classList.toggle("four-colour", option("fourColour"));
  document.body.classList.toggle("large-cards", option("largeCards"));
  document.body.classList.toggle("speed-slow", speed() === "slow");
  document.body.classList.toggle("speed-fast", speed() === "fast");
}

// The game's pace on this screen: "slow" holds each card another player plays for a moment (however fast the bots
// are), "fast" shows the cards without moving them; "normal" shows each move as it comes, with the cards' movement.
export const SPEEDS = ["slow", "normal", "fast"];
const SPEED_KEY = "hearts.opt.speed";
export function speed() { const v = get(SPEED_KEY); return SPEEDS.indexOf(v) >= 0 ? v : "normal"; }
export function setSpeed(v) { set(SPEED_KEY, v === "normal" || SPEEDS.indexOf(v) < 0 ? null : v); applyOptions(); }

// A fresh client seed for hearts-deal/1: 16 random hex characters from the browser's generator.
export function randomSeed() {
  const bytes = new Uint8Array(8);
  window.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
