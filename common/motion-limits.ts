// How much of a clip crosses from the window's Worker to main in one request. Apart from the
// contract's schemas (which enforce them) so the Worker can read them without loading valibot.

/** Most bytes of a slice of the file the worker asks for at once. */
export const MOTION_READ_MAX = 16 * 1024 * 1024;

/** Most frames in one motion.frames request. */
export const MOTION_FRAMES_MAX = 8;
