/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CSEVENMIN_BUS_H
#define CSEVENMIN_BUS_H

#include <stdint.h>
#include <systemd/sd-bus.h>

/* The MPRIS objects' interfaces, whose tables (SD_BUS_VTABLE_*) can only be written in C. The methods hand
   the command to `command`, on the thread that runs sd_bus_process; the properties read what
   csevenmin_player_set left, under a lock. */
enum csevenmin_player_command {
    CSEVENMIN_PLAY_PAUSE, CSEVENMIN_PLAY, CSEVENMIN_PAUSE, CSEVENMIN_NEXT, CSEVENMIN_PREVIOUS, CSEVENMIN_STOP
};

typedef struct csevenmin_player csevenmin_player;
typedef void (*csevenmin_player_handler)(void *context, int command);

/* NULL when out of memory. */
csevenmin_player *csevenmin_player_new(csevenmin_player_handler handler, void *context);
void csevenmin_player_free(csevenmin_player *player);

/* Adds the root and Player interfaces at /org/mpris/MediaPlayer2; -errno on failure. */
int csevenmin_player_add(sd_bus *bus, csevenmin_player *player);

/* What the properties say from now on. `status` is "Playing", "Paused" or "Stopped"; the position is
   `elapsed_us` at CLOCK_MONOTONIC's `since_us`, moving on from there while playing. -ENOMEM if the
   strings cannot be copied (the old ones are kept). */
int csevenmin_player_set(csevenmin_player *player, const char *status, const char *title, const char *album,
                         int64_t length_us, int64_t elapsed_us, int64_t since_us);

#endif
