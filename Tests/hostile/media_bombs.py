"""Crafted recordings for the track bounds of issue 44: files of a few kilobytes that declare huge
frames, frames that change size, or a great many frames. Pure Python (struct, zlib); only
size_changing_mkv runs ffmpeg, and only when it is on the PATH.

Each function returns the file's bytes (the tests write them where they need them, or upload
them), except size_changing_mkv, which writes a file.

GIF pixels are LZW codes. lzw() encodes a whole image; tiny_lzw() is the issue's "tiny LZW stream":
one pixel and the end code, whatever size the image descriptor declares (decoders stop at the end
code and keep the rest of the canvas as it was), so a 6300×6300 frame costs 23 bytes."""
from __future__ import annotations

import pathlib
import shutil
import struct
import subprocess
import tempfile
import zlib

# Index 0 is white (the background), index 1 black.
PALETTE = b"\xff\xff\xff\x00\x00\x00"
MIN_CODE_SIZE = 2  # the smallest GIF allows, for a two-colour table


# ------------------------------------------------------------------------------------------ GIF

def lzw(indices: bytes, min_code_size: int = MIN_CODE_SIZE) -> bytes:
    """GIF's LZW for the colour indices `indices`: variable-width codes packed from the low bit,
    a clear code first, a clear code again whenever the 4096-entry table fills, the end code last."""
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    bits = bytearray()
    acc = count = 0

    def put(code, width):
        nonlocal acc, count
        acc |= code << count
        count += width
        while count >= 8:
            bits.append(acc & 0xFF)
            acc >>= 8
            count -= 8

    def fresh():
        return {bytes([i]): i for i in range(clear)}, end + 1, min_code_size + 1

    table, next_code, width = fresh()
    put(clear, width)
    word = b""
    for index in indices:
        longer = word + bytes([index])
        if longer in table:
            word = longer
            continue
        put(table[word], width)
        if next_code < 4096:
            table[longer] = next_code
            next_code += 1
            # The decoder, one entry behind, widens its codes once its next free entry no longer fits.
            if next_code > (1 << width) and width < 12:
                width += 1
        else:
            put(clear, width)
            table, next_code, width = fresh()
        word = bytes([index])
    if word:
        put(table[word], width)
    put(end, width)
    if count:
        bits.append(acc & 0xFF)
    return bytes(bits)


def tiny_lzw(min_code_size: int = MIN_CODE_SIZE) -> bytes:
    """A clear code, one white pixel and the end code: 2 bytes, however large the image declared."""
    return lzw(b"\x00", min_code_size)


def _sub_blocks(data: bytes) -> bytes:
    """GIF's data sub-blocks (at most 255 bytes each) and their terminator."""
    return b"".join(bytes([len(data[i:i + 255])]) + data[i:i + 255] for i in range(0, len(data), 255)) + b"\x00"


def gif_frame(width: int, height: int, pixels: bytes, *, left: int = 0, top: int = 0, delay: int = 2,
              disposal: int = 1) -> bytes:
    """One frame: a graphic control extension (`delay` in hundredths of a second, `disposal` 1 keep,
    2 restore the background) and an image descriptor with its LZW data `pixels`."""
    control = b"\x21\xf9\x04" + struct.pack("<BHB", disposal << 2, delay, 0) + b"\x00"
    descriptor = b"\x2c" + struct.pack("<HHHHB", left, top, width, height, 0)
    return control + descriptor + bytes([MIN_CODE_SIZE]) + _sub_blocks(pixels)


def gif(width: int, height: int, frames) -> bytes:
    """A GIF89a with a `width`×`height` logical screen, the two-colour table and the encoded `frames`."""
    screen = struct.pack("<HHBBB", width, height, 0x80, 0, 0)  # global table of 2 entries, background 0
    return b"GIF89a" + screen + PALETTE + b"".join(frames) + b"\x3b"


def huge_gif(width: int = 6300, height: int = 6300, frames: int = 200) -> bytes:
    """The issue's 4.6 KB GIF: a 6300×6300 screen (39.7 megapixels, just under the tracker's 40)
    and `frames` frames that each declare the whole screen with a tiny LZW stream."""
    frame = gif_frame(width, height, tiny_lzw())
    return gif(width, height, [frame] * frames)


def many_frames_gif(count: int = 100_000, size: int = 8) -> bytes:
    """`count` tiny frames: a white `size`×`size` first frame, then a black pixel stepping along the
    middle row (each restored to white before the next). About 23 bytes a frame (2.3 MB for 100 000)."""
    first = gif_frame(size, size, lzw(bytes(size * size)))
    dots = [gif_frame(1, 1, lzw(b"\x01"), left=x, top=size // 2, disposal=2) for x in range(size)]
    return gif(size, size, [first] + [dots[i % size] for i in range(count - 1)])


def size_changing_gif(first=(480, 270), later=(16000, 16000), later_frames: int = 10) -> bytes:
    """A GIF whose logical screen and first frame are `first` (all white, fully encoded) and whose
    next `later_frames` image descriptors declare `later`, far beyond the screen (tiny LZW streams).
    ffmpeg 5 clips such descriptors to the screen, so its frames stay `first`: the PNG stream and
    the Matroska clip below change size for real."""
    w, h = first
    frames = [gif_frame(w, h, lzw(bytes(w * h)))]
    frames += [gif_frame(later[0], later[1], tiny_lzw())] * later_frames
    return gif(w, h, frames)


# ------------------------------------------------------------------------------------------ PNG

def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def black_png(width: int, height: int) -> bytes:
    """A complete, valid all-black PNG of 1-bit greyscale: every row is stored (compressed), so a
    decoder makes the whole `width`×`height` image. 16000×16000 is 32 MB of rows, about 32 KB here;
    as RGB it is 768 MB."""
    row = bytes(1 + (width + 7) // 8)  # filter type 0, then the packed zero bits
    compressor = zlib.compressobj(9)
    parts = []
    batch = max(1, (1 << 20) // len(row))  # about a megabyte of rows per call
    for start in range(0, height, batch):
        parts.append(compressor.compress(row * min(batch, height - start)))
    parts.append(compressor.flush())
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", b"".join(parts)) + _chunk(b"IEND", b"")


def size_changing_png_stream(first=(480, 270), later=(16000, 16000), later_frames: int = 3) -> bytes:
    """PNG files one after another (what ffmpeg's png_pipe reads as a video, the studio's upload
    having no name): a `first` frame, then `later_frames` frames of `later`. About 32 KB a 16000×16000
    frame."""
    return black_png(*first) + black_png(*later) * later_frames


# -------------------------------------------------------------------------------------- ffmpeg

def ffmpeg_available() -> bool:
    return shutil.which("ffmpeg") is not None and shutil.which("ffprobe") is not None


def size_changing_mkv(path: pathlib.Path, first=(480, 270), later=(16000, 16000), later_frames: int = 3) -> pathlib.Path:
    """Writes a Matroska clip of PNG frames, its first `first` and the next `later_frames` `later`
    (ffmpeg copies the frames of size_changing_png_stream into the container; nothing is encoded).
    Needs ffmpeg: RuntimeError without it."""
    if not ffmpeg_available():
        raise RuntimeError("ffmpeg is not on the PATH")
    path = pathlib.Path(path)
    with tempfile.TemporaryDirectory() as scratch:
        stream = pathlib.Path(scratch) / "frames"
        stream.write_bytes(size_changing_png_stream(first, later, later_frames))
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "png_pipe", "-framerate", "30", "-i", str(stream),
                        "-c:v", "copy", "-f", "matroska", str(path)], check=True, capture_output=True, timeout=60)
    return path
