#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Opens the phone's page in headless Chromium, as a phone on the mat would, and says what it saw as JSON.

usage: phone-page.py SCENARIO URL SEVENMIN RUNTIME EVENTS SHOTS [MORE...]
URL is what `sevenmin status --json` gives as "phone"; SEVENMIN and RUNTIME (its XDG_RUNTIME_DIR) let the
page's countdown be read against the terminal's at the same moment; EVENTS is the workout's events file, where
the buttons' effects are looked for; SHOTS is a folder for screenshots at phones' and tablets' sizes.
SCENARIO is one of:
  drive TABLE PRESS_X QUIT  the buttons, a dropped and a stalled connection, "Paused", the page's own clock and
                       pose at the times in the JSON file TABLE; PRESS_X, a shell command that presses x (drops
                       phones); the new code opened, and QUIT, a shell command that quits the workout
  through              every segment skipped through, its colours and sizes read at four viewports, then the
                       finish, which asks nothing of a workout skipped through, and the server closed
  reps                 a step counted in reps and its Done; the finish, its summary and rating buttons, 7 pressed
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

scenario, url, sevenmin, runtime, events, shots = sys.argv[1:7]
more = sys.argv[7:]
# A phone's and a tablet's screen, upright and on their side.
SIZES = [(390, 844), (844, 390), (768, 1024), (1024, 768)]


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


def resize(driver, width, height):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})


# What a phone at the current size shows: each visible text's contrast on what is rendered behind it (WCAG 2.x,
# from the computed colours, backgrounds and opacities), the figure's box against the viewport's height, the body's
# colours, and the words of the title, the counters and the buttons.
LOOK = """
const rgba = (s) => { const v = (s.match(/rgba?\\(([^)]*)\\)/) || [0, "0,0,0,0"])[1].split(",").map(Number);
                      return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1]; };
const blend = (top, below) => [0, 1, 2].map((i) => top[i] * top[3] + below[i] * (1 - top[3])).concat([1]);
const lum = (c) => { const f = (x) => { x /= 255; return x <= 0.04045 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); };
                     return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
function behind(el) {
  const layers = [];
  for (let e = el; e; e = e.parentElement) {
    const c = rgba(getComputedStyle(e).backgroundColor);
    if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
  }
  return layers.reverse().reduce((below, top) => blend(top, below), [255, 255, 255, 1]);
}
const texts = [];
for (const el of document.querySelectorAll("header, h1, p, #clock, #next, button")) {
  if (el.getClientRects().length === 0 || !el.textContent.trim() || el.closest("#start")) continue;
  let opacity = 1;
  for (let e = el; e; e = e.parentElement) opacity *= +getComputedStyle(e).opacity;
  const bg = behind(el), c = rgba(getComputedStyle(el).color), fg = blend([c[0], c[1], c[2], c[3] * opacity], bg);
  const [a, b] = [lum(fg), lum(bg)];
  texts.push([el.id || el.tagName, el.textContent.trim(), (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)]);
}
const box = document.getElementById("figure").getBoundingClientRect();
const text = (id) => document.getElementById(id).getClientRects().length ? document.getElementById(id).textContent : "";
return {texts: texts, figure: Math.min(box.width / 1.3, box.height / 1.15) * 1.15 / innerHeight,
        background: getComputedStyle(document.body).backgroundColor, color: getComputedStyle(document.body).color,
        title: text("title"), counter: text("counter"), position: text("position"),
        buttons: [...document.querySelectorAll("button")].filter((b) => b.getClientRects().length)
          .map((b) => b.textContent),
        segment: state && !over ? state.segment : null, width: innerWidth, height: innerHeight};
"""


def start(width=390, height=844):
    """Chromium at a phone's size, through the proxy, the page opened and its start tapped."""
    proxy = Proxy()
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    # <-loopback> takes loopback off the list of addresses reached without the proxy.
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={width},{height}",
                     f"--proxy-server=http://127.0.0.1:{proxy.port}", "--proxy-bypass-list=<-loopback>",
                     "--autoplay-policy=no-user-gesture-required", "--user-data-dir=" + tempfile.mkdtemp()]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    resize(driver, width, height)
    driver.get(url)
    driver.find_element(By.ID, "go").click()
    return driver, proxy


def through(driver, seen):
    """Every segment, skipped through with the page's button, looked at in each size; then the finish."""
    seen["segments"] = []
    while True:
        segment = until("a segment or the end", lambda: driver.execute_script(
            "return over ? ['end'] : state && plan && !state.ended ? [state.segment] : null"))[0]
        if segment == "end":
            break
        looks = []
        for width, height in SIZES:
            resize(driver, width, height)
            looks.append(driver.execute_script(LOOK))
            kind = driver.execute_script("return plan.segments[state.segment].kind")
            if segment in (1, 2) or (segment == 0 and width == 390):
                driver.save_screenshot(os.path.join(shots, f"{kind}-{width}x{height}.png"))
        seen["segments"].append(looks)
        driver.find_element(By.ID, "skip").click()
        until("the next segment", lambda: driver.execute_script("return over || state.segment !== arguments[0]",
                                                                  segment))
    seen["finish"] = looks_at_the_end(driver, "finish")
    seen["line"] = driver.find_element(By.ID, "endLine").text

    # The server stops listening once the end is told, the finish screen still up.
    def refused():
        try:
            socket.create_connection(("127.0.0.1", int(url.split("/")[2].rsplit(":", 1)[1])), timeout=1).close()
            return False
        except OSError:
            return True
    until("the server closed", refused, timeout=5)
    seen["closed"] = True


