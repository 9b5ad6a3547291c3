// "This hand": its tricks so far (who led, what was played, who took it or what cancelled), a tracker of the
// cards played, and the point cards each player has taken. All from the public part of the state.
import { cardFace, cardText, compareCards, parseCard, SUIT_SYMBOL } from "./cards.js";
import { $, el, openDialog } from "./dom.js";
import { t as tr, tn } from "./i18n.js";
import { mySeat, sheetOrder, who } from "./names.js";

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"];

function isPointCard(card, rules) {
  const c = parseCard(card);
  return c.suit === "H" || card === "QS" || (!!rules.jack_of_diamonds && card === "JD");
}

// The point cards each seat has taken so far: a trick's point cards go to its taker, a set-aside trick's to the
// taker of the next trick won (the kitty stays hidden until the hand ends, as the points shown do).
export function pointCardsTaken(state) {
  const h = state.hand;
  const n = state.table.players;
  const rules = state.table.rules || {};
  const out = Array.from({ length: n }, () => []);
  let pile = [];
  for (const t of (h && h.tricks) || []) {
    const pts = t.cards.filter((c) => isPointCard(c, rules));
    if (t.winner === null || t.winner === undefined) { pile = pile.concat(pts); continue; }
    out[t.winner] = out[t.winner].concat(pts, pile);
    pile = [];
  }
  for (const cards of out) cards.sort(compareCards);
  return out;
}

// Every card played this hand, by suit (the trick in progress included).
export function cardsPlayed(state) {
  const h = state.hand;
  const all = [];
  for (const t of (h && h.tricks) || []) all.push(...t.cards);
  if (h && h.trick) all.push(...h.trick.cards);
  return all;
}

function trickRow(state, t, number) {
  const n = state.table.players;
  const cancelled = t.cancelled || [];
  const cards = t.cards.map((c, k) => {
    const seat = (t.leader + k) % n;
    const off = cancelled.indexOf(k) >= 0;
    return el("span", { class: "played-by" + (seat === t.winner ? " won" : "") }, [
      el("span", { class: "name", text: who(state, seat) }), cardFace(c, off ? "cancelled" : null, off ? tr("cancelled") : null)
    ]);
  });
  const done = t.winner !== undefined;
  const end = !done ? tr("in progress")
    : t.winner === null ? tr("set aside: nobody takes it")
    : tr("{name} took it", { name: who(state, t.winner) }) + (t.points ? " · " + tn("{n} point", "{n} points", t.points) : "");
  return el("li", { class: "trick-line" }, [
    el("div", { class: "small-print" }, [tr("Trick {number}: {name} led", { number, name: who(state, t.leader) }) + " · " + end]),
    el("div", { class: "trick-cards" }, cards)
  ]);
}

export function showHand(state, say) {
  const h = state && state.hand;
  if (!h) { say(tr("No hand has been dealt yet.")); return; }
  const box = $("hand-log");
  box.textContent = "";
  $("hand-title").textContent = tr("Hand {number}", { number: h.number });
  // point cards taken
  const taken = pointCardsTaken(state);
  const points = el("dl", { class: "taken" });
  for (const i of sheetOrder(state.table.players, mySeat(state))) {
    points.appendChild(el("div", { class: "taken-row", "data-seat": String(i) }, [
      el("dt", { text: who(state, i) }),
      el("dd", null, taken[i].length ? taken[i].map((c) => cardFace(c)) : [tr("none")])
    ]));
  }
  box.appendChild(el("h3", { text: tr("Point cards taken") }));
  box.appendChild(points);
  // the tracker: every rank of each suit, the ones played struck out (two decks: a count)
  const played = cardsPlayed(state);
  const copies = state.table.rules && state.table.rules.variant === "cancellation" ? 2 : 1;
  const removed = (state.table.facts && state.table.facts.removed_cards) || [];
  const tracker = el("div", { class: "tracker" });
  for (const suit of ["C", "D", "S", "H"]) {
    const row = el("div", { class: "tracker-row", "data-suit": suit }, [
      el("span", { class: "suit suit-" + suit.toLowerCase() + (suit === "H" || suit === "D" ? " red" : ""), "aria-hidden": "true", text: SUIT_SYMBOL[suit] })
    ]);
    for (const r of RANKS) {
      const card = r + suit;
      const inDeck = copies - removed.filter((x) => x === card).length;
      if (inDeck <= 0) continue;
      const gone = played.filter((x) => x === card).length;
      const label = cardText(card) + (gone >= inDeck ? ", " + tr("played") : gone ? ", " + tr("one copy played") : "");
      row.appendChild(el("span", {
        class: "rank-chip" + (gone >= inDeck ? " gone" : gone ? " half" : ""), "data-card": card, role: "img", "aria-label": label,
        text: cardText(card).slice(0, -1)
      }));
    }
    tracker.appendChild(row);
  }
  box.appendChild(el("h3", { text: tr("Cards played") }));
  box.appendChild(tracker);
  box.appendChild(el("p", { class: "small-print muted-ink", text: tr("Struck out: played this hand.") + (copies > 1 ? " " + tr("Half struck out: one of the two copies played.") : "") }));
  // the tricks, oldest first
  const list = el("ol", { class: "trick-log" });
  ((h.tricks) || []).forEach((t, k) => list.appendChild(trickRow(state, t, k + 1)));
  if (h.trick && h.trick.cards && h.trick.cards.length) list.appendChild(trickRow(state, Object.assign({}, h.trick, { winner: undefined }), (h.tricks || []).length + 1));
  box.appendChild(el("h3", { text: tr("Tricks") }));
  if (!list.children.length) box.appendChild(el("p", { class: "small-print", text: tr("No trick has been played yet.") }));
  else box.appendChild(list);
  openDialog($("hand-dialog"));
}
