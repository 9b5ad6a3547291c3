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
// The seats around the table use this order; the score sheet and its chart put you first (sheetOrder).
export function seatOrder(n, me) {
  const out = [];
  if (me === null || me === undefined) { for (let i = 0; i < n; i++) out.push(i); return out; }
  for (let k = 1; k <= n; k++) out.push((me + k) % n);
  return out;
}

// The score sheet's order, as the terminal app's: you first, then the others in the order of play (a spectator: seat 0 first).
export function sheetOrder(n, me) {
  const out = [];
  const first = me === null || me === undefined ? 0 : me;
  for (let k = 0; k < n; k++) out.push((first + k) % n);
  return out;
}

// A player's name as the server takes it (hearts.server.names.check_name, the same rules): white space runs made one
// space, no invisible or control characters, then 1 to MAX_NAME characters as a person counts them (an emoji of
// several code points, a flag, a letter with its accents: one each; not UTF-16 units).
export const MAX_NAME = 24;
const ZWJ = "\u200d";
const inRange = (ch, low, high) => ch.codePointAt(0) >= low && ch.codePointAt(0) <= high;
// An emoji tag character (a flag such as Scotland's is a black flag and tags): invisible, but part of the emoji.
const tag = (ch) => inRange(ch, 0xe0020, 0xe007f);
// Part of the character before: a mark, a variation selector, a skin tone, an emoji tag.
const joins = (ch) => /\p{M}/u.test(ch) || inRange(ch, 0x1f3fb, 0x1f3ff) || tag(ch);
const regional = (ch) => inRange(ch, 0x1f1e6, 0x1f1ff);
export function nameLength(name) {
  let count = 0;
  let previous = "";
  let pendingFlag = false; // a regional indicator that may take a second one (a flag is two)
  for (const ch of name) {
    if (previous === ZWJ || ch === ZWJ || (joins(ch) && previous)) {
      // part of the character before
    } else if (regional(ch) && pendingFlag) {
      pendingFlag = false;
    } else {
      count += 1;
      pendingFlag = regional(ch);
    }
    previous = ch;
  }
  return count;
}
// A format character other than a joiner between two visible characters (inside an emoji) and the emoji tags.
function hasInvisible(name) {
  const chars = [...name];
  return chars.some((ch, i) => {
    if (!/\p{Cf}/u.test(ch) || tag(ch)) return false;
    const inside = i > 0 && i < chars.length - 1 && chars[i - 1] !== " " && chars[i + 1] !== " ";
    return ch !== ZWJ || !inside;
  });
}
// Python's str.split() white space, exactly (JavaScript's \s differs: it has U+FEFF, lacks U+001C-U+001F and U+0085).
const SPACES = /[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
export function cleanName(raw) { return String(raw || "").split(SPACES).filter(Boolean).join(" "); }
// Why the server would refuse this name (a message to show), or null when it takes it.
export function nameProblem(raw) {
  const name = cleanName(raw);
  if (!name) return tr("Give your name.");
  if (hasInvisible(name)) return tr("A name cannot hold invisible characters (such as a zero-width space).");
  if (/[\p{Cc}\p{Cn}\p{Co}\p{Cs}]/u.test(name)) return tr("A name cannot hold control characters or characters that cannot be shown.");
  if (nameLength(name) > MAX_NAME) return tr("A name has at most {n} letters, digits or signs.", { n: MAX_NAME });
  return null;
}

// The variants' names in the player's language.
export function variantText(variant) {
  return { standard: tr("Standard Hearts"), omnibus: tr("Omnibus Hearts"), cancellation: tr("Cancellation Hearts") }[variant] || variant;
}

// The bots' levels in the player's language.
export function levelText(level) { return { easy: tr("easy"), medium: tr("medium"), hard: tr("hard"), expert: tr("expert") }[level] || level; }
