// The studio's controls: the primary sliders' scales (duration and bounce, in the words designers
// use), the fields of every convention, and the check each field makes before anything is sent.
// The pure parts (scales, formatting, which value goes in which field) are tested under Node
// (Tests/web/controls.test.mjs); the functions that touch the page take its elements as arguments.
import { problemWith } from "./link.js";

/** Numbers as people read them: 4 significant digits (the server's JSON keeps full precision). */
export function fmt(x) { return x === null || x === undefined ? "" : String(Number(Number(x).toPrecision(4))); }

/** The duration slider: logarithmic from 0.05 to 5 s over 0…1000, so that every doubling of the
 *  duration gets the same length of track. Values come back to 3 significant digits. */
export const durationScale = Object.freeze({
  lo: 0.05, hi: 5, steps: 1000,
  toSlider(seconds) {
    const clamped = Math.min(this.hi, Math.max(this.lo, seconds));
    return Math.round(this.steps * Math.log(clamped / this.lo) / Math.log(this.hi / this.lo));
  },
  fromSlider(position) { return Number((this.lo * Math.pow(this.hi / this.lo, position / this.steps)).toPrecision(3)); },
});

/** SwiftUI's bounce → damping ratio: ζ = 1 − bounce for a bounce ≥ 0, 1 / (1 + bounce) below 0. */
export function dampingRatioOf(bounce) { return bounce >= 0 ? 1 - bounce : 1 / (1 + bounce); }
/** Damping ratio → SwiftUI's bounce: 1 − ζ up to critical damping, 1/ζ − 1 above it. */
export function bounceOf(zeta) { return zeta <= 1 ? 1 - zeta : 1 / zeta - 1; }

/** The state after the duration or bounce slider moved to `position`. */
export function fromPrimarySlider(scale, position, spring) {
  if (scale === "duration") return { ...spring, response: durationScale.fromSlider(position) };
  return { ...spring, damping: Number(dampingRatioOf(position).toPrecision(4)) };
}

/** Every convention's field, by id, for a spring as /api/spring.json describes it. */
export function fieldValues(s) {
  return {
    damping: s.dampingRatio, response: s.response, mass: s.mass, "swiftui-duration": s.swiftUIDuration, bounce: s.swiftUIBounce,
    stiffness: s.stiffness, "damping-coefficient": s.dampingCoefficient, composeDamping: s.dampingRatio, composeStiffness: s.composeStiffness,
    "framer-visual-duration": s.framerVisualDuration, visualBounce: 1 - s.dampingRatio, "react-spring-tension": s.reactSpringTension,
    friction: s.reactSpringFriction, "origami-tension": s.origamiTension, "origami-friction": s.origamiFriction,
  };
}

/** Each convention's query, by group, from a function that reads a field's text by id. */
export const conventionQueries = Object.freeze({
  ratio: (v) => `damping=${v("damping")}&response=${v("response")}&mass=${v("mass")}`,
  swiftui: (v) => `swiftui-duration=${v("swiftui-duration")}&bounce=${v("bounce")}`,
  physics: (v) => `stiffness=${v("stiffness")}&damping-coefficient=${v("damping-coefficient")}&mass=${v("mass")}`,
  compose: (v) => `damping=${v("composeDamping")}&stiffness=${v("composeStiffness")}`,
  visual: (v) => `framer-visual-duration=${v("framer-visual-duration")}&bounce=${v("visualBounce")}`,
  react: (v) => `react-spring-tension=${v("react-spring-tension")}&friction=${v("friction")}&mass=${v("mass")}`,
  origami: (v) => `origami-tension=${v("origami-tension")}&origami-friction=${v("origami-friction")}`,
});

/** Fills every field from `s` except the one being edited and the rest of its convention (they keep
 *  what the person typed), and puts the sliders where the spring is. */
export function fillFields(get, s, except) {
  const group = except && get(except) ? get(except).dataset.group : undefined;
  for (const [id, value] of Object.entries(fieldValues(s))) {
    if (id === except || value === undefined || (group && get(id).dataset.group === group)) continue;
    get(id).value = fmt(value);
  }
  if (except !== "dampingRange") get("dampingRange").value = s.dampingRatio;
  if (except !== "responseRange") get("responseRange").value = s.response;
  if (except !== "durationRange") get("durationRange").value = durationScale.toSlider(s.response);
  if (except !== "bounceRange") get("bounceRange").value = s.swiftUIBounce;
  get("durationValue").textContent = `${fmt(s.response)} s`;
  get("bounceValue").textContent = fmt(s.swiftUIBounce);
}

/** Checks a field against the server's rule for its parameter (data-parameter, or its id); shows or
 *  clears the reason beside it. Returns whether the value may be sent. */
export function checkField(input, rules) {
  const name = input.dataset.parameter || input.id;
  if (!(name in rules)) return true;
  let problem = problemWith(name, input.value, rules);
  if (problem && problem.endsWith("is not a number")) problem = `${input.getAttribute("aria-label") || input.id} must be a number`;
  const document = input.ownerDocument, row = input.closest(".row");
  let message = document.getElementById(`${input.id}-error`);
  if (problem) {
    if (!message) {
      message = document.createElement("div");
      message.id = `${input.id}-error`;
      message.className = "field-error";
      message.setAttribute("role", "alert");
      row.after(message);
    }
    message.textContent = problem;
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", message.id);
  } else if (message) {
    message.remove();
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
  }
  return !problem;
}
