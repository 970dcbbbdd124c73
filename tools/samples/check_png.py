#!/usr/bin/env python3
"""Checks a mote-samples screenshot with the standard library alone: a PNG (signature, IHDR,
zlib-compressed IDAT) of the expected width and height, 8-bit RGB or RGBA, whose pixels are not
all one colour. Usage: check_png.py FILE WIDTH HEIGHT; exit 0 when it holds, 1 with the reason."""
import struct
import sys
import zlib


def unfilter(raw, width, height, channels):
    """The PNG's scanlines with their filters undone (filter types 0-4)."""
    stride = width * channels
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + pred) & 255
            elif kind != 0:
                raise ValueError(f"unknown filter type {kind}")
        rows.append(bytes(line))
        previous = line
    return rows


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    path, want_w, want_h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        print(f"{path}: not a PNG")
        return 1
    at, idat, header = 8, b"", None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    width, height, depth, color = header[0], header[1], header[2], header[3]
    if (width, height) != (want_w, want_h):
        print(f"{path}: {width}x{height}, expected {want_w}x{want_h}")
        return 1
    if depth != 8 or color not in (2, 6):
        print(f"{path}: bit depth {depth}, colour type {color}: expected 8-bit RGB or RGBA")
        return 1
    rows = unfilter(zlib.decompress(idat), width, height, 3 if color == 2 else 4)
    channels = 3 if color == 2 else 4
    colours = set()
    for row in rows[:: max(1, height // 64)]:
        for x in range(0, width * channels, channels * max(1, width // 256)):
            colours.add(row[x:x + 3])
    if len(colours) < 2:
        print(f"{path}: one flat colour")
        return 1
    print(f"{path}: {width}x{height}, {len(colours)} colours among the sampled pixels")
    return 0


if __name__ == "__main__":
    sys.exit(main())
