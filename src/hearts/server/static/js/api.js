// The lobby's HTTP API (docs/protocol.md): JSON in, JSON out, errors as exceptions with the server's message.
// In the static build the table in the page answers it (page.js), with the same answers.
import { pageRequest } from "./page.js";
import { IN_PAGE } from "./site.js";

// The answer's status and text, from the server or from the table in the page.
async function answer(method, path, body) {
  if (IN_PAGE) return pageRequest(method, path, body);
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(path, opts);
  return { status: r.status, body: await r.text() };
}

export async function api(method, path, body) {
  const r = await answer(method, path, body);
  const t = r.body;
  let data = null;
  try { data = t ? JSON.parse(t) : null; } catch (e) { data = null; }
  if (r.status < 200 || r.status > 299) {
    const err = new Error(data && data.error ? data.error.message || data.error.code : "HTTP " + r.status);
    err.status = r.status;
    err.code = data && data.error ? data.error.code : null;
    throw err;
  }
  return data;
}
