// The table view: seats around the trick, your hand, the controls, and the messages of the game.
import { api } from "./api.js";
import { cardSpoken, cardText, cardsInText, compareCards, isRed, parseCard, refusalText, suitClass, SUIT_SYMBOL } from "./cards.js";
import { chatError, chatFree, chatLine, chatMode, chatState, chatWelcome, setupChat } from "./chat.js";
import { $, anyDialogOpen, el, openDialog, showMessage } from "./dom.js";
import { t as tr, tn } from "./i18n.js";
import { fillGameOver, lastTrick, showLastTrick, showScoreSheet } from "./dialogs.js";
import { showHand } from "./handlog.js";
import { showHelp } from "./help.js";
import { renderCoach, wireCoach } from "./coach.js";
import { renderRing } from "./ring.js";
import { checkNameInput, createTable, joinable } from "./lobby.js";
import { cleanName, mySeat, nameProblem, seatName, variantText, who, whoLower } from "./names.js";
import { holdsSeat, seatBack } from "./me.js";
import { option, randomSeed, saveName, savedName, speed, storeToken, storedToken } from "./prefs.js";
import { Connection } from "./protocol.js";
import { fullUrl, IN_PAGE, tableHref } from "./site.js";
import { play as playSound, soundsFor } from "./sound.js";

export const T = {
  id: null, conn: null, state: null, welcome: null, wantAgain: false,
  selected: [], // indices into the sorted hand while passing
  sortedCards: [], focusIndex: 0, hinted: null, hintId: null, hintRetry: null,
  handsSeen: null, moonDismissedSeq: null, sheetAuto: false,
  seen: new Set(), swept: null, linksShown: false, linksAuto: false, skew: 0, wasMyTurn: false,
  reselect: null, // the cards of a pass taken back, to select again
  autoTimer: null, autoSkip: null, // playing the only legal card by itself: its timer, a turn it must leave alone (after an undo)
  paced: [], paceTimer: null, cardShownAt: 0 // the game speed "slow": states held back, when the last card was shown
};

//: the cards of your hand you may choose now (a dimmed card is clickable, to say why not, but the keys pass it by)
const CHOOSABLE = '#hand button.card:not(:disabled):not([aria-disabled="true"])';

//: how long a card another player plays stays alone on the table at the game speed "slow" (ms)
const SLOW_CARD_MS = 900;

function hashParams() {
  const out = {};
  for (const part of location.hash.replace(/^#/, "").split("&")) {
    if (!part) continue;
    const i = part.indexOf("=");
    if (i < 0) out[decodeURIComponent(part)] = "";
    else out[decodeURIComponent(part.slice(0, i))] = decodeURIComponent(part.slice(i + 1));
  }
  return out;
}

function setConn(text) {
  const c = $("conn");
  c.hidden = !text;
  c.textContent = text || "";
}

function tablePath() { return tableHref(T.id); }

function updateOwnLink() {
  const token = T.conn && T.conn.token;
  $("own-link-box").hidden = !token;
  if (token) $("own-link").value = fullUrl(tablePath() + "#token=" + encodeURIComponent(token));
}

function copyField(input) {
  input.select();
  const done = () => showMessage(tr("Copied to the clipboard."), "info");
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(input.value).then(done, () => { document.execCommand("copy"); done(); });
  } else {
    try { document.execCommand("copy"); done(); } catch (e) { showMessage(tr("Select the link and copy it."), "info"); }
  }
}

