#!/usr/bin/env python3
"""Load on the studio: 1,000 chart requests from 50 concurrent clients on loopback.

Starts the release build of spring-studio on a free port (or uses --url), sends the requests with
keep-alive connections (one per client), varying the spring so nothing is cached, and prints the error
count and the latency median and p99. Bounded in count and time; it stops by itself.

    swift build -c release --product spring-studio && python3 scripts/bench/studio_load.py
"""
import argparse
import http.client
import pathlib
import re
import statistics
import subprocess
import threading
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[2]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", help="a running studio (default: start .build/release/spring-studio)")
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=50)
    args = parser.parse_args()
    server = None
    url = args.url
    if not url:
        server = subprocess.Popen([str(ROOT / ".build/release/spring-studio"), "--port", "0"], stdout=subprocess.PIPE, text=True)
        url = re.search(r"http://\S+", server.stdout.readline()).group(0)
    parts = urllib.parse.urlsplit(url)
    latencies, errors, lock = [], [], threading.Lock()
    per_client = args.requests // args.clients

    def client(index):
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        for i in range(per_client):
            zeta = 0.2 + ((index * per_client + i) % 97) / 60
            response_time = 0.3 + ((index * 7 + i * 3) % 50) / 40
            path = f"/api/chart.svg?damping={zeta:.4f}&response={response_time:.4f}&from=0&to=100"
            start = time.perf_counter()
            try:
                connection.request("GET", path)
                response = connection.getresponse()
                body = response.read()
                elapsed = time.perf_counter() - start
                ok = response.status == 200 and body.startswith(b"<?xml") or b"<svg" in body[:400]
                with lock:
                    latencies.append(elapsed)
                    if not ok:
                        errors.append(f"{response.status} {body[:80]!r}")
            except Exception as error:  # noqa: BLE001 - every failure counts as an error
                with lock:
                    errors.append(repr(error))
                connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        connection.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    wall = time.perf_counter() - began
    if server:
        server.terminate()
        server.wait(timeout=10)
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(round(0.99 * (len(latencies) - 1))))]
    print(f"studio load: {len(latencies)} chart requests from {args.clients} concurrent clients in {wall:.2f} s "
          f"({len(latencies) / wall:.0f} requests/s)")
    print(f"  errors: {len(errors)}")
    print(f"  latency: median {statistics.median(latencies) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms")
    for error in errors[:5]:
        print("  error:", error)
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
