#!/usr/bin/env python3
"""Times the texts of bad-inputs.md C06 and C07, one screen each, against a plain screen.

C06 is a 1 MB token; C07 is 5 000 × "e" + U+0301 and 1 000 family emoji (ZWJ sequences). Each
one-screen input is built 7 times (clean build, output on tmpfs when /dev/shm exists) and the
median is reported, with its excess over the plain screen: the time those texts cost, whose
bound bad-inputs.md sets at 50 ms for C07: the script exits 1 when a C07 text costs more.
Usage: hostile_text.py VITRINE
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

BOUND_MS = 50  # bad-inputs.md C07: "render < 50 ms"

TEXTS = {
    "plain": "Hello",
    "C06 1 MB token": "a" * 1_000_000,
    "C07 5000 e+U+0301": "e\u0301" * 5_000,
    "C07 1000 ZWJ families": "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466" * 1_000,
}


def scene(text):
    return json.dumps({"hasNavigationBar": False, "container": {
        "componentId": "root", "layout": {"type": "v", "alignment": "leading"},
        "views": [{"type": "text", "component": {"componentId": "t", "text": text, "lineLimit": 3}}]}})


def build(binary, payloads, out):
    shutil.rmtree(out, ignore_errors=True)
    start = time.perf_counter()
    subprocess.run([binary, "build", payloads, "-o", out, "--quiet"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main():
    binary = sys.argv[1]
    scratch = tempfile.mkdtemp(dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    try:
        medians = {}
        for name, text in TEXTS.items():
            payloads = os.path.join(scratch, "in-" + str(len(medians)))
            os.makedirs(payloads)
            with open(os.path.join(payloads, "screen.json"), "w", encoding="utf-8") as file:
                file.write(scene(text))
            medians[name] = statistics.median(build(binary, payloads, os.path.join(scratch, "out")) for _ in range(7))
        print("| text | build (median of 7) | over the plain screen |")
        print("|---|---|---|")
        for name, seconds in medians.items():
            print(f"| {name} | {seconds * 1000:.0f} ms | {(seconds - medians['plain']) * 1000:+.0f} ms |")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    over = [name for name, seconds in medians.items()
            if name.startswith("C07") and (seconds - medians["plain"]) * 1000 > BOUND_MS]
    if over:
        print(f"over the {BOUND_MS} ms bound of bad-inputs.md C07: {', '.join(over)}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
