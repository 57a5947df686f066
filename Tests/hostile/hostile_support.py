"""What the hostile-input tests share: running the release binaries under the issue's limits, the
studio as a restartable server on a free port, raw HTTP over sockets, and the files the reproducers
need (trajectories, PNG frames).

The contract every hostile run must meet (issue "Hardening"):
  * the process exits with a code below 128 (no death by signal);
  * a refusal (non-zero exit) is exactly one line on standard error;
  * every run takes under TIME_LIMIT (10 s) of wall time;
  * every run fits in a 2 GiB address space (RLIMIT_AS, set in preexec_fn);
  * the studio answers a normal request within 2 s after each hostile request, and is still alive.

Environment:
  SPRINGKIT_BIN_DIR   where springplot and spring-studio are (default .build/release)
  HOSTILE_TIME_LIMIT  seconds a run may take (default 10)
  HOSTILE_JOBS        CLI runs at once in the sweeps (default 2)
  HOSTILE_STUDIO_RLIMIT=0  run the studio without the 2 GiB address-space limit
"""
from __future__ import annotations

import collections
import dataclasses
import math
import os
import pathlib
import re
import resource
import shlex
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import zlib

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts" / "lib"))
import exact_spring  # noqa: E402 (the exact motion, shared with the scripts and the other suites)

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN_DIR = pathlib.Path(os.environ.get("SPRINGKIT_BIN_DIR") or ROOT / ".build" / "release")
TIME_LIMIT = float(os.environ.get("HOSTILE_TIME_LIMIT", "10"))
MEMORY_LIMIT = 2 << 30
HEALTH_LIMIT = 2.0
JOBS = max(1, int(os.environ.get("HOSTILE_JOBS", "2")))
FIXTURES = ROOT / "Tests" / "springplotTests" / "Fixtures" / "track"

# The values every numeric option and parameter is tried with.
HOSTILE_VALUES = ["0", "-0", "1e-320", "5e-324", "1e-300", "1e300", "1e308", "-1e308", "nan", "inf", "-inf",
                  "9223372036854775807", "-1", "1e-9"]

# How much of each output stream is kept for messages (the rest is counted, not stored).
KEEP_BYTES = 1 << 20


def binary(name: str) -> str:
    path = BIN_DIR / name
    if not path.exists():
        raise RuntimeError(f"{path} is not built: swift build -c release --static-swift-stdlib --product {name} "
                           f"(or set SPRINGKIT_BIN_DIR)")
    return str(path)


