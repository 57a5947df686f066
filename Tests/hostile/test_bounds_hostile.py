"""The bounds of issue 44: inputs past the springs' domain, too many frames, media that declare
huge or changing frames, duplicate keys, and springplot stopped by a signal while it writes.

Every CLI run keeps the contract of hostile_support (below 128, one line on standard error when it
refuses, under 10 s, in 2 GiB); where the issue says the input must be refused, it must also exit
non-zero, and where it says what the message names, the message names it. Every studio request is
answered within 10 s with the status the issue gives, and the studio answers a normal request
after it. Track runs need ffmpeg and ffprobe on the PATH (scripts/setup.sh --tests installs them)."""
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import time

import pytest

import hostile_support as hs
import media_bombs as mb

needs_ffmpeg = pytest.mark.skipif(not mb.ffmpeg_available(),
                                  reason="ffmpeg and ffprobe are not on the PATH (scripts/setup.sh --tests installs them)")


def run(args, tmp_path, *, stdin=None, tracks=False, refused=False, names=(), not_names=()):
    """Runs springplot in tmp_path with TMPDIR = tmp_path/tmp and checks the contract; with
    `refused`, it must exit non-zero; a refusal's line must contain each of `names` and none of
    `not_names`."""
    def more(result):
        extra = []
        if refused and result.code == 0:
            extra.append("ACCEPTED: exit 0, where the issue wants a refusal")
        if result.code != 0 and not result.timed_out:
            for name in names:
                if not name_found(name, result.stderr):
                    extra.append(f"MESSAGE: the refusal does not name {str(name)!r}{' in quotes' if isinstance(name, Quoted) else ''}")
            for name in not_names:
                if name in result.stderr:
                    extra.append(f"MESSAGE: the refusal names {name!r}")
        return extra
    return hs.run_checked(args, tmp_path, stdin=stdin, tracks=tracks, extra_check=more)


class Quoted(str):
    """A name the message must give in quotes (a key such as 'to' is also an everyday word)."""


def name_found(name, text: str) -> bool:
    if isinstance(name, Quoted):
        return re.search(r"""['"`‘“]%s['"`’”]""" % re.escape(name), text) is not None
    return name in text


class Media(hs.MadeOnce):
    """The crafted recordings (media_bombs), each written once on first use."""

    def get(self, kind: str) -> pathlib.Path:
        name, make = BOMBS[kind]
        return self._once(name, make)


# The media bombs by id: (file name, maker). A file name without a known extension is probed by its
# content, as the studio's upload (saved as "recording") is.
BOMBS = {
    "gif-6300x6300-200-frames": ("huge.gif", lambda p: mb.huge_gif()),
    "png-16000x16000": ("huge.png", lambda p: mb.black_png(16000, 16000)),
    "gif-480x270-then-16000x16000": ("size-change.gif", lambda p: mb.size_changing_gif()),
    "pngs-480x270-then-16000x16000": ("size-change-pngs", lambda p: mb.size_changing_png_stream()),
    "mkv-480x270-then-16000x16000": ("size-change.mkv", mb.size_changing_mkv),
    "gif-100000-frames": ("many-100k.gif", lambda p: mb.many_frames_gif(100_000)),
    "gif-400000-frames": ("many-400k.gif", lambda p: mb.many_frames_gif(400_000)),
}
STUDIO_BOMBS = [kind for kind in BOMBS if kind != "gif-400000-frames"]


@pytest.fixture(scope="module")
def media(tmp_path_factory):
    return Media(tmp_path_factory.mktemp("media-bombs"))


# ------------------------------------------------------------------- the springs' domain (CLI)

def test_data_chase_with_huge_damping_coefficient(tmp_path):
    run(["data", "--stiffness", "1", "--damping-coefficient", "1e300", "--target-velocity", "1e100", "--samples", "5"],
        tmp_path, refused=True)


