"""scripts/package-deb.sh makes a .deb that apt-get installs on this machine, and the installed
foodpin builds a guide (pictures included) with no Swift toolchain in sight."""
import os
import pathlib
import shutil
import subprocess

import pytest

from conftest import REPO

CLEAN_ENV = {"PATH": "/usr/bin:/bin", "HOME": "/root", "LANG": "C.UTF-8"}


@pytest.mark.skipif(os.geteuid() != 0, reason="apt-get install needs root")
def test_the_package_installs_with_apt_and_builds_the_sample_guide(tmp_path):
    # The release build scripts/test.sh tests; else the script brings setup.sh's up to date.
    binary = [os.environ["FOODPIN"]] if os.environ.get("FOODPIN") else []
    made = subprocess.run(["bash", str(REPO / "scripts" / "package-deb.sh"), *binary], cwd=tmp_path, capture_output=True, text=True)
    assert made.returncode == 0, made.stderr[-3000:]
    deb = tmp_path / made.stdout.strip()
    fields = subprocess.run(["dpkg-deb", "--field", str(deb), "Package", "Depends"], capture_output=True, text=True, check=True).stdout
    assert "Package: foodpin" in fields
    for package in ("libcmark-gfm", "libsqlite3-0", "libvips42"):
        assert package in fields, fields
    was_installed = subprocess.run(["dpkg", "-s", "foodpin"], capture_output=True).returncode == 0
    installed = subprocess.run(["apt-get", "install", "-y", "-qq", str(deb)], capture_output=True, text=True,
                               env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    assert installed.returncode == 0, installed.stderr
    try:
        linked = subprocess.run(["ldd", "/usr/bin/foodpin"], capture_output=True, text=True, check=True).stdout
        assert "not found" not in linked and "/opt/swift" not in linked and "swift" not in linked.lower()
        guide = tmp_path / "guide"
        run = lambda *args: subprocess.run(["foodpin", *args], cwd=tmp_path, env=CLEAN_ENV, capture_output=True, text=True)
        assert run("init", str(guide)).returncode == 0
        shutil.rmtree(guide / "Content")
        shutil.copytree(REPO / "Content", guide / "Content", ignore=shutil.ignore_patterns("guide.sqlite*"))
        built = run("build", "--root", str(guide))
        assert built.returncode == 0, built.stderr
        # The sample's pages, with the service worker, the offline page, 20 feeds and the
        # search data (five shards of cards, the attribute part, the full-text index's list of
        # shards and its four shards, 124 lists of the words typos are forgiven from).
        assert "Built 327 pages for 108 restaurants" in built.stdout
        assert len(list((guide / "Output" / "pictures").rglob("*.webp"))) > 50
    finally:
        if not was_installed:
            subprocess.run(["apt-get", "remove", "-y", "-qq", "foodpin"], capture_output=True)
