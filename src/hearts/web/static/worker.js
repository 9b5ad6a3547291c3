// The game's engine for the static build: Pyodide (CPython in WebAssembly) runs the hearts package's own modules, and
// hearts.web.host answers the page (js/page.js) as `hearts serve` would. Every call is JSON text in and out
// (PageHost.call); this file only moves messages and keeps the host's clock (setTimeout for PageHost's "wake").
import { loadPyodide } from "./pyodide/pyodide.mjs";

let host = null;
let timer = null;
const queue = [];
const base = new URL("./", import.meta.url).href;

// A learned model of medium (models/NAME), downloaded the first time a table needs it: synchronously, since the
// engine asks in the middle of a bot's decision (a worker may; the service worker answers it once it is kept).
// null where it cannot be had: then medium plays as its fallback.
function fetchModel(name) {
  const xhr = new XMLHttpRequest();
  try {
    xhr.open("GET", base + "models/" + encodeURIComponent(name), false);
    xhr.responseType = "arraybuffer";
    xhr.send();
  } catch (e) {
    return null;
  }
  return xhr.status === 200 ? new Uint8Array(xhr.response) : null;
}

function post(out) {
  self.postMessage({ op: "messages", messages: out.messages, close: out.close, save: out.save });
  clearTimeout(timer);
  timer = out.wake === null || out.wake === undefined ? null : setTimeout(tick, Math.ceil(out.wake * 1000));
}

function call(op) { return JSON.parse(host.call(JSON.stringify(op))); }

function tick() {
  timer = null;
  post(call({ op: "tick" }));
}

function handle(m) {
  if (m.op === "request") {
    const out = call({ op: "request", method: m.method, path: m.path, body: m.body });
    self.postMessage({ op: "answer", id: m.id, status: out.status, body: out.body });
    post(out);
  } else if (m.op === "open") {
    call({ op: "open", conn: m.conn });
    self.postMessage({ op: "open", conn: m.conn });
  } else if (m.op === "send") {
    post(call({ op: "receive", conn: m.conn, text: m.text }));
  } else if (m.op === "leave") {
    post(call({ op: "leave", conn: m.conn }));
  }
}

async function boot(m) {
  const started = performance.now();
  const pyodide = await loadPyodide({ indexURL: base + "pyodide/" });
  const zip = await fetch(base + "hearts.zip");
  if (!zip.ok) throw new Error("hearts.zip: HTTP " + zip.status);
  pyodide.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "/home/pyodide/hearts-app" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/hearts-app')");
  const { PageHost } = pyodide.pyimport("hearts.web.host");
  host = PageHost.from_page(JSON.stringify({ saved: m.saved || null, bot_delay: m.botDelay === undefined ? null : m.botDelay }), fetchModel);
  self.postMessage({ op: "ready", ms: Math.round(performance.now() - started), problems: JSON.parse(host.call('{"op": "problems"}')).problems });
  for (const waiting of queue.splice(0)) handle(waiting);
}

self.onmessage = (ev) => {
  const m = ev.data;
  if (m.op === "boot") {
    boot(m).catch((e) => self.postMessage({ op: "failed", error: String(e && e.message ? e.message : e) }));
    return;
  }
  if (!host) { queue.push(m); return; }
  try { handle(m); } catch (e) {
    console.error(e);
    if (m.op === "request") self.postMessage({ op: "answer", id: m.id, status: 500, body: JSON.stringify({ error: { code: "server_error", message: String(e) } }) });
  }
};
