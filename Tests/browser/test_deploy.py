"""`foodpin deploy` against a real S3 server (moto's, signatures checked) and a folder: every
object's bytes and headers read back, edits of every kind, requests counted, kill -9 mid-deploy."""
import gzip
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

import pytest

from conftest import REPO, build, foodpin_binary

HERE = pathlib.Path(__file__).resolve().parent


class S3:
    def __init__(self, info, process):
        import boto3
        self.endpoint, self.key, self.secret, self.process = info["endpoint"], info["key"], info["secret"], process
        self.home = tempfile.mkdtemp()
        self.client = boto3.client("s3", endpoint_url=self.endpoint, region_name="us-east-1",
                                   aws_access_key_id=self.key, aws_secret_access_key=self.secret)

    def env(self, **extra):
        env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
        # A home without ~/.aws: only these variables give credentials.
        env.update({"AWS_ACCESS_KEY_ID": self.key, "AWS_SECRET_ACCESS_KEY": self.secret, "HOME": self.home, **extra})
        return env

    def count(self, reset=False):
        request = urllib.request.Request(self.endpoint + "/_count", method="POST" if reset else "GET")
        return int(urllib.request.urlopen(request).read())

    def fail(self, times, status, code):
        """The next `times` requests to S3 answer `status` with `code`."""
        query = urllib.parse.urlencode({"times": times, "status": status, "code": code})
        urllib.request.urlopen(urllib.request.Request(f"{self.endpoint}/_fail?{query}", method="POST")).read()

    def keys(self, bucket, prefix=""):
        pages = self.client.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix)
        return {item["Key"][len(prefix):] for page in pages for item in page.get("Contents", [])}

    def body(self, bucket, key):
        answer = self.client.get_object(Bucket=bucket, Key=key)
        data = answer["Body"].read()
        return (gzip.decompress(data) if answer.get("ContentEncoding") == "gzip" else data), answer


