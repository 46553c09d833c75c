// The image pipeline's public surface, for the uploads queue, the CLI and the IPC handlers.
export { probe } from './probe';
export type { ImageInfo, InputFormat } from './probe';
export { prepare } from './prepare';
export type { PreparedImage } from './prepare';
export { forEachPrepared, prepareBatch } from './batch';
export type { BatchOptions, BatchResult } from './batch';
export { preview, toDataUrl } from './preview';
export type { Preview } from './preview';
export { ImageError } from './image-error';
export type { ImageErrorCode, ImageFailure } from './image-error';
export type { Focus, OutputFormat, PrepareOptions } from './options';
export type { FocusPoint, Rect } from './geometry';
export type { PrepareWarning, PrepareWarningCode } from './warnings';
export { MAX_INPUT_PIXELS } from './limits';
export type { Size } from './limits';
export type { ImageSource } from './sharp-setup';
export { verifyOutput } from './verify';
export type { VerifiedOutput } from './verify';
