// The studio's state and link (Sources/SpringStudio/Web/link.js): reading a link, writing it back,
// the field rules as the server serves them, and when a change makes a history entry.
import { test } from "node:test";
import assert from "node:assert/strict";
import { admits, problemWith, readLink, writeLink, initialState, HistoryPolicy } from "../../Sources/SpringStudio/Web/link.js";

// The rules as /api/studio.json serves them (StudioEndpoints.fieldRules): written out here from
// SpringInput's table, so that a change on either side shows up as a failure.
const rules = {
  damping: { lower: 0, lowerInclusive: true, upper: null, upperInclusive: false, message: "damping must be ≥ 0" },
  response: { lower: 0, lowerInclusive: false, upperInclusive: false, message: "response must be > 0 (0 is an instant jump: nothing to play or export)" },
  mass: { lower: 0, lowerInclusive: false, upperInclusive: false, message: "mass must be > 0" },
  bounce: { lower: -1, lowerInclusive: false, upper: 1, upperInclusive: true, message: "bounce must be in (-1, 1]" },
  from: { lower: -1e100, lowerInclusive: true, upper: 1e100, upperInclusive: true, message: "from must lie between -1e100 and 1e100" },
  to: { lower: -1e100, lowerInclusive: true, upper: 1e100, upperInclusive: true, message: "to must lie between -1e100 and 1e100" },
  velocity: { lower: -1e100, lowerInclusive: true, upper: 1e100, upperInclusive: true, message: "velocity must lie between -1e100 and 1e100" },
};
// The rest of /api/studio.json that the link reads (StudioEndpoints.definitions: SpringInput's
// spring, Motion.onScreen, the studio's limits), written out the same way.
const definitions = {
  fields: rules,
  defaults: { damping: 0.7, response: 0.5, mass: 1, from: 0, to: 100, velocity: 0 },
  limits: { compared: 3, span: { lower: 0.001, upper: 600 }, frameRates: [60, 120] },
};
const defaults = definitions.defaults;

test("bounds: inclusive and exclusive ends, both sides, and no rule at all", () => {
  assert.equal(admits(rules.damping, 0), true);
  assert.equal(admits(rules.damping, -1e-12), false);
  assert.equal(admits(rules.response, 0), false);
  assert.equal(admits(rules.response, 1e-9), true);
  assert.equal(admits(rules.bounce, -1), false);
  assert.equal(admits(rules.bounce, -0.999), true);
  assert.equal(admits(rules.bounce, 1), true);
  assert.equal(admits(rules.bounce, 1.0000001), false);
  assert.equal(admits(undefined, 123), true);
  assert.equal(admits(undefined, NaN), false);
  assert.equal(admits(rules.from, Infinity), false);
});

test("a value that is not a number is named as such; one out of range gets the server's sentence", () => {
  assert.equal(problemWith("damping", "abc", rules), "'abc' is not a number");
  assert.equal(problemWith("damping", "  ", rules), "'' is not a number");
  assert.equal(problemWith("damping", "0x10", rules), null);  // Number("0x10") is 16, as the field reads it
  assert.equal(problemWith("response", "0", rules), rules.response.message);
  assert.equal(problemWith("to", "1e101", rules), rules.to.message);
  assert.equal(problemWith("to", "-5", rules), null);
});

test("the limits are the server's: another frame rate or compare count is taken as served", () => {
  const other = { ...definitions, limits: { compared: 1, span: { lower: 1, upper: 2 }, frameRates: [30, 90, 144] } };
  assert.equal(initialState(other).fps, 30);
  assert.equal(readLink("?fps=144", other).state.fps, 144);
  assert.deepEqual(readLink("?fps=60", other).problems, ["fps=60 is not 30, 90 or 144; using 30"]);
  assert.equal(readLink("?compare=0.1:1,0.2:1", other).state.compare.length, 1);
  assert.equal(readLink("?span=0.5", other).state.span, null);
  assert.equal(writeLink(initialState(other), other).includes("fps"), false);
});

test("an empty link is the defaults", () => {
  const { state, problems } = readLink("", definitions);
  assert.deepEqual(problems, []);
  assert.deepEqual(state, initialState(definitions));
  assert.equal(state.damping, 0.7);
  assert.equal(state.response, 0.5);
});

