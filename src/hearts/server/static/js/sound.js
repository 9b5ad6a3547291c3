// Optional sounds (off by default), made with WebAudio: no sound files.
import { option } from "./prefs.js";

let ctx = null;

function tone(freq, start, length, type) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type || "sine";
  osc.frequency.value = freq;
  const t = ctx.currentTime + start;
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(0.18, t + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t);
  osc.stop(t + length + 0.05);
}

const SOUNDS = {
  // the queen of spades taken: two low falling notes
  queen: () => { tone(220, 0, 0.35, "triangle"); tone(165, 0.18, 0.5, "triangle"); },
  // hearts broken: a soft high chime
  hearts: () => { tone(880, 0, 0.3); tone(1320, 0.08, 0.4); },
  // a moon shot: a rising arpeggio
  moon: () => { [392, 494, 587, 784].forEach((f, i) => tone(f, i * 0.12, 0.45)); }
};

export function play(name) {
  if (!option("sounds") || !SOUNDS[name]) return;
  try {
    if (!ctx) ctx = new (window.AudioContext || window.webkitAudioContext)();
    if (ctx.state === "suspended") ctx.resume();
    SOUNDS[name]();
  } catch (e) { /* no audio here */ }
}

// The sounds one new state calls for, from the one before.
export function soundsFor(before, after) {
  if (!before || !after || !after.hand) return [];
  const out = [];
  const a = after.hand, b = before.hand;
  const sameHand = b && b.number === a.number;
  if (sameHand && a.hearts_broken && !b.hearts_broken) out.push("hearts");
  if (sameHand && (a.tricks || []).length > (b.tricks || []).length) {
    const t = a.tricks[a.tricks.length - 1];
    if (t.winner !== null && t.cards.indexOf("QS") >= 0) out.push("queen");
  }
  const done = after.hands || [], was = before.hands || [];
  if (done.length > was.length && done[done.length - 1].shooter !== null && done[done.length - 1].shooter !== undefined) out.push("moon");
  return out;
}
