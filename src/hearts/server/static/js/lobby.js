// The lobby: create a table, the open tables, the finished games and a player's stats.
import { api } from "./api.js";
import { $, el, formatTime, showMessage } from "./dom.js";
import { t as tr, tn } from "./i18n.js";
import { cleanName, levelText, nameProblem, variantText } from "./names.js";
import { randomSeed, saveName, savedName, storeToken } from "./prefs.js";
import { seatBack, whoAmI } from "./me.js";
import { recordLink } from "./records.js";
import { IN_PAGE, tableHref } from "./site.js";

let options = null;
// Options that only Cancellation Hearts has (the server refuses them elsewhere).
const CANCELLATION_ONLY = { two_pairs_void_trick: true, last_trick_unwon: true };

function humanKey(k) { return k.replace(/_/g, " "); }

export function fillSelect(sel, values, current, labels) {
  sel.textContent = "";
  for (const v of values) {
    const o = el("option", { value: String(v), text: labels ? labels(v) : String(v) });
    if (String(v) === String(current)) o.selected = true;
    sel.appendChild(o);
  }
}

function updatePlayers() {
  const range = (options.variants || {})[$("create-variant").value] || [3, 7];
  const sel = $("create-players");
  let cur = parseInt(sel.value, 10);
  const values = [];
  for (let n = range[0]; n <= range[1]; n++) values.push(n);
  if (!(cur >= range[0] && cur <= range[1])) cur = range[0] <= 4 && range[1] >= 4 ? 4 : range[0];
  fillSelect(sel, values, cur);
}

function variantDefaults() {
  const variant = $("create-variant").value;
  return (options.rules_by_variant && options.rules_by_variant[variant]) || options.rules || {};
}

function buildRules() {
  const box = $("create-rules");
  box.textContent = "";
  const rules = variantDefaults();
  const choices = options.choices || {};
  const cancellation = $("create-variant").value === "cancellation";
  if (rules.target) $("create-target").placeholder = String(rules.target);
  for (const key of Object.keys(rules)) {
    if (key === "variant" || key === "players" || key === "target") continue;
    if (CANCELLATION_ONLY[key] && !cancellation) continue;
    const def = rules[key];
    const id = "rule-" + key;
    let input;
    if (choices[key]) {
      input = el("select", { id, "data-rule": key });
      fillSelect(input, choices[key].map((v) => JSON.stringify(v)), JSON.stringify(def), (v) => {
        const x = JSON.parse(v);
        return x === null ? tr("variant default") : x === true ? tr("yes") : x === false ? tr("no") : humanKey(String(x));
      });
      box.appendChild(el("label", null, [humanKey(key) + " ", input]));
    } else if (typeof def === "boolean") {
      input = el("input", { id, type: "checkbox", "data-rule": key });
      input.checked = def;
      box.appendChild(el("label", { class: "check" }, [input, " " + humanKey(key)]));
    } else if (typeof def === "number") {
      input = el("input", { id, type: "number", "data-rule": key, value: String(def), step: "1" });
      box.appendChild(el("label", null, [humanKey(key) + " ", input]));
    } else if (def === null) {
      input = el("select", { id, "data-rule": key });
      fillSelect(input, ["null", "true", "false"], "null", (v) => (v === "null" ? tr("variant default") : v === "true" ? tr("yes") : tr("no")));
      box.appendChild(el("label", null, [humanKey(key) + " ", input]));
    } else {
      input = el("input", { id, "data-rule": key, value: String(def) });
      box.appendChild(el("label", null, [humanKey(key) + " ", input]));
    }
  }
}

function collectRules() {
  const out = {};
  const defs = variantDefaults();
  for (const inp of document.querySelectorAll("[data-rule]")) {
    const key = inp.getAttribute("data-rule");
    let v;
    if (inp.type === "checkbox") v = inp.checked;
    else if (inp.tagName === "SELECT") v = JSON.parse(inp.value);
    else if (inp.type === "number") v = inp.value === "" ? defs[key] : parseInt(inp.value, 10);
    else v = inp.value;
    // Only what differs from the variant's defaults (rules_by_variant of /api/options).
    if (JSON.stringify(v) !== JSON.stringify(defs[key])) out[key] = v;
  }
  return out;
}

