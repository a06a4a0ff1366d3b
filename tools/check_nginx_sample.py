"""Check the nginx sample of docs/server.md for real: nginx (with a self-signed certificate for
localhost) in front of ``ra-game server``, a room made and a whole game played by two headless
clients through ``wss://``.  Needs ``nginx`` and ``openssl`` on the PATH (not part of the test
suite).  Prints one JSON object; exit status 0 when the game ended through the proxy.

    python3 tools/check_nginx_sample.py
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def sample_config() -> str:
    """The first nginx block of docs/server.md, as a reader would copy it."""
    text = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    found = re.search(r"```nginx\n(.*?)```", text, re.DOTALL)
    assert found, "no nginx sample in docs/server.md"
    return found.group(1)


def local_config(sample: str, work: Path, tls_port: int, game_port: int) -> str:
    """The sample with this machine's certificate, ports and files; nothing else changed."""
    conf = sample.replace("/etc/letsencrypt/live/play.example.org/fullchain.pem",
                          str(work / "cert.pem"))
    conf = conf.replace("/etc/letsencrypt/live/play.example.org/privkey.pem",
                        str(work / "key.pem"))
    conf = conf.replace("play.example.org", "localhost")
    conf = conf.replace("listen 443 ssl;", f"listen 127.0.0.1:{tls_port} ssl;")
    conf = conf.replace("127.0.0.1:8765", f"127.0.0.1:{game_port}")
    return (f"pid {work}/nginx.pid;\nerror_log {work}/error.log;\nevents {{}}\n"
            f"http {{\naccess_log {work}/access.log;\nclient_body_temp_path {work};\n"
            f"proxy_temp_path {work};\n{conf}\n}}\n")


def main() -> int:
    for tool in ("nginx", "openssl"):
        if shutil.which(tool) is None:
            print(json.dumps({"ok": False, "reason": f"{tool} is not installed"}))
            return 2
    work = Path(tempfile.mkdtemp(prefix="ra-nginx-"))
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout",
                    str(work / "key.pem"), "-out", str(work / "cert.pem"), "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
                   check=True, capture_output=True)
    tls_port, game_port = free_port(), free_port()
    (work / "nginx.conf").write_text(local_config(sample_config(), work, tls_port, game_port))
    env = {**os.environ, "RA_GAME_HOME": str(work / "home"), "SSL_CERT_FILE":
           str(work / "cert.pem"), "PYTHONUNBUFFERED": "1"}
    ra_game = [sys.executable, "-m", "ra_game"]
    test = subprocess.run(["nginx", "-t", "-c", str(work / "nginx.conf")], check=False,
                          capture_output=True, text=True)
    result: dict[str, object] = {"nginx_t": test.returncode == 0}
    server = subprocess.Popen([*ra_game, "server", "--port", str(game_port), "--data",
                               str(work / "data"), "--ai-delay", "0"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, text=True)
    nginx = subprocess.Popen(["nginx", "-c", str(work / "nginx.conf"), "-g", "daemon off;"])
    try:
        assert server.stdout is not None
        server.stdout.readline()
        time.sleep(0.5)
        url = f"wss://localhost:{tls_port}/ra/"
        made = subprocess.run([*ra_game, "room", "--server", url, "--players",
                               "remote,ai:easy,remote"], check=False, cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=60)
        result["room"] = made.returncode == 0
        if made.returncode == 0:
            room = json.loads(made.stdout)["room"]
            clients = [subprocess.Popen([*ra_game, "client", "--server", url, "--room", room,
                                         "--agent", "random", "--name", name], cwd=ROOT,
                                        env=env, stdout=subprocess.PIPE, text=True)
                       for name in ("Ana", "Bob")]
            summaries = [json.loads(c.communicate(timeout=300)[0]) for c in clients]
            result["game_over"] = all(s.get("over") is True for s in summaries)
            result["same_result"] = summaries[0] == summaries[1]
        else:
            result["reason"] = made.stderr.strip()
    finally:
        nginx.send_signal(signal.SIGQUIT)
        nginx.wait(20)
        server.send_signal(signal.SIGTERM)
        server.wait(20)
        shutil.rmtree(work, ignore_errors=True)
    ok = all(result.get(k) is True for k in ("nginx_t", "room", "game_over", "same_result"))
    print(json.dumps({"ok": ok, **result}))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
