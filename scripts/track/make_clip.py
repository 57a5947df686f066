#!/usr/bin/python3
# make_clip.py: renders one test clip for `springplot track`, plus its truth CSV.
#
# A static, busy, seeded background; on it a "card" (rounded rectangle, solid vivid fill, darker
# border, a few light inner bars) that moves along x or y, or scales about its centre, following a
# damped spring (exact closed form), a cubic-bezier / linear curve, or a recorded platform
# trajectory (/work/shared/platforms/*.csv). Drawn with Cairo at sub-pixel positions.
#
# Needs /usr/bin/python3 with pycairo (standard library otherwise) and ffmpeg/ffprobe on PATH.
#
#   scripts/track/make_clip.py --zeta 0.5 --response 0.5 --from 100 --to 380 --fps 60 \
#       --duration 1.5 -o x.mp4 --truth x.truth.csv
#   scripts/track/make_clip.py --property scale --from 0.6 --to 1.0 --fps 50 -o s.gif
#   scripts/track/make_clip.py --fps 120 --drop 0.1 --jitter 2 -o vfr.mov
#   scripts/track/make_clip.py --codec png -o frames/        (frame_00001.png ...; no timestamps)
#   scripts/track/make_clip.py --snap 2 -o snapped.mp4       (the card drawn at 2 px steps)
#   scripts/track/make_clip.py --dpr 2 -o retina.mp4         (CSS px x 2, at whole device pixels)
#
# Timing: frame i has nominal time i/fps, plus Gaussian jitter (--jitter MS, never on frame 0,
# gaps kept >= 2 ms), minus --drop'ped frames (never the first or last). Times are then rounded
# to the container's tick (MP4/MOV 1 us, WebM 1 ms, GIF 10 ms) and the card is drawn at the
# value the motion has at that rounded time, so the truth equals what the file carries. Frames
# are piped raw into ffmpeg and given their timestamps with settb/setpts (variable frame rate,
# -fps_mode passthrough). After encoding, ffprobe's decoded frame times are compared with the
# truth; any mismatch is an error. Note: ffprobe's r_frame_rate of such a file is the tick
# (e.g. 1000000/1), not the fps: read per-frame timestamps.
#
# Pixel snapping, as toolkits draw (Wave's integralizeValues, a browser's layout): --snap STEP puts
# the card's leading edge on a multiple of STEP px, and --dpr R draws a motion given in CSS px
# (--from, --to, --velocity) at R device px per CSS px with the edge on whole device pixels (STEP
# 1 unless --snap says otherwise). The truth holds the drawn, snapped value in clip pixels; the
# params hold the spring asked for.
#
# Truth CSV: '#' lines (one of them the parameters as JSON), then `t,value` and one row a frame.
# Positions use the pixel-index convention: the pixel in column i covers Cairo x in [i, i+1) and
# its centre is at i, so value = Cairo coordinate - 0.5 (a centroid over pixel indices gives it
# directly). For --property scale, --from/--to/--velocity are scale factors and the truth value
# is the card's outer width in pixels (W * scale).
import argparse
import bisect
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

import cairo

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
import exact_spring  # noqa: E402 (scripts/lib: the exact motion)

TICKS = {"h264": 1000000, "mov": 1000000, "webm": 1000, "gif": 100}
EXTENSIONS = {".mp4": "h264", ".m4v": "h264", ".mov": "mov", ".webm": "webm", ".gif": "gif"}


# ----------------------------------------------------------------------------------- motions

def cubic_bezier(x1, y1, x2, y2):
    """CSS cubic-bezier(x1,y1,x2,y2) as a function of progress p in [0,1]."""
    def coord(u, a, b):
        return 3 * (1 - u) * (1 - u) * u * a + 3 * (1 - u) * u * u * b + u * u * u

    def slope(u, a, b):
        return 3 * (1 - u) * (1 - u) * a + 6 * (1 - u) * u * (b - a) + 3 * u * u * (1 - b)

    def ease(p):
        if p <= 0.0:
            return 0.0
        if p >= 1.0:
            return 1.0
        u = p
        for _ in range(8):  # Newton on x(u) = p, then bisection if it did not converge
            err = coord(u, x1, x2) - p
            if abs(err) < 1e-12:
                return coord(u, y1, y2)
            s = slope(u, x1, x2)
            if abs(s) < 1e-9:
                break
            u -= err / s
        if not (0.0 <= u <= 1.0) or abs(coord(u, x1, x2) - p) > 1e-10:
            lo, hi = 0.0, 1.0
            for _ in range(80):
                u = 0.5 * (lo + hi)
                if coord(u, x1, x2) < p:
                    lo = u
                else:
                    hi = u
        return coord(u, y1, y2)
    return ease