// A table's status in the lobby, in the player's language.
function statusText(status) { return { waiting: tr("waiting"), playing: tr("playing"), finished: tr("finished") }[status] || status; }

function seatSummary(t) {
  const people = [];
  let bots = 0, open = 0;
  for (const s of t.seats || []) {
    if (s.kind === "open" && s.kept) people.push(tr("{name} (seat kept)", { name: s.name }));
    else if (s.kind === "open") open += 1;
    else if (s.kind === "bot" && !s.name) bots += 1;
    else {
      const name = s.name || tr("Seat {number}", { number: s.seat + 1 });
      people.push(s.remote ? tr("{name} (remote bot)", { name: name }) : s.kind === "bot" ? tr("{name} (bot)", { name: name }) : name);
    }
  }
  if (bots) people.push(tn("{n} bot", "{n} bots", bots));
  if (open) people.push(tn("{n} open seat", "{n} open seats", open));
  return people.join(", ");
}

// Fill the list `id` with one item per entry of `key` in the answer to GET `path`
// (`empty` when there are none); a failed request leaves a message naming `what`.
async function fillList(path, key, id, empty, what, item) {
  try {
    const d = await api("GET", path);
    const ul = $(id);
    ul.textContent = "";
    const rows = (d && d[key]) || [];
    if (!rows.length) ul.appendChild(el("li", { class: "empty", text: empty }));
    for (const row of rows) ul.appendChild(item(row));
  } catch (e) { showMessage(what + ": " + e.message, "error"); }
}

// A seat a newcomer may take (the server says so; an older server: an open seat or a bot's).
export function joinable(s) { return s.joinable !== undefined ? !!s.joinable : s.kind === "open" || (s.kind === "bot" && !s.away && !s.remote); }

function tableItem(t) {
  const open = (t.seats || []).filter(joinable).length;
  return el("li", { class: "table-item", "data-table": t.id }, [
    el("div", { class: "grow" }, [
      el("strong", { text: variantText(t.variant) + " · " + tn("{n} player", "{n} players", t.players) }),
      el("span", { class: "muted", text: " · " + statusText(t.status) + (t.target ? " · " + tr("to {target}", { target: t.target }) : "") }),
      el("div", { class: "muted small-print", text: seatSummary(t) })
    ]),
    el("div", { class: "item-actions" }, [
      IN_PAGE ? el("a", { class: "button", href: tableHref(t.id), text: tr("Continue") }) : null,
      open && !IN_PAGE ? el("a", { class: "button", href: tableHref(t.id), text: tr("Join") }) : null,
      IN_PAGE ? null : el("a", { class: "button", href: tableHref(t.id) + "#watch", text: tr("Watch") })
    ])
  ]);
}

function gameItem(g) {
  const names = g.names || [];
  const scores = g.scores || [];
  const winners = (g.winners || []).map((w) => names[w] || tr("Seat {number}", { number: w + 1 }));
  const res = names.map((n, i) => (n || tr("Seat {number}", { number: i + 1 })) + " " + (scores[i] !== undefined ? scores[i] : "?")).join(", ");
  return el("li", { class: "table-item", "data-game": g.id }, [
    el("div", { class: "grow" }, [
      el("strong", { text: variantText(g.variant) + " · " + tn("{n} player", "{n} players", g.players) + " · " + tn("{n} hand", "{n} hands", g.hands || 0) }),
      el("div", { class: "small-print", text: res }),
      el("div", { class: "muted small-print", text: tr("Won by {names}", { names: winners.join(" & ") || "?" }) + (g.finished ? " · " + formatTime(g.finished) : "") })
    ]),
    recordLink(g.id, null, tr("Record"))
  ]);
}

