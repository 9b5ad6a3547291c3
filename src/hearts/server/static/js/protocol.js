// The websocket of protocol v1: hello, reconnection with backoff, actions that carry the seq they follow.
import { t as tr } from "./i18n.js";
import { PageSocket } from "./page.js";
import { IN_PAGE } from "./site.js";

export const PROTOCOL = 1;
// Messages that act on the table (they carry "seq"); the others do not.
const ACTIONS = new Set(["start", "pass", "unpass", "play", "moon", "claim", "undo"]);

export class Connection {
  // handlers: {message(msg), status(text|null), closed(code)}
  constructor(table, token, handlers) {
    this.table = table;
    this.token = token;
    this.handlers = handlers;
    this.ws = null;
    this.retries = 0;
    this.retryTimer = null;
    this.closedForGood = false;
    this.everConnected = false;
    this.nextId = 1;
    this.seq = 0;
    this.inflight = null;
    // with several workers, the one that serves this table ("moved"): the next connection goes there, once
    this.movedTo = null;
  }

  connect() {
    clearTimeout(this.retryTimer);
    if (this.closedForGood) return;
    const url = this.movedTo || (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
    this.movedTo = null;
    let ws;
    try { ws = IN_PAGE ? new PageSocket() : new WebSocket(url); } catch (e) { this.scheduleReconnect(); return; }
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", v: PROTOCOL, table: this.table, token: this.token || null }));
    ws.onmessage = (ev) => {
      if (ws !== this.ws) return;
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.type === "welcome") { this.retries = 0; this.everConnected = true; this.handlers.status(null); }
      if (msg.type === "state") this.seq = msg.seq;
      if (msg.type === "moved") {
        if (typeof msg.ws === "string" && /^wss?:\/\//.test(msg.ws)) this.movedTo = msg.ws;
        return;
      }
      if (msg.type === "error" && this.inflight && this.inflight.id === msg.id) this.inflight = null;
      this.handlers.message(msg);
    };
    ws.onclose = (ev) => {
      if (ws !== this.ws) return;
      this.ws = null;
      if (this.movedTo) { this.scheduleReconnect(0); return; }
      if (!this.handlers.closed(ev.code)) this.scheduleReconnect();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  scheduleReconnect(delay) {
    if (this.closedForGood) return;
    const d = delay !== undefined ? delay : Math.min(10000, 500 * Math.pow(2, this.retries));
    this.retries += 1;
    this.handlers.status(this.everConnected ? tr("Connection lost · reconnecting…") : tr("Connecting…"));
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), d);
  }

  reconnectNow(token) {
    if (token !== undefined) this.token = token;
    const old = this.ws;
    this.ws = null;
    if (old) { try { old.close(1000); } catch (e) { /* ignore */ } }
    this.retries = 0;
    this.connect();
  }

  stop() { this.closedForGood = true; clearTimeout(this.retryTimer); }

  // An action sent on the latest state and not yet answered: wait for the next state.
  busy() { return !!(this.inflight && this.inflight.seq === this.seq); }

  // Send a message (actions get the seq of the latest state); returns its id, or null when not connected.
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return null;
    if (ACTIONS.has(msg.type)) msg.seq = this.seq;
    msg.id = "c" + this.nextId++;
    if (ACTIONS.has(msg.type)) this.inflight = { id: msg.id, seq: msg.seq };
    this.ws.send(JSON.stringify(msg));
    return msg.id;
  }
}
