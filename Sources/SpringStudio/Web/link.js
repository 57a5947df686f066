// The studio's state and its link: what the address holds, how a link is read (with a message for
// each value the studio cannot use) and written, the rules each value must meet, and when a change
// makes a new history entry. The rules, the defaults and the limits are the server's
// (/api/studio.json, from its Swift definitions): no default lives here. No DOM here:
// Tests/web/link.test.mjs runs it under Node.

/** The numbers a link holds, by name. */
export const linkNumbers = Object.freeze(["damping", "response", "mass", "from", "to", "velocity"]);

/** A fresh state from the server's definitions: its defaults, nothing compared, SwiftUI as the export
 *  target, every toggle off, the first frame rate offered, the chart's time axis fitted to the
 *  springs (`span` null; a number holds it). */
export function initialState(definitions) {
  const state = { compare: [], target: "swiftui", slow: false, restart: false, steps: false, fps: definitions.limits.frameRates[0], span: null };
  for (const key of linkNumbers) state[key] = definitions.defaults[key];
  return state;
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

/** Reads a link's query (`location.search`) into a state under the server's `definitions` (`fields`,
 *  `defaults`, `limits`), with one message per parameter it could not use (naming the parameter, the
 *  value and what is used instead). */
export function readLink(search, definitions) {
  const { fields: rules, defaults, limits } = definitions;
  const q = new URLSearchParams(search), state = initialState(definitions), problems = [];
  const maxCompared = limits.compared, spanRange = limits.span, rates = limits.frameRates;
  for (const key of linkNumbers) {
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
      problems.push(`compare=${text.slice(0, 40)} is not up to ${maxCompared} damping:response pairs; ${good.length ? "keeping the valid ones" : "comparing none"}`);
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
    const rate = rates.find((r) => String(r) === text);
    if (rate !== undefined) state.fps = rate;
    else problems.push(`fps=${text.slice(0, 40)} is not ${rates.slice(0, -1).join(", ")}${rates.length > 1 ? " or " : ""}${rates[rates.length - 1]}; using ${rates[0]}`);
  }
  return { state, problems };
}

/** The query that gives `state` back through `readLink` under `definitions` (the numbers written out,
 *  toggles only when on, the frame rate only when it is not the first offered). */
export function writeLink(state, definitions) {
  const q = new URLSearchParams();
  for (const key of linkNumbers) q.set(key, String(state[key]));
  if (state.compare.length) q.set("compare", state.compare.map((c) => `${c.damping}:${c.response}`).join(","));
  q.set("target", state.target || "swiftui");
  if (state.slow) q.set("slow", "1");
  if (state.restart) q.set("restart", "1");
  if (state.steps) q.set("steps", "1");
  if (state.fps !== definitions.limits.frameRates[0]) q.set("fps", String(state.fps));
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