CHASE_REFUSED = {
    "c=1e300,V=1e100": ["--stiffness", "1", "--damping-coefficient", "1e300", "--target-velocity", "1e100"],
    "c=1e210,V=1e99": ["--damping-coefficient", "1e210", "--stiffness", "1", "--target-velocity", "1e99"],
    "k=5e-324,c=0": ["--stiffness", "5e-324", "--damping-coefficient", "0", "--target-velocity", "300"],
    "time-span=1e6": ["--target-velocity", "300", "--time-span", "1e6"],
    "compose-stiffness=1e-30": ["--from-code", "spring(dampingRatio = 0.5f, stiffness = 1e-30f)", "--target-velocity", "300"],
}


@pytest.mark.parametrize("case", list(CHASE_REFUSED))
def test_chase_refused(tmp_path, case):
    run(["chase"] + CHASE_REFUSED[case] + ["-o", tmp_path / "x.png"], tmp_path, refused=True)


CHASE_EITHER = {
    "damping=1e6": ["--damping", "1e6", "--response", "0.5", "--target-velocity", "300"],
    "response=1e5": ["--response", "1e5", "--target-velocity", "300"],
}


@pytest.mark.parametrize("case", list(CHASE_EITHER))
def test_chase_at_the_edge_of_the_domain(tmp_path, case):
    """Drawn or refused, within the contract either way."""
    run(["chase"] + CHASE_EITHER[case] + ["-o", tmp_path / "x.png"], tmp_path)


# Springs outside the domain: natural frequency outside 1e-6…1e6 rad/s, or damping ratio over 1e6.
BEYOND = {
    "damping=1e101": ["--damping", "1e101", "--response", "1"],
    "damping=2e6": ["--damping", "2e6", "--response", "0.5"],
    "stiffness=1e300": ["--stiffness", "1e300", "--damping-coefficient", "1"],
    "stiffness=1e13 (w=3.2e6)": ["--stiffness", "1e13", "--damping-coefficient", "1e6"],
    "stiffness=1e-13 (w=3.2e-7)": ["--stiffness", "1e-13", "--damping-coefficient", "1e-7"],
    "response=1e7 (w=6.3e-7)": ["--damping", "0.5", "--response", "1e7"],
    "response=1e-7 (w=6.3e7)": ["--damping", "0.5", "--response", "1e-7"],
}


@pytest.mark.parametrize("spring", list(BEYOND))
def test_data_spring_beyond_the_domain(tmp_path, spring):
    run(["data"] + BEYOND[spring], tmp_path, refused=True)


@pytest.mark.parametrize("code", ["response: 0x1p-3", ".spring(response: 0x1p-3, dampingFraction: 0.5)"])
def test_from_code_hexadecimal_float(tmp_path, code):
    """Read as 0.125, or refused without blaming --response (the user gave no such option)."""
    result = run(["info", "--json", "--from-code", code], tmp_path, not_names=["--response"])
    if result.code == 0:
        response = json.loads(result.stdout)["spring"]["response"]
        assert response == pytest.approx(0.125, rel=1e-12), f"--from-code {code!r} read the response as {response}"


# ------------------------------------------------------------------------- sequence files

def sequence_text(springs, *, step=0.5, count=None):
    """A sequence of len(springs) keyframes (or `count`, cycling through them), `step` s apart,
    alternating between 100 and 0."""
    count = count or len(springs)
    keyframes = [{"to": 100 if i % 2 == 0 else 0, "at": round(i * step, 9), "spring": springs[i % len(springs)]}
                 for i in range(count)]
    return json.dumps({"from": 0, "velocity": 0, "keyframes": keyframes})


GOOD_SPRINGS = [{"dampingRatio": 0.3, "response": 0.4}, {"stiffness": 300, "dampingCoefficient": 20, "mass": 1},
                {"duration": 0.5, "bounce": 0.3}]
