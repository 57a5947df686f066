#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora and the regression inputs from the hostile-input pass (issue 27)
into Fuzz/Corpus/<target>/. Seeds start with `seed-`; inputs that once crashed, hung or exhausted
memory start with `regression-`. Inputs libFuzzer finds later are added by hand under the same
rule. Run from anywhere; existing files of the same names are rewritten."""
import pathlib
import struct
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "scripts" / "lib"))
import exact_spring  # noqa: E402 (the exact motion, shared with the scripts and the tests)

ROOT = pathlib.Path(__file__).resolve().parent / "Corpus"
NAMES = ["damping", "response", "mass", "stiffness", "damping-coefficient", "swiftui-duration",
         "bounce", "framer-duration", "framer-visual-duration", "react-spring-tension", "friction",
         "figma-stiffness", "figma-damping", "origami-tension", "origami-friction",
         "pop-bounciness", "pop-speed"]


def write(target, name, data):
    folder = ROOT / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data if isinstance(data, bytes) else data.encode())


def spring_input(motion, values):
    """The spring-input target's encoding: from, to, velocity, then (name index, value) pairs."""
    out = b"".join(struct.pack(">d", x) for x in motion)
    for name, value in values:
        out += bytes([NAMES.index(name)]) + struct.pack(">d", value)
    return out


def trajectory(rows, header="t,position"):
    return header + "\n" + "".join(",".join(repr(v) for v in row) + "\n" for row in rows)


def exact(t, zeta=0.7, response=0.5):
    """The spring's position from 0 to 1 at t."""
    return 1 + exact_spring.displacement(zeta, response, -1.0, 0.0, t)


# trajectory
write("trajectory", "seed-exact", trajectory([(i / 120, exact(i / 120)) for i in range(60)]))
write("trajectory", "seed-velocity", trajectory([(i / 60, exact(i / 60), 0.0) for i in range(20)], "t,position,velocity"))
write("trajectory", "seed-comments", "\ufeff# recorded\r\n\r\nt,position\r\n0,0\r\n# mid\r\n0.5,1\r\n")
write("trajectory", "regression-values-1e308", trajectory([(i / 120, 1e308 if i % 2 else -1e308) for i in range(8)]))
write("trajectory", "regression-span-1e300", "t,position\n0,0\n1e300,1\n")
write("trajectory", "regression-times-1e299", trajectory([(1e299 * (1 + i * 1e-3), exact(i / 120)) for i in range(8)]))
write("trajectory", "regression-long-header", "t" * 5000 + "\n0,0\n")
write("trajectory", "regression-time-stretched", trajectory([(i / 120 * 1e12, exact(i / 120)) for i in range(20)]))

# from-code
write("from-code", "seed-swiftui", ".spring(response: 0.5, dampingFraction: 0.7)")
write("from-code", "seed-react-spring", "useSpring({ config: { tension: 170, friction: 26 } })")
write("from-code", "seed-android", "spring<Float>(dampingRatio = 0.7f, stiffness = 400f)")
write("from-code", "seed-react-native", "Animated.spring(value, { toValue: 100, tension: 40, friction: 7 })")
write("from-code", "seed-svelte", "const x = spring(0, { stiffness: 0.1, damping: 0.25 });")
write("from-code", "seed-anime", "animate(el, { x: 100, ease: spring({ bounce: 0.3, duration: 500 }) })")
write("from-code", "regression-damping-fraction-1e-9", ".spring(response: 0.5, dampingFraction: 1e-9)")
write("from-code", "regression-stiffness-1e308", "Spring(mass: 1, stiffness: 1e308, damping: 10)")

# studio-request: Host header line, then path?query
def request(host, target):
    return host.encode("utf-8", "surrogateescape") + b"\n" + target.encode()

