#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Opens the phone's page in headless Chromium, as a phone on the mat would, and says what it saw as JSON.

usage: phone-page.py URL SEVENMIN RUNTIME EVENTS SHOTS PRESS_X
URL is what `sevenmin status --json` gives as "phone"; SEVENMIN and RUNTIME (its XDG_RUNTIME_DIR) let the
page's countdown be read against the terminal's at the same moment; EVENTS is the workout's events file, where
the buttons' effects are looked for; SHOTS is a folder for screenshots at a phone's and a tablet's size;
PRESS_X is a shell command that presses x in the workout, which drops every phone.
Chromium reaches the page through a proxy of this script's, which can stop forwarding, as a Wi-Fi dropout does.
"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

url, sevenmin, runtime, events, shots, press_x = sys.argv[1:7]


def until(what, check, timeout=20):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise SystemExit(f"timed out waiting for {what}")


def logged(event):
    with open(events) as f:
        return [line for line in map(json.loads, f) if line.get("event") == event]


def terminal_remaining():
    out = subprocess.run([sevenmin, "status", "--json"], capture_output=True, text=True,
                         env=dict(os.environ, XDG_RUNTIME_DIR=runtime)).stdout
    return json.loads(out)["remaining"]


def seconds(clock):
    minutes, secs = clock.split(":")
    return int(minutes) * 60 + int(secs)


class Proxy:
    """An HTTP proxy for Chromium on loopback: each request's head is sent on to the server in its own form
    (`GET /path`, not `GET http://host/path`); while `stalled` is set, nothing goes either way and nothing is
    closed: the connection is silent, as over a Wi-Fi that dropped out."""

    def __init__(self):
        self.stalled = threading.Event()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            client, _ = self.listener.accept()
            threading.Thread(target=self.serve, args=(client,), daemon=True).start()

    def serve(self, client):
        head = b""
        while b"\r\n\r\n" not in head:
            more = client.recv(65536)
            if not more:
                return client.close()
            head += more
        # Only the page's own server; whatever else Chromium asks for by itself (its CONNECTs) is refused.
        target = head.split(b" ", 2)[1]
        if not target.startswith(b"http://127.0.0.1:"):
            client.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return client.close()
        upstream = socket.create_connection(("127.0.0.1", int(target.split(b"/")[2].split(b":")[1])))
        threading.Thread(target=self.pipe, args=(upstream, client, False), daemon=True).start()
        self.pipe(client, upstream, True, head)

    def pipe(self, source, sink, requests, data=b""):
        """Copies `source` to `sink`; the client's side rewrites each request line (the page sends no bodies)."""
        try:
            while True:
                if requests:
                    lines = []
                    for line in data.split(b"\r\n"):
                        parts = line.split(b" ")
                        if len(parts) == 3 and parts[1].startswith(b"http://") and parts[2].startswith(b"HTTP/"):
                            parts[1] = b"/" + parts[1].split(b"/", 3)[3]
                        lines.append(b" ".join(parts))
                    data = b"\r\n".join(lines)
                while self.stalled.is_set():
                    time.sleep(0.02)
                if data:
                    sink.sendall(data)
                data = source.recv(65536)
                if not data:
                    break
        except OSError:
            pass
        for end in (source, sink):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


