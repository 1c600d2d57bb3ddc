#!/usr/bin/env python3
"""Runs a command (a Windows program under wine, for ctest) and runs it once
more when the first try looks like a process that died while starting: it
exited non-zero (or on a signal) within a few seconds without writing a
single byte to stdout or stderr. Every test and tool of the project writes
something when it runs (GoogleTest's banner, the fuzz replays' summary, the
tool's usage or error), so such an exit is wine's start-up failing, which
the tests run with WINEDEBUG=-all cannot show. A retry is announced on
stderr, so the log of the run shows it; the second try's result is final.
Any other result, a real failure above all, passes through unchanged: the
exit status, stdout and stderr, streamed as they come.

The toolchain file (cmake/mingw-w64-x86_64.cmake) puts this in front of
CMAKE_CROSSCOMPILING_EMULATOR; docs/windows.md, "In the test command".

  retry_silent_start.py [--window SECONDS] COMMAND [ARGS...]
"""
import os
import signal
import subprocess
import sys
import threading
import time

# A wine process that dies at start-up does so well within this; a test that
# has run this long without output is not a start-up failure.
DEFAULT_WINDOW = 5.0


def pump(source, sink, written):
    """Copies source to sink as it comes; counts the bytes in written[0]."""
    while True:
        chunk = os.read(source.fileno(), 65536)
        if not chunk:
            break
        written[0] += len(chunk)
        sink.write(chunk)
        sink.flush()


def run_once(command):
    """Runs command, streaming its output; returns (exit status, bytes written, seconds)."""
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    written = [0]
    pumps = [threading.Thread(target=pump, args=(process.stdout, sys.stdout.buffer, written)),
             threading.Thread(target=pump, args=(process.stderr, sys.stderr.buffer, written))]
    for thread in pumps:
        thread.start()
    status = process.wait()
    for thread in pumps:
        thread.join()
    return status, written[0], time.monotonic() - start


def exit_with(status):
    """Ends this process as the command ended: its exit code, or its signal."""
    if status < 0:
        signal.signal(-status, signal.SIG_DFL)
        os.kill(os.getpid(), -status)
    sys.exit(status)


def main(argv):
    window = DEFAULT_WINDOW
    if len(argv) >= 2 and argv[0] == "--window":
        window = float(argv[1])
        argv = argv[2:]
    if not argv:
        print("usage: retry_silent_start.py [--window SECONDS] COMMAND [ARGS...]", file=sys.stderr)
        return 2
    status, written, seconds = run_once(argv)
    if status != 0 and written == 0 and seconds < window:
        print(f"retry_silent_start.py: {' '.join(argv)}: "
              f"exit status {status} after {seconds:.2f} s without any output (a start-up failure); "
              f"running it once more", file=sys.stderr, flush=True)
        status, _, _ = run_once(argv)
    exit_with(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
