// Who this browser plays as (docs/protocol.md, "Players"): a signed guest id in a cookie the page never reads,
// or an account's. The lobby's account panel and "your tables", and the way back to a seat held here.
import { api } from "./api.js";
import { storeToken } from "./prefs.js";

let asked = null;

// GET /api/me, once per page (fresh: ask again, after logging in or out).
export function whoAmI(fresh) {
  if (!asked || fresh) asked = api("GET", "/api/me").catch(() => null);
  return asked;
}

// Does this player hold a seat at table `id`?
export async function holdsSeat(id) {
  const me = await whoAmI();
  return !!(me && (me.tables || []).some((t) => t.table === id));
}

// Join table `id` again: the server gives a player the seat they hold back, with its token.
export async function seatBack(id, name) {
  const d = await api("POST", "/api/tables/" + encodeURIComponent(id) + "/join", { name: name || "Player" });
  storeToken(id, d.token);
  return d;
}
