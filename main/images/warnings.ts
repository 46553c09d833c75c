// Things the designer should know about a result that is nonetheless valid. Data, not log lines.

export type PrepareWarningCode =
  | 'enlarged' // the source was smaller than the target and was scaled up
  | 'crop-clamped' // the crop rectangle reached outside the image
  | 'crop-reshaped' // the crop rectangle was not 4:3
  | 'crop-loss' // the crop leaves out much of the image (a tall screenshot cut to 4:3)
  | 'transparency-flattened' // alpha put on the background because the output is JPEG
  | 'animation-dropped' // an animation written as a still: first frame only
  | 'first-page-only' // a multi-page TIFF: first page used
  | 'smart-crop-first-frame' // attention/entropy on an animation, decided on its first frame
  | 'reduced-colours' // an animation re-encoded with fewer colours to fit the size limit
  | 'reduced-size' // an animation brought down to 400x300 to fit the size limit
  | 'reduced-frame-rate' // an animation given fewer frames per second to fit the size limit
  | 'reduced-motion-detail' // slight changes between frames left out to fit the size limit
  | 'svg-references-removed'; // an SVG pointed at other files or addresses, which were not drawn

export interface PrepareWarning {
  code: PrepareWarningCode;
  message: string;
}

export function warning(code: PrepareWarningCode, message: string): PrepareWarning {
  return { code, message };
}
