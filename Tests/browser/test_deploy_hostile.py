"""Deploys against hostile targets: S3 services that misbehave (a listing that never ends, a redirect
to another host) and a folder deploy killed at twenty moments (issue 54's catalogue)."""
import http.server
import os
import signal
import subprocess
import threading
import time

from conftest import REPO, build, foodpin_binary
from test_deploy import built_sample, guide, referenced_parts, site_files  # noqa: F401 (fixtures)


class EndlessListing(http.server.BaseHTTPRequestHandler):
    """An S3 service whose listing always says there is more, under the same continuation token."""

    def do_GET(self):
        body = (b'<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>loop</Name><IsTruncated>true</IsTruncated>'
                b'<Contents><Key>a.html</Key><ETag>"0"</ETag></Contents><NextContinuationToken>again</NextContinuationToken></ListBucketResult>')
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_a_listing_that_never_ends_stops_with_an_error_naming_the_target(guide):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), EndlessListing)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
    env.update({"AWS_ACCESS_KEY_ID": "key", "AWS_SECRET_ACCESS_KEY": "secret", "HOME": str(guide)})
    try:
        result = subprocess.run([foodpin_binary(), "deploy", "s3://loop/site", "--root", str(guide), "--endpoint",
                                 f"http://127.0.0.1:{server.server_address[1]}"], capture_output=True, text=True, env=env, timeout=120)
    finally:
        server.shutdown()
    assert result.returncode == 1, result.stderr
    assert result.stderr.splitlines()[0] == \
        "s3://loop/site/: error: cannot list the bucket: the service's listing never ends (continuation token repeated)"
    assert "secret" not in result.stderr + result.stdout


def test_a_service_that_redirects_is_not_followed_and_no_signed_request_leaves_for_another_host(guide):
    elsewhere = []

    class Elsewhere(EndlessListing):
        def do_GET(self):
            elsewhere.append(self.headers.get("Authorization"))
            super().do_GET()

    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Elsewhere)

    class Redirecting(EndlessListing):
        def do_GET(self):
            self.send_response(307)
            self.send_header("Location", f"http://127.0.0.1:{other.server_address[1]}{self.path}")
            self.send_header("Content-Length", "0")
            self.end_headers()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Redirecting)
    for running in [server, other]:
        threading.Thread(target=running.serve_forever, daemon=True).start()
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
    env.update({"AWS_ACCESS_KEY_ID": "key", "AWS_SECRET_ACCESS_KEY": "secret", "HOME": str(guide)})
    try:
        result = subprocess.run([foodpin_binary(), "deploy", "s3://moved", "--root", str(guide), "--endpoint",
                                 f"http://127.0.0.1:{server.server_address[1]}"], capture_output=True, text=True, env=env, timeout=120)
    finally:
        server.shutdown()
        other.shutdown()
    assert result.returncode == 1, result.stderr
    assert result.stderr.splitlines()[0] == "s3://moved/: error: cannot list the bucket: HTTP 307"
    assert elsewhere == []


def folder_files(folder):
    return {str(p.relative_to(folder)): p for p in folder.rglob("*")
            if p.is_file() and not any(part.startswith(".") for part in p.relative_to(folder).parts)}


def test_kill_9_of_a_folder_deploy_at_twenty_moments_never_leaves_a_page_without_its_parts(guide, tmp_path):
    """Removals come pages first, then the assets only they named: a folder deploy stopped while
    removing (one file at a time) leaves no page without its stylesheet."""
    target, css = tmp_path / "www", (REPO / "Templates" / "assets" / "site.css").read_text()
    extra = guide / "Content" / "restaurants" / "kill-test-bistro.md"
    command = [foodpin_binary(), "deploy", f"file://{target}", "--root", str(guide)]
    assert subprocess.run(command, capture_output=True).returncode == 0
    (guide / "Templates" / "assets").mkdir(parents=True, exist_ok=True)
    (guide / "Templates" / "assets" / "site.css").write_text(css + "\n/* timed */\n")
    build(guide)
    started = time.monotonic()
    assert subprocess.run(command, capture_output=True).returncode == 0
    span = time.monotonic() - started
    stopped_midway = 0
    for moment in range(20):
        (guide / "Templates" / "assets" / "site.css").write_text(css + f"\n/* version {moment} */\n")
        if moment % 2:
            extra.unlink()
        else:
            extra.write_text(f"---\nname: Kill Test Bistro {moment}\ncuisines: [French]\ncity: Boston\n---\nA test.\n")
        build(guide)
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(span * (moment + 0.5) / 20)
        if process.poll() is None:
            stopped_midway += 1
        process.send_signal(signal.SIGKILL)
        process.wait()
        held = folder_files(target)
        for path, file in held.items():
            if path.endswith(".html"):
                missing = referenced_parts(file.read_text(), path) - set(held)
                assert not missing, (moment, path, missing)
        assert subprocess.run(command, capture_output=True).returncode == 0
        assert {path: file.read_bytes() for path, file in folder_files(target).items()} == \
            {path: file.read_bytes() for path, file in site_files(guide).items()}
    assert stopped_midway >= 10, f"{stopped_midway} of 20 kills landed mid-deploy (a deploy took {span:.3f} s)"


def test_an_endpoint_that_refuses_connections_is_said_so_within_seconds(guide):
    import socket
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
    env.update({"AWS_ACCESS_KEY_ID": "key", "AWS_SECRET_ACCESS_KEY": "secret", "HOME": str(guide)})
    started = time.monotonic()
    result = subprocess.run([foodpin_binary(), "deploy", "s3://closed", "--root", str(guide), "--endpoint", f"http://127.0.0.1:{port}"],
                            capture_output=True, text=True, env=env, timeout=120)
    seconds = time.monotonic() - started
    assert result.returncode == 1, result.stderr
    assert result.stderr.splitlines()[:2] == [
        "s3://closed/: error: cannot list the bucket: the connection was refused",
        "    hint: check the network and --endpoint, then deploy again: it goes on where this one stopped"]
    # Six attempts, 0.2 to 3.2 s apart (6.2 s, jittered by a quarter): 65 s when the client also retried.
    assert seconds < 25, seconds
