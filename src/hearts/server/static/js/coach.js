// The guided first hand's coach: at a guided table the server (or the page) sends the note for this seat now
// (state.hand.guide, chosen by hearts.session.guide); this shows it once, near the hand, until the player has read it.
// "Got it" hides the note; "Skip the guide" hides every later one. The words match the terminal app's (hearts.tui.coach).

import { $ } from "./dom.js";
import { t as tr } from "./i18n.js";

const C = { current: null, shown: new Set(), off: false };

export function noteText(id) {
  switch (id) {
    case "pass": return tr("The pass: before the hand starts you give three cards away, in this hand to the player on your left. Give away the cards that take tricks you do not want: the queen, king and ace of spades, and high hearts.");
    case "lead_two": return tr("You hold the two of clubs, so you lead the first trick with it.");
    case "first_trick": return tr("The two of clubs leads the first trick. Play a club if you have one: you must follow suit. On the first trick nobody may throw a heart or the queen of spades.");
    case "follow": return tr("Follow suit: play a card of the suit that was led if you have one. The highest card of that suit takes the trick.");
    case "void": return tr("You have no card of the suit that was led, so you may play any card: a good moment to get rid of a high heart or the queen of spades.");
    case "no_hearts": return tr("You lead this trick, but hearts are not broken yet: you may not lead a heart until one has been played.");
    case "hearts_broken": return tr("Hearts are broken: a heart (or the queen of spades) has been played, so hearts may be led now. Every heart you take is 1 point.");
    case "queen": return tr("The queen of spades has been played: whoever took her took 13 points. Points are bad: the lowest score wins.");
    case "lead": return tr("You took the last trick, so you lead the next one. A low card is often a safe lead.");
    case "score": return tr("The first hand is over: each heart you took is 1 point and the queen of spades 13. Whoever takes all 26 shoots the moon: they take 26 off their own score or give 26 to everyone else. Points add up hand after hand; when someone reaches 100, the lowest score wins.");
    default: return "";
  }
}

// Show the note of the state, if it is new: a note that gave way to another, or was read, does not come back.
export function renderCoach(s) {
  const box = $("coach");
  if (!box) return;
  const note = !C.off && s && s.table && s.table.guide && s.hand ? s.hand.guide || null : null;
  if (C.current !== null && note !== C.current) C.shown.add(C.current);
  C.current = note;
  const show = note !== null && !C.shown.has(note);
  box.hidden = !show;
  if (show && box.getAttribute("data-note") !== note) {
    box.setAttribute("data-note", note);
    $("coach-text").textContent = noteText(note);
  }
  if (!show) box.removeAttribute("data-note");
}

export function wireCoach(again) {
  $("coach-ok").addEventListener("click", () => { if (C.current) C.shown.add(C.current); again(); });
  $("coach-skip").addEventListener("click", () => { C.off = true; again(); });
}
