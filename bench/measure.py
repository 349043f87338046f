#!/usr/bin/env python3
"""Times `vitrine build` on corpora: wall time, screens per second and peak memory (max RSS).

Each corpus is built three times into a fresh output folder (cold) and three times into the
previous output (rebuild with nothing changed); the median is reported. Peak memory comes from
wait4(2)'s rusage of each run. Usage: measure.py VITRINE CORPUS_DIR…
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def run(binary, payloads, out):
    start = time.perf_counter()
    process = subprocess.Popen([binary, "build", payloads, "-o", out, "--quiet"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    stderr = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"vitrine exited {code}:\n{stderr}")
    return elapsed, usage.ru_maxrss / 1024.0


def count_payloads(payloads):
    return sum(1 for _, _, files in os.walk(payloads) for name in files if name.endswith(".json"))


def main():
    binary, corpora = sys.argv[1], sys.argv[2:]
    rows = []
    for corpus in corpora:
        payloads = os.path.join(corpus, "payloads")
        screens = count_payloads(payloads)
        size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(payloads) for f in fs) / 1e6
        scratch = tempfile.mkdtemp(prefix="vitrine-bench-")
        try:
            cold, warm = [], []
            for attempt in range(3):
                out = os.path.join(scratch, f"cold{attempt}")
                cold.append(run(binary, payloads, out))
            for _ in range(3):
                warm.append(run(binary, payloads, os.path.join(scratch, "cold0")))
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        for label, runs in (("clean build", cold), ("rebuild, no change", warm)):
            seconds = statistics.median(r[0] for r in runs)
            peak = max(r[1] for r in runs)
            rows.append((os.path.basename(corpus), screens, f"{size:.0f} MB", label, f"{seconds:.2f} s",
                         f"{screens / seconds:,.0f}", f"{peak:.0f} MB"))
    header = ("corpus", "screens", "payload bytes", "run", "median wall", "screens/s", "peak RSS")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in rows:
        print("| " + " | ".join(str(c) for c in row) + " |")
    print(f"\n{os.cpu_count()} cores; median of 3 runs each.")


if __name__ == "__main__":
    main()
