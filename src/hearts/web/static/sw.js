// Offline after the first visit. This service worker keeps the files of the build (FILES, written by `hearts web
// build`) in a cache named after the build (VERSION), answers from it first, and drops the caches of older builds.
// Installing it stores the small files (SHELL); the engine's large files (Pyodide, hearts.zip) are stored as the page
// first loads them through it, so the first visit downloads each file once, and so are the learned models (models/),
// each when a table first needs it.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const SHELL = FILES.filter((f) => !f.startsWith("pyodide/") && !f.startsWith("models/") && f !== "hearts.zip");
const CACHE = "hearts-" + VERSION;
const KEPT = new Set(FILES.map((f) => new URL(f, self.location).href));

self.addEventListener("install", (ev) => {
  ev.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (ev) => {
  ev.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("hearts-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (ev) => {
  const req = ev.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  // A table's address (./?t=...) is the page itself: the query string does not name another file.
  const key = req.mode === "navigate" ? new URL("./", self.location).href : url.origin + url.pathname;
  if (!KEPT.has(key)) return;
  ev.respondWith(
    caches.open(CACHE).then(async (c) => {
      const hit = await c.match(key);
      if (hit) return hit;
      const got = await fetch(req);
      if (got.ok && got.type === "basic") await c.put(key, got.clone());
      return got;
    })
  );
});
