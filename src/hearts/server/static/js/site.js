// Where this client runs, and its addresses. Served by `hearts serve`: the lobby at "/", a table at "/t/<id>", the
// files under "/static/". The static build of `hearts web build` (data-site="page" on <html>): the table runs in
// this page (page.js), from a folder any static host serves at any address, so every address is relative to it:
// the lobby at "./", a table at "./?t=<id>", the files under "static/".

export const IN_PAGE = typeof document !== "undefined" && document.documentElement.getAttribute("data-site") === "page";

export function staticUrl(path) { return (IN_PAGE ? "static/" : "/static/") + path; }

export function homeHref() { return IN_PAGE ? "./" : "/"; }

export function tableHref(id) { return IN_PAGE ? "./?t=" + encodeURIComponent(id) : "/t/" + encodeURIComponent(id); }

// The table this address shows (null: the lobby).
export function tableFromLocation() {
  if (IN_PAGE) return new URLSearchParams(location.search).get("t");
  const m = location.pathname.match(/^\/t\/([^/]+)\/?$/);
  return m ? decodeURIComponent(m[1]) : null;
}

// An address of this site as a whole link (to copy), from one of the functions above.
export function fullUrl(href) { return new URL(href, location.href).href; }
