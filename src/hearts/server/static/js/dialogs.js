// Dialogs and panels over the table: the score sheet (with its chart), the last trick, the game-over panel.
import { cardFace } from "./cards.js";
import { $, el, openDialog, svg } from "./dom.js";
import { t as tr, tn } from "./i18n.js";
import { mySeat, seatName, sheetOrder, who, whoLower } from "./names.js";
import { recordLink } from "./records.js";
import { homeHref } from "./site.js";

const COLOURS = ["#f5c542", "#38bdf8", "#f472b6", "#4ade80", "#fb923c", "#a78bfa", "#f87171", "#2dd4bf", "#facc15", "#93c5fd", "#d946ef"];

// The running scores over the game, one line per player (in the score sheet's order: you first).
export function scoreChart(state) {
  const hands = state.hands || [];
  const n = state.table.players;
  const order = sheetOrder(n, mySeat(state));
  const W = 480, H = 200, L = 34, R = 10, T = 10, B = 24;
  const series = order.map((i) => [0].concat(hands.map((d) => d.scores[i])));
  const all = series.flat().concat([state.table.target || 0]);
  const lo = Math.min(0, ...all), hi = Math.max(1, ...all);
  const x = (k) => L + (hands.length ? (k * (W - L - R)) / hands.length : 0);
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo || 1);
  const box = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-label": tr("score history") });
  box.appendChild(svg("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), class: "axis" }));
  if (state.table.target && state.table.target <= hi) {
    box.appendChild(svg("line", { x1: L, x2: W - R, y1: y(state.table.target), y2: y(state.table.target), class: "target" }));
    box.appendChild(svg("text", { x: L - 4, y: y(state.table.target) + 4, class: "label", "text-anchor": "end" }, [String(state.table.target)]));
  }
  box.appendChild(svg("text", { x: L - 4, y: y(0) + 4, class: "label", "text-anchor": "end" }, ["0"]));
  hands.forEach((d, k) => box.appendChild(svg("text", { x: x(k + 1), y: H - 6, class: "label", "text-anchor": "middle" }, [String(d.number)])));
  series.forEach((pts, j) => {
    const colour = COLOURS[j % COLOURS.length];
    box.appendChild(svg("polyline", {
      points: pts.map((v, k) => x(k) + "," + y(v)).join(" "), fill: "none", stroke: colour, "stroke-width": 2.5, "data-seat": order[j]
    }));
  });
  const legend = el("div", { class: "legend" }, order.map((i, j) => el("span", { class: "key" }, [
    el("span", { class: "swatch c" + (j % COLOURS.length) }), who(state, i)
  ])));
  return el("div", { class: "chart-box" }, [box, legend]);
}

// The score sheet: a column per player (you first, then the order of play, as in the terminal app),
// a row per finished hand, the totals last; then the chart and the notes of the last hands, explained.
export function showScoreSheet(state) {
  if (!state) return;
  const n = state.table.players;
  const order = sheetOrder(n, mySeat(state));
  const hands = state.hands || [];
  const table = $("score-table");
  table.textContent = "";
  const head = el("tr", null, [el("th", { scope: "col", text: tr("Hand") })]);
  for (const i of order) {
    const win = state.game_over && (state.winners || []).indexOf(i) >= 0;
    head.appendChild(el("th", { scope: "col", "data-seat": String(i), class: win ? "winner" : null, text: who(state, i) }));
  }
  table.appendChild(el("thead", null, [head]));
  const body = el("tbody");
  for (const d of hands) {
    const row = el("tr", { "data-hand": String(d.number) }, [el("th", { scope: "row", text: String(d.number) })]);
    for (const i of order) {
      const moon = d.shooter === i;
      row.appendChild(el("td", {
        "data-hand": String(d.number), "data-seat": String(i), class: "pts" + (moon ? " moon" : ""),
        title: moon ? tr("shot the moon") : null, text: String(d.points[i]) + (moon ? " ☾" : "")
      }));
    }
    body.appendChild(row);
  }
  const total = el("tr", { class: "totals" }, [el("th", { scope: "row", text: tr("Total") })]);
  for (const i of order) total.appendChild(el("td", { class: "total", "data-seat": String(i), text: String(state.scores[i]) }));
  body.appendChild(total);
  table.appendChild(body);
  const notes = $("score-notes");
  notes.textContent = "";
  if (!hands.length) notes.appendChild(el("p", { text: tr("No hand finished yet.") }));
  else notes.appendChild(scoreChart(state));
  let noted = 0;
  for (const d of hands.slice().reverse().slice(0, 3)) {
    const parts = [tr("Hand {number}:", { number: d.number })];
    if (d.shooter !== null && d.shooter !== undefined) {
      const choice = d.moon_choice === "add" ? tr("added to the others") : d.moon_choice === "subtract" ? tr("subtracted") : d.moon_choice;
      parts.push(choice ? tr("{name} shot the moon ({choice}).", { name: who(state, d.shooter), choice: choice }) : tr("{name} shot the moon.", { name: who(state, d.shooter) }));
    }
    const lt = d.last_trick;
    if (lt && lt.winner !== null && lt.winner !== undefined) parts.push(tr("Last trick to {name}.", { name: whoLower(state, lt.winner) }));
    if (parts.length > 1) { notes.appendChild(el("p", { class: "small-print note-hand", text: parts.join(" ") })); noted += 1; }
  }
  if (noted) notes.appendChild(el("p", { class: "small-print muted-ink", text: tr("☾ marks a moon shot. “Last trick to …” names who took the hand's last trick (L shows it).") }));
  $("score-continue").textContent = state.game_over ? tr("Close") : tr("Continue");
  openDialog($("score-sheet"));
}

export function lastTrick(state) {
  const h = state && state.hand;
  const tricks = (h && h.tricks) || [];
  if (tricks.length) return { trick: tricks[tricks.length - 1], previous: null };
  const hands = (state && state.hands) || [];
  const d = hands.length ? hands[hands.length - 1] : null;
  return d && d.last_trick ? { trick: d.last_trick, previous: d.number } : null;
}

export function showLastTrick(state, say) {
  const box = $("last-trick");
  box.textContent = "";
  const found = lastTrick(state);
  if (!found) { say(tr("No trick has been played yet.")); return; }
  const lt = found.trick;
  const n = state.table.players;
  const cancelled = lt.cancelled || [];
  $("last-title").textContent = found.previous ? tr("Last trick of hand {number}", { number: found.previous }) : tr("Last trick");
  lt.cards.forEach((c, k) => {
    const seat = (lt.leader + k) % n;
    const off = cancelled.indexOf(k) >= 0;
    box.appendChild(el("div", {
      class: "trick-row" + (lt.winner === seat ? " won" : "") + (k === 0 ? " led" : "") + (off ? " cancelled" : ""),
      "data-seat": String(seat), title: k === 0 ? tr("led the trick") : null
    }, [el("span", { class: "name", text: who(state, seat) }), cardFace(c, off ? "cancelled" : null, off ? tr("cancelled") : null)]));
  });
  const taker = lt.winner === null || lt.winner === undefined ? null : who(state, lt.winner);
  box.appendChild(el("p", {
    class: "small-print",
    text: tr("{name} led (first row).", { name: who(state, lt.leader) }) + " " + (taker === null ? tr("Set aside: nobody takes it.")
      : tr("{name} took it", { name: taker }) + " · " + tn("{n} point", "{n} points", lt.points))
  }));
  openDialog($("last-dialog"));
}

// The game-over panel: winners, final scores, the record, play again.
export function fillGameOver(tableId, names, scores, winners, me, extra) {
  const box = $("game-over");
  box.hidden = false;
  box.textContent = "";
  const wn = winners.map((w) => (w === me ? tr("You") : names[w]));
  box.appendChild(el("h2", { text: tr("Game over") }));
  box.appendChild(el("p", { class: "winners", text: (wn.length > 1 ? tr("Winners: {names}", { names: wn.join(" & ") }) : tr("Winner: {names}", { names: wn.join(" & ") })) }));
  const order = names.map((x, i) => i).sort((a, b) => scores[a] - scores[b]);
  box.appendChild(el("ol", { class: "final" }, order.map((i) => el("li", { class: winners.indexOf(i) >= 0 ? "winner" : "" }, [
    (i === me ? tr("You") : names[i]) + " — " + tn("{n} point", "{n} points", scores[i])
  ]))));
  if (extra && extra.againWaiting) {
    box.appendChild(el("p", { id: "again-note", class: "small-print", text: tr("Someone asked to play again: a new game at this table's settings waits, with your seat kept for you until it starts.") }));
  }
  box.appendChild(el("p", { class: "actions center" }, [
    extra && extra.playAgain ? el("button", { type: "button", id: "again-btn", class: "primary", onclick: extra.playAgain, text: tr("Play again") }) : null,
    recordLink(tableId, { id: "record-link" }, tr("Download the record")),
    el("a", { class: "button", href: homeHref(), text: tr("Back to the lobby") }),
    extra && extra.sheet ? el("button", { type: "button", onclick: extra.sheet, text: tr("Score sheet") }) : null
  ]));
}
