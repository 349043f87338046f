#!/usr/bin/env python3
"""Times `vitrine build` on corpora: wall time, CPU time, screens per second and peak memory.

Each corpus folder is built whole: its payloads/ and its docs/ (and corpus.json, which the build
skips with one warning).

Each corpus is built three times into a fresh output folder (clean build) and three times into
the previous output (rebuild, nothing changed); the median is reported. Output goes to a folder
on the repository's disk and, when /dev/shm exists, to memory (tmpfs): on some virtual disks
creating a file costs ~0.7 ms of kernel time, which then dominates a clean build. Peak memory is
wait4(2)'s max RSS. After the table, each clean build is set against issue #2's targets (1k
screens under 0.5 s, 10k under 3 s, peak memory under 500 MB) with the cores it kept busy.
Usage: measure.py VITRINE CORPUS_DIR…
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


# Issue #2's wall-time targets for a clean build, by number of screens.
TARGETS = {1000: 0.5, 10000: 3.0}


def run(binary, folder, out):
    with tempfile.TemporaryFile() as stderr:
        start = time.perf_counter()
        process = subprocess.Popen([binary, "build", folder, "-o", out, "--quiet"],
                                   stdout=subprocess.DEVNULL, stderr=stderr)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):
            stderr.seek(0)
            sys.exit(f"vitrine exited {code}:\n{stderr.read().decode(errors='replace')[-2000:]}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def count(folder, extension):
    files = [os.path.join(d, f) for d, _, fs in os.walk(folder) for f in fs if f.endswith(extension)]
    return len(files), sum(os.path.getsize(f) for f in files) / 1e6


def main():
    binary, corpora = sys.argv[1], sys.argv[2:]
    places = [("disk", os.path.join(os.path.dirname(os.path.abspath(__file__)), "results"))]
    if os.path.isdir("/dev/shm"):
        places.append(("tmpfs", "/dev/shm"))
    rows, verdicts = [], []
    for corpus in corpora:
        screens, megabytes = count(os.path.join(corpus, "payloads"), ".json")
        docs, _ = count(os.path.join(corpus, "docs"), ".md")
        for place, parent in places:
            os.makedirs(parent, exist_ok=True)
            scratch = tempfile.mkdtemp(prefix="vitrine-bench-", dir=parent)
            try:
                clean = [run(binary, corpus, os.path.join(scratch, f"clean{i}")) for i in range(3)]
                again = [run(binary, corpus, os.path.join(scratch, "clean0")) for _ in range(3)]
            finally:
                shutil.rmtree(scratch, ignore_errors=True)
            for label, runs in (("clean build", clean), ("rebuild, no change", again)):
                wall = statistics.median(r[0] for r in runs)
                cpu = statistics.median(r[1] for r in runs)
                peak = max(r[2] for r in runs)
                rows.append((os.path.basename(corpus), f"{screens:,}", f"{megabytes:.0f} MB", f"{docs:,}", place, label,
                             f"{wall:.2f} s", f"{cpu:.2f} s", f"{screens / wall:,.0f}", f"{peak:.0f} MB"))
                if label == "clean build" and screens in TARGETS:
                    met = lambda ok: "met" if ok else "NOT met"
                    verdicts.append(f"- {os.path.basename(corpus)}, {place}: {wall:.2f} s against {TARGETS[screens]} s ({met(wall < TARGETS[screens])}), "
                                    f"peak {peak:.0f} MB against 500 MB ({met(peak < 500)}), {cpu / wall:.1f} cores busy")
    header = ("corpus", "screens", "payloads", "docs", "output on", "run", "wall (median)", "CPU user+sys", "screens/s", "peak RSS")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print(f"\n{os.cpu_count()} cores; median of 3 runs each; release build.")
    if verdicts:
        print("\nIssue #2's targets for a clean build:\n" + "\n".join(verdicts))


if __name__ == "__main__":
    main()