export function showTable(id) {
  T.id = id;
  $("table-view").hidden = false;
  document.title = tr("Hearts · table {id}", { id: id });
  $("table-heading").textContent = tr("Hearts · table {id}", { id: id });
  const params = hashParams();
  const token = params.token || storedToken(id);
  if (token) {
    storeToken(id, token);
    if (!params.token) history.replaceState(null, "", tablePath() + "#token=" + encodeURIComponent(token));
  } else if (!("watch" in params)) {
    $("seat-panel").hidden = false;
    $("join-name").value = savedName();
    $("join-seed").value = randomSeed();
    if (!IN_PAGE) comeBack(id);
  }
  T.conn = new Connection(id, token || null, { message: onServerMessage, status: setConn, closed: onClosed });
  setupChat((msg) => T.conn.send(msg));
  $("invite-link").value = fullUrl(tablePath());
  $("links").hidden = IN_PAGE; // a table in the page is this browser's alone: no one else can take a seat
  updateOwnLink();

  $("join-form").addEventListener("submit", onJoin);
  checkNameInput($("join-name"));
  $("watch-btn").addEventListener("click", () => {
    $("seat-panel").hidden = true;
    history.replaceState(null, "", tablePath() + "#watch");
  });
  $("copy-invite").addEventListener("click", () => copyField($("invite-link")));
  $("copy-own").addEventListener("click", () => copyField($("own-link")));
  $("start-btn").addEventListener("click", () => act({ type: "start" }));
  $("pass-btn").addEventListener("click", doPass);
  $("unpass-btn").addEventListener("click", takeBack);
  $("hint-btn").addEventListener("click", askHint);
  $("claim-btn").addEventListener("click", () => act({ type: "claim" }));
  $("undo-btn").addEventListener("click", undo);
  $("moon-add").addEventListener("click", () => chooseMoon("add"));
  $("moon-subtract").addEventListener("click", () => chooseMoon("subtract"));
  $("moon-open").addEventListener("click", () => openDialog($("moon-dialog")));
  $("moon-dialog").addEventListener("close", () => { if (T.state) T.moonDismissedSeq = T.state.seq; });
  $("last-btn").addEventListener("click", () => showLastTrick(T.state, (t) => showMessage(t, "info")));
  $("score-sheet").addEventListener("close", onSheetClosed);
  $("sheet-btn").addEventListener("click", () => showScoreSheet(T.state));
  $("hand-btn").addEventListener("click", () => showHand(T.state, (t) => showMessage(t, "info")));
  $("hand").addEventListener("click", onHandClick);
  wireCoach(() => renderCoach(T.state));
  document.addEventListener("keydown", onKey);
  window.addEventListener("resize", () => { if (T.state) renderSeats(); });
  setInterval(tickTimer, 250);
  T.conn.connect();
}

// This player holds a seat here but this browser has no token for it (another device, or after logging in):
// joining again gives the seat back.
async function comeBack(id) {
  if (!(await holdsSeat(id))) return;
  try {
    const d = await seatBack(id, savedName());
    history.replaceState(null, "", tablePath() + "#token=" + encodeURIComponent(d.token));
    $("seat-panel").hidden = true;
    T.conn.reconnectNow(d.token);
    updateOwnLink();
    showMessage(tr("You are back in seat {number}.", { number: d.seat + 1 }), "info");
  } catch (e) { /* the seat panel stays: the player may take a seat or watch */ }
}

async function onJoin(ev) {
  ev.preventDefault();
  const problem = nameProblem($("join-name").value);
  if (problem) { showMessage(problem, "error"); $("join-name").focus(); return; }
  const name = cleanName($("join-name").value);
  saveName(name);
  const body = { name };
  const seed = $("join-seed").value.trim();
  if (seed) body.client_seed = seed;
  const seat = $("join-seat").value;
  if (seat !== "") body.seat = parseInt(seat, 10);
  $("join-btn").disabled = true;
  try {
    const d = await api("POST", "/api/tables/" + encodeURIComponent(T.id) + "/join", body);
    storeToken(T.id, d.token);
    history.replaceState(null, "", tablePath() + "#token=" + encodeURIComponent(d.token));
    $("seat-panel").hidden = true;
    T.conn.reconnectNow(d.token);
    updateOwnLink();
    showMessage(tr("You sit in seat {number}.", { number: d.seat + 1 }), "info");
  } catch (e) { showMessage(e.message, "error"); }
  $("join-btn").disabled = false;
}

// A closed websocket: true when it is handled here (no reconnection).
function onClosed(code) {
  if (code === 4401) {
    storeToken(T.id, null);
    T.conn.token = null;
    updateOwnLink();
    history.replaceState(null, "", tablePath());
    showMessage(tr("That seat link is not valid here; you are watching. Take a seat to play."), "error");
    $("seat-panel").hidden = false;
    T.conn.scheduleReconnect(0);
    return true;
  }
  if (code === 4404) { tableGone(); return true; }
  if (code === 4409) {
    // This seat was opened in more tabs than the server keeps: this (the oldest) one steps aside for good.
    T.conn.stop();
    setConn(tr("This seat is open in another tab or device: reload this page to play here."));
    return true;
  }
  return false;
}

export function onServerMessage(msg) {
  switch (msg.type) {
    case "welcome":
      T.welcome = msg;
      chatWelcome(msg, T.id);
      break;
    case "chat":
      chatLine(msg);
      break;
    case "chat_mode":
      chatMode(msg);
      break;
    case "state":
      if (speed() === "slow" || T.paced.length) { T.paced.push(msg); pace(); } else showState(msg);
      break;
    case "hint":
      if (msg.id === T.hintId) showHint(msg);
      break;
    case "error":
      if (chatError(msg)) break;
      if (msg.code !== "moved") showMessage(cardsInText(msg.message || msg.code), "error");  // moved: the connection follows
      if (msg.code === "stale") T.conn.send({ type: "sync" });
      if (msg.code === "not_found") tableGone();
      break;
    default:
      break;
  }
}

