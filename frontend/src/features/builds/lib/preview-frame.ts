/** The Live preview frame's height in CSS pixels, before scaling (a laptop screen's visible page). */
export const PREVIEW_FRAME_HEIGHT_PX = 720;
