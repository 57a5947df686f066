// The studio's state and its link: what the address holds, how a link is read (with a message for
// each value the studio cannot use) and written, the rules each value must meet (served by the
// server from its Swift definitions), and when a change makes a new history entry. No DOM here:
// Tests/web/link.test.mjs runs it under Node.

/** The spring and motion a link without parameters shows. */
export const defaults = Object.freeze({ damping: 0.68, response: 0.8, mass: 1, from: 0, to: 100, velocity: 0 });
/** The most springs compared beside the first. */
export const maxCompared = 3;

/** The chart's time axis a link may hold (seconds; the server's bounds for `span`). */
export const spanRange = Object.freeze({ lower: 0.001, upper: 600 });

/** A fresh state: the defaults, nothing compared, SwiftUI as the export target, every toggle off, the
 *  chart's time axis fitted to the springs (`span` null; a number holds it). */
export function initialState() {
  return { ...defaults, compare: [], target: "swiftui", slow: false, restart: false, steps: false, fps: 60, span: null };
}

/** The rule a field applies, from /api/studio.json's `fields` entry ({ lower, lowerInclusive, upper,
 *  upperInclusive, message }); undefined for a parameter the server does not bound. */
export function admits(rule, value) {
  if (!Number.isFinite(value)) return false;
  if (!rule) return true;
  if (rule.lower !== undefined && rule.lower !== null && (rule.lowerInclusive ? value < rule.lower : value <= rule.lower)) return false;
  if (rule.upper !== undefined && rule.upper !== null && (rule.upperInclusive ? value > rule.upper : value >= rule.upper)) return false;
  return true;
}

/** Why `text` cannot be the value of `name` under `rules`, or null when it can. */
export function problemWith(name, text, rules) {
  const trimmed = String(text).trim(), value = Number(trimmed);
  if (trimmed === "" || !Number.isFinite(value)) return `'${trimmed.slice(0, 40)}' is not a number`;
  const rule = rules[name];
  return admits(rule, value) ? null : rule.message;
}

/** Reads a link's query (`location.search`) into a state, with one message per parameter it could not
 *  use (naming the parameter, the value and what is used instead). */
export function readLink(search, rules) {
  const q = new URLSearchParams(search), state = initialState(), problems = [];
  for (const key of Object.keys(defaults)) {
    if (!q.has(key)) continue;
    const text = q.get(key), shown = `${key}=${text.slice(0, 40)}`, problem = problemWith(key, text, rules);
    if (problem === null) state[key] = Number(text);
    else if (problem.endsWith("is not a number")) problems.push(`${shown}: ${problem}; using ${defaults[key]}`);
    else problems.push(`${shown} cannot be used: ${problem}; using ${defaults[key]}`);
  }
  if (q.has("compare")) {
    const text = q.get("compare");
    const pairs = text.split(",").map((pair) => pair.split(":"));
    const good = pairs.filter((p) => p.length === 2 && problemWith("damping", p[0], rules) === null && problemWith("response", p[1], rules) === null);
    if (good.length !== pairs.length || good.length > maxCompared) {
      problems.push(`compare=${text.slice(0, 40)} is not up to three damping:response pairs; ${good.length ? "keeping the valid ones" : "comparing none"}`);
    }
    state.compare = good.slice(0, maxCompared).map(([d, r]) => ({ damping: Number(d), response: Number(r) }));
  }
  if (q.has("target")) state.target = q.get("target");
  for (const flag of ["slow", "restart", "steps"]) {
    const text = q.get(flag);
    if (text !== null && text !== "1" && text !== "0") problems.push(`${flag}=${text.slice(0, 40)} is not 1 or 0; using 0`);
    state[flag] = text === "1";
  }
  if (q.has("span")) {
    const text = q.get("span"), value = Number(text);
    if (text.trim() !== "" && Number.isFinite(value) && value >= spanRange.lower && value <= spanRange.upper) state.span = value;
    else problems.push(`span=${text.slice(0, 40)} is not a time axis of ${spanRange.lower} to ${spanRange.upper} s; fitting it to the springs`);
  }
  if (q.has("fps")) {
    const text = q.get("fps");
    if (text === "60" || text === "120") state.fps = Number(text);
    else problems.push(`fps=${text.slice(0, 40)} is not 60 or 120; using 60`);
  }
  return { state, problems };
}

/** The query that gives `state` back through `readLink` (defaults written out, toggles only when on). */
export function writeLink(state) {
  const q = new URLSearchParams();
  for (const key of Object.keys(defaults)) q.set(key, String(state[key]));
  if (state.compare.length) q.set("compare", state.compare.map((c) => `${c.damping}:${c.response}`).join(","));
  q.set("target", state.target || "swiftui");
  if (state.slow) q.set("slow", "1");
  if (state.restart) q.set("restart", "1");
  if (state.steps) q.set("steps", "1");
  if (state.fps !== 60) q.set("fps", String(state.fps));
  if (state.span) q.set("span", String(state.span));
  return "?" + q.toString();
}

/** When a change makes a history entry, as a person thinks of undo: settled changes of one control in
 *  quick succession (arrow keys pressed again, a slider released and caught again within `window`
 *  milliseconds) make one entry; anything else settled makes a new one; a change still in motion (a
 *  drag) only replaces the current entry. */
export class HistoryPolicy {
  constructor(window = 1000) { this.window = window; this.last = null; }
  /** "push" or "replace" for a change from `source` (a control's id, or null) at `now` ms. */
  decide(settled, source, now) {
    const coalesce = source !== null && this.last !== null && this.last.source === source && now - this.last.time < this.window;
    if (settled) this.last = { source, time: now };
    return settled && !coalesce ? "push" : "replace";
  }
  /** Back or Forward: the next change starts a new entry. */
  forget() { this.last = null; }
}
