// A finished game's hearts-record/1 file as a download link: the server's address, or in the static build a file made
// in the page from the table's answer (the same text).
import { el, showMessage } from "./dom.js";
import { t as tr } from "./i18n.js";
import { pageRequest } from "./page.js";
import { IN_PAGE } from "./site.js";

async function download(id) {
  const r = await pageRequest("GET", "/api/games/" + encodeURIComponent(id) + "/record");
  if (r.status !== 200) { showMessage(tr("The record could not be made."), "error"); return; }
  const url = URL.createObjectURL(new Blob([r.body], { type: "application/json" }));
  const a = el("a", { href: url, download: "hearts-" + id + ".json", hidden: true });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export function recordLink(id, attrs, text) {
  const path = "/api/games/" + encodeURIComponent(id) + "/record";
  const page = IN_PAGE ? { href: "#", onclick: (ev) => { ev.preventDefault(); download(id); } } : { href: path };
  return el("a", Object.assign({ class: "button", download: "hearts-" + id + ".json", text }, attrs || {}, page));
}