# 1000 keyframes (SequenceInput.maximumKeyframes): 10 ms apart (each interrupts the last), or spread
# over the longest time a sequence may take (3600 s).
LONG_SEQUENCES = {"1000-keyframes-10ms-apart": 0.01, "1000-keyframes-over-3600s": 3.6}
SEQUENCE_COMMANDS = {"sequence-svg": ["sequence", "{file}", "-o", "{out}.svg"],
                     "sequence-png": ["sequence", "{file}", "-o", "{out}.png"],
                     "data": ["data", "--sequence", "{file}"],
                     "export": ["export", "--sequence", "{file}"]}


def sequence_args(command, file, tmp_path):
    return [a.replace("{file}", str(file)).replace("{out}", str(tmp_path / "out")) for a in SEQUENCE_COMMANDS[command]]


@pytest.mark.parametrize("command", list(SEQUENCE_COMMANDS))
@pytest.mark.parametrize("sequence", list(LONG_SEQUENCES))
def test_thousand_keyframe_sequence(tmp_path, sequence, command):
    file = tmp_path / "sequence.json"
    file.write_text(sequence_text(GOOD_SPRINGS, step=LONG_SEQUENCES[sequence], count=1000))
    run(sequence_args(command, file, tmp_path), tmp_path)


SPRING = '{"dampingRatio": 0.5, "response": 0.4}'
DUPLICATES = {
    "to": ('{"from": 0, "keyframes": [{"to": 100, "to": 50, "at": 0, "spring": %s}]}' % SPRING),
    "keyframes": ('{"from": 0, "keyframes": [{"to": 100, "spring": %s}], "keyframes": [{"to": 5, "spring": %s}]}'
                  % (SPRING, SPRING)),
    "from": ('{"from": 0, "from": 10, "keyframes": [{"to": 100, "spring": %s}]}' % SPRING),
    "dampingRatio": ('{"from": 0, "keyframes": [{"to": 100, "spring": {"dampingRatio": 0.5, "dampingRatio": 0.9, '
                     '"response": 0.4}}]}'),
}


@pytest.mark.parametrize("command", ["sequence-svg", "data"])
@pytest.mark.parametrize("key", list(DUPLICATES))
def test_sequence_duplicate_key(tmp_path, key, command):
    """Refused, and the message names the key (quoted: a bare 'to' would match any sentence)."""
    file = tmp_path / "sequence.json"
    file.write_text(DUPLICATES[key])
    run(sequence_args(command, file, tmp_path), tmp_path, refused=True, names=[Quoted(key)])


SEQUENCE_BEYOND = {
    "dampingRatio=1e101": {"dampingRatio": 1e101, "response": 1},
    "dampingRatio=2e6": {"dampingRatio": 2e6, "response": 0.5},
    "stiffness=1e300": {"stiffness": 1e300, "dampingCoefficient": 1},
    "stiffness=1e-13 (w=3.2e-7)": {"stiffness": 1e-13, "dampingCoefficient": 1e-7},
    "response=1e7 (w=6.3e-7)": {"dampingRatio": 0.5, "response": 1e7},
    "response=1e-7 (w=6.3e7)": {"dampingRatio": 0.5, "response": 1e-7},
}


@pytest.mark.parametrize("command", ["sequence-svg", "data", "export"])
@pytest.mark.parametrize("spring", list(SEQUENCE_BEYOND))
def test_sequence_spring_beyond_the_domain(tmp_path, spring, command):
    """The second keyframe's spring is outside the domain."""
    file = tmp_path / "sequence.json"
    file.write_text(sequence_text([GOOD_SPRINGS[0], SEQUENCE_BEYOND[spring]]))
    run(sequence_args(command, file, tmp_path), tmp_path, refused=True)


# ----------------------------------------------------------------------------------------- fit

