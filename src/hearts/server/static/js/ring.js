// The seats around the table (wide screens) or in a compact grid (phones), and the trick in front of its players.
import { cardFace } from "./cards.js";
import { el, reducedMotion } from "./dom.js";
import { speed } from "./prefs.js";
import { t as tr, tn } from "./i18n.js";
import { levelText, mySeat, seatName, seatOrder, who } from "./names.js";

// The trick on the table: the current one, or (while the next is not led) the last one, with who played each card.
function shownTrick(state) {
  const h = state.hand;
  if (!h) return null;
  const n = state.table.players;
  const tricks = h.tricks || [];
  const current = h.trick && h.trick.cards && h.trick.cards.length;
  const t = current ? h.trick : tricks.length ? tricks[tricks.length - 1] : null;
  if (!t) return null;
  const cards = t.cards.map((c, k) => ({
    card: c, seat: (t.leader + k) % n, k,
    cancelled: (t.cancelled || []).indexOf(k) >= 0,
    winning: current ? t.winning === k : t.winner === (t.leader + k) % n
  }));
  return { last: !current, leader: t.leader, winner: current ? null : t.winner, cards, key: h.number + ":" + (current ? tricks.length : tricks.length - 1) };
}

function ringSpot(k, n, r) {
  const a = Math.PI / 2 + (2 * Math.PI * k) / n; // yourself at the bottom, then clockwise: your left first
  return { x: 50 + r.x * Math.cos(a), y: 50 + r.y * Math.sin(a) };
}

const SEAT_R = { x: 41, y: 40 };
// The trick's ring: wider with many players, so their cards do not overlap.
function cardRing(n) { return n > 7 ? { x: 24, y: 27 } : n > 4 ? { x: 20, y: 24 } : { x: 17, y: 22 }; }

// Move each card of the trick (wide screens) onto the line from its seat to the middle, just clear of every seat's
// box: however many players, no card covers a seat (nor a seat a card's ✕ badge). Sizes are measured, so large
// cards and long names are allowed for; ``spots[seat].card`` is updated (in % of the ring).
function clearOfSeats(box, rect, spots, cards) {
  const first = cards.length ? cards[0].querySelector(".face") : null;
  if (!first || !first.offsetWidth || !rect.width || !rect.height) return; // phones: the cards are in the seats
  let sw = 0, sh = 0;
  for (const e of box.querySelectorAll(".seat")) { sw = Math.max(sw, e.offsetWidth); sh = Math.max(sh, e.offsetHeight); }
  const gap = 8; // px between a card (with its badge) and a seat
  const hx = (sw + first.offsetWidth) / 2 + gap, hy = (sh + first.offsetHeight) / 2 + gap;
  const W = rect.width, H = rect.height;
  for (const card of cards) {
    const sp = spots[parseInt(card.getAttribute("data-seat"), 10)];
    const sx = (sp.seat.x * W) / 100, sy = (sp.seat.y * H) / 100;
    const vx = W / 2 - sx, vy = H / 2 - sy, len = Math.hypot(vx, vy) || 1;
    const ux = vx / len, uy = vy / len;
    // the distance along the line at which the two boxes stop overlapping, at most most of the way in
    const d = Math.min(1 / Math.max(Math.abs(ux) / hx, Math.abs(uy) / hy, 1e-9), len * 0.9);
    sp.card = { x: ((sx + ux * d) * 100) / W, y: ((sy + uy * d) * 100) / H };
  }
}