function showState(msg) {
  const before = T.state;
  T.state = msg;
  if (!T.paced.length) T.conn.seq = msg.seq; // the newest state (a held-back one leaves the connection's seq as it is)
  // the server's clock minus ours, so the countdown is right even if this machine's clock is not
  if (msg.turn && typeof msg.turn.now === "number") T.skew = msg.turn.now - Date.now();
  if (!before || before.seq !== msg.seq) T.hinted = null;
  if (before && msg.seq > before.seq) sayTimerMove(msg);
  for (const s of soundsFor(before, msg)) playSound(s);
  render();
}

// A card another player has just played.
function othersCard(msg) {
  const a = msg.last_action;
  return !!(a && a.kind === "play" && a.seq === msg.seq && !(msg.you && msg.you.seat === a.seat));
}

// The game speed "slow": the states are shown in order, each card another player plays alone on the table for
// SLOW_CARD_MS at least (the server does not wait: only this screen follows the game more slowly).
function pace() {
  clearTimeout(T.paceTimer);
  T.paceTimer = null;
  while (T.paced.length) {
    const next = T.paced[0];
    const wait = T.cardShownAt + SLOW_CARD_MS - Date.now();
    if (othersCard(next) && wait > 0 && speed() === "slow") { T.paceTimer = setTimeout(pace, wait); return; }
    T.paced.shift();
    showState(next);
    if (othersCard(next)) T.cardShownAt = Date.now();
  }
}

// ---- actions ---------------------------------------------------------------

function act(msg) {
  if (T.conn.busy()) return;
  if (T.conn.send(msg) === null) showMessage("Not connected: wait for the reconnection and try again.", "error");
}

function passCount() {
  const s = T.state;
  return (s && s.table && s.table.rules && s.table.rules.pass_count) || 3;
}

function myTurn() {
  const s = T.state;
  return !!(s && s.you && !s.you.joining && s.turn && s.turn.seats.indexOf(s.you.seat) >= 0);
}

function passing() {
  const s = T.state;
  return !!(s && s.you && !s.you.joining && s.hand && s.hand.phase === "pass" && !s.hand.passed && !s.game_over);
}

function doPass() {
  const s = T.state;
  if (!s || !s.hand || s.hand.phase !== "pass") return;
  if (T.selected.length !== passCount()) { showMessage(tr("Choose {cards} to pass.", { cards: nCards(passCount()) }), "error"); return; }
  act({ type: "pass", cards: T.selected.map((i) => T.sortedCards[i]) });
}

// Take back your pass while the others still choose theirs: the same cards are selected again, to change.
function canTakeBack() {
  const s = T.state;
  const h = s && s.hand;
  return !!(h && s.you && !s.you.joining && h.phase === "pass" && h.passed && !h.received && !s.game_over);
}

function takeBack() {
  if (!canTakeBack()) return;
  T.reselect = T.state.hand.passed.slice();
  act({ type: "unpass" });
}

// An undo takes a card back to think again: the turn it gives back is not played by itself.
function undo() {
  T.autoSkip = "undo";
  act({ type: "undo" });
}

// The option "Play my only legal card by itself": on your turn with one legal card, it is played after a moment
// (time to see it), unless the table has moved on meanwhile.
function autoPlay() {
  clearTimeout(T.autoTimer);
  T.autoTimer = null;
  const s = T.state;
  const h = s && s.hand;
  const legal = h && h.phase === "play" && myTurn() && !s.game_over && !(s.turn && s.turn.review) ? h.legal || [] : [];
  if (T.autoSkip === "undo" && legal.length) { T.autoSkip = s.seq; return; } // the turn the undo gave back
  if (!option("autoPlay") || legal.length !== 1 || T.autoSkip === s.seq) return;
  const seq = s.seq, card = legal[0];
  T.autoTimer = setTimeout(() => {
    if (!T.state || T.state.seq !== seq || !myTurn()) return;
    showMessage(tr("You play {card}: your only legal card.", { card: cardText(card) }), "info");
    act({ type: "play", card });
  }, 600);
}

function chooseMoon(choice) {
  act({ type: "moon", choice });
  $("moon-dialog").close();
}

function askHint() {
  if (!myTurn()) { showMessage(tr("There is nothing for you to decide now."), "info"); return; }
  T.hintId = T.conn.send({ type: "hint" });
}

function hintPicks(cards) {
  // The indexes of the hinted cards in the hand shown, or null if any of them is not there.
  const picked = [];
  for (const c of cards) {
    const i = T.sortedCards.findIndex((x, k) => x === c && picked.indexOf(k) < 0);
    if (i < 0) return null;
    picked.push(i);
  }
  return picked;
}

