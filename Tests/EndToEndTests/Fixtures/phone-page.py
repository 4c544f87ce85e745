#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Opens the phone's page in headless Chromium, as a phone on the mat would, and says what it saw as JSON.

usage: phone-page.py URL SEVENMIN RUNTIME EVENTS SHOTS
URL is what `sevenmin status --json` gives as "phone"; SEVENMIN and RUNTIME (its XDG_RUNTIME_DIR) let the
page's countdown be read against the terminal's at the same moment; EVENTS is the workout's events file, where
the buttons' effects are looked for; SHOTS is a folder for screenshots at a phone's and a tablet's size.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

url, sevenmin, runtime, events, shots = sys.argv[1:6]


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


options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,844",
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
    # A dropped connection: the stream's socket killed under the page (ss -K, which needs CAP_NET_ADMIN and a
    # kernel with CONFIG_INET_DIAG_DESTROY). The page says so, reconnects by itself, and shows the segment a
    # skip (a POST, apart from the stream) moves on to, which it can only have heard of over the new stream.
    severe = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    port = url.split("/")[2].rsplit(":", 1)[1]
    killed = subprocess.run(["ss", "-K", "dst", "127.0.0.1", "dport", "=", ":" + port],
                            capture_output=True, text=True).stdout
    seen["dropped"] = ":" + port in killed
    lost = lambda: driver.execute_script("return !document.getElementById('lost').hidden")
    seen["lostShown"] = until("the connection-lost line", lost, timeout=10)
    until("the page reconnected", lambda: not lost())
    driver.find_element(By.ID, "skip").click()
    seen["titleAfterReconnect"] = until("the segment after the reconnection", lambda: (
        lambda t: t != seen["titleAfterSkip"] and t)(driver.find_element(By.ID, "title").text))
    # The one error the drop itself makes is left out.
    seen["console"] = severe + [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
                                and not entry["message"].endswith("/events - Failed to load resource: "
                                                                  "net::ERR_CONNECTION_ABORTED")]
finally:
    driver.quit()
print(json.dumps(seen))
