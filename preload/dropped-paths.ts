// The disk paths of dropped files travel from the preload to main on this channel, apart from the
// contract's requests: window.shotput has no function that sends on it, so script in the page can
// only hand over paths of real File objects from a drop (webUtils.getPathForFile), never strings
// of its own. Main records them as granted (main/desktop/path-grants.ts).
export const droppedPathsChannel = 'shotput-grant:dropped';

/** As many paths as one drafts.add may carry. */
export const maxDroppedPaths = 5000;