proxy = Proxy()
options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
# <-loopback> takes loopback off the list of addresses reached without the proxy.
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,844",
                 f"--proxy-server=http://127.0.0.1:{proxy.port}", "--proxy-bypass-list=<-loopback>",
                 "--autoplay-policy=no-user-gesture-required", "--user-data-dir=" + tempfile.mkdtemp()]:
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
seen = {}
try:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    driver.get(url)
    driver.find_element(By.ID, "go").click()
    # The tap starts the muted looping video that keeps a phone's screen on.
    seen["videoPlaying"] = until("the video that keeps the screen on", lambda: driver.execute_script(
        "const v = document.getElementById('keep'); return !!v.src && !v.paused && v.muted && v.loop;"))
    title = until("the exercise's name", lambda: driver.find_element(By.ID, "title").text)
    seen["title"] = title
    seen["address"] = driver.execute_script("return location.href")
    seen["cookieVisible"] = driver.execute_script("return document.cookie")
    # The page's countdown beside the terminal's, read together: the page shows whole seconds, rounded up.
    until("the countdown", lambda: driver.find_element(By.ID, "clock").text != "0:00")
    before = terminal_remaining()
    page = driver.find_element(By.ID, "clock").text
    after = terminal_remaining()
    seen["pageClock"], seen["terminalBefore"], seen["terminalAfter"] = page, before, after
    seen["pageSeconds"] = seconds(page)
    seen["pauseLabel"] = driver.find_element(By.ID, "pause").text
    driver.find_element(By.ID, "pause").click()
    until("the pause in the events file", lambda: logged("pause"))
    seen["resumeLabel"] = until("the Resume label", lambda: driver.find_element(By.ID, "pause").text != seen["pauseLabel"]
                                and driver.find_element(By.ID, "pause").text)
    segments = len(logged("segment"))
    driver.find_element(By.ID, "pause").click()
    until("the resume in the events file", lambda: logged("resume"))
    driver.find_element(By.ID, "skip").click()
    until("the skip in the events file", lambda: len(logged("segment")) > segments)
    seen["titleAfterSkip"] = until("the next segment's name", lambda: driver.find_element(By.ID, "title").text != title
                                   and driver.find_element(By.ID, "title").text)
    seen["figureLines"] = len(driver.find_elements(By.CSS_SELECTOR, "#figure line"))
    # The exercise's colour once the page's fade to it (.3 s) is over: read at once, it was still the grey.
    seen["background"] = until("the exercise's colour", lambda: (lambda c: c != "rgb(27, 27, 27)" and c)(
        driver.execute_script("return getComputedStyle(document.body).backgroundColor")), timeout=5) or ""
    driver.save_screenshot(os.path.join(shots, "phone-390x844.png"))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 820, "height": 1180, "deviceScaleFactor": 1, "mobile": True})
    driver.save_screenshot(os.path.join(shots, "tablet-820x1180.png"))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    # A dropped connection: the stream's sockets killed under the proxy (ss -K, which needs CAP_NET_ADMIN and a
    # kernel with CONFIG_INET_DIAG_DESTROY). The page reconnects by itself at once, and shows the segment a
    # skip (a POST, apart from the stream) moves on to, which it can only have heard of over the new stream.
    severe = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    port = url.split("/")[2].rsplit(":", 1)[1]
    killed = subprocess.run(["ss", "-K", "dst", "127.0.0.1", "dport", "=", ":" + port],
                            capture_output=True, text=True).stdout
    seen["dropped"] = ":" + port in killed
    title = lambda: driver.find_element(By.ID, "title").text
    driver.find_element(By.ID, "skip").click()
    seen["titleAfterReconnect"] = until("the segment after the reconnection", lambda: (
        lambda t: t != seen["titleAfterSkip"] and t)(title()))
    # A stalled connection (the proxy forwards nothing, closes nothing): said within 3 s, over a dimmed clock
    # that stops; taken back by itself within 3 s of the proxy forwarding again, with the terminal's clock.
    lost = lambda: driver.execute_script("return !document.getElementById('lost').hidden")
    clock = lambda: driver.find_element(By.ID, "clock").text
    until("a heartbeat", lambda: driver.execute_script("return performance.now() - heard < 100"), timeout=3)
    proxy.stalled.set()
    stalled = time.monotonic()
    until("Connection lost", lost, timeout=10)
    seen["lostAfter"] = time.monotonic() - stalled
    seen["lostText"] = driver.find_element(By.ID, "lost").text
    box = driver.execute_script("const r = document.getElementById('lost').getBoundingClientRect(); return "
                                "[r.width / innerWidth, parseFloat(getComputedStyle(document.getElementById('lost'))"
                                ".fontSize) / innerWidth, +getComputedStyle(document.getElementById('clock')).opacity]")
    seen["lostWidth"], seen["lostFont"], seen["clockOpacity"] = box
    shown = clock()
    driver.save_screenshot(os.path.join(shots, "lost-390x844.png"))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 844, "height": 390, "deviceScaleFactor": 2, "mobile": True})
    driver.save_screenshot(os.path.join(shots, "lost-844x390.png"))
    # Not a wait for something: the time the clock is watched standing still, longer than one of its seconds.
    time.sleep(1.2)
    seen["clockStopped"] = clock() == shown
    proxy.stalled.clear()
    resumed = time.monotonic()
    until("the page back", lambda: not lost(), timeout=10)
    seen["backAfter"] = time.monotonic() - resumed
    until("the clock going again", lambda: clock() != shown, timeout=3)
    before = terminal_remaining()
    page = clock()
    after = terminal_remaining()
    seen["resynced"] = [seconds(page), before, after]
    driver.save_screenshot(os.path.join(shots, "phone-844x390.png"))
    # Dropped with x: the page says to scan the new code, for good.
    subprocess.run(press_x, shell=True, check=True)
    seen["afterX"] = until("the page dropped", lambda: lost() and driver.find_element(By.ID, "lost").text)
    driver.save_screenshot(os.path.join(shots, "dropped-844x390.png"))
    # The errors the drop and the stall themselves make are left out: the stream's and the requests' cut.
    seen["console"] = severe + [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
                                and "Failed to load resource: net::ERR_" not in entry["message"]]
finally:
    driver.quit()
print(json.dumps(seen))
