"""The studio server's guards against other web pages and slow or greedy clients, over real sockets on
loopback: Host checking (DNS rebinding), no CORS, the request deadline, the connection cap and the body
cap. The server runs with a 1 s request timeout and 3 connections so that the tests are quick."""
import pathlib
import re
import socket
import subprocess
import time

import pytest

from studio_support import ROOT, built




@pytest.fixture(scope="module")
def port():
    process = subprocess.Popen([built("spring-studio"), "--port", "0", "--request-timeout", "1", "--max-connections", "3"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    assert match, f"no URL printed: {line!r}"
    yield int(match.group(1))
    process.terminate()
    process.wait(timeout=10)


def connect(port, timeout=5.0):
    sock = socket.create_connection(("127.0.0.1", port))
    sock.settimeout(timeout)
    return sock


def exchange(port, request: bytes):
    """Sends one request on its own connection and returns (status, headers, body)."""
    with connect(port) as sock:
        sock.sendall(request)
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


def get(port, path="/api/spring.json", host="127.0.0.1", extra=""):
    host_line = f"Host: {host}\r\n" if host is not None else ""
    return exchange(port, f"GET {path} HTTP/1.1\r\n{host_line}{extra}Connection: close\r\n\r\n".encode())


def test_only_this_machines_names_are_answered(port):
    assert get(port, host=f"127.0.0.1:{port}")[0] == 200
    assert get(port, host=f"localhost:{port}")[0] == 200
    assert get(port, host=f"[::1]:{port}")[0] == 200
    # A page on a name the attacker controls, rebound to 127.0.0.1, sends its own name.
    status, headers, body = get(port, host=f"evil.example.com:{port}")
    assert status == 421
    assert b"evil.example.com" in body and headers["content-type"].startswith("application/json")
    assert get(port, host="localhost.evil.example.com")[0] == 421
    # HTTP/1.0 without Host: refused as well.
    assert exchange(port, b"GET /api/spring.json HTTP/1.0\r\n\r\n")[0] == 421


def test_no_cors_header_is_ever_sent(port):
    for path in ["/", "/api/spring.json", "/api/spring.json?damping=abc", "/nowhere"]:
        status, headers, _ = get(port, path=path, extra="Origin: https://evil.example\r\n")
        assert status in (200, 400, 404)
        assert not [name for name in headers if name.startswith("access-control-")], headers
    # A preflight gets no permission either.
    status, headers, _ = exchange(port, b"OPTIONS /api/spring.json HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://evil.example\r\n"
                                        b"Access-Control-Request-Method: GET\r\nConnection: close\r\n\r\n")
    assert status == 405 and not [name for name in headers if name.startswith("access-control-")]


def test_a_half_sent_request_is_closed_after_the_timeout(port):
    with connect(port) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # no blank line: never complete
        start = time.monotonic()
        assert sock.recv(100) == b""  # the server closed it
        assert 0.8 < time.monotonic() - start < 3
    # A whole request on a fresh connection is still served.
    assert get(port)[0] == 200


def test_open_connections_are_capped(port):
    idle = [connect(port) for _ in range(3)]
    try:
        for sock in idle:
            sock.sendall(b"GET / HTTP/1.1\r\n")
        time.sleep(0.2)
        with connect(port, timeout=0.4) as waiting:
            waiting.sendall(b"GET /api/spring.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            with pytest.raises(socket.timeout):
                waiting.recv(20)  # the fourth waits while three are open
            waiting.settimeout(5)
            start = time.monotonic()
            assert waiting.recv(20).startswith(b"HTTP/1.1 200")  # served once the idle ones time out
            assert time.monotonic() - start < 3
    finally:
        for sock in idle:
            sock.close()


def test_request_bodies_are_capped(port):
    status, _, body = exchange(port, b"POST /api/spring.json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000000\r\n"
                                     b"Connection: close\r\n\r\n")
    assert status == 413 and b"bytes" in body


@pytest.mark.parametrize("arguments, option", [(["--request-timeout", "0"], "--request-timeout"),
                                               (["--request-timeout", "nan"], "--request-timeout"),
                                               (["--max-connections", "0"], "--max-connections")])
def test_bad_limits_are_one_line_naming_the_option(arguments, option):
    result = subprocess.run([built("spring-studio"), "--port", "0"] + arguments, capture_output=True, text=True, timeout=20)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and option in lines[0], result.stderr