@pytest.fixture(scope="module")
def s3():
    process = subprocess.Popen([sys.executable, str(HERE / "s3_server.py"), *[f"guide{n}" for n in range(10)]],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    assert line, "the S3 server did not start"
    yield S3(json.loads(line), process)
    process.kill()
    process.wait()


@pytest.fixture(scope="module")
def built_sample(tmp_path_factory):
    root = tmp_path_factory.mktemp("built") / "guide"
    shutil.copytree(REPO / "Content", root / "Content", ignore=shutil.ignore_patterns("guide.sqlite*"))
    build(root)
    return root


@pytest.fixture
def guide(built_sample, tmp_path):
    """The sample guide, built (its pictures processed once for the module). Built again where it
    was copied: the build's record, which says how each file is sent, is of the folder it built."""
    shutil.copytree(built_sample, tmp_path / "guide", symlinks=True)
    build(tmp_path / "guide")
    return tmp_path / "guide"


def remove_restaurant(guide, slug):
    (guide / "Content" / "restaurants" / f"{slug}.md").unlink()
    shutil.rmtree(guide / "Content" / "reviews" / slug, ignore_errors=True)


def deploy(s3, root, target, *arguments, env=None):
    return subprocess.run([foodpin_binary(), "deploy", target, "--root", str(root), "--endpoint", s3.endpoint, *arguments],
                          capture_output=True, text=True, env=env or s3.env())


def site_files(root):
    output = root / "Output"
    return {str(p.relative_to(output)): p for p in output.rglob("*") if p.is_file() and not p.name.startswith(".")}


def assert_bucket_equals_site(s3, bucket, root, prefix=""):
    files = site_files(root)
    assert s3.keys(bucket, prefix) == set(files)
    for path, file in files.items():
        assert s3.body(bucket, prefix + path)[0] == file.read_bytes(), path


def expected_type(path):
    suffix = path.rsplit(".", 1)[-1]
    # Feeds, as RFC 4287 and JSON Feed 1.1 name their types.
    if path.split("/")[-2:-1] == ["feeds"]:
        return {"xml": "application/atom+xml; charset=utf-8", "json": "application/feed+json; charset=utf-8"}[suffix]
    return {"html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
            "json": "application/json; charset=utf-8", "svg": "image/svg+xml; charset=utf-8", "txt": "text/plain; charset=utf-8",
            "xml": "application/xml; charset=utf-8", "webmanifest": "application/manifest+json; charset=utf-8",
            "jpg": "image/jpeg", "webp": "image/webp", "png": "image/png"}[suffix]


def test_a_first_deploy_sends_every_file_with_its_type_cache_policy_and_encoding(s3, guide):
    result = deploy(s3, guide, "s3://guide0/site", "--gzip")
    assert result.returncode == 0, result.stderr
    files = site_files(guide)
    assert s3.keys("guide0", "site/") == set(files)
    immutable = 0
    for path, file in files.items():
        body, answer = s3.body("guide0", "site/" + path)
        assert body == file.read_bytes(), path
        assert answer["ContentType"] == expected_type(path), path
        fingerprinted = re.fullmatch(r"assets/[^/]+\.[0-9a-f]{8}\.\w+|pictures/[0-9a-f]{16}/[^/]+", path) is not None
        immutable += fingerprinted
        assert answer["CacheControl"] == ("public, max-age=31536000, immutable" if fingerprinted else "public, max-age=300"), path
        assert answer.get("ContentEncoding") == ("gzip" if "charset" in expected_type(path) else None), path
    assert immutable > 100
    assert "Sent %d files" % len(files) in result.stdout


def test_edits_send_only_what_changed_and_nothing_changed_makes_no_request(s3, guide):
    assert deploy(s3, guide, "s3://guide1").returncode == 0
    review = sorted((guide / "Content" / "reviews").rglob("*.md"))[0]
    review.write_text(review.read_text() + "\nThe broth was even better the second time.\n")
    before = {path: file.read_bytes() for path, file in site_files(guide).items()}
    build(guide)
    changed = sorted(path for path, file in site_files(guide).items() if before.get(path) != file.read_bytes())
    s3.count(reset=True)
    result = deploy(s3, guide, "s3://guide1")
    assert result.returncode == 0, result.stderr
    # One request per file the edit changed (its restaurant's page, the review feeds, the term
    # shards and typo lists of its new words), and nothing else.
    assert changed and s3.count() == len(changed)
    assert f"Sent {len(changed)} files" in result.stdout
    assert_bucket_equals_site(s3, "guide1", guide)

    s3.count(reset=True)
    result = deploy(s3, guide, "s3://guide1")
    assert s3.count() == 0
    assert "Sent 0 files" in result.stdout

    remove_restaurant(guide, "harbor-noodle-bar")
    build(guide)
    assert deploy(s3, guide, "s3://guide1").returncode == 0
    assert "restaurants/harbor-noodle-bar/index.html" not in s3.keys("guide1")
    assert_bucket_equals_site(s3, "guide1", guide)


def test_a_busy_server_is_asked_again_and_a_refusal_fails_the_deploy_and_the_next_finishes(s3, guide):
    assert deploy(s3, guide, "s3://guide8").returncode == 0
    review = sorted((guide / "Content" / "reviews").rglob("*.md"))[0]
    review.write_text(review.read_text() + "\nBusy night, still worth it.\n")
    build(guide)
    s3.fail(3, 503, "SlowDown")
    s3.count(reset=True)
    result = deploy(s3, guide, "s3://guide8")
    assert result.returncode == 0, result.stderr
    sent = int(re.search(r"Sent (\d+) files?", result.stdout).group(1))
    assert sent >= 1 and s3.count() == sent + 3  # each busy answer asked once more
    assert_bucket_equals_site(s3, "guide8", guide)

    review.write_text(review.read_text() + "\nAnd again.\n")
    build(guide)
    s3.fail(1, 403, "AccessDenied")
    refused = deploy(s3, guide, "s3://guide8")
    assert refused.returncode != 0 and "AccessDenied" in refused.stderr
    assert s3.secret not in refused.stderr + refused.stdout
    # The next deploy finishes the job.
    result = deploy(s3, guide, "s3://guide8")
    assert result.returncode == 0, result.stderr
    assert_bucket_equals_site(s3, "guide8", guide)


def test_a_listing_and_removals_past_a_thousand_keys_take_pages_and_batches(s3, guide):
    for n in range(1001):
        s3.client.put_object(Bucket="guide9", Key=f"site/old/{n}.html", Body=b"old")
    s3.client.put_object(Bucket="guide9", Key="elsewhere.html", Body=b"not under the prefix")
    s3.count(reset=True)
    result = deploy(s3, guide, "s3://guide9/site")
    assert result.returncode == 0, result.stderr
    assert "removed 1001," in result.stdout
    sent = int(re.search(r"Sent (\d+) files?", result.stdout).group(1))
    assert sent == len(site_files(guide))
    assert s3.count() == sent + 2 + 2  # two pages of listing (1,000 + 1 old keys), two batches of removals
    assert_bucket_equals_site(s3, "guide9", guide, prefix="site/")
    assert "elsewhere.html" in s3.keys("guide9")


def test_a_new_machine_lists_the_bucket_once_and_sends_nothing_already_there(s3, guide, tmp_path):
    assert deploy(s3, guide, "s3://guide2", "--gzip").returncode == 0
    shutil.rmtree(guide / ".foodpin-cache" / "deploys")
    s3.count(reset=True)
    result = deploy(s3, guide, "s3://guide2", "--gzip")
    assert result.returncode == 0, result.stderr
    assert s3.count() == 1  # one listing: the sample site is under a thousand files
    assert "Sent 0 files" in result.stdout


def test_a_dry_run_changes_nothing_and_a_grace_period_keeps_old_files(s3, guide):
    assert deploy(s3, guide, "s3://guide3").returncode == 0
    page = "restaurants/harbor-noodle-bar/index.html"
    remove_restaurant(guide, "harbor-noodle-bar")
    build(guide)
    s3.count(reset=True)
    dry = deploy(s3, guide, "s3://guide3", "--dry-run", "--verbose")
    assert dry.returncode == 0 and s3.count() == 0
    assert f"remove  {page}" in dry.stderr
    assert page in s3.keys("guide3")
    kept = deploy(s3, guide, "s3://guide3", "--keep-deleted", "1h")
    assert kept.returncode == 0 and page in s3.keys("guide3")
    left = s3.keys("guide3") - set(site_files(guide))
    assert page in left and f"{len(left)} kept for --keep-deleted" in kept.stdout
    assert deploy(s3, guide, "s3://guide3", "--keep-deleted", "0").returncode == 0
    assert page not in s3.keys("guide3")
    assert_bucket_equals_site(s3, "guide3", guide)


def test_a_wrong_secret_is_refused_and_never_printed(s3, guide):
    result = deploy(s3, guide, "s3://guide4", env=s3.env(AWS_SECRET_ACCESS_KEY="not-the-secret-0123456789"))
    assert result.returncode == 1
    assert "SignatureDoesNotMatch" in result.stderr
    assert "not-the-secret" not in result.stdout + result.stderr
    assert s3.keys("guide4") == set()


def referenced_parts(html, page):
    """The assets and pictures a page refers to, as bucket keys."""
    found = set()
    for value in re.findall(r'(?:href|src|srcset|content)="([^"]+)"', html):
        for candidate in value.split(","):
            reference = candidate.strip().split(" ")[0]
            if not reference or reference.startswith(("http:", "https:", "#", "data:", "mailto:")):
                continue
            key = urllib.parse.urljoin("/" + page, reference).lstrip("/").split("?")[0]
            if key.startswith(("assets/", "pictures/")):
                found.add(key)
    return found


def assert_no_page_misses_a_part(s3, bucket):
    keys = s3.keys(bucket)
    for key in keys:
        if key.endswith(".html"):
            missing = referenced_parts(s3.body(bucket, key)[0].decode(), key) - keys
            assert not missing, (key, missing)


def kill_at_twenty_moments(guide, command, after_kill, check, env=None):
    """Deploys (`command`) of a new stylesheet (every page changes) and, every other time, a
    restaurant added or removed, each killed with SIGKILL at one of twenty moments spread over a
    deploy's time (so most land mid-deploy however fast the machine is); `after_kill` reads the
    target, then the next deploy must finish the job (`check`). How many kills landed mid-deploy,
    and a deploy's time."""
    def deploy_again():
        result = subprocess.run(command, capture_output=True, text=True, env=env)
        assert result.returncode == 0, result.stderr
        check()

    css = (REPO / "Templates" / "assets" / "site.css").read_text()
    extra = guide / "Content" / "restaurants" / "kill-test-bistro.md"
    deploy_again()
    (guide / "Templates" / "assets").mkdir(parents=True, exist_ok=True)
    (guide / "Templates" / "assets" / "site.css").write_text(css + "\n/* timed */\n")
    build(guide)
    started = time.monotonic()
    assert subprocess.run(command, capture_output=True, env=env).returncode == 0
    span = time.monotonic() - started
    stopped_midway = 0
    for moment in range(20):
        (guide / "Templates" / "assets" / "site.css").write_text(css + f"\n/* version {moment} */\n")
        if moment % 2:
            extra.unlink()
        else:
            extra.write_text(f"---\nname: Kill Test Bistro {moment}\ncuisines: [French]\ncity: Boston\n---\nA test.\n")
        build(guide)
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(span * 0.9 * (moment + 0.5) / 20)
        if process.poll() is None:
            stopped_midway += 1
        process.send_signal(signal.SIGKILL)
        process.wait()
        after_kill(moment)
        deploy_again()
    return stopped_midway, span


def test_kill_9_at_twenty_moments_never_leaves_a_page_without_its_parts(s3, guide):
    command = [foodpin_binary(), "deploy", "s3://guide5", "--root", str(guide), "--endpoint", s3.endpoint, "--jobs", "2"]

    def after_kill(moment):
        assert_no_page_misses_a_part(s3, "guide5")
    stopped_midway, span = kill_at_twenty_moments(guide, command, after_kill, lambda: assert_bucket_equals_site(s3, "guide5", guide),
                                                  env=s3.env())
    assert stopped_midway >= 15, f"{stopped_midway} of 20 kills landed mid-deploy (a deploy took {span:.2f} s)"


def test_a_folder_target_holds_the_site_after_edits(guide, tmp_path):
    target = tmp_path / "www"
    run = lambda: subprocess.run([foodpin_binary(), "deploy", f"file://{target}", "--root", str(guide)], capture_output=True, text=True)
    assert run().returncode == 0
    remove_restaurant(guide, "harbor-noodle-bar")
    build(guide)
    result = run()
    assert result.returncode == 0, result.stderr
    assert (target / ".foodpin-deployed").is_file()
    deployed = {str(p.relative_to(target)): p.read_bytes() for p in target.rglob("*") if p.is_file() and not p.name.startswith(".")}
    assert deployed == {path: file.read_bytes() for path, file in site_files(guide).items()}
    assert not (target / "restaurants" / "harbor-noodle-bar").exists()


def test_cloudfront_is_told_to_drop_exactly_the_changed_addresses(s3, guide):
    import boto3
    cloudfront = boto3.client("cloudfront", endpoint_url=s3.endpoint, region_name="us-east-1",
                              aws_access_key_id=s3.key, aws_secret_access_key=s3.secret)
    distribution = cloudfront.create_distribution(DistributionConfig={
        "CallerReference": "guide6", "Comment": "", "Enabled": True,
        "Origins": {"Quantity": 1, "Items": [{"Id": "bucket", "DomainName": "guide6.s3.amazonaws.com",
                                               "S3OriginConfig": {"OriginAccessIdentity": ""}}]},
        "DefaultCacheBehavior": {"TargetOriginId": "bucket", "ViewerProtocolPolicy": "allow-all", "MinTTL": 0,
                                 "ForwardedValues": {"QueryString": False, "Cookies": {"Forward": "none"}},
                                 "TrustedSigners": {"Enabled": False, "Quantity": 0}},
    })["Distribution"]["Id"]
    assert deploy(s3, guide, "s3://guide6").returncode == 0
    review = sorted((guide / "Content" / "reviews").rglob("*.md"))[0]
    review.write_text(review.read_text() + "\nStill the best broth in town, and a zuppa inglese.\n")
    before = {path: file.read_bytes() for path, file in site_files(guide).items()}
    build(guide)
    rewritten = {"/" + path for path, file in site_files(guide).items() if path in before and before[path] != file.read_bytes()}
    result = deploy(s3, guide, "s3://guide6", "--cloudfront", distribution, "--cloudfront-endpoint", s3.endpoint)
    assert result.returncode == 0, result.stderr
    changed = pathlib.Path(re.search(r"for a CDN to drop: (\S+)", result.stdout).group(1))
    changed = changed if changed.is_absolute() else pathlib.Path.cwd() / changed
    expected = changed.read_text().split()
    # The restaurant's page, the review feeds that carry the review's text, the full-text index's
    # shards its new words ("zuppa", "inglese", "town" …) fall in, as the build rewrote them, and
    # the typo words beginning "in" and "to" ("zuppa" begins a new list, which no CDN holds).
    term_shard = r"^/search/terms/[0-9a-f]+\.json$"
    assert any(path.startswith("/restaurants/") for path in expected)
    shards = sorted(path for path in expected if re.match(term_shard, path))
    assert shards and shards == sorted(path for path in rewritten if re.match(term_shard, path)), expected
    typo_words = ["/search/words/696e.json", "/search/words/746f.json"]
    assert [path for path in expected if path.startswith("/search/words/")] == typo_words, expected
    assert all(path.startswith("/restaurants/") or re.match(r"^(/cities/[^/]+)?/feeds/reviews\.(xml|json)$", path)
               or re.match(term_shard, path) or path in typo_words for path in expected), expected
    # moto's CloudFront answers no reads once signatures are checked: its own state is read instead.
    state = json.loads(urllib.request.urlopen(s3.endpoint + "/moto-api/data.json").read())["cloudfront"]
    invalidations = [item for item in state["Invalidation"] if distribution in item["location"]]
    assert len(invalidations) == 1
    assert sorted(invalidations[0]["paths"]) == sorted(expected)
    assert f"CloudFront invalidation {invalidations[0]['id']} asked for them." in result.stdout