function showHint(msg) {
  const a = msg.action;
  if (!T.state) return;
  // Others pass at the same time as us, so the table may move on while a pass hint is on its way:
  // it still holds while we are passing the same hand. Any other hint is for its state only.
  const picks = a.kind === "pass" && passing() ? hintPicks(a.cards) : null;
  if (msg.seq !== T.state.seq && picks === null) {
    // made for a state already gone: ask again, once, for this one
    if (myTurn() && T.hintRetry !== T.state.seq) { T.hintRetry = T.state.seq; askHint(); }
    return;
  }
  if (a.kind === "pass") {
    if (picks === null) return;
    T.selected = picks;
    showMessage(tr("Hint: pass {cards} (selected for you).", { cards: a.cards.map(cardText).join(" ") }), "info");
  } else if (a.kind === "play") {
    T.hinted = a.card;
    showMessage(tr("Hint: play the {card}.", { card: cardText(a.card) }), "info");
  } else {
    showMessage(a.choice === "add" ? tr("Hint: add the moon's points to the others.") : tr("Hint: take the moon's points off your score."), "info");
  }
  renderHand();
  renderControls();
}

function onHandClick(ev) {
  const b = ev.target.closest("button.card");
  if (!b || b.disabled) return;
  const i = parseInt(b.getAttribute("data-index"), 10);
  T.focusIndex = i;
  activateCard(i);
}

function activateCard(i) {
  const s = T.state;
  if (!s || !s.hand) return;
  if (passing()) {
    const at = T.selected.indexOf(i);
    if (at >= 0) T.selected.splice(at, 1);
    else if (T.selected.length < passCount()) T.selected.push(i);
    else showMessage(tr("You pass {cards}: unselect one first.", { cards: nCards(passCount()) }), "info");
    renderHand();
    renderControls();
    focusCard(i);
  } else if (s.hand.phase === "play" && myTurn()) {
    const card = T.sortedCards[i];
    if ((s.hand.legal || []).indexOf(card) < 0) { showMessage(refusalText(card, (s.hand.why || {})[card]), "error"); return; }
    act({ type: "play", card });
  }
}

function focusCard(i) {
  const b = document.querySelector('#hand button.card[data-index="' + i + '"]');
  if (b) b.focus();
}

function onKey(ev) {
  const tag = (ev.target && ev.target.tagName) || "";
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (ev.key === "Escape") {
    for (const d of document.querySelectorAll("dialog[open]")) d.close();
    return;
  }
  if (anyDialogOpen()) return;
  if (ev.key === "?") { ev.preventDefault(); showHelp(T.state); return; }
  if (!T.state) return;
  const k = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
  const cards = [...document.querySelectorAll(CHOOSABLE)];
  if (k === "ArrowLeft" || k === "ArrowRight") {
    if (!cards.length) return;
    ev.preventDefault();
    let cur = cards.indexOf(document.activeElement);
    if (cur < 0) cur = k === "ArrowRight" ? 0 : cards.length - 1;
    else cur = (cur + (k === "ArrowRight" ? 1 : -1) + cards.length) % cards.length;
    T.focusIndex = parseInt(cards[cur].getAttribute("data-index"), 10);
    cards[cur].focus();
    return;
  }
  const keys = {
    p: () => { if (passing()) doPass(); },
    b: takeBack,
    l: () => showLastTrick(T.state, (t) => showMessage(t, "info")),
    s: () => showScoreSheet(T.state),
    t: () => showHand(T.state, (t) => showMessage(t, "info")),
    h: askHint,
    c: () => { if (!$("claim-btn").disabled && !$("claim-btn").hidden) act({ type: "claim" }); },
    u: () => { if (!$("undo-btn").disabled && !$("undo-btn").hidden) undo(); }
  };
  if (keys[k]) { ev.preventDefault(); keys[k](); }
  // Enter and Space on a focused card button click it natively.
}

// ---- the score-sheet pause --------------------------------------------------

function reviewing() {
  const s = T.state;
  const r = s && s.turn && s.turn.review;
  return !!(r && s.you && !s.you.joining && r.ready.indexOf(s.you.seat) < 0);
}

function onSheetClosed() {
  T.sheetAuto = false;
  if (reviewing()) T.conn.send({ type: "ready" });
  if (T.state) render();
}

function renderReview() {
  const note = $("review-note");
  const s = T.state;
  const r = s.turn && s.turn.review;
  note.hidden = !(r && $("score-sheet").open);
  if (r && T.sheetAuto && !$("score-sheet").open && reviewing()) openDialog($("score-sheet"));
  if (!r && T.sheetAuto && $("score-sheet").open) { T.sheetAuto = false; $("score-sheet").close(); }
  if (r) $("score-continue").textContent = reviewing() ? tr("Next hand") : tr("Close");
}

