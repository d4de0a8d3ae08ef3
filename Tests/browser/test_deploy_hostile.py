"""Deploys against hostile targets: S3 services that misbehave (a listing that never ends, a redirect
to another host) and a folder deploy killed at twenty moments (issue 54's catalogue)."""
import http.server
import os
import subprocess
import threading
import time

from conftest import foodpin_binary
from test_deploy import built_sample, guide, kill_at_twenty_moments, referenced_parts, site_files  # noqa: F401 (fixtures)


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


def deploy_to(guide, target, port):
    """`foodpin deploy` against a local server, with made-up credentials and no ~/.aws."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
    env.update({"AWS_ACCESS_KEY_ID": "key", "AWS_SECRET_ACCESS_KEY": "secret", "HOME": str(guide)})
    return subprocess.run([foodpin_binary(), "deploy", target, "--root", str(guide), "--endpoint", f"http://127.0.0.1:{port}"],
                          capture_output=True, text=True, env=env, timeout=120)


def test_a_listing_that_never_ends_stops_with_an_error_naming_the_target(guide):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), EndlessListing)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        result = deploy_to(guide, "s3://loop/site", server.server_address[1])
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
    try:
        result = deploy_to(guide, "s3://moved", server.server_address[1])
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
    target = tmp_path / "www"
    command = [foodpin_binary(), "deploy", f"file://{target}", "--root", str(guide)]

    def after_kill(moment):
        held = folder_files(target)
        for path, file in held.items():
            if path.endswith(".html"):
                missing = referenced_parts(file.read_text(), path) - set(held)
                assert not missing, (moment, path, missing)

    def check():
        assert {path: file.read_bytes() for path, file in folder_files(target).items()} == \
            {path: file.read_bytes() for path, file in site_files(guide).items()}
    stopped_midway, span = kill_at_twenty_moments(guide, command, after_kill, check)
    assert stopped_midway >= 10, f"{stopped_midway} of 20 kills landed mid-deploy (a deploy took {span:.3f} s)"

def test_an_endpoint_that_refuses_connections_is_said_so_within_seconds(guide):
    import socket
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    started = time.monotonic()
    result = deploy_to(guide, "s3://closed", port)
    seconds = time.monotonic() - started
    assert result.returncode == 1, result.stderr
    assert result.stderr.splitlines()[:2] == [
        "s3://closed/: error: cannot list the bucket: the connection was refused",
        "    hint: check the network and --endpoint, then deploy again: it goes on where this one stopped"]
    # Six attempts, 0.2 to 3.2 s apart (6.2 s, jittered by a quarter): 65 s when the client also retried.
    assert seconds < 25, seconds