FIT_ROWS = {"30k": 30_000, "100k": 100_000, "300k": 300_000, "1M": 1_000_000}
# A recorded spring sampled densely over 2 s, or at 60 Hz with a long still tail.
FIT_LAYOUTS = {"over-2s": lambda rows: hs.spring_rows(fps=(rows - 1) / 2.0, duration=2.0),
               "at-60Hz": lambda rows: hs.spring_rows(fps=60.0, duration=(rows - 1) / 60.0)}


@pytest.fixture(scope="module")
def recordings(tmp_path_factory):
    folder = tmp_path_factory.mktemp("recordings")
    made = {}

    def get(layout, rows):
        if (layout, rows) not in made:
            made[layout, rows] = hs.write_csv(folder / f"{layout}-{rows}.csv", FIT_LAYOUTS[layout](rows))
        return made[layout, rows]
    return get


@pytest.mark.parametrize("rows", list(FIT_ROWS))
@pytest.mark.parametrize("layout", list(FIT_LAYOUTS))
def test_fit_long_recording(tmp_path, recordings, layout, rows):
    """Fitted or refused, in time."""
    run(["fit", recordings(layout, FIT_ROWS[rows])], tmp_path)


# --------------------------------------------------------------------------------- track (CLI)

@needs_ffmpeg
@pytest.mark.parametrize("kind", list(BOMBS))
def test_track_media_bomb(tmp_path, media, kind):
    run(["track", media.get(kind)], tmp_path, tracks=True, refused=True)


@needs_ffmpeg
def test_track_frame_name_with_a_newline(tmp_path, files):
    """A folder whose third frame's name holds a newline: refused, naming that file."""
    folder = tmp_path / "frames"
    shutil.copytree(files.frames, folder)
    frames = sorted(folder.glob("*.png"))
    odd = frames[2].with_name(frames[2].stem + "\nevil.png")
    frames[2].rename(odd)
    run(["track", folder], tmp_path, tracks=True, refused=True, names=[frames[2].stem, "evil.png"])


# ------------------------------------------------------------ the option an error names (CLI)

def bad_paths(tmp_path, extension):
    """A path in a folder that does not exist, and a path that is a folder."""
    folder = tmp_path / f"folder.{extension}"
    folder.mkdir(exist_ok=True)
    return {"missing-folder": tmp_path / "missing" / f"out.{extension}", "is-a-folder": folder}


@pytest.mark.parametrize("where", ["missing-folder", "is-a-folder"])
def test_export_bad_preview_path(tmp_path, where):
    preview = bad_paths(tmp_path, "html")[where]
    run(["export", "--damping", "0.5", "--response", "0.6", "--preview", preview], tmp_path, refused=True,
        names=["--preview"], not_names=["--output"])


@needs_ffmpeg
def test_track_timeout_stops_a_decoder_that_waits(tmp_path):
    """A FIFO nobody writes: ffprobe waits on it for ever; --timeout stops it and the run is refused."""
    fifo = tmp_path / "never.mp4"
    os.mkfifo(fifo)
    result = run(["track", fifo, "--timeout", "1"], tmp_path, tracks=True, refused=True, names=["took longer than allowed"])
    assert result.seconds < 5, f"the refusal took {result.seconds:.1f} s"


@needs_ffmpeg
@pytest.mark.parametrize("where", ["missing-folder", "is-a-folder"])
def test_track_bad_csv_path(tmp_path, files, where):
    csv = bad_paths(tmp_path, "csv")[where]
    run(["track", files.frames, "--csv", csv], tmp_path, tracks=True, refused=True, names=["--csv"],
        not_names=["--output"])


# ------------------------------------------------------------------- a signal during a write

TEMPORARY = re.compile(r"^\..*\.tmp$")  # OutputWriter's .NAME.PID.N.tmp beside the target
LARGE_WRITE = ["data", "--damping", "0.5", "--response", "0.5", "--samples", "1000000"]  # about 60 MB of CSV


