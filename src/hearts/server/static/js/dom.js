// Small DOM helpers shared by every part of the client.

export function $(id) { return document.getElementById(id); }

// el("div", {class: "x", text: "hi", onclick: f}, [children]): a new element.
export function el(tag, attrs, children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") e.textContent = v;
    else if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children || []) {
    if (c === null || c === undefined) continue;
    e.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  }
  return e;
}

// An SVG element (for the score chart).
export function svg(tag, attrs, children) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) e.setAttribute(k, String(v));
  for (const c of children || []) if (c) e.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  return e;
}

// "1 card", "2 cards".
export function plural(n, word, many) { return n + " " + (n === 1 ? word : many || word + "s"); }

let messageTimer = null;
// A short message at the bottom of the screen (errors stay longer).
export function showMessage(text, kind) {
  const m = $("message");
  m.textContent = text;
  m.className = "message show " + (kind || "info");
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => { m.className = "message"; }, kind === "error" ? 8000 : 4000);
}

export function openDialog(d) {
  if (d.open) return;
  try { d.showModal(); } catch (e) { d.setAttribute("open", ""); }
}

export function anyDialogOpen() { return [...document.querySelectorAll("dialog")].some((d) => d.open); }

export function formatTime(t) {
  const d = typeof t === "number" ? new Date(t > 1e12 ? t : t * 1000) : new Date(t);
  return isNaN(d.getTime()) ? String(t) : d.toLocaleString();
}

export function reducedMotion() { return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches; }