def looks_at_the_end(driver, name):
    """The end at each size, a screenshot of each."""
    looks = []
    for width, height in SIZES:
        resize(driver, width, height)
        looks.append(driver.execute_script(LOOK))
        driver.save_screenshot(os.path.join(shots, f"{name}-{width}x{height}.png"))
    resize(driver, 390, 844)
    return looks


def rate(driver, seen):
    """The finish's rating buttons, 7 pressed (past its first second, which the terminal does not take either)."""
    until("the rating's buttons", lambda: driver.find_element(By.ID, "rating").is_displayed(), timeout=30)
    seen["finish"] = looks_at_the_end(driver, "rating")
    seen["question"] = driver.find_element(By.ID, "question").text
    seven = driver.find_elements(By.CSS_SELECTOR, "#rating button")[6]

    def rated():
        if logged("effort"):
            return True
        if seven.is_displayed():
            seven.click()
        time.sleep(0.2)
        return False
    until("the rating in the events file", rated)
    seen["rated"] = until("the page told", lambda: driver.find_element(By.ID, "rating").get_attribute("hidden")
                          is not None and driver.find_element(By.ID, "endLine").text)


def reps(driver, seen):
    """The step counted in reps: its count in the title and Done, which ends it; then the finish, rated."""
    title = lambda: driver.find_element(By.ID, "title").text
    seen["repsTitle"] = until("the step counted in reps", lambda: "×" in title() and title(), timeout=30)
    seen["repsButtons"] = driver.execute_script(LOOK)["buttons"]
    driver.find_element(By.ID, "done").click()
    seen["afterDone"] = until("the step done", lambda: "×" not in title() and title())
    rate(driver, seen)


def drive(driver, proxy, seen, table, press_x, quit):
    """The buttons, a dropped and a stalled connection, "Paused", the page's clock and pose, x."""
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
    # "Paused", big, at every size: its type against the viewport's height, its text's contrast.
    seen["paused"] = []
    for width, height in SIZES:
        resize(driver, width, height)
        seen["paused"].append(driver.execute_script(
            "const p = document.getElementById('paused'); return [p.textContent, parseFloat(getComputedStyle(p)"
            ".fontSize) / innerHeight, p.getBoundingClientRect().width / innerWidth]")
            + [[t for t in driver.execute_script(LOOK)["texts"] if t[0] == "paused"]])
        driver.save_screenshot(os.path.join(shots, f"paused-{width}x{height}.png"))
    resize(driver, 390, 844)
    segments = len(logged("segment"))
    driver.find_element(By.ID, "pause").click()
    until("the resume in the events file", lambda: logged("resume"))
    driver.find_element(By.ID, "skip").click()
    until("the skip in the events file", lambda: len(logged("segment")) > segments)
    seen["titleAfterSkip"] = until("the next segment's name", lambda: driver.find_element(By.ID, "title").text != title
                                   and driver.find_element(By.ID, "title").text)
    seen["figureLines"] = len(driver.find_elements(By.CSS_SELECTOR, "#figure line"))
    seen["background"] = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    # The page's own countdown and pose, by the plan's rule and easing, at each time of the table.
    with open(table) as f:
        times = json.load(f)
    seen["table"] = driver.execute_script(
        "return arguments[0].map((t) => [clock(t), pose(plan.figures[0], t)])", times)
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
    resize(driver, 844, 390)
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
    # The new code opened, and the workout quit: the page says it ended, with nothing left to press.
    status = lambda: json.loads(subprocess.run([sevenmin, "status", "--json"], capture_output=True, text=True,
                                               env=dict(os.environ, XDG_RUNTIME_DIR=runtime)).stdout or "{}")
    renewed = until("the new code", lambda: status().get("phone", url) != url and status()["phone"])
    resize(driver, 390, 844)
    # Away first: the new address differs from the page's only in its fragment, which would not load it again.
    driver.get("about:blank")
    driver.get(renewed)
    driver.find_element(By.ID, "go").click()
    until("the page again", lambda: driver.find_element(By.ID, "title").text)
    subprocess.run(quit, shell=True, check=True)
    seen["ended"] = until("the end said", lambda: driver.find_element(By.ID, "endTitle").text)
    seen["endedLook"] = driver.execute_script(LOOK)
    driver.save_screenshot(os.path.join(shots, "ended-390x844.png"))
    # The errors the drop and the stall themselves make are left out: the stream's and the requests' cut.
    seen["console"] = severe + [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
                                and "Failed to load resource: net::ERR_" not in entry["message"]]


seen = {}
driver, proxy = start()
try:
    # The tap starts the muted looping video that keeps a phone's screen on.
    seen["videoPlaying"] = until("the video that keeps the screen on", lambda: driver.execute_script(
        "const v = document.getElementById('keep'); return !!v.src && !v.paused && v.muted && v.loop;"))
    if scenario == "drive":
        drive(driver, proxy, seen, *more)
    elif scenario == "through":
        through(driver, seen)
    else:
        reps(driver, seen)
finally:
    driver.quit()
print(json.dumps(seen))