// ---- rendering ---------------------------------------------------------------

function render() {
  const s = T.state;
  if (!s) return;
  const t = s.table;
  chatState(s);
  if (mySeat(s) !== null) $("seat-panel").hidden = true;
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
  renderHand(); // first: it settles the selection (a new hand, a pass taken back) that the Pass button counts
  renderControls();
  renderGameOver();
  renderFairDeal();
  renderCoach(s);
  // a guided table is one person's: it starts as soon as they sit (the bots take the other seats)
  if (t.guide && t.status === "waiting" && mySeat(s) === 0 && !T.guideStarted && !T.conn.busy()) { T.guideStarted = true; act({ type: "start" }); }
  // A new finished hand: the score sheet opens; the next hand waits while it is read (turn.review).
  const nHands = (s.hands || []).length;
  if (T.handsSeen === null) T.handsSeen = nHands;
  else if (nHands > T.handsSeen) {
    T.handsSeen = nHands;
    T.sheetAuto = true;
    showScoreSheet(s);
  }
  renderReview();
  const h = s.hand;
  const me = mySeat(s);
  const shooter = h && h.phase === "moon" && me !== null && h.shooter === me && !h.moon_choice;
  $("moon-open").hidden = !shooter;
  if (shooter && !$("moon-dialog").open && T.moonDismissedSeq !== s.seq && !$("score-sheet").open) openDialog($("moon-dialog"));
  if (!shooter && $("moon-dialog").open) $("moon-dialog").close();
  tickTimer();
  autoPlay();
  document.title = (myTurn() && !s.game_over ? "● " + tr("Your turn") + " · " : "") + tr("Hearts · table {id}", { id: T.id });
}

function renderFairDeal() {
  // The hearts-deal/1 facts the server has made public so far (folded away by default).
  const s = T.state;
  const d = s.table.deals;
  $("fair").hidden = !d;
  if (!d) return;
  $("fair-commitment").textContent = d.commitment;
  const clients = $("fair-clients");
  clients.textContent = "";
  if (!d.client_seeds) clients.textContent = "fixed when the game starts";
  else d.client_seeds.forEach((c, i) => {
    clients.appendChild(document.createTextNode((i ? " · " : "") + seatName(s, i) + " "));
    clients.appendChild(el("code", { text: c === "" ? "(none)" : c }));
  });
  $("seed-hash").textContent = s.hand ? s.hand.seed_hash || "" : "";
  $("seed-line").hidden = !(s.hand && s.hand.seed_hash);
  const seeds = $("fair-seeds");
  seeds.textContent = "";
  const done = s.hands || [];
  if (!done.length) seeds.textContent = "shown as each hand ends";
  done.forEach((h, i) => {
    seeds.appendChild(document.createTextNode((i ? " · " : "") + h.number + ": "));
    seeds.appendChild(el("code", { text: h.seed }));
  });
  $("fair-server").textContent = d.server_seed || "shown when the game ends";
}

function announceTurn() {
  // A short spoken line (aria-live) when it becomes this seat's turn.
  const s = T.state;
  const mine = myTurn() && !s.game_over && !!s.hand;
  if (mine && !T.wasMyTurn) {
    const h = s.hand;
    $("announce").textContent = h.phase === "pass" ? passChoice(h) + "."
      : h.phase === "moon" ? tr("You shot the moon: choose add or subtract.") : tr("Your turn.");
  }
  T.wasMyTurn = mine;
}

function renderJoinChoices(t) {
  const sel = $("join-seat");
  const prev = sel.value;
  sel.textContent = "";
  const free = (t.seats || []).filter(joinable);
  sel.appendChild(el("option", { value: "", text: free.length ? tr("first free seat") : tr("no free seat") }));
  for (const x of free) {
    const seat = tr("Seat {number}", { number: x.seat + 1 });
    sel.appendChild(el("option", { value: String(x.seat), text: x.kind === "bot" ? tr("{seat} (replace {name})", { seat: seat, name: x.name || tr("bot") }) : tr("{seat} (open)", { seat: seat }) }));
  }
  sel.value = prev;
  $("join-btn").disabled = !free.length;
}

// "Choose 3 cards to pass to Ben: pass left" (the receiver from the server; an older one: the direction only).
function passChoice(h) {
  const s = T.state;
  const cards = nCards(passCount()), direction = directionText(h.pass_direction);
  if (h.pass_to === null || h.pass_to === undefined) return tr("Choose {cards} to pass: {direction}", { cards, direction });
  return tr("Choose {cards} to pass to {name}: {direction}", { cards, name: whoLower(s, h.pass_to), direction });
}