def read_recording(path):
    times, positions, header = [], [], ""
    with open(path) as handle:
        for line in handle:
            line = line.strip()
            if not line:
                continue
            if line.startswith("#"):
                header = header or line.lstrip("# ")
                continue
            if line.startswith("t,"):
                continue
            t, p = line.split(",")[:2]
            times.append(float(t))
            positions.append(float(p))
    if len(times) < 2:
        sys.exit(f"make_clip: {path}: fewer than two rows")
    return times, positions, header


class Motion:
    """value(t) for absolute clip time t (seconds), in the motion's own units."""

    def __init__(self, kind, start, end, onset, **kw):
        self.kind, self.start, self.end, self.onset = kind, start, end, onset
        self.kw = kw
        if kind == "bezier":
            self.ease = cubic_bezier(*kw["points"])
        if kind == "recording":
            self.times, self.positions = kw["times"], kw["positions"]
        if kind == "spring":
            self.exact = exact_spring.unit(kw["zeta"], kw["response"]).motion(start - end, kw["velocity"])

    def value(self, t):
        tau = t - self.onset
        if self.kind == "still" or tau <= 0.0:
            return self.start
        if self.kind == "spring":
            return self.end + self.exact.position(tau)
        if self.kind in ("bezier", "linear"):
            p = min(1.0, tau / self.kw["duration"])
            eased = self.ease(p) if self.kind == "bezier" else p
            return self.start + (self.end - self.start) * eased
        # recording
        scale, first = self.kw["scale"], self.positions[0]
        if self.kw["interp"] == "hold":
            # a screen recording shows the newest displayed row; 0.25 ms slack absorbs the
            # 7-decimal rounding of the recorded times
            i = bisect.bisect_right(self.times, tau + 0.00025) - 1
            pos = self.positions[max(0, i)]
        else:
            i = bisect.bisect_right(self.times, tau)
            if i >= len(self.times):
                pos = self.positions[-1]
            else:
                t0, t1 = self.times[i - 1], self.times[i]
                p0, p1 = self.positions[i - 1], self.positions[i]
                pos = p0 + (p1 - p0) * (tau - t0) / (t1 - t0)
        return self.start + scale * (pos - first)


# ----------------------------------------------------------------------------------- drawing

def muted_colour(rng, grey_bias=0.5):
    if rng.random() < grey_bias:
        g = rng.uniform(0.08, 0.95)
        return (g, g, g)
    h, s, v = rng.random(), rng.uniform(0.05, 0.35), rng.uniform(0.2, 0.95)
    i = int(h * 6) % 6
    f = h * 6 - int(h * 6)
    p, q, r = v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f))
    return [(v, r, p), (q, v, p), (p, v, r), (p, q, v), (r, p, v), (v, p, q)][i]


def rounded_rect(cr, x, y, w, h, radius):
    radius = max(0.0, min(radius, w / 2, h / 2))
    cr.new_sub_path()
    cr.arc(x + w - radius, y + radius, radius, -math.pi / 2, 0)
    cr.arc(x + w - radius, y + h - radius, radius, 0, math.pi / 2)
    cr.arc(x + radius, y + h - radius, radius, math.pi / 2, math.pi)
    cr.arc(x + radius, y + radius, radius, math.pi, 3 * math.pi / 2)
    cr.close_path()


