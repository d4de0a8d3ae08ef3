"""A real S3 server on 127.0.0.1 for deploy tests and benchmarks: moto's, with signature checks on
(an IAM user with a key and a policy for S3 and CloudFront alone; requests signed with anything else are refused) and
a count of the S3 requests it answered (GET /_count, POST /_count resets it). POST
/_fail?times=N&status=503&code=SlowDown makes the next N requests (but moto's own API's) answer that
error, as a busy or refusing service would.

    python s3_server.py BUCKET [BUCKET...]   prints one JSON line: endpoint, key id, secret, then serves
"""
import json
import os
import sys
import threading
import urllib.parse

# Every request after the first three (the user, its key, its policy) must be signed by a known key.
os.environ.setdefault("INITIAL_NO_AUTH_ACTION_COUNT", "3")

import boto3  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app  # noqa: E402

POLICY = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": ["s3:*", "cloudfront:*"], "Resource": "*"}]}


class Counting:
    """Counts requests to S3 (not to moto's own API or the count), and fails those it was told to."""

    def __init__(self, app):
        self.app, self.count, self.lock, self.failures = app, 0, threading.Lock(), []

    def __call__(self, environ, start_response):
        if environ["PATH_INFO"] == "/_fail":
            query = urllib.parse.parse_qs(environ["QUERY_STRING"])
            with self.lock:
                self.failures = [(int(query["status"][0]), query["code"][0])] * int(query["times"][0])
            start_response("200 OK", [("Content-Length", "0")])
            return [b""]
        if not environ["PATH_INFO"].startswith("/moto-api") and environ["PATH_INFO"] != "/_count":
            with self.lock:
                failure = self.failures.pop() if self.failures else None
                if failure:
                    self.count += 1
            if failure:
                environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
                body = f'<?xml version="1.0" encoding="UTF-8"?><Error><Code>{failure[1]}</Code><Message>told to fail</Message></Error>'.encode()
                start_response(f"{failure[0]} Failed", [("Content-Type", "application/xml"), ("Content-Length", str(len(body)))])
                return [body]
        if environ["PATH_INFO"] == "/_count":
            with self.lock:
                if environ["REQUEST_METHOD"] == "POST":
                    self.count = 0
                body = str(self.count).encode()
            start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
            return [body]
        if not environ["PATH_INFO"].startswith("/moto-api"):
            with self.lock:
                self.count += 1
        return self.app(environ, start_response)


def main(buckets):
    server = make_server("127.0.0.1", 0, Counting(DomainDispatcherApplication(create_backend_app)), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    endpoint = f"http://127.0.0.1:{server.server_address[1]}"
    setup = dict(endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="setup", aws_secret_access_key="setup")
    iam = boto3.client("iam", **setup)
    iam.create_user(UserName="deployer")
    key = iam.create_access_key(UserName="deployer")["AccessKey"]
    iam.put_user_policy(UserName="deployer", PolicyName="s3", PolicyDocument=json.dumps(POLICY))
    s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1",
                      aws_access_key_id=key["AccessKeyId"], aws_secret_access_key=key["SecretAccessKey"])
    for bucket in buckets:
        s3.create_bucket(Bucket=bucket)
    urllib_reset(endpoint)
    print(json.dumps({"endpoint": endpoint, "key": key["AccessKeyId"], "secret": key["SecretAccessKey"]}), flush=True)
    threading.Event().wait()


def urllib_reset(endpoint):
    import urllib.request
    urllib.request.urlopen(urllib.request.Request(endpoint + "/_count", method="POST")).read()


if __name__ == "__main__":
    main(sys.argv[1:] or ["guide"])
