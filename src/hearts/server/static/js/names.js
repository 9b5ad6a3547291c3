// Who sits where: seat names and the order the table shows the seats in.
import { t as tr } from "./i18n.js";

export function seatName(state, i) {
  const seat = state && state.table && state.table.seats ? state.table.seats[i] : null;
  if (!seat) return tr("Seat {number}", { number: i + 1 });
  if (seat.name) return seat.name;
  return seat.kind === "open" ? tr("Open seat") : tr("Seat {number}", { number: i + 1 });
}

// "You" for your own seat, the name otherwise.
export function who(state, i) { return state && state.you && state.you.seat === i ? tr("You") : seatName(state, i); }

// The same inside a sentence ("you" in English).
export function whoLower(state, i) { return state && state.you && state.you.seat === i ? tr("you") : seatName(state, i); }

export function mySeat(state) { return state && state.you ? state.you.seat : null; }

// The seats in the order of play starting at your left, yourself last (a spectator: seat 0 first).
// The table, the score sheet and the chart all use this order.
export function seatOrder(n, me) {
  const out = [];
  if (me === null || me === undefined) { for (let i = 0; i < n; i++) out.push(i); return out; }
  for (let k = 1; k <= n; k++) out.push((me + k) % n);
  return out;
}
