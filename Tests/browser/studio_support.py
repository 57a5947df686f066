"""What the browser tests share: where the built executables are."""
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def built(name):
    """The path of a built executable (debug first, then release)."""
    for configuration in ("debug", "release"):
        path = ROOT / ".build" / configuration / name
        if path.exists():
            return str(path)
    raise RuntimeError(f"{name} is not built: run swift build first")
