#!/usr/bin/env python3
"""Checks tools/windows/retry_silent_start.py, the wrapper the Windows tests
run under (cmake/mingw-w64-x86_64.cmake): it runs a command a second time
only when the first try exited non-zero, quickly, without any output, and
says so on stderr; every other result passes through unchanged.
The commands are small shell scripts that count their runs in a file.
  check_retry_silent_start.py  (exit 0: every case as expected)
"""
import os
import subprocess
import sys
import tempfile

WRAPPER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "windows",
                       "retry_silent_start.py")


def run(script, *wrapper_options):
    """Runs `sh -c script` under the wrapper; returns (status, stdout, stderr, runs)."""
    with tempfile.TemporaryDirectory() as folder:
        counter = os.path.join(folder, "runs")
        # Each run appends a line; RUN is this run's number (1, 2).
        body = f'echo x >>"{counter}"; RUN=$(wc -l <"{counter}"); {script}'
        result = subprocess.run([sys.executable, WRAPPER, *wrapper_options, "sh", "-c", body],
                                capture_output=True, text=True, timeout=60)
        with open(counter) as f:
            runs = len(f.readlines())
    return result.returncode, result.stdout, result.stderr, runs


def main():
    failures = []

    def expect(name, got, wanted):
        if got != wanted:
            failures.append(f"{name}: got {got!r}, wanted {wanted!r}")

    # Silent, non-zero, quick: a start-up failure. Retried once; the second
    # run's result is final, and the retry is announced.
    status, out, err, runs = run('[ "$RUN" = 1 ] && exit 3; echo passed')
    expect("silent failure then success: status", status, 0)
    expect("silent failure then success: runs", runs, 2)
    expect("silent failure then success: stdout", out, "passed\n")
    expect("silent failure then success: announced", "running it once more" in err and "exit status 3" in err, True)

    status, out, err, runs = run("exit 5")
    expect("silent failure twice: status", status, 5)
    expect("silent failure twice: runs", runs, 2)

    # A real failure says something: never retried, output and status unchanged.
    status, out, err, runs = run('echo "[  FAILED  ] Suite.Test"; echo "why" >&2; exit 1')
    expect("failure with output: status", status, 1)
    expect("failure with output: runs", runs, 1)
    expect("failure with output: stdout", out, "[  FAILED  ] Suite.Test\n")
    expect("failure with output: stderr", err, "why\n")

    status, out, err, runs = run('echo "only on stderr" >&2; exit 1')
    expect("failure with stderr only: status", status, 1)
    expect("failure with stderr only: runs", runs, 1)

    # Success, even a silent one, runs once.
    status, out, err, runs = run("exit 0")
    expect("silent success: status", status, 0)
    expect("silent success: runs", runs, 1)
    expect("silent success: stderr", err, "")

    # Silent but slower than the window: a hang or a slow real failure, not a start-up failure.
    status, out, err, runs = run("sleep 1; exit 4", "--window", "0.5")
    expect("slow silent failure: status", status, 4)
    expect("slow silent failure: runs", runs, 1)

    # A signal passes through as the shell shows it (128 + signal; Python: negative).
    status, out, err, runs = run('echo started; kill -SEGV $$')
    expect("crash with output: status", status, -11)
    expect("crash with output: runs", runs, 1)
    status, out, err, runs = run('[ "$RUN" = 1 ] && kill -SEGV $$; echo passed')
    expect("silent crash then success: status", status, 0)
    expect("silent crash then success: runs", runs, 2)

    # Standard input reaches the command.
    result = subprocess.run([sys.executable, WRAPPER, "cat"], input="in\n", capture_output=True, text=True,
                            timeout=60)
    expect("stdin: stdout", result.stdout, "in\n")

    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"retry_silent_start.py: {'all cases as expected' if not failures else f'{len(failures)} case(s) wrong'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
