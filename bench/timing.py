"""The one way the benchmarks time a command: wall clock, and peak memory from /usr/bin/time -v."""
import os
import re
import shutil
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


def remove_site(folder):
    """Removes a site FoodPin built into `folder`, with what it keeps beside it: the standby
    (`.NAME.foodpin-next`), a twin a stopped first build left (`.NAME.foodpin-twin`) and the lock
    file. Left there, a later build into the same folder would not be cold."""
    parent, name = os.path.split(os.path.abspath(folder))
    for kept in site_folders(name):
        shutil.rmtree(os.path.join(parent, kept), ignore_errors=True)
    if os.path.exists(os.path.join(parent, f".{name}.foodpin-lock")):
        os.remove(os.path.join(parent, f".{name}.foodpin-lock"))


def site_folders(name="Output"):
    """The site's folder and the folders a build keeps beside it: the standby and a first site's twin."""
    return [name, f".{name}.foodpin-next", f".{name}.foodpin-twin"]


def move_site_aside(guide, aside, tag):
    """Moves a guide's Output/ and what a build keeps beside it into `aside`, so that the next build
    is cold: moved, not deleted (ext4 makes files slowly for minutes after many are deleted)."""
    for kept in site_folders():
        if os.path.exists(os.path.join(guide, kept)):
            os.makedirs(aside, exist_ok=True)
            os.rename(os.path.join(guide, kept), os.path.join(aside, f"{kept}-{tag}"))