// The turn timer ran out and a bot moved for a player who is there: say so (to that player, and to the table).
function sayTimerMove(msg) {
  const a = msg.last_action;
  if (!a || a.by !== "timer" || a.seq !== msg.seq) return;
  const mine = msg.you && a.seat === msg.you.seat;
  const card = a.card ? cardText(a.card) : "";
  let text;
  if (mine) {
    text = a.kind === "play" ? tr("Your time ran out: a bot played the {card} for you.", { card })
      : a.kind === "pass" ? tr("Your time ran out: a bot passed your cards for you.") : tr("Your time ran out: a bot chose for you.");
    $("announce").textContent = text;
  } else {
    const name = seatName(msg, a.seat);
    text = a.kind === "play" ? tr("{name}'s time ran out: a bot played the {card}.", { name, card }) : tr("{name}'s time ran out: a bot moved.", { name });
  }
  showMessage(text, "info");
}

function directionText(d) { return { left: tr("pass left"), right: tr("pass right"), across: tr("pass across"), none: tr("no pass") }[d] || d; }
function nCards(n) { return tn("{n} card", "{n} cards", n); }
function nPlayers(n) { return tn("{n} player", "{n} players", n); }

function renderStatus() {
  const s = T.state;
  const t = s.table;
  const h = s.hand;
  const parts = [variantText(t.variant) + " · " + nPlayers(t.players) + (t.target ? " · " + tr("to {target}", { target: t.target }) : "")];
  if (t.status === "waiting") {
    parts.push(s.you ? tr("Waiting to start: press Start game when ready (bots fill open seats)") : tr("Waiting for the players to start"));
  } else if (s.game_over) {
    parts.push(tr("Game over"));
  } else if (h) {
    parts.push(tr("Hand {number}", { number: h.number }) + " · " + directionText(h.pass_direction));
    if (h.hearts_broken) parts.push(tr("hearts broken"));
    if (s.you && s.you.joining) parts.push(tr("Your seat is yours from the next hand: a bot finishes this one"));
    const names = (s.turn.seats || []).map((i) => (i === mySeat(s) ? tr("you") : seatName(s, i))).join(", ");
    if (s.turn.review) parts.push(tr("Hand {number} is over: the next hand starts when everyone has read the scores", { number: h.number - 1 }));
    else if (h.phase === "pass") {
      parts.push(passing() ? passChoice(h)
        : tr("Waiting for passes: {names}", { names: names }));
    } else if (h.phase === "moon") parts.push(tr("{name} shot the moon · choosing", { name: who(s, h.shooter) }));
    else if (h.phase === "play") parts.push(myTurn() ? tr("Your turn") : tr("Turn: {names}", { names: names }));
  }
  const st = $("status");
  st.textContent = "";
  parts.forEach((p, i) => st.appendChild(el("span", { class: i === parts.length - 1 ? "status-main" : "status-part", text: p })));
}

function renderSeats() {
  renderRing($("seats"), T.state, T);
  $("last-btn").disabled = !lastTrick(T.state);
}

function allOthersBots() {
  const s = T.state;
  return !!s.you && s.table.seats.every((x) => x.seat === s.you.seat || (x.kind === "bot" && !x.remote));
}

function renderControls() {
  const s = T.state;
  const t = s.table;
  const h = s.hand;
  $("start-btn").hidden = !(s.you && t.status === "waiting");
  const p = passing();
  const pb = $("pass-btn");
  pb.hidden = !p;
  pb.disabled = !p || T.selected.length !== passCount();
  const to = p && h.pass_to !== null && h.pass_to !== undefined ? tr("Pass to {name}", { name: seatName(s, h.pass_to) }) : tr("Pass");
  $("unpass-btn").hidden = !canTakeBack();
  pb.textContent = p ? to + " " + T.selected.length + "/" + passCount() + " " + directionArrow(h.pass_direction) : tr("Pass");
  const playing = !!(s.you && !s.you.joining && h && t.status === "playing" && !s.game_over);
  $("hint-btn").hidden = !playing;
  $("hint-btn").disabled = !myTurn() || !!(s.turn && s.turn.review && h.phase !== "pass");
  $("claim-btn").hidden = !playing || h.phase !== "play";
  $("claim-btn").disabled = !h || !h.can_claim;
  $("undo-btn").hidden = !playing || !allOthersBots();
  $("undo-btn").disabled = !h || !h.can_undo;
}

function directionArrow(d) { return { left: "←", right: "→", across: "↑" }[d] || ""; }