def limit_resources():
    """preexec_fn: the 2 GiB address space of the contract, and no core files."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


# ------------------------------------------------------------------------------------------ CLI runs

class _Drain(threading.Thread):
    """Reads a pipe to its end, keeping the first KEEP_BYTES and counting the rest and its newlines."""

    def __init__(self, pipe):
        super().__init__(daemon=True)
        self.pipe = pipe
        self.kept = bytearray()
        self.total = 0
        self.newlines = 0
        self.last = b""

    def run(self):
        try:
            while True:
                chunk = self.pipe.read1(1 << 16) if hasattr(self.pipe, "read1") else self.pipe.read(1 << 16)
                if not chunk:
                    break
                self.total += len(chunk)
                self.newlines += chunk.count(b"\n")
                self.last = chunk[-1:]
                if len(self.kept) < KEEP_BYTES:
                    self.kept += chunk[:KEEP_BYTES - len(self.kept)]
        except (OSError, ValueError):
            pass

    @property
    def lines(self) -> int:
        """Lines written: a last line without its newline counts as well."""
        if self.total == 0:
            return 0
        return self.newlines + (0 if self.last == b"\n" else 1)


@dataclasses.dataclass
class Result:
    """One run. Unpacks as (code, stdout, stderr, seconds)."""
    argv: list
    code: int                 # exit code; 128 + N for death by signal N (as a shell reports it)
    stdout: str
    stderr: str
    seconds: float
    signal: int | None = None
    timed_out: bool = False
    stdout_bytes: int = 0
    stderr_bytes: int = 0
    stderr_lines: int = 0
    max_rss_mb: float = 0.0
    label: str = ""           # the command as shown in messages
    notes: list = dataclasses.field(default_factory=list)

    def __iter__(self):
        return iter((self.code, self.stdout, self.stderr, self.seconds))


def shown_command(argv, replacements=()) -> str:
    text = shlex.join(str(a) for a in argv)
    text = text.replace(str(BIN_DIR) + "/", "")
    for old, new in replacements:
        if old:
            text = text.replace(str(old), new)
    return text


def run_cli(args, *, tmp_path=None, stdin: bytes | None = None, env: dict | None = None,
            timeout: float = TIME_LIMIT, program: str = "springplot") -> Result:
    """Runs `program args` under the contract's limits, in tmp_path (also its TMPDIR when given).

    Kills the whole process group (ffmpeg included) at `timeout`. Returns a Result that unpacks as
    (code, stdout, stderr, seconds)."""
    argv = [binary(program)] + [str(a) for a in args]
    full_env = dict(os.environ)
    full_env.setdefault("LC_ALL", "C.UTF-8")
    if tmp_path is not None:
        full_env["TMPDIR"] = str(tmp_path)
    if env:
        full_env.update(env)
    start = time.monotonic()
    process = subprocess.Popen(argv, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=str(tmp_path) if tmp_path else None,
                               env=full_env, preexec_fn=limit_resources, start_new_session=True)
    out, err = _Drain(process.stdout), _Drain(process.stderr)
    out.start()
    err.start()
    if stdin is not None:
        def feed():
            try:
                process.stdin.write(stdin)
            except OSError:
                pass
            finally:
                try:
                    process.stdin.close()
                except OSError:
                    pass
        threading.Thread(target=feed, daemon=True).start()
    expired = threading.Event()

    def kill():
        expired.set()
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    timer = threading.Timer(timeout, kill)
    timer.start()
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.monotonic() - start
    timer.cancel()
    # Anything the command left running in its group (ffmpeg) goes too.
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    out.join(10)
    err.join(10)
    for pipe in (process.stdout, process.stderr):
        try:
            pipe.close()
        except OSError:
            pass
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        code = 128 + number
        process.returncode = -number
    else:
        number = None
        code = os.WEXITSTATUS(status)
        process.returncode = code
    return Result(argv=argv, code=code, stdout=bytes(out.kept).decode("utf-8", "replace"),
                  stderr=bytes(err.kept).decode("utf-8", "replace"), seconds=seconds, signal=number,
                  timed_out=expired.is_set(), stdout_bytes=out.total, stderr_bytes=err.total, stderr_lines=err.lines,
                  max_rss_mb=usage.ru_maxrss / 1024)


def _excerpt(text: str, total: int, limit: int = 1500) -> str:
    if not text and total == 0:
        return "    (empty)"
    body = text if len(text) <= limit else text[:limit] + f"… [{total} bytes in all]"
    return "\n".join("    | " + line for line in body.splitlines()[:25])


def cli_problems(result: Result) -> list:
    """The ways `result` breaks the contract, each a short tag and explanation."""
    problems = []
    if result.timed_out:
        problems.append(f"HANG: still running after {TIME_LIMIT:g} s, killed")
    elif result.signal is not None:
        hint = ""
        if re.search(r"alloc|memory|mmap|bad_alloc", result.stderr, re.I):
            hint = " (out of memory under the 2 GiB limit?)"
        problems.append(f"CRASH: killed by {signal_name(result.signal)} (exit {result.code}){hint}")
    elif result.code >= 128:
        problems.append(f"CRASH: exit code {result.code} ≥ 128")
    elif result.seconds >= TIME_LIMIT:
        problems.append(f"SLOW: took {result.seconds:.2f} s ≥ {TIME_LIMIT:g} s")
    if result.code != 0 and not result.timed_out and result.stderr_lines != 1:
        problems.append(f"STDERR: {result.stderr_lines} lines on a refusal (want exactly 1)")
    return problems


def crash_summary(lines) -> list:
    """From a Swift crash report: the failure line, then the crashed thread's frames in Sources/."""
    picked = []
    for i, line in enumerate(lines):
        if re.search(r"runtime failure|Fatal error|Program crashed|precondition failed|Assertion failed", line):
            picked.append(line.strip())
        if re.search(r"^Thread \d+ .*crashed:", line):
            frames = [l.strip() for l in lines[i + 1:i + 60] if "/Sources/" in l]
            picked += [re.sub(r"^\d+\s+(\[[^\]]*\]\s*)*0x[0-9a-f]+\s+", "", f) for f in frames[:5]]
            break
    return picked


