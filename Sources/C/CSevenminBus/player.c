/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The MPRIS player's two interfaces (https://specifications.freedesktop.org/mpris-spec/2.2/), as sd-bus
   tables. sd-bus answers Introspect, Get and GetAll from them. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "csevenmin_bus.h"
#include "clibraries.h"

/* SD_BUS_VTABLE_START points at libsystemd's own sd_bus_object_vtable_format, by which it knows a table of
   this layout: as the library is opened on first use, the pointer is filled in then (`format_reference`). */
#define START                                                                                           \
    {                                                                                                   \
        .type = _SD_BUS_VTABLE_START, .flags = 0,                                                       \
        .x = {.start = {.element_size = sizeof(sd_bus_vtable), .features = _SD_BUS_VTABLE_PARAM_NAMES}}, \
    }

struct csevenmin_player {
    pthread_mutex_t lock;
    csevenmin_player_handler handler;
    void *context;
    char *status, *title, *album;
    int64_t length_us, elapsed_us, since_us;
};

csevenmin_player *csevenmin_player_new(csevenmin_player_handler handler, void *context) {
    csevenmin_player *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    pthread_mutex_init(&p->lock, NULL); /* ignored: a default mutex's init always succeeds on Linux */
    p->handler = handler;
    p->context = context;
    p->status = strdup("Stopped");
    p->title = strdup("");
    p->album = strdup("");
    if (!p->status || !p->title || !p->album) {
        csevenmin_player_free(p);
        return NULL;
    }
    return p;
}

void csevenmin_player_free(csevenmin_player *p) {
    if (!p) return;
    free(p->status);
    free(p->title);
    free(p->album);
    pthread_mutex_destroy(&p->lock); /* ignored: freed next; nobody holds it */
    free(p);
}

int csevenmin_player_set(csevenmin_player *p, const char *status, const char *title, const char *album,
                         int64_t length_us, int64_t elapsed_us, int64_t since_us) {
    char *s = strdup(status), *t = strdup(title), *a = strdup(album);
    if (!s || !t || !a) {
        free(s);
        free(t);
        free(a);
        return -ENOMEM;
    }
    pthread_mutex_lock(&p->lock); /* ignored: a default mutex, taken and given back by one thread, cannot fail */
    free(p->status);
    free(p->title);
    free(p->album);
    p->status = s;
    p->title = t;
    p->album = a;
    p->length_us = length_us;
    p->elapsed_us = elapsed_us;
    p->since_us = since_us;
    pthread_mutex_unlock(&p->lock); /* ignored: a default mutex, taken and given back by one thread, cannot fail */
    return 0;
}

static int64_t monotonic_us(void) {
    struct timespec now;
    /* ignored: CLOCK_MONOTONIC always exists, and `now` is ours to write */
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

/* An empty reply, for every method. */
static int reply_empty(sd_bus_message *call) {
    sd_bus_message *reply = NULL;
    int r = sd_bus_message_new_method_return(call, &reply);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply); /* ignored: it gives back NULL, always */
    return r;
}

static int command(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    (void)error;
    static const struct { const char *member; int command; } commands[] = {
        {"PlayPause", CSEVENMIN_PLAY_PAUSE}, {"Play", CSEVENMIN_PLAY}, {"Pause", CSEVENMIN_PAUSE},
        {"Next", CSEVENMIN_NEXT}, {"Previous", CSEVENMIN_PREVIOUS}, {"Stop", CSEVENMIN_STOP},
    };
    csevenmin_player *p = userdata;
    const char *member = sd_bus_message_get_member(call);
    for (size_t k = 0; member && k < sizeof commands / sizeof *commands; k++) {
        if (strcmp(member, commands[k].member) == 0) p->handler(p->context, commands[k].command);
    }
    return reply_empty(call);
}

/* Raise, Quit, Seek, SetPosition and OpenUri: the player cannot, and says so in CanRaise, CanQuit and CanSeek. */
static int nothing(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    (void)userdata;
    (void)error;
    return reply_empty(call);
}

static int yes(sd_bus *bus, const char *path, const char *interface, const char *property, sd_bus_message *reply,
               void *userdata, sd_bus_error *error) {
    (void)bus, (void)path, (void)interface, (void)property, (void)userdata, (void)error;
    int value = 1;
    return sd_bus_message_append_basic(reply, 'b', &value);
}

static int no(sd_bus *bus, const char *path, const char *interface, const char *property, sd_bus_message *reply,
              void *userdata, sd_bus_error *error) {
    (void)bus, (void)path, (void)interface, (void)property, (void)userdata, (void)error;
    int value = 0;
    return sd_bus_message_append_basic(reply, 'b', &value);
}

static int one(sd_bus *bus, const char *path, const char *interface, const char *property, sd_bus_message *reply,
               void *userdata, sd_bus_error *error) {
    (void)bus, (void)path, (void)interface, (void)property, (void)userdata, (void)error;
    double value = 1.0;
    return sd_bus_message_append_basic(reply, 'd', &value);
}

static int identity(sd_bus *bus, const char *path, const char *interface, const char *property,
                    sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus, (void)path, (void)interface, (void)property, (void)userdata, (void)error;
    return sd_bus_message_append_basic(reply, 's', "sevenmin");
}

static int none(sd_bus *bus, const char *path, const char *interface, const char *property,
                sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus, (void)path, (void)interface, (void)property, (void)userdata, (void)error;
    char *empty[] = {NULL};
    return sd_bus_message_append_strv(reply, empty);
}