def render_background(width, height, seed, style="busy"):
    """A busy but static scene: gradients, panels, blobs, lines, text-like bars, a UI grid.
    style "ui" has a flat base and no blobs (same shapes): it compresses ~3x better as PNG."""
    rng = random.Random(f"{seed}:background")
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    cr = cairo.Context(surface)
    area = width * height / (480.0 * 270.0)
    unit = math.sqrt(area)  # sizes grow with the frame's linear size

    gradient = cairo.LinearGradient(0, 0, width * rng.uniform(0.6, 1.0), height)
    for stop in (0.0, 0.5, 1.0):
        gradient.add_color_stop_rgb(stop, *muted_colour(rng, 0.3))
    if style == "ui":
        cr.set_source_rgb(*muted_colour(random.Random(f"{seed}:ui"), 0.7))
    else:
        cr.set_source(gradient)
    cr.paint()

    for _ in range(3 if style == "busy" else 0):  # soft radial blobs
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        r = rng.uniform(0.15, 0.45) * width
        blob = cairo.RadialGradient(cx, cy, 0, cx, cy, r)
        blob.add_color_stop_rgba(0, *muted_colour(rng, 0.2), 0.6)
        blob.add_color_stop_rgba(1, *muted_colour(rng, 0.2), 0.0)
        cr.set_source(blob)
        cr.paint()

    cr.set_line_width(max(1.0, 0.6 * unit))  # faint UI grid
    step = rng.uniform(28, 48) * unit
    cr.set_source_rgba(*muted_colour(rng, 0.9), 0.35)
    x = rng.uniform(0, step)
    while x < width:
        cr.move_to(math.floor(x) + 0.5, 0)
        cr.line_to(math.floor(x) + 0.5, height)
        x += step
    y = rng.uniform(0, step)
    while y < height:
        cr.move_to(0, math.floor(y) + 0.5)
        cr.line_to(width, math.floor(y) + 0.5)
        y += step
    cr.stroke()

    for _ in range(int(40 * area)):  # panels and buttons
        w, h = rng.uniform(8, 110) * unit, rng.uniform(6, 70) * unit
        x, y = rng.uniform(-w / 2, width), rng.uniform(-h / 2, height)
        rounded_rect(cr, x, y, w, h, rng.choice([0, 0, 2, 4, 8]) * unit)
        cr.set_source_rgba(*muted_colour(rng), rng.uniform(0.55, 1.0))
        if rng.random() < 0.75:
            cr.fill()
        else:
            cr.set_line_width(rng.uniform(0.7, 2.5) * unit)
            cr.stroke()

    for _ in range(int(25 * area)):  # circles (avatars, icons)
        r = rng.uniform(2, 22) * unit
        cr.arc(rng.uniform(0, width), rng.uniform(0, height), r, 0, 2 * math.pi)
        cr.set_source_rgba(*muted_colour(rng), rng.uniform(0.5, 1.0))
        cr.fill()

    for _ in range(int(30 * area)):  # lines
        cr.move_to(rng.uniform(0, width), rng.uniform(0, height))
        if rng.random() < 0.5:
            cr.line_to(rng.uniform(0, width), rng.uniform(0, height))
        else:
            cr.rel_line_to(rng.uniform(-80, 80) * unit, 0)
        cr.set_line_width(rng.uniform(0.5, 3.0) * unit)
        cr.set_source_rgba(*muted_colour(rng), rng.uniform(0.5, 1.0))
        cr.stroke()

    for _ in range(int(10 * area)):  # paragraphs of text-like bars
        x0, y0 = rng.uniform(-20, width - 30), rng.uniform(-10, height - 10)
        bar_h = rng.uniform(2.5, 5.5) * unit
        pitch = bar_h * rng.uniform(1.7, 2.4)
        colour = muted_colour(rng, 0.8)
        column = rng.uniform(40, 140) * unit
        for line in range(rng.randint(2, 7)):
            x = x0
            y = y0 + line * pitch
            end = x0 + column * (rng.uniform(0.4, 0.8) if line and rng.random() < 0.3 else 1.0)
            while x < end:
                word = rng.uniform(4, 22) * unit
                cr.rectangle(x, y, min(word, end - x), bar_h)
                x += word + rng.uniform(2, 4) * unit
        cr.set_source_rgb(*colour)
        cr.fill()
    surface.flush()
    return surface