function renderHand() {
  const s = T.state;
  const box = $("hand");
  const note = $("hand-note");
  const h = s && s.hand;
  const cards = h && s.you ? (h.cards || []).slice().sort(compareCards) : [];
  // Keep the selection while the hand is the same.
  if (cards.join(",") !== T.sortedCards.join(",") || !passing()) T.selected = [];
  T.sortedCards = cards;
  if (T.reselect && passing()) { T.selected = hintPicks(T.reselect) || []; T.reselect = null; } // a pass taken back
  if (T.reselect && h && h.phase !== "pass") T.reselect = null;
  const hadFocus = box.contains(document.activeElement);
  const p = passing();
  const playing = h && h.phase === "play" && myTurn();
  const legal = (h && h.legal) || [];
  // Mark the cards just received until the first trick is over.
  const received = h && h.received && !(h.tricks && h.tricks.length) ? h.received.slice() : [];
  let hintShown = false;
  // The same cards as shown: update the buttons in place, so that a click begun before this state
  // message (mouse down on a button, mouse up after) still lands on the button it began on.
  const shown = Array.from(box.querySelectorAll("button.card"));
  const same = shown.length === cards.length && shown.every((b, i) => b.getAttribute("data-card") === cards[i]);
  if (!same) box.textContent = "";
  cards.forEach((c, i) => {
    const isLegal = legal.indexOf(c) >= 0;
    const sel = T.selected.indexOf(i) >= 0;
    const ri = received.indexOf(c);
    if (ri >= 0) received.splice(ri, 1);
    const hinted = !hintShown && T.hinted === c && playing;
    if (hinted) hintShown = true;
    let cls = "card " + (isRed(c) ? "red" : "black") + " " + suitClass(c);
    if (playing && !isLegal) cls += " dim";
    if (!p && !playing) cls += " idle";
    if (sel) cls += " selected";
    if (ri >= 0) cls += " received";
    if (playing && isLegal) cls += " legal";
    if (hinted) cls += " hinted";
    const label = cardSpoken(c) + (sel ? ", " + tr("selected") : "") + (ri >= 0 ? ", " + tr("received") : "") + (hinted ? ", " + tr("suggested") : "");
    const pressed = p ? (sel ? "true" : "false") : null;
    // a dimmed card (not legal on your turn) stays clickable, to say why it may not be played, but not choosable by keys
    const dimmed = playing && !isLegal;
    const disabled = !(p || playing);
    const refused = dimmed ? "true" : null;
    if (same) {
      const b = shown[i];
      if (b.className !== cls) b.className = cls;
      b.setAttribute("aria-label", label);
      if (pressed === null) b.removeAttribute("aria-pressed"); else b.setAttribute("aria-pressed", pressed);
      b.disabled = disabled;
      if (refused) b.setAttribute("aria-disabled", refused); else b.removeAttribute("aria-disabled");
      b.setAttribute("tabindex", "-1");
      b.setAttribute("data-new", tr("new"));
      return;
    }
    box.appendChild(el("button", {
      type: "button", class: cls, "data-card": c, "data-index": String(i), "data-new": tr("new"),
      "aria-label": label, "aria-pressed": pressed, "aria-disabled": refused, disabled, tabindex: "-1"
    }, [el("span", { class: "rank", text: cardText(c).slice(0, -1) }), el("span", { class: "suit", text: SUIT_SYMBOL[parseCard(c).suit] || "" })]));
  });
  const enabled = box.querySelectorAll(CHOOSABLE);
  const rover = box.querySelector('button.card[data-index="' + T.focusIndex + '"]:not(:disabled):not([aria-disabled="true"])') || enabled[0];
  if (rover) {
    rover.setAttribute("tabindex", "0");
    if (hadFocus) rover.focus();
  }
  const bits = [];
  if (h && s.you) {
    const known = (x) => x !== null && x !== undefined;
    if (h.passed) {
      const cards = h.passed.map(cardText).join(" ");
      bits.push(known(h.pass_to) ? tr("You passed {cards} to {name}", { cards, name: seatName(s, h.pass_to) }) : tr("You passed {cards}", { cards }));
    }
    if (h.received) {
      const cards = h.received.map(cardText).join(" ");
      bits.push(known(h.pass_from) ? tr("received {cards} from {name}", { cards, name: seatName(s, h.pass_from) }) : tr("received {cards}", { cards }));
    }
    if (h.kitty_size) {
      const taken = h.kitty_taker !== null && h.kitty_taker !== undefined;
      bits.push(taken ? tr("kitty: {cards} (taken by {name})", { cards: nCards(h.kitty_size), name: whoLower(s, h.kitty_taker) }) : tr("kitty: {cards}", { cards: nCards(h.kitty_size) }));
    }
    if (h.set_aside && h.set_aside.length) bits.push(tr("{cards} set aside", { cards: nCards(h.set_aside.length) }));
  } else if (h && !s.you) {
    bits.push(tr("You are watching."));
  }
  note.textContent = bits.join(" · ");
  box.hidden = !cards.length;
}