// Draw the seats around the trick into ``box``; ``memo`` remembers the cards already shown (seen) and the trick swept.
export function renderRing(box, s, memo) {
  const t = s.table;
  const h = s.hand;
  const me = mySeat(s);
  const n = t.players;
  box.textContent = "";
  box.setAttribute("data-count", String(n));
  const turnSeats = (s.turn && s.turn.seats) || [];
  const trick = shownTrick(s);
  const bySeat = {};
  if (trick) for (const c of trick.cards) bySeat[c.seat] = c;
  const rect = box.getBoundingClientRect();
  const base = me === null || me === undefined ? 0 : me;
  const spots = {};
  for (const i of seatOrder(n, me)) {
    const k = (i - base + n) % n;
    spots[i] = { seat: ringSpot(k, n, SEAT_R), card: ringSpot(k, n, cardRing(n)) };
  }
  const motion = !reducedMotion() && speed() !== "fast";
  for (const i of seatOrder(n, me)) {
    const seat = t.seats[i] || { seat: i, kind: "open" };
    const marks = [];
    if (seat.remote) marks.push(el("span", { class: "tag bot remote", title: tr("a remote bot: its own program plays this seat"), text: tr("remote bot") }));
    else if (seat.kind === "bot") marks.push(el("span", { class: "tag bot", text: tr("bot") }));
    if (seat.kind === "open" && seat.kept) marks.push(el("span", { class: "tag open kept", title: tr("kept for the player of the last game until the start"), text: tr("kept") }));
    else if (seat.kind === "open") marks.push(el("span", { class: "tag open", text: tr("open") }));
    // a player who left: a bot of the table's level plays the seat until they come back
    const leftSeat = seat.away && seat.kind === "human";
    if (leftSeat) marks.push(el("span", { class: "tag away left", text: tr("left") }));
    else if (seat.away) marks.push(el("span", { class: "tag away", text: tr("away") }));
    if ((seat.kind === "human" || seat.remote) && !seat.connected && !leftSeat) marks.push(el("span", { class: "tag off", text: tr("offline") }));
    if (i === me) marks.push(el("span", { class: "tag you", text: tr("you") }));
    if (h && h.dealer === i) marks.push(el("span", { class: "tag dealer", title: tr("dealer"), text: tr("D") }));
    if (trick && !trick.last && trick.leader === i) marks.push(el("span", { class: "tag lead", title: tr("led this trick"), text: tr("led") }));
    const inTurn = turnSeats.indexOf(i) >= 0 && !s.game_over && !(s.turn && s.turn.review);
    const stats = [el("span", { class: "score", title: tr("score") }, [el("b", { text: String(s.scores ? s.scores[i] : 0) })])];
    if (h) {
      const pts = h.points_taken ? h.points_taken[i] : 0;
      stats.push(el("span", { class: "pts", title: tr("points taken this hand: {points}", { points: tn("{n} point", "{n} points", pts) }), text: "+" + pts }));
      const left = h.hand_sizes ? h.hand_sizes[i] : 0;
      stats.push(el("span", { class: "left", title: tn("{n} card left", "{n} cards left", left), text: left + " 🂠" }));
      if (h.phase === "pass" && h.passes_chosen && h.passes_chosen[i]) stats.push(el("span", { class: "tag ok", text: tr("passed") }));
    }
    const played = bySeat[i];
    const playedEl = el("div", { class: "played" + (trick && trick.last ? " last" : "") + (played && played.winning ? " won" : "") }, [
      played ? trickFace(played) : el("span", { class: "face empty", "aria-hidden": "true", text: "" })
    ]);
    const seatEl = el("div", {
      class: "seat" + (inTurn ? " turn" : "") + (i === me ? " me" : "") + " kind-" + seat.kind,
      "data-seat": String(i), "aria-current": inTurn ? "true" : null,
      "aria-label": inTurn ? tr("{name}, to play", { name: seatName(s, i) }) : seatName(s, i)
    }, [
      el("div", { class: "seat-head" }, [el("span", { class: "name", text: seatName(s, i) })].concat(marks)),
      leftSeat ? el("div", { class: "stand-in", text: tr("a bot plays for them ({level})", { level: levelText(t.level) }) }) : null,
      el("div", { class: "seat-stats" }, stats),
      seat.kind === "open" ? null : playedEl,
      inTurn && s.turn.deadline ? el("div", { class: "countdown", "data-deadline": String(s.turn.deadline) }) : null
    ]);
    seatEl.style.setProperty("--x", spots[i].seat.x + "%");
    seatEl.style.setProperty("--y", spots[i].seat.y + "%");
    box.appendChild(seatEl);
  }
  // The trick in the middle (wide screens): each card in front of the seat that played it.
  if (trick) {
    const cards = trick.cards.map((c) => el("div", {
      class: "trick-card" + (trick.last ? " last" : "") + (c.k === 0 ? " led" : "") + (c.winning ? " winning" : "") + (c.cancelled ? " cancelled" : ""),
      "data-seat": String(c.seat), "data-led": c.k === 0 ? tr("led") : null
    }, [trickFace(c)]));
    for (const card of cards) box.appendChild(card);
    clearOfSeats(box, rect, spots, cards);
    trick.cards.forEach((c, j) => {
      const card = cards[j];
      const sp = spots[c.seat];
      const key = trick.key + ":" + c.k;
      card.style.setProperty("--x", sp.card.x + "%");
      card.style.setProperty("--y", sp.card.y + "%");
      if (motion && !trick.last && !memo.seen.has(key)) {
        card.classList.add("enter");
        card.style.setProperty("--fx", ((sp.seat.x - sp.card.x) * rect.width) / 100 + "px");
        card.style.setProperty("--fy", ((sp.seat.y - sp.card.y) * rect.height) / 100 + "px");
      }
      memo.seen.add(key);
      if (trick.last && motion) {
        const to = trick.winner === null || trick.winner === undefined ? { x: 50, y: 50 } : spots[trick.winner].seat;
        card.classList.add(memo.swept === trick.key ? "gone" : "sweep");
        card.style.setProperty("--sx", ((to.x - sp.card.x) * rect.width) / 100 + "px");
        card.style.setProperty("--sy", ((to.y - sp.card.y) * rect.height) / 100 + "px");
      }
    });
    if (trick.last && motion) memo.swept = trick.key;
    if (trick.last) box.appendChild(el("div", { class: "trick-note", role: "status", text: takesText(s) }));
  }
}

// "You take the trick · 2 points", "Ben takes the trick", "Nobody takes it: set aside".
function takesText(s) {
  const h = s.hand;
  const t = h.tricks[h.tricks.length - 1];
  if (t.winner === null || t.winner === undefined) return tr("Nobody takes the trick: set aside");
  const mine = s.you && s.you.seat === t.winner;
  const text = mine ? tr("You take the trick") : tr("{name} takes the trick", { name: who(s, t.winner) });
  return text + (t.points ? " · " + tn("{n} point", "{n} points", t.points) : "");
}

function trickFace(c) {
  const labels = [];
  if (c.cancelled) labels.push(tr("cancelled"));
  if (c.winning) labels.push(tr("winning"));
  if (c.k === 0) labels.push(tr("led"));
  return cardFace(c.card, (c.cancelled ? "cancelled" : "") + (c.winning ? " winning" : ""), labels.join(", "));
}

