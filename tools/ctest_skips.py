#!/usr/bin/env python3
"""Why tests were skipped, for tools/run_tests.sh.

  ctest_skips.py reasons JUNIT   one line per skipped test of a ctest JUnit
                                 report (ctest --output-junit): its reason
  ctest_skips.py summary FILE    one line from such lines (one per skipped test
                                 or stage): how many were skipped, and why

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


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("reasons", "summary"):
        sys.exit(__doc__)
    if sys.argv[1] == "reasons":
        for reason in reasons(sys.argv[2]):
            print(reason)
    else:
        with open(sys.argv[2], encoding="utf-8") as lines:
            print(summary(lines))


if __name__ == "__main__":
    main()
