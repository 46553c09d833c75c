// How the commands that prepare many images run: bin/shotput.js starts them again, once, as the
// same process with these settings, and the volume benchmark (bench/uploads-volume.ts) runs its
// queue the same way. Measured on 1,000 files against 100 (README, Benchmarks, Volume):
//  - two malloc arenas: glibc gives each thread an arena of its own, and libvips' threads
//    fragment them over a long batch;
//  - V8 optimizing for size: by default it grows the young generation to 64 MB a semi-space over
//    a long run (128 MB of new space, most of the peak's growth) and lets the old generation run
//    far past what is live before collecting, though what lives is about 15 MB; optimizing for
//    size keeps the new space at 2 MB and the old generation near what is live, for a CPU time
//    that measured no higher (a queue's JavaScript is a small part of its work next to libvips).
//    Only for the queue's commands, where it was measured: `prepare` keeps V8's defaults, as its
//    benchmark against bare sharp was measured with (an animation's frames are compared in JavaScript).
export const LONG_COMMANDS = new Set(['upload', 'watch', 'prepare']);

export const QUEUE_COMMANDS = new Set(['upload', 'watch']);

export const LONG_RUN_ENV = { MALLOC_ARENA_MAX: '2' };

export const LONG_RUN_NODE_FLAGS = ['--optimize-for-size'];
