/* SPDX-License-Identifier: GPL-3.0-or-later */
/* These definitions serve the program they are built into, never a library it loads (espeak-ng
   calls libsndfile itself), so none of them is exported. */
#include <dlfcn.h> /* before the pragma: dlsym is libc's, not ours */
#pragma GCC visibility push(hidden)
#include "clibraries.h"
#include "opening.h"
#include "sonames.h"
#include <espeak-ng/speak_lib.h>
#include <flite/flite.h>
#include <sndfile.h>

cst_voice *register_cmu_us_rms(const char *voxdir);
cst_voice *register_cmu_us_slt(const char *voxdir);

static void *espeak_handle, *flite_handle, *rms_handle, *slt_handle, *sndfile_handle;
static int espeak_tried, flite_tried, rms_tried, slt_tried, sndfile_tried;

#define LIB_ESPEAK clibraries_open(SONAME_ESPEAK, 0, &espeak_handle, &espeak_tried)
#define LIB_FLITE clibraries_open(SONAME_FLITE, 0, &flite_handle, &flite_tried)
#define LIB_RMS clibraries_open(SONAME_FLITE_RMS, 0, &rms_handle, &rms_tried)
#define LIB_SLT clibraries_open(SONAME_FLITE_SLT, 0, &slt_handle, &slt_tried)
#define LIB_SNDFILE clibraries_open(SONAME_SNDFILE, 0, &sndfile_handle, &sndfile_tried)

/* ---- espeak-ng ---- */

int espeak_Initialize(espeak_AUDIO_OUTPUT output, int buflength, const char *path, int options) {
    REAL(LIB_ESPEAK, espeak_Initialize)
    return f ? f(output, buflength, path, options) : -1;
}

void espeak_SetSynthCallback(t_espeak_callback *callback) {
    REAL(LIB_ESPEAK, espeak_SetSynthCallback)
    if (f) f(callback);
}

espeak_ERROR espeak_SetVoiceByName(const char *name) {
    REAL(LIB_ESPEAK, espeak_SetVoiceByName)
    return f ? f(name) : EE_INTERNAL_ERROR;
}

espeak_ERROR espeak_SetParameter(espeak_PARAMETER parameter, int value, int relative) {
    REAL(LIB_ESPEAK, espeak_SetParameter)
    return f ? f(parameter, value, relative) : EE_INTERNAL_ERROR;
}

espeak_ERROR espeak_Synth(const void *text, size_t size, unsigned int position, espeak_POSITION_TYPE position_type,
                          unsigned int end_position, unsigned int flags, unsigned int *unique_identifier,
                          void *user_data) {
    REAL(LIB_ESPEAK, espeak_Synth)
    return f ? f(text, size, position, position_type, end_position, flags, unique_identifier, user_data)
             : EE_INTERNAL_ERROR;
}

const espeak_VOICE **espeak_ListVoices(espeak_VOICE *voice_spec) {
    REAL(LIB_ESPEAK, espeak_ListVoices)
    static const espeak_VOICE *none[1] = {NULL};
    return f ? f(voice_spec) : none;
}

/* ---- Flite: the engine, then each voice (which pulls in the English front end and lexicon) ---- */

int flite_init(void) {
    REAL(LIB_FLITE, flite_init)
    return f ? f() : -1;
}

cst_wave *flite_text_to_wave(const char *text, cst_voice *voice) {
    REAL(LIB_FLITE, flite_text_to_wave)
    return f ? f(text, voice) : NULL;
}

void flite_feat_set_float(cst_features *features, const char *name, float value) {
    REAL(LIB_FLITE, flite_feat_set_float)
    if (f) f(features, name, value);
}

void delete_wave(cst_wave *wave) {
    REAL(LIB_FLITE, delete_wave)
    if (f) f(wave);
}

cst_voice *register_cmu_us_rms(const char *voxdir) {
    REAL(LIB_RMS, register_cmu_us_rms)
    return f ? f(voxdir) : NULL;
}

cst_voice *register_cmu_us_slt(const char *voxdir) {
    REAL(LIB_SLT, register_cmu_us_slt)
    return f ? f(voxdir) : NULL;
}

/* ---- libsndfile ---- */

SNDFILE *sf_open(const char *path, int mode, SF_INFO *info) {
    REAL(LIB_SNDFILE, sf_open)
    return f ? f(path, mode, info) : NULL;
}

SNDFILE *sf_open_fd(int fd, int mode, SF_INFO *info, int close_desc) {
    REAL(LIB_SNDFILE, sf_open_fd)
    return f ? f(fd, mode, info, close_desc) : NULL;
}

SNDFILE *sf_open_virtual(SF_VIRTUAL_IO *io, int mode, SF_INFO *info, void *user_data) {
    REAL(LIB_SNDFILE, sf_open_virtual)
    return f ? f(io, mode, info, user_data) : NULL;
}

const char *sf_strerror(SNDFILE *file) {
    REAL(LIB_SNDFILE, sf_strerror)
    if (f) return f(file);
    const char *why = clibraries_missing();
    return why ? why : "libsndfile is not installed";
}

sf_count_t sf_readf_short(SNDFILE *file, short *samples, sf_count_t frames) {
    REAL(LIB_SNDFILE, sf_readf_short)
    return f ? f(file, samples, frames) : 0;
}

sf_count_t sf_writef_short(SNDFILE *file, const short *samples, sf_count_t frames) {
    REAL(LIB_SNDFILE, sf_writef_short)
    return f ? f(file, samples, frames) : 0;
}

int sf_close(SNDFILE *file) {
    REAL(LIB_SNDFILE, sf_close)
    return f ? f(file) : 0;
}