write("studio-request", "seed-spring", request("127.0.0.1:8080", "/api/spring.json?damping=0.7&response=0.5"))
write("studio-request", "seed-chart", request("localhost", "/api/chart.svg?damping=0.5,0.9&response=0.4"))
write("studio-request", "seed-export", request("[::1]:9000", "/api/export.json?swiftui-duration=0.5&bounce=0.3"))
write("studio-request", "regression-host-arabic-digit", b"\xd9\xa1.1.1.1\n/")
write("studio-request", "regression-chart-to-5e-324", request("127.0.0.1", "/api/chart.svg?to=5e-324"))
write("studio-request", "regression-export-stiffness-1e308", request("127.0.0.1", "/api/export.json?stiffness=1e308&damping-coefficient=10"))
write("studio-request", "regression-export-stiffness-1e-300", request("127.0.0.1", "/api/export.json?stiffness=1e-300&damping-coefficient=10"))
write("studio-request", "regression-export-tension-1e308", request("127.0.0.1", "/api/export.json?react-spring-tension=1e308&friction=26"))
write("studio-request", "regression-export-figma-tiny", request("127.0.0.1", "/api/export.json?figma-stiffness=1e-300&figma-damping=10"))
write("studio-request", "regression-export-damping-1e-8", request("127.0.0.1", "/api/export.json?damping=1e-8&response=0.5"))
write("studio-request", "regression-export-damping-1e6", request("127.0.0.1", "/api/export.json?damping=1e6"))
write("studio-request", "regression-export-response-1e6", request("127.0.0.1", "/api/export.json?response=1e6"))
write("studio-request", "regression-export-friction-1e-8", request("127.0.0.1", "/api/export.json?react-spring-tension=170&friction=1e-8"))
write("studio-request", "regression-platform-damping-1e-8", request("127.0.0.1", "/api/platform.json?platform=react-spring&damping=1e-8"))

# spring-input
write("spring-input", "seed-ratio", spring_input((0, 100, 0), [("damping", 0.7), ("response", 0.5)]))
write("spring-input", "seed-physics", spring_input((0, 1, 2), [("stiffness", 300), ("damping-coefficient", 20), ("mass", 1)]))
write("spring-input", "seed-swiftui", spring_input((10, -5, 0), [("swiftui-duration", 0.5), ("bounce", 0.3)]))
write("spring-input", "regression-to-5e-324", spring_input((0, 5e-324, 0), [("damping", 0.7)]))
write("spring-input", "regression-stiffness-1e308", spring_input((0, 100, 0), [("stiffness", 1e308), ("damping-coefficient", 10)]))
write("spring-input", "regression-huge-c-mass", spring_input((0, 100, 0), [("stiffness", 100), ("damping-coefficient", 1e308), ("mass", 1e10)]))
write("spring-input", "regression-tension-1e308", spring_input((0, 100, 0), [("react-spring-tension", 1e308), ("friction", 26)]))
write("spring-input", "regression-figma-tiny", spring_input((0, 100, 0), [("figma-stiffness", 1e-300), ("figma-damping", 10)]))
write("spring-input", "regression-damping-1e-8", spring_input((0, 100, 0), [("damping", 1e-8), ("response", 0.5)]))
write("spring-input", "regression-friction-1e-8", spring_input((0, 100, 0), [("react-spring-tension", 170), ("friction", 1e-8)]))

# command-line: arguments separated by NUL
def line(*words):
    return "\0".join(words)

write("command-line", "seed-readme", line("--damping", "0.68", "--response", "0.8", "-o", "curve.png"))
write("command-line", "seed-export", line("export", "--target", "css", "--to", "300"))
write("command-line", "seed-track", line("track", "clip.mp4", "--roi", "0,0,64,64"))
write("command-line", "regression-curve-to-5e-324", line("curve", "--to", "5e-324"))
write("command-line", "regression-time-span-5e-324", line("curve", "--time-span", "5e-324"))
write("command-line", "regression-retarget-time-span", line("retarget", "--time-span", "1e-322"))
write("command-line", "regression-css-error-1e-320", line("export", "--target", "css", "--error", "1e-320"))
write("command-line", "regression-export-huge-c", line("export", "--stiffness", "100", "--damping-coefficient", "1e308", "--mass", "1e10"))
write("command-line", "regression-track-roi-int-max", line("track", "clip", "--roi", "9223372036854775807,0,10,10"))
# Sequence files (issue 32): the fixtures' three sequences, and extremes the export must refuse or bound.
FIXTURES = ROOT.parent.parent / "Tests" / "SpringMathTests" / "Fixtures" / "sequences"
for name in ["three-forms", "delayed-flung", "out-and-back"]:
    write("sequence", f"seed-{name}", (FIXTURES / f"{name}.json").read_bytes())
write("sequence", "seed-extremes", '{"from": 0, "keyframes": [{"to": 1, "spring": {"dampingRatio": 1e-9, "response": 1e-7}}, '
                                   '{"to": 5, "at": 3600, "spring": {"duration": 1e6, "bounce": -0.999999}}]}')

