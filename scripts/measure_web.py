#!/usr/bin/env python3
"""Measures the web pages of a running `holotable web` (or bot) process:
the time to serve a game's page, and what watchers cost.

    scripts/measure_web.py --base http://127.0.0.1:8098 --token TOKEN --pid PID

Page time: `--requests` GETs of the game's page one after another, on one
kept-alive connection, timed at the client (the figure includes this
script's own reading). Watchers: `--watchers` server-sent event streams of
the same page opened at once and held; each must receive the page's frame.
The process's resident memory (VmRSS) is read before and while they are
held, and the difference divided by the watchers is the memory per watcher.
"""

import argparse
import asyncio
import http.client
import statistics
import time
from urllib.parse import urlparse


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def page_times(base, token, requests):
    url = urlparse(base)
    connection = http.client.HTTPConnection(url.hostname, url.port)
    times = []
    for _ in range(requests):
        start = time.perf_counter()
        connection.request("GET", f"/g/{token}")
        response = connection.getresponse()
        body = response.read()
        times.append((time.perf_counter() - start) * 1000)
        assert response.status == 200 and b"<h1>" in body, response.status
    times.sort()
    return times


async def watch(host, port, token, ready):
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"GET /g/{token}/events HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    seen = b""
    while b"event: page" not in seen:
        chunk = await reader.read(65536)
        if not chunk:
            raise RuntimeError("a stream closed before its first frame")
        seen += chunk
    ready.release()
    return reader, writer


async def hold(base, token, count, pid):
    url = urlparse(base)
    before = rss_kib(pid)
    ready = asyncio.Semaphore(0)
    start = time.perf_counter()
    streams = await asyncio.gather(*(watch(url.hostname, url.port, token, ready) for _ in range(count)))
    opened = time.perf_counter() - start
    await asyncio.sleep(2)
    during = rss_kib(pid)
    for _, writer in streams:
        writer.close()
    return before, during, opened


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--watchers", type=int, default=1000)
    args = parser.parse_args()
    page_times(args.base, args.token, 20)  # warm the caches
    times = page_times(args.base, args.token, args.requests)
    p99 = times[int(len(times) * 0.99) - 1]
    print(f"page: {args.requests} requests, median {statistics.median(times):.2f} ms, p99 {p99:.2f} ms")
    before, during, opened = asyncio.run(hold(args.base, args.token, args.watchers, args.pid))
    per = (during - before) / args.watchers
    print(f"watchers: {args.watchers} held, each with the page's frame, opened in {opened:.2f} s; "
          f"resident {before / 1024:.1f} MiB before, {during / 1024:.1f} MiB while held: {per:.1f} KiB per watcher")


if __name__ == "__main__":
    main()