async function loadLists() {
  const none = IN_PAGE ? tr("No game in progress: start one above.") : tr("No open tables: create one above.");
  const me = await whoAmI(true);
  if (!IN_PAGE) showMe(me);
  await fillList("/api/tables", "tables", "open-tables", none, tr("Could not load the tables"), tableItem);
  await fillList("/api/games", "games", "finished-games", tr("No finished games yet."), tr("Could not load the finished games"), gameItem);
  loadStats(me);
}

// The tables where this player holds a seat, each with the way back in, and the account panel.
function showMe(me) {
  const mine = (me && me.tables) || [];
  $("me-panel").hidden = !mine.length;
  const ul = $("my-tables");
  ul.textContent = "";
  for (const t of mine) {
    const back = el("button", { type: "button", class: "primary", "data-back": t.table, text: tr("Back to your seat") });
    back.addEventListener("click", async () => {
      back.disabled = true;
      try {
        const d = await seatBack(t.table, (me && me.name) || savedName());
        location.assign(tableHref(t.table) + "#token=" + encodeURIComponent(d.token));
      } catch (e) { back.disabled = false; showMessage(e.message, "error"); }
    });
    ul.appendChild(el("li", { class: "table-item", "data-mine": t.table }, [
      el("div", { class: "grow" }, [
        el("strong", { text: tr("Table {id}", { id: t.table }) }),
        el("span", { class: "muted", text: " · " + tr("Seat {number}", { number: t.seat + 1 }) + " · " + statusText(t.status) })
      ]),
      el("div", { class: "item-actions" }, [back])
    ]));
  }
  $("account").hidden = !me;
  if (!me) return;
  $("account-status").textContent = me.banned ? tr("This player is banned from this server.")
    : me.login ? tr("Logged in as {login}.", { login: me.login })
      : tr("You play as a guest in this browser. Make an account to play as yourself on another device too.");
  $("account-form").hidden = !!me.login;
  $("logout-btn").hidden = !me.login;
}

async function accountRequest(path, message) {
  const body = { login: $("account-login").value.trim(), password: $("account-password").value };
  const name = savedName();
  if (path === "/api/account" && name) body.name = name;
  try {
    await api("POST", path, body);
    $("account-password").value = "";
    showMessage(message, "info");
    loadLists();
  } catch (e) { showMessage(accountError(e), "error"); }
}

// An account request's refusal, in the player's language (the server's messages are English).
function accountError(e) {
  const message = String(e.message || "");
  if (e.code === "login_failed") return tr("Wrong login or password.");
  if (e.code === "banned") return tr("This player is banned from this server.");
  if (e.code === "rate_limited") return tr("Too many attempts: wait a minute.");
  if (e.code === "bad_request" && message.includes("taken")) return tr("That login is taken: choose another.");
  if (e.code === "bad_request" && message.includes("already have")) return tr("You already have an account: log out to make another.");
  if (e.code === "bad_request") return tr("A login is 3 to 24 letters (a-z), digits, '.', '-' or '_'; a password is 8 to 200 characters.");
  return message;
}

function wireAccount() {
  $("account-form").addEventListener("submit", (ev) => { ev.preventDefault(); accountRequest("/api/login", tr("You are logged in.")); });
  $("register-btn").addEventListener("click", () => {
    if (!$("account-form").reportValidity()) return;
    accountRequest("/api/account", tr("Your account is ready: log in with it on another device to play as yourself there."));
  });
  $("logout-btn").addEventListener("click", async () => {
    try { await api("POST", "/api/logout", {}); showMessage(tr("You are logged out: you play as a new guest."), "info"); loadLists(); }
    catch (e) { showMessage(e.message, "error"); }
  });
}