# chase (issue 44): a form byte (0 damping/response, 1 stiffness/damping-coefficient, 2 pasted code;
# +4 a time span follows, +8 one frame rate follows), the two parameters, from, to, velocity, the
# target's velocity, then path points (a marker byte, t, x).
def chase(form, a, b, motion, target_velocity, span=None, fps=None, points=()):
    out = bytes([form]) + b"".join(struct.pack(">d", x) for x in (a, b) + tuple(motion) + (target_velocity,))
    if span is not None:
        out += struct.pack(">d", span)
    if fps is not None:
        out += struct.pack(">d", fps)
    for t, x in points:
        out += b"\x01" + struct.pack(">d", t) + struct.pack(">d", x)
    return out

write("chase", "seed-readme", chase(0, 0.7, 0.4, (0, 0, 0), 300, points=[(0, 0), (0.5, 80), (1, 20)]))
write("chase", "seed-physics", chase(1, 300, 20, (0, 100, 0), -50, span=2, points=[(0, 0), (1, 100)]))
write("chase", "regression-lag-overflow", chase(1, 1, 1e300, (0, 0, 0), 1e100, points=[(0, 0), (60, 1e100)]))
write("chase", "regression-lag-1e210", chase(1 | 4, 1, 1e210, (0, 0, 0), 1e99, span=1))
write("chase", "regression-stiffness-5e-324", chase(1, 5e-324, 0, (0, 0, 0), 300))
write("chase", "regression-time-span-1e6", chase(0 | 4, 0.68, 0.8, (0, 1, 0), 300, span=1e6))
write("chase", "regression-damping-1e6", chase(0, 1e6, 0.5, (0, 1, 0), 300))
write("chase", "regression-code-stiffness-1e-30", chase(2, 0.5, 1e-30, (0, 1, 0), 300))
write("chase", "regression-response-1e5", chase(0, 0.68, 1e5, (0, 1, 0), 300))
write("chase", "regression-path-slope", chase(0, 0.68, 0.8, (0, 0, 0), 0, points=[(0, 0), (1e-300, 1e10)]))

write("sequence", "regression-unknown-key-newline", '{"from": 0, "a\\nb": 1, "a\\nyframes": []}')
write("sequence", "regression-duplicate-key-newline", '{"from": 0, "a\\nb": 1, "a\\nb": 2, "keyframes": []}')

# studio-query (issue 44): the query of the chase and sequence endpoints.
write("studio-query", "seed-chase", "damping=0.68&response=0.8&path=0:0,0.5:80,1:20")
write("studio-query", "seed-sequence", "sequence=" + '{"from":0,"keyframes":[{"to":100,"at":0,"spring":{"dampingRatio":0.68,"response":0.8}}]}')
write("studio-query", "regression-path-slope", "damping=0.68&response=0.8&path=0:0,1e-300:1e10")
write("studio-query", "regression-lag-overflow", "stiffness=1&damping-coefficient=1e300&path=0:0,60:1e100")
write("studio-query", "regression-sequence-duplicate-key",
      "sequence=" + '{"from":0,"keyframes":[{"to":1,"to":2,"at":0,"spring":{"dampingRatio":0.7,"response":0.5}}]}')
write("studio-query", "regression-sequence-outside-domain",
      "sequence=" + '{"from":0,"keyframes":[{"to":1,"at":0,"spring":{"dampingRatio":1e101,"response":1}}]}')

print(f"corpus written to {ROOT}")

# animate (issue 47): a form byte (mode: 0 springs, 1 retarget, 2 platforms, 3 chase; +4 --fps,
# +8 --duration, +16 --hold, +32 --width, +64 --height, +128 --scale follow, in that order), the
# damping ratio and response, from, to, velocity, the mode's number (and the retarget's new target).
def animate(form, a, b, motion, mode, extra=(), new_target=None):
    out = bytes([form]) + b"".join(struct.pack(">d", x) for x in (a, b) + tuple(motion) + (mode,))
    if new_target is not None:
        out += struct.pack(">d", new_target)
    return out + b"".join(struct.pack(">d", x) for x in extra)

write("animate", "seed-readme", animate(0, 0.68, 0.8, (0, 1, 0), 0))
write("animate", "seed-retarget", animate(1 | 4, 0.7, 0.6, (0, 100, 0), 0.25, new_target=40, extra=(30,)))
write("animate", "seed-platforms", animate(2 | 8 | 16, 0.68, 0.8, (0, 100, 0), 120, extra=(2, 0)))
write("animate", "seed-chase", animate(3 | 32 | 64 | 128, 0.7, 0.4, (0, 0, 0), 300, extra=(1000, 300, 2)))
write("animate", "seed-slow", animate(0 | 8, 1, 1e6, (0, 1, 0), 0, extra=(60,)))
write("command-line", "seed-animate", line("animate", "--damping", "0.3,0.7,1", "--response", "0.5", "--fps", "30", "-o", "c.webm"))