CARD_COLOURS = {
    "main": ((0.96, 0.42, 0.10), (0.55, 0.20, 0.03)),   # vivid orange, dark brown border
    "second": ((0.16, 0.46, 0.96), (0.06, 0.20, 0.50)),  # vivid blue, dark blue border
}


def draw_card(cr, cx, cy, width, height, scale, which="main"):
    """Card centred on Cairo point (cx, cy), nominal outer size width x height, scaled about
    its centre (border and bars scale too, like a CSS transform). The outer edge of the border
    is the card's extent."""
    fill, edge = CARD_COLOURS[which]
    border = max(1.0, min(2.0, width / 40.0))
    cr.save()
    cr.translate(cx, cy)
    cr.scale(scale, scale)
    radius = 0.18 * min(width, height)
    rounded_rect(cr, -width / 2, -height / 2, width, height, radius)
    cr.set_source_rgb(*fill)
    cr.fill()
    for i, length in enumerate((0.66, 0.50, 0.36)):  # text lines
        y = -height / 2 + height * (0.24 + 0.2 * i)
        cr.rectangle(-width / 2 + 0.14 * width, y, length * width, 0.085 * height)
    cr.set_source_rgba(1.0, 0.97, 0.92, 0.9)
    cr.fill()
    half = border / 2
    rounded_rect(cr, -width / 2 + half, -height / 2 + half, width - border, height - border,
                 radius - half)
    cr.set_line_width(border)
    cr.set_source_rgb(*edge)
    cr.stroke()
    cr.restore()


# ------------------------------------------------------------------------------------ timing

def frame_times(fps, duration, drop, jitter_ms, seed, tick):
    """Returns (times, kept nominal indices, dropped indices). Times rounded to 1/tick s."""
    count = max(1, int(round(duration * fps)))
    nominal = [i / fps for i in range(count)]
    times = list(nominal)
    if jitter_ms > 0:
        rng = random.Random(f"{seed}:jitter")
        limit = 0.45 / fps
        for i in range(1, count):
            times[i] += max(-limit, min(limit, rng.gauss(0.0, jitter_ms / 1000.0)))
        for i in range(1, count):  # strictly increasing, gaps >= 2 ms
            times[i] = max(times[i], times[i - 1] + 0.002)
    dropped = []
    if drop > 0 and count > 2:
        rng = random.Random(f"{seed}:drop")
        dropped = sorted(rng.sample(range(1, count - 1), min(count - 2, int(round(drop * count)))))
    gone = set(dropped)
    kept = [i for i in range(count) if i not in gone]
    if tick:
        out = [round(times[i] * tick) / tick for i in kept]
    else:
        out = [times[i] for i in kept]
    for a, b in zip(out, out[1:]):
        if not b > a:
            sys.exit("make_clip: frame times collide after rounding to the container tick")
    return out, kept, dropped


# ------------------------------------------------------------------------------------ encode

def ffmpeg_command(codec, width, height, fps, out, filter_path, crf, preset):
    tick = TICKS[codec]
    cmd = ["ffmpeg", "-y", "-hide_banner", "-loglevel", "error", "-nostdin",
           "-f", "rawvideo", "-pix_fmt", "bgra", "-s", f"{width}x{height}",
           "-framerate", str(fps), "-i", "-",
           "-filter_script:v", filter_path, "-fps_mode", "passthrough",
           "-enc_time_base:v", f"1:{tick}", "-an"]
    colour = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
              "-color_range", "tv"]
    if codec in ("h264", "mov"):
        cmd += ["-c:v", "libx264", "-preset", preset, "-crf", str(23 if crf is None else crf),
                "-pix_fmt", "yuv420p", *colour, "-video_track_timescale", str(tick),
                "-movflags", "+faststart"]
    elif codec == "webm":
        cmd += ["-c:v", "libvpx-vp9", "-crf", str(32 if crf is None else crf), "-b:v", "0",
                "-deadline", "good", "-cpu-used", "4", "-row-mt", "1",
                "-pix_fmt", "yuv420p", *colour]
    elif codec == "gif":
        cmd += ["-c:v", "gif", "-loop", "0", "-final_delay", str(max(2, int(round(100 / fps))))]
    return cmd + [out]


