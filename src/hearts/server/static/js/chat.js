// Talking at the table (docs/protocol.md, "Chat"): quick phrases worded in the reader's own language, free text
// shown strictly as text (textContent, never markup), and mute per person, kept in this browser for each table.
// A table that sends no chat settings in its welcome (the table in the page: one person) shows no chat at all.
import { $, el, showMessage } from "./dom.js";
import { t as tr } from "./i18n.js";
import { mutedSeats, saveMutedSeats } from "./prefs.js";

// Each quick phrase's words, by the id the server sends (an id this client does not know is shown as it is).
const PHRASES = {
  hi: () => tr("Hello!"),
  gl: () => tr("Good luck!"),
  nice: () => tr("Nice one!"),
  wp: () => tr("Well played!"),
  oops: () => tr("Oops!"),
  sorry: () => tr("Sorry!"),
  thanks: () => tr("Thanks!"),
  gg: () => tr("Good game!"),
  bye: () => tr("Bye!")
};
//: lines shown at most (the server keeps 50 for a reconnect)
const SHOWN = 100;

const C = { table: null, settings: null, lines: [], muted: new Set(), state: null, send: null, sent: new Set() };

export function phraseText(id) { return PHRASES[id] ? PHRASES[id]() : String(id); }

// Once per table view: the form, the phrase buttons and the creator's switch send through `send(msg)` (the
// connection's send: the message's id, or null when not connected).
export function setupChat(send) {
  C.send = send;
  $("chat-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = $("chat-input");
    const text = input.value.replace(/\s+/g, " ").trim();
    if (!text) return;
    if (say({ type: "chat", text })) input.value = "";
  });
  $("chat-free").addEventListener("change", () => {
    if (!say({ type: "chat_mode", free: $("chat-free").checked })) $("chat-free").checked = !!(C.settings && C.settings.free);
  });
}

function say(msg) {
  const id = C.send ? C.send(msg) : null;
  if (id === null) { showMessage(tr("Not connected: wait for the reconnection and try again."), "error"); return false; }
  C.sent.add(id);
  return true;
}

// The welcome (after each hello): the chat's settings and its recent lines, or no chat at this table.
export function chatWelcome(welcome, table) {
  const chat = welcome && welcome.chat;
  C.table = table;
  C.settings = chat || null;
  $("chat").hidden = !chat;
  if (!chat) return;
  C.muted = new Set(mutedSeats(table));
  C.lines = Array.isArray(chat.lines) ? chat.lines.slice(-SHOWN) : [];
  renderPhrases();
  renderLines();
  renderControls();
}

export function chatLine(msg) {
  if (!C.settings) return;
  if (C.lines.length && msg.n <= C.lines[C.lines.length - 1].n) return; // already shown (from a welcome)
  C.lines.push(msg);
  if (C.lines.length > SHOWN) C.lines.shift();
  if (C.muted.has(msg.seat)) return;
  const box = $("chat-lines");
  for (const e of box.querySelectorAll(".chat-empty")) e.remove();
  box.appendChild(lineItem(msg));
  while (box.children.length > SHOWN) box.removeChild(box.firstChild);
  box.scrollTop = box.scrollHeight;
}

export function chatMode(msg) {
  if (!C.settings) return;
  C.settings = Object.assign({}, C.settings, { free: !!msg.free, host: msg.host });
  if (!msg.free) C.lines = C.lines.filter((line) => !("text" in line)); // the server forgot the free text too
  showMessage(msg.free ? tr("Free chat is on.") : tr("Free chat is off at this table: quick phrases only."), "info");
  renderLines();
  renderControls();
}

// The table's state changed: who sits where (the mute buttons), whether you may talk.
export function chatState(state) {
  C.state = state;
  if (C.settings) renderControls();
}

// An error answering a chat message of ours, worded in the reader's language: true when it was one.
export function chatError(msg) {
  if (msg.id === undefined || !C.sent.has(msg.id)) return false;
  C.sent.delete(msg.id);
  const max = (C.settings && C.settings.max_text) || 200;
  const words = {
    rate_limited: () => tr("Slow down: you can say more in a moment."),
    chat_off: () => tr("Free chat is off at this table: quick phrases only."),
    not_seated: () => tr("Take a seat to talk."),
    not_host: () => tr("Only the table's creator can turn free chat on or off."),
    bad_message: () => tr("That cannot be sent: write some text, at most {n} characters.", { n: max })
  };
  showMessage(words[msg.code] ? words[msg.code]() : msg.message || msg.code, "error");
  if (msg.code === "not_host" || msg.code === "chat_off") renderControls();
  return true;
}

// Free chat's setting at this table, for a new table made like this one (undefined: no chat here).
export function chatFree() { return C.settings ? !!C.settings.free : undefined; }

function lineItem(line) {
  const phrase = "phrase" in line;
  const me = C.state && C.state.you && C.state.you.seat === line.seat;
  return el("li", { class: "chat-line" + (phrase ? " phrase" : "") + (me ? " mine" : ""), "data-seat": String(line.seat), "data-n": String(line.n) }, [
    el("span", { class: "chat-who", dir: "auto", text: line.name }),
    el("span", { class: "chat-said", dir: "auto", lang: phrase ? null : "", text: phrase ? phraseText(line.phrase) : String(line.text) })
  ]);
}

function renderLines() {
  const box = $("chat-lines");
  box.textContent = "";
  for (const line of C.lines) if (!C.muted.has(line.seat)) box.appendChild(lineItem(line));
  if (!box.children.length) box.appendChild(el("li", { class: "chat-empty muted", text: tr("Nothing said yet.") }));
  box.scrollTop = box.scrollHeight;
}

function renderPhrases() {
  const box = $("chat-phrases");
  box.textContent = "";
  for (const id of C.settings.phrases || Object.keys(PHRASES)) {
    box.appendChild(el("button", { type: "button", class: "small", "data-phrase": id, text: phraseText(id), onclick: () => say({ type: "chat", phrase: id }) }));
  }
}

function renderControls() {
  const s = C.state;
  const you = s && s.you ? s.you.seat : null;
  const seated = you !== null && you !== undefined;
  const free = !!C.settings.free;
  $("chat-phrases").hidden = !seated;
  $("chat-form").hidden = !seated || !free;
  $("chat-off").hidden = free;
  $("chat-watch").hidden = seated;
  $("chat-free-box").hidden = !seated || C.settings.host !== you;
  $("chat-free").checked = free;
  renderPeople(you);
}

// A mute button for each other person at the table (and anyone already muted).
function renderPeople(you) {
  const box = $("chat-people");
  box.textContent = "";
  const seats = (C.state && C.state.table && C.state.table.seats) || [];
  for (const seat of seats) {
    if (seat.seat === you || (seat.kind !== "human" && !C.muted.has(seat.seat))) continue;
    const muted = C.muted.has(seat.seat);
    const name = seat.name || tr("Seat {number}", { number: seat.seat + 1 });
    box.appendChild(el("button", {
      type: "button", class: "small chat-mute", "data-seat": String(seat.seat), "aria-pressed": muted ? "true" : "false",
      text: muted ? tr("Unmute {name}", { name }) : tr("Mute {name}", { name }),
      onclick: () => toggleMute(seat.seat)
    }));
  }
}

function toggleMute(seat) {
  if (C.muted.has(seat)) C.muted.delete(seat); else C.muted.add(seat);
  saveMutedSeats(C.table, [...C.muted]);
  renderLines();
  renderControls();
}
