#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the import fixtures as each app's own code writes its files.

Each shape below names the app version (tag and commit) and the source file it follows: the keys in
the order the app's toJson gives them, its types (an `int` is written without a decimal point), and
its encoding. Nothing here is the apps' code; only the shapes of what they write. Run it from any
folder; it rewrites the files next to itself. The ids the apps make at random (UUID v4) are made
here from a seed, so the files come out the same each time.
"""
import hashlib
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def uuid4(seed):
    """A version 4 UUID's form, from a seed."""
    d = hashlib.sha256(seed.encode()).hexdigest()
    return f"{d[0:8]}-{d[8:12]}-4{d[13:16]}-a{d[17:20]}-{d[20:32]}"


def dart_json(value):
    """dart:convert's jsonEncode: no spaces, non-ASCII text as it is, only what JSON must escape escaped."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def code_units(text):
    """`Uint8List.fromList(text.codeUnits)`: each UTF-16 code unit kept to its low byte."""
    units = text.encode("utf-16-le")
    return bytes(units[k] for k in range(0, len(units), 2))


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


# Just Another Workout Timer ---------------------------------------------------------------------
# v1.13.0 (83cdce8e066d0d5728b5c5b8b65e19560031a40c), lib/workout.g.dart: _$WorkoutToJson writes
# title, sets, version, position; _$SetToJson repetitions, id, exercises; _$ExerciseToJson name, id,
# duration (ints). lib/utils/storage_helper.dart: exportWorkout and exportAllWorkouts write
# `Backup(workouts: [...])` as `Uint8List.fromList(jsonEncode(backup.toJson()).codeUnits)`.

def jawt_workout(title, sets, position):
    return {
        "title": title,
        "sets": [{
            "repetitions": reps,
            "id": uuid4(f"{title} set {n}"),
            "exercises": [{"name": name, "id": uuid4(f"{title} {n} {k}"), "duration": duration}
                          for k, (name, duration) in enumerate(exercises)],
        } for n, (reps, exercises) in enumerate(sets)],
        "version": 2,
        "position": position,
    }


def jawt_export(workouts):
    return code_units(dart_json({"workouts": workouts}))


# Settings → Export all: two workouts, in English.
write("jawt-backup.json", jawt_export([
    jawt_workout("Morning Burner", [
        (1, [("Jumping Jacks", 45), ("Pause", 15)]),
        (3, [("Push-ups", 30), ("Rest", 10), ("Squats", 40), ("Rest", 20)]),
        (1, [("Plank", 60)]),
    ], 0),
    jawt_workout("Tabata Quick", [(8, [("Burpees", 20), ("Rest", 10)])], 1),
]))

# Export of one workout made in the German app: its rests are "Pause", and "ü" is the one byte 0xFC,
# which the app's importFile reads back as U+FFFD.
write("jawt-export-de.json", jawt_export([
    jawt_workout("Rücken & Bauch", [
        (1, [("Hampelmann", 30), ("Pause", 10)]),
        (2, [("Liegestütze", 40), ("Pause", 20), ("Unterarmstütz", 40), ("Pause", 20)]),
        (1, [("Dehnübung", 60)]),
    ], -1),
]))

# Export of one workout made in the Russian app: "Т" (U+0422) is cut to 0x22, a quote, and "Д"
# (U+0414) to 0x14, a control byte, so the app cannot read this file back either.
write("jawt-export-ru.json", jawt_export([
    jawt_workout("Табата", [(8, [("Приседания", 20), ("Отдых", 10)])], -1),
]))

# Export of one workout named in Greek, from the English app (it has no Greek words, so its rest is
# "Rest"): "Ά" (U+0386) is cut to 0x86 and "Κ" (U+039A) to 0x9A, bytes that Latin-1 would make control
# characters. v1.13.0's importFile (lib/utils/storage_helper.dart) reads a file that is not UTF-8 again
# with `utf8.decode(bytes, allowMalformed: true)`, so the app shows each piece that is not UTF-8 as U+FFFD.
write("jawt-export-el.json", jawt_export([
    jawt_workout("Πρωινή Άσκηση", [
        (3, [("Κάμψεις", 30), ("Rest", 10), ("Squats", 30), ("Rest", 15)]),
    ], -1),
]))

# Export of one workout named in Japanese: "ふっきん" keeps "ucM" and cuts "ん" (U+3093) to 0x93; the
# title has no letter left that the app can show, nor any that a file name can keep.
write("jawt-export-ja.json", jawt_export([
    jawt_workout("トレーニング", [
        (1, [("Rest", 5)]),
        (2, [("スクワット", 40), ("Rest", 20), ("ふっきん", 40), ("Rest", 20)]),
    ], -1),
]))

# v1.7.0 (6bdf4e85bccf481bd92b941a8e4d346f4b810c17), lib/workout.dart: the older Workout.toJson,
# title and sets of {repetitions, exercises: [{name, duration}]}, no ids, version or position;
# lib/storage_helper.dart writeWorkout keeps it as `file.writeAsString(workout.toRawJson())`, UTF-8.
# A workout made in the French app, whose rest is "Repos".
write("jawt-workout-v1.7.0.json", dart_json({
    "title": "Séance éclair",
    "sets": [
        {"repetitions": 1, "exercises": [{"name": "Repos", "duration": 5}, {"name": "Échauffement", "duration": 60}]},
        {"repetitions": 4, "exercises": [{"name": "Pompes", "duration": 30}, {"name": "Repos", "duration": 15},
                                          {"name": "Fentes", "duration": 30}, {"name": "Repos", "duration": 15}]},
    ],
}).encode("utf-8"))


# OpenHIIT --------------------------------------------------------------------------------------
# v1.7.0 (a3e522f9e929efa8c0215bd67d371c4c2ad06449), lib/core/models/timer_type.dart: TimerType.toJson
# writes id, name, timerIndex, totalTime, intervals, activeIntervals, activities (a list), showMinutes,
# color, timeSettings, soundSettings; timer_time_settings.dart and timer_sound_settings.dart their
# toJson (ints; sounds' names, breakSound new in this version). lib/features/import_export_timers/
# utils/file_util.dart saves `utf8.encode(jsonEncode(timers))`.

def openhiit_timer(name, index, activities, work, rest, brk, warmup, cooldown, get_ready, restarts,
                   total, break_sound=True):
    tid = uuid4(name)
    sounds = {"id": uuid4(name + " sounds"), "timerId": tid, "workSound": "short-whistle",
              "restSound": "short-rest-beep", "halfwaySound": "short-halfway-beep", "endSound": "long-bell",
              "countdownSound": "countdown-beep"}
    if break_sound:
        sounds["breakSound"] = "horn"
    return {
        "id": tid, "name": name, "timerIndex": index, "totalTime": total, "intervals": 0,
        "activeIntervals": len(activities), "activities": activities, "showMinutes": 0, "color": 4280391411,
        "timeSettings": {"id": uuid4(name + " times"), "timerId": tid, "workTime": work, "restTime": rest,
                         "breakTime": brk, "warmupTime": warmup, "cooldownTime": cooldown,
                         "getReadyTime": get_ready, "restarts": restarts},
        "soundSettings": sounds,
    }


# totalTime is the app's sum of its intervals (getTotalTime); the tests work it out again.
write("openhiit-timers.json", dart_json([
    openhiit_timer("HIIT 20/10", 0, ["Burpees", "Squats", "Push-ups", "Lunges"], 20, 10, 60, 120, 90, 10, 1, 510),
    # No break: the app rests restTime between rounds.
    openhiit_timer("Core 40/15", 1, ["Plank", "Crunches", "Leg raises"], 40, 15, 0, 0, 0, 10, 1, 325),
]).encode("utf-8"))

# v1.5.0 (6f9ee5f2607e1576e844a4e7da10a42433a17b7b), lib/data/timer_type.dart: the same TimerType.toJson;
# lib/data/timer_sound_settings.dart has no breakSound yet. lib/utils/import_export/local_file_util.dart
# saves `utf8.encode(jsonEncode(timers))`. A timer named in Spanish, with no warm-up (v1.5.0 to v1.5.6
# ran a warm-up without the rest after it; this one runs the same in every version).
write("openhiit-timer-es.json", dart_json([
    openhiit_timer("Piernas y glúteos", 0, ["Sentadillas", "Zancadas", "Puente de glúteos"], 45, 15, 30, 0, 60,
                   5, 2, 620, break_sound=False),
]).encode("utf-8"))

# v1.4.3 (3fca969a8c5dcb219c581394bfd18578424c2d3e), lib/workout_data_type/workout_type.dart: the
# 2024 Workout.toJson (from May to December 2024, v1.4.0 to v1.4.3) writes id, title, numExercises,
# exercises (a JSON string), getReadyTime, exerciseTime, restTime, halfTime, breakTime, warmupTime,
# cooldownTime, iterations, halfwayMark, workSound, restSound, halfwaySound, completeSound,
# countdownSound, colorInt, workoutIndex, showMinutes. lib/import_export/local_file_util.dart
# saves `utf8.encode(jsonEncode(workouts))`.

def openhiit_workout(title, index, exercises, get_ready, work, rest, brk, warmup, cooldown, iterations):
    return {
        "id": uuid4(title), "title": title, "numExercises": len(exercises), "exercises": dart_json(exercises),
        "getReadyTime": get_ready, "exerciseTime": work, "restTime": rest, "halfTime": 0, "breakTime": brk,
        "warmupTime": warmup, "cooldownTime": cooldown, "iterations": iterations, "halfwayMark": 0,
        "workSound": "short-whistle", "restSound": "short-rest-beep", "halfwaySound": "short-halfway-beep",
        "completeSound": "long-bell", "countdownSound": "countdown-beep", "colorInt": 4280391411,
        "workoutIndex": index, "showMinutes": 0,
    }


write("openhiit-workouts-2024.json", dart_json([
    # No break: background_hiit_timer 1.0.0-dev.6 counts the get-ready again between rounds.
    openhiit_workout("Old Timer", 0, ["Jacks", "Sit-ups", "Squats"], 5, 30, 15, 0, 0, 0, 2),
    openhiit_workout("Tabata 2024", 1, ["Burpees", "Mountain climbers"], 10, 20, 10, 60, 120, 90, 3),
]).encode("utf-8"))


# Sweat -----------------------------------------------------------------------------------------
# Sweat writes no files: a person writes its configuration. 202101030
# (a9b68b753d689213c0ca516a9e721426f9f30f2b), examples/config.yaml and lib/Sweat.pm (BUILD reads
# shuffle, entertainment, chair, jumping, refocus, rest_length, drill_length, drill_count, groups,
# and the speech, news and fortune settings; _mangle_args turns dashes into underscores).

# examples/config.yaml as shipped (its comments left out): the twelve drills, and the settings a
# copy of it has. Its no_chair and no_jumping are not keys Sweat reads.
write("sweat-example.yaml", b"""shuffle: 1
no_chair: 0
no_jumping: 0
entertainment: 1
speech_program: say
groups:
  - name: aerobic
    drills:
      - name: jumping jacks
        requires_jumping: 1
      - name: high knees
        requires_jumping: 1
      - name: step-ups
        requires_a_chair: 1
  - name: lower-body
    drills:
      - name: wall sit
      - name: squats
      - name: knee lunges
  - name: upper-body
    drills:
      - name: push-ups
      - name: tricep dips
        requires_a_chair: 1
      - name: rotational push-ups
  - name: core
    drills:
      - name: abdominal crunches
      - name: plank
      - name: side plank
        requires_side_switching: 1