def describe(result: Result, problems=(), replacements=()) -> str:
    label = result.label or shown_command(result.argv, replacements)
    lines = [f"$ {label}"]
    lines += [f"  !! {p}" for p in problems]
    status = f"signal {signal_name(result.signal)}" if result.signal is not None else f"exit {result.code}"
    lines.append(f"  {status}, {result.seconds:.2f} s, peak RSS {result.max_rss_mb:.0f} MB, "
                 f"stdout {result.stdout_bytes} bytes, stderr {result.stderr_lines} line(s) / {result.stderr_bytes} bytes")
    lines += [f"  note: {n}" for n in result.notes]
    summary = crash_summary(result.stderr.splitlines()) if result.signal is not None else []
    if summary:
        lines.append("  crash:")
        lines += ["    | " + line for line in summary]
    else:
        lines.append("  stderr:")
        lines.append(_excerpt(result.stderr, result.stderr_bytes))
    return "\n".join(lines)


def check_cli(result: Result, extra_problems=(), replacements=()):
    """Fails with the input, exit code, stderr and time when `result` breaks the contract."""
    problems = cli_problems(result) + list(extra_problems)
    if problems:
        pytest.fail(describe(result, problems, replacements), pytrace=False)


def leftover_entries(folder: pathlib.Path, pattern: str = "*") -> list:
    return sorted(p.name for p in pathlib.Path(folder).glob(pattern))


# ------------------------------------------------------------------------------------ the studio

@dataclasses.dataclass
class Reply:
    status: int | None          # None: no HTTP reply (closed, reset or timed out)
    headers: dict
    body: bytes
    seconds: float
    error: str | None = None    # "timeout", "closed", "reset: …"

    def describe(self) -> str:
        if self.status is None:
            return f"no reply ({self.error}) after {self.seconds:.2f} s"
        body = self.body[:300].decode("utf-8", "replace").replace("\n", "\\n")
        return f"HTTP {self.status} after {self.seconds:.2f} s, {len(self.body)} bytes: {body}"


def http_exchange(port: int, request: bytes, timeout: float = TIME_LIMIT) -> Reply:
    """Sends raw bytes on a new connection, reads until the server closes (or timeout)."""
    start = time.monotonic()
    data = b""
    error = None
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
            sock.sendall(request)
            while True:
                remaining = timeout - (time.monotonic() - start)
                if remaining <= 0:
                    raise socket.timeout()
                sock.settimeout(remaining)
                chunk = sock.recv(1 << 16)
                if not chunk:
                    break
                data += chunk
                if _complete(data):
                    break
    except socket.timeout:
        error = "timeout"
    except ConnectionRefusedError as e:
        error = f"refused: {e}"
    except OSError as e:
        error = f"reset: {e}"
    seconds = time.monotonic() - start
    head, sep, body = data.partition(b"\r\n\r\n")
    if not sep or not head.startswith(b"HTTP/"):
        return Reply(None, {}, data, seconds, error or ("closed" if not data else "malformed reply"))
    lines = head.decode("latin-1").split("\r\n")
    try:
        status = int(lines[0].split()[1])
    except (IndexError, ValueError):
        return Reply(None, {}, data, seconds, "malformed status line")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if error == "timeout" and "content-length" in headers and len(body) < int(headers["content-length"]):
        return Reply(None, headers, body, seconds, "timeout in the body")
    return Reply(status, headers, body, seconds, None)


