// The lobby's HTTP API (docs/protocol.md): JSON in, JSON out, errors as exceptions with the server's message.

export async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(path, opts);
  const t = await r.text();
  let data = null;
  try { data = t ? JSON.parse(t) : null; } catch (e) { data = null; }
  if (!r.ok) {
    const err = new Error(data && data.error ? data.error.message || data.error.code : "HTTP " + r.status);
    err.status = r.status;
    err.code = data && data.error ? data.error.code : null;
    throw err;
  }
  return data;
}
