"""Fixtures for the hostile-input suite: the studio (one per session, restarted when a test breaks
it), the shared input files, and the parallel runner behind the CLI sweep.

The sweeps are marked `sweep`: `pytest -m "not sweep" Tests/hostile` (or HOSTILE_SKIP_SWEEP=1)
runs only the issue's reproducers."""
import concurrent.futures
import os
import pathlib
import shutil

import pytest

import hostile_support as hs

# Sweep cases selected in this session, by id (filled when collection is finished).
SELECTED_CLI_CASES = {}


def pytest_configure(config):
    config.addinivalue_line("markers", "sweep: the parametrized sweeps over every numeric option and parameter")


def pytest_collection_modifyitems(config, items):
    if os.environ.get("HOSTILE_SKIP_SWEEP") == "1":
        skip = pytest.mark.skip(reason="HOSTILE_SKIP_SWEEP=1")
        for item in items:
            if "sweep" in item.keywords:
                item.add_marker(skip)


def pytest_collection_finish(session):
    for item in session.items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and "cli_case" in callspec.params:
            if not any(mark.name == "skip" for mark in item.iter_markers()):
                case = callspec.params["cli_case"]
                SELECTED_CLI_CASES[case.id] = case


@pytest.fixture(scope="session")
def studio_server(tmp_path_factory):
    server = hs.Studio(tmp_path_factory.mktemp("studio"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def studio(studio_server):
    """The studio, alive and answering (restarted if an earlier test broke it)."""
    return studio_server.ensure()


@pytest.fixture(scope="session")
def files(tmp_path_factory):
    """The input files the reproducers and sweeps share, made once."""
    return InputFiles(tmp_path_factory.mktemp("inputs"))


class InputFiles(hs.MadeOnce):
    """Input files, each made on first use."""

    @property
    def trajectory(self):
        """A good recording: an exact spring from 0 to 100 at 60 Hz."""
        return self._once("trajectory.csv", lambda p: hs.write_csv(p, hs.spring_rows()))

    @property
    def clip(self):
        """A short screen recording with a spring in it (the track tests' H.264 fixture)."""
        path = hs.FIXTURES / "x-h264-60.mp4"
        if not path.exists():
            pytest.skip(f"{path} is missing")
        return path

    @property
    def frames(self):
        """A folder of PNG frames with a spring in it (the x-png fixture, or made here)."""
        path = hs.FIXTURES / "x-png"
        if path.is_dir() and any(path.glob("*.png")):
            return path
        return self._once("frames", hs.moving_square_frames)

    @property
    def huge_png(self):
        """One all-black 16384×16000 RGB PNG (≈ 760 KB; 786 MB of pixels)."""
        return self._once("huge.png", lambda p: (p.write_bytes(hs.black_png(16384, 16000)), p)[1])

    @property
    def huge_frames(self):
        """Five such PNGs in a folder."""
        def make(folder):
            folder.mkdir()
            for i in range(5):
                shutil.copyfile(self.huge_png, folder / f"frame_{i + 1:05d}.png")
            return folder
        return self._once("huge-frames", make)

    @property
    def long_header(self):
        """A trajectory whose header line is 100 MB long."""
        return self.header_of(100_000_000)

    def header_of(self, size: int):
        """A trajectory whose header line is `size` bytes long (then good rows)."""
        def make(path):
            with open(path, "wb") as f:
                f.write(b"t,position")
                block = b",position" * (1 << 12)
                written = 10
                while written + len(block) <= size:
                    f.write(block)
                    written += len(block)
                f.write(b"," + b"x" * max(0, size - written - 1))
                f.write(b"\n")
                f.write("".join(f"{t!r},{x!r}\n" for t, x in hs.spring_rows()).encode())
            return path
        return self._once(f"header-{size}.csv", make)


@pytest.fixture(scope="session")
def cli_sweep(tmp_path_factory, files):
    """Runs every selected CLI sweep case, HOSTILE_JOBS at a time, as soon as the first is asked for;
    each test waits for its own. Returns a function: case -> (Result, its scratch folder)."""
    root = tmp_path_factory.mktemp("sweep")
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=hs.JOBS)
    futures = {}

    def run(case):
        folder = root / case.slug
        folder.mkdir()
        tmpdir = folder / "tmp"
        tmpdir.mkdir()
        args = case.resolve(folder, files)
        result = hs.run_cli(args, tmp_path=folder, env={"TMPDIR": str(tmpdir)})
        return result, folder, tmpdir

    for case in SELECTED_CLI_CASES.values():
        futures[case.id] = pool.submit(run, case)

    def get(case):
        if case.id not in futures:
            futures[case.id] = pool.submit(run, case)
        return futures[case.id].result()

    yield get
    pool.shutdown(wait=True, cancel_futures=True)
