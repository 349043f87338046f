#!/usr/bin/env python3
"""Checks `vitrine diff` against the ground truth of gen_corpus.py's revisions.

    bench/diff_accuracy.py VITRINE GENERATOR CORPUS [--change-rate R] [--seed S]

Revises CORPUS (`gen_corpus.py mutate`, into CORPUS-rev-S), diffs the two folders, and
compares each payload change the generator made (mutations.json) with what the report says:
the file is listed, with the status and the change the generator made (which text or colour
changed, which component was added or removed, that one moved, a file added or deleted), and
no file the generator left alone is. Prints the counts, the misses and the time the diff took; exits 1
on any miss.
"""
import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

def expected(op: str, detail: str) -> tuple[str, str | None]:
    """What one of the report's changes says of a generator's change (its message holds the
    first, its component is the second when given), by the op and the generator's detail:
    `text of t3`, `name of item 5 in section 2`, `added header to section 12`, `removed item 5 from
    section 2`, `swapped views 0 and 1 of c3`."""
    words = detail.split()
    if op == "edit-text":
        return f"{words[0]} changed", words[3] if words[2] in ("item", "section") else words[2]
    if op == "change-color":
        if detail.startswith("added header"):
            return "headerImageDTO added", words[4]
        if detail.startswith("header color"):
            return "color changed", words[4]
        return f"{words[0]} changed", words[2]
    if op in ("add-component", "remove-component"):
        return f"{words[1]} {words[2]} " + ("added" if op == "add-component" else "removed"), None
    return "moved", None  # reorder


STATUS = {"add-file": "added", "delete-file": "removed"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("vitrine")
    parser.add_argument("generator")
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--change-rate", default="0.05")
    parser.add_argument("--seed", default="1")
    args = parser.parse_args()

    revised = args.corpus.with_name(f"{args.corpus.name}-rev-{args.change_rate}-{args.seed}")
    if not (revised / "mutations.json").exists():
        subprocess.run([sys.executable, args.generator, "mutate", str(args.corpus), str(revised),
                        "--change-rate", args.change_rate, "--seed", args.seed, "--force"], check=True, stdout=subprocess.DEVNULL)
    truth = [change for change in json.loads((revised / "mutations.json").read_text())["changes"]
             if change["path"].startswith("payloads/") and change["path"].endswith(".json")]

    report = revised.with_name(revised.name + "-changes.json")
    started = time.monotonic()
    run = subprocess.run([args.vitrine, "diff", str(args.corpus), str(revised), "--json", str(report)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.monotonic() - started
    if run.returncode not in (0, 1):
        print(f"vitrine diff exited {run.returncode}", file=sys.stderr)
        return 1
    files = {entry["path"]: entry for entry in json.loads(report.read_text())["files"]}

    misses = []
    for change in truth:
        entry = files.get(change["path"])
        if entry is None:
            misses.append(f"not reported: {change['path']} ({change['op']}: {change['detail']})")
            continue
        if change["op"] in STATUS:
            if entry["status"] != STATUS[change["op"]]:
                misses.append(f"{change['path']}: {change['op']} reported as {entry['status']}")
            continue
        words, component = expected(change["op"], change["detail"])
        found = entry.get("changes", [])
        if not any(words in item.get("message", "") and component in (None, item.get("component")) for item in found):
            messages = " | ".join(f"{item.get('component')}: {item.get('message')}" for item in found)
            misses.append(f"{change['path']}: {change['op']} ({change['detail']}) reported as: {messages or entry['status']}")
    changed = {change["path"] for change in truth}
    extra = sorted(path for path in files if path not in changed)
    misses += [f"reported, not changed: {path}" for path in extra]

    ops = {}
    for change in truth:
        ops[change["op"]] = ops.get(change["op"], 0) + 1
    kinds = ", ".join(f"{op} {count}" for op, count in sorted(ops.items()))
    print(f"diff {args.corpus.name} → {revised.name}: {len(truth)} payload changes ({kinds}); "
          f"{len(truth) - sum(1 for m in misses if not m.startswith('reported, not'))} reported as made, "
          f"{len(extra)} reported that were not made; {seconds:.2f} s")
    for miss in misses:
        print("  " + miss)
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
