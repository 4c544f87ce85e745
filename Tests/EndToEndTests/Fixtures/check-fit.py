# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads each FIT file named on the command line with Garmin's own decoder (garmin-fit-sdk) and with
fitdecode, integrity and CRCs checked, and checks it against Garmin's activity recipe. Prints, as JSON,
what the tests compare for each file, with a list of problems: every error or warning of either
decoder, and every way the file departs from the recipe. An empty list is a file a platform takes."""
import json
import os
import sys
import warnings

import fitdecode
from garmin_fit_sdk import Decoder, Profile, Stream

def garmin(path, problems):
    """Garmin's decoder: the messages by name, and their names in the file's order."""
    # Each check reads the stream to its end: a decoder of its own for each.
    if not Decoder(Stream.from_file(path)).is_fit():
        problems.append("garmin-fit-sdk: not a FIT file")
    if not Decoder(Stream.from_file(path)).check_integrity():
        problems.append("garmin-fit-sdk: integrity check failed (header, size or CRC)")
    order = []
    names = {int(k): v["messages_key"] for k, v in Profile["messages"].items()}
    messages, errors = Decoder(Stream.from_file(path)).read(
        enable_crc_check=True, mesg_listener=lambda n, _: order.append(names.get(n, n)))
    problems.extend("garmin-fit-sdk: %s" % e for e in errors)
    return messages, order


def fitdecode_frames(path, problems):
    """fitdecode's data messages, each as (name, fields), strict about CRCs and malformed data."""
    out = []
    try:
        with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.RAISE,
                                 error_handling=fitdecode.ErrorHandling.RAISE) as fit:
            for frame in fit:
                if isinstance(frame, fitdecode.FitDataMessage):
                    out.append((frame.name, {f.name: f.value for f in frame.fields}))
    except Exception as e:  # noqa: BLE001 - any failure of the decoder is a problem of the file
        problems.append("fitdecode: %s: %s" % (type(e).__name__, e))
    return out


def ts(value):
    return value.timestamp() if value is not None else None


def check(path):
    problems = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        messages, order = garmin(path, problems)
        frames = fitdecode_frames(path, problems)
    problems.extend("warning: %s" % w.message for w in caught)
    get = lambda key: messages.get(key, [])
    laps, sessions, records = get("lap_mesgs"), get("session_mesgs"), get("record_mesgs")
    activities, events, file_ids = get("activity_mesgs"), get("event_mesgs"), get("file_id_mesgs")

    # What the recipe asks: the messages an activity must have, in its order.
    if [f.get("type") for f in file_ids] != ["activity"]:
        problems.append("file_id: %s" % file_ids)
    if order[:1] != ["file_id_mesgs"] or order[-1:] != ["activity_mesgs"]:
        problems.append("file_id first and activity last: %s" % order)
    if len(activities) != 1 or len(sessions) != 1 or not laps or not records:
        problems.append("one activity (%d), one session (%d), laps (%d), records (%d)"
                        % (len(activities), len(sessions), len(laps), len(records)))
    timer = [e for e in events if e.get("event") == "timer"]
    if not timer or timer[0].get("event_type") != "start" or timer[-1].get("event_type") != "stop_all":
        problems.append("timer events: %s" % [(e.get("event_type"), ts(e.get("timestamp"))) for e in timer])
    first_record = order.index("record_mesgs") if "record_mesgs" in order else len(order)
    if "event_mesgs" not in order[:first_record]:
        problems.append("no timer start before the first record")
    last_lap = len(order) - 1 - order[::-1].index("lap_mesgs") if "lap_mesgs" in order else -1
    if "record_mesgs" in order[last_lap:] or order[last_lap + 1:] != ["session_mesgs", "activity_mesgs"]:
        problems.append("after the last lap: %s" % order[last_lap + 1:])
    # Times only go forward, in the file's order, as fitdecode reads it.
    times = [v["timestamp"] for _, v in frames if v.get("timestamp") is not None]
    if times != sorted(times):
        problems.append("timestamps out of order")
    # A record where every lap starts and ends; laps and session agree.
    seen = {ts(r.get("timestamp")) for r in records}
    for k, lap in enumerate(laps):
        if ts(lap.get("start_time")) not in seen or ts(lap.get("timestamp")) not in seen:
            problems.append("lap %d has no record at its start or end" % k)
    if sessions and laps:
        s = sessions[0]
        if s.get("num_laps") != len(laps):
            problems.append("session num_laps %s, laps %d" % (s.get("num_laps"), len(laps)))
        if abs(sum(lap["total_timer_time"] for lap in laps) - s["total_timer_time"]) > 0.001 * len(laps):
            problems.append("laps' timer time is not the session's")
        if ts(s["start_time"]) != ts(laps[0]["start_time"]):
            problems.append("session starts apart from its first lap")
        if abs(ts(s["start_time"]) + s["total_elapsed_time"] - ts(laps[-1]["timestamp"])) >= 1:
            problems.append("session ends apart from its last lap")
        if records and not ts(s["start_time"]) <= min(seen) <= max(seen) <= ts(s["timestamp"]):
            problems.append("records outside the session")
        if activities and activities[0].get("total_timer_time") != s["total_timer_time"]:
            problems.append("activity and session timer times differ")

    # The heart rate as both decoders read it: each record's, and each lap's and the session's average and maximum.
    decoded = [v.get("heart_rate") for name, v in frames if name == "record"]
    if decoded != [r.get("heart_rate") for r in records]:
        problems.append("fitdecode and garmin-fit-sdk read the records' heart rates apart")
    lap_out = [{"start": ts(lap["start_time"]), "end": ts(lap["timestamp"]), "timer": lap["total_timer_time"],
                "elapsed": lap["total_elapsed_time"], "intensity": str(lap.get("intensity")),
                "avg_heart_rate": lap.get("avg_heart_rate"), "max_heart_rate": lap.get("max_heart_rate")}
               for lap in laps]
    session_out = [{"sport": str(s.get("sport")), "sub_sport": str(s.get("sub_sport")),
                    "elapsed": s["total_elapsed_time"], "timer": s["total_timer_time"], "laps": s["num_laps"],
                    "start": ts(s["start_time"]), "avg_heart_rate": s.get("avg_heart_rate"),
                    "max_heart_rate": s.get("max_heart_rate")} for s in sessions]
    return {"path": path, "problems": problems, "laps": lap_out, "sessions": session_out,
            "activities": len(activities), "records": len(records), "size": os.path.getsize(path),
            "heart_rates": [r.get("heart_rate") for r in records],
            "record_times": [ts(r.get("timestamp")) for r in records],
            "timer_events": [str(e.get("event_type")) for e in timer],
            "timer_times": [ts(e.get("timestamp")) for e in timer],
            "devices": [{"index": d.get("device_index"), "type": str(d.get("device_type")),
                         "source": str(d.get("source_type"))} for d in get("device_info_mesgs")],
            "file_id": str(file_ids[0].get("type")) if file_ids else None}


print(json.dumps([check(path) for path in sys.argv[1:]]))