static int playback_status(sd_bus *bus, const char *path, const char *interface, const char *property,
                           sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus, (void)path, (void)interface, (void)property, (void)error;
    csevenmin_player *p = userdata;
    pthread_mutex_lock(&p->lock); /* ignored: a default mutex, taken and given back by one thread, cannot fail */
    int r = sd_bus_message_append_basic(reply, 's', p->status);
    pthread_mutex_unlock(&p->lock); /* ignored: a default mutex, taken and given back by one thread, cannot fail */
    return r;
}

static int64_t position_locked(csevenmin_player *p) {
    int64_t position = p->elapsed_us;
    if (strcmp(p->status, "Playing") == 0) position += monotonic_us() - p->since_us;
    if (position < 0) position = 0;
    return p->length_us > 0 && position > p->length_us ? p->length_us : position;
}

static int position(sd_bus *bus, const char *path, const char *interface, const char *property,
                    sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus, (void)path, (void)interface, (void)property, (void)error;
    csevenmin_player *p = userdata;
    pthread_mutex_lock(&p->lock); /* ignored: a default mutex, taken and given back by one thread, cannot fail */
    int64_t value = position_locked(p);
    pthread_mutex_unlock(&p->lock); /* ignored: a default mutex, taken and given back by one thread, cannot fail */
    return sd_bus_message_append_basic(reply, 'x', &value);
}

/* One entry of an a{sv}: the key, then the value in a variant of `type`. */
static int entry(sd_bus_message *m, const char *key, char type, const void *value) {
    const char contents[2] = {type, 0};
    int r = sd_bus_message_open_container(m, 'e', "sv");
    if (r >= 0) r = sd_bus_message_append_basic(m, 's', key);
    if (r >= 0) r = sd_bus_message_open_container(m, 'v', contents);
    if (r >= 0) r = sd_bus_message_append_basic(m, type, value);
    if (r >= 0) r = sd_bus_message_close_container(m);
    if (r >= 0) r = sd_bus_message_close_container(m);
    return r;
}

/* The segment as a track: its exercise as the title, the routine as the album, its length; no art. */
static int metadata(sd_bus *bus, const char *path, const char *interface, const char *property,
                    sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus, (void)path, (void)interface, (void)property, (void)error;
    csevenmin_player *p = userdata;
    pthread_mutex_lock(&p->lock); /* ignored: a default mutex, taken and given back by one thread, cannot fail */
    int r = sd_bus_message_open_container(reply, 'a', "{sv}");
    /* Not under /org/mpris, which the MPRIS spec (Track_Id) keeps for its own paths. */
    if (r >= 0) r = entry(reply, "mpris:trackid", 'o', "/org/sevenmin/Segment");
    if (r >= 0 && p->title[0]) r = entry(reply, "xesam:title", 's', p->title);
    if (r >= 0 && p->album[0]) r = entry(reply, "xesam:album", 's', p->album);
    if (r >= 0 && p->length_us > 0) r = entry(reply, "mpris:length", 'x', &p->length_us);
    if (r >= 0) r = sd_bus_message_close_container(reply);
    pthread_mutex_unlock(&p->lock); /* ignored: a default mutex, taken and given back by one thread, cannot fail */
    return r;
}

static sd_bus_vtable root[] = {
    START,
    SD_BUS_METHOD("Raise", "", "", nothing, 0),
    SD_BUS_METHOD("Quit", "", "", nothing, 0),
    SD_BUS_PROPERTY("CanQuit", "b", no, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanRaise", "b", no, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("HasTrackList", "b", no, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("Identity", "s", identity, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("SupportedUriSchemes", "as", none, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("SupportedMimeTypes", "as", none, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_VTABLE_END
};

static sd_bus_vtable player[] = {
    START,
    SD_BUS_METHOD("Next", "", "", command, 0),
    SD_BUS_METHOD("Previous", "", "", command, 0),
    SD_BUS_METHOD("Pause", "", "", command, 0),
    SD_BUS_METHOD("PlayPause", "", "", command, 0),
    SD_BUS_METHOD("Stop", "", "", command, 0),
    SD_BUS_METHOD("Play", "", "", command, 0),
    SD_BUS_METHOD("Seek", "x", "", nothing, 0),
    SD_BUS_METHOD("SetPosition", "ox", "", nothing, 0),
    SD_BUS_METHOD("OpenUri", "s", "", nothing, 0),
    SD_BUS_PROPERTY("PlaybackStatus", "s", playback_status, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("Rate", "d", one, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("Metadata", "a{sv}", metadata, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("Volume", "d", one, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    /* Not signalled: a position moves on by itself, as the spec says. */
    SD_BUS_PROPERTY("Position", "x", position, 0, 0),
    SD_BUS_PROPERTY("MinimumRate", "d", one, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("MaximumRate", "d", one, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanGoNext", "b", yes, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanGoPrevious", "b", yes, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanPlay", "b", yes, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanPause", "b", yes, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanSeek", "b", no, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanControl", "b", yes, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_VTABLE_END
};

static void format_reference(void) {
    const unsigned *format = clibraries_sd_bus_vtable_format();
    root[0].x.start.vtable_format_reference = format;
    player[0].x.start.vtable_format_reference = format;
}

int csevenmin_player_add(sd_bus *bus, csevenmin_player *p) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, format_reference); /* ignored: it fails only on a bad once control */
    int r = sd_bus_add_object_vtable(bus, NULL, "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2", root, p);
    if (r < 0) return r;
    return sd_bus_add_object_vtable(bus, NULL, "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player",
                                    player, p);
}
