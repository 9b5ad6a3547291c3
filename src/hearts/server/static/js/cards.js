// Cards: the protocol's names ("QS", "TH") shown one way everywhere (Q♠, 10♥).
import { el } from "./dom.js";
import { t } from "./i18n.js";

const SUIT_ORDER = { C: 0, D: 1, S: 2, H: 3 }; // alternate colours in the hand
export const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_NAME = { C: () => t("clubs"), D: () => t("diamonds"), H: () => t("hearts"), S: () => t("spades") };
const RANK_VALUE = { 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, T: 10, J: 11, Q: 12, K: 13, A: 14 };
const RANK_NAME = {
  2: () => t("two"), 3: () => t("three"), 4: () => t("four"), 5: () => t("five"), 6: () => t("six"), 7: () => t("seven"),
  8: () => t("eight"), 9: () => t("nine"), 10: () => t("ten"), T: () => t("ten"), J: () => t("jack"), Q: () => t("queen"),
  K: () => t("king"), A: () => t("ace")
};

export function parseCard(name) {
  const s = String(name);
  return { rank: s.slice(0, -1), suit: s.slice(-1) };
}
// "queen of spades" ("maça kızı", "pik dama"): each language's word order, from the catalog.
export function cardLabel(name) {
  const c = parseCard(name);
  const rank = RANK_NAME[c.rank] ? RANK_NAME[c.rank]() : c.rank;
  const suit = SUIT_NAME[c.suit] ? SUIT_NAME[c.suit]() : c.suit;
  return t("{rank} of {suit}", { rank: rank, suit: suit });
}
// What a screen reader says for a card: what the card shows, then its name ("9♠, nine of spades").
export function cardSpoken(name) { return cardText(name) + ", " + cardLabel(name); }
export function cardText(name) {
  const c = parseCard(name);
  return (c.rank === "T" ? "10" : c.rank) + (SUIT_SYMBOL[c.suit] || c.suit);
}
export function suitClass(name) { return "suit-" + parseCard(name).suit.toLowerCase(); }
export function isRed(name) { const s = parseCard(name).suit; return s === "H" || s === "D"; }
export function compareCards(a, b) {
  const x = parseCard(a), y = parseCard(b);
  const ds = (SUIT_ORDER[x.suit] || 0) - (SUIT_ORDER[y.suit] || 0);
  return ds || (RANK_VALUE[x.rank] || 0) - (RANK_VALUE[y.rank] || 0);
}

// Card names inside a server message ("cannot play 4S") written as the table shows them ("4♠").
export function cardsInText(text) {
  return String(text).replace(/\b(10|[2-9TJQKA])([CDHS])\b/g, (m, r, s) => cardText(r + s));
}

// Why a card may not be played now, in the player's language: the rule's code from the state (hand.why, the engine's).
export function refusalText(card, why) {
  const code = why && why.code;
  const suit = why && why.suit && SUIT_NAME[why.suit] ? SUIT_NAME[why.suit]() : "";
  const card2 = why && why.card ? cardText(why.card) : "";
  const reasons = {
    follow_suit: () => t("You must follow suit: you hold {suit}.", { suit }),
    first_trick_points: () => t("No hearts or Q♠ on the first trick."),
    first_lead_cancellation: () => t("The first lead may not be a heart or Q♠."),
    lead_lowest_club: () => t("The first trick is led with {card}.", { card: card2 }),
    hearts_not_broken: () => t("Hearts are not broken yet: lead another suit.")
  };
  const head = t("You cannot play the {card} now.", { card: cardText(card) });
  return reasons[code] ? head + " " + reasons[code]() : head;
}

// A small face-up card (trick, last trick); a cancelled one wears a ✕ badge (an element: it is drawn above its neighbours).
export function cardFace(name, extraClass, label) {
  const cancelled = /\bcancelled\b/.test(extraClass || "");
  return el("span", {
    class: "face " + (isRed(name) ? "red" : "black") + " " + suitClass(name) + (extraClass ? " " + extraClass : ""),
    "data-card": name, "aria-label": cardSpoken(name) + (label ? ", " + label : ""), role: "img"
  }, [cardText(name), cancelled ? el("span", { class: "x-badge", "aria-hidden": "true", text: "✕" }) : null]);
}