def filter_graph(codec, ticks):
    tick = TICKS[codec]
    # pts of frame N = ticks[N], as a balanced binary search on N (ffmpeg's expression parser
    # refuses deep nesting, and a flat sum of ~100 terms already nests too deep)
    def lookup(lo, hi):
        if hi - lo == 1:
            return str(ticks[lo])
        mid = (lo + hi) // 2
        return f"if(lt(N\\,{mid})\\,{lookup(lo, mid)}\\,{lookup(mid, hi)})"
    graph = f"settb=1/{tick},setpts={lookup(0, len(ticks))}"
    if codec in ("h264", "mov", "webm"):
        graph += ",scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"
    else:
        # ordered (Bayer) dithering depends on pixel position only, so the static background
        # stays identical frame to frame; error diffusion would shimmer around the card
        graph += (",split[a][b];[a]palettegen=stats_mode=full[p];"
                  "[b][p]paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle")
    return graph


def probe_times(path):
    result = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
         "frame=best_effort_timestamp_time,width,height", "-of", "json", path],
        capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"make_clip: ffprobe failed on {path}: {result.stderr.strip()}")
    frames = json.loads(result.stdout).get("frames", [])
    return [float(f["best_effort_timestamp_time"]) for f in frames], frames


# -------------------------------------------------------------------------------------- main

def parse_pair(text, name, even=False):
    m = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text)
    if not m:
        raise argparse.ArgumentTypeError(f"{name} must look like WxH")
    w, h = int(m.group(1)), int(m.group(2))
    if even and (w % 2 or h % 2):
        raise argparse.ArgumentTypeError(f"{name} needs even numbers (yuv420p)")
    return w, h


def build_parser():
    p = argparse.ArgumentParser(description="Render a test clip for `springplot track`.")
    p.add_argument("-o", "--output", required=True, help="clip path (.mp4 .mov .webm .gif) or a folder for --codec png")
    p.add_argument("--truth", help="truth CSV path (default: OUTPUT with .truth.csv)")
    p.add_argument("--codec", choices=["h264", "mov", "webm", "gif", "png"], help="default: from the extension")
    p.add_argument("--property", choices=["x", "y", "scale"], default="x")
    p.add_argument("--zeta", type=float, default=0.5)
    p.add_argument("--response", type=float, default=0.5, help="seconds")
    p.add_argument("--from", dest="start", type=float, help="start value (px; scale factor for --property scale)")
    p.add_argument("--to", dest="end", type=float, help="target value")
    p.add_argument("--velocity", type=float, default=0.0, help="initial velocity, value units/s")
    p.add_argument("--onset", type=float, default=0.1, help="still time before the motion, s")
    p.add_argument("--fps", type=float, default=60.0)
    p.add_argument("--duration", type=float, default=1.5, help="clip length, s")
    p.add_argument("--size", type=lambda s: parse_pair(s, "--size", True), default=(480, 270))
    p.add_argument("--card", type=lambda s: parse_pair(s, "--card"), help="nominal card WxH (default 64x40 scaled with --size)")
    p.add_argument("--cross", type=float, help="the fixed other coordinate of the card centre (px, pixel-index convention)")
    p.add_argument("--crf", type=float, help="H.264 default 23, VP9 default 32")
    p.add_argument("--preset", default="medium", help="x264 preset")
    p.add_argument("--drop", type=float, default=0.0, help="fraction of frames to drop (never first/last)")
    p.add_argument("--jitter", type=float, default=0.0, help="timestamp jitter std-dev, ms")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--background", choices=["busy", "ui"], default="busy",
                   help="busy: gradients and soft blobs; ui: flat base (much smaller PNG frames)")
    p.add_argument("--curve", help="instead of a spring: 'cubic-bezier(a,b,c,d)' or 'linear'")
    p.add_argument("--curve-duration", type=float, default=0.6, help="s, for --curve")
    p.add_argument("--recording", help="a /work/shared/platforms/*.csv trajectory to play from --onset")
    p.add_argument("--recording-scale", type=float, help="px per recording unit (default: travel = 60%% of the frame)")
    p.add_argument("--recording-interp", choices=["hold", "linear"], default="hold",
                   help="hold: each frame shows the newest recorded row (as a screen shows it)")
    p.add_argument("--second-card", action="store_true", help="a second card moving at the same time")
    p.add_argument("--still", action="store_true", help="nothing moves")
    p.add_argument("--snap", type=float, help="draw the card's leading edge at multiples of this many px")
    p.add_argument("--dpr", type=float, help="device px per CSS px: --from/--to/--velocity in CSS px, drawn at whole device px")
    p.add_argument("--quiet", action="store_true")
    return p


