#!/usr/bin/env python3
"""`foodpin deploy` against `aws s3 sync`, on a real S3 server on this machine (moto's, signatures
checked: Tests/browser/s3_server.py), counting the requests the server answers.

On the hand-written guide of N restaurants (bench/make-handwritten.py), built once:
1. first deploy into an empty bucket: FoodPin and `aws s3 sync Output/ s3://BUCKET` alternated, each
   into a new bucket, --runs times; wall time (median), peak memory (/usr/bin/time -v), requests;
2. then, --runs times: one review edited and the site built, then `foodpin deploy` (timed alone) and
   a second `foodpin deploy` with nothing changed; requests of each; after the last, the bucket
   compared with Output/ (keys and bytes).
--no-aws leaves out `aws s3 sync` (at 100,000 restaurants each first deploy takes this server 10 minutes).

usage: bench/deploy-bench.py N [--runs 3] [--no-aws] [--foodpin .build/release/foodpin] [--aws aws] [--work DIR]
(a guide already in --work DIR/guide is used again, not generated)
"""
import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import urllib.request

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from timing import timed, timed_with_output  # noqa: E402


def count(endpoint, reset=False):
    request = urllib.request.Request(endpoint + "/_count", method="POST" if reset else "GET")
    return int(urllib.request.urlopen(request).read())


def same_bucket(s3, bucket, output):
    files = {str(p.relative_to(output)): p for p in output.rglob("*") if p.is_file() and not p.name.startswith(".")}
    keys = {item["Key"] for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket) for item in page.get("Contents", [])}
    return keys == set(files) and all(s3.get_object(Bucket=bucket, Key=k)["Body"].read() == files[k].read_bytes() for k in keys)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--foodpin", default=str(HERE.parent / ".build" / "release" / "foodpin"))
    parser.add_argument("--aws", default="aws")
    parser.add_argument("--no-aws", action="store_true")
    parser.add_argument("--work")
    args = parser.parse_args()
    work = pathlib.Path(args.work or tempfile.mkdtemp(prefix="deploy-bench-"))
    guide = work / "guide"
    # A guide already generated in --work is used again (at 100,000 restaurants generating takes minutes).
    if not (guide / "Content").exists():
        subprocess.run([sys.executable, str(HERE / "make-handwritten.py"), str(args.count), str(guide), str(work / "hugo")], check=True)
    subprocess.run([args.foodpin, "build", "--quiet", "--root", str(guide)], check=True)
    files = sum(1 for p in (guide / "Output").rglob("*") if p.is_file())
    sides = ("foodpin",) if args.no_aws else ("foodpin", "aws")
    buckets = [f"{side}-{n}" for n in range(args.runs) for side in sides] + ["edits"]
    server = subprocess.Popen([sys.executable, str(HERE.parent / "Tests" / "browser" / "s3_server.py"), *buckets],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        info = json.loads(server.stdout.readline())
        endpoint = info["endpoint"]
        env = {**{k: v for k, v in os.environ.items() if not k.startswith("AWS_")},
               "AWS_ACCESS_KEY_ID": info["key"], "AWS_SECRET_ACCESS_KEY": info["secret"], "AWS_DEFAULT_REGION": "us-east-1"}
        os.environ.update(env)
        import boto3
        s3 = boto3.client("s3", endpoint_url=endpoint)
        print(f"{args.count} restaurants, {files} files; S3 server {endpoint}")
        first = {side: [] for side in sides}
        for n in range(args.runs if not args.no_aws else 1):
            for side in sides:
                bucket = f"{side}-{n}"
                if side == "foodpin":
                    subprocess.run(["rm", "-rf", str(guide / ".foodpin-cache" / "deploys")], check=True)
                    command = [args.foodpin, "deploy", f"s3://{bucket}", "--quiet", "--root", str(guide), "--endpoint", endpoint]
                else:
                    command = [args.aws, "s3", "sync", "--quiet", str(guide / "Output"), f"s3://{bucket}", "--endpoint-url", endpoint]
                count(endpoint, reset=True)
                seconds, peak = timed(command)
                first[side].append((seconds, peak, count(endpoint)))
                print(f"  first deploy, {side:7}: {seconds:6.2f} s, {peak:6.0f} MB, {count(endpoint)} requests", flush=True)
        for side, runs in first.items():
            print(f"first deploy {side:7}: median {statistics.median(r[0] for r in runs):.2f} s, "
                  f"{statistics.median(r[1] for r in runs):.0f} MB, {runs[0][2]} requests")
        deploy = [args.foodpin, "deploy", "s3://edits", "--root", str(guide), "--endpoint", endpoint]
        if args.no_aws:
            subprocess.run([args.foodpin, "deploy", "s3://foodpin-0", "--quiet", "--root", str(guide), "--endpoint", endpoint], check=True)
            deploy[2] = "s3://foodpin-0"
        else:
            subprocess.run(deploy + ["--quiet"], check=True)
        edits, nothing = [], []
        review = guide / "Content" / "reviews" / "r0" / "0.md"
        for n in range(args.runs):
            with open(review, "a") as out:
                out.write(f"\nEdited again ({n}).\n")
            subprocess.run([args.foodpin, "build", "--quiet", "--root", str(guide)], check=True)
            count(endpoint, reset=True)
            seconds, peak, output = timed_with_output(deploy)
            edits.append((seconds, peak, count(endpoint)))
            count(endpoint, reset=True)
            again, peak_again, _ = timed_with_output(deploy)
            nothing.append((again, peak_again, count(endpoint)))
            print(f"  one review edited: {seconds:.3f} s, {edits[-1][2]} requests; nothing changed: {again:.3f} s, {nothing[-1][2]} requests",
                  flush=True)
        print("bucket equals Output/:", same_bucket(s3, deploy[2][len("s3://"):], guide / "Output"), flush=True)
        for name, runs in (("one review edited", edits), ("nothing changed", nothing)):
            print(f"{name}: median {statistics.median(r[0] for r in runs):.3f} s, {statistics.median(r[1] for r in runs):.0f} MB, "
                  f"requests {sorted(r[2] for r in runs)}")
    finally:
        server.kill()


if __name__ == "__main__":
    main()
