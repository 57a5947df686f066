/* Drives the real libadwaita (AdwSpringAnimation) on a real GTK 4 frame clock under Xvfb and prints what it
 * sets, frame by frame, as CSV: t,position. t is the frame time libadwaita read minus the start frame's, in
 * seconds; the first row is t = 0 at the start value.
 *
 *   adw-harness ZETA MASS STIFFNESS FROM TO VELOCITY EPSILON CLAMP RATE
 *
 * RATE 0 uses GDK's own frame clock (60 Hz under Xvfb, smoothed); a positive RATE replaces the frame time
 * libadwaita reads (this executable exports gdk_frame_clock_get_frame_time, which libadwaita's call
 * resolves to) by an exact schedule: the start frame's time rounded down to a whole millisecond, plus
 * round(n * 1e6 / RATE) us on frame n. Frames are still produced and painted by the real frame clock. */
#define _GNU_SOURCE
#include <adwaita.h>
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double rate;
static gint64 base_us = -1;
static gint64 start_frame = -1;
static gint64 start_time_us;
static GtkWidget *area;
static AdwAnimation *animation;
static int frames_waited;
static int done_frames = -1;

static gint64 real_frame_time(GdkFrameClock *clock) {
    static gint64 (*real)(GdkFrameClock *);
    if (!real) real = (gint64 (*)(GdkFrameClock *))dlsym(RTLD_NEXT, "gdk_frame_clock_get_frame_time");
    return real(clock);
}

/* What libadwaita (and everything else in the process) reads as the frame time. */
gint64 gdk_frame_clock_get_frame_time(GdkFrameClock *clock) {
    gint64 real = real_frame_time(clock);
    if (rate <= 0 || start_frame < 0) return real;
    gint64 n = gdk_frame_clock_get_frame_counter(clock) - start_frame;
    return base_us + (gint64)llround((double)n * 1e6 / rate);
}

static void on_value(double value, gpointer data) {
    (void)data;
    GdkFrameClock *clock = gtk_widget_get_frame_clock(area);
    gint64 now = gdk_frame_clock_get_frame_time(clock);
    printf("%.7f,%.17g\n", (double)(now - start_time_us) / 1e6, value);
}

static void on_done(AdwAnimation *a, gpointer data) {
    (void)a; (void)data;
    done_frames = 0;
}

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    double *p = data;
    if (done_frames >= 0) {
        if (++done_frames >= 3) { fflush(stdout); exit(0); }
        return G_SOURCE_CONTINUE;
    }
    if (animation) return G_SOURCE_CONTINUE;
    if (++frames_waited < 30) return G_SOURCE_CONTINUE;  /* let the frame clock settle */
    if (rate > 0) {
        start_frame = gdk_frame_clock_get_frame_counter(clock);
        base_us = real_frame_time(clock) / 1000 * 1000;
    }
    start_time_us = gdk_frame_clock_get_frame_time(clock);
    printf("t,position\n0.0000000,%.17g\n", p[3]);
    AdwAnimationTarget *target = adw_callback_animation_target_new(on_value, NULL, NULL);
    animation = adw_spring_animation_new(widget, p[3], p[4], adw_spring_params_new(p[0], p[1], p[2]), target);
    adw_spring_animation_set_initial_velocity(ADW_SPRING_ANIMATION(animation), p[5]);
    adw_spring_animation_set_epsilon(ADW_SPRING_ANIMATION(animation), p[6]);
    adw_spring_animation_set_clamp(ADW_SPRING_ANIMATION(animation), p[7] != 0);
    g_signal_connect(animation, "done", G_CALLBACK(on_done), NULL);
    adw_animation_play(animation);
    return G_SOURCE_CONTINUE;
}

int main(int argc, char **argv) {
    if (argc != 10) {
        fprintf(stderr, "usage: adw-harness ZETA MASS STIFFNESS FROM TO VELOCITY EPSILON CLAMP RATE\n");
        return 2;
    }
    static double p[8];
    for (int i = 0; i < 8; i++) p[i] = atof(argv[i + 1]);
    rate = atof(argv[9]);
    adw_init();
    GtkWidget *window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 400, 200);
    area = gtk_drawing_area_new();
    gtk_window_set_child(GTK_WINDOW(window), area);
    gtk_widget_add_tick_callback(area, tick, p, NULL);
    gtk_window_present(GTK_WINDOW(window));
    for (;;) g_main_context_iteration(NULL, TRUE);
}