test("every value a link cannot use is named, with what is used instead", () => {
  const { state, problems } = readLink("?damping=abc&response=-1&to=1e200&compare=0.5:0.3,x:1&slow=yes&fps=90", definitions);
  assert.equal(state.damping, defaults.damping);
  assert.equal(state.response, defaults.response);
  assert.equal(state.to, defaults.to);
  assert.deepEqual(state.compare, [{ damping: 0.5, response: 0.3 }]);
  assert.equal(state.slow, false);
  assert.equal(state.fps, 60);
  assert.deepEqual(problems, [
    "damping=abc: 'abc' is not a number; using 0.7",
    "response=-1 cannot be used: response must be > 0 (0 is an instant jump: nothing to play or export); using 0.5",
    "to=1e200 cannot be used: to must lie between -1e100 and 1e100; using 100",
    "compare=0.5:0.3,x:1 is not up to 3 damping:response pairs; keeping the valid ones",
    "slow=yes is not 1 or 0; using 0",
    "fps=90 is not 60 or 120; using 60",
  ]);
});

test("a long bad value is cut to 40 characters in the message", () => {
  const { problems } = readLink(`?damping=${"x".repeat(500)}`, definitions);
  assert.equal(problems.length, 1);
  assert.ok(problems[0].match(/x+/g).every((run) => run.length === 40), problems[0]);
});

test("more than three compared springs keeps the first three and says so", () => {
  const { state, problems } = readLink("?compare=0.1:1,0.2:1,0.3:1,0.4:1", definitions);
  assert.equal(state.compare.length, 3);
  assert.equal(problems.length, 1);
});

test("link round trip: what is written reads back as the same state", () => {
  const cases = [
    initialState(definitions),
    { ...initialState(definitions), damping: 0.123456789, response: 2.5, mass: 3, from: -40, to: 1e6, velocity: -1234.5,
      compare: [{ damping: 0.2, response: 0.4 }, { damping: 1.5, response: 1 }], target: "react-spring", slow: true, restart: true, steps: true, fps: 120 },
    { ...initialState(definitions), damping: 0, response: 1e-9, target: "compose" },
    { ...initialState(definitions), span: 2.5 },
  ];
  for (const state of cases) {
    const back = readLink(writeLink(state, definitions), definitions);
    assert.deepEqual(back.problems, []);
    assert.deepEqual(back.state, state);
  }
  // Toggles that are off and the default frame rate stay out of the link.
  assert.equal(writeLink(initialState(definitions), definitions), "?damping=0.7&response=0.5&mass=1&from=0&to=100&velocity=0&target=swiftui");
});

test("the chart's time axis is held by the link, and a span it cannot hold is named", () => {
  assert.equal(readLink("?span=3", definitions).state.span, 3);
  assert.equal(writeLink({ ...initialState(definitions), span: 3 }, definitions).endsWith("&span=3"), true);
  for (const bad of ["0", "-1", "601", "x", ""]) {
    const { state, problems } = readLink(`?span=${bad}`, definitions);
    assert.equal(state.span, null);
    assert.equal(problems.length, 1);
    assert.match(problems[0], /^span=.* is not a time axis of 0\.001 to 600 s; fitting it to the springs$/);
  }
});

test("undo coalescing: one control's settled changes within the window are one entry", () => {
  const policy = new HistoryPolicy(1000);
  assert.equal(policy.decide(true, "bounceRange", 0), "push");
  // Five arrow presses, 150 ms apart: still the first entry.
  for (const t of [150, 300, 450, 600, 750]) assert.equal(policy.decide(true, "bounceRange", t), "replace");
  // The window runs from the last change, not the first.
  assert.equal(policy.decide(true, "bounceRange", 1700), "replace");
  assert.equal(policy.decide(true, "bounceRange", 2701), "push");
  // Another control starts its own entry; so does a change with no source.
  assert.equal(policy.decide(true, "durationRange", 2750), "push");
  assert.equal(policy.decide(true, null, 2760), "push");
  assert.equal(policy.decide(true, null, 2770), "push");
  // A drag in progress only replaces, and does not reset the window.
  assert.equal(policy.decide(true, "durationRange", 3000), "push");
  assert.equal(policy.decide(false, null, 3100), "replace");
  assert.equal(policy.decide(true, "durationRange", 3200), "replace");
  // After Back or Forward the next change is a new entry.
  policy.forget();
  assert.equal(policy.decide(true, "durationRange", 3300), "push");
});