@pytest.fixture(scope="module")
def large_write_reference(tmp_path_factory):
    """What the large write writes when nobody stops it."""
    folder = tmp_path_factory.mktemp("large-write")
    result = hs.run_cli(LARGE_WRITE + ["-o", folder / "out.csv"], tmp_path=folder)
    hs.check_cli(result, replacements=[(folder, "$TMP")])
    if result.code != 0:
        pytest.fail(hs.describe(result, ["the uninterrupted write is refused"], [(folder, "$TMP")]), pytrace=False)
    return (folder / "out.csv").read_bytes()


def writing_in(pid: int, folder: pathlib.Path) -> bool:
    """Whether process `pid` has a file open inside `folder` (named or not)."""
    prefix = str(folder.resolve()) + "/"
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}").startswith(prefix):
                    return True
            except OSError:
                continue
    except OSError:
        return False
    return False


def interrupted_write(folder: pathlib.Path, target: pathlib.Path, number: int):
    """Runs LARGE_WRITE to `target` and sends signal `number` as soon as the process holds a file open
    in the target's folder (a named temporary file, or an unnamed one, which /proc shows as
    `FOLDER/#INODE (deleted)`), or a named temporary file appears there.
    Returns (process, whether the signal was sent, whether it hung, its standard error, seconds)."""
    errors = folder / "stderr.txt"
    env = dict(os.environ, TMPDIR=str(folder))
    env.setdefault("LC_ALL", "C.UTF-8")
    start = time.monotonic()
    with open(errors, "wb") as stderr:
        process = subprocess.Popen([hs.binary("springplot")] + LARGE_WRITE + ["-o", str(target)], stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=stderr, cwd=str(folder), env=env,
                                   preexec_fn=hs.limit_resources, start_new_session=True)
    sent = False
    deadline = start + hs.TIME_LIMIT
    while process.poll() is None and time.monotonic() < deadline:
        if any(TEMPORARY.match(name) for name in os.listdir(target.parent)) or writing_in(process.pid, target.parent):
            try:
                os.kill(process.pid, number)
                sent = True
            except ProcessLookupError:
                pass
            break
        time.sleep(0.001)
    hung = False
    try:
        process.wait(timeout=max(0.1, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        hung = True
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    return process, sent, hung, errors.read_text(errors="replace"), time.monotonic() - start


@pytest.mark.parametrize("existing", [True, False], ids=["over-an-old-file", "new-file"])
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP], ids=lambda n: signal.Signals(n).name)
def test_signal_during_a_large_write(tmp_path, large_write_reference, number, existing):
    """No temporary file stays beside the target, and the target is the old file (or absent) or
    the whole new one."""
    name = signal.Signals(number).name
    old = b"old contents\n"
    for attempt in range(3):
        folder = tmp_path / f"attempt-{attempt}"
        (folder / "out").mkdir(parents=True)
        target = folder / "out" / "out.csv"
        if existing:
            target.write_bytes(old)
        process, sent, hung, stderr, seconds = interrupted_write(folder, target, number)
        if sent or hung:
            break
    else:
        pytest.skip(f"the write finished three times before it was seen: {name} never came during it")
    code = process.returncode
    shown = f"springplot {' '.join(LARGE_WRITE)} -o out/out.csv{' (over an old file)' if existing else ''}, {name} during the write"
    problems = []
    if hung:
        problems.append(f"HANG: still running {hs.TIME_LIMIT:g} s after it started ({name} sent: {sent}), killed")
    elif code < 0 and -code != number:
        problems.append(f"CRASH: killed by {hs.signal_name(-code)}, not by the {name} it was sent")
    elif code > 0 and len(stderr.splitlines()) > 1:
        problems.append(f"STDERR: {len(stderr.splitlines())} lines after {name} (want at most 1)")
    left = [n for n in os.listdir(target.parent) if TEMPORARY.match(n)]
    if left:
        problems.append(f"LEFTOVER: {', '.join(left[:5])} beside the target")
    if target.exists():
        contents = target.read_bytes()
        if contents not in ((old if existing else None), large_write_reference):
            problems.append(f"TORN: the target holds {len(contents)} bytes, neither the old file nor the whole new one "
                            f"({len(large_write_reference)} bytes)")
    if problems:
        status = f"killed by {hs.signal_name(-code)}" if code < 0 else f"exit {code}"
        lines = [f"$ {shown}"] + [f"  !! {p}" for p in problems] + [f"  {status}, {seconds:.2f} s", "  stderr:",
                                                                      "\n".join("    | " + l for l in stderr.splitlines()[:10])]
        pytest.fail("\n".join(lines), pytrace=False)