fortune_program: fortune
newsapi_key: YouForgotToReplaceThisInTheConfigFile
newsapi_country: us
url_program: open
""")

# v201909080 (e4da85fb41f29f384fd2031fdaed88b5402709f0), lib/Sweat.pm: the first release reads the
# same keys, dashes too, and has the same twelve default drills; a config with no groups, its
# lengths written as the command line's options are.
write("sweat-dashed-v201909080.yaml", b"""drill-length: 45
rest-length: 15
drill-count: 8
""")

# The smallest ~/.sweat that runs: what examples/config.yaml says a file needs (its speech program) and
# no drills, so Sweat's BUILD keeps `_default_group_config`, the twelve drills. Sweat reads ~/.sweat when
# no --config is given (script/sweat, get_config).
os.makedirs(os.path.join(HERE, "home"), exist_ok=True)
write("home/.sweat", b"""entertainment: 0
speech_program: espeak
""")

# A group without a name: Sweat::Group's `name` is required, so Sweat::Group->new_from_config_data dies
# ("Sorry... I can't parse the provided drill-group config data.") and Sweat does not run.
write("sweat-unnamed-group.yaml", b"""drill_length: 20
groups:
  - name: legs
    drills:
      - name: squats
  - drills:
      - name: plank
""")

# No chair and no jumping, and no drills of its own: Sweat's default aerobic group (jumping jacks and
# high knees need jumping, step-ups a chair) has nothing left, and Sweat::Group's reset_drills dies.
write("sweat-no-chair-no-jumping.yaml", b"""chair: 0
jumping: 0
""")

# examples/config.yaml's preferences as its comments describe them: shuffle read by Sweat's BUILD; no_chair
# and no_jumping shown there but not read (only the command line's --no-chair and --no-jumping are).
write("sweat-shuffle-no-chair.yaml", b"""shuffle: 1
no_chair: 1
no_jumping: 0
drill_length: 40
""")

# Drills named in German, written as examples/config.yaml shows, with no chair to hand.
write("sweat-de.yaml", """drill_length: 40
rest_length: 20
drill_count: 6
chair: 0
groups:
  - name: Ausdauer
    drills:
      - name: Hampelmann
        requires_jumping: 1
      - name: Aufsteigen auf einen Stuhl
        requires_a_chair: 1
  - name: Beine
    drills:
      - name: Wandsitzen
      - name: Ausfallschritte
        requires_side_switching: 1
  - name: Rumpf
    drills:
      - name: Unterarmstütz
      - name: Seitstütz
        requires_side_switching: 1
""".encode("utf-8"))
