// The rules and help page: the rules of this table (from its rules and the facts the server derives from them,
// the same sentences as the terminal app's rules screen) and the keys of the table.
import { cardText } from "./cards.js";
import { $, el, openDialog } from "./dom.js";
import { t as tr, tn } from "./i18n.js";
import { variantText } from "./names.js";

function nCards(n) { return tn("{n} card", "{n} cards", n); }

function passCycleText(rules, facts) {
  const cycle = facts.pass_cycle || [];
  if (!cycle.length || (cycle.length === 1 && cycle[0] === "none")) return tr("There is no passing in this game.");
  const words = {
    left: (number) => tr("to the left in hand {number}", { number }),
    right: (number) => tr("to the right in hand {number}", { number }),
    across: (number) => tr("across in hand {number}", { number }),
    none: (number) => tr("no passing in hand {number}", { number })
  };
  const steps = cycle.map((d, i) => (words[d] ? words[d](i + 1) : d)).join(", ");
  return tr("Each player passes {cards} before a hand: {steps}; then the cycle repeats.", { cards: nCards(rules.pass_count), steps });
}

// The table's rules in a few short sentences; without a table (the lobby), the rules every table shares.
export function rulesLines(table) {
  const rules = table && table.rules;
  const facts = table && table.facts;
  const lines = [];
  const cancellation = !!rules && rules.variant === "cancellation";
  if (rules && facts) {
    lines.push(tr("{game} for {n} players, to {target} points.", { game: variantText(rules.variant), n: rules.players, target: rules.target }));
  }
  if (cancellation) {
    lines.push(tr("Two decks are shuffled together. When both copies of a card fall in one trick they cancel: neither can win it."));
    lines.push(tr("A trick whose winning cards all cancel is set aside and goes to the winner of the next trick."));
  }
  if (facts) {
    if (facts.kitty_size) {
      lines.push(tn("{n} card forms a kitty that goes to the winner of the first trick.", "{n} cards form a kitty that goes to the winner of the first trick.", facts.kitty_size));
    }
    if (facts.removed_cards && facts.removed_cards.length) lines.push(tr("Removed from the deck: {cards}.", { cards: facts.removed_cards.map(cardText).join(", ") }));
    lines.push(passCycleText(rules, facts));
    lines.push(cancellation ? tr("Any card but a heart or Q♠ may lead the first trick.")
      : tr("The holder of the lowest club ({card}) leads it to the first trick.", { card: cardText(facts.lowest_club) }));
  }
  lines.push(tr("You must follow suit if you can; otherwise play any card. The highest card of the suit led wins the trick and leads next."));
  lines.push(!rules || rules.queen_breaks_hearts
    ? tr("Hearts may not be led until a heart or Q♠ has been played (hearts are broken), unless you hold nothing else.")
    : tr("Hearts may not be led until a heart has been played (hearts are broken), unless you hold nothing else."));
  lines.push(tr("Each heart taken costs 1 point and Q♠ 13.") + (rules && rules.jack_of_diamonds ? " " + tr("J♦ takes 10 points off.") : ""));
  const score = (facts && facts.moon_score) || 26;
  lines.push(!rules || rules.moon === "choose"
    ? tr("Taking every point shoots the moon: the shooter chooses {score} to each other player or {score} off their own score.", { score })
    : tr("Taking every point shoots the moon: moon rule {rule}.", { rule: rules.moon }));
  lines.push(tr("The game ends when someone reaches the target; the lowest score wins."));
  if (!facts) lines.push(tr("At a table, this page shows that table's own rules: its players, passes and house rules."));
  return lines;
}

// The keys of the table, each with what it does.
export function keyLines() {
  return [
    ["← →", tr("move between the cards you may choose")],
    [tr("Enter, Space"), tr("play the card, or select it for the pass")],
    ["P", tr("pass the selected cards")],
    ["B", tr("take back your pass, until everyone has passed")],
    ["H", tr("hint: the medium bot's suggestion")],
    ["C", tr("claim the rest, when the tricks left are certain")],
    ["U", tr("undo your last card (at a table of bots only)")],
    ["L", tr("the last trick")],
    ["T", tr("this hand: its tricks, the cards played and the point cards taken")],
    ["S", tr("the score sheet")],
    ["?", tr("this page")],
    [tr("Esc"), tr("close a window")]
  ];
}

export function showHelp(state) {
  const rules = $("help-rules");
  rules.textContent = "";
  for (const line of rulesLines(state ? state.table : null)) rules.appendChild(el("p", { text: line }));
  const keys = $("help-keys");
  keys.textContent = "";
  for (const [k, what] of keyLines()) keys.appendChild(el("div", { class: "key-row" }, [el("dt", null, [el("kbd", { text: k })]), el("dd", { text: what })]));
  openDialog($("help-dialog"));
}