// This player's own stats over the finished games kept by this server.
async function loadStats(me) {
  const name = (me && me.name) || savedName();
  const box = $("stats");
  if (!box) return;
  try {
    const s = await api("GET", "/api/stats");
    box.hidden = !s.games && !s.abandoned;
    $("stats-name").textContent = name;
    const dl = $("stats-list");
    dl.textContent = "";
    const rows = [
      ["Games", s.games, tr("Games")], ["Wins", s.wins, tr("Wins")],
      ["Average points a hand", s.hands ? (s.points / s.hands).toFixed(1) : "–", tr("Average points a hand")],
      ["Moons shot", s.moons_shot, tr("Moons shot")], ["Moons against you", s.moons_conceded, tr("Moons against you")],
      ["Abandoned", s.abandoned || 0, tr("Left before the end")]
    ];
    for (const [k, v, label] of rows) dl.append(el("div", { class: "stat" }, [el("dt", { text: label }), el("dd", { "data-stat": k, text: String(v) })]));
  } catch (e) { box.hidden = true; }
}

// The browser's own check of a name field says what the server would refuse (the form is not sent). An empty field is
// the field's own "required"; one of spaces only is refused here, as the server would (it made a table with nobody seated).
export function checkNameInput(input) {
  const check = () => input.setCustomValidity(input.value ? nameProblem(input.value) || "" : "");
  input.addEventListener("input", check);
  check();
}

export async function createTable(body) {
  const d = await api("POST", "/api/tables", body);
  if (d.token) storeToken(d.table, d.token);
  location.assign(IN_PAGE ? tableHref(d.table) + "#token=" + encodeURIComponent(d.token) : d.link || d.invite || tableHref(d.table));
}

export async function showLobby() {
  $("lobby").hidden = false;
  if (IN_PAGE) $("open-tables-title").textContent = tr("Your games in progress"); // the tables in the page are yours alone
  $("create-name").value = savedName();
  $("create-seed").value = randomSeed();
  $("create-chat-box").hidden = IN_PAGE; // a table in the page is one person's: nobody to talk to
  $("create-variant").addEventListener("change", () => { updatePlayers(); buildRules(); });
  checkNameInput($("create-name"));
  $("create-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (!options) return;
    const problem = nameProblem($("create-name").value);
    if (problem) { showMessage(problem, "error"); $("create-name").focus(); return; }
    const name = cleanName($("create-name").value);
    const body = {
      variant: $("create-variant").value,
      players: parseInt($("create-players").value, 10),
      level: $("create-level").value,
      rules: collectRules()
    };
    const target = $("create-target").value.trim();
    if (target) body.target = parseInt(target, 10);
    const timer = $("create-timer").value.trim();
    if (timer !== "") body.turn_seconds = parseInt(timer, 10);
    if (name) { body.name = name; saveName(name); }
    const cseed = $("create-seed").value.trim();
    if (cseed) body.client_seed = cseed;
    if (!$("create-chat").checked) body.free_chat = false;
    $("create-btn").disabled = true;
    try { await createTable(body); } catch (e) {
      $("create-btn").disabled = false;
      showMessage(e.message, "error");
    }
  });
  $("guide-btn").addEventListener("click", async () => {
    $("guide-btn").disabled = true;
    const name = cleanName($("create-name").value) || savedName() || tr("You");
    try { await createTable({ guide: true, name: nameProblem(name) ? tr("You") : name }); } catch (e) {
      $("guide-btn").disabled = false;
      showMessage(e.message, "error");
    }
  });
  $("refresh-btn").addEventListener("click", loadLists);
  if (!IN_PAGE) wireAccount();
  loadLists();
  setInterval(() => { if (!document.hidden) loadLists(); }, 15000);
  try {
    options = (await api("GET", "/api/options")) || {};
    fillSelect($("create-variant"), Object.keys(options.variants || { standard: [3, 7] }), "standard", variantText);
    updatePlayers();
    const levels = options.levels || ["medium"];
    const level = (options.defaults && options.defaults.level) || "medium";
    fillSelect($("create-level"), levels, levels.indexOf(level) >= 0 ? level : levels[0], levelText);
    $("create-timer").value = String((options.defaults && options.defaults.turn_seconds) || 0);
    buildRules();
  } catch (e) { showMessage(tr("Could not load the table options") + ": " + e.message, "error"); }
}