def make_clip(args):
    started = time.time()
    width, height = args.size
    codec = args.codec
    ext = os.path.splitext(args.output.rstrip("/"))[1].lower()
    if codec is None:
        codec = EXTENSIONS.get(ext, "png" if ext == "" else None)
        if codec is None:
            sys.exit(f"make_clip: cannot tell the codec from '{ext}'; give --codec")
    if codec == "h264" and ext == ".mov":
        codec = "mov"
    if codec in ("h264", "mov", "webm", "gif") and ext not in EXTENSIONS:
        sys.exit(f"make_clip: --codec {codec} wants an output file with a video extension")
    if codec == "png" and (args.drop or args.jitter):
        sys.exit("make_clip: a PNG folder carries no timestamps: --drop/--jitter make no sense")
    if codec == "gif":
        if args.jitter:
            sys.exit("make_clip: GIF delays are whole centiseconds: no --jitter")
        if args.fps > 50:
            sys.exit("make_clip: GIF needs >= 20 ms between frames (decoders turn shorter delays into 100 ms): --fps <= 50")
        if abs(100.0 / args.fps - round(100.0 / args.fps)) > 1e-9:
            print(f"make_clip: note: GIF delays are whole centiseconds; at {args.fps:g} fps the frame "
                  "times are rounded to 10 ms and come out uneven (the truth says so)", file=sys.stderr)
    if args.fps <= 0 or args.duration <= 0 or args.response <= 0 or args.zeta <= 0:
        sys.exit("make_clip: --fps, --duration, --response and --zeta must be positive")
    if sum(bool(x) for x in (args.curve, args.recording, args.still)) > 1:
        sys.exit("make_clip: choose one of --curve, --recording, --still")

    if args.card:
        card_w, card_h = args.card
    else:
        card_w, card_h = round(64 * width / 480), round(40 * height / 270)
    prop = args.property
    span = width if prop in ("x", "scale") else height
    if prop == "scale":
        start = 0.6 if args.start is None else args.start
        end = 1.0 if args.end is None else args.end
    else:
        start = 0.2 * span if args.start is None else args.start
        end = 0.8 * span if args.end is None else args.end

    recording_info = None
    if args.still:
        motion = Motion("still", start, start, args.onset)
        kind = "still"
    elif args.recording:
        times, positions, header = read_recording(args.recording)
        travel = positions[-1] - positions[0] or max(positions, key=lambda p: abs(p - positions[0])) - positions[0]
        if args.recording_scale is not None:
            scale = args.recording_scale
        elif args.start is not None and args.end is not None:
            scale = (end - start) / travel
        elif prop == "scale":
            scale = 0.4 / travel
        else:
            scale = 0.6 * span / travel
        end = start + scale * travel
        motion = Motion("recording", start, end, args.onset, times=times, positions=positions,
                        scale=scale, interp=args.recording_interp)
        kind = "recording"
        recording_info = {"file": os.path.basename(args.recording), "header": header,
                          "scale": scale, "interp": args.recording_interp,
                          "rows": len(times), "last_row_t": times[-1]}
    elif args.curve:
        text = args.curve.replace(" ", "")
        m = re.fullmatch(r"cubic-bezier\(([^,]+),([^,]+),([^,]+),([^,]+)\)", text)
        if m:
            points = [float(g) for g in m.groups()]
            if not (0 <= points[0] <= 1 and 0 <= points[2] <= 1):
                sys.exit("make_clip: cubic-bezier x values must be in [0, 1]")
            motion = Motion("bezier", start, end, args.onset, points=points, duration=args.curve_duration)
        elif text == "linear":
            motion = Motion("linear", start, end, args.onset, duration=args.curve_duration)
        else:
            sys.exit(f"make_clip: unknown --curve '{args.curve}'")
        kind = "curve"
    else:
        motion = Motion("spring", start, end, args.onset, zeta=args.zeta,
                        response=args.response, velocity=args.velocity)
        kind = "spring"

    # fixed coordinates (pixel-index convention; Cairo = index + 0.5)
    second = None
    if prop == "x":
        cross = (height / 2 - 0.5) if args.cross is None else args.cross
    elif prop == "y":
        cross = (width / 2 - 0.5) if args.cross is None else args.cross
    else:
        cross = None
    if args.second_card:
        # another spring on its own line, the other way, starting at the same onset
        if prop == "y":
            line, a, b = 0.2 * width, 0.75 * height, 0.3 * height
        else:
            line, a, b = 0.22 * height, 0.8 * width, 0.3 * width
        second = (line, Motion("spring", a, b, args.onset, zeta=0.35, response=0.45, velocity=0.0))
        second_axis = "y" if prop == "y" else "x"

    tick = TICKS.get(codec)
    times, kept, dropped = frame_times(args.fps, args.duration, args.drop, args.jitter, args.seed, tick)
    values = [motion.value(t) for t in times]
    if args.snap is not None or args.dpr is not None:
        if prop == "scale":
            sys.exit("make_clip: --snap and --dpr move the card's position: not with --property scale")
        ratio = 1.0 if args.dpr is None else args.dpr
        step = 1.0 if args.snap is None else args.snap
        if not (ratio > 0 and step > 0):
            sys.exit("make_clip: --snap and --dpr must be positive")
        size = card_w if prop == "x" else card_h
        # The leading edge in Cairo coordinates is value + 0.5 - size / 2; snap it, keep the size.
        values = [round((ratio * v + 0.5 - size / 2) / step) * step - 0.5 + size / 2 for v in values]
    truth_values = [v * card_w for v in values] if prop == "scale" else values

    background = render_background(width, height, args.seed, args.background)
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    cr = cairo.Context(surface)

    def render(t, v):
        cr.set_source_surface(background, 0, 0)
        cr.set_operator(cairo.OPERATOR_SOURCE)
        cr.paint()
        cr.set_operator(cairo.OPERATOR_OVER)
        if second is not None:
            line, m2 = second
            s = m2.value(t)
            if second_axis == "x":
                draw_card(cr, s + 0.5, line + 0.5, card_w, card_h, 1.0, "second")
            else:
                draw_card(cr, line + 0.5, s + 0.5, card_w, card_h, 1.0, "second")
        if prop == "x":
            draw_card(cr, v + 0.5, cross + 0.5, card_w, card_h, 1.0)
        elif prop == "y":
            draw_card(cr, cross + 0.5, v + 0.5, card_w, card_h, 1.0)
        else:
            draw_card(cr, width / 2, height / 2, card_w, card_h, v)
        surface.flush()

    out = args.output
    worst = 0.0
    if codec == "png":
        if os.path.exists(out):
            for name in os.listdir(out):
                if re.fullmatch(r"frame_\d+\.png", name):
                    os.remove(os.path.join(out, name))
        os.makedirs(out, exist_ok=True)
        for n, (t, v) in enumerate(zip(times, values)):
            render(t, v)
            surface.write_to_png(os.path.join(out, f"frame_{n + 1:05d}.png"))
        written = len([n for n in os.listdir(out) if re.fullmatch(r"frame_\d+\.png", n)])
        if written != len(times):
            sys.exit(f"make_clip: wrote {written} PNG frames, expected {len(times)}")
        check = f"{written} PNG frames (no timestamps; nominal i/fps)"
    else:
        ticks = [int(round(t * tick)) for t in times]
        os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="make_clip_") as tmp:
            filter_path = os.path.join(tmp, "filter.txt")
            with open(filter_path, "w") as handle:
                handle.write(filter_graph(codec, ticks))
            cmd = ffmpeg_command(codec, width, height, args.fps, out, filter_path, args.crf, args.preset)
            proc = subprocess.Popen(cmd, stdin=subprocess.PIPE)
            try:
                for t, v in zip(times, values):
                    render(t, v)
                    proc.stdin.write(surface.get_data())
                proc.stdin.close()
            except BrokenPipeError:
                pass
            if proc.wait() != 0:
                sys.exit(f"make_clip: ffmpeg failed: {' '.join(cmd)}")
        decoded, frames = probe_times(out)
        if len(decoded) != len(times):
            sys.exit(f"make_clip: {out}: decoded {len(decoded)} frames, truth has {len(times)}")
        if frames and (frames[0].get("width"), frames[0].get("height")) != (width, height):
            sys.exit(f"make_clip: {out}: decoded size {frames[0].get('width')}x{frames[0].get('height')}")
        worst = max(abs(a - b) for a, b in zip(decoded, times))
        allowed = 0.5 / tick + 1e-9
        if worst > allowed:
            bad = next(i for i, (a, b) in enumerate(zip(decoded, times)) if abs(a - b) > allowed)
            sys.exit(f"make_clip: {out}: frame {bad} decodes at {decoded[bad]!r} s, truth {times[bad]!r} s "
                     f"(worst difference {worst:.3g} s > {allowed:.3g} s)")
        check = f"ffprobe: {len(decoded)} frames, worst |t - truth| = {worst:.3g} s (tick {1 / tick:g} s)"

    params = {
        "motion": kind, "zeta": args.zeta if kind == "spring" else None,
        "response": args.response if kind == "spring" else None,
        "from": start, "to": end, "velocity": args.velocity if kind == "spring" else None,
        "onset": args.onset, "property": prop, "fps": args.fps, "duration": args.duration,
        "size": [width, height], "card": [card_w, card_h], "cross": cross, "codec": codec,
        "container_tick_s": (1.0 / tick) if tick else None, "drop": args.drop,
        "jitter_ms": args.jitter, "seed": args.seed, "background": args.background,
        "curve": args.curve, "curve_duration": args.curve_duration if args.curve else None,
        "recording": recording_info, "second_card": args.second_card, "still": args.still,
        "frames": len(times), "nominal_frames": len(kept) + len(dropped),
        "dropped_nominal_indices": dropped, "snap": args.snap, "dpr": args.dpr,
    }
    if prop == "scale":
        unit = (f"value = the card's outer width in px = {card_w} * scale; --from/--to/--velocity "
                f"are scale factors; the centre stays at Cairo ({width / 2:g}, {height / 2:g})")
    else:
        unit = (f"value = the card centre's {prop} in px, pixel-index convention: pixel i covers "
                f"Cairo [i, i+1) and has its centre at i, so Cairo {prop} = value + 0.5")
    truth = args.truth or (re.sub(r"(\.[A-Za-z0-9]+)?/?$", "", out.rstrip("/")) + ".truth.csv")
    with open(truth, "w") as handle:
        handle.write("# springplot track test clip, made by scripts/track/make_clip.py\n")
        handle.write("# params " + json.dumps(params, sort_keys=True) + "\n")
        handle.write(f"# {unit}\n")
        if codec == "png":
            handle.write("# t = nominal frame time i/fps (a PNG folder carries no timestamps)\n")
        else:
            handle.write(f"# t = presentation time of each encoded frame, s, as stored in the file (tick 1/{tick} s)\n")
        handle.write("t,value\n")
        for t, v in zip(times, truth_values):
            handle.write(f"{t!r},{v!r}\n")

    if not args.quiet:
        size = (sum(os.path.getsize(os.path.join(out, n)) for n in os.listdir(out))
                if os.path.isdir(out) else os.path.getsize(out))
        print(f"{out}: {codec} {width}x{height}, {len(times)} frames ({len(dropped)} dropped), "
              f"{size / 1024:.1f} KiB, {time.time() - started:.2f} s; {check}; truth {truth}")
    return {"output": out, "truth": truth, "frames": len(times), "worst_ts_diff": worst, "params": params}


def main(argv=None):
    make_clip(build_parser().parse_args(argv))


if __name__ == "__main__":
    main()