def _complete(data: bytes) -> bool:
    head, sep, body = data.partition(b"\r\n\r\n")
    if not sep:
        return False
    match = re.search(rb"(?im)^content-length:\s*(\d+)", head)
    return bool(match) and len(body) >= int(match.group(1))


def get_request(path: str, host: str = "127.0.0.1") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode()


class Studio:
    """spring-studio --port 0 under the 2 GiB limit, with its own TMPDIR; restarted when it dies or
    stops answering. `log` keeps its standard error's last lines (a crash's message)."""

    def __init__(self, scratch: pathlib.Path):
        self.scratch = pathlib.Path(scratch)
        self.process = None
        self.port = None
        self.tmpdir = None
        self.starts = 0
        self.log = collections.deque(maxlen=400)
        self.dirty = False

    def start(self):
        self.starts += 1
        self.tmpdir = self.scratch / f"studio-tmp-{self.starts}"
        self.tmpdir.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ, TMPDIR=str(self.tmpdir))
        limited = os.environ.get("HOSTILE_STUDIO_RLIMIT", "1") != "0"
        self.log = collections.deque(maxlen=400)
        self.process = subprocess.Popen([binary("spring-studio"), "--port", "0"], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, env=env, start_new_session=True,
                                        preexec_fn=limit_resources if limited else None)
        line = self.process.stdout.readline().decode("utf-8", "replace")
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            err = self.process.stderr.read(4000).decode("utf-8", "replace") if self.process.poll() is not None else ""
            raise RuntimeError(f"spring-studio printed no URL: {line!r} {err}")
        self.port = int(match.group(1))
        for pipe in (self.process.stdout, self.process.stderr):
            threading.Thread(target=self._drain, args=(pipe,), daemon=True).start()
        self.dirty = False
        reply = self.health()
        if reply.status != 200:
            raise RuntimeError(f"a fresh studio does not answer: {reply.describe()}")

    def _drain(self, pipe):
        try:
            for line in iter(pipe.readline, b""):
                self.log.append(line.decode("utf-8", "replace").rstrip())
        except (OSError, ValueError):
            pass

    def crash_lines(self, limit=14) -> list:
        """The lines of the studio's standard error that say why it died (the runtime failure and
        the crashed thread's frames in this package), or its last lines."""
        log = list(self.log)
        return crash_summary(log) or log[-limit:]

    def stop(self):
        if self.process is None:
            return
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        self.process = None

    def restart(self):
        self.stop()
        self.start()

    def ensure(self):
        """A live, answering studio: restarted if the last test broke it."""
        if self.process is None or self.dirty or self.process.poll() is not None or self.health().status != 200:
            self.restart()
        return self

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def exit_status(self) -> str:
        code = self.process.poll() if self.process else None
        if code is None:
            return "running"
        return f"killed by {signal_name(-code)}" if code < 0 else f"exited with {code}"

    def request(self, raw: bytes, timeout: float = TIME_LIMIT) -> Reply:
        return http_exchange(self.port, raw, timeout)

    def get(self, path: str, timeout: float = TIME_LIMIT, host: str = "127.0.0.1") -> Reply:
        return self.request(get_request(path, host), timeout)

    def health(self) -> Reply:
        return self.get("/api/spring.json", timeout=HEALTH_LIMIT)

    def send_and_close(self, raw: bytes):
        """Sends a request and hangs up at once, without reading the reply."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=2) as sock:
            sock.sendall(raw)

    def problems_after(self, reply: Reply | None = None) -> list:
        """The contract after a hostile request: its reply in time, then alive, then a normal reply in 2 s."""
        problems = []
        if reply is not None and (reply.error in ("timeout", "timeout in the body") or reply.seconds >= TIME_LIMIT):
            problems.append(f"HANG: no reply within {TIME_LIMIT:g} s")
        time.sleep(0.01)
        if not self.alive():
            problems.append(f"DEAD: the studio {self.exit_status()}")
        else:
            health = self.health()
            if health.status != 200:
                problems.append(f"FROZEN: GET /api/spring.json after it: {health.describe()}")
        return problems

    def check(self, what: str, reply: Reply | None = None, extra=()):
        problems = list(extra) + self.problems_after(reply)
        if problems:
            self.dirty = True
            lines = [f"studio request: {what}"] + [f"  !! {p}" for p in problems]
            if reply is not None:
                lines.append(f"  reply: {reply.describe()}")
            if self.log:
                lines.append("  studio stderr (the crash's lines):")
                lines += ["    | " + line for line in self.crash_lines()]
            pytest.fail("\n".join(lines), pytrace=False)


# ------------------------------------------------------------------------------------------ files

def spring_rows(zeta=0.6, response=0.5, start=0.0, end=100.0, fps=60.0, duration=1.5):
    """(t, position) of an exact spring from `start` to `end`, sampled at `fps`."""
    count = int(duration * fps) + 1
    motion = exact_spring.unit(zeta, response).motion(start - end, 0.0)
    return [(i / fps, end + motion.position(i / fps)) for i in range(count)]


def write_csv(path: pathlib.Path, rows, header="t,position") -> pathlib.Path:
    text = header + "\n" + "".join(",".join(repr(float(v)) for v in row) + "\n" for row in rows)
    path.write_text(text)
    return path


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_bytes(width: int, height: int, row) -> bytes:
    """An 8-bit RGB PNG; `row(y)` gives the row's 3*width pixel bytes (compressed as it goes)."""
    compressor = zlib.compressobj(9)
    parts = []
    for y in range(height):
        parts.append(compressor.compress(b"\x00" + row(y)))
    parts.append(compressor.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", b"".join(parts)) + _chunk(b"IEND", b"")


def black_png(width: int, height: int) -> bytes:
    zero = bytes(3 * width)
    return png_bytes(width, height, lambda y: zero)


def moving_square_frames(folder: pathlib.Path, count=40, size=64, square=10) -> pathlib.Path:
    """A folder of PNG frames: a black square moving along x on white, with spring motion."""
    folder.mkdir(parents=True, exist_ok=True)
    motion = exact_spring.unit(0.5, 0.4).motion(-40.0, 0.0)
    for i in range(count):
        t = max(0.0, (i - 4) / 60)
        x = int(round(48 + motion.position(t))) if i >= 4 else 8
        rows = []
        for y in range(size):
            row = bytearray(b"\xff" * (3 * size))
            if size // 2 - square // 2 <= y < size // 2 + square // 2:
                for px in range(max(0, x - square // 2), min(size, x + square // 2)):
                    row[3 * px:3 * px + 3] = b"\x00\x00\x00"
            rows.append(bytes(row))
        (folder / f"frame_{i + 1:05d}.png").write_bytes(png_bytes(size, size, lambda y: rows[y]))
    return folder


# ------------------------------------------------------------------------------------------ sweeps

@dataclasses.dataclass(frozen=True)
class CliCase:
    """One sweep run: springplot with `args`, where `{out.svg}`, `{out.png}`, `{trajectory}`, `{clip}`
    and `{frames}` stand for files made for the run. `tracks`: check that TMPDIR is left empty."""
    id: str
    args: tuple
    tracks: bool = False

    @property
    def slug(self) -> str:
        import hashlib
        clean = re.sub(r"[^A-Za-z0-9._=-]+", "_", self.id)[:100]
        return f"{clean}-{hashlib.md5(self.id.encode()).hexdigest()[:6]}"

    def resolve(self, folder: pathlib.Path, files) -> list:
        out = []
        for arg in self.args:
            for name in ("out.svg", "out.png", "out.json"):
                arg = arg.replace("{" + name + "}", str(folder / name))
            for name in ("trajectory", "clip", "frames"):
                if "{" + name + "}" in arg:
                    arg = arg.replace("{" + name + "}", str(getattr(files, name)))
            out.append(arg)
        return out


# Value names of options that take no number.
WORD_VALUES = {"path", "text", "theme", "format", "code", "names", "name", "name[,name…]", "name|auto", "file.html",
               "file.csv", "x,y,w,h", "axis", "property", "address", "port", "count"}

OPTION_LINE = re.compile(r"^  (?:-\w, )?--([a-z0-9-]+) <([^>]+)>", re.M)


def _parse_help(text: str) -> list:
    return [(name, value) for name, value in OPTION_LINE.findall(text)]


def subcommand_options() -> dict:
    """{subcommand: [(option, value name)]} for every springplot subcommand: from the built binary's
    --help when it exists, else from docs/commands.md (generated from the same help text)."""
    result = {}
    program = BIN_DIR / "springplot"
    if program.exists():
        try:
            top = subprocess.run([str(program), "--help"], capture_output=True, text=True, timeout=20,
                                 env=dict(os.environ, COLUMNS="80")).stdout
            block = top.split("SUBCOMMANDS:", 1)[1]
            names = re.findall(r"^  ([a-z][a-z-]*)(?: \(default\))?\s", block, re.M)
            for name in names:
                text = subprocess.run([str(program), name, "--help"], capture_output=True, text=True, timeout=20,
                                      env=dict(os.environ, COLUMNS="80")).stdout
                result[name] = _parse_help(text)
            if result:
                return result
        except (OSError, IndexError, subprocess.SubprocessError):
            result = {}
    text = (ROOT / "docs" / "commands.md").read_text()
    sections = re.split(r"^## `springplot ([a-z-]+)`", text, flags=re.M)
    for name, body in zip(sections[1::2], sections[2::2]):
        result[name] = _parse_help(body.split("```", 2)[1] if "```" in body else body)
    return result


# ------------------------------------------------------------------------------- shared helpers

class MadeOnce:
    """Files made on first use, once, in `folder` (thread-safe: the sweeps run in parallel). A maker
    gets the path and either writes it and returns it, or returns the bytes to write there."""

    def __init__(self, folder: pathlib.Path):
        self.folder = folder
        self._lock = threading.RLock()
        self._made = {}

    def _once(self, name, make):
        with self._lock:
            if name not in self._made:
                path = self.folder / name
                made = make(path)
                if isinstance(made, (bytes, bytearray)):
                    path.write_bytes(made)
                    made = path
                self._made[name] = made
            return self._made[name]


def run_checked(args, tmp_path, *, stdin=None, tracks=False, extra_check=None):
    """Runs springplot in tmp_path with TMPDIR = tmp_path/tmp and checks the contract; with `tracks`,
    nothing may be left in TMPDIR. `extra_check(result)` returns more problems to report."""
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir(exist_ok=True)
    result = run_cli(args, tmp_path=tmp_path, stdin=stdin, env={"TMPDIR": str(tmpdir)})
    extra = []
    if tracks:
        left = leftover_entries(tmpdir)
        if left:
            extra.append(f"LEFTOVER: TMPDIR keeps {len(left)} entr{'y' if len(left) == 1 else 'ies'} after the run: "
                         + ", ".join(left[:5]) + (" (it was killed)" if result.timed_out else ""))
    if extra_check:
        extra += extra_check(result)
    check_cli(result, extra, replacements=[(tmp_path, "$TMP")])
    return result

