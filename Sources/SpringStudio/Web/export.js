// The studio's export: the code for every target (springplot export's reply), the chosen target's
// code and warnings, and copying it. exportQuery, clipQuery and warningsOf are pure (Tests/web/export.test.mjs).
import { fmt } from "./controls.js";

/** Targets the preview cannot step: they play the exact motion (CSS approximates it; a token is data). */
export const unstepped = Object.freeze(["css", "token"]);

/** The export request for a spring query and a motion: the CSS error allowance is a tenth of the
 *  travel, at most 0.5 (the server's default when there is no travel). */
export function exportQuery(springQuery, motion) {
  const travel = Math.abs(motion.to - motion.from);
  return `${springQuery}&from=${motion.from}&to=${motion.to}&velocity=${motion.velocity}` + (travel > 0 ? `&error=${Math.min(0.5, travel / 10)}` : "");
}

/** The query of the preview's clip downloads (`/api/clip.gif`, `/api/clip.webm`): the springs, each
 *  in a lane, the motion, the target's lane under the first spring while the switch shows one
 *  (`platform`, its name, at `fps`), and the theme. `springplot animate` with the same values as
 *  options writes the same bytes. */
export function clipQuery(springs, motion, dark, platform = null, fps = 60) {
  const mass = springs.length === 1 && springs[0].mass !== undefined && springs[0].mass !== 1 ? `&mass=${springs[0].mass}` : "";
  const lanes = platform ? springs.slice(0, 1) : springs;
  return `damping=${lanes.map((s) => s.damping).join(",")}&response=${lanes.map((s) => s.response).join(",")}` + mass +
    `&from=${motion.from}&to=${motion.to}&velocity=${motion.velocity}` +
    (platform ? `&platform=${platform}&fps=${fps}` : "") + (dark ? "&theme=dark" : "");
}

/** A target's warnings in words (each is `{ code, text }`), and what it really runs when that differs
 *  from the spring asked for. */
export function warningsOf(target) {
  const warnings = target.warnings.map((w) => w.text);
  if (target.effectiveSpring) warnings.push(`runs: ζ ${fmt(target.effectiveSpring.dampingRatio)}, response ${fmt(target.effectiveSpring.response)} s`);
  return warnings;
}

/** The export section of a page; `app` gives the elements, the state, the server and where errors
 *  and link problems go. `onTargets` is called when the chosen target is known or changes. */
export function createExport(app, onTarget) {
  const select = app.$("exportTarget"), code = app.$("exportCode"), list = app.$("exportWarnings");
  let targets = [], ticket = 0;
  const chosen = () => targets.find((t) => t.target === select.value);
  function show() {
    const t = chosen();
    if (!t) return;
    code.textContent = t.code;
    list.replaceChildren(...warningsOf(t).map((w) => { const li = document.createElement("li"); li.textContent = w; return li; }));
  }
  async function update() {
    const mine = ++ticket;
    try {
      const reply = await app.getJSON(`/api/export.json?${exportQuery(app.springQuery(app.state), app.state)}`);
      if (mine !== ticket) return;
      targets = reply.targets;
      const first = !select.value, wanted = select.value || app.state.target || "swiftui";
      select.replaceChildren(...targets.map((t) => new Option(t.title, t.target)));
      const known = targets.some((t) => t.target === wanted);
      select.value = known ? wanted : targets[0].target;
      if (first && !known) app.linkProblem(`target=${String(wanted).slice(0, 40)} is not an export target; showing ${targets[0].title}.`);
      const changed = app.state.target !== select.value;
      app.state.target = select.value;
      show();
      if (first || changed) onTarget();
    } catch (error) { app.showError(error); }
  }
  /** The chosen target as { target, title }, or null before the first reply. */
  function target() { const t = chosen(); return t ? { target: t.target, title: t.title } : null; }
  async function copy(button) {
    try { await navigator.clipboard.writeText(code.textContent); button.textContent = "Copied"; }
    catch (error) {
      const range = document.createRange(); range.selectNodeContents(code);
      getSelection().removeAllRanges(); getSelection().addRange(range);
      button.textContent = document.execCommand("copy") ? "Copied" : "Selected: press Ctrl+C";
    }
    setTimeout(() => { button.textContent = "Copy"; }, 1500);
  }
  return { update, show, target, copy };
}
