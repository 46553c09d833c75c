// What the window says when the engine's process (drafts, images, the queue) died and main started
// it again: drafts and the queue are on disk, so the one thing to say is that nothing was lost, and
// that a request the old process never answered should be made again.

/** The window's one line after a restart. */
export const ENGINE_RESTARTED =
  'Shotput’s uploader stopped unexpectedly and has started again; your drafts and uploads are kept.';

/** The answer to a request the stopped process never answered. */
export const ENGINE_LOST_REQUEST = 'Shotput’s uploader restarted before it answered; please try again.';
