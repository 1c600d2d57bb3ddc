#!/usr/bin/env python3
"""Runs a command and passes only if its exit code and its output (stdout and
stderr together) are exactly the expected ones.

Usage: expect_output.py EXIT_CODE EXPECTED_OUTPUT_FILE COMMAND...
"""
import subprocess
import sys


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    want_code = int(sys.argv[1])
    with open(sys.argv[2], encoding='utf-8') as f:
        want = f.read()
    run = subprocess.run(sys.argv[3:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    ok = True
    if run.returncode != want_code:
        print('exit code %d, expected %d' % (run.returncode, want_code))
        ok = False
    if run.stdout != want:
        print('output differs from %s:\n--- expected\n%s--- got\n%s' % (sys.argv[2], want, run.stdout))
        ok = False
    if ok:
        print('exit code %d and output as expected:\n%s' % (run.returncode, run.stdout))
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