function renderGameOver() {
  const s = T.state;
  $("table-view").classList.toggle("over", !!s.game_over);
  if (!s.game_over) { $("game-over").hidden = true; return; }
  const names = s.table.seats.map((x, i) => seatName(s, i));
  const again = !IN_PAGE && s.you && s.table.again ? s.table.again : null;
  fillGameOver(T.id, names, s.scores, s.winners || [], mySeat(s), { sheet: () => showScoreSheet(T.state), playAgain: s.you ? playAgain : null, againWaiting: !!again });
  if (again && T.wantAgain) { T.wantAgain = false; joinAgain(again); }
}

// Play again: on a server, one new game for everyone of this one (the same settings, each person's seat kept for
// them until it starts): the first to ask makes it, and each takes their seat there or leaves. In the page: a new table.
async function playAgain() {
  if (!IN_PAGE) {
    const again = T.state.table.again;
    if (again) { joinAgain(again); return; }
    T.wantAgain = true;
    $("again-btn").disabled = true;
    act({ type: "again" }); // the state that follows names the next game's table
    return;
  }
  const t = T.state.table;
  const rules = Object.assign({}, t.rules);
  delete rules.variant; delete rules.players;
  const body = { variant: t.variant, players: t.players, rules, level: t.level, turn_seconds: t.turn_seconds, client_seed: randomSeed() };
  if (chatFree() === false) body.free_chat = false;
  const name = (T.state.you && T.state.you.name) || savedName();
  if (name) body.name = name;
  $("again-btn").disabled = true;
  try { await createTable(body); } catch (e) { $("again-btn").disabled = false; showMessage(e.message, "error"); }
}

async function joinAgain(id) {
  const btn = $("again-btn");
  if (btn) btn.disabled = true;
  try {
    const d = await seatBack(id, (T.state.you && T.state.you.name) || savedName());
    location.assign(tableHref(id) + "#token=" + encodeURIComponent(d.token));
  } catch (e) { if (btn) btn.disabled = false; showMessage(e.message, "error"); }
}

async function tableGone() {
  // The server forgets a finished table once nobody watches it: show its result from the finished games.
  T.conn.stop();
  if (T.state && T.state.game_over) { setConn(null); return; }
  try {
    const d = await api("GET", "/api/games");
    const g = ((d && d.games) || []).filter((x) => x.id === T.id)[0];
    if (!g) { setConn(tr("This table does not exist.")); return; }
    setConn(null);
    for (const id of ["seat-panel", "seats", "controls", "hand", "hand-note"]) $(id).hidden = true;
    $("status").textContent = variantText(g.variant) + " · " + nPlayers(g.players) + " · " + tr("this game is over");
    const names = (g.names || []).map((n, i) => n || tr("Seat {number}", { number: i + 1 }));
    fillGameOver(T.id, names, g.scores || [], g.winners || [], null, null);
  } catch (e) { setConn(tr("This table does not exist.")); }
}

function tickTimer() {
  const s = T.state;
  const t = $("timer");
  const now = Date.now() + (T.skew || 0);
  const review = s && s.turn && s.turn.review;
  if (review) {
    const secs = Math.max(0, Math.ceil((review.until - now) / 1000));
    t.textContent = tr("Next hand in {seconds} s", { seconds: secs });
    t.className = "timer";
    const note = $("review-note");
    note.textContent = reviewing()
      ? tr("No timer runs while you read: the next hand starts when everyone has closed the score sheet, or in {seconds} s.", { seconds: secs })
      : tr("Waiting for the others to close the score sheet (at most {seconds} s).", { seconds: secs });
  } else {
    const dl = s && s.turn && s.turn.deadline && !s.game_over ? s.turn.deadline : null;
    const secs = dl ? Math.max(0, Math.ceil((dl - now) / 1000)) : null;
    t.textContent = secs !== null ? (myTurn() ? tr("Your time: {seconds} s", { seconds: secs }) : tr("Timer: {seconds} s", { seconds: secs })) : "";
    t.className = "timer" + (secs !== null && secs <= 10 ? " urgent" : "");
  }
  for (const c of document.querySelectorAll(".countdown")) {
    const d = parseInt(c.getAttribute("data-deadline"), 10);
    c.textContent = tr("{seconds} s left", { seconds: Math.max(0, Math.ceil((d - now) / 1000)) });
  }
}
