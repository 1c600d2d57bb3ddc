#!/usr/bin/env python3
"""Why tests were skipped, and why they failed, for tools/run_tests.sh.

  ctest_report.py reasons JUNIT   one line per skipped test of a ctest JUnit
                                  report (ctest --output-junit): its reason
  ctest_report.py summary FILE    one line from such lines (one per skipped
                                  test or stage): how many were skipped, and why
  ctest_report.py failures JUNIT  each failed test of the report with the
                                  lines that say why (GoogleTest's failure
                                  blocks; the output's end for a test that
                                  printed none, such as a crash)

run_tests.sh prints the failures again at the very end of its output: CI
shows only the end of a long log, where ctest's own report of a failure,
printed while the other tests ran, is long gone.

A skipped GoogleTest test prints "<file>:<line>: Skipped" and then its message;
the reason is the message's first line (test/support/TestSupport.h keeps that
line the same for every test skipped for one cause).
"""
import collections
import re
import sys
import xml.etree.ElementTree as ElementTree

SKIP_MARK = re.compile(r"^.*: Skipped\s*$")


def reason_of(output):
    lines = output.splitlines()
    for i, line in enumerate(lines):
        if SKIP_MARK.match(line) and i + 1 < len(lines) and lines[i + 1].strip():
            return lines[i + 1].strip()
    return "no reason given"


def reasons(junit):
    found = []
    for case in ElementTree.parse(junit).getroot().iter("testcase"):
        if case.get("status") == "notrun" or case.find("skipped") is not None:
            output = case.findtext("system-out") or ""
            found.append(reason_of(output))
    return found


def summary(lines):
    counts = collections.Counter(line.strip() for line in lines if line.strip())
    total = sum(counts.values())
    if not total:
        return "skipped: none"
    parts = [f"{count} because {reason}" for reason, count in counts.most_common()]
    return f"skipped: {total} ({'; '.join(parts)})"


FAILURE_MARK = re.compile(r"(: Failure$|^\[  FAILED  \]|^unknown file: Failure|C\+\+ exception)")
MAX_FAILURE_LINES = 20


def why_failed(output):
    """GoogleTest's failure blocks (from a "...: Failure" line to the next
    "[" line), at most MAX_FAILURE_LINES lines; else the output's last lines."""
    lines = output.splitlines()
    kept = []
    inside = False
    for line in lines:
        if FAILURE_MARK.search(line):
            inside = True
        elif line.startswith("["):
            inside = False
        if inside:
            kept.append(line)
    if not kept:
        kept = lines[-20:]
    if len(kept) > MAX_FAILURE_LINES:
        kept = kept[:MAX_FAILURE_LINES] + [f"... ({len(kept) - MAX_FAILURE_LINES} more lines in the ctest log)"]
    return kept


def failures(junit):
    found = []
    for case in ElementTree.parse(junit).getroot().iter("testcase"):
        if case.get("status") == "fail" or case.find("failure") is not None:
            output = case.findtext("system-out") or ""
            found.append((case.get("name"), why_failed(output)))
    return found


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("reasons", "summary", "failures"):
        sys.exit(__doc__)
    if sys.argv[1] == "reasons":
        for reason in reasons(sys.argv[2]):
            print(reason)
    elif sys.argv[1] == "failures":
        for name, lines in failures(sys.argv[2]):
            print(f"failed: {name}")
            for line in lines:
                print(f"  {line}")
    else:
        with open(sys.argv[2], encoding="utf-8") as lines:
            print(summary(lines))


if __name__ == "__main__":
    main()
