// The table in the page (the static build): the lobby's requests and the table's websocket go to a Web Worker that runs
// the game's own Python engine (hearts.web.host in Pyodide) instead of a server. Nothing leaves the browser: what the
// games need to carry on after a reload is kept in localStorage (STORE).
import { showMessage } from "./dom.js";
import { t as tr } from "./i18n.js";
import { IN_PAGE } from "./site.js";

const STORE = "hearts.page.games";
let worker = null;
let nextId = 1;
const waiting = new Map(); // request id -> resolve
const sockets = new Map(); // connection number -> PageSocket
let failure = null;
let failureCode = 1011; // how a connection opened after a failure closes (4409: another tab has the games)
// One live copy of the games at a time: a page that starts the game tells the others, which step aside (their
// table shows "open in another tab", and a reload makes that one the live copy), so no stale copy saves over it.
const channel = IN_PAGE && typeof BroadcastChannel !== "undefined" ? new BroadcastChannel("hearts.page") : null;
if (channel) channel.onmessage = (ev) => { if (ev.data === "started" && worker) stepAside(); };

function stepAside() {
  worker.terminate();
  failure = tr("This seat is open in another tab or device: reload this page to play here.");
  failureCode = 4409;
  for (const s of sockets.values()) s._closed(4409);
  for (const resolve of waiting.values()) resolve({ status: 409, body: JSON.stringify({ error: { code: "not_now", message: failure } }) });
  waiting.clear();
}

function status(text) {
  const c = document.getElementById("conn");
  if (!c) return;
  c.hidden = !text;
  c.textContent = text || "";
}

// The worker, started once: messages posted before it runs wait in `early`.
let early = null;
function start() {
  if (worker) return worker;
  status(tr("Loading the game…"));
  early = [];
  worker = { postMessage: (m) => early.push(m), terminate: () => { early = null; } };
  offline.then(() => {
    if (early === null) return; // stepped aside meanwhile
    const queued = early;
    early = null;
    launch();
    for (const m of queued) worker.postMessage(m);
  });
  return worker;
}

function launch() {
  worker = new Worker("worker.js", { type: "module" });
  worker.onmessage = (ev) => onWorker(ev.data);
  worker.onerror = (ev) => fail(ev.message || "the game's worker stopped");
  if (channel) channel.postMessage("started");
  let saved = null;
  try { saved = localStorage.getItem(STORE); } catch (e) { /* private mode: nothing kept */ }
  worker.postMessage({ op: "boot", saved, botDelay: botDelay() });
}

// The bots' delay before each move, from the address (?bot-delay=SECONDS), kept for this tab's later pages; null: the
// server's default.
function botDelay() {
  let delay = new URLSearchParams(location.search).get("bot-delay");
  try {
    if (delay !== null) sessionStorage.setItem("hearts.bot-delay", delay);
    else delay = sessionStorage.getItem("hearts.bot-delay");
  } catch (e) { /* private mode */ }
  return delay !== null && delay !== "" && !isNaN(+delay) ? +delay : null;
}

function fail(text) {
  failure = text;
  status(null);
  showMessage(tr("The game could not start in this browser: {error}", { error: text }), "error");
  for (const resolve of waiting.values()) resolve({ status: 503, body: JSON.stringify({ error: { code: "server_error", message: text } }) });
  waiting.clear();
  for (const s of sockets.values()) s._closed(1011);
}

function save(text) {
  try { localStorage.setItem(STORE, text); } catch (e) {
    status(tr("The browser's storage is full: this game will not be kept after the page closes."));
  }
}

function onWorker(m) {
  if (m.op === "ready") {
    status(null);
    for (const problem of m.problems || []) console.warn("hearts: " + problem);
    return;
  }
  if (m.op === "failed") { fail(m.error); return; }
  if (m.op === "answer") {
    const resolve = waiting.get(m.id);
    waiting.delete(m.id);
    if (resolve) resolve({ status: m.status, body: m.body });
    return;
  }
  if (m.op === "open") { const s = sockets.get(m.conn); if (s) s._opened(); return; }
  if (m.op === "messages") {
    for (const [conn, texts] of Object.entries(m.messages)) {
      const s = sockets.get(+conn);
      if (s) for (const text of texts) s._message(text);
    }
    for (const [conn, code] of Object.entries(m.close)) {
      const s = sockets.get(+conn);
      if (s) s._closed(code);
    }
    if (m.save !== null && m.save !== undefined) save(m.save);
  }
}

// One request of the lobby's API, answered by the worker: {status, body}.
export function pageRequest(method, path, body) {
  if (failure) return Promise.resolve({ status: 503, body: JSON.stringify({ error: { code: "server_error", message: failure } }) });
  start();
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker.postMessage({ op: "request", id, method, path, body: body === undefined ? null : JSON.stringify(body) });
  });
}

// A websocket to the table in the page: what protocol.js needs of a WebSocket (readyState, send, close, the on* hooks).
export class PageSocket {
  constructor() {
    this.readyState = WebSocket.CONNECTING;
    this.onopen = this.onmessage = this.onclose = this.onerror = null;
    this.conn = nextId++;
    sockets.set(this.conn, this);
    if (failure) { setTimeout(() => this._closed(failureCode), 0); return; }
    start().postMessage({ op: "open", conn: this.conn });
  }
  _opened() { this.readyState = WebSocket.OPEN; if (this.onopen) this.onopen(); }
  _message(data) { if (this.readyState === WebSocket.OPEN && this.onmessage) this.onmessage({ data }); }
  _closed(code) {
    if (this.readyState === WebSocket.CLOSED) return;
    this.readyState = WebSocket.CLOSED;
    sockets.delete(this.conn);
    if (this.onclose) this.onclose({ code });
  }
  send(text) { if (this.readyState === WebSocket.OPEN) worker.postMessage({ op: "send", conn: this.conn, text }); }
  close(code) {
    if (this.readyState === WebSocket.CLOSED) return;
    worker.postMessage({ op: "leave", conn: this.conn });
    this._closed(code || 1000);
  }
}

// Offline after the first visit: the service worker keeps every file of the build (sw.js). The engine starts once the
// service worker controls the page (or could not), so that its files are kept as they are first loaded.
let offline = Promise.resolve();
export function keepOffline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  offline = navigator.serviceWorker.register("sw.js").then(() => {
    if (navigator.serviceWorker.controller) return;
    return new Promise((resolve) => {
      navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
      setTimeout(resolve, 5000); // a browser that never hands the page over: start all the same (no offline copy yet)
    });
  }).catch((e) => console.warn("hearts: no offline copy: " + e));
}
