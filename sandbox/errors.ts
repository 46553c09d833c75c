// Errors as values the routes throw and the error handler turns into JSON.

export interface FieldError {
  attribute: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const badCredentials = () => new HttpError(401, 'Bad credentials.');
export const notFound = () => new HttpError(404, 'Not found.');
export const forbidden = (message: string) => new HttpError(403, message);
export const validationFailed = (errors: FieldError[]) => new HttpError(422, 'Validation failed.', errors);

/** OAuth token-endpoint errors: JSON with error and error_description. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}
