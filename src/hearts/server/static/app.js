/* Browser client of `hearts serve` (protocol v1, docs/protocol.md). Plain JS, no build step. */
(function () {
  "use strict";

  var PROTOCOL = 1;
  var SUIT_ORDER = { C: 0, D: 1, S: 2, H: 3 }; // alternate colours in the hand
  var SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
  var SUIT_NAME = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
  var RANK_VALUE = { "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, T: 10, J: 11, Q: 12, K: 13, A: 14 };
  var RANK_NAME = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
    "9": "nine", "10": "ten", T: "ten", J: "jack", Q: "queen", K: "king", A: "ace"
  };

  function $(id) { return document.getElementById(id); }

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === "text") e.textContent = v;
        else if (k === "class") e.className = v;
        else if (k.slice(0, 2) === "on") e.addEventListener(k.slice(2), v);
        else e.setAttribute(k, v === true ? "" : v);
      });
    }
    (children || []).forEach(function (c) {
      if (c === null || c === undefined) return;
      e.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return e;
  }

  // ---- cards ---------------------------------------------------------------

  function parseCard(name) {
    var s = String(name);
    return { rank: s.slice(0, -1), suit: s.slice(-1) };
  }
  function cardLabel(name) {
    var c = parseCard(name);
    return (RANK_NAME[c.rank] || c.rank) + " of " + (SUIT_NAME[c.suit] || c.suit);
  }
  function cardText(name) {
    var c = parseCard(name);
    return (c.rank === "T" ? "10" : c.rank) + (SUIT_SYMBOL[c.suit] || c.suit);
  }
  function isRed(name) { var s = parseCard(name).suit; return s === "H" || s === "D"; }
  function compareCards(a, b) {
    var x = parseCard(a), y = parseCard(b);
    var ds = (SUIT_ORDER[x.suit] || 0) - (SUIT_ORDER[y.suit] || 0);
    return ds || (RANK_VALUE[x.rank] || 0) - (RANK_VALUE[y.rank] || 0);
  }
  function cardFace(name, extraClass) {
    return el("span", {
      class: "face " + (isRed(name) ? "red" : "black") + (extraClass ? " " + extraClass : ""),
      "data-card": name, "aria-label": cardLabel(name), role: "img"
    }, [cardText(name)]);
  }

  // ---- messages ----------------------------------------------------------------

  var messageTimer = null;
  function showMessage(text, kind) {
    var m = $("message");
    m.textContent = text;
    m.className = "message show " + (kind || "info");
    clearTimeout(messageTimer);
    messageTimer = setTimeout(function () { m.className = "message"; }, kind === "error" ? 8000 : 4000);
  }

  function api(method, path, body) {
    var opts = { method: method, headers: {} };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    return fetch(path, opts).then(function (r) {
      return r.text().then(function (t) {
        var data = null;
        try { data = t ? JSON.parse(t) : null; } catch (e) { data = null; }
        if (!r.ok) {
          var msg = data && data.error ? data.error.message || data.error.code : "HTTP " + r.status;
          var err = new Error(msg);
          err.status = r.status;
          err.code = data && data.error ? data.error.code : null;
          throw err;
        }
        return data;
      });
    });
  }

  function tokenKey(table) { return "hearts.token." + table; }
  function storeToken(table, token) {
    try { if (token) localStorage.setItem(tokenKey(table), token); else localStorage.removeItem(tokenKey(table)); } catch (e) { /* private mode */ }
  }
  function storedToken(table) {
    try { return localStorage.getItem(tokenKey(table)); } catch (e) { return null; }
  }
  function randomSeed() {
    // A fresh client seed for hearts-deal/1: 16 random hex characters from the browser's generator.
    var bytes = new Uint8Array(8);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }

  function seedOf(input) {
    // The client seed typed or kept in a field (undefined when left empty: the server then counts none).
    var v = input.value.trim();
    return v ? v : undefined;
  }

  function savedName() { try { return localStorage.getItem("hearts.name") || ""; } catch (e) { return ""; } }
  function saveName(n) { try { localStorage.setItem("hearts.name", n); } catch (e) { /* ignore */ } }

  function copyField(input) {
    input.select();
    var done = function () { showMessage("Copied to the clipboard.", "info"); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () { document.execCommand("copy"); done(); });
    } else {
      try { document.execCommand("copy"); done(); } catch (e) { showMessage("Select the link and copy it.", "info"); }
    }
  }

  // ---- lobby ------------------------------------------------------------------

  var options = null;

  function humanKey(k) { return k.replace(/_/g, " "); }

  function fillSelect(sel, values, current, labels) {
    sel.textContent = "";
    values.forEach(function (v) {
      var o = el("option", { value: String(v), text: labels ? labels(v) : String(v) });
      if (String(v) === String(current)) o.selected = true;
      sel.appendChild(o);
    });
  }

  function updatePlayers() {
    var variant = $("create-variant").value;
    var range = (options.variants || {})[variant] || [3, 7];
    var sel = $("create-players");
    var cur = parseInt(sel.value, 10);
    var values = [];
    for (var n = range[0]; n <= range[1]; n++) values.push(n);
    if (!(cur >= range[0] && cur <= range[1])) cur = range[0] <= 4 && range[1] >= 4 ? 4 : range[0];
    fillSelect(sel, values, cur);
  }

  // Options that only Cancellation Hearts has (the server refuses them elsewhere).
  var CANCELLATION_ONLY = { two_pairs_void_trick: true, last_trick_unwon: true };

  function variantDefaults() {
    var variant = $("create-variant").value;
    return (options.rules_by_variant && options.rules_by_variant[variant]) || options.rules || {};
  }

  function buildRules() {
    var box = $("create-rules");
    box.textContent = "";
    var rules = variantDefaults();
    var choices = options.choices || {};
    var cancellation = $("create-variant").value === "cancellation";
    var target = $("create-target");
    if (target && rules.target) target.placeholder = String(rules.target);
    Object.keys(rules).forEach(function (key) {
      if (key === "variant" || key === "players" || key === "target") return;
      if (CANCELLATION_ONLY[key] && !cancellation) return;
      var def = rules[key];
      var id = "rule-" + key;
      var input;
      if (choices[key]) {
        input = el("select", { id: id, "data-rule": key });
        var vals = choices[key];
        fillSelect(input, vals.map(function (v) { return JSON.stringify(v); }), JSON.stringify(def), function (v) {
          var x = JSON.parse(v);
          return x === null ? "variant default" : x === true ? "yes" : x === false ? "no" : humanKey(String(x));
        });
        box.appendChild(el("label", null, [humanKey(key) + " ", input]));
      } else if (typeof def === "boolean") {
        input = el("input", { id: id, type: "checkbox", "data-rule": key });
        input.checked = def;
        box.appendChild(el("label", { class: "check" }, [input, " " + humanKey(key)]));
      } else if (typeof def === "number") {
        input = el("input", { id: id, type: "number", "data-rule": key, value: String(def), step: "1" });
        box.appendChild(el("label", null, [humanKey(key) + " ", input]));
      } else if (def === null) {
        input = el("select", { id: id, "data-rule": key });
        fillSelect(input, ["null", "true", "false"], "null", function (v) {
          return v === "null" ? "variant default" : v === "true" ? "yes" : "no";
        });
        box.appendChild(el("label", null, [humanKey(key) + " ", input]));
      } else {
        input = el("input", { id: id, "data-rule": key, value: String(def) });
        box.appendChild(el("label", null, [humanKey(key) + " ", input]));
      }
    });
  }

  function collectRules() {
    var out = {};
    var defs = variantDefaults();
    var inputs = document.querySelectorAll("[data-rule]");
    Array.prototype.forEach.call(inputs, function (inp) {
      var key = inp.getAttribute("data-rule");
      var v;
      if (inp.type === "checkbox") v = inp.checked;
      else if (inp.tagName === "SELECT") v = JSON.parse(inp.value);
      else if (inp.type === "number") v = inp.value === "" ? defs[key] : parseInt(inp.value, 10);
      else v = inp.value;
      // Only what differs from the variant's defaults (rules_by_variant of /api/options).
      if (JSON.stringify(v) !== JSON.stringify(defs[key])) out[key] = v;
    });
    return out;
  }

  function seatSummary(t) {
    var humans = [], bots = 0, open = 0;
    (t.seats || []).forEach(function (s) {
      if (s.kind === "open") open += 1;
      else if (s.kind === "bot" && !s.name) bots += 1;
      else humans.push((s.name || "Seat " + (s.seat + 1)) + (s.kind === "bot" ? " (bot)" : ""));
    });
    if (bots) humans.push(bots + (bots === 1 ? " bot" : " bots"));
    if (open) humans.push(open + " open " + (open === 1 ? "seat" : "seats"));
    return humans.join(", ");
  }

  function loadLists() {
    api("GET", "/api/tables").then(function (d) {
      var ul = $("open-tables");
      ul.textContent = "";
      var tables = (d && d.tables) || [];
      if (!tables.length) ul.appendChild(el("li", { class: "empty", text: "No open tables: create one above." }));
      tables.forEach(function (t) {
        var open = (t.seats || []).filter(function (s) { return s.kind === "open" || (s.kind === "bot" && !s.away); }).length;
        ul.appendChild(el("li", { class: "table-item", "data-table": t.id }, [
          el("div", { class: "grow" }, [
            el("strong", { text: t.variant + " · " + t.players + " players" }),
            el("span", { class: "muted", text: " · " + t.status + (t.target ? " · to " + t.target : "") }),
            el("div", { class: "muted small-print", text: seatSummary(t) })
          ]),
          el("div", { class: "item-actions" }, [
            open ? el("a", { class: "button", href: "/t/" + encodeURIComponent(t.id), text: "Join" }) : null,
            el("a", { class: "button", href: "/t/" + encodeURIComponent(t.id) + "#watch", text: "Watch" })
          ])
        ]));
      });
    }).catch(function (e) { showMessage("Could not load the tables: " + e.message, "error"); });

    api("GET", "/api/games").then(function (d) {
      var ul = $("finished-games");
      ul.textContent = "";
      var games = (d && d.games) || [];
      if (!games.length) ul.appendChild(el("li", { class: "empty", text: "No finished games yet." }));
      games.forEach(function (g) {
        var names = g.names || [];
        var scores = g.scores || [];
        var winners = (g.winners || []).map(function (w) { return names[w] || "Seat " + (w + 1); });
        var res = names.map(function (n, i) { return (n || "Seat " + (i + 1)) + " " + (scores[i] !== undefined ? scores[i] : "?"); }).join(", ");
        ul.appendChild(el("li", { class: "table-item", "data-game": g.id }, [
          el("div", { class: "grow" }, [
            el("strong", { text: g.variant + " · " + g.players + " players · " + (g.hands || 0) + " hands" }),
            el("div", { class: "small-print", text: res }),
            el("div", { class: "muted small-print", text: "Won by " + (winners.join(" & ") || "?") + (g.finished ? " · " + formatTime(g.finished) : "") })
          ]),
          el("a", { class: "button", href: "/api/games/" + encodeURIComponent(g.id) + "/record", download: "hearts-" + g.id + ".json", text: "Record" })
        ]));
      });
    }).catch(function (e) { showMessage("Could not load the finished games: " + e.message, "error"); });
  }

  function formatTime(t) {
    var d = typeof t === "number" ? new Date(t > 1e12 ? t : t * 1000) : new Date(t);
    return isNaN(d.getTime()) ? String(t) : d.toLocaleString();
  }

  function showLobby() {
    $("lobby").hidden = false;
    $("create-name").value = savedName();
    $("create-seed").value = randomSeed();
    api("GET", "/api/options").then(function (o) {
      options = o || {};
      fillSelect($("create-variant"), Object.keys(options.variants || { standard: [3, 7] }), "standard");
      updatePlayers();
      var levels = options.levels || ["medium"];
      var level = (options.defaults && options.defaults.level) || "medium";
      fillSelect($("create-level"), levels, levels.indexOf(level) >= 0 ? level : levels[0]);
      $("create-timer").value = String((options.defaults && options.defaults.turn_seconds) || 0);
      buildRules();
    }).catch(function (e) { showMessage("Could not load the table options: " + e.message, "error"); });
    $("create-variant").addEventListener("change", function () { updatePlayers(); buildRules(); });
    $("create-form").addEventListener("submit", function (ev) {
      ev.preventDefault();
      if (!options) return;
      var name = $("create-name").value.trim();
      var body = {
        variant: $("create-variant").value,
        players: parseInt($("create-players").value, 10),
        level: $("create-level").value,
        rules: collectRules()
      };
      var target = $("create-target").value.trim();
      if (target) body.target = parseInt(target, 10);
      var timer = $("create-timer").value.trim();
      if (timer !== "") body.turn_seconds = parseInt(timer, 10);
      if (name) { body.name = name; saveName(name); }
      var cseed = seedOf($("create-seed"));
      if (cseed !== undefined) body.client_seed = cseed;
      $("create-btn").disabled = true;
      api("POST", "/api/tables", body).then(function (d) {
        if (d.token) storeToken(d.table, d.token);
        location.assign(d.link || d.invite || "/t/" + d.table);
      }).catch(function (e) {
        $("create-btn").disabled = false;
        showMessage(e.message, "error");
      });
    });
    $("refresh-btn").addEventListener("click", loadLists);
    loadLists();
    setInterval(function () { if (!document.hidden) loadLists(); }, 15000);
  }

  // ---- table ---------------------------------------------------------------

  var T = {
    id: null, token: null, ws: null, state: null, welcome: null, watching: false,
    retries: 0, retryTimer: null, closedForGood: false, nextId: 1, pending: {}, inflight: null,
    selected: [], // indices into the sorted hand while passing
    handsSeen: null, moonDismissedSeq: null, focusIndex: 0, sortedCards: [], everConnected: false
  };

  function hashParams() {
    var h = location.hash.replace(/^#/, "");
    var out = {};
    h.split("&").forEach(function (part) {
      if (!part) return;
      var i = part.indexOf("=");
      if (i < 0) out[decodeURIComponent(part)] = "";
      else out[decodeURIComponent(part.slice(0, i))] = decodeURIComponent(part.slice(i + 1));
    });
    return out;
  }

  function showTable(id) {
    T.id = id;
    $("table-view").hidden = false;
    document.title = "Hearts · table " + id;
    var params = hashParams();
    var token = params.token || storedToken(id);
    if (token) {
      T.token = token;
      storeToken(id, token);
      if (!params.token) history.replaceState(null, "", "/t/" + encodeURIComponent(id) + "#token=" + encodeURIComponent(token));
    } else if (!("watch" in params)) {
      $("seat-panel").hidden = false;
      $("join-name").value = savedName();
      $("join-seed").value = randomSeed();
    }
    $("invite-link").value = location.origin + "/t/" + encodeURIComponent(id);
    updateOwnLink();

    $("join-form").addEventListener("submit", function (ev) {
      ev.preventDefault();
      var name = $("join-name").value.trim();
      if (!name) return;
      saveName(name);
      var body = { name: name };
      var jseed = seedOf($("join-seed"));
      if (jseed !== undefined) body.client_seed = jseed;
      var seat = $("join-seat").value;
      if (seat !== "") body.seat = parseInt(seat, 10);
      $("join-btn").disabled = true;
      api("POST", "/api/tables/" + encodeURIComponent(id) + "/join", body).then(function (d) {
        T.token = d.token;
        storeToken(id, d.token);
        history.replaceState(null, "", "/t/" + encodeURIComponent(id) + "#token=" + encodeURIComponent(d.token));
        $("seat-panel").hidden = true;
        updateOwnLink();
        showMessage("You sit in seat " + (d.seat + 1) + ".", "info");
        reconnectNow();
      }).catch(function (e) { showMessage(e.message, "error"); }).then(function () { $("join-btn").disabled = false; });
    });
    $("watch-btn").addEventListener("click", function () {
      $("seat-panel").hidden = true;
      history.replaceState(null, "", "/t/" + encodeURIComponent(id) + "#watch");
    });
    $("copy-invite").addEventListener("click", function () { copyField($("invite-link")); });
    $("copy-own").addEventListener("click", function () { copyField($("own-link")); });
    $("start-btn").addEventListener("click", function () { if (!busy()) send({ type: "start" }); });
    $("pass-btn").addEventListener("click", doPass);
    $("moon-add").addEventListener("click", function () { chooseMoon("add"); });
    $("moon-subtract").addEventListener("click", function () { chooseMoon("subtract"); });
    $("moon-open").addEventListener("click", function () { openDialog($("moon-dialog")); });
    $("moon-dialog").addEventListener("close", function () { if (T.state) T.moonDismissedSeq = T.state.seq; });
    $("last-btn").addEventListener("click", showLastTrick);
    $("score-sheet").addEventListener("close", function () { if (T.state) render(); });
    $("sheet-btn").addEventListener("click", showScoreSheet);
    $("hand").addEventListener("click", onHandClick);
    document.addEventListener("keydown", onKey);
    setInterval(tickTimer, 250);
    connect();
  }

  function updateOwnLink() {
    if (T.token) {
      $("own-link-box").hidden = false;
      $("own-link").value = location.origin + "/t/" + encodeURIComponent(T.id) + "#token=" + encodeURIComponent(T.token);
    } else {
      $("own-link-box").hidden = true;
    }
  }

  // websocket

  function setConn(text) {
    var c = $("conn");
    if (!text) { c.hidden = true; c.textContent = ""; return; }
    c.hidden = false;
    c.textContent = text;
  }

  function connect() {
    clearTimeout(T.retryTimer);
    if (T.closedForGood) return;
    // a worker that does not serve this table names the one that does ("moved"): the next connection goes there, once
    var url = T.movedTo || (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
    T.movedTo = null;
    var ws;
    try { ws = new WebSocket(url); } catch (e) { scheduleReconnect(); return; }
    T.ws = ws;
    ws.onopen = function () {
      ws.send(JSON.stringify({ type: "hello", v: PROTOCOL, table: T.id, token: T.token || null }));
    };
    ws.onmessage = function (ev) {
      if (ws !== T.ws) return;
      var msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      onServerMessage(msg);
    };
    ws.onclose = function (ev) {
      if (ws !== T.ws) return;
      T.ws = null;
      if (ev.code === 4401) {
        storeToken(T.id, null);
        T.token = null;
        updateOwnLink();
        history.replaceState(null, "", "/t/" + encodeURIComponent(T.id));
        showMessage("That seat link is not valid here; you are watching. Take a seat to play.", "error");
        $("seat-panel").hidden = false;
        scheduleReconnect(0);
        return;
      }
      if (ev.code === 4404) {
        tableGone();
        return;
      }
      if (T.movedTo) {
        scheduleReconnect(0);
        return;
      }
      if (ev.code === 4409) {
        // This seat was opened in more tabs than the server keeps: this (the oldest) one steps aside for good.
        T.closedForGood = true;
        setConn("This seat is open in another tab or device: reload this page to play here.");
        return;
      }
      scheduleReconnect();
    };
    ws.onerror = function () { /* onclose follows */ };
  }

  function scheduleReconnect(delay) {
    if (T.closedForGood) return;
    var d = delay !== undefined ? delay : Math.min(10000, 500 * Math.pow(2, T.retries));
    T.retries += 1;
    setConn(T.everConnected ? "Connection lost · reconnecting…" : "Connecting…");
    clearTimeout(T.retryTimer);
    T.retryTimer = setTimeout(connect, d);
  }

  function reconnectNow() {
    var old = T.ws;
    T.ws = null;
    if (old) { try { old.close(1000); } catch (e) { /* ignore */ } }
    T.retries = 0;
    connect();
  }

  function send(msg) {
    if (!T.ws || T.ws.readyState !== WebSocket.OPEN) {
      showMessage("Not connected: wait for the reconnection and try again.", "error");
      return false;
    }
    if (msg.type !== "sync" && msg.type !== "ping") msg.seq = T.state ? T.state.seq : 0;
    msg.id = "c" + T.nextId++;
    T.pending[msg.id] = msg;
    if (msg.type !== "sync" && msg.type !== "ping") T.inflight = { id: msg.id, seq: msg.seq };
    T.ws.send(JSON.stringify(msg));
    return true;
  }

  function onServerMessage(msg) {
    switch (msg.type) {
      case "welcome":
        T.welcome = msg;
        T.retries = 0;
        T.everConnected = true;
        setConn(null);
        break;
      case "state":
        T.state = msg;
        // the server's clock minus ours, so the countdown is right even if this machine's clock is not
        if (msg.turn && typeof msg.turn.now === "number") T.skew = msg.turn.now - Date.now();
        render();
        break;
      case "ok":
        delete T.pending[msg.id];
        break;
      case "moved":
        if (typeof msg.ws === "string" && /^wss?:\/\//.test(msg.ws)) T.movedTo = msg.ws;
        break;
      case "error":
        delete T.pending[msg.id];
        if (T.inflight && T.inflight.id === msg.id) T.inflight = null;
        if (msg.code !== "moved") showMessage(msg.message || msg.code, "error");
        if (msg.code === "stale") send({ type: "sync" });
        if (msg.code === "not_found") tableGone();
        break;
      default:
        break;
    }
  }

  // actions

  function busy() {
    // An action sent on the latest state and not yet refused: wait for the next state.
    return !!(T.inflight && T.state && T.inflight.seq === T.state.seq);
  }

  function doPass() {
    var s = T.state;
    if (!s || !s.hand || s.hand.phase !== "pass" || busy()) return;
    var need = passCount();
    if (T.selected.length !== need) {
      showMessage("Choose " + need + " cards to pass.", "error");
      return;
    }
    var cards = T.selected.map(function (i) { return T.sortedCards[i]; });
    send({ type: "pass", cards: cards });
  }

  function chooseMoon(choice) {
    if (!busy()) send({ type: "moon", choice: choice });
    $("moon-dialog").close();
  }

  function passCount() {
    var s = T.state;
    return (s && s.table && s.table.rules && s.table.rules.pass_count) || 3;
  }

  function myTurn() {
    var s = T.state;
    return !!(s && s.you && !s.you.joining && s.turn && s.turn.seats.indexOf(s.you.seat) >= 0);
  }

  function passing() {
    var s = T.state;
    return !!(s && s.you && !s.you.joining && s.hand && s.hand.phase === "pass" && !s.hand.passed && !s.game_over);
  }

  function onHandClick(ev) {
    var b = ev.target.closest("button.card");
    if (!b || b.disabled) return;
    var i = parseInt(b.getAttribute("data-index"), 10);
    T.focusIndex = i;
    activateCard(i);
  }

  function activateCard(i) {
    var s = T.state;
    if (!s || !s.hand) return;
    if (passing()) {
      var at = T.selected.indexOf(i);
      if (at >= 0) T.selected.splice(at, 1);
      else if (T.selected.length < passCount()) T.selected.push(i);
      else showMessage("You pass " + passCount() + " cards: unselect one first.", "info");
      renderHand();
      renderControls();
      focusCard(i);
    } else if (s.hand.phase === "play" && myTurn()) {
      if (busy()) return;
      var card = T.sortedCards[i];
      if ((s.hand.legal || []).indexOf(card) < 0) {
        showMessage("You cannot play the " + cardLabel(card) + " now.", "error");
        return;
      }
      send({ type: "play", card: card });
    }
  }

  function focusCard(i) {
    var b = document.querySelector('#hand button.card[data-index="' + i + '"]');
    if (b) b.focus();
  }

  function anyDialogOpen() {
    return Array.prototype.some.call(document.querySelectorAll("dialog"), function (d) { return d.open; });
  }

  function onKey(ev) {
    var tag = (ev.target && ev.target.tagName) || "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === "Escape") {
      Array.prototype.forEach.call(document.querySelectorAll("dialog[open]"), function (d) { d.close(); });
      return;
    }
    if (anyDialogOpen()) return;
    var k = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
    var cards = document.querySelectorAll("#hand button.card:not(:disabled)");
    if (k === "ArrowLeft" || k === "ArrowRight") {
      if (!cards.length) return;
      ev.preventDefault();
      var cur = Array.prototype.indexOf.call(cards, document.activeElement);
      if (cur < 0) cur = k === "ArrowRight" ? 0 : cards.length - 1;
      else cur = (cur + (k === "ArrowRight" ? 1 : -1) + cards.length) % cards.length;
      T.focusIndex = parseInt(cards[cur].getAttribute("data-index"), 10);
      cards[cur].focus();
    } else if (k === "p") {
      if (passing()) { ev.preventDefault(); doPass(); }
    } else if (k === "l") {
      ev.preventDefault();
      showLastTrick();
    } else if (k === "s") {
      ev.preventDefault();
      showScoreSheet();
    }
    // Enter and Space on a focused card button click it natively.
  }

  // rendering ----------------------------------------------------------------

  function seatName(i) {
    var s = T.state;
    var seat = s && s.table && s.table.seats ? s.table.seats[i] : null;
    if (!seat) return "Seat " + (i + 1);
    if (seat.name) return seat.name;
    return seat.kind === "open" ? "Open seat" : "Seat " + (i + 1);
  }

  function seatOrder(n, me) {
    var out = [];
    if (me === null || me === undefined) { for (var i = 0; i < n; i++) out.push(i); return out; }
    for (var k = 1; k <= n; k++) out.push((me + k) % n); // your left first, yourself last
    return out;
  }

  function render() {
    var s = T.state;
    if (!s) return;
    var t = s.table;
    var me = s.you ? s.you.seat : null;
    if (me !== null && me !== undefined) $("seat-panel").hidden = true;
    if (!T.linksShown) {
      // While the table waits for players, show the invite link at once (and fold it away when the game starts).
      T.linksShown = true;
      T.linksAuto = t.status === "waiting";
      $("links").open = T.linksAuto;
    } else if (T.linksAuto && t.status !== "waiting") {
      T.linksAuto = false;
      $("links").open = false;
    }
    announceTurn();
    renderJoinChoices(t);
    renderStatus();
    renderSeats();
    renderControls();
    renderHand();
    renderGameOver();
    renderFairDeal();
    $("seed-hash").textContent = s.hand ? s.hand.seed_hash || "" : "";
    $("seed-line").hidden = !(s.hand && s.hand.seed_hash);
    // A new finished hand: show the score sheet.
    var nHands = (s.hands || []).length;
    if (T.handsSeen === null) T.handsSeen = nHands;
    else if (nHands > T.handsSeen) {
      T.handsSeen = nHands;
      showScoreSheet();
    }
    // Moon choice.
    var h = s.hand;
    var shooter = h && h.phase === "moon" && me !== null && me !== undefined && h.shooter === me && !h.moon_choice;
    $("moon-open").hidden = !shooter;
    if (shooter && !$("moon-dialog").open && T.moonDismissedSeq !== s.seq && !$("score-sheet").open) openDialog($("moon-dialog"));
    if (!shooter && $("moon-dialog").open) $("moon-dialog").close();
    tickTimer();
    document.title = (myTurn() && !s.game_over ? "● Your turn · " : "") + "Hearts · table " + T.id;
  }

  function renderFairDeal() {
    // The hearts-deal/1 facts the server has made public so far (folded away by default).
    var s = T.state;
    var d = s.table.deals;
    $("fair").hidden = !d;
    if (!d) return;
    $("fair-commitment").textContent = d.commitment;
    var clients = $("fair-clients");
    clients.textContent = "";
    if (!d.client_seeds) clients.textContent = "fixed when the game starts";
    else d.client_seeds.forEach(function (c, i) {
      clients.appendChild(document.createTextNode((i ? " · " : "") + seatName(i) + " "));
      clients.appendChild(el("code", { text: c === "" ? "(none)" : c }));
    });
    var seeds = $("fair-seeds");
    seeds.textContent = "";
    var done = s.hands || [];
    if (!done.length) seeds.textContent = "shown as each hand ends";
    done.forEach(function (h, i) {
      seeds.appendChild(document.createTextNode((i ? " · " : "") + h.number + ": "));
      seeds.appendChild(el("code", { text: h.seed }));
    });
    $("fair-server").textContent = d.server_seed || "shown when the game ends";
  }

  function announceTurn() {
    // A short spoken line (aria-live) when it becomes this seat's turn.
    var s = T.state;
    var key = myTurn() && !s.game_over && s.hand ? s.hand.number + ":" + s.hand.phase + ":" + s.seq : null;
    var mine = !!key;
    if (mine && !T.wasMyTurn) {
      var h = s.hand;
      $("announce").textContent = h.phase === "pass" ? "Choose " + passCount() + " cards to pass " + h.pass_direction + "."
        : h.phase === "moon" ? "You shot the moon: choose add or subtract." : "Your turn.";
    }
    T.wasMyTurn = mine;
  }

  function renderJoinChoices(t) {
    var sel = $("join-seat");
    var prev = sel.value;
    sel.textContent = "";
    var free = (t.seats || []).filter(function (x) { return x.kind === "open" || (x.kind === "bot" && !x.away); });
    sel.appendChild(el("option", { value: "", text: free.length ? "first free seat" : "no free seat" }));
    free.forEach(function (x) {
      sel.appendChild(el("option", { value: String(x.seat), text: "Seat " + (x.seat + 1) + (x.kind === "bot" ? " (replace " + (x.name || "bot") + ")" : " (open)") }));
    });
    sel.value = prev;
    $("join-btn").disabled = !free.length;
  }

  function directionText(d) {
    return { left: "pass left", right: "pass right", across: "pass across", none: "no pass" }[d] || d;
  }

  function turnNames() {
    var s = T.state;
    if (!s.turn || !s.turn.seats) return "";
    var me = s.you ? s.you.seat : null;
    return s.turn.seats.map(function (i) { return i === me ? "you" : seatName(i); }).join(", ");
  }

  function renderStatus() {
    var s = T.state;
    var t = s.table;
    var parts = [];
    var h = s.hand;
    parts.push(t.variant + " · " + t.players + " players" + (t.target ? " · to " + t.target : ""));
    if (t.status === "waiting") {
      parts.push(s.you ? "Waiting to start: press Start game when ready (bots fill open seats)" : "Waiting for the players to start");
    } else if (s.game_over) {
      parts.push("Game over");
    } else if (h) {
      parts.push("Hand " + h.number + " · " + directionText(h.pass_direction));
      if (h.hearts_broken) parts.push("hearts broken");
      if (s.you && s.you.joining) parts.push("Your seat is yours from the next hand: a bot finishes this one");
      var who = turnNames();
      if (h.phase === "pass") {
        if (passing()) parts.push("Choose " + passCount() + " cards to pass " + h.pass_direction);
        else parts.push("Waiting for passes: " + who);
      } else if (h.phase === "moon") {
        parts.push((h.shooter === (s.you && s.you.seat) ? "You" : seatName(h.shooter)) + " shot the moon · choosing");
      } else if (h.phase === "play") {
        parts.push(myTurn() ? "Your turn" : "Turn: " + who);
      }
    }
    var st = $("status");
    st.textContent = "";
    parts.forEach(function (p, i) {
      st.appendChild(el("span", { class: i === parts.length - 1 ? "status-main" : "status-part", text: p }));
    });
  }

  function trickCardFor(seat) {
    // The card a seat played in the current trick, or (when the trick is empty) in the last trick.
    var h = T.state.hand;
    if (!h) return null;
    var n = T.state.table.players;
    if (h.trick && h.trick.cards && h.trick.cards.length) {
      var k = (seat - h.trick.leader + n) % n;
      return k < h.trick.cards.length ? { card: h.trick.cards[k], last: false } : null;
    }
    var tricks = h.tricks || [];
    if (!tricks.length) return null;
    var lt = tricks[tricks.length - 1];
    var j = (seat - lt.leader + n) % n;
    if (j >= lt.cards.length) return null;
    return { card: lt.cards[j], last: true, won: lt.winner === seat };
  }

  function renderSeats() {
    var s = T.state;
    var t = s.table;
    var h = s.hand;
    var me = s.you ? s.you.seat : null;
    var box = $("seats");
    box.textContent = "";
    box.setAttribute("data-count", String(t.players));
    var turnSeats = (s.turn && s.turn.seats) || [];
    seatOrder(t.players, me).forEach(function (i) {
      var seat = t.seats[i] || { seat: i, kind: "open" };
      var marks = [];
      if (seat.kind === "bot") marks.push(el("span", { class: "tag bot", text: "bot" }));
      if (seat.kind === "open") marks.push(el("span", { class: "tag open", text: "open" }));
      if (seat.away) marks.push(el("span", { class: "tag away", text: "away" }));
      if (seat.kind === "human" && !seat.connected) marks.push(el("span", { class: "tag off", text: "offline" }));
      if (i === me) marks.push(el("span", { class: "tag you", text: "you" }));
      if (h && h.dealer === i) marks.push(el("span", { class: "tag dealer", title: "dealer", text: "D" }));
      var inTurn = turnSeats.indexOf(i) >= 0 && !s.game_over;
      var played = trickCardFor(i);
      var stats = [
        el("span", { class: "score", title: "score" }, [el("b", { text: String(s.scores ? s.scores[i] : 0) })]),
      ];
      if (h) {
        stats.push(el("span", { class: "pts", title: "points this hand", text: "+" + (h.points_taken ? h.points_taken[i] : 0) }));
        stats.push(el("span", { class: "left", title: "cards left", text: (h.hand_sizes ? h.hand_sizes[i] : 0) + " 🂠" }));
        if (h.phase === "pass" && h.passes_chosen && h.passes_chosen[i]) stats.push(el("span", { class: "tag ok", text: "passed" }));
      }
      var playedEl = el("div", { class: "played" + (played && played.last ? " last" : "") + (played && played.won ? " won" : "") }, [
        played ? cardFace(played.card) : el("span", { class: "face empty", "aria-hidden": "true", text: "" })
      ]);
      box.appendChild(el("div", {
        class: "seat" + (inTurn ? " turn" : "") + (i === me ? " me" : "") + " kind-" + seat.kind,
        "data-seat": String(i), "aria-current": inTurn ? "true" : null,
        "aria-label": seatName(i) + (inTurn ? ", to play" : "")
      }, [
        el("div", { class: "seat-head" }, [el("span", { class: "name", text: seatName(i) })].concat(marks)),
        el("div", { class: "seat-stats" }, stats),
        seat.kind === "open" ? null : playedEl,
        inTurn && s.turn.deadline ? el("div", { class: "countdown", "data-deadline": String(s.turn.deadline) }) : null
      ]));
    });
    var lastBtn = $("last-btn");
    lastBtn.disabled = !lastTrick();
  }

  function renderControls() {
    var s = T.state;
    var t = s.table;
    var seated = !!s.you;
    $("start-btn").hidden = !(seated && t.status === "waiting");
    var p = passing();
    var pb = $("pass-btn");
    pb.hidden = !p;
    pb.disabled = !p || T.selected.length !== passCount();
    pb.textContent = p ? "Pass " + T.selected.length + "/" + passCount() + " " + directionArrow(s.hand.pass_direction) : "Pass";
  }

  function directionArrow(d) { return { left: "←", right: "→", across: "↑" }[d] || ""; }

  function renderHand() {
    var s = T.state;
    var box = $("hand");
    var note = $("hand-note");
    var h = s && s.hand;
    var cards = h && s.you ? (h.cards || []).slice().sort(compareCards) : [];
    // Keep selection valid if the hand changed.
    var sameHand = cards.join(",") === T.sortedCards.join(",");
    if (!sameHand || !passing()) T.selected = [];
    T.sortedCards = cards;
    var hadFocus = box.contains(document.activeElement);
    box.textContent = "";
    var p = passing();
    var playing = h && h.phase === "play" && myTurn();
    var legal = (h && h.legal) || [];
    // Mark the cards just received until the first trick is over.
    var received = h && h.received && !(h.tricks && h.tricks.length) ? h.received.slice() : [];
    cards.forEach(function (c, i) {
      var isLegal = legal.indexOf(c) >= 0;
      var sel = T.selected.indexOf(i) >= 0;
      var ri = received.indexOf(c);
      var isReceived = ri >= 0;
      if (isReceived) received.splice(ri, 1);
      var disabled = !(p || (playing && isLegal));
      var cls = "card " + (isRed(c) ? "red" : "black");
      if (playing && !isLegal) cls += " dim";
      if (!p && !playing) cls += " idle";
      if (sel) cls += " selected";
      if (isReceived) cls += " received";
      if (playing && isLegal) cls += " legal";
      box.appendChild(el("button", {
        type: "button", class: cls, "data-card": c, "data-index": String(i),
        "aria-label": cardLabel(c) + (sel ? ", selected" : "") + (isReceived ? ", received" : ""),
        "aria-pressed": p ? (sel ? "true" : "false") : null,
        disabled: disabled, tabindex: "-1"
      }, [el("span", { class: "rank", text: cardText(c).slice(0, -1) }), el("span", { class: "suit", text: SUIT_SYMBOL[parseCard(c).suit] || "" })]));
    });
    var enabled = box.querySelectorAll("button.card:not(:disabled)");
    var rover = box.querySelector('button.card[data-index="' + T.focusIndex + '"]:not(:disabled)') || enabled[0];
    if (rover) {
      rover.setAttribute("tabindex", "0");
      if (hadFocus) rover.focus();
    }
    var bits = [];
    if (h && s.you) {
      if (h.passed) bits.push("You passed " + h.passed.map(cardText).join(" "));
      if (h.received) bits.push("received " + h.received.map(cardText).join(" "));
      if (h.kitty_size) bits.push("kitty: " + h.kitty_size + " cards" + (h.kitty_taker !== null && h.kitty_taker !== undefined ? " (taken by " + seatName(h.kitty_taker) + ")" : ""));
      if (h.set_aside && h.set_aside.length) bits.push(h.set_aside.length + " cards set aside");
    } else if (h && !s.you) {
      bits.push("You are watching.");
    }
    note.textContent = bits.join(" · ");
    box.hidden = !cards.length;
  }

  function renderGameOver() {
    var s = T.state;
    var box = $("game-over");
    if (!s.game_over) { box.hidden = true; return; }
    var names = s.table.seats.map(function (x, i) { return seatName(i); });
    fillGameOver(names, s.scores, s.winners || [], s.you ? s.you.seat : null, true);
  }

  function fillGameOver(names, scores, winners, me, withSheet) {
    var box = $("game-over");
    box.hidden = false;
    box.textContent = "";
    var wn = winners.map(function (w) { return w === me ? "You" : names[w]; });
    box.appendChild(el("h2", { text: "Game over" }));
    box.appendChild(el("p", { class: "winners", text: (wn.length > 1 ? "Winners: " : "Winner: ") + wn.join(" & ") }));
    var order = names.map(function (x, i) { return i; }).sort(function (a, b) { return scores[a] - scores[b]; });
    box.appendChild(el("ol", { class: "final" }, order.map(function (i) {
      return el("li", { class: winners.indexOf(i) >= 0 ? "winner" : "" }, [names[i] + " — " + scores[i]]);
    })));
    box.appendChild(el("p", null, [
      el("a", { id: "record-link", class: "button primary", href: "/api/games/" + encodeURIComponent(T.id) + "/record", download: "hearts-" + T.id + ".json", text: "Download the record" }),
      " ",
      el("a", { class: "button", href: "/", text: "Back to the lobby" }),
      withSheet ? " " : null,
      withSheet ? el("button", { type: "button", onclick: showScoreSheet, text: "Score sheet" }) : null
    ]));
  }

  function tableGone() {
    // The server forgets a finished table once nobody watches it: show its result from the finished games.
    T.closedForGood = true;
    clearTimeout(T.retryTimer);
    if (T.state && T.state.game_over) { setConn(null); return; }
    api("GET", "/api/games").then(function (d) {
      var g = ((d && d.games) || []).filter(function (x) { return x.id === T.id; })[0];
      if (!g) { setConn("This table does not exist."); return; }
      setConn(null);
      ["seat-panel", "seats", "controls", "hand", "hand-note"].forEach(function (id) { $(id).hidden = true; });
      $("status").textContent = g.variant + " · " + g.players + " players · this game is over";
      var names = (g.names || []).map(function (n, i) { return n || "Seat " + (i + 1); });
      fillGameOver(names, g.scores || [], g.winners || [], null, false);
    }).catch(function () { setConn("This table does not exist."); });
  }

  function openDialog(d) {
    if (d.open) return;
    try { d.showModal(); } catch (e) { d.setAttribute("open", ""); }
  }

  function showScoreSheet() {
    var s = T.state;
    if (!s) return;
    var n = s.table.players;
    var hands = s.hands || [];
    var table = $("score-table");
    table.textContent = "";
    var headRow = el("tr", null, [el("th", { scope: "col", text: "Player" })]);
    hands.forEach(function (d) { headRow.appendChild(el("th", { scope: "col", text: "H" + d.number })); });
    headRow.appendChild(el("th", { scope: "col", text: "Total" }));
    table.appendChild(el("thead", null, [headRow]));
    var body = el("tbody");
    for (var i = 0; i < n; i++) {
      var row = el("tr", { "data-seat": String(i), class: (s.winners || []).indexOf(i) >= 0 && s.game_over ? "winner" : "" }, [
        el("th", { scope: "row", text: seatName(i) + (s.you && s.you.seat === i ? " (you)" : "") })
      ]);
      hands.forEach(function (d) {
        var moon = d.shooter === i;
        row.appendChild(el("td", { "data-hand": String(d.number), class: "pts" + (moon ? " moon" : ""), title: moon ? "shot the moon" : null, text: String(d.points[i]) + (moon ? " ☾" : "") }));
      });
      row.appendChild(el("td", { class: "total", text: String(s.scores[i]) }));
      body.appendChild(row);
    }
    table.appendChild(body);
    var notes = $("score-notes");
    notes.textContent = "";
    if (!hands.length) notes.appendChild(el("p", { text: "No hand finished yet." }));
    hands.slice().reverse().forEach(function (d) {
      var parts = ["Hand " + d.number + ":"];
      if (d.shooter !== null && d.shooter !== undefined) parts.push(seatName(d.shooter) + " shot the moon" + (d.moon_choice ? " (" + d.moon_choice + ")" : "") + ".");
      if (d.last_trick && d.last_trick.winner !== null && d.last_trick.winner !== undefined) parts.push("Last trick to " + seatName(d.last_trick.winner) + ".");
      notes.appendChild(el("p", { class: "small-print" }, [
        parts.join(" ") + " Seed ", el("code", { text: d.seed || "?" }), " · hash ", el("code", { text: d.seed_hash || "?" })
      ]));
    });
    $("score-continue").textContent = s.game_over ? "Close" : "Continue";
    openDialog($("score-sheet"));
  }

  function lastTrick() {
    var s = T.state;
    var h = s && s.hand;
    var tricks = (h && h.tricks) || [];
    if (tricks.length) return { trick: tricks[tricks.length - 1], previous: null };
    var hands = (s && s.hands) || [];
    var d = hands.length ? hands[hands.length - 1] : null;
    return d && d.last_trick ? { trick: d.last_trick, previous: d.number } : null;
  }

  function showLastTrick() {
    var s = T.state;
    var h = s && s.hand;
    var box = $("last-trick");
    box.textContent = "";
    var found = lastTrick();
    if (!found) { showMessage("No trick has been played yet.", "info"); return; }
    var lt = found.trick;
    var n = s.table.players;
    $("last-title").textContent = found.previous ? "Last trick of hand " + found.previous : "Last trick";
    lt.cards.forEach(function (c, k) {
      var seat = (lt.leader + k) % n;
      box.appendChild(el("div", { class: "trick-row" + (lt.winner === seat ? " won" : "") + (k === 0 ? " led" : ""), "data-seat": String(seat), title: k === 0 ? "led the trick" : null }, [
        el("span", { class: "name", text: seatName(seat) }), cardFace(c)
      ]));
    });
    box.appendChild(el("p", {
      class: "small-print",
      text: seatName(lt.leader) + " led (first row). " + (lt.winner === null || lt.winner === undefined ? "Set aside (nobody takes it)." : seatName(lt.winner) + " took it · " + lt.points + (lt.points === 1 ? " point" : " points"))
    }));
    openDialog($("last-dialog"));
  }

  function tickTimer() {
    var s = T.state;
    var t = $("timer");
    var now = Date.now() + (T.skew || 0);
    var dl = s && s.turn && s.turn.deadline && !s.game_over ? s.turn.deadline : null;
    var secs = dl ? Math.max(0, Math.ceil((dl - now) / 1000)) : null;
    t.textContent = secs !== null ? (myTurn() ? "Your time: " : "Timer: ") + secs + " s" : "";
    t.className = "timer" + (secs !== null && secs <= 10 ? " urgent" : "");
    Array.prototype.forEach.call(document.querySelectorAll(".countdown"), function (c) {
      var d = parseInt(c.getAttribute("data-deadline"), 10);
      c.textContent = Math.max(0, Math.ceil((d - now) / 1000)) + " s left";
    });
  }

  // ---- routing -------------------------------------------------------------

  function route() {
    var m = location.pathname.match(/^\/t\/([^/]+)\/?$/);
    if (m) showTable(decodeURIComponent(m[1]));
    else showLobby();
  }

  window.heartsClient = {
    get state() { return T.state; },
    get selected() { return T.selected.slice(); },
    get socket() { return T.ws; },
    cardLabel: cardLabel,
    compareCards: compareCards,
    _onServerMessage: onServerMessage
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", route);
  else route();
})();
