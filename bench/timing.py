"""The one way the benchmarks time a command: wall clock, and peak memory from /usr/bin/time -v."""
import re
import subprocess
import sys
import time


def timed_with_output(command, cwd=None):
    """Runs `command`; returns (seconds, peak MB, its output). A failure stops the benchmark."""
    started = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-v", *command], cwd=cwd, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if result.returncode != 0:
        sys.exit(f"{' '.join(map(str, command))} failed:\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1))
    return seconds, peak / 1024, result.stdout + result.stderr


def timed(command, cwd=None):
    """(seconds, peak MB) of `command`."""
    return timed_with_output(command, cwd)[:2]