# ------------------------------------------------------------------------------------ the studio

def check_status(studio, what, reply, wanted, description=None, extra=()):
    """The studio's contract after `reply`, whose status must be one of `wanted`."""
    problems = list(extra)
    if reply.status is not None and reply.status not in wanted:
        problems.append(f"STATUS: HTTP {reply.status}, want {description or ' or '.join(map(str, sorted(wanted)))}")
    studio.check(what, reply, problems)


CHASE_PATHS = ["/api/chase.json?damping=0.68&response=0.8&path=0:0,1e-300:1e10",
               "/api/chase.json?stiffness=1&damping-coefficient=1e300&path=0:0,60:1e100"]


@pytest.mark.parametrize("path", CHASE_PATHS)
def test_studio_chase_refused(studio, path):
    check_status(studio, f"GET {path}", studio.get(path), {400})


HOST_PAIRS = {"same twice": (b"127.0.0.1", b"127.0.0.1"), "two local names": (b"127.0.0.1", b"localhost"),
              "local then foreign": (b"127.0.0.1", b"evil.example"), "foreign then local": (b"evil.example", b"127.0.0.1")}


@pytest.mark.parametrize("pair", list(HOST_PAIRS))
def test_studio_two_host_headers(studio, pair):
    first, second = HOST_PAIRS[pair]
    raw = b"GET /api/spring.json HTTP/1.1\r\nHost: " + first + b"\r\nHost: " + second + b"\r\nConnection: close\r\n\r\n"
    check_status(studio, f"GET /api/spring.json with Host: {first!r} and Host: {second!r}", studio.request(raw), {400})


def test_studio_get_track(studio):
    check_status(studio, "GET /api/track", studio.get("/api/track"), {405})


def upload(studio, body: bytes):
    head = (f"POST /api/track HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
    return studio.request(head + body)


REFUSED_UPLOAD = set(range(400, 500)) | {503}


@needs_ffmpeg
@pytest.mark.parametrize("kind", STUDIO_BOMBS)
def test_studio_track_upload_of_a_media_bomb(studio, media, kind):
    body = media.get(kind).read_bytes()
    reply = upload(studio, body)
    extra = []
    if reply.status is not None:  # after a reply the scratch folder must be gone
        time.sleep(0.2)
        left = hs.leftover_entries(studio.tmpdir)
        if left:
            extra.append(f"LEFTOVER: the studio's TMPDIR keeps {', '.join(left[:5])}")
    wanted, said = REFUSED_UPLOAD, "4xx or 503"
    if kind == "gif-480x270-then-16000x16000":
        # ffmpeg cuts a GIF's frames to its 480×270 screen, so this clip decodes small and holds no
        # motion: the studio's answer for a clip with no spring in it (200 with a problem) is right too.
        wanted, said = REFUSED_UPLOAD | {200}, "4xx, 503 or 200 with a problem"
        if reply.status == 200 and b'"problem"' not in (reply.body or b""):
            extra.append("BODY: a 200 without a problem for a clip that holds no spring")
    check_status(studio, f"POST /api/track with {kind} ({len(body)} bytes)", reply, wanted, said, extra)
